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
    """A private copy of the built registry that a test may change."""
    root = tmp_path / "registry"
    shutil.copytree(built_registry.root, root, symlinks=True)
    return BuiltRegistry(root, root / "warehouse.duckdb", root / "exports", root / "inbox")


# -- a small registry: the built warehouse trimmed so that a release takes a second ------------

FIRST = datetime(2026, 1, 1, 6, 0, tzinfo=UTC)  # when the small registry's first release was cut
# Tables a release reads that are keyed by benchmark: trimmed to the kept benchmarks.
BY_BENCHMARK = (
    "benchmarks",
    "merged_benchmarks",
    "benchmark_aliases",
    "scores",
    "leaderboard",
    "reproduced_medians",
)


@dataclass(frozen=True)
class SmallRegistry:
    warehouse: Path
    exports: Path

    @property
    def latest(self) -> Path:
        return self.exports / "latest"

    def cut(self, now: datetime, retention: int = 10, **kwargs) -> Path:
        con = duckdb.connect(str(self.warehouse))
        try:
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
    """The built warehouse trimmed to 30 benchmarks with a few scores each and 10 without,
    with one release cut from it."""
    root = tmp_path_factory.mktemp("small")
    small = SmallRegistry(root / "warehouse.duckdb", root / "exports")
    shutil.copy(built_registry.warehouse, small.warehouse)
    small.sql(
        # suites are left out: a suite's runnability stands on subtasks the trim would drop
        """CREATE TABLE keep AS
           (SELECT benchmark_id FROM scores JOIN benchmarks USING (benchmark_id)
            WHERE published AND harbor_source IS DISTINCT FROM 'suite'
            GROUP BY ALL HAVING count(*) BETWEEN 3 AND 40
            ORDER BY count(*) DESC, benchmark_id LIMIT 30)
           UNION
           (SELECT benchmark_id FROM benchmarks b WHERE published
               AND harbor_source IS DISTINCT FROM 'suite' AND NOT EXISTS
               (SELECT 1 FROM scores s WHERE s.benchmark_id = b.benchmark_id)
            ORDER BY benchmark_id LIMIT 10)""",
        *(
            f"DELETE FROM {t} WHERE benchmark_id NOT IN (SELECT benchmark_id FROM keep)"
            for t in BY_BENCHMARK
        ),
        "DROP TABLE keep",
        # as the pipeline does for a parent it does not release: the child stands on its own
        """UPDATE benchmarks SET parent_id = NULL,
               record_kind = CASE record_kind WHEN 'subtask' THEN 'benchmark' ELSE record_kind END
           WHERE parent_id NOT IN (SELECT benchmark_id FROM benchmarks)""",
    )
    small.cut(FIRST)
    return small


@pytest.fixture
def small(small_template: SmallRegistry, tmp_path: Path) -> SmallRegistry:
    shutil.copytree(small_template.warehouse.parent, tmp_path / "small", symlinks=True)
    return SmallRegistry(tmp_path / "small" / "warehouse.duckdb", tmp_path / "small" / "exports")
