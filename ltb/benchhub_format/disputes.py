"""Score disputes: a reader says a published score disagrees with its source.

`ltb bench report` sends one to the intake (`POST /v1/disputes`) or writes it into an inbox
folder; both go through `check_dispute` and `write_dispute`, and the pipeline reads them back
through `read_dispute`, so the format and its checks live only here. A dispute changes nothing
by itself: it is shown next to the score until a person decides it in
`curation/corrections.yaml` (benchhub/corrections.py).

A record is `<inbox>/disputes/<dispute_id>.json`:
`{"record_version": 1, "dispute_id", "received_at", "submitter", "dispute": {...}}`, written
whole or not at all (benchhub_format.inbox.write_new_file). The id is a hash of the dispute,
so sending the same dispute twice records it once.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import urllib.parse
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from benchhub_format.errors import InvalidDisputeError, InvalidSummaryError
from benchhub_format.inbox import SUBMITTER_RE, write_new_file
from benchhub_format.summary_check import parse_summary_bytes, parse_timestamp, unsafe_name

DISPUTES_DIRNAME = "disputes"  # under the inbox; the run loader reads only the inbox's own files
RECORD_VERSION = 1
MAX_DISPUTE_BYTES = 16 * 1024
MAX_NOTE_CHARS = 2000
MAX_URL_CHARS = 2000
MAX_NAME_CHARS = 200
MAX_ABS_VALUE = 1e9
LABELS = ("self_reported", "independent", "reproduced")
REQUIRED = ("benchmark_id", "model", "value", "source_url", "note")
OPTIONAL = ("label",)
DISPUTE_ID_RE = re.compile(r"dispute-[0-9a-f]{20}")
_NOTE_CONTROLS = "\t\n\r"


class WrittenDispute(NamedTuple):
    dispute_id: str
    created: bool  # False when the same dispute was already recorded


@dataclass(frozen=True)
class DisputeRecord:
    dispute_id: str
    received_at: datetime
    submitter: str
    dispute: dict[str, Any]


def parse_dispute_bytes(data: bytes, max_bytes: int = MAX_DISPUTE_BYTES) -> dict[str, Any]:
    """Strict JSON (no NaN, no repeated keys, no huge integers) of at most `max_bytes`."""
    try:
        return parse_summary_bytes(data, max_bytes)
    except InvalidSummaryError as exc:
        raise InvalidDisputeError(exc.problems, kind=exc.kind) from None


def check_dispute(obj: Any, known_benchmarks: Collection[str] | None = None) -> dict[str, Any]:
    """`obj` if it is a valid dispute, else InvalidDisputeError naming every problem.

    `known_benchmarks`: when given, the benchmark id must be one of them.
    """
    if not isinstance(obj, dict):
        raise InvalidDisputeError(
            [f"(top level): expected a JSON object, got {type(obj).__name__}"]
        )
    problems = [f"{k}: required" for k in REQUIRED if k not in obj]
    problems += [
        f"{str(k)[:80]!r}: unknown field (allowed: {', '.join(REQUIRED + OPTIONAL)})"
        for k in obj
        if k not in REQUIRED + OPTIONAL
    ]
    for field, allow_slash in (("benchmark_id", False), ("model", True)):
        value = obj.get(field)
        if field not in obj:
            continue
        if not isinstance(value, str) or not value or len(value) > MAX_NAME_CHARS:
            problems.append(f"{field}: a non-empty string of at most {MAX_NAME_CHARS} characters")
        else:
            problems += [f"{field}: {p}" for p in unsafe_name(value, allow_slash)]
    if "value" in obj:
        value = obj["value"]
        if isinstance(value, bool) or not isinstance(value, int | float):
            problems.append("value: a number (the score as the source publishes it)")
        elif not math.isfinite(value) or abs(value) > MAX_ABS_VALUE:
            problems.append(f"value: {value!r} is not a plausible score")
    if "source_url" in obj:
        problems += [f"source_url: {p}" for p in _url_problems(obj["source_url"])]
    if "note" in obj:
        note = obj["note"]
        if not isinstance(note, str) or not note.strip() or len(note) > MAX_NOTE_CHARS:
            problems.append(f"note: a non-empty text of at most {MAX_NOTE_CHARS} characters")
        elif any((ord(c) < 32 and c not in _NOTE_CONTROLS) or ord(c) == 127 for c in note):
            problems.append("note: contains a NUL or control character")
    if obj.get("label") is not None and obj.get("label") not in LABELS:
        problems.append(f"label: {str(obj['label'])[:40]!r} is not one of {', '.join(LABELS)}")
    benchmark_id = obj.get("benchmark_id")
    if (
        known_benchmarks is not None
        and isinstance(benchmark_id, str)
        and benchmark_id not in known_benchmarks
    ):
        problems.append(
            f"benchmark_id: unknown benchmark {benchmark_id[:80]!r}; "
            "it is not in the registry's current release"
        )
    if problems:
        raise InvalidDisputeError(problems)
    return obj


def dispute_id_for(dispute: dict[str, Any]) -> str:
    canonical = json.dumps(dispute, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"dispute-{hashlib.sha256(canonical.encode()).hexdigest()[:20]}"


def dispute_path(inbox_dir: Path, dispute_id: str) -> Path:
    if not DISPUTE_ID_RE.fullmatch(dispute_id):
        raise ValueError(f"not a dispute id: {dispute_id!r}")
    return Path(inbox_dir) / DISPUTES_DIRNAME / f"{dispute_id}.json"


def write_dispute(
    inbox_dir: Path, dispute: dict[str, Any], *, submitter: str, received_at: datetime
) -> WrittenDispute:
    """Record a checked dispute; the same dispute sent again returns its existing id."""
    dispute_id = dispute_id_for(dispute)
    path = dispute_path(inbox_dir, dispute_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        return WrittenDispute(dispute_id, created=False)
    record = {
        "record_version": RECORD_VERSION,
        "dispute_id": dispute_id,
        "received_at": received_at.isoformat(),
        "submitter": submitter,
        "dispute": dispute,
    }
    data = json.dumps(record, ensure_ascii=False, allow_nan=False, sort_keys=True).encode()
    return WrittenDispute(dispute_id, created=write_new_file(path, data))


def read_dispute(path: Path, known_benchmarks: Collection[str] | None = None) -> DisputeRecord:
    """Read and re-check one record; raises InvalidDisputeError naming what is wrong."""
    with open(path, "rb") as handle:
        data = handle.read(2 * MAX_DISPUTE_BYTES + 1)
    obj = parse_dispute_bytes(data, 2 * MAX_DISPUTE_BYTES)
    expected = {"record_version", "dispute_id", "received_at", "submitter", "dispute"}
    if set(obj) != expected:
        raise InvalidDisputeError([f"(record): keys must be {sorted(expected)}"])
    problems = []
    if obj["record_version"] != RECORD_VERSION:
        problems.append(f"record_version: {obj['record_version']!r} is not {RECORD_VERSION}")
    if not isinstance(obj["submitter"], str) or not SUBMITTER_RE.fullmatch(obj["submitter"]):
        problems.append("submitter: not a key id or anonymous")
    try:
        received_at = parse_timestamp(obj["received_at"])
    except (TypeError, ValueError) as exc:
        problems.append(f"received_at: {exc}")
    try:
        dispute = check_dispute(obj["dispute"], known_benchmarks)
    except InvalidDisputeError as exc:
        problems += [f"dispute.{p}" for p in exc.problems]
    else:
        if obj["dispute_id"] != dispute_id_for(dispute) or Path(path).stem != obj["dispute_id"]:
            problems.append("dispute_id: does not match the file name and the dispute")
    if problems:
        raise InvalidDisputeError(problems)
    return DisputeRecord(obj["dispute_id"], received_at, obj["submitter"], dispute)


def _url_problems(url: Any) -> list[str]:
    if not isinstance(url, str) or len(url) > MAX_URL_CHARS:
        return [f"a URL of at most {MAX_URL_CHARS} characters"]
    if any(ord(c) <= 32 or ord(c) == 127 for c in url):
        return ["contains white space or a control character"]
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return [f"{url[:80]!r} is not an http(s) URL: say where the right number is published"]
    return []
