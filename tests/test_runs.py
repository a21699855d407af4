"""Pipeline side of reproduced runs: re-checking inbox files, quarantine, loads and medians."""

from __future__ import annotations

import json
import math
import random
import statistics
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest
from benchhub_format.inbox import TEMP_PREFIX, write_run

from benchhub.runs import (
    Rejection,
    RunRecord,
    build_reproduced_medians,
    load_inbox,
    quarantine,
    read_inbox_file,
)
from tests.test_intake import make_summary

RECEIVED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def accept(inbox: Path, seed: int = 0, submitter: str = "anonymous", **fields) -> Path:
    inbox.mkdir(exist_ok=True)
    written = write_run(
        inbox, make_summary(seed, **fields), submitter=submitter, received_at=RECEIVED
    )
    return inbox / f"{written.run_id}.json"


def tamper(path: Path, edit) -> Path:
    """Rewrite an accepted record by hand, as someone with access to the inbox could."""
    record = json.loads(path.read_text())
    edit(record)
    path.write_text(json.dumps(record))
    return path


def test_an_accepted_file_becomes_a_row(tmp_path: Path) -> None:
    path = accept(tmp_path / "inbox", settings={"reasoning_effort": "high", "budget": 8000})
    row = read_inbox_file(path, {"demo-qa"})
    assert isinstance(row, RunRecord)
    assert row.model == "openai/GPT-5"
    assert row.model_id == "openai/gpt-5"
    assert row.settings_key == (
        '{"agent":"oracle","settings":{"budget":8000,"reasoning_effort":"high"}}'
    )
    assert row.score == pytest.approx(50.0)
    assert row.created_at == datetime(2026, 11, 29, 14, 50, 58, tzinfo=UTC)
    assert row.received_at == RECEIVED
    assert row.source_file == path.name


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda r: r["summary"].update(score=150.0), "summary.score: 150.0 is greater than"),
        (lambda r: r["summary"].update(n_tasks=9), "summary.n_tasks: 9 does not match"),
        (lambda r: r["summary"].update(model="../../etc"), "summary.model: '../../etc' contains"),
        (lambda r: r["summary"].update(benchmark_id="other"), "unknown benchmark 'other'"),
        (lambda r: r.update(submitter="key_0000/../x"), "submitter:"),
        (lambda r: r.update(run_id="run-ffffffffffffffffffff"), "run_id: does not match"),
        (lambda r: r.update(received_at="yesterday"), "received_at:"),
        (lambda r: r.update(extra=1), "(record): keys must be"),
        (
            lambda r: r["summary"].update(created_at="2026-12-30T00:00:00Z"),
            "summary.created_at: 2026-12-30T00:00:00Z is in the future",
        ),
    ],
)
def test_tampered_files_are_rejected_with_the_reason(tmp_path: Path, edit, expected) -> None:
    path = tamper(accept(tmp_path / "inbox"), edit)
    result = read_inbox_file(path, {"demo-qa"})
    assert isinstance(result, Rejection)
    assert any(expected in d for d in result.details), result.details


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"record_version": 1, "run_id": "run-', "not valid JSON"),  # a torn write
        (b'{"score": NaN}', "NaN is not a finite number"),
        (b"", "not valid JSON"),
    ],
)
def test_broken_files_are_rejected(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "run-0123456789abcdef0123.json"
    path.write_bytes(content)
    result = read_inbox_file(path, None)
    assert isinstance(result, Rejection)
    assert expected in result.details[0]


def test_symlinks_are_not_followed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": "x"}')
    link = tmp_path / "run-0123456789abcdef0123.json"
    link.symlink_to(secret)
    result = read_inbox_file(link, None)
    assert isinstance(result, Rejection)
    assert result.reason == "not a regular file"


def test_quarantine_moves_the_file_aside_with_its_reason(tmp_path: Path) -> None:
    inbox, aside = tmp_path / "inbox", tmp_path / "quarantine"
    first = accept(inbox)
    moved = quarantine(first, "invalid", aside, ["summary.score: bad"])
    assert not first.exists()
    assert moved == aside / first.name
    note = json.loads((aside / f"{first.name}.reason.json").read_text())
    assert note["reason"] == "invalid"
    assert note["details"] == ["summary.score: bad"]
    # The same run quarantined again keeps both copies.
    again = quarantine(accept(inbox), "invalid", aside)
    assert again != moved and again.exists() and moved.exists()
    with pytest.raises(ValueError, match="must not be the inbox"):
        quarantine(accept(inbox, 1), "x", inbox)


def test_load_inbox_loads_new_runs_once_and_quarantines_bad_ones(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    good = [accept(inbox, seed) for seed in range(3)]
    bad = tamper(accept(inbox, 99), lambda r: r["summary"].update(score=-1))
    (inbox / f"{TEMP_PREFIX}abc.tmp").write_text("{half")  # a write in progress
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))

    report = load_inbox(con, inbox, known_benchmarks={"demo-qa"})
    assert (report.seen, report.added, len(report.quarantined)) == (4, 3, 1)
    assert not bad.exists()
    assert (inbox / "quarantine" / bad.name).exists()
    rows = con.execute("SELECT source_file FROM reproduced_runs ORDER BY 1").fetchall()
    assert [r[0] for r in rows] == sorted(p.name for p in good)

    again = load_inbox(con, inbox, known_benchmarks={"demo-qa"})
    assert (again.seen, again.added, again.already_loaded) == (3, 0, 3)
    assert con.execute("SELECT count(*) FROM reproduced_runs").fetchall() == [(3,)]


def test_load_inbox_takes_known_benchmarks_from_the_warehouse(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    accept(inbox, 1)
    unknown = accept(inbox, 2, benchmark_id="not-in-registry")
    con = duckdb.connect()
    con.execute("CREATE TABLE benchmarks AS SELECT 'demo-qa' AS benchmark_id")
    report = load_inbox(con, inbox)
    assert report.added == 1
    assert [r.path.name for r in report.quarantined] == [unknown.name]


def test_run_record_fields_match_the_table(tmp_path: Path) -> None:
    con = duckdb.connect()
    build_reproduced_medians(con)  # creates both tables, even with no runs
    columns = [r[0] for r in con.execute("DESCRIBE reproduced_runs").fetchall()]
    assert columns == [f.name for f in fields(RunRecord)]
    assert con.execute("SELECT count(*) FROM reproduced_medians").fetchall() == [(0,)]


def exact_ci_rank(n: int) -> int | None:
    """The largest k with 1 - 2 P(Binomial(n, 1/2) <= k - 1) >= 0.95, by exact arithmetic."""
    k, cdf = None, 0
    for i in range(n // 2 + 1):
        cdf += math.comb(n, i)
        if 2 * cdf * 20 <= 2**n:  # 2 * cdf / 2**n <= 0.05
            k = i + 1
        else:
            return k
    return k


def insert_scores(con: duckdb.DuckDBPyConnection, pools: dict[tuple[str, str], list[float]]):
    build_reproduced_medians(con)
    run = 0
    for (model, settings), scores in pools.items():
        for score in scores:
            run += 1
            con.execute(
                "INSERT INTO reproduced_runs VALUES (?, 'demo-qa', ?, ?, 'oracle', 'harbor', "
                "'0.25.0', '0.1.0', ?, ?, 10, 1, 10, 'x', 'anonymous', "
                "TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_days(?), now(), 'f')",
                [f"run-{run:020x}", model.lower(), model, settings, score, run],
            )


def test_medians_quartiles_and_interval_match_a_direct_computation() -> None:
    rng = random.Random(7)
    sizes = [1, 2, 5, 6, 7, 9, 20, 101]
    pools = {(f"m{n}", "{}"): [round(rng.uniform(0, 100), 3) for _ in range(n)] for n in sizes}
    con = duckdb.connect()
    insert_scores(con, pools)
    assert build_reproduced_medians(con) == len(sizes)
    result = con.execute(
        "SELECT model_id, n_runs, median, q1, q3, min, max, ci_low, ci_high FROM reproduced_medians"
    ).fetchall()
    for model_id, n, median, q1, q3, low, high, ci_low, ci_high in result:
        scores = sorted(pools[(model_id, "{}")])
        assert n == len(scores)
        assert median == pytest.approx(statistics.median(scores))
        if n > 1:
            quartiles = statistics.quantiles(scores, n=4, method="inclusive")
            assert (q1, q3) == (pytest.approx(quartiles[0]), pytest.approx(quartiles[2]))
        assert (low, high) == (scores[0], scores[-1])
        k = exact_ci_rank(n)
        assert (ci_low, ci_high) == ((scores[k - 1], scores[n - k]) if k else (None, None))
    by_model = {r[0]: r for r in result}
    assert by_model["m5"][7] is None  # 5 runs: [min, max] covers only 93.75%
    assert by_model["m6"][7:] == (min(pools[("m6", "{}")]), max(pools[("m6", "{}")]))


def test_runs_with_other_settings_are_never_pooled_and_rebuilds_do_not_duplicate() -> None:
    con = duckdb.connect()
    high, low = '{"agent":"oracle","settings":{"e":"high"}}', '{"agent":"oracle","settings":{}}'
    insert_scores(con, {("A", high): [10.0, 20.0, 30.0], ("a2", low): [90.0]})
    con.execute("UPDATE reproduced_runs SET model_id = 'a' ")  # one model, two settings
    build_reproduced_medians(con)
    build_reproduced_medians(con)
    rows = con.execute(
        "SELECT settings_key, median, n_runs, strftime(last_run_at, '%Y-%m-%d') "
        "FROM reproduced_medians ORDER BY median"
    ).fetchall()
    assert rows == [(high, 20.0, 3, "2026-01-04"), (low, 90.0, 1, "2026-01-05")]
