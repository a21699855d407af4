-- reproduced_budget_curves: for pools whose runs reported tokens, the percent of tasks solved
-- within each token budget (a task's first successful attempt, tokens of the earlier failed
-- attempts included), with a 95% two-level bootstrap band (benchhub/pooling.py budget_curve).
CREATE OR REPLACE TABLE reproduced_budget_curves (
    benchmark_id VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    harness VARCHAR NOT NULL,
    settings_key VARCHAR NOT NULL,
    tokens BIGINT NOT NULL,               -- the budget: input + output tokens per task
    solved DOUBLE NOT NULL,               -- percent of tasks solved within it
    solved_low DOUBLE NOT NULL,
    solved_high DOUBLE NOT NULL,
    n_runs INTEGER NOT NULL               -- runs with token data behind the curve
);
