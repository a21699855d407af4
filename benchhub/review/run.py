"""Reviewing a whole catalogue: cached reviews first, the reviewer for the rest, then the cache.

The order matters for the warehouse (one writer per DuckDB file): the cache is read and closed,
the reviewer runs (LLM calls, possibly minutes), and only then are the new reviews written.
Fallback reviews are not cached, so the next run asks the model again for exactly those records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from benchhub.catalog import MergedBenchmark
from benchhub.review.cache import ReviewCache, cache_key
from benchhub.review.content import content_hash
from benchhub.review.model import DECISIONS, Review, Reviewer


@dataclass(slots=True)
class ReviewStats:
    records: int = 0
    cache_hits: int = 0
    reviewed: int = 0  # records sent to the reviewer this run
    calls: int = 0  # LLM requests, retries included
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float | None = None
    fallbacks: int = 0  # records whose review is a stand-in (see Review.fallback)
    decisions: dict[str, int] = field(default_factory=dict)
    stopped: str | None = None  # why the reviewer stopped calling its model early

    def as_metadata(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class ReviewRun:
    reviews: list[Review]  # one per input record, same order
    stats: ReviewStats


def review_all(
    benchmarks: Sequence[MergedBenchmark], reviewer: Reviewer, cache: ReviewCache | None = None
) -> ReviewRun:
    keys = [cache_key(content_hash(b), reviewer) for b in benchmarks]
    if not reviewer.cacheable:
        cache = None
    cached = cache.get_many(set(keys)) if cache is not None else {}
    to_review = {k: b for k, b in zip(keys, benchmarks, strict=True) if k not in cached}
    batch = reviewer.review_many(list(to_review.values()))
    fresh = dict(zip(to_review, batch.reviews, strict=True))
    if cache is not None:
        cache.put_many({k: r for k, r in fresh.items() if r.fallback is None})

    reviews = [cached[k] if k in cached else fresh[k] for k in keys]
    decisions = Counter(r.decision for r in reviews)
    stats = ReviewStats(
        records=len(benchmarks),
        cache_hits=sum(1 for k in keys if k in cached),
        reviewed=len(fresh),
        calls=batch.calls,
        tokens_in=sum(r.tokens_in for r in fresh.values()),
        tokens_out=sum(r.tokens_out for r in fresh.values()),
        cost_usd=batch.cost_usd,
        fallbacks=sum(1 for r in fresh.values() if r.fallback is not None),
        decisions={d: decisions[d] for d in DECISIONS},
        stopped=batch.stopped,
    )
    return ReviewRun(reviews, stats)
