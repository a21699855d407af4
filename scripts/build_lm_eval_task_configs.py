"""Build ltb/ltb/frameworks/lm_eval_tasks.json.gz from the lm-eval wheel published on PyPI.

Every task YAML under `lm_eval/tasks/` in the wheel, with its `include:` chain merged the way
the harness merges it (the included file first, then the file's own keys on top; the first
listed include wins), keyed by task name. `!function module.name` tags stay as the text
"!function module.name", and `hooks` names the file each hook lives in
(`folder/module.function`, relative to the YAML that wrote it, as the harness resolves it):
ltb runs those functions from the installed harness (ltb[lm-eval]; ltb/ltb/frameworks/
lm_eval_hooks.py). Groups (a `group:` with a list under `task:`) are kept apart under
`groups`, with their member names (tasks, tags or groups; an inline group by the members it
lists) and any Python function that aggregates them; templates (no `task:`) are left out.

    pip download lm-eval==0.4.13 --no-deps -d /tmp/lm_eval_wheel
    uv run python scripts/build_lm_eval_task_configs.py \
        /tmp/lm_eval_wheel/lm_eval-0.4.13-py3-none-any.whl
"""

from __future__ import annotations

import gzip
import hashlib
import json
import posixpath
import sys
import zipfile
from pathlib import Path
from typing import Any

from assets.channels._frameworks import load_yaml

OUT = (
    Path(__file__).resolve().parent.parent / "ltb" / "ltb" / "frameworks" / "lm_eval_tasks.json.gz"
)
PREFIX = "lm_eval/tasks/"


def main(wheel: Path) -> int:
    with zipfile.ZipFile(wheel) as archive:
        files = {n.removeprefix(PREFIX): n for n in archive.namelist() if n.startswith(PREFIX)}
        texts = {path: archive.read(name) for path, name in files.items() if path.endswith("yaml")}
        pending = _include_targets(texts, files)
        while pending:  # include targets named outside the `*yaml` pattern (e.g. `_default`)
            texts.update((path, archive.read(files[path])) for path in pending)
            pending = _include_targets(texts, files)
        version = next(
            n.split("/")[0].removesuffix(".dist-info").split("-")[1]
            for n in archive.namelist()
            if n.endswith(".dist-info/METADATA")
        )
    documents: dict[str, Any] = {}
    for path, raw in texts.items():
        try:
            document = load_yaml(raw)
        except Exception as exc:  # noqa: BLE001 - a broken file is recorded, not fatal
            print(f"skip {path}: {exc}", file=sys.stderr)
            continue
        if isinstance(document, dict):
            documents[path] = document
    tasks: dict[str, Any] = {}
    groups: dict[str, Any] = {}
    duplicates = 0
    for path in sorted(documents):
        name = documents[path].get("task")
        group = documents[path].get("group")
        if isinstance(group, str) and isinstance(name, list) and group not in groups:
            groups[group] = {"path": path, "task": _member_names(name)}
            hooks = _aggregation_hooks(documents[path])
            if hooks:
                groups[group]["aggregation_hooks"] = hooks
            continue
        if not isinstance(name, str):
            continue
        origins: dict[str, str] = {}
        config = resolved(path, documents, (), origins)
        config.pop("include", None)
        if name in tasks:
            duplicates += 1
            continue
        hooks = {
            key: posixpath.join(posixpath.dirname(origins[key]), _hook_name(value))
            for key, value in config.items()
            if _hook_name(value)
        }
        tasks[name] = {"path": path, "config": config, **({"hooks": hooks} if hooks else {})}
    payload = {
        "framework": "lm-evaluation-harness",
        "package": f"lm-eval {version}",
        "wheel": wheel.name,
        "wheel_sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "tasks": tasks,
        "groups": groups,
    }
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(
        f"{len(tasks)} tasks, {len(groups)} groups ({duplicates} duplicate names skipped) -> {OUT}"
    )
    return 0


def _member_names(members: list[Any]) -> list[str]:
    """A group's members by name: a task, tag or group named as text; an inline task
    (`- task: name` with its own keys) by its name; an inline group (`- group: stem` with its
    own `task:` list, as `mmlu_redux_generative` writes its categories) by the members it
    lists, so the group holds every task the harness runs for it."""
    names: list[str] = []
    for member in members:
        inner = member.get("task") if isinstance(member, dict) else member
        if isinstance(inner, str):
            names.append(inner)
        elif isinstance(inner, list):
            names += _member_names(inner)
    return names


def _aggregation_hooks(document: dict[str, Any]) -> list[str]:
    """The Python functions a group (or an inline group in it) aggregates its tasks' scores
    with (`aggregation: !function script.aggregate_metrics`), where the harness does not take a
    mean of them."""
    found: list[str] = []
    for entry in document.get("aggregate_metric_list") or []:
        aggregation = entry.get("aggregation") if isinstance(entry, dict) else None
        if _hook_name(aggregation):
            found.append(str(aggregation))
    for member in document.get("task") or []:
        if isinstance(member, dict) and isinstance(member.get("task"), list):
            found += _aggregation_hooks(member)
    return found


def _include_targets(texts: dict[str, bytes], files: dict[str, str]) -> set[str]:
    wanted = set()
    for path, raw in texts.items():
        for line in raw.decode("utf-8", "replace").splitlines():
            if line.startswith("include:"):
                target = line.removeprefix("include:").strip().strip("'\"")
                wanted.add(posixpath.normpath(posixpath.join(posixpath.dirname(path), target)))
    return {p for p in wanted if p in files and p not in texts}


def _hook_name(value: Any) -> str | None:
    if isinstance(value, str) and value.startswith("!function"):
        return value.removeprefix("!function").strip()
    return None


def resolved(
    path: str, documents: dict[str, Any], seen: tuple[str, ...], origins: dict[str, str]
) -> dict[str, Any]:
    """The merged config; `origins` gets the file each top-level key came from."""
    document = documents.get(path) or {}
    include = document.get("include")
    names = [include] if isinstance(include, str) else include if isinstance(include, list) else []
    merged: dict[str, Any] = {}
    folder = posixpath.dirname(path)
    for target in reversed([posixpath.normpath(posixpath.join(folder, n)) for n in names]):
        if target in documents and target not in seen:
            merged.update(resolved(target, documents, (*seen, path), origins))
    merged.update(document)
    origins.update(dict.fromkeys(document, path))
    return merged


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
