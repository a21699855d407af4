"""Adapters generated from lm-evaluation-harness task definitions.

The harness defines each task in YAML: the dataset (`dataset_path`, `dataset_name`,
`dataset_kwargs`), the split it scores, how a row becomes a prompt (`doc_to_text`), a target
(`doc_to_target`) and choices (`doc_to_choice`), the filters applied to a generation and the
metrics. `lm_eval_tasks.json.gz` holds every task's config with its `include:` chain merged, as
published in the lm-eval wheel (see SOURCE.txt). `compile_task` turns one config into an adapter
or says why it cannot:

- `multiple_choice` -> a choice task (the harness scores accuracy over the choices; the agent
  names the right one by letter);
- `generate_until` scored by `exact_match` -> an exact-answer task: the agent's response goes
  through the task's own filters, then the harness's exact match with the task's own options;
- `!function` hooks for `process_docs` and `doc_to_*` run from the installed harness itself
  (`ltb[lm-eval]`, lm_eval_hooks.py) when their code can run with it;
- `generate_until` scored by a `process_results` hook whose code can run with the extra -> a
  task whose verifier calls that very function on the agent's response inside the task
  environment (which installs the harness) and rewards the task's primary metric (the first of
  its `metric_list`);
- log-likelihood and perplexity tasks, other metrics, custom datasets, task classes and hooks
  whose code cannot run (or without the extra) -> not runnable, with that reason.

Prompts, targets and choices are rendered with the harness's own Jinja settings, so a task
shows the agent the framework's prompt.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import re
import re._constants as _c
import re._parser as _sre
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import jinja2.meta

from ltb.frameworks.lm_eval_hooks import (
    HOOK_KEYS,
    HookError,
    hook_problem,
    run_hook,
    score_response,
)
from ltb.pull.graders.grade_lm_eval import scores

FRAMEWORK = "lm-evaluation-harness"
HARNESS_DISTRIBUTION = "lm-eval"
SOURCE_PREFIX = "lm-eval:"
TASKS_PATH = Path(__file__).resolve().parent / "lm_eval_tasks.json.gz"
CHOICE = "multiple_choice"
EXACT = "exact_answer"
PYTHON_METRIC = "python_metric"  # generate_until scored by the harness's own process_results
# Filters ltb implements exactly as the harness does (lm_eval/filters/*.py).
FILTERS = frozenset({"regex", "take_first", "remove_whitespace", "lowercase", "uppercase"})
# Metrics that score a multiple-choice answer as right or wrong (what a choice task measures).
CHOICE_METRICS = frozenset({"acc", "acc_norm", "acc_mutual_info", "exact_match"})
EXACT_MATCH_OPTIONS = frozenset(
    {"ignore_case", "ignore_punctuation", "ignore_numbers", "regexes_to_ignore"}
)
# process_results metrics whose value is a proportion (0 to 1), by the harness's naming: the ones a
# reward can be. BLEU, ROUGE and other scores on their own scales (truthfulqa_gen's bleu_max:
# 0-100) are not.
PROPORTION_METRIC = re.compile(r"(^|_)(acc|accuracy|exact_match|em|f1)$")
_NOT_AGENT_TYPES = {
    "loglikelihood": "scored by the log-likelihood of a continuation, which an agent cannot give",
    "loglikelihood_rolling": "a perplexity task (rolling log-likelihood), not an agent's output",
}


MULTIPLE_CONTEXTS_PROMPT = "Which of the following texts is correct?"


class RowError(Exception):
    """A row the task's templates cannot render; the message says which field and why."""


@dataclass(frozen=True)
class LmEvalTask:
    """One runnable lm-eval task: everything pull needs to turn its rows into Harbor tasks."""

    task: str
    path: str  # the YAML file under lm_eval/tasks/
    kind: str  # CHOICE or EXACT
    version: str | None
    config_hash: str
    package: str
    dataset_path: str
    dataset_name: str | None
    dataset_kwargs: Mapping[str, Any]
    split: str
    doc_to_text: Any
    doc_to_target: Any
    doc_to_choice: Any = None
    description: str = ""
    filters: tuple[tuple[tuple[str, Mapping[str, Any]], ...], ...] = ()
    filter_names: tuple[str, ...] = ()
    match_options: Mapping[str, Any] = field(default_factory=dict)
    # config key -> the harness's hook ltb runs for it (lm_eval_hooks), e.g. process_docs
    hooks: Mapping[str, str] = field(default_factory=dict)
    target_delimiter: str = " "  # between a context and its continuation (the harness default)
    metric: str = ""  # PYTHON_METRIC: the key of process_results' dict that is the reward

    @property
    def source(self) -> str:
        return f"{SOURCE_PREFIX}{self.task}"

    def grading(self) -> dict[str, Any]:
        """What the exact-answer grader needs (tests/expected.json adds the references)."""
        return {
            "filters": [
                {"name": name, "steps": [{"function": f, **kw} for f, kw in steps]}
                for name, steps in zip(self.filter_names, self.filters, strict=True)
            ],
            "match_options": dict(self.match_options),
        }


@dataclass(frozen=True)
class NotRunnable:
    task: str
    reason: str


@dataclass(frozen=True)
class LmEvalGroup:
    """An lm-eval group (`group:` with its `task:` list, e.g. `mmlu`: the framework's own
    aggregate of tasks) or tag (a name its tasks carry, e.g. `anli`, which the harness runs as
    the set of them). Runnable when every task under it (through nested groups and tags)
    compiles; pull spreads its rows over them. `path`: the group's file, or a tag's first
    task's."""

    group: str
    path: str
    tasks: tuple[str, ...]

    @property
    def source(self) -> str:
        return f"{SOURCE_PREFIX}{self.group}"


@cache
def load_task_configs(path: Path = TASKS_PATH) -> Mapping[str, Any]:
    """The recorded task configs: {"package": ..., "tasks": {name: {"path", "config"}}}."""
    payload = json.loads(gzip.decompress(path.read_bytes()))
    if not isinstance(payload, dict) or not isinstance(payload.get("tasks"), dict):
        raise ValueError(f"{path}: no `tasks` mapping")
    return payload


def compile_all(payload: Mapping[str, Any] | None = None) -> dict[str, LmEvalTask | NotRunnable]:
    payload = payload or load_task_configs()
    package = str(payload.get("package", "lm-eval"))
    return {name: compile_task(name, entry, package) for name, entry in payload["tasks"].items()}


def compile_groups(
    compiled: Mapping[str, LmEvalTask | NotRunnable], payload: Mapping[str, Any] | None = None
) -> dict[str, LmEvalGroup | NotRunnable]:
    """Every recorded group and tag, runnable when all its member tasks are (`compiled`:
    compile_all). A task of the same name wins over a group, a group over a tag."""
    payload = payload or load_task_configs()
    groups = payload.get("groups") or {}
    tags: dict[str, list[str]] = {}
    for name, entry in payload["tasks"].items():
        tag = (entry.get("config") or {}).get("tag")
        for t in [tag] if isinstance(tag, str) else tag if isinstance(tag, list) else []:
            tags.setdefault(str(t), []).append(name)
    out: dict[str, LmEvalGroup | NotRunnable] = {}
    for name, entry in groups.items():
        if name in compiled:  # a task of the same name wins, as in the harness's index
            continue
        hooks = entry.get("aggregation_hooks") or []
        if hooks:
            out[name] = NotRunnable(
                name,
                f"the group's score is computed by the Python function {_hook(hooks[0])}, not "
                "a mean of its tasks, so tasks pulled from them do not measure it",
            )
            continue
        leaves, missing = _leaves(name, groups, tags, compiled, ())
        if missing:
            out[name] = NotRunnable(
                name, f"group member {missing[0]!r} is not a task lm-eval defines"
            )
            continue
        failed = [t for t in leaves if isinstance(compiled[t], NotRunnable)]
        if not leaves:
            out[name] = NotRunnable(
                name, "the group names no task (its tasks are written inline, not recorded)"
            )
        elif failed:
            first = compiled[failed[0]]
            assert isinstance(first, NotRunnable)
            out[name] = NotRunnable(
                name,
                f"{len(failed)} of its {len(leaves)} tasks are not runnable "
                f"({first.task}: {first.reason})",
            )
        else:
            out[name] = LmEvalGroup(name, str(entry.get("path", "")), tuple(leaves))
    for tag, members in tags.items():
        if tag in compiled or tag in groups:
            continue
        failed = [t for t in members if isinstance(compiled[t], NotRunnable)]
        first_path = str(payload["tasks"][members[0]].get("path", ""))
        if failed:
            first = compiled[failed[0]]
            assert isinstance(first, NotRunnable)
            out[tag] = NotRunnable(
                tag,
                f"{len(failed)} of its {len(members)} tasks are not runnable "
                f"({first.task}: {first.reason})",
            )
        else:
            out[tag] = LmEvalGroup(tag, first_path, tuple(members))
    return out


def _leaves(
    name: str,
    groups: Mapping[str, Any],
    tags: Mapping[str, list[str]],
    compiled: Mapping[str, Any],
    seen: tuple[str, ...],
) -> tuple[list[str], list[str]]:
    """The tasks under a group or tag, in order, without repeats; and member names not found."""
    if name in compiled:
        return [name], []
    if name in seen:
        return [], []
    members = groups[name]["task"] if name in groups else tags.get(name)
    if members is None:
        return [], [name]
    leaves: list[str] = []
    missing: list[str] = []
    for member in members:
        found, absent = _leaves(member, groups, tags, compiled, (*seen, name))
        leaves += [t for t in found if t not in leaves]
        missing += absent
    return leaves, missing


def compile_definitions() -> dict[str, LmEvalTask | LmEvalGroup | NotRunnable]:
    """Every recorded task and group, compiled: what `harbor_source` lm-eval:<name> refers to."""
    tasks = compile_all()
    return {**tasks, **compile_groups(tasks)}


def compile_lm_eval_group(name: str) -> LmEvalGroup | NotRunnable | None:
    """The recorded group or tag `name`, compiled; None when it is a task or unknown."""
    if name in load_task_configs()["tasks"]:
        return None
    found = _definitions().get(name)
    return None if isinstance(found, LmEvalTask) else found


@cache
def _definitions() -> Mapping[str, LmEvalTask | LmEvalGroup | NotRunnable]:
    return compile_definitions()


def compile_lm_eval_task(name: str) -> LmEvalTask | NotRunnable:
    """The recorded task `name`, compiled; NotRunnable when the harness has no such task."""
    payload = load_task_configs()
    entry = payload["tasks"].get(name)
    if entry is None:
        return NotRunnable(name, f"lm-eval {payload.get('package', '')} has no task {name!r}")
    return compile_task(name, entry, str(payload.get("package", "lm-eval")))


def compile_task(name: str, entry: Mapping[str, Any], package: str) -> LmEvalTask | NotRunnable:
    config = entry.get("config") or {}
    output_type = config.get("output_type", "generate_until")

    def no(reason: str) -> NotRunnable:
        return NotRunnable(name, reason)

    task_class = _hook(config.get("class"))
    if task_class:
        return no(f"the task is the Python class {task_class}, code ltb does not run")
    if output_type in _NOT_AGENT_TYPES:
        return no(f"output type {output_type}: {_NOT_AGENT_TYPES[output_type]}")
    if output_type not in (CHOICE, "generate_until"):
        return no(f"output type {output_type!r} has no task shape in ltb")
    hooks: dict[str, str] = {}
    hook_files = entry.get("hooks") or {}
    for key in ("custom_dataset", *HOOK_KEYS, "process_results"):
        hook = _hook(config.get(key))
        if not hook:
            continue
        where = hook_files.get(key)
        if key in (*HOOK_KEYS, "process_results") and where:
            problem = hook_problem(where)
            if problem is None:
                hooks[key] = where
                continue
            return no(f"{key} is the Python hook {where}: {problem}")
        return no(f"{key} is the Python hook {where or hook}, code ltb does not run")
    if config.get("doc_to_image") or config.get("doc_to_audio"):
        return no("the prompt includes images or audio, which task folders do not carry yet")
    dataset_path = config.get("dataset_path")
    if not isinstance(dataset_path, str) or not dataset_path:
        return no("the config names no dataset_path")
    split = config.get("test_split") or config.get("validation_split")
    if not isinstance(split, str):
        return no("the config names neither a test_split nor a validation_split")
    for key in ("doc_to_text", "doc_to_target"):
        if config.get(key) is None:
            return no(f"the config has no {key}")
    common = {
        "task": name,
        "path": str(entry.get("path", "")),
        "version": _version(config),
        "config_hash": config_hash(config),
        "package": package,
        "dataset_path": dataset_path,
        "dataset_name": config.get("dataset_name"),
        "dataset_kwargs": config.get("dataset_kwargs") or {},
        "split": split,
        "doc_to_text": config["doc_to_text"],
        "doc_to_target": config["doc_to_target"],
        "doc_to_choice": config.get("doc_to_choice"),
        "description": config.get("description") or "",
        "hooks": hooks,
        "target_delimiter": str(config.get("target_delimiter", " ")),
    }
    if _hook(common["description"]):
        return no("description is a Python hook, code ltb does not run")
    for key in ("doc_to_text", "doc_to_target", "doc_to_choice", "description"):
        if isinstance(common[key], str) and key not in hooks:
            try:
                _fields(common[key])
            except jinja2.TemplateError as exc:
                return no(f"{key} is not a template ltb can render ({exc})")
    if output_type == CHOICE:
        if "process_results" in hooks:
            return no(
                f"multiple_choice scored by the Python hook {hooks['process_results']} over the "
                "choices' log-likelihoods, which an agent cannot give"
            )
        if common["doc_to_choice"] is None:
            return no("multiple_choice config without doc_to_choice")
        if isinstance(common["doc_to_text"], str) and not common["doc_to_text"].strip():
            return no(
                "doc_to_text is empty: the harness compares the likelihoods of whole choice "
                "texts, and there is no question to put to an agent"
            )
        metrics = {
            m.get("metric") if isinstance(m, dict) else m for m in config.get("metric_list") or []
        }
        if metrics and not metrics & CHOICE_METRICS:
            return no(f"multiple_choice scored by {sorted(map(str, metrics))}, not by accuracy")
        return LmEvalTask(kind=CHOICE, **common)
    if "process_results" in hooks:
        return _python_metric_task(config, common, no)
    return _exact_task(config, common, no)


def _python_metric_task(config: Mapping[str, Any], common: dict[str, Any], no: Any) -> Any:
    """generate_until scored by the harness's process_results: the reward is the first metric
    of its metric_list, the key of the dict process_results returns for one response."""
    metrics = [
        m.get("metric") if isinstance(m, dict) else m for m in config.get("metric_list") or []
    ]
    if not metrics or not isinstance(metrics[0], str):
        return no("process_results is scored by no metric named in metric_list")
    if not PROPORTION_METRIC.search(metrics[0]):
        return no(
            f"process_results' primary metric {metrics[0]!r} is not a proportion (accuracy, "
            "exact match or F1), so it cannot be a reward between 0 and 1"
        )
    if not isinstance(common["doc_to_target"], str) and "doc_to_target" not in common["hooks"]:
        return no(
            f"doc_to_target is the constant {common['doc_to_target']!r}: process_results "
            "scores the response alone, so no oracle answer can be written"
        )
    if common["doc_to_choice"] is not None:
        return no("generate_until with doc_to_choice scored by process_results has no task shape")
    return LmEvalTask(kind=PYTHON_METRIC, metric=metrics[0], **common)


def _exact_task(config: Mapping[str, Any], common: dict[str, Any], no: Any) -> Any:
    metrics = config.get("metric_list") or []
    exact = [m for m in metrics if isinstance(m, dict) and m.get("metric") == "exact_match"]
    if not exact:
        metric_names = [m.get("metric") if isinstance(m, dict) else m for m in metrics]
        return no(f"generate_until scored by {metric_names or 'no metric'}, not by exact_match")
    options = {k: v for k, v in exact[0].items() if k in EXACT_MATCH_OPTIONS}
    # The harness reports every filter pipeline; the first is the task's primary score, and the
    # one an exact-answer task uses.
    filter_list = config.get("filter_list") or [
        {"name": "none", "filter": [{"function": "take_first"}]}
    ]
    primary = filter_list[0]
    steps: list[tuple[str, Mapping[str, Any]]] = []
    for step in primary.get("filter") or []:
        function = str(step.get("function"))
        if function not in FILTERS:
            return no(
                f"filter {function!r} of the primary pipeline {primary.get('name')!r} "
                "is not one ltb implements"
            )
        steps.append((function, {k: v for k, v in step.items() if k != "function"}))
    pipelines = [tuple(steps)]
    names = [str(primary.get("name", "none"))]
    return LmEvalTask(
        kind=EXACT,
        filters=tuple(pipelines),
        filter_names=tuple(names),
        match_options=options,
        **common,
    )


def _hook(value: Any) -> str | None:
    if isinstance(value, str) and value.startswith("!function"):
        return value.removeprefix("!function").strip()
    return None


def _version(config: Mapping[str, Any]) -> str | None:
    metadata = config.get("metadata")
    version = metadata.get("version") if isinstance(metadata, dict) else None
    return None if version is None else str(version)


def config_hash(config: Mapping[str, Any]) -> str:
    text = json.dumps(config, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- rendering a row, as lm_eval/api/task.py does --------------------------------------------


def _regex_replace(value: str, pattern: str, repl: str, count: int = 0) -> str:
    return re.sub(pattern, repl, value, count=count)


_ENV = jinja2.Environment(  # noqa: S701 - prompts are plain text, never HTML
    loader=jinja2.BaseLoader(), undefined=jinja2.StrictUndefined, keep_trailing_newline=True
)
_ENV.filters["regex_replace"] = _regex_replace


@cache
def _template(text: str) -> jinja2.Template:
    return _ENV.from_string(text)


@cache
def _fields(text: str) -> frozenset[str]:
    """The row fields a template reads."""
    return frozenset(jinja2.meta.find_undeclared_variables(_ENV.parse(text)))


def _render(text: str, row: Mapping[str, Any], what: str) -> str:
    fields = _fields(text)
    absent = sorted(f for f in fields if f not in row)
    if absent:
        raise RowError(f"{what}: the row has no field {', '.join(map(repr, absent))}")
    try:
        return _template(text).render(**row)
    except Exception as exc:  # a template error on this row's values
        empty = sorted(f for f in fields if row.get(f) is None)
        hint = f"; empty in this row: {', '.join(map(repr, empty))}" if empty else ""
        raise RowError(
            f"{what}: the template failed on this row ({type(exc).__name__}: {exc}){hint}"
        ) from None


def prepared(task: LmEvalTask, row: Mapping[str, Any]) -> Mapping[str, Any]:
    """The row the templates read: the task's process_docs applied, when it has one."""
    return _run(task, "process_docs", row) if "process_docs" in task.hooks else row


def _run(task: LmEvalTask, key: str, row: Mapping[str, Any]) -> Any:
    try:
        return run_hook(key, task.hooks[key], row)
    except HookError as exc:
        raise RowError(str(exc)) from None


def doc_to_text(task: LmEvalTask, row: Mapping[str, Any]) -> str | int:
    """The prompt; an index instead when the task scores several contexts (Winogrande: the
    choices are contexts, the target the continuation scored after each)."""
    spec = task.doc_to_text
    if "doc_to_text" in task.hooks:
        value = _run(task, "doc_to_text", row)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif isinstance(spec, str) and spec in row:
        value = row[spec]
    elif isinstance(spec, str):
        value = _render(spec, row, "doc_to_text")
    else:
        raise RowError(f"doc_to_text {spec!r} is neither a column nor a template")
    if not isinstance(value, str) or not value.strip():
        raise RowError("doc_to_text gives an empty prompt")
    return value


def doc_to_choice(task: LmEvalTask, row: Mapping[str, Any]) -> list[str]:
    spec = task.doc_to_choice
    if "doc_to_choice" in task.hooks:
        choices: Any = _run(task, "doc_to_choice", row)
    elif isinstance(spec, list):
        choices = spec
    elif isinstance(spec, dict):
        choices = list(spec.values())
    elif isinstance(spec, str) and spec in row:
        choices = row[spec]
    elif isinstance(spec, str):
        rendered = _render(spec, row, "doc_to_choice")
        try:
            choices = ast.literal_eval(rendered)
        except (ValueError, SyntaxError):
            raise RowError(f"doc_to_choice renders {rendered[:80]!r}, not a list") from None
    else:
        raise RowError(f"doc_to_choice {spec!r} is neither a column, a list nor a template")
    if not isinstance(choices, list | tuple) or not all(isinstance(c, str) for c in choices):
        raise RowError("doc_to_choice does not give a list of texts")
    return [str(c) for c in choices]


def doc_to_target(task: LmEvalTask, row: Mapping[str, Any]) -> Any:
    spec = task.doc_to_target
    if "doc_to_target" in task.hooks:
        return _run(task, "doc_to_target", row)
    if isinstance(spec, int | list) and not isinstance(spec, bool):
        return spec
    if not isinstance(spec, str):
        raise RowError(f"doc_to_target {spec!r} is neither a column nor a template")
    if spec in row:
        value = row[spec]
        if value is None:
            raise RowError(f"target column {spec!r} is empty")
        return value
    text = _render(spec, row, "doc_to_target")
    if text.isdigit() and task.doc_to_choice is not None:
        return int(text)
    if len(text) >= 2 and text[0] == "[" and text[-1] == "]":
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
    return text


def choice_answer(task: LmEvalTask, row: Mapping[str, Any]) -> tuple[str, list[str], int]:
    """The prompt, the choices and the index of the right one, or RowError."""
    row = prepared(task, row)
    prompt = doc_to_text(task, row)
    choices = doc_to_choice(task, row)
    target = doc_to_target(task, row)
    if isinstance(prompt, int):  # contexts as choices, one continuation: whole texts to pick
        if not isinstance(target, str) or not target.strip():
            raise RowError("the continuation shared by the choices is empty")
        choices = [f"{choice}{task.target_delimiter}{target}" for choice in choices]
        prompt, target = MULTIPLE_CONTEXTS_PROMPT, prompt
    if isinstance(target, str):
        if target not in choices:
            raise RowError(f"target {target[:60]!r} is not one of the choices")
        target = choices.index(target)
    if isinstance(target, bool) or not isinstance(target, int):
        raise RowError(f"target {target!r} is not a choice index (several right answers?)")
    if not 0 <= target < len(choices):
        raise RowError(f"target index {target} is out of range for {len(choices)} choices")
    return task.description + prompt, choices, target


def python_metric_doc(task: LmEvalTask, row: Mapping[str, Any]) -> tuple[str, dict[str, Any], str]:
    """The prompt, the doc the harness's process_results reads (the row after process_docs) and
    the target as text; RowError when process_results does not score the target 1 on its own
    metric (then there is no oracle answer) or the doc cannot travel as JSON."""
    row = prepared(task, row)
    prompt = doc_to_text(task, row)
    if isinstance(prompt, int):
        raise RowError("doc_to_text gives a context index, which only choice tasks use")
    target = doc_to_target(task, row)
    if isinstance(target, list):
        target = target[0] if target else ""
    target = str(target)
    if not target.strip():
        raise RowError("the target is empty")
    doc = dict(row)
    try:
        json.dumps(doc, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise RowError(f"the row has a value JSON cannot carry to the verifier ({exc})") from None
    try:
        result = score_response(task.hooks["process_results"], doc, target)
    except HookError as exc:
        raise RowError(str(exc)) from None
    value = result.get(task.metric) if isinstance(result, Mapping) else None
    if value != 1:
        raise RowError(
            f"process_results scores the target {target[:60]!r} {task.metric}={value!r}, not 1: "
            "no oracle answer"
        )
    return task.description + prompt, doc, target


def exact_references(task: LmEvalTask, row: Mapping[str, Any]) -> tuple[str, list[str]]:
    """The prompt and the accepted references (any one matching scores 1), or RowError."""
    row = prepared(task, row)
    prompt = doc_to_text(task, row)
    if isinstance(prompt, int):
        raise RowError("doc_to_text gives a context index, which only choice tasks use")
    target = doc_to_target(task, row)
    if task.doc_to_choice is not None:
        choices = doc_to_choice(task, row)
        if not isinstance(target, int) or not 0 <= target < len(choices):
            raise RowError(f"target {target!r} does not index the {len(choices)} choices")
        target = choices[target]
    references = target if isinstance(target, list) else [target]
    references = [str(r) for r in references if r is not None]
    if not references or not any(r.strip() for r in references):
        raise RowError("the target is empty")
    return task.description + prompt, references


# --- the oracle's response --------------------------------------------------------------------


def oracle_response(expected: Mapping[str, Any]) -> str | None:
    """A response that scores 1 under the task's own filters and metric, or None.

    First each reference as it stands; then, for a regex filter, a text built from the pattern
    itself with the captured group holding the reference (e.g. "#### 72" for `#### (\\-?[0-9]+)`).
    """
    candidates = list(expected["references"])
    steps = expected["filters"][0]["steps"] if expected["filters"] else []
    for step in steps:
        if step["function"] == "regex":
            pattern = step.get("regex_pattern", r"#### (\-?[0-9\.\,]+)")
            candidates += [t for r in expected["references"] if (t := _fill(pattern, r))]
    return next((c for c in candidates if scores(c, expected)[0]), None)


def _fill(pattern: str, value: str) -> str | None:
    """A string the pattern matches, with its first non-empty capturing group replaced by
    `value`; None when the pattern uses constructs this does not model."""
    try:
        parsed = _sre.parse(pattern)
    except re.error:
        return None
    out: list[str] = []
    filled = [False]

    def walk(items: Any) -> bool:
        for op, arg in items:
            if op is _c.LITERAL:
                out.append(chr(arg))
            elif op is _c.SUBPATTERN:
                group, sub = arg[0], arg[3]
                if group and not filled[0]:
                    out.append(value)
                    filled[0] = True
                elif not walk(sub):
                    return False
            elif op is _c.ASSERT:
                direction, sub = arg
                if direction == 1 and sub and sub[0][0] is _c.ANY:
                    out.append(".")  # a look-ahead that only wants some character after it
                elif not walk(sub):
                    return False
            elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
                low, _high, sub = arg
                for _ in range(low):
                    if not walk(sub):
                        return False
            elif op is _c.IN:
                first = next((x for x in arg if x[0] in (_c.LITERAL, _c.RANGE)), None)
                if first is None:
                    return False
                out.append(chr(first[1] if first[0] is _c.LITERAL else first[1][0]))
            elif op is _c.BRANCH:
                if not walk(arg[1][0]):
                    return False
            elif op is _c.AT:
                continue
            elif op is _c.ANY:
                out.append(" ")
            else:
                return False
        return True

    return "".join(out) if walk(parsed) and filled[0] else None
