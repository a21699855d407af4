"""Tier rules on merged records built by hand from the real channel recordings, and the
curation file of reviews by a person overriding them."""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from benchhub.catalog import MergedBenchmark
from benchhub.review.curation import CURATION_PATH, CurationError, load_curation
from benchhub.review.heuristic import HeuristicReviewer
from benchhub.review.model import Review
from benchhub.tiers import (
    IMPORTANT_FIELDS,
    MAX_MISSING_AUTO,
    MAX_MISSING_VERIFIED,
    assign_tier,
    corrected_record,
    independent_sources,
    missing_fields,
)

TODAY = date(2026, 11, 29)
REVIEWER = HeuristicReviewer(lambda: TODAY)


# --- records as the crosswalk would merge them, with values copied from recordings/channels ---


def mmlu_pro() -> MergedBenchmark:
    """inspect_evals mmlu_pro/eval.yaml, the HF card TIGER-Lab/MMLU-Pro (license: mit) and the
    GitHub repo TIGER-AI-Lab/MMLU-Pro (LICENSE first line "Apache License")."""
    return MergedBenchmark(
        benchmark_id="mmlu-pro",
        name="MMLU-Pro",
        aliases=["MMLU Pro", "MMLU-PRO", "mmlu-pro", "mmlu_pro"],
        description="An advanced benchmark that tests both broad knowledge and reasoning "
        "capabilities across many subjects, featuring challenging questions and multiple-choice "
        "answers with increased difficulty and complexity.",
        paper_url="https://arxiv.org/abs/2406.01574",
        arxiv_id="2406.01574",
        hf_dataset="TIGER-Lab/MMLU-Pro",
        github_url="https://github.com/TIGER-AI-Lab/MMLU-Pro",
        license="mit",
        code_license="Apache License",
        metric="accuracy",
        sample_count=12032,
        languages=["en"],
        capability_hints=["Knowledge", "MCQ"],
        channels=["evalscope", "github", "huggingface", "inspect_evals", "lm_eval_harness"],
        provenance={
            "license": "huggingface",
            "code_license": "github",
            "sample_count": "inspect_evals",
        },
    )


def gpqa_diamond() -> MergedBenchmark:
    """inspect_evals gpqa (198 samples), lm-eval gpqa_diamond_zeroshot (Idavidrein/gpqa),
    lighteval gpqa.py, evalscope gpqa_diamond, openbench gpqa_diamond, and the Harbor
    gpqa-diamond adapter README (cc-by-4.0)."""
    return MergedBenchmark(
        benchmark_id="gpqa-diamond",
        name="GPQA Diamond",
        aliases=["GPQA Diamond", "GPQA-Diamond", "gpqa-diamond", "gpqa:diamond", "gpqa_diamond"],
        description="Contains challenging multiple-choice questions created by domain experts in "
        "biology, physics, and chemistry, designed to test advanced scientific understanding "
        "beyond basic internet searches. Experts at PhD level in the corresponding domains "
        "reach 65% accuracy.",
        paper_url="https://arxiv.org/abs/2311.12022",
        arxiv_id="2311.12022",
        hf_dataset="Idavidrein/gpqa",
        license="cc-by-4.0",
        metric="accuracy",
        sample_count=198,
        capability_hints=["Knowledge", "MCQ", "science", "graduate-level", "reasoning"],
        harbor="adapter",
        channels=["evalscope", "harbor", "inspect_evals", "lighteval", "lm_eval_harness"],
    )


def cybench_avatar_challenge() -> MergedBenchmark:
    """inspect_evals cybench/challenges/avatar/eval.yaml: one CTF challenge, flagged by the
    channel parser."""
    return MergedBenchmark(
        benchmark_id="avatar",
        name="avatar",
        aliases=["avatar"],
        channels=["inspect_evals"],
        capability_hints=["misc"],
        is_benchmark=False,
        not_benchmark_reason="per-challenge eval.yaml of a CTF eval (cybench), not a benchmark",
    )


def aclue_template() -> MergedBenchmark:
    """lm-eval tasks/aclue/_default_template_yaml: a config include, not flagged by a channel."""
    return MergedBenchmark(
        benchmark_id="default-template-yaml",
        name="_default_template_yaml",
        aliases=["_default_template_yaml"],
        hf_dataset="tyouisen/aclue",
        metric="acc",
        channels=["lm_eval_harness"],
    )


def livebench_task() -> MergedBenchmark:
    """A LiveBench task column: only a name and a category from one leaderboard."""
    return MergedBenchmark(
        benchmark_id="zebra-puzzle",
        name="zebra_puzzle",
        aliases=["zebra_puzzle"],
        capability_hints=["reasoning"],
        channels=["livebench"],
    )


def write_curation(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "reviews.yaml"
    path.write_text(text, encoding="utf-8")
    return path


MMLU_PRO_CURATION = """
mmlu-pro:
  decision: publish
  reviewer: Test Reviewer
  date: 2026-11-30
  notes: licence checked against the dataset card
  corrections:
    - field: license
      new: MIT
      reason: the HF dataset card says MIT; the repo's Apache-2.0 covers the code
"""


# --- tiers ---


def test_mmlu_pro_data_and_code_licences_are_two_facts_not_a_conflict() -> None:
    record = mmlu_pro()
    result = assign_tier(record, REVIEWER.review(record), None)
    assert result.tier == "verified"
    assert result.missing_fields == []


def test_a_licence_conflict_keeps_it_auto_until_a_person_decides(tmp_path: Path) -> None:
    record = dataclasses.replace(
        mmlu_pro(),
        conflicts={
            "license": [
                {"channel": "huggingface", "value": "mit"},
                {"channel": "github", "value": "CC-BY-4.0"},
            ]
        },
    )
    result = assign_tier(record, REVIEWER.review(record), None)
    assert result.tier == "auto"
    assert any(
        "disagree on license: MIT (huggingface); CC-BY-4.0 (github)" in r for r in result.reasons
    )

    curated = load_curation(write_curation(tmp_path, MMLU_PRO_CURATION))["mmlu-pro"]
    result = assign_tier(record, REVIEWER.review(record), curated)
    assert result.tier == "verified"
    assert result.reasons[0] == (
        "reviewed by Test Reviewer on 2026-11-30: licence checked against the dataset card"
    )


def test_gpqa_confirmed_by_five_channels_is_verified() -> None:
    record = gpqa_diamond()
    result = assign_tier(record, REVIEWER.review(record), None)
    assert result.tier == "verified"
    assert result.missing_fields == []
    assert result.reasons[0].startswith("confirmed by 5 independent sources (evalscope, harbor")


def test_a_channel_copying_another_is_no_independent_confirmation() -> None:
    record = dataclasses.replace(
        gpqa_diamond(), channels=["helm", "helm_results", "every_eval_ever"]
    )
    result = assign_tier(record, REVIEWER.review(record), None)
    assert result.tier == "auto"
    assert "not verified: 1 independent source(s) list it (helm); verified needs 2" in (
        result.reasons
    )
    assert independent_sources(["lm_eval_harness", "open_llm_leaderboard"]) == ["lm_eval_harness"]


def test_gpqa_from_one_channel_is_only_auto() -> None:
    record = dataclasses.replace(gpqa_diamond(), channels=["inspect_evals"])
    result = assign_tier(record, REVIEWER.review(record), None)
    assert result.tier == "auto"
    assert (
        "not verified: 1 independent source(s) list it (inspect_evals); verified needs 2"
        in result.reasons
    )


def test_ctf_challenge_and_template_are_rejected_with_the_reason() -> None:
    challenge = cybench_avatar_challenge()
    result = assign_tier(challenge, REVIEWER.review(challenge), None)
    assert result.tier is None and not result.published
    assert "CTF eval (cybench)" in result.reasons[0]

    template = aclue_template()
    result = assign_tier(template, REVIEWER.review(template), None)
    assert result.tier is None
    assert "config template" in result.reasons[0]


def test_a_person_can_reject_a_published_record_and_publish_a_rejected_one(
    tmp_path: Path,
) -> None:
    curation = load_curation(
        write_curation(
            tmp_path,
            """
gpqa-diamond: {decision: reject, reviewer: A, date: 2026-11-30, notes: duplicate of gpqa}
default-template-yaml: {decision: publish, reviewer: B, date: "2026-12-01"}
""",
        )
    )
    gpqa = gpqa_diamond()
    result = assign_tier(gpqa, REVIEWER.review(gpqa), curation["gpqa-diamond"])
    assert result.tier is None
    assert result.reasons == ["rejected by A on 2026-11-30: duplicate of gpqa"]

    template = aclue_template()
    result = assign_tier(template, REVIEWER.review(template), curation["default-template-yaml"])
    assert result.tier == "verified"
    assert result.missing_fields == ["description", "paper", "license", "sample_count"]


def test_needs_human_is_published_as_incomplete_never_verified() -> None:
    record = dataclasses.replace(gpqa_diamond(), arxiv_id="2406.01574")  # MMLU-Pro's paper
    review = REVIEWER.review(record)
    assert review.decision == "needs_human"
    result = assign_tier(record, review, None)
    assert result.tier == "incomplete"
    assert result.reasons[0].startswith("waiting for a person's review")


def test_a_fallback_review_is_never_verified() -> None:
    record = gpqa_diamond()
    review = dataclasses.replace(REVIEWER.review(record), fallback="openai (m): endpoint error")
    result = assign_tier(record, review, None)
    assert result.tier == "auto"
    assert any("the review is a fallback" in r for r in result.reasons)


def test_a_sparse_leaderboard_task_is_incomplete_with_what_is_missing() -> None:
    record = livebench_task()
    result = assign_tier(record, REVIEWER.review(record), None)
    assert result.tier == "incomplete"
    assert result.missing_fields == list(IMPORTANT_FIELDS)


@pytest.mark.parametrize(
    ("removed", "tier"),
    [
        ((), "verified"),
        (("metric",), "verified"),
        (("metric", "sample_count"), "auto"),
        (("metric", "sample_count", "description"), "auto"),
        (("metric", "sample_count", "description", "hf_dataset"), "incomplete"),
    ],
)
def test_thresholds_on_missing_fields(removed: tuple[str, ...], tier: str) -> None:
    cleared: dict[str, Any] = dict.fromkeys(removed)
    record = dataclasses.replace(gpqa_diamond(), **cleared)
    assert len(missing_fields(record)) == len(removed)
    assert MAX_MISSING_VERIFIED == 1 and MAX_MISSING_AUTO == 3
    assert assign_tier(record, REVIEWER.review(record), None).tier == tier


def test_important_fields_count_alternatives_and_unknown_licences() -> None:
    record = dataclasses.replace(
        gpqa_diamond(),
        paper_url=None,
        hf_dataset=None,
        github_url="https://github.com/idavidrein/gpqa",
    )
    assert missing_fields(record) == []  # arxiv_id stands for the paper, GitHub for the data
    assert missing_fields(dataclasses.replace(record, license="unknown")) == ["license"]
    assert missing_fields(dataclasses.replace(record, license="NA")) == ["license"]
    assert missing_fields(dataclasses.replace(record, license="Llama 3.1 Community")) == []


def test_corrections_are_applied_before_counting_missing_fields() -> None:
    record = dataclasses.replace(gpqa_diamond(), license="unknown", metric=None)
    review = REVIEWER.review(record)
    assert review.corrections == []  # "unknown" is already normalised
    assert assign_tier(record, review, None).missing_fields == ["license", "metric"]


def test_the_published_record_takes_the_person_s_correction_over_the_reviewer_s(
    tmp_path: Path,
) -> None:
    record = mmlu_pro()
    review = REVIEWER.review(record)
    curated = load_curation(
        write_curation(
            tmp_path,
            MMLU_PRO_CURATION.replace("new: MIT", "new: Apache-2.0"),
        )
    )["mmlu-pro"]
    assert corrected_record(record, review, None).license == "MIT"
    assert corrected_record(record, review, curated).license == "Apache-2.0"


def test_a_review_of_another_record_is_refused() -> None:
    with pytest.raises(ValueError, match="review of 'mmlu-pro' given for benchmark"):
        assign_tier(gpqa_diamond(), REVIEWER.review(mmlu_pro()), None)


# --- the curation file ---


def test_the_repository_curation_file_loads() -> None:
    assert isinstance(load_curation(CURATION_PATH), dict)


def test_curated_corrections_fill_old_values_from_the_record(tmp_path: Path) -> None:
    curated = load_curation(write_curation(tmp_path, MMLU_PRO_CURATION))["mmlu-pro"]
    [correction] = curated.corrections_for(mmlu_pro())
    assert (correction.field, correction.old, correction.new) == ("license", "mit", "MIT")
    assert correction.reason.endswith("(Test Reviewer)")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("x: {decision: maybe, reviewer: A, date: 2026-11-30}", "decision must be publish or"),
        ("x: {decision: publish, date: 2026-11-30}", "reviewer is required"),
        ("x: {decision: publish, reviewer: A, date: 30/11/2026}", "date must be an ISO date"),
        ("x: {decison: publish, reviewer: A, date: 2026-11-30}", "unknown keys ['decison']"),
        (
            "x: {decision: publish, reviewer: A, date: 2026-11-30, corrections: "
            "[{field: license, new: MIT-ish, reason: r}]}",
            "corrections[0]: license must be an SPDX id",
        ),
        (
            "x: {decision: publish, reviewer: A, date: 2026-11-30, corrections: "
            "[{field: sample_count, new: lots, reason: r}]}",
            "sample_count must be a non-negative integer",
        ),
    ],
)
def test_curation_errors_name_the_entry_and_the_problem(
    tmp_path: Path, entry: str, message: str
) -> None:
    with pytest.raises(CurationError, match="entry 'x'") as error:
        load_curation(write_curation(tmp_path, entry))
    assert message in str(error.value)


def test_review_fields_used_by_tiers_round_trip() -> None:
    review = REVIEWER.review(mmlu_pro())
    assert Review.from_dict(review.to_dict()) == review
