"""Variant keys: one benchmark variant written several ways reduced to one key.

Channels name the same language, year or suite in different ways: "MGSM (Swahili)" and
`mgsm:sw`, "WMT 2017 Latvian-English" and `wmt17:lv-en`, lighteval's `bigbench_hard:snarks` and
lm-eval's `bbh_snarks`. `variant_tokens` rewrites a name's tokens (`names.name_forms`) into one
spelling of each: a language name after the first word becomes its ISO 639-1 code, a two-digit
year of a series written elsewhere with four digits becomes four digits, a suite's long
spelling becomes the short one its framework declares, a British spelling the American one.

Each rewrite is one-to-one, so a variant key never meets another language's, another year's or
the parent's: "MGSM sw" and "MGSM de" stay apart, and so do "MGSM" and "MGSM English". Word
order is kept: `wmt17:en-lv` (English to Latvian) is not "WMT 2017 Latvian-English".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from benchhub.crosswalk.keys import StrongKeys, keys_disagree

# Language names as channels write them -> ISO 639-1 codes (639-3 where a language has none:
# Filipino `fil`, Cebuano `ceb`, as lm-eval writes them). A name maps to exactly one code, and
# no two names share a code unless they name one language ("Bangla" and "Bengali"). Only names
# are rewritten, never codes: "it" in a name stays a word unless another spelling says Italian.
LANGUAGE_CODES: dict[str, str] = {
    "afrikaans": "af", "albanian": "sq", "amharic": "am", "arabic": "ar", "armenian": "hy",
    "assamese": "as", "azerbaijani": "az", "bangla": "bn", "basque": "eu", "belarusian": "be",
    "bengali": "bn", "bosnian": "bs", "bulgarian": "bg", "burmese": "my", "catalan": "ca",
    "chinese": "zh", "croatian": "hr", "czech": "cs", "danish": "da", "dutch": "nl",
    "english": "en", "estonian": "et", "ewe": "ee", "farsi": "fa", "finnish": "fi",
    "french": "fr", "galician": "gl", "georgian": "ka", "german": "de", "greek": "el",
    "gujarati": "gu", "haitian": "ht", "hausa": "ha", "hebrew": "he", "hindi": "hi",
    "hungarian": "hu", "icelandic": "is", "igbo": "ig", "indonesian": "id", "inuktitut": "iu",
    "irish": "ga", "italian": "it", "japanese": "ja", "javanese": "jv", "kannada": "kn",
    "kazakh": "kk", "khmer": "km", "kinyarwanda": "rw", "korean": "ko", "kurdish": "ku",
    "lao": "lo", "latvian": "lv", "lingala": "ln", "lithuanian": "lt", "luxembourgish": "lb",
    "macedonian": "mk", "malagasy": "mg", "malay": "ms", "malayalam": "ml", "maltese": "mt",
    "marathi": "mr", "mongolian": "mn", "nepali": "ne", "norwegian": "no", "odia": "or",
    "oriya": "or", "oromo": "om", "pashto": "ps", "persian": "fa", "portuguese": "pt",
    "punjabi": "pa", "quechua": "qu", "romanian": "ro", "russian": "ru", "serbian": "sr",
    "shona": "sn", "sinhala": "si", "slovak": "sk", "slovenian": "sl", "somali": "so",
    "spanish": "es", "sundanese": "su", "swahili": "sw", "swedish": "sv", "tagalog": "tl",
    "tamil": "ta", "telugu": "te", "thai": "th", "tibetan": "bo", "tigrinya": "ti",
    "turkish": "tr", "twi": "tw", "ukrainian": "uk", "urdu": "ur", "uyghur": "ug",
    "uzbek": "uz", "vietnamese": "vi", "welsh": "cy", "wolof": "wo", "xhosa": "xh",
    "yoruba": "yo", "zulu": "zu",
    "akan": "ak", "bambara": "bm", "cebuano": "ceb", "chichewa": "ny", "esperanto": "eo",
    "faroese": "fo", "filipino": "fil", "frisian": "fy", "fula": "ff", "ganda": "lg",
    "hawaiian": "haw", "hmong": "hmn", "kikuyu": "ki", "kirghiz": "ky", "kirundi": "rn",
    "kyrgyz": "ky", "luganda": "lg", "maori": "mi", "nyanja": "ny", "occitan": "oc",
    "polish": "pl", "samoan": "sm", "sindhi": "sd", "swazi": "ss", "tajik": "tg", "tatar": "tt",
    "tsonga": "ts", "tswana": "tn", "turkmen": "tk", "venda": "ve", "yiddish": "yi",
}  # fmt: skip

# A suite's long spelling -> the short one, where the frameworks themselves say they are one:
# lighteval's `bigbench_hard.py` reads the `lighteval/bbh` dataset, and openbench's
# `openbench.evals.bigbench_hard` module names its tasks `bbh_*` ("BigBench Hard - ..."), the
# spelling lm-eval uses. Keys are the compact leading words of a name.
SUITE_SPELLINGS: dict[str, str] = {
    "bigbenchhard": "bbh",
}

# British spellings in task names -> American (lm-eval `bbh_causal_judgement` and lighteval
# `bigbench_hard:causal_judgment` read the same `causal_judgement` config).
SPELLING_VARIANTS: dict[str, str] = {
    "judgement": "judgment",
    "colour": "color",
    "coloured": "colored",
    "behaviour": "behavior",
    "modelling": "modeling",
}

# ISO 3166-1 alpha-2 region codes, as locales write them after a language code (`mmmlu_yo_ng`,
# `pt_br`, `zh_cn`); codes X[A-Z] are user-assigned (`mmmlu_ar_xy`, openai/MMMLU's "AR_XY").
_REGION_LIST = """
    ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq
    br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do
    dz ec ee eg eh er es et fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu
    gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw
    ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu
    mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw
    py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf
    tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws ye yt za
    zm zw xa xb xc xd xe xf xg xh xi xj xk xl xm xn xo xp xq xr xs xt xu xv xw xx xy xz"""
REGION_CODES: frozenset[str] = frozenset(_REGION_LIST.split())

# Words a channel writes for the one variant other channels name without a word: lm-eval's
# `global_mmlu_full_uk` is openbench's "Global-MMLU: Ukrainian" (its `global_mmlu_<lang>` groups
# run the Lite set, which their data set says: `names.SUBSET_CONFIG_TOKENS`).
UNMARKED_WORDS = frozenset({"full"})

_FOUR_DIGIT_YEAR = re.compile(r"(?:19|20)\d\d")
_TWO_DIGIT_YEAR = re.compile(r"\d\d")
_HEAD_AND_YEAR = re.compile(r"([a-z]{3,})(\d\d|(?:19|20)\d\d)")
# Two-digit years up to this one are 20xx, later ones 19xx ("conll03", "muc98").
_LAST_20XX_YEAR = 40


def year_series(token_lists: Iterable[tuple[str, ...]]) -> frozenset[str]:
    """Name heads some channel writes with a four-digit year ("WMT 2017 ...", `wmt2014`): only
    their two-digit numbers are years (`wmt17` is WMT 2017, `cifar10` is no year)."""
    heads: set[str] = set()
    for tokens in token_lists:
        for index, token in enumerate(tokens):
            if (
                index > 0
                and _FOUR_DIGIT_YEAR.fullmatch(token)
                and tokens[index - 1].isalpha()
                and len(tokens[index - 1]) >= 3
            ):
                heads.add(tokens[index - 1])
            elif (match := _HEAD_AND_YEAR.fullmatch(token)) and len(match.group(2)) == 4:
                heads.add(match.group(1))
    return frozenset(heads)


def variant_tokens(
    tokens: tuple[str, ...], series: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """`tokens` with each variant written one way (see the module's docstring)."""
    out = list(_suite_spelling(tokens))
    rewritten: list[str] = []
    for index, token in enumerate(out):
        token = SPELLING_VARIANTS.get(token, token)
        if index > 0 and token in LANGUAGE_CODES:
            token = LANGUAGE_CODES[token]
        if (
            (match := _HEAD_AND_YEAR.fullmatch(token))
            and match.group(1) in series
            and match.group(1) not in LANGUAGE_CODES
        ):
            rewritten.extend((match.group(1), _four_digits(match.group(2))))
            continue
        if rewritten and rewritten[-1] in series and _TWO_DIGIT_YEAR.fullmatch(token):
            token = _four_digits(token)
        rewritten.append(token)
    return tuple(rewritten)


def without_unmarked(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """`tokens` (already `variant_tokens`) without the words other channels leave unwritten: a
    locale's region after a language code (`yo ng` -> `yo`, `pt br` -> `pt`) and a word such as
    "full" (`UNMARKED_WORDS`) after the first. Not one-to-one (`pt br` and `pt pt` both give
    `pt`): a caller uses it only where one spelling of the family reduces to that key."""
    languages = set(LANGUAGE_CODES.values())
    out: list[str] = []
    for index, token in enumerate(tokens):
        if index > 0 and token in UNMARKED_WORDS:
            continue
        if (
            len(out) > 1
            and out[-1] in languages
            and token in REGION_CODES
            and (token not in languages or token == out[-1])
        ):
            continue  # `en de` is a language pair, `de de` and `yo ng` are locales
        out.append(token)
    return tuple(out)


def _suite_spelling(tokens: tuple[str, ...]) -> tuple[str, ...]:
    lead = ""
    for count, token in enumerate(tokens[:4], start=1):
        lead += token
        if lead in SUITE_SPELLINGS:
            return (SUITE_SPELLINGS[lead], *tokens[count:])
    return tokens


def _four_digits(year: str) -> str:
    if len(year) == 4:
        return year
    return f"{20 if int(year) <= _LAST_20XX_YEAR else 19}{year}"


def variant_twins(records: Iterable[tuple[str, StrongKeys]]) -> dict[str, str]:
    """Released ids that are another released id with a variant written another way
    (`mgsm-swahili` and `mgsm-sw`): a merge the crosswalk missed. Each such id maps to its
    twin; ids whose records point at different data (`keys.keys_disagree`) are two benchmarks
    a person has to tell apart, not a miss."""
    keys_of = dict(records)
    words = {benchmark_id: tuple(benchmark_id.split("-")) for benchmark_id in keys_of}
    series = year_series(words.values())
    by_variant: dict[tuple[str, ...], list[str]] = {}
    for benchmark_id in sorted(keys_of):
        by_variant.setdefault(variant_tokens(words[benchmark_id], series), []).append(benchmark_id)
    twins: dict[str, str] = {}
    for ids in by_variant.values():
        for benchmark_id in ids:
            for other in ids:
                if other != benchmark_id and not keys_disagree(
                    [keys_of[benchmark_id]], [keys_of[other]]
                ):
                    twins[benchmark_id] = other
                    break
    return twins
