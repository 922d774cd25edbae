"""The Villainous ``Game``: setup (with an optional villain draft), decisions, views, results.

All the rules live in the frames of ``turn``, ``actions`` and ``ops``; this class only drives
them: ``apply`` checks the answer against the pending choice and runs the stack again.
"""

from __future__ import annotations

import marshal
from typing import Any

from tabletop.engine import Action, Decision, Game, IllegalAction, Result, Seat, visible_log
from tabletop.engine.chance import randbelow, shuffle
from tabletop.engine.kept import Kept
from tabletop.engine.msg import Msg, msg
from tabletop.engine.state import EventLog, copy_log

from . import SPEC
from .acts import LOC_TERMS, draw_cards
from .board import CARD, LIB, covered, hand_public, hand_target, slots, strength, villain
from .cards import VILLAINS
from .flow import FIELDS, KEPT_IDS, PROMPT_IDS, Opt, answer, ev, extra_of, m, opt, run, standing_pending
from .state import Player, VState
from .turn import PASS_ONLY, next_turn, progress
from .views import VillainousView

START_POWER = (0, 1, 2, 2, 3, 3)


def start_player(s: VState, name: str, key: str, seat: int) -> Player:
    v = LIB.villains[key]
    deck = list(v.villain_cards)
    shuffle(s, deck)
    fdeck = list(v.fate_cards)
    shuffle(s, fdeck)
    return Player(name=name, villain=key, power=START_POWER[seat], hand=[], deck=deck, discard=[],
                  fdeck=fdeck, fdiscard=[], cards={}, mover=0, locked=list(v.starts_locked),
                  vanish=False, dragon=0, unlocked=[])


def begin(s: VState, names: list[str], keys: list[str]) -> None:
    """Set the table once every seat has a villain (§3) and start the first turn."""
    for i, (name, key) in enumerate(zip(names, keys, strict=True)):
        s.players.append(start_player(s, name, key, i))
    for i in range(len(names)):
        draw_cards(s, i, 4)
    s.phase = "play"
    s.pending = None
    ev(s, "setup", villains=[m("act.seat_as", seat=i, villain_term=p["villain"]) for i, p in enumerate(s.players)])
    run(s, next_turn)


def new_state(names: list[str], keys: list[str] | None, options: dict[str, Any], seed: int,
              humans: list[bool] | None = None) -> VState:
    """A state for these seats; ``keys`` fixes the villains (tests), ``None`` follows the options.
    ``humans`` says which seats people play (none known: every seat is asked like a bot)."""
    s = VState(rng=seed)
    s.log = EventLog()  # type: ignore[assignment]  # clones share it (a list to every reader)
    s.humans = list(humans or [])
    s.always_ask = bool(options.get("always_ask", False))
    s.holders_only = bool(options.get("holders_only", False))
    s.round_limit = int(options.get("round_limit", 100))
    if keys is None and not options.get("draft", False):
        pool = list(VILLAINS)
        keys = []
        for _ in names:
            keys.append(pool.pop(randbelow(s, len(pool))))
    if keys is None:
        s.draft = []
        s.pending = _draft_choice(s, names)
        s.tf = {"names": list(names)}
        return s
    begin(s, names, keys)
    s.reveals = 0
    return s


def _draft_choice(s: VState, names: list[str]) -> dict[str, Any]:
    seat = len(s.draft)
    opts = [opt(f"villain {k}", m("act.villain", villain_term=k), None, "villain", "villain", villain=k)
            for k in VILLAINS if k not in s.draft]
    return {"seat": seat, "kind": "villain", "prompt": m("ask.villain", seat=seat), "opts": opts}


def _frozen(plain: dict[str, Any]) -> Msg:
    """``Msg.from_plain`` for the state's labels, leaving out the option's fields (``"@"``); on the
    hot path of every ``legal_actions``."""
    args = []
    for k, v in plain.items():
        if k == "k" or k == FIELDS:
            continue
        kind = v.__class__
        if kind is dict:
            v = _frozen(v)
        elif kind is list:
            v = tuple([_freeze(x) for x in v])
        args.append((k, v))
    out = _new(Msg)  # the frozen dataclass's own __init__ does just this, at twice the cost
    _set(out, "key", plain["k"])
    _set(out, "args", tuple(args))
    return out


_new = object.__new__
_set = object.__setattr__


def _freeze(value: Any) -> Any:
    kind = value.__class__
    if kind is dict:
        return _frozen(value)
    if kind is list:
        return tuple(_freeze(v) for v in value)
    return value


def to_action(o: Opt) -> Action:
    """An option record of the state as the ``Action`` the table and the bots read."""
    label = o[1]
    verb, target, location, seat, amount, extra = label[FIELDS]
    return Action(o[0], _frozen(label), o[2], o[3], verb, target, location, seat, amount,
                  tuple(extra.items()) if extra else ())


_PLAYER_LISTS = ("hand", "deck", "discard", "fdeck", "fdiscard", "locked", "unlocked")
_STATE_LISTS = ("used", "revealed", "resolving", "looking", "humans", "draft")
_STATE_LOG = ("log",)
_STATE_NESTED = ("stack", "tf")
_STATE_SHARED = ("pending", "reason")
"""How ``clone_state`` copies each field of a ``VState`` (``test_clone`` holds this list to the
dataclass): flat lists of strings or flags are sliced (strings are immutable, so sharing them is
exact); the frames and per-turn facts, nested and changed in place, go through ``marshal``; the
pending choice and the end reason are only ever replaced whole, never changed in place, so the
copy shares them (a pending choice is the bulk of a state: every option's record); the log is an
``engine.state.EventLog`` whose written events the copy shares (``copy_log``). Everything else
is an immutable scalar."""
_dumps, _loads = marshal.dumps, marshal.loads


_copy_record = dict.copy


def _copy_player(P: Player) -> Player:
    """The player's lists sliced and its card records copied (a record's values are scalars; a
    spill is replaced whole), written out field by field and the records copied by a C-level
    ``map``: this is most of a late game's ``clone``. ``test_clone`` holds it to ``_PLAYER_LISTS``."""
    Q = P.copy()
    Q["hand"] = P["hand"][:]
    Q["deck"] = P["deck"][:]
    Q["discard"] = P["discard"][:]
    Q["fdeck"] = P["fdeck"][:]
    Q["fdiscard"] = P["fdiscard"][:]
    Q["locked"] = P["locked"][:]
    Q["unlocked"] = P["unlocked"][:]
    cards = P["cards"]
    Q["cards"] = dict(zip(cards, map(_copy_record, cards.values()), strict=True))
    return Q


def clone_state(s: VState) -> VState:
    """A deep copy of the state, as ``engine.state.clone`` makes, in a fifth of the time: only what
    can change in place is copied (see ``_STATE_LISTS``)."""
    d = s.__dict__.copy()
    d["players"] = [_copy_player(P) for P in d["players"]]
    for k in _STATE_LISTS:
        d[k] = d[k][:]
    d["log"] = copy_log(d["log"])
    for k in _STATE_NESTED:
        v = d[k]
        if v:
            d[k] = _loads(_dumps(v))
        else:
            d[k] = v.__class__()
    new = _new(VState)
    new.__dict__ = d
    return new


_DECISION: list[Any] = [None, None]
"""The decision of the last pending choice asked about (as ``_ACTIONS``)."""
_ACTIONS: list[Any] = [None, []]
"""The actions of the last pending choice asked about (the same ``pending`` dict: the same
answers), so asking again while it stands costs nothing."""


_BY_RECORD: Kept[bytes, Action] = Kept(2_000)
"""Actions already built, by the ``marshal`` bytes of the option record they are built from. Equal
bytes are equal records, so the kept ``Action`` is the one ``to_action`` would build (they are
immutable); the same menus, windows and Fate picks come back turn after turn, and building their
labels costs three or four times the look-up."""
_BY_OPTS: Kept[bytes, tuple[Action, ...]] = Kept(2_000)
"""The same for a whole pending list of options (three in four asks repeat one seen before)."""
_BY_QUESTION: Kept[bytes, Decision] = Kept(1_000)
"""Decisions already built, by the bytes of ``(seat, kind, prompt)``."""


_BY_STANDING: dict[int, tuple[dict[str, Any], Decision]] = {}
"""The decisions of the shared pending records of ``flow.standing`` questions, by the record's
``id`` (the record is kept alive by ``flow.STANDING``, so the ``id`` is its own): a seat's window
pass ask is judged by identity, not by ``marshal``-ing its question."""


def _actions(opts: list[Opt]) -> tuple[Action, ...]:
    out = []
    known = _BY_RECORD
    for o in opts:
        key = _dumps(o)
        a = known.get(key)
        if a is None:
            a = known.keep(key, to_action(o))
        out.append(a)
    return tuple(out)


_BY_KEPT_PROMPT: dict[tuple[int, str, int], Decision] = {}
"""Decisions whose prompt is a ``flow.kept_prompt`` one, by seat, kind and the prompt's ``id``
(kept alive by ``flow``: the ``id`` is that prompt's alone, and the keys are as bounded)."""
_BY_KEPT: dict[int, tuple[Opt, Action]] = {}
"""The actions of ``flow.kept_opt`` records, by the record's ``id`` (kept alive by ``flow``)."""


def _kept_actions(opts: list[Opt]) -> tuple[Action, ...] | None:
    """The actions of a list of ``kept_opt`` records, found by identity; ``None`` when one of
    them is not such a record (a record met first in a loaded save is an equal but other list:
    it goes the ``marshal`` way, to the same action)."""
    out = []
    known = _BY_KEPT
    for o in opts:
        hit = known.get(id(o))
        if hit is None or hit[0] is not o:
            if KEPT_IDS.get(id(o)) is not o:
                return None
            hit = known[id(o)] = (o, to_action(o))
        out.append(hit[1])
    return tuple(out)


_PASS_ONLY = tuple(to_action(o) for o in PASS_ONLY)


def _decision(pd: dict[str, Any]) -> Decision:
    return Decision(pd["seat"], pd["kind"], _frozen(pd["prompt"]))


class Villainous(Game[VState]):
    spec = SPEC
    state_type = VState
    view_type = VillainousView

    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> VState:
        return new_state([x.name for x in seats], None, options, seed, [not x.is_bot for x in seats])

    def clone(self, s: VState) -> VState:
        return clone_state(s)

    def decision(self, s: VState) -> Decision | None:
        if s.phase == "over" or s.pending is None:
            return None
        pd = s.pending
        if _DECISION[0] is not pd:
            kept = _BY_STANDING.get(id(pd))
            if kept is not None and kept[0] is pd:
                d = kept[1]
            elif PROMPT_IDS.get(id(prompt := pd["prompt"])) is prompt:
                ask = (pd["seat"], pd["kind"], id(prompt))
                d = _BY_KEPT_PROMPT.get(ask)
                if d is None:
                    d = _BY_KEPT_PROMPT[ask] = _decision(pd)
            else:
                key = _dumps((pd["seat"], pd["kind"], prompt))
                d = _BY_QUESTION.get(key)
                if d is None:
                    d = _BY_QUESTION.keep(key, _decision(pd))
                if standing_pending(pd):
                    _BY_STANDING[id(pd)] = (pd, d)
            _DECISION[0], _DECISION[1] = pd, d
        return _DECISION[1]

    def legal_actions(self, s: VState) -> list[Action]:
        if s.phase == "over" or s.pending is None:
            return []
        pending = s.pending
        if _ACTIONS[0] is not pending:
            opts = pending["opts"]
            if opts is PASS_ONLY:
                acts = _PASS_ONLY
            elif (acts := _kept_actions(opts)) is not None:
                pass
            else:
                key = _dumps(opts)
                acts = _BY_OPTS.get(key)
                if acts is None:
                    acts = _BY_OPTS.keep(key, _actions(opts))
            _ACTIONS[0], _ACTIONS[1] = pending, acts
        return list(_ACTIONS[1])

    def apply(self, s: VState, action_id: str) -> None:
        if s.phase == "over" or s.pending is None:
            raise IllegalAction("the game is over: no action is legal")
        o: Opt
        for o in s.pending["opts"]:
            if o[0] == action_id:
                break
        else:
            sample = ", ".join(o[0] for o in s.pending["opts"][:6])
            raise IllegalAction(f"{action_id!r} is not legal now; legal: {sample}")
        s.step += 1
        if s.phase == "draft":
            s.draft.append(extra_of(o, "villain"))
            names = s.tf["names"]
            if len(s.draft) < len(names):
                s.pending = _draft_choice(s, names)
                return
            s.tf = {}
            begin(s, names, list(s.draft))
            return
        answer(s, o)
        run(s, next_turn)

    # -- reading ------------------------------------------------------------------------------
    def view(self, s: VState, seat: int | None) -> dict[str, Any]:
        pd = s.pending
        out: dict[str, Any] = {
            "phase": s.phase, "round": s.round, "round_limit": s.round_limit, "turn": s.turn, "me": seat,
            "winner": s.winner, "reason": s.reason,
            "decision": None if pd is None else {"seat": pd["seat"], "kind": pd["kind"], "prompt": dict(pd["prompt"])},
            "drafted": list(s.draft),
            "players": [self._board(s, i, seat) for i in range(len(s.players))],
            "revealed": [_face(c) for c in s.revealed],
            "resolving": [_face(c) for c in s.resolving],
            "looking": [_face(c) for c in s.looking] if seat is not None and seat == s.look_seat else len(s.looking),
            "used": list(s.used) if s.phase == "play" else [],
            "log": visible_log(s, seat, last=40),
        }
        return out

    def _board(self, s: VState, i: int, seat: int | None) -> dict[str, Any]:
        P = s.players[i]
        v = villain(P)
        show_hand = seat == i or hand_public(P)
        locs = []
        for loc in range(4):
            cov = covered(s, P, loc)
            heroes, below = [], []
            for c, r in P["cards"].items():
                if r["loc"] != loc or r["on"] is not None:
                    continue
                item = _face(c)
                item.update(attached=[_face(a) for a, ra in P["cards"].items() if ra["on"] == c])
                if CARD[c].type in ("Hero", "Ally"):
                    item["strength"] = strength(s, i, c)
                for flag in ("w", "hyp", "sz", "pw"):
                    if flag in r:
                        item[{"w": "wicket", "hyp": "hypnotized", "sz": "size", "pw": "parked_power"}[flag]] = r[flag]
                (heroes if r["side"] == "h" else below).append(item)
            locs.append({
                "index": loc, "name": v.loc_names[loc], "term": LOC_TERMS[P["villain"]][loc],
                "locked": P["locked"][loc], "mover": P["mover"] == loc,
                "heroes": heroes, "cards": below,
                "top": [{"action": a, "amount": n, "covered": k in cov, "slot": f"{loc}t{k}"}
                        for k, (a, n) in enumerate(v.top[loc])],
                "bottom": [{"action": a, "amount": n, "slot": f"{loc}b{k}"} for k, (a, n) in enumerate(v.bottom[loc])],
                "granted": [{"action": a, "amount": n, "slot": key} for key, a, n, _c in slots(s, i, loc)
                            if key.startswith("x")],
            })
        prog = progress(s, i) if s.phase != "draft" else None
        line = m("sum.line" if prog else "sum.line_draft", villain_term=P["villain"], seat=i, power=P["power"],
                 hand=len(P["hand"]), progress=prog["text"] if prog else None)
        if not prog:
            line.pop("progress")
        return {
            "seat": i, "name": P["name"], "villain": P["villain"], "villain_name": v.name, "line": line,
            "objective": m("obj." + P["villain"]), "progress": prog,
            "power": P["power"], "hand": [_face(c) for c in P["hand"]] if show_hand else len(P["hand"]),
            "hand_count": len(P["hand"]), "hand_public": hand_public(P), "hand_target": hand_target(P),
            "deck": len(P["deck"]), "discard": [_face(c) for c in P["discard"]],
            "fate_deck": len(P["fdeck"]), "fate_discard": [_face(c) for c in P["fdiscard"]],
            "mover": P["mover"], "locations": locs, "vanish": P["vanish"], "dragon": P["dragon"],
        }

    def result(self, s: VState) -> Result | None:
        if s.phase != "over":
            return None
        n = len(s.players)
        reason = Msg.from_plain(s.reason) if isinstance(s.reason, dict) else s.reason
        if s.winner is None:
            return Result((), tuple(0.0 for _ in range(n)), reason)
        return Result((s.winner,), tuple(1.0 if i == s.winner else 0.0 for i in range(n)), reason)

    def secrets(self, s: VState, seat: int | None) -> set[str]:
        hidden: set[str] = set()
        for i, P in enumerate(s.players):
            hidden.update(P["deck"])
            hidden.update(P["fdeck"])
            if i != seat and not hand_public(P):
                hidden.update(P["hand"])
        if seat != s.look_seat:
            hidden.update(s.looking)
        return hidden

    def invariants(self, s: VState) -> list[str]:
        problems = []
        for P in s.players:
            v = LIB.villains[P["villain"]]
            mine = (P["hand"] + P["deck"] + P["discard"] + P["fdeck"] + P["fdiscard"] + list(P["cards"])
                    + [c for c in s.revealed + s.resolving + s.looking if c.startswith(v.key + ".")])
            if sorted(mine) != sorted(v.villain_cards + v.fate_cards):
                problems.append(v.name + ": cards not conserved")
            if P["power"] < 0:
                problems.append(v.name + ": negative Power")
            for c, r in P["cards"].items():
                if r["on"] is not None and r["on"] not in P["cards"]:
                    problems.append(c + " attached to a card not in play")
                if r["on"] is not None and P["cards"][r["on"]]["loc"] != r["loc"]:
                    problems.append(c + " not at its host's location")
        if s.phase == "play" and s.pending is None:
            problems.append("no pending decision while playing")
        return problems

    def turn_key(self, s: VState) -> Any:
        return (s.phase, s.round, s.turn, None if s.pending is None else s.pending["seat"])

    def face(self, card_id: str) -> Any:
        """The UI's ``CardFace`` for a card id (see ``faces.py``)."""
        from .faces import face
        return face(card_id)

    def summary(self, s: VState) -> Msg:
        if s.phase == "draft":
            return msg("sum.draft")
        return msg("sum.round", n=s.round, seat=s.turn)


def _face(c: str) -> dict[str, Any]:
    d = CARD[c]
    out: dict[str, Any] = {"id": c, "name": d.name, "type": d.type, "fate": d.fate, "text": d.text}
    if d.cost is not None:
        out["cost"] = d.cost
    if d.strength is not None:
        out["printed_strength"] = d.strength
    return out
