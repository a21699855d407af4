"""Semantic Scholar: paper records (ids, external ids, venue, year, citations) from the Graph API.

Live: `https://api.semanticscholar.org/graph/v1/` without a key:
- `GET /paper/{id}?fields=...` for one paper (id: S2 sha, raw DOI, `CorpusId:`, `ARXIV:` ...);
- `GET /paper/search?query=&offset=&limit=` (offset paging: each page says `next`, the offset of
  the following page, and omits it on the last), `GET /paper/search/bulk?query=` (token paging:
  each page carries a `token` to send back), `GET /paper/search/match?query=` (best title match),
  `GET /paper/{id}/references?offset=&limit=` (offset paging), `GET /snippet/search?query=`;
- the recorded batch lookups (`POST /paper/batch`) are asked as one `GET /paper/{id}` per id,
  because the Fetcher only GETs; the answers are assembled in the batch's shape (a list with
  null for an id S2 does not know).
`fetch` follows `next`/`token` up to each query's page cap. Unauthenticated clients share a pool
of about 100 requests per 5 minutes, so the fetch waits 3 s between calls; 429s are retried with
backoff by the Fetcher. A 4xx answer (unknown paper, bad field) becomes a ParseIssue for that
query, and S2's error body (`{"error": ...}`) does too.

Replay: every GET the queries make is answered by the body recorded in the client library's VCR
cassettes (extracted into `responses/`, see SOURCE.txt), so paging runs through the same code;
the batch answers are read from disk. The queries are the client's test queries (Turing,
kubernetes), not benchmark papers: a production list names benchmark papers, one line each.

Every paper is a candidate keyed by its paperId (or `CorpusId:<n>` when only that is known);
only papers whose title or abstract says they introduce a benchmark are benchmark candidates.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from typing import Any
from urllib.parse import quote

import httpx

from assets.channels._frameworks import is_replay
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
from benchhub.http import Fetcher, FetchError
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "semantic_scholar"
API = "https://api.semanticscholar.org/graph/v1"
S2_INTERVAL_S = 3.0
_BATCH_FIELDS = (
    "abstract,authors,citationCount,citationStyles,corpusId,externalIds,fieldsOfStudy,"
    "influentialCitationCount,isOpenAccess,journal,openAccessPdf,paperId,publicationDate,"
    "publicationTypes,publicationVenue,referenceCount,s2FieldsOfStudy,title,url,venue,year"
)


@dataclass(frozen=True, slots=True)
class Query:
    name: str
    kind: str  # paper | search | references | match | snippets | batch
    pages: tuple[tuple[str, str], ...]  # (URL, recording) of each recorded page, first first
    paging: str | None = None  # "offset" (follow `next`) or "token" (send back `token`)
    max_pages: int = 1
    ids: tuple[str, ...] = ()  # batch only: the ids asked for, in order
    batch_fields: str = ""


def _url(path: str, **params: str | int) -> str:
    return str(httpx.URL(f"{API}{path}", params=params))


QUERIES = (
    Query(
        "paper 10.1093/mind/lix.236.433",
        "paper",
        ((_url("/paper/10.1093/mind/lix.236.433", fields="title"), "test_get_paper-0.json"),),
    ),
    Query(
        "paper 10.1093/mind/lix.236.433 fields=unknown",
        "paper",
        (
            (
                _url("/paper/10.1093/mind/lix.236.433", fields="unknown"),
                "test_bad_query_parameters-0.json",
            ),
        ),
    ),
    Query("paper 0", "paper", ((_url("/paper/0", fields="t,i,t,l,e"), "test_not_found-0.json"),)),
    Query(
        "references of 10.2139/ssrn.2250500",
        "references",
        (
            (
                _url("/paper/10.2139/ssrn.2250500/references", fields="title", offset=0, limit=50),
                "test_get_paper_references-0.json",
            ),
            (
                _url("/paper/10.2139/ssrn.2250500/references", fields="title", offset=50, limit=50),
                "test_get_paper_references-1.json",
            ),
        ),
        paging="offset",
        max_pages=20,
    ),
    Query(
        "search turing",
        "search",
        (
            (
                _url("/paper/search", query="turing", fields="title", offset=0, limit=100),
                "test_search_paper_next_page-0.json",
            ),
            (
                _url("/paper/search", query="turing", fields="title", offset=100, limit=100),
                "test_search_paper_next_page-1.json",
            ),
        ),
        paging="offset",
        max_pages=2,
    ),
    Query(
        "bulk search kubernetes",
        "search",
        (
            (
                _url("/paper/search/bulk", query="kubernetes", fields="title", offset=0, limit=100),
                "test_search_paper_bulk_retrieval-0.json",
            ),
        ),
        paging="token",
        max_pages=1,
    ),
    Query(
        "title match mining association rules between",
        "match",
        (
            (
                _url(
                    "/paper/search/match",
                    query="mining association rules between",
                    fields="title",
                    offset=0,
                    limit=100,
                ),
                "test_search_paper_match_title-0.json",
            ),
        ),
    ),
    Query(
        "snippets turing test",
        "snippets",
        ((_url("/snippet/search", query="turing test", limit=2), "test_search_snippet-0.json"),),
    ),
    Query(
        "batch authors",
        "batch",
        ((_url("/paper/batch", fields="authors"), "test_get_papers-0.json"),),
        ids=("CorpusId:470667", "10.2139/ssrn.2250500", "0f40b1f08821e22e859c6050916cec3667778613"),
        batch_fields="authors",
    ),
    Query(
        "batch all fields",
        "batch",
        ((_url("/paper/batch", fields=_BATCH_FIELDS), "test_get_papers_not_found_warning-0.json"),),
        ids=(
            "CorpusId:211530585",
            "CorpusId:470667",
            "10.2139/ssrn.2250500",
            "0f40b1f08821e22e859c6050916cec3667778613",
        ),
        batch_fields=_BATCH_FIELDS,
    ),
)
_BY_NAME = {q.name: q for q in QUERIES}


def _page_name(query: Query, page: int) -> str:
    return query.name if page == 1 else f"{query.name}#page{page}"


def sources() -> list[Source]:
    return [
        Source(_page_name(q, n), url, f"responses/{recording}", exact=q.kind != "batch")
        for q in QUERIES
        for n, (url, recording) in enumerate(q.pages, start=1)
    ]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    """Every query page by page at S2's unauthenticated pace; refused ones are noted."""
    replay = is_replay(fetcher)
    fetcher = polite(fetcher, S2_INTERVAL_S)
    payloads: dict[str, bytes] = {}
    refused: dict[str, str] = {}
    for query in QUERIES:
        if query.kind != "batch":
            payloads.update(_read_pages(fetcher, query, refused))
        elif not replay:  # replay reads the recorded batch answers from disk
            payloads[query.name] = _batch_by_id(fetcher, query)
    return {**payloads, **refused_payload(refused)}


def _read_pages(fetcher: Fetcher, query: Query, refused: dict[str, str]) -> dict[str, bytes]:
    pages: dict[str, bytes] = {}
    url, page = query.pages[0][0], 1
    while (body := get_unless_refused(fetcher, url, _page_name(query, page), refused)) is not None:
        pages[_page_name(query, page)] = body
        next_url = _next_page(query, url, body)
        if next_url is None or page >= query.max_pages:
            break
        url, page = next_url, page + 1
    return pages


def _next_page(query: Query, url: str, body: bytes) -> str | None:
    try:
        document = json.loads(body)
    except json.JSONDecodeError:
        return None  # parse reports the page
    if not isinstance(document, dict):
        return None
    if query.paging == "offset" and document.get("next") is not None:
        return str(httpx.URL(url).copy_set_param("offset", document["next"]))
    if query.paging == "token" and document.get("token"):
        return str(httpx.URL(url).copy_set_param("token", document["token"]))
    return None


def _batch_by_id(fetcher: Fetcher, query: Query) -> bytes:
    answers: list[Any] = []
    for paper_id in query.ids:
        url = _url(f"/paper/{quote(paper_id, safe='/:')}", fields=query.batch_fields)
        body = get_unless_refused(fetcher, url, paper_id, {})  # unknown id: null, as batch does
        try:
            answers.append(json.loads(body) if body is not None else None)
        except json.JSONDecodeError as exc:
            raise FetchError(f"GET {url} did not answer JSON: {exc}") from exc
    return json.dumps(answers).encode()


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult(issues=refusal_issues(NAME, payloads))
    papers: dict[str, BenchmarkCandidate] = {}
    for name in sorted(payloads):
        if name == REFUSED:
            continue
        query = _BY_NAME.get(name.split("#page", 1)[0])
        if query is None:
            result.issues.append(ParseIssue(NAME, name, "no query of this channel has this name"))
            continue
        try:
            document = json.loads(payloads[name])
        except json.JSONDecodeError as exc:
            result.issues.append(ParseIssue(NAME, name, f"not JSON: {exc}"))
            continue
        if isinstance(document, dict) and "error" in document:
            message = f"Semantic Scholar answered an error: {document['error']}"
            result.issues.append(ParseIssue(NAME, name, message))
            continue
        for paper in _read_records(name, query, document, result):
            key = paper.source_key
            papers[key] = _fill_missing(papers[key], paper) if key in papers else paper
    for key, paper in papers.items():
        if paper.source_name:
            result.candidates.append(paper)
        else:  # e.g. a batch asked only for authors, and no other answer named the paper
            message = f"no answer gave the title of paper {key}; not kept"
            result.issues.append(ParseIssue(NAME, paper.extra["pages"][0], message))
    return result


def _read_records(
    name: str, query: Query, document: Any, result: ChannelResult
) -> list[BenchmarkCandidate]:
    """The paper records of one page, each with what the page says about it."""
    try:
        records = _records_of(query, document)
    except (KeyError, TypeError) as exc:
        result.issues.append(ParseIssue(NAME, name, f"not a {query.kind} answer: {exc!r}"))
        return []
    papers = []
    unresolved = 0
    for index, (paper, extra) in enumerate(records):
        where = f"{name}#[{index}]"
        if paper is None:
            asked = query.ids[index] if index < len(query.ids) else "?"
            result.issues.append(ParseIssue(NAME, where, f"Semantic Scholar has no paper {asked}"))
        elif not isinstance(paper, dict):
            result.issues.append(ParseIssue(NAME, where, f"not a paper record: {paper!r:.80}"))
        elif not (paper.get("paperId") or paper.get("corpusId")):
            unresolved += 1
        else:
            papers.append(_candidate(paper, name, extra))
    if unresolved:
        message = (
            f"{unresolved} records have no paperId (citations S2 could not resolve to a paper); "
            "they have no id to key them by and are not kept"
        )
        result.issues.append(ParseIssue(NAME, name, message))
    return papers


def _records_of(query: Query, document: Any) -> list[tuple[dict | None, dict[str, Any]]]:
    match query.kind:
        case "paper":
            return [(document, {})]
        case "batch":
            return [(paper, {}) for paper in document]
        case "search":
            return [(paper, {}) for paper in document["data"]]
        case "match":
            return [(paper, {"match_score": paper.get("matchScore")}) for paper in document["data"]]
        case "references":
            return [(item["citedPaper"], {"cited_by": query.name}) for item in document["data"]]
        case "snippets":
            return [
                (
                    item["paper"],
                    {"snippet": item["snippet"].get("text"), "score": item.get("score")},
                )
                for item in document["data"]
            ]
    raise KeyError(query.kind)


def _candidate(paper: dict[str, Any], page: str, extra: dict[str, Any]) -> BenchmarkCandidate:
    paper_id = paper.get("paperId")
    corpus_id = paper.get("corpusId")
    title = clean_text(paper.get("title")) or ""  # a batch may ask for other fields only
    external = paper.get("externalIds") or {}
    arxiv_id, doi = external.get("ArXiv"), external.get("DOI")
    abstract = clean_text(paper.get("abstract"))
    reason = not_benchmark_reason(title, abstract)
    hints = [*(paper.get("fieldsOfStudy") or [])]
    hints += [f["category"] for f in paper.get("s2FieldsOfStudy") or [] if f.get("category")]
    if paper_id:
        key, url = paper_id, paper.get("url") or f"https://www.semanticscholar.org/paper/{paper_id}"
    else:
        key = f"CorpusId:{corpus_id}"
        url = f"https://api.semanticscholar.org/{key}"
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=title,
        source_url=url,
        description=abstract,
        paper_url=f"https://arxiv.org/abs/{arxiv_id}"
        if arxiv_id
        else (f"https://doi.org/{doi}" if doi else None),
        arxiv_id=arxiv_id,
        capability_hints=tuple(dict.fromkeys(hints)),
        release_date=paper.get("publicationDate"),
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={
            **_known(extra),
            "corpus_id": corpus_id or external.get("CorpusId"),
            "doi": doi,
            "venue": paper.get("venue") or None,
            "year": paper.get("year"),
            "citation_count": paper.get("citationCount"),
            "influential_citation_count": paper.get("influentialCitationCount"),
            "publication_types": paper.get("publicationTypes"),
            "open_access_pdf": (paper.get("openAccessPdf") or {}).get("url"),
            "authors": [a.get("name") for a in paper.get("authors") or [] if isinstance(a, dict)]
            or paper.get("authors"),
            "pages": [page],
        },
    )


def _fill_missing(kept: BenchmarkCandidate, other: BenchmarkCandidate) -> BenchmarkCandidate:
    """One record per paper: the first answer's values, completed by later answers' values."""
    judged = {"extra", "is_benchmark", "not_benchmark_reason"}
    updates: dict[str, Any] = {
        f.name: getattr(other, f.name)
        for f in fields(BenchmarkCandidate)
        if f.name not in judged and not getattr(kept, f.name) and getattr(other, f.name)
    }
    extra = {**_known(other.extra), **_known(kept.extra)}
    extra["pages"] = kept.extra["pages"] + other.extra["pages"]
    merged = replace(kept, **updates, extra=extra)
    reason = not_benchmark_reason(merged.source_name, merged.description)
    return replace(merged, is_benchmark=reason is None, not_benchmark_reason=reason)


def _known(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


CHANNEL = Channel(
    name=NAME,
    title="Semantic Scholar Graph API",
    kind="paper_index",
    homepage="https://api.semanticscholar.org/api-docs/graph",
    recording_dir="paper-index-semantic-scholar",
    sources=sources,
    parse=parse,
    live_notes=(
        "GET api.semanticscholar.org/graph/v1 (paper, search, search/bulk, search/match, "
        "references, snippet/search); offset paging via `next`, bulk paging via `token`, capped "
        "per query; batch lookups asked as GET /paper/{id}; no key: ~100 requests per 5 min "
        "shared, so 3 s between calls; 4xx answers become ParseIssues"
    ),
    fetch=fetch,
)
