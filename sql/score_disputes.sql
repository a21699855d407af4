-- score_disputes: what readers reported with `ltb bench report` (through the intake or an inbox
-- folder): a published score that disagrees with its source. Loaded by
-- benchhub.corrections.load_disputes from <inbox>/disputes/ after each file passed the checks
-- again (ltb/disputes.py), rebuilt whole each time. A dispute changes no score: it is shown next
-- to the score while `open`, until a person's decision in curation/corrections.yaml names it.
CREATE OR REPLACE TABLE score_disputes (
    dispute_id VARCHAR PRIMARY KEY,       -- 'dispute-' + 20 hex digits of the dispute's hash
    benchmark_id VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,            -- the reported model name in lower case
    label VARCHAR,                        -- the label disputed; NULL: every label of the cell
    claimed_value DOUBLE NOT NULL,        -- the value the reader says the source publishes
    source_url VARCHAR NOT NULL,          -- where the reader says it is published
    note VARCHAR NOT NULL,                -- the reader's explanation
    submitter VARCHAR NOT NULL,           -- API key id, or 'anonymous'
    received_at TIMESTAMPTZ NOT NULL,
    status VARCHAR NOT NULL,              -- 'open', or 'decided' once a correction names it
    decision VARCHAR,                     -- the deciding correction's action
    source_file VARCHAR NOT NULL          -- the inbox file the row came from
);
