"""The Every Eval Ever channel (HAL, LiveCodeBench Pro, Global MMLU Lite) and the shared reader."""

from __future__ import annotations

import json

import pytest

from assets.channels import every_eval_ever as eee
from benchhub.channel import run_channel
from benchhub.records import ChannelResult

HAL_RECORD = (
    "eee_hal-swebench-verified-mini/anthropic/claude-3-7-sonnet-20250219/"
    "215a7369-95f8-485f-95a7-ca01496ea824.json"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(eee.CHANNEL)


def test_counts(result: ChannelResult) -> None:
    assert (len(result.candidates), len(result.scores), len(result.issues)) == (3, 576, 0)
    assert {c.source_name for c in result.candidates} == {
        "SWE-bench Verified Mini",
        "Live Code Bench Pro",
        "Global MMLU Lite",
    }


def test_hal_score(result: ChannelResult) -> None:
    score = next(
        s
        for s in result.scores
        if s.model_name == "anthropic/claude-3-7-sonnet-20250219"
        and s.settings.get("hal_rank") == "20"
    )
    assert (score.value, score.scale, score.relationship) == (0.26, "fraction", "third_party")
    assert score.benchmark_key == "hal-swebench-verified-mini:SWE-bench Verified Mini"
    assert score.source_url == "https://hal.cs.princeton.edu/swebench_verified_mini"
    assert score.publisher == "Princeton SAgE Team" and score.model_developer == "anthropic"
    assert score.harness == "HAL" and score.harness_version is None  # "unknown" stays missing
    assert score.settings["agent_scaffold"] == "HAL Generalist Agent"
    assert score.settings["tools"] == ["bash", "edit_file", "read_file"]


def test_subsets_of_a_leaderboard(result: ChannelResult) -> None:
    hard = [s for s in result.scores if s.settings.get("subset") == "Hard Problems"]
    assert len(hard) == 29 and {s.metric for s in hard} == {"Pass@1"}
    assert hard[0].benchmark_name == "Live Code Bench Pro"
    assert hard[0].source_url.endswith("difficulty=hard&benchmark_mode=live")
    o4 = [s for s in result.scores if s.model_name == "unknown/o4-mini-2025-04-16"]
    assert len(o4) == 19 and o4[0].model_developer is None  # developer "unknown"
    overall = next(s for s in o4 if "subset" not in s.settings)
    assert overall.benchmark_name == "Global MMLU Lite" and overall.value == 0.8705


def test_candidate_provenance(result: ChannelResult) -> None:
    hal = next(c for c in result.candidates if c.source_name == "SWE-bench Verified Mini")
    assert hal.source_url == (
        "https://github.com/evaleval/every_eval_ever/tree/"
        "2f1fea41e2753bc01665dda3578858d59f2aa464/data/hal-swebench-verified-mini"
    )
    assert hal.capability_hints == ("Software Engineering",)
    assert hal.description == "Fraction of 50 verified GitHub issues resolved (0.0–1.0)"
    source = next(s for s in eee.sources() if s.name == HAL_RECORD)
    assert source.url == (
        "https://raw.githubusercontent.com/evaleval/every_eval_ever/"
        "2f1fea41e2753bc01665dda3578858d59f2aa464/data/hal-swebench-verified-mini/anthropic/"
        "claude-3-7-sonnet-20250219/215a7369-95f8-485f-95a7-ca01496ea824.json"
    )


def _record() -> dict:
    return json.loads(eee.CHANNEL.recording_path(HAL_RECORD).read_bytes())


@pytest.mark.parametrize(
    ("relationship", "expected"),
    [("first_party", "first_party"), ("collaborative", "third_party"), ("other", "third_party")],
)
def test_evaluator_relationship_mapping(relationship: str, expected: str) -> None:
    record = _record()
    record["source_metadata"]["evaluator_relationship"] = relationship
    parsed = eee.parse({HAL_RECORD: json.dumps(record).encode()})
    assert [s.relationship for s in parsed.scores] == [expected]


def test_records_that_do_not_map_are_located_issues() -> None:
    newer, unlabelled, no_score = _record(), _record(), _record()
    newer["schema_version"] = "1.0.0"
    del unlabelled["source_metadata"]["evaluator_relationship"]
    no_score["evaluation_results"][0]["score_details"]["score"] = None
    names = ["eee_livecodebenchpro/a/b/1.json", "eee_livecodebenchpro/a/b/2.json", HAL_RECORD]
    parsed = eee.parse(
        {
            name: json.dumps(r).encode()
            for name, r in zip(names, (newer, unlabelled, no_score), strict=True)
        }
        | {"eee_livecodebenchpro/a/b/3.json": b"<html>429 Too Many Requests</html>"}
    )
    assert parsed.scores == [] and parsed.candidates == []
    messages = {i.location: i.message for i in parsed.issues}
    assert "schema_version '1.0.0'" in messages[names[0]]
    assert "evaluator_relationship None" in messages[names[1]]
    assert "score None is not a number" in messages[f"{HAL_RECORD}#evaluation_results[0]"]
    assert messages["eee_livecodebenchpro/a/b/3.json"].startswith("unreadable EEE record")
