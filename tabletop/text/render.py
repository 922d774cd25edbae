"""The one renderer: structured messages and log events into sentences of one language.

The rules give keys and arguments (:mod:`tabletop.engine.msg`); the app, the CLI, the replay
viewer and the golden files all turn them into text here, so a language is chosen in one place.
A renderer belongs to a table: it knows the game (whose catalog to read first), the players'
names and how to name a card.

Lookup of a key: the game's catalog, then ``common``, in the table's language; then the same in
English (a missing Spanish text shows English rather than a key). ``strict`` turns every miss and
every argument of unknown kind into :class:`MissingText`, which the catalog tests use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine.msg import Msg
from ..engine.safe_text import safe_text
from . import catalog
from .language import language
from .template import Piece, compile_template

_CARD = re.compile(r"(?:.*_)?card\d*$")
_CARDS = re.compile(r"(?:.*_)?cards$")
_SEAT = re.compile(r"(?:.*_)?seat\d*$")
_SEATS = re.compile(r"(?:.*_)?seats$")
_TERM = re.compile(r"(?:.*_)?term\d*$")
_TERMS = re.compile(r"(?:.*_)?terms$")

EVENT_META = frozenset({"k", "m", "to", "t"})
"""Fields of a log event that are not message arguments (``m``: the template, when one kind of
event has several sentences; else ``k`` names it)."""


class MissingText(LookupError):
    """A key with no template, or an argument the renderer cannot name (strict mode only)."""


_compiled: dict[str, tuple[Piece, ...]] = {}


def _compile(text: str) -> tuple[Piece, ...]:
    pieces = _compiled.get(text)
    if pieces is None:
        pieces = _compiled[text] = compile_template(text)
    return pieces


class Renderer:
    """Sentences for one table, in one language (the current one unless given)."""

    def __init__(self, game_id: str | None = None, players: Sequence[str] = (), *,
                 lang: str | None = None, card_title: Callable[[str], str] | None = None,
                 strict: bool = False) -> None:
        self.game_id = game_id
        self.players = list(players)
        self._lang = lang
        self.card_title = card_title or (lambda card_id: card_id)
        self.strict = strict
        self._event_memo: dict[int, tuple[Any, str, str]] = {}

    @property
    def lang(self) -> str:
        return self._lang or language()

    # -- lookups --------------------------------------------------------------------------------
    def template(self, key: str) -> str | None:
        domains = ((self.game_id, f"{self.game_id}-guide", "common") if self.game_id else ("common",))
        langs = (self.lang,) if self.strict or self.lang == "en" else (self.lang, "en")
        for lang in langs:
            for domain in domains:
                found = catalog.lookup(lang, domain, key)
                if found is not None:
                    return found
        return None

    def card(self, card_id: str) -> str:
        """A card's name in this language: the cards catalog, else the card data's own name."""
        title = self.card_title(card_id)
        if self.game_id:
            found = catalog.lookup(self.lang, f"{self.game_id}-cards", title)
            if found:
                return found
        return title

    def card_gender(self, card_id: str) -> str:
        if not self.game_id:
            return "m"
        title = self.card_title(card_id)
        return catalog.lookup(self.lang, f"{self.game_id}-cards", f"gender:{title}") or "m"

    def player(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        if isinstance(seat, int):
            return f"#{seat + 1}"
        return self._unknown("seat", seat)

    def term(self, value: Any) -> str:
        found = self.template(f"term.{value}")
        if found is None:
            return self._miss(f"term.{value}", str(value))
        return self._format(found, {})

    # -- rendering ------------------------------------------------------------------------------
    def text(self, value: Msg | str | None) -> str:
        """A prompt, label or reason: a message rendered, or a string already in words."""
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        return self.message(value.key, value.kw)

    def message(self, key: str, args: Mapping[str, Any]) -> str:
        found = self.template(key)
        if found is None:
            return self._miss(key, key)
        return self._format(found, args)

    def event(self, event: Mapping[str, Any]) -> str:
        """One log event as a sentence (events of older saves carry their English text in "t")."""
        key = f"ev.{event.get('m') or event['k']}"
        found = self.template(key)
        if found is None:
            if "t" in event:
                return str(event["t"])
            return self._miss(key, str(event["k"]))
        return self._format(found, {k: v for k, v in event.items() if k not in EVENT_META})

    def events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Many log events as sentences. Events are never changed once written, so each one's
        sentence is remembered (per language) and a redraw renders only the new ones."""
        memo = self._event_memo
        lang = self.lang
        out: list[str] = []
        for event in events:
            hit = memo.get(id(event))
            if hit is None or hit[0] is not event or hit[1] != lang:
                hit = (event, lang, self.event(event))
                memo[id(event)] = hit
            out.append(hit[2])
        return out

    def _format(self, template: str, args: Mapping[str, Any]) -> str:
        out: list[str] = []
        for piece in _compile(template):
            if isinstance(piece, str):
                out.append(piece)
                continue
            if piece.name not in args:
                out.append(self._miss(f"argument {piece.name!r} of {template!r}", ""))
                continue
            value = args[piece.name]
            if piece.mode == "|":
                one = isinstance(value, int) and abs(value) == 1
                out.append(piece.forms[0] if one else piece.forms[1])
            elif piece.mode == "?":
                out.append(piece.forms[1] if self.card_gender(value) == "f" else piece.forms[0])
            else:
                out.append(self.arg(piece.name, value))
        return "".join(out)

    def arg(self, name: str, value: Any) -> str:
        """An argument in words, by what its name says it is."""
        if isinstance(value, Msg):
            return self.message(value.key, value.kw)
        if isinstance(value, Mapping) and "k" in value:
            return self.message(str(value["k"]), {k: v for k, v in value.items() if k != "k"})
        if isinstance(value, list | tuple):
            if _CARDS.match(name):
                return self.join([self.card(str(v)) for v in value])
            if _SEATS.match(name):
                return self.join([self.player(v) for v in value])
            if _TERMS.match(name):
                return self.join([self.term(v) for v in value])
            return self.join([self.arg(name, v) for v in value])
        if isinstance(value, bool) or value is None:
            return self._unknown(name, value)
        if isinstance(value, int):
            if _SEAT.match(name):
                return self.player(value)
            return str(value)
        if isinstance(value, float):
            return f"{value:g}"
        if isinstance(value, str):
            if _CARD.match(name) or _CARDS.match(name):
                return self.card(value)
            if _TERM.match(name) or _TERMS.match(name):
                return self.term(value)
        return self._unknown(name, value)

    def join(self, items: list[str]) -> str:
        """``A``, ``A and B``, ``A, B and C`` (``y`` in Spanish): the catalog's ``list.and``."""
        if len(items) <= 1:
            return items[0] if items else ""
        word = self.template("list.and") or "and"
        return ", ".join(items[:-1]) + f" {word} " + items[-1]

    def _miss(self, what: str, fallback: str) -> str:
        if self.strict:
            raise MissingText(f"{self.lang}/{self.game_id or 'common'}: no text for {what}")
        return fallback

    def _unknown(self, name: str, value: Any) -> str:
        if self.strict:
            raise MissingText(f"argument {name}={value!r} has no kind the renderer can name")
        return safe_text(value, 60) if value is not None else ""


def summary_of(info: Any, lang: str | None = None) -> str:
    """A saves-listing line's summary (``SaveInfo``) in words, without loading the game."""
    if isinstance(info.summary, str):
        return info.summary
    return Renderer(info.game, info.names, lang=lang).text(info.summary)


def for_match(match: Any, lang: str | None = None, strict: bool = False) -> Renderer:
    """The renderer of a running match: its game's catalog, its players' names, its card names."""
    game = match.game

    def title(card_id: str) -> str:
        try:
            return game.face(card_id).title
        except Exception:  # noqa: BLE001 - an id the game cannot draw is shown as it is
            return card_id

    return Renderer(game.spec.id, [s.name for s in match.seats], lang=lang, card_title=title,
                    strict=strict)
