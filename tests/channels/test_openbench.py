"""The OpenBench channel on its real (derived) recording, and the extraction its live mode runs."""

from __future__ import annotations

import httpx
import pytest

from assets.channels import openbench
from benchhub.channel import Mode, run_channel
from benchhub.http import USER_AGENT, Fetcher, FetchPolicy
from benchhub.records import BenchmarkCandidate, ChannelResult

# The shape of src/openbench/config.py: a dict literal of BenchmarkMetadata(...) calls. The
# second entry uses a name from the module, which static reading cannot resolve.
CONFIG_PY = """
from dataclasses import dataclass

@dataclass
class BenchmarkMetadata:
    name: str

BENCHMARKS = {
    # Core benchmarks
    "gpqa_diamond": BenchmarkMetadata(
        name="GPQA Diamond",
        description="Graduate-level Google-Proof Q&A in biology, chemistry, and physics",
        category="core",
        tags=["multiple-choice", "science", "graduate-level"],
        module_path="openbench.evals.gpqa_diamond",
        function_name="gpqa_diamond",
    ),
    "dynamic": BenchmarkMetadata(name=DYNAMIC_NAME, description="d", category="core", tags=[],
                                 module_path="openbench.evals.dynamic", function_name="dynamic"),
}
"""


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(openbench.CHANNEL)


def _by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    assert len(result.candidates) == len(_by_key(result)) == 594
    assert sum(c.family is not None for c in result.candidates) == 489  # per-subset variants
    assert all(c.is_benchmark for c in result.candidates)
    assert result.scores == [] and result.issues == []


def test_known_entries(result: ChannelResult) -> None:
    candidates = _by_key(result)
    gpqa = candidates["gpqa_diamond"]
    assert gpqa.source_name == "GPQA Diamond"
    assert (
        gpqa.source_url == "https://github.com/groq/openbench/blob/v0.5.3/src/openbench/config.py"
    )
    assert gpqa.capability_hints == ("core", "multiple-choice", "science", "graduate-level")
    assert gpqa.family is None
    assert candidates["mmlu-pro"].source_name == "MMLU Pro (TIGER-Lab)"
    german = candidates["mmmlu_de_de"]
    assert (german.source_name, german.family) == ("MMMLU (German)", "mmmlu")


def test_alpha_flag_is_kept_only_where_given(result: ChannelResult) -> None:
    candidates = _by_key(result)
    assert candidates["graphwalks"].extra["is_alpha"] is True
    assert candidates["gpqa_diamond"].extra["is_alpha"] is None


def test_an_error_page_yields_nothing_but_a_located_issue() -> None:
    result = openbench.parse({openbench.METADATA: b"<!DOCTYPE html><title>404</title>"})
    assert result.candidates == []
    assert [i.location for i in result.issues] == [openbench.METADATA]


def test_live_mode_reads_config_py_statically() -> None:
    url = openbench.sources()[0].url
    assert url == "https://raw.githubusercontent.com/groq/openbench/v0.5.3/src/openbench/config.py"

    def serve(request: httpx.Request) -> httpx.Response:
        assert str(request.url) == url
        return httpx.Response(200, text=CONFIG_PY)

    client = httpx.Client(transport=httpx.MockTransport(serve), headers={"User-Agent": USER_AGENT})
    live = run_channel(openbench.CHANNEL, Mode.LIVE, Fetcher(client, FetchPolicy()))
    assert [c.source_key for c in live.candidates] == ["gpqa_diamond"]
    assert live.candidates[0] == _by_key(run_channel(openbench.CHANNEL))["gpqa_diamond"]
    assert [i.location for i in live.issues] == ["src/openbench/config.py#dynamic"]
