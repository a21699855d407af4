-- Each benchmark's headline: the number its own leaderboard or paper leads with. One primary
-- metric (a family from benchhub/headline.py: accuracy, acc_norm, rating, ...), the whole
-- benchmark (subset `overall`: no subset, category, language or track) and default settings
-- (`attempts` 1 unless the benchmark is defined otherwise).
--
-- A person's decision in curation/headlines.yaml (the curated_headlines table) wins. Otherwise
-- the rule reads the most authoritative source's overall column: among the scores of the whole
-- benchmark, the channel with the best authority (the benchmark's own leaderboard, then
-- evaluation labs and developers, then aggregators), a family that is not a harness's
-- log-likelihood normalisation (acc_norm: the Open LLM Leaderboard's thousands of acc_norm
-- rows do not outvote the accuracy that papers and other labs publish), then more scores. Its attempts are the one value that source uses throughout (or its last
-- attempt where its overall column is the last one: Aider), else 1.
-- A benchmark whose sources never name a metric for the whole benchmark has no metric here
-- (`metric` NULL, `derived_from` says why): its unnamed scores of the whole benchmark are read as
-- headline scores, and a benchmark published only in parts has none.
CREATE OR REPLACE TABLE benchmark_headlines AS
WITH whole AS (
    SELECT benchmark_id, channel, authority, metric_family, metric, attempts
    FROM scores
    WHERE part IS NULL AND label <> 'reproduced'
),
by_channel AS (
    SELECT
        benchmark_id,
        channel,
        authority,
        metric_family,
        count(*) AS n_scores,
        mode(metric) AS metric_as_published,
        CASE
            WHEN leads_with_last_attempt(channel) THEN max(attempts)
            WHEN count(DISTINCT coalesce(attempts, -1)) = 1 THEN any_value(attempts)
        END AS attempts_throughout
    FROM whole
    WHERE metric_family IS NOT NULL
    GROUP BY benchmark_id, channel, authority, metric_family
),
derived AS (
    SELECT *
    FROM by_channel
    QUALIFY row_number() OVER (
        PARTITION BY benchmark_id
        ORDER BY authority, is_harness_normalisation(metric_family), n_scores DESC, channel,
            metric_family
    ) = 1
),
benchmarks_scored AS (
    SELECT benchmark_id, count(*) FILTER (part IS NULL) > 0 AS has_whole
    FROM scores
    WHERE label <> 'reproduced'
    GROUP BY benchmark_id
)
SELECT
    b.benchmark_id,
    coalesce(c.metric, d.metric_family) AS metric,
    d.metric_as_published,
    'overall' AS subset,
    coalesce(c.attempts, d.attempts_throughout, 1) AS attempts,
    json_merge_patch(
        coalesce(c.settings, '{}'),
        json_object('attempts', coalesce(c.attempts, d.attempts_throughout, 1))
    ) AS default_settings,
    CASE
        WHEN c.benchmark_id IS NOT NULL THEN 'curated'
        WHEN d.benchmark_id IS NOT NULL THEN 'rule'
        WHEN b.has_whole THEN 'no named metric'
        ELSE 'only breakdowns published'
    END AS derived_from,
    coalesce(c.why, 'overall column of ' || d.channel) AS why
FROM benchmarks_scored AS b
LEFT JOIN curated_headlines AS c USING (benchmark_id)
LEFT JOIN derived AS d USING (benchmark_id);
