"""Harbor job folders built from the real Harbor 0.25.0 output in tests/fixtures/harbor_job,
with seeded noise: more tasks, a model, rewards drawn per attempt, and token usage and cost.

Every trial result is the real trial's result.json read and written back through Harbor's own
TrialResult model, so what ltb parses is exactly the shape Harbor writes.
"""

from __future__ import annotations

import json
import shutil
import uuid
from datetime import timedelta
from pathlib import Path

import numpy as np
from harbor.models.agent.context import AgentContext
from harbor.models.job.result import JobResult
from harbor.models.trial.result import AgentInfo, ModelInfo, TrialResult
from harbor.models.verifier.result import VerifierResult

REAL_JOB = Path(__file__).parent / "fixtures" / "harbor_job" / "jobs" / "demo-oracle"
TEMPLATE_TRIAL = "demo-qa-0000__HtWYhx6"


def synthetic_job(
    out: Path,
    *,
    seed: int,
    n_tasks: int,
    n_attempts: int,
    task_solve_rates: np.ndarray,
    run_shift: float = 0.0,
    model: tuple[str, str] = ("openai", "gpt-4o"),
    agent: str = "terminus-2",
    tokens_per_attempt: float = 20_000.0,
    usd_per_million_tokens: float = 5.0,
) -> Path:
    """A finished Harbor job in `out`: n_tasks x n_attempts trials. Attempt a of task t
    succeeds with probability clip(task_solve_rates[t] + run_shift); tokens are lognormal."""
    rng = np.random.default_rng(seed)
    job = out
    job.mkdir(parents=True)
    shutil.copy(REAL_JOB / "lock.json", job / "lock.json")
    config = json.loads((REAL_JOB / "config.json").read_text())
    config["n_attempts"] = n_attempts
    (job / "config.json").write_text(json.dumps(config, indent=2))
    template = TrialResult.model_validate_json(
        (REAL_JOB / TEMPLATE_TRIAL / "result.json").read_text()
    )
    job_id = str(uuid.UUID(int=int(rng.integers(0, 2**63))))
    start = template.started_at
    assert start is not None
    rewards = []
    for task_index in range(n_tasks):
        task = f"demo-qa-{task_index:04d}"
        p = float(np.clip(task_solve_rates[task_index] + run_shift, 0, 1))
        for attempt in range(n_attempts):
            reward = float(rng.random() < p)
            rewards.append(reward)
            tokens = int(rng.lognormal(np.log(tokens_per_attempt), 0.6))
            output = int(tokens * 0.1)
            trial_name = f"{task}__{attempt:02d}{seed:05d}"
            trial = template.model_copy(deep=True)
            trial.id = uuid.UUID(int=int(rng.integers(0, 2**63)))
            trial.trial_name = trial_name
            trial.task_name = f"bench/{task}"
            trial.config.trial_name = trial_name
            trial.config.job_id = uuid.UUID(job_id)
            trial.config.task.path = Path("datasets/demo-qa") / task
            trial.started_at = start + timedelta(seconds=task_index * 10 + attempt)
            trial.agent_info = AgentInfo(
                name=agent, version="1.0.0", model_info=ModelInfo(provider=model[0], name=model[1])
            )
            trial.agent_result = AgentContext(
                n_input_tokens=tokens - output,
                n_cache_tokens=int((tokens - output) * 0.5),
                n_output_tokens=output,
                cost_usd=tokens * usd_per_million_tokens / 1e6,
            )
            trial.verifier_result = VerifierResult(rewards={"reward": reward})
            trial.exception_info = None
            (job / trial_name).mkdir()
            (job / trial_name / "result.json").write_text(trial.model_dump_json(indent=2))
    result = json.loads((REAL_JOB / "result.json").read_text())
    result["id"] = job_id
    result["n_total_trials"] = n_tasks * n_attempts
    key = f"{agent}__{model[1]}__demo-qa"
    evaluation = next(iter(result["stats"]["evals"].values()))
    evaluation["metrics"] = [{"mean": float(np.mean(rewards))}]
    result["stats"]["evals"] = {key: evaluation}
    # Checked with Harbor's own model; its id differs per seed, and so does results_sha256.
    JobResult.model_validate(result)
    (job / "result.json").write_text(json.dumps(result, indent=2))
    return job
