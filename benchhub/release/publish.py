"""Writing a release: build it in a temporary folder, verify it, then publish it atomically.

Order of events, each step safe to interrupt (`on_step` is told the name of each):
1. pages, parquet, duckdb: everything is written under `releases/.tmp-<id>/` (never visible as
   a release; the next run removes an abandoned one);
2. manifest: the diff against the previous release and CHANGELOG.md, then the manifest listing
   every file with sha256 and size, written last;
3. verify: the folder is verified from disk (every checksum, the manifest, the DuckDB copy);
4. publish: it is renamed to `releases/<id>` (atomic), then `latest` is switched by replacing a
   symlink (atomic). A failure anywhere leaves the previous release and `latest` untouched.
Only the newest `retention` releases are kept.

Files are content-addressed (benchhub/release/blobs.py): every file of a release is a hard link
to a blob in `exports/blobs/` named by its sha256, so content that did not change since the last
release is stored once and, for rendered pages, not even rendered again. Retention removes the
blobs no kept release lists.
"""

from __future__ import annotations

import gc
import gzip
import io
import json
import os
import shutil
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
from benchhub_format.diff import release_changes, score_digest
from benchhub_format.release import (
    CHANGELOG,
    HEAD,
    INDEX,
    MANIFEST,
    POOLS_DIR,
    RELEASE_SCHEMA_VERSION,
    RUNS_DIR,
    SCORE_DIGESTS,
    SEARCH_INDEX,
    SHARD_DIR,
    Endpoints,
    Release,
    build_head,
    build_shards,
    open_release,
    verify_release,
)

from benchhub.crosswalk.kinds import rejection_kind
from benchhub.eee import export as eee_export
from benchhub.eee import export_release_eee, pool_scores
from benchhub.redirects import REDIRECTS_FILE, Redirect, redirects_document
from benchhub.release import contents
from benchhub.release.blobs import BlobStore, code_sha256, derived_key
from benchhub.release.changelog import changelog
from benchhub.release.model_pages import write_model_pages
from benchhub.runs import RUN_POOL_KEY, run_document
from benchhub.site import write_site

_PUBLISHED = "JOIN benchmarks b USING (benchmark_id) WHERE b.published"
# Tables exported for bulk download and copied into registry.duckdb, with the query for each.
EXPORT_TABLES: dict[str, str] = {
    "benchmarks": "SELECT * EXCLUDE (published, rejected_reason) FROM benchmarks "
    "WHERE published ORDER BY benchmark_id",
    "benchmark_aliases": f"SELECT a.* FROM benchmark_aliases a {_PUBLISHED} ORDER BY ALL",
    "models": "SELECT * FROM models ORDER BY model_id",
    "model_aliases": "SELECT * FROM model_aliases ORDER BY ALL",
    "scores": f"SELECT s.* FROM scores s {_PUBLISHED} ORDER BY ALL",
    "leaderboard": f"SELECT l.* FROM leaderboard l {_PUBLISHED} ORDER BY ALL",
    "benchmark_headlines": f"SELECT h.* FROM benchmark_headlines h {_PUBLISHED} ORDER BY ALL",
    "score_comparison": f"SELECT c.* FROM score_comparison c {_PUBLISHED} ORDER BY ALL",
    "claims_vs_independent": "SELECT * FROM claims_vs_independent ORDER BY ALL",
    "reproduced_medians": "SELECT * FROM reproduced_medians ORDER BY ALL",
    "reproduced_runs": "SELECT * EXCLUDE (source_file) FROM reproduced_runs ORDER BY ALL",
    "reproduced_pools": "SELECT * FROM reproduced_pools ORDER BY ALL",
    "reproduced_budget_curves": "SELECT * FROM reproduced_budget_curves ORDER BY ALL",
    "score_disputes": "SELECT * EXCLUDE (source_file) FROM score_disputes ORDER BY ALL",
    "score_corrections": "SELECT * FROM score_corrections ORDER BY position",
}
EEE_RECORDS = "eee/scores.eee.jsonl.gz"
ANALYST_COPY = "registry.duckdb"
CLAIMS = "claims.json"
ANALYST_VIEWS_SQL = Path(__file__).resolve().parents[2] / "sql" / "analyst_views.sql"
ANALYST_STORAGE_VERSION = "v1.4.0"  # DuckDB 1.4 and newer can open the analyst copy


class ReleaseError(RuntimeError):
    pass


@dataclass(frozen=True)
class PublishedRelease:
    release_id: str
    path: Path
    manifest: dict[str, Any]


def new_release_id(now: datetime) -> str:
    return now.strftime("%Y-%m-%dT%H%M%SZ")


def cut_release(
    con: duckdb.DuckDBPyConnection,
    exports_dir: Path,
    *,
    now: datetime | None = None,
    retention: int = 10,
    channel_status: list[dict[str, Any]] | None = None,
    endpoints: Endpoints | None = None,
    on_step: Callable[[str], None] = lambda step: None,
) -> PublishedRelease:
    """Write, verify and publish a release of the warehouse; `endpoints` are the intake and
    public site it names (where `ltb bench push` sends runs; reproduced scores link to pool pages
    on the site), the defaults unless given."""
    now = now or datetime.now(UTC)
    endpoints = endpoints or Endpoints()
    release_id = new_release_id(now)
    releases = exports_dir / "releases"
    releases.mkdir(parents=True, exist_ok=True)
    _remove_abandoned_tmp(releases)
    final = releases / release_id
    if final.exists():
        raise ReleaseError(f"{final} already exists: releases are immutable")
    previous = latest_release(exports_dir)
    store = BlobStore(exports_dir)
    tmp = releases / f".tmp-{release_id}"
    tmp.mkdir()
    on_step = _freezing_first(on_step)
    try:
        retrieved_at = RetrievedAt.of(channel_status or [], now)
        counts = _write_contents(con, tmp, retrieved_at, on_step, store, endpoints.site)
        on_step("manifest")
        manifest = _manifest(tmp, release_id, now, previous, counts, channel_status or [], store)
        manifest["endpoints"] = endpoints.as_dict()
        on_step("site")
        # The site shows the manifest's counts and changes, so it is written after them and
        # then listed in the manifest like every other file.
        write_site(tmp, {k: v for k, v in manifest.items() if k != "files"}, store)
        manifest["files"] = _file_entries(tmp, store)
        (tmp / SHARD_DIR).mkdir()
        for shard, data in build_shards(manifest["files"]).items():
            manifest["files"][shard] = store.write(tmp / shard, data)
        _write_manifest(tmp, manifest)
        on_step("verify")
        problems = verify_release(open_release(str(tmp)))  # through its head, as clients read it
        _check_duckdb_copy(tmp / ANALYST_COPY)
        if problems:
            raise ReleaseError("release failed verification: " + "; ".join(problems[:5]))
        store.sync(tmp, files=[tmp / MANIFEST, tmp / HEAD])
        on_step("publish")
        os.rename(tmp, final)
        _fsync_directory(releases)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        gc.unfreeze()  # what the steps froze goes back to the collector
    switch_latest(exports_dir, final)
    store.save()
    _apply_retention(releases, retention, keep=final, store=store)
    return PublishedRelease(release_id, final, manifest)


def _freezing_first(on_step: Callable[[str], None]) -> Callable[[str], None]:
    """`on_step` after freezing what is alive (gc.freeze): what one step leaves for the next
    (rows, the store's entries, the manifest) lives until the release is written, and the
    cyclic collector walked it again at every full collection, a tenth of a release's time.
    Frozen objects are still freed by reference counting; cut_release unfreezes the rest."""

    def step(name: str) -> None:
        gc.freeze()
        on_step(name)

    return step


def latest_release(exports_dir: Path) -> Release | None:
    """The release `latest` points at, or None before the first."""
    link = exports_dir / "latest"
    return open_release(str(link)) if link.exists() else None


def switch_latest(exports_dir: Path, release_dir: Path) -> None:
    """Point `latest` at a release by atomically replacing a relative symlink."""
    link = exports_dir / "latest"
    tmp_link = exports_dir / f".latest-{os.getpid()}"
    tmp_link.unlink(missing_ok=True)
    tmp_link.symlink_to(release_dir.relative_to(exports_dir))
    os.replace(tmp_link, link)


def _write_contents(
    con: duckdb.DuckDBPyConnection,
    out: Path,
    retrieved_at: RetrievedAt,
    on_step: Callable[[str], None],
    store: BlobStore,
    site_url: str,
) -> dict[str, Any]:
    """Write every file but the manifest and changelog; return the release's counts.

    The one place where release parts are written: a new part (a static site, exports in
    another format) gets its own step here, announced with `on_step` before it starts. The
    manifest, written later, lists whatever files the parts left in `out`.
    """
    tables = ExportRows(con)  # read once here, for every part that needs the same table
    on_step("pages")
    counts = _write_pages(con, tables, out, store)
    on_step("models")
    counts["models"] = write_model_pages(tables["models"], tables["scores"], out, store)
    counts["rejected_by_reason"] = _rejected_by_reason(con)
    on_step("redirects")
    counts["redirects"] = _write_redirects(con, out, store)
    on_step("parquet")
    (out / "tables").mkdir()
    table_sha256 = {}
    for table, query in EXPORT_TABLES.items():
        target = out / "tables" / f"{table}.parquet"
        con.execute(f"COPY ({query}) TO '{target}' (FORMAT parquet, COMPRESSION zstd)")
        table_sha256[table] = store.adopt(target)["sha256"]
    # The analyst copy and the EEE records are made from the tables (and this code): when
    # neither changed since a release the store remembers, the file made then is linked.
    on_step("duckdb")
    key = derived_key(
        "analyst-copy",
        code_sha256(Path(__file__), ANALYST_VIEWS_SQL),
        duckdb.__version__,
        *table_sha256.values(),
    )
    if not store.derived(key, out / ANALYST_COPY):
        _write_analyst_copy(con, out / ANALYST_COPY)
        store.remember(key, store.adopt(out / ANALYST_COPY))
    on_step("eee")
    counts["eee_records"] = _write_eee(tables, out, table_sha256, retrieved_at, store, site_url)
    return counts


class ExportRows:
    """The rows of the exported tables (EXPORT_TABLES) as dicts, each table read from the
    warehouse at most once: the pages, the model pages and the EEE records share the scores,
    benchmarks, models and pools. Rows are shared: readers must not change them."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self._con = con
        self._read: dict[str, list[dict[str, Any]]] = {}

    def __getitem__(self, table: str) -> list[dict[str, Any]]:
        if table not in self._read:
            self._read[table] = _rows(self._con, EXPORT_TABLES[table])
            gc.freeze()  # rows that live for several steps (see _freezing_first)
        return self._read[table]


def _write_redirects(con: duckdb.DuckDBPyConnection, out: Path, store: BlobStore) -> int:
    """redirects.json: ids of earlier releases that moved (benchhub/redirects.py)."""
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'id_redirects'"
    ).fetchall()[0][0]
    rows = (
        con.execute("SELECT kind, old_id, to_ids, reason FROM id_redirects").fetchall()
        if exists
        else []
    )
    found = [Redirect(kind, old_id, tuple(to), reason) for kind, old_id, to, reason in rows]
    _write_json(store, out / REDIRECTS_FILE, redirects_document(found))
    return len(found)


def _rejected_by_reason(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Records left out of the release, counted by the kind of reason (crosswalk.kinds)."""
    reasons = con.execute("SELECT rejected_reason FROM benchmarks WHERE NOT published").fetchall()
    counted = Counter(rejection_kind(reason) for (reason,) in reasons)
    return dict(sorted(counted.items(), key=lambda item: (-item[1], item[0])))


def _write_eee(
    tables: ExportRows,
    out: Path,
    table_sha256: dict[str, str],
    retrieved_at: RetrievedAt,
    store: BlobStore,
    site_url: str,
) -> int:
    """Every score as Every Eval Ever 0.3.0 records, one JSON line each with its datastore path;
    return the number of records.

    One gzipped file instead of ~13k record files keeps releases small and quick to verify;
    `{"path": ..., "record": ...}` lines unpack into the EEE datastore layout. The file names
    no release (gzip's own timestamp is zeroed too), so unchanged data gives the same file.
    """
    target = out / EEE_RECORDS
    key = derived_key(
        "eee",
        code_sha256(Path(__file__), Path(eee_export.__file__).parent),
        *(table_sha256[t] for t in ("scores", "reproduced_pools", "benchmarks", "models")),
        json.dumps(retrieved_at.by_channel, sort_keys=True, default=str),
        str(retrieved_at.otherwise),
        site_url,  # the reproduced scores' source URLs are pool pages there
    )
    if store.derived(key, target):
        with gzip.open(target, "rt", encoding="utf-8") as lines:
            return sum(1 for _ in lines)
    scores = [
        {**score, "retrieved_at": retrieved_at.by_channel.get(score["channel"])}
        for score in tables["scores"]
    ]
    records = export_release_eee(
        scores + pool_scores(tables["reproduced_pools"], site_url),
        tables["benchmarks"],
        tables["models"],
        retrieved_at.otherwise,
    )
    target.parent.mkdir()
    with (
        gzip.GzipFile(target, "wb", compresslevel=6, mtime=0) as raw,
        io.TextIOWrapper(raw, encoding="utf-8") as handle,
    ):
        for path in sorted(records):
            line = {"path": path, "record": records[path]}
            handle.write(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n")
    store.remember(key, store.adopt(target))
    return len(records)


@dataclass(frozen=True)
class RetrievedAt:
    """When the release's numbers were read: each channel's last good read, and for anything
    without one (no status given) the newest of those, or else the release's own time."""

    by_channel: dict[str, datetime]
    otherwise: datetime

    @classmethod
    def of(cls, channel_status: list[dict[str, Any]], now: datetime) -> RetrievedAt:
        by_channel = {
            row["channel"]: _utc(row["last_success_at"])
            for row in channel_status
            if row.get("last_success_at")
        }
        return cls(by_channel, max(by_channel.values(), default=now))


def _utc(moment: datetime | str) -> datetime:
    """A timestamp as an aware UTC datetime; DuckDB's naive TIMESTAMPs are UTC."""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _write_pages(
    con: duckdb.DuckDBPyConnection, tables: ExportRows, out: Path, store: BlobStore
) -> dict[str, Any]:
    """One page per benchmark, the search index, the leaderboard and the score digests."""
    benchmarks = tables["benchmarks"]
    scores = contents.group_by(tables["scores"], "benchmark_id")
    aliases = contents.group_by(tables["benchmark_aliases"], "benchmark_id")
    medians = contents.group_by(tables["reproduced_medians"], "benchmark_id")
    pools = contents.group_by(tables["reproduced_pools"], "benchmark_id")
    curves = contents.group_by(tables["reproduced_budget_curves"], "benchmark_id")
    children = contents.group_by([b for b in benchmarks if b["parent_id"]], "parent_id")
    headlines = {h["benchmark_id"]: h for h in tables["benchmark_headlines"]}
    comparison_rows = tables["score_comparison"]
    cell_rows = tables["leaderboard"]
    cells = contents.group_by(cell_rows, "benchmark_id")
    comparisons = contents.group_by(comparison_rows, "benchmark_id")
    disputes = contents.group_by(tables["score_disputes"], "benchmark_id")
    pages_dir = out / "benchmarks"
    pages_dir.mkdir()
    entries = []
    digests = {}
    tiers: Counter[str] = Counter()
    labels: Counter[str] = Counter()
    models: set[str] = set()
    runs = 0
    for benchmark in benchmarks:
        benchmark_id = benchmark["benchmark_id"]
        page = contents.benchmark_page(
            benchmark,
            aliases.get(benchmark_id, []),
            scores.get(benchmark_id, []),
            medians.get(benchmark_id, []),
            pools=pools.get(benchmark_id, []),
            curves=curves.get(benchmark_id, []),
            children=children.get(benchmark_id, []),
            headline=headlines.get(benchmark_id),
            comparisons=comparisons.get(benchmark_id, []),
            cells=cells.get(benchmark_id, []),
            disputes=disputes.get(benchmark_id, []),
        )
        _write_json(store, pages_dir / f"{benchmark_id}.json", page)
        entries.append(contents.index_entry(benchmark, len(page["scores"])))
        digests[benchmark_id] = score_digest(page["scores"])
        tiers[page["tier"]] += 1
        labels.update(s["label"] for s in page["scores"])
        models.update(s["model_id"] for s in page["scores"])
        runs += sum(m["n_runs"] for m in page["reproduced"])
    _write_run_pages(con, tables, out, store)
    index = contents.build_index(entries)
    _write_json(store, out / INDEX, index)
    _write_json(store, out / SEARCH_INDEX, contents.build_search_index(index))
    _write_json(store, out / "leaderboard.json", {"cells": cell_rows})
    summary = tables["claims_vs_independent"]
    _write_json(store, out / CLAIMS, contents.claims(comparison_rows, summary))
    digest_file = {"schema_version": RELEASE_SCHEMA_VERSION, "benchmarks": digests}
    _write_json(store, out / SCORE_DIGESTS, digest_file)
    kinds = Counter(
        "children" if e["parent_id"] else f"top_level_{e['record_kind']}" for e in entries
    )
    return {
        "benchmarks": len(entries),
        # the catalogue's shape: top-level benchmarks and suites, and their children apart
        "top_level_benchmarks": kinds["top_level_benchmark"],
        "top_level_suites": kinds["top_level_suite"],
        "children": kinds["children"],
        "top_level_by_tier": dict(
            sorted(Counter(e["tier"] for e in entries if not e["parent_id"]).items())
        ),
        "benchmarks_by_tier": dict(sorted(tiers.items())),
        "scores_by_label": dict(sorted(labels.items())),
        "models_with_scores": len(models),
        "reproduced_runs": runs,
    }


def _write_run_pages(
    con: duckdb.DuckDBPyConnection, tables: ExportRows, out: Path, store: BlobStore
) -> None:
    """`runs/<run_id>.json` for every loaded run and `pools/<pool_id>.json` for every pool:
    the data of the run and pool pages that pushes link to (docs/intake.md)."""
    runs = _rows(con, "SELECT * FROM reproduced_runs ORDER BY run_id")
    attempts = contents.group_by(
        _rows(con, "SELECT * FROM reproduced_attempts ORDER BY run_id, task, attempt"), "run_id"
    )
    by_pool: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        document = run_document(run, attempts.get(run["run_id"], []))
        by_pool.setdefault(document["pool_id"], []).append(run)
        _write_json(store, out / RUNS_DIR / f"{run['run_id']}.json", document)
    curves = contents.group_by(tables["reproduced_budget_curves"], "benchmark_id")
    for pool in tables["reproduced_pools"]:
        document = contents.pool_document(
            pool,
            [c for c in curves.get(pool["benchmark_id"], []) if _same_pool(c, pool)],
            by_pool.get(pool["pool_id"], []),
        )
        _write_json(store, out / POOLS_DIR / f"{pool['pool_id']}.json", document)


def _same_pool(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return all(a[key] == b[key] for key in RUN_POOL_KEY)


def _write_analyst_copy(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Copy the exported tables and the analyst views into a DuckDB file that 1.4+ can open."""
    alias = "release_copy"
    home = con.execute("SELECT current_database()").fetchall()[0][0]
    con.execute(f"ATTACH '{path}' AS {alias} (STORAGE_VERSION '{ANALYST_STORAGE_VERSION}')")
    try:
        for table, query in EXPORT_TABLES.items():
            con.execute(f"CREATE TABLE {alias}.{table} AS {query}")
        # Views are created from inside the copy so they name its tables unqualified.
        con.execute(f"USE {alias}")
        try:
            con.execute(ANALYST_VIEWS_SQL.read_text())
        finally:
            con.execute(f'USE "{home}"')
    finally:
        con.execute(f"DETACH {alias}")


def _check_duckdb_copy(path: Path) -> None:
    check = duckdb.connect(str(path), read_only=True)
    try:
        check.execute("SELECT count(*) FROM benchmarks").fetchall()
    finally:
        check.close()


def _manifest(
    out: Path,
    release_id: str,
    now: datetime,
    previous: Release | None,
    counts: dict[str, Any],
    channel_status: list[dict[str, Any]],
    store: BlobStore,
) -> dict[str, Any]:
    """Diff against the previous release and write CHANGELOG.md; the manifest is written last."""
    manifest: dict[str, Any] = {
        "schema_version": RELEASE_SCHEMA_VERSION,
        "release_id": release_id,
        "created_at": now.isoformat(),
        "previous_release_id": previous.release_id if previous else None,
        "counts": counts,
        "channels": {row["channel"]: _status(row) for row in channel_status},
        "stale_channels": sorted(row["channel"] for row in channel_status if row["stale"]),
        "files": _file_entries(out, store),
    }
    # The diff reads this release's files through the same checked path as any other release.
    manifest["changes"] = release_changes(previous, Release(str(out), manifest))
    (out / CHANGELOG).write_text(changelog(manifest, previous), encoding="utf-8")
    manifest["files"][CHANGELOG] = store.adopt(out / CHANGELOG)
    return manifest


def _write_manifest(out: Path, manifest: dict[str, Any]) -> None:
    """The manifest, then the head that names it (the file clients read first)."""
    data = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    (out / MANIFEST).write_bytes(data)
    (out / HEAD).write_text(json.dumps(build_head(manifest, data), indent=2, sort_keys=True) + "\n")


def _file_entries(out: Path, store: BlobStore) -> dict[str, dict[str, Any]]:
    """Every file below `out` with its sha256 and size; files written in place (Parquet, DuckDB,
    the site's static files) are moved into the blob store here."""
    entries = {}
    prefix = len(os.fspath(out)) + 1
    for name in sorted(_files_below(out)):
        entry = store.entries.get(name) or store.adopt(Path(name))
        entries[name[prefix:]] = dict(entry)
    return entries


def _status(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "stale": bool(row["stale"]),
        "last_success_at": str(row["last_success_at"]) if row.get("last_success_at") else None,
        "last_error": row.get("last_error"),
    }


def _apply_retention(releases: Path, retention: int, keep: Path, store: BlobStore) -> None:
    """Keep the newest `retention` releases, then remove the blobs none of them lists."""
    published = sorted(p for p in releases.iterdir() if p.is_dir() and not p.name.startswith("."))
    for old in published[: max(0, len(published) - retention)]:
        if old != keep:
            shutil.rmtree(old)
    referenced: set[str] = set()
    for kept in releases.iterdir():
        if kept.is_dir() and not kept.name.startswith("."):
            # A release without a readable manifest keeps its content through its own links.
            try:
                files = json.loads((kept / MANIFEST).read_text())["files"]
            except (OSError, ValueError, KeyError):
                continue
            referenced.update(entry["sha256"] for entry in files.values())
    store.collect_garbage(referenced)


def _remove_abandoned_tmp(releases: Path) -> None:
    for leftover in releases.glob(".tmp-*"):
        shutil.rmtree(leftover, ignore_errors=True)


def _files_below(root: Path) -> list[str]:
    return [os.path.join(d, name) for d, _, names in os.walk(root) for name in names]


def _fsync_directory(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _rows(con: duckdb.DuckDBPyConnection, query: str) -> list[dict[str, Any]]:
    return con.sql(query).arrow().read_all().to_pylist()


def _write_json(store: BlobStore, path: Path, value: Any) -> None:
    # Compact on purpose: an indented dump bypasses the C encoder and is ~10x slower.
    text = json.dumps(value, sort_keys=True, default=str, separators=(",", ":"), ensure_ascii=False)
    store.write(path, (text + "\n").encode("utf-8"))
