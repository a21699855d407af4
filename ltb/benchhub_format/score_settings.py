"""The settings vocabulary: one canonical name for each setting that changes a score.

Channels publish settings under their own names (`num_fewshot`, `n_shot`, `use_few_shot`;
`thinking_tokens`, `thinking_budget`; `agent_scaffold`, `scaffold`) and values in their own
spelling (`"True"`, `true`; `"5"`, `5`). Two numbers can only be compared, and a reader can only
see why they differ, if the same setting has one name and one spelling everywhere. This module is
the one place that says so; `sql/scores.sql` applies it to every score through the DuckDB function
`canonical_settings` (`benchhub.headline.settings_function`), so the staged channel rows keep the
names and values exactly as published.

The rules, in order:
1. a key is spelled in snake_case ("Note" -> "note", "pass@k" stays);
2. a known alias becomes its canonical name (`ALIASES`); other keys are kept as they are;
3. the value is read by its canonical name's kind: counts become integers ("5" -> 5; "few" and
   "3-5" stay text), switches become booleans ("True", "on" -> true), efforts lower-case text;
   a value that does not read cleanly is kept as published, never guessed;
4. empty values (null, "") are dropped: they say nothing about the run;
5. when two keys land on one name with different values, the key that already had the canonical
   name wins (else the first in alphabetical order) and the other keeps its own name, so nothing
   published is lost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

# Canonical name -> what it means. Names outside this list pass through in snake_case.
CANONICAL: dict[str, str] = {
    "shots": "in-context examples in the prompt (0 = zero-shot)",
    "cot": "chain-of-thought prompting on (true) or off (false)",
    "attempts": "tries allowed per task: pass@k's k, Aider's second try, OPT@k",
    "runs": "independent runs averaged into the number (epochs, AVG@n)",
    "reasoning_effort": "the API's reasoning effort (minimal, low, medium, high)",
    "thinking": "extended thinking on (true) or off (false), or its level as published",
    "thinking_budget": "token budget for thinking (integer, or as published: '32K')",
    "scaffold": "the agent or system around the model (SWE-agent, OpenHands, Apex2...)",
    "scaffold_version": "the version of that scaffold",
    "subset": "the part of the benchmark scored: category, language, difficulty, subject",
    "split": "the dataset split scored (test, validation, a dated quarter)",
    "benchmark_version": "the benchmark's own release or version",
    "n_evaluated": "how many items the run scored (a partial run scores fewer)",
    "judge": "the model that graded the answers",
    "temperature": "sampling temperature",
    "max_tokens": "output token limit",
    "token_limit": "total token budget per task (input and output, every turn of an agent)",
    "feedback": "the model sees the grader's verdict before trying again (true) or not (false)",
    "context_length": "context window given to the model",
    "inference_provider": "who served the model (API, host)",
    "prompt": "the prompt format or template",
    "tools": "tools given to the model",
    "precision": "weights' numeric precision (bfloat16, 4bit...)",
    "verified": "the publisher's maintainers checked the submission",
}

# Published spelling (after snake_casing) -> canonical name.
ALIASES: dict[str, str] = {
    "num_fewshot": "shots",
    "n_shot": "shots",
    "n_shots": "shots",
    "num_shots": "shots",
    "fewshot": "shots",
    "few_shot": "shots",
    "k_shot": "shots",
    "use_few_shot": "shots",
    "chain_of_thought": "cot",
    "use_chain_of_thought": "cot",
    "use_cot": "cot",
    "pass@k": "attempts",
    "pass_at_k": "attempts",
    "max_attempts": "attempts",
    "n_attempts": "attempts",
    "epochs": "runs",
    "runs_averaged": "runs",
    "n_runs": "runs",
    "num_runs": "runs",
    "effort": "reasoning_effort",
    "reasoning_level": "reasoning_effort",
    "extended_thinking": "thinking",
    "thinking_mode": "thinking",
    "thinking_tokens": "thinking_budget",
    "budget_tokens": "thinking_budget",
    "max_thinking_tokens": "thinking_budget",
    "agent": "scaffold",  # ltb's Harbor agent; Epoch's "Agent" column (true: run as an agent)
    "agent_scaffold": "scaffold",
    "agent_name": "scaffold",
    "category": "subset",
    "language": "subset",
    "difficulty": "subset",
    "subject": "subset",
    "data_split": "split",
    "eval_split": "split",
    "hf_split": "split",
    "release": "benchmark_version",
    "dataset_version": "benchmark_version",
    "samples": "n_evaluated",
    "num_samples": "n_evaluated",
    "n_samples": "n_evaluated",
    "test_cases": "n_evaluated",
    "judge_model": "judge",
    "grader": "judge",
    "grader_model": "judge",
    "max_new_tokens": "max_tokens",
    "max_gen_toks": "max_tokens",
    "max_output_tokens": "max_tokens",
    "token_budget": "token_limit",
    "max_total_tokens": "token_limit",
    "verifier_feedback": "feedback",
    "num_output_tokens": "max_tokens",
    "context_window": "context_length",
    "inference_platform": "inference_provider",
    "provider": "inference_provider",
    "prompt_format": "prompt",
    "verified_by_maintainers": "verified",
    "checked_by_maintainers": "verified",
}

# Keys channels keep with a score that say where or how it was printed, not how it was measured
# (a table's section, a leaderboard rank, a submission folder, the cost). They are kept on the
# score but never offered as the reason two numbers differ.
BOOKKEEPING = frozenset(
    {
        "section",
        "notes",
        "note",
        "footnote_mark",
        "label",
        "run",
        "relayed_from",
        "reported_in",
        "submission",
        "system_site",
        "command",
        "hal_rank",
        "is_pareto",
        "total_cost_usd",
        "cost_confidence_interval",
        "accuracy_confidence_interval",
        "stderr_as_published",
        "launch_entry",
        "agent_organization",
        "open_source_system",
        "integration_method",
        "model_params",
        "parity_step",
    }
)

_COUNTS = frozenset(
    {
        "shots",
        "attempts",
        "runs",
        "thinking_budget",
        "n_evaluated",
        "max_tokens",
        "token_limit",
        "context_length",
    }
)
_SWITCHES = frozenset({"cot", "thinking", "verified", "feedback"})
_LOWER = frozenset({"reasoning_effort"})
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})
_INTEGER = re.compile(r"^[+-]?\d+(\.0+)?$")
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_NOT_NAME = re.compile(r"[^a-z0-9@]+")


@cache  # a few hundred distinct keys, asked for once per score
def canonical_name(key: str) -> str:
    snake = _snake(key)
    return ALIASES.get(snake, snake)


def normalise(settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The settings under canonical names with canonical values (see the module's rules)."""
    named: dict[str, Any] = {}
    displaced: dict[str, Any] = {}
    # Keys already spelled canonically go first so that they win a collision (rule 5).
    for key in sorted(settings or {}, key=lambda k: (canonical_name(k) != k, k)):
        name = canonical_name(key)
        value = _value(key, name, (settings or {})[key])
        if value is None or value == "":
            continue
        if name not in named:
            named[name] = value
        elif named[name] != value:
            displaced[key] = value
    return dict(sorted({**displaced, **named}.items()))


@lru_cache(maxsize=1 << 16)  # many scores share their settings text
def normalise_json(text: str | None) -> str:
    """`normalise` on JSON text, for SQL: a missing or empty object gives '{}'."""
    loaded = json.loads(text) if text else {}
    if not isinstance(loaded, dict):
        raise ValueError(f"settings must be a JSON object, got {text!r}")
    return json.dumps(normalise(loaded), sort_keys=True, ensure_ascii=False)


def _snake(key: str) -> str:
    return _NOT_NAME.sub("_", key.strip().lower()).strip("_")


def _value(key: str, name: str, value: Any) -> Any:
    if name == "shots" and _snake(key) == "use_few_shot":
        # HELM's switch: off means zero-shot; on says "few" without a count.
        switch = _switch(value)
        return value if switch is None else ("few" if switch else 0)
    reader = _READERS.get(name)
    if reader is None:
        return value.strip() if isinstance(value, str) else value
    read = reader(value)
    return value if read is None else read


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _INTEGER.match(value.strip()):
        return int(float(value))
    return None


def _switch(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in _TRUE else False if text in _FALSE else None


def _lower(value: Any) -> str | None:
    return value.strip().lower() if isinstance(value, str) else None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _NUMBER.match(value.strip()):
        return float(value)
    return None


_READERS: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(_COUNTS, _count),
    **dict.fromkeys(_SWITCHES, _switch),
    **dict.fromkeys(_LOWER, _lower),
    "temperature": _number,
}
