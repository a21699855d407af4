"""SWE-bench leaderboards (Test, Verified, Lite, Multimodal) from the official site's data file.

Live: the site's data file on GitHub raw; one request, no pagination; GitHub raw allows
unauthenticated reads at a modest rate, so one fetch a day is polite. Two shapes exist: the old
`template/data.json` (`verified`, `oss`) and the newer `data/leaderboards.json` (`checked`,
`os_model`, `tags`); both parse here. Scores are percent resolved, reported by the submitter and
re-checked by the SWE-bench team when `verified`/`checked` is true.
"""

from __future__ import annotations

import json
import re

from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ValueFormatError, parse_value

NAME = "swebench"
DATA_URL = "https://raw.githubusercontent.com/swe-bench/swe-bench.github.io/2d95e9695b5bd9e5b96b6b9ac37f000eece6f479/template/data.json"
SITE = "https://www.swebench.com/"
PAPER = "https://arxiv.org/abs/2310.06770"

# The split names the site uses, and the dataset each one scores.
SPLITS = {
    "Test": ("SWE-bench", "princeton-nlp/SWE-bench", 2294),
    "Verified": ("SWE-bench Verified", "princeton-nlp/SWE-bench_Verified", 500),
    "Lite": ("SWE-bench Lite", "princeton-nlp/SWE-bench_Lite", 300),
    "Multimodal": ("SWE-bench Multimodal", "princeton-nlp/SWE-bench_Multimodal", 510),
}
# "AutoCodeRover-v2.0 (Claude-3.5-Sonnet-20241022)": a model id in trailing parentheses, one
# token with letters and digits, not a version ("v20240719-dev") or a date ("2024-05-13").
_MODEL_IN_PARENS = re.compile(r"\((?!v?\d)([A-Za-z][\w.-]*\d[\w.-]*)\)\s*$")
_MODEL_TAG = "Model: "


def sources() -> list[Source]:
    return [Source("data.json", DATA_URL, "swebench_leaderboards_data.json")]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    location = "swebench_leaderboards_data.json"
    try:
        document = json.loads(payloads["data.json"])
        boards = document["leaderboards"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        result.issues.append(ParseIssue(NAME, location, f"unreadable leaderboard file: {exc}"))
        return result
    for board in boards:
        split = board.get("name")
        if split not in SPLITS:
            result.issues.append(
                ParseIssue(NAME, f"{location}#{split}", "unknown leaderboard split")
            )
            continue
        title, dataset, size = SPLITS[split]
        key = f"swe-bench/{split.lower()}"
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=key,
                source_name=title,
                source_url=SITE,
                paper_url=PAPER,
                arxiv_id="2310.06770",
                hf_dataset=dataset,
                github_url="https://github.com/swe-bench/SWE-bench",
                metric="% resolved",
                sample_count=size,
                splits=("test",),
                languages=("python",),
                capability_hints=("coding", "agentic", "software engineering"),
                family="swe-bench" if split != "Test" else None,
            )
        )
        for index, row in enumerate(board.get("results", [])):
            where = f"{location}#{split}[{index}]"
            try:
                result.scores.append(_score(row, key, title))
            except (KeyError, TypeError, ValueFormatError) as exc:
                result.issues.append(ParseIssue(NAME, where, f"unreadable result: {exc}"))
    return result


def _score(row: dict, key: str, title: str) -> ScoreObservation:
    system = row["name"]
    parsed = parse_value(row["resolved"], "percent")
    checked = row.get("checked", row.get("verified"))
    return ScoreObservation(
        channel=NAME,
        benchmark_key=key,
        benchmark_name=title,
        model_name=_model_name(row),
        value=parsed.value,
        scale=parsed.scale,
        raw_value=str(row["resolved"]),
        source_url=SITE,
        relationship="third_party",
        metric="% resolved",
        publisher="SWE-bench leaderboard",
        harness="swe-bench",
        settings={
            "scaffold": system,
            "checked_by_maintainers": bool(checked),
            "open_source_system": row.get("oss", row.get("os_system")),
            "submission": row.get("folder"),
            "system_site": row.get("site"),
        },
        reported_at=row.get("date"),
    )


def _model_name(row: dict) -> str:
    """The model inside a system name: a `Model:` tag (new shape), a model id in trailing
    parentheses, the part after the last " + " ("Agentless + GPT 4o (2024-05-13)"), or, for a
    system that names no model, the system itself."""
    for tag in row.get("tags") or []:
        if isinstance(tag, str) and tag.startswith(_MODEL_TAG):
            return tag[len(_MODEL_TAG) :]
    name = row["name"]
    if match := _MODEL_IN_PARENS.search(name):
        return match.group(1)
    return name.rsplit(" + ", 1)[-1].strip()


CHANNEL = Channel(
    name=NAME,
    title="SWE-bench leaderboards",
    kind="leaderboard",
    homepage=SITE,
    recording_dir="leaderboard-swebench",
    sources=sources,
    parse=parse,
    live_notes="one GET of a GitHub raw file; no pagination; conditional requests via ETag",
)
