"""Writing to the DuckDB warehouse: the SQL files in `sql/`, and idempotent loads.

Every load replaces a whole slice inside one transaction (delete the slice, insert the rows),
so re-running a step never duplicates rows and a failure half-way leaves the previous rows.
Rows arrive as lists of dicts and go in through Arrow, with the table's own column order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

SQL_DIR = Path(__file__).resolve().parent.parent / "sql"

# Tables created from their DDL file before anything writes; order matters for none of them.
STAGING_TABLES = ("channel_candidates", "channel_scores", "channel_issues", "channel_status")


def sql_text(name: str) -> str:
    return (SQL_DIR / f"{name}.sql").read_text()


def ensure_tables(con: duckdb.DuckDBPyConnection, names: Iterable[str] = STAGING_TABLES) -> None:
    for name in names:
        con.execute(sql_text(name))


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection):
    con.execute("BEGIN TRANSACTION")
    try:
        yield con
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def table_columns(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple[str, str]]:
    rows = con.execute(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_name = ? ORDER BY ordinal_position",
        [table],
    ).fetchall()
    return [(name, dtype) for name, dtype in rows]


def insert_rows(
    con: duckdb.DuckDBPyConnection,
    table: str,
    rows: Sequence[Mapping[str, Any]],
    constants: Mapping[str, Any] | None = None,
) -> int:
    """Insert dict rows into an existing table; missing keys are NULL, unknown keys an error."""
    if not rows:
        return 0
    columns = table_columns(con, table)
    names = [name for name, _ in columns]
    constants = dict(constants or {})
    unknown = (set(rows[0]) | set(constants)) - set(names)
    if unknown:
        raise ValueError(f"{table} has no column(s) {sorted(unknown)}")
    arrays = {
        name: [constants[name] if name in constants else row.get(name) for row in rows]
        for name in names
    }
    batch = pa.table(
        {name: pa.array(values) for name, values in arrays.items() if _has_value(values)}
    )
    select = ", ".join(
        f'CAST(batch."{name}" AS {dtype}) AS "{name}"'
        if name in batch.column_names
        else f"NULL::{dtype}"
        for name, dtype in columns
    )
    con.register("batch", batch)
    try:
        con.execute(f'INSERT INTO "{table}" SELECT {select} FROM batch')
    finally:
        con.unregister("batch")
    return len(rows)


def _has_value(values: list[Any]) -> bool:
    return any(v is not None for v in values)


def replace_table(
    con: duckdb.DuckDBPyConnection, table: str, ddl: str, rows: Sequence[Mapping[str, Any]]
) -> int:
    """Rebuild a derived table from scratch in one transaction."""
    with transaction(con):
        con.execute(f'DROP TABLE IF EXISTS "{table}"')
        con.execute(ddl)
        return insert_rows(con, table, rows)


def row_count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return con.execute(f'SELECT count(*) FROM "{table}"').fetchall()[0][0]
