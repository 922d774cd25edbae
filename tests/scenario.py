"""A small scenario helper in the spirit of XMage's card tests: set a game up, put cards where a
test needs them (by editing the plain-data state directly), take actions by id, assert.

    sc = Scenario("superinmundos", players=3, seed=1)
    sc.state.players[0]["hand"] = ["magucio", "b22"]
    sc.play("attack magucio")
    assert sc.last("defeat")["card"] == "b22"
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import games
from tabletop.engine import IllegalAction, Match, Seat


class Scenario:
    def __init__(self, game_id: str, players: int = 2, options: dict[str, Any] | None = None,
                 seed: int = 1, names: list[str] | None = None) -> None:
        self.game = games.game(game_id)
        names = names or [f"P{i + 1}" for i in range(players)]
        self.match = Match.start(self.game, [Seat(n) for n in names], options or {}, seed=seed)

    @property
    def state(self) -> Any:
        return self.match.state

    def decision(self) -> Any:
        return self.match.decision()

    def legal(self) -> list[str]:
        return [a.id for a in self.match.legal()]

    def play(self, *action_ids: str) -> "Scenario":
        for action_id in action_ids:
            self.match.play(action_id)
        return self

    def illegal(self, action_id: str) -> str:
        """Assert the action is refused and the state untouched; return the reason."""
        before = self.game.clone(self.state)
        with pytest.raises(IllegalAction) as info:
            self.game.apply(self.state, action_id)
        assert vars(self.state) == vars(before), "a refused action changed the state"
        return str(info.value)

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [e for e in self.state.log if kind is None or e["k"] == kind]

    def last(self, kind: str) -> dict[str, Any]:
        found = self.events(kind)
        assert found, f"no {kind!r} event in the log"
        return found[-1]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)
