"""The merged_benchmarks table: typed columns declared once by MergedBenchmark."""

from dataclasses import fields

import duckdb
import pytest

from benchhub.catalog import (
    MERGED_COLUMNS,
    MergedBenchmark,
    merged_benchmarks_ddl,
    merged_from_row,
    merged_to_row,
)
from benchhub.warehouse import insert_rows, table_columns


def _table(rows: list[MergedBenchmark]) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    con.execute(merged_benchmarks_ddl())
    insert_rows(con, "merged_benchmarks", [merged_to_row(b) for b in rows])
    return con


def _read(con: duckdb.DuckDBPyConnection) -> list[MergedBenchmark]:
    cursor = con.execute("SELECT * FROM merged_benchmarks ORDER BY benchmark_id")
    names = [column[0] for column in cursor.description]
    return [merged_from_row(dict(zip(names, row, strict=True))) for row in cursor.fetchall()]


def test_one_typed_column_per_field() -> None:
    con = _table([])
    columns = dict(table_columns(con, "merged_benchmarks"))
    assert list(columns) == [f.name for f in fields(MergedBenchmark)]
    assert columns["sample_count"] == "BIGINT"
    assert columns["aliases"] == "VARCHAR[]"
    assert columns["is_benchmark"] == "BOOLEAN"
    assert columns["conflicts"] == "JSON"
    assert "record" not in columns


def test_round_trip_through_duckdb() -> None:
    full = MergedBenchmark(
        "gpqa-diamond",
        "GPQA Diamond",
        aliases=["GPQA Diamond", "gpqa_diamond"],
        sample_count=198,
        parent_id="gpqa",
        record_kind="subtask",
        channels=["epoch_ai", "lm_eval_harness"],
        source_urls={"epoch_ai": "https://epoch.ai/x"},
        provenance={"sample_count": "huggingface"},
        conflicts={"license": [{"channel": "a", "value": "MIT"}, {"channel": "b", "value": 3}]},
    )
    bare = MergedBenchmark("n-a", "N/A", is_benchmark=False, not_benchmark_reason="placeholder")
    assert _read(_table([full, bare])) == [full, bare]
    # Only empty lists and mappings in a column: still typed, still read back.
    assert _read(_table([bare])) == [bare]
    con = _table([bare])
    assert con.execute("SELECT name FROM merged_benchmarks WHERE NOT is_benchmark").fetchall() == [
        ("N/A",)
    ]


def test_a_row_missing_a_column_is_refused_by_name() -> None:
    row = merged_to_row(MergedBenchmark("x", "X"))
    del row["record_kind"]
    with pytest.raises(ValueError, match="record_kind"):
        merged_from_row(row)


def test_declared_order_is_the_dataclass_order() -> None:
    assert [name for name, _, _ in MERGED_COLUMNS] == [f.name for f in fields(MergedBenchmark)]
