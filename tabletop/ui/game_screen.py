"""``GameScreen``: the base every game's screen is built on.

It owns the session around the board: whose view is on screen, the curtain between hot-seat
players, bot turns, autosave after every action, ``ctrl+s``, ``ctrl+z`` undo, ``q`` to the menu,
``?`` help, the game-over card and the too-small-terminal message. A game's screen only composes
its board (``compose_board``) and redraws it from a view (``refresh_board``); it answers decisions
by calling ``self.act(action_id)``. Whatever the board does not handle, the decision panel does.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from rich.tree import Tree
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ..engine import Action, Decision, IllegalAction, Match, msg
from ..engine.autosave import DocumentEncoder, WriteBehind
from ..engine.safe_text import safe_text
from ..engine.saves import SaveError, path_in, same_game
from ..engine.state import Event
from ..text import language
from ..text.cards import card_name
from ..text.render import for_match
from ..text.shell import N_, _, ngettext
from .glyphs import glyphs
from .help import HelpScreen
from .steady import SteadyContainer, SteadyHorizontal, SteadyStatic, SteadyVertical
from .widgets import Curtain, DecisionPanel, DicePanel, LogView
from .widgets.curtain import RevealScreen
from .widgets.footer import Footer

CURTAIN_NEWS = 5
"""Public lines a curtain lists at most (the newest; the log keeps the rest)."""

_LONE_WRITER = WriteBehind()
"""The writer of a game screen hosted by an app without one of its own (``TabletopApp`` has one)."""


def save_writer(app: Any) -> WriteBehind:
    """The app's background save writer (``TabletopApp.save_writer``)."""
    writer = getattr(app, "save_writer", None)
    return writer if isinstance(writer, WriteBehind) else _LONE_WRITER


def flush_saves(app: Any) -> bool:
    """Wait until every autosave handed to the writer is on disk; each failure is a notification.
    True if none failed. Called where a player expects the file to be complete: leaving a game,
    saving under a name, going back to the menu."""
    writer = save_writer(app)
    writer.flush()
    errors = writer.take_errors()
    for line in errors:
        app.notify(line, title="Autosave", severity="error", markup=False)
    return not errors


class ResultScreen(ModalScreen[None]):
    """The end of a game: winners, scores, why."""

    BINDINGS = [Binding("enter,escape,q", "close", N_("back to menu"))]
    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen > Vertical { width: 70; height: auto; border: double $success; padding: 1 2; background: $panel; }
    ResultScreen .headline { text-style: bold; color: $success; text-align: center; margin-bottom: 1; }
    """

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        result = self.match.result()
        names = [s.name for s in self.match.seats]
        if result is None:
            headline, lines = _("Game over"), ""
        else:
            words = for_match(self.match)
            winners = [names[w] for w in result.winners]
            headline = (ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(names=words.join(winners))
                        if winners else _("No winner"))
            lines = "\n".join(f"{names[i]:<16} {score:g}" for i, score in enumerate(result.scores))
            lines = f"{words.text(result.reason)}\n\n{lines}"
            used = sum(self.match.hints.values())
            if used:
                lines += "\n\n" + words.text(msg("hint.used", n=used))
        with Vertical():
            yield Static(headline, classes="headline")
            yield Static(lines)
            yield Static("\n" + _("Enter: back to the menu"), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def view_tree(view: dict[str, Any], face: Any) -> Tree:
    """A view as a Rich tree: nested records become branches, card ids become compact cards."""

    def card_label(value: str) -> str:
        try:
            f = face(value)
        except Exception:  # any id a game does not know is shown as it is
            return value
        return f.compact() if f.title != value else value

    def add(node: Tree, key: str, value: Any, depth: int) -> None:
        label = Text(f"{key}: ", style="bold")
        if isinstance(value, dict):
            branch = node.add(label)
            for k, v in value.items():
                add(branch, str(k), v, depth + 1)
        elif isinstance(value, list) and value and all(isinstance(v, (dict, list)) for v in value):
            branch = node.add(label + Text(f"({len(value)})", style="dim"))
            for i, v in enumerate(value):
                add(branch, str(i + 1), v, depth + 1)
        elif isinstance(value, list):
            node.add(label + Text(" · ".join(card_label(v) if isinstance(v, str) else str(v) for v in value)
                                  or "—"))
        else:
            node.add(label + Text(card_label(value) if isinstance(value, str) else str(value)))

    tree = Tree(Text(_("Table"), style="bold underline"), guide_style="dim")
    for key, value in view.items():
        add(tree, str(key), value, 0)
    return tree


class SaveAs(ModalScreen[str | None]):
    """Ask for a save name; the caller sanitises it into the saves folder."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]
    DEFAULT_CSS = """
    SaveAs { align: center middle; }
    SaveAs > Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    """

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Save as (Enter to save, Esc to cancel)"))
            yield Input(self.current, id="save-name", max_length=60)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class GameScreen(Screen[None]):
    """Subclass per game; override ``compose_board`` and ``refresh_board`` (and ``HELP_KEYS``)."""

    BINDINGS = [
        Binding("question_mark", "help", N_("help")),
        Binding("ctrl+s", "save", N_("save")),
        Binding("ctrl+z", "undo", N_("undo")),
        Binding("h", "hint", N_("hint")),
        Binding("q", "leave", N_("menu")),
        Binding("tab", "focus_next", N_("next pane"), show=False),
    ]
    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #title { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; text-style: bold; }
    GameScreen #ask { height: auto; max-height: 4; padding: 0 1; text-style: bold; background: $boost; }
    GameScreen #play { height: 1fr; }
    GameScreen #main { height: 1fr; }
    GameScreen #board { width: 1fr; }
    GameScreen #side { width: 40; }
    GameScreen #side LogView { height: 1fr; }
    GameScreen #decision { dock: bottom; }
    GameScreen #too-small { display: none; height: 1fr; content-align: center middle; text-style: bold; color: $warning; }
    GameScreen.-too-small #play { display: none; }
    GameScreen.-too-small #too-small { display: block; }
    GameScreen #generic { padding: 0 1; }
    """
    MIN_WIDTH: ClassVar[int] = 100
    MIN_HEIGHT: ClassVar[int] = 30
    SHOW_DICE: ClassVar[bool] = True
    HELP_KEYS: ClassVar[str] = ""
    READ_ONLY: ClassVar[bool] = False
    """A replay: nobody acts, so no seat is ever offered its decision (see ``ui.replay_screen``)."""
    REVEAL_KINDS: ClassVar[frozenset[str] | None] = None
    """Kinds of private events shown at once to a human seat that did not cause them (a hand
    revealed to him, the card taken from him); ``None``: every private event. Games leave out the
    kinds that only repeat what the seat's own view shows anyway (its own draws)."""

    def __init__(self, match: Match, save_path: Any = None, *, ascii_only: bool = False,
                 animate: bool = True, bot_delay: float = 0.35) -> None:
        super().__init__()
        self.match = match
        self.words = for_match(match)
        """Every text of this table: the rules' messages and log events in the current language."""
        self.save_path = save_path
        self.ascii_only = ascii_only
        self.animate = animate
        self.bot_delay = bot_delay
        self.viewer: int | None = None
        self._bot_pending = False
        self._thinking: int | None = None
        """The step a search bot is thinking about in a worker thread (``None``: no bot thinks)."""
        self._over_shown = False
        self._curtain_up = False
        self.last_hint: Any = None
        """The last hint shown (``engine.hints.Hint``), for tests and the help line."""
        self._focused_at: tuple[int, int | None] | None = None
        log = match.state.log
        self._resumed = bool(match.actions)
        self._session_start = len(log) if self._resumed else 0
        """Where this session's news begins: a resumed game's old events are not news."""
        self._seen_log: dict[int, int] = {}
        """Per seat, the log length when the keyboard last left that seat (its curtain news starts there)."""
        self._dispatched = len(log)
        """The log events up to here were looked at for private reveals."""
        self._reveals: dict[int, list[Event]] = {}
        """Private events waiting to be shown to their (human) seat, behind its own curtain."""
        self._recap_at: int | None = None  # how much of the log has been looked at for recaps
        self._recaps: list[tuple[str, str]] = []  # recaps waiting for the curtain to lift
        self._encoder = DocumentEncoder()

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # the frame every game shares hands out its last lines while unchanged: the compositor
        # asks every visible widget for them on every cursor key (issue #15)
        yield SteadyStatic(id="title")
        yield SteadyStatic(id="ask")
        with SteadyContainer(id="play"):
            with SteadyHorizontal(id="main"):
                with SteadyVertical(id="board"):
                    yield from self.compose_board()
                with SteadyVertical(id="side"):
                    if self.SHOW_DICE:
                        yield DicePanel(ascii_only=self.ascii_only, animate=self.animate, id="dice")
                    yield LogView(id="log")
            yield DecisionPanel(ascii_only=self.ascii_only, id="decision")
        yield Static(id="too-small")
        yield Footer()

    def compose_board(self) -> ComposeResult:
        """The game's board. The default shows the view as data, for games without a board."""
        with VerticalScroll(id="generic"):
            yield Static(id="generic-view")

    def refresh_board(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        """Redraw the board from ``view`` (already redacted for ``self.viewer``). The default draws
        the view as a readable tree, with card ids shown as their compact faces."""
        shown = {k: v for k, v in view.items() if k != "log"}
        self.query_one("#generic-view", Static).update(view_tree(shown, self.match.game.face))

    # -- the session ----------------------------------------------------------------------------
    @property
    def spec(self) -> Any:
        return self.match.game.spec

    def curtain_enabled(self) -> bool:
        if not self.spec.hidden_info:
            return False
        off = self.spec.curtain_off_option
        if off is not None and self.match.options.get(off):
            return False
        # the players' setting (app.curtain_default) can turn the game's default off, not a game option
        default = self.spec.curtain_default and getattr(self.app, "curtain_default", True)
        return bool(self.match.options.get("curtain", default))

    def on_mount(self) -> None:
        self._check_size()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size
        small = width < self.MIN_WIDTH or height < self.MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(
                _("The terminal is {width}×{height}; {game} needs at least {min_width}×{min_height}.\n"
                  "Enlarge the window (or shrink the font). q: menu").format(
                    width=width, height=height, game=_(self.spec.title), min_width=self.MIN_WIDTH,
                    min_height=self.MIN_HEIGHT))

    def advance(self) -> None:
        """Move the session on after any change: end card, reveals, bot turn, curtain, or redraw."""
        decision = self.match.decision()
        if decision is None:
            self._reveals.clear()  # the game is over: every hand is moot
            if self.viewer is None and self.spec.hidden_info:
                self.viewer = self._last_human()
            self.refresh_all()
            if not self._over_shown:
                self._over_shown = True
                self.app.push_screen(ResultScreen(self.match), lambda _: self.action_leave())
            return
        if self._reveals:
            self._next_reveal(decision)
            return
        seat = self.match.seats[decision.seat]
        if seat.is_bot:
            self.refresh_all()
            if not self._bot_pending:
                self._bot_pending = True
                self.set_timer(self.bot_delay, self._bot_step) if self.bot_delay else self.call_later(self._bot_step)
            return
        if decision.seat != self.viewer:
            needs_curtain = self.curtain_enabled() and (self.viewer is not None or not self._curtain_shown_once())
            if needs_curtain:
                self._raise_curtain(decision.seat)
                return
            self.viewer = decision.seat
        self.refresh_all()

    def _curtain_shown_once(self) -> bool:
        return getattr(self, "_curtain_once", False)

    def _last_human(self) -> int | None:
        humans = [i for i, s in enumerate(self.match.seats) if not s.is_bot]
        return humans[0] if len(humans) == 1 else None

    # -- what the incoming player is told -------------------------------------------------------
    def _secret_names(self) -> set[str]:
        """Titles of the cards a spectator must not see now (to keep them off the curtain)."""
        names = set()
        game = self.match.game
        for card in game.secrets(self.match.state, None):
            try:
                title = game.face(card).title
            except Exception:  # an id the game cannot draw has no name to leak
                continue
            names.add(title)
            names.add(card_name(game.spec.id, title, language()))  # the name the screen shows
        return {n for n in names if n}

    def curtain_headline(self, seat: int, reveal: bool) -> str:
        """What ``seat`` is about to do: its decision's prompt (a public fact; dropped if it ever
        named a hidden card), or why it is called to the keyboard when it is not its turn."""
        decision = self.match.decision()
        if reveal and (decision is None or decision.seat != seat):
            return _("Not your turn: a card was shown to you only. Read it, then pass the keyboard back.")
        if decision is None or decision.seat != seat:
            return ""
        name = self.match.seats[seat].name
        prompt = self.words.text(decision.prompt)
        for sep in (": ", " "):  # "Luis: attack or withdraw", "Luis to play": the name is said once
            if prompt.startswith(name + sep):
                prompt = prompt[len(name) + len(sep):]
                break
        if any(n in prompt for n in self._secret_names()):
            prompt = ""
        head = (_("{name} — your turn: {prompt}") if prompt else _("{name} — your turn")).format(name=name, prompt=prompt)
        return head + (" " + _("(a card was shown to you: you read it first)") if reveal else "")

    def curtain_news(self, seat: int) -> list[str]:
        """The public events since the keyboard last left ``seat`` (this session only), newest last."""
        log = self.match.state.log
        start = min(self._seen_log.get(seat, self._session_start), len(log))
        public = self.words.events([e for e in log[start:] if "to" not in e])
        if len(public) > CURTAIN_NEWS:
            skipped = len(public) - CURTAIN_NEWS + 1
            earlier = ngettext("({n} earlier event: see the log)", "({n} earlier events: see the log)", skipped)
            public = [earlier.format(n=skipped)] + public[-(CURTAIN_NEWS - 1):]
        return public

    def _raise_curtain(self, seat: int, reveal: list[Event] | None = None) -> None:
        self._curtain_once = True
        leaving = self.viewer
        if leaving is not None:
            self._seen_log[leaving] = len(self.match.state.log)
        self.viewer = None
        self.refresh_all()  # nothing private behind the curtain
        self.app.clear_notifications()  # a toast may name a card of the player who just left
        self._curtain_up = True
        if seat in self._seen_log:
            since = _("Since your last turn:")
        else:
            since = _("Since the game was resumed:") if self._resumed else _("Since the game began:")
        headline = self.curtain_headline(seat, reveal is not None)
        news = self.curtain_news(seat)
        if self._resumed and not self._seen_log:
            summary = self.words.text(self.match.summary())
            resumed = _("{game} resumed · {summary}").format(game=_(self.spec.title), summary=summary)
            headline = resumed + (f"\n{headline}" if headline else "")

        def lifted(ready: bool | None) -> None:
            self._curtain_up = False
            if ready:
                self.viewer = seat
                self.refresh_all()
                if reveal:
                    self._show_reveal(seat, reveal)
            else:
                self.action_leave()

        self.app.push_screen(Curtain(self.match.seats[seat].name, headline, news, ascii_only=self.ascii_only,
                                     since=since), lifted)

    # -- private reveals to a seat not at the keyboard ------------------------------------------
    def reveal_for(self, event: Event, seat: int) -> bool:
        """Whether this private event must be shown to ``seat`` at once (``seat`` did not cause it).
        Games refine it through ``REVEAL_KINDS`` (or by overriding this)."""
        return self.REVEAL_KINDS is None or event.get("k") in self.REVEAL_KINDS

    def _collect_reveals(self, actor: int | None) -> None:
        """Queue the private events the last action wrote for human seats other than its actor."""
        log = self.match.state.log
        start = min(self._dispatched, len(log))
        self._dispatched = len(log)
        for event in log[start:]:
            for seat in event.get("to", ()):
                if seat == actor or not 0 <= seat < len(self.match.seats) or self.match.seats[seat].is_bot:
                    continue
                if self.reveal_for(event, seat):
                    self._reveals.setdefault(seat, []).append(event)

    def _next_reveal(self, decision: Decision) -> None:
        """Show one seat its reveals: the seats who are not deciding first (they hand the keyboard
        back), the deciding seat last (its own curtain is needed anyway)."""
        seat = min(self._reveals, key=lambda s: (s == decision.seat, s))
        events = self._reveals.pop(seat)
        self.match.forget_undo()  # what another seat has seen cannot be taken back
        if self.viewer == seat or not self.curtain_enabled():
            self._show_reveal(seat, events)
        else:
            self._raise_curtain(seat, events)

    def _show_reveal(self, seat: int, events: list[Event]) -> None:
        decision = self.match.decision()
        your_turn = decision is not None and decision.seat == seat
        self.app.push_screen(RevealScreen(self.match.seats[seat].name, self.words.events(events),
                                          ascii_only=self.ascii_only, your_turn=your_turn),
                             lambda _: self.advance())

    def _bot_step(self) -> None:
        self._bot_pending = False
        if not self.is_attached or not self.match.bot_to_move() or self._thinking is not None:
            return
        decision = self.match.decision()
        if decision is not None and len(self.match.legal()) > 1 and \
                getattr(self.match.bot(decision.seat), "uses_state", False):
            self._think(decision)
            return
        self.match.bot_step()
        self._bot_played(decision)

    def _bot_played(self, decision: Decision | None) -> None:
        self._collect_reveals(decision.seat if decision is not None else None)
        self.autosave()
        self.advance()

    def _bot_note(self, is_bot: bool) -> str:
        if not is_bot:
            return ""
        return " " + (_("(bot, thinking…)") if self._thinking is not None else _("(bot)"))

    def _think(self, decision: Decision) -> None:
        """A search bot chooses in a worker thread, on a copy of the state, so the screen stays
        responsive (``q``, ``ctrl+s``, scrolling) while it thinks; its answer is played back here
        only if the game is still at the step it thought about."""
        from ..engine.bots import bot_rng

        match = self.match
        bot = match.bot(decision.seat)
        state = match.game.clone(match.state)
        actions = match.legal()
        rng = bot_rng(match.seed, state.step, decision.seat)
        self._thinking = state.step
        self.refresh_all()

        def work() -> None:
            from textual.worker import get_current_worker

            worker = get_current_worker()
            action = bot.choose(match.game, {}, decision, actions, rng, state=state,  # type: ignore[union-attr]
                                stop=lambda: worker.is_cancelled or not self.is_attached)
            if not worker.is_cancelled and self.is_attached:
                try:
                    self.app.call_from_thread(self._thought, state.step, action, decision)
                except RuntimeError:  # the app closed while the bot thought
                    pass

        self.run_worker(work, thread=True, exclusive=True, group="search-bot", exit_on_error=False)

    def _thought(self, step: int, action_id: str, decision: Decision) -> None:
        self._thinking = None
        if not self.is_attached:
            return
        if self.match.state.step != step or not self.match.bot_to_move():
            self.advance()  # the game moved on meanwhile (a load, say): think again from here
            return
        self.match.play(action_id)
        self._bot_played(decision)

    def act(self, action_id: str) -> bool:
        """Play an action for the seat on screen; a refusal is shown, never raised."""
        decision = self.match.decision()
        if decision is None or decision.seat != self.viewer or self._curtain_up:
            return False
        try:
            self.match.play(action_id)
        except IllegalAction as exc:
            self.notify(str(exc), title=_("Not allowed"), severity="warning")
            return False
        except Exception as exc:  # a rules bug must not crash the table; the state was restored
            self.notify(_("The rules failed on {action} ({error}); nothing changed.").format(
                action=repr(action_id), error=f"{type(exc).__name__}: {exc}"), title=_("Internal error"), severity="error")
            return False
        self._collect_reveals(decision.seat)
        self.autosave()
        self.advance()
        return True

    def autosave(self) -> None:
        """Hand the save document of the match as it is now to the app's background writer and
        return at once: the key path never waits on the disk (``engine.autosave``). The writer
        reports a failed write as a notification; ``flush_saves`` waits for the file."""
        if self.save_path is None:
            return
        save_writer(self.app).submit(Path(self.save_path), self._encoder.encode(self.match))

    # -- drawing --------------------------------------------------------------------------------
    def refresh_all(self) -> None:
        view = self.match.view(self.viewer)
        decision = self.match.decision()
        mine = (not self.READ_ONLY and decision is not None and decision.seat == self.viewer
                and not self._curtain_up)
        actions = self.match.legal() if mine else []
        self.query_one("#title", Static).update(self.title_line(decision))
        self.query_one("#ask", Static).update(self.decision_line(decision, mine))
        events = view.get("log", [])
        self.query_one("#log", LogView).show(events, words=self.words)
        if self.SHOW_DICE:
            self.query_one("#dice", DicePanel).show(events)
        panel = self.query_one("#decision", DecisionPanel)
        if decision is None:
            panel.show(None, [], _("Game over"))
        elif mine:
            panel.show(decision, actions)
        else:
            who = self.match.seats[decision.seat]
            panel.show(decision, [], _("Waiting for {name}").format(name=who.name) + self._bot_note(who.is_bot))
        self.refresh_board(view, decision if mine else None, actions)
        self._show_recaps()
        if mine and self._focused_at != (self.match.state.step, self.viewer):
            self._focused_at = (self.match.state.step, self.viewer)
            self.focus_default()

    # -- recaps between rounds / battles ----------------------------------------------------------
    def recap(self, events: list[dict[str, Any]]) -> tuple[str, str] | None:
        """A short public recap (title, text) of what ``events`` (new public log events, oldest
        first) ended: a battle, a round. Games with rounds or battles override it; the base
        shows it as a toast once the seat at the keyboard can read it (after any curtain)."""
        return None

    def _show_recaps(self) -> None:
        log = self.match.state.log
        if self._recap_at is None or self._recap_at > len(log):  # a new screen, a resume, an undo
            self._recap_at = len(log)
        new = [e for e in log[self._recap_at:] if "to" not in e]
        self._recap_at = len(log)
        found = self.recap(new) if new else None
        if found:
            self._recaps.append(found)
        if self._recaps:
            self.call_later(self._flush_recaps)  # after a curtain that is going up now, if any

    def _flush_recaps(self) -> None:
        if self._curtain_up or not self.is_attached:
            return  # kept for the next seat: shown when the curtain lifts
        for title, text in self._recaps:
            self.notify(text, title=title, timeout=10)
        self._recaps.clear()

    def focus_default(self) -> None:
        """Where the keyboard goes when a decision arrives; boards may prefer their hand row."""
        self.query_one("#decision", DecisionPanel).focus()

    def decision_line(self, decision: Decision | None, mine: bool) -> Text:
        """Who must decide what, whole: its own line under the header, wrapping rather than cut
        (a header that runs out of room loses its end, and the end used to be the decision)."""
        pointer = glyphs(self.ascii_only)["pointer"]
        if decision is None:
            return Text(f"{pointer} " + _("Game over"), style="bold")
        seat = self.match.seats[decision.seat]
        prompt = self.words.text(decision.prompt)
        if not prompt.startswith(seat.name):
            prompt = f"{seat.name}: {prompt}"
        text = Text(f"{pointer} ")
        if not mine:
            waiting = _("waiting for {name}").format(name=seat.name)
            text.append(waiting + self._bot_note(seat.is_bot) + " · ", style="italic")
        text.append(prompt)
        return text

    def title_line(self, decision: Decision | None) -> Text:
        text = Text()
        text.append(_(self.spec.title), style="bold")
        text.append(f" · {self.words.text(self.match.summary())}")
        if decision is None:  # the decision itself is on the line below (decision_line), whole
            text.append(" · " + _("game over"), style="bold green")
        return text

    # -- keys -----------------------------------------------------------------------------------
    def on_decision_panel_chosen(self, message: DecisionPanel.Chosen) -> None:
        self.act(message.action_id)

    def on_key(self, event: events.Key) -> None:
        """1-9 choose from the decision list wherever the focus is (the help and README promise
        it), not only while the list itself has the keyboard. Screens with their own ``on_key``
        (Textual calls every class's handler) keep handling digits themselves."""
        if type(self).on_key is not GameScreen.on_key or self.has_class("-too-small"):
            return  # (nothing is played blind while the board is hidden)
        char = event.character
        if not char or not char.isdigit() or char == "0":
            return
        panel = self.query_one("#decision", DecisionPanel)
        if self.focused is panel:
            return  # the panel answers its own digits
        index = int(char) - 1
        if index < len(panel.actions):
            event.stop()
            panel.highlighted = index
            self.act(panel.actions[index].id)

    def action_focus_next(self) -> None:
        """tab: the next pane (boards override it with their own order)."""
        self.focus_next()

    def action_hint(self) -> None:
        """What the strongest bot would do here for the seat on screen, and why (``ui.hints``)."""
        from .hints import ask_hint

        ask_hint(self)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.spec.title, self.HELP_KEYS, rules_file=self.spec.rules_file))

    def action_save(self) -> None:
        """Save under a name typed by the player (kept inside the saves folder)."""
        folder = getattr(self.app, "saves_dir", None)
        current = Path(self.save_path).stem if self.save_path else self.spec.id

        def save_to(target: Path) -> None:
            self.save_path = target
            self.autosave()
            if flush_saves(self.app):  # the player was told "saved": it is on disk
                self.notify(_("Saved to {path}").format(path=safe_text(target)), title=_("Saved"), markup=False)

        def chosen(name: str | None) -> None:
            if name is None:
                return
            try:
                target = path_in(folder, name) if folder is not None else Path(self.save_path)
            except SaveError as exc:
                self.notify(safe_text(exc), severity="error", markup=False)
                return
            current_path = Path(self.save_path).resolve() if self.save_path else None
            if (target != current_path and os.path.lexists(target)
                    and not same_game(target, self.match)):
                # another game's file (or one that cannot be read): replace it only after a yes
                from .menus import Confirm

                question = _("{file} is another game's save. Replace it (and its backup)?").format(
                    file=safe_text(target.name))
                self.app.push_screen(Confirm(question), lambda yes: save_to(target) if yes else None)
                return
            save_to(target)

        self.app.push_screen(SaveAs(current), chosen)

    def action_undo(self) -> None:
        if self.match.undo():
            self._dispatched = len(self.match.state.log)  # the undone action's events are gone
            self.autosave()
            self.notify(_("Undone."))
            self.refresh_all()
        else:
            self.notify(_("Nothing to undo this turn (undo stops at rolls, draws and the end of a turn)."),
                        severity="warning")

    def retranslate(self) -> None:
        """After a language switch: every text of the table drawn anew (the board too)."""
        self._check_size()
        self.query_one("#decision", DecisionPanel).border_title = ""
        self.refresh_all()

    def action_leave(self) -> None:
        self.autosave()
        flush_saves(self.app)
        if self.app.screen is self:
            self.app.pop_screen()
        else:
            self.dismiss()
