"""Model identity across channels: one `Model` per release line, with every channel's spelling.

Resolution order for a spelling: a curated alias (curation/models.yaml, matched on the name as
written, without provider/organisation prefix), then the curated entry whose alias parses to the
same identity key, then the parsed identity key itself (`model_names`). The model id is the
curated id, else the identity part as most channels spell it (ties: lower-case API style, then
shorter, then lexically smaller), so adding a channel with a known spelling never moves an id.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from benchhub.crosswalk.model_names import ModelKey, ParsedModel, parse_model_name
from benchhub.crosswalk.types import Model, ModelAlias

# Organisations as HF namespaces, API prefixes and channels write them -> one display name.
DEVELOPERS: dict[str, str] = {
    "openai": "OpenAI",
    "anthropic": "Anthropic",
    "anthopic": "Anthropic",
    "google": "Google",
    "google deepmind": "Google",
    "deepmind": "Google",
    "meta": "Meta",
    "meta-llama": "Meta",
    "facebook": "Meta",
    "mistral": "Mistral AI",
    "mistralai": "Mistral AI",
    "mistral ai": "Mistral AI",
    "qwen": "Alibaba",
    "alibaba": "Alibaba",
    "deepseek": "DeepSeek",
    "deepseek-ai": "DeepSeek",
    "xai": "xAI",
    "x-ai": "xAI",
    "cohere": "Cohere",
    "cohereforai": "Cohere",
    "coherelabs": "Cohere",
    "microsoft": "Microsoft",
    "01-ai": "01.AI",
    "moonshotai": "Moonshot AI",
    "moonshot": "Moonshot AI",
    "zai-org": "Zhipu AI",
    "z.ai": "Zhipu AI",
    "thudm": "Zhipu AI",
    "amazon": "Amazon",
    "nvidia": "NVIDIA",
    "minimax": "MiniMax",
    "ibm": "IBM",
    "ibm-granite": "IBM",
}
# The first word of a release line -> its developer, when no channel says.
FAMILY_DEVELOPERS: dict[str, str] = {
    "gpt": "OpenAI", "o": "OpenAI", "chatgpt": "OpenAI", "codex": "OpenAI", "davinci": "OpenAI",
    "claude": "Anthropic", "gemini": "Google", "gemma": "Google", "palm": "Google",
    "llama": "Meta", "codellama": "Meta", "qwen": "Alibaba", "qwq": "Alibaba",
    "deepseek": "DeepSeek", "mistral": "Mistral AI", "mixtral": "Mistral AI",
    "codestral": "Mistral AI", "ministral": "Mistral AI", "magistral": "Mistral AI",
    "devstral": "Mistral AI", "pixtral": "Mistral AI", "grok": "xAI", "phi": "Microsoft",
    "command": "Cohere", "aya": "Cohere", "glm": "Zhipu AI", "kimi": "Moonshot AI",
    "yi": "01.AI", "nova": "Amazon", "minimax": "MiniMax", "granite": "IBM",
}  # fmt: skip
_SLUG = re.compile(r"[^a-z0-9.+]+")


@dataclass(slots=True)
class CuratedModel:
    model_id: str
    name: str | None = None
    developer: str | None = None
    aliases: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ModelResolver:
    """Maps (channel, spelling) to (model_id, settings); built once per crosswalk."""

    curated: list[CuratedModel]
    _by_alias: dict[str, str] = field(default_factory=dict)
    _by_variant: dict[tuple[ModelKey, str | None, str | None], str] = field(default_factory=dict)
    _by_key: dict[ModelKey, str] = field(default_factory=dict)
    _ids_by_key: dict[ModelKey, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for entry in self.curated:
            for alias in [entry.model_id, *entry.aliases]:
                self._by_alias[_plain(alias)] = entry.model_id
                parsed = parse_model_name(alias)
                variant = _variant(parsed)
                if variant[1:] != (None, None):
                    # "o1-preview", "kimi-k2-thinking": a release or mode a person calls its
                    # own model; it must not claim every spelling of o1 or kimi-k2
                    self._by_variant.setdefault(variant, entry.model_id)
                else:
                    self._by_key.setdefault(parsed.key, entry.model_id)

    def identity(self, name: str) -> tuple[str | None, ParsedModel]:
        """(curated id or None, parse) for one spelling."""
        parsed = parse_model_name(name)
        curated = (
            self._by_alias.get(_plain(name))
            or self._by_variant.get(_variant(parsed))
            or self._by_key.get(parsed.key)
        )
        return curated, parsed

    def register(self, key: ModelKey, model_id: str) -> None:
        self._ids_by_key[key] = model_id

    def resolve(self, channel: str, name: str) -> tuple[str, dict[str, Any]]:
        curated, parsed = self.identity(name)
        if curated is not None:
            return curated, dict(parsed.settings)
        found = self._ids_by_key.get(parsed.key)
        return (found or model_slug(parsed.base)), dict(parsed.settings)


def build_models(
    spellings: Iterable[tuple[str, str, str | None]], resolver: ModelResolver
) -> tuple[list[Model], list[ModelAlias]]:
    """Models and alias rows from (channel, model name, developer as the channel says)."""
    groups: dict[str | ModelKey, list[tuple[str, str, str | None, ParsedModel]]] = defaultdict(list)
    for channel, name, developer in sorted(set(spellings), key=lambda s: (s[0], s[1], s[2] or "")):
        curated, parsed = resolver.identity(name)
        groups[curated if curated is not None else parsed.key].append(
            (channel, name, developer, parsed)
        )
    _fold_unmarked_instruct(groups)
    curated_by_id = {entry.model_id: entry for entry in resolver.curated}
    models: list[Model] = []
    aliases: list[ModelAlias] = []
    taken: set[str] = set(curated_by_id)
    for group_key, members in sorted(groups.items(), key=lambda kv: _group_order(kv)):
        entry = curated_by_id.get(group_key) if isinstance(group_key, str) else None
        base = _chosen_base(members)
        model_id = entry.model_id if entry else _unique(base, taken)
        if not isinstance(group_key, str):
            for _, _, _, parsed in members:
                resolver.register(parsed.key, model_id)
        names = sorted({name for _, name, _, _ in members})
        models.append(
            Model(
                model_id=model_id,
                name=(
                    entry.name if entry and entry.name else _display_name(members, model_id, base)
                ),
                developer=(entry.developer if entry and entry.developer else _developer(members)),
                aliases=names,
            )
        )
        aliases.extend(
            ModelAlias(channel, name, model_id, dict(parsed.settings))
            for channel, name, _, parsed in members
        )
    models.sort(key=lambda m: m.model_id)
    return models, aliases


def _variant(parsed: ParsedModel) -> tuple[ModelKey, str | None, str | None]:
    return parsed.key, parsed.settings.get("release"), parsed.settings.get("thinking")


def _fold_unmarked_instruct(groups: dict[Any, list[Any]]) -> None:
    """'Kimi K2' is 'Kimi K2 Instruct' when the line also publishes a 'Kimi K2 Base': an
    unmarked name then means the chat model. Without a Base sibling ('Llama 3.1 405B' next
    to 'Llama 3.1 405B Instruct') the unmarked name is the pretrained model and stays apart."""
    for key in [k for k in groups if not isinstance(k, str) and "instruct" in k[0]]:
        words = list(key[0])
        words.remove("instruct")
        plain = (tuple(words), key[1])
        base = (tuple(sorted([*words, "base"])), key[1])
        if plain in groups and base in groups and key in groups:
            groups[key].extend(groups.pop(plain))


def model_slug(text: str) -> str:
    return _SLUG.sub("-", text.lower().replace(" + ", "+")).strip("-") or "unknown"


def _plain(name: str) -> str:
    """A spelling without provider/organisation prefix, lower case: the curated alias form."""
    return name.strip().lower().rsplit("/", 1)[-1]


def _group_order(item: tuple[str | ModelKey, list[Any]]) -> tuple[int, str]:
    key, _ = item
    return (0, key) if isinstance(key, str) else (1, repr(key))


def _chosen_base(members: list[tuple[str, str, str | None, ParsedModel]]) -> str:
    """The identity as most channels spell it, then as most spellings do."""
    channels: dict[str, set[str]] = defaultdict(set)
    uses: Counter[str] = Counter()
    for channel, _, _, parsed in members:
        channels[parsed.base].add(channel)
        uses[parsed.base] += 1
    return min(channels, key=lambda b: (-len(channels[b]), -uses[b], " " in b, len(b), b))


def _unique(base: str, taken: set[str]) -> str:
    model_id, counter = model_slug(base), 2
    while model_id in taken:
        model_id, counter = f"{model_slug(base)}-{counter}", counter + 1
    taken.add(model_id)
    return model_id


def _display_name(
    members: list[tuple[str, str, str | None, ParsedModel]], model_id: str, base: str
) -> str:
    """The most used spelling that carries no settings and no prefix, spelled like the id
    where one is; else the id."""
    if len(members) == 1:
        _, name, _, parsed = members[0]
        return name if not parsed.settings and "/" not in name else model_id
    plain = Counter(
        name for _, name, _, parsed in members if not parsed.settings and "/" not in name
    )
    if not plain:
        return model_id
    like_id = {name for _, name, _, parsed in members if parsed.base == base}
    return min(plain, key=lambda n: (n not in like_id, -plain[n], n == n.lower(), len(n), n))


def _developer(members: list[tuple[str, str, str | None, ParsedModel]]) -> str | None:
    said: dict[str, int] = {}
    for _, _, developer, _ in members:
        if developer and developer.lower() != "unknown":
            name = _developer_name(developer)
            said[name] = said.get(name, 0) + 1
    if said:
        return min(said, key=lambda d: (-said[d], d))
    for _, _, _, parsed in members:
        if parsed.organisation and parsed.organisation.lower() not in ("unknown", "models"):
            return _developer_name(parsed.organisation)
    for _, _, _, parsed in members:
        first = re.match(r"[a-z]+", parsed.base)
        if first and first.group() in FAMILY_DEVELOPERS:
            return FAMILY_DEVELOPERS[first.group()]
    return None


def _developer_name(raw: str) -> str:
    return DEVELOPERS.get(raw.strip().lower(), raw.strip())
