-- The model x benchmark grid the heatmap draws: one cell per label, the best-sourced value, with
-- the settings it was measured under. Cells that have no score stay absent: the grid is never
-- filled in, and labels are never mixed in one cell.
--
-- Best-sourced, in order: a reproduced median with the most runs; the score that records the
-- most about how it was run (settings, harness); one with an uncertainty (stderr or interval);
-- the most recent. Ties end on the source, never on the value, so a cell never quietly shows the
-- highest of several numbers. `n_scores` counts the cell's scores and `settings_vary` says that
-- they were not all measured the same way: the page's `disagreements` list what differs.
-- Values on bounded scales are also shown as percents.
CREATE OR REPLACE TABLE leaderboard AS
WITH ranked AS (
    SELECT
        *,
        count(*) OVER cell AS n_scores,
        count(DISTINCT settings::VARCHAR) OVER cell > 1 AS settings_vary,
        row_number() OVER (
            cell ORDER BY coalesce(n_runs, 0) DESC,
                          json_array_length(json_keys(settings)) + (harness IS NOT NULL)::INT DESC,
                          (stderr IS NOT NULL OR ci_low IS NOT NULL) DESC,
                          reported_at DESC NULLS LAST,
                          channel, source_url, settings::VARCHAR
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
    stderr,
    ci_low,
    ci_high,
    n_runs,
    source_url,
    channel,
    publisher,
    harness,
    harness_version,
    settings,
    reported_at,
    n_scores,
    settings_vary
FROM ranked
WHERE rank_in_cell = 1;
