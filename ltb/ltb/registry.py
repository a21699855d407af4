"""Where the registry is, and the local cache that makes a remote one cheap to ask again.

The location comes from `--registry`, else `$LTB_REGISTRY`, else `registry` in the config file
(`$LTB_CONFIG`, else `$XDG_CONFIG_HOME/ltb/config.toml`, else `~/.config/ltb/config.toml`), else
`exports/latest` (a registry built in this repository).

A remote registry (an http(s) URL serving a release folder) is cached under
`$XDG_CACHE_HOME/ltb/` (else `~/.cache/ltb/`): the release's `head.json` with the validators the
server sent (ETag, Last-Modified), and every other file it read under its sha256. Each command
asks for the head once, conditionally (If-None-Match / If-Modified-Since), so an unchanged
registry costs one small request (a 304); every other file is named by a checksum the head
chain vouches for, and is taken from the cache when the cached copy still has that checksum (a
corrupt or truncated copy is fetched again). `--offline` answers from the cache without any
request and says how old it is.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import http.client
import json
import os
import sys
import tempfile
import threading
import time
import tomllib
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchhub_format.errors import RegistryError
from benchhub_format.release import (
    DEFAULT_REGISTRY,
    ENV_REGISTRY,
    HEAD,
    Entry,
    MissingFileError,
    Release,
    open_release,
    sha256_bytes,
)

from ltb import __version__
from ltb.errors import UsageError

ENV_CONFIG = "LTB_CONFIG"
TIMEOUT_SECONDS = 30


REGISTRY_HELP = "release folder or URL (default $LTB_REGISTRY, the config file, or exports/latest)"


def add_registry_arguments(
    parser: argparse.ArgumentParser, registry_help: str = REGISTRY_HELP
) -> None:
    parser.add_argument("--registry", help=registry_help)
    parser.add_argument(
        "--offline",
        action="store_true",
        help="answer from the local cache of a remote registry, without any request",
    )


def config_path() -> Path:
    if os.environ.get(ENV_CONFIG):
        return Path(os.environ[ENV_CONFIG])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "ltb" / "config.toml"


def config() -> dict[str, Any]:
    """The config file's settings (`registry`, `intake`), or none when there is no file."""
    path = config_path()
    try:
        with path.open("rb") as handle:
            settings = tomllib.load(handle)
    except FileNotFoundError:
        return {}
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path}: unreadable config file ({exc})") from exc
    for key in ("registry", "intake"):
        if key in settings and not isinstance(settings[key], str):
            raise UsageError(f"{path}: {key} must be a string (a folder or URL)")
    return settings


def registry_location(explicit: str | None) -> str:
    """--registry, else $LTB_REGISTRY, else the config file's `registry`, else exports/latest."""
    return explicit or os.environ.get(ENV_REGISTRY) or config().get("registry") or DEFAULT_REGISTRY


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ltb"


def open_registry(explicit: str | None, *, offline: bool = False, keep: bool = True) -> Release:
    """The release at the registry's location; a remote one through the local cache (`keep`:
    files read are kept in it; a full verify reads every file and keeps none)."""
    location = registry_location(explicit)
    if not location.startswith(("http://", "https://")):
        return open_release(location)  # a folder is local already: --offline changes nothing
    cache = RegistryCache(location, cache_root())
    release = open_release(location, reader=cache.reader(offline=offline, keep=keep))
    if offline:
        print(
            f"ltb: offline: release {release.release_id} from the cache of {location}, "
            f"last checked {_age(time.time() - cache.checked_at())} ago",
            file=sys.stderr,
        )
    return release


@dataclass
class RegistryCache:
    """The cached files of one remote registry (one folder per URL)."""

    url: str
    root: Path

    def __post_init__(self) -> None:
        self.url = self.url.rstrip("/")
        key = hashlib.sha256(self.url.encode()).hexdigest()[:16]
        self.folder = self.root / "registries" / key
        self.blobs = self.folder / "files"
        self._local = threading.local()

    def reader(self, *, offline: bool, keep: bool = True) -> Callable[[str, Entry | None], bytes]:
        def read(relative: str, expected: Entry | None) -> bytes:
            if relative == HEAD:
                return self._cached_head() if offline else self._fresh_head()
            if expected is None:  # the manifest of a release cut before heads: not cached
                if offline:
                    raise RegistryError(f"{self.url}: has no {HEAD}; it cannot be read offline")
                return self._get(relative, {})[0]
            return self._file(relative, expected, offline, keep)

        return read

    def checked_at(self) -> float:
        return float(self._meta().get("checked_at", 0.0))

    def _fresh_head(self) -> bytes:
        meta = self._meta()
        cached = self._read_if_present(self.folder / HEAD)
        headers = {}
        if cached is not None:
            if meta.get("etag"):
                headers["If-None-Match"] = meta["etag"]
            if meta.get("last_modified"):
                headers["If-Modified-Since"] = meta["last_modified"]
        try:
            data, response_headers = self._get(HEAD, headers)
        except _NotModified:
            assert cached is not None
            self._write_meta({**meta, "checked_at": time.time()})
            return cached
        _atomic_write(self.folder / HEAD, data)
        self._write_meta(
            {
                "url": self.url,
                "etag": response_headers.get("ETag"),
                "last_modified": response_headers.get("Last-Modified"),
                "checked_at": time.time(),
            }
        )
        return data

    def _cached_head(self) -> bytes:
        data = self._read_if_present(self.folder / HEAD)
        if data is None:
            raise RegistryError(
                f"{self.url}: nothing cached for this registry in {self.folder}; "
                "run the command once online first"
            )
        return data

    def _file(self, relative: str, expected: Entry, offline: bool, keep: bool) -> bytes:
        blob = self.blobs / expected["sha256"]
        data = self._read_if_present(blob)
        if data is not None and _matches(data, expected):
            return data
        if offline:
            state = "corrupt in" if data is not None else "not in"
            raise RegistryError(
                f"{self.url}/{relative}: {state} the cache ({self.folder}); run it once online"
            )
        data, _ = self._get(relative, {})
        if keep and _matches(data, expected):  # a mismatch is reported by the release
            _atomic_write(blob, data)
        return data

    def _get(self, relative: str, headers: dict[str, str]) -> tuple[bytes, Any]:
        """GET one file of the registry on this thread's kept-alive connection (a verify reads
        tens of thousands of files: one TCP and TLS handshake each would dominate)."""
        url = f"{self.url}/{relative}"
        parts = urllib.parse.urlsplit(self.url)
        path = f"{parts.path.rstrip('/')}/{urllib.parse.quote(relative)}"
        request_headers = {"User-Agent": f"ltb/{__version__}", **headers}
        for attempt in (1, 2):  # a kept-alive connection the server closed is opened again
            connection = self._connection(parts)
            try:
                connection.request("GET", path, headers=request_headers)
                response = connection.getresponse()
                data = response.read()
                break
            except (http.client.HTTPException, OSError) as exc:
                connection.close()
                self._local.connection = None
                if attempt == 2 or isinstance(exc, TimeoutError):
                    raise RegistryError(f"{url}: cannot fetch ({exc}){self._hint()}") from None
        if response.status == 304:
            raise _NotModified
        if response.status == 404:
            raise MissingFileError(f"{url}: missing from the release (404)")
        if response.status != 200:
            raise RegistryError(f"{url}: cannot fetch (HTTP {response.status})")
        return data, response.headers

    def _connection(self, parts: urllib.parse.SplitResult) -> http.client.HTTPConnection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            kind = (
                http.client.HTTPSConnection
                if parts.scheme == "https"
                else http.client.HTTPConnection
            )
            connection = kind(parts.hostname or "", parts.port, timeout=TIMEOUT_SECONDS)
            self._local.connection = connection
        return connection

    def _hint(self) -> str:
        if not (self.folder / HEAD).exists():
            return ""
        age = _age(time.time() - self.checked_at())
        return f"; --offline answers from the cache (last checked {age} ago)"

    def _meta(self) -> dict[str, Any]:
        data = self._read_if_present(self.folder / "head.meta.json")
        try:
            meta = json.loads(data) if data else {}
        except json.JSONDecodeError:
            return {}  # a damaged note only costs a full fetch of the head
        return meta if isinstance(meta, dict) else {}

    def _write_meta(self, meta: dict[str, Any]) -> None:
        _atomic_write(self.folder / "head.meta.json", json.dumps(meta).encode())

    @staticmethod
    def _read_if_present(path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return None


class _NotModified(Exception):
    pass


def _matches(data: bytes, expected: Entry) -> bool:
    return len(data) == expected["bytes"] and sha256_bytes(data) == expected["sha256"]


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


def _age(seconds: float) -> str:
    if seconds < 120:
        return f"{max(seconds, 0):.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} h"
    return f"{seconds / 86400:.0f} days"
