"""The shortcuts the rules take for speed (issue #15) give exactly what the plain computation gives.

Each shortcut rests on an invariant; each test checks it against a from-scratch recomputation at
many states of seeded random games (every player count, the variants that change who is asked).
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import games
from tabletop.engine import IllegalAction, Seat
from tabletop.engine.rng import Rng
from tabletop.games.superinmundos import asking
from tabletop.games.superinmundos.state import SuperState

GAME = games.game("superinmundos")
SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {"mixed": 8}), (4, {"teams": True}), (5, {}), (6, {})]


def walk(players: int, options: dict[str, Any], seed: int, steps: int = 400) -> list[SuperState]:
    """Every state of one seeded random game of human seats (cloned), up to ``steps`` actions."""
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    s = GAME.setup(seats, GAME.spec.resolve_options(options), seed)
    rng = Rng(seed)
    out = [GAME.clone(s)]
    while GAME.decision(s) is not None and s.step < steps:
        legal = GAME.legal_actions(s)
        GAME.apply(s, legal[rng.below(len(legal))].id)
        out.append(GAME.clone(s))
    return out


@pytest.fixture(scope="module")
def states() -> list[SuperState]:
    return [st for players, options in SETUPS for seed in range(2) for st in walk(players, options, seed)]


def test_any_hidden_is_the_hidden_set_question(states: list[SuperState]) -> None:
    """``any_hidden(s, ids)`` == ``not hidden_set(s).isdisjoint(ids)`` for every id set asked."""
    asked = [asking._ids_where(w) for w in ("cancel", "boost", "penalty")] + [ids for _sp, ids in asking._supports()]
    for s in states:
        hidden = asking.hidden_set(s)
        for ids in asked:
            assert asking.any_hidden(s, ids) == (not hidden.isdisjoint(ids))


def test_apply_reuses_the_moves_only_on_the_same_unchanged_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The moves remembered by ``legal_actions`` serve ``apply`` on that very state object with its
    stamp unchanged; a clone (another object) or a changed stamp has them rebuilt."""
    game = type(GAME)()
    built: list[int] = []
    plain_moves = game.moves
    monkeypatch.setattr(game, "moves", lambda s, want=None: built.append(s.step) or plain_moves(s, want))
    s = game.setup([Seat("A"), Seat("B")], GAME.spec.resolve_options({}), 3)
    first = game.legal_actions(s)[0].id
    assert len(built) == 1
    game.apply(s, first)
    assert len(built) == 1, "the same unchanged state: the remembered moves are used"
    nxt = game.legal_actions(s)[0].id
    twin = game.clone(s)
    game.apply(twin, nxt)
    assert len(built) == 3, "a clone is another object: its moves are built again"
    game.legal_actions(s)
    s.rng ^= 1  # any change of the stamp (here the RNG) has the moves built again
    game.apply(s, nxt)
    assert len(built) == 5
    game.apply(s, game.legal_actions(s)[0].id)
    with pytest.raises(IllegalAction):
        game.apply(s, "no such move")


def test_a_kept_memo_equals_the_questions_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whenever a window pass or the defender's "done" reuses the memo of the question it answers
    (``flow._kept``), its hidden cards, combat numbers and reaction outcomes are what the state
    gives from scratch at that moment (the answer moved no card and changed no unit)."""
    from tabletop.games.superinmundos import flow

    plain_kept = flow._kept
    reused = [0]
    helped = [0]

    def checked(s: SuperState) -> dict[str, Any] | None:
        memo = plain_kept(s)
        if memo is None:
            return None
        reused[0] += 1
        if "hidden" in memo:
            assert memo["hidden"] == asking.hidden_set(s)
        if "fight" in memo:
            assert s.attacker is not None
            fresh = asking._Combat(s, s.attacker, s.arena[-1])
            assert all(getattr(memo["fight"], k) == getattr(fresh, k) for k in asking._Combat.__slots__)
        if "reaction" in memo:
            assert s.attacker is not None
            assert memo["reaction"] == asking._reaction_outcomes(s, s.attacker, s.arena[-1], None)
        for seat in range(len(s.players)):  # a side's remembered answer is any of its seats' answer
            if s.attacker is not None and s.arena:
                side = asking._side(s, seat)
                if asking._HELPS[side] in memo:
                    helped[0] += 1
                    assert memo[asking._HELPS[side]] == asking.reaction_helps(s, seat)
        return memo

    monkeypatch.setattr(flow, "_kept", checked)
    for players, options in SETUPS:
        for seed in range(3):
            walk(players, options, seed, steps=600)
    assert reused[0] > 200
    assert helped[0] > 50


def test_the_caches_of_a_long_run_stay_bounded(states: list[SuperState]) -> None:
    """The card-data caches have a fixed size or a limit (a long simulation must not grow them), and
    what they hold is what a fresh computation gives: the lone pairings' ``_Match`` and pair data,
    and the actions, whose ids and labels depend only on their keys."""
    from tabletop.games.superinmundos import combat, rules
    from tabletop.games.superinmundos.cards import _TABLE as T

    for s in states:
        if s.arena and GAME.decision(s) is not None:
            GAME.legal_actions(s)
    assert len(rules._ACTIONS) <= rules._ACTIONS_LIMIT
    assert len(combat._BARE) <= combat._BARE_LIMIT
    assert sum(1 for k in combat._PAIRS if len(k) > 1) <= combat._FUSED_LIMIT
    assert len(combat._FORMS) <= 32
    combatants = {ci for ci in T.values() if ci.kind == "combatant"}
    for yi, pairs in combat._PAIRS.items():
        if len(yi) == 1:
            assert set(pairs) >= combatants
        for ci, (m, xa, xp, key) in list(pairs.items())[:20]:
            fresh = combat._Match((ci,), yi)
            assert (m.blocked, m.imm_a, m.imm_p, m.tie_a, m.tie_p) == (
                fresh.blocked, fresh.imm_a, fresh.imm_p, fresh.tie_a, fresh.tie_p)
            doubled = any(o in ci.adv for o in yi)
            assert (xa, xp) == ((ci.vals2 if doubled else ci.vals)[0], (ci.vals2 if doubled else ci.vals)[2])
            assert key == tuple(ci in o.adv for o in yi)


def _response_helps_support_by_support(s: SuperState) -> bool:
    """``asking.response_helps`` as first written: every unseen support tried on every free
    component and stat (the reference the shortcut must equal)."""
    from tabletop.games.superinmundos.combat import SI, free_slot

    assert s.attacker is not None
    attacker, defender = s.attacker, s.arena[-1]
    owner = defender["owner"]
    if any(asking.T[c].paid_active for c in defender["cards"]) and s.piles[s.players[owner]["team"]]:
        return True
    fight = asking._Combat(s, attacker, defender)
    if fight.verdict(False)[0] != "attacker":
        return True
    hidden = asking.hidden_set(s)
    for sp, ids in asking._supports():
        if hidden.isdisjoint(ids):
            continue
        stat, amount = sp
        unit = defender if amount > 0 else attacker
        for j, comp in enumerate(unit["cards"]):
            if not free_slot(unit, comp):
                continue
            if amount < 0:
                return True
            for st in (("attack", "defense", "power") if stat == "any" else (stat,)):
                extra = (j, SI[st], amount)
                new = fight.verdict(False, d_extra=extra) if amount > 0 else fight.verdict(False, a_extra=extra)
                if new[0] != "attacker":
                    return True
    return False


def test_response_helps_equals_trying_every_unseen_support(states: list[SuperState]) -> None:
    """The response question tries only the largest unseen boost of Defense and of Power (and any
    penalty): the same answer as trying every unseen support on every free component and stat,
    at every combat of the walks, with the defender's supports stripped or not (more free slots)."""
    from tabletop.games.superinmundos.state import Unit

    asked = decisive = 0
    for s in states:
        if s.attacker is None or not s.arena:
            continue
        for strip in (False, True):
            t = GAME.clone(s)
            if strip:
                bare: Unit = dict(t.arena[-1])  # type: ignore[assignment]
                bare["supports"] = []
                t.arena[-1] = bare
            want = _response_helps_support_by_support(t)
            assert asking.response_helps(t) == want
            asked += 1
            fight = asking._Combat(t, t.attacker, t.arena[-1])  # type: ignore[arg-type]
            decisive += fight.verdict(False)[0] == "attacker"
    assert asked > 200 and decisive > 50


def test_after_an_ask_the_moves_left_are_served_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """S22's question moves no card and changes no unit, phase or seat: ``legal_actions`` right
    after it hands out the moves it had built, less the asks, without building them again; they
    equal the moves built afresh, and they run as those would (the walk goes on through them)."""
    game = type(GAME)()
    built = [0]
    plain_moves = game.moves

    def counted(s: SuperState, want: str | None = None) -> list[Any]:
        built[0] += 1
        return plain_moves(s, want)

    monkeypatch.setattr(game, "moves", counted)
    served = 0
    for players, options in SETUPS:
        s = game.setup([Seat(f"P{i + 1}") for i in range(players)], GAME.spec.resolve_options(options), 11)
        rng = Rng(11)
        while game.decision(s) is not None and s.step < 500:
            legal = game.legal_actions(s)
            asks = [a for a in legal if a.group == "ask"]
            choice = asks[rng.below(len(asks))] if asks and rng.below(2) else legal[rng.below(len(legal))]
            game.apply(s, choice.id)
            if choice.group != "ask" or game.decision(s) is None:
                continue
            before = built[0]
            again = game.legal_actions(s)
            assert built[0] == before, "the moves left after an ask are not built again"
            fresh = plain_moves(game.clone(s))
            assert [(a.id, a.label) for a in again] == [(a.id, a.label) for a, _ in fresh]
            assert [a.id for a in again] == [a.id for a in legal if a.group != "ask"]
            served += 1
    assert served > 30


def test_a_won_combat_names_the_numbers_it_was_judged_on(states: list[SuperState]) -> None:
    """``wins_with_numbers`` (and a window memo's ``_Combat`` doing it from its parts) gives
    ``wins`` and, when a mode is won, both units' ``effective_numbers``: the numbers the win's
    message names, handed on instead of worked out again."""
    from tabletop.games.superinmundos.combat import effective_numbers, wins, wins_with_numbers

    won = 0
    for s in states:
        if s.attacker is None or not s.arena:
            continue
        attacker, defender = s.attacker, s.arena[-1]
        fight = asking._Combat(s, attacker, defender)
        for x, y, role, counter in ((attacker, defender, "attacking", False), (defender, attacker, "defending", True)):
            modes, numbers = wins_with_numbers(s, x, y, role)
            assert modes == wins(s, x, y, role)
            assert fight.wins_with_numbers(counter) == (modes, numbers)
            if not modes:
                assert numbers is None
                continue
            won += 1
            other = "defending" if role == "attacking" else "attacking"
            ex, ey = effective_numbers(s, x, y, role), effective_numbers(s, y, x, other)
            assert numbers == ((ex["attack"], ex["defense"], ex["power"]), (ey["attack"], ey["defense"], ey["power"]))
    assert won > 100


def test_resolution_reuses_the_closed_windows_combat_only_when_it_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """When a reaction window closes with nobody answering, the combat is resolved with the
    memo's parts: exactly what the units give afresh at that moment."""
    from tabletop.games.superinmundos import flow
    from tabletop.games.superinmundos.combat import wins_with_numbers

    plain = flow.resolve_combat
    reused = [0]

    def checked(s: SuperState, memo: dict[str, Any] | None = None) -> None:
        fight = memo.get("fight") if memo else None
        if fight is not None:
            assert s.attacker is not None
            reused[0] += 1
            assert fight.wins_with_numbers() == wins_with_numbers(s, s.attacker, s.arena[-1], "attacking")
            assert fight.wins_with_numbers(True) == wins_with_numbers(s, s.arena[-1], s.attacker, "defending")
        plain(s, memo)

    monkeypatch.setattr(flow, "resolve_combat", checked)
    for players, options in SETUPS:
        for seed in range(2):
            walk(players, options, seed, steps=500)
    assert reused[0] > 100


def test_the_declare_decision_serves_the_choices_its_declaration_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """``start_declaration`` works out the whole list of support choices; the declare decision
    right after serves it without working it out again, equal to the list built afresh (on a
    clone, another object); any other state (a clone, a changed stamp) builds it again."""
    from tabletop.games.superinmundos import combat, flow

    calls = [0]
    plain = combat.legal_completions

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return plain(*args, **kwargs)

    monkeypatch.setattr(flow, "legal_completions", counted)
    served = 0
    for players, options in SETUPS:
        s = GAME.setup([Seat(f"P{i + 1}") for i in range(players)], GAME.spec.resolve_options(options), 5)
        rng = Rng(5)
        while GAME.decision(s) is not None and s.step < 600:
            if s.phase == "declare":
                before = calls[0]
                served_ids = [a.id for a in GAME.legal_actions(s)]
                assert calls[0] == before
                twin = GAME.clone(s)
                assert [a.id for a in GAME.legal_actions(twin)] == served_ids
                assert calls[0] == before + (s.decl["kind"] != "open")  # type: ignore[index]
                served += 1
            legal = GAME.legal_actions(s)
            GAME.apply(s, legal[rng.below(len(legal))].id)
    assert served > 20
