"""The card catalogs: every piece of every card face has a Spanish text, numbers kept, names non-empty.

The msgids are extracted the way ``tools/card_catalog.py`` extracts them (each game's ``face()``
over all its card ids), so a card added to the data without a Spanish text fails here.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tabletop.text import catalog
from tabletop.text.cards import domain
from tabletop.text.po import load, parse

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:  # the maintainers' tools live beside the package, not in it
    sys.path.insert(0, ROOT)

from tools.card_catalog import GAMES, extract, pot_path, template, titles  # noqa: E402

NUMBER = re.compile(r"\d+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(scope="module", params=GAMES)
def game_id(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def spanish(game_id: str) -> dict[str, str]:
    return {k: e.msgstr for k, e in load(catalog.po_path("es", domain(game_id))).items()}


def test_every_face_piece_has_a_spanish_text(game_id: str) -> None:
    es = spanish(game_id)
    missing = [m for m in extract(game_id) if not es.get(m, "").strip()]
    assert missing == [], f"{game_id}: {len(missing)} untranslated, first {missing[:5]}"


def test_no_entry_is_fuzzy_or_left_over(game_id: str) -> None:
    path = catalog.po_path("es", domain(game_id))
    entries = [e for e in parse(path.read_text(encoding="utf-8"), path.name) if e.msgid]
    assert [e.msgid for e in entries if e.fuzzy] == []
    known = set(extract(game_id)) | {f"gender:{t}" for t in titles(game_id)}
    assert sorted(e.msgid for e in entries if e.msgid not in known) == []


def test_translations_keep_the_numbers_and_placeholders(game_id: str) -> None:
    """A card text's numbers are its rules: a translation keeps every one (a sign may turn into words)."""
    for msgid, msgstr in spanish(game_id).items():
        if msgid.startswith("gender:"):
            continue
        assert sorted(NUMBER.findall(msgid)) == sorted(NUMBER.findall(msgstr)), f"{game_id}: {msgid!r} -> {msgstr!r}"
        assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(msgstr)), msgid


def test_every_card_name_has_a_spanish_name_and_a_gender(game_id: str) -> None:
    es = spanish(game_id)
    for title in titles(game_id):
        assert es.get(title, "").strip(), f"{game_id}: no Spanish name for {title!r}"
        assert es.get(f"gender:{title}") in ("m", "f"), f"{game_id}: no gender for {title!r}"


def test_english_catalogs_only_rename_cards_that_exist(game_id: str) -> None:
    path = catalog.po_path("en", domain(game_id))
    if not path.is_file():
        return
    names = set(titles(game_id))
    en = load(path)
    assert sorted(set(en) - names) == []
    assert all(e.msgstr.strip() and e.msgstr != e.msgid for e in en.values())


def test_superinmundos_names_follow_the_interface_language() -> None:
    """The data mixes Spanish and English names: each interface shows its own language's."""
    en = {k: e.msgstr for k, e in load(catalog.po_path("en", domain("superinmundos"))).items()}
    es = spanish("superinmundos")
    assert en["Sirena Fiscal"] == "Auditor Siren" and es["Sirena Fiscal"] == "Sirena Fiscal"
    assert en["Diablo Interino"] == "Interim Devil" and es["Diablo Interino"] == "Diablo Interino"
    assert "Lost Intern" not in en and es["Lost Intern"] == "Becario Perdido"
    for kept in ("Gordemoniem", "Magucio", "Shishabel", "B22", "Black Friday", "Fortaleza the Server"):
        assert kept not in en and es[kept] == kept  # names of the manual that are names in any language


def test_msx_fighters_keep_their_program_names() -> None:
    es = spanish("msx_cards")
    assert all(es[t] == t for t in titles("msx_cards"))


def test_the_templates_are_up_to_date(game_id: str) -> None:
    path = pot_path(game_id)
    assert path.is_file() and path.read_text(encoding="utf-8") == template(game_id), (
        "run: python -m tools.card_catalog")
