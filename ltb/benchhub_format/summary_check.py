"""The one set of checks a run summary must pass, shared by `ltb bench push`, the intake and the
pipeline (which re-checks what the intake accepted, because the inbox is not trusted).

Pure functions: no I/O besides reading the packaged JSON Schema once.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from benchhub_format.errors import InvalidSummaryError

SCHEMA_DIR = Path(__file__).parent / "schemas"
# Version 2 (what `ltb bench run` writes) adds every attempt's reward, tokens and cost, settings in
# the registry's vocabulary and a transcripts link; version 1 summaries are still accepted.
SCHEMA_VERSIONS = (1, 2)
CURRENT_SCHEMA_VERSION = 2

# Generous for the schema's 100,000 tasks with ordinary task names; small enough that a
# handful of concurrent uploads cannot exhaust the intake's memory.
MAX_SUMMARY_BYTES = 8 * 1024 * 1024

# `score` is 100 x mean(rewards); summaries may round it to two decimals.
SCORE_TOLERANCE = 0.01

# A run cannot be created after it was received; allow for clock skew on the runner.
CLOCK_SKEW = timedelta(days=1)

# Every integer must fit a DuckDB BIGINT, or one bad row would fail a whole load.
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

MAX_PROBLEMS_SHOWN = 50
MAX_MESSAGE_CHARS = 200

_RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})")
_DRIVE_PATH = re.compile(r"^[A-Za-z]:[\\/]")
_PLAIN_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,79}")
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_TEXT_CONTROLS = "\t\n\r"


class _NonFinite(ValueError):
    pass


class _DuplicateKey(ValueError):
    pass


def parse_summary_bytes(data: bytes, max_bytes: int = MAX_SUMMARY_BYTES) -> dict[str, Any]:
    """Parse a summary from raw bytes, refusing oversized input and anything beyond strict JSON.

    Python's json module accepts NaN, Infinity and 1e999 (which becomes inf) and keeps the last
    of duplicate keys; all of these are rejected so that every reader sees the same numbers.
    """
    if len(data) > max_bytes:
        raise InvalidSummaryError(
            [f"(body): {len(data)} bytes is over the limit of {max_bytes} bytes"],
            kind="too_large",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidSummaryError(
            [f"(body): not UTF-8 text (byte {exc.start})"], kind="malformed"
        ) from None
    try:
        obj = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            object_pairs_hook=_unique_keys,
        )
    except _NonFinite as exc:
        raise InvalidSummaryError([f"(body): {exc}"]) from None
    except _DuplicateKey as exc:
        raise InvalidSummaryError([f"(body): {exc}"]) from None
    except json.JSONDecodeError as exc:
        raise InvalidSummaryError(
            [f"(body): not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"],
            kind="malformed",
        ) from None
    except (ValueError, RecursionError) as exc:
        # Integers longer than Python's digit limit, or nesting deeper than the recursion limit.
        raise InvalidSummaryError(
            [f"(body): not usable JSON: {_clip(str(exc) or type(exc).__name__)}"],
            kind="malformed",
        ) from None
    if not isinstance(obj, dict):
        raise InvalidSummaryError(
            [f"(top level): expected a JSON object, got {type(obj).__name__}"]
        )
    return obj


def check_summary(
    obj: Any,
    known_benchmarks: Collection[str] | None = None,
    *,
    not_after: datetime | None = None,
) -> dict[str, Any]:
    """Return `obj` unchanged if it is a valid run summary, else raise InvalidSummaryError.

    `known_benchmarks`: when given, the benchmark id must be one of them.
    `not_after`: when given (the time the run was received), `created_at` may not be later
    than it by more than CLOCK_SKEW.
    """
    if not isinstance(obj, dict):
        raise InvalidSummaryError(
            [f"(top level): expected a JSON object, got {type(obj).__name__}"]
        )
    version = obj.get("schema_version")
    if version not in SCHEMA_VERSIONS or isinstance(version, bool):
        raise InvalidSummaryError(
            [f"schema_version: {_clip(repr(version), 80)} is not one of {list(SCHEMA_VERSIONS)}"]
        )
    problems = list(_value_problems(obj, ()))
    problems += _schema_problems(obj, version)
    problems += _name_problems(obj)
    if version >= 2:
        problems += _settings_problems(obj)
    if not problems:
        # Only meaningful once the types are known to be right.
        problems += _consistency_problems(obj, not_after)
    benchmark_id = obj.get("benchmark_id")
    if (
        known_benchmarks is not None
        and isinstance(benchmark_id, str)
        and benchmark_id not in known_benchmarks
    ):
        problems.append(
            f"benchmark_id: unknown benchmark {_clip(repr(benchmark_id), 80)}; "
            "it is not in the registry's current release"
        )
    if problems:
        if len(problems) > MAX_PROBLEMS_SHOWN:
            extra = len(problems) - MAX_PROBLEMS_SHOWN
            problems = problems[:MAX_PROBLEMS_SHOWN] + [f"... and {extra} more problems"]
        raise InvalidSummaryError(problems)
    return obj


def task_rewards(summary: dict[str, Any]) -> dict[str, float]:
    """Each task's reward in a checked summary: the mean over its attempts (schema version 2) or
    the mean reward the summary states (version 1). The one definition of a task's reward."""
    if summary.get("schema_version", 1) == 1:
        return {task: float(value) for task, value in summary["rewards"].items()}
    return {
        task: math.fsum(a["reward"] for a in entry["attempts"]) / len(entry["attempts"])
        for task, entry in summary["tasks"].items()
    }


def parse_timestamp(value: str) -> datetime:
    """An RFC 3339 timestamp with an explicit offset, as the schema's `date-time` format means."""
    if not _RFC3339.fullmatch(value):
        raise ValueError(f"{_clip(repr(value))} is not an RFC 3339 timestamp with a time zone")
    return datetime.fromisoformat(value)


def _reject_constant(name: str) -> float:
    raise _NonFinite(f"{name} is not a finite number; JSON numbers must be finite")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NonFinite(f"{_clip(text)} overflows to infinity; JSON numbers must be finite")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(f"key {_clip(repr(key))} appears more than once in an object")
            seen.add(key)
    return obj


def _value_problems(value: Any, path: tuple[str | int, ...]) -> Iterator[str]:
    # The schema cannot catch NaN: every comparison with NaN is false, so it passes min/max.
    if isinstance(value, bool):
        return
    if isinstance(value, float) and not math.isfinite(value):
        yield f"{_path(path)}: {value} is not a finite number"
    elif isinstance(value, int) and not INT64_MIN <= value <= INT64_MAX:
        yield f"{_path(path)}: integer out of range (must fit in 64 bits)"
    elif isinstance(value, str):
        # Schema patterns end in `$`, which Python lets match before a trailing newline.
        allowed = _TEXT_CONTROLS if path == ("notes",) else ""
        if any((ord(c) < 32 or ord(c) == 127) and c not in allowed for c in value):
            yield f"{_path(path)}: contains a control character"
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _value_problems(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _value_problems(item, (*path, index))


def _schema_problems(obj: dict[str, Any], version: int) -> list[str]:
    validator, per_task_rule = _validators(version)
    errors = sorted(validator.iter_errors(obj), key=lambda e: [str(p) for p in e.path])
    problems = [f"{_path(tuple(e.absolute_path))}: {_schema_message(e)}" for e in errors]
    field = per_task_rule.field
    if isinstance(obj.get(field), dict):
        problems += per_task_rule.problems(obj[field])
    return problems


@dataclass(frozen=True)
class _RewardsRule:
    """The schema's rules for each `rewards` entry, applied without jsonschema.

    jsonschema spends about 0.1 ms per entry: seconds for the 100,000 tasks the schema allows,
    which would let one push stall the intake. The rule is read from the schema itself.
    """

    name_pattern: str
    minimum: float
    maximum: float
    field = "rewards"

    @classmethod
    def take_from(cls, rewards_schema: dict[str, Any]) -> _RewardsRule:
        names = rewards_schema.pop("propertyNames")
        values = rewards_schema.pop("additionalProperties")
        # Fail loudly if the schema grows a rule this class would silently skip.
        if set(names) != {"pattern"} or set(values) != {"type", "minimum", "maximum"}:
            raise ValueError("run-summary.v1.json: rewards rules changed; update _RewardsRule")
        if values["type"] != "number":
            raise ValueError("run-summary.v1.json: rewards values must be numbers")
        return cls(names["pattern"], values["minimum"], values["maximum"])

    def problems(self, rewards: dict[str, Any]) -> list[str]:
        problems = []
        pattern = re.compile(self.name_pattern)
        for name, value in rewards.items():
            if not pattern.search(name):  # JSON Schema patterns are searched, as jsonschema does
                shown = _clip(repr(name), 80)
                problems.append(f"rewards: {shown} does not match {self.name_pattern!r}")
            if not isinstance(value, int | float) or isinstance(value, bool):
                problem = f"{_clip(repr(value), 80)} is not of type 'number'"
            elif value < self.minimum:
                problem = f"{value!r} is less than the minimum of {self.minimum}"
            elif value > self.maximum:
                problem = f"{value!r} is greater than the maximum of {self.maximum}"
            else:
                continue
            problems.append(f"rewards{_path_part(name)}: {problem}")
        return problems


_JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


@dataclass(frozen=True)
class _Field:
    types: tuple[str, ...]
    minimum: float | None
    maximum: float | None

    def problem(self, value: Any) -> str | None:
        if not any(_JSON_TYPES[t](value) for t in self.types):
            return f"{_clip(repr(value), 80)} is not of type {' or '.join(self.types)}"
        if value is None or isinstance(value, bool):
            return None
        if self.minimum is not None and value < self.minimum:
            return f"{value!r} is less than the minimum of {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return f"{value!r} is greater than the maximum of {self.maximum}"
        return None


@dataclass(frozen=True)
class _TasksRule:
    """The schema's rules for each `tasks` entry (version 2), applied without jsonschema for
    the same reason as _RewardsRule. Read from the schema: attempts' length and each attempt
    field's types and bounds."""

    name_pattern: str
    min_attempts: int
    max_attempts: int
    required: frozenset[str]
    fields: dict[str, _Field]
    field = "tasks"

    @classmethod
    def take_from(cls, tasks_schema: dict[str, Any]) -> _TasksRule:
        names = tasks_schema.pop("propertyNames")
        entry = tasks_schema.pop("additionalProperties")
        attempts = entry["properties"]["attempts"]
        attempt = attempts["items"]
        expected_entry = {"type", "additionalProperties", "required", "properties"}
        # Fail loudly if the schema grows a rule this class would silently skip.
        if (
            set(names) != {"pattern"}
            or set(entry) != expected_entry
            or set(entry["properties"]) != {"attempts"}
            or entry["required"] != ["attempts"]
            or set(attempts) != {"type", "minItems", "maxItems", "items"}
            or set(attempt) != expected_entry
            or any(set(f) - {"type", "minimum", "maximum"} for f in attempt["properties"].values())
        ):
            raise ValueError("run-summary.v2.json: tasks rules changed; update _TasksRule")
        fields = {
            name: _Field(
                tuple(rule["type"]) if isinstance(rule["type"], list) else (rule["type"],),
                rule.get("minimum"),
                rule.get("maximum"),
            )
            for name, rule in attempt["properties"].items()
        }
        return cls(
            names["pattern"],
            attempts["minItems"],
            attempts["maxItems"],
            frozenset(attempt["required"]),
            fields,
        )

    def problems(self, tasks: dict[str, Any]) -> list[str]:
        problems = []
        pattern = re.compile(self.name_pattern)
        for name, entry in tasks.items():
            where = f"tasks{_path_part(name)}"
            if not pattern.search(name):
                problems.append(
                    f"tasks: {_clip(repr(name), 80)} does not match {self.name_pattern!r}"
                )
            if not isinstance(entry, dict) or set(entry) != {"attempts"}:
                problems.append(f"{where}: expected an object with exactly the key 'attempts'")
                continue
            attempts = entry["attempts"]
            if not isinstance(attempts, list):
                problems.append(f"{where}.attempts: expected a list")
                continue
            if not self.min_attempts <= len(attempts) <= self.max_attempts:
                problems.append(
                    f"{where}.attempts: {len(attempts)} attempts, expected "
                    f"{self.min_attempts} to {self.max_attempts}"
                )
            for index, attempt in enumerate(attempts):
                problems += self._attempt_problems(f"{where}.attempts[{index}]", attempt)
        return problems

    def _attempt_problems(self, where: str, attempt: Any) -> list[str]:
        if not isinstance(attempt, dict):
            return [f"{where}: expected an object"]
        problems = [f"{where}: {k!r} is required" for k in sorted(self.required - set(attempt))]
        for key, value in attempt.items():
            rule = self.fields.get(key)
            if rule is None:
                problems.append(f"{where}: unexpected field {_clip(repr(key), 80)}")
            elif (problem := rule.problem(value)) is not None:
                problems.append(f"{where}.{key}: {problem}")
        return problems


def _schema_message(error: Any) -> str:
    message = error.message
    if isinstance(error.instance, dict | list):
        # jsonschema echoes the whole container (all 100,000 rewards, say); name its size instead.
        kind = "an object" if isinstance(error.instance, dict) else "a list"
        message = message.replace(repr(error.instance), f"{kind} of {len(error.instance)} entries")
    return _clip(message)


def _name_problems(obj: dict[str, Any]) -> list[str]:
    """Names may end up in file names, URLs and SQL: refuse anything that looks like a path."""
    problems = []
    for field, allow_slash in (("benchmark_id", False), ("model", True), ("agent", True)):
        value = obj.get(field)
        if isinstance(value, str):
            problems += [f"{field}: {p}" for p in unsafe_name(value, allow_slash)]
    for field in ("rewards", "settings"):
        mapping = obj.get(field)
        if isinstance(mapping, dict):
            for key in mapping:
                problems += [f"{field}: key {p}" for p in unsafe_name(key, False)]
    return problems


def unsafe_name(name: str, allow_slash: bool) -> list[str]:
    if _PLAIN_NAME.fullmatch(name) and ".." not in name:
        return []  # the common case, checked once instead of rule by rule
    shown = _clip(repr(name), 80)
    problems = []
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        problems.append(f"{shown} contains a NUL or control character")
    if "\\" in name:
        problems.append(f"{shown} contains a backslash")
    if ".." in name:
        problems.append(f"{shown} contains '..'")
    if name.startswith(("/", "~")) or _DRIVE_PATH.match(name):
        problems.append(f"{shown} is an absolute path")
    elif not allow_slash and "/" in name:
        problems.append(f"{shown} contains '/'")
    elif "//" in name or name.endswith("/"):
        problems.append(f"{shown} has an empty path segment")
    if name != name.strip():
        problems.append(f"{shown} starts or ends with white space")
    return problems


def _settings_problems(obj: dict[str, Any]) -> list[str]:
    """Version 2 settings use the registry's closed vocabulary (score_settings), with
    each value spelled as the registry spells it, so that a run's settings and a published
    score's settings can be compared key by key."""
    from benchhub_format.score_settings import CANONICAL, normalise

    settings = obj.get("settings")
    if not isinstance(settings, dict):
        return []
    problems = []
    for key, value in settings.items():
        if key not in CANONICAL:
            problems.append(
                f"settings.{_clip(key, 80)}: not a setting name the registry knows; use one of "
                + ", ".join(sorted(CANONICAL))
            )
            continue
        canonical = normalise({key: value}).get(key)
        if canonical != value or type(canonical) is not type(value):
            problems.append(
                f"settings.{key}: {_clip(repr(value), 80)} is not spelled as the registry "
                f"spells it ({canonical!r})"
            )
    attempts = settings.get("attempts")
    if isinstance(attempts, int) and attempts != obj.get("n_attempts"):
        problems.append(f"settings.attempts: {attempts} differs from n_attempts")
    return problems


def _consistency_problems(obj: dict[str, Any], not_after: datetime | None) -> list[str]:
    problems = []
    rewards = task_rewards(obj)
    counted_in = "rewards" if obj["schema_version"] == 1 else "tasks"
    if obj["n_tasks"] != len(rewards):
        problems.append(
            f"n_tasks: {obj['n_tasks']} does not match the {len(rewards)} tasks in {counted_in}"
        )
    elif rewards:
        expected = 100 * math.fsum(rewards.values()) / len(rewards)
        if abs(obj["score"] - expected) > SCORE_TOLERANCE:
            problems.append(f"score: {obj['score']} is not 100 x the mean reward ({expected:.4f})")
    if obj["schema_version"] >= 2:
        most = max((len(t["attempts"]) for t in obj["tasks"].values()), default=0)
        if most > obj["n_attempts"]:
            problems.append(f"tasks: a task has {most} attempts, more than n_attempts")
    if not_after is not None and parse_timestamp(obj["created_at"]) > not_after + CLOCK_SKEW:
        problems.append(f"created_at: {obj['created_at']} is in the future")
    return problems


@cache
def _validators(version: int) -> tuple[Any, _RewardsRule | _TasksRule]:
    # jsonschema is imported lazily: the CLI's search path never needs it.
    from jsonschema import Draft202012Validator, FormatChecker

    formats = FormatChecker(formats=())
    formats.checks("date-time", raises=ValueError)(
        lambda value: not isinstance(value, str) or bool(parse_timestamp(value))
    )
    schema = json.loads(schema_path(version).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    rule: _RewardsRule | _TasksRule
    if version == 1:
        rule = _RewardsRule.take_from(schema["properties"]["rewards"])
    else:
        rule = _TasksRule.take_from(schema["properties"]["tasks"])
    return Draft202012Validator(schema, format_checker=formats), rule


def schema_path(version: int) -> Path:
    return SCHEMA_DIR / f"run-summary.v{version}.json"


def _path(parts: tuple[str | int, ...]) -> str:
    if not parts:
        return "(top level)"
    return "".join(_path_part(p) for p in parts).lstrip(".")


def _path_part(part: str | int) -> str:
    if isinstance(part, int):
        return f"[{part}]"
    return f".{part}" if _PLAIN_KEY.fullmatch(part) else f"[{_clip(repr(part), 80)}]"


def _clip(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
