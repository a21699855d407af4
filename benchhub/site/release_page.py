"""The release page's view: counts, the changelog against the previous release, channel freshness.

`release_info` is the manifest without its file list. Long changelog lists (a first release adds
every benchmark) show their first `CHANGES_SHOWN` ids and a count; the manifest has them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

CHANGES_SHOWN = 200
CHANGE_TITLES: dict[str, str] = {
    "added": "Added",
    "changed": "Changed",
    "retiered": "Re-tiered",
    "removed": "Removed",
}


@dataclass(frozen=True)
class ChangeList:
    title: str
    total: int
    items: list[dict[str, Any]]  # {"id", "note"}, the first CHANGES_SHOWN
    has_pages: bool  # removed benchmarks have no page in this release


@dataclass(frozen=True)
class ChannelRow:
    channel: str
    stale: bool
    last_success_at: str | None
    age: str  # how old the channel's data was when the release was cut
    last_error: str | None


def change_lists(changes: dict[str, Any], shown: int = CHANGES_SHOWN) -> list[ChangeList]:
    lists = []
    for key, title in CHANGE_TITLES.items():
        items = [_change_item(entry) for entry in changes.get(key) or []]
        lists.append(ChangeList(title, len(items), items[:shown], key != "removed"))
    return lists


def in_order(counts: dict[str, int], order: tuple[str, ...]) -> list[tuple[str, int]]:
    """Counts in the registry's order (tiers best first, labels as everywhere), others after."""
    rank = {key: i for i, key in enumerate(order)}
    return sorted(counts.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def channel_rows(release_info: dict[str, Any]) -> list[ChannelRow]:
    created = _instant(release_info.get("created_at"))
    stale = set(release_info.get("stale_channels") or [])
    return [
        ChannelRow(
            channel,
            bool(status.get("stale")) or channel in stale,
            status.get("last_success_at"),
            _age(created, _instant(status.get("last_success_at"))),
            status.get("last_error"),
        )
        for channel, status in sorted((release_info.get("channels") or {}).items())
    ]


def _change_item(entry: str | dict[str, Any]) -> dict[str, Any]:
    if isinstance(entry, dict):  # retiered: {"id", "from", "to"}
        return {"id": entry["id"], "note": f"{entry.get('from')} → {entry.get('to')}"}
    return {"id": entry, "note": ""}


def _instant(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def _age(created: datetime | None, success: datetime | None) -> str:
    if success is None:
        return "never fetched"
    if created is None:
        return "—"
    try:
        seconds = (created - success).total_seconds()
    except TypeError:  # one timestamp naive, the other aware
        return "—"
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.0f} {unit}"
    return "< 1 min"
