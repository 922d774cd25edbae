"""Match: validated start, options, undo within a seat's turn, bots, replay."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from kernel_game import SPEC, HighCard, HighCardState

from tabletop import games
from tabletop.engine import Action, BaseState, Decision, Game, GameSpec, IllegalAction, Match, Option, Result, Seat
from tabletop.engine.bots import RandomBot
from tabletop.engine.rng import seed_state
from tabletop.engine.state import emit, to_plain


def highcard() -> Game[Any]:
    return games.game("highcard")


def start(seed: int = 3, kinds: tuple[str, ...] = ("human", "human"), **options: Any) -> Match:
    seats = [Seat(f"P{i + 1}", kind) for i, kind in enumerate(kinds)]
    return Match.start(highcard(), seats, options, seed=seed)


def mark_id(match: Match) -> str:
    return next(a.id for a in match.legal() if a.id.startswith("mark "))


def snapshot(match: Match) -> dict[str, Any]:
    return to_plain(match.game.clone(match.state))


# -- start ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 4, 7])
def test_start_refuses_player_counts_outside_the_spec(n: int) -> None:
    with pytest.raises(ValueError, match=f"High Card is for 2–3 players, not {n}"):
        Match.start(highcard(), [Seat(f"P{i}") for i in range(n)], {}, seed=1)


@pytest.mark.parametrize("n", [2, 3])
def test_start_accepts_the_spec_player_counts(n: int) -> None:
    match = Match.start(highcard(), [Seat(f"P{i}") for i in range(n)], {}, seed=1)
    assert len(match.state.players) == n
    assert match.decision() == Decision(0, "mark", "P0 to play")


def test_start_refuses_an_unknown_bot_kind_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no 'genius' bot \(bots: highest, random\)"):
        Match.start(highcard(), [Seat("Ana"), Seat("Bot", "genius")], {}, seed=1)


def test_start_resolves_options_with_defaults() -> None:
    match = start()
    assert match.options == {"hand": 3, "dice": True}
    match = start(hand="2", dice="no")
    assert match.options == {"hand": 2, "dice": False}
    assert all(len(p["hand"]) == 2 and p["rolled"] for p in match.state.players)


@pytest.mark.parametrize(("options", "message"), [
    ({"hand": "9"}, "option hand must be between 1 and 4"),
    ({"hand": "lots"}, "option hand takes a whole number, not 'lots'"),
    ({"dice": "maybe"}, "option dice takes yes or no, not 'maybe'"),
    ({"colour": "red"}, "highcard has no option 'colour' (options: hand, dice)"),
])
def test_start_refuses_bad_options(options: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError) as info:
        Match.start(highcard(), [Seat("A"), Seat("B")], options, seed=1)
    assert str(info.value) == message


def test_start_is_deterministic_in_its_seed() -> None:
    assert to_plain(start(seed=8).state) == to_plain(start(seed=8).state)
    assert to_plain(start(seed=8).state) != to_plain(start(seed=9).state)
    assert start(seed=8).state.rng != 8  # setup shuffled and drew through the state's generator


def test_start_without_a_seed_picks_one_and_records_it() -> None:
    match = Match.start(highcard(), [Seat("A"), Seat("B")])
    assert isinstance(match.seed, int)
    assert to_plain(match.replayed_state()) == to_plain(match.state)


# -- options --------------------------------------------------------------------------------------
BOOL = Option("fast", "Fast game")
INT = Option("rounds", "Rounds", kind="int", default=3, minimum=1, maximum=9)
AT_LEAST = Option("bid", "Bid", kind="int", default=1, minimum=1)
AT_MOST = Option("cap", "Cap", kind="int", default=1, maximum=5)
CHOICE = Option("mode", "Mode", kind="choice", default="normal", choices=("easy", "normal", 3))


@pytest.mark.parametrize(("raw", "value"), [
    (True, True), (False, False), ("yes", True), ("Y", True), (" on ", True), ("1", True), ("true", True),
    ("no", False), ("OFF", False), ("0", False), ("false", False), ("n", False),
])
def test_bool_option_parses(raw: Any, value: bool) -> None:
    assert BOOL.parse(raw) is value


@pytest.mark.parametrize("raw", ["maybe", "", "2", 2, None, "yess"])
def test_bool_option_refuses(raw: Any) -> None:
    with pytest.raises(ValueError, match=r"^option fast takes yes or no, not "):
        BOOL.parse(raw)


@pytest.mark.parametrize(("raw", "value"), [("3", 3), (" 9 ", 9), (1, 1), ("1", 1)])
def test_int_option_parses(raw: Any, value: int) -> None:
    assert INT.parse(raw) == value


@pytest.mark.parametrize("raw", ["three", "", "2.5", None, [1]])
def test_int_option_refuses_what_is_not_a_whole_number(raw: Any) -> None:
    with pytest.raises(ValueError, match=r"^option rounds takes a whole number, not "):
        INT.parse(raw)


@pytest.mark.parametrize("raw", [True, False, 2.5])
def test_int_option_refuses_booleans_and_fractions(raw: Any) -> None:
    with pytest.raises(ValueError, match="option rounds"):
        INT.parse(raw)


@pytest.mark.parametrize(("option", "raw", "message"), [
    (INT, "0", "option rounds must be between 1 and 9"),
    (INT, "10", "option rounds must be between 1 and 9"),
    (AT_LEAST, "0", "option bid must be at least 1"),
    (AT_MOST, "6", "option cap must be at most 5"),
])
def test_int_option_range_messages_are_clear(option: Option, raw: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        option.parse(raw)
    assert str(info.value) == message
    assert "None" not in str(info.value)


def test_int_option_bounds_are_inclusive() -> None:
    assert INT.parse("1") == 1 and INT.parse("9") == 9
    assert AT_LEAST.parse("1000") == 1000 and AT_MOST.parse("-4") == -4


def test_choice_option() -> None:
    assert CHOICE.parse("easy") == "easy"
    assert CHOICE.parse("3") == 3 and CHOICE.parse(3) == 3
    with pytest.raises(ValueError) as info:
        CHOICE.parse("hard")
    assert str(info.value) == "option mode takes one of: easy, normal, 3; not 'hard'"


def test_spec_option_lookup_and_resolve() -> None:
    assert SPEC.option("hand").kind == "int"
    assert SPEC.resolve_options(None) == {"hand": 3, "dice": True}
    assert SPEC.resolve_options({"dice": "off"}) == {"hand": 3, "dice": False}
    with pytest.raises(ValueError, match="no option 'x'"):
        SPEC.option("x")


# -- undo -----------------------------------------------------------------------------------------
def test_nothing_to_undo_at_the_start() -> None:
    match = start()
    assert not match.can_undo()
    before = snapshot(match)
    assert match.undo() is False
    assert snapshot(match) == before


def test_undo_a_private_action_is_exact() -> None:
    match = start(seed=21)
    before = snapshot(match)
    match.play(mark_id(match))
    assert match.state.marked is not None and match.can_undo()
    assert match.undo() is True
    assert snapshot(match) == before
    assert match.actions == []
    assert to_plain(match.replayed_state()) == to_plain(match.state)
    assert not match.can_undo()
    assert match.undo() is False


def test_undo_then_play_on_replays_consistently() -> None:
    match = start(seed=4)
    first = mark_id(match)
    match.play(first)
    match.undo()
    other = [a.id for a in match.legal() if a.id.startswith("mark ") and a.id != first][0]
    match.play(other)
    assert match.actions == [other]
    assert match.state.marked == other.split()[1]
    assert to_plain(match.replayed_state()) == to_plain(match.state)


def test_no_undo_across_a_die_roll() -> None:
    match = start(seed=5)
    match.play(mark_id(match))
    match.play("roll")
    assert not match.can_undo()  # the roll revealed a number: the mark before it is fixed too
    assert match.undo() is False
    assert match.actions[-1] == "roll"


def test_a_roll_itself_cannot_be_undone() -> None:
    match = start(seed=6)
    match.play("roll")
    assert not match.can_undo()


def test_no_undo_across_a_draw_or_a_turn_change() -> None:
    match = start(seed=7, dice=False)
    match.play(mark_id(match))
    match.play("play")  # draws a replacement and passes the turn to seat 2
    assert match.decision().seat == 1
    assert not match.can_undo()
    after_turn = snapshot(match)
    match.play(mark_id(match))
    assert match.undo() is True  # seat 2 may take back its own mark...
    assert snapshot(match) == after_turn
    assert match.undo() is False  # ...but never seat 1's turn
    assert len(match.actions) == 2


def test_bot_actions_cannot_be_undone() -> None:
    match = start(seed=8, kinds=("highest", "human"))
    assert match.bot_to_move()
    match.bot_step()
    assert not match.can_undo()


def test_an_illegal_action_changes_nothing() -> None:
    match = start(seed=9)
    match.play(mark_id(match))
    before, actions = snapshot(match), list(match.actions)
    with pytest.raises(IllegalAction, match="not legal now"):
        match.play("mark c99")
    assert snapshot(match) == before and match.actions == actions
    assert match.can_undo()


# A two-seat game whose turn includes a decision for the *other* seat: seat A offers, seat B
# answers (two steps), all within one turn key. Undo must stay within the seat now acting.
@dataclass(kw_only=True)
class OfferState(BaseState):
    round: int = 0
    offer: int = 0
    answer: str | None = None
    totals: list[int] = field(default_factory=lambda: [0, 0])


class OfferGame(Game[OfferState]):
    spec = GameSpec(id="offer", title="Offer", min_players=2, max_players=2, summary="test",
                    hidden_info=False, bots={"random": RandomBot})
    state_type = OfferState

    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> OfferState:
        return OfferState(rng=seed)

    def decision(self, s: OfferState) -> Decision | None:
        if s.round >= 3:
            return None
        offerer = s.round % 2
        if s.offer == 0:
            return Decision(offerer, "offer", "Make an offer")
        return Decision(1 - offerer, "confirm" if s.answer else "answer", "Answer the offer")

    def legal_actions(self, s: OfferState) -> list[Action]:
        d = self.decision(s)
        if d is None:
            return []
        if d.kind == "offer":
            return [Action("offer 1", "Offer 1"), Action("offer 2", "Offer 2")]
        if d.kind == "answer":
            return [Action("yes", "Accept"), Action("no", "Refuse")]
        return [Action("confirm", "Confirm")]

    def apply(self, s: OfferState, action_id: str) -> None:
        self.find_action(s, action_id)
        s.step += 1
        if action_id.startswith("offer "):
            s.offer = int(action_id.split()[1])
        elif action_id in ("yes", "no"):
            s.answer = action_id
        else:
            if s.answer == "yes":
                s.totals[1 - s.round % 2] += s.offer
            emit(s, "deal", f"Offer {s.offer}: {s.answer}")
            s.round, s.offer, s.answer = s.round + 1, 0, None

    def view(self, s: OfferState, seat: int | None) -> dict[str, Any]:
        return {"round": s.round, "offer": s.offer, "answer": s.answer, "totals": list(s.totals)}

    def result(self, s: OfferState) -> Result | None:
        if s.round < 3:
            return None
        return Result((0, 1), tuple(float(t) for t in s.totals), "three rounds")

    def turn_key(self, s: OfferState) -> Any:
        return s.round


def test_undo_never_takes_back_another_seats_action_within_a_turn() -> None:
    match = Match.start(OfferGame(), [Seat("A"), Seat("B")], {}, seed=1)
    match.play("offer 2")
    assert match.decision().seat == 1
    # seat B must not be able to take back seat A's offer, though the turn key is unchanged
    assert not match.can_undo()
    assert match.undo() is False
    assert match.actions == ["offer 2"]
    before_answer = snapshot(match)
    match.play("yes")
    assert match.can_undo()  # B may take back B's own answer
    assert match.undo() is True
    assert snapshot(match) == before_answer
    assert match.undo() is False
    assert match.actions == ["offer 2"]


def test_undo_stack_is_dropped_when_the_turn_comes_back_after_another_seat_acted() -> None:
    match = Match.start(OfferGame(), [Seat("A"), Seat("B")], {}, seed=1)
    match.play("offer 1")
    match.play("no")
    match.play("confirm")
    assert match.decision() == Decision(1, "offer", "Make an offer")
    assert not match.can_undo()


# -- bots -----------------------------------------------------------------------------------------
def play_bots(seed: int, kinds: tuple[str, ...]) -> Match:
    match = start(seed=seed, kinds=kinds)
    while match.bot_to_move():
        assert match.bot_step() is not None
    assert match.result() is not None
    return match


@pytest.mark.parametrize("kinds", [("random", "random"), ("highest", "random", "random")])
def test_bot_games_are_deterministic_in_the_seed(kinds: tuple[str, ...]) -> None:
    a, b = play_bots(12, kinds), play_bots(12, kinds)
    assert a.actions == b.actions
    assert to_plain(a.state) == to_plain(b.state)
    assert a.actions != play_bots(13, kinds).actions


def test_bot_step_returns_none_for_a_human_and_at_the_end() -> None:
    match = start(seed=2, kinds=("human", "random"))
    before = snapshot(match)
    assert not match.bot_to_move()
    assert match.bot_step() is None
    assert snapshot(match) == before
    assert match.bot_step(as_kind="random") is not None  # a hint for a human seat plays for it
    finished = play_bots(3, ("random", "random"))
    assert finished.bot_step() is None and finished.decision() is None


def test_bot_sees_only_its_seats_view_and_the_legal_actions() -> None:
    calls: list[tuple[Any, ...]] = []

    class Spy:
        def choose(self, game: Any, view: Any, decision: Decision, actions: list[Action], rng: Any) -> str:
            calls.append((view, decision, [a.id for a in actions]))
            return actions[0].id

    class SpiedHighCard(HighCard):
        spec = dataclasses.replace(SPEC, bots={"random": RandomBot, "spy": Spy})

    game = SpiedHighCard()
    match = Match.start(game, [Seat("A", "spy"), Seat("B", "spy")], {}, seed=14)
    for _ in range(6):
        state_view = {seat: game.view(match.state, seat) for seat in (0, 1)}
        decision, legal = match.decision(), [a.id for a in match.legal()]
        match.bot_step()
        view, seen_decision, actions = calls[-1]
        assert seen_decision == decision and actions == legal
        assert view == state_view[decision.seat]
        assert view != state_view[1 - decision.seat]


def test_bot_randomness_does_not_touch_the_game_generator() -> None:
    match = start(seed=15, kinds=("random", "random"), dice=False)
    match.bot_step()  # a mark: no chance in the rules, so the game's RNG must not move
    assert match.state.marked is not None
    assert match.state.rng == start(seed=15, dice=False).state.rng


# -- replay ---------------------------------------------------------------------------------------
def test_replayed_state_equals_the_state_along_a_whole_game() -> None:
    match = start(seed=16, kinds=("random", "highest", "random"))
    while match.bot_to_move():
        match.bot_step()
        assert to_plain(match.replayed_state()) == to_plain(match.state)
    assert isinstance(match.state, HighCardState)
    assert match.state.over


def test_replayed_state_reports_a_broken_log() -> None:
    match = start(seed=17)
    match.actions.append("nonsense")
    with pytest.raises(IllegalAction):
        match.replayed_state()


def test_seed_is_reduced_to_a_generator_state() -> None:
    big = start(seed=2**64 + 3)
    assert to_plain(big.state) == to_plain(start(seed=3).state)
    assert to_plain(big.replayed_state()) == to_plain(big.state)
    assert seed_state(2**64 + 3) == 3
