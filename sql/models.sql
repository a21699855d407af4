-- One row per model identity (docs/models.md): one publisher's specific weights or API version,
-- or an agent system (a scaffold around a model). Run settings are not part of the identity.
-- kind: 'model' | 'agent_system'. line: the family for browsing and roll-ups ("gpt-4o" for every
-- GPT-4o snapshot). version: the release stage (preview, exp, beta, latest) when the id has one;
-- snapshot: the date when the id has one. base_model: an agent system's underlying model.
-- open_weights / hf_repo: known only where a channel names a Hugging Face repository.
CREATE TABLE models (
    model_id VARCHAR PRIMARY KEY,
    name VARCHAR NOT NULL,
    developer VARCHAR,
    aliases VARCHAR[],
    kind VARCHAR NOT NULL,
    line VARCHAR,
    version VARCHAR,
    snapshot VARCHAR,
    base_model VARCHAR,
    open_weights BOOLEAN,
    hf_repo VARCHAR
);
