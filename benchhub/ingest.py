"""Reading a channel and storing what it gave, without ever losing the last good read.

A channel that fails (HTTP errors, timeouts, a truncated or malformed payload) or parses to
nothing keeps its previous rows in the warehouse; only its status row records the failure and
marks it stale. A good read replaces the channel's slice in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import duckdb

from benchhub.channel import Channel, Mode, run_channel
from benchhub.http import Fetcher
from benchhub.records import ChannelResult, record_row
from benchhub.warehouse import ensure_tables, insert_rows, transaction


@dataclass(slots=True)
class ChannelRead:
    channel: str
    mode: Mode
    result: ChannelResult | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True, slots=True)
class ChannelStatus:
    channel: str
    stale: bool
    last_error: str | None
    last_success_at: datetime | None
    n_candidates: int
    n_scores: int
    n_issues: int


def read_channel(channel: Channel, mode: Mode, fetcher: Fetcher | None = None) -> ChannelRead:
    """Fetch and parse one channel; any failure becomes an error message, never an exception."""
    try:
        result = run_channel(channel, mode, fetcher)
    except Exception as exc:  # a channel's failure must not fail the others
        return ChannelRead(channel.name, mode, None, f"{type(exc).__name__}: {exc}")
    if not result.candidates and not result.scores:
        problems = "; ".join(f"{i.location}: {i.message}" for i in result.issues[:3])
        reason = f"the read parsed to no records ({problems or 'empty payload'})"
        return ChannelRead(channel.name, mode, result, reason)
    return ChannelRead(channel.name, mode, result, None)


def store_channel_read(
    con: duckdb.DuckDBPyConnection, read: ChannelRead, now: datetime | None = None
) -> ChannelStatus:
    """Replace the channel's slice on a good read; on a failed one keep it and mark it stale."""
    now = now or datetime.now(UTC)
    ensure_tables(con)
    with transaction(con):
        if read.ok and read.result is not None:
            for table in ("channel_candidates", "channel_scores", "channel_issues"):
                con.execute(f"DELETE FROM {table} WHERE channel = ?", [read.channel])
            stamp = {"loaded_at": now}
            insert_rows(
                con, "channel_candidates", [record_row(c) for c in read.result.candidates], stamp
            )
            insert_rows(con, "channel_scores", [record_row(s) for s in read.result.scores], stamp)
            insert_rows(con, "channel_issues", [record_row(i) for i in read.result.issues], stamp)
            con.execute(
                """
                INSERT OR REPLACE INTO channel_status VALUES (?, ?, ?, ?, NULL, false, ?, ?, ?)
                """,
                [
                    read.channel,
                    str(read.mode),
                    now,
                    now,
                    len(read.result.candidates),
                    len(read.result.scores),
                    len(read.result.issues),
                ],
            )
        else:
            con.execute(
                """
                INSERT INTO channel_status (channel, mode, last_attempt_at, last_error, stale)
                VALUES (?, ?, ?, ?, true)
                ON CONFLICT (channel) DO UPDATE SET
                    mode = excluded.mode, last_attempt_at = excluded.last_attempt_at,
                    last_error = excluded.last_error, stale = true
                """,
                [read.channel, str(read.mode), now, read.error],
            )
    row = con.execute(
        """
        SELECT stale, last_error, last_success_at,
               (SELECT count(*) FROM channel_candidates WHERE channel = $1),
               (SELECT count(*) FROM channel_scores WHERE channel = $1),
               (SELECT count(*) FROM channel_issues WHERE channel = $1)
        FROM channel_status WHERE channel = $1
        """,
        [read.channel],
    ).fetchall()[0]
    return ChannelStatus(read.channel, *row)
