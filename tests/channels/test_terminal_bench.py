"""The Terminal-Bench channel on its real recording, and on the TypeScript the live URL serves."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from assets.channels import terminal_bench
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import ChannelResult

# Verbatim excerpt of app/(home)/leaderboard/data.ts @ 7def3620: the shapes the transcription
# must handle (enum values, a model list, a commented-out entry, the launch-list spread).
DATA_TS = """export enum IntegrationMethod {
  API = "API",
  MCP = "MCP",
  Install = "Install",
}

const rawLaunchLeaderboardData: LeaderboardEntry[] = [
  {
    agent: "Terminus 1",
    model: "o4-mini",
    agentOrganization: "Stanford",
    modelOrganization: "OpenAI",
    date: "2025-05-15",
    accuracy: 0.18536585365853658,
    stderr: 0.01357991308007322,
    integrationMethod: IntegrationMethod.API,
    agentUrl: "/terminus",
    verified: true,
  },
];

const rawLiveLeaderboardData: LeaderboardEntry[] = [
  {
    agent: "Warp",
    model: ["claude-sonnet-4", "claude-opus-4"],
    agentOrganization: "Warp",
    modelOrganization: "Anthropic",
    integrationMethod: IntegrationMethod.Install,
    agentUrl: "https://warp.dev",
    date: "2025-06-23",
    accuracy: 0.52,
    stderr: 0.00955,
    verified: false,
  },
  // {
  //   agent: "OB-1",
  //   model: "GPT-5",
  //   agentOrganization: "OpenBlock",
  //   modelOrganization: "OpenAI",
  //   integrationMethod: IntegrationMethod.Install,
  //   agentUrl: "https://www.openblocklabs.com/",
  //   date: "2025-08-21",
  //   accuracy: 0.49,
  //   stderr: 0.010752906583803285,
  // },
  ...rawLaunchLeaderboardData,
];
"""


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(terminal_bench.CHANNEL)


def test_counts_include_the_launch_entries_and_not_the_commented_out(
    result: ChannelResult,
) -> None:
    assert len(result.candidates) == 1 and not result.issues
    assert len(result.scores) == 62
    assert sum(bool(s.settings.get("launch_entry")) for s in result.scores) == 15
    (candidate,) = result.candidates
    assert candidate.source_name == "Terminal-Bench"
    assert candidate.source_url == "https://www.tbench.ai/leaderboard"
    assert candidate.extra["commented_out_entries"] == 2
    assert candidate.release_date == "2025-05-15"
    # The commented-out OB-1 runs (0.49 and 0.59) are not scores.
    assert not [s for s in result.scores if s.value in (0.49, 0.59)]


def test_a_known_row(result: ChannelResult) -> None:
    apex2 = [s for s in result.scores if s.settings["scaffold"] == "Apex2"]
    score = next(s for s in apex2 if s.model_name == "claude-4-5-sonnet")
    assert (score.value, score.scale) == (0.645, "fraction")
    assert score.stderr == pytest.approx(0.0057008771)
    assert score.source_url == "https://www.tbench.ai/leaderboard"
    assert score.model_developer == "Anthropic"
    assert score.relationship == "third_party"
    assert score.settings["verified_by_maintainers"] is False
    assert score.reported_at == "2025-10-15"


def test_model_lists_and_multiple_organisations(result: ChannelResult) -> None:
    ob1 = next(s for s in result.scores if s.settings["scaffold"] == "OB-1")
    assert ob1.model_name == "GPT-5 + Claude 4.1 Opus + Claude 4 Sonnet"
    assert ob1.settings["models"] == ["GPT-5", "Claude 4.1 Opus", "Claude 4 Sonnet"]
    assert ob1.model_developer is None  # "Multiple"
    abacus = next(s for s in result.scores if s.settings["scaffold"] == "Abacus AI Desktop")
    assert abacus.model_developer == "OpenAI, Anthropic"


def test_relationship_first_party_only_for_a_developers_own_unverified_run(
    result: ChannelResult,
) -> None:
    first = Counter(
        (s.settings["scaffold"], s.model_name)
        for s in result.scores
        if s.relationship == "first_party"
    )
    assert first == {("Claude Code", "claude-sonnet-4"): 1, ("Claude Code", "claude-opus-4"): 1}


def test_live_typescript_transcribes_to_the_recording_shape() -> None:
    document = terminal_bench.transcribe_data_ts(DATA_TS)
    assert [e["agent"] for e in document["rawLiveLeaderboardData"]] == ["Warp"]
    (launch,) = document["rawLaunchLeaderboardData"]
    assert launch["integrationMethod"] == "API" and launch["verified"] is True
    parsed = terminal_bench.parse({"leaderboard": DATA_TS.encode()})
    assert len(parsed.scores) == 2 and not parsed.issues


def test_transcription_matches_the_recorded_json() -> None:
    recorded = json.loads(fetch_payloads(terminal_bench.CHANNEL, Mode.REPLAY)["leaderboard"])
    first_launch = recorded["rawLaunchLeaderboardData"][0]
    transcribed = terminal_bench.transcribe_data_ts(DATA_TS)["rawLaunchLeaderboardData"][0]
    assert transcribed == first_launch


def test_an_html_error_page_yields_nothing() -> None:
    parsed = terminal_bench.parse({"leaderboard": b"<html><body>502 Bad Gateway</body></html>"})
    assert not parsed.scores and not parsed.candidates
    assert parsed.issues and "unreadable" in parsed.issues[0].message
