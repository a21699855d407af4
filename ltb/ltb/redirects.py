"""Following an id that moved: a release's `redirects.json` says where ids of earlier releases
went (split, merged or renamed; written by benchhub/redirects.py). Standard library only, so
every command can use it: `ltb bench info` and `ltb model info` look ids up through it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from benchhub_format.catalog import closest, find
from benchhub_format.release import Release

from ltb.output import print_json, table

REDIRECTS = "redirects.json"
Kind = Literal["benchmark", "model"]


@dataclass(frozen=True, slots=True)
class Moved:
    old_id: str
    to: list[str]
    reason: str

    def notice(self, kind: Kind) -> str:
        targets = ", ".join(self.to)
        return f"note: {kind} id {self.old_id!r} was {self.reason}; it is now {targets}"


def follow(release: Release, kind: Kind, old_id: str) -> Moved | None:
    """Where `old_id` went, or None when it never moved (or the release predates redirects)."""
    if not release.has(REDIRECTS):
        return None
    entry = (release.read_json(REDIRECTS).get(kind) or {}).get(old_id)
    if not entry:
        return None
    return Moved(old_id, list(entry["to"]), str(entry["reason"]))


def tell(moved: Moved, kind: Kind) -> None:
    """The notice goes to stderr, so `--json` output on stdout stays machine-readable."""
    print(moved.notice(kind), file=sys.stderr)


def resolve(
    release: Release, kind: Kind, entries: list[dict[str, Any]], name: str
) -> tuple[dict[str, Any] | None, Moved | None]:
    """The index entry `name` names, following a moved id first (its old page's link meant that
    id). A split returns no entry and the move: the old id is several entries now."""
    live = any(e["id"] == name for e in entries)
    moved = None if live else follow(release, kind, name)
    if moved is not None:
        tell(moved, kind)
        if len(moved.to) > 1:
            return None, moved
    return find(entries, moved.to[0] if moved else name), moved


def show_split(
    moved: Moved, entries: list[dict[str, Any]], as_json: bool, columns: tuple[str, ...]
) -> int:
    """Where a split id went: the new entries (their `columns`), or the redirect as JSON."""
    if as_json:
        print_json({"redirect": {"from": moved.old_id, "to": moved.to, "reason": moved.reason}})
    else:
        rows = [tuple(e[c] for c in columns) for e in entries if e["id"] in moved.to]
        print(table([c.upper() for c in columns], rows))
    return 0


def look_up(
    release: Release,
    kind: Kind,
    wanted: str,
    *,
    index_file: str,
    page_of: Callable[[str], str],
    columns: tuple[str, ...],
    as_json: bool,
    unknown: Callable[[str], Exception],
) -> dict[str, Any] | None:
    """The page `wanted` names: an id the release has is read without the index; otherwise the
    index (`index_file`) is searched, following a moved id first. None when the id was split
    (the new entries are shown instead); `unknown(hint)` is raised, with the closest names as
    the hint, when nothing matches."""
    if release.has(page_of(wanted)):
        return release.read_json(page_of(wanted))
    entries = release.read_json(index_file)[f"{kind}s"]
    entry, moved = resolve(release, kind, entries, wanted)
    if moved is not None and len(moved.to) > 1:
        show_split(moved, entries, as_json, columns)
        return None
    if entry is None:
        suggestions = closest(entries, wanted)
        raise unknown(f" Closest: {', '.join(suggestions)}." if suggestions else "")
    return release.read_json(page_of(entry["id"]))
