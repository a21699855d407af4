"""The crosswalk's output records and the lookups the pipeline calls on them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from benchhub.catalog import MergedBenchmark


@dataclass(frozen=True, slots=True)
class BenchmarkAlias:
    channel: str
    source_key: str  # the channel's own id, or a score's benchmark_key
    source_name: str  # the name as the channel spells it
    benchmark_id: str


@dataclass(slots=True)
class Model:
    """One released model (one publisher's weights or API version) or one agent system.

    `kind` is "model" or "agent_system"; `line` is the family for browsing ("gpt-4o" for every
    GPT-4o snapshot); `version` the release stage (preview, exp, ...) and `snapshot` the date
    when the id has one; `base_model` is an agent system's underlying model."""

    model_id: str
    name: str
    developer: str | None = None
    aliases: list[str] = field(default_factory=list)
    kind: str = "model"
    line: str | None = None
    version: str | None = None
    snapshot: str | None = None
    base_model: str | None = None
    open_weights: bool | None = None
    hf_repo: str | None = None


@dataclass(frozen=True, slots=True)
class ModelAlias:
    channel: str
    source_name: str
    model_id: str
    settings: dict[str, Any] = field(default_factory=dict)  # run settings split off the name
    scaffold: str | None = None  # the agent the channel's row names beside the model


@dataclass(frozen=True, slots=True)
class RefusedMerge:
    """Two records the names would have merged but a curated split keeps apart."""

    left: tuple[str, str]  # (channel, source_key)
    right: tuple[str, str]
    reason: str


@dataclass(slots=True)
class Crosswalk:
    benchmarks: list[MergedBenchmark]
    benchmark_aliases: list[BenchmarkAlias]
    models: list[Model]
    model_aliases: list[ModelAlias]
    refused_merges: list[RefusedMerge] = field(default_factory=list)  # for the reviewer
    # How names outside the input resolve: set by the builder, used by the lookups below.
    _benchmark_lookup: dict[tuple[str, str], str] = field(default_factory=dict, repr=False)
    _resolve_benchmark_name: Callable[[str, str], str | None] | None = field(
        default=None, repr=False
    )
    _resolve_model: Callable[[str, str, str | None], tuple[str | None, dict[str, Any]]] | None = (
        field(default=None, repr=False)
    )

    def benchmark_id_for(self, channel: str, benchmark_key: str) -> str | None:
        """The benchmark a score names, by its channel's key (falls back to resolving the key
        as a name, so a spelling the build never saw still finds its identity)."""
        found = self._benchmark_lookup.get((channel, benchmark_key))
        if found is not None or self._resolve_benchmark_name is None:
            return found
        return self._resolve_benchmark_name(channel, benchmark_key)

    def resolve_benchmark_name(self, channel: str, name: str) -> str | None:
        """The identity a free-text benchmark name belongs to, or None if nothing matches."""
        found = self._benchmark_lookup.get((channel, name))
        if found is not None or self._resolve_benchmark_name is None:
            return found
        return self._resolve_benchmark_name(channel, name)

    def model_for(
        self, channel: str, model_name: str, scaffold: str | None = None
    ) -> tuple[str | None, dict[str, Any]]:
        """(model_id, settings split off the name) for a model as a channel spells it, with the
        scaffold the row names; the id is None for a name that names no model."""
        assert self._resolve_model is not None, "Crosswalk was not built by build_crosswalk"
        return self._resolve_model(channel, model_name, scaffold)
