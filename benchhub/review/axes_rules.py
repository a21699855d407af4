"""How the heuristic reviewer files a benchmark under capability axes.

Three sources: the channels' own tags and categories (evalscope tags, inspect_evals groups,
openbench categories, lighteval tags, the Papers with Code tasks a data set is listed under
...), mapped below, a tag naming images or video giving `vision`; keywords in the names and
description; and the languages channels list (any but English means multilingual). A modality
comes from the record's own tags, never from the research area of a task that lists it.
All only ever produce names from `benchhub.axes`.
"""

from __future__ import annotations

import re

from benchhub.axes import ordered_axes
from benchhub.catalog import MergedBenchmark

# a channel tag, lower-cased with only letters and digits kept -> axes
HINT_AXES: dict[str, tuple[str, ...]] = {
    "knowledge": ("knowledge",),
    "knowledgeqa": ("knowledge",),
    "reasoning": ("reasoning",),
    "logic": ("reasoning",),
    "causalreasoning": ("reasoning",),
    "math": ("math",),
    "mathematics": ("math",),
    "coding": ("coding",),
    "code": ("coding",),
    "agent": ("agentic",),
    "agents": ("agentic",),
    "assistants": ("agentic",),
    "functioncalling": ("tool_use",),
    "tools": ("tool_use",),
    "longcontext": ("long_context",),
    "needle": ("long_context",),
    "multilingual": ("multilingual",),
    "crosslingual": ("multilingual",),
    "machinetranslation": ("multilingual",),
    "chinese": ("multilingual",),
    "arabic": ("multilingual",),
    "instructionfollowing": ("instruction_following",),
    "readingcomprehension": ("reading_comprehension",),
    "commonsense": ("commonsense",),
    "commonsensereasoning": ("commonsense",),
    "nli": ("language_understanding",),
    "grammar": ("language_understanding",),
    "syntax": ("language_understanding",),
    "linguistics": ("language_understanding",),
    "linguistic": ("language_understanding",),
    "glue": ("language_understanding",),
    "textclassification": ("language_understanding",),
    "languagemodeling": ("language_understanding",),
    "coreferenceresolution": ("language_understanding",),
    "superglue": ("language_understanding",),
    "science": ("science",),
    "medical": ("science",),
    "medicine": ("science",),
    "healthcare": ("science",),
    "multimodal": ("vision",),
    "images": ("vision",),
    "vision": ("vision",),
    "visual": ("vision",),
    "video": ("vision",),
    "multiturn": ("dialogue",),
    "arena": ("dialogue",),
    "hallucination": ("factuality",),
    "factuality": ("factuality",),
    "safety": ("safety",),
    "safeguards": ("safety",),
    "scheming": ("safety",),
    "bias": ("safety",),
    "toxicity": ("safety",),
    "jailbreak": ("safety",),
    "promptinjection": ("safety",),
    "ethicssocial": ("safety",),
    "cybersecurity": ("cybersecurity",),
}

_LANGUAGES = (
    "arabic|chinese|korean|japanese|german|french|spanish|portuguese|italian|russian|ukrainian"
    "|polish|czech|dutch|greek|turkish|hebrew|persian|hindi|bengali|tamil|telugu|urdu|indic"
    "|vietnamese|thai|indonesian|malay|filipino|tagalog|swahili|yoruba|igbo|hausa|amharic|zulu"
    "|basque|catalan|galician|finnish|estonian|latvian|lithuanian|hungarian|romanian|serbian"
    "|croatian|norwegian|swedish|danish|icelandic|taiwanese|cantonese|hokkien"
)
# axis -> words in a name or description that put a benchmark on it; `[a-z0-9]*` lets a
# keyword carry a prefix ("kmmlu", "afrimgsm"). Benchmarks named by common words (DROP, RACE)
# are left to their channels' tags: "performance drops" is not reading comprehension.
_KEYWORDS: dict[str, str] = {
    "knowledge": r"[a-z0-9]*mmlu|trivia|knowledge|exam(s|ination)?(?![a-z])|c-?eval|quiz"
    r"|arc[-_ ]?(easy|challenge)|openbookqa|natural ?questions|jeopardy",
    "reasoning": r"reasoning|bbh|big-?bench|logic|puzzle|arc-agi|zebra|musr|mastermind|sudoku"
    r"|deduct",
    "math": r"math|[a-z0-9]*gsm-?8k|[a-z0-9]*mgsm|aime|arithmetic|algebra|olympiad|theorem"
    r"|geometry|calculus",
    "coding": r"code|coding|program|humaneval|mbpp|swe-?bench|livecodebench|aider|polyglot"
    r"|ds-?1000|text-to-sql|spider",
    "agentic": r"agent|terminal-?bench|swe-?bench|webarena|browse|gaia|osworld|tau-?bench",
    "tool_use": r"tool[- ]?use|tool[- ]?calling|function[- ]?call|bfcl|api-?bank|toolbench",
    "long_context": r"long[- ]?context|needle|ruler|longbench[a-z0-9]*|infinite-?bench"
    r"|babilong|zero-?scrolls|scrolls|libra",
    "multilingual": rf"multilingual|cross-?lingual|translat|[a-z]*xnli|xcopa|xstorycloze|xwinograd"
    rf"|flores|wmt\d*|global-?mmlu|mmmlu|kmmlu|cmmlu|tmmlu[a-z]*|egymmlu|afri[a-z]*"
    rf"|masakha[a-z]*|mafand|ntrex|belebele|mlqa|xquad|tydi|({_LANGUAGES})(?![a-z])",
    "instruction_following": r"ifeval|ifbench|instruction[- ]following|follow instructions"
    r"|alpacaeval",
    "reading_comprehension": r"reading comprehension|squad|coqa|quac"
    r"|boolq|mlqa|xquad"
    r"|tydi",
    "commonsense": r"commonsense|hellaswag|piqa|winogrande|winograd|siqa|social[_ ]i?qa|copa"
    r"|xcopa|storycloze|xstorycloze|swag",
    "language_understanding": r"glue|blimp|grammar|syntax|natural language inference"
    r"|[a-z]*nli(?![a-z])|lambada|paraphrase|sentiment|named entity|masakhaner|wikitext|perplexity",
    "science": r"scien(ce|tific)|physics|chemistry|biology|medic|clinical|gpqa|scibench|pubmed"
    r"|sciq|health|anatomy|astronomy|med(qa|mcqa)",
    "vision": r"vision|visual|image|video|mmmu|chart|diagram|ocr|vqa",
    "dialogue": r"arena|mt-?bench|chatbot|multi-turn|conversation|dialog",
    "factuality": r"truthful|hallucinat|factual|simpleqa",
    "safety": r"safety|harm|jailbreak|toxic|bias|refusal|red[- ]team|injection|persona(?![a-z])|hhh"
    r"|ethic|moral|stereotype|bbq|crows",
    "cybersecurity": r"cyber|ctf|capture[- ]the[- ]flag|exploit|vulnerab",
}
# a keyword starts after anything but a letter or digit: "_" separates words in task ids
# ("leaderboard_gpqa_diamond")
_KEYWORD_PATTERNS = {
    axis: re.compile(rf"(?<![a-z0-9])({words})") for axis, words in _KEYWORDS.items()
}
# Tasks done on images, video or 3D scenes only, as channels name them (Papers with Code's
# task names): "Object Tracking", "Instance Segmentation" (not "Word Segmentation"), "Depth
# Estimation", "3D Reconstruction", "Face Detection", "Pose Estimation", "Novel View Synthesis".
_VISION_TASK = re.compile(
    r"(?<![a-z0-9])(?:object|(?:semantic|instance|panoptic|scene|part|lane|polyp|lesion|tumor"
    r"|medical)[a-z ]*segmentation|[23]d(?![a-z])|depth|face(?![a-z])|facial|pose estimation"
    r"|point cloud|optical flow|novel view|super-?resolution|action recognition|scene"
    r"|pedestrian|person re-?identification|crowd counting)"
)
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_ENGLISH = frozenset({"en", "eng", "english", "en-us", "en-gb"})
# "de", "zh-cn", "hau_Latn", or a language's name; not "python" (channels list code languages too)
_NATURAL_LANGUAGE = re.compile(
    rf"[a-z]{{2}}([-_][a-z0-9]{{2,4}})?|[a-z]{{3}}[-_][a-z]{{4}}|{_LANGUAGES}"
)


def heuristic_axes(benchmark: MergedBenchmark) -> list[str]:
    axes: set[str] = set()
    for hint in benchmark.capability_hints:
        axes.update(HINT_AXES.get(_NON_ALNUM.sub("", hint.lower()), ()))
        # a tag or task that only images or video can be (the record is listed under "Image
        # Classification", "Object Detection", "Semantic Segmentation") files it under vision;
        # an area a task is filed under is no such tag (see the Papers with Code channel)
        if _KEYWORD_PATTERNS["vision"].search(lowered := hint.lower()) or _VISION_TASK.search(
            lowered
        ):
            axes.add("vision")
    text = " ".join([benchmark.name, *benchmark.aliases, benchmark.description or ""]).lower()
    axes.update(axis for axis, pattern in _KEYWORD_PATTERNS.items() if pattern.search(text))
    if any(_is_foreign_language(language) for language in benchmark.languages):
        axes.add("multilingual")
    return ordered_axes(axes)


def _is_foreign_language(language: str) -> bool:
    name = language.strip().lower()
    return name not in _ENGLISH and _NATURAL_LANGUAGE.fullmatch(name) is not None
