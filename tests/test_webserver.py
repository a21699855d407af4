"""The Dagster webserver serves our code location: its GraphQL API lists the asset graph."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
QUERY = "{ assetNodes { assetKey { path } groupName } }"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_webserver_graphql_lists_the_asset_graph(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "DAGSTER_HOME": str(tmp_path),
        "BENCHHUB_WAREHOUSE": str(tmp_path / "w.duckdb"),
    }
    webserver = Path(sys.executable).with_name("dagster-webserver")
    server = subprocess.Popen(
        [str(webserver), "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        nodes = None
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and nodes is None:
            assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
            try:
                answer = httpx.post(
                    f"http://127.0.0.1:{port}/graphql", json={"query": QUERY}, timeout=10
                )
                if answer.status_code == 200 and answer.json().get("data"):
                    nodes = answer.json()["data"]["assetNodes"]
            except httpx.TransportError:
                time.sleep(0.5)
        assert nodes, "the webserver did not answer GraphQL within 90 s"
        keys = {"/".join(n["assetKey"]["path"]): n["groupName"] for n in nodes}
        assert keys["release"] == "release"
        assert keys["channels/swebench"] == "channels"
        assert keys["merged_benchmarks"] == keys["benchmark_aliases"] == "catalog"
    finally:
        server.terminate()
        server.wait(timeout=30)
