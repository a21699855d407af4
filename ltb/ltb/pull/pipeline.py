"""`ltb bench pull` end to end: resolve, load rows, sample, adapt, write, report.

Tasks are written to a staging folder next to the output and moved into place at the end, so
an interrupted pull never leaves a half-written dataset behind. A suite (a parent the release
marks `suite`) is pulled from its subtasks' own definitions: the same number of rows from each
(its sample weighs subtasks equally, a macro average), one subtask's report per part.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ltb import __version__
from ltb.errors import PullError, RowsUnavailableError
from ltb.pull import REPORT_NAME
from ltb.pull.adapters import BadRow, adapt
from ltb.pull.progress import Progress
from ltb.pull.resolve import (
    SolutionPolicy,
    headline_part,
    release_benchmarks,
    resolve_benchmark,
    resolve_suite,
    solution_policy,
)
from ltb.pull.rows import Rows, load_rows
from ltb.pull.sampling import sample_order
from ltb.pull.shapes import BenchmarkShape, load_shapes
from ltb.pull.writer import PullContext, row_hash, task_name, write_task


@dataclass(frozen=True)
class PullRequest:
    benchmark: str
    n: int
    seed: int = 0
    split: str | None = None
    out: Path | None = None
    source: Path | None = None
    registry: str | None = None
    force: bool = False
    # the parent asked for, when pull builds its headline part instead
    headline_of: str | None = None


@dataclass(frozen=True)
class PullResult:
    out_dir: Path
    report: dict[str, Any]


def pull(request: PullRequest) -> PullResult:
    if request.n < 1:
        raise PullError("--n must be at least 1")
    shapes = load_shapes()
    entries = release_benchmarks(request.registry)
    part = headline_part(request.benchmark, shapes, entries)
    if part is not None:
        request = replace(request, benchmark=part, headline_of=request.benchmark)
    suite = resolve_suite(request.benchmark, shapes, entries)
    if suite is not None:
        return _pull_suite(request, *suite)
    shape, entry = resolve_benchmark(request.benchmark, shapes, entries)
    policy = solution_policy(shape, (entry or {}).get("license"), shapes.redistributable_licenses)
    split = request.split or shape.default_split
    out = (request.out or Path(shape.benchmark_id)).absolute()
    _check_out(out, request.force)
    rows = load_rows(shape, split, request.source)
    _check_columns(shape, rows)
    context = PullContext(shape, split, policy.license, policy.include)

    def write(staging: Path) -> dict[str, Any]:
        written, skipped = _write_sample(staging, rows, context, request.n, request.seed)
        _check_written(written, skipped, rows.location)
        return _report(request, shape, rows, policy, written, skipped)

    return PullResult(out, _staged(out, write))


def _pull_suite(
    request: PullRequest,
    suite: dict[str, Any],
    members: list[tuple[BenchmarkShape, dict[str, Any]]],
) -> PullResult:
    """n tasks spread evenly over the suite's subtasks (which ones get the remainder: seeded)."""
    if request.source is not None or request.split is not None:
        raise PullError(
            f"{suite['id']} is a suite of {len(members)} subtasks, each with its own rows and "
            "splits: --source and --split apply to one benchmark; pull a subtask for them"
        )
    shapes = load_shapes()
    out = (request.out or Path(suite["id"])).absolute()
    _check_out(out, request.force)
    order = sample_order([part["id"] for _, part in members], request.seed)
    quota = {i: request.n // len(members) for i in range(len(members))}
    for i in order[: request.n % len(members)]:
        quota[i] += 1
    parts = []  # (shape, policy, rows, context, n) of each subtask that gets rows
    for i, (shape, part) in enumerate(members):
        if quota[i]:
            policy = solution_policy(shape, part.get("license"), shapes.redistributable_licenses)
            try:
                rows = load_rows(shape, shape.default_split, None)
            except RowsUnavailableError as exc:
                alone = shape.framework.source if shape.framework else shape.benchmark_id
                raise RowsUnavailableError(
                    f"suite {suite['id']}, subtask {shape.benchmark_id}: {exc} (--source goes "
                    f"with `ltb bench pull {alone}`)"
                ) from exc
            _check_columns(shape, rows)
            context = PullContext(shape, shape.default_split, policy.license, policy.include)
            parts.append((shape, policy, rows, context, quota[i]))

    def write(staging: Path) -> dict[str, Any]:
        reports, all_written, all_skipped = [], [], []
        for shape, policy, rows, context, n in parts:
            written, skipped = _write_sample(staging, rows, context, n, request.seed)
            _check_written(written, skipped, rows.location)
            part_request = PullRequest(shape.benchmark_id, n, request.seed)
            reports.append(_report(part_request, shape, rows, policy, written, skipped))
            all_written += written
            all_skipped += skipped
        return {
            "ltb_version": __version__,
            "benchmark_id": suite["id"],
            "benchmark_name": suite["name"],
            "shape": "suite",
            "adapter": {"source": "suite: each subtask's own definition (see parts)"},
            "sample": {
                "seed": request.seed,
                "n": len(all_written),
                "n_requested": request.n,
                "per_subtask": "equal (a macro average over subtasks)",
                "subtasks": len(members),
                "subtasks_sampled": len(parts),
            },
            "solutions": {
                "included": all(policy.include for _, policy, *_ in parts),
                "license": sorted({policy.license for _, policy, *_ in parts}),
                "reason": "per subtask (see parts)",
            },
            "notices": _headline_notice(request) + [n for r in reports for n in r["notices"]],
            "parts": [
                {k: v for k, v in r.items() if k not in ("tasks", "skipped")} for r in reports
            ],
            "tasks": all_written,
            "skipped": all_skipped,
        }

    return PullResult(out, _staged(out, write))


def _headline_notice(request: PullRequest) -> list[str]:
    if request.headline_of is None:
        return []
    return [
        f"{request.headline_of} is pulled as its headline part {request.benchmark} (the part "
        "its published headline scores measure)"
    ]


def _check_written(
    written: list[dict[str, str]], skipped: list[dict[str, str]], where: str
) -> None:
    if not written:
        reasons = "; ".join(f"{s['row_id']}: {s['reason']}" for s in skipped[:3])
        raise PullError(f"no usable rows in {where} ({len(skipped)} skipped: {reasons})")


def _staged(out: Path, write: Callable[[Path], dict[str, Any]]) -> dict[str, Any]:
    """Run `write(staging)` in a staging folder next to `out`, then move it into place with its
    report; on any failure nothing is left behind."""
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.pulling-"))
    try:
        report = write(staging)
        (staging / REPORT_NAME).write_text(
            json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        staging.chmod(0o755)
        if out.exists():
            shutil.rmtree(out)
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return report


def _report(
    request: PullRequest,
    shape: BenchmarkShape,
    rows: Rows,
    policy: SolutionPolicy,
    written: list[dict[str, str]],
    skipped: list[dict[str, str]],
) -> dict[str, Any]:
    """pull-report.json: where the rows came from, the sample, the licence call, every skip."""
    notices = list(rows.notices) + _headline_notice(request)
    if len(written) < request.n:
        notices.append(f"asked for {request.n} tasks; only {len(written)} usable rows exist")
    return {
        "ltb_version": __version__,
        "benchmark_id": shape.benchmark_id,
        "benchmark_name": shape.name,
        "shape": shape.shape,
        "adapter": _adapter(shape),
        "rows": {
            "origin": rows.origin,
            "location": rows.location,
            "hf_dataset": shape.hf_dataset,
            "hf_config": shape.hf_config,
            "split": rows.split,
            "n_rows": len(rows.dataset),
        },
        "sample": {
            "seed": request.seed,
            "n": len(written),
            "n_requested": request.n,
            "split": rows.split,
        },
        "solutions": {
            "included": policy.include,
            "license": policy.license,
            "reason": policy.reason,
        },
        "notices": notices,
        "tasks": written,
        "skipped": skipped,
    }


def _adapter(shape: BenchmarkShape) -> dict[str, Any]:
    """Where the row-to-task rule comes from: ltb's shapes file or a framework's definition."""
    task = shape.framework
    if task is None:
        return {"source": "ltb/benchhub_format/task_shapes.json"}
    return {
        "source": task.source,
        "framework_package": task.package,
        "task_file": task.path,
        "task_version": task.version,
        "config_sha256": task.config_hash,
    }


def _write_sample(
    staging: Path, rows: Rows, context: PullContext, n: int, seed: int
) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """Walk the rows in sample order, writing tasks until n are done; bad rows are skipped."""
    shape = context.shape
    ids = _row_ids(rows.dataset, shape)
    written: list[dict[str, str]] = []
    skipped: list[dict[str, str]] = []
    seen: set[str] = set()
    names: set[str] = set()
    progress = Progress(min(n, len(ids)), f"pulling {shape.benchmark_id}")
    try:
        for index in sample_order(ids, seed):
            if len(written) == n:
                break
            row_id = ids[index]
            if not row_id:
                skipped.append({"row_id": f"(row {index})", "reason": "row id is missing"})
                continue
            if row_id in seen:
                skipped.append({"row_id": row_id, "reason": "duplicate row id"})
                continue
            seen.add(row_id)
            try:
                spec = adapt(shape, rows.dataset[index], row_id)
            except BadRow as exc:
                skipped.append({"row_id": row_id, "reason": str(exc)})
                continue
            name = task_name(shape.benchmark_id, row_id)
            if name in names:  # two ids that differ only in punctuation
                name = f"{name}-{row_hash(row_id)}"
            names.add(name)
            write_task(staging / name, name, row_id, spec, context)
            written.append({"task": name, "row_id": row_id})
            progress.update(len(written))
    finally:
        progress.close()
    return written, skipped


def _row_ids(dataset: Any, shape: BenchmarkShape) -> list[str]:
    """Each row's id as text: the id column, or else the row's position in the split."""
    column = shape.columns.get("id")
    if not column:
        return [str(i) for i in range(len(dataset))]
    return ["" if v is None else str(v).strip() for v in dataset[column]]


def _check_columns(shape: BenchmarkShape, rows: Rows) -> None:
    """A mapping that names absent columns is a configuration problem, not a bad row.
    (A framework's templates name their fields themselves: a row without one is skipped.)"""
    present = set(rows.dataset.column_names)
    if shape.framework is not None:
        return
    wanted: list[str] = []
    for key, value in shape.columns.items():
        if key in ("answer_letter", "answer_index"):
            continue
        wanted += value if isinstance(value, list) else [value]
    answer_columns = [
        shape.columns[k] for k in ("answer_letter", "answer_index") if k in shape.columns
    ]
    missing = [c for c in wanted if c not in present]
    if answer_columns and not any(c in present for c in answer_columns):
        missing += answer_columns
    if missing:
        raise PullError(
            f"{rows.location}: no column {', '.join(map(repr, missing))} for {shape.benchmark_id} "
            f"(columns: {', '.join(sorted(present))}); fix the rows or "
            "ltb/benchhub_format/task_shapes.json"
        )


def _check_out(out: Path, force: bool) -> None:
    if "__" in out.name:
        raise PullError(
            f"{out.name}: Harbor drops the metrics of dataset folders whose name contains '__'; "
            "choose another --out"
        )
    if not out.exists():
        return
    if not out.is_dir():
        raise PullError(f"{out} exists and is not a folder")
    if not any(out.iterdir()):
        return
    if not (out / REPORT_NAME).is_file():
        raise PullError(f"{out} is not empty and holds no earlier pull; choose another --out")
    if not force:
        raise PullError(f"{out} holds an earlier pull; pass --force to replace it")
