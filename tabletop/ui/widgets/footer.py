"""``Footer``: the key bar, drawn as ONE widget, each key's description in the current language.

Textual's ``Footer`` mounts a widget per key (a ``FooterKey``, plus groups and labels); a game
screen's bar is five to ten of them. Every widget on a screen costs every key press a round of
messages whatever it shows, and the bar's keys change only when what works changes (issue #15).
This footer draws the same line (the same texts, colours, the palette key docked at the right
behind its ``▏``, the keys that do not fit cut under it) from one widget: a click or a hover is
mapped to the key under the pointer by its column.

Bindings are declared once per class, in English (marked with ``N_`` for extraction); this footer
translates each description when it gathers the keys, so a language switch shows on the next
``recompose`` (``TabletopApp`` asks for it).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.strip import Strip

from ...text.shell import N_, _
from ..steady import SteadyLines

if TYPE_CHECKING:
    from textual.screen import Screen

PALETTE = N_("palette")
"""The description Textual gives the command palette's key (ctrl+p), translated like the rest."""

PALETTE_EDGE = "▏"
"""The left edge of the palette key (Textual's ``vkey`` border, left side)."""


@dataclass
class FooterItem:
    """One thing on the bar: a key (``key``, ``grouped``, ``palette``) or a group's ``label``;
    ``x``/``right`` are its columns in the bar (``right`` excluded)."""

    kind: str
    key: str
    key_display: str
    description: str
    action: str
    disabled: bool = False
    tooltip: str = ""
    x: int = 0
    right: int = 0


class Footer(SteadyLines, can_focus=False):
    """The screen's active key bindings on one line (Textual's ``Footer`` look, non-compact)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover",
                         "footer-key--palette-edge", "footer-key--label"}
    DEFAULT_CSS = """
    Footer {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            background: $block-hover-background;
        }
        .footer-key--palette-edge {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 show_command_palette: bool = True) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.show_command_palette = show_command_palette
        self.keys: list[FooterItem] = []
        """What the bar shows, in order, the palette key last (empty until the screen's bindings
        are settled, as Textual's footer)."""
        self._ready = False
        self._hover: FooterItem | None = None
        self._blanks: list[tuple[int, int]] = []
        """Columns painted with the bar's background alone (no text colour), as Textual's
        footer leaves them: the room after the keys, the palette key's right padding."""
        self._painted: tuple[Strip, Strip] | None = None

    # -- what is on the bar -----------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        self._ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._gather()  # at once (the keys show in the next frame), and again once the screen settled
            self.call_after_refresh(self._gather)

    async def recompose(self) -> None:
        """Gather the keys again (a new language): the bar has no children to compose."""
        self._gather()

    def _gather(self) -> None:
        if not self._ready or not self.is_attached:
            return
        keys = self._items()
        if [_key_look(k) for k in keys] != [_key_look(k) for k in self.keys]:
            self.keys = keys
            self._hover = None
            self.refresh()

    def _items(self) -> list[FooterItem]:
        """Textual's ``Footer.compose`` order: by action (its first binding), a group of several
        keys as the keys then the group's label, the palette key last."""
        active = self.screen.active_bindings
        shown = [(binding, enabled, tooltip) for (_, binding, enabled, tooltip) in active.values() if binding.show]
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for binding, enabled, tooltip in shown:
            by_action[binding.action].append((binding, enabled, tooltip))
        display = self.app.get_key_display
        items: list[FooterItem] = []
        for group, runs in groupby(by_action.values(), lambda run: run[0][0].group):
            multi = list(runs)
            if group is not None and len(multi) > 1:
                for run in multi:
                    binding, enabled, tooltip = run[0]
                    items.append(FooterItem("grouped", binding.key, display(binding), "", binding.action,
                                            not enabled, tooltip or binding.description))
                items.append(FooterItem("label", "", "", _(group.description) if group.description else "", ""))
            else:
                for run in multi:
                    binding, enabled, tooltip = run[0]
                    items.append(FooterItem("key", binding.key, display(binding),
                                            _(binding.description) if binding.description else "",
                                            binding.action, not enabled, tooltip))
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, tooltip = found
                items.append(FooterItem("palette", binding.key, display(binding),
                                        _(binding.description) if binding.description else "", binding.action,
                                        not enabled, binding.tooltip or binding.description))
        return items

    # -- drawing ----------------------------------------------------------------------------
    def _item_text(self, item: FooterItem) -> Text:
        """An item's cells as Textual's ``FooterKey`` (or ``FooterLabel``) paints them."""
        base = self.rich_style
        if item.disabled:
            base = base + Style(dim=True)
        if self._hover is item and item.kind != "label":
            base = base + Style(bgcolor=self.get_component_rich_style("footer-key--hover").bgcolor)
        if item.kind == "label":
            text = Text(item.description, style=self.get_component_rich_style("footer-key--label"))
            return text
        key = self.get_component_rich_style("footer-key--key")
        description = self.get_component_rich_style("footer-key--description")
        if item.kind == "grouped":
            text = Text.assemble((item.key_display, key))
        elif item.kind == "palette":  # Textual leaves it compact: no padding round the key
            text = Text.assemble((item.key_display, key), (" " + item.description, description)) \
                if item.description else Text.assemble((item.key_display, key))
        elif item.description:
            text = Text.assemble((f" {item.key_display} ", key), (f"{item.description} ", description))
        else:
            text = Text.assemble((item.key_display, key))
        text.stylize_before(base)
        return text

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        if self._painted is not None and self._painted[0] is line:
            return self._painted[1]
        cuts = sorted({c for span in self._blanks for c in span if 0 < c < line.cell_length})
        pieces = line.divide([*cuts, line.cell_length])  # each cut ends a piece
        starts = [0, *cuts]
        blank = {start for start, end in self._blanks}
        segments: list[Segment] = []
        for start, piece in zip(starts, pieces, strict=True):
            if start in blank:
                segments += [Segment(seg.text, Style(bgcolor=seg.style.bgcolor) if seg.style else None)
                             for seg in piece]
            else:
                segments += list(piece)
        painted = Strip(segments, line.cell_length)
        self._painted = (line, painted)
        return painted

    def render(self) -> Text:
        width = self.size.width
        self._blanks = []
        line = Text(no_wrap=True, overflow="crop", end="")
        palette = next((k for k in self.keys if k.kind == "palette"), None)
        x = 0
        for item in self.keys:
            if item is palette:
                continue
            left, right = (1, 1) if item.kind == "grouped" else (0, 1) if item.kind == "label" else (0, 0)
            body = self._item_text(item)
            line.append(" " * left)
            item.x = x + left
            item.right = item.x + body.cell_len
            line.append_text(body)
            line.append(" " * right)
            x = item.right + right
        if palette is None:
            if line.cell_len < width:
                self._blanks.append((line.cell_len, width))
            line.truncate(width, overflow="crop", pad=True)
            return line
        body = self._item_text(palette)
        edge = Text(PALETTE_EDGE, style=self.rich_style + self.get_component_rich_style("footer-key--palette-edge"))
        tail = Text(" ", style=self.rich_style + (Style(dim=True) if palette.disabled else Style()))
        size = cell_len(PALETTE_EDGE) + body.cell_len + tail.cell_len
        if line.cell_len < width - size:
            self._blanks.append((line.cell_len, width - size))
        line.truncate(max(0, width - size), overflow="crop", pad=True)
        palette.x = max(0, width - size)
        self._blanks.append((width - tail.cell_len, width))
        palette.right = width
        line.append_text(edge)
        line.append_text(body)
        line.append_text(tail)
        return line

    # -- the pointer ------------------------------------------------------------------------
    def item_at(self, x: int) -> FooterItem | None:
        """The key under column ``x`` of the bar (a key cut under the palette key is not there)."""
        palette = next((k for k in self.keys if k.kind == "palette"), None)
        if palette is not None and palette.x <= x < palette.right:
            return palette
        if palette is not None and x >= palette.x:
            return None
        return next((k for k in self.keys if k.kind != "label" and k.x <= x < k.right), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        item = self.item_at(event.x)
        if item is None or item.kind == "label":
            return
        if item.disabled:
            self.app.bell()
        else:
            self.app.simulate_key(item.key)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        item = self.item_at(event.x)
        if item is not self._hover:
            self._hover = item
            self.tooltip = item.tooltip if item is not None and item.tooltip else None
            self.refresh()

    def on_leave(self, _: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.tooltip = None
            self.refresh()


def _key_look(item: FooterItem) -> tuple[str, str, str, str, str, bool, str]:
    return (item.kind, item.key, item.key_display, item.description, item.action, item.disabled, item.tooltip)
