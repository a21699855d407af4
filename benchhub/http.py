"""The one HTTP client every channel fetches with, live or replayed.

Live: httpx with timeouts, an identifying User-Agent, retries with exponential backoff on
429/5xx/timeouts (honouring Retry-After), a polite pause between requests to the same host,
and conditional requests (ETag / Last-Modified remembered per URL).
Replay: the same client over `ReplayTransport`, which answers each URL with its bundled
recording, so parsing and the fetch code are exercised exactly as in live mode.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

USER_AGENT = "BenchHub-registry/0.1 (+https://github.com/benchhub/registry; registry@benchhub.dev)"
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


class FetchError(RuntimeError):
    """A URL could not be fetched after all retries; says which URL and why."""


@dataclass
class FetchPolicy:
    timeout_s: float = 20.0
    retries: int = 4
    backoff_s: float = 1.0  # first pause; doubles each retry
    max_backoff_s: float = 30.0
    min_interval_s: float = 0.5  # between two requests to the same host
    sleep: Callable[[float], None] = time.sleep


@dataclass
class Fetcher:
    """GETs URLs with retries and politeness. One per channel run; not thread-shared."""

    client: httpx.Client
    policy: FetchPolicy = field(default_factory=FetchPolicy)
    replay: bool = False  # answers from recordings: a channel must not ask for unrecorded URLs
    _last_request_at: dict[str, float] = field(default_factory=dict)
    _validators: dict[str, dict[str, str]] = field(default_factory=dict)
    _bodies: dict[str, bytes] = field(default_factory=dict)

    def get(self, url: str, params: Mapping[str, str | int] | None = None) -> httpx.Response:
        last_error = "no attempt made"
        for attempt in range(self.policy.retries + 1):
            self._pause_for_host(url)
            try:
                response = self.client.get(url, params=params, headers=self._validators.get(url))
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                last_error = f"{type(exc).__name__}: {exc}"
            else:
                if response.status_code == 304 and url in self._bodies:
                    return httpx.Response(200, content=self._bodies[url], request=response.request)
                if response.status_code not in RETRY_STATUSES:
                    if response.is_error:
                        raise FetchError(f"GET {url} answered HTTP {response.status_code}")
                    self._remember(url, response)
                    return response
                last_error = f"HTTP {response.status_code}"
                retry_after = _retry_after_s(response)
                if retry_after is not None and attempt < self.policy.retries:
                    self.policy.sleep(min(retry_after, self.policy.max_backoff_s))
                    continue
            if attempt < self.policy.retries:
                self.policy.sleep(
                    min(self.policy.backoff_s * 2**attempt, self.policy.max_backoff_s)
                )
        raise FetchError(f"GET {url} failed after {self.policy.retries + 1} attempts: {last_error}")

    def get_bytes(self, url: str, params: Mapping[str, str | int] | None = None) -> bytes:
        response = self.get(url, params)
        declared = response.headers.get("content-length")
        if declared is not None and int(declared) != len(response.content):
            raise FetchError(
                f"GET {url} was truncated: {len(response.content)} of {declared} bytes"
            )
        return response.content

    def _pause_for_host(self, url: str) -> None:
        host = urlsplit(url).netloc
        previous = self._last_request_at.get(host)
        if previous is not None:
            wait = self.policy.min_interval_s - (time.monotonic() - previous)
            if wait > 0:
                self.policy.sleep(wait)
        self._last_request_at[host] = time.monotonic()

    def _remember(self, url: str, response: httpx.Response) -> None:
        validators = {}
        if etag := response.headers.get("etag"):
            validators["If-None-Match"] = etag
        if modified := response.headers.get("last-modified"):
            validators["If-Modified-Since"] = modified
        if validators:
            self._validators[url] = validators
            self._bodies[url] = response.content


def _retry_after_s(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


class ReplayTransport(httpx.BaseTransport):
    """Serves recorded responses: each URL maps to a file. An unknown URL is a 404."""

    def __init__(self, recordings: Mapping[str, Path]):
        self._recordings = dict(recordings)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        path = self._recordings.get(str(request.url)) or self._recordings.get(
            str(request.url.copy_with(query=None))
        )
        if path is None:
            return httpx.Response(404, text=f"no recording for {request.url}")
        return httpx.Response(200, content=path.read_bytes(), request=request)


def live_fetcher(policy: FetchPolicy | None = None) -> Fetcher:
    policy = policy or FetchPolicy()
    client = httpx.Client(
        headers={"User-Agent": USER_AGENT},
        timeout=httpx.Timeout(policy.timeout_s),
        follow_redirects=True,
    )
    return Fetcher(client, policy)


def replay_fetcher(recordings: Mapping[str, Path]) -> Fetcher:
    client = httpx.Client(headers={"User-Agent": USER_AGENT}, transport=ReplayTransport(recordings))
    return Fetcher(client, FetchPolicy(retries=0, min_interval_s=0.0), replay=True)
