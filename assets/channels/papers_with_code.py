"""Papers with Code: benchmark (task x dataset) tables with SOTA rows, from its archive.

paperswithcode.com stopped on 2025-07-24; its API and dumps are gone (the big dumps in archive
repositories are Git LFS pointers). What remains readable is the World-Snapshot/papers-with-code
archive (CC-BY-SA 4.0 data): PWC's own sota-extractor task files (the evaluation-tables JSON
format: task > subtasks > datasets > sota{metrics, rows[model_name, paper_title, paper_url,
paper_date, metrics{name: value as a string}]}) and the archivers' CSV flattening of the full
evaluation-tables dump (task, "Benchmarks" = the task's top-10 benchmark names, categories).
`results/research_areas.csv` (16 research areas with example tasks) is a taxonomy and not read.

Live: one GET per file on raw.githubusercontent.com pinned to the archive commit (the archive no
longer changes); no pagination, no quota beyond GitHub's unauthenticated raw limits.

What becomes what:
- every dataset of every (sub)task in a JSON file is a candidate, keyed by file, task path and
  dataset; subdatasets ("SemEval 2018" > "Medical domain") are subsets of it (a score setting),
  since the extractor also turned table captions and prose into subdataset names;
- section headings the NLP-progress extractor read as datasets ("Metrics", "Datasets",
  "Supervised:", ...) are candidates flagged as not benchmarks;
- each benchmark name in the CSVs' Benchmarks column is a candidate, with the tasks that list
  it as hints (not the tasks' research areas: PWC files Retrieval under CV, and a text data set
  used for retrieval is no image data set); one named as a data set the CSVs list ("Common
  Datasets (Top 10)") plus a split, subset or setting ("GrailQA-IID", "Cityscapes val") has that
  data set as its `family`, which the crosswalk makes its parent (`named_part`); each CSV task
  row is a candidate flagged as not a benchmark (a problem area, not a dataset), with its areas;
- each SOTA cell is a score. A "Number of params" column is a model property: it goes into the
  row's scores as a setting, not a score of its own.

Who published a number: PWC's leaderboard tasks (SQuAD, CoQA, HotpotQA: the task's source_link
is "<X> Leaderboard") list submissions that the leaderboard's maintainers scored on a hidden test
set, so those are third party, published by the leaderboard. NLP-progress rows are copied from
the papers that introduced each method: the authors report their own model, so they are first
party (published by the paper), unless the cell says someone else measured it ("70.14 (measured
by Ge et al., 2018)"), which is third party. Scale: a number with "%" is a percent; otherwise a
column whose values all lie in [0, 1] is a fraction and one reaching above 1 is a percent, except
metrics that are not rates (perplexity, bits per character), which are "other".
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from assets.channels._frameworks import blob_url, raw_url
from assets.channels._tabular import TableError, read_rows
from assets.channels._weblinks import arxiv_abs_url, arxiv_id, github_repo_url, hf_dataset
from benchhub.channel import Channel, Payloads, Source
from benchhub.crosswalk.dataset_parts import data_set_names, named_part, sibling_parts
from benchhub.records import (
    BenchmarkCandidate,
    ChannelResult,
    ParseIssue,
    Relationship,
    Scale,
    ScoreObservation,
)
from benchhub.values import ValueFormatError, strip_markup, try_parse_value

NAME = "papers_with_code"
REPO = "World-Snapshot/papers-with-code"
COMMIT = "c50b88eb13b179903ecf715bb941fef91bdb5414"
_TASKS = "repositories/sota-extractor-master/data/tasks"
# recording -> path in the archive
FILES = {
    "pwc_format_squad.json": f"{_TASKS}/squad.json",
    "pwc_format_coqa.json": f"{_TASKS}/coqa.json",
    "pwc_format_hotpotqa.json": f"{_TASKS}/hotpotqa.json",
    "pwc_format_nlpprogress.json": f"{_TASKS}/nlpprogress.json",
    "pwc_format_example_json_format.json": f"{_TASKS}/examples/example_json_format.json",
    "results_all_tasks_detailed.csv": "results/all_tasks_detailed.csv",
    "results_nlp_nlp_tasks_detailed.csv": "results/nlp/nlp_tasks_detailed.csv",
}
# Papers with Code's licence (CC-BY-SA-4.0, per the archive's copy of the dumps' README) is for
# its own index data, not for the data sets it lists: no record carries it as a licence.

# Headings of NLP-progress pages that the extractor read as dataset names.
_HEADINGS = {
    "Metrics": "a section heading (the metrics used), not a dataset",
    "Datasets": "a section heading, not a dataset",
    "Platforms": "a section heading, not a dataset",
    "Experimental Results": "a section heading, not a dataset",
    "Smaller Datasets": "a heading over several example tables, not one dataset",
    "Warning: Evaluation Metrics": "a warning note, not a dataset",
    "Comparison on year level granularity:": "a table caption, not a dataset",
    "Fine-grained WSD:": "a section heading, not a dataset",
    "Supervised:": "a group of methods whose table columns are the datasets",
    "Knowledge-based:": "a group of methods whose table columns are the datasets",
}
_PARAMS_COLUMN = re.compile(r"number of params|^params\b", re.IGNORECASE)
_NOT_A_RATE = re.compile(r"perplexity|\bbpc\b|bits? per|\bbpb\b|params", re.IGNORECASE)
_MEASURED_BY = re.compile(r"^(?P<value>.+?)\s*\((?P<note>measured by [^)]*)\)\s*$", re.IGNORECASE)
_LEADERBOARD = re.compile(r"leaderboard\s*$", re.IGNORECASE)
_CSV_COLUMNS = ("Task Name", "Benchmarks")
_DATASETS_COLUMN = "Common Datasets (Top 10)"


def sources() -> list[Source]:
    return [Source(name, raw_url(REPO, COMMIT, path), name) for name, path in FILES.items()]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    csv_benchmarks: dict[str, BenchmarkCandidate] = {}
    csv_tasks: dict[str, BenchmarkCandidate] = {}
    datasets: set[str] = set()
    for name in sorted(payloads):
        if name.endswith(".json"):
            _read_task_file(name, payloads[name], result)
        else:
            _read_task_csv(name, payloads[name], csv_benchmarks, csv_tasks, datasets, result)
    result.candidates.extend(_in_their_data_sets(csv_benchmarks.values(), datasets))
    result.candidates.extend(csv_tasks.values())
    return result


# --- sota-extractor JSON -------------------------------------------------------------------


@dataclass
class _TaskFile:
    name: str
    url: str  # the file on GitHub, pinned
    result: ChannelResult
    keys: set[str] = field(default_factory=set)


def _read_task_file(name: str, data: bytes, result: ChannelResult) -> None:
    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        where = f"{name}:{exc.lineno}:{exc.colno}"
        result.issues.append(ParseIssue(NAME, where, f"invalid JSON, file not read: {exc.msg}"))
        return
    tasks = document if isinstance(document, list) else [document]
    file = _TaskFile(name, blob_url(REPO, COMMIT, FILES.get(name, name)), result)
    first = len(result.candidates)
    for index, task in enumerate(tasks):
        if not isinstance(task, dict) or not task.get("task"):
            result.issues.append(ParseIssue(NAME, f"{name}[{index}]", "not a task object"))
            continue
        _read_task(file, task, [], task.get("source_link") or {})
    _name_tasks_apart(result, first)


def _name_tasks_apart(result: ChannelResult, first: int) -> None:
    """A data set one file scores under several tasks ("Penn Treebank" for parsing, tagging,
    chunking and language modelling) is a benchmark per task: each record, and its scores, is
    named with its task ("Penn Treebank (Constituency parsing)")."""
    read = result.candidates[first:]
    paths: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for c in read:
        if c.is_benchmark:
            paths[c.source_name].add(tuple(c.extra["task_path"]))
    renamed: dict[str, str] = {}
    for index, c in enumerate(read, start=first):
        if c.is_benchmark and len(paths[c.source_name]) > 1:
            renamed[c.source_key] = f"{c.source_name} ({', '.join(c.extra['task_path'])})"
            result.candidates[index] = replace(c, source_name=renamed[c.source_key])
    for index, score in enumerate(result.scores):
        if score.benchmark_key in renamed:
            result.scores[index] = replace(score, benchmark_name=renamed[score.benchmark_key])


def _read_task(file: _TaskFile, task: dict[str, Any], parents: list[str], link: dict) -> None:
    path = [*parents, task["task"]]
    link = task.get("source_link") or link  # subtasks inherit their page's link
    for index, dataset in enumerate(task.get("datasets") or []):
        try:
            _read_dataset(file, dataset, path, task, link)
        except (AttributeError, KeyError, TypeError) as exc:  # a record of the wrong shape
            where = f"{file.name}#{' > '.join(path)} datasets[{index}]"
            file.result.issues.append(ParseIssue(NAME, where, f"unreadable dataset: {exc!r}"))
    for subtask in task.get("subtasks") or []:
        _read_task(file, subtask, path, link)


def _read_dataset(
    file: _TaskFile, dataset: dict[str, Any], path: list[str], task: dict[str, Any], link: dict
) -> None:
    name = (dataset.get("dataset") or "").strip()
    where = f"{file.name}#{' > '.join(path)} > {name}"
    if not name:
        file.result.issues.append(ParseIssue(NAME, where, "dataset without a name"))
        return
    key = f"{file.name.removesuffix('.json')}:{'/'.join(path)}/{name}"
    if key in file.keys:
        file.result.issues.append(ParseIssue(NAME, where, "the same dataset twice in one task"))
        return
    file.keys.add(key)
    sota = dataset.get("sota") or {}
    links = _links_about(dataset, name)
    paper = next((arxiv_id(url) for url in links if arxiv_id(url)), None)
    reason = _HEADINGS.get(name)
    file.result.candidates.append(
        BenchmarkCandidate(
            channel=NAME,
            source_key=key,
            source_name=name,
            source_url=file.url,
            description=(dataset.get("description") or "").strip() or None,
            paper_url=arxiv_abs_url(paper) if paper else None,
            arxiv_id=paper,
            hf_dataset=next((hf_dataset(url) for url in links if hf_dataset(url)), None),
            github_url=next((github_repo_url(url) for url in links if github_repo_url(url)), None),
            metric=", ".join(sota.get("metrics") or []) or None,
            capability_hints=tuple(dict.fromkeys([*path, *(task.get("categories") or [])])),
            family=path[-1],
            is_benchmark=reason is None,
            not_benchmark_reason=f"Papers with Code record: {reason}" if reason else None,
            extra={"task_path": path, "links": links, "source_link": link},
        )
    )
    tables = [(None, sota)] + [
        (sub.get("subdataset"), sub.get("sota") or {}) for sub in dataset.get("subdatasets") or []
    ]
    for subset, table in tables:
        _read_sota(file, table, key, name, subset, link, where)


def _links_about(dataset: dict[str, Any], name: str) -> list[str]:
    """The dataset's citations, and those of its links whose title names it: NLP-progress link
    lists also hold the papers of the methods in the results table."""
    title = name.rstrip(":").lower()
    links = [c for c in dataset.get("dataset_citations") or [] if isinstance(c, dict)]
    links += [
        link
        for link in dataset.get("dataset_links") or []
        if isinstance(link, dict) and title in (link.get("title") or "").lower()
    ]
    return [link["url"] for link in links if link.get("url")]


def _read_sota(
    file: _TaskFile,
    table: dict[str, Any],
    key: str,
    benchmark: str,
    subset: str | None,
    link: dict,
    where: str,
) -> None:
    rows = table.get("rows") or []
    if subset:
        where = f"{where} > {subset}"
    scales = _column_scales(rows)
    note_columns = _note_columns(rows)
    anonymous = []
    for index, row in enumerate(rows):
        model = (row.get("model_name") or "").strip()
        if not model:
            anonymous.append(index)
            continue
        metrics = row.get("metrics") or {}
        params = {k: v for k, v in metrics.items() if _PARAMS_COLUMN.search(k) and v}
        notes = {k: v for k, v in metrics.items() if k in note_columns and v}
        context: dict[str, Any] = {
            **({"subset": subset} if subset else {}),
            **({"model_params": next(iter(params.values()))} if params else {}),
            **({"uses_additional_data": True} if row.get("uses_additional_data") else {}),
            **notes,
        }
        for metric, raw in metrics.items():
            if metric in params or metric in notes:
                continue
            cell = _Cell(model, metric, raw, scales.get(metric, "other"), context)
            try:
                score = _score(row, cell, key, benchmark, link, file.url)
            except ValueFormatError as exc:
                where_cell = f"{where} rows[{index}].{metric}"
                file.result.issues.append(ParseIssue(NAME, where_cell, str(exc)))
                continue
            if score is not None:
                file.result.scores.append(score)
    if anonymous:
        message = (
            f"{len(anonymous)} rows name no model (anonymous submissions or a table's sub-header); "
            f"their numbers are not kept: rows {anonymous}"
        )
        file.result.issues.append(ParseIssue(NAME, where, message))


@dataclass(frozen=True, slots=True)
class _Cell:
    model: str
    metric: str
    raw: Any
    scale: Scale  # the column's
    settings: dict[str, Any]  # the row's


def _column_scales(rows: list[dict[str, Any]]) -> dict[str, Scale]:
    """A column of plain numbers is a fraction when every value is within [0, 1], else a percent;
    columns that are not rates (perplexity, bits per character) are "other"."""
    values: dict[str, list[float]] = {}
    for row in rows:
        for metric, raw in (row.get("metrics") or {}).items():
            try:
                parsed = try_parse_value(_strip_note(raw)[0], "other")
            except ValueFormatError:
                continue
            if parsed is not None:
                values.setdefault(metric, []).append(parsed.value)
    scales: dict[str, Scale] = {}
    for metric, numbers in values.items():
        if _NOT_A_RATE.search(metric) or min(numbers) < 0:
            scales[metric] = "other"
        elif max(numbers) <= 1:
            scales[metric] = "fraction"
        elif max(numbers) <= 100:
            scales[metric] = "percent"
        else:
            scales[metric] = "other"
    return scales


def _note_columns(rows: list[dict[str, Any]]) -> set[str]:
    """Columns of words, not numbers ("Note": "Constituent parser"): kept as score settings."""
    cells: dict[str, list[str]] = {}
    for row in rows:
        for metric, raw in (row.get("metrics") or {}).items():
            if isinstance(raw, str) and raw.strip():
                cells.setdefault(metric, []).append(strip_markup(raw))
    return {
        metric
        for metric, texts in cells.items()
        if all(text[:1].isalpha() for text in texts) and not _PARAMS_COLUMN.search(metric)
    }


def _strip_note(raw: Any) -> tuple[Any, dict[str, Any]]:
    """A cell's number and what the cell adds to it: "(measured by X)" or a trailing "+" mark."""
    if not isinstance(raw, str):
        return raw, {}
    text = raw.replace("\ufeff", "").replace("\u200b", "").strip()  # "\ufeff93.3" in NLP-progress
    if match := _MEASURED_BY.match(text):
        return match["value"], {"note": match["note"]}
    if text.endswith("+") and text[:-1].strip():
        return text[:-1], {"footnote_mark": "+"}
    return text, {}


def _score(
    row: dict[str, Any], cell: _Cell, key: str, benchmark: str, link: dict, file_url: str
) -> ScoreObservation | None:
    number, notes = _strip_note(cell.raw)
    if isinstance(number, str) and number.strip("-*– ") == "":
        return None  # "-", "--*": no result for this model in this column
    parsed = try_parse_value(number, cell.scale)
    if parsed is None:
        return None
    relationship, publisher, url = _provenance(row, link, notes, file_url)
    return ScoreObservation(
        channel=NAME,
        benchmark_key=key,
        benchmark_name=benchmark,
        model_name=cell.model,
        value=parsed.value,
        scale=parsed.scale,
        raw_value=str(cell.raw),
        source_url=url,
        relationship=relationship,
        metric=cell.metric,
        publisher=publisher,
        stderr=parsed.stderr,
        settings={**cell.settings, **notes},
        reported_at=(row.get("paper_date") or "").strip() or None,
    )


_FIRST_URL = re.compile(r"https?://[^\s)\]]+")


def _provenance(
    row: dict[str, Any], link: dict, notes: dict[str, Any], file_url: str
) -> tuple[Relationship, str | None, str]:
    """(relationship, publisher, source URL) of one SOTA cell; the rule is in the docstring."""
    # The extractor sometimes leaves markdown around the link ("url) [[11]](url2)"): keep the
    # first URL only.
    found = _FIRST_URL.match((row.get("paper_url") or "").strip())
    paper_url = found.group(0) if found else ""
    if _LEADERBOARD.search(link.get("title") or ""):
        return "third_party", link["title"], link.get("url") or file_url
    title = (row.get("paper_title") or "").strip() or paper_url or None
    if "note" in notes:
        return (
            "third_party",
            notes["note"].removeprefix("measured by ").strip(),
            paper_url or file_url,
        )
    return "first_party", title, paper_url or file_url


# --- archive CSVs ---------------------------------------------------------------------------


def _read_task_csv(
    name: str,
    data: bytes,
    benchmarks: dict[str, BenchmarkCandidate],
    tasks: dict[str, BenchmarkCandidate],
    datasets: set[str],
    result: ChannelResult,
) -> None:
    url = blob_url(REPO, COMMIT, FILES.get(name, name))
    try:
        _, rows = read_rows(data, _CSV_COLUMNS)
    except TableError as exc:
        result.issues.append(ParseIssue(NAME, name, str(exc)))
        return
    for row in rows:
        task = row.get("Task Name")
        if not task:
            result.issues.append(ParseIssue(NAME, f"{name}:{row.line}", "row without a task name"))
            continue
        categories = [
            c.strip()
            for c in (row.get("Categories") or row.get("Category")).split(";")
            if c.strip() and c.strip() != "N/A"
        ]
        # the research area ("CV", "NLP") is the task's filing, not a fact of each data set
        # listed under it: PWC files Retrieval under CV, and lists Quora Question Pairs there
        datasets.update(d.strip() for d in (row.get(_DATASETS_COLUMN) or "").split(";"))
        datasets.discard("")
        for benchmark in filter(None, (b.strip() for b in row.get("Benchmarks").split(";"))):
            _add_csv_candidate(benchmarks, f"benchmark:{benchmark}", benchmark, url, (task,), None)
        reason = (
            "Papers with Code task (a problem area that many benchmarks belong to), not a benchmark"
        )
        _add_csv_candidate(tasks, f"task:{task}", task, url, tuple(categories), reason)


def _add_csv_candidate(
    into: dict[str, BenchmarkCandidate],
    key: str,
    name: str,
    url: str,
    hints: tuple[str, ...],
    reason: str | None,
) -> None:
    if not reason and not any(ch.isalpha() for ch in name):
        reason = "a fragment of a split list cell (no letters), not a benchmark name"
    if key in into:  # listed under several tasks, or in both CSVs: gather the tasks as hints
        kept = into[key]
        hints = tuple(dict.fromkeys([*kept.capability_hints, *hints]))
        into[key] = replace(kept, capability_hints=hints)
        return
    into[key] = BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=name,
        source_url=url,
        capability_hints=tuple(dict.fromkeys(hints)),
        is_benchmark=reason is None,
        not_benchmark_reason=f"Papers with Code record: {reason}" if reason else None,
    )


# --- a benchmark's data set ----------------------------------------------------------------
# PWC forms a benchmark's name as its data set's name plus the split, subset or setting it
# scores ("Cityscapes val", "GrailQA-IID", "KILT: TriviaQA"); the CSVs list the data sets
# ("Common Datasets (Top 10)") beside the benchmarks. A benchmark so named is a part of that
# data set: its `family` is the data set, which the crosswalk makes its parent
# (benchhub/crosswalk/parents.py `_family_parent`). Which words make a part, and which make
# another data set or the same one: benchhub/crosswalk/dataset_parts.py.


def _in_their_data_sets(
    benchmarks: Iterable[BenchmarkCandidate], listed: set[str]
) -> list[BenchmarkCandidate]:
    """The CSV benchmarks, each named as a part of a data set the CSVs list (`listed`) or of
    another benchmark they list placed in it (`family`)."""
    candidates = list(benchmarks)
    names = data_set_names(listed | {c.source_name for c in candidates if c.is_benchmark})
    found = {
        c.source_name: part
        for c in candidates
        if c.is_benchmark and (part := named_part(c.source_name, names)) is not None
    }
    parts = {name: part for name, part in found.items() if part.kind is not None}
    parts |= sibling_parts(found, data_set_names(listed))
    placed = []
    for candidate in candidates:
        part = parts.get(candidate.source_name) if candidate.is_benchmark else None
        if part is not None:
            extra = {**candidate.extra, "dataset": part.dataset, "part": part.part}
            candidate = replace(candidate, family=part.dataset, extra=extra)
        placed.append(candidate)
    return placed


CHANNEL = Channel(
    name=NAME,
    title="Papers with Code (archive)",
    kind="paper_index",
    homepage="https://github.com/World-Snapshot/papers-with-code",
    recording_dir="paper-index-papers-with-code",
    sources=sources,
    parse=parse,
    live_notes="one GET per archive file on raw.githubusercontent.com pinned to a commit; the "
    "site and its API closed on 2025-07-24",
)
