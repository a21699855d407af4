"""Scores and the leaderboard grid, built in SQL from the staged channel scores."""

from pathlib import Path

from dagster import AssetExecutionContext, AssetKey, MaterializeResult, MetadataValue, asset

from assets.metadata import table_metadata
from benchhub.corrections import curated_corrections, load_disputes
from benchhub.headline import build_comparisons, build_scores
from benchhub.warehouse import sql_text, transaction
from pipelines.resources import RegistrySettings, Warehouse

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
        # first, so that score_corrections' checks see the disputes its decisions name
        AssetKey("score_disputes"),
    ],
    description="Every score with its label (self_reported / independent / reproduced), source "
    "URL, scale, uncertainty and the settings that change it, mapped to benchmark and model ids "
    "(sql/scores.sql holds the label rule), and classified headline or breakdown against its "
    "benchmark's headline (benchmark_headlines, written here too: sql/benchmark_headlines.sql). "
    "A person's decisions in curation/corrections.yaml (retract, fix with a source URL, "
    "relabel) are applied here and recorded in score_corrections.",
)
def scores(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    corrections = curated_corrections(Path(registry.corrections_file))
    with warehouse.get_connection() as con:
        build_scores(con, corrections, registry.site_url)
        by_label = con.execute(
            "SELECT label, count(*) FROM scores GROUP BY label ORDER BY label"
        ).fetchall()
        by_kind = con.execute(
            "SELECT coalesce(breakdown_kind, kind), count(*) FROM scores GROUP BY 1 ORDER BY 1"
        ).fetchall()
        headlines = con.execute(
            "SELECT derived_from, count(*) FROM benchmark_headlines GROUP BY 1 ORDER BY 1"
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
            "corrections": len(corrections),
            **{f"label_{k}": v for k, v in by_label},
            **{f"kind_{k.replace(' ', '_')}": v for k, v in by_kind},
            **{f"headlines_{k.replace(' ', '_')}": v for k, v in headlines},
            "unmapped_observations": unmapped,
        }
    )


@asset(
    key=AssetKey("score_disputes"),
    group_name=GROUP,
    kinds={"python", "duckdb"},
    deps=[AssetKey("benchmarks")],
    description="Disputes readers sent with `ltb bench report` (a published score that "
    "disagrees with its source), from the inbox's disputes/ folder, each checked again (bad "
    "files are quarantined with the reason); open until a decision in "
    "curation/corrections.yaml names it. Pages show open disputes next to the score.",
)
def score_disputes(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    corrections = curated_corrections(Path(registry.corrections_file))
    with warehouse.get_connection() as con:
        known = {r[0] for r in con.execute("SELECT benchmark_id FROM benchmarks").fetchall()}
        report = load_disputes(con, Path(registry.inbox_dir), corrections, known)
        by_status = con.execute(
            "SELECT status, count(*) FROM score_disputes GROUP BY 1 ORDER BY 1"
        ).fetchall()
        metadata = table_metadata(con, "score_disputes")
    for rejected in report.quarantined:
        context.log.warning(f"quarantined dispute {rejected}")
    return MaterializeResult(
        metadata={
            **metadata,
            "files_seen": report.seen,
            "quarantined": len(report.quarantined),
            **{f"status_{k}": v for k, v in by_status},
            "corrections_file": MetadataValue.path(registry.corrections_file),
        }
    )


@asset(
    key=AssetKey("leaderboard"),
    group_name=GROUP,
    kinds={"duckdb"},
    deps=[AssetKey("scores")],
    description="The model x benchmark grid for the heatmap: one cell per label holding a headline "
    "score, the most authoritative then most recent; breakdowns never fill a cell and cells "
    "without a headline score stay absent (sql/leaderboard.sql).",
)
def leaderboard(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    with warehouse.get_connection() as con:
        with transaction(con):
            con.execute(sql_text("leaderboard"))
        return MaterializeResult(metadata=table_metadata(con, "leaderboard"))


@asset(
    key=AssetKey("score_comparison"),
    group_name=GROUP,
    kinds={"duckdb"},
    deps=[AssetKey("leaderboard"), AssetKey("benchmarks")],
    description="Self-reported vs independent headline scores per model and benchmark (same "
    "metric, whole benchmark, default attempts), the settings that differ or are unknown, and a "
    "verdict: within noise, beyond noise or not comparable (sql/score_comparison.sql).",
)
def score_comparison(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    with warehouse.get_connection() as con:
        build_comparisons(con)
        verdicts = con.execute(
            "SELECT verdict, count(*) FROM score_comparison GROUP BY 1 ORDER BY 1"
        ).fetchall()
        metadata = table_metadata(con, "score_comparison")
    return MaterializeResult(
        metadata={**metadata, **{f"verdict_{k.replace(' ', '_')}": v for k, v in verdicts}}
    )
