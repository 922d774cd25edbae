"""Redraw a ``Static`` without a relayout when its size cannot change.

``Static.update`` asks Textual for a layout of the whole screen by default: every widget is
arranged again and every one whose place moved is painted again. On a cursor key that is most
of the cost (issue #15), and useless when the new content takes the same room as the old: a
widget whose height is fixed by CSS, or an auto-height one whose new content wraps to as many
lines at its current width. ``update_steady`` asks for the layout only when it is needed.
"""

from __future__ import annotations

from textual.visual import VisualType
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
