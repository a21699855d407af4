"""CHANGELOG.md in every release: this release's entry on top of every earlier one.

Each release carries the whole history (copied from the previous release, whose checksum is
verified on the way), so it survives retention deleting old release folders; earlier entries
are never rewritten.
"""

from __future__ import annotations

from typing import Any

from benchhub_format.diff import format_changes
from benchhub_format.release import CHANGELOG, Release

TITLE = "# BenchHub registry changelog\n"


def changelog(manifest: dict[str, Any], previous: Release | None) -> str:
    return TITLE + "\n" + entry(manifest) + _earlier_entries(previous)


def entry(manifest: dict[str, Any]) -> str:
    counts = manifest["counts"]
    tiers = ", ".join(f"{n} {tier}" for tier, n in counts["benchmarks_by_tier"].items())
    labels = ", ".join(f"{n} {label}" for label, n in counts["scores_by_label"].items())
    stale = ", ".join(manifest["stale_channels"]) or "none"
    return (
        f"## {manifest['release_id']}\n\n"
        f"Cut {manifest['created_at']}. {counts['benchmarks']} benchmarks ({tiers}); "
        f"scores: {labels or 'none'}. Stale channels: {stale}.\n\n"
        f"Changes since {manifest['previous_release_id'] or 'nothing (the first release)'}:\n\n"
        + format_changes(manifest["changes"])
    )


def _earlier_entries(previous: Release | None) -> str:
    if previous is None:
        return ""
    if not previous.has(CHANGELOG):
        return f"\n## {previous.release_id} and before\n\nNo changelog was recorded.\n"
    # read_bytes checks the checksum: a damaged history stops the release instead of being copied.
    text = previous.read_bytes(CHANGELOG).decode("utf-8")
    return "\n" + text.removeprefix(TITLE).lstrip("\n")
