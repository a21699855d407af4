"""Terminal-Bench leaderboard on tbench.ai: terminal-bench-core 0.1.1 (Terminal-Bench 1.x).

Live: the site's data module `app/(home)/leaderboard/data.ts` in
github.com/harbor-framework/terminal-bench-website, fetched from GitHub raw pinned to commit
7def3620; one GET, no pagination. The file is TypeScript: two arrays of object literals
(`rawLaunchLeaderboardData`, 15 launch entries, and `rawLiveLeaderboardData`, which spreads the
launch list into itself), with entries commented out by `//`. The bundled recording is a
field-for-field JSON transcription of that file (`exact=False`); `parse` reads either form, so
live mode needs no custom fetch: the TypeScript is transcribed by `transcribe_data_ts` into the
recording's shape. Commented-out entries are not on the site and yield no scores.

Each entry is one agent + model run: `accuracy` is a fraction with its `stderr`; `model` is a
string or a list (an agent that mixes models), `modelOrganization` a string, a list, or
"Multiple". `verified: true` means the Terminal-Bench team verified the run; false means the
submitter reported it. Either way the leaderboard is a third party to the model's developer,
except where the model's developer built the agent and submitted the run itself (Claude Code,
Codex CLI): those unverified rows are first_party.
"""

from __future__ import annotations

import json
import re
from typing import Any

from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ValueFormatError, parse_value

NAME = "terminal_bench"
DATA_TS_URL = (
    "https://raw.githubusercontent.com/harbor-framework/terminal-bench-website/"
    "7def362003a7a99d91dacb26f0aafeee5bdc8c14/app/(home)/leaderboard/data.ts"
)
SITE = "https://www.tbench.ai/leaderboard"
RECORDING = "terminal_bench_core_0.1.1_leaderboard.json"
DATASET = "terminal-bench-core==0.1.1"
LISTS = ("rawLaunchLeaderboardData", "rawLiveLeaderboardData")
COMMENTED_OUT = "commented_out_entries_in_source"

_ARRAY = re.compile(r"const (\w+): LeaderboardEntry\[\] = \[(.*?)\n\];", re.S)
_COMMENT_LINE = re.compile(r"^\s*//.*$", re.M)
_SPREAD = re.compile(r"^\s*\.\.\.\w+,?\s*$", re.M)
_ENUM = re.compile(r"\bIntegrationMethod\.(\w+)")
_KEY = re.compile(r"^(\s*)(\w+):", re.M)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def sources() -> list[Source]:
    return [Source("leaderboard", DATA_TS_URL, RECORDING, exact=False)]


def transcribe_data_ts(text: str) -> dict[str, list[dict[str, Any]]]:
    """The two entry arrays of data.ts as JSON values, in the recording's shape.

    Commented-out entries are dropped and the live list's `...rawLaunchLeaderboardData` spread
    is left out (the launch list is its own key), as in the recording.
    """
    arrays = {}
    for name, body in _ARRAY.findall(text):
        body = _SPREAD.sub("", _COMMENT_LINE.sub("", body))
        body = _ENUM.sub(r'"\1"', body)
        body = _KEY.sub(r'\1"\2":', body)
        arrays[name] = json.loads(_TRAILING_COMMA.sub(r"\1", f"[{body}]"))
    missing = [name for name in LISTS if name not in arrays]
    if missing:
        raise ValueError(f"data.ts has no {missing} array")
    return arrays


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    raw = payloads["leaderboard"]
    try:
        text = raw.decode("utf-8")
        document = json.loads(text) if text.lstrip().startswith("{") else transcribe_data_ts(text)
        lists = {name: document[name] for name in LISTS}
    except (UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        result.issues.append(ParseIssue(NAME, RECORDING, f"unreadable leaderboard: {exc}"))
        return result
    key = "terminal-bench-core/0.1.1"
    result.candidates.append(
        BenchmarkCandidate(
            channel=NAME,
            source_key=key,
            source_name="Terminal-Bench",
            source_url=SITE,
            github_url="https://github.com/laude-institute/terminal-bench",
            metric="accuracy (fraction of tasks resolved)",
            capability_hints=("coding", "agentic", "terminal"),
            release_date=min((e.get("date", "") for e in lists[LISTS[0]]), default=None),
            extra={
                "dataset_version": DATASET,
                "launch_entries": len(lists["rawLaunchLeaderboardData"]),
                "live_entries": len(lists["rawLiveLeaderboardData"]),
                "commented_out_entries": len(document.get(COMMENTED_OUT, [])),
            },
        )
    )
    for list_name, entries in lists.items():
        for index, entry in enumerate(entries):
            where = f"{RECORDING}#{list_name}[{index}]"
            try:
                result.scores.append(_score(entry, key, list_name == LISTS[0]))
            except (KeyError, TypeError, ValueFormatError) as exc:
                result.issues.append(ParseIssue(NAME, where, f"unreadable entry: {exc!r}"))
    return result


def _score(entry: dict[str, Any], key: str, at_launch: bool) -> ScoreObservation:
    accuracy = parse_value(entry["accuracy"], "fraction")
    models = entry["model"] if isinstance(entry["model"], list) else [entry["model"]]
    orgs = entry["modelOrganization"]
    developer = ", ".join(orgs) if isinstance(orgs, list) else orgs
    settings: dict[str, Any] = {
        "scaffold": entry["agent"],
        "agent_organization": entry["agentOrganization"],
        "integration_method": entry["integrationMethod"],
        "dataset_version": DATASET,
        "verified_by_maintainers": entry["verified"],
    }
    if len(models) > 1:
        settings["models"] = models  # the agent routes between these
    if at_launch:
        settings["launch_entry"] = True
    self_submitted = not entry["verified"] and entry["agentOrganization"] == developer
    return ScoreObservation(
        channel=NAME,
        benchmark_key=key,
        benchmark_name="Terminal-Bench",
        model_name=" + ".join(models),
        value=accuracy.value,
        scale=accuracy.scale,
        raw_value=json.dumps(entry["accuracy"]),
        source_url=SITE,
        relationship="first_party" if self_submitted else "third_party",
        metric="accuracy",
        model_developer=None if developer == "Multiple" else developer,
        publisher=f"Terminal-Bench leaderboard (submitted by {entry['agentOrganization']})",
        stderr=float(entry["stderr"]),
        harness="terminal-bench",
        settings=settings,
        reported_at=entry["date"],
    )


CHANNEL = Channel(
    name=NAME,
    title="Terminal-Bench leaderboard",
    kind="leaderboard",
    homepage=SITE,
    recording_dir="leaderboard-terminal-bench",
    sources=sources,
    parse=parse,
    live_notes=(
        "one GET of a GitHub raw TypeScript file (data.ts), transcribed to JSON by the parser; "
        "no pagination; conditional requests via ETag"
    ),
)
