"""Reading the staged channel rows back into records for merging and scoring."""

from __future__ import annotations

import json

import duckdb

from benchhub.records import BenchmarkCandidate, ScoreObservation, column_names

_TUPLE_FIELDS = ("splits", "languages", "capability_hints")


def load_candidates(con: duckdb.DuckDBPyConnection) -> list[BenchmarkCandidate]:
    names = column_names(BenchmarkCandidate)
    rows = _rows(con, "channel_candidates", names, "channel, source_key")
    for row in rows:
        for name in _TUPLE_FIELDS:
            row[name] = tuple(row[name] or ())
        row["extra"] = json.loads(row["extra"]) if row["extra"] else {}
    return [BenchmarkCandidate(**row) for row in rows]


def load_scores(con: duckdb.DuckDBPyConnection) -> list[ScoreObservation]:
    names = column_names(ScoreObservation)
    rows = _rows(con, "channel_scores", names, "channel, benchmark_key, model_name")
    for row in rows:
        row["settings"] = json.loads(row["settings"]) if row["settings"] else {}
    return [ScoreObservation(**row) for row in rows]


def _rows(con: duckdb.DuckDBPyConnection, table: str, names: list[str], order: str) -> list[dict]:
    columns = ", ".join(f'"{n}"' for n in names)
    return con.sql(f"SELECT {columns} FROM {table} ORDER BY {order}").arrow().read_all().to_pylist()
