"""Crosswalk quality: pairwise precision and recall against the labelled gold sets.

Runs every channel on its recordings, builds the crosswalk with the repo's curation, resolves
each gold name through the same lookups the pipeline uses, and lists every wrong and missed
merge. Targets: benchmarks P >= 0.98, R >= 0.95; models P >= 0.97, R >= 0.93.

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
    benchmark_predictions,
    format_report,
    load_gold,
    model_predictions,
    pairwise,
    replay_all_channels,
)

TARGETS = {"benchmarks": (0.98, 0.95), "models": (0.97, 0.93)}


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
    for kind, predict in (("benchmarks", benchmark_predictions), ("models", model_predictions)):
        rows = load_gold(args.gold_dir / f"{kind}.csv")
        report = pairwise(rows, predict(crosswalk, rows))
        print(format_report(kind, report))
        precision_target, recall_target = TARGETS[kind]
        met &= report.precision >= precision_target and report.recall >= recall_target
    print("targets met" if met else "targets NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
