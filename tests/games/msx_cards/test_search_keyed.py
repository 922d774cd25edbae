"""MSX Cards search clones draw their chance by where it falls (``msx_cards.keyed``: common random
numbers); a real game keeps its single generator stream, untouched."""

from __future__ import annotations

from typing import Any

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.games.msx_cards import flow
from tabletop.games.msx_cards.combat import die
from tabletop.games.msx_cards.search import determinize
from tabletop.games.msx_cards.state import MsxState


def _game() -> Any:
    return games.game("msx_cards")


def _played(seed: int, steps: int) -> tuple[Any, MsxState]:
    """A real run ``steps`` decisions in, every decision answered by its first legal action."""
    game = _game()
    s = game.setup([Seat("P0", "heuristic")], {}, seed)
    for _ in range(steps):
        if game.decision(s) is None:
            break
        game.apply(s, game.legal_actions(s)[0].id)
    return game, s


def test_a_real_game_never_holds_keyed_chance() -> None:
    """A real run's dice come from its stream: no ``crn`` in the state at any step, and a die drawn
    on a real state advances ``rng`` (the keyed path is never taken)."""
    game, s = _played(3, 0)
    for _ in range(200):
        assert "crn" not in vars(s) and s.crn is None
        if game.decision(s) is None:
            break
        game.apply(s, game.legal_actions(s)[0].id)
    before = s.rng
    die(s, 20)
    assert s.rng != before


def test_a_determinization_is_keyed_and_leaves_the_real_state_alone() -> None:
    game, s = _played(5, 4)
    before = (s.rng, s.reveals)
    d = determinize(game, s, 0, Rng(11))
    assert d.crn is not None and s.crn is None
    for _ in range(6):
        die(d, 6)
    assert (s.rng, s.reveals) == before and "crn" not in vars(s)
    assert game.clone(d).crn == d.crn and game.clone(d).crn is not d.crn  # a clone copies it


def test_two_answers_on_one_sample_see_the_same_later_dice() -> None:
    """One answer rolls three dice more (a capsule's) than the other in a half-turn: on the same
    sample, the next half-turn's dice and the next battle's enemy and draft are still the same,
    where one stream would have shifted every one of them."""
    game, s = _played(8, 3)
    a, b = (determinize(game, s, 0, Rng(99)) for _ in range(2))
    for _ in range(3):
        die(a, 6)
    seen = []
    for d in (a, b):
        d.half += 1
        dice = [die(d, 20) for _ in range(4)]
        d.battles += 1
        d.fighters[1] = None
        flow.draw_enemy(d)
        flow.need_fighter(d, "battle")
        seen.append((dice, d.fighters[1]["card"], list(d.draft)))  # type: ignore[index]
    assert seen[0] == seen[1]
    other = determinize(game, s, 0, Rng(100))  # another sample: other dice
    other.half += 1
    assert [die(other, 20) for _ in range(4)] != seen[0][0]
    c, e = (determinize(game, s, 0, Rng(99)) for _ in range(2))  # the stream as it would be
    c.crn = e.crn = None
    for _ in range(3):
        die(c, 6)
    assert [die(c, 20) for _ in range(4)] != [die(e, 20) for _ in range(4)]


def test_versus_determinizations_keep_one_stream() -> None:
    """Versus (R42) clones are not keyed: there the keyed chance measured worse (``search.KEYED``)."""
    game = _game()
    s = game.setup([Seat("P0", "heuristic"), Seat("P1", "heuristic")], {"versus": True}, 4)
    assert determinize(game, s, 0, Rng(3)).crn is None
