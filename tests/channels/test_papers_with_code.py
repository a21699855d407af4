"""The Papers with Code channel on the archive's task files and CSVs, with their traps."""

from __future__ import annotations

import pytest

from assets.channels import papers_with_code as pwc
from benchhub.channel import run_channel
from benchhub.records import ChannelResult

SQUAD_FILE = (
    "https://github.com/World-Snapshot/papers-with-code/blob/c50b88eb13b179903ecf715bb941fef91bdb5414"
    "/repositories/sota-extractor-master/data/tasks/squad.json"
)


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(pwc.CHANNEL)


def _scores(result: ChannelResult, model: str, metric: str):
    return [s for s in result.scores if s.model_name == model and s.metric == metric]


def test_counts(result: ChannelResult) -> None:
    assert len(result.candidates) == 2875
    assert len({c.source_key for c in result.candidates}) == 2875
    assert sum(not c.is_benchmark for c in result.candidates) == 1252
    # two rows name their model "test": parse issues, not a model (docs/models.md, rule 6)
    assert len(result.scores) == 2006
    assert len(result.issues) == 13 + 2
    assert sum("placeholder" in i.message for i in result.issues) == 2


def test_invalid_json_file_is_a_located_issue_and_the_rest_loads(result: ChannelResult) -> None:
    broken = [i for i in result.issues if i.location.startswith("pwc_format_example_json_format")]
    assert [(i.location, i.message) for i in broken] == [
        (
            "pwc_format_example_json_format.json:27:13",
            "invalid JSON, file not read: Expecting property name enclosed in double quotes",
        )
    ]
    assert not any(c.source_key.startswith("pwc_format_example") for c in result.candidates)
    assert any(c.source_name == "SQuAD2.0" for c in result.candidates)


def test_leaderboard_rows_are_third_party_from_the_leaderboard(result: ChannelResult) -> None:
    candidate = next(c for c in result.candidates if c.source_name == "SQuAD2.0")
    assert candidate.source_key == "pwc_format_squad:Question Answering/SQuAD2.0"
    assert candidate.source_url == SQUAD_FILE
    assert candidate.metric == "EM, F1" and candidate.license is None  # the index's own licence
    best = _scores(result, "FPNet (ensemble)", "EM")[0]
    assert (best.value, best.scale, best.raw_value) == (90.871, "percent", "90.871")
    assert best.relationship == "third_party" and best.publisher == "SQuAD Leaderboard"
    assert best.source_url == "https://rajpurkar.github.io/SQuAD-explorer/"
    assert best.reported_at == "2021-02-21"
    hotpot = _scores(result, "AISO", "ANS-EM")[0]
    assert (hotpot.value, hotpot.scale) == (0.675, "fraction")  # HotpotQA publishes fractions


def test_paper_rows_are_first_party_unless_measured_by_others(result: ChannelResult) -> None:
    gpt = _scores(result, "Finetuned Transformer LM", "Matched")[0]
    assert (gpt.value, gpt.relationship) == (82.1, "first_party")
    assert gpt.publisher == "Improving Language Understanding by Generative Pre-Training"
    assert gpt.source_url.endswith("language_understanding_paper.pdf")
    measured = next(s for s in result.scores if "measured by" in s.raw_value)
    assert measured.model_name == "CNN Seq2Seq" and measured.metric == "F0.5"
    assert (measured.value, measured.relationship) == (70.14, "third_party")
    assert measured.publisher == "Ge et al., 2018"
    assert measured.settings == {"subset": "Restricted", "note": "measured by Ge et al., 2018"}


def test_cell_formats(result: ChannelResult) -> None:
    bom = next(s for s in result.scores if s.raw_value == "\ufeff93.3")
    assert bom.value == 93.3
    marked = _scores(result, "MIML-RE", "P@10%")[0]
    assert (marked.value, marked.settings) == (60.7, {"footnote_mark": "+"})
    perplexity = _scores(result, "AWD-LSTM-DOC x5", "Test perplexity")[0]
    assert perplexity.scale == "other" and perplexity.settings["model_params"] == "185M"
    assert not _scores(result, "AWD-LSTM-DOC x5", "Number of params")  # a property, not a score
    pair = [i for i in result.issues if i.location.endswith("SentEval rows[0].MRPC")]
    assert pair and "78.6/84.4" in pair[0].message
    anonymous = next(i for i in result.issues if i.location.endswith("SQuAD1.1"))
    assert anonymous.message.startswith("33 rows name no model")


def test_extractor_headings_are_flagged_not_dropped(result: ChannelResult) -> None:
    flagged = {
        c.source_key: c.not_benchmark_reason or "" for c in result.candidates if not c.is_benchmark
    }
    assert "section heading" in flagged["pwc_format_nlpprogress:Entity Linking/Evaluation/Metrics"]
    assert (
        "columns are the datasets"
        in flagged["pwc_format_nlpprogress:Word Sense Disambiguation/Supervised:"]
    )
    snli = next(c for c in result.candidates if c.source_name == "SNLI")
    assert snli.is_benchmark and snli.arxiv_id == "1508.05326"
    # The AMR table's links are the methods' papers, not the dataset's: no paper is claimed.
    amr = next(c for c in result.candidates if c.source_name == "LDC2015E86:")
    assert amr.arxiv_id is None


def test_csv_benchmarks_and_tasks(result: ChannelResult) -> None:
    drop = next(c for c in result.candidates if c.source_key == "benchmark:DROP Test")
    assert drop.is_benchmark and drop.source_url.endswith("/results/all_tasks_detailed.csv")
    assert drop.capability_hints[0] == "Question Answering"
    # a task's research area is not a fact of the data sets it lists (Retrieval is filed
    # under CV and lists Quora Question Pairs)
    qqp = next(c for c in result.candidates if c.source_key == "benchmark:Quora Question Pairs")
    assert "Retrieval" in qqp.capability_hints
    assert not {"CV", "NLP", "Computer Vision"} & set(qqp.capability_hints)
    task = next(c for c in result.candidates if c.source_key == "task:Question Answering")
    assert not task.is_benchmark and "problem area" in (task.not_benchmark_reason or "")
    fragment = next(c for c in result.candidates if c.source_key == "benchmark:1")
    assert not fragment.is_benchmark
