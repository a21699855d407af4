"""Releases consumers can trust: never published past a failed blocking check, never half
written, verifiable, diffable, and only the newest N kept.

Most tests cut releases from a small registry (40 benchmarks trimmed from the built one) so a
release takes a second; the gate test uses the full warehouse, because that is what it guards.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import duckdb
import pytest
from benchhub_format.release import open_release, shard_path, verify_release
from dagster import AssetKey, AssetSelection, DagsterInstance, materialize

from benchhub.release.publish import ReleaseError
from pipelines.definitions import ALL_ASSETS
from tests.conftest import FIRST, BuiltRegistry, SmallRegistry

KILL_STEPS = ("pages", "parquet", "duckdb", "manifest", "verify", "publish")
LTB = [sys.executable, "-m", "ltb.cli"]


def ltb(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*LTB, *args], capture_output=True, text=True, timeout=120)


# -- the gate: a failed blocking check keeps the release from going out ----------------------


def test_corrupt_scores_fail_blocking_checks_and_latest_stays(
    registry_copy: BuiltRegistry,
) -> None:
    before = registry_copy.latest.resolve()
    con = duckdb.connect(str(registry_copy.warehouse))
    # Written straight into the warehouse after `scores` ran, as a bad load would leave it.
    con.execute(
        """INSERT INTO scores (benchmark_id, model_id, value, scale, label, source_url, channel)
           SELECT benchmark_id, model_id, 1.7, 'fraction', 'independent', 'https://x.org/', channel
           FROM scores LIMIT 1"""
    )
    con.execute(
        """INSERT INTO scores (benchmark_id, model_id, value, scale, label, source_url, channel)
           SELECT benchmark_id, model_id, 50, 'percent', 'independent', NULL, channel
           FROM scores LIMIT 1"""
    )
    con.close()
    instance = DagsterInstance.ephemeral()
    scores_checks = AssetSelection.checks_for_assets(AssetKey("scores"))
    audit_and_publish = scores_checks | AssetSelection.assets("release")
    result = materialize(
        ALL_ASSETS,
        selection=audit_and_publish,
        resources=registry_copy.resources(),
        instance=instance,
        raise_on_error=False,
    )

    assert not result.success
    failed = {e.check_name for e in result.get_asset_check_evaluations() if not e.passed}
    assert {"fraction_in_range", "score_has_source_url"} <= failed
    assert not result.get_asset_materialization_events()  # the release step never ran
    assert registry_copy.latest.resolve() == before
    assert verify_release(open_release(str(registry_copy.latest))) == []

    # Materializing the release alone, without its checks, is refused too.
    alone = materialize(
        ALL_ASSETS,
        selection=[AssetKey("release")],
        resources=registry_copy.resources(),
        instance=instance,
        raise_on_error=False,
    )
    assert not alone.success
    failure = next(e for e in alone.all_events if e.event_type_value == "STEP_FAILURE")
    assert "release refused" in str(failure.event_specific_data.error)
    assert registry_copy.latest.resolve() == before


# -- crash safety -------------------------------------------------------------------------------

CRASH_SCRIPT = """
import os, sys
from datetime import datetime
from pathlib import Path
import duckdb
from benchhub.release.publish import cut_release

warehouse, exports, step, now = sys.argv[1:]
def die(reached):
    if reached == step:
        os._exit(9)  # no cleanup, no finally: as if the machine lost power
con = duckdb.connect(warehouse)
cut_release(con, Path(exports), now=datetime.fromisoformat(now), on_step=die)
"""


@pytest.mark.parametrize("step", KILL_STEPS)
def test_killed_release_leaves_latest_untouched(small: SmallRegistry, step: str) -> None:
    before = small.latest.resolve()
    later = FIRST + timedelta(days=1)
    done = subprocess.run(
        [sys.executable, "-c", CRASH_SCRIPT, str(small.warehouse), str(small.exports), step,
         later.isoformat()],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 9, done.stderr

    assert small.latest.resolve() == before
    assert verify_release(open_release(str(small.latest))) == []
    leftovers = [d for d in small.release_dirs() if d != before.name]
    assert all(d.startswith(".tmp-") for d in leftovers)

    # The next run clears the abandoned folder and publishes.
    published = small.cut(later + timedelta(hours=1))
    assert small.release_dirs() == [before.name, published.name]
    assert small.latest.resolve() == published
    assert verify_release(open_release(str(small.latest))) == []


@pytest.mark.parametrize("step", KILL_STEPS)
def test_failing_release_step_cleans_up(small: SmallRegistry, step: str) -> None:
    before = small.latest.resolve()

    def fail(reached: str) -> None:
        if reached == step:
            raise RuntimeError(f"injected failure at {step}")

    with pytest.raises(RuntimeError, match="injected"):
        small.cut(FIRST + timedelta(days=1), on_step=fail)
    assert small.release_dirs() == [before.name]
    assert small.latest.resolve() == before


def test_release_ids_are_immutable(small: SmallRegistry) -> None:
    with pytest.raises(ReleaseError, match="immutable"):
        small.cut(FIRST)


# -- retention ----------------------------------------------------------------------------------


def test_retention_keeps_the_newest_releases_and_the_whole_changelog(small: SmallRegistry) -> None:
    cut = [small.cut(FIRST + timedelta(days=d), retention=2) for d in (1, 2, 3)]
    assert small.release_dirs() == [cut[-2].name, cut[-1].name]
    assert small.latest.resolve() == cut[-1]
    changelog = (small.latest / "CHANGELOG.md").read_text()
    entries = [line[3:] for line in changelog.splitlines() if line.startswith("## ")]
    # Four releases (the fixture's and three here), newest first: history outlives retention.
    assert entries == sorted(entries, reverse=True) and len(entries) == 4


# -- content-addressed files: unchanged content is stored once, retention removes the rest ------


def _manifest_files(release: Path) -> dict[str, dict]:
    return json.loads((release / "manifest.json").read_text())["files"]


def _inodes(*roots: Path) -> set[tuple[int, int]]:
    """The distinct files below the roots (hard links to one file count once, as `du` does)."""
    return {
        (stat.st_dev, stat.st_ino)
        for root in roots
        for path in root.rglob("*")
        if path.is_file() and not path.is_symlink() and (stat := path.stat())
    }


def test_unchanged_files_are_stored_once(small: SmallRegistry) -> None:
    second = small.cut(FIRST + timedelta(days=1))
    third = small.cut(FIRST + timedelta(days=2))
    before, after = _manifest_files(second), _manifest_files(third)
    blobs = small.exports / "blobs"

    for name, entry in after.items():
        blob = blobs / entry["sha256"][:2] / entry["sha256"]
        assert (third / name).samefile(blob)  # every file is its blob, linked
    unchanged = {name for name, entry in after.items() if before.get(name) == entry}
    changed = set(before) - unchanged
    for name in unchanged:
        assert (third / name).samefile(second / name)
    # Nothing changes when the data does not (nor are pages rendered again), but the files that
    # name the release: its changelog and release page, the manifest shards that list those two
    # (and the manifest and head, not listed in themselves).
    naming_the_release = {"CHANGELOG.md", "site/release.html"}
    assert changed == naming_the_release | {shard_path(name) for name in naming_the_release}
    assert {"index.json", "registry.duckdb", "eee/scores.eee.jsonl.gz", "site/index.html"} < set(
        after
    )

    # On disk: the newest release, the earlier one's changed files, manifest and head, nothing else
    # (the store also holds the blobs of the fixture's first release, left out here).
    listed = {e["sha256"] for e in [*before.values(), *after.values()]}
    in_store = {(b.stat().st_dev, b.stat().st_ino) for b in blobs.glob("*/*") if b.name in listed}
    stored = _inodes(second, third) | in_store
    expected = _inodes(third) | {
        (s.st_dev, s.st_ino)
        for n in [*changed, "manifest.json", "head.json"]
        if (s := (second / n).stat())
    }
    assert stored == expected
    assert verify_release(open_release(str(second))) == []
    assert verify_release(open_release(str(third))) == []


def test_retention_removes_only_blobs_no_kept_release_lists(small: SmallRegistry) -> None:
    cut = [small.cut(FIRST + timedelta(days=d), retention=2) for d in (1, 2)]
    only_first = {e["sha256"] for e in _manifest_files(cut[0]).values()} - {
        e["sha256"] for e in _manifest_files(cut[1]).values()
    }
    assert only_first  # the first release's own index, site pages, ...
    cut.append(small.cut(FIRST + timedelta(days=3), retention=2))

    assert small.release_dirs() == [cut[1].name, cut[2].name]
    kept = {e["sha256"] for c in cut[1:] for e in _manifest_files(c).values()}
    stored = {p.name for p in (small.exports / "blobs").glob("*/*")}
    assert stored == kept  # every kept file's blob is there, and nothing else
    assert not only_first & stored
    for release in cut[1:]:
        assert verify_release(open_release(str(release))) == []


# -- the diff, the changelog and `ltb registry diff` / `verify` ----------------------------------


def _change_registry(small: SmallRegistry) -> dict[str, str]:
    """Remove one benchmark, add one, re-tier one, change one score and add one score."""
    con = duckdb.connect(str(small.warehouse))
    scored = [r[0] for r in con.execute(
        "SELECT benchmark_id FROM scores GROUP BY ALL ORDER BY count(*) DESC, 1 LIMIT 3"
    ).fetchall()]  # fmt: skip
    removed, rescored, retiered = scored
    con.close()
    small.sql(
        f"DELETE FROM benchmarks WHERE benchmark_id = '{removed}'",
        f"""INSERT INTO benchmarks SELECT * REPLACE ('brand-new-bench' AS benchmark_id)
            FROM benchmarks WHERE benchmark_id = '{retiered}'""",
        f"""UPDATE benchmarks SET tier = CASE tier WHEN 'verified' THEN 'auto' ELSE 'verified' END
            WHERE benchmark_id = '{retiered}'""",
        f"""UPDATE scores SET value = value + 0.5 WHERE rowid =
            (SELECT min(rowid) FROM scores WHERE benchmark_id = '{rescored}')""",
        f"""INSERT INTO scores SELECT * REPLACE ('a-new-model' AS model_id)
            FROM scores WHERE benchmark_id = '{rescored}' LIMIT 1""",
    )
    return {"removed": removed, "rescored": rescored, "retiered": retiered}


def test_manifest_records_changes_and_changelog(small: SmallRegistry) -> None:
    first = small.latest.resolve().name
    ids = _change_registry(small)
    second = small.cut(FIRST + timedelta(days=1))
    manifest = json.loads((second / "manifest.json").read_text())
    changes = manifest["changes"]

    assert manifest["previous_release_id"] == changes["previous_release_id"] == first
    assert changes["added"] == ["brand-new-bench"]
    assert changes["removed"] == [ids["removed"]]
    assert [r["id"] for r in changes["retiered"]] == [ids["retiered"]]
    [rescored] = changes["scores"]["by_benchmark"]
    assert rescored["id"] == ids["rescored"]
    assert (rescored["added"], rescored["removed"], rescored["changed"]) == (1, 0, 1)
    assert rescored["n_after"] == rescored["n_before"] + 1
    changelog = (second / "CHANGELOG.md").read_text()
    assert f"## {second.name}" in changelog and f"## {first}" in changelog
    assert f"- {ids['removed']}" in changelog and "- brand-new-bench" in changelog
    assert "CHANGELOG.md" in manifest["files"]


def test_ltb_registry_diff_prints_changes(small: SmallRegistry) -> None:
    first = small.latest.resolve().name
    ids = _change_registry(small)
    second = small.cut(FIRST + timedelta(days=1)).name
    registry = ["--registry", str(small.latest)]

    as_json = ltb("registry", "diff", first, second, "--json", *registry)
    assert as_json.returncode == 0, as_json.stderr
    changes = json.loads(as_json.stdout)
    recorded = json.loads((small.latest / "manifest.json").read_text())["changes"]
    assert changes == recorded

    human = ltb("registry", "diff", first, second, *registry)
    assert human.returncode == 0, human.stderr
    assert human.stdout.startswith(f"{first} -> {second}")
    assert "- benchmarks: 1 added, 1 removed, 1 re-tiered" in human.stdout
    assert f"- {ids['rescored']}: +1 -0 ~1" in human.stdout

    missing = ltb("registry", "diff", "1999-01-01T000000Z", second, *registry)
    assert missing.returncode == 3 and "1999-01-01T000000Z: no such release" in missing.stderr


def _replace(path: Path, text: str) -> None:
    """Change a release file as a corruption would, without writing through its hard links
    (the blob and the template registry the fixture linked it from)."""
    path.unlink()
    path.write_text(text)


def test_ltb_registry_verify_names_every_problem(small: SmallRegistry) -> None:
    ok = ltb("registry", "verify", "--registry", str(small.latest))
    assert ok.returncode == 0, ok.stderr
    assert "verifies" in ok.stdout

    release = small.latest.resolve()
    page = next((release / "benchmarks").iterdir())
    _replace(page, page.read_text().replace('"tier"', '"tyer"', 1))
    (release / "tables" / "models.parquet").unlink()
    (release / "extra.txt").write_text("not part of the release")
    manifest = json.loads((release / "manifest.json").read_text())
    manifest["counts"]["benchmarks"] += 1
    _replace(release / "manifest.json", json.dumps(manifest))

    bad = ltb("registry", "verify", str(release))
    assert bad.returncode == 3
    assert f"benchmarks/{page.name}: sha256 mismatch" in bad.stderr
    assert "tables/models.parquet: missing from the release" in bad.stderr
    assert "extra.txt: in the folder but not listed" in bad.stderr
    assert "counts.benchmarks is" in bad.stderr
    assert "manifest.json: sha256 mismatch" in bad.stderr  # head.json names the manifest cut
    assert "failed verification: 5 problem(s)" in bad.stderr


# -- the analyst copy ---------------------------------------------------------------------------

DUCKDB_14 = ["--no-project", "--with", "duckdb==1.4.*", "python", "-c"]
READ_RELEASE = """
import duckdb, sys
con = duckdb.connect(sys.argv[1], read_only=True)
print(duckdb.__version__)
print(con.execute("SELECT count(*) FROM benchmarks").fetchall()[0][0])
print(con.execute("SELECT sum(benchmarks) FROM tier_summary").fetchall()[0][0])
"""


def test_registry_duckdb_opens_in_duckdb_1_4_while_the_warehouse_is_written(
    small: SmallRegistry,
) -> None:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed: cannot fetch DuckDB 1.4")
    probe = subprocess.run(
        [uv, "run", *DUCKDB_14, "import duckdb"], capture_output=True, text=True, timeout=600
    )
    if probe.returncode != 0:
        reason = (probe.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"cannot install duckdb 1.4 here: {reason}")

    writer = duckdb.connect(str(small.warehouse))  # the pipeline, mid-write
    try:
        writer.execute("BEGIN TRANSACTION")
        writer.execute("DELETE FROM scores")
        done = subprocess.run(
            [uv, "run", *DUCKDB_14, READ_RELEASE, str(small.latest / "registry.duckdb")],
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert done.returncode == 0, done.stderr
    version, n_benchmarks, by_tier = done.stdout.split()
    assert version.startswith("1.4.")
    expected = open_release(str(small.latest)).manifest["counts"]["benchmarks"]
    assert int(n_benchmarks) == int(by_tier) == expected
