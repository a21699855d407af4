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
    derived_frame,
    load_frame,
    previous_counts,
    suite_parameters,
)
from benchhub.checks.runner import CheckOutcome, run_suite
from benchhub.checks.suites import SEVERITIES, Suite, load_suites
from benchhub.warehouse import sql_text
from pipelines.definitions import defs
from tests.conftest import BuiltRegistry

TABLES = {
    "benchmarks",
    "benchmark_aliases",
    "models",
    "model_aliases",
    "scores",
    "reproduced_runs",
    "reproduced_medians",
    "reproduced_attempts",
    "reproduced_pools",
    "reproduced_budget_curves",
    "leaderboard",
    "score_comparison",
    "score_disputes",
    "score_corrections",
}


def suite(table: str) -> Suite:
    return next(s for s in load_suites() if s.table == table)


def outcomes(table: str, rows: list[dict[str, Any]], **parameters: Any) -> dict[str, CheckOutcome]:
    frame = pd.DataFrame(rows)
    frame = derived_frame(table, frame)
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


def model(**overrides: Any) -> dict[str, Any]:
    row = {
        "model_id": "llama-3.1-8b-instruct",
        "name": "Llama 3.1 8B Instruct",
        "kind": "model",
        "base_model": None,
        "base_model_orphan": None,
        "aliases": ["meta-llama/Llama-3.1-8B-Instruct", "meta/llama-3.1-8b-instruct"],
    }
    return row | overrides


def test_model_checks_catch_two_publishers_junk_and_orphans() -> None:
    """docs/models.md: one publisher per id (a developer's owners count as one), no junk id."""
    official, community = "meta-llama/Llama-3.1-8B-Instruct", "jebish7/Llama-3.1-8B-Instruct"
    rows = [
        model(),
        model(model_id="merged", aliases=[official, community]),
        model(model_id="aya", aliases=["CohereForAI/aya-expanse-32b", "CohereLabs/aya-32b"]),
        model(model_id="72b", name="72B", aliases=["72B"]),
        model(model_id="agent", kind="agent_system", base_model="gone", base_model_orphan="gone"),
    ]
    results = outcomes("models", rows)
    assert failed(results) == {
        "model_one_publisher",
        "model_no_junk_ids",
        "model_base_model_exists",
    }
    assert "jebish7" in results["model_one_publisher"].summary
    assert all(o.blocking for o in results.values())


def test_model_alias_checks_catch_agents_on_bare_models_and_duplicates() -> None:
    def alias(name: str, scaffold: str | None, model_id: str, kind: str) -> dict[str, Any]:
        key = f"c\x1f{name}\x1f{scaffold or ''}"
        return {"channel": "c", "source_name": name, "scaffold": scaffold, "model_id": model_id,
                "kind": kind, "spelling_key": key, "model_id_orphan": None}  # fmt: skip

    rows = [
        alias("gpt-4o", None, "gpt-4o", "model"),
        alias("gpt-4o", "SWE-agent", "swe-agent--gpt-4o", "agent_system"),
        alias("gpt-4o", "OpenHands", "gpt-4o", "model"),  # an agent's score on the bare model
        alias("Aguvis-72B w/ GPT-4o", None, "gpt-4o", "model"),
        alias("gpt-4o", None, "gpt-4o", "model"),  # listed twice: counted twice in scores
        alias("claude-3-7-sonnet-20250219", "Claude 3.7 Sonnet (50 steps)", "c37", "model"),
    ]
    results = outcomes("model_aliases", rows)
    assert failed(results) == {"model_agent_not_on_bare_model", "model_alias_unique"}
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
        "channels": ["huggingface", "lm_eval_harness"],
        "missing_fields_listed": "sample_count",
        "description": "Questions",
        "paper_url": "https://arxiv.org/abs/2009.03300",
        "arxiv_id": None,
        "license": "MIT",
        "metric": "accuracy",
        "sample_count": float("nan"),  # how pandas reads a NULL BIGINT
        "hf_dataset": "cais/mmlu",
        "github_url": None,
        "harbor_runnable": True,
        "harbor_source": "lm-eval:mmlu_abstract_algebra",
        "harbor_reason": None,
        "benchmark_id_orphan": None,
        "record_kind": "benchmark",
        "parent_id": None,
        "parent_not_benchmark_or_suite": None,
        "group_closer_than_parent": None,
        "license_not_from_the_data_set": None,
        "suite_part_not_pullable": None,
        "headline_part_not_pullable": None,
        "lm_eval_source_not_linked": None,
        "paper_of_another_benchmark": None,
        "paper_index_names": None,  # the record's names when Papers with Code lists it
    }
    row |= overrides
    # as the frame query derives it: released records without a parent are the top level
    row.setdefault("top_level_name", row["name"] if row["published"] else None)
    # its own name and id are all a record's spellings unless a test says more
    row.setdefault("spellings", [row["name"]])
    row.setdefault("channel_ids", [row["benchmark_id"]])
    row.setdefault("top_level_channels", row["channels"] if row["top_level_name"] else None)
    return row


def test_pool_checks_catch_intervals_caps_counts_and_bands() -> None:
    def pool(model: str, **fields: Any) -> dict[str, Any]:
        row = {
            "benchmark_id": "b", "model_id": model, "harness": "harbor", "settings_key": "{}",
            "n_runs": 3, "estimate": 50.0, "ci_low": 40.0, "ci_high": 60.0, "runs_needed": 4,
            "max_submitter_share": 0.5, "submitter_over_cap": False, "runs_miscounted": False,
            "benchmark_id_orphan": None,
        }  # fmt: skip
        return row | fields

    good = [pool("m1"), pool("m2", ci_low=None, ci_high=None, runs_needed=None)]
    assert failed(outcomes("reproduced_pools", good)) == set()
    bad = [
        pool("m1", ci_low=55.0),
        pool("m2", ci_high=45.0),
        pool("m3", submitter_over_cap=True),
        pool("m4", runs_miscounted=True),
        pool("m5", estimate=101.0, ci_high=102.0),
    ]
    assert failed(outcomes("reproduced_pools", bad)) == {
        "pool_interval_below_estimate",
        "pool_interval_above_estimate",
        "pool_submitter_share_capped",
        "pool_counts_every_run",
        "pool_estimate_in_range",
    }
    curve = {"benchmark_id": "b", "model_id": "m", "harness": "harbor", "settings_key": "{}"}
    points = [
        curve | {"tokens": 10, "solved": 20.0, "solved_low": 25.0, "solved_high": 30.0},
        curve | {"tokens": 20, "solved": 40.0, "solved_low": 30.0, "solved_high": 50.0},
    ]
    assert failed(outcomes("reproduced_budget_curves", points)) == {"curve_band_below_curve"}
    attempts = [
        {"run_id": "run-1", "task": "t", "reward": 1.5, "input_tokens": -1, "cached_tokens": 0,
         "output_tokens": 5, "cost_usd": 0.1, "run_id_orphan": "run-1"},
    ]  # fmt: skip
    assert failed(outcomes("reproduced_attempts", attempts)) == {
        "attempt_reward_in_range",
        "attempt_input_tokens_not_negative",
        "attempt_run_exists",
    }


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
    assert results["published_names_unique"].blocking  # on the top level
    assert "license,sample_count" in results["missing_fields_match_facts"].summary


def test_benchmark_checks_catch_runnable_without_a_buildable_source() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="a", name="A", harbor_source=None),
        benchmark(benchmark_id="b", name="B", harbor_source="somewhere:else"),
        benchmark(benchmark_id="c", name="C", harbor_runnable=False, harbor_source="pull"),
        benchmark(benchmark_id="d", name="D", harbor_runnable=False, harbor_source=None),
        benchmark(benchmark_id="e", name="E", harbor_source="suite", suite_part_not_pullable="e"),
        benchmark(
            benchmark_id="f", name="F", harbor_source="part:f-x", headline_part_not_pullable="f"
        ),
        benchmark(
            benchmark_id="g", name="G", harbor_source="lm-eval:x", lm_eval_source_not_linked="g"
        ),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=8, min_published_benchmarks=1)
    assert failed(results) == {
        "runnable_has_source",
        "harbor_source_known",
        "suite_parts_pullable",
        "headline_part_pullable",
        "lm_eval_source_linked",
        "not_runnable_has_no_source",
        "not_runnable_says_why",
    }
    assert all(results[c].blocking for c in failed(results))


def test_catalogue_checks_catch_junk_category_parents_and_index_licences() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="n-a", name="N/A"),
        benchmark(benchmark_id="open-llm", name="Open LLM Leaderboard"),
        benchmark(benchmark_id="gsm8k", name="GSM8K", parent_not_benchmark_or_suite="reasoning"),
        benchmark(benchmark_id="x", name="X", license_not_from_the_data_set="papers_with_code"),
        benchmark(benchmark_id="y", name="Y", record_kind="category"),
        benchmark(
            benchmark_id="mmlu-prox-lite-ne-history",
            name="mmlu prox lite ne history",
            top_level_name=None,
            group_closer_than_parent="mmlu-prox-lite-ne",
        ),
        # a category under its benchmark is a child, not a top-level record: allowed
        benchmark(
            benchmark_id="lb-reasoning", name="Reasoning", top_level_name=None, parent_id="lb"
        ),
        # but no task hangs under a category
        benchmark(
            benchmark_id="spatial", name="spatial", top_level_name=None, parent_id="lb-reasoning"
        ),
        benchmark(benchmark_id="nortruthfulqa-mc-nno-p0", name="nortruthfulqa mc nno p0"),
        # a paper known only from a paper index, under its title
        benchmark(
            benchmark_id="a-kubernetes-dataset-for-misuse-detection",
            name="A Kubernetes dataset for misuse detection",
            channels=["semantic_scholar"],
        ),
        benchmark(
            benchmark_id="ruler-squad",
            name="RULER SQuAD",
            top_level_name=None,
            paper_of_another_benchmark="squad2",
        ),
        # a withdrawn id may say anything
        benchmark(
            benchmark_id="ask-gec-p1",
            name="ask gec p1",
            published=False,
            tier=None,
            review_decision="reject",
            rejected_reason="withdrawn",
        ),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=13, min_published_benchmarks=1)
    assert failed(results) == {
        "no_category_is_a_parent",
        "ids_name_no_setting",
        "child_paper_is_its_own_or_its_parents",
        "top_level_are_benchmarks",
        "released_names_are_not_junk",
        "parents_are_benchmarks_or_suites",
        "parent_is_the_closest_group",
        "licence_from_the_data_set",
        "record_kind_in_set",
    }
    assert all(results[c].blocking for c in failed(results))
    assert "Open LLM Leaderboard" in results["top_level_are_benchmarks"].summary
    assert "A Kubernetes dataset" in results["top_level_are_benchmarks"].summary


def test_catalogue_checks_catch_junk_children_category_parents_and_links_that_are_no_paper() -> (
    None
):
    rows = [
        benchmark(),
        # a child is not compared with the top level, but junk is never released
        benchmark(benchmark_id="mmlu-dev", name="dev", top_level_name=None),
        benchmark(benchmark_id="x-lb", name="X Leaderboard v2", top_level_name=None),
        # a category may be a child of its benchmark, but no task hangs under it
        benchmark(benchmark_id="lb-coding", name="Coding", top_level_name=None),
        benchmark(benchmark_id="lcb", name="LCB", parent_id="lb-coding", top_level_name=None),
        benchmark(benchmark_id="blog", name="Blog", paper_url="https://openai.com/blog/x"),
        benchmark(
            benchmark_id="raft",
            name="RAFT",
            paper_url="https://datasets-benchmarks-proceedings.neurips.cc/paper/2021/hash/x.html",
        ),
        benchmark(
            benchmark_id="uncounted", name="Uncounted", sample_count=0, missing_fields_listed=""
        ),
        benchmark(
            benchmark_id="counted", name="Counted", sample_count=500, missing_fields_listed=""
        ),
        # a withdrawn record is not released
        benchmark(
            benchmark_id="n-a",
            name="N/A",
            paper_url="https://example.org",
            published=False,
            tier=None,
            review_decision="reject",
            rejected_reason="junk",
        ),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=10, min_published_benchmarks=1)
    assert failed(results) == {
        "released_names_are_not_junk",
        "no_category_is_a_parent",
        "paper_url_is_a_paper",
        "sample_count_counts_items",
    }
    assert all(results[c].blocking for c in failed(results))
    assert "'dev'" in results["released_names_are_not_junk"].summary
    assert "lb-coding" in results["no_category_is_a_parent"].summary
    assert "openai.com/blog" in results["paper_url_is_a_paper"].summary


def test_no_task_hangs_under_a_harness_wrapper_of_another_benchmark() -> None:
    def row(bid: str, name: str, **more: Any) -> dict[str, Any]:
        return benchmark(benchmark_id=bid, name=name, hf_dataset=None, **more)

    def child(bid: str, name: str, parent: str) -> dict[str, Any]:
        return row(bid, name, parent_id=parent, record_kind="subtask", top_level_name=None)

    wrapper = "arabic-leaderboard-acva"
    released = [
        benchmark(),
        row("acva", "ACVA"),
        row(wrapper, "arabic leaderboard acva", record_kind="suite"),
        child("arabic-leaderboard-acva-algeria", "arabic leaderboard acva Algeria", wrapper),
        # a benchmark of a language, named after MMLU, whose tasks carry its own name
        row("arabic-mmlu", "arabic mmlu", record_kind="suite"),
        child("arabic-mmlu-stem", "arabic mmlu stem", "arabic-mmlu"),
    ]
    results = outcomes("benchmarks", released, merged_benchmark_count=6, min_published_benchmarks=1)
    assert "no_wrapper_is_a_parent" in failed(results)
    assert results["no_wrapper_is_a_parent"].blocking
    assert wrapper in results["no_wrapper_is_a_parent"].summary
    placed = [*released[:2], child(wrapper, "arabic leaderboard acva", "acva")]
    placed += [child("arabic-leaderboard-acva-algeria", "arabic leaderboard acva Algeria", "acva")]
    placed += released[4:]
    results = outcomes("benchmarks", placed, merged_benchmark_count=6, min_published_benchmarks=1)
    assert "no_wrapper_is_a_parent" not in failed(results)


def test_one_variant_under_two_ids_warns_unless_they_point_at_different_data() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="mgsm-sw", name="MGSM sw", parent_id="mgsm"),
        benchmark(benchmark_id="mgsm-swahili", name="MGSM Swahili", parent_id="mgsm"),
        benchmark(
            benchmark_id="xnli-vi", name="XNLI vi", hf_dataset="facebook/xnli", parent_id="xnli"
        ),
        benchmark(
            benchmark_id="xnli-vietnamese",
            name="XNLI V",
            hf_dataset="other/nli_set",
            parent_id="xnli",
        ),
        benchmark(benchmark_id="mgsm", name="MGSM"),
        benchmark(benchmark_id="xnli", name="XNLI"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=7, min_published_benchmarks=1)
    assert failed(results) == {"one_id_per_variant"}
    assert not results["one_id_per_variant"].blocking
    assert "mgsm-swahili" in results["one_id_per_variant"].summary
    assert "xnli" not in results["one_id_per_variant"].summary


def test_one_name_with_and_without_a_kind_word_under_two_ids_blocks() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="gso-bench", name="GSO-Bench"),
        benchmark(benchmark_id="gso", name="gso"),
        # written differently where both show capitals: two names
        benchmark(benchmark_id="seed", name="SEED"),
        benchmark(benchmark_id="seed-bench", name="Seed Bench"),
        # pointing at different repositories: a person decides
        benchmark(benchmark_id="infer-bench", name="Infer-Bench", github_url="https://github.com/a/infer"),
        benchmark(benchmark_id="infer", name="Infer", github_url="https://github.com/b/infer"),
        # a child is named within its parent
        benchmark(benchmark_id="the-mmlu", name="The MMLU", parent_id="mmlu"),
    ]  # fmt: skip
    results = outcomes("benchmarks", rows, merged_benchmark_count=8, min_published_benchmarks=1)
    assert failed(results) == {"one_id_per_name_stem"}
    assert results["one_id_per_name_stem"].blocking
    assert "gso-bench" in results["one_id_per_name_stem"].summary
    assert "seed" not in results["one_id_per_name_stem"].summary
    assert "infer" not in results["one_id_per_name_stem"].summary


def test_a_machine_name_beside_a_written_spelling_blocks() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="global-mmlu", name="global mmlu",
                  spellings=["global_mmlu", "Global-MMLU"], channel_ids=["family:global_mmlu"]),
        benchmark(benchmark_id="mmmu-pro", name="Mmmu Pro", spellings=["Mmmu Pro", "MMMU-Pro"],
                  channel_ids=["lighteval/tasks/tasks/mmmu_pro.py", "mmmu_pro"]),
        # a child too
        benchmark(benchmark_id="winogrande-zulu", name="winogrande_afr_zu", parent_id="mmlu",
                  spellings=["Winogrande (Zulu)"], channel_ids=["winogrande_afr_zu"]),
        # only ever written as an identifier; the same capitals written two ways
        benchmark(benchmark_id="xq-pt-br", name="xq pt br", spellings=["xq_pt_br"],
                  channel_ids=["xq_pt_br"]),
        benchmark(benchmark_id="natural-questions", name="Natural Questions",
                  spellings=["Natural Questions", "NaturalQuestions"],
                  channel_ids=["lighteval/tasks/tasks/natural_questions.py"]),
        # a name a person gave (the frame loads no spellings) and a rejected record
        benchmark(benchmark_id="tau-bench", name="tau-bench", spellings=None, channel_ids=None),
        benchmark(benchmark_id="x", name="x_y", published=False, spellings=None,
                  channel_ids=None, review_decision="reject", tier=None, rejected_reason="junk"),
    ]  # fmt: skip
    results = outcomes("benchmarks", rows, merged_benchmark_count=8, min_published_benchmarks=1)
    assert failed(results) == {"names_are_written_spellings"}
    outcome = results["names_are_written_spellings"]
    assert outcome.blocking
    for written in ("Global-MMLU", "MMMU-Pro", "Winogrande (Zulu)"):
        assert written in outcome.summary
    assert "NaturalQuestions" not in outcome.summary


def test_the_written_name_check_reads_spellings_but_not_for_a_curated_name() -> None:
    con = duckdb.connect()
    con.execute(sql_text("benchmarks"))
    con.execute("CREATE TABLE merged_benchmarks (benchmark_id VARCHAR)")
    con.execute(sql_text("benchmark_aliases"))
    for benchmark_id, name, name_source in (
        ("a", "global mmlu", "lm_eval_harness"),
        ("b", "tau-bench", "curation"),
    ):
        con.execute(
            "INSERT INTO benchmarks (benchmark_id, name, harbor_runnable, record_kind, "
            "n_channels, published, provenance) VALUES (?, ?, false, 'benchmark', 1, true, ?)",
            [benchmark_id, name, f'{{"name": "{name_source}"}}'],
        )
        con.execute(
            "INSERT INTO benchmark_aliases VALUES ('openbench', 'siblings:X', 'Global-MMLU', ?)",
            [benchmark_id],
        )  # fmt: skip
    frame = load_frame(con, "benchmarks").set_index("benchmark_id")
    assert frame.loc["a", "name_not_written"] == "Global-MMLU"
    assert pd.isna(frame.loc["b", "name_not_written"])


def test_sibling_parts_without_a_parent_record_warn() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="cropharvest-kenya", name="CropHarvest - Kenya"),
        benchmark(benchmark_id="cropharvest-togo", name="CropHarvest - Togo"),
        # plain words begin different data sets; editions are data sets of their own
        benchmark(benchmark_id="penn-treebank", name="Penn Treebank"),
        benchmark(benchmark_id="penn-action", name="Penn Action"),
        benchmark(benchmark_id="conll-2000", name="CoNLL 2000"),
        benchmark(benchmark_id="conll-2012", name="CoNLL 2012"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=7, min_published_benchmarks=1)
    assert failed(results) == {"sibling_parts_share_a_parent"}
    assert not results["sibling_parts_share_a_parent"].blocking
    assert "'CropHarvest' (2)" in results["sibling_parts_share_a_parent"].summary


def test_a_subset_or_translation_at_the_top_level_fails() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="gsm8k", name="GSM8K"),
        benchmark(benchmark_id="gsm8k-indic", name="GSM8K-Indic"),
        benchmark(benchmark_id="bird-sql", name="BIRD-SQL"),
        benchmark(benchmark_id="bird-sql-mini-dev", name="BIRD-SQL Mini-Dev", parent_id="bird-sql"),
        # an acronym is no language code; a benchmark of a language or built on another is not
        # a part
        benchmark(benchmark_id="imagenet", name="ImageNet"),
        benchmark(benchmark_id="imagenet-lt", name="ImageNet-LT"),
        benchmark(benchmark_id="turkish-gsm8k", name="Turkish GSM8K"),
        benchmark(benchmark_id="gsm8k-pro", name="GSM8K Pro"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=9, min_published_benchmarks=1)
    assert failed(results) == {"parts_sit_under_their_benchmark"}
    assert results["parts_sit_under_their_benchmark"].blocking
    assert "gsm8k" in results["parts_sit_under_their_benchmark"].summary
    assert "bird-sql" not in results["parts_sit_under_their_benchmark"].summary


def test_a_paper_index_benchmark_named_as_a_data_set_and_a_part_at_the_top_level_fails() -> None:
    def listed(benchmark_id: str, name: str, **overrides: Any) -> dict[str, Any]:
        return benchmark(
            benchmark_id=benchmark_id, name=name, paper_index_names=[name], **overrides
        )

    rows = [
        benchmark(),
        listed("grailqa", "GrailQA"),
        listed("grailqa-iid", "GrailQA-IID"),
        listed("kilt", "KILT"),
        listed("kilt-triviaqa", "KILT: TriviaQA", parent_id="kilt"),
        # a compound, another data set starting with the word, an edition: no parts
        listed("sun", "SUN"),
        listed("sun-rgbd-val", "SUN-RGBD val"),
        listed("cornell", "Cornell"),
        listed("cornell-grasp-dataset", "Cornell Grasp Dataset"),
        listed("conll", "CoNLL"),
        listed("conll-2000", "CoNLL 2000"),
        # named so by another channel only: not this check's
        benchmark(benchmark_id="cifar-10", name="CIFAR-10"),
        benchmark(benchmark_id="cifar-10-val", name="CIFAR-10 val"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=13, min_published_benchmarks=1)
    check = "data_set_parts_sit_under_their_data_set"
    assert check in failed(results) and results[check].blocking
    assert "grailqa" in results[check].summary
    for placed_or_apart in ("kilt", "sun", "cornell", "conll", "cifar"):
        assert placed_or_apart not in results[check].summary, placed_or_apart


def test_an_edition_at_the_top_level_warns_unless_it_has_a_paper_of_its_own() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="common-voice", name="Common Voice"),
        benchmark(benchmark_id="common-voice-16-1", name="Common Voice 16.1"),
        benchmark(benchmark_id="videomme", name="Video-MME"),
        benchmark(benchmark_id="video-mme-2", name="Video-MME-v2", arxiv_id="2604.05015"),
        benchmark(benchmark_id="spider", name="Spider"),
        benchmark(benchmark_id="spider-1", name="Spider 1.0"),
        benchmark(benchmark_id="sst", name="SST"),
        benchmark(benchmark_id="sst-5", name="SST-5"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=9, min_published_benchmarks=1)
    assert failed(results) == {"editions_sit_under_their_benchmark"}
    assert not results["editions_sit_under_their_benchmark"].blocking
    summary = results["editions_sit_under_their_benchmark"].summary
    assert "common-voice" in summary
    assert "videomme" not in summary and "spider" not in summary and "sst" not in summary


def test_a_record_named_as_anothers_dataset_or_holding_a_versions_data_warns() -> None:
    rows = [
        benchmark(),
        benchmark(benchmark_id="arc", name="ARC", hf_dataset="allenai/ai2_arc"),
        benchmark(benchmark_id="ai2arc", name="Ai2Arc"),
        benchmark(benchmark_id="squad", name="SQuAD", hf_dataset="rajpurkar/squad_v2"),
        benchmark(benchmark_id="squad2", name="SQuAD2.0", hf_dataset="rajpurkar/squad_v2"),
    ]
    results = outcomes("benchmarks", rows, merged_benchmark_count=5, min_published_benchmarks=1)
    assert failed(results) == {"one_id_per_dataset_name", "hf_dataset_is_the_named_version"}
    assert not results["one_id_per_dataset_name"].blocking
    assert "'arc'" in results["one_id_per_dataset_name"].summary  # Ai2Arc's twin
    assert results["hf_dataset_is_the_named_version"].details["unexpected_count"] == 1  # SQuAD
    assert "'2'" in results["hf_dataset_is_the_named_version"].summary


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


def test_suite_check_reads_each_released_subtask_of_a_suite() -> None:
    """The frame query flags a suite with a subtask pull cannot build (NULL source included)
    or with no released subtask; a suite of pullable subtasks passes."""
    con = duckdb.connect()
    con.execute(sql_text("benchmarks"))
    con.execute("CREATE TABLE merged_benchmarks (benchmark_id VARCHAR)")
    con.execute(sql_text("benchmark_aliases"))

    def add(benchmark_id: str, source: str | None, parent: str | None = None) -> None:
        con.execute(
            "INSERT INTO benchmarks (benchmark_id, name, harbor_runnable, harbor_source, "
            "parent_id, record_kind, n_channels, published) VALUES (?, ?, ?, ?, ?, ?, 1, true)",
            [benchmark_id, benchmark_id, source is not None, source, parent,
             "subtask" if parent else "suite"],
        )  # fmt: skip

    add("good", "suite")
    add("good-a", "lm-eval:a", "good")
    add("good-b", "pull", "good")
    add("holed", "suite")
    add("holed-a", "lm-eval:a", "holed")
    add("holed-b", None, "holed")
    add("empty", "suite")
    frame = con.execute(FRAME_QUERIES["benchmarks"]).df()
    flagged = frame["suite_part_not_pullable"].dropna().tolist()
    assert sorted(flagged) == ["empty", "holed"]


def test_headline_part_check_reads_the_named_child() -> None:
    """A parent pulled as its headline part passes when that part is a released child of it
    that pull builds, and is flagged when the part runs only in Harbor or is someone else's."""
    con = duckdb.connect()
    con.execute(sql_text("benchmarks"))
    con.execute("CREATE TABLE merged_benchmarks (benchmark_id VARCHAR)")
    con.execute(sql_text("benchmark_aliases"))

    def add(benchmark_id: str, source: str | None, parent: str | None = None) -> None:
        con.execute(
            "INSERT INTO benchmarks (benchmark_id, name, harbor_runnable, harbor_source, "
            "parent_id, record_kind, n_channels, published) VALUES (?, ?, ?, ?, ?, ?, 1, true)",
            [benchmark_id, benchmark_id, source is not None, source, parent,
             "benchmark"],
        )  # fmt: skip

    add("good", "part:good-a")
    add("good-a", "lm-eval:a", "good")
    add("harbor", "part:harbor-a")
    add("harbor-a", "adapter", "harbor")
    add("stranger", "part:good-a")
    frame = con.execute(FRAME_QUERIES["benchmarks"]).df()
    flagged = frame["headline_part_not_pullable"].dropna().tolist()
    assert sorted(flagged) == ["harbor", "stranger"]


def test_lm_eval_source_check_reads_the_crosswalk_or_the_children() -> None:
    """A benchmark pulled through an lm-eval definition runs one the crosswalk maps to it (its
    name or its folder's own) or, for a folder with none, a group of its released children's
    tasks; an lm-eval source linked to neither is flagged."""
    con = duckdb.connect()
    con.execute(sql_text("benchmarks"))
    con.execute("CREATE TABLE merged_benchmarks (benchmark_id VARCHAR)")
    con.execute(sql_text("benchmark_aliases"))

    def add(benchmark_id: str, source: str | None, parent: str | None = None) -> None:
        con.execute(
            "INSERT INTO benchmarks (benchmark_id, name, harbor_runnable, harbor_source, "
            "parent_id, record_kind, n_channels, published) VALUES (?, ?, ?, ?, ?, ?, 1, true)",
            [benchmark_id, benchmark_id, source is not None, source, parent,
             "subtask" if parent else "benchmark"],
        )  # fmt: skip

    def alias(benchmark_id: str, key: str) -> None:
        con.execute(
            "INSERT INTO benchmark_aliases (channel, source_key, source_name, benchmark_id) "
            "VALUES ('lm_eval_harness', ?, ?, ?)",
            [key, key, benchmark_id],
        )

    add("own", "lm-eval:own_task")
    alias("own", "own_task@tasks/own/a.yaml")
    add("folder", "lm-eval:anli")
    alias("folder", "family:anli")
    add("family", "lm-eval:family_direct")
    alias("family", "family:family")
    add("family-a", "lm-eval:family_direct_a", "family")
    alias("family-a", "family_direct_a")
    add("family-b", "pull", "family")
    add("stranger", "lm-eval:someone_elses")
    add("stranger-a", "lm-eval:a", "stranger")
    alias("stranger-a", "a")
    frame = con.execute(FRAME_QUERIES["benchmarks"]).df()
    assert frame["lm_eval_source_not_linked"].dropna().tolist() == ["stranger"]
