"""A truncated or shrunken channel read never replaces the last good one.

Each case copies one channel's real recordings, reads them (the last good read), then cuts one
recorded payload short and reads again: the channel turns stale and keeps every row it had.
Three formats: LiveBench (CSV), SWE-bench (JSON), Aider (YAML).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest
from dagster import AssetKey, DagsterInstance, materialize

import benchhub.channel
from assets.channel_assets import build_channel_asset
from assets.channels import aider, livebench, swebench
from benchhub.channel import Channel, Mode
from benchhub.ingest import read_channel, shrink_problem, store_channel_read
from benchhub.integrity import payload_problems
from pipelines.resources import build_resources
from pipelines.settings import ENV_ACCEPT_SHRINK

STAGED = ("channel_candidates", "channel_scores")
BUNDLED = benchhub.channel.RECORDINGS_DIR  # the repository's recordings, before any test patches


@pytest.fixture
def recordings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the recordings folder that channels replay from during the test."""
    root = tmp_path / "recordings"
    root.mkdir()
    monkeypatch.setattr(benchhub.channel, "RECORDINGS_DIR", root)
    return root


def copy_channel(recordings: Path, channel: Channel) -> Path:
    folder = recordings / channel.recording_dir
    shutil.copytree(BUNDLED / channel.recording_dir, folder)
    return folder


def staged_rows(con: duckdb.DuckDBPyConnection, channel: str) -> dict[str, list[tuple]]:
    return {
        table: sorted(
            con.execute(
                f"SELECT * EXCLUDE (loaded_at) FROM {table} WHERE channel = ?", [channel]
            ).fetchall(),
            key=repr,
        )
        for table in STAGED
    }


def cut(path: Path, fraction: float) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * fraction)])


def keep_one_model(livebench_folder: Path) -> None:
    """Every LiveBench table but the newest down to its header and first model: whole, small."""
    for table in sorted(livebench_folder.glob("table_*.csv"))[:-1]:
        lines = table.read_bytes().splitlines(keepends=True)
        table.write_bytes(b"".join(lines[:2]))


CASES = [
    pytest.param(livebench.CHANNEL, "table_2026_01_08.csv", id="livebench-csv"),
    pytest.param(swebench.CHANNEL, "swebench_leaderboards_data.json", id="swebench-json"),
    pytest.param(aider.CHANNEL, "polyglot_leaderboard.yml", id="aider-yaml"),
]


@pytest.mark.parametrize(("channel", "payload"), CASES)
def test_a_truncated_payload_keeps_the_last_good_rows(
    channel: Channel, payload: str, recordings: Path, tmp_path: Path
) -> None:
    folder = copy_channel(recordings, channel)
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))
    good = store_channel_read(con, read_channel(channel, Mode.REPLAY))
    assert not good.stale and good.n_scores > 0
    before = staged_rows(con, channel.name)

    cut(folder / payload, 1 / 3)
    read = read_channel(channel, Mode.REPLAY)
    status = store_channel_read(con, read, max_shrink=channel.max_shrink)

    assert status.stale
    assert "looks truncated" in (status.last_error or "")
    assert staged_rows(con, channel.name) == before  # 0 rows lost
    assert (status.n_candidates, status.n_scores) == (good.n_candidates, good.n_scores)
    assert status.last_success_at == good.last_success_at


def test_a_cut_on_a_record_boundary_is_caught_by_the_shrink_guard(
    recordings: Path, tmp_path: Path
) -> None:
    """A CSV cut after a whole row passes the integrity check; the row count does not."""
    channel = livebench.CHANNEL
    folder = copy_channel(recordings, channel)
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))
    good = store_channel_read(con, read_channel(channel, Mode.REPLAY))
    before = staged_rows(con, channel.name)
    keep_one_model(folder)
    read = read_channel(channel, Mode.REPLAY)
    assert read.ok  # nothing looks cut ...

    status = store_channel_read(con, read, max_shrink=channel.max_shrink)
    assert status.stale  # ... but most of the rows are gone
    assert "fewer than the last good read's" in (status.last_error or "")
    assert staged_rows(con, channel.name) == before

    accepted = store_channel_read(con, read, max_shrink=channel.max_shrink, accept_shrink=True)
    assert not accepted.stale and accepted.accepted_shrink
    assert accepted.n_scores == len(read.result.scores) < good.n_scores  # type: ignore[union-attr]


def test_shrink_problem_uses_the_threshold_on_each_count() -> None:
    assert shrink_problem((100, 1000), (80, 1000), 0.2) is None  # exactly at the threshold
    assert "candidates" in (shrink_problem((100, 1000), (79, 1000), 0.2) or "")
    assert "score rows" in (shrink_problem((100, 1000), (100, 500), 0.2) or "")
    assert shrink_problem((0, 0), (5, 5), 0.2) is None  # a first read has nothing to lose
    assert shrink_problem((100, 1000), (200, 2000), 0.2) is None  # growth is fine


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("a.json", '{"rows": [1, 2]}', None),
        ("a.json", '{"rows": [1, 2', "bracket(s) still open"),
        ("a.json", '{"rows": "abc', "string is still open"),
        ("a.json", "{'not': json}", None),  # malformed, not cut: the parser reports it
        ("a.jsonl", '{"a": 1}\n{"a": 2}\n', None),
        ("a.jsonl", '{"a": 1}\n{"a": ', "the last line (line 2)"),
        ("a.csv", "model,score\nx,1\ny,2", None),
        ("a.csv", "model,score,date\nx,1,2024\ny,2", "2 of the header's 3 fields"),
        ("a.csv", 'model,notes\nx,"a long', "CSV error at the end"),
        (
            "a.yaml",
            "- {model: x, score: 1}\n- {model: y, score: 2}\n- {model: z, score: 3}\n",
            None,
        ),
        ("a.yml", "- model: x\n  score: 1\n- model: y\n  score: 2\n- model: z\n", "lacks score"),
        ("a.yaml", 'name: "abc', "YAML error on the last line"),
        ("a.md", "# cut mid", None),  # no check for this format
    ],
)
def test_payload_integrity_by_format(name: str, text: str, expected: str | None) -> None:
    problems = payload_problems({name: text.encode()})
    if expected is None:
        assert problems == []
    else:
        assert len(problems) == 1 and expected in problems[0] and name in problems[0]


def test_the_fresh_check_goes_red_and_a_person_can_accept_a_drop(
    recordings: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through Dagster: the channel asset's `fresh` check fails on a truncated read, and the
    `registry` resource's `accept_shrink` (BENCHHUB_ACCEPT_SHRINK) accepts a real drop."""
    channel = livebench.CHANNEL
    folder = copy_channel(recordings, channel)
    asset = build_channel_asset(channel)
    paths = (str(tmp_path / "warehouse.duckdb"), str(tmp_path / "exports"), str(tmp_path / "inbox"))
    monkeypatch.delenv(ENV_ACCEPT_SHRINK, raising=False)
    instance = DagsterInstance.ephemeral()

    def fresh() -> bool:
        resources = build_resources(*paths)  # reads BENCHHUB_ACCEPT_SHRINK, as `make registry`
        result = materialize([asset], resources=resources, instance=instance)
        assert result.success  # a stale channel never fails the run
        (evaluation,) = result.get_asset_check_evaluations()
        assert evaluation.asset_key == AssetKey(["channels", channel.name])
        return evaluation.passed

    assert fresh()
    cut(folder / "table_2026_01_08.csv", 1 / 3)
    assert not fresh()

    shutil.rmtree(folder)
    copy_channel(recordings, channel)
    keep_one_model(folder)
    assert not fresh()  # a real drop, until a person accepts it
    monkeypatch.setenv(ENV_ACCEPT_SHRINK, f"aider, {channel.name}")
    assert fresh()
