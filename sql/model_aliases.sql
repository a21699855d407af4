-- Every channel's spelling of a model, its model_id, and the settings split off the name
-- (reasoning effort, thinking budget, snapshot date, scaffold).
CREATE TABLE model_aliases (
    channel VARCHAR NOT NULL,
    source_name VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    settings JSON
);
