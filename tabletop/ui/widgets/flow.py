"""``FlowLayout``: children left to right, wrapping to a new line when the next one does not fit.

Textual's horizontal layout runs on past the right edge, so a hand row at 100 columns cut a card
in half or hid it altogether. A row laid out with this wraps at card boundaries instead, and its
``height: auto`` grows by the lines it needs (Textual asks the layout for the content height).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.geometry import Region, Size
from textual.layout import ArrangeResult
from textual.layouts.horizontal import HorizontalLayout

if TYPE_CHECKING:
    from textual.widget import Widget


class FlowLayout(HorizontalLayout):
    """A horizontal layout that wraps; a child wider than the row is clipped to the row's width."""

    name = "flow"

    def arrange(self, parent: Widget, children: list[Widget], size: Size, greedy: bool = True) -> ArrangeResult:
        placements = super().arrange(parent, children, size, greedy)
        width = max(1, size.width)
        out = []
        x = y = line_height = 0
        for placement in placements:
            if placement.overlay or placement.absolute:
                out.append(placement)
                continue
            region, margin = placement.region, placement.margin
            w = min(region.width, width)
            if x > 0 and x + w > width:
                x, y, line_height = 0, y + line_height, 0
            out.append(placement._replace(region=Region(x, y + margin.top, w, region.height)))
            x += w + margin.right
            line_height = max(line_height, region.height + margin.top + margin.bottom)
        return out
