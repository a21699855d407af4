"""Printing for people: plain aligned tables and wrapped text, no colour codes in pipes."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Sequence
from typing import Any


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


def table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], max_width: int | None = None
) -> str:
    max_width = max_width or shutil.get_terminal_size((120, 20)).columns
    cells = [[_text(c) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(headers)]
    # Shrink the widest column until the table fits the terminal; the first column (an id a
    # user copies) is never cut.
    while sum(widths) + 2 * (len(widths) - 1) > max_width:
        widest = max(range(1, len(widths)), key=lambda i: widths[i], default=0)
        if widest == 0 or widths[widest] <= 12:
            break
        widths[widest] -= 1
    lines = [_line(headers, widths), _line(["-" * w for w in widths], widths)]
    lines += [_line(r, widths) for r in cells]
    return "\n".join(lines)


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(_fit(c, w) for c, w in zip(cells, widths, strict=True)).rstrip()


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"


def _text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value) or "-"
    return str(value)
