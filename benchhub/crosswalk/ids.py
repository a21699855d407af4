"""Stable ids and canonical names for identities.

The id rule never looks at input order:
1. A curated pin (curation/benchmarks.yaml `pins`) wins.
2. Else an id the identity's spellings already had in the previous crosswalk (`previous`
   aliases) is kept; when an identity holds several old ids (two benchmarks merged), the id
   with the most old spellings survives (ties: the id rule 3 gives, else the lexically
   smallest) and the others become redirects. When an identity splits, the part holding most
   of the old spellings keeps the id.
3. Else the id is the slug of the identity's main name key: the decoration-free name used by
   the most channels (ties: the shorter, then the lexically smaller). All spellings of a key
   share it, so a new alias or channel with a known spelling cannot change an id.
4. Two identities wanting one slug (a refused merge) are told apart by a suffix taken from
   what distinguishes them (HF dataset or channel); the better supported keeps the bare slug.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from benchhub.crosswalk.benchmarks import Identity, Spelling

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    return _NON_SLUG.sub("-", text.lower()).strip("-") or "unnamed"


def _voters(identity: Identity) -> list[Spelling]:
    """Spellings whose names may name the identity: not those a person moved in."""
    voters = [sp for sp in identity.members if not sp.placed]
    return voters or identity.members


def main_key(identity: Identity) -> str:
    if len(identity.members) == 1:
        return identity.members[0].forms.primary
    channels: dict[str, set[str]] = {}
    for sp in _voters(identity):
        channels.setdefault(sp.forms.primary, set()).add(sp.channel)
    benchmarks = {sp.forms.primary for sp in _voters(identity) if sp.is_benchmark}
    pool = benchmarks or set(channels)
    return min(pool, key=lambda k: (-len(channels[k]), len(k), k))


def rejected_id(spelling: Spelling) -> str:
    """A lone record that is not a benchmark (a template, a challenge file, a channel's group)
    is known by its channel id, all that is unique about it. Never published, so when a later
    rule makes it a benchmark it takes its name's slug instead (nobody links to the old id)."""
    return slug(f"{spelling.channel}-{spelling.source_key}")


def default_id(identity: Identity) -> str:
    """Rule 3: the slug of the main key, split into words as most of its spellings split it."""
    if len(identity.members) == 1:
        sp = identity.members[0]
        if not sp.is_benchmark:
            return rejected_id(sp)
        return slug("-".join(sp.forms.tokens))
    key = main_key(identity)
    splits = Counter(sp.forms.tokens for sp in _voters(identity) if sp.forms.primary == key)
    tokens = min(splits, key=lambda t: (-splits[t], -len(t), t))
    return slug("-".join(tokens))


def canonical_name(identity: Identity) -> tuple[str, str]:
    """(name, channel it came from): the most widely used human-facing spelling of the main key;
    when every spelling of the main key is a task id (`mmmlu_yo_ng`, written lower case), the
    written name another channel gives the same identity ("MMMLU (Yoruba)")."""
    if len(identity.members) == 1:
        return identity.members[0].forms.display, identity.members[0].channel
    key = main_key(identity)
    pool = [sp for sp in _voters(identity) if sp.forms.primary == key]
    if all(sp.forms.display == sp.forms.display.lower() for sp in pool):
        written = [
            sp
            for sp in _voters(identity)
            if sp.is_benchmark and sp.forms.display != sp.forms.display.lower()
        ]
        pool = written or pool
    uses: Counter[str] = Counter()
    channel_of: dict[str, str] = {}
    for sp in sorted(pool, key=lambda s: s.sort_key):
        uses[sp.forms.display] += 1
        channel_of.setdefault(sp.forms.display, sp.channel)
    best = min(uses, key=lambda d: (not _human(d), -uses[d], len(d), d))
    return best, channel_of[best]


def child_name(name: str, parent_name: str, parent_spellings: Sequence[str] = ()) -> str:
    """A task id written as a name ("truthfulqa ar mc1") under a parent it starts with
    ("TruthfulQA") reads as the parent's name plus the rest: "TruthfulQA ar mc1". The start may
    also be one of the parent's other spellings (its id, a channel's key): "mmmlu zh cn
    anatomy" under "MMMLU (Chinese)", known as `mmmlu_zh_cn`, reads "MMMLU (Chinese) anatomy".
    A name written by a person (capitals) is kept, and so is a parent with no written name."""
    if name != name.lower() or parent_name == parent_name.lower():
        return name
    words = re.findall(r"[^\s_:/-]+", name)
    for spelling in (parent_name, *parent_spellings):
        parent_key = "".join(re.findall(r"[a-z0-9]+", spelling.lower()))
        seen = ""
        for count, word in enumerate(words, start=1):
            seen += "".join(re.findall(r"[a-z0-9]+", word.lower()))
            if seen == parent_key:
                rest = " ".join(words[count:])
                if rest:
                    return f"{parent_name} {rest}"
                break
            if not parent_key.startswith(seen):
                break
    return name


def _human(display: str) -> bool:
    """'GPQA Diamond' reads as a name; 'gpqa_diamond_zeroshot' is a code identifier."""
    return "_" not in display and (display != display.lower() or " " in display)


def disambiguate(
    wanted: dict[int, str], identities: Sequence[Identity], reserved: set[str]
) -> dict[int, str]:
    """Rule 4: identities (by number) that want the same id, or an id `reserved` by a pin or an
    earlier release, get distinguishing suffixes."""
    by_id: dict[str, list[int]] = {}
    for number, benchmark_id in wanted.items():
        by_id.setdefault(benchmark_id, []).append(number)
    final = dict(wanted)
    taken = set(wanted.values()) | reserved
    for benchmark_id, numbers in by_id.items():
        if len(numbers) < 2 and benchmark_id not in reserved:
            continue
        numbers.sort(key=lambda n: (-_support(identities[n]), identities[n].members[0].sort_key))
        for number in numbers if benchmark_id in reserved else numbers[1:]:
            suffix = _distinguisher(identities[number].members)
            candidate, counter = f"{benchmark_id}-{suffix}", 2
            while candidate in taken:
                candidate, counter = f"{benchmark_id}-{suffix}-{counter}", counter + 1
            taken.add(candidate)
            final[number] = candidate
    return final


def _support(identity: Identity) -> int:
    return len({sp.channel for sp in identity.members})


def _distinguisher(members: list[Spelling]) -> str:
    for sp in members:
        if sp.keys and sp.keys.hf_dataset:
            return slug(sp.keys.hf_dataset.split("/")[-1])
    return slug(members[0].channel)
