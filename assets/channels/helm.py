"""Stanford CRFM HELM: the scenarios ("run groups") its leaderboards define, from their schemas.

Each HELM leaderboard (lite, classic, capabilities, medhelm, ...) is described by a
`schema_<suite>.yaml` whose `run_groups` name the scenarios: display name, description,
taxonomy (task, what, who, when, language), and the main metric and split (`environment`). The
same run group often appears in several schemas (gpqa, mmlu, reasoning): it becomes one
candidate carrying the union of what the schemas say, with every schema listed. Run groups that
only gather other run groups (`subgroups`, no taxonomy: "core_scenarios"), analysis views
(`visibility: this_group_only`) and the taxonomy cells HELM marks `todo` with no metrics or
split ("Biomedical scenarios", "Copywriting": kinds of scenario it has not implemented) are kept
flagged as not benchmarks.

Data traps handled here: schema_capabilities.yaml gives mmlu_pro `who: "2024"` and
`when: "domain experts"` (the two fields swapped; put back and noted in `extra`), and
schema_enterprise.yaml repeats a different `main_name` inside sumosum's taxonomy (the
environment's `rouge_l` is the metric; the stray keys are kept in `extra`).
`model_metadata.yaml` (623 models: creator, access, parameters, release date) and
`contamination.yaml` describe models, not benchmarks, and are not read by this channel.

Live: raw schema files of stanford-crfm/helm at the release tag `v0.5.16` (PyPI `crfm-helm`
0.5.16, where the recordings come from), `src/helm/benchmark/static/schema_*.yaml`: one GET per
recorded schema from raw.githubusercontent.com, no pagination, no API quota. The recordings are
verbatim, so replay serves them at the same URLs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import yaml

from assets.channels._frameworks import arxiv_id, blob_url, load_yaml, raw_url
from benchhub.channel import Channel, Payloads, Source, recording_sources
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "helm"
REPO = "stanford-crfm/helm"
TAG = "v0.5.16"
STATIC_DIR = "src/helm/benchmark/static"
RECORDING_DIR = "framework-helm"
HOMEPAGE = "https://crfm.stanford.edu/helm/"
TAXONOMY_FIELDS = ("task", "what", "who", "when", "language")

_LINK = re.compile(r"\[[^\]]*\]\((https?://[^)\s]+)\)")
_PAPER_HOSTS = re.compile(
    r"//(arxiv\.org|aclanthology\.org|openreview\.net|proceedings\.|papers\.nips\.cc|"
    r"dl\.acm\.org|doi\.org)",
    re.I,
)
# "2024", "before 2021", "2010s", "1999 to 2019": a `when`, never a `who`.
_TEMPORAL = re.compile(r"\b(1[89]|20)\d{2}s?\b|^(before|after|present|distant past)\b", re.I)
_NO_VALUE = {"", "n/a", "?", "none", "etc.", "etc"}
_NOT_LANGUAGES = _NO_VALUE | {"synthetic"}  # HELM's taxonomy says "synthetic" for made-up data


def sources() -> list[Source]:
    return recording_sources(
        RECORDING_DIR,
        "schemas/schema_*.yaml",
        lambda rel: raw_url(REPO, TAG, f"{STATIC_DIR}/{rel.removeprefix('schemas/')}"),
    )


@dataclass
class _RunGroup:
    """One run group name, merged over every schema that defines it."""

    name: str
    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (schema, raw)
    metric_labels: dict[str, str] = field(default_factory=dict)  # metric name -> display name
    parents: list[str] = field(default_factory=list)


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    groups: dict[str, _RunGroup] = {}
    for name in sorted(payloads):
        schema = name.removeprefix("schemas/")
        try:
            document = load_yaml(payloads[name])
            run_groups = document.get("run_groups") or []
            if not isinstance(run_groups, list):
                raise TypeError("run_groups is not a list")
        except (yaml.YAMLError, AttributeError, TypeError) as exc:
            message = str(exc).replace("\n", " ")
            result.issues.append(ParseIssue(NAME, name, f"unreadable schema: {message}"))
            continue
        labels = {
            m["name"]: m.get("display_name")
            for m in document.get("metrics") or []
            if isinstance(m, dict) and "name" in m
        }
        for position, entry in enumerate(run_groups):
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                result.issues.append(
                    ParseIssue(NAME, f"{name}#run_groups[{position}]", "run group without a name")
                )
                continue
            group = groups.setdefault(entry["name"], _RunGroup(entry["name"]))
            group.entries.append((schema, entry))
            group.metric_labels.update({k: v for k, v in labels.items() if v})
            for child in entry.get("subgroups") or []:
                if isinstance(child, str):
                    parent_of = groups.setdefault(child, _RunGroup(child)).parents
                    if entry["name"] not in parent_of:
                        parent_of.append(entry["name"])
    for group in groups.values():
        if not group.entries:  # named as a subgroup but defined in no schema
            result.issues.append(
                ParseIssue(
                    NAME,
                    f"run_groups#{group.name}",
                    f"listed as a subgroup of {', '.join(group.parents)} but defined nowhere",
                )
            )
            continue
        result.candidates.append(_candidate(group))
    return result


def _candidate(group: _RunGroup) -> BenchmarkCandidate:
    entries = [entry for _, entry in group.entries]
    schemas = [schema for schema, _ in group.entries]
    taxonomy, fixed_in, stray = _taxonomy(group.entries)
    environment = _environment(entries)
    descriptions = _distinct(str(e.get("description") or "").strip() for e in entries)
    description = max(descriptions, key=len) if descriptions else None
    links = [url for text in descriptions for url in _LINK.findall(text)]
    paper = next((url for url in links if _PAPER_HOSTS.search(url)), None)
    subgroups = _distinct(c for e in entries for c in e.get("subgroups") or [])
    metric = environment.get("main_name")
    metric_groups = _distinct(m for e in entries for m in e.get("metric_groups") or [])
    reason = None
    if subgroups and not taxonomy:
        shown = ", ".join(subgroups[:5]) + (", ..." if len(subgroups) > 5 else "")
        reason = f"HELM group of {len(subgroups)} run groups ({shown}), not a scenario"
    elif not taxonomy and any(e.get("visibility") == "this_group_only" for e in entries):
        reason = "HELM analysis view (visibility: this_group_only), not a scenario"
    elif any(e.get("todo") for e in entries) and not environment and not metric_groups:
        # the classic schema's "aspirational" cells ("Biomedical scenarios", "Copywriting"):
        # a kind of scenario HELM means to add, with no data set, metrics or split yet
        reason = (
            "a capability category or section heading in HELM's taxonomy (todo: no scenario "
            "implemented, no data set, metrics or split), not a benchmark"
        )
    extra = {
        "schemas": schemas,
        "display_names": _distinct(
            str(e["display_name"]) for e in entries if e.get("display_name")
        ),
        "short_display_name": next(
            (e["short_display_name"] for e in entries if e.get("short_display_name")), None
        ),
        "descriptions": descriptions if len(descriptions) > 1 else (),
        "taxonomy": taxonomy,
        "taxonomy_stray_keys": stray,
        "taxonomy_fixed": (
            f"who/when swapped in {', '.join(fixed_in)}; put back" if fixed_in else None
        ),
        "metric_display_name": group.metric_labels.get(metric) if metric else None,
        "metric_groups": metric_groups,
        "categories": _distinct(str(e["category"]) for e in entries if e.get("category")),
        "subgroups": subgroups,
        "parents": group.parents,
        "todo": any(e.get("todo") for e in entries) or None,
    }
    return BenchmarkCandidate(
        channel=NAME,
        source_key=group.name,
        source_name=str(entries[0].get("display_name") or group.name),
        source_url=blob_url(REPO, TAG, f"{STATIC_DIR}/{schemas[0]}"),
        description=description,
        paper_url=paper,
        arxiv_id=next((a for a in map(arxiv_id, links) if a), None),
        metric=metric,
        splits=(environment["main_split"],) if "main_split" in environment else (),
        languages=_languages(taxonomy.get("language")),
        capability_hints=(taxonomy["task"],) if taxonomy.get("task") else (),
        family=group.parents[0] if group.parents else None,
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={k: v for k, v in extra.items() if v},
    )


def _taxonomy(
    entries: list[tuple[str, dict[str, Any]]],
) -> tuple[dict[str, str], list[str], dict[str, Any]]:
    """The first value each schema gives per field, with a `who` that reads as a date swapped
    back with its `when` (schema_capabilities.yaml's mmlu_pro), and any keys that do not
    belong in a taxonomy."""
    merged: dict[str, str] = {}
    fixed_in = []
    stray: dict[str, Any] = {}
    for schema, entry in entries:
        raw = entry.get("taxonomy")
        if not isinstance(raw, dict):
            continue
        stray.update({k: v for k, v in raw.items() if k not in TAXONOMY_FIELDS})
        values = {k: str(raw[k]).strip() for k in TAXONOMY_FIELDS if raw.get(k) is not None}
        who, when = values.get("who", ""), values.get("when", "")
        if _TEMPORAL.search(who) and not _TEMPORAL.search(when) and when.lower() not in _NO_VALUE:
            values["who"], values["when"] = when, who
            fixed_in.append(schema)
        for key, value in values.items():
            merged.setdefault(key, value)
    return merged, fixed_in, stray


def _environment(entries: list[dict[str, Any]]) -> dict[str, str]:
    """Main metric and split, first given; "none" (HELM's placeholder for groups) is no value."""
    merged: dict[str, str] = {}
    for entry in entries:
        environment = entry.get("environment")
        if not isinstance(environment, dict):
            continue
        for key in ("main_name", "main_split"):
            value = str(environment.get(key) or "").strip()
            if value and value.lower() not in _NO_VALUE:
                merged.setdefault(key, value)
    return merged


def _languages(text: str | None) -> tuple[str, ...]:
    parts = re.split(r",|\band\b", text or "")
    return _distinct(p.strip() for p in parts if p.strip().lower() not in _NOT_LANGUAGES)


def _distinct(values: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(values))


CHANNEL = Channel(
    name=NAME,
    title="Stanford CRFM HELM scenarios",
    kind="framework",
    homepage=HOMEPAGE,
    recording_dir=RECORDING_DIR,
    sources=sources,
    parse=parse,
    live_notes=(
        f"GitHub raw files of {REPO}@{TAG}: one GET per leaderboard schema (37), "
        "no pagination, no API quota (polite per-host pause)"
    ),
)
