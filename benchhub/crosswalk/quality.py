"""Measuring the crosswalk against a labelled gold set: pairwise precision and recall.

A gold file (gold/benchmarks.csv, gold/models.csv) lists `channel,source_name,identity`. Each
row is resolved the way the pipeline resolves it: a benchmark spelling through the alias table
(the channel's record with that name) and, for a spelling the channels never produced, through
`Crosswalk.resolve_benchmark_name`; a model spelling through `Crosswalk.model_for`. Every pair
of rows is then a merge the crosswalk made or did not make, right or wrong.
"""

from __future__ import annotations

import csv
import importlib
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from assets.channels import CHANNEL_MODULES
from benchhub.channel import Mode, run_channel
from benchhub.crosswalk.types import Crosswalk
from benchhub.records import BenchmarkCandidate, ScoreObservation

GOLD_DIR = Path(__file__).resolve().parents[2] / "gold"


@dataclass(frozen=True, slots=True)
class GoldRow:
    channel: str
    source_name: str
    identity: str
    scaffold: str = ""  # models: the agent the row names beside the model, if any
    split: str = "dev"  # models: "holdout" rows were set aside before the rules were changed


@dataclass(slots=True)
class PairwiseReport:
    precision: float
    recall: float
    rows: int
    identities: int
    wrong_merges: list[tuple[str, list[GoldRow]]] = field(default_factory=list)  # id, rows
    missed_merges: list[tuple[str, dict[str, list[GoldRow]]]] = field(default_factory=list)


def replay_all_channels() -> tuple[list[BenchmarkCandidate], list[ScoreObservation], list[str]]:
    """Every channel module under assets/channels/ run on its recordings; failures are named,
    not fatal, so one broken channel does not hide the others' quality."""
    candidates: list[BenchmarkCandidate] = []
    scores: list[ScoreObservation] = []
    failures: list[str] = []
    for name in CHANNEL_MODULES:  # the channel registry, as the pipeline reads it
        try:
            channel = importlib.import_module(f"assets.channels.{name}").CHANNEL
            result = run_channel(channel, Mode.REPLAY)
        except Exception as exc:  # noqa: BLE001 - report and go on with the other channels
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        candidates.extend(result.candidates)
        scores.extend(result.scores)
    return candidates, scores, failures


def load_gold(path: Path) -> list[GoldRow]:
    with path.open(encoding="utf-8", newline="") as handle:
        return [
            GoldRow(
                row["channel"],
                row["source_name"],
                row["identity"],
                row.get("scaffold") or "",
                row.get("split") or "dev",
            )
            for row in csv.DictReader(handle)
        ]


def load_junk(path: Path) -> set[tuple[str, str]]:
    """The (channel, source_name) spellings of gold/junk.csv: real records that are no
    benchmark (`channel,source_name,why`)."""
    with path.open(encoding="utf-8", newline="") as handle:
        return {(row["channel"], row["source_name"]) for row in csv.DictReader(handle)}


def junk_made_benchmarks(crosswalk: Crosswalk, junk: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """The junk spellings the crosswalk made (part of) a benchmark: should be none."""
    benchmarks = {b.benchmark_id for b in crosswalk.benchmarks if b.is_benchmark}
    made = {
        (a.channel, a.source_name)
        for a in crosswalk.benchmark_aliases
        if a.benchmark_id in benchmarks
    }
    return sorted(junk & made)


def benchmark_predictions(crosswalk: Crosswalk, rows: Iterable[GoldRow]) -> list[str]:
    """The benchmark id the crosswalk gives each gold row (a unique placeholder if none)."""
    by_name: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for alias in crosswalk.benchmark_aliases:
        by_name[(alias.channel, alias.source_name)][alias.benchmark_id] += 1
    predictions: list[str] = []
    for number, row in enumerate(rows):
        counts = by_name.get((row.channel, row.source_name))
        if counts:
            predictions.append(min(counts, key=lambda b: (-counts[b], b)))
            continue
        found = crosswalk.resolve_benchmark_name(row.channel, row.source_name)
        predictions.append(found or f"<unresolved {number}>")
    return predictions


@dataclass(frozen=True, slots=True)
class ParentRow:
    """gold/parents.csv: a spelling and the spelling of the record it belongs under (empty:
    it is a top-level benchmark)."""

    channel: str
    source_name: str
    parent_channel: str
    parent_source_name: str


def load_parent_gold(path: Path) -> list[ParentRow]:
    with path.open(encoding="utf-8", newline="") as handle:
        return [
            ParentRow(
                row["channel"],
                row["source_name"],
                row["parent_channel"],
                row["parent_source_name"],
            )
            for row in csv.DictReader(handle)
        ]


def wrong_parents(
    crosswalk: Crosswalk, rows: list[ParentRow]
) -> list[tuple[ParentRow, str | None, str | None]]:
    """The rows whose record's parent_id is not the record of the labelled parent spelling
    (None for a top-level label): (row, expected id, parent_id found)."""
    children = [GoldRow(r.channel, r.source_name, "") for r in rows]
    parents = [GoldRow(r.parent_channel, r.parent_source_name, "") for r in rows]
    child_ids = benchmark_predictions(crosswalk, children)
    parent_ids = benchmark_predictions(crosswalk, parents)
    parent_of = {b.benchmark_id: b.parent_id for b in crosswalk.benchmarks}
    wrong = []
    for row, child, parent in zip(rows, child_ids, parent_ids, strict=True):
        expected = parent if row.parent_source_name else None
        if parent_of.get(child) != expected:
            wrong.append((row, expected, parent_of.get(child)))
    return wrong


JUNK = "JUNK"  # the gold label of a name that is not a model


def model_predictions(crosswalk: Crosswalk, rows: Iterable[GoldRow]) -> list[str]:
    """The model id for each gold row; a name the crosswalk refuses as junk gets a placeholder
    of its own, so it merges with nothing."""
    predictions: list[str] = []
    for number, row in enumerate(rows):
        model_id = crosswalk.model_for(row.channel, row.source_name, row.scaffold or None)[0]
        predictions.append(model_id if model_id is not None else f"<junk {number}>")
    return predictions


def junk_labels(rows: list[GoldRow]) -> list[GoldRow]:
    """Junk rows get one label each: two junk names are not one model."""
    return [
        GoldRow(r.channel, r.source_name, f"<junk {n}>", r.scaffold, r.split)
        if r.identity == JUNK
        else r
        for n, r in enumerate(rows)
    ]


def pairwise(rows: list[GoldRow], predicted: list[str]) -> PairwiseReport:
    true_pairs = predicted_pairs = both = 0
    for (a, pa), (b, pb) in combinations(zip(rows, predicted, strict=True), 2):
        same_gold, same_predicted = a.identity == b.identity, pa == pb
        true_pairs += same_gold
        predicted_pairs += same_predicted
        both += same_gold and same_predicted
    report = PairwiseReport(
        precision=both / predicted_pairs if predicted_pairs else 1.0,
        recall=both / true_pairs if true_pairs else 1.0,
        rows=len(rows),
        identities=len({row.identity for row in rows}),
    )
    by_prediction: dict[str, list[GoldRow]] = defaultdict(list)
    by_identity: dict[str, dict[str, list[GoldRow]]] = defaultdict(lambda: defaultdict(list))
    for row, prediction in zip(rows, predicted, strict=True):
        by_prediction[prediction].append(row)
        by_identity[row.identity][prediction].append(row)
    report.wrong_merges = sorted(
        (pid, members)
        for pid, members in by_prediction.items()
        if len({m.identity for m in members}) > 1
    )
    report.missed_merges = sorted(
        (identity, dict(split)) for identity, split in by_identity.items() if len(split) > 1
    )
    return report


def format_report(title: str, report: PairwiseReport) -> str:
    lines = [
        f"{title}: precision {report.precision:.4f}, recall {report.recall:.4f} "
        f"({report.rows} names, {report.identities} identities)"
    ]
    for predicted, members in report.wrong_merges:
        groups = sorted({m.identity for m in members})
        lines.append(f"  WRONG MERGE into {predicted}: {', '.join(groups)}")
        for member in members:
            lines.append(f"      [{member.identity}] {member.channel}: {member.source_name}")
    for identity, split in report.missed_merges:
        lines.append(f"  MISSED MERGE of {identity}: split into {', '.join(sorted(split))}")
        for predicted, members in sorted(split.items()):
            names = "; ".join(f"{m.channel}: {m.source_name}" for m in members)
            lines.append(f"      {predicted} <- {names}")
    return "\n".join(lines)
