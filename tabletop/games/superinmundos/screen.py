"""The Superinmundos game screen: the arena as a stack, the players, your hand, the arithmetic.

Layout (120×40; usable at 100×30)::

    header: game · round · battle status · whose decision              deck · discard
    ┌ Arena ────────────────────────────────────────┐ ┌ Players ───────────────┐
    │ [unit on top, effective stats]   to beat it:   │ │ ▸ Ana (you)  7  0 ★ top│
    │ in combat: [on top]  A 6 > D 4 ✔  [attacker]   │ └────────────────────────┘
    └────────────────────────────────────────────────┘ ┌ Card ──────────────────┐
    ┌ Beneath (newest first, ↑↓ to read) ───────────┐ │ the focused card       │
    ┌ Arithmetic (x) ───────────────────────────────┐ └────────────────────────┘
    ┌ Your hand (Ana) ──────────────────────────────┐ ┌ Log ───────────────────┐
    │ two columns; lit = legal now, dim = not now    │ │                        │
    decision panel: every legal action, 1-9 (the base's)

Everything is drawn from ``view`` (the rules' redacted view); card words come from the card
data through ``widgets.card_face``. Actions are played only through ``self.act``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from tabletop.engine import Action, Decision
from tabletop.engine.msg import msg
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.glyphs import glyphs
from tabletop.ui.widgets import CardView, DecisionPanel

from .cards import CYCLE, info
from .combat import advantage
from .widgets import (
    ELEMENTS,
    ChoiceScreen,
    DiscardScreen,
    HandGrid,
    Plain,
    PlayersTable,
    StackList,
    ZoomScreen,
    asc,
    asc_str,
    card_detail,
    card_face,
    card_line,
    element_tag,
    stat_word,
    title_of,
    unit_face,
)

PHASES = frozenset({"setup", "swap", "round_start", "open", "turn", "declare", "enter_cost", "response",
                    "reaction", "counter", "mode", "top", "counter_mode", "plan", "preempt", "stalemate", "over"})
"""The phases the header names (``ui.phase.<phase>`` in the game's catalog)."""


def card_actions(actions: list[Action], card: str) -> list[Action]:
    """The legal actions that use this card (a fusion names both of its cards)."""
    out = []
    for a in actions:
        if a.group == "ask":
            continue
        if a.card == card or (a.verb == "fuse" and a.target == card):
            out.append(a)
    return out


NO_SUPPORT = ("go", "done", "no_boost")
"""The verbs of "No support" in the three support prompts (declare, response, preempt)."""


def support_first(kind: str, actions: list[Action]) -> list[Action]:
    """The actions of a support prompt with its "No support" answer first (same place every time)."""
    if kind not in ("declare", "response", "preempt"):
        return actions
    none = [a for a in actions if a.verb in NO_SUPPORT]
    return none + [a for a in actions if a.verb not in NO_SUPPORT]


class SuperinmundosScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    SHOW_DICE = False
    HELP_KEYS = (
        "| ← → ↑ ↓ (h l k j) | move along your hand (two columns), or along the units beneath |\n"
        "| Enter (on a card) | play it; a short list opens if it can be played in several ways |\n"
        "| tab / shift+tab | hand → beneath → arithmetic → log → list of choices |\n"
        "| x | show / hide the arithmetic: doubling, supports, effects, what each choice would do |\n"
        "| d | browse the discard pile (public, newest first) |\n"
        "| z | the focused card, the highlighted unit beneath, or the unit on top, in full |\n"
        "| w | withdraw from this battle (only shown when you may) |\n"
        "| lit / dim cards | lit: a legal play now; dim: not now (on your attack: it cannot beat the top unit) |\n"
        "| loot ? / 5? | other players' loot is hidden; 5? is the answer you got when you asked |\n"
    )
    REVEAL_KINDS = frozenset({"revealed", "peeked", "stolen", "answer"})
    """Shown at once to a seat that did not cause them; its own draws and deals are in its hand."""
    BINDINGS = [
        Binding("x", "arithmetic", "arithmetic"),
        Binding("d", "discard", "discard pile"),
        Binding("z", "zoom", "zoom"),
        Binding("w", "withdraw", "withdraw"),
        Binding("shift+tab", "focus_previous", "previous pane", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view: dict[str, Any] | None = None
        self._actions: list[Action] = []
        self._kind: str | None = None
        self._focus_card: str | None = None
        self._show_math = False
        self._can_withdraw = False
        self._beneath: list[dict[str, Any]] = []
        self._detail_from = "hand"

    def reveal_for(self, event: dict[str, Any], seat: int) -> bool:
        """A hand shown to another player is news to that player, not to its owner (the public
        log already tells the owner who saw it)."""
        if event.get("k") == "revealed" and event.get("seat") == seat:
            return False
        return super().reveal_for(event, seat)

    # -- layout ---------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        a = self.ascii_only
        # the hand comes first for tab (it is docked at the bottom of the board)
        with Vertical(id="hand-box"):
            yield HandGrid(ascii_only=a, empty=self._t("no_cards"), id="hand")
            yield Plain(id="hand-hint", ascii_only=a)
        with Vertical(id="arena-box"):
            with Horizontal(id="arena-row"):
                yield CardView(None, size="normal", ascii_only=a, id="active")
                yield Plain(id="versus", ascii_only=a)
                yield CardView(None, size="normal", ascii_only=a, id="attacker")
                yield Plain(id="beat", ascii_only=a)
        yield StackList(ascii_only=a, id="stack")
        with VerticalScroll(id="math"):
            yield Plain(id="math-text", ascii_only=a)

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs too: Textual calls every class's handler.)
        self.set_class(self.ascii_only, "-ascii")
        side = self.query_one("#side")
        side.mount(PlayersTable(id="players"), before="#log")
        detail = VerticalScroll(Plain(id="detail-text", ascii_only=self.ascii_only), id="detail", can_focus=False)
        side.mount(detail, before="#log")
        self.query_one("#arena-box").border_title = self._a(self._t("arena"))
        self.query_one("#stack").border_title = self._a(self._t("beneath"))
        self.query_one("#math").border_title = self._a(self._t("arithmetic_title"))
        self.query_one("#hand-box").border_title = self._a(self._t("hand"))
        self._layout_class()

    def on_resize(self) -> None:
        self._layout_class()

    def _layout_class(self) -> None:
        width, height = self.app.size
        self.set_class(height < 36, "-short")
        self.set_class(width < 110, "-narrow")
        for players in self.query("#players"):
            players.set_class(height < 36, "-short")

    # -- drawing --------------------------------------------------------------------------------
    def refresh_board(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        if view.get("you") != (self._view or {}).get("you"):
            self._close_modals()  # a zoomed hand card must not outlive its player's view
        self._view = view
        self._actions = actions
        self._kind = decision.kind if decision is not None else None
        self._draw_title(view)
        self._draw_arena(view)
        self._draw_players(view)
        self._draw_hand(view, actions)
        self._annotate_decisions(view, decision, actions)
        self._draw_detail()
        if self._show_math:
            self._draw_math(view)
        can_withdraw = any(a.id == "withdraw" for a in actions)
        if can_withdraw != self._can_withdraw:
            self._can_withdraw = can_withdraw
            self.refresh_bindings()  # the footer shows "w withdraw" only when it works

    def _a(self, value: str) -> str:
        return asc_str(value, self.ascii_only)

    def _close_modals(self) -> None:
        for _ in range(3):
            top = self.app.screen
            if not isinstance(top, (ZoomScreen, ChoiceScreen, DiscardScreen)):
                return
            top.dismiss(None)

    def _seat_name(self, seat: int | None) -> str:
        if seat is None or self._view is None:
            return ""
        return str(self._view["players"][seat]["name"])

    def recap(self, events: list[dict[str, Any]]) -> tuple[str, str] | None:
        """After a battle: who won it and how many cards it brought him; at a new round, the
        battles won so far. Public facts only: loot piles are face down (S22), so their sizes
        are not summed here."""
        won = [e for e in events if e["k"] == "battle_won"]
        rounds = [e for e in events if e["k"] == "round" and e.get("round", 1) > 1]
        if not won and not rounds:
            return None
        players = self.match.view(None)["players"]
        tally = " · ".join(f"{p['name']} {p['battles_won']}" for p in players)
        lines = self.words.events(won)
        if rounds:
            lines.append(self.words.event(rounds[-1]))
        lines.append(self._t("battles_won") + f": {tally}")
        return (self._t("battle_won") if won else self._t("new_round")), "\n".join(lines)

    def _draw_title(self, view: dict[str, Any]) -> None:
        left = Text()
        left.append(self.spec.title, style="bold")
        left.append(" · " + self.words.text(self.match.summary()))
        if view["phase"] != "over":
            left.append(" · " + (self._t("phase." + view["phase"]) if view["phase"] in PHASES else view["phase"]))
        # the decision itself is on the line below the header (decision_line), whole, never cut
        right = Text(self._t("deck_discard", deck=view["deck"], discard=view["discard_count"]))
        width = max(0, self.size.width - 2)
        gap = width - left.cell_len - right.cell_len
        if gap >= 2:
            left.append(" " * gap)
            left.append_text(right)
        else:
            left.truncate(max(0, width - right.cell_len - 3), overflow="ellipsis")
            left.append(" · ")
            left.append_text(right)
        self.query_one("#title", Static).update(asc(left, self.ascii_only))

    def _draw_arena(self, view: dict[str, Any]) -> None:
        arena = view["arena"]
        attacker = view.get("attacker")
        active = arena[-1] if arena else None
        box = self.query_one("#arena-box")
        attacks = view.get("declarations") or 0
        box.border_title = self._a((self._t("arena_attacks", n=len(arena), attacks=attacks) if attacks
                                    else self._t("arena_units", n=len(arena))) if arena else self._t("arena_empty"))
        lasting = view.get("lasting") or []
        notes = []
        if view.get("pending_event"):
            notes.append(self._t("event_being_played", card=view["pending_event"]))
        if lasting:
            notes.append(self._t("beside_it", cards=lasting))
        box.border_subtitle = self._a(" · ".join(notes))
        declared = self._declared(view)
        act_view = self.query_one("#active", CardView)
        if active is None and declared:
            act_view.face = self._declared_face(declared, "opening")
        else:
            act_view.face = unit_face(self._as_defender(view, active), self.ascii_only, "on_top") if active else None
        act_view.display = act_view.face is not None
        fighting = attacker is not None and active is not None
        pending = active is not None and attacker is None and bool(declared)
        att_view = self.query_one("#attacker", CardView)
        if fighting:
            att_view.face = unit_face(attacker, self.ascii_only, "attacking")
        elif pending:
            att_view.face = self._declared_face(declared, "declaring")
        else:
            att_view.face = None
        att_view.display = fighting or pending
        self.query_one("#versus").display = fighting or pending
        self.query_one("#beat").display = not (fighting or pending)
        if fighting:
            self.query_one("#versus", Static).update(self._versus_text(view, active, attacker))
        elif pending:
            self.query_one("#versus", Static).update(self._declaring_text(view))
        else:
            self.query_one("#beat", Static).update(self._beat_text(view, active))
        # beneath: top first
        beneath = arena[:-1]
        stack = self.query_one("#stack")
        stack.border_title = self._a(self._t("beneath_count", n=len(beneath)) if beneath else self._t("beneath"))
        self._beneath = list(reversed(beneath))
        entries = []
        for k, unit in enumerate(self._beneath):
            line = Text()
            line.append(f"{len(beneath) - k:>2} ", style="dim")
            for j, c in enumerate(unit["cards"]):
                if j:
                    line.append(" + ")
                line.append_text(card_line(c, self.ascii_only))
            line.append(f"  {unit['owner_name']}", style="italic")
            for sp in unit["supports"]:
                line.append(f"  [{sp['amount']:+d}{sp['stat'][0].upper()} {title_of(sp['name'])}]", style="green"
                            if sp["amount"] > 0 else "red")
            entries.append(("+".join(unit["cards"]), line))
        empty = Text()
        empty.append(self._t("beneath_empty") + "\n", style="dim")
        empty.append(self._t("elements") + ": ", style="dim")
        for k, el in enumerate(("fire", "earth", "lightning", "water", "fire")):
            if k:
                empty.append(" > ", style="dim")
            empty.append_text(element_tag(el))
            empty.append(f" {self.words.term(el)}", style="dim")
        empty.append("\n" + self._t("favoured_doubles") + " ", style="dim")
        empty.append_text(element_tag("neutral"))
        empty.append(" " + self._t("neutral_no_favour"), style="dim")
        self.query_one("#stack", StackList).show_units(entries, empty)

    def _as_defender(self, view: dict[str, Any], active: dict[str, Any]) -> dict[str, Any]:
        """Out of combat the view's stats are the unit's own; what an attacker must beat are its
        Defense and Power *as a defender* (abilities such as "Defending: +1 Defense"), which the
        view gives in its "to beat" numbers."""
        beat = view.get("to_beat")
        if view.get("attacker") is not None or not beat:
            return active
        found = {"defense": beat["defense"], "power": beat["power"]}
        if all(active["stats"].get(k) == v for k, v in found.items()):
            return active
        return dict(active, stats=dict(active["stats"], **found))

    def _declared(self, view: dict[str, Any]) -> list[str]:
        """The cards the viewer is declaring right now (the view does not carry them yet): the
        viewer's own last declaration, shown only to that viewer while they choose a support."""
        if view["phase"] != "declare" or not self._actions:
            return []
        return list(view.get("declaring") or [])

    def _declared_face(self, cards: list[str], label: str) -> Any:
        you = self._view["you"] if self._view else None
        unit = {"cards": cards, "names": [info(c).name for c in cards], "owner": you,  # data names: unit_face translates
                "owner_name": self._seat_name(you), "supports": [], "mods": [],
                "stats": {k: sum(info(c).stats[k] for c in cards) for k in ("attack", "defense", "power")},
                "fused": "temp" if len(cards) > 1 else "none"}
        return unit_face(unit, self.ascii_only, label)

    def _outcome(self, key: str) -> str:
        """A preview's outcome (``attacker``, ``defender``, ``stalemate``) in words."""
        return self.words.text(msg("ui.outcome." + key))

    def _t(self, key: str, **args: Any) -> str:
        """One of this screen's own texts (``ui.<key>`` in the game's catalog), in words."""
        return self.words.text(msg("ui." + key, **args))

    def _names(self, cards: list[str]) -> str:
        """A unit's card names in the table's language: "Magucio + B22"."""
        return " + ".join(self.words.card(c) for c in cards)

    def _declaring_text(self, view: dict[str, Any]) -> Text:
        text = Text()
        text.append(self._t("declaring") + "\n", style="bold")
        text.append(self._t("declaring_hint") + "\n", style="dim")
        preview = (view.get("previews") or {}).get("go")
        if preview:
            text.append(self._t("without_support") + "\n", style="dim")
            text.append(self._outcome(preview), style="bold green" if preview == "attacker" else "bold yellow")
        return text

    def _beat_text(self, view: dict[str, Any], active: dict[str, Any] | None) -> Text:
        g = glyphs(self.ascii_only)
        text = Text()
        if active is None:
            if view["phase"] in ("open", "swap", "round_start"):
                text.append(self._t("empty_arena") + "\n", style="bold")
                text.append(self._t("opener_rule") + "\n")
                text.append("  " + self._t("beat_attack_rule"), style="bold")
                text.append("  " + self._t("or") + "  ")
                text.append(self._t("beat_power_rule"), style="bold")
                text.append("\n" + self._t("ties_never_win"), style="dim")
            else:
                text.append(self._t("empty_arena"), style="dim")
            return text
        text.append(self._t("to_beat", unit=self._names(active["cards"])) + "\n", style="bold")
        beat = view.get("to_beat")
        if beat:
            for key in ("defense", "power"):
                line = self._t("beat_" + key, n=beat[key])
                text.append(f" {g['pointer']} {line}\n", style="bold cyan")
            for note in beat["notes"]:
                text.append(f"   {self.words.arg('note', note)}\n", style="yellow")
        for c in active["cards"]:
            ci = info(c)
            if ci.negate:
                continue
            if ci.force_adv:
                text.append("   " + self._t("doubles_against_all", card=c) + "\n", style="yellow")
            elif ci.strong:
                text.append("   " + self._t("doubles_against", element_terms=sorted(ci.strong)) + "\n",
                            style="yellow")
        text.append(self._t("supports_after_doubling") + "\n", style="dim")
        hand = view.get("hand") or []
        beaters = [c for c in hand if c.get("beats_active")]
        if view.get("you") is not None and active["owner"] == view["you"]:
            text.append(f"{g['star']} " + self._t("yours_on_top"), style="bold green")
        elif view.get("you") is not None and hand and not view.get("hand_set_aside"):
            if beaters:
                text.append(f"{g['ok']} " + self._t("beaters", n=len(beaters)), style="green")
            else:
                text.append(f"{g['no']} " + self._t("no_beater"), style="red")
        text.rstrip()
        return text

    def _versus_text(self, view: dict[str, Any], active: dict[str, Any], attacker: dict[str, Any]) -> Text:
        g = glyphs(self.ascii_only)
        a, d = attacker["stats"], active["stats"]
        text = Text()
        text.append(self._t("attacks", seat=attacker["owner"]) + "\n", style="bold")
        text.append(("<- " if self.ascii_only else "◀ ") + "vs" + (" ->" if self.ascii_only else " ▶") + "\n",
                    style="dim")
        le = "<=" if self.ascii_only else "≤"
        for sa, va, sd, vd in (("A", a["attack"], "D", d["defense"]), ("P", a["power"], "P", d["power"])):
            win = va > vd
            text.append(f"{sa} {va} {'>' if win else le} {sd} {vd} ", style="bold green" if win else "")
            text.append(g["ok"] if win else g["no"], style="green" if win else "red")
            text.append("\n")
        phase = view["phase"]
        if phase in ("mode", "top"):
            text.append(self._t("attacker_wins") + "\n", style="bold green")
            text.append(self._t("choose_how" if phase == "mode" else "choose_top"), style="italic")
            return text
        if phase == "stalemate":
            text.append(self._t("stalemate_neither") + "\n", style="bold yellow")
            text.append(self._t("stalemate_choose"), style="italic")
            return text
        preview = view.get("previews") or {}
        for key in ("done", "pass", "go"):
            if key in preview:
                outcome = preview[key]
                text.append(self._t("as_it_stands") + "\n", style="dim")
                text.append(self._outcome(outcome), style="bold green" if outcome == "attacker" else "bold yellow")
                break
        else:
            text.append(self._t("x_arithmetic"), style="dim")
        return text

    def _draw_players(self, view: dict[str, Any]) -> None:
        bots = [s.is_bot for s in self.match.seats]
        table = self.query_one("#players", PlayersTable)
        table.show(view, bots, self.ascii_only)
        table.border_title = self._a(self._t("players"))
        table.border_subtitle = self._a(self._t("deck_discard", deck=view["deck"], discard=view["discard_count"])
                                        + " (d)")

    def _hand_cards(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        if view.get("shared_hand") is not None:
            return list(view["shared_hand"])
        return list(view.get("hand") or [])

    def _draw_hand(self, view: dict[str, Any], actions: list[Action]) -> None:
        g = glyphs(self.ascii_only)
        cards = self._hand_cards(view)
        playable = {c["id"] for c in cards if card_actions(actions, c["id"])}
        acting = bool(actions)
        row = self.query_one("#hand", HandGrid)
        row.empty = self._t("hand_hidden") if view.get("you") is None else self._t("no_cards")
        lit = acting and bool(playable)
        active = view["arena"][-1]["cards"] if view["arena"] else []
        row.set_cards([(c["id"], self._hand_face(c["id"], active),
                        ("playable" if c["id"] in playable else "disabled") if lit else "") for c in cards])
        box = self.query_one("#hand-box")
        doubled = any("×2" in face.title or face.title.endswith(" x2") for _c, face, _s in row.cards)
        box.border_subtitle = self._a(self._t("doubles_note")) if doubled else ""
        you = view.get("you")
        if you is None:
            box.border_title = self._a(self._t("hand"))
        elif view.get("shared_hand") is not None:
            box.border_title = self._a(self._t("shared_hand", seat=you))
        else:
            box.border_title = self._a(self._t("your_hand", seat=you, n=len(cards)))
        hint = Text()
        if view["phase"] == "over":
            hint.append(self._t("game_over"), style="dim")
        elif you is None:
            hint.append(self._t("hands_hidden"), style="dim")
        elif view.get("hand_set_aside"):
            hint.append(self._t("hands_set_aside") + "\n", style="magenta")
        if acting and cards and not playable:
            hint.append(f"{g['pointer']} " + self._t("choose_below"), style="italic")
        elif acting and cards:
            hint.append(f"{g['pointer']} " + self._t("lit") + " · ", style="green")
            hint.append(self._t("dim_cannot_beat") if self._kind == "turn" and view["arena"] else self._t("dim_not_now"),
                        style="dim")
        elif you is not None and not acting:
            dec = view.get("decision")
            if dec is not None and dec["seat"] != you:
                hint.append(self._t("waiting_for", seat=dec["seat"]), style="dim italic")
        self.query_one("#hand-hint", Static).update(hint)

    def _hand_face(self, card: str, active: list[str]) -> Any:
        """A hand card's face, marked ×2 when it doubles against the unit on top."""
        face = card_face(card, self.ascii_only)
        ci = info(card)
        if active and ci.kind == "combatant" and any(advantage(ci, info(c)) for c in active):
            face = dataclasses.replace(face, title=f"{face.title} {'x2' if self.ascii_only else '×2'}")
        return face

    def _annotate_decisions(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        """Adds the rules' preview ("→ attacker wins") to combat choices in the decision panel, and
        puts "No support" first in every support prompt (declaring, answering, pre-emptive), so
        it is always 1 / Enter wherever the rules list it."""
        previews = view.get("previews") or {}
        if decision is None:
            return
        ordered = support_first(decision.kind, actions)
        if not previews and ordered == actions:
            return
        shown = [dataclasses.replace(a, label=f"{self.words.text(a.label)}  → {self._outcome(previews[a.id])}")
                 if a.id in previews else a
                 for a in ordered]
        self.query_one("#decision", DecisionPanel).show(decision, shown)

    def _focused_hand_card(self) -> str | None:
        if self._view is None:
            return None
        ids = [c["id"] for c in self._hand_cards(self._view)]
        if self._focus_card in ids:
            return self._focus_card
        return None

    def _draw_detail(self) -> None:
        view = self._view
        if view is None:
            return
        detail = self.query_one("#detail")
        body = self.query_one("#detail-text", Static)
        unit = self._stack_unit()
        if unit is not None:
            detail.border_title = self._a(self._t("beneath_detail", seat=unit["owner"]))
            body.update(self._unit_detail(unit))
            return
        card = self._focused_hand_card()
        if card is None:
            active = view["arena"][-1] if view["arena"] else None
            if active is None:
                detail.border_title = self._a(self._t("card"))
                body.update(Text(self._t("card_hint"), style="dim"))
                return
            detail.border_title = self._a(self._t("on_top_of_arena"))
            text = Text()
            for c in active["cards"]:
                text.append_text(card_detail(c, self.ascii_only))
                text.append("\n")
            body.update(text)
            return
        detail.border_title = self._a(self._t("card_zoom"))
        text = card_detail(card, self.ascii_only)
        text.append("\n")
        text.append_text(self._against_active(card))
        mine = card_actions(self._actions, card)
        if mine:
            text.append("\n" + self._t("enter_key") + ": ", style="bold")
            text.append(self.words.text(mine[0].label) if len(mine) == 1 else self._t("choose_one_of", n=len(mine)),
                        style="green")
        body.update(text)

    def _hand_sums(self, view: dict[str, Any]) -> Text:
        """Each combatant in the viewer's hand against the unit on top: doubled printed stats
        against its Defense and Power as a defender; the verdict is the rules' own."""
        g = glyphs(self.ascii_only)
        text = Text()
        hand = [c for c in view.get("hand") or [] if c.get("kind") == "combatant" and "beats_active" in c]
        active = view["arena"][-1] if view["arena"] else None
        if not hand or active is None or active["owner"] == view.get("you"):
            return text
        base = self._as_defender(view, active)["stats"]
        opp = [info(c) for c in active["cards"]]
        text.append("\n" + self._t("hand_sums_head") + "\n", style="bold")
        for c in hand:
            ci = info(c["id"])
            k = 2 if any(advantage(ci, o) for o in opp) else 1
            mark = "×2" if k == 2 else ""
            # the unit on top doubles too, against this card, if it has the advantage over it
            back = [o for o in opp if advantage(o, ci)]
            target = {"defense": base["defense"] + sum(o.d for o in back), "power": base["power"] + sum(o.p for o in back)}
            text.append(f"  {self._t('it_doubles', card=c) if back else self.words.card(c)}: ")
            text.append(f"A {ci.a}{mark + '=' + str(ci.a * k) if mark else ''} vs D {target['defense']}", style="green"
                        if ci.a * k > target["defense"] else "")
            text.append(" · ")
            text.append(f"P {ci.p}{mark + '=' + str(ci.p * k) if mark else ''} vs P {target['power']}", style="green"
                        if ci.p * k > target["power"] else "")
            if ci.passive_mods:
                text.append(" " + self._t("plus_ability"), style="dim")
            text.append("  ")
            text.append(g["ok"] if c["beats_active"] else g["no"], style="green" if c["beats_active"] else "red")
            text.append("\n")
        return text

    def _stack_unit(self) -> dict[str, Any] | None:
        """The unit highlighted beneath the active one, while the stack list has the keyboard."""
        stack = self.query_one("#stack", StackList)
        if self._detail_from != "stack" or self.focused is not stack or stack.highlighted is None:
            return None
        if 0 <= stack.highlighted < len(self._beneath):
            return self._beneath[stack.highlighted]
        return None

    def _unit_detail(self, unit: dict[str, Any]) -> Text:
        text = Text()
        for c in unit["cards"]:
            text.append_text(card_detail(c, self.ascii_only))
            text.append("\n")
        for sp in unit["supports"]:
            who = self._seat_name(sp["by"])
            text.append(self._t("support_by", amount=f"{sp['amount']:+d}", stat=stat_word(sp["stat"]),
                                support=title_of(sp["name"]), who=who) + "\n",
                        style="green" if sp["amount"] > 0 else "red")
        st = unit["stats"]
        text.append(self._t("now_out_of_fight", a=st["attack"], d=st["defense"], p=st["power"]), style="cyan")
        return text

    def on_option_list_option_highlighted(self, event: Any) -> None:
        if event.option_list.id == "stack" and self.focused is event.option_list:
            self._detail_from = "stack"
            self._draw_detail()

    def on_option_list_option_selected(self, event: Any) -> None:
        if event.option_list.id == "stack":
            event.stop()
            self.action_zoom()

    def on_descendant_focus(self, event: Any) -> None:
        if getattr(event, "widget", None) is not None and event.widget.id == "stack":
            self._detail_from = "stack"
            self._draw_detail()

    def _against_active(self, card: str) -> Text:
        view = self._view
        g = glyphs(self.ascii_only)
        text = Text()
        if view is None or not view["arena"] or info(card).kind != "combatant":
            return text
        active = view["arena"][-1]
        names = self._names(active["cards"])
        entry = next((c for c in self._hand_cards(view) if c["id"] == card), None)
        ci = info(card)
        doubled = [info(c) for c in active["cards"] if advantage(ci, info(c))]
        if doubled:
            text.append("\n" + self._t("x2_against", unit=names), style="yellow")
            el = ci.element
            if CYCLE.get(el) in {d.element for d in doubled}:
                text.append(" " + self._t("element_beats", element_term=el, other_term=CYCLE[el]), style="yellow")
        if any(advantage(info(c), ci) for c in active["cards"]):
            text.append("\n" + self._t("doubles_against_it", unit=names, n=len(active["cards"])), style="yellow")
        if entry is not None and "beats_active" in entry:
            if entry["beats_active"]:
                text.append(f"\n{g['ok']} " + self._t("beats_alone", unit=names), style="green")
            else:
                text.append(f"\n{g['no']} " + self._t("not_beats_alone", unit=names), style="red")
        return text

    def _draw_math(self, view: dict[str, Any]) -> None:
        text = Text()
        arena = view["arena"]
        attacker = view.get("attacker")
        units = []
        if arena:
            units.append((self._t("on_top"), arena[-1]))
        if attacker:
            units.append((self._t("attacking"), attacker))
        for label, unit in units:
            if text.plain:
                text.append("\n")
            text.append(f"{label}: ", style="bold")
            for j, c in enumerate(unit["cards"]):
                if j:
                    text.append(" + ")
                text.append_text(card_line(c, self.ascii_only))
            st = unit["stats"]
            text.append("\n  " + self._t("now_stats", a=st["attack"], d=st["defense"], p=st["power"]) + "\n",
                        style="bold cyan")
            for line in unit["lines"]:
                text.append(f"  {self.words.arg('line', line)}\n")
            if not unit["lines"]:
                text.append("  " + self._t("printed_values") + "\n", style="dim")
        if attacker and arena:
            a, d = attacker["stats"], arena[-1]["stats"]
            text.append("\n" + self._t("combat") + "\n", style="bold")
            text.append("  " + self._t("physical", a=a["attack"], d=d["defense"],
                                       result=msg("ui.wins" if a["attack"] > d["defense"] else "ui.no")) + "\n")
            text.append("  " + self._t("magic", a=a["power"], d=d["power"],
                                       result=msg("ui.wins" if a["power"] > d["power"] else "ui.no")) + "\n")
            text.append("  " + self._t("hit_back", a=d["attack"], d=a["defense"], p=d["power"], p2=a["power"]) + "\n")
        elif arena:
            text.append("\n" + self._t("to_beat_it") + "\n", style="bold")
            beat = view.get("to_beat")
            if beat:
                text.append("  " + self._t("beat_defense", n=beat["defense"]) + "\n")
                text.append("  " + self._t("beat_power", n=beat["power"]) + "\n")
                for note in beat["notes"]:
                    text.append(f"  {self.words.arg('note', note)}\n")
            text.append_text(self._hand_sums(view))
        previews = view.get("previews") or {}
        if previews:
            labels = {a.id: a.label for a in self._actions}
            text.append("\n" + self._t("if_resolved") + "\n", style="bold")
            for aid, outcome in previews.items():
                text.append(f"  {self.words.text(labels[aid]) if aid in labels else aid} → ")
                text.append(self._outcome(outcome), style="green" if outcome == "attacker" else "yellow")
                text.append("\n")
        for k, unit in enumerate(reversed(arena[:-1])):
            if k == 0:
                text.append("\n" + self._t("beneath_math") + "\n", style="bold")
            st = unit["stats"]
            text.append(f"  {self._names(unit['cards'])}: "
                        + self._t("stats", a=st["attack"], d=st["defense"], p=st["power"]) + "\n")
        text.append("\n" + self._t("effective_rule") + "\n", style="dim")
        cycle = " > ".join(ELEMENTS[e][0] for e in ("fire", "earth", "lightning", "water", "fire"))
        text.append(f"{self._t('cycle')}: {cycle}  ({self._t('cycle_note')})", style="dim")
        if not arena:
            text.append("\n" + self._t("nothing_to_compute"), style="dim")
        self.query_one("#math-text", Static).update(text)

    # -- keys -----------------------------------------------------------------------------------
    def focus_default(self) -> None:
        """A new decision: the hand when a card is the natural answer (open, attack), else the list.
        The cursor goes to the first lit card, and the card pane shows it."""
        hand = self.query_one("#hand", HandGrid)
        first = next((i for i, (_c, _f, s) in enumerate(hand.cards) if s == "playable"), None)
        if first is not None:
            hand.cursor = first
        if self._kind in ("open", "turn") and first is not None:
            hand.focus()
        else:
            self.query_one("#decision", DecisionPanel).focus()
        self._focus_card = hand.current
        self._detail_from = "hand"
        self._draw_detail()

    FOCUS_ORDER = ("hand", "stack", "math", "log", "decision")

    def _cycle_focus(self, step: int) -> None:
        order = [w for w in (self.query_one(f"#{i}") for i in self.FOCUS_ORDER) if w.display and w.focusable]
        if not order:
            return
        current = self.focused
        index = order.index(current) if current in order else -step
        order[(index + step) % len(order)].focus()

    def action_focus_next(self) -> None:
        """tab: hand → beneath → (arithmetic) → log → choices → hand. (The base binds tab to
        ``focus_next``, which a Screen lacks, so it did nothing.)"""
        self._cycle_focus(1)

    def action_focus_previous(self) -> None:
        self._cycle_focus(-1)

    def on_card_row_focused(self, message: HandGrid.Focused) -> None:
        self._focus_card = message.card
        self._detail_from = "hand"
        self._draw_detail()

    def on_card_row_chosen(self, message: HandGrid.Chosen) -> None:
        message.stop()
        self.play_card(message.card)

    def play_card(self, card: str) -> None:
        """Enter on a hand card: its one action at once, or a short choice list."""
        mine = card_actions(self._actions, card)
        if not self._actions:
            self.notify(self._t("not_your_decision"), severity="warning")
            return
        if not mine:
            why = "cannot_play_now"
            entry = next((c for c in self._hand_cards(self._view or {}) if c["id"] == card), None)
            if self._kind == "turn" and entry is not None and entry.get("beats_active") is False:
                why = "cannot_beat_top"
            self.notify(self._t(why, card=card), severity="warning")
            return
        if len(mine) == 1:
            self.act(mine[0].id)
            return
        head = Text(self._t("play_head") + " ")
        head.append_text(card_line(card, self.ascii_only))
        previews = (self._view or {}).get("previews") or {}

        def chosen(action_id: str | None) -> None:
            if action_id is not None:
                self.act(action_id)

        shown = [dataclasses.replace(a, label=self.words.text(a.label)) for a in mine]
        notes = {aid: self._outcome(o) for aid, o in previews.items()}
        winning = {aid for aid, o in previews.items() if o == "attacker"}
        self.app.push_screen(ChoiceScreen(head, shown, notes, self.ascii_only, winning), chosen)

    def on_key(self, event: events.Key) -> None:
        """Number keys pick from the decision list wherever the focus is."""
        char = event.character
        if not char or not char.isdigit() or char == "0":
            return
        panel = self.query_one("#decision", DecisionPanel)
        if self.focused is panel:
            return
        index = int(char) - 1
        if index < len(panel.actions):
            event.stop()
            self.act(panel.actions[index].id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "withdraw":
            return self._can_withdraw
        return True

    def action_withdraw(self) -> None:
        if any(a.id == "withdraw" for a in self._actions):
            self.act("withdraw")

    def action_arithmetic(self) -> None:
        self._show_math = not self._show_math
        self.set_class(self._show_math, "-math")
        if self._show_math and self._view is not None:
            self._draw_math(self._view)

    def action_discard(self) -> None:
        if self._view is None:
            return
        self.app.push_screen(DiscardScreen(list(self._view["discard"]), self.ascii_only))

    def action_zoom(self) -> None:
        view = self._view
        if view is None:
            return
        unit = self._stack_unit()
        if unit is not None:
            self.app.push_screen(ZoomScreen(unit_face(unit, self.ascii_only, "beneath"), self._unit_detail(unit),
                                            self.ascii_only))
            return
        card = self._focused_hand_card()
        if card is not None and (self.focused is self.query_one("#hand") or not view["arena"]):
            extra = self._against_active(card)
            self.app.push_screen(ZoomScreen(card_face(card, self.ascii_only), extra, self.ascii_only))
            return
        if view["arena"]:
            unit = self._as_defender(view, view["arena"][-1])
            extra = Text()
            if len(unit["cards"]) > 1:
                for c in unit["cards"]:
                    extra.append_text(card_detail(c, self.ascii_only))
                    extra.append("\n")
            for c in unit["cards"]:
                flavour = card_face(c, self.ascii_only).flavour
                if flavour:
                    extra.append(flavour + "\n", style="dim italic")
            for line in unit["lines"]:
                extra.append(f"{self.words.arg('line', line)}\n", style="cyan")
            extra.rstrip()
            self.app.push_screen(ZoomScreen(unit_face(unit, self.ascii_only, "on_top"), extra, self.ascii_only))
        elif card is not None:
            self.app.push_screen(ZoomScreen(card_face(card, self.ascii_only), None, self.ascii_only))
        else:
            self.notify(self._t("nothing_to_zoom"), severity="information")

