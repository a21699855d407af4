-- reproduced_attempts: every attempt of every task of an accepted run (run summary version 2),
-- or, for a version 1 summary, one row per task with its mean reward and attempt NULL.
-- Loaded with its run by benchhub.runs.load_inbox; rows are only ever added. Token counts and
-- cost are Harbor's agent_result fields, NULL when the agent did not report them. Never
-- transcripts or model outputs.
CREATE TABLE IF NOT EXISTS reproduced_attempts (
    run_id VARCHAR NOT NULL,              -- reproduced_runs.run_id
    task VARCHAR NOT NULL,                -- the task folder's name
    attempt INTEGER,                      -- 0, 1, ... in the order Harbor ran them; NULL for v1
    reward DOUBLE NOT NULL CHECK (reward >= 0 AND reward <= 1),  -- v1: the task's mean reward
    errored BOOLEAN,                      -- the trial raised (its reward counts 0); NULL for v1
    input_tokens BIGINT,                  -- agent_result.n_input_tokens (cached ones included)
    cached_tokens BIGINT,                 -- agent_result.n_cache_tokens
    output_tokens BIGINT,                 -- agent_result.n_output_tokens
    cost_usd DOUBLE                       -- agent_result.cost_usd
);
