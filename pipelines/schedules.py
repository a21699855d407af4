"""The release schedule: daily by default; BENCHHUB_RELEASE_CRON changes it."""

from __future__ import annotations

from dagster import DefaultScheduleStatus, ScheduleDefinition

from pipelines import settings
from pipelines.jobs import build_registry_job

DEFAULT_RELEASE_CRON = "0 6 * * *"  # 06:00 UTC daily


def build_release_schedule() -> ScheduleDefinition:
    """Read the cron from the environment when called (Dagster validates it here)."""
    return ScheduleDefinition(
        name="daily_release",
        job=build_registry_job,
        cron_schedule=settings.setting(settings.ENV_RELEASE_SCHEDULE, DEFAULT_RELEASE_CRON),
        execution_timezone="UTC",
        # Off until a release manager starts it (UI or `dagster schedule start daily_release`),
        # so a development `dg dev` does not publish on its own.
        default_status=DefaultScheduleStatus.STOPPED,
        description="Cuts a release from a full rebuild, audited by the blocking checks "
        "(06:00 UTC unless BENCHHUB_RELEASE_CRON says otherwise).",
    )


release_schedule = build_release_schedule()
