"""What changed between two releases: benchmarks added, removed, re-tiered or otherwise changed.

Works from two manifests and indexes only (standard library), so the pipeline can record the
diff in a new manifest and `ltb registry diff A B` can print it for any two releases.
"""

from __future__ import annotations

from typing import Any

from ltb.release import page_path


def release_changes(
    old_manifest: dict[str, Any] | None,
    old_index: dict[str, Any] | None,
    new_manifest_files: dict[str, Any],
    new_index: dict[str, Any],
) -> dict[str, Any]:
    new_entries = {b["id"]: b for b in new_index["benchmarks"]}
    if old_manifest is None or old_index is None:
        return {
            "previous_release_id": None,
            "added": sorted(new_entries),
            "removed": [],
            "retiered": [],
            "changed": [],
            "scores_delta": sum(b.get("n_scores", 0) for b in new_entries.values()),
        }
    old_entries = {b["id"]: b for b in old_index["benchmarks"]}
    both = sorted(set(old_entries) & set(new_entries))
    retiered = [
        {"id": i, "from": old_entries[i].get("tier"), "to": new_entries[i].get("tier")}
        for i in both
        if old_entries[i].get("tier") != new_entries[i].get("tier")
    ]
    retiered_ids = {r["id"] for r in retiered}
    changed = [
        i
        for i in both
        if i not in retiered_ids
        and _page_sha(old_manifest["files"], i) != _page_sha(new_manifest_files, i)
    ]
    return {
        "previous_release_id": old_manifest.get("release_id"),
        "added": sorted(set(new_entries) - set(old_entries)),
        "removed": sorted(set(old_entries) - set(new_entries)),
        "retiered": retiered,
        "changed": changed,
        "scores_delta": sum(b.get("n_scores", 0) for b in new_entries.values())
        - sum(b.get("n_scores", 0) for b in old_entries.values()),
    }


def _page_sha(files: dict[str, Any], benchmark_id: str) -> str | None:
    entry = files.get(page_path(benchmark_id))
    return entry["sha256"] if entry else None
