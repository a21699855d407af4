"""A dispute travels from `ltb bench report` to the next release's page, and a person's decision
in corrections.yaml changes what the release after publishes (fix, retract, relabel)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
from benchhub_format.release import open_release, verify_release
from dagster import AssetCheckSeverity, AssetKey, DagsterInstance, materialize

from benchhub.release.publish import cut_release
from pipelines.definitions import ALL_ASSETS
from pipelines.resources import RegistrySettings
from tests.conftest import BuiltRegistry

ASSETS = ("score_disputes", "scores", "leaderboard", "score_comparison")
FIX_SOURCE = "https://example.org/erratum#table-1"


def _report(inbox: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "ltb.cli", "bench", "report", *args, "--to", str(inbox)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()[0]


def _build_and_release(registry: BuiltRegistry, corrections: Path) -> dict[str, Any]:
    resources = registry.resources()
    settings = resources["registry"]
    assert isinstance(settings, RegistrySettings)
    resources["registry"] = RegistrySettings(
        exports_dir=settings.exports_dir,
        inbox_dir=settings.inbox_dir,
        corrections_file=str(corrections),
    )
    result = materialize(
        ALL_ASSETS,
        selection=[AssetKey(name) for name in ASSETS],
        resources=resources,
        instance=DagsterInstance.ephemeral(),
    )
    assert result.success
    failed = [
        e.check_name
        for e in result.get_asset_check_evaluations()
        if not e.passed and e.severity == AssetCheckSeverity.ERROR
    ]
    assert failed == []
    con = duckdb.connect(str(registry.warehouse))
    try:
        release = cut_release(con, registry.exports)
    finally:
        con.close()
    opened = open_release(str(release.path))
    assert verify_release(opened) == []
    return {"path": release.path, "release": opened}


def _targets(warehouse: Path) -> list[tuple[Any, ...]]:
    """Three published headline scores, each the only one of its label for its model and
    benchmark: one to fix, one to retract, one to relabel."""
    con = duckdb.connect(str(warehouse), read_only=True)
    try:
        return con.execute(
            """
            SELECT s.benchmark_id, s.model_id, s.label, any_value(s.value)
            FROM scores s JOIN benchmarks b USING (benchmark_id)
            WHERE b.published AND s.kind = 'headline' AND s.label = 'self_reported'
            GROUP BY ALL HAVING count(*) = 1
            ORDER BY s.benchmark_id, s.model_id LIMIT 3
            """
        ).fetchall()
    finally:
        con.close()


def _scores(page: dict[str, Any], model_id: str) -> list[dict[str, Any]]:
    return [s for s in page["scores"] if s["model_id"] == model_id]


def test_a_report_reaches_the_page_and_a_decision_wins(
    registry_copy: BuiltRegistry, tmp_path: Path
) -> None:
    fixed, retracted, relabelled = _targets(registry_copy.warehouse)
    benchmark, model, _, old_value = fixed
    dispute_id = _report(
        registry_copy.inbox,
        benchmark,
        model,
        "--value", str(old_value + 1.25),
        "--source", FIX_SOURCE,
        "--note", "The erratum's table 1 gives another number.",
        "--label", "self_reported",
    )  # fmt: skip

    # The next release shows the dispute next to the score, which stays as published.
    corrections = tmp_path / "corrections.yaml"
    corrections.write_text("corrections: []\n")
    first = _build_and_release(registry_copy, corrections)
    page = first["release"].read_json(f"benchmarks/{benchmark}.json")
    (shown,) = page["disputes"]
    assert shown["dispute_id"] == dispute_id and shown["claimed_value"] == old_value + 1.25
    assert [s["value"] for s in _scores(page, model) if s["label"] == "self_reported"] == [
        old_value
    ]
    html = (first["path"] / "site" / "benchmarks" / f"{benchmark}.html").read_text()
    assert f'href="#{dispute_id}"' in html  # next to the score
    assert f'id="{dispute_id}"' in html and "erratum" in html  # in the open disputes
    info = subprocess.run(
        [sys.executable, "-m", "ltb.cli", "bench", "info", benchmark,
         "--registry", str(first["path"])],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert info.returncode == 0, info.stderr
    assert "Open disputes (1;" in info.stdout and FIX_SOURCE in info.stdout

    # A person decides: fix (with the source), retract, relabel.
    decisions = [
        {
            "score": {"benchmark": benchmark, "model": model, "label": "self_reported"},
            "action": "fix",
            "value": old_value + 1.25,
            "source_url": FIX_SOURCE,
            "why": "the erratum's table 1",
            "disputes": [dispute_id],
        },
        {
            "score": {"benchmark": retracted[0], "model": retracted[1], "label": "self_reported"},
            "action": "retract",
            "why": "the model card gives no such number",
        },
        {
            "score": {"benchmark": relabelled[0], "model": relabelled[1], "label": "self_reported"},
            "action": "relabel",
            "to_label": "independent",
            "why": "published by an evaluation lab, not the developer",
        },
    ]
    corrections.write_text(json.dumps({"corrections": decisions}))
    second = _build_and_release(registry_copy, corrections)
    read = second["release"].read_json
    page = read(f"benchmarks/{benchmark}.json")
    assert page["disputes"] == []
    (corrected,) = [s for s in _scores(page, model) if s["label"] == "self_reported"]
    assert corrected["value"] == old_value + 1.25 and corrected["source_url"] == FIX_SOURCE
    assert corrected["correction"].startswith("fixed: the erratum's table 1")
    html = (second["path"] / "site" / "benchmarks" / f"{benchmark}.html").read_text()
    assert "fixed: the erratum" in html and f'href="#{dispute_id}"' not in html

    gone = read(f"benchmarks/{retracted[0]}.json")
    assert not [s for s in _scores(gone, retracted[1]) if s["label"] == "self_reported"]
    moved = read(f"benchmarks/{relabelled[0]}.json")
    labels = {s["label"] for s in _scores(moved, relabelled[1]) if s.get("correction")}
    assert labels == {"independent"}

    con = duckdb.connect(str(registry_copy.warehouse), read_only=True)
    try:
        assert con.execute("SELECT status, decision FROM score_disputes").fetchall() == [
            ("decided", "fix")
        ]
        matched = con.execute("SELECT matched_rows FROM score_corrections ORDER BY position")
        assert matched.fetchall() == [(1,), (1,), (1,)]
    finally:
        con.close()
