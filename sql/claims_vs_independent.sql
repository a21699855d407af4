-- Claims vs independent: per vendor (score_comparison.vendor) and per benchmark, how the
-- developers' own headline numbers compare with independent ones (sql/score_comparison.sql).
-- `pairs` counts every self-reported/independent pair, `comparable_pairs` those with a verdict
-- other than `not comparable`; the median gap (self-reported minus independent, in percentage
-- points; ratings and other scales are left out of it) and the share beyond noise are over the
-- comparable pairs. The pairs themselves are in score_comparison (and the release's claims.json).
CREATE OR REPLACE TABLE claims_vs_independent AS
WITH pairs AS (
    SELECT c.*, c.verdict <> 'not comparable' AS comparable
    FROM score_comparison AS c
    JOIN benchmarks AS b USING (benchmark_id)
    WHERE b.published  -- what a release carries
),
grouped AS (
    SELECT 'vendor' AS grouping, vendor AS name, * EXCLUDE (vendor) FROM pairs
    UNION ALL BY NAME
    SELECT 'benchmark' AS grouping, benchmark_id AS name, * EXCLUDE (vendor) FROM pairs
)
SELECT
    grouping,
    name,
    count(*) AS pairs,
    count(*) FILTER (comparable) AS comparable_pairs,
    count(*) FILTER (verdict = 'beyond noise') AS beyond_noise,
    count(*) FILTER (comparable AND rests_on_unknown) AS resting_on_unknown_settings,
    round(median(self_minus_independent) FILTER (comparable AND unit = 'percent'), 2)
        AS median_gap_points,
    round(
        count(*) FILTER (verdict = 'beyond noise') / nullif(count(*) FILTER (comparable), 0), 3
    ) AS share_beyond_noise,
    count(DISTINCT model_id) AS models,
    count(DISTINCT benchmark_id) AS benchmarks
FROM grouped
GROUP BY grouping, name;
