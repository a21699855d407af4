"""Stable ids and canonical names for identities.

The id rule never looks at input order:
1. A curated pin (curation/benchmarks.yaml `pins`) wins.
2. Else an id the identity's spellings already had in the previous crosswalk (`previous`
   aliases) is kept, or the id of the previous crosswalk that its words name (`kilt` for
   KILT, whatever held it before); when an identity holds several old ids (two benchmarks
   merged), an id still naming one of its spellings beats one that names none, then the id
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
from collections.abc import Iterable, Sequence

from benchhub.crosswalk.benchmarks import Identity, Spelling
from benchhub.crosswalk.names import cleaned_name, key_tail

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
    """(name, channel it came from): the best written name the spellings of the main key offer
    (see `offered_name`): a name a person wrote before a title-cased copy of an identifier
    ("MMMU-Pro", not "Mmmu Pro"), before an identifier (`global_mmlu`, "global mmlu"); then
    the one most channels write, then most spellings, the shorter, the lexically smaller.
    When the main key has no written spelling, the written name another spelling gives the
    same identity ("MMMLU (Yoruba)" for `mmmlu_yo_ng`)."""
    if len(identity.members) == 1:
        return offered_name(identity.members[0]), identity.members[0].channel
    key = main_key(identity)
    pool = [sp for sp in _voters(identity) if sp.forms.primary == key]
    if not any(_written_offer(sp) for sp in pool):
        written = [sp for sp in _voters(identity) if sp.is_benchmark and _written_offer(sp)]
        pool = written or pool
    channels: dict[str, set[str]] = {}
    uses: Counter[str] = Counter()
    first_channel: dict[str, str] = {}
    written_offers: set[str] = set()
    for sp in sorted(pool, key=lambda s: s.sort_key):
        name = offered_name(sp)
        channels.setdefault(name, set()).add(sp.channel)
        uses[name] += 1
        first_channel.setdefault(name, sp.channel)
        if _written_offer(sp):
            written_offers.add(name)
    spellings = [*written_offers, *(sp.source_name for sp in identity.members)]
    channel_ids = [key_tail(sp.source_key) for sp in identity.members]

    def how_written(name: str) -> int:
        """0 written by a person, 1 a title-cased copy of an identifier written better
        elsewhere, 2 an identifier keeping its capitals ("SWE-bench_Pro"), 3 one without."""
        if name in written_offers:
            return 1 if better_written_spelling(name, spellings, channel_ids) else 0
        return 2 if is_written(name) else 3

    best = min(uses, key=lambda n: (how_written(n), -len(channels[n]), -uses[n], len(n), n))
    return best, first_channel[best]


def _written_offer(spelling: Spelling) -> str | None:
    """The name a spelling offers when the source wrote it (`Earth_Silver` offers "Earth
    Silver", which no one wrote)."""
    name = offered_name(spelling)
    return name if is_written(cleaned_name(spelling.source_name)) and is_written(name) else None


def offered_name(spelling: Spelling) -> str:
    """The name a spelling offers its identity: its decoration-free form, in the words and
    punctuation the source wrote ("Exercism (Go)", not "Exercism Go"). Where that form is the
    channel's id because the written name says less (HELM's `melt_math` written "MATH"), the
    id's words with the written name put in their place ("melt MATH"); failing that, a
    framework's title for the listing ("APE: Attempt to Persuade Eval" for inspect_evals'
    `ape_eval`). A name only ever written as an identifier stays one: no name is made up."""
    display = spelling.forms.display
    written = cleaned_name(spelling.source_name)
    if not is_written(written):
        return display
    words = re.findall(r"[^\W_]+", display)
    target = "".join(re.findall(r"[a-z0-9]+", written.lower()))
    for start in range(len(words)):
        run = ""
        for end in range(start, len(words)):
            run += words[end].lower()
            if run == target:
                return " ".join([*words[:start], written, *words[end + 1 :]])
            if not target.startswith(run):
                break
    if spelling.forms.subtitled and not is_written(display):
        return written
    return display


def is_written(name: str) -> bool:
    """A name as a person writes it, with capitals and without underscores ("GPQA Diamond",
    "Global-MMLU"); an identifier (`gpqa_diamond`, "global mmlu") is not one."""
    return "_" not in name and name != name.lower()


def better_written_spelling(
    name: str, spellings: Iterable[str], channel_ids: Iterable[str] = ()
) -> str | None:
    """A spelling written better than `name`, if any: a written one when `name` is an
    identifier; when `name` is a title-cased copy of an identifier among the spellings or the
    channels' ids, the same letters with more capitals or word starts and none fewer
    (lighteval's "Mmmu Pro" of `mmmu_pro.py`: "MMMU-Pro"; "Entitymatching": "Entity
    matching"; "Xstory Cloze": "XStoryCloze"; not "NaturalQuestions" for "Natural
    Questions", the same words written together). A channel id (an HF data set id,
    `EleutherAI/sycophancy`) is never offered as a name."""
    spelt = set(spellings)
    written = sorted(s for s in spelt if is_written(s))
    if not is_written(name):
        return written[0] if written else None
    letters, marks = _letter_marks(name)
    identifiers = [s for s in (*spelt, *channel_ids) if not is_written(s)]
    if not _TITLE_CASED.fullmatch(name) or not any(
        _letter_marks(s)[0] == letters for s in identifiers
    ):
        return None
    for other in written:
        other_letters, other_marks = _letter_marks(other)
        more = all(m <= o for m, o in zip(marks, other_marks, strict=True))
        if other_letters == letters and more and marks != other_marks:
            return other
    return None


# Words each a capital then lower case, spaced: what `str.title` makes of `mmmu_pro`.
_TITLE_CASED = re.compile(r"[A-Z0-9][a-z0-9]*(?: [A-Z0-9][a-z0-9]*)*")


def _letter_marks(name: str) -> tuple[str, tuple[frozenset[int], frozenset[int]]]:
    """The name's letters and digits run together in lower case, and where among them it
    writes a capital and where a word starts (after a break or at a capital: "XStoryCloze"
    starts three, "Xstory Cloze" two)."""
    chars = [(i, c) for i, c in enumerate(name) if c.isalnum()]
    capitals = frozenset(n for n, (_, c) in enumerate(chars) if c.isupper())
    breaks = {n for n, (i, _) in enumerate(chars) if n and chars[n - 1][0] != i - 1}
    return "".join(c for _, c in chars).lower(), (capitals, capitals | breaks)


def child_name(name: str, parent_name: str, parent_spellings: Sequence[str] = ()) -> str:
    """A task id written as a name ("truthfulqa ar mc1") under a parent it starts with
    ("TruthfulQA") reads as the parent's name plus the rest: "TruthfulQA ar mc1". The start may
    also be one of the parent's other spellings (its id, a channel's key): "mmmlu zh cn
    anatomy" under "MMMLU (Chinese)", known as `mmmlu_zh_cn`, reads "MMMLU (Chinese) anatomy".
    Only a start in lower case is the id's: "mmlu College Chemistry" (HELM's `mmlu_...` written
    "College Chemistry") reads "MMLU College Chemistry", while a start a person wrote
    (capitals) is kept, and so is a parent with no written name."""
    if parent_name == parent_name.lower():
        return name
    words = list(re.finditer(r"[^\s_:/-]+", name))
    for spelling in (parent_name, *parent_spellings):
        parent_key = "".join(re.findall(r"[a-z0-9]+", spelling.lower()))
        seen = ""
        for word in words:
            if word[0] != word[0].lower():
                break
            seen += "".join(re.findall(r"[a-z0-9]+", word[0].lower()))
            if seen == parent_key:
                # the rest as written, an id's separators (`_`, `:`) read as spaces ("A-Level",
                # "tr-en" stay)
                rest = " ".join(re.sub(r"[_:]", " ", name[word.end() :]).split()).strip(" /-")
                if rest:
                    return f"{parent_name} {rest}"
                break
            if not parent_key.startswith(seen):
                break
    return name


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
