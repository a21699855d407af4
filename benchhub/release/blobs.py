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

import contextlib
import hashlib
import json
import os
import shutil
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

BLOBS_DIR = "blobs"
SYNC_THREADS = 8  # fsync waits on the disk, not the CPU
DERIVED_INDEX = "derived.json"  # {input key: sha256 of what was made from it}


class BlobStore:
    def __init__(self, exports_dir: Path):
        self.root = exports_dir / BLOBS_DIR
        self.root.mkdir(parents=True, exist_ok=True)
        # Every file placed, by its path as a string: {"sha256": ..., "bytes": ...}.
        self.entries: dict[str, dict[str, Any]] = {}
        self._derived: dict[str, str] = self._read_derived()
        # Blobs this store created, to be made durable before a release that lists them is
        # published (`sync`); blobs from earlier releases were made durable then.
        self.created: list[Path] = []

    def path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / sha256

    def write(self, target: Path, data: bytes) -> dict[str, Any]:
        """Place `data` at `target` as a link to its blob (writing the blob when it is new).

        New content is written once, at `target` (a new name in a release being built), and
        that file is then linked into the store under its sha256: the blob appears whole or
        not at all, with no temporary file to rename."""
        sha256 = hashlib.sha256(data).hexdigest()
        blob = self.path(sha256)
        if os.path.exists(blob):
            return self._link(blob, target, sha256, len(data))
        _write_read_only(target, data)
        return self.adopt(target, sha256, len(data))

    def adopt(self, target: Path, sha256: str | None = None, size: int = 0) -> dict[str, Any]:
        """Move a file written in place into the store and leave a link to its blob; `sha256`
        and `size` when the caller wrote those bytes itself, else the file is read for them."""
        if sha256 is None:
            digest = hashlib.sha256()
            with open(target, "rb") as handle:
                while chunk := handle.read(1 << 20):
                    digest.update(chunk)
                    size += len(chunk)
            sha256 = digest.hexdigest()
            # Read-only: a blob is shared by every release that has this content, and a
            # release is immutable; writing through one link would change them all.
            os.chmod(target, 0o444)
        blob = self.path(sha256)
        if not os.path.exists(blob):
            try:
                _add_name(target, blob)
            except FileExistsError:
                pass  # another writer stored the same content meanwhile: link to theirs
            else:
                self.created.append(blob)
                return self._record(target, sha256, size)
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
        for folder in os.scandir(self.root):
            if not folder.is_dir():
                continue
            names = os.listdir(folder.path)  # one listing per folder: ~55k blobs in all
            unreferenced = [name for name in names if name not in referenced]
            for name in unreferenced:
                os.unlink(os.path.join(folder.path, name))
            removed += len(unreferenced)
            if len(unreferenced) == len(names):
                with contextlib.suppress(OSError):  # a writer stored a blob here meanwhile
                    os.rmdir(folder.path)
        self._derived = {k: v for k, v in self._derived.items() if v in referenced}
        self.save()
        return removed

    def sync(self, folder: Path, files: Iterable[Path] = ()) -> None:
        """Flush to disk the blobs created here and the directories naming them, every
        directory below `folder` (a release's links are directory entries) and `files` (those
        written there in place, outside the store).

        Only what this release wrote is flushed: `os.sync()` would wait for every dirty page of
        the machine. The fsyncs run on a few threads, so the filesystem's journal can commit
        many in one go.
        """
        directories = {blob.parent for blob in self.created} | {self.root}
        directories |= {Path(d) for d, _, _ in os.walk(folder)}
        with ThreadPoolExecutor(max_workers=SYNC_THREADS) as pool:
            list(pool.map(_fsync, [*self.created, *files]))
            list(pool.map(_fsync, sorted(directories)))
        self.created = []

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
        return self._record(target, sha256, size)

    def _record(self, target: Path, sha256: str, size: int) -> dict[str, Any]:
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


def _write_read_only(target: Path, data: bytes) -> None:
    """Write `data` to a new read-only file `target` (replacing any file there), creating its
    folder when missing."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
    try:
        descriptor = os.open(target, flags, 0o444)
    except FileNotFoundError:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(target, flags, 0o444)
    except FileExistsError:
        os.unlink(target)
        descriptor = os.open(target, flags, 0o444)
    with open(descriptor, "wb") as handle:
        os.fchmod(descriptor, 0o444)  # whatever the umask: blobs are readable by all
        handle.write(data)


def _add_name(source: Path, blob: Path) -> None:
    """Give the complete, read-only file `source` the name `blob` too (creating the blob's
    folder when missing); FileExistsError when `blob` exists."""
    try:
        _name_atomically(source, blob)
    except FileNotFoundError:
        if blob.parent.exists():
            raise
        blob.parent.mkdir(exist_ok=True)
        _name_atomically(source, blob)


def _name_atomically(source: Path, blob: Path) -> None:
    """A hard link, or where the filesystem has none a copy renamed into place: `blob` never
    names a partly written file."""
    try:
        os.link(source, blob)
    except (FileNotFoundError, FileExistsError):
        raise
    except OSError:  # a filesystem without hard links: a copy costs space, not correctness
        tmp = blob.with_name(f".{blob.name}.{os.getpid()}")
        shutil.copyfile(source, tmp)
        os.chmod(tmp, 0o444)
        if blob.exists():
            tmp.unlink()
            raise FileExistsError(blob) from None
        os.replace(tmp, blob)


def _fsync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


@cache
def code_sha256(*roots: Path) -> str:
    """One digest of the source files below `roots` (files or folders): part of the key of
    anything derived by that code, so a change to the code makes it again."""
    digest = hashlib.sha256()
    for root in roots:
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" not in path.parts:
                name = path.name if path == root else path.relative_to(root).as_posix()
                digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def derived_key(kind: str, *inputs: str) -> str:
    """The key under which what `kind` made from `inputs` (digests, settings) is remembered."""
    return f"{kind}:" + hashlib.sha256("\0".join(inputs).encode()).hexdigest()
