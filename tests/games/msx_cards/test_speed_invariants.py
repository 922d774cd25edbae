"""The shortcuts the MSX rules take for speed (issue #15) give exactly what the long way gives.

Each test names the shortcut's invariant and checks it against a from-scratch computation, over
many seeded random games where it needs played states."""

from __future__ import annotations

from tabletop.engine.chance import roll
from tabletop.engine.rng import DICE, Rng
from tabletop.games.msx_cards.combat import die
from tabletop.games.msx_cards.state import MsxState


def test_die_is_rng_below() -> None:
    """``combat.die`` (the generator written out, bounds worked out once) draws what
    ``chance.roll(..., log=False)`` draws: same value, same generator state, same undo barrier."""
    seeds = Rng(7)
    for _ in range(3000):
        start = seeds.below(1 << 64)
        for sides in DICE:
            a, b = MsxState(rng=start), MsxState(rng=start)
            assert die(a, sides) == roll(b, sides, "why", log=False)
            assert (a.rng, a.reveals, a.log) == (b.rng, b.reveals, b.log)
