"""Turning one dataset row into a task specification, one adapter per shape.

A row that cannot make a sound task raises BadRow with a reason for the pull report; the pull
goes on with the next row.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ltb.frameworks import lm_eval
from ltb.frameworks.lm_eval_hooks import HARNESS_VERSION
from ltb.pull.graders.grade_answer import normalise_number
from ltb.pull.sampling import option_order
from ltb.pull.shapes import BenchmarkShape

LETTERS = string.ascii_uppercase  # A-Z: some benchmarks (TruthfulQA MC1) have 11+ choices
ANSWER_PATH = "/app/answer.txt"
SOLUTION_PATH = "/app/solution.py"


class BadRow(Exception):
    """The row cannot become a task; the message is the reason shown in the pull report."""


@dataclass(frozen=True)
class TaskSpec:
    """What a task folder holds, before it is written."""

    instruction: str
    grader: str  # file name in ltb/pull/graders, copied to tests/grade.py
    expected: Mapping[str, Any]  # tests/expected.json, read by the grader
    solution_files: Mapping[str, str]  # solution/<name>, copied by solve.sh to /app/<name>
    test_files: Mapping[str, str]
    metadata: Mapping[str, Any]
    # pinned distributions the task environment installs (environment/Dockerfile)
    environment_packages: tuple[str, ...] = ()


def adapt(shape: BenchmarkShape, row: Mapping[str, Any], row_id: str) -> TaskSpec:
    if shape.framework is not None:
        return FRAMEWORK_ADAPTERS[shape.shape](shape.framework, row)
    return ADAPTERS[shape.shape](shape, row, row_id)


def text_field(
    row: Mapping[str, Any], column: str, what: str, *, keep_spacing: bool = False
) -> str:
    """A non-empty, cleanly encoded text cell; raises BadRow naming what is wrong."""
    if column not in row or row[column] is None:
        raise BadRow(f"{what} is missing (column {column!r})")
    value = row[column]
    if not isinstance(value, str):
        raise BadRow(f"{what} is {type(value).__name__}, not text (column {column!r})")
    if "\x00" in value:
        raise BadRow(f"{what} contains NUL characters")
    if "\ufffd" in value:
        raise BadRow(f"{what} contains U+FFFD replacement characters (text decoded wrongly)")
    if not value.strip():
        raise BadRow(f"{what} is empty")
    return value if keep_spacing else value.strip()


def _metadata(shape: BenchmarkShape, row: Mapping[str, Any]) -> dict[str, Any]:
    found = {}
    for column in shape.metadata_columns:
        value = row.get(column)
        if isinstance(value, bool | int | float) or (isinstance(value, str) and value.strip()):
            found[column] = value.strip() if isinstance(value, str) else value
    return found


def _options(shape: BenchmarkShape, row: Mapping[str, Any]) -> list[str]:
    spec = shape.columns["options"]
    if isinstance(spec, list):
        return [text_field(row, column, f"option {i + 1}") for i, column in enumerate(spec)]
    raw = row.get(spec)
    if isinstance(raw, str):  # CSV cannot hold a list; accept one encoded as JSON or Python
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError:
            try:
                raw = ast.literal_eval(raw)
            except (ValueError, SyntaxError):
                raise BadRow(f"options (column {spec!r}) is text but not a list") from None
    if not isinstance(raw, list):
        raise BadRow(f"options (column {spec!r}) is missing or not a list")
    cells = {str(i): value for i, value in enumerate(raw)}
    return [text_field(cells, str(i), f"option {i + 1}") for i in range(len(raw))]


def _answer_index(shape: BenchmarkShape, row: Mapping[str, Any], n_options: int) -> int:
    candidates: list[tuple[str, int]] = []
    if "correct_option" in shape.settings:
        candidates.append(("correct_option", int(shape.settings["correct_option"])))
    index_column = shape.columns.get("answer_index")
    if index_column and row.get(index_column) is not None:
        value = row[index_column]
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRow(f"answer index {value!r} is not an integer")
        candidates.append((f"answer index {value}", value))
    letter_column = shape.columns.get("answer_letter")
    if letter_column and isinstance(row.get(letter_column), str) and row[letter_column].strip():
        letter = row[letter_column].strip().upper()
        if len(letter) != 1 or letter not in LETTERS:
            raise BadRow(f"answer {row[letter_column]!r} is not a letter A-Z")
        candidates.append((f"answer {letter}", LETTERS.index(letter)))
    if not candidates:
        raise BadRow("answer is missing")
    for label, index in candidates:
        if not 0 <= index < n_options:
            raise BadRow(f"{label} is out of range for {n_options} options")
    if len({index for _, index in candidates}) > 1:
        raise BadRow(" and ".join(label for label, _ in candidates) + " disagree")
    return candidates[0][1]


def _question(shape: BenchmarkShape, row: Mapping[str, Any]) -> str:
    """The question column, or several (a passage, then the question) joined by a blank line;
    empty ones among several are left out, but the last (the question itself) must be there."""
    spec = shape.columns["question"]
    if not isinstance(spec, list):
        return text_field(row, spec, "question")
    parts = [text_field(row, spec[-1], "question")]
    for column in reversed(spec[:-1]):
        value = row.get(column)
        if isinstance(value, str) and value.strip():
            parts.insert(0, text_field(row, column, column))
    return "\n\n".join(parts)


def multiple_choice(shape: BenchmarkShape, row: Mapping[str, Any], row_id: str) -> TaskSpec:
    question = _question(shape, row)
    options = _options(shape, row)
    if not 2 <= len(options) <= len(LETTERS):
        raise BadRow(f"{len(options)} options; multiple choice needs 2 to {len(LETTERS)}")
    answer = _answer_index(shape, row, len(options))
    if shape.settings.get("shuffle_options"):
        order = option_order(row_id, len(options))
        options = [options[i] for i in order]
        answer = order.index(answer)
    letter = LETTERS[answer]
    listed = "\n".join(f"{LETTERS[i]}. {option}" for i, option in enumerate(options))
    last = LETTERS[len(options) - 1]
    instruction = (
        f"Answer the following multiple-choice question.\n\n{question}\n\n{listed}\n\n"
        f"Write only the letter of the correct option (A-{last}) to `{ANSWER_PATH}`.\n"
    )
    return choice_spec(instruction, letter, _metadata(shape, row))


def exact_answer(shape: BenchmarkShape, row: Mapping[str, Any], row_id: str) -> TaskSpec:
    question = _question(shape, row)
    numeric = bool(shape.settings.get("numeric"))
    column = shape.columns["answer"]
    cell = row.get(column)
    if numeric and isinstance(cell, int | float) and not isinstance(cell, bool):
        answer = format(cell, "g") if isinstance(cell, float) else str(cell)  # 51.0 -> "51"
    else:
        answer = text_field(row, column, "answer")
    pattern = shape.settings.get("answer_pattern")
    if pattern:  # the final answer inside a longer cell, e.g. "9 (apples)" -> "9"
        found = re.match(pattern, answer)
        if not found:
            raise BadRow(f"answer {answer[:40]!r} does not match {pattern!r}")
        answer = found.group(1).strip()
    delimiter = shape.settings.get("answer_delimiter")
    if delimiter:
        if delimiter not in answer:
            raise BadRow(f"answer has no final answer after {delimiter!r}")
        answer = answer.rsplit(delimiter, 1)[1].strip()
        if not answer:
            raise BadRow(f"final answer after {delimiter!r} is empty")
    if numeric:
        if normalise_number(answer) is None:
            raise BadRow(f"final answer {answer!r} is not a number")
        answer = answer.replace(",", "")
        kind = "a single number, without units or working"
    else:
        kind = "the answer alone, without working"
    instruction = (
        f"Solve the following problem.\n\n{question}\n\n"
        f"Write only the final answer ({kind}) to `{ANSWER_PATH}`.\n"
    )
    return TaskSpec(
        instruction=instruction,
        grader="grade_answer.py",
        expected={"answer": answer, "numeric": numeric, "answer_path": ANSWER_PATH},
        solution_files={"answer.txt": f"{answer}\n"},
        test_files={},
        metadata=_metadata(shape, row),
    )


def code_unit_tests(shape: BenchmarkShape, row: Mapping[str, Any], row_id: str) -> TaskSpec:
    columns = shape.columns
    prompt = text_field(row, columns["prompt"], "prompt", keep_spacing=True)
    tests = text_field(row, columns["test"], "test", keep_spacing=True)
    entry_point = text_field(row, columns["entry_point"], "entry point")
    solution = text_field(row, columns["solution"], "solution", keep_spacing=True)
    if not entry_point.isidentifier():
        raise BadRow(f"entry point {entry_point!r} is not a Python name")
    if not re.search(r"^def check\(", tests, re.MULTILINE):
        raise BadRow("test defines no check(candidate) function")
    fence = "`" * max(3, _longest_backtick_run(prompt) + 1)
    instruction = (
        f"Complete the Python function `{entry_point}` below.\n\n"
        f"{fence}python\n{prompt.rstrip()}\n{fence}\n\n"
        f"Write the complete code (the imports it needs and the whole function `{entry_point}`, "
        f"signature included) to `{SOLUTION_PATH}`. It is graded by unit tests run with python3.\n"
    )
    return TaskSpec(
        instruction=instruction,
        grader="grade_code.py",
        expected={"entry_point": entry_point, "solution_path": SOLUTION_PATH},
        solution_files={"solution.py": prompt + solution},
        test_files={"unit_tests.py": tests},
        metadata=_metadata(shape, row),
    )


def _longest_backtick_run(text: str) -> int:
    return max((len(run) for run in re.findall(r"`+", text)), default=0)


ADAPTERS: dict[str, Callable[[BenchmarkShape, Mapping[str, Any], str], TaskSpec]] = {
    "multiple_choice": multiple_choice,
    "exact_answer": exact_answer,
    "code_unit_tests": code_unit_tests,
}


# --- adapters generated from an evaluation framework's task definition ----------------------


def framework_choice(task: lm_eval.LmEvalTask, row: Mapping[str, Any]) -> TaskSpec:
    """The framework's prompt and choices; the agent names the right choice by letter."""
    try:
        prompt, choices, answer = lm_eval.choice_answer(task, row)
    except lm_eval.RowError as exc:
        raise BadRow(str(exc)) from None
    if not 2 <= len(choices) <= len(LETTERS):
        raise BadRow(f"{len(choices)} choices; multiple choice needs 2 to {len(LETTERS)}")
    for i, choice in enumerate(choices):
        text_field({"c": choice}, "c", f"choice {i + 1}", keep_spacing=True)
    letter = LETTERS[answer]
    last = LETTERS[len(choices) - 1]
    if choices == list(LETTERS[: len(choices)]):  # the prompt already lists lettered options
        listed = ""
    else:
        listed = "\n".join(f"{LETTERS[i]}. {c.strip()}" for i, c in enumerate(choices)) + "\n\n"
    instruction = (
        f"Answer the following multiple-choice question ({FRAMEWORK_NOTE.format(task=task.task)})."
        f"\n\n{prompt.rstrip()}\n\n{listed}"
        f"Write only the letter of the correct option (A-{last}) to `{ANSWER_PATH}`.\n"
    )
    return choice_spec(instruction, letter, {})


def framework_exact(task: lm_eval.LmEvalTask, row: Mapping[str, Any]) -> TaskSpec:
    """The framework's prompt; the response is scored by the task's filters and exact match."""
    try:
        prompt, references = lm_eval.exact_references(task, row)
    except lm_eval.RowError as exc:
        raise BadRow(str(exc)) from None
    expected = {"references": references, "answer_path": ANSWER_PATH, **task.grading()}
    oracle = lm_eval.oracle_response(expected)
    if oracle is None:
        raise BadRow(
            "no response passes the task's own filters and exact match for its reference "
            f"{references[0][:60]!r}"
        )
    instruction = (
        f"Answer the following ({FRAMEWORK_NOTE.format(task=task.task)}).\n\n"
        f"{prompt.rstrip()}\n\n"
        f"Write your response to `{ANSWER_PATH}`. {_scoring_note(task)}\n"
    )
    return TaskSpec(
        instruction=instruction,
        grader="grade_lm_eval.py",
        expected=expected,
        solution_files={"answer.txt": oracle if oracle.endswith("\n") else oracle + "\n"},
        test_files={},
        metadata={},
    )


def framework_python_metric(task: lm_eval.LmEvalTask, row: Mapping[str, Any]) -> TaskSpec:
    """The framework's prompt; the verifier calls the harness's own process_results on the
    response inside the task environment, and the reward is the task's primary metric. The doc
    it reads goes to tests/ (hidden from the agent); the oracle answers the doc's target, which
    pull has checked scores 1."""
    try:
        prompt, doc, target = lm_eval.python_metric_doc(task, row)
    except lm_eval.RowError as exc:
        raise BadRow(str(exc)) from None
    instruction = (
        f"Answer the following ({FRAMEWORK_NOTE.format(task=task.task)}).\n\n"
        f"{prompt.rstrip()}\n\n"
        f"Write your response to `{ANSWER_PATH}`. It is scored by the harness's own "
        f"`process_results` for this task (metric `{task.metric}`).\n"
    )
    return TaskSpec(
        instruction=instruction,
        grader="grade_lm_eval_hook.py",
        expected={
            "answer_path": ANSWER_PATH,
            "hook": task.hooks["process_results"],
            "metric": task.metric,
            "doc_path": "/tests/doc.json",
        },
        solution_files={"answer.txt": target if target.endswith("\n") else target + "\n"},
        test_files={"doc.json": json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False)},
        metadata={},
        environment_packages=(f"{lm_eval.HARNESS_DISTRIBUTION}=={HARNESS_VERSION}",),
    )


FRAMEWORK_NOTE = "prompt from the lm-evaluation-harness task `{task}`"


def _scoring_note(task: lm_eval.LmEvalTask) -> str:
    steps = task.filters[0] if task.filters else ()
    regexes = [kw.get("regex_pattern", "") for name, kw in steps if name == "regex"]
    extract = (
        f"The answer is taken from it with the regular expression `{regexes[0]}`, then compared"
        if regexes
        else "Its text (surrounding white space dropped) is compared"
    )
    return f"{extract} with the reference by exact match, as the harness scores this task."


FRAMEWORK_ADAPTERS: dict[str, Callable[[lm_eval.LmEvalTask, Mapping[str, Any]], TaskSpec]] = {
    lm_eval.CHOICE: framework_choice,
    lm_eval.EXACT: framework_exact,
    lm_eval.PYTHON_METRIC: framework_python_metric,
}


def choice_spec(instruction: str, letter: str, metadata: dict[str, Any]) -> TaskSpec:
    """A choice task: the agent writes the option's letter, graded by grade_choice.py."""
    return TaskSpec(
        instruction=instruction,
        grader="grade_choice.py",
        expected={"answer": letter, "answer_path": ANSWER_PATH},
        solution_files={"answer.txt": f"{letter}\n"},
        test_files={},
        metadata=metadata,
    )
