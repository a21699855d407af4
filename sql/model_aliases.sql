-- Every channel's spelling of a model, once: (channel, source_name, scaffold) -> model_id, with
-- the settings split off the name (reasoning effort, thinking budget, provider, precision).
-- `scaffold` is the agent the channel's row names beside the model (NULL for a bare model); a
-- row with a scaffold maps to an agent system, never to the bare model.
CREATE TABLE model_aliases (
    channel VARCHAR NOT NULL,
    source_name VARCHAR NOT NULL,
    scaffold VARCHAR,
    model_id VARCHAR NOT NULL,
    settings JSON
);
