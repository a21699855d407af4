"""The view of one benchmark page (`benchmarks/<id>.json`) that its HTML page renders.

Scores are grouped by label. A label with more than `SCORE_ROWS_PER_LABEL` scores shows the
highest ones and says how many there are; every score stays in the page's JSON, linked from the
HTML, so a benchmark with tens of thousands of scores still gets a page of a few hundred KB.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from benchhub.site.formatting import FACT_TITLES, LABEL_TITLES, LABELS

SCORE_ROWS_PER_LABEL = 100
# The order a reader runs them in; pages store commands as a JSON object with sorted keys.
COMMAND_ORDER = ("info", "pull", "oracle_check", "run", "push")
_SCALE_RANK = {"percent": 0, "fraction": 0, "elo": 1}


@dataclass(frozen=True)
class ScoreGroup:
    label: str
    title: str
    total: int
    rows: list[dict[str, Any]]

    @property
    def capped(self) -> bool:
        return self.total > len(self.rows)


@dataclass(frozen=True)
class PublishedValue:
    """A self-reported or independent number shown next to a reproduced median."""

    value_percent: float
    gap: float
    source_url: str


@dataclass(frozen=True)
class Fact:
    field: str
    title: str
    value: Any
    source: str | None  # the channel that supplied the value


def facts(page: dict[str, Any]) -> tuple[list[Fact], list[str]]:
    """The page's facts with a value, in reading order, and the titles of those without one."""
    found, absent = [], []
    for field, title in FACT_TITLES.items():
        fact = page["facts"].get(field) or {}
        if fact.get("value") is None:
            absent.append(title)
        elif field != "description":  # shown as the page's lead paragraph
            found.append(Fact(field, title, fact["value"], fact.get("source")))
    return found, absent


def score_groups(scores: list[dict[str, Any]], cap: int = SCORE_ROWS_PER_LABEL) -> list[ScoreGroup]:
    """Scores by label (in the registry's label order), highest first, at most `cap` rows each."""
    by_label: dict[str, list[dict[str, Any]]] = {}
    for score in scores:
        by_label.setdefault(score["label"], []).append(score)
    order = [label for label in LABELS if label in by_label]
    order += sorted(set(by_label) - set(LABELS))
    return [
        ScoreGroup(
            label,
            LABEL_TITLES.get(label, label),
            len(by_label[label]),
            sorted(by_label[label], key=_highest_first)[:cap],
        )
        for label in order
    ]


def published_next_to(median: dict[str, Any], label: str) -> list[PublishedValue]:
    """The `label` numbers published for a reproduced median's model, with the gap to it."""
    return [
        PublishedValue(gap["value_percent"], gap["gap"], gap["source_url"])
        for gap in median.get("gaps") or []
        if gap["label"] == label
    ]


@dataclass(frozen=True)
class OpenDisputes:
    """A page's open disputes by model, to show next to the scores they question."""

    by_model: dict[str, list[dict[str, Any]]]

    @classmethod
    def of(cls, page: dict[str, Any]) -> OpenDisputes:
        by_model: dict[str, list[dict[str, Any]]] = {}
        for dispute in page.get("disputes") or []:
            by_model.setdefault(dispute["model_id"], []).append(dispute)
        return cls(by_model)

    def of_score(self, score: dict[str, Any]) -> list[dict[str, Any]]:
        """The disputes of this score's model under its label (or under no label: any)."""
        return [
            d
            for d in self.by_model.get(score["model_id"], [])
            if d.get("label") in (None, score["label"])
        ]


def commands(page: dict[str, Any]) -> list[tuple[str, str]]:
    rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
    return sorted(page["commands"].items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def _highest_first(score: dict[str, Any]) -> tuple[int, float, str]:
    value = score.get("value_percent")
    if value is None:
        value = score["value"] if score["value"] is not None else float("-inf")
    return (_SCALE_RANK.get(score["scale"], 2), -value, score["model_id"])


@dataclass(frozen=True)
class CurveChart:
    """A budget curve drawn as inline SVG: the curve, its band, and labelled axes."""

    width: int
    height: int
    line: str  # SVG points "x,y x,y ..."
    band: str  # polygon points: the high edge left to right, then the low edge back
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, str]]
    points: list[dict[str, Any]]  # the data, for the table under the chart


CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 420, 180, 36


def curve_chart(curve: list[dict[str, Any]]) -> CurveChart | None:
    """Tokens on a log scale (x) against percent of tasks solved (y)."""
    if len(curve) < 2:
        return None
    low, high = math.log10(curve[0]["tokens"]), math.log10(curve[-1]["tokens"])
    span = max(high - low, 1e-9)
    inner_w = CHART_WIDTH - 2 * CHART_MARGIN
    inner_h = CHART_HEIGHT - 2 * CHART_MARGIN

    def x(tokens: float) -> float:
        return round(CHART_MARGIN + inner_w * (math.log10(tokens) - low) / span, 1)

    def y(percent: float) -> float:
        return round(CHART_HEIGHT - CHART_MARGIN - inner_h * percent / 100, 1)

    line = " ".join(f"{x(p['tokens'])},{y(p['solved'])}" for p in curve)
    upper = [f"{x(p['tokens'])},{y(p['solved_high'])}" for p in curve]
    lower = [f"{x(p['tokens'])},{y(p['solved_low'])}" for p in reversed(curve)]
    decades = range(math.ceil(low), math.floor(high) + 1)
    x_ticks = [(x(10**d), _tokens_text(10**d)) for d in decades] or [
        (x(curve[0]["tokens"]), _tokens_text(curve[0]["tokens"])),
        (x(curve[-1]["tokens"]), _tokens_text(curve[-1]["tokens"])),
    ]
    y_ticks = [(y(v), f"{v}%") for v in (0, 50, 100)]
    return CurveChart(
        CHART_WIDTH, CHART_HEIGHT, line, " ".join(upper + lower), x_ticks, y_ticks, curve
    )


def _tokens_text(tokens: float) -> str:
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if tokens >= size:
            return f"{tokens / size:g}{suffix}"
    return f"{tokens:g}"
