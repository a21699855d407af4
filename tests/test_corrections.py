"""Disputes and corrections without a built registry: the checks, the intake's answers,
`ltb bench report`, the loader and the decisions applied to a scores table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import pytest
from benchhub_format.disputes import (
    DISPUTES_DIRNAME,
    MAX_DISPUTE_BYTES,
    check_dispute,
    dispute_id_for,
)
from benchhub_format.errors import InvalidDisputeError
from ltb.cli import main as cli_main
from starlette.testclient import TestClient

from benchhub.corrections import (
    CorrectionError,
    apply_corrections,
    curated_corrections,
    load_disputes,
)
from intake.app import IntakeSettings, create_app
from tests.test_intake import FakeClock, make_release

DISPUTE = {
    "benchmark_id": "demo-qa",
    "model": "openai/gpt-5",
    "value": 71.5,
    "source_url": "https://example.org/paper.pdf#table-2",
    "note": "Table 2 reports 71.5, not 75.1.",
}


def dispute(**changes: Any) -> dict[str, Any]:
    return {k: v for k, v in {**DISPUTE, **changes}.items() if v is not None}


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"source_url": None}, "source_url: required"),
        ({"source_url": "ftp://example.org/x"}, "not an http(s) URL"),
        ({"source_url": "https://example.org/a b"}, "white space"),
        ({"value": "71.5"}, "value: a number"),
        ({"value": True}, "value: a number"),
        ({"value": 1e300}, "not a plausible score"),
        ({"note": "  "}, "note: a non-empty text"),
        ({"note": "x" * 2001}, "note: a non-empty text"),
        ({"note": "bell\x07"}, "control character"),
        ({"benchmark_id": "../etc"}, "contains '..'"),
        ({"model": "/abs/model"}, "absolute path"),
        ({"label": "estimated"}, "label:"),
        ({"transcript": "..."}, "unknown field"),
    ],
)
def test_a_bad_dispute_names_its_problem(changes: dict[str, Any], problem: str) -> None:
    with pytest.raises(InvalidDisputeError) as refused:
        check_dispute(dispute(**changes))
    assert any(problem in p for p in refused.value.problems), refused.value.problems


def test_unknown_benchmarks_are_refused_when_the_release_is_known() -> None:
    with pytest.raises(InvalidDisputeError, match="unknown benchmark"):
        check_dispute(dispute(benchmark_id="not-there"), {"demo-qa"})
    assert check_dispute(dispute(), {"demo-qa"}) == DISPUTE


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    release = make_release(tmp_path / "release", ["demo-qa"])
    settings = IntakeSettings(
        inbox=tmp_path / "inbox", release=str(release), per_minute=60.0, burst=3
    )
    return TestClient(create_app(settings, clock=FakeClock()))


def disputes_in(inbox: Path) -> list[str]:
    folder = inbox / DISPUTES_DIRNAME
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_the_intake_records_a_dispute_once(client: TestClient, tmp_path: Path) -> None:
    first = client.post("/v1/disputes", json=DISPUTE)
    assert first.status_code == 201, first.text
    dispute_id = first.json()["dispute_id"]
    assert dispute_id == dispute_id_for(DISPUTE)
    again = client.post("/v1/disputes", json=DISPUTE)
    assert (again.status_code, again.json()["status"]) == (200, "existing")
    assert disputes_in(tmp_path / "inbox") == [f"{dispute_id}.json"]
    record = json.loads((tmp_path / "inbox" / DISPUTES_DIRNAME / f"{dispute_id}.json").read_text())
    assert record["dispute"] == DISPUTE and record["submitter"] == "anonymous"


def test_hostile_disputes_get_a_clear_4xx_and_leave_nothing(
    client: TestClient, tmp_path: Path
) -> None:
    answers = [
        client.post("/v1/disputes", content=b"{not json"),
        client.post("/v1/disputes", json=dispute(source_url=None)),
        client.post("/v1/disputes", json=dispute(benchmark_id="not-there")),
        client.post("/v1/disputes", content=b'{"value": NaN}'),
    ]
    assert [a.status_code for a in answers[:3]] == [400, 422, 422]
    assert answers[1].json() == {"error": "dispute rejected", "details": ["source_url: required"]}
    assert "unknown benchmark" in answers[2].json()["details"][0]
    assert answers[3].status_code == 429  # the address's burst of 3 is spent
    assert answers[3].headers["retry-after"]
    assert disputes_in(tmp_path / "inbox") == []


def test_an_oversized_dispute_is_refused_before_it_is_read(tmp_path: Path) -> None:
    app = create_app(IntakeSettings(inbox=tmp_path / "inbox"), clock=FakeClock())
    body = json.dumps(dispute(note="x" * MAX_DISPUTE_BYTES)).encode()
    answer = TestClient(app).post("/v1/disputes", content=body)
    assert answer.status_code == 413 and answer.json()["error"] == "dispute too large"
    assert disputes_in(tmp_path / "inbox") == []


def report(*args: str) -> int:
    return cli_main(["bench", "report", *args])


def test_ltb_bench_report_writes_what_the_intake_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["demo-qa", "openai/gpt-5", "--value", "71.5", "--source", DISPUTE["source_url"]]
    assert report(*args, "--note", DISPUTE["note"], "--to", str(tmp_path / "inbox")) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{dispute_id_for(DISPUTE)} (recorded)")
    assert disputes_in(tmp_path / "inbox") == [f"{dispute_id_for(DISPUTE)}.json"]
    # checked before anything is written: no source, no dispute
    assert report("demo-qa", "m", "--value", "nan", "--source", "https://x.org", "--note", "n",
                  "--to", str(tmp_path / "other")) == 4  # fmt: skip
    assert "value" in capsys.readouterr().err and not (tmp_path / "other").exists()


def test_disputes_load_with_their_status_and_bad_files_are_quarantined(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    for changes in ({}, {"model": "Other/Model", "label": "self_reported"}):
        assert report(
            *(dispute(**changes)[k] for k in ("benchmark_id", "model")),
            "--value", "70", "--source", "https://example.org/x", "--note", "n",
            *(["--label", changes["label"]] if "label" in changes else []),
            "--to", str(inbox),
        ) == 0  # fmt: skip
    folder = inbox / DISPUTES_DIRNAME
    decided_id = sorted(p.stem for p in folder.glob("*.json"))[0]
    (folder / "dispute-00000000000000000000.json").write_text('{"dispute": 1}')
    corrections = _corrections(tmp_path, [_fix(disputes=[decided_id])])
    con = duckdb.connect()
    loaded = load_disputes(con, inbox, corrections, known_benchmarks={"demo-qa"})
    assert (loaded.seen, loaded.loaded, len(loaded.quarantined)) == (3, 2, 1)
    assert (folder / "quarantine" / "dispute-00000000000000000000.json").exists()
    rows = con.execute(
        "SELECT dispute_id, model_id, status, decision FROM score_disputes ORDER BY 1"
    ).fetchall()
    assert {(r[0] == decided_id, r[2], r[3]) for r in rows} == {
        (True, "decided", "fix"),
        (False, "open", None),
    }
    assert "other/model" in {r[1] for r in rows}


def _fix(**changes: Any) -> dict[str, Any]:
    entry = {
        "score": {"benchmark": "demo-qa", "model": "openai/gpt-5", "label": "self_reported"},
        "action": "fix",
        "value": 71.5,
        "source_url": "https://example.org/paper.pdf#table-2",
        "why": "Table 2 of the paper reports 71.5.",
    }
    return {k: v for k, v in {**entry, **changes}.items() if v is not None}


def _corrections(tmp_path: Path, entries: list[dict[str, Any]]):
    path = tmp_path / f"corrections-{len(list(tmp_path.glob('corrections-*')))}.yaml"
    path.write_text(json.dumps({"corrections": entries}))  # JSON is YAML
    return curated_corrections(path)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (_fix(source_url=None), "a fix needs `source_url`"),
        (_fix(source_url="see the paper"), "a fix needs `source_url`"),
        (_fix(value=None), "a fix needs `value`"),
        (_fix(why=None), "`why` is required"),
        (_fix(action="estimate"), "action must be one of"),
        (_fix(action="retract"), "belong to a fix only"),
        (
            {**_fix(action="relabel", value=None, source_url=None), "to_label": "self_reported"},
            "a relabel needs `to_label`",
        ),  # fmt: skip
        (_fix(score={"benchmark": "demo-qa", "model": "m"}), "`score` needs"),
    ],
)
def test_a_decision_without_what_it_needs_is_refused(
    tmp_path: Path, entry: dict[str, Any], message: str
) -> None:
    with pytest.raises(CorrectionError, match=message) as refused:
        _corrections(tmp_path, [entry])
    assert "corrections[0]" in str(refused.value)


SCORES = """
CREATE TABLE scores AS SELECT * FROM (VALUES
    ('demo-qa', 'openai/gpt-5', 'self_reported', 75.1::DOUBLE, 'percent', '75.1', 75.1::DOUBLE,
     'https://vendor.example/card', 0.5::DOUBLE, NULL::DOUBLE, NULL::DOUBLE, NULL::VARCHAR),
    ('demo-qa', 'openai/gpt-5', 'independent', 70.0, 'percent', '70', 70.0,
     'https://lab.example/a', NULL, NULL, NULL, NULL),
    ('demo-qa', 'openai/gpt-5', 'independent', 69.0, 'percent', '69', 69.0,
     'https://lab.example/b', NULL, NULL, NULL, NULL),
    ('demo-qa', 'other/model', 'self_reported', 0.6, 'fraction', '0.6', 60.0,
     'https://other.example/x', NULL, NULL, NULL, NULL)
) AS t(benchmark_id, model_id, label, value, scale, raw_value, value_percent, source_url,
       stderr, ci_low, ci_high, correction)
"""


def test_decisions_change_the_scores_and_say_how(tmp_path: Path) -> None:
    con = duckdb.connect()
    con.execute(SCORES)
    independent = {"benchmark": "demo-qa", "model": "OpenAI/GPT-5", "label": "independent"}
    corrections = _corrections(
        tmp_path,
        [
            _fix(),
            {
                "score": {**independent, "source_url": "https://lab.example/b"},
                "action": "retract",
                "why": "the lab withdrew run b",
            },
            {
                "score": {"benchmark": "demo-qa", "model": "other/model", "label": "self_reported"},
                "action": "relabel",
                "to_label": "independent",
                "why": "published by a third party",
            },
            {"score": {**independent, "model": "nobody"}, "action": "retract", "why": "typo"},
        ],
    )
    apply_corrections(con, corrections)
    rows = con.execute(
        "SELECT model_id, label, value, value_percent, source_url, stderr, correction "
        "FROM scores ORDER BY model_id, label, value"
    ).fetchall()
    assert rows == [
        ("openai/gpt-5", "independent", 70.0, 70.0, "https://lab.example/a", None, None),
        (
            "openai/gpt-5",
            "self_reported",
            71.5,
            71.5,
            "https://example.org/paper.pdf#table-2",
            None,  # the old number's error does not carry over
            "fixed: Table 2 of the paper reports 71.5. (was 75.1 at https://vendor.example/card)",
        ),
        (
            "other/model",
            "independent",
            0.6,
            60.0,
            "https://other.example/x",
            None,
            "relabelled from self_reported: published by a third party",
        ),
    ]
    matched = con.execute("SELECT action, matched_rows FROM score_corrections ORDER BY position")
    # the last decision matches nothing: the blocking check `correction_matches_a_score` fails
    assert matched.fetchall() == [("fix", 1), ("retract", 1), ("relabel", 1), ("retract", 0)]
