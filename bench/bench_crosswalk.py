"""Crosswalk quality: pairwise precision and recall against the labelled gold sets.

Runs every channel on its recordings, builds the crosswalk with the repo's curation, resolves
each gold name through the same lookups the pipeline uses, and lists every wrong and missed
merge. Targets: benchmarks P >= 0.98, R >= 0.95, overall and on gold/benchmarks_holdout.csv;
models P >= 0.99, R >= 0.95, overall and on the rows set aside before the model rules were
changed (`split` = holdout); no spelling of gold/junk.csv made (part of) a benchmark.

    uv run python bench/bench_crosswalk.py [--gold-dir gold] [--curation curation]
                                           [--no-curation]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from benchhub.crosswalk import Curation, build_crosswalk, load_curation
from benchhub.crosswalk.quality import (
    GOLD_DIR,
    GoldRow,
    benchmark_predictions,
    format_report,
    junk_labels,
    junk_made_benchmarks,
    load_gold,
    load_junk,
    model_predictions,
    pairwise,
    replay_all_channels,
)

TARGETS = {"benchmarks": (0.98, 0.95), "models": (0.99, 0.95)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold-dir", type=Path, default=GOLD_DIR)
    parser.add_argument("--curation", type=Path, default=None, help="curation folder")
    parser.add_argument(
        "--no-curation", action="store_true", help="measure the automatic rules alone"
    )
    args = parser.parse_args(argv)

    started = time.perf_counter()
    candidates, scores, failures = replay_all_channels()
    loaded = time.perf_counter()
    curation = Curation() if args.no_curation else load_curation(args.curation)
    crosswalk = build_crosswalk(candidates, scores, curation)
    built = time.perf_counter()
    print(
        f"channels: {len(candidates)} candidates, {len(scores)} scores "
        f"(read {loaded - started:.1f}s); crosswalk: {len(crosswalk.benchmarks)} benchmarks, "
        f"{len(crosswalk.models)} models (built {built - loaded:.1f}s)"
    )
    for failure in failures:
        print(f"  channel failed: {failure}")

    met = True
    for title, gold_file in (
        ("benchmarks", "benchmarks.csv"),
        ("benchmarks (holdout)", "benchmarks_holdout.csv"),
    ):
        rows = load_gold(args.gold_dir / gold_file)
        report = pairwise(rows, benchmark_predictions(crosswalk, rows))
        print(format_report(title, report))
        met &= (
            report.precision >= TARGETS["benchmarks"][0]
            and report.recall >= TARGETS["benchmarks"][1]
        )

    junk = load_junk(args.gold_dir / "junk.csv")
    made = junk_made_benchmarks(crosswalk, junk)
    print(f"junk spellings made benchmarks: {len(made)} of {len(junk)}")
    for channel, name in made:
        print(f"  {channel}: {name!r}")
    met &= not made

    rows = junk_labels(load_gold(args.gold_dir / "models.csv"))
    predicted = model_predictions(crosswalk, rows)
    for title, keep in (("models", lambda r: True), ("models (holdout)", _holdout)):
        chosen = [(r, p) for r, p in zip(rows, predicted, strict=True) if keep(r)]
        report = pairwise([r for r, _ in chosen], [p for _, p in chosen])
        print(format_report(title, report))
        met &= report.precision >= TARGETS["models"][0] and report.recall >= TARGETS["models"][1]
    junk_given_ids = [
        r
        for r, p in zip(rows, predicted, strict=True)
        if r.identity.startswith("<junk") and not p.startswith("<junk")
    ]
    print(f"junk names given a model id: {len(junk_given_ids)}")
    for row in junk_given_ids:
        print(f"  {row.channel}: {row.source_name!r}")
    print("targets met" if met else "targets NOT met")
    return 0 if met else 1


def _holdout(row: GoldRow) -> bool:
    return row.split == "holdout"


if __name__ == "__main__":
    sys.exit(main())
