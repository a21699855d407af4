"""A release's scores as Every Eval Ever (EEE) 0.3.0 aggregate records.

One record per source and model: the scores one publisher (channel, label, publisher) printed
for one model with one harness and version, each score an `evaluation_results` item. Records
sit at the datastore path the EEE validator expects,
`data/benchhub-<channel>/<developer>/<model>/<uuid4>.json`, with a UUID derived from the record's
key so that a record keeps its path from one release to the next.

Where each piece of a score goes (EEE has no typed field for some; the schema's string maps take
them, so nothing is dropped):
- value as published -> `score_details.score`, its scale -> `metric_config` bounds and unit
  (fraction 0..1, percent 0..100; elo and other scales are unbounded: "-Infinity".."Infinity",
  and `metric_config.additional_details.scale` says which);
- label -> `source_metadata.evaluator_relationship` (self_reported: first_party; independent and
  reproduced: third_party) and `source_metadata.additional_details.benchhub_label`;
- source URL -> `source_data.url` (EEE's own leaderboard records list the page the number was
  read from there) and `source_data.additional_details.source_url`;
- stderr and interval -> `score_details.uncertainty`; a reproduced median's run count ->
  `uncertainty.num_samples` and `score_details.details.n_runs`;
- settings: temperature, max_tokens, attempts and tools into the typed `generation_args`,
  every other setting (JSON-encoded when not text) into `generation_config.additional_details`;
- harness and version -> `eval_library`; date -> the result's `evaluation_timestamp`.

Pooled estimates of reproduced runs (reproduced_pools, benchhub/pooling.py) are exported as
scores of the channel `ltb-pools` (`pool_scores`): the estimate -> `score_details.score`, its
standard error, 95% interval and run count -> `score_details.uncertainty`, the most attempts per
task -> `generation_args.max_attempts` and a `token_limit` setting ->
`generation_args.eval_limits.token_limit`.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from every_eval_ever.helpers.io import datastore_path_components

from benchhub.eee.validate import SCHEMA_VERSION
from benchhub.site.run_pages import pool_page_url

UNKNOWN = "unknown"
COLLECTION_PREFIX = "benchhub-"
BOUNDS: dict[str, tuple[float | str, float | str, str | None]] = {
    "fraction": (0.0, 1.0, "proportion"),
    "percent": (0.0, 100.0, "percent"),
    "elo": ("-Infinity", "Infinity", "points"),
    "other": ("-Infinity", "Infinity", None),  # the channel could not say what the number is
}
# Metrics EEE names globally (its schema's examples); any other gets `<benchmark_id>.<metric>`.
GLOBAL_METRICS = {
    "accuracy": "accuracy",
    "acc": "accuracy",
    "em": "exact_match",
    "exact_match": "exact_match",
    "f1": "f1",
}
PASS_AT_K = re.compile(r"^pass@(\d+)$")
_SLUG = re.compile(r"[^a-z0-9@]+")
# Group key of one record: who published which model's numbers with which harness.
RECORD_KEY = ("channel", "label", "publisher", "model_id", "harness", "harness_version")


def export_release_eee(
    scores: Iterable[Mapping[str, Any]],
    benchmarks: Iterable[Mapping[str, Any]],
    models: Iterable[Mapping[str, Any]],
    retrieved_at: datetime,
) -> dict[str, dict[str, Any]]:
    """Every score of a release as EEE 0.3.0 records, keyed by datastore path (`data/...`).

    A record's `retrieved_timestamp` is when its numbers were read: the newest `retrieved_at`
    of its score rows (a datetime or ISO text), else `retrieved_at`. Nothing names the release
    that carries the records, so unchanged data exports to the same records every release.

    `scores`, `benchmarks` and `models` are rows of the release's tables of those names
    (settings as JSON text or a dict). A model whose developer is unknown and whose id has no
    `developer/` prefix has no EEE datastore path (EEE refuses placeholders): its scores are
    left out, and `unplaceable(models)` names those models.
    """
    names = {b["benchmark_id"]: b for b in benchmarks}
    model_rows = {m["model_id"]: m for m in models}
    groups: dict[tuple[Any, ...], list[Mapping[str, Any]]] = defaultdict(list)
    for score in scores:
        groups[tuple(score.get(k) for k in RECORD_KEY)].append(score)
    records: dict[str, dict[str, Any]] = {}
    for key in sorted(groups, key=lambda k: tuple(str(v) for v in k)):
        # each score's result id once: it orders the group and names the result
        group = sorted(((_result_id(s), s) for s in groups[key]), key=_result_order)
        first = group[0][1]
        model = model_rows.get(first["model_id"], {"model_id": first["model_id"]})
        folders = _model_folders(model)
        if folders is None:
            continue
        collection = COLLECTION_PREFIX + first["channel"]
        record_id = str(_record_uuid(key))
        path = f"data/{collection}/{folders[0]}/{folders[1]}/{record_id}.json"
        retrieved = max(_epoch(s.get("retrieved_at") or retrieved_at) for _, s in group)
        records[path] = _record(group, model, names, retrieved, collection, record_id)
    return records


POOLS_CHANNEL = "ltb-pools"
POOLS_METHOD = (
    "crossed runs x tasks (pigeonhole) variance of the weighted mean of run scores; runs and "
    "tasks as separate sources of variance (benchhub/pooling.py)"
)


def pool_scores(pools: Iterable[Mapping[str, Any]], site_url: str) -> list[dict[str, Any]]:
    """reproduced_pools rows as score rows for `export_release_eee`; each links to its pool's
    page under `site_url`."""
    rows = []
    for pool in pools:
        settings = {
            "agent": json.loads(pool["settings_key"]).get("agent"),
            **_settings(pool.get("settings")),
        }
        if pool.get("max_attempts"):
            settings["attempts"] = int(pool["max_attempts"])
        rows.append(
            {
                "benchmark_id": pool["benchmark_id"],
                "model_id": pool["model_id"],
                "value": pool["estimate"],
                "scale": "percent",
                "metric": "mean reward x 100",
                "label": "reproduced",
                "source_url": pool_page_url(site_url, pool["pool_id"]),
                "channel": POOLS_CHANNEL,
                "publisher": "ltb users",
                "harness": pool["harness"],
                "harness_version": None,
                "settings": settings,
                "reported_at": str(pool["last_run_at"])[:10],
                "retrieved_at": pool["last_run_at"],  # when the newest run arrived
                "stderr": pool.get("std_error"),
                "ci_low": pool.get("ci_low"),
                "ci_high": pool.get("ci_high"),
                "n_runs": pool["n_runs"],
                "pool": pool,
            }
        )
    return rows


def unplaceable(models: Iterable[Mapping[str, Any]]) -> list[str]:
    """Model ids that have no EEE datastore path (no developer known, no `developer/` prefix)."""
    return sorted(m["model_id"] for m in models if _model_folders(m) is None)


def _model_folders(model: Mapping[str, Any]) -> tuple[str, str] | None:
    """The developer and model folders EEE files a model under, as its validator derives them
    (so the identity check agrees); None when the package refuses to place the model."""
    try:
        # Only the model's folders are asked for; any valid collection name stands in.
        _, developer, name = datastore_path_components(
            "benchhub", model["model_id"], model.get("developer")
        )
    except ValueError:
        return None
    return developer, name


def _record(
    group: list[tuple[str, Mapping[str, Any]]],
    model: Mapping[str, Any],
    benchmarks: Mapping[str, Mapping[str, Any]],
    retrieved: str,
    collection: str,
    record_id: str,
) -> dict[str, Any]:
    first = group[0][1]
    publisher = first.get("publisher") or first["channel"]
    return {
        "schema_version": SCHEMA_VERSION,
        "evaluation_id": f"{collection}/{first['model_id']}/{record_id}/{retrieved}",
        "retrieved_timestamp": retrieved,
        "source_metadata": {
            "source_name": f"BenchHub, channel {first['channel']}",
            "source_type": "documentation",
            "source_organization_name": publisher,
            "evaluator_relationship": (
                "first_party" if first["label"] == "self_reported" else "third_party"
            ),
            "additional_details": {
                "benchhub_channel": first["channel"],
                "benchhub_label": first["label"],
            },
        },
        "eval_library": {
            "name": first.get("harness") or UNKNOWN,
            "version": first.get("harness_version") or UNKNOWN,
        },
        "model_info": _model_info(model),
        "evaluation_results": [_result(score, result_id, benchmarks) for result_id, score in group],
    }


def _model_info(model: Mapping[str, Any]) -> dict[str, Any]:
    info: dict[str, Any] = {
        "name": model.get("name") or model["model_id"],
        "id": model["model_id"],
        # Who deployed the model and whether its weights are open is recorded by no channel
        # we read, so both say so rather than guess from the name.
        "additional_details": {"deployment_type": UNKNOWN, "model_availability": UNKNOWN},
    }
    if model.get("developer"):
        info["developer"] = model["developer"]
    return info


def _result(
    score: Mapping[str, Any], result_id: str, benchmarks: Mapping[str, Mapping[str, Any]]
) -> dict:
    benchmark = benchmarks.get(score["benchmark_id"], {})
    name = benchmark.get("name") or score["benchmark_id"]
    settings = dict(_settings(score.get("settings")))
    result: dict[str, Any] = {
        "evaluation_result_id": result_id,
        "evaluation_name": name,
        "source_data": _source_data(score, benchmark, name),
        "metric_config": _metric_config(score, settings, name),
        "score_details": _score_details(score, settings),
    }
    generation = _generation_config(settings)
    if generation:
        result["generation_config"] = generation
    if score.get("reported_at"):
        result["evaluation_timestamp"] = str(score["reported_at"])
    return result


def _source_data(score: Mapping[str, Any], benchmark: Mapping[str, Any], name: str) -> dict:
    details = {"benchhub_benchmark_id": score["benchmark_id"], "source_url": score["source_url"]}
    if score.get("benchmark_as_published"):
        details["benchmark_as_published"] = str(score["benchmark_as_published"])
    if benchmark.get("hf_dataset"):
        details["hf_dataset"] = str(benchmark["hf_dataset"])
    return {
        "source_type": "url",
        "dataset_name": name,
        "url": [score["source_url"]],
        "additional_details": details,
    }


def _metric_config(score: Mapping[str, Any], settings: dict[str, Any], name: str) -> dict:
    low, high, unit = BOUNDS[score["scale"]]
    metric = score.get("metric")
    config: dict[str, Any] = {
        "metric_id": metric_id(score["benchmark_id"], metric),
        "lower_is_better": settings.pop("lower_is_better", False) is True,
        "score_type": "continuous",
        "min_score": low,
        "max_score": high,
        "additional_details": {"scale": score["scale"]},
    }
    if unit:
        config["metric_unit"] = unit
    if metric:
        config["metric_name"] = metric
        # "<metric> on <evaluation_name>": how EEE's own records say it, and what our importer
        # reads the metric back from.
        config["evaluation_description"] = f"{metric} on {name}"
        if match := PASS_AT_K.match(metric.strip().lower()):
            config["metric_parameters"] = {"k": int(match.group(1))}
    return config


def metric_id(benchmark_id: str, metric: str | None) -> str:
    """EEE's global id for a metric it names (accuracy, exact_match, f1, pass_at_k), else one
    namespaced by the benchmark, as the schema asks for benchmark-specific metrics."""
    slug = _SLUG.sub("_", (metric or "score").strip().lower()).strip("_") or "score"
    if slug in GLOBAL_METRICS:
        return GLOBAL_METRICS[slug]
    if PASS_AT_K.match(slug):
        return "pass_at_k"
    return f"{benchmark_id}.{slug}"


def _score_details(score: Mapping[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    details = {"raw_value": str(score.get("raw_value") or score["value"])}
    if score.get("model_as_published"):
        details["model_as_published"] = str(score["model_as_published"])
    uncertainty: dict[str, Any] = {}
    if score.get("stderr") is not None:
        uncertainty["standard_error"] = {"value": score["stderr"]}
    if score.get("ci_low") is not None and score.get("ci_high") is not None:
        uncertainty["confidence_interval"] = {"lower": score["ci_low"], "upper": score["ci_high"]}
    if score.get("pool") is not None:
        pool = score["pool"]
        details |= {
            "statistic": "pooled estimate of pushed ltb runs",
            "n_runs": str(pool["n_runs"]),
            "n_tasks": str(pool["n_tasks"]),
            "n_submitters": str(pool["n_submitters"]),
            "between_run_sd": _text(pool.get("between_run_sd")),
            "runs_needed_for_2_points": _text(pool.get("runs_needed")),
        }
        uncertainty["num_samples"] = int(pool["n_runs"])
        if "standard_error" in uncertainty:
            uncertainty["standard_error"]["method"] = POOLS_METHOD
        if "confidence_interval" in uncertainty:
            uncertainty["confidence_interval"] |= {
                "confidence_level": 0.95,
                "method": "t interval with Satterthwaite degrees of freedom, " + POOLS_METHOD,
            }
        if pool.get("between_run_sd") is not None:
            uncertainty["standard_deviation"] = pool["between_run_sd"]
    elif score["label"] == "reproduced":
        details |= {"statistic": "median of pushed ltb runs", "n_runs": str(score["n_runs"])}
        uncertainty["num_samples"] = score["n_runs"]
        if "confidence_interval" in uncertainty:
            uncertainty["confidence_interval"] |= {
                "confidence_level": 0.95,
                "method": "distribution-free order-statistic interval for the median",
            }
    elif isinstance(settings.get("n_evaluated"), int):
        uncertainty["num_samples"] = settings.pop("n_evaluated")
    return {"score": score["value"], "details": details} | (
        {"uncertainty": uncertainty} if uncertainty else {}
    )


def _generation_config(settings: dict[str, Any]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    if _is_number(settings.get("temperature")):
        args["temperature"] = settings.pop("temperature")
    if isinstance(settings.get("max_tokens"), int) and settings["max_tokens"] >= 1:
        args["max_tokens"] = settings.pop("max_tokens")
    if isinstance(settings.get("attempts"), int) and not isinstance(settings["attempts"], bool):
        args["max_attempts"] = settings.pop("attempts")
    limit = settings.get("token_limit")
    if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 1:
        args["eval_limits"] = {"token_limit": settings.pop("token_limit")}
    tools = settings.get("tools")
    if isinstance(tools, list) and all(isinstance(t, str) for t in tools):
        args["agentic_eval_config"] = {"available_tools": [{"name": t} for t in tools]}
        del settings["tools"]
    config: dict[str, Any] = {}
    if args:
        config["generation_args"] = args
    if settings:
        config["additional_details"] = {k: _text(v) for k, v in sorted(settings.items())}
    return config


def _settings(value: Any) -> dict[str, Any]:
    loaded = json.loads(value) if isinstance(value, str) else value
    return {k: v for k, v in (loaded or {}).items() if v is not None}


def _result_id(score: Mapping[str, Any]) -> str:
    key = [score["benchmark_id"], score.get("metric"), score["source_url"], score.get("settings")]
    digest = hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()
    return f"{score['benchmark_id']}:{digest[:12]}"


def _record_uuid(key: tuple[Any, ...]) -> uuid.UUID:
    digest = hashlib.sha256(json.dumps(key, default=str).encode()).digest()
    return uuid.UUID(bytes=digest[:16], version=4)  # the validator wants a UUID4-shaped name


def _result_order(scored: tuple[str, Mapping[str, Any]]) -> tuple[str, ...]:
    result_id, score = scored
    return (score["benchmark_id"], str(score.get("metric")), score["source_url"], result_id)


def _epoch(moment: datetime | str) -> str:
    """Seconds since the epoch, as EEE writes them; naive times are UTC (as DuckDB gives them)."""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return str(int(moment.timestamp()))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)
