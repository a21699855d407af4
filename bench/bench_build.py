"""The full build from the bundled recordings: wall time and peak memory, per step.

Usage: uv run python bench/bench_build.py [--workdir /tmp/benchhub-bench]

Runs every asset in one in-process Dagster run (as `make registry` does) while a sampler
thread records the process's resident memory every 20 ms; each step's peak is the highest
sample between its start and end events. The baseline, measured in the same run, is reading
every recording's bytes from disk: the floor under any build.
"""

from __future__ import annotations

import argparse
import shutil
import threading
import time
from pathlib import Path

from dagster import DagsterEventType, DagsterInstance, materialize

from benchhub.channel import RECORDINGS_DIR
from pipelines.definitions import ALL_ASSETS
from pipelines.resources import build_resources


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class MemorySampler(threading.Thread):
    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.samples: list[tuple[float, float]] = []
        self.running = True

    def run(self) -> None:
        while self.running:
            self.samples.append((time.time(), rss_mb()))
            time.sleep(0.02)

    def peak(self, start: float, end: float) -> float:
        inside = [mb for t, mb in self.samples if start <= t <= end]
        return max(inside, default=0.0)


def read_recordings() -> float:
    start = time.perf_counter()
    total = sum(len(p.read_bytes()) for p in RECORDINGS_DIR.rglob("*") if p.is_file())
    assert total > 0
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workdir", default="/tmp/benchhub-bench")
    args = parser.parse_args()
    work = Path(args.workdir)
    shutil.rmtree(work, ignore_errors=True)
    baseline = read_recordings()
    resources = build_resources(
        str(work / "warehouse.duckdb"), str(work / "exports"), str(work / "inbox")
    )
    sampler = MemorySampler()
    sampler.start()
    instance = DagsterInstance.ephemeral()
    started = time.perf_counter()
    result = materialize(ALL_ASSETS, resources=resources, instance=instance)
    total = time.perf_counter() - started
    sampler.running = False
    assert result.success
    steps: dict[str, dict[str, float]] = {}
    for record in instance.all_logs(result.run_id):
        event = record.dagster_event
        if event is None or event.step_key is None:
            continue
        if event.event_type == DagsterEventType.STEP_START:
            steps.setdefault(event.step_key, {})["start"] = record.timestamp
        elif event.event_type == DagsterEventType.STEP_SUCCESS:
            steps.setdefault(event.step_key, {})["end"] = record.timestamp
    print(f"{'step':34} {'wall s':>8} {'peak RSS MB':>12}")
    for step, span in sorted(steps.items(), key=lambda kv: kv[1]["start"]):
        wall = span["end"] - span["start"]
        print(f"{step:34} {wall:8.2f} {sampler.peak(span['start'], span['end']):12.0f}")
    peak = max(mb for _, mb in sampler.samples)
    print(f"{'total (one in-process run)':34} {total:8.2f} {peak:12.0f}")
    print(
        f"baseline: reading every recording takes {baseline:.3f} s; build = {total / baseline:.0f}x"
    )


if __name__ == "__main__":
    main()
