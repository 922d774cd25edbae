"""Messages: what the rules say, as a key and arguments, never as a sentence.

The rules speak no language. A prompt, an action's label, a result's reason and every log event
is a message key (``"ask.attack"``) with arguments (card ids, seat indexes, numbers, vocabulary
terms, nested messages); :mod:`tabletop.text` turns it into English or Spanish. What an argument
*is* follows from its name, so the data stays plain JSON and a save stays small:

* ``card``, ``card2``, ``..._card``: a card id, shown as the card's name in the table's language;
  ``cards``, ``..._cards``: a list of card ids.
* ``seat``, ``seat2``, ``..._seat``: a seat index, shown as the player's name; ``seats``,
  ``..._seats``: a list of them.
* ``term``, ``..._term``: a key of the game's vocabulary (``"willpower"``), shown through the
  catalog entry ``term.<value>``; ``terms``, ``..._terms``: a list of them.
* a nested message (a :class:`Msg`, or in a log event a dict with a ``"k"`` key), or a list of
  them; numbers as numbers. Any other string is a rules bug the text tests catch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return Msg.from_plain(value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.plain()
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Msg:
    """A message key and its arguments; hashable and immutable, so actions stay hashable."""

    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def kw(self) -> dict[str, Any]:
        return dict(self.args)

    def plain(self) -> dict[str, Any]:
        """The JSON form kept in logs and saves: ``{"k": key, **args}``."""
        out: dict[str, Any] = {"k": self.key}
        for name, value in self.args:
            out[name] = _thaw(value)
        return out

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> "Msg":
        return cls(str(data["k"]), tuple((k, _freeze(v)) for k, v in data.items() if k != "k"))


def msg(key: str, **args: Any) -> Msg:
    """``msg("act.attack", card="magucio", n=3)``: the way rules write a message."""
    return Msg(key, tuple((k, _freeze(v)) for k, v in args.items()))


Text = str | Msg
"""A prompt, label or reason: a :class:`Msg` (what the rules give) or a string already rendered
(what a screen may build for itself)."""
