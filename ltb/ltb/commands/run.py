"""`ltb bench run DIR`: run Harbor on pulled tasks, then write ltb-run-summary.json.

Harbor runs as a subprocess (`harbor run -p DIR -a AGENT ...`) from the same environment as
ltb. The summary goes into Harbor's job folder, where `ltb bench push` finds it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from ltb.errors import HarborRunError, UsageError
from ltb.pull import REPORT_NAME
from ltb.summary import SUMMARY_NAME, build_summary, write_summary

NAMESPACE_ENV = "ltb.harbor_env:NamespaceEnvironment"
# Agents that only run the task's own scripts (or nothing): safe in the namespace environment.
TRUSTED_AGENTS = {"oracle", "nop"}
# Set for Harbor unless the user set them: offline, Harbor's telemetry flush and LiteLLM's
# price-list download each stall for seconds before giving up.
QUIET_DEFAULTS = {"HARBOR_TELEMETRY": "0", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run Harbor on a folder of pulled tasks and write ltb-run-summary.json into the job "
        "folder. The oracle (and nop) run by default in ltb's namespace environment, which "
        "needs no Docker: it runs each trial on this host with a private /app, /tests, "
        "/solution and /logs. It is for the oracle and trusted scripts only; agents and "
        "models default to Docker. Unless you set them, HARBOR_TELEMETRY=0 and "
        "LITELLM_LOCAL_MODEL_COST_MAP=True are passed to Harbor, whose telemetry flush and "
        "price-list download otherwise stall for seconds when offline."
    )
    parser.add_argument("dir", type=Path, help="folder written by `ltb bench pull`")
    parser.add_argument("-a", "--agent", default="oracle", help="Harbor agent (default oracle)")
    parser.add_argument("-m", "--model", help="model as provider/name, for agents that use one")
    parser.add_argument(
        "-n", "--attempts", type=int, default=1, help="attempts per task (harbor -k; default 1)"
    )
    parser.add_argument(
        "--concurrent", type=int, default=4, help="trials at once (harbor -n; default 4)"
    )
    parser.add_argument(
        "--env",
        help="Harbor environment: 'namespace' (ltb's, no Docker; oracle and trusted scripts "
        "only), docker, another Harbor type, or module:Class "
        "(default: namespace for oracle and nop, docker otherwise)",
    )
    parser.add_argument(
        "--reasoning-effort",
        help="the model's reasoning effort (minimal, low, medium, high), passed to the agent "
        "(harbor --ak reasoning_effort=...) and recorded in the summary",
    )
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a run setting to record, in the registry's setting names (token_limit=200000, "
        "feedback=false, temperature=0.7...); repeatable. Runs with other settings are pooled "
        "apart.",
    )
    parser.add_argument(
        "--transcripts-url",
        help="https link to transcripts you publish yourself; the summary carries the link only",
    )
    parser.add_argument("--jobs-dir", type=Path, default=Path("jobs"), help="default ./jobs")
    parser.add_argument("--job-name", help="default BENCHMARK-AGENT-TIMESTAMP")


def run(args: argparse.Namespace) -> int:
    dataset = args.dir.resolve()
    tasks = _task_dirs(dataset)
    if args.attempts < 1 or args.concurrent < 1:
        raise UsageError("--attempts and --concurrent must be at least 1")
    environment = _environment(args.env, args.agent)
    settings = _settings(args.setting)
    if args.reasoning_effort:
        settings["reasoning_effort"] = args.reasoning_effort
    excluded = _without_solution(tasks) if args.agent == "oracle" else []
    if excluded and len(excluded) == len(tasks):
        raise UsageError(
            f"{dataset}: no task has a solution (its licence keeps answers out), so the oracle "
            "has nothing to run"
        )
    if excluded:
        print(
            f"ltb: notice: {len(excluded)} of {len(tasks)} tasks have no solution (licence); "
            "the oracle score covers the other tasks only",
            file=sys.stderr,
        )
    benchmark = _benchmark_id(dataset)
    jobs_dir = args.jobs_dir.resolve()
    job_name = args.job_name or _job_name(benchmark, args.agent, jobs_dir)
    if (jobs_dir / job_name).exists():
        raise UsageError(f"{jobs_dir / job_name} exists; choose another --job-name")

    command = [
        _harbor_executable(),
        "run",
        "-p", str(dataset),
        "-a", args.agent,
        "-k", str(args.attempts),
        "-n", str(args.concurrent),
        "-o", str(jobs_dir),
        "--job-name", job_name,
        "-e", environment,
        "--yes",
    ]  # fmt: skip
    if args.model:
        command += ["-m", args.model]
    if args.reasoning_effort:
        command += ["--ak", f"reasoning_effort={args.reasoning_effort}"]
    for name in excluded:
        command += ["-x", name]
    if not sys.stdout.isatty():
        command.append("--quiet")
    completed = subprocess.run(command, env=_harbor_env(), check=False)
    if completed.returncode != 0:
        raise HarborRunError(
            f"harbor exited with status {completed.returncode}: {' '.join(command)}"
        )
    job_dir = jobs_dir / job_name
    if not (job_dir / "result.json").is_file():
        raise HarborRunError(f"harbor finished but wrote no {job_dir / 'result.json'}")

    summary = build_summary(job_dir, settings=settings, transcripts_url=args.transcripts_url)
    write_summary(summary, job_dir / SUMMARY_NAME)
    if "notes" in summary:
        print(f"ltb: note: {summary['notes']}", file=sys.stderr)
    attempts = "attempt" if summary["n_attempts"] == 1 else "attempts"
    print(
        f"Score {summary['score']:.1f} on {summary['benchmark_id']} ({summary['n_tasks']} tasks x "
        f"{summary['n_attempts']} {attempts}, agent {summary['agent']}, model {summary['model']})"
    )
    print(f"Summary: {job_dir / SUMMARY_NAME}")
    return 0


def _settings(pairs: list[str]) -> dict[str, str]:
    """--setting NAME=VALUE pairs, refused before Harbor starts unless the registry knows the
    name (benchhub_format/score_settings.py; aliases such as `effort` are accepted)."""
    from benchhub_format.score_settings import CANONICAL, canonical_name

    settings = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--setting {pair!r}: expected NAME=VALUE")
        if canonical_name(name) not in CANONICAL:
            raise UsageError(
                f"--setting {pair!r}: {name.strip()!r} is not a setting name the registry "
                "knows; use one of " + ", ".join(sorted(CANONICAL))
            )
        settings[name.strip()] = value.strip()
    return settings


def _task_dirs(dataset: Path) -> list[Path]:
    if not dataset.is_dir():
        raise UsageError(f"{dataset}: no such folder; pull tasks first with `ltb bench pull`")
    if "__" in dataset.name:
        raise UsageError(
            f"{dataset.name}: Harbor drops the metrics of dataset folders whose name contains "
            "'__'; rename the folder"
        )
    tasks = sorted(d for d in dataset.iterdir() if (d / "task.toml").is_file())
    if not tasks:
        raise UsageError(f"{dataset}: no task folders (with task.toml) inside")
    no_dockerfile = [t.name for t in tasks if not (t / "environment" / "Dockerfile").is_file()]
    if no_dockerfile:
        raise UsageError(f"{dataset}: no environment/Dockerfile in {', '.join(no_dockerfile[:5])}")
    return tasks


def _environment(choice: str | None, agent: str) -> str:
    if choice is None:
        return NAMESPACE_ENV if agent in TRUSTED_AGENTS else "docker"
    if choice == "namespace":
        if agent not in TRUSTED_AGENTS:
            print(
                f"ltb: warning: the namespace environment runs {agent}'s commands on this host "
                "as this user; use it only for agents you trust",
                file=sys.stderr,
            )
        return NAMESPACE_ENV
    return choice


def _without_solution(tasks: list[Path]) -> list[str]:
    return [t.name for t in tasks if not (t / "solution" / "solve.sh").is_file()]


def _benchmark_id(dataset: Path) -> str:
    report = dataset / REPORT_NAME
    if report.is_file():
        benchmark = json.loads(report.read_text(encoding="utf-8")).get("benchmark_id")
        if isinstance(benchmark, str) and benchmark:
            return benchmark
    return dataset.name


def _job_name(benchmark: str, agent: str, jobs_dir: Path) -> str:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    base = re.sub(r"[^A-Za-z0-9.-]+", "-", f"{benchmark}-{agent}-{stamp}")
    name, counter = base, 2
    while (jobs_dir / name).exists():
        name, counter = f"{base}-{counter}", counter + 1
    return name


def _harbor_executable() -> str:
    """Harbor from ltb's own environment first, so it can import ltb's namespace environment."""
    sibling = Path(sys.executable).with_name("harbor")
    if sibling.is_file():
        return str(sibling)
    found = shutil.which("harbor")
    if found is None:
        raise HarborRunError("harbor is not installed; install it (pip install harbor==0.25.0)")
    return found


def _harbor_env() -> dict[str, str]:
    env = {**QUIET_DEFAULTS, **os.environ}
    # Task scripts call python3: make it this interpreter, which exists wherever ltb runs.
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env
