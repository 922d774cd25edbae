"""The Escape from Mount Gram screen: staging area(s) with the quest and the active location, one
area per player (threat dial, heroes and allies with their tokens, engaged enemies), the hand of
the player to act, the log on the right and the decision list at the bottom.

Choices about cards on the table are made on the table: ↑/↓ move over every card, ←/→ jump to the
next card you can choose now (marked ◎), Enter commits / defends / attacks / engages / travels /
uses it, ``d`` is "done" (done committing, no more defenders, pass...). A hand card is played with
Enter in the hand row; when it needs a target, the targets light up on the table (and in the list).
Face-down cards (encounter deck, shadows, captured cards) are drawn as backs with counts only.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color, ColorParseError
from textual.widgets import Static

from tabletop.engine import Action, Decision
from tabletop.engine.faces import CardFace
from tabletop.text import language
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.glyphs import bar
from tabletop.ui.steady import KeptContent, SteadyLines, SteadyVertical, update_steady
from tabletop.ui.widgets import CardRow, DecisionPanel
from tabletop.ui.widgets.card_view import face_text

from .widgets import (
    ENCOUNTER_COLOUR,
    ENCOUNTER_SYMBOL,
    PANEL_EXTRA,
    BoardArea,
    HandStrip,
    Zone,
    ZoneBoard,
    ZoneLook,
    card_face,
    hand_face,
    marks,
    scroll_into_view,
    sphere_of,
    stat_text,
    tallest_face,
)

MAX_SEATS = 4
DONE_VERBS = ("done", "go", "nodefend", "pass", "stay", "none")
"""What ``d`` answers, in this order of preference: the "I am done / no" answer of a decision
(by the actions' verbs)."""
PHASE_COLOUR = {"setup": "grey70", "resource": "yellow", "planning": "green", "quest": "cyan",
                "travel": "bright_yellow", "encounter": "bright_red", "combat": "red", "refresh": "blue"}
STEP_KINDS = frozenset(("commit", "actions", "response", "plan", "engage", "travel", "defend", "undefended",
                        "attack", "attackers", "attack_order", "choose", "pay", "assign_damage",
                        "discard_restricted", "attach_to", "search", "order", "forced_order", "ranged_attack"))
"""Decision kinds with a name on the title line (``ui.step.<kind>`` in the catalogs)."""

RECOMMENDED_KINDS = frozenset(("pay", "assign_damage", "discard_restricted", "attach_to", "search", "order",
                               "forced_order", "ranged_attack"))
"""Choices whose first option is the recommended answer: Enter accepts it."""


CardLine = tuple[str, Text]
"""A card's line on the table before its marks: (card id, body)."""


def threat_style(threat: int) -> str:
    return "green" if threat < 35 else "yellow" if threat < 45 else "bold bright_red"


ZONE_PLACES: dict[str, tuple[str, int]] = {
    **{f"area{i}": ("#areas", i) for i in range(MAX_SEATS)},
    **{f"player{i}": ("#players", i) for i in range(MAX_SEATS)},
}
"""Each zone's board and place on it, by the screen's own zone id (looked up, never parsed)."""


class MountGramScreen(GameScreen, SteadyLines):
    CSS_PATH = "screen.tcss"
    SHOW_DICE = False
    HELP_KEYS = (
        "| ↑ ↓ / k j | move over the cards on the table |\n"
        "| ← → / h l | jump to the previous / next card you can choose now (◎) |\n"
        "| Enter / Space | on the table: commit, defend, attack, engage, travel, use the card; again on a "
        "character you just committed takes the commitment back |\n"
        "| d | done: done committing · no (more) defenders · no more attacks · pass · finish planning |\n"
        "| Esc | back out of choosing a target |\n"
        "| Tab | next pane (table, hand, list, log) · in the hand ← → and Enter play a card |\n"
        "| 1-9 | choose from the list at the bottom |\n"
        "| L Leadership · T Tactics · S Spirit · O Lore · N neutral | spheres (colour + letter) |\n"
        "| ☼ W willpower · ⚔ A attack · ◈ D defense · ♥ H hit points · ✪ T threat · eN engagement | stats |\n"
        "| ◆ $ resources · ✖ x damage · ▰ p progress · ⟲ z exhausted · ➚ ^ committed · ▒ # face-down cards "
        "(captured under a card, shadows, decks) | "
        "tokens |\n"
        "| E enemy · P location · Q quest / side quest | encounter cards |\n"
    )
    BINDINGS = [
        Binding("d", "done", "done"),
        Binding("escape", "back", "back"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view: dict[str, Any] = {}
        self._decision: Decision | None = None
        self._actions: list[Action] = []
        self._by_card: dict[str, list[Action]] = {}
        self._cards: dict[str, dict[str, Any]] = {}
        self._order: list[str] = []
        self._zone_of: dict[str, str] = {}
        self._zone_lines: dict[str, list[Text | CardLine]] = {}
        """Per zone, its lines as drawn from the view, card lines still without their marks."""
        self._cursor_zone: str | None = None
        """The zone the cursor was last painted in."""
        self._sel: str | None = None
        self._pending: tuple[str, dict[str, str], list[Action]] | None = None
        """(source card, {target card on the table: action id}, the actions) while a target is chosen."""
        self._detail_from = "board"
        self._last_ask: tuple[int, str] | None = None
        self._zone_inner = 40
        self._keys: tuple[bool, ...] = ()
        self._longest = {"areas": 8, "players": 8}
        self._title_decision: Decision | None = None
        self._card_rows = (0, 0)
        """(content width, lines) the card panel was last fixed at (``_fit_card_panel``)."""
        self._said: dict[tuple[str, bool, str], tuple[CardFace, Text, Text]] = {}
        """Per card under the cursor (from the hand or not, language): its face, the 2-line
        summary and the card panel's text, for the view shown (emptied by ``refresh_board``). A
        cursor going back and forth asks for the same few cards again and again (issue #15)."""
        self._hints: dict[tuple[str | None, bool, bool, str | None, str], Text] = {}
        """The hint line per (card whose target is chosen, hand row focused, table focused, card
        under the cursor, language), for the view shown (emptied by ``refresh_board``)."""
        self._panel_lines: dict[tuple[int, str], int] = {}
        """The lines a card panel text wraps to, per (content width, its characters)."""
        self._painted: dict[tuple[str, str | None, bool, str | None], Text] = {}
        """Per (zone, the card under the cursor if in that zone, table focused, card whose target
        is being chosen): the zone's text with its marks, for the lines drawn (emptied with them by
        ``_draw_table``)."""
        self._zone_cards: dict[str, frozenset[str]] = {}
        """Per zone, the cards its lines show (found when it is first painted)."""
        self._detail_stale = False
        """The 2-line summary (shown on a short terminal only) was not written for the card now
        under the cursor: it is written when the terminal gets short (``_fit``)."""

    @property
    def _seats(self) -> int:
        """Players at this table (at most ``MAX_SEATS``): one staging-area and one player zone each."""
        return min(MAX_SEATS, len(self.match.seats))

    # -- layout ---------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with BoardArea(id="table"):
            # the staging areas, and the players' areas: one widget each, that draws its zones
            # (every widget costs every key's message round, issue #15)
            yield ZoneBoard("area", id="areas")
            yield ZoneBoard("player", id="players")
            yield Zone(id="card", classes="card")
        yield KeptContent(id="hint")
        with SteadyVertical(id="hand-box"):
            yield HandStrip(id="hand", ascii_only=self.ascii_only, empty="(no cards in hand)", game_id="mount_gram")
        yield Static(id="detail")

    def on_mount(self) -> None:
        self.set_class(self.ascii_only, "-ascii")
        self.query_one("#hand", HandStrip).listener = self.on_card_row_focused
        self._fit()

    def on_resize(self) -> None:
        self._check_size()
        self._fit()

    def _fit(self) -> None:
        width, height = self.app.size
        self.set_class(width < 116, "-narrow")
        self.set_class(height < 36, "-short")
        if self._view:
            self._draw_table()
            if self._detail_stale and self.compact_height:
                self._draw_detail()

    @property
    def tight(self) -> bool:
        """The zone being drawn is narrow: stats without spaces, shorter words."""
        return self._zone_inner < 36

    def _inner(self, columns: int) -> int:
        """The text width inside a zone when ``columns`` zones share the board's width."""
        width = self.app.size[0] - (28 if self.app.size[0] < 116 else 34)
        return width // max(1, columns) - 4

    @property
    def compact(self) -> bool:
        """Short terminal or a crowded table: captured counts go on the guard's line."""
        return self.app.size[1] < 36 or len(self._view.get("players", [])) >= 3

    # -- helpers --------------------------------------------------------------------------------
    @property
    def m(self) -> dict[str, str]:
        return marks(self.ascii_only)

    def face(self, cid: str) -> CardFace:
        return card_face(self.match.game.db, cid, self.ascii_only)

    def ui(self, key: str, **args: Any) -> str:
        """One of the screen's own texts (``ui.<key>`` in the game's catalogs), in the table's language."""
        return self.words.message("ui." + key, args)

    def cname(self, cid: str) -> str:
        """A card's name in the table's language."""
        return self.words.card(cid)

    def _name_width(self, columns: int) -> int:
        self._zone_inner = self._inner(columns)
        return max(8, min(22, self._zone_inner - (21 if self.tight else 24)))

    # -- the header -----------------------------------------------------------------------------
    # -- the recap between rounds ---------------------------------------------------------------
    def recap(self, events: list[dict[str, Any]]) -> tuple[str, str] | None:
        """When a new round begins, what the last one did: the quest, progress, enemies
        destroyed, captures and rescues, each player's threat (public facts only)."""
        start = next((e for e in events if e["k"] == "phase" and e.get("phase_term") == "resource"
                      and e.get("round", 1) > 1), None)
        if start is None:
            return None
        done = start["round"] - 1
        log = [e for e in self.match.state.log if "to" not in e]
        begin = next((i for i, e in enumerate(log) if e["k"] == "phase" and e.get("phase_term") == "resource"
                      and e.get("round") == done), 0)
        end = next(i for i, e in enumerate(log) if e is start)
        round_events = log[begin:end]
        parts = []
        quests = [e for e in round_events if e["k"] == "quest"]
        for q in quests:
            parts.append(self.ui("recap_quest", wp=q.get("wp", 0), threat=q.get("threat", 0)))
        progress = sum(e.get("amount", 0) for e in round_events if e["k"] == "progress")
        if progress:
            parts.append(self.ui("recap_progress", n=progress))
        destroyed = [e["card"] for e in round_events
                     if e["k"] == "destroyed" and e.get("ctype") == "enemy" and "card" in e]
        if destroyed:
            parts.append(self.ui("recap_destroyed", cards=destroyed))
        captured = sum(1 for e in round_events if e["k"] == "capture")
        rescued = sum(1 for e in round_events if e["k"] == "rescue")
        if captured:
            parts.append(self.ui("recap_captures", n=captured))
        if rescued:
            parts.append(self.ui("recap_rescues", n=rescued))
        players = (self._view or self.match.view(self.viewer)).get("players", [])  # the recap runs first
        threat = ", ".join(self.ui("recap_threat", seat=i, n=p["threat"]) for i, p in enumerate(players))
        text = "; ".join(parts) or self.ui("recap_nothing")
        return self.ui("recap_title", round=done), self.ui("recap_body", text=f"{text[:1].upper()}{text[1:]}",
                                                            threats=threat)

    def title_line(self, decision: Decision | None) -> Text:
        """Called by ``refresh_all`` before the new view reaches ``refresh_board``: the decision is
        kept and ``refresh_board`` writes the line from the view it is given (one view per redraw)."""
        self._title_decision = decision
        return Text()

    def _title_text(self, decision: Decision | None) -> Text:
        view = self._view
        phase = view.get("phase", "")
        text = Text()
        text.append(self.ui("title") if self.app.size[0] >= 130 else self.ui("title_short"), style="bold")
        text.append(" · " + self.ui("round", round=view.get("round", 1)) + " · ")
        text.append(self.ui("phase." + phase) if phase else "", style=f"bold {PHASE_COLOUR.get(phase, '')}")
        if decision is not None:
            step = self.ui("step." + decision.kind) if decision.kind in STEP_KINDS else decision.kind
            text.append(f" ▸ {step}" if not self.ascii_only else f" > {step}", style="bold")
        if decision is not None:
            who = self.match.seats[decision.seat]
            text.append(" · " + self.ui("to_act_bot" if who.is_bot else "to_act", seat=decision.seat),
                        style="bold italic")
        elif view.get("outcome"):
            text.append(" · " + self.ui("outcome_" + view["outcome"]),
                        style="bold green" if view["outcome"] == "won" else "bold red")
        players = view.get("players", [])
        first = view.get("first", 0)
        if players and first < len(players):
            text.append(" · " + self.ui("first_player", seat=first))
        stages = []
        for grp in view.get("groups", []):
            q = grp.get("quest")
            if q and f"{q.get('stage', '')} {self.cname(q['id'])}" not in stages:
                stages.append(f"{q.get('stage', '')} {self.cname(q['id'])}")
        if stages:
            text.append(" · " + self.ui("stage", stages=" / ".join(stages)), style="grey70")
        return text

    # -- drawing --------------------------------------------------------------------------------
    def refresh_board(self, view: dict[str, Any], decision: Decision | None, actions: list[Action]) -> None:
        self._view, self._decision, self._actions = view, decision, actions
        self._said, self._hints = {}, {}
        self.query_one("#title", Static).update(self._title_text(self._title_decision))
        self._by_card = {}
        for a in actions:
            if a.card:
                self._by_card.setdefault(a.card, []).append(a)
        ids = {a.id for a in actions}
        if self._pending and not all(a.id in ids for a in self._pending[2]):
            self._pending = None
        self._cards = {}
        self._draw_table()
        self._draw_hand(view, actions)
        if self._sel not in self._order:
            self._sel = self._first_choosable() or (self._order[0] if self._order else None)
            self._draw_table()
        if self._pending:
            self._narrow_panel()
        self._draw_hint()
        keys = (self._done_action() is not None, self._pending is not None)
        if keys != self._keys:  # the footer redraws only when what works changes
            self._keys = keys
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return self._done_action() is not None
        if action == "back":
            return self._pending is not None
        return True

    def _first_choosable(self) -> str | None:
        """The card the cursor starts on: the recommended answer's card for a choice that has one
        (its first option, issue #11), else the first choosable card on the table."""
        d = self._decision
        if d is not None and d.kind in RECOMMENDED_KINDS and self._actions and not self._pending:
            first = self._actions[0].card
            if first and first in self._order:
                return first
        for cid in self._order:
            if self._choosable(cid):
                return cid
        return None

    def _choosable(self, cid: str) -> bool:
        if self._pending:
            return cid in self._pending[1]
        return cid in self._by_card

    def _marked(self, cid: str, body: Text, board_focus: bool) -> Text:
        """A card's line with its marks: the cursor, "choosable now", the highlight."""
        m = self.m
        here = cid == self._sel
        line = Text()
        line.append(m["cursor"] if here else " ", style="bold yellow" if board_focus else "yellow")
        line.append(m["target"] if self._choosable(cid) else " ", style="bold green")
        line.append(" ")
        line.append_text(body)
        if here:
            line.stylize("reverse" if board_focus else "underline")
        elif self._choosable(cid):
            line.stylize("on #123a1f")
        return line

    def _line(self, cid: str, body: Text, zone: str) -> CardLine:
        """A card's line in a zone, kept without its marks: a cursor move paints them again on
        the zones it leaves and enters, from the same bodies (``_paint``)."""
        self._order.append(cid)
        self._zone_of[cid] = zone
        return cid, body

    def _board(self, zid: str) -> tuple[ZoneBoard, int]:
        """The board that draws zone ``zid`` ("area1", "player0") and the zone's place on it."""
        board, index = ZONE_PLACES[zid]
        return self.query_one(board, ZoneBoard), index

    def _paint(self, zid: str) -> Text:
        """A zone's text from its kept lines, with the marks of the cursor and of what can be chosen."""
        board_focus = self.focused is self.query_one("#table", BoardArea)
        lines = self._zone_lines.get(zid, [])
        cards = self._zone_cards.get(zid)
        if cards is None:
            cards = self._zone_cards[zid] = frozenset(line[0] for line in lines if isinstance(line, tuple))
        here = self._sel if self._sel in cards else None
        key = (zid, here, board_focus, self._pending[0] if self._pending else None)
        text = self._painted.get(key)
        if text is None:
            text = self._painted[key] = joined([self._marked(*line, board_focus) if isinstance(line, tuple) else line
                                                for line in lines])
        if here is not None:
            self._cursor_zone = zid
        return text

    def _repaint(self, *cids: str | None) -> None:
        """Paint again the zones holding these cards (the cursor left one and entered another),
        and the one the cursor was last painted in."""
        zones = [self._zone_of[c] for c in cids if c in self._zone_of]
        if self._cursor_zone in self._zone_lines:
            zones.append(self._cursor_zone)
        for zid in dict.fromkeys(zones):
            board, index = self._board(zid)
            if index < len(board.zones):
                board.set_text(index, self._paint(zid))

    def _pad_name(self, name: str, width: int, style: str) -> Text:
        shown = name if len(name) <= width else name[: width - 1] + ("~" if self.ascii_only else "…")
        return Text(shown.ljust(width), style=style)

    def _captured_inline(self, card: dict[str, Any]) -> Text:
        counts = card.get("captured")
        if not counts or not self.compact:
            return Text()
        total = sum(c["n"] for c in counts)
        return Text(f" {self.m['back']}{total}", style="bold bright_magenta")

    def _captured_line(self, card: dict[str, Any]) -> Text | None:
        counts = card.get("captured")
        if not counts or self.compact:
            return None
        total = sum(c["n"] for c in counts)
        t = Text("     ")
        t.append(self.m["back"] * min(total, 4), style="grey50")
        t.append(" " + self.ui("captured", n=total), style="bold bright_magenta")
        t.append(" (" + ", ".join(self.ui("recap_threat", seat=c["seat"], n=c["n"]) for c in counts) + ")",
                 style="magenta")
        return t

    def _attachments(self, card: dict[str, Any], zone: str, lines: list[Text | CardLine]) -> None:
        for a in card.get("att", []):
            self._cards[a["id"]] = a
            face = self.face(a["id"])
            body = Text("  " + self.m["attach"] + " ", style="dim")
            body.append(face.symbol + " ", style=f"bold {face.colour}")
            body.append(self.cname(a["id"]), style="dim italic" if a.get("exhausted") else "")
            if a.get("exhausted"):
                body.append(f" {self.m['exh']}", style="dim")
            lines.append(self._line(a["id"], body, zone))

    def _char_line(self, card: dict[str, Any], width: int, zone: str) -> CardLine:
        letter, colour = sphere_of(card.get("sphere", ""))
        body = Text()
        body.append(letter + " ", style=f"bold {colour}")
        style = "dim" if card.get("exhausted") else ("bold" if card.get("type") == "hero" else "")
        body.append_text(self._pad_name(self.cname(card["id"]), width, style))
        body.append(" ")
        body.append_text(stat_text(card, self.ascii_only, tight=self.tight))
        m = self.m
        if card.get("res"):
            body.append(f" {m['res']}{card['res']}", style="bold yellow")
        if card.get("committed"):
            body.append(f" {m['com']}", style="bold cyan")
        if card.get("exhausted"):
            body.append(f" {m['exh']}", style="grey62")
        fight = self._view.get("enemy_attack") or {}
        if card["id"] in fight.get("defenders", []):
            body.append(f" {m['def']}" + self.ui("def_mark"), style="bold blue")
        attack = self._view.get("attack") or {}
        if card["id"] in attack.get("attackers", []):
            body.append(f" {m['atk']}" + self.ui("atk_mark"), style="bold red")
        return self._line(card["id"], body, zone)

    def _enemy_line(self, card: dict[str, Any], width: int, zone: str, *, engaged: bool) -> CardLine:
        body = Text()
        body.append(ENCOUNTER_SYMBOL["enemy"] + " ", style=f"bold {ENCOUNTER_COLOUR['enemy']}")
        body.append_text(self._pad_name(self.cname(card["id"]), width, "bold"))
        body.append(" ")
        body.append_text(stat_text(card, self.ascii_only, enemy=True, tight=self.tight, engaged=engaged))
        if not engaged and not self.tight:
            body.append(f" e{card.get('eng', 0)}", style="grey62")
        if card.get("shadows"):
            body.append(f" {self.m['shadow'] * card['shadows']}", style="grey50")
        fight = self._view.get("enemy_attack") or {}
        if fight.get("enemy") == card["id"]:
            defence = sum(self._cards.get(c, {}).get("defense", 0) for c in fight.get("defenders", []))
            body.append(" " + self.ui("attacks" if self._zone_inner >= 44 else "atk_mark") + f" {fight.get('attack', 0)}",
                        style="bold bright_red")
            if fight.get("defenders"):
                body.append(" " + self.ui("vs") + f" {self.m['def']}{defence}", style="bold blue")
        attack = self._view.get("attack") or {}
        if attack.get("enemy") == card["id"]:
            body.append(" " + self.ui("target") + f" {self.m['atk']}{attack.get('strength', 0)}", style="bold red")
        body.append_text(self._captured_inline(card))
        return self._line(card["id"], body, zone)

    def _location_line(self, card: dict[str, Any], width: int, zone: str, *, active: bool = False) -> CardLine:
        ctype = card.get("type", "location")
        body = Text()
        body.append(ENCOUNTER_SYMBOL.get(ctype, "?") + " ", style=f"bold {ENCOUNTER_COLOUR.get(ctype, 'white')}")
        body.append_text(self._pad_name(self.cname(card["id"]), width, "bold"))
        body.append(" ")
        if ctype == "location":
            body.append(f"{self.m['threat']}{card.get('threat', 0)} ", style="bold yellow")
        body.append(f"{self.m['prog']}{card.get('prog', 0)}/{card.get('qp', 0)}", style="bold cyan")
        if card.get("time"):
            body.append(" " + self.ui("time", n=card["time"]), style="bright_red")
        if active:
            body.append(" " + self.ui("active_short" if self.tight else "active"), style="bold italic bright_yellow")
        body.append_text(self._captured_inline(card))
        return self._line(card["id"], body, zone)

    def _draw_table(self) -> None:
        view = self._view
        if not view:
            return
        self._order = []
        self._zone_of = {}
        self._zone_lines = {}
        self._zone_cards = {}
        self._painted = {}
        # by seat, so that split staging areas line up with their players' areas below
        groups = sorted(view.get("groups", []), key=lambda g: min(g.get("members") or [MAX_SEATS]))
        players = view.get("players", [])
        self._index_table(groups, players)
        # names are padded to the longest one in each grid, so stats line up across zones
        self._longest = {
            "areas": max((len(self.cname(c["id"])) for g in groups
                          for c in g.get("staging", []) + ([g["active"]] if g.get("active") else [])), default=8),
            "players": max((len(self.cname(c["id"])) for p in players for c in p.get("chars", []) + p.get("engaged", [])),
                           default=8),
        }
        split = len(groups) > 1
        groups = groups[:self._seats]
        areas = [self._draw_group(f"area{i}", grp, players, split) for i, grp in enumerate(groups)]
        to_act = view.get("to_act")
        zones = [self._draw_player(f"player{i}", i, p, len(players), to_act)
                 for i, p in enumerate(players[:self._seats])]
        self.query_one("#areas", ZoneBoard).show(areas, 1 if len(groups) <= 1 else 2)
        self.query_one("#players", ZoneBoard).show(zones, 1 if len(players) <= 1 else 2)

    def _index_table(self, groups: list[dict[str, Any]], players: list[dict[str, Any]]) -> None:
        """Every card on the table by id before any line is drawn: a line may need another
        zone's card (an attack's defenders may be another player's characters)."""
        on_table: list[dict[str, Any]] = []
        for grp in groups:
            on_table += [c for c in (grp.get("quest"), grp.get("active")) if c] + grp.get("staging", [])
        for p in players:
            on_table += p.get("chars", []) + p.get("engaged", [])
        for card in on_table:
            self._cards[card["id"]] = card
            for a in card.get("att", []):
                self._cards[a["id"]] = a

    def _draw_group(self, zid: str, grp: dict[str, Any], players: list[dict[str, Any]], split: bool) -> ZoneLook:
        width = self._name_width(2 if split else 1)
        width = min(width, self._longest["areas"])
        lines: list[Text | CardLine] = []
        quest = grp.get("quest")
        m = self.m
        if quest:
            self._cards[quest["id"]] = quest
            body = Text()
            body.append("Q ", style="bold bright_white")
            body.append(f"{quest.get('stage', '')} {self.cname(quest['id'])}", style="bold")
            qp = quest.get("qp", 0)
            if qp:
                body.append("  " + bar(quest.get("prog", 0), qp, width=8, ascii_only=self.ascii_only),
                            style="cyan")
            elif quest.get("prog"):
                body.append(f"  {m['prog']}{quest['prog']}", style="cyan")
            body.append_text(self._captured_inline(quest))
            lines.append(self._line(quest["id"], body, zid))
            cap = self._captured_line(quest)
            if cap:
                lines.append(cap)
        active = grp.get("active")
        if active:
            self._cards[active["id"]] = active
            lines.append(self._location_line(active, width, zid, active=True))
            cap = self._captured_line(active)
            if cap:
                lines.append(cap)
        else:
            lines.append(Text("    " + self.ui("no_active"), style="grey50 italic"))
        staging = grp.get("staging", [])
        if staging:
            for card in staging:
                self._cards[card["id"]] = card
                if card.get("type") == "enemy":
                    lines.append(self._enemy_line(card, width, zid, engaged=False))
                else:
                    lines.append(self._location_line(card, width, zid))
                self._attachments(card, zid, lines)
                cap = self._captured_line(card)
                if cap:
                    lines.append(cap)
        threat = grp.get("staging_threat", 0)
        wp = grp.get("committed_wp", 0)
        # tight (100 columns, split areas): shorter words, so the numbers are never the part cut
        total = Text(("  " if self.tight else "    ") + self.ui("staging") + " "
                     + (self.ui("empty") + " " if not staging and not self.tight else ""))
        total.append(f"{m['threat']}{threat}", style="bold yellow")
        if self._view.get("phase") == "quest" or wp:
            total.append(" " + self.ui("vs" if self.tight else "vs_committed") + " ")
            total.append(f"{m['wp']}{wp}", style="bold bright_white")
            diff = wp - threat
            arrow = " -> " if self.ascii_only else " → "
            verdict = (self.ui("gain_progress_short" if self.tight else "gain_progress", n=diff) if diff > 0
                       else self.ui("gain_threat", n=-diff) if diff < 0 else self.ui("even"))
            total.append(arrow + verdict, style="bold green" if diff > 0 else "bold red" if diff < 0 else "yellow")
        lines.append(total)
        self._zone_lines[zid] = lines
        names = [players[p]["name"] for p in grp.get("members", []) if p < len(players)]
        deck, discard = self._view.get("encounter_deck", 0), len(self._view.get("encounter_discard", []))
        victory = len(self._view.get("victory", []))
        return ZoneLook(self._paint(zid), self.ui("staging_area") + (f" · {' & '.join(names)}" if split else ""),
                        self.ui("piles_short" if self.tight else "piles", back=self.m["back"], deck=deck,
                                discard=discard, victory=victory))

    def _draw_player(self, zid: str, seat: int, p: dict[str, Any], n: int, to_act: int | None) -> ZoneLook:
        width = self._name_width(1 if n <= 1 else 2)
        width = min(width, self._longest["players"])
        m = self.m
        lines: list[Text | CardLine] = []
        if p.get("out"):
            lines.append(Text("  " + self.ui("eliminated"), style="bold red"))
        dial = Text(f"  {m['threat']} ", style="bold yellow")
        dial.append(bar(p["threat"], 50, width=6 if self.tight else 10, ascii_only=self.ascii_only),
                    style=threat_style(p["threat"]))
        dial.append(" · " + self.ui("captured_deck_short" if self.tight else "captured_deck")
                    + f" {m['back']}{p.get('captured_deck', 0)}", style="magenta")
        lines.append(dial)
        chars = p.get("chars", [])
        for card in sorted(chars, key=lambda c: c.get("type") != "hero"):
            self._cards[card["id"]] = card
            lines.append(self._char_line(card, width, zid))
            self._attachments(card, zid, lines)
            cap = self._captured_line(card)
            if cap:
                lines.append(cap)
        engaged = p.get("engaged", [])
        if engaged:
            if not self.compact:
                lines.append(Text("  " + self.ui("engaged"), style="bold bright_red"))
            for card in engaged:
                self._cards[card["id"]] = card
                lines.append(self._enemy_line(card, width, zid, engaged=True))
                for sh in card.get("shadows_up", []):
                    lines.append(Text("     " + self.ui("shadow", card=sh["id"]), style="bright_magenta"))
                self._attachments(card, zid, lines)
                cap = self._captured_line(card)
                if cap:
                    lines.append(cap)
        elif not self.compact:
            lines.append(Text("  " + self.ui("engaged_none"), style="grey50 italic"))
        self._zone_lines[zid] = lines
        letter, colour = sphere_of(p.get("sphere", ""))
        title = f"{m['first']} " if p.get("first") else ""
        hand = p.get("hand")
        count = len(hand) if isinstance(hand, list) else hand
        return ZoneLook(self._paint(zid), f"{title}{p['name']} · {letter} " + self.ui("sphere." + p.get("sphere", "")),
                        self.ui("player_sub", threat=p["threat"], hand=count, deck=p.get("deck", 0)),
                        title_colour=colour, to_act=seat == to_act)

    def _draw_hand(self, view: dict[str, Any], actions: list[Action]) -> None:
        box = self.query_one("#hand-box")
        row = self.query_one("#hand", CardRow)
        seat = self.viewer
        game = self.match.game
        if seat is None or seat >= len(view.get("players", [])):
            box.border_title = self.ui("hand")
            box.border_subtitle = ""
            self._set_row(row, [])
            return
        hand = list(view.get("hand", []))
        # cards a choice is about that are neither on the table nor in the hand (starting heroes):
        # the row offers them instead of the hand, Enter chooses
        elsewhere = [a.card for a in actions if a.card and a.card not in self._order and a.card not in hand
                     and not game.face(a.card).face_down]
        p = view["players"][seat]
        cards = []
        if elsewhere:
            for cid in dict.fromkeys(elsewhere):
                face = hand_face(self.face(cid), game.defs[cid].type, self.ascii_only)
                cards.append((cid, face, "playable"))
            self._set_row(row, cards)
            box.border_title = self.ui("choose_row", seat=seat)
            box.border_subtitle = self.ui("choose_row_keys")
            return
        playable = {a.card for a in actions if a.card and a.card in hand}
        for cid in hand:
            ctype = game.defs[cid].type if not game.face(cid).face_down else ""
            face = hand_face(self.face(cid), ctype, self.ascii_only)
            cards.append((cid, face, "playable" if cid in playable else ("disabled" if actions else "")))
        self._set_row(row, cards)
        res: dict[str, int] = {}
        for c in p.get("chars", []):
            if c.get("type") == "hero":
                letter = sphere_of(c.get("sphere", ""))[0]
                res[letter] = res.get(letter, 0) + c.get("res", 0)
        pool = "  ".join(f"{k}{self.m['res']}{v}" for k, v in res.items()) or self.ui("none")
        box.border_title = self.ui("hand_title", seat=seat, pool=pool)
        box.border_subtitle = self.ui("playable_now", n=len(playable)) if actions and hand else ""

    def _set_row(self, row: CardRow, cards: list[tuple[str, CardFace, str]]) -> None:
        """Give the row its cards only when they or their states changed (it lays itself out again)."""
        shown = [(c[0], c[1].title, c[2]) for c in row.cards]
        if shown != [(c[0], c[1].title, c[2]) for c in cards]:
            row.set_cards(cards)

    def _draw_hint(self) -> None:
        hint = self.query_one("#hint", Static)
        row = self.query_one("#hand", CardRow)
        in_row = self.focused is row
        on_table = self.focused is self.query_one("#table", BoardArea)
        cur = row.current if in_row else self._sel
        key = (self._pending[0] if self._pending else None, in_row, on_table, cur, language())
        text = self._hints.get(key)
        if text is None:
            text = self._hints[key] = self._hint_text(in_row, on_table, cur)
        update_steady(hint, text)
        self._draw_detail()

    def _hint_text(self, in_row: bool, on_table: bool, cur: str | None) -> Text:
        """The line over the hand: what Enter does with the card under the cursor (in the hand
        row when ``in_row``), what ``d`` does, the keys; or the card whose target is chosen."""
        decision = self._decision
        text = Text()
        peek = self._view.get("peek")
        if self._pending:
            src = self._pending[0]
            name = self._card_name(src)
            text.append(self.ui("choose_where", name=name), style="bold yellow")
            text.append(" " + self.ui("on_the_table") if self._pending[1] else "")
            text.append(" " + self.ui("or_in_list"))
        elif decision is None:
            text.append(self.ui("waiting") if self._view.get("to_act") is not None else "")
        else:
            acts = self._by_card.get(cur or "", [])
            if acts and (in_row or on_table):
                name = self._card_name(cur or "")
                label = self.words.text(acts[0].label) if len(acts) == 1 else self.ui(
                    "then_pick", name=name, n=len(acts))
                if label == name:
                    label = self.ui("use", name=name)
                text.append(self.ui("enter_key") + " ", style="bold")
                text.append(label, style="bold green")
                text.append(" · ")
            done = self._done_action()
            if done:
                text.append("d: ", style="bold")
                text.append(self.words.text(done.label))
                text.append(" · ")
            if in_row:
                text.append(self.ui("keys_row" if not self.ascii_only else "keys_row_ascii"), style="grey62")
            else:
                text.append(self.ui("keys_table" if not self.ascii_only else "keys_table_ascii"), style="grey62")
        if peek:
            text.append("  · " + self.ui("looked_at", card=peek["id"]), style="magenta")
        return text

    def _card_name(self, cid: str) -> str:
        if self.match.game.face(cid).face_down:
            return self.face(cid).title
        return self.cname(cid)

    def _draw_detail(self) -> None:
        detail = self.query_one("#detail", Static)
        card_zone = self.query_one("#card", Zone)
        cid = self.query_one("#hand", CardRow).current if self._detail_from == "hand" else self._sel
        if not cid:
            update_steady(detail, "")
            self._detail_stale = False
            card_zone.display = False
            return
        key = (cid, self._detail_from == "hand", language())
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._card_said(cid)
        face, text, full = said
        # the 2-line summary is shown on short terminals only (CSS): a hidden widget's update still
        # costs a frame's work, so it is written when it is seen
        self._detail_stale = not self.compact_height
        if not self._detail_stale:
            update_steady(detail, text)
        # tall terminals: the whole card under the table, with what Enter does with it now
        card_zone.display = not self.compact_height
        if card_zone.display:
            self._fit_card_panel(card_zone, full)
            title = f"{face.symbol} {face.title}"
            if card_zone.border_title != title:
                card_zone.border_title = title
            set_title_colour(card_zone, face.colour)

    def _card_said(self, cid: str) -> tuple[CardFace, Text, Text]:
        """What is said about the card under the cursor: its face, the 2-line summary (a short
        terminal) and the card panel's text (the card in full, in play, what Enter does)."""
        face = self.face(cid)
        text = Text()
        text.append(f"{face.symbol} ", style=f"bold {face.colour}")
        text.append(face.title, style="bold")
        body = face_text(face, "normal")
        body.rstrip()
        flat = Text(" · ").join(part for part in body.split("\n") if part.plain.strip())
        if flat.plain:
            text.append(" · ")
            text.append_text(flat)
        full = face_text(face, "zoom")
        state = self._state_words(self._cards.get(cid)) if self._detail_from != "hand" else ""
        if state:
            full.append("\n" + self.ui("in_play") + " ", style="bold")
            full.append(state, style="cyan")
        acts = self._by_card.get(cid, [])
        if acts:
            full.append("\n" + self.ui("enter_key") + " ", style="bold")
            full.append(" | ".join(self.words.text(a.label) for a in acts[:4]), style="bold green")
        return face, text, full

    def _fit_card_panel(self, zone: Zone, text: Text) -> None:
        """Show ``text`` in the card panel, whose height stays put from card to card.

        The panel is as tall as the tallest card face of the game at its width, plus the lines
        about the card in play and what Enter does (``PANEL_EXTRA``), so moving the cursor from a
        card to a shorter or longer one needs no layout of the screen (issue #15); shorter cards
        leave blank lines below. A text taller still (a long list of what Enter does) makes the
        panel grow to it, and it keeps that height at this width: no card is ever cut."""
        width = zone.content_region.width
        if not width:  # not laid out yet (or just shown again): its height follows its content
            zone.styles.height = "auto"
            zone.update(text)
            return
        zone.update(text, layout=False)
        need = self._panel_lines.get((width, text.plain))
        if need is None:
            if len(self._panel_lines) > 256:  # a long game at many widths: start again
                self._panel_lines = {}
            need = self._panel_lines[width, text.plain] = zone.get_content_height(zone.size, self.app.size, width)
        kept_width, kept = self._card_rows
        floor = tallest_face(self.match.game.db, zone, width, self.ascii_only) + PANEL_EXTRA
        rows = max(floor, need, kept if kept_width == width else 0)
        self._card_rows = (width, rows)
        height = rows + zone.styles.gutter.height
        current = zone.styles.height
        if current is None or current.is_auto or current.cells != height:
            zone.styles.height = height  # the one layout: a new width, or a taller text than any before

    def _state_words(self, card: dict[str, Any] | None) -> str:
        """The tokens and state of a card in play, in words (the table shows them as symbols)."""
        if not card:
            return ""
        ui = self.ui
        words = []
        if "wp" in card:
            words.append(ui("st_char", wp=card["wp"], atk=card.get("atk", 0), defense=card.get("defense", 0),
                            hp=card.get("hp", 0)))
        elif "atk" in card:
            words.append(ui("st_enemy", threat=card.get("threat", 0), atk=card["atk"], defense=card.get("defense", 0),
                            hp=card.get("hp", 0), eng=card.get("eng", 0)))
        elif "threat" in card:
            words.append(ui("st_threat", threat=card["threat"]))
        if card.get("dmg"):
            words.append(ui("st_damage", n=card["dmg"]))
        if card.get("res"):
            words.append(ui("st_resources", n=card["res"]))
        if "qp" in card:
            words.append(ui("st_progress", prog=card.get("prog", 0), qp=card["qp"]))
        if card.get("time"):
            words.append(ui("st_time", n=card["time"]))
        if card.get("exhausted"):
            words.append(ui("st_exhausted"))
        if card.get("committed"):
            words.append(ui("st_committed"))
        if card.get("shadows"):
            words.append(ui("st_shadows", n=card["shadows"]))
        for sh in card.get("shadows_up", []):
            words.append(ui("shadow", card=sh["id"]))
        if card.get("captured"):
            total = sum(c["n"] for c in card["captured"])
            owners = ", ".join(ui("recap_threat", seat=c["seat"], n=c["n"]) for c in card["captured"])
            words.append(ui("st_captured", n=total, owners=owners))
        if card.get("att"):
            words.append(ui("st_attached", cards=[a["id"] for a in card["att"]]))
        return " · ".join(words)

    @property
    def compact_height(self) -> bool:
        return self.app.size[1] < 36

    def _narrow_panel(self) -> None:
        if not self._pending or self._decision is None:
            return
        panel = self.query_one("#decision", DecisionPanel)
        panel.show(self._decision, self._pending[2], self.ui("choose_esc", name=self._card_name(self._pending[0])))

    # -- the table's keys -----------------------------------------------------------------------
    def board_focus_changed(self) -> None:
        if self.focused is self.query_one("#table", BoardArea):
            self._detail_from = "board"
        if self._view:
            self._repaint(self._sel)  # the cursor's look follows the focus
            self._draw_hint()

    def _move_to(self, cid: str | None) -> None:
        if cid is None:
            return
        old, self._sel = self._sel, cid
        self._detail_from = "board"
        self._repaint(old, cid)
        self._draw_hint()
        zid = self._zone_of.get(cid)
        if zid:  # after the zones' new heights are laid out
            board, index = self._board(zid)
            self.call_after_refresh(lambda: scroll_into_view(board, index))

    def board_step(self, delta: int) -> None:
        if not self._order:
            return
        i = self._order.index(self._sel) if self._sel in self._order else -delta
        self._move_to(self._order[(i + delta) % len(self._order)])

    def board_jump(self, delta: int) -> None:
        if not self._order:
            return
        start = self._order.index(self._sel) if self._sel in self._order else -1
        n = len(self._order)
        for k in range(1, n + 1):
            cid = self._order[(start + delta * k) % n]
            if self._choosable(cid):
                self._move_to(cid)
                return
        self.notify(self.ui("nothing_on_table"), severity="information")

    def board_choose(self) -> None:
        cid = self._sel
        if cid is None:
            return
        if self._pending:
            target = self._pending[1].get(cid)
            if target:
                self._pending = None
                self.act(target)
            else:
                self.notify(self.ui("not_a_target", name=self._card_name(cid)), severity="warning")
            return
        acts = self._by_card.get(cid, [])
        if not acts:
            card = self._cards.get(cid, {})
            decision = self._decision
            if (decision is not None and decision.kind == "commit" and card.get("committed")
                    and self.match.actions and self.match.actions[-1] == f"commit {cid}"):
                if self.match.undo():
                    self.autosave()
                    self.notify(self.ui("uncommitted", name=self._card_name(cid)))
                    self.refresh_all()
                    return
            if decision is None:
                self.notify(self.ui("not_your_decision"), severity="warning")
            else:
                self.notify(self.ui("nothing_to_do", name=self._card_name(cid)), severity="warning")
            return
        self._choose_among(cid, acts)

    def _choose_among(self, cid: str, acts: list[Action]) -> None:
        if len(acts) == 1:
            self.act(acts[0].id)
            return
        targets: dict[str, str] = {}
        for a in acts:
            named = list(a.get("tokens", ())) or ([a.target] if a.target else [])
            tokens = [t for t in named if t != cid and t in self._order]
            if not tokens or tokens[0] in targets:
                targets = {}
                break
            targets[tokens[0]] = a.id
        self._pending = (cid, targets, acts)
        self._narrow_panel()
        self._draw_table()
        self._draw_hint()
        if targets:
            self.query_one("#table", BoardArea).focus()
            self._move_to(next(iter(targets)))
        else:
            self.query_one("#decision", DecisionPanel).focus()

    # -- hand -----------------------------------------------------------------------------------
    def on_card_row_focused(self, msg: CardRow.Focused) -> None:
        self._detail_from = "hand"
        if self._view:
            self._draw_hint()

    def on_card_row_chosen(self, msg: CardRow.Chosen) -> None:
        acts = self._by_card.get(msg.card, [])
        if not acts:
            why = self.ui("not_your_decision") if self._decision is None else (
                self.ui("cannot_play", name=self._card_name(msg.card)))
            self.notify(why, severity="warning")
            return
        self._choose_among(msg.card, acts)

    # -- keys -----------------------------------------------------------------------------------
    def _done_action(self) -> Action | None:
        by_verb: dict[str, Action] = {}
        for a in self._actions:
            by_verb.setdefault(a.verb, a)
        for verb in DONE_VERBS:
            if verb in by_verb:
                return by_verb[verb]
        return None

    def action_done(self) -> None:
        done = self._done_action()
        if done is None:
            if self._decision is not None:
                self.notify(self.ui("no_done"), severity="warning")
            return
        if self._commits_nothing(done):
            self._done_armed = self.match.state.step
            self.notify(self.ui("commit_nothing"), title=self.ui("commit_nothing_title"), severity="warning")
            return
        self._pending = None
        self.act(done.id)

    def _commits_nothing(self, done: Action) -> bool:
        """``d`` in the commit step with no character committed asks once more: a stray key
        there used to send nobody to the quest (the list's "Done committing" still works at once)."""
        if self._decision is None or self._decision.kind != "commit" or done.verb != "done":
            return False
        if getattr(self, "_done_armed", None) == self.match.state.step:
            return False
        me = self._decision.seat
        players = self._view.get("players", [])
        chars = players[me].get("chars", []) if me < len(players) else []
        return not any(c.get("committed") for c in chars)

    def action_focus_next(self) -> None:
        """tab: table → hand → choices → log → table."""
        order = [self.query_one("#table"), self.query_one("#hand"), self.query_one("#decision"),
                 self.query_one("#log")]
        order = [w for w in order if w.focusable] or order
        i = order.index(self.focused) if self.focused in order else -1
        order[(i + 1) % len(order)].focus()

    def action_back(self) -> None:
        if self._pending:
            self._pending = None
            self.refresh_all()

    def focus_default(self) -> None:
        decision = self._decision
        same = decision is not None and (decision.seat, decision.kind) == self._last_ask
        self._last_ask = (decision.seat, decision.kind) if decision is not None else None
        if decision is not None and decision.kind in RECOMMENDED_KINDS and self._actions \
                and self._actions[0].card is None:  # the recommended answer has no card: the list
            self.query_one("#decision", DecisionPanel).focus()
            return
        if any(a.card in self._order for a in self._actions):
            target = self._sel
            if not (same and self._sel in self._order and self.focused is self.query_one("#table", BoardArea)):
                target = self._first_choosable()  # a new kind of choice: start on its first card
                if target is None:
                    self._sel = None
            self.query_one("#table", BoardArea).focus()
            self._move_to(target)  # (from where the cursor was: that zone is painted again too)
            return
        to_act = self._view.get("to_act")
        if to_act is not None and to_act < self._seats:
            players = self.query_one("#players", ZoneBoard)
            self.call_after_refresh(lambda: players.scroll_to_zone(to_act))
        hand = self.query_one("#hand", CardRow)
        states = [state for _, _, state in hand.cards]
        if "playable" in states:
            hand.cursor = states.index("playable")
            hand.focus()
            self._detail_from = "hand"
            self._draw_hint()
            return
        self.query_one("#decision", DecisionPanel).focus()


def joined(lines: list[Text]) -> Text:
    text = Text("\n").join(lines)
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


_TITLE_COLOURS: dict[str, Color | None] = {}
"""Rich colour names as Textual colours (``None``: a name Textual does not know), found once:
Textual's error for an unknown name looks for the nearest known one, a few milliseconds on
every cursor key that shows a card of that colour (issue #15)."""


def set_title_colour(widget: Zone, colour: str) -> None:
    """Colour a border title with a Rich colour name, when Textual knows it (else leave the theme's)."""
    if colour not in _TITLE_COLOURS:
        try:
            _TITLE_COLOURS[colour] = Color.parse(colour)
        except ColorParseError:
            _TITLE_COLOURS[colour] = None
    parsed = _TITLE_COLOURS[colour]
    if parsed is not None:
        widget.styles.border_title_color = parsed
