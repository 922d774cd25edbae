"""``localized_face``: a card's words through its game's card catalog, unknown words kept."""

from __future__ import annotations

from dataclasses import replace

from tabletop.engine.faces import CardFace
from tabletop.games import game
from tabletop.text.cards import card_gender, card_name, localized_face, localized_text


def test_a_superinmundos_face_in_spanish() -> None:
    face = game("superinmundos").face("fire01")
    es = localized_face("superinmundos", face, "es")
    assert (face.title, es.title) == ("Ember Imp", "Diablillo de Ascuas")
    assert es.kind == "combatiente · fuego"
    assert [s.label for s in es.stats] == ["Ataque", "Defensa", "Poder"]
    assert [s.value for s in es.stats] == [s.value for s in face.stats]
    assert es.text == "Apoyo +1 Ataque" and es.flavour == "Pequeño, ardiente y siempre llega tarde."
    assert es.tags == ("2 estrellas", "fuego", "apoyo +1 ataque")
    assert (es.colour, es.symbol, es.cost, es.id) == (face.colour, face.symbol, face.cost, face.id)


def test_english_shows_english_names_for_spanish_data() -> None:
    face = game("superinmundos").face("mercenario-autonomo")
    assert localized_face("superinmundos", face, "en").title == "Freelance Mercenary"
    assert localized_face("superinmundos", face, "es").title == "Mercenario Autónomo"
    lost = game("superinmundos").face("neut18")
    assert localized_face("superinmundos", lost, "en") == lost  # already English: unchanged


def test_unknown_words_stay_and_face_down_cards_are_untouched() -> None:
    face = replace(game("villainous").face("jafar.razoul#1"), title="Razoul and friends", flavour="a note")
    es = localized_face("villainous", face, "es")
    assert es.title == "Razoul and friends" and es.flavour == "a note"
    assert es.text == "Los Aliados jugados en su ubicación cuestan 1 menos."
    back = CardFace.hidden("x")
    assert localized_face("villainous", back, "es") is back
    assert localized_face("no_such_game", face, "es") is face


def test_labelled_lines_are_split_label_and_rest() -> None:
    gob = game("mount_gram").face("p0.goblin_tormentor.1")
    lines = localized_face("mount_gram", gob, "es").text.split("\n")
    assert lines[0].startswith("Captura 1. X es")
    assert lines[1].startswith("Sombra: ")
    msx = localized_face("msx_cards", game("msx_cards").face("mad-mix-game"), "es")
    assert msx.text == "Daño Aumentado +2\ncápsulas: PLAY CLOAD · · LEFT"  # program names stay
    assert msx.title == "Mad Mix Game" and msx.kind == "Amarilla · Juegos en casete"
    assert localized_text("msx_cards", "not a card line", "es") == "not a card line"


def test_names_and_genders() -> None:
    assert card_name("villainous", "Maleficent", "es") == "Maléfica"
    assert card_gender("villainous", "Magic Lamp", "es") == "f"
    assert card_gender("villainous", "Staff", "es") == "m"
    assert card_gender("villainous", "Nobody", "es") == "m"
    assert card_name("mount_gram", "A Test of Will", "es") == "Una Prueba de Voluntad"


def test_titles_screens_make_of_names() -> None:
    """A fused unit (``A + B``) and a name with a mark (``×2``, ``x2``, ``✓``) keep their shape."""
    assert card_name("villainous", "Razoul + Scimitar", "es") == "Razoul + Cimitarra"
    assert card_name("superinmundos", "Glaciarca ×2", "en") == "Glaciarch ×2"
    assert card_name("superinmundos", "Chispa Vieja x2", "en") == "Old Spark x2"
    assert card_name("mount_gram", "A Test of Will ✓", "es") == "Una Prueba de Voluntad ✓"
    assert card_name("mount_gram", "Nobody Knows ×2", "es") == "Nobody Knows ×2"
