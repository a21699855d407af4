"""One JSON page per model in a release (`models/<id>.json`) and the model search index
(`models.json`): what `ltb model search` / `ltb model info` and the site read.

A page holds the model's identity (docs/models.md: developer, line, stage, snapshot, kind,
base model, open weights, Hugging Face repo), the other versions of its line, every released
score by benchmark and label, and the agent systems built on it, listed apart from its own
scores.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchhub_format.catalog import search_keys
from benchhub_format.release import MODEL_INDEX, RELEASE_SCHEMA_VERSION, model_page_path

from benchhub.release.blobs import BlobStore

_SCORE_FIELDS = (
    "benchmark_id",
    "label",
    "value",
    "scale",
    "metric",
    "settings",
    "source_url",
    "channel",
    "publisher",
    "model_as_published",
    "reported_at",
)
_IDENTITY_FIELDS = (
    "developer",
    "kind",
    "line",
    "version",
    "snapshot",
    "base_model",
    "open_weights",
    "hf_repo",
)


def write_model_pages(
    models: list[dict[str, Any]], scores: list[dict[str, Any]], out: Path, store: BlobStore
) -> int:
    """Write every model's page and the index into the release's blob `store`; return the
    number of pages."""
    by_model: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for score in scores:
        by_model[score["model_id"]].append(score)
    by_line: dict[str, list[dict[str, Any]]] = defaultdict(list)
    agents_on: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for model in models:
        if model["kind"] == "agent_system" and model.get("base_model"):
            agents_on[model["base_model"]].append(model)
        elif model.get("line"):
            by_line[model["line"]].append(model)
    (out / "models").mkdir()
    entries = []
    for model in models:
        model_id = model["model_id"]
        own = by_model.get(model_id, [])
        line = by_line.get(model.get("line") or "", [])
        page = model_page(model, own, line, agents_on.get(model_id, []), by_model)
        _write(store, out / model_page_path(model_id), page)
        entries.append(index_entry(model, len(own)))
    _write(
        store,
        out / MODEL_INDEX,
        {"schema_version": RELEASE_SCHEMA_VERSION, "models": entries},
    )
    return len(entries)


def model_page(
    model: dict[str, Any],
    scores: list[dict[str, Any]],
    line: list[dict[str, Any]],
    agents: list[dict[str, Any]],
    scores_by_model: dict[str, list[dict[str, Any]]],
) -> dict[str, Any]:
    model_id = model["model_id"]
    return {
        "schema_version": RELEASE_SCHEMA_VERSION,
        "id": model_id,
        "name": model["name"],
        **{field: model.get(field) for field in _IDENTITY_FIELDS},
        "aliases": list(model.get("aliases") or []),
        "versions": [
            {
                "id": m["model_id"],
                "name": m["name"],
                "version": m.get("version"),
                "snapshot": m.get("snapshot"),
            }
            for m in sorted(line, key=lambda m: (m.get("snapshot") or "", m["model_id"]))
            if m["model_id"] != model_id
        ],  # fmt: skip
        "scores": [
            {field: _plain(score.get(field)) for field in _SCORE_FIELDS}
            for score in sorted(
                scores, key=lambda s: (s["benchmark_id"], s["label"], -(s["value"] or 0))
            )
        ],
        "agent_systems": [
            {
                "id": agent["model_id"],
                "name": agent["name"],
                "benchmarks": sorted(
                    {s["benchmark_id"] for s in scores_by_model.get(agent["model_id"], [])}
                ),
            }
            for agent in sorted(agents, key=lambda a: a["model_id"])
        ],
    }


def index_entry(model: dict[str, Any], n_scores: int) -> dict[str, Any]:
    entry = {
        "id": model["model_id"],
        "name": model["name"],
        "developer": model.get("developer"),
        "kind": model["kind"],
        "line": model.get("line"),
        "snapshot": model.get("snapshot"),
        "base_model": model.get("base_model"),
        "aliases": list(model.get("aliases") or [])[:20],
        "n_scores": n_scores,
    }
    entry["search_keys"] = search_keys(entry)
    return entry


def _plain(value: Any) -> Any:
    """JSON settings arrive as text from DuckDB: parse them so the page holds objects."""
    if isinstance(value, str) and value.startswith("{"):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value


def _write(store: BlobStore, path: Path, data: dict[str, Any]) -> None:
    store.write(path, json.dumps(data, sort_keys=True, separators=(",", ":"), default=str).encode())
