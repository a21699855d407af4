"""Reviews by a person, kept in the repo: curation/reviews.yaml.

A person's decision overrides any reviewer's: `publish` makes the record `verified`, `reject`
keeps it out of the release. Corrections in the file are applied over the reviewer's.

    mmlu-pro:                     # benchmark_id
      decision: publish           # publish | reject
      reviewer: Jane Doe          # who looked at it
      date: 2026-11-30            # when (ISO date)
      notes: licence checked against the HF card
      corrections:                # optional
        - field: license
          new: MIT
          reason: the dataset card says MIT; the Apache-2.0 file covers the code
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from benchhub.catalog import MergedBenchmark
from benchhub.review.corrections import correction_error
from benchhub.review.model import Correction, FactValue

CURATION_PATH = Path(__file__).resolve().parents[2] / "curation" / "reviews.yaml"
CuratedDecision = Literal["publish", "reject"]
_ENTRY_KEYS = frozenset({"decision", "reviewer", "date", "notes", "corrections"})
_FIX_KEYS = frozenset({"field", "new", "reason"})


class CurationError(ValueError):
    """The curation file is malformed; the message names the file, the entry and the fix."""


@dataclass(frozen=True, slots=True)
class CuratedFix:
    field: str
    new: FactValue
    reason: str


@dataclass(frozen=True, slots=True)
class CuratedReview:
    benchmark_id: str
    decision: CuratedDecision
    reviewer: str
    date: dt.date
    notes: str = ""
    fixes: tuple[CuratedFix, ...] = ()

    def corrections_for(self, benchmark: MergedBenchmark) -> list[Correction]:
        return [
            Correction(f.field, getattr(benchmark, f.field), f.new, f"{f.reason} ({self.reviewer})")
            for f in self.fixes
            if getattr(benchmark, f.field) != f.new
        ]


def load_curation(path: Path = CURATION_PATH) -> dict[str, CuratedReview]:
    """benchmark_id -> a person's review. A missing file means nobody has reviewed anything."""
    if not path.exists():
        return {}
    document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(document, dict):
        raise CurationError(f"{path}: expected a mapping of benchmark_id -> review")
    return {str(bid): _entry(path, str(bid), entry) for bid, entry in document.items()}


def _entry(path: Path, benchmark_id: str, entry: Any) -> CuratedReview:
    def fail(problem: str) -> CurationError:
        return CurationError(f"{path}: entry '{benchmark_id}': {problem}")

    if not isinstance(entry, dict):
        raise fail("expected a mapping with decision, reviewer and date")
    if unknown := set(entry) - _ENTRY_KEYS:
        raise fail(f"unknown keys {sorted(unknown)}; allowed: {sorted(_ENTRY_KEYS)}")
    decision = entry.get("decision")
    if decision not in ("publish", "reject"):
        raise fail(f"decision must be publish or reject, got {decision!r}")
    reviewer = str(entry.get("reviewer") or "").strip()
    if not reviewer:
        raise fail("reviewer is required: who reviewed it")
    when = entry.get("date")
    if isinstance(when, str):
        try:
            when = dt.date.fromisoformat(when)
        except ValueError:
            raise fail(f"date must be an ISO date (YYYY-MM-DD), got {when!r}") from None
    if not isinstance(when, dt.date):
        raise fail(f"date must be an ISO date (YYYY-MM-DD), got {when!r}")
    fixes = []
    for i, fix in enumerate(entry.get("corrections") or []):
        if not isinstance(fix, dict) or set(fix) != _FIX_KEYS:
            raise fail(f"corrections[{i}] must have exactly field, new and reason")
        if problem := correction_error(str(fix["field"]), fix["new"]):
            raise fail(f"corrections[{i}]: {problem}")
        fixes.append(CuratedFix(str(fix["field"]), fix["new"], str(fix["reason"])))
    return CuratedReview(
        benchmark_id=benchmark_id,
        decision=decision,
        reviewer=reviewer,
        date=when,
        notes=str(entry.get("notes") or ""),
        fixes=tuple(fixes),
    )
