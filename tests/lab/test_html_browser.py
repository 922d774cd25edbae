"""The HTML report opened in headless Chromium: its SVG charts are in the DOM and drawn on screen.

Chromium is a system package (CI installs it). Without it the test is skipped with the reason,
unless CI=true, where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from tabletop.lab.page import write_page
from tabletop.simulate import run_simulation

HIST_BLUE = (0x4A, 0x7B, 0xB7)
BAR_GREEN = (0x2E, 0x7D, 0x32)


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI") == "true":
        pytest.fail("chromium is not installed (CI must install it: .ci/run)")
    pytest.skip("chromium is not installed (install the Debian package chromium to run this test)")


def run_browser(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           f"--user-data-dir={tmp / 'profile'}", *args], capture_output=True, text=True, timeout=120)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGB(A) bytes of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert header is not None
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        filt = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if filt == 1:
                line[i] = (line[i] + a) & 0xFF
            elif filt == 2:
                line[i] = (line[i] + b) & 0xFF
            elif filt == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line) if bpp == 3 else bytes(v for j in range(0, stride, 4) for v in line[j:j + 3]))
        prev = line
    return width, height, rows


def count_colour(rows: list[bytes], rgb: tuple[int, int, int]) -> int:
    target = bytes(rgb)
    return sum(row[i:i + 3] == target for row in rows for i in range(0, len(row), 3))


@pytest.fixture(scope="module")
def report_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chromium()
    report = run_simulation("superinmundos", 6, 3, ["random"], 0, {}, jobs=1)
    path = tmp_path_factory.mktemp("report") / "report.html"
    write_page(report, path)
    return path


def test_the_dom_has_the_charts(report_file: Path, tmp_path: Path) -> None:
    done = run_browser("--dump-dom", report_file.as_uri(), tmp=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert "<svg" in dom and 'class="histogram"' in dom
    assert dom.count('class="bin"') >= 1 and dom.count('class="bar"') >= 3
    assert "Wins by seat" in dom and "Cards on top when a battle is won" in dom


def test_the_charts_are_drawn(report_file: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    done = run_browser("--window-size=1100,1600", "--hide-scrollbars", f"--screenshot={shot}",
                       report_file.as_uri(), tmp=tmp_path)
    assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
    width, height, rows = png_pixels(shot.read_bytes())
    assert (width, height) == (1100, 1600)
    assert count_colour(rows, HIST_BLUE) > 500  # the histogram's bars
    assert count_colour(rows, BAR_GREEN) > 100  # the win-rate bars
