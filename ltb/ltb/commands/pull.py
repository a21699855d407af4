"""`ltb bench pull BENCHMARK`: turn a benchmark's dataset rows into Harbor task folders."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ltb.pull import REPORT_NAME
from ltb.pull.pipeline import PullRequest, pull

SKIPPED_SHOWN = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Sample N rows of a benchmark (deterministically: same seed, same rows, on any machine) "
        "and write one Harbor task folder per row, plus pull-report.json. Rows come from "
        "--source, else the Hugging Face Hub, else the slice bundled with ltb (with a notice)."
    )
    parser.add_argument("benchmark", help="benchmark id or alias, e.g. mmlu-pro, gsm8k, humaneval")
    parser.add_argument("--n", type=int, default=20, help="number of tasks (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    parser.add_argument("--split", help="dataset split (default: the benchmark's usual one)")
    parser.add_argument("--out", type=Path, help="output folder (default ./BENCHMARK_ID)")
    parser.add_argument(
        "--source",
        type=Path,
        help="local rows instead of the Hub: a parquet, JSON, JSONL or CSV file, or a folder",
    )
    parser.add_argument(
        "--registry",
        help="release folder for aliases and licences (default $LTB_REGISTRY or exports/latest)",
    )
    parser.add_argument("--force", action="store_true", help="replace an earlier pull in --out")


def run(args: argparse.Namespace) -> int:
    result = pull(
        PullRequest(
            benchmark=args.benchmark,
            n=args.n,
            seed=args.seed,
            split=args.split,
            out=args.out,
            source=args.source,
            registry=args.registry,
            force=args.force,
        )
    )
    report = result.report
    for notice in report["notices"]:
        print(f"ltb: notice: {notice}", file=sys.stderr)
    sample, rows, solutions = report["sample"], report["rows"], report["solutions"]
    print(
        f"Pulled {sample['n']} {report['benchmark_id']} tasks (seed {sample['seed']}, "
        f"{sample['split']} split, {rows['n_rows']} {rows['origin']} rows) into {result.out_dir}"
    )
    if solutions["included"]:
        print(f"Solutions: included ({solutions['reason']}).")
    else:
        print(
            f"Solutions: left out: {solutions['reason']}. The oracle check covers only tasks "
            "with solutions."
        )
    skipped = report["skipped"]
    if skipped:
        print(f"Skipped {len(skipped)} bad rows (all in {result.out_dir / REPORT_NAME}):")
        for entry in skipped[:SKIPPED_SHOWN]:
            print(f"  {entry['row_id']}: {entry['reason']}")
    print(f"Next: ltb bench run {result.out_dir} -a oracle")
    return 0
