"""The review cache: a review is reused while the record, reviewer, model and prompt are unchanged.

Two implementations of one small interface: a DuckDB table (`review_cache`) for the pipeline and
a dict for tests. The DuckDB cache opens a connection for each read or write and closes it at
once, so `review_all` never holds the warehouse's single write lock while it waits on an LLM.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Mapping
from contextlib import AbstractContextManager
from functools import cache
from typing import TYPE_CHECKING, Protocol

from benchhub.review.model import Review, Reviewer
from benchhub.warehouse import sql_text

if TYPE_CHECKING:
    import duckdb


class ReviewCache(Protocol):
    def get_many(self, keys: Collection[str]) -> dict[str, Review]: ...

    def put_many(self, entries: Mapping[str, Review]) -> None: ...


def cache_key(input_hash: str, reviewer: Reviewer) -> str:
    identity = "|".join([input_hash, reviewer.kind, reviewer.model or "", reviewer.prompt_version])
    return hashlib.sha256(identity.encode()).hexdigest()


class InMemoryReviewCache:
    """Stores the same JSON as the DuckDB cache, so tests exercise the round trip."""

    def __init__(self) -> None:
        self.rows: dict[str, str] = {}

    def get_many(self, keys: Collection[str]) -> dict[str, Review]:
        return _decoded((k, self.rows[k]) for k in keys if k in self.rows)

    def put_many(self, entries: Mapping[str, Review]) -> None:
        self.rows.update({k: json.dumps(r.to_dict()) for k, r in entries.items()})


Connect = Callable[[], AbstractContextManager["duckdb.DuckDBPyConnection"]]


class DuckDBReviewCache:
    """`connect` opens a connection for one step and closes it on exit: for example
    `DuckDBResource.get_connection`, or `lambda: duckdb.connect(path)`."""

    def __init__(self, connect: Connect) -> None:
        self._connect = connect

    def get_many(self, keys: Collection[str]) -> dict[str, Review]:
        if not keys:
            return {}
        with self._connect() as con:
            con.execute(_create_table_sql())
            rows = con.execute(
                "SELECT key, review FROM review_cache WHERE key IN (SELECT unnest(?))",
                [list(keys)],
            ).fetchall()
        return _decoded(rows)

    def put_many(self, entries: Mapping[str, Review]) -> None:
        if not entries:
            return
        keys = list(entries)
        reviews = [json.dumps(entries[k].to_dict()) for k in keys]
        with self._connect() as con:
            con.execute(_create_table_sql())
            con.execute(
                "INSERT OR REPLACE INTO review_cache (key, review) "
                "SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[])",
                [keys, reviews],
            )


def _decoded(rows: Iterable[tuple[str, str]]) -> dict[str, Review]:
    """Reviews from stored JSON; a row written by an older Review shape is a miss, and the
    record is reviewed again and overwritten."""
    reviews = {}
    for key, text in rows:
        try:
            reviews[key] = Review.from_dict(json.loads(text))
        except (TypeError, KeyError, ValueError):
            continue
    return reviews


@cache
def _create_table_sql() -> str:
    return sql_text("review_cache")
