"""Reading Every Eval Ever (EEE) records: shared by the every_eval_ever and helm_results channels.

An EEE record (github.com/evaleval/every_eval_ever, one JSON file per model and run) holds a
model (`model_info`), who published the numbers and how they relate to the model's developer
(`source_metadata.evaluator_relationship`), and one result per evaluation: a name, a metric
config with the score's bounds, the score and free-form details, the dataset's source URLs and
the generation settings.

Schema drift between the versions in the recordings, and how each maps:
- 0.1.0 (HELM Lite): `source_data` is a list of URLs on the record, not per result; generation
  settings sit directly in `generation_config`; no `eval_library`.
- 0.2.0 / 0.2.2: `source_data` per result (`url` list); 0.2.2 adds `eval_library`.
- 0.3.0 (the current schema): as 0.2.2 plus `metric_id`/`metric_name`, `uncertainty`
  (standard error, confidence interval, sample count) and `generation_args`/`additional_details`.
Everything above maps onto a ScoreObservation; a record of another major version, or one missing
what a score needs (model, relationship, a numeric score), becomes a ParseIssue saying which.

A channel says how it names what a result measures (`NameFn`): EEE's `evaluation_name` is
sometimes the benchmark ("SWE-bench Verified Mini"), sometimes a subset ("Hard Problems" of
LiveCodeBench Pro) and sometimes benchmark and metric together ("MMLU - EM" in HELM).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from assets.channels._frameworks import blob_url, raw_url
from assets.channels._weblinks import arxiv_id
from benchhub.channel import Payloads, Source, recording_sources
from benchhub.records import (
    BenchmarkCandidate,
    ChannelResult,
    ParseIssue,
    Relationship,
    Scale,
    ScoreObservation,
)

REPO = "evaleval/every_eval_ever"
SUPPORTED_SCHEMAS = re.compile(r"^0\.[123]\.\d+$")
# EEE's four relationships; only a developer's own publication is first party.
RELATIONSHIPS: dict[str, Relationship] = {
    "first_party": "first_party",
    "third_party": "third_party",
    "collaborative": "third_party",
    "other": "third_party",
}
_SUM = re.compile(r"\bsum=([\d.]+)")
_UNKNOWN = {"", "unknown", "none"}


@dataclass(frozen=True, slots=True)
class Slice:
    """One EEE data folder as recorded: `folder` under the channel's recording dir."""

    folder: str  # e.g. "eee_helm_lite"
    repo_path: str  # e.g. "data/helm_lite"
    commit: str

    def folder_url(self) -> str:
        return f"https://github.com/{REPO}/tree/{self.commit}/{self.repo_path}"

    def repo_file(self, name: str) -> str:
        return self.repo_path + name.removeprefix(self.folder)

    def raw_url(self, name: str) -> str:
        """Where the recorded file `name` (under `folder`) is served, pinned to the commit."""
        return raw_url(REPO, self.commit, self.repo_file(name))


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What one EEE result measures, as a channel names it."""

    benchmark: str
    metric: str | None = None
    subset: str | None = None  # a split, language or difficulty of the benchmark
    description: str | None = None  # of the benchmark, when the record describes it
    paper_url: str | None = None
    not_benchmark_reason: str | None = None  # e.g. a leaderboard's mean over its columns


NameFn = Callable[[dict[str, Any], dict[str, Any]], Evaluation]  # (record, result) -> Evaluation


def metric_or_description(evaluation: dict[str, Any]) -> tuple[str | None, str | None]:
    """(metric, description) read from the result's `evaluation_description`.

    "Pass@1 on Hard Problems" / "COT correct on GPQA" name the metric on the evaluation; HELM
    Lite's "<about the benchmark>\n\n<metric>: <how>" describes the benchmark first.
    """
    text = (evaluation.get("metric_config") or {}).get("evaluation_description") or ""
    suffix = f" on {evaluation.get('evaluation_name')}"
    if text.endswith(suffix):
        return text.removesuffix(suffix).strip() or None, None
    return None, text.split("\n\n", 1)[0].strip() or None


def sources(recording_dir: str, slices: tuple[Slice, ...]) -> list[Source]:
    """Every recorded record, served at its raw GitHub URL pinned to the slice's commit."""
    found: list[Source] = []
    for piece in slices:
        found += recording_sources(recording_dir, f"{piece.folder}/**/*.json", piece.raw_url)
    return found


@dataclass
class _Benchmark:
    candidate: BenchmarkCandidate
    evaluation_names: set[str] = field(default_factory=set)
    instances: set[int] = field(default_factory=set)


def parse_records(
    channel: str,
    payloads: Payloads,
    slices: tuple[Slice, ...],
    name_of: NameFn,
    harness: str | None = None,
) -> ChannelResult:
    """Candidates (one per slice and benchmark) and one score per record and result."""
    by_folder = {s.folder: s for s in slices}
    result = ChannelResult()
    benchmarks: dict[str, _Benchmark] = {}
    for name in sorted(payloads):
        piece = by_folder.get(name.split("/", 1)[0])
        if piece is None:
            result.issues.append(ParseIssue(channel, name, "not under a known EEE folder"))
            continue
        record_url = blob_url(REPO, piece.commit, piece.repo_file(name))
        try:
            record = json.loads(payloads[name])
            _check_record(record)
        except (json.JSONDecodeError, ValueError) as exc:
            result.issues.append(ParseIssue(channel, name, f"unreadable EEE record: {exc}"))
            continue
        for index, evaluation in enumerate(record["evaluation_results"]):
            where = f"{name}#evaluation_results[{index}]"
            try:
                named = name_of(record, evaluation)
                key = f"{piece.repo_path.rsplit('/', 1)[-1]}:{named.benchmark}"
                score = _score(channel, record, evaluation, named, key, record_url, harness)
            except (AttributeError, KeyError, TypeError, ValueError) as exc:
                result.issues.append(ParseIssue(channel, where, f"unreadable result: {exc!r}"))
                continue
            result.scores.append(score)
            entry = benchmarks.setdefault(
                key, _Benchmark(_candidate(channel, key, piece, record, evaluation, named))
            )
            entry.evaluation_names.add(evaluation["evaluation_name"])
            if (count := score.settings.get("n_evaluated")) is not None:
                entry.instances.add(count)
    result.candidates.extend(_finish(entry) for entry in benchmarks.values())
    return result


def _check_record(record: Any) -> None:
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    version = str(record.get("schema_version"))
    if not SUPPORTED_SCHEMAS.match(version):
        raise ValueError(f"schema_version {version!r} is not one this reader maps (0.1-0.3)")
    relationship = (record.get("source_metadata") or {}).get("evaluator_relationship")
    if relationship not in RELATIONSHIPS:
        raise ValueError(f"evaluator_relationship {relationship!r} is not an EEE value")
    model = record.get("model_info") or {}
    if not (model.get("id") or model.get("name")):
        raise ValueError("model_info has neither id nor name")
    if not isinstance(record.get("evaluation_results"), list):
        raise ValueError("evaluation_results is not a list")


def _score(
    channel: str,
    record: dict[str, Any],
    evaluation: dict[str, Any],
    named: Evaluation,
    key: str,
    record_url: str,
    harness: str | None,
) -> ScoreObservation:
    details = evaluation["score_details"]
    value = details["score"]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"score {value!r} is not a number")
    config = evaluation.get("metric_config") or {}
    _check_bounds(value, config.get("min_score"), config.get("max_score"), details)
    scale = _scale(config.get("min_score"), config.get("max_score"))
    uncertainty = details.get("uncertainty") or {}
    interval = uncertainty.get("confidence_interval") or {}
    meta = record["source_metadata"]
    library = record.get("eval_library") or {}
    model = record["model_info"]
    return ScoreObservation(
        channel=channel,
        benchmark_key=key,
        benchmark_name=named.benchmark,
        model_name=model.get("id") or model["name"],
        value=float(value),
        scale=scale,
        raw_value=json.dumps(value),
        source_url=_source_url(record, evaluation) or record_url,
        relationship=RELATIONSHIPS[meta["evaluator_relationship"]],
        metric=config.get("metric_name") or named.metric,
        model_developer=_known(model.get("developer")),
        publisher=meta.get("source_organization_name"),
        stderr=(uncertainty.get("standard_error") or {}).get("value"),
        ci_low=interval.get("lower"),
        ci_high=interval.get("upper"),
        harness=_known(library.get("name")) or harness,
        harness_version=_known(library.get("version")),
        settings=_settings(record, evaluation, named, uncertainty),
        reported_at=_date(
            evaluation.get("evaluation_timestamp") or record.get("evaluation_timestamp")
        ),
    )


def _check_bounds(value: float, low: Any, high: Any, details: dict[str, Any]) -> None:
    """A score outside the result's own bounds is no measurement: HELM writes -1 for a model
    it never ran on a benchmark ("No matching runs"), and that must stay a missing cell."""
    below = _is_bound(low) and value < low
    above = _is_bound(high) and value > high
    if below or above:
        said = ((details.get("details") or {}).get("description") or "").strip()
        raise ValueError(
            f"score {value} is outside its bounds [{low}, {high}]"
            + (f" ({said!r})" if said else "")
        )


def _is_bound(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _scale(low: Any, high: Any) -> Scale:
    if low == 0 and high == 1:
        return "fraction"
    if low == 0 and high == 100:
        return "percent"
    return "other"


def _source_url(record: dict[str, Any], evaluation: dict[str, Any]) -> str | None:
    """The page the number was published on: a source URL on the publisher's own site if there
    is one (HAL lists swebench.com and its own page), else the first source URL."""
    urls = _all_urls(record, evaluation)
    home = urlsplit(record["source_metadata"].get("source_organization_url") or "").netloc
    own = [u for u in urls if home and urlsplit(u).netloc == home]
    return next(iter(own or urls), None)


def _settings(
    record: dict[str, Any],
    evaluation: dict[str, Any],
    named: Evaluation,
    uncertainty: dict[str, Any],
) -> dict[str, Any]:
    """What changes the number: subset, generation settings (flat in 0.1, nested from 0.3),
    the inference platform, and how many instances the run evaluated."""
    settings: dict[str, Any] = {}
    if named.subset:
        settings["subset"] = named.subset
    generation = evaluation.get("generation_config") or {}
    for name, value in generation.items():
        if name in {"generation_args", "additional_details"} and isinstance(value, dict):
            settings.update({k: v for k, v in value.items() if not isinstance(v, dict)})
            tools = (value.get("agentic_eval_config") or {}).get("available_tools")
            if tools:
                settings["tools"] = [t.get("name") for t in tools if isinstance(t, dict)]
        elif not isinstance(value, dict):
            settings[name] = value
    platform = _known((record.get("model_info") or {}).get("inference_platform"))
    if platform:
        settings["inference_platform"] = platform
    if (evaluation.get("metric_config") or {}).get("lower_is_better"):
        settings["lower_is_better"] = True
    evaluated = uncertainty.get("num_samples") or _helm_instances(named.benchmark, evaluation)
    if evaluated is not None:
        settings["n_evaluated"] = evaluated
    return settings


def _helm_instances(benchmark: str, evaluation: dict[str, Any]) -> int | None:
    """HELM's `<benchmark> - # eval` detail: "min=100, mean=102.8, max=114, sum=514 (5)" means
    514 instances over 5 runs (subjects); the per-run mean alone would hide that."""
    detail = ((evaluation.get("score_details") or {}).get("details") or {}).get(
        f"{benchmark} - # eval"
    )
    if not isinstance(detail, dict):
        return None
    match = _SUM.search(detail.get("description") or "")
    return int(float(match.group(1))) if match else None


def _candidate(
    channel: str,
    key: str,
    piece: Slice,
    record: dict[str, Any],
    evaluation: dict[str, Any],
    named: Evaluation,
) -> BenchmarkCandidate:
    """What the first result naming a benchmark says about it; later results add names."""
    meta = record["source_metadata"]
    category = (meta.get("additional_details") or {}).get("benchmark_category")
    return BenchmarkCandidate(
        channel=channel,
        source_key=key,
        source_name=named.benchmark,
        source_url=piece.folder_url(),
        description=named.description,
        paper_url=named.paper_url,
        arxiv_id=arxiv_id(named.paper_url),
        metric=named.metric,
        capability_hints=(category,) if category else (),
        family=meta.get("source_name"),
        is_benchmark=named.not_benchmark_reason is None,
        not_benchmark_reason=named.not_benchmark_reason,
        extra={
            "eee_folder": piece.repo_path,
            "publisher": meta.get("source_organization_name"),
            "source_data_urls": _all_urls(record, evaluation),
        },
    )


def _all_urls(record: dict[str, Any], evaluation: dict[str, Any]) -> list[str]:
    """The result's source URLs (0.2+: on the result; 0.1: a list on the record)."""
    data = evaluation.get("source_data", record.get("source_data"))
    if isinstance(data, dict):
        data = data.get("url")
    return [data] if isinstance(data, str) else [u for u in data or [] if isinstance(u, str)]


def _finish(entry: _Benchmark) -> BenchmarkCandidate:
    extra = {**entry.candidate.extra, "evaluation_names": sorted(entry.evaluation_names)}
    if entry.instances:
        # What the runs evaluated, which for HELM is a subsample: not the benchmark's size.
        extra["evaluated_instances"] = sorted(entry.instances)
    return replace(entry.candidate, extra=extra)


def _known(value: Any) -> str | None:
    text = str(value).strip() if value is not None else ""
    return None if text.lower() in _UNKNOWN else text


def _date(timestamp: Any) -> str | None:
    """An ISO date from EEE's timestamps (Unix epoch seconds as text, or ISO text)."""
    if timestamp in (None, ""):
        return None
    try:
        return datetime.fromtimestamp(float(timestamp), UTC).date().isoformat()
    except (TypeError, ValueError):
        return str(timestamp)[:10]
