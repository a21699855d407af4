"""Hugging Face lighteval: its task modules and every LightevalTaskConfig they declare.

Each task module under `lighteval/tasks/tasks/` and `lighteval/tasks/multilingual/` opens with
a structured docstring (name, dataset, abstract, languages, tags, paper) and declares tasks as
`LightevalTaskConfig(name=..., hf_repo=..., hf_subset=..., evaluation_splits=..., metrics=...)`.
Both become candidates: the module (the benchmark as lighteval describes it) and each task
config (a variant, `family` = the module's name). Multilingual modules build task names with
f-strings in loops; the extraction keeps those as `<fstring:...>` templates (and other non-literal
names as `<var:...>`, `<expr:...>`), which are not task ids: flagged as not benchmarks.

Recording: `lighteval_tasks_extracted.json`, a static AST read of the PyPI `lighteval` 0.13.0
wheel (no code run). It is DERIVED: no URL serves it. The live source would be the modules at
the tag `v0.13.0` of huggingface/lighteval (`src/lighteval/tasks/...`, a git trees listing and
one raw GET per module), but the extraction rules (which keyword arguments are kept, how
non-literal values are marked) are not published with the recording, so a live rebuild could
not promise the same shape: live mode refuses with a clear error and the channel keeps its
last good read. Replay reads the recording from disk.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

from assets.channels._frameworks import arxiv_id, blob_url, is_replay
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher, FetchError
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "lighteval"
REPO = "huggingface/lighteval"
TAG = "v0.13.0"
RECORDING = "lighteval_tasks_extracted.json"
HOMEPAGE = f"https://github.com/{REPO}"
_MARKER = re.compile(r"^<(fstring|var|expr|call):(.*)>$", re.S)
_LIST_SPLIT = re.compile(r"\s*,\s*")


def sources() -> list[Source]:
    return [Source(RECORDING, f"{HOMEPAGE}/tree/{TAG}/src/lighteval/tasks", RECORDING, exact=False)]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    if is_replay(fetcher):
        return {}  # the derived recording is read from disk
    raise FetchError(
        f"{NAME}: the task list is a static extraction of the lighteval {TAG} sources "
        f"(recordings/channels/{channel.recording_dir}/SOURCE.txt); no live endpoint serves "
        "it. Re-record it to refresh; the last good read is kept."
    )


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    try:
        document = json.loads(payloads[RECORDING])
        files = document["files"]
        configs = document["task_configs"]
    except (KeyError, TypeError, json.JSONDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, RECORDING, f"unreadable task extraction: {exc}"))
        return result
    modules: dict[str, dict[str, Any]] = {}
    for position, entry in enumerate(files):
        try:
            fields = entry.get("docstring_fields") or {}
            if fields:  # helper modules (adapters, prompt templates) have neither doc nor tasks
                candidate = _module_candidate(entry["file"], fields)
                modules[entry["file"]] = fields
                result.candidates.append(candidate)
        except (AttributeError, KeyError, TypeError) as exc:
            result.issues.append(
                ParseIssue(NAME, f"{RECORDING}#files[{position}]", f"unreadable module: {exc!r}")
            )
    seen: dict[str, int] = {}
    for position, config in enumerate(configs):
        where = f"{RECORDING}#task_configs[{position}]"
        try:
            name = str(config["name"])
            seen[name] = occurrence = seen.get(name, 0) + 1
            candidate = _task_candidate(config, modules.get(config["file"], {}), occurrence)
        except (AttributeError, KeyError, TypeError) as exc:
            result.issues.append(ParseIssue(NAME, where, f"unreadable task config: {exc!r}"))
            continue
        if candidate.is_benchmark and occurrence > 1:
            result.issues.append(
                ParseIssue(
                    NAME,
                    f"{where} ({config['file']})",
                    f"task name {name!r} is declared again (occurrence {occurrence}); "
                    f"kept as {candidate.source_key!r}",
                )
            )
        result.candidates.append(candidate)
    return result


def _module_candidate(path: str, fields: dict[str, Any]) -> BenchmarkCandidate:
    datasets = _split(fields.get("dataset"))
    paper = _paper(fields.get("paper"))
    code = paper if paper and "//github.com/" in paper else None  # sacrebleu's "paper"
    extra = {
        "datasets": list(datasets) if len(datasets) > 1 else None,
        "starred": str(fields.get("starred", "")).lower() == "true" or None,
    }
    return BenchmarkCandidate(
        channel=NAME,
        source_key=path,
        source_name=str(fields.get("name") or _module_stem(path)),
        source_url=_page(path),
        description=str(fields.get("abstract") or "").strip() or None,
        paper_url=None if code else paper,
        arxiv_id=arxiv_id(paper),
        github_url=code,
        hf_dataset=datasets[0] if len(datasets) == 1 else None,
        languages=_split(fields.get("languages")),
        capability_hints=_split(fields.get("tags")),
        extra={k: v for k, v in extra.items() if v},
    )


def _task_candidate(
    config: dict[str, Any], module: dict[str, Any], occurrence: int
) -> BenchmarkCandidate:
    """One LightevalTaskConfig; `occurrence` counts earlier configs with the same name."""
    path, name = config["file"], str(config["name"])
    suffix = f"#{occurrence}" if occurrence > 1 else ""
    key = f"{name}{suffix}"
    marker = _MARKER.match(name)
    reason = None
    if marker:
        kind, expression = marker.groups()
        reason = (
            f"task name is {'an f-string template' if kind == 'fstring' else 'computed'} "
            f"({expression}), expanded at runtime into many tasks; not a task id"
        )
        key = f"{name}@{path}{suffix}"  # templates repeat across modules
    repo, subset = config.get("hf_repo"), config.get("hf_subset")
    splits = config.get("evaluation_splits")
    metrics = config.get("metrics")
    metric_names = [_metric_name(m) for m in metrics] if isinstance(metrics, list) else []
    languages = _split(module.get("languages"))
    paper = _paper(module.get("paper"))
    paper = None if paper and "//github.com/" in paper else paper
    extra = {
        "file": path,
        "hf_repo": repo if _is_marker(repo) else None,
        "hf_subset": subset if _is_marker(subset) else None,
        "metrics": metrics,
        "few_shots_split": config.get("few_shots_split"),
        "generation_size": config.get("generation_size"),
        "version": config.get("version"),
    }
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=name,
        source_url=_page(path),
        paper_url=paper,
        arxiv_id=arxiv_id(paper),
        hf_dataset=repo if isinstance(repo, str) and not _is_marker(repo) else None,
        hf_config=subset if isinstance(subset, str) and not _is_marker(subset) else None,
        metric=next((m for m in metric_names if m), None),
        splits=tuple(s for s in splits if isinstance(s, str) and not _is_marker(s))
        if isinstance(splits, list)
        else (),
        # The module's languages hold for each of its tasks only when there is one.
        languages=languages if len(languages) == 1 else (),
        capability_hints=_split(module.get("tags")),
        family=str(module.get("name") or _module_stem(path)),
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def _metric_name(value: Any) -> str | None:
    """`Metrics.loglikelihood_acc` or `<call:Metrics.gpqa_instruct_pass_at_k>` -> the metric;
    a variable or an expression names none."""
    if not isinstance(value, str):
        return None
    marker = _MARKER.match(value)
    if marker and marker.group(1) != "call":
        return None
    return (marker.group(2) if marker else value).removeprefix("Metrics.")


def _is_marker(value: Any) -> bool:
    return isinstance(value, str) and bool(_MARKER.match(value))


def _split(value: Any) -> tuple[str, ...]:
    """A docstring list ("english, french,\\nswahili") as its items."""
    if not isinstance(value, str):
        return ()
    return tuple(item for item in _LIST_SPLIT.split(value.strip()) if item)


def _paper(value: Any) -> str | None:
    text = str(value or "").strip().rstrip(".")  # "https://arxiv.org/abs/2406.03368."
    return text or None


def _module_stem(path: str) -> str:
    stem = posixpath.splitext(path)[0]
    return posixpath.basename(posixpath.dirname(stem) if stem.endswith("/main") else stem)


def _page(path: str) -> str:
    return blob_url(REPO, TAG, f"src/{path}")


CHANNEL = Channel(
    name=NAME,
    title="Hugging Face lighteval tasks",
    kind="framework",
    homepage=HOMEPAGE,
    recording_dir="framework-lighteval",
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes=(
        "derived recording (static AST extraction of lighteval 0.13.0); no live endpoint: "
        "a live read fails and the last good read is kept"
    ),
)
