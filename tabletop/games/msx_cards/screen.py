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

Everything is drawn from ``view`` (spec §4-§13). Colour always comes with a race letter
(Y yellow, G green, B brown, S blue, R red), a word or a glyph.
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
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.glyphs import glyphs

from . import records
from .text import EVENT_KIND
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
)

ROLL_KINDS = ("act", "bonus", "extra")


def _mission_names() -> dict[str, str]:
    from .cards import catalogue

    return {k: m["name"] for k, m in catalogue().missions.items()}


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

    def __init__(self, headline: str, body: RenderableType, hint: str = "Enter: close") -> None:
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
               ascii_only: bool) -> RenderableType:
    if not any(table.values()):
        return Text("No runs recorded yet: finish a solo run to get on the table.", style="dim italic")
    names = _mission_names()
    order = sorted(table, key=lambda m: (m != first, m))
    parts: list[RenderableType] = []
    g = glyphs(ascii_only)
    for mission in order:
        runs = table[mission]
        if not runs:
            continue
        t = Table(title=f"{names.get(mission, mission)} ({mission})", title_style="bold", expand=True,
                  show_edge=False, pad_edge=False, box=box.ASCII if ascii_only else box.SIMPLE_HEAD)
        t.add_column("#", justify="right", width=3)
        t.add_column("player")
        t.add_column("Worlds", justify="right")
        t.add_column("")
        t.add_column("date")
        for i, run in enumerate(runs, start=1):
            here = mark is not None and mark == (mission, i)
            t.add_row(f"{g['pointer'] if here else ''}{i}", run["name"], str(run["worlds"]),
                      Text(f"{g['star']} complete", style="bold green") if run.get("complete") else "",
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
        self._cap: str | None = None
        self._cap_armed = False
        self._intro_for: int | None = None
        self._before_act: list[str] | None = None
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
    def title_line(self, decision: Decision | None) -> Text:
        v = self.match.view(self.viewer)
        w, m = v["world"], v["mission"]
        text = Text()
        text.append("MSX Cards", style="bold")
        text.append(f" · {m['name']} mission · ")
        text.append(f"World {w['number']}/{m['worlds']} {w['name']} (d{w['die']})", style="bold")
        if v["mode"] == "boss" and v.get("boss"):
            text.append(f" · Boss duel T{min(8, v['boss']['step'])}/8", style="bold magenta")
        text.append(f" · victories {v['victories']}/3 · losses {v['losses']}/3")
        # the decision has its own line under the header (GameScreen.decision_line), never cut
        if decision is None and v.get("outcome") == "won":
            text.append(" · mission complete", style="bold green")
        elif decision is None:
            text.append(" · game over", style="bold red")
        return ascii_text(text) if self.ascii_only else text

    def recap(self, events: list[dict[str, Any]]) -> tuple[str, str] | None:
        """The beat of a battle's end: who fell, what is left, the tally (a victory used to pass
        with one log line among the dice)."""
        ends = [e for e in events if e["k"] in ("defeat", "boss_destroyed", "mission_complete", "game_over")]
        if not ends:
            return None
        v = self.match.view(self.viewer)
        you = v.get("you") or {}
        tally = f"victories {v['victories']}/3 · losses {v['losses']}/3"
        last = ends[-1]
        if last["k"] == "mission_complete":
            return "Mission complete", last["t"]
        if last["k"] == "game_over":
            return "Game over", last["t"]
        if last["k"] == "boss_destroyed":
            return "Boss destroyed", last["t"]
        won = [e for e in ends if e["k"] == "defeat" and e.get("side") == 1]
        lost = [e for e in ends if e["k"] == "defeat" and e.get("side") == 0]
        lines = [e["t"].split(":")[0] + "." for e in won + lost]
        if you and not lost:
            lines.append(f"{you.get('name', 'Your fighter')} stands with {max(0, you.get('vitality', 0))} Vitality.")
        lines.append(tally.capitalize() + ".")
        title = ("Victory " + str(v["victories"]) + " of 3") if won and not lost else (
            "Both fall" if won else "Defeat " + str(v["losses"]) + " of 3")
        return title, " ".join(lines)

    def refresh_board(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        self._view, self._actions = view, actions
        usable = self._usable()
        if self._cap not in usable:
            self._cap, self._cap_armed = (usable[0] if usable else None), False
        mode = view["mode"]
        a = self.ascii_only
        seats = view.get("seats", [])
        versus = view.get("versus")

        enemy = self.query_one("#enemy-panel", Drawn)
        if mode == "boss" and view.get("boss"):
            enemy.border_title = f"Boss · {view['boss']['name']}"
            enemy.set_class(True, "-boss")
            boss = view["boss"]
            enemy.draw(lambda wd: boss_text(boss, wd, a))
        else:
            enemy.set_class(False, "-boss")
            enemy.border_title = f"Enemy · {seats[1]}" if versus and len(seats) > 1 else "Enemy"
            enemy.draw(self._fighter_drawer(view, 1, decision))
        you = self.query_one("#you-panel", Drawn)
        you.border_title = f"You · {seats[0]}" if seats else "You"
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
        pent.border_title = f"Pentagon · {view['pentagon']['name']}"
        if a:
            for panel in (enemy, you, stage, pent):
                panel.border_title = ascii_str(str(panel.border_title or ""))
        pent.draw(lambda wd: pentagon_text(view, wd, a))
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
        empty = "no fighter on the board"
        boss = view["world"]["boss"]
        phase = view["phase"]
        if side == 1 and (phase in ("boss_choice", "bonus") or (phase == "draft" and view.get("mode") != "battle"
                                                                and view["victories"] >= 3)):
            empty = f"the Boss {boss} waits: 8 steps, no Vitality to wear down"
        elif side == 1 and phase == "extra":
            empty = f"{boss} is destroyed: this World is free"
        elif side == 0 and phase == "draft":
            empty = "no fighter yet: draft one (Draft panel, keys 1-3)"
        return lambda wd: fighter_text(f, wd, a, effects=effects, side=side, acting=mine, cursor=cursor, hint=hint,
                                       empty=empty)

    def _centre_width(self) -> int:
        return self.query_one("#dice", MsxDice).content_size.width or 30

    def _tally(self, v: dict[str, Any], width: int) -> Text:
        a = self.ascii_only
        t = Text()
        t.append("Victories ", style="bold")
        t.append_text(pips(v["victories"], 3, a, "bold green"))
        t.append(f" {v['victories']}/3   ")
        t.append("Losses ", style="bold")
        t.append_text(pips(v["losses"], 3, a, "bold red"))
        t.append(f" {v['losses']}/3")
        t.append("\n")
        if v["mode"] == "boss" and v.get("boss"):
            t.append(f"Boss duel T{min(8, v['boss']['step'])}/8", style="bold magenta")
        elif v.get("turn"):
            t.append(f"Turn {v['turn']}/{v['turn_limit']}", style="bold")
        else:
            t.append("between battles", style="dim")
        ini = v.get("initiative")
        if ini and v["mode"]:
            holder = ini.get("holder", 0)
            names = [(v.get("you") or {}).get("name", "you"),
                     (v.get("boss") or {}).get("name") if v["mode"] == "boss" else (v.get("enemy") or {}).get("name",
                                                                                                          "enemy")]
            tot = ini.get("totals", [0, 0])
            t.append(f" · first: {names[holder]} ({tot[holder]} vs {tot[1 - holder]})")
        if v.get("pending_bonus"):
            t.append(f" · bonus +{v['pending_bonus']} waiting", style="bold cyan")
        t.append(f" · freed {v['cleared']}/{v['mission']['worlds']} · pool {v.get('pool', 0)}", style="dim")
        if v.get("defeated"):
            t.append(f"\nfallen: {', '.join(v['defeated'])}", style="dim red")
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
                text.append(f" {c['name'].upper()}", style=f"bold {RACE_STYLE.get(c['race'], '')}")
                if wide:
                    text.append(f"  A {c['attack']}  D {num(c['defense'])}  V {c['vitality']}  R {c['resistance']}\n")
                else:
                    text.append(f"  A{c['attack']} D{num(c['defense'])} V{c['vitality']} R{c['resistance']}\n")
                text.append(f"   {c['ability_text']}\n", style="magenta")
                lit = " ".join(s["id"] for s in c["capsules"] if s.get("lit") and s.get("id"))
                text.append(f"   {'capsules ' if wide else ''}{lit}", style="dim")
                if enemy:
                    mine = _mean_damage(die, c["attack"], enemy["defense"])
                    theirs = _mean_damage(die, enemy["attack"], c["defense"])
                    text.append(f"\n   deal ~{mine:.1f} / take ~{theirs:.1f} a hit" if wide
                                else f"\n   deal ~{mine:.1f} / take ~{theirs:.1f}", style="cyan")
                text.append("\n")
            text.append("1-3 or ↑↓ Enter: choose" if not self.ascii_only
                        else "1-3 or up/down Enter: choose", style="italic")
            return ("Draft", text)
        if phase == "boss_choice":
            you = v.get("you") or {}
            text = Text()
            text.append(f"{g['star']} Boss duel ahead: {v['world']['boss']}\n", style="bold magenta")
            text.append(f"1 keep {you.get('name', '?')} at {you.get('vitality', '?')} Vitality\n")
            text.append("2 send it back to the pool and draft a fresh fighter\n")
            if v.get("pending_bonus"):
                text.append(f"bonus +{v['pending_bonus']} joins your duel fighter\n", style="cyan")
            odds = _duel_odds(v)
            if odds:
                text.append(f"{you.get('name', '?')} survives (no capsule): " + " · ".join(
                    f"{k} set {p:.0%}" for k, p in odds.items()) + "\n", style="yellow")
            text.append("You must damage the Boss on each of your steps and survive its attacks.", style="dim")
            return ("Boss duel · who fights?", text)
        if phase in ("bonus", "extra"):
            text = Text()
            if phase == "bonus":
                text.append("BONUS SCREEN\n", style="bold cyan")
                text.append("Roll two d20 and keep the higher: that much Vitality joins your Boss fighter.\n")
            else:
                text.append("EXTRA SCREEN\n", style="bold cyan")
                text.append(f"{v['world']['boss']} is destroyed! Roll a d20: that much Vitality joins your "
                            "next fighter.\n")
            text.append(f"pending bonus now: +{v.get('pending_bonus', 0)}\n", style="cyan")
            text.append("r: roll", style="bold yellow")
            return ("Bonus" if phase == "bonus" else "Extra", text)
        if phase == "over":
            text = Text("MISSION COMPLETE" if v.get("outcome") == "won" else "GAME OVER",
                        style="bold green" if v.get("outcome") == "won" else "bold red")
            text.append(f"\n{v.get('reason', '')}", style="italic")
            return ("The end", text)
        return None

    def _hint(self) -> str:
        usable = self._usable()
        kind = self._kind()
        if kind != "act":
            return ""
        if self._cap_armed and self._cap:
            return f"c / Enter: use {self._cap} then attack · ←/→ change · Esc: no capsule".replace(
                "←/→", "left/right" if self.ascii_only else "←/→")
        if usable:
            return "r: attack · c: capsule (" + ", ".join(usable) + ")"
        return "r: attack"

    def _show_dice(self, view: dict[str, Any]) -> None:
        dice = self.query_one("#dice", MsxDice)
        log = view.get("log", [])
        texts = [str(e.get("t", "")) for e in log]
        start = None
        if self._before_act is not None:
            before = self._before_act
            for shift in range(len(before) + 1):
                rest = before[shift:]
                if texts[: len(rest)] == rest:
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
        key = tuple((r.get("t"), r.get("group")) for r in rolls)
        if key != self._dice_key:
            self._dice_key = key
            dice.show([])
            dice.show(rolls)
        dice.refresh(layout=True)

    # -- decisions by key -----------------------------------------------------------------------------
    def _kind(self) -> str | None:
        d = self.match.decision()
        if d is None or d.seat != self.viewer or self._curtain_up:
            return None
        return d.kind

    def _usable(self) -> list[str]:
        return [a.id.split(" ", 1)[1] for a in self._actions if a.group == "capsule" and a.id.startswith("capsule ")]

    def act(self, action_id: str) -> bool:
        view = self.match.view(self.viewer)
        before = [str(e.get("t", "")) for e in view.get("log", [])]
        done = super().act(action_id)
        if done:
            self._before_act = before
            self._exchange += 1
            self._cap_armed = False
            self._show_dice(self.match.view(self.viewer))
        return done

    def action_undo(self) -> None:
        self._before_act = None
        super().action_undo()

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
        if kind == "act":
            self.act("attack")
        elif kind in ("bonus", "extra"):
            self.act("roll")
        else:
            self.notify("Nothing to roll now: choose in the panel below.", severity="warning")

    def action_capsule(self) -> None:
        usable = self._usable()
        if self._kind() != "act" or not usable:
            self.notify("No capsule now: the button is red or nothing is lit.", severity="warning")
            return
        if self._cap_armed and self._cap in usable:
            self.act(f"capsule {self._cap}")
            return
        if self._cap not in usable:
            self._cap = usable[0]
        self._cap_armed = True
        self.refresh_all()

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
        self.refresh_all()

    def action_capsule_cancel(self) -> None:
        if self._cap_armed:
            self._cap_armed = False
            self.refresh_all()

    def _sync_panel(self) -> None:
        """Keep the decision panel's highlight on the capsule chosen with ←/→ (so Enter uses it)."""
        if not self._cap_armed or not self._cap:
            return
        from tabletop.ui.widgets import DecisionPanel

        panel = self.query_one("#decision", DecisionPanel)
        ids = [act.id for act in panel.actions]
        target = f"capsule {self._cap}"
        if target in ids:
            panel.highlighted = ids.index(target)

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
        body.append(f"Mission {m['name']}: World {w['number']} of {m['worlds']}\n\n", style="bold")
        body.append("attack die ", style="bold")
        body.append(f"d{w['die']}\n", style="bold yellow")
        body.append("Boss ", style="bold")
        body.append(f"{w['boss']}\n", style="bold magenta")
        body.append("Bonus screen before the Boss: ", style="bold")
        body.append(("yes (best of two d20)" if w.get("bonus_before_boss") else "no") + "\n")
        body.append("your goal: ", style="bold")
        body.append("beat 3 enemy fighters before 3 of yours fall, then survive the Boss's 8 steps\n\n")
        body.append_text(pentagon_text(v, 76, self.ascii_only, detail=True))
        self.app.push_screen(WorldIntro(f"World {w['number']} · {w['name']}", body, "Enter: to battle"))

    def action_pentagon(self) -> None:
        v = self._view or self.match.view(self.viewer)
        from .cards import catalogue

        body = pentagon_text(v, 76, self.ascii_only, detail=True)
        body.append("\n\nEvents of this pentagon (per race, ×2 on a dark cell):\n", style="bold")
        data = catalogue()
        for ring in v["pentagon"]["rings"]:
            ev = data.events.get(ring["event"], {})
            vals = ev.get("values") or {}
            kind = EVENT_KIND.get(str(ev.get("kind", "")), str(ev.get("kind", "?")).lower().replace("_", " "))
            body.append(f"ring {ring['ring']} {ring['name']} ({ring['polarity']}, {kind})",
                        style="green" if ring["polarity"] == "positive" else "red")
            if vals:
                body.append(" · " + " ".join(f"{RACE_LETTERS.get(r, r)}{n}" for r, n in vals.items()))
            if ev.get("resist_target"):
                body.append(" · resist on the attack die: " + " ".join(
                    f"R{k}≥{t}" if not self.ascii_only else f"R{k}>={t}" for k, t in ev["resist_target"].items()))
            body.append("\n")
        body.append("The visitor is the fighter with less Vitality (yours on a tie); its rightmost lit capsule "
                    "picks the sector, 5 − the opponent's Resistance the ring.", style="dim")
        self.app.push_screen(PentagonDetail(f"Pentagon · {v['pentagon']['name']}", body, "Enter / p: close"))

    def action_best_runs(self) -> None:
        folder = getattr(self.app, "saves_dir", None)
        table = records.read_table(folder) if folder is not None else {}
        mission = (self._view.get("mission") or {}).get("id")
        self.app.push_screen(BestRuns("Best runs", runs_table(table, mission, None, self.ascii_only),
                                      "Enter / b: close"))

    # -- the end of the run ------------------------------------------------------------------------------
    def advance(self) -> None:
        if self.match.decision() is not None or self._over_shown:
            super().advance()
            return
        self._over_shown = True
        if self.viewer is None:
            self.viewer = 0
        self.refresh_all()
        v = self.match.view(self.viewer)
        place = self._record(v)
        won = v.get("outcome") == "won"
        body = Text()
        body.append(f"{v.get('reason', '')}\n\n", style="italic")
        body.append(f"Worlds freed: {v['cleared']} of {v['mission']['worlds']} ({v['mission']['name']})\n",
                    style="bold")
        if v.get("defeated"):
            body.append(f"Fallen fighters: {', '.join(v['defeated'])}\n", style="dim")
        if v.get("versus"):
            seats = v.get("seats", ["", ""])
            body.append(f"\nWinner: {seats[0] if won else seats[1]}\n", style="bold")
        if place is not None:
            body.append(f"\nA best run: place {place} in the table.\n", style="bold green")
        folder = getattr(self.app, "saves_dir", None)
        table = records.read_table(folder) if folder is not None else {}
        mark = (v["mission"]["id"], place) if place else None
        parts: list[RenderableType] = [body]
        if not v.get("versus"):
            parts.append(runs_table({v["mission"]["id"]: table.get(v["mission"]["id"], [])}, None, mark,
                                    self.ascii_only))
        screen = RunOver("MISSION COMPLETE" if won else "GAME OVER", Group(*parts), "Enter: back to the menu")
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
            self.notify(f"Could not record the run: {exc}", severity="warning")
            return None


RACE_LETTERS = {"yellow": "Y", "green": "G", "brown": "B", "blue": "S", "red": "R"}

MsxCardsScreen = MsxScreen
"""The name the spec used first; both point at the same screen."""
