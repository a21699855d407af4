"""Pooled estimates of reproduced runs: how well a pool of runs pins a model's score.

A pool is every pushed run of one model on one benchmark with one harness and one set of settings
(agent included). Its runs score tasks; a run's score is the mean of its task rewards. Two things
make a pool's number uncertain, and this module keeps them apart:

- runs: the same model on the same tasks scores differently from run to run (sampling,
  provider, flaky environments). Run scores spread around the pool's estimate;
- tasks: a benchmark's tasks are a sample of the tasks it stands for; a hard or easy draw moves
  every run that shares it, so it does not average out over more runs of the same tasks.

The estimate is the weighted mean of the run scores, mu = sum_r w_r s_r. Its variance is the
crossed ("pigeonhole") variance of a mean over a runs x tasks array (Owen 2007, "The pigeonhole
bootstrap"), the large-sample limit of a two-level bootstrap that resamples runs and tasks
independently, computed in closed form so that millions of runs pool in seconds:

    V_runs  = c_w * sum_r w_r^2 (s_r - mu)^2                   (between runs)
    V_tasks = T/(T-1) * sum_t psi_t^2,  psi_t = sum_{r has t} (w_r / n_r)(y_rt - s_r)

c_w = sum w^2 / (sum w^2 - 2 sum w^3 + (sum w^2)^2) makes V_runs unbiased for independent runs
(R / (R - 1) for equal weights). psi_t is task t's shared deviation once each run's own level is
removed. With two runs or more only tasks that at least two runs scored enter V_tasks (a task
one run scored alone is already inside that run's score spread); with one run every task
enters, so a single run gets its usual task-sampling error. The residual (run x task) noise is
counted in both terms, which errs on the wide side. The 95% interval is mu +- t_df SE with
Satterthwaite's degrees of freedom, clipped to [0, 100].

Runs needed: how many more runs of the same size, on the same tasks, would bring the interval's
half-width to RUNS_NEEDED_TARGET points. More runs shrink V_runs only; when the tasks' part alone
is wider than the target no number of runs reaches it (NaN, `runs_needed_reason` says why), and
a pool of one run cannot tell how much runs vary (NaN as well).

Submitter cap: one submitter's runs together weigh at most MAX_SUBMITTER_SHARE of a pool, so
that nobody can move a pool by pushing many runs. Within a submitter, runs weigh equally; the
weight a capped submitter loses goes to the others in proportion to their run counts. When too
few submitters contributed for the cap to be met (one submitter, or two with a cap below 1/2),
every submitter weighs the same.

Pure numpy, vectorised across all pools at once: no per-pool Python loop.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

MAX_SUBMITTER_SHARE = 0.5
RUNS_NEEDED_TARGET = 2.0  # points, the interval's half-width a pool should reach
CONFIDENCE = 0.95
_Z_975 = 1.959963984540054

# Student t 97.5% quantiles for 1..30 degrees of freedom; above 30 a Cornish-Fisher expansion
# (error below 1e-4).
_T_975 = np.array(
    [
        12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836,
        2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852,
        2.200985160, 2.178812830, 2.160368656, 2.144786688, 2.131449546,
        2.119905299, 2.109815578, 2.100922040, 2.093024054, 2.085963447,
        2.079613845, 2.073873068, 2.068657610, 2.063898562, 2.059538553,
        2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
    ]
)  # fmt: skip

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class TaskRewards:
    """Columnar input: one entry per run, and one row per (run, task) with the task's reward.

    run_pool, run_submitter: per run, its pool (0..P-1) and submitter (any integer codes).
    row_run, row_task: per row, its run (index into the run arrays) and task (an integer code,
        equal for the same task within a pool; codes may repeat across pools).
    row_reward: per row, the task's reward in [0, 1] (the mean over its attempts).
    """

    run_pool: IntArray
    run_submitter: IntArray
    row_run: IntArray
    row_task: IntArray
    row_reward: FloatArray

    @property
    def n_pools(self) -> int:
        return int(self.run_pool.max()) + 1 if len(self.run_pool) else 0


@dataclass(frozen=True)
class PoolEstimates:
    """One entry per pool; scores in points (0-100). NaN where a statistic is undefined."""

    n_runs: IntArray
    n_submitters: IntArray
    n_tasks: IntArray  # distinct tasks the pool's runs scored
    effective_runs: FloatArray  # 1 / sum w^2: the runs' worth after the submitter cap
    max_submitter_share: FloatArray
    estimate: FloatArray
    std_error: FloatArray
    ci_low: FloatArray
    ci_high: FloatArray
    degrees_of_freedom: FloatArray
    run_std_error: FloatArray  # sqrt(V_runs)
    task_std_error: FloatArray  # sqrt(V_tasks)
    between_run_sd: FloatArray  # spread of the run scores (weighted standard deviation)
    runs_needed: FloatArray
    runs_needed_reason: list[str | None]


def submitter_weights(
    run_pool: IntArray, run_submitter: IntArray, n_pools: int, cap: float = MAX_SUBMITTER_SHARE
) -> tuple[FloatArray, FloatArray, IntArray]:
    """Each run's weight in its pool (weights sum to 1 per pool), each pool's largest
    submitter share and its number of submitters, under the cap in the module docstring."""
    group_of_run, group_pool = _pairs(run_pool, run_submitter, n_pools)
    group_runs = np.bincount(group_of_run, minlength=len(group_pool))
    pool_runs = np.bincount(run_pool, minlength=n_pools).astype(np.float64)
    pool_groups = np.bincount(group_pool, minlength=n_pools).astype(np.float64)
    # Pools where the cap cannot be met: every submitter weighs the same.
    infeasible = pool_groups * cap < 1.0
    share = group_runs / pool_runs[group_pool]
    capped = np.zeros(len(group_pool), dtype=bool)
    for _ in range(int(pool_groups.max(initial=0))):
        over = (share > cap + 1e-12) & ~infeasible[group_pool]
        if not over.any():
            break
        capped |= over
        free_mass = 1.0 - cap * np.bincount(group_pool, capped, minlength=n_pools)
        free_runs = np.bincount(group_pool, np.where(capped, 0.0, group_runs), minlength=n_pools)
        share = np.where(
            capped,
            cap,
            group_runs * free_mass[group_pool] / np.maximum(free_runs[group_pool], 1e-300),
        )
    share = np.where(infeasible[group_pool], 1.0 / pool_groups[group_pool], share)
    weight = share[group_of_run] / group_runs[group_of_run]
    max_share = np.zeros(n_pools)
    np.maximum.at(max_share, group_pool, share)
    return weight, max_share, pool_groups.astype(np.int64)


def t_quantile_975(df: FloatArray) -> FloatArray:
    """Student t's 97.5% quantile for (possibly fractional) degrees of freedom >= 1."""
    df = np.asarray(df, dtype=np.float64)
    out = np.full(df.shape, np.nan)
    ok = np.isfinite(df) & (df >= 1)
    small = ok & (df <= 30)
    # Linear interpolation between integer degrees of freedom (quantiles fall with df).
    lo = np.clip(np.floor(df[small]).astype(np.int64), 1, 30)
    hi = np.clip(lo + 1, 1, 30)
    frac = df[small] - lo
    out[small] = _T_975[lo - 1] * (1 - frac) + _T_975[hi - 1] * frac
    large = ok & (df > 30)
    z, n = _Z_975, df[large]
    out[large] = (
        z
        + (z**3 + z) / (4 * n)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * n**3)
    )
    out[np.isinf(df)] = z
    return out


def pool_estimates(data: TaskRewards, cap: float = MAX_SUBMITTER_SHARE) -> PoolEstimates:
    """The pooled estimate, its interval and the runs needed, for every pool at once."""
    n_pools = data.n_pools
    n_rows_run = np.bincount(data.row_run, minlength=len(data.run_pool)).astype(np.float64)
    if (n_rows_run == 0).any():
        raise ValueError("every run needs at least one task reward")
    run_score = np.bincount(data.row_run, data.row_reward, minlength=len(data.run_pool))
    run_score /= n_rows_run
    weight, max_share, n_submitters = submitter_weights(
        data.run_pool, data.run_submitter, n_pools, cap
    )
    pool = data.run_pool

    def per_pool(values: FloatArray) -> FloatArray:
        return np.bincount(pool, values, minlength=n_pools)

    n_runs = np.bincount(pool, minlength=n_pools)
    mu = per_pool(weight * run_score)
    dev = run_score - mu[pool]
    w2, w3 = per_pool(weight**2), per_pool(weight**3)
    with np.errstate(divide="ignore", invalid="ignore"):
        correction = w2 / (w2 - 2 * w3 + w2**2)
        v_runs = np.where(n_runs >= 2, correction * per_pool(weight**2 * dev**2), 0.0)
        # Weighted standard deviation with reliability weights (unbiased for equal weights).
        between_run_sd = np.where(
            n_runs >= 2, np.sqrt(per_pool(weight * dev**2) / (1 - w2)), np.nan
        )

    # Tasks: one code per (pool, task), then each task's shared deviation psi_t. The code is
    # pool x (largest task code + 1) + task when that range is small (no sort), else ranked.
    tasks_per_pool = int(data.row_task.max(initial=0)) + 1
    row_code = pool[data.row_run]
    row_code *= tasks_per_pool
    row_code += data.row_task
    n_codes = n_pools * tasks_per_pool
    if n_codes <= 4 * len(row_code) + 1024:
        task_pool = np.arange(n_codes, dtype=np.int64) // tasks_per_pool
    else:
        codes, row_code = np.unique(row_code, return_inverse=True)
        n_codes, task_pool = len(codes), codes // tasks_per_pool
    contribution = data.row_reward - run_score[data.row_run]
    contribution *= (weight / n_rows_run)[data.row_run]
    psi = np.bincount(row_code, contribution, minlength=n_codes)
    del contribution
    task_runs = np.bincount(row_code, minlength=n_codes)
    del row_code
    counted = ((task_runs >= 2) | (n_runs[task_pool] == 1)) & (task_runs > 0)
    n_counted = np.bincount(task_pool, counted, minlength=n_pools)
    with np.errstate(divide="ignore", invalid="ignore"):
        v_tasks = np.where(
            n_counted >= 2,
            n_counted / (n_counted - 1) * np.bincount(task_pool, counted * psi**2, n_pools),
            0.0,
        )
        variance = v_runs + v_tasks
        run_df = np.where((n_runs >= 2) & (v_runs > 0), v_runs**2 / (n_runs - 1), 0.0)
        task_df = np.where((n_counted >= 2) & (v_tasks > 0), v_tasks**2 / (n_counted - 1), 0.0)
        df = np.maximum(variance**2 / (run_df + task_df), 1.0)
    defined = (n_runs >= 2) | (n_counted >= 2)
    df = np.where(defined & (run_df + task_df > 0), df, np.where(defined, np.inf, np.nan))
    std_error = np.where(defined, np.sqrt(variance), np.nan)
    half = t_quantile_975(df) * std_error
    effective_runs = 1.0 / w2
    needed, reasons = _runs_needed(half, v_runs, v_tasks, effective_runs, n_runs)
    return PoolEstimates(
        n_runs=n_runs,
        n_submitters=n_submitters,
        n_tasks=np.bincount(task_pool, task_runs > 0, minlength=n_pools).astype(np.int64),
        effective_runs=effective_runs,
        max_submitter_share=max_share,
        estimate=100 * mu,
        std_error=100 * std_error,
        ci_low=100 * np.clip(mu - half, 0.0, 1.0),
        ci_high=100 * np.clip(mu + half, 0.0, 1.0),
        degrees_of_freedom=df,
        run_std_error=100 * np.sqrt(v_runs),
        task_std_error=100 * np.sqrt(v_tasks),
        between_run_sd=100 * between_run_sd,
        runs_needed=needed,
        runs_needed_reason=reasons,
    )


def _runs_needed(
    half: FloatArray,
    v_runs: FloatArray,
    v_tasks: FloatArray,
    effective_runs: FloatArray,
    n_runs: IntArray,
) -> tuple[FloatArray, list[str | None]]:
    target = RUNS_NEEDED_TARGET / 100
    budget = (target / _Z_975) ** 2 - v_tasks  # variance the runs' part may still take
    with np.errstate(divide="ignore", invalid="ignore"):
        more = np.ceil(effective_runs * (v_runs / budget - 1) - 1e-9)
    needed = np.where(half <= target, 0.0, np.maximum(more, 1.0))
    one_run = n_runs < 2
    task_bound = ~one_run & (budget <= 0) & (half > target)
    needed = np.where(one_run | task_bound, np.nan, needed)
    reasons: list[str | None] = [None] * len(needed)
    for i in np.flatnonzero(one_run):
        reasons[i] = "one run: a second run shows how much runs vary"
    for i in np.flatnonzero(task_bound):
        reasons[i] = (
            f"the tasks alone vary by more than +-{RUNS_NEEDED_TARGET:g} points: "
            "more runs of these tasks cannot get there; pull more tasks"
        )
    return needed, reasons


def _pairs(pool: IntArray, codes: IntArray, n_pools: int) -> tuple[IntArray, IntArray]:
    """Dense codes for the distinct (pool, code) pairs: each item's pair, and each pair's pool.
    Without a sort when the pairs' range is small, else by ranking them."""
    span = int(codes.max(initial=0)) + 1
    key = pool * span + codes
    if n_pools * span <= 4 * len(key) + 1024:
        used = np.zeros(n_pools * span, dtype=bool)
        used[key] = True
        rank = np.cumsum(used) - 1
        return rank[key], np.flatnonzero(used) // span
    values, pair = np.unique(key, return_inverse=True)
    return pair.astype(np.int64), values // span


# Budget curves -------------------------------------------------------------------------------

SUCCESS_REWARD = 1.0  # an attempt solves its task when its reward reaches this
CURVE_POINTS = 24
BOOTSTRAP_REPLICATES = 300


@dataclass(frozen=True)
class BudgetCurve:
    """Fraction of tasks (percent) solved within each token budget, with a 95% band.

    A task counts as solved within T tokens when its first successful attempt ends with at
    most T tokens spent on the task so far (that attempt and the failed ones before it). Tokens
    are input + output as Harbor counts them (its input count includes the cached tokens).
    """

    tokens: FloatArray
    solved: FloatArray
    solved_low: FloatArray
    solved_high: FloatArray
    n_runs: int


def budget_curve(
    row_run: IntArray,
    row_task: IntArray,
    row_reward: FloatArray,
    row_tokens: FloatArray,
    run_weight: FloatArray,
    *,
    seed: int = 0,
    replicates: int = BOOTSTRAP_REPLICATES,
) -> BudgetCurve | None:
    """One pool's budget curve, or None when no run reported tokens for every attempt.

    Rows are attempts, grouped by (run, task) and in attempt order within a group; runs and
    tasks are dense codes (0..R-1, 0..T-1); run_weight is each run's weight in the pool
    (submitter_weights). Runs missing any attempt's tokens are left out and the weights of the
    others renormalised. The band is a two-level (pigeonhole) bootstrap that draws Poisson(1)
    weights for runs and for tasks independently.
    """
    n_runs_all = len(run_weight)
    incomplete = np.bincount(row_run, np.isnan(row_tokens), minlength=n_runs_all) > 0
    keep = ~incomplete[row_run]
    if not keep.any():
        return None
    run, task = row_run[keep], row_task[keep]
    reward, tokens = row_reward[keep], row_tokens[keep]
    weight = np.where(incomplete, 0.0, run_weight)
    weight = weight / weight.sum()

    # (run, task) groups: rows are contiguous per group.
    starts = np.flatnonzero(np.r_[True, (run[1:] != run[:-1]) | (task[1:] != task[:-1])])
    spent = np.cumsum(tokens)  # tokens spent on the task up to and including each attempt
    spent -= np.repeat(spent[starts] - tokens[starts], np.diff(np.r_[starts, len(run)]))
    first_success = np.minimum.reduceat(np.where(reward >= SUCCESS_REWARD, spent, np.inf), starts)
    group_run, group_task = run[starts], task[starts]
    tasks_in_run = np.bincount(group_run, minlength=n_runs_all).astype(np.float64)
    share = weight[group_run] / np.maximum(tasks_in_run[group_run], 1.0)

    finite = first_success[np.isfinite(first_success)]
    low_end = max(float(finite.min()) if len(finite) else 1.0, 1.0)
    high_end = max(float(spent.max()), low_end)
    grid = np.unique(np.geomspace(low_end, high_end, CURVE_POINTS).round())
    within = (first_success[:, None] <= grid[None, :]).astype(np.float64)
    solved = share @ within

    rng = np.random.default_rng(seed)
    run_draw = rng.poisson(1.0, (replicates, n_runs_all)).astype(np.float64)
    task_draw = rng.poisson(1.0, (replicates, int(group_task.max()) + 1)).astype(np.float64)
    replicate = share[None, :] * run_draw[:, group_run] * task_draw[:, group_task]
    total = replicate.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        curves = (replicate @ within) / total
    curves = curves[total[:, 0] > 0]
    low, high = np.percentile(curves, [2.5, 97.5], axis=0)
    # A percentile band can miss its own estimate where the replicates are skewed; widen it.
    low, high = np.minimum(low, solved), np.maximum(high, solved)
    return BudgetCurve(grid, 100 * solved, 100 * low, 100 * high, int((~incomplete).sum()))
