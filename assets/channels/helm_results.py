"""HELM leaderboards (Stanford CRFM): HELM Lite and HELM Capabilities results per model.

HELM publishes its results as JSON on Google Cloud Storage
(`storage.googleapis.com/crfm-helm-public/<suite>/benchmark_output/releases/<version>/groups/
core_scenarios.json`). Those files are not recorded here; Every Eval Ever's conversion of exactly
those files is (data/helm_lite from Lite v1.13.0, data/helm_capabilities from Capabilities
v1.15.0), read with the EEE reader shared with the every_eval_ever channel (`_eee`). Every score
is HELM's own run (third party to every model), with HELM's GCS file as its source URL.

Naming: HELM's column names are "<benchmark> - <metric>" ("MMLU - EM", "NaturalQuestions
(closed-book) - F1", "MATH - Equivalent (CoT)"); Capabilities columns are the benchmark alone.
"Mean win rate" (Lite) and "Mean score" (Capabilities) are aggregates over the leaderboard's
columns: kept, flagged as not benchmarks. HELM evaluates subsamples: the instance counts of a
run (e.g. 514 MMLU questions over 5 subjects) are score settings, not the benchmark's size.

Live: one GET per record file on raw.githubusercontent.com, pinned to the last commits that had
these folders (EEE deleted data/ from the repository on 2026-05-14); no pagination.
"""

from __future__ import annotations

import re
from typing import Any

from assets.channels import _eee
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import ChannelResult

NAME = "helm_results"
RECORDING_DIR = "leaderboard-helm"
SLICES = (
    _eee.Slice("eee_helm_lite", "data/helm_lite", "f169a3a2f83d05b6c06ab9219a9fdbdd0a1d5679"),
    _eee.Slice(
        "eee_helm_capabilities",
        "data/helm_capabilities",
        "c6fc3e16aca4681a4bd085da41320e0673708319",
    ),
)
# A citation link, "[(Hendrycks et al., 2021)](url)" or "([Jin et al. 2020](url))"; not
# "[(website)](url)".
_PAPER_LINK = re.compile(r"\[\(?[^\]]*\b(?:19|20)\d\d\)?\]\((https?://[^)\s]+)\)")
_AGGREGATES = {"Mean win rate", "Mean score"}
_AGGREGATE_REASON = (
    "HELM leaderboard aggregate over its own columns (depends on which models are compared), "
    "not a benchmark"
)


def sources() -> list[Source]:
    return _eee.sources(RECORDING_DIR, SLICES)


def parse(payloads: Payloads) -> ChannelResult:
    return _eee.parse_records(NAME, payloads, SLICES, _name_of, harness="helm")


def _name_of(record: dict[str, Any], evaluation: dict[str, Any]) -> _eee.Evaluation:
    name = evaluation["evaluation_name"]
    if name in _AGGREGATES:
        return _eee.Evaluation(benchmark=name, metric=name, not_benchmark_reason=_AGGREGATE_REASON)
    benchmark, _, metric = name.partition(" - ")
    described_metric, description = _eee.metric_or_description(evaluation)
    # Lite's descriptions cite the benchmark's paper: "... [(Hendrycks et al., 2021)](url)".
    paper = _PAPER_LINK.search(description or "")
    return _eee.Evaluation(
        benchmark,
        metric or described_metric,
        description=description,
        paper_url=paper.group(1) if paper else None,
    )


CHANNEL = Channel(
    name=NAME,
    title="HELM leaderboards (via Every Eval Ever)",
    kind="leaderboard",
    homepage="https://crfm.stanford.edu/helm/",
    recording_dir=RECORDING_DIR,
    sources=sources,
    parse=parse,
    live_notes="one GET per EEE record on raw.githubusercontent.com pinned to a commit; no paging",
)
