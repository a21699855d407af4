"""Reading a release: the one place that knows the snapshot's layout and checks its integrity.

A release is a folder (or a URL serving one) holding `manifest.json`, `index.json`,
`benchmarks/<id>.json`, Parquet tables, `leaderboard.json` and `registry.duckdb`. The manifest
lists every file with its sha256 and size; every file read through here is checked against it.
Standard library only: this is on the CLI's fast path.
"""

from __future__ import annotations

import hashlib
import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ltb.errors import RegistryError

RELEASE_SCHEMA_VERSION = 1
MANIFEST = "manifest.json"
INDEX = "index.json"
ENV_REGISTRY = "LTB_REGISTRY"
DEFAULT_REGISTRY = "exports/latest"


def page_path(benchmark_id: str) -> str:
    return f"benchmarks/{benchmark_id}.json"


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass
class Release:
    """A release folder or URL whose manifest has been read and checked."""

    location: str
    manifest: dict[str, Any]

    @property
    def release_id(self) -> str:
        return self.manifest["release_id"]

    def read_bytes(self, relative: str) -> bytes:
        """Read one listed file and check it against the manifest."""
        entry = self.manifest["files"].get(relative)
        if entry is None:
            raise RegistryError(f"{self.location}: {relative} is not listed in {MANIFEST}")
        data = _read(self.location, relative)
        if len(data) != entry["bytes"] or sha256_bytes(data) != entry["sha256"]:
            raise RegistryError(
                f"{_join(self.location, relative)}: sha256 mismatch with {MANIFEST} "
                f"(expected {entry['sha256'][:12]}…, {entry['bytes']} bytes; "
                f"found {sha256_bytes(data)[:12]}…, {len(data)} bytes): the release is corrupt"
            )
        return data

    def read_json(self, relative: str) -> Any:
        data = self.read_bytes(relative)
        try:
            return json.loads(data)
        except json.JSONDecodeError as exc:
            raise RegistryError(f"{_join(self.location, relative)}: invalid JSON ({exc})") from exc

    def has(self, relative: str) -> bool:
        return relative in self.manifest["files"]


def resolve_location(explicit: str | None) -> str:
    return explicit or os.environ.get(ENV_REGISTRY) or DEFAULT_REGISTRY


def open_release(explicit: str | None = None) -> Release:
    """Open the release named by --registry, $LTB_REGISTRY or exports/latest, or say why not."""
    location = resolve_location(explicit)
    if not _is_url(location):
        path = Path(location)
        if not path.exists():
            raise RegistryError(
                f"{location}: no release here. Build one with `make registry`, or point "
                f"--registry / ${ENV_REGISTRY} at a release folder or URL"
            )
        location = str(path.resolve())
    try:
        manifest = json.loads(_read(location, MANIFEST))
    except json.JSONDecodeError as exc:
        raise RegistryError(f"{_join(location, MANIFEST)}: invalid JSON ({exc})") from exc
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        raise RegistryError(f"{_join(location, MANIFEST)}: not a release manifest (no file list)")
    version = manifest.get("schema_version")
    if version != RELEASE_SCHEMA_VERSION:
        raise RegistryError(
            f"{_join(location, MANIFEST)}: release schema version {version!r}; this ltb reads "
            f"version {RELEASE_SCHEMA_VERSION} (upgrade ltb)"
        )
    return Release(location, manifest)


def verify_release(release: Release) -> list[str]:
    """Every problem found re-checking each listed file; an empty list means it verifies."""
    problems = []
    for relative in sorted(release.manifest["files"]):
        try:
            release.read_bytes(relative)
        except RegistryError as exc:
            problems.append(str(exc))
    for required in (INDEX,):
        if not release.has(required):
            problems.append(f"{release.location}: {required} is missing from the manifest")
    return problems


def _is_url(location: str) -> bool:
    return location.startswith(("http://", "https://"))


def _join(location: str, relative: str) -> str:
    return f"{location.rstrip('/')}/{relative}"


def _read(location: str, relative: str) -> bytes:
    target = _join(location, relative)
    if _is_url(location):
        try:
            with urllib.request.urlopen(target, timeout=30) as response:  # noqa: S310 (http/https only)
                return response.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            raise RegistryError(f"{target}: cannot fetch ({exc})") from exc
    try:
        return Path(target).read_bytes()
    except FileNotFoundError as exc:
        raise RegistryError(f"{target}: missing from the release") from exc
    except OSError as exc:
        raise RegistryError(f"{target}: unreadable ({exc})") from exc
