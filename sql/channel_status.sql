-- One row per channel: its last attempt and its last good read. A failed attempt updates only
-- the attempt columns, so the last good data (and when it was read) stays visible as stale.
CREATE TABLE IF NOT EXISTS channel_status (
    channel VARCHAR PRIMARY KEY,
    mode VARCHAR NOT NULL,
    last_attempt_at TIMESTAMPTZ NOT NULL,
    last_success_at TIMESTAMPTZ,
    last_error VARCHAR,
    stale BOOLEAN NOT NULL,
    n_candidates BIGINT,
    n_scores BIGINT,
    n_issues BIGINT
);
