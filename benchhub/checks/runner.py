"""Validate a pandas frame against a suite with Great Expectations; return plain outcomes.

GX is imported here, inside the call, and nowhere else: it costs seconds to import and Dagster
re-imports the code location often (the CLI never imports it at all). GX 1.24 has no Polars
support and its SQL route to DuckDB fails, so frames arrive as pandas DataFrames.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from benchhub.checks.suites import Suite

if TYPE_CHECKING:
    import pandas as pd

EXAMPLES = 5  # unexpected values shown per failed check


@dataclass(frozen=True)
class CheckOutcome:
    check: str
    severity: str
    blocking: bool
    passed: bool
    summary: str  # one line for people: what was observed
    details: dict[str, Any] = field(default_factory=dict)  # JSON-safe


def run_suite(
    suite: Suite, frame: pd.DataFrame, parameters: Mapping[str, Any] | None = None
) -> list[CheckOutcome]:
    """One outcome per expectation in the suite's order. An expectation GX cannot evaluate
    (a column gone) fails rather than passes; a parameter without a value is an error."""
    missing = sorted(suite.parameters - set(parameters or {}))
    if missing:
        raise ValueError(f"suite {suite.name}: no value for parameter(s) {', '.join(missing)}")
    results = _validate(suite, frame, dict(parameters or {}))
    outcomes = []
    for expectation in suite.expectations:
        result = results.get(expectation.check, {"success": False, "error": "GX gave no result"})
        outcomes.append(
            CheckOutcome(
                check=expectation.check,
                severity=expectation.severity,
                blocking=expectation.blocking,
                passed=bool(result["success"]),
                summary=_summary(result),
                details=result,
            )
        )
    return outcomes


def _validate(suite: Suite, frame: pd.DataFrame, parameters: dict[str, Any]) -> dict[str, dict]:
    import great_expectations as gx
    from great_expectations.core.expectation_suite import ExpectationSuite
    from great_expectations.data_context.types.base import (
        DataContextConfig,
        InMemoryStoreBackendDefaults,
        ProgressBarsConfig,
    )

    config = DataContextConfig(
        store_backend_defaults=InMemoryStoreBackendDefaults(),
        progress_bars=ProgressBarsConfig(globally=False),  # they flood Dagster's captured logs
        analytics_enabled=False,
    )
    context = gx.get_context(mode="ephemeral", project_config=config)
    batch = (
        context.data_sources.add_pandas(suite.name)
        .add_dataframe_asset(suite.table)
        .add_batch_definition_whole_dataframe("whole_table")
        .get_batch(batch_parameters={"dataframe": frame})
    )
    gx_suite = ExpectationSuite(**json.loads(json.dumps(suite.document)))  # GX mutates it
    validation = batch.validate(
        gx_suite, expectation_parameters=parameters, result_format="SUMMARY"
    )
    # GX reorders results; the check name in each expectation's meta says which is which.
    return {
        r.expectation_config.meta["check"]: _plain(r.success, r.result, r.exception_info)
        for r in validation.results
        if r.expectation_config is not None
    }


def _plain(success: bool | None, result: dict[str, Any], exception_info: Any) -> dict[str, Any]:
    plain: dict[str, Any] = {"success": bool(success)}
    for key in ("observed_value", "element_count", "unexpected_count", "missing_count"):
        if key in result:
            plain[key] = _json_safe(result[key])
    if result.get("partial_unexpected_counts"):
        plain["examples"] = [
            {"value": _json_safe(c["value"]), "count": c["count"]}
            for c in result["partial_unexpected_counts"][:EXAMPLES]
        ]
    error = _exception_message(exception_info)
    if error:
        plain["success"] = False
        plain["error"] = error
    return plain


def _exception_message(exception_info: Any) -> str | None:
    # GX reports an exception either flat or keyed by metric, depending on where it was raised.
    infos = [exception_info] if "raised_exception" in (exception_info or {}) else []
    infos += [v for v in (exception_info or {}).values() if isinstance(v, dict)]
    messages = [i.get("exception_message") for i in infos if i.get("raised_exception")]
    return "; ".join(str(m) for m in messages) or None


def _summary(result: dict[str, Any]) -> str:
    if "error" in result:
        return f"could not be evaluated: {result['error']}"
    if "unexpected_count" in result:
        text = f"{result['unexpected_count']} of {result.get('element_count', '?')} rows unexpected"
        if result.get("examples"):
            shown = ", ".join(f"{e['value']!r} ({e['count']})" for e in result["examples"])
            text += f"; e.g. {shown}"
        return text
    return f"observed {result.get('observed_value')!r}"


def _json_safe(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if hasattr(value, "item"):  # numpy scalars
        return _json_safe(value.item())
    return str(value)
