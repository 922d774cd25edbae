"""``PointerList``: an ``OptionList`` whose highlighted option carries a ``▸`` (``>`` in ASCII).

Textual shows the highlighted option by colour alone; in a monochrome terminal (or to a reader
who cannot tell the colours apart) the cursor vanished. Every option keeps a two-cell gutter, so
moving the cursor changes one character and nothing reflows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class PointerList(OptionList):
    """Use as ``OptionList``; ``ascii_only`` picks ``>`` for the pointer."""

    def __init__(self, *content: Any, ascii_only: bool = False, **kwargs: Any) -> None:
        self._bases: dict[Option, Any] = {}
        self.pointer = ">" if ascii_only else "▸"
        super().__init__(*content, **kwargs)

    def _marked(self, prompt: Any, on: bool) -> Text:
        text = Text(f"{self.pointer} " if on else "  ", style="bold")
        text.append_text(prompt if isinstance(prompt, Text) else Text.from_markup(str(prompt)))
        return text

    def add_options(self, new_options: Iterable[Any]) -> PointerList:
        bases = getattr(self, "_bases", None)
        if bases is None:
            bases = self._bases = {}
        options: list[Any] = []
        for item in new_options:
            if item is None:
                options.append(None)
                continue
            base = item if isinstance(item, Option) else Option(item)
            option = Option(self._marked(base.prompt, False), id=base.id, disabled=base.disabled)
            bases[option] = base.prompt
            options.append(option)
        super().add_options(options)
        return self

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        for index in {old, new}:
            if index is None or not 0 <= index < self.option_count:
                continue
            option = self.get_option_at_index(index)
            base = self._bases.get(option)
            if base is not None:
                self.replace_option_prompt_at_index(index, self._marked(base, index == new))

    def prompt_of(self, index: int) -> Any:
        """The option's own prompt, without the pointer gutter."""
        return self._bases.get(self.get_option_at_index(index))
