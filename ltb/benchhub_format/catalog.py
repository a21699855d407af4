"""Finding benchmarks in a release's search index: matching, ranking, closest names."""

from __future__ import annotations

import difflib
import string
from functools import lru_cache
from typing import Any

# str.translate is several times faster than a regex here, and search folds every name.
_DROP_PUNCTUATION = str.maketrans("", "", string.punctuation + string.whitespace)


def fold(text: str) -> str:
    """Case and punctuation folded: "GPQA-Diamond" and "gpqa_diamond" both give "gpqadiamond"."""
    return text.lower().translate(_DROP_PUNCTUATION)


def _names(entry: dict[str, Any]) -> list[str]:
    return [entry["id"], entry["name"], *entry.get("aliases", [])]


def search_keys(entry: dict[str, Any]) -> list[str]:
    """The entry's folded id, name and aliases. Releases store them in the index
    (`search_keys`), so searching folds only the query."""
    return sorted({fold(n) for n in _names(entry)})


def match_rank(entry: dict[str, Any], query: str) -> int | None:
    """Lower is better; None means no match. Every word of the query must match somewhere."""
    folded_query, words = _prepared(query)
    names = entry.get("search_keys") or search_keys(entry)
    if folded_query in names:
        return 0
    if any(n.startswith(folded_query) for n in names):
        return 1
    if not words:
        return None
    haystack_names = " ".join(names)
    if all(w in haystack_names for w in words):
        return 2
    # Descriptions are prose: words are matched in lower case, without folding (which costs).
    description = (entry.get("description") or "").lower()
    if all(w in haystack_names or w in description for w in words):
        return 3
    return None


@lru_cache(maxsize=64)
def _prepared(query: str) -> tuple[str, tuple[str, ...]]:
    """The query folded whole and word by word, once per query rather than once per entry."""
    return fold(query), tuple(fold(w) for w in query.split() if fold(w))


def search(
    entries: list[dict[str, Any]],
    query: str,
    axis: str | None = None,
    harbor_only: bool = False,
    limit: int = 20,
    include_children: bool = False,
) -> list[dict[str, Any]]:
    """Top-level benchmarks and suites only, unless `include_children` (subsets, languages,
    variants: records with a parent)."""
    hits = []
    for entry in entries:
        if entry.get("parent_id") and not include_children:
            continue
        if axis and axis not in entry.get("axes", []):
            continue
        if harbor_only and not entry.get("pullable"):  # what `ltb bench pull` builds
            continue
        rank = match_rank(entry, query) if query else 0
        if rank is not None:
            hits.append((rank, *_popularity(entry), entry["id"], entry))
    hits.sort(key=lambda hit: hit[:-1])
    return [hit[-1] for hit in hits[:limit]]


def _popularity(entry: dict[str, Any]) -> tuple[int, int, int]:
    """Among equal matches: listed by more channels, then more scores, then a better tier."""
    return (-entry.get("n_channels", 0), -entry.get("n_scores", 0), _tier_order(entry))


def find(entries: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The benchmark whose id, name or alias is `name` (folded), preferring an exact id."""
    for entry in entries:
        if entry["id"] == name:
            return entry
    folded = fold(name)
    for entry in entries:
        if folded in {fold(n) for n in _names(entry)}:
            return entry
    return None


def closest(entries: list[dict[str, Any]], name: str, n: int = 5) -> list[str]:
    by_folded: dict[str, str] = {}
    for entry in entries:
        for alias in _names(entry):
            by_folded.setdefault(fold(alias), entry["id"])
    matches = difflib.get_close_matches(fold(name), list(by_folded), n=n * 3, cutoff=0.6)
    ids: list[str] = []
    for match in matches:
        if by_folded[match] not in ids:
            ids.append(by_folded[match])
    return ids[:n]


_TIERS = {"verified": 0, "auto": 1, "incomplete": 2}


def _tier_order(entry: dict[str, Any]) -> int:
    return _TIERS.get(entry.get("tier") or "", 3)
