-- Reviews already paid for, keyed by what was reviewed and how (see benchhub/review/cache.py).
CREATE TABLE IF NOT EXISTS review_cache (
    key VARCHAR PRIMARY KEY,  -- sha256 of content hash, reviewer, model and prompt version
    review JSON NOT NULL,  -- benchhub.review.model.Review as a dict
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
