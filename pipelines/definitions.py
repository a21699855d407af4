"""The BenchHub code location: every asset, check, job, schedule and sensor, and its resources.

Loaded by `dg dev` and `dg launch` (the project's pyproject.toml names this module), and by
`dagster ... -w workspace.yaml`.
Importing this module does no I/O: resources open the warehouse only when an asset runs.
"""

from __future__ import annotations

from dagster import Definitions, in_process_executor

from assets.catalog import catalog, id_redirects
from assets.channel_assets import build_channel_assets
from assets.checks import build_asset_checks
from assets.release import release
from assets.reproduced import reproduced_medians, reproduced_pools, reproduced_runs
from assets.review import benchmark_reviews, benchmarks
from assets.scores import leaderboard, score_comparison, score_disputes, scores
from pipelines.jobs import build_registry_job, ingest_runs_job
from pipelines.resources import build_resources
from pipelines.schedules import release_schedule
from pipelines.sensors import inbox_sensor

ALL_ASSETS = [
    *build_channel_assets(),
    catalog,
    benchmark_reviews,
    benchmarks,
    id_redirects,
    reproduced_runs,
    reproduced_medians,
    reproduced_pools,
    scores,
    score_disputes,
    leaderboard,
    score_comparison,
    release,
    # The expectation suites' checks ride along, so `materialize(ALL_ASSETS)` audits what it
    # writes and a failed blocking check keeps the release from running.
    *build_asset_checks(),
]

defs = Definitions(
    assets=ALL_ASSETS,
    jobs=[build_registry_job, ingest_runs_job],
    schedules=[release_schedule],
    sensors=[inbox_sensor],
    resources=build_resources(),
    # One writer per DuckDB file: steps run one after another in one process.
    executor=in_process_executor,
)
