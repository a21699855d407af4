"""The expectation suites in `expectations/<table>.json`, read without importing GX.

A suite file is GX Core 1.x's own JSON (`name`, `expectations` with `type`, `kwargs`,
`severity`, `meta`), so GX loads it unchanged; our additions live in `meta`:
- suite `meta.table`: the warehouse table checked; `meta.asset`: the Dagster asset that writes it
  (the checks show up on that asset in the UI);
- expectation `meta.check`: the check's name (unique per asset), `meta.description`: why it matters.

`severity` decides the gate: `critical` blocks the release (Dagster ERROR, blocking); `warning`
and `info` are shown but never block (Dagster WARN).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

EXPECTATIONS_DIR = Path(__file__).resolve().parents[2] / "expectations"
SEVERITIES = ("critical", "warning", "info")
BLOCKING_SEVERITY = "critical"
_CHECK_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class SuiteError(ValueError):
    """A suite file is malformed; the message names the file and the expectation."""


@dataclass(frozen=True)
class Expectation:
    check: str
    description: str
    severity: str
    type: str
    kwargs: dict[str, Any]

    @property
    def blocking(self) -> bool:
        return self.severity == BLOCKING_SEVERITY


@dataclass(frozen=True)
class Suite:
    name: str
    table: str
    asset: str
    expectations: tuple[Expectation, ...]
    document: dict[str, Any]  # the file as GX reads it

    @property
    def parameters(self) -> frozenset[str]:
        """Names of the run-time parameters (`{"$PARAMETER": name}`) the suite refers to."""
        return frozenset(_parameter_names(e.kwargs for e in self.expectations))


def load_suite(path: Path) -> Suite:
    document = json.loads(path.read_text())
    meta = document.get("meta") or {}
    for key in ("table", "asset"):
        if not meta.get(key):
            raise SuiteError(f"{path}: meta.{key} is missing")
    expectations = tuple(_expectation(path, i, e) for i, e in enumerate(document["expectations"]))
    names = [e.check for e in expectations]
    if duplicates := sorted({n for n in names if names.count(n) > 1}):
        raise SuiteError(f"{path}: check names used twice: {', '.join(duplicates)}")
    return Suite(document["name"], meta["table"], meta["asset"], expectations, document)


@cache
def load_suites(directory: Path = EXPECTATIONS_DIR) -> tuple[Suite, ...]:
    return tuple(load_suite(path) for path in sorted(directory.glob("*.json")))


def _expectation(path: Path, position: int, raw: dict[str, Any]) -> Expectation:
    meta = raw.get("meta") or {}
    where = f"{path}: expectation {position} ({raw.get('type')})"
    check = meta.get("check", "")
    if not _CHECK_NAME.match(check):
        raise SuiteError(f"{where}: meta.check {check!r} must be snake_case")
    severity = raw.get("severity", BLOCKING_SEVERITY)  # GX's own default is critical
    if severity not in SEVERITIES:
        raise SuiteError(f"{where}: severity {severity!r} is not one of {', '.join(SEVERITIES)}")
    if not meta.get("description"):
        raise SuiteError(f"{where}: meta.description is missing")
    return Expectation(check, meta["description"], severity, raw["type"], raw.get("kwargs", {}))


def _parameter_names(values: Iterable[Any]) -> Iterator[str]:
    for value in values:
        if isinstance(value, dict):
            if "$PARAMETER" in value:
                yield value["$PARAMETER"]
            else:
                yield from _parameter_names(value.values())
        elif isinstance(value, list):
            yield from _parameter_names(value)
