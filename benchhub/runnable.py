"""Whether a benchmark runs in Harbor, how, and why not: the one place that decides.

A benchmark is runnable when `ltb bench pull` can build tasks for it (an entry in
the task shapes file, or an lm-evaluation-harness task of the benchmark that ltb's generated
adapters compile), or else when Harbor's own registry or adapters list it. Only the first kind is
*pullable*: Harbor runs the second from its own registry (`harbor datasets list`), and pull
refuses it. A published parent with no definition of its own whose published subtasks are all
pullable is a pullable *suite* (`with_suites`): its headline is the whole suite's, and pull
builds tasks from each subtask's definition. A published parent that runs neither way by itself
runs through its *headline part* (`with_headline_parts`): the child holding its headline scores
(benchhub/headline.py), pulled as that child (`part:<child id>`), or run from Harbor's own
registry or adapter when that is how the child runs. An lm-eval task is the benchmark's when the
crosswalk maps it there (the lm-eval channel's aliases). Everything here is computed from the
same definitions pull uses, so `harbor_runnable` never promises a task nothing can build. Not
runnable comes with the reason (the first lm-eval task's, when there is one).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from benchhub_format.catalog import fold
from ltb.frameworks.lm_eval import SOURCE_PREFIX, LmEvalGroup, LmEvalTask, NotRunnable
from ltb.pull import PART_PREFIX, SUITE_SOURCE

from benchhub.headline import headline_part

SHAPES_SOURCE = "pull"  # ltb/benchhub_format/task_shapes.json (the value releases already carry)
LM_EVAL_CHANNEL = "lm_eval_harness"
NO_DEFINITION = (
    "no task definition linked to it: not in Harbor's registry or adapters, not in "
    "ltb/benchhub_format/task_shapes.json, and no lm-evaluation-harness task maps to it in "
    "the crosswalk"
)


@dataclass(frozen=True)
class Runnability:
    source: str | None  # "registry" | "adapter" (Harbor's own), "pull", "lm-eval:<task>"
    reason: str | None  # why not, when source is None

    @property
    def runnable(self) -> bool:
        return self.source is not None

    @property
    def pullable(self) -> bool:
        return pullable(self.source)


def pullable(source: str | None) -> bool:
    """Whether `ltb bench pull` builds tasks from this harbor_source (the rule search, pages and
    pull follow): ltb's shapes file or a framework definition, never Harbor's own registry."""
    return source in (SHAPES_SOURCE, SUITE_SOURCE) or (source or "").startswith(
        (SOURCE_PREFIX, PART_PREFIX)
    )


def with_family_groups(
    rows: list[dict[str, Any]],
    lm_eval_tasks: Mapping[str, Iterable[str]],
    compiled: Mapping[str, LmEvalTask | LmEvalGroup | NotRunnable],
) -> list[dict[str, Any]]:
    """Rows (after `with_headline_parts`: its own definition, a suite and a headline part come
    first) with each published benchmark that pull still cannot build, whose lm-eval key is a
    family (the folder `lm_eval/tasks/X/`) with no task or group of its own name, run through a
    group or tag of that folder that is the benchmark's own definition under one prompt
    setting (MGSM -> `mgsm_direct`): `family_group` decides. By the identity policy a prompt
    format is a setting of a score, not another benchmark, so the harness's group of the
    benchmark's variants under one prompt is the benchmark. `lm_eval_tasks`: the lm-eval keys
    the crosswalk maps to each benchmark."""
    children: dict[str, list[str]] = {}
    for row in rows:
        if row["published"] and row["parent_id"]:
            children.setdefault(row["parent_id"], []).append(row["benchmark_id"])
    for row in rows:
        if not row["published"] or pullable(row["harbor_source"]):
            continue
        folders = [
            key.removeprefix(FAMILY_PREFIX)
            for key in lm_eval_tasks.get(row["benchmark_id"], ())
            if key.startswith(FAMILY_PREFIX)
            and not isinstance(_definition(key, compiled), LmEvalTask | LmEvalGroup)
        ]
        task_child = {
            task.split("@", 1)[0]: child
            for child in children.get(row["benchmark_id"], ())
            for task in lm_eval_tasks.get(child, ())
        }
        for folder in sorted(folders):
            group = family_group(folder, row.get("hf_dataset"), task_child, compiled)
            if group is not None:
                row |= {
                    "harbor_runnable": True,
                    "harbor_source": group.source,
                    "harbor_reason": None,
                }
                break
        else:
            if folders and (row["harbor_reason"] or "").startswith(f"lm-eval task {FAMILY_PREFIX}"):
                row["harbor_reason"] = (
                    f"lm-eval family {folders[0]}: the folder has no task or group of the "
                    "benchmark's own name, and none of its groups holds the benchmark's variants "
                    "(its released children's tasks, over its data set) under one prompt setting"
                )
    return rows


def family_group(
    folder: str,
    hf_dataset: str | None,
    task_child: Mapping[str, str],
    compiled: Mapping[str, LmEvalTask | LmEvalGroup | NotRunnable],
) -> LmEvalGroup | None:
    """The runnable group or tag of the harness's folder `folder` that defines its benchmark,
    or None. A group qualifies when it is defined in that folder, has at least two tasks, each
    of them the lm-eval task of a different published child of the benchmark (`task_child`:
    task -> child id, from the crosswalk), all over one data set (the benchmark's own HF
    dataset, when it names one), and under one prompt setting: two of its tasks on the same
    rows (dataset config and split) must ask and answer the same way (the same prompt, target
    and description up to white space: `mgsm_direct` holds Spanish twice, once re-declared by
    `spanish_bench` with a trailing space; `mgsm_cot_native` asks each language in English and
    natively, two settings). Among several, the one with the shortest name, then by name (the
    harness names the plain prompt by the family, its other settings by more words)."""
    found: list[LmEvalGroup] = []
    for group in compiled.values():
        if not isinstance(group, LmEvalGroup) or not group.path.startswith(f"{folder}/"):
            continue
        tasks = [compiled.get(t) for t in group.tasks]
        if len(tasks) < 2 or not all(isinstance(t, LmEvalTask) for t in tasks):
            continue
        members = [t for t in tasks if isinstance(t, LmEvalTask)]
        owners = [task_child.get(t.task) for t in members]
        if None in owners or len(set(owners)) != len(owners):
            continue
        datasets = {t.dataset_path.lower() for t in members}
        if len(datasets) != 1 or (hf_dataset and datasets != {hf_dataset.lower()}):
            continue
        settings: dict[tuple[Any, ...], set[tuple[str, ...]]] = {}
        for t in members:
            rows_key = (t.dataset_name, json.dumps(dict(t.dataset_kwargs), sort_keys=True), t.split)
            settings.setdefault(rows_key, set()).add(_prompt_setting(t))
        if all(len(prompts) == 1 for prompts in settings.values()):
            found.append(group)
    return min(found, key=lambda g: (len(g.group), g.group), default=None)


def _prompt_setting(task: LmEvalTask) -> tuple[str, ...]:
    """How a task asks and what it accepts, white space aside."""
    return tuple(
        "".join(json.dumps(value, sort_keys=True, default=str).replace("\\n", " ").split())
        for value in (task.doc_to_text, task.doc_to_target, task.doc_to_choice, task.description)
    )


def with_suites(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Benchmark rows (harbor_* from `runnability`, parents already published-only) with each
    published parent that pull cannot build by itself marked a suite when every published
    subtask under it is pullable. Variants under it (languages, versions: not `subtask`) are
    not part of its headline and do not count."""
    subtasks: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["published"] and row["parent_id"] and row["record_kind"] == "subtask":
            subtasks.setdefault(row["parent_id"], []).append(row)
    for row in rows:
        parts = subtasks.get(row["benchmark_id"])
        if not row["published"] or not parts or pullable(row["harbor_source"]):
            continue
        if all(pullable(part["harbor_source"]) for part in parts):
            row |= {"harbor_runnable": True, "harbor_source": SUITE_SOURCE, "harbor_reason": None}
    return rows


def with_headline_parts(
    rows: list[dict[str, Any]], whole_scores: Mapping[str, int]
) -> list[dict[str, Any]]:
    """Rows (after `with_suites`) with each published parent that pull cannot build by itself
    made runnable through its headline part (`headline_part` over its published children and
    the scores of each as a whole): `part:<child>` when pull builds the child, else the child's
    own Harbor registry or adapter when the parent has no way to run of its own. Only a child
    from the parent's own paper can be its part (ARC-Challenge of ARC, SWE-bench Verified of
    SWE-bench): a benchmark of its own that a suite collects (BoolQ in SuperGLUE) is not the
    suite, however many scores it has. Nested parents resolve bottom up (a part may itself run
    through its own headline part)."""
    by_id = {row["benchmark_id"]: row for row in rows}
    children: dict[str, list[str]] = {}
    for row in rows:
        parent = by_id.get(row["parent_id"] or "")
        if row["published"] and parent is not None and same_paper(parent, row):
            children.setdefault(row["parent_id"], []).append(row["benchmark_id"])
    changed = True
    while changed:
        changed = False
        for parent_id, kids in children.items():
            parent = by_id[parent_id]
            if not parent["published"] or pullable(parent["harbor_source"]):
                continue
            part_id = headline_part(kids, whole_scores)
            if part_id is None:
                continue
            part = by_id[part_id]
            if pullable(part["harbor_source"]):
                source = f"{PART_PREFIX}{part_id}"
            elif part["harbor_source"] and not parent["harbor_source"]:
                source = part["harbor_source"]
            else:
                continue
            parent |= {"harbor_runnable": True, "harbor_source": source, "harbor_reason": None}
            changed = True
    return rows


def same_paper(parent: Mapping[str, Any], child: Mapping[str, Any]) -> bool:
    """Whether the child comes from the parent's own paper (the same arXiv id, else the same
    paper URL); False when the parent names none."""
    for key in ("arxiv_id", "paper_url"):
        if parent.get(key):
            return parent[key] == child.get(key)
    return False


def runnability(
    benchmark_id: str,
    harbor: str | None,
    shape_names: frozenset[str],
    lm_eval_tasks: Iterable[str],
    compiled: Mapping[str, LmEvalTask | LmEvalGroup | NotRunnable],
) -> Runnability:
    """`shape_names`: the folded ids and aliases of the shapes file (matched against the
    benchmark's id only: an alias shared with a variant must not make the variant pull the
    original); `lm_eval_tasks`: the lm-eval task names the crosswalk maps to it (a group
    among them is the framework's own aggregate, runnable when all its tasks are). A definition
    pull builds wins over Harbor's own registry, so ltb's commands work wherever they can."""
    if fold(benchmark_id) in shape_names:  # by id: pull resolves the release's id the same way
        return Runnability(SHAPES_SOURCE, None)
    tasks = sorted({t.split("@", 1)[0] for t in lm_eval_tasks}, key=_preference(benchmark_id))
    results = [_definition(t, compiled) for t in tasks]
    runnable = [r for r in results if isinstance(r, LmEvalTask | LmEvalGroup)]
    if runnable:
        return Runnability(runnable[0].source, None)
    if harbor:
        return Runnability(harbor, None)
    failed = [r for r in results if isinstance(r, NotRunnable)]
    if failed:
        first = failed[0]
        more = (
            f" (and {len(results) - 1} more lm-eval tasks, none runnable)"
            if len(results) > 1
            else ""
        )
        return Runnability(None, f"lm-eval task {first.task}: {first.reason}{more}")
    return Runnability(None, NO_DEFINITION)


FAMILY_PREFIX = "family:"  # the lm-eval channel's key for a folder of tasks (lm_eval/tasks/X/)


def _definition(
    name: str, compiled: Mapping[str, LmEvalTask | LmEvalGroup | NotRunnable]
) -> LmEvalTask | LmEvalGroup | NotRunnable:
    """The compiled task or group `name`. A family (a folder of the harness's tasks) is defined
    only by the task or group of the folder's own name in that folder (`anli/` -> group `anli`);
    a family without one names no single definition (ARC's folder holds arc_easy and
    arc_challenge, and no `arc`)."""
    if name.startswith(FAMILY_PREFIX):
        folder = name.removeprefix(FAMILY_PREFIX)
        own = compiled.get(folder)
        if (
            own is not None
            and not isinstance(own, NotRunnable)
            and own.path.startswith(f"{folder}/")
        ):
            return own
        if isinstance(own, NotRunnable):
            return own
        return NotRunnable(
            name, "a family (folder) of lm-eval tasks with no task or group of its own name"
        )
    return compiled.get(name) or NotRunnable(name, "not a task lm-eval defines")


def _preference(benchmark_id: str):  # noqa: ANN202 - a sort key
    """The task named like the benchmark first, then the shortest name, then by name."""
    wanted = fold(benchmark_id)
    return lambda task: (fold(task) != wanted, len(task), task)


def shape_names(shapes: Iterable[tuple[str, str, Iterable[str]]]) -> frozenset[str]:
    """Folded id, name and aliases of every shapes-file entry."""
    return frozenset(fold(n) for bid, name, aliases in shapes for n in (bid, name, *aliases))
