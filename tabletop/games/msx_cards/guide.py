"""MSX Cards' guided first game: the Quick mission, seed 2, the first two battles.

Each step names the part of ``docs/games/msx_cards.md`` it teaches ("A battle 4" is item 4 of
"A battle"). The texts are the ``msx_cards-guide`` catalog's.
"""

from tabletop.engine import Seat
from tabletop.engine.guide import Guide, step

GUIDE = Guide(
    game_id="msx_cards",
    seats=(Seat("Ana"),),
    seed=2,
    options={"mission": "quick"},
    steps=(
        step("A Mission", "guide.welcome"),
        step("The races", "guide.card"),
        step("A Mission", "guide.draft", id="pick metal-gear"),
        step("A battle 1", "guide.initiative"),
        step("Capsules", "guide.capsule", id="capsule JUMP"),
        step("A battle 4", "guide.attack", id="attack"),
        step("A battle 3", "guide.turns", id="attack"),
        step("A battle 4", "guide.dice_panel", id="attack"),
        step("Capsules", "guide.capsule_once", id="capsule JUMP"),
        step("A battle 5", "guide.defeat", id="attack"),
        step("A battle 5", "guide.finish", id="attack"),
        step("A Mission", "guide.next_fighter", id="pick kings-valley"),
        step("Capsules", "guide.combo", id="capsule COMBO"),
        step("A Mission", "guide.on_your_own"),
    ),
)
