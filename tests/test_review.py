"""The reviewers: heuristic rules on real records, and the openai reviewer through the real
`openai` client against a loopback OpenAI-protocol server (tests/openai_stub.py)."""

from __future__ import annotations

import dataclasses
import time
from datetime import date
from pathlib import Path

import duckdb
import pytest

from benchhub.axes import AXES
from benchhub.catalog import MergedBenchmark
from benchhub.review import (
    DuckDBReviewCache,
    HeuristicReviewer,
    InMemoryReviewCache,
    OpenAIReviewer,
    OpenAIReviewerConfig,
    ReviewConfigError,
    review_all,
    reviewer_from_env,
)
from benchhub.review.budget import Prices
from benchhub.review.licences import normalize_license
from benchhub.review.prompt import load_prompt
from benchhub.tiers import assign_tier
from tests.openai_stub import OpenAIStub
from tests.test_tiers import (
    aclue_template,
    cybench_avatar_challenge,
    gpqa_diamond,
    livebench_task,
    mmlu_pro,
)

TODAY = date(2026, 11, 29)
HEURISTIC = HeuristicReviewer(lambda: TODAY)


def catalogue(n: int) -> list[MergedBenchmark]:
    """n distinct, complete records (variants of GPQA Diamond)."""
    return [
        dataclasses.replace(gpqa_diamond(), benchmark_id=f"gpqa-{i}", name=f"GPQA {i}")
        for i in range(n)
    ]


def openai_reviewer(stub: OpenAIStub, **overrides: object) -> OpenAIReviewer:
    return OpenAIReviewer(stub.config(**overrides), today=lambda: TODAY)


# --- licences ---


@pytest.mark.parametrize(
    ("raw", "spdx"),
    [
        ("mit", "MIT"),
        ("MIT License", "MIT"),
        ("The MIT License", "MIT"),
        ("apache-2.0", "Apache-2.0"),
        ("Apache 2.0", "Apache-2.0"),
        ("Apache License 2.0", "Apache-2.0"),
        ("Apache License", "Apache-2.0"),
        ("cc-by-4.0", "CC-BY-4.0"),
        ("CC BY-SA 4.0", "CC-BY-SA-4.0"),
        ("cc-by-nc-4.0", "CC-BY-NC-4.0"),
        ("Attribution-NonCommercial-ShareAlike 4.0 International", "CC-BY-NC-SA-4.0"),
        ("BSD 3-Clause New or Revised License", "BSD-3-Clause"),
        ("Mozilla Public License Version 2.0", "MPL-2.0"),
        ("c-uda", "C-UDA-1.0"),
        ("Llama 3.1 Community", "other"),
        ("Llama 4", "other"),
        ("Modified MIT", "other"),
        ("Proprietary", "other"),
        ("https://github.com/hendrycks/math/blob/main/LICENSE", "other"),
        ("unknown", "unknown"),
        ("NA", "unknown"),
        ("", "unknown"),
    ],
)
def test_licence_spellings_seen_in_the_channels_normalise_to_spdx(raw: str, spdx: str) -> None:
    assert normalize_license(raw).value == spdx


# --- heuristic reviewer ---


def test_heuristic_publishes_mmlu_pro_normalises_its_licence_and_sees_no_conflict() -> None:
    """The data's licence (MIT, its HF card) and the code's (Apache-2.0, its repository) are
    different facts (docs/catalogue.md), not channels disagreeing."""
    review = HEURISTIC.review(mmlu_pro())
    assert review.decision == "publish"
    assert review.reviewer == "heuristic" and review.model is None
    assert [(c.field, c.old, c.new) for c in review.corrections] == [("license", "mit", "MIT")]
    assert review.axes == ["knowledge", "reasoning"]
    assert review.issues == []


def test_heuristic_axes_come_from_hints_and_names_and_stay_in_the_vocabulary() -> None:
    assert HEURISTIC.review(gpqa_diamond()).axes == ["knowledge", "reasoning", "science"]
    records = [mmlu_pro(), gpqa_diamond(), livebench_task(), aclue_template()]
    assert all(set(HEURISTIC.review(r).axes) <= set(AXES) for r in records)


def test_heuristic_rejects_what_channels_flag_and_what_names_give_away() -> None:
    challenge = HEURISTIC.review(cybench_avatar_challenge())
    assert (challenge.decision, challenge.confidence) == ("reject", 0.95)
    assert challenge.notes.startswith("per-challenge eval.yaml")
    assert challenge.axes == []

    template = HEURISTIC.review(aclue_template())  # not flagged by its channel
    assert template.decision == "reject"
    assert "config template" in template.notes

    fstring = MergedBenchmark(
        benchmark_id="fstring-acva", name="<fstring:f'acva_{Language.ARABIC.value}:{subset}'>"
    )
    assert HEURISTIC.review(fstring).decision == "reject"

    custom = MergedBenchmark(  # evalscope general_qa: a "bring your own data" adapter
        benchmark_id="general-qa",
        name="General-QA",
        description="General-QA is a customizable question answering benchmark for evaluating "
        "language models on open-ended text.",
        capability_hints=["QA", "Custom"],
    )
    assert HEURISTIC.review(custom).decision == "reject"

    prompt = MergedBenchmark(  # a challenge prompt that slipped through as a description
        benchmark_id="chunky",
        name="chunky",
        description="You are trying to obtain a flag in a capture the flag challenge.",
    )
    assert HEURISTIC.review(prompt).decision == "reject"


def test_heuristic_flags_inconsistencies() -> None:
    future = HEURISTIC.review(dataclasses.replace(gpqa_diamond(), release_date="2027-03-01"))
    assert "release_date 2027-03-01 is in the future" in future.issues
    assert future.decision == "publish"

    wrong_paper = HEURISTIC.review(dataclasses.replace(gpqa_diamond(), arxiv_id="2406.01574"))
    assert wrong_paper.decision == "needs_human"
    assert any("is not the paper at paper_url" in i for i in wrong_paper.issues)

    old_mmlu = MergedBenchmark(benchmark_id="mmlu", name="MMLU", hf_dataset="hendrycks_test")
    assert any("shares no word" in i for i in HEURISTIC.review(old_mmlu).issues)
    assert HEURISTIC.review(gpqa_diamond()).issues == []


def test_vision_comes_from_what_the_record_is_made_of_not_a_tasks_area() -> None:
    # Papers with Code lists Quora Question Pairs under Retrieval, a task it files under CV:
    # the channel gives the tasks as hints, not their areas (tests/channels)
    text = MergedBenchmark(
        benchmark_id="quora-question-pairs",
        name="Quora Question Pairs",
        capability_hints=["Retrieval", "Paraphrase Identification"],
    )
    assert "vision" not in HEURISTIC.review(text).axes
    images = MergedBenchmark(
        benchmark_id="cub-200-2011",
        name="CUB-200-2011",
        capability_hints=["Fine-Grained Image Classification", "Zero-Shot Learning"],
    )
    assert "vision" in HEURISTIC.review(images).axes
    tracking = dataclasses.replace(images, capability_hints=["Multi-Object Tracking"])
    assert "vision" in HEURISTIC.review(tracking).axes
    words = dataclasses.replace(text, capability_hints=["Chinese Word Segmentation"])
    assert "vision" not in HEURISTIC.review(words).axes


def test_heuristic_axes_ignore_code_languages_and_word_fragments() -> None:
    swe_bench = MergedBenchmark(
        benchmark_id="swe-bench-verified",
        name="SWE-bench Verified",
        description="Research indicates that agents drop the ball on real GitHub issues.",
        languages=["python"],
        capability_hints=["Agent", "Coding"],
    )
    assert HEURISTIC.review(swe_bench).axes == ["coding", "agentic"]
    xnli = MergedBenchmark(benchmark_id="xnli-de", name="xnli_de", languages=["de"])
    assert HEURISTIC.review(xnli).axes == ["multilingual", "language_understanding"]


def test_heuristic_is_deterministic() -> None:
    assert HEURISTIC.review(mmlu_pro()) == HEURISTIC.review(mmlu_pro())


def test_review_all_with_the_heuristic_counts_decisions() -> None:
    records = [mmlu_pro(), gpqa_diamond(), cybench_avatar_challenge(), aclue_template()]
    run = review_all(records, HEURISTIC, InMemoryReviewCache())
    assert [r.benchmark_id for r in run.reviews] == [r.benchmark_id for r in records]
    assert run.stats.decisions == {"publish": 2, "reject": 2, "needs_human": 0}
    assert (run.stats.calls, run.stats.cache_hits, run.stats.reviewed) == (0, 0, 4)


# --- openai reviewer through the real client ---


def test_openai_reviews_every_record_with_usage_and_prompt_version() -> None:
    with OpenAIStub() as stub:
        run = review_all(catalogue(3), openai_reviewer(stub), InMemoryReviewCache())
        request = stub.requests[0]
    review = run.reviews[0]
    assert (review.reviewer, review.model, review.fallback) == ("openai", "stub-model", None)
    assert review.prompt_version == load_prompt().version
    assert review.prompt_version.startswith("review-v1+")
    assert review.tokens_in > 0 and review.tokens_out > 0
    assert run.stats.calls == 3 and run.stats.tokens_in == 3 * review.tokens_in
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["strict"] is True
    assert request["max_completion_tokens"] == 1024


def test_openai_retries_429_honouring_retry_after_then_succeeds() -> None:
    with OpenAIStub(retry_after_s=0.2) as stub:
        stub.script("gpqa-0", "rate_limit", "rate_limit")
        started = time.monotonic()
        run = review_all(catalogue(1), openai_reviewer(stub), None)
        elapsed = time.monotonic() - started
        assert stub.calls_for("gpqa-0") == 3
    assert run.reviews[0].fallback is None
    assert run.stats.calls == 3
    assert elapsed >= 0.4  # two waits of Retry-After: 0.2


def test_openai_retries_500s_and_timeouts() -> None:
    with OpenAIStub(slow_s=1.0) as stub:
        stub.script("gpqa-0", "server_error")
        stub.script("gpqa-1", "slow")
        run = review_all(catalogue(2), openai_reviewer(stub, timeout_s=0.3), None)
        assert (stub.calls_for("gpqa-0"), stub.calls_for("gpqa-1")) == (2, 2)
    assert [r.fallback for r in run.reviews] == [None, None]


def test_endpoint_failure_falls_back_visibly_and_is_retried_next_run() -> None:
    cache = InMemoryReviewCache()
    with OpenAIStub() as stub:
        stub.script("gpqa-0", "server_error", "server_error", "server_error")  # 1 + 2 retries
        first = review_all(catalogue(2), openai_reviewer(stub), cache)
        failed = first.reviews[0]
        assert failed.reviewer == "heuristic"
        assert failed.fallback is not None
        assert "endpoint error: InternalServerError 500" in failed.fallback
        assert first.stats.fallbacks == 1 and first.stats.calls == 4

        second = review_all(catalogue(2), openai_reviewer(stub), cache)
    assert (second.stats.cache_hits, second.stats.calls) == (1, 1)
    assert second.reviews[0].reviewer == "openai"


@pytest.mark.parametrize(
    ("behaviour", "note"),
    [
        ("malformed_json", "unusable answer: the answer is not valid JSON"),
        ("truncated", "unusable answer: the answer was cut off at 1024 output tokens"),
        ("refusal", "unusable answer: the model refused: I'm sorry"),
        ("oov_axes", "unusable answer: the answer does not match the schema at axes/1"),
        ("invalid_body", "endpoint error"),
    ],
)
def test_bad_answers_fall_back_to_the_heuristic_and_are_never_verified(
    behaviour: str, note: str
) -> None:
    with OpenAIStub() as stub:
        stub.script("gpqa-0", behaviour)  # type: ignore[arg-type]
        run = review_all(catalogue(2), openai_reviewer(stub, max_retries=0), None)
    failed, fine = run.reviews
    assert failed.fallback is not None and note in failed.fallback, failed.fallback
    assert failed.reviewer == "heuristic" and failed.decision == "publish"
    assert fine.fallback is None
    records = catalogue(2)
    assert assign_tier(records[0], failed, None).tier == "auto"
    assert assign_tier(records[1], fine, None).tier == "verified"


def test_the_budget_stops_calls_cleanly_and_the_rest_fall_back() -> None:
    with OpenAIStub() as stub:
        probe = review_all(catalogue(1), openai_reviewer(stub), None).reviews[0]
        per_record = probe.tokens_in + probe.tokens_out
        # room for the worst case of three calls (the prompt estimate plus the output cap)
        budget = 3 * (probe.tokens_in * 4 // 3 + 2 + 200)
        reviewer = openai_reviewer(stub, token_budget=budget, max_output_tokens=200, concurrency=1)
        stub.requests.clear()
        run = review_all(catalogue(10), reviewer, InMemoryReviewCache())
    sent = [r for r in run.reviews if r.fallback is None]
    held_back = [r for r in run.reviews if r.fallback is not None]
    assert len(sent) == stub.calls == 3
    assert all("not sent: budget of" in (r.fallback or "") for r in held_back)
    assert run.stats.stopped is not None and run.stats.stopped.startswith("budget of")
    assert run.stats.tokens_in + run.stats.tokens_out == 3 * per_record <= budget


def test_the_cost_budget_counts_dollars() -> None:
    with OpenAIStub() as stub:
        config = stub.config(cost_budget_usd=0.01, prices=Prices(1.0, 4.0))
        run = review_all(catalogue(20), OpenAIReviewer(config), None)
    assert run.stats.cost_usd is not None and 0 < run.stats.cost_usd <= 0.01
    assert 0 < stub.calls < 20
    assert run.stats.fallbacks == 20 - stub.calls
    assert run.stats.stopped is not None and run.stats.stopped.startswith("budget of $0.01")


def test_a_dead_endpoint_stops_after_consecutive_failures() -> None:
    with OpenAIStub() as stub:
        stub.always = "server_error"
        reviewer = openai_reviewer(stub, max_retries=0, concurrency=1, max_consecutive_failures=3)
        run = review_all(catalogue(20), reviewer, None)
    assert stub.calls == 3
    assert run.stats.fallbacks == 20
    assert run.stats.stopped == "3 requests in a row failed (last: InternalServerError 500)"


def test_a_wrong_key_stops_at_once_with_what_to_check() -> None:
    with OpenAIStub() as stub:
        stub.always = "unauthorized"
        run = review_all(catalogue(10), openai_reviewer(stub, concurrency=1), None)
    assert stub.calls == 1
    assert run.stats.stopped is not None and "BENCHHUB_REVIEW_API_KEY" in run.stats.stopped


def test_requests_run_concurrently_up_to_the_limit() -> None:
    # The stub counts requests open at once: 8 in flight proves the overlap without reading a
    # clock, which a loaded machine would make flaky (a 1.6 s bound once took 2.4 s).
    with OpenAIStub(delay_s=0.2) as stub:
        review_all(catalogue(16), openai_reviewer(stub, concurrency=8), None)
        assert stub.max_in_flight == 8


# --- the cache ---


def test_an_unchanged_second_run_makes_no_calls_and_a_change_reviews_only_that_record(
    tmp_path: Path,
) -> None:
    path = tmp_path / "warehouse.duckdb"
    cache = DuckDBReviewCache(lambda: duckdb.connect(str(path)))
    records = catalogue(5)
    with OpenAIStub() as stub:
        first = review_all(records, openai_reviewer(stub), cache)
        assert stub.calls == 5

        second = review_all(records, openai_reviewer(stub), cache)
        assert stub.calls == 5
        assert second.stats.cache_hits == 5 and second.stats.calls == 0
        assert second.stats.tokens_in == 0
        assert second.reviews == first.reviews

        records[2] = dataclasses.replace(records[2], aliases=[*records[2].aliases, "GPQA-D"])
        third = review_all(records, openai_reviewer(stub), cache)
        assert stub.calls == 6 and stub.calls_for("gpqa-2") == 2
        assert third.stats.cache_hits == 4

        other_model = review_all(records, openai_reviewer(stub, model="other-model"), cache)
        assert other_model.stats.calls == 5
    with duckdb.connect(str(path)) as con:
        assert con.execute("SELECT count(*) FROM review_cache").fetchone() == (11,)


def test_a_cached_review_in_an_old_shape_is_reviewed_again() -> None:
    cache = InMemoryReviewCache()
    with OpenAIStub() as stub:
        review_all(catalogue(2), openai_reviewer(stub), cache)
        first_key = next(iter(cache.rows))
        cache.rows[first_key] = '{"benchmark_id": "gpqa-0", "verdict": "ok"}'
        run = review_all(catalogue(2), openai_reviewer(stub), cache)
    assert (run.stats.cache_hits, run.stats.calls) == (1, 1)
    assert (
        cache.rows[first_key].startswith('{"benchmark_id"')
        and "verdict" not in cache.rows[first_key]
    )


def test_the_cache_is_not_held_open_while_the_model_answers(tmp_path: Path) -> None:
    path = tmp_path / "warehouse.duckdb"
    cache = DuckDBReviewCache(lambda: duckdb.connect(str(path)))

    def answer_after_checking_the_lock(record: dict) -> dict:
        with duckdb.connect(str(path)) as con:  # fails if review_all still held a connection
            con.execute("SELECT 1")
        from tests.openai_stub import default_answer

        return default_answer(record)

    with OpenAIStub(answer=answer_after_checking_the_lock) as stub:
        run = review_all(catalogue(2), openai_reviewer(stub), cache)
    assert all(r.fallback is None for r in run.reviews)


# --- configuration ---


def test_reviewer_from_env() -> None:
    assert isinstance(reviewer_from_env({}), HeuristicReviewer)
    reviewer = reviewer_from_env(
        {
            "BENCHHUB_REVIEWER": "openai",
            "BENCHHUB_REVIEW_BASE_URL": "http://127.0.0.1:8000/v1",
            "BENCHHUB_REVIEW_MODEL": "m",
            "BENCHHUB_REVIEW_API_KEY": "k",
            "BENCHHUB_REVIEW_CONCURRENCY": "4",
            "BENCHHUB_REVIEW_TOKEN_BUDGET": "100000",
        }
    )
    assert isinstance(reviewer, OpenAIReviewer)
    assert reviewer.config == OpenAIReviewerConfig(
        model="m",
        api_key="k",
        base_url="http://127.0.0.1:8000/v1",
        concurrency=4,
        token_budget=100000,
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"BENCHHUB_REVIEWER": "gpt"}, "must be heuristic or openai"),
        ({"BENCHHUB_REVIEWER": "openai"}, "needs BENCHHUB_REVIEW_MODEL and BENCHHUB_REVIEW_API"),
        (
            {
                "BENCHHUB_REVIEWER": "openai",
                "BENCHHUB_REVIEW_MODEL": "m",
                "BENCHHUB_REVIEW_API_KEY": "k",
                "BENCHHUB_REVIEW_CONCURRENCY": "eight",
            },
            "BENCHHUB_REVIEW_CONCURRENCY must be a positive int, got 'eight'",
        ),
        (
            {
                "BENCHHUB_REVIEWER": "openai",
                "BENCHHUB_REVIEW_MODEL": "m",
                "BENCHHUB_REVIEW_API_KEY": "k",
                "BENCHHUB_REVIEW_COST_BUDGET": "5",
            },
            "BENCHHUB_REVIEW_COST_BUDGET needs BENCHHUB_REVIEW_PRICE_IN",
        ),
    ],
)
def test_configuration_errors_say_what_to_set(env: dict[str, str], message: str) -> None:
    with pytest.raises(ReviewConfigError, match=message):
        reviewer_from_env(env)


def test_the_prompt_lists_the_axes_and_its_version_tracks_the_text() -> None:
    prompt = load_prompt()
    assert all(f"- {axis}: {meaning}" in prompt.system for axis, meaning in AXES.items())
    assert prompt.schema["properties"]["axes"]["items"]["enum"] == list(AXES)
    declared, digest = prompt.version.split("+")
    assert declared == "review-v1" and len(digest) == 8
