"""The blob store places each release file as a link to one read-only blob per content."""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from pathlib import Path

import pytest

from benchhub.release import blobs
from benchhub.release.blobs import BlobStore


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_content_is_written_once_and_named_by_its_sha256(tmp_path: Path) -> None:
    store = BlobStore(tmp_path / "exports")
    release = tmp_path / "exports" / "releases" / ".tmp-r1"
    data = b'{"id":"mmlu"}\n'
    entry = store.write(release / "benchmarks" / "mmlu.json", data)
    blob = store.path(hashlib.sha256(data).hexdigest())
    assert entry == {"sha256": blob.name, "bytes": len(data)}
    assert os.path.samefile(blob, release / "benchmarks" / "mmlu.json")
    assert blob.read_bytes() == data and _mode(blob) == 0o444
    assert store.created == [blob]
    # the same bytes elsewhere: a second name for the blob, nothing written again
    store.write(release / "benchmarks" / "copy.json", data)
    assert os.path.samefile(blob, release / "benchmarks" / "copy.json")
    assert store.created == [blob]
    assert not [p for p in blob.parent.iterdir() if p.name.startswith(".")]  # no leftovers


def test_writing_over_a_file_replaces_it(tmp_path: Path) -> None:
    store = BlobStore(tmp_path / "exports")
    target = tmp_path / "release" / "index.json"
    store.write(target, b"old\n")
    store.write(target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert store.path(hashlib.sha256(b"old\n").hexdigest()).read_bytes() == b"old\n"


def test_adopted_file_keeps_its_bytes_and_becomes_read_only(tmp_path: Path) -> None:
    store = BlobStore(tmp_path / "exports")
    target = tmp_path / "release" / "tables" / "scores.parquet"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"PAR1 rows")
    entry = store.adopt(target)
    assert entry["sha256"] == hashlib.sha256(b"PAR1 rows").hexdigest()
    assert os.path.samefile(store.path(entry["sha256"]), target) and _mode(target) == 0o444


def test_without_hard_links_a_complete_copy_is_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, target: object) -> None:
        raise OSError(errno.EPERM, "hard links are not supported here")

    monkeypatch.setattr(blobs.os, "link", no_links)
    store = BlobStore(tmp_path / "exports")
    target = tmp_path / "release" / "page.html"
    entry = store.write(target, b"<html>\n")
    blob = store.path(entry["sha256"])
    assert blob.read_bytes() == target.read_bytes() == b"<html>\n"
    assert _mode(blob) == 0o444 and not os.path.samefile(blob, target)
    assert not [p for p in blob.parent.iterdir() if p.name.startswith(".")]
