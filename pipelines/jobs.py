"""Jobs: build everything, cut a release, and fold newly pushed runs into the registry."""

from __future__ import annotations

from dagster import AssetSelection, define_asset_job, in_process_executor

EVERYTHING = AssetSelection.all()

build_registry_job = define_asset_job(
    "build_registry",
    selection=EVERYTHING,
    description="Read every channel, merge, review, tier, score and cut a release.",
    executor_def=in_process_executor,
)

# A scheduled release rebuilds from the channels too, so it publishes what is true today.
cut_release_job = define_asset_job(
    "cut_release",
    selection=EVERYTHING,
    description="The scheduled or on-demand release: the full build, gated by blocking checks.",
    executor_def=in_process_executor,
)

ingest_runs_job = define_asset_job(
    "ingest_runs",
    selection=AssetSelection.assets("reproduced_runs").downstream(),
    description="Load newly pushed run summaries, recompute medians and scores, cut a release.",
    executor_def=in_process_executor,
)
