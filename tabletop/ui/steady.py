"""Redraw a ``Static`` without a relayout when its size cannot change.

``Static.update`` asks Textual for a layout of the whole screen by default: every widget is
arranged again and every one whose place moved is painted again. On a cursor key that is most
of the cost (issue #15), and useless when the new content takes the same room as the old: a
widget whose height is fixed by CSS, or an auto-height one whose new content wraps to as many
lines at its current width. ``update_steady`` asks for the layout only when it is needed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.text import Text
from textual.containers import Container, Grid, Horizontal, Vertical
from textual.content import Content
from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def update_steady(widget: Static, content: VisualType) -> None:
    """``widget.update(content)``, with a layout only if the widget's height may change."""
    styles = widget.styles
    width, height = styles.width, styles.height
    if not widget.display:  # nothing to arrange now; showing it again lays the screen out anyway
        widget.update(content, layout=False)
        return
    if width is not None and width.is_auto:  # its width follows its content: Textual must measure it
        widget.update(content)
        return
    if height is not None and not height.is_auto:  # a fixed height (cells, %, fr): the content never moves it
        widget.update(content, layout=False)
        return
    region = widget.content_region
    if not region.width:  # not laid out yet
        widget.update(content)
        return
    widget.update(content, layout=False)
    if widget.get_content_height(widget.size, widget.app.size, region.width) != region.height:
        widget.refresh(layout=True)


def restyle(widget: Widget, classes: dict[str, bool]) -> None:
    """Turn these classes on or off with one restyle of ``widget`` alone, transitions not looked for.

    ``set_class`` restyles the widget and its children once per class that changes, with CSS
    transitions looked up (a new ``Styles`` compared rule by rule): a few milliseconds on every
    cursor key for the place the cursor leaves and the one it enters (issue #15). For a widget
    without children, in CSS without transitions, the one restyle here gives the same styles."""
    before = widget.classes
    widget.update_classes(classes, update=False)
    if widget.classes != before:
        widget.app.stylesheet.update_nodes([widget], animate=False)


def nothing_to_repaint(widget: Widget) -> bool:
    """True while nothing has marked ``widget`` for a repaint since its last paint: a refresh of
    it, of its styles or of an ancestor whose background changed marks its lines dirty in
    Textual's line cache. Then the lines it handed out last time are still right (issue #15:
    the compositor asks every visible widget for its lines on every frame, changed or not)."""
    return not widget._styles_cache._dirty_lines


class SteadyLines(Widget):
    """A widget that hands out the lines it painted last while nothing marked it for a repaint.

    The compositor asks every visible widget for its lines on every frame, changed or not (issue
    #15); Textual's own line cache answers with the same lines then, but works out the widget's
    background (a walk up the DOM), its title styles and its filters first, for nothing: a tenth
    of a millisecond per widget per key on a screen of twenty. Same lines, same paint. Mix it in
    AFTER the Textual class (``class X(Vertical, SteadyLines)``): CSS follows the first base."""

    _steady: tuple[Region, Size, list[LineFilter], list[Strip]] | None = None
    """The crop, size and filters last painted, with the lines handed out for them."""

    def render_lines(self, crop: Region) -> list[Strip]:
        last, filters = self._steady, list(self.get_line_filters())
        if (last is not None and nothing_to_repaint(self) and last[0] == crop and last[1] == self.size
                and last[2] == filters):
            return last[3]
        strips = super().render_lines(crop)
        self._steady = (crop, self.size, filters, strips)
        return strips


class SteadyStatic(Static, SteadyLines):
    """A ``Static`` with ``SteadyLines``."""


class SteadyContainer(Container, SteadyLines):
    """A ``Container`` with ``SteadyLines``."""


class SteadyVertical(Vertical, SteadyLines):
    """A ``Vertical`` with ``SteadyLines``."""


class SteadyHorizontal(Horizontal, SteadyLines):
    """A ``Horizontal`` with ``SteadyLines``."""


class SteadyGrid(Grid, SteadyLines):
    """A ``Grid`` with ``SteadyLines``."""


class KeptLines(Widget):
    """A widget whose painted lines (border, background, content, filters: what the compositor
    gets) are kept per look and handed out again when the look comes back.

    A cursor moving over a board repaints the same few looks of each place again and again (the
    cursor on it or not); painting one is Textual's whole line pipeline (content to strips, border,
    background, padding, filters), several milliseconds for a tall box (issue #15). The owner says
    what the widget shows with ``look`` (any hashable value, changed whenever the content or the
    title is); what CSS makes of it is read back from the computed styles, so a look painted before
    its classes were restyled is kept under the style it was painted with, never the new one.
    """

    KEPT = 8
    """Painted looks kept per widget (oldest dropped first)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.look: Hashable = None
        self._kept: dict[Hashable, list[Strip]] = {}
        self._last: tuple[Hashable, Region, Size, list[Strip]] | None = None
        """The look, crop and size last painted, with the lines handed out for them."""

    def current_look(self) -> Hashable:
        """The look to keep the lines under: ``look`` unless a subclass works it out itself."""
        return self.look

    def render_lines(self, crop: Region) -> list[Strip]:
        look, size, painted = self.current_look(), self.size, self._styles_cache
        last = self._last
        # Nothing marked the widget for a repaint since (a refresh of it or of an ancestor whose
        # background changed marks its lines dirty): the lines handed out last time, as Textual's
        # own line cache would, without working out the whole key below. The compositor asks
        # every visible widget for its lines on every frame, changed or not (issue #15).
        if last is not None and nothing_to_repaint(self) and last[0] == look and last[1] == crop and last[2] == size:
            return last[3]
        strips = self._kept_lines(look, crop)
        # kept lines were handed out without Textual's line cache painting them: forget what it
        # holds, so that a look painted later is painted whole (and its dirty lines are cleared)
        painted.clear()
        self._last = (look, crop, size, strips)
        return strips

    def _kept_lines(self, look: Hashable, crop: Region) -> list[Strip]:
        styles = self.styles
        app = self.app
        key = (look, crop, self.size, styles.border, styles.background, styles.color, styles.text_style,
               styles.padding, self.background_colors, app.theme, app.ansi_theme, tuple(self.get_line_filters()),
               self._border_title, self._border_subtitle, styles.border_title_color, styles.border_title_background,
               styles.border_title_style, styles.border_subtitle_color, styles.border_subtitle_background,
               styles.border_subtitle_style, styles.opacity, styles.tint)
        strips = self._kept.get(key)
        if strips is None:
            strips = self._kept[key] = super().render_lines(crop)
            while len(self._kept) > self.KEPT:
                del self._kept[next(iter(self._kept))]
        return strips


def text_look(content: object) -> Hashable:
    """What a ``Static``'s content shows, as a hashable value: equal looks paint equal lines.

    Rich ``Text`` (the screens' usual content) by its characters, spans and settings; a string
    as itself; anything else (a renderable that may draw differently each time) by a new token
    on every call, so it is always painted anew."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style), content.justify, content.overflow,
                content.no_wrap, content.end)
    return object()


class KeptStatic(KeptLines, Static):
    """A ``Static`` whose painted lines are kept per content (``KeptLines``): an update to a
    content shown before hands out the lines painted then, and an update to the very content it
    shows now is no update at all (no repaint, no layout).

    For the lines that say what is under a cursor (a hint, a card panel): moving back and forth
    shows the same few texts again and again (issue #15)."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self.look = text_look(content)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        look = text_look(content)
        if look == self.look:
            return
        self.look = look
        super().update(content, layout=layout)


class KeptContent(KeptStatic):
    """A ``KeptStatic`` that also keeps the Textual content it made of each Rich text it showed.

    ``Static.update`` turns a Rich ``Text`` into Textual ``Content`` span by span on every call,
    even when the text is one shown a moment ago and its painted lines are kept: a cursor moving
    back and forth over a board shows the same few texts again and again (issue #15)."""

    KEPT_CONTENT = 8
    """Contents kept per widget (oldest dropped first)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._contents: dict[Hashable, Content] = {}

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if not isinstance(content, Text):
            super().update(content, layout=layout)
            return
        look = text_look(content)
        if look == self.look:
            return
        made = self._contents.get(look)
        if made is None:
            made = self._contents[look] = Content.from_rich_text(content, console=self.app.console)
            while len(self._contents) > self.KEPT_CONTENT:
                del self._contents[next(iter(self._contents))]
        self.look = look  # the look of the text, so the lines painted from it are kept under it
        Static.update(self, made, layout=layout)
