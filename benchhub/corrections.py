"""Disputes and corrections: readers report a score that disagrees with its source, a person
decides, and the decision wins in the next release.

- `load_disputes`: every `<inbox>/disputes/*.json` (written by the intake or
  `ltb bench report --to DIR`) is checked again with ltb.disputes and loaded into
  `score_disputes`; a bad file is quarantined with its reason, as pushed runs are. A dispute is
  `open` until an entry of `curation/corrections.yaml` names it (`decided`).
- `curated_corrections`: the decisions in `curation/corrections.yaml`, each one of
  `retract` (the score goes), `fix` (the value the source publishes, with that source's URL:
  a fix without a source URL is refused, nothing is estimated) or `relabel` (another label).
- `apply_corrections`: applies them to `scores` as it is built (before the grid, comparisons and
  pages read it) and records each with the number of scores it matched in `score_corrections`;
  a decision that matches no score fails a blocking check instead of vanishing.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import duckdb
import yaml
from benchhub_format.disputes import DISPUTES_DIRNAME, LABELS, read_dispute
from benchhub_format.errors import InvalidDisputeError

from benchhub.runs import QUARANTINE_DIRNAME, Rejection, quarantine
from benchhub.warehouse import insert_rows, sql_text, transaction

CURATED_CORRECTIONS = Path(__file__).resolve().parents[1] / "curation" / "corrections.yaml"
ACTIONS = ("retract", "fix", "relabel")


class CorrectionError(ValueError):
    """curation/corrections.yaml is malformed; the message names the entry and the field."""


@dataclass(frozen=True)
class Correction:
    position: int  # in the file, from 0: decisions apply in this order
    benchmark_id: str
    model_id: str
    label: str
    match_source_url: str | None  # only the scores published at this URL; None: every one
    action: str
    value: float | None  # fix: the value its source publishes, in the score's own scale
    source_url: str | None  # fix: where that value is published
    to_label: str | None  # relabel
    why: str
    disputes: tuple[str, ...]  # the disputes this decides


@dataclass(frozen=True)
class DisputeLoad:
    seen: int
    loaded: int
    quarantined: list[Rejection]


def load_disputes(
    con: duckdb.DuckDBPyConnection,
    inbox: Path,
    corrections: Iterable[Correction],
    known_benchmarks: Collection[str] | None = None,
) -> DisputeLoad:
    """(Re)create `score_disputes` from the inbox's disputes folder, with each one's status."""
    folder = Path(inbox) / DISPUTES_DIRNAME
    decided = {d: c.action for c in corrections for d in c.disputes}
    rows, rejected, seen = [], [], 0
    for path in sorted(folder.glob("*.json")):
        seen += 1
        row = _dispute_row(path, known_benchmarks, decided)
        if isinstance(row, Rejection):
            quarantine(path, row.reason, folder / QUARANTINE_DIRNAME, row.details)
            rejected.append(row)
        else:
            rows.append(row)
    with transaction(con):
        con.execute(sql_text("score_disputes"))
        insert_rows(con, "score_disputes", rows)
    return DisputeLoad(seen, len(rows), rejected)


def _dispute_row(
    path: Path, known_benchmarks: Collection[str] | None, decided: Mapping[str, str]
) -> dict[str, Any] | Rejection:
    if path.is_symlink() or not path.is_file():
        return Rejection(path, "not a regular file", ["inbox entries must be plain files"])
    try:
        record = read_dispute(path, known_benchmarks)
    except InvalidDisputeError as exc:
        return Rejection(path, exc.kind, exc.problems)
    dispute = record.dispute
    return {
        "dispute_id": record.dispute_id,
        "benchmark_id": dispute["benchmark_id"],
        # as reproduced runs do: the name in lower case is the registry's model id spelling
        "model_id": dispute["model"].lower(),
        "label": dispute.get("label"),
        "claimed_value": float(dispute["value"]),
        "source_url": dispute["source_url"],
        "note": dispute["note"],
        "submitter": record.submitter,
        "received_at": record.received_at,
        "status": "decided" if record.dispute_id in decided else "open",
        "decision": decided.get(record.dispute_id),
        "source_file": path.name,
    }


def curated_corrections(path: Path = CURATED_CORRECTIONS) -> tuple[Correction, ...]:
    """Read at every build, never cached: a decision a person adds while the code location
    stays loaded (`make ui`) applies to the next build."""
    if not path.exists():
        return ()
    document = yaml.safe_load(path.read_text()) or {}
    entries = document.get("corrections") or []
    if not isinstance(entries, list):
        raise CorrectionError(f"{path}: `corrections` must be a list")
    return tuple(_correction(f"{path}: corrections[{i}]", i, e) for i, e in enumerate(entries))


def _correction(where: str, position: int, entry: Any) -> Correction:
    if not isinstance(entry, Mapping):
        raise CorrectionError(f"{where} must be a mapping")
    score = entry.get("score")
    if not isinstance(score, Mapping) or not all(
        isinstance(score.get(k), str) and score.get(k) for k in ("benchmark", "model", "label")
    ):
        raise CorrectionError(f"{where}: `score` needs `benchmark`, `model` and `label`")
    if score["label"] not in LABELS:
        raise CorrectionError(f"{where}: score.label must be one of {', '.join(LABELS)}")
    action = entry.get("action")
    if action not in ACTIONS:
        raise CorrectionError(f"{where}: action must be one of {', '.join(ACTIONS)}")
    why = entry.get("why")
    if not isinstance(why, str) or not why.strip():
        raise CorrectionError(f"{where}: `why` is required: say what the person checked")
    value, source_url, to_label = entry.get("value"), entry.get("source_url"), entry.get("to_label")
    if action == "fix":
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise CorrectionError(f"{where}: a fix needs `value`, the number its source publishes")
        if not isinstance(source_url, str) or not source_url.startswith(("https://", "http://")):
            raise CorrectionError(
                f"{where}: a fix needs `source_url`, where that value is published "
                "(a value without a source is never published)"
            )
    elif value is not None or source_url is not None:
        raise CorrectionError(f"{where}: `value` and `source_url` belong to a fix only")
    if action == "relabel":
        if to_label not in LABELS or to_label == score["label"]:
            raise CorrectionError(f"{where}: a relabel needs `to_label`, another of {LABELS}")
    elif to_label is not None:
        raise CorrectionError(f"{where}: `to_label` belongs to a relabel only")
    disputes = entry.get("disputes") or []
    if not isinstance(disputes, list) or not all(isinstance(d, str) for d in disputes):
        raise CorrectionError(f"{where}: `disputes` must be a list of dispute ids")
    return Correction(
        position=position,
        benchmark_id=score["benchmark"],
        model_id=score["model"].lower(),
        label=score["label"],
        match_source_url=score.get("source_url"),
        action=action,
        value=float(value) if value is not None else None,
        source_url=source_url,
        to_label=to_label,
        why=why.strip(),
        disputes=tuple(disputes),
    )


_MATCH = """
    benchmark_id = $benchmark_id AND model_id = $model_id AND label = $label
    AND ($match_source_url IS NULL OR source_url = $match_source_url)
"""
_STATEMENTS = {
    "retract": f"DELETE FROM scores WHERE {_MATCH}",
    "fix": f"""
        UPDATE scores SET
            correction = 'fixed: ' || $why || ' (was ' || CAST(value AS VARCHAR) || ' at '
                || source_url || ')',
            value = $value,
            raw_value = CAST($value AS VARCHAR),
            value_percent = CASE scale WHEN 'percent' THEN $value
                                       WHEN 'fraction' THEN $value * 100 END,
            source_url = $source_url,
            stderr = NULL, ci_low = NULL, ci_high = NULL
        WHERE {_MATCH}""",
    "relabel": f"""
        UPDATE scores SET
            correction = 'relabelled from ' || label || ': ' || $why,
            label = $to_label
        WHERE {_MATCH}""",
}


def apply_corrections(con: duckdb.DuckDBPyConnection, corrections: Iterable[Correction]) -> None:
    """Apply the decisions to `scores` in file order and write `score_corrections`.

    Runs inside the caller's transaction, right after `scores` is built."""
    rows = []
    for correction in corrections:
        match: dict[str, Any] = {
            "benchmark_id": correction.benchmark_id,
            "model_id": correction.model_id,
            "label": correction.label,
            "match_source_url": correction.match_source_url,
        }
        matched = con.execute(f"SELECT count(*) FROM scores WHERE {_MATCH}", match).fetchall()[0][0]
        parameters: dict[str, Any] = dict(match)
        if correction.action == "fix":
            parameters |= {
                "why": correction.why,
                "value": correction.value,
                "source_url": correction.source_url,
            }
        elif correction.action == "relabel":
            parameters |= {"why": correction.why, "to_label": correction.to_label}
        con.execute(_STATEMENTS[correction.action], parameters)
        row = asdict(correction)
        rows.append({**row, "disputes": list(correction.disputes), "matched_rows": matched})
    con.execute(sql_text("score_corrections"))
    insert_rows(con, "score_corrections", rows)


def open_disputes(disputes: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A benchmark page's open disputes: what a reader says, and where the number is."""
    return [
        {
            "dispute_id": d["dispute_id"],
            "model_id": d["model_id"],
            "label": d.get("label"),
            "claimed_value": d["claimed_value"],
            "source_url": d["source_url"],
            "note": d["note"],
            "received_at": str(d["received_at"]),
        }
        for d in sorted(disputes, key=lambda d: (d["model_id"], str(d["received_at"])))
        if d["status"] == "open"
    ]
