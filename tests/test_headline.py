"""Headline scores: the rules in benchhub/headline.py, the grid on real replayed channels, and
self-reported vs independent verdicts on small hand-made pairs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import duckdb
import pytest
from benchhub_format.top_scores import top_headline_scores

from assets.channels import all_channels
from benchhub.channel import Mode
from benchhub.headline import (
    ACCURACY,
    breakdown_part,
    build_comparisons,
    build_scores,
    curated_headlines,
    differing_settings,
    read_metric,
    unknown_settings,
)
from benchhub.ingest import read_channel, store_channel_read
from benchhub.records import ScoreObservation, record_row
from benchhub.warehouse import ensure_tables, insert_rows, sql_text

# Channel keys mapped to the ids the real crosswalk gives them (the curated headlines use ids).
REAL_IDS = {
    ("aider", "polyglot"): "aider-polyglot",
    ("epoch_ai", "external/aider_polyglot"): "aider-polyglot",
    ("epoch_ai", "external/mmlu"): "mmlu",
    ("helm_results", "helm_lite:MMLU"): "mmlu",
    ("lmarena", "text"): "lmarena-text",
}


# --- the rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("metric", "family", "attempts"),
    [
        ("Acc.", ACCURACY, None),
        ("exact_match", ACCURACY, None),
        ("% resolved", ACCURACY, None),
        ("pass@1", ACCURACY, 1),
        ("pass@k (k=5)", ACCURACY, 5),
        ("pass rate after 2 attempts", ACCURACY, 2),
        ("Multiple Attempts (Acc)", ACCURACY, 0),
        ("acc_norm", "acc_norm", None),
        ("macro_avg/acc_char", "acc_char", None),
        ("Prompt Strict", "prompt strict", None),
        ("arena score (Bradley-Terry rating)", "rating", None),
        (None, None, None),
        ("-", None, None),
    ],
)
def test_metric_families(metric: str | None, family: str | None, attempts: int | None) -> None:
    reading = read_metric(metric)
    assert (reading.family, reading.attempts) == (family, attempts)


@pytest.mark.parametrize(
    ("channel", "subset", "kind"),
    [
        ("lmarena", "full", None),  # LMArena's overall rating
        ("lmarena", "coding", "category"),
        ("lmarena", "chinese", "language"),
        ("helm_results", '["abstract_algebra","college_chemistry"]', "subset"),
        ("helm_results", "all", None),
        ("helm_results", "v2", None),  # a version, not a part
        ("harbor", "225 tasks (100% of full set)", None),
        ("epoch_ai", "Challenge", "subset"),
        ("vendor_model_cards", "Hindi", "language"),
    ],
)
def test_parts_of_a_benchmark(channel: str, subset: str, kind: str | None) -> None:
    assert breakdown_part(channel, subset, None, None, None) == kind


def test_a_language_pair_and_a_track_are_parts() -> None:
    assert breakdown_part("helm_results", None, "de-en", None, None) == "language"
    assert breakdown_part("x", None, None, None, "hard") == "track"


def test_unknown_settings_only_where_they_vary() -> None:
    varying = ["reasoning_effort", "attempts"]
    assert unknown_settings([], "vendor_model_cards", ACCURACY, varying) == [
        "reasoning_effort",
        "attempts",
    ]
    assert unknown_settings(["thinking", "attempts"], "epoch_ai", ACCURACY, varying) == []
    assert unknown_settings([], "vendor_model_cards", None, []) == ["metric"]
    # Aider records its attempts and runs its own harness
    assert unknown_settings([], "aider", ACCURACY, ["attempts", "scaffold"]) == []


def test_differing_settings_lists_what_both_record() -> None:
    a = json.dumps({"shots": 5, "reasoning_effort": "high", "section": "Table 1"})
    b = json.dumps({"shots": 0, "scaffold": "x", "section": "Table 2"})
    assert differing_settings(a, b) == ["shots"]
    dated = json.dumps({"snapshot": "2024-05-13"})
    assert differing_settings(dated, json.dumps({"snapshot": "05-13"})) == []
    assert differing_settings(dated, json.dumps({"snapshot": "2024-11-20"})) == ["snapshot"]


def test_curated_headlines_read() -> None:
    curated = {c.benchmark_id: c for c in curated_headlines()}
    assert curated["aider-polyglot"].attempts == 2
    assert curated["mmlu"].metric == ACCURACY
    assert all(c.why for c in curated.values())


# --- the grid on real channels -----------------------------------------------------------------


@pytest.fixture(scope="module")
def grid() -> Iterator[duckdb.DuckDBPyConnection]:
    channels = {c.name: c for c in all_channels()}
    con = duckdb.connect()
    for name in ("aider", "epoch_ai", "helm_results", "lmarena"):
        store_channel_read(con, read_channel(channels[name], Mode.REPLAY))
    for table in ("benchmark_aliases", "model_aliases", "reproduced_runs", "reproduced_medians"):
        con.execute(sql_text(table))
    keys = con.execute("SELECT DISTINCT channel, benchmark_key FROM channel_scores").fetchall()
    con.executemany(
        "INSERT INTO benchmark_aliases VALUES (?, ?, ?, ?)",
        [(c, k, k, REAL_IDS.get((c, k), f"{c}:{k}")) for c, k in keys],
    )
    con.execute(
        "INSERT INTO model_aliases SELECT DISTINCT channel, model_name, "
        "nullif(trim(settings ->> 'scaffold'), ''), lower(model_name), '{}' FROM channel_scores"
    )
    build_scores(con)
    con.execute(sql_text("leaderboard"))
    yield con
    con.close()


def test_lmarena_cells_show_the_overall_rating(grid: duckdb.DuckDBPyConnection) -> None:
    cells = grid.sql(
        """
        SELECT l.model_id, l.value, o.value AS overall
        FROM leaderboard l
        JOIN scores o ON o.benchmark_id = l.benchmark_id AND o.model_id = l.model_id
                     AND o.channel = 'lmarena' AND o.settings ->> 'subset' = 'full'
        WHERE l.benchmark_id = 'lmarena-text'
        """
    ).fetchall()
    assert len(cells) > 200
    assert [c for c in cells if c[1] != c[2]] == []
    categories = grid.sql(
        "SELECT count(*) FROM scores WHERE benchmark_id = 'lmarena-text' AND kind = 'breakdown' "
        "AND breakdown_kind IN ('category', 'language')"
    ).fetchall()[0][0]
    assert categories > 5000


def test_aider_cells_show_the_published_pass_rate(grid: duckdb.DuckDBPyConnection) -> None:
    rows = grid.sql(
        "SELECT channel, settings ->> 'attempts', count(*) FROM leaderboard "
        "WHERE benchmark_id = 'aider-polyglot' GROUP BY ALL"
    ).fetchall()
    assert rows and all(attempts == "2" for _, attempts, _ in rows)
    # the first-try rate is kept as a breakdown, never a cell
    first_try = grid.sql(
        "SELECT DISTINCT kind, breakdown_kind FROM scores "
        "WHERE benchmark_id = 'aider-polyglot' AND attempts = 1"
    ).fetchall()
    assert first_try == [("breakdown", "alternate metric")]


def test_helm_subjects_never_stand_in_for_mmlu(grid: duckdb.DuckDBPyConnection) -> None:
    helm = grid.sql(
        "SELECT DISTINCT kind, breakdown_kind FROM scores "
        "WHERE benchmark_id = 'mmlu' AND channel = 'helm_results'"
    ).fetchall()
    assert helm == [("breakdown", "subset")]
    assert grid.sql(
        "SELECT count(*) FROM leaderboard WHERE benchmark_id = 'mmlu' AND channel = 'helm_results'"
    ).fetchall() == [(0,)]


# One score of model 'm' on Aider's polyglot benchmark, as the Aider channel records it.
AIDER_POLYGLOT: dict[str, Any] = {
    "channel": "aider",
    "benchmark_key": "polyglot",
    "benchmark_name": "Aider polyglot",
    "model_name": "m",
    "scale": "percent",
    "relationship": "third_party",
    "metric": "percent correct",
}


def test_a_cell_never_goes_to_the_score_with_most_settings() -> None:
    base = AIDER_POLYGLOT
    own = ScoreObservation(
        **base, value=50.0, raw_value="50", source_url="https://own", reported_at="2025-01-01"
    )
    relayed = ScoreObservation(
        **base | {"channel": "every_eval_ever"},
        value=70.0,
        raw_value="70",
        source_url="https://relay",
        settings={"shots": 0, "temperature": 0, "scaffold": "x"},
        reported_at="2025-06-01",
    )
    cell = grid_of([own, relayed]).sql("SELECT value, n_scores, settings_vary FROM leaderboard")
    assert cell.fetchall() == [(50.0, 2, True)]  # the benchmark's own leaderboard, not the relay


def grid_of(observations: list[ScoreObservation]) -> duckdb.DuckDBPyConnection:
    """A warehouse holding these scores of one benchmark 'b' and one model 'm', built up to
    the leaderboard."""
    con = duckdb.connect()
    ensure_tables(con)
    insert_rows(con, "channel_scores", [record_row(o) for o in observations], _stamp())
    for table in ("benchmark_aliases", "model_aliases", "reproduced_runs", "reproduced_medians"):
        con.execute(sql_text(table))
    con.execute(
        "INSERT INTO benchmark_aliases SELECT DISTINCT channel, benchmark_key, benchmark_name, "
        "'b' FROM channel_scores"
    )
    con.execute(
        "INSERT INTO model_aliases SELECT DISTINCT channel, model_name, "
        "nullif(trim(settings ->> 'scaffold'), ''), 'm', '{}' FROM channel_scores"
    )
    build_scores(con)
    con.execute(sql_text("leaderboard"))
    return con


def test_one_source_listing_two_numbers_gives_the_same_cell_in_every_build() -> None:
    """A leaderboard page listing one model twice under one setting: whichever order the rows
    come in, the cell shows the same (lower) number and counts both."""
    base = AIDER_POLYGLOT | {"source_url": "https://own", "reported_at": "2025-01-01"}
    high = ScoreObservation(**base, value=60.0, raw_value="60")
    low = ScoreObservation(**base, value=40.0, raw_value="40")
    for order in ([high, low], [low, high]):
        cell = grid_of(order).sql("SELECT value, n_scores FROM leaderboard").fetchall()
        assert cell == [(40.0, 2)]


def test_many_acc_norm_rows_do_not_outvote_a_published_accuracy() -> None:
    """The Open LLM Leaderboard's many acc_norm rows (a harness normalisation) and one lab's
    accuracy, both evaluation labs: the headline is accuracy, and acc_norm is a breakdown."""
    base = {
        "benchmark_key": "arc",
        "benchmark_name": "ARC",
        "scale": "percent",
        "relationship": "third_party",
        "source_url": "https://x",
    }
    harness = [
        ScoreObservation(
            **base,
            channel="open_llm_leaderboard",
            model_name=f"m{i}",
            value=60.0,
            raw_value="60",
            metric="acc_norm",
        )  # fmt: skip
        for i in range(5)
    ]
    lab = ScoreObservation(
        **base, channel="epoch_ai", model_name="m0", value=55.0, raw_value="55", metric="accuracy"
    )
    con = duckdb.connect()
    ensure_tables(con)
    insert_rows(con, "channel_scores", [record_row(o) for o in [*harness, lab]], _stamp())
    for table in ("benchmark_aliases", "model_aliases", "reproduced_runs", "reproduced_medians"):
        con.execute(sql_text(table))
    con.execute(
        "INSERT INTO benchmark_aliases SELECT DISTINCT channel, benchmark_key, benchmark_name, "
        "'arc' FROM channel_scores"
    )
    con.execute(
        "INSERT INTO model_aliases SELECT DISTINCT channel, model_name, NULL, model_name, '{}' "
        "FROM channel_scores"
    )
    build_scores(con)
    assert con.sql("SELECT metric FROM benchmark_headlines").fetchall() == [("accuracy",)]
    kinds = con.sql("SELECT DISTINCT metric_family, kind FROM scores ORDER BY 1").fetchall()
    assert kinds == [("acc_norm", "breakdown"), ("accuracy", "headline")]


# --- comparisons -------------------------------------------------------------------------------


def _stamp() -> dict[str, Any]:
    return {"loaded_at": datetime.now(UTC)}


def _pair_table(observations: list[ScoreObservation], sample_count: int | None) -> list[dict]:
    con = duckdb.connect()
    ensure_tables(con)
    insert_rows(con, "channel_scores", [record_row(o) for o in observations], _stamp())
    for table in (
        "benchmark_aliases",
        "model_aliases",
        "reproduced_runs",
        "reproduced_medians",
        "models",
    ):
        con.execute(sql_text(table))
    con.execute(
        "INSERT INTO benchmark_aliases SELECT DISTINCT channel, benchmark_key, benchmark_name, "
        "benchmark_key FROM channel_scores"
    )
    con.execute(
        "INSERT INTO model_aliases SELECT DISTINCT channel, model_name, "
        "nullif(trim(settings ->> 'scaffold'), ''), model_name, '{}' FROM channel_scores"
    )
    con.execute(
        "CREATE TABLE benchmarks AS SELECT 'q' AS benchmark_id, ?::BIGINT AS sample_count, "
        "true AS published",
        [sample_count],
    )
    build_scores(con)
    con.execute(sql_text("leaderboard"))
    build_comparisons(con)
    return con.sql("SELECT * FROM score_comparison").arrow().read_all().to_pylist()


def _claim(value: float, label: str, **extra: Any) -> ScoreObservation:
    relationship = "first_party" if label == "self" else "third_party"
    fields: dict[str, Any] = {
        "channel": "vendor_model_cards" if label == "self" else "epoch_ai",
        "benchmark_key": "q",
        "benchmark_name": "Q",
        "model_name": "m",
        "value": value,
        "scale": "percent",
        "raw_value": str(value),
        "source_url": f"https://{label}",
        "relationship": relationship,
        "metric": "accuracy",
    }
    return ScoreObservation(**fields | extra)


def test_verdicts_use_the_binomial_error_from_the_sample_count() -> None:
    # n = 400, p ~ 0.5: each side's error is 2.5 points, the gap's 3.54; 1.96 x = 6.93
    [within] = _pair_table([_claim(55.0, "self"), _claim(50.0, "independent")], 400)
    assert within["verdict"] == "within noise"
    assert "binomial, n=400" in within["verdict_reason"]
    [beyond] = _pair_table([_claim(60.0, "self"), _claim(50.0, "independent")], 400)
    assert beyond["verdict"] == "beyond noise"


def test_published_uncertainty_wins_and_unknowns_are_said() -> None:
    pair = [
        _claim(60.0, "self", settings={"reasoning_effort": "high"}),
        _claim(50.0, "independent", stderr=6.0),
    ]
    [row] = _pair_table(pair, 400)
    assert "published stderr" in row["verdict_reason"]
    assert row["verdict"] == "within noise"  # sqrt(2.45^2 + 6^2) x 1.96 = 12.7 > 10
    assert row["independent_unknown_settings"] == ["reasoning_effort"]
    assert "rests on unknown settings: independent reasoning_effort" in row["verdict_reason"]


def test_another_scaffold_or_snapshot_is_not_comparable() -> None:
    pair = [
        _claim(60.0, "self", settings={"scaffold": "Claude Code"}),
        _claim(50.0, "independent", settings={"scaffold": "Ante"}),
    ]
    [row] = _pair_table(pair, 400)
    assert row["verdict"] == "not comparable"
    assert row["verdict_reason"].startswith(
        "not comparable: scaffold differs (Claude Code vs Ante)"
    )


def test_the_pair_is_the_one_measured_most_alike() -> None:
    """A paper's few-shot and 0-shot numbers: the 0-shot one is compared with a 0-shot lab run,
    whichever of the two the grid shows."""
    rows = _pair_table(
        [
            _claim(84.8, "self", settings={"shots": 5}, source_url="https://self/a"),
            _claim(78.2, "self", settings={"shots": 0}, source_url="https://self/b"),
            _claim(78.0, "independent", settings={"shots": 0}),
        ],
        400,
    )
    [row] = rows
    assert (row["self_value"], row["independent_value"]) == (78.2, 78.0)
    assert row["differing_settings"] == [] and row["verdict"] == "within noise"


def test_no_error_no_verdict() -> None:
    [row] = _pair_table([_claim(80.0, "self"), _claim(50.0, "independent")], None)
    assert row["verdict"] == "not comparable"
    assert row["verdict_reason"].startswith("not comparable: no published uncertainty")


def test_other_metrics_parts_and_attempts_are_never_paired() -> None:
    others = [
        _claim(45.0, "independent", model_name=name, source_url=f"https://{name}")
        for name in ("n", "o")
    ]
    rows = _pair_table(
        [
            _claim(80.0, "self"),
            *others,  # the lab's most used metric is accuracy: the headline
            _claim(50.0, "independent", metric="acc_norm", source_url="https://x"),
            _claim(40.0, "independent", settings={"subset": "Hindi"}),
            _claim(30.0, "independent", metric="pass@k (k=5)", source_url="https://y"),
        ],
        400,
    )
    assert rows == []  # m has no independent headline score: nothing to compare with


# --- the top headline scores a page lists ------------------------------------------------------


def test_top_headline_scores_with_breakdowns_below() -> None:
    scores = [
        {"model_id": "a", "label": "independent", "kind": "headline", "value_percent": 50.0},
        {"model_id": "b", "label": "independent", "kind": "headline", "value_percent": 70.0},
        {
            "model_id": "b",
            "label": "independent",
            "kind": "breakdown",
            "breakdown_kind": "language",
            "value_percent": 90.0,
        },
        {
            "model_id": "b",
            "label": "independent",
            "kind": "breakdown",
            "breakdown_kind": "subset",
            "value_percent": 10.0,
        },
    ]
    [top] = top_headline_scores(scores, per_label=5)
    assert [r.score["model_id"] for r in top.rows] == ["b", "a"]
    assert list(top.rows[0].breakdowns) == ["subset", "language"]
    assert (top.n_headline, top.n_breakdown) == (2, 2)
