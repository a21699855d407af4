"""Scores: real channel records through staging, the settings vocabulary and the label rule.

Each score-bearing channel is replayed from its bundled recording and staged exactly as the
pipeline stages it; `sql/scores.sql` (the one place the label rule lives) then builds `scores`
in a small DuckDB whose crosswalk maps every name to itself, with the model-name settings split
as the crosswalk splits them. The full registry build checks the real crosswalk per channel.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import duckdb
import pyarrow as pa
import pytest
from benchhub_format.score_settings import (
    ALIASES,
    BOOKKEEPING,
    CANONICAL,
    canonical_name,
    normalise,
)

from assets.channels import all_channels
from benchhub.channel import Mode
from benchhub.crosswalk.model_names import parse_model_name
from benchhub.disagreements import disagreements
from benchhub.headline import build_scores as build_headline_scores
from benchhub.ingest import read_channel, store_channel_read
from benchhub.records import ScoreObservation, record_row
from benchhub.release.contents import benchmark_page
from benchhub.warehouse import ensure_tables, insert_rows, sql_text
from tests.conftest import BuiltRegistry

SCORE_CHANNELS = (
    "aider",
    "epoch_ai",
    "every_eval_ever",
    "harbor",
    "helm_results",
    "inspect_evals",
    "livebench",
    "lmarena",
    "open_llm_leaderboard",
    "papers_with_code",
    "swebench",
    "terminal_bench",
    "vendor_model_cards",
)
BOUNDS = {"fraction": (0.0, 1.0), "percent": (0.0, 100.0)}


def build_scores(con: duckdb.DuckDBPyConnection) -> None:
    """Map every staged name to itself, then run the real scores SQL."""
    for table in ("benchmark_aliases", "model_aliases", "reproduced_runs"):
        con.execute(sql_text(table))
    con.execute(
        "INSERT INTO benchmark_aliases "
        "SELECT DISTINCT channel, benchmark_key, benchmark_name, benchmark_key FROM channel_scores"
    )
    names = [r[0] for r in con.execute("SELECT DISTINCT model_name FROM channel_scores").fetchall()]
    parsed = [parse_model_name(name) for name in names]
    split = pa.table(
        {
            "name": names,
            "base": [p.base for p in parsed],
            "settings": [json.dumps(p.settings) for p in parsed],
        }
    )
    con.register("split", split)
    con.execute(
        "INSERT INTO model_aliases SELECT DISTINCT s.channel, p.name, "
        "nullif(trim(s.settings ->> 'scaffold'), ''), p.base, p.settings "
        "FROM channel_scores s JOIN split p ON p.name = s.model_name"
    )
    con.unregister("split")
    con.execute(sql_text("reproduced_medians"))
    build_headline_scores(con)


def scores_from(observations: Iterable[ScoreObservation]) -> list[dict[str, Any]]:
    """`scores` rows for some observations, built by the real staging table and scores SQL."""
    con = duckdb.connect()
    try:
        ensure_tables(con)
        stamp = {"loaded_at": datetime.now(UTC)}
        insert_rows(con, "channel_scores", [record_row(o) for o in observations], stamp)
        build_scores(con)
        return con.sql("SELECT * FROM scores ORDER BY ALL").arrow().read_all().to_pylist()
    finally:
        con.close()


@pytest.fixture(scope="module")
def warehouse() -> duckdb.DuckDBPyConnection:
    channels = {c.name: c for c in all_channels()}
    con = duckdb.connect()
    for name in SCORE_CHANNELS:
        store_channel_read(con, read_channel(channels[name], Mode.REPLAY))
    build_scores(con)
    yield con
    con.close()


def one(con: duckdb.DuckDBPyConnection, where: str, *params: Any) -> dict[str, Any]:
    rows = con.execute(f"SELECT * FROM scores WHERE {where}", list(params)).fetchall()
    columns = [d[0] for d in con.description]
    assert len(rows) == 1, f"{len(rows)} rows for {where} {params}"
    row = dict(zip(columns, rows[0], strict=True))
    row["settings"] = json.loads(row["settings"])
    return row


# --- the settings vocabulary -------------------------------------------------------------------


def test_every_alias_names_a_canonical_setting() -> None:
    assert set(ALIASES.values()) <= set(CANONICAL)
    assert not set(ALIASES) & set(CANONICAL)
    assert not BOOKKEEPING & set(CANONICAL)


@pytest.mark.parametrize(
    ("published", "canonical"),
    [
        ({"num_fewshot": 5}, {"shots": 5}),
        ({"n_shot": "5"}, {"shots": 5}),
        ({"use_few_shot": "false"}, {"shots": 0}),
        ({"shots": "3-5"}, {"shots": "3-5"}),  # a range stays as published
        ({"use_chain_of_thought": "True"}, {"cot": True}),
        ({"thinking_tokens": 32000}, {"thinking_budget": 32000}),
        ({"thinking_budget": "32K"}, {"thinking_budget": "32K"}),  # 32000 or 32768: not guessed
        ({"agent_scaffold": "SWE-Agent", "runs": "2"}, {"scaffold": "SWE-Agent", "runs": 2}),
        ({"verified_by_maintainers": False}, {"verified": False}),
        ({"category": "coding"}, {"subset": "coding"}),
        ({"Note": "Constituent parser"}, {"note": "Constituent parser"}),
        ({"reasoning_effort": "High"}, {"reasoning_effort": "high"}),
        ({"revision": "", "precision": None}, {}),
    ],
)
def test_settings_are_normalised(published: dict[str, Any], canonical: dict[str, Any]) -> None:
    assert normalise(published) == canonical


def test_a_collision_keeps_both_values() -> None:
    # HELM records both a subset and the subjects it averaged: neither is dropped.
    settings = {"subset": "gpqa_main", "subject": ["a", "b"], "samples": 10, "n_evaluated": 10}
    assert normalise(settings) == {"subset": "gpqa_main", "subject": ["a", "b"], "n_evaluated": 10}
    assert canonical_name("pass@k") == "attempts"


# --- real records per channel ------------------------------------------------------------------


def test_every_staged_score_lands_once(warehouse: duckdb.DuckDBPyConnection) -> None:
    staged = dict(
        warehouse.execute("SELECT channel, count(*) FROM channel_scores GROUP BY 1").fetchall()
    )
    built = dict(warehouse.execute("SELECT channel, count(*) FROM scores GROUP BY 1").fetchall())
    assert set(staged) == set(SCORE_CHANNELS)
    assert built == staged


def test_labels_follow_the_publishers_relationship(warehouse: duckdb.DuckDBPyConnection) -> None:
    pairs = warehouse.execute(
        "SELECT DISTINCT s.relationship, x.label FROM channel_scores s JOIN scores x "
        "ON x.channel = s.channel AND x.source_url = s.source_url AND x.raw_value = s.raw_value "
        "AND x.model_as_published = s.model_name"
    ).fetchall()
    assert sorted(pairs) == [("first_party", "self_reported"), ("third_party", "independent")]


def test_values_sources_and_settings_are_clean(warehouse: duckdb.DuckDBPyConnection) -> None:
    rows = warehouse.execute("SELECT scale, value, source_url, settings FROM scores").fetchall()
    for scale, value, url, _ in rows:
        low, high = BOUNDS.get(scale, (float("-inf"), float("inf")))
        assert low <= value <= high, (scale, value, url)
        assert url.startswith("http"), url
    staged_keys = {
        k
        for (s,) in warehouse.execute("SELECT settings FROM channel_scores").fetchall()
        for k in json.loads(s or "{}")
    }
    built_keys = {k for *_, s in rows for k in json.loads(s)}
    # every alias the channels publish was renamed; the staged rows kept theirs
    assert {"num_fewshot", "test_cases", "agent_scaffold", "category"} & staged_keys
    assert not built_keys & set(ALIASES)


def test_vendor_card_labels_per_column(warehouse: duckdb.DuckDBPyConnection) -> None:
    own = one(
        warehouse,
        # the base-model table: the card heading says so (docs/models.md)
        "channel = 'vendor_model_cards' AND model_as_published = 'DeepSeek-V3 Pretrained' "
        "AND benchmark_id = 'deepseek-ai__DeepSeek-V3__README#MMLU'",
    )
    rival = one(
        warehouse,
        "channel = 'vendor_model_cards' AND model_as_published = 'GPT-4o 0513' "
        "AND benchmark_id = 'deepseek-ai__DeepSeek-V3__README#MMLU'",
    )
    assert (own["label"], own["value"], own["scale"], own["raw_value"]) == (
        "self_reported",
        87.1,
        "percent",
        "**87.1**",
    )
    assert own["settings"] == {"section": "Standard Benchmarks", "shots": 5}
    assert rival["label"] == "independent" and rival["value"] == 87.2  # DeepSeek ran GPT-4o
    assert own["source_url"].startswith("https://github.com/deepseek-ai/DeepSeek-V3/blob/")


def test_epoch_gpqa_effort_from_the_model_name(warehouse: duckdb.DuckDBPyConnection) -> None:
    high = one(
        warehouse,
        "channel = 'epoch_ai' AND model_as_published = 'gpt-5.1_high' "
        "AND benchmark_id = 'runs/GPQA diamond'",
    )
    assert (high["label"], high["value"], high["scale"], high["harness"]) == (
        "independent",
        0.876,
        "fraction",
        "inspect_ai",
    )
    assert high["settings"]["reasoning_effort"] == "high"
    assert high["source_url"].startswith("https://logs.epoch.ai/")
    self_reported = warehouse.execute(
        "SELECT count(*) FROM scores WHERE channel = 'epoch_ai' AND label = 'self_reported'"
    ).fetchall()[0][0]
    assert self_reported == 682  # Epoch's external rows whose source is the developer's report


def test_aider_attempts_and_cases(warehouse: duckdb.DuckDBPyConnection) -> None:
    rows = warehouse.execute(
        "SELECT value, settings FROM scores WHERE channel = 'aider' "
        "AND model_as_published = 'o3-mini (high)' AND benchmark_id = 'polyglot' ORDER BY value"
    ).fetchall()
    settings = [json.loads(s) for _, s in rows]
    assert [v for v, _ in rows] == [21.0, 60.4]
    assert [s["attempts"] for s in settings] == [1, 2]
    assert {s["n_evaluated"] for s in settings} == {224}  # Aider's `test_cases`
    assert {s["reasoning_effort"] for s in settings} == {"high"}  # from the model name


def test_terminal_bench_self_submitted(warehouse: duckdb.DuckDBPyConnection) -> None:
    rows = warehouse.execute(
        "SELECT model_as_published, value, settings FROM scores "
        "WHERE channel = 'terminal_bench' AND label = 'self_reported' ORDER BY value"
    ).fetchall()
    assert [(m, v) for m, v, _ in rows] == [("claude-sonnet-4", 0.355), ("claude-opus-4", 0.432)]
    settings = json.loads(rows[0][2])
    assert settings["scaffold"] == "Claude Code" and settings["verified"] is False
    assert settings["benchmark_version"] == "terminal-bench-core==0.1.1"


def test_eee_hal_settings(warehouse: duckdb.DuckDBPyConnection) -> None:
    hal = one(
        warehouse,
        "channel = 'every_eval_ever' AND "
        "model_as_published = 'anthropic/claude-3-7-sonnet-20250219' AND value = 0.26",
    )
    assert hal["label"] == "independent" and hal["scale"] == "fraction"
    assert hal["source_url"] == "https://hal.cs.princeton.edu/swebench_verified_mini"
    assert {k: hal["settings"][k] for k in ("scaffold", "runs", "verified", "tools")} == {
        "scaffold": "HAL Generalist Agent",
        "runs": 1,
        "verified": True,
        "tools": ["bash", "edit_file", "read_file"],
    }


def test_helm_subjects_and_instances(warehouse: duckdb.DuckDBPyConnection) -> None:
    mmlu = one(
        warehouse,
        "channel = 'helm_results' AND model_as_published = "
        "'openai/gpt-4o-2024-05-13' AND benchmark_id = 'helm_lite:MMLU'",
    )
    assert (mmlu["value"], mmlu["scale"], mmlu["harness"]) == (0.748, "fraction", "helm")
    assert mmlu["settings"]["n_evaluated"] == 514
    assert mmlu["settings"]["subset"][0] == "abstract_algebra"  # HELM's `subject`
    minus_one = warehouse.execute(
        "SELECT count(*) FROM scores WHERE channel = 'helm_results' AND value < 0"
    ).fetchall()[0][0]
    assert minus_one == 0  # HELM's -1 "No matching runs" is a missing cell


@pytest.mark.parametrize(
    ("channel", "model", "benchmark", "value", "scale", "settings"),
    [
        (
            "open_llm_leaderboard",
            "Qwen/Qwen2.5-72B-Instruct",
            "v2/bbh",
            0.727274732174482,
            "fraction",
            {"shots": 3, "precision": "bfloat16", "chat_template": True},
        ),
        (
            "livebench",
            "o3-mini-2025-01-31-high",
            "livebench/task/AMPS_Hard",
            88.0,
            "percent",
            {"benchmark_version": "2024-11-25", "reasoning_effort": "high"},
        ),
        ("inspect_evals", "gpt-5.1-2025-11-13", "gpqa", 0.652, "fraction", {}),
        (
            "inspect_evals",
            "gpt-5-2025-03-01-preview (high)",
            "cti_realm",
            0.5633,
            "fraction",
            {"reasoning_effort": "high"},
        ),
    ],
)
def test_known_scores(
    warehouse: duckdb.DuckDBPyConnection,
    channel: str,
    model: str,
    benchmark: str,
    value: float,
    scale: str,
    settings: dict[str, Any],
) -> None:
    rows = warehouse.execute(
        "SELECT scale, label, settings FROM scores "
        "WHERE channel = ? AND model_as_published = ? AND benchmark_id = ? AND value = ?",
        [channel, model, benchmark, value],
    ).fetchall()
    # LiveBench repeats a number across releases: one of the rows is the one meant
    assert any(
        (found_scale, label) == (scale, "independent")
        and settings.items() <= json.loads(found).items()
        for found_scale, label, found in rows
    ), rows


def test_lmarena_interval_and_category(warehouse: duckdb.DuckDBPyConnection) -> None:
    row = one(
        warehouse,
        "channel = 'lmarena' AND model_as_published = 'gemini-2.5-pro' "
        "AND value = 1517.2954756980423",
    )
    assert row["scale"] == "elo" and row["ci_low"] < row["value"] < row["ci_high"]
    assert row["settings"] == {"subset": "chinese", "style_control": False}


def test_reproduced_median_lands_with_its_runs() -> None:
    con = duckdb.connect()
    try:
        ensure_tables(con)
        con.execute(sql_text("reproduced_runs"))
        key = json.dumps({"agent": "oracle", "settings": {"n_attempts": 1}}, sort_keys=True)
        now = datetime(2026, 11, 1, tzinfo=UTC)
        for i, score in enumerate([40.0, 50.0, 55.0, 60.0, 70.0, 80.0]):
            con.execute(
                "INSERT INTO reproduced_runs (run_id, benchmark_id, model_id, model, agent, "
                "harness, harbor_version, cli_version, settings_key, score, n_tasks, n_attempts, "
                "sample_n, results_sha256, submitter, created_at, received_at, source_file) "
                "VALUES (?, 'gsm8k', 'gpt-4o', 'gpt-4o', 'oracle', 'harbor', '0.25.0', '0.1.0', "
                "?, ?, 10, 1, 10, ?, 'anonymous', ?, ?, 'f.json')",
                [f"run{i}", key, score, f"{i:064d}", now, now],
            )
        build_scores(con)
        row = con.sql("SELECT * FROM scores").arrow().read_all().to_pylist()
    finally:
        con.close()
    assert len(row) == 1
    assert (row[0]["label"], row[0]["value"], row[0]["n_runs"]) == ("reproduced", 57.5, 6)
    assert (row[0]["ci_low"], row[0]["ci_high"]) == (40.0, 80.0)
    assert json.loads(row[0]["settings"]) == {"attempts": 1, "scaffold": "oracle"}


# --- the full build ------------------------------------------------------------------------------


def test_built_registry_per_channel(built_registry: BuiltRegistry) -> None:
    con = duckdb.connect(str(built_registry.warehouse), read_only=True)
    try:
        per_channel = con.sql(
            """
            SELECT s.channel, count(*) AS staged,
                   count(*) FILTER (a.benchmark_id IS NULL OR m.model_id IS NULL) AS unmapped,
                   any_value(x.n) AS landed
            FROM channel_scores s
            LEFT JOIN (SELECT DISTINCT channel, source_key, benchmark_id FROM benchmark_aliases) a
                ON a.channel = s.channel AND a.source_key = s.benchmark_key
            LEFT JOIN (SELECT DISTINCT channel, source_name, scaffold, model_id
                       FROM model_aliases) m
                ON m.channel = s.channel AND m.source_name = s.model_name
                AND m.scaffold IS NOT DISTINCT FROM nullif(trim(s.settings ->> 'scaffold'), '')
            LEFT JOIN (SELECT channel, count(*) AS n FROM scores GROUP BY 1) x
                ON x.channel = s.channel
            GROUP BY 1
            """
        ).fetchall()
        assert {c for c, *_ in per_channel} == set(SCORE_CHANNELS)
        for channel, staged, unmapped, landed in per_channel:
            assert landed == staged - unmapped, channel  # no score counted twice, none lost
        grid = con.sql(
            "SELECT count(*), count(*) FILTER (value IS NULL), sum(n_scores) FROM leaderboard"
        ).fetchall()[0]
        headlines = con.sql("SELECT count(*) FROM scores WHERE kind = 'headline'").fetchall()
        # every cell is a headline score, none filled in, every headline score in one cell
        assert grid[1] == 0 and grid[2] == headlines[0][0]
    finally:
        con.close()


# --- disagreements on the release page -----------------------------------------------------------


def test_a_page_says_why_gpqa_numbers_for_gpt_5_1_disagree(
    warehouse: duckdb.DuckDBPyConnection,
) -> None:
    # Epoch ran gpt-5.1 at two efforts, inspect_evals' README reports it with none recorded
    # (INVENTORY.md: "the join key has to include settings"). The crosswalk maps both channels'
    # GPQA Diamond to one benchmark; here the rows are put on one page by hand.
    rows = (
        warehouse.sql(
            "SELECT * REPLACE ('gpqa-diamond' AS benchmark_id, 'gpt-5.1' AS model_id) FROM scores "
            "WHERE (channel = 'epoch_ai' AND benchmark_id = 'runs/GPQA diamond' "
            "       AND model_as_published IN ('gpt-5.1_high', 'gpt-5.1_medium')) "
            "   OR (channel = 'inspect_evals' AND benchmark_id = 'gpqa' "
            "       AND model_as_published = 'gpt-5.1-2025-11-13')"
        )
        .arrow()
        .read_all()
        .to_pylist()
    )
    benchmark = {"benchmark_id": "gpqa-diamond", "name": "GPQA Diamond", "tier": "auto"}
    page = benchmark_page(benchmark, [], rows, [])
    [entry] = page["disagreements"]
    assert [page["scores"][i]["value"] for i in entry["scores"]] == entry["values"]
    assert entry["values"] == [0.876, 0.85, 0.652]
    assert entry["differ"]["settings.reasoning_effort"] == ["high", "medium", None]
    assert entry["differ"]["harness"] == ["inspect_ai", "inspect_ai", "inspect_evals"]
    assert "settings.reasoning_effort" in entry["not_recorded"]
    assert "label" not in entry["differ"]  # all three are independent


def test_no_disagreement_without_a_difference() -> None:
    score = {
        "model_id": "m",
        "label": "independent",
        "value": 0.5,
        "scale": "fraction",
        "value_percent": 50.0,
        "source_url": "https://a",
        "settings": {"shots": 5, "section": "Table 1"},
    }
    relayed = score | {"value": 50.0, "scale": "percent", "source_url": "https://b"}
    # one number relayed on another scale, and a table's section (bookkeeping): nothing to explain
    assert disagreements([score, relayed]) == []
    assert disagreements([score, score | {"settings": {"shots": 5, "section": "Table 2"}}]) == []
    zero_shot = score | {"value": 0.6, "value_percent": 60.0, "settings": {"shots": 0}}
    assert disagreements([score, zero_shot]) == [
        {
            "model_id": "m",
            "scores": [0, 1],
            "values": [0.5, 0.6],
            "differ": {"settings.shots": [5, 0]},
            "not_recorded": [],
        }
    ]
    assert disagreements([score]) == []
