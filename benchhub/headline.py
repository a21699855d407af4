"""What a benchmark's headline number is, and whether a score is one.

A benchmark's headline is the number its own leaderboard or paper leads with: one primary metric,
on the whole benchmark (no subset, category, language or track), under default settings
(`attempts` 1 unless the benchmark is defined otherwise, as Aider's pass rate after a second try
is). Every other number a source publishes for it is a *breakdown* of one kind:

- `subset`, `category`, `language`, `track`: a part of the benchmark (a subject, an arena
  category, one language);
- `alternate metric`: the whole benchmark under another metric (acc_norm next to acc, F1 next to
  EM) or another number of attempts (pass@5 next to pass@1; never compared with one attempt).

The grid (`leaderboard`) and the self-reported vs independent comparisons use headline scores
only; pages show breakdowns under them. The rules live here and in three SQL files that call
these functions (registered on the connection by `score_functions`):
`sql/scores.sql` reads each score (percent, metric family, attempts, breakdown, authority),
`sql/benchmark_headlines.sql` derives each benchmark's headline (curated overrides from
`curation/headlines.yaml` first) and `sql/score_kinds.sql` classifies every score against it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import yaml
from benchhub_format.score_settings import normalise_json
from duckdb.func import FunctionNullHandling

from benchhub.corrections import Correction, apply_corrections
from benchhub.runs import RUN_POOL_KEY, pool_id_for
from benchhub.site.run_pages import DEFAULT_SITE_URL, pool_page_url
from benchhub.warehouse import sql_text, transaction

CURATED_HEADLINES = Path(__file__).resolve().parents[1] / "curation" / "headlines.yaml"

# Breakdown kinds, in the order pages show them.
BREAKDOWN_KINDS = ("subset", "category", "language", "track", "alternate metric")
DEFAULT_ATTEMPTS = 1

# --- sources: who can know a benchmark's headline best ------------------------------------------

# Authority of a channel's numbers, lower first. Ties in a grid cell go to the benchmark's own
# leaderboard or paper, then evaluation labs (and a developer's own report of its model), then
# aggregators that relay others' numbers; then to the most recent.
OWN_LEADERBOARD, EVALUATION_LAB, AGGREGATOR = 0, 1, 2
AUTHORITY_NAMES = {
    OWN_LEADERBOARD: "benchmark's own leaderboard",
    EVALUATION_LAB: "evaluation lab or developer",
    AGGREGATOR: "aggregator",
}
CHANNEL_AUTHORITY: dict[str, int] = {
    # Leaderboards run by the benchmark's own authors: every benchmark they list is theirs.
    "aider": OWN_LEADERBOARD,
    "lmarena": OWN_LEADERBOARD,
    "livebench": OWN_LEADERBOARD,
    "swebench": OWN_LEADERBOARD,
    "terminal_bench": OWN_LEADERBOARD,
    # Labs and frameworks that run benchmarks themselves, and developers' own reports.
    "epoch_ai": EVALUATION_LAB,
    "helm_results": EVALUATION_LAB,
    "open_llm_leaderboard": EVALUATION_LAB,
    "inspect_evals": EVALUATION_LAB,
    "harbor": EVALUATION_LAB,
    "vendor_model_cards": EVALUATION_LAB,
    "ltb-runs": EVALUATION_LAB,
    # Relays of other publishers' numbers.
    "every_eval_ever": AGGREGATOR,
    "papers_with_code": AGGREGATOR,
}


# Leaderboards whose overall column is the run's last attempt: Aider's "Percent correct" is the
# pass rate after the second try wherever a second try was run.
LEADS_WITH_LAST_ATTEMPT = frozenset({"aider"})


def channel_authority(channel: str | None) -> int:
    return CHANNEL_AUTHORITY.get(channel or "", AGGREGATOR)


def leads_with_last_attempt(channel: str | None) -> bool:
    return channel in LEADS_WITH_LAST_ATTEMPT


# --- metrics: one family per way of scoring -----------------------------------------------------

# The share of items a model gets right, however a source spells it: accuracy, exact match,
# pass@1, pass rate, % resolved, success rate. Other metrics keep their own (normalised) name, so
# acc_norm, F1 and prompt-level strict accuracy are never read as plain accuracy.
ACCURACY = "accuracy"
RATING = "rating"
SCORE = "score"
_ACCURACY_SPELLINGS = frozenset(
    {
        "acc",
        "accuracy",
        "accuracy (%)",
        "accuracy (best across scorers)",
        "accuracy (inspect)",
        "avg accuracy",
        "overall accuracy",
        "micro average accuracy",
        "macro_avg/acc",
        "em",
        "exact match",
        "exact_match",
        "average/em",
        "macro_avg/em",
        "em_maj1@1",
        "final_em",
        "correct",
        "correctness",
        "percent correct",
        "% correct",
        "cot correct",
        "equivalent (cot)",
        "pass@1",
        "pass rate",
        "% resolved",
        "resolved",
        "% solved",
        "success rate",
        "single attempt (acc)",
    }
)
_RATING_SPELLINGS = frozenset({"arena score (bradley-terry rating)", "elo", "rating"})
_SCORE_SPELLINGS = frozenset(
    {"score", "score (0-100)", "average score", "mean score", "overall score average"}
)
# Metrics that are a share of items (0-1 or 0-100): their noise follows from the sample count.
PROPORTION_FAMILIES = frozenset({ACCURACY, "acc_norm", "acc_char", "prompt strict"})
# Spellings that carry the attempts (pass@k, "pass rate after 2 attempts", OPT@10) or runs.
_ATTEMPTS_IN_METRIC = (
    re.compile(r"^pass@k \(k=(\d+)\)$"),
    re.compile(r"^pass@(\d+)$"),
    re.compile(r"^pass rate after (\d+) attempts?$"),
)
_MULTIPLE_ATTEMPTS = re.compile(r"^multiple attempts \(acc\)$")
_AVERAGED_RUNS = re.compile(r"^avg@(\d+)$")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class MetricReading:
    family: str | None  # None: the source did not name its metric
    attempts: int | None = None  # from the metric's own name (pass@5, "after 2 attempts")


@lru_cache(maxsize=4096)
def read_metric(metric: str | None) -> MetricReading:
    """The metric family of a published metric name, and the attempts the name states."""
    text = _SPACES.sub(" ", (metric or "").strip().lower())
    if text in ("", "-"):
        return MetricReading(None)
    for pattern in _ATTEMPTS_IN_METRIC:
        if match := pattern.match(text):
            return MetricReading(ACCURACY, int(match.group(1)))
    if _MULTIPLE_ATTEMPTS.match(text):
        return MetricReading(ACCURACY, 0)  # several attempts, how many not said
    if _AVERAGED_RUNS.match(text):
        return MetricReading(ACCURACY, 1)  # accuracy of one attempt, averaged over n runs
    if text.replace("-", "_") in {"acc_norm"}:
        return MetricReading("acc_norm")
    if text in {"acc_char", "macro_avg/acc_char", "average/acc_char"}:
        return MetricReading("acc_char")
    if text in _ACCURACY_SPELLINGS or text.startswith("acc."):
        return MetricReading(ACCURACY)
    if text in _RATING_SPELLINGS:
        return MetricReading(RATING)
    if text in _SCORE_SPELLINGS:
        return MetricReading(SCORE)
    return MetricReading(text)


def metric_family(metric: str | None) -> str | None:
    return read_metric(metric).family


def metric_attempts(metric: str | None) -> int | None:
    return read_metric(metric).attempts


def is_proportion(family: str | None) -> bool:
    return family in PROPORTION_FAMILIES


# How an evaluation harness scores a multiple-choice item by log-likelihood, normalised by length
# (lm-eval's acc_norm, acc_char): a measurement choice of the harness, not a metric a benchmark's
# paper leads with. A rule-derived headline takes another family where a source publishes one.
HARNESS_NORMALISATIONS = frozenset({"acc_norm", "acc_char"})


def is_harness_normalisation(family: str | None) -> bool:
    return family in HARNESS_NORMALISATIONS


# --- subsets: a part of the benchmark, or the whole -------------------------------------------

# Subset values that name the whole benchmark (LMArena's "full", HELM's "all").
_WHOLE = re.compile(r"^(full|overall|all|total|average|avg|default|mean)$|100% of|\bfull set\b")
# A benchmark version is not a part of it (HELM WildBench "v2").
_VERSION = re.compile(r"^v?\d+(\.\d+)*$")
LANGUAGES = frozenset(
    [
        "arabic",
        "bengali",
        "burmese",
        "chinese",
        "czech",
        "dutch",
        "english",
        "french",
        "german",
        "greek",
        "hebrew",
        "hindi",
        "indonesian",
        "italian",
        "japanese",
        "korean",
        "malay",
        "persian",
        "polish",
        "portuguese",
        "romanian",
        "russian",
        "spanish",
        "swahili",
        "swedish",
        "tamil",
        "telugu",
        "thai",
        "turkish",
        "ukrainian",
        "urdu",
        "vietnamese",
        "yoruba",
    ]
)
# Channels whose subsets are categories of one pool of items (arena votes), not item subsets.
CATEGORY_CHANNELS = frozenset({"lmarena"})
# Settings that name a part of the benchmark, with the breakdown kind they make.
PART_SETTINGS = {
    "subset": "subset",
    "language_pair": "language",
    "level": "subset",
    "track": "track",
}


def breakdown_part(
    channel: str | None,
    subset: str | None,
    language_pair: str | None,
    level: str | None,
    track: str | None,
) -> str | None:
    """The breakdown kind when a score's settings name a part of the benchmark, else None.

    The arguments are those settings' values as text (JSON text for a list)."""
    values = {"subset": subset, "language_pair": language_pair, "level": level, "track": track}
    return _part(channel, tuple((PART_SETTINGS[key], value) for key, value in values.items()))


@lru_cache(maxsize=16384)
def _part(channel: str | None, values: tuple[tuple[str, str | None], ...]) -> str | None:
    for kind, value in values:
        if value is None or _names_whole(value):
            continue
        if kind == "subset":
            if value.strip().lower() in LANGUAGES:
                return "language"
            if channel in CATEGORY_CHANNELS:
                return "category"
        return kind
    return None


def _names_whole(value: str) -> bool:
    text = value.strip().lower()
    return bool(_WHOLE.search(text) or _VERSION.match(text))


# --- settings a source leaves unknown -----------------------------------------------------------

# Settings that change a score, each with the canonical keys that record it. A score that records
# none of a group's keys leaves that setting unknown (Evaluation Cards' reproducibility signal).
SCORE_CHANGING: dict[str, tuple[str, ...]] = {
    "reasoning_effort": ("reasoning_effort", "thinking", "thinking_budget"),
    "attempts": ("attempts",),
    "token_budget": ("max_tokens", "thinking_budget", "context_length"),
    "temperature": ("temperature",),
    "scaffold": ("scaffold",),
}
# What a channel fixes for every score it publishes, so it is known without being written down:
# Aider runs its own harness with a recorded number of tries; the Open LLM Leaderboard scores
# log-likelihoods of one greedy pass (no sampling, no reasoning, no agent).
KNOWN_BY_CHANNEL: dict[str, frozenset[str]] = {
    "aider": frozenset({"attempts", "scaffold"}),
    "open_llm_leaderboard": frozenset(SCORE_CHANGING),
    "swebench": frozenset({"scaffold"}),
    "terminal_bench": frozenset({"scaffold"}),
}
# Settings listed when two compared scores record different values.
COMPARED_SETTINGS = (
    "snapshot",
    "benchmark_version",
    "method",
    "reasoning_effort",
    "thinking",
    "thinking_budget",
    "attempts",
    "runs",
    "shots",
    "cot",
    "scaffold",
    "max_tokens",
    "context_length",
    "temperature",
    "judge",
    "prompt",
    "tools",
)


def recorded_groups(setting_names: list[str] | None) -> list[str]:
    """The score-changing settings a score records, from its settings' names."""
    return list(_recorded(tuple(setting_names or ())))


@lru_cache(maxsize=16384)
def _recorded(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(g for g, keys in SCORE_CHANGING.items() if any(k in names for k in keys))


def unknown_settings(
    setting_names: list[str] | None,
    channel: str | None,
    family: str | None,
    varying: list[str] | None,
) -> list[str]:
    """The score-changing settings this score's source leaves unknown.

    A setting counts where some score of the same benchmark records it (`varying`: it is known
    to change numbers there) and this one records none of its names; `attempts` read from the
    metric's name count as recorded. The metric itself is listed when the source did not name
    it."""
    return list(_unknown(tuple(setting_names or ()), channel, family, tuple(sorted(varying or ()))))


@lru_cache(maxsize=16384)
def _unknown(
    names: tuple[str, ...], channel: str | None, family: str | None, varying: tuple[str, ...]
) -> tuple[str, ...]:
    known = KNOWN_BY_CHANNEL.get(channel or "", frozenset()) | set(_recorded(names))
    unknown = tuple(group for group in SCORE_CHANGING if group in varying and group not in known)
    return (("metric",) if family is None else ()) + unknown


def off_default(settings_json: str | None, default_json: str | None) -> str | None:
    """The first headline default setting (other than attempts) this score records with another
    value, as "name value (headline: default)"; None when it keeps to the defaults."""
    settings = json.loads(settings_json) if settings_json else {}
    defaults = json.loads(default_json) if default_json else {}
    for name, default in sorted(defaults.items()):
        if name != "attempts" and name in settings and settings[name] != default:
            return f"{name} {settings[name]} (headline: {default})"
    return None


def differing_settings(a_json: str | None, b_json: str | None) -> list[str]:
    """The compared settings both scores record, with different values."""
    a = json.loads(a_json) if a_json else {}
    b = json.loads(b_json) if b_json else {}
    return [
        name
        for name in COMPARED_SETTINGS
        if name in a and name in b and not _same_setting(name, a[name], b[name])
    ]


def _same_setting(name: str, a: Any, b: Any) -> bool:
    if name == "snapshot":  # "05-13" (a model name's suffix) is the same as "2024-05-13"
        a, b = str(a), str(b)
        return a.endswith(b) or b.endswith(a)
    return bool(a == b)


# --- curated headlines -------------------------------------------------------------------------


@dataclass(frozen=True)
class CuratedHeadline:
    benchmark_id: str
    metric: str  # a metric family (see read_metric)
    attempts: int
    settings: dict[str, Any]  # other settings the headline is measured under
    why: str


@dataclass(frozen=True)
class CuratedPart:
    benchmark_id: str
    source_url_prefix: str
    kind: str  # subset, category, language or track
    part: str
    why: str


class CurationError(ValueError):
    """curation/headlines.yaml is malformed; the message names the entry."""


@cache
def curated_headlines(path: Path = CURATED_HEADLINES) -> tuple[CuratedHeadline, ...]:
    document = yaml.safe_load(path.read_text()) or {}
    entries = []
    for benchmark_id, entry in (document.get("headlines") or {}).items():
        where = f"{path}: headlines.{benchmark_id}"
        if not isinstance(entry, Mapping) or not entry.get("metric") or not entry.get("why"):
            raise CurationError(f"{where} needs `metric` (as published) and `why`")
        family = metric_family(str(entry["metric"]))
        if family is None:
            raise CurationError(f"{where}: metric {entry['metric']!r} names no metric")
        attempts = entry.get("attempts", DEFAULT_ATTEMPTS)
        if not isinstance(attempts, int) or attempts < 1:
            raise CurationError(f"{where}: attempts must be a positive integer, got {attempts!r}")
        settings = entry.get("settings") or {}
        if not isinstance(settings, Mapping):
            raise CurationError(f"{where}: settings must be a mapping, got {settings!r}")
        entries.append(
            CuratedHeadline(str(benchmark_id), family, attempts, dict(settings), str(entry["why"]))
        )
    return tuple(entries)


@cache
def curated_parts(path: Path = CURATED_HEADLINES) -> tuple[CuratedPart, ...]:
    document = yaml.safe_load(path.read_text()) or {}
    parts = []
    for position, entry in enumerate(document.get("parts") or []):
        where = f"{path}: parts[{position}]"
        missing = [
            k for k in ("benchmark", "source_url_prefix", "kind", "part", "why") if not entry.get(k)
        ]
        if missing:
            raise CurationError(f"{where} lacks {', '.join(missing)}")
        if entry["kind"] not in BREAKDOWN_KINDS[:-1]:
            raise CurationError(f"{where}: kind must be one of {BREAKDOWN_KINDS[:-1]}")
        parts.append(
            CuratedPart(
                str(entry["benchmark"]),
                str(entry["source_url_prefix"]),
                str(entry["kind"]),
                str(entry["part"]),
                str(entry["why"]),
            )
        )
    return tuple(parts)


# --- a parent's headline part -----------------------------------------------------------------

# Scores of each benchmark as a whole (no subset, category, language or track named in their
# settings, and not from a source known to publish only a part), read from the staged channel
# scores through the crosswalk as sql/scores.sql reads them. `benchmarks` needs them before the
# scores table exists (scores come after the catalogue), so they are counted from the same
# inputs by the same part rule.
_WHOLE_BENCHMARK_SCORES = """
SELECT a.benchmark_id, count(*) AS n
FROM channel_scores AS s
JOIN benchmark_aliases AS a ON a.channel = s.channel AND a.source_key = s.benchmark_key
LEFT JOIN curated_parts AS p
    ON p.benchmark_id = a.benchmark_id AND starts_with(s.source_url, p.source_url_prefix)
WHERE s.source_url IS NOT NULL AND s.source_url <> '' AND p.kind IS NULL
  AND breakdown_part(
        s.channel, s.settings ->> 'subset', s.settings ->> 'language_pair',
        s.settings ->> 'level', s.settings ->> 'track'
      ) IS NULL
GROUP BY a.benchmark_id
"""


def whole_benchmark_scores(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """How many published scores measure each benchmark as a whole (see above)."""
    with score_functions(con):
        return dict(con.execute(_WHOLE_BENCHMARK_SCORES).fetchall())


def headline_part(children: Iterable[str], whole_scores: Mapping[str, int]) -> str | None:
    """The child that holds a parent's headline scores: the one with the most scores of itself
    as a whole (ARC's sources publish ARC-Challenge; SWE-bench's leaderboards lead with
    Verified), when one child has strictly more than every other; None on a tie or when no
    child is scored."""
    ranked = sorted(((whole_scores.get(c, 0), c) for c in children), reverse=True)
    if not ranked or ranked[0][0] == 0:
        return None
    if len(ranked) > 1 and ranked[1][0] == ranked[0][0]:
        return None
    return ranked[0][1]


# --- the SQL side ------------------------------------------------------------------------------

_FUNCTIONS: tuple[tuple[str, Any, list[Any], Any], ...] = (
    ("metric_family", metric_family, ["VARCHAR"], "VARCHAR"),
    ("metric_attempts", metric_attempts, ["VARCHAR"], "INTEGER"),
    (
        "breakdown_part",
        breakdown_part,
        ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"],
        "VARCHAR",
    ),
    ("is_proportion", is_proportion, ["VARCHAR"], "BOOLEAN"),
    ("is_harness_normalisation", is_harness_normalisation, ["VARCHAR"], "BOOLEAN"),
    ("leads_with_last_attempt", leads_with_last_attempt, ["VARCHAR"], "BOOLEAN"),
    ("off_default", off_default, ["VARCHAR", "VARCHAR"], "VARCHAR"),
    ("channel_authority", channel_authority, ["VARCHAR"], "INTEGER"),
    ("recorded_groups", recorded_groups, ["VARCHAR[]"], "VARCHAR[]"),
    (
        "unknown_settings",
        unknown_settings,
        ["VARCHAR[]", "VARCHAR", "VARCHAR", "VARCHAR[]"],
        "VARCHAR[]",
    ),
    ("differing_settings", differing_settings, ["VARCHAR", "VARCHAR"], "VARCHAR[]"),
)


@contextmanager
def score_functions(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Register the settings vocabulary and these rules as SQL functions for a while, and the
    curated headlines and parts as the views `curated_headlines` and `curated_parts`."""
    names = []
    with settings_function(con):
        try:
            for name, function, arguments, returns in _FUNCTIONS:
                con.create_function(
                    name,
                    function,
                    arguments,
                    returns,
                    null_handling=FunctionNullHandling.SPECIAL,
                    side_effects=False,
                )
                names.append(name)
            parts = curated_parts()
            con.register(
                "curated_parts",
                pa.table(
                    {
                        "benchmark_id": pa.array([p.benchmark_id for p in parts], pa.string()),
                        "source_url_prefix": pa.array(
                            [p.source_url_prefix for p in parts], pa.string()
                        ),
                        "kind": pa.array([p.kind for p in parts], pa.string()),
                        "part": pa.array([p.part for p in parts], pa.string()),
                    }
                ),
            )
            curated = curated_headlines()
            con.register(
                "curated_headlines",
                pa.table(
                    {
                        "benchmark_id": pa.array([c.benchmark_id for c in curated], pa.string()),
                        "metric": pa.array([c.metric for c in curated], pa.string()),
                        "attempts": pa.array([c.attempts for c in curated], pa.int32()),
                        "settings": pa.array(
                            [json.dumps(c.settings, sort_keys=True) for c in curated], pa.string()
                        ),
                        "why": pa.array([c.why for c in curated], pa.string()),
                    }
                ),
            )
            yield
        finally:
            con.unregister("curated_headlines")
            con.unregister("curated_parts")
            for name in names:
                con.remove_function(name)


def build_scores(
    con: duckdb.DuckDBPyConnection,
    corrections: Iterable[Correction] = (),
    site_url: str = DEFAULT_SITE_URL,
) -> None:
    """`scores` with each score's headline/breakdown kind, and `benchmark_headlines`, in one
    transaction (rolled back before the functions go, so a failure keeps its own message).

    A person's `corrections` (curation/corrections.yaml) are applied right after the scores are
    read, so headlines, kinds and everything downstream see the corrected scores. A reproduced
    score's source is its pool's page under `site_url`."""
    with score_functions(con), _pool_pages(con, site_url), transaction(con):
        con.execute(sql_text("scores"))
        apply_corrections(con, corrections)
        for name in ("benchmark_headlines", "score_kinds"):
            con.execute(sql_text(name))


@contextmanager
def _pool_pages(con: duckdb.DuckDBPyConnection, site_url: str) -> Iterator[None]:
    """The view `pool_pages`: each pool of reproduced runs with its page's public URL."""
    keys = con.execute(f"SELECT {', '.join(RUN_POOL_KEY)} FROM reproduced_medians").fetchall()
    columns = {name: [key[i] for key in keys] for i, name in enumerate(RUN_POOL_KEY)}
    columns["page_url"] = [pool_page_url(site_url, pool_id_for(*key)) for key in keys]
    con.register("pool_pages", pa.table({k: pa.array(v, pa.string()) for k, v in columns.items()}))
    try:
        yield
    finally:
        con.unregister("pool_pages")


def build_comparisons(con: duckdb.DuckDBPyConnection) -> None:
    """`score_comparison` (self-reported vs independent grid cells with a verdict) and its
    per-vendor and per-benchmark summary `claims_vs_independent`."""
    with score_functions(con), transaction(con):
        for name in ("score_comparison", "claims_vs_independent"):
            con.execute(sql_text(name))


@contextmanager
def settings_function(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Make `canonical_settings(json) -> json` callable in SQL on this connection for a while.

    It is removed again afterwards: DuckDB reports a Python function still registered when the
    interpreter exits as leaked, and no later SQL on the connection should depend on it."""
    con.create_function(
        "canonical_settings",
        normalise_json,
        ["VARCHAR"],
        "VARCHAR",
        null_handling=FunctionNullHandling.SPECIAL,  # NULL settings read as '{}'
        side_effects=False,
    )
    try:
        yield
    finally:
        con.remove_function("canonical_settings")
