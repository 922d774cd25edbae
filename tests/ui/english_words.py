"""An English-word detector for Spanish screens (issue #14's acceptance).

A Spanish screen may show English only in card names that have no Spanish edition (and in the
MSX fighters' names, which are the real programs' names). So the detector first blanks every card
name the games' card catalogs know, in both languages, and the players' names, then looks for
whole words from a list of common English words that are not also Spanish words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from tabletop.text import catalog
from tabletop.text.cards import domain

ENGLISH = frozenset("""
the and or of to on at by in an with without from into onto for your you yours his her their its it they them
this that these those
is are was were be been being have had do does did not no yes if then else when while until each every all any
one two three some more most less than only also just still again now next last first other another both either
card cards play plays played playing attack attacks attacking attacked power powers hand hands deck decks
discard discarded discards turn turns round rounds skip skipped pass passes passed done choose chooses chose chosen
help quit save saved back enemy enemies hero heroes threat willpower damage draw draws drawn drawing shuffle
shuffled reveal revealed reveals win wins won lose loses lost winner winners loser game games player players seat
seats bot bots move moves moved moving end ends ended start starts started score points point left right up down
select selected confirm cancel close open show hide shown hidden top bottom beneath above below over under
defense defence defending attacker strength resources resource progress quest location locations
travel engage engaged engagement exhaust exhausted ready commit committed shadow encounter staging area
ally allies item items effect effects condition curse fate vanquish activate gain realm villain
support supports boost penalty combatant combatants fire water lightning earth neutral event events loot
battle battles arena arithmetic stats printed doubled doubles beats beat against out
capsule capsules roll rolls rolled die boss world worlds mission bonus extra best runs run
waiting thinking menu undo hint hints palette theme keys quit settings language
new resume resumed since began begin saved backup replace file files name names
withdraw zoom previous pane browse newest oldest public private
free tokens token hit points wounds wound exhausted ready refresh phase phases planning
""".split())
"""Common English words that are not Spanish words (``BOTH`` takes out those Spanish shares)."""

BOTH = frozenset({"no", "arena", "final", "total", "error", "bonus", "extra", "bot", "bots", "boss"})
"""Words that are also Spanish, or loanwords the Spanish originals use (the MSX Cards rules say
"el Boss", "pantalla de Bonus"); never reported."""

WORDS = ENGLISH - BOTH

PROPER_NAMES = ("Hall of Beorn", "DragnCards")
"""Names that stay as they are in any language, besides cards': the two card databases Mount
Gram's quest-points option cites."""

_WORD = re.compile(r"(?<![^\W\d_])[^\W\d_]+(?![^\W\d_])")
"""A word: letters only (Unicode), so ``allí`` is one word and not ``all`` + ``í``."""
_CUT = re.compile(r"[\u2500-\u259f]")
"""Box drawing and block characters: a short word glued to one is a piece of a longer word that a
dialog's border or a pane's edge cut (``is`` of ``Luis``), or one cut with an ellipsis."""


def _words(text: str) -> list[str]:
    out = []
    for m in _WORD.finditer(text):
        word, before, after = m.group(), text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
        if after == "…" or (len(word) <= 3 and (_CUT.match(before) or _CUT.match(after))):
            continue
        out.append(word)
    return out


@cache
def card_names() -> tuple[str, ...]:
    """The card names a Spanish screen may show, longest first: every Spanish name, and each name
    (or word) the Spanish catalog keeps as it is (no Spanish edition: the name stays). An English
    name that has a Spanish one is not here, so a screen showing it is caught."""
    names: set[str] = set()
    for game in ("superinmundos", "villainous", "msx_cards", "mount_gram"):
        for msgid, entry in catalog.entries("es", domain(game)).items():
            if msgid.startswith("gender:"):
                name = catalog.lookup("es", domain(game), msgid[len("gender:"):])
                if name:
                    names.add(name)
            elif entry.msgstr == msgid and len(msgid.split()) <= 6:
                names.add(msgid)  # a name (or word) the Spanish edition keeps as it is
    from tabletop.games.msx_cards.cards import catalogue

    names.update(catalogue().capsules)  # MSX capsules are named by MSX words (POWER, CLOAD): no translation
    return tuple(sorted(names, key=len, reverse=True))


@cache
def _name_pieces() -> tuple[frozenset[str], frozenset[str]]:
    """The first words and the last words (two or more, not all) of every card name: the pieces a
    pane's wrapping leaves at the end of one line and the start of the next."""
    heads, tails = set(), set()
    for name in card_names():
        words = name.split()
        for k in range(2, len(words)):
            heads.add(" ".join(words[:k]))
            tails.add(" ".join(words[-k:]))
    return frozenset(heads), frozenset(tails)


_SEGMENT = re.compile(r"[^\u2500-\u259f]+")
"""A stretch of a line between pane borders (box drawing and block characters)."""


def _unwrap_names(line: str) -> str:
    """``line`` with a card name's wrapped piece blanked where a pane's line ends or starts with
    it (``Atacar con Fortaleza the`` / ``Server``): a name cut by wrapping is still a name."""
    heads, tails = _name_pieces()
    out = list(line)
    for m in _SEGMENT.finditer(line):
        segment = m.group()
        words = segment.split()
        for k in range(min(6, len(words)), 1, -1):
            if " ".join(words[-k:]) in heads:
                end = m.start() + len(segment.rstrip())
                start = end - len(" ".join(words[-k:]))
                if line[start:end] == " ".join(words[-k:]):
                    out[start:end] = " " * (end - start)
                break
        for k in range(min(6, len(words)), 1, -1):
            if " ".join(words[:k]) in tails:
                start = m.start() + len(segment) - len(segment.lstrip())
                end = start + len(" ".join(words[:k]))
                if line[start:end] == " ".join(words[:k]):
                    out[start:end] = " " * (end - start)
                break
    return "".join(out)


def english_words(text: str, spare: Iterable[str] = ()) -> list[str]:
    """The English words on ``text`` once card names and ``spare`` (players' names) are blanked,
    whole or wrapped at a pane's edge."""
    for name in (*sorted(spare, key=len, reverse=True), *PROPER_NAMES, *card_names()):
        if name and name in text:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    text = "\n".join(_unwrap_names(line) for line in text.split("\n"))
    return [w for w in _words(text) if w.lower() in WORDS]


def english_lines(text: str, spare: Iterable[str] = ()) -> list[str]:
    """Each line of ``text`` with English words on it, the words listed after it (for a failure)."""
    out = []
    spare = tuple(spare)
    for line in text.splitlines():
        found = english_words(line, spare)
        if found:
            out.append(f"{line.strip()}    <- {', '.join(sorted(set(found)))}")
    return out
