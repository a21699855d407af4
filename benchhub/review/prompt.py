"""The versioned LLM review prompt and the JSON schema its answer must follow.

The prompt text lives in `prompt.md` under a `version:` header. The version recorded in every
review (and in the cache key) is that header plus a short hash of the rendered prompt and
schema, so an edit to the wording, the axes vocabulary or the licence list can never be served
a cached review made with the old prompt, even if nobody bumps the header.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Template
from typing import Any

from benchhub.axes import AXES
from benchhub.catalog import FACT_FIELDS
from benchhub.review.licences import LICENSE_VALUES
from benchhub.review.model import DECISIONS

PROMPT_PATH = Path(__file__).with_name("prompt.md")
# Names are the crosswalk's job and the licence has its own answer field.
LLM_CORRECTABLE_FIELDS: tuple[str, ...] = tuple(
    f for f in FACT_FIELDS if f not in {"name", "license"}
)


@dataclass(frozen=True, slots=True)
class Prompt:
    version: str
    system: str
    schema: dict[str, Any]


@cache
def load_prompt(path: Path = PROMPT_PATH) -> Prompt:
    header, body = _split_front_matter(path.read_text(encoding="utf-8"), path)
    declared = header.get("version")
    if not declared:
        raise ValueError(f"{path}: the front matter must declare `version: ...`")
    axes = "\n".join(f"  - {name}: {meaning}" for name, meaning in AXES.items())
    system = Template(body).substitute(axes=axes, licenses=", ".join(LICENSE_VALUES)).strip()
    schema = output_schema()
    digest = hashlib.sha256((system + json.dumps(schema, sort_keys=True)).encode()).hexdigest()
    return Prompt(version=f"{declared}+{digest[:8]}", system=system, schema=schema)


def output_schema() -> dict[str, Any]:
    """Strict-mode JSON schema: every property required, no extra properties."""
    correction = {
        "type": "object",
        "additionalProperties": False,
        "required": ["field", "new", "reason"],
        "properties": {
            "field": {"type": "string", "enum": list(LLM_CORRECTABLE_FIELDS)},
            "new": {"type": ["string", "integer", "null"]},
            "reason": {"type": "string"},
        },
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [
            "decision",
            "reason",
            "license_spdx",
            "axes",
            "corrections",
            "issues",
            "confidence",
        ],
        "properties": {
            "decision": {"type": "string", "enum": list(DECISIONS)},
            "reason": {"type": "string"},
            "license_spdx": {"type": "string", "enum": list(LICENSE_VALUES)},
            "axes": {"type": "array", "items": {"type": "string", "enum": list(AXES)}},
            "corrections": {"type": "array", "items": correction},
            "issues": {"type": "array", "items": {"type": "string"}},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
    }


def _split_front_matter(text: str, path: Path) -> tuple[dict[str, str], str]:
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---" or "---" not in (s.strip() for s in lines[1:]):
        raise ValueError(f"{path}: must start with a `---` front matter block holding `version`")
    end = next(i for i, line in enumerate(lines[1:], start=1) if line.strip() == "---")
    header = dict(
        (key.strip(), value.strip())
        for key, _, value in (line.partition(":") for line in lines[1:end])
    )
    return header, "\n".join(lines[end + 1 :])
