"""Reproduced runs: pushed `ltb` run summaries from the inbox, their medians and pooled
estimates."""

from pathlib import Path

from dagster import AssetExecutionContext, AssetKey, MaterializeResult, MetadataValue, asset

from assets.metadata import table_metadata
from benchhub.pooling import MAX_SUBMITTER_SHARE
from benchhub.pools import build_reproduced_pools
from benchhub.runs import build_reproduced_medians, load_inbox
from pipelines.resources import RegistrySettings, Warehouse

GROUP = "reproduced"


@asset(
    key=AssetKey("reproduced_runs"),
    group_name=GROUP,
    kinds={"python", "duckdb"},
    deps=[AssetKey("benchmarks")],
    description="Accepted run summaries pushed with `ltb bench push`, one row each, and every "
    "attempt's reward, tokens and cost in reproduced_attempts. Every inbox file is validated "
    "again (the intake is not trusted); bad files are quarantined with the reason and never "
    "loaded.",
)
def reproduced_runs(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    inbox = Path(registry.inbox_dir)
    with warehouse.get_connection() as con:
        report = load_inbox(con, inbox)
        metadata = table_metadata(con, "reproduced_runs")
        attempts = con.execute("SELECT count(*) FROM reproduced_attempts").fetchall()[0][0]
    for rejected in report.quarantined:
        context.log.warning(f"quarantined {rejected}")
    return MaterializeResult(
        metadata={
            **metadata,
            "inbox": MetadataValue.path(str(inbox)),
            "files_seen": report.seen,
            "runs_added": report.added,
            "quarantined": len(report.quarantined),
            "attempt_rows": attempts,
        }
    )


@asset(
    key=AssetKey("reproduced_medians"),
    group_name=GROUP,
    kinds={"duckdb"},
    deps=[AssetKey("reproduced_runs")],
    description="Runs pooled per model x benchmark x harness x settings: median, run count, "
    "spread and an interval for the median; runs with different settings are never pooled.",
)
def reproduced_medians(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    with warehouse.get_connection() as con:
        build_reproduced_medians(con)
        return MaterializeResult(metadata=table_metadata(con, "reproduced_medians"))


@asset(
    key=AssetKey("reproduced_pools"),
    group_name=GROUP,
    kinds={"python", "duckdb"},
    deps=[AssetKey("reproduced_runs")],
    description="A pooled estimate per model x benchmark x harness x settings from per-task "
    "rewards, with runs and tasks as separate sources of variance: 95% interval, spread "
    "between runs, runs needed to reach +-2 points, tokens and cost per point "
    f"(one submitter weighs at most {MAX_SUBMITTER_SHARE:.0%} of a pool); and "
    "reproduced_budget_curves, the share of tasks solved within a token budget, with a "
    "bootstrap band. Method: benchhub/pooling.py.",
)
def reproduced_pools(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    with warehouse.get_connection() as con:
        build_reproduced_pools(con)
        metadata = table_metadata(con, "reproduced_pools")
        curves = con.execute("SELECT count(*) FROM reproduced_budget_curves").fetchall()[0][0]
    return MaterializeResult(metadata={**metadata, "budget_curve_points": curves})
