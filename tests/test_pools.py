"""Pushed runs -> reproduced_attempts -> reproduced_pools and budget curves, in a real DuckDB
warehouse, from Harbor jobs built on the real Harbor output with seeded noise."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import duckdb
import numpy as np
import pytest
from benchhub_format.summary_check import task_rewards
from ltb.commands.push import write_to_inbox
from ltb.summary import build_summary

from benchhub.pools import build_reproduced_pools
from benchhub.runs import load_inbox
from tests.synthetic_jobs import synthetic_job

BENCHMARK = "swe-bench-verified"
N_TASKS = 40


def push_synthetic_runs(tmp_path: Path, inbox: Path, n_runs: int, **job: object) -> list[dict]:
    rates = np.random.default_rng(99).uniform(0, 1, N_TASKS)  # the tasks, shared by every run
    summaries = []
    for seed in range(n_runs):
        shift = float(np.random.default_rng(1000 + seed).normal(0, 0.04))  # run-to-run noise
        folder = synthetic_job(
            tmp_path / "jobs" / f"run-{seed}",
            seed=seed,
            n_tasks=N_TASKS,
            n_attempts=2,
            task_solve_rates=rates,
            run_shift=shift,
            **job,  # type: ignore[arg-type]
        )
        summary = build_summary(folder, benchmark_id=BENCHMARK, settings={"feedback": False})
        write_to_inbox(inbox, summary)
        summaries.append(summary)
    return summaries


def test_pools_and_budget_curves_from_pushed_runs(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    summaries = push_synthetic_runs(tmp_path, inbox, 6)
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))
    report = load_inbox(con, inbox, known_benchmarks={BENCHMARK})
    assert report.added == 6 and not report.quarantined
    attempts = con.execute("SELECT count(*), count(input_tokens) FROM reproduced_attempts")
    assert attempts.fetchall() == [(6 * N_TASKS * 2, 6 * N_TASKS * 2)]
    assert build_reproduced_pools(con) == 1

    cursor = con.execute("SELECT * FROM reproduced_pools")
    pool = dict(zip([d[0] for d in cursor.description], cursor.fetchall()[0], strict=True))
    run_scores = [100 * statistics.fmean(task_rewards(s).values()) for s in summaries]
    assert pool["estimate"] == pytest.approx(statistics.fmean(run_scores))  # one submitter
    assert pool["ci_low"] < pool["estimate"] < pool["ci_high"]
    assert pool["between_run_sd"] == pytest.approx(statistics.stdev(run_scores))
    assert (pool["n_runs"], pool["n_tasks"], pool["max_attempts"]) == (6, N_TASKS, 2)
    # 40 shared tasks cannot pin a score to +-2 points: the projection says so.
    assert pool["runs_needed"] is None and "pull more tasks" in pool["runs_needed_reason"]
    assert json.loads(pool["settings"]) == {"feedback": False}
    assert pool["cost_per_point_usd"] == pytest.approx(
        pool["mean_cost_usd_per_run"] / pool["estimate"]
    )

    curve = con.execute(
        "SELECT tokens, solved, solved_low, solved_high FROM reproduced_budget_curves "
        "ORDER BY tokens"
    ).fetchall()
    assert len(curve) >= 10
    solved = [c[1] for c in curve]
    assert solved == sorted(solved) and all(lo <= s <= hi for _, s, lo, hi in curve)
    # Eventually solved = solved by some attempt: the last point is the pass@2-style share.
    any_success = statistics.fmean(
        float(any(a["reward"] == 1 for a in t["attempts"]))
        for s in summaries
        for t in s["tasks"].values()
    )
    assert curve[-1][1] == pytest.approx(100 * any_success)
    con.close()


def test_version_1_runs_pool_with_version_2_runs_and_get_no_curve(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    summaries = push_synthetic_runs(tmp_path, inbox, 2)
    v1 = {k: v for k, v in summaries[0].items() if k not in ("tasks", "settings")}
    v1.update(
        schema_version=1,
        rewards=task_rewards(summaries[0]),
        settings={"feedback": False},
        results_sha256="f" * 64,
    )
    write_to_inbox(inbox, v1)
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))
    load_inbox(con, inbox, known_benchmarks={BENCHMARK})
    assert build_reproduced_pools(con) == 1
    n_runs, curve_runs = con.execute(
        "SELECT n_runs, (SELECT max(n_runs) FROM reproduced_budget_curves) FROM reproduced_pools"
    ).fetchall()[0]
    assert (n_runs, curve_runs) == (3, 2)  # the v1 run has no tokens: left out of the curve
    con.close()


def test_push_prints_the_pool_it_joins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ltb.cli import main

    inbox = tmp_path / "inbox"
    push_synthetic_runs(tmp_path, inbox, 2)
    third = synthetic_job(
        tmp_path / "jobs" / "third",
        seed=77,
        n_tasks=N_TASKS,
        n_attempts=2,
        task_solve_rates=np.random.default_rng(99).uniform(0, 1, N_TASKS),
    )
    summary = build_summary(third, benchmark_id=BENCHMARK, settings={"feedback": False})
    (tmp_path / "third.json").write_text(json.dumps(summary))
    capsys.readouterr()
    assert main(["bench", "push", str(tmp_path / "third.json"), "--to", str(inbox)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("pool over the runs in this inbox"))
    assert "(3 runs, 40 tasks), 95% interval [" in line
    assert "between-run SD" in line and "runs needed: unknown (the tasks alone" in line


def test_pools_export_to_every_eval_ever_0_3_with_uncertainty_and_limits(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from benchhub.eee import export_release_eee, pool_scores, record_problems

    inbox = tmp_path / "inbox"
    rates = np.random.default_rng(5).uniform(0, 1, N_TASKS)
    for seed in range(3):
        job = synthetic_job(
            tmp_path / "jobs" / str(seed),
            seed=seed,
            n_tasks=N_TASKS,
            n_attempts=3,
            task_solve_rates=rates,
        )
        settings = {"token_limit": 200000, "reasoning_effort": "high"}
        write_to_inbox(inbox, build_summary(job, benchmark_id=BENCHMARK, settings=settings))
    con = duckdb.connect(str(tmp_path / "warehouse.duckdb"))
    load_inbox(con, inbox, known_benchmarks={BENCHMARK})
    build_reproduced_pools(con)
    pools = con.sql("SELECT * FROM reproduced_pools").arrow().read_all().to_pylist()
    con.close()
    exported = export_release_eee(
        pool_scores(pools, "https://site.test"),
        [{"benchmark_id": BENCHMARK, "name": "SWE-bench Verified"}],
        [{"model_id": "openai/gpt-4o", "developer": "openai"}],
        datetime(2026, 12, 1, 15, tzinfo=UTC),
    )
    assert len(exported) == 1
    path, record = next(iter(exported.items()))
    assert record_problems(path, record) == []  # the 0.3.0 JSON Schema and the package
    (result,) = record["evaluation_results"]
    page = f"https://site.test/pools/{pools[0]['pool_id']}.html"  # the pool's page lists its runs
    assert result["source_data"]["additional_details"]["source_url"] == page
    uncertainty = result["score_details"]["uncertainty"]
    assert uncertainty["standard_error"]["value"] == pytest.approx(pools[0]["std_error"])
    assert uncertainty["confidence_interval"]["lower"] == pytest.approx(pools[0]["ci_low"])
    assert uncertainty["confidence_interval"]["confidence_level"] == 0.95
    assert uncertainty["num_samples"] == 3
    args = result["generation_config"]["generation_args"]
    assert args == {"max_attempts": 3, "eval_limits": {"token_limit": 200000}}
    details = result["generation_config"]["additional_details"]
    assert details["reasoning_effort"] == "high" and details["agent"] == "terminus-2"
