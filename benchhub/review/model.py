"""The review record both reviewers produce, and the interface they share.

A `Review` says whether a merged benchmark is published, rejected (not a benchmark) or left to a
person, which facts it corrects and why, which capability axes it belongs to, and what looked
wrong. It also records who reviewed it (reviewer, model, prompt version), what exactly was
reviewed (the input content hash), what it cost (tokens) and, when the chosen reviewer failed,
why another review stands in its place (`fallback`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Protocol

from benchhub.catalog import MergedBenchmark

Decision = Literal["publish", "reject", "needs_human"]
ReviewerKind = Literal["heuristic", "openai"]
FactValue = str | int | None

DECISIONS: tuple[Decision, ...] = ("publish", "reject", "needs_human")


@dataclass(frozen=True, slots=True)
class Correction:
    field: str  # one of catalog.FACT_FIELDS
    old: FactValue
    new: FactValue
    reason: str


@dataclass(slots=True)
class Review:
    benchmark_id: str
    decision: Decision
    notes: str  # why this decision, in one or two sentences
    reviewer: ReviewerKind
    model: str | None  # the LLM, or None for the heuristic
    prompt_version: str  # the prompt (LLM) or rule set (heuristic) version
    input_hash: str  # content_hash of the record as reviewed
    confidence: float  # 0..1
    corrections: list[Correction] = field(default_factory=list)
    axes: list[str] = field(default_factory=list)  # vocabulary order, see benchhub.axes
    issues: list[str] = field(default_factory=list)  # inconsistencies found, one sentence each
    tokens_in: int = 0
    tokens_out: int = 0
    fallback: str | None = None  # why the configured reviewer's own review is not this one

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        corrections = [Correction(**c) for c in data.get("corrections", [])]
        return cls(**{**data, "corrections": corrections})


@dataclass(slots=True)
class ReviewBatch:
    """What one reviewer call over many records returns."""

    reviews: list[Review]  # one per input record, same order
    calls: int = 0  # HTTP requests sent to an LLM endpoint, retries included
    cost_usd: float | None = None  # None when no prices are configured
    stopped: str | None = None  # why the reviewer stopped calling its LLM early, if it did


class Reviewer(Protocol):
    kind: ReviewerKind
    model: str | None
    prompt_version: str
    cacheable: bool  # worth caching: True for reviewers whose reviews cost LLM calls

    def review_many(self, benchmarks: Sequence[MergedBenchmark]) -> ReviewBatch: ...
