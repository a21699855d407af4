"""The expectation suites and their runner: what each check catches, how severities reach
Dagster, and that Great Expectations stays out of import time."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import duckdb
import pandas as pd
import pytest
from dagster import AssetCheckKey, AssetKey

from benchhub.checks.frames import (
    FRAME_QUERIES,
    collapse_floor,
    load_frame,
    previous_counts,
    suite_parameters,
    with_expected_missing_fields,
)
from benchhub.checks.runner import CheckOutcome, run_suite
from benchhub.checks.suites import SEVERITIES, Suite, load_suites
from pipelines.definitions import defs
from tests.conftest import BuiltRegistry

TABLES = {
    "benchmarks",
    "benchmark_aliases",
    "scores",
    "leaderboard",
    "score_comparison",
    "reproduced_runs",
    "reproduced_medians",
}


def suite(table: str) -> Suite:
    return next(s for s in load_suites() if s.table == table)


def outcomes(table: str, rows: list[dict[str, Any]], **parameters: Any) -> dict[str, CheckOutcome]:
    frame = pd.DataFrame(rows)
    if table == "benchmarks":
        frame = with_expected_missing_fields(frame)
    return {o.check: o for o in run_suite(suite(table), frame, parameters)}


def failed(results: dict[str, CheckOutcome]) -> set[str]:
    return {name for name, o in results.items() if not o.passed}


# -- the suites and their Dagster checks (no GX needed) ------------------------------------------


def test_one_suite_per_checked_table() -> None:
    suites = load_suites()
    assert {s.table for s in suites} == TABLES == set(FRAME_QUERIES)
    for s in suites:
        assert all(e.severity in SEVERITIES and e.description for e in s.expectations)
        assert any(e.blocking for e in s.expectations)


def test_each_expectation_is_a_dagster_check_with_its_severity() -> None:
    graph = defs.resolve_asset_graph()
    for s in load_suites():
        for e in s.expectations:
            check = graph.get(AssetCheckKey(AssetKey(s.asset), e.check))
            assert check.blocking == (e.severity == "critical"), e.check
            assert check.description and e.description in check.description


def test_gx_is_imported_by_neither_the_code_location_nor_the_cli() -> None:
    script = (
        "import sys, pipelines.definitions, ltb.cli, ltb.commands.verify, ltb.commands.diff; "
        "sys.exit('great_expectations' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_collapse_floor_is_half_the_previous_release() -> None:
    manifest = {"counts": {"benchmarks": 101, "scores_by_label": {"independent": 90, "x": 10}}}
    assert previous_counts(manifest) == {"benchmarks": 101, "scores": 100}
    assert previous_counts(None) is None
    assert (collapse_floor(101), collapse_floor(100), collapse_floor(None)) == (51, 50, 1)


# -- what the runner catches (GX on small frames) ----------------------------------------------


def score(**overrides: Any) -> dict[str, Any]:
    row = {
        "benchmark_id": "mmlu",
        "model_id": "m",
        "value": 0.5,
        "scale": "fraction",
        "label": "independent",
        "source_url": "https://example.org/scores",
        "channel": "c",
        "kind": "headline",
        "breakdown_kind": None,
        "part": None,
        "headline_metric_mismatch": None,
        "benchmark_published": True,
        "benchmark_id_orphan": None,
    }
    return row | overrides


def test_score_checks_catch_ranges_sources_labels_and_orphans() -> None:
    rows = [
        score(),
        score(value=1500.0, scale="elo"),  # unbounded
        score(value=93.0, scale="percent"),
        score(value=1.7),
        score(value=120.0, scale="percent"),
        score(source_url=None),
        score(source_url="see the paper"),
        score(label="estimated"),
        score(benchmark_id="ghost", benchmark_id_orphan="ghost"),
    ]
    results = outcomes("scores", rows, min_released_scores=1)
    assert failed(results) == {
        "fraction_in_range",
        "percent_in_range",
        "score_has_source_url",
        "score_source_url_is_url",
        "score_label_in_set",
        "score_benchmark_exists",
    }
    assert "1.7" in results["fraction_in_range"].summary
    assert "'ghost'" in results["score_benchmark_exists"].summary
    assert all(o.blocking for o in results.values())


def test_score_checks_catch_breakdowns_posing_as_headlines() -> None:
    rows = [
        score(),
        score(kind="breakdown", breakdown_kind="category", part="category"),
        score(kind="headline", part="subset"),  # HELM's five subjects as MMLU's headline
        score(kind="breakdown", breakdown_kind=None),
        score(kind="headline", headline_metric_mismatch="mmlu"),
    ]
    assert failed(outcomes("scores", rows, min_released_scores=1)) == {
        "headline_is_whole_benchmark",
        "breakdown_has_kind",
        "headline_has_headline_metric",
    }


def test_grid_checks_catch_breakdown_cells_and_weaker_sources() -> None:
    cell = {
        "benchmark_id": "lmarena-text",
        "model_id": "o4-mini",
        "label": "independent",
        "kind": "headline",
        "n_scores": 3,
        "not_a_headline_score": None,
        "better_sourced_headline": None,
    }
    rows = [
        cell,
        cell | {"model_id": "a", "kind": "breakdown"},
        cell | {"model_id": "b", "not_a_headline_score": "lmarena-text"},
        cell | {"model_id": "c", "better_sourced_headline": "lmarena-text"},
    ]
    assert failed(outcomes("leaderboard", rows)) == {
        "cell_is_headline",
        "cell_value_is_a_headline_score",
        "cell_from_best_source",
    }


def test_comparison_checks_catch_mismatched_pairs_and_missing_verdicts() -> None:
    pair = {
        "benchmark_id": "ifeval",
        "model_id": "m",
        "verdict": "beyond noise",
        "verdict_reason": "beyond noise: gap 9 points vs 1.96 x 2",
        "metric_or_subset_mismatch": None,
        "beyond_noise_without_error": None,
    }
    rows = [
        pair,
        pair | {"model_id": "a", "metric_or_subset_mismatch": "ifeval"},
        pair | {"model_id": "b", "verdict": None, "verdict_reason": None},
    ]
    assert failed(outcomes("score_comparison", rows)) == {
        "pair_same_metric_and_subset",
        "pair_has_verdict",
        "pair_has_reason",
    }


def benchmark(**overrides: Any) -> dict[str, Any]:
    row = {
        "benchmark_id": "mmlu",
        "name": "MMLU",
        "tier": "auto",
        "published": True,
        "review_decision": "publish",
        "rejected_reason": None,
        "n_channels": 2,
        "missing_fields_listed": "sample_count",
        "description": "Questions",
        "paper_url": "https://arxiv.org/abs/2009.03300",
        "arxiv_id": None,
        "license": "MIT",
        "metric": "accuracy",
        "sample_count": float("nan"),  # how pandas reads a NULL BIGINT
        "hf_dataset": "cais/mmlu",
        "github_url": None,
        "benchmark_id_orphan": None,
    }
    return row | overrides


def test_benchmark_checks_catch_keys_tiers_and_missing_field_lists() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="a", name="A", missing_fields_listed="license,sample_count"),
        benchmark(benchmark_id="b", name="B", tier="gold"),
        benchmark(benchmark_id="b", name="B2"),
        benchmark(benchmark_id="c", name="C", published=False, review_decision="reject"),
        benchmark(benchmark_id="d", name="MMLU"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=6, min_published_benchmarks=1)
    assert failed(results) == {
        "benchmark_id_unique",
        "tier_in_set",
        "rejected_have_no_tier",
        "rejected_have_reason",
        "missing_fields_match_facts",
        "published_names_unique",
    }
    assert not results["published_names_unique"].blocking  # a warning, shown but not gating
    assert "license,sample_count" in results["missing_fields_match_facts"].summary


def test_row_count_collapse_fails_the_benchmarks_suite() -> None:
    rejected = benchmark(
        benchmark_id="x",
        name="X",
        tier=None,
        published=False,
        review_decision="reject",
        rejected_reason="a template",
    )
    rows = [benchmark(), rejected]
    results = outcomes("benchmarks", rows, merged_benchmark_count=2, min_published_benchmarks=2)
    assert failed(results) == {"published_count_not_collapsed"}
    assert results["published_count_not_collapsed"].summary == "observed 1"  # released rows only


def test_an_expectation_gx_cannot_evaluate_fails() -> None:
    rows = [{k: v for k, v in score().items() if k != "source_url"}]
    results = outcomes("scores", rows, min_released_scores=1)
    assert "score_has_source_url" in failed(results)
    assert "could not be evaluated" in results["score_has_source_url"].summary


def test_a_missing_parameter_is_refused() -> None:
    with pytest.raises(ValueError, match="min_released_scores"):
        run_suite(suite("scores"), pd.DataFrame([score()]), {})


# -- the real warehouse ------------------------------------------------------------------------


def test_built_registry_passes_every_blocking_check(built_registry: BuiltRegistry) -> None:
    con = duckdb.connect(str(built_registry.warehouse), read_only=True)
    try:
        results = [
            o
            for s in load_suites()
            for o in run_suite(
                s, load_frame(con, s.table), suite_parameters(con, s.parameters, None)
            )
        ]
    finally:
        con.close()
    assert [f"{o.check}: {o.summary}" for o in results if o.blocking and not o.passed] == []


def test_orphans_are_found_through_the_warehouse(registry_copy: BuiltRegistry) -> None:
    con = duckdb.connect(str(registry_copy.warehouse))
    try:
        con.execute(
            "INSERT INTO benchmark_aliases VALUES ('github', 'ghost-key', 'Ghost', 'ghost-bench')"
        )
        frame = load_frame(con, "benchmark_aliases")
        parameters = suite_parameters(con, suite("benchmark_aliases").parameters, None)
    finally:
        con.close()
    results = {o.check: o for o in run_suite(suite("benchmark_aliases"), frame, parameters)}
    assert failed(results) == {"alias_benchmark_exists"}
    assert "'ghost-bench'" in results["alias_benchmark_exists"].summary
