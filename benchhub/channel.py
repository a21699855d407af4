"""The shape every channel module has, and how a channel is run in replay or live mode.

A channel module under `assets/channels/` defines one `Channel`: where it reads in live mode
(`sources`, real public URLs), which bundled recording answers each URL in replay mode, and a
pure `parse` function from the fetched payloads to normalized records. Channels whose live API
paginates supply their own `fetch` that follows the pages with the same `Fetcher`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from benchhub.crosswalk.model_names import junk_reason
from benchhub.http import Fetcher, live_fetcher, replay_fetcher
from benchhub.records import ChannelResult, ParseIssue

RECORDINGS_DIR = Path(__file__).resolve().parent.parent / "recordings" / "channels"

# The shrink guard (benchhub/ingest.py): the largest fraction of the last good read's candidates
# or score rows a read may lose and still count as good. Recorded and live reads of a public
# channel grow or move by a few rows a day; losing a fifth at once is a cut payload or a broken
# page far more often than real news. A channel whose size swings more sets its own.
DEFAULT_MAX_SHRINK = 0.2


class Mode(StrEnum):
    REPLAY = "replay"
    LIVE = "live"


@dataclass(frozen=True, slots=True)
class Source:
    """One payload a channel reads: its live URL and the bundled recording that replays it.

    `exact` says the recording is byte-for-byte what the URL returns, so replay goes through
    the HTTP client; a derived recording (a static extraction) is read from disk in replay.
    """

    name: str  # the key the parser sees
    url: str
    recording: str  # path under the channel's recording folder
    exact: bool = True


Payloads = Mapping[str, bytes]
FetchFn = Callable[[Fetcher, "Channel"], dict[str, bytes]]


@dataclass(frozen=True)
class Channel:
    name: str  # snake_case id, used in asset keys and warehouse rows
    title: str
    kind: str  # framework | leaderboard | paper_index | dataset_hub | code_host | vendor | ...
    homepage: str
    recording_dir: str  # folder under recordings/channels/
    sources: Callable[[], list[Source]]
    parse: Callable[[Payloads], ChannelResult]
    live_notes: str = ""  # pagination, rate limits, auth: what a live run must respect
    fetch: FetchFn | None = None
    max_shrink: float = DEFAULT_MAX_SHRINK  # the shrink guard's threshold for this channel

    def recording_path(self, relative: str) -> Path:
        return RECORDINGS_DIR / self.recording_dir / relative


def fetch_payloads(
    channel: Channel, mode: Mode, fetcher: Fetcher | None = None
) -> dict[str, bytes]:
    """Fetch every source of a channel. Raises FetchError naming the URL that failed."""
    sources = channel.sources()
    if mode is Mode.REPLAY:
        derived = {
            s.name: channel.recording_path(s.recording).read_bytes() for s in sources if not s.exact
        }
        exact = [s for s in sources if s.exact]
        fetcher = fetcher or replay_fetcher(
            {s.url: channel.recording_path(s.recording) for s in exact}
        )
        sources = exact
    else:
        derived = {}
        fetcher = fetcher or live_fetcher()
    with fetcher.client:
        if channel.fetch is not None:
            fetched = channel.fetch(fetcher, channel)
        else:
            fetched = {s.name: fetcher.get_bytes(s.url) for s in sources}
    return {**derived, **fetched}


def run_channel(
    channel: Channel, mode: Mode = Mode.REPLAY, fetcher: Fetcher | None = None
) -> ChannelResult:
    return refuse_non_models(channel.parse(fetch_payloads(channel, mode, fetcher)))


def refuse_non_models(result: ChannelResult) -> ChannelResult:
    """A score whose model name names no model ("N/A", "test", a bare size) becomes a parse
    issue with its channel and row instead of a model id (docs/models.md, rule 6)."""
    kept = []
    for score in result.scores:
        reason = junk_reason(score.model_name)
        if reason is None:
            kept.append(score)
        else:
            where = f"{score.benchmark_key} / model {score.model_name!r}"
            result.issues.append(ParseIssue(score.channel, where, reason))
    result.scores = kept
    return result


def recording_sources(
    channel_dir: str, pattern: str, url_for: Callable[[str], str], exact: bool = True
) -> list[Source]:
    """Sources for every recorded file matching `pattern`, named by their relative path."""
    root = RECORDINGS_DIR / channel_dir
    return [
        Source(name=rel, url=url_for(rel), recording=rel, exact=exact)
        for rel in sorted(p.relative_to(root).as_posix() for p in root.glob(pattern) if p.is_file())
    ]
