-- The crosswalk's merged benchmark records (before review), one JSON record per identity.
CREATE TABLE merged_benchmarks (
    benchmark_id VARCHAR PRIMARY KEY,
    record JSON NOT NULL
);
