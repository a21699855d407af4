"""The run inbox: one JSON record per accepted run, `<inbox>/<run_id>.json`.

The intake server and `ltb bench push --to DIR` both write through `write_run`, and the pipeline
reads through `read_run`, so the record format lives only here. A record is never visible half
written: it is written to a temp file (a name the pipeline ignores), fsynced, then linked into
place. The inbox is append-only for the intake; only the pipeline's quarantine moves files out.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from benchhub_format.errors import InvalidSummaryError, RunConflictError
from benchhub_format.summary_check import (
    MAX_SUMMARY_BYTES,
    check_summary,
    parse_summary_bytes,
    parse_timestamp,
)

RECORD_VERSION = 1
# Temp files start with a dot and do not end in .json: readers that glob `*.json` never see them.
TEMP_PREFIX = ".partial-"
TEMP_SUFFIX = ".tmp"
# Room for the intake metadata around a summary of the largest allowed size.
MAX_RECORD_BYTES = MAX_SUMMARY_BYTES + 64 * 1024
RUN_ID_RE = re.compile(r"run-[0-9a-f]{20}")
SUBMITTER_RE = re.compile(r"anonymous|key_[0-9a-f]{12}")
ANONYMOUS = "anonymous"


class WrittenRun(NamedTuple):
    run_id: str
    created: bool  # False when the same run was already in the inbox (a replay)


@dataclass(frozen=True)
class InboxRecord:
    run_id: str
    received_at: datetime
    submitter: str
    summary: dict[str, Any]


def run_id_for(results_sha256: str) -> str:
    """The id is derived from Harbor's result file hash, so pushing one run twice finds it."""
    return f"run-{results_sha256[:20]}"


def run_path(inbox_dir: Path, run_id: str) -> Path:
    if not RUN_ID_RE.fullmatch(run_id):
        raise ValueError(f"not a run id: {run_id!r}")
    return Path(inbox_dir) / f"{run_id}.json"


def write_run(
    inbox_dir: Path, summary: dict[str, Any], *, submitter: str, received_at: datetime
) -> WrittenRun:
    """Record a checked summary; a replay of the same run returns the existing id.

    Raises RunConflictError when the results hash is already recorded with different content.
    """
    run_id = run_id_for(summary["results_sha256"])
    final = run_path(inbox_dir, run_id)
    if final.exists():
        _check_replay(final, summary)
        return WrittenRun(run_id, created=False)
    record = {
        "record_version": RECORD_VERSION,
        "run_id": run_id,
        "received_at": received_at.isoformat(),
        "submitter": submitter,
        "summary": summary,
    }
    data = json.dumps(record, ensure_ascii=False, allow_nan=False, sort_keys=True).encode()
    if not write_new_file(final, data):
        _check_replay(final, summary)
        return WrittenRun(run_id, created=False)
    return WrittenRun(run_id, created=True)


def write_new_file(path: Path, data: bytes) -> bool:
    """Write `path` whole, never over an existing file; False when it already exists.

    The data goes to a temp file (a name no reader globs), is fsynced, then hard-linked into
    place: link, unlike replace, never overwrites, so of two concurrent writers exactly one
    creates the file and the other sees it exists. The folder is fsynced before returning.
    """
    path = Path(path)
    temp = _write_temp(path.parent, data, 0o644)
    try:
        os.link(temp, path)
    except FileExistsError:
        return False
    finally:
        temp.unlink(missing_ok=True)
    _fsync_dir(path.parent)
    return True


def read_run(path: Path, known_benchmarks: Collection[str] | None = None) -> InboxRecord:
    """Read and re-check one record; raises InvalidSummaryError naming what is wrong."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_RECORD_BYTES + 1)
    obj = parse_summary_bytes(data, MAX_RECORD_BYTES)
    problems = _envelope_problems(obj, Path(path).stem)
    if problems:
        raise InvalidSummaryError(problems)
    received_at = parse_timestamp(obj["received_at"])
    try:
        summary = check_summary(obj["summary"], known_benchmarks, not_after=received_at)
    except InvalidSummaryError as exc:
        raise InvalidSummaryError([f"summary.{p}" for p in exc.problems]) from None
    return InboxRecord(obj["run_id"], received_at, obj["submitter"], summary)


def atomic_write_bytes(path: Path, data: bytes, *, mode: int = 0o644) -> None:
    """Replace `path` with `data` so that readers see the old or the new file, never a mix."""
    path = Path(path)
    temp = _write_temp(path.parent, data, mode)
    try:
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
    _fsync_dir(path.parent)


def remove_stale_temp_files(directory: Path, older_than_seconds: float) -> int:
    """Delete temp files left by a writer that died; returns how many were removed.

    Only files older than the threshold go, so a live writer's temp file is left alone.
    """
    cutoff = time.time() - older_than_seconds
    removed = 0
    for temp in Path(directory).glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"):
        with contextlib.suppress(FileNotFoundError):
            if temp.stat().st_mtime <= cutoff:
                temp.unlink()
                removed += 1
    return removed


def _check_replay(existing: Path, summary: dict[str, Any]) -> None:
    recorded = json.loads(existing.read_bytes())["summary"]
    # Notes are the pusher's comment, not part of the result: a replay may change them.
    if _without_notes(recorded) != _without_notes(summary):
        raise RunConflictError(
            f"results_sha256 {summary['results_sha256']} is already recorded as run "
            f"{existing.stem} with a different summary; a run is pushed once"
        )


def _without_notes(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "notes"}


def _envelope_problems(obj: dict[str, Any], file_stem: str) -> list[str]:
    expected = {"record_version", "run_id", "received_at", "submitter", "summary"}
    if set(obj) != expected:
        return [f"(record): keys must be {sorted(expected)}, got {sorted(obj)[:10]}"]
    problems = []
    if obj["record_version"] != RECORD_VERSION:
        problems.append(f"record_version: {obj['record_version']!r} is not {RECORD_VERSION}")
    summary = obj["summary"]
    sha = summary.get("results_sha256") if isinstance(summary, dict) else None
    if not isinstance(sha, str) or obj["run_id"] != run_id_for(sha) or file_stem != obj["run_id"]:
        problems.append("run_id: does not match the file name and summary.results_sha256")
    if not isinstance(obj["submitter"], str) or not SUBMITTER_RE.fullmatch(obj["submitter"]):
        problems.append(f"submitter: {str(obj['submitter'])[:80]!r} is not a key id or anonymous")
    try:
        parse_timestamp(obj["received_at"])
    except (TypeError, ValueError) as exc:
        problems.append(f"received_at: {exc}")
    return problems


def _write_temp(directory: Path, data: bytes, mode: int) -> Path:
    # mkstemp makes 0600 files; summaries are public and the pipeline may run as another user.
    fd, name = tempfile.mkstemp(dir=directory, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def _fsync_dir(directory: Path) -> None:
    # Makes the new directory entry durable, so an acknowledged run survives a power cut.
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
