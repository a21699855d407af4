"""Field corrections: how a reviewer's or a person's fix is checked and applied to a record."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import date
from typing import Any

from benchhub.catalog import FACT_FIELDS, MergedBenchmark
from benchhub.review.licences import LICENSE_VALUES
from benchhub.review.model import Correction, FactValue


def correction_error(field: str, new: FactValue) -> str | None:
    """Why `new` cannot be the value of `field`, or None when it can."""
    if field not in FACT_FIELDS:
        return f"'{field}' is not a correctable field (one of {', '.join(FACT_FIELDS)})"
    if new is None:
        return "name cannot be removed" if field == "name" else None
    if field == "sample_count":
        if not isinstance(new, int) or isinstance(new, bool) or new < 0:
            return f"sample_count must be a non-negative integer, got {new!r}"
        return None
    if not isinstance(new, str) or not new.strip():
        return f"{field} must be a non-empty string, got {new!r}"
    if field == "license" and new not in LICENSE_VALUES:
        return f"license must be an SPDX id, 'other' or 'unknown', got {new!r}"
    if field == "release_date":
        try:
            date.fromisoformat(new)
        except ValueError:
            return f"release_date must be an ISO date (YYYY-MM-DD), got {new!r}"
    return None


def license_correction(benchmark: MergedBenchmark, spdx: str, reason: str) -> Correction | None:
    """The correction setting the record's licence to `spdx`, or None if it already says so."""
    if benchmark.license is None and spdx == "unknown":
        return None
    if benchmark.license == spdx:
        return None
    return Correction("license", benchmark.license, spdx, reason)


def apply_corrections(
    benchmark: MergedBenchmark, corrections: Iterable[Correction]
) -> MergedBenchmark:
    """A copy of the record with each correction applied in order (a later one wins)."""
    changes: dict[str, Any] = {c.field: c.new for c in corrections}
    return dataclasses.replace(benchmark, **changes) if changes else benchmark
