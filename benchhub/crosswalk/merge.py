"""Field-level merge of one identity's candidates, with provenance and kept conflicts.

Every fact field is taken from the channel ranked highest in `CHANNEL_PRECEDENCE` that has a
value; `provenance[field]` names that channel. When channels disagree (after normalising case,
whitespace, arXiv URL forms and HF renames) every distinct value is kept in `conflicts[field]`
for the reviewer, in precedence order, so nothing is silently dropped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from benchhub.catalog import FACT_FIELDS, MergedBenchmark
from benchhub.crosswalk.keys import arxiv_id, canonical_hf, github_repo, is_paper_url
from benchhub.records import BenchmarkCandidate
from benchhub.tiers import LICENCE_SOURCES

# Who is believed first when channels disagree, one table for every field. The people who
# publish the data come first (dataset cards for licences and sizes, the paper index for papers,
# the repository), then the benchmark's own leaderboard, then frameworks that re-package it,
# then aggregators and lists that copy from the others. A channel not listed ranks after all
# listed ones, in name order.
CHANNEL_PRECEDENCE: tuple[str, ...] = (
    "curation",
    "huggingface",  # dataset cards: licence, sizes, languages
    "arxiv",  # the paper itself: title, date
    "semantic_scholar",
    "github",  # the benchmark's repository
    "swebench",  # benchmarks' own leaderboards
    "terminal_bench",
    "livebench",
    "aider",
    "lmarena",
    "helm",  # frameworks that package the benchmark
    "inspect_evals",
    "lm_eval_harness",
    "lighteval",
    "evalscope",
    "opencompass",
    "openbench",
    "harbor",
    "helm_results",  # aggregators and lists that copy from the above
    "open_llm_leaderboard",
    "epoch_ai",
    "every_eval_ever",
    "mlcommons",
    "papers_with_code",
    "vendor_model_cards",
)
_RANK = {channel: rank for rank, channel in enumerate(CHANNEL_PRECEDENCE)}
# Prose differs between every two channels, and each harness names its metric its own way
# ("acc", "accuracy", "exact_match"); a disagreement there is not worth a review.
_NO_CONFLICTS = frozenset({"description", "metric"})


def channel_rank(channel: str) -> tuple[int, str]:
    return (_RANK.get(channel, len(_RANK)), channel)


def merge_fields(merged: MergedBenchmark, candidates: Iterable[BenchmarkCandidate]) -> None:
    """Fill `merged`'s facts (all but the name) from its candidates, best channel first."""
    ordered = sorted(candidates, key=lambda c: (channel_rank(c.channel), c.source_key))
    if len(ordered) == 1:  # most identities: nothing to choose between, nothing to conflict
        only = ordered[0]
        for fact in FACT_FIELDS:
            if fact != "name" and (value := _value(only, fact)) is not None:
                setattr(merged, fact, value)
                merged.provenance[fact] = only.channel
        merged.languages = sorted(set(only.languages))
        merged.capability_hints = sorted(set(only.capability_hints))
        merged.splits = sorted(set(only.splits))
        merged.harbor = only.harbor
        return
    for fact in FACT_FIELDS:
        if fact == "name":
            continue
        offers = [(c.channel, v) for c in ordered if (v := _value(c, fact)) is not None]
        if not offers:
            continue
        setattr(merged, fact, _best(offers))
        merged.provenance[fact] = offers[0][0]
        distinct: dict[Any, tuple[str, Any]] = {}
        for channel, value in offers:
            distinct.setdefault(_comparable(fact, value), (channel, value))
        if len(distinct) > 1 and fact not in _NO_CONFLICTS:
            merged.conflicts[fact] = [{"channel": ch, "value": v} for ch, v in distinct.values()]
    merged.languages = _union(c.languages for c in ordered)
    merged.capability_hints = _union(c.capability_hints for c in ordered)
    merged.splits = _union(c.splits for c in ordered)
    merged.harbor = next((c.harbor for c in ordered if c.harbor), None)


def _value(candidate: BenchmarkCandidate, fact: str) -> Any:
    # the code licence is carried in `extra` by the channels that know it (a repository's
    # licence file, a project's stated code licence)
    if fact == "code_license":
        value = (candidate.extra or {}).get(fact)
    elif fact in ("paper_url", "homepage_url"):
        # a channel's "paper" link that is no paper (a blog post, a site) is a homepage
        link = candidate.paper_url
        value = link if (fact == "paper_url") == is_paper_url(link) else None
    else:
        value = getattr(candidate, fact)
    if isinstance(value, str):
        value = value.strip() or None
    if fact == "license" and candidate.channel not in LICENCE_SOURCES:
        return None  # not the data set's own statement (see tiers.LICENCE_SOURCES)
    if fact == "arxiv_id" and value is None:
        value = arxiv_id(candidate.paper_url)  # the paper URL is an arXiv link: same fact
    if fact == "sample_count" and not value:
        return None  # 0 is how some frameworks say "not counted" (agentic tasks)
    if fact == "hf_dataset" and value is not None:
        renamed = canonical_hf(value, None)[0]
        return renamed if renamed != value.lower() else value  # legacy ids to their new home
    return value


def _best(offers: list[tuple[str, Any]]) -> Any:
    """The top channel's value; inside that channel, its most frequent value (ties: smallest)."""
    if len(offers) == 1:
        return offers[0][1]
    top = offers[0][0]
    counts = Counter(str(v) for ch, v in offers if ch == top)
    chosen = min(counts, key=lambda v: (-counts[v], v))
    return next(v for ch, v in offers if ch == top and str(v) == chosen)


def _comparable(fact: str, value: Any) -> Any:
    if fact in ("arxiv_id", "paper_url", "homepage_url"):
        return arxiv_id(str(value)) or str(value).lower().rstrip("/")
    if fact == "hf_dataset":
        return canonical_hf(str(value), None)[0]
    if fact == "github_url":
        return github_repo(str(value)) or str(value).lower().rstrip("/")
    if fact in ("license", "code_license"):
        words = str(value).lower().replace("licence", " ").replace("license", " ")
        return "".join(c for c in words if c.isalnum())  # "MIT License" and "mit" agree
    if isinstance(value, str):
        return " ".join(value.lower().replace("-", " ").split())
    return value


def _union(values: Iterable[tuple[str, ...]]) -> list[str]:
    return sorted({v for group in values for v in group if v})
