"""The vendor model-card channel: markdown and HTML tables, per-column relationships."""

from __future__ import annotations

import pytest

from assets.channels import vendor_model_cards as cards
from benchhub.channel import run_channel
from benchhub.records import ChannelResult, ScoreObservation

V3_URL = "https://github.com/deepseek-ai/DeepSeek-V3/blob/9b4e9788e4a3a731f7567338ed15d3ec549ce03b/README.md"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(cards.CHANNEL)


def _score(
    result: ChannelResult, card: str, benchmark: str, model: str, **settings
) -> ScoreObservation:
    found = [
        s
        for s in result.scores
        if s.benchmark_key == f"{card}#{benchmark}"
        and s.model_name == model
        and all(s.settings.get(k) == v for k, v in settings.items())
    ]
    assert len(found) == 1, found
    return found[0]


def test_counts(result: ChannelResult) -> None:
    assert (len(result.candidates), len(result.scores)) == (207, 1428)
    assert len({c.source_key for c in result.candidates}) == 207
    per_card = {card.recording: 0 for card in cards.CARDS}
    for score in result.scores:
        per_card[next(c.recording for c in cards.CARDS if c.url() == score.source_url)] += 1
    assert all(per_card.values()), per_card  # every card yields scores


def test_deepseek_columns_own_vs_competitors(result: ChannelResult) -> None:
    card = "deepseek-ai__DeepSeek-V3__README"
    candidate = next(c for c in result.candidates if c.source_key == f"{card}#MMLU-Pro")
    assert candidate.source_name == "MMLU-Pro" and candidate.source_url == V3_URL
    own = _score(result, card, "MMLU-Pro", "DeepSeek V3 Instruct")  # "### Chat Model"
    assert (own.value, own.scale, own.metric, own.relationship) == (
        75.9,
        "percent",
        "EM",
        "first_party",
    )
    assert own.publisher == "DeepSeek" and own.source_url == V3_URL
    qwen = _score(result, card, "MMLU-Pro", "Qwen2.5 72B-Inst.")
    assert (qwen.value, qwen.relationship) == (71.6, "third_party")
    assert (qwen.model_developer, qwen.publisher) == ("Alibaba", "DeepSeek")
    for competitor in ("Llama3.1 405B-Inst.", "GPT-4o 0513", "Claude-3.5-Sonnet-1022"):
        assert _score(result, card, "MMLU-Pro", competitor).relationship == "third_party"


def test_markdown_cells(result: ChannelResult) -> None:
    card = "deepseek-ai__DeepSeek-V3__README"
    bold = _score(result, card, "MMLU-Pro", "DeepSeek-V3 Pretrained")  # under "### Base Model"
    assert (bold.value, bold.raw_value, bold.metric) == (64.4, "**64.4**", "Acc.")
    assert bold.settings["shots"] == 5 and bold.settings["section"] == "Standard Benchmarks"
    assert (
        _score(result, card, "Pile-test", "DeepSeek-V3 Pretrained").scale == "other"
    )  # bits per byte
    drop = _score(result, card, "DROP", "DeepSeek V3 Instruct")
    assert drop.metric == "3-shot F1" and drop.settings["shots"] == 3
    gpqa = next(c for c in result.candidates if c.source_key == f"{card}#GPQA-Diamond")
    assert gpqa.capability_hints == ("English",)  # the merged (blank) category cell above
    names = {c.source_name for c in result.candidates}
    assert not names & {"Architecture", "# Total Params", "#Total Params"}


def test_model_per_row_tables(result: ChannelResult) -> None:
    r1 = "deepseek-ai__DeepSeek-R1__README"
    rating = _score(result, r1, "CodeForces", "DeepSeek-R1-Distill-Qwen-32B")
    assert (rating.value, rating.scale, rating.metric) == (1691, "elo", "rating")
    assert rating.relationship == "first_party"
    assert _score(result, r1, "CodeForces", "QwQ-32B-Preview").relationship == "third_party"
    evals = "openai__simple-evals__README"
    gpqa = _score(result, evals, "GPQA", "o3-high")
    assert (gpqa.value, gpqa.relationship) == (83.4, "first_party")
    assert "Includes an answer regex tweak for GPQA benchmark." in gpqa.settings["notes"]
    drop = _score(result, evals, "DROP", "gpt-4.1-2025-04-14")
    assert drop.settings["shots"] == 3 and drop.settings["prompt"] == "assistant"
    missing = [
        s
        for s in result.scores
        if s.model_name == "gpt-4-0125-preview" and s.benchmark_name == "SimpleQA"
    ]
    assert missing == []  # "n/a" stays missing


def test_numbers_relayed_from_the_developers_own_report(result: ChannelResult) -> None:
    reported = _score(result, "openai__simple-evals__README", "MMLU", "Claude 3.5 Sonnet")
    assert (reported.value, reported.relationship, reported.publisher) == (
        88.3,
        "first_party",
        "OpenAI",
    )
    assert reported.settings["reported_in"] == "https://www.anthropic.com/news/claude-3-5-sonnet"
    kimi = "MoonshotAI__Kimi-K2__README"
    starred = next(
        s
        for s in result.scores
        if s.benchmark_key == f"{kimi}#SWE-bench Verified"
        and s.model_name == "Claude Sonnet 4"
        and s.metric == "Single Attempt (Acc)"
    )
    assert (starred.value, starred.raw_value, starred.relationship) == (
        72.7,
        "72.7*",
        "first_party",
    )
    assert starred.settings["variant"] == "Agentic Coding"
    unstarred = _score(result, kimi, "SWE-bench Multilingual", "Claude Sonnet 4")
    assert (unstarred.raw_value, unstarred.relationship) == ("51.0", "third_party")
    assert "tech report" in starred.settings["relayed_from"]


def test_kimi_html_table(result: ChannelResult) -> None:
    kimi = "MoonshotAI__Kimi-K2__README"
    # rowspan: the second SWE-bench Verified (Agentic Coding) row has no benchmark cell of its own
    multiple = [
        s
        for s in result.scores
        if s.benchmark_key == f"{kimi}#SWE-bench Verified" and s.metric == "Multiple Attempts (Acc)"
    ]
    assert {(s.model_name, s.value) for s in multiple} == {
        ("Kimi K2 Instruct", 71.6),
        ("Claude Sonnet 4", 80.2),
        ("Claude Opus 4", 79.4),
    }
    own = next(s for s in multiple if s.model_name == "Kimi K2 Instruct")
    assert own.relationship == "first_party" and own.settings["variant"] == "Agentic Coding"
    qwen = _score(
        result, kimi, "LiveCodeBench v6", "Qwen3-235B-A22B Instruct", model_variant="non-thinking"
    )
    assert (qwen.value, qwen.relationship, qwen.metric) == (37.0, "third_party", "Pass@1")
    coding = next(c for c in result.candidates if c.source_key == f"{kimi}#OJBench")
    assert coding.capability_hints == ("Coding Tasks",)  # the colspan section row


def test_llama_html_and_escaped_markdown(result: ChannelResult) -> None:
    llama31 = "meta-llama__llama-models__llama3_1__MODEL_CARD"
    spanish = _score(
        result,
        llama31,
        "MMLU (5-shot, macro_avg/acc)",
        "Llama 3.1 405B Instruct",
        language="Spanish",
    )
    assert (spanish.value, spanish.settings["shots"], spanish.relationship) == (
        85.08,
        5,
        "first_party",
    )
    llama4 = "meta-llama__llama-models__llama4__MODEL_CARD"
    chart = [s for s in result.scores if s.benchmark_key == f"{llama4}#ChartQA"]
    # colspan text; the section heading says base or instruct where the header does not
    assert {(s.model_name, s.settings["section"]) for s in chart} == {
        ("Llama 4 Scout Pretrained", "Pre-trained models"),
        ("Llama 4 Maverick Pretrained", "Pre-trained models"),
        ("Llama 4 Scout Instruct", "Instruction tuned models"),
        ("Llama 4 Maverick Instruct", "Instruction tuned models"),
    }
    llama32 = "meta-llama__llama-models__llama3_2__MODEL_CARD"
    ptq = _score(
        result,
        llama32,
        "MMLU",
        "Llama 3.2 1B Vanilla PTQ Instruct",
        section="Instruction Tuned Models",
    )
    assert (ptq.value, ptq.metric, ptq.settings["shots"]) == (43.3, "macro_avg/acc", 5)
    cot = _score(result, llama32, "GSM8K (CoT)", "Llama 3.2 3B bf16 Instruct")
    assert cot.settings["chain_of_thought"] is True and cot.metric == "em_maj1@1"


def test_two_values_in_one_cell_are_located_issues(result: ChannelResult) -> None:
    assert len(result.issues) == 4
    issue = result.issues[0]
    assert issue.location.startswith("meta-llama__llama-models__llama4__MODEL_CARD.md:190#row[9]")
    assert issue.message == "not a score: '42.2/36.6'"
