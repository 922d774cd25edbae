"""The shell's words: gettext in the ``tabletop`` domain, whose msgids are the English texts.

``_("New game")`` is the English text itself in English (no catalog is read) and the Spanish
catalog's translation in Spanish; a text the catalog lacks (or holds only as fuzzy) stays English
rather than failing. Placeholders are ``{name}`` and filled *after* translation, so a translation
may move them: ``_("Seat {n}").format(n=2)``. ``N_`` marks a text for extraction where it is
defined (a game's spec, a table of menu items) and ``_`` translates it where it is shown.

The catalog is read lazily, once (``catalog.entries`` is cached); the functions read the current
language on every call, so a switch shows on the next redraw. Kept free of Textual and Rich: the
CLI translates its ``--help`` with it before anything heavy is imported.
"""

from __future__ import annotations

from . import catalog
from .language import language

DOMAIN = "tabletop"


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` (an English source text) in ``lang`` (the current language if None)."""
    lang = lang or language()
    if lang == "en" or not message:
        return message
    entry = catalog.entries(lang, DOMAIN).get(message)
    if entry is None or not entry.msgstr:
        return message
    return entry.msgstr


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form for ``n`` of a text with a plural; both languages: 1 (and -1) take the first form."""
    form = 0 if abs(n) == 1 else 1
    lang = lang or language()
    if lang != "en":
        entry = catalog.entries(lang, DOMAIN).get(singular)
        if entry is not None and len(entry.forms) > form and entry.forms[form]:
            return entry.forms[form]
    return singular if form == 0 else plural


def N_(message: str) -> str:  # noqa: N802 - the gettext convention's name
    """Mark ``message`` for extraction without translating it (translated where it is shown)."""
    return message


_ = gettext

BOT_LABELS = {"random": N_("Easy bot (random)"), "heuristic": N_("Normal bot (heuristic)"),
              "search": N_("Hard bot (search)")}
"""The bot kinds the games share, named whole (an adjective agrees with its noun in Spanish)."""


def bot_label(kind: str) -> str:
    """``heuristic bot``, ``bot heurístico``: a bot kind as the new-game form and completion name it."""
    if kind in BOT_LABELS:
        return _(BOT_LABELS[kind])
    return _("{kind} bot").format(kind=kind)


__all__ = ["BOT_LABELS", "N_", "_", "bot_label", "gettext", "ngettext"]
