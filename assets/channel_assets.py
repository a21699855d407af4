"""One Dagster asset per channel: read it, store its slice, and show whether it is stale.

A channel that fails does not fail the run: its asset succeeds with the previous data kept,
its metadata says why, and its freshness check fails (a warning) so the UI shows it.
"""

from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetCheckSpec,
    AssetExecutionContext,
    AssetKey,
    AssetsDefinition,
    MaterializeResult,
    MetadataValue,
    RetryPolicy,
    asset,
)

from assets.channels import all_channels
from benchhub.channel import Channel, Mode
from benchhub.ingest import read_channel, store_channel_read
from pipelines.resources import RegistrySettings, Warehouse

GROUP = "channels"


def channel_asset_key(name: str) -> AssetKey:
    return AssetKey(["channels", name])


def build_channel_asset(channel: Channel) -> AssetsDefinition:
    key = channel_asset_key(channel.name)
    fresh_check = AssetCheckSpec(
        name="fresh",
        asset=key,
        description="The last read succeeded: fetched, whole (no payload cut short) and not "
        f"shrunk by more than {channel.max_shrink:.0%} against the last good read. A stale "
        "channel keeps its last good data.",
    )

    @asset(
        key=key,
        group_name=GROUP,
        kinds={"python", "duckdb"},
        description=f"{channel.title} ({channel.kind}). Read from {channel.homepage}; "
        f"replay uses recordings/channels/{channel.recording_dir}. {channel.live_notes}",
        check_specs=[fresh_check],
        retry_policy=RetryPolicy(max_retries=0),
    )
    def _channel(
        context: AssetExecutionContext, warehouse: Warehouse, registry: RegistrySettings
    ) -> MaterializeResult:
        read = read_channel(channel, Mode(registry.channel_mode))  # no connection held here
        warehouse.ensure_parent()
        with warehouse.get_connection() as con:
            status = store_channel_read(
                con,
                read,
                max_shrink=channel.max_shrink,
                accept_shrink=channel.name in registry.accept_shrink,
            )
        if status.stale:
            context.log.warning(f"channel {channel.name} is stale: {status.last_error}")
        if status.accepted_shrink:
            context.log.warning(f"channel {channel.name}: accepted drop: {status.accepted_shrink}")
        issues = read.result.issues if read.result else []
        return MaterializeResult(
            metadata={
                "mode": registry.channel_mode,
                "stale": status.stale,
                "last_error": status.last_error or "",
                "last_success_at": str(status.last_success_at or "never"),
                "shrink_guard": f"{channel.max_shrink:.0%}",
                "accepted_shrink": status.accepted_shrink or "",
                "candidates": status.n_candidates,
                "score_observations": status.n_scores,
                "parse_issues": status.n_issues,
                "non_benchmarks": sum(
                    1 for c in (read.result.candidates if read.result else []) if not c.is_benchmark
                ),
                "first_issues": MetadataValue.md(
                    "\n".join(f"- `{i.location}`: {i.message}" for i in issues[:10]) or "_none_"
                ),
            },
            check_results=[
                AssetCheckResult(
                    check_name="fresh",
                    passed=not status.stale,
                    severity=AssetCheckSeverity.WARN,
                    metadata={"last_error": status.last_error or ""},
                )
            ],
        )

    return _channel


def build_channel_assets() -> list[AssetsDefinition]:
    return [build_channel_asset(channel) for channel in all_channels()]
