"""`reproduced_pools` and `reproduced_budget_curves` from `reproduced_runs` + `reproduced_attempts`.

DuckDB groups the attempts into one reward per (run, task) and hands dense integer codes to the
pure statistics in benchhub.pooling; this module only moves data in and out of the warehouse.
"""

from __future__ import annotations

import json
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa

from benchhub.pooling import (
    PoolEstimates,
    TaskRewards,
    budget_curve,
    pool_estimates,
    submitter_weights,
)
from benchhub.runs import RUN_POOL_KEY, pool_id_for
from benchhub.warehouse import insert_rows, sql_text, transaction

# Dense integer codes, from small dictionaries joined in (hash joins, no window over every row):
# pools, submitters and task names; and one row per run with its pool's and submitter's codes.
_CODES = """
CREATE OR REPLACE TEMP TABLE pool_keys AS
SELECT
    *,
    (row_number() OVER (ORDER BY benchmark_id, model_id, harness, settings_key) - 1)::BIGINT
        AS pool
FROM (SELECT DISTINCT benchmark_id, model_id, harness, settings_key FROM reproduced_runs);
CREATE OR REPLACE TEMP TABLE submitter_codes AS
SELECT submitter, (row_number() OVER (ORDER BY submitter) - 1)::BIGINT AS code
FROM (SELECT DISTINCT submitter FROM reproduced_runs);
CREATE OR REPLACE TEMP TABLE task_codes AS
SELECT task, (row_number() OVER () - 1)::BIGINT AS code
FROM (SELECT DISTINCT task FROM reproduced_attempts);
CREATE OR REPLACE TEMP TABLE pool_runs AS
SELECT k.pool, (row_number() OVER () - 1)::BIGINT AS run, r.run_id, s.code AS submitter,
       r.created_at
FROM reproduced_runs AS r
JOIN pool_keys AS k USING (benchmark_id, model_id, harness, settings_key)
JOIN submitter_codes AS s USING (submitter);
"""
_TEMP_TABLES = ("pool_keys", "submitter_codes", "task_codes", "pool_runs")

# One reward per (run, task): the mean over its attempts.
_TASK_REWARDS = """
SELECT r.run, c.code AS task, avg(a.reward) AS reward
FROM reproduced_attempts AS a
JOIN pool_runs AS r USING (run_id)
JOIN task_codes AS c USING (task)
GROUP BY r.run, c.code
"""

_RUN_USAGE = """
SELECT
    r.pool,
    sum(coalesce(a.input_tokens, 0) + coalesce(a.output_tokens, 0)) AS tokens,
    bool_and(a.input_tokens IS NOT NULL AND a.output_tokens IS NOT NULL) AS has_tokens,
    sum(a.cost_usd) AS cost,
    bool_and(a.cost_usd IS NOT NULL) AS has_cost,
    max(a.attempt) + 1 AS attempts
FROM reproduced_attempts AS a
JOIN pool_runs AS r USING (run_id)
GROUP BY r.pool, r.run
"""

_POOLS = """
SELECT k.pool, k.benchmark_id, k.model_id, k.harness, k.settings_key,
       max(r.created_at) AS last_run_at
FROM pool_keys AS k
JOIN pool_runs AS r USING (pool)
GROUP BY ALL
ORDER BY k.pool
"""

# Attempts of pools where some run reported tokens, in (run, task, attempt) order.
_CURVE_ATTEMPTS = """
SELECT
    r.pool,
    r.run,
    a.task,
    a.reward,
    (a.input_tokens + a.output_tokens)::DOUBLE AS tokens
FROM reproduced_attempts AS a
JOIN pool_runs AS r USING (run_id)
WHERE r.pool IN (
    SELECT r2.pool FROM reproduced_attempts AS a2 JOIN pool_runs AS r2 USING (run_id)
    WHERE a2.input_tokens IS NOT NULL AND a2.output_tokens IS NOT NULL
)
ORDER BY r.pool, r.run, a.task, a.attempt
"""


def build_reproduced_pools(con: duckdb.DuckDBPyConnection) -> int:
    """(Re)create `reproduced_pools` and `reproduced_budget_curves`; returns the pool count."""
    con.execute(sql_text("reproduced_runs"))
    con.execute(sql_text("reproduced_attempts"))
    con.execute(_CODES)
    runs = con.execute("SELECT pool, submitter FROM pool_runs ORDER BY run").fetchnumpy()
    rows = con.execute(_TASK_REWARDS).fetchnumpy()
    pools = con.execute(_POOLS).fetchall()
    n_pools = len(pools)
    if n_pools:
        data = TaskRewards(
            run_pool=np.asarray(runs["pool"], dtype=np.int64),
            run_submitter=np.asarray(runs["submitter"], dtype=np.int64),
            row_run=np.asarray(rows["run"], dtype=np.int64),
            row_task=np.asarray(rows["task"], dtype=np.int64),
            row_reward=np.asarray(rows["reward"], dtype=np.float64),
        )
        if (np.bincount(data.row_run, minlength=len(data.run_pool)) == 0).any():
            raise ValueError("reproduced_attempts lacks the tasks of some runs; reload the inbox")
        estimates = pool_estimates(data)
        pool_table = _pool_table(pools, estimates, _usage(con, n_pools))
        curve_rows = _curve_rows(con, data, pools)
    with transaction(con):
        con.execute(sql_text("reproduced_pools"))
        con.execute(sql_text("reproduced_budget_curves"))
        if n_pools:
            con.register("pool_batch", pool_table)
            try:
                con.execute("INSERT INTO reproduced_pools BY NAME SELECT * FROM pool_batch")
            finally:
                con.unregister("pool_batch")
            insert_rows(con, "reproduced_budget_curves", curve_rows)
    for table in _TEMP_TABLES:
        con.execute(f"DROP TABLE IF EXISTS {table}")
    return n_pools


def _codes(values: np.ndarray) -> np.ndarray:
    return np.unique(values, return_inverse=True)[1].astype(np.int64)


def _settings(settings_key: str) -> dict[str, Any]:
    return dict(json.loads(settings_key).get("settings") or {})


def _usage(con: duckdb.DuckDBPyConnection, n_pools: int) -> dict[str, np.ndarray]:
    """Per pool: mean tokens and cost of the runs that reported them, and most attempts."""
    per_run = con.execute(_RUN_USAGE).fetchnumpy()
    pool = np.asarray(per_run["pool"], dtype=np.int64)
    out: dict[str, np.ndarray] = {}
    for name, flag in (("tokens", "has_tokens"), ("cost", "has_cost")):
        has = np.asarray(per_run[flag], dtype=bool)
        values = np.nan_to_num(np.asarray(per_run[name], dtype=np.float64)) * has
        count = np.bincount(pool, has, minlength=n_pools)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[name] = np.where(count > 0, np.bincount(pool, values, n_pools) / count, np.nan)
    attempts = np.asarray(per_run["attempts"], dtype=np.float64)
    most = np.full(n_pools, np.nan)
    np.fmax.at(most, pool, attempts)
    out["attempts"] = most
    return out


def _pool_table(
    pools: list[tuple[Any, ...]], est: PoolEstimates, usage: dict[str, np.ndarray]
) -> pa.Table:
    """The `reproduced_pools` rows as one Arrow table, built column by column (NaN -> NULL)."""
    settings = [_settings(p[4]) for p in pools]
    limits = [s.get("token_limit") for s in settings]
    cost = usage["cost"]
    with np.errstate(invalid="ignore", divide="ignore"):
        cost_per_point = np.where(est.estimate > 0, cost / est.estimate, np.nan)

    def floats(values: np.ndarray) -> pa.Array:
        return pa.array(np.asarray(values, dtype=np.float64), from_pandas=True)

    def counts(values: np.ndarray) -> pa.Array:
        values = np.asarray(values, dtype=np.float64)
        return pa.array(np.nan_to_num(values).astype(np.int64), mask=np.isnan(values))

    columns: dict[str, Any] = {"pool_id": [pool_id_for(*p[1:5]) for p in pools]}
    columns |= {key: [p[index + 1] for p in pools] for index, key in enumerate(RUN_POOL_KEY)}
    columns |= {
        "settings": [json.dumps(s, sort_keys=True, ensure_ascii=False) for s in settings],
        "n_runs": counts(est.n_runs),
        "n_submitters": counts(est.n_submitters),
        "n_tasks": counts(est.n_tasks),
        "effective_runs": floats(est.effective_runs),
        "max_submitter_share": floats(est.max_submitter_share),
        "estimate": floats(est.estimate),
        "std_error": floats(est.std_error),
        "ci_low": floats(est.ci_low),
        "ci_high": floats(est.ci_high),
        "degrees_of_freedom": floats(
            np.where(np.isinf(est.degrees_of_freedom), np.nan, est.degrees_of_freedom)
        ),
        "run_std_error": floats(est.run_std_error),
        "task_std_error": floats(est.task_std_error),
        "between_run_sd": floats(est.between_run_sd),
        "runs_needed": counts(est.runs_needed),
        "runs_needed_reason": pa.array(est.runs_needed_reason, type=pa.string()),
        "max_attempts": counts(usage["attempts"]),
        "token_limit": pa.array(
            [v if isinstance(v, int) and not isinstance(v, bool) else None for v in limits],
            type=pa.int64(),
        ),
        "mean_tokens_per_run": floats(usage["tokens"]),
        "mean_cost_usd_per_run": floats(cost),
        "cost_per_point_usd": floats(cost_per_point),
        "last_run_at": [p[5] for p in pools],
    }
    return pa.table(columns)


def _curve_rows(
    con: duckdb.DuckDBPyConnection, data: TaskRewards, pools: list[tuple[Any, ...]]
) -> list[dict[str, Any]]:
    attempts = con.execute(_CURVE_ATTEMPTS).fetchnumpy()
    if not len(attempts["pool"]):
        return []
    pool = np.asarray(attempts["pool"], dtype=np.int64)
    run = np.asarray(attempts["run"], dtype=np.int64)
    task = _codes(np.asarray(attempts["task"], dtype=object))
    reward = np.asarray(attempts["reward"], dtype=np.float64)
    tokens = np.ma.filled(np.ma.asarray(attempts["tokens"], dtype=np.float64), np.nan)
    weight, _, _ = submitter_weights(data.run_pool, data.run_submitter, data.n_pools)
    rows = []
    runs_by_pool = np.argsort(data.run_pool, kind="stable")
    run_bounds = np.searchsorted(data.run_pool[runs_by_pool], np.arange(data.n_pools + 1))
    bounds = np.flatnonzero(np.r_[True, pool[1:] != pool[:-1], True])
    for start, end in zip(bounds[:-1], bounds[1:], strict=True):
        p = int(pool[start])
        pool_runs = runs_by_pool[run_bounds[p] : run_bounds[p + 1]]
        local_run = np.searchsorted(pool_runs, run[start:end])
        local_task = _codes(task[start:end])
        curve = budget_curve(
            local_run, local_task, reward[start:end], tokens[start:end], weight[pool_runs], seed=p
        )
        if curve is None:
            continue
        key = dict(zip(RUN_POOL_KEY, pools[p][1:5], strict=True))
        rows += [
            {
                **key,
                "tokens": int(t),
                "solved": float(s),
                "solved_low": float(lo),
                "solved_high": float(hi),
                "n_runs": curve.n_runs,
            }
            for t, s, lo, hi in zip(
                curve.tokens, curve.solved, curve.solved_low, curve.solved_high, strict=True
            )
        ]
    return rows


def _number(value: float) -> float | None:
    return None if value is None or not np.isfinite(value) else float(value)


def pool_of_runs(runs: list[tuple[dict[str, Any], str]]) -> dict[str, Any]:
    """The pooled estimate of the runs of one pool, from their checked summaries and
    submitters: what `ltb bench push` prints for a local inbox. Same statistics as the table."""
    from benchhub_format.summary_check import task_rewards

    if not runs:
        raise ValueError("a pool needs at least one run")
    task_codes: dict[str, int] = {}
    submitters: dict[str, int] = {}
    row_run, row_task, row_reward, run_submitter = [], [], [], []
    for index, (summary, submitter) in enumerate(runs):
        run_submitter.append(submitters.setdefault(submitter, len(submitters)))
        for task, reward in task_rewards(summary).items():
            row_run.append(index)
            row_task.append(task_codes.setdefault(task, len(task_codes)))
            row_reward.append(reward)
    estimates = pool_estimates(
        TaskRewards(
            run_pool=np.zeros(len(runs), dtype=np.int64),
            run_submitter=np.array(run_submitter, dtype=np.int64),
            row_run=np.array(row_run, dtype=np.int64),
            row_task=np.array(row_task, dtype=np.int64),
            row_reward=np.array(row_reward, dtype=np.float64),
        )
    )
    return {
        "n_runs": int(estimates.n_runs[0]),
        "n_submitters": int(estimates.n_submitters[0]),
        "n_tasks": int(estimates.n_tasks[0]),
        "estimate": float(estimates.estimate[0]),
        "ci": [_number(estimates.ci_low[0]), _number(estimates.ci_high[0])],
        "std_error": _number(estimates.std_error[0]),
        "between_run_sd": _number(estimates.between_run_sd[0]),
        "runs_needed": None
        if np.isnan(estimates.runs_needed[0])
        else int(estimates.runs_needed[0]),
        "runs_needed_reason": estimates.runs_needed_reason[0],
    }
