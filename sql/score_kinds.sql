-- Every score classified against its benchmark's headline (sql/benchmark_headlines.sql):
-- `headline`, or `breakdown` with its kind and the reason, in this order:
--   a part of the benchmark (subset, category, language, track: the score's `part`);
--   `alternate metric`: another metric family than the headline's, or other attempts than the
--   headline's (pass@5 is never a pass@1 number; `attempts` 0 means "several, not said how many");
--   `track`: another value of a default setting the headline names (Cybench's subtask guidance).
-- A score whose source names no metric, or no attempts, is read as the headline's and says so in
-- `unknown_settings`: the score-changing settings its source leaves unknown where they are known
-- to vary on the benchmark (benchhub/headline.py decides). Reproduced medians are ltb runs of the benchmark itself: headline.
CREATE OR REPLACE TABLE scores AS
WITH varying AS (
    -- The score-changing settings some score of the benchmark records: known to matter there.
    SELECT
        benchmark_id,
        list_distinct(flatten(list(recorded_groups(
            json_keys(settings) || CASE WHEN attempts IS NOT NULL THEN ['attempts'] ELSE [] END
        )))) AS groups
    FROM scores
    GROUP BY benchmark_id
),
headlines AS (
    -- the default settings other than attempts, where a headline names any
    SELECT
        *,
        CASE WHEN len(json_keys(default_settings)) > 1 THEN default_settings::VARCHAR END
            AS named_defaults
    FROM benchmark_headlines
),
classified AS (
    SELECT
        s.*,
        CASE
            WHEN s.label = 'reproduced' THEN NULL
            WHEN s.part IS NOT NULL THEN s.part
            WHEN s.metric_family <> h.metric THEN 'alternate metric'
            WHEN s.attempts <> h.attempts THEN 'alternate metric'
            WHEN h.named_defaults IS NOT NULL
                AND off_default(s.settings::VARCHAR, h.named_defaults) IS NOT NULL THEN 'track'
        END AS breakdown_kind,
        CASE
            WHEN s.label = 'reproduced' THEN NULL
            WHEN s.part IS NOT NULL THEN s.part || ': ' || coalesce(
                s.settings ->> 'subset', s.settings ->> 'language_pair', s.settings ->> 'level',
                s.settings ->> 'track', s.part_published_at_source
            )
            WHEN s.metric_family <> h.metric
                THEN 'metric ' || s.metric_family || ' (headline: ' || h.metric || ')'
            WHEN s.attempts <> h.attempts
                THEN 'attempts ' || CASE s.attempts WHEN 0 THEN 'several' ELSE s.attempts::VARCHAR END
                    || ' (headline: ' || h.attempts || ')'
            WHEN h.named_defaults IS NOT NULL
                THEN 'track: ' || off_default(s.settings::VARCHAR, h.named_defaults)
        END AS breakdown_reason,
        unknown_settings(
            json_keys(s.settings) || CASE WHEN s.attempts IS NOT NULL THEN ['attempts'] ELSE [] END,
            s.channel, s.metric_family, v.groups
        ) AS unknown_settings
    FROM scores AS s
    LEFT JOIN headlines AS h USING (benchmark_id)
    LEFT JOIN varying AS v USING (benchmark_id)
)
SELECT
    * EXCLUDE (breakdown_kind, breakdown_reason, unknown_settings),
    CASE WHEN breakdown_kind IS NULL THEN 'headline' ELSE 'breakdown' END AS kind,
    breakdown_kind,
    breakdown_reason,
    unknown_settings
FROM classified;
