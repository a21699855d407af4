"""Scores and the leaderboard grid, built in SQL from the staged channel scores."""

from dagster import AssetExecutionContext, AssetKey, MaterializeResult, asset

from assets.metadata import table_metadata
from benchhub.score_settings import settings_function
from benchhub.warehouse import sql_text, transaction
from pipelines.resources import Warehouse

GROUP = "scores"


@asset(
    key=AssetKey("scores"),
    group_name=GROUP,
    kinds={"duckdb"},
    deps=[
        AssetKey("benchmark_aliases"),
        AssetKey("models"),
        AssetKey("model_aliases"),
        AssetKey("reproduced_medians"),
    ],
    description="Every score with its label (self_reported / independent / reproduced), source "
    "URL, scale, uncertainty and the settings that change it, mapped to benchmark and model ids "
    "(sql/scores.sql holds the label rule).",
)
def scores(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    with warehouse.get_connection() as con:
        with settings_function(con), transaction(con):
            con.execute(sql_text("scores"))
        by_label = con.execute(
            "SELECT label, count(*) FROM scores GROUP BY label ORDER BY label"
        ).fetchall()
        unmapped = con.execute(
            """
            SELECT count(*) FROM channel_scores s
            WHERE NOT EXISTS (SELECT 1 FROM benchmark_aliases a
                              WHERE a.channel = s.channel AND a.source_key = s.benchmark_key)
               OR NOT EXISTS (SELECT 1 FROM model_aliases m
                              WHERE m.channel = s.channel AND m.source_name = s.model_name)
            """
        ).fetchall()[0][0]
        metadata = table_metadata(con, "scores")
    return MaterializeResult(
        metadata={
            **metadata,
            **{f"label_{k}": v for k, v in by_label},
            "unmapped_observations": unmapped,
        }
    )


@asset(
    key=AssetKey("leaderboard"),
    group_name=GROUP,
    kinds={"duckdb"},
    deps=[AssetKey("scores")],
    description="The model x benchmark grid for the heatmap: one cell per label with the "
    "best-sourced value; cells without a score stay absent (sql/leaderboard.sql).",
)
def leaderboard(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    with warehouse.get_connection() as con:
        with transaction(con):
            con.execute(sql_text("leaderboard"))
        return MaterializeResult(metadata=table_metadata(con, "leaderboard"))
