"""The merged benchmark record: one per benchmark identity, built from many channels' candidates.

`MergedBenchmark` is what the crosswalk produces, the reviewer checks, the tier rules grade and
the release publishes. Every field value remembers which channel supplied it (`provenance`), and
disagreements between channels are kept (`conflicts`) rather than silently resolved.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

# The facts a benchmark page shows; provenance and conflicts are tracked for each of these.
FACT_FIELDS: tuple[str, ...] = (
    "name",
    "description",
    "paper_url",
    "homepage_url",
    "arxiv_id",
    "hf_dataset",
    "github_url",
    "license",
    "code_license",
    "metric",
    "sample_count",
    "release_date",
)


@dataclass(slots=True)
class MergedBenchmark:
    benchmark_id: str  # stable slug, e.g. "gpqa-diamond"
    name: str
    aliases: list[str] = field(default_factory=list)  # every spelling seen, sorted
    description: str | None = None
    paper_url: str | None = None  # a paper only (crosswalk.keys.is_paper_url)
    homepage_url: str | None = None  # a page about it that is not a paper
    arxiv_id: str | None = None
    hf_dataset: str | None = None
    github_url: str | None = None
    license: str | None = None  # of the data, from the data set's own statement; SPDX: review
    code_license: str | None = None  # of the code (repository, harness), a different fact
    metric: str | None = None
    sample_count: int | None = None
    release_date: str | None = None
    languages: list[str] = field(default_factory=list)
    capability_hints: list[str] = field(default_factory=list)
    splits: list[str] = field(default_factory=list)
    harbor: str | None = None  # "registry" | "adapter" | "pull": how it can run in Harbor
    parent_id: str | None = None  # the benchmark or suite this one is a subset or variant of
    record_kind: str = "benchmark"  # benchmark | suite | subtask (crosswalk.kinds.RECORD_KINDS)
    channels: list[str] = field(default_factory=list)  # channels that list it, sorted
    source_urls: dict[str, str] = field(default_factory=dict)  # channel -> a page that lists it
    provenance: dict[str, str] = field(default_factory=dict)  # fact field -> channel it came from
    conflicts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # field -> [{"channel": ..., "value": ...}, ...] when channels disagree
    is_benchmark: bool = True
    not_benchmark_reason: str | None = None
    verified_by: str | None = None  # who reviewed it by hand (curation/benchmarks.yaml `verified`)

    @property
    def n_channels(self) -> int:
        return len(self.channels)


def merged_to_row(benchmark: MergedBenchmark) -> dict[str, Any]:
    return {
        "benchmark_id": benchmark.benchmark_id,
        "record": json.dumps(asdict(benchmark), sort_keys=True),
    }


def merged_from_json(text: str) -> MergedBenchmark:
    return MergedBenchmark(**json.loads(text))
