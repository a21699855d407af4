"""Benchmark name normalisation: every spelling a channel uses reduced to comparable keys.

A channel's spelling carries decorations that say how a benchmark was run, not which benchmark
it is: metrics and shots ("(Pass@1)", "(EM)", "5-shot"), prompt formats ("zeroshot", "_cot",
"_generative", "_llama"), a suite prefix ("leaderboard_"), a descriptive subtitle ("GPQA:
Graduate-Level ...") or an acronym expansion ("GSM8K (Grade school math word problems)"). Those
are stripped. What makes a variant is never stripped: "Verified", "Lite", "Mini", "+", "Pro",
"X", language codes, years and versions all stay in the key.

`name_forms` returns a `primary` key (the name itself, decorations stripped, spaces and
punctuation removed so `gpqadiamond`, `gpqa:diamond` and `GPQA-Diamond` meet), `aliases` the
spelling itself asserts ("HLE (Humanity's Last Exam)": both names are one benchmark) and `hints`
(the full title with its subtitle, the channel's own id when it differs from the name) that may
only merge when a strong key (HF dataset, arXiv id, repository) agrees.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from benchhub.crosswalk.variants import LANGUAGE_CODES

# Prompt-format and run-setting tokens: how a framework runs a benchmark, never which one.
FORMAT_TOKENS = frozenset(
    {
        "zeroshot", "fewshot", "nshot", "oneshot", "shot", "shots", "cot", "zs", "fs",
        "generative", "gen", "direct", "continuation", "instruct", "llama", "chat", "regular",
        "selfconsistency", "consistency", "self", "until", "generate", "loglikelihood",
        "ppl", "perplexity", "clp", "pass", "pass1", "passk", "greedy", "agentic",
        "sampling", "maj", "majority", "vote", "thinking", "nothink", "cloze",
        "multiplechoice",
        # OpenCompass's CircularEval: the same questions asked with the options rotated
        "circular",
        # FLAN's prompt templates: lm-eval's `mmlu_flan_cot_fewshot_anatomy` is MMLU anatomy
        "flan",
    }
)  # fmt: skip
# Tokens that only ever decorate (metrics, splits, harness notes) when they sit in a
# parenthetical or after " - ": "(EM)", "(val, unseen)", "GSM8K - EM", "(Agentless Coding)".
DECORATION_TOKENS = FORMAT_TOKENS | frozenset(
    {
        "em", "acc", "accuracy", "f1", "bpb", "bleu", "rouge", "rougel", "exact", "match",
        "quasi", "prefix", "norm", "normalized", "strict", "loose", "prompt", "instance",
        "level", "score", "scores", "mean", "equivalent", "val", "validation", "test", "dev",
        "base", "agentless", "agentic", "coding", "code", "math", "macro",
        "micro", "avg", "average",
        "reasoning", "knowledge", "chain", "of", "thought", "mc", "mcq", "multiple", "choice",
        "wb", "elo", "rating", "resolved", "rate", "percent", "judge", "llm", "official",
        "overall", "pct", "at", "k", "with", "without", "tools", "tool", "no", "subset",
        "split", "inst", "string",
    }
)  # fmt: skip
# Who published a copy, written beside the name: "MMLU Pro (TIGER-Lab)".
PUBLISHER_TOKENS = frozenset(
    {
        "tiger", "lab", "openai", "google", "deepmind", "meta", "cais", "allenai", "ai2",
        "eleutherai", "huggingface", "hf", "microsoft", "nvidia", "stanford", "princeton",
        "nlp", "crfm", "opencompass", "modelscope", "evalplus", "bigcode", "ai", "research",
    }
)  # fmt: skip
# Leading words that name the suite a task is run in (or the prompt's author), not the task.
SUITE_PREFIXES = (
    "leaderboard", "lighteval", "helm", "original", "community", "openllm", "hendrycks",
)  # fmt: skip
# Trailing words for how OpenCompass runs a task ("gsm8k-agent", "gsm8k-cascade").
TRAILING_FORMAT_TOKENS = frozenset({"agent", "cascade"})
# A trailing prompt-template number: lm-eval's `nortruthfulqa_mc_nno_p0` .. `_p4` run one data
# set with five prompts.
_PROMPT_VARIANT = re.compile(r"p\d")
# The same settings as written in a display name, after its first word: "global piqa cloze
# acm", "alghafa multiple choice facts", "nortruthfulqa mc nno p0", "mgsm direct sw", "MMLU-Redux
# spanish generative" (the answer's format).
_FORMAT_WORDS = re.compile(
    r"(?<=\w)(?<!story)[ -](?:cloze|direct|generative|multiple[ -]choice|prompt[ -]?\d+)\b"
    r"|(?<=\w)[ -]p\d$",
    re.I,
)
# Split words. The evaluation split is the benchmark itself ("DIHARD3-eval", "TVMegaSite
# test"); any other split is a child of it ("TVMegaSite dev").
EVAL_SPLIT_TOKENS = frozenset({"test", "eval", "evaluation"})
OTHER_SPLIT_TOKENS = frozenset({"dev", "val", "validation", "train"})
# Words in an HF config that pick a subset a generic name does not say: OLL's "ARC" runs the
# `ARC-Challenge` config. Sizes and formats (`winogrande_xl`, `multiple_choice`) are not here.
SUBSET_CONFIG_TOKENS = frozenset({"challenge", "easy", "diamond", "extended", "verified", "lite"})
# Category words: a name made only of these ("Reasoning", "Question answering", "Data
# Analysis") is a grouping each channel defines its own way, not one benchmark. ("math" is not
# here: alone it is the MATH benchmark.)
GENERIC_TOKENS = frozenset(
    {
        "reasoning", "coding", "code", "mathematics", "language", "knowledge",
        "writing", "summarization", "summarize", "question", "questions", "answering", "qa",
        "generation", "story", "data", "analysis", "instruction", "following", "if", "safety",
        "bias", "toxicity", "translation", "classification", "retrieval", "agentic", "agent",
        "multilingual", "long", "context", "chat", "general", "other", "overall", "average",
        "mean", "score", "win", "rate", "understanding", "comprehension", "reading",
        "commonsense", "science", "medical", "legal", "finance", "vision", "image", "text",
        "sentiment", "dialogue", "information", "extraction", "paraphrase", "and",
    }
)  # fmt: skip
# Words whose presence in a subtitle marks it as a description rather than a subset name.
_DESCRIPTIVE = frozenset(
    {
        "a", "an", "the", "for", "of", "from", "with", "in", "on", "to", "and", "by", "via",
        "benchmark", "benchmarks", "evaluation", "evaluating", "dataset", "challenge",
        "challenges", "questions", "question", "problems", "tasks", "test", "measuring",
        "testing", "towards", "can", "how", "are", "is", "llms", "llm", "models", "language",
        "agents", "suite", "eval", "leaderboard",
    }
)  # fmt: skip

_MARKUP = re.compile(r"\*\*|`|<[^>]+>|\[\^[^\]]*\]|\^\d+|[†‡*]")
_MARKUP_CHARS = frozenset("*`<[^†‡")  # a name without these has no markup to strip
_PASS_AT = re.compile(r"pass\s*@\s*\d+(?:\s*-\s*\w+)?", re.I)
# A shot count, with the language its examples are written in when a task says so: INCLUDE's
# `include_base_44_albanian_few_shot_og` / `_few_shot_en` run the same questions with shots in
# the original language or in English (a two-letter code or "og"); SciKnowEval's "var5shots".
_SHOTS = re.compile(
    r"\b(?:(?:\d+|n|zero|few|one)\s*-?\s*shots?(?:\s+learning\b)?"
    rf"(?:[\s_-]+(?:og|{'|'.join(sorted(set(LANGUAGE_CODES.values())))})(?=[\s_-]|$))?"
    r"|var\d+shots?)\b",
    re.I,
)
_PAREN = re.compile(r"[(\[]([^()\[\]]*)[)\]]")
# A parenthetical counting what the whole benchmark holds, not a subset of it: "Global-MMLU (42
# Languages)", "BLiMP (67 Linguistic Phenomena)". A count of items ("(500 problems)") may be a
# subset, and stays.
# "(11 African languages)" names a translation of an English benchmark, and stays.
_COUNT_OF_PARTS = re.compile(
    r"(?i)\s*\d[\d,]*\+?\s+(?:languages|(?:[a-z-]+\s+)?"
    r"(?:subjects|tasks|phenomena|domains|categories|disciplines))\s*"
)
# The first version written after a name is the benchmark itself: "Spider 1.0", "X v1".
# A bare "v1" stays: LiveCodeBench's `release_v1` is one of six releases, "latxa-13b-v1" a model.
_FIRST_VERSION = re.compile(r"(?i)(?<=\w)\s+(?:v(?:ersion)?\s?)?1\.0$")
# A clause of a parenthetical that states how the model was trained, a setting of the score:
# "ObjectNet (ImageNet classes, trained on ImageNet)" is "ObjectNet (ImageNet classes)".
_TRAINING_CONDITION = re.compile(
    r"(?:(?:pre-?)?trained|fine-?tuned)\s+(?:on|with)\b"
    r"|(?:with|without|no)\s+(?:extra|additional|external)\s+(?:training\s+)?data\b",
    re.I,
)
# A parenthetical that names the network a score was obtained with, a setting of the score:
# "CUB-200-2011 (ResNet-101)" is CUB-200-2011, "miniImageNet (Conv-4)", "(ViT-B/16)",
# "(WRN-28-10)". A name that only starts with such a word stays ("VGG-Sound").
_MODEL_SETTING = re.compile(
    r"(?:res-?net|resnext|wrn|wide-?resnet|vgg|dense-?net|efficient-?net|mobile-?net|"
    r"inception|convnext|alexnet|vit|deit|swin|conv|bert|roberta)"
    r"(?:[- ]?(?:v?\d+(?:[-x/.]\d+)*|[bslht](?:/\d+)?|base|large|small|tiny)(?:[-/ ]\d+)?)+",
    re.I,
)
_TOKEN = re.compile(r"\d+(?:\.\d+)+|[a-z]+\d+(?:\.\d+)+|[a-z0-9]+|\+")
# "v2", "2.0", "squad2.0": one version, written three ways
_VERSION_FORM = re.compile(r"(?:v(?=\d))?(\D*\d+(?:\.\d+)*?)(?:\.0)?")
_YEAR_SUFFIX = re.compile(r"^([a-z]{3,})(2[0-9])$")  # aime24 -> aime 2024
_SLUG_KEY = re.compile(r"^[\w.+:\- /|]+$")
_SYMBOL_NAMES = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "λ": "lambda", "μ": "mu",
    "π": "pi", "σ": "sigma", "τ": "tau", "ω": "omega", "∞": "Infinite",
}  # fmt: skip
_FILE_SUFFIX = re.compile(r"\.(?:py|ya?ml|json|md)$")
_PLAIN_KEY = re.compile(r"^[\w.+\- ]+$")  # a task name, not "adapter:hle" or a file path


@dataclass(frozen=True, slots=True)
class NameForms:
    primary: str  # compact key: decoration-free tokens joined without separators
    tokens: tuple[str, ...]  # the primary key's tokens, in order
    aliases: frozenset[str]  # compact keys the spelling itself says are the same benchmark
    hints: frozenset[str]  # compact keys that merge only with strong-key agreement
    key_alias: str | None  # the channel's id, when it names the benchmark differently
    display: str  # the spelling without decorations, case kept: a canonical name candidate
    subtitled: bool  # a descriptive subtitle was cut off (paper titles look like this)
    # the key of the benchmark this names a part of: a non-evaluation split ("TVMegaSite
    # dev"), or the head of "Data set - subset or task" ("BSD100 - 4x upscaling")
    part_of: str | None = None


def name_forms(
    name: str,
    source_key: str | None = None,
    hf_config: str | None = None,
    *,
    parts_after_colon: bool = False,
) -> NameForms:
    """Comparable keys for a benchmark name, using the channel's own id and the HF config it
    runs when they say more than the name. With `parts_after_colon` (the channel names several
    records "Head: ...") what follows the colon is a part, never a subtitle."""
    return _name_forms(name, source_key or "", hf_config or "", parts_after_colon)


@lru_cache(maxsize=262_144)
def _name_forms(name: str, source_key: str, hf_config: str, parts_after_colon: bool) -> NameForms:
    cleaned = _clean(_without_category_prefix(name))
    # A channel id spelled like the name says nothing more ("gpqa:diamond" in lighteval).
    key = "" if source_key.strip().lower() == name.strip().lower() else key_tail(source_key)
    key = key.removeprefix(_UNITXT_CARD)
    key_tokens = _tokens(key) if key and _SLUG_KEY.match(key) else ()
    core, asserted, subtitled = _split_title(cleaned, _compact(key_tokens))
    if subtitled and parts_after_colon and not set(_tokens(core)) < set(key_tokens):
        # the part is the record's own (an id naming it, `blimp_complex_np_island`, says so)
        core, asserted, subtitled = _split_title(cleaned, _compact(key_tokens), True)
    display = " ".join(core.split()).strip(" -:|,") or cleaned
    tokens = _tokens(core)
    aliases = {_compact(_tokens(alt)) for alt in asserted}
    hints = {_compact(_tokens(cleaned))} if subtitled else set()
    key_alias = None
    if key_tokens and not set(key_tokens) <= set(tokens):
        # The channel's id is more specific than its display name ("mmlu_abstract_algebra" vs
        # "Abstract Algebra", "melt_math" vs "MATH"): the id is the identity. An id that says
        # something else entirely (OpenCompass lists `piqa` as "OpenBookQA") is only a hint.
        # Category words add nothing: HELM's `eurlexsum_legal_summarization` is "EurLexSum".
        if (
            set(tokens) < set(key_tokens)
            and _PLAIN_KEY.match(source_key)
            and (set(key_tokens) - set(tokens) - DECORATION_TOKENS - _TASK_TYPE_WORDS)
        ):
            tokens, display = key_tokens, key
        elif not set(tokens) < set(key_tokens):
            key_alias = _compact(key_tokens)
            # an id abbreviating the name is the channel stating the acronym: `ifeval` for
            # "Instruction Following", `obqa` for "OpenBookQA"
            (aliases if is_expansion(key, display) else hints).add(key_alias)
    if hf_config:
        subset = [t for t in _tokens(hf_config) if t in SUBSET_CONFIG_TOKENS and t not in tokens]
        if subset and len(tokens) > 1 and tokens[-1] == subset[0][0]:
            tokens = tokens[:-1]  # "ARC-c" runs `ARC-Challenge`: the letter abbreviated it
        tokens = (*tokens, *subset)
    if not tokens:  # a name made only of decorations ("Average"): keep it as written
        tokens = tuple(_TOKEN.findall(display.lower())) or (display.lower(),)
    part_of = None
    if len(tokens) > 1 and tokens[-1] in EVAL_SPLIT_TOKENS:
        if _written_as_split(display, tokens[-1]):
            tokens, display = tokens[:-1], _strip_last_word(display)
        elif display == display.lower():
            # a task id ("arabicmmlu_driving_test"): the test split only of a known benchmark;
            # a capital makes the word part of the name ("IF-Eval", "Driving Test")
            aliases.add(_compact(tokens[:-1]))
    elif len(tokens) > 1 and tokens[-1] in OTHER_SPLIT_TOKENS:
        part_of = _compact(tokens[:-1])
    elif " - " in display:
        part_of = _compact(_tokens(display.partition(" - ")[0])) or None
    primary = _compact(tokens)
    aliases -= {primary, ""}
    hints -= {primary, ""}
    return NameForms(
        primary,
        tokens,
        frozenset(aliases),
        frozenset(hints),
        key_alias,
        display,
        subtitled,
        part_of,
    )


def _written_as_split(display: str, word: str) -> bool:
    """ "DIHARD3-eval", "TVMegaSite test": a name written with capitals, then the split in
    lower case, is the benchmark's evaluation split; "Arabic Exams: Driving Test" names a
    subject, and an all-lower-case task id says nothing either way."""
    head, _, last = display.rstrip().rpartition(" " if " " in display else "-")
    if not head or last != word:
        head, _, last = display.rstrip().rpartition("-")
    return bool(head) and last == word and head != head.lower()


def _strip_last_word(display: str) -> str:
    return re.sub(r"[ _-]+\w+\s*$", "", display.rstrip())


# Words that say what kind of thing a name is, not which one: "GSO-Bench" is GSO, "The LAMBADA
# Dataset" is LAMBADA, "SAMSum Corpus" is SAMSum. Only as separate last words: "LiveCodeBench"
# and "MathBench" are names of their own.
KIND_SUFFIXES = frozenset({"bench", "benchmark", "benchmarks", "dataset", "datasets", "corpus"})
# An article is no part of a name: "The Pile", "Needle in a Haystack" / "Needle in Haystack".
# "a" only after a preposition: elsewhere it can be a word of the name (a tag, a grade).
_LEADING_ARTICLES = frozenset({"the"})
_ARTICLES = frozenset({"a", "an", "the"})
_PREPOSITIONS = frozenset({"in", "of", "for", "on", "to", "with", "from", "at", "by", "as"})
# A version glued to its name: "LongBenchv2", `squadv2` (= "LongBench v2", "SQuAD2.0").
_GLUED_VERSION = re.compile(r"([a-z]{3,})v(\d+)")


_MIN_STEM = 3
_VERSION_WORD = re.compile(r"v?\d+(?:\.\d+)*")
# A plain plural of a name's last word: "Oxford-IIIT Pets" and "Oxford-IIIT Pet Dataset".
_PLURAL = re.compile(r"([a-z]{2,}[^aeiousw\d])s")


def stem_words(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """The words of a name without the words that say what kind of thing it is (a benchmark, a
    data set, a corpus) and its articles, its last word in the singular, with a version glued
    as "v2" written as the number: "GSO-Bench" and "gso", "The LAMBADA Dataset" and
    "LAMBADA", "Oxford-IIIT Pets" and "Oxford-IIIT Pet Dataset", "LongBenchv2" and "LongBench
    v2". They merge only where nothing else tells the two apart (see
    `benchmarks._merge_same_stem`)."""
    words = [
        f"{m.group(1)}{m.group(2)}" if (m := _GLUED_VERSION.fullmatch(w)) else w
        for w in (tokens[i] for i in _stem_positions(tokens))
    ]
    if len(words) > 1 and (plural := _PLURAL.fullmatch(words[-1])):
        words[-1] = plural.group(1)
    return tuple(words)


def stem_key(tokens: tuple[str, ...]) -> tuple[str, ...] | None:
    """The stem's words compared one by one, a version number joined to the word before it
    ("LongBench v2" and "LongBenchv2" meet; "Java scripts" is not `javascript`), or None for a
    stem that names nothing alone: under three letters ("MT-Bench" is not "MT") or category
    words ("Reasoning Bench")."""
    words = stem_words(tokens)
    if len("".join(words)) < _MIN_STEM or is_generic(words):
        return None
    joined: list[str] = []
    for word in words:
        if joined and _VERSION_WORD.fullmatch(word):
            joined[-1] += word
        else:
            joined.append(word)
    return tuple(joined)


def written_stem(display: str) -> str | None:
    """The stem's words as the name writes them, capitals kept ("SEED" for "SEED", "Seed" for
    "Seed Bench"), or None for a name written all in lower case (a task id says nothing of how
    the name is written)."""
    if display == display.lower():
        return None
    words = re.findall(r"[^\W_]+", display)
    return "".join(words[i] for i in _stem_positions(tuple(w.lower() for w in words)))


def same_written_stem(left: str | None, right: str | None) -> bool:
    """Two names whose stems agree are written alike, capitals included, unless one is all in
    lower case: "SEED" (an emotion data set) is not "Seed Bench" (SEED-Bench)."""
    if left is None or right is None or left.lower() != right.lower():
        return True
    return left == right


def _stem_positions(words: tuple[str, ...]) -> list[int]:
    kept = [
        i
        for i, w in enumerate(words)
        if not (w in _ARTICLES and 0 < i < len(words) - 1 and words[i - 1] in _PREPOSITIONS)
    ]
    while len(kept) > 1 and words[kept[0]] in _LEADING_ARTICLES:
        kept = kept[1:]
    while len(kept) > 1 and words[kept[-1]] in KIND_SUFFIXES:
        kept = kept[:-1]
    if len(kept) > 2 and [words[i] for i in kept[-2:]] == ["data", "set"]:
        kept = kept[:-2]
    return kept


def names_a_setting(benchmark_id: str) -> bool:
    """An id whose words the name rules fold away (`nortruthfulqa-mc-nno-p0`,
    `global-piqa-parallel-cloze-deu-latn`): it names a setting of a score, not a benchmark."""
    return name_forms(benchmark_id).primary != benchmark_id.replace("-", "")


def names_in(listed: object) -> list[str]:
    """The member names of a group listing, nested lists flattened (lm-eval's `noor`); a
    listing of records (inspect_evals' task dicts) names none."""
    if isinstance(listed, str):
        return [listed]
    if isinstance(listed, list):
        return [name for item in listed for name in names_in(item)]
    return []


# Words naming a kind of task an id may add to a benchmark's name: `eurlexsum_legal_summarization`
# is EurLexSum. Not every category word is one: `lsat_qa` is the LSAT questions, not LSA-T, and
# `dyck_language` is the Dyck language task.
_TASK_TYPE_WORDS = frozenset(
    {"summarization", "summarize", "legal", "translation", "classification", "generation",
     "retrieval", "extraction"}
)  # fmt: skip
# HELM's `unitxt_cards.xnli.es` runs the Unitxt catalogue's card for XNLI Spanish: the card is XNLI.
_UNITXT_CARD = "unitxt_cards."
_ID_PREFIX = re.compile(r"^([a-z][a-z_]*):(?=\S)")


def _without_category_prefix(name: str) -> str:
    """A task id under a category ("legal_summarization:eurlexsum", lighteval's file of legal
    summarization tasks) is named by its task: the category is no benchmark to be part of."""
    if ":" not in name or not (prefix := _ID_PREFIX.match(name)):
        return name
    words = prefix.group(1).split("_")
    return name[prefix.end() :] if set(words) <= _TASK_TYPE_WORDS else name


def key_tail(source_key: str) -> str:
    """The name part of a channel id: `index:bbh` -> `bbh`, `registry:gpqa-diamond@head` ->
    `gpqa-diamond`, `lighteval/tasks/tasks/gpqa.py` -> `gpqa`, `README#GPQA-Diamond` ->
    `GPQA-Diamond`."""
    tail = source_key.split("@", 1)[0]
    for separator in ("#", ":", "/"):
        if separator in tail and tail.rsplit(separator, 1)[1].strip():
            tail = tail.rsplit(separator, 1)[1]
            break
    return _FILE_SUFFIX.sub("", tail)


def is_generic(tokens: tuple[str, ...]) -> bool:
    return bool(tokens) and all(t in GENERIC_TOKENS for t in tokens)


def compact_words(text: str) -> str:
    """Every word of `text`, decorations included, run together: "HendrycksTest" and
    `hendrycks_test` meet, "HumanEval+" (`humanevalplus`) and `humaneval` do not."""
    return "".join("plus" if t == "+" else t for t in _raw_tokens(text.replace("_", " ")))


@lru_cache(maxsize=65_536)
def tokens_of(text: str) -> tuple[str, ...]:
    """Decoration-free tokens of any text (also used for HF ids and configs)."""
    return _tokens(_clean(text))


def _clean(name: str) -> str:
    text = name if name.isascii() else _ascii_letters(name)
    if _MARKUP_CHARS.intersection(text):
        text = _MARKUP.sub("", text)
    if "@" in text:
        text = _PASS_AT.sub(" ", text)
    return " ".join(text.split()).strip(" -:|,")


def _ascii_letters(name: str) -> str:
    """ "τ³-bench" -> "tau3-bench", "∞Bench" -> "InfiniteBench": symbols that are the name."""
    text = unicodedata.normalize("NFKC", name).replace("’", "'")
    return "".join(_SYMBOL_NAMES.get(char, char) for char in text)


def _split_title(
    display: str, key: str = "", parts_after_colon: bool = False
) -> tuple[str, list[str], bool]:
    """The part of a title that names the benchmark, the alternative names written beside it
    (an acronym or its expansion in parentheses), and whether a subtitle was cut off. A title
    whose head is the channel's id ("HellaSwag: Commonsense Event Continuation" for
    `hellaswag`) has a subtitle however short it is."""
    alternates: list[str] = []
    subtitled = False
    text = display
    if "|" in text:  # lighteval "suite|task|shots": the task is the part with letters
        parts = [p for p in text.split("|") if re.search(r"[A-Za-z]", p)]
        parts = [p for p in parts if p.strip().lower() not in SUITE_PREFIXES] or parts
        text = parts[0] if parts else text
    suite, slash, task = text.partition(" / ")
    if slash and key and " / " not in task and _compact(_tokens(task)) == key:
        # "CLUE / CMRC" for `cmrc`: the suite a task is listed under, then the task
        alternates.append(f"{suite} {task}")
        text = task
    text = text.replace("_", " ")
    if "(" in text:
        # an expansion is read whole before shot words are cut out of it: "RAFT (Real-world
        # Annotated Few-Shot)" spells RAFT; "Real-world Annotated" would be a part
        text = _PAREN.sub(lambda m: _expansion(m, text, alternates), text)
    if "shot" in text.lower():
        text = _SHOTS.sub(" ", text)
    text = _FORMAT_WORDS.sub("", text)

    def parenthetical(match: re.Match[str]) -> str:
        clauses = match.group(1).split(",")
        kept = [c for c in clauses if not _TRAINING_CONDITION.match(c.strip())]
        inner = ",".join(kept).strip()
        if not inner:
            return " "
        inner_tokens = _raw_tokens(inner)
        outside = _PAREN.sub(" ", text)
        if _is_acronym_of(inner, outside):  # before decorations: "(MATH)" is not "(math)"
            alternates.append(inner)
            return " "
        if not inner_tokens or set(inner_tokens) <= DECORATION_TOKENS:
            return " "
        if _MODEL_SETTING.fullmatch(inner):
            return " "  # the network the score was obtained with: a setting
        if _COUNT_OF_PARTS.fullmatch(inner):
            return " "  # "(42 Languages)", "(67 Linguistic Phenomena)": what the whole holds
        if "/" in inner or set(inner_tokens) <= PUBLISHER_TOKENS:
            return " "
        lead = (re.findall(r"[A-Za-z0-9]+", outside) or [""])[0]
        if (
            is_expansion(outside, inner)
            or is_expansion(lead, inner)  # "ARC-Challenge (Advanced Reasoning Challenge)"
            or _raw_tokens(inner)[:1] == _raw_tokens(outside)[:1]  # "DROP (DROP Simple Eval)"
        ):
            alternates.append(inner)
            return " "
        return f" {inner} "

    # Parentheses first: "Physical Interaction: Question Answering (PIQA)" is one name.
    if "(" in text or "[" in text:
        text = _PAREN.sub(parenthetical, text)
    head, sep, tail = text.partition(": ")
    if (
        sep
        and not parts_after_colon
        and ((key and _compact(_tokens(head)) == key) or _is_description(head, tail))
    ):
        subtitled = True
        text = head
    head, sep, tail = text.rpartition(" - ")
    if sep and set(_raw_tokens(tail)) <= DECORATION_TOKENS:
        text = head
    text = _FIRST_VERSION.sub("", text.strip())  # "Spider 1.0" is Spider
    return text, alternates, subtitled


def _expansion(match: re.Match[str], text: str, alternates: list[str]) -> str:
    """A parenthetical that spells out the acronym before it, taken out into `alternates`;
    any other is left for `_split_title`'s own reading."""
    inner = match.group(1).strip()
    outside = _PAREN.sub(" ", text)
    lead = (re.findall(r"[A-Za-z0-9]+", outside) or [""])[0]
    if inner and (is_expansion(outside.strip(), inner) or is_expansion(lead, inner)):
        alternates.append(inner)
        return " "
    return match.group(0)


def _is_description(head: str, tail: str) -> bool:
    """'GPQA: Graduate-Level Google-Proof Q&A' (a subtitle) vs 'Global-MMLU: Amharic' (a subset)."""
    words = tail.split()
    if len(words) < 3 or len(head.split()) > 6:
        return False
    lowered = {re.sub(r"[^a-z]", "", w.lower()) for w in words}
    return bool(lowered & _DESCRIPTIVE) or len(words) >= 4 or is_expansion(head, tail)


_LEADING_ARTICLE = re.compile(r"^\s*(?:the|an?)\s+(?=\S)", re.IGNORECASE)


def is_expansion(short: str, long: str) -> bool:
    """'GSM8K' / 'Grade school math word problems', 'QuAC' / 'Question Answering in Context':
    the long form's initials (after a leading article) start like the short form, or contain
    its capitals in order."""
    if len(short.split()) > 1:
        return False  # an acronym is one word: "GSM8K", "IFEval", "HLE"
    # "BLiMP (The Benchmark of Linguistic Minimal Pairs ...)": an article does not spell
    long = _LEADING_ARTICLE.sub("", long)
    first_short = next((c for c in short.lower() if c.isalpha()), "")
    first_long = next((c for c in long.lower() if c.isalpha()), "")
    if not first_short or first_short != first_long:
        return False  # the cheap test most pairs fail
    letters = re.sub(r"[^a-z]", "", short.lower())
    initials = "".join(w[0] for w in re.findall(r"[a-z]+", long.lower().replace("'s", "")))
    if len(letters) < 2 or len(initials) < 2 or initials[0] != letters[0]:
        return False
    spelled_out = re.sub(r"[^a-z0-9]", "", short.lower())
    if _word_prefixes(spelled_out, re.findall(r"[a-z0-9]+", long.lower())):
        return True  # `advglue` for "Adversarial GLUE": each word's start, in order
    if len(letters) > 2 * len(initials) + 2:
        return False  # "TwitterAAE" is a word, not an acronym of "TwitterAAE white"
    if re.findall(r"[a-z0-9]+", long.lower())[:1] == [re.sub(r"[^a-z0-9]", "", short.lower())]:
        return False  # "headqa en" extends "headqa"; it does not spell it out
    capitals = "".join(c for c in short if c.isupper()).lower()
    # a hyphenated compound gives one letter: "Real-world Annotated Few-shot" spells RAF(T)
    compounds = "".join(w[0] for w in re.findall(r"[a-z]+(?:-[a-z]+)*", long.lower()))
    return any(
        spelled.startswith(letters[:2]) or (len(capitals) >= 3 and _in_order(capitals, spelled))
        for spelled in (initials, compounds)
    )


def _word_prefixes(letters: str, words: list[str]) -> bool:
    """`letters` is the start of every word of a name of two or more, in order, at least three
    letters of each (or the whole word): "adv" + "glue" for "Adversarial GLUE"; a number is a
    word too ("MT-Bench-101" is no expansion of MT-Bench)."""
    if len(words) < 2 or not letters:
        return False
    rest = letters
    for word in words:
        size = next(
            (n for n in range(len(word), min(3, len(word)) - 1, -1) if rest.startswith(word[:n])),
            0,
        )
        if not size:
            return False
        rest = rest[size:]
    return not rest


def _in_order(needle: str, haystack: str) -> bool:
    rest = iter(haystack)
    return all(char in rest for char in needle)


def _is_acronym_of(inner: str, outside: str) -> bool:
    """'Needle in a Haystack (NIAH)', 'Stanford Question Answering Dataset (SQuAD)': a one-word
    parenthetical, mostly capitals, that abbreviates the name."""
    word = re.sub(r"[^A-Za-z0-9]", "", inner)
    capitals = sum(c.isupper() for c in word)
    if " " in inner.strip() or len(word) < 2 or capitals < 2 or capitals * 2 < len(word):
        return False
    return is_expansion(word, outside)


def _raw_tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower().replace("+", " + "))


def _tokens(text: str) -> tuple[str, ...]:
    text = text.replace("_", " ").replace("'", "")
    lowered = text.lower()
    if "@" in text:
        text = _PASS_AT.sub(" ", text)
    if "shot" in lowered:
        text = _SHOTS.sub(" ", text)
    raw = _raw_tokens(text)
    out: list[str] = []
    last = len(raw) - 1
    for index, token in enumerate(raw):
        if token == "+":
            out.append("plus")
            continue
        if token.startswith("repeat") and (token[6:].isdigit() or index < last):
            continue  # "aime2025_repeat_32", "humaneval_repeat10": how often it was sampled
        if index > 0 and raw[index - 1] in ("repeat", "prompt") and token.isdigit():
            continue  # "afrimgsm_fra_prompt_3": the third prompt template of the same data
        if token == "prompt" and index < last and raw[index + 1].isdigit():
            continue
        if index == last and index > 0 and _PROMPT_VARIANT.fullmatch(token):
            continue
        if token == "multiple" and 0 < index < last and raw[index + 1] == "choice":
            continue
        if token == "choice" and index > 1 and raw[index - 1] == "multiple":
            continue
        if index == last and index > 0 and token in TRAILING_FORMAT_TOKENS:
            continue
        if index == 0 and token in SUITE_PREFIXES and len(raw) > 1:
            continue
        if token in FORMAT_TOKENS and index > 0 and not _names_cloze(token, raw[index - 1]):
            continue
        if match := _YEAR_SUFFIX.match(token):
            out.extend((match.group(1), f"20{match.group(2)}"))
            continue
        if token[-1].isdigit() and (version := _VERSION_FORM.fullmatch(token)):
            token = version.group(1)
        out.append(token)
    return tuple(out)


def _names_cloze(token: str, before: str) -> bool:
    """ "Cloze" is a prompt format everywhere but in the names of the Story Cloze data sets
    (StoryCloze, XStoryCloze written `xstory_cloze`)."""
    return token == "cloze" and before.endswith("story")


def _compact(tokens: tuple[str, ...] | list[str]) -> str:
    return "".join(tokens)


def cleaned_name(name: str) -> str:
    """A name as shown: markup and pass@k cut, symbols spelled out, whitespace collapsed, its
    words and punctuation otherwise as the source wrote them."""
    return _clean(name)
