"""A small OpenAI-protocol server on 127.0.0.1 for the review tests and benchmark.

It answers POST /v1/chat/completions like a chat-completions endpoint with structured output,
and can be told per benchmark what to do instead: rate-limit with Retry-After, fail with 500,
answer too slowly, return malformed or truncated JSON, refuse, use axes outside the vocabulary,
send a body that is not JSON at all, or reject the API key. It counts every request it receives
and the most requests it had in flight at once.

    with OpenAIStub(delay_s=0.2) as stub:
        stub.script("gpqa-diamond", "rate_limit", "rate_limit")  # then a normal answer
        reviewer = OpenAIReviewer(stub.config())
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from benchhub.review.config import OpenAIReviewerConfig

Behaviour = Literal[
    "ok",
    "rate_limit",  # 429 with Retry-After
    "server_error",  # 500
    "slow",  # answers after `slow_s`, longer than the client's timeout
    "malformed_json",  # 200, but the message content is not JSON
    "truncated",  # 200, content cut off, finish_reason "length"
    "refusal",  # 200, content null, a refusal message
    "oov_axes",  # 200, valid JSON with an axis outside the vocabulary
    "invalid_body",  # 200, the HTTP body itself is not JSON
    "unauthorized",  # 401, a wrong API key
]
AnswerFn = Callable[[dict[str, Any]], dict[str, Any]]


def default_answer(record: dict[str, Any]) -> dict[str, Any]:
    """What a well-behaved model says: publish benchmarks, reject what channels flagged."""
    is_benchmark = record.get("is_benchmark", True)
    return {
        "decision": "publish" if is_benchmark else "reject",
        "reason": "stub review",
        "license_spdx": "MIT" if record.get("license") else "unknown",
        "axes": ["knowledge"] if is_benchmark else [],
        "corrections": [],
        "issues": [],
        "confidence": 0.8,
    }


class OpenAIStub:
    def __init__(
        self,
        delay_s: float = 0.0,
        retry_after_s: float = 0.05,
        slow_s: float = 2.0,
        answer: AnswerFn = default_answer,
        model: str = "stub-model",
    ) -> None:
        self.delay_s = delay_s  # before every answer, like a real model's latency
        self.retry_after_s = retry_after_s
        self.slow_s = slow_s
        self.answer = answer
        self.model = model
        self.always: Behaviour | None = None  # overrides every script when set
        self.requests: list[dict[str, Any]] = []  # request bodies, in arrival order
        self.max_in_flight = 0
        self._in_flight = 0
        self._scripts: dict[str, deque[Behaviour]] = defaultdict(deque)
        self._per_benchmark: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def calls(self) -> int:
        with self._lock:
            return len(self.requests)

    def calls_for(self, benchmark_id: str) -> int:
        with self._lock:
            return self._per_benchmark[benchmark_id]

    def script(self, benchmark_id: str, *behaviours: Behaviour) -> None:
        """The next requests about this benchmark behave like this, in order; then "ok"."""
        with self._lock:
            self._scripts[benchmark_id].extend(behaviours)

    def config(self, **overrides: Any) -> OpenAIReviewerConfig:
        settings: dict[str, Any] = {
            "base_url": self.base_url,
            "model": self.model,
            "api_key": "test-key",
            "timeout_s": 5.0,
            "max_retries": 2,
        }
        return OpenAIReviewerConfig(**(settings | overrides))

    def __enter__(self) -> OpenAIStub:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _next_behaviour(self, body: dict[str, Any]) -> tuple[Behaviour, dict[str, Any]]:
        record = json.loads(body["messages"][-1]["content"])
        benchmark_id = record["benchmark_id"]
        with self._lock:
            self.requests.append(body)
            self._per_benchmark[benchmark_id] += 1
            script = self._scripts[benchmark_id]
            behaviour: Behaviour = self.always or (script.popleft() if script else "ok")
        return behaviour, record

    def respond(self, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        with self._lock:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
        try:
            return self._respond(body)
        finally:
            with self._lock:
                self._in_flight -= 1

    def _respond(self, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        behaviour, record = self._next_behaviour(body)
        time.sleep(self.slow_s if behaviour == "slow" else self.delay_s)
        if behaviour == "unauthorized":
            error = {"error": {"message": "Incorrect API key provided", "type": "invalid_api_key"}}
            return 401, {}, json.dumps(error).encode()
        if behaviour == "rate_limit":
            error = {"error": {"message": "Rate limit reached", "type": "rate_limit_error"}}
            return 429, {"Retry-After": str(self.retry_after_s)}, json.dumps(error).encode()
        if behaviour == "server_error":
            error = {"error": {"message": "The server had an error", "type": "server_error"}}
            return 500, {}, json.dumps(error).encode()
        if behaviour == "invalid_body":
            return 200, {}, b"<html><body>upstream proxy error</body></html>"
        answer = self.answer(record)
        content: str | None = json.dumps(answer)
        refusal = None
        finish_reason = "stop"
        if behaviour == "malformed_json":
            content = "{decision: publish, reason: 'looks fine'"
        elif behaviour == "truncated":
            content = json.dumps(answer)[:40]
            finish_reason = "length"
        elif behaviour == "refusal":
            content, refusal = None, "I'm sorry, I can't help with that."
        elif behaviour == "oov_axes":
            content = json.dumps({**answer, "axes": ["knowledge", "astrology"]})
        prompt_chars = sum(len(m["content"]) for m in body["messages"])
        completion = {
            "id": f"chatcmpl-stub-{self.calls}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "finish_reason": finish_reason,
                    "message": {"role": "assistant", "content": content, "refusal": refusal},
                }
            ],
            "usage": {
                "prompt_tokens": prompt_chars // 4,
                "completion_tokens": len(content or refusal or "") // 4,
                "total_tokens": prompt_chars // 4 + len(content or refusal or "") // 4,
            },
        }
        return 200, {}, json.dumps(completion).encode()


def _handler_for(stub: OpenAIStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as real endpoints do

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            if self.path != "/v1/chat/completions":
                self._send(404, {}, b'{"error": {"message": "not found"}}')
                return
            self._send(*stub.respond(body))

        def _send(self, status: int, headers: dict[str, str], payload: bytes) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout); nothing left to answer

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output clean

    return Handler
