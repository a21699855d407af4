"""Run the intake as a child process on a free loopback port, for tests and benchmarks."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class IntakeProcess:
    url: str
    port: int
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_intake(
    *serve_args: str, log_path: Path, port: int | None = None, startup_seconds: float = 20.0
) -> IntakeProcess:
    """Start `python -m intake serve ARGS` on 127.0.0.1 and wait until /healthz answers."""
    port = port or free_port()
    command = [sys.executable, "-m", "intake", "serve", "--port", str(port), *serve_args]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(command, cwd=PROJECT_ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + startup_seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(f"{url}/healthz", timeout=1).close()
            return IntakeProcess(url, port, process)
        except OSError:
            time.sleep(0.05)
    IntakeProcess(url, port, process).stop()
    raise RuntimeError(f"the intake did not start; see {log_path}")


@contextmanager
def running_intake(*serve_args: str, log_path: Path) -> Iterator[IntakeProcess]:
    server = start_intake(*serve_args, log_path=log_path)
    try:
        yield server
    finally:
        server.stop()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
