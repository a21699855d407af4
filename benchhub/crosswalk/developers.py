"""The one developer table: who releases which models, under which official owners.

Every channel and the model crosswalk read it (docs/models.md, rule 3): a spelling's owner
prefix ("meta-llama/", "Qwen/", "anthropic/") is pure spelling only when it is one of the
`owners` of the developer whose `families` the name belongs to; any other owner publishes a
different model (a fine-tune, merge, quantisation or re-upload), however alike the names look.

- `owners`: Hugging Face namespaces and API organisation prefixes the developer publishes its
  own models under, lower case. A renamed organisation lists both names (CohereForAI and
  CohereLabs are one publisher).
- `organisation`: how channels' organisation columns and cards spell the developer
  ("Google DeepMind,Google", "Technology Innovation Institute").
- `families`: how the developer's own model names begin ("gpt-4o", "o3-mini", "Llama 3.1").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Developer:
    name: str
    owners: frozenset[str]
    organisation: re.Pattern[str]
    families: re.Pattern[str] | None
    family_word: re.Pattern[str] | None  # a family's name as any word of a model name


def _developer(name: str, owners: str, organisation: str, families: str | None) -> Developer:
    return Developer(
        name=name,
        owners=frozenset(owners.split()),
        organisation=re.compile(organisation, re.I),
        families=re.compile(rf"^(?:{families})", re.I) if families else None,
        family_word=re.compile(rf"(?:^|[\s._/-])(?:{families})", re.I) if families else None,
    )


# Order matters only for `developer_of_model`: the first family that matches wins.
DEVELOPERS: tuple[Developer, ...] = (
    # before OpenAI, whose "gpt" would take GPT-J and GPT-Neo
    _developer("EleutherAI", "eleutherai", r"eleuther", r"gpt-j|gpt-neo|pythia|llemma"),
    _developer(
        "OpenAI",
        "openai openai-community",
        r"openai",
        r"gpt|o\d(?![\d.])|chatgpt|davinci|text-davinci|code-davinci|curie|babbage|ada-\d|codex(?![\s_-]*cli)",
    ),
    _developer("Anthropic", "anthropic anthopic", r"anthropic|anthopic", r"claude"),
    _developer(
        "Google",
        "google google-deepmind deepmind",
        r"google",
        r"gemini|gemma|palm|codegemma|recurrentgemma|t5|flan|lamda|minerva|ul2|glam|switch-",
    ),
    _developer("DeepMind", "deepmind", r"deepmind", r"gopher|chinchilla"),
    _developer(
        "Meta",
        "meta-llama facebook meta metaai codellama",
        r"\bmeta\b|meta-llama|facebook",
        r"llama|codellama|opt\b|galactica|roberta",
    ),
    _developer(
        "Mistral AI",
        "mistralai mistral",
        r"mistral",
        r"mistral|mixtral|codestral|ministral|magistral|devstral|pixtral|mathstral",
    ),
    _developer("Alibaba", "qwen alibaba alibaba-nlp", r"alibaba|qwen", r"qwen|qwq|qvq"),
    _developer("DeepSeek", "deepseek-ai deepseek", r"deepseek", r"deepseek"),
    _developer("xAI", "xai x-ai xai-org", r"\bxai\b|x-ai", r"grok"),
    _developer("Cohere", "cohereforai coherelabs cohere c4ai", r"cohere", r"command|aya|c4ai"),
    _developer(
        "Microsoft",
        "microsoft wizardlmteam",
        r"microsoft",
        r"phi-?\d|phi\b|orca|wizardlm|mt-nlg|tnlg",
    ),
    _developer("01.AI", "01-ai", r"01\.ai|01-ai", r"yi-|yi\b"),
    _developer("Moonshot AI", "moonshotai moonshot", r"moonshot", r"kimi|moonlight"),
    _developer(
        "Zhipu AI",
        "zai-org thudm z-ai zhipuai",
        r"zhipu|z\.ai|zai-org|thudm",
        r"glm|chatglm|codegeex",
    ),
    _developer("Amazon", "amazon", r"amazon", r"nova|titan"),
    _developer("NVIDIA", "nvidia", r"nvidia", r"nemotron|megatron"),
    _developer("MiniMax", "minimaxai minimax", r"minimax", r"minimax|abab"),
    _developer("IBM", "ibm-granite ibm", r"\bibm\b", r"granite"),
    _developer("TII", "tiiuae", r"technology innovation institute|tiiuae|\btii\b", r"falcon"),
    _developer("Baichuan", "baichuan-inc", r"baichuan", r"baichuan"),
    _developer("Salesforce", "salesforce", r"salesforce", r"xgen|codegen|blip"),
    _developer("Inflection AI", "inflection", r"inflection", r"inflection"),
    _developer(
        "Shanghai AI Lab",
        "internlm opengvlab shanghai-ai-lab",
        r"shanghai ai lab|internlm|opengvlab",
        r"internlm|internvl|visionllm",
    ),
    _developer("AI2", "allenai", r"allen institute|allenai|\bai2\b", r"olmo|tulu|unicorn|macaw"),
    _developer("StepFun", "stepfun-ai", r"stepfun", r"step-\d"),
    _developer("AI21 Labs", "ai21 ai21labs", r"\bai21\b", r"jamba|jurassic|j2-"),
    _developer("Databricks", "databricks mosaicml", r"databricks|mosaicml", r"dbrx|dolly|mpt-"),
    _developer("LMSYS", "lmsys", r"\blmsys\b", r"vicuna|fastchat"),
    _developer("BigCode", "bigcode", r"\bbigcode\b", r"starcoder|santacoder"),
    _developer(
        "Hugging Face",
        "huggingfaceh4 huggingfacetb huggingfacem4 huggingface",
        r"hugging ?face",
        r"zephyr|smollm|idefics|starchat",
    ),
    _developer("BigScience", "bigscience", r"bigscience", r"bloom|mt0"),
    _developer("Stability AI", "stabilityai", r"stability", r"stablelm|stablebeluga|stable-code"),
    _developer("Upstage", "upstage", r"\bupstage\b", r"solar"),
    _developer("Snowflake", "snowflake", r"snowflake", r"snowflake-arctic|arctic-"),
    _developer("Writer", "writer", r"^writer$", r"palmyra"),
    _developer("Nous Research", "nousresearch", r"nous ?research", r"hermes|nous-"),
    _developer("Teknium", "teknium", r"\bteknium\b", r"openhermes"),
    _developer("OpenChat", "openchat", r"\bopenchat\b", r"openchat"),
    _developer("Together", "togethercomputer", r"together ?computer", r"redpajama"),
    _developer("Abacus.AI", "abacusai", r"abacus", r"smaug|dracarys"),
    _developer(
        "Cognitive Computations",
        "cognitivecomputations ehartford",
        r"cognitive ?computations",
        r"dolphin",
    ),
)

_BY_OWNER = {owner: dev for dev in DEVELOPERS for owner in dev.owners}
_BY_NAME = {dev.name.lower(): dev for dev in DEVELOPERS}


def developer_of_owner(owner: str) -> Developer | None:
    """The developer publishing under an HF namespace or organisation prefix ("meta-llama")."""
    return _BY_OWNER.get(owner.strip().lower())


@lru_cache(maxsize=65_536)
def developer_of_model(name: str) -> Developer | None:
    """The developer whose own model names begin like `name` (the part after any owner)."""
    text = name.strip().lower()
    return next((d for d in DEVELOPERS if d.families and d.families.match(text)), None)


def developers_in(organisation_text: str) -> frozenset[str]:
    """Every developer an organisation column names ("Google DeepMind,Google" -> both)."""
    return frozenset(d.name for d in DEVELOPERS if d.organisation.search(organisation_text))


def developer_name(raw: str) -> str:
    """A channel's way of naming a developer ("meta-llama", "Google DeepMind") -> our name;
    unknown organisations are kept as written."""
    text = raw.strip()
    known = _BY_OWNER.get(text.lower()) or _BY_NAME.get(text.lower())
    if known:
        return known.name
    named = [d for d in DEVELOPERS if d.organisation.search(text)]
    return named[0].name if len(named) == 1 else text


def is_official_owner(owner: str, model_name: str) -> bool:
    """Whether `owner/model_name` is the developer's own publication: the owner belongs to
    the developer whose family the name is, or the name carries the owner's own family
    after another's (NVIDIA's "Llama-3.1-Nemotron-70B", AI2's "Llama-3.1-Tulu-3-8B": built on
    Llama, released by them). A re-upload under another developer's name ("nvidia/Llama-3.1-8B")
    carries no family of its owner's and stays the owner's model."""
    owner = owner.strip().lower()
    by_name = developer_of_model(model_name)
    if by_name is not None and owner in by_name.owners:
        return True
    publisher = _BY_OWNER.get(owner)
    return bool(publisher and publisher.family_word and publisher.family_word.search(model_name))


# Families released only as chat/API models: no base weights, so "instruct" adds nothing.
_CHAT_ONLY = re.compile(r"^(?:gpt|o\d|chatgpt|claude|gemini|grok)", re.I)


def chat_only(name: str) -> bool:
    return bool(_CHAT_ONLY.match(name.strip()))


# Families whose API takes a reasoning effort ("o3-high", "gpt-5-mini-medium", "grok-3-mini-high"):
# only there is a trailing "medium" an effort rather than a size ("gpt2-medium", "Phi-3-medium",
# "Cohere medium"). Matched on the name's words run together ("gpt5mini").
_EFFORT_FAMILIES = re.compile(
    r"^(?:o\d|gpt5|gptoss|codex|grok|claude|gemini|deepseek|qwen|qwq|magistral|kimi|glm|minimax)"
)


def takes_reasoning_effort(words: str) -> bool:
    return bool(_EFFORT_FAMILIES.match(words))


def family_words() -> frozenset[str]:
    """Owner names written before a model name without a slash ("Meta-Llama-3-8B")."""
    return frozenset(_BY_OWNER)
