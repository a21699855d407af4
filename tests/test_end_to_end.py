"""The whole path: recorded channels -> warehouse -> release -> `ltb` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
from benchhub_format.release import SEARCH_INDEX, open_release, verify_release
from dagster import AssetKey, DagsterInstance, materialize

from pipelines.definitions import ALL_ASSETS
from tests.conftest import BuiltRegistry

LTB = [sys.executable, "-m", "ltb.cli"]


def ltb(*args: str, registry: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*LTB, *args, "--registry", str(registry)], capture_output=True, text=True, timeout=60
    )


def test_release_is_complete_and_verifies(built_registry: BuiltRegistry) -> None:
    release = open_release(str(built_registry.latest))
    assert verify_release(release) == []
    files = release.manifest["files"]
    for required in ("index.json", "leaderboard.json", "registry.duckdb"):
        assert required in files
    for table in ("benchmarks", "scores", "reproduced_medians", "models", "benchmark_aliases"):
        assert f"tables/{table}.parquet" in files
    counts = release.manifest["counts"]
    assert counts["benchmarks"] > 100
    assert set(counts["benchmarks_by_tier"]) <= {"verified", "auto", "incomplete"}
    assert counts["scores_by_label"].get("independent", 0) > 100
    index = release.read_json("index.json")
    assert len(index["benchmarks"]) == counts["benchmarks"]
    assert all(f"benchmarks/{b['id']}.json" in files for b in index["benchmarks"])


def test_search_finds_mmlu_family_as_json(built_registry: BuiltRegistry) -> None:
    done = ltb("bench", "search", "mmlu", "--json", "--limit", "50", registry=built_registry.latest)
    assert done.returncode == 0, done.stderr
    ids = [r["id"] for r in json.loads(done.stdout)["results"]]
    assert "mmlu-pro" in ids and "mmlu" in ids


def test_search_prints_a_table(built_registry: BuiltRegistry) -> None:
    done = ltb("bench", "search", "swe-bench", registry=built_registry.latest)
    assert done.returncode == 0, done.stderr
    header = done.stdout.splitlines()[0]
    assert header.split() == ["ID", "NAME", "TIER", "AXES", "HARBOR", "SCORES"]
    # the top level by default, with a pointer to the subsets and variants
    assert "swe-bench-verified" not in done.stdout and "--all" in done.stdout
    everything = ltb("bench", "search", "swe-bench", "--all", registry=built_registry.latest)
    assert "swe-bench-verified" in everything.stdout


def test_info_shows_facts_scores_and_commands(built_registry: BuiltRegistry) -> None:
    done = ltb("bench", "info", "swe-bench-verified", registry=built_registry.latest)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "tier" in out and "licence" in out
    assert "Scores (" in out and "https://" in out  # scores with their sources
    # the headline definition, then per label the top headline scores
    assert "headline: metric accuracy, subset overall, attempts 1" in out
    assert "independent: " in out and "highest first" in out
    assert "ltb bench info swe-bench-verified" in out
    page = json.loads(
        ltb("bench", "info", "SWE-bench Verified", "--json", registry=built_registry.latest).stdout
    )
    assert page["id"] == "swe-bench-verified"
    assert "https://www.swebench.com/" in {s["source_url"] for s in page["scores"]}
    assert all(
        s["source_url"] and s["label"] in ("self_reported", "independent", "reproduced")
        for s in page["scores"]
    )


def test_unknown_benchmark_suggests_closest(built_registry: BuiltRegistry) -> None:
    done = ltb("bench", "info", "swe-bench-verifed", registry=built_registry.latest)
    assert done.returncode == 4
    assert "Closest: swe-bench-verified" in done.stderr


def test_a_reader_that_stops_early_ends_ltb_quietly(built_registry: BuiltRegistry) -> None:
    """`ltb bench info x | head -1`: the closed pipe ends ltb without a traceback."""
    command = [*LTB, "bench", "info", "mmlu", "--json", "--registry", str(built_registry.latest)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(1)
        process.stdout.close()
        stderr = process.stderr.read().decode()
        assert process.wait(timeout=60) == 141
    assert "Traceback" not in stderr


def test_missing_and_corrupt_releases_are_named(
    registry_copy: BuiltRegistry, tmp_path: Path
) -> None:
    missing = ltb("bench", "search", "mmlu", registry=tmp_path / "nowhere")
    assert missing.returncode == 3 and "nowhere: no release here" in missing.stderr
    searched = registry_copy.latest / SEARCH_INDEX  # the file `ltb bench search` reads
    text = searched.read_text()
    searched.unlink()  # hard-linked to the session's release: replace it, never write into it
    searched.write_text(text.replace('"mmlu-pro"', '"mmlu-prx"', 1))
    corrupt = ltb("bench", "search", "mmlu", registry=registry_copy.latest)
    assert corrupt.returncode == 3
    assert f"{SEARCH_INDEX}: sha256 mismatch" in corrupt.stderr


def test_registry_duckdb_opens_in_a_separate_process(built_registry: BuiltRegistry) -> None:
    path = built_registry.latest / "registry.duckdb"
    script = (
        "import duckdb, sys; con = duckdb.connect(sys.argv[1], read_only=True); "
        "print(con.execute('SELECT count(*) FROM benchmarks').fetchall()[0][0]); "
        "print(con.execute('SELECT count(*) FROM score_comparison').fetchall()[0][0])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    n_benchmarks, n_comparisons = (int(x) for x in done.stdout.split())
    assert n_benchmarks == open_release(str(built_registry.latest)).manifest["counts"]["benchmarks"]
    assert n_comparisons > 0


def test_rerunning_assets_never_duplicates_rows(registry_copy: BuiltRegistry) -> None:
    tables = (
        "channel_candidates",
        "channel_scores",
        "benchmark_aliases",
        "benchmarks",
        "scores",
        "leaderboard",
    )

    def counts() -> dict[str, int]:
        con = duckdb.connect(str(registry_copy.warehouse), read_only=True)
        try:
            return {t: con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in tables}
        finally:
            con.close()

    before = counts()
    selection = [
        AssetKey(["channels", "swebench"]),
        AssetKey("merged_benchmarks"),
        AssetKey("benchmark_aliases"),
        AssetKey("models"),
        AssetKey("model_aliases"),
        AssetKey("benchmark_reviews"),
        AssetKey("benchmarks"),
        AssetKey("scores"),
        AssetKey("leaderboard"),
    ]
    result = materialize(
        ALL_ASSETS,
        selection=selection,
        resources=registry_copy.resources(),
        instance=DagsterInstance.ephemeral(),
    )
    assert result.success
    assert counts() == before
