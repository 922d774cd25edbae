"""Escape from Mount Gram: a 1–4 player co-op quest in the style of the LOTR card game.

Core Set starter decks against the Angmar Awakened scenario *Escape from Mount Gram*. The spec is
``../shared/rules/mount_gram.md``; ``docs/games/mount_gram.md`` is the players' summary.
Hands are private (spec §1): a seat's view shows only its own hand unless the ``open_hands`` option
is set; the encounter deck, face-down shadow cards and captured cards are hidden from everyone.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import GameSpec, Option
from tabletop.engine.bots import RandomBot
from tabletop.text.shell import N_

from .search import search_bot


def _heuristic() -> Any:
    from .bots import HeuristicBot

    return HeuristicBot()


SPHERE_CHOICES = (N_("Leadership"), N_("Tactics"), N_("Spirit"), N_("Lore"))

SPEC = GameSpec(
    id="mount_gram", title=N_("Escape from Mount Gram"), min_players=1, max_players=4,
    summary=N_("Co-op quest in the style of the LOTR card game: escape Gornákh's dungeons."),
    hidden_info=True, curtain_off_option="open_hands",
    options=(
        Option("deck_1", N_("Starter deck"), seat=0, kind="choice", default="Leadership", choices=SPHERE_CHOICES),
        Option("deck_2", N_("Starter deck"), seat=1, kind="choice", default="Tactics", choices=SPHERE_CHOICES),
        Option("deck_3", N_("Starter deck"), seat=2, kind="choice", default="Spirit", choices=SPHERE_CHOICES),
        Option("deck_4", N_("Starter deck"), seat=3, kind="choice", default="Lore", choices=SPHERE_CHOICES),
        Option("easy_mode", N_("Easy mode (fewer encounter cards, +1 resource)"), default=False),
        Option("round_limit", N_("Round limit (the players lose after it)"), kind="int", default=100,
               minimum=1, maximum=1000),
        Option("flight_threshold", N_("Stage 3B quest points (16 Hall of Beorn, 14 DragnCards)"),
               kind="choice", default=16, choices=(16, 14)),
        Option("capture_on_damage_targets", N_("Cruel Torturer / Captives capture an ally or any character"),
               kind="choice", default="ally", choices=(N_("ally"), N_("character"))),
        Option("interrogation_shadow", N_("Interrogation shadow text"), kind="choice", default="hob",
               choices=("hob", "dragncards")),
        Option("interrogation_hero_cost", N_("Threat for a hero discarded by Interrogation"), kind="choice",
               default="0", choices=("0", N_("threat_cost"))),
        Option("open_hands", N_("Co-op partners see each other's hands"), default=False),
    ),
    bots={"random": RandomBot, "heuristic": _heuristic, "search": search_bot},
    rules_file="docs/games/mount_gram.md",
    screen="tabletop.games.mount_gram.screen:MountGramScreen",
    max_steps=20000,
    conformance=((1, {}), (2, {}), (3, {}), (4, {}),
                 (2, {"easy_mode": True, "capture_on_damage_targets": "character",
                      "interrogation_shadow": "dragncards", "interrogation_hero_cost": "threat_cost",
                      "flight_threshold": 14, "open_hands": True})),
)


def load() -> Any:
    from .rules import MountGram

    return MountGram()
