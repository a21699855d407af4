"""Aider's LLM leaderboards: code editing benchmarks run by the Aider team with its own harness.

Live: the leaderboard data files in `aider/website/_data/` of github.com/Aider-AI/aider,
fetched from GitHub raw pinned to commit 5dc9490b; one GET per file, five files, no pagination.
- `polyglot_leaderboard.yml`: the polyglot benchmark (225 Exercism exercises in C++, Go, Java,
  JavaScript, Python, Rust), shown on aider.chat/docs/leaderboards/.
- `o1_polyglot_leaderboard.yml`, `qwen3_leaderboard.yml`: polyglot runs shown in the posts that
  introduced them (2024-12-21 polyglot launch, 2025-05-08 Qwen3); same benchmark, own pages.
- `edit_leaderboard.yml`: the older code editing benchmark (133 Python Exercism exercises).
- `refactor_leaderboard.yml`: the refactoring benchmark (89 large methods), one attempt only.

Each entry is one run: `model` as Aider labels it ("o3-mini (high)"), `edit_format`, and
`pass_rate_1` / `pass_rate_2`, the percent of exercises passed on the first try and after one
retry with the test errors shown. Each becomes one score with `attempts` 1 or 2. Other settings
that change the score (reasoning effort, thinking tokens, the editor model in architect mode,
the exact `aider` command, the number of test cases in a partial run) go in `settings`; the
Aider version goes in `harness_version`. Aider runs every model itself: third_party.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import yaml

from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ValueFormatError, try_parse_value

NAME = "aider"
REPO_RAW = (
    "https://raw.githubusercontent.com/Aider-AI/aider/"
    "5dc9490bb35f9729ef2c95d00a19ccd30c26339c/aider/website/_data/"
)
SITE = "https://aider.chat/docs/leaderboards/"


@dataclass(frozen=True, slots=True)
class _Benchmark:
    key: str
    name: str  # as the leaderboard page titles it
    page: str
    description: str
    sample_count: int
    languages: tuple[str, ...]


POLYGLOT = _Benchmark(
    "polyglot",
    "Aider polyglot",
    SITE,
    "225 of Exercism's hardest coding exercises in C++, Go, Java, JavaScript, Python and Rust",
    225,
    ("c++", "go", "java", "javascript", "python", "rust"),
)
EDIT = _Benchmark(
    "edit",
    "Aider code editing",
    f"{SITE}edit.html",
    "133 Exercism Python exercises; the model edits source files to pass the tests",
    133,
    ("python",),
)
REFACTOR = _Benchmark(
    "refactor",
    "Aider refactoring",
    f"{SITE}refactor.html",
    "89 large methods from large Python classes that the model must refactor",
    89,
    ("python",),
)
# Data file -> (benchmark, page that shows it).
FILES: dict[str, tuple[_Benchmark, str]] = {
    "polyglot_leaderboard.yml": (POLYGLOT, SITE),
    "o1_polyglot_leaderboard.yml": (POLYGLOT, "https://aider.chat/2024/12/21/polyglot.html"),
    "qwen3_leaderboard.yml": (POLYGLOT, "https://aider.chat/2025/05/08/qwen3.html"),
    "edit_leaderboard.yml": (EDIT, f"{SITE}edit.html"),
    "refactor_leaderboard.yml": (REFACTOR, f"{SITE}refactor.html"),
}
# libyaml's safe loader when built in (ten times faster on these 120 KB), else the pure one.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Entry fields that change the score, copied into settings when present.
_SETTING_FIELDS = ("reasoning_effort", "thinking_tokens", "editor_model", "editor_edit_format")


def sources() -> list[Source]:
    return [Source(file, f"{REPO_RAW}{file}", file) for file in FILES]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    seen: set[str] = set()
    for file, (benchmark, page) in FILES.items():
        try:
            entries = yaml.load(payloads[file], Loader=_LOADER)
            if not isinstance(entries, list):
                raise ValueError(f"expected a list of runs, got {type(entries).__name__}")
        except (KeyError, ValueError, yaml.YAMLError) as exc:
            result.issues.append(ParseIssue(NAME, file, f"unreadable leaderboard file: {exc}"))
            continue
        if benchmark.key not in seen:
            seen.add(benchmark.key)
            result.candidates.append(_candidate(benchmark))
        for index, entry in enumerate(entries):
            where = f"{file}#{index}"
            try:
                result.scores.extend(_scores(entry, benchmark, page))
            except (KeyError, TypeError, ValueError) as exc:  # ValueFormatError included
                dirname = entry.get("dirname") if isinstance(entry, dict) else None
                result.issues.append(ParseIssue(NAME, f"{where} ({dirname})", repr(exc)))
    return result


def _candidate(benchmark: _Benchmark) -> BenchmarkCandidate:
    return BenchmarkCandidate(
        channel=NAME,
        source_key=benchmark.key,
        source_name=benchmark.name,
        source_url=benchmark.page,
        description=benchmark.description,
        github_url="https://github.com/Aider-AI/aider/tree/main/benchmark",
        metric="percent of exercises passed",
        sample_count=benchmark.sample_count,
        languages=benchmark.languages,
        capability_hints=("coding", "code editing"),
        family="Aider leaderboards",
    )


def _scores(entry: dict[str, Any], benchmark: _Benchmark, page: str) -> list[ScoreObservation]:
    settings: dict[str, Any] = {
        "edit_format": entry["edit_format"],
        "test_cases": entry["test_cases"],
        "command": entry["command"],
    }
    settings |= {name: entry[name] for name in _SETTING_FIELDS if name in entry}
    date = entry["date"]
    reported_at = date.isoformat() if isinstance(date, dt.date) else str(date)
    scores = []
    for attempts in (1, 2):
        raw = entry.get(f"pass_rate_{attempts}")
        parsed = try_parse_value(raw, "percent")
        if parsed is None:
            continue  # refactoring runs have no second attempt
        scores.append(
            ScoreObservation(
                channel=NAME,
                benchmark_key=benchmark.key,
                benchmark_name=benchmark.name,
                model_name=str(entry["model"]),
                value=parsed.value,
                scale=parsed.scale,
                raw_value=str(raw),
                source_url=page,
                relationship="third_party",
                metric=f"pass rate after {attempts} attempt{'s' if attempts > 1 else ''}",
                publisher="Aider LLM Leaderboards",
                harness="aider benchmark",
                harness_version=str(entry["versions"]),
                settings={**settings, "attempts": attempts},
                reported_at=reported_at,
            )
        )
    if not scores:
        raise ValueFormatError("no pass_rate_1 or pass_rate_2 in the entry")
    return scores


CHANNEL = Channel(
    name=NAME,
    title="Aider LLM leaderboards",
    kind="leaderboard",
    homepage=SITE,
    recording_dir="leaderboard-aider",
    sources=sources,
    parse=parse,
    live_notes=(
        "5 GETs of GitHub raw YAML files pinned to a commit; no pagination; "
        "conditional requests via ETag"
    ),
)
