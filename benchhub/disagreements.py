"""Why two numbers for the same model on the same benchmark disagree.

For every model with several scores on a benchmark, list the recorded conditions that differ
between those scores: harness and its version, metric, date, and each setting under its canonical
name (`score_settings`). A setting that one score records and another does not is shown
with `null` for the silent one and named in `not_recorded`: that is the case readers complain
about most, two numbers that cannot be compared because one source never said how it ran.

Nothing here judges which number is right; it only lines up what the sources recorded.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from benchhub_format.score_settings import BOOKKEEPING

# Score columns compared next to the settings: who published it, with which harness and metric,
# and when ("date" is `reported_at`). The scale is not a condition: 0.645 and 64.5% agree.
COLUMNS: dict[str, str] = {
    "label": "label",
    "harness": "harness",
    "harness_version": "harness_version",
    "metric": "metric",
    "date": "reported_at",
}


def disagreements(scores: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One entry per model whose scores on this benchmark differ in value or in conditions.

    `scores` are a benchmark's scores as its release page lists them (settings as a dict). An
    entry names its scores by position in that list (`scores`), gives their values as
    published (`values`), and lines up, per differing condition, one value per score in the
    same order, so a reader can read across and see what changed."""
    listed = list(scores)
    by_model: dict[str, list[int]] = defaultdict(list)
    for position, score in enumerate(listed):
        by_model[score["model_id"]].append(position)
    entries = []
    for model_id in sorted(by_model):
        group = [listed[position] for position in by_model[model_id]]
        if len(group) < 2:
            continue
        differ = _differing([_conditions(score) for score in group])
        if not differ and len({_comparable(score) for score in group}) == 1:
            continue  # the same number under the same conditions: nothing to explain
        entries.append(
            {
                "model_id": model_id,
                "scores": by_model[model_id],
                "values": [score["value"] for score in group],
                "differ": differ,
                "not_recorded": sorted(
                    name for name, values in differ.items() if any(v is None for v in values)
                ),
            }
        )
    return entries


def _conditions(score: Mapping[str, Any]) -> dict[str, Any]:
    recorded = {name: score.get(column) for name, column in COLUMNS.items()}
    settings = score.get("settings") or {}
    recorded |= {
        f"settings.{name}": value for name, value in settings.items() if name not in BOOKKEEPING
    }
    return {name: value for name, value in recorded.items() if value is not None}


def _differing(conditions: list[dict[str, Any]]) -> dict[str, list[Any]]:
    names = sorted({name for recorded in conditions for name in recorded})
    differ = {}
    for name in names:
        values = [recorded.get(name) for recorded in conditions]
        if len({_hashable(v) for v in values}) > 1:
            differ[name] = values
    return differ


def _comparable(score: Mapping[str, Any]) -> tuple[str, float]:
    """A value that compares across fraction and percent (64.5% == 0.645): the score's
    `value_percent` (computed once, in `scores`) where its scale is bounded."""
    if score.get("value_percent") is None:
        return score["scale"], score["value"]
    return "percent", round(score["value_percent"], 6)


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, bool):
        return ("bool", value)  # else True and 1 would count as one value
    return value
