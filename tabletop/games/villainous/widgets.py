"""Widgets of the Villainous screen: a realm of four locations and the rivals' summary.

Everything here draws from the (already redacted) view dicts the rules return; nothing reads the
state. Colour always comes with a glyph or a letter (ASCII fallbacks for ``ascii_only``). Every
word goes through the table's renderer (``words``): the rules' messages, card names, location
and villain names (vocabulary terms) and the widgets' own ``ui.*`` texts.

| Key | Action (RealmView) |
| :- | :- |
| left/right, h/l | previous / next location |
| up/down, k/j | previous / next action symbol of the location |
| enter | use the symbol (or choose the location, when a location is asked for) |
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.table import Table
from rich.text import Text
from textual import events
from textual._styles_cache import StylesCache
from textual.binding import Binding
from textual.color import Color
from textual.content import Content
from textual.css.styles import Styles
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from tabletop.engine.faces import CardFace, Stat
from tabletop.engine.msg import Msg
from tabletop.text.cards import localized_text
from tabletop.text.render import Renderer
from tabletop.ui.glyphs import bar, glyphs
from tabletop.ui.steady import nothing_to_repaint

# action -> (unicode glyph, ascii letter, colour, short label)
ACTION_INFO: dict[str, tuple[str, str, str, str]] = {
    "gain_power": ("¤", "$", "yellow", "Gain"),
    "play_card": ("✦", "P", "green", "Play a card"),
    "activate": ("↯", "A", "cyan", "Activate"),
    "fate": ("†", "F", "magenta", "Fate"),
    "move_item_ally": ("⇄", "M", "dodger_blue1", "Move ally/item"),
    "move_hero": ("⇆", "H", "bright_blue", "Move a hero"),
    "vanquish": ("⚔", "V", "red", "Vanquish"),
    "discard": ("✗", "D", "grey70", "Discard"),
}
ACTION_HELP = frozenset(("gain_power", "play_card", "activate", "fate", "move_item_ally", "move_hero",
                         "vanquish", "discard"))
"""Actions whose one-line help is the catalog's ``ui.help_<action>``."""


def action_help(words: Any, action: str) -> str:
    return words.message("ui.help_" + action, {}) if action in ACTION_HELP else ""


# card type -> (unicode glyph, ascii letter, colour)
TYPE_INFO: dict[str, tuple[str, str, str]] = {
    "Ally": ("●", "A", "green"),
    "Item": ("◆", "I", "cyan"),
    "Effect": ("✧", "E", "yellow"),
    "Condition": ("⚑", "C", "magenta"),
    "Curse": ("✶", "U", "medium_purple1"),
    "Hero": ("▲", "H", "red"),
}
TYPE_LETTER = {"Ally": "A", "Item": "I", "Effect": "E", "Condition": "C", "Curse": "Cu", "Hero": "H"}
VILLAIN_COLOUR = {"maleficent": "green3", "jafar": "gold1", "ursula": "medium_purple1", "hook": "red1",
                  "john": "dark_orange", "queen": "deep_pink2"}


ASCII_TEXT = str.maketrans({"✔": "+", "✘": "x", "★": "*", "▸": ">"})


def plain(text: str, ascii_only: bool) -> str:
    """Text for an ASCII-only terminal: no check marks or arrows (the rules' progress texts use them)."""
    if not ascii_only:
        return text
    return text.translate(ASCII_TEXT).replace("←/→", "left/right").replace("↑/↓", "up/down")


def ui(words: Renderer, key: str, **args: Any) -> str:
    """One of the screen's own texts (``ui.<key>`` of the villainous catalog)."""
    return words.message("ui." + key, args)


def said(words: Renderer, value: Any) -> str:
    """A message of the view (its plain form ``{"k": ...}``) or a ``Msg`` in words."""
    if isinstance(value, dict):
        return words.arg("text", value)
    if isinstance(value, Msg):
        return words.text(value)
    return "" if value is None else str(value)


def action_label(words: Renderer, action: str, amount: int = 0) -> str:
    """An action symbol's short name (``Gain 2``, ``Play a card``)."""
    if action not in ACTION_INFO:
        return action
    return ui(words, "sym_" + action, n=amount)


def card_name(words: Renderer, card: dict[str, Any]) -> str:
    """A card of the view by name, in the table's language."""
    return words.card(card["id"])


def card_text(words: Renderer, card: dict[str, Any]) -> str:
    """A card of the view's text, in the table's language (the card catalog's, by line)."""
    return localized_text("villainous", card.get("text", ""), words.lang)


def action_glyph(action: str, ascii_only: bool) -> str:
    info = ACTION_INFO.get(action, ("?", "?", "white", action))
    return info[1] if ascii_only else info[0]


def type_glyph(kind: str, ascii_only: bool) -> str:
    info = TYPE_INFO.get(kind, ("?", "?", "white"))
    return info[1] if ascii_only else info[0]


def card_face(words: Renderer, card: dict[str, Any]) -> CardFace:
    """A ``CardFace`` from a card of the view (``{"id", "name", "type", "fate", "text", ...}``)."""
    kind = card.get("type", "")
    stats: tuple[Stat, ...] = ()
    value = card.get("strength", card.get("printed_strength"))
    if value is not None:
        stats = (Stat(ui(words, "strength"), str(value), "S"),)
    cost = card.get("cost")
    kind_words = words.term("type_" + kind.lower()) if kind else ""
    return CardFace(id=card["id"], title=card_name(words, card),
                    kind=ui(words, "fate_kind", kind=kind_words) if card.get("fate") else kind_words,
                    cost="" if cost is None else str(cost), stats=stats, text=card_text(words, card),
                    colour=TYPE_INFO.get(kind, ("", "", "grey50"))[2], symbol=TYPE_LETTER.get(kind, "?"))


def card_line(words: Renderer, card: dict[str, Any]) -> Text:
    """One line for a detail pane: name, type, cost, Strength and what the card does."""
    text = Text()
    text.append(card_name(words, card), style="bold")
    kind = card.get("type", "")
    kind_words = words.term("type_" + kind.lower()) if kind else ""
    text.append(f"  {TYPE_LETTER.get(kind, '?')} {kind_words}" + (ui(words, "fate_mark") if card.get("fate") else ""),
                style=TYPE_INFO.get(kind, ("", "", "grey50"))[2])
    if card.get("cost") is not None:
        text.append("  " + ui(words, "cost", n=card["cost"]), style="yellow")
    value = card.get("strength", card.get("printed_strength"))
    if value is not None:
        text.append("  " + ui(words, "strength_n", n=value), style="bold cyan")
    text.append(f"  {card_text(words, card)}")
    return text


def symbols_of(loc: dict[str, Any]) -> list[dict[str, Any]]:
    """The action symbols of a location in board order: top, bottom, then granted by cards."""
    out = [dict(s, where="top") for s in loc.get("top", [])]
    out += [dict(s, where="bottom", covered=False) for s in loc.get("bottom", [])]
    out += [dict(s, where="granted", covered=False) for s in loc.get("granted", [])]
    return out


CursorLook = tuple[str, str, str | None]
"""The cursor's border kind, border colour and background (theme variables: ``accent``, ``boost``)."""


def cursor_look(focused: bool, target: bool) -> CursorLook:
    """How the location under the cursor is framed: a round accent border, heavy and on a
    boosted background while the realm has the focus (green on a location to choose)."""
    if not focused:
        return ("round", "accent", None)
    return ("heavy", "success" if target else "accent", "boost")


BOX_CSS: tuple[tuple[str, str], ...] = (
    ("", "border: round $primary-darken-1; padding: 0 0; border-title-align: left; border-subtitle-align: right;"),
    ("-mover", "border: round $warning;"),
    ("-locked", "border: round $error-darken-1; color: $text-muted;"),
    ("-target", "border: round $success;"),
    ("-nottarget", "color: $text-muted;"),
)
"""A location box's CSS: the base rules, then each class's, in the order a stylesheet would
apply them (same specificity: the later wins). The boxes are no widgets (``RealmView`` paints
them), so no stylesheet styles them: these rules, with the theme's variables, do."""



def themed(css: str, variables: Mapping[str, str]) -> str:
    """``css`` with each ``$variable`` word replaced by the theme's value (the words of
    ``BOX_CSS`` and of a cursor look are space-separated, a value may end with ``;``)."""
    words = css.split(" ")
    for i, word in enumerate(words):
        if word[:1] == "$":
            name = word[1:].rstrip(";")
            words[i] = variables[name] + word[1 + len(name):]
    return " ".join(words)


def box_styles(classes: frozenset[str], look: CursorLook | None, variables: Mapping[str, str]) -> Styles:
    """The styles of a location box with these classes, framed by the cursor's ``look`` (if it is
    there: its border and background override the classes', as inline styles did), in a theme
    whose CSS variables are ``variables``."""
    css = " ".join(rules for name, rules in BOX_CSS if not name or name in classes)
    if look is not None:
        kind, colour, shade = look
        css += f" border: {kind} ${colour};"
        if shade:
            css += f" background: ${shade};"
    return Styles.parse(themed(css, variables), ("villainous", "location box"))


def label(words: Content | None) -> Content | None:
    """A border title as Textual keeps one (``Widget.border_title``): tabs expanded, first line."""
    return None if words is None else words.expand_tabs(4).split()[0]


class Replay:
    """A renderable laid out by Rich once per width, then replayed: a location's box is drawn
    again on every cursor move, in one of a few states it had before, and Rich tables are slow
    to lay out (issue #15). What is drawn is the same segments Rich made the first time."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._drawn: dict[tuple[Any, ...], list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = (options.max_width, options.min_width, options.height, options.justify, options.overflow,
               options.no_wrap)
        segments = self._drawn.get(key)
        if segments is None:
            segments = self._drawn[key] = list(console.render(self.renderable, options))
        yield from segments

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


@dataclass(frozen=True)
class BoxFacts:
    """A location box's classes, titles and the ``repr`` of its location (its drawings' key)."""

    classes: dict[str, bool]
    title: Text
    title_look: str
    subtitle: str
    drawn_from: str


@dataclass(frozen=True)
class BoardFacts:
    """The four boxes' facts, the rows every box keeps for heroes and top symbols, and the rest
    of what every box is drawn from (those rows, usable and used slots)."""

    boxes: list[BoxFacts]
    hero_rows: int
    top_rows: int
    rest: tuple[Any, ...]


@dataclass(frozen=True)
class Box:
    """What a location box shows: its content (drawn from ``key``), its border titles, its classes
    and the cursor's frame on it. Two boxes with the same ``look`` paint the same lines."""

    key: Hashable
    content: VisualType = field(compare=False)
    title: Content | None = field(compare=False)
    title_look: str | None
    subtitle: Content | None = field(compare=False)
    subtitle_look: str | None
    classes: frozenset[str]
    frame: CursorLook | None

    @property
    def look(self) -> Hashable:
        return (self.key, self.title_look, self.subtitle_look, self.classes, self.frame)


EMPTY_BOX = Box(None, "", None, None, None, None, frozenset(), None)
"""A box before any board is shown: no content, no titles, the CSS frame."""

REPLAYS_KEPT = 6
"""Drawn states kept per location (the cursor on it or not, on each symbol...)."""

PAINTS_KEPT = 8
"""Painted looks kept per location box (oldest dropped first)."""


class RealmView(Widget, can_focus=True):
    """A villain's four locations side by side, with a location cursor and a symbol cursor.

    One widget paints the four boxes (borders, titles, contents) with Textual's own line painter,
    each box in the styles its classes and the cursor give it (``box_styles``): the same lines as
    four ``Static`` boxes in a horizontal layout drew, at a fifth of the widgets. Textual touches
    every widget of the screen on every key (the pilot's wait, the compositor's renders, issue
    #15): a widget less is a tenth of a millisecond less per key. A box's painted lines are kept
    per look, so a cursor key paints at most the box it leaves and the box it enters."""

    BINDINGS = [
        Binding("left,h", "move_loc(-1)", "location", show=False),
        Binding("right,l", "move_loc(1)", "location", show=False),
        Binding("up,k", "move_sym(-1)", "symbol", show=False),
        Binding("down,j", "move_sym(1)", "symbol", show=False),
        Binding("enter", "choose", "use", show=False),
    ]

    class Chosen(Message):
        """Enter on a location (``symbol`` is the highlighted action symbol there, if any)."""

        def __init__(self, loc: int, symbol: dict[str, Any] | None) -> None:
            super().__init__()
            self.loc = loc
            self.symbol = symbol

    class Focused(Message):
        def __init__(self, loc: int, symbol: dict[str, Any] | None) -> None:
            super().__init__()
            self.loc = loc
            self.symbol = symbol

    def __init__(self, *, words: Renderer, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.words = words
        self.ascii_only = ascii_only
        self.board: dict[str, Any] | None = None
        self.loc = 0
        self.sym = 0
        self.ready: set[str] = set()
        """Slots whose action can be taken now."""
        self.used: set[str] = set()
        self.targets: set[int] = set()
        """Locations that answer the current decision (a destination is being asked for)."""
        self.live = False
        """Symbols are usable (the viewer's action menu is open on this realm)."""
        self.listener: Callable[[RealmView.Focused], None] | None = None
        """Told of every cursor move at once, if set (else a ``Focused`` message is posted): a
        message would be handled after the frame that repaints the realm, and the line about the
        place under the cursor would take a second frame (issue #15)."""
        self.boxes: list[Box] = [EMPTY_BOX] * 4
        """What each location box shows now."""
        self._drawn: dict[int, Any] = {}
        self._replays: dict[int, dict[tuple[Any, ...], Replay]] = {}
        """Per location, its last drawn states by what they were drawn from."""
        self._facts: BoardFacts | None = None
        """What the boxes are drawn from, for the board shown (``None``: to be worked out)."""
        self._styles: dict[tuple[frozenset[str], CursorLook | None], Styles] = {}
        """Box styles by classes and frame, in the current theme (emptied when the theme changes)."""
        self._painted: list[dict[Hashable, list[Strip]]] = [{} for _ in range(4)]
        """Per box, its painted lines by look, size and ground."""
        self._last: tuple[Region, Size, list[Strip]] | None = None
        """The crop and size last painted, with the lines handed out for them."""
        self._joined: dict[tuple[tuple[int, ...], Region], tuple[tuple[list[Strip], ...], list[Strip]]] = {}
        """The realm's lines by the four boxes' painted lines they were joined from (and the crop)."""

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._on_theme)
        self.redraw()

    def _on_theme(self, _: object) -> None:
        self._styles.clear()
        self._joined.clear()
        for painted in self._painted:
            painted.clear()
        self.redraw()
        self.refresh()

    # -- data -----------------------------------------------------------------------------------
    def show(self, board: dict[str, Any] | None, *, ready: set[str], used: set[str], targets: set[int],
             live: bool) -> None:
        self.board = board
        self.ready, self.used, self.targets, self.live = ready, used, targets, live
        self._facts = None
        self.sym = min(self.sym, max(0, len(self.symbols(self.loc)) - 1))
        self.redraw()

    def symbols(self, loc: int) -> list[dict[str, Any]]:
        if self.board is None:
            return []
        return symbols_of(self.board["locations"][loc])

    @property
    def symbol(self) -> dict[str, Any] | None:
        syms = self.symbols(self.loc)
        return syms[self.sym] if 0 <= self.sym < len(syms) else None

    def aim(self, loc: int, prefer_ready: bool = True) -> None:
        """Put the cursor on ``loc`` (and on its first usable symbol)."""
        self.loc = max(0, min(3, loc))
        self.sym = 0
        if prefer_ready:
            for i, s in enumerate(self.symbols(self.loc)):
                if s["slot"] in self.ready:
                    self.sym = i
                    break
        self.redraw()
        self._announce()

    # -- keys -----------------------------------------------------------------------------------
    def action_move_loc(self, delta: int) -> None:
        self.loc = (self.loc + delta) % 4
        self.sym = min(self.sym, max(0, len(self.symbols(self.loc)) - 1))
        self.redraw()
        self._announce()

    def action_move_sym(self, delta: int) -> None:
        n = len(self.symbols(self.loc))
        if n:
            self.sym = (self.sym + delta) % n
            self.redraw()
            self._announce()

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.loc, self.symbol))

    def _announce(self) -> None:
        message = self.Focused(self.loc, self.symbol)
        if self.listener is not None:  # said at once: the line about it is painted in the same frame
            self.listener(message)
        else:
            self.post_message(message)

    def on_focus(self, _: events.Focus) -> None:
        self.redraw(focused=True)
        self._announce()

    def on_blur(self, _: events.Blur) -> None:
        self.redraw(focused=False)

    # -- what the boxes show --------------------------------------------------------------------
    def redraw(self, focused: bool | None = None) -> None:
        """Work out what each box shows and repaint those whose look changed. ``focused`` is
        whether the realm has the focus, when it is about to change: ``has_focus`` changes only
        after ``on_focus`` and ``on_blur``, and the cursor's frame is the one of the focus the
        realm is getting (as CSS's ``:focus`` was)."""
        if self.board is None:
            self._repaint([i for i, box in enumerate(self.boxes) if self._set_box(i, replace(box, key=None, content=""))])
            self._drawn.clear()
            return
        facts = self._facts
        fresh = facts is None
        if facts is None:  # the board was shown anew: its boxes' classes and titles too
            facts = self._facts = self._board_facts()
        framed = self.has_focus if focused is None else focused
        changed = []
        for i, (box, loc, fact) in enumerate(zip(self.boxes, self.board["locations"], facts.boxes, strict=False)):
            here = self.has_focus and i == self.loc and not self.targets
            key = (fact.drawn_from, here, i == self.loc, self.sym if here else -1, facts.rest)
            content = box.content
            if self._drawn.get(i) != key:  # only what changed is drawn again
                self._drawn[i] = key
                content = self._replay(i, key, loc, facts.hero_rows, facts.top_rows)
            frame = cursor_look(framed, i in self.targets) if i == self.loc else None
            if fresh:
                classes = frozenset(name for name, on in fact.classes.items() if on)
                box = Box(key, content, label(Content.from_rich_text(fact.title)), fact.title_look,
                          label(self.render_str(fact.subtitle)), fact.subtitle, classes, frame)
            elif key != box.key or frame != box.frame:
                box = Box(key, content, box.title, box.title_look, box.subtitle, box.subtitle_look, box.classes,
                          frame)
            if self._set_box(i, box):
                changed.append(i)
        self._repaint(changed)

    def _set_box(self, i: int, box: Box) -> bool:
        """Show ``box`` as location ``i``; True if it looks different (its quarter of the realm is
        to be painted again, the rest of the realm is not)."""
        changed = box is not self.boxes[i] and box.look != self.boxes[i].look
        self.boxes[i] = box
        return changed

    def _repaint(self, changed: list[int]) -> None:
        """Paint again the quarters of the realm of these boxes (with one refresh)."""
        width, height = self.size
        if not changed:
            return
        if width and height:
            columns = self.columns(width)
            self.refresh(*(Region(columns[i][0], 0, columns[i][1], height) for i in changed))
        else:
            self.refresh()

    def box_styles(self, i: int) -> Styles:
        """The styles location ``i`` is painted in now (its classes, the cursor's frame, the theme)."""
        box = self.boxes[i]
        found = self._styles.get((box.classes, box.frame))
        if found is None:
            found = box_styles(box.classes, box.frame, self.app.get_css_variables())
            self._styles[(box.classes, box.frame)] = found
        return found

    # -- painting -------------------------------------------------------------------------------
    @staticmethod
    def columns(width: int) -> list[tuple[int, int]]:
        """Where each box is (x, width) in a realm ``width`` cells wide: four ``1fr`` columns as a
        horizontal layout places them (each at the floor of its fractional start)."""
        edges = [i * width // 4 for i in range(5)]
        return [(edges[i], edges[i + 1] - edges[i]) for i in range(4)]

    def render_lines(self, crop: Region) -> list[Strip]:
        size = self.size
        last = self._last
        # Nothing marked the realm for a repaint (a box that changed refreshes its quarter): the
        # lines handed out last time. The compositor asks every visible widget for its lines on
        # every frame, changed or not (issue #15).
        if last is not None and nothing_to_repaint(self) and last[0] == crop and last[1] == size:
            return last[2]
        width, height = size
        ground = (self.background_colors, self.visual_style, self.app.theme, tuple(self.get_line_filters()))
        painted = tuple(self._box_lines(i, w, height, ground) for i, (_, w) in enumerate(self.columns(width)))
        # the realm's lines for these four boxes' lines, if joined before: a cursor going back and
        # forth shows the same two or three combinations again and again
        joined_key = (tuple(map(id, painted)), crop)
        found = self._joined.get(joined_key)
        if found is not None and all(a is b for a, b in zip(found[0], painted, strict=True)):
            strips = found[1]
        else:
            strips = [Strip.join([lines[y] for lines in painted]) for y in crop.line_range]
            if crop.column_span != (0, width):
                x1, x2 = crop.column_span
                strips = [strip.crop(x1, x2) for strip in strips]
            self._joined[joined_key] = (painted, strips)  # the boxes' lists kept alive: their ids stay theirs
            while len(self._joined) > PAINTS_KEPT:
                del self._joined[next(iter(self._joined))]
        self._styles_cache.clear()  # its dirty lines say what to paint again: all painted now
        self._last = (crop, size, strips)
        return strips

    def _box_lines(self, i: int, width: int, height: int, ground: Hashable) -> list[Strip]:
        """Box ``i`` painted ``width`` × ``height`` (kept per look, size and ground)."""
        key = (self.boxes[i].look, width, height, ground)
        kept = self._painted[i]
        strips = kept.get(key)
        if strips is None:
            strips = kept[key] = self._paint_box(self.boxes[i], self.box_styles(i), Size(width, height))
            while len(kept) > PAINTS_KEPT:
                del kept[next(iter(kept))]
        return strips

    def _paint_box(self, box: Box, styles: Styles, size: Size) -> list[Strip]:
        """A box's lines as Textual paints a ``Static`` child of this realm styled ``styles``:
        the backgrounds and the text style composed down the realm's ancestors and the box
        (``Widget.background_colors``, ``Widget.visual_style``), the content rendered at the
        box's inner size, then border, titles, padding and line filters by ``StylesCache``."""
        chain = [node.styles for node in reversed(self.ancestors_with_self)] + [styles]
        base_background = background = Color(0, 0, 0, 0)
        opacity = 1.0
        for rules in chain:  # Widget.background_colors
            base_background = background
            opacity *= rules.opacity
            background += rules.background.tint(rules.background_tint).multiply_alpha(opacity)
        text_on = Color(0, 0, 0, 0)
        colour = Color(255, 255, 255, 0)
        text_style = RichStyle()
        opacity = 1.0
        for rules in chain:  # Widget.visual_style
            has_rule = rules.has_rule
            opacity *= rules.opacity
            if has_rule("background"):
                text_background = text_on + rules.background.tint(rules.background_tint)
                text_on += rules.background.tint(rules.background_tint).multiply_alpha(opacity)
            else:
                text_background = text_on
            if has_rule("color"):
                colour = rules.color
            text_style += rules.text_style
            if has_rule("auto_color") and rules.auto_color:
                colour = text_background.get_contrast_text(colour.a)
        style = VisualStyle(text_on, colour, bold=text_style.bold, dim=text_style.dim, italic=text_style.italic,
                            reverse=text_style.reverse, underline=text_style.underline, strike=text_style.strike)
        gutter = styles.gutter
        inner = Size(max(0, size.width - gutter.width), max(0, size.height - gutter.height))
        content = Visual.to_strips(self, visualize(self, box.content), inner.width, inner.height, style)
        blank = Strip.blank(inner.width, style.rich_style)

        def content_line(y: int) -> Strip:
            return content[y] if y < len(content) else blank

        def titled(words: Content | None, auto: bool, colour: Color, back: Color,
                   look: RichStyle) -> tuple[Content, Color, Color, VisualStyle] | None:
            if words is None:
                return None
            return (words, base_background.get_contrast_text(colour.a) if auto else colour, back,
                    VisualStyle.from_rich_style(look))

        app = self.app
        return StylesCache().render(
            styles, size, base_background, background, content_line, self.get_line_filters(),
            titled(box.title, styles.auto_border_title_color, styles.border_title_color,
                   styles.border_title_background, styles.border_title_style),
            titled(box.subtitle, styles.auto_border_subtitle_color, styles.border_subtitle_color,
                   styles.border_subtitle_background, styles.border_subtitle_style),
            content_size=inner, padding=styles.padding, crop=size.region, opacity=self.opacity,
            ansi_theme=app.ansi_theme, native_ansi=app.native_ansi_color)

    # -- drawing a location ---------------------------------------------------------------------
    def _board_facts(self) -> BoardFacts:
        """What the boxes are drawn from that no cursor key changes, worked out once per ``show``
        (not on every key: a location's ``repr`` and its heroes' lines take a while)."""
        assert self.board is not None
        g = glyphs(self.ascii_only)
        locs = self.board["locations"]
        hero_rows = max(1, max(len(self._card_lines(loc["heroes"])) for loc in locs))
        top_rows = max(1, max(len(loc["top"]) for loc in locs))
        boxes = []
        for i, loc in enumerate(locs):
            title = Text()
            title.append(f"{i + 1}", style="bold")
            if loc["mover"]:
                title.append(" " + ("@" if self.ascii_only else "◉") + " " + ui(self.words, "mover"),
                             style="bold yellow")
            if loc["locked"]:
                title.append(f" {g['lock']} " + ui(self.words, "locked"), style="bold red")
            subtitle = (g["pointer"] + " " + ui(self.words, "choose")) if i in self.targets else ""
            classes = {"-mover": bool(loc["mover"]), "-locked": bool(loc["locked"]), "-target": i in self.targets,
                       "-nottarget": bool(self.targets) and i not in self.targets}
            boxes.append(BoxFacts(classes, title, repr(title), subtitle, repr(loc)))
        rest = (hero_rows, top_rows, self.live, tuple(sorted(self.ready)), tuple(sorted(self.used)))
        return BoardFacts(boxes, hero_rows, top_rows, rest)

    def _replay(self, i: int, key: tuple[Any, ...], loc: dict[str, Any], hero_rows: int, top_rows: int) -> Replay:
        """Location ``i`` drawn in the state ``key``: as it was drawn before, if it was."""
        kept = self._replays.setdefault(i, {})
        found = kept.get(key)
        if found is None:
            found = kept[key] = Replay(self._render_loc(i, loc, hero_rows, top_rows))
            while len(kept) > REPLAYS_KEPT:
                del kept[next(iter(kept))]
        return found

    def _card_lines(self, cards: list[dict[str, Any]]) -> list[tuple[Text, Text]]:
        g = glyphs(self.ascii_only)
        rows: list[tuple[Text, Text]] = []
        for c in cards:
            kind = "Hero" if c.get("type") == "Hero" else c.get("type", "")
            colour = TYPE_INFO.get(kind, ("", "", "white"))[2]
            left = Text(no_wrap=True, overflow="ellipsis")
            left.append(f"{type_glyph(kind, self.ascii_only)} ", style=f"bold {colour}")
            left.append(card_name(self.words, c))
            flags = []
            if c.get("hypnotized"):
                flags.append(ui(self.words, "flag_hyp"))
            if c.get("wicket"):
                flags.append(ui(self.words, "flag_wicket"))
            if c.get("size") == "s":
                flags.append(ui(self.words, "flag_small"))
            if c.get("size") == "e":
                flags.append(ui(self.words, "flag_big"))
            if flags:
                left.append(f" ({', '.join(flags)})", style="italic dim")
            right = Text(no_wrap=True)
            if c.get("parked_power"):
                right.append(f"{'$' if self.ascii_only else '¤'}{c['parked_power']} ", style="yellow")
            if "strength" in c:
                value, printed = c["strength"], c.get("printed_strength", c["strength"])
                right.append(f" {value}", style=f"bold {colour}")
                if value != printed:
                    up = value > printed
                    right.append(("+" if up else "-") if self.ascii_only else ("↑" if up else "↓"),
                                 style="bold green" if up else "bold red")
            rows.append((left, right))
            for a in c.get("attached", []):
                akind = a.get("type", "")
                sub = Text(no_wrap=True, overflow="ellipsis")
                sub.append(f"  {g['bullet']}{type_glyph(akind, self.ascii_only)} ",
                           style=TYPE_INFO.get(akind, ("", "", "white"))[2])
                sub.append(card_name(self.words, a), style="italic")
                rows.append((sub, Text("")))
        return rows

    def _grid(self, rows: list[tuple[Text, Text]]) -> Table:
        grid = Table.grid(expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", no_wrap=True)
        for row in rows:
            grid.add_row(*row)
        return grid

    def _render_loc(self, i: int, loc: dict[str, Any], hero_rows: int, top_rows: int) -> RenderableType:
        blank = (Text(""), Text(""))
        name = Text(self.words.term(loc["term"]), style="bold underline" if i == self.loc else "bold", no_wrap=True,
                    overflow="ellipsis")
        rule = Text(("-" if self.ascii_only else "┄") * 200, style="grey42", no_wrap=True, overflow="crop")
        heroes = self._card_lines(loc["heroes"])
        if not heroes:
            heroes = [(Text(ui(self.words, "no_heroes"), style="dim italic"), Text(""))]
        heroes += [blank] * (hero_rows - len(heroes))
        syms = symbols_of(loc)
        top = [s for s in syms if s["where"] == "top"]
        rest = [s for s in syms if s["where"] != "top"]
        focused_here = self.has_focus and i == self.loc and not self.targets
        top_lines = [self._symbol_row(s, focused_here and k == self.sym, loc) for k, s in enumerate(top)]
        if not top_lines:
            top_lines = [(Text(ui(self.words, "no_top"), style="dim italic"), Text(""))]
        top_lines += [blank] * (top_rows - len(top_lines))
        bottom_lines = [self._symbol_row(s, focused_here and len(top) + k == self.sym, loc)
                        for k, s in enumerate(rest)]
        below = self._card_lines(loc["cards"]) or [(Text(ui(self.words, "no_cards"), style="dim italic"), Text(""))]
        return Group(name, self._grid(heroes), rule, self._grid(top_lines), rule, self._grid(bottom_lines), rule,
                     self._grid(below))

    def _symbol_row(self, s: dict[str, Any], cursor: bool, loc: dict[str, Any]) -> tuple[Text, Text]:
        g = glyphs(self.ascii_only)
        action, amount = s["action"], s.get("amount", 0)
        colour = ACTION_INFO.get(action, ("?", "?", "white", action))[2]
        left = Text(no_wrap=True, overflow="ellipsis")
        left.append(f"{g['pointer'] if cursor else ' '}", style="bold")
        left.append(f"{action_glyph(action, self.ascii_only)} ", style=f"bold {colour}")
        left.append(action_label(self.words, action, amount) + (" *" if s["where"] == "granted" else ""))
        right = Text(no_wrap=True)
        if s.get("covered"):
            left.stylize("strike dim")
            right.append("##" if self.ascii_only else "░░", style="grey50")
        elif s["slot"] in self.used:
            left.stylize("dim")
            right.append(f" {g['ok']}" + ui(self.words, "used"), style="dim green")
        elif s["slot"] in self.ready:
            left.stylize("bold")
            right.append(g["star"], style="bold yellow")
        elif self.live or loc["locked"]:
            left.stylize("dim")
        if cursor:
            left.stylize("reverse")
        return left, right


class RivalsPanel(Static):
    """The other villains: who plays them, Power, hand, decks, objective and progress."""

    def __init__(self, *, words: Renderer, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.words = words
        self.ascii_only = ascii_only
        self.border_title = ui(words, "rivals")

    def show(self, players: list[dict[str, Any]], turn: int | None, compact: bool = False) -> None:
        g = glyphs(self.ascii_only)
        power = "$" if self.ascii_only else "¤"
        words = self.words
        parts: list[RenderableType] = []
        for p in players:
            colour = VILLAIN_COLOUR.get(p["villain"], "white")
            head = Text(no_wrap=True, overflow="ellipsis")
            head.append(f"{g['pointer'] if p['seat'] == turn else ' '} ", style="bold yellow")
            head.append(words.term(p["villain"]), style=f"bold {colour}")
            head.append(f" · {p['name']}")
            if compact:
                head.append(f" {power}{p['power']}", style="bold yellow")
                head.append(" " + ui(words, "hand_n", n=p["hand_count"]))
            elif p["seat"] == turn:
                head.append("  " + ui(words, "to_play"), style="italic yellow")
            parts.append(head)
            if not compact:
                stats = Text(no_wrap=True, overflow="ellipsis")
                stats.append(f" {power}{p['power']}", style="bold yellow")
                stats.append(" " + ui(words, "hand_n", n=p["hand_count"]))
                stats.append(" " + ui(words, "deck_n", n=p["deck"]), style="dim")
                stats.append(" " + ui(words, "fate_n", n=p["fate_deck"]), style="magenta")
                parts.append(stats)
                where = Text(no_wrap=True, overflow="ellipsis")
                where.append(" " + ui(words, "mover_at") + " ", style="dim")
                where.append(words.term(p["locations"][p["mover"]]["term"]), style="italic")
                parts.append(where)
            prog = p.get("progress") or {}
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(" ")
            line.append(bar(round(100 * float(prog.get("value", 0) or 0)), 100, 6, self.ascii_only)
                        .split(" ")[0], style=colour)
            line.append(" " + plain(said(words, prog.get("text", p["objective"])), self.ascii_only))
            parts.append(line)
            heroes = [h for loc in p["locations"] for h in loc["heroes"]]
            if heroes and not compact:
                hl = Text(no_wrap=True, overflow="ellipsis")
                hl.append(f" {type_glyph('Hero', self.ascii_only)} ", style="red")
                hl.append(", ".join(f"{card_name(words, h)} {h.get('strength', '')}" for h in heroes), style="dim")
                parts.append(hl)
            if isinstance(p.get("hand"), list):
                shown = Text(no_wrap=True, overflow="ellipsis")
                shown.append(" " + ui(words, "hand_revealed") + " ", style="italic")
                shown.append(", ".join(card_name(words, c) for c in p["hand"]))
                parts.append(shown)
        if not parts:
            parts.append(Text(ui(words, "no_rivals"), style="dim"))
        self.update(Group(*parts))
