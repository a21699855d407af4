"""The intake HTTP service: `POST /v1/runs`, `GET /v1/runs/{run_id}`, the run's page
`GET /runs/{run_id}` (and `/runs/{run_id}.json`), `POST /v1/disputes`, `GET /healthz`.

A push is rate-limited and authenticated before its body is read, the body is read with a size
and time limit, checked with summary_check (the same checks as the CLI and the pipeline),
and written to the inbox before the 201 goes out, so an acknowledged run is never lost. A
dispute (`ltb bench report`) goes through the same limits, with benchhub_format.disputes'
checks and a smaller size limit, into `<inbox>/disputes/`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import time
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchhub_format.disputes import (
    MAX_DISPUTE_BYTES,
    WrittenDispute,
    check_dispute,
    parse_dispute_bytes,
    write_dispute,
)
from benchhub_format.errors import InvalidDisputeError, InvalidSummaryError, RunConflictError
from benchhub_format.inbox import (
    ANONYMOUS,
    WrittenRun,
    remove_stale_temp_files,
    run_path,
    write_run,
)
from benchhub_format.summary_check import MAX_SUMMARY_BYTES, check_summary, parse_summary_bytes
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from benchhub.runs import Rejection, read_inbox_run, run_document
from benchhub.site.run_pages import DEFAULT_SITE_URL, run_page
from intake.keys import KeyStore
from intake.ratelimit import RateLimiter
from intake.release import KnownBenchmarks

log = logging.getLogger("intake")

# HTTP status for each InvalidSummaryError kind.
STATUS_BY_KIND = {"too_large": 413, "malformed": 400, "invalid": 422}
ERROR_BY_KIND = {
    "too_large": "run summary too large",
    "malformed": "body is not a JSON run summary",
    "invalid": "run summary rejected",
}
DISPUTE_ERROR_BY_KIND = {
    "too_large": "dispute too large",
    "malformed": "body is not a JSON dispute",
    "invalid": "dispute rejected",
}


@dataclass(frozen=True)
class IntakeSettings:
    inbox: Path
    release: str | None = None  # a release folder or URL; None accepts any benchmark id
    keys: Path | None = None
    public_url: str = "http://127.0.0.1:8787"  # where clients reach this intake: run links
    site_url: str = DEFAULT_SITE_URL  # the public release site the run pages link into
    max_body_bytes: int = MAX_SUMMARY_BYTES
    per_minute: float = 30.0  # per client address, for anonymous pushes and failed keys
    burst: int = 10
    key_per_minute: float = 120.0  # per API key
    key_burst: int = 30
    body_timeout_seconds: float = 30.0
    stale_temp_seconds: float = 60.0


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        error: str,
        details: Sequence[str] = (),
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(error)
        self.status, self.error, self.details, self.headers = status, error, details, headers


def create_app(
    settings: IntakeSettings, *, clock: Callable[[], float] = time.monotonic
) -> Starlette:
    keys = KeyStore(settings.keys)
    known = KnownBenchmarks(settings.release)
    by_address = RateLimiter(settings.per_minute, settings.burst, clock=clock)
    by_key = RateLimiter(settings.key_per_minute, settings.key_burst, clock=clock)
    settings.inbox.mkdir(parents=True, exist_ok=True)
    if settings.release is None:
        log.warning("no release configured: accepting any well-formed benchmark id")

    def run_url(run_id: str) -> str:
        # The run's page: served here at once, and by the release site once a release holds it.
        return f"{settings.public_url.rstrip('/')}/runs/{run_id}"

    async def push_run(request: Request) -> Response:
        submitter = _submitter(request, keys, by_address, by_key)
        body = await _read_body(request, settings.max_body_bytes, settings.body_timeout_seconds)
        written = await run_in_threadpool(
            _accept, settings.inbox, body, submitter, known.current(), settings.max_body_bytes
        )
        url = run_url(written.run_id)
        log.info(
            "%s run %s from %s (%s)",
            "accepted" if written.created else "replayed",
            written.run_id,
            _client(request),
            submitter,
        )
        return JSONResponse(
            {
                "run_id": written.run_id,
                "url": url,
                "status": "created" if written.created else "existing",
            },
            status_code=201 if written.created else 200,
            headers={"Location": url},
        )

    async def get_run(request: Request) -> Response:
        run_id = request.path_params["run_id"]
        try:
            # The intake wrote this record itself: served as stored, without re-checking it.
            data = await run_in_threadpool(run_path(settings.inbox, run_id).read_bytes)
        except (ValueError, FileNotFoundError):
            raise ApiError(404, "no such run", [f"run_id: {run_id[:80]!r}"]) from None
        return Response(data, media_type="application/json")

    async def get_run_page(request: Request) -> Response:
        name = request.path_params["name"]
        run_id = name.removesuffix(".json")
        document = await run_in_threadpool(_run_document, settings.inbox, run_id)
        if name.endswith(".json"):
            return JSONResponse(document)
        html = run_page(
            document,
            root=f"{settings.site_url.rstrip('/')}/",
            json_href=f"{run_id}.json",
            published=False,
        )
        return Response(html, media_type="text/html; charset=utf-8")

    async def push_dispute(request: Request) -> Response:
        submitter = _submitter(request, keys, by_address, by_key)
        limit = min(settings.max_body_bytes, MAX_DISPUTE_BYTES)
        body = await _read_body(
            request, limit, settings.body_timeout_seconds, DISPUTE_ERROR_BY_KIND
        )
        written = await run_in_threadpool(
            _accept_dispute, settings.inbox, body, submitter, known.current(), limit
        )
        log.info(
            "%s dispute %s from %s (%s)",
            "accepted" if written.created else "replayed",
            written.dispute_id,
            _client(request),
            submitter,
        )
        return JSONResponse(
            {
                "dispute_id": written.dispute_id,
                "status": "created" if written.created else "existing",
            },
            status_code=201 if written.created else 200,
        )

    async def healthz(request: Request) -> Response:
        ids = known.current()
        return JSONResponse(
            {
                "status": "ok",
                "release": settings.release,
                "known_benchmarks": None if ids is None else len(ids),
            }
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep_temp_files(settings))
        try:
            yield
        finally:
            sweeper.cancel()

    return Starlette(
        routes=[
            Route("/v1/runs", push_run, methods=["POST"]),
            Route("/v1/runs/{run_id}", get_run, methods=["GET"]),
            Route("/runs/{name}", get_run_page, methods=["GET"]),
            Route("/v1/disputes", push_dispute, methods=["POST"]),
            Route("/healthz", healthz, methods=["GET"]),
        ],
        exception_handlers={
            ApiError: _api_error,
            InvalidSummaryError: _invalid_summary,
            InvalidDisputeError: _invalid_dispute,
            RunConflictError: _conflict,
            HTTPException: _http_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )


def _accept(
    inbox: Path,
    body: bytes,
    submitter: str,
    known_ids: Collection[str] | None,
    max_bytes: int,
) -> WrittenRun:
    # Runs in a worker thread: validating 100,000 rewards must not stall the event loop.
    received_at = datetime.now(UTC)
    summary = check_summary(parse_summary_bytes(body, max_bytes), known_ids, not_after=received_at)
    return write_run(inbox, summary, submitter=submitter, received_at=received_at)


def _accept_dispute(
    inbox: Path, body: bytes, submitter: str, known_ids: Collection[str] | None, max_bytes: int
) -> WrittenDispute:
    dispute = check_dispute(parse_dispute_bytes(body, max_bytes), known_ids)
    return write_dispute(inbox, dispute, submitter=submitter, received_at=datetime.now(UTC))


def _run_document(inbox: Path, run_id: str) -> dict[str, Any]:
    """The run's public JSON form, from the record this intake wrote (checked again)."""
    try:
        path = run_path(inbox, run_id)
    except ValueError:
        raise ApiError(404, "no such run", [f"run_id: {run_id[:80]!r}"]) from None
    if not path.is_file():
        raise ApiError(404, "no such run", [f"run_id: {run_id[:80]!r}"])
    read = read_inbox_run(path, None)
    if isinstance(read, Rejection):  # the pipeline quarantines it; it has no page
        raise ApiError(404, "no such run", [f"run_id: {run_id}: {read.reason}"])
    record, attempts = read
    return run_document(asdict(record), attempts)


def _submitter(
    request: Request, keys: KeyStore, by_address: RateLimiter, by_key: RateLimiter
) -> str:
    header = request.headers.get("authorization")
    if header is None:
        _spend(by_address, _client(request))
        return ANONYMOUS
    scheme, _, token = header.partition(" ")
    key_id = keys.authenticate(token.strip()) if scheme.lower() == "bearer" else None
    if key_id is None:
        _spend(by_address, _client(request))  # so guessing keys is rate-limited too
        raise ApiError(
            401,
            "invalid API key",
            [
                "Authorization: send 'Bearer <key>' with a key issued for this intake, "
                "or leave the header out to push anonymously"
            ],
            headers={"WWW-Authenticate": "Bearer"},
        )
    _spend(by_key, key_id)
    return key_id


def _spend(limiter: RateLimiter, client: str) -> None:
    wait = limiter.take(client)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise ApiError(
            429,
            "too many requests",
            [f"{client}: retry after {seconds} s"],
            headers={"Retry-After": str(seconds)},
        )


def _client(request: Request) -> str:
    host = request.client.host if request.client else "unknown"
    with contextlib.suppress(ValueError):
        address = ipaddress.ip_address(host)
        if address.version == 6:
            # One IPv6 host usually owns a whole /64; limit it as one client.
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return host


async def _read_body(
    request: Request, limit: int, timeout: float, errors: Mapping[str, str] = ERROR_BY_KIND
) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _too_large(int(declared), limit, errors)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:  # stop reading: a chunked upload has no length to check first
                    raise _too_large(size, limit, errors)
                chunks.append(chunk)
    except TimeoutError:
        raise ApiError(
            408, "request body too slow", [f"(body): not received in {timeout} s"]
        ) from None
    except ClientDisconnect:
        raise ApiError(400, "client disconnected") from None
    return b"".join(chunks)


def _too_large(size: int, limit: int, errors: Mapping[str, str]) -> ApiError:
    return ApiError(413, errors["too_large"], [f"(body): over {limit} bytes (at least {size})"])


async def _sweep_temp_files(settings: IntakeSettings) -> None:
    while True:
        removed = await run_in_threadpool(
            remove_stale_temp_files, settings.inbox, settings.stale_temp_seconds
        )
        if removed:
            log.warning("removed %d stale temp files from %s", removed, settings.inbox)
        await asyncio.sleep(settings.stale_temp_seconds)


def _error_response(
    status: int, error: str, details: Sequence[str], headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {"error": error, "details": list(details)}, status_code=status, headers=headers
    )


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    log.info("rejected %s from %s: %s", exc.status, _client(request), exc.error)
    return _error_response(exc.status, exc.error, exc.details, exc.headers)


async def _invalid_summary(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, InvalidSummaryError)
    status = STATUS_BY_KIND[exc.kind]
    log.info("rejected %s from %s: %s", status, _client(request), exc.problems[0])
    return _error_response(status, ERROR_BY_KIND[exc.kind], exc.problems)


async def _invalid_dispute(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, InvalidDisputeError)
    status = STATUS_BY_KIND[exc.kind]
    log.info("rejected dispute %s from %s: %s", status, _client(request), exc.problems[0])
    return _error_response(status, DISPUTE_ERROR_BY_KIND[exc.kind], exc.problems)


async def _conflict(request: Request, exc: Exception) -> Response:
    log.info("rejected 409 from %s: %s", _client(request), exc)
    return _error_response(409, "run already recorded with different content", [str(exc)])


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error_response(exc.status_code, exc.detail, [], exc.headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return _error_response(500, "internal error", ["the intake logged the cause"])
