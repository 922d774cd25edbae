"""The command in Spanish (issue #14): ``--lang``, ``TABLETOP_LANG``, the setting and the locale
choose the language; ``--help``, the listings and the errors speak it; a bad ``--lang`` is one
line and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.settings import Settings, save

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env=env)


def one_line_error(result: Any) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.stdout == "" and result.stderr.count("\n") == 1, repr(result.stderr)
    assert result.stderr.startswith("tabletop: ") and "Traceback" not in result.stderr
    return result.stderr


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The real program (``python -m tabletop``), so the help is built as a user gets it."""
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env={**os.environ, **env})


def test_lang_es_games_lists_the_games_in_spanish() -> None:
    result = invoke("--lang", "es", "games")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Huida del Monte Gram (1-4 jugadores)" in out and "Villanos (2-6 jugadores)" in out
    assert "Mazo inicial del asiento 1 (por defecto Leadership)" in out  # values stay what --variant takes
    assert "Escape from Mount Gram" not in out and "players" not in out and "default" not in out


def test_english_is_the_default_and_lang_en_is_english() -> None:
    for args in ((), ("--lang", "en")):
        out = invoke(*args, "games").stdout
        assert "Escape from Mount Gram (1-4 players)" in out and "Huida" not in out


def test_errors_in_spanish_are_one_line_with_status_2(saves_dir: Path) -> None:
    err = one_line_error(invoke("--lang", "es", "new", "highcard", "--bot", "9=highest"))
    assert "el asiento '9' debe ser un número del 1 al" in err
    err = one_line_error(invoke("--lang", "es", "new", "chess"))
    assert "no existe el juego 'chess'" in err
    err = one_line_error(invoke("--lang", "es", "resume"))
    assert "no hay ninguna partida que continuar en" in err


def test_a_bad_lang_is_one_line_and_status_2() -> None:
    err = one_line_error(invoke("--lang", "fr", "games"))
    assert err == "tabletop: --lang 'fr': the language must be en or es\n"
    assert run("--lang", "xx", "--help").returncode == 2  # refused before the help, not ignored


def test_help_in_spanish_from_the_real_program() -> None:
    done = run("--lang", "es", "--help")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for spanish in ("Uso: ", "[OPCIONES] ORDEN [ARGUMENTOS]...", "Opciones:", "Órdenes:",
                    "Muestra este mensaje y termina.", "Empieza una partida directamente",
                    "Idioma de la interfaz, en o es."):
        assert spanish in out, spanish
    for english in ("Usage:", "Options:", "Commands:", "Show this message", "Start a game directly"):
        assert english not in out, english
    sub = run("--lang", "es", "new", "--help").stdout
    assert "Argumentos:" in sub and "[obligatorio]" in sub and "Número de asientos." in sub


def test_help_in_spanish_in_process_too(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``main`` reads ``--lang`` before parsing and translates the command, so ``--help`` (which
    Click handles first) is Spanish; a subcommand's help follows the root's ``--lang`` as well."""
    from tabletop import cli

    monkeypatch.setattr(sys, "argv", ["tabletop", "--lang", "es", "--help"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code in (0, None)
    out = capsys.readouterr().out
    assert "Opciones:" in out and "Empieza una partida directamente" in out
    sub = invoke("--lang", "es", "new", "--help").stdout
    assert "Número de asientos." in sub and "Argumentos:" in sub
    assert "Start a game directly" in invoke("--help").stdout  # and the next command is English again


@pytest.mark.parametrize("env", [{"TABLETOP_LANG": "es"}, {"LANG": "es_ES.UTF-8"}, {"LC_ALL": "es_AR.UTF-8"}])
def test_the_environment_picks_spanish(env: dict[str, str]) -> None:
    done = run("games", **env)
    assert done.returncode == 0 and "Huida del Monte Gram" in done.stdout, done.stderr
    assert "Opciones:" in run("--help", **env).stdout
    assert "Huida del Monte Gram" in invoke("games", env=env).stdout  # in process as well


def test_lang_wins_over_the_environment_and_tabletop_lang_over_the_locale() -> None:
    assert "Escape from Mount Gram" in run("--lang", "en", "games", TABLETOP_LANG="es").stdout
    assert "Escape from Mount Gram" in run("games", TABLETOP_LANG="en", LANG="es_ES.UTF-8").stdout


def test_the_remembered_setting_is_used_between_tabletop_lang_and_the_locale(config_dir: Path) -> None:
    save(config_dir / "settings.toml", Settings(language="es"))
    assert "Huida del Monte Gram" in run("games").stdout
    assert "Escape from Mount Gram" in run("games", TABLETOP_LANG="en").stdout
    save(config_dir / "settings.toml", Settings(language="en"))
    assert "Escape from Mount Gram" in run("games", LANG="es_ES.UTF-8").stdout  # the choice beats the locale
    save(config_dir / "settings.toml", Settings())  # automatic: the locale decides
    assert "Huida del Monte Gram" in run("games", LANG="es_ES.UTF-8").stdout


def test_spanish_help_does_not_import_textual() -> None:
    code = ("import sys\nsys.argv = ['tabletop', '--lang', 'es', '--help']\nfrom tabletop.cli import main\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
            "import json\nprint(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Opciones:" in done.stdout
    assert "textual" not in json.loads(done.stdout.strip().splitlines()[-1])


def test_lang_reads_no_settings_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--lang`` decides alone: ``tabletop --lang es --help`` does not read (or import) the settings."""
    from tabletop import cli
    from tabletop.text.language import language, set_language

    monkeypatch.setattr(cli, "remembered_language", lambda: pytest.fail("read the settings file"))
    try:
        assert cli._choose_language("es") == "es" and language() == "es"
    finally:
        set_language("en")


@pytest.mark.parametrize(("args", "spanish"), [
    (["new", "--foo"], "Error: No existe la opción: --foo (opciones posibles: --bot)"),
    (["verify"], "Error: Falta el argumento 'file'."),
    (["gmes"], "Error: No existe la orden 'gmes'. ¿Querías decir 'games'?"),
    (["new", "superinmundos", "--players", "x"], "Error: Valor no válido para '--players' / '-p': debe ser un número entero"),
    (["games", "extra"], "Error: Sobra en la orden: extra"),  # one or more: no number to agree with
])
def test_usage_errors_in_spanish_from_the_real_program(args: list[str], spanish: str) -> None:
    """Click's own messages: usage, the hint and the error, with exit status 2."""
    done = run("--lang", "es", *args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[0].startswith("Uso: ") and lines[1].startswith("Prueba '") and lines[1].endswith("para ver la ayuda.")
    assert lines[-1] == spanish, done.stderr
    english = run("--lang", "en", *args)
    assert english.returncode == 2 and "Try '" in english.stderr and "Error: " in english.stderr
    assert not any(word in english.stderr for word in ("Prueba", "Falta", "No existe", "Sobra", "Valor no"))


def test_the_error_catalog_translates_only_what_it_lists() -> None:
    from tabletop.cli_errors import translate

    assert translate("Error: Missing option '--game'.", "es") == "Error: Falta la opción '--game'."
    assert translate("Error: Something new from Click.", "es") == "Error: Something new from Click."
    assert translate("Error: Missing option '--game'.", "en") == "Error: Missing option '--game'."
