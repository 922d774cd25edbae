"""Superinmundos drawing helpers: card faces, the hand grid and the screen's small modals.

Faces are built here from the card data (read only) rather than taken from the game's ``face()``,
so that they follow ``--ascii`` and show a support value in the one-line form. Colour always comes
with a letter: F fire, W water, L lightning, E earth, N neutral, and an event mark for events, so
the game reads in monochrome and in ``--ascii`` too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop.engine import Action
from tabletop.engine.faces import CardFace, Stat
from tabletop.engine.msg import Msg, msg
from tabletop.text import language
from tabletop.text.cards import card_name, localized_face, localized_text
from tabletop.text.render import Renderer
from tabletop.ui.glyphs import glyphs
from tabletop.ui.widgets import CardRow, CardView
from tabletop.ui.widgets.footer import Footer
from tabletop.ui.widgets.zoom import ZoomScreen as SharedZoomScreen

from .cards import CYCLE, info
from .faces import TIMINGS

ELEMENTS: dict[str, tuple[str, str]] = {
    "fire": ("F", "red1"),
    "water": ("W", "dodger_blue1"),
    "lightning": ("L", "yellow1"),
    "earth": ("E", "tan"),
    "neutral": ("N", "grey70"),
}
EVENT_COLOUR = "magenta"
STAT_LETTER = {"attack": "A", "defense": "D", "power": "P"}

WORDS = Renderer("superinmundos", card_title=lambda card: info(card).name)
"""The words of these helpers: the game's catalog in the table's language (read at each call)."""


def ui(key: str, **args: Any) -> str:
    """One of the screen's own texts (``ui.<key>`` in the game's catalog), in words."""
    return WORDS.text(msg("ui." + key, **args))


def term(value: str) -> str:
    """A rules term (an element, a stat) in words: ``fire`` -> ``fuego``."""
    return WORDS.term(value)


def title_of(title: str) -> str:
    """A card name of the data (the view's ``names``) in the table's language."""
    return card_name("superinmundos", title, language())


def stat_word(stat: str) -> str:
    """``Attack`` (``Ataque``): a stat, capitalised, or "any stat"."""
    return ui("any_stat") if stat == "any" else term(stat)


ASCII_TABLE = str.maketrans({"·": "-", "×": "x", "→": ">", "◀": "<", "▶": ">", "★": "*", "✔": "+", "✘": "x",
                             "▸": ">", "✉": "!", "…": "~", "≤": "<", "−": "-"})
"""One-for-one replacements, so the styled spans of a Rich text stay where they were."""


def asc_str(value: str, ascii_only: bool) -> str:
    return value.translate(ASCII_TABLE) if ascii_only else value


def asc(text: Text, ascii_only: bool) -> Text:
    """A Rich text with its few non-ASCII symbols replaced (``--ascii``)."""
    if not ascii_only:
        return text
    return Text(text.plain.translate(ASCII_TABLE), style=text.style, justify=text.justify, no_wrap=text.no_wrap,
                end=text.end, spans=list(text.spans))


class Plain(Static):
    """A ``Static`` that keeps to ASCII when the app runs with ``--ascii``."""

    def __init__(self, *args: Any, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ascii_only = ascii_only

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        if self.ascii_only:
            if isinstance(content, Text):
                content = asc(content, True)
            elif isinstance(content, str):
                content = asc_str(content, True)
        super().update(content, layout=layout)


def event_mark(ascii_only: bool) -> str:
    return "!" if ascii_only else "✉"


def stars(n: int, ascii_only: bool) -> str:
    return glyphs(ascii_only)["star"] * n


def element_tag(element: str) -> Text:
    """``[F]`` in the element's colour (the letter carries the meaning, the colour decorates)."""
    letter, colour = ELEMENTS.get(element, ("?", "white"))
    return Text(letter, style=f"bold {colour}")


def support_short(card: str) -> str:
    sup = info(card).support
    if sup is None:
        return ""
    return f"{sup[1]:+d}{STAT_LETTER[sup[0]]}" if sup[0] != "any" else ui("support_any", amount=f"{sup[1]:+d}")


def support_long(card: str) -> str:
    sup = info(card).support
    if sup is None:
        return ""
    return ui("support_boost" if sup[1] > 0 else "support_penalty", amount=f"{sup[1]:+d}", stat=stat_word(sup[0]))


def ascii_face(face: CardFace, ascii_only: bool) -> CardFace:
    if not ascii_only:
        return face
    return dataclasses.replace(face, title=asc_str(face.title, True), kind=asc_str(face.kind, True),
                               text=asc_str(face.text, True), flavour=asc_str(face.flavour, True),
                               tags=tuple(asc_str(t, True) for t in face.tags))


def card_face(card: str, ascii_only: bool = False) -> CardFace:
    """A card as the shared ``CardView`` draws it, in the table's language."""
    return ascii_face(localized_face("superinmundos", _card_face(card, ascii_only), language()), ascii_only)


def _card_face(card: str, ascii_only: bool) -> CardFace:
    """The face in the data's words; its kind, stat labels, text and flavour are the game's own
    face's (``faces.face``), so the card catalog translates them, and the tags this screen adds are
    in the table's language already."""
    ci = info(card)
    if ci.kind == "event":
        return CardFace(id=card, title=ci.name, kind=f"event · {TIMINGS.get(ci.timing, ci.timing)}",
                        text=ci.text, flavour=ci.flavor, colour=EVENT_COLOUR, symbol=event_mark(ascii_only),
                        tags=("event",))
    letter, colour = ELEMENTS.get(ci.element, ("?", "white"))
    stats = [Stat("Attack", str(ci.a), "A"), Stat("Defense", str(ci.d), "D"), Stat("Power", str(ci.p), "P")]
    if ci.support:
        stats.append(Stat(ui("stat_support"), support_short(card), "sup"))
    tags = [stars(ci.stars, ascii_only)]
    if ci.support:
        tags.append(support_long(card))
    extra_strong = sorted(ci.strong - {CYCLE.get(ci.element, "")})
    if extra_strong:
        tags.append(ui("strong_vs", element_terms=extra_strong))
    if ci.weak:
        tags.append(ui("weak_vs", element_terms=sorted(ci.weak)))
    return CardFace(id=card, title=ci.name, kind=f"combatant · {ci.element}", stats=tuple(stats), text=ci.text,
                    flavour=ci.flavor, colour=colour, symbol=letter, tags=tuple(tags))


def timing(value: str) -> Msg:
    """When an event is played (``TURN``, ``REACTION``, ``ROUND_START``), as a message."""
    return msg("ui.timing." + value.lower())


def card_line(card: str, ascii_only: bool = False) -> Text:
    """One line: ``F Ember Imp ★★ 3/1/2 +1A``."""
    ci = info(card)
    text = Text()
    if ci.kind == "event":
        text.append(event_mark(ascii_only), style=f"bold {EVENT_COLOUR}")
        text.append(f" {title_of(ci.name)}", style="bold")
        text.append("  " + ui("event_when", timing=timing(ci.timing)), style="dim")
        return text
    text.append_text(element_tag(ci.element))
    text.append(f" {title_of(ci.name)}", style="bold")
    text.append(f" {stars(ci.stars, ascii_only)}", style="yellow")
    text.append(f" {ci.a}/{ci.d}/{ci.p}", style="cyan")
    if ci.support:
        text.append(f" {support_short(card)}", style="green")
    return text


def unit_symbol(cards: list[str], ascii_only: bool) -> str:
    letters = []
    for c in cards:
        ci = info(c)
        letters.append(event_mark(ascii_only) if ci.kind == "event" else ELEMENTS.get(ci.element, ("?", ""))[0])
    return "+".join(letters)


UNIT_LABELS = ("on_top", "attacking", "declaring", "opening", "beneath")
"""Where a unit face stands (``ui.unit.<label>``)."""


def unit_face(unit: dict[str, Any], ascii_only: bool = False, label: str = "") -> CardFace:
    """A unit in the arena: its names, owner and *effective* stats (printed in the tags), in the
    table's language. ``label``: one of ``UNIT_LABELS``."""
    cards = unit["cards"]
    first = info(cards[0])
    colour = ELEMENTS.get(first.element, ("?", "white"))[1] if len(cards) == 1 else "bright_white"
    st = unit["stats"]
    printed = {k: sum(info(c).stats[k] for c in cards) for k in ("attack", "defense", "power")}
    stats = tuple(Stat(term(stat), f"{st[stat]}" + ("" if st[stat] == printed[stat] else "*"), stat[0].upper())
                  for stat in ("attack", "defense", "power"))
    tags = [" ".join(stars(info(c).stars, ascii_only) for c in cards)]
    if any(st[k] != printed[k] for k in printed):
        tags.append(ui("printed", stats="/".join(str(printed[k]) for k in ("attack", "defense", "power"))))
    lines = []
    for sp in unit["supports"]:
        lines.append(ui("support_from" if sp["by"] == unit["owner"] else "penalty_from", amount=f"{sp['amount']:+d}",
                        stat=stat_word(sp["stat"]), support=title_of(sp["name"])))
    for m in unit["mods"]:
        lines.append(ui("effect_mod", amount=f"{m['amount']:+d}", stat=stat_word(m["stat"])))
    texts = [localized_text("superinmundos", info(c).text, language()) for c in cards if info(c).text]
    body = "\n".join(lines + texts)
    owner = unit.get("owner_name", "")
    where = ui("unit." + label) if label else ""
    kind = " · ".join(p for p in (where, owner, ui("fused") if unit.get("fused", "none") != "none" else "") if p)
    return ascii_face(CardFace(id="+".join(cards), title=" + ".join(title_of(n) for n in unit["names"]), kind=kind,
                               stats=stats,
                               text=body, colour=colour, symbol=unit_symbol(cards, ascii_only), tags=tuple(tags)),
                      ascii_only)


def card_detail(card: str, ascii_only: bool = False) -> Text:
    """The whole card, for the detail pane and the zoom, in the table's language."""
    ci = info(card)
    face = card_face(card, ascii_only)
    text = Text()
    text.append(f"{face.symbol} ", style=f"bold {face.colour}")
    text.append(face.title, style=f"bold {face.colour}")
    text.append("\n")
    if ci.kind == "event":
        text.append(face.kind + "\n", style="italic")
    else:
        text.append(f"{term(ci.element)} · ", style="italic")
        text.append(stars(ci.stars, ascii_only) + "\n", style="yellow")
        text.append(f"A {ci.a}  D {ci.d}  P {ci.p}\n", style="bold cyan")
        support = support_long(card)
        for tag in face.tags[1:]:
            text.append(tag + "\n", style="magenta" if tag != support else "green" if ci.support[1] > 0 else "red")
    if face.text:
        text.append(face.text + "\n")
    if face.flavour:
        text.append(face.flavour, style="dim italic")
    text.rstrip()
    return text


# -- the hand ---------------------------------------------------------------------------------
class HandGrid(CardRow):
    """The hand as a grid of compact cards: ←/→ (h/l) move one card, ↑/↓ (k/j) one row.

    It keeps its ``CardView`` children and only updates them, so the cursor never lands on a card
    that is on its way out."""

    BINDINGS = [
        Binding("up,k", "move_row(-1)", "row", show=False),
        Binding("down,j", "move_row(1)", "row", show=False),
    ]
    DEFAULT_CSS = """
    HandGrid { layout: grid; grid-size: 2; grid-gutter: 0 1; grid-rows: 1; height: auto; max-height: 8;
               overflow-y: auto; overflow-x: hidden; }
    HandGrid > CardView.-compact { width: 1fr; margin: 0; }
    HandGrid > .empty { color: $text-muted; }
    """

    columns = 2

    def set_cards(self, cards: list[tuple[str, CardFace, str]]) -> None:
        keep = self.current
        self.cards = cards
        views = [v for v in self.query_children(CardView)]
        for view in views[len(cards):]:
            view.remove()
        for static in self.query_children(".empty"):
            static.remove()
        for i, (_card, face, state) in enumerate(cards):
            if i < len(views):
                view = views[i]
                view.face = face
                view.refresh()
            else:
                view = CardView(face, size="compact", ascii_only=self.ascii_only)
                self.mount(view)
            for s in ("playable", "disabled"):
                view.set_class(state == s, f"-{s}")
        if not cards:
            self.mount(Static(self.empty, classes="empty"))
        ids = [c[0] for c in cards]
        self.cursor = ids.index(keep) if keep in ids else max(0, min(self.cursor, len(cards) - 1))
        self._mark()

    def _views(self) -> list[CardView]:
        return [v for v in self.query_children(CardView) if not v._pruning]

    def _mark(self) -> None:
        views = self._views()
        for i, view in enumerate(views):
            view.set_class(i == self.cursor and self.has_focus, "-selected")
        if self.has_focus and 0 <= self.cursor < len(views):
            views[self.cursor].scroll_visible(animate=False)

    def action_move_row(self, delta: int) -> None:
        if self.cards:
            target = self.cursor + delta * self.columns
            if 0 <= target < len(self.cards):
                self.cursor = target


class StackList(OptionList):
    """The units beneath the active one, newest first: ↑/↓ (k/j) to read each in the card pane."""

    BINDINGS = [Binding("k", "cursor_up", show=False), Binding("j", "cursor_down", show=False)]
    DEFAULT_CSS = """
    StackList { height: 1fr; min-height: 3; }
    """

    def __init__(self, *, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ascii_only = ascii_only
        self.keys: list[str] = []

    def show_units(self, entries: list[tuple[str, Text]], empty: Text) -> None:
        """``entries``: (a key that names the unit, its line). The highlight stays on the same unit
        while the list has the keyboard, and goes back to the newest one otherwise."""
        old = self.keys[self.highlighted] if self.keys and self.highlighted is not None \
            and self.highlighted < len(self.keys) else None
        keys = [k for k, _ in entries]
        if keys == self.keys and entries:
            return
        self.keys = keys
        self.clear_options()
        if not entries:
            self.add_option(Option(asc(empty, self.ascii_only), disabled=True))
            return
        self.add_options([Option(asc(line, self.ascii_only)) for _, line in entries])
        self.highlighted = keys.index(old) if old in keys and self.has_focus else 0


def move(options: OptionList, delta: int) -> None:
    if delta > 0:
        options.action_cursor_down()
    else:
        options.action_cursor_up()


# -- modals -----------------------------------------------------------------------------------
class ChoiceScreen(ModalScreen[str | None]):
    """A short list of the actions one card allows (attack, support, event…): 1-9 or Enter."""

    BINDINGS = [Binding("escape", "cancel", "back"), Binding("k", "move(-1)", show=False),
                Binding("j", "move(1)", show=False)]
    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical { width: 72; height: auto; max-height: 80%; border: round $accent; padding: 0 1;
                              background: $panel; }
    ChoiceScreen .head { text-style: bold; margin-bottom: 1; }
    ChoiceScreen OptionList { height: auto; max-height: 16; border: none; }
    ChoiceScreen.-ascii > Vertical { border: ascii $accent; }
    """

    def __init__(self, title: Text, actions: list[Action], notes: dict[str, str], ascii_only: bool = False,
                 winning: set[str] | None = None) -> None:
        """``actions`` with their labels already in words; ``notes``: the outcome each would give,
        in words, by action id; ``winning``: the ids whose outcome is the attacker winning."""
        super().__init__()
        self.head = title
        self.actions = actions
        self.notes = notes
        self.winning = winning or set()
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        if self.ascii_only:
            self.add_class("-ascii")
        with Vertical():
            yield Static(asc(self.head, self.ascii_only), classes="head")
            options = []
            for i, a in enumerate(self.actions):
                label = Text.assemble((f"{i + 1} " if i < 9 else "  ", "bold yellow"), str(a.label))
                if a.id in self.notes:
                    label.append(f"  → {self.notes[a.id]}", style="italic green" if a.id in self.winning
                                 else "italic")
                options.append(Option(asc(label, self.ascii_only), id=f"c{i}"))
            yield OptionList(*options, id="choices")
            yield Static(ui("choice_hint"), classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.actions[event.option_index].id)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.actions):
                event.stop()
                self.dismiss(self.actions[index].id)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_move(self, delta: int) -> None:
        move(self.query_one(OptionList), delta)


class DiscardScreen(ModalScreen[None]):
    """The discard pile, newest first, with the highlighted card in full."""

    BINDINGS = [Binding("escape,d,q", "close", "close"), Binding("k", "move(-1)", show=False),
                Binding("j", "move(1)", show=False)]
    DEFAULT_CSS = """
    DiscardScreen { align: center middle; }
    DiscardScreen > Vertical { width: 96; height: 80%; border: round $accent; background: $panel; padding: 0 1; }
    DiscardScreen.-ascii > Vertical { border: ascii $accent; }
    DiscardScreen .head { text-style: bold; height: 1; }
    DiscardScreen Horizontal { height: 1fr; }
    DiscardScreen OptionList { width: 1fr; height: 1fr; border: none; }
    DiscardScreen #discard-detail { width: 40; height: 1fr; border-left: solid $primary-darken-2; padding: 0 1; }
    """

    def __init__(self, cards: list[str], ascii_only: bool = False) -> None:
        super().__init__()
        self.cards = list(reversed(cards))
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        if self.ascii_only:
            self.add_class("-ascii")
        with Vertical():
            yield Static(asc_str(ui("discard_head", n=len(self.cards)), self.ascii_only), classes="head")
            with Horizontal():
                if self.cards:
                    yield OptionList(*[Option(Text.assemble((f"{i + 1:>3} ", "dim"), card_line(c, self.ascii_only)),
                                              id=f"d{i}") for i, c in enumerate(self.cards)], id="discard-list")
                else:
                    yield Static(ui("discard_empty"), id="discard-list")
                with VerticalScroll(id="discard-detail"):
                    yield Static(id="discard-card")
            yield Static(ui("discard_hint"), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        if self.cards:
            self.query_one(OptionList).focus()
            self._show(0)

    def _show(self, index: int) -> None:
        if 0 <= index < len(self.cards):
            self.query_one("#discard-card", Static).update(asc(card_detail(self.cards[index], self.ascii_only),
                                                               self.ascii_only))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()

    def action_move(self, delta: int) -> None:
        for options in self.query(OptionList):
            move(options, delta)

    def action_close(self) -> None:
        self.dismiss(None)


class ZoomScreen(SharedZoomScreen):
    """The shared zoom, folding its notes with this game's one-for-one ASCII table."""

    def fold(self, text: Text) -> Text:
        return asc(text, self.ascii_only)


class PlayersTable(Static):
    """Who is at the table: turn marker, hand size, loot (as far as the viewer may know), status."""

    def show(self, view: dict[str, Any], bots: list[bool], ascii_only: bool) -> None:
        g = glyphs(ascii_only)
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        table.add_column(no_wrap=True, min_width=5)
        table.add_row("", "", Text(ui("col_hand"), style="dim"), Text(ui("col_loot"), style="dim"), "")
        answers = {int(k): v for k, v in (view.get("answers") or {}).items()}
        you = view.get("you")
        for p in view["players"]:
            seat = p["seat"]
            mark = Text(g["pointer"], style="bold yellow") if p["turn"] else Text(" ")
            name = Text(p["name"], style="bold underline" if seat == you else "")
            if seat == you:
                name.append(" " + ui("you"), style="dim")
            elif seat < len(bots) and bots[seat]:
                name.append(" " + ui("bot"), style="dim")
            if view.get("teams"):
                name.append(f" T{p['team'] + 1}", style="cyan")
            loot = p["loot"]
            if loot is None:
                asked = answers.get(p["team"] if view.get("teams") else seat)
                loot_text = Text(f"{asked}?" if asked is not None else "?", style="dim")
            else:
                loot_text = Text(str(loot), style="bold")
            status = Text()
            if view.get("phase") == "over":
                pass
            elif p["eliminated"]:
                status.append(f"{g['no']} " + ui("out"), style="red")
            elif p["owns_active"]:
                status.append(f"{g['star']} " + ui("top"), style="bold green")
            table.add_row(mark, name, Text(str(p["hand"])), loot_text, status)
        if self.has_class("-short"):
            self.update(table)
        else:
            self.update(Group(table, Text(asc_str(ui("loot_note"), ascii_only),
                                          style="dim italic")))
