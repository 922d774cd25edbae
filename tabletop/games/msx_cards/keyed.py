"""Common random numbers for the search bot's clones of an MSX Cards run.

A real game draws every die, enemy and draft from its one generator stream (``MsxState.rng``). A
search clone that holds a keyed chance (``MsxState.crn``, set by ``search.determinize``) draws
each of them instead from a hash of its sample's seed and *where* in the run it is drawn: the
battle, turn, half-turn, action, Boss duel step, screen and kind of chance. Two answers played on
one sample then meet the same enemies, drafts and dice wherever the run reaches the same point,
however many dice one of them rolled before; only what the answers change differs, which is what
the paired comparison of ``engine.search.paired_root`` measures.
"""

from __future__ import annotations

from tabletop.engine.determinize import keyed_below

from .state import MsxState

DIE, ENEMY_DRAW, DRAFT, PICK = 0, 1, 2, 3
"""The kinds of chance: a die (its sides in the key), the World's next enemy (R8), a draft's
cards (R7; the purpose in the key), the classic variant's random fighter."""

_SCREEN = {"bonus": 1, "extra": 2, "boss_choice": 3}
"""The screens whose rolls happen between battles (R33), apart from the last battle's dice."""


def keyed(s: MsxState, kind: int, n: int) -> int:
    """A value in ``[0, n)`` for the clone ``s`` (whose ``crn`` is set) from the point of the run it
    is drawn at; counts as one reveal, as the stream's draws do (the undo barrier)."""
    keyed_chance = s.crn
    assert keyed_chance is not None
    duel = s.duel
    step = duel["step"] if duel is not None else 0
    purpose = 1 if kind == DRAFT and s.draft_for == "boss" else 0
    key = (((((((s.battles * 64 + s.turn) * 4 + s.half) * 16 + s.act_no) * 16 + step) * 4
             + _SCREEN.get(s.phase, 0)) * 32 + (n if kind == DIE else purpose)) * 4 + kind)
    s.reveals += 1
    return keyed_below(keyed_chance, key, n)
