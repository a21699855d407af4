"""Builds the crosswalk: identities, merged records, ids, alias tables and model identities."""

from __future__ import annotations

import gc
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from benchhub.catalog import MergedBenchmark
from benchhub.crosswalk.benchmarks import (
    MADE_GROUP_KEY_PREFIXES,
    Identity,
    Spelling,
    collect_spellings,
    resolve,
)
from benchhub.crosswalk.curation import Curation, SpellingRef, load_curation
from benchhub.crosswalk.ids import (
    canonical_name,
    child_name,
    default_id,
    disambiguate,
    rejected_id,
)
from benchhub.crosswalk.kinds import (
    category_reason,
    is_category_name,
    paper_title_reason,
    record_kind,
)
from benchhub.crosswalk.merge import merge_fields
from benchhub.crosswalk.models import ModelResolver, build_models, scaffold_of
from benchhub.crosswalk.names import EVAL_SPLIT_TOKENS, name_forms, names_a_setting
from benchhub.crosswalk.types import BenchmarkAlias, Crosswalk, RefusedMerge
from benchhub.records import BenchmarkCandidate, ScoreObservation


def build_crosswalk(
    candidates: Sequence[BenchmarkCandidate],
    scores: Sequence[ScoreObservation],
    curation: Curation | None = None,
    previous: Sequence[BenchmarkAlias] = (),
) -> Crosswalk:
    """The crosswalk of every channel's records. `previous` is the last release's alias table:
    ids it gave keep naming the same benchmarks (see `ids` for the rule)."""
    with _gc_paused():
        return _build(candidates, scores, curation, previous)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The build allocates millions of small objects that never form cycles; with the cyclic
    collector running, its passes over them took longer than the build itself (43 s vs 26 s
    at 100k candidates)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _build(
    candidates: Sequence[BenchmarkCandidate],
    scores: Sequence[ScoreObservation],
    curation: Curation | None,
    previous: Sequence[BenchmarkAlias],
) -> Crosswalk:
    curation = curation if curation is not None else load_curation()
    spellings = collect_spellings(candidates, scores)
    refs = _RefIndex(spellings)
    placed = frozenset(
        index for group in curation.merges for index in refs.indices(group, by_key_only=True)
    )
    for index in placed:
        spellings[index] = replace(spellings[index], placed=True)
    resolution = resolve(
        spellings,
        forced_merges=[refs.indices(group) for group in curation.merges],
        forced_splits=[refs.split_indices(split) for split in curation.splits],
        placed=placed,
    )
    identities = resolution.identities
    ids, names = _assign_ids(identities, curation, previous)
    number_of = {id(sp): n for n, identity in enumerate(identities) for sp in identity.members}
    enrichers = _paper_enrichers(identities)
    parents = {identity.parent for identity in identities if identity.parent is not None}
    benchmarks = [
        _merged(number, identity, ids, names, curation, enrichers.get(number, []), parents)
        for number, identity in enumerate(identities)
    ]
    settle_children(benchmarks)
    aliases = [
        BenchmarkAlias(sp.channel, sp.source_key, sp.source_name, ids[number_of[id(sp)]])
        for sp in spellings
    ]
    lookup: dict[tuple[str, str], str] = {}
    for alias in aliases:
        lookup.setdefault((alias.channel, alias.source_key), alias.benchmark_id)
        lookup.setdefault((alias.channel, alias.source_name), alias.benchmark_id)
    by_name = _name_index(identities, ids)
    resolver = ModelResolver(curation.models)
    models, model_aliases = build_models(
        ((s.channel, s.model_name, s.model_developer, scaffold_of(s.settings)) for s in scores),
        resolver,
    )

    def resolve_name(channel: str, name: str) -> str | None:
        forms = name_forms(name)
        found = by_name.get(forms.primary)
        if found is None:
            matches = {by_name[k] for k in forms.aliases | forms.hints if k in by_name}
            found = matches.pop() if len(matches) == 1 else None
        return found

    return Crosswalk(
        benchmarks=sorted(benchmarks, key=lambda b: b.benchmark_id),
        benchmark_aliases=aliases,
        models=models,
        model_aliases=model_aliases,
        refused_merges=[
            RefusedMerge((a.channel, a.source_key), (b.channel, b.source_key), reason)
            for a, b, reason in resolution.blocked
        ],
        _benchmark_lookup=lookup,
        _resolve_benchmark_name=resolve_name,
        _resolve_model=resolver.resolve,
    )


class _RefIndex:
    """Finds the spellings a curation entry points at."""

    def __init__(self, spellings: list[Spelling]) -> None:
        self._by_primary: dict[str, list[int]] = defaultdict(list)
        self._by_key: dict[tuple[str, str], list[int]] = defaultdict(list)
        self._spellings = spellings
        for index, sp in enumerate(spellings):
            self._by_primary[sp.forms.primary].append(index)
            self._by_key[(sp.channel, sp.source_key)].append(index)

    def indices(self, refs: Sequence[SpellingRef], by_key_only: bool = False) -> list[int]:
        found: list[int] = []
        for ref in refs:
            if by_key_only and ref.name_key is not None:
                continue
            pool = (
                self._by_primary.get(ref.name_key, [])
                if ref.name_key is not None
                else self._by_key.get((ref.channel or "", ref.key or ""), [])
            )
            found.extend(
                i
                for i in pool
                if ref.matches(
                    self._spellings[i].channel,
                    self._spellings[i].source_key,
                    self._spellings[i].forms.primary,
                )
            )
        return sorted(set(found))

    def split_indices(self, parts: Sequence[Sequence[SpellingRef]]) -> list[list[int]]:
        """Each side of a split; a record named by its channel id stays on its own side even
        when another side's name matches it."""
        explicit = [set(self.indices(part, by_key_only=True)) for part in parts]
        pinned = set().union(*explicit)
        return [
            sorted(explicit[n] | (set(self.indices(part)) - pinned)) for n, part in enumerate(parts)
        ]


def _assign_ids(
    identities: list[Identity], curation: Curation, previous: Sequence[BenchmarkAlias]
) -> tuple[dict[int, str], dict[int, str | None]]:
    pinned: dict[int, tuple[str, str | None]] = {}
    for pin in curation.pins:
        # a pin names one identity: the one holding most of its spellings
        hits = Counter(
            number
            for number, identity in enumerate(identities)
            for sp in identity.members
            if any(
                ref.matches(sp.channel, sp.source_key, sp.forms.primary) for ref in pin.spellings
            )
        )
        if hits:
            best = min(hits, key=lambda n: (-hits[n], n))
            pinned.setdefault(best, (pin.benchmark_id, pin.name))
    old_ids = _previous_ids(identities, previous)
    wanted: dict[int, str] = {}
    fixed: dict[int, str] = {}  # ids a pin or an earlier release gave; they never move
    claimed: dict[str, int] = {}
    # An old id goes to the identity holding most of its old spellings (a split keeps the id in
    # its larger part), unless exactly one identity is named by the id's words: `kilt` stays
    # KILT's when "KILT: Wizard of Wikipedia" becomes a part of its own. The identity then
    # keeps its best-supported old id (a merge).
    named_by: dict[str, set[int]] = defaultdict(set)
    for number, identity in enumerate(identities):
        for sp in identity.members:
            if sp.is_benchmark:
                named_by[sp.forms.primary].add(number)
    for old_id, holders in sorted(_holders(old_ids).items()):
        namesakes = named_by.get(old_id.replace("-", ""), set())
        if len(namesakes) == 1:
            namesake = next(iter(namesakes))
            claimed[old_id] = namesake
            if namesake not in holders:
                old_ids[namesake] = old_ids[namesake] + Counter({old_id: 1})
        else:
            claimed[old_id] = min(holders, key=lambda n: (-holders[n], n))
    for number, identity in enumerate(identities):
        if number in pinned:
            fixed[number] = pinned[number][0]
            continue
        mine = [
            (count, old)
            for old, count in old_ids[number].items()
            if claimed[old] == number and not _names_a_setting(old, identity)
        ]
        if mine:
            # ties go to the id a first release would give, so that a merged variant reads
            # like its siblings (`mgsm-bn` beside `mgsm-de`, not `mgsm-bengali`)
            fresh = default_id(identity) if len(mine) > 1 else None
            # an old id that still names one of its spellings goes first: "VoxCeleb1 -
            # 1-shot learning" now reads VoxCeleb1, so `voxceleb1` beats `voxceleb1-learning`
            named = {sp.forms.primary for sp in identity.members} if fresh else set()
            mine.sort(
                key=lambda pair: (
                    pair[1].replace("-", "") not in named,
                    -pair[0],
                    pair[1] != fresh,
                    pair[1],
                )
            )
            fixed[number] = mine[0][1]  # the others are redirected (benchhub/redirects.py)
        else:
            wanted[number] = default_id(identity)
    final = fixed | disambiguate(wanted, identities, reserved=set(fixed.values()))
    names = {n: pinned[n][1] if n in pinned else None for n in range(len(identities))}
    return final, names


def _names_a_setting(old_id: str, identity: Identity) -> bool:
    """An old id written with a setting or the evaluation split the name rules now fold into
    the benchmark (`nortruthfulqa-mc-nno-p0`, `global-piqa-parallel-cloze-deu-latn`,
    `tvmegasite-test`) gives way to the benchmark's own id; a redirect keeps it working."""
    compact = old_id.replace("-", "")
    if names_a_setting(old_id):
        return True
    head, _, split = old_id.rpartition("-")
    primaries = {sp.forms.primary for sp in identity.members}
    return (
        split in EVAL_SPLIT_TOKENS
        and compact not in primaries
        and head.replace("-", "") in primaries
    )


def _previous_ids(
    identities: list[Identity], previous: Sequence[BenchmarkAlias]
) -> list[Counter[str]]:
    if not previous:
        empty: Counter[str] = Counter()
        return [empty] * len(identities)
    before = {(a.channel, a.source_key): a.benchmark_id for a in previous}
    return [
        Counter(
            before[(sp.channel, sp.source_key)]
            for sp in identity.members
            if (sp.channel, sp.source_key) in before
            and not (sp.is_benchmark and before[(sp.channel, sp.source_key)] == rejected_id(sp))
        )
        for identity in identities
    ]


def _holders(old_ids: list[Counter[str]]) -> dict[str, dict[int, int]]:
    holders: dict[str, dict[int, int]] = defaultdict(dict)
    for number, counts in enumerate(old_ids):
        for old_id, count in counts.items():
            holders[old_id][number] = count
    return holders


def _paper_enrichers(identities: list[Identity]) -> dict[int, list[BenchmarkCandidate]]:
    """Paper-index records are kept as non-benchmarks; one that cites the paper of exactly one
    benchmark lends that benchmark its facts (date, abstract, URL) without becoming its alias."""
    by_arxiv: dict[str, set[int]] = defaultdict(set)
    for number, identity in enumerate(identities):
        for sp in identity.members:
            if sp.is_benchmark and sp.keys is not None:
                for arxiv in sp.keys.arxiv_ids:
                    by_arxiv[arxiv].add(number)
    enrichers: dict[int, list[BenchmarkCandidate]] = defaultdict(list)
    for own, identity in enumerate(identities):
        for sp in identity.members:
            if sp.is_benchmark or sp.candidate is None or sp.keys is None:
                continue
            targets = {n for arxiv in sp.keys.arxiv_ids for n in by_arxiv.get(arxiv, ())}
            if len(targets) == 1 and own not in targets:
                enrichers[targets.pop()].append(sp.candidate)
    return enrichers


def _merged(
    number: int,
    identity: Identity,
    ids: dict[int, str],
    names: dict[int, str | None],
    curation: Curation,
    enrichers: list[BenchmarkCandidate],
    parents: set[int],
) -> MergedBenchmark:
    benchmark_id = ids[number]
    name, name_channel = canonical_name(identity)
    if names[number]:
        name, name_channel = names[number] or name, "curation"
    members = identity.members
    merged = MergedBenchmark(benchmark_id=benchmark_id, name=name)
    merged.provenance["name"] = name_channel
    merged.aliases = sorted({sp.source_name for sp in members})
    merge_fields(merged, [sp.candidate for sp in members if sp.candidate is not None] + enrichers)
    merged.channels = sorted({sp.channel for sp in members})
    for sp in sorted(members, key=lambda s: s.sort_key):
        if sp.source_url:
            merged.source_urls.setdefault(sp.channel, sp.source_url)
    merged.parent_id = ids[identity.parent] if identity.parent is not None else None
    named = [sp for sp in members if sp.is_benchmark]
    if merged.parent_id is None and named and all(is_category_name(sp.source_name) for sp in named):
        # a category is kept only under the benchmark it belongs to; none was found
        reason = category_reason(named[0].source_name)
        named, members = (
            [],
            [replace(sp, is_benchmark=False, not_benchmark_reason=reason) for sp in members],
        )
    title_reason = None if names[number] else paper_title_reason(name, merged.channels)
    if named and title_reason:
        named, members = (
            [],
            [replace(sp, is_benchmark=False, not_benchmark_reason=title_reason) for sp in members],
        )
    if named and number not in parents and all(_is_dataset_group(sp) for sp in named):
        # the record of a data set's tasks none of which it holds: they are benchmarks of
        # their own, listed by other channels too
        reason = "a group of one data set's tasks with none placed under it, not a benchmark"
        named, members = (
            [],
            [replace(sp, is_benchmark=False, not_benchmark_reason=reason) for sp in members],
        )
    merged.record_kind = record_kind(
        merged.parent_id is not None,
        number in parents,
        bool(named) and all(sp.grouping for sp in named),
    )
    if not named:
        merged.is_benchmark = False
        reasons = sorted({sp.not_benchmark_reason or "" for sp in members})
        merged.not_benchmark_reason = "; ".join(r for r in reasons if r) or None
    _apply_curated_fields(merged, curation.fields.get(benchmark_id, {}))
    merged.verified_by = curation.verified.get(benchmark_id)
    return merged


def _is_dataset_group(sp: Spelling) -> bool:
    return sp.source_key.startswith(MADE_GROUP_KEY_PREFIXES)


def settle_children(benchmarks: list[MergedBenchmark]) -> None:
    """A child reads as its parent's name plus what sets it apart ("TruthfulQA ar mc1", not
    "truthfulqa ar mc1"), and carries no paper none of its ancestors has that a record of
    another tree, listed by more channels, holds: HELM gives "RULER SQuAD", a RULER task,
    SQuAD 2.0's paper."""
    by_id = {b.benchmark_id: b for b in benchmarks}
    root = {b.benchmark_id: _root(b, by_id) for b in benchmarks}
    # paper -> (root, channels) of the records holding it
    holders: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for b in benchmarks:
        for paper in _papers_of(b):
            holders[paper].append((root[b.benchmark_id], len(b.channels)))
    # parents first, so a child reads its parent's name as it is published
    for b in sorted(benchmarks, key=lambda b: len(_ancestors(b, by_id))):
        if b.parent_id is None or b.parent_id not in by_id:
            continue
        if b.provenance.get("name") != "curation":
            parent = by_id[b.parent_id]
            b.name = child_name(b.name, parent.name, [parent.benchmark_id, *parent.aliases])
        papers = _papers_of(b)
        held_above = any(papers & _papers_of(by_id[a]) for a in _ancestors(b, by_id))
        owned_elsewhere = any(
            tree != root[b.benchmark_id] and channels > len(b.channels)
            for paper in papers
            for tree, channels in holders[paper]
        )
        if owned_elsewhere and not held_above:
            b.paper_url = b.arxiv_id = None
            b.provenance.pop("paper_url", None)
            b.provenance.pop("arxiv_id", None)


def _papers_of(b: MergedBenchmark) -> set[str]:
    return {p for p in (b.paper_url, b.arxiv_id and f"arxiv:{b.arxiv_id}") if p}


def _ancestors(b: MergedBenchmark, by_id: dict[str, MergedBenchmark]) -> list[str]:
    found: list[str] = []
    node = b.parent_id
    while node is not None and node not in found and node in by_id:
        found.append(node)
        node = by_id[node].parent_id
    return found


def _root(b: MergedBenchmark, by_id: dict[str, MergedBenchmark]) -> str:
    return (_ancestors(b, by_id) or [b.benchmark_id])[-1]


def _apply_curated_fields(merged: MergedBenchmark, values: dict[str, Any]) -> None:
    for fact, value in values.items():
        if not hasattr(merged, fact) or fact in ("benchmark_id", "provenance", "conflicts"):
            raise ValueError(
                f"curation/benchmarks.yaml fields.{merged.benchmark_id}: unknown field {fact!r}"
            )
        current = getattr(merged, fact)
        if current is not None and current != value and fact in merged.provenance:
            merged.conflicts.setdefault(fact, []).insert(
                0, {"channel": merged.provenance[fact], "value": current}
            )
        setattr(merged, fact, value)
        merged.provenance[fact] = "curation"


def _name_index(identities: list[Identity], ids: dict[int, str]) -> dict[str, str]:
    """Normalised name -> id, for names outside the input; a name two identities share
    (a refused merge) goes to the one more channels use."""
    support: dict[str, Counter[int]] = defaultdict(Counter)
    for number, identity in enumerate(identities):
        for sp in identity.members:
            if sp.is_benchmark:
                support[sp.forms.primary][number] += 1
    return {key: ids[min(counts, key=lambda n: (-counts[n], n))] for key, counts in support.items()}
