"""The crosswalk: one stable identity per benchmark and per model across every channel.

    cw = build_crosswalk(candidates, scores, curation=load_curation())
    cw.benchmarks            # MergedBenchmark per identity (non-benchmarks too, with reason)
    cw.benchmark_aliases     # (channel, source_key, source_name, benchmark_id) per spelling
    cw.benchmark_id_for(channel, benchmark_key)   # for a ScoreObservation
    cw.models, cw.model_aliases, cw.model_for(channel, model_name) -> (model_id, settings)

Modules, one job each: `names` (benchmark name normalisation), `keys` (HF/arXiv/GitHub keys
and the HF rename table), `benchmarks` (which spellings are one benchmark), `parents` (subset
and variant links), `clusters` (union-find with curated vetoes), `ids` (stable ids and
canonical names), `merge` (field-level merge, channel precedence, provenance, conflicts),
`model_names` and `models` (model identity and run settings), `curation` (the repo's
overrides), `build` (putting it together), `quality` (gold-set measurement). The rules are
documented where they live.
"""

from benchhub.crosswalk.build import build_crosswalk
from benchhub.crosswalk.curation import Curation, CurationError, load_curation
from benchhub.crosswalk.types import (
    BenchmarkAlias,
    Crosswalk,
    Model,
    ModelAlias,
    RefusedMerge,
)

__all__ = [
    "BenchmarkAlias",
    "Crosswalk",
    "Curation",
    "CurationError",
    "Model",
    "ModelAlias",
    "RefusedMerge",
    "build_crosswalk",
    "load_curation",
]
