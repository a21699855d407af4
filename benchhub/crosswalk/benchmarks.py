"""Benchmark identity: which channel spellings name the same benchmark, and which is whose parent.

Granularity: one identity per benchmark *data set and task*. Prompt formats, shots, metrics and
harness wrappers of the same data are one identity (`gpqa_diamond_zeroshot`,
`gpqa_diamond_cot_n_shot`, `leaderboard_gpqa_diamond`, "GPQA-Diamond (Pass@1)"). Subsets,
variants, languages, years and versions are separate identities (`gpqa_diamond` vs `gpqa_main`,
`mmlu_pro_biology` vs `mmlu_pro`, "SWE-bench Verified Mini" vs "SWE-bench Verified"), linked to
their parent through `parent_id` where the data says so.

Evidence, strongest first:
1. the same channel's score key names one of its candidates;
2. a record whose own id names another benchmark than its name, with that benchmark's paper
   or data, follows its id (OpenCompass lists `piqa`, with PIQA's paper, as "OpenBookQA");
2b. a record whose HF data set names a version its name does not follows the data to that
   version ("SQuAD" on `rajpurkar/squad_v2` is "SQuAD v2");
3. the same decoration-free name (`names.primary`);
4. the same HF dataset and config, with names that differ only by words of the dataset id
   ("openai_humaneval" and "humaneval" on `openai/openai_humaneval`, "Grade School Math 8K" on
   `gsm8k`);
5. the same name once each variant is written one way (`variants.variant_tokens`: "MGSM
   (Swahili)" and `mgsm:sw`, "WMT 2017 Latvian-English" and `wmt17:lv-en`), word for word,
   unless the two identities point at different data sets, papers or repositories;
5b. the same name once the words saying what kind of thing it is ("Bench", "Dataset",
   "Corpus"), its articles, a plural and a glued "v" of a version are dropped ("GSO-Bench"
   and `gso`),
   written alike and with no disagreeing keys;
6. for an identity known by one name only: a name it asserts beside its own ("HLE (Humanity's
   Last Exam)", an id abbreviating the name: `ifeval` for "Instruction Following"), or a hint
   (its full title, the channel's id) naming exactly one other identity that shares an arXiv
   id, HF dataset or repository with it, or an acronym relation with the one other identity
   sharing such a key ("grade-school-math" and GSM8K on openai/grade-school-math), or the
   channel's own id when the name is a typo of it ("TheroremQA"), or a first or last word cut
   to its initial ("ARC-C" for "ARC Challenge", "C-SimpleQA" for "Chinese SimpleQA"), or a
   one-letter typo of the one other identity sharing a key ("Olympiade Bench"), or category
   words before an acronym they spell out ("Multilingual MGSM").
7. a name that is an HF data set's id ("Social IQA" for `allenai/social_i_qa`) names the one
   identity reading that data set whole, when that is the data set's own record.
An arXiv id, an HF dataset or a repository alone never merges: suites share papers and repos,
and one dataset holds many configs. Only a person's split (curation) vetoes a merge.
"""

from __future__ import annotations

import difflib
import posixpath
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from benchhub.crosswalk.clusters import BlockedMerge, ConstrainedUnionFind
from benchhub.crosswalk.keys import (
    StrongKeys,
    canonical_hf,
    dataset_words,
    keys_disagree,
    strong_keys,
)
from benchhub.crosswalk.kinds import is_named_after, is_parent_name, not_a_benchmark_reason
from benchhub.crosswalk.names import (
    FORMAT_TOKENS,
    PUBLISHER_TOKENS,
    SUBSET_CONFIG_TOKENS,
    NameForms,
    compact_words,
    is_expansion,
    is_generic,
    name_forms,
    names_in,
    same_written_stem,
    stem_key,
    stem_words,
    tokens_of,
    written_stem,
)
from benchhub.crosswalk.parents import link_parents
from benchhub.crosswalk.variants import variant_tokens, without_unmarked, year_series
from benchhub.records import BenchmarkCandidate, ScoreObservation

# A channel's id this close to its own display name is the same word misspelt ("TheroremQA").
_TYPO_RATIO = 0.8
_VERSION = re.compile(r"v?\d+(?:\.\d+)*")
# More spellings than this on one dataset and config with one residue are a framework's
# many tasks over one file, compared pairwise only up to here.
_SHARED_DATASET_LIMIT = 400
# The channel id of the record a task family gets (see `family_candidates`).
FAMILY_KEY_PREFIX = "family:"
# The channel id of the record a channel's tasks over one data set get (`dataset_groups`), and
# of the one the tasks in a folder of a channel's group file get (`folder_groups`).
DATASET_GROUP_KEY_PREFIX = "dataset:"
FOLDER_GROUP_KEY_PREFIX = "folder:"
# The channel id of the record a channel's sibling parts named "X - a", "X - b" get
# (`sibling_groups`).
SIBLING_GROUP_KEY_PREFIX = "siblings:"
MADE_GROUP_KEY_PREFIXES = (
    DATASET_GROUP_KEY_PREFIX,
    FOLDER_GROUP_KEY_PREFIX,
    SIBLING_GROUP_KEY_PREFIX,
)
# "CropHarvest - Togo", "XCOPA: Estonian", "FewCLUE / TNEWS": a name, a separator, the part.
_PART_SEPARATOR = re.compile(r"\s+[-\u2013\u2014/]\s+|:\s+")
# A part that is an edition, its year or number ("CoNLL 2003 (English)", "CyberSecEval 2"),
# names a data set of its own.
_EDITION_PART = re.compile(r"\(?(?:19|20)\d\d\b|v?\d+(?:\.\d+)*(?:\s|$)", re.I)
# A coined name word: a capital after its first letter ("BhashaBench", "WDC"), or a digit or a
# hyphen joining words ("Mol-Instructions", "V1"); plain words ("Penn", "Stanford") are not.
_COINED_WORD = re.compile(r"^\S+[A-Z0-9]|^\S*[A-Za-z]-[A-Za-z0-9]")
# What follows a head in a longer name of it: a space, a dash, a colon, a bracket.
_HEAD_BOUNDARY = re.compile(r"\s|:|\s*[-\u2013\u2014]\s")
# Longest part a name's last words can be (after the head).
_MAX_PART_WORDS = 4
# A translation test set inside a data set of many (lighteval's `lighteval/sacrebleu_manual`
# config `wmt08_cs-en`, `IWSLT/iwslt2017` config `iwslt2017-ar-en`): the set, then the pair.
_TEST_SET_CONFIG = re.compile(
    r"(?P<set>[a-z][a-z0-9.]*?)[_:-](?P<pair>[a-z]{2,3}(?:_[a-z]{4})?-[a-z]{2,3}(?:_[a-z]{4})?)",
    re.I,
)
# A name this short one letter away from another is another name ("MMLU", "MMMU").
_MIN_TYPO_LENGTH = 6
_MIN_TYPO_WORD = 4
# An HF data set's name this short names other things too ("C4", "DROP").
_MIN_DATASET_NAME = 5
# A strong key held by more identities than this is a suite's or a multi-config dataset's.
_SHARED_KEY_LIMIT = 3


@dataclass(frozen=True, slots=True)
class Spelling:
    """One way a channel names a benchmark: a candidate, or a score's benchmark cell."""

    channel: str
    source_key: str
    source_name: str
    forms: NameForms
    keys: StrongKeys | None  # None for a name seen only in scores
    candidate: BenchmarkCandidate | None
    source_url: str | None = None
    placed: bool = False  # a person moved this record here (curation); its name does not vote
    is_benchmark: bool = True  # a score's name always is; a candidate says
    evidence: frozenset[str] = frozenset()  # its strong keys as comparable strings
    not_benchmark_reason: str | None = None  # why it is not (junk, a category, a leaderboard)
    grouping: bool = False  # a channel's task family, known only as the group its tasks form

    @property
    def sort_key(self) -> tuple[str, str, str, int]:
        return (self.channel, self.source_key, self.source_name, self.candidate is None)


@dataclass(slots=True)
class Identity:
    members: list[Spelling]
    parent: int | None = None  # index of the parent identity in the resolution's list


@dataclass(slots=True)
class Resolution:
    identities: list[Identity]
    blocked: list[tuple[Spelling, Spelling, str]] = field(default_factory=list)


def collect_spellings(
    candidates: Sequence[BenchmarkCandidate], scores: Sequence[ScoreObservation]
) -> list[Spelling]:
    """Every distinct spelling, in an order that does not depend on the input order."""
    spellings = []
    made = (
        *family_candidates(candidates),
        *dataset_groups(candidates),
        *folder_groups(candidates),
        *sibling_groups(candidates),
    )
    headed = _heads_before_colons(candidates)
    for c in (*candidates, *made):
        keys = strong_keys(c)
        group = is_named_group(c)
        reason = (
            c.not_benchmark_reason
            if not (c.is_benchmark or group)
            else not_a_benchmark_reason(c.source_name, c.family, c.source_key)
        )
        spellings.append(
            Spelling(
                c.channel,
                c.source_key,
                c.source_name,
                name_forms(
                    c.source_name,
                    _sole_task(c) or c.source_key,
                    c.hf_config,
                    parts_after_colon=(c.channel, _colon_head(c.source_name)) in headed,
                ),
                keys,
                c,
                c.source_url,
                is_benchmark=(c.is_benchmark or group) and reason is None,
                evidence=_evidence_of(keys),
                not_benchmark_reason=reason,
                grouping=group
                or c.source_key.startswith((FAMILY_KEY_PREFIX, *MADE_GROUP_KEY_PREFIXES)),
            )
        )
    seen = {(c.channel, c.source_key, c.source_name) for c in candidates}
    for s in scores:
        key = (s.channel, s.benchmark_key, s.benchmark_name)
        if key not in seen:
            seen.add(key)
            forms = name_forms(s.benchmark_name, s.benchmark_key)
            reason = not_a_benchmark_reason(s.benchmark_name, None, s.benchmark_key)
            spellings.append(
                Spelling(
                    *key,
                    forms,
                    None,
                    None,
                    s.source_url,
                    is_benchmark=reason is None,
                    not_benchmark_reason=reason,
                )
            )
    spellings.sort(key=lambda sp: sp.sort_key)
    return spellings


def _colon_head(name: str) -> str:
    return name.partition(": ")[0].strip().lower() if ": " in name else ""


def _heads_before_colons(candidates: Sequence[BenchmarkCandidate]) -> set[tuple[str, str]]:
    """(channel, head) for each head a channel writes before a colon in two or more of its
    benchmark names: "GDM Dangerous Capabilities: Capture the Flag" beside "...: Stealth",
    "KILT: Wizard of Wikipedia" beside "KILT: TriviaQA". There the colon introduces a part,
    however long, not a subtitle."""
    counts = Counter(
        (c.channel, head)
        for c in candidates
        if c.is_benchmark and (head := _colon_head(c.source_name))
    )
    return {key for key, count in counts.items() if count >= 2}


def family_candidates(candidates: Sequence[BenchmarkCandidate]) -> list[BenchmarkCandidate]:
    """A record for each channel task family its tasks are named after (lm-eval's
    `global_mmlu` folder holds `global_mmlu_full_am_...`): the benchmark or suite those tasks
    are subsets of, even when no channel lists it on its own. A family whose tasks carry other
    names (`llama3`, `afrobench`: collections of other benchmarks' tasks) or whose name is a
    category or a leaderboard is no parent and gets no record."""
    members: dict[tuple[str, str], list[BenchmarkCandidate]] = defaultdict(list)
    for c in candidates:
        if c.family and c.is_benchmark and is_parent_name(c.family):
            members[(c.channel, c.family)].append(c)
    found = []
    for (channel, family), tasks in sorted(members.items()):
        if not any(is_named_after(c.source_name, family) for c in tasks):
            continue
        first = min(tasks, key=lambda c: c.source_key)
        stated = first.extra.get("family_name") if first.extra else None
        same = isinstance(stated, str) and name_forms(stated).primary == name_forms(family).primary
        found.append(
            BenchmarkCandidate(
                channel=channel,
                source_key=f"{FAMILY_KEY_PREFIX}{family}",
                source_name=str(stated) if same else family,
                source_url=first.source_url,
                description=first.extra.get("family_description") if first.extra else None,
                extra={"family_of": len(tasks)},
            )
        )
    return found


def dataset_groups(candidates: Sequence[BenchmarkCandidate]) -> list[BenchmarkCandidate]:
    """A record for each set of a channel's tasks that read one HF data set, config by config,
    when no record stands for the whole data set (lm-eval's `persona_*` tasks on
    `EleutherAI/persona`, `advanced_ai_risk_*` on `EleutherAI/advanced_ai_risk`): the data set
    those tasks are parts of, even when no channel lists it on its own. A data set holding many
    translation test sets (`lighteval/sacrebleu_manual`, configs `wmt08_cs-en`,
    `iwslt17_ar-en`) gives one record per test set, and tasks set on one data set without
    configs, each named as the data set plus its task (lm-eval's `assin2_rte` and `assin2_sts`
    on `nilc-nlp/assin2`), give one too. Its name is the channel's own tag for
    exactly these tasks (lm-eval's `wmt14`), else the test set's, else the data set's; a name
    the channel's own record already has is left to the other rules (no new record). The
    record lists its tasks in `extra["dataset_members"]`; `parents` places only tasks no other
    channel lists (a benchmark several channels list, BoolQ on `super_glue`, keeps its place)
    or a language pair of a test set, and a record that gets no task is dropped."""
    whole = {
        c.hf_dataset for c in candidates if c.is_benchmark and c.hf_dataset and not c.hf_config
    }
    members: dict[tuple[str, str, str | None], list[BenchmarkCandidate]] = defaultdict(list)
    for c in candidates:
        if c.is_benchmark and c.hf_dataset and not c.hf_config and _names_a_task_of(c):
            # tasks of one data set without configs, named as it plus the task (lm-eval's
            # `assin2_rte` and `assin2_sts` on `nilc-nlp/assin2`)
            members[(c.channel, c.hf_dataset, None)].append(c)
            continue
        if not (c.is_benchmark and c.hf_dataset and c.hf_config):
            continue
        in_set = _TEST_SET_CONFIG.fullmatch(c.hf_config)
        if in_set is None and c.hf_dataset in whole:
            continue  # `_dataset_parent` places it under the whole
        key = (c.channel, c.hf_dataset, in_set.group("set").lower() if in_set else None)
        members[key].append(c)
    hints = Counter(
        (c.channel, hint) for c in candidates if c.is_benchmark for hint in set(c.capability_hints)
    )
    named: dict[str, set[str]] = defaultdict(set)  # name -> channels with a record of it
    for c in candidates:
        named[name_forms(c.source_name).primary].add(c.channel)
    found = []
    ordered = sorted(members.items(), key=lambda item: (*item[0][:2], item[0][2] or ""))
    for (channel, dataset, test_set), tasks in ordered:
        if len({c.hf_config or c.source_name for c in tasks}) < 2:
            continue
        names = sorted({c.source_name for c in tasks})
        shared = set.intersection(*(set(c.capability_hints) for c in tasks))
        # a tag the channel gives exactly these tasks names the group ("wmt14"); a wider one
        # ("translation", "gpt3_translation_benchmarks") names a category or collection
        tags = sorted(t for t in shared if hints[(channel, t)] == len(tasks) and is_parent_name(t))
        name = _group_name(
            tags[0] if tags else test_set or dataset.rpartition("/")[2],
            {c.family for c in tasks},
            named,
            channel,
            is_test_set=test_set is not None,
        )
        if name is None:
            continue
        first = min(tasks, key=lambda c: c.source_key)
        found.append(
            BenchmarkCandidate(
                channel=channel,
                source_key=f"{DATASET_GROUP_KEY_PREFIX}{dataset}"
                + (f"#{test_set}" if test_set else ""),
                source_name=name,
                source_url=first.source_url,
                extra={"dataset_members": names, "hf_dataset": dataset, "test_set": test_set},
            )
        )
    return found


def _names_a_task_of(task: BenchmarkCandidate) -> bool:
    """The task's name is its data set's name plus more words (`assin2_rte` of
    `nilc-nlp/assin2`): one of several tasks set on the data set."""
    dataset = tokens_of((task.hf_dataset or "").rpartition("/")[2])
    tokens = tokens_of(task.source_name)
    return bool(dataset) and len(tokens) > len(dataset) and tokens[: len(dataset)] == dataset


def folder_groups(candidates: Sequence[BenchmarkCandidate]) -> list[BenchmarkCandidate]:
    """A record for the tasks in the folder of a channel's group file (lm-eval's
    `tasks/afrobench/flores/flores.yaml`, group `african_flores`, over the FLORES pairs in the
    folders below it), when that group's member list does not name them: the group the
    framework declares for its folder. A folder with several group files takes the one named
    as the folder (`darija_translation`), else none; a family's own top folder
    (`tasks/afrobench`) collects other benchmarks' tasks and gives none. Placed like
    `dataset_groups` (`extra["dataset_members"]`): only tasks no other rule placed and no other
    channel lists; a record that gets no task is dropped."""
    groups: dict[tuple[str, str], list[BenchmarkCandidate]] = defaultdict(list)
    tasks: list[tuple[BenchmarkCandidate, str]] = []
    for c in candidates:
        path = c.extra.get("path") if c.extra else None
        if not isinstance(path, str):
            continue
        folder = posixpath.dirname(path)
        if c.extra.get("kind") == "group" and folder.count("/") >= 2:
            groups[(c.channel, folder)].append(c)
        elif c.extra.get("kind") == "task" and c.is_benchmark:
            tasks.append((c, folder))
    declared: dict[tuple[str, str], BenchmarkCandidate] = {}
    for (channel, folder), files in groups.items():
        own = [g for g in files if g.source_name == posixpath.basename(folder)]
        if len(files) == 1 or len(own) == 1:
            declared[(channel, folder)] = own[0] if own else files[0]
    members: dict[tuple[str, str], list[str]] = defaultdict(list)
    for c, folder in tasks:
        while folder.count("/") >= 2 and (c.channel, folder) not in declared:
            folder = posixpath.dirname(folder)
        if (c.channel, folder) in declared:
            members[(c.channel, folder)].append(c.source_name)
    found = []
    for (channel, folder), names in sorted(members.items()):
        group = declared[(channel, folder)]
        listed = {name_forms(m).primary for m in names_in(group.extra.get("members"))}
        unlisted = sorted({n for n in names if name_forms(n).primary not in listed})
        if len(unlisted) < 2:
            continue  # the group's own list places its tasks
        found.append(
            BenchmarkCandidate(
                channel=channel,
                source_key=f"{FOLDER_GROUP_KEY_PREFIX}{folder}",
                source_name=group.source_name,
                source_url=group.source_url,
                extra={"dataset_members": unlisted, "folder": folder},
            )
        )
    return found


def sibling_groups(candidates: Sequence[BenchmarkCandidate]) -> list[BenchmarkCandidate]:
    """A record for a name head a channel gives two or more of its records, each a part of it,
    when that channel has no record of the head itself: Papers with Code's "CropHarvest -
    Kenya" and "CropHarvest - Togo" are parts of CropHarvest, evalscope's "BhashaBench-V1
    (Krishi)" and "BhashaBench-V1 (Legal)" parts of BhashaBench-V1. The head is whole words
    the channel itself uses for each sibling and a coined name (a capital inside a word, a
    digit, a hyphenated word: "WDC", "Mol-Instructions"), since plain words begin different
    data sets ("Penn Treebank", "Penn Action"). A part is at most four words, and a sibling
    is no part when another channel lists it on its own (a benchmark, "BIG-Bench Hard"), when
    the channel divides it further ("PASCAL VOC" of "PASCAL VOC 2007") or when the part is an
    edition, its year or number ("CoNLL 2000", "CoNLL 2003": different data sets of one
    event; "CyberSecEval 2"). The
    shortest head wins ("CLEVA (Chinese) bias" sits in CLEVA), and a name whose head is the
    channel's own record is left to the other rules. The record merges with others by its
    exact name only, so another channel's record of the head becomes the parent; placed like
    `dataset_groups` (`extra["dataset_members"]`): only parts no other rule placed."""
    named: dict[str, set[str]] = defaultdict(set)  # name -> channels with a record of it
    for c in candidates:
        named[name_forms(c.source_name).primary].add(c.channel)
    own: dict[str, set[str]] = defaultdict(set)  # channel -> its benchmark names, lowercased
    divided: dict[str, set[str]] = defaultdict(set)  # channel -> names its others extend
    for c in candidates:
        if c.is_benchmark:
            words = c.source_name.lower().split()
            own[c.channel].add(" ".join(words))
            divided[c.channel].update(" ".join(words[:cut]) for cut in range(1, len(words)))
    heads: dict[tuple[str, str], set[str]] = defaultdict(set)  # (channel, head) -> full names
    own_only: dict[str, list[str]] = defaultdict(list)  # channel -> names no other lists
    urls: dict[tuple[str, str], str] = {}
    for c in candidates:
        full = name_forms(c.source_name).primary
        if not c.is_benchmark or (
            named.get(full, set()) - {c.channel} and not head_splits(c.source_name)
        ):
            # another channel lists it: a benchmark of its own; written as a head's part
            # ("FewCLUE / BUSTM", Papers with Code's "FewCLUE (BUSTM)") it is left to the
            # parent rules, which see every channel's spellings and papers
            continue
        own_only[c.channel].append(c.source_name)
        if " ".join(c.source_name.lower().split()) in divided[c.channel]:
            continue  # the channel divides it further
        words = c.source_name.lower().split()
        # the longest of the channel's own names this one extends ("PASCAL VOC" of "PASCAL
        # VOC 2007"): a head shorter than that is not this name's
        within = max(
            (
                len(" ".join(words[:cut]))
                for cut in range(1, len(words))
                if " ".join(words[:cut]) in own[c.channel]
            ),
            default=0,
        )
        for head, part in head_splits(c.source_name):
            part_primary = name_forms(part).primary
            if len(head) >= within and part_primary and not named.get(part_primary):
                heads[(c.channel, head)].add(c.source_name)
                urls.setdefault((c.channel, head), c.source_url)
    found = []
    placed: set[tuple[str, str]] = set()
    for (channel, head), members in sorted(heads.items(), key=lambda kv: (len(kv[0][1]), kv[0])):
        names = sorted(n for n in members if (channel, n) not in placed)
        primary = name_forms(head).primary
        if channel in named.get(primary, ()):
            placed.update((channel, n) for n in names)  # its own record gathers them
            continue
        if (
            # parts that are one data set written two ways ("Oxford-IIIT Pets", "Oxford-IIIT
            # Pet Dataset") are one part, not siblings
            len({stem_words(name_forms(n).tokens) for n in names}) < 2
            or set(name_forms(head).tokens) <= PUBLISHER_TOKENS  # "OpenAI MRCR ..."
            or not is_parent_name(head)
            or is_generic(name_forms(head).tokens)
            or len(primary) < 3
        ):
            continue
        # every name of the channel that extends the head is in it ("CropHarvest multicrop -
        # Global", "WebNLG 2.0 (Unconstrained)"), a part that begins with a number included
        names = sorted(
            {*names}
            | {
                n
                for n in own_only[channel]
                if (channel, n) not in placed
                and _HEAD_BOUNDARY.match(n[len(head) :])
                and n.lower().startswith(head.lower())
            }
        )
        placed.update((channel, n) for n in names)
        found.append(
            BenchmarkCandidate(
                channel=channel,
                source_key=f"{SIBLING_GROUP_KEY_PREFIX}{head}",
                source_name=head,
                source_url=urls[(channel, head)],
                extra={"dataset_members": names},
            )
        )
    return found


def head_splits(name: str) -> list[tuple[str, str]]:
    """(head, part) readings of a name: before and after a spaced dash, colon or slash
    ("CropHarvest - Togo", "XCOPA: Estonian"), else a head and its last words ("WDC
    Computers-xlarge"). A head is a coined name with its brackets closed; a part is at most
    four words and no edition (`_EDITION_PART`)."""
    dashed = _PART_SEPARATOR.split(name.strip(), maxsplit=1)
    if len(dashed) == 2:
        readings = [(dashed[0], dashed[1])]
    else:
        words = name.split()
        readings = [
            (" ".join(words[:cut]), " ".join(words[cut:]))
            for cut in range(max(1, len(words) - _MAX_PART_WORDS), len(words))
        ]
    return [
        (head, part)
        for head, part in readings
        if len(part.split()) <= _MAX_PART_WORDS
        and not _EDITION_PART.match(part)
        and head.count("(") == head.count(")")
        and head.count("[") == head.count("]")
        and any(_COINED_WORD.match(w.strip("()[],")) for w in head.split())
    ]


def _group_name(
    name: str,
    families: set[str | None],
    named: dict[str, set[str]],
    channel: str,
    is_test_set: bool,
) -> str | None:
    """The name of a channel's data set group, or None to make no record: the channel's own
    record of that name already gathers the tasks; a name that is one format of a data set
    (`ltg/nortruthfulqa_gen`) is not the data set's. A test set another channel lists is the
    same test set (`wmt16`). Another channel's record of the same word may be another data set
    (lm-eval's `persona` of model-written evals is not Persona-Chat): the group is named
    within the channel's folder of those tasks ("model_written_evals persona"), and not at all
    when the folder is already in its name (`glue`, `bigbench`: the channel's copy of a known
    benchmark)."""
    primary = name_forms(name).primary
    if FORMAT_TOKENS.intersection(re.split(r"[^a-z0-9]+", name.lower())):
        return None
    if channel in named.get(primary, ()):
        return None
    if is_test_set or not named.get(primary):
        return name
    family = next(iter(families)) if len(families) == 1 else None
    if not family or name_forms(family).primary in primary:
        return None
    qualified = f"{family} {name}"
    return qualified if not named.get(name_forms(qualified).primary) else None


def is_named_group(candidate: BenchmarkCandidate) -> bool:
    """A channel's group record (not a task of its own) whose member tasks are named after it
    is the benchmark or variant those tasks are subsets of: lm-eval's `masakhaner` group of
    `masakhaner_prompt_1`..., its `mmlu_prox_lite_ne` group of `mmlu_prox_lite_ne_history`...
    It stands as a suite (a parent), not as a task. A group of other benchmarks' tasks
    (`tinyBenchmarks`) or named as a category stays what the channel says."""
    if candidate.is_benchmark or not is_parent_name(candidate.source_name):
        return False
    listed = candidate.extra.get("members") if candidate.extra else None
    own = tokens_of(candidate.source_name)
    # a member may differ only by a setting the name rules drop (`masakhaner_prompt_1`)
    return any(tokens_of(m)[: len(own)] == own for m in names_in(listed))


def _made_here(sp: Spelling) -> bool:
    """A group `dataset_groups` or `folder_groups` made, not a channel's own name."""
    return sp.source_key.startswith(MADE_GROUP_KEY_PREFIXES)


def _lists_several_tasks(candidate: BenchmarkCandidate | None) -> bool:
    """A listing of several tasks (inspect_evals' "SimpleQA/SimpleQA Verified" runs
    `simpleqa` and `simpleqa_verified`) is a module of several benchmarks, not one data set's
    record."""
    tasks = candidate.extra.get("tasks") if candidate is not None and candidate.extra else None
    return isinstance(tasks, list) and len(tasks) > 1


def _sole_task(candidate: BenchmarkCandidate) -> str | None:
    """A listing that runs exactly one task is that task: inspect_evals' "GPQA: ..." listing
    runs only `gpqa_diamond`."""
    tasks = candidate.extra.get("tasks") if candidate.extra else None
    if isinstance(tasks, list) and len(tasks) == 1 and isinstance(tasks[0], dict):
        name = tasks[0].get("name")
        return name if isinstance(name, str) else None
    return None


def resolve(
    spellings: list[Spelling],
    forced_merges: Sequence[Sequence[int]] = (),
    forced_splits: Sequence[Sequence[Sequence[int]]] = (),
    placed: frozenset[int] = frozenset(),
) -> Resolution:
    """Group spellings (indices into the sorted `spellings`) into identities. `placed` are
    records a person put somewhere by their channel id; no automatic step moves them."""
    uf = ConstrainedUnionFind(len(spellings))
    for split_no, parts in enumerate(forced_splits):
        for part_no, part in enumerate(parts):
            for index in part:
                uf.add_tag(index, f"split{split_no}.{part_no}")
    for group in forced_merges:  # a person's merge wins over any key disagreement
        for index in group[1:]:
            uf.force_union(group[0], index)
    _merge_score_keys(spellings, uf)
    versioned = _follow_data_version(spellings, uf, placed)
    skip = _follow_ids_with_evidence(spellings, uf, placed) | versioned | placed
    _merge_same_name(spellings, uf, skip)
    _merge_same_dataset(spellings, uf, skip)
    _merge_variant_spellings(spellings, uf, skip)
    _merge_same_stem(spellings, uf, skip)
    _merge_orphans_by_alternative(spellings, uf, versioned)
    _merge_named_as_dataset(spellings, uf, skip)
    groups = sorted(uf.groups().values(), key=lambda members: members[0])
    identities = [Identity([spellings[i] for i in members]) for members in groups]
    link_parents(identities)
    blocked = [_blocked(spellings, b) for b in uf.blocked]
    return Resolution(identities, blocked)


def _blocked(spellings: list[Spelling], b: BlockedMerge) -> tuple[Spelling, Spelling, str]:
    return spellings[b.left], spellings[b.right], b.reason


def _merge_score_keys(spellings: list[Spelling], uf: ConstrainedUnionFind) -> None:
    by_key: dict[tuple[str, str], int] = {}
    for index, sp in enumerate(spellings):
        if sp.candidate is not None:
            by_key.setdefault((sp.channel, sp.source_key), index)
    for index, sp in enumerate(spellings):
        if sp.candidate is None and (target := by_key.get((sp.channel, sp.source_key))) is not None:
            uf.union(target, index)


def _follow_ids_with_evidence(
    spellings: list[Spelling], uf: ConstrainedUnionFind, placed: frozenset[int]
) -> set[int]:
    """Step 2: a record whose id names another identity than its name, and shares a paper,
    dataset or repository with that identity, joins it. When its name's identity holds strong
    keys and shares none with the record, the name is the channel's mistake and the record
    skips the name step (returned)."""
    by_primary: dict[str, list[int]] = defaultdict(list)
    for index, sp in enumerate(spellings):
        if sp.is_benchmark:
            by_primary[sp.forms.primary].append(index)
    skip: set[int] = set()
    for index, sp in enumerate(spellings):
        alias = sp.forms.key_alias
        mine = sp.evidence
        if alias is None or alias not in by_primary or not mine or index in placed:
            continue
        if alias == sp.forms.primary:
            continue  # the id spells the name another way (`logi_qa` for "LogiQA"): no news
        backed = [i for i in by_primary[alias] if mine & spellings[i].evidence]
        if not backed:
            continue
        uf.union(backed[0], index)
        name_keys = set().union(
            *(spellings[i].evidence for i in by_primary[sp.forms.primary] if i != index)
        )
        if name_keys and not name_keys & mine:
            skip.add(index)
    return skip


def _follow_data_version(
    spellings: list[Spelling], uf: ConstrainedUnionFind, placed: frozenset[int]
) -> set[int]:
    """Step 2b: a record whose HF data set names a version its name does not (inspect_evals'
    "SQuAD" runs `rajpurkar/squad_v2`) is that version's record: it joins the identity named
    as its name with that version on the same data set and config ("SQuAD v2" on `squad_v2`)
    and skips the name step (returned), so the unversioned benchmark does not take the
    version's data as its own. With no such identity it stays with its name."""
    by_data: dict[tuple[str, str | None, str], list[int]] = defaultdict(list)
    for index, sp in enumerate(spellings):
        if sp.is_benchmark and sp.keys is not None and sp.keys.hf_dataset:
            by_data[(sp.keys.hf_dataset, sp.keys.hf_config, sp.forms.primary)].append(index)
    skip: set[int] = set()
    for index, sp in enumerate(spellings):
        keys = sp.keys
        if index in placed or not sp.is_benchmark or keys is None or not keys.hf_dataset:
            continue
        versions = _versions_unnamed(sp, keys)
        if not versions:
            continue
        versioned = by_data.get(
            (keys.hf_dataset, keys.hf_config, sp.forms.primary + "".join(versions))
        )
        if versioned and uf.union(versioned[0], index):
            skip.add(index)
    return skip


def _versions_unnamed(sp: Spelling, keys: StrongKeys) -> list[str]:
    return versions_beyond_name(sp.forms.tokens, keys.hf_dataset, keys.hf_config)


def versions_beyond_name(
    tokens: tuple[str, ...], dataset: str | None, config: str | None = None
) -> list[str]:
    """The versions or years an HF data set and config name and a name (its `tokens`) does
    not ("SQuAD" on `squad_v2`: ["2"]): a record so named is not that data's. Also the
    release check `hf_dataset_is_the_named_version` (benchhub/checks/frames.py)."""
    if not dataset:
        return []
    words = tokens_of(f"{dataset} {config or ''}")
    return [
        w
        for w in words
        if _VERSION.fullmatch(w)
        # a version glued to the name counts ("SQuAD2.0" on `squad_v2`)
        and not any(t == w or (t.endswith(w) and t[: -len(w)].isalpha()) for t in tokens)
    ]


def _merge_same_name(spellings: list[Spelling], uf: ConstrainedUnionFind, skip: set[int]) -> None:
    """Step 3. Non-benchmark records (templates, groups, challenge files) join a benchmark of
    the same name but never each other: a hundred `_default_template_yaml`s are not one thing."""
    by_primary: dict[tuple[str, str], list[int]] = defaultdict(list)
    # a name some channel writes as a name ("CommonsenseQA") is one even where another splits
    # it into category words (lm-eval's `commonsense_qa`)
    named = {sp.forms.primary for sp in spellings if not is_generic(sp.forms.tokens)}
    for index, sp in enumerate(spellings):
        if index not in skip:
            # a category word ("Reasoning", "Story generation") names different groupings in
            # different channels; only the channel's own records of it are one thing
            generic = is_generic(sp.forms.tokens) and sp.forms.primary not in named
            by_primary[(sp.forms.primary, sp.channel if generic else "")].append(index)
    for members in by_primary.values():
        anchors = [i for i in members if spellings[i].is_benchmark]
        if not anchors:
            continue
        for index in members:
            sp = spellings[index]
            # a paper titled "COPA: A Combined Autoscaling Method" is not the COPA benchmark
            if index != anchors[0] and (sp.is_benchmark or not sp.forms.subtitled):
                uf.union(anchors[0], index)


def _merge_same_dataset(
    spellings: list[Spelling], uf: ConstrainedUnionFind, skip: set[int]
) -> None:
    """Step 4: same HF dataset and config, and nothing in the names but the dataset's words,
    one name using a part of the other's ("humaneval" and "openai_humaneval" on
    `openai/openai_humaneval`). Names using different parts are different subsets of one
    dataset (`french_bench_grammar` and `french_bench_vocab` on
    `manu/french-bench-grammar-vocab-reading`)."""
    by_signature: dict[tuple[object, ...], list[tuple[frozenset[str], int]]] = defaultdict(list)
    for index, sp in enumerate(spellings):
        if sp.keys is None or sp.keys.hf_dataset is None or not sp.is_benchmark or index in skip:
            continue
        dataset = sp.keys.hf_dataset.rsplit("/", 1)[-1]
        words = tokens_of(f"{sp.keys.hf_dataset} {sp.keys.hf_config or ''}")
        if any(_VERSION.fullmatch(w) and w not in sp.forms.tokens for w in words):
            continue  # "SQuAD" on `squad_v2`: the name is less specific than the data
        joined = "".join(words)
        # the dataset id's words the name uses ("en" is none of them); names using the
        # same words as run together ("Ai2Arc" on `allenai/ai2_arc`) or apart meet
        covered = {t: _dataset_words_in(t, words, joined) for t in sp.forms.tokens}
        used = frozenset(w for found in covered.values() for w in found)
        residue = frozenset(t for t, found in covered.items() if not found)
        written = compact_words(sp.keys.hf_written or "")
        if residue and (
            compact_words(sp.forms.display) in (written, compact_words(dataset))
            or is_expansion(dataset, sp.forms.display)
        ):
            # the name is the dataset's own (legacy) name, "HendrycksTest" for `hendrycks_test`
            # (now cais/mmlu), or spells it out, "Grade School Math 8K" for `gsm8k`
            residue, used = frozenset(), frozenset(words)
        # short words keep their order: `wmt16-en-ro` and `wmt16-ro-en` are two directions
        spelt = [w for t in sp.forms.tokens for w in covered[t] or (t,)]
        codes = tuple(w for w in spelt if len(w) <= 3 and w.isalpha())
        key = (sp.keys.hf_dataset, sp.keys.hf_config, residue, codes)
        by_signature[key].append((used, index))
    for members in by_signature.values():
        if len(members) > _SHARED_DATASET_LIMIT:
            continue  # a dataset many differently named tasks read is not evidence here
        members.sort(key=lambda m: (len(m[0]), m[1]))
        for position, (used, index) in enumerate(members):
            for other_used, other in members[:position]:
                if other_used and other_used <= used:
                    uf.union(other, index)


def _dataset_words_in(token: str, words: tuple[str, ...], joined: str) -> tuple[str, ...]:
    """The words of a dataset id (`words`, run together: `joined`) that a word of a name
    stands for: itself when it is one of them, the consecutive words it runs together ("ai2arc"
    for `allenai/ai2_arc`), itself when it is a long enough piece of them ("humaneval" in
    `openai_humaneval`), else none."""
    if token in words:
        return (token,)
    for start in range(len(words)):
        run = words[start]
        for end in range(start + 1, len(words)):
            run += words[end]
            if run == token:
                return words[start : end + 1]
            if len(run) >= len(token):
                break
    return (token,) if len(token) >= 4 and token in joined else ()


def _merge_variant_spellings(
    spellings: list[Spelling], uf: ConstrainedUnionFind, skip: set[int]
) -> None:
    """Step 5: names equal word for word once languages, years and suite prefixes are written
    one way (`variants`) are one benchmark, unless their identities point at different data
    sets, papers or repositories (then a person decides, as for any such merge). Words are
    compared, not the compact key: `m_mmlu_ar` (Okapi's translation) is not "MMMLU Arabic"."""
    named = [i for i, sp in enumerate(spellings) if sp.is_benchmark and i not in skip]
    series = year_series(spellings[i].forms.tokens for i in named)
    dataset_of = {
        (sp.channel, sp.source_key): sp.keys.hf_dataset
        for sp in spellings
        if sp.keys and sp.keys.hf_dataset
    }
    by_variant: dict[tuple[str, ...], list[int]] = defaultdict(list)
    rewritten: set[tuple[str, ...]] = set()
    for index in named:
        tokens = spellings[index].forms.tokens
        if is_generic(tokens):
            continue  # a category's words name each channel's own grouping
        if _data_says_more(spellings[index], dataset_of):
            continue
        variant = variant_tokens(tokens, series)
        by_variant[variant].append(index)
        if variant != tokens:
            rewritten.add(variant)
    _join_unmarked(spellings, by_variant, rewritten)
    if not rewritten:
        return
    members_of = uf.groups()
    for variant in sorted(rewritten):
        roots = sorted({uf.find(i) for i in by_variant[variant]})
        for other in roots[1:]:
            _join_unless_keys_disagree(spellings, uf, members_of, roots[0], other)


def _join_unless_keys_disagree(
    spellings: list[Spelling],
    uf: ConstrainedUnionFind,
    members_of: dict[int, list[int]],
    first: int,
    second: int,
) -> None:
    """Join the identities of two spellings unless they point at different data, papers or
    repositories (then a person decides), keeping `members_of` (root -> spellings) current."""
    anchor, other = uf.find(first), uf.find(second)
    if anchor == other or keys_disagree(
        (spellings[i].keys for i in members_of.get(anchor, [anchor])),
        (spellings[i].keys for i in members_of.get(other, [other])),
    ):
        return
    if uf.union(anchor, other):
        members_of[uf.find(anchor)] = members_of.pop(anchor, []) + members_of.pop(other, [])


def _merge_same_stem(spellings: list[Spelling], uf: ConstrainedUnionFind, skip: set[int]) -> None:
    """Step 5b: names equal once the words saying what kind of thing they are ("Bench",
    "Dataset", "Corpus"), articles and a glued "v" of a version are dropped
    (`names.stem_words`: "GSO-Bench" and `gso`, "The LAMBADA Dataset" and "LAMBADA", `squadv2`
    and "SQuAD2.0") are one benchmark when they are written alike (`names.same_written_stem`:
    "SEED" is not "Seed Bench") and their identities do not point at different data sets,
    papers or repositories (then a person decides). A category's words and a stem under three
    letters ("MT-Bench" is not "MT") name nothing alone; a data set group this module made is
    known by its exact name only."""
    by_stem: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for index, sp in enumerate(spellings):
        if not sp.is_benchmark or index in skip or _made_here(sp):
            continue
        if (stem := stem_key(sp.forms.tokens)) is not None:
            by_stem[stem].append(index)
    members_of: dict[int, list[int]] | None = None
    for _stem, indices in sorted(by_stem.items()):
        if len({spellings[i].forms.primary for i in indices}) < 2:
            continue  # one spelling, already merged by name
        members_of = members_of if members_of is not None else uf.groups()
        # one representative per identity and way of writing it
        written = sorted(
            {(uf.find(i), written_stem(spellings[i].forms.display) or "") for i in indices}
        )
        for position, (root, form) in enumerate(written):
            for other_root, other_form in written[:position]:
                if same_written_stem(form or None, other_form or None):
                    _join_unless_keys_disagree(spellings, uf, members_of, other_root, root)


def _merge_named_as_dataset(
    spellings: list[Spelling], uf: ConstrainedUnionFind, skip: set[int]
) -> None:
    """Step 7: a name that is an HF data set's id, written any way ("Competition-MATH" for
    `hendrycks/competition_math`, "WebQuestions" for `web_questions`), names the identity
    reading that data set (or its name then its owner, "TACO-BAAI" for `BAAI/TACO`), when
    exactly one identity reads it whole (a config is a subset: MATH's subjects) and that
    identity is the data set's own record, one of its names using
    only the id's words or its initials ("Siqa" on `social_i_qa`) and each version the id
    names (not a variant reading it, "RewardBench 1 pairwise"; not "MMLU-Redux" reading
    `mmlu-redux-2.0`; not a listing of several tasks); unless the two point at different
    data, papers or repositories (then a person decides)."""
    readers: dict[str, set[int]] = defaultdict(set)  # data set -> identities reading it whole
    own: dict[str, set[int]] = defaultdict(set)  # data set -> identities named by its words
    named: dict[str, set[str]] = defaultdict(set)  # the id's name run together -> data sets
    for index, sp in enumerate(spellings):
        keys = sp.keys
        if keys is None or not keys.hf_dataset or not sp.is_benchmark:
            continue
        if keys.hf_config is None:
            readers[keys.hf_dataset].add(uf.find(index))
            if (
                _named_as_its_dataset(sp, keys.hf_dataset)
                and not _versions_unnamed(sp, keys)
                and not _lists_several_tasks(sp.candidate)
            ):
                own[keys.hf_dataset].add(uf.find(index))
        owner, _, base = keys.hf_dataset.rpartition("/")
        # a paper index tells same-named data sets apart by their owner: "TACO-BAAI" is
        # `BAAI/TACO` (PwC's "TACO" is trash images)
        for written in (base, keys.hf_written or "", f"{base} {owner}" if owner else ""):
            if len(name := compact_words(written)) >= _MIN_DATASET_NAME:
                named[name].add(keys.hf_dataset)
    members_of: dict[int, list[int]] | None = None
    for index, sp in enumerate(spellings):
        if not sp.is_benchmark or index in skip or _made_here(sp):
            continue
        datasets = named.get(compact_words(sp.forms.display), set())
        if len(datasets) != 1:
            continue
        dataset = next(iter(datasets))
        if len({uf.find(r) for r in readers[dataset]}) != 1 or not own[dataset]:
            continue
        members_of = members_of if members_of is not None else uf.groups()
        _join_unless_keys_disagree(spellings, uf, members_of, next(iter(own[dataset])), index)


def _named_as_its_dataset(sp: Spelling, dataset: str) -> bool:
    """The spelling's name, or an acronym it asserts beside it ("Mathematics Aptitude Test of
    Heuristics (MATH)"), uses only words of its HF data set's id or its initials ("Siqa" for
    `allenai/social_i_qa`, "ARC" for `allenai/ai2_arc`)."""
    words = tokens_of(dataset)
    joined = "".join(words)
    known = dataset_words(dataset)
    return all(_dataset_words_in(t, words, joined) or t in known for t in sp.forms.tokens) or any(
        _dataset_words_in(alias, words, joined) or alias in known for alias in sp.forms.aliases
    )


def dataset_name_twins(records: Iterable[tuple[str, str, str | None]]) -> dict[str, str]:
    """Released top-level records (id, name, HF data set) named as the HF data set one other
    of them reads ("Ai2Arc" beside ARC on `allenai/ai2_arc`): each id maps to that other id,
    a merge `_merge_named_as_dataset` makes when the other is the data set's own record."""
    listed = list(records)
    readers: dict[str, set[str]] = defaultdict(set)  # the id's name run together -> records
    for benchmark_id, _name, dataset in listed:
        canonical = canonical_hf(dataset, None)[0] if dataset else None
        if canonical and len(name := compact_words(canonical.rsplit("/", 1)[-1])) >= (
            _MIN_DATASET_NAME
        ):
            readers[name].add(benchmark_id)
    twins: dict[str, str] = {}
    for benchmark_id, name, _dataset in listed:
        others = readers.get(compact_words(name_forms(name).display), set()) - {benchmark_id}
        if len(others) == 1:
            twins[benchmark_id] = next(iter(others))
    return twins


def stem_twins(records: Iterable[tuple[str, str, StrongKeys]]) -> dict[str, str]:
    """Released top-level records (id, name, keys) whose names are one name by
    `_merge_same_stem`'s rule ("GSO-Bench" and "gso"): each id maps to its twin, a merge the
    crosswalk missed. Records pointing at different data (`keys.keys_disagree`) are two
    benchmarks a person has to tell apart, not a miss; one name under two ids is another
    check's (`published_names_unique`)."""
    by_stem: dict[tuple[str, ...], list[tuple[str, str, str | None, StrongKeys]]] = defaultdict(
        list
    )
    for benchmark_id, name, keys in records:
        forms = name_forms(name)
        if (stem := stem_key(forms.tokens)) is not None:
            by_stem[stem].append((benchmark_id, forms.primary, written_stem(forms.display), keys))
    twins: dict[str, str] = {}
    for group in by_stem.values():
        for benchmark_id, primary, written, keys in group:
            for other, other_primary, other_written, other_keys in group:
                if (
                    other != benchmark_id
                    and other_primary != primary
                    and same_written_stem(written, other_written)
                    and not keys_disagree([keys], [other_keys])
                ):
                    twins[benchmark_id] = other
                    break
    return twins


def _join_unmarked(
    spellings: list[Spelling],
    by_variant: dict[tuple[str, ...], list[int]],
    rewritten: set[tuple[str, ...]],
) -> None:
    """A variant one channel writes with a word other channels leave out (a locale's region,
    `mmmlu_yo_ng` for "MMMLU (Yoruba)"; "full", `global_mmlu_full_uk` for "Global-MMLU:
    Ukrainian") joins the unmarked spelling when it is the only such variant of that key
    (`pt_br` and `pt_pt` stay apart) and no spelling of its own channel writes the key without
    the word (there the word tells two variants apart)."""
    marked_as: dict[tuple[str, ...], list[tuple[str, ...]]] = defaultdict(list)
    for variant in by_variant:
        reduced = without_unmarked(variant)
        if reduced != variant:
            marked_as[reduced].append(variant)
    for reduced, variants in sorted(marked_as.items()):
        if len(variants) != 1 or reduced not in by_variant:
            continue
        marked = by_variant[variants[0]]
        channels = {spellings[i].channel for i in marked}
        if any(spellings[i].channel in channels for i in by_variant[reduced]):
            continue
        by_variant[reduced].extend(marked)
        rewritten.add(reduced)


def _data_says_more(sp: Spelling, dataset_of: dict[tuple[str, str], str]) -> bool:
    """The record's HF data set (a group's: its member tasks') names a variant its name does
    not: lm-eval's `global_mmlu_id` group runs tasks on `CohereForAI/Global-MMLU-Lite`, so it
    is not openbench's "Global-MMLU: Indonesian" (one of the full set's 42 languages)."""
    datasets = {sp.keys.hf_dataset} if sp.keys and sp.keys.hf_dataset else set()
    if not datasets and sp.candidate is not None and sp.candidate.extra:
        members = names_in(sp.candidate.extra.get("members"))
        datasets = {d for m in members if (d := dataset_of.get((sp.channel, m)))}
    return any(
        (w in SUBSET_CONFIG_TOKENS or _VERSION.fullmatch(w)) and w not in sp.forms.tokens
        for dataset in datasets
        for w in tokens_of(dataset.rsplit("/", 1)[-1])
    )


def _merge_orphans_by_alternative(
    spellings: list[Spelling], uf: ConstrainedUnionFind, versioned: set[int]
) -> None:
    """Step 6: identities known by one name try the other names their spellings give. A
    record that followed its data to a version (`versioned`) does not lend that version its
    name."""
    groups = uf.groups()
    roots_by_primary: dict[str, set[int]] = defaultdict(set)
    evidence: dict[int, set[str]] = defaultdict(set)
    roots_by_key: dict[str, set[int]] = defaultdict(set)
    # names by all their words but the first or last, when that one is a full word: for
    # "ARC-C" -> "ARC Challenge" and "C-SimpleQA" -> "Chinese SimpleQA"
    by_stem: dict[tuple[object, ...], set[tuple[str, int]]] = defaultdict(set)
    for root, members in groups.items():
        for index in members:
            # a lone template or paper names nothing; a data set group this module made is
            # known by its exact name only
            if (
                spellings[index].is_benchmark
                and not _made_here(spellings[index])
                and index not in versioned
            ):
                roots_by_primary[spellings[index].forms.primary].add(root)
                tokens = spellings[index].forms.tokens
                if len(tokens) > 1 and len(tokens[-1]) >= 4:
                    by_stem[(*tokens[:-1], "*")].add((tokens[-1], root))
                if len(tokens) > 1 and len(tokens[0]) >= 4:
                    by_stem[("*", *tokens[1:])].add((tokens[0], root))
            evidence[root] |= spellings[index].evidence
        for key in evidence[root]:
            roots_by_key[key].add(root)
    for root, members in groups.items():
        named = [i for i in members if spellings[i].is_benchmark]
        if (
            not named
            or any(spellings[i].forms.primary != spellings[named[0]].forms.primary for i in named)
            or all(_made_here(spellings[i]) for i in named)
        ):
            continue
        sp = spellings[named[0]]
        members = named
        asserted = _targets(members, spellings, roots_by_primary, root, "aliases")
        if len(asserted) == 1:
            uf.union(asserted.pop(), root)
            continue
        hinted = _targets(members, spellings, roots_by_primary, root, "hints")
        if len(hinted) == 1:
            target = hinted.pop()
            typo = any(
                spellings[i].forms.key_alias in _primaries(groups[target], spellings)
                and _similar(sp.forms.primary, spellings[i].forms.key_alias or "")
                for i in members
            )
            if typo or evidence[root] & evidence[target]:
                uf.union(target, root)
            continue
        abbreviated = _abbreviation_targets(sp, root, evidence, roots_by_key, groups, spellings)
        if len(abbreviated) == 1:
            uf.union(abbreviated.pop(), root)
            continue
        misspelt = _misspelt_targets(sp, root, evidence, roots_by_key, groups, spellings)
        if len(misspelt) == 1:
            uf.union(misspelt.pop(), root)
            continue
        initial = set().union(
            *(_initial_targets(spellings[i].forms.tokens, by_stem, root) for i in members)
        )
        if len(initial) == 1:
            uf.union(initial.pop(), root)
            continue
        spelled = set().union(
            *(_spelled_out_targets(spellings[i].forms, roots_by_primary, root) for i in members)
        )
        if len(spelled) == 1 and not evidence[root]:
            uf.union(spelled.pop(), root)


def _spelled_out_targets(
    forms: NameForms, roots_by_primary: dict[str, set[int]], root: int
) -> set[int]:
    """ "Multilingual MGSM": category words before an acronym that they begin to spell out
    (MGSM, Multilingual Grade School Math) say it again; the name is the acronym's, when one
    identity has it. "Multilingual LibriSpeech" (no acronym) and "Chinese SimpleQA" (no
    category word) are names of their own."""
    tokens, words = forms.tokens, forms.display.split()
    if len(tokens) < 2 or len(words) != len(tokens) or not is_generic(tokens[:-1]):
        return set()
    acronym = words[-1]
    initials = "".join(t[0] for t in tokens[:-1])
    if len(acronym) < 3 or not acronym.isupper() or not tokens[-1].startswith(initials):
        return set()
    return roots_by_primary.get(tokens[-1], set()) - {root}


def _initial_targets(
    tokens: tuple[str, ...], by_stem: dict[tuple[object, ...], set[tuple[str, int]]], root: int
) -> set[int]:
    """ "ARC-C" and "ARC Challenge", "C-SimpleQA" and "Chinese SimpleQA": a first or last word
    cut to its initial names the one identity spelling that word out (4 letters or more);
    "HumanEval-X" stays apart from "HumanEval-XL"."""
    if len(tokens) < 2:
        return set()
    found: set[int] = set()
    for position, stem in ((len(tokens) - 1, (*tokens[:-1], "*")), (0, ("*", *tokens[1:]))):
        letter = tokens[position]
        if len(letter) == 1 and letter.isalpha():
            found |= {t for word, t in by_stem.get(stem, ()) if word[0] == letter and t != root}
    return found


def _narrow_key_sharers(
    root: int, evidence: dict[int, set[str]], roots_by_key: dict[str, set[int]]
) -> set[int]:
    """The other identities holding one of `root`'s strong keys, where the key is held by few
    enough identities to say something (not a suite's paper or a multi-config dataset)."""
    return {
        other
        for key in evidence[root]
        if len(roots_by_key[key]) <= _SHARED_KEY_LIMIT
        for other in roots_by_key[key]
    } - {root}


def _abbreviation_targets(
    sp: Spelling,
    root: int,
    evidence: dict[int, set[str]],
    roots_by_key: dict[str, set[int]],
    groups: dict[int, list[int]],
    spellings: list[Spelling],
) -> set[int]:
    """Identities sharing a strong key with `root` whose name abbreviates or spells out its
    name: "grade-school-math" and "GSM8K" on the same repository. A key many identities share
    (a suite's paper, a multi-config dataset) is no evidence of this."""
    others = _narrow_key_sharers(root, evidence, roots_by_key)
    found: set[int] = set()
    for other in others:
        names = {spellings[i].forms.display for i in groups[other] if spellings[i].is_benchmark}
        if any(
            is_expansion(n, sp.forms.display) or is_expansion(sp.forms.display, n) for n in names
        ):
            found.add(other)
    return found


def _misspelt_targets(
    sp: Spelling,
    root: int,
    evidence: dict[int, set[str]],
    roots_by_key: dict[str, set[int]],
    groups: dict[int, list[int]],
    spellings: list[Spelling],
) -> set[int]:
    """Identities sharing a strong key with `root` whose name is this one with one letter
    added, dropped or changed: lighteval's "Olympiade Bench" and OlympiadBench on one paper.
    Names of six letters or fewer, and names whose numbers differ, are not typos of each other
    ("SeafloorAI" and "SeafloorGenAI" on one paper are two data sets)."""
    others = _narrow_key_sharers(root, evidence, roots_by_key)
    return {
        other
        for other in others
        if any(
            spellings[i].is_benchmark
            and _one_letter_apart(sp.forms.tokens, spellings[i].forms.tokens)
            for i in groups[other]
        )
    }


def _one_letter_apart(left: tuple[str, ...], right: tuple[str, ...]) -> bool:
    """One letter added, dropped or changed inside a word of four letters or more: "Olympiade
    Bench" and "OlympiadBench"; "CareQA en" and "CareQA es" differ in a language code."""
    a, b = "".join(left), "".join(right)
    if a == b or abs(len(a) - len(b)) > 1 or min(len(a), len(b)) <= _MIN_TYPO_LENGTH:
        return False
    if [c for c in a if c.isdigit()] != [c for c in b if c.isdigit()]:
        return False
    start = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    if a[start + (len(a) >= len(b)) :] != b[start + (len(b) >= len(a)) :]:
        return False
    return all(_word_at(tokens, start) >= _MIN_TYPO_WORD for tokens in (left, right))


def _word_at(tokens: tuple[str, ...], position: int) -> int:
    """The length of the word holding `position` of the words run together (the last word's
    for the position just after them)."""
    for token in tokens:
        if position < len(token):
            return len(token)
        position -= len(token)
    return len(tokens[-1]) if tokens else 0


def _targets(
    members: list[int],
    spellings: list[Spelling],
    roots_by_primary: dict[str, set[int]],
    root: int,
    kind: str,
) -> set[int]:
    """The other identities named by the members' asserted aliases or hints."""
    return {
        target
        for i in members
        for alt in getattr(spellings[i].forms, kind)
        for target in roots_by_primary.get(alt, ())
        if target != root
    }


def _primaries(members: list[int], spellings: list[Spelling]) -> set[str]:
    return {spellings[i].forms.primary for i in members}


def _evidence_of(keys: StrongKeys) -> frozenset[str]:
    """A spelling's strong keys as comparable strings: "arxiv:2311.12022", "hf:cais/mmlu"."""
    found = {f"arxiv:{a}" for a in keys.arxiv_ids}
    if keys.hf_dataset:
        found.add(f"hf:{keys.hf_dataset}")
    if keys.github_repo:
        found.add(f"gh:{keys.github_repo}")
    return frozenset(found)


def _similar(a: str, b: str) -> bool:
    """A misspelling, not a version: the digits must agree ("alpacaeval2" is not a typo of
    `alpaca_eval`)."""
    if [c for c in a if c.isdigit()] != [c for c in b if c.isdigit()]:
        return False
    return difflib.SequenceMatcher(None, a, b).ratio() >= _TYPO_RATIO
