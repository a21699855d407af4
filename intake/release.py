"""Which benchmark ids the intake accepts: those in the configured release's `index.json`.

The release is read through benchhub_format.release, so the index is checked against the manifest.
`exports/latest` is switched to a new release while the intake runs; the index is read again
whenever the folder the location resolves to changes.
"""

from __future__ import annotations

import logging
import os

from benchhub_format.errors import RegistryError
from benchhub_format.release import INDEX, open_release

log = logging.getLogger("intake")


class KnownBenchmarks:
    def __init__(self, location: str | None) -> None:
        self.location = location
        self._resolved: str | None = None
        self._ids: frozenset[str] | None = None
        if location is not None:
            self._ids = _read_ids(location)  # fail at startup, not on the first push
            self._resolved = _resolve(location)

    def current(self) -> frozenset[str] | None:
        """The known ids, or None when no release is configured (any well-formed id passes)."""
        if self.location is None:
            return None
        resolved = _resolve(self.location)
        if resolved != self._resolved:
            try:
                self._ids = _read_ids(self.location)
                self._resolved = resolved
            except RegistryError as exc:
                # Mid-switch or a broken release: keep checking against the last good index.
                log.error("cannot read the new release, keeping the previous index: %s", exc)
        return self._ids


def _resolve(location: str) -> str:
    # Releases are immutable, so a new resolved folder is the only change to look for.
    return location if location.startswith(("http://", "https://")) else os.path.realpath(location)


def _read_ids(location: str) -> frozenset[str]:
    release = open_release(location)
    index = release.read_json(INDEX)
    entries = index.get("benchmarks") if isinstance(index, dict) else None
    if not isinstance(entries, list):
        raise RegistryError(f"{location}: {INDEX} has no 'benchmarks' list")
    ids = [e.get("id") for e in entries if isinstance(e, dict)]
    return frozenset(i for i in ids if isinstance(i, str))
