"""Quality tiers: how much a reader can trust a benchmark page. All the thresholds are here.

- verified: a person reviewed it (curation/reviews.yaml, decision publish); or the reviewer
  published it from its own judgement (no fallback), at least MIN_CHANNELS_VERIFIED independent
  sources list it (CHANNEL_SOURCES: a channel copying another counts once with it), at most
  MAX_MISSING_VERIFIED important fields are missing, and the channels do not disagree on any
  field in VERIFIED_BLOCKING_CONFLICTS.
- auto: published by the reviewer with at most MAX_MISSING_AUTO important fields missing.
- incomplete: published, but more important fields are missing, or the reviewer asked for a
  person (needs_human) and nobody has looked yet; the reasons say which.
- None: rejected (not a benchmark), by the reviewer or a person. Kept in the warehouse with the
  reason, left out of the release.

Missing fields are counted after the reviewer's and then the person's corrections.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from benchhub.catalog import MergedBenchmark
from benchhub.review.consistency import disagreeing_values
from benchhub.review.corrections import apply_corrections
from benchhub.review.curation import CuratedReview
from benchhub.review.licences import UNKNOWN, normalize_license
from benchhub.review.model import Review

# important field -> the record fields, any one of which supplies it
IMPORTANT_FIELDS: dict[str, tuple[str, ...]] = {
    "description": ("description",),
    "paper": ("paper_url", "arxiv_id"),
    "license": ("license",),  # "unknown" counts as missing; "other" is a licence
    "metric": ("metric",),
    "sample_count": ("sample_count",),
    "dataset": ("hf_dataset", "github_url"),  # where to get the data or the code
}
MAX_MISSING_VERIFIED = 1  # "mostly complete"
MAX_MISSING_AUTO = 3  # "reasonably complete"
MIN_CHANNELS_VERIFIED = 2  # independent channels that list the benchmark
VERIFIED_BLOCKING_CONFLICTS: tuple[str, ...] = ("license",)

# Channels that are not independent confirmation: each copies another channel's records or runs
# its task list, so it counts once, together with its source. A channel not listed is its own.
CHANNEL_SOURCES: dict[str, str] = {
    "helm_results": "helm",  # HELM's own result files for HELM's scenarios
    "every_eval_ever": "helm",  # its records of these benchmarks are converted HELM results
    "open_llm_leaderboard": "lm_eval_harness",  # runs lm-eval's `leaderboard_*` tasks
}
# The channels that can state a data set's own licence: its card, its repository (for data
# shipped there, under a content licence), a person. An index's licence for its own data
# (Papers with Code), a catalogue's or an adapter's restatement is not the data set's.
LICENCE_SOURCES: frozenset[str] = frozenset({"huggingface", "github", "curation"})


def independent_sources(channels: list[str]) -> list[str]:
    """The independent sources among `channels`: each channel counted with the one it copies."""
    return sorted({CHANNEL_SOURCES.get(channel, channel) for channel in channels})


Tier = Literal["verified", "auto", "incomplete"]


@dataclass(frozen=True, slots=True)
class TierResult:
    tier: Tier | None  # None: rejected, not released
    missing_fields: list[str]  # keys of IMPORTANT_FIELDS, in that order
    reasons: list[str]

    @property
    def published(self) -> bool:
        return self.tier is not None


def missing_fields(benchmark: MergedBenchmark) -> list[str]:
    return [
        name
        for name, fields in IMPORTANT_FIELDS.items()
        if not any(_present(f, getattr(benchmark, f)) for f in fields)
    ]


def corrected_record(
    benchmark: MergedBenchmark, review: Review, curated: CuratedReview | None
) -> MergedBenchmark:
    """The record as published: the reviewer's corrections, then the person's over them."""
    corrected = apply_corrections(benchmark, review.corrections)
    if curated is not None:
        corrected = apply_corrections(corrected, curated.corrections_for(corrected))
    return corrected


def assign_tier(
    benchmark: MergedBenchmark, review: Review, curated: CuratedReview | None
) -> TierResult:
    for other in (review, curated):
        if other is not None and other.benchmark_id != benchmark.benchmark_id:
            raise ValueError(
                f"review of {other.benchmark_id!r} given for benchmark {benchmark.benchmark_id!r}"
            )
    corrected = corrected_record(benchmark, review, curated)
    missing = missing_fields(corrected)
    summary = _missing_summary(missing)

    if curated is not None:
        who = f"{curated.reviewer} on {curated.date.isoformat()}"
        note = f": {curated.notes}" if curated.notes else ""
        if curated.decision == "reject":
            return TierResult(None, missing, [f"rejected by {who}{note}"])
        return TierResult("verified", missing, [f"reviewed by {who}{note}", summary])

    if review.decision == "reject":
        return TierResult(None, missing, [f"not a benchmark ({review.reviewer}): {review.notes}"])
    if review.decision == "needs_human":
        return TierResult(
            "incomplete", missing, [f"waiting for a person's review: {review.notes}", summary]
        )

    blockers = _not_verified_because(corrected, review, len(missing))
    if not blockers:
        sources = independent_sources(corrected.channels)
        return TierResult(
            "verified",
            missing,
            [f"confirmed by {len(sources)} independent sources ({', '.join(sources)})", summary],
        )
    reasons = [f"published by the {review.reviewer} reviewer", summary, *blockers]
    if len(missing) <= MAX_MISSING_AUTO:
        return TierResult("auto", missing, reasons)
    too_many = f"not auto: {len(missing)} important fields missing; auto allows {MAX_MISSING_AUTO}"
    return TierResult("incomplete", missing, [*reasons, too_many])


def _not_verified_because(benchmark: MergedBenchmark, review: Review, n_missing: int) -> list[str]:
    blockers = []
    if review.fallback is not None:
        blockers.append(f"not verified: the review is a fallback ({review.fallback})")
    sources = independent_sources(benchmark.channels)
    if len(sources) < MIN_CHANNELS_VERIFIED:
        blockers.append(
            f"not verified: {len(sources)} independent source(s) list it "
            f"({', '.join(sources)}); verified needs {MIN_CHANNELS_VERIFIED}"
        )
    if n_missing > MAX_MISSING_VERIFIED:
        blockers.append(
            f"not verified: {n_missing} important fields missing; "
            f"verified allows {MAX_MISSING_VERIFIED}"
        )
    for field in VERIFIED_BLOCKING_CONFLICTS:
        if sides := disagreeing_values(benchmark, field):
            listed = "; ".join(f"{value} ({', '.join(ch)})" for value, ch in sides.items())
            blockers.append(f"not verified: channels disagree on {field}: {listed}")
    return blockers


def _missing_summary(missing: list[str]) -> str:
    if not missing:
        return "all important fields present"
    return f"{len(missing)} of {len(IMPORTANT_FIELDS)} important fields missing: " + ", ".join(
        missing
    )


def _present(field: str, value: object) -> bool:
    if value is None or (isinstance(value, str) and not value.strip()):
        return False
    return field != "license" or normalize_license(str(value)).value != UNKNOWN
