"""EvalScope (ModelScope's evaluation framework): the benchmark registry and per-benchmark metadata.

Live: raw GitHub files of modelscope/evalscope at tag v1.14.1 (the PyPI release recorded):
`evalscope/benchmarks/_index.json` (benchmark key -> adapter module), then one GET per key of
`evalscope/benchmarks/_meta/<key>.json` (pretty name, dataset id, paper, tags, metrics, subsets
and sample statistics). About 280 requests to raw.githubusercontent.com, which has no published
quota; the Fetcher's per-host pause keeps a full read to a few minutes. The index is followed
like a page of links, so replay answers every request from the recordings.

`dataset_id` is what EvalScope downloads, from ModelScope by default: its own READMEs link every
"org/name" id to modelscope.cn. Many are ModelScope mirrors that keep the Hugging Face path
(`TIGER-Lab/MMLU-Pro`, `princeton-nlp/SWE-bench_Verified`); ids under ModelScope's own
namespaces (`AI-ModelScope/gsm8k`, `evalscope/...`) are not Hugging Face ids. Both are kept,
and how the Hugging Face id was found is recorded. EvalScope publishes no scores here.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from assets.channels._frameworks import blob_url, raw_url
from assets.channels._weblinks import arxiv_id, github_repo_url, hf_dataset
from benchhub.channel import Channel, Payloads, Source, recording_sources
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "evalscope"
REPO = "modelscope/evalscope"
REF = "v1.14.1"
RECORDING_DIR = "framework-evalscope"
INDEX = "_index.json"
INDEX_PATH = "evalscope/benchmarks/_index.json"
META_DIR = "evalscope/benchmarks/_meta"
SITE = "https://evalscope.readthedocs.io/"

# Namespaces that exist only on ModelScope (EvalScope's own, ModelScope's mirror organisations,
# and Chinese vendor accounts there); an id under any other namespace keeps its Hugging Face path.
MODELSCOPE_NAMESPACES = frozenset(
    {
        "AI-ModelScope",
        "modelscope",
        "evalscope",
        "iic",
        "openai-mirror",
        "tencent-community",
        "bytedance-community",
        "ZhipuAI",
    }
)
# EvalScope ships adapters that check a vendor's deployment of one model, not a model's ability.
_DEPLOYMENT_CHECKS = frozenset({"kimi_verifier", "k2_verifier", "minimax_verifier"})
_CUSTOM_TAG = "Custom"
_HF_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


def _meta_url(key: str) -> str:
    return raw_url(REPO, REF, f"{META_DIR}/{key}.json")


def sources() -> list[Source]:
    metas = recording_sources(
        RECORDING_DIR,
        "benchmark_meta/*.json",
        lambda rel: _meta_url(rel.removeprefix("benchmark_meta/").removesuffix(".json")),
    )
    return [Source(INDEX, raw_url(REPO, REF, INDEX_PATH), INDEX), *metas]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    """The index, then the metadata file of every benchmark it lists."""
    index_bytes = fetcher.get_bytes(raw_url(REPO, REF, INDEX_PATH))
    payloads = {INDEX: index_bytes}
    try:
        keys = list(json.loads(index_bytes))
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError):
        return payloads  # parse reports the unreadable index
    for key in keys:
        payloads[f"benchmark_meta/{key}.json"] = fetcher.get_bytes(_meta_url(key))
    return payloads


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    try:
        index = json.loads(payloads[INDEX])
        if not isinstance(index, dict):
            raise TypeError(f"expected an object, got {type(index).__name__}")
    except (KeyError, TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, INDEX, f"unreadable benchmark index: {exc!r}"))
        return result
    # Keys served by one adapter package form a family (swe_bench_lite/_verified, the NER sets).
    packages = Counter(_package(str(module)) for module in index.values())
    for key, module in index.items():
        package = _package(str(module))
        family = package if package and packages[package] > 1 else None
        name = f"benchmark_meta/{key}.json"
        if name not in payloads:
            result.issues.append(ParseIssue(NAME, f"{INDEX}#{key}", "no metadata file"))
            continue
        try:
            document = json.loads(payloads[name])
            result.candidates.append(_candidate(key, str(module), family, document))
        except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError) as exc:
            result.issues.append(ParseIssue(NAME, name, f"unreadable benchmark metadata: {exc!r}"))
    listed = {f"benchmark_meta/{key}.json" for key in index}
    for name in sorted(set(payloads) - listed - {INDEX}):
        result.issues.append(ParseIssue(NAME, name, "metadata file for a key the index omits"))
    return result


def _candidate(
    key: str, module: str, family: str | None, document: dict[str, Any]
) -> BenchmarkCandidate:
    meta = document["meta"]
    stats = document.get("statistics") or {}
    tags = [str(tag) for tag in meta.get("tags") or []]
    metrics = [_metric_name(metric) for metric in meta.get("metrics") or []]
    description = str(meta.get("description") or "")
    dataset_id = str(meta.get("dataset_id") or "").strip()
    hub = _dataset_hub(dataset_id, description)
    total = stats.get("total_samples")
    not_benchmark = _not_benchmark_reason(key, tags)
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=str(meta["pretty_name"]),
        source_url=blob_url(REPO, REF, f"{META_DIR}/{key}.json"),
        description=_overview(description),
        paper_url=meta.get("paper_url") or None,
        arxiv_id=arxiv_id(meta.get("paper_url")),
        hf_dataset=hub["hf_dataset"],
        github_url=github_repo_url(dataset_id) if dataset_id.startswith("http") else None,
        metric=_primary_metric(meta.get("primary_metric")) or (", ".join(metrics) or None),
        # 0 is what EvalScope writes when it did not count (agentic and sandbox benchmarks).
        sample_count=total if isinstance(total, int) and total > 0 else None,
        splits=tuple(s for s in (meta.get("eval_split"),) if s),
        capability_hints=tuple(
            t for t in dict.fromkeys([*tags, str(meta.get("category") or "")]) if t
        ),
        family=family,
        is_benchmark=not_benchmark is None,
        not_benchmark_reason=not_benchmark,
        extra={
            "dataset_id": dataset_id,
            "dataset_hub": hub["hub"],
            "modelscope_dataset": hub["modelscope_dataset"],
            "hf_dataset_from": hub["hf_dataset_from"],
            "metrics": metrics,
            "primary_metric": meta.get("primary_metric"),
            "default_shots": meta.get("few_shot_num"),
            "train_split": meta.get("train_split") or None,
            "subsets": {
                str(s.get("name")): s.get("sample_count") for s in stats.get("subset_stats") or []
            }
            or {name: None for name in meta.get("subset_list") or []},
            "total_samples_reported": total,
            "adapter_module": module,
        },
    )


def _dataset_hub(dataset_id: str, description: str) -> dict[str, str | None]:
    """Where `dataset_id` lives, and the Hugging Face id when the channel gives one."""
    linked = {
        hf_dataset(m) for m in re.findall(r"huggingface\.co/datasets/[^\s)\]>\"']+", description)
    }
    linked.discard(None)
    found: dict[str, str | None] = {
        "hub": None,
        "modelscope_dataset": None,
        "hf_dataset": None,
        "hf_dataset_from": None,
    }
    if dataset_id.startswith("http"):
        found["hub"] = "url"
    elif _HF_ID.match(dataset_id):
        found["hub"] = "modelscope"
        found["modelscope_dataset"] = dataset_id
        if dataset_id.split("/", 1)[0] not in MODELSCOPE_NAMESPACES:
            found["hf_dataset"], found["hf_dataset_from"] = dataset_id, "dataset_id"
    elif dataset_id:
        found["hub"] = "local"  # a custom-data adapter names itself, not a dataset
    if found["hf_dataset"] is None and len(linked) == 1:
        found["hf_dataset"], found["hf_dataset_from"] = linked.pop(), "description link"
    return found


def _metric_name(metric: Any) -> str:
    """A metric is a name, or a one-key map from the name to its options."""
    if isinstance(metric, dict) and len(metric) == 1:
        return str(next(iter(metric)))
    return str(metric)


def _primary_metric(primary: Any) -> str | None:
    """ "accuracy", or "accuracy (pass_at_k, k=1)" when the primary metric aggregates runs."""
    if not primary:
        return None
    if not isinstance(primary, dict):
        return str(primary)
    qualifiers = [str(primary["aggregation"])] if primary.get("aggregation") else []
    qualifiers += [f"{k}={v}" for k, v in (primary.get("dimensions") or {}).items()]
    name = str(primary.get("name"))
    return f"{name} ({', '.join(qualifiers)})" if qualifiers else name


def _not_benchmark_reason(key: str, tags: list[str]) -> str | None:
    if key in _DEPLOYMENT_CHECKS:
        return "deployment compliance check for one vendor's model API, not a capability benchmark"
    if _CUSTOM_TAG in tags:
        return "custom-data adapter (tagged Custom): it evaluates data the user supplies"
    return None


def _overview(description: str) -> str | None:
    """The first prose paragraph of the markdown description (its "Overview" section)."""
    for block in re.split(r"\n\s*\n", description):
        text = block.strip()
        if text and not text.startswith(("#", "|", "-", "*", "```", "!")):
            return " ".join(text.split())
    return None


def _package(module: str) -> str | None:
    """The adapter package ("evalscope.benchmarks.swe_bench.swe_bench_adapter" -> "swe_bench")."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[:2] == ["evalscope", "benchmarks"] else None


CHANNEL = Channel(
    name=NAME,
    title="EvalScope benchmark metadata",
    kind="framework",
    homepage=SITE,
    recording_dir=RECORDING_DIR,
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes=(
        "raw GitHub at tag v1.14.1: _index.json, then _meta/<key>.json per key (~280 GETs); "
        "no API calls; the per-host pause keeps it polite"
    ),
)
