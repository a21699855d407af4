"""What a reviewer sees of a merged benchmark, and the hash that identifies it.

The LLM prompt shows exactly `review_input(benchmark)`, and the review cache is keyed by its hash:
a record whose reviewed content is unchanged is never sent to the LLM again, and any change to
what the reviewer would see (a new alias, a new channel, a conflicting licence) re-reviews it.
Source URLs and per-field provenance are left out: they do not change the judgement.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from benchhub.catalog import MergedBenchmark

REVIEWED_FIELDS: tuple[str, ...] = (
    "benchmark_id",
    "name",
    "aliases",
    "description",
    "paper_url",
    "arxiv_id",
    "hf_dataset",
    "github_url",
    "license",
    "metric",
    "sample_count",
    "release_date",
    "languages",
    "capability_hints",
    "splits",
    "harbor",
    "parent_id",
    "channels",
    "conflicts",
    "is_benchmark",
    "not_benchmark_reason",
)


def review_input(benchmark: MergedBenchmark) -> dict[str, Any]:
    return {name: getattr(benchmark, name) for name in REVIEWED_FIELDS}


def review_input_json(benchmark: MergedBenchmark) -> str:
    """Canonical JSON of the review input: sorted keys, no spaces, so equal inputs hash equal."""
    return json.dumps(
        review_input(benchmark),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )


def content_hash(benchmark: MergedBenchmark) -> str:
    return hashlib.sha256(review_input_json(benchmark).encode()).hexdigest()
