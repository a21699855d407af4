"""`reproduced_medians` over millions of generated runs: time and peak memory, next to a bare
DuckDB `median()` group-by over the same rows.

Each measurement runs in a fresh process so that its peak memory is its own.

    uv run python bench/bench_medians.py [--runs 5000000] [--pools 20000] [--db PATH]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

from benchhub.runs import build_reproduced_medians
from benchhub.warehouse import sql_text

TIME_BUDGET_SECONDS = 20.0
MEMORY_BUDGET_MB = 4096.0

BARE_MEDIAN = """
CREATE OR REPLACE TABLE bare_medians AS
SELECT benchmark_id, model_id, harness, settings_key, median(score) AS median
FROM reproduced_runs GROUP BY ALL
"""


def generate(db: Path, runs: int, pools: int) -> float:
    """Fill reproduced_runs with `runs` rows over about `pools` pools of uneven size."""
    start = time.perf_counter()
    con = duckdb.connect(str(db))
    con.execute(sql_text("reproduced_runs"))
    con.execute("SELECT setseed(0.42)")
    # Squaring a uniform draw gives a few crowded pools and a long tail of small ones.
    con.execute(
        """
        INSERT INTO reproduced_runs
        SELECT
            printf('run-%020x', i),
            'bench-' || (pool % 50),
            'vendor/model-' || (pool // 100),
            'Vendor/Model-' || (pool // 100),
            'oracle',
            'harbor',
            '0.25.0',
            '0.1.0',
            '{"agent":"oracle","settings":{"effort":"' || (pool // 50 % 2) || '"}}',
            round(random() * 100, 2),
            50,
            1,
            50,
            printf('%064x', i),
            'anonymous',
            TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_seconds(i),
            TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_seconds(i + 60),
            printf('run-%020x.json', i)
        FROM (SELECT i, (power(random(), 2) * $pools)::BIGINT AS pool FROM range($runs) t(i))
        """,
        {"runs": runs, "pools": pools},
    )
    con.close()
    return time.perf_counter() - start


def measure(db: Path, which: str) -> dict[str, float]:
    con = duckdb.connect(str(db))
    start, cpu_start = time.perf_counter(), time.process_time()
    if which == "medians":
        rows = build_reproduced_medians(con)
    else:
        con.execute(BARE_MEDIAN)
        rows = con.execute("SELECT count(*) FROM bare_medians").fetchall()[0][0]
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start  # all DuckDB threads; steadier on a busy host
    con.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
    return {"seconds": seconds, "cpu_seconds": cpu_seconds, "peak_mb": peak_mb, "rows": rows}


def measure_in_child(db: Path, which: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--db", str(db), "--measure", which],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5_000_000)
    parser.add_argument("--pools", type=int, default=20_000)
    parser.add_argument("--db", type=Path, help="reuse or keep this database file")
    parser.add_argument("--measure", choices=["medians", "bare"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.db, args.measure)))
        return 0

    with tempfile.TemporaryDirectory(prefix="bench-medians-") as tmp:
        db = args.db or Path(tmp) / "runs.duckdb"
        if not db.exists():
            print(f"generating {args.runs:,} runs: {generate(db, args.runs, args.pools):.1f} s")
        medians = measure_in_child(db, "medians")
        bare = measure_in_child(db, "bare")
        with duckdb.connect(str(db), read_only=True) as con:
            n_runs, n_pools, biggest, with_ci = con.execute(
                "SELECT (SELECT count(*) FROM reproduced_runs), count(*), max(n_runs), "
                "count(ci_low) FROM reproduced_medians"
            ).fetchall()[0]

    print(f"runs {n_runs:,} in {n_pools:,} pools (largest {biggest:,}; {with_ci:,} with a CI)")
    for name, result in (("reproduced_medians", medians), ("bare median() group-by", bare)):
        print(
            f"{name:24} {result['seconds']:6.2f} s wall, {result['cpu_seconds']:6.2f} s CPU, "
            f"peak {result['peak_mb']:5.0f} MB"
        )
    print(
        f"ratio to bare median(): {medians['seconds'] / bare['seconds']:.2f}x wall, "
        f"{medians['cpu_seconds'] / bare['cpu_seconds']:.2f}x CPU"
    )
    ok = medians["seconds"] < TIME_BUDGET_SECONDS and medians["peak_mb"] < MEMORY_BUDGET_MB
    print("OK" if ok else f"FAILED (budget {TIME_BUDGET_SECONDS} s, {MEMORY_BUDGET_MB} MB)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
