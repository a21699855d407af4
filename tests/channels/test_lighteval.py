"""The lighteval channel on its real AST extraction of the 0.13.0 task modules."""

from __future__ import annotations

from collections import Counter

import httpx
import pytest

from assets.channels import lighteval
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.http import Fetcher, FetchError, FetchPolicy
from benchhub.records import BenchmarkCandidate, ChannelResult


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(lighteval.CHANNEL)


@pytest.fixture(scope="module")
def by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    # 180 documented modules + 1,008 task configs; 12 helper modules have neither.
    assert len(result.candidates) == 180 + 1008
    assert len({c.source_key for c in result.candidates}) == len(result.candidates)
    reasons = Counter(
        c.not_benchmark_reason.split(" (")[0] for c in result.candidates if c.not_benchmark_reason
    )
    assert reasons == {"task name is an f-string template": 95, "task name is computed": 3}


def test_a_module_and_its_task_configs(by_key: dict[str, BenchmarkCandidate]) -> None:
    module = by_key["lighteval/tasks/tasks/gpqa.py"]
    assert module.source_name == "Gpqa" and module.hf_dataset == "Idavidrein/gpqa"
    assert module.source_url == (
        "https://github.com/huggingface/lighteval/blob/v0.13.0/src/lighteval/tasks/tasks/gpqa.py"
    )
    assert module.arxiv_id == "2311.12022" and module.languages == ("english",)
    assert "graduate-level" in module.capability_hints
    assert module.description.startswith("GPQA is a dataset of 448 expert-written")
    diamond = by_key["gpqa:diamond"]
    assert (diamond.hf_dataset, diamond.hf_config, diamond.splits) == (
        "Idavidrein/gpqa",
        "gpqa_diamond",
        ("train",),
    )
    assert diamond.metric == "gpqa_instruct_pass_at_k" and diamond.family == "Gpqa"
    assert diamond.source_url == module.source_url and diamond.arxiv_id == "2311.12022"
    assert by_key["gpqa:mc"].metric == "loglikelihood_acc"


def test_fstring_names_are_flagged_templates(by_key: dict[str, BenchmarkCandidate]) -> None:
    template = "<fstring:f'acva_{Language.ARABIC.value}:{subset}'>"
    key = f"{template}@lighteval/tasks/multilingual/tasks/acva.py"
    acva = by_key[key]
    assert not acva.is_benchmark and "f-string template" in acva.not_benchmark_reason
    assert acva.hf_dataset == "OALL/ACVA" and acva.hf_config is None
    assert acva.extra["hf_subset"] == "<var:subset>"


def test_a_name_declared_twice_is_kept_and_reported(
    result: ChannelResult, by_key: dict[str, BenchmarkCandidate]
) -> None:
    first, second = by_key["wmt14:en-fr"], by_key["wmt14:en-fr#2"]
    assert (first.hf_dataset, second.hf_dataset) == ("wmt14", "lighteval/sacrebleu_manual")
    assert len(result.issues) == 6
    assert all("sacrebleu.py" in i.location for i in result.issues)
    # sacrebleu's docstring "paper" is a code repository.
    module = by_key["lighteval/tasks/tasks/sacrebleu.py"]
    assert (module.paper_url, module.github_url) == (None, "https://github.com/mjpost/sacrebleu")


def test_an_unreadable_extraction_yields_only_an_issue() -> None:
    payloads = fetch_payloads(lighteval.CHANNEL, Mode.REPLAY)
    payloads[lighteval.RECORDING] = b"<html>rate limited</html>"
    broken = lighteval.parse(payloads)
    assert not broken.candidates
    assert [i.location for i in broken.issues] == [lighteval.RECORDING]


def test_live_mode_refuses_clearly() -> None:
    fetcher = Fetcher(
        httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(500))),
        FetchPolicy(retries=0, min_interval_s=0.0),
    )
    with pytest.raises(FetchError, match="static extraction"):
        lighteval.fetch(fetcher, lighteval.CHANNEL)
