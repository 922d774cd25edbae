"""The ``tabletop`` command.

Kept light on purpose: only Typer is imported at start-up, so ``tabletop --help`` and the
headless commands answer fast and never load Textual; each command imports what it needs. Every
error a person can cause (unknown game, wrong player count, unreadable save) is one line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from . import typer_lean
from .completion import complete_bot, complete_game, complete_save, complete_variant, rejoin_bash_words
from .help_fast import remembered_language
from .text.shell import N_, _, ngettext

if TYPE_CHECKING:
    from .engine import Match
    from .paths import SavesFolder
    from .settings import Settings

app = typer.Typer(
    name="tabletop",
    help=N_("Card games for one keyboard: Superinmundos, Villainous, MSX Cards, Escape from Mount Gram."),
    no_args_is_help=False,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

typer_lean.install()  # a subcommand's -h does not build pydantic adapters for options left unset

_state: dict[str, Any] = {"saves_dir": None, "ascii": None, "settings": None, "settings_warning": None,
                          "lang": None}


def fail(message: str) -> NoReturn:
    """One line on stderr, exit status 2: how every user error ends. The message often quotes a
    file (its name, a field of it), so it is made terminal-safe first."""
    from .engine.safe_text import safe_text

    typer.echo(f"tabletop: {safe_text(message)}", err=True)
    raise typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"tabletop {__version__}")
        raise typer.Exit()


def _choose_language(explicit: str | None) -> str:
    """Set the table's language from ``--lang``, ``TABLETOP_LANG``, the setting, the locale. The
    settings file is read only when ``--lang`` does not decide (``--lang es --help`` reads none)."""
    from .text.language import detect, set_language

    lang = detect(explicit, setting=None if explicit else remembered_language())
    set_language(lang)
    return lang


def _bad_language(value: str) -> NoReturn:
    fail(_("--lang {value}: the language must be en or es").format(value=repr(value)))


def _lang(ctx: typer.Context, value: str | None) -> str | None:
    """Sets the language for the command; its subcommand's help is then translated too. ``main``
    has read it already, before parsing, so that ``--help`` (processed first) is translated: the
    option is not eager, because Typer would load Pydantic to check its value before the help."""
    from .cli_words import localize

    try:
        _choose_language(value)
    except ValueError:
        _bad_language(str(value))
    localize(ctx.find_root().command, ctx)
    _state["lang"] = value
    return value


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    saves_dir: Path | None = typer.Option(
        None, "--saves-dir", show_default=False,
        help=N_("Folder of save files. Default: $TABLETOP_SAVES, else saves_dir in the settings file, else "
                "./saves in a Tabletop checkout, else the user data folder.")),
    ascii_only: bool | None = typer.Option(None, "--ascii/--no-ascii", show_default=False,
                                           help=N_("Plain ASCII glyphs for simple terminals (default: the setting).")),
    lang: str | None = typer.Option(None, "--lang", callback=_lang, show_default=False,
                                    metavar="en|es",
                                    help=N_("Interface language, en or es. Default: $TABLETOP_LANG, else the "
                                            "language setting, else the locale (LANG), else English.")),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help=N_("Print the version and exit.")),
) -> None:
    """With no command, open the app on the main menu."""
    _state["saves_dir"] = saves_dir
    _state["ascii"] = ascii_only
    _state["settings"] = _state["settings_warning"] = None
    if ctx.invoked_subcommand is None:
        _run_app()


def _settings() -> "Settings":
    """The settings file, read once per command; a problem with it is one warning line on stderr."""
    if _state["settings"] is None:
        from . import paths, settings

        loaded = settings.load(paths.settings_file())
        if loaded.warning:
            typer.echo(_("tabletop: warning: {warning}").format(warning=loaded.warning), err=True)
        _state["settings"], _state["settings_warning"] = loaded.settings, loaded.warning
    return _state["settings"]  # type: ignore[no-any-return]


def _saves_folder() -> "SavesFolder":
    from .paths import resolve_saves_dir

    return resolve_saves_dir(_state["saves_dir"], _settings().saves_dir)


def _saves() -> Path:
    return _saves_folder().path


def _run_app(match: "Match | None" = None, path: Path | None = None) -> None:
    from . import paths
    from .ui.app import TabletopApp

    prefs = _settings()
    ascii_only = prefs.ascii if _state["ascii"] is None else _state["ascii"]
    tui = TabletopApp(saves_dir=_saves(), match=match, save_path=path, ascii_only=ascii_only,
                      settings=prefs, settings_path=paths.settings_file(),
                      language=_choose_language(_state["lang"]), settings_warning=_state["settings_warning"])
    try:
        tui.run()
    finally:  # however the app ended: the last autosave reaches the disk, or its failure is said
        tui.save_writer.flush()
        for line in tui.save_writer.take_errors():
            typer.echo(f"tabletop: {line}", err=True)


def _parse_pairs(items: list[str], what: str) -> list[tuple[str, str]]:
    pairs = []
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            fail(_("{what} {item} must look like KEY=VALUE").format(what=what, item=repr(item)))
        pairs.append((key.strip(), value.strip()))
    return pairs


def build_match(game_id: str, players: int | None, names: list[str], bots: list[str],
                seed: int | None, variants: list[str]) -> "Match":
    """Validate everything typed on the command line and start a match (exits 2 on bad input)."""
    from . import games
    from .engine import GameDataError, Match, Seat
    from .engine.safe_text import has_unsafe

    try:
        spec = games.spec(game_id)
    except games.UnknownGame:
        fail(_("unknown game {game} (games: {games})").format(game=repr(game_id), games=", ".join(sorted(games.specs()))))
    count = players if players is not None else max(len(names), spec.min_players)
    try:
        spec.check_players(count)
    except ValueError:
        span = (f"{spec.min_players}" if spec.min_players == spec.max_players
                else f"{spec.min_players}–{spec.max_players}")
        fail(_("{game} is for {span} {noun}, not {n}").format(game=_(spec.title), span=span,
                                                              noun=_(spec.player_noun), n=count))
    if len(names) > count:
        fail(ngettext("{n} names given for {count} player", "{n} names given for {count} players", count)
             .format(n=len(names), count=count))
    kinds = ["human"] * count
    for key, kind in _parse_pairs(bots, "--bot"):
        if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= count:
            fail(_("--bot seat {key} must be a seat number from 1 to {count}").format(key=repr(key), count=count))
        if kind not in spec.bots:
            fail(_("{game} has no {kind} bot (bots: {bots})").format(
                game=_(spec.title), kind=repr(kind), bots=", ".join(sorted(spec.bots))))
        kinds[int(key) - 1] = kind
    seats = []
    for i in range(count):
        default = _(spec.default_names[i % len(spec.default_names)])
        name = names[i] if i < len(names) else (_("Bot {n}").format(n=i + 1) if kinds[i] != "human" else default)
        if not name.strip() or len(name) > 40:
            fail(_("seat {n}: a name must have 1 to 40 characters").format(n=i + 1))
        if has_unsafe(name):
            fail(_("seat {n}: a name cannot hold control characters").format(n=i + 1))
        seats.append(Seat(name.strip(), kinds[i]))
    try:
        options = spec.resolve_options(dict(_parse_pairs(variants, "--variant")))
        return Match.start(games.game(game_id), seats, options, seed=seed)
    except (ValueError, GameDataError) as exc:
        fail(str(exc))


@app.command(help=N_("Start a game directly, skipping the menu."))
def new(
    game: str = typer.Argument(..., help=N_("Game id (see `tabletop games`)."), autocompletion=complete_game),
    players: int | None = typer.Option(None, "--players", "-p", help=N_("Number of seats.")),
    name: list[str] = typer.Option([], "--name", "-n", help=N_("Seat names in order (repeatable).")),
    bot: list[str] = typer.Option([], "--bot", "-b", help=N_("SEAT=KIND, e.g. 3=heuristic (repeatable)."),
                            autocompletion=complete_bot),
    seed: int | None = typer.Option(None, "--seed", help=N_("Seed for a replayable game.")),
    variant: list[str] = typer.Option([], "--variant", "-v", help=N_("KEY=VALUE game option (repeatable)."),
                                 autocompletion=complete_variant),
) -> None:
    """Start a game directly, skipping the menu."""
    match = build_match(game, players, name, bot, seed, variant)
    from .engine.saves import default_name, path_in

    _run_app(match, path_in(_saves(), default_name(game, _saves())))


@app.command(help=N_("Resume a saved game (checked before the app opens)."))
def resume(file: Path | None = typer.Argument(
        None, help=N_("Save file (default: the most recent)."), autocompletion=complete_save)) -> None:
    """Resume a saved game (checked before the app opens)."""
    if file is None:
        match, path = _latest_save()
    else:
        match, path = _load(file), file
    _run_app(match, path)


def _scan() -> list[Any]:
    """Every file of the saves folder, each checked in full as ``verify`` would."""
    from . import games
    from .engine.saves import SaveError, scan

    try:
        return scan(_saves(), games.game)
    except SaveError as exc:
        fail(str(exc))


def _latest_save() -> "tuple[Match, Path]":
    """The most recently played unfinished game that loads; unreadable or inconsistent files
    are skipped (``tabletop saves`` lists them with their reason), never an obstacle."""
    from . import games
    from .engine import GameDataError
    from .engine.saves import SaveError, load

    skipped = 0
    for info in _scan():
        if info.error:
            skipped += 1
            continue
        if info.finished:
            continue
        try:
            return load(info.path, games.game), info.path
        except SaveError:
            skipped += 1
        except GameDataError as exc:
            fail(str(exc))
    if skipped:
        fail(ngettext("no game to resume in {folder} ({n} unreadable file skipped, see `tabletop saves`)",
                      "no game to resume in {folder} ({n} unreadable files skipped, see `tabletop saves`)",
                      skipped).format(folder=_saves(), n=skipped))
    fail(_("no game to resume in {folder}").format(folder=_saves()))


def _load(path: Path) -> "Match":
    from . import games
    from .engine import GameDataError
    from .engine.saves import SaveError, load

    try:
        return load(path, games.game)
    except (SaveError, GameDataError) as exc:
        fail(str(exc))


@app.command(help=N_("Step through a saved game action by action, read-only (checked before the app opens)."))
def replay(file: Path = typer.Argument(..., help=N_("Save file to step through."),
                                       autocompletion=complete_save)) -> None:
    """Step through a saved game action by action, read-only (checked before the app opens)."""
    match = _load(file)
    from . import paths
    from .ui.replay_screen import ReplayApp

    prefs = _settings()
    ascii_only = prefs.ascii if _state["ascii"] is None else _state["ascii"]
    _choose_language(_state["lang"])
    ReplayApp(match, file, saves_dir=_saves(), ascii_only=ascii_only, settings=prefs,
              settings_path=paths.settings_file(), settings_warning=_state["settings_warning"]).run()


@app.command(help=N_("Play in a web browser: every tab gets its own table, all share the saves folder."))
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help=N_("Address to listen on (0.0.0.0: every network).")),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help=N_("Port to listen on.")),
    public_url: str | None = typer.Option(None, "--public-url",
                                          help=N_("The address browsers use, if not http://HOST:PORT.")),
) -> None:
    """Play in a web browser: every tab gets its own table, all share the saves folder."""
    from .serve import ServeError
    from .serve import serve as serve_app

    try:
        serve_app(_saves(), host=host, port=port, public_url=public_url, ascii_only=_state["ascii"],
                  lang=_state["lang"])
    except ServeError as exc:
        fail(str(exc))


@app.command(help=N_("List the save files: game, players, progress, last played."))
def saves() -> None:
    """List the save files: game, players, progress, last played."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .engine.safe_text import safe_text

    where = _saves_folder()
    folder = where.path
    infos = _scan()
    console = Console()
    source = _("(folder from {source})").format(source=where.source)
    if not infos:
        console.print(_("No saves in {folder}.").format(folder=safe_text(folder)), markup=False, highlight=False)
        console.print(source, markup=False, highlight=False)
        return
    # names, titles and paths come from files: made terminal-safe (scan does it for the fields),
    # shown as plain Text, never read as Rich markup
    table = Table(title=Text(_("Saves in {folder}").format(folder=safe_text(folder))))
    for column in (N_("game"), N_("players"), N_("progress"), N_("last played"), N_("file")):
        table.add_column(_(column))
    for info in infos:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.updated))
        from .text.render import summary_of

        progress = info.reason or (summary_of(info) + (" · " + _("finished") if info.finished else ""))
        cells = (_(info.title), info.players, progress, when, safe_text(info.path.name))
        table.add_row(*(Text(cell, style="red" if info.error and i in (0, 2) else "")
                        for i, cell in enumerate(cells)))
    bad = sum(1 for info in infos if info.error)
    if bad:
        # one English text, two Spanish ones: the verb agrees with {bad} there ("no se puede(n)")
        table.caption = Text(ngettext("{bad} of {n} files cannot be resumed (reason in 'progress')",
                                      "{bad} of {n} files cannot be resumed (reason in 'progress')",
                                      bad).format(bad=bad, n=len(infos)))
    console.print(table)
    console.print(source, markup=False, highlight=False)


@app.command("settings", help=N_("Where the settings file is, and the settings in effect."))
def show_settings() -> None:
    """Where the settings file is, and the settings in effect."""
    from dataclasses import asdict

    from . import paths
    from .settings import toml_value

    path = paths.settings_file()
    typer.echo(f"{path}" if path.exists() else _("{path} (not written yet: defaults)").format(path=path))
    for key, value in asdict(_settings()).items():
        typer.echo(f"  {key} = {toml_value(value)}")
    typer.echo(_("saves folder: {where}").format(where=_saves_folder().describe()))


@app.command(help=N_("Replay a save from its seed and check it reproduces the stored state."))
def verify(file: Path = typer.Argument(..., help=N_("Save file to check."), autocompletion=complete_save)) -> None:
    """Replay a save from its seed and check it reproduces the stored state."""
    from .engine.safe_text import safe_text
    from .text import render

    match = _load(file)
    n = len(match.actions)
    typer.echo(safe_text(ngettext("{file}: consistent — {game}, {n} action, {summary}",
                                  "{file}: consistent — {game}, {n} actions, {summary}", n).format(
        file=file, game=_(match.game.spec.title), n=n, summary=render.for_match(match).text(match.summary()))))


@app.command(help=N_("The games, their player counts, bots and variants."))
def games() -> None:
    """The games, their player counts, bots and variants."""
    from . import games as registry

    for spec in registry.specs().values():
        span = (str(spec.min_players) if spec.min_players == spec.max_players
                else f"{spec.min_players}-{spec.max_players}")
        typer.echo(f"{spec.id:<14} {_(spec.title)} ({span} {_(spec.player_noun)}) — {_(spec.summary)}")
        typer.echo(f"{'':<14} " + _("bots: {bots}").format(bots=", ".join(sorted(spec.bots)) or _("none")))
        for opt in spec.options:
            kind = "|".join(str(c) for c in opt.choices) if opt.kind == "choice" else opt.kind
            label = (_("{option} of seat {n}").format(option=_(opt.label), n=opt.seat + 1) if opt.seat is not None
                     else _(opt.label))
            typer.echo(f"{'':<14} --variant {opt.key}=<{kind}>  "
                       + _("{label} (default {default})").format(label=label, default=opt.default))


@app.command(help=N_("Play whole games bot against bot, headless, on every core; report win rates with 95% "
                     "intervals, game lengths, end reasons and the cards that decide wins."))
def simulate(
    game: str = typer.Argument(..., help=N_("Game id."), autocompletion=complete_game),
    n_games: int = typer.Option(100, "--games", "-g", min=1, help=N_("How many games.")),
    players: int | None = typer.Option(None, "--players", "-p", help=N_("Seats per game.")),
    bot: list[str] = typer.Option([], "--bot", "-b",
                                  help=N_("Bot kind for every seat, or SEAT=KIND (repeatable)."),
                                  autocompletion=complete_bot),
    seed: int = typer.Option(0, "--seed", help=N_("First seed; game i uses seed+i.")),
    variant: list[str] = typer.Option([], "--variant", "-v", help=N_("KEY=VALUE game option."),
                                 autocompletion=complete_variant),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1,
                                    help=N_("Worker processes (default: all cores). Same results for any number.")),
    vs: list[str] = typer.Option([], "--vs", help=N_(
        "Also play every seed with a change, and compare paired by seed (repeatable, all together "
        "make setup B): bot=KIND (every seat), bot:SEAT=KIND, option:KEY=VALUE. "
        "E.g. --vs bot=random, --vs option:easy_mode=true.")),
    vs_seat: int = typer.Option(1, "--vs-seat", min=1,
                                help=N_("Seat whose win rate difference A - B leads the comparison.")),
    report: Path | None = typer.Option(None, "--report",
                                       help=N_("Also write the report as a self-contained HTML page.")),
    as_json: bool = typer.Option(False, "--json", help=N_("Machine-readable output, no progress bar.")),
    think_ms: float | None = typer.Option(None, "--think-ms",
                                          help=N_("CPU milliseconds per decision for search bots (default: theirs).")),
    alternate: bool = typer.Option(False, "--alternate", help=N_(
        "Play every seed once per rotation of the seats' bots (a duel: once each way round), "
        "so every bot kind plays every seat equally; wins are also reported by bot kind.")),
) -> None:
    """Play whole games bot against bot, headless, on every core; report win rates with 95%
    intervals, game lengths, end reasons and the cards that decide wins."""
    from .engine import GameDataError
    from .simulate import SimulationError, default_jobs, run_simulation

    if report is not None and (report.is_dir() or not report.parent.is_dir()):
        fail(_("--report {path}: not a file in an existing folder").format(path=repr(str(report))))
    try:
        result = run_simulation(game, n_games, players, bot, seed, dict(_parse_pairs(variant, "--variant")),
                                progress=not as_json, jobs=jobs or default_jobs(), vs=vs, vs_seat=vs_seat,
                                think_ms=think_ms, alternate=alternate)
    except (SimulationError, GameDataError) as exc:
        fail(str(exc))
    if report is not None:
        from .simulate import write_html

        try:
            write_html(result, report)
        except OSError as exc:
            fail(f"--report {str(report)!r}: {exc.strerror or exc}")
    if as_json:
        typer.echo(json.dumps(result, indent=2, sort_keys=True))
    else:
        from .simulate import print_report

        print_report(result)


def _argv_language(argv: list[str]) -> str | None:
    """``--lang``'s value, read ahead of parsing (the help texts are translated before it)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def command() -> Any:
    """The Click command of ``app`` with its help in the language the command line asks for; a
    bad ``--lang`` is refused here, in one line, before any help is printed."""
    from .cli_words import localize

    asked = _argv_language(sys.argv[1:])
    try:
        _choose_language(asked)
    except ValueError:
        _choose_language(None)
        try:
            _bad_language(str(asked))
        except typer.Exit as exc:
            sys.exit(exc.exit_code)
    from . import cli_errors

    cli_errors.install()  # Click's usage errors in the same language
    return localize(typer.main.get_command(app))


def main() -> None:
    try:
        cut = rejoin_bash_words(os.environ)
        if cut is None:
            command()()
            return
        # bash completing after an "=": Typer's answers are trimmed to what bash replaces
        answers = io.StringIO()
        status: int | str | None = 0
        with contextlib.redirect_stdout(answers):
            try:
                command()()
            except SystemExit as exc:
                status = exc.code
        sys.stdout.write(cut(answers.getvalue()))
        sys.exit(status)
    except KeyboardInterrupt:
        sys.exit(130)
