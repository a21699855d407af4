"""The release schedule: daily by default, configurable, and its job cuts a verified release."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from benchhub_format.release import open_release, verify_release
from dagster import (
    AssetKey,
    AssetSelection,
    DagsterInstance,
    Definitions,
    build_schedule_context,
    materialize,
)

from assets.checks import blocking_check_keys
from pipelines import settings
from pipelines.definitions import ALL_ASSETS, defs
from pipelines.jobs import build_registry_job
from pipelines.resources import build_resources
from pipelines.schedules import DEFAULT_RELEASE_CRON, build_release_schedule, release_schedule
from tests.conftest import SmallRegistry


def test_schedule_is_daily_by_default_and_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(settings.ENV_RELEASE_SCHEDULE, raising=False)
    assert build_release_schedule().cron_schedule == DEFAULT_RELEASE_CRON == "0 6 * * *"
    monkeypatch.setenv(settings.ENV_RELEASE_SCHEDULE, "30 */6 * * *")
    assert build_release_schedule().cron_schedule == "30 */6 * * *"


def test_a_tick_requests_a_cut_release_run() -> None:
    context = build_schedule_context(scheduled_execution_time=datetime(2026, 3, 1, 6, tzinfo=UTC))
    result = release_schedule.evaluate_tick(context)
    assert len(result.run_requests or []) == 1
    assert defs.resolve_schedule_def("daily_release").job_name == "build_registry"


def test_the_release_job_runs_every_blocking_check() -> None:
    job = defs.resolve_job_def("build_registry")
    assert set(blocking_check_keys()) <= set(job.asset_layer.asset_graph.asset_check_keys)


def test_scheduled_job_runs_in_process_and_publishes_a_verified_release(
    small: SmallRegistry,
) -> None:
    """The schedule's job, run in-process as the daemon would start it, on the small registry
    (conftest): its blocking checks run on the tables the release reads, then its release step
    publishes. The rest of the same job is what `built_registry` already ran (minutes)."""
    before = open_release(str(small.latest))
    resources = build_resources(str(small.warehouse), str(small.exports), str(small.exports))
    local = Definitions(
        assets=ALL_ASSETS,
        jobs=[build_registry_job],
        schedules=[release_schedule],
        resources=resources,
    )
    schedule = local.resolve_schedule_def("daily_release")
    tick = datetime(2030, 1, 1, 6, tzinfo=UTC)
    requests = schedule.evaluate_tick(build_schedule_context(scheduled_execution_time=tick))
    assert requests.run_requests and len(requests.run_requests) == 1
    request = requests.run_requests[0]
    instance = DagsterInstance.ephemeral()

    refused = local.resolve_job_def(schedule.job_name).execute_in_process(
        instance=instance, asset_selection=[AssetKey("release")], raise_on_error=False
    )
    assert not refused.success  # no release before the blocking checks passed on this data

    checked = {key.asset_key for key in blocking_check_keys()}
    audited = materialize(
        ALL_ASSETS,
        selection=AssetSelection.checks_for_assets(*checked),
        resources=resources,
        instance=instance,
    )
    assert audited.success
    evaluations = audited.get_asset_check_evaluations()
    # warnings may flag records for a person (MMLU-Redux read from its 2.0 data set); only a
    # blocking check keeps the release back
    assert evaluations and all(e.passed for e in evaluations if e.blocking)

    result = local.resolve_job_def(schedule.job_name).execute_in_process(
        run_config=request.run_config,
        tags=request.tags,
        instance=instance,
        asset_selection=[AssetKey("release")],
    )

    assert result.success
    assert result.dagster_run.tags["dagster/schedule_name"] == "daily_release"
    latest = open_release(str(small.latest))
    assert latest.release_id != before.release_id
    assert verify_release(latest) == []
    manifest = latest.manifest
    assert manifest["previous_release_id"] == before.release_id
    assert manifest["changes"]["added"] == [] and manifest["changes"]["removed"] == []
    assert f"## {before.release_id}" in latest.read_bytes("CHANGELOG.md").decode()
    assert small.release_dirs() == sorted([before.release_id, latest.release_id])
    # only the manifest names the release: the index is the same file while the data is
    assert "release_id" not in json.loads(latest.read_bytes("index.json"))
