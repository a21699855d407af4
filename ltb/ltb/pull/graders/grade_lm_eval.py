"""lm-evaluation-harness exact match: the response goes through the task's own filters, then the
harness's `exact_match` (with the task's options) against each reference; any match scores 1.

The filters and the metric are those of lm_eval/filters/*.py and lm_eval/api/metrics.py
(`exact_match_hf_evaluate`), for one response. The pipeline scored is the task's first
`filter_list` entry (the harness reports each; the first is the task's primary one). White space
around the whole file is dropped first: it is the file's framing, not part of the response.
"""

from __future__ import annotations

import json
import re
import string
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any


def apply_filters(response: str, steps: Sequence[Mapping[str, Any]]) -> str:
    values = [response]
    for step in steps:
        function = step["function"]
        if function == "regex":
            values = [_regex(v, step) for v in values]
        elif function == "take_first":
            values = values[:1]
        elif function == "remove_whitespace":
            values = [v.strip() for v in values]
        elif function == "lowercase":
            values = [v.lower() for v in values]
        elif function == "uppercase":
            values = [v.upper() for v in values]
        else:
            raise ValueError(f"unknown filter {function!r}")
    return values[0] if values else ""


def _regex(value: str, step: Mapping[str, Any]) -> str:
    fallback = step.get("fallback", "[invalid]")
    found = re.findall(step.get("regex_pattern", r"#### (\-?[0-9\.\,]+)"), value)
    if not found:
        return fallback
    match = found[step.get("group_select", 0)]
    if isinstance(match, tuple):
        parts = [m for m in match if m]
        match = parts[0] if parts else fallback
    return match.strip()


def exact_match(prediction: str, reference: str, options: Mapping[str, Any]) -> bool:
    for pattern in options.get("regexes_to_ignore") or ():
        prediction = re.sub(pattern, "", prediction)
        reference = re.sub(pattern, "", reference)
    if options.get("ignore_case"):
        prediction, reference = prediction.lower(), reference.lower()
    if options.get("ignore_punctuation"):
        table = str.maketrans("", "", string.punctuation)
        prediction, reference = prediction.translate(table), reference.translate(table)
    if options.get("ignore_numbers"):
        table = str.maketrans("", "", string.digits)
        prediction, reference = prediction.translate(table), reference.translate(table)
    return prediction == reference


def scores(response: str, expected: Mapping[str, Any]) -> tuple[bool, str]:
    """Whether the response matches a reference, and the filtered response."""
    response = response.strip()
    steps = expected["filters"][0]["steps"] if expected["filters"] else []
    filtered = apply_filters(response, steps)
    hit = any(exact_match(filtered, r, expected["match_options"]) for r in expected["references"])
    return hit, filtered


def main() -> int:
    expected = json.loads(Path(__file__).with_name("expected.json").read_text(encoding="utf-8"))
    answer_path = Path(expected["answer_path"])
    if not answer_path.is_file():
        print(f"no answer: {answer_path} does not exist")
        return 1
    response = answer_path.read_text(encoding="utf-8", errors="replace").strip()
    hit, filtered = scores(response, expected)
    print(f"filtered response {filtered!r}; references {expected['references']!r}")
    return 0 if hit else 1


if __name__ == "__main__":
    sys.exit(main())
