"""``tabletop serve``: the app in a real (headless) browser, end to end, and the command's edges.

The end-to-end test starts ``serve`` on 127.0.0.1 on a free port, opens the page in the system's
Chromium (see ``tests/browser.py``), reads the terminal's text, starts a game by keys, plays one
action and sees it on the board and in the saves folder, and checks a second tab is a table of its
own. Without Chromium it is skipped, unless ``CI`` is set: then it fails.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser import Browser, find_chromium
from test_cli import invoke, one_line_error

from tabletop import games
from tabletop.serve import app_command, is_loopback

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, server: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"serve exited with status {server.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"serve did not listen on port {port}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a process group this test started (the server and the app processes it spawned)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    try:
        os.killpg(process.pid, signal.SIGKILL)  # any app process left behind in the group
    except ProcessLookupError:
        pass


async def test_play_in_a_browser(tmp_path: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but no chromium is installed (.ci/run installs it with apt)")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    saves = tmp_path / "saves"
    port = free_port()
    with open(tmp_path / "serve.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "tabletop", "--saves-dir", str(saves), "serve", "--host", "127.0.0.1",
             "--port", str(port)], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    (tmp_path / "profile").mkdir()
    browser = Browser(chromium, tmp_path / "profile")
    try:
        wait_for_port(port, server)
        await browser.start()
        page = await browser.new_page(f"http://127.0.0.1:{port}/?fontsize=12")
        await page.wait_for_text("T A B L E T O P", "New game", "no saved games yet", timeout=90)
        await page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await page.press("enter")  # New game
        await page.wait_for_text("Start")
        await page.press("tab")  # game → players
        await page.press("tab")  # players → the first seat's name
        await page.press("enter")  # Enter in a name starts the game
        text = await page.wait_for_quiet()
        if "Pass the keyboard to" in text:  # a hidden-information game curtains its first seat
            await page.press("enter")
            text = await page.wait_for_quiet()
        assert "T A B L E T O P" not in text and "Pass the keyboard to" not in text
        assert "1 " in text  # the decision panel numbers the choices
        assert not list(saves.glob("*.json"))  # (a game is saved after its first action)
        await page.press("1")  # the first listed choice
        after = await page.wait_for_quiet()
        assert after != text
        deadline = time.monotonic() + 30
        while not list(saves.glob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.2)
        [save_file] = list(saves.glob("*.json"))  # the tab's app saves into serve's saves folder
        assert len(json.loads(save_file.read_text())["actions"]) == 1  # the action was played
        # a second tab is a table of its own: a fresh menu, which already lists the first tab's game
        second = await browser.new_page(f"http://127.0.0.1:{port}/?fontsize=12")
        await second.wait_for_text("T A B L E T O P", "New game", "Recent", timeout=90)
        await second.wait_for_text(games.spec(json.loads(save_file.read_text())["game"]).title, timeout=30)
        assert "Pass the keyboard" not in await second.screen_text()
    finally:
        await browser.close()
        stop(server)
    assert server.returncode is not None


def test_serve_help_does_not_import_textual() -> None:
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "tabletop", "serve", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "--port" in result.stdout and "--host" in result.stdout
    modules = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert not {m for m in modules if re.match(r"textual(\.|$)", m)}


def test_the_app_command_runs_this_program_with_the_same_saves_and_flags(tmp_path: Path) -> None:
    words = shlex.split(app_command(tmp_path / "s", ascii_only=True))
    assert words == [sys.executable, "-m", "tabletop", "--saves-dir", str((tmp_path / "s").resolve()), "--ascii"]
    assert shlex.split(app_command(Path("rel")))[-1] == str(Path("rel").resolve())


@pytest.mark.parametrize("host,loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                            ("0.0.0.0", False), ("192.168.1.4", False), ("example.org", False)])
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = invoke("--saves-dir", str(tmp_path), "serve", "--port", str(port))
    one_line_error(result, f"cannot serve on 127.0.0.1:{port}")


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_serve_refuses_a_bad_port(port: str) -> None:
    result = invoke("serve", "--port", port)
    assert result.exit_code == 2 and "Traceback" not in result.output
