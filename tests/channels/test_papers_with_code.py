"""The Papers with Code channel on the archive's task files and CSVs, with their traps."""

from __future__ import annotations

import pytest

from assets.channels import papers_with_code as pwc
from benchhub.channel import run_channel
from benchhub.crosswalk.dataset_parts import data_set_names, named_part, sibling_parts
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
    # two rows name their model "test" and 52 an author citation ("He et al."): parse issues,
    # not a model (docs/models.md, rule 6)
    assert len(result.scores) == 2006 - 52
    assert len(result.issues) == 13 + 2 + 52
    assert sum("placeholder" in i.message for i in result.issues) == 2
    assert sum("cites a paper's authors" in i.message for i in result.issues) == 52


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


def test_a_data_set_scored_under_several_tasks_is_a_benchmark_per_task(
    result: ChannelResult,
) -> None:
    # NLP-progress scores Penn Treebank for parsing, tagging, chunking and language modelling
    names = {c.source_name for c in result.candidates if c.source_name.startswith("Penn Treebank")}
    assert {
        "Penn Treebank (Constituency parsing)",
        "Penn Treebank (Part-of-speech tagging)",
    } <= names
    key = "pwc_format_nlpprogress:Constituency parsing/Penn Treebank"
    parsing = [s for s in result.scores if s.benchmark_key == key]
    assert parsing and {s.benchmark_name for s in parsing} == {
        "Penn Treebank (Constituency parsing)"
    }
    # a data set scored under one task keeps its name
    assert any(c.source_name == "OntoNotes" for c in result.candidates)


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


# data set names as the CSVs' "Common Datasets" and "Benchmarks" columns list them
_DATASETS = {
    "GrailQA", "SUN", "Pubmed", "Cornell", "Malimg", "CARLA", "CoNLL", "FB15k", "KILT", "MTTN",
    "Hindi Visual Genome", "nuScenes", "COCO", "CIFAR-100", "BUCC", "MATH", "CodeXGLUE", "BAF",
}  # fmt: skip


@pytest.mark.parametrize(
    ("benchmark", "dataset", "kind"),
    [
        ("GrailQA-IID", "GrailQA", "split or setting"),
        ("nuScenes LiDAR only", "nuScenes", "split or setting"),
        ("COCO val2017", "COCO", "split or setting"),
        ("CIFAR-100, 40% Symmetric Noise", "CIFAR-100", "split or setting"),
        ("BUCC Chinese-to-English", "BUCC", "split or setting"),
        ("BAF – Variant IV", "BAF", "named"),
        ("Hindi Visual Genome (Test Set)", "Hindi Visual Genome", "bracketed"),
        ("KILT: TriviaQA", "KILT", "named"),
        ("CodeXGLUE - CONCODE", "CodeXGLUE", "named"),
    ],
)
def test_a_benchmark_named_as_a_listed_data_set_and_a_part_is_that_part(
    benchmark: str, dataset: str, kind: str
) -> None:
    found = named_part(benchmark, data_set_names(_DATASETS))
    assert found is not None and (found.dataset, found.kind) == (dataset, kind)


@pytest.mark.parametrize(
    "benchmark",
    [
        "SUN-RGBD val",  # the head is SUN-RGBD, a compound no list has: not SUN
        "PubMed 20k RCT",  # another data set that starts with the word
        "Cornell Grasp Dataset",
        "Malimg Dataset",  # a kind word: the data set itself
        "CARLA Leaderboard",  # a leaderboard
        "CoNLL 2000",  # an edition of a series, a data set of its own
        "FB15k-237",  # a number in a data set's name
        "MATH-V",  # a letter of another name, not a numbered variant
        "MTTN: Multi-Pair Text to Text Narratives for Prompt Generation",  # its title
        "COCO (Common Objects in Context)",  # its name spelt out
    ],
)
def test_other_words_after_a_data_sets_name_make_no_part(benchmark: str) -> None:
    found = named_part(benchmark, data_set_names(_DATASETS))
    assert found is None or found.kind is None


def test_one_word_siblings_are_parts_only_when_none_is_a_listed_data_set() -> None:
    names = ["HowSumm-Method", "HowSumm-Step", "ImageNet-R", "ImageNet-Sketch", "Wiki-30K",
             "Wiki-Vote", "Ego4D-Goalstep"]  # fmt: skip
    listed = data_set_names(
        {"HowSumm", "ImageNet", "ImageNet-R", "ImageNet-Sketch", "Wiki", "Ego4D"}
    )
    every = data_set_names({*listed.values(), *names})
    found = {n: p for n in names if (p := named_part(n, every)) is not None}
    assert set(sibling_parts(found, listed)) == {"HowSumm-Method", "HowSumm-Step"}


def test_csv_benchmarks_sit_in_their_data_set(result: ChannelResult) -> None:
    by_key = {c.source_key: c for c in result.candidates}
    grail = by_key["benchmark:GrailQA-IID"]
    assert grail.family == "GrailQA" and grail.extra["part"] == "IID"
    assert by_key["benchmark:SUN-RGBD val"].family is None
    assert by_key["benchmark:CoNLL 2000"].family is None
    placed = [c for c in result.candidates if c.source_key.startswith("benchmark:") and c.family]
    assert len(placed) == 159
    # siblings named by one word each, none listed as a data set: parts of the listed one
    assert by_key["benchmark:HowSumm-Method"].family == "HowSumm"
    assert by_key["benchmark:HowSumm-Step"].family == "HowSumm"
    # listed as data sets of their own: built on ImageNet, not parts of it
    assert by_key["benchmark:ImageNet-R"].family is None
    assert by_key["benchmark:ImageNet-Sketch"].family is None
