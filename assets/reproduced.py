"""Reproduced runs: pushed `ltb` run summaries from the inbox, and their medians."""

from pathlib import Path

from dagster import AssetExecutionContext, AssetKey, MaterializeResult, MetadataValue, asset

from assets.metadata import table_metadata
from benchhub.runs import build_reproduced_medians, load_inbox
from pipelines.resources import RegistrySettings, Warehouse

GROUP = "reproduced"


@asset(
    key=AssetKey("reproduced_runs"),
    group_name=GROUP,
    kinds={"python", "duckdb"},
    deps=[AssetKey("benchmarks")],
    description="Accepted run summaries pushed with `ltb bench push`, one row each. Every inbox "
    "file is validated again (the intake is not trusted); bad files are quarantined with the "
    "reason and never loaded.",
)
def reproduced_runs(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    inbox = Path(registry.inbox_dir)
    with warehouse.get_connection() as con:
        report = load_inbox(con, inbox)
        metadata = table_metadata(con, "reproduced_runs")
    for rejected in report.quarantined:
        context.log.warning(f"quarantined {rejected}")
    return MaterializeResult(
        metadata={
            **metadata,
            "inbox": MetadataValue.path(str(inbox)),
            "files_seen": report.seen,
            "runs_added": report.added,
            "quarantined": len(report.quarantined),
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
