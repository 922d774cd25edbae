"""Extract the card catalogs' msgids: ``tabletop/locale/<game>-cards.pot`` for every game.

Every card id a game has is drawn with the game's own ``face()``, and each face is split into the
pieces :mod:`tabletop.text.cards` looks up (title, kind, stat labels, tags, text lines, flavour),
so the template lists exactly what a screen can ask the catalog for. Villainous adds the words of
its villain guides that no card face carries: the villains' names, their locations and their
objectives.

    python -m tools.card_catalog            # write the four templates
    python -m tools.card_catalog --merge es  # also add new msgids (untranslated) to es/*.po
    python -m tools.card_catalog --check     # exit 1 if a template is out of date
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from tabletop.text import catalog
from tabletop.text.cards import domain, face_pieces
from tabletop.text.po import parse, quote

GAMES = ("superinmundos", "villainous", "msx_cards", "mount_gram")


def _superinmundos() -> list[str]:
    from tabletop.games.superinmundos.cards import all_cards

    return list(all_cards())


def _villainous() -> list[str]:
    from tabletop.games.villainous.board import CARD

    return list(CARD)


def _msx_cards() -> list[str]:
    from tabletop.games.msx_cards.cards import catalogue

    return list(catalogue().cards)


def _mount_gram() -> list[str]:
    from tabletop.games import game

    return [f"p0.{key}.1" for key in game("mount_gram").db]  # type: ignore[attr-defined]


CARD_IDS: dict[str, Callable[[], list[str]]] = {
    "superinmundos": _superinmundos, "villainous": _villainous,
    "msx_cards": _msx_cards, "mount_gram": _mount_gram,
}


def _villainous_extras() -> list[tuple[str, str]]:
    from tabletop.games.villainous.cards import library

    out: list[tuple[str, str]] = []
    for key, villain in library().villains.items():
        out.append((villain.name, f"villain {key}"))
        out.extend((name, f"location {key}") for name in villain.loc_names)
        out.append((villain.objective["summary"], f"objective {key}"))
    return out


EXTRAS: dict[str, Callable[[], list[tuple[str, str]]]] = {"villainous": _villainous_extras}


def extract(game_id: str) -> dict[str, list[str]]:
    """msgid -> where it comes from (card ids or guide parts), in first-seen order."""
    from tabletop.games import game

    g = game(game_id)
    found: dict[str, list[str]] = {}

    def add(msgid: str, where: str) -> None:
        refs = found.setdefault(msgid, [])
        if where not in refs:
            refs.append(where)

    for card_id in CARD_IDS[game_id]():
        for piece in face_pieces(game_id, g.face(card_id)):
            add(piece, card_id.split("#")[0])
    for msgid, where in EXTRAS.get(game_id, lambda: [])():
        add(msgid, where)
    return found


def titles(game_id: str) -> list[str]:
    """The card names (face titles) of a game, which need a gender in a gendered language."""
    from tabletop.games import game

    g = game(game_id)
    out: list[str] = []
    for card_id in CARD_IDS[game_id]():
        title = g.face(card_id).title
        if title and title not in out:
            out.append(title)
    return out


def _refs(refs: Iterable[str]) -> str:
    refs = list(refs)
    shown = ", ".join(refs[:4]) + (f" (+{len(refs) - 4})" if len(refs) > 4 else "")
    return f"#. {shown}\n"


def template(game_id: str) -> str:
    head = (f"# Card names and texts of {game_id}: msgids are the card data's own words.\n"
            'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
    body = [f"{_refs(refs)}msgid {quote(msgid)}\nmsgstr \"\"\n" for msgid, refs in extract(game_id).items()]
    return head + "\n".join(body)


def pot_path(game_id: str) -> Path:
    return catalog.LOCALE / f"{domain(game_id)}.pot"


def merge(game_id: str, lang: str) -> int:
    """Append the msgids the language's catalog lacks (untranslated); returns how many."""
    path = catalog.po_path(lang, domain(game_id))
    text = path.read_text(encoding="utf-8") if path.is_file() else (
        f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    have = {e.msgid for e in parse(text, path.name)}
    new = [(m, r) for m, r in extract(game_id).items() if m not in have]
    if lang == "es":
        new += [(f"gender:{t}", ["gender"]) for t in titles(game_id) if f"gender:{t}" not in have]
    if new:
        path.parent.mkdir(parents=True, exist_ok=True)
        add = "".join(f"\n{_refs(refs)}msgid {quote(m)}\nmsgstr \"\"\n" for m, refs in new)
        path.write_text(text.rstrip("\n") + "\n" + add, encoding="utf-8")
    return len(new)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a template is out of date")
    parser.add_argument("--merge", metavar="LANG", help="add new msgids to that language's catalogs")
    args = parser.parse_args(argv)
    stale = []
    for game_id in GAMES:
        text = template(game_id)
        path = pot_path(game_id)
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        path.write_text(text, encoding="utf-8")
        if args.merge:
            print(f"{game_id}: {merge(game_id, args.merge)} new msgids in {args.merge}")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python -m tools.card_catalog)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
