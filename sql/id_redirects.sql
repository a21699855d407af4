-- Ids of the previous release that moved: split, merged or renamed (benchhub/redirects.py).
-- The release writes them to redirects.json; ltb and the site follow them.
CREATE TABLE IF NOT EXISTS id_redirects (
    kind VARCHAR NOT NULL,  -- benchmark | model
    old_id VARCHAR NOT NULL,
    to_ids VARCHAR[] NOT NULL,
    reason VARCHAR NOT NULL,
    PRIMARY KEY (kind, old_id)
);
