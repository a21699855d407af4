"""The release: the static, versioned snapshot that `ltb`, analysts and the site read."""

from pathlib import Path

from benchhub_format.release import Endpoints
from dagster import (
    AssetExecutionContext,
    AssetKey,
    Failure,
    MaterializeResult,
    MetadataValue,
    asset,
)

from assets.checks import unconfirmed_blocking_checks
from benchhub.release.publish import cut_release
from pipelines.resources import RegistrySettings, Warehouse


@asset(
    key=AssetKey("release"),
    group_name="release",
    kinds={"json", "parquet", "duckdb"},
    deps=[
        AssetKey("benchmarks"),
        AssetKey("scores"),
        AssetKey("leaderboard"),
        AssetKey("reproduced_pools"),
        AssetKey("id_redirects"),
        AssetKey("score_comparison"),
        AssetKey("score_disputes"),
    ],
    description="Writes exports/releases/<id>/ (manifest with checksums, index.json, one page "
    "per benchmark, Parquet tables, leaderboard.json, registry.duckdb for DuckDB 1.4+) in a "
    "temporary folder, verifies it, then publishes it and switches exports/latest atomically.",
)
def release(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    # Dagster skips this step when a blocking check fails in the same run; this also covers
    # runs that leave the checks out.
    if problems := unconfirmed_blocking_checks(context.instance):
        raise Failure(
            description=f"release refused: {len(problems)} blocking check(s) have not passed on "
            f"the current data ({'; '.join(problems[:3])}). Fix the data, then materialize the "
            "checked assets with their checks.",
            metadata={"problems": MetadataValue.md("\n".join(f"- {p}" for p in problems))},
        )
    with warehouse.get_connection() as con:
        status = con.sql("SELECT * FROM channel_status ORDER BY channel").arrow().read_all()
        published = cut_release(
            con,
            Path(registry.exports_dir),
            retention=registry.release_retention,
            channel_status=status.to_pylist(),
            endpoints=Endpoints(intake=registry.intake_url, site=registry.site_url),
            on_step=lambda step: context.log.info(f"release step: {step}"),
        )
    manifest = published.manifest
    changes = manifest["changes"]
    return MaterializeResult(
        metadata={
            "release_id": published.release_id,
            "path": MetadataValue.path(str(published.path)),
            "benchmarks": manifest["counts"]["benchmarks"],
            "by_tier": MetadataValue.json(manifest["counts"]["benchmarks_by_tier"]),
            "scores_by_label": MetadataValue.json(manifest["counts"]["scores_by_label"]),
            "stale_channels": ", ".join(manifest["stale_channels"]) or "none",
            "added": len(changes["added"]),
            "removed": len(changes["removed"]),
            "retiered": len(changes["retiered"]),
            "files": len(manifest["files"]),
        }
    )
