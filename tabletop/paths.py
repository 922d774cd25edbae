"""Where Tabletop keeps its files: the settings file and the saves folder.

An installed ``tabletop`` must not scatter ``saves/`` into whatever folder it is started from, but
a developer playing from a clone expects the checkout's own ``saves/``. The rule, in order:

1. ``--saves-dir`` on the command line;
2. the ``TABLETOP_SAVES`` environment variable;
3. ``saves_dir`` in the settings file;
4. ``./saves`` when the current folder is a Tabletop checkout: it holds a ``pyproject.toml`` whose
   ``[project] name`` is ``tabletop`` *and* a ``saves/`` folder;
5. otherwise ``saves/`` inside the user data folder (``platformdirs``; on Linux
   ``~/.local/share/tabletop/saves``).

The settings file is ``settings.toml`` in the user config folder (on Linux
``~/.config/tabletop``), or in ``$TABLETOP_CONFIG_DIR`` when that is set — tests set it so they
never read or write the real home folder.

Kept free of Textual and Rich: the CLI resolves these before deciding whether to load the app.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "tabletop"
CONFIG_ENV = "TABLETOP_CONFIG_DIR"
SAVES_ENV = "TABLETOP_SAVES"
SETTINGS_FILE = "settings.toml"


def config_dir() -> Path:
    """The folder of the settings file (``$TABLETOP_CONFIG_DIR`` wins over the platform's)."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override).expanduser()
    if sys.platform == "linux" and "ANDROID_DATA" not in os.environ:
        # platformdirs' Unix rule, written out: every command reads the settings file at start-up,
        # and importing platformdirs costs ~9 ms of a 100 ms ``tabletop --help``
        # (tests/test_paths_fast.py checks it against platformdirs).
        base = os.environ.get("XDG_CONFIG_HOME", "")
        return Path(base if base.strip() else os.path.expanduser("~/.config")) / APP_NAME
    from platformdirs import user_config_path

    return user_config_path(APP_NAME, appauthor=False)


def settings_file() -> Path:
    return config_dir() / SETTINGS_FILE


def data_dir() -> Path:
    """The user data folder, where an installed Tabletop keeps its saves."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def is_checkout(folder: Path) -> bool:
    """True if ``folder`` is a Tabletop source checkout with its ``saves/`` folder.

    Both are required: a ``pyproject.toml`` naming the project ``tabletop`` (read as TOML, so a
    comment or another project that merely mentions the word does not count) and a ``saves/``
    directory next to it (the repository ships one, holding only ``.gitkeep``)."""
    if not (folder / "saves").is_dir():
        return False
    import tomllib

    try:
        with open(folder / "pyproject.toml", "rb") as handle:
            project = tomllib.load(handle).get("project")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return False
    return isinstance(project, dict) and project.get("name") == APP_NAME


@dataclass(frozen=True)
class SavesFolder:
    """The saves folder and why it was chosen (``tabletop saves`` prints both)."""

    path: Path
    source: str

    def describe(self) -> str:
        return f"{self.path} ({self.source})"


def resolve_saves_dir(flag: str | os.PathLike[str] | None = None, setting: str | None = None,
                      cwd: Path | None = None) -> SavesFolder:
    """Apply the five-step rule of this module's docstring."""
    if flag:
        return SavesFolder(Path(flag).expanduser(), "--saves-dir")
    env = os.environ.get(SAVES_ENV)
    if env:
        return SavesFolder(Path(env).expanduser(), SAVES_ENV)
    if setting:
        return SavesFolder(Path(setting).expanduser(), f"saves_dir in {settings_file()}")
    here = Path.cwd() if cwd is None else cwd
    if is_checkout(here):
        return SavesFolder(here / "saves", "the checkout's saves folder")
    return SavesFolder(data_dir() / "saves", "the user data folder")
