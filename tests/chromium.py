"""A small Chrome DevTools Protocol client for headless Chromium (no playwright or selenium).

`Browser` launches Debian's `chromium` with a fresh profile and no network extras, and connects
to its DevTools websocket; `Browser.open(url)` gives a `Tab` that navigates, evaluates
JavaScript, takes screenshots and records console errors, failed loads and uncaught exceptions.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

LAUNCH_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
)
TIMEOUT_S = 30.0
MAX_SHOT_HEIGHT = 5000


def chromium_path() -> str | None:
    return shutil.which("chromium")


class CDPError(RuntimeError):
    pass


class Browser:
    def __init__(self, viewport: tuple[int, int] = (1280, 900)) -> None:
        self.viewport = viewport
        # Chromium's helper processes may still be writing the profile as the browser exits.
        self._profile = tempfile.TemporaryDirectory(
            prefix="chromium-profile-", ignore_cleanup_errors=True
        )
        self._process: subprocess.Popen[bytes] | None = None
        self._socket: ClientConnection | None = None
        self._ids = itertools.count(1)
        self._events: list[dict[str, Any]] = []

    def __enter__(self) -> Browser:
        binary = chromium_path()
        if binary is None:
            raise CDPError("chromium is not installed (scripts/install-chromium.sh)")
        profile = Path(self._profile.name)
        command = [binary, *LAUNCH_FLAGS, f"--user-data-dir={profile}", "about:blank"]
        self._process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self._socket = connect(_devtools_url(profile, self._process), max_size=None)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._socket is not None:
            # Closing from inside lets Chromium end its own helper processes.
            with contextlib.suppress(ConnectionClosed, CDPError, TimeoutError):
                self.send("Browser.close")
            self._socket.close()
        if self._process is not None:
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._profile.cleanup()

    def open(self, url: str, *, javascript: bool = True) -> Tab:
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        tab = Tab(self, session)
        for domain in ("Page", "Runtime", "Log"):
            tab.send(f"{domain}.enable")
        width, height = self.viewport
        tab.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        if not javascript:
            tab.send("Emulation.setScriptExecutionDisabled", value=True)
        tab.navigate(url)
        return tab

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        assert self._socket is not None
        message_id = next(self._ids)
        message: dict[str, Any] = {"id": message_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self._socket.send(json.dumps(message))
        while True:
            reply = self._receive(TIMEOUT_S)
            if reply.get("id") == message_id:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._events.append(reply)

    def wait_for(self, session: str, method: str) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            for event in self._events:
                if event.get("sessionId") == session and event.get("method") == method:
                    self._events.remove(event)
                    return event
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CDPError(f"timed out waiting for {method}")
            self._events.append(self._receive(remaining))

    def events(self, session: str) -> list[dict[str, Any]]:
        return [event for event in self._events if event.get("sessionId") == session]

    def _receive(self, timeout: float) -> dict[str, Any]:
        assert self._socket is not None
        return json.loads(self._socket.recv(timeout=timeout))


class Tab:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        return self.browser.send(method, self.session, **params)

    def navigate(self, url: str) -> None:
        result = self.send("Page.navigate", url=url)
        if result.get("errorText"):
            raise CDPError(f"{url}: {result['errorText']}")
        self.browser.wait_for(self.session, "Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise CDPError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path, *, full_page: bool = False) -> Path:
        """A PNG of the viewport, or of the whole page (up to MAX_SHOT_HEIGHT pixels)."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            height = min(size["height"], MAX_SHOT_HEIGHT)
            params |= {
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": size["width"], "height": height, "scale": 1},
            }
        data = self.send("Page.captureScreenshot", **params)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def errors(self) -> list[str]:
        """Console errors, failed resource loads and uncaught exceptions seen so far."""
        found = []
        for event in self.browser.events(self.session):
            params = event.get("params", {})
            match event.get("method"):
                case "Runtime.exceptionThrown":
                    found.append(str(params["exceptionDetails"]))
                case "Runtime.consoleAPICalled" if params.get("type") in ("error", "assert"):
                    found.append(json.dumps(params.get("args")))
                case "Log.entryAdded" if params["entry"].get("level") == "error":
                    entry = params["entry"]
                    found.append(f"{entry.get('text')} {entry.get('url', '')}")
        return found


def _devtools_url(profile: Path, process: subprocess.Popen[bytes]) -> str:
    """Chromium writes its port and browser target path to DevToolsActivePort once it listens."""
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise CDPError(f"chromium exited with status {process.returncode}")
        if marker.exists():
            lines = marker.read_text().split()
            if len(lines) >= 2:
                return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        time.sleep(0.05)
    raise CDPError("chromium did not open its DevTools port")
