"""The registry's row for a benchmark: merged facts, corrected by review, tiered.

One function joins what the crosswalk merged, what the reviewer (and a person) decided and the
tier rules into the `benchmarks` table row that releases and analysts read.
"""

from __future__ import annotations

import json
from typing import Any

from benchhub.catalog import MergedBenchmark
from benchhub.review.curation import CuratedReview
from benchhub.review.licences import UNKNOWN, normalize_license
from benchhub.review.model import Review
from benchhub.runnable import Runnability
from benchhub.tiers import assign_tier, corrected_record


def benchmark_row(
    merged: MergedBenchmark,
    review: Review,
    curated: CuratedReview | None,
    runnable: Runnability,
) -> dict[str, Any]:
    """`runnable`: whether and how it runs in Harbor (benchhub/runnable.py decides)."""
    tier = assign_tier(merged, review, curated)
    fixed = corrected_record(merged, review, curated)
    return {
        "benchmark_id": merged.benchmark_id,
        "name": fixed.name,
        "aliases": sorted(set(merged.aliases)),
        "description": fixed.description,
        "paper_url": fixed.paper_url,
        "homepage_url": fixed.homepage_url,
        "arxiv_id": fixed.arxiv_id,
        "hf_dataset": fixed.hf_dataset,
        "github_url": fixed.github_url,
        "license": _spdx(fixed.license),
        "license_as_published": merged.license,
        "code_license": fixed.code_license,
        "metric": fixed.metric,
        "sample_count": fixed.sample_count,
        "axes": list(review.axes),
        "release_date": fixed.release_date,
        "languages": list(merged.languages),
        "harbor_runnable": runnable.runnable,
        "harbor_source": runnable.source,
        "harbor_reason": runnable.reason,
        "parent_id": merged.parent_id,
        "record_kind": merged.record_kind,
        "tier": tier.tier,
        "missing_fields": tier.missing_fields,
        "tier_reasons": tier.reasons,
        "channels": list(merged.channels),
        "n_channels": merged.n_channels,
        "source_urls": json.dumps(merged.source_urls, sort_keys=True),
        "provenance": json.dumps(merged.provenance, sort_keys=True),
        "conflicts": json.dumps(merged.conflicts, sort_keys=True, default=str),
        "review_decision": curated.decision if curated else review.decision,
        "reviewer": f"person: {curated.reviewer}" if curated else review.reviewer,
        "review_notes": (curated.notes if curated and curated.notes else review.notes),
        "published": tier.published,
        "rejected_reason": None if tier.published else "; ".join(tier.reasons),
    }


def with_published_parents(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A released child names a released parent: when review rejected the parent, the child
    stands on its own (top level) rather than pointing at a page nobody can open. A released
    parent with released children is a benchmark or a suite, never a subtask."""
    published = {r["benchmark_id"] for r in rows if r["published"]}
    for row in rows:
        if row["parent_id"] is not None and row["parent_id"] not in published:
            row["parent_id"] = None
    with_children = {r["parent_id"] for r in rows if r["published"] and r["parent_id"]}
    for row in rows:
        if row["record_kind"] == "subtask" and (
            row["parent_id"] is None or row["benchmark_id"] in with_children
        ):
            row["record_kind"] = "benchmark"
    return rows


def _spdx(licence: str | None) -> str:
    """The licence as an SPDX id, `other` or `unknown` (never empty: missing means unknown)."""
    return normalize_license(licence).value if licence else UNKNOWN


def review_row(review: Review) -> dict[str, Any]:
    licence = next((c.new for c in review.corrections if c.field == "license"), None)
    return {
        "benchmark_id": review.benchmark_id,
        "decision": review.decision,
        "reviewer": review.reviewer,
        "model": review.model,
        "prompt_version": review.prompt_version,
        "confidence": review.confidence,
        "axes": list(review.axes),
        "license_correction": licence,
        "issues": list(review.issues),
        "review": json.dumps(review.to_dict(), sort_keys=True, default=str),
    }
