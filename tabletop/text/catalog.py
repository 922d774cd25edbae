"""Where the catalogs live and how they are loaded: lazily, once per (language, domain).

Layout, the gettext convention: ``tabletop/locale/<lang>/LC_MESSAGES/<domain>.po``, each with its
compiled ``<domain>.mo`` beside it (``make messages`` writes them; ``mo`` reads one only if it was
compiled from the ``.po`` that is there). Domains:

* ``tabletop``: the shell (menus, forms, help, curtain, results, the CLI). Its msgids are the
  English source strings (``_("New game")``), extracted with Babel.
* ``common`` and one per game id: the structured messages of the rules. Their msgids are keys
  (``ev.draw``, ``ask.attack``) and both languages carry a template for each.
* ``<game>-cards``: card names and texts; msgids are the names and texts of the card data, and a
  ``gender:<name>`` entry gives a translated name's grammatical gender (``m`` / ``f``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from . import mo
from .po import Entry, load

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def entries(lang: str, domain: str) -> dict[str, Entry]:
    """The translated entries of one catalog; a catalog that does not exist is empty. Read from
    the compiled ``.mo`` when it was made from this very ``.po`` (see ``mo``), else from the ``.po``."""
    path = po_path(lang, domain)
    if not path.is_file():
        return {}
    compiled = mo.load(path)
    return compiled if compiled is not None else load(path)


def lookup(lang: str, domain: str, msgid: str) -> str | None:
    entry = entries(lang, domain).get(msgid)
    return entry.msgstr if entry is not None else None
