"""Shared fixtures: one full in-process build of the registry on the bundled recordings."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from dagster import DagsterInstance, materialize

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
