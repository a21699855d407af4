-- Staged: records a channel parser could not read, with where and why. Replaced with the slice.
CREATE TABLE IF NOT EXISTS channel_issues (
    channel VARCHAR NOT NULL,
    location VARCHAR NOT NULL,
    message VARCHAR NOT NULL,
    loaded_at TIMESTAMPTZ NOT NULL
);
