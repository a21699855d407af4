-- One row per model identity across channels; run settings are not part of the identity.
CREATE TABLE models (
    model_id VARCHAR PRIMARY KEY,
    name VARCHAR NOT NULL,
    developer VARCHAR,
    aliases VARCHAR[]
);
