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
import os
import resource
import shutil
import tempfile
import time
from collections import defaultdict
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
        for n in range(args.cuts):
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
            for (step, began), (_, ended) in zip(marks[1:-1], marks[2:], strict=True):
                steps[step].append(ended - began)
            total = marks[-1][1] - marks[0][1]
            files = len(published.manifest["files"])
            cpu = _cpu_seconds() - cpu_before
            print(
                f"cut {n + 1}: {total:6.2f} s wall, {cpu:6.2f} s CPU, {files:,} files, "
                f"{published.release_id}"
            )
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
