-- Views for analysts in every release's registry.duckdb (and documented in the README).

-- One row per benchmark with its best self-reported, independent and reproduced numbers for
-- each model, side by side: the comparison the registry exists for.
CREATE OR REPLACE VIEW score_comparison AS
SELECT
    benchmark_id,
    model_id,
    max(value_percent) FILTER (WHERE label = 'self_reported') AS self_reported_percent,
    max(value_percent) FILTER (WHERE label = 'independent') AS independent_percent,
    max(value_percent) FILTER (WHERE label = 'reproduced') AS reproduced_percent,
    max(value_percent) FILTER (WHERE label = 'self_reported')
        - max(value_percent) FILTER (WHERE label = 'independent') AS self_minus_independent
FROM leaderboard
GROUP BY benchmark_id, model_id;

-- How many benchmarks each tier holds, and how many of them Harbor can run.
CREATE OR REPLACE VIEW tier_summary AS
SELECT tier, count(*) AS benchmarks, count(*) FILTER (WHERE harbor_runnable) AS harbor_runnable
FROM benchmarks
GROUP BY tier;

-- Benchmarks with the number of models scored under each label.
CREATE OR REPLACE VIEW benchmark_coverage AS
SELECT
    b.benchmark_id,
    b.name,
    b.tier,
    count(DISTINCT s.model_id) FILTER (WHERE s.label = 'self_reported') AS models_self_reported,
    count(DISTINCT s.model_id) FILTER (WHERE s.label = 'independent') AS models_independent,
    count(DISTINCT s.model_id) FILTER (WHERE s.label = 'reproduced') AS models_reproduced
FROM benchmarks AS b
LEFT JOIN scores AS s USING (benchmark_id)
GROUP BY ALL;
