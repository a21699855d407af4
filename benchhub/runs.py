"""Reproduced runs: inbox files -> `reproduced_runs` rows -> `reproduced_medians`.

The intake already checked every file, but the inbox is a folder anyone with access can write
to, so each file is checked again with the same code (benchhub_format's inbox)
and a bad one is moved to quarantine with its reason instead of being loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
from benchhub_format.errors import InvalidSummaryError
from benchhub_format.inbox import InboxRecord, atomic_write_bytes, read_run
from benchhub_format.summary_check import parse_timestamp

from benchhub.warehouse import insert_rows, sql_text, transaction

QUARANTINE_DIRNAME = "quarantine"
# What runs are pooled on (reproduced_medians, reproduced_pools): agent and settings never mix.
RUN_POOL_KEY = ("benchmark_id", "model_id", "harness", "settings_key")


@dataclass(frozen=True)
class RunRecord:
    """One `reproduced_runs` row; field names and order follow sql/reproduced_runs.sql."""

    run_id: str
    benchmark_id: str
    model_id: str
    model: str
    agent: str
    harness: str
    harbor_version: str
    cli_version: str
    settings_key: str
    score: float
    n_tasks: int
    n_attempts: int
    sample_n: int
    results_sha256: str
    submitter: str
    created_at: datetime
    received_at: datetime
    source_file: str


@dataclass(frozen=True)
class Rejection:
    path: Path
    reason: str  # an InvalidSummaryError.kind, or "not a regular file"
    details: list[str]

    def __str__(self) -> str:
        return f"{self.path.name}: {self.reason}: " + "; ".join(self.details[:5])


@dataclass
class InboxLoad:
    """What one pass over the inbox did."""

    seen: int = 0
    added: int = 0
    already_loaded: int = 0
    quarantined: list[Rejection] = field(default_factory=list)


def read_inbox_file(path: Path, known_benchmarks: Collection[str] | None) -> RunRecord | Rejection:
    """Check one inbox file again and turn it into a row, or say why it cannot be loaded."""
    read = read_inbox_run(path, known_benchmarks)
    return read if isinstance(read, Rejection) else read[0]


def read_inbox_run(
    path: Path, known_benchmarks: Collection[str] | None
) -> tuple[RunRecord, list[dict[str, Any]]] | Rejection:
    """One inbox file checked again: its `reproduced_runs` row and `reproduced_attempts` rows."""
    path = Path(path)
    if path.is_symlink() or not path.is_file():
        return Rejection(path, "not a regular file", ["inbox entries must be plain files"])
    try:
        record = read_run(path, known_benchmarks)
    except InvalidSummaryError as exc:
        return Rejection(path, exc.kind, exc.problems)
    return _run_record(path, record), attempt_rows(record.run_id, record.summary)


def attempt_rows(run_id: str, summary: dict[str, Any]) -> list[dict[str, Any]]:
    """`reproduced_attempts` rows of a checked summary: one per attempt (version 2), or one per
    task with its mean reward (version 1, which has no attempts)."""
    if summary["schema_version"] == 1:
        return [
            {"run_id": run_id, "task": task, "reward": float(reward)}
            for task, reward in summary["rewards"].items()
        ]
    return [
        {"run_id": run_id, "task": task, "attempt": index, **attempt}
        for task, entry in summary["tasks"].items()
        for index, attempt in enumerate(entry["attempts"])
    ]


def _run_record(path: Path, record: InboxRecord) -> RunRecord:
    summary = record.summary
    return RunRecord(
        run_id=record.run_id,
        benchmark_id=summary["benchmark_id"],
        # Lower case until a model crosswalk maps pushed names to registry model ids.
        model_id=summary["model"].lower(),
        model=summary["model"],
        agent=summary["agent"],
        harness=summary["harness"],
        harbor_version=summary["harbor_version"],
        cli_version=summary["cli_version"],
        settings_key=settings_key(summary),
        score=float(summary["score"]),
        n_tasks=int(summary["n_tasks"]),
        n_attempts=int(summary["n_attempts"]),
        sample_n=int(summary["sample"]["n"]),
        results_sha256=summary["results_sha256"],
        submitter=record.submitter,
        created_at=parse_timestamp(summary["created_at"]),
        received_at=record.received_at,
        source_file=path.name,
    )


def settings_key(summary: dict[str, Any]) -> str:
    """Canonical JSON of what must match for two runs to be pooled: the agent and settings.

    `attempts` is left out: a run's score is the mean reward over its attempts, whose expected
    value does not depend on how many attempts were made, so runs with -k 1 and -k 3 pool.
    """
    settings = {k: v for k, v in (summary.get("settings") or {}).items() if k != "attempts"}
    pooled_on = {"agent": summary["agent"], "settings": settings}
    return json.dumps(pooled_on, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pool_id_for(benchmark_id: str, model_id: str, harness: str, settings_key: str) -> str:
    """The id of the pool these runs join (what `reproduced_pools` groups on): it names the
    pool's page, so it stays the same from release to release while runs are added."""
    key = "\0".join((benchmark_id, model_id, harness, settings_key))
    return f"pool-{hashlib.sha256(key.encode()).hexdigest()[:20]}"


def run_document(run: Mapping[str, Any], attempts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """A run's public JSON form (its page's data): the `reproduced_runs` row, the pool it joins
    and each task's reward per attempt. The intake serves it for a run it just accepted and
    the release publishes it as `runs/<run_id>.json`, from the same fields."""
    rewards: dict[str, list[float]] = {}
    for attempt in sorted(attempts, key=lambda a: (a["task"], a.get("attempt") or 0)):
        rewards.setdefault(attempt["task"], []).append(float(attempt["reward"]))
    pooled_on = json.loads(run["settings_key"])
    return {
        "run_id": run["run_id"],
        "benchmark_id": run["benchmark_id"],
        "model_id": run["model_id"],
        "model": run["model"],
        "agent": run["agent"],
        "harness": run["harness"],
        "harbor_version": run["harbor_version"],
        "cli_version": run["cli_version"],
        "settings": pooled_on.get("settings") or {},
        "score": float(run["score"]),
        "n_tasks": int(run["n_tasks"]),
        "n_attempts": int(run["n_attempts"]),
        "sample_n": int(run["sample_n"]),
        "results_sha256": run["results_sha256"],
        "submitter": run["submitter"],
        "created_at": _iso(run["created_at"]),
        "received_at": _iso(run["received_at"]),
        "pool_id": pool_id_for(
            run["benchmark_id"], run["model_id"], run["harness"], run["settings_key"]
        ),
        "rewards": rewards,
    }


def _iso(value: datetime | str) -> str:
    return value.astimezone(UTC).isoformat() if isinstance(value, datetime) else str(value)


def quarantine(path: Path, reason: str, quarantine_dir: Path, details: Sequence[str] = ()) -> Path:
    """Move an inbox file aside, next to `<name>.reason.json` saying why; returns its new path."""
    path, quarantine_dir = Path(path), Path(quarantine_dir)
    if quarantine_dir.resolve() == path.parent.resolve():
        raise ValueError("the quarantine folder must not be the inbox itself")
    quarantine_dir.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    target = quarantine_dir / path.name
    if target.exists() or target.is_symlink():
        # A replayed run may be quarantined more than once; keep every copy.
        target = quarantine_dir / f"{path.stem}.{now.strftime('%Y%m%dT%H%M%S%fZ')}{path.suffix}"
    note = {
        "file": path.name,
        "reason": reason,
        "details": list(details),
        "quarantined_at": now.isoformat(),
    }
    # The reason goes first: a crash between the two steps leaves a note, never a silent file.
    reason_path = target.with_name(target.name + ".reason.json")
    atomic_write_bytes(reason_path, json.dumps(note, indent=2).encode())
    try:
        os.replace(path, target)
    except OSError:
        shutil.move(path, target)  # the quarantine is on another file system
    return target


def load_inbox(
    con: duckdb.DuckDBPyConnection,
    inbox: Path,
    quarantine_dir: Path | None = None,
    known_benchmarks: Collection[str] | None = None,
) -> InboxLoad:
    """Load every new `*.json` in the inbox into `reproduced_runs`; quarantine the bad ones.

    Temp files of writes in progress do not match `*.json` and are never read. Inbox records
    are immutable (the intake never overwrites one), so a run id already in the table is
    skipped without re-reading the file; re-running adds nothing. `known_benchmarks` defaults
    to the warehouse's `benchmarks` table when it exists.
    """
    inbox = Path(inbox)
    quarantine_dir = inbox / QUARANTINE_DIRNAME if quarantine_dir is None else quarantine_dir
    con.execute(sql_text("reproduced_runs"))
    con.execute(sql_text("reproduced_attempts"))
    if known_benchmarks is None:
        known_benchmarks = _warehouse_benchmarks(con)
    loaded = {row[0] for row in con.execute("SELECT run_id FROM reproduced_runs").fetchall()}
    # Runs loaded before reproduced_attempts existed get their attempts from the inbox file.
    without_attempts = loaded - {
        row[0] for row in con.execute("SELECT DISTINCT run_id FROM reproduced_attempts").fetchall()
    }
    report = InboxLoad()
    records: list[RunRecord] = []
    attempts: list[dict[str, Any]] = []
    for path in sorted(inbox.glob("*.json")):
        report.seen += 1
        if path.stem in loaded:
            report.already_loaded += 1
            if path.stem in without_attempts:
                backfill = read_inbox_run(path, None)
                if not isinstance(backfill, Rejection):
                    attempts += backfill[1]
            continue
        result = read_inbox_run(path, known_benchmarks)
        if isinstance(result, Rejection):
            quarantine(path, result.reason, quarantine_dir, result.details)
            report.quarantined.append(result)
        else:
            records.append(result[0])
            attempts += result[1]
    with transaction(con):
        report.added = insert_rows(con, "reproduced_runs", [asdict(r) for r in records])
        insert_rows(con, "reproduced_attempts", attempts)
    return report


def build_reproduced_medians(con: duckdb.DuckDBPyConnection) -> int:
    """(Re)create `reproduced_medians` from `reproduced_runs`; returns its row count."""
    con.execute(sql_text("reproduced_runs"))
    with transaction(con):
        con.execute(sql_text("reproduced_medians"))
    return con.execute("SELECT count(*) FROM reproduced_medians").fetchall()[0][0]


def _warehouse_benchmarks(con: duckdb.DuckDBPyConnection) -> frozenset[str] | None:
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'benchmarks'"
    ).fetchall()[0][0]
    if not exists:
        return None
    return frozenset(r[0] for r in con.execute("SELECT benchmark_id FROM benchmarks").fetchall())
