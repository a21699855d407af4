"""Live mode through the real fetch code, against a loopback server serving the recordings."""

from __future__ import annotations

import httpx
import pytest

from assets.channels import all_channels
from benchhub.channel import Channel, Mode, fetch_payloads, run_channel
from benchhub.http import USER_AGENT, Fetcher, FetchError, FetchPolicy
from benchhub.ingest import read_channel, store_channel_read
from tests.loopback import Fault, RecordingServer

# Channels with their own `fetch` (pagination, API listings) test their live path themselves.
LIVE_CHANNELS = [c for c in all_channels() if c.fetch is None]


def _serve_recordings(server: RecordingServer, channel: Channel) -> None:
    # A derived recording is served at its URL too: the parser accepts the shape either way.
    for source in channel.sources():
        server.serve(source.url, channel.recording_path(source.recording))


def _live_fetcher(server: RecordingServer, sleeps: list[float], timeout_s: float = 2.0) -> Fetcher:
    policy = FetchPolicy(timeout_s=timeout_s, retries=3, min_interval_s=0.0, sleep=sleeps.append)
    client = httpx.Client(
        transport=server.transport(), headers={"User-Agent": USER_AGENT}, timeout=timeout_s
    )
    return Fetcher(client, policy)


@pytest.mark.parametrize("channel", LIVE_CHANNELS, ids=lambda c: c.name)
def test_live_mode_reads_what_replay_reads(channel: Channel) -> None:
    with RecordingServer() as server:
        _serve_recordings(server, channel)
        live = run_channel(channel, Mode.LIVE, _live_fetcher(server, []))
    replay = run_channel(channel, Mode.REPLAY)
    assert live.candidates == replay.candidates
    assert live.scores == replay.scores
    assert len(live.candidates) + len(live.scores) > 0


def _swebench() -> Channel:
    return next(c for c in all_channels() if c.name == "swebench")


def test_429_and_500_are_retried_with_backoff() -> None:
    channel = _swebench()
    url = channel.sources()[0].url
    sleeps: list[float] = []
    with RecordingServer() as server:
        _serve_recordings(server, channel)
        server.inject(url, Fault(status=429, retry_after="7"), Fault(status=500))
        result = run_channel(channel, Mode.LIVE, _live_fetcher(server, sleeps))
        assert sum(server.hits.values()) == 3
    assert len(result.scores) == 152
    assert sleeps == [7.0, 2.0]  # Retry-After honoured, then exponential backoff (1 s x 2^1)


def test_timeout_and_truncated_body_are_retried() -> None:
    channel = _swebench()
    url = channel.sources()[0].url
    with RecordingServer() as server:
        _serve_recordings(server, channel)
        server.inject(url, Fault(stall_s=1.0), Fault(truncate=True))
        result = run_channel(channel, Mode.LIVE, _live_fetcher(server, [], timeout_s=0.3))
    assert len(result.scores) == 152


def test_persistent_failure_says_which_url() -> None:
    channel = _swebench()
    url = channel.sources()[0].url
    with RecordingServer() as server:
        _serve_recordings(server, channel)
        server.inject(url, *[Fault(status=503)] * 4)
        with pytest.raises(FetchError, match=r"failed after 4 attempts: HTTP 503") as error:
            fetch_payloads(channel, Mode.LIVE, _live_fetcher(server, []))
    assert "raw.githubusercontent.com" in str(error.value)


def test_a_failed_or_empty_read_keeps_the_last_good_data(tmp_path) -> None:
    import duckdb

    channel = _swebench()
    url = channel.sources()[0].url
    con = duckdb.connect(str(tmp_path / "w.duckdb"))
    good = store_channel_read(con, read_channel(channel, Mode.REPLAY))
    assert (good.stale, good.n_scores) == (False, 152)
    with RecordingServer() as server:
        _serve_recordings(server, channel)
        server.inject(url, *[Fault(status=500)] * 4)
        failed = read_channel(channel, Mode.LIVE, _live_fetcher(server, []))
    assert failed.error and "HTTP 500" in failed.error
    status = store_channel_read(con, failed)
    assert (status.stale, status.n_scores, status.n_candidates) == (True, 152, 4)
    with RecordingServer() as server:
        server.serve(url, b'{"leaderboards": []}')  # a valid but empty answer must not wipe data
        empty = read_channel(channel, Mode.LIVE, _live_fetcher(server, []))
    assert empty.error and "no records" in empty.error
    status = store_channel_read(con, empty)
    assert (status.stale, status.n_scores) == (True, 152)
    assert status.last_success_at == good.last_success_at
