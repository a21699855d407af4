"""Reading a channel and storing what it gave, without ever losing the last good read.

A read counts as failed when the channel cannot be fetched (HTTP errors, timeouts, a length
mismatch), when a payload looks cut short (benchhub/integrity.py), when it parses to nothing, or
when it parses to markedly fewer rows than the last good read: more than the channel's
`max_shrink` fraction of its candidates or of its score rows gone (the shrink guard). A failed
read keeps the channel's previous rows in the warehouse; only its status row records the failure
and marks it stale, so its `fresh` check goes red and the release lists it under
`stale_channels`. A good read replaces the channel's slice in one transaction.

A real drop (a leaderboard that retired half its models) is accepted by a person for one run:
`accept_shrink` names the channel (the `registry` resource's run config in the UI, or
BENCHHUB_ACCEPT_SHRINK for `make registry`); the next read is then compared with the smaller one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

import duckdb

from benchhub.channel import DEFAULT_MAX_SHRINK, Channel, Mode, fetch_payloads
from benchhub.http import Fetcher
from benchhub.integrity import payload_problems
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
    accepted_shrink: str | None = None  # the drop a person accepted for this read, if any


def read_channel(channel: Channel, mode: Mode, fetcher: Fetcher | None = None) -> ChannelRead:
    """Fetch, check and parse one channel; any failure becomes an error message, never an
    exception."""
    try:
        payloads = fetch_payloads(channel, mode, fetcher)
        cut_short = payload_problems(payloads)
        if cut_short:
            return ChannelRead(channel.name, mode, None, "; ".join(cut_short))
        result = channel.parse(payloads)
    except Exception as exc:  # a channel's failure must not fail the others
        return ChannelRead(channel.name, mode, None, f"{type(exc).__name__}: {exc}")
    if not result.candidates and not result.scores:
        problems = "; ".join(f"{i.location}: {i.message}" for i in result.issues[:3])
        reason = f"the read parsed to no records ({problems or 'empty payload'})"
        return ChannelRead(channel.name, mode, result, reason)
    return ChannelRead(channel.name, mode, result, None)


def shrink_problem(
    previous: tuple[int, int], current: tuple[int, int], max_shrink: float
) -> str | None:
    """Why a read of (candidates, score rows) lost too much against the last good read, or None.

    A read may lose at most `max_shrink` (a fraction) of either count."""
    for what, before, now in zip(("candidates", "score rows"), previous, current, strict=True):
        if before and now < before * (1.0 - max_shrink):
            return (
                f"the read parsed {now:,} {what}, {1 - now / before:.0%} fewer than the last good "
                f"read's {before:,} (this channel's shrink guard allows {max_shrink:.0%}); "
                "if the drop is real, accept it with accept_shrink"
            )
    return None


def store_channel_read(
    con: duckdb.DuckDBPyConnection,
    read: ChannelRead,
    now: datetime | None = None,
    *,
    max_shrink: float = DEFAULT_MAX_SHRINK,
    accept_shrink: bool = False,
) -> ChannelStatus:
    """Replace the channel's slice on a good read; on a failed one keep it and mark it stale.

    A read that passes every other check but shrinks by more than `max_shrink` against the last
    good read is failed here, unless `accept_shrink` says a person accepted the drop."""
    now = now or datetime.now(UTC)
    ensure_tables(con)
    accepted = None
    with transaction(con):
        if read.ok and read.result is not None:
            last_good = con.execute(
                "SELECT coalesce(n_candidates, 0), coalesce(n_scores, 0) FROM channel_status "
                "WHERE channel = ?",
                [read.channel],
            ).fetchall()
            current = (len(read.result.candidates), len(read.result.scores))
            problem = shrink_problem(last_good[0], current, max_shrink) if last_good else None
            if problem and accept_shrink:
                accepted = problem
            elif problem:
                read = replace(read, error=problem)
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
    stale, last_error, last_success_at, n_candidates, n_scores, n_issues = row
    return ChannelStatus(
        read.channel, stale, last_error, last_success_at, n_candidates, n_scores, n_issues, accepted
    )
