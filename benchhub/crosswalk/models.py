"""Model identity across channels: the identity policy of docs/models.md, in one place.

A spelling (channel, name, the channel's developer column, the scaffold the row names) becomes
one of three things:
- a parse issue, when the name names no model (`junk_reason`: empty, "N/A", "test", a bare
  size); it gets no id;
- an agent system, when a scaffold runs the model ("OpenHands (claude-3-5-sonnet-20241022)",
  "Aguvis-72B w/ GPT-4o", a SWE-bench or Terminal-Bench entry naming its agent): its own id
  `<scaffold>--<model id>`, kind `agent_system`, the underlying model in `base_model`; its
  scores never land on the bare model's id;
- a model, identified by
  1. its publisher: an owner prefix ("meta-llama/", "Qwen/") that is an official owner of the
     developer whose family the name is (benchhub/crosswalk/developers.py) is spelling; any
     other owner publishes a different model, with id `<owner>--<name>`;
  2. the name's identity key (model_names: case, separators, word order, router/provider
     prefixes, serving precision, effort and thinking settings do not count; sizes, base vs
     instruct words and versions do);
  3. the dated snapshot when the name carries one, else the release stage (preview,
     experimental, beta, latest): "gpt-4o", "gpt-4o-2024-05-13" and "gpt-4-1106-preview" are
     three ids; a short date ("GPT 4 (1106)", "GPT-4o 0513") joins the one full date of its
     line that ends with it.
  Every model keeps a `line` (the name without stage and date) for browsing and roll-ups.

A curated entry (curation/models.yaml) wins: its aliases, matched on the name as written
without provider/owner prefix, or on the identity they parse to. The id of an automatic
identity is the identity part as most channels spell it, then the stage and date, so adding a
channel with a known spelling never moves an id.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from benchhub.crosswalk.developers import (
    developer_name,
    developer_of_model,
    developer_of_owner,
    is_official_owner,
)
from benchhub.crosswalk.model_names import ModelKey, ParsedModel, junk_reason, parse_model_name
from benchhub.crosswalk.types import Model, ModelAlias

MODEL = "model"
AGENT_SYSTEM = "agent_system"
# Channels whose model names are Hugging Face repository ids ("owner/name").
HF_REPO_CHANNELS = frozenset({"open_llm_leaderboard"})
_SLUG = re.compile(r"[^a-z0-9.+]+")
_STAGES = {"experimental": "exp", "prev": "preview"}
_NO_OWNER = frozenset({"unknown", "models", "none"})


@dataclass(slots=True)
class CuratedModel:
    model_id: str
    name: str | None = None
    developer: str | None = None
    aliases: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Identity:
    """What a spelling names. `owner` is set only for a publisher that is not the developer."""

    owner: str | None
    key: ModelKey
    stage: str | None
    snapshot: str | None

    def line_key(self) -> tuple[str | None, ModelKey]:
        return self.owner, self.key


@dataclass(frozen=True, slots=True)
class Spelling:
    channel: str
    name: str
    developer: str | None
    scaffold: str | None  # the agent the row names beside the model, as the channel says


@dataclass(slots=True)
class _Resolved:
    parsed: ParsedModel
    identity: Identity | None  # the model's (None: an agent system that names no model)
    agent: str | None  # the scaffold, for an agent system
    curated: str | None


@dataclass(slots=True)
class ModelResolver:
    """Maps (channel, spelling, scaffold) to (model_id, settings); built once per crosswalk."""

    curated: list[CuratedModel]
    _by_alias: dict[str, str] = field(default_factory=dict)
    _by_identity: dict[Identity, str] = field(default_factory=dict)
    _ids: dict[Identity, str] = field(default_factory=dict)  # filled by build_models
    _agent_ids: dict[tuple[str, str | None], str] = field(default_factory=dict)
    _joined: dict[Identity, Identity] = field(default_factory=dict)  # short date -> full

    def __post_init__(self) -> None:
        for entry in self.curated:
            for alias in [entry.model_id, *entry.aliases]:
                self._by_alias[_plain(alias)] = entry.model_id
                self._by_identity.setdefault(identity_of(parse_model_name(alias)), entry.model_id)

    def read(self, name: str, scaffold: str | None = None) -> _Resolved | None:
        """What one spelling names; None for a name that names no model."""
        if junk_reason(name) and not scaffold:
            return None
        parsed = parse_model_name(name)
        agent = agent_of(name, parsed, scaffold)
        if agent is not None and agent == (scaffold or "").strip() == name.strip():
            return _Resolved(parsed, None, agent, None)  # the system names no model
        identity = identity_of(parsed)
        identity = self._joined.get(identity, identity)
        curated = self._by_alias.get(_plain(name)) if identity.owner is None else None
        curated = curated or self._by_identity.get(identity)
        return _Resolved(parsed, identity, agent, curated)

    def resolve(
        self, channel: str, name: str, scaffold: str | None = None
    ) -> tuple[str | None, dict[str, Any]]:
        read = self.read(name, scaffold)
        if read is None:
            return None, {}
        settings = _settings(read)
        model_id = self._model_id(read)
        if read.agent is None:
            return model_id, settings
        found = self._agent_ids.get((_agent_key(read.agent), model_id))
        return found or agent_id(read.agent, model_id), settings

    def _model_id(self, read: _Resolved) -> str | None:
        if read.identity is None:
            return None
        if read.curated is not None:
            return read.curated
        return self._ids.get(read.identity) or _id_for(read.identity, read.parsed.base)


def identity_of(parsed: ParsedModel) -> Identity:
    owner = parsed.organisation
    if owner is not None and (
        owner.strip().lower() in _NO_OWNER or is_official_owner(owner, parsed.base)
    ):
        owner = None
    elif owner is not None and developer_of_model(parsed.base) is None:
        # a family the developer table does not know: the owner is official when the table
        # lists it for a developer ("nvidia/Nemotron-..."), else it names the publisher
        known = developer_of_owner(owner)
        owner = None if known is not None and _owner_family(known.name, parsed.base) else owner
    snapshot = parsed.settings.get("snapshot")
    stage = parsed.settings.get("release")
    stage = _STAGES.get(stage, stage) if stage else None
    return Identity(
        owner=owner.strip().lower() if owner else None,
        key=parsed.key,
        stage=stage,
        snapshot=snapshot,
    )


def _owner_family(developer: str, base: str) -> bool:
    found = developer_of_model(base)
    return found is None or found.name == developer


def agent_of(name: str, parsed: ParsedModel, scaffold: str | None) -> str | None:
    """The scaffold a spelling runs its model in, or None for a bare model.

    Inline: "OpenHands (claude-...)", "Aguvis-72B w/ GPT-4o", "gpt-4o w/ browsing" (Aider's
    "... with VLLM" is how the model was served, a setting). Beside the name: a channel's agent
    column, unless it only names the model again ("Claude 3.7 Sonnet (50 steps)" beside
    claude-3-7-sonnet-20250219, Epoch's OSWorld rows)."""
    inline = parsed.settings.get("scaffold")
    if not inline and " w/ " in name:
        inline = parsed.settings.get("tools")  # "gpt-4o w/ browsing": the model with a tool
    if inline:
        return str(inline).strip()
    text = (scaffold or "").strip()
    if not text:
        return None
    if text == name.strip():
        return None if developer_of_model(text) else text
    said = parse_model_name(text)
    if said.settings.get("scaffold"):  # "Kortix AI (claude-3-5-sonnet-20241022)"
        return str(said.settings["scaffold"]).strip()
    if developer_of_model(said.base) and _same_model(said, parsed):
        return None
    return text


def _same_model(said: ParsedModel, parsed: ParsedModel) -> bool:
    words, numbers = said.key
    return set(words) <= set(parsed.key[0]) and numbers == parsed.key[1][: len(numbers)]


def names_agent_system(name: str, scaffold: str | None) -> bool:
    """Whether a spelling (with the scaffold its row names) is an agent system."""
    return agent_of(name, parse_model_name(name), scaffold) is not None


def publishers_of(names: Iterable[str]) -> list[str]:
    """The distinct publishers the owner prefixes of `names` name ("meta-llama/..." and
    "meta/..." are both Meta: a developer's official owners are one publisher, e.g. Cohere's
    renamed CohereForAI and CohereLabs); providers and "unknown/" are not publishers."""
    found: set[str] = set()
    for name in names:
        owner = parse_model_name(name).organisation
        if not owner or owner.strip().lower() in _NO_OWNER:
            continue
        developer = developer_of_owner(owner)
        found.add(developer.name if developer else owner.strip().lower())
    return sorted(found)


def scaffold_of(settings: dict[str, Any] | None) -> str | None:
    """The agent a score's row names beside its model (the channels' `scaffold` setting)."""
    value = (settings or {}).get("scaffold")
    return str(value).strip() or None if value else None


def agent_id(scaffold: str, model_id: str | None) -> str:
    return f"{model_slug(scaffold)}--{model_id}" if model_id else model_slug(scaffold)


def _agent_key(scaffold: str) -> str:
    return model_slug(scaffold)


def _settings(read: _Resolved) -> dict[str, Any]:
    settings = dict(read.parsed.settings)
    settings.pop("scaffold", None)  # the agent is the entity now, not a setting
    settings.pop("tools", None)
    if read.identity is not None:
        settings.pop("snapshot", None)  # part of the identity
        if read.identity.stage:
            settings.pop("release", None)
    return settings


def build_models(
    spellings: Iterable[tuple[str, str, str | None, str | None]], resolver: ModelResolver
) -> tuple[list[Model], list[ModelAlias]]:
    """Models and alias rows from (channel, model name, developer as the channel says,
    scaffold the row names). Names that name no model get neither."""
    reads: list[tuple[Spelling, _Resolved]] = []
    for spelling in sorted({Spelling(*s) for s in spellings}, key=_spelling_order):
        read = resolver.read(spelling.name, spelling.scaffold)
        if read is not None:
            reads.append((spelling, read))
    resolver._joined.update(_short_dates(reads))
    reads = [
        (s, _Resolved(r.parsed, resolver._joined.get(r.identity, r.identity), r.agent, r.curated))
        if r.identity is not None
        else (s, r)
        for s, r in reads
    ]
    groups: dict[Identity | str, list[tuple[Spelling, _Resolved]]] = defaultdict(list)
    for spelling, read in reads:
        if read.identity is not None:
            groups[read.curated or read.identity].append((spelling, read))
    _place_pretrained(groups)
    _fold_unmarked_instruct(groups)
    curated_by_id = {entry.model_id: entry for entry in resolver.curated}
    taken: set[str] = set(curated_by_id)
    models: dict[str, Model] = {}
    for group_key, members in sorted(groups.items(), key=_group_order):
        entry = curated_by_id.get(group_key) if isinstance(group_key, str) else None
        base = _chosen_base(members)
        identity = members[0][1].identity
        assert identity is not None
        model_id = entry.model_id if entry else _unique(_id_for(identity, base), taken)
        for _, read in members:
            if read.identity is not None and not read.curated:
                resolver._ids[read.identity] = model_id
        models[model_id] = _model(model_id, entry, identity, base, members)
    aliases: list[ModelAlias] = []
    agents: dict[str, list[tuple[Spelling, _Resolved, str | None]]] = defaultdict(list)
    for spelling, read in reads:
        resolved, settings = resolver.resolve(spelling.channel, spelling.name, spelling.scaffold)
        assert resolved is not None
        if read.agent is not None:
            agents[resolved].append((spelling, read, resolver._model_id(read)))
        aliases.append(
            ModelAlias(spelling.channel, spelling.name, resolved, settings, spelling.scaffold)
        )
    for agent, runs in agents.items():
        models[agent] = _agent_model(agent, runs, models)
    return sorted(models.values(), key=lambda m: m.model_id), _unique_aliases(aliases)


def _model(
    model_id: str,
    entry: CuratedModel | None,
    identity: Identity,
    base: str,
    members: list[tuple[Spelling, _Resolved]],
) -> Model:
    names = sorted({s.name for s, _ in members})
    hf_repos = sorted(
        s.name for s, read in members if s.channel in HF_REPO_CHANNELS and "/" in s.name
    )
    developer = entry.developer if entry and entry.developer else _developer(identity, members)
    return Model(
        model_id=model_id,
        name=entry.name if entry and entry.name else _display_name(members, model_id, base),
        developer=developer,
        aliases=names,
        kind=MODEL,
        line=_line(identity, base),
        version=identity.stage,
        snapshot=identity.snapshot,
        base_model=None,
        open_weights=True if hf_repos else None,
        hf_repo=hf_repos[0] if hf_repos else None,
    )


def _agent_model(
    model_id: str, members: list[tuple[Spelling, _Resolved, str | None]], models: dict[str, Model]
) -> Model:
    scaffolds = Counter(read.agent for _, read, _ in members if read.agent)
    scaffold = min(scaffolds, key=lambda s: (-scaffolds[s], s))
    underlying = next((u for _, _, u in members if u is not None), None)
    model = models.get(underlying) if underlying else None
    name = f"{scaffold} ({model.name})" if model else scaffold
    return Model(
        model_id=model_id,
        name=name,
        developer=None,
        aliases=sorted({s.name for s, _, _ in members}),
        kind=AGENT_SYSTEM,
        line=model_slug(scaffold),
        version=None,
        snapshot=None,
        base_model=underlying,
        open_weights=None,
        hf_repo=None,
    )


def _unique_aliases(aliases: list[ModelAlias]) -> list[ModelAlias]:
    seen: set[tuple[str, str, str | None]] = set()
    out: list[ModelAlias] = []
    for alias in aliases:
        key = (alias.channel, alias.source_name, alias.scaffold)
        if key not in seen:
            seen.add(key)
            out.append(alias)
    return out


def _short_dates(reads: list[tuple[Spelling, _Resolved]]) -> dict[Identity, Identity]:
    """'GPT-4o 0513' next to 'gpt-4o-2024-05-13', 'GPT 4 (1106)' next to 'gpt-4-1106-preview':
    a dated spelling that says less (a month-day stamp, no stage word) joins the one dated
    identity of its line that says the same and more. A date names one build, so the stage
    word adds nothing to it; two candidates leave it apart."""
    dated: dict[tuple[str | None, ModelKey], set[tuple[str | None, str]]] = defaultdict(set)
    for _, read in reads:
        if read.identity and read.identity.snapshot:
            dated[read.identity.line_key()].add((read.identity.stage, read.identity.snapshot))
    joined: dict[Identity, Identity] = {}
    for identity in {read.identity for _, read in reads if read.identity}:
        if not identity.snapshot:
            continue
        own = (identity.stage, identity.snapshot)
        fuller = {
            (stage, date)
            for stage, date in dated[identity.line_key()]
            if (stage, date) != own
            and date.endswith(identity.snapshot)
            and (identity.stage is None or stage == identity.stage)
            and len(date) >= len(identity.snapshot)
        }
        if len(fuller) == 1:
            stage, date = fuller.pop()
            joined[identity] = Identity(identity.owner, identity.key, stage, date)
    return joined


def _place_pretrained(groups: dict[Any, list[tuple[Spelling, _Resolved]]]) -> None:
    """A card's pre-trained table ('Llama 3.1 70B Pretrained', vendor_model_cards) names the
    line's base weights: the developer's '-Base' release where it publishes one (DeepSeek-V3,
    Kimi K2), else the unmarked Hugging Face repository ('meta-llama/Llama-3.1-70B') or the
    unmarked name the same channel files its base rows under (Epoch's model version
    'Llama-3.1-405B' for "LLaMA-3.1 405B Base"). An unmarked name that no channel gives as a
    repository may mean the chat model ('Llama 4 Maverick'), so the pretrained name then stays
    apart."""
    for key in [k for k in groups if isinstance(k, Identity) and "pretrained" in k.key[0]]:
        words = [w for w in key.key[0] if w != "pretrained"]
        plain = Identity(key.owner, (tuple(words), key.key[1]), key.stage, key.snapshot)
        base_words = tuple(sorted([*words, "base"]))
        base = Identity(key.owner, (base_words, key.key[1]), key.stage, key.snapshot)
        writers = {s.channel for s, _ in groups[key]}
        if base in groups:
            groups[base].extend(groups.pop(key))
        elif plain in groups and any(
            (s.channel in HF_REPO_CHANNELS and "/" in s.name) or s.channel in writers
            for s, _ in groups[plain]
        ):
            groups[plain].extend(groups.pop(key))


def _fold_unmarked_instruct(groups: dict[Any, list[Any]]) -> None:
    """'Kimi K2' is 'Kimi K2 Instruct' when the line also publishes a 'Kimi K2 Base': an
    unmarked name then means the chat model. Without a Base sibling ('Llama 3.1 405B' next
    to 'Llama 3.1 405B Instruct') the unmarked name is the pretrained model and stays apart."""
    for key in [k for k in groups if isinstance(k, Identity) and "instruct" in k.key[0]]:
        words = list(key.key[0])
        words.remove("instruct")
        plain = Identity(key.owner, (tuple(words), key.key[1]), key.stage, key.snapshot)
        base_words = tuple(sorted([*words, "base"]))
        base = Identity(key.owner, (base_words, key.key[1]), key.stage, key.snapshot)
        if plain in groups and base in groups and key in groups:
            groups[key].extend(groups.pop(plain))


def model_slug(text: str) -> str:
    return _SLUG.sub("-", text.lower().replace(" + ", "+")).strip("-") or "unknown"


def _id_for(identity: Identity, base: str) -> str:
    parts = [model_slug(base)]
    if identity.stage:
        parts.append(identity.stage)
    if identity.snapshot:
        parts.append(_compact_date(identity.snapshot))
    model_id = "-".join(parts)
    return f"{model_slug(identity.owner)}--{model_id}" if identity.owner else model_id


def _line(identity: Identity, base: str) -> str:
    line = model_slug(base)
    return f"{model_slug(identity.owner)}--{line}" if identity.owner else line


def _compact_date(snapshot: str) -> str:
    """'2024-05-13' stays; '11-06' -> '1106' and '2024-07' -> '2407', as vendors write them."""
    if len(snapshot) == 5:
        return snapshot.replace("-", "")
    if len(snapshot) == 7:
        return snapshot[2:4] + snapshot[5:7]
    return snapshot


def _plain(name: str) -> str:
    """A spelling without provider/organisation prefix, lower case: the curated alias form."""
    return name.strip().lower().rsplit("/", 1)[-1]


def _spelling_order(s: Spelling) -> tuple[str, str, str, str]:
    return (s.channel, s.name, s.developer or "", s.scaffold or "")


def _group_order(item: tuple[Identity | str, list[Any]]) -> tuple[int, str]:
    key, _ = item
    return (0, key) if isinstance(key, str) else (1, repr(key))


def _chosen_base(members: list[tuple[Spelling, _Resolved]]) -> str:
    """The identity as most channels spell it, then as most spellings do (ties: lower-case
    API style, shorter, smaller)."""
    channels: dict[str, set[str]] = defaultdict(set)
    uses: Counter[str] = Counter()
    for spelling, read in members:
        channels[read.parsed.base].add(spelling.channel)
        uses[read.parsed.base] += 1
    return min(channels, key=lambda b: (-len(channels[b]), -uses[b], " " in b, len(b), b))


def _unique(model_id: str, taken: set[str]) -> str:
    candidate, counter = model_id, 2
    while candidate in taken:
        candidate, counter = f"{model_id}-{counter}", counter + 1
    taken.add(candidate)
    return candidate


def _display_name(members: list[tuple[Spelling, _Resolved]], model_id: str, base: str) -> str:
    """The most used spelling that carries no settings and no prefix, spelled like the id
    where one is; else the id."""
    plain = Counter(s.name for s, read in members if not read.parsed.settings and "/" not in s.name)
    if not plain:
        return model_id
    like_id = {s.name for s, read in members if read.parsed.base == base}
    return min(plain, key=lambda n: (n not in like_id, -plain[n], n == n.lower(), len(n), n))


def _developer(identity: Identity, members: list[tuple[Spelling, _Resolved]]) -> str | None:
    if identity.owner is not None:
        written = next(
            (r.parsed.organisation for _, r in members if r.parsed.organisation), identity.owner
        )
        return developer_name(written)
    by_family = developer_of_model(members[0][1].parsed.base)
    if by_family is not None:
        return by_family.name
    said: Counter[str] = Counter(
        developer_name(s.developer)
        for s, _ in members
        if s.developer and s.developer.strip().lower() not in _NO_OWNER
    )
    if said:
        return min(said, key=lambda d: (-said[d], d))
    for _, read in members:
        if read.parsed.organisation and read.parsed.organisation.lower() not in _NO_OWNER:
            return developer_name(read.parsed.organisation)
    return None
