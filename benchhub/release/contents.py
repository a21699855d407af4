"""What a release says: the search index, one page per benchmark, and the leaderboard.

Pure functions from warehouse rows to JSON-ready dicts. Pages hold no release id or timestamp,
so an unchanged benchmark has a byte-identical page in every release and diffs stay honest.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from benchhub_format.catalog import search_keys
from benchhub_format.release import RELEASE_SCHEMA_VERSION, SEARCH_FIELDS

from benchhub.catalog import FACT_FIELDS
from benchhub.corrections import open_disputes
from benchhub.disagreements import disagreements
from benchhub.runnable import pullable
from benchhub.runs import RUN_POOL_KEY, pool_id_for

INDEX_DESCRIPTION_CHARS = 240
LABEL_ORDER = {"self_reported": 0, "independent": 1, "reproduced": 2}


def ltb_commands(benchmark_id: str, ltb_pulls_it: bool) -> dict[str, str]:
    """The ltb commands for a benchmark; pull and run only where pull builds its tasks."""
    commands = {"info": f"ltb bench info {benchmark_id}"}
    if ltb_pulls_it:
        commands |= {
            "pull": f"ltb bench pull {benchmark_id} --n 50 --seed 0 --out ./{benchmark_id}",
            "oracle_check": f"ltb bench run ./{benchmark_id} -a oracle",
            "run": f"ltb bench run ./{benchmark_id} -a AGENT -m PROVIDER/MODEL",
            "push": "ltb bench push ./jobs",
        }
    return commands


def index_entry(benchmark: Mapping[str, Any], n_scores: int) -> dict[str, Any]:
    description = benchmark.get("description") or ""
    if len(description) > INDEX_DESCRIPTION_CHARS:
        description = description[: INDEX_DESCRIPTION_CHARS - 1].rstrip() + "…"
    entry = {
        "id": benchmark["benchmark_id"],
        "name": benchmark["name"],
        "aliases": list(benchmark.get("aliases") or []),
        "description": description,
        "axes": list(benchmark.get("axes") or []),
        "tier": benchmark["tier"],
        "missing_fields": list(benchmark.get("missing_fields") or []),
        "license": benchmark.get("license"),
        "hf_dataset": benchmark.get("hf_dataset"),
        "sample_count": benchmark.get("sample_count"),
        "parent_id": benchmark.get("parent_id"),
        "record_kind": benchmark.get("record_kind"),
        "harbor_runnable": bool(benchmark.get("harbor_runnable")),
        "harbor_source": benchmark.get("harbor_source"),
        "pullable": _pullable(benchmark),
        "n_channels": benchmark.get("n_channels", 0),
        "n_scores": n_scores,
    }
    entry["search_keys"] = search_keys(entry)
    return entry


def benchmark_page(
    benchmark: Mapping[str, Any],
    aliases: Iterable[Mapping[str, Any]],
    scores: Iterable[Mapping[str, Any]],
    medians: Iterable[Mapping[str, Any]],
    pools: Iterable[Mapping[str, Any]] = (),
    curves: Iterable[Mapping[str, Any]] = (),
    children: Iterable[Mapping[str, Any]] = (),
    headline: Mapping[str, Any] | None = None,
    comparisons: Iterable[Mapping[str, Any]] = (),
    cells: Iterable[Mapping[str, Any]] = (),
    disputes: Iterable[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """`children`: the released records whose parent this is (subsets, languages, variants).
    `disputes`: the benchmark's `score_disputes` rows; the open ones are shown."""
    provenance = _json(benchmark.get("provenance")) or {}
    source_urls = _json(benchmark.get("source_urls")) or {}
    benchmark_id = benchmark["benchmark_id"]
    scores = sorted(scores, key=_score_order)
    in_grid = {_cell_key(cell) for cell in cells}
    page_scores = [_score(s, bool(in_grid) and _cell_key(s) in in_grid) for s in scores]
    return {
        "schema_version": RELEASE_SCHEMA_VERSION,
        "id": benchmark_id,
        "name": benchmark["name"],
        "aliases": list(benchmark.get("aliases") or []),
        "description": benchmark.get("description"),
        "facts": {
            field: {"value": benchmark.get(field), "source": provenance.get(field)}
            for field in FACT_FIELDS
            if field != "name"
        },
        "license": benchmark.get("license"),
        "license_as_published": benchmark.get("license_as_published"),
        "axes": list(benchmark.get("axes") or []),
        "languages": list(benchmark.get("languages") or []),
        "parent_id": benchmark.get("parent_id"),
        "record_kind": benchmark.get("record_kind"),
        "children": sorted(
            ({"id": c["benchmark_id"], "name": c["name"]} for c in children),
            key=lambda c: c["id"],
        ),
        "tier": benchmark["tier"],
        "missing_fields": list(benchmark.get("missing_fields") or []),
        "tier_reasons": list(benchmark.get("tier_reasons") or []),
        "harbor": {
            "runnable": bool(benchmark.get("harbor_runnable")),
            "source": benchmark.get("harbor_source"),
            "reason": benchmark.get("harbor_reason"),
            "pullable": _pullable(benchmark),
        },
        "channels": [
            {"channel": channel, "source_url": source_urls.get(channel)}
            for channel in benchmark.get("channels") or []
        ],
        "crosswalk": sorted(
            ({k: a[k] for k in ("channel", "source_key", "source_name")} for a in aliases),
            key=lambda a: (a["channel"], a["source_key"]),
        ),
        "conflicts": _json(benchmark.get("conflicts")) or {},
        "review": {
            "decision": benchmark.get("review_decision"),
            "reviewer": benchmark.get("reviewer"),
            "notes": benchmark.get("review_notes"),
        },
        # What the grid and the comparisons count as this benchmark's number (its metric family,
        # the whole benchmark, default attempts) and where that definition comes from.
        "headline": _headline(headline),
        "scores": page_scores,
        # For a model with several scores here: which recorded settings differ between them.
        "disagreements": disagreements(page_scores),
        # Self-reported vs independent headline scores, with the verdict.
        "comparisons": [_comparison(c) for c in sorted(comparisons, key=_comparison_order)],
        "reproduced": [_median(m, scores) for m in medians],
        "pools": _pools(pools, curves),
        # What readers reported with `ltb bench report` and no person has decided yet.
        "disputes": open_disputes(disputes),
        "commands": ltb_commands(benchmark_id, _pullable(benchmark)),
    }


def _pullable(benchmark: Mapping[str, Any]) -> bool:
    """`ltb bench pull` builds its tasks (benchhub/runnable.py); Harbor's own registry and
    adapters run theirs without ltb."""
    return bool(benchmark.get("harbor_runnable")) and pullable(benchmark.get("harbor_source"))


def group_by(rows: Iterable[Mapping[str, Any]], key: str) -> dict[str, list[Mapping[str, Any]]]:
    grouped: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        grouped[row[key]].append(row)
    return grouped


def build_index(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The search index. It does not name the release (the manifest does), so an index whose
    entries did not change is the same file, stored once, from release to release."""
    return {
        "schema_version": RELEASE_SCHEMA_VERSION,
        "benchmarks": sorted(entries, key=lambda e: e["id"]),
    }


def build_search_index(index: Mapping[str, Any]) -> dict[str, Any]:
    """The index with only the fields `ltb bench search` reads (SEARCH_FIELDS)."""
    return {
        "schema_version": index["schema_version"],
        "benchmarks": [{k: e[k] for k in SEARCH_FIELDS if k in e} for e in index["benchmarks"]],
    }


def _score_order(score: Mapping[str, Any]) -> tuple:
    return (
        LABEL_ORDER.get(score["label"], 9),
        score["model_id"],
        -(score["value"] or 0),
        score["source_url"],
        score.get("channel") or "",
    )


def _score(score: Mapping[str, Any], in_grid: bool = False) -> dict[str, Any]:
    """A page's score. Fields that only some scores have are left out when empty, which keeps
    pages with thousands of scores small: `in_grid` (the score a grid cell shows), the breakdown's
    kind and what it is, and the settings its source leaves unknown."""
    page_score = {
        "model_id": score["model_id"],
        "model_as_published": score.get("model_as_published"),
        "label": score["label"],
        "value": score["value"],
        "scale": score["scale"],
        "metric": score.get("metric"),
        "stderr": score.get("stderr"),
        "ci": [score.get("ci_low"), score.get("ci_high")]
        if score.get("ci_low") is not None
        else None,
        "source_url": score["source_url"],
        "channel": score.get("channel"),
        "publisher": score.get("publisher"),
        "harness": score.get("harness"),
        "harness_version": score.get("harness_version"),
        "settings": _json(score.get("settings")) or {},
        "reported_at": score.get("reported_at"),
        "value_percent": score.get("value_percent"),
        "kind": score.get("kind"),
    }
    optional = {
        "in_grid": in_grid,
        "breakdown_kind": score.get("breakdown_kind"),
        "breakdown": score.get("breakdown_reason"),
        "unknown_settings": list(score.get("unknown_settings") or []),
        "correction": score.get("correction"),  # a person's decision changed it
    }
    return page_score | {name: value for name, value in optional.items() if value}


def _cell_key(score: Mapping[str, Any]) -> tuple:
    """What names the score a grid cell shows (the leaderboard row and its score agree on it)."""
    settings = json.dumps(_json(score.get("settings")) or {}, sort_keys=True)
    return (
        score["model_id"],
        score["label"],
        score.get("channel"),
        score["source_url"],
        score["value"],
        settings,
    )


def _headline(headline: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if headline is None:
        return None
    return {
        "metric": headline.get("metric"),
        "metric_as_published": headline.get("metric_as_published"),
        "subset": headline.get("subset"),
        "attempts": headline.get("attempts"),
        "derived_from": headline.get("derived_from"),
        "why": headline.get("why"),
    }


# Columns of a score_comparison row a page and claims.json carry.
COMPARISON_FIELDS = (
    "benchmark_id",
    "model_id",
    "vendor",
    "metric",
    "subset",
    "attempts",
    "unit",
    "self_value",
    "independent_value",
    "self_minus_independent",
    "gap_standard_error",
    "verdict",
    "verdict_reason",
    "differing_settings",
    "self_unknown_settings",
    "independent_unknown_settings",
    "rests_on_unknown",
    "self_source_url",
    "independent_source_url",
    "self_publisher",
    "independent_publisher",
)


def _comparison(row: Mapping[str, Any]) -> dict[str, Any]:
    entry = {field: row.get(field) for field in COMPARISON_FIELDS}
    for field in ("differing_settings", "self_unknown_settings", "independent_unknown_settings"):
        entry[field] = list(entry[field] or [])
    return entry


def _comparison_order(row: Mapping[str, Any]) -> tuple:
    return (-abs(row.get("self_minus_independent") or 0), row["model_id"])


def claims(
    comparisons: Iterable[Mapping[str, Any]], summary: Iterable[Mapping[str, Any]]
) -> dict[str, Any]:
    """claims.json: every self-reported vs independent pair, and the per-vendor and
    per-benchmark summary (claims_vs_independent), largest groups first."""
    groups: dict[str, list[dict[str, Any]]] = {"vendor": [], "benchmark": []}
    for row in sorted(summary, key=lambda r: (-r["pairs"], r["name"])):
        groups.setdefault(row["grouping"], []).append(
            {k: v for k, v in row.items() if k != "grouping"}
        )
    return {
        "schema_version": RELEASE_SCHEMA_VERSION,
        "by_vendor": groups["vendor"],
        "by_benchmark": groups["benchmark"],
        "pairs": [_comparison(c) for c in sorted(comparisons, key=_comparison_order)],
    }


def _median(median: Mapping[str, Any], scores: list[Mapping[str, Any]]) -> dict[str, Any]:
    """A reproduced median with the gap to the published numbers for the same model."""
    published = [
        s
        for s in scores
        if s["model_id"] == median["model_id"]
        and s["label"] != "reproduced"
        and s.get("value_percent") is not None
    ]
    gaps = [
        {
            "label": s["label"],
            "value_percent": s["value_percent"],
            "gap": round(median["median"] - s["value_percent"], 4),
            "source_url": s["source_url"],
        }
        for s in published
    ]
    return {
        "model_id": median["model_id"],
        "pool_id": pool_id_for(*(median[k] for k in RUN_POOL_KEY)),
        "harness": median["harness"],
        "settings": _json(median.get("settings_key")) or {},
        "median": median["median"],
        "n_runs": median["n_runs"],
        "min": median.get("min"),
        "max": median.get("max"),
        "ci": [median.get("ci_low"), median.get("ci_high")],
        "last_run_at": str(median.get("last_run_at")),
        "gaps": gaps,
    }


POOL_KEY = ("model_id", "harness", "settings_key")
POOL_FIELDS = (
    "n_runs", "n_submitters", "n_tasks", "effective_runs", "max_submitter_share", "estimate",
    "std_error", "degrees_of_freedom", "run_std_error", "task_std_error", "between_run_sd",
    "runs_needed", "runs_needed_reason", "max_attempts", "token_limit", "mean_tokens_per_run",
    "mean_cost_usd_per_run", "cost_per_point_usd",
)  # fmt: skip


def _pools(
    pools: Iterable[Mapping[str, Any]], curves: Iterable[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Pooled estimates (benchhub/pooling.py), each with its budget curve when it has one."""
    by_pool: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for point in curves:
        by_pool[tuple(point[k] for k in POOL_KEY)].append(
            {k: point[k] for k in ("tokens", "solved", "solved_low", "solved_high")}
        )
    return [
        {
            "pool_id": pool["pool_id"],
            "model_id": pool["model_id"],
            "harness": pool["harness"],
            "agent": (_json(pool["settings_key"]) or {}).get("agent"),
            "settings": _json(pool.get("settings")) or {},
            **{field: pool.get(field) for field in POOL_FIELDS},
            "ci": [pool.get("ci_low"), pool.get("ci_high")],
            "last_run_at": str(pool.get("last_run_at")),
            "budget_curve": sorted(
                by_pool.get(tuple(pool[k] for k in POOL_KEY), []), key=lambda p: p["tokens"]
            ),
        }
        for pool in sorted(pools, key=lambda p: (-(p["estimate"] or 0), p["model_id"]))
    ]


def pool_document(
    pool: Mapping[str, Any],
    curves: Iterable[Mapping[str, Any]],
    runs: Iterable[Mapping[str, Any]],
) -> dict[str, Any]:
    """`pools/<pool_id>.json`: the pool as its benchmark page shows it, and its runs."""
    (shown,) = _pools([pool], curves)
    return {
        "schema_version": RELEASE_SCHEMA_VERSION,
        "benchmark_id": pool["benchmark_id"],
        **shown,
        "runs": [
            {
                "run_id": run["run_id"],
                "score": run["score"],
                "n_tasks": run["n_tasks"],
                "submitter": run["submitter"],
                "created_at": str(run["created_at"]),
            }
            for run in sorted(runs, key=lambda r: (str(r["created_at"]), r["run_id"]))
        ],
    }


def _json(value: Any) -> Any:
    if isinstance(value, str):
        return json.loads(value)
    return value
