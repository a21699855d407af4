"""The Dagster code location loads, and its asset graph is what the UI, jobs and analysts expect.

The snapshot catches silent renames: an asset key, group or dependency that changes must be
changed on purpose (UPDATE_SNAPSHOTS=1 uv run pytest tests/test_definitions.py) and reviewed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from dagster import AssetKey

from pipelines.definitions import defs

SNAPSHOT = Path(__file__).parent / "snapshots" / "asset_graph.json"


def _graph() -> dict[str, dict]:
    graph = defs.resolve_asset_graph()
    out = {}
    for key in sorted(graph.get_all_asset_keys(), key=lambda k: k.to_user_string()):
        node = graph.get(key)
        out[key.to_user_string()] = {
            "group": node.group_name,
            "deps": sorted(k.to_user_string() for k in node.parent_keys),
            "checks": sorted(c.name for c in node.check_keys),
            "has_description": bool(node.description),
        }
    return out


def test_definitions_load_with_jobs_schedule_and_sensor() -> None:
    assert {j.name for j in defs.resolve_all_job_defs()} >= {"build_registry", "ingest_runs"}
    assert defs.resolve_schedule_def("daily_release").cron_schedule
    assert defs.resolve_sensor_def("inbox_sensor")


def test_every_asset_has_a_group_and_description() -> None:
    graph = _graph()
    assert graph["release"]["group"] == "release"
    assert all(node["has_description"] for node in graph.values())
    assert {node["group"] for node in graph.values()} >= {
        "channels",
        "catalog",
        "review",
        "scores",
        "reproduced",
        "release",
    }


def test_asset_graph_matches_snapshot() -> None:
    graph = _graph()
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(json.dumps(graph, indent=1, sort_keys=True) + "\n")
    expected = json.loads(SNAPSHOT.read_text())
    assert graph == expected, "asset graph changed; see this module's docstring"


def test_channel_assets_feed_the_catalog() -> None:
    graph = defs.resolve_asset_graph()
    parents = graph.get(AssetKey("merged_benchmarks")).parent_keys
    assert AssetKey(["channels", "swebench"]) in parents
