"""Review and tiers: every merged benchmark checked by a reviewer, then graded."""

import json
import os
import time

from dagster import AssetExecutionContext, AssetKey, MaterializeResult, MetadataValue, asset
from ltb.frameworks.lm_eval import LmEvalGroup, LmEvalTask, compile_definitions
from ltb.pull.shapes import load_shapes

from assets.metadata import table_metadata
from benchhub.benchmark_rows import benchmark_row, review_row, with_published_parents
from benchhub.catalog import merged_from_row
from benchhub.headline import whole_benchmark_scores
from benchhub.review import curation
from benchhub.review.cache import DuckDBReviewCache
from benchhub.review.model import Review
from benchhub.review.reviewers import reviewer_from_env
from benchhub.review.run import review_all
from benchhub.runnable import (
    LM_EVAL_CHANNEL,
    runnability,
    shape_names,
    with_family_groups,
    with_headline_parts,
    with_suites,
)
from benchhub.warehouse import insert_rows, sql_text, transaction
from pipelines.resources import RegistrySettings, Warehouse

GROUP = "review"


def _merged(warehouse: Warehouse):
    with warehouse.get_connection() as con:
        cursor = con.execute("SELECT * FROM merged_benchmarks ORDER BY benchmark_id")
        names = [column[0] for column in cursor.description]
        rows = cursor.fetchall()
    return [merged_from_row(dict(zip(names, row, strict=True))) for row in rows]


@asset(
    key=AssetKey("benchmark_reviews"),
    group_name=GROUP,
    kinds={"python", "duckdb"},
    deps=[AssetKey("merged_benchmarks"), AssetKey("benchmark_aliases")],
    description="Every merged benchmark reviewed (heuristic offline by default, or an "
    "OpenAI-compatible LLM): publish / reject / needs_human, SPDX licence, capability axes, "
    "issues found. Reviews are cached by content hash, prompt version and model.",
)
def benchmark_reviews(
    context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
) -> MaterializeResult:
    merged = _merged(warehouse)
    reviewer = reviewer_from_env({"BENCHHUB_REVIEWER": registry.reviewer, **_review_env()})
    # The cache opens its own short connections; none is held across LLM calls.
    run = review_all(merged, reviewer, DuckDBReviewCache(warehouse.get_connection))
    rows = [review_row(r) for r in run.reviews]
    with warehouse.get_connection() as con, transaction(con):
        con.execute("DROP TABLE IF EXISTS benchmark_reviews")
        con.execute(sql_text("benchmark_reviews"))
        insert_rows(con, "benchmark_reviews", rows)
    stats = run.stats.as_metadata()
    return MaterializeResult(
        metadata={
            "dagster/row_count": len(rows),
            "reviewer": reviewer.kind,
            "model": reviewer.model or "",
            "prompt_version": reviewer.prompt_version,
            "records_reviewed": stats["reviewed"],
            "cache_hits": stats["cache_hits"],
            "llm_calls": stats["calls"],
            "tokens_in": stats["tokens_in"],
            "tokens_out": stats["tokens_out"],
            "fallbacks": stats["fallbacks"],
            "stopped_early": stats["stopped"] or "",
            "decisions": MetadataValue.json(stats["decisions"]),
        }
    )


@asset(
    key=AssetKey("benchmarks"),
    group_name=GROUP,
    kinds={"python", "duckdb"},
    deps=[AssetKey("benchmark_reviews")],
    description="The registry's benchmarks: merged facts corrected by review, tiered verified / "
    "auto / incomplete with the missing fields listed (benchhub/tiers.py). Rejected records stay "
    "here with the reason and are left out of releases.",
)
def benchmarks(context: AssetExecutionContext, warehouse: Warehouse) -> MaterializeResult:
    merged = _merged(warehouse)
    with warehouse.get_connection() as con:
        reviews = {
            bid: Review.from_dict(json.loads(text))
            for bid, text in con.execute(
                "SELECT benchmark_id, review FROM benchmark_reviews"
            ).fetchall()
        }
        lm_eval_tasks: dict[str, list[str]] = {}
        for benchmark_id, task in con.execute(
            "SELECT benchmark_id, source_key FROM benchmark_aliases WHERE channel = ?",
            [LM_EVAL_CHANNEL],
        ).fetchall():
            lm_eval_tasks.setdefault(benchmark_id, []).append(task)
        whole_scores = whole_benchmark_scores(con)
    curated = curation.load_curation()
    started = time.perf_counter()
    # The adapters pull generates from lm-eval's task and group definitions.
    compiled = compile_definitions()
    adapter_seconds = time.perf_counter() - started
    shapes = shape_names(
        (s.benchmark_id, s.name, s.aliases) for s in load_shapes().benchmarks.values()
    )
    rows = with_family_groups(
        with_headline_parts(
            with_suites(
                with_published_parents(
                    [
                        benchmark_row(
                            m,
                            reviews[m.benchmark_id],
                            curated.get(m.benchmark_id),
                            runnability(
                                m.benchmark_id,
                                m.harbor,
                                shapes,
                                lm_eval_tasks.get(m.benchmark_id, ()),
                                compiled,
                            ),
                        )
                        for m in merged
                    ]
                )
            ),
            whole_scores,
        ),
        lm_eval_tasks,
        compiled,
    )
    with warehouse.get_connection() as con:
        with transaction(con):
            con.execute("DROP TABLE IF EXISTS benchmarks")
            con.execute(sql_text("benchmarks"))
            insert_rows(con, "benchmarks", rows)
        tiers = con.execute(
            "SELECT coalesce(tier, 'rejected'), count(*) FROM benchmarks GROUP BY ALL ORDER BY ALL"
        ).fetchall()
        harbor = con.execute(
            "SELECT coalesce(split_part(harbor_source, ':', 1), 'not runnable'), count(*) "
            "FROM benchmarks WHERE published GROUP BY ALL ORDER BY ALL"
        ).fetchall()
        metadata = table_metadata(con, "benchmarks")
    n_adapters = sum(1 for c in compiled.values() if isinstance(c, LmEvalTask))
    n_groups = sum(1 for c in compiled.values() if isinstance(c, LmEvalGroup))
    return MaterializeResult(
        metadata={
            **metadata,
            "tiers": MetadataValue.json(dict(tiers)),
            "curated": len(curated),
            "harbor_sources": MetadataValue.json(dict(harbor)),
            "lm_eval_adapters": f"{n_adapters} tasks and {n_groups} groups runnable of "
            f"{len(compiled)} definitions",
            "adapter_generation_seconds": round(adapter_seconds, 2),
        }
    )


def _review_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k.startswith("BENCHHUB_REVIEW_")}
