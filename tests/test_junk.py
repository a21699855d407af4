"""Junk never becomes an id (identity policy rules 3 and 4): each class of junk the recordings
hold, next to the real names of the same shape that must stay benchmarks."""

from __future__ import annotations

import pytest

from benchhub.catalog import MergedBenchmark
from benchhub.crosswalk import build_crosswalk
from benchhub.crosswalk.curation import Curation
from benchhub.crosswalk.kinds import junk_reason, paper_title_reason, rejection_kind
from benchhub.records import BenchmarkCandidate


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Knowledge-based:", "heading"),  # a group of methods over a table (Papers with Code)
        ("Comparison on year level granularity:", "heading"),
        ("Average on NLP datasets", "aggregate"),
        ("2017_test set", "split"),
        ("คลิปคุณพ่อให้ลูกสาวยืมโทรศัพท์และความสนุกสนาน", "non-Latin"),  # an index's spam entry
        ("คลิปไวรัล!! ไอซ์ ปรีชญา", "non-Latin"),
        ("https://example.org/leaderboard", "link"),
        ("Experimental Results", "section heading"),
        ("Warning: Evaluation Metrics", "section heading"),
        ("Smaller Datasets", "section heading"),
    ],
)
def test_junk_spellings_from_the_recordings_are_junk(name: str, why: str) -> None:
    assert why in (junk_reason(name) or "")


@pytest.mark.parametrize(
    "name",
    [
        "LDC2014T12:",  # an LDC corpus id before its table, a data set
        "Words in Context",
        "Wiki-Auto + Turk",
        "Average Precision Benchmark",
        "MMLU 2017",
        "高考",  # a short name in another script is still a name
        "Advising",  # a text-to-SQL data set, not a generic word
        "Food.com",  # a recipe data set named after its site
    ],
)
def test_real_names_of_the_same_shapes_are_not_junk(name: str) -> None:
    assert junk_reason(name) is None


def _records(*candidates: BenchmarkCandidate) -> dict[tuple[str, str], MergedBenchmark]:
    crosswalk = build_crosswalk(list(candidates), [], Curation())
    by_id = {b.benchmark_id: b for b in crosswalk.benchmarks}
    return {(a.channel, a.source_name): by_id[a.benchmark_id] for a in crosswalk.benchmark_aliases}


def _paper(channel: str, key: str, title: str) -> BenchmarkCandidate:
    return BenchmarkCandidate(channel, key, title, f"https://example.org/{channel}/{key}")


def test_a_title_known_only_from_paper_indexes_is_rejected_with_its_reason() -> None:
    title = "Dataset Lifecycle Framework and its applications in Bioinformatics"
    named = "RARE: a labeled dataset for cloud-native memory anomalies"
    records = _records(
        _paper("semantic_scholar", "1f42", title), _paper("semantic_scholar", "9c0d", named)
    )
    rejected = records[("semantic_scholar", title)]
    assert not rejected.is_benchmark
    assert rejection_kind(rejected.not_benchmark_reason) == "a paper, not a data set"
    kept = records[("semantic_scholar", named)]  # the title names its benchmark before the colon
    assert kept.is_benchmark and kept.name == "RARE"


def test_a_title_another_kind_of_channel_lists_stays_a_benchmark() -> None:
    title = "Multilingual Dataset for Training and Evaluating Diacritics Restoration Systems"
    # Papers with Code lists the data sets of its results tables, whatever they are called
    alone = _records(_paper("papers_with_code", "benchmark:x", title))
    assert alone[("papers_with_code", title)].is_benchmark
    both = _records(
        _paper("semantic_scholar", "77aa", title), _paper("papers_with_code", "benchmark:x", title)
    )
    assert both[("semantic_scholar", title)].is_benchmark


def test_the_title_rule_reads_the_name_and_the_channels() -> None:
    title = "A Kubernetes dataset for misuse detection"
    assert paper_title_reason(title, ["semantic_scholar"]) is not None
    assert paper_title_reason(title, ["semantic_scholar", "huggingface"]) is None
    assert paper_title_reason("Cloud-Native-Bench", ["semantic_scholar"]) is None
    assert paper_title_reason("Measuring Massive Multitask Language", ["arxiv"]) is None


def test_rejections_are_counted_by_what_they_are() -> None:
    task = "Papers with Code record: Papers with Code task (a problem area), not a benchmark"
    assert rejection_kind(task) == "a task or problem area, not a data set"
    heading = "Papers with Code record: a section heading, not a dataset"
    assert rejection_kind(heading) == "a capability category or heading"
    quoted = paper_title_reason("A Leaderboard of Things for Everyone", ["arxiv"])
    assert rejection_kind(quoted) == "a paper, not a data set"
