-- reproduced_runs: one row per accepted run summary pushed with `ltb bench push`.
-- Loaded by benchhub.runs.load_inbox after the inbox file passed the checks again. Rows are only
-- ever added (a run id already here is skipped), so re-running the load never duplicates rows.
CREATE TABLE IF NOT EXISTS reproduced_runs (
    run_id VARCHAR PRIMARY KEY,           -- 'run-' + the first 20 hex digits of results_sha256
    benchmark_id VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,            -- the pushed model name in lower case (until a crosswalk)
    model VARCHAR NOT NULL,               -- the model name exactly as pushed
    agent VARCHAR NOT NULL,
    harness VARCHAR NOT NULL,
    harbor_version VARCHAR NOT NULL,
    cli_version VARCHAR NOT NULL,
    settings_key VARCHAR NOT NULL,        -- canonical JSON of agent + settings; pools never mix them
    score DOUBLE NOT NULL CHECK (score >= 0 AND score <= 100),
    n_tasks INTEGER NOT NULL CHECK (n_tasks >= 1),
    n_attempts INTEGER NOT NULL CHECK (n_attempts >= 1),
    sample_n BIGINT NOT NULL,             -- tasks sampled from the benchmark for this run
    results_sha256 VARCHAR NOT NULL,      -- SHA-256 of Harbor's job result file
    submitter VARCHAR NOT NULL,           -- API key id, or 'anonymous'
    created_at TIMESTAMPTZ NOT NULL,      -- when the run was made (from the summary)
    received_at TIMESTAMPTZ NOT NULL,     -- when the intake accepted it
    source_file VARCHAR NOT NULL          -- inbox file the row came from
);
