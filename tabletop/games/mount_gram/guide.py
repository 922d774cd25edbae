"""Escape from Mount Gram's guided first game: one player, seed 4, the first round and a half.

Each step names the part of ``docs/games/mount_gram.md`` it teaches ("A round 3" is item 3 of
"A round"). The texts are the ``mount_gram-guide`` catalog's.
"""

from tabletop.engine import Seat
from tabletop.engine.guide import Guide, step

GUIDE = Guide(
    game_id="mount_gram",
    seats=(Seat("Ana"),),
    seed=4,
    steps=(
        step("Winning and losing", "guide.welcome"),
        step("Set-up", "guide.hero", {"card": "p0.aragorn.1"}, id="hero p0.aragorn.1"),
        step("A round 2", "guide.attach", {"card": "p0.steward_of_gondor.1", "hero_card": "p0.aragorn.1"},
             id="play p0.steward_of_gondor.1 p0.aragorn.1"),
        step("A round 2", "guide.planning_done", id="done"),
        step("A round", "guide.actions", {"card": "p0.steward_of_gondor.1"}, id="use p0.steward_of_gondor.1"),
        step("A round 3", "guide.commit", {"card": "p0.aragorn.1"}, id="commit p0.aragorn.1"),
        step("A round", "guide.response", {"card": "p0.aragorn.1"}, id="use p0.aragorn.1"),
        step("A round", "guide.search", {"card": "e.dungeon_guard.1"}, id="find e.dungeon_guard.1"),
        step("A round 4", "guide.travel", {"card": "e.prison_cell.3"}, id="travel e.prison_cell.3"),
        step("Set-up", "guide.prison", {"card": "p0.longbeard_orc_slayer.2"}, id="free p0.longbeard_orc_slayer.2"),
        step("A round", "guide.orc_slayer", id="use p0.longbeard_orc_slayer.2"),
        step("A round 5", "guide.engage", {"card": "e.dungeon_guard.1"}, id="engage e.dungeon_guard.1"),
        step("A round 6", "guide.defend", {"card": "p0.aragorn.1"}, id="defend p0.aragorn.1"),
        step("A round 6", "guide.attack", {"card": "e.dungeon_guard.1"}, id="attack e.dungeon_guard.1"),
        step("Mount Gram's rules", "guide.rescue", {"card": "p0.son_of_arnor.2"}, id="free p0.son_of_arnor.2"),
        step("A round 7", "guide.refresh", id="pass"),
        step("A round 1", "guide.on_your_own"),
    ),
)
