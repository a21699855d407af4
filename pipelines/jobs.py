"""Jobs: build everything (and so cut a release), and fold newly pushed runs into the registry.

One job builds the registry, for `make registry`, the UI and the release schedule alike: a
release is only ever cut from a full rebuild, gated by the blocking checks, so it publishes what
the channels say today. (A separate `cut_release` job selecting the same assets was dropped.)
"""

from __future__ import annotations

from dagster import AssetSelection, define_asset_job, in_process_executor

EVERYTHING = AssetSelection.all()

build_registry_job = define_asset_job(
    "build_registry",
    selection=EVERYTHING,
    description="Read every channel, merge, review, tier, score and cut a release gated by the "
    "blocking checks. What `make registry` and the `daily_release` schedule run.",
    executor_def=in_process_executor,
)

ingest_runs_job = define_asset_job(
    "ingest_runs",
    selection=AssetSelection.assets("reproduced_runs").downstream(),
    description="Load newly pushed run summaries, recompute medians and scores, cut a release.",
    executor_def=in_process_executor,
)
