"""The catalogs' reader, the template language and the renderer (tabletop/text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine.msg import Msg, msg
from tabletop.text import catalog
from tabletop.text.language import detect as detect_language
from tabletop.text.po import PoError, parse, quote
from tabletop.text.render import MissingText, Renderer
from tabletop.text.template import TemplateError, compile_template, placeholders


def test_po_parser_reads_entries_plurals_escapes_and_skips_fuzzy() -> None:
    text = '''# header
msgid ""
msgstr "Language: es\\n"

#. a note for translators
msgid "ev.draw"
msgstr "{seat} roba "
"{n} {n|carta|cartas}."

#, fuzzy
msgid "ev.old"
msgstr "no fiable"

msgid "card"
msgid_plural "cards"
msgstr[0] "carta"
msgstr[1] "cartas"

msgid "quote"
msgstr "dice \\"hola\\"\\tya"
'''
    entries = {e.msgid: e for e in parse(text)}
    assert entries["ev.draw"].msgstr == "{seat} roba {n} {n|carta|cartas}."
    assert entries["ev.draw"].comments == ["a note for translators"]
    assert entries["ev.old"].fuzzy
    assert entries["card"].plural == "cards" and entries["card"].forms == ["carta", "cartas"]
    assert entries["quote"].msgstr == 'dice "hola"\tya'
    tricky = 'a"b\\c'
    assert parse("msgid " + quote(tricky) + '\nmsgstr "x"\n')[0].msgid == tricky


def test_po_parser_refuses_garbage_with_the_line() -> None:
    with pytest.raises(PoError, match=":2:"):
        parse('msgid "a"\nnonsense\n', "x.po")


def test_template_language() -> None:
    assert placeholders("{seat} draws {n} {n|card|cards}, {card?el|la}") == {"seat", "n", "card"}
    assert compile_template("{{literal}}") == ("{", "literal", "}")
    with pytest.raises(TemplateError):
        compile_template("{n|one}")
    with pytest.raises(TemplateError):
        compile_template("a { b")


def test_arguments_are_rendered_by_what_their_names_say() -> None:
    names = {"c1": "Aragorn", "c2": "Gandalf", "c3": "Legolas"}
    words = Renderer(None, ["Ana", "Luis"], lang="en", card_title=names.__getitem__)
    assert words.arg("card", "c1") == "Aragorn"
    assert words.arg("target_card", "c2") == "Gandalf"
    assert words.arg("cards", ["c1", "c2", "c3"]) == "Aragorn, Gandalf and Legolas"
    assert words.arg("seat", 1) == "Luis"
    assert words.arg("seats", [0, 1]) == "Ana and Luis"
    assert words.arg("n", 3) == "3"
    es = Renderer(None, ["Ana", "Luis"], lang="es", card_title=names.__getitem__)
    assert es.arg("seats", [0, 1]) == "Ana y Luis"


def test_plural_choice_and_nested_messages() -> None:
    words = Renderer(None, ["Ana"], lang="en")
    assert words.event({"k": "reshuffle", "size": 1}).endswith("(1 card).")
    assert words.event({"k": "reshuffle", "size": 12}).endswith("(12 cards).")
    roll = {"k": "roll", "m": "roll_by", "seat": 0, "die": 6, "value": 4,
            "why": {"k": "ev.reshuffle", "size": 2}}
    assert words.event(roll) == "Ana rolls d6: 4 (The discard pile is shuffled into a new deck (2 cards).)"
    assert Renderer(None, ["Ana"], lang="es").event({"k": "reshuffle", "size": 1}).endswith("(1 carta).")


def test_strict_mode_refuses_missing_keys_and_unnamed_arguments() -> None:
    strict = Renderer(None, [], lang="en", strict=True)
    with pytest.raises(MissingText):
        strict.text(msg("no.such.key"))
    with pytest.raises(MissingText):
        strict.event({"k": "roll", "die": 6, "value": 2, "why": "an English sentence"})
    lenient = Renderer(None, [], lang="en")
    assert lenient.text(msg("no.such.key")) == "no.such.key"  # never a crash at the table


def test_format_1_events_still_read_in_their_own_words() -> None:
    assert Renderer(None, [], lang="es").event({"k": "legacy", "t": "Ana draws."}) == "Ana draws."


def test_messages_are_hashable_and_round_trip_through_plain_json() -> None:
    m = msg("act.play", card="c1", cards=["a", "b"], why=msg("term.attack"))
    assert hash(m) == hash(Msg.from_plain(m.plain()))
    assert Msg.from_plain(m.plain()) == m
    assert m.plain() == {"k": "act.play", "card": "c1", "cards": ["a", "b"], "why": {"k": "term.attack"}}


def test_language_detection_order() -> None:
    detect = detect_language
    assert detect("es", {"TABLETOP_LANG": "en"}) == "es"
    assert detect(None, {"TABLETOP_LANG": "es", "LANG": "en_GB.UTF-8"}) == "es"
    assert detect(None, {"LANG": "es_ES.UTF-8"}) == "es"
    assert detect(None, {"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"  # LC_ALL decides first
    assert detect(None, {"LC_MESSAGES": "es_AR"}) == "es"
    assert detect(None, {}) == "en"
    assert detect(None, {"TABLETOP_LANG": "xx"}, setting="es") == "es"
    with pytest.raises(ValueError):
        detect("fr", {})


def test_every_catalog_parses_and_its_templates_compile() -> None:
    files = sorted(Path(catalog.LOCALE).glob("*/LC_MESSAGES/*.po"))
    assert files, "the package ships its catalogs"
    for path in files:
        for entry in catalog.load(path).values():
            if entry.msgstr:
                assert compile_template(entry.msgstr), f"{path.name}: {entry.msgid} is empty"
