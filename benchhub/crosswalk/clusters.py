"""Union-find over benchmark spellings that refuses merges a person has ruled out.

A curated split (curation/benchmarks.yaml `splits`) tags each side; two clusters carrying
different tags of one split never merge, whatever their names say, and the refused merge is
kept for review. Strong keys do not veto here: channels cite wrong papers often enough (an
HF-task docstring citing EfficientNet for BoolQ) that a disjoint arXiv id is weaker evidence
than a matching name; the resolver uses keys to corroborate merges instead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BlockedMerge:
    left: int  # item indices whose clusters were not merged
    right: int
    reason: str


class ConstrainedUnionFind:
    def __init__(self, size: int) -> None:
        self._parent = list(range(size))
        self._tags: dict[int, set[str]] = {}  # by root; only items in a curated split
        self.blocked: list[BlockedMerge] = []

    def add_tag(self, item: int, tag: str) -> None:
        self._tags.setdefault(self.find(item), set()).add(tag)

    def find(self, item: int) -> int:
        root = item
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[item] != root:  # path compression keeps 100k items fast
            self._parent[item], item = root, self._parent[item]
        return root

    def union(self, left: int, right: int) -> bool:
        """Merge two items' clusters unless a curated split separates them; True if merged."""
        a, b = self.find(left), self.find(right)
        if a == b:
            return True
        tags_a, tags_b = self._tags.get(a), self._tags.get(b)
        if tags_a and tags_b and not tags_a & tags_b:
            reason = f"curated split: {sorted(tags_a)} vs {sorted(tags_b)}"
            self.blocked.append(BlockedMerge(left, right, reason))
            return False
        self._link(a, b)
        return True

    def force_union(self, left: int, right: int) -> None:
        """A curated merge: nothing can veto it."""
        a, b = self.find(left), self.find(right)
        if a != b:
            self._link(a, b)

    def _link(self, a: int, b: int) -> None:
        # The smaller index stays root, so the outcome never depends on call order ties.
        root, child = (a, b) if a < b else (b, a)
        self._parent[child] = root
        if child in self._tags:
            self._tags.setdefault(root, set()).update(self._tags.pop(child))

    def groups(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for item in range(len(self._parent)):
            out.setdefault(self.find(item), []).append(item)
        return out
