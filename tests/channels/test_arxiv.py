"""The arXiv channel on its recorded API responses, plus paging, pacing and refused queries."""

from __future__ import annotations

import json

import httpx
import pytest

from assets.channels import arxiv
from assets.channels._papers import not_benchmark_reason, polite
from benchhub.channel import RECORDINGS_DIR, Mode, fetch_payloads, run_channel
from benchhub.http import Fetcher, FetchError, FetchPolicy
from benchhub.records import ChannelResult

FOLDER = RECORDINGS_DIR / "paper-index-arxiv"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(arxiv.CHANNEL)


def _paper(result: ChannelResult, key: str):
    return next(c for c in result.candidates if c.source_key == key)


def test_every_paper_once_with_its_facts(result: ChannelResult) -> None:
    assert len(result.candidates) == 13  # 1707.08567 answers two queries: kept once
    paper = _paper(result, "1707.08567")
    assert paper.source_name.startswith("Proceedings of Workshop AEW10")
    assert paper.source_url == "https://arxiv.org/abs/1707.08567v1"
    assert paper.paper_url == "https://arxiv.org/abs/1707.08567"
    assert paper.release_date == "2017-07-27"
    assert paper.capability_hints == ("cs.IT",)
    assert paper.extra["authors"][:2] == ["Kees A. Schouhamer Immink", "Stan Baggen"]


def test_versioned_and_old_style_ids(result: ChannelResult) -> None:
    versioned = _paper(result, "2104.12255")
    assert versioned.arxiv_id == "2104.12255" and versioned.extra["version"] == "v1"
    old_style = _paper(result, "astro-ph/0601001")
    assert old_style.capability_hints == ("astro-ph",)
    assert old_style.source_name.startswith("Frequency of Hot Jupiters")


def test_search_results_are_papers_not_benchmarks(result: ChannelResult) -> None:
    search = [c for c in result.candidates if c.extra["query"] == "search_query=testing"]
    assert len(search) == 10
    # None of these papers introduces a benchmark: all kept, all flagged with the reason.
    assert not any(c.is_benchmark for c in result.candidates)
    assert all("paper-index record" in (c.not_benchmark_reason or "") for c in search)


def test_http_400_empty_feed_and_missing_id_are_located_issues(result: ChannelResult) -> None:
    issues = {i.location: i.message for i in result.issues}
    assert issues == {
        "id_list=abc#entry[0]": "arXiv API error: incorrect id format for abc",
        "id_list=0000.0000": "arXiv has no paper with id 0000.0000",
        "id_list=0808.05394,1707.08567": "arXiv has no paper with id 0808.05394",
    }


def test_benchmark_signal_reads_titles_and_abstracts() -> None:
    gsm8k = "To support research, we introduce GSM8K, a dataset of 8.5K grade school math problems."
    assert not_benchmark_reason("Training Verifiers to Solve Math Word Problems", gsm8k) is None
    assert not_benchmark_reason("SWE-bench: Can Language Models Resolve GitHub Issues?", "") is None
    humaneval = "On HumanEval, a new evaluation set we release to measure functional correctness"
    assert (
        not_benchmark_reason("Evaluating Large Language Models Trained on Code", humaneval) is None
    )
    uses_one = "We evaluate our method on a classical benchmark and find test suites of attacks."
    assert not_benchmark_reason("Active Fuzzing for Cyber-Physical Systems", uses_one) is not None
    assert not_benchmark_reason("K8-Scalar: A Workbench to Compare Autoscalers", None) is not None


def test_replayed_bodies_are_the_fixtures_bodies() -> None:
    for fixture in FOLDER.glob("*.json"):
        recorded = json.loads(fixture.read_text(encoding="utf-8"))
        extracted = FOLDER / "responses" / f"{fixture.stem}.xml"
        assert extracted.read_bytes() == recorded["body"].encode("utf-8"), fixture.name
        source = next(s for s in arxiv.sources() if s.recording == f"responses/{extracted.name}")
        assert source.url == recorded["url"] and source.exact


def _feed(total: int, ids: list[str]) -> bytes:
    entries = "".join(
        f"<entry><id>http://arxiv.org/abs/{i}v1</id><title>Paper {i}</title>"
        f"<summary>About {i}.</summary><published>2024-01-0{n + 1}T00:00:00Z</published></entry>"
        for n, i in enumerate(ids)
    )
    return (
        '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/'
        f'opensearch/1.1/"><opensearch:totalResults>{total}</opensearch:totalResults>{entries}'
        "</feed>"
    ).encode()


def test_fetch_follows_pages_at_arxivs_pace() -> None:
    asked: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.params["start"])
        start = int(request.url.params["start"])
        return httpx.Response(
            200, content=_feed(3, ["2401.00001", "2401.00002", "2401.00003"][start : start + 2])
        )

    sleeps: list[float] = []
    client = httpx.Client(transport=httpx.MockTransport(answer))
    fetcher = polite(Fetcher(client, FetchPolicy(sleep=sleeps.append)), arxiv.ARXIV_INTERVAL_S)
    query = arxiv.Query("search_query=x", arxiv._query_url("x", "", 2), 5, "unused.xml")
    pages = arxiv._read_pages(fetcher, query, {})
    assert asked == ["0", "2"]
    assert list(pages) == ["search_query=x", "search_query=x&start=2"]
    assert sleeps and max(sleeps) > 2.5  # the second call waited for arXiv's 3 s
    parsed = arxiv.parse(pages)
    assert sorted(c.source_key for c in parsed.candidates) == [
        "2401.00001",
        "2401.00002",
        "2401.00003",
    ]


def _live_like(status_for: dict[str, int]) -> Fetcher:
    """A fetcher answering each recorded URL with its recording, or with a given status."""
    bodies = {
        s.url: arxiv.CHANNEL.recording_path(s.recording).read_bytes() for s in arxiv.sources()
    }

    def answer(request: httpx.Request) -> httpx.Response:
        status = status_for.get(str(request.url), 200)
        return httpx.Response(status, content=bodies[str(request.url)] if status == 200 else b"")

    client = httpx.Client(transport=httpx.MockTransport(answer))
    return Fetcher(client, FetchPolicy(retries=0, min_interval_s=0.0))


def test_a_refused_query_is_an_issue_and_the_rest_loads() -> None:
    bad = next(q.url for q in arxiv.QUERIES if q.name == "id_list=abc")
    payloads = fetch_payloads(arxiv.CHANNEL, Mode.LIVE, _live_like({bad: 400}))
    result = arxiv.parse(payloads)
    assert len(result.candidates) == 13
    refused = [i for i in result.issues if i.location == "id_list=abc"]
    assert refused and "answered HTTP 400" in refused[0].message


def test_a_server_failure_still_fails_the_run() -> None:
    first = arxiv.QUERIES[0].url
    with pytest.raises(FetchError):
        fetch_payloads(arxiv.CHANNEL, Mode.LIVE, _live_like({first: 503}))
