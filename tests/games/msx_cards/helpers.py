"""Test helpers for MSX Cards: scripted dice and ready-made boards.

``Dice`` is a test-only hook: it monkeypatches the ``die`` name inside the game's modules (every
MSX roll is ``combat.die``) so the next rolls come from a script (each checked against the die it
is meant for). Production code always rolls on the state's RNG; nothing here changes that.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenario import Scenario

from tabletop.games.msx_cards import flow
from tabletop.games.msx_cards.cards import catalogue
from tabletop.games.msx_cards.combat import die as real_die
from tabletop.games.msx_cards.faces import face
from tabletop.games.msx_cards.state import ENEMY, PLAYER, BossDuel
from tabletop.text.render import Renderer

EN = Renderer("msx_cards", ["Ana", "Enemy"], lang="en", card_title=lambda c: face(c).title, strict=True)
"""The rules' messages in English, strictly (a missing template fails the test)."""


def say(value: Any) -> Any:
    """A plain message (or a list of them) in English; a log event as its sentence."""
    if isinstance(value, list):
        return [say(v) for v in value]
    if isinstance(value, dict) and "k" in value and not str(value["k"]).count("."):
        return EN.event(value)
    if isinstance(value, dict) or not isinstance(value, str):
        return EN.arg("x", value) if isinstance(value, dict) else EN.text(value)
    return value

MODULES = ("combat", "capsules", "pentagon", "flow")


class Dice:
    """Scripted dice: ``dice.script((12, 11), (20, 20))`` -> the next two rolls are a d12 showing 11
    and a d20 showing 20. Until ``script`` is first called, rolls are real (so set-up works)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queue: list[tuple[int, int]] = []
        self.armed = False
        self.strict = True
        self.seen: list[tuple[int, int]] = []
        for mod in MODULES:
            monkeypatch.setattr(f"tabletop.games.msx_cards.{mod}.die", self.die)

    def script(self, *rolls: tuple[int, int]) -> "Dice":
        self.armed = True
        self.queue.extend(rolls)
        return self

    def loose(self) -> "Dice":
        """Once the script runs out, roll for real (for flows that continue into new battles)."""
        self.strict = False
        return self

    def die(self, state: Any, sides: int) -> int:
        """``combat.die``: the next scripted value, checked against the die the game rolls."""
        if not self.armed or (not self.strict and not self.queue):
            return real_die(state, sides)
        assert self.queue, f"unscripted roll: d{sides}"
        want, value = self.queue.pop(0)
        assert want == sides, f"scripted a d{want} but the game rolls a d{sides}"
        assert 1 <= value <= sides
        state.reveals += 1
        self.seen.append((sides, value))
        return value

    def done(self) -> None:
        assert not self.queue, f"scripted rolls left unused: {self.queue}"


@pytest.fixture(name="dice")
def dice_fixture(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fighter(card: str, vit: int | None = None) -> dict[str, Any]:
    f = flow.new_fighter(card)
    if vit is not None:
        f["vit"] = vit
    return f  # type: ignore[return-value]


def board(player: str, enemy: str, *, world: int = 0, versus: bool = False, first: int = PLAYER,
          pvit: int | None = None, evit: int | None = None, mission: str = "standard", seed: int = 1,
          check: bool = False) -> Scenario:
    """A battle about to start its first action (``first`` acts). Call ``go(sc)`` after scripting
    the dice; with ``check`` the first action makes an event check (a d20), as a later action does."""
    sc = Scenario("msx_cards", players=2 if versus else 1, options={"mission": mission, "versus": versus},
                  seed=seed)
    s = sc.state
    s.world, s.wins, s.losses, s.cleared, s.bonus = world, 0, 0, 0, 0
    s.pool = [c for c in catalogue().card_ids if c != player]
    s.defeated, s.beaten, s.draft = [], [], []
    s.fighters = [fighter(player, pvit), fighter(enemy, evit)]
    s.mode, s.duel, s.effects, s.respond = "battle", None, [], False
    s.init, s.turn, s.half, s.act_no = first, 1, 0, 0
    s.skip_check = not check
    s.phase = "action"
    s.last_attack = s.last_event = None
    return sc


def go(sc: Scenario) -> Scenario:
    """Run the automatic steps (enemy actions, checks...) up to the next decision."""
    flow.advance(sc.state)
    return sc


def duel(player: str, boss_set: str = "grey", *, world: int = 0, vit: int | None = None, step: int = 1,
         seed: int = 1) -> Scenario:
    """A Boss duel of World ``world`` at step ``step`` (grey: you attack on T1)."""
    sc = Scenario("msx_cards", players=1, options={"mission": "standard"}, seed=seed)
    s = sc.state
    s.world, s.wins, s.losses, s.bonus = world, 3, 0, 0
    s.pool = [c for c in catalogue().card_ids if c != player]
    s.defeated, s.beaten, s.draft = [], [], []
    s.fighters = [fighter(player, vit), None]
    s.mode, s.effects, s.respond = "duel", [], False
    s.mode = "boss"
    w = catalogue().worlds[catalogue().missions["standard"]["worlds"][world]]
    s.duel = BossDuel(boss=w["boss"], set=boss_set, step=step, results=[])
    s.init = PLAYER if boss_set == "grey" else ENEMY
    s.act_no = step - 1
    s.phase = "bstep"
    return sc
