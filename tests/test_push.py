"""`ltb bench push` end to end on loopback: CLI process -> intake process -> inbox -> warehouse."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import socket
import statistics
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pytest
from ltb.cli import main as cli_main

from benchhub.runs import RunRecord, build_reproduced_medians, load_inbox, read_inbox_file
from intake.keys import add_key
from intake.process import running_intake
from tests.test_intake import make_release, make_summary

ROOT = Path(__file__).resolve().parent.parent
HARBOR_JOBS = ROOT / "tests/fixtures/harbor_job/jobs"  # real Harbor 0.25.0 output, see SOURCE.txt
SUMMARY_KEYS = {
    key
    for version in (1, 2)
    for key in json.loads(
        (ROOT / f"ltb/benchhub_format/schemas/run-summary.v{version}.json").read_text()
    )["properties"]
}


@dataclass
class Intake:
    url: str
    port: int
    inbox: Path
    key_id: str
    key: str


@contextmanager
def intake_with_key(root: Path, *options: str) -> Iterator[Intake]:
    root.mkdir(parents=True, exist_ok=True)
    key_id, key = add_key(root / "keys.json", "test user")
    inbox = root / "inbox"
    args = ["--inbox", str(inbox), "--keys", str(root / "keys.json"), *options]
    with running_intake(*args, log_path=root / "intake.log") as server:
        yield Intake(server.url, server.port, inbox, key_id, key)


@pytest.fixture(scope="module")
def intake(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Intake]:
    root = tmp_path_factory.mktemp("intake")
    """One intake shared by the tests of this module. Its per-address rate limit is out of reach
    (every test pushes from 127.0.0.1), so no test depends on how many pushes ran before it;
    `test_too_many_requests` checks the limit on an intake of its own."""
    release = make_release(root / "release", ["demo-qa"])
    options = ["--max-body-bytes", "200000", "--per-minute", "100000", "--burst", "100000"]
    with intake_with_key(root, "--release", str(release), *options) as server:
        yield server


def ltb_process(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`ltb bench push ARGS` as its own process, as a user runs it."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LTB_")}
    return subprocess.run(
        [sys.executable, "-m", "ltb.cli", "bench", "push", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def ltb_push(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """`ltb bench push ARGS` in this process: the same code as ltb_process, seconds faster."""

    def push(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
        for name in ("LTB_PUSH_URL", "LTB_API_KEY"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        code = cli_main(["bench", "push", *args])
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(args, code, out, err)

    return push


def write_summary(folder: Path, summary: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "ltb-run-summary.json"
    path.write_text(json.dumps(summary))
    return path


def test_pushed_runs_reach_the_medians(intake: Intake, tmp_path: Path, ltb_push) -> None:
    scores = [0.2, 0.4, 0.5, 0.6, 0.8, 1.0]
    # A job folder as `ltb bench run` leaves it: the summary next to transcripts and logs.
    job = tmp_path / "jobs" / "job-0"
    write_summary(job, make_summary(100, rewards={"t1": scores[0], "t2": scores[0]}))
    (job / "transcript.txt").write_text("the model's private reasoning")
    pushed = [ltb_process(str(tmp_path / "jobs"), "--to", intake.url, "--notes", "first run")]
    other_settings = make_summary(200, rewards={"t1": 0.0}, settings={"reasoning_effort": "low"})
    pushed.append(
        ltb_process(str(write_summary(tmp_path / "low", other_settings)), "--to", intake.url)
    )
    for seed, reward in enumerate(scores[1:], start=101):
        path = write_summary(tmp_path / f"run-{seed}", make_summary(seed, rewards={"t1": reward}))
        pushed.append(ltb_push(str(path), "--to", intake.url))

    for result in pushed:
        assert result.returncode == 0, result.stderr
        run_id, state = result.stdout.splitlines()[0].split(" ", 1)
        assert state == "(new run)"
        assert result.stdout.splitlines()[1] == f"page: {intake.url}/runs/{run_id}"
    first_id = pushed[0].stdout.split()[0]
    record = json.load(urllib.request.urlopen(f"{intake.url}/v1/runs/{first_id}", timeout=5))
    assert set(record["summary"]) <= SUMMARY_KEYS  # the summary only, no transcript
    assert record["summary"]["notes"] == "first run"

    # The shared intake's inbox also holds other tests' runs: pool only the ones pushed here.
    own_inbox = tmp_path / "own-inbox"
    own_inbox.mkdir()
    for result in pushed:
        name = f"{result.stdout.split()[0]}.json"
        shutil.copy(intake.inbox / name, own_inbox / name)
    rows = [read_inbox_file(path, {"demo-qa"}) for path in sorted(own_inbox.iterdir())]
    assert len(rows) == len(pushed) and all(isinstance(row, RunRecord) for row in rows)
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))
    report = load_inbox(con, own_inbox, known_benchmarks={"demo-qa"})
    assert report.quarantined == []
    build_reproduced_medians(con)
    pooled = con.execute(
        "SELECT n_runs, median, ci_low, ci_high, settings_key FROM reproduced_medians "
        "WHERE model_id = 'openai/gpt-5' ORDER BY n_runs DESC"
    ).fetchall()
    assert pooled[0][:4] == (6, pytest.approx(100 * statistics.median(scores)), 20.0, 100.0)
    assert pooled[1][:2] == (1, 0.0)
    assert '"reasoning_effort":"low"' in pooled[1][4]


def test_the_url_a_push_prints_answers_with_the_run(
    intake: Intake, tmp_path: Path, ltb_push
) -> None:
    summary = make_summary(400, rewards={"t1": 1.0, "t2": 0.0, "t3": 1.0})
    result = ltb_push(str(write_summary(tmp_path / "run", summary)), "--to", intake.url)
    assert result.returncode == 0, result.stderr
    run_id = result.stdout.split()[0]
    page_url = result.stdout.splitlines()[1].removeprefix("page: ")
    assert page_url == f"{intake.url}/runs/{run_id}"

    with urllib.request.urlopen(page_url, timeout=5) as response:
        assert response.status == 200
        assert response.headers["content-type"].startswith("text/html")
        html = response.read().decode()
    assert run_id in html and "demo-qa" in html and summary["model"] in html
    assert "66.67" in html  # the run's score
    with urllib.request.urlopen(f"{page_url}.json", timeout=5) as response:
        document = json.load(response)
    assert document["run_id"] == run_id and document["score"] == summary["score"]
    assert document["rewards"] == {"t1": [1.0], "t2": [0.0], "t3": [1.0]}
    assert document["pool_id"].startswith("pool-")
    assert f'href="https://benchhub.dev/pools/{document["pool_id"]}.html"' in html
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{intake.url}/runs/run-{'0' * 20}", timeout=5)
    assert missing.value.code == 404


def test_replays_and_keys(intake: Intake, tmp_path: Path, ltb_push) -> None:
    path = write_summary(tmp_path, make_summary(300))
    first = ltb_push(str(path), "--to", intake.url, LTB_API_KEY=intake.key)
    assert first.returncode == 0, first.stderr
    run_file = intake.inbox / f"{first.stdout.split()[0]}.json"
    assert json.loads(run_file.read_text())["submitter"] == intake.key_id

    again = ltb_push(str(path), LTB_PUSH_URL=intake.url)
    assert again.returncode == 0
    assert again.stdout.split()[0] == first.stdout.split()[0]
    assert "already pushed" in again.stdout

    before = sorted(intake.inbox.iterdir())
    forged = ltb_push(
        str(write_summary(tmp_path / "b", make_summary(301))),
        "--to",
        intake.url,
        "--key",
        intake.key[:-2] + "xx",
    )
    assert forged.returncode == 5
    assert "401 invalid API key" in forged.stderr
    assert sorted(intake.inbox.iterdir()) == before


def test_push_without_to_goes_to_the_intake_the_release_names(
    intake: Intake, tmp_path: Path, ltb_push, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LTB_CONFIG", str(tmp_path / "no-config.toml"))
    release = make_release(tmp_path / "release", ["demo-qa"])
    manifest = json.loads((release / "manifest.json").read_text())
    manifest["endpoints"] = {"intake": intake.url, "site": "https://site.example"}
    (release / "manifest.json").write_text(json.dumps(manifest))
    path = write_summary(tmp_path, make_summary(302))
    pushed = ltb_push(str(path), "--registry", str(release))
    assert pushed.returncode == 0, pushed.stderr
    assert f"pushing to {intake.url}" in pushed.stderr
    assert (intake.inbox / f"{pushed.stdout.split()[0]}.json").exists()
    # a config entry wins over what the release names
    (tmp_path / "no-config.toml").write_text('intake = "http://127.0.0.1:9"\n')
    refused = ltb_push(str(path), "--registry", str(release))
    assert refused.returncode == 5 and "127.0.0.1:9" in refused.stderr


def test_the_intake_refuses_an_unknown_benchmark(intake: Intake, tmp_path: Path, ltb_push) -> None:
    path = write_summary(tmp_path, make_summary(400, benchmark_id="not-in-release"))
    result = ltb_push(str(path), "--to", intake.url)
    assert result.returncode == 5
    assert "422 run summary rejected" in result.stderr
    assert "unknown benchmark 'not-in-release'" in result.stderr


def test_a_bad_summary_never_leaves_the_machine(intake: Intake, tmp_path: Path, ltb_push) -> None:
    before = sorted(intake.inbox.iterdir())
    bad = json.dumps(make_summary(500)).replace('"score": 50.0', '"score": NaN')
    path = tmp_path / "ltb-run-summary.json"
    path.write_text(bad)
    result = ltb_push(str(path), "--to", intake.url)
    assert result.returncode == 4
    assert f"invalid run summary in {path}: (body): NaN is not a finite number" in result.stderr

    path.write_text(json.dumps(make_summary(501, transcript="secret model output")))
    result = ltb_push(str(path), "--to", intake.url)
    assert result.returncode == 4
    assert "'transcript' was unexpected" in result.stderr
    assert sorted(intake.inbox.iterdir()) == before


def test_push_to_a_local_inbox_writes_what_the_intake_writes(tmp_path: Path, ltb_push) -> None:
    path = write_summary(tmp_path / "job", make_summary(600))
    inbox = tmp_path / "local-inbox"
    result = ltb_push(str(path), "--to", str(inbox))
    assert result.returncode == 0, result.stderr
    run_file = inbox / f"{result.stdout.split()[0]}.json"
    assert result.stdout.splitlines()[1] == f"page: {run_file.resolve().as_uri()}"
    row = read_inbox_file(run_file, {"demo-qa"})
    assert isinstance(row, RunRecord) and row.submitter == "anonymous"
    assert ltb_push(str(path), "--to", str(inbox), "--key", "k").returncode == 2


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("--registry", "/nonexistent/release"), 2, "no intake given"),
        (("--to", "http://example.invalid", "--key", "k"), 2, "refusing to send an API key"),
        (("--to", "ftp://example.invalid"), 2, "must be http:// or https://"),
        (("--to", "http://127.0.0.1:9"), 5, "cannot reach the intake"),
    ],
)
def test_usage_and_connection_errors(tmp_path: Path, args, code, message, ltb_push) -> None:
    path = write_summary(tmp_path, make_summary(700))
    result = ltb_push(str(path), *args)
    assert result.returncode == code
    assert message in result.stderr


def test_nothing_to_push_is_explained(tmp_path: Path, ltb_push) -> None:
    result = ltb_push(str(tmp_path), "--to", str(tmp_path / "inbox"))
    assert result.returncode == 2
    assert "no ltb-run-summary.json and no Harbor job folder" in result.stderr


def test_too_many_requests(tmp_path: Path, ltb_push) -> None:
    with intake_with_key(tmp_path, "--per-minute", "1", "--burst", "2") as server:
        results = [
            ltb_push(
                str(write_summary(tmp_path / str(i), make_summary(800 + i))), "--to", server.url
            )
            for i in range(3)
        ]
    assert [r.returncode for r in results] == [0, 0, 5]
    assert "429 too many requests" in results[2].stderr
    wait = re.search(r"retry after (\d+) s", results[2].stderr)
    assert wait and 1 <= int(wait.group(1)) <= 60
    assert len(list(server.inbox.glob("*.json"))) == 2


def test_the_intake_stops_reading_an_oversized_chunked_body(intake: Intake) -> None:
    before = sorted(intake.inbox.iterdir())
    sent, limit = 0, 50_000_000
    chunk = b" " * 65536
    with socket.create_connection(("127.0.0.1", intake.port), timeout=10) as sock:
        sock.sendall(
            b"POST /v1/runs HTTP/1.1\r\nHost: intake\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        while sent < limit and not select.select([sock], [], [], 0.01)[0]:
            sock.sendall(b"%x\r\n%b\r\n" % (len(chunk), chunk))
            sent += len(chunk)
        answer = b""
        for _ in range(20):  # headers and body may come in separate packets
            data = sock.recv(4096)
            answer += data
            if not data or answer.endswith(b"}"):
                break
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert b"run summary too large" in answer
    assert sent < 2_000_000  # it answered long before the client was done
    assert sorted(intake.inbox.iterdir()) == before


def test_push_builds_the_summary_from_a_harbor_job_folder(tmp_path: Path) -> None:
    result = ltb_process(str(HARBOR_JOBS / "demo-oracle"), "--to", str(tmp_path / "inbox"))
    assert result.returncode == 0, result.stderr
    record = json.loads((tmp_path / "inbox" / f"{result.stdout.split()[0]}.json").read_text())
    assert record["summary"]["harbor_version"] == "0.25.0"
    assert set(record["summary"]) <= SUMMARY_KEYS
