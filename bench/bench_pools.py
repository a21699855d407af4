"""Pooled estimates (benchhub.pooling.pool_estimates) over millions of generated runs: time and
peak memory against the budget of 20 s and 4 GB for 5 million runs.

Runs are spread over pools of uneven size (a few crowded pools, a long tail of small ones),
from several submitters, each run scoring `--tasks` tasks drawn from its pool's task set, with
binary rewards. The measurement covers everything pooling does after the rewards are in
memory; generating them is timed apart. Each measurement runs in a fresh process so that its
peak memory is its own.

    uv run python bench/bench_pools.py [--runs 5000000] [--pools 200000] [--tasks 10]

`--warehouse` times the whole table build instead (benchhub.pools.build_reproduced_pools: DuckDB
groups reproduced_attempts per run and task, then the same statistics) on a generated warehouse;
it reports without a budget, as the warehouse path is bounded by DuckDB's group-by over every
attempt row.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

import numpy as np

from benchhub.pooling import TaskRewards, pool_estimates

TIME_BUDGET_SECONDS = 20.0
MEMORY_BUDGET_MB = 4096.0
TASKS_PER_POOL = 50  # each run scores `tasks` of its pool's 50 tasks


def generate(runs: int, pools: int, tasks: int, seed: int = 42) -> TaskRewards:
    rng = np.random.default_rng(seed)
    # Squaring a uniform draw gives a few crowded pools and a long tail of small ones.
    run_pool = np.sort((rng.random(runs) ** 2 * pools).astype(np.int64))
    run_pool = np.unique(run_pool, return_inverse=True)[1].astype(np.int64)  # dense codes
    skill = rng.uniform(0.1, 0.9, run_pool.max() + 1)
    row_run = np.repeat(np.arange(runs, dtype=np.int64), tasks)
    row_task = rng.integers(0, TASKS_PER_POOL, runs * tasks, dtype=np.int64)
    rewards = np.empty(runs * tasks)
    run_skill = skill[run_pool]
    chunk = 1 << 22  # drawn in chunks: no full-size temporaries
    for start in range(0, len(rewards), chunk):
        stop = min(start + chunk, len(rewards))
        p = run_skill[row_run[start:stop]]
        rewards[start:stop] = rng.random(stop - start) < p
    return TaskRewards(
        run_pool=run_pool,
        run_submitter=rng.integers(0, 5, runs, dtype=np.int64),
        row_run=row_run,
        row_task=row_task,
        row_reward=rewards,
    )


def measure(runs: int, pools: int, tasks: int) -> dict[str, float]:
    start = time.perf_counter()
    data = generate(runs, pools, tasks)
    generated = time.perf_counter() - start
    start = time.perf_counter()
    pooled = pool_estimates(data)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "runs": runs,
        "task_rewards": runs * tasks,
        "pools": int(len(pooled.estimate)),
        "generate_seconds": round(generated, 2),
        "pool_seconds": round(seconds, 2),
        "peak_memory_mb": round(peak_mb, 1),
        "pools_with_interval": int(np.isfinite(pooled.ci_low).sum()),
    }


def measure_warehouse(runs: int, pools: int, tasks: int) -> dict[str, float]:
    import tempfile
    from pathlib import Path

    import duckdb

    from benchhub.pools import build_reproduced_pools
    from benchhub.warehouse import sql_text

    with tempfile.TemporaryDirectory() as folder:
        con = duckdb.connect(str(Path(folder) / "bench.duckdb"))
        start = time.perf_counter()
        con.execute(sql_text("reproduced_runs"))
        con.execute(sql_text("reproduced_attempts"))
        con.execute("SELECT setseed(0.42)")
        con.execute(
            f"""
            INSERT INTO reproduced_runs
            SELECT printf('run-%020x', i), 'bench-' || (pool % 50), 'vendor/model-' || pool,
                   'Vendor/Model-' || pool, 'agent', 'harbor', '0.25.0', '0.1.0',
                   '{{"agent":"agent","settings":{{}}}}', 50.0, {tasks}, 1, {tasks},
                   printf('%064x', i), 'key_' || printf('%012x', i % 5),
                   TIMESTAMPTZ '2026-11-01 00:00:00+00', TIMESTAMPTZ '2026-11-01 00:00:00+00',
                   'bench.json'
            FROM (SELECT i, (random() ** 2 * {pools})::BIGINT AS pool FROM range({runs}) t(i))
            """
        )
        con.execute(
            f"""
            INSERT INTO reproduced_attempts (run_id, task, attempt, reward)
            SELECT printf('run-%020x', i), 'task-' || (hash(i, j) % 50), 0,
                   (random() < 0.5)::DOUBLE
            FROM range({runs}) r(i), range({tasks}) t(j)
            """
        )
        generated = time.perf_counter() - start
        start = time.perf_counter()
        n_pools = build_reproduced_pools(con)
        seconds = time.perf_counter() - start
        con.close()
    return {
        "runs": runs,
        "attempt_rows": runs * tasks,
        "pools": n_pools,
        "generate_seconds": round(generated, 2),
        "build_seconds": round(seconds, 2),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5_000_000)
    parser.add_argument("--pools", type=int, default=200_000)
    parser.add_argument("--tasks", type=int, default=10, help="task rewards per run")
    parser.add_argument(
        "--warehouse", action="store_true", help="time the whole table build (no budget)"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run = measure_warehouse if args.warehouse else measure
        print(json.dumps(run(args.runs, args.pools, args.tasks)))
        return 0
    command = [sys.executable, __file__, "--child", "--runs", str(args.runs)]
    command += ["--pools", str(args.pools), "--tasks", str(args.tasks)]
    command += ["--warehouse"] if args.warehouse else []
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    print(json.dumps(result, indent=2))
    if args.warehouse:
        return 0
    within = (
        result["pool_seconds"] <= TIME_BUDGET_SECONDS
        and result["peak_memory_mb"] <= MEMORY_BUDGET_MB
    )
    print(
        f"pooling {result['runs']:,} runs: {result['pool_seconds']} s, "
        f"{result['peak_memory_mb']:.0f} MB peak (budget {TIME_BUDGET_SECONDS:g} s, "
        f"{MEMORY_BUDGET_MB:g} MB): {'within' if within else 'OVER'} budget"
    )
    return 0 if within else 1


if __name__ == "__main__":
    raise SystemExit(main())
