"""The inspect_evals channel on its real eval.yaml files and README evaluation reports."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from assets.channels import inspect_evals as ie
from assets.channels._frameworks import load_yaml
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import BenchmarkCandidate, ChannelResult, ScoreObservation

README = (
    "https://github.com/UKGovernmentBEIS/inspect_evals/blob/v0.28.0/src/inspect_evals/{}/README.md"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(ie.CHANNEL)


@pytest.fixture(scope="module")
def payloads() -> dict[str, bytes]:
    return fetch_payloads(ie.CHANNEL, Mode.REPLAY)


@pytest.fixture(scope="module")
def by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def _scores(result: ChannelResult, key: str, model: str | None = None) -> list[ScoreObservation]:
    return [
        s
        for s in result.scores
        if s.benchmark_key == key and (model is None or s.model_name == model)
    ]


def test_counts(result: ChannelResult) -> None:
    assert len(result.candidates) == 213
    assert sum(c.is_benchmark for c in result.candidates) == 129
    assert len(result.scores) == 404
    assert len({s.benchmark_key for s in result.scores}) == 40
    # Columns of "10/11" counts and "64 / 64" pairs are not scores: one located issue each.
    assert sorted(i.location for i in result.issues) == [
        "readmes/coconot.README.md:120",
        "readmes/gdm_self_reasoning.README.md:230",
        "readmes/ifevalcode.README.md:111",
    ]


def test_a_benchmark_listing(by_key: dict[str, BenchmarkCandidate]) -> None:
    gpqa = by_key["gpqa"]
    assert gpqa.source_name == "GPQA: Graduate-Level STEM Knowledge Challenge"
    assert gpqa.source_url == (
        "https://github.com/UKGovernmentBEIS/inspect_evals/blob/v0.28.0/"
        "src/inspect_evals/gpqa/eval.yaml"
    )
    assert (gpqa.arxiv_id, gpqa.sample_count) == ("2311.12022", 198)
    assert gpqa.extra["tasks"][0]["name"] == "gpqa_diamond"
    assert gpqa.extra["version"] == "3-D" and gpqa.capability_hints == ("Knowledge",)
    # Two tasks on one dataset: no summed sample count; several Hub datasets: none is "the" one.
    mmlu = by_key["mmlu"]
    assert mmlu.sample_count is None and mmlu.hf_dataset is None
    assert mmlu.extra["hf_datasets"] == ["openai/MMMLU", "cais/mmlu"]


def test_a_dataset_listed_once_per_fetch_method_is_the_eval_dataset(
    by_key: dict[str, BenchmarkCandidate],
) -> None:
    # gdpval's eval.yaml lists openai/gdpval twice (hf_dataset and load_dataset)
    gdpval = by_key["gdpval"]
    assert gdpval.hf_dataset == "openai/gdpval" and gdpval.extra["hf_datasets"] == ["openai/gdpval"]
    assert by_key["cyberseceval_3"].hf_dataset == "facebook/cyberseceval3-visual-prompt-injection"


def test_challenge_definitions_are_flagged_and_keep_no_flag(
    result: ChannelResult, by_key: dict[str, BenchmarkCandidate]
) -> None:
    flagged = Counter(c.family for c in result.candidates if not c.is_benchmark)
    assert flagged == {"cybench": 39, "theagentcompany": 45}
    avatar = by_key["cybench/challenges/avatar"]
    assert avatar.source_name == "avatar" and "cybench eval" in avatar.not_benchmark_reason
    assert "gctf{" not in json.dumps(avatar.extra)


def test_a_known_report_score(result: ChannelResult) -> None:
    (score,) = _scores(result, "gpqa", "gpt-5.1-2025-11-13")
    assert (score.value, score.scale, score.stderr) == (0.652, "fraction", 0.034)
    assert score.raw_value == "0.652" and score.metric == "Accuracy"
    assert score.source_url == README.format("gpqa")
    assert score.relationship == "third_party" and score.harness == "inspect_evals"
    assert score.model_developer == "OpenAI"
    assert score.reported_at == "2025-12"  # "Results generated December 2025", under the table
    assert score.benchmark_name == "GPQA: Graduate-Level STEM Knowledge Challenge"


def test_settings_shots_effort_version_and_dates(result: ChannelResult) -> None:
    five_shot = _scores(result, "mmlu", "claude-sonnet-4-5-20250929")
    assert {s.settings["shots"]: s.value for s in five_shot} == {0: 0.36, 5: 0.545}
    medium = next(s for s in _scores(result, "cti_realm") if "(medium)" in s.model_name)
    assert medium.settings["reasoning_effort"] == "medium"
    assert (medium.ci_low, medium.ci_high) == (0.504, 0.64) and medium.harness_version == "1-A"
    (dated,) = [s for s in _scores(result, "macbench") if s.model_name == "openai/gpt-5.2"]
    assert dated.reported_at == "2026-04-23"  # the table's own Date column
    assert {s.reported_at for s in _scores(result, "medqa")} == {"2025-07-03"}


def test_quoted_paper_and_leaderboard_numbers_are_left_out(result: ChannelResult) -> None:
    # agentdojo's "Original Paper Results" (88.66%) is the paper's; 83.3%±3.8% is inspect's.
    claude = _scores(result, "agentdojo", "anthropic/claude-3-7-sonnet-20250219")
    assert [s.raw_value for s in claude if s.metric == "Benign Utility"] == ["83.3%±3.8%"]
    # browse_comp rows labelled _Theirs_ are the authors' numbers.
    assert {s.settings["label"] for s in _scores(result, "browse_comp")} == {"Ours"}
    # mask's second table is "compared with the leaderboard (Scale)".
    assert {s.value for s in _scores(result, "mask", "gpt-4o")} == {62.9, 43.5}
    # uccb's table comes from an external pipeline, not from running the inspect task.
    assert not _scores(result, "uccb")
    assert not any("paper" in s.metric.lower() for s in result.scores)


def test_value_formats_beyond_the_bare_number(result: ChannelResult) -> None:
    theirs_ours = _scores(result, "browse_comp", "o1")
    assert {(s.raw_value, s.value, s.scale) for s in theirs_ours} >= {
        ("10% (+0.1%)", 10.0, "percent")
    }
    spread = next(s for s in _scores(result, "agentdojo") if s.raw_value == "71.9±1.5%")
    assert (spread.value, spread.scale, spread.stderr) == (71.9, "percent", 1.5)
    # "45.3%" with a stderr of "±0.025" (a fraction): kept as written, not converted.
    compute = _scores(result, "compute_eval", "openai/gpt-5-nano-2025-08-07")[0]
    assert compute.stderr is None and compute.settings["stderr_as_published"] == "±0.025"
    judge_scale = _scores(result, "writingbench")[0]
    assert (judge_scale.value, judge_scale.scale) == (7.4, "other")


def test_raw_yaml_and_the_derived_listing_agree(payloads: dict[str, bytes]) -> None:
    listing = json.loads(
        ie.CHANNEL.recording_path("inspect_evals_eval_yaml_listing.json").read_text()
    )
    for record in listing["records"]:
        key = record.pop("path").removeprefix("inspect_evals/").removesuffix("/eval.yaml")
        name = f"{ie.EVAL_DIR}/{key.replace('/', '__')}{ie.EVAL_SUFFIX}"
        assert load_yaml(payloads[name]) == record


def test_every_source_is_a_pinned_raw_url() -> None:
    urls = {s.name: s.url for s in ie.CHANNEL.sources()}
    assert len(urls) == 213 + 159
    assert urls["raw_eval_yaml/cybench__challenges__avatar.eval.yaml"] == (
        "https://raw.githubusercontent.com/UKGovernmentBEIS/inspect_evals/v0.28.0/"
        "src/inspect_evals/cybench/challenges/avatar/eval.yaml"
    )


def test_a_broken_eval_yaml_is_an_issue_and_the_rest_loads(payloads: dict[str, bytes]) -> None:
    broken = dict(payloads)
    broken["raw_eval_yaml/gpqa.eval.yaml"] = b"title: [unclosed\n"
    broken["raw_eval_yaml/mmlu.eval.yaml"] = b"- just\n- a list\n"
    parsed = ie.parse(broken)
    located = {i.location for i in parsed.issues}
    assert {"raw_eval_yaml/gpqa.eval.yaml", "raw_eval_yaml/mmlu.eval.yaml"} <= located
    assert len(parsed.candidates) == 211
    # Its README still reports scores, under the eval's folder name.
    assert {s.benchmark_name for s in parsed.scores if s.benchmark_key == "gpqa"} == {"gpqa"}


def test_a_section_about_one_task_of_the_eval_is_that_part(result: ChannelResult) -> None:
    """CyberSecEval 4 reports each of its tasks in its own section: none is the whole eval."""
    parts = {
        s.settings.get("section"): s.settings.get("subset")
        for s in _scores(result, "cyberseceval_4")
    }
    assert parts["MITRE False Refusal Rate (17/750 samples)"] == "cyse4_mitre_frr"
    assert parts["MITRE ATT&CK compliance (23/1000 samples)"] == "cyse4_mitre"
    assert None not in parts.values()
    # The main task, a task that differs only by its shots, and a negated word are not parts.
    lingoly = {s.settings["section"]: s.settings.get("subset") for s in _scores(result, "lingoly")}
    assert lingoly == {"LingOly": None, "LingOly-TOO": "lingoly_too"}
    assert {s.settings.get("subset") for s in _scores(result, "mmlu")} == {None}
    tac = {s.settings["section"]: s.settings.get("subset") for s in _scores(result, "tac")}
    assert tac["Base results (no welfare guidance)"] is None


@pytest.mark.parametrize(
    ("headings", "tasks", "part"),
    [
        (("Hard split",), ("bench", "bench_hard", "bench_easy"), "bench_hard"),
        (("Results",), ("bench", "bench_hard"), None),
        (("Hard and easy",), ("bench_hard", "bench_easy"), None),  # two fit: unknown
        (("Hard",), ("bench_hard",), None),  # a single-task eval has no parts
        (("bench_3_shot",), ("bench_0_shot", "bench_3_shot"), None),
    ],
)
def test_section_task(headings: tuple[str, ...], tasks: tuple[str, ...], part: str | None) -> None:
    assert ie.section_task(headings, tasks) == part
