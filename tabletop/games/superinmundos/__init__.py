"""Superinmundos: a 2-4 player battle card game of beating the combatant on top of the arena.

``SPEC`` is cheap to import (the menu lists it); ``load()`` builds the rules and reads the cards.
"""

from __future__ import annotations

from tabletop.engine import Game, GameSpec, Option
from tabletop.engine.bots import RandomBot
from tabletop.text.shell import N_

from .bots import HeuristicBot
from .search import search_bot

SPEC = GameSpec(
    id="superinmundos",
    title=N_("Superinmundos"),
    min_players=2,
    max_players=6,
    summary=N_("Beat the combatant on top of the arena; the last one standing takes it all as loot."),
    hidden_info=True,
    options=(
        Option("quick", N_("Quick game (3 rounds)"), default=False),
        Option("hand5", N_("Hand of 5 cards"), default=False),
        Option("starting_loot", N_("Starting loot per pile"), kind="int", default=0, minimum=0, maximum=5,
               help=N_("the manual's example is 3 (and it does not recommend it)")),
        Option("teams", N_("2 vs 2 teams (4 players, one loot pile per team)"), default=False),
        Option("no_swap", N_("No hand swap"), default=False),
        Option("no_neutrals", N_("No neutral combatants"), default=False),
        Option("no_events", N_("No events"), default=False),
        Option("prompt_all", N_("Always prompt everyone in event windows"), default=False,
               help=N_("every seat, bots too, at every window, even when nobody could answer (§10.2)")),
        Option("holders_only", N_("Prompt only players holding a playable card"), default=False,
               help=N_("fewer prompts, but a prompt then tells the table who holds a reaction or support")),
        Option("first", N_("Starting seat (0 = random)"), kind="int", default=0, minimum=0, maximum=6),
        Option("mixed", N_("Mixed decks: second copies of this many cards"), kind="int", default=0, minimum=0,
               maximum=12, help=N_("duplicates evaporate when played (S32)")),
    ),
    bots={"random": RandomBot, "heuristic": HeuristicBot, "search": search_bot},
    screen="tabletop.games.superinmundos.screen:SuperinmundosScreen",
    rules_file="docs/games/superinmundos.md",
    conformance=(
        (2, {}), (3, {}), (4, {}),
        (2, {"hand5": True, "quick": True}),
        (3, {"starting_loot": 3, "no_swap": True}),
        (4, {"teams": True}),
        (3, {"no_neutrals": True, "quick": True}),
        (2, {"no_events": True}),
        (4, {"no_neutrals": True, "no_events": True, "quick": True}),
        (3, {"mixed": 12}),
        (3, {"prompt_all": True, "quick": True}),
        (2, {"holders_only": True}),
    ),
    max_steps=20000,
)


def load() -> Game:  # type: ignore[type-arg]
    from .rules import Superinmundos

    game = Superinmundos()
    game.spec = SPEC
    return game
