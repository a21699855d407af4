"""Reading an LLM's answer: parse, validate against the schema, check each correction.

Anything short of a fully valid answer raises `ReplyError` with a message that goes into the
fallback note of the record's review; nothing from an invalid answer is used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from benchhub.axes import ordered_axes
from benchhub.catalog import MergedBenchmark
from benchhub.review.corrections import correction_error, license_correction
from benchhub.review.model import Correction, Decision

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


class ReplyError(ValueError):
    """The model's answer cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class ModelVerdict:
    decision: Decision
    reason: str
    axes: list[str]
    corrections: list[Correction]
    issues: list[str]
    confidence: float


def parse_reply(content: str, schema: dict[str, Any], benchmark: MergedBenchmark) -> ModelVerdict:
    # Some OpenAI-compatible servers ignore response_format and wrap the JSON in a code fence.
    fenced = _FENCE.match(content)
    text = fenced.group(1) if fenced else content
    try:
        answer = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplyError(f"the answer is not valid JSON ({exc.msg} at char {exc.pos})") from exc
    error = best_match(Draft202012Validator(schema).iter_errors(answer))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "top level"
        raise ReplyError(f"the answer does not match the schema at {where}: {error.message}")
    corrections = []
    for item in answer["corrections"]:
        if problem := correction_error(item["field"], item["new"]):
            raise ReplyError(f"invalid correction: {problem}")
        old = getattr(benchmark, item["field"])
        if old != item["new"]:
            corrections.append(Correction(item["field"], old, item["new"], item["reason"]))
    # license_spdx normalises the stated licence; with none stated the model must not add one
    licence = None
    if benchmark.license is not None:
        licence = license_correction(
            benchmark, answer["license_spdx"], f"SPDX reading of {benchmark.license!r} by the model"
        )
    return ModelVerdict(
        decision=answer["decision"],
        reason=answer["reason"],
        axes=ordered_axes(answer["axes"]) if answer["decision"] != "reject" else [],
        corrections=[*corrections, *([licence] if licence else [])],
        issues=list(answer["issues"]),
        confidence=float(answer["confidence"]),
    )
