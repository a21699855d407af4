-- Staged: one row per score a channel publishes, exactly as published plus its reading.
CREATE TABLE IF NOT EXISTS channel_scores (
    channel VARCHAR NOT NULL,
    benchmark_key VARCHAR NOT NULL,
    benchmark_name VARCHAR NOT NULL,
    model_name VARCHAR NOT NULL,
    value DOUBLE NOT NULL,
    scale VARCHAR NOT NULL,
    raw_value VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    relationship VARCHAR NOT NULL,
    metric VARCHAR,
    model_developer VARCHAR,
    publisher VARCHAR,
    stderr DOUBLE,
    ci_low DOUBLE,
    ci_high DOUBLE,
    harness VARCHAR,
    harness_version VARCHAR,
    settings JSON,
    reported_at VARCHAR,
    loaded_at TIMESTAMPTZ NOT NULL
);
