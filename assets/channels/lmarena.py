"""LMArena (formerly Chatbot Arena): crowd-sourced pairwise preference ratings, per arena.

Live: two public sources, both GitHub raw files pinned to a commit; one GET each, no
pagination, GitHub raw's unauthenticated rate limit is ample for seven files a day.
- github.com/lmarena/arena-catalog (LMArena's own repo) @ c9558b60 (2025-12-17):
  `data/leaderboard-{text,vision,image}.json` = {category: {model key: {rating, rating_q025,
  rating_q975}}}, the ratings without style control (the repo keeps style-controlled ratings in
  separate `-style-control` files), and `data/scatterplot-data.json` (model key -> organisation).
- github.com/fboulnois/llm-leaderboard-csv (a third-party CSV export of lmarena.ai):
  `csv/lmarena_{text,vision,image}.csv` @ 44db9588 (data of 2025-08-04) and the older
  `csv/lmsys.csv` @ f1d824ad (2025-07-18, the text arena under its old name): rank, arena_score,
  "+5/-5" 95% interval, votes, organization, licence. Its model names are display names
  ("Gemini-2.5-Pro") where the catalog has keys ("gemini-2.5-pro"); both are kept as spelled.

Benchmarks: one per arena (text, vision, text-to-image). The catalog's categories (coding,
hard_6, chinese, industry_*, ...) are slices of one arena's votes, not separate benchmarks, so a
category is a setting (`category`) of the arena's score and the candidate lists them as
capability hints. Scale "elo" (Bradley-Terry ratings on the Elo scale); the 95% interval is the
bootstrap quantile pair. The ratings are third-party by construction (votes by the public).
"""

from __future__ import annotations

import json

from assets.channels._frameworks import raw_url
from assets.channels._tabular import Row, TableError, read_rows
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ValueFormatError, parse_value

NAME = "lmarena"
CATALOG_REPO = "lmarena/arena-catalog"
CATALOG_COMMIT = "c9558b60647217fafa878cb7ee14f8f43c355594"
CATALOG_DATE = "2025-12-17"  # the pinned commit's date: the catalog files carry none
CSV_REPO = "fboulnois/llm-leaderboard-csv"
CSV_COMMIT = "44db9588e2b0d12fff17d6e607066746f0fa84d5"
CSV_DATE = "2025-08-04"  # the export's data version at that commit
LMSYS_COMMIT = "f1d824adc74778cafccb813103f4af49b3d04ffb"
LMSYS_DATE = "2025-07-18"
SITE = "https://lmarena.ai/leaderboard"
METRIC = "arena score (Bradley-Terry rating)"
SCATTERPLOT = "scatterplot"

# Arena key (as the file names spell it) -> benchmark name and leaderboard page.
ARENAS = {
    "text": ("LMArena Text", f"{SITE}/text"),
    "vision": ("LMArena Vision", f"{SITE}/vision"),
    "image": ("LMArena Text-to-Image", f"{SITE}/text-to-image"),
}
_CSV_COLUMNS = ["rank", "model", "arena_score", "95_pct_ci", "votes", "organization"]


def _catalog_url(path: str) -> str:
    return raw_url(CATALOG_REPO, CATALOG_COMMIT, path)


# Export name -> (arena, recording, live URL, data date).
_EXPORTS = {
    **{
        f"csv/{arena}": (
            arena,
            f"fboulnois_lmarena_{arena}.csv",
            raw_url(CSV_REPO, CSV_COMMIT, f"csv/lmarena_{arena}.csv"),
            CSV_DATE,
        )
        for arena in ARENAS
    },
    "csv/lmsys": (
        "text",
        "fboulnois_lmsys_2025-07-18.csv",
        raw_url(CSV_REPO, LMSYS_COMMIT, "csv/lmsys.csv"),
        LMSYS_DATE,
    ),
}


def sources() -> list[Source]:
    catalog = [
        Source(
            f"catalog/{arena}",
            _catalog_url(f"data/leaderboard-{arena}.json"),
            f"arena-catalog_leaderboard-{arena}.json",
        )
        for arena in ARENAS
    ]
    scatter = Source(
        SCATTERPLOT,
        _catalog_url("data/scatterplot-data.json"),
        "arena-catalog_scatterplot-data.json",
    )
    exports = [Source(name, url, recording) for name, (_, recording, url, _) in _EXPORTS.items()]
    return [*catalog, scatter, *exports]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    organisations = _organisations(payloads, result)
    categories = {arena: _parse_catalog(arena, payloads, organisations, result) for arena in ARENAS}
    for name, (arena, recording, url, date) in _EXPORTS.items():
        _parse_export(name, arena, recording, url, date, payloads, result)
    for arena, (title, page) in ARENAS.items():
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=arena,
                source_name=title,
                source_url=page,
                paper_url="https://arxiv.org/abs/2403.04132",
                arxiv_id="2403.04132",
                github_url="https://github.com/lmarena/arena-catalog",
                metric=METRIC,
                capability_hints=tuple(categories[arena]),
                family="LMArena",
                extra={"rating_file": _catalog_url(f"data/leaderboard-{arena}.json")},
            )
        )
    return result


def _organisations(payloads: Payloads, result: ChannelResult) -> dict[str, str]:
    """Model key -> organisation, from the catalog's price/score plot data."""
    location = "arena-catalog_scatterplot-data.json"
    try:
        entries = json.loads(payloads[SCATTERPLOT])
        return {e["model_api_name"]: e["organization"] for e in entries if e.get("organization")}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        result.issues.append(ParseIssue(NAME, location, f"unreadable model table: {exc!r}"))
        return {}


def _parse_catalog(
    arena: str, payloads: Payloads, organisations: dict[str, str], result: ChannelResult
) -> list[str]:
    """Scores for every category x model of one arena; returns the categories."""
    location = f"arena-catalog_leaderboard-{arena}.json"
    try:
        document = json.loads(payloads[f"catalog/{arena}"])
        if not isinstance(document, dict):
            raise TypeError(f"expected an object of categories, got {type(document).__name__}")
    except (KeyError, TypeError, ValueError) as exc:
        result.issues.append(ParseIssue(NAME, location, f"unreadable ratings file: {exc}"))
        return []
    title = ARENAS[arena][0]
    url = _catalog_url(f"data/leaderboard-{arena}.json")
    for category, ratings in document.items():
        for model, rating in ratings.items():
            try:
                value = parse_value(rating["rating"], "elo")
                low, high = float(rating["rating_q025"]), float(rating["rating_q975"])
            except (KeyError, TypeError, ValueError) as exc:
                where = f"{location}#{category}/{model}"
                result.issues.append(ParseIssue(NAME, where, f"unreadable rating: {exc!r}"))
                continue
            result.scores.append(
                ScoreObservation(
                    channel=NAME,
                    benchmark_key=arena,
                    benchmark_name=title,
                    model_name=model,
                    value=value.value,
                    scale=value.scale,
                    raw_value=json.dumps(rating["rating"]),
                    source_url=url,
                    relationship="third_party",
                    metric=METRIC,
                    model_developer=organisations.get(model),
                    publisher="LMArena",
                    ci_low=low,
                    ci_high=high,
                    settings={"category": category, "style_control": False},
                    reported_at=CATALOG_DATE,
                )
            )
    return list(document)


def _parse_export(
    name: str,
    arena: str,
    recording: str,
    url: str,
    date: str,
    payloads: Payloads,
    result: ChannelResult,
) -> None:
    try:
        _, rows = read_rows(payloads[name], _CSV_COLUMNS)
    except (KeyError, TableError) as exc:
        result.issues.append(ParseIssue(NAME, recording, f"unreadable file: {exc}"))
        return
    for row in rows:
        try:
            result.scores.append(_export_score(row, arena, url, date))
        except ValueFormatError as exc:
            where = f"{recording}:{row.line} ({row.get('model')})"
            result.issues.append(ParseIssue(NAME, where, f"unreadable score: {exc}"))


def _export_score(row: Row, arena: str, url: str, date: str) -> ScoreObservation:
    score = row.get("arena_score")
    # The interval cell is "+5/-4" around the score; values.py reads "1470 +5/-4" as one value.
    parsed = parse_value(f"{score} {row.get('95_pct_ci')}", "elo")
    return ScoreObservation(
        channel=NAME,
        benchmark_key=arena,
        benchmark_name=ARENAS[arena][0],
        model_name=row.get("model"),
        value=parsed.value,
        scale=parsed.scale,
        raw_value=score,
        source_url=url,
        relationship="third_party",
        metric=METRIC,
        model_developer=row.get("organization") or None,
        publisher="LMArena (CSV export by fboulnois/llm-leaderboard-csv)",
        ci_low=parsed.ci_low,
        ci_high=parsed.ci_high,
        reported_at=date,
    )


CHANNEL = Channel(
    name=NAME,
    title="LMArena leaderboards",
    kind="leaderboard",
    homepage=SITE,
    recording_dir="leaderboard-lmarena",
    sources=sources,
    parse=parse,
    live_notes=(
        "8 GETs of GitHub raw files pinned to commits (lmarena/arena-catalog and "
        "fboulnois/llm-leaderboard-csv); no pagination; conditional requests via ETag"
    ),
)
