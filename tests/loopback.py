"""A loopback HTTP server that answers real channel URLs with their recordings, with faults.

Live-mode code runs unchanged: the client's transport rewrites https://host/path to
http://127.0.0.1:PORT/host/path, and the server serves the recording registered for that URL,
after any injected faults (429, 500, a stall past the timeout, a truncated body).
"""

from __future__ import annotations

import threading
import time
import urllib.parse
from collections import defaultdict
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx


@dataclass
class Fault:
    status: int | None = None  # answer with this status
    stall_s: float = 0.0  # wait this long before answering
    truncate: bool = False  # declare the full length, send half, close
    retry_after: str | None = None


@dataclass
class RecordingServer:
    routes: dict[str, bytes] = field(default_factory=dict)  # "host/path?query" -> body
    faults: dict[str, list[Fault]] = field(default_factory=lambda: defaultdict(list))
    hits: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    _server: ThreadingHTTPServer | None = None

    def serve(self, url: str, body: bytes | Path) -> None:
        self.routes[_route(url)] = body.read_bytes() if isinstance(body, Path) else body

    def inject(self, url: str, *faults: Fault) -> None:
        self.faults[_route(url)].extend(faults)

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_address[1]

    def __enter__(self) -> RecordingServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                route = self.path.lstrip("/")
                owner.hits[route] += 1
                pending = owner.faults.get(route)
                fault = pending.pop(0) if pending else None
                if fault and fault.stall_s:
                    time.sleep(fault.stall_s)
                body = owner.routes.get(route)
                if fault and fault.status:
                    self.send_response(fault.status)
                    if fault.retry_after:
                        self.send_header("Retry-After", fault.retry_after)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if body is None:
                    self.send_error(404, f"no recording for {route}")
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: len(body) // 2] if fault and fault.truncate else body)
                if fault and fault.truncate:
                    self.close_connection = True

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()

    def transport(self) -> httpx.BaseTransport:
        return _RewriteTransport(self.port)


class _RewriteTransport(httpx.HTTPTransport):
    def __init__(self, port: int):
        super().__init__()
        self._port = port

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        original = request.url
        path = f"/{original.host}{original.raw_path.decode()}"
        request.url = httpx.URL(f"http://127.0.0.1:{self._port}{path}")
        return super().handle_request(request)


def _route(url: str) -> str:
    parsed = httpx.URL(url)
    return f"{parsed.host}{parsed.raw_path.decode()}"


@dataclass
class FolderServer:
    """Serves a folder (a release) over loopback HTTP as a static host does: an ETag per file,
    304 for a matching If-None-Match, 404 for what is not there. Counts what goes over the wire
    (request and response bytes, headers included) and which paths were asked for."""

    root: Path
    bytes_sent: int = 0
    bytes_received: int = 0
    requests: list[str] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def bytes_transferred(self) -> int:
        return self.bytes_sent + self.bytes_received

    def reset_counts(self) -> None:
        with self._lock:
            self.bytes_sent = self.bytes_received = 0
            self.requests.clear()

    def __enter__(self) -> FolderServer:
        owner = self
        root = self.root.resolve()

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                with owner._lock:
                    owner.requests.append(self.path)
                    owner.bytes_received += len(self.requestline) + 2 + len(bytes(self.headers))
                # Percent-decoded, as a static host does (model pages have "+" in their names).
                relative = urllib.parse.unquote(self.path.lstrip("/").split("?")[0])
                target = (root / relative).resolve()
                if not target.is_relative_to(root) or not target.is_file():
                    self._answer(404, b"not found\n", {})
                    return
                stat = target.stat()
                etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
                if self.headers.get("If-None-Match") == etag:
                    self._answer(304, b"", {"ETag": etag})
                    return
                self._answer(200, target.read_bytes(), {"ETag": etag})

            def _answer(self, status: int, body: bytes, headers: dict[str, str]) -> None:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if status != 304:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                with owner._lock:
                    owner.bytes_sent += len(body)

            def flush_headers(self) -> None:
                with owner._lock:
                    owner.bytes_sent += sum(len(b) for b in getattr(self, "_headers_buffer", []))
                super().flush_headers()

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()
