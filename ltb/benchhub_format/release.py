"""Reading a release: the one place that knows the snapshot's layout and checks its integrity.

A release is a folder (or a URL serving one) holding `manifest.json`, `index.json`,
`benchmarks/<id>.json`, Parquet tables, `leaderboard.json` and `registry.duckdb`. The manifest
lists every file with its sha256 and size; every file read through here is checked against it.

The manifest of a real release is megabytes, so a client does not start there: `head.json` (a few
KB, the one file not listed anywhere) names the release and holds the sha256 of the manifest and
of its shards, `shards/<nn>.json`, which split the manifest's file list by a hash of each path.
Reading one file costs its shard (checked against the head) and the file (checked against the
shard); `Release.manifest` is read only by what needs all of it (verify, diff).
Standard library only: this is on the CLI's fast path.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchhub_format.errors import RegistryError

RELEASE_SCHEMA_VERSION = 1
MANIFEST = "manifest.json"
HEAD = "head.json"  # the small file a client reads first (release id, manifest and shard hashes)
SHARD_DIR = "shards"
SHARD_COUNT = 32  # a head of about 3 KB; a shard of a 60,000-file release is about 300 KB
INDEX = "index.json"
# The fields of index.json that `ltb bench search` reads, in a file of their own (about half the
# bytes to parse); a release without it is searched through index.json.
SEARCH_INDEX = "search.json"
SEARCH_FIELDS = (
    "id",
    "name",
    "search_keys",
    "description",
    "parent_id",
    "axes",
    "tier",
    "harbor_runnable",
    "pullable",
    "n_channels",
    "n_scores",
)
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


@dataclass(frozen=True)
class Endpoints:
    """The services a release names: its intake (where `ltb bench push` sends runs) and its
    public site. The pipeline's defaults; a deployment sets its own (docs/intake.md)."""

    intake: str = "https://intake.benchhub.dev"
    site: str = "https://benchhub.dev"

    def as_dict(self) -> dict[str, str]:
        return {"intake": self.intake, "site": self.site}


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


Entry = Mapping[str, Any]  # {"sha256": ..., "bytes": ...}
# Reads one file of a release; `expected` is its checked entry when one is known (a cache can
# answer from it), None for the head and for the manifest of a release without a head.
Reader = Callable[[str, Entry | None], bytes]


class MissingFileError(RegistryError):
    """The release has no such file (a folder without it, or an HTTP 404)."""


class Release:
    """A release folder or URL whose head (or, for a release cut before heads, manifest) has
    been read and checked; every other file is read on demand and checked against its entry."""

    def __init__(
        self,
        location: str,
        manifest: dict[str, Any] | None = None,
        *,
        head: dict[str, Any] | None = None,
        reader: Reader | None = None,
    ) -> None:
        if manifest is None and head is None:
            raise ValueError("a Release needs its manifest or its head")
        self.location = location
        self.head = head
        self._manifest = manifest
        self._read = reader or (lambda relative, expected: _read(location, relative))
        self._shards: dict[str, dict[str, Any]] = {}

    @property
    def release_id(self) -> str:
        return (self.head or self.manifest)["release_id"]

    @property
    def endpoints(self) -> dict[str, str]:
        """The intake and site the release names (none for a release cut before they were)."""
        return (self.head or self.manifest).get("endpoints") or {}

    @property
    def manifest(self) -> dict[str, Any]:
        """The whole manifest (megabytes for a real release): read on first use."""
        if self._manifest is None:
            assert self.head is not None
            data = self._checked(MANIFEST, self.head["manifest"], listed_in=HEAD)
            self._manifest = _manifest_from(self.location, data)
        return self._manifest

    def adopt_manifest(self) -> dict[str, Any]:
        """The manifest as it is, without checking it against the head (verify reports that
        mismatch and goes on to check every file the manifest lists)."""
        self._manifest = _manifest_from(self.location, self._read(MANIFEST, None))
        return self._manifest

    def entry(self, relative: str) -> Entry | None:
        """The sha256 and size the release lists for a file, or None when it lists no such file."""
        if self.head is None or self._manifest is not None:
            return self.manifest["files"].get(relative)
        shards = self.head["shards"]
        if relative in shards:
            return shards[relative]
        shard = shard_path(relative)
        if shard not in self._shards:
            if shard not in shards:
                raise RegistryError(f"{_join(self.location, HEAD)}: no entry for {shard}")
            data = self._checked(shard, shards[shard], listed_in=HEAD)
            try:
                self._shards[shard] = json.loads(data)["files"]
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise RegistryError(f"{_join(self.location, shard)}: not a shard ({exc})") from exc
        return self._shards[shard].get(relative)

    def read_bytes(self, relative: str) -> bytes:
        """Read one listed file and check it against its entry."""
        entry = self.entry(relative)
        if entry is None:
            raise RegistryError(f"{self.location}: {relative} is not listed in {MANIFEST}")
        return self._checked(relative, entry)

    def read_json(self, relative: str) -> Any:
        data = self.read_bytes(relative)
        try:
            return json.loads(data)
        except json.JSONDecodeError as exc:
            raise RegistryError(f"{_join(self.location, relative)}: invalid JSON ({exc})") from exc

    def has(self, relative: str) -> bool:
        return self.entry(relative) is not None

    def _checked(self, relative: str, entry: Entry, listed_in: str = MANIFEST) -> bytes:
        data = self._read(relative, entry)
        if len(data) != entry["bytes"] or sha256_bytes(data) != entry["sha256"]:
            raise RegistryError(
                f"{_join(self.location, relative)}: sha256 mismatch with {listed_in} "
                f"(expected {entry['sha256'][:12]}…, {entry['bytes']} bytes; "
                f"found {sha256_bytes(data)[:12]}…, {len(data)} bytes): the release is corrupt"
            )
        return data


def shard_path(relative: str) -> str:
    """The shard of the manifest that lists `relative` (a stable hash of the path)."""
    number = int(hashlib.sha256(relative.encode()).hexdigest()[:8], 16) % SHARD_COUNT
    return f"{SHARD_DIR}/{number:02d}.json"


def is_shard(relative: str) -> bool:
    return relative.startswith(f"{SHARD_DIR}/")


def build_shards(files: Mapping[str, Entry]) -> dict[str, bytes]:
    """The shard files (path -> bytes) splitting a manifest's file list; every shard exists,
    empty or not, so a client can tell "not listed" from "shard missing"."""
    shards: dict[str, dict[str, Entry]] = {
        f"{SHARD_DIR}/{n:02d}.json": {} for n in range(SHARD_COUNT)
    }
    for relative, entry in files.items():
        if not is_shard(relative):
            shards[shard_path(relative)][relative] = dict(entry)
    return {
        path: (json.dumps({"files": listed}, sort_keys=True, separators=(",", ":")) + "\n").encode()
        for path, listed in shards.items()
    }


def build_head(manifest: Mapping[str, Any], manifest_bytes: bytes) -> dict[str, Any]:
    """The head of a release whose manifest (listing its shards) is `manifest_bytes`."""
    return {
        "schema_version": manifest["schema_version"],
        "release_id": manifest["release_id"],
        "created_at": manifest["created_at"],
        "manifest": {"sha256": sha256_bytes(manifest_bytes), "bytes": len(manifest_bytes)},
        "shards": {f: dict(e) for f, e in sorted(manifest["files"].items()) if is_shard(f)},
        "endpoints": manifest.get("endpoints"),
    }


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


def open_release(explicit: str | None = None, *, reader: Reader | None = None) -> Release:
    """Open the release named by --registry, $LTB_REGISTRY or exports/latest, or say why not.

    `reader` fetches its files (a cache, for a remote registry); by default they are read from
    the folder or fetched from the URL as they are."""
    location = resolve_location(explicit)
    if not _is_url(location):
        path = Path(location)
        if not path.exists():
            raise RegistryError(
                f"{location}: no release here. Build one with `make registry`, or point "
                f"--registry / ${ENV_REGISTRY} at a release folder or URL"
            )
        location = str(path.resolve())
    read = reader or (lambda relative, expected: _read(location, relative))
    try:
        head = _head_from(location, read(HEAD, None))
    except MissingFileError:  # a release cut before heads: its manifest is where to start
        return Release(location, _manifest_from(location, read(MANIFEST, None)), reader=read)
    return Release(location, head=head, reader=read)


def _head_from(location: str, data: bytes) -> dict[str, Any]:
    where = _join(location, HEAD)
    try:
        head = json.loads(data)
    except json.JSONDecodeError as exc:
        raise RegistryError(f"{where}: invalid JSON ({exc})") from exc
    if not isinstance(head, dict) or not all(
        isinstance(head.get(k), dict) for k in ("manifest", "shards")
    ):
        raise RegistryError(f"{where}: not a release head (no manifest or shard entries)")
    _check_version(where, head)
    return head


def _manifest_from(location: str, data: bytes) -> dict[str, Any]:
    where = _join(location, MANIFEST)
    try:
        manifest = json.loads(data)
    except json.JSONDecodeError as exc:
        raise RegistryError(f"{where}: invalid JSON ({exc})") from exc
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        raise RegistryError(f"{where}: not a release manifest (no file list)")
    _check_version(where, manifest)
    return manifest


def _check_version(where: str, document: Mapping[str, Any]) -> None:
    version = document.get("schema_version")
    if version != RELEASE_SCHEMA_VERSION:
        raise RegistryError(
            f"{where}: release schema version {version!r}; this ltb reads "
            f"version {RELEASE_SCHEMA_VERSION} (upgrade ltb)"
        )


def verify_release(release: Release, *, workers: int = 1) -> list[str]:
    """Every problem found re-checking the manifest and each listed file; none: it verifies.
    `workers` files are read at once (a remote release is tens of thousands of requests)."""
    where = _join(release.location, MANIFEST)
    problems = []
    try:
        manifest = release.manifest
    except RegistryError as exc:
        if release.head is None:
            raise
        problems.append(str(exc))  # not the manifest the head names: check what it lists anyway
        manifest = release.adopt_manifest()
    problems += [f"{where}: no {key!r} entry" for key in MANIFEST_KEYS if key not in manifest]

    index_bytes: list[bytes] = []  # read once: checked like every file, then against counts

    def check(relative: str) -> str | None:
        try:
            data = release.read_bytes(relative)
        except RegistryError as exc:
            return str(exc)
        if relative == INDEX:
            index_bytes.append(data)
        return None

    files = sorted(manifest["files"])
    if workers > 1:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(workers) as pool:
            found = list(pool.map(check, files))
    else:
        found = [check(relative) for relative in files]
    problems += [problem for problem in found if problem is not None]
    problems += [
        f"{where}: {required} is not listed (a partial release)"
        for required in REQUIRED_FILES
        if not release.has(required)
    ]
    if index_bytes and "counts" in manifest:
        try:
            index = json.loads(index_bytes[0])
        except ValueError as exc:
            problems.append(f"{_join(release.location, INDEX)}: not JSON ({exc})")
        else:
            problems += _index_problems(release, where, index)
    if release.head is not None:
        problems += _head_problems(release)
    if not _is_url(release.location):
        problems += [
            f"{_join(release.location, relative)}: in the folder but not listed in {MANIFEST} "
            "(added after the release was cut?)"
            for relative in _unlisted_files(release)
        ]
    return problems


def _index_problems(release: Release, where: str, index: dict[str, Any]) -> list[str]:
    """The manifest's counts and page list against the index (checksum problems are reported
    with the file, so an unreadable index is not checked here)."""
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
    # Older releases named themselves in the index too; the manifest's checksum now ties it.
    if "release_id" in index and index["release_id"] != release.manifest.get("release_id"):
        problems.append(f"{where}: {INDEX} belongs to release {index.get('release_id')!r}")
    pages = {f for f in release.manifest["files"] if f.startswith("benchmarks/")}
    indexed = {page_path(e["id"]) for e in entries}
    problems += [f"{where}: {p} is in {INDEX} but not listed" for p in sorted(indexed - pages)]
    problems += [f"{where}: {p} is listed but not in {INDEX}" for p in sorted(pages - indexed)]
    return problems


def _head_problems(release: Release) -> list[str]:
    """The head and the shards against the manifest they were cut from."""
    where = _join(release.location, HEAD)
    manifest = release.manifest
    head = release.head or {}
    problems = [
        f"{where}: {key} is {head.get(key)!r} but {MANIFEST} says {manifest.get(key)!r}"
        for key in ("release_id", "created_at", "endpoints")
        if head.get(key) != manifest.get(key)
    ]
    listed = {f: e for f, e in manifest["files"].items() if is_shard(f)}
    if head.get("shards") != listed:
        problems.append(f"{where}: its shards differ from those {MANIFEST} lists")
    expected = build_shards(manifest["files"])
    for shard, data in expected.items():
        entry = listed.get(shard)
        if entry is not None and entry["sha256"] != sha256_bytes(data):
            problems.append(
                f"{_join(release.location, shard)}: does not list what {MANIFEST} lists "
                "for its paths"
            )
    problems += [f"{where}: {s} is missing" for s in sorted(set(expected) - set(listed))]
    return problems


def _unlisted_files(release: Release) -> list[str]:
    root = Path(release.location)
    found = (
        os.path.relpath(os.path.join(folder, name), root)
        for folder, _, names in os.walk(root)
        for name in names
    )
    unlisted = (MANIFEST, HEAD)  # the two files that list the others
    return sorted(f for f in found if f not in unlisted and f not in release.manifest["files"])


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
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                raise MissingFileError(f"{target}: missing from the release (404)") from exc
            raise RegistryError(f"{target}: cannot fetch (HTTP {exc.code})") from exc
        except (urllib.error.URLError, TimeoutError) as exc:
            raise RegistryError(f"{target}: cannot fetch ({exc})") from exc
    try:
        return Path(target).read_bytes()
    except FileNotFoundError as exc:
        raise MissingFileError(f"{target}: missing from the release") from exc
    except OSError as exc:
        raise RegistryError(f"{target}: unreadable ({exc})") from exc
