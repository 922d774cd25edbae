"""``DicePanel``: the dice of the latest roll(s), what they were for, and the arithmetic.

It reads ``roll`` events (``{"k": "roll", "die": 12, "value": 11, "why": {"k": "why.attack"},
"steps": [...]}``) from the viewer's log (``why`` and each step a message, or a string of an older
save, rendered through the screen's renderer ``words``), draws the newest ones as die faces, lists the steps that turned
the roll into a result, and keeps a short history. A new roll plays a brief tumbling animation
(a few random faces, then the real one); ``animate`` off (tests) or any key skips it.
"""

from __future__ import annotations

import random
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...text.shell import _
from ..glyphs import glyphs


def die_face(value: int | str, sides: int, ascii_only: bool = False, style: str = "bold") -> Text:
    """A 3-line framed die showing ``value``: ``┌────┐ │ 11 │ └────┘``."""
    g = glyphs(ascii_only)
    label = f"{value}".center(4)
    text = Text()
    text.append(f"{g['die_tl']}{g['die_h'] * 4}{g['die_tr']}\n", style="cyan")
    text.append(g["die_v"], style="cyan")
    text.append(label, style=style)
    text.append(f"{g['die_v']}\n", style="cyan")
    text.append(f"{g['die_bl']}{g['die_h'] * 4}{g['die_br']}\n", style="cyan")
    text.append(f" d{sides}", style="dim")
    return text


def dice_row(rolls: list[dict[str, Any]], ascii_only: bool = False, *, cell: int = 8,
             tumble: random.Random | None = None) -> Text:
    """Several dice side by side, each padded to ``cell`` columns. With ``tumble``, each shows a
    random face instead of its value (the rolling animation)."""
    lines = [Text() for _ in range(4)]
    for roll in rolls:
        sides = int(roll.get("die", 6))
        value: int | str = tumble.randint(1, sides) if tumble else roll.get("value", "?")
        face = die_face(value, sides, ascii_only, style="dim" if tumble else "bold yellow")
        for i, part in enumerate(face.split("\n")[:4]):
            lines[i].append_text(part)
            lines[i].append(" " * max(1, cell - part.cell_len))
    return Text("\n").join(lines)


class DicePanel(Widget):
    DEFAULT_CSS = """
    DicePanel { border: round $secondary; height: auto; min-height: 7; padding: 0 1; }
    """

    rolls: reactive[tuple[dict[str, Any], ...]] = reactive((), layout=True)
    """Every roll the viewer has seen, oldest first."""
    tumbling: reactive[int] = reactive(0)

    def __init__(self, *, ascii_only: bool = False, animate: bool = True, latest: int = 3,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ascii_only = ascii_only
        self.animate = animate
        self.latest = latest
        self.border_title = _("Dice")
        self._random = random.Random()
        self.words: Any = None
        """The table's renderer (``GameScreen.words``), found on mount; ``why`` and steps go through it."""

    def on_mount(self) -> None:
        if self.words is None:
            self.words = getattr(self.screen, "words", None)

    def say(self, value: Any) -> str:
        """A roll's reason or step in words: a message through the renderer; a string as it is."""
        if value is None:
            return ""
        if isinstance(value, str) or self.words is None:
            return str(value)
        return str(self.words.arg("why", value))

    def show(self, events: list[dict[str, Any]]) -> None:
        self.border_title = _("Dice")
        rolls = tuple(e for e in events if e.get("k") == "roll")
        new = len(rolls) > len(self.rolls) and rolls[: len(self.rolls)] == self.rolls
        self.rolls = rolls
        if new and self.animate:
            self.tumbling = 6
            self.set_interval(0.06, self._tumble, repeat=6)

    def _tumble(self) -> None:
        self.tumbling = max(0, self.tumbling - 1)

    def skip_animation(self) -> None:
        self.tumbling = 0

    def last_batch(self) -> list[dict[str, Any]]:
        """The latest rolls made for the same purpose together (e.g. attack and its re-roll)."""
        if not self.rolls:
            return []
        batch = [self.rolls[-1]]
        for roll in reversed(self.rolls[:-1]):
            if len(batch) >= self.latest or roll.get("group") is None or roll.get("group") != batch[0].get("group"):
                break
            batch.insert(0, roll)
        return batch

    def render(self) -> RenderableType:
        if not self.rolls:
            return Text(_("No dice rolled yet."), style="dim")
        batch = self.last_batch()
        faces = dice_row(batch, self.ascii_only, tumble=self._random if self.tumbling else None)
        faces.append("\n")
        parts: list[RenderableType] = [faces]
        last = batch[-1]
        why = Text(_("for: {why}").format(why=self.say(last.get("why"))), style="italic")
        parts.append(why)
        if not self.tumbling:
            steps = last.get("steps", []) or []
            for i, step in enumerate(steps):
                parts.append(Text(self.say(step), style="bold" if i == len(steps) - 1 else ""))
        history = self.rolls[-8:-len(batch)] if len(self.rolls) > len(batch) else ()
        if history:
            parts.append(Text(_("earlier:") + " " + "  ".join(f"d{r.get('die')}:{r.get('value')}" for r in history),
                              style="dim"))
        return Group(*parts)
