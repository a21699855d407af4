"""The LLM reviewer: any OpenAI-compatible chat-completions endpoint via the `openai` package.

Each record is one request: the versioned system prompt, the record as JSON, and a strict JSON
schema as `response_format`. Up to `concurrency` requests run at once on a thread pool; the
client retries 429/5xx/timeouts with exponential backoff and honours Retry-After. A run stops
calling the endpoint when its token or cost budget cannot fit another request, or after several
endpoint failures in a row; every record it could not review with the model gets the heuristic
review instead, with a `fallback` note saying why. Nothing here raises for a bad answer or a
failing endpoint.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from typing import TYPE_CHECKING, Any

from benchhub.catalog import MergedBenchmark
from benchhub.review.budget import Budget
from benchhub.review.config import OpenAIReviewerConfig
from benchhub.review.consistency import find_inconsistencies
from benchhub.review.content import content_hash, review_input_json
from benchhub.review.heuristic import HeuristicReviewer
from benchhub.review.llm_output import ModelVerdict, ReplyError, parse_reply
from benchhub.review.model import Review, ReviewBatch, ReviewerKind
from benchhub.review.prompt import Prompt, load_prompt

if TYPE_CHECKING:
    import openai
    from openai.types.chat import ChatCompletionMessageParam
    from openai.types.shared_params import ResponseFormatJSONSchema

# A prompt token is about 4 characters of English; JSON packs more tokens per character, so
# reserve budget for 1 token per 3 characters.
_CHARS_PER_TOKEN = 3


class OpenAIReviewer:
    kind: ReviewerKind = "openai"
    cacheable = True

    def __init__(
        self,
        config: OpenAIReviewerConfig,
        prompt: Prompt | None = None,
        today: Callable[[], date] = date.today,
    ) -> None:
        self.config = config
        self.model: str | None = config.model
        self.prompt = prompt or load_prompt()
        self.prompt_version = self.prompt.version
        self._today = today
        self._heuristic = HeuristicReviewer(today)

    def review_many(self, benchmarks: Sequence[MergedBenchmark]) -> ReviewBatch:
        import openai  # slow to import (~2 s); only runs that call a model pay for it

        budget = Budget(self.config.token_budget, self.config.cost_budget_usd, self.config.prices)
        if not benchmarks:
            return ReviewBatch([], cost_usd=budget.spent_usd)
        run = _Run(self, budget)
        http_client = openai.DefaultHttpxClient(event_hooks={"request": [run.count_request]})
        client = openai.OpenAI(
            api_key=self.config.api_key,
            base_url=self.config.base_url,
            timeout=self.config.timeout_s,
            max_retries=self.config.max_retries,
            http_client=http_client,
        )
        with client, ThreadPoolExecutor(self.config.concurrency, "openai-review") as pool:
            reviews = list(pool.map(lambda b: run.review(client, b), benchmarks))
        return ReviewBatch(reviews, calls=run.calls, cost_usd=budget.spent_usd, stopped=run.stopped)

    def fallback(self, benchmark: MergedBenchmark, why: str, tokens: tuple[int, int]) -> Review:
        review = self._heuristic.review(benchmark)
        return dataclasses.replace(
            review,
            fallback=f"openai ({self.model}): {why}; the heuristic review stands instead",
            tokens_in=tokens[0],
            tokens_out=tokens[1],
        )

    def model_review(
        self, benchmark: MergedBenchmark, verdict: ModelVerdict, tokens: tuple[int, int]
    ) -> Review:
        checks = [f.message for f in find_inconsistencies(benchmark, self._today())]
        return Review(
            benchmark_id=benchmark.benchmark_id,
            decision=verdict.decision,
            notes=verdict.reason,
            reviewer=self.kind,
            model=self.model,
            prompt_version=self.prompt_version,
            input_hash=content_hash(benchmark),
            confidence=verdict.confidence,
            corrections=verdict.corrections,
            axes=verdict.axes,
            issues=[*verdict.issues, *(c for c in checks if c not in verdict.issues)],
            tokens_in=tokens[0],
            tokens_out=tokens[1],
        )

    def messages(self, benchmark: MergedBenchmark) -> list[ChatCompletionMessageParam]:
        return [
            {"role": "system", "content": self.prompt.system},
            {"role": "user", "content": review_input_json(benchmark)},
        ]

    def response_format(self) -> ResponseFormatJSONSchema:
        return {
            "type": "json_schema",
            "json_schema": {
                "name": "benchmark_review",
                "strict": True,
                "schema": self.prompt.schema,
            },
        }


class _Run:
    """The state one `review_many` shares across its worker threads."""

    def __init__(self, reviewer: OpenAIReviewer, budget: Budget) -> None:
        self.reviewer = reviewer
        self.config = reviewer.config
        self.budget = budget
        self.calls = 0
        self.stopped: str | None = None
        self._failures_in_a_row = 0
        self._lock = threading.Lock()

    def count_request(self, _request: object) -> None:
        with self._lock:
            self.calls += 1

    def review(self, client: openai.OpenAI, benchmark: MergedBenchmark) -> Review:
        import openai

        if self.stopped:
            return self.reviewer.fallback(benchmark, f"not sent: {self.stopped}", (0, 0))
        messages = self.reviewer.messages(benchmark)
        estimate = sum(len(str(m.get("content", ""))) for m in messages) // _CHARS_PER_TOKEN
        reservation = self.budget.reserve(estimate, self.config.max_output_tokens)
        if reservation is None:
            self._stop(self.budget.describe_limit())
            return self.reviewer.fallback(benchmark, f"not sent: {self.stopped}", (0, 0))
        tokens = (0, 0)
        try:
            completion = client.chat.completions.create(
                model=self.config.model,
                messages=messages,
                response_format=self.reviewer.response_format(),
                max_completion_tokens=self.config.max_output_tokens,
            )
            # without usage in the response, count the worst case that was reserved
            tokens = _usage(completion) or (reservation.tokens_in, reservation.tokens_out)
        except (openai.APIError, ValueError) as exc:  # ValueError: a body that is not JSON
            self._endpoint_failed(exc)
            return self.reviewer.fallback(benchmark, f"endpoint error: {_describe(exc)}", (0, 0))
        finally:  # always, or calls waiting for budget would wait forever
            self.budget.settle(reservation, *tokens)
        with self._lock:
            self._failures_in_a_row = 0
        try:
            verdict = _read_answer(completion, self.reviewer, benchmark)
        except ReplyError as exc:
            return self.reviewer.fallback(benchmark, f"unusable answer: {exc}", tokens)
        return self.reviewer.model_review(benchmark, verdict, tokens)

    def _endpoint_failed(self, exc: Exception) -> None:
        import openai

        # Wrong key, model or URL: every further call would fail the same way.
        if isinstance(
            exc, openai.AuthenticationError | openai.PermissionDeniedError | openai.NotFoundError
        ):
            self._stop(
                f"the endpoint rejected the configuration ({_describe(exc)}); check "
                "BENCHHUB_REVIEW_BASE_URL, BENCHHUB_REVIEW_MODEL and BENCHHUB_REVIEW_API_KEY"
            )
            return
        with self._lock:
            self._failures_in_a_row += 1
            failures = self._failures_in_a_row
        if failures >= self.config.max_consecutive_failures:
            self._stop(f"{failures} requests in a row failed (last: {_describe(exc)})")

    def _stop(self, why: str) -> None:
        with self._lock:
            self.stopped = self.stopped or why


def _read_answer(
    completion: Any, reviewer: OpenAIReviewer, benchmark: MergedBenchmark
) -> ModelVerdict:
    # The client does not validate responses, so a lax server's answer may lack any field.
    choices = getattr(completion, "choices", None)
    if not choices:
        raise ReplyError("the response has no choices")
    message = getattr(choices[0], "message", None)
    finish_reason = getattr(choices[0], "finish_reason", None)
    if refusal := getattr(message, "refusal", None):
        raise ReplyError(f"the model refused: {refusal}")
    if finish_reason == "content_filter":
        raise ReplyError("the answer was stopped by the content filter")
    if finish_reason == "length":
        raise ReplyError(
            f"the answer was cut off at {reviewer.config.max_output_tokens} output tokens"
        )
    content = getattr(message, "content", None)
    if not isinstance(content, str) or not content.strip():
        raise ReplyError("the answer is empty")
    return parse_reply(content, reviewer.prompt.schema, benchmark)


def _usage(completion: Any) -> tuple[int, int] | None:
    usage = getattr(completion, "usage", None)
    tokens_in = getattr(usage, "prompt_tokens", None)
    tokens_out = getattr(usage, "completion_tokens", None)
    if isinstance(tokens_in, int) and isinstance(tokens_out, int):
        return tokens_in, tokens_out
    return None


def _describe(exc: Exception) -> str:
    status = getattr(exc, "status_code", None)
    name = type(exc).__name__
    return f"{name} {status}" if status else f"{name}: {exc}"
