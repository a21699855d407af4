"""Model name parsing: a channel's spelling split into the model's identity and run settings.

Identity is the model *release line* as its developer names it (`claude-sonnet-4-5`,
`gpt-4o`, `gemini-2.5-pro`, `llama-3.1-405b-instruct`). Everything that says how it was run or
which dated build was called is a setting, kept beside the id rather than in it:
- `snapshot`: a date stamp ("20250929", "2024-05-13", "0513", "03-25", "2507", "(Jun 2025)");
- `reasoning_effort`: minimal/low/medium/high/xhigh ("_high", "(high)", "-high-effort");
- `thinking` (on/off/high) and `thinking_budget` ("_32K", "thinking-64k", "32k thinking");
- `release`: preview/exp/beta/latest; `precision`: fp8/bf16/...; `provider`: the API host
  prefix ("openrouter/", "groq/", "ollama/"); `scaffold`: an agent around the model
  ("OpenHands + CodeAct v2.1 (claude-3-5-sonnet-20241022)"); `edit_format` and `note` for
  Aider's run descriptions.
Date snapshots are settings, not identities: the same release line spelled with or without a
date ("claude-4-5-sonnet", "claude-sonnet-4-5-20250929") is one model, and two dated builds
of one line (gpt-4o 2024-05-13 and 2024-08-06) are one model whose scores differ by setting,
so a score join on (model_id, settings) still keeps them apart. A person can split a line in
curation/models.yaml when its builds deserve their own ids.

The identity key ignores word order and separators but keeps the order of numbers, so
"claude-3-5-sonnet", "Claude 3.5 Sonnet" and "claude-sonnet-3.5" meet while "llama-3.2-1b"
and "llama-3.1-2b" stay apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from benchhub.crosswalk.developers import family_words, takes_reasoning_effort

ModelKey = tuple[tuple[str, ...], tuple[str, ...]]  # (sorted words, numbers in order)

_EFFORTS = ("minimal", "xhigh", "high", "medium", "low", "none")
_RELEASE_WORDS = frozenset({"preview", "exp", "experimental", "beta", "latest", "prev"})
_PRECISION = re.compile(
    r"(?<![a-z0-9])(fp8|fp16|bf16|bfloat16|float16|fp32|int4|int8|awq|gptq|gguf|q4_k_m|q8_0)"
    r"(?![a-z0-9])"
)
# API hosts and routers written in front of a model id ("openrouter/qwen/qwen-2.5-coder").
_PROVIDERS = frozenset(
    {
        "openrouter", "groq", "ollama", "together", "togetherai", "fireworks", "bedrock",
        "azure", "vertex", "vertex_ai", "gemini", "deepinfra", "hyperbolic", "cerebras",
        "sambanova", "litellm", "hf", "huggingface", "chutes", "parasail", "novita", "nebius",
        "baseten", "replicate", "anyscale", "perplexity", "lambda", "nscale", "featherless",
        "unknown", "models",
    }
)  # fmt: skip
# Organisations written before a model name without a slash ("Meta-Llama-3-8B", "Anthropic
# Claude 3.5 Sonnet", "nvidia-llama-3.3-nemotron"): the developer table's owners, and hosts.
_ORG_WORDS = (family_words() | {"parasail", "chutes", "fireworks", "together"}) - {
    "mistral",
    "deepseek",
    "minimax",
    "qwen",
    "moonshot",
    "codellama",
    "openchat",
    "snowflake",
}  # these owners are also the first word of their model names ("Mistral Large")
# How a provider serves open weights ("-instruct-turbo" at Together, "-fp8-tput" in HELM):
# a setting for a sized model, a name for "gpt-3.5-turbo".
_SERVING = frozenset({"turbo", "tput"})
_SYNONYMS = {"inst": "instruct", "it": "instruct", "instruction": "instruct"}
# Words that end the model part of an Aider run description ("Qwen3 32B whole with VLLM").
_AIDER_STOPS = frozenset(
    {"diff", "whole", "udiff", "architect", "editor", "on", "with", "via", "using", "recommended",
     "default", "all", "only", "no", "think", "func", "functions", "deprecated", "api"}
)  # fmt: skip
_MONTHS = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}
_FAMILY_START = re.compile(
    r"^(?:gpt|o\d|claude|gemini|gemma|llama|qwen|qwq|deepseek|mistral|mixtral|codestral|"
    r"grok|phi|command|glm|kimi|yi|nova|minimax|chatgpt)",
    re.I,
)
_MARKUP = re.compile(r"\*\*|__|`|\[([^\]]*)\]\([^)]*\)")
_PAREN = re.compile(r"\(([^()]*)\)")
_FULL_DATE = re.compile(
    r"(?<![\d])(?:(?<![a-z])v)?(20\d{2})[-_./]?(0[1-9]|1[0-2])[-_./]?(0[1-9]|[12]\d|3[01])(?!\d)"
)
_ANY_DATE = re.compile(r"20\d\d|[01]\d-[0-3]\d|\d{4}")
_US_DATE = re.compile(r"(?<![\w.])(0[1-9]|1[0-2])-([0-2]\d|3[01])-(20\d{2})(?![\w.])")
_COMBO = re.compile(r"\s+(?:\+|&)\s+")
_SIZE = re.compile(r"\d+(?:\.\d+)?b")
_MONTH_YEAR = re.compile(
    r"(?<![\w.])(0[1-9]|1[0-2]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    r"[-\s](20\d{2})(?![\w.])"
)
_YEAR_MONTH = re.compile(r"(?<![\w.])(20\d{2})(0[1-9]|1[0-2])(?![\w.])")  # step-1o-202506
# "preview-03-25", "(08-24)": a month-day pair; a version like "3-5" has one-digit parts.
_MONTH_DAY = re.compile(r"(?<![\w.])(0[1-9]|1[0-2])-([0-2]\d|3[01])(?![\w.])")
_ID_PATH = re.compile(r"^[\w.:\-]+(?:/[\w.:\-]+)+$")
_ATOM = re.compile(r"[a-z]+|\d+(?:\.\d+)*")


@dataclass(frozen=True, slots=True)
class ParsedModel:
    key: ModelKey
    base: str  # the identity part as spelled, lower case, words joined by "-"
    settings: dict[str, Any] = field(default_factory=dict)
    organisation: str | None = None  # an "org/" prefix or a leading organisation word
    parts: tuple[ParsedModel, ...] = ()  # for "A + B" combinations, each model


def parse_model_name(name: str) -> ParsedModel:
    return _parse(name)


@lru_cache(maxsize=131_072)
def _parse(name: str) -> ParsedModel:
    text = _MARKUP.sub(lambda m: m.group(1) or "", name).strip()
    settings: dict[str, Any] = {}
    text = _scaffold_split(text, settings)
    combo = [p for p in _COMBO.split(text) if p.strip()]
    if len(combo) == 1:
        return _parse_single(text, settings)
    parts = tuple(_parse_single(p, {}) for p in combo)
    words = tuple(sorted(w for p in parts for w in p.key[0])) + ("+",)
    numbers = tuple(n for p in parts for n in p.key[1])
    settings.update(parts[0].settings)
    return ParsedModel((words, numbers), " + ".join(p.base for p in parts), settings, None, parts)


def _parse_single(text: str, settings: dict[str, Any]) -> ParsedModel:
    text = _scaffold_split(text, settings)
    text = _parentheticals(text, settings)
    text, organisation = _prefixes(text, settings)
    text = text.lower().replace("+", "-plus")  # "Command R+" is not "Command R"
    if "_" in text:  # Epoch's "model_setting" suffixes: "_high", "_32K"
        head, _, tail = text.rpartition("_")
        if _suffix_setting(tail, settings):
            text = head
    text = _PRECISION.sub(lambda m: _keep(settings, m.group(1), "precision"), text)
    text = _dates(text, settings)
    spans = [(m.group(), m.start(), m.end()) for m in _ATOM.finditer(text)]
    kept = _identity_atoms([atom for atom, _, _ in spans], settings)
    if len(kept) == 1 and "release" in settings:
        # "gemini-exp-1206": with the stage gone only the family is left, so the stage names
        # the model line here ("gemini-exp"), it is not a stage of some release
        release = next(i for i, (atom, _, _) in enumerate(spans) if atom == settings["release"])
        kept = sorted([*kept, release])
        del settings["release"]
    if (
        organisation is None
        and len(kept) > 1
        and spans[kept[0]][0] in _ORG_WORDS
        and _names_a_model([spans[i][0] for i in kept[1:]])
    ):
        organisation, kept = spans[kept[0]][0], kept[1:]
    sized = any(spans[i][0] == "b" and i > 0 and spans[i - 1][0].isdigit() for i in kept)
    if sized:
        serving = [i for i in kept if spans[i][0] in _SERVING]
        if serving:
            settings.setdefault("serving", spans[serving[0]][0])
            kept = [i for i in kept if i not in serving]
    words = [_SYNONYMS.get(spans[i][0], spans[i][0]) for i in kept]
    key_words = tuple(sorted(w for w in words if not w[0].isdigit()))
    numbers = tuple(n for w in words if w[0].isdigit() for n in w.split("."))
    return ParsedModel(
        (key_words, numbers), _base(spans, kept) or "unknown", settings, organisation
    )


def _base(spans: list[tuple[str, int, int]], kept: list[int]) -> str:
    """The kept words as spelled: glued where the name glues them ("o3-mini", "gpt-4o")."""
    out = ""
    for position, index in enumerate(kept):
        glued = position > 0 and kept[position - 1] == index - 1
        glued = glued and spans[index - 1][2] == spans[index][1]
        out += ("" if glued or not out else "-") + spans[index][0]
    return out


def _scaffold_split(text: str, settings: dict[str, Any]) -> str:
    """'OpenHands + CodeAct v2.1 (claude-3-5-sonnet-20241022)': the model is in parentheses."""
    if "(" not in text and " w" not in text:
        return text
    for match in _PAREN.finditer(text):
        inner = match.group(1).strip()
        outer = (text[: match.start()] + text[match.end() :]).strip()
        if _FAMILY_START.match(inner) and not _FAMILY_START.match(outer):
            settings["scaffold"] = outer
            return inner
    for marker in (" w/ ", " with "):
        head, sep, tail = text.partition(marker)
        if sep and _FAMILY_START.match(tail.strip()) and not _FAMILY_START.match(head.strip()):
            settings["scaffold"] = head.strip()
            return tail.strip()
        if sep and _FAMILY_START.match(head.strip()) and not _FAMILY_START.match(tail.strip()):
            settings["tools"] = tail.strip()
            return head.strip()
    return text


def _parentheticals(text: str, settings: dict[str, Any]) -> str:
    """'o3-mini (high)', 'DeepSeek R1 (0528)', 'Yi (34B)', '(Jun 2025, 32k thinking)'."""
    if "(" not in text:
        return text

    def replace(match: re.Match[str]) -> str:
        inner = match.group(1).strip()
        leftover: list[str] = []
        for piece in re.split(r"[,;]", inner):
            piece = piece.strip().lower()
            if not piece:
                continue
            found: dict[str, Any] = {}
            rest = _dates(piece, found)
            atoms = _ATOM.findall(rest)
            words = [atoms[i] for i in _identity_atoms(atoms, found, in_parentheses=True)]
            settings.update(found)
            if words and _SIZE.fullmatch("".join(words)):
                leftover.append("".join(words))  # a size: "Yi (34B)" is part of the model
            elif words:
                settings.setdefault("note", " ".join(words))
        return " " + " ".join(leftover) + " "

    return _PAREN.sub(replace, text)


def _prefixes(text: str, settings: dict[str, Any]) -> tuple[str, str | None]:
    """Provider and organisation prefixes: 'openrouter/meta-llama/llama-3.3-70b-instruct'."""
    organisation = None
    words = text.split()
    stop = next(
        (i for i, w in enumerate(words) if i > 0 and w.lower().strip(",;") in _AIDER_STOPS), None
    )
    # a run description follows a model's name ("Qwen3 32B whole with VLLM"); after any other
    # name the words are the method's own ("AWD-LSTM 3-layer with Fraternal dropout")
    if stop is not None and _FAMILY_START.match(text.strip()):
        settings["note"] = " ".join(words[stop:])
        text = " ".join(words[:stop])
    parts = [p for p in text.strip().split("/") if p] if _ID_PATH.match(text.strip()) else [text]
    while len(parts) > 1:
        head = parts[0].lower()
        if head in _PROVIDERS:
            settings.setdefault("provider", head)
        else:
            organisation = parts[0]
        parts = parts[1:]
    text = parts[0] if parts else text
    first, dash, rest = text.partition("-")
    if (
        dash
        and rest
        and first.lower() in _ORG_WORDS
        and first.lower() != "meta"
        and _names_a_model(_ATOM.findall(rest.lower()))
    ):
        organisation = organisation or first  # "c4ai-aya-expanse-32b", "parasail-qwen3-..."
        text = rest
    if text.lower().startswith("meta-llama"):
        organisation = organisation or "meta-llama"
        text = text[len("meta-") :]
    if text.lower().startswith("amazon.") or text.lower().startswith("amazon-"):
        organisation = organisation or "amazon"
        text = text[len("amazon.") :]
    return text, organisation


# Unit letters and size words: "Cohere medium v20220720" is Cohere's medium model, not "medium".
_NOT_A_NAME = frozenset({"b", "m", "k", "small", "medium", "large", "xlarge", "xxlarge", "base"})


def _names_a_model(atoms: list[str]) -> bool:
    """Whether what is left after an organisation word still names something ("InternLM-20B"
    is the InternLM model, not a model called "20B")."""
    return any(a.isalpha() and a not in _NOT_A_NAME for a in atoms)


def _suffix_setting(tail: str, settings: dict[str, Any]) -> bool:
    if tail in _EFFORTS:
        settings["reasoning_effort"] = tail
        return True
    if tail[:-1].isdigit() and tail.endswith("k"):
        settings["thinking_budget"] = tail.upper()
        return True
    return False


def _dates(text: str, settings: dict[str, Any]) -> str:
    """Cut date stamps out of a lower-case name and keep the first as `snapshot`."""
    if not _ANY_DATE.search(text):
        return text  # most names carry no date; skip the five patterns below

    def full(match: re.Match[str]) -> str:
        settings.setdefault("snapshot", f"{match.group(1)}-{match.group(2)}-{match.group(3)}")
        return " "

    text = _FULL_DATE.sub(full, text)
    text = _US_DATE.sub(
        lambda m: _keep(settings, f"{m.group(3)}-{m.group(1)}-{m.group(2)}"), text
    )  # Epoch's "chatgpt-4o-01-29-2025"

    def month_year(match: re.Match[str]) -> str:
        month = _MONTHS.get(match.group(1)[:3]) if match.group(1).isalpha() else int(match.group(1))
        settings.setdefault("snapshot", f"{match.group(2)}-{month:02d}")
        return " "

    text = _MONTH_YEAR.sub(month_year, text)
    text = _YEAR_MONTH.sub(lambda m: _keep(settings, f"{m.group(1)}-{m.group(2)}"), text)

    def month_day(match: re.Match[str]) -> str:
        return _keep(settings, f"{match.group(1)}-{match.group(2)}")

    return _MONTH_DAY.sub(month_day, text)


def _keep(settings: dict[str, Any], value: str, name: str = "snapshot") -> str:
    settings.setdefault(name, value)
    return " "


def _identity_atoms(
    atoms: list[str], settings: dict[str, Any], in_parentheses: bool = False
) -> list[int]:
    """Indices of the atoms left for the identity once effort, thinking, release and 4-digit
    stamps are taken out into `settings`."""
    kept: list[int] = []
    words: list[str] = []
    dated = "snapshot" in settings
    index = 0
    while index < len(atoms):
        atom = atoms[index]
        after = atoms[index + 1] if index + 1 < len(atoms) else ""
        # An effort word is a setting in parentheses, after a date stamp, before "effort", or
        # last after a tier ("gpt-5-mini-medium"); "mistral-medium" names a model.
        last_after_tier = (
            index == len(atoms) - 1 and len(words) >= 2 and takes_reasoning_effort("".join(words))
        )
        # A date stamp marks a run of a reasoning model ("o3-2025-04-16-high"), never of a
        # family without efforts: "Cohere medium v20220720" is Cohere's medium model.
        dated_run = dated and bool(words) and takes_reasoning_effort("".join(words))
        position_ok = in_parentheses or dated_run or after == "effort" or last_after_tier
        if atom in ("thinking", "think", "reasoning") and (words or in_parentheses):
            budget = after if after.isdigit() else ""
            if len(budget) == 4:  # qwen3-...-thinking-2507: its own release
                words.append(atom)
                kept.append(index)
                index += 1
                continue
            negated = bool(words) and words[-1] in ("no", "non")
            if negated:
                words.pop()
                kept.pop()
            settings["thinking"] = "off" if negated else "on"
            if budget and index + 2 < len(atoms) and atoms[index + 2] == "k":
                settings["thinking_budget"] = f"{budget}K"
                index += 3
                continue
            index += 1
            continue
        if atom in ("nothinking", "nothink"):
            settings["thinking"] = "off"
        elif atom.endswith("thinking") and atom[: -len("thinking")] in _EFFORTS:
            settings["thinking"] = atom[: -len("thinking")]  # gemini "-highthinking"
        elif atom in _EFFORTS and position_ok and atom != "none":
            settings["reasoning_effort"] = atom
            if after == "effort":
                index += 1
        elif atom == "effort":
            pass
        elif atom.isdigit() and after == "k" and (in_parentheses or dated):
            settings["thinking_budget"] = f"{atom}K"  # "(32k thinking)", "-20250805-...-64k"
            index += 1
        elif atom in _RELEASE_WORDS and words:
            settings.setdefault("release", atom)
        elif atom == "hf" and words and index == len(atoms) - 1:
            pass  # "Llama-2-7b-hf": the Hugging Face conversion of the same weights
        elif atom in ("api", "webapp") and words:
            settings.setdefault("access", atom)
        elif atom == "base" and dated and words:
            settings["thinking"] = "off"  # LiveBench: a dated API model run without thinking
        elif stamp := _stamp(atom, after_name=_named(words) or in_parentheses):
            settings.setdefault("snapshot", stamp)
        else:
            words.append(atom)
            kept.append(index)
        index += 1
    return kept


def _named(words: list[str]) -> bool:
    """A name is there for a stamp to follow: not a lone letter ("A0105" is an id, not A of
    January 5th)."""
    return len(words) > 1 or (len(words) == 1 and len(words[0]) > 1)


def _stamp(atom: str, after_name: bool) -> str | None:
    """A 4-digit build stamp after the model name: mmdd ("0528", "1022") or yymm ("2410")."""
    if not after_name or len(atom) != 4 or not atom.isdigit():
        return None
    first, second = int(atom[:2]), int(atom[2:])
    if 1 <= first <= 12 and 1 <= second <= 31:
        return f"{atom[:2]}-{atom[2:]}"
    if 23 <= first <= 29 and 1 <= second <= 12:
        return f"20{atom[:2]}-{atom[2:]}"
    return None


# Names that are not models: placeholders, and a bare size with no owner to say whose.
_PLACEHOLDER = re.compile(
    r"^(?:|-+|\?+|n/?a|none|null|nil|unknown|tbd|tba|model|models|baseline|tmp|temp|"
    r"test[\d_\-]*|dummy|default|untitled|\d+)$",
    re.I,
)
_BARE_SIZE = re.compile(r"^\d+(?:\.\d+)?\s*[bmk]$", re.I)
# Papers with Code's results tables name a system by its paper: "He et al.", "Liu et al. (2019)"
_CITATION = re.compile(r"\bet\s+al\b", re.I)


def junk_reason(name: str | None) -> str | None:
    """Why a channel's model name names no model (docs/models.md, rule 6), or None.

    The part after an owner is judged ("UCLA-AGI/test" is a placeholder), but a size under a
    named owner is that owner's model ("CausalLM/14B")."""
    text = (name or "").strip()
    owner, slash, rest = text.rpartition("/")
    plain = (rest if slash else text).strip()
    if _PLACEHOLDER.match(text) or _PLACEHOLDER.match(plain):
        return f"{text!r} is a placeholder, not a model name"
    if _BARE_SIZE.match(plain) and not (slash and owner.strip()):
        return f"{text!r} is a bare size, not a model name"
    if _CITATION.search(re.sub(r"\([^()]*\)", " ", plain)):  # "BERT (Devlin et al.)" is BERT
        return f"{text!r} cites a paper's authors, not a model: one name for many papers' systems"
    return None


_VARIANT_WORDS = frozenset({"base", "instruct", "chat", "sft", "dpo", "rlhf", "thinking"})


def has_variant_word(name: str) -> bool:
    """Whether a name says base or post-trained itself ("-Instruct", "-it", "Chat", "Base")."""
    return bool(_VARIANT_WORDS & set(parse_model_name(name).key[0]))
