"""The MSX Cards screen: the enemy (or the Boss and its T1-T8 track) above your fighter, the dice
with their arithmetic in the centre, the Pentagon above the log, and panels for the draft, the
Boss choice, the Bonus and Extra screens, a World intro card and the end of the run.

| Key | Action |
| :- | :- |
| r | attack (battle, Boss duel); roll (Bonus and Extra screens) |
| c | choose a capsule; c again (or Enter) uses it, then attacks |
| left/right | move between your lit capsules |
| escape | put the capsule back |
| p | the Pentagon in full |
| b | best runs (the table in the saves folder) |

Everything is drawn from ``view`` (spec §4-§13), built once per redraw; moving the capsule cursor
redraws from that cached view without asking the rules again. Every word goes through the table's
renderer ``self.words`` (the rules' messages, card names, the screen's own ``ui.*`` texts). Colour
always comes with a race letter (Y yellow, G green, B brown, S blue, R red), a word or a glyph.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tabletop.engine import Action, Decision
from tabletop.text.render import Renderer
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.glyphs import glyphs
from tabletop.ui.help import HelpScreen, rules_text

from . import records
from .text import cap_name, commas
from .widgets import (
    RACE_STYLE,
    Drawn,
    MsxDice,
    ascii_str,
    ascii_text,
    boss_text,
    explain_rolls,
    fighter_text,
    num,
    pentagon_text,
    pips,
    race_tag,
    ui,
)

ROLL_KINDS = ("act", "bonus", "extra")


def _tenths(x: float) -> dict[str, Any]:
    """``2.3`` as a message (one decimal, whatever the language's separator)."""
    tenths = round(x * 10)
    return {"k": "x.decimal", "i": tenths // 10, "d": tenths % 10}


def _mean_damage(die: int, a: int, d: int) -> float:
    from .odds import damage_dist, mean

    return mean(damage_dist(die, a, d))


def _duel_odds(v: dict[str, Any]) -> dict[str, float]:
    """Your kept fighter's chance to get through each of the Boss's sets, without a capsule."""
    from .cards import catalogue
    from .odds import duel_win

    you = v.get("you")
    if not you:
        return {}
    try:
        data = catalogue()
        boss = data.bosses[data.worlds[v["world"]["id"]]["boss"]]
        vit = int(you["vitality"]) + int(v.get("pending_bonus") or 0)
        return {k: duel_win(you["id"], vit, int(v["world"]["die"]), boss[k]) for k in ("white", "grey")}
    except (KeyError, TypeError, ValueError):  # odds are a courtesy; the rules may still be moving
        return {}


# -- modal screens ---------------------------------------------------------------------------------------
class _Card(ModalScreen[None]):
    """A centred card closed with Enter or Esc (and its own key)."""

    BINDINGS = [Binding("enter,escape,space", "close", "close")]
    DEFAULT_CSS = """
    _Card { align: center middle; }
    _Card > VerticalScroll { width: 84; max-width: 95%; height: auto; max-height: 90%;
        border: double $accent; padding: 1 2; background: $panel; }
    _Card .headline { text-style: bold; color: $accent; text-align: center; margin-bottom: 1; }
    _Card .hint { text-style: italic; color: $text-muted; margin-top: 1; }
    """

    def __init__(self, headline: str, body: RenderableType, hint: str) -> None:
        super().__init__()
        self.headline, self.body, self.hint = headline, body, hint

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.headline, classes="headline")
            yield Static(self.body, classes="body")
            yield Static(self.hint, classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class WorldIntro(_Card):
    """The World's card: its die, Boss, Bonus screen and Pentagon, shown as you arrive."""


class PentagonDetail(_Card):
    BINDINGS = [Binding("p", "close", "close")]


class BestRuns(_Card):
    BINDINGS = [Binding("b", "close", "close")]


class RunOver(_Card):
    """Mission complete or game over: why, how far, and the best-runs table."""

    BINDINGS = [Binding("q", "close", "menu")]
    DEFAULT_CSS = """
    RunOver > VerticalScroll { border: double $success; }
    RunOver.-lost > VerticalScroll { border: double $error; }
    """


def runs_table(table: dict[str, list[dict[str, Any]]], first: str | None, mark: tuple[str, int] | None,
               ascii_only: bool, words: Renderer) -> RenderableType:
    if not any(table.values()):
        return Text(ui(words, "no_runs"), style="dim italic")
    order = sorted(table, key=lambda m: (m != first, m))
    parts: list[RenderableType] = []
    g = glyphs(ascii_only)
    for mission in order:
        runs = table[mission]
        if not runs:
            continue
        t = Table(title=f"{words.term(mission)} ({mission})", title_style="bold", expand=True,
                  show_edge=False, pad_edge=False, box=box.ASCII if ascii_only else box.SIMPLE_HEAD)
        t.add_column("#", justify="right", width=3)
        t.add_column(ui(words, "col_player"))
        t.add_column(ui(words, "col_worlds"), justify="right")
        t.add_column("")
        t.add_column(ui(words, "col_date"))
        for i, run in enumerate(runs, start=1):
            here = mark is not None and mark == (mission, i)
            t.add_row(f"{g['pointer'] if here else ''}{i}", run["name"], str(run["worlds"]),
                      Text(f"{g['star']} {ui(words, 'complete')}", style="bold green") if run.get("complete") else "",
                      run["date"], style="bold reverse" if here else "")
        parts.append(t)
        parts.append(Text(""))
    return Group(*parts)


# -- the screen -------------------------------------------------------------------------------------------
class MsxScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    SHOW_DICE: ClassVar[bool] = False  # the dice live in the centre column (see compose_board)
    HELP_KEYS: ClassVar[str] = (
        "| r | attack (battle and Boss duel); roll on the Bonus and Extra screens |\n"
        "| c | choose a capsule; c again (or Enter) uses it, then attacks |\n"
        "| ← / → | move between your lit capsules |\n"
        "| Esc | put the capsule back (attack without it) |\n"
        "| p | the Pentagon in full: cells, events, where an event would send the visitor |\n"
        "| b | best runs (per Mission, from the saves folder) |\n"
        "| 1-9 | the numbered choices below: draft, Boss fighter, capsules |\n"
    )
    BINDINGS = [
        Binding("r", "roll", "roll/attack"),
        Binding("c", "capsule", "capsule"),
        Binding("left", "capsule_move(-1)", "capsule", show=False),
        Binding("right", "capsule_move(1)", "capsule", show=False),
        Binding("escape", "capsule_cancel", "no capsule", show=False),
        Binding("p", "pentagon", "pentagon"),
        Binding("b", "best_runs", "best runs"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view: dict[str, Any] = {}
        self._actions: list[Action] = []
        self._decision: Decision | None = None
        """The decision of the seat at the keyboard as last drawn (``None``: not its turn)."""
        self._cap: str | None = None
        self._cap_armed = False
        self._intro_for: int | None = None
        self._before_act: list[dict[str, Any]] | None = None
        self._exchange = 0
        self._dice_key: tuple[Any, ...] = ()
        self._finished_at_start = self.match.decision() is None

    # -- layout -------------------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with Horizontal(id="msx"):
            with Vertical(id="msx-left"):
                yield Drawn(ascii_only=self.ascii_only, id="enemy-panel", classes="panel")
                yield Drawn(ascii_only=self.ascii_only, id="tally")
                yield Drawn(ascii_only=self.ascii_only, id="you-panel", classes="panel")
            with Vertical(id="msx-centre"):
                yield Drawn(ascii_only=self.ascii_only, id="stage", classes="panel")
                yield MsxDice(ascii_only=self.ascii_only, animate=self.animate, id="dice")

    async def on_mount(self) -> None:
        # The Pentagon goes in the right column, above the log (the base runs its own on_mount next).
        side = self.query_one("#side")
        await side.mount(Drawn(ascii_only=self.ascii_only, id="pentagon", classes="panel"), before=0)
        self.set_class(self.ascii_only, "-ascii")

    # -- drawing ------------------------------------------------------------------------------------------
    def ui(self, key: str, **args: Any) -> str:
        """One of this screen's texts (``ui.<key>`` in the msx_cards catalog), in the table's language."""
        return ui(self.words, key, **args)

    def title_line(self, decision: Decision | None) -> Text:
        """Drawn with the board (``refresh_board`` has the view): here, the last title as it was."""
        return self._title if hasattr(self, "_title") else Text("")

    def _title_text(self, v: dict[str, Any]) -> Text:
        w, m = v["world"], v["mission"]
        text = Text()
        text.append("MSX Cards", style="bold")
        text.append(" · " + self.ui("title_mission", mission_term=m["id"]) + " · ")
        text.append(self.ui("title_world", number=w["number"], worlds=m["worlds"], world_term=w["id"], die=w["die"]),
                    style="bold")
        if v["mode"] == "boss" and v.get("boss"):
            text.append(" · " + self.ui("boss_duel_step", step=min(8, v["boss"]["step"])), style="bold magenta")
        text.append(" · " + self.ui("tally", wins=v["victories"], losses=v["losses"]))
        # the decision has its own line under the header (GameScreen.decision_line), never cut
        if v["phase"] == "over" and v.get("outcome") == "won":
            text.append(" · " + self.ui("mission_complete_short"), style="bold green")
        elif v["phase"] == "over":
            text.append(" · " + self.ui("game_over_short"), style="bold red")
        return ascii_text(text) if self.ascii_only else text

    def recap(self, events: list[dict[str, Any]]) -> tuple[str, str] | None:
        """The beat of a battle's end: who fell, what is left, the tally (a victory used to pass
        with one log line among the dice). Read from the events and the view just drawn."""
        ends = [e for e in events if e["k"] in ("defeat", "boss_destroyed", "mission_complete", "game_over")]
        if not ends:
            return None
        v = self._view or self.match.view(self.viewer)
        you = v.get("you") or {}
        last = ends[-1]
        if last["k"] == "mission_complete":
            return self.ui("mission_complete"), self.words.event(last)
        if last["k"] == "game_over":
            return self.ui("game_over"), self.words.event(last)
        if last["k"] == "boss_destroyed":
            return self.ui("boss_destroyed"), self.words.event(last)
        won = [e for e in ends if e["k"] == "defeat" and e.get("side") == 1]
        lost = [e for e in ends if e["k"] == "defeat" and e.get("side") == 0]
        lines = [self.ui("recap_defeated", card=e["card"]) for e in won + lost]
        if you and not lost:
            lines.append(self.ui("recap_stands", card=you["id"], vit=max(0, you.get("vitality", 0))))
        lines.append(self.ui("recap_tally", wins=v["victories"], losses=v["losses"]))
        title = self.ui("recap_victory", n=v["victories"]) if won and not lost else (
            self.ui("recap_both") if won else self.ui("recap_defeat", n=v["losses"]))
        return title, " ".join(lines)

    def refresh_board(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        self._view, self._actions, self._decision = view, actions, decision
        self._title = self._title_text(view)
        self.query_one("#title", Static).update(self._title)
        self._draw(view)

    def _redraw(self) -> None:
        """A UI-local change (the capsule cursor): redraw from the cached view, no rules call."""
        if self._view:
            self._draw(self._view)

    def _draw(self, view: dict[str, Any]) -> None:
        decision = self._decision
        usable = self._usable()
        if self._cap not in usable:
            self._cap, self._cap_armed = (usable[0] if usable else None), False
        mode = view["mode"]
        a = self.ascii_only
        seats = view.get("seats", [])
        versus = view.get("versus")

        enemy = self.query_one("#enemy-panel", Drawn)
        if mode == "boss" and view.get("boss"):
            enemy.border_title = self.ui("panel_boss", card=view["boss"]["id"])
            enemy.set_class(True, "-boss")
            boss = view["boss"]
            enemy.draw(lambda wd: boss_text(boss, wd, a, self.words))
        else:
            enemy.set_class(False, "-boss")
            enemy.border_title = (self.ui("panel_enemy_seat", seat=1) if versus and len(seats) > 1
                                  else self.ui("panel_enemy"))
            enemy.draw(self._fighter_drawer(view, 1, decision))
        you = self.query_one("#you-panel", Drawn)
        you.border_title = self.ui("panel_you_seat", seat=0) if seats else self.ui("panel_you")
        you.draw(self._fighter_drawer(view, 0, decision))
        self.query_one("#tally", Drawn).draw(lambda wd: self._tally(view, wd))
        stage = self.query_one("#stage", Drawn)
        body = self._stage(view)
        stage.display = body is not None
        if body is not None:
            stage.border_title = body[0]
            content = body[1]
            stage.draw(lambda wd: content)
        pent = self.query_one("#pentagon", Drawn)
        pent.border_title = self.ui("panel_pentagon", pentagon_term=view["pentagon"]["id"])
        if a:
            for panel in (enemy, you, stage, pent):
                panel.border_title = ascii_str(str(panel.border_title or ""))
        pent.draw(lambda wd: pentagon_text(view, wd, a, self.words))
        self._show_dice(view)
        self._sync_panel()
        self.refresh_bindings()
        self._maybe_intro(view)

    def _fighter_drawer(self, view: dict[str, Any], side: int, decision: Decision | None) -> Any:
        actor = view.get("actor", 0)
        mine = actor == side and view["phase"] == "act"
        cursor = self._cap if self._cap_armed and mine else None
        hint = self._hint() if mine and decision is not None else ""
        f = view.get("you" if side == 0 else "enemy")
        effects = view.get("effects", [])
        a = self.ascii_only
        empty = self.ui("no_fighter")
        boss = view["world"]["boss_id"]
        phase = view["phase"]
        if side == 1 and (phase in ("boss_choice", "bonus") or (phase == "draft" and view.get("mode") != "battle"
                                                                and view["victories"] >= 3)):
            empty = self.ui("boss_waits", card=boss)
        elif side == 1 and phase == "extra":
            empty = self.ui("boss_gone", card=boss)
        elif side == 0 and phase == "draft":
            empty = self.ui("no_fighter_yet")
        return lambda wd: fighter_text(f, wd, a, self.words, effects=effects, side=side, acting=mine, cursor=cursor,
                                       hint=hint, empty=empty)

    def _centre_width(self) -> int:
        return self.query_one("#dice", MsxDice).content_size.width or 30

    def _tally(self, v: dict[str, Any], width: int) -> Text:
        a = self.ascii_only
        t = Text()
        t.append(self.ui("victories") + " ", style="bold")
        t.append_text(pips(v["victories"], 3, a, "bold green"))
        t.append(f" {v['victories']}/3   ")
        t.append(self.ui("losses") + " ", style="bold")
        t.append_text(pips(v["losses"], 3, a, "bold red"))
        t.append(f" {v['losses']}/3")
        t.append("\n")
        if v["mode"] == "boss" and v.get("boss"):
            t.append(self.ui("boss_duel_step", step=min(8, v["boss"]["step"])), style="bold magenta")
        elif v.get("turn"):
            t.append(self.ui("turn", n=v["turn"], limit=v["turn_limit"]), style="bold")
        else:
            t.append(self.ui("between_battles"), style="dim")
        ini = v.get("initiative")
        if ini and v["mode"]:
            holder = ini.get("holder", 0)
            other = (v.get("boss") or {}).get("id") if v["mode"] == "boss" else (v.get("enemy") or {}).get("id")
            names = [(v.get("you") or {}).get("id"), other]
            tot = ini.get("totals", [0, 0])
            if names[holder]:
                t.append(" · " + self.ui("first", card=names[holder], a=tot[holder], b=tot[1 - holder]))
        if v.get("pending_bonus"):
            t.append(" · " + self.ui("bonus_waiting", n=v["pending_bonus"]), style="bold cyan")
        t.append(" · " + self.ui("freed_pool", cleared=v["cleared"], worlds=v["mission"]["worlds"], pool=v.get("pool", 0)),
                 style="dim")
        if v.get("defeated"):
            t.append("\n" + self.ui("fallen", cards=list(v["defeated"])), style="dim red")
        return t

    def _stage(self, v: dict[str, Any]) -> tuple[str, RenderableType] | None:
        """The panel of a decision that is not a battle action: draft, Boss choice, Bonus, Extra."""
        phase = v["phase"]
        g = glyphs(self.ascii_only)
        if phase == "draft":
            text = Text()
            enemy = v.get("enemy")
            die = v["world"]["die"]
            wide = self._centre_width() >= 40
            for i, c in enumerate(v.get("draft", []), start=1):
                text.append(f"{i} ", style="bold yellow")
                text.append_text(race_tag(c["race"]))
                text.append(f" {self.words.card(c['id']).upper()}", style=f"bold {RACE_STYLE.get(c['race'], '')}")
                if wide:
                    text.append(f"  A {c['attack']}  D {num(c['defense'])}  V {c['vitality']}  R {c['resistance']}\n")
                else:
                    text.append(f"  A{c['attack']} D{num(c['defense'])} V{c['vitality']} R{c['resistance']}\n")
                text.append(f"   {self.words.arg('ability', c['ability_msg'])}\n", style="magenta")
                lit = " ".join(s["id"] for s in c["capsules"] if s.get("lit") and s.get("id"))
                text.append(f"   {self.ui('capsules') + ' ' if wide else ''}{lit}", style="dim")
                if enemy:
                    mine = _mean_damage(die, c["attack"], enemy["defense"])
                    theirs = _mean_damage(die, enemy["attack"], c["defense"])
                    odds = self.ui("deal_take", deal=_tenths(mine), take=_tenths(theirs))
                    text.append(f"\n   {odds}" + (" " + self.ui("a_hit") if wide else ""), style="cyan")
                text.append("\n")
            text.append(self.ui("draft_keys_ascii" if self.ascii_only else "draft_keys"), style="italic")
            return (self.ui("panel_draft"), text)
        if phase == "boss_choice":
            you = v.get("you") or {}
            text = Text()
            text.append(f"{g['star']} " + self.ui("duel_ahead", card=v["world"]["boss_id"]) + "\n", style="bold magenta")
            if you:
                text.append("1 " + self.ui("keep_at", card=you["id"], vit=you["vitality"]) + "\n")
            text.append("2 " + self.ui("send_back") + "\n")
            if v.get("pending_bonus"):
                text.append(self.ui("bonus_joins", n=v["pending_bonus"]) + "\n", style="cyan")
            odds = _duel_odds(v)
            if odds and you:
                text.append(self.ui("survives", card=you["id"]) + " " + " · ".join(
                    self.ui("set_odds", set_term=k, pct=round(p * 100)) for k, p in odds.items()) + "\n",
                    style="yellow")
            text.append(self.ui("duel_rule"), style="dim")
            return (self.ui("panel_who_fights"), text)
        if phase in ("bonus", "extra"):
            text = Text()
            if phase == "bonus":
                text.append(self.ui("bonus_screen").upper() + "\n", style="bold cyan")
                text.append(self.ui("bonus_explain") + "\n")
            else:
                text.append(self.ui("extra_screen").upper() + "\n", style="bold cyan")
                text.append(self.ui("extra_explain", card=v["world"]["boss_id"]) + "\n")
            text.append(self.ui("pending_now", n=v.get("pending_bonus", 0)) + "\n", style="cyan")
            text.append(self.ui("r_roll"), style="bold yellow")
            return (self.ui("panel_bonus") if phase == "bonus" else self.ui("panel_extra"), text)
        if phase == "over":
            won = v.get("outcome") == "won"
            text = Text((self.ui("mission_complete") if won else self.ui("game_over")).upper(),
                        style="bold green" if won else "bold red")
            if v.get("reason"):
                text.append("\n" + self.words.arg("reason", v["reason"]), style="italic")
            return (self.ui("panel_end"), text)
        return None

    def _hint(self) -> str:
        usable = self._usable()
        kind = self._kind()
        if kind != "act":
            return ""
        if self._cap_armed and self._cap:
            return self.ui("hint_armed_ascii" if self.ascii_only else "hint_armed", cap_term=self._cap)
        if usable:
            return self.ui("hint_caps", caps=commas([cap_name(c) for c in usable]))
        return self.ui("hint_attack")

    def _show_dice(self, view: dict[str, Any]) -> None:
        dice = self.query_one("#dice", MsxDice)
        log = view.get("log", [])
        start = None
        if self._before_act is not None:
            before = self._before_act
            for shift in range(len(before) + 1):
                rest = before[shift:]
                if log[: len(rest)] == rest:
                    start = len(rest)
                    break
        if start is None or not any(e.get("k") == "roll" for e in log[start:]):
            attacks = [i for i, e in enumerate(log) if e.get("k") == "attack"]
            if len(attacks) >= 3:
                start = attacks[-3] + 1
            else:
                start = 0
        tagged = [dict(e, group=(self._exchange if i >= start else None)) for i, e in enumerate(log)]
        rolls = [r for r in explain_rolls(tagged)]
        races = {}
        for side, key in ((0, "you"), (1, "enemy")):
            f = view.get(key)
            if f:
                races[side] = f["race"]
        dice.races = races
        key = tuple((id(e), r.get("group")) for e, r in zip(log, tagged, strict=True)) + (len(rolls),)
        if key != self._dice_key:
            self._dice_key = key
            dice.show([])
            dice.show(rolls)
        dice.refresh(layout=True)

    # -- decisions by key -----------------------------------------------------------------------------
    def _kind(self) -> str | None:
        """The kind of decision the seat at the keyboard has, as last drawn (no rules call)."""
        d = self._decision
        if d is None or d.seat != self.viewer or self._curtain_up:
            return None
        return d.kind

    def _usable(self) -> list[str]:
        return [a.get("capsule") for a in self._actions if a.verb == "capsule"]

    def _capsule_action(self, cap: str | None) -> str | None:
        """The id of the legal action that uses ``cap`` (found by its fields)."""
        for a in self._actions:
            if a.verb == "capsule" and a.get("capsule") == cap:
                return a.id
        return None

    def _attack_action(self) -> str | None:
        for a in self._actions:
            if a.verb in ("attack", "roll"):
                return a.id
        return None

    def act(self, action_id: str) -> bool:
        before = list(self._view.get("log", [])) if self._view else None
        done = super().act(action_id)
        if done:
            self._before_act = before
            self._exchange += 1
            self._cap_armed = False
            self._show_dice(self._view)  # the view refresh_board just drew (no second build)
        return done

    def action_undo(self) -> None:
        self._before_act = None
        super().action_undo()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.spec.title, self.ui("help_keys"), rules_text(self.spec.rules_file)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "roll":
            return True if self._kind() in ROLL_KINDS else None
        if action in ("capsule", "capsule_move"):
            return True if self._kind() == "act" and self._usable() else None
        if action == "capsule_cancel":
            return True if self._cap_armed else None
        return True

    def action_roll(self) -> None:
        kind = self._kind()
        found = self._attack_action()
        if kind in ROLL_KINDS and found is not None:
            self.act(found)
        else:
            self.notify(self.ui("nothing_to_roll"), severity="warning")

    def action_capsule(self) -> None:
        usable = self._usable()
        if self._kind() != "act" or not usable:
            self.notify(self.ui("no_capsule_now"), severity="warning")
            return
        if self._cap_armed and self._cap in usable:
            found = self._capsule_action(self._cap)
            if found is not None:
                self.act(found)
            return
        if self._cap not in usable:
            self._cap = usable[0]
        self._cap_armed = True
        self._redraw()

    def action_capsule_move(self, delta: int) -> None:
        usable = self._usable()
        if self._kind() != "act" or not usable:
            return
        if not self._cap_armed:
            self._cap_armed = True
            if self._cap not in usable:
                self._cap = usable[0]
        else:
            i = usable.index(self._cap) if self._cap in usable else 0
            self._cap = usable[(i + delta) % len(usable)]
        self._redraw()

    def action_capsule_cancel(self) -> None:
        if self._cap_armed:
            self._cap_armed = False
            self._redraw()

    def _sync_panel(self) -> None:
        """Keep the decision panel's highlight on the capsule chosen with ←/→ (so Enter uses it)."""
        if not self._cap_armed or not self._cap:
            return
        from tabletop.ui.widgets import DecisionPanel

        panel = self.query_one("#decision", DecisionPanel)
        for i, act in enumerate(panel.actions):
            if act.verb == "capsule" and act.get("capsule") == self._cap:
                panel.highlighted = i
                return

    # -- cards on top -----------------------------------------------------------------------------------
    def _maybe_intro(self, v: dict[str, Any]) -> None:
        number = v["world"]["number"]
        if v["phase"] == "over" or self._intro_for == number:
            return
        self._intro_for = number
        self.call_after_refresh(self._push_intro, v)

    def _push_intro(self, v: dict[str, Any]) -> None:
        if self.app.screen is not self or not self.is_attached:
            return
        w, m = v["world"], v["mission"]
        body = Text()
        body.append(self.ui("intro_head", mission_term=m["id"], number=w["number"], worlds=m["worlds"]) + "\n\n",
                    style="bold")
        body.append(self.ui("attack_die") + " ", style="bold")
        body.append(f"d{w['die']}\n", style="bold yellow")
        body.append("Boss ", style="bold")
        body.append(f"{self.words.card(w['boss_id'])}\n", style="bold magenta")
        body.append(self.ui("bonus_before") + " ", style="bold")
        body.append((self.ui("bonus_yes") if w.get("bonus_before_boss") else self.ui("bonus_no")) + "\n")
        body.append(self.ui("your_goal") + " ", style="bold")
        body.append(self.ui("goal") + "\n\n")
        body.append_text(pentagon_text(v, 76, self.ascii_only, self.words, detail=True))
        self.app.push_screen(WorldIntro(self.ui("intro_title", number=w["number"], world_term=w["id"]), body,
                                        self.ui("to_battle")))

    def action_pentagon(self) -> None:
        v = self._view or self.match.view(self.viewer)
        from .cards import catalogue

        body = pentagon_text(v, 76, self.ascii_only, self.words, detail=True)
        body.append("\n\n" + self.ui("pentagon_events") + "\n", style="bold")
        data = catalogue()
        for ring in v["pentagon"]["rings"]:
            ev = data.events.get(ring["event"], {})
            vals = ev.get("values") or {}
            body.append(self.ui("ring_line", n=ring["ring"], event_term=ring["event"], polarity_term=ring["polarity"],
                                kind_term=str(ev.get("kind", "VITALITY"))),
                        style="green" if ring["polarity"] == "positive" else "red")
            if vals:
                body.append(" · " + " ".join(f"{RACE_LETTERS.get(r, r)}{n}" for r, n in vals.items()))
            if ev.get("resist_target"):
                body.append(" · " + self.ui("resist_on_die") + " " + " ".join(
                    f"R{k}≥{t}" if not self.ascii_only else f"R{k}>={t}" for k, t in ev["resist_target"].items()))
            body.append("\n")
        body.append(self.ui("visitor_rule"), style="dim")
        self.app.push_screen(PentagonDetail(self.ui("panel_pentagon", pentagon_term=v["pentagon"]["id"]), body,
                                            self.ui("close_p")))

    def action_best_runs(self) -> None:
        folder = getattr(self.app, "saves_dir", None)
        table = records.read_table(folder) if folder is not None else {}
        mission = (self._view.get("mission") or {}).get("id")
        self.app.push_screen(BestRuns(self.ui("best_runs"), runs_table(table, mission, None, self.ascii_only, self.words),
                                      self.ui("close_b")))

    # -- the end of the run ------------------------------------------------------------------------------
    def advance(self) -> None:
        if self.match.decision() is not None or self._over_shown:
            super().advance()
            return
        self._over_shown = True
        if self.viewer is None:
            self.viewer = 0
        self.refresh_all()
        v = self._view
        place = self._record(v)
        won = v.get("outcome") == "won"
        body = Text()
        if v.get("reason"):
            body.append(self.words.arg("reason", v["reason"]) + "\n\n", style="italic")
        body.append(self.ui("worlds_freed", cleared=v["cleared"], worlds=v["mission"]["worlds"],
                            mission_term=v["mission"]["id"]) + "\n", style="bold")
        if v.get("defeated"):
            body.append(self.ui("fallen_fighters", cards=list(v["defeated"])) + "\n", style="dim")
        if v.get("versus"):
            body.append("\n" + self.ui("winner", seat=0 if won else 1) + "\n", style="bold")
        if place is not None:
            body.append("\n" + self.ui("best_place", n=place) + "\n", style="bold green")
        folder = getattr(self.app, "saves_dir", None)
        table = records.read_table(folder) if folder is not None else {}
        mark = (v["mission"]["id"], place) if place else None
        parts: list[RenderableType] = [body]
        if not v.get("versus"):
            parts.append(runs_table({v["mission"]["id"]: table.get(v["mission"]["id"], [])}, None, mark,
                                    self.ascii_only, self.words))
        headline = (self.ui("mission_complete") if won else self.ui("game_over")).upper()
        screen = RunOver(headline, Group(*parts), self.ui("back_to_menu"))
        screen.set_class(not won, "-lost")
        self.app.push_screen(screen, lambda _: self.action_leave())

    def _record(self, v: dict[str, Any]) -> int | None:
        """A solo run that ended on this screen goes into the best-runs table (once)."""
        folder = getattr(self.app, "saves_dir", None)
        if self._finished_at_start or v.get("versus") or folder is None:
            return None
        try:
            return records.record_run(folder, v["mission"]["id"], (v.get("seats") or ["Player"])[0],
                                      int(v["cleared"]), complete=v.get("outcome") == "won")
        except (OSError, ValueError) as exc:
            self.notify(self.ui("record_failed") + f" ({exc})", severity="warning")
            return None


RACE_LETTERS = {"yellow": "Y", "green": "G", "brown": "B", "blue": "S", "red": "R"}

MsxCardsScreen = MsxScreen
"""The name the spec used first; both point at the same screen."""
