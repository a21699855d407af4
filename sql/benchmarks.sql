-- The registry's benchmarks: merged, reviewed and tiered. Rejected records stay here with the
-- reason (tier NULL, published false) and are left out of releases.
CREATE TABLE benchmarks (
    benchmark_id VARCHAR PRIMARY KEY,
    name VARCHAR NOT NULL,
    aliases VARCHAR[],
    description VARCHAR,
    paper_url VARCHAR,  -- a paper only (arXiv, ACL Anthology, OpenReview, DOI, proceedings)
    homepage_url VARCHAR,  -- any other page about it
    arxiv_id VARCHAR,
    hf_dataset VARCHAR,
    github_url VARCHAR,
    license VARCHAR,
    license_as_published VARCHAR,
    code_license VARCHAR,  -- the code's licence (repository, harness): a different fact
    metric VARCHAR,
    sample_count BIGINT,
    axes VARCHAR[],
    release_date VARCHAR,
    languages VARCHAR[],
    harbor_runnable BOOLEAN NOT NULL,
    harbor_source VARCHAR,  -- registry | adapter (Harbor's own), pull, lm-eval:<task>, suite
    harbor_reason VARCHAR,  -- why not runnable (NULL when runnable)
    parent_id VARCHAR,  -- a benchmark or suite record, never a category
    record_kind VARCHAR NOT NULL,  -- benchmark | suite | subtask (benchhub/crosswalk/kinds.py)
    tier VARCHAR,
    missing_fields VARCHAR[],
    tier_reasons VARCHAR[],
    channels VARCHAR[],
    n_channels INTEGER NOT NULL,
    source_urls JSON,
    provenance JSON,
    conflicts JSON,
    review_decision VARCHAR,
    reviewer VARCHAR,
    review_notes VARCHAR,
    published BOOLEAN NOT NULL,
    rejected_reason VARCHAR
);
