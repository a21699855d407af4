"""What changed between two releases: benchmarks added, removed, re-tiered or otherwise changed,
and scores added, removed or changed.

Works from the releases' own files (standard library only), so the pipeline records the diff
in each new manifest and `ltb registry diff A B` computes it for any two releases:
- benchmarks: from the two search indexes (ids, tiers) and the manifests (page checksums);
- scores: `score_digests.json` holds each benchmark's score count and a hash of its scores, so
  only the pages of benchmarks whose hash moved are opened and compared score by score.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from benchhub_format.release import INDEX, SCORE_DIGESTS, Release, page_path

# What names a score; anything else on it (value, uncertainty, date) is what can change.
SCORE_IDENTITY = ("model_id", "label", "channel", "source_url", "metric", "harness", "settings")


def score_digest(scores: list[Mapping[str, Any]]) -> dict[str, Any]:
    """A benchmark's entry in score_digests.json: its score count and a hash of its scores."""
    text = json.dumps(scores, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return {"n_scores": len(scores), "sha256": hashlib.sha256(text.encode()).hexdigest()}


def release_changes(old: Release | None, new: Release) -> dict[str, Any]:
    new_entries = _entries(new)
    old_entries = _entries(old) if old else {}
    both = sorted(set(old_entries) & set(new_entries))
    retiered = [
        {"id": i, "from": old_entries[i].get("tier"), "to": new_entries[i].get("tier")}
        for i in both
        if old_entries[i].get("tier") != new_entries[i].get("tier")
    ]
    retiered_ids = {r["id"] for r in retiered}
    changed: list[str] = []
    by_benchmark: list[dict[str, Any]] = []
    if old is not None:
        changed = [
            i for i in both if i not in retiered_ids and _page_sha(old, i) != _page_sha(new, i)
        ]
        by_benchmark = _score_changes(old, new, both)
    added = sorted(set(new_entries) - set(old_entries))
    removed = sorted(set(old_entries) - set(new_entries))
    n_scores = _score_counts(new_entries)
    old_scores = _score_counts(old_entries)
    scores = {
        "added": sum(n_scores[i] for i in added) + sum(c["added"] for c in by_benchmark),
        "removed": sum(old_scores[i] for i in removed) + sum(c["removed"] for c in by_benchmark),
        "changed": sum(c["changed"] for c in by_benchmark),
        "by_benchmark": by_benchmark,
    }
    return {
        "previous_release_id": old.release_id if old else None,
        "release_id": new.release_id,
        "added": added,
        "removed": removed,
        "retiered": retiered,
        "changed": changed,
        "scores": scores,
        "scores_delta": sum(n_scores.values()) - sum(old_scores.values()),
    }


def format_changes(changes: Mapping[str, Any], entries_shown: int = 20) -> str:
    """The changes as Markdown for people: CHANGELOG.md and `ltb registry diff`."""
    scores = changes["scores"]
    lines = [
        f"- benchmarks: {len(changes['added'])} added, {len(changes['removed'])} removed, "
        f"{len(changes['retiered'])} re-tiered, {len(changes['changed'])} otherwise changed",
        f"- scores: {scores['added']} added, {scores['removed']} removed, "
        f"{scores['changed']} changed (net {changes['scores_delta']:+d})",
    ]
    sections: list[tuple[str, list[str]]] = [
        ("Added", list(changes["added"])),
        ("Removed", list(changes["removed"])),
        ("Re-tiered", [f"{r['id']}: {r['from']} -> {r['to']}" for r in changes["retiered"]]),
        (
            "Scores changed",
            [
                f"{c['id']}: +{c['added']} -{c['removed']} ~{c['changed']} "
                f"({c['n_before']} -> {c['n_after']} scores)"
                for c in scores["by_benchmark"]
            ],
        ),
        ("Other page changes", list(changes["changed"])),
    ]
    for title, items in sections:
        if not items:
            continue
        lines += ["", f"{title} ({len(items)}):", ""]
        lines += [f"- {item}" for item in items[:entries_shown]]
        if len(items) > entries_shown:
            lines.append(f"- ... and {len(items) - entries_shown} more")
    return "\n".join(lines) + "\n"


def _entries(release: Release) -> dict[str, dict[str, Any]]:
    return {b["id"]: b for b in release.read_json(INDEX)["benchmarks"]}


def _score_counts(entries: Mapping[str, Mapping[str, Any]]) -> Counter[str]:
    return Counter({i: int(e.get("n_scores", 0)) for i, e in entries.items()})


def _page_sha(release: Release, benchmark_id: str) -> str | None:
    entry = release.entry(page_path(benchmark_id))
    return entry["sha256"] if entry else None


def _score_hashes(release: Release, ids: Iterable[str]) -> dict[str, str | None]:
    if release.has(SCORE_DIGESTS):
        digests = release.read_json(SCORE_DIGESTS)["benchmarks"]
        return {i: digests[i]["sha256"] if i in digests else None for i in ids}
    # A release cut before score digests existed: any changed page may hold changed scores.
    return {i: _page_sha(release, i) for i in ids}


def _score_changes(old: Release, new: Release, both: list[str]) -> list[dict[str, Any]]:
    old_hashes, new_hashes = _score_hashes(old, both), _score_hashes(new, both)
    changes = []
    for benchmark_id in both:
        if old_hashes[benchmark_id] == new_hashes[benchmark_id]:
            continue
        before = old.read_json(page_path(benchmark_id))["scores"]
        after = new.read_json(page_path(benchmark_id))["scores"]
        counts = _compare_scores(before, after)
        if any(counts.values()):
            changes.append(
                {"id": benchmark_id, **counts, "n_before": len(before), "n_after": len(after)}
            )
    return changes


def _compare_scores(before: list[dict], after: list[dict]) -> dict[str, int]:
    """Scores matched by identity: an unmatched identity is added or removed; a matched one
    whose other fields differ is changed. Identical scores may repeat, so these are multisets."""
    old, new = Counter(map(_canonical, before)), Counter(map(_canonical, after))
    gone, came = old - new, new - old
    gone_by_id, came_by_id = _by_identity(gone), _by_identity(came)
    counts = {"added": 0, "removed": 0, "changed": 0}
    for identity in set(gone_by_id) | set(came_by_id):
        n_gone, n_came = gone_by_id.get(identity, 0), came_by_id.get(identity, 0)
        counts["changed"] += min(n_gone, n_came)
        counts["added"] += max(0, n_came - n_gone)
        counts["removed"] += max(0, n_gone - n_came)
    return counts


def _canonical(score: Mapping[str, Any]) -> str:
    return json.dumps(score, sort_keys=True, separators=(",", ":"))


def _by_identity(scores: Counter[str]) -> dict[str, int]:
    grouped: dict[str, int] = defaultdict(int)
    for text, n in scores.items():
        score = json.loads(text)
        grouped[json.dumps([score.get(k) for k in SCORE_IDENTITY], sort_keys=True)] += n
    return grouped
