"""The task shapes file (benchhub_format/task_shapes.json): which benchmark becomes which task.

Adding a benchmark is one entry in that file; nothing here knows any benchmark by name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchhub_format import TASK_SHAPES
from benchhub_format.catalog import closest, fold

from ltb.errors import PullError
from ltb.frameworks.lm_eval import LmEvalTask, NotRunnable, compile_lm_eval_task

BUNDLED_DIR = Path(__file__).resolve().parent.parent / "bundled_rows"

# Columns each shape needs; multiple choice also needs one way to find the answer (checked below).
REQUIRED_COLUMNS = {
    "multiple_choice": ("question", "options"),
    "exact_answer": ("question", "answer"),
    "code_unit_tests": ("prompt", "test", "entry_point", "solution"),
}
ANSWER_SOURCES = ("answer_letter", "answer_index")


@dataclass(frozen=True)
class BenchmarkShape:
    """One benchmark's entry in the shapes file."""

    benchmark_id: str
    name: str
    shape: str
    hf_dataset: str
    hf_config: str | None
    default_split: str
    columns: Mapping[str, Any]
    license: str
    solutions_redistributable: bool
    aliases: tuple[str, ...] = ()
    metadata_columns: tuple[str, ...] = ()
    bundled: Mapping[str, str] = field(default_factory=dict)
    license_note: str | None = None
    # Shape-specific switches: answer_delimiter, numeric, correct_option, shuffle_options.
    settings: Mapping[str, Any] = field(default_factory=dict)
    # Set when the framework's own task definition says how rows become tasks (no `columns`).
    framework: LmEvalTask | None = None

    def bundled_path(self, split: str) -> Path | None:
        relative = self.bundled.get(split)
        return BUNDLED_DIR / relative if relative else None


@dataclass(frozen=True)
class ShapesFile:
    benchmarks: Mapping[str, BenchmarkShape]
    redistributable_licenses: frozenset[str]

    def find(self, name: str) -> BenchmarkShape | None:
        """The benchmark whose id or alias is `name`, ignoring case and punctuation."""
        wanted = fold(name)
        for shape in self.benchmarks.values():
            if wanted in {fold(n) for n in (shape.benchmark_id, shape.name, *shape.aliases)}:
                return shape
        return None

    def suggestions(self, name: str) -> list[str]:
        entries = [
            {"id": s.benchmark_id, "name": s.name, "aliases": list(s.aliases)}
            for s in self.benchmarks.values()
        ]
        return closest(entries, name)


_KNOWN_KEYS = {
    "name",
    "aliases",
    "shape",
    "hf_dataset",
    "hf_config",
    "default_split",
    "columns",
    "metadata_columns",
    "license",
    "license_note",
    "solutions_redistributable",
    "bundled",
}


def load_shapes(path: Path = TASK_SHAPES) -> ShapesFile:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise PullError(f"{path}: cannot read the task shapes file ({exc})") from exc
    benchmarks = {
        benchmark_id: _parse_entry(path, benchmark_id, entry)
        for benchmark_id, entry in raw.get("benchmarks", {}).items()
    }
    licenses = frozenset(normalise_license(x) for x in raw.get("redistributable_licenses", []))
    return ShapesFile(benchmarks, licenses)


def normalise_license(value: str) -> str:
    return "-".join(value.strip().lower().split())


def framework_shape(
    benchmark_id: str,
    name: str,
    task: LmEvalTask,
    license: str,
    solutions_redistributable: bool,
    *,
    aliases: tuple[str, ...] = (),
    bundled: Mapping[str, str] | None = None,
    license_note: str | None = None,
) -> BenchmarkShape:
    """A benchmark whose rows become tasks through an evaluation framework's task definition."""
    return BenchmarkShape(
        benchmark_id=benchmark_id,
        name=name,
        shape=task.kind,
        hf_dataset=task.dataset_path,
        hf_config=task.dataset_name,
        default_split=task.split,
        columns={},
        license=normalise_license(license),
        solutions_redistributable=solutions_redistributable,
        aliases=aliases,
        bundled=bundled or {},
        license_note=license_note,
        framework=task,
    )


def _framework_entry(where: str, benchmark_id: str, entry: dict[str, Any]) -> BenchmarkShape:
    task_name = entry.get("task")
    if entry.get("framework") != "lm-eval" or not isinstance(task_name, str):
        raise PullError(f'{where}: framework must be "lm-eval" with a `task` name')
    task = compile_lm_eval_task(task_name)
    if isinstance(task, NotRunnable):
        raise PullError(f"{where}: lm-eval task {task_name!r} is not runnable: {task.reason}")
    for key in ("license",):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise PullError(f"{where}: {key} must be a non-empty string")
    if not isinstance(entry.get("solutions_redistributable"), bool):
        raise PullError(f"{where}: solutions_redistributable must be true or false")
    return framework_shape(
        benchmark_id,
        entry.get("name", benchmark_id),
        task,
        entry["license"],
        entry["solutions_redistributable"],
        aliases=tuple(entry.get("aliases", [])),
        bundled=entry.get("bundled") or {},
        license_note=entry.get("license_note"),
    )


def _parse_entry(path: Path, benchmark_id: str, entry: dict[str, Any]) -> BenchmarkShape:
    where = f"{path}: benchmark {benchmark_id!r}"
    if "framework" in entry:
        return _framework_entry(where, benchmark_id, entry)
    shape = entry.get("shape")
    if shape not in REQUIRED_COLUMNS:
        raise PullError(f"{where}: shape {shape!r} is not one of {sorted(REQUIRED_COLUMNS)}")
    columns = entry.get("columns") or {}
    missing = [c for c in REQUIRED_COLUMNS[shape] if c not in columns]
    if missing:
        raise PullError(f"{where}: columns needs {', '.join(missing)} for shape {shape}")
    if (
        shape == "multiple_choice"
        and "correct_option" not in entry
        and not any(c in columns for c in ANSWER_SOURCES)
    ):
        raise PullError(
            f"{where}: give columns.answer_letter, columns.answer_index or correct_option"
        )
    for key in ("hf_dataset", "default_split", "license"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise PullError(f"{where}: {key} must be a non-empty string")
    if not isinstance(entry.get("solutions_redistributable"), bool):
        raise PullError(f"{where}: solutions_redistributable must be true or false")
    return BenchmarkShape(
        benchmark_id=benchmark_id,
        name=entry.get("name", benchmark_id),
        shape=shape,
        hf_dataset=entry["hf_dataset"],
        hf_config=entry.get("hf_config"),
        default_split=entry["default_split"],
        columns=columns,
        license=normalise_license(entry["license"]),
        solutions_redistributable=entry["solutions_redistributable"],
        aliases=tuple(entry.get("aliases", [])),
        metadata_columns=tuple(entry.get("metadata_columns", [])),
        bundled=entry.get("bundled") or {},
        license_note=entry.get("license_note"),
        settings={k: v for k, v in entry.items() if k not in _KNOWN_KEYS},
    )
