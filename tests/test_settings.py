"""The settings file (read leniently, written correctly) and where Tabletop keeps its files."""

from __future__ import annotations

import math
import tomllib
from dataclasses import asdict, fields
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import paths
from tabletop.settings import DESCRIPTIONS, Settings, check, dumps, load, save, toml_value

ROOT = Path(__file__).resolve().parents[1]


# -- reading --------------------------------------------------------------------------------------
def test_a_missing_file_is_the_defaults_without_a_warning(tmp_path: Path) -> None:
    loaded = load(tmp_path / "nope.toml")
    assert loaded.settings == Settings() and loaded.warning is None


def test_the_defaults() -> None:
    assert asdict(Settings()) == {"language": "", "theme": "textual-dark", "ascii": False, "animations": True,
                                  "bot_think_time": 0.35, "curtain": True, "saves_dir": "", "hints": True}
    assert set(DESCRIPTIONS) == {f.name for f in fields(Settings)}


def test_every_setting_is_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('language = "es"\ntheme = "nord"\nascii = true\nanimations = false\n'
                    'bot_think_time = 2\ncurtain = false\nsaves_dir = "~/games"\nhints = false\n')
    loaded = load(path)
    assert loaded.warning is None
    assert loaded.settings == Settings("es", "nord", True, False, 2.0, False, "~/games", False)
    assert isinstance(loaded.settings.bot_think_time, float)


@pytest.mark.parametrize("content", [b"language = ", b"[[[", b'language = "en"\nlanguage = "es"\n',
                                     b"\xff\xfe not utf-8", b"ascii = yes"])
def test_a_corrupt_file_gives_one_warning_line_and_the_defaults(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    loaded = load(path)
    assert loaded.settings == Settings()
    assert loaded.warning is not None and "\n" not in loaded.warning
    assert str(path) in loaded.warning and "using the defaults" in loaded.warning


def test_a_folder_where_the_file_should_be_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").mkdir()
    loaded = load(tmp_path / "settings.toml")
    assert loaded.settings == Settings() and loaded.warning and "\n" not in loaded.warning


@pytest.mark.parametrize(("line", "reason"), [
    ('language = "fr"', "language must be one of en, es (or empty), not 'fr'"),
    ("ascii = 1", "ascii must be true or false, not 1"),
    ('animations = "no"', "animations must be true or false"),
    ("bot_think_time = -1", "bot_think_time must be between 0 and 5, not -1"),
    ("bot_think_time = 99.5", "between 0 and 5"),
    ("bot_think_time = nan", "bot_think_time must be a number of seconds"),
    ("bot_think_time = true", "bot_think_time must be a number of seconds, not True"),
    ('bot_think_time = "fast"', "must be a number of seconds"),
    ('theme = ""', "theme must not be empty"),
    ("theme = 3", "theme must be a string, not 3"),
    ("saves_dir = [1]", "saves_dir must be a string"),
    ("colour = 'red'", "unknown setting 'colour'"),
    ("[window]\nwidth = 3", "unknown setting 'window'"),
])
def test_a_bad_value_falls_back_to_its_default_and_keeps_the_rest(tmp_path: Path, line: str, reason: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f"curtain = false\n{line}\n")
    loaded = load(path)
    assert loaded.settings.curtain is False  # the good line survives
    key = line.split("=")[0].strip().strip("[]")
    if key in {f.name for f in fields(Settings)}:
        assert getattr(loaded.settings, key) == getattr(Settings(), key)
    assert loaded.warning is not None and reason in loaded.warning and "\n" not in loaded.warning


def test_check_and_changed_refuse_what_the_file_would_refuse() -> None:
    assert check("bot_think_time", 0) == 0.0 and check("bot_think_time", 5) == 5.0
    with pytest.raises(ValueError, match="between 0 and 5"):
        Settings().changed(bot_think_time=5.01)
    with pytest.raises(ValueError, match="unknown setting"):
        Settings().changed(volume=3)
    assert Settings().changed(language="es", curtain=False) == Settings(language="es", curtain=False)


# -- writing --------------------------------------------------------------------------------------
def test_save_then_load_gives_the_same_settings(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "settings.toml"
    wanted = Settings("es", "gruvbox", True, False, 1.25, False, 'C:\\Users\\ana\\"saves"')
    save(path, wanted)
    assert load(path).settings == wanted and load(path).warning is None
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary file left


def test_the_file_explains_itself() -> None:
    text = dumps(Settings())
    for key, description in DESCRIPTIONS.items():
        assert f"# {description}\n{key} = " in text
    assert tomllib.loads(text) == asdict(Settings())


def test_save_replaces_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save(path, Settings(theme="nord"))
    save(path, Settings(theme="dracula"))
    assert load(path).settings.theme == "dracula"


@given(st.text(alphabet=st.characters(blacklist_categories=["Cs"])))
def test_any_text_survives_the_toml_writer(text: str) -> None:
    assert tomllib.loads(f"x = {toml_value(text)}")["x"] == text


@given(st.floats() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.booleans())
def test_numbers_and_booleans_survive_the_toml_writer(value: float | int | bool) -> None:
    back = tomllib.loads(f"x = {toml_value(value)}")["x"]
    if isinstance(value, float) and math.isnan(value):
        assert math.isnan(back)
    else:
        assert back == value and type(back) is type(value)


def test_the_writer_refuses_what_it_cannot_write() -> None:
    with pytest.raises(TypeError):
        toml_value([1, 2])


# -- folders --------------------------------------------------------------------------------------
def test_the_config_folder_env_var_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "cfg"))
    assert paths.settings_file() == tmp_path / "cfg" / "settings.toml"


def test_without_the_env_var_the_config_folder_is_the_platforms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_config_path

    monkeypatch.delenv("TABLETOP_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert paths.config_dir() == user_config_path("tabletop", appauthor=False)
    assert paths.config_dir().name == "tabletop"


def checkout(folder: Path, name: str = "tabletop", saves: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text(f'[project]\nname = "{name}"\n')
    if saves:
        (folder / "saves").mkdir()
    return folder


def test_the_project_itself_is_a_checkout() -> None:
    assert paths.is_checkout(ROOT)


@pytest.mark.parametrize(("make", "expected"), [
    (lambda p: checkout(p), True),
    (lambda p: checkout(p, name="other"), False),
    (lambda p: checkout(p, saves=False), False),
    (lambda p: (p / "saves").mkdir(parents=True), False),
    (lambda p: (checkout(p), (p / "pyproject.toml").write_text("name = 'tabletop' [[")), False),
    (lambda p: (checkout(p), (p / "pyproject.toml").write_text("# project tabletop\n")), False),
    (lambda p: (checkout(p, saves=False), (p / "saves").write_text("a file, not a folder")), False),
])
def test_what_counts_as_a_checkout(tmp_path: Path, make: object, expected: bool) -> None:
    folder = tmp_path / "here"
    folder.mkdir()
    make(folder)  # type: ignore[operator]
    assert paths.is_checkout(folder) is expected


def test_the_saves_folder_rule_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("TABLETOP_SAVES", raising=False)
    plain = tmp_path / "plain"
    plain.mkdir()
    repo = checkout(tmp_path / "repo")
    assert paths.resolve_saves_dir(cwd=plain) == paths.SavesFolder(paths.data_dir() / "saves", "the user data folder")
    assert paths.resolve_saves_dir(cwd=repo) == paths.SavesFolder(repo / "saves", "the checkout's saves folder")
    by_setting = paths.resolve_saves_dir(setting=str(tmp_path / "s"), cwd=repo)
    assert by_setting.path == tmp_path / "s" and by_setting.source.startswith("saves_dir in ")
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "env"))
    assert paths.resolve_saves_dir(setting="x", cwd=repo) == paths.SavesFolder(tmp_path / "env", "TABLETOP_SAVES")
    assert paths.resolve_saves_dir(tmp_path / "flag", "x", repo) == paths.SavesFolder(tmp_path / "flag", "--saves-dir")


def test_the_user_data_folder_follows_the_platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_data_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.data_dir() == user_data_path("tabletop", appauthor=False)


def test_a_tilde_means_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_SAVES", raising=False)
    assert paths.resolve_saves_dir(setting="~/tt").path == Path.home() / "tt"
