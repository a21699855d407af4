"""The released catalogue: a clean top level, children under real parents, junk left out, and
the CLI showing top level by default."""

from __future__ import annotations

import json

import duckdb
import pytest
from benchhub_format import TASK_SHAPES
from ltb.cli import main

from benchhub.crosswalk.quality import GOLD_DIR, load_junk
from tests.conftest import BuiltRegistry


def _index(built: BuiltRegistry) -> list[dict]:
    return json.loads((built.latest / "index.json").read_text())["benchmarks"]


def test_no_spelling_on_the_junk_list_is_published(built_registry: BuiltRegistry) -> None:
    junk = load_junk(GOLD_DIR / "junk.csv")
    assert len(junk) >= 100
    aliases = built_registry.latest / "tables" / "benchmark_aliases.parquet"
    published = set(
        duckdb.sql(f"SELECT channel, source_name FROM '{aliases}'").fetchall()  # noqa: S608
    )
    assert sorted(junk & published) == []


def test_every_task_shape_names_a_released_benchmark_by_its_id(
    built_registry: BuiltRegistry,
) -> None:
    shapes = json.loads(TASK_SHAPES.read_text())["benchmarks"]
    released = {e["id"] for e in _index(built_registry)}
    assert sorted(set(shapes) - released) == []


def test_every_parent_is_a_released_benchmark_or_suite(built_registry: BuiltRegistry) -> None:
    entries = {e["id"]: e for e in _index(built_registry)}
    children = [e for e in entries.values() if e["parent_id"]]
    assert children and len(children) > len(entries) // 2  # frameworks' subtasks are children
    for child in children:
        assert entries[child["parent_id"]]["record_kind"] in ("benchmark", "suite"), child["id"]
    manifest = json.loads((built_registry.latest / "manifest.json").read_text())["counts"]
    top_level = manifest["top_level_benchmarks"] + manifest["top_level_suites"]
    assert top_level + manifest["children"] == manifest["benchmarks"]
    assert sum(manifest["top_level_by_tier"].values()) == top_level
    assert manifest["rejected_by_reason"]


def test_search_shows_the_top_level_unless_asked_for_all(
    built_registry: BuiltRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = str(built_registry.latest)
    assert (
        main(["bench", "search", "mmlu", "--json", "--limit", "500", "--registry", registry]) == 0
    )
    top = json.loads(capsys.readouterr().out)["results"]
    assert top and all(r["parent_id"] is None for r in top)
    args = ["bench", "search", "mmlu", "--all", "--json", "--limit", "500", "--registry", registry]
    assert main(args) == 0
    everything = json.loads(capsys.readouterr().out)["results"]
    assert len(everything) > len(top) and any(r["parent_id"] for r in everything)


def test_info_of_a_parent_lists_its_children(
    built_registry: BuiltRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    entries = _index(built_registry)
    parent = "mmlu"
    assert main(["bench", "info", parent, "--registry", str(built_registry.latest)]) == 0
    out = capsys.readouterr().out
    assert "Children (" in out
    child = next(e for e in entries if e["parent_id"] == parent)
    assert child["id"] in out or "more: ltb bench info" in out
