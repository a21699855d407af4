"""Hugging Face Open LLM Leaderboard, v1 (retired mid-2024) and v2 (retired 2025).

Live: the leaderboard's own dataset (open-llm-leaderboard/contents) is not reachable here, so
the channel reads the CSV exports in github.com/fboulnois/llm-leaderboard-csv, fetched from
GitHub raw pinned to the last commit that has each file; one GET per file, no pagination:
- `csv/huggingface_v2.csv` @ 0f4e5c69 (4,576 rows, data of 2025-03-21),
- `csv/huggingface_v1.csv` @ 52859821 (7,169 rows, data of 2024-07-13),
- `csv/merged.csv` @ 284af994: the export author's join of LMArena rows to v2 rows.

Scores were computed by Hugging Face with lm-evaluation-harness, so they are third-party for
every model. The value kept is the raw metric as the harness reports it: v2 publishes fractions
(0.33) next to a "normalised" score rescaled between the random baseline and 100; that rescaled
number is derived from the raw one and is not kept. v1 publishes percents. Settings: the
few-shot count the leaderboard documents per task, the precision the model was run in, the model
revision (commit sha) and, for v2, whether the chat template was applied.

The merged file is not a benchmark: it becomes a non-benchmark candidate whose `extra` holds the
62 arena-key <-> Hugging Face id pairs ("aya-expanse-32b" <-> "CohereForAI/aya-expanse-32b"), a
real third-party model join for crosswalk tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assets.channels._frameworks import raw_url
from assets.channels._tabular import Row, TableError, cell_value, read_rows
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, Scale, ScoreObservation
from benchhub.values import ValueFormatError

NAME = "open_llm_leaderboard"
REPO = "fboulnois/llm-leaderboard-csv"
V2_URL = raw_url(REPO, "0f4e5c69c6fb6515afa31ae61f4d699649bc9503", "csv/huggingface_v2.csv")
V1_URL = raw_url(REPO, "528598214f8f7a42d2259acec7a612c80b82da46", "csv/huggingface_v1.csv")
MERGED_URL = raw_url(REPO, "284af994514614608a09a23c500f87041104ab90", "csv/merged.csv")
V2_SITE = "https://huggingface.co/spaces/open-llm-leaderboard/open_llm_leaderboard"
V1_SITE = "https://huggingface.co/spaces/open-llm-leaderboard-old/open_llm_leaderboard"
ABOUT = "https://huggingface.co/docs/leaderboards/open_llm_leaderboard/about"
HARNESS = "lm-evaluation-harness"
PUBLISHER = "Hugging Face Open LLM Leaderboard (CSV export by fboulnois/llm-leaderboard-csv)"


@dataclass(frozen=True, slots=True)
class _Task:
    column: str  # v2: the `evaluations_<column>_*` stem; v1: the score column
    name: str  # as the leaderboard spells it
    shots: int
    metric: str
    hf_dataset: str | None = None
    hf_config: str | None = None


@dataclass(frozen=True, slots=True)
class _Version:
    key: str
    title: str
    recording: str
    url: str
    site: str
    scale: Scale
    model_column: str
    tasks: tuple[_Task, ...]
    settings: Callable[[Row], dict[str, Any]]  # per-model settings
    reported_at: Callable[[Row], str | None]

    def value_column(self, task: _Task) -> str:
        return f"evaluations_{task.column}_value" if self.key == "v2" else task.column


def _v2_settings(row: Row) -> dict[str, Any]:
    return {
        "precision": row.get("model_precision"),
        "revision": row.get("model_sha"),
        "chat_template": row.get("model_has_chat_template") == "TRUE",
    }


def _v1_settings(row: Row) -> dict[str, Any]:
    return {"precision": row.get("precision"), "revision": row.get("model_sha")}


VERSIONS = (
    _Version(
        key="v2",
        title="Open LLM Leaderboard v2",
        recording="open_llm_leaderboard_v2_2025-03-21.csv",
        url=V2_URL,
        site=V2_SITE,
        scale="fraction",
        model_column="model_name",
        tasks=(
            _Task("ifeval", "IFEval", 0, "strict accuracy (prompt and instruction level)"),
            _Task("bbh", "BBH", 3, "acc_norm"),
            _Task("math", "MATH Level 5", 4, "exact_match"),
            _Task("gpqa", "GPQA", 0, "acc_norm", "Idavidrein/gpqa"),
            _Task("musr", "MUSR", 0, "acc_norm", "TAUR-Lab/MuSR"),
            _Task("mmlu_pro", "MMLU-PRO", 5, "acc", "TIGER-Lab/MMLU-Pro"),
        ),
        settings=_v2_settings,
        reported_at=lambda row: row.get("metadata_submission_date") or None,
    ),
    _Version(
        key="v1",
        title="Open LLM Leaderboard v1",
        recording="open_llm_leaderboard_v1_2024-07-13.csv",
        url=V1_URL,
        site=V1_SITE,
        scale="percent",
        model_column="fullname",
        tasks=(
            _Task("arc", "ARC", 25, "acc_norm", "allenai/ai2_arc", "ARC-Challenge"),
            _Task("hellaswag", "HellaSwag", 10, "acc_norm", "Rowan/hellaswag"),
            _Task("mmlu", "MMLU", 5, "acc", "cais/mmlu"),
            _Task("truthfulqa", "TruthfulQA", 0, "mc2", "truthful_qa", "multiple_choice"),
            _Task("winogrande", "Winogrande", 5, "acc", "winogrande", "winogrande_xl"),
            _Task("gsm8k", "GSM8K", 5, "acc", "gsm8k", "main"),
        ),
        settings=_v1_settings,
        reported_at=lambda row: row.get("date")[:10] or None,
    ),
)
MERGED_RECORDING = "arena_x_open_llm_leaderboard_merged_2025-06-06.csv"


def sources() -> list[Source]:
    return [
        *(Source(v.key, v.url, v.recording) for v in VERSIONS),
        Source("merged", MERGED_URL, MERGED_RECORDING),
    ]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    for version in VERSIONS:
        _parse_version(version, payloads, result)
    _parse_merged(payloads, result)
    return result


def _parse_version(version: _Version, payloads: Payloads, result: ChannelResult) -> None:
    columns = [version.model_column, *(version.value_column(t) for t in version.tasks)]
    try:
        _, rows = read_rows(payloads[version.key], columns)
    except (KeyError, TableError) as exc:
        result.issues.append(ParseIssue(NAME, version.recording, f"unreadable file: {exc}"))
        return
    for task in version.tasks:
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=f"{version.key}/{task.column}",
                source_name=task.name,
                source_url=version.site,
                hf_dataset=task.hf_dataset,
                hf_config=task.hf_config,
                metric=task.metric,
                family=version.title,
                extra={"shots": task.shots, "about": ABOUT},
            )
        )
    for row in rows:
        model = row.get(version.model_column)
        where = f"{version.recording}:{row.line} ({model})"
        if not model:
            result.issues.append(ParseIssue(NAME, where, "a row without a model id"))
            continue
        settings = version.settings(row)
        reported_at = version.reported_at(row)
        for task in version.tasks:
            cell = row.get(version.value_column(task))
            try:
                parsed = cell_value(cell, version.scale)
            except ValueFormatError as exc:
                result.issues.append(ParseIssue(NAME, f"{where}#{task.column}", str(exc)))
                continue
            if parsed is None:
                continue
            result.scores.append(
                ScoreObservation(
                    channel=NAME,
                    benchmark_key=f"{version.key}/{task.column}",
                    benchmark_name=task.name,
                    model_name=model,
                    value=parsed.value,
                    scale=parsed.scale,
                    raw_value=cell,
                    source_url=version.url,
                    relationship="third_party",
                    metric=task.metric,
                    model_developer=model.split("/", 1)[0] if "/" in model else None,
                    publisher=PUBLISHER,
                    harness=HARNESS,
                    settings={"shots": task.shots, **settings},
                    reported_at=reported_at,
                )
            )


def _parse_merged(payloads: Payloads, result: ChannelResult) -> None:
    try:
        _, rows = read_rows(payloads["merged"], ["key", "model_name", "model"])
    except (KeyError, TableError) as exc:
        result.issues.append(ParseIssue(NAME, MERGED_RECORDING, f"unreadable file: {exc}"))
        return
    pairs = [
        {
            "arena_key": row.get("key"),
            "arena_name": row.get("model"),
            "hf_model": row.get("model_name"),
            "organization": row.get("organization") or None,
        }
        for row in rows
    ]
    result.candidates.append(
        BenchmarkCandidate(
            channel=NAME,
            source_key="arena_x_open_llm_leaderboard",
            source_name="LMArena x Open LLM Leaderboard model join",
            source_url=MERGED_URL,
            description="fboulnois's join of LMArena models to Open LLM Leaderboard v2 rows",
            is_benchmark=False,
            not_benchmark_reason="a model-name crosswalk (LMArena key <-> Hugging Face id)",
            extra={"model_pairs": pairs},
        )
    )


CHANNEL = Channel(
    name=NAME,
    title="Open LLM Leaderboard (v1 and v2)",
    kind="leaderboard",
    homepage=V2_SITE,
    recording_dir="leaderboard-open-llm-leaderboard",
    sources=sources,
    parse=parse,
    live_notes=(
        "3 GETs of GitHub raw CSV exports pinned to commits (5 MB in all); no pagination; "
        "conditional requests via ETag"
    ),
)
