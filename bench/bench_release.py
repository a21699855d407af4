"""The release step on the built warehouse: time per cut and per step, and disk use of N cuts.

Cuts `--cuts` releases of unchanged data from a copy of the warehouse `make registry` left
(warehouse/benchhub.duckdb) into a temporary exports folder, and prints the wall time of each
cut and of each step, the files per release, and the bytes on disk of one release and of all of
them (hard-linked files counted once, as `du` does). CPU seconds are printed beside the wall
time: on a shared machine they move far less with the load than wall time does.

    uv run python bench/bench_release.py [--cuts 3] [--warehouse PATH]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb

from benchhub.release.publish import cut_release
from pipelines.settings import default_warehouse


def disk_bytes(root: Path) -> int:
    """Bytes allocated below root, each inode once."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for folder, _, names in os.walk(root):
        for name in names:
            stat = os.lstat(os.path.join(folder, name))
            if (stat.st_dev, stat.st_ino) not in seen:
                seen.add((stat.st_dev, stat.st_ino))
                total += stat.st_blocks * 512
    return total


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def baseline(con: duckdb.DuckDBPyConnection, out: Path) -> int:
    """The reference work: every published score as a compact JSON line, hashed and written."""
    rows = con.sql("SELECT * FROM scores ORDER BY ALL").arrow().read_all().to_pylist()
    digest = hashlib.sha256()
    with open(out, "wb") as handle:
        for row in rows:
            line = json.dumps(row, sort_keys=True, default=str, separators=(",", ":")) + "\n"
            data = line.encode("utf-8")
            digest.update(data)
            handle.write(data)
    return len(rows)


def _timed(action: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of `action()`."""
    cpu_before, wall_before = _cpu_seconds(), time.perf_counter()
    action()
    return time.perf_counter() - wall_before, _cpu_seconds() - cpu_before


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cuts", type=int, default=3)
    parser.add_argument("--warehouse", default=default_warehouse())
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-release-") as tmp:
        warehouse = Path(tmp) / "warehouse.duckdb"
        shutil.copy(args.warehouse, warehouse)
        exports = Path(tmp) / "exports"
        con = duckdb.connect(str(warehouse))
        status = con.sql("SELECT * FROM channel_status").arrow().read_all().to_pylist()
        first = datetime(2030, 1, 1, 6, tzinfo=UTC)
        steps: dict[str, list[float]] = defaultdict(list)
        ratios: list[tuple[float, float]] = []
        for n in range(args.cuts):
            base_wall, base_cpu = _timed(lambda: baseline(con, Path(tmp) / "baseline.jsonl"))
            cpu_before = _cpu_seconds()
            marks: list[tuple[str, float]] = [("start", time.perf_counter())]
            published = cut_release(
                con,
                exports,
                now=first + timedelta(days=n),
                channel_status=status,
                on_step=lambda step, marks=marks: marks.append((step, time.perf_counter())),
            )
            marks.append(("end", time.perf_counter()))
            this_cut = []
            for (step, began), (_, ended) in zip(marks[1:-1], marks[2:], strict=True):
                steps[step].append(ended - began)
                this_cut.append(f"{step} {ended - began:.2f}")
            total = marks[-1][1] - marks[0][1]
            files = len(published.manifest["files"])
            cpu = _cpu_seconds() - cpu_before
            ratios.append((total / base_wall, cpu / base_cpu))
            print(
                f"cut {n + 1}: {total:6.2f} s wall, {cpu:6.2f} s CPU, {files:,} files, "
                f"{published.release_id}; baseline {base_wall:.2f} s wall, {base_cpu:.2f} s CPU: "
                f"cut/baseline {ratios[-1][0]:.1f}x wall, {ratios[-1][1]:.1f}x CPU"
            )
            print(f"  steps (s): {', '.join(this_cut)}")
        con.close()
        means = ", ".join(f"{step} {sum(v) / len(v):.2f}" for step, v in steps.items())
        print(f"step means (s): {means}")
        one = disk_bytes(published.path)
        everything = disk_bytes(exports)
        print(
            f"one release alone: {one / 1e6:.1f} MB; all {args.cuts} releases on disk: "
            f"{everything / 1e6:.1f} MB ({everything / one:.2f}x one release)"
        )


if __name__ == "__main__":
    main()
