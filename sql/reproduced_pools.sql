-- reproduced_pools: the pooled estimate of every pool of reproduced runs (benchmark x model x
-- harness x settings, agent included), computed from per-task rewards by benchhub.pools with the
-- method in benchhub/pooling.py: runs and tasks as separate sources of variance, a 95% interval,
-- the spread between runs, how many more runs of the same size would bring the interval to
-- +-2 points, and the cap on one submitter's share. Scores are in points (0-100).
CREATE OR REPLACE TABLE reproduced_pools (
    pool_id VARCHAR NOT NULL,             -- names the pool's page: benchhub.runs.pool_id_for
    benchmark_id VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    harness VARCHAR NOT NULL,
    settings_key VARCHAR NOT NULL,
    settings VARCHAR NOT NULL,            -- the pool's run settings, canonical JSON
    n_runs INTEGER NOT NULL,
    n_submitters INTEGER NOT NULL,
    n_tasks INTEGER NOT NULL,             -- distinct tasks scored by the pool's runs
    effective_runs DOUBLE NOT NULL,       -- 1 / sum of squared run weights, after the cap
    max_submitter_share DOUBLE NOT NULL,  -- the largest weight one submitter's runs carry
    estimate DOUBLE NOT NULL,             -- weighted mean of the run scores
    std_error DOUBLE,                     -- NULL when one run scored one task
    ci_low DOUBLE,                        -- 95% interval, t with Satterthwaite's df
    ci_high DOUBLE,
    degrees_of_freedom DOUBLE,
    run_std_error DOUBLE,                 -- the runs' part of the standard error
    task_std_error DOUBLE,                -- the tasks' part of the standard error
    between_run_sd DOUBLE,                -- spread of the run scores; NULL for one run
    runs_needed INTEGER,                  -- more runs to reach +-2 points; 0 when reached
    runs_needed_reason VARCHAR,           -- why runs_needed is NULL
    max_attempts INTEGER,                 -- most attempts per task in the pool's runs
    token_limit BIGINT,                   -- the settings' token_limit, if any
    mean_tokens_per_run DOUBLE,           -- input + output tokens, runs that reported them
    mean_cost_usd_per_run DOUBLE,         -- runs that reported cost
    cost_per_point_usd DOUBLE,            -- mean cost of a run / estimate
    last_run_at TIMESTAMPTZ NOT NULL
);
