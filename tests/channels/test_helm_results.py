"""The HELM channel: HELM Lite and Capabilities records in the EEE format (shared reader)."""

from __future__ import annotations

import pytest

from assets.channels import helm_results as helm
from benchhub.channel import run_channel
from benchhub.records import ChannelResult

LITE_JSON = (
    "https://storage.googleapis.com/crfm-helm-public/lite/benchmark_output/releases/v1.13.0/"
    "groups/core_scenarios.json"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(helm.CHANNEL)


def test_counts(result: ChannelResult) -> None:
    # HELM writes -1 for a model it never ran ("No matching runs"): an issue, not a score.
    assert (len(result.candidates), len(result.scores), len(result.issues)) == (16, 1317, 1)
    assert "No matching runs" in result.issues[0].message
    assert len([s for s in result.scores if s.benchmark_key.startswith("helm_lite:")]) == 909
    assert {s.relationship for s in result.scores} == {"third_party"}


def test_lite_benchmark_and_metric_from_the_column_name(result: ChannelResult) -> None:
    mmlu = next(c for c in result.candidates if c.source_key == "helm_lite:MMLU")
    assert mmlu.source_name == "MMLU" and mmlu.metric == "EM"
    assert mmlu.arxiv_id == "2009.03300" and mmlu.family == "helm_lite"
    assert mmlu.sample_count is None and mmlu.extra["evaluated_instances"] == [514]
    closed_book = next(c for c in result.candidates if c.source_name.startswith("NaturalQuestions"))
    assert (
        closed_book.source_name == "NaturalQuestions (closed-book)" and closed_book.metric == "F1"
    )


def test_lite_score(result: ChannelResult) -> None:
    score = next(
        s
        for s in result.scores
        if s.model_name == "openai/gpt-4o-2024-05-13" and s.benchmark_key == "helm_lite:MMLU"
    )
    assert (score.value, score.scale, score.raw_value) == (0.748, "fraction", "0.748")
    assert score.source_url == LITE_JSON and score.publisher == "crfm"
    assert score.harness == "helm" and score.model_developer == "openai"
    assert (
        score.settings["n_evaluated"] == 514 and score.settings["method"] == "multiple_choice_joint"
    )


def test_capabilities_score(result: ChannelResult) -> None:
    score = next(
        s
        for s in result.scores
        if s.model_name == "openai/gpt-5-2025-08-07" and s.benchmark_name == "GPQA"
    )
    assert (score.value, score.metric) == (0.791, "COT correct")
    assert score.settings == {
        "subset": "gpqa_main",
        "use_chain_of_thought": "true",
        "use_few_shot": "false",
        "n_evaluated": 446,
    }
    assert "capabilities/benchmark_output/releases/v1.15.0" in score.source_url


def test_leaderboard_aggregates_are_flagged(result: ChannelResult) -> None:
    flagged = {c.source_name for c in result.candidates if not c.is_benchmark}
    assert flagged == {"Mean win rate", "Mean score"}
    assert all(
        "aggregate" in (c.not_benchmark_reason or "")
        for c in result.candidates
        if not c.is_benchmark
    )
