"""Parent links between identities: a subset or variant points at the benchmark it is part of.

Only where the data says so, in this order: the channel's family/group names another benchmark
identity, and the task is named after it or shares its paper, dataset or repository; a subset
config of an HF dataset whose whole appears as another identity; a longer name extending another
identity's name while sharing its paper, dataset or repository ("SWE-bench Verified" under
"SWE-bench"); a name followed only by subset, split or language words ("GSM8K-Indic"), or by a
version or year without a paper of its own ("PASCAL VOC 2007"); last, the record a channel's
tasks over one data set get (`dataset_groups`).
Only benchmarks and suites are parents, never a capability category, a leaderboard or junk
(`kinds.is_parent_name`), nor a harness's wrapper group of another benchmark (`wrapped_key`:
its tasks sit under the benchmark it runs), and cycles are cut.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from benchhub.crosswalk.kinds import (
    LEADERBOARD_WORDS,
    is_category_name,
    is_named_after,
    is_parent_name,
)
from benchhub.crosswalk.names import (
    OTHER_SPLIT_TOKENS,
    NameForms,
    name_forms,
    names_in,
    tokens_of,
)
from benchhub.crosswalk.variants import LANGUAGE_CODES

if TYPE_CHECKING:
    from benchhub.crosswalk.benchmarks import Identity, Spelling


# A parent found by name alone must have a name longer than this ("c4", "em" are too short to
# be sure of).
_MIN_PARENT_KEY = 3


def link_parents(identities: list[Identity]) -> None:
    """parent_id where the data says so: the channel's family/group names another identity, a
    subset config of an HF dataset whose whole appears as another identity, or a longer name
    extending another identity's name while sharing its paper, dataset or repository."""
    # a name two identities use (a record a person moved, a record following its id) names
    # the identity most of its spellings are in; only benchmarks can be parents
    uses: dict[str, Counter[int]] = defaultdict(Counter)
    whole_dataset: dict[str, int] = {}
    for number, identity in enumerate(identities):
        for sp in identity.members:
            if (
                sp.is_benchmark
                and not sp.placed
                and is_parent_name(sp.source_name)
                and not _names_a_dataset_group(sp)
            ):
                uses[sp.forms.primary][number] += 1
                if sp.keys and sp.keys.hf_dataset and sp.keys.hf_config is None:
                    whole_dataset.setdefault(sp.keys.hf_dataset, number)
    by_primary = {
        primary: min(counts, key=lambda n: (-counts[n], n)) for primary, counts in uses.items()
    }
    named_by: dict[int, list[str]] = defaultdict(list)
    for primary, number in by_primary.items():
        named_by[number].append(primary)
    listed_in = _listing_groups(identities)
    in_folders = _listed_by(identities, ("configs",))
    in_dataset = _dataset_groups(identities)
    shared_papers = _shared_papers(identities, in_dataset)
    holders: dict[str, set[int]] = defaultdict(set)  # strong key -> identities holding it
    for number, identity in enumerate(identities):
        for key in _evidence(identity):
            holders[key].add(number)
    for number, identity in enumerate(identities):
        listed = _listed_parent(identity, listed_in, number)
        found = [
            _family_parent(identity, by_primary, identities, number),
            listed,
            _part_parent(identity, by_primary, number),
            _dataset_parent(identity, whole_dataset, number),
            _prefix_parent(identity, by_primary, identities, number),
            _task_parent(identity, by_primary, identities, number),
            _group_parent(identity, by_primary, identities, number),
            _known_prefix_parent(identity, by_primary, identities, number, holders),
            _marked_part_parent(identity, by_primary, number),
            _edition_parent(identity, by_primary, identities, number, holders),
            _dataset_group_parent(identity, in_dataset, identities, number, shared_papers),
            _config_folder_parent(identity, in_folders, number),
        ]
        identity.parent = _closest(
            identity, [p for p in found if p is not None], named_by, identities, listed
        )
    _lift_out_of_wrappers(identities, by_primary)
    _break_cycles(identities)
    _lift_out_of_categories(identities)


def _lift_out_of_wrappers(identities: list[Identity], by_primary: dict[str, int]) -> None:
    """A harness's wrapper group is a setting of the benchmark it runs, not a parent: the tasks
    of lm-eval's `arabic_leaderboard_acva` are ACVA's, the FLORES pairs of afrobench's
    `african_flores` are FLORES's (`wrapped_key`). The tasks move to the benchmark, and the
    wrapper, a way to run it, sits under it too."""
    moved_out: dict[int, int] = {}
    for number, identity in enumerate(identities):
        parent = identity.parent
        if parent is None:
            continue
        group = identities[parent]
        if not (_is_group(group) or _is_dataset_group(group)):
            continue
        others = {parent, number}
        task_data = _datasets(identity)

        def is_other_record(
            key: str, others: set[int] = others, task_data: set[str] = task_data
        ) -> bool:
            return (
                key in by_primary
                and by_primary[key] not in others
                and same_data(task_data, _datasets(identities[by_primary[key]]))
            )

        key = wrapped_key(
            [sp.forms for sp in group.members],
            {sp.forms.primary for sp in identity.members},
            is_other_record,
        )
        if key is not None:
            identity.parent = moved_out[parent] = by_primary[key]
    for parent, target in moved_out.items():
        if identities[parent].parent is None:
            identities[parent].parent = target


def _datasets(identity: Identity) -> set[str]:
    return {sp.keys.hf_dataset for sp in identity.members if sp.keys and sp.keys.hf_dataset}


def same_data(task_datasets: set[str], benchmark_datasets: set[str]) -> bool:
    """A wrapper runs the benchmark's own data: the task and the benchmark name no HF data set
    in common only when one of them names none (the Arabic leaderboard's `arabic_mmlu_*` read
    `OALL/Arabic_MMLU`, MMLU translated, not ArabicMMLU's `MBZUAI/ArabicMMLU`)."""
    return not task_datasets or not benchmark_datasets or bool(task_datasets & benchmark_datasets)


def wrapped_key(
    group_names: Iterable[NameForms], task_keys: set[str], is_record: Callable[[str], bool]
) -> str | None:
    """The name key of the benchmark a group of tasks wraps, or None: the group is named as the
    benchmark's name (`is_record`) after words of its own, and those words are a leaderboard's
    ("arabic leaderboard acva": ACVA as the Arabic leaderboard runs it), or language or subset
    words while its tasks (`task_keys`, their name keys) are named after the benchmark, not
    after the group (afrobench's `african_flores` runs `flores_zul_Latn-eng_Latn`). A group a
    language names before a benchmark's name whose tasks carry the group's name (lm-eval's
    `arabic_mmlu_*`) is a benchmark of that language, and a family's made group
    (`model_written_evals persona`) is named after its channel: neither wraps anything. Also
    the release check `no_wrapper_is_a_parent` (benchhub/checks/frames.py)."""
    for forms in group_names:
        tokens = forms.tokens
        for cut in range(1, len(tokens)):
            key = "".join(tokens[cut:])
            if len(key) < _KNOWN_PARENT_KEY or not is_record(key):
                continue
            lead = tokens[:cut]
            if any(t in LEADERBOARD_WORDS for t in lead):
                return key
            if (
                all(t in PART_MARKER_WORDS for t in lead)
                and any(k.startswith(key) for k in task_keys)
                and not any(k.startswith(forms.primary) for k in task_keys)
            ):
                return key
    return None


def _lift_out_of_categories(identities: list[Identity]) -> None:
    """No record hangs under a category: a task the rules put under a category of a benchmark
    (LiveBench's `connections` in its "Language") sits under the benchmark the category
    belongs to; the category stays that benchmark's child."""

    def is_category(number: int) -> bool:
        named = [sp for sp in identities[number].members if sp.is_benchmark]
        return bool(named) and all(is_category_name(sp.source_name) for sp in named)

    for identity in identities:
        seen: set[int] = set()
        while identity.parent is not None and identity.parent not in seen:
            if not is_category(identity.parent):
                break
            seen.add(identity.parent)
            identity.parent = identities[identity.parent].parent


def _closest(
    identity: Identity,
    found: list[int],
    named_by: dict[int, list[str]],
    identities: list[Identity],
    listed: int | None = None,
) -> int | None:
    """Of the parents the rules found (in rule order), the one whose name is the longest start
    of this record's name: `mmlu_prox_lite_ne_history` belongs in the channel's
    `mmlu_prox_lite_ne` group, not in the shorter MMLU-ProX its family names. A longer name
    wins only when it is a channel's group of tasks: a task whose name this one extends may
    be a sibling (BIG-bench's `physics` and `physics_questions`), not a parent. The group
    that lists the task (`listed`) matches it by its whole name, whatever its words
    (`longbench_hotpotqa_e` in `longbench_e`, not in LongBench). A parent found by evidence
    alone (a dataset, a paper) matches no words; ties keep the rule order."""
    if not found:
        return None
    primaries = {sp.forms.primary for sp in identity.members}
    channels = {sp.channel for sp in identity.members}

    def matched(target: int) -> int:
        return max(
            (
                len(name)
                for name in named_by.get(target, ())
                if target == listed or any(p != name and p.startswith(name) for p in primaries)
            ),
            default=0,
        )

    first = found[0]
    # a data set's record is a last resort (`_dataset_group_parent`), never a closer group
    groups = [
        t
        for t in found[1:]
        if t != first
        and (t == listed or _groups_in_channel(identities[t], channels))
        and not _is_dataset_group(identities[t])
    ]
    longer = [t for t in groups if matched(t) > matched(first)]
    return max(longer, key=matched) if longer else first


def _is_group(identity: Identity) -> bool:
    """Known only as a channel's group of tasks (or task family): a container, never a
    sibling task."""
    named = [sp for sp in identity.members if sp.is_benchmark]
    return bool(named) and all(sp.grouping for sp in named)


def _groups_in_channel(identity: Identity, channels: set[str]) -> bool:
    """A channel's group of tasks in one of `channels` (the task's own): a container there, even
    when another channel lists the same variant as a benchmark (lm-eval's `mmmlu_zh_cn` group
    is openbench's "MMMLU (Chinese)")."""
    if _is_group(identity):
        return True
    named = [sp for sp in identity.members if sp.is_benchmark and sp.channel in channels]
    return bool(named) and all(sp.grouping for sp in named)


def _is_dataset_group(identity: Identity) -> bool:
    """Known only as a group `benchmarks.dataset_groups` or `folder_groups` made."""
    named = [sp for sp in identity.members if sp.is_benchmark]
    return bool(named) and all(_names_a_dataset_group(sp) for sp in named)


def _names_a_dataset_group(sp: Spelling) -> bool:
    """The record `benchmarks.dataset_groups` made for a channel's tasks over one data set: a
    parent of last resort, never found by its name."""
    return bool(sp.candidate and sp.candidate.extra and "dataset_members" in sp.candidate.extra)


def _family_parent(
    identity: Identity, by_primary: dict[str, int], identities: list[Identity], number: int
) -> int | None:
    """A family that is itself a benchmark or suite, when the task is named after it or shares
    its evidence; a collection of other benchmarks' tasks (lm-eval's `llama3` folder, a
    leaderboard) or a category (HELM's "Reasoning") is a grouping, not a parent."""
    votes: Counter[int] = Counter()
    own = _evidence(identity)
    for sp in identity.members:
        family = sp.candidate.family if sp.candidate else None
        if family and is_parent_name(family):
            target = by_primary.get(name_forms(family).primary, number)
            if target != number and _collects_benchmarks(identities[target], identity, family):
                continue
            # a category of a benchmark (LiveBench's "Reasoning") belongs to it by its listing
            if target != number and (
                is_named_after(sp.source_name, family)
                or is_category_name(sp.source_name)
                or own & _evidence(identities[target])
            ):
                votes[target] += 1
    return min(votes, key=lambda t: (-votes[t], t)) if votes else None


def _collects_benchmarks(family: Identity, task: Identity, family_name: str) -> bool:
    """A family known only to one channel (its file or folder of tasks), with no paper, data set
    or repository of its own, collects a task that other channels list under names of its own:
    lighteval's `med.py` runs MedQA and MedMCQA ("MedQA" elsewhere, not "Med" plus a word),
    benchmarks of their own, so "Med" is no parent of theirs. A task the other channels too
    write as the family's words plus more ("GPQA Diamond" of openbench's `gpqa`) is its part."""
    family_channels = {sp.channel for sp in family.members if sp.is_benchmark}
    if len(family_channels) != 1 or _evidence(family):
        return False
    elsewhere = [sp.source_name for sp in task.members if sp.channel not in family_channels]
    if not elsewhere:
        return False
    family_words = tokens_of(family_name)
    as_part = sum(
        len(words) > len(family_words) and words[: len(family_words)] == family_words
        for words in map(tokens_of, elsewhere)
    )
    return 2 * as_part < len(elsewhere)


def _listing_groups(identities: list[Identity]) -> dict[tuple[str, str], int]:
    """(channel, task name) -> the identity of the channel's benchmark or suite record that
    lists the task among its `tasks` (LiveBench's "Coding" category lists `coding_completion`)
    or its group `members` (lm-eval's `ruler` group lists `niah_multikey_3`). A group of other
    benchmarks' tasks is no benchmark, so it lists nothing here."""
    listed = _listed_by(identities, ("tasks", "members"))
    # a member may be a tag the channel's tasks declare (lm-eval's `longbench_e` lists
    # `longbench_multi_e`, which `longbench_2wikimqa_e` names in its `groups`): the tasks
    # carrying a listed tag are listed by the group that lists it
    for identity in identities:
        for sp in identity.members:
            extra = sp.candidate.extra if sp.candidate and sp.candidate.extra else {}
            for tag in names_in(extra.get("groups")):
                group = listed.get((sp.channel, name_forms(tag).primary))
                if group is not None:
                    listed.setdefault((sp.channel, sp.forms.primary), group)
    return listed


def _listed_by(identities: list[Identity], fields: tuple[str, ...]) -> dict[tuple[str, str], int]:
    """(channel, task name) -> the identity of the channel's benchmark record that names the
    task, with others, in one of its `fields`."""
    listed: dict[tuple[str, str], int] = {}
    for number, identity in enumerate(identities):
        for sp in identity.members:
            extra = sp.candidate.extra if sp.candidate and sp.candidate.extra else {}
            tasks = [task for field in fields for task in names_in(extra.get(field))]
            if sp.is_benchmark and len(tasks) > 1:
                for task in tasks:
                    listed.setdefault((sp.channel, name_forms(task).primary), number)
    return listed


def _config_folder_parent(
    identity: Identity, in_folders: dict[tuple[str, str], int], number: int
) -> int | None:
    """A config known only to the channel whose record's folders hold it (the record's
    `configs`: OpenCompass's "Adversarial GLUE" entry and `adv_sst2`) is that record's task.
    One other channels list keeps its place: a folder may run other benchmarks' data
    (PromptBench runs SQuAD 2.0) or be misfiled (OpenCompass's OpenBookQA entry points at
    PIQA's folder)."""
    if len({sp.channel for sp in identity.members}) != 1:
        return None
    return _listed_parent(identity, in_folders, number)


def _dataset_groups(identities: list[Identity]) -> dict[tuple[str, str], int]:
    """(channel, task name) -> the identity of the channel's record for the data set the task
    reads a config of (`benchmarks.dataset_groups`)."""
    grouped: dict[tuple[str, str], int] = {}
    for number, identity in enumerate(identities):
        for sp in identity.members:
            extra = sp.candidate.extra if sp.candidate and sp.candidate.extra else {}
            if sp.is_benchmark and "dataset_members" in extra:
                for task in names_in(extra["dataset_members"]):
                    grouped.setdefault((sp.channel, name_forms(task).primary), number)
    return grouped


def _dataset_group_parent(
    identity: Identity,
    grouped: dict[tuple[str, str], int],
    identities: list[Identity],
    number: int,
    shared_papers: dict[int, set[str]],
) -> int | None:
    """The record of the data set whose config this task reads, or of the name head its
    channel's siblings share, when no other rule placed it and no other channel lists the task
    on its own: the channel's tasks over one data set are its parts (lm-eval's
    `persona_self-replication` of `EleutherAI/persona`); a task another channel names without
    the group's name is a benchmark of its own, unless it is a language pair of a translation
    test set (WMT14 en-fr, whichever harness runs it). Another channel writing the group's name
    too (Papers with Code's "FewCLUE (BUSTM)" beside OpenCompass's "FewCLUE / BUSTM") lists it
    as the same part. The group lists its members as their channel wrote them, so a spelling is
    found by its written name, whatever the identity rules made of it ("FewCLUE / BUSTM" is
    the task BUSTM)."""
    one_channel = len({sp.channel for sp in identity.members}) == 1
    for sp in identity.members:
        target = grouped.get((sp.channel, name_forms(sp.source_name).primary))
        if sp.candidate is None or target is None or target == number:
            continue
        if one_channel or _is_test_set(identities[target]):
            return target
        if _only_as_part_of(identity, identities[target], sp) and _papers(identity) <= (
            shared_papers.get(target, set())
        ):
            return target
    return None


def _only_as_part_of(identity: Identity, group: Identity, listed: Spelling) -> bool:
    """Every spelling of another channel than `listed`'s writes the group's name first."""
    heads = {sp.forms.primary for sp in group.members}
    return all(
        any(name_forms(sp.source_name).primary.startswith(head) for head in heads)
        for sp in identity.members
        if sp.channel != listed.channel
    )


def _papers(identity: Identity) -> set[str]:
    return {key for key in _evidence(identity) if key.startswith("arxiv:")}


def _shared_papers(
    identities: list[Identity], grouped: dict[tuple[str, str], int]
) -> dict[int, set[str]]:
    """group -> the papers two or more of its listed tasks carry: the collection's own paper
    (FewCLUE's, on BUSTM and CSL alike). A task with a paper no sibling shares is a benchmark
    the collection runs (BIG-Bench Extra Hard beside BIG-Bench Hard), not a part of it."""
    holders: dict[int, Counter[str]] = defaultdict(Counter)
    for number, identity in enumerate(identities):
        groups = {
            target
            for sp in identity.members
            if (target := grouped.get((sp.channel, name_forms(sp.source_name).primary))) is not None
            and target != number
        }
        for target in groups:
            holders[target].update(_papers(identity))
    return {g: {paper for paper, n in counts.items() if n >= 2} for g, counts in holders.items()}


def _is_test_set(identity: Identity) -> bool:
    return any(
        sp.candidate is not None and sp.candidate.extra and sp.candidate.extra.get("test_set")
        for sp in identity.members
    )


def _listed_parent(
    identity: Identity, listed_in: dict[tuple[str, str], int], number: int
) -> int | None:
    """The channel's record that lists this task as one of its tasks."""
    for sp in identity.members:
        target = listed_in.get((sp.channel, sp.forms.primary))
        if sp.candidate is not None and target is not None and target != number:
            return target
    return None


def _part_parent(identity: Identity, by_primary: dict[str, int], number: int) -> int | None:
    """A development, validation or training split ("TVMegaSite dev"), or a subset or task
    written "Data set - part" ("VggFace2 - 8x upscaling", "CropHarvest - Kenya"), belongs to
    the benchmark its name names, whichever channel lists that benchmark."""
    for sp in identity.members:
        if sp.is_benchmark and sp.forms.part_of:
            target = by_primary.get(sp.forms.part_of, number)
            if target != number:
                return target
    return None


def _dataset_parent(identity: Identity, whole: dict[str, int], number: int) -> int | None:
    for sp in identity.members:
        if sp.keys and sp.keys.hf_dataset and sp.keys.hf_config is not None:
            target = whole.get(sp.keys.hf_dataset)
            if target is not None and target != number:
                return target
    return None


def _named_prefixes(
    sp: Spelling, by_primary: dict[str, int], number: int, min_key: int = 0
) -> Iterator[tuple[int, int]]:
    """(name key length, identity) for each leading run of the spelling's words that is another
    identity's name, longest first; keys shorter than `min_key` letters are too short to trust."""
    tokens = sp.forms.tokens
    for cut in range(len(tokens) - 1, 0, -1):
        prefix = "".join(tokens[:cut])
        target = by_primary.get(prefix, number)
        if target != number and len(prefix) >= min_key:
            yield len(prefix), target


def _prefix_parent(
    identity: Identity, by_primary: dict[str, int], identities: list[Identity], number: int
) -> int | None:
    own = _evidence(identity)
    if not own:
        return None
    for sp in identity.members:
        for _, target in _named_prefixes(sp, by_primary, number):
            if own & _evidence(identities[target]):
                return target
    # a translation or adaptation carrying the original's paper and naming it after a prefix
    # of its own ("mlmm truthfulqa", Okapi's TruthfulQA, on TruthfulQA's paper); a prefix that
    # is a benchmark's name makes it that benchmark's task ("RULER SQuAD" is RULER's)
    for sp in identity.members:
        tokens = sp.forms.tokens
        for start in range(1, len(tokens)):
            if by_primary.get("".join(tokens[:start]), number) != number:
                break
            for end in range(len(tokens), start, -1):
                key = "".join(tokens[start:end])
                target = by_primary.get(key, number)
                if (
                    target != number
                    and len(key) > _MIN_PARENT_KEY
                    and own & _evidence(identities[target])
                ):
                    return target
    return None


def _task_parent(
    identity: Identity, by_primary: dict[str, int], identities: list[Identity], number: int
) -> int | None:
    """A task one channel lists in one of its task families, named as another benchmark's
    name plus more words, is a subset, language or variant of it (`piqa_bn` of PIQA,
    `truthfulqa_sk_mc2` of TruthfulQA, "ANLI test" of ANLI). A record more than one channel
    lists is a benchmark in its own right and keeps its place (MMLU-Pro is not MMLU's). The
    parent must be one the same channel lists, or share a paper, dataset or repository: a
    name prefix across channels is a coincidence (lm-eval's `persona_*` are not Persona-Chat).
    A task with no family is placed only when its channel's own id extends the parent's id in
    that channel, and only that channel lists the parent (openbench's `graphwalks_bfs`
    of `graphwalks`)."""
    channels = {sp.channel for sp in identity.members}
    if len(channels) != 1:
        return None
    own = _evidence(identity)
    # a channel's group of tasks is placed like a task (`mmlu_de_llama_stem` in `mmlu_de_llama`)
    named = [sp for sp in identity.members if sp.is_benchmark]
    if not named or not all(sp.candidate is not None for sp in named):
        return None
    in_family = all(sp.candidate is not None and sp.candidate.family for sp in named)
    for sp in named:
        for _, target in _named_prefixes(sp, by_primary, number, _MIN_PARENT_KEY):
            other = identities[target]
            if in_family:
                if channels & {m.channel for m in other.members} or own & _evidence(other):
                    return target
            elif _extends_channel_id(sp, other):
                return target
    return None


def _group_parent(
    identity: Identity, by_primary: dict[str, int], identities: list[Identity], number: int
) -> int | None:
    """The channel's group of tasks with the longest name this record's name extends
    (`global_piqa_parallel_cloze_srp_latn_torl` in `global_piqa_parallel_cloze`, past the
    sibling task `global_piqa_parallel_cloze_srp_latn`)."""
    listed = [sp for sp in identity.members if sp.is_benchmark and sp.candidate is not None]
    channels = {sp.channel for sp in listed}
    best: tuple[int, int] | None = None  # (matched length, target)
    for sp in listed:
        for length, target in _named_prefixes(sp, by_primary, number, _MIN_PARENT_KEY):
            other = identities[target]
            if _is_group(other) and channels & {m.channel for m in other.members}:
                if best is None or length > best[0]:
                    best = (length, target)
                break
    return best[1] if best else None


# A benchmark other channels may name a task of by prefix must be listed by this many channels
# (a known benchmark, not one channel's task) and have a name key at least this long.
_KNOWN_PARENT_CHANNELS = 2
_KNOWN_PARENT_KEY = 4


def _known_prefix_parent(
    identity: Identity,
    by_primary: dict[str, int],
    identities: list[Identity],
    number: int,
    holders: dict[str, set[int]],
) -> int | None:
    """A one-channel record named as a well-known benchmark's name plus more words is a task
    or subset of it, whichever channel lists the benchmark: HELM's "RULER SQuAD" is RULER's
    (lm-eval, OpenCompass), "MM-Star (Knowledge subsets)" is MMStar's. Well known: listed by
    several channels, so a one-channel task family (lm-eval's `persona`) is no such name. A
    record with a paper or data set of its own (one no record named in its name has) that
    the benchmark does not share is a benchmark built on it, not a part of it; a channel's
    task family (lm-eval's `mmlu_prox`) is a benchmark of its own. The paper of the data a
    task reads (HELM gives "RULER SQuAD" SQuAD's) is not its own."""
    named = [sp for sp in identity.members if sp.is_benchmark and sp.candidate is not None]
    if not named or len({sp.channel for sp in identity.members}) != 1 or _is_group(identity):
        return None
    evidence = _evidence(identity)
    own = _own_evidence(named, evidence, identities, number, holders)
    for sp in named:
        for _, target in _named_prefixes(sp, by_primary, number, _KNOWN_PARENT_KEY):
            other = identities[target]
            if own and not evidence & _evidence(other):
                continue  # a benchmark built on it (HumanEval Pro, Math401)
            listing = {m.channel for m in other.members if m.candidate is not None}
            if len(listing) >= _KNOWN_PARENT_CHANNELS:
                return target
    return None


# Words after a benchmark's name that make the record a part of it whatever else it has: a
# subset or split ("BIRD-SQL Mini-Dev", "swtbench-verified", TUMLU-mini), a language, a language
# pair or a group of languages it is translated into ("GSM8K-Indic", "HellaSwag-Hindi",
# `paws_ca`, `flores_en_id`). A version, a year, "Pro", "Hard" or "X" are not here: those name a
# benchmark built on another when it has a paper or data of its own (`_known_prefix_parent`).
_SUBSET_WORDS = frozenset({"mini", "lite", "tiny", "verified", "diamond", "subset", "sample"})
_LANGUAGE_GROUP_WORDS = frozenset(
    {"indic", "african", "european", "nordic", "scandinavian", "asian", "translated"}
)
# codes that are also English words stay out: `hails/mmlu_no_train` is no Norwegian MMLU
_LANGUAGE_WORDS = frozenset(LANGUAGE_CODES) | (
    frozenset(LANGUAGE_CODES.values()) - {"no", "or", "as", "be", "is", "am", "my", "so"}
)
PART_MARKER_WORDS = _SUBSET_WORDS | OTHER_SPLIT_TOKENS | _LANGUAGE_GROUP_WORDS | _LANGUAGE_WORDS
# A named evaluation split ("COCO test-dev", "GQA test-std") is a part; "test" alone is the
# evaluation split, the benchmark itself (`names.EVAL_SPLIT_TOKENS`).
_NAMED_SPLIT_WORDS = frozenset({"test", "std"})


def _marked_part_parent(identity: Identity, by_primary: dict[str, int], number: int) -> int | None:
    """A record named as a benchmark's name followed only by subset, split or language words
    (`PART_MARKER_WORDS`) is that subset or translation of it, even with a data set of its own
    (a translation or a mini set is published as one): "GSM8K-Indic" (`sarvamai/gsm8k-indic`)
    under GSM8K, "BIRD-SQL Mini-Dev" under BIRD-SQL. A one-channel record whose data set is
    named so is that part too, whatever the channel calls it (lighteval's "Turkic Evals" reads
    `jafarisbarov/TUMLU-mini`: TUMLU's mini set; a data set's upload version may end its name,
    `malhajar/hellaswag_tr-v0.2`). The words must follow the name: a language before it names
    a benchmark of that language (TurkishMMLU, ArabicMMLU are no translations), and a version
    or a year between them names an edition, whose own record or group is the parent."""
    named = [sp for sp in identity.members if sp.is_benchmark and sp.candidate is not None]
    spelled = [(sp.forms.tokens, sp.source_name) for sp in named]
    if len({sp.channel for sp in identity.members}) == 1:
        for sp in named:
            if sp.keys and sp.keys.hf_written:
                tokens = tokens_of(sp.keys.hf_written)
                if len(tokens) > 1 and tokens[-1].replace(".", "").isdigit():
                    tokens = tokens[:-1]
                spelled.append((tokens, sp.keys.hf_written))
    for tokens, written in spelled:
        for head in marked_part_heads(tokens, written):
            target = by_primary.get(head, number)
            if target != number:
                return target
    return None


# A subset word written before the benchmark's name it shrinks, as its own word or run into a
# capitalised name: tinyBenchmarks' "tinyHellaswag" (100 rows of HellaSwag), "TinyImageNet",
# "mini-ImageNet". Run together with a lower-case word it is part of a name ("minif2f",
# "MiniWoB" has no "WoB" benchmark), so a glued prefix counts only before a capital or digit.
_LEADING_SUBSET_WORDS = ("tiny", "mini")
_GLUED_LEADING_SUBSET = re.compile(r"(?i:tiny|mini)(?=[A-Z0-9])")


def marked_part_heads(tokens: tuple[str, ...], written: str) -> list[str]:
    """The name keys (longest first) of which `tokens` (a name's, `names.name_forms`) names a
    subset, split or language by `PART_MARKER_WORDS` after them, a subset by a subset word
    before them (`_LEADING_SUBSET_WORDS`: "tinyHellaswag" is HellaSwag's) or a translation by
    "translated" and a language before them (`_translated_heads`); `written` is the
    name as written, whose capitals tell an acronym from a language code. Also the release
    check `parts_sit_under_their_benchmark` (benchhub/checks/frames.py)."""
    heads = _leading_subset_heads(tokens, written) + _translated_heads(tokens)
    for cut in range(len(tokens) - 1, 0, -1):
        rest = tokens[cut:]
        if not all(t in PART_MARKER_WORDS or t in _NAMED_SPLIT_WORDS for t in rest):
            break  # a word that is no marker ends the run of markers
        if len(rest) == 1 and rest[0] in _NAMED_SPLIT_WORDS:
            continue
        if len(rest) == 1 and _written_as_acronym(rest[0], written):
            continue
        head = "".join(tokens[:cut])
        if len(head) >= _KNOWN_PARENT_KEY:
            heads.append(head)
    return heads


def _leading_subset_heads(tokens: tuple[str, ...], written: str) -> list[str]:
    """The name key after a leading subset word ("tinyHellaswag": `hellaswag`), if any."""
    if not tokens:
        return []
    first = tokens[0]
    if first in _LEADING_SUBSET_WORDS:
        head = "".join(tokens[1:])
    elif _GLUED_LEADING_SUBSET.match(written.strip()) and first[:4] in _LEADING_SUBSET_WORDS:
        head = first[4:] + "".join(tokens[1:])
    else:
        return []
    return [head] if len(head) >= _MIN_PARENT_KEY else []


_TRANSLATED_WORDS = frozenset({"translated", "translation"})


def _translated_heads(tokens: tuple[str, ...]) -> list[str]:
    """The name key after "translated" and a language ("MBZUAI Human-Translated Arabic MMLU":
    `mmlu`): a translation says so, unlike a benchmark of the language (ArabicMMLU)."""
    for index, token in enumerate(tokens):
        if token not in _TRANSLATED_WORDS:
            continue
        start = index + 1
        if start < len(tokens) and tokens[start] in _LANGUAGE_WORDS:
            start += 1
        elif not (index > 0 and tokens[index - 1] in _LANGUAGE_WORDS):
            return []  # "Translated MMLU": into what, the name does not say
        head = "".join(tokens[start:])
        return [head] if len(head) >= _MIN_PARENT_KEY else []
    return []


def _written_as_acronym(word: str, written: str) -> bool:
    """A lone two-letter word written in capitals is an acronym, not a language code:
    "ImageNet-LT" is the long-tailed ImageNet, "MuST-C EN->DE" a language pair."""
    return (
        len(word) == 2
        and re.search(rf"(?<![A-Za-z]){word.upper()}(?![A-Za-z])", written) is not None
    )


def _own_evidence(
    named: list[Spelling],
    evidence: set[str],
    identities: list[Identity],
    number: int,
    holders: dict[str, set[int]],
) -> set[str]:
    """Its own paper or data: the keys no record named in its name holds ("RULER SQuAD"
    carries SQuAD 2.0's paper, which SQuAD holds: not its own)."""
    runs = {
        "".join(sp.forms.tokens[start:end])
        for sp in named
        for start in range(len(sp.forms.tokens))
        for end in range(start + 1, len(sp.forms.tokens) + 1)
    }
    return {
        key
        for key in evidence
        if not any(
            sp.forms.primary.startswith(run)
            for holder in holders[key] - {number}
            for sp in identities[holder].members
            for run in runs
            if len(run) >= _KNOWN_PARENT_KEY
        )
    }


# A version or a year written as a name's last word: "Common Voice 7.0", "ImageNet V2",
# "PASCAL VOC 2007", `aime24` read as 2024 by the name rules. A bare number is no edition
# ("SST-5" has five classes, "Yelp-14" is a year of reviews written short, "AgeDB-30" a gap).
# Version 1 of a benchmark is the benchmark itself, a merge, not a part.
_EDITION = re.compile(
    r"(?i)(?<![\w.])(?:v(?:er(?:sion)?)?\s?\d+(?:\.\d+)*|\d+\.\d+|(?:19|20)\d\d)$"
)


_YEAR = re.compile(r"(?:19|20)\d\d")
# A difficulty level written as a name's last word: "WIDER Face Hard", "ARC Easy", "MATH hard"
# (the level-5 problems of MATH). Like an edition, a level with a paper or data set of its own
# is a benchmark built on the other ("BIG-Bench Hard"); a level joined to the name by a hyphen
# coins a benchmark's name ("ImageNet-Hard", "GSM-Hard": their own papers).
_LEVEL = re.compile(r"(?i)(?<=[\s_])(?:easy|medium|hard)$")
# A dotted version glued to a one-word name: "SQuAD1.1" (`squad1.1`).
_GLUED_EDITION = re.compile(r"([a-z]{3,})\d+\.\d+")


def edition_head(forms: NameForms) -> str | None:
    """The name key of the benchmark a name is an edition or a difficulty level of ("PASCAL VOC
    2007": `pascalvoc`, "SQuAD1.1": `squad`, "WIDER Face Hard": `widerface`), or None. Also the
    release check `editions_sit_under_their_benchmark` (benchhub/checks/frames.py)."""
    if len(forms.tokens) == 1 and (glued := _GLUED_EDITION.fullmatch(forms.tokens[0])):
        return glued.group(1) if len(glued.group(1)) >= _MIN_PARENT_KEY else None
    if len(forms.tokens) < 2:
        return None
    written = forms.display.strip()
    if _LEVEL.search(written):
        head = "".join(forms.tokens[:-1])
        return head if len(head) >= _MIN_PARENT_KEY else None
    # a year run into the name is read by the name rules ("AMC23": amc 2023)
    if not _EDITION.search(written) and not (
        _YEAR.fullmatch(forms.tokens[-1]) and written[-2:].isdigit()
    ):
        return None
    if forms.tokens[-1] == "1":
        return None  # "Spider 1.0" is Spider itself: one benchmark, not a part of it
    head = "".join(forms.tokens[:-1])
    return head if len(head) >= _MIN_PARENT_KEY else None  # "AMC 2023" is AMC's


def _edition_parent(
    identity: Identity,
    by_primary: dict[str, int],
    identities: list[Identity],
    number: int,
    holders: dict[str, set[int]],
) -> int | None:
    """A version, year or difficulty level of a benchmark ("Common Voice 7.0", "PASCAL VOC
    2007", "ImageNet V2", "WIDER Face Hard") sits under the record of its name without it,
    unless it has a paper or data set of its own that the benchmark does not share: an
    edition published as a new benchmark ("Video-MME-v2", its own paper) stands on its own,
    as a benchmark built on another does, when the benchmark has a paper or data set to tell
    the two apart."""
    named = [sp for sp in identity.members if sp.is_benchmark and sp.candidate is not None]
    if not named:
        return None
    evidence = _evidence(identity)
    own = _own_evidence(named, evidence, identities, number, holders)
    for sp in named:
        head = edition_head(sp.forms)
        target = by_primary.get(head, number) if head else number
        if target == number:
            continue
        theirs = _evidence(identities[target])
        # a record with no paper or data of its own cannot be told apart from its edition
        # ("OntoNotes", a paper index's name, beside "OntoNotes 5.0" on its HF data set)
        if own and theirs and not evidence & theirs:
            continue
        return target
    return None


# what separates a task id from the words it adds, in ids written as code (`graphwalks_bfs`,
# `wmt16:cs-en`); a slug's hyphen joins one name's words as often as it adds a subset
# (SUN and SUN RGB-D are different data sets)
_ID_SEPARATORS = frozenset("_:")


def _extends_channel_id(task: Spelling, parent: Identity) -> bool:
    """The task's id in its channel is the parent's id in that channel plus more words, and
    no other channel lists the parent as a record: a benchmark other channels list too is not
    the task's family by an id prefix alone (opencompass's `arc_prize_public_eval` is not
    AI2's ARC)."""
    if {m.channel for m in parent.members if m.candidate is not None} != {task.channel}:
        return False  # (a score naming it is no listing)
    key = task.source_key
    return any(
        m.channel == task.channel
        and m.candidate is not None
        and len(key) > len(m.source_key)
        and key.startswith(m.source_key)
        and key[len(m.source_key)] in _ID_SEPARATORS
        for m in parent.members
    )


def _evidence(identity: Identity) -> set[str]:
    return set().union(*(sp.evidence for sp in identity.members))


def _break_cycles(identities: list[Identity]) -> None:
    for start in range(len(identities)):
        seen = {start}
        node = identities[start].parent
        while node is not None:
            if node in seen:
                identities[start].parent = None
                break
            seen.add(node)
            node = identities[node].parent
