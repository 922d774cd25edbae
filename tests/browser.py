"""A headless Chromium driven over the DevTools protocol, for the browser-play test.

No browser download: it runs the system's ``chromium`` with ``--remote-debugging-port=0``, reads
the port Chromium chose from ``DevToolsActivePort`` in its profile folder and talks CDP over a
websocket with aiohttp (a dependency of textual-serve). Every wait is bounded; ``close`` ends the
browser's whole process group, which the test started.

Reading the screen: textual-serve draws with xterm.js on a canvas, so there is no text in the DOM.
A script installed before the page's own runs catches the xterm ``Terminal`` object as it is
built (the first assignment of ``_addonManager`` in its constructor), and ``screen_text`` reads
the terminal's buffer, row by row: the characters xterm.js has on screen.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  set(value) {
    if (!window.__terminals) { window.__terminals = []; }
    window.__terminals.push(this);
    Object.defineProperty(this, "_addonManager", {value, writable: true, configurable: true, enumerable: true});
  },
});
"""

SCREEN_TEXT = """
(() => {
  const t = (window.__terminals || []).find(x => x.buffer && x.buffer.active);
  if (!t) { return null; }
  const b = t.buffer.active, rows = [];
  for (let y = 0; y < t.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()
"""

KEYS: dict[str, tuple[str, str, int, str]] = {
    # name: (key, code, windowsVirtualKeyCode, text)
    "enter": ("Enter", "Enter", 13, "\r"),
    "tab": ("Tab", "Tab", 9, ""),
    "escape": ("Escape", "Escape", 27, ""),
    "down": ("ArrowDown", "ArrowDown", 40, ""),
    "up": ("ArrowUp", "ArrowUp", 38, ""),
}


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if path := shutil.which(name):
            return path
    return None


class Browser:
    def __init__(self, executable: str, profile: Path, *, width: int = 1600, height: int = 1100) -> None:
        self.profile = profile
        self.log = open(profile.parent / "chromium.log", "wb")  # noqa: SIM115 (closed in close())
        self.process = subprocess.Popen(
            [executable, "--headless=new", "--remote-debugging-port=0", f"--user-data-dir={profile}",
             "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--no-sandbox",
             "--disable-extensions", "--disable-background-networking", "--disable-component-update",
             "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",  # offline: fail fast, loopback only
             f"--window-size={width},{height}", "about:blank"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.session: aiohttp.ClientSession | None = None
        self.port = 0

    async def start(self, timeout: float = 30) -> None:
        marker = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while not (marker.is_file() and marker.read_text().count("\n") >= 1):
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with status {self.process.returncode}")
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not open its DevTools port")
            await asyncio.sleep(0.1)
        self.port = int(marker.read_text().split("\n")[0])
        self.session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout))

    async def new_page(self, url: str) -> "Page":
        assert self.session is not None
        async with self.session.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as response:
            target = await response.json(content_type=None)
        page = Page(await self.session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0))
        await page.call("Page.enable")
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
        await page.call("Page.navigate", url=url)
        return page

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.log.close()


class Page:
    """One tab: CDP commands, key presses, and the terminal's text."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.next_id = 0

    async def call(self, method: str, timeout: float = 20, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        await self.ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {method}")
            message = await self.ws.receive(timeout=left)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"DevTools connection closed ({message.type})")
            data = json.loads(message.data)
            if data.get("id") == ident:  # events (no id) are not needed here
                if "error" in data:
                    raise RuntimeError(f"{method}: {data['error']}")
                return dict(data.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def screen_text(self) -> str:
        return await self.evaluate(SCREEN_TEXT) or ""

    async def wait_for_text(self, *needles: str, timeout: float = 60) -> str:
        """Poll the terminal until every needle is on it; the last text is in the error if not."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = await self.screen_text()
            if all(needle in text for needle in needles):
                return text
            await asyncio.sleep(0.25)
        raise TimeoutError(f"{needles!r} never appeared; the terminal shows:\n{text}")

    async def wait_for_change(self, before: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        text = before
        while time.monotonic() < deadline:
            text = await self.screen_text()
            if text and text != before:
                return text
            await asyncio.sleep(0.25)
        raise TimeoutError(f"the terminal did not change from:\n{before}")

    async def wait_for_quiet(self, quiet: float = 1.5, timeout: float = 60) -> str:
        """The terminal's text once it has stopped changing for ``quiet`` seconds: a screen is
        drawn in several frames, and a curtain may follow the board it hides."""
        deadline = time.monotonic() + timeout
        text, since = await self.screen_text(), time.monotonic()
        while time.monotonic() < deadline:
            await asyncio.sleep(0.2)
            now = await self.screen_text()
            if now != text:
                text, since = now, time.monotonic()
            elif text.strip() and time.monotonic() - since >= quiet:
                return text
        raise TimeoutError(f"the terminal kept changing; last:\n{text}")

    async def press(self, name: str) -> None:
        """A key as the keyboard sends it: keyDown (with its text) and keyUp, to the focused page."""
        if name in KEYS:
            key, code, vk, text = KEYS[name]
        else:
            key, code, vk, text = name, f"Digit{name}" if name.isdigit() else f"Key{name.upper()}", ord(name.upper()), name
        down: dict[str, Any] = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": vk}
        if text:
            down["text"] = text
        await self.call("Input.dispatchKeyEvent", **down)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk)
        await asyncio.sleep(0.3)  # the key travels page → websocket → app process and back

    async def close(self) -> None:
        await self.ws.close()
