"""UK AISI inspect_evals: every eval's `eval.yaml` listing, and the scores its README reports.

Each eval folder in the package carries an `eval.yaml` (title, description, arXiv link, group,
tasks with their sample counts, external assets such as Hugging Face datasets, and a
comparability version like "3-B") and a README. CTF-style evals also keep one `eval.yaml` per
challenge (name, sandbox, flag, prompt variants): those are parts of an eval, kept as candidates
flagged as not benchmarks (their flags and prompts are not copied). About 40 READMEs have an
"Evaluation Report" section whose tables give the maintainers' or contributors' own runs: model,
provider, accuracy, stderr, dates and versions. Those become third-party score observations;
rows, columns and sub-sections that quote a paper or a leaderboard are left out, since the number
is not one the inspect_evals run produced.

Live: raw files of UKGovernmentBEIS/inspect_evals at the release tag `v0.28.0` (the PyPI
`inspect-evals` 0.28.0 release the recording comes from): the 213 `eval.yaml` files and the 159
READMEs listed in the recording, one GET each from raw.githubusercontent.com (no API quota; the
Fetcher's per-host pause makes this about three minutes). The recorded files are verbatim, so
replay serves them at the same URLs. The folder's derived `inspect_evals_eval_yaml_listing.json`
is the same 213 documents parsed; it is not read here (tests check the two agree).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from assets.channels._frameworks import arxiv_id, blob_url, load_yaml, raw_url
from benchhub.channel import Channel, Payloads, Source, recording_sources
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ParsedValue, ValueFormatError, parse_value, strip_markup

NAME = "inspect_evals"
REPO = "UKGovernmentBEIS/inspect_evals"
TAG = "v0.28.0"
PACKAGE_DIR = "src/inspect_evals"
RECORDING_DIR = "framework-inspect-evals"
HOMEPAGE = "https://ukgovernmentbeis.github.io/inspect_evals/"
HARNESS = "inspect_evals"
EVAL_DIR, README_DIR = "raw_eval_yaml", "readmes"
EVAL_SUFFIX, README_SUFFIX = ".eval.yaml", ".README.md"


def sources() -> list[Source]:
    return [
        *recording_sources(RECORDING_DIR, f"{EVAL_DIR}/*{EVAL_SUFFIX}", _live_url),
        *recording_sources(RECORDING_DIR, f"{README_DIR}/*{README_SUFFIX}", _live_url),
    ]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    titles: dict[str, str] = {}
    task_names: dict[str, tuple[str, ...]] = {}
    for name in sorted(n for n in payloads if n.startswith(f"{EVAL_DIR}/")):
        key = _eval_key(name)
        try:
            document = load_yaml(payloads[name])
            if not isinstance(document, dict):
                raise ValueError(f"top level is a {type(document).__name__}, not a mapping")
            candidate = _candidate(key, document)
        except (yaml.YAMLError, ValueError, TypeError, KeyError, AttributeError) as exc:
            message = str(exc).replace("\n", " ")
            result.issues.append(ParseIssue(NAME, name, f"unreadable eval.yaml: {message}"))
            continue
        result.candidates.append(candidate)
        if candidate.is_benchmark:
            titles[key] = candidate.source_name
            task_names[key] = tuple(
                t["name"] for t in candidate.extra.get("tasks", []) if t.get("name")
            )
    for name in sorted(n for n in payloads if n.startswith(f"{README_DIR}/")):
        key = _eval_key(name)
        text = payloads[name].decode("utf-8", "replace")
        tasks = task_names.get(key, ())
        result.extend(_readme_scores(key, titles.get(key, key), name, text, tasks))
    if not result.candidates:
        result.issues.append(ParseIssue(NAME, EVAL_DIR, "no eval.yaml listing could be read"))
    return result


def _eval_key(recording_name: str) -> str:
    """`raw_eval_yaml/cybench__challenges__avatar.eval.yaml` -> `cybench/challenges/avatar`."""
    stem = recording_name.split("/", 1)[1]
    for suffix in (EVAL_SUFFIX, README_SUFFIX):
        stem = stem.removesuffix(suffix)
    return stem.replace("__", "/")


def _live_url(recording_name: str) -> str:
    file_name = "eval.yaml" if recording_name.endswith(EVAL_SUFFIX) else "README.md"
    return raw_url(REPO, TAG, f"{PACKAGE_DIR}/{_eval_key(recording_name)}/{file_name}")


def _page_url(key: str, file_name: str) -> str:
    return blob_url(REPO, TAG, f"{PACKAGE_DIR}/{key}/{file_name}")


# --- eval.yaml listings ---------------------------------------------------------------------


def _candidate(key: str, document: dict[str, Any]) -> BenchmarkCandidate:
    source_url = _page_url(key, "eval.yaml")
    if "title" not in document:
        # A per-challenge definition (name, sandbox, flag, prompt variants) inside a CTF eval.
        parent = key.split("/", 1)[0]
        return BenchmarkCandidate(
            channel=NAME,
            source_key=key,
            source_name=str(document.get("name") or key.rsplit("/", 1)[-1]),
            source_url=source_url,
            family=parent,
            is_benchmark=False,
            not_benchmark_reason=(
                f"one challenge or task definition inside the {parent} eval (sandbox, prompt "
                "variants), not a benchmark listing"
            ),
            extra={"variants": sorted(document.get("variants") or {})},
        )
    tasks = [t for t in document.get("tasks") or [] if isinstance(t, dict)]
    assets = [a for a in document.get("external_assets") or [] if isinstance(a, dict)]
    # one dataset is often listed once per way it is fetched (snapshot_download, hf_dataset)
    hf_datasets = list(
        dict.fromkeys(
            str(a["source"]) for a in assets if a.get("type") == "huggingface" and a.get("source")
        )
    )
    samples = [t.get("dataset_samples") for t in tasks]
    paper = document.get("arxiv")
    extra = {
        "version": document.get("version"),
        "tasks": [
            {k: t[k] for k in ("name", "dataset_samples", "human_baseline") if k in t}
            for t in tasks
        ],
        "hf_datasets": hf_datasets,
        "external_assets": [{"type": a.get("type"), "source": a.get("source")} for a in assets],
        "contributors": document.get("contributors"),
        "metadata": document.get("metadata"),
    }
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=str(document["title"]),
        source_url=source_url,
        description=(document.get("description") or "").strip() or None,
        paper_url=paper if isinstance(paper, str) else None,
        arxiv_id=arxiv_id(paper if isinstance(paper, str) else None),
        # An eval built from several datasets names them all in extra, none as "the" dataset.
        hf_dataset=hf_datasets[0] if len(hf_datasets) == 1 else None,
        # Tasks of one eval often share a dataset (mmlu_0_shot, mmlu_5_shot): no sum.
        sample_count=samples[0] if len(samples) == 1 and isinstance(samples[0], int) else None,
        capability_hints=tuple(
            str(h) for h in [document.get("group"), *(document.get("tags") or [])] if h
        ),
        extra={k: v for k, v in extra.items() if v not in (None, [], {})},
    )


# --- README "Evaluation Report" tables ------------------------------------------------------

# The README sections holding the eval's own runs ("Evaluation Report", "Evaluation results
# using dataset ...", "Results", "Eval results"); "Benchmark Results" and "Experimental Results"
# are quotes or plots.
_REPORT_HEADING = re.compile(r"^(evaluation (report|results?)\b|eval results$|results$)", re.I)
# Sub-sections, columns and rows marked like these quote a paper or a leaderboard.
_QUOTED = re.compile(r"\b(paper|original|leaderboard|reference|theirs|blogpost)\b", re.I)
_QUOTED_INTRO = re.compile(
    r"\b(compared|comparison) (with|to) (the )?(leaderboard|paper|original)"
    r"|\bfrom the (leaderboard|paper)\b"
    r"|\bexternal evaluation pipeline\b",  # uccb: "not by running this inspect_evals task"
    re.I,
)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_DATE = re.compile(
    r"\b(?P<iso>\d{4}-\d{2}-\d{2})\b"
    rf"|\b(?:(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<month>{_MONTH})\b\.?"
    r"\s+(?:(?P<day2>\d{1,2})(?:st|nd|rd|th)?,?\s+)?(?P<year>20\d{2})\b",
    re.I,
)
# A line dating the run, not a dataset release or a price quote.
_DATE_CUE = re.compile(
    r"\b(results?|generated|produced|timestamp|date|ran|run on|updated|collected|obtained)\b",
    re.I,
)
_NOT_RUN_DATE = re.compile(r"\b(released?|pricing|as of)\b", re.I)
_VERSION = re.compile(r"\bversion\b[^0-9A-Za-z]{0,5}`?(\d+-[A-Z]\b|\d+\.\d+(?:\.\d+)?)", re.I)
_SHOTS = re.compile(r"(?<![A-Za-z0-9])(\d+|zero|one)[-_ ]shot\b", re.I)
_EFFORT = re.compile(r"\((minimal|low|medium|high|xhigh)\)\s*$", re.I)
_LEADING_VALUE = re.compile(
    r"^\s*(?P<value>[-+]?\d[\d,]*(?:\.\d+)?\s*%?(?:\s*(?:±|\+/-)\s*\d*\.?\d+\s*%?)?)"
    r"\s*(?:\(.*\)|[A-Za-z][A-Za-z ]*)?\s*$"
)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_CI = re.compile(r"^\[\s*([-+]?\d*\.?\d+)\s*,\s*([-+]?\d*\.?\d+)\s*\]$")

# Column roles by header (lower case, markup removed).
_SETTING_COLUMNS = {
    "parameters": "parameters",
    "additional hyperparameters": "parameters",
    "judge": "judge",
    "judge model": "judge",
    "samples": "samples",
    "epochs": "epochs",
    "format": "format",
    "task": "task",
    "split": "split",
    "difficulty": "difficulty",
    "implementation": "implementation",
    "eval run": "run",
    "source": "run",
    "notes": "notes",
    "comment": "notes",
    "": "label",
}
_IGNORED_COLUMN = re.compile(
    r"^(time|total time|tokens.*|cost.*|avgcost|avgtok|n|correct answers|total samples)$"
    r"|\bcount\b|^std$|^(delta|diff)\b|^δ",
    re.I,
)
_STDERR_COLUMN = re.compile(r"\b(stderr|std\.? error|standard error)\b", re.I)
_CI_COLUMN = re.compile(r"\b9\d% ci\b", re.I)


@dataclass
class _Table:
    line: int  # 1-based line of the header row
    headings: tuple[str, ...]  # sub-headings inside the report section, outermost first
    intro: str  # the text between the previous table or heading and this table
    header: list[str]
    rows: list[list[str]]
    date: str | None
    version: str | None


@dataclass
class _Context:
    key: str
    title: str
    location: str
    source_url: str
    tasks: tuple[str, ...] = ()  # the eval's task names, from its eval.yaml
    result: ChannelResult = field(default_factory=ChannelResult)


def _readme_scores(
    key: str, title: str, location: str, text: str, tasks: tuple[str, ...] = ()
) -> ChannelResult:
    context = _Context(key, title, location, _page_url(key, "README.md"), tasks)
    for table in _report_tables(text.splitlines()):
        if any(_QUOTED.search(h) for h in table.headings) or _QUOTED_INTRO.search(table.intro):
            continue
        _table_scores(table, context)
    return context.result


def _report_tables(lines: list[str]) -> Iterator[_Table]:
    """Every pipe table inside a report section, with the headings above it and the date and
    version notes that govern it. Headings inside code blocks ("# Evaluate with ...") are
    shell comments, not sections."""
    headings = [
        (number, len(match.group(1)), _plain(match.group(2)))
        for number, line in _prose_lines(lines, 0, len(lines))
        if (match := _HEADING.match(line))
    ]
    section_end = 0
    for position, (number, level, title) in enumerate(headings):
        report = _REPORT_HEADING.match(title)
        if not report or number < section_end:  # a "### Results" inside a report is part of it
            continue
        end = next((n for n, lvl, _ in headings[position + 1 :] if lvl <= level), len(lines))
        section_end = end
        # "Evaluation results using the subquestions dataset (...)" says which run it is.
        root = (level, title if len(title) > report.end() + 1 else "")
        yield from _section_tables(lines, number + 1, end, root)


@dataclass
class _Scope:
    """A heading and the notes written directly under it (not under its sub-headings)."""

    depth: int
    title: str
    parent: _Scope | None
    dates: list[tuple[int, str]] = field(default_factory=list)
    versions: list[tuple[int, str]] = field(default_factory=list)

    def chain(self) -> Iterator[_Scope]:
        scope: _Scope | None = self
        while scope is not None:
            yield scope
            scope = scope.parent


def _section_tables(
    lines: list[str], start: int, end: int, root: tuple[int, str]
) -> Iterator[_Table]:
    """Tables of one report section. A table's date and version come from the notes of its own
    heading (the last one above the table, else the first one below it), else from the
    headings that enclose it, else from a sub-section without tables ("Implementation details",
    "Reproducibility"): reports date themselves above or just below their tables, and a note
    under one results sub-heading does not speak for its siblings."""
    scope = _Scope(*root, parent=None)
    scopes = [scope]
    found: list[tuple[int, _Scope, str, list[list[str]]]] = []
    intro: list[str] = []
    block: list[list[str]] = []
    for number, line in _prose_lines(lines, start, end):
        if line.lstrip().startswith("|"):
            block.append(_cells(line))
            if number + 1 < end and lines[number + 1].lstrip().startswith("|"):
                continue
            if len(block) >= 2 and _is_rule(block[1]):
                found.append((number - len(block) + 2, scope, " ".join(intro), block))
            block, intro = [], []
            continue
        if match := _HEADING.match(line):
            depth = len(match.group(1))
            while scope.parent is not None and scope.depth >= depth:
                scope = scope.parent
            scope = _Scope(depth, _plain(match.group(2)), parent=scope)
            scopes.append(scope)
            intro = []
        elif line.strip():
            intro.append(_plain(line))
        if date := _run_date(line):
            scope.dates.append((number, date))
        if version := _version(line):
            scope.versions.append((number, version))
    with_tables = {id(table_scope) for _, table_scope, _, _ in found}
    meta = [s for s in scopes if id(s) not in with_tables and s.parent is not None]
    for line_number, table_scope, table_intro, rows in found:
        chain = [*table_scope.chain(), *meta]
        yield _Table(
            line=line_number,
            headings=tuple(s.title for s in reversed(list(table_scope.chain())) if s.title),
            intro=table_intro,
            header=[_plain(c) for c in rows[0]],
            rows=[r for r in rows[2:] if not _is_rule(r)],
            date=_nearest_note(line_number, [s.dates for s in chain]),
            version=_nearest_note(line_number, [s.versions for s in chain]),
        )


def _nearest_note(line: int, scopes: list[list[tuple[int, str]]]) -> str | None:
    for notes in scopes:
        before = [value for at, value in notes if at < line]
        if before:
            return before[-1]
        if notes:
            return notes[0][1]
    return None


def _prose_lines(lines: list[str], start: int, end: int) -> Iterator[tuple[int, str]]:
    """Numbered lines outside fenced code blocks (commands mention models and versions)."""
    in_code = False
    for number in range(start, end):
        if lines[number].lstrip().startswith("```"):
            in_code = not in_code
        elif not in_code:
            yield number, lines[number]


def _table_scores(table: _Table, context: _Context) -> None:
    roles = [_column_role(h) for h in table.header]
    if "model" not in roles:
        return  # per-category or per-metric tables name no model per row
    model_at = roles.index("model")
    where = f"{context.location}:{table.line}"
    values: dict[int, list[ParsedValue | None]] = {}
    unreadable: dict[str, str] = {}
    for column, role in enumerate(roles):
        if role != "metric":
            continue
        cells = [_cell(row, column) for row in table.rows]
        try:
            values[column] = [_read_value(c) for c in cells]
        except ValueFormatError:
            unreadable[table.header[column]] = next(c for c in cells if _bad_value(c))
    if unreadable:
        examples = "; ".join(f"{h!r} (e.g. {v!r})" for h, v in unreadable.items())
        context.result.issues.append(
            ParseIssue(NAME, where, f"columns that hold no readable score, skipped: {examples}")
        )
    scales = {c: _column_scale(table.header[c], v) for c, v in values.items()}
    # One stderr column beside several metrics is ambiguous (it follows "Jaccard Similarity"
    # but is the stderr of "Accuracy" in the CyberSecEval 4 report): it is then left out.
    spreads = [c for c, r in enumerate(roles) if r in ("stderr", "ci")]
    spreads = spreads if roles.count("metric") == 1 else []
    for position, row in enumerate(table.rows):
        model = _plain(_cell(row, model_at))
        labels = [
            _plain(_cell(row, c)) for c, r in enumerate(roles) if r not in ("model", "metric")
        ]
        if not model or any(_QUOTED.search(label) for label in labels):
            continue  # a section label row, or a quoted reference number
        for column, parsed_column in values.items():
            parsed = parsed_column[position]
            if parsed is not None:
                context.result.scores.append(
                    _observation(
                        table, context, row, roles, model, column, parsed, scales[column], spreads
                    )
                )


def _observation(
    table: _Table,
    context: _Context,
    row: list[str],
    roles: list[str],
    model: str,
    column: int,
    parsed: ParsedValue,
    scale: str,
    spreads: list[int],
) -> ScoreObservation:
    settings: dict[str, Any] = {}
    if table.headings:
        settings["section"] = " / ".join(table.headings)
        if task := section_task(table.headings, context.tasks):
            settings["subset"] = task
    for index, role in enumerate(roles):
        if role.startswith("setting:") and _plain(_cell(row, index)):
            settings[role.removeprefix("setting:")] = _plain(_cell(row, index))
    if shots := _SHOTS.search(" ".join(table.headings)):
        word = shots.group(1).lower()
        settings["shots"] = {"zero": 0, "one": 1}.get(word) if not word.isdigit() else int(word)
    if effort := _EFFORT.search(model):
        settings["reasoning_effort"] = effort.group(1).lower()
    stderr, ci_low, ci_high = parsed.stderr, parsed.ci_low, parsed.ci_high
    for index in spreads:
        cell = _plain(_cell(row, index))
        if roles[index] == "stderr" and stderr is None:
            stderr = _stderr_on_scale(cell, scale, settings)
        elif roles[index] == "ci" and (bounds := _CI.match(cell)):
            ci_low, ci_high = float(bounds.group(1)), float(bounds.group(2))
    raw = _cell(row, column)
    return ScoreObservation(
        channel=NAME,
        benchmark_key=context.key,
        benchmark_name=context.title,
        model_name=model,
        value=parsed.value,
        scale=scale,  # type: ignore[arg-type]
        raw_value=raw,
        source_url=context.source_url,
        relationship="third_party",
        metric=table.header[column],
        model_developer=_column_text(row, roles, "provider"),
        publisher="inspect_evals",
        stderr=stderr,
        ci_low=ci_low,
        ci_high=ci_high,
        harness=HARNESS,
        harness_version=table.version,
        settings=settings,
        reported_at=_iso_date(_column_text(row, roles, "date") or "") or table.date,
    )


# --- which of an eval's tasks a report section is about ----------------------------------------

_WORD = re.compile(r"[a-z0-9]+")
# Words after these in a heading say what a run left out ("Base results (no welfare guidance)").
_NEGATIONS = frozenset({"no", "without", "non", "excluding"})
# Task-name words that are settings of a score (shots, chain of thought), never a part of the eval:
# `mmlu_0_shot` and `mmlu_5_shot` are one benchmark run two ways.
_SETTING_WORDS = frozenset({"shot", "shots", "fewshot", "zeroshot", "few", "zero", "one", "cot"})


def section_task(headings: tuple[str, ...], tasks: tuple[str, ...]) -> str | None:
    """The task of a multi-task eval that a report section's headings name, when it is a part of
    the eval (CyberSecEval 4's "MITRE False Refusal Rate" is `cyse4_mitre_frr`, Frontier-CS's
    "Algorithmic Track" is `frontier_cs_algorithmic`); None for the eval's main task, for a task
    that only differs by a setting (`mmlu_5_shot`), and when no task or more than one fits.

    A task fits when the words its name adds to the name all tasks share all appear in the
    headings, as words or as the initials of consecutive words ("frr"); a task named verbatim
    wins, and of several fits the one with the most such words wins."""
    if len(tasks) < 2:
        return None
    text = " / ".join(headings).lower()
    # A name with an underscore is written verbatim only on purpose ("variant (tac_welfare)").
    named = [t for t in tasks if "_" in t and re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", text)]
    if named:
        return _as_part(named[0], tasks) if len(named) == 1 else None
    words = _heading_words(text)
    fits: dict[str, int] = {}
    for task in tasks:
        own = _own_words(task, tasks)
        if not _only_settings(own) and own <= words:
            fits[task] = len(own)
    if not fits:
        return None
    best = max(fits.values())
    winners = [t for t, size in fits.items() if size == best]
    return winners[0] if len(winners) == 1 else None


def _as_part(task: str, tasks: tuple[str, ...]) -> str | None:
    return None if _only_settings(_own_words(task, tasks)) else task


def _only_settings(words: set[str]) -> bool:
    """True for the eval's main task (no words of its own) and for a task that differs from the
    others only by settings (`mmlu_5_shot`)."""
    return all(word in _SETTING_WORDS or word.isdigit() for word in words)


def _own_words(task: str, tasks: tuple[str, ...]) -> set[str]:
    """The words of a task name after the leading words all the eval's task names share."""
    split = [name.lower().split("_") for name in tasks]
    shared = 0
    while all(len(parts) > shared for parts in split) and len({p[shared] for p in split}) == 1:
        shared += 1
    return set(task.lower().split("_")[shared:])


def _heading_words(text: str) -> set[str]:
    """The words of the headings (minus those a negation rules out), and the initials of each
    run of two to four consecutive words."""
    words: list[str] = []
    negated = False
    for word in _WORD.findall(text):
        if word in _NEGATIONS:
            negated = True
            continue
        if not negated:
            words.append(word)
        negated = False
    initials = {
        "".join(w[0] for w in words[i : i + n])
        for n in range(2, 5)
        for i in range(len(words) - n + 1)
    }
    return set(words) | initials


def _column_role(header: str) -> str:
    text = header.lower()
    if text == "model":
        return "model"
    if text == "provider":
        return "provider"
    if text == "date":
        return "date"
    if _STDERR_COLUMN.search(text):
        return "stderr"
    if _CI_COLUMN.search(text):
        return "ci"
    if _QUOTED.search(text):
        return "quoted"
    if text in _SETTING_COLUMNS:
        return f"setting:{_SETTING_COLUMNS[text]}"
    if _IGNORED_COLUMN.search(text):
        return "ignored"
    return "metric"


def _read_value(cell: str) -> ParsedValue | None:
    """A published value; None for an empty, "DNF", "N.A" or "Not tested" cell. A value with a
    trailing note ("0.9% (+0.3%)", "5.3% (1/19)", "60.0% accuracy") is read up to the note:
    benchhub.values reads only the bare value (reported)."""
    text = _THOUSANDS.sub("", _plain(cell))
    if not any(ch.isdigit() for ch in text):
        return None
    try:
        return _with_percent(parse_value(text, "other"), text)
    except ValueFormatError:
        match = _LEADING_VALUE.match(text)
        if not match:
            raise
        return _with_percent(parse_value(match.group("value"), "other"), text)


def _with_percent(parsed: ParsedValue, text: str) -> ParsedValue:
    # "71.9±1.5%": the percent sign after the spread marks the value as a percent too.
    if "%" in text and parsed.scale != "percent":
        return ParsedValue(parsed.value, "percent", parsed.stderr, parsed.ci_low, parsed.ci_high)
    return parsed


def _bad_value(cell: str) -> bool:
    try:
        _read_value(cell)
    except ValueFormatError:
        return True
    return False


def _column_scale(header: str, parsed: list[ParsedValue | None]) -> str:
    """Percent when the cells or the header say so; fraction when every value lies in 0..1;
    otherwise the scale is the eval's own (a 1-10 judge score, a count of turns)."""
    present = [p for p in parsed if p is not None]
    if any(p.scale == "percent" for p in present) or "%" in header:
        return "percent"
    if present and all(0.0 <= p.value <= 1.0 for p in present):
        return "fraction"
    return "other"


def _stderr_on_scale(cell: str, scale: str, settings: dict[str, Any]) -> float | None:
    """A stderr kept only when it is on the value's scale: "45.3%" with "±0.025" is not, so the
    cell is kept as written in settings rather than converted."""
    try:
        parsed = _read_value(cell.lstrip("±"))
    except ValueFormatError:
        parsed = None
    if parsed is None:
        return None
    if (parsed.scale == "percent") == (scale == "percent"):
        return parsed.value
    settings["stderr_as_published"] = cell
    return None


def _column_text(row: list[str], roles: list[str], role: str) -> str | None:
    return (_plain(_cell(row, roles.index(role))) or None) if role in roles else None


def _run_date(line: str) -> str | None:
    text = _plain(line)
    if not _DATE_CUE.search(text) or _NOT_RUN_DATE.search(text):
        return None
    return _iso_date(text)


def _iso_date(text: str) -> str | None:
    """The first date in the text as ISO 8601: a day when it is given, else year-month."""
    match = _DATE.search(_plain(text))
    if not match:
        return None
    if match["iso"]:
        return match["iso"]
    month = _MONTHS.index(match["month"][:3].lower()) + 1
    day = match["day"] or match["day2"]
    return f"{match['year']}-{month:02d}-{int(day):02d}" if day else f"{match['year']}-{month:02d}"


def _version(line: str) -> str | None:
    match = _VERSION.search(_plain(line))
    return match.group(1) if match else None


def _plain(text: str) -> str:
    """Cell or heading text without markup, links (their text kept) or code backticks."""
    return strip_markup(_LINK.sub(r"\1", text)).replace("`", "").strip().strip("_").strip()


def _cells(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") else body
    return [c.strip() for c in re.split(r"(?<!\\)\|", body)]


def _is_rule(cells: list[str]) -> bool:
    return all(set(c) <= set("-: ") for c in cells) and any("-" in c for c in cells)


def _cell(row: list[str], index: int) -> str:
    return row[index] if index < len(row) else ""


CHANNEL = Channel(
    name=NAME,
    title="UK AISI inspect_evals",
    kind="framework",
    homepage=HOMEPAGE,
    recording_dir=RECORDING_DIR,
    sources=sources,
    parse=parse,
    live_notes=(
        f"GitHub raw files of {REPO}@{TAG}: 213 eval.yaml + 159 README.md, one GET each, "
        "no pagination, no API quota (polite per-host pause)"
    ),
)
