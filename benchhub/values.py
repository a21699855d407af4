"""Reading published score values: one place for every format the channels use.

Channels publish fractions (0.645), percents (64.5), strings ("64.5%", "34.2% ± 2.2%",
"**88.5**", "90.871", "1287 +5/-5"), Elo ratings. Nothing is estimated: a value that cannot be
read is an error, not a guess.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from benchhub.records import Scale

_MARKUP = re.compile(r"(\*\*|__|<[^>]+>|\[\^[^\]]*\]|\^\d+|†|‡|\*)")
_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_VALUE = re.compile(
    rf"^\s*(?P<value>{_NUMBER})\s*(?P<pct>%)?\s*"
    rf"(?:(?:±|\+/-|\+-)\s*(?P<err>{_NUMBER})\s*%?"
    rf"|\+\s*(?P<plus>{_NUMBER})\s*/\s*-\s*(?P<minus>{_NUMBER}))?\s*$"
)


class ValueFormatError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class ParsedValue:
    value: float
    scale: Scale
    stderr: float | None = None  # "±" spreads, as published
    ci_low: float | None = None
    ci_high: float | None = None


def strip_markup(cell: str) -> str:
    """Remove bold, HTML tags and footnote markers from a table cell."""
    return _MARKUP.sub("", cell).strip()


def parse_value(raw: str | float | int, default_scale: Scale) -> ParsedValue:
    """Read one published value. A trailing % forces the percent scale."""
    if isinstance(raw, bool):
        raise ValueFormatError(f"not a score: {raw!r}")
    if isinstance(raw, int | float):
        value = float(raw)
        if not math.isfinite(value):
            raise ValueFormatError(f"not a finite score: {raw!r}")
        return ParsedValue(value, default_scale)
    match = _VALUE.match(strip_markup(raw).replace("\u2212", "-"))
    if not match:
        raise ValueFormatError(f"not a score: {raw!r}")
    value = _number(match["value"])
    scale: Scale = "percent" if match["pct"] else default_scale
    if match["err"]:
        return ParsedValue(value, scale, stderr=_number(match["err"]))
    if match["plus"]:
        return ParsedValue(
            value,
            scale,
            ci_low=value - _number(match["minus"]),
            ci_high=value + _number(match["plus"]),
        )
    return ParsedValue(value, scale)


def try_parse_value(raw: str | float | int | None, default_scale: Scale) -> ParsedValue | None:
    """Like parse_value, but an empty cell ("", "-", "N/A") is None: missing stays missing."""
    if raw is None or (isinstance(raw, str) and strip_markup(raw) in {"", "-", "–", "—", "N/A"}):
        return None
    if isinstance(raw, float) and math.isnan(raw):
        return None
    return parse_value(raw, default_scale)


def _number(text: str) -> float:
    return float(text)


SCALE_RANGES: dict[str, tuple[float, float]] = {
    "fraction": (0.0, 1.0),
    "percent": (0.0, 100.0),
}
"""Where a value on each bounded scale must lie; Elo and other scales are unbounded."""
