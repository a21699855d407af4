"""Kill the intake with SIGKILL while it writes, again and again; no partial file may ever
reach the pipeline, no acknowledged run may be lost, and stale temp files must be cleaned up.

Half the rounds kill at a random moment; the other half watch the inbox and kill the moment a
temp file appears, so that kills land in the middle of writes.

    uv run python bench/bench_intake_kill.py [--rounds 30] [--clients 8] [--tasks 5000]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

import duckdb
import httpx
from bench_intake import summary_body
from benchhub_format.inbox import TEMP_PREFIX

from benchhub.runs import Rejection, load_inbox, read_inbox_file
from intake.process import start_intake

LIMITS = ["--per-minute", "1e9", "--burst", "1000000000"]


def temp_files(inbox: Path) -> list[str]:
    return [e.name for e in os.scandir(inbox) if e.name.startswith(TEMP_PREFIX)]


def kill_when_writing(process, inbox: Path, rng: random.Random, seconds: float = 10.0) -> str:
    """SIGKILL the moment a temp file exists (or at a random time); says which happened."""
    if rng.random() < 0.5:
        time.sleep(rng.uniform(0.5, 4.0))
        process.kill()
        return "random"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if temp_files(inbox):
            process.kill()
            return "mid-write"
    process.kill()
    return "timeout"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--tasks", type=int, default=5_000, help="tasks per summary (size)")
    args = parser.parse_args()
    rng = random.Random(1)
    seeds = itertools.count()
    acknowledged: set[str] = set()
    kinds: dict[str, int] = {}
    temps_left_by_kills: set[str] = set()
    partial_reached_pipeline: list[str] = []
    checked: set[str] = set()

    with tempfile.TemporaryDirectory(prefix="bench-kill-") as tmp:
        root = Path(tmp)
        inbox = root / "inbox"
        log = root / "intake.log"
        for _ in range(args.rounds):
            server = start_intake("--inbox", str(inbox), *LIMITS, log_path=log)
            stop = threading.Event()
            lock = threading.Lock()

            def push(url: str = server.url, stop: threading.Event = stop, lock=lock) -> None:
                with httpx.Client(base_url=url, timeout=30) as client:
                    while not stop.is_set():
                        with lock:
                            seed = next(seeds)
                        body = summary_body(seed, args.tasks)
                        try:
                            response = client.post("/v1/runs", content=body)
                        except httpx.HTTPError:
                            return  # the server is gone
                        if response.status_code == 201:
                            with lock:
                                acknowledged.add(response.json()["run_id"])

            threads = [threading.Thread(target=push) for _ in range(args.clients)]
            for thread in threads:
                thread.start()
            how = kill_when_writing(server.process, inbox, rng)
            server.process.wait()
            stop.set()
            for thread in threads:
                thread.join()
            kinds[how] = kinds.get(how, 0) + 1
            temps_left_by_kills.update(temp_files(inbox))
            # What the pipeline would read now: every *.json must be whole and valid.
            for path in sorted(inbox.glob("*.json")):
                if path.name not in checked:
                    checked.add(path.name)
                    if isinstance(read_inbox_file(path, None), Rejection):
                        partial_reached_pipeline.append(path.name)

        # A restart sweeps temp files older than --stale-temp-seconds.
        left_before_sweep = len(temp_files(inbox))
        server = start_intake("--inbox", str(inbox), "--stale-temp-seconds", "1", log_path=log)
        time.sleep(2.5)
        server.stop()
        left_after_sweep = len(temp_files(inbox))

        in_inbox = {p.stem for p in inbox.glob("*.json")}
        con = duckdb.connect(str(root / "warehouse.duckdb"))
        report = load_inbox(con, inbox, known_benchmarks={"demo-qa"})
        loaded = con.execute("SELECT count(*) FROM reproduced_runs").fetchall()[0][0]
        con.close()

    lost = acknowledged - in_inbox
    print(f"rounds {args.rounds} ({kinds}), clients {args.clients}, {args.tasks} tasks/summary")
    print(
        f"runs acknowledged (201) {len(acknowledged)}, inbox files {len(in_inbox)}, "
        f"loaded {loaded}, quarantined {len(report.quarantined)}"
    )
    print(f"temp files left by kills: {len(temps_left_by_kills)}")
    print(f"temp files before / after the restart sweep: {left_before_sweep} / {left_after_sweep}")
    print(f"partial or invalid *.json seen by the pipeline: {len(partial_reached_pipeline)}")
    print(f"acknowledged but lost: {len(lost)}")
    ok = (
        not partial_reached_pipeline
        and not lost
        and left_after_sweep == 0
        and not report.quarantined
        and loaded == len(in_inbox)
    )
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
