"""The intake under load: concurrent clients push distinct summaries over loopback.

Checks that none is lost (every 201 is a file in the inbox and, after read_inbox_file and the
load, a row in reproduced_runs) and prints latency percentiles and throughput.

    uv run python bench/bench_intake.py [--clients 20] [--runs 2000] [--tasks 50]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import duckdb
import httpx
from benchhub_format.inbox import TEMP_PREFIX

from benchhub.runs import load_inbox
from intake.process import running_intake


def summary_body(seed: int, n_tasks: int) -> bytes:
    rng = random.Random(seed)
    rewards = {f"task-{i:05d}": float(rng.random() < 0.6) for i in range(n_tasks)}
    return json.dumps(
        {
            "schema_version": 1,
            "benchmark_id": "demo-qa",
            "model": f"vendor/model-{seed % 40}",
            "agent": "oracle",
            "harness": "harbor",
            "harbor_version": "0.25.0",
            "cli_version": "0.1.0",
            "score": 100 * sum(rewards.values()) / n_tasks,
            "n_tasks": n_tasks,
            "n_attempts": 1,
            "rewards": rewards,
            "sample": {"seed": seed, "n": n_tasks},
            "results_sha256": hashlib.sha256(f"bench run {seed}".encode()).hexdigest(),
            "created_at": "2026-11-29T12:00:00Z",
        }
    ).encode()


def push_all(url: str, bodies: list[bytes], clients: int) -> list[tuple[int, str, float]]:
    """(status, run_id, seconds) for every body, pushed by `clients` threads."""
    results: list[tuple[int, str, float]] = []
    lock = threading.Lock()
    pending = iter(bodies)

    def worker() -> None:
        with httpx.Client(base_url=url, timeout=60) as client:
            while True:
                with lock:
                    body = next(pending, None)
                if body is None:
                    return
                start = time.perf_counter()
                response = client.post(
                    "/v1/runs", content=body, headers={"Content-Type": "application/json"}
                )
                elapsed = time.perf_counter() - start
                run_id = response.json().get("run_id", "") if response.status_code < 300 else ""
                with lock:
                    results.append((response.status_code, run_id, elapsed))

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--tasks", type=int, default=50, help="tasks per summary")
    args = parser.parse_args()

    bodies = [summary_body(seed, args.tasks) for seed in range(args.runs)]
    with tempfile.TemporaryDirectory(prefix="bench-intake-") as tmp:
        root = Path(tmp)
        inbox = root / "inbox"
        limits = ["--per-minute", "1e9", "--burst", "1000000000"]  # measure the intake, not limits
        with running_intake("--inbox", str(inbox), *limits, log_path=root / "intake.log") as server:
            start = time.perf_counter()
            results = push_all(server.url, bodies, args.clients)
            wall = time.perf_counter() - start

        created = {run_id for status, run_id, _ in results if status == 201}
        in_inbox = {p.stem for p in inbox.glob("*.json")}
        strays = [p.name for p in inbox.iterdir() if p.name.startswith(TEMP_PREFIX)]
        con = duckdb.connect(str(root / "warehouse.duckdb"))
        load_start = time.perf_counter()
        report = load_inbox(con, inbox, known_benchmarks={"demo-qa"})
        load_seconds = time.perf_counter() - load_start
        in_table = {r[0] for r in con.execute("SELECT run_id FROM reproduced_runs").fetchall()}
        con.close()

    latencies = sorted(seconds for _, _, seconds in results)
    statuses: dict[int, int] = {}
    for status, _, _ in results:
        statuses[status] = statuses.get(status, 0) + 1
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    lost = created - in_table
    print(
        f"clients={args.clients} runs={args.runs} tasks/summary={args.tasks} "
        f"body={len(bodies[0])} bytes"
    )
    print(f"statuses: {statuses}")
    print(f"wall {wall:.2f} s, {len(results) / wall:.0f} pushes/s")
    print(
        f"latency p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms, "
        f"max {latencies[-1] * 1000:.1f} ms"
    )
    print(
        f"inbox files {len(in_inbox)}, temp files left {len(strays)}, "
        f"loaded rows {len(in_table)} in {load_seconds:.2f} s "
        f"(quarantined {len(report.quarantined)})"
    )
    print(f"lost (201 but not loaded): {len(lost)}")
    ok = (
        statuses == {201: args.runs}
        and created == in_inbox == in_table
        and not strays
        and not report.quarantined
    )
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
