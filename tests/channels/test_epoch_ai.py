"""The Epoch AI channel on its real recording (replayed through the HTTP client)."""

from __future__ import annotations

from collections import Counter

import pytest

from assets.channels import epoch_ai
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import ChannelResult, ScoreObservation

RUNS_URL = (
    "https://raw.githubusercontent.com/epoch-research/benchmark-stitching/"
    "f87d3cc8e8a8f8471be475ebce58fb9a73b4e756/data/benchmarks_runs.csv"
)


@pytest.fixture(scope="module")
def payloads() -> dict[str, bytes]:
    return fetch_payloads(epoch_ai.CHANNEL, Mode.REPLAY)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(epoch_ai.CHANNEL)


def _scores(result: ChannelResult, key: str, model: str) -> list[ScoreObservation]:
    return [s for s in result.scores if s.benchmark_key == key and s.model_name == model]


def test_counts(result: ChannelResult) -> None:
    keys = Counter(c.source_key.split("/")[0] for c in result.candidates)
    assert keys == {"runs": 8, "external": 37, "epoch_capabilities_index": 1}
    assert len(result.scores) == 4768
    assert sum(s.benchmark_key.startswith("runs/") for s in result.scores) == 541
    assert len(result.issues) == 9
    assert len({c.source_key for c in result.candidates}) == len(result.candidates)


def test_candidate_names_come_from_epochs_benchmark_table(result: ChannelResult) -> None:
    by_key = {c.source_key: c for c in result.candidates}
    gpqa = by_key["runs/GPQA diamond"]
    assert gpqa.source_name == "GPQA diamond"
    assert gpqa.source_url == RUNS_URL
    assert gpqa.arxiv_id == "2311.12022"
    assert gpqa.release_date == "2023-11-20"
    assert by_key["external/deepresearch"].source_name == "DeepResearch Bench"
    assert by_key["external/aider_polyglot"].capability_hints == ("coding",)
    eci = by_key["epoch_capabilities_index"]
    assert not eci.is_benchmark and eci.not_benchmark_reason


def test_own_run_keeps_model_as_spelled_and_effort_in_settings(result: ChannelResult) -> None:
    (score,) = _scores(result, "runs/GPQA diamond", "gpt-5.1_high")
    assert (score.value, score.scale, score.stderr) == (0.876, "fraction", 0.02)
    assert score.relationship == "third_party"
    assert score.source_url.startswith("https://logs.epoch.ai/inspect-viewer/")
    assert score.source_url.endswith("CSVtMksEVjBNsGJGjW4GcQ.eval")
    assert score.settings["reasoning_effort"] == "high"
    assert score.settings["scorer"] == "choice"
    assert score.reported_at == "2025-11-13"
    assert score.harness == "inspect_ai"


def test_thinking_budget_suffix_is_a_setting(result: ChannelResult) -> None:
    budgets = {
        s.settings.get("thinking_budget")
        for s in result.scores
        if s.model_name == "claude-sonnet-4-5-20250929_32K"
    }
    assert budgets == {"32K"}
    assert not any(
        "reasoning_effort" in s.settings for s in result.scores if "_32K" in s.model_name
    )


def test_best_of_two_scorers_takes_the_matching_stderr(result: ChannelResult) -> None:
    # "choice:0.77±0.03,choice:0.8±0.02", best 0.797: the second scorer's stderr.
    (score,) = _scores(result, "runs/GPQA diamond", "claude-3-7-sonnet-20250219_64K")
    assert score.value == 0.797 and score.stderr == 0.02


def test_runs_without_a_log_link_cite_the_csv(result: ChannelResult) -> None:
    (score,) = _scores(
        result, "runs/FrontierMath-2025-02-28-Private", "gemini-2.5-deep-think-2025-08-01-webapp"
    )
    assert score.source_url == RUNS_URL
    assert score.settings["manually_evaluated"] is True
    assert score.reported_at is None


def test_external_percent_string_with_stderr(result: ChannelResult) -> None:
    apex2 = [
        s
        for s in _scores(result, "external/terminal_bench", "claude-sonnet-4-5-20250929")
        if s.settings.get("scaffold") == "Apex2" and s.raw_value == "64.5%"
    ]
    (score,) = apex2
    assert (score.value, score.scale, score.stderr) == (64.5, "percent", 0.6)
    assert score.source_url == "https://www.tbench.ai/leaderboard"
    assert score.publisher == "Terminal-Bench Leaderboard"
    assert score.model_developer == "Anthropic"
    assert score.relationship == "third_party"


def test_aider_copy_matches_aiders_second_attempt(result: ChannelResult) -> None:
    (score,) = _scores(result, "external/aider_polyglot", "o3-mini-2025-01-31_high")
    assert score.value == 60.4
    assert score.settings == {"reasoning_effort": "high", "edit_format": "diff", "attempts": 2}


def test_developer_reports_are_first_party_only_for_their_own_models(
    result: ChannelResult,
) -> None:
    llama2 = [s for s in result.scores if (s.publisher or "").startswith("Llama 2:")]
    relationship = {s.model_name: s.relationship for s in llama2}
    assert relationship["Llama-2-70b-hf"] == "first_party"
    assert relationship["mpt-7b"] == "third_party"
    assert relationship["falcon-40b"] == "third_party"
    # Epoch's title is longer than the listed prefix ("...: Opus, Sonnet, Haiku").
    claude3 = [s for s in result.scores if (s.publisher or "").startswith("The Claude 3 Model")]
    assert claude3 and {s.relationship for s in claude3} == {"first_party"}
    # A 2021 Google paper quoting DeepMind's Gopher is not DeepMind's own report.
    glam_gopher = [
        s
        for s in result.scores
        if (s.publisher or "").startswith("GLaM") and s.model_name.startswith("Gopher")
    ]
    assert glam_gopher and {s.relationship for s in glam_gopher} == {"third_party"}
    leaderboards = [s for s in result.scores if s.publisher == "ARC Prize Leaderboard"]
    assert leaderboards and {s.relationship for s in leaderboards} == {"third_party"}


def test_subset_columns_become_settings(result: ChannelResult) -> None:
    arc = _scores(result, "external/arc_ai2", "Yi-6B")
    assert {s.settings["subset"] for s in arc} >= {"Challenge"}
    assert all(s.settings["shots"] == 25 for s in arc)  # "25-shot"
    metr = _scores(result, "external/metr", "claude-3-5-sonnet-20240620")
    horizon = next(s for s in metr if s.scale == "other")
    assert (horizon.value, horizon.ci_low, horizon.ci_high) == (18.21683, 9.492954, 34.472569)


def test_a_base_row_filed_under_the_lines_version_names_the_base_weights(
    result: ChannelResult,
) -> None:
    # external_benchmark_arc_ai2.csv: Name "DeepSeek-V3 Base", Model version "DeepSeek-V3"
    base = _scores(result, "external/arc_ai2", "DeepSeek-V3 Pretrained")
    assert {s.value for s in base if s.settings.get("subset") == "Challenge"} == {95.3}
    assert not [s for s in _scores(result, "external/arc_ai2", "DeepSeek-V3") if s.value == 95.3]


def test_bom_and_multiline_notes(payloads: dict[str, bytes], result: ChannelResult) -> None:
    assert payloads["external_benchmark_cybench.csv"].startswith(b"\xef\xbb\xbf")
    # The first record's Notes cell spans five lines; the second record still reads right.
    (unguided,) = [
        s
        for s in _scores(result, "external/cybench", "claude-3-7-sonnet-20250219")
        if s.settings.get("mode") == "unguided"
    ]
    assert unguided.value == 20.0
    # The record id is the first (BOM-prefixed) column: it shows in issue locations.
    locations = {i.location for i in result.issues}
    assert "external_benchmark_winogrande.csv:33 (rec9CyRHN8LPTzTOx)" in locations


def test_rows_without_source_link_or_model_are_located_issues(result: ChannelResult) -> None:
    messages = {i.location: i.message for i in result.issues}
    assert "source link" in messages["external_benchmark_geobench.csv:9 (recjQCnP7PGnXclzu)"]
    mixed = messages["external_benchmark_aider_polyglot.csv:10 (recFWD297UQP8MRYi)"]
    assert "without a model name" in mixed and "mix of o3" in mixed


def test_an_unreadable_file_is_an_issue_and_the_rest_loads(
    payloads: dict[str, bytes], result: ChannelResult
) -> None:
    broken = dict(payloads)
    broken["external_benchmark_mmlu.csv"] = b"<!DOCTYPE html><html><body>404</body></html>"
    damaged = epoch_ai.parse(broken)
    assert [i.location for i in damaged.issues if i.location == "external_benchmark_mmlu.csv"]
    assert "external/mmlu" not in {c.source_key for c in damaged.candidates}
    assert not [s for s in damaged.scores if s.benchmark_key == "external/mmlu"]
    assert len(damaged.scores) == len(result.scores) - 246
