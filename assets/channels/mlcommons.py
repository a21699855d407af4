"""MLCommons Science working group's benchmark catalogue: hand-curated YAML entries.

Live: four raw GitHub files of mlcommons-science/benchmark pinned to commit 8e7fe10f (the
recording's): `source/benchmarks.yaml` and `source/benchmarks-addon.yaml` (the published
catalogue), `source/benchmarks-excluded.yaml` (entries the curators rejected, each after a
`# Exclusion Reason: …` comment) and `source/benchmarks-format.yaml` (the schema, written as one
example entry). Four GETs, no pagination; raw.githubusercontent.com has no published quota.

Curators write "unknown" / "NA" for a missing value and quote every scalar ("false", "2020-09-07");
those placeholders read as missing. Rejected entries and the schema's example entry are kept as
records that are not benchmarks, with the reason. `models` names the models an entry mentions;
the catalogue gives no scores for them.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from assets.channels._frameworks import blob_url, raw_url
from assets.channels._weblinks import (
    arxiv_abs_url,
    arxiv_id,
    github_repo_url,
    hf_dataset,
    known_value,
)
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "mlcommons"
REPO = "mlcommons-science/benchmark"
COMMIT = "8e7fe10fabc0a8edc15f1b986ddb37bfa70a5c7e"
SITE = "https://mlcommons-science.github.io/benchmark/"
CATALOGUE = ("benchmarks.yaml", "benchmarks-addon.yaml")
EXCLUDED = "benchmarks-excluded.yaml"
TEMPLATE = "benchmarks-format.yaml"

# The C loader reads these 400 KB of YAML ~10x faster; both build the same documents.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_EXCLUSION = re.compile(r"^#\s*Exclusion Reason:\s*(?P<reason>.+?)\s*$", re.IGNORECASE)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DOI = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/)?(10\.\d{4,9}/\S+)$", re.IGNORECASE)
_EPRINT = re.compile(r"eprint\s*=\s*\{(\d{4}\.\d{4,5})\}", re.IGNORECASE)


def sources() -> list[Source]:
    return [
        Source(name, raw_url(REPO, COMMIT, f"source/{name}"), name)
        for name in (*CATALOGUE, EXCLUDED, TEMPLATE)
    ]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    for name in (*CATALOGUE, EXCLUDED, TEMPLATE):
        if name in payloads:
            result.extend(_file(name, payloads[name]))
    return result


def _file(name: str, data: bytes) -> ChannelResult:
    result = ChannelResult()
    try:
        text = data.decode("utf-8")
        # One pass that keeps the node tree: each entry's line is needed for its source URL and
        # for finding the exclusion comment above it.
        loader = _Loader(text)
        try:
            nodes = loader.get_single_node()
            entries = loader.construct_document(nodes) if nodes is not None else None
        finally:
            loader.dispose()
        if not (isinstance(entries, list) and isinstance(nodes, yaml.SequenceNode)):
            raise TypeError(f"expected a list of entries, got {type(entries).__name__}")
    except (yaml.YAMLError, UnicodeDecodeError, TypeError) as exc:
        result.issues.append(ParseIssue(NAME, f"source/{name}", f"unreadable catalogue: {exc}"))
        return result
    lines = text.splitlines()
    starts = [node.start_mark.line for node in nodes.value]
    seen: dict[str, int] = {}
    for position, (entry, start) in enumerate(zip(entries, starts, strict=True)):
        where = f"source/{name}:{start + 1}"
        if not (isinstance(entry, dict) and known_value(entry.get("name"))):
            result.issues.append(ParseIssue(NAME, where, "entry has no name"))
            continue
        entry_name = " ".join(str(entry["name"]).split())
        seen[entry_name] = seen.get(entry_name, 0) + 1
        key = f"{name}#{entry_name}" + (f"#{seen[entry_name]}" if seen[entry_name] > 1 else "")
        reason = None
        if name == TEMPLATE:
            reason = "schema template: its values are examples of each field, not an entry"
        elif name == EXCLUDED:
            previous = starts[position - 1] if position else -1
            found = _exclusion_reason(lines[previous + 1 : start])
            reason = "excluded by the MLCommons Science curators" + (f": {found}" if found else "")
        result.candidates.append(_candidate(key, entry_name, entry, name, start, reason))
    return result


def _exclusion_reason(lines: list[str]) -> str | None:
    """The last `# Exclusion Reason:` comment between the previous entry and this one."""
    reasons = [m["reason"] for line in lines if (m := _EXCLUSION.match(line.strip()))]
    return reasons[-1] if reasons else None


def _candidate(
    key: str, name: str, entry: dict[str, Any], file: str, start: int, reason: str | None
) -> BenchmarkCandidate:
    url = known_value(entry.get("url"))
    doi = _doi(entry.get("doi"))
    dataset_links = _links(entry.get("datasets"))
    cites = [str(c) for c in entry.get("cite") or [] if c]
    paper = arxiv_id(doi) or arxiv_id(url) or _cited_arxiv(cites)
    date = known_value(entry.get("date"))
    summary = known_value(entry.get("summary"))
    hints = [*_texts(entry.get("domain")), *_texts(entry.get("task_types"))]
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=name,
        source_url=f"{blob_url(REPO, COMMIT, f'source/{file}')}#L{start + 1}",
        description=" ".join(summary.split()) if summary else known_value(entry.get("focus")),
        paper_url=arxiv_abs_url(paper) if paper else (f"https://doi.org/{doi}" if doi else None),
        arxiv_id=paper,
        hf_dataset=next(filter(None, (hf_dataset(u) for u in [url, *dataset_links])), None),
        github_url=next(filter(None, (github_repo_url(u) for u in [url, *dataset_links])), None),
        metric="; ".join(_texts(entry.get("metrics"))) or None,
        capability_hints=tuple(dict.fromkeys(hints)),
        release_date=date if date and _ISO_DATE.match(date) else None,
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={
            "file": f"source/{file}",
            "url": url,
            "doi": doi,
            "date": date,
            "catalogue_type": known_value(entry.get("type")),
            # the catalogue's restatement of the benchmark's licence, not the data set's own
            # statement, so not its licence fact
            "license_stated_by_catalogue": known_value(entry.get("licensing")),
            "focus": known_value(entry.get("focus")),
            "keywords": _texts(entry.get("keywords")),
            "capabilities_measured": _texts(entry.get("ai_capability_measured")),
            "models": _texts(entry.get("models")),
            "valid": known_value(entry.get("valid")),
            "expired": known_value(entry.get("expired")),
            "dataset_links": dataset_links,
            "result_links": _links(entry.get("results")),
            "cite": cites,
        },
    )


def _doi(value: Any) -> str | None:
    match = _DOI.match(known_value(value) or "")
    return match.group(1) if match else None


def _cited_arxiv(cites: list[str]) -> str | None:
    for cite in cites:
        if found := arxiv_id(cite):
            return found
        if match := _EPRINT.search(cite):
            return match.group(1)
    return None


def _links(block: Any) -> list[str]:
    links = block.get("links") if isinstance(block, dict) else None
    return [
        url
        for link in links or []
        if isinstance(link, dict) and (url := known_value(link.get("url"))) and "://" in url
    ]


def _texts(values: Any) -> list[str]:
    if isinstance(values, str):
        values = [values]
    return [text for value in values or [] if (text := known_value(value))]


CHANNEL = Channel(
    name=NAME,
    title="MLCommons Science benchmark catalogue",
    kind="registry",
    homepage=SITE,
    recording_dir="registry-mlcommons-science",
    sources=sources,
    parse=parse,
    live_notes="four GETs of raw GitHub YAML files pinned to one commit; no pagination",
)
