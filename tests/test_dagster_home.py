"""A command-line build and the UI share one Dagster instance: the project's DAGSTER_HOME.

`make registry` launches the build with `dg launch` (what Dagster 1.13 recommends over
`dagster job execute`) and `make ui` serves the same home with `dg dev` (over `dagster dev`), so
a build's runs, materializations and check results show in the UI, and the UI's daemon runs the
release schedule there too.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from dagster import AssetCheckKey, AssetKey, DagsterInstance, DagsterRunStatus, RunsFilter

ROOT = Path(__file__).resolve().parent.parent
CHANNEL = AssetKey(["channels", "swebench"])  # one small asset with a check stands in for all


def make_commands(target: str) -> list[list[str]]:
    """The commands `make TARGET` would run, without the set-up step."""
    env = {k: v for k, v in os.environ.items() if k != "DAGSTER_HOME"}
    dry = subprocess.run(
        ["make", "-n", target], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return [shlex.split(line) for line in dry.stdout.splitlines() if "DAGSTER_HOME=" in line]


def test_make_registry_and_make_ui_share_the_project_dagster_home() -> None:
    home = f"DAGSTER_HOME={ROOT / '.dagster_home'}"
    (registry,) = [c for c in make_commands("registry") if "run" in c]
    (ui,) = [c for c in make_commands("ui") if "run" in c]
    assert home in registry and home in ui  # `env -u ...` may come first in the build's line
    assert registry[-4:] == ["dg", "launch", "--job", "build_registry"]
    assert ui[-2:] == ["dg", "dev"]
    assert ".dagster_home/" in (ROOT / ".gitignore").read_text().splitlines()


def test_a_command_line_build_is_in_the_instance_the_ui_reads(tmp_path: Path) -> None:
    home = tmp_path / "dagster_home"
    home.mkdir()
    env = {
        **os.environ,
        "DAGSTER_HOME": str(home),
        "BENCHHUB_WAREHOUSE": str(tmp_path / "warehouse.duckdb"),
        "BENCHHUB_EXPORTS": str(tmp_path / "exports"),
        "BENCHHUB_INBOX": str(tmp_path / "inbox"),
    }
    # `make registry`'s command, with one asset selected instead of the whole job.
    selection = f'key:"{CHANNEL.to_user_string()}"'
    done = subprocess.run(
        [str(Path(sys.executable).parent / "dg"), "launch", "--assets", selection],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]

    # What `dagster dev` / the UI opens: the instance in DAGSTER_HOME.
    instance = DagsterInstance.from_config(str(home))
    try:
        (run,) = instance.get_run_records(RunsFilter(statuses=[DagsterRunStatus.SUCCESS]))
        materialization = instance.get_latest_materialization_event(CHANNEL)
        assert materialization is not None and materialization.run_id == run.dagster_run.run_id
        check = instance.get_latest_asset_check_evaluation_record(AssetCheckKey(CHANNEL, "fresh"))
        assert check is not None and check.run_id == run.dagster_run.run_id
        assert check.evaluation is not None and check.evaluation.passed
    finally:
        instance.dispose()
