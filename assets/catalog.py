"""The catalog: every channel's candidates merged into one identity per benchmark and model."""

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from dagster import (
    AssetExecutionContext,
    AssetKey,
    AssetSpec,
    MaterializeResult,
    MetadataValue,
    asset,
    multi_asset,
)

from assets.channels import all_channels
from assets.metadata import table_metadata
from benchhub.catalog import merged_benchmarks_ddl, merged_to_row
from benchhub.crosswalk import BenchmarkAlias, build_crosswalk, load_curation
from benchhub.redirects import (
    KINDS,
    compute_redirects,
    load_curated_redirects,
    previous_release_tables,
)
from benchhub.staged import load_candidates, load_scores
from benchhub.warehouse import ensure_tables, insert_rows, sql_text, transaction
from pipelines.resources import RegistrySettings, Warehouse

CATALOG_TABLES = ("merged_benchmarks", "benchmark_aliases", "models", "model_aliases")


_TABLE_DESCRIPTIONS: dict[str, str] = {
    "merged_benchmarks": "One record per benchmark identity: facts merged from every channel "
    "with provenance and conflicts, parent_id and record kind (benchmark, suite, subtask); junk, "
    "leaderboards and categories kept with the reason they are not benchmarks.",
    "benchmark_aliases": "Every channel spelling (channel, source_key, source_name) and the "
    "stable benchmark_id it names.",
    "models": "One row per model identity, with its aliases.",
    "model_aliases": "Every channel spelling of a model, the model_id it names and the run "
    "settings split off the name.",
}


@multi_asset(
    name="catalog",
    specs=[
        AssetSpec(
            AssetKey(table),
            group_name="catalog",
            kinds={"python", "duckdb"},
            deps=[AssetKey(["channels", c.name]) for c in all_channels()],
            description=_TABLE_DESCRIPTIONS[table],
        )
        for table in CATALOG_TABLES
    ],
    description="The crosswalk: merges every channel's benchmark candidates into one stable "
    "benchmark_id each and every model spelling into a model_id; one asset per table it writes.",
)
def catalog(context: AssetExecutionContext, warehouse: Warehouse) -> Iterator[MaterializeResult]:
    with warehouse.get_connection() as con:
        ensure_tables(con)
        candidates = load_candidates(con)
        scores = load_scores(con)
        previous = _previous_aliases(con)
    # The last build's aliases keep ids stable when a new channel or spelling arrives.
    crosswalk = build_crosswalk(candidates, scores, curation=load_curation(), previous=previous)
    rows = {
        "merged_benchmarks": [merged_to_row(b) for b in crosswalk.benchmarks],
        "benchmark_aliases": [asdict(a) for a in crosswalk.benchmark_aliases],
        "models": [asdict(m) for m in crosswalk.models],
        "model_aliases": [
            {**asdict(a), "settings": json.dumps(a.settings, sort_keys=True)}
            for a in crosswalk.model_aliases
        ],
    }
    with warehouse.get_connection() as con, transaction(con):
        for table in CATALOG_TABLES:
            con.execute(f'DROP TABLE IF EXISTS "{table}"')
            con.execute(_ddl(table))
            insert_rows(con, table, rows[table])
    with warehouse.get_connection() as con:
        metadata = {table: table_metadata(con, table) for table in CATALOG_TABLES}
    context.log.info(
        f"{len(crosswalk.benchmarks)} benchmark identities from {len(candidates)} candidates"
    )
    kinds = Counter(b.record_kind if b.is_benchmark else "rejected" for b in crosswalk.benchmarks)
    extra: dict[str, dict[str, Any]] = {
        "merged_benchmarks": {
            "candidates": len(candidates),
            "by_kind": MetadataValue.json(dict(sorted(kinds.items()))),
        },
        "models": {"models": len(crosswalk.models)},
    }
    for table in CATALOG_TABLES:
        yield MaterializeResult(
            asset_key=AssetKey(table), metadata={**metadata[table], **extra.get(table, {})}
        )


def _ddl(table: str) -> str:
    """merged_benchmarks follows its dataclass; the other tables have their sql/ file."""
    return merged_benchmarks_ddl() if table == "merged_benchmarks" else sql_text(table)


def _previous_aliases(con) -> list[BenchmarkAlias]:
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'benchmark_aliases'"
    ).fetchall()[0][0]
    if not exists:
        return []
    rows = con.execute(
        "SELECT channel, source_key, source_name, benchmark_id FROM benchmark_aliases"
    ).fetchall()
    return [BenchmarkAlias(*row) for row in rows]


@asset(
    key=AssetKey("id_redirects"),
    group_name="catalog",
    kinds={"python", "duckdb"},
    deps=[AssetKey("benchmarks"), AssetKey("benchmark_aliases"), AssetKey("model_aliases")],
    description="Ids of the previous release that this one no longer publishes, followed "
    "through the alias tables to where they went (split, merged or renamed), for benchmarks "
    "and models; older redirects carried forward; curation/redirects.yaml wins. The release "
    "writes them to redirects.json.",
)
def id_redirects(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    previous = previous_release_tables(Path(registry.exports_dir) / "latest")
    with warehouse.get_connection() as con:
        current = {
            "benchmark": _alias_map(
                con, "SELECT channel, source_key, benchmark_id FROM benchmark_aliases"
            ),
            "model": _alias_map(con, "SELECT channel, source_name, model_id FROM model_aliases"),
        }
        published = {
            "benchmark": _ids(con, "SELECT benchmark_id FROM benchmarks WHERE published"),
            "model": _ids(con, "SELECT model_id FROM models"),
        }
    curated = load_curated_redirects()
    found = [
        redirect
        for kind in KINDS
        for redirect in compute_redirects(
            kind,
            previous.aliases[kind],
            current[kind],
            published[kind],
            carried=[r for r in previous.redirects if r.kind == kind],
            curated=curated,
        )
    ]
    rows = [
        {"kind": r.kind, "old_id": r.old_id, "to_ids": list(r.to), "reason": r.reason}
        for r in found
    ]
    with warehouse.get_connection() as con, transaction(con):
        con.execute("DROP TABLE IF EXISTS id_redirects")
        con.execute(sql_text("id_redirects"))
        insert_rows(con, "id_redirects", rows)
    counts = Counter(f"{r.kind} {r.reason}" for r in found)
    context.log.info(f"{len(found)} redirects from release {previous.release_id or '(none)'}")
    return MaterializeResult(
        metadata={
            "previous_release": previous.release_id or "none",
            "redirects": len(found),
            "by_reason": MetadataValue.json(dict(sorted(counts.items()))),
        }
    )


def _alias_map(con, query: str) -> dict[tuple[str, str], str]:
    return {(channel, key): target for channel, key, target in con.execute(query).fetchall()}


def _ids(con, query: str) -> set[str]:
    return {row[0] for row in con.execute(query).fetchall()}
