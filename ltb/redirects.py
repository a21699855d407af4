"""Following an id that moved: a release's `redirects.json` says where ids of earlier releases
went (split, merged or renamed; written by benchhub/redirects.py). Standard library only, so
every command can use it: `ltb bench info` now, `ltb model info` the same way."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Literal

from ltb.release import Release

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
