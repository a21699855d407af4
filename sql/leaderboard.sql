-- The model x benchmark grid the heatmap draws: one cell per label, the best-sourced value.
-- Best-sourced: a reproduced median with the most runs; else the score with an uncertainty,
-- then the most recent, then the channel name for a stable order. Cells that have no score stay
-- absent: the grid is never filled in. Values on bounded scales are shown as percents.
CREATE OR REPLACE TABLE leaderboard AS
WITH ranked AS (
    SELECT
        *,
        count(*) OVER cell AS n_scores,
        row_number() OVER (
            cell ORDER BY coalesce(n_runs, 0) DESC,
                          (stderr IS NOT NULL OR ci_low IS NOT NULL) DESC,
                          reported_at DESC NULLS LAST, channel, source_url, value DESC
        ) AS rank_in_cell
    FROM scores
    WINDOW cell AS (PARTITION BY benchmark_id, model_id, label)
)
SELECT
    benchmark_id,
    model_id,
    label,
    CASE scale WHEN 'fraction' THEN value * 100 WHEN 'percent' THEN value END AS value_percent,
    value,
    scale,
    metric,
    source_url,
    channel,
    harness,
    settings,
    reported_at,
    n_scores
FROM ranked
WHERE rank_in_cell = 1;
