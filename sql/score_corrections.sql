-- score_corrections: the decisions of curation/corrections.yaml as applied to `scores` by
-- benchhub.corrections.apply_corrections, in file order, with how many scores each matched.
-- retract removes the matched scores; fix replaces their value with the one their source
-- publishes and the source URL with where it is published (never estimated); relabel moves them
-- to another label. A decision that matched nothing fails a blocking check.
CREATE OR REPLACE TABLE score_corrections (
    position INTEGER NOT NULL,            -- the entry's place in the file, from 0
    benchmark_id VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    label VARCHAR NOT NULL,               -- the label of the scores it matched
    match_source_url VARCHAR,             -- only scores published at this URL; NULL: all
    action VARCHAR NOT NULL,              -- retract | fix | relabel
    value DOUBLE,                         -- fix: the published value
    source_url VARCHAR,                   -- fix: where that value is published
    to_label VARCHAR,                     -- relabel: the new label
    why VARCHAR NOT NULL,
    disputes VARCHAR[] NOT NULL,          -- dispute ids this decides
    matched_rows INTEGER NOT NULL
);
