"""The Harbor channel: the deduplicated registry, adapters, parity scores and Hub manifests."""

from __future__ import annotations

import json

import httpx
import pytest

from assets.channels import harbor
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.http import USER_AGENT, Fetcher, FetchPolicy
from benchhub.records import BenchmarkCandidate, ChannelResult

# A Hub manifest in the shape `harbor` 0.25 reads (harbor.models.dataset.manifest) and real
# dataset.toml files use: [dataset] with an org/name, [[tasks]] pinned by digest.
DATASET_TOML = """# Dataset manifest
[dataset]
name = "example-org/demo-bench"
description = "Two tasks"
keywords = ["coding", "agentic"]

[[dataset.authors]]
name = "Example Author"

[[tasks]]
name = "example-org/task-one"
digest = "sha256:39bcec71e8b4e9c08f268c7a5ad8d11f765080678b49a62de74455713e0cb805"

[[tasks]]
name = "example-org/task-two"
digest = "sha256:6cb3c7091fbd3a36628c31fc3c01d67fa019ceb58074ee9a6c6eb3da013f2623"
"""


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(harbor.CHANNEL)


def _by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    assert len(result.candidates) == len(_by_key(result)) == 99
    assert sum(c.harbor == "adapter" for c in result.candidates) == 81
    assert sum(c.harbor == "registry" for c in result.candidates) == 18  # 39 entries, deduped
    assert [c.source_key for c in result.candidates if not c.is_benchmark] == [
        "registry:hello-world@head"
    ]
    assert len(result.scores) == 6
    assert result.issues == []


def test_registry_copies_are_counted_and_conflicts_noted(result: ChannelResult) -> None:
    candidates = _by_key(result)
    replication = candidates["registry:replicationbench@head"]
    assert (replication.extra["copies"], replication.extra["conflicting_copies"]) == (6, 0)
    compile_bench = candidates["registry:compilebench@1.0"]
    assert (compile_bench.extra["copies"], compile_bench.extra["conflicting_copies"]) == (3, 1)
    verified = candidates["registry:swebench-verified@1.0"]
    assert verified.sample_count == 500
    assert verified.source_url == (
        "https://github.com/sjarmak/CodeContextBench_Dashboard/blob/"
        "687b1f01da6c0a3978b8f3dfe6b67f3b5a310d00/configs/harbor/registry.json"
    )


def test_adapter_carries_what_its_readme_declares(result: ChannelResult) -> None:
    gpqa = _by_key(result)["adapter:gpqa-diamond"]
    assert gpqa.harbor == "adapter"
    # as the README writes it, though the dataset is gated: a restatement, not a licence fact
    assert gpqa.license is None and gpqa.extra["license_stated_by_adapter"] == "cc-by-4.0"
    assert (gpqa.arxiv_id, gpqa.hf_dataset) == ("2311.12022", "Idavidrein/gpqa")
    assert gpqa.source_url == (
        "https://github.com/harbor-framework/adapters/tree/"
        "643d6f19626de6386576ac0d2a612f64bfa0179c/src/gpqa-diamond"
    )
    assert _by_key(result)["adapter:swebench"].license is None


def test_parity_scores(result: ChannelResult) -> None:
    original = next(
        s
        for s in result.scores
        if s.model_name == "claude-3-7-sonnet-20250219" and s.harness == "original"
    )
    assert (original.value, original.scale, original.stderr) == (34.2, "percent", 2.2)
    assert original.raw_value == "34.2% ± 2.2%"
    assert original.relationship == "third_party"
    assert original.benchmark_key == "adapter:aider_polyglot"
    assert original.settings["scaffold"] == "claude_code"
    assert original.settings["runs"] == 2
    assert original.source_url == (
        "https://github.com/harbor-framework/adapters/blob/"
        "f35e93b3dd0bee0d69045f7c9e02b3ea5540c6a5/src/aider_polyglot/README.md"
    )
    gpqa = sorted((s.harness, s.value) for s in result.scores if s.model_name == "gpt-5.2")
    assert gpqa == [("harbor", 87.2), ("original", 87.9)]


def test_hub_dataset_toml_is_read() -> None:
    result = harbor.parse({"demo-bench/dataset.toml": DATASET_TOML.encode()})
    (candidate,) = result.candidates
    assert candidate.source_key == "registry:example-org/demo-bench@latest"
    assert (candidate.harbor, candidate.sample_count) == ("registry", 2)
    assert candidate.capability_hints == ("coding", "agentic")
    assert candidate.source_url == (
        "https://hub.harborframework.com/datasets/example-org/demo-bench/latest"
    )
    broken = harbor.parse({"x/dataset.toml": b"[dataset\nname = 1"})
    assert broken.candidates == [] and [i.location for i in broken.issues] == ["x/dataset.toml"]


def test_unreadable_registry_is_located_and_adapters_still_load() -> None:
    payloads = fetch_payloads(harbor.CHANNEL, Mode.REPLAY)
    payloads[harbor.REGISTRY] = payloads[harbor.REGISTRY][:1000]
    result = harbor.parse(payloads)
    assert [i.location for i in result.issues] == [harbor.REGISTRY]
    assert len(result.candidates) == 81 and len(result.scores) == 6


def test_live_mode_lists_adapters_through_the_api() -> None:
    registry = harbor.CHANNEL.sources()[0]
    api = "https://api.github.com/repos/harbor-framework/adapters"
    answers = {
        registry.url: harbor.CHANNEL.recording_path(registry.recording).read_bytes(),
        f"{api}/commits/main": json.dumps({"sha": "c0ffee"}).encode(),
        f"{api}/contents/src?ref=c0ffee": json.dumps(
            [{"name": "gpqa-diamond", "type": "dir"}, {"name": "README.md", "type": "file"}]
        ).encode(),
    }

    def serve(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=answers[str(request.url)])

    client = httpx.Client(transport=httpx.MockTransport(serve), headers={"User-Agent": USER_AGENT})
    live = run_channel(harbor.CHANNEL, Mode.LIVE, Fetcher(client, FetchPolicy()))
    adapters = [c for c in live.candidates if c.harbor == "adapter"]
    assert [c.source_url for c in adapters] == [
        "https://github.com/harbor-framework/adapters/tree/c0ffee/src/gpqa-diamond"
    ]
    assert adapters[0].extra["license_stated_by_adapter"] == "cc-by-4.0"
    assert sum(c.harbor == "registry" for c in live.candidates) == 18
    assert len(live.scores) == 6  # the bundled transcription, in both modes
