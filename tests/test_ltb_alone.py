"""The CLI installed alone: a fresh virtual environment holding only the `ltb` distribution
(built as a wheel, not linked to this checkout) searches, shows and verifies a release served
over loopback HTTP, and none of the pipeline's packages is importable there.

The environment is made from the lock file and the uv cache (`uv sync --package ltb --offline`),
so the test needs no network and takes a few seconds.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from benchhub_format.release import Endpoints

from tests.conftest import BuiltRegistry, SmallRegistry
from tests.loopback import FolderServer

ROOT = Path(__file__).resolve().parents[1]
NOT_INSTALLED = ("dagster", "great_expectations", "polars", "duckdb", "benchhub", "pipelines")
MEASURE = ROOT / "bench" / "bench_registry_cache.py"


def uv_command() -> list[str]:
    """uv as the Makefile finds it: on PATH, else the module of the system's python3."""
    found = shutil.which("uv")
    return [found] if found else ["python3", "-m", "uv"]


@pytest.fixture(scope="module")
def ltb_alone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with only ltb (and its few dependencies) installed; its bin folder."""
    venv = tmp_path_factory.mktemp("ltb-alone") / "venv"
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(venv)}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        [
            *uv_command(),
            "sync",
            "--package=ltb",
            "--frozen",
            "--offline",
            "--no-dev",
            "--no-editable",
            "--quiet",
            f"--python={sys._base_executable}",  # the interpreter, not this environment's
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return venv / "bin"


def run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": f"{bin_dir}:/usr/bin:/bin",
        "HOME": str(cwd),
        "XDG_CACHE_HOME": str(cwd / "cache"),
        "XDG_CONFIG_HOME": str(cwd / "config"),
    }
    return subprocess.run(
        [str(bin_dir / args[0]), *args[1:]],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_cli_alone_holds_no_pipeline_package(ltb_alone: Path, tmp_path: Path) -> None:
    names = json.dumps(NOT_INSTALLED)
    script = (
        "import importlib.util, json\n"
        f"print(json.dumps([m for m in {names} if importlib.util.find_spec(m)]))"
    )
    done = run(ltb_alone, "python", "-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    # the same names are importable here, so the check above can fail
    assert all(importlib.util.find_spec(m) for m in NOT_INSTALLED)


def test_the_cli_alone_searches_and_shows_a_served_release(
    ltb_alone: Path, built_registry: BuiltRegistry, tmp_path: Path
) -> None:
    with FolderServer(built_registry.latest) as server:
        search = run(
            ltb_alone,
            "ltb",
            "bench",
            "search",
            "mmlu",
            "--json",
            "--registry",
            server.url,
            cwd=tmp_path,
        )
        assert search.returncode == 0, search.stderr
        assert "mmlu" in [hit["id"] for hit in json.loads(search.stdout)["results"]]
        info = run(
            ltb_alone, "ltb", "bench", "info", "mmlu", "--registry", server.url, cwd=tmp_path
        )
        assert info.returncode == 0, info.stderr
        assert "(mmlu)" in info.stdout


def test_the_cli_alone_verifies_a_served_release(
    ltb_alone: Path, small_template: SmallRegistry, tmp_path: Path
) -> None:
    """Verify fetches every file, so it runs on a small release: the small registry without
    the models no score names (a few hundred files; the full release has 55,000)."""
    small = SmallRegistry(tmp_path / "warehouse.duckdb", tmp_path / "exports")
    shutil.copy(small_template.warehouse, small.warehouse)
    small.sql("DELETE FROM models WHERE model_id NOT IN (SELECT model_id FROM scores)")
    named = Endpoints(intake="https://intake.example", site="https://site.example")
    release = small.cut(datetime(2026, 12, 2, tzinfo=UTC), endpoints=named)
    assert json.loads((release / "head.json").read_text())["endpoints"] == named.as_dict()
    with FolderServer(release) as server:
        verify = run(
            ltb_alone,
            "ltb",
            "registry",
            "verify",
            "--json",
            "--registry",
            server.url,
            cwd=tmp_path,
        )
    assert verify.returncode == 0, (verify.stdout + verify.stderr)[-2000:]
    report = json.loads(verify.stdout)
    assert report["verified"] is True and report["location"] == server.url
    twice = [path for path, n in Counter(server.requests).items() if n > 1]
    assert not twice, f"asked for more than once: {twice}"
    assert len(server.requests) == report["files"] + 2  # every file once, the head, the manifest


def test_an_unchanged_registry_costs_one_small_request(
    ltb_alone: Path, built_registry: BuiltRegistry, tmp_path: Path
) -> None:
    """The measurement of bench/bench_registry_cache.py, with the CLI installed alone: the
    second search sends one conditional request, under 10 KB both ways; with the server
    stopped, --offline answers from the cache and says how old it is."""
    spec = importlib.util.spec_from_file_location("bench_registry_cache", MEASURE)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    first, second, offline = bench.measure(
        built_registry.latest, "mmlu", tmp_path, ltb=[str(ltb_alone / "ltb")]
    )
    assert (first.returncode, second.returncode, offline.returncode) == (0, 0, 0), (
        first.stderr + second.stderr + offline.stderr
    )
    assert first.bytes_transferred > 1_000_000  # the index came over the wire once
    assert second.requests == 1
    assert second.bytes_transferred < bench.SECOND_CALL_MAX_BYTES
    assert "offline" in offline.stderr and "last checked" in offline.stderr
