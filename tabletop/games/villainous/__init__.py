"""Villainous (2018 base game): 2–6 villains, each racing to a different objective.

``SPEC`` is cheap to import (the card data loads only in ``load()``).
"""

from __future__ import annotations

from tabletop.engine import Game, GameSpec, Option
from tabletop.engine.bots import RandomBot
from tabletop.text.shell import N_

from .bots import HeuristicBot
from .search import search_bot

SPEC = GameSpec(
    id="villainous", title=N_("Villainous"), min_players=2, max_players=6,
    summary=N_("Each player a villain on a four-location board, racing to an objective of their own."),
    hidden_info=True,
    options=(
        Option("draft", N_("Players choose their villains in seat order (else dealt at random)"), default=False),
        Option("always_ask", N_("Always ask every opponent in every Condition window"), default=False,
               help=N_("even when no Condition of theirs could be played (R17)")),
        Option("holders_only", N_("Ask only opponents holding a playable Condition"), default=False,
               help=N_("fewer prompts, but a prompt then tells the table who holds a Condition")),
        Option("round_limit", N_("Rounds before the game ends with no winner"), kind="int", default=100,
               minimum=5, maximum=500),
    ),
    bots={"random": RandomBot, "heuristic": HeuristicBot, "search": search_bot},
    screen="tabletop.games.villainous.screen:VillainousScreen",
    rules_file="docs/games/villainous.md",
    conformance=((2, {"round_limit": 25}), (3, {"round_limit": 10}), (6, {"round_limit": 5}),
                 (3, {"always_ask": True, "round_limit": 6}),
                 (2, {"holders_only": True, "round_limit": 12}), (2, {"draft": True, "round_limit": 12})),
    max_steps=20000,
)


def load() -> Game:
    from .rules import Villainous
    return Villainous()
