"""The release schedule: daily by default; BENCHHUB_RELEASE_CRON changes it."""

from __future__ import annotations

from dagster import DefaultScheduleStatus, ScheduleDefinition

from pipelines import settings
from pipelines.jobs import cut_release_job

release_schedule = ScheduleDefinition(
    name="daily_release",
    job=cut_release_job,
    cron_schedule=settings.setting(settings.ENV_RELEASE_SCHEDULE, "0 6 * * *"),
    execution_timezone="UTC",
    default_status=DefaultScheduleStatus.STOPPED,
    description="Cuts a release from a full rebuild (06:00 UTC unless BENCHHUB_RELEASE_CRON says otherwise).",
)
