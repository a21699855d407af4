"""The intake service and the shared summary checks, in process (Starlette's TestClient)."""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from benchhub_format.errors import InvalidSummaryError
from benchhub_format.inbox import TEMP_PREFIX, read_run, remove_stale_temp_files, write_run
from benchhub_format.summary_check import check_summary, parse_summary_bytes
from starlette.testclient import TestClient

from intake.app import IntakeSettings, create_app
from intake.keys import add_key


def make_summary(seed: int = 0, rewards: dict[str, float] | None = None, **fields: Any) -> dict:
    """A valid run summary; `seed` gives it a distinct results hash."""
    rewards = (
        {"demo-qa-0000": 1.0, "demo-qa-0001": 0.0, "demo-qa-0002": 0.5}
        if rewards is None
        else rewards
    )
    summary = {
        "schema_version": 1,
        "benchmark_id": "demo-qa",
        "model": "openai/GPT-5",
        "agent": "oracle",
        "harness": "harbor",
        "harbor_version": "0.25.0",
        "cli_version": "0.1.0",
        "score": 100 * _mean([v for v in rewards.values() if isinstance(v, float)]),
        "n_tasks": len(rewards),
        "n_attempts": 1,
        "rewards": rewards,
        "sample": {"seed": 7, "n": max(1, len(rewards))},
        "results_sha256": hashlib.sha256(f"run {seed}".encode()).hexdigest(),
        "created_at": "2026-11-29T14:50:58Z",
    }
    summary.update(fields)
    return summary


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def make_release(folder: Path, benchmark_ids: list[str]) -> Path:
    """A minimal release that benchhub_format.release accepts: an index listed in a manifest."""
    folder.mkdir(parents=True)
    index = json.dumps({"benchmarks": [{"id": b} for b in benchmark_ids]}).encode()
    (folder / "index.json").write_bytes(index)
    files = {"index.json": {"sha256": hashlib.sha256(index).hexdigest(), "bytes": len(index)}}
    manifest = {"schema_version": 1, "release_id": folder.name, "files": files}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


def inbox_files(inbox: Path) -> list[str]:
    return sorted(p.name for p in inbox.iterdir()) if inbox.exists() else []


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def inbox(tmp_path: Path):
    folder = tmp_path / "inbox"
    yield folder
    # Whatever a test did, nothing half-written may stay behind.
    assert not [n for n in inbox_files(folder) if n.startswith(TEMP_PREFIX)]


@pytest.fixture
def make_client(inbox: Path):
    def make(clock: FakeClock | None = None, **settings: Any) -> TestClient:
        app = create_app(
            IntakeSettings(inbox=inbox, public_url="http://intake.test", **settings),
            clock=clock or FakeClock(),
        )
        return TestClient(app)

    return make


def post(client: TestClient, body: Any, **headers: str):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post("/v1/runs", content=data, headers=headers)


def test_accepts_a_valid_summary_and_writes_it_to_the_inbox(make_client, inbox: Path) -> None:
    summary = make_summary()
    response = post(make_client(), summary)
    assert response.status_code == 201
    answer = response.json()
    run_id = answer["run_id"]
    assert run_id == "run-" + summary["results_sha256"][:20]
    assert answer["url"] == f"http://intake.test/runs/{run_id}"
    assert response.headers["location"] == answer["url"]
    assert inbox_files(inbox) == [f"{run_id}.json"]
    record = read_run(inbox / f"{run_id}.json")
    assert record.summary == summary
    assert record.submitter == "anonymous"


def test_a_replay_answers_200_with_the_existing_run(make_client, inbox: Path) -> None:
    client = make_client()
    first = post(client, make_summary())
    again = post(client, make_summary(notes="pushed twice by mistake"))
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["run_id"] == first.json()["run_id"]
    assert again.json()["status"] == "existing"
    assert len(inbox_files(inbox)) == 1
    assert "notes" not in read_run(inbox / inbox_files(inbox)[0]).summary


def test_same_results_hash_with_other_content_is_a_conflict(make_client, inbox: Path) -> None:
    client = make_client()
    post(client, make_summary())
    response = post(client, make_summary(model="someone/else"))
    assert response.status_code == 409
    assert "different summary" in response.json()["details"][0]
    assert read_run(inbox / inbox_files(inbox)[0]).summary["model"] == "openai/GPT-5"


@pytest.mark.parametrize(
    ("body", "status", "expected"),
    [
        (b'{"schema_version": 1,', 400, "not valid JSON"),
        (b"\xff\xfe{}", 400, "not UTF-8"),
        (b"[1, 2]", 422, "expected a JSON object"),
        (b"1" * 5000, 400, "not usable JSON"),
        (b"[" * 50_000, 400, "not usable JSON"),
        (b'{"score": 1, "score": 2}', 422, "appears more than once"),
    ],
)
def test_malformed_bodies_are_refused(make_client, inbox, body, status, expected) -> None:
    response = post(make_client(), body)
    assert response.status_code == status
    assert expected in response.json()["details"][0]
    assert inbox_files(inbox) == []


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_refused(make_client, inbox, token) -> None:
    body = json.dumps(make_summary()).replace('"score": 50.0', f'"score": {token}')
    assert token in body
    response = post(make_client(), body.encode())
    assert response.status_code == 422
    assert "finite" in response.json()["details"][0]
    assert inbox_files(inbox) == []


def test_notes_may_span_lines() -> None:
    assert check_summary(make_summary(notes="two\nlines\tand a tab"))["notes"].count("\n") == 1


def test_nan_passed_as_a_python_float_is_caught_despite_the_schema() -> None:
    # JSON Schema's minimum/maximum comparisons are all false for NaN, so it would pass them.
    with pytest.raises(InvalidSummaryError, match="score: nan is not a finite number"):
        check_summary(make_summary(score=float("nan")))


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"score": -0.5}, "score"),
        ({"score": 100.5}, "score"),
        ({"rewards": {"t1": 1.5}, "score": 150.0, "n_tasks": 1}, "rewards.t1"),
        ({"n_attempts": 0}, "n_attempts"),
        ({"n_tasks": 0}, "n_tasks"),
        ({"sample": {"seed": 2**70, "n": 3}}, "sample.seed"),
        ({"created_at": "2026-11-29 14:50"}, "created_at"),
        (
            {"created_at": "2999-01-01T00:00:00Z"},
            "created_at: 2999-01-01T00:00:00Z is in the future",
        ),
        ({"transcript": "the model said..."}, "'transcript' was unexpected"),
        ({"rewards": {"t1": "1"}, "n_tasks": 1}, "rewards.t1: '1' is not of type 'number'"),
        # Python's `$` matches before a final newline, so the schema's patterns let these by.
        ({"harbor_version": "0.25.0\n"}, "harbor_version: contains a control character"),
        ({"results_sha256": "a" * 64 + "\n"}, "results_sha256: contains a control character"),
    ],
)
def test_out_of_range_and_unexpected_fields_are_refused(make_client, inbox, fields, where) -> None:
    response = post(make_client(), make_summary(**fields))
    assert response.status_code == 422
    assert response.json()["error"] == "run summary rejected"
    assert any(where in d for d in response.json()["details"]), response.json()
    assert inbox_files(inbox) == []


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"n_tasks": 4}, "n_tasks: 4 does not match the 3 tasks in rewards"),
        ({"score": 40.0}, "score: 40.0 is not 100 x the mean reward (50.0000)"),
    ],
)
def test_inconsistent_counts_are_refused(make_client, inbox, fields, expected) -> None:
    response = post(make_client(), make_summary(**fields))
    assert response.status_code == 422
    assert response.json()["details"] == [expected]
    assert inbox_files(inbox) == []


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"benchmark_id": "../etc"}, "benchmark_id: '../etc' contains '..'"),
        ({"benchmark_id": "demo/qa"}, "benchmark_id: 'demo/qa' contains '/'"),
        ({"model": "/etc/passwd"}, "model: '/etc/passwd' is an absolute path"),
        ({"model": "openai/../../x"}, "model: 'openai/../../x' contains '..'"),
        ({"model": "C:\\models\\x"}, "model: 'C:\\\\models\\\\x' contains a backslash"),
        ({"agent": "oracle\x00.json"}, "agent: 'oracle\\x00.json' contains a NUL"),
        ({"agent": "a//b"}, "agent: 'a//b' has an empty path segment"),
        ({"rewards": {"../x": 1.0}, "score": 100.0, "n_tasks": 1}, "rewards: key '../x' contains"),
        (
            {"rewards": {"t/1": 1.0}, "score": 100.0, "n_tasks": 1},
            "rewards: key 't/1' contains '/'",
        ),
        ({"settings": {"../effort": "high"}}, "settings: key '../effort' contains '..'"),
    ],
)
def test_path_tricks_in_names_are_refused(make_client, inbox, fields, expected) -> None:
    response = post(make_client(), make_summary(**fields))
    assert response.status_code == 422
    assert any(d.startswith(expected) for d in response.json()["details"]), response.json()
    assert inbox_files(inbox) == []


def test_unknown_benchmarks_are_refused_and_the_release_is_followed(
    make_client, inbox: Path, tmp_path: Path
) -> None:
    releases = tmp_path / "releases"
    make_release(releases / "r1", ["demo-qa"])
    make_release(releases / "r2", ["demo-qa", "gpqa-diamond"])
    latest = tmp_path / "latest"
    latest.symlink_to(releases / "r1")
    client = make_client(release=str(latest))

    response = post(client, make_summary(1, benchmark_id="gpqa-diamond"))
    assert response.status_code == 422
    assert response.json()["details"] == [
        "benchmark_id: unknown benchmark 'gpqa-diamond'; "
        "it is not in the registry's current release"
    ]
    assert post(client, make_summary(2)).status_code == 201

    # The release switch is an atomic rename of the link, as the pipeline does it.
    (tmp_path / "next").symlink_to(releases / "r2")
    os.replace(tmp_path / "next", latest)
    assert post(client, make_summary(1, benchmark_id="gpqa-diamond")).status_code == 201
    assert client.get("/healthz").json()["known_benchmarks"] == 2


def test_a_broken_release_stops_the_intake_at_startup(inbox: Path, tmp_path: Path) -> None:
    release = make_release(tmp_path / "r1", ["demo-qa"])
    (release / "index.json").write_text('{"benchmarks": []}')  # no longer matches the manifest
    with pytest.raises(Exception, match="sha256 mismatch"):
        create_app(IntakeSettings(inbox=inbox, release=str(release)))


def test_bodies_over_the_limit_get_413_by_length_or_while_streaming(make_client, inbox) -> None:
    client = make_client(max_body_bytes=10_000)
    big = json.dumps(make_summary(notes="x" * 20_000)).encode()
    response = post(client, big)
    assert response.status_code == 413
    assert response.json()["error"] == "run summary too large"

    def chunks():  # no Content-Length: the limit must hold while reading
        for _ in range(1000):
            yield b" " * 1000

    response = client.post("/v1/runs", content=chunks())
    assert response.status_code == 413
    assert inbox_files(inbox) == []


def test_api_keys_attribute_runs_and_forged_keys_get_401(make_client, inbox, tmp_path) -> None:
    keys = tmp_path / "keys.json"
    key_id, token = add_key(keys, "Ada")
    assert token not in keys.read_text()  # only the hash is stored
    assert oct(keys.stat().st_mode & 0o777) == "0o600"
    client = make_client(keys=keys)

    response = post(client, make_summary(1), Authorization=f"Bearer {token}")
    assert response.status_code == 201
    assert read_run(inbox / f"{response.json()['run_id']}.json").submitter == key_id

    forged = [
        f"Bearer {token[:-1]}{'A' if token[-1] != 'A' else 'B'}",  # right id, wrong secret
        f"Bearer {key_id}.",
        "Bearer key_000000000000.whatever",
        f"Basic {token}",
        "Bearer",
    ]
    for header in forged:
        response = post(client, make_summary(2), Authorization=header)
        assert response.status_code == 401, header
        assert response.headers["www-authenticate"] == "Bearer"
        assert response.json()["error"] == "invalid API key"
    assert len(inbox_files(inbox)) == 1


def test_a_key_deleted_from_the_file_is_revoked(make_client, tmp_path) -> None:
    keys = tmp_path / "keys.json"
    _, token = add_key(keys, "Ada")
    client = make_client(keys=keys)
    assert post(client, make_summary(1), Authorization=f"Bearer {token}").status_code == 201
    keys.write_text("{}")
    assert post(client, make_summary(2), Authorization=f"Bearer {token}").status_code == 401


def test_rate_limit_per_address_answers_429_with_retry_after(make_client, inbox) -> None:
    clock = FakeClock()
    client = make_client(clock, per_minute=6, burst=2)
    assert [post(client, make_summary(i)).status_code for i in range(2)] == [201, 201]
    refused = post(client, make_summary(3))
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "10"  # 6 a minute: one token every 10 s
    assert len(inbox_files(inbox)) == 2
    clock.now += 10
    assert post(client, make_summary(3)).status_code == 201


def test_rate_limit_per_key_is_separate_and_forged_keys_spend_the_address(
    make_client, tmp_path
) -> None:
    keys = tmp_path / "keys.json"
    _, token = add_key(keys, "Ada")
    client = make_client(keys=keys, per_minute=1, burst=2, key_per_minute=1, key_burst=3)
    auth = {"Authorization": f"Bearer {token}"}
    statuses = [post(client, make_summary(i), **auth).status_code for i in range(4)]
    assert statuses == [201, 201, 201, 429]
    # The address bucket is untouched by keyed pushes...
    assert post(client, make_summary(10)).status_code == 201
    # ...but guessing keys spends it.
    bad = {"Authorization": "Bearer key_000000000000.guess"}
    assert [post(client, make_summary(11), **bad).status_code for _ in range(2)] == [401, 429]


def test_get_run_and_healthz(make_client) -> None:
    client = make_client()
    run_id = post(client, make_summary()).json()["run_id"]
    page = client.get(f"/v1/runs/{run_id}")
    assert page.status_code == 200
    assert page.json()["summary"]["results_sha256"].startswith(run_id[4:])
    for bad in ["run-0000000000000000000f", "..%2F..%2Fetc%2Fpasswd", "run-../../x"]:
        response = client.get(f"/v1/runs/{bad}")
        assert response.status_code == 404
        assert response.json()["error"] in {"no such run", "Not Found"}
    assert client.get("/healthz").json() == {
        "status": "ok",
        "release": None,
        "known_benchmarks": None,
    }


def test_concurrent_identical_pushes_create_exactly_one_record(inbox: Path) -> None:
    inbox.mkdir()
    summary = check_summary(make_summary())
    results = []

    def push() -> None:
        written = write_run(inbox, summary, submitter="anonymous", received_at=datetime.now(UTC))
        results.append(written)

    threads = [threading.Thread(target=push) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.created for r in results) == [False] * 15 + [True]
    assert len({r.run_id for r in results}) == 1
    assert len(inbox_files(inbox)) == 1


def test_stale_temp_files_are_removed_and_live_ones_kept(make_client, inbox: Path) -> None:
    inbox.mkdir()
    stale = inbox / f"{TEMP_PREFIX}dead.tmp"
    live = inbox / f"{TEMP_PREFIX}live.tmp"
    stale.write_text("{half a rec")
    live.write_text("{being writ")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    with make_client(stale_temp_seconds=60):  # the sweeper runs at startup
        time.sleep(0.2)
    assert not stale.exists()
    assert live.exists()
    assert remove_stale_temp_files(inbox, older_than_seconds=0) == 1
    assert not live.exists()


def test_parse_summary_bytes_enforces_its_size_limit() -> None:
    data = json.dumps(make_summary()).encode()
    assert parse_summary_bytes(data, len(data)) == make_summary()
    with pytest.raises(InvalidSummaryError) as caught:
        parse_summary_bytes(data, len(data) - 1)
    assert caught.value.kind == "too_large"
