"""How fast `ltb bench search` and `ltb bench info` answer, against a bare index load.

Usage: uv run python bench/bench_cli.py [--registry exports/latest] [--runs 15]

Each command runs as a fresh process (as a user runs it); the baseline is a bare
`python -c` that only loads index.json. Targets: under 0.3 s, within 3x of the baseline.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = {
    "baseline: python -c json.load(index.json)": [
        sys.executable,
        "-c",
        "import json,sys; json.load(open(sys.argv[1] + '/index.json'))",
    ],
    "ltb bench search mmlu": [sys.executable, "-m", "ltb.cli", "bench", "search", "mmlu"],
    "ltb bench info mmlu-pro": [sys.executable, "-m", "ltb.cli", "bench", "info", "mmlu-pro"],
}


def median_seconds(argv: list[str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--registry", default="exports/latest")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    registry = str(Path(args.registry).resolve())
    results = {}
    for label, argv in COMMANDS.items():
        argv = (
            [*argv, registry] if label.startswith("baseline") else [*argv, "--registry", registry]
        )
        results[label] = median_seconds(argv, args.runs)
    baseline = results[next(iter(COMMANDS))]
    print(f"{'command':45} {'median s':>9} {'x baseline':>11}")
    for label, seconds in results.items():
        print(f"{label:45} {seconds:9.3f} {seconds / baseline:11.2f}")


if __name__ == "__main__":
    main()
