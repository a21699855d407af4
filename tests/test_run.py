"""`ltb bench run`, the run summary and the namespace environment.

build_summary is checked against real Harbor 0.25.0 job output (tests/fixtures/harbor_job); the
oracle runs end to end through Harbor with ltb's namespace environment (no Docker).
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from benchhub_format.summary_check import InvalidSummaryError, check_summary, task_rewards
from harbor.environments.base import ExecResult
from harbor.models.task.config import EnvironmentConfig
from harbor.models.trial.paths import TrialPaths
from ltb.cli import main
from ltb.errors import SummaryError, UsageError
from ltb.harbor_env import NamespaceEnvironment
from ltb.pull.pipeline import PullRequest, pull
from ltb.summary import SUMMARY_NAME, build_summary

FIXTURE = Path(__file__).parent / "fixtures" / "harbor_job"
SCHEMA = json.loads(
    (
        Path(__file__).parents[1] / "ltb" / "benchhub_format" / "schemas" / "run-summary.v2.json"
    ).read_text()
)
CLOSED_PORT_ENDPOINT = "http://127.0.0.1:9"


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HF_ENDPOINT", CLOSED_PORT_ENDPOINT)
    for name in ("HF_HUB_OFFLINE", "LTB_REGISTRY", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_summary_of_a_real_harbor_job() -> None:
    job = FIXTURE / "jobs" / "demo-oracle"
    summary = build_summary(job, created_at="2026-11-29T15:00:00+00:00")
    jsonschema.validate(summary, SCHEMA)
    assert summary["score"] == pytest.approx(100 / 3)  # 2 of 6 trials right; errors count 0
    assert task_rewards(summary) == {"demo-qa-0000": 1.0, "demo-qa-0001": 0.0, "demo-qa-0002": 0.0}
    # Every attempt: the oracle reports no tokens, and demo-qa-0002's trials raised.
    assert summary["tasks"]["demo-qa-0000"]["attempts"] == [{"reward": 1.0, "errored": False}] * 2
    assert summary["tasks"]["demo-qa-0002"]["attempts"] == [{"reward": 0.0, "errored": True}] * 2
    assert summary["settings"] == {"attempts": 2}
    assert "transcripts_url" not in summary
    assert (summary["n_tasks"], summary["n_attempts"]) == (3, 2)
    assert summary["benchmark_id"] == "demo-qa"
    assert (summary["agent"], summary["model"]) == ("oracle", "oracle")
    assert summary["harbor_version"] == "0.25.0"
    assert (
        summary["results_sha256"] == hashlib.sha256((job / "result.json").read_bytes()).hexdigest()
    )
    assert summary["sample"] == {"seed": None, "n": 3, "split": None}
    assert "notes" not in summary


def test_summary_notes_missing_trials_and_other_job_shapes(tmp_path: Path) -> None:
    copy = tmp_path / "run"
    shutil.copytree(FIXTURE, copy)
    extra = copy / "datasets" / "demo-qa" / "demo-qa-0003"
    shutil.copytree(copy / "datasets" / "demo-qa" / "demo-qa-0000", extra)
    summary = build_summary(copy / "jobs" / "demo-oracle")
    assert "Harbor ran 6 trials, not 4 tasks x 2 attempts = 8" in summary["notes"]
    single = build_summary(FIXTURE / "jobs" / "demo-single")
    assert (single["benchmark_id"], single["score"], single["n_tasks"]) == ("demo-qa", 100.0, 1)
    with pytest.raises(SummaryError, match="no 'reward' key"):
        build_summary(FIXTURE / "jobs" / "demo-multikey")
    with pytest.raises(SummaryError, match="missing"):
        build_summary(tmp_path)


def test_summary_reads_tokens_cost_and_settings_from_harbor_trial_results(tmp_path: Path) -> None:
    """Harbor's own TrialResult model, given token usage, round-trips into the v2 summary."""
    from harbor.models.trial.result import TrialResult

    copy = tmp_path / "run"
    shutil.copytree(FIXTURE, copy)
    job = copy / "jobs" / "demo-oracle"
    usage = {}
    for index, path in enumerate(sorted(job.glob("*/result.json"))):
        trial = TrialResult.model_validate_json(path.read_text())
        assert trial.agent_result is not None
        trial.agent_result.n_input_tokens = 1000 + index
        trial.agent_result.n_cache_tokens = 100 * index
        trial.agent_result.n_output_tokens = 50 + index
        trial.agent_result.cost_usd = 0.01 * (index + 1)
        trial.config.agent.kwargs = {"reasoning_effort": "High", "unrelated_option": 3}
        path.write_text(trial.model_dump_json())
        usage[trial.trial_name] = (trial.started_at, 1000 + index, 100 * index, 50 + index)

    summary = build_summary(
        job,
        settings={"token_limit": "200000", "feedback": "false"},
        transcripts_url="https://example.org/transcripts/run-1",
    )
    jsonschema.validate(summary, SCHEMA)
    assert summary["settings"] == {
        "attempts": 2,
        "feedback": False,
        "reasoning_effort": "high",
        "token_limit": 200000,
    }
    assert summary["transcripts_url"] == "https://example.org/transcripts/run-1"
    for task, entry in summary["tasks"].items():
        expected = sorted((v for k, v in usage.items() if k.startswith(task + "__")))
        got = [
            (a["input_tokens"], a["cached_tokens"], a["output_tokens"]) for a in entry["attempts"]
        ]
        assert got == [e[1:] for e in expected]  # attempts in the order Harbor started them
        assert all(a["cost_usd"] > 0 for a in entry["attempts"])


def test_v2_checks_refuse_unknown_settings_and_malformed_attempts() -> None:
    summary = build_summary(FIXTURE / "jobs" / "demo-oracle", created_at="2026-11-29T15:00:00Z")
    bad = json.loads(json.dumps(summary))
    bad["settings"]["vibes"] = "good"
    bad["settings"]["feedback"] = "yes"
    bad["tasks"]["demo-qa-0000"]["attempts"][0]["reward"] = 1.5
    bad["tasks"]["demo-qa-0001"]["attempts"].append({"reward": 0.0, "transcript": "..."})
    with pytest.raises(InvalidSummaryError) as raised:
        check_summary(bad)
    problems = "\n".join(raised.value.problems)
    assert "settings.vibes: not a setting name the registry knows" in problems
    assert "settings.feedback: 'yes' is not spelled as the registry spells it (True)" in problems
    assert "tasks.demo-qa-0000.attempts[0].reward: 1.5 is greater than the maximum" in problems
    assert "tasks.demo-qa-0001.attempts[2]: unexpected field 'transcript'" in problems
    # A version 1 summary (one mean reward per task) is still accepted.
    v1 = {k: v for k, v in summary.items() if k not in ("tasks", "settings")}
    v1.update(schema_version=1, rewards=task_rewards(summary))
    assert check_summary(v1) is v1
    with pytest.raises(InvalidSummaryError, match="schema_version: 3 is not one of"):
        check_summary({**v1, "schema_version": 3})


def namespace_env(tmp_path: Path, dockerfile: str) -> NamespaceEnvironment:
    environment_dir = tmp_path / "task" / "environment"
    environment_dir.mkdir(parents=True)
    (environment_dir / "Dockerfile").write_text(dockerfile)
    trial_paths = TrialPaths(tmp_path / "trial")
    trial_paths.mkdir()
    return NamespaceEnvironment(
        environment_dir=environment_dir,
        environment_name="t",
        session_id="t__env",
        trial_paths=trial_paths,
        task_env_config=EnvironmentConfig(),
    )


def test_namespace_environment_is_private_and_throwaway(tmp_path: Path) -> None:
    env = namespace_env(tmp_path, "FROM python:3.12-slim\nWORKDIR /app\n")
    host_marker = tmp_path / "written-inside"
    (tmp_path / "upload.txt").write_text("up\n")

    async def scenario() -> Path:
        await env.start(force_build=False)
        state = env._state_dir()
        try:
            done = await env.exec("echo hi > /app/x && cat /app/x && pwd")
            assert (done.return_code, done.stdout) == (0, "hi\n/app\n")
            assert (await env.exec("cat /app/x")).stdout == "hi\n"  # state persists
            read_only = await env.exec("touch /usr/ltb-probe")
            assert read_only.return_code != 0 and "Read-only" in (read_only.stderr or "")
            # /tmp is private: the host's copy of this path stays untouched.
            private = await env.exec(f"mkdir -p {tmp_path} && echo x > {host_marker}")
            assert private.return_code == 0 and not host_marker.exists()
            await env.upload_file(tmp_path / "upload.txt", "/solution/in.txt")
            assert (await env.exec("cat /solution/in.txt")).stdout == "up\n"
            await env.download_file("/app/x", tmp_path / "x")
            assert (tmp_path / "x").read_text() == "hi\n"
            with pytest.raises(ValueError, match="outside"):
                await env.upload_file(tmp_path / "upload.txt", "/etc/ltb-probe")
            with pytest.raises(RuntimeError, match="timed out"):
                await env.exec("sleep 20", timeout_sec=1)
            background = await asyncio.wait_for(env.exec("(sleep 30 &) ; echo started"), 10)
            assert background.stdout == "started\n"
        finally:
            await env.stop(delete=True)
        return state

    state = asyncio.run(scenario())
    assert not state.exists()
    with pytest.raises(ValueError, match="cannot build"):
        namespace_env(tmp_path / "other", "FROM python:3.12-slim\nRUN pip install x\n")


def test_namespace_trial_runs_the_host_python_that_has_the_pinned_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`RUN pip install harbor==<the installed version>` needs no build: the trial's `python3` is
    the host's, and the host environment stays visible (read-only) even when it lives under the
    /tmp the trial gets privately (a project checked out under /tmp)."""
    pin = f"harbor=={importlib.metadata.version('harbor')}"
    dockerfile = f"FROM python:3.12-slim\nRUN pip install --no-cache-dir {pin}\n"

    async def run_in_trial(env: NamespaceEnvironment, *commands: str) -> list[ExecResult]:
        await env.start(force_build=False)
        try:
            return [await env.exec(command) for command in commands]
        finally:
            await env.stop(delete=True)

    env = namespace_env(tmp_path / "real", dockerfile)
    (found,) = asyncio.run(
        run_in_trial(env, "python3 -c 'import harbor, sys; print(sys.executable)'")
    )
    assert found.return_code == 0, found.stderr
    assert Path((found.stdout or "").strip()).parent == Path(sys.executable).parent

    # An environment under /tmp (where this test cannot move the real one) is bound read-only.
    prefix_under_tmp = tmp_path / "venv-under-tmp"
    (prefix_under_tmp / "lib").mkdir(parents=True)
    (prefix_under_tmp / "lib" / "marker").write_text("host\n")
    monkeypatch.setattr(sys, "prefix", str(prefix_under_tmp))
    env = namespace_env(tmp_path / "under-tmp", dockerfile)
    seen, write = asyncio.run(
        run_in_trial(
            env, f"cat {prefix_under_tmp}/lib/marker", f"touch {prefix_under_tmp}/lib/probe"
        )
    )
    assert (seen.return_code, seen.stdout) == (0, "host\n")
    assert write.return_code != 0 and "Read-only" in (write.stderr or "")
    assert not (prefix_under_tmp / "lib" / "probe").exists()
    with pytest.raises(ValueError, match="cannot build"):  # a version the host lacks
        namespace_env(tmp_path / "other", "FROM python:3.12-slim\nRUN pip install harbor==0.0.1\n")


def pulled(tmp_path: Path, benchmark: str, n: int) -> Path:
    return pull(PullRequest(benchmark, n=n, seed=2, out=tmp_path / benchmark)).out_dir


def test_oracle_scores_100_on_every_shape_through_the_cli(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for benchmark, n in (("mmlu-pro", 4), ("gsm8k", 3), ("humaneval", 3)):
        for task in pulled(tmp_path, benchmark, n).iterdir():
            if task.is_dir():
                shutil.copytree(task, mixed / task.name)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch)}
    command = [
        sys.executable,
        "-m",
        "ltb.cli",
        "bench",
        "run",
        "mixed",
        "-a",
        "oracle",
        "--job-name",
        "j1",
    ]
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Score 100.0" in done.stdout
    summary = json.loads((tmp_path / "jobs" / "j1" / SUMMARY_NAME).read_text())
    jsonschema.validate(summary, SCHEMA)
    assert summary["score"] == 100.0
    assert summary["n_tasks"] == 10 and set(task_rewards(summary).values()) == {1.0}
    assert not list(scratch.glob("ltb-namespace-*"))  # every trial's state was deleted


def test_oracle_refuses_tasks_without_any_solution(tmp_path: Path) -> None:
    rows = [
        {"Record ID": "r1", "Question": "2 + 2?", "Correct Answer": "4", "Incorrect Answer 1": "3",
         "Incorrect Answer 2": "5", "Incorrect Answer 3": "22"},
    ]  # fmt: skip
    source = tmp_path / "rows.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = pull(PullRequest("gpqa-diamond", n=1, out=tmp_path / "gpqa", source=source)).out_dir
    assert main(["bench", "run", str(out), "-a", "oracle"]) == UsageError.exit_code
    assert not (tmp_path / "jobs").exists()  # refused before Harbor started


def test_broken_tasks_score_below_100(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = pulled(tmp_path, "mmlu-pro", 4)
    good, wrong, withheld, no_reward = sorted(d for d in out.iterdir() if d.is_dir())
    answer = (wrong / "solution" / "answer.txt").read_text().strip()
    (wrong / "solution" / "answer.txt").write_text("B\n" if answer != "B" else "C\n")
    shutil.rmtree(withheld / "solution")
    (no_reward / "tests" / "test.sh").write_text("#!/bin/bash\nexit 0\n")

    assert main(["bench", "run", str(out), "-a", "oracle", "--job-name", "broken"]) == 0
    captured = capsys.readouterr()
    assert "1 of 4 tasks have no solution" in captured.err
    summary = json.loads((tmp_path / "jobs" / "broken" / SUMMARY_NAME).read_text())
    assert task_rewards(summary) == {good.name: 1.0, wrong.name: 0.0, no_reward.name: 0.0}
    assert summary["score"] == pytest.approx(100 / 3)
    assert summary["sample"] == {"seed": 2, "n": 4, "split": "test"}
    assert "1 of 4 tasks filtered out by name" in summary["notes"]


def test_run_refuses_an_unknown_setting_before_harbor_starts(tmp_path: Path) -> None:
    out = pulled(tmp_path, "mmlu-pro", 1)
    code = main(["bench", "run", str(out), "-a", "oracle", "--setting", "vibes=good"])
    assert code == UsageError.exit_code
    assert not (tmp_path / "jobs").exists()
