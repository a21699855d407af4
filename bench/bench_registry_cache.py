"""`ltb bench search` against a remote registry: the first call, a second one against the
unchanged registry (answered from the local cache after one conditional request), and one with
the server stopped (`--offline`).

Serves a release folder over loopback HTTP (an ETag per file, as a static host does), runs the
real `ltb` in a subprocess with a fresh cache (XDG_CACHE_HOME), and prints the bytes on the wire
and the wall time of each call. The issue's bar: the second call under 10 KB and 0.3 s.

    uv run python bench/bench_registry_cache.py [--release exports/latest] [--query mmlu]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.loopback import FolderServer

SECOND_CALL_MAX_BYTES = 10_000
SECOND_CALL_MAX_SECONDS = 0.3


@dataclass(frozen=True)
class Call:
    label: str
    seconds: float
    bytes_transferred: int
    requests: int
    returncode: int
    stderr: str


def ltb_command() -> list[str]:
    """The installed `ltb` beside this interpreter (what a user runs), else the module."""
    script = Path(sys.executable).with_name("ltb")
    return [str(script)] if script.exists() else [sys.executable, "-m", "ltb.cli"]


def run_ltb(
    ltb: list[str], args: list[str], cache: Path, server: FolderServer | None, label: str
) -> Call:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "LTB_CONFIG": str(cache / "none.toml")}
    env.pop("LTB_REGISTRY", None)
    if server is not None:
        server.reset_counts()
    started = time.perf_counter()
    done = subprocess.run(
        [*ltb, *args], env=env, cwd=cache, capture_output=True, text=True, timeout=120
    )
    seconds = time.perf_counter() - started
    transferred = server.bytes_transferred if server is not None else 0
    requests = len(server.requests) if server is not None else 0
    return Call(label, seconds, transferred, requests, done.returncode, done.stderr.strip())


def measure(release: Path, query: str, cache: Path, ltb: list[str] | None = None) -> list[Call]:
    """The three calls against `release` served over loopback, with `cache` as the cache home
    (and the working folder); `ltb` is the command to run (default: this environment's)."""
    ltb = ltb or ltb_command()
    with FolderServer(release) as server:
        search = ["bench", "search", query, "--json", "--registry", server.url]
        calls = [run_ltb(ltb, search, cache, server, "first (empty cache)")]
        calls.append(run_ltb(ltb, search, cache, server, "second (unchanged registry)"))
        url = server.url
    offline = ["bench", "search", query, "--json", "--registry", url, "--offline"]
    calls.append(run_ltb(ltb, offline, cache, None, "server stopped, --offline"))
    return calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--release", type=Path, default=Path("exports/latest"))
    parser.add_argument("--query", default="mmlu")
    args = parser.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="ltb-cache-"))
    try:
        calls = measure(args.release, args.query, cache)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print(f"{'call':<30} {'exit':>4} {'requests':>8} {'bytes':>12} {'seconds':>8}")
    for call in calls:
        print(
            f"{call.label:<30} {call.returncode:>4} {call.requests:>8} "
            f"{call.bytes_transferred:>12,} {call.seconds:>8.3f}"
        )
    second = calls[1]
    ok = (
        all(c.returncode == 0 for c in calls)
        and second.bytes_transferred < SECOND_CALL_MAX_BYTES
        and second.seconds < SECOND_CALL_MAX_SECONDS
    )
    print(
        f"second call: {second.bytes_transferred} bytes (bar {SECOND_CALL_MAX_BYTES}), "
        f"{second.seconds:.3f} s (bar {SECOND_CALL_MAX_SECONDS}): {'ok' if ok else 'NOT MET'}"
    )
    print(f"offline: {calls[2].stderr.splitlines()[-1] if calls[2].stderr else '(no note)'}")
    for call in calls:
        if call.returncode:
            print(f"{call.label}: {call.stderr}", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
