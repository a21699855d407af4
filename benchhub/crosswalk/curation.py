"""Curated overrides kept in the repo: a person's decisions win over the automatic crosswalk.

curation/benchmarks.yaml (see curation/README.md for the format):
- `pins`: fix an identity's id and name; the identity is found through any listed spelling.
- `merges`: `spellings` that are one benchmark, whatever their names say; a record named by
  `{channel, key}` is placed there and no automatic step moves it again.
- `splits`: `sides`, groups of spellings that must stay apart, whatever their names say.
- `verified`: benchmark ids a person has checked, and who did.
- `fields`: field values a person set; they win over every channel (provenance "curation").
curation/models.yaml: `models`, each with `id`, `name`, `developer` and `aliases` (spellings
that are that model, matched as written without provider prefix).

A spelling is written either as a plain string (a benchmark name, matched by its normalised
key in any channel) or as a mapping `{channel: ..., key: ...}` (one channel's record).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from benchhub.crosswalk.models import CuratedModel
from benchhub.crosswalk.names import name_forms

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "curation"


class CurationError(ValueError):
    """A curation file that cannot be read; the message names the file and entry."""


@dataclass(frozen=True, slots=True)
class SpellingRef:
    channel: str | None = None
    key: str | None = None
    name_key: str | None = None  # the normalised key of a plain-string name

    def matches(self, channel: str, source_key: str, primary: str) -> bool:
        if self.name_key is not None:
            return primary == self.name_key and self.channel in (None, channel)
        return channel == self.channel and source_key == self.key


@dataclass(frozen=True, slots=True)
class Pin:
    benchmark_id: str
    name: str | None
    spellings: tuple[SpellingRef, ...]


@dataclass(slots=True)
class Curation:
    pins: list[Pin] = field(default_factory=list)
    merges: list[list[SpellingRef]] = field(default_factory=list)
    splits: list[list[list[SpellingRef]]] = field(default_factory=list)
    verified: dict[str, str] = field(default_factory=dict)  # benchmark id -> who verified it
    fields: dict[str, dict[str, Any]] = field(default_factory=dict)
    models: list[CuratedModel] = field(default_factory=list)


def load_curation(path: str | Path | None = None) -> Curation:
    """Read benchmarks.yaml and models.yaml from `path` (a folder; default the repo's
    curation/). A missing file means no overrides."""
    folder = Path(path) if path is not None else DEFAULT_DIR
    benchmarks = _read(folder / "benchmarks.yaml")
    models = _read(folder / "models.yaml")
    where = str(folder / "benchmarks.yaml")
    return Curation(
        pins=[
            _pin(entry, f"{where}: pins[{i}]") for i, entry in enumerate(_list(benchmarks, "pins"))
        ],
        merges=[
            _refs(_required(entry, "spellings", f"{where}: merges[{i}]"), f"{where}: merges[{i}]")
            for i, entry in enumerate(_list(benchmarks, "merges"))
        ],
        splits=[
            [
                _refs(side, f"{where}: splits[{i}].sides[{j}]")
                for j, side in enumerate(
                    _seq(
                        _required(entry, "sides", f"{where}: splits[{i}]"), f"{where}: splits[{i}]"
                    )
                )
            ]
            for i, entry in enumerate(_list(benchmarks, "splits"))
        ],
        verified={
            str(_required(e, "id", f"{where}: verified[{i}]")): str(e.get("by", "curator"))
            for i, e in enumerate(_list(benchmarks, "verified"))
        },
        fields={str(k): dict(v) for k, v in (benchmarks.get("fields") or {}).items()},
        models=[
            _model(entry, f"{folder / 'models.yaml'}: models[{i}]")
            for i, entry in enumerate(_list(models, "models"))
        ],
    )


def _read(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise CurationError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise CurationError(f"{path}: expected a mapping at the top level")
    return data


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise CurationError(f"curation `{key}` must be a list, got {type(value).__name__}")
    return value


def _seq(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise CurationError(f"{where}: expected a list of spellings")
    return value


def _required(entry: Any, key: str, where: str) -> Any:
    if not isinstance(entry, dict) or not entry.get(key):
        raise CurationError(f"{where}: missing `{key}`")
    return entry[key]


def _ref(value: Any, where: str) -> SpellingRef:
    if isinstance(value, str):
        return SpellingRef(name_key=name_forms(value).primary)
    if isinstance(value, dict) and "name" in value:
        return SpellingRef(channel=value.get("channel"), name_key=name_forms(value["name"]).primary)
    if isinstance(value, dict) and value.get("channel") and value.get("key"):
        return SpellingRef(channel=str(value["channel"]), key=str(value["key"]))
    raise CurationError(f"{where}: a spelling is a name or {{channel: ..., key: ...}}: {value!r}")


def _refs(value: Any, where: str) -> list[SpellingRef]:
    return [_ref(r, where) for r in _seq(value, where)]


def _pin(entry: Any, where: str) -> Pin:
    spellings = tuple(_refs(_required(entry, "spellings", where), where))
    return Pin(str(_required(entry, "id", where)), entry.get("name"), spellings)


def _model(entry: Any, where: str) -> CuratedModel:
    return CuratedModel(
        model_id=str(_required(entry, "id", where)),
        name=entry.get("name"),
        developer=entry.get("developer"),
        aliases=[str(a) for a in entry.get("aliases") or []],
    )
