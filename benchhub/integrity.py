"""Payload integrity: does a fetched payload end where its format says a document ends?

A payload cut short (a dropped connection that still returned 200, a half-written recording)
often still parses: a JSON or CSV table loses its last rows, a YAML list its last entries, and
the parser has no way to tell. These checks look only for the signs of a cut, by the payload's
file suffix:

- JSON: a string or a bracket still open at the end of the text.
- JSON Lines: the last line is not a complete JSON value.
- CSV: a quoted field still open at the end, or a last record with fewer fields than the header.
- YAML: a syntax error on the last line, or a top-level list whose last mapping lacks a key that
  every other mapping has.

Other malformed payloads (a file that was never valid) are left to the channel's parser, which
reports them as issues. A cut inside the very last value of a line-based file cannot be seen
from the bytes alone: the per-channel shrink guard (benchhub/ingest.py) is the second line.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from pathlib import PurePosixPath

import yaml

_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when built with it


def payload_problems(payloads: Mapping[str, bytes]) -> list[str]:
    """One message per payload that looks cut short, naming it; [] when all look whole."""
    problems = []
    for name, data in sorted(payloads.items()):
        check = _CHECKS.get(PurePosixPath(name.split("?")[0]).suffix.lower())
        if check is None:
            continue
        text = data.decode("utf-8-sig", errors="replace")
        problem = check(text)
        if problem:
            problems.append(f"{name} ({len(data):,} bytes) looks truncated: {problem}")
    return problems


def _json(text: str) -> str | None:
    try:
        json.loads(text)
        return None
    except json.JSONDecodeError:
        pass  # cut short, or malformed from the start: the brackets tell which
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    if in_string:
        return "a string is still open at the end"
    if depth > 0:
        return f"{depth} bracket(s) still open at the end"
    return None


def _json_lines(text: str) -> str | None:
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    try:
        json.loads(lines[-1])
    except json.JSONDecodeError as exc:
        return f"the last line (line {len(lines)}) is not a complete JSON value: {exc.msg}"
    return None


def _csv(text: str) -> str | None:
    try:
        rows = [row for row in csv.reader(io.StringIO(text, newline=""), strict=True) if row]
    except csv.Error as exc:
        return f"CSV error at the end: {exc}"
    if len(rows) >= 2 and len(rows[-1]) < len(rows[0]):
        return (
            f"the last record (row {len(rows)}) has {len(rows[-1])} of the header's "
            f"{len(rows[0])} fields"
        )
    return None


def _yaml(text: str) -> str | None:
    try:
        documents = list(yaml.compose_all(text, Loader=_YAML_LOADER))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        last_line = text.rstrip("\n").count("\n")
        if mark is not None and mark.line >= last_line:
            return f"YAML error on the last line: {exc.problem}"
        return None  # malformed, not cut: the parser reports it
    if not documents or not isinstance(documents[-1], yaml.SequenceNode):
        return None
    mappings = [item for item in documents[-1].value if isinstance(item, yaml.MappingNode)]
    if len(mappings) < 3 or mappings[-1] is not documents[-1].value[-1]:
        return None
    keys = [{key.value for key, _ in item.value} for item in mappings]
    common = set.intersection(*keys[:-1])
    missing = sorted(common - keys[-1])
    if missing:
        return (
            f"the last list entry lacks {', '.join(map(str, missing))}, which every other entry has"
        )
    return None


_CHECKS: dict[str, Callable[[str], str | None]] = {
    ".json": _json,
    ".jsonl": _json_lines,
    ".ndjson": _json_lines,
    ".csv": _csv,
    ".yaml": _yaml,
    ".yml": _yaml,
}
