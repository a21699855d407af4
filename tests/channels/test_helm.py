"""The HELM channel on its 37 real leaderboard schemas."""

from __future__ import annotations

from collections import Counter

import pytest

from assets.channels import helm
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import BenchmarkCandidate, ChannelResult


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(helm.CHANNEL)


@pytest.fixture(scope="module")
def by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_one_candidate_per_run_group_name(result: ChannelResult) -> None:
    assert not result.issues
    # 662 run_group entries across the schemas, 599 distinct names.
    assert sum(len(c.extra["schemas"]) for c in result.candidates) == 662
    assert len(result.candidates) == len({c.source_key for c in result.candidates}) == 599
    # 14 of the not-benchmarks are the classic schema's "aspirational" taxonomy cells (todo)
    assert Counter(c.is_benchmark for c in result.candidates) == {True: 491, False: 108}
    todo = [c for c in result.candidates if "todo" in (c.not_benchmark_reason or "")]
    assert len(todo) == 14 and all(c.extra["parents"] == ["aspirational"] for c in todo)


def test_a_run_group_defined_in_three_schemas_keeps_the_union(
    by_key: dict[str, BenchmarkCandidate],
) -> None:
    mmlu = by_key["mmlu"]
    assert mmlu.extra["schemas"] == ["schema_classic.yaml", "schema_lite.yaml", "schema_mmlu.yaml"]
    assert mmlu.source_name == "MMLU (Massive Multitask Language Understanding)"
    assert mmlu.source_url == (
        "https://github.com/stanford-crfm/helm/blob/v0.5.16/src/helm/benchmark/static/"
        "schema_classic.yaml"
    )
    assert (
        "Massive Multitask Language Understanding (MMLU) All Subjects"
        in (mmlu.extra["display_names"])
    )
    # One schema links the paper on OpenReview, another on arXiv: both are kept.
    assert mmlu.paper_url == "https://openreview.net/forum?id=d7KBjmI3GmQ"
    assert mmlu.arxiv_id == "2009.03300" and len(mmlu.extra["descriptions"]) == 2
    assert (mmlu.metric, mmlu.splits, mmlu.languages) == ("exact_match", ("test",), ("English",))
    assert mmlu.extra["metric_display_name"] == "Exact match"
    assert "core_scenarios" in mmlu.extra["parents"]


def test_the_swapped_who_and_when_are_put_back(by_key: dict[str, BenchmarkCandidate]) -> None:
    mmlu_pro = by_key["mmlu_pro"]
    assert mmlu_pro.extra["taxonomy"]["who"] == "domain experts"
    assert mmlu_pro.extra["taxonomy"]["when"] == "2024"
    assert "schema_capabilities.yaml" in mmlu_pro.extra["taxonomy_fixed"]
    gpqa = by_key["gpqa"]  # written the right way round: untouched
    assert gpqa.extra["taxonomy"]["who"] == "domain experts" and "taxonomy_fixed" not in gpqa.extra
    assert gpqa.capability_hints == ("question answering",)
    assert gpqa.metric == "chain_of_thought_correctness"


def test_a_stray_metric_in_the_taxonomy_does_not_win(by_key: dict[str, BenchmarkCandidate]) -> None:
    sumosum = by_key["sumosum"]
    assert (sumosum.metric, sumosum.splits) == ("rouge_l", ("test",))
    assert "main_name" not in sumosum.extra["taxonomy"]
    assert sumosum.extra["taxonomy_stray_keys"]["main_name"] == "quasi_exact_match"


def test_groups_and_views_are_flagged(by_key: dict[str, BenchmarkCandidate]) -> None:
    core = by_key["core_scenarios"]
    assert not core.is_benchmark and core.not_benchmark_reason.startswith("HELM group of 69")
    view = by_key["robustness_individual"]
    assert not view.is_benchmark and "this_group_only" in view.not_benchmark_reason
    # Subgroups with a taxonomy of their own make a scenario with subsets, not a group.
    assert by_key["melt_synthetic_reasoning"].is_benchmark
    assert by_key["melt_synthetic_reasoning"].languages == ()  # "synthetic" is no language


def test_a_broken_schema_is_an_issue_and_the_rest_loads() -> None:
    payloads = fetch_payloads(helm.CHANNEL, Mode.REPLAY)
    payloads["schemas/schema_lite.yaml"] = b"run_groups:\n  - name: [unclosed\n"
    payloads["schemas/schema_mmlu.yaml"] = b"run_groups:\n  - display_name: nameless\n"
    parsed = helm.parse(payloads)
    assert [i.location for i in parsed.issues] == [
        "schemas/schema_lite.yaml",
        "schemas/schema_mmlu.yaml#run_groups[0]",
    ]
    mmlu = next(c for c in parsed.candidates if c.source_key == "mmlu")
    assert mmlu.extra["schemas"] == ["schema_classic.yaml"]
