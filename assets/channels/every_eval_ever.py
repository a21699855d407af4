"""Every Eval Ever (EEE): third-party leaderboards re-published in one normalised score schema.

EEE (github.com/evaleval/every_eval_ever, MIT) converts public leaderboards into one JSON record
per model and run, each saying who evaluated the model and how that evaluator relates to the
model's developer (`evaluator_relationship`). This channel reads three of its data folders: the
Princeton HAL leaderboard on SWE-bench Verified Mini (agent scaffold + model), LiveCodeBench Pro
(Easy/Medium/Hard problems) and Cohere's Global MMLU Lite (overall, per language, culturally
sensitive/agnostic). The record reader is shared with the HELM channel (`_eee`).

Naming: a result whose `evaluation_name` appears in the leaderboard's own name is the benchmark
("SWE-bench Verified Mini" in "HAL Leaderboard — SWE-bench Verified Mini", "Global MMLU Lite");
any other is a subset of the leaderboard's benchmark ("Hard Problems" of "Live Code Bench Pro",
"Arabic" of "Global MMLU Lite") and is kept as the score's `subset` setting.

Live: one GET per record file on raw.githubusercontent.com, pinned to the commit each folder was
recorded at (so live and replay read the same bytes; moving a pin picks up new records); no
pagination, no published quota; the Fetcher's per-host pause keeps it polite.
"""

from __future__ import annotations

from typing import Any

from assets.channels import _eee
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import ChannelResult

NAME = "every_eval_ever"
RECORDING_DIR = "aggregator-every-eval-ever"
SLICES = (
    _eee.Slice(
        "eee_hal-swebench-verified-mini",
        "data/hal-swebench-verified-mini",
        "2f1fea41e2753bc01665dda3578858d59f2aa464",
    ),
    _eee.Slice(
        "eee_livecodebenchpro", "data/livecodebenchpro", "9e6d46157c035196c6d12c35a19e297339ec78ed"
    ),
    _eee.Slice(
        "eee_global-mmlu-lite", "data/global-mmlu-lite", "af911c4e1026f20dbe4413a1588621980b324f76"
    ),
)


def sources() -> list[Source]:
    return _eee.sources(RECORDING_DIR, SLICES)


def parse(payloads: Payloads) -> ChannelResult:
    return _eee.parse_records(NAME, payloads, SLICES, _name_of)


def _name_of(record: dict[str, Any], evaluation: dict[str, Any]) -> _eee.Evaluation:
    leaderboard = record["source_metadata"].get("source_name") or ""
    name = evaluation["evaluation_name"]
    metric, description = _eee.metric_or_description(evaluation)
    if name in leaderboard or not leaderboard:
        # Global MMLU Lite's description only repeats the names ("Global MMLU Lite - Global ...").
        if description == f"{leaderboard} - {name}":
            description = None
        return _eee.Evaluation(name, metric, description=description)
    return _eee.Evaluation(leaderboard, metric, subset=name)


CHANNEL = Channel(
    name=NAME,
    title="Every Eval Ever (EvalEval)",
    kind="aggregator",
    homepage="https://github.com/evaleval/every_eval_ever",
    recording_dir=RECORDING_DIR,
    sources=sources,
    parse=parse,
    live_notes="one GET per EEE record on raw.githubusercontent.com pinned to a commit; no paging",
)
