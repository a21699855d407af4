"""Pushed runs end to end: `ltb bench push` -> inbox -> sensor -> reproduced medians -> release."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
from benchhub_format.release import open_release, verify_release
from dagster import (
    AssetKey,
    DagsterInstance,
    SensorResult,
    SkipReason,
    build_sensor_context,
    materialize,
)

from benchhub.release.publish import PublishedRelease, cut_release
from pipelines.definitions import ALL_ASSETS
from pipelines.resources import RegistrySettings
from pipelines.sensors import inbox_sensor
from tests.conftest import BuiltRegistry, trim_warehouse
from tests.test_intake import make_summary
from tests.test_pools import push_synthetic_runs

PUSHED = "swe-bench-verified"  # the benchmark the runs below are pushed for
RUN_ASSETS = ("reproduced_runs", "reproduced_medians", "reproduced_pools", "scores", "leaderboard")


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


def _cut_release_of(registry: BuiltRegistry, tmp_path: Path) -> PublishedRelease:
    """A release of the pushed benchmark alone: its page is what these tests read, and the
    release mechanics at full size are covered by the session's build."""
    trim_warehouse(registry.warehouse, f"SELECT '{PUSHED}' AS benchmark_id")
    con = duckdb.connect(str(registry.warehouse))
    try:
        return cut_release(con, tmp_path / "exports")
    finally:
        con.close()


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
        summary = make_summary(seed, rewards, benchmark_id=PUSHED, model="openai/gpt-4o")
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
            "SELECT median, n_runs FROM reproduced_medians WHERE benchmark_id = ?",
            [PUSHED],
        ).fetchall()[0]
        assert (median, n_runs) == (75.0, 3)
        labels = con.execute(
            "SELECT label FROM leaderboard WHERE benchmark_id = ?", [PUSHED]
        ).fetchall()
        assert ("reproduced",) in labels
    finally:
        con.close()
    release = _cut_release_of(registry_copy, tmp_path)
    opened = open_release(str(release.path))
    assert verify_release(opened) == []
    page = opened.read_json("benchmarks/swe-bench-verified.json")
    reproduced = page["reproduced"]
    assert [(m["median"], m["n_runs"]) for m in reproduced] == [(75.0, 3)]
    assert opened.manifest["counts"]["reproduced_runs"] == 3


def test_synthetic_pushes_from_real_harbor_output_reach_the_benchmark_page(
    registry_copy: BuiltRegistry, tmp_path: Path
) -> None:
    """Harbor jobs built from the real Harbor output with seeded noise, pushed as v2 summaries,
    give the benchmark page a pooled estimate, its interval, runs needed and a budget curve."""
    push_synthetic_runs(tmp_path, registry_copy.inbox, 5)
    result = materialize(
        ALL_ASSETS,
        selection=[AssetKey(name) for name in RUN_ASSETS],
        resources=registry_copy.resources(),
        instance=DagsterInstance.ephemeral(),
    )
    assert result.success
    release = _cut_release_of(registry_copy, tmp_path)
    opened = open_release(str(release.path))
    assert verify_release(opened) == []
    page = opened.read_json("benchmarks/swe-bench-verified.json")
    (pool,) = [p for p in page["pools"] if p["model_id"] == "openai/gpt-4o"]
    assert pool["n_runs"] == 5 and pool["agent"] == "terminus-2"
    assert pool["ci"][0] < pool["estimate"] < pool["ci"][1]
    assert pool["runs_needed"] is None and "pull more tasks" in pool["runs_needed_reason"]
    curve = pool["budget_curve"]
    assert len(curve) >= 10 and curve[-1]["solved"] >= curve[0]["solved"]
    assert pool["cost_per_point_usd"] > 0

    html = (release.path / "site" / "benchmarks" / "swe-bench-verified.html").read_text()
    pooled = html[html.index('id="pooled"') : html.index('id="commands"')]
    assert f"{pool['estimate']:.2f}".rstrip("0").rstrip(".") in pooled
    assert "pull more tasks" in pooled  # runs needed, with its reason
    assert "<polyline" in pooled and "<polygon" in pooled  # the curve and its band
    assert 'class="budget-curve"' in pooled
    tables = {Path(f).stem for f in opened.manifest["files"] if f.endswith(".parquet")}
    assert {"reproduced_pools", "reproduced_budget_curves"} <= tables

    # The pool's page (linked from the benchmark page) lists its runs, each with its own page.
    assert f'href="../pools/{pool["pool_id"]}.html"' in pooled
    pool_json = opened.read_json(f"pools/{pool['pool_id']}.json")
    assert len(pool_json["runs"]) == 5 and pool_json["estimate"] == pool["estimate"]
    pool_html = (release.path / "site" / "pools" / f"{pool['pool_id']}.html").read_text()
    for run in pool_json["runs"]:
        assert f'href="../runs/{run["run_id"]}.html"' in pool_html
        document = opened.read_json(f"runs/{run['run_id']}.json")
        assert document["pool_id"] == pool["pool_id"] and document["score"] == run["score"]
        assert (release.path / "site" / "runs" / f"{run['run_id']}.html").is_file()
    (reproduced,) = [s for s in page["scores"] if s["label"] == "reproduced"]
    assert reproduced["source_url"] == f"https://benchhub.dev/pools/{pool['pool_id']}.html"
