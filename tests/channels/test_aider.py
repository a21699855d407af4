"""The Aider channel on its five real leaderboard YAML files."""

from __future__ import annotations

from collections import Counter

import pytest

from assets.channels import aider
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import ChannelResult


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(aider.CHANNEL)


def test_counts(result: ChannelResult) -> None:
    assert not result.issues
    assert [c.source_name for c in result.candidates] == [
        "Aider polyglot",
        "Aider code editing",
        "Aider refactoring",
    ]
    per_attempt = Counter((s.benchmark_key, s.settings["attempts"]) for s in result.scores)
    # polyglot: 69 + 10 (o1 post) + 10 (Qwen3 post); refactoring has no second attempt
    assert per_attempt == {
        ("polyglot", 1): 89,
        ("polyglot", 2): 89,
        ("edit", 1): 98,
        ("edit", 2): 98,
        ("refactor", 1): 14,
    }
    assert {s.scale for s in result.scores} == {"percent"}


def test_a_known_run_as_two_attempts(result: ChannelResult) -> None:
    runs = [s for s in result.scores if s.model_name == "o3-mini (high)"]
    assert {s.settings["attempts"]: s.value for s in runs} == {1: 21.0, 2: 60.4}
    second = next(s for s in runs if s.settings["attempts"] == 2)
    assert second.source_url == "https://aider.chat/docs/leaderboards/"
    assert second.settings["edit_format"] == "diff"
    assert second.settings["command"] == "aider --model o3-mini --reasoning-effort high"
    assert second.harness_version == "0.72.4.dev"
    assert second.reported_at == "2025-01-31"
    assert second.relationship == "third_party"


def test_pages_and_extra_settings(result: ChannelResult) -> None:
    qwen3 = [s for s in result.scores if s.source_url.endswith("/2025/05/08/qwen3.html")]
    assert len(qwen3) == 20 and {s.benchmark_key for s in qwen3} == {"polyglot"}
    architect = [s for s in result.scores if "editor_model" in s.settings]
    assert architect and {s.settings["edit_format"] for s in architect} == {"architect"}
    assert any(s.settings.get("thinking_tokens") == 32000 for s in result.scores)


def test_a_broken_yaml_file_is_an_issue_and_the_rest_loads(result: ChannelResult) -> None:
    payloads = fetch_payloads(aider.CHANNEL, Mode.REPLAY)
    payloads["refactor_leaderboard.yml"] = b"- dirname: x\n  model: [unclosed\n"
    damaged = aider.parse(payloads)
    assert [i.location for i in damaged.issues] == ["refactor_leaderboard.yml"]
    assert len(damaged.scores) == len(result.scores) - 14
    assert "refactor" not in {c.source_key for c in damaged.candidates}
