"""The normalized records every channel yields, before merging.

A channel parser turns a recorded or live payload into `BenchmarkCandidate`s (what the channel
says about a benchmark) and `ScoreObservation`s (a number it publishes for a model on a
benchmark). Both keep the channel's own spelling and id next to the source URL, so every merged
field and every score can be traced back to where it came from.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any, Literal

Scale = Literal["fraction", "percent", "elo", "other"]
Relationship = Literal["first_party", "third_party"]


@dataclass(frozen=True, slots=True)
class BenchmarkCandidate:
    channel: str
    source_key: str  # the channel's own id (task name, file path, row key)
    source_name: str  # the name as the channel spells it
    source_url: str
    description: str | None = None
    paper_url: str | None = None
    arxiv_id: str | None = None
    hf_dataset: str | None = None
    hf_config: str | None = None
    github_url: str | None = None
    license: str | None = None
    metric: str | None = None
    sample_count: int | None = None
    splits: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    capability_hints: tuple[str, ...] = ()  # the channel's own tags/categories
    release_date: str | None = None  # ISO date
    harbor: str | None = None  # how Harbor ships it: "registry", "adapter"
    family: str | None = None  # the channel's parent group or task family
    is_benchmark: bool = True
    not_benchmark_reason: str | None = None  # why the channel's record is not a benchmark
    extra: dict[str, Any] = field(default_factory=dict)  # anything else worth keeping


@dataclass(frozen=True, slots=True)
class ScoreObservation:
    channel: str
    benchmark_key: str  # matches a candidate's source_key in the same channel when it has one
    benchmark_name: str
    model_name: str  # as the channel spells it
    value: float  # as published, on `scale`
    scale: Scale
    raw_value: str  # the exact cell or field the value was read from
    source_url: str
    relationship: Relationship  # first_party: the model's developer published it
    metric: str | None = None
    model_developer: str | None = None
    publisher: str | None = None  # who published the number
    stderr: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    harness: str | None = None
    harness_version: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)  # shots, effort, attempts, scaffold...
    reported_at: str | None = None  # ISO date


@dataclass(frozen=True, slots=True)
class ParseIssue:
    """A record a parser could not read; the rest of the channel still loads."""

    channel: str
    location: str  # file and record (path:line, path#key)
    message: str


@dataclass(slots=True)
class ChannelResult:
    candidates: list[BenchmarkCandidate] = field(default_factory=list)
    scores: list[ScoreObservation] = field(default_factory=list)
    issues: list[ParseIssue] = field(default_factory=list)

    def extend(self, other: ChannelResult) -> None:
        self.candidates.extend(other.candidates)
        self.scores.extend(other.scores)
        self.issues.extend(other.issues)


def record_row(record: BenchmarkCandidate | ScoreObservation | ParseIssue) -> dict[str, Any]:
    """A flat row for the warehouse: tuples become lists, dicts become canonical JSON text.

    Fields are read one level deep: `dataclasses.asdict` deep-copies every value, most of the
    time of storing 100k channel rows. A dataclass inside a dict is written as its fields, as
    `asdict` would."""
    row = {}
    for name in _FIELD_NAMES[type(record)]:
        value = getattr(record, name)
        if isinstance(value, dict):
            value = json.dumps(value, sort_keys=True, default=_json_default)
        elif isinstance(value, tuple):
            value = list(value)
        row[name] = value
    return row


def _json_default(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return str(value)


def column_names(record_type: type) -> list[str]:
    return [f.name for f in fields(record_type)]


_FIELD_NAMES: dict[type, tuple[str, ...]] = {
    record_type: tuple(column_names(record_type))
    for record_type in (BenchmarkCandidate, ScoreObservation, ParseIssue)
}
