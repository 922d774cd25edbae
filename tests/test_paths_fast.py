"""The settings folder found without importing platformdirs (Linux start-up path) is exactly the
folder platformdirs names, with and without ``XDG_CONFIG_HOME``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from platformdirs import user_config_path

from tabletop import paths


@pytest.mark.skipif(sys.platform != "linux", reason="the written-out rule is Linux's")
@pytest.mark.parametrize("xdg", [None, "", "   ", "/tmp/some-config"])
def test_config_dir_matches_platformdirs(monkeypatch: pytest.MonkeyPatch, xdg: str | None) -> None:
    monkeypatch.delenv(paths.CONFIG_ENV, raising=False)
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert paths.config_dir() == user_config_path(paths.APP_NAME, appauthor=False)


def test_the_override_still_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", "/elsewhere")
    assert paths.config_dir() == tmp_path
