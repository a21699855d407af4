"""Shared fixtures: one full in-process build of the registry on the bundled recordings."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest
from dagster import DagsterInstance, materialize

from benchhub.release.publish import cut_release
from pipelines.definitions import ALL_ASSETS
from pipelines.resources import build_resources

os.environ.setdefault("TQDM_DISABLE", "1")


@dataclass(frozen=True)
class BuiltRegistry:
    root: Path
    warehouse: Path
    exports: Path
    inbox: Path

    @property
    def latest(self) -> Path:
        return self.exports / "latest"

    def resources(self) -> dict[str, object]:
        return build_resources(str(self.warehouse), str(self.exports), str(self.inbox))


def build_registry(root: Path) -> BuiltRegistry:
    built = BuiltRegistry(root, root / "warehouse.duckdb", root / "exports", root / "inbox")
    built.inbox.mkdir(parents=True, exist_ok=True)
    result = materialize(
        ALL_ASSETS, resources=built.resources(), instance=DagsterInstance.ephemeral()
    )
    assert result.success
    return built


@pytest.fixture(scope="session")
def built_registry(tmp_path_factory: pytest.TempPathFactory) -> BuiltRegistry:
    """The registry built end to end once per test session. Treat it as read-only."""
    return build_registry(tmp_path_factory.mktemp("registry"))


@pytest.fixture
def registry_copy(built_registry: BuiltRegistry, tmp_path: Path) -> BuiltRegistry:
    """A private copy of the built registry that a test may change.

    The warehouse and inbox are copied; the exports (tens of thousands of release files) are
    hard-linked, as the release writer itself shares unchanged files between releases. A test
    may add, remove or replace files there (write a new file, then rename it over the old, or
    unlink first), but must never write into one: that would change the session's registry.
    """
    root = tmp_path / "registry"
    root.mkdir()
    for entry in built_registry.root.iterdir():
        if entry == built_registry.exports:
            link_tree(entry, root / entry.name)
        elif entry.is_dir():
            shutil.copytree(entry, root / entry.name, symlinks=True)
        else:
            shutil.copy(entry, root / entry.name)
    return BuiltRegistry(root, root / "warehouse.duckdb", root / "exports", root / "inbox")


def link_tree(source: Path, target: Path) -> None:
    """Copy a folder as hard links to its files (symlinks stay symlinks): no file bytes move."""
    shutil.copytree(source, target, symlinks=True, copy_function=os.link)


# -- a small registry: the built warehouse trimmed so that a release takes a second ------------

FIRST = datetime(2026, 1, 1, 6, 0, tzinfo=UTC)  # when the small registry's first release was cut
# Tables a release reads that are keyed by benchmark: trimmed to the kept benchmarks.
BY_BENCHMARK = (
    "benchmarks",
    "merged_benchmarks",
    "benchmark_aliases",
    "scores",
    "leaderboard",
    "score_comparison",
    "reproduced_runs",
    "reproduced_medians",
    "reproduced_pools",
    "reproduced_budget_curves",
)


# Tables that name models: a trimmed warehouse keeps the models these still name.
BY_MODEL = (
    "scores",
    "leaderboard",
    "score_comparison",
    "reproduced_runs",
    "reproduced_medians",
    "reproduced_pools",
    "reproduced_budget_curves",
)


@dataclass(frozen=True)
class SmallRegistry:
    warehouse: Path
    exports: Path

    @property
    def latest(self) -> Path:
        return self.exports / "latest"

    def cut(self, now: datetime, retention: int = 10, **kwargs) -> Path:
        """Cut a release as the pipeline does, with the warehouse's channel status."""
        con = duckdb.connect(str(self.warehouse))
        try:
            if "channel_status" not in kwargs:
                status = con.sql("SELECT * FROM channel_status ORDER BY channel").arrow()
                kwargs["channel_status"] = status.read_all().to_pylist()
            return cut_release(con, self.exports, now=now, retention=retention, **kwargs).path
        finally:
            con.close()

    def sql(self, *statements: str) -> None:
        con = duckdb.connect(str(self.warehouse))
        try:
            for statement in statements:
                con.execute(statement)
        finally:
            con.close()

    def release_dirs(self) -> list[str]:
        return sorted(p.name for p in (self.exports / "releases").iterdir())


@pytest.fixture(scope="session")
def small_template(
    built_registry: BuiltRegistry, tmp_path_factory: pytest.TempPathFactory
) -> SmallRegistry:
    """The built warehouse trimmed to 30 benchmarks with a few scores each and 10 without (and
    the models their rows name), with one release cut from it."""
    root = tmp_path_factory.mktemp("small")
    small = SmallRegistry(root / "warehouse.duckdb", root / "exports")
    shutil.copy(built_registry.warehouse, small.warehouse)
    trim_warehouse(
        small.warehouse,
        # suites are left out: a suite's runnability stands on subtasks the trim would drop
        """(SELECT benchmark_id FROM scores JOIN benchmarks USING (benchmark_id)
            WHERE published AND harbor_source IS DISTINCT FROM 'suite'
            GROUP BY ALL HAVING count(*) BETWEEN 3 AND 40
            ORDER BY count(*) DESC, benchmark_id LIMIT 30)
           UNION
           (SELECT benchmark_id FROM benchmarks b WHERE published
               AND harbor_source IS DISTINCT FROM 'suite' AND NOT EXISTS
               (SELECT 1 FROM scores s WHERE s.benchmark_id = b.benchmark_id)
            ORDER BY benchmark_id LIMIT 10)""",
    )
    small.cut(FIRST)
    return small


def trim_warehouse(warehouse: Path, keep: str) -> None:
    """Keep only the benchmarks the query `keep` selects (one column, benchmark_id) in the
    tables a release reads by benchmark, so that a release cut from it takes a second."""
    con = duckdb.connect(str(warehouse))
    try:
        con.execute(f"CREATE TEMP TABLE keep AS {keep}")
        for table in BY_BENCHMARK:
            con.execute(f"DELETE FROM {table} WHERE benchmark_id NOT IN (SELECT * FROM keep)")
        # as the pipeline does for a parent it does not release: the child stands on its own
        con.execute(
            """UPDATE benchmarks SET parent_id = NULL, record_kind = CASE record_kind
                   WHEN 'subtask' THEN 'benchmark' ELSE record_kind END
               WHERE parent_id NOT IN (SELECT benchmark_id FROM benchmarks)"""
        )
        # Models (a page each) only where a kept row names them, with the models their agent
        # systems run on, and only their aliases.
        named = " UNION ".join(f"SELECT model_id FROM {t}" for t in BY_MODEL)
        con.execute(f"CREATE TEMP TABLE named AS {named}")
        con.execute(
            """DELETE FROM models WHERE model_id NOT IN (SELECT model_id FROM named)
               AND model_id NOT IN (SELECT base_model FROM models WHERE base_model IS NOT NULL
                                    AND model_id IN (SELECT model_id FROM named))"""
        )
        con.execute("DELETE FROM model_aliases WHERE model_id NOT IN (SELECT model_id FROM models)")
    finally:
        con.close()


@pytest.fixture
def small(small_template: SmallRegistry, tmp_path: Path) -> SmallRegistry:
    """A private copy of the small registry: the warehouse copied, the exports hard-linked (as
    in `registry_copy`: replace a file there, never write into one)."""
    root = tmp_path / "small"
    root.mkdir()
    shutil.copy(small_template.warehouse, root / "warehouse.duckdb")
    link_tree(small_template.exports, root / "exports")
    return SmallRegistry(root / "warehouse.duckdb", root / "exports")
