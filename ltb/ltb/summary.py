"""Building the ltb run summary (schemas/run-summary.v2.json) from a Harbor job folder.

Pure: reads the job folder (and the pulled dataset's pull-report.json when it can be found),
writes nothing. `ltb bench run` and `ltb bench push` both call `build_summary`.

What is read from Harbor 0.25's job output:
- result.json: `stats.evals` (exactly one agent x model x dataset) and its `metrics[0]["mean"]`,
  which counts errored trials as 0, and `n_total_trials`. Its SHA-256 is `results_sha256`.
- config.json: `n_attempts`, the dataset path and any task name filters.
- lock.json: `harbor.version`.
- <trial>/result.json: the task folder, agent, model and reward of each trial (one trial is one
  attempt, in the order of `started_at`), whether it errored (`exception_info`), and the agent's
  token usage and cost (`agent_result.n_input_tokens`, `n_cache_tokens`, `n_output_tokens`,
  `cost_usd`) when the agent reported them.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tomllib
from collections import defaultdict
from collections.abc import Mapping
from datetime import UTC, datetime
from fnmatch import fnmatch
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

from benchhub_format.score_settings import CANONICAL, canonical_name, normalise
from benchhub_format.summary_check import check_summary

from ltb import __version__
from ltb.errors import SummaryError
from ltb.pull import REPORT_NAME

SUMMARY_NAME = "ltb-run-summary.json"
REWARD_KEY = "reward"
NOTES_MAX_CHARS = 2000
_NOT_SLUG = re.compile(r"[^a-z0-9._-]+")


def build_summary(
    job_dir: str | Path,
    *,
    benchmark_id: str | None = None,
    sample: Mapping[str, Any] | None = None,
    created_at: str | None = None,
    settings: Mapping[str, Any] | None = None,
    transcripts_url: str | None = None,
) -> dict[str, Any]:
    """The run summary of one Harbor job, checked against the schema (summary_check).

    job_dir: a Harbor job folder (result.json, config.json, lock.json, one folder per trial).
    benchmark_id, sample: override what the dataset's pull-report.json says. Without a pull
        report the benchmark id is the dataset folder's name and the sample is
        {"seed": None, "n": n_tasks}.
    created_at: an RFC 3339 time for the summary (default: now, UTC).
    settings: run settings under the registry's setting names (reasoning_effort, token_limit,
        feedback, ...); `attempts` is added from Harbor's n_attempts.
    transcripts_url: a link to transcripts the submitter publishes (never the transcripts).

    score is 100 x Harbor's mean reward; tasks maps each task folder name to its attempts, each
    with its reward (errored trials count 0, as Harbor counts them) and, when Harbor recorded
    them, tokens and cost. Anything a reader should
    know (fewer trials than tasks x attempts, tasks filtered out, rows from the bundled slice)
    goes to `notes`. Raises SummaryError when the folder cannot be summarised.
    """
    job = Path(job_dir)
    result_path = job / "result.json"
    result = _read_json(result_path)
    config = _read_json(job / "config.json") if (job / "config.json").is_file() else {}
    notes: list[str] = []

    evals = (result.get("stats") or {}).get("evals") or {}
    if len(evals) != 1:
        raise SummaryError(
            f"{result_path}: {len(evals)} agent/model/dataset evaluations; a summary covers "
            "exactly one (run one agent and model on one dataset per job)"
        )
    eval_key, evaluation = next(iter(evals.items()))
    trials = _trial_results(job, result.get("id"))
    if not trials:
        raise SummaryError(f"{job}: no trial results; did the job run?")

    attempts_by_task: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for trial in sorted(trials, key=lambda t: (str(t.get("started_at") or ""), t["trial_name"])):
        attempts_by_task[_task_name(trial)].append(_attempt(trial, job))
    tasks = {task: {"attempts": attempts} for task, attempts in sorted(attempts_by_task.items())}
    rewards = {task: [a["reward"] for a in attempts] for task, attempts in attempts_by_task.items()}
    all_rewards = [r for rs in rewards.values() for r in rs]
    trial_mean = math.fsum(all_rewards) / len(all_rewards)

    harbor_mean = _harbor_mean(evaluation)
    if harbor_mean is None:
        notes.append(
            f"Harbor reported no mean metric for {eval_key}; score computed from "
            f"{len(all_rewards)} trial results"
        )
        harbor_mean = trial_mean
    elif abs(harbor_mean - trial_mean) > 1e-9:
        notes.append(
            f"Harbor's mean reward {harbor_mean:.6f} differs from the mean over trial folders "
            f"{trial_mean:.6f}"
        )

    n_attempts = int(config.get("n_attempts") or 1)
    dataset = config.get("datasets", [{}])[0] if config.get("datasets") else {}
    dataset_dir = _dataset_dir(dataset.get("path"), job)
    notes += _trial_count_notes(result, dataset, dataset_dir, len(rewards), n_attempts)

    report = _pull_report(dataset_dir)
    if report and report.get("rows", {}).get("origin") == "bundled":
        notes.append("tasks were pulled from the rows bundled with ltb, a slice of the split")
    summary: dict[str, Any] = {
        "schema_version": 2,
        "benchmark_id": benchmark_id or _benchmark_id(report, dataset_dir, config, job, eval_key),
        "model": _model(trials),
        "agent": _agent(trials),
        "harness": "harbor",
        "harbor_version": _harbor_version(job),
        "cli_version": __version__,
        "score": 100 * harbor_mean,
        "n_tasks": len(rewards),
        "n_attempts": n_attempts,
        "tasks": tasks,
        "sample": dict(sample) if sample is not None else _sample(report, len(rewards)),
        "results_sha256": hashlib.sha256(result_path.read_bytes()).hexdigest(),
        "created_at": created_at or datetime.now(UTC).isoformat(timespec="seconds"),
        "settings": normalise(
            {**_agent_settings(trials), **(settings or {}), "attempts": n_attempts}
        ),
    }
    if transcripts_url:
        summary["transcripts_url"] = transcripts_url
    if notes:
        text = "; ".join(notes)
        summary["notes"] = (
            text if len(text) <= NOTES_MAX_CHARS else text[: NOTES_MAX_CHARS - 3] + "..."
        )
    return check_summary(summary)


def write_summary(summary: Mapping[str, Any], path: Path) -> None:
    path.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _agent_settings(trials: list[dict[str, Any]]) -> dict[str, Any]:
    """Agent options the trials ran with (`harbor --ak NAME=VALUE`, in each trial's
    config.agent.kwargs) that are registry settings, such as reasoning_effort; other agent
    options are not recorded."""
    settings: dict[str, Any] = {}
    for trial in trials:
        kwargs = ((trial.get("config") or {}).get("agent") or {}).get("kwargs") or {}
        for key, value in kwargs.items():
            if canonical_name(key) in CANONICAL and isinstance(value, str | int | float | bool):
                settings.setdefault(key, value)
    return settings


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SummaryError(f"{path}: missing; is this a finished Harbor job folder?") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise SummaryError(f"{path}: unreadable ({exc})") from exc


def _trial_results(job: Path, job_id: str | None) -> list[dict[str, Any]]:
    """This job's trial results (folders left by another job with the same name are ignored)."""
    trials = []
    for path in sorted(job.glob("*/result.json")):
        trial = _read_json(path)
        if not isinstance(trial, dict) or "trial_name" not in trial:
            continue
        if job_id and (trial.get("config") or {}).get("job_id") not in (None, job_id):
            continue
        trials.append(trial)
    return trials


def _task_name(trial: Mapping[str, Any]) -> str:
    path = ((trial.get("config") or {}).get("task") or {}).get("path")
    if path:
        return Path(path).name
    return str(trial["task_name"]).rsplit("/", 1)[-1]


# Harbor's agent_result field -> the summary's attempt field.
TOKEN_FIELDS = {
    "n_input_tokens": "input_tokens",
    "n_cache_tokens": "cached_tokens",
    "n_output_tokens": "output_tokens",
    "cost_usd": "cost_usd",
}


def _attempt(trial: Mapping[str, Any], job: Path) -> dict[str, Any]:
    """One trial as an attempt: reward, whether it errored, and the usage Harbor recorded."""
    attempt: dict[str, Any] = {
        "reward": _trial_reward(trial, job),
        "errored": bool(trial.get("exception_info")) or not trial.get("verifier_result"),
    }
    usage = trial.get("agent_result") or {}
    for harbor_name, name in TOKEN_FIELDS.items():
        value = usage.get(harbor_name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise SummaryError(
                f"{job}/{trial['trial_name']}: agent_result.{harbor_name} {value!r} is not a "
                "count or amount"
            )
        attempt[name] = float(value) if name == "cost_usd" else int(value)
    return attempt


def _trial_reward(trial: Mapping[str, Any], job: Path) -> float:
    verifier = trial.get("verifier_result")
    if not verifier or not verifier.get("rewards"):
        return 0.0  # an errored trial, counted as Harbor counts it
    values = verifier["rewards"]
    if REWARD_KEY in values:
        value = values[REWARD_KEY]
    elif len(values) == 1:
        value = next(iter(values.values()))
    else:
        raise SummaryError(
            f"{job}/{trial['trial_name']}: rewards {sorted(values)} have no {REWARD_KEY!r} key; "
            "a summary needs one reward per trial"
        )
    if not isinstance(value, int | float) or not 0 <= value <= 1:
        raise SummaryError(f"{job}/{trial['trial_name']}: reward {value!r} is not in [0, 1]")
    return float(value)


def _harbor_mean(evaluation: Mapping[str, Any]) -> float | None:
    metrics = evaluation.get("metrics") or []
    if metrics and isinstance(metrics[0], dict) and isinstance(metrics[0].get("mean"), int | float):
        return float(metrics[0]["mean"])
    return None


def _dataset_dir(path: str | None, job: Path) -> Path | None:
    """A dataset or task folder the job ran: absolute as ltb passes it, or relative to where
    Harbor ran, which is the jobs folder's parent in the usual `-o jobs` layout."""
    if not path:
        return None
    candidate = Path(path)
    if not candidate.is_absolute():
        candidate = job.resolve().parent.parent / candidate
    return candidate if candidate.is_dir() else None


def _trial_count_notes(
    result: Mapping[str, Any],
    dataset: Mapping[str, Any],
    dataset_dir: Path | None,
    n_tasks_run: int,
    n_attempts: int,
) -> list[str]:
    notes = []
    n_tasks = n_tasks_run
    if dataset_dir is not None:
        names = sorted(d.name for d in dataset_dir.iterdir() if (d / "task.toml").is_file())
        included = [n for n in names if _selected(n, dataset)]
        if len(included) < len(names):
            notes.append(f"{len(names) - len(included)} of {len(names)} tasks filtered out by name")
        n_tasks = len(included)
    n_total = result.get("n_total_trials")
    if n_total != n_tasks * n_attempts:
        notes.append(
            f"Harbor ran {n_total} trials, not {n_tasks} tasks x {n_attempts} attempts = "
            f"{n_tasks * n_attempts} (Harbor skips invalid task folders silently)"
        )
    return notes


def _selected(name: str, dataset: Mapping[str, Any]) -> bool:
    include = dataset.get("task_names") or []
    exclude = dataset.get("exclude_task_names") or []
    if include and not any(fnmatch(name, p) for p in include):
        return False
    return not any(fnmatch(name, p) for p in exclude)


def _pull_report(dataset_dir: Path | None) -> dict[str, Any] | None:
    if dataset_dir is None or not (dataset_dir / REPORT_NAME).is_file():
        return None
    report = _read_json(dataset_dir / REPORT_NAME)
    return report if isinstance(report, dict) else None


def _benchmark_id(
    report: Mapping[str, Any] | None,
    dataset_dir: Path | None,
    config: Mapping[str, Any],
    job: Path,
    eval_key: str,
) -> str:
    """From the pull report, else a task's metadata.benchmark, else the dataset's name."""
    if report and report.get("benchmark_id"):
        return str(report["benchmark_id"])
    task_dirs = sorted(dataset_dir.iterdir()) if dataset_dir else []
    task_dirs += [d for t in config.get("tasks") or [] if (d := _dataset_dir(t.get("path"), job))]
    for task_dir in task_dirs:
        if (task_dir / "task.toml").is_file():
            metadata = tomllib.loads((task_dir / "task.toml").read_text()).get("metadata", {})
            if isinstance(metadata.get("benchmark"), str):
                return _slug(metadata["benchmark"])
            break
    return _slug(dataset_dir.name if dataset_dir else eval_key.split("__")[-1])


def _slug(name: str) -> str:
    return _NOT_SLUG.sub("-", name.lower()).strip("-._") or "unknown"


def _sample(report: Mapping[str, Any] | None, n_tasks: int) -> dict[str, Any]:
    sample = (report or {}).get("sample") or {}
    return {
        "seed": sample.get("seed"),
        "n": sample.get("n") or n_tasks,
        "split": sample.get("split"),
    }


def _agent(trials: list[dict[str, Any]]) -> str:
    names = {t.get("agent_info", {}).get("name") for t in trials} - {None}
    if len(names) != 1:
        raise SummaryError(f"trials name {len(names)} agents ({sorted(names)}); expected one")
    return names.pop()


def _model(trials: list[dict[str, Any]]) -> str:
    """provider/name as passed to Harbor; an agent without a model (oracle, nop) is its own."""
    models = set()
    for trial in trials:
        info = trial.get("agent_info") or {}
        model = info.get("model_info")
        if model:
            models.add(
                f"{model['provider']}/{model['name']}" if model.get("provider") else model["name"]
            )
        else:
            models.add(info.get("name"))
    if len(models) != 1:
        raise SummaryError(
            f"trials used {len(models)} models ({sorted(map(str, models))}); expected one"
        )
    return str(models.pop())


def _harbor_version(job: Path) -> str:
    lock = job / "lock.json"
    if lock.is_file():
        recorded = (_read_json(lock).get("harbor") or {}).get("version")
        if recorded:
            return str(recorded)
    try:
        return package_version("harbor")
    except PackageNotFoundError:
        raise SummaryError(
            f"{job}: no lock.json and Harbor is not installed; version unknown"
        ) from None
