"""The heuristic's old blunders (issue #16), each in a constructed state where the old bot erred:
it never played Cementerio Cósmico or Fusión de poderes, never paid loot, stole from whichever
pile came first, and spent its dearest card on a nearly empty arena with three rivals to come."""

from __future__ import annotations

from tabletop.engine.rng import Rng
from tabletop.games.superinmundos.bots import HeuristicBot

from .helpers import table


def bot_choice(sc, seed: int = 0) -> str:  # type: ignore[no-untyped-def]
    d = sc.decision()
    return HeuristicBot().choose(sc.game, sc.view(d.seat), d, sc.match.legal(), Rng(seed))


def test_s36_cementerio_cosmico_when_only_the_discard_pile_can_win() -> None:
    """S36: nothing in hand beats Fortaleza (Defense 8, Power 7), but the discard pile holds a
    fire card that doubles against earth: the shared hand fights on, withdrawing gives it up."""
    sc = table(2, {0: ["fortaleza-the-server"], 1: ["cementerio-cosmico", "neut01", "neut02"]},
               discard=["fire18"])
    sc.play("open fortaleza-the-server")
    assert sc.decision().kind == "turn" and sc.decision().seat == 1
    assert not [a for a in sc.legal() if a.startswith("attack")]
    assert bot_choice(sc) == "event cementerio-cosmico"


def test_s38_fusion_de_poderes_when_two_cards_together_win() -> None:
    """S38: neither of two Power-2 neutrals beats Power 3 alone; fused they have
    Power 4. The bot plays the event, then declares the fusion."""
    sc = table(2, {0: ["earth12"], 1: ["fusion-de-poderes", "neut01", "neut05"]})
    sc.play("open earth12")
    assert not [a for a in sc.legal() if a.startswith("attack")]
    assert bot_choice(sc) == "event fusion-de-poderes"
    sc.play("event fusion-de-poderes")
    while sc.decision().kind == "counter":
        sc.play("pass")
    choice = bot_choice(sc)
    assert choice.startswith("fuse")


def test_s24_pays_loot_when_the_margin_is_thin() -> None:
    """S24: Magucio (Power 4) beats Power 3 by one, which any defender's support overturns; one
    loot card buys +2 Power for an arena of two cards."""
    sc = table(2, {0: ["light02"], 1: ["magucio", "neut13"]}, loot={1: ["neut16"]})
    sc.play("open light02", "attack magucio")
    assert sc.decision().kind == "enter_cost"
    assert bot_choice(sc) == "pay magucio"


def test_s24_keeps_its_loot_when_the_win_is_safe() -> None:
    sc = table(2, {0: ["neut13"], 1: ["magucio", "neut02"]}, loot={1: ["neut16"]})
    sc.play("open neut13", "attack magucio")
    assert sc.decision().kind == "enter_cost"
    assert bot_choice(sc) == "done"


def test_s22_steals_from_the_rival_who_won_most_battles() -> None:
    """§12/S22: pile sizes are hidden, battles won are not: the steal goes to the likelier pile."""
    sc = table(3, {0: ["event05", "neut01"], 1: ["neut02"], 2: ["neut03"]},
               loot={1: ["neut04"], 2: ["neut05", "neut06"]})
    sc.state.players[2]["battles_won"] = 2
    assert sc.decision().kind == "round_start" and sc.decision().seat == 0
    assert {"event event05 2", "event event05 3"} <= set(sc.legal())
    assert bot_choice(sc) == "event event05 3"


def test_s18_withdraws_rather_than_spend_its_best_card_on_one_card_with_three_rivals() -> None:
    """S18: withdrawal is always allowed. With three rivals still to attack, a unit rarely holds;
    spending the best card of the hand (Infernal, 6/4/6) on an arena of one card feeds someone
    else's loot and drains the deck (S28)."""
    sc = table(4, {0: ["neut13"], 1: ["fire18", "neut16", "earth17"], 2: ["neut01"], 3: ["neut02"]})
    sc.play("open neut13")
    assert sc.decision().seat == 1
    assert "attack fire18" in sc.legal()
    assert bot_choice(sc) == "withdraw"
