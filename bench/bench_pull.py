"""Benchmark `ltb bench pull` and the oracle run, with baselines measured in the same run.

    uv run python bench/bench_pull.py [--rows 1000] [--oracle-tasks 20]

Pull: a parquet of --rows rows made from the bundled MMLU-Pro rows (repeated, distinct ids) is
pulled in full. Baselines: loading the same rows with `datasets` (warm cache, as the pull sees
it) and copying the finished task folders (the file-writing floor). Peak memory: the pull's
Python allocations (tracemalloc) and the process's peak RSS.

Oracle: `ltb bench run` on --oracle-tasks tasks against the same command on one task, whose time
is Harbor's fixed cost (start-up, job set-up); the difference is the per-task cost.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ltb.pull.pipeline import PullRequest, pull
from ltb.pull.rows import load_local
from ltb.pull.shapes import load_shapes

CLOSED_PORT_ENDPOINT = "http://127.0.0.1:9"  # no Hub, whatever the network: reproducible


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    value = action()
    return time.perf_counter() - started, value


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def make_rows(path: Path, n_rows: int) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    shape = load_shapes().benchmarks["mmlu-pro"]
    base: list[dict[str, Any]] = []
    for split, relative in sorted(shape.bundled.items()):
        base += load_local(shape.bundled_path(split) or Path(relative), split).to_list()
    rows = [{**base[i % len(base)], "question_id": i} for i in range(n_rows)]
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def bench_pull(work: Path, n_rows: int) -> list[tuple[str, float, str]]:
    source = make_rows(work / "rows.parquet", n_rows)
    load_rows = lambda: load_local(source, "test")  # noqa: E731
    cold, _ = timed(load_rows)
    warm, _ = timed(load_rows)
    rss_before = peak_rss_mb()
    tracemalloc.start()
    pull_time, result = timed(
        lambda: pull(PullRequest("mmlu-pro", n=n_rows, seed=0, out=work / "pulled", source=source))
    )
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = peak_rss_mb()
    copy_time, _ = timed(lambda: shutil.copytree(result.out_dir, work / "copied"))
    written = len(result.report["tasks"])
    return [
        (f"load {n_rows} rows with datasets, cold cache", cold, ""),
        (f"load {n_rows} rows with datasets, warm (baseline)", warm, "1.0x"),
        (f"copy the {written} finished task folders", copy_time, f"{copy_time / warm:.1f}x"),
        (f"ltb pull of {written} tasks", pull_time, f"{pull_time / warm:.1f}x"),
        ("  per task", pull_time / written, ""),
        ("  pull vs copying its output", pull_time / copy_time, "ratio"),
        ("  Python peak allocations in pull (MB)", traced_peak / 2**20, "tracemalloc"),
        ("  process peak RSS before -> after pull (MB)", rss_after, f"from {rss_before:.0f}"),
    ]


def ltb_run(dataset: Path, jobs: Path, name: str) -> float:
    command = [sys.executable, "-m", "ltb.cli", "bench", "run", str(dataset), "-a", "oracle"]
    command += ["--jobs-dir", str(jobs), "--job-name", name]
    elapsed, done = timed(lambda: subprocess.run(command, capture_output=True, text=True))
    if done.returncode != 0 or "Score 100.0" not in done.stdout:
        raise SystemExit(f"oracle run failed:\n{done.stdout}\n{done.stderr}")
    return elapsed


def bench_oracle(work: Path, n_tasks: int) -> list[tuple[str, float, str]]:
    source = work / "rows.parquet"
    many = pull(PullRequest("mmlu-pro", n=n_tasks, seed=1, out=work / "oracle", source=source))
    one = pull(PullRequest("mmlu-pro", n=1, seed=1, out=work / "oracle-one", source=source))
    fixed = ltb_run(one.out_dir, work / "jobs", "one")
    total = ltb_run(many.out_dir, work / "jobs", "many")
    return [
        ("ltb bench run, oracle, 1 task (baseline)", fixed, "1.0x"),
        (f"ltb bench run, oracle, {n_tasks} tasks", total, f"{total / fixed:.1f}x"),
        ("  per extra task", (total - fixed) / (n_tasks - 1), ""),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--oracle-tasks", type=int, default=20)
    args = parser.parse_args()
    os.environ["HF_ENDPOINT"] = CLOSED_PORT_ENDPOINT
    with tempfile.TemporaryDirectory(prefix="ltb-bench-") as folder:
        work = Path(folder)
        rows = bench_pull(work, args.rows) + bench_oracle(work, args.oracle_tasks)
    width = max(len(label) for label, _, _ in rows)
    print(f"{'measure':<{width}}  {'value':>10}  vs baseline")
    for label, value, note in rows:
        unit = "" if "MB" in label or "vs" in label else " s"
        print(f"{label:<{width}}  {value:>8.3f}{unit:<2}  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
