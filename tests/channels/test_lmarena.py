"""The LMArena channel on its real recordings (arena-catalog JSON and the fboulnois CSVs)."""

from __future__ import annotations

from collections import Counter

import pytest

from assets.channels import lmarena
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import ChannelResult

TEXT_URL = (
    "https://raw.githubusercontent.com/lmarena/arena-catalog/"
    "c9558b60647217fafa878cb7ee14f8f43c355594/data/leaderboard-text.json"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(lmarena.CHANNEL)


def test_counts(result: ChannelResult) -> None:
    assert [c.source_key for c in result.candidates] == ["text", "vision", "image"]
    assert not result.issues
    per_arena = Counter(s.benchmark_key for s in result.scores)
    # catalog ratings + CSV rows (text: 7,461 + 266 + 218 from the older lmsys export)
    assert per_arena == {"text": 7461 + 266 + 218, "vision": 451 + 86, "image": 76 + 19}
    assert {s.scale for s in result.scores} == {"elo"}
    assert {s.relationship for s in result.scores} == {"third_party"}


def test_categories_are_settings_of_one_arena(result: ChannelResult) -> None:
    text = result.candidates[0]
    assert text.source_name == "LMArena Text"
    assert len(text.capability_hints) == 29 and "coding" in text.capability_hints
    full = [
        s
        for s in result.scores
        if s.benchmark_key == "text" and s.settings.get("category") == "full"
    ]
    assert len(full) == 282


def test_a_known_catalog_rating(result: ChannelResult) -> None:
    (score,) = [
        s
        for s in result.scores
        if s.benchmark_key == "text"
        and s.model_name == "gemini-2.5-pro"
        and s.settings.get("category") == "chinese"
    ]
    assert score.value == pytest.approx(1517.2954756980423)
    assert (score.ci_low, score.ci_high) == pytest.approx((1506.2783819620427, 1528.312569434042))
    assert score.source_url == TEXT_URL
    assert score.settings["style_control"] is False
    assert score.reported_at == "2025-12-17"


def test_a_known_csv_row_with_its_interval(result: ChannelResult) -> None:
    (score,) = [
        s
        for s in result.scores
        if s.model_name == "Gemini-2.5-Pro" and s.reported_at == "2025-07-18"
    ]
    # "1474" with "+5/-4"
    assert (score.value, score.ci_low, score.ci_high) == (1474.0, 1470.0, 1479.0)
    assert score.model_developer == "Google"
    assert score.source_url.endswith("/csv/lmsys.csv")


def test_organisation_comes_from_the_scatterplot_table(result: ChannelResult) -> None:
    known = [s for s in result.scores if s.source_url == TEXT_URL and s.model_developer]
    assert known and all(s.model_developer for s in known)
    assert any(s.model_developer == "OpenAI" for s in known)


def test_a_truncated_ratings_file_is_an_issue_and_the_rest_loads(result: ChannelResult) -> None:
    payloads = fetch_payloads(lmarena.CHANNEL, Mode.REPLAY)
    payloads["catalog/vision"] = payloads["catalog/vision"][:5000]
    damaged = lmarena.parse(payloads)
    assert [i.location for i in damaged.issues] == ["arena-catalog_leaderboard-vision.json"]
    assert len(damaged.scores) == len(result.scores) - 451
