"""Which benchmark a name means, and whether its answers may ship in task folders.

The shapes file is enough; a release (--registry, $LTB_REGISTRY or exports/latest), when there
is one, adds aliases and a second opinion on the licence.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from benchhub_format.catalog import find
from benchhub_format.errors import RegistryError
from benchhub_format.release import ENV_REGISTRY, INDEX

from ltb.errors import PullError
from ltb.frameworks.lm_eval import (
    SOURCE_PREFIX,
    LmEvalGroup,
    NotRunnable,
    compile_lm_eval_group,
    compile_lm_eval_task,
)
from ltb.pull import PART_PREFIX, SUITE_SOURCE
from ltb.pull.shapes import BenchmarkShape, ShapesFile, framework_shape, normalise_license
from ltb.registry import config, open_registry


@dataclass(frozen=True)
class SolutionPolicy:
    include: bool
    license: str
    reason: str


def release_benchmarks(explicit: str | None) -> list[dict[str, Any]]:
    """The release index's benchmark entries; none when no release exists and none was named."""
    named = explicit or os.environ.get(ENV_REGISTRY) or config().get("registry")
    try:
        index = open_registry(named).read_json(INDEX)
    except RegistryError:
        if named:
            raise
        return []
    entries = index.get("benchmarks") if isinstance(index, dict) else None
    return [e for e in entries or [] if isinstance(e, dict) and "id" in e and "name" in e]


def resolve_benchmark(
    name: str, shapes: ShapesFile, entries: list[dict[str, Any]]
) -> tuple[BenchmarkShape, dict[str, Any] | None]:
    """The shape for `name` (an id or alias, from the shapes file or release) and its entry."""
    shape = shapes.find(name)
    entry = find(entries, name) if entries else None
    if shape is None and name.startswith(SOURCE_PREFIX):
        shape = _lm_eval_shape(name.removeprefix(SOURCE_PREFIX), None, shapes)
    if shape is None and entry is not None:
        shape = _release_shape(entry, shapes)
    if shape is None:
        known = ", ".join(sorted(shapes.benchmarks))
        hint = shapes.suggestions(name)
        did_you_mean = f" Did you mean {', '.join(hint)}?" if hint else ""
        raise PullError(
            f"no task shape for benchmark {name!r}.{did_you_mean} Benchmarks ltb can pull: "
            f"{known}, every benchmark the release marks runnable, and lm-evaluation-harness tasks "
            "as lm-eval:TASK. To add one, add an entry to ltb/benchhub_format/task_shapes.json."
        )
    if entry is None and entries:
        entry = find(entries, shape.benchmark_id)
    return shape, entry


def headline_part(name: str, shapes: ShapesFile, entries: list[dict[str, Any]]) -> str | None:
    """The id of the child pull builds when `name` is a parent the release runs through its
    headline part (`part:<child id>`); None otherwise."""
    if shapes.find(name) is not None or not entries:
        return None
    entry = find(entries, name)
    source = str((entry or {}).get("harbor_source") or "")
    if entry is None or not source.startswith(PART_PREFIX):
        return None
    part = source.removeprefix(PART_PREFIX)
    if find(entries, part) is None:
        raise PullError(f"{entry['id']}: its headline part {part} is not in the release")
    return part


def resolve_suite(
    name: str, shapes: ShapesFile, entries: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[tuple[BenchmarkShape, dict[str, Any]]]] | None:
    """When `name` is a suite the release marks pullable: its entry and each subtask's shape
    with the subtask's entry, by subtask id; or an lm-eval group (`lm-eval:GROUP`, or a
    benchmark the release runs through one): each of the group's tasks. None when it names
    something else."""
    if shapes.find(name) is not None:
        return None
    if name.startswith(SOURCE_PREFIX):
        group = name.removeprefix(SOURCE_PREFIX)
        return _group_suite({"id": framework_id(group), "name": group}, group, shapes)
    entry = find(entries, name) if entries else None
    source = str((entry or {}).get("harbor_source") or "")
    if entry is not None and source.startswith(SOURCE_PREFIX):
        return _group_suite(entry, source.removeprefix(SOURCE_PREFIX), shapes)
    if entry is None or source != SUITE_SOURCE:
        return None
    parts = sorted(
        (
            e
            for e in entries
            if e.get("parent_id") == entry["id"] and e.get("record_kind") == "subtask"
        ),
        key=lambda e: e["id"],
    )
    if not parts:
        raise PullError(f"{entry['id']}: the release marks it a suite but lists no subtasks of it")
    members = []
    for part in parts:
        shape = _release_shape(part, shapes)
        if shape is None:
            raise PullError(f"{entry['id']}: its subtask {part['id']} has no task shape")
        members.append((shape, part))
    return entry, members


def _group_suite(
    entry: dict[str, Any], group_name: str, shapes: ShapesFile
) -> tuple[dict[str, Any], list[tuple[BenchmarkShape, dict[str, Any]]]] | None:
    """The lm-eval group's tasks as a suite's parts (under the benchmark's licence); None when
    `group_name` is a task, not a group."""
    group = compile_lm_eval_group(group_name)
    if group is None:
        return None
    if not isinstance(group, LmEvalGroup):
        raise PullError(f"lm-eval group {group_name!r} cannot be pulled: {group.reason}")
    members = []
    for task in group.tasks:
        part = {"id": framework_id(task), "name": task, "license": entry.get("license")}
        members.append((_lm_eval_shape(task, part, shapes), part))
    return entry, members


def framework_id(name: str) -> str:
    """The id a framework's task or group is pulled under when no release names it: lowercase
    letters, digits and single dashes (`arabic_language_(general)` -> `arabic-language-general`),
    what task folder names allow."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def solution_policy(
    shape: BenchmarkShape, release_license: str | None, redistributable: frozenset[str]
) -> SolutionPolicy:
    """Answers ship only if the shapes file allows it and the release does not say otherwise."""
    if not shape.solutions_redistributable:
        note = f" ({shape.license_note})" if shape.license_note else ""
        return SolutionPolicy(
            False,
            shape.license,
            f"{shape.name}'s terms ({shape.license}) do not allow redistributing answers{note}",
        )
    if release_license:
        listed = normalise_license(release_license)
        if listed != shape.license and listed not in redistributable:
            return SolutionPolicy(
                False,
                listed,
                f"the release lists {shape.name}'s licence as {listed!r}, not known to allow "
                f"redistribution (task_shapes.json says {shape.license!r}); answers left out",
            )
    return SolutionPolicy(True, shape.license, f"licence {shape.license} allows redistribution")


def _release_shape(entry: dict[str, Any], shapes: ShapesFile) -> BenchmarkShape | None:
    """What the release says pull builds for this benchmark (benchhub/runnable.py decided)."""
    if "harbor_source" not in entry:  # a release from before harbor_source was published
        for candidate in (entry["id"], entry["name"], *entry.get("aliases", [])):
            shape = shapes.find(candidate)
            if shape is not None:
                return shape
        return None
    source = str(entry.get("harbor_source") or "")
    if not entry.get("harbor_runnable"):
        raise PullError(
            f"{entry['id']} cannot be pulled: the release marks it not runnable "
            f"(`ltb bench info {entry['id']}` says why)"
        )
    if source.startswith(SOURCE_PREFIX):
        return _lm_eval_shape(source.removeprefix(SOURCE_PREFIX), entry, shapes)
    if source == "pull":
        return shapes.find(entry["id"])
    if source == SUITE_SOURCE:
        raise PullError(f"{entry['id']} is a suite: pull builds it from its subtasks")
    if source.startswith(PART_PREFIX):
        raise PullError(
            f"{entry['id']} is pulled as its headline part {source.removeprefix(PART_PREFIX)}"
        )
    raise PullError(
        f"{entry['id']} runs from Harbor's own {source} (`harbor datasets list`), not from "
        "rows ltb pulls"
    )


def _lm_eval_shape(
    task_name: str, entry: dict[str, Any] | None, shapes: ShapesFile
) -> BenchmarkShape:
    """A benchmark pulled through its lm-eval task; answers ship only under a licence known to
    allow redistribution (the release's, else none is known)."""
    task = compile_lm_eval_task(task_name)
    if isinstance(task, NotRunnable):
        raise PullError(f"lm-eval task {task_name!r} cannot be pulled: {task.reason}")
    license = normalise_license((entry or {}).get("license") or "unknown")
    return framework_shape(
        entry["id"] if entry else framework_id(task_name),
        entry["name"] if entry else task_name,
        task,
        license,
        license in shapes.redistributable_licenses,
        license_note=None
        if license in shapes.redistributable_licenses
        else "answers ship only under a licence known to allow redistribution",
    )
