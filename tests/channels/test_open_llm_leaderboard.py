"""The Open LLM Leaderboard channel on its real recordings (v1, v2 and the arena join)."""

from __future__ import annotations

from collections import Counter

import pytest

from assets.channels import open_llm_leaderboard as oll
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import ChannelResult, ScoreObservation

V2_URL = (
    "https://raw.githubusercontent.com/fboulnois/llm-leaderboard-csv/"
    "0f4e5c69c6fb6515afa31ae61f4d699649bc9503/csv/huggingface_v2.csv"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(oll.CHANNEL)


def _score(result: ChannelResult, key: str, model: str) -> ScoreObservation:
    (score,) = [s for s in result.scores if s.benchmark_key == key and s.model_name == model]
    return score


def test_counts(result: ChannelResult) -> None:
    # repositories named like placeholders ("UCLA-AGI/test", "zelk12/Test01012025155054") name
    # no model (docs/models.md, rule 6): their rows are parse issues, one per cell
    junk = Counter(i.location.split(" / ")[0].split("/")[0] for i in result.issues)
    assert junk == {"v2": 13 * 6, "v1": 10 * 6}
    assert all("placeholder" in i.message for i in result.issues)
    per_version = Counter(s.benchmark_key.split("/")[0] for s in result.scores)
    assert per_version == {"v2": (4576 - 13) * 6, "v1": (7169 - 10) * 6}
    names = [c.source_name for c in result.candidates if c.is_benchmark]
    assert names == [
        "IFEval", "BBH", "MATH Level 5", "GPQA", "MUSR", "MMLU-PRO",
        "ARC", "HellaSwag", "MMLU", "TruthfulQA", "Winogrande", "GSM8K",
    ]  # fmt: skip
    assert {s.relationship for s in result.scores} == {"third_party"}
    assert {s.harness for s in result.scores} == {"lm-evaluation-harness"}


def test_v2_keeps_the_raw_fraction_not_the_normalised_score(result: ChannelResult) -> None:
    score = _score(result, "v2/ifeval", "CohereForAI/aya-expanse-32b")
    assert (score.value, score.scale) == (0.730173716849072, "fraction")
    assert score.raw_value == "0.730173716849072"  # normalised cell: 73.0173716849072
    assert score.source_url == V2_URL
    assert score.model_developer == "CohereForAI"
    assert score.reported_at == "2024-10-24"
    assert score.settings == {
        "shots": 0,
        "precision": "float16",
        "revision": "08b69cfa4240e2009c80ad304f000b491d1b8c38",
        "chat_template": True,
    }


def test_documented_shots_per_task(result: ChannelResult) -> None:
    shots = {s.benchmark_key: s.settings["shots"] for s in result.scores}
    assert shots == {
        "v2/ifeval": 0, "v2/bbh": 3, "v2/math": 4, "v2/gpqa": 0, "v2/musr": 0, "v2/mmlu_pro": 5,
        "v1/arc": 25, "v1/hellaswag": 10, "v1/mmlu": 5, "v1/truthfulqa": 0, "v1/winogrande": 5,
        "v1/gsm8k": 5,
    }  # fmt: skip


def test_v1_percent_scores(result: ChannelResult) -> None:
    score = _score(result, "v1/mmlu", "meta-llama/Meta-Llama-3-8B-Instruct")
    assert (score.value, score.scale) == (67.07, "percent")
    assert score.settings["precision"] == "float16"
    assert score.reported_at == "2024-04-18"


def test_arena_join_is_a_flagged_crosswalk_not_a_benchmark(result: ChannelResult) -> None:
    (join,) = [c for c in result.candidates if not c.is_benchmark]
    assert "crosswalk" in (join.not_benchmark_reason or "")
    pairs = join.extra["model_pairs"]
    assert len(pairs) == 62
    assert {
        "arena_key": "aya-expanse-32b",
        "arena_name": "Aya-Expanse-32B",
        "hf_model": "CohereForAI/aya-expanse-32b",
        "organization": "Cohere",
    } in pairs
    # Every joined Hugging Face id is a v2 model the channel scored.
    v2_models = {s.model_name for s in result.scores if s.benchmark_key.startswith("v2/")}
    assert {p["hf_model"] for p in pairs} <= v2_models


def test_an_html_page_instead_of_a_csv_is_an_issue_and_the_rest_loads() -> None:
    payloads = fetch_payloads(oll.CHANNEL, Mode.REPLAY)
    payloads["v1"] = b"<html><head><title>429 Too Many Requests</title></head></html>"
    damaged = oll.parse(payloads)
    assert [i.location for i in damaged.issues] == ["open_llm_leaderboard_v1_2024-07-13.csv"]
    assert {s.benchmark_key.split("/")[0] for s in damaged.scores} == {"v2"}
