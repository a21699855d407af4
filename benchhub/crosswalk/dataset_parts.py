"""A benchmark named as a data set's name followed by a split, subset or setting is a part of it.

Paper indexes form a benchmark's name from its data set's name and the split, subset, setting,
language or version it scores: "Cityscapes val", "GrailQA-IID", "nuScenes LiDAR only", "BUCC
German-to-English", "KILT: TriviaQA", "CodeXGLUE - CONCODE", "PTG (czech, MRP 2020)". Given
the names of the data sets a source lists, `named_part` finds the data set whose whole name
starts the benchmark's and says whether the words after it make a part:

- a bracketed part, unless it spells the name out ("COCO (Common Objects in Context)");
- after a colon or a spaced dash, a short name (three words at most) that is no sentence:
  "KILT: TriviaQA"; a longer one is a subtitle, the same data set ("MTTN: <its title>");
- otherwise only split, setting, language and version words, amounts and numbered variants.

Any other word after the name makes another data set ("SUN-RGBD val" is not SUN's, "PubMed
20k RCT" not Pubmed's, "Cornell Grasp Dataset" not Cornell's); a kind word makes the same one
("Malimg Dataset"); a leaderboard is no data set ("CARLA Leaderboard"); a year or a number alone
names an edition of a series or a data set of its own ("CoNLL 2000", "FB15k-237"), which the
crosswalk's edition rule judges (benchhub/crosswalk/parents.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from benchhub.crosswalk.names import KIND_SUFFIXES, is_expansion
from benchhub.crosswalk.variants import LANGUAGE_CODES

# a split, or a setting of the input, the labels or the training data
_SPLIT_WORDS = frozenset(
    {"val", "valid", "validation", "dev", "test", "std", "minival", "minval", "testdev", "train",
     "split", "set", "subset", "fold", "seen", "unseen", "iid", "ood", "compositional"}
)  # fmt: skip
_SETTING_WORDS = frozenset(
    {"only", "lidar", "camera", "full", "zero", "few", "one", "shot", "zeroshot", "fewshot",
     "way", "learning", "conditional", "unconditional", "symmetric", "asymmetric", "noise",
     "noisy", "labeled", "labelled", "unlabeled", "unlabelled", "data", "base", "variant",
     "upscaling", "mini", "small", "large", "lite", "track", "setting", "supervised",
     "unsupervised", "semi", "in", "out", "of", "domain", "cross", "multi", "single"}
)  # fmt: skip
_PROGRAMMING_LANGUAGES = frozenset(
    {"java", "python", "javascript", "typescript", "ruby", "php", "go", "rust", "cpp", "csharp",
     "kotlin", "scala", "swift"}
)  # fmt: skip
_PART_WORDS = _SPLIT_WORDS | _SETTING_WORDS | _PROGRAMMING_LANGUAGES | frozenset(LANGUAGE_CODES)
# a split with its year ("val2017"), a version ("v2.1"), a number or an amount ("40%", "100k",
# "4x")
_PART_FORMS = re.compile(r"(?:train|val|test|minival)\d{4}|v\d+(?:\.\d+)*")
_AMOUNT = re.compile(r"\d+(?:\.\d+)*(?:%|k|m|x)?")
# a numbered variant: "Variant IV"
_ROMAN = re.compile(r"i{1,3}|iv|vi{0,3}|ix|x")
_PART_TOKEN = re.compile(r"[^\W_]+(?:\.\d+)*%?")
# after a data set's name: a separator written with spaces (a colon, a spaced dash), one
# without (a hyphen, a comma), or a bracket
_AFTER_NAME = re.compile(r"(?P<named>\s*:\s*|\s+[-–]\s+)|(?P<sep>\s*[-–,]\s*|\s+|(?=\())")
# "X: <three words at most>" and "X - <three words>" name a part of X ("KILT: TriviaQA",
# "CodeXGLUE - CONCODE"); longer is a subtitle ("MTTN: <the paper's title>"), the same data set
_MAX_NAMED_PART_WORDS = 3
# parts named by one word of their own are parts only as a set of siblings
_MIN_SIBLINGS = 2
_SENTENCE_WORDS = frozenset({"a", "an", "the", "for", "with", "towards", "via", "from", "and"})


@dataclass(frozen=True, slots=True)
class NamedPart:
    """A benchmark whose name is a listed data set's name (`dataset`) and then `part`."""

    dataset: str
    part: str
    # "bracketed", "named" (after a colon), "split or setting", "sibling"; None: no part
    kind: str | None


def data_set_names(names: Iterable[str]) -> dict[str, str]:
    """The names of the data sets a source lists, by their lower-case spelling, for
    `named_part`."""
    return {name.lower(): name for name in names}


def named_part(benchmark: str, datasets: Mapping[str, str]) -> NamedPart | None:
    """The longest data set of `datasets` (`data_set_names`) whose whole name starts
    `benchmark` followed by a separator, with the words after it and what kind of part they
    are (None when they make no part: another data set or the same one); None when no listed
    data set starts it."""
    text = benchmark.lower()
    for end in range(len(text) - 1, 0, -1):
        dataset = datasets.get(text[:end])
        # a separator must follow: "SUN" does not start "SUNRGBD"
        after = _AFTER_NAME.match(benchmark, end) if dataset is not None else None
        if dataset is None or after is None or after.end() == len(benchmark):
            continue
        part = benchmark[after.end() :].strip()
        glued = bool(after.group("sep")) and not after.group("sep").strip(" ")
        kind = _part_kind(dataset, part, named=bool(after.group("named")), glued=glued)
        return NamedPart(dataset, part, kind)
    return None


def sibling_parts(
    found: Mapping[str, NamedPart], listed: Mapping[str, str]
) -> dict[str, NamedPart]:
    """Of the benchmarks `named_part` found no part in (`found`: benchmark name -> its
    `NamedPart`), those named as a data set's name and one word ("HowSumm-Method" and
    "HowSumm-Step", "ShapeNet Airplane" and "ShapeNet Car") when two or more such siblings share
    a data set the source lists (`listed`, `data_set_names`) and the source lists none of them
    as a data set of its own ("ImageNet-R", "ImageNet-Sketch" are data sets built on ImageNet),
    as parts of kind "sibling". A number is no such word ("Wiki-30K")."""
    siblings: dict[str, list[str]] = {}
    for name, part in found.items():
        words = _PART_TOKEN.findall(part.part)
        if (
            part.kind is None
            and len(words) == 1
            and words[0] == part.part
            and not _AMOUNT.fullmatch(words[0].lower())
            and part.dataset.lower() in listed
            and name.lower() not in listed
        ):
            siblings.setdefault(part.dataset, []).append(name)
    return {
        name: replace(found[name], kind="sibling")
        for names in siblings.values()
        if len(names) >= _MIN_SIBLINGS
        for name in names
    }


def _part_kind(dataset: str, part: str, *, named: bool, glued: bool) -> str | None:
    """What kind of part of `dataset` the words `part` after its name make, or None.
    `named`: after a colon or a spaced dash; `glued`: after a hyphen ("FB15k-237")."""
    words = [w.lower() for w in _PART_TOKEN.findall(part)]
    if not words or any(w in KIND_SUFFIXES or w == "leaderboard" for w in words):
        return None  # "Malimg Dataset", "CARLA Leaderboard": the data set itself, or no data set
    if part.startswith("(") and part.endswith(")") and part.count("(") == 1:
        if is_expansion(dataset, part[1:-1]):
            return None  # "COCO (Common Objects in Context)": its name spelt out
        return "bracketed"  # "CLUE (DRCD)", "PTG (czech, MRP 2020)", "CIFAR-10 (10% data)"
    if all(_AMOUNT.fullmatch(w) for w in words):
        return None  # an edition or a data set's number: "CoNLL 2000", "FB15k-237", "Wiki-30K"
    if named:
        short = len(words) <= _MAX_NAMED_PART_WORDS and not set(words) & _SENTENCE_WORDS
        return "named" if short else None
    if len(words) == 1 and glued and _ROMAN.fullmatch(words[0]):
        return None  # "MATH-V": a letter of another name, not a numbered variant
    if all(_is_part_word(words, i) for i in range(len(words))):
        return "split or setting"
    return None


def _is_part_word(words: list[str], i: int) -> bool:
    """A split, setting, language, version, amount or variant number; "to" in a language pair
    ("Chinese-to-English")."""
    word = words[i]
    if word == "to":
        between = words[i - 1 : i + 2] if 0 < i < len(words) - 1 else []
        return bool(between) and between[0] in LANGUAGE_CODES and between[2] in LANGUAGE_CODES
    return (
        word in _PART_WORDS
        or bool(_AMOUNT.fullmatch(word) or _PART_FORMS.fullmatch(word))
        or (i > 0 and words[i - 1] == "variant" and bool(_ROMAN.fullmatch(word)))
    )
