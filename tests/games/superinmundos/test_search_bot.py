"""The Superinmundos search bot (``games.superinmundos.search``): what it searches and how it
scores a position cut off before the end of the game."""

from __future__ import annotations

from tabletop.engine.rng import Rng
from tabletop.games.superinmundos import search as si

from .helpers import table


def test_s13_a_lead_counts_for_more_the_fewer_battles_are_left() -> None:
    """§13: the most loot after the last round wins. Ten cards ahead is nearly won in the last
    battle, still open with all five to fight (the old fixed width scored both about 0.96)."""
    sc = table(2, {0: ["neut01"], 1: ["neut02"]}, loot={0: [f"neut{n:02d}" for n in range(3, 13)]})
    s = sc.state
    assert not s.arena
    early = si.evaluate(sc.game, s)[0]
    s.rounds_done = s.round_limit - 1
    late = si.evaluate(sc.game, s)[0]
    assert 0.5 < early < 0.9 < late


def test_s13_far_behind_the_values_still_differ() -> None:
    """Twenty cards behind, winning the arena of six is still worth something to the search."""
    sc = table(2, {0: ["neut01"], 1: ["neut02"]})
    s = sc.state
    s.piles[1].extend(s.deck[:20])
    del s.deck[:20]
    before = si.evaluate(sc.game, s)[0]
    s.piles[0].extend(s.piles[1][:6])
    del s.piles[1][:6]
    after = si.evaluate(sc.game, s)[0]
    assert after - before > 0.1  # the old fixed width: 0.06


def test_the_search_never_spends_playouts_on_asking() -> None:
    """``ask`` (a look at a loot count, S-asking) changes no card: it is never searched."""
    sc = table(2, {0: ["neut13", "neut01"], 1: ["fire18", "neut16", "earth17", "neut02"]})
    sc.play("open neut13")
    d = sc.decision()
    legal = sc.game.legal_actions(sc.state)
    assert any(a.verb == "ask" for a in legal)
    bot = si.search_bot()
    bot.think_ms = bot.wall_ms = None
    choice = bot.choose(sc.game, {}, d, legal, Rng(1), state=sc.state)
    assert bot.paired is not None and not choice.startswith("ask")
    assert not [a for a in bot.paired.advantage if a.startswith("ask")]


def test_which_way_a_double_win_counts_is_not_searched() -> None:
    """The rules list the way that fires an ability first (the ``mode`` decision): the heuristic
    answers it without a single playout."""
    sc = table(2, {0: ["neut01"], 1: ["neut11", "neut02"]})
    sc.play("open neut01", "attack neut11")
    while sc.decision().kind != "mode":
        sc.play(sc.legal()[0] if sc.decision().kind != "declare" else "go")
    d = sc.decision()
    legal = sc.game.legal_actions(sc.state)
    bot = si.search_bot()
    choice = bot.choose(sc.game, {}, d, legal, Rng(1), state=sc.state)
    assert bot.paired is None and choice == legal[0].id
