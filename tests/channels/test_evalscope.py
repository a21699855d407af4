"""The EvalScope channel on its real recording: 276 metadata files behind one index."""

from __future__ import annotations

import httpx
import pytest

from assets.channels import evalscope
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.http import USER_AGENT, Fetcher, FetchPolicy
from benchhub.records import BenchmarkCandidate, ChannelResult


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(evalscope.CHANNEL)


def _by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    assert len(result.candidates) == len(_by_key(result)) == 276
    assert sum(not c.is_benchmark for c in result.candidates) == 12
    assert result.scores == [] and result.issues == []


def test_modelscope_id_is_not_taken_for_a_hugging_face_id(result: ChannelResult) -> None:
    gpqa = _by_key(result)["gpqa_diamond"]
    assert gpqa.source_name == "GPQA-Diamond"
    assert gpqa.source_url == (
        "https://github.com/modelscope/evalscope/blob/v1.14.1/"
        "evalscope/benchmarks/_meta/gpqa_diamond.json"
    )
    assert gpqa.hf_dataset is None
    assert gpqa.extra["modelscope_dataset"] == "AI-ModelScope/gpqa_diamond"
    assert gpqa.sample_count == 198
    assert gpqa.splits == ("train",)


def test_mirrored_and_linked_hugging_face_ids(result: ChannelResult) -> None:
    candidates = _by_key(result)
    mmlu_pro = candidates["mmlu_pro"]
    assert (mmlu_pro.hf_dataset, mmlu_pro.extra["hf_dataset_from"]) == (
        "TIGER-Lab/MMLU-Pro",
        "dataset_id",
    )
    assert mmlu_pro.extra["subsets"]["math"] == 1351
    assert mmlu_pro.sample_count == 12032
    bird = candidates["bird_sql"]  # ModelScope copy; the description links the Hub original
    assert bird.extra["modelscope_dataset"] == "evalscope/bird_mini_dev"
    assert (bird.hf_dataset, bird.extra["hf_dataset_from"]) == (
        "birdsql/bird_mini_dev",
        "description link",
    )
    assert bird.arxiv_id == "2305.03111"


def test_uncounted_samples_stay_missing_and_variants_share_a_family(result: ChannelResult) -> None:
    verified = _by_key(result)["swe_bench_verified"]
    assert verified.extra["total_samples_reported"] == 0
    assert verified.sample_count is None
    assert verified.family == "swe_bench"
    assert verified.hf_dataset == "princeton-nlp/SWE-bench_Verified"
    assert _by_key(result)["gpqa_diamond"].family is None  # a package with one benchmark


def test_metric_shapes(result: ChannelResult) -> None:
    candidates = _by_key(result)
    assert candidates["gsm8k"].metric == "accuracy"  # {"accuracy": {"numeric": true}}
    assert candidates["tau_bench"].metric == "accuracy (pass_hat_k, k=1)"
    assert candidates["tau_bench"].github_url == "https://github.com/sierra-research/tau-bench"


def test_custom_adapters_and_vendor_checks_are_not_benchmarks(result: ChannelResult) -> None:
    candidates = _by_key(result)
    assert "Custom" in (candidates["general_qa"].not_benchmark_reason or "")
    assert candidates["general_qa"].extra["dataset_hub"] == "local"
    assert "deployment" in (candidates["kimi_verifier"].not_benchmark_reason or "")
    assert candidates["skillsbench"].is_benchmark


def test_a_broken_metadata_file_is_located_and_the_rest_loads() -> None:
    payloads = fetch_payloads(evalscope.CHANNEL, Mode.REPLAY)
    name = "benchmark_meta/gpqa_diamond.json"
    payloads[name] = payloads[name][:500]  # truncated
    result = evalscope.parse(payloads)
    assert [i.location for i in result.issues] == [name]
    assert len(result.candidates) == 275


def test_an_error_page_instead_of_the_index_yields_nothing() -> None:
    payloads = fetch_payloads(evalscope.CHANNEL, Mode.REPLAY)
    payloads[evalscope.INDEX] = b"<html><body>502 Bad Gateway</body></html>"
    result = evalscope.parse(payloads)
    assert result.candidates == []
    assert [i.location for i in result.issues] == [evalscope.INDEX]


def test_live_mode_follows_the_index_to_every_metadata_file() -> None:
    channel = evalscope.CHANNEL
    files = {s.url: channel.recording_path(s.recording) for s in channel.sources()}
    requested: list[str] = []

    def serve(request: httpx.Request) -> httpx.Response:
        requested.append(str(request.url))
        return httpx.Response(200, content=files[str(request.url)].read_bytes())

    client = httpx.Client(transport=httpx.MockTransport(serve), headers={"User-Agent": USER_AGENT})
    live = run_channel(channel, Mode.LIVE, Fetcher(client, FetchPolicy(min_interval_s=0.0)))
    assert len(requested) == len(set(requested)) == 277
    assert requested[0].endswith("/v1.14.1/evalscope/benchmarks/_index.json")
    assert live.candidates == run_channel(channel).candidates
