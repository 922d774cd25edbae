"""Plain-data states: JSON round trip, clone independence, the event log and its privacy; zones."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from kernel_game import CARDS, HighCardState

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng, seed_state
from tabletop.engine.state import BaseState, clone, emit, from_plain, to_plain, visible_log
from tabletop.engine.zones import draw, move, reshuffle_into


@dataclass(kw_only=True)
class Nested(BaseState):
    table: dict[str, list[str]] = field(default_factory=dict)
    players: list[dict[str, int | list[str]]] = field(default_factory=list)
    note: str | None = None
    flag: bool = False


def sample() -> Nested:
    s = Nested(rng=seed_state(2**64 - 3), reveals=2, step=5)
    s.table = {"deck": ["a", "b"], "discard": []}
    s.players = [{"score": 1, "hand": ["x"]}, {"score": 2, "hand": []}]
    s.note = "Sofía's turn"
    emit(s, "setup", "Set up.")
    emit(s, "draw", "You draw x.", to=[0], card="x")
    return s


def played_state() -> HighCardState:
    game = games.game("highcard")
    match = Match.start(game, [Seat("Ana"), Seat("Luis")], {}, seed=11)
    while match.decision() is not None and len(match.actions) < 9:
        match.play(match.legal()[0].id)
    return match.state


# -- plain data -----------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [sample, played_state], ids=["nested", "highcard"])
def test_json_round_trip_is_exact(make) -> None:
    state = make()
    text = json.dumps(to_plain(state))
    back = from_plain(type(state), json.loads(text))
    assert type(back) is type(state)
    assert to_plain(back) == to_plain(state)
    assert back == state  # dataclass equality, field by field
    assert json.dumps(to_plain(back)) == text


def test_to_plain_holds_every_field_and_only_json_types() -> None:
    plain = to_plain(sample())
    assert set(plain) == {"rng", "reveals", "step", "log", "table", "players", "note", "flag"}
    assert plain["rng"] == 2**64 - 3  # 64-bit RNG states survive JSON as plain integers
    assert json.loads(json.dumps(plain)) == plain


def test_from_plain_refuses_missing_and_unknown_fields() -> None:
    plain = to_plain(sample())
    missing = {k: v for k, v in plain.items() if k != "table"}
    with pytest.raises(ValueError, match="missing.*table"):
        from_plain(Nested, missing)
    with pytest.raises(ValueError, match="unknown.*bogus"):
        from_plain(Nested, {**plain, "bogus": 1})


# -- clone --------------------------------------------------------------------------------------
def test_clone_is_equal_but_independent() -> None:
    original = sample()
    snapshot = json.dumps(to_plain(original))
    twin = clone(original)
    assert twin == original and twin is not original
    assert type(twin) is Nested

    twin.table["deck"].append("c")
    twin.table["new"] = ["z"]
    twin.players[0]["hand"].append("y")
    twin.players[1]["score"] = 99
    twin.players.append({"score": 0, "hand": []})
    twin.note = "changed"
    twin.rng = 1
    twin.step += 1
    emit(twin, "extra", "Only in the clone.")
    twin.log.pop(0)

    assert json.dumps(to_plain(original)) == snapshot
    assert len(original.log) == 2 and original.log[0]["k"] == "setup"


def test_changing_the_original_does_not_reach_the_clone() -> None:
    original = sample()
    twin = clone(original)
    snapshot = json.dumps(to_plain(twin))
    original.players[0]["hand"].clear()
    original.table["deck"].pop()
    emit(original, "later", "After the clone.")
    assert json.dumps(to_plain(twin)) == snapshot


def test_clone_of_a_played_game_state() -> None:
    state = played_state()
    twin = clone(state)
    assert to_plain(twin) == to_plain(state)
    twin.players[0]["hand"].clear()
    twin.deck.clear()
    assert state.players[0]["hand"] and state.deck


# -- the log --------------------------------------------------------------------------------------
def test_emit_appends_an_event_and_returns_it() -> None:
    s = BaseState()
    seats = [1, 2]
    event = emit(s, "draw", "Luis draws a card.", to=seats, card="c07", n=1)
    assert s.log == [{"k": "draw", "t": "Luis draws a card.", "card": "c07", "n": 1, "to": [1, 2]}]
    assert event is s.log[0]
    seats.append(0)  # the event keeps its own copy of the audience
    assert s.log[0]["to"] == [1, 2]
    emit(s, "public", "Everyone sees this.")
    assert "to" not in s.log[1]


def make_log() -> BaseState:
    s = BaseState()
    emit(s, "pub", "p0")
    emit(s, "mine", "for seat 0", to=[0])
    emit(s, "theirs", "for seat 1", to=[1])
    emit(s, "both", "for 0 and 1", to=[0, 1])
    emit(s, "pub", "p1")
    return s


def test_visible_log_privacy() -> None:
    s = make_log()
    assert [e["t"] for e in visible_log(s, 0)] == ["p0", "for seat 0", "for 0 and 1", "p1"]
    assert [e["t"] for e in visible_log(s, 1)] == ["p0", "for seat 1", "for 0 and 1", "p1"]
    assert [e["t"] for e in visible_log(s, 2)] == ["p0", "p1"]
    assert [e["t"] for e in visible_log(s, None)] == ["p0", "p1"]  # spectators: public only


def test_visible_log_last_n_counts_visible_events_only() -> None:
    s = BaseState()
    emit(s, "pub", "old public")
    emit(s, "pub", "new public")
    for i in range(20):
        emit(s, "secret", f"private {i}", to=[1])
    # seat 0 may read two events; asking for the last two must give both, however many private
    # events of other seats came after them
    assert [e["t"] for e in visible_log(s, 0, last=2)] == ["old public", "new public"]
    assert [e["t"] for e in visible_log(s, 1, last=2)] == ["private 18", "private 19"]
    assert [e["t"] for e in visible_log(s, None, last=1)] == ["new public"]
    assert [e["t"] for e in visible_log(s, 0, last=5)] == ["old public", "new public"]


def test_visible_log_last_zero_is_empty() -> None:
    assert visible_log(make_log(), 0, last=0) == []


# -- zones --------------------------------------------------------------------------------------
def test_draw_takes_from_the_top_and_marks_a_reveal() -> None:
    s = BaseState()
    deck = ["bottom", "middle", "top"]
    assert draw(s, deck) == ["top"]
    assert draw(s, deck, 2) == ["middle", "bottom"]
    assert deck == []
    assert s.reveals == 2


def test_draw_from_an_empty_deck_gives_nothing_and_reveals_nothing() -> None:
    s = BaseState(rng=3)
    assert draw(s, [], 3) == []
    assert draw(s, [], 2, discard=[], reshuffle=True) == []
    assert draw(s, ["a"], 0) == []
    assert (s.reveals, s.rng, s.log) == (0, 3, [])


def test_draw_more_than_the_deck_without_reshuffle_stops_short() -> None:
    s = BaseState()
    deck, discard = ["a", "b"], ["x", "y"]
    assert draw(s, deck, 5, discard=discard) == ["b", "a"]
    assert discard == ["x", "y"] and s.log == []


def test_draw_reshuffles_the_discard_when_the_deck_runs_out() -> None:
    s = BaseState(rng=seed_state(9))
    deck, discard = ["a"], ["d1", "d2", "d3", "d4"]
    got = draw(s, deck, 3, discard=discard, reshuffle=True)
    assert got[0] == "a"
    assert len(got) == 3 and set(got[1:]) <= {"d1", "d2", "d3", "d4"}
    assert discard == []
    assert sorted(got + deck) == ["a", "d1", "d2", "d3", "d4"]
    events = [e for e in s.log if e["k"] == "reshuffle"]
    assert len(events) == 1 and events[0]["size"] == 4
    assert "to" not in events[0]  # everyone sees a reshuffle
    # the new deck order comes from the state's generator: same seed, same order
    expected = ["d1", "d2", "d3", "d4"]
    Rng(9).shuffle(expected)
    assert got[1:] == [expected[-1], expected[-2]]
    assert s.reveals >= 2


def test_draw_reshuffle_with_empty_discard_stops_short() -> None:
    s = BaseState()
    assert draw(s, ["a"], 3, discard=[], reshuffle=True) == ["a"]
    assert all(e["k"] != "reshuffle" for e in s.log)


def test_reshuffle_into_is_deterministic_and_conserves_cards() -> None:
    a, b = BaseState(rng=77), BaseState(rng=77)
    deck_a, deck_b = [], []
    reshuffle_into(a, list(CARDS), deck_a)
    reshuffle_into(b, list(CARDS), deck_b)
    assert deck_a == deck_b and sorted(deck_a) == CARDS
    assert deck_a != CARDS  # it really shuffled
    assert a.log[-1]["k"] == "reshuffle" and a.log[-1]["size"] == len(CARDS)


def test_move_between_zones() -> None:
    hand, table = ["a", "b", "a"], ["z"]
    move("a", hand, table)
    assert hand == ["b", "a"] and table == ["z", "a"]
    with pytest.raises(ValueError, match="'q'"):
        move("q", hand, table)
    assert hand == ["b", "a"] and table == ["z", "a"]
