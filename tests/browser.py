"""A small Chrome DevTools Protocol driver for the browser tests: headless Chromium over ``websockets``.

Enough to open a page, wait until its text appears (a Streamlit page is blank until its
script has run), read the text and save a screenshot. Chromium runs with the flags that keep
it off the network (no background networking, updates or sync) and with its own profile
folder, on a free loopback port.
"""

from __future__ import annotations

import base64
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, closing, contextmanager
from pathlib import Path

from websockets.sync.client import connect

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")


def chromium_path() -> str | None:
    """The Chromium binary, or None when none is installed."""
    for candidate in CHROMIUM_CANDIDATES:
        found = shutil.which(candidate)
        if found:
            return found
    return None


def free_port() -> int:
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_http(url: str, timeout: float) -> bytes:
    """GET ``url`` until it answers (or raise TimeoutError with the last error)."""
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read()
        except OSError as error:
            last = error
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer in {timeout:.0f} s ({last})")


class Browser:
    """One headless Chromium with one tab, driven over the DevTools protocol."""

    def __init__(self, binary: str | None = None, width: int = 1400, height: int = 1000) -> None:
        binary = binary or chromium_path()
        if binary is None:
            raise FileNotFoundError("chromium is not installed (make browser-deps)")
        self.width, self.height = width, height
        self.profile = tempfile.mkdtemp(prefix="rasklad-chromium-")
        self.port = free_port()
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--hide-scrollbars", f"--window-size={width},{height}",
             f"--user-data-dir={self.profile}", f"--remote-debugging-port={self.port}",
             "--remote-allow-origins=*", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self._id = 0
        self._stack = ExitStack()
        try:
            wait_for_http(f"http://127.0.0.1:{self.port}/json/version", 30)
            targets = json.loads(wait_for_http(f"http://127.0.0.1:{self.port}/json/list", 10))
            page = next(t for t in targets if t.get("type") == "page")
            self.socket = self._stack.enter_context(
                connect(page["webSocketDebuggerUrl"], max_size=None, open_timeout=10))
            self.send("Page.enable")
            self.send("Runtime.enable")
            self.resize(width, height)
        except BaseException:
            self.close()
            raise

    # -- protocol --------------------------------------------------------------------------------

    def send(self, method: str, timeout: float = 30, **params) -> dict:
        """Call a DevTools method and return its result (events arriving meanwhile are dropped)."""
        self._id += 1
        call_id = self._id
        self.socket.send(json.dumps({"id": call_id, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message.get("id") == call_id:
                if "error" in message:
                    raise RuntimeError(f"{method} failed: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression: str):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression!r} threw: {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")

    # -- what the tests do -------------------------------------------------------------------------

    def resize(self, width: int, height: int) -> None:
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)

    @contextmanager
    def sized(self, width: int, height: int) -> Iterator[Browser]:
        """The pages this browser opens in the block at ``width`` by ``height`` (a phone's, say),
        then at its own size again: one Chromium serves every size, each start costing seconds of CPU."""
        own = self.width, self.height
        self.width, self.height = width, height
        try:
            yield self
        finally:
            self.width, self.height = own
            self.resize(*own)

    def open(self, url: str) -> None:
        self.resize(self.width, self.height)
        self.send("Page.navigate", url=url)

    def text(self) -> str:
        return self.evaluate("document.body ? document.body.innerText : ''") or ""

    def wait_for_text(self, *expected: str, timeout: float = 60, absent: tuple[str, ...] = ("Running...",)) -> str:
        """Poll the page's text until every ``expected`` string is in it and no ``absent`` one is."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.text()
            if all(e in text for e in expected) and not any(a in text for a in absent):
                return text
            time.sleep(0.25)
        missing = [e for e in expected if e not in text]
        raise TimeoutError(f"after {timeout:.0f} s the page lacks {missing}; its text: {text[:300]!r} … {text[-700:]!r}")

    def wait_until_idle(self, timeout: float = 30, quiet: float = 1.0) -> None:
        """Wait until Streamlit's status widget has said nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        calm_since = time.monotonic()
        while time.monotonic() < deadline:
            busy = self.evaluate("!!document.querySelector('[data-testid=\"stStatusWidget\"]')")
            if busy:
                calm_since = time.monotonic()
            elif time.monotonic() - calm_since >= quiet:
                return
            time.sleep(0.2)

    def screenshot(self, path: str | Path, full_page: bool = True) -> Path:
        """Save a PNG; with ``full_page`` the viewport first grows to the height of Streamlit's main area."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if full_page:
            height = self.evaluate(
                "Math.max(document.body.scrollHeight, ...Array.from(document.querySelectorAll("
                "'[data-testid=\"stMain\"], [data-testid=\"stAppViewContainer\"], section.main'))"
                ".map(e => e.scrollHeight))"
            ) or self.height
            self.resize(self.width, min(max(int(height) + 40, self.height), 8000))
            time.sleep(1.0)  # let the charts re-lay out to the new size
        data = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=False)["data"]
        path.write_bytes(base64.b64decode(data))
        if full_page:
            self.resize(self.width, self.height)
        return path

    def close(self) -> None:
        sock = getattr(self, "socket", None)
        if sock is not None:
            try:
                self.send("Browser.close", timeout=5)
            except Exception:  # noqa: BLE001, S110 — the browser may already be gone
                pass
        self._stack.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:  # noqa: PYI034
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class StreamlitServer:
    """``streamlit run dashboards/streamlit_app.py`` on a free loopback port for one warehouse."""

    def __init__(self, app: Path, warehouse: Path, log: Path) -> None:
        import os
        import sys

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(log, "w")  # noqa: SIM115 — closed in close()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(app), "--server.address", "127.0.0.1",
             "--server.port", str(self.port), "--server.headless", "true", "--browser.gatherUsageStats", "false",
             "--server.fileWatcherType", "none", "--server.maxUploadSize", "20"],
            env={**os.environ, "RASKLAD_WAREHOUSE": str(warehouse)}, cwd=app.parents[1],
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        try:
            wait_for_http(f"{self.url}/_stcore/health", 60)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        self.log.close()

    def __enter__(self) -> StreamlitServer:  # noqa: PYI034
        return self

    def __exit__(self, *exc) -> None:
        self.close()
