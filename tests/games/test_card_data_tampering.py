"""Issue #10, item 7: tampered card data is refused at load, in one line naming file, card and
field, and the CLI turns it into exit status 2. Each test copies the shipped ``assets/`` to a
temporary folder, patches one file and points the loaders at the copy (``use_assets``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from typer.testing import CliRunner

from tabletop import games
from tabletop.engine import GameDataError
from tabletop.engine.assets import asset_path, use_assets

Edit = Callable[[Any], Any]


class RawText(str):
    """An edit that returns this replaces the whole file with the text (for malformed JSON)."""


@pytest.fixture
def tamper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, str, Edit], None]]:
    """``tamper(game, file, edit)``: a patched copy of the assets in use until the test ends."""
    root = tmp_path / "assets"
    shutil.copytree(asset_path("cards"), root / "cards")
    monkeypatch.setattr(games, "_loaded", {})  # no game built from the shipped data survives
    use_assets(root)

    def apply(game: str, name: str, edit: Edit) -> None:
        path = root / "cards" / game / name
        data = json.loads(path.read_text(encoding="utf-8"))
        out = edit(data)
        path.write_text(out if isinstance(out, RawText) else json.dumps(data), encoding="utf-8")
        use_assets(root)  # forget anything loaded before the edit

    yield apply
    use_assets(None)


def refused(load: Callable[[], Any], *parts: str) -> str:
    with pytest.raises(GameDataError) as info:
        load()
    message = str(info.value)
    assert "\n" not in message and len(message) < 300, message
    for part in parts:
        assert part in message, (part, message)
    return message


# -- Mount Gram -----------------------------------------------------------------------------------
def first_with_abilities(data: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in data["cards"] if c.get("abilities"))


def mg_player(edit: Edit) -> Edit:
    return lambda data: edit(first_with_abilities(data))


def mg_card(key: str, edit: Edit) -> Edit:
    return lambda data: edit(next(c for c in data["cards"] if c["key"] == key))


def _ability(**changes: Any) -> Edit:
    return lambda card: card["abilities"][0].update(changes)


MG_PLAYER_CASES = {
    "unknown op": (mg_player(_ability(op="summon_eagles")), "field 'abilities.0.op'", "summon_eagles"),
    "unknown trigger": (mg_player(_ability(trigger="whenever")), "abilities.0.trigger"),
    "encounter trigger on a player card": (mg_player(_ability(trigger="shadow")), "abilities.0.trigger",
                                           "not a trigger of player cards"),
    "passive op as an action": (mg_player(_ability(trigger="action", op="modify")), "abilities.0.op"),
    "unknown event": (mg_player(_ability(event="full_moon")), "abilities.0.event", "full_moon"),
    "unknown parameter": (mg_player(_ability(amout=2)), "abilities.0.amout", "unknown parameter"),
    "names a card that does not exist": (mg_player(_ability(only="gollum")), "abilities.0.only", "gollum"),
    "number as text": (mg_card("aragorn", lambda c: c.update(willpower="2")), "card 'aragorn'", "willpower"),
    "unknown sphere": (mg_card("aragorn", lambda c: c.update(sphere="Shadow")), "card 'aragorn'", "sphere"),
    "unknown field": (mg_card("aragorn", lambda c: c.update(cheat=True)), "card 'aragorn'", "cheat"),
    "duplicate key": (lambda d: d["cards"].append(dict(d["cards"][0])), "appears twice"),
    "no cards list": (lambda d: d.pop("cards"), "field 'cards'"),
}


@pytest.mark.parametrize("case", sorted(MG_PLAYER_CASES))
def test_mount_gram_player_cards(tamper: Any, case: str) -> None:
    from tabletop.games.mount_gram import cards

    edit, *parts = MG_PLAYER_CASES[case]
    tamper("mount_gram", "player_cards.json", edit)
    message = refused(cards.player_cards, "mount_gram/player_cards.json", *parts)
    if "field 'abilities" in message:  # names the card whose ability was patched
        shipped = json.loads(asset_path("cards", "mount_gram", "player_cards.json").read_text(encoding="utf-8"))
        assert f"card '{first_with_abilities(shipped)['key']}'" in message


def _first_encounter(trigger: str) -> Edit:
    def edit(data: dict[str, Any]) -> dict[str, Any]:
        return next(c for c in data["cards"] if any(a["trigger"] == trigger for a in c.get("abilities", [])))

    return edit


MG_SCENARIO_CASES = {
    "scenario name of the wrong type": (lambda d: d.update(scenario=7), "field 'scenario'"),
    "scenario name missing": (lambda d: d.pop("scenario"), "field 'scenario'"),
    "unknown when-revealed op": (
        lambda d: next(a for c in d["cards"] for a in c.get("abilities", [])
                       if a["trigger"] == "when_revealed").update(op="dragon_fire"),
        "dragon_fire", "field 'abilities."),
    "unknown shadow op": (
        lambda d: next(a for c in d["cards"] for a in c.get("abilities", [])
                       if a["trigger"] == "shadow").update(op="nothing_at_all"), "nothing_at_all"),
    "player trigger on an encounter card": (
        lambda d: next(a for c in d["cards"] for a in c.get("abilities", [])
                       if a["trigger"] == "forced").update(trigger="action"), "not a trigger of encounter cards"),
    "unknown encounter event": (
        lambda d: next(a for c in d["cards"] for a in c.get("abilities", []) if a.get("event")).update(event="tea"),
        "unknown event 'tea'"),
    "a card the setup needs is gone": (
        lambda d: d.update(cards=[c for c in d["cards"] if c["key"] != "southern_gate"]), "'southern_gate' is missing"),
    "unknown encounter set": (mg_card("southern_gate", lambda c: c.update(encounter_set="Mirkwood")),
                              "card 'southern_gate'", "encounter_set"),
    "unknown card type": (mg_card("southern_gate", lambda c: c.update(type="dragon")), "card 'southern_gate'",
                          "field 'type'"),
}


@pytest.mark.parametrize("case", sorted(MG_SCENARIO_CASES))
def test_mount_gram_scenario(tamper: Any, case: str) -> None:
    from tabletop.games.mount_gram import cards

    edit, *parts = MG_SCENARIO_CASES[case]
    tamper("mount_gram", "scenario.json", edit)
    refused(cards.mount_gram_cards, "mount_gram/scenario.json", *parts)


@pytest.mark.parametrize(("edit", "parts"), [
    (lambda d: d["decks"]["Lore"]["cards"].__setitem__(0, ["gollum", 2]), ("deck 'Lore'", "unknown card 'gollum'")),
    (lambda d: d["decks"]["Lore"]["heroes"].__setitem__(0, "gollum"), ("deck 'Lore'", "heroes.0")),
    (lambda d: d["decks"]["Lore"].pop("heroes"), ("heroes",)),
    (lambda d: d["decks"].pop("Lore"), ("four sphere decks",)),
    (lambda d: d["decks"]["Lore"]["cards"].__setitem__(0, ["gandalf", "3"]), ("cards",)),
])
def test_mount_gram_starter_decks(tamper: Any, edit: Edit, parts: tuple[str, ...]) -> None:
    from tabletop.games.mount_gram import cards

    tamper("mount_gram", "starter_decks.json", edit)
    refused(cards.starter_decks, "mount_gram/starter_decks.json", *parts)


def test_mount_gram_vocabulary_is_the_rules_own() -> None:
    from tabletop.games.mount_gram import cards, encounter, ops

    vocab = cards._vocabulary("player")
    assert vocab["action"] == (ops.OPS, frozenset()) and vocab["response"] == (ops.OPS, frozenset())
    assert not vocab["passive"][0].names() and vocab["passive"][1] == ops.PASSIVE_OPS
    vocab = cards._vocabulary("encounter")
    assert vocab["when_revealed"] == (encounter.WHEN_REVEALED, frozenset())
    assert vocab["shadow"] == (encounter.SHADOWS, frozenset())
    for trigger, names in cards.ENCOUNTER_OPS.items():  # read by name: no handler registered
        assert not vocab[trigger][0].names() and vocab[trigger][1] == names
    # every op with no dispatch table is read by name somewhere in the rules
    source = "".join(p.read_text(encoding="utf-8") for p in Path(ops.__file__).parent.glob("*.py")
                     if p.name != "cards.py")
    for names in cards.ENCOUNTER_OPS.values():
        for op in names:
            assert f'"{op}"' in source, op


# -- Villainous -----------------------------------------------------------------------------------
def objective(**changes: Any) -> Edit:
    return lambda d: d["objective"].update(changes)


VILLAINOUS_CASES = {
    "unknown objective timing": ("jafar", objective(timing="whenever"), "field 'objective.timing'"),
    "objective timing the rules do not use": ("jafar", objective(timing="immediate"), "objective.timing",
                                              "start_of_turn"),
    "objective names a card that does not exist": (
        "jafar", lambda d: d["objective"]["test"]["all"][0].update(card="Magic Carpet"),
        "field 'objective.test.all.0.card'", "Magic Carpet"),
    "objective names a location that does not exist": (
        "ursula", lambda d: d["objective"]["test"]["all"][1].update(location="Atlantis"), "Atlantis"),
    "objective with an unknown test": ("john", objective(test={"gold_at_least": 20}), "objective.test.gold_at_least"),
    "objective with an unknown event": ("hook", lambda d: d["objective"]["test"].update(event="tick_tock"),
                                        "tick_tock"),
    "objective without a summary": ("john", lambda d: d["objective"].pop("summary"), "objective.summary"),
    "lock at an unknown location": ("hook", lambda d: d["lock"].update(starts_at="Big Ben"), "lock.starts_at"),
    "lock removed by an unknown card": ("jafar", lambda d: d["lock"].update(removed_by="Flying Teapot (permanent)"),
                                        "lock.removed_by"),
    "effect names an unknown card": (
        "maleficent", lambda d: next(c for c in d["villain_deck"] if c["id"] == "raven")["effect"].update(
            steps=[{"op": "move_ally", "card": "Dragon"}]), "card 'raven'", "Dragon"),
    "effect with an unknown destination": (
        "maleficent", lambda d: next(c for c in d["villain_deck"] if c["id"] == "raven")["effect"]["steps"][0].update(
            to="the moon"), "card 'raven'", "the moon"),
}


@pytest.mark.parametrize("case", sorted(VILLAINOUS_CASES))
def test_villainous(tamper: Any, case: str) -> None:
    from tabletop.games.villainous import cards

    villain, edit, *parts = VILLAINOUS_CASES[case]
    tamper("villainous", f"{villain}.json", edit)
    refused(cards.library, f"villainous/{villain}.json", *parts)


def test_villainous_objective_timings_match_the_rules() -> None:
    from tabletop.games.villainous import cards, turn

    assert set(cards.OBJECTIVE_TIMING) == set(cards.VILLAINS)
    assert turn.START_OBJECTIVES == {k for k, t in cards.OBJECTIVE_TIMING.items() if t == "start_of_turn"}


# -- MSX Cards and Superinmundos ------------------------------------------------------------------
def test_msx_cards_names_the_card_and_field(tamper: Any) -> None:
    from tabletop.games.msx_cards import cards

    tamper("msx_cards", "cards.json", lambda d: d[0].update(ability={"kind": "LASER_EYES"}))
    refused(cards.catalogue, "msx_cards/cards.json", "card 'mad-mix-game'", "field 'ability")


def test_superinmundos_names_the_card_and_field(tamper: Any) -> None:
    from tabletop.games.superinmundos import cards

    tamper("superinmundos", "cards.json", lambda d: d[0]["abilities"][0]["effects"][0].update(effect="TELEPORT"))
    refused(cards.all_cards, "superinmundos/cards.json", "card 'gordemoniem'", "field 'abilities.0.effects.0.effect'")


@pytest.mark.parametrize(("text", "reason"), [
    ('{"cards": [], "cards": []}', "appears twice"),
    ('{"scenario": NaN, "cards": []}', "NaN is not a number"),
    ('{"cards": [', "not valid JSON"),
])
def test_malformed_json_in_card_files(tamper: Any, text: str, reason: str) -> None:
    from tabletop.games.mount_gram import cards

    tamper("mount_gram", "scenario.json", lambda d: RawText(text))
    refused(cards.mount_gram_cards, "scenario.json", reason)


@pytest.mark.parametrize(("game", "name", "edit", "parts"), [
    ("mount_gram", "player_cards.json", mg_card("aragorn", lambda c: c.update(name="\x1b[2JAragorn")),
     ("card 'aragorn'", "field 'name'", "\\x1b[2J")),
    ("villainous", "jafar.json", lambda d: d["villain_deck"][0].update(text="\x1b]52;c;cm0=\x07"),
     ("card 'necessary_sacrifice'", "field 'text'")),
    ("msx_cards", "cards.json", lambda d: d[0].update(name="Mad\u202eMix"), ("card 'mad-mix-game'", "field 'name'")),
    ("superinmundos", "cards.json", lambda d: d[0].update(flavor="a\nb"), ("card 'gordemoniem'", "field 'flavor'")),
])
def test_control_characters_in_card_text_are_refused(tamper: Any, game: str, name: str, edit: Edit,
                                                     parts: tuple[str, ...]) -> None:
    from tabletop.engine.assets import load_json

    tamper(game, name, edit)
    message = refused(lambda: load_json("cards", game, name), name, "control characters", *parts)
    assert "\x1b" not in message and "\u202e" not in message


# -- the CLI and the app --------------------------------------------------------------------------
def test_cli_new_with_tampered_card_data_is_exit_2_in_one_line(tamper: Any, tmp_path: Path) -> None:
    from tabletop.cli import app

    tamper("mount_gram", "player_cards.json", mg_player(_ability(op="summon_eagles")))
    result = CliRunner().invoke(app, ["--saves-dir", str(tmp_path), "new", "mount_gram"])
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.stdout == "" and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "mount_gram/player_cards.json" in result.stderr and "summon_eagles" in result.stderr


def test_cli_resume_and_verify_with_tampered_card_data(tamper: Any, tmp_path: Path) -> None:
    from tabletop.cli import app
    from tabletop.engine import Match, Seat
    from tabletop.engine.saves import save

    use_assets(None)
    match = Match.start(games.game("mount_gram"), [Seat("A", "random"), Seat("B", "random")], {}, seed=1)
    path = save(match, tmp_path / "mg.json")
    tamper("mount_gram", "scenario.json", lambda d: d.update(scenario=["not", "text"]))
    games._loaded.clear()
    for command in (["verify", str(path)], ["resume", str(path)]):
        result = CliRunner().invoke(app, ["--saves-dir", str(tmp_path), *command])
        assert result.exit_code == 2, (command, result.output, result.exception)
        assert result.stderr.count("\n") == 1 and "field 'scenario'" in result.stderr


async def test_app_new_game_with_tampered_card_data_shows_a_message(tamper: Any, tmp_path: Path) -> None:
    from tabletop.ui.app import TabletopApp
    from tabletop.ui.menus import NewGameScreen

    tamper("mount_gram", "player_cards.json", mg_player(_ability(op="summon_eagles")))
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()
        form = app.screen
        form.query_one("#game").value = "mount_gram"
        await pilot.pause()
        form.action_start()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "summon_eagles" in str(form.query_one("#error").render())
