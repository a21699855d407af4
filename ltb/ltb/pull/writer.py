"""Writing one Harbor task folder from a task specification.

Layout: task.toml, instruction.md, environment/Dockerfile, tests/{test.sh, grade.py,
expected.json, ...} and, when the licence allows, solution/{solve.sh, <answer files>}.
Everything written is a function of the row alone (no timestamps, fixed modes and key order),
so pulling the same rows twice gives byte-identical folders.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ltb.frameworks.lm_eval import FRAMEWORK
from ltb.pull.adapters import TaskSpec
from ltb.pull.shapes import BenchmarkShape
from ltb.pull.toml_text import toml_document

GRADERS_DIR = Path(__file__).resolve().parent / "graders"
DOCKERFILE = "FROM python:3.12-slim\n\nWORKDIR /app\n"
GRADER_TIMEOUT_SEC = 60
TEST_SH = f"""#!/bin/bash
# Harbor copies tests/ to /tests and runs this after the agent. grade.py decides; the reward
# (1 or 0) goes to /logs/verifier/reward.txt. The timeout stops code that never returns.
mkdir -p /logs/verifier
if timeout {GRADER_TIMEOUT_SEC} python3 /tests/grade.py; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
"""
# Graders that print the reward themselves (a metric between 0 and 1, not pass or fail).
REWARD_GRADERS = frozenset({"grade_lm_eval_hook.py"})
REWARD_TEST_SH = f"""#!/bin/bash
# Harbor copies tests/ to /tests and runs this after the agent. grade.py prints the reward (the
# task's metric, 0 to 1) to /logs/verifier/reward.txt; if it fails or times out the reward is 0.
mkdir -p /logs/verifier
if ! timeout {GRADER_TIMEOUT_SEC} python3 /tests/grade.py > /logs/verifier/reward.txt; then
  echo 0 > /logs/verifier/reward.txt
fi
"""
SOLVE_SH_HEAD = """#!/bin/bash
# Oracle: Harbor copies solution/ to /solution and runs this; it puts the known answer in place.
set -euo pipefail
mkdir -p /app
"""
MAX_NAME_CHARS = 100


@dataclass(frozen=True)
class PullContext:
    """What every task of one pull shares."""

    shape: BenchmarkShape
    split: str
    license: str
    include_solution: bool


def task_name(benchmark_id: str, row_id: str) -> str:
    """A folder name from the row id: letters, digits and single dashes, benchmark first."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", row_id).strip("-") or "row"
    if slug.lower().startswith(f"{benchmark_id}-"):
        slug = slug[len(benchmark_id) + 1 :]
    name = f"{benchmark_id}-{slug}"
    if len(name) > MAX_NAME_CHARS:
        name = f"{name[: MAX_NAME_CHARS - 9]}-{row_hash(row_id)}"
    return name


def row_hash(row_id: str) -> str:
    return hashlib.sha256(row_id.encode()).hexdigest()[:8]


def write_task(
    directory: Path, name: str, row_id: str, spec: TaskSpec, context: PullContext
) -> None:
    folders = ["environment", "tests", *(["solution"] if context.include_solution else [])]
    for folder in folders:  # once per task: a mkdir per file is most of a pull on slow disks
        (directory / folder).mkdir(parents=True)
    _write(directory / "task.toml", _task_toml(name, row_id, spec, context))
    _write(directory / "instruction.md", spec.instruction)
    _write(directory / "environment" / "Dockerfile", dockerfile(spec.environment_packages))
    tests = directory / "tests"
    _write(
        tests / "test.sh",
        REWARD_TEST_SH if spec.grader in REWARD_GRADERS else TEST_SH,
        executable=True,
    )
    _write(tests / "grade.py", (GRADERS_DIR / spec.grader).read_text(encoding="utf-8"))
    _write(tests / "expected.json", _json(spec.expected))
    for file_name, text in spec.test_files.items():
        _write(tests / file_name, text)
    if context.include_solution:
        solution = directory / "solution"
        copies = "".join(f"cp /solution/{f} /app/{f}\n" for f in sorted(spec.solution_files))
        _write(solution / "solve.sh", SOLVE_SH_HEAD + copies, executable=True)
        for file_name, text in spec.solution_files.items():
            _write(solution / file_name, text)


def dockerfile(packages: tuple[str, ...] = ()) -> str:
    """The task environment: Python, plus the pinned distributions the verifier needs."""
    if not packages:
        return DOCKERFILE
    return f"{DOCKERFILE}\nRUN pip install --no-cache-dir {' '.join(packages)}\n"


def _task_toml(name: str, row_id: str, spec: TaskSpec, context: PullContext) -> str:
    shape = context.shape
    metadata: dict[str, Any] = {
        "benchmark": shape.benchmark_id,
        "benchmark_name": shape.name,
        "hf_dataset": shape.hf_dataset,
    }
    if shape.hf_config:
        metadata["hf_config"] = shape.hf_config
    metadata |= {
        "split": context.split,
        "row_id": row_id,
        "shape": shape.shape,
        "license": context.license,
        "solution_included": context.include_solution,
    }
    task = shape.framework
    if task is not None:  # which framework definition made this task, exactly
        metadata |= {
            "framework": FRAMEWORK,
            "framework_package": task.package,
            "framework_task": task.task,
            "framework_task_file": task.path,
            "framework_task_version": task.version or "unversioned",
            "framework_config_sha256": task.config_hash,
        }
        if task.metric:  # the reward: this key of the harness's process_results dict
            metadata |= {
                "framework_metric": task.metric,
                "framework_process_results": task.hooks["process_results"],
            }
    if spec.metadata:
        metadata["row"] = dict(spec.metadata)
    return toml_document(
        {"schema_version": "1.4"},
        {
            "task": {
                "name": f"ltb/{name}",
                "description": f"{shape.name} row {row_id} ({context.split} split), as a task",
                "keywords": [shape.benchmark_id, shape.shape.replace("_", "-")]
                + ([shape.framework.source] if shape.framework else []),
            },
            "metadata": metadata,
            "verifier": {"timeout_sec": float(GRADER_TIMEOUT_SEC * 2)},
            "agent": {"timeout_sec": 600.0},
            "environment": {
                "build_timeout_sec": 600.0,
                "cpus": 1,
                "memory_mb": 2048,
                "storage_mb": 10240,
            },
        },
    )


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _write(path: Path, text: str, *, executable: bool = False) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    path.chmod(0o755 if executable else 0o644)
