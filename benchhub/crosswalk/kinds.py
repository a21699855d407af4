"""What a record is before it can become an id: junk, a category, a leaderboard, or a benchmark;
and, once identities are linked, which kind of catalogue record each is.

The identity policy (docs/DESIGN.md "Identity and trust"):
- a leaderboard, a section heading or a capability category is not a benchmark;
- junk (placeholders, split or metric words, strings that are not names at all) never becomes an
  id: its records are rejected with the reason and kept in the warehouse;
- a category *of a benchmark* (LiveBench's "Reasoning") is that benchmark's child, never a
  parent;
- a record is a `benchmark`, a `suite` (known only as a grouping of other benchmarks, such as a
  framework's task family) or a `subtask` (a subset, split, language, year, version, track or
  category of its parent).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

from benchhub.crosswalk.names import GENERIC_TOKENS, key_tail, name_forms, tokens_of

RecordKind = Literal["benchmark", "suite", "subtask"]
RECORD_KINDS: tuple[RecordKind, ...] = ("benchmark", "suite", "subtask")

# Placeholders a table cell holds when it has no name.
_PLACEHOLDERS = frozenset(
    {"n/a", "na", "none", "null", "nil", "unknown", "tbd", "todo", "-", "--", "?", "xxx", "other"}
)
# A split, a metric or an aggregate on its own names no data set ("dev", "EM", "Average").
_NOT_NAMES = frozenset(
    {
        "dev", "devset", "test", "testset", "train", "val", "valid", "validation", "eval",
        "em", "f1", "acc", "accuracy", "exact match", "bleu", "sacrebleu", "rouge", "rouge l",
        "chrf", "meteor", "perplexity", "ppl", "pass@1", "score", "scores", "average", "avg",
        "overall", "mean", "total", "elo", "win rate", "results", "benchmark", "benchmarks",
        "dataset", "datasets", "main", "all", "test set", "dev set", "val set",
        "validation set", "test split",
    }
)  # fmt: skip
# "2017_test set" is a year's test split: a year does not make a split word a name.
_YEAR = re.compile(r"(?<![a-z0-9])\d{4}(?![a-z0-9])")
# Headings and capability categories beyond the crosswalk's generic words: HELM's and paper
# indexes' section and group titles ("Fairness", "Financial scenarios", "Social media", "Bio").
_CATEGORY_WORDS = (GENERIC_TOKENS | frozenset(
    {
        "fairness", "robustness", "efficiency", "calibration", "harms", "harm", "scenarios",
        "scenario", "financial", "social", "media", "bio", "geo", "biology", "chemistry",
        "physics", "history", "law", "medicine", "health", "economics",
        "education", "culture", "cultural", "misc", "miscellaneous", "core",
        "tasks", "task", "capabilities", "capability", "skills", "skill", "domain", "domains",
        "category", "categories", "section", "evaluation", "evaluations", "targeted",
        "aspirational", "multimodal", "audio", "speech", "video", "images", "tools", "tool",
        "use", "planning", "memorization", "disinformation", "instructions",
        "nlp", "ml", "ai", "llm", "llms", "models", "model", "safety",
        "security", "cyber", "cybersecurity", "privacy", "fact", "factuality", "hallucination",
        "knowledge", "world", "common", "sense", "logic", "logical",
        "programming", "software", "engineering", "creative", "roleplay", "extraction",
        "linguistic", "syntax", "semantics", "bias", "stereotypes", "toxic", "vision",
    }
))  # fmt: skip
# "commonsense_qa" is CommonsenseQA: "qa" names a data set's task, not a capability
_CATEGORY_WORDS -= {"qa"}
# A document's own section headings, which an extractor reading a page's tables can take for
# data set names ("Metrics", "Experimental Results", "Smaller Datasets", "Platforms").
_SECTION_WORDS = frozenset(
    {
        "metric", "metrics", "result", "results", "experimental", "experiments", "overview",
        "introduction", "summary", "notes", "baselines", "references", "examples", "other",
        "additional", "smaller", "datasets", "dataset", "warning", "evaluation", "platforms",
        "related", "work", "conclusion", "appendix", "usage", "installation", "citation",
        "contents", "table", "of", "setup", "background", "discussion",
    }
)  # fmt: skip
LEADERBOARD_WORDS = frozenset({"leaderboard", "leaderboards"})
_VERSION_WORD = re.compile(r"v?\d+(\.\d+)*")
# Strings a scanner or a broken scrape put into a name cell: SQL, markup, script injection.
_INJECTION = re.compile(
    r"'\s*(and|or)\s+[^=]{1,24}=|\b(union\s+select|sleep\s*\(|waitfor\s+delay|drop\s+table)"
    r"|<\s*/?\s*(script|img|svg|iframe)\b|javascript:|\$\{|\{\{",
    re.IGNORECASE,
)
_LINK = re.compile(r"(https?|ftp)://|www\.", re.IGNORECASE)  # a name cell holding a URL
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{3,}")
_HAS_LETTER = re.compile(r"[^\W\d_]")
# A paper title is a sentence, not a name: long and full of function words.
_TITLE_WORDS = frozenset(
    {"a", "an", "the", "of", "for", "with", "via", "from", "towards", "how", "why", "what",
     "can", "do", "does", "is", "are", "we", "our", "your", "you", "on", "in", "using", "to"}
)  # fmt: skip
_MAX_NAME_WORDS = 14
# "Average on NLP datasets": a table's aggregate row over other data sets, not one of its own.
_AGGREGATE_OVER = re.compile(
    r"(average|avg|mean|overall|macro[- ]average|micro[- ]average)\W*\s+(on|of|over|across)\b",
    re.IGNORECASE,
)
# A name in a script without Latin letters this long is a sentence (a post or paper title, an
# index's spam entry), not the short name a benchmark goes by; "!!" marks click-bait outright.
_NON_LATIN_SENTENCE_LETTERS = 20
_CLICK_BAIT = re.compile(r"[!?]{2,}")


def junk_reason(name: str) -> str | None:
    """Why `name` cannot be a benchmark's name, or None. Looks at the name alone."""
    text = " ".join(name.split())
    lowered = text.lower()
    if not _HAS_LETTER.search(text):
        return f"junk: {text!r} has no letters, not a name"
    if lowered in _PLACEHOLDERS:
        return f"junk: {text!r} is a placeholder, not a name"
    bare = " ".join(_YEAR.sub(" ", lowered.replace("_", " ")).split()).strip(" .:")
    if bare in _NOT_NAMES:
        return f"junk: {text!r} is a split, metric or aggregate word, not a data set"
    tokens = tokens_of(text)
    if tokens and all(t in _SECTION_WORDS for t in tokens):
        return f"junk: {text!r} is a section heading of a document, not a name"
    if _AGGREGATE_OVER.match(text):
        return f"junk: {text!r} is an aggregate over other data sets, not a data set"
    if _INJECTION.search(text):
        return f"junk: {text!r} looks like an injection probe or markup, not a name"
    if _LINK.match(text):
        return f"junk: {text[:60]!r} is a link, not a name"
    if text.endswith(":") and not any(ch.isdigit() for ch in text):
        # "Knowledge-based:", "Supervised:": what introduces a table; "LDC2014T12:" is a corpus
        return f"junk: {text!r} is a heading or caption (it ends in a colon), not a name"
    if not _has_latin_letter(text) and (
        sum(ch.isalpha() for ch in text) >= _NON_LATIN_SENTENCE_LETTERS or _CLICK_BAIT.search(text)
    ):
        return f"junk: {text[:40]!r} is a sentence in a non-Latin script (a post title), not a name"
    words = name_forms(text).display.lower().split()  # "X: a subtitle" is named X
    if len(words) > _MAX_NAME_WORDS and sum(w in _TITLE_WORDS for w in words) >= 3:
        return f"junk: {text[:60]!r}... is a sentence (a paper or post title), not a name"
    return None


def _has_latin_letter(text: str) -> bool:
    return any(
        ch.isascii() and ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in text
    )


# Channels each of whose records is one paper, named by its title. (Papers with Code, also a
# paper index, lists the data sets of its results tables: its names are data sets' names.)
PAPER_CHANNELS = frozenset({"arxiv", "semantic_scholar"})
# Words a title writes in lower case between its content words ("A Kubernetes dataset for
# misuse detection", "... Framework and its applications in Bioinformatics").
_TITLE_LINK_WORDS = _TITLE_WORDS | frozenset(
    {"and", "or", "its", "their", "by", "at", "into", "through", "toward", "under", "based"}
)
_MIN_TITLE_WORDS = 4


def paper_title_reason(name: str, channels: Iterable[str]) -> str | None:
    """Why an identity known only from paper records (`channels` all in PAPER_CHANNELS) whose
    name reads as a title, not a name, is not a benchmark: a paper index names each paper by its
    title, and a title with no short name before its colon names the paper, not a data set
    ("RARE: a labeled dataset for ..." is RARE; "A Kubernetes dataset for misuse detection" is
    a paper). Another channel listing the identity (a framework, a hub, a leaderboard) makes
    it a benchmark whatever its name, so "Training Verifiers to Solve Math Word Problems" stays
    with GSM8K."""
    known_from = set(channels)
    if not known_from or not known_from <= PAPER_CHANNELS:
        return None
    words = name_forms(name).display.split()
    linking = [w for w in words[1:] if w in _TITLE_LINK_WORDS]  # written lower case: a sentence
    if len(words) < _MIN_TITLE_WORDS or not linking:
        return None
    return (
        "a paper, not a data set: known only from paper indexes, whose record is named by "
        f"the paper's title ({name!r}), with no benchmark name"
    )


def leaderboard_reason(name: str) -> str | None:
    """A name that ends in "Leaderboard" (maybe with a version) names a leaderboard: "Open LLM
    Leaderboard v2", "CARLA Leaderboard". A task of one (`leaderboard_gpqa_diamond`) is not."""
    tokens = [t for t in tokens_of(name) if not _VERSION_WORD.fullmatch(t)]
    if tokens and tokens[-1] in LEADERBOARD_WORDS:
        return f"a leaderboard ({name!r}), not a benchmark: its tasks are benchmarks of their own"
    return None


def is_category_name(name: str) -> bool:
    """A name made only of capability or heading words ("Reasoning", "Financial scenarios",
    "Social media"): a way to group benchmarks, not a data set."""
    if _ACRONYM.fullmatch(name.strip()):
        return False  # written as a name, not a heading: "PHYSICS", "ETHICS"
    tokens = tokens_of(name)
    return bool(tokens) and all(t in _CATEGORY_WORDS or t.isdigit() for t in tokens)


@lru_cache(maxsize=65_536)
def not_a_benchmark_reason(name: str, family: str | None, key: str | None = None) -> str | None:
    """Why a channel's record named `name` (with the channel's id `key`, in its `family`, if
    any) is not a benchmark of its own: junk, a leaderboard, or a category that belongs to no
    benchmark. The name's own short form counts ("BFCL: Berkeley Function-Calling
    Leaderboard" is BFCL), and so does an id that names a benchmark (openbench's "Instruction
    Following" is `ifeval`)."""
    reason = junk_reason(name) or leaderboard_reason(name_forms(name).display)
    if reason is not None:
        return reason
    key_names_it = key is not None and not is_category_name(key_tail(key))
    if is_category_name(name) and not key_names_it and not (family and is_parent_name(family)):
        return category_reason(name)
    return None


def category_reason(name: str) -> str:
    return f"a capability category or section heading ({name!r}), not a benchmark"


@lru_cache(maxsize=65_536)
def is_parent_name(name: str) -> bool:
    """Can a record of this name be a parent? Only benchmarks and suites: never a category,
    a leaderboard or junk."""
    return not (junk_reason(name) or leaderboard_reason(name) or is_category_name(name))


def is_named_after(task_name: str, family: str) -> bool:
    """The task's name starts with its family's words: `mmlu_prox_bn_physics` in `mmlu_prox`."""
    family_tokens = tokens_of(family)
    tokens = tokens_of(task_name)
    if not family_tokens or len(tokens) <= len(family_tokens):
        return False
    return tokens[: len(family_tokens)] == family_tokens or "".join(tokens).startswith(
        "".join(family_tokens)
    )


def record_kind(has_parent: bool, has_children: bool, grouping_only: bool) -> RecordKind:
    """One known only as the group its channel's tasks form is a suite; a leaf under a parent
    is a subtask; anything else, including a subset with subsets of its own (ARC-Challenge
    under ARC), is a benchmark, so every parent is a benchmark or a suite."""
    if grouping_only:
        return "suite"
    return "subtask" if has_parent and not has_children else "benchmark"


# Why records were rejected, in a few words each, for the release page: the first rule whose
# words appear in the reason names it. The rules that quote a name in their reason come first,
# so that a quoted word ("... Leaderboard ...") cannot pick the kind.
_JUNK = "junk (placeholder, metric word, heading, injection, sentence, spam)"
_REJECTION_KINDS: tuple[tuple[str, str], ...] = (
    ("junk:", _JUNK),
    ("a paper, not a data set", "a paper, not a data set"),
    ("paper-index record", "a paper, not a data set"),
    ("fragment of a split list cell", _JUNK),
    ("problem area", "a task or problem area, not a data set"),
    ("leaderboard", "a leaderboard"),
    ("capability category", "a capability category or heading"),
    ("section heading", "a capability category or heading"),
    ("group of", "a group of other tasks"),
    ("template", "a template or include file"),
    ("plumbing", "framework plumbing"),
    ("software, not a benchmark", "software (a framework, library or tool)"),
    ("analysis view", "an analysis view"),
    ("capture-the-flag", "a single challenge file"),
    ("customizable", "an adapter for the user's own data"),
)


def rejection_kind(reason: str | None) -> str:
    text = (reason or "").lower()
    return next((kind for words, kind in _REJECTION_KINDS if words in text), "other")
