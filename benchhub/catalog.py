"""The merged benchmark record: one per benchmark identity, built from many channels' candidates.

`MergedBenchmark` is what the crosswalk produces, the reviewer checks, the tier rules grade and
the release publishes. Every field value remembers which channel supplied it (`provenance`), and
disagreements between channels are kept (`conflicts`) rather than silently resolved.
"""

from __future__ import annotations

import json
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Union, get_args, get_origin, get_type_hints

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


# -- the merged_benchmarks table: one typed column per MergedBenchmark field -------------------
# The dataclass above is the one declaration: the DDL, the writer and the reader all follow it.

_SCALAR_TYPES: dict[type, str] = {str: "VARCHAR", int: "BIGINT", bool: "BOOLEAN"}


def _column_type(annotation: Any) -> tuple[str, bool]:
    """(DuckDB type, nullable) for a field's annotation; a mapping is stored as JSON."""
    nullable = False
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        nullable = len(args) < len(get_args(annotation))
        (annotation,) = args
    origin = get_origin(annotation)
    if origin is list:
        (item,) = get_args(annotation)
        return f"{_SCALAR_TYPES[item]}[]", nullable
    if origin is dict:
        return "JSON", nullable
    if annotation in _SCALAR_TYPES:
        return _SCALAR_TYPES[annotation], nullable
    raise TypeError(f"MergedBenchmark: no column type for annotation {annotation!r}")


def _merged_columns() -> tuple[tuple[str, str, bool], ...]:
    hints = get_type_hints(MergedBenchmark)
    return tuple((f.name, *_column_type(hints[f.name])) for f in fields(MergedBenchmark))


# (column, DuckDB type, nullable), in the dataclass's field order.
MERGED_COLUMNS: tuple[tuple[str, str, bool], ...] = _merged_columns()
_JSON_COLUMNS = frozenset(name for name, dtype, _ in MERGED_COLUMNS if dtype == "JSON")


def merged_benchmarks_ddl() -> str:
    """The CREATE TABLE of merged_benchmarks, from MERGED_COLUMNS."""
    lines = [
        f'    "{name}" {dtype}'
        + (" PRIMARY KEY" if name == "benchmark_id" else "" if nullable else " NOT NULL")
        for name, dtype, nullable in MERGED_COLUMNS
    ]
    return (
        "-- The crosswalk's merged benchmark records (before review), one row per identity;\n"
        "-- columns declared by benchhub.catalog.MergedBenchmark.\n"
        "CREATE TABLE merged_benchmarks (\n" + ",\n".join(lines) + "\n);"
    )


def merged_to_row(benchmark: MergedBenchmark) -> dict[str, Any]:
    """The merged_benchmarks row: one value per column, mappings as JSON text."""
    row: dict[str, Any] = {}
    for name, _, _ in MERGED_COLUMNS:
        value = getattr(benchmark, name)
        row[name] = (
            json.dumps(value, sort_keys=True, default=str) if name in _JSON_COLUMNS else value
        )
    return row


def merged_from_row(row: Mapping[str, Any]) -> MergedBenchmark:
    """A MergedBenchmark from a merged_benchmarks row read by column name."""
    missing = [name for name, _, _ in MERGED_COLUMNS if name not in row]
    if missing:
        raise ValueError(f"merged_benchmarks row lacks column(s) {missing}")
    values = {
        name: json.loads(row[name]) if name in _JSON_COLUMNS else row[name]
        for name, _, _ in MERGED_COLUMNS
    }
    return MergedBenchmark(**values)
