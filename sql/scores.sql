-- Every published score, mapped to our benchmark and model ids and labelled.
-- The label rule lives here and only here: a number published by the model's own developer is
-- `self_reported`; any other publisher's is `independent`. Reproduced medians are added from
-- `reproduced_medians` with the label `reproduced`. Nothing is estimated: a score without a
-- source URL or a mapped benchmark/model does not enter.
--
-- Settings are renamed to the canonical vocabulary by `canonical_settings(json)`, a function the
-- scores asset registers from benchhub/score_settings.py (the one place that defines the names);
-- `channel_scores` keeps them as published.
--
-- Each score is also read once for everything downstream (the rules live in
-- benchhub/headline.py): `value_percent` (bounded scales as percents: the one place a fraction
-- becomes a percent), `metric_family`, the `attempts` it was measured with (settings, else its
-- metric's own name), the breakdown `part` its settings name (subset, category, language, track)
-- or its source is known to publish (`part_published_at_source`, curated), and its source's
-- `authority`. sql/score_kinds.sql then classifies it headline or breakdown.
CREATE OR REPLACE TABLE scores AS
WITH model_names AS (
    -- One row per channel spelling and scaffold (the crosswalk writes each once; DISTINCT
    -- guards the join against counting one published number twice).
    SELECT DISTINCT channel, source_name, scaffold, model_id, settings::VARCHAR AS settings
    FROM model_aliases
),
published AS (
    SELECT
        a.benchmark_id,
        m.model_id,
        s.value,
        s.scale,
        s.metric,
        CASE s.relationship WHEN 'first_party' THEN 'self_reported' ELSE 'independent' END AS label,
        s.source_url,
        s.channel,
        s.harness,
        s.harness_version,
        -- settings split off the model name, then the channel's own settings (which win); the
        -- outer call only sorts the keys, so equal settings are equal text
        canonical_settings(json_merge_patch(
            canonical_settings(m.settings)::JSON, canonical_settings(s.settings::VARCHAR)::JSON
        )::VARCHAR)::JSON AS settings,
        s.reported_at,
        s.stderr,
        s.ci_low,
        s.ci_high,
        NULL::BIGINT AS n_runs,
        s.raw_value,
        s.model_name AS model_as_published,
        s.benchmark_name AS benchmark_as_published,
        s.publisher
    FROM channel_scores AS s
    JOIN benchmark_aliases AS a ON a.channel = s.channel AND a.source_key = s.benchmark_key
    -- the scaffold a row names picks the agent system, so its number never fills the bare
    -- model's cell (docs/models.md, rule 5)
    JOIN model_names AS m
        ON m.channel = s.channel AND m.source_name = s.model_name
        AND m.scaffold IS NOT DISTINCT FROM nullif(trim(s.settings ->> 'scaffold'), '')
    WHERE s.source_url IS NOT NULL AND s.source_url <> ''
),
reproduced AS (
    SELECT
        r.benchmark_id,
        r.model_id,
        r.median AS value,
        'percent' AS scale,
        'mean reward x 100' AS metric,
        'reproduced' AS label,
        -- the pool's page on the public site (benchhub/site/run_pages.py), which lists its runs
        pp.page_url AS source_url,
        'ltb-runs' AS channel,
        r.harness,
        NULL AS harness_version,
        -- settings_key is {"agent": ..., "settings": {...}}: flattened so the agent sits with
        -- the other settings under its canonical name.
        canonical_settings(json_merge_patch(
            json_object('agent', r.settings_key::JSON ->> 'agent'),
            coalesce(r.settings_key::JSON -> 'settings', '{}'::JSON)
        )::VARCHAR)::JSON AS settings,
        strftime(r.last_run_at, '%Y-%m-%d') AS reported_at,
        NULL::DOUBLE AS stderr,
        r.ci_low,
        r.ci_high,
        r.n_runs,
        CAST(r.median AS VARCHAR) AS raw_value,
        r.model_id AS model_as_published,
        r.benchmark_id AS benchmark_as_published,
        'ltb users' AS publisher
    FROM reproduced_medians AS r
    JOIN pool_pages AS pp USING (benchmark_id, model_id, harness, settings_key)
),
every_score AS (
    SELECT * FROM published
    UNION ALL BY NAME
    SELECT * FROM reproduced
)
SELECT
    e.*,
    CASE scale WHEN 'fraction' THEN value * 100 WHEN 'percent' THEN value END AS value_percent,
    metric_family(metric) AS metric_family,
    coalesce(TRY_CAST(settings ->> 'attempts' AS INTEGER), metric_attempts(metric)) AS attempts,
    coalesce(
        CASE WHEN json_exists(settings, '$.subset') OR json_exists(settings, '$.language_pair')
                  OR json_exists(settings, '$.level') OR json_exists(settings, '$.track')
            THEN breakdown_part(
                channel, settings ->> 'subset', settings ->> 'language_pair',
                settings ->> 'level', settings ->> 'track'
            )
        END,
        p.kind
    ) AS part,
    p.part AS part_published_at_source,
    channel_authority(channel) AS authority,
    -- a person's decision in curation/corrections.yaml that changed this score, set by
    -- benchhub.corrections.apply_corrections
    NULL::VARCHAR AS correction
FROM every_score AS e
-- a source known to publish only a part of the benchmark (curation/headlines.yaml `parts`)
LEFT JOIN curated_parts AS p
    ON p.benchmark_id = e.benchmark_id AND starts_with(e.source_url, p.source_url_prefix);
