"""Metadata every table-writing asset shows in the Dagster UI: row count and a preview."""

from __future__ import annotations

from typing import Any

import duckdb
from dagster import MetadataValue


def table_metadata(
    con: duckdb.DuckDBPyConnection, table: str, preview_rows: int = 10
) -> dict[str, Any]:
    count = con.execute(f'SELECT count(*) FROM "{table}"').fetchall()[0][0]
    preview = con.sql(f'SELECT * FROM "{table}" LIMIT {preview_rows}').pl()
    return {
        "dagster/row_count": count,
        "table": table,
        "preview": MetadataValue.md(_markdown(preview)),
    }


def _markdown(frame: Any) -> str:
    if frame.height == 0:
        return "_empty_"
    columns = frame.columns
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in frame.iter_rows():
        lines.append("| " + " | ".join(_cell(v) for v in row) + " |")
    return "\n".join(lines)


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= 60 else text[:57] + "..."
