-- The crosswalk: every channel's spelling and id of a benchmark, mapped to our benchmark_id.
CREATE TABLE benchmark_aliases (
    channel VARCHAR NOT NULL,
    source_key VARCHAR NOT NULL,
    source_name VARCHAR NOT NULL,
    benchmark_id VARCHAR NOT NULL
);
