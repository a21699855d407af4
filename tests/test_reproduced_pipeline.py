"""Pushed runs end to end: `ltb bench push` -> inbox -> sensor -> reproduced medians -> release."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
from dagster import (
    AssetKey,
    DagsterInstance,
    SensorResult,
    SkipReason,
    build_sensor_context,
    materialize,
)

from benchhub.release.publish import cut_release
from ltb.release import open_release, verify_release
from pipelines.definitions import ALL_ASSETS
from pipelines.resources import RegistrySettings
from pipelines.sensors import inbox_sensor
from tests.conftest import BuiltRegistry
from tests.test_intake import make_summary

RUN_ASSETS = ("reproduced_runs", "reproduced_medians", "scores", "leaderboard")


def _push(summary: dict, folder: Path, inbox: Path) -> None:
    path = folder / "ltb-run-summary.json"
    path.write_text(json.dumps(summary))
    done = subprocess.run(
        [sys.executable, "-m", "ltb.cli", "bench", "push", str(path), "--to", str(inbox)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_pushed_runs_reach_the_release_as_a_median(
    registry_copy: BuiltRegistry, tmp_path: Path
) -> None:
    scores = [
        {"t-0": 1.0, "t-1": 0.0, "t-2": 1.0, "t-3": 1.0},  # 75
        {"t-0": 1.0, "t-1": 0.0, "t-2": 0.0, "t-3": 1.0},  # 50
        {"t-0": 1.0, "t-1": 1.0, "t-2": 1.0, "t-3": 1.0},  # 100
    ]
    for seed, rewards in enumerate(scores):
        folder = tmp_path / f"run{seed}"
        folder.mkdir()
        summary = make_summary(
            seed, rewards, benchmark_id="swe-bench-verified", model="openai/gpt-4o"
        )
        _push(summary, folder, registry_copy.inbox)

    registry = RegistrySettings(
        exports_dir=str(registry_copy.exports), inbox_dir=str(registry_copy.inbox)
    )
    first = inbox_sensor(build_sensor_context(resources={"registry": registry}))
    assert isinstance(first, SensorResult) and len(first.run_requests) == 1
    again = inbox_sensor(
        build_sensor_context(cursor=first.cursor, resources={"registry": registry})
    )
    assert isinstance(again, SkipReason)

    result = materialize(
        ALL_ASSETS,
        selection=[AssetKey(name) for name in RUN_ASSETS],
        resources=registry_copy.resources(),
        instance=DagsterInstance.ephemeral(),
    )
    assert result.success
    con = duckdb.connect(str(registry_copy.warehouse))
    try:
        median, n_runs = con.execute(
            "SELECT median, n_runs FROM reproduced_medians "
            "WHERE benchmark_id = 'swe-bench-verified'"
        ).fetchall()[0]
        assert (median, n_runs) == (75.0, 3)
        labels = con.execute(
            "SELECT label FROM leaderboard WHERE benchmark_id = 'swe-bench-verified'"
        ).fetchall()
        assert ("reproduced",) in labels
        release = cut_release(con, registry_copy.exports)
    finally:
        con.close()
    opened = open_release(str(release.path))
    assert verify_release(opened) == []
    page = opened.read_json("benchmarks/swe-bench-verified.json")
    reproduced = page["reproduced"]
    assert [(m["median"], m["n_runs"]) for m in reproduced] == [(75.0, 3)]
    assert opened.manifest["counts"]["reproduced_runs"] == 3
