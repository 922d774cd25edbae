"""Spanish card names that come from a published source stay the published ones.

Issue #14: card names are facts, so where a Spanish edition (or the Spanish manual) names a card,
the Spanish table shows that name. Each table below maps a card id to the name its source gives;
the comment above a block names the source (``docs/card_names_es.md`` lists them with the counts
and every name that is still our own). A later edit of a ``*-cards.po`` that drifts from a source
fails here. The names are checked through :func:`tabletop.text.cards.localized_face`, the lookup
the screens use, so a card id whose face changes its title is caught too.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import pytest

from tabletop.games import game
from tabletop.text import catalog
from tabletop.text.cards import card_name, domain, localized_face
from tabletop.text.po import load

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the maintainers' tools live beside the package, not in it
    sys.path.insert(0, str(ROOT))

from tools.card_catalog import CARD_IDS, GAMES, extract, titles  # noqa: E402

SEEDS = ROOT.parent / "shared" / "seeds"
DOC = ROOT / "docs" / "card_names_es.md"

MOUNT_GRAM: dict[str, str] = {
    # Hall of Beorn's Spanish table: github danpoage/hall-of-beorn,
    # src/HallOfBeorn/Services/LotR/Translation/SpanishTranslation.cs, Titles(), "Core Set" block.
    # It writes "Guardia de La Ciudadela"; its other titles lower-case their articles ("Minero de
    # las Colinas de Hierro"), so we read the capital as a slip and write the article in lower case.
    "p0.brok_ironfist.1": "Brok Puñohierro",
    "p0.erebor_hammersmith.1": "Herrero de Erebor",
    "p0.guard_of_the_citadel.1": "Guardia de la Ciudadela",
    "p0.horseback_archer.1": "Arquero a Caballo",
    "p0.longbeard_orc_slayer.1": "Mataorcos de Barba Larga",
    "p0.miner_of_the_iron_hills.1": "Minero de las Colinas de Hierro",
    "p0.silverlode_archer.1": "Arquero del Cauce de Plata",
    "p0.veteran_axehand.1": "Soldado con Hacha Veterano",
    # The heroes' Spanish names in github adri13moar/LOTR_GameRegister.Api, init.sql, table
    # Heroes, column Name_es (the register writes "Gloín" in both columns: its own typo of the
    # printed "Glóin"). Faramir, Beorn and Gandalf are allies here; the register gives the same
    # names for their hero cards.
    "p0.aragorn.1": "Aragorn",
    "p0.theodred.1": "Théodred",
    "p0.gloin.1": "Glóin",
    "p0.gimli.1": "Gimli",
    "p0.legolas.1": "Legolas",
    "p0.thalin.1": "Thalin",
    "p0.eowyn.1": "Éowyn",
    "p0.eleanor.1": "Eleanor",
    "p0.dunhere.1": "Dúnhere",
    "p0.denethor.1": "Denethor",
    "p0.glorfindel.1": "Glorfindel",
    "p0.beravor.1": "Beravor",
    "p0.faramir.1": "Faramir",
    "p0.beorn.1": "Beorn",
    "p0.gandalf.1": "Gandalf",
}

MOUNT_GRAM_TERMS: dict[str, str] = {
    # Hall of Beorn, the same SpanishTranslation.cs: Traits(), Keywords() and CardTypeNames().
    "Archer": "Arquero", "Armor": "Armadura", "Artifact": "Artefacto", "Beorning": "Beórnida",
    "Condition": "Condición", "Craftsman": "Artesano", "Dwarf": "Enano", "Item": "Objeto",
    "Mountain": "Montaña", "Orc": "Orco", "Ranger": "Montaraz", "Scout": "Explorador",
    "Silvan": "Silvano", "Skill": "Habilidad", "Trap": "Trampa", "Underground": "Subterráneo",
    "Warrior": "Guerrero",
    "Sentinel": "Centinela", "Ranged": "A distancia", "Ranged.": "A distancia.",
    "hero": "héroe", "ally": "aliado", "attachment": "vinculada", "event": "evento",
    "enemy": "enemigo", "location": "lugar", "treachery": "traición",
    # The Spanish rules insert of the scenario (../shared/seeds/000_415c4d929900cd57.txt) calls
    # quest cards "Misión" (Hall of Beorn's table says "Búsqueda"; the insert is the edition's).
    "quest": "misión",
}

KEYWORDS_FROM_THE_INSERT = {"Doomed": "Maldito", "Capture": "Captura"}
"""The scenario's keywords as the Spanish rules insert names them (``Maldito X``, ``Captura X``)."""

VILLAINOUS_VILLAINS: dict[str, str] = {
    # The Spanish instructions of the base game (Ravensburger, "USe01"), components list of the six
    # villain movers: https://es.scribd.com/document/492377229/Instrucciones-Villainous
    "maleficent": "Maléfica", "jafar": "Jafar", "ursula": "Úrsula", "hook": "Capitán Garfio",
    "john": "Príncipe Juan", "queen": "Reina de Corazones",
}

VILLAINOUS_CARDS: dict[str, str] = {
    # A review of the Spanish release, https://lasetadelgoblin.com/villainous/ (Oct 2019): Hook
    # "necesitará encontrar a Peter Pan y derrotarlo en su barco, el Jolly Roger".
    "hook.peter_pan#1": "Peter Pan",
}

VILLAINOUS_LOCATIONS: dict[tuple[str, str], str] = {
    # The same review names Hook's ship, his first location.
    ("hook", "Jolly Roger"): "Jolly Roger",
}

SUPERINMUNDOS: dict[str, str] = {
    # The Spanish manual, ../shared/seeds/002_d3fd245058444263.txt: the twelve cards it names.
    "siervo-ojaldre": "Siervo Ojaldre", "b22": "B22", "magucio": "Magucio",
    "shishabel": "Shishabel", "mercenario-autonomo": "Mercenario Autónomo",
    "black-friday": "Black Friday", "diablo-interino": "Diablo Interino",
    "se-suspende-la-batalla": "Se suspende la batalla", "cementerio-cosmico": "Cementerio Cósmico",
    "fortaleza-the-server": "Fortaleza the Server", "gordemoniem": "Gordemoniem",
    "fusion-de-poderes": "Fusión de poderes",
}


def spanish(game_id: str) -> dict[str, str]:
    return {k: e.msgstr for k, e in load(catalog.po_path("es", domain(game_id))).items()}


def shown_name(game_id: str, card_id: str) -> str:
    """The name a Spanish screen draws for ``card_id``: its face through the card catalog."""
    return localized_face(game_id, game(game_id).face(card_id), "es").title


@pytest.mark.parametrize(("game_id", "table"), [
    ("mount_gram", MOUNT_GRAM), ("villainous", VILLAINOUS_CARDS), ("superinmundos", SUPERINMUNDOS)])
def test_published_names_are_the_names_shown(game_id: str, table: dict[str, str]) -> None:
    ids = set(CARD_IDS[game_id]())
    assert set(table) <= ids, f"{game_id}: no such card {sorted(set(table) - ids)}"
    wrong = {cid: (shown_name(game_id, cid), name) for cid, name in table.items()
             if shown_name(game_id, cid) != name}
    assert wrong == {}, f"{game_id}: shown vs published {wrong}"


def test_mount_gram_traits_keywords_and_kinds_follow_the_edition() -> None:
    es = spanish("mount_gram")
    assert {term: es.get(term) for term in MOUNT_GRAM_TERMS} == MOUNT_GRAM_TERMS


def test_mount_gram_keywords_are_the_inserts() -> None:
    """Every Doomed X or Capture X of a card text reads Maldito X / Captura X, with its number."""
    es = spanish("mount_gram")
    seen = 0
    for msgid in extract("mount_gram"):
        for english, printed in KEYWORDS_FROM_THE_INSERT.items():
            for number in re.findall(rf"\b{english} (\d+)\b", msgid):
                seen += 1
                assert f"{printed} {number}" in es[msgid], (msgid, es[msgid])
    assert seen >= 9  # seven Capture cards, Sound the Alarm!'s Doomed 3, Interrogation's Doomed 2


def test_the_villains_are_named_as_in_the_spanish_instructions() -> None:
    from tabletop.games.villainous.cards import library

    villains = library().villains
    assert {key: card_name("villainous", villains[key].name, "es") for key in VILLAINOUS_VILLAINS} \
        == VILLAINOUS_VILLAINS
    for (key, location), name in VILLAINOUS_LOCATIONS.items():
        assert location in villains[key].loc_names
        assert card_name("villainous", location, "es") == name


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside the project")
def test_the_superinmundos_names_are_printed_in_the_manual() -> None:
    manual = (SEEDS / "002_d3fd245058444263.txt").read_text(encoding="utf-8")
    assert [name for name in SUPERINMUNDOS.values() if name not in manual] == []


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside the project")
def test_the_mount_gram_keywords_are_printed_in_the_insert() -> None:
    insert = (SEEDS / "000_415c4d929900cd57.txt").read_text(encoding="utf-8")
    assert all(f"{word} X" in insert for word in KEYWORDS_FROM_THE_INSERT.values())
    assert "Huida del Monte Gram" in insert and spanish("mount_gram")["Flight from Mount Gram"] \
        == "Huida del Monte Gram"


def test_msx_program_names_are_the_same_in_english_and_spanish() -> None:
    """An MSX fighter is a real program: neither catalog renames it."""
    en_path = catalog.po_path("en", domain("msx_cards"))
    en = {k: e.msgstr for k, e in load(en_path).items()} if en_path.is_file() else {}
    fighters = list(CARD_IDS["msx_cards"]())
    assert len(fighters) == 60
    for cid in fighters:
        name = game("msx_cards").face(cid).title
        assert name not in en, f"the English catalog renames {name!r}"
        assert shown_name("msx_cards", cid) == name == card_name("msx_cards", name, "en")


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def _plurals(name: str) -> set[str]:
    """The Spanish name and its plural by the first word (``Orden de Arresto`` ->
    ``ordenes de arresto``), accents and case folded."""
    first, _, rest = _plain(name).partition(" ")
    tail = f" {rest}" if rest else ""
    return {_plain(name), f"{first}s{tail}", f"{first}es{tail}"}


@pytest.mark.parametrize("game_id", GAMES)
def test_card_texts_call_cards_by_their_spanish_names(game_id: str) -> None:
    """A text that names a card (``Set Southern Gate aside``) names it as the card is named."""
    es = spanish(game_id)
    board = [m for m, refs in extract(game_id).items()  # Villainous: villains and locations
             if refs[0].startswith(("villain ", "location "))]
    names = [t for t in titles(game_id) + board if len(t) > 2]
    names.sort(key=len, reverse=True)  # "Prince John" before "John"
    drift = []
    for msgid in extract(game_id):
        if msgid in names or not es.get(msgid):
            continue
        rest = msgid
        for name in names:
            pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
            if re.search(pattern, rest):
                rest = re.sub(pattern, " ", rest)
                if not any(form in _plain(es[msgid]) for form in _plurals(es[name])):
                    drift.append((name, es[name], es[msgid]))
    assert drift == []


def _doc_rows(section: str) -> dict[str, str]:
    """The ``| English | Spanish |`` rows of one ``## section`` of the sources document."""
    text = DOC.read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and line.startswith("|") and not set(cells[0]) <= set("-: "):
            rows[cells[0].replace("\\|", "|")] = cells[1]
    rows.pop("English", None)
    return rows


def _locations() -> list[str]:
    from tabletop.games.villainous.cards import library

    return [name for villain in library().villains.values() for name in villain.loc_names]


@pytest.mark.parametrize(("game_id", "section"), [
    ("mount_gram", "Mount Gram: our own names"), ("villainous", "Villainous: our own names"),
    ("villainous", "Villainous: our own location names"),
    ("superinmundos", "Superinmundos: our own names")])
def test_the_document_lists_every_name_that_is_ours(game_id: str, section: str) -> None:
    """Each name is either checked against a source above or listed as ours in the document,
    with the Spanish name it has now."""
    es = spanish(game_id)
    if section.endswith("location names"):
        names, checked = _locations(), {location for _, location in VILLAINOUS_LOCATIONS}
    else:
        verified = {"mount_gram": MOUNT_GRAM, "villainous": VILLAINOUS_CARDS,
                    "superinmundos": SUPERINMUNDOS}[game_id]
        names, checked = titles(game_id), {game(game_id).face(cid).title for cid in verified}
    ours = {name: es[name] for name in names if name not in checked}
    assert _doc_rows(section) == ours
