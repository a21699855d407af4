-- reproduced_medians: reproduced runs pooled per benchmark x model x harness x settings.
-- Runs whose agent or settings differ have different settings_key values and are never pooled.
--
-- ci_low / ci_high: a distribution-free 95% confidence interval for the pool's median. With the
-- n scores sorted, [x(k), x(n+1-k)] holds the true median with probability
-- 1 - 2 P(B <= k - 1), B ~ Binomial(n, 1/2), whatever the scores' distribution; k is the
-- largest rank that keeps this at 95% or more. Below 6 runs no k reaches 95% (with 5 runs,
-- [min, max] covers only 93.75%), so both are NULL: a pool that small says little.
--
-- Every statistic is read off one sorted list per pool: one sort instead of one per statistic.
-- sorted_quantile interpolates linearly between order statistics, as quantile_cont does.
CREATE OR REPLACE TEMP MACRO sorted_quantile(sorted, n, q) AS
    sorted[floor(1 + (n - 1) * q)::BIGINT]
    + (1 + (n - 1) * q - floor(1 + (n - 1) * q))
    * (sorted[ceil(1 + (n - 1) * q)::BIGINT] - sorted[floor(1 + (n - 1) * q)::BIGINT]);

CREATE OR REPLACE TABLE reproduced_medians AS
WITH pools AS (
    SELECT
        benchmark_id,
        model_id,
        harness,
        settings_key,
        count(*) AS n_runs,
        list(score ORDER BY score) AS sorted_scores,
        max(created_at) AS last_run_at
    FROM reproduced_runs
    GROUP BY ALL
),
binomial AS (
    -- P(B <= i) for every pool size present, i up to n / 2 (the interval's ranks are below it).
    -- The sum starts 16 standard deviations (8 sqrt(n)) below the mean n / 2: the mass left out
    -- is under 1e-50, far below double precision next to 0.025, and a pool of n runs costs
    -- O(sqrt(n)) rows here instead of O(n).
    SELECT
        n,
        i,
        sum(exp(lgamma(n + 1) - lgamma(i + 1) - lgamma(n - i + 1) - n * ln(2)))
            OVER (PARTITION BY n ORDER BY i) AS cdf
    FROM (
        SELECT n, unnest(range(greatest(0, n // 2 - 8 * ceil(sqrt(n))::BIGINT), n // 2 + 1)) AS i
        FROM (SELECT DISTINCT n_runs AS n FROM pools)
    )
),
ci_rank AS (
    SELECT n, max(i) + 1 AS k FROM binomial WHERE 2 * cdf <= 0.05 GROUP BY n
)
SELECT
    p.benchmark_id,
    p.model_id,
    p.harness,
    p.settings_key,
    sorted_quantile(p.sorted_scores, p.n_runs, 0.5) AS median,
    p.n_runs,
    p.sorted_scores[1] AS min,
    p.sorted_scores[p.n_runs] AS max,
    sorted_quantile(p.sorted_scores, p.n_runs, 0.25) AS q1,
    sorted_quantile(p.sorted_scores, p.n_runs, 0.75) AS q3,
    p.sorted_scores[c.k] AS ci_low,
    p.sorted_scores[p.n_runs + 1 - c.k] AS ci_high,
    p.last_run_at
FROM pools AS p
LEFT JOIN ci_rank AS c ON c.n = p.n_runs
ORDER BY p.benchmark_id, p.model_id, p.harness, p.settings_key;

COMMENT ON TABLE reproduced_medians IS
    'Pushed ltb runs pooled per benchmark x model x harness x settings (see sql/reproduced_medians.sql)';
COMMENT ON COLUMN reproduced_medians.median IS 'median score (0-100) of the pooled runs';
COMMENT ON COLUMN reproduced_medians.q1 IS 'first quartile, linear interpolation';
COMMENT ON COLUMN reproduced_medians.q3 IS 'third quartile, linear interpolation';
COMMENT ON COLUMN reproduced_medians.ci_low IS
    'distribution-free 95% confidence interval for the median, low end; NULL below 6 runs';
COMMENT ON COLUMN reproduced_medians.ci_high IS
    'distribution-free 95% confidence interval for the median, high end; NULL below 6 runs';
COMMENT ON COLUMN reproduced_medians.last_run_at IS 'created_at of the newest run in the pool';
