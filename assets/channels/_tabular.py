"""Reading the leaderboard CSV files several channels publish.

Shared by the epoch_ai, open_llm_leaderboard, lmarena and livebench channels: each reads CSV
exports from a GitHub repository pinned to one commit, and each must refuse a payload that is not
the table it expects (an HTML error page parses as a one-column "CSV" otherwise).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from benchhub.records import Scale
from benchhub.values import ParsedValue, parse_value, try_parse_value


class TableError(ValueError):
    """A payload is not the table the channel expects; says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Row:
    line: int  # where the record starts in the file (a quoted cell may span lines)
    cells: dict[str, str]

    def get(self, column: str) -> str:
        """The cell, stripped; an absent column reads as an empty cell."""
        return (self.cells.get(column) or "").strip()


def read_rows(data: bytes, required: Sequence[str]) -> tuple[list[str], Iterator[Row]]:
    """The header and the records of a UTF-8 CSV (a leading BOM is dropped).

    Raises TableError when the bytes are not text or the header lacks a `required` column,
    which is what an HTML error page or a truncated first line looks like.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TableError(f"not UTF-8 text: {exc}") from exc
    reader = csv.reader(io.StringIO(text, newline=""))
    header = [name.strip() for name in next(reader, [])]
    missing = [name for name in required if name not in header]
    if missing:
        raise TableError(f"not the expected table: header lacks {missing}, starts {header[:5]}")
    return header, _records(reader, header)


def cell_value(cell: str, scale: Scale) -> ParsedValue | None:
    """A published cell as a value, None when empty; raises ValueFormatError when unreadable.

    Large exports are mostly plain decimals ("0.3302"): those take the float() path into
    parse_value, which costs a tenth of the string path; anything else reads as a string.
    """
    try:
        number = float(cell)
    except ValueError:
        return try_parse_value(cell, scale)
    return parse_value(number, scale)


def _records(reader: Iterator[list[str]], header: list[str]) -> Iterator[Row]:
    start = 2
    for values in reader:
        line_after = reader.line_num  # type: ignore[attr-defined]
        if any(values) and any(value.strip() for value in values):  # skip blank lines
            yield Row(start, dict(zip(header, values, strict=False)))
        start = line_after + 1
