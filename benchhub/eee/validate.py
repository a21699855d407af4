"""Checking EEE 0.3.0 aggregate records two ways: the official JSON Schema, and the
every-eval-ever package's own validator.

Both are needed. The package's pydantic model (`EvaluationLog`) is laxer than the schema (STACK-
NOTES), while the package adds what no schema can say: the datastore path
(`data/<collection>/<developer>/<model>/<uuid4>.json`) must match the model's identity, scores
must lie inside their bounds, and the deployment fields must be set. The package reports the last
three as warnings; a record we export must have none, so warnings count as problems here.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from every_eval_ever.eval_types import EvaluationLog
from every_eval_ever.schema import schema_json
from every_eval_ever.validator.validation_core import ValidationContext, run_registered_checks
from jsonschema import Draft7Validator
from pydantic import ValidationError

SCHEMA_VERSION = "0.3.0"


@cache
def official_schema() -> dict[str, Any]:
    """The 0.3.0 aggregate schema as the every-eval-ever 0.3.0 wheel ships it."""
    schema = schema_json("eval.schema.json")
    if schema.get("version") != SCHEMA_VERSION:
        raise RuntimeError(f"every-eval-ever ships schema {schema.get('version')}, not 0.3.0")
    return schema


@cache
def _validator(schema_text: str) -> Draft7Validator:
    return Draft7Validator(json.loads(schema_text))


def schema_errors(record: Any, schema: dict[str, Any] | None = None) -> list[str]:
    """Every way `record` breaks the JSON Schema (the official one unless `schema` is given)."""
    validator = _validator(json.dumps(schema or official_schema(), sort_keys=True))
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(record)'}: {error.message}"
        for error in sorted(validator.iter_errors(record), key=lambda e: list(e.absolute_path))
    ]


def package_errors(path: str, record: Any) -> list[str]:
    """What the every-eval-ever validator says about `record` stored at datastore `path`:
    its pydantic model, then its registered checks (path, companion file, score bounds,
    deployment fields, model identity), errors and warnings alike."""
    problems = []
    try:
        EvaluationLog.model_validate(record)
    except ValidationError as exc:
        problems += [
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors(include_url=False)
        ]
    context = ValidationContext(repo_path=path, available_files=frozenset({path}))
    report = run_registered_checks(context, file_type="aggregate", data=record)
    problems += [entry["msg"] for entry in (*report.errors, *report.warnings)]
    return problems


def record_problems(path: str, record: Any) -> list[str]:
    """Both checks together; an empty list means the record may be published at `path`."""
    try:
        # The package reads files with strict JSON: NaN or Infinity numbers would not load.
        json.dumps(record, allow_nan=False)
    except ValueError as exc:
        return [f"(record): not strict JSON: {exc}"]
    return schema_errors(record) + package_errors(path, record)
