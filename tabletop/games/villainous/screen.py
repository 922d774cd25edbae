"""The Villainous game screen: your realm of four locations, your hand, the rivals, the log.

Taking an action is the board game's gesture: put the cursor on an action symbol at your mover's
location and press Enter, then choose the card (your hand for *Play a card*; a row of candidates
for Activate, Move, Vanquish and Fate). Destinations are chosen on the realm itself (←/→, Enter).
Every decision is also in the list at the bottom (number keys), so nothing is a dead end.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tabletop.engine import Action, Decision
from tabletop.engine.faces import CardFace
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.glyphs import bar
from tabletop.ui.steady import KeptContent, SteadyLines, SteadyStatic, SteadyVertical
from tabletop.ui.widgets import CardRow, CardView, DecisionPanel
from tabletop.ui.widgets.curtain import ascii_fold
from tabletop.ui.widgets.zoom import ZoomScreen

from .widgets import (
    VILLAIN_COLOUR,
    RealmView,
    RivalsPanel,
    action_glyph,
    action_help,
    action_label,
    card_face,
    card_line,
    card_name,
    plain,
    said,
    symbols_of,
    ui,
)

CARD_GROUPS = ("activate", "move_item_ally", "move_hero", "vanquish", "fate")
PASS_VERBS = ("pass", "done", "skip", "none")
LOC_VERBS = frozenset({"at", "to", "go", "mover"})
"""Verbs of the answers that are a location of a realm (the realm highlights them)."""
PICK_VERBS = frozenset({"vanquish", "with", "pick", "on", "target", "drop", "play", "activate", "move", "movehero",
                        "take", "defeat", "discard", "hero", "pull", "ally", "carry", "item", "free", "flip", "use",
                        "cond", "disguise", "first"})
"""Verbs of the answers that choose one card (the card is the whole answer)."""


def location_of(action: Action) -> int | None:
    """The location an answer chooses (``Move to Oasis``, ``Play Razoul to Oasis``), if that is
    the whole answer: the realm highlights it."""
    if action.verb in LOC_VERBS and action.location is not None and not action.get("map"):
        return int(action.location)
    return None


def picked_card(action: Action) -> str | None:
    """The card an answer chooses: its ``target`` for a card played onto another, else its ``card``."""
    if action.verb not in PICK_VERBS:
        return None
    if action.verb in ("on", "target") and action.target:
        return action.target
    return action.card


def index_cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every card the view shows, by id (realms, attachments, hands, piles, revealed cards)."""
    out: dict[str, dict[str, Any]] = {}

    def add(cards: Any) -> None:
        if isinstance(cards, list):
            for c in cards:
                if isinstance(c, dict) and "id" in c:
                    out[c["id"]] = c
                    add(c.get("attached"))

    for p in view.get("players", []):
        add(p.get("hand"))
        add(p.get("discard"))
        add(p.get("fate_discard"))
        for loc in p.get("locations", []):
            add(loc["heroes"])
            add(loc["cards"])
    add(view.get("revealed"))
    add(view.get("resolving"))
    add(view.get("looking"))
    return out


class VillainousScreen(GameScreen, SteadyLines):
    CSS_PATH = "screen.tcss"
    SHOW_DICE = False
    HELP_KEYS = (
        "| ← → / h l | location (in the realm) · card (in a row) |\n"
        "| ↑ ↓ / k j | action symbol at the location |\n"
        "| Enter | use the action symbol · choose the card or location |\n"
        "| m | move your mover to the highlighted location |\n"
        "| e | end your actions (the turn ends, you draw up) |\n"
        "| p | pass (Condition) · done (discarding) · skip |\n"
        "| v | look at the next villain's realm (Esc: back to yours) |\n"
        "| z | the focused card in full (hand or row), or every card at the highlighted location |\n"
        "| click | a card in a row: what Enter on it does |\n"
        "| Esc | back out of a half-made choice |\n"
        "| 1-9 | choose from the list at the bottom |\n"
        "| Tab | next pane (realm, choices, hand, list) |\n"
        "| ¤ $ gain · ✦ P play · ↯ A activate · † F fate · ⇄ M move ally/item · ⇆ H move hero · "
        "⚔ V vanquish · ✗ D discard | action symbols (░░ / ## covered by a Hero, ★ usable now) |\n"
        "| ▲ H hero · ● A ally · ◆ I item · ✧ E effect · ⚑ C condition · ✶ U curse | cards |\n"
    )
    REVEAL_KINDS = frozenset({"looked"})
    """Fate cards a seat looks at are shown at once; its own draws are in its hand anyway."""
    BINDINGS = [
        Binding("m", "move_mover", "move mover"),
        Binding("e", "end_turn", "end actions"),
        Binding("p", "pass", "pass/done"),
        Binding("v", "peek", "view realm"),
        Binding("z", "zoom", "zoom"),
        Binding("escape", "back", "back", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view: dict[str, Any] = {}
        self._decision: Decision | None = None
        self._actions: list[Action] = []
        self._cards: dict[str, dict[str, Any]] = {}
        self._pending: str | None = None
        """The action symbol chosen whose card is still to be chosen (``play_card``, ``fate``...)."""
        self._peek: int | None = None
        """A rival's realm shown instead of yours (``v``)."""
        self._shown: int | None = None
        self._place_lines: dict[tuple[Any, ...], Text] = {}
        """The line about each place the realm's cursor was on, for the board shown (emptied by
        ``refresh_board``): moving back and forth builds the same few lines again and again (issue #15)."""
        self._loc_actions: dict[int, str] = {}
        self._targets: dict[str, str] = {}
        self._keys: tuple[bool | None, ...] = ()
        self._rows: dict[str, Any] = {}
        self._title_decision: Decision | None = None
        self._seat_faces: dict[str, int] = {}
        """Ids of the rival faces in the targets row (the Fate action's second level) -> seat."""

    # -- layout ---------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield SteadyStatic(id="status")
        yield RealmView(id="realm", words=self.words, ascii_only=self.ascii_only)
        with Vertical(id="pick-box"):
            yield CardRow(id="targets", ascii_only=self.ascii_only)
        yield SteadyStatic(id="hint")
        with SteadyVertical(id="hand-box"):
            yield CardRow(id="hand", ascii_only=self.ascii_only, empty=ui(self.words, "no_hand"))
        yield KeptContent(id="detail")  # a cursor going back and forth says the same few lines again

    def on_mount(self) -> None:
        side = self.query_one("#side")
        side.mount(RivalsPanel(id="rivals", words=self.words, ascii_only=self.ascii_only), before=self.query_one("#log"))
        self.query_one("#realm", RealmView).listener = self.on_realm_view_focused
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.app.size
        self.query_one("#side").styles.width = 32 if width >= 118 else 28
        self.query_one("#decision").styles.max_height = 10 if height >= 38 else 7
        self.query_one("#detail").styles.height = 2 if height >= 36 else 1

    # -- drawing --------------------------------------------------------------------------------
    def me(self, view: dict[str, Any]) -> int:
        """The seat whose realm and hand are on screen: the viewer, else the player whose turn it is."""
        return self.viewer if self.viewer is not None else int(view.get("turn", 0))

    def refresh_board(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        self._view, self._decision, self._actions = view, decision, actions
        self._place_lines.clear()
        self.query_one("#title", Static).update(self._title(view, self._title_decision))
        self._cards = index_cards(view)
        players = view.get("players", [])
        if not players:  # still choosing villains: the list does it all
            self.query_one("#status", Static).update(ui(self.words, "choose_villain"))
            self.query_one("#realm", RealmView).show(None, ready=set(), used=set(), targets=set(), live=False)
            self.query_one("#pick-box").display = False
            self.query_one("#hand-box").display = False
            self.query_one("#hint", Static).update("")
            return
        self.query_one("#hand-box").display = True
        me = self.me(view)
        kind = decision.kind if decision else None
        if self._pending and (kind != "action" or not self._group(self._pending)):
            self._pending = None
        if self._peek is not None and (self._peek >= len(players) or self._peek == me):
            self._peek = None
        self._loc_actions = {}
        for a in actions:
            loc = location_of(a)
            if loc is not None:
                self._loc_actions[loc] = a.id
            elif a.verb == "stay":
                self._loc_actions[players[me]["mover"]] = a.id
        shown = me
        if self._loc_actions:
            shown = self._realm_of(me)
        if self._peek is not None:
            shown = self._peek
        self._shown = shown
        board = players[shown]

        # the realm: usable symbols, used ones, destinations
        ready: set[str] = set()
        live = kind == "action" and shown == me and self._peek is None
        if live:
            here = board["locations"][board["mover"]]
            for s in symbols_of(here):
                if self._group(s["action"], s.get("amount", 0)):
                    ready.add(s["slot"])
        used = set(view.get("used", [])) if view.get("turn") == shown else set()
        targets = set(self._loc_actions) if self._peek is None else set()
        self.query_one("#realm", RealmView).show(board, ready=ready, used=used, targets=targets, live=live)

        self._draw_status(view, players[me], board, me)
        self._draw_targets(view, actions)
        self._draw_hand(players[me], actions)
        rivals = [p for p in players if p["seat"] != me]
        self.query_one("#rivals", RivalsPanel).show(
            rivals, view.get("turn"), compact=len(rivals) * 5 + 2 > 0.6 * self.app.size[1])
        hint = self._hint(view, decision, actions, me)
        if self.ascii_only:
            hint = Text(plain(hint.plain, True), style="", no_wrap=True, overflow="ellipsis")
        self.query_one("#hint", Static).update(hint)
        if isinstance(self.focused, CardRow):  # a row refilled under the cursor: say what is there now
            self._detail(self.focused, self.focused.current)
        keys = (self.check_action("move_mover", ()), self.check_action("end_turn", ()), self.check_action("pass", ()))
        if keys != self._keys:  # the footer redraws itself only when what works changes
            self._keys = keys
            self.refresh_bindings()

    def _realm_of(self, me: int) -> int:
        """Whose realm a location decision is about: the realm the answers name (``seat``; a Fate
        card is played into its victim's realm)."""
        for a in self._actions:
            if location_of(a) is not None and a.seat is not None:
                return int(a.seat)
        return me

    def _group(self, group: str, amount: int | None = None) -> list[Action]:
        acts = [a for a in self._actions if a.group == group]
        if group == "gain_power" and amount is not None:
            acts = [a for a in acts if a.amount == amount]
        return acts

    def _draw_status(self, view: dict[str, Any], me: dict[str, Any], board: dict[str, Any], seat: int) -> None:
        power = "$" if self.ascii_only else "¤"
        colour = VILLAIN_COLOUR.get(me["villain"], "white")
        words = self.words
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(words.term(me["villain"]), style=f"bold {colour}")
        line.append(f" · {me['name']}  ")
        line.append(f"{power} " + ui(words, "power_n", n=me["power"]), style="bold yellow")
        line.append("  " + ui(words, "hand_of", n=me["hand_count"], most=me["hand_target"]))
        line.append("  " + ui(words, "piles", deck=me["deck"], discard=len(me["discard"])))
        line.append("  " + ui(words, "fate_piles", deck=me["fate_deck"], discard=len(me["fate_discard"])),
                    style="magenta")
        prog = me.get("progress") or {}
        obj = Text(no_wrap=True, overflow="ellipsis")
        obj.append(ui(words, "objective") + " ", style="bold")
        obj.append(bar(round(100 * float(prog.get("value", 0) or 0)), 100, 10, self.ascii_only).split(" ")[0],
                   style=colour)
        obj.append(" " + plain(said(words, prog.get("text")), self.ascii_only), style="bold")
        obj.append(" — " + said(words, me["objective"]), style="dim")
        if board["seat"] != seat:
            peek = Text(no_wrap=True, overflow="ellipsis")
            why = ui(words, "peek_why") if self._peek is not None else ui(words, "you_choose_here")
            peek.append(ui(words, "showing", seat=board["seat"], villain_term=board["villain"], why=why),
                        style="bold reverse " + VILLAIN_COLOUR.get(board["villain"], "white"))
            obj = peek
        self.query_one("#status", Static).update(Group(line, obj))

    def _draw_targets(self, view: dict[str, Any], actions: list[Action]) -> None:
        """The row of things to choose: candidates of a chosen symbol, the revealed Fate cards,
        or the cards any other decision is about."""
        box = self.query_one("#pick-box")
        row = self.query_one("#targets", CardRow)
        entries: list[tuple[str, CardFace, str, str]] = []
        title = ""
        hand = self._hand_ids()
        if self._pending in CARD_GROUPS:
            title = ui(self.words, "choose_title", what=action_label(self.words, self._pending))
            for a in self._group(self._pending):
                entries.append(self._entry(a))
        elif self._decision is not None and self._decision.kind != "action":
            for a in actions:
                if location_of(a) is not None:
                    continue
                target = self._target_card(a)
                if target and target not in hand:
                    entries.append(self._entry(a, target))
            if entries:
                title = self.words.text(self._decision.prompt)
        seen: set[str] = set()
        unique = []
        for e in entries:
            if e[0] not in seen:
                seen.add(e[0])
                unique.append(e)
        self._targets = {e[0]: e[3] for e in unique}
        cards = [(e[0], e[1], e[2]) for e in unique]
        revealed = [c for c in view.get("revealed", []) if c["id"] not in self._targets]
        if revealed:  # the Fate action's two cards: the one that cannot be played is shown too
            cards += [(c["id"], card_face(self.words, c), "disabled" if cards else "") for c in revealed]
            title = title or ui(self.words, "revealed")
        box.display = bool(cards)
        box.border_title = title
        self._set_row(row, cards)

    def _target_card(self, action: Action) -> str | None:
        """The card an action is about, when choosing that card is the whole answer (*Play
        Razoul*, *Use Razoul*): one card per action, and no other action on it."""
        card = picked_card(action)
        if card is None or card not in self._cards:
            return None
        if sum(1 for a in self._actions if picked_card(a) == card) > 1:
            return None  # two answers about the same card: the list tells them apart
        return card

    def _entry(self, action: Action, target: str | None = None) -> tuple[str, CardFace, str, str]:
        target = target or self._target_card(action) or action.card
        if target and target in self._cards:
            return target, card_face(self.words, self._cards[target]), "playable", action.id
        if action.verb == "fate" and action.seat is not None:
            seat = int(action.seat)
            p = self._view["players"][seat]
            prog = said(self.words, (p.get("progress") or {}).get("text"))
            face = CardFace(id=f"seat{seat}", title=f"{self.words.term(p['villain'])} ({p['name']})",
                            kind=ui(self.words, "rival"), text=prog, colour=VILLAIN_COLOUR.get(p["villain"], "white"),
                            symbol=action_glyph("fate", self.ascii_only))
            self._seat_faces[f"seat{seat}"] = seat
            return f"seat{seat}", face, "playable", action.id
        return action.id, CardFace(id=action.id, title=self.words.text(action.label)), "playable", action.id

    def _hand_ids(self) -> list[str]:
        players = self._view.get("players", [])
        if not players:
            return []
        hand = players[self.me(self._view)].get("hand")
        return [c["id"] for c in hand] if isinstance(hand, list) else []

    def _draw_hand(self, me: dict[str, Any], actions: list[Action]) -> None:
        row = self.query_one("#hand", CardRow)
        box = self.query_one("#hand-box")
        hand = me.get("hand")
        if not isinstance(hand, list):
            box.border_title = ui(self.words, "hand_hidden", seat=me["seat"], n=me["hand_count"])
            row.empty = ui(self.words, "hidden")
            self._set_row(row, [])
            return
        playable = {a.card for a in self._hand_actions(actions)}
        box.border_title = ui(self.words, "hand_title", seat=me["seat"], n=len(hand))
        self._set_row(row, [(c["id"], card_face(self.words, c), "playable" if c["id"] in playable
                             else ("disabled" if playable else "")) for c in hand])

    def _set_row(self, row: CardRow, cards: list[tuple[str, CardFace, str]]) -> None:
        """Refill a row only when its cards or their states changed (remounting is not free)."""
        if self._rows.get(row.id or "") == cards and row.children:
            return
        self._rows[row.id or ""] = cards
        row.set_cards(cards)

    def _hand_actions(self, actions: list[Action]) -> list[Action]:
        hand = set(self._hand_ids())
        out = [a for a in actions if a.card in hand and self._target_card(a) == a.card]
        if self._pending is not None:
            out = [a for a in out if a.group == self._pending]
        elif self._decision is not None and self._decision.kind == "action":
            out = [a for a in out if a.group == "play_card"]
        return out

    def _hint(self, view: dict[str, Any], decision: Decision | None, actions: list[Action], me: int) -> Text:
        words = self.words
        text = Text(no_wrap=True, overflow="ellipsis")
        if decision is None:
            d = self.match.decision()
            if d is None:
                text.append(ui(words, "game_over"), style="bold green")
            else:
                who = self.match.seats[d.seat]
                text.append(ui(words, "waiting_bot" if who.is_bot else "waiting", seat=d.seat,
                               prompt=words.text(d.prompt)), style="italic")
            return text
        kind = decision.kind
        prompt = words.text(decision.prompt)
        text.append("▸ " if not self.ascii_only else "> ", style="bold yellow")
        if self._peek is not None:
            text.append(ui(words, "hint_peek"))
        elif kind == "move":
            text.append(ui(words, "hint_move"))
        elif kind == "action" and self._pending == "play_card":
            text.append(ui(words, "hint_play"))
        elif kind == "action" and self._pending:
            text.append(ui(words, "hint_pending", what=action_label(words, self._pending)))
        elif kind == "action":
            loc = view["players"][me]["locations"][view["players"][me]["mover"]]["term"]
            text.append(ui(words, "hint_action", loc_term=loc))
        elif self._loc_actions:
            text.append(ui(words, "hint_loc", prompt=prompt))
        elif self._targets:
            text.append(ui(words, "hint_targets", prompt=prompt))
        elif self._hand_actions(actions):
            verbs = {a.verb for a in actions}
            extra = ui(words, "key_pass") if "pass" in verbs else (ui(words, "key_done") if "done" in verbs else "")
            text.append(ui(words, "hint_hand", prompt=prompt) + extra)
        else:
            text.append(ui(words, "hint_list", prompt=prompt))
        return text

    def title_line(self, decision: Decision | None) -> Text:
        """The header, from the view this redraw already built (``refresh_board`` draws it again
        with the new view: the base draws the header before the board, from no view of its own)."""
        self._title_decision = decision
        return self._title(self._view, decision)

    def _title(self, view: dict[str, Any], decision: Decision | None) -> Text:
        """Public facts only (the player to act, round, Power, hand size, objective progress)."""
        words = self.words
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(self.spec.title, style="bold")
        players = view.get("players", [])
        if not players:
            text.append(" · " + words.message("sum.draft", {}))
            return text
        p = players[view["turn"]]
        text.append(" · " + ui(words, "round_of", n=view["round"], most=view["round_limit"]) + " · ")
        text.append(f"{words.term(p['villain'])} ({p['name']})", style="bold")
        text.append(f" · {'$' if self.ascii_only else '¤'}" + ui(words, "power_n", n=p["power"]) + " · "
                    + ui(words, "hand_n", n=p["hand_count"]))
        prog = (p.get("progress") or {}).get("text")
        if prog:
            text.append(" · " + ui(words, "objective_is", what=plain(said(words, prog), self.ascii_only)))
        if decision is None:  # the decision itself is on the line below (decision_line), whole
            text.append(" · " + ui(words, "over"), style="bold green")
        return text

    def focus_default(self) -> None:
        decision = self._decision
        realm = self.query_one("#realm", RealmView)
        if decision is None:
            return
        if self._loc_actions:
            current = realm.loc if realm.loc in self._loc_actions else min(self._loc_actions)
            if decision.kind == "move" and realm.loc == self._view["players"][self.me(self._view)]["mover"]:
                current = min(self._loc_actions)
            realm.focus()
            realm.aim(current, prefer_ready=False)
        elif decision.kind == "action":
            realm.focus()
            realm.aim(self._view["players"][self.me(self._view)]["mover"])
        elif self._targets:
            row = self.query_one("#targets", CardRow)
            self._aim_row(row)
            row.focus()
        elif self._hand_actions(self._actions):
            row = self.query_one("#hand", CardRow)
            self._aim_row(row)
            row.focus()
        else:
            self.query_one("#decision", DecisionPanel).focus()

    # -- answering ------------------------------------------------------------------------------
    def act(self, action_id: str) -> bool:
        self._pending = None
        return super().act(action_id)

    def on_realm_view_chosen(self, msg: RealmView.Chosen) -> None:
        if self._peek is not None:
            self.notify(ui(self.words, "warn_peek"), severity="warning")
            return
        if msg.loc in self._loc_actions:
            self.act(self._loc_actions[msg.loc])
            return
        decision = self._decision
        if decision is None:
            return
        if decision.kind != "action":
            if self._loc_actions:
                self.notify(ui(self.words, "warn_highlighted"), severity="warning")
            else:
                self.notify(ui(self.words, "warn_in_list"), severity="warning")
            return
        me = self._view["players"][self.me(self._view)]
        if msg.loc != me["mover"]:
            self.notify(ui(self.words, "warn_mover_at", loc_term=me["locations"][me["mover"]]["term"]),
                        severity="warning")
            return
        if msg.symbol is None:
            return
        self.use_symbol(msg.symbol)

    def use_symbol(self, symbol: dict[str, Any]) -> None:
        action, amount = symbol["action"], symbol.get("amount", 0)
        acts = self._group(action, amount)
        if not acts:
            if symbol.get("covered"):
                why = "why_covered"
            elif symbol["slot"] in set(self._view.get("used", [])):
                why = "why_used"
            else:
                why = "why_nothing"
            self.notify(ui(self.words, why, what=action_label(self.words, action, amount)), severity="warning")
            return
        if action in ("gain_power", "discard") or (len(acts) == 1 and acts[0].card is None
                                                  and acts[0].verb != "fate"):
            self.act(acts[0].id)
            return
        self._pending = action
        self.refresh_all()
        row = self.query_one("#hand" if action == "play_card" else "#targets", CardRow)
        self._aim_row(row)
        row.focus()

    @staticmethod
    def _aim_row(row: CardRow) -> None:
        """Put a row's cursor on its first usable card (unless it is on one already)."""
        states = [c[2] for c in row.cards]
        if "playable" in states and (row.cursor >= len(states) or states[row.cursor] != "playable"):
            row.cursor = states.index("playable")

    def on_card_row_chosen(self, msg: CardRow.Chosen) -> None:
        if msg.row.id == "targets":
            action_id = self._targets.get(msg.card)
            if action_id is None:
                self.notify(ui(self.words, "warn_nothing_here"), severity="warning")
            else:
                self.act(action_id)
            return
        found = [a for a in self._hand_actions(self._actions) if a.card == msg.card]
        if found:
            self.act(found[0].id)
            return
        name = self.words.card(msg.card) if msg.card in self._cards else msg.card
        if self._decision is not None and self._decision.kind == "action" and not self._group("play_card"):
            self.notify(ui(self.words, "warn_no_play", name=name), severity="warning")
        else:
            self.notify(ui(self.words, "warn_cannot_use", name=name), severity="warning")

    def on_card_row_focused(self, msg: CardRow.Focused) -> None:
        views = list(msg.row.query(CardView))
        if 0 <= msg.row.cursor < len(views):
            msg.row.scroll_to_widget(views[msg.row.cursor], animate=False)
        self._detail(msg.row, msg.card)

    def _detail(self, row: CardRow, card_id: str | None) -> None:
        """The focused card in words, with what Enter will do to it."""
        card = self._cards.get(card_id or "")
        detail = self.query_one("#detail", KeptContent)
        label = None
        if row.id == "targets" and card_id in self._targets:
            label = next((a.label for a in self._actions if a.id == self._targets[card_id]), None)
        elif row.id == "hand":
            label = next((a.label for a in self._hand_actions(self._actions) if a.card == card_id), None)
        if card is not None:
            line = card_line(self.words, card)
            if label:
                line = Text.assemble((ui(self.words, "enter_does", what=self.words.text(label)), "bold"), "  ·  ", line)
            detail.update(line, layout=False)
        elif card_id in self._seat_faces:
            p = self._view["players"][self._seat_faces[card_id]]
            detail.update(Text(f"{self.words.term(p['villain'])} ({p['name']}): {said(self.words, p['objective'])} — "
                               + said(self.words, (p.get("progress") or {}).get("text"))), layout=False)

    def on_realm_view_focused(self, msg: RealmView.Focused) -> None:
        if self._shown is None or not self._view.get("players"):
            return
        s = msg.symbol
        key = (msg.loc, None if s is None else (s["action"], s.get("amount", 0), bool(s.get("covered"))))
        text = self._place_lines.get(key)
        if text is None:
            text = self._place_lines[key] = self._place_line(msg.loc, s)
        self.query_one("#detail", KeptContent).update(text, layout=False)

    def _place_line(self, at: int, symbol: dict[str, Any] | None) -> Text:
        """The line about location ``at`` of the realm shown (and its highlighted ``symbol``)."""
        assert self._shown is not None
        loc = self._view["players"][self._shown]["locations"][at]
        words = self.words
        text = Text()
        text.append(words.term(loc["term"]), style="bold")
        if at in self._loc_actions:
            label = next((a.label for a in self._actions if a.id == self._loc_actions[at]), "")
            text.append(" · " + ui(words, "enter_does", what=words.text(label)), style="bold")
        elif symbol is not None and self._peek is None:
            s = symbol
            text.append(f" · {action_glyph(s['action'], self.ascii_only)} "
                        f"{action_label(words, s['action'], s.get('amount', 0))}: {action_help(words, s['action'])}")
            if s.get("covered"):
                text.append(" " + ui(words, "covered_by_hero"), style="dim")
        cards = loc["heroes"] + loc["cards"]
        if cards:
            text.append(" · " + ui(words, "here", what=", ".join(card_name(words, c) for c in cards)), style="dim")
        return text

    def on_key(self, event: events.Key) -> None:
        """Number keys choose from the list from anywhere on the screen."""
        if event.character and event.character.isdigit() and event.character != "0":
            if isinstance(self.focused, DecisionPanel):
                return
            index = int(event.character) - 1
            if index < len(self._actions):
                event.stop()
                self.act(self._actions[index].id)

    # -- keys -----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        verbs = {a.verb for a in self._actions}
        if action == "move_mover":
            return True if "go" in verbs or "stay" in verbs else None
        if action == "end_turn":
            return True if "end" in verbs else None
        if action == "pass":
            return True if any(v in verbs for v in PASS_VERBS) else None
        return True

    def action_move_mover(self) -> None:
        realm = self.query_one("#realm", RealmView)
        if self._decision is None or self._decision.kind != "move":
            self.notify(ui(self.words, "warn_move_start"), severity="warning")
            return
        action_id = self._loc_actions.get(realm.loc)
        if action_id is None:
            self.notify(ui(self.words, "warn_other_loc"), severity="warning")
            return
        self.act(action_id)

    def action_end_turn(self) -> None:
        for a in self._actions:
            if a.verb == "end":
                self.act(a.id)
                return

    def action_pass(self) -> None:
        by_verb = {a.verb: a.id for a in reversed(self._actions)}
        for candidate in PASS_VERBS:
            if candidate in by_verb:
                self.act(by_verb[candidate])
                return

    def action_peek(self) -> None:
        players = self._view.get("players", [])
        if len(players) < 2:
            return
        me = self.me(self._view)
        start = self._peek if self._peek is not None else me
        nxt = (start + 1) % len(players)
        self._peek = None if nxt == me else nxt
        self.refresh_all()
        self.query_one("#realm", RealmView).focus()

    def _ascii_face(self, face: CardFace) -> CardFace:
        if not self.ascii_only:
            return face
        return dataclasses.replace(face, title=ascii_fold(face.title), kind=ascii_fold(face.kind),
                                   text=ascii_fold(face.text), flavour=ascii_fold(face.flavour),
                                   tags=tuple(ascii_fold(t) for t in face.tags))

    def action_zoom(self) -> None:
        """z: the focused card with its whole text (as in Superinmundos), or, on the realm, every
        card at the highlighted location."""
        focused = self.focused
        if isinstance(focused, CardRow):
            card = self._cards.get(focused.current or "")
            if card is None:
                self.notify(ui(self.words, "no_zoom"), severity="information")
                return
            extra = Text()
            for a in card.get("attached", []):
                extra.append(ui(self.words, "attached") + " ", style="dim")
                extra.append_text(card_line(self.words, a))
                extra.append("\n")
            label = None
            if focused.id == "targets" and card["id"] in self._targets:
                label = next((a.label for a in self._actions if a.id == self._targets[card["id"]]), None)
            elif focused.id == "hand":
                label = next((a.label for a in self._hand_actions(self._actions) if a.card == card["id"]), None)
            if label:
                extra.append(ui(self.words, "enter_does", what=self.words.text(label)), style="bold")
            extra.rstrip()
            self.app.push_screen(ZoomScreen(self._ascii_face(card_face(self.words, card)), extra, self.ascii_only))
            return
        players = self._view.get("players", [])
        if self._shown is None or not players:
            self.notify(ui(self.words, "no_zoom"), severity="information")
            return
        realm = self.query_one("#realm", RealmView)
        board = players[self._shown]
        loc = board["locations"][realm.loc]
        cards = loc["heroes"] + loc["cards"]
        words = self.words
        symbols = ", ".join(action_label(words, s["action"], s.get("amount", 0))
                            + (" " + ui(words, "covered") if s.get("covered") else "") for s in symbols_of(loc))
        face = CardFace(id=f"loc{realm.loc}", title=words.term(loc["term"]),
                        kind=ui(words, "location_of", villain_term=board["villain"])
                        + (" · " + ui(words, "locked") if loc["locked"] else ""),
                        text=ui(words, "actions_are", what=symbols) if symbols else "",
                        colour=VILLAIN_COLOUR.get(board["villain"], "white"), symbol=str(realm.loc + 1))
        extra = Text()
        for c in cards:
            extra.append_text(card_line(words, c))
            extra.append("\n")
            for a in c.get("attached", []):
                extra.append("    " + ui(words, "attached") + " ", style="dim")
                extra.append_text(card_line(words, a))
                extra.append("\n")
        if not cards:
            extra.append(ui(words, "no_card_here"), style="dim")
        extra.rstrip()
        self.app.push_screen(ZoomScreen(self._ascii_face(face), extra, self.ascii_only))

    def action_back(self) -> None:
        if self._pending is None and self._peek is None:
            return
        self._pending = None
        self._peek = None
        self.refresh_all()
        self.focus_default()


__all__ = ["VillainousScreen", "index_cards"]
