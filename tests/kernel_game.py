"""A tiny complete game used only by the kernel's own tests: "High Card".

Each seat holds three secret cards from a shuffled 15-card deck. On your turn you may *mark* a card
(once a turn; marking is undoable), may roll a d6 once for bonus points, and then *play*
the marked card, scoring its value and drawing a replacement. When the deck and every hand are
empty, the highest score wins. It exercises every kernel feature: hidden hands, dice, shuffles,
draws, undo barriers, private log entries, views and invariants.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from tabletop.engine import (
    Action,
    BaseState,
    Decision,
    Game,
    GameSpec,
    IllegalAction,
    Option,
    Result,
    Seat,
    emit,
    visible_log,
)
from tabletop.engine.bots import RandomBot
from tabletop.engine.chance import roll, shuffle
from tabletop.engine.zones import draw

CARDS = [f"c{n:02d}" for n in range(1, 16)]


def value(card: str) -> int:
    return int(card[1:])


class Player(TypedDict):
    name: str
    hand: list[str]
    score: int
    rolled: bool


@dataclass(kw_only=True)
class HighCardState(BaseState):
    players: list[Player] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    turn: int = 0
    marked: str | None = None
    over: bool = False


class HighestBot:
    def choose(self, game: Any, view: Any, decision: Decision, actions: list[Action], rng: Any) -> str:
        ids = [a.id for a in actions]
        if "roll" in ids:
            return "roll"
        plays = [i for i in ids if i.startswith("mark ")]
        if plays:
            return max(plays, key=lambda i: value(i.split()[1]))
        return ids[0]


SPEC = GameSpec(
    id="highcard", title="High Card", min_players=2, max_players=3,
    summary="kernel test game", hidden_info=True,
    options=(Option("hand", "Hand size", kind="int", default=3, minimum=1, maximum=4),
             Option("dice", "Allow the bonus roll", default=True)),
    bots={"random": RandomBot, "highest": HighestBot},
)


class HighCard(Game[HighCardState]):
    spec = SPEC
    state_type = HighCardState

    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> HighCardState:
        s = HighCardState(rng=seed)
        s.deck = list(CARDS)
        shuffle(s, s.deck)
        for seat in seats:
            s.players.append(Player(name=seat.name, hand=draw(s, s.deck, options["hand"]), score=0,
                                    rolled=not options["dice"]))
        s.reveals = 0
        emit(s, "setup", f"{len(seats)} players, {options['hand']} cards each.")
        return s

    def decision(self, s: HighCardState) -> Decision | None:
        if s.over:
            return None
        return Decision(s.turn, "play" if s.marked else "mark", f"{s.players[s.turn]['name']} to play")

    def legal_actions(self, s: HighCardState) -> list[Action]:
        if s.over:
            return []
        p = s.players[s.turn]
        out = [] if s.marked else [Action(f"mark {c}", f"Mark {c}", card=c) for c in p["hand"]]
        if not p["rolled"]:
            out.append(Action("roll", "Roll a d6 for bonus points"))
        if s.marked:
            out.append(Action("play", f"Play {s.marked}", card=s.marked))
        return out

    def apply(self, s: HighCardState, action_id: str) -> None:
        self.find_action(s, action_id)
        p = s.players[s.turn]
        s.step += 1
        if action_id == "roll":
            p["score"] += roll(s, 6, "bonus", seat=s.turn)
            p["rolled"] = True
        elif action_id.startswith("mark "):
            s.marked = action_id.split()[1]
            emit(s, "mark", f"{p['name']} marks {s.marked}", to=[s.turn])
        elif action_id == "play":
            card = s.marked
            if card is None:
                raise IllegalAction("nothing marked")
            p["hand"].remove(card)
            s.played.append(card)
            p["score"] += value(card)
            emit(s, "play", f"{p['name']} plays {card}", card=card)
            p["hand"].extend(draw(s, s.deck, 1))
            s.marked = None
            if not any(q["hand"] for q in s.players):
                s.over = True
                return
            s.turn = (s.turn + 1) % len(s.players)
            while not s.players[s.turn]["hand"]:
                s.turn = (s.turn + 1) % len(s.players)

    def view(self, s: HighCardState, seat: int | None) -> dict[str, Any]:
        return {
            "turn": s.turn,
            "deck": len(s.deck),
            "played": list(s.played),
            "players": [{"name": p["name"], "score": p["score"],
                         "hand": list(p["hand"]) if i == seat else len(p["hand"])}
                        for i, p in enumerate(s.players)],
            "marked": s.marked if seat == s.turn else None,
            "log": visible_log(s, seat),
        }

    def result(self, s: HighCardState) -> Result | None:
        if not s.over:
            return None
        scores = tuple(float(p["score"]) for p in s.players)
        best = max(scores)
        return Result(tuple(i for i, v in enumerate(scores) if v == best), scores, "all cards played")

    def secrets(self, s: HighCardState, seat: int | None) -> set[str]:
        hidden = set(s.deck)
        for i, p in enumerate(s.players):
            if i != seat:
                hidden |= set(p["hand"])
        return hidden

    def invariants(self, s: HighCardState) -> list[str]:
        cards = s.deck + s.played + [c for p in s.players for c in p["hand"]]
        return [] if sorted(cards) == CARDS else ["cards not conserved"]

    def turn_key(self, s: HighCardState) -> Any:
        return (s.turn, len(s.played))

    def summary(self, s: HighCardState) -> str:
        return f"{len(s.played)} cards played"
