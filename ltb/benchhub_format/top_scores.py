"""The top headline scores of a benchmark page, per label, with breakdowns one level down.

A page's `scores` carry `kind` (`headline` or `breakdown`), for a breakdown its `breakdown_kind`
(subset, category, language, track, alternate metric) and `breakdown` (what part or metric), and
`in_grid` for the one headline score per model and label that the grid shows. `ltb bench info`
and the site's benchmark page both list, per label, the highest of those (one per model) and
under each the same model's other scores in that label grouped by kind: breakdowns, and other
headline scores (other settings or sources) as `other headline`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

LABEL_ORDER = ("self_reported", "independent", "reproduced")
OTHER_HEADLINE = "other headline"
BREAKDOWN_ORDER = (OTHER_HEADLINE, "subset", "category", "language", "track", "alternate metric")
TOP_PER_LABEL = 10


@dataclass(frozen=True)
class HeadlineRow:
    score: Mapping[str, Any]
    breakdowns: dict[str, list[Mapping[str, Any]]] = field(default_factory=dict)


@dataclass(frozen=True)
class LabelTop:
    label: str
    n_headline: int
    n_breakdown: int
    rows: list[HeadlineRow]


def comparable_value(score: Mapping[str, Any]) -> float:
    """The value to rank by: percent on bounded scales, else the value as published."""
    value = score.get("value_percent")
    if value is None:
        value = score.get("value")
    return float("-inf") if value is None else float(value)


def top_headline_scores(
    scores: Iterable[Mapping[str, Any]], per_label: int = TOP_PER_LABEL
) -> list[LabelTop]:
    """Per label (in the registry's order), its `per_label` highest headline scores, each with
    the same model's breakdowns in that label grouped by kind (highest first within a kind)."""
    listed = list(scores)
    # Pages written before the grid was marked: every headline score leads its own row.
    marked = any("in_grid" in score for score in listed)
    headline: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    n_headline: dict[str, int] = defaultdict(int)
    below: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    n_breakdown: dict[str, int] = defaultdict(int)
    for score in listed:
        is_headline = score.get("kind", "headline") == "headline"
        n_headline[score["label"]] += is_headline
        n_breakdown[score["label"]] += not is_headline
        if is_headline and (score.get("in_grid") or not marked):
            headline[score["label"]].append(score)
        else:
            below[(score["label"], score["model_id"])].append(score)
    present = set(n_headline)
    labels = [label for label in LABEL_ORDER if label in present]
    labels += sorted(present - set(LABEL_ORDER))
    tops = []
    for label in labels:
        ranked = sorted(headline[label], key=lambda s: (-comparable_value(s), s["model_id"]))
        rows = [
            HeadlineRow(s, _grouped(below.get((label, s["model_id"]), [])))
            for s in ranked[:per_label]
        ]
        tops.append(LabelTop(label, n_headline[label], n_breakdown[label], rows))
    return tops


def _grouped(scores: list[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for score in sorted(scores, key=lambda s: -comparable_value(s)):
        kind = OTHER_HEADLINE if score.get("kind", "headline") == "headline" else None
        groups[kind or score.get("breakdown_kind") or "other"].append(score)
    rank = {kind: i for i, kind in enumerate(BREAKDOWN_ORDER)}
    return dict(sorted(groups.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))
