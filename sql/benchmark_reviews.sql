-- One review per merged benchmark: the decision, what was corrected and why, and by whom.
CREATE TABLE benchmark_reviews (
    benchmark_id VARCHAR PRIMARY KEY,
    decision VARCHAR NOT NULL,
    reviewer VARCHAR NOT NULL,
    model VARCHAR,
    prompt_version VARCHAR,
    confidence DOUBLE,
    axes VARCHAR[],
    license_correction VARCHAR,  -- the SPDX id the reviewer set, when it changed the licence
    issues VARCHAR[],
    review JSON NOT NULL
);
