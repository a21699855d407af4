"""LiveBench leaderboard (livebench.ai): per-task scores of each model, per benchmark release.

Live: the site's data files in `public/` of github.com/LiveBench/livebench.github.io, fetched
from GitHub raw pinned to commit 4bf96c8d; per release a `table_<release>.csv` (one row per model,
one 0-100 score column per task) and a `categories_<release>.json` (category -> its tasks).
Two GETs per release, ten releases, no pagination.

Schema drift: the task columns change between releases (web_of_lies_v2 -> v3 -> theory_of_mind,
LCB_generation -> code_generation, cta dropped, Agentic Coding added), so each release is read
with its own category file, and a task column that its category file does not list is a
ParseIssue. Candidates: LiveBench itself, one per category and one per task (each task is a
separately scored test set, with the category as its capability hint). Scores are published per
task only: the site computes category and overall averages in the browser, so those are not
emitted (a missing cell stays missing, and an average of what is there would be an estimate).
The release is a setting: questions are refreshed every release, so scores of one model on one
task differ between releases. LiveBench runs every model itself: third_party.
"""

from __future__ import annotations

import json
import re

from assets.channels._frameworks import raw_url
from assets.channels._tabular import TableError, cell_value, read_rows
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ValueFormatError

NAME = "livebench"
REPO = "LiveBench/livebench.github.io"
COMMIT = "4bf96c8d9dc9b06c17d82dc76a54429975c2b2c2"
SITE = "https://livebench.ai/"
PAPER = "https://arxiv.org/abs/2406.19314"
RELEASES = (
    "2024_06_24",
    "2024_07_26",
    "2024_08_31",
    "2024_11_25",
    "2025_04_02",
    "2025_04_25",
    "2025_05_30",
    "2025_11_25",
    "2025_12_23",
    "2026_01_08",
)
_RELEASE = re.compile(r"^\d{4}_\d{2}_\d{2}$")
_KINDS = (("table", "csv"), ("categories", "json"))


def _url(file: str) -> str:
    return raw_url(REPO, COMMIT, f"public/{file}")


def sources() -> list[Source]:
    files = [f"{kind}_{release}.{ext}" for release in RELEASES for kind, ext in _KINDS]
    return [Source(file, _url(file), file) for file in files]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    # What each task and category looks like across releases, for the candidates.
    task_category: dict[str, str] = {}
    task_releases: dict[str, list[str]] = {}
    category_tasks: dict[str, set[str]] = {}
    releases = sorted(name[6:16] for name in payloads if name.startswith("table_"))
    releases = [release for release in releases if _RELEASE.match(release)]
    for release in releases:
        categories = _categories(release, payloads, result)
        if categories is None:
            continue
        for category, tasks in categories.items():
            category_tasks.setdefault(category, set()).update(tasks)
            for task in tasks:
                task_category[task] = category
        for task in _parse_table(release, categories, payloads, result):
            task_releases.setdefault(task, []).append(_iso(release))
    result.candidates.append(
        BenchmarkCandidate(
            channel=NAME,
            source_key="livebench",
            source_name="LiveBench",
            source_url=SITE,
            paper_url=PAPER,
            arxiv_id="2406.19314",
            github_url="https://github.com/LiveBench/LiveBench",
            metric="average score (0-100)",
            capability_hints=tuple(sorted(category_tasks)),
            release_date=_iso(releases[0]) if releases else None,
            # The licence of the LiveBench/LiveBench code repository, not stated for the data.
            extra={"releases": [_iso(r) for r in releases], "code_license": "Apache-2.0"},
        )
    )
    for category, members in sorted(category_tasks.items()):
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=f"livebench/category/{category}",
                source_name=category,
                source_url=SITE,
                metric="average of its tasks' scores (0-100)",
                capability_hints=(category,),
                family="LiveBench",
                extra={"tasks": sorted(members)},
            )
        )
    for task, releases in sorted(task_releases.items()):
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=f"livebench/task/{task}",
                source_name=task,
                source_url=SITE,
                metric="score (0-100)",
                capability_hints=(task_category[task],),
                family="LiveBench",
                extra={"category": task_category[task], "releases": releases},
            )
        )
    return result


def _categories(
    release: str, payloads: Payloads, result: ChannelResult
) -> dict[str, list[str]] | None:
    file = f"categories_{release}.json"
    try:
        document = json.loads(payloads[file])
        if not isinstance(document, dict) or not all(
            isinstance(tasks, list) and all(isinstance(t, str) for t in tasks)
            for tasks in document.values()
        ):
            raise ValueError("expected {category: [task, ...]}")
    except (KeyError, ValueError) as exc:
        result.issues.append(ParseIssue(NAME, file, f"unreadable category file: {exc}"))
        return None
    return document


def _parse_table(
    release: str, categories: dict[str, list[str]], payloads: Payloads, result: ChannelResult
) -> list[str]:
    """Scores of one release; returns the tasks it scored."""
    file = f"table_{release}.csv"
    try:
        header, rows = read_rows(payloads[file], ["model"])
    except (KeyError, TableError) as exc:
        result.issues.append(ParseIssue(NAME, file, f"unreadable table: {exc}"))
        return []
    listed = {task for tasks in categories.values() for task in tasks}
    tasks = [column for column in header if column != "model"]
    for task in tasks:
        if task not in listed:
            message = f"task column {task!r} is in no category of categories_{release}.json"
            result.issues.append(ParseIssue(NAME, file, message))
    tasks = [task for task in tasks if task in listed]
    url, date = _url(file), _iso(release)
    for row in rows:
        model = row.get("model")
        for task in tasks:
            cell = row.get(task)
            try:
                parsed = cell_value(cell, "percent")
            except ValueFormatError as exc:
                where = f"{file}:{row.line} ({model})#{task}"
                result.issues.append(ParseIssue(NAME, where, str(exc)))
                continue
            if parsed is None:
                continue  # the model has no score on this task in this release
            result.scores.append(
                ScoreObservation(
                    channel=NAME,
                    benchmark_key=f"livebench/task/{task}",
                    benchmark_name=task,
                    model_name=model,
                    value=parsed.value,
                    scale=parsed.scale,
                    raw_value=cell,
                    source_url=url,
                    relationship="third_party",
                    metric="score (0-100)",
                    publisher="LiveBench",
                    harness="livebench",
                    settings={"release": date},
                    reported_at=date,
                )
            )
    return tasks


def _iso(release: str) -> str:
    return release.replace("_", "-")


CHANNEL = Channel(
    name=NAME,
    title="LiveBench leaderboard",
    kind="leaderboard",
    homepage=SITE,
    recording_dir="leaderboard-livebench",
    sources=sources,
    parse=parse,
    live_notes=(
        "20 GETs of GitHub raw files pinned to a commit (a table and a category file per "
        "release); no pagination; conditional requests via ETag"
    ),
)
