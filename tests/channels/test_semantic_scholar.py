"""The Semantic Scholar channel on its recorded cassettes: paging, batch, errors, merging."""

from __future__ import annotations

import json

import httpx
import pytest
import yaml

from assets.channels import semantic_scholar as s2
from benchhub.channel import RECORDINGS_DIR, run_channel
from benchhub.http import Fetcher, FetchPolicy
from benchhub.records import ChannelResult

FOLDER = RECORDINGS_DIR / "paper-index-semantic-scholar"
TURING = "2d5673caa9e6af3a7b82a43f19ee920992db07ad"
DID = "c31c87c591a25c64fbaa82e8ac6a81831b6ac7ce"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(s2.CHANNEL)


def _paper(result: ChannelResult, key: str):
    return next(c for c in result.candidates if c.source_key == key)


def test_counts(result: ChannelResult) -> None:
    assert len(result.candidates) == 1250
    assert len({c.source_key for c in result.candidates}) == 1250
    assert sum(c.is_benchmark for c in result.candidates) == 8
    assert len(result.issues) == 5


def test_a_paper_looked_up_by_doi(result: ChannelResult) -> None:
    paper = _paper(result, TURING)
    assert paper.source_name == "Computing Machinery and Intelligence"
    assert paper.source_url == f"https://www.semanticscholar.org/paper/{TURING}"
    assert not paper.is_benchmark


def test_batch_answers_merge_into_one_record(result: ChannelResult) -> None:
    paper = _paper(result, DID)
    assert paper.source_name == "How Much Should We Trust Differences-in-Differences Estimates?"
    assert paper.paper_url == "https://doi.org/10.2139/ssrn.288970"
    assert paper.release_date == "2001-10-01"
    assert paper.capability_hints == ("Psychology", "Economics", "Mathematics")
    assert paper.extra["year"] == 2001 and paper.extra["citation_count"] == 10670
    assert paper.extra["authors"][0] == "Marianne Bertrand"
    assert paper.extra["pages"] == ["batch all fields", "batch authors"]


def test_offset_paging_reads_the_second_page(result: ChannelResult) -> None:
    second_page = _paper(result, "ac7a3d2983b75bd4f44903892a5df295a0f859ff")
    assert second_page.source_name == "How to Run Turing Machines on Encrypted Data"
    assert second_page.extra["pages"] == ["search turing#page2"]
    turingbench = _paper(result, "7845bfb55f5ce573b87d77bb76d4d38829b37620")
    assert turingbench.is_benchmark and turingbench.source_name.startswith("TURINGBENCH")


def test_snippet_papers_keyed_by_corpus_id(result: ChannelResult) -> None:
    paper = _paper(result, "CorpusId:19170988")
    assert paper.source_url == "https://api.semanticscholar.org/CorpusId:19170988"
    assert paper.extra["snippet"].startswith("The Turing test, originally called")


def test_errors_and_unknown_ids_are_located_issues(result: ChannelResult) -> None:
    issues = {i.location: i.message for i in result.issues}
    assert issues["paper 0"] == "Semantic Scholar answered an error: Paper with id 0 not found"
    assert (
        "Unrecognized or unsupported fields: [unknown]"
        in issues["paper 10.1093/mind/lix.236.433 fields=unknown"]
    )
    assert issues["batch all fields#[0]"] == "Semantic Scholar has no paper CorpusId:211530585"
    assert issues["references of 10.2139/ssrn.2250500#page2"].startswith(
        "13 records have no paperId"
    )


def test_null_fields_do_not_break_a_record() -> None:
    nulls = (FOLDER / "PaperWithNullValues.json").read_bytes()  # the client's own null fixture
    parsed = s2.parse({"paper 10.1093/mind/lix.236.433": nulls})
    assert parsed.candidates == []
    assert [i.message for i in parsed.issues] == [
        f"no answer gave the title of paper {TURING}; not kept"
    ]


def test_replayed_bodies_are_the_cassettes_bodies() -> None:
    extracted = sorted((FOLDER / "responses").glob("*.json"))
    assert len(extracted) == 12
    for path in extracted:
        cassette, index = path.stem.rsplit("-", 1)
        interaction = yaml.load((FOLDER / f"{cassette}.yaml").read_text(), Loader=yaml.CSafeLoader)[
            "interactions"
        ][int(index)]
        response = interaction["response"]
        body = response["body"]["string"] if "body" in response else response["content"]
        assert path.read_bytes() == body.encode("utf-8"), path.name
        source = next(s for s in s2.sources() if s.recording == f"responses/{path.name}")
        assert source.url == interaction["request"]["uri"]
        assert source.exact == (interaction["request"]["method"] == "GET")


def test_paging_links() -> None:
    search = next(q for q in s2.QUERIES if q.name == "search turing")
    first = search.pages[0][0]
    assert s2._next_page(search, first, b'{"next": 100, "data": []}') == search.pages[1][0]
    assert s2._next_page(search, first, b'{"offset": 100, "data": []}') is None
    bulk = next(q for q in s2.QUERIES if q.name == "bulk search kubernetes")
    url = s2._next_page(bulk, bulk.pages[0][0], b'{"token": "PCOK", "data": []}')
    assert url is not None and httpx.URL(url).params["token"] == "PCOK"


def test_live_batch_is_asked_paper_by_paper() -> None:
    batch = next(q for q in s2.QUERIES if q.name == "batch all fields")
    asked: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.path)
        if request.url.path.endswith("CorpusId:211530585"):
            return httpx.Response(404, json={"error": "Paper with id CorpusId:211530585 not found"})
        return httpx.Response(200, json={"paperId": request.url.path.rsplit("/", 1)[-1]})

    fetcher = Fetcher(
        httpx.Client(transport=httpx.MockTransport(answer)),
        FetchPolicy(retries=0, min_interval_s=0.0),
    )
    answers = json.loads(s2._batch_by_id(fetcher, batch))
    assert asked[0] == "/graph/v1/paper/CorpusId:211530585"
    assert answers[0] is None and answers[2] == {"paperId": "ssrn.2250500"}
    assert len(answers) == len(batch.ids)
