"""The default reviewer: offline, deterministic rules, no model.

It rejects records that are not benchmarks (see `classify`), normalises the licence to SPDX,
files the benchmark under capability axes (see `axes_rules`) and reports inconsistencies (see
`consistency`). Same record and same day in, same review out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from benchhub.catalog import MergedBenchmark
from benchhub.review.axes_rules import heuristic_axes
from benchhub.review.classify import not_a_benchmark
from benchhub.review.consistency import find_inconsistencies
from benchhub.review.content import content_hash
from benchhub.review.corrections import license_correction
from benchhub.review.licences import normalize_license
from benchhub.review.model import Correction, Decision, Review, ReviewBatch, ReviewerKind

# Bump when a rule changes what the heuristic decides; recorded in every review it writes.
HEURISTIC_VERSION = "heuristic-2"


class HeuristicReviewer:
    kind: ReviewerKind = "heuristic"
    model: str | None = None
    prompt_version = HEURISTIC_VERSION
    cacheable = False  # cheaper to rerun than to look up, and never stale

    def __init__(self, today: Callable[[], date] = date.today) -> None:
        self._today = today  # "dates in the future" depend on it; tests pin it

    def review_many(self, benchmarks: Sequence[MergedBenchmark]) -> ReviewBatch:
        return ReviewBatch([self.review(b) for b in benchmarks])

    def review(self, benchmark: MergedBenchmark) -> Review:
        findings = find_inconsistencies(benchmark, self._today())
        issues = [f.message for f in findings]
        corrections: list[Correction] = []
        if benchmark.license is not None:
            licence = normalize_license(benchmark.license)
            if not licence.recognised:
                issues.append(
                    f"license {benchmark.license!r} is not a licence we recognise; filed as other"
                )
            fix = license_correction(
                benchmark, licence.value, f"SPDX normalisation of {benchmark.license!r}"
            )
            corrections += [fix] if fix else []

        decision: Decision
        rejection = not_a_benchmark(benchmark)
        if rejection is not None:
            decision, notes, confidence = rejection.verdict, rejection.reason, rejection.confidence
        elif any(f.needs_human for f in findings):
            decision, notes, confidence = (
                "needs_human",
                "facts point at more than one benchmark; a person should check the merge",
                0.5,
            )
        else:
            decision, notes, confidence = (
                "publish",
                _publish_note(benchmark),
                _confidence(benchmark, len(issues)),
            )
        return Review(
            benchmark_id=benchmark.benchmark_id,
            decision=decision,
            notes=notes,
            reviewer=self.kind,
            model=self.model,
            prompt_version=self.prompt_version,
            input_hash=content_hash(benchmark),
            confidence=confidence,
            corrections=corrections,
            axes=heuristic_axes(benchmark) if decision != "reject" else [],
            issues=issues,
        )


def _publish_note(benchmark: MergedBenchmark) -> str:
    listed = f"listed by {benchmark.n_channels} channel{'s' if benchmark.n_channels != 1 else ''}"
    return f"a benchmark {listed}; no rule marks it as a template, group or plumbing"


def _confidence(benchmark: MergedBenchmark, n_issues: int) -> float:
    """Higher when several channels list it and it is described; each issue costs 0.1."""
    base = 0.9 if benchmark.n_channels >= 2 and benchmark.description else 0.75
    return round(max(0.3, base - 0.1 * n_issues), 2)
