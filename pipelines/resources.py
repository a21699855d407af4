"""Resources: the warehouse connection and the registry's run settings."""

from __future__ import annotations

from pathlib import Path

from benchhub_format.release import Endpoints
from dagster import ConfigurableResource
from dagster_duckdb import DuckDBResource
from pydantic import Field

from pipelines import settings


class Warehouse(DuckDBResource):
    """The DuckDB warehouse. Creates the folder on first connection (never at import time)."""

    def ensure_parent(self) -> None:
        if self.database != ":memory:":
            Path(self.database).parent.mkdir(parents=True, exist_ok=True)


DEFAULT_ENDPOINTS = Endpoints()


class RegistrySettings(ConfigurableResource):
    """How this run reads channels, reviews records and writes releases."""

    channel_mode: str = Field(default="replay", description="replay (bundled recordings) or live")
    reviewer: str = Field(default="heuristic", description="heuristic (offline) or openai")
    exports_dir: str = Field(description="folder holding releases/ and the latest link")
    inbox_dir: str = Field(description="folder where pushed run summaries arrive")
    release_retention: int = Field(default=10, description="how many releases to keep")
    intake_url: str = Field(
        default=DEFAULT_ENDPOINTS.intake,
        description="the intake a release names: where `ltb bench push` sends runs without --to",
    )
    site_url: str = Field(
        default=DEFAULT_ENDPOINTS.site,
        description="the public site a release names: reproduced scores link to pool pages there",
    )
    corrections_file: str = Field(
        default=settings.default_corrections(),
        description="a person's decisions on disputed scores (retract, fix, relabel)",
    )
    accept_shrink: list[str] = Field(
        default=[],
        description="channels whose drop in rows below the shrink guard a person accepted for "
        "this run (their read replaces the last good one instead of counting as failed)",
    )


def build_resources(
    warehouse: str | None = None,
    exports_dir: str | None = None,
    inbox_dir: str | None = None,
    channel_mode: str | None = None,
    reviewer: str | None = None,
) -> dict[str, object]:
    """The resources from the environment, with explicit arguments winning (tests, scripts)."""
    registry = RegistrySettings(
        channel_mode=channel_mode or settings.setting(settings.ENV_CHANNEL_MODE, "replay"),
        reviewer=reviewer or settings.setting(settings.ENV_REVIEWER, "heuristic"),
        exports_dir=exports_dir or settings.default_exports(),
        inbox_dir=inbox_dir or settings.default_inbox(),
        release_retention=int(settings.setting(settings.ENV_RELEASE_RETENTION, "10")),
        intake_url=settings.setting(settings.ENV_INTAKE_URL, DEFAULT_ENDPOINTS.intake),
        site_url=settings.setting(settings.ENV_SITE_URL, DEFAULT_ENDPOINTS.site),
        corrections_file=settings.default_corrections(),
        accept_shrink=[
            name.strip()
            for name in settings.setting(settings.ENV_ACCEPT_SHRINK, "").split(",")
            if name.strip()
        ],
    )
    return {
        "warehouse": Warehouse(database=warehouse or settings.default_warehouse()),
        "registry": registry,
    }
