"""Deterministic checks for facts that contradict each other within one merged record.

Both reviewers run these: channels that disagree (after licence normalisation, so "mit" and
"MIT License" agree), dates in the future, an arXiv id that is not the paper's, a dataset id that
shares no word with any of the benchmark's names. Findings that suggest two different benchmarks
were merged under one id ask for a person: two papers, two different data sets, two
repositories.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from benchhub.catalog import MergedBenchmark
from benchhub.review.licences import UNKNOWN, normalize_license

# Free text is expected to differ between channels; a disagreement there is not a finding.
_FREE_TEXT_FIELDS = frozenset({"name", "description"})
# Two papers for one benchmark usually means two benchmarks were merged.
_MERGE_SUSPECT_FIELDS = frozenset({"arxiv_id"})
_ARXIV = r"(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"
_ARXIV_ID = re.compile(rf"^{_ARXIV}$")
_ARXIV_IN_URL = re.compile(rf"arxiv\.org/(?:abs|pdf)/{_ARXIV}")
_WORD = re.compile(r"[a-z0-9]+")
_GENERIC_WORDS = frozenset(
    {
        "the",
        "and",
        "for",
        "data",
        "dataset",
        "bench",
        "benchmark",
        "eval",
        "evals",
        "test",
        "set",
        "lite",
        "full",
        "mini",
        "hf",
    }
)


@dataclass(frozen=True, slots=True)
class Finding:
    message: str
    needs_human: bool = False  # the record may mix up two benchmarks


def find_inconsistencies(benchmark: MergedBenchmark, today: date) -> list[Finding]:
    return [
        *_conflicts(benchmark),
        *_different_sources(benchmark),
        *_future_or_bad_date(benchmark, today),
        *_arxiv_mismatch(benchmark),
        *_dataset_name_mismatch(benchmark),
        *_bad_sample_count(benchmark),
    ]


def _conflicts(benchmark: MergedBenchmark) -> list[Finding]:
    findings = []
    for field in sorted(benchmark.conflicts):
        if field in _FREE_TEXT_FIELDS:
            continue
        by_value = disagreeing_values(benchmark, field)
        if by_value:
            sides = "; ".join(f"{v[:60]} ({', '.join(c)})" for v, c in by_value.items())
            findings.append(
                Finding(f"{field}: channels disagree: {sides}", field in _MERGE_SUSPECT_FIELDS)
            )
    return findings


def _different_sources(benchmark: MergedBenchmark) -> list[Finding]:
    """Channels whose records point at different data sets or repositories were merged by
    name: a person decides whether they are one benchmark (crosswalk.keys says when two ids
    are different data or code; mirrors and moved repositories are not)."""
    # imported here: the crosswalk package imports the tier rules, which import this module
    from benchhub.crosswalk.keys import distinct_datasets, distinct_repos

    def values(field: str) -> list[str]:
        return [str(e["value"]) for e in benchmark.conflicts.get(field, []) if e.get("value")]

    findings = []
    datasets = distinct_datasets(values("hf_dataset"))
    if datasets:
        sides = " vs ".join(", ".join(group) for group in datasets)
        findings.append(Finding(f"merged records point at different data sets: {sides}", True))
    repos = distinct_repos(values("github_url"))
    if repos:
        sides = " vs ".join(repos)
        findings.append(Finding(f"merged records point at different repositories: {sides}", True))
    return findings


def disagreeing_values(benchmark: MergedBenchmark, field: str) -> dict[str, list[str]]:
    """value -> channels, when channels give `field` more than one meaningful value; else {}.

    Licences are compared as SPDX ids, and a channel that states no licence disagrees with none.
    """
    by_value: dict[str, list[str]] = {}
    for entry in benchmark.conflicts.get(field, []):
        value = _comparable(field, entry.get("value"))
        if value is not None:
            by_value.setdefault(value, []).append(str(entry.get("channel", "?")))
    if len(by_value) < 2:
        return {}
    return {value: sorted(channels) for value, channels in by_value.items()}


def _comparable(field: str, value: object) -> str | None:
    """The value as compared across channels; None when it says nothing (a licence gap)."""
    if value is None:
        return None
    if field == "license":
        spdx = normalize_license(str(value)).value
        return None if spdx == UNKNOWN else spdx
    if field == "arxiv_id":
        return re.sub(r"v\d+$", "", str(value).strip())
    return str(value).strip()


def _future_or_bad_date(benchmark: MergedBenchmark, today: date) -> list[Finding]:
    if benchmark.release_date is None:
        return []
    earliest = _earliest_date(benchmark.release_date)
    if earliest is None:
        return [Finding(f"release_date {benchmark.release_date!r} is not an ISO date")]
    if earliest > today:
        return [Finding(f"release_date {benchmark.release_date} is in the future")]
    return []


def _earliest_date(text: str) -> date | None:
    """The first day the text can mean: "2024" -> 2024-01-01, "2024-06" -> 2024-06-01."""
    match = re.match(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?", text.strip())
    if not match:
        return None
    year, month, day = match.groups()
    try:
        return date(int(year), int(month or 1), int(day or 1))
    except ValueError:
        return None


def _arxiv_mismatch(benchmark: MergedBenchmark) -> list[Finding]:
    findings = []
    arxiv_id = benchmark.arxiv_id.strip() if benchmark.arxiv_id else None
    if arxiv_id and not _ARXIV_ID.match(arxiv_id):
        findings.append(Finding(f"arxiv_id {arxiv_id!r} is not an arXiv identifier"))
    # paper_url may list several papers ("https://arxiv.org/pdf/2406.06196,https://...")
    in_url = _ARXIV_IN_URL.findall(benchmark.paper_url or "")
    if arxiv_id and in_url and re.sub(r"v\d+$", "", arxiv_id) not in in_url:
        findings.append(
            Finding(
                f"arxiv_id {arxiv_id} is not the paper at paper_url {benchmark.paper_url}",
                needs_human=True,
            )
        )
    return findings


def _dataset_name_mismatch(benchmark: MergedBenchmark) -> list[Finding]:
    """A dataset id matches when a word of a name appears in it, or a word of its repo name
    appears in a name ("HAERAE-HUB/HAE_RAE_BENCH" for "haerae general knowledge")."""
    if not benchmark.hf_dataset:
        return []
    dataset = benchmark.hf_dataset.lower()
    names = " ".join([benchmark.benchmark_id, benchmark.name, *benchmark.aliases]).lower()
    joined_dataset = "".join(_WORD.findall(dataset))
    joined_names = "".join(_WORD.findall(names))
    repo_words = _words(dataset.rsplit("/", 1)[-1])
    if any(w in joined_dataset for w in _words(names)) or any(
        w in joined_names for w in repo_words
    ):
        return []
    return [
        Finding(
            f"hf_dataset {benchmark.hf_dataset} shares no word with the benchmark's names; "
            "check that it is this benchmark's data"
        )
    ]


def _words(text: str) -> set[str]:
    return {
        w
        for w in _WORD.findall(text)
        if len(w) >= 3 and not w.isdigit() and w not in _GENERIC_WORDS
    }


def _bad_sample_count(benchmark: MergedBenchmark) -> list[Finding]:
    if benchmark.sample_count is not None and benchmark.sample_count <= 0:
        return [Finding(f"sample_count {benchmark.sample_count} is not a positive number")]
    return []
