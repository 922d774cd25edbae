"""Pieces of the Mount Gram screen: card faces from the game's card data, glyphs, one line per card
in play, the keyboard-driven board area (a column of bordered zones with one cursor), and the
one-widget pieces that keep a cursor key cheap (issue #15): ``ZoneBoard`` (the staging areas, the
players' areas) and ``HandStrip`` (the hand row), each painting what several widgets painted.

Only this module and ``screen.py`` import textual/rich; the rules modules are read, never changed.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from rich.style import Style as RichStyle
from rich.text import Text
from textual import events
from textual._resolve import resolve
from textual._styles_cache import StylesCache
from textual.binding import Binding
from textual.color import Color, ColorParseError
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.scalar import Scalar
from textual.css.styles import RenderStyles
from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.renderables.blank import Blank
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget

from tabletop.engine.faces import CardFace, Stat
from tabletop.engine.msg import msg
from tabletop.text import language
from tabletop.text.cards import localized_face, localized_text
from tabletop.text.render import Renderer
from tabletop.ui.steady import KeptContent, SteadyLines, nothing_to_repaint, text_look
from tabletop.ui.widgets import CardRow
from tabletop.ui.widgets.card_view import face_text, fold_text

from .cards import CardDef, key_of

SPHERES: dict[str, tuple[str, str]] = {
    "Leadership": ("L", "magenta"),
    "Tactics": ("T", "red"),
    "Spirit": ("S", "cyan"),
    "Lore": ("O", "green"),
    "Neutral": ("N", "grey70"),
}
"""Sphere -> (letter, colour). Lore is "O" (lOre) so it never clashes with Leadership's "L"."""

ENCOUNTER_COLOUR = {"enemy": "bright_red", "location": "yellow", "treachery": "bright_magenta",
                    "side_quest": "bright_yellow", "quest": "bright_white"}
ENCOUNTER_SYMBOL = {"enemy": "E", "location": "P", "treachery": "!", "side_quest": "Q", "quest": "Q"}

UNI = {"wp": "☼", "atk": "⚔", "def": "◈", "hp": "♥", "threat": "✪", "dmg": "✖", "res": "◆",
       "prog": "▰", "exh": "⟲", "com": "➚", "back": "▒", "cursor": "▸", "attach": "+",
       "event": "✉", "attachment": "◆", "ally": "●", "hero": "★", "shadow": "▒", "first": "★",
       "ok": "✔", "sep": "·", "target": "◎"}
ASC = {"wp": "W", "atk": "A", "def": "D", "hp": "H", "threat": "T", "dmg": "x", "res": "$",
       "prog": "p", "exh": "z", "com": "^", "back": "#", "cursor": ">", "attach": "+",
       "event": "e", "attachment": "a", "ally": "o", "hero": "*", "shadow": "#", "first": "*",
       "ok": "+", "sep": "-", "target": "@"}


WORDS = Renderer("mount_gram")
"""The words of these faces: the game's catalog in the table's language (read at each call)."""


def ui(key: str, **args: Any) -> str:
    """One of the screen's own texts (``ui.<key>`` in the game's catalog), in words."""
    return WORDS.text(msg("ui." + key, **args))


def marks(ascii_only: bool) -> dict[str, str]:
    return ASC if ascii_only else UNI


def sphere_of(sphere: str) -> tuple[str, str]:
    return SPHERES.get(sphere, ("?", "grey50"))


def card_face(db: dict[str, CardDef], cid: str, ascii_only: bool = False) -> CardFace:
    """The face of a card id from the rules' card data (read only), in the table's language.

    The card catalog knows the data's pieces (name, type, stat labels, text lines, keywords), so
    the face is translated from those; the pieces this face adds (the sphere before the kind, a
    hero's threat cost, the keywords its text does not say) are put in words after."""
    lang = language()
    face = localized_face("mount_gram", _card_face(db, cid, ascii_only), lang)
    card = db.get(key_of(cid)) if "." in cid else None
    if card is None:
        return face
    kind = face.kind.replace("_", " ")  # an untranslated type (English): "side quest"
    if card.sphere:
        kind = ui("sphere_kind", kind=kind, sphere=ui("sphere." + card.sphere.lower()))
    cost = ui("threat_cost", n=card.threat_cost) if card.type == "hero" else face.cost
    text = face.text
    missing = [k for k in card.keywords if k.lower() not in _said(card).lower()]
    if missing:
        said = [localized_text("mount_gram", k, lang) for k in missing]
        text = f"{'. '.join(said)}. {text}"
    return replace(face, kind=kind, cost=cost, text=text)


def _said(card: CardDef) -> str:
    """The card's text in the data's words, with its shadow effect (what the face prints)."""
    return f"{card.text}\nShadow: {card.shadow_text}".strip() if card.shadow_text else card.text


def _card_face(db: dict[str, CardDef], cid: str, ascii_only: bool = False) -> CardFace:
    """The face in the data's words, every piece one the card catalog knows (see ``card_face``)."""
    card = db.get(key_of(cid)) if "." in cid else None
    if card is None:
        return CardFace(id=cid, title=cid)
    m = marks(ascii_only)
    stats: list[Stat] = []
    if card.type in ("hero", "ally"):
        letter, colour = sphere_of(card.sphere)
        stats = [Stat("willpower", str(card.wp), m["wp"]), Stat("attack", str(card.atk), m["atk"]),
                 Stat("defense", str(card.defense), m["def"]), Stat("hit points", str(card.hp), m["hp"])]
    elif card.type == "enemy":
        letter, colour = ENCOUNTER_SYMBOL["enemy"], ENCOUNTER_COLOUR["enemy"]
        stats = [Stat("engagement", str(card.engagement), "eng"),
                 Stat("threat", "X" if card.x_threat else str(card.threat), m["threat"]),
                 Stat("attack", "X" if card.x_attack else str(card.atk), m["atk"]),
                 Stat("defense", str(card.defense), m["def"]), Stat("hit points", str(card.hp), m["hp"])]
    elif card.type == "location":
        letter, colour = ENCOUNTER_SYMBOL["location"], ENCOUNTER_COLOUR["location"]
        stats = [Stat("threat", "X" if card.x_threat else str(card.threat), m["threat"]),
                 Stat("quest points", str(card.qp), m["prog"])]
    elif card.type in ("quest", "side_quest"):
        letter, colour = ENCOUNTER_SYMBOL[card.type], ENCOUNTER_COLOUR[card.type]
        stats = [Stat("quest points", str(card.qp), m["prog"])]
    elif card.type == "treachery":
        letter, colour = ENCOUNTER_SYMBOL["treachery"], ENCOUNTER_COLOUR["treachery"]
    else:  # attachment, event
        letter, colour = sphere_of(card.sphere)
    kind = card.type
    if card.type in ("ally", "attachment", "event"):
        cost = "X" if card.x_cost else str(card.cost)
    else:
        cost = ""
    return CardFace(id=cid, title=card.name, kind=kind, cost=cost, stats=tuple(stats), text=_said(card),
                    colour=colour, symbol=letter, tags=tuple(card.traits))


def hand_face(face: CardFace, ctype: str, ascii_only: bool) -> CardFace:
    """A face for the hand row: the kind mark after the title, stats as glyph pairs."""
    m = marks(ascii_only)
    mark = m.get(ctype, "")
    stats: tuple[Stat, ...] = ()
    if face.stats:
        stats = (Stat("stats", "".join(f"{s.symbol}{s.value}" for s in face.stats)),)
    return replace(face, title=f"{face.title} {mark}".strip(), stats=stats)


def stat_text(card: dict[str, Any], ascii_only: bool, *, enemy: bool = False, tight: bool = False,
              engaged: bool = False) -> Text:
    """``☼2 ⚔3 ◈2 ♥5 ✖2`` for a character, ``✪2 ⚔3 ◈1 ♥3`` for an enemy: current values, then
    the damage tokens on it."""
    m = marks(ascii_only)
    sp = "" if tight and not ascii_only else " "
    t = Text()
    if enemy and engaged:
        pass  # an engaged enemy's threat does not count: its attack, defense and hit points only
    elif enemy:
        t.append(f"{m['threat']}{card.get('threat', 0)}{sp}", style="bold yellow")
    else:
        t.append(f"{m['wp']}{card.get('wp', 0)}{sp}", style="bold bright_white")
    t.append(f"{m['atk']}{card.get('atk', 0)}{sp}", style="bold red")
    t.append(f"{m['def']}{card.get('defense', 0)}{sp}", style="bold blue")
    hp, dmg = card.get("hp", 0), card.get("dmg", 0)
    t.append(f"{m['hp']}{hp}", style="bold green")
    if dmg:  # damage tokens on the card; red when one more would destroy it
        t.append(f"{sp}{m['dmg']}{dmg}", style="bold bright_red" if hp - dmg <= 1 else "bold red")
    return t


PANEL_EXTRA = 2
"""Lines of the card panel below the card's face: the card in play, what Enter does with it."""

_TALLEST: dict[tuple[str, bool, int], int] = {}


def tallest_face(db: dict[str, CardDef], zone: Widget, width: int, ascii_only: bool) -> int:
    """Lines of the tallest card face of the game (``face_text`` at ``zoom``) wrapped at
    ``width`` in ``zone``'s style: the card panel's height, found once per language and width."""
    key = (language(), ascii_only, width)
    found = _TALLEST.get(key)
    if found is None:
        texts = {text.plain: text for text in (face_text(card_face(db, f"x.{k}.0", ascii_only), "zoom") for k in db)}
        found = _TALLEST[key] = max((visualize(zone, text).get_height(zone.styles, width) for text in texts.values()),
                                    default=1)
    return found


class Zone(KeptContent):
    """A bordered panel of text (the card panel); it keeps the lines it painted per content, so a
    cursor moving back and forth repaints nothing new. The staging areas and the players' areas
    are drawn as zones too, by a ``ZoneBoard`` each."""

    DEFAULT_CSS = """
    Zone { height: auto; border: round $primary-darken-1; padding: 0 1; border-title-style: bold;
           text-wrap: nowrap; text-overflow: ellipsis; }
    """


def scroll_into_view(board: ZoneBoard, index: int) -> None:
    """Zone ``index`` of ``board`` scrolled into sight without animation, skipped when no
    ancestor can scroll or is scrolled (the whole board fits): it would move nothing then, and
    finding that out walks every ancestor's regions on every cursor key (issue #15)."""
    if any(node.max_scroll_x or node.max_scroll_y or node.scroll_offset
           for node in board.ancestors if isinstance(node, Widget)):
        board.scroll_to_zone(index)


class BoardArea(VerticalScroll, SteadyLines, can_focus=True):
    """The table: zones of cards with one cursor, moved and used by keys (the screen draws it)."""

    BINDINGS = [
        Binding("up,k", "step(-1)", "card", show=False),
        Binding("down,j", "step(1)", "card", show=False),
        Binding("left,h", "jump(-1)", "choosable", show=False),
        Binding("right,l", "jump(1)", "choosable", show=False),
        Binding("enter,space", "choose", "choose"),
    ]
    DEFAULT_CSS = """
    BoardArea { height: 1fr; scrollbar-size-vertical: 1; }
    BoardArea:focus { background: $boost; }
    """

    def action_step(self, delta: int) -> None:
        self.screen.board_step(delta)  # type: ignore[attr-defined]

    def action_jump(self, delta: int) -> None:
        self.screen.board_jump(delta)  # type: ignore[attr-defined]

    def action_choose(self) -> None:
        self.screen.board_choose()  # type: ignore[attr-defined]

    def on_focus(self) -> None:
        self.screen.board_focus_changed()  # type: ignore[attr-defined]

    def on_blur(self) -> None:
        self.screen.board_focus_changed()  # type: ignore[attr-defined]


@dataclass(frozen=True)
class ZoneLook:
    """What one zone of a ``ZoneBoard`` shows: its lines, border title and subtitle, the colour
    of its title (a Rich colour name; ``None``: the theme's) and whether its player is to act."""

    text: Text
    title: str
    subtitle: str
    title_colour: str | None = None
    to_act: bool = False

    @cached_property
    def key(self) -> Hashable:
        return (text_look(self.text), self.title, self.subtitle, self.title_colour, self.to_act)

    @cached_property
    def lines(self) -> int:
        """Lines of its text (the zone's height, without border and padding)."""
        return self.text.plain.count("\n") + 1


class ZoneBoard(SteadyLines):
    """A row (or grid of two columns) of bordered zones drawn as ONE widget: the staging areas,
    or the players' areas.

    Each zone used to be a ``Zone`` in a ``Grid``: three to five widgets per grid, and the pilot
    and the compositor touch every widget on every key (~0.1 ms each, issue #15). This widget
    paints the same picture: each zone's lines go through Textual's own border and padding
    painter (``StylesCache``) with the styles CSS gives the component class ``zone--<kind>``
    (``zone--to-act`` on top for the player to act), side by side as a ``grid-columns: 1fr 1fr``
    grid lays them out, each row as tall as its tallest zone."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"zone--area", "zone--player", "zone--to-act"}
    DEFAULT_CSS = """
    ZoneBoard { width: 1fr; height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    KEPT = 32
    """Painted zones kept (oldest dropped first): a cursor moving over the board shows one look of
    a zone per card of it the cursor is on, and one without the cursor."""

    def __init__(self, kind: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kind = kind
        self.zones: list[ZoneLook] = []
        self.columns = 1
        self._contents: dict[Hashable, Content] = {}
        self._painted: dict[Hashable, list[Strip]] = {}
        self._rows_painted: dict[Hashable, list[Strip]] = {}

    # -- what is shown --------------------------------------------------------------------------
    def show(self, zones: list[ZoneLook], columns: int) -> None:
        """Show these zones, ``columns`` (1 or 2) side by side; a layout only if the rows' heights
        (or the zones' count) change, else a repaint of the zones that changed."""
        old, old_columns = self.zones, self.columns
        self.zones, self.columns = list(zones), max(1, columns)
        if len(old) != len(self.zones) or old_columns != self.columns or self._heights(old) != self._heights(self.zones):
            self.refresh(layout=True)
            return
        for i, (was, now) in enumerate(zip(old, self.zones, strict=True)):
            if was.key != now.key:
                self._refresh_zone(i)

    def set_text(self, index: int, text: Text) -> None:
        """Only the marks of a zone's lines changed (a cursor move): the same lines, repainted."""
        zone = self.zones[index]
        self.show(self.zones[:index] + [replace(zone, text=text)] + self.zones[index + 1:], self.columns)

    def _refresh_zone(self, index: int) -> None:
        region = self.zone_region(index)
        if region is None:
            self.refresh()
        else:
            self.refresh(region)

    # -- layout ---------------------------------------------------------------------------------
    def _styles(self, zone: ZoneLook) -> RenderStyles:
        names = ["zone--" + self.kind] + (["zone--to-act"] if zone.to_act else [])
        styles = self.get_component_styles(*names)
        if zone.title_colour is not None:
            parsed = _colour(zone.title_colour)
            if parsed is not None:
                styles.border_title_color = parsed
        return styles

    _gutter_of: tuple[object, int] | None = None
    """The component styles of ``zone--<kind>`` last read, with the lines of a zone they are not
    text of (asked on every line painted: merging component styles is a tenth of a millisecond)."""

    def _gutter(self) -> int:
        """Lines of a zone that are not its text (border, padding)."""
        source = self._component_styles.get("zone--" + self.kind)
        if source is None:  # not styled yet
            return 2
        kept = self._gutter_of
        if kept is None or kept[0] is not source:
            kept = self._gutter_of = (source, self.get_component_styles("zone--" + self.kind).gutter.height)
        return kept[1]

    def _heights(self, zones: list[ZoneLook]) -> list[int]:
        gutter = self._gutter() if zones else 0
        return [zone.lines + gutter for zone in zones]

    _rows_of: tuple[Hashable, list[tuple[int, int]]] | None = None

    def _rows(self) -> list[tuple[int, int]]:
        """(top, height) of each row of zones (worked out once per zones' heights and columns)."""
        heights = self._heights(self.zones)
        key = (tuple(heights), self.columns)
        if self._rows_of is not None and self._rows_of[0] == key:
            return self._rows_of[1]
        rows, top = [], 0
        for start in range(0, len(heights), self.columns):
            height = max(heights[start:start + self.columns])
            rows.append((top, height))
            top += height
        self._rows_of = (key, rows)
        return rows

    def _columns_at(self, width: int) -> list[tuple[int, int]]:
        """(left, width) of each column, as ``grid-columns: 1fr 1fr`` shares ``width`` (found once per
        width: every line painted asks)."""
        key = (self.columns, width)
        found = _COLUMNS.get(key)
        if found is None:
            found = _COLUMNS[key] = resolve([Scalar.parse("1fr")] * self.columns, width, 0, Size(width, 0),
                                            Size(width, 0))
        return found

    def zone_region(self, index: int) -> Region | None:
        """Where zone ``index`` is drawn in this widget (``None`` before the first layout)."""
        width = self.size.width
        if not width or index >= len(self.zones):
            return None
        top, _ = self._rows()[index // self.columns]
        left, cells = self._columns_at(width)[index % self.columns]
        return Region(left, top, cells, self._heights(self.zones)[index])

    def scroll_to_zone(self, index: int) -> None:
        """``scroll_visible`` of zone ``index`` alone, as it was when each zone was a widget."""
        region = self.zone_region(index)
        parent = self.parent
        if region is None or not isinstance(parent, Widget):
            return
        parent.scroll_to_region(region.translate(self.virtual_region_with_margin.offset), animate=False)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return sum(height for _, height in self._rows())

    # -- painting -------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        columns = self._columns_at(width)
        for row, (top, height) in enumerate(self._rows()):
            if top <= y < top + height:
                parts = []
                for col, (_, cells) in enumerate(columns):
                    index = row * self.columns + col
                    strips = self._zone_strips(index, cells) if index < len(self.zones) else []
                    line = y - top
                    parts.append(strips[line] if line < len(strips) else self._blank(cells))
                return Strip.join(parts)
        return self._blank(width)

    def _blank(self, width: int) -> Strip:
        """A line where no zone is (under a shorter zone of a row), as the grid painted it."""
        return Visual.to_strips(self, Blank(self.background_colors[1]), width, 1, self.visual_style)[0]

    _painting: tuple[tuple[Color, Color], Hashable] | None = None
    """What the zones are painted over and with, worked out once per ``render_lines``."""

    def _painting_now(self) -> tuple[tuple[Color, Color], Hashable]:
        return self.background_colors, (self.kind, self.visual_style, self.app.theme, self.app.ansi_theme,
                                        tuple(id(self._component_styles.get(n)) for n in sorted(self.COMPONENT_CLASSES)))

    KEPT_ROWS = 32
    """Painted rows of zones kept (oldest dropped first): a row shows one look per card the
    cursor is on in it, and one without the cursor."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """The board's lines, each row of zones kept per the looks of its zones (and the width,
        colours, filters): a cursor key changes the looks of the zone it leaves and the one it
        enters, so only their rows are joined anew, and only the regions of those zones are
        refreshed (``show``). Textual's line pipeline is not walked (the board has no border,
        padding, outline, hatch, tint or opacity of its own: its content lines are what it
        paints); when it has, it paints through that pipeline, line by line."""
        styles = self.styles
        if (styles.tint.a or self.opacity != 1 or styles.text_opacity != 1 or any(styles.gutter)
                or any(edge for edge, _ in styles.outline) or (styles.has_rule("hatch") and styles.hatch != "none")):
            self._painting = self._painting_now()
            try:
                return super().render_lines(crop)
            finally:
                self._painting = None
        filters, size = list(self.get_line_filters()), self.size
        last = self._steady
        if (last is not None and nothing_to_repaint(self) and last[0] == crop and last[1] == size
                and last[2] == filters):
            return last[3]
        self._painting = painting = self._painting_now()
        try:
            strips = self._kept_lines(crop, size.width, painting, filters)
        finally:
            self._painting = None
        self._styles_cache.clear()  # (so a refresh marks it dirty again: see ``SteadyLines``)
        self._steady = (crop, size, filters, strips)
        return strips

    def _kept_lines(self, crop: Region, width: int, painting: tuple[tuple[Color, Color], Hashable],
                    filters: list[LineFilter]) -> list[Strip]:
        background = painting[0][1]
        rows = self._rows()
        strips: list[Strip] = []
        row, top, height, lines = -1, 0, 0, []
        for y in crop.line_range:
            if not top <= y < top + height:
                row = next((r for r, (t, h) in enumerate(rows) if t <= y < t + h), -1)
                if row < 0:
                    strips.append(self._filtered(self._blank(width), filters, background))
                    continue
                top, height = rows[row]
                lines = self._row_lines(row, top, height, width, painting, filters, background)
            strips.append(lines[y - top])
        if crop.column_span != (0, width):
            strips = [strip.crop(*crop.column_span) for strip in strips]
        return strips

    @staticmethod
    def _filtered(strip: Strip, filters: list[LineFilter], background: Color) -> Strip:
        for line_filter in filters:
            strip = strip.apply_filter(line_filter, background)
        return strip

    def _row_lines(self, row: int, top: int, height: int, width: int, painting: tuple[tuple[Color, Color], Hashable],
                   filters: list[LineFilter], background: Color) -> list[Strip]:
        """The lines of row ``row`` of zones (``render_line`` of each, filtered), kept per the
        looks of its zones."""
        first = row * self.columns
        looks = tuple(zone.key for zone in self.zones[first:first + self.columns])
        key = (looks, self.columns, height, width, painting, tuple(filters))
        lines = self._rows_painted.get(key)
        if lines is None:
            lines = [self._filtered(self.render_line(y), filters, background) for y in range(top, top + height)]
            self._rows_painted[key] = lines
            while len(self._rows_painted) > self.KEPT_ROWS:
                del self._rows_painted[next(iter(self._rows_painted))]
        return lines

    def _zone_strips(self, index: int, width: int) -> list[Strip]:
        """Zone ``index`` painted at ``width`` cells, as a ``Zone`` widget of that size paints."""
        zone = self.zones[index]
        painting = self._painting
        if painting is None:
            painting = self._painting_now()
        (base_background, background), _ = painting
        key = (zone.key, width, *painting)
        strips = self._painted.get(key)
        if strips is not None:
            return strips
        styles = self._styles(zone)
        height = self._heights(self.zones)[index]
        gutter = styles.gutter
        content = Size(max(0, width - gutter.width), max(0, height - gutter.height))
        visual = self._content(zone.text)
        lines = Visual.to_strips(self, visual, content.width, content.height, self.visual_style)
        blank = Strip.blank(content.width, self.visual_style.rich_style)
        strips = StylesCache().render(
            styles, Size(width, height), base_background, background,
            lambda y: lines[y] if y < len(lines) else blank, [],
            (self._label(zone.title), *self._label_style(styles, base_background, title=True)),
            (self._label(zone.subtitle), *self._label_style(styles, base_background, title=False)),
            content_size=content, padding=styles.padding, opacity=self.opacity,
            ansi_theme=self.app.ansi_theme, native_ansi=self.app.native_ansi_color)
        self._painted[key] = strips
        while len(self._painted) > self.KEPT:
            del self._painted[next(iter(self._painted))]
        return strips

    def _content(self, text: Text) -> Content:
        """The Textual content a ``Static`` makes of this Rich text (kept per text)."""
        look = text_look(text)
        made = self._contents.get(look)
        if made is None:
            made = self._contents[look] = Content.from_rich_text(text, console=self.app.console)
            while len(self._contents) > self.KEPT:
                del self._contents[next(iter(self._contents))]
        return made

    def _label(self, label: str) -> Content:
        """A border title as ``Widget.border_title`` stores it (markup, tabs, first line)."""
        return self.render_str(label).expand_tabs(4).split()[0]

    @staticmethod
    def _label_style(styles: RenderStyles, background: Color, *, title: bool) -> tuple[Color, Color, VisualStyle]:
        """``DOMNode._get_title_style_information`` (or the subtitle's) for these styles."""
        if title:
            auto, colour, back, style = (styles.auto_border_title_color, styles.border_title_color,
                                         styles.border_title_background, styles.border_title_style)
        else:
            auto, colour, back, style = (styles.auto_border_subtitle_color, styles.border_subtitle_color,
                                         styles.border_subtitle_background, styles.border_subtitle_style)
        if auto:
            colour = background.get_contrast_text(colour.a)
        return colour, back, VisualStyle.from_rich_style(style)


_COLOURS: dict[str, Color | None] = {}

_COLUMNS: dict[tuple[int, int], list[tuple[int, int]]] = {}
"""(columns, width) -> (left, width) of each column of a ``ZoneBoard``."""


def _colour(name: str) -> Color | None:
    """A Rich colour name as a Textual colour (``None``: one Textual does not know), found once."""
    if name not in _COLOURS:
        try:
            _COLOURS[name] = Color.parse(name)
        except ColorParseError:
            _COLOURS[name] = None
    return _COLOURS[name]


@dataclass(frozen=True)
class _Ink:
    """What Textual works out walking from the screen down to a node (``DOMNode.rich_style``,
    ``Widget.visual_style``, ``background_colors``): the backgrounds, the colour, the text style
    and the opacity so far."""

    base: Color
    background: Color
    text_background: Color
    color: Color
    style: RichStyle
    opacity: float

    @classmethod
    def of(cls, widget: Widget) -> _Ink:
        ink = cls(Color(0, 0, 0, 0), Color(0, 0, 0, 0), Color(0, 0, 0, 0), Color(255, 255, 255, 0), RichStyle(), 1.0)
        for node in reversed(widget.ancestors_with_self):
            ink = ink.under(node.styles)
        return ink

    def under(self, styles: Any) -> _Ink:
        """One node further down, with these styles (a step of Textual's own walk)."""
        opacity = self.opacity * styles.opacity
        tinted = styles.background.tint(styles.background_tint)
        background, text_background = self.background, self.background
        if styles.has_rule("background"):
            text_background = self.background + tinted
        background = self.background + tinted.multiply_alpha(opacity)
        color = styles.color if styles.has_rule("color") else self.color
        if styles.has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
        return _Ink(self.background, background, text_background, color, self.style + styles.text_style, opacity)

    @property
    def visual_style(self) -> VisualStyle:
        style = self.style
        return VisualStyle(self.background, self.color, bold=style.bold, dim=style.dim, italic=style.italic,
                           reverse=style.reverse, underline=style.underline, strike=style.strike)

    @property
    def rich_style(self) -> RichStyle:
        background, color = self.background, self.color
        return self.style + RichStyle.from_color((background + color).rich_color if (background.a or color.a) else None,
                                                 background.rich_color if background.a else None)


class HandStrip(CardRow):
    """The hand row drawn as ONE widget: each card as a ``CardView`` of size ``compact`` in a
    ``CardRow`` paints it (marks, colours of its state, a cell of margin after it, wrapping onto
    more lines), without a widget per card.

    A card widget is one more widget the pilot and the compositor touch on every key (~0.1 ms
    each, issue #15). The cards' looks come from CSS, as component classes (``hand--card``, then
    ``hand--playable``, ``hand--disabled``, ``hand--selected`` on top, as the ``CardView`` rules
    override one another), painted through Textual's own painter (``StylesCache``)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"hand--card", "hand--playable", "hand--disabled", "hand--selected",
                                             "hand--look"}
    DEFAULT_CSS = """
    HandStrip .hand--card { background: $boost; }
    HandStrip .hand--playable { color: $text; background: $success-darken-2; }
    HandStrip .hand--disabled { opacity: 60%; text-style: dim; }
    HandStrip .hand--selected { background: $accent; color: $text; text-style: bold; }
    HandStrip .hand--look { background: $accent; color: $text; text-style: bold; }
    """
    MIN_WIDTH = 12
    """A card's least width (``CardView``'s ``min-width``)."""

    cursor: reactive[int] = reactive(0, repaint=False)
    """As the shared row's; a move repaints the cells of the two cards it leaves and enters."""

    def __init__(self, *, game_id: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game_id = game_id
        self._selected: int | None = None
        """The card painted as under the cursor (``None``: none, the row not focused)."""
        self._painted: dict[Hashable, Strip] = {}
        self._lines: dict[Hashable, Strip] = {}

    def set_cards(self, cards: list[tuple[str, CardFace, str]]) -> None:
        keep = self.cards[self.cursor][0] if self.cards and self.cursor < len(self.cards) else None
        before = self._widths()
        self.cards = cards
        if cards:
            ids = [c[0] for c in cards]
            self.cursor = ids.index(keep) if keep in ids else min(self.cursor, len(cards) - 1)
        self._selected = self._under_cursor()
        if self._widths() != before:
            self.refresh(layout=True)
        else:
            self.refresh()

    def _under_cursor(self) -> int | None:
        """The card the cursor is drawn on: none unless the row is the focused widget (asked of the
        screen: ``has_focus`` is set after the row's own ``Focus`` handler runs)."""
        focused = self.is_attached and self.screen.focused is self
        return self.cursor if self.cards and focused and 0 <= self.cursor < len(self.cards) else None

    def _mark(self) -> None:
        selected = self._under_cursor()
        if selected == self._selected:
            return
        places = self._places(self.size.width)
        for index in (self._selected, selected):
            if index is not None and index < len(places):
                x, y, width = places[index]
                self.refresh(Region(x, y, width, 1))
        self._selected = selected

    # -- the cards' words and places -------------------------------------------------------------
    def _text(self, face: CardFace, state: str, selected: bool) -> Text:
        """``CardView.compact_text`` of this face in this state (in the table's language)."""
        if self.game_id:
            face = localized_face(self.game_id, face, language())
        pointer, usable = (">", "+") if self.ascii_only else ("▸", "✓")
        text = Text(pointer if selected else " ", style="bold")
        text.append_text(face_text(face, "compact"))
        text.append(usable if state == "playable" else " ", style="bold")
        if selected:
            # the cursor's colours as the card's text paints them over the card's own (``CardRow``
            # moves the cursor without restyling the card: ``CardView.compact_text``)
            look = self._card_ink(state, False).under(self.get_component_styles("hand--look")).rich_style
            plain = RichStyle(dim=False) if state == "disabled" else RichStyle()
            text.stylize_before(look + plain)
        return fold_text(text) if self.ascii_only else text

    def _widths(self) -> list[int]:
        return [max(self.MIN_WIDTH, self._text(face, state, False).cell_len) for _, face, state in self.cards]

    _placed: tuple[Hashable, list[tuple[int, int, int]]] | None = None

    def _places(self, width: int) -> list[tuple[int, int, int]]:
        """(x, line, width) of each card, as ``FlowLayout`` places the card widgets (worked out
        once per cards, width and language: every key asks)."""
        width = max(1, width)
        key = (tuple(self.cards), width, language(), self.ascii_only)
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1]
        places, x, y = [], 0, 0
        for w in self._widths():
            w = min(w, width)
            if x > 0 and x + w > width:
                x, y = 0, y + 1
            places.append((x, y, w))
            x += w + 1
        self._placed = (key, places)
        return places

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        places = self._places(width)
        return places[-1][1] + 1 if places else 1

    # -- painting -------------------------------------------------------------------------------
    def _card_styles(self, state: str, selected: bool) -> RenderStyles:
        names = ["hand--card"] + ([f"hand--{state}"] if state in ("playable", "disabled") else [])
        return self.get_component_styles(*names, *(["hand--selected"] if selected else []))

    def _card_ink(self, state: str, selected: bool) -> _Ink:
        return _Ink.of(self).under(self._card_styles(state, selected))

    def render_lines(self, crop: Region) -> list[Strip]:
        """The row's lines, each kept per (cards, cursor, width, colours, language): a cursor going
        back and forth hands out lines painted before, without Textual's line pipeline (the row has
        no border, padding, tint or opacity of its own: its content lines are what it paints)."""
        if self.styles.tint.a or self.opacity != 1 or any(self.styles.gutter):
            return super().render_lines(crop)
        width, (_, background), style = self.size.width, self.background_colors, self.visual_style
        filters = tuple(self.get_line_filters())
        base = (tuple(self.cards), self._selected, width, background, style, filters, language(), self.ascii_only,
                tuple(id(self._component_styles.get(n)) for n in sorted(self.COMPONENT_CLASSES)), self.app.theme)
        strips = []
        for y in crop.line_range:
            strip = self._lines.get((base, y))
            if strip is None:
                strip = self._line(y, width, background, style)
                for line_filter in filters:
                    strip = strip.apply_filter(line_filter, background)
                self._lines[(base, y)] = strip
                while len(self._lines) > 32:
                    del self._lines[next(iter(self._lines))]
            strips.append(strip)
        self._styles_cache.clear()  # (so a refresh marks it dirty again: see ``SteadyLines``)
        if crop.column_span != (0, width):
            strips = [strip.crop(*crop.column_span) for strip in strips]
        return strips

    def render_line(self, y: int) -> Strip:
        return self._line(y, self.size.width, self.background_colors[1], self.visual_style)

    def _line(self, y: int, width: int, background: Color, row_style: VisualStyle) -> Strip:
        """Line ``y`` of the row: its cards on that line, the row's background between them."""
        if not self.cards:
            if y:
                return self._blank(width, background, row_style)
            lines = Visual.to_strips(self, self.render_str(self.empty), width, 1, row_style)
            return lines[0].adjust_cell_length(width, row_style.rich_style) if lines else self._blank(
                width, background, row_style)
        parts, x = [], 0
        for index, (cx, cy, cw) in enumerate(self._places(width)):
            if cy != y:
                continue
            if cx > x:
                parts.append(self._blank(cx - x, background, row_style))
            parts.append(self._card_strip(index, cw, background, row_style))
            x = cx + cw
        if x < width:
            parts.append(self._blank(width - x, background, row_style))
        return Strip.join(parts)

    def _blank(self, width: int, background: Color, style: VisualStyle) -> Strip:
        """Cells where no card is, as the row painted them behind its card widgets."""
        key = (width, background, style)
        strip = self._painted.get(key)
        if strip is None:
            strip = self._painted[key] = Visual.to_strips(self, Blank(background), width, 1, style)[0]
        return strip

    def _card_strip(self, index: int, width: int, row: Color, row_style: VisualStyle) -> Strip:
        """Card ``index`` painted ``width`` cells wide, as its ``CardView`` paints it."""
        cid, face, state = self.cards[index]
        selected = index == self._selected
        key = (cid, face, state, selected, width, row, row_style, language(), self.ascii_only,
               tuple(id(self._component_styles.get(n)) for n in sorted(self.COMPONENT_CLASSES)), self.app.theme)
        strip = self._painted.get(key)
        if strip is not None:
            return strip
        styles = self._card_styles(state, selected)
        ink = _Ink.of(self).under(styles)
        lines = Visual.to_strips(self, self._content(self._text(face, state, selected)), width, 1, ink.visual_style)
        blank = Strip.blank(width, ink.visual_style.rich_style)
        strip = StylesCache().render(
            styles, Size(width, 1), ink.base, ink.background, lambda y: lines[y] if y < len(lines) else blank, [],
            None, None, content_size=Size(width, 1), padding=styles.padding, opacity=ink.opacity,
            ansi_theme=self.app.ansi_theme, native_ansi=self.app.native_ansi_color)[0]
        self._painted[key] = strip
        while len(self._painted) > 32:
            del self._painted[next(iter(self._painted))]
        return strip

    def _content(self, text: Text) -> Content:
        return Content.from_rich_text(text, console=self.app.console)

    def card_at(self, x: int, y: int) -> int | None:
        """The card drawn at this cell of the row (``None``: none)."""
        for index, (cx, cy, cw) in enumerate(self._places(self.size.width)):
            if cy == y and cx <= x < cx + cw:
                return index
        return None

    def on_click(self, event: events.Click) -> None:
        """A click on a card does what Enter on it does: the cursor goes there, then it is chosen."""
        offset = event.get_content_offset(self)
        index = self.card_at(offset.x, offset.y) if offset is not None else None
        if index is None or index >= len(self.cards):
            return
        event.stop()
        self.focus()
        self.cursor = index
        self.action_choose()
