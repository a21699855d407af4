-- Staged: one row per benchmark record as a channel publishes it (before merging).
-- Each channel owns its slice (channel = ?), replaced whole on every successful read.
CREATE TABLE IF NOT EXISTS channel_candidates (
    channel VARCHAR NOT NULL,
    source_key VARCHAR NOT NULL,
    source_name VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    description VARCHAR,
    paper_url VARCHAR,
    arxiv_id VARCHAR,
    hf_dataset VARCHAR,
    hf_config VARCHAR,
    github_url VARCHAR,
    license VARCHAR,
    metric VARCHAR,
    sample_count BIGINT,
    splits VARCHAR[],
    languages VARCHAR[],
    capability_hints VARCHAR[],
    release_date VARCHAR,
    harbor VARCHAR,
    family VARCHAR,
    is_benchmark BOOLEAN NOT NULL,
    not_benchmark_reason VARCHAR,
    extra JSON,
    loaded_at TIMESTAMPTZ NOT NULL
);
