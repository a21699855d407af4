"""Redirects: ids people already link to keep working when an identity is split, merged or renamed.

An id of the previous release that the new one no longer publishes is followed through the
alias tables: every (channel, source key) that named the old id names something now, and those
new ids are where the old one went. One new id that existed before is a merge ("merged"), one
new id that did not is a rename ("renamed"), several are a split ("split"). An old id whose
spellings all vanished (a record rejected as junk) gets no redirect: it is gone, not moved.
Redirects of older releases are carried forward and re-pointed, so an id two releases old still
lands on a page. A person's entry in curation/redirects.yaml wins over the computed one.

The same rule serves benchmarks (benchmark_aliases: (channel, source_key) -> benchmark_id) and
models (model_aliases: (channel, source_name) -> model_id). The release writes them to
`redirects.json` as {"benchmark": {old_id: {"to": [ids], "reason": str}}, "model": {...}}; `ltb`
(ltb/redirects.py) and the site follow them.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import duckdb
import yaml

Kind = Literal["benchmark", "model"]
KINDS: tuple[Kind, ...] = ("benchmark", "model")
REASONS = ("split", "merged", "renamed")
CURATED_REDIRECTS = Path(__file__).resolve().parents[1] / "curation" / "redirects.yaml"


@dataclass(frozen=True, slots=True)
class Redirect:
    kind: Kind
    old_id: str
    to: tuple[str, ...]  # sorted
    reason: str  # split | merged | renamed, or a person's words


def compute_redirects(
    kind: Kind,
    previous: Mapping[tuple[str, str], str],
    current: Mapping[tuple[str, str], str],
    published: Iterable[str],
    carried: Iterable[Redirect] = (),
    curated: Iterable[Redirect] = (),
) -> list[Redirect]:
    """`previous` / `current`: the alias tables as (channel, source key) -> id; `published`:
    the ids the new release publishes; `carried`: the previous release's redirects."""
    live = set(published)
    before = set(previous.values())
    went_to: dict[str, set[str]] = defaultdict(set)
    for key, old_id in previous.items():
        new_id = current.get(key)
        if old_id not in live and new_id in live:
            went_to[old_id].add(new_id)
    found: dict[str, Redirect] = {}
    for old_id, targets in went_to.items():
        if len(targets) > 1:
            reason = "split"
        else:
            reason = "merged" if next(iter(targets)) in before else "renamed"
        found[old_id] = Redirect(kind, old_id, tuple(sorted(targets)), reason)
    for old in carried:  # an older id keeps landing: its targets followed to where they are now
        if old.old_id in live or old.old_id in found:
            continue
        targets = set()
        for target in old.to:
            targets |= (
                {target} if target in live else set(found[target].to) if target in found else set()
            )
        if targets:
            found[old.old_id] = Redirect(kind, old.old_id, tuple(sorted(targets)), old.reason)
    for entry in curated:
        if entry.kind != kind:
            continue
        unknown = [t for t in entry.to if t not in live]
        if unknown:
            raise ValueError(
                f"{CURATED_REDIRECTS.name}: {kind} {entry.old_id!r} redirects to "
                f"{', '.join(unknown)}, which this release does not publish"
            )
        found[entry.old_id] = entry
    return sorted(found.values(), key=lambda r: r.old_id)


def redirects_document(redirects: Iterable[Redirect]) -> dict[str, dict[str, dict[str, Any]]]:
    """The release file's shape: {"benchmark": {old_id: {"to": [...], "reason": ...}}, ...}."""
    document: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind in KINDS}
    for r in sorted(redirects, key=lambda r: (r.kind, r.old_id)):
        document[r.kind][r.old_id] = {"to": list(r.to), "reason": r.reason}
    return document


def redirects_from_document(document: Mapping[str, Any]) -> list[Redirect]:
    return [
        Redirect(kind, old_id, tuple(entry["to"]), str(entry["reason"]))
        for kind in KINDS
        for old_id, entry in (document.get(kind) or {}).items()
    ]


def load_curated_redirects(path: Path = CURATED_REDIRECTS) -> list[Redirect]:
    """A person's redirects: a list of {kind, old_id, to: [ids], reason}."""
    if not path.exists():
        return []
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    found = []
    for number, entry in enumerate(entries):
        where = f"{path.name} entry {number}"
        if not isinstance(entry, dict) or entry.get("kind") not in KINDS:
            raise ValueError(f"{where}: needs kind: benchmark or model")
        to = entry.get("to")
        if not entry.get("old_id") or not isinstance(to, list) or not to or not entry.get("reason"):
            raise ValueError(f"{where}: needs old_id, a non-empty list `to` and a reason")
        found.append(
            Redirect(
                entry["kind"], str(entry["old_id"]), tuple(sorted(map(str, to))), entry["reason"]
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class PreviousRelease:
    release_id: str | None
    aliases: dict[Kind, dict[tuple[str, str], str]]
    redirects: list[Redirect]


REDIRECTS_FILE = "redirects.json"
_ALIAS_TABLES: dict[Kind, tuple[str, str, str]] = {
    # kind -> (parquet table, the alias key's second column, the id column)
    "benchmark": ("benchmark_aliases", "source_key", "benchmark_id"),
    "model": ("model_aliases", "source_name", "model_id"),
}


def previous_release_tables(folder: Path) -> PreviousRelease:
    """The alias tables and redirects of the release in `folder` (exports/latest); empty when
    there is none yet. Reads the bulk-download Parquet tables every release carries."""
    manifest = folder / "manifest.json"
    if not manifest.exists():
        return PreviousRelease(None, {kind: {} for kind in KINDS}, [])
    release_id = json.loads(manifest.read_text(encoding="utf-8")).get("release_id")
    aliases: dict[Kind, dict[tuple[str, str], str]] = {}
    con = duckdb.connect()
    try:
        for kind, (table, key, target) in _ALIAS_TABLES.items():
            path = folder / "tables" / f"{table}.parquet"
            rows = (
                con.execute(
                    f"SELECT channel, {key}, {target} FROM read_parquet(?)", [str(path)]
                ).fetchall()
                if path.exists()
                else []
            )
            aliases[kind] = {(channel, name): found for channel, name, found in rows}
    finally:
        con.close()
    redirects_path = folder / REDIRECTS_FILE
    carried = (
        redirects_from_document(json.loads(redirects_path.read_text(encoding="utf-8")))
        if redirects_path.exists()
        else []
    )
    return PreviousRelease(release_id, aliases, carried)
