"""Test helpers: a small test-only quest and encounter deck, and a scenario driver on it.

``TEST_GAME`` plays the core game (§1–§5) on a two-stage test quest with the standard set-up;
``real()`` drives the Mount Gram scenario. ``put_*`` helpers place cards where a test needs them
by editing the plain-data state, then ``run_frames`` makes the engine continue from given frames.
"""

from __future__ import annotations

from typing import Any

from scenario import Scenario

from tabletop import games
from tabletop.engine import Action, Match, Seat
from tabletop.engine.msg import msg
from tabletop.games.mount_gram import board as B
from tabletop.games.mount_gram.cards import encounter_defs
from tabletop.games.mount_gram.flow import CONTINUATIONS, advance, ask_frame
from tabletop.games.mount_gram.rules import MountGram
from tabletop.games.mount_gram.scenario import QuestScenario

TEST_CARDS = [
    {"key": "tq_one", "name": "Test Stage One", "type": "quest", "stage": "1", "quest_points": 5},
    {"key": "tq_two", "name": "Test Stage Two", "type": "quest", "stage": "2", "quest_points": 4},
    {"key": "t_orc", "name": "Test Orc", "type": "enemy", "traits": ["Orc"], "engagement": 20,
     "threat": 2, "attack": 2, "defense": 1, "hit_points": 3, "copies": 3},
    {"key": "t_brute", "name": "Test Brute", "type": "enemy", "engagement": 40, "threat": 1,
     "attack": 4, "defense": 2, "hit_points": 5, "victory": 3, "copies": 1,
     "abilities": [{"trigger": "shadow", "op": "attack_bonus", "amount": 2}]},
    {"key": "t_path", "name": "Test Path", "type": "location", "threat": 2, "quest_points": 3, "copies": 3},
    {"key": "t_gate", "name": "Test Gate", "type": "location", "threat": 1, "quest_points": 2,
     "victory": 1, "copies": 1, "abilities": [{"trigger": "travel_cost", "op": "raise_threat", "amount": 1}]},
    {"key": "t_gloom", "name": "Test Gloom", "type": "treachery", "doomed": 1, "copies": 2,
     "abilities": [{"trigger": "when_revealed", "op": "raise_threat", "amount": 1},
                   {"trigger": "shadow", "op": "attack_bonus", "amount": 1}]},
    {"key": "t_rush", "name": "Test Rush", "type": "treachery", "surge": True, "copies": 1,
     "abilities": [{"trigger": "when_revealed", "op": "damage_exhausted", "amount": 1}]},
]


def test_scenario() -> QuestScenario:
    cards = encounter_defs(TEST_CARDS, "test quest")
    scen = QuestScenario(cards, ["tq_one", "tq_two"],
                         [k for k, c in cards.items() if c.type != "quest"])
    scen.title = "Test Quest"
    return scen


TEST_GAME = MountGram(test_scenario())


class MG(Scenario):
    """A scenario on a given game object (no registry needed)."""

    def __init__(self, game: Any = None, players: int = 1, options: dict[str, Any] | None = None,
                 seed: int = 1) -> None:
        self.game = game or TEST_GAME
        self.match = Match.start(self.game, [Seat(f"P{i + 1}") for i in range(players)],
                                 options or {}, seed=seed)

    auto_pay = True
    """Accept the recommended split of a cost (the first option) when a play asks how to pay:
    most tests are about the card, not the payment; the paying tests turn it off."""

    def play(self, *action_ids: str) -> "MG":
        for action_id in action_ids:
            self.match.play(action_id)
            while self.auto_pay and (d := self.decision()) is not None and d.kind == "pay":
                self.match.play(self.legal()[0])
        return self

    @property
    def s(self) -> Any:
        return self.match.state

    def ids(self) -> list[str]:
        return self.legal()


def real(players: int = 1, options: dict[str, Any] | None = None, seed: int = 1) -> MG:
    return MG(games.game("mount_gram"), players, options, seed)


_counter = [100]


def new_id(seat: int, key: str) -> str:
    _counter[0] += 1
    return f"p{seat}.{key}.{_counter[0]}" if seat >= 0 else f"e.{key}.{_counter[0]}"


def to_hand(sc: MG, seat: int, *keys: str) -> list[str]:
    out = []
    hand = sc.s.players[seat]["hand"]
    for c in [c for c in hand if c.split(".")[1] in keys]:
        hand.remove(c)
        sc.s.players[seat]["deck"].insert(0, c)
    for key in keys:
        cid = new_id(seat, key)
        sc.s.players[seat]["hand"].append(cid)
        out.append(cid)
    return out


def hero(sc: MG, seat: int, key: str) -> str:
    return next(c for c in sc.s.players[seat]["chars"] if c.split(".")[1] == key)


def put_char(sc: MG, seat: int, key: str) -> str:
    cid = new_id(seat, key)
    sc.s.cards[cid] = B.new_rec(ctl=seat)
    sc.s.players[seat]["chars"].append(cid)
    return cid


def put_attachment(sc: MG, seat: int, key: str, host: str) -> str:
    cid = new_id(seat, key)
    B.attach(sc.game, sc.s, cid, host, seat)
    return cid


def put_enemy(sc: MG, key: str, seat: int | None = None, gid: str | None = None) -> str:
    cid = new_id(-1, key)
    if seat is not None:
        sc.s.cards[cid] = B.new_rec(ctl=seat)
        sc.s.players[seat]["engaged"].append(cid)
    else:
        grp = B.group(sc.s, gid) if gid else sc.s.groups[0]
        B.enter_staging(sc.game, sc.s, cid, grp)
    return cid


def put_location(sc: MG, key: str, active: bool = False, gid: str | None = None) -> str:
    grp = B.group(sc.s, gid) if gid else sc.s.groups[0]
    cid = new_id(-1, key)
    B.enter_staging(sc.game, sc.s, cid, grp)
    if active:
        grp["staging"].remove(cid)
        grp["active"] = cid
    return cid


def resources(sc: MG, seat: int, n: int) -> None:
    for h in B.heroes(sc.game, sc.s, seat):
        sc.s.cards[h]["res"] = n


def run_frames(sc: MG, *frames: dict[str, Any], phase: str | None = None) -> None:
    """Replace what the engine still had to do by these frames and continue."""
    if phase:
        sc.s.phase = phase
    sc.s.stack = [dict(f) for f in reversed(frames)]
    advance(sc.game, sc.s)


def window(sc: MG, seat: int = 0, w: str = "any", phase: str = "planning") -> None:
    """An action window for the group of ``seat``, in ``phase``."""
    gid = B.group_of(sc.s, seat)["id"]
    run_frames(sc, {"t": "win", "g": gid, "w": w, "ev": "", "ctx": {}, "i": 0, "passes": 0,
                    "seat": seat}, phase=phase)


def plan(sc: MG, seat: int = 0) -> None:
    run_frames(sc, {"t": "plan", "p": seat, "w": "plan", "ev": ""}, phase="planning")


def stack_top(sc: MG) -> str:
    return sc.s.stack[-1]["t"] if sc.s.stack else ""


def top_encounter(sc: MG, *keys: str) -> list[str]:
    """Put these encounter cards on top of the deck; the first given is revealed first."""
    out = [new_id(-1, k) for k in keys]
    sc.s.encounter.extend(reversed(out))
    return out


def _hold(g: Any, s: Any, ctx: dict[str, Any], a: Action) -> None:
    """A test-only continuation: the frame below it just waits (keeps a phase open)."""


CONTINUATIONS.setdefault("test_hold", _hold)
HOLD = ask_frame(0, "test_hold", msg("act.pass"), [Action("hold", msg("act.pass"), verb="hold")], {}, kind="hold")


def act(sc: MG, seat: int = 0, phase: str = "planning", ev: str = "", ctx: dict[str, Any] | None = None) -> None:
    """Open an action (or, with ``ev``, trigger) window asking ``seat`` first; a hold frame below
    keeps the phase from ending when the window closes."""
    grp = B.group_of(sc.s, seat)
    order = B.members(sc.s, grp)
    run_frames(sc, {"t": "win", "g": grp["id"], "w": "any", "ev": ev, "ctx": ctx or {},
                    "i": order.index(seat), "passes": 0}, dict(HOLD, p=seat), phase=phase)


def find(sc: MG, *parts: str) -> str:
    """The legal action id containing every given part (the first one if several)."""
    for a in sc.legal():
        if all(p in a.split() for p in parts):
            return a
    raise AssertionError(f"no legal action with {parts}: {sc.legal()}")


def passes(sc: MG, *kinds: str) -> None:
    """Pass through windows of these kinds (default: actions and responses)."""
    kinds = kinds or ("actions", "response")
    while sc.decision() is not None and sc.decision().kind in kinds:
        sc.play("pass")


def en(sc: Any, value: Any) -> str:
    """A prompt, label or reason (a message, or its plain form) as the English table reads it
    (``sc``: a scenario or a match)."""
    from tabletop.engine.msg import Msg
    from tabletop.text.render import for_match

    words = for_match(getattr(sc, "match", sc), lang="en", strict=True)
    if isinstance(value, dict):
        value = Msg.from_plain(value)
    return words.text(value)


def en_event(sc: MG, event: dict[str, Any]) -> str:
    """A log event as the English table reads it."""
    from tabletop.text.render import for_match

    return for_match(sc.match, lang="en", strict=True).event(event)
