"""The release-gating check suite on a full built warehouse: wall time, next to a baseline.

    BENCHHUB_WAREHOUSE=/tmp/x/w.duckdb BENCHHUB_EXPORTS=/tmp/x/exports \\
        uv run dagster job execute -m pipelines.definitions -j build_registry
    uv run python bench/bench_checks.py --warehouse /tmp/x/w.duckdb [--repeat 5]

Measured in this one process:
- baseline: `SELECT *` of the five checked tables into pandas (what any pandas check pays);
- checks: what the Dagster checks do, per suite: the prepared frame, its parameters, and GX's
  validation. GX's import is timed on its own; the first round after it is cold, later rounds
  are warm. Reported as the median of the warm rounds and as a ratio to the baseline.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
from collections.abc import Callable

import duckdb

from benchhub.checks.frames import load_frame, suite_parameters
from benchhub.checks.runner import run_suite
from benchhub.checks.suites import load_suites
from pipelines import settings


def row_count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def baseline(con: duckdb.DuckDBPyConnection) -> float:
    return sum(timed(lambda s=s: con.sql(f"SELECT * FROM {s.table}").df()) for s in load_suites())


def checks(con: duckdb.DuckDBPyConnection) -> dict[str, float]:
    seconds = {}
    for suite in load_suites():
        seconds[suite.name] = timed(
            lambda suite=suite: run_suite(
                suite,
                load_frame(con, suite.table),
                suite_parameters(con, suite.parameters, None),
            )
        )
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warehouse", default=settings.default_warehouse())
    parser.add_argument("--repeat", type=int, default=5, help="warm rounds (default 5)")
    args = parser.parse_args()
    if not os.path.exists(args.warehouse):
        print(f"no warehouse at {args.warehouse}: build one first (see the docstring)")
        return 2
    con = duckdb.connect(args.warehouse, read_only=True)
    rows = {s.table: row_count(con, s.table) for s in load_suites()}
    n_checks = sum(len(s.expectations) for s in load_suites())
    print(f"warehouse {args.warehouse}: " + ", ".join(f"{t} {n}" for t, n in rows.items()))

    gx_import = timed(lambda: importlib.import_module("great_expectations"))
    first = checks(con)
    # Interleaved, so that a busy machine slows both sides alike.
    bases, warm = [], []
    for _ in range(args.repeat):
        bases.append(baseline(con))
        warm.append(checks(con))
    con.close()

    base = statistics.median(bases)
    total = statistics.median(sum(r.values()) for r in warm)
    print(f"\nimporting great_expectations: {gx_import:.2f} s (once per process)")
    print(f"{n_checks} expectations in {len(first)} suites")
    print(f"{'suite':<22}{'first (s)':>11}{'warm (s)':>10}")
    for name, cold in first.items():
        print(f"{name:<22}{cold:>11.2f}{statistics.median(r[name] for r in warm):>10.2f}")
    print(f"{'all suites':<22}{sum(first.values()):>11.2f}{total:>10.2f}")
    print(f"\nbaseline (SELECT * into pandas, 5 tables): {base:.2f} s")
    print(f"checks / baseline: {total / base:.1f}x warm, {sum(first.values()) / base:.1f}x first")
    return 0


if __name__ == "__main__":
    sys.exit(main())
