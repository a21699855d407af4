-- Self-reported vs independent: for every model and benchmark with both, one self-reported and
-- one independent headline score (same benchmark, the headline's metric, the whole benchmark,
-- default attempts) side by side with a verdict. When a side has several headline scores (a
-- paper's 0-shot and 5-shot runs), the pair is the one whose recorded settings differ least;
-- ties go to the grid cells (sql/leaderboard.sql), then to the source.
--
-- Noise: each score's standard error in the compared unit, from what the source published (its
-- stderr, else its 95% interval / 3.92), else, for a share-of-items metric, the binomial
-- sqrt(p(1-p)/n) with n the items the run scored (`n_evaluated`) or the benchmark's sample count
-- (p kept within half an item of 0 and 1). The gap's error is the root of the summed squares.
--   `within noise`: |gap| <= 1.96 x the gap's error (a 95% interval of the difference);
--   `beyond noise`: larger;
--   `not comparable`: another scale (a rating vs a percentage); different attempts, scaffolds
--   (an agent system is not the bare model) or model snapshots recorded on the two sides; or no
--   error for one side.
-- `differing_settings` are the settings both record with different values (reasoning effort,
-- attempts, shots, CoT, scaffold, token budget...); `*_unknown_settings` those a side's source
-- left unknown. A verdict that rests on unknown settings says so in its reason.
CREATE OR REPLACE TABLE score_comparison AS
WITH cells AS (
    SELECT
        l.*,
        g.model_id IS NOT NULL AS in_grid,
        coalesce(l.metric_family, h.metric) AS compared_metric,
        h.metric AS headline_metric,
        h.subset AS headline_subset,
        h.attempts AS headline_attempts,
        coalesce(TRY_CAST(l.settings ->> 'n_evaluated' AS BIGINT), b.sample_count) AS n_items
    FROM scores AS l
    JOIN benchmark_headlines AS h USING (benchmark_id)
    LEFT JOIN benchmarks AS b USING (benchmark_id)
    LEFT JOIN leaderboard AS g
        ON g.benchmark_id = l.benchmark_id AND g.model_id = l.model_id AND g.label = l.label
       AND g.source_url = l.source_url AND g.value = l.value
       AND g.settings::VARCHAR = l.settings::VARCHAR
    WHERE l.kind = 'headline' AND l.label IN ('self_reported', 'independent')
),
with_error AS (
    SELECT
        *,
        CASE
            WHEN value_percent IS NOT NULL THEN 'percent' ELSE scale
        END AS compared_unit,
        coalesce(value_percent, value) AS compared_value,
        CASE
            WHEN stderr IS NOT NULL
                THEN stderr * CASE scale WHEN 'fraction' THEN 100 ELSE 1 END
            WHEN ci_low IS NOT NULL AND ci_high IS NOT NULL
                THEN (ci_high - ci_low) / 3.92 * CASE scale WHEN 'fraction' THEN 100 ELSE 1 END
            WHEN is_proportion(compared_metric) AND value_percent IS NOT NULL AND n_items > 0
                THEN 100 * sqrt(
                    greatest(least(value_percent / 100, 1 - 0.5 / n_items), 0.5 / n_items)
                    * (1 - greatest(least(value_percent / 100, 1 - 0.5 / n_items), 0.5 / n_items))
                    / n_items
                )
        END AS standard_error,
        CASE
            WHEN stderr IS NOT NULL THEN 'published stderr'
            WHEN ci_low IS NOT NULL AND ci_high IS NOT NULL THEN 'published 95% interval'
            WHEN is_proportion(compared_metric) AND value_percent IS NOT NULL AND n_items > 0
                THEN 'binomial, n=' || n_items
        END AS error_source
    FROM cells
),
pairs AS (
    SELECT
        s.benchmark_id,
        s.model_id,
        -- who made the claim: the model's developer, else the self-reported number's publisher
        coalesce(m.developer, s.publisher, 'unknown') AS vendor,
        s.headline_metric AS metric,
        s.headline_subset AS subset,
        s.headline_attempts AS attempts,
        s.compared_metric AS self_metric,
        i.compared_metric AS independent_metric,
        s.attempts AS self_attempts,
        i.attempts AS independent_attempts,
        s.kind AS self_kind,
        i.kind AS independent_kind,
        s.compared_unit AS unit,
        s.compared_unit = i.compared_unit AS same_unit,
        s.value_percent AS self_reported_percent,
        i.value_percent AS independent_percent,
        s.compared_value AS self_value,
        i.compared_value AS independent_value,
        s.compared_value - i.compared_value AS self_minus_independent,
        s.standard_error AS self_standard_error,
        i.standard_error AS independent_standard_error,
        s.error_source AS self_error_source,
        i.error_source AS independent_error_source,
        sqrt(s.standard_error ^ 2 + i.standard_error ^ 2) AS gap_standard_error,
        differing_settings(s.settings::VARCHAR, i.settings::VARCHAR) AS differing_settings,
        s.unknown_settings AS self_unknown_settings,
        i.unknown_settings AS independent_unknown_settings,
        s.source_url AS self_source_url,
        i.source_url AS independent_source_url,
        s.channel AS self_channel,
        i.channel AS independent_channel,
        s.publisher AS self_publisher,
        i.publisher AS independent_publisher,
        s.settings AS self_settings,
        i.settings AS independent_settings,
        s.reported_at AS self_reported_at,
        i.reported_at AS independent_reported_at
    FROM with_error AS s
    JOIN with_error AS i
        ON i.benchmark_id = s.benchmark_id AND i.model_id = s.model_id
       AND i.label = 'independent'
    LEFT JOIN models AS m ON m.model_id = s.model_id
    WHERE s.label = 'self_reported'
    QUALIFY row_number() OVER (
        PARTITION BY s.benchmark_id, s.model_id
        ORDER BY len(differing_settings(s.settings::VARCHAR, i.settings::VARCHAR)),
                 NOT s.in_grid, NOT i.in_grid,
                 s.authority, s.reported_at DESC NULLS LAST, s.source_url, s.settings::VARCHAR,
                 i.authority, i.reported_at DESC NULLS LAST, i.source_url, i.settings::VARCHAR
    ) = 1
),
blocked AS (
    SELECT
        *,
        list_filter(differing_settings, lambda x: x IN ('attempts', 'scaffold', 'snapshot'))
            AS blocking_settings
    FROM pairs
),
judged AS (
    SELECT
        *,
        CASE
            WHEN NOT same_unit OR gap_standard_error IS NULL OR len(blocking_settings) > 0
                THEN 'not comparable'
            WHEN abs(self_minus_independent) <= 1.96 * gap_standard_error THEN 'within noise'
            ELSE 'beyond noise'
        END AS verdict,
        len(self_unknown_settings) + len(independent_unknown_settings) > 0 AS rests_on_unknown
    FROM blocked
)
SELECT
    * EXCLUDE (same_unit, blocking_settings),
    CASE
        WHEN NOT same_unit THEN 'not comparable: self-reported on ' || unit
            || ', independent on another scale'
        WHEN len(blocking_settings) > 0 THEN 'not comparable: ' || list_aggregate(
            list_transform(blocking_settings, lambda x: x || ' differs (' || (self_settings ->> x)
                || ' vs ' || (independent_settings ->> x) || ')'), 'string_agg', ', ')
        WHEN gap_standard_error IS NULL THEN 'not comparable: no published uncertainty and no '
            || 'sample count for ' || CASE
                WHEN self_standard_error IS NULL AND independent_standard_error IS NULL
                    THEN 'either score'
                WHEN self_standard_error IS NULL THEN 'the self-reported score'
                ELSE 'the independent score' END
        ELSE verdict || ': gap ' || round(self_minus_independent, 2) || ' '
            || CASE unit WHEN 'percent' THEN 'points' ELSE unit END
            || ' vs 1.96 x ' || round(gap_standard_error, 2) || ' ('
            || self_error_source || ' / ' || independent_error_source || ')'
    END
    || CASE
        WHEN len(differing_settings) > 0
            THEN '; settings differ: ' || array_to_string(differing_settings, ', ')
        ELSE ''
    END
    || CASE
        WHEN rests_on_unknown THEN '; rests on unknown settings: ' || concat_ws('; ',
            CASE WHEN len(self_unknown_settings) > 0
                THEN 'self-reported ' || array_to_string(self_unknown_settings, ', ') END,
            CASE WHEN len(independent_unknown_settings) > 0
                THEN 'independent ' || array_to_string(independent_unknown_settings, ', ') END)
        ELSE ''
    END AS verdict_reason
FROM judged;
