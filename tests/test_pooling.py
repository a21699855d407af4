"""Pooled estimates (benchhub.pooling) on simulated pools whose true score is known."""

from __future__ import annotations

import math

import numpy as np
import pytest

from benchhub.pooling import (
    MAX_SUBMITTER_SHARE,
    TaskRewards,
    pool_estimates,
    submitter_weights,
    t_quantile_975,
)


def simulate(
    seed: int,
    *,
    pools: int,
    runs: int,
    tasks: int,
    shared_tasks: bool,
    task_sd: float = 0.15,
    run_sd: float = 0.04,
    submitters: int = 3,
) -> tuple[TaskRewards, np.ndarray]:
    """Binary task rewards: P(solve) = clip(mu + task effect + run effect). The truth is the
    expected reward over the task population and over runs, E[clip(mu + a + b)]."""
    rng = np.random.default_rng(seed)
    mu = rng.uniform(0.15, 0.85, pools)
    run_pool = np.repeat(np.arange(pools), runs)
    if shared_tasks:  # every run of a pool scores the same task sample (the usual --seed)
        task_effect = np.repeat(rng.normal(0, task_sd, (pools, tasks)), runs, axis=0)
    else:  # each run draws its own tasks
        task_effect = rng.normal(0, task_sd, (pools * runs, tasks))
    run_effect = rng.normal(0, run_sd, (pools * runs, 1))
    p = np.clip(mu[run_pool, None] + task_effect + run_effect, 0, 1)
    rewards = (rng.random(p.shape) < p).astype(np.float64)
    if shared_tasks:
        row_task = np.tile(np.arange(tasks), pools * runs)
    else:
        row_task = np.arange(pools * runs * tasks)
    data = TaskRewards(
        run_pool=run_pool,
        run_submitter=rng.integers(0, submitters, pools * runs),
        row_run=np.repeat(np.arange(pools * runs), tasks),
        row_task=row_task,
        row_reward=rewards.ravel(),
    )
    draws = rng.normal(0, math.hypot(task_sd, run_sd), 4000)
    truth = np.clip(mu[:, None] + draws[None, :], 0, 1).mean(axis=1)
    return data, 100 * truth


@pytest.mark.parametrize("shared_tasks", [True, False])
@pytest.mark.parametrize("runs", [1, 3, 10])
def test_nominal_95_intervals_cover_the_truth(shared_tasks: bool, runs: int) -> None:
    data, truth = simulate(runs, pools=1500, runs=runs, tasks=40, shared_tasks=shared_tasks)
    pooled = pool_estimates(data)
    covered = (pooled.ci_low <= truth) & (truth <= pooled.ci_high)
    assert covered.mean() >= 0.90, (shared_tasks, runs, covered.mean())
    # Not vacuous: the intervals are narrower than the scale and shrink with more runs.
    assert np.nanmedian(pooled.ci_high - pooled.ci_low) < 45
    assert np.all(pooled.n_runs == runs)


def test_more_runs_narrow_the_interval_and_the_projection_says_how_many() -> None:
    few, _ = simulate(7, pools=300, runs=3, tasks=400, shared_tasks=False, run_sd=0.05)
    many, _ = simulate(8, pools=300, runs=30, tasks=400, shared_tasks=False, run_sd=0.05)
    a, b = pool_estimates(few), pool_estimates(many)
    assert np.median(b.ci_high - b.ci_low) < np.median(a.ci_high - a.ci_low)
    for pooled in (a, b):
        # A pool that reached +-2 points needs no more runs; one that did not needs some.
        reached = (pooled.ci_high - pooled.ci_low) / 2 <= 2
        assert np.all(pooled.runs_needed[reached] == 0)
        assert np.all(pooled.runs_needed[~reached] >= 1)
    assert np.median(b.runs_needed) < np.median(a.runs_needed)


def test_runs_needed_is_undefined_for_one_run_and_for_too_few_tasks() -> None:
    one, _ = simulate(1, pools=5, runs=1, tasks=30, shared_tasks=True)
    pooled = pool_estimates(one)
    assert np.all(np.isnan(pooled.runs_needed))
    assert pooled.runs_needed_reason[0] and "one run" in pooled.runs_needed_reason[0]
    # 10 shared tasks: the tasks alone keep the interval wider than +-2 points.
    shared, _ = simulate(2, pools=5, runs=8, tasks=10, shared_tasks=True, task_sd=0.3)
    pooled = pool_estimates(shared)
    assert np.all(np.isnan(pooled.runs_needed))
    assert all("pull more tasks" in (r or "") for r in pooled.runs_needed_reason)


def test_one_submitter_weighs_at_most_the_cap() -> None:
    # Pool 0: submitter 7 pushed 9 runs, submitters 1 and 2 one each. Pool 1: one submitter.
    run_pool = np.array([0] * 11 + [1] * 3)
    run_submitter = np.array([7] * 9 + [1, 2] + [5] * 3)
    weight, max_share, _ = submitter_weights(run_pool, run_submitter, 2)
    assert weight[:9].sum() == pytest.approx(MAX_SUBMITTER_SHARE)
    assert weight[9] == pytest.approx(weight[10]) == pytest.approx(0.25)
    assert max_share.tolist() == pytest.approx([MAX_SUBMITTER_SHARE, 1.0])
    assert weight[11:].tolist() == pytest.approx([1 / 3] * 3)
    # The estimate follows the weights: 9 runs at 0 cannot outvote 2 runs at 1 beyond the cap.
    data = TaskRewards(
        run_pool=run_pool,
        run_submitter=run_submitter,
        row_run=np.arange(14),
        row_task=np.zeros(14, dtype=np.int64),
        row_reward=np.array([0.0] * 9 + [1.0, 1.0] + [0.5] * 3),
    )
    pooled = pool_estimates(data)
    assert pooled.estimate.tolist() == pytest.approx([50.0, 50.0])
    assert pooled.n_submitters.tolist() == [3, 1]
    assert pooled.effective_runs[0] == pytest.approx(1 / (9 * (0.5 / 9) ** 2 + 2 * 0.25**2))


def test_t_quantiles() -> None:
    got = t_quantile_975(np.array([1.0, 4.0, 30.0, 40.0, 120.0, np.inf, 0.5]))
    expected = [12.7062, 2.7764, 2.0423, 2.0211, 1.9799, 1.96]
    assert got[:6] == pytest.approx(expected, abs=2e-4)
    assert np.isnan(got[6])


def test_budget_curve_counts_each_tasks_first_success() -> None:
    from benchhub.pooling import budget_curve

    # Run 0: task 0 fails (100 tokens) then succeeds (+300: 400 spent); task 1 succeeds at 50.
    # Run 1: task 0 succeeds at 200; task 1 never succeeds. Run 2 reported no tokens: left out.
    row_run = np.array([0, 0, 0, 1, 1, 2])
    row_task = np.array([0, 0, 1, 0, 1, 0])
    reward = np.array([0.0, 1.0, 1.0, 1.0, 0.0, 1.0])
    tokens = np.array([100.0, 300.0, 50.0, 200.0, 900.0, np.nan])
    curve = budget_curve(row_run, row_task, reward, tokens, np.array([0.4, 0.4, 0.2]))
    assert curve is not None and curve.n_runs == 2
    at = dict(zip(curve.tokens.tolist(), curve.solved.tolist(), strict=True))
    assert at[50.0] == pytest.approx(25.0)  # one of four (run, task) pairs
    assert at[900.0] == pytest.approx(75.0)  # three of four solve eventually
    assert np.all(np.diff(curve.solved) >= 0)
    assert np.all(curve.solved_low <= curve.solved + 1e-9)
    assert np.all(curve.solved + 1e-9 >= curve.solved_low)
    assert np.all(curve.solved_high >= curve.solved - 1e-9)
    no_tokens = budget_curve(row_run, row_task, reward, np.full(6, np.nan), np.ones(3) / 3)
    assert no_tokens is None
