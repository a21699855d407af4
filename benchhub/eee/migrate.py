"""Bringing EEE 0.2.x aggregate records up to 0.3.0, or saying exactly why not.

What changed between 0.2.0, 0.2.2 and 0.3.0 (schema files in the EEE repository's tags) and
what a migration does about each:
- 0.2.2 requires `eval_library`: absent, it becomes name and version "unknown" (the schema's own
  word for a version nobody recorded);
- 0.2.2 requires every `additional_details` / `details` / tool `parameters` / plan `config` value
  to be a string (0.2.0 allowed any JSON): other values are JSON-encoded, so nothing is lost;
- 0.2.2 closes `generation_args` and makes plan steps strings: a key the schema does not know, or
  a value of the wrong type, moves (JSON-encoded) to the result's
  `generation_config.additional_details`; plan steps are JSON-encoded;
- 0.3.0 requires `model_info.additional_details.deployment_type` and `model_availability`: absent,
  they become "unknown" (never guessed from the model's name).
A record of another version, one with instance-level results in a form 0.3.0 forbids (the file
cannot be rewritten from here), or one that still breaks the 0.3.0 schema after these steps is
rejected with the reason.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from benchhub.eee.validate import SCHEMA_VERSION, schema_errors

MIGRATABLE = re.compile(r"^0\.2\.\d+$")
CURRENT = re.compile(r"^0\.3\.\d+$")
STRING_MAPS = frozenset({"additional_details", "details", "parameters", "config"})
UNKNOWN = "unknown"
# 0.3.0's generation_args: name -> the JSON types it accepts (agentic_eval_config, eval_plan,
# eval_limits and sandbox are objects the schema checks itself).
GENERATION_ARGS: dict[str, tuple[type, ...]] = {
    "temperature": (int, float, type(None)),
    "top_p": (int, float, type(None)),
    "top_k": (int, float, type(None)),
    "max_tokens": (int,),
    "execution_command": (str,),
    "reasoning": (bool,),
    "prompt_template": (str,),
    "agentic_eval_config": (dict,),
    "eval_plan": (dict,),
    "eval_limits": (dict,),
    "sandbox": (dict,),
    "max_attempts": (int,),
    "incorrect_attempt_feedback": (str,),
}


class RejectedRecord(ValueError):
    """An EEE record that cannot become a valid 0.3.0 record; the message says why."""


def migrate_record(record: dict[str, Any]) -> dict[str, Any]:
    """A valid 0.3.0 copy of a 0.2.x or 0.3.x record; `RejectedRecord` if there is none."""
    version = str(record.get("schema_version"))
    if CURRENT.match(version):
        migrated = copy.deepcopy(record)
    elif MIGRATABLE.match(version):
        migrated = _migrate(copy.deepcopy(record), version)
    else:
        raise RejectedRecord(f"schema_version {version!r}: only 0.2.x is migrated to 0.3.0")
    problems = schema_errors(migrated)
    if problems:
        shown = "; ".join(problems[:3]) + (f" (+{len(problems) - 3} more)" if problems[3:] else "")
        raise RejectedRecord(f"schema_version {version!r} does not fit 0.3.0: {shown}")
    return migrated


def _migrate(record: dict[str, Any], version: str) -> dict[str, Any]:
    detailed = record.get("detailed_evaluation_results")
    if isinstance(detailed, dict) and detailed.get("format") != "jsonl":
        raise RejectedRecord(
            f"detailed_evaluation_results format {detailed.get('format')!r}: 0.3.0 allows only "
            "jsonl, and the instance file cannot be converted from the aggregate record"
        )
    record["schema_version"] = SCHEMA_VERSION
    record.setdefault("eval_library", {"name": UNKNOWN, "version": UNKNOWN})
    model = record.setdefault("model_info", {})
    details = model.setdefault("additional_details", {})
    details.setdefault("deployment_type", UNKNOWN)
    details.setdefault("model_availability", UNKNOWN)
    for result in record.get("evaluation_results") or []:
        _close_generation_args(result.get("generation_config"))
    _stringify_maps(record)
    meta = record.setdefault("source_metadata", {}).setdefault("additional_details", {})
    meta["eee_migrated_from"] = version
    return record


def _close_generation_args(config: Any) -> None:
    if not isinstance(config, dict) or not isinstance(config.get("generation_args"), dict):
        return
    args = config["generation_args"]
    moved = {
        name: value
        for name, value in args.items()
        if not isinstance(value, GENERATION_ARGS.get(name, ()))
        or (isinstance(value, bool) and bool not in GENERATION_ARGS[name])
    }
    for name in moved:
        del args[name]
    if moved:
        config.setdefault("additional_details", {}).update(moved)
    plan = args.get("eval_plan")
    if isinstance(plan, dict) and isinstance(plan.get("steps"), list):
        plan["steps"] = [_text(step) for step in plan["steps"]]


def _stringify_maps(node: Any) -> None:
    """JSON-encode the non-string values of every string-valued map, at any depth."""
    if isinstance(node, list):
        for item in node:
            _stringify_maps(item)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in STRING_MAPS and isinstance(value, dict):
                node[key] = {k: _text(v) for k, v in value.items()}
            else:
                _stringify_maps(value)


def _text(value: Any) -> str:
    # Keys keep the publisher's order: the encoded text stays as close to the record as it can.
    return value if isinstance(value, str) else json.dumps(value)
