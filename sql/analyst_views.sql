-- Views for analysts in every release's registry.duckdb (and documented in the README).

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
