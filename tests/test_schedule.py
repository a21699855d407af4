"""The release schedule: daily by default, configurable, and its job cuts a verified release."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from dagster import (
    AssetKey,
    AssetSelection,
    DagsterInstance,
    Definitions,
    build_schedule_context,
    materialize,
)

from assets.checks import blocking_check_keys
from ltb.release import open_release, verify_release
from pipelines import settings
from pipelines.definitions import ALL_ASSETS, defs
from pipelines.jobs import cut_release_job
from pipelines.schedules import DEFAULT_RELEASE_CRON, build_release_schedule, release_schedule
from tests.conftest import BuiltRegistry


def test_schedule_is_daily_by_default_and_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(settings.ENV_RELEASE_SCHEDULE, raising=False)
    assert build_release_schedule().cron_schedule == DEFAULT_RELEASE_CRON == "0 6 * * *"
    monkeypatch.setenv(settings.ENV_RELEASE_SCHEDULE, "30 */6 * * *")
    assert build_release_schedule().cron_schedule == "30 */6 * * *"


def test_a_tick_requests_a_cut_release_run() -> None:
    context = build_schedule_context(scheduled_execution_time=datetime(2026, 3, 1, 6, tzinfo=UTC))
    result = release_schedule.evaluate_tick(context)
    assert len(result.run_requests or []) == 1
    assert defs.resolve_schedule_def("daily_release").job_name == "cut_release"


def test_the_release_job_runs_every_blocking_check() -> None:
    job = defs.resolve_job_def("cut_release")
    assert set(blocking_check_keys()) <= set(job.asset_layer.asset_graph.asset_check_keys)


def test_scheduled_job_runs_in_process_and_publishes_a_verified_release(
    registry_copy: BuiltRegistry,
) -> None:
    """The schedule's job, run in-process as the daemon would start it. The channels, crosswalk
    and review half of the job is what `built_registry` already ran (minutes); this runs the
    release half of the same job: everything downstream of the reviewed benchmarks, with
    checks. The checks of the assets it does not rebuild run first, as the full job would."""
    before = open_release(str(registry_copy.latest))
    local = Definitions(
        assets=ALL_ASSETS,
        jobs=[cut_release_job],
        schedules=[release_schedule],
        resources=registry_copy.resources(),
    )
    schedule = local.resolve_schedule_def("daily_release")
    tick = datetime(2030, 1, 1, 6, tzinfo=UTC)
    requests = schedule.evaluate_tick(build_schedule_context(scheduled_execution_time=tick))
    assert requests.run_requests and len(requests.run_requests) == 1
    request = requests.run_requests[0]
    instance = DagsterInstance.ephemeral()
    upstream = [AssetKey("benchmark_aliases"), AssetKey("benchmarks")]
    audited = materialize(
        ALL_ASSETS,
        selection=AssetSelection.checks_for_assets(*upstream),
        resources=registry_copy.resources(),
        instance=instance,
    )
    assert audited.success

    release_half = AssetSelection.assets("reproduced_runs").downstream()
    result = local.resolve_job_def(schedule.job_name).execute_in_process(
        run_config=request.run_config,
        tags=request.tags,
        instance=instance,
        asset_selection=list(release_half.resolve(local.resolve_asset_graph())),
    )

    assert result.success
    assert result.dagster_run.tags["dagster/schedule_name"] == "daily_release"
    evaluations = result.get_asset_check_evaluations()
    assert evaluations and all(e.passed for e in evaluations)
    latest = open_release(str(registry_copy.latest))
    assert latest.release_id != before.release_id
    assert verify_release(latest) == []
    manifest = latest.manifest
    assert manifest["previous_release_id"] == before.release_id
    assert manifest["changes"]["added"] == [] and manifest["changes"]["removed"] == []
    assert f"## {before.release_id}" in latest.read_bytes("CHANGELOG.md").decode()
    assert sorted(p.name for p in (registry_copy.exports / "releases").iterdir()) == sorted(
        [before.release_id, latest.release_id]
    )
    assert json.loads(latest.read_bytes("index.json"))["release_id"] == latest.release_id
