"""The MLCommons Science catalogue channel on its real YAML files."""

from __future__ import annotations

import pytest

from assets.channels import mlcommons
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import BenchmarkCandidate, ChannelResult

BLOB = (
    "https://github.com/mlcommons-science/benchmark/blob/"
    "8e7fe10fabc0a8edc15f1b986ddb37bfa70a5c7e/source/"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(mlcommons.CHANNEL)


def _by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    files = [c.extra["file"] for c in result.candidates]
    assert len(result.candidates) == len(_by_key(result)) == 94
    assert files.count("source/benchmarks.yaml") == 23
    assert files.count("source/benchmarks-addon.yaml") == 51
    assert sum(not c.is_benchmark for c in result.candidates) == 20  # 19 excluded + the template
    assert result.scores == [] and result.issues == []


def test_known_entry(result: ChannelResult) -> None:
    mmlu = _by_key(result)["benchmarks.yaml#MMLU (Massive Multitask Language Understanding)"]
    assert mmlu.source_url == f"{BLOB}benchmarks.yaml#L1"
    assert (mmlu.arxiv_id, mmlu.paper_url) == ("2009.03300", "https://arxiv.org/abs/2009.03300")
    assert mmlu.hf_dataset == "cais/mmlu"
    # the catalogue restates the licence; only the data set's own statement is its licence
    assert mmlu.license is None and mmlu.extra["license_stated_by_catalogue"] == "MIT License"
    assert mmlu.release_date == "2020-09-07"
    assert mmlu.metric == "Accuracy"
    assert mmlu.extra["models"] == ["GPT-4o", "Gemini 1.5 Pro", "o1", "DeepSeek-R1"]


def test_placeholders_read_as_missing(result: ChannelResult) -> None:
    gpqa = _by_key(result)["benchmarks.yaml#GPQA Diamond"]
    assert gpqa.extra.get("license_stated_by_catalogue") is None  # licensing: "unknown"
    hle = _by_key(result)["benchmarks-excluded.yaml#Humanity's Last Exam"]
    assert hle.extra["models"] == []  # models: ["unkown"]
    jet = _by_key(result)["benchmarks-addon.yaml#Jet Classification"]
    assert jet.extra["expired"] is None and jet.extra["result_links"] == []
    assert jet.arxiv_id == "2207.07958"  # from the 10.48550 DOI
    assert jet.github_url == "https://github.com/fastmachinelearning/fastml-science"


def test_excluded_entries_carry_the_curators_reason(result: ChannelResult) -> None:
    codabench = _by_key(result)["benchmarks-excluded.yaml#Codabench"]
    assert not codabench.is_benchmark
    assert codabench.not_benchmark_reason == (
        "excluded by the MLCommons Science curators: "
        "Platform for hosting benchmarks, not a benchmark itself"
    )
    assert codabench.paper_url == "https://doi.org/10.1016/j.patter.2022.100543"
    sabath = _by_key(result)["benchmarks-excluded.yaml#Sabath (SBI-FAIR)"]
    assert "uses external benchmarks" in (sabath.not_benchmark_reason or "")


def test_the_schema_template_is_not_an_entry(result: ChannelResult) -> None:
    template = _by_key(result)["benchmarks-format.yaml#Jet Classification"]
    assert not template.is_benchmark
    assert template.not_benchmark_reason is not None
    assert "template" in template.not_benchmark_reason


def test_broken_file_is_located_and_the_others_load() -> None:
    payloads = fetch_payloads(mlcommons.CHANNEL, Mode.REPLAY)
    payloads["benchmarks-addon.yaml"] = b"- name: 'unterminated\n  url: x\n"
    result = mlcommons.parse(payloads)
    assert [i.location for i in result.issues] == ["source/benchmarks-addon.yaml"]
    assert len(result.candidates) == 94 - 51
