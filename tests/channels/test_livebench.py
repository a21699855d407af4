"""The LiveBench channel on its real recordings: ten releases whose task columns drift."""

from __future__ import annotations

from collections import Counter

import pytest

from assets.channels import livebench
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import ChannelResult

TABLE_URL = (
    "https://raw.githubusercontent.com/LiveBench/livebench.github.io/"
    "4bf96c8d9dc9b06c17d82dc76a54429975c2b2c2/public/table_2025_04_25.csv"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(livebench.CHANNEL)


def test_counts(result: ChannelResult) -> None:
    assert not result.issues
    keys = Counter(
        c.source_key.split("/")[1] if "/" in c.source_key else c.source_key
        for c in result.candidates
    )
    assert keys == {"livebench": 1, "category": 7, "task": 28}
    assert len(result.scores) == 13872
    releases = Counter(s.settings["release"] for s in result.scores)
    assert len(releases) == 10
    assert {s.relationship for s in result.scores} == {"third_party"}


def test_a_known_score(result: ChannelResult) -> None:
    (score,) = [
        s
        for s in result.scores
        if s.model_name == "claude-3-7-sonnet-20250219-thinking-64k"
        and s.benchmark_key == "livebench/task/zebra_puzzle"
        and s.settings["release"] == "2025-04-25"
    ]
    assert (score.value, score.scale, score.raw_value) == (81.5, "percent", "81.5")
    assert score.source_url == TABLE_URL
    assert score.reported_at == "2025-04-25"


def test_schema_drift_between_releases(result: ChannelResult) -> None:
    by_key = {c.source_key: c for c in result.candidates}
    renamed = by_key["livebench/task/LCB_generation"]
    assert renamed.extra["releases"][-1] == "2025-04-02"  # then called code_generation
    assert by_key["livebench/task/code_generation"].extra["releases"][0] == "2025-04-25"
    assert by_key["livebench/task/javascript"].extra["category"] == "Agentic Coding"
    assert by_key["livebench"].release_date == "2024-06-24"


def test_a_missing_cell_stays_missing(result: ChannelResult) -> None:
    phi = [
        s
        for s in result.scores
        if s.model_name == "phi-3-small-8k-instruct" and s.settings["release"] == "2024-11-25"
    ]
    assert len(phi) == 17  # 18 task columns, the `connections` cell is empty
    assert "livebench/task/connections" not in {s.benchmark_key for s in phi}


def test_a_task_missing_from_the_category_file_is_a_located_issue() -> None:
    payloads = fetch_payloads(livebench.CHANNEL, Mode.REPLAY)
    payloads["categories_2024_06_24.json"] = b'{"Reasoning": ["web_of_lies_v2", "zebra_puzzle"]}'
    damaged = livebench.parse(payloads)
    messages = [i.message for i in damaged.issues if i.location == "table_2024_06_24.csv"]
    assert len(messages) == 15 and any("'typos'" in m for m in messages)
    assert damaged.scores  # the other releases and the listed tasks still load
