"""Issue #15: what the speed-ups remember between two steps never changes what the rules decide.

The Condition windows keep what they judged across a pass (``turn._ASKING``), the menu keeps the
symbols it judged until its answer (``turn._MENU``), a seat with nothing to play gets the shared
``PASS_ONLY`` list, and ``rules`` keeps built actions by content. A deep copy of the state (new
frames: none of those memories apply to it) must therefore decide exactly what the live state
decides, at every step, on tables played by people (whose windows follow public facts, R17), by
bots, and with every seat asked (``always_ask``); the recorded replays cover bot tables only.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.engine.state import clone as deep_copy
from tabletop.games.villainous import turn
from tabletop.games.villainous.turn import PASS_ONLY


def _answers(g: object, s: object) -> tuple[object, list[tuple[object, ...]]]:
    d = g.decision(s)  # type: ignore[attr-defined]
    legal = g.legal_actions(s)  # type: ignore[attr-defined]
    return d, [(a.id, a.label, a.card, a.group, a.verb, a.target, a.location, a.seat, a.amount, a.extra)
               for a in legal]


@pytest.mark.parametrize(("players", "kind", "options"), [
    (2, "human", {}), (4, "human", {}), (6, "human", {}), (4, "random", {}), (3, "human", {"always_ask": True}),
])
def test_R17_a_fresh_copy_decides_what_the_live_state_decides(players: int, kind: str,
                                                              options: dict[str, object]) -> None:
    g = games.game("villainous")
    rng = Rng(players)
    pass_only = [list(o) for o in PASS_ONLY]
    reused = 0
    for seed in range(2):
        s = g.setup([Seat(f"P{i}", kind) for i in range(players)],
                    g.spec.resolve_options(dict(options, round_limit=8)), seed)
        steps = 0
        while g.decision(s) is not None and steps < 600:
            live = _answers(g, s)
            copy = deep_copy(s)
            assert _answers(g, copy) == live, f"seed {seed} step {steps}: a copy decides otherwise"
            action = live[1][rng.below(len(live[1]))][0]
            kept = list(turn._ASKING), list(turn._MENU)
            g.apply(copy, action)  # new frames: judged afresh, whatever the live state remembers
            turn._ASKING[:], turn._MENU[:] = kept  # (and the live state's memories stay its own)
            reused += action == "pass" and turn._ASKING[0] is s.stack[-1]
            g.apply(s, action)
            assert (_answers(g, copy) == _answers(g, s)) if g.decision(s) else g.decision(copy) is None
            assert copy.log == s.log and copy.rng == s.rng
            steps += 1
        assert steps > 30
    assert [list(o) for o in PASS_ONLY] == pass_only  # the shared list is never changed
    if kind == "human":
        assert reused > 0  # the windows' memory was put to the test


def _random_human_states(players: int, rng: Rng) -> Iterator[object]:
    """Every state met in three seeded games of ``players`` human seats played at random (at most
    600 steps each), each yielded before its step is played."""
    g = games.game("villainous")
    for seed in range(3):
        s = g.setup([Seat(f"P{i}", "human") for i in range(players)], g.spec.resolve_options({}), seed)
        for _ in range(600):
            if g.decision(s) is None:
                break
            yield s
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.below(len(legal))].id)


def _could_answer_by_live_groups(s: object, q: int) -> bool:
    """R17's public-facts test as it was first written: the Conditions whose requirement holds,
    then their first copy in hand or deck (the reference ``could_answer`` must agree with)."""
    P = s.players[q]  # type: ignore[attr-defined]
    if P["villain"] == "john" and turn.disguises(s, q):  # type: ignore[arg-type]
        return True
    if not P["hand"]:
        return False
    order = P["hand"] + P["deck"]
    for copies, _when in turn.live_groups(s, P["villain"]):  # type: ignore[arg-type]
        held = [c for c in order if c in copies]
        if held and turn.condition_ok(s, q, held[0]):  # type: ignore[arg-type]
            return True
    return False


@pytest.mark.parametrize("players", [2, 4, 6])
def test_R17_could_answer_equals_the_live_groups_reference_at_every_step(players: int) -> None:
    """``could_answer`` passes over a Condition with no copy in hand or deck before judging its
    requirement: the same answer for every seat at every step of random games."""
    checked = 0
    for s in _random_human_states(players, Rng(100 + players)):
        for q in range(players):
            assert turn.could_answer(s, q) == _could_answer_by_live_groups(s, q)
            assert turn.could_answer(s, q, {}) == turn.could_answer(s, q)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", [3, 6])
def test_R17_a_seat_that_may_not_be_asked_could_answer_nothing(players: int) -> None:
    """A window passes over a seat ``may_be_asked`` rules out (no Condition of its villain whose
    requirement holds, not Prince John) without judging its cards: at every step of random games,
    such a seat could answer nothing, whether it is asked on public facts or as a holder."""
    ruled_out = 0
    for s in _random_human_states(players, Rng(200 + players)):
        memo: dict[object, object] = {}
        for q in range(players):
            if not turn.may_be_asked(s, q, memo):  # type: ignore[arg-type]
                ruled_out += 1
                assert not turn.could_answer(s, q)  # type: ignore[arg-type]
                assert turn.window_options(s, q) == []  # type: ignore[arg-type]
    assert ruled_out > 500


@pytest.mark.parametrize("players", [2, 4, 6])
def test_R17_the_window_memo_judges_every_requirement_as_when_holds(players: int) -> None:
    """``window_memo`` judges the requirements and every other seat's live Conditions up front
    (one count of the active realm): at every step of random games each requirement it holds is
    ``_when_holds``'s answer, and each villain's live Conditions are ``live_groups``'s own."""
    checked = 0
    for s in _random_human_states(players, Rng(300 + players)):
        memo = turn.window_memo(s)  # type: ignore[arg-type]
        for when in turn.ALL_WHENS:
            if when in memo:
                assert memo[when] == turn._when_holds(s, when), when  # type: ignore[arg-type]
                checked += 1
        for q, P in enumerate(s.players):  # type: ignore[attr-defined]
            if q != s.turn:  # type: ignore[attr-defined]
                assert memo[P["villain"]] == turn.live_groups(s, P["villain"])  # type: ignore[arg-type]
                assert turn.may_be_asked(s, q, memo) == turn.may_be_asked(s, q, {})  # type: ignore[arg-type]
    assert checked > 1000


def _options_seen(players: int, kind: str, seed: int) -> list[object]:
    """Every pending question and its option records, as plain JSON, in one seeded random game."""
    import json
    g = games.game("villainous")
    rng = Rng(seed)
    s = g.setup([Seat(f"P{i}", kind) for i in range(players)], g.spec.resolve_options({}), seed)
    out = []
    while g.decision(s) is not None and len(out) < 1500:
        out.append(json.dumps([s.pending, s.log[-3:], [(P["power"], P["hand"], P["cards"])  # type: ignore[attr-defined]
                                                        for P in s.players]], sort_keys=True))  # type: ignore[attr-defined]
        legal = g.legal_actions(s)
        g.apply(s, legal[rng.below(len(legal))].id)
    return out


@pytest.mark.parametrize(("players", "kind"), [(2, "human"), (4, "random"), (6, "human")])
def test_kept_option_records_are_the_ones_opt_builds(players: int, kind: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu, the move, discards, Fate picks and places share one record per key
    (``flow.kept_opt``) and their prompts one per key (``flow.kept_prompt``); a key that left out
    something the record is built from would hand a stale record to a later ask. A play's answer
    takes the places its ask judged (``actions._PLAYING``). The same seeded games played with every
    record and prompt built afresh and every place judged again ask and play exactly the same."""
    from tabletop.games.villainous import actions, flow
    kept = [_options_seen(players, kind, seed) for seed in range(3)]
    assert flow.KEPT_OPTS and flow.KEPT_PROMPTS

    class Forgetful(list):  # type: ignore[type-arg]
        def __getitem__(self, i: object) -> object:
            return None if i == 0 else -1

        def __setitem__(self, i: object, v: object) -> None:
            pass

    for module in (turn, actions):
        monkeypatch.setattr(module, "kept_opt", lambda key, build: build())
        monkeypatch.setattr(module, "kept_prompt", lambda key, build: build())
    monkeypatch.setattr(actions, "_PLAYING", Forgetful())
    fresh = [_options_seen(players, kind, seed) for seed in range(3)]
    assert fresh == kept


def test_shared_records_and_pass_asks_are_never_changed() -> None:
    """Kept option records and the shared pass-only pending records are shared by every state
    that asks them: after random games they still hold what they were built with, each kept
    record's action is the one built from a copy of it, and a pass-only ask is the shared one."""
    import copy

    from tabletop.games.villainous import flow, rules
    before = copy.deepcopy(flow.KEPT_OPTS)
    pending = copy.deepcopy([kept for _q, kept in flow.STANDING.values()])
    g = games.game("villainous")
    shared = 0
    for s in _random_human_states(5, Rng(7)):
        if s.pending["opts"] is PASS_ONLY:  # type: ignore[attr-defined]
            assert flow.standing_pending(s.pending)  # type: ignore[attr-defined]
            shared += 1
        g.legal_actions(s)
    assert shared > 100
    assert {k: v for k, v in flow.KEPT_OPTS.items() if k in before} == before
    assert [kept for _q, kept in flow.STANDING.values()] == pending
    for o in flow.KEPT_OPTS.values():
        assert rules._kept_actions([o]) == (rules.to_action(copy.deepcopy(o)),)


@pytest.mark.parametrize("players", [2, 5])
def test_a_saved_and_loaded_game_plays_on_as_the_live_one(players: int) -> None:
    """A state saved to JSON and loaded holds none of the shared records, prompts or pending
    records (equal lists and dicts, not the same ones): at every step of random games it asks
    the same, and after the same answer it is in the same state as the live game, which keeps
    meeting the shared ones."""
    import json

    from tabletop.engine.state import from_plain, to_plain
    from tabletop.games.villainous.state import VState
    g = games.game("villainous")
    rng = Rng(400 + players)
    s = g.setup([Seat(f"P{i}", "human") for i in range(players)], g.spec.resolve_options({}), players)
    steps = 0
    while g.decision(s) is not None and steps < 700:
        loaded = from_plain(VState, json.loads(json.dumps(to_plain(s))))
        live = _answers(g, s)
        assert _answers(g, loaded) == live, f"step {steps}"
        action = live[1][rng.below(len(live[1]))][0]
        kept = list(turn._ASKING), list(turn._MENU)
        g.apply(loaded, action)
        turn._ASKING[:], turn._MENU[:] = kept
        g.apply(s, action)
        assert json.dumps(to_plain(loaded), sort_keys=True) == json.dumps(to_plain(s), sort_keys=True)
        steps += 1
    assert steps > 100
