"""arXiv: paper records (title, abstract, dates, categories) from the arXiv API's Atom feed.

Live: `GET https://export.arxiv.org/api/query` with either `id_list=<ids>` (look papers up by
id; old-style ids such as `astro-ph/0601001` and versioned ids such as `2104.12255v1` are both
accepted) or `search_query=<terms>`, paged with `start` and `max_results`. The feed's
`opensearch:totalResults` says how many results exist; `fetch` follows pages (`start +=
itemsPerPage`) until it has the query's `limit` or all results. arXiv asks clients to wait 3
seconds between calls and to make one call at a time (https://info.arxiv.org/help/api/tou.html):
the fetch enforces the 3 s on top of the Fetcher's retries and backoff. A malformed id is
answered with HTTP 400 and an error feed; that one query becomes a ParseIssue.

Replay: each query URL is answered by the body recorded from it (`responses/*.xml`, extracted
from the arxiv package's test fixtures; see SOURCE.txt). Those queries are the client's test
queries, not benchmark papers: the live list would name benchmark papers (GPQA 2311.12022,
MMLU-Pro 2406.01574, ...), one line each in QUERIES.

Every paper is a candidate keyed by its unversioned arXiv id; only papers whose title or abstract
says they introduce a benchmark or dataset are benchmark candidates (see `_papers`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import httpx

from assets.channels._papers import (
    REFUSED,
    clean_text,
    get_unless_refused,
    not_benchmark_reason,
    polite,
    refusal_issues,
    refused_payload,
)
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "arxiv"
API = "https://export.arxiv.org/api/query"
ARXIV_INTERVAL_S = 3.0

_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
_OPENSEARCH = "{http://a9.com/-/spec/opensearch/1.1/}"
_ERROR_ENTRY = "https://arxiv.org/api/errors"
_ABS_PREFIX = re.compile(r"^https?://arxiv\.org/abs/")
_VERSION = re.compile(r"^(?P<id>.+?)(?P<version>v\d+)?$")


@dataclass(frozen=True, slots=True)
class Query:
    name: str  # the payload name of its first page
    url: str  # the first page
    limit: int  # how many results to read at most
    recording: str  # the recorded first page, under responses/


def _query_url(search: str, ids: str, max_results: int) -> str:
    # The parameter order of the arxiv client, so the recorded URLs are asked verbatim.
    params = {
        "search_query": search,
        "id_list": ids,
        "sortBy": "relevance",
        "sortOrder": "descending",
        "start": 0,
        "max_results": max_results,
    }
    return str(httpx.URL(API, params=params))


QUERIES = (
    Query(
        "id_list=1707.08567",
        _query_url("", "1707.08567", 100),
        1,
        "id_1707.08567_s0_m100_6a1afebfc6a3.xml",
    ),
    Query(
        "id_list=0808.05394,1707.08567",
        _query_url("", "0808.05394,1707.08567", 100),
        2,
        "id_0808.05394_1707.08567_s0_m100_42e5aa0ec3af.xml",
    ),
    Query(
        "id_list=2104.12255v1",
        _query_url("", "2104.12255v1", 100),
        1,
        "id_2104.12255v1_s0_m100_6ae69987ffe1.xml",
    ),
    Query(
        "id_list=astro-ph/0601001",
        _query_url("", "astro-ph/0601001", 100),
        1,
        "id_astro-ph_0601001_s0_m100_3150dca9dc76.xml",
    ),
    Query(
        "id_list=0000.0000",
        _query_url("", "0000.0000", 100),
        1,
        "id_0000.0000_s0_m100_8b51d9633a68.xml",
    ),
    Query("id_list=abc", _query_url("", "abc", 100), 1, "id_abc_s0_m100_b79c8dcf6bc3.xml"),
    Query(
        "search_query=testing",
        _query_url("testing", "", 10),
        10,
        "q_testing_s0_m10_bc5a6c384fe9.xml",
    ),
)


def sources() -> list[Source]:
    return [Source(q.name, q.url, f"responses/{q.recording}") for q in QUERIES]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    """Every query, page by page, at arXiv's pace; refused queries are noted, not fatal."""
    fetcher = polite(fetcher, ARXIV_INTERVAL_S)
    payloads: dict[str, bytes] = {}
    refused: dict[str, str] = {}
    for query in QUERIES:
        payloads.update(_read_pages(fetcher, query, refused))
    return {**payloads, **refused_payload(refused)}


def _read_pages(fetcher: Fetcher, query: Query, refused: dict[str, str]) -> dict[str, bytes]:
    pages: dict[str, bytes] = {}
    name, url, start = query.name, query.url, 0
    while (body := get_unless_refused(fetcher, url, name, refused)) is not None:
        pages[name] = body
        total, per_page = _page_counts(body)
        start += per_page
        if per_page == 0 or start >= min(total, query.limit):
            break
        url = str(httpx.URL(query.url).copy_set_param("start", start))
        name = f"{query.name}&start={start}"
    return pages


def _page_counts(body: bytes) -> tuple[int, int]:
    """(totalResults, itemsPerPage) of a feed page; (0, 0) stops paging on an unreadable page,
    which `parse` then reports."""
    try:
        feed = ET.fromstring(body)
        total = int(feed.findtext(f"{_OPENSEARCH}totalResults", "0"))
        entries = len(feed.findall(f"{_ATOM}entry"))
    except (ET.ParseError, ValueError):
        return 0, 0
    return total, entries


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult(issues=refusal_issues(NAME, payloads))
    papers: dict[str, BenchmarkCandidate] = {}
    for name in sorted(payloads):
        if name != REFUSED:
            _read_feed(name, payloads[name], papers, result)
    result.candidates.extend(papers.values())
    return result


def _read_feed(
    name: str, body: bytes, papers: dict[str, BenchmarkCandidate], result: ChannelResult
) -> None:
    try:
        feed = ET.fromstring(body)
    except ET.ParseError as exc:
        result.issues.append(ParseIssue(NAME, name, f"not an Atom feed: {exc}"))
        return
    if feed.tag != f"{_ATOM}feed":
        result.issues.append(ParseIssue(NAME, name, f"not an Atom feed: root is {feed.tag}"))
        return
    found: set[str] = set()
    for index, entry in enumerate(feed.findall(f"{_ATOM}entry")):
        where = f"{name}#entry[{index}]"
        entry_id = entry.findtext(f"{_ATOM}id", "")
        if entry_id.startswith(_ERROR_ENTRY):
            message = clean_text(entry.findtext(f"{_ATOM}summary")) or entry_id
            result.issues.append(ParseIssue(NAME, where, f"arXiv API error: {message}"))
            continue
        try:
            paper = _candidate(entry, name)
        except ValueError as exc:
            result.issues.append(ParseIssue(NAME, where, f"unreadable entry: {exc}"))
            continue
        found.update({paper.source_key, f"{paper.source_key}{paper.extra['version']}"})
        papers.setdefault(paper.source_key, paper)
    for missing in sorted(set(_requested_ids(feed)) - found):
        result.issues.append(ParseIssue(NAME, name, f"arXiv has no paper with id {missing}"))


def _requested_ids(feed: ET.Element) -> list[str]:
    """The ids an id_list query asked for, read from the feed's own query link."""
    for link in feed.findall(f"{_ATOM}link"):
        ids = parse_qs(urlsplit(link.get("href", "")).query).get("id_list")
        if ids:
            return [i for i in ids[0].split(",") if i]
    return []


def _candidate(entry: ET.Element, query: str) -> BenchmarkCandidate:
    url_id = _ABS_PREFIX.sub("", entry.findtext(f"{_ATOM}id", ""))
    match = _VERSION.match(url_id)
    title = clean_text(entry.findtext(f"{_ATOM}title"))
    if not url_id or match is None or not title:
        raise ValueError(f"entry without an arXiv id or title (id {url_id!r})")
    arxiv_id = match["id"]
    abstract = clean_text(entry.findtext(f"{_ATOM}summary"))
    links = {
        link.get("title") or link.get("rel"): link.get("href")
        for link in entry.findall(f"{_ATOM}link")
    }
    reason = not_benchmark_reason(title, abstract)
    primary = entry.find(f"{_ARXIV}primary_category")
    return BenchmarkCandidate(
        channel=NAME,
        source_key=arxiv_id,
        source_name=title,
        source_url=links.get("alternate") or f"https://arxiv.org/abs/{url_id}",
        description=abstract,
        paper_url=f"https://arxiv.org/abs/{arxiv_id}",
        arxiv_id=arxiv_id,
        capability_hints=tuple(
            c.get("term", "") for c in entry.findall(f"{_ATOM}category") if c.get("term")
        ),
        release_date=(entry.findtext(f"{_ATOM}published") or "")[:10] or None,
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={
            "version": match["version"] or "",
            "updated": entry.findtext(f"{_ATOM}updated"),
            "primary_category": primary.get("term") if primary is not None else None,
            "authors": [a.findtext(f"{_ATOM}name") for a in entry.findall(f"{_ATOM}author")],
            "pdf_url": links.get("pdf"),
            "doi": entry.findtext(f"{_ARXIV}doi"),
            "journal_ref": clean_text(entry.findtext(f"{_ARXIV}journal_ref")),
            "comment": clean_text(entry.findtext(f"{_ARXIV}comment")),
            "query": query,
        },
    )


CHANNEL = Channel(
    name=NAME,
    title="arXiv API",
    kind="paper_index",
    homepage="https://info.arxiv.org/help/api/index.html",
    recording_dir="paper-index-arxiv",
    sources=sources,
    parse=parse,
    live_notes=(
        "GET export.arxiv.org/api/query (id_list= or search_query=), paged with start/max_results "
        "until totalResults or the query's limit; 3 s between calls, one at a time (arXiv terms "
        "of use); HTTP 400 for a malformed id becomes a ParseIssue for that query"
    ),
    fetch=fetch,
)
