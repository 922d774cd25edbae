"""``CardView``: draws any card from a ``CardFace``; ``CardRow``: a keyboard-navigable row of them.

| Key | Action (CardRow) |
| :- | :- |
| left, h | previous card |
| right, l | next card |
| enter | choose the focused card |
| click | choose that card (what Enter on it does) |
| z | zoom: show the focused card in full |

Sizes: ``compact`` (one line in a row), ``normal`` (a small framed card) and ``zoom`` (every field,
for the detail pane). States are CSS classes: ``-selected``, ``-playable``, ``-disabled``. Colour is
never the only signal: the face's symbol (element, race, sphere letter) is always printed, the card
under the cursor has a ``▸`` before it and a card usable now a ``✓`` after it (``>``/``+`` in
ASCII), in fixed cells so a row never reflows when the cursor moves. A row wraps onto more lines
(``FlowLayout``) rather than cutting a card at the right edge.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Callable

from rich.console import RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.layout import Layout
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from tabletop.ui.steady import KeptLines, SteadyLines, restyle

from ...engine.faces import CardFace
from ...text import language
from ...text.cards import localized_face
from ...text.shell import _
from .curtain import ascii_fold
from .flow import FlowLayout


def fold_text(text: Text) -> Text:
    """A card's words for ``--ascii`` (its styles stay where the folding keeps the length)."""
    plain = ascii_fold(text.plain)
    if plain == text.plain:
        return text
    if len(plain) == len(text.plain):
        return Text(plain, style=text.style, spans=list(text.spans), no_wrap=text.no_wrap, overflow=text.overflow)
    return Text(plain, style=text.style, no_wrap=text.no_wrap, overflow=text.overflow)


def face_text(face: CardFace, size: str = "normal") -> Text:
    """The words of a card, as Rich text (shared by CardView and detail panes)."""
    if face.face_down:
        return Text("face down", style="dim italic")
    text = Text()
    if size == "compact":
        text.append(f"{face.symbol} " if face.symbol else "", style=f"bold {face.colour}")
        text.append(face.title, style="bold")
        if face.cost:
            text.append(f" ({face.cost})", style="yellow")
        if face.stats:
            text.append(" " + "/".join(s.value for s in face.stats), style="cyan")
        return text
    kind = " · ".join(p for p in (face.kind, face.cost and _("cost {cost}").format(cost=face.cost)) if p)
    if kind:
        text.append(kind + "\n", style="italic")
    if face.stats:
        text.append("  ".join(f"{s.symbol or s.label} {s.value}" for s in face.stats) + "\n", style="bold cyan")
    if face.tags:
        text.append(" ".join(face.tags) + "\n", style="magenta")
    if face.text:
        text.append(face.text + "\n")
    if size == "zoom" and face.flavour:
        text.append(face.flavour, style="dim italic")
    text.rstrip()
    return text


class CardView(KeptLines, can_focus=False):
    """One card. Set ``face`` to redraw; ``size`` is ``compact``, ``normal`` or ``zoom``.

    Its painted lines are kept per look (face, state classes, language): the cursor moving along
    a row paints each card in a state it had before again from what was kept (issue #15)."""

    DEFAULT_CSS = """
    CardView { width: auto; height: auto; min-width: 12; padding: 0 0; }
    CardView.-compact { height: 1; padding: 0 0; background: $boost; margin: 0 1 0 0; }
    CardView.-compact.-selected { background: $accent; color: $text; text-style: bold; }
    CardView > .card-view--selected { background: $accent; color: $text; text-style: bold; }
    CardView.-playable { border: none; color: $text; }
    CardView.-compact.-playable { background: $success-darken-2; }
    CardView.-compact.-playable.-selected { background: $accent; }
    CardView.-disabled { opacity: 60%; text-style: dim; }
    CardView.-normal { width: 26; }
    CardView.-zoom { width: 1fr; }
    """

    COMPONENT_CLASSES = {"card-view--selected"}

    face: reactive[CardFace | None] = reactive(None, layout=True)
    """The card to draw; ``None`` draws an empty slot."""

    def __init__(self, face: CardFace | None = None, *, size: str = "normal", ascii_only: bool = False,
                 game_id: str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.card_size = size
        self.ascii_only = ascii_only
        self.game_id = game_id
        self.add_class(f"-{size}")
        self.set_reactive(CardView.face, face)

    styled_selected = False
    """Whether the CSS was last worked out with ``-selected`` on (its colours then paint the cursor
    too, and taking the class off needs a restyle)."""

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.styled_selected = self.has_class("-selected")

    def current_look(self) -> Hashable:
        return (self.face, self.classes, self.card_size, self.ascii_only, language(), self._game())

    def _game(self) -> str | None:
        """Whose card catalog names this card: the one given, else the game of the nearest screen
        that runs a match (a zoom or other modal sits above its game's screen)."""
        if self.game_id:
            return self.game_id
        try:
            stack = self.app.screen_stack
        except Exception:  # noqa: BLE001 - not mounted in an app: no game to ask
            return None
        for screen in reversed(stack):
            game = getattr(getattr(screen, "match", None), "game", None)
            spec = getattr(game, "spec", None)
            if spec is not None:
                return str(spec.id)
        return None

    def shown(self, face: CardFace) -> CardFace:
        """The face in the table's current language (names and texts through the card catalog)."""
        game = self._game()
        return localized_face(game, face, language()) if game else face

    def compact_text(self, face: CardFace) -> Text:
        """One line with its marks: the cursor before the card, "usable now" after it (the cells
        are always there, blank when off, so the width never changes with the state).

        The card under the cursor is painted in the ``card-view--selected`` colours by the text
        itself, under the card's own colours, as the CSS of ``-selected`` paints it: a row moves
        its cursor by turning the class on and off without restyling the card (``CardRow._mark``),
        and a card restyled with the class looks the same."""
        pointer, usable = (">", "+") if self.ascii_only else ("▸", "✓")
        selected = self.has_class("-selected")
        text = Text(pointer if selected else " ", style="bold")
        text.append_text(face_text(face, "compact"))
        text.append(usable if self.has_class("-playable") else " ", style="bold")
        if selected:
            look = self.get_component_rich_style("card-view--selected")
            plain = Style(dim=False) if self.has_class("-disabled") else Style()  # ``bold`` replaces ``dim``
            text.stylize_before(look + plain)
            room = self.content_region.width - text.cell_len
            if room > 0 and self.rich_style.bgcolor != look.bgcolor:  # not restyled: the rest of the card too
                text.append(" " * room, style=Style(bgcolor=look.bgcolor))
        return text

    def render(self) -> RenderableType:
        face = self.face
        if face is None:
            return Text("(empty)", style="dim")
        face = self.shown(face)
        if self.card_size == "compact":
            text = self.compact_text(face)
            return fold_text(text) if self.ascii_only else text
        if face.face_down:
            back = ("#" if self.ascii_only else "▒") * 10
            return Panel(Text(f"{back}\n{back}", style="dim"), title="?", expand=True)
        from rich import box

        title = Text(f"{face.symbol} {face.title}".strip(), style=f"bold {face.colour}")
        body = face_text(face, self.card_size)
        if self.ascii_only:
            title, body = fold_text(title), fold_text(body)
        return Panel(body, title=title, title_align="left",
                     border_style=face.colour, expand=True,
                     box=box.ASCII if self.ascii_only else box.ROUNDED)


class CardRow(SteadyLines, can_focus=True):
    """A row of compact cards with a cursor; posts ``Focused`` and ``Chosen`` with the card id."""

    BINDINGS = [
        Binding("left,h", "move(-1)", "card", show=False),
        Binding("right,l", "move(1)", "card", show=False),
        Binding("enter", "choose", "choose", show=False),
    ]
    DEFAULT_CSS = """
    CardRow { height: auto; min-height: 1; layout: horizontal; overflow-x: hidden; }
    CardRow:focus { background: $boost; }
    """

    class Focused(Message):
        def __init__(self, row: "CardRow", card: str | None) -> None:
            super().__init__()
            self.row = row
            self.card = card

    class Chosen(Message):
        def __init__(self, row: "CardRow", card: str) -> None:
            super().__init__()
            self.row = row
            self.card = card

    cursor: reactive[int] = reactive(0)

    def __init__(self, *, ascii_only: bool = False, empty: str = "(none)", **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.ascii_only = ascii_only
        self.empty = empty
        self.cards: list[tuple[str, CardFace, str]] = []
        self.listener: Callable[[CardRow.Focused], None] | None = None
        """Told of every cursor move at once, if set (else a ``Focused`` message is posted): a
        message is handled after the frame that repaints the row, and what the screen says about
        the card would take a second frame (issue #15)."""

    def set_cards(self, cards: list[tuple[str, CardFace, str]]) -> None:
        """``cards`` is a list of (card id, face, state) with state ``playable``, ``disabled`` or ``""``.

        Existing card widgets are updated in place (only the surplus is removed or the shortfall
        mounted), so the cursor never counts cards that are on their way out."""
        keep = self.cards[self.cursor][0] if self.cards and self.cursor < len(self.cards) else None
        self.cards = cards
        for empty in self.query(".empty"):
            empty.remove()
        views = list(self.query(CardView))
        for view in views[len(cards):]:
            view.remove()
        for i, (_card_id, face, state) in enumerate(cards):
            if i < len(views):
                view = views[i]
                view.face = face
                view.set_class(state == "playable", "-playable")
                view.set_class(state == "disabled", "-disabled")
                view.refresh()  # the marks are drawn from the classes
            else:
                view = CardView(face, size="compact", ascii_only=self.ascii_only)
                if state:
                    view.add_class(f"-{state}")
                self.mount(view)
        if not cards:
            self.mount(Static(self.empty, classes="empty"))
            return
        ids = [c[0] for c in cards]
        self.cursor = ids.index(keep) if keep in ids else min(self.cursor, len(cards) - 1)
        self.call_after_refresh(self._mark)

    _flow = FlowLayout()

    @property
    def layout(self) -> Layout:
        """Wrap instead of running past the right edge, unless a subclass or a screen chose a
        layout of its own (a grid, say) in its CSS."""
        chosen = self.styles.layout
        return self._flow if chosen is None or chosen.name == "horizontal" else chosen

    def _mark(self) -> None:
        for i, view in enumerate(self.query(CardView)):
            selected = i == self.cursor and self.has_focus
            if view.has_class("-selected") != selected:
                if view.styled_selected and not selected:  # its CSS still paints the cursor: restyle
                    restyle(view, {"-selected": False})
                else:  # no restyle: the card paints its selected colours itself (``compact_text``)
                    view.update_classes({"-selected": selected}, update=False)
                view.refresh()

    def _announce(self) -> None:
        if self.cards:
            message = self.Focused(self, self.cards[self.cursor][0])
            if self.listener is not None:  # at once: what is said about the card is painted in this frame
                self.listener(message)
            else:
                self.post_message(message)

    def watch_cursor(self) -> None:
        self._mark()
        self._announce()

    def on_focus(self, _: events.Focus) -> None:
        self._mark()
        self._announce()

    def on_blur(self, _: events.Blur) -> None:
        self._mark()

    @property
    def current(self) -> str | None:
        return self.cards[self.cursor][0] if self.cards else None

    def action_move(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)

    def action_choose(self) -> None:
        if self.cards:
            self.post_message(self.Chosen(self, self.cards[self.cursor][0]))

    def on_click(self, event: events.Click) -> None:
        """A click on a card does what Enter on it does: the cursor goes there, then it is chosen."""
        views = [v for v in self.query_children(CardView) if not v._pruning]
        node = event.widget
        while node is not None and node is not self and node not in views:
            node = node.parent
        if node is None or node is self:
            return
        index = views.index(node)  # type: ignore[arg-type]
        if index >= len(self.cards):
            return
        event.stop()
        self.focus()
        self.cursor = index
        self.action_choose()
