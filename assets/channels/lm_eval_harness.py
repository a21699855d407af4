"""EleutherAI lm-evaluation-harness: every task YAML the harness ships, one candidate each.

The harness defines each task in a YAML file under `lm_eval/tasks/<family>/`: the task name,
the Hugging Face dataset (`dataset_path`, config `dataset_name`), splits, output type, few-shot
count and metrics, often inherited from a template through `include:`. Group files (`task:` is a
list) and templates (no `task:`) sit in the same folders; both are kept, flagged as not
benchmarks. The task-family table in `lm_eval/tasks/README.md` adds a description and the
languages per family.

Live: the repository at the release tag `v0.4.13` (what PyPI `lm-eval` 0.4.13 was built from).
Two GitHub REST calls list `lm_eval/tasks` (contents of `lm_eval` for the folder's sha, then a
recursive git trees call; 60 unauthenticated calls an hour, so this is cheap), then every file
whose name ends in `yaml` (about 14,400) and every include target outside that pattern is read
from raw.githubusercontent.com, one GET each with the Fetcher's per-host pause (about two hours
at 0.5 s; raw files have no published quota). The index is then built in the recording's shape:
raw keys copied, metric lists reduced to names, `resolved_*` fields inherited through the
include chain. Live resolves two kinds of include the recording left unresolved: list-valued
includes (20 darija_bench tasks) and targets whose names do not end in `yaml` (about 2,700
tasks, e.g. afrimmlu's `afrimmlu_direct`). The README is one raw GET. Replay reads the derived
index from disk and the README through the replay transport.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import yaml

from assets.channels._frameworks import blob_url, is_replay, list_folder, load_yaml, raw_url
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "lm_eval_harness"
REPO = "EleutherAI/lm-evaluation-harness"
TAG = "v0.4.13"
PACKAGE_DIR = "lm_eval"  # index paths ("tasks/gpqa/...") are relative to this folder
README_KEY = "tasks_README.md"
INDEX_KEY = "lm_eval_task_yaml_index.json"
HOMEPAGE = f"https://github.com/{REPO}"

# The raw keys the index keeps, and the ones it resolves through `include:` chains.
INDEX_KEYS = (
    "task",
    "tag",
    "group",
    "group_alias",
    "task_alias",
    "dataset_path",
    "dataset_name",
    "output_type",
    "test_split",
    "validation_split",
    "num_fewshot",
    "metric_list",
    "aggregate_metric_list",
    "metadata",
    "include",
    "dataset_kwargs",
)
RESOLVED_KEYS = ("dataset_path", "dataset_name", "output_type", "test_split", "metric_list")
# `dataset_path` values that name a datasets builder reading local files, not a Hub dataset.
LOCAL_BUILDERS = frozenset({"json", "csv", "parquet", "text", "arrow", "pandas", "webdataset"})
_README_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


def sources() -> list[Source]:
    return [
        Source(README_KEY, _raw(f"{PACKAGE_DIR}/tasks/README.md"), README_KEY),
        Source(INDEX_KEY, f"{HOMEPAGE}/tree/{TAG}/{PACKAGE_DIR}/tasks", INDEX_KEY, exact=False),
    ]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    readme = next(s for s in channel.sources() if s.name == README_KEY)
    payloads = {README_KEY: fetcher.get_bytes(readme.url)}
    if not is_replay(fetcher):  # replay reads the derived index from disk
        payloads[INDEX_KEY] = json.dumps(_fetch_index(fetcher)).encode()
    return payloads


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    try:
        index = json.loads(payloads[INDEX_KEY])
        records = index["records"]
    except (KeyError, TypeError, json.JSONDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, INDEX_KEY, f"unreadable task index: {exc}"))
        return result
    result.issues.extend(
        ParseIssue(NAME, f"{INDEX_KEY}#{e.get('path')}", f"unreadable task YAML: {e.get('error')}")
        for e in index.get("errors", [])
    )
    families = _read_family_table(payloads.get(README_KEY, b""), result)
    groups_of = _group_membership(records)
    seen: dict[str, str] = {}
    for position, record in enumerate(records):
        where = f"{INDEX_KEY}#records[{position}]"
        try:
            candidate = _candidate(record, families, groups_of)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            result.issues.append(ParseIssue(NAME, where, f"unreadable task record: {exc!r}"))
            continue
        if candidate.source_key in seen:
            result.issues.append(
                ParseIssue(
                    NAME,
                    f"{where} ({record['path']})",
                    f"{candidate.source_key!r} is also defined in {seen[candidate.source_key]}; "
                    "kept under its file path",
                )
            )
            candidate = replace(candidate, source_key=f"{candidate.source_key}@{record['path']}")
        seen[candidate.source_key] = record["path"]
        result.candidates.append(candidate)
    return result


# --- the README family table ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Family:
    name: str
    description: str | None
    languages: tuple[str, ...]
    modality: str | None


def _read_family_table(raw: bytes, result: ChannelResult) -> dict[str, list[_Family]]:
    """Rows of `| [family](dir/README.md) | description | languages |`, keyed by folder.

    Several rows can share a folder (`ifeval`, `ifeval_es`, `ifeval_ca` all live in `ifeval/`);
    the multimodal table has a Modality column instead of languages, and appears twice.
    """
    families: dict[str, list[_Family]] = {}
    third_column = "languages"
    for number, line in enumerate(raw.decode("utf-8", "replace").splitlines(), start=1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.lstrip().startswith("|") or set("".join(cells)) <= set("-: "):
            continue
        if cells[0].lower() == "task family":
            third_column = "modality" if "modality" in line.lower() else "languages"
            continue
        if len(cells) < 3:
            result.issues.append(
                ParseIssue(NAME, f"{README_KEY}:{number}", "family row has fewer than 3 cells")
            )
            continue
        link = _README_LINK.fullmatch(cells[0])
        name = link.group(1) if link else cells[0]
        folder = posixpath.dirname(link.group(2)) if link else cells[0]
        third = cells[2] or None
        family = _Family(
            name=name,
            description=cells[1] or None,
            languages=_split_list(third) if third_column == "languages" else (),
            modality=third if third_column == "modality" else None,
        )
        rows = families.setdefault(folder, [])
        if family not in rows:
            rows.append(family)
    return families


def _family_for(
    path: str, names: Iterable[str], families: Mapping[str, list[_Family]]
) -> _Family | None:
    """The README row for a task file: the deepest folder with a row, and among that folder's
    rows the one named like the task, its group or tag (else the folder's first row)."""
    folder = posixpath.dirname(path.removeprefix("tasks/"))
    while folder and folder not in families:
        folder = posixpath.dirname(folder)
    rows = families.get(folder)
    if not rows:
        return None
    wanted = {n.lower() for n in names}
    return next((row for row in rows if row.name.lower() in wanted), rows[0])


# --- one candidate per task record ---------------------------------------------------------


def _group_membership(records: list[dict[str, Any]]) -> dict[str, list[str]]:
    groups_of: dict[str, list[str]] = {}
    for record in records:
        if isinstance(record.get("task"), list) and isinstance(record.get("group"), str):
            for member in record["task"]:
                name = member.get("task") if isinstance(member, dict) else member
                if isinstance(name, str):
                    groups_of.setdefault(name, []).append(record["group"])
    return groups_of


def _candidate(
    record: dict[str, Any],
    families: Mapping[str, list[_Family]],
    groups_of: Mapping[str, list[str]],
) -> BenchmarkCandidate:
    path = record["path"]
    task = record.get("task")
    members: list[Any] = task if isinstance(task, list) else []
    tags = _as_tuple(record.get("tag"))
    if isinstance(task, list):
        name = record.get("group") or posixpath.basename(path)
        kind = "group"
    elif isinstance(task, str):
        name, kind = task, "task"
    else:
        name, kind = path, "template"
    groups = tuple(groups_of.get(name, ())) if kind == "task" else ()
    family = _family_for(path, (name, *tags, *groups), families)

    dataset_path = _field(record, "dataset_path")
    metrics = _as_tuple(
        record.get("aggregate_metric_list") if kind == "group" else _field(record, "metric_list")
    )
    splits = _unique(
        s
        for s in (_field(record, "test_split"), record.get("validation_split"))
        if isinstance(s, str)
    )
    extra: dict[str, Any] = {
        "path": path,
        "kind": kind,
        "output_type": _field(record, "output_type"),
        "metrics": list(metrics),
        "num_fewshot": record.get("num_fewshot"),
        "version": (record.get("metadata") or {}).get("version"),
        "task_alias": record.get("task_alias") or record.get("group_alias"),
        "include": record.get("include"),
        "groups": list(groups),
    }
    if kind == "group":
        extra["members"] = [m.get("task") if isinstance(m, dict) else m for m in members]
    if isinstance(dataset_path, str) and dataset_path in LOCAL_BUILDERS:
        extra["dataset_loader"] = dataset_path
        extra["data_files"] = (record.get("dataset_kwargs") or {}).get("data_files")
    own_description = family is not None and family.name.lower() == name.lower()
    if family is not None:
        extra["family_name"] = family.name
        extra["family_description"] = family.description
        extra["family_languages"] = list(family.languages)
        extra["family_modality"] = family.modality

    reason = None
    if kind == "group":
        reason = f"group of {len(members)} tasks scored together, not a task of its own"
    elif kind == "template":
        reason = "template without a `task:` name; task files include it for shared settings"
    dataset_name = _field(record, "dataset_name")
    return BenchmarkCandidate(
        channel=NAME,
        source_key=name,
        source_name=name if kind != "template" else posixpath.basename(path),
        source_url=blob_url(REPO, TAG, f"{PACKAGE_DIR}/{path}"),
        description=family.description if own_description and family else None,
        hf_dataset=dataset_path if _is_hub_id(dataset_path) else None,
        hf_config=dataset_name if isinstance(dataset_name, str) else None,
        metric=metrics[0] if metrics else None,
        splits=splits,
        # A README row gives languages per family; they hold for a task only when there is one.
        languages=family.languages if family and len(family.languages) == 1 else (),
        capability_hints=tags,
        family=record.get("family_dir"),
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={k: v for k, v in extra.items() if v not in (None, [], "")},
    )


def _field(record: Mapping[str, Any], key: str) -> Any:
    """A key as the file states it, else as inherited through its include chain."""
    return record[key] if key in record else record.get(f"resolved_{key}")


def _is_hub_id(value: Any) -> bool:
    return isinstance(value, str) and value not in LOCAL_BUILDERS and not value.startswith("!")


def _as_tuple(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value if v is not None)
    return ()


def _split_list(text: str | None) -> tuple[str, ...]:
    return tuple(part.strip() for part in (text or "").split(",") if part.strip())


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))


# --- live: build the index from the raw YAML files -----------------------------------------


def _raw(path: str) -> str:
    return raw_url(REPO, TAG, path)


def _is_task_file(path: str) -> bool:
    """The files the harness's own index holds: `*.yaml` and extension-less `*_yaml` templates."""
    return path.startswith("tasks/") and path.endswith("yaml")


def _fetch_index(fetcher: Fetcher) -> dict[str, Any]:
    prefix = f"{PACKAGE_DIR}/"
    available = {
        p.removeprefix(prefix) for p in list_folder(fetcher, REPO, TAG, f"{PACKAGE_DIR}/tasks")
    }
    documents: dict[str, Any] = {}
    errors: list[dict[str, str]] = []
    pending = sorted(p for p in available if _is_task_file(p))
    while pending:  # a second round reads include targets named outside the `*yaml` pattern
        for path in pending:
            document, error = read_task_file(path, fetcher.get_bytes(_raw(prefix + path)))
            documents[path] = document
            if error:
                errors.append({"path": path, "error": error})
        wanted = {t for p, d in documents.items() for t in _include_targets(p, d)}
        pending = sorted((wanted & available) - documents.keys())
    return build_task_index(documents, errors)


def read_task_file(path: str, raw: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """One task YAML as a mapping, or the reason it cannot be read."""
    try:
        document = load_yaml(raw)
    except yaml.YAMLError as exc:
        return None, str(exc).replace("\n", " ")
    if document is None:
        return {}, None
    if not isinstance(document, dict):
        return None, f"top level is a {type(document).__name__}, not a mapping"
    return document, None


def build_task_index(
    documents: Mapping[str, dict[str, Any] | None], errors: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    """The index the recording holds, from parsed task files keyed by `tasks/...` path."""
    records = []
    for path in sorted(p for p in documents if _is_task_file(p)):
        document = documents[path]
        if document is None:
            continue
        record: dict[str, Any] = {"path": path, "family_dir": path.split("/")[1]}
        for key in INDEX_KEYS:
            if key in document:
                value = document[key]
                record[key] = _metric_names(value) if key.endswith("metric_list") else value
        inherited = _inherited(path, documents, seen=())
        record.update(
            (f"resolved_{k}", inherited[k])
            for k in RESOLVED_KEYS
            if k in inherited and k not in record
        )
        records.append(record)
    index: dict[str, Any] = {
        "source": f"{REPO}@{TAG}, {PACKAGE_DIR}/tasks/**/*yaml",
        "count": len(records),
        "records": records,
    }
    if errors:
        index["errors"] = errors
    return index


def _inherited(
    path: str, documents: Mapping[str, dict[str, Any] | None], seen: tuple[str, ...]
) -> dict[str, Any]:
    """What a file's includes give it. Like the harness: the first listed include wins, and an
    include that cannot be read gives nothing (the harness would fail to load the task)."""
    merged: dict[str, Any] = {}
    for target in reversed(_include_targets(path, documents.get(path))):
        parent = documents.get(target)
        if parent is None or target in seen:
            continue
        merged.update(_inherited(target, documents, (*seen, path)))
        merged.update(
            (k, _metric_names(parent[k]) if k == "metric_list" else parent[k])
            for k in RESOLVED_KEYS
            if k in parent
        )
    return merged


def _include_targets(path: str, document: dict[str, Any] | None) -> list[str]:
    include = (document or {}).get("include")
    names = [include] if isinstance(include, str) else include if isinstance(include, list) else []
    folder = posixpath.dirname(path)
    return [posixpath.normpath(posixpath.join(folder, n)) for n in names if isinstance(n, str)]


def _metric_names(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    return [m.get("metric") if isinstance(m, dict) else m for m in value]


CHANNEL = Channel(
    name=NAME,
    title="EleutherAI lm-evaluation-harness tasks",
    kind="framework",
    homepage=HOMEPAGE,
    recording_dir="framework-lm-eval-harness",
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes=(
        f"GitHub {REPO}@{TAG}: 2 REST calls (contents + recursive git tree of lm_eval/tasks; "
        "60/h unauthenticated), then one raw GET per task YAML (~14,400, ~2 h at the 0.5 s "
        "per-host pause) and the tasks README"
    ),
)
