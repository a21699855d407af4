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
    model_id: str
    name: str
    developer: str | None = None
    aliases: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ModelAlias:
    channel: str
    source_name: str
    model_id: str
    settings: dict[str, Any] = field(default_factory=dict)  # run settings split off the name


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
    _resolve_model: Callable[[str, str], tuple[str, dict[str, Any]]] | None = field(
        default=None, repr=False
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

    def model_for(self, channel: str, model_name: str) -> tuple[str, dict[str, Any]]:
        """(model_id, settings split off the name) for a model as a channel spells it."""
        assert self._resolve_model is not None, "Crosswalk was not built by build_crosswalk"
        return self._resolve_model(channel, model_name)
