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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ltb.errors import RegistryError

RELEASE_SCHEMA_VERSION = 1
MANIFEST = "manifest.json"
INDEX = "index.json"
MODEL_INDEX = "models.json"  # the model search index; one page per model under models/
CHANGELOG = "CHANGELOG.md"
SCORE_DIGESTS = "score_digests.json"
# Pushed runs and pools of runs: `runs/<run_id>.json`, `pools/<pool_id>.json`, and their pages
# `site/runs/<run_id>.html`, `site/pools/<pool_id>.html` (the URLs a push prints).
RUNS_DIR = "runs"
POOLS_DIR = "pools"
# Every release lists these; a manifest without them describes a partial release.
REQUIRED_FILES = (
    INDEX,
    CHANGELOG,
    SCORE_DIGESTS,
    "leaderboard.json",
    "registry.duckdb",
    *(
        f"tables/{t}.parquet"
        for t in ("benchmarks", "benchmark_aliases", "scores", "reproduced_medians", "models")
    ),
)
MANIFEST_KEYS = (
    "schema_version",
    "release_id",
    "created_at",
    "previous_release_id",
    "counts",
    "channels",
    "stale_channels",
    "changes",
    "files",
)
ENV_REGISTRY = "LTB_REGISTRY"
DEFAULT_REGISTRY = "exports/latest"


def page_path(benchmark_id: str) -> str:
    return f"benchmarks/{benchmark_id}.json"


def model_page_path(model_id: str) -> str:
    return f"models/{model_id}.json"


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


def release_location(name: str | None, registry: str | None = None) -> str:
    """A release named by folder, URL or release id; an id is looked up beside the registry's
    default release (`exports/latest` -> `exports/releases/<id>`)."""
    if name is None:
        return resolve_location(registry)
    if _is_url(name) or Path(name).exists():
        return name
    default = resolve_location(registry)
    if not _is_url(default):
        candidate = Path(default).resolve().parent / name
        if candidate.is_dir():
            return str(candidate)
    raise RegistryError(
        f"{name}: no such release folder, and no release with that id beside {default}"
    )


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
    """Every problem found re-checking the manifest and each listed file; none: it verifies."""
    where = _join(release.location, MANIFEST)
    manifest = release.manifest
    problems = [f"{where}: no {key!r} entry" for key in MANIFEST_KEYS if key not in manifest]
    for relative in sorted(manifest["files"]):
        try:
            release.read_bytes(relative)
        except RegistryError as exc:
            problems.append(str(exc))
    problems += [
        f"{where}: {required} is not listed (a partial release)"
        for required in REQUIRED_FILES
        if not release.has(required)
    ]
    if release.has(INDEX) and "counts" in manifest:
        problems += _index_problems(release, where)
    if not _is_url(release.location):
        problems += [
            f"{_join(release.location, relative)}: in the folder but not listed in {MANIFEST} "
            "(added after the release was cut?)"
            for relative in _unlisted_files(release)
        ]
    return problems


def _index_problems(release: Release, where: str) -> list[str]:
    """The manifest's counts and page list against the index (checksum problems are reported
    with the file, so an unreadable index adds nothing here)."""
    try:
        index = release.read_json(INDEX)
    except RegistryError:
        return []
    problems = []
    counts = release.manifest["counts"]
    entries = index.get("benchmarks", [])
    if counts.get("benchmarks") != len(entries):
        problems.append(
            f"{where}: counts.benchmarks is {counts.get('benchmarks')} but {INDEX} lists "
            f"{len(entries)}"
        )
    scores = sum(e.get("n_scores", 0) for e in entries)
    if sum((counts.get("scores_by_label") or {}).values()) != scores:
        problems.append(
            f"{where}: counts.scores_by_label adds up to "
            f"{sum((counts.get('scores_by_label') or {}).values())} but {INDEX} counts {scores}"
        )
    if index.get("release_id") != release.manifest.get("release_id"):
        problems.append(f"{where}: {INDEX} belongs to release {index.get('release_id')!r}")
    pages = {f for f in release.manifest["files"] if f.startswith("benchmarks/")}
    indexed = {page_path(e["id"]) for e in entries}
    problems += [f"{where}: {p} is in {INDEX} but not listed" for p in sorted(indexed - pages)]
    problems += [f"{where}: {p} is listed but not in {INDEX}" for p in sorted(pages - indexed)]
    return problems


def _unlisted_files(release: Release) -> list[str]:
    root = Path(release.location)
    found = (
        os.path.relpath(os.path.join(folder, name), root)
        for folder, _, names in os.walk(root)
        for name in names
    )
    return sorted(f for f in found if f != MANIFEST and f not in release.manifest["files"])


def _is_url(location: str) -> bool:
    return location.startswith(("http://", "https://"))


def _join(location: str, relative: str) -> str:
    return f"{location.rstrip('/')}/{relative}"


def _read(location: str, relative: str) -> bytes:
    target = _join(location, relative)
    if _is_url(location):
        import urllib.error  # only for remote releases: the local path stays fast
        import urllib.request

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
