"""Content-addressed release files: each distinct file content is stored once on disk.

`exports/blobs/<2 hex>/<sha256>` holds one read-only file per distinct content. A release folder
(`exports/releases/<id>/`) holds hard links to its blobs, so users, `ltb` and the manifest see
ordinary files at the usual paths, while a page that did not change between two releases costs
its bytes once. A blob is kept while any kept release's manifest lists its sha256; retention
removes the others (`collect_garbage`).

The store also remembers what was made from what (`derived`): a rendered page keyed by the
sha256 of its inputs, so an unchanged benchmark's HTML is linked, not rendered again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

BLOBS_DIR = "blobs"
DERIVED_INDEX = "derived.json"  # {input key: sha256 of what was made from it}


class BlobStore:
    def __init__(self, exports_dir: Path):
        self.root = exports_dir / BLOBS_DIR
        self.root.mkdir(parents=True, exist_ok=True)
        # Every file placed, by its path as a string: {"sha256": ..., "bytes": ...}.
        self.entries: dict[str, dict[str, Any]] = {}
        self._derived: dict[str, str] = self._read_derived()

    def path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / sha256

    def write(self, target: Path, data: bytes) -> dict[str, Any]:
        """Place `data` at `target` as a link to its blob (writing the blob when it is new)."""
        sha256 = hashlib.sha256(data).hexdigest()
        blob = self.path(sha256)
        if not blob.exists():
            blob.parent.mkdir(exist_ok=True)
            tmp = blob.with_name(f".{sha256}.{os.getpid()}")
            with open(tmp, "wb") as handle:
                handle.write(data)
            self._seal(tmp, blob)
        return self._link(blob, target, sha256, len(data))

    def adopt(self, target: Path) -> dict[str, Any]:
        """Move a file written in place into the store and leave a link to its blob."""
        digest = hashlib.sha256()
        size = 0
        with open(target, "rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
                size += len(chunk)
        sha256 = digest.hexdigest()
        blob = self.path(sha256)
        if not blob.exists():
            blob.parent.mkdir(exist_ok=True)
            tmp = blob.with_name(f".{sha256}.{os.getpid()}")
            _link_or_copy(target, tmp)
            self._seal(tmp, blob)
        return self._link(blob, target, sha256, size)

    def derived(self, key: str, target: Path) -> dict[str, Any] | None:
        """Link what was made from `key` before to `target`, or None when it is not stored."""
        sha256 = self._derived.get(key)
        if sha256 is None:
            return None
        blob = self.path(sha256)
        try:
            size = blob.stat().st_size
        except FileNotFoundError:
            return None
        return self._link(blob, target, sha256, size)

    def remember(self, key: str, entry: dict[str, Any]) -> None:
        self._derived[key] = entry["sha256"]

    def save(self) -> None:
        """Write the derived index (atomically); call after the release's files are placed."""
        index = self.root / DERIVED_INDEX
        tmp = index.with_name(f".{DERIVED_INDEX}.{os.getpid()}")
        tmp.write_text(json.dumps(self._derived, sort_keys=True, separators=(",", ":")))
        os.replace(tmp, index)

    def collect_garbage(self, referenced: set[str]) -> int:
        """Remove every blob no sha256 in `referenced` names (and what was derived into it)."""
        removed = 0
        for folder in self.root.iterdir():
            if not folder.is_dir():
                continue
            for blob in folder.iterdir():
                if blob.name not in referenced:
                    blob.unlink()
                    removed += 1
            if not any(folder.iterdir()):
                folder.rmdir()
        self._derived = {k: v for k, v in self._derived.items() if v in referenced}
        self.save()
        return removed

    def _seal(self, tmp: Path, blob: Path) -> None:
        # Read-only: a blob is shared by every release that has this content, and a release is
        # immutable; writing through one link would change them all.
        os.chmod(tmp, 0o444)
        os.replace(tmp, blob)

    def _link(self, blob: Path, target: Path, sha256: str, size: int) -> dict[str, Any]:
        try:
            _link_or_copy(blob, target)  # the usual case: a new name in a new release
        except FileNotFoundError:
            target.parent.mkdir(parents=True, exist_ok=True)
            _link_or_copy(blob, target)
        except FileExistsError:
            # A file written in place (adopted): swap it for the link, unless it is the blob.
            if not os.path.samefile(target, blob):
                tmp = target.with_name(f".{target.name}.link")
                tmp.unlink(missing_ok=True)
                _link_or_copy(blob, tmp)
                os.replace(tmp, target)
        entry = {"sha256": sha256, "bytes": size}
        self.entries[os.fspath(target)] = entry
        return entry

    def _read_derived(self) -> dict[str, str]:
        try:
            return json.loads((self.root / DERIVED_INDEX).read_text())
        except (FileNotFoundError, ValueError):
            return {}  # no index yet, or a torn one: it is only a cache


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except (FileNotFoundError, FileExistsError):
        raise
    except OSError:  # a filesystem without hard links: a copy costs space, not correctness
        if target.exists():
            raise FileExistsError(target) from None
        shutil.copyfile(source, target)
