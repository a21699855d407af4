"""What the paper-index channels (arXiv, Semantic Scholar) share.

- A fetcher that respects the index's own rate limit: both ask for a few seconds between
  requests, far slower than the Fetcher's default politeness. A fetcher with no politeness at
  all (the replay fetcher) is left as it is, so replay stays instant.
- A request the API refuses (HTTP 4xx other than 429: a malformed id, an unknown paper) is one bad
  query, not a broken channel: it is recorded in a `refused-requests.json` payload and becomes a
  located ParseIssue, while a transient failure (429/5xx after the Fetcher's retries) still
  fails the run so that a day's outage does not look like an empty index.
- One rule for "does this paper describe a benchmark": a paper index lists every paper, and only
  the ones whose title or abstract says they introduce a benchmark or dataset are benchmark
  candidates; the others are kept, flagged, so they can still enrich a benchmark by id.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from benchhub.channel import Payloads
from benchhub.http import Fetcher, FetchError
from benchhub.records import ParseIssue

REFUSED = "refused-requests.json"  # payload name: {payload name: why the API refused it}

# The Fetcher's message for a non-retried error status; it carries no status attribute, so the
# status is read from the message (reported as a framework gap).
_CLIENT_ERROR = re.compile(r"answered HTTP (4\d\d)$")

_BENCHMARK_WORD = (
    r"(?:benchmarks?|datasets?|data sets?|test sets?|leaderboards?|corpus|corpora"
    r"|evaluation (?:sets?|suites?|frameworks?|benchmarks?))"
)
_TITLE_SIGNAL = re.compile(rf"\b{_BENCHMARK_WORD}\b|(?<!work)bench\b", re.IGNORECASE)
_VERB = r"(?:introduce|present|propose|release|construct|build|create|curate|collect)s?"
# "we introduce GSM8K, a dataset of ...", "HumanEval, a new evaluation set we release",
# "we propose a new test to measure ...": the authors make the benchmark, not merely use one.
_ABSTRACT_SIGNAL = re.compile(
    rf"\b(?:we|this (?:paper|work))\s+(?:also\s+)?{_VERB}\b[^.;]{{0,80}}?\b{_BENCHMARK_WORD}\b"
    rf"|\b{_BENCHMARK_WORD}\s+(?:that\s+|which\s+)?we\s+{_VERB}\b"
    r"|\ban?\s+(?:new|novel)\s+test\b",
    re.IGNORECASE,
)
NOT_A_BENCHMARK_PAPER = (
    "paper-index record: neither its title nor its abstract says it introduces a benchmark or "
    "dataset; kept so that benchmarks can be enriched by its id"
)


def polite(fetcher: Fetcher, min_interval_s: float) -> Fetcher:
    """The same client with at least `min_interval_s` between requests to one host."""
    if fetcher.policy.min_interval_s <= 0:
        return fetcher
    interval = max(fetcher.policy.min_interval_s, min_interval_s)
    return Fetcher(fetcher.client, replace(fetcher.policy, min_interval_s=interval))


def get_unless_refused(
    fetcher: Fetcher, url: str, name: str, refused: dict[str, str]
) -> bytes | None:
    """The body at `url`, or None (noted in `refused` under `name`) when the API refuses it."""
    try:
        return fetcher.get_bytes(url)
    except FetchError as exc:
        if not _CLIENT_ERROR.search(str(exc)):
            raise
        refused[name] = str(exc)
        return None


def refused_payload(refused: dict[str, str]) -> dict[str, bytes]:
    return {REFUSED: json.dumps(refused, sort_keys=True).encode()} if refused else {}


def refusal_issues(channel: str, payloads: Payloads) -> list[ParseIssue]:
    if REFUSED not in payloads:
        return []
    refused = json.loads(payloads[REFUSED])
    return [
        ParseIssue(channel, name, f"the API refused this request: {why}")
        for name, why in sorted(refused.items())
    ]


def not_benchmark_reason(title: str, abstract: str | None) -> str | None:
    """None when the paper reads as introducing a benchmark or dataset, else why it is not one.

    The title signal catches "X: A Benchmark for ..." and "SWE-bench"; the abstract signal needs
    the authors to say they make one. A heuristic: the reviewer has the final word.
    """
    if _TITLE_SIGNAL.search(title) or _ABSTRACT_SIGNAL.search(abstract or ""):
        return None
    return NOT_A_BENCHMARK_PAPER


def clean_text(text: str | None) -> str | None:
    """Collapse the line breaks and runs of spaces that API text fields carry."""
    if text is None:
        return None
    collapsed = " ".join(text.split())
    return collapsed or None
