-- The model x benchmark grid the heatmap draws: one cell per label, a headline score (the
-- benchmark's primary metric on the whole benchmark under default attempts: sql/score_kinds.sql),
-- with the settings it was measured under. Breakdowns (subsets, categories, languages, tracks,
-- alternate metrics) never fill a cell; a cell with no headline score stays absent, as does every
-- cell without a score: the grid is never filled in, and labels are never mixed in one cell.
--
-- Which headline score, in order: a reproduced median with the most runs; the most authoritative
-- source (the benchmark's own leaderboard or paper, then evaluation labs and developers, then
-- aggregators: `authority`); the most recent. Ties end on the source, never on the value or on
-- how many settings a score records, so a cell never quietly shows the highest of several
-- numbers; one source listing two numbers under one setting (two rows of one model) ends on the
-- spellings it used and last on the lower value, so every build picks the same row. `n_scores` counts the cell's headline scores and `settings_vary` says that they were
-- not all measured the same way: the page's `disagreements` list what differs.
CREATE OR REPLACE TABLE leaderboard AS
WITH ranked AS (
    SELECT
        *,
        count(*) OVER cell AS n_scores,
        count(DISTINCT settings::VARCHAR) OVER cell > 1 AS settings_vary,
        row_number() OVER (
            cell ORDER BY coalesce(n_runs, 0) DESC,
                          authority,
                          reported_at DESC NULLS LAST,
                          channel, source_url, settings::VARCHAR,
                          model_as_published, benchmark_as_published, value
        ) AS rank_in_cell
    FROM scores
    WHERE kind = 'headline'
    WINDOW cell AS (PARTITION BY benchmark_id, model_id, label)
)
SELECT
    benchmark_id,
    model_id,
    label,
    value_percent,
    value,
    scale,
    metric,
    metric_family,
    attempts,
    kind,
    stderr,
    ci_low,
    ci_high,
    n_runs,
    source_url,
    channel,
    authority,
    publisher,
    harness,
    harness_version,
    settings,
    unknown_settings,
    reported_at,
    n_scores,
    settings_vary
FROM ranked
WHERE rank_in_cell = 1;
