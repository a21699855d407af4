"""Asset checks from the expectation suites (expectations/*.json): one Dagster check per GX
expectation, on the asset that writes the table, with the expectation's severity.

One multi_asset_check per checked asset, so each runs right after the asset it guards and a
failed `critical` expectation (blocking, severity ERROR) stops every downstream step, the
release included: write (the warehouse), audit (these checks), publish (the release). One op
for all tables would not work: a blocking check on `catalog` gates `benchmark_reviews`, so an op
that also read `scores` would wait on its own downstream.

`unconfirmed_blocking_checks` is the release's own guard for runs that leave the checks out
(materializing `release` alone): it refuses unless every blocking check last passed on the
current materialization of its asset.
"""

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from dagster import (
    AssetCheckExecutionContext,
    AssetCheckKey,
    AssetCheckResult,
    AssetChecksDefinition,
    AssetCheckSeverity,
    AssetCheckSpec,
    AssetKey,
    DagsterEventType,
    DagsterInstance,
    EventLogEntry,
    MetadataValue,
    multi_asset_check,
)

from benchhub.checks.frames import load_frame, previous_counts, suite_parameters
from benchhub.checks.runner import CheckOutcome, run_suite
from benchhub.checks.suites import Expectation, Suite, load_suites
from benchhub.release.publish import latest_release
from pipelines.resources import RegistrySettings, Warehouse


def build_asset_checks() -> list[AssetChecksDefinition]:
    by_asset: dict[str, list[Suite]] = defaultdict(list)
    for suite in load_suites():
        by_asset[suite.asset].append(suite)
    return [_asset_checks(asset, suites) for asset, suites in sorted(by_asset.items())]


def blocking_check_keys() -> list[AssetCheckKey]:
    return [
        AssetCheckKey(AssetKey(suite.asset), expectation.check)
        for suite in load_suites()
        for expectation in suite.expectations
        if expectation.blocking
    ]


def unconfirmed_blocking_checks(instance: DagsterInstance) -> list[str]:
    """Each blocking check that has not passed on its asset's latest materialization, and why."""
    problems = []
    keys = blocking_check_keys()
    # One query for every check's latest record, and one per asset (not per check) for its
    # latest materialization: each query opens the instance's SQLite storage again.
    latest = instance.event_log_storage.get_latest_asset_check_execution_by_key(keys)
    written_last = {
        asset_key: instance.get_latest_materialization_event(asset_key)
        for asset_key in {key.asset_key for key in keys}
    }
    for key in keys:
        name = f"{key.asset_key.to_user_string()}:{key.name}"
        record = latest.get(key)
        # A record without an evaluation is "planned": its run is still going, or died.
        event = record.event if record else None
        if record is None or event is None or not _evaluated(event) or not record.evaluation:
            problems.append(f"{name} has no completed evaluation")
        elif not record.evaluation.passed:
            problems.append(f"{name} failed in run {record.run_id}")
        elif (written := written_last[key.asset_key]) and written.timestamp > event.timestamp:
            problems.append(f"{name} has not run since {key.asset_key.to_user_string()} changed")
    return problems


def _evaluated(event: EventLogEntry) -> bool:
    return event.dagster_event_type == DagsterEventType.ASSET_CHECK_EVALUATION


def _asset_checks(asset: str, suites: list[Suite]) -> AssetChecksDefinition:
    specs = [_spec(suite, e) for suite in suites for e in suite.expectations]
    tables = ", ".join(s.table for s in suites)

    @multi_asset_check(
        name=f"{asset}_expectations",
        specs=specs,
        description=f"Great Expectations suites for {tables} (expectations/*.json).",
    )
    def _checks(
        context: AssetCheckExecutionContext, warehouse: Warehouse, registry: RegistrySettings
    ) -> Iterator[AssetCheckResult]:
        previous = latest_release(Path(registry.exports_dir))
        counts = previous_counts(previous.manifest if previous else None)
        # Read everything first and let the connection go: GX runs without holding the lock.
        with warehouse.get_connection() as con:
            work = [
                (s, load_frame(con, s.table), suite_parameters(con, s.parameters, counts))
                for s in suites
            ]
        for suite, frame, parameters in work:
            outcomes = run_suite(suite, frame, parameters)
            passed = sum(o.passed for o in outcomes)
            context.log.info(f"{suite.name}: {passed} of {len(outcomes)} expectations passed")
            for outcome in outcomes:
                yield _result(asset, suite, outcome)

    return _checks


def _spec(suite: Suite, expectation: Expectation) -> AssetCheckSpec:
    return AssetCheckSpec(
        name=expectation.check,
        asset=AssetKey(suite.asset),
        description=f"{expectation.description} ({expectation.severity}; "
        f"{expectation.type} on {suite.table})",
        blocking=expectation.blocking,
        metadata={"severity": expectation.severity, "suite": f"expectations/{suite.name}.json"},
    )


def _result(asset: str, suite: Suite, outcome: CheckOutcome) -> AssetCheckResult:
    return AssetCheckResult(
        asset_key=AssetKey(asset),
        check_name=outcome.check,
        passed=outcome.passed,
        severity=AssetCheckSeverity.ERROR if outcome.blocking else AssetCheckSeverity.WARN,
        description=outcome.summary,
        metadata={
            "table": suite.table,
            "severity": outcome.severity,
            "observed": outcome.summary,
            "result": MetadataValue.json(outcome.details),
        },
    )
