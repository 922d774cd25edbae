"""``DecisionPanel``: the legal actions of the current decision as a numbered list.

| Key | Action |
| :- | :- |
| up/down, k/j | move |
| 1-9 | choose that option at once |
| enter | choose the highlighted option |

Used for every decision a board does not handle more directly, so no decision is ever a dead end.
The highlighted option has a ``▸`` before it (``PointerList``), so the cursor reads in monochrome.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...engine import Action, Decision
from ...text.render import Renderer
from ...text.shell import _
from ..steady import nothing_to_repaint
from .pointer_list import PointerList


class DecisionPanel(PointerList):
    BINDINGS = [Binding("k", "cursor_up", show=False), Binding("j", "cursor_down", show=False)]
    DEFAULT_CSS = """
    DecisionPanel { border: round $accent; height: auto; max-height: 14; }
    DecisionPanel:focus { border: round $accent-lighten-1; }
    """

    class Chosen(Message):
        """An action was chosen (by Enter, a click or a number key)."""

        def __init__(self, action_id: str) -> None:
            super().__init__()
            self.action_id = action_id

    def __init__(self, *, ascii_only: bool = False, **kwargs: object) -> None:
        super().__init__(ascii_only=ascii_only, **kwargs)
        self.actions: list[Action] = []
        self.border_title = _("Choose")
        self._last_lines: tuple[Region, Size, tuple[object, ...], list[Strip]] | None = None
        """The crop, size and line filters last painted, with the lines handed out for them."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines handed out last time when nothing marked the panel for a repaint since.

        The compositor asks every widget whose clip meets the changed part of the screen for its
        lines on every frame: on a cursor key over a board that is the panel too, unchanged, and
        Textual works out its border, title and background styles again before finding its line
        cache clean (issue #15). Any change to what it shows (options, highlight, hover, scroll,
        title, styles, an ancestor's background) refreshes it, which marks its lines dirty."""
        self._update_lines()
        filters = tuple(self.get_line_filters())
        last, size = self._last_lines, self.size
        if (last is not None and nothing_to_repaint(self) and last[0] == crop and last[1] == size
                and last[2] == filters):
            return last[3]
        strips = super().render_lines(crop)
        self._last_lines = (crop, size, filters, strips)
        return strips

    def show(self, decision: Decision | None, actions: list[Action], prompt: str | None = None) -> None:
        old = self.actions[self.highlighted].id if self.actions and self.highlighted is not None else None
        self.actions = list(actions)
        words = self.words()
        self.clear_options()
        for i, action in enumerate(actions):
            key = f"{i + 1}" if i < 9 else " "
            label = Text.assemble((f"{key} ", "bold yellow"), words.text(action.label))
            self.add_option(Option(label, id=f"a{i}"))
        self.border_title = prompt or (words.text(decision.prompt) if decision else _("No decision"))
        if actions:
            ids = [a.id for a in actions]
            self.highlighted = ids.index(old) if old in ids else 0

    def words(self) -> Renderer:
        """The table's renderer: its screen's (a game screen has one), else a bare one."""
        try:
            found = getattr(self.screen, "words", None)
        except Exception:  # noqa: BLE001 - not mounted yet
            found = None
        return found if isinstance(found, Renderer) else Renderer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self.actions):
            self.post_message(self.Chosen(self.actions[index].id))

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.actions):
                event.stop()
                self.highlighted = index
                self.post_message(self.Chosen(self.actions[index].id))
