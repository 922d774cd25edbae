"""The round as a stack of frames (spec §4).

A frame is a plain dict ``{"t": kind, ...}`` on ``state.stack``, run by the engine's resolution
machine (``tabletop.engine.stack``, ``MACHINE``): ``advance`` runs the top frame until one needs a
decision; a frame pops itself when done or pushes children that run first. A frame that asks
returns a ``Choice`` (kept in the frame as ``f["ask"]``) and offers ``options``; its ``answer``
takes the chosen action. Each phase runs once per group, groups in turn order (§4, R-23).
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any, Callable

from tabletop.engine import Action, emit
from tabletop.engine.chance import shuffle
from tabletop.engine.msg import Msg, msg
from tabletop.engine.stack import AGAIN, Choice, Machine, Outcome, Unsettled
from tabletop.engine.zones import draw

from . import board as B
from .cards import owner_of
from .context import Rules
from .state import MGState

PASS = Action("pass", msg("act.pass"), verb="pass")
FINISH_PLANNING = Action("done", msg("act.finish_planning"), verb="done")
DONE_COMMITTING = Action("done", msg("act.done_committing"), verb="done")
ATTACK_NOW = Action("go", msg("act.attack_now"), verb="go")
PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")
G = "MountGram"


def push(s: MGState, *frames: dict[str, Any]) -> None:
    """Push frames so that the first given runs first (it ends on top): the engine stack's
    ``push``, in one ``extend`` (about three frames are pushed per action)."""
    s.stack.extend(reversed(frames))


def done(s: MGState, f: dict[str, Any]) -> bool:
    """The frame removes itself (a frame that pushed others sits under them); ``run`` returns
    the False this gives, so the machine runs the stack again."""
    if s.stack and s.stack[-1] is f:
        s.stack.pop()
    elif f in s.stack:
        s.stack.remove(f)
    return False


def recommended(label: Msg, why: Msg) -> Msg:
    """``label (recommended: why)``: the first option of a choice says why it is advised."""
    return msg("act.recommended", base=label, why=why)


def noted(label: Msg, note: Msg) -> Msg:
    """``label (note)``: what choosing it also does."""
    return msg("act.noted", base=label, note=note)


def ask(f: dict[str, Any], seat: int, kind: str, prompt: Msg | dict[str, Any]) -> Choice:
    """The frame waits for ``seat``'s answer: the question its ``run`` returns to the machine,
    whose ``ask`` hook keeps it in the frame as ``f["ask"]``, the prompt in its plain (JSON) form
    (the hot frames write it so directly, ``{"k": key, **args}``, as ``Msg.plain`` would)."""
    return Choice(seat, kind, prompt if isinstance(prompt, dict) else prompt.plain())


Ran = Choice | bool
"""What a frame's ``run`` returns: a ``Choice`` when it waits for a decision, else False (it
removed itself with ``done``, or stays to run again under any frames it pushed)."""


class Frame:
    """Base of a frame kind: ``run`` returns a ``Choice`` (``ask``) when it waits for a decision."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        raise NotImplementedError

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        return []

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        """Take the chosen legal action ``a`` (its fields, never its id's text)."""
        raise NotImplementedError


def _store_ask(s: MGState, f: dict[str, Any], c: Choice) -> None:
    f["ask"] = [c.seat, c.kind, c.prompt]


def _clear_ask(s: MGState, f: dict[str, Any]) -> None:
    f.pop("ask", None)


def _live(s: MGState) -> bool:
    return not s.outcome


MACHINE: Machine[MGState] = Machine("mount_gram", live=_live, ask=_store_ask, clear=_clear_ask, kind="t")
"""The engine's resolution machine running Mount Gram's frames (kind key ``"t"``): a handler per
frame kind (``frame``), the answer handed to that kind's ``answer``, the question kept in the
frame as ``f["ask"]``, the next phase pushed when the stack runs out."""
FRAMES: dict[str, type[Frame]] = {}
"""The frame classes by kind: ``options`` lists a waiting frame's legal actions."""
CONTINUATIONS: dict[str, Callable[[Any, MGState, dict[str, Any], Action], None]] = {}


def _handler(cls: type[Frame]) -> Callable[[Rules, MGState, dict[str, Any]], Outcome]:
    """The machine's handler for a frame class: a stale question is dropped, then ``run``;
    False is ``AGAIN``. (The frames that list plays, ``win`` and ``plan``, forget the memoised
    plays first: the frames before them may have changed the state.)"""
    run = cls.run

    def handle(g: Rules, s: MGState, f: dict[str, Any]) -> Outcome:
        f.pop("ask", None)
        return run(g, s, f) or AGAIN

    return handle


def frame(kind: str) -> Callable[[type[Frame]], type[Frame]]:
    def register(cls: type[Frame]) -> type[Frame]:
        FRAMES[kind] = cls
        MACHINE.handler(kind)(_handler(cls))
        MACHINE.on_answer(kind)(cls.answer)
        RUNS[kind] = cls.run
        ANSWERS[kind] = cls.answer
        return cls
    return register


RUNS: dict[str, Callable[[Rules, MGState, dict[str, Any]], Ran]] = {}
"""Each frame kind's ``run``, the very functions ``MACHINE``'s handlers wrap: ``advance`` calls
them directly (``run_frames``)."""
ANSWERS: dict[str, Callable[[Rules, MGState, dict[str, Any], Action], None]] = {}
"""Each frame kind's ``answer``, the very functions registered with ``MACHINE.on_answer``."""


def continuation(key: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        CONTINUATIONS[key] = fn
        return fn
    return register


def advance(g: Rules, s: MGState) -> None:
    """Run frames until a decision is needed or the game is over; an empty stack starts the
    next phase."""
    g.fx.forget()
    run_frames(g, s)


def run_frames(g: Rules, s: MGState) -> None:
    """``MACHINE.run(s, refill=next_phase, ctx=g)`` step for step, specialised to Mount Gram's
    frames: the same frames run in the same order and a question is stored the same way, the
    same guard refuses a resolution that never settles. It exists for speed only: about eight
    frames run per action in a random game, and the general machine spends three calls on each
    (the handler wrapper, the ``live`` and ``ask`` hooks) that here are a few inline tests.
    ``tests/games/mount_gram/test_resolution_stack.py`` keeps both on the same handlers."""
    if s.outcome:
        return
    runs = RUNS
    limit = MACHINE.limit
    steps = 0
    while True:  # no outcome here: checked on entry, after each frame and each next phase
        steps += 1
        if steps > limit:
            last = s.stack[-1].get("t") if s.stack else None
            raise Unsettled(f"{MACHINE.game}: resolution does not settle (last frame: {last})")
        stack = s.stack
        if not stack:
            next_phase(g, s)
            if s.outcome:
                return
            continue
        f = stack[-1]
        f.pop("ask", None)  # a stale question is dropped (``_handler``)
        res = runs[f["t"]](g, s, f)
        if s.outcome:
            return
        if not res:
            continue  # False: the frame removed itself or runs again under what it pushed
        if type(res) is not Choice:
            raise TypeError(f"{MACHINE.game}: handler {f['t']!r} returned {res!r}, not DONE, AGAIN or a Choice")
        if res.opts is not None and not res.opts:
            raise RuntimeError(f"{MACHINE.game}: empty choice {res.kind}")
        f["ask"] = [res.seat, res.kind, res.prompt]  # ``_store_ask``
        return


def answer(g: Rules, s: MGState, a: Action) -> None:
    """Hand the chosen legal action to the frame waiting for it (the top one), as
    ``MACHINE.answer(s, a, ctx=g)`` does: the question is forgotten, the frame's ``answer`` runs."""
    if not s.stack:
        raise RuntimeError(f"{MACHINE.game}: an answer with no frame waiting for it")
    f = s.stack[-1]
    f.pop("ask", None)
    ANSWERS[f["t"]](g, s, f, a)


NEXT_PHASE = {ph: PHASES[(i + 1) % len(PHASES)] for i, ph in enumerate(PHASES)}


def next_phase(g: Rules, s: MGState) -> None:
    end_phase(g, s)
    s.phase = NEXT_PHASE.get(s.phase, PHASES[0])
    emit(s, "phase", phase_term=s.phase, round=s.round)
    if s.phase == "refresh":
        push(s, {"t": "refresh"})
    elif s.phase == "travel":
        push(s, {"t": "travel_all", "pc": 0})
    else:
        push(s, *({"t": s.phase, "g": grp["id"], "pc": 0} for grp in B.groups_in_order(s)))


def end_phase(g: Rules, s: MGState) -> None:
    """Phase-long lasting effects end (Beorn goes back to the deck, Sneak Attack's ally home)."""
    used = s.used
    if used:
        for k in used:
            if k[:3] == "ph:":
                s.used = {k: v for k, v in used.items() if k[:3] != "ph:"}
                break
    if not s.mods:
        return
    ending = [m for m in s.mods if m["until"] == "phase"]
    s.mods = [m for m in s.mods if m["until"] != "phase"]
    for m in ending:
        cid = m.get("c")
        if m["st"] == "shuffle_back" and cid in s.cards:
            B.leave_play(g, s, cid, "deck")
            shuffle(s, s.players[owner_of(cid)]["deck"])
        elif m["st"] == "return_hand" and cid in s.cards:
            B.leave_play(g, s, cid, "hand")


# -- generic frames ------------------------------------------------------------------------------
@frame("ask")
class Ask(Frame):
    """A one-off choice; the answer goes to a named continuation with the frame's context."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        if s.players[f["p"]]["out"] or not f["opts"]:
            return done(s, f)
        return ask(f, f["p"], f.get("kind", "choose"), f["prompt"])  # stored in plain form

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        return list(ask_actions(f))

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        done(s, f)
        CONTINUATIONS[f["k"]](g, s, f["ctx"], a)


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple | list) else value


def option_plain(a: Action) -> list[Any]:
    """An option of an ask frame as plain data (frames live in the state): ``[id, record, card]``,
    the record holding the label and the other fields. The record is tagged ``{"k": "opt"}``:
    format-1 saves kept an English label in that place, and the save loader compares a format-1
    state with its replay by facts, where a tagged record, like a sentence, is words."""
    label = a.label.plain() if isinstance(a.label, Msg) else a.label
    record = {"k": "opt", "label": label, "verb": a.verb, "target": a.target, "amount": a.amount,
              "seat": a.seat, "location": a.location, "extra": [[k, _lists(v)] for k, v in a.extra]}
    return [a.id, record, a.card or ""]


def option_action(o: list[Any]) -> Action:
    """The action an ask frame's stored option stands for (``option_plain`` reversed)."""
    r = o[1]
    return Action(o[0], Msg.from_plain(r["label"]), card=o[2] or None, verb=r["verb"], target=r["target"],
                  amount=r["amount"], seat=r["seat"], location=r["location"],
                  extra=tuple((k, _tuples(v)) for k, v in r["extra"]))


class _AskMemo(threading.local):
    """The actions of the last ask frame's options, per thread, held with the very ``opts``
    list they were read from (a frame's options never change once written; holding the list
    keeps its identity from being reused): ``legal_actions`` and ``apply``'s legality check
    read the same options, and each ``option_action`` builds a label and an action."""

    opts: list[Any] | None = None
    actions: tuple[Action, ...] = ()


_ASK_MEMO = _AskMemo()


def ask_actions(f: dict[str, Any]) -> tuple[Action, ...]:
    """The actions an ask frame's stored options stand for (``option_action`` of each)."""
    memo = _ASK_MEMO
    opts = f["opts"]
    if memo.opts is not opts:
        memo.actions = tuple(option_action(o) for o in opts)
        memo.opts = opts
    return memo.actions


def _as_stored(a: Action) -> Action:
    """``option_action(option_plain(a))`` without the round trip when ``a`` survives it as it is:
    no ``group`` (not stored), a card or none (not ""), no ``extra`` (stored as lists), its label
    a message of frozen arguments, as ``msg`` builds every label (``tests/games/mount_gram``
    compares both at every ask frame of random games)."""
    if a.group or a.card == "" or a.extra or not isinstance(a.label, Msg):
        return option_action(option_plain(a))
    return a


def ask_frame(seat: int, key: str, prompt: Msg, opts: list[Action],
              ctx: dict[str, Any], kind: str = "choose") -> dict[str, Any]:
    """An ask frame offering ``opts``. Its actions as ``ask_actions`` reads them back are known
    now (``_as_stored``): the memo starts with them, so the frame asked next does not rebuild
    each label from its plain form."""
    stored = [option_plain(o) for o in opts]
    memo = _ASK_MEMO
    memo.actions = tuple(_as_stored(o) for o in opts)
    memo.opts = stored
    return {"t": "ask", "p": seat, "k": key, "prompt": prompt.plain(), "opts": stored,
            "ctx": ctx, "kind": kind}


JUST_HAPPENED = frozenset({
    "damaged", "committed", "enemy_destroyed", "revealed", "enters_play", "dwarf_hero_left",
    "defender_declared", "character_destroyed", "shadow_dealt", "ally_left", "travelled", "shadow",
    "played"})
"""The events a trigger window answers; each has a ``term.happened_<event>`` saying what
happened ("damage was just taken"), so the event ids never reach the screen."""


def window_prompt(g: Rules, s: MGState, seat: int, f: dict[str, Any]) -> dict[str, Any]:
    """A response window says what answering does: with one response on offer, the card and its
    effect ("Ana: use Glóin — he gains 1 resource per damage just taken?"); with several, what
    happened. In plain form (``ask``)."""
    if not f["ev"]:
        return {"k": "ask.take_action", "seat": seat}
    offered = g.fx.plays(g, s, seat, f)
    if len(offered) == 1:
        # the event rides along so that a view for another seat can say "respond?" instead when
        # the offered card is one that seat may not see (a card in hand)
        return {"k": "ask.use_one", "seat": seat, "play": offered[0].text(g, s).plain(),
                "happened_term": "happened_" + f["ev"]}
    return {"k": "ask.respond", "seat": seat, "happened_term": "happened_" + f["ev"]}


@frame("win")
class Window(Frame):
    """An action window (``ev`` empty) or a trigger window for responses to ``ev`` (§4, R-48)."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        g.fx.forget()  # plays listed before the frames that just ran are stale
        grp = B.group(s, f["g"])
        if grp is None:
            return done(s, f)
        order = B.members(s, grp)
        while order and f["passes"] < len(order):
            seat = order[f["i"] % len(order)]
            if g.fx.available(g, s, seat, f):
                f["seat"] = seat
                kind = "response" if f["ev"] else "actions"
                return ask(f, seat, kind, window_prompt(g, s, seat, f))
            f["passes"] += 1
            f["i"] += 1
        return done(s, f)

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        out = g.fx.actions(g, s, f["seat"], f)
        out.append(PASS)
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        f["i"] += 1
        if a.verb == "pass":
            f["passes"] += 1
            return
        f["passes"] = 0
        g.fx.execute(g, s, f["seat"], f, a.id)


def window(gid: str, w: str = "any", ev: str = "", ctx: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"t": "win", "g": gid, "w": w, "ev": ev, "ctx": ctx or {}, "i": 0, "passes": 0}


@frame("plan")
class Plan(Frame):
    """A player's part of the planning phase: play allies, attachments and actions, then done."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        p = f["p"]
        g.fx.forget()  # plays listed before the frames that just ran are stale
        if s.players[p]["out"] or not g.fx.available(g, s, p, f):
            return done(s, f)
        return ask(f, p, "plan", {"k": "ask.plan", "seat": p})

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        out = g.fx.actions(g, s, f["p"], f)
        out.append(FINISH_PLANNING)
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            done(s, f)
            return
        g.fx.execute(g, s, f["p"], f, a.id)


# -- resource and planning ---------------------------------------------------------------------
@frame("resource")
class Resource(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        if grp is None:
            return done(s, f)
        for p in B.members(s, grp):
            for h in B.heroes(g, s, p):
                B.add_resources(g, s, h, 1)
            pl = s.players[p]
            got = draw(s, pl["deck"], 1)
            pl["hand"].extend(got)
        done(s, f)
        push(s, window(grp["id"]))
        return False


@frame("planning")
class Planning(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        done(s, f)
        if grp is not None:
            push(s, *({"t": "plan", "p": p, "w": "plan", "ev": ""} for p in B.members(s, grp)),
                 window(grp["id"]))
        return False


# -- quest -------------------------------------------------------------------------------------
@frame("quest")
class Quest(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        if grp is None or not grp["members"]:
            return done(s, f)
        gid = grp["id"]
        pc = f["pc"]
        if pc == 0:
            f["pc"] = 1
            sides = [c for c in grp["staging"] if g.defs[c].type == "side_quest"]
            if sides:
                first = B.members(s, grp)[0]
                opts = [Action("main", msg("act.main_quest"), verb="main")] + [
                    Action(f"side {c}", msg("act.side_quest", card=c), card=c, verb="side") for c in sides]
                push(s, ask_frame(first, "choose_side", msg("ask.choose_side"), opts, {"g": gid}))
            return False
        if pc == 1:
            f["pc"] = 2
            push(s, *({"t": "commit", "p": p} for p in B.members(s, grp)), window(gid, "quest"))
            return False
        if pc == 2:
            f["pc"] = 3
            n = len(B.members(s, grp))
            push(s, *({"t": "reveal", "g": gid, "pc": 0} for _ in range(n)), window(gid, "quest"))
            return False
        if pc == 3:
            f["pc"] = 4
            w = B.committed_wp(g, s, grp)
            t = B.staging_threat(g, s, grp)
            emit(s, "quest", wp=w, threat=t, g=gid)
            if w > t:
                B.place_progress(g, s, grp, w - t)
            elif t > w:
                for p in B.members(s, grp):
                    B.raise_threat(g, s, p, t - w, QUEST_FAILED)
            return False
        for c in B.group_chars(s, grp):
            s.cards[c]["com"] = False
        grp["side"] = None
        return done(s, f)


QUEST_FAILED = msg("why.quest_failed")
"""Why threat rises after a failed quest (a message is immutable: one for every quest)."""


@continuation("choose_side")
def _choose_side(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    grp = B.group(s, ctx["g"])
    if grp and a.verb == "side":
        grp["side"] = a.card
        emit(s, "side", card=a.card)


@frame("commit")
class Commit(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        p = f["p"]
        cards = s.cards
        if s.players[p]["out"] or not any(not cards[c]["ex"] and not cards[c]["com"]
                                          for c in s.players[p]["chars"]):
            return done(s, f)  # nobody left to commit
        return ask(f, p, "commit", {"k": "ask.commit", "seat": p})

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        cards = s.cards
        out = [commit_action(c, B.wp(g, s, c)) for c in s.players[f["p"]]["chars"]
               if not cards[c]["ex"] and not cards[c]["com"]]
        out.append(DONE_COMMITTING)
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            done(s, f)
            return
        c = a.card
        assert c is not None
        s.cards[c]["ex"] = True
        s.cards[c]["com"] = True
        emit(s, "commit", seat=f["p"], card=c)
        g.fx.trigger(g, s, "committed", {"c": c, "p": f["p"]}, B.group_of(s, f["p"]))


@lru_cache(maxsize=4096)
def commit_action(c: str, wp: int) -> Action:
    """Committing ``c`` (willpower ``wp``): an immutable action, a function of these two values,
    so each is built once (a pure cache, keyed by plain values, on no object)."""
    return Action(f"commit {c}", msg("act.commit", card=c, wp=wp), card=c, group="commit", verb="commit")


@frame("reveal")
class Reveal(Frame):
    """One encounter card revealed into a group (§4.3 step 2, R-51)."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        if grp is None or not grp["members"] or f["pc"] == 4:
            c = f.get("c")
            if c and c in s.limbo:
                s.limbo.remove(c)
                s.enc_discard.append(c)
            return done(s, f)
        pc = f["pc"]
        if pc == 0:
            if not s.encounter and s.enc_discard:
                s.encounter[:0] = s.enc_discard
                s.enc_discard.clear()
                shuffle(s, s.encounter)
                emit(s, "reshuffle", m="reshuffle_encounter")
            if not s.encounter:
                return done(s, f)
            cid = s.encounter.pop()
            s.reveals += 1
            f["c"] = cid
            card = g.defs[cid]
            emit(s, "reveal", card=cid, ctype_term="ctype_" + card.type, g=grp["id"])
            f["pc"] = 1
            if card.type == "treachery":
                s.limbo.append(cid)
            if card.type in ("enemy", "location", "side_quest"):
                B.enter_staging(g, s, cid, grp)
                if card.type == "enemy":
                    g.fx.on_enemy_revealed(g, s, cid, grp)
            return False
        cid = f["c"]
        card = g.defs[cid]
        if pc == 1:
            f["pc"] = 2
            if card.capture and cid in s.cards:
                B.capture_top(g, s, cid, B.members(s, grp), card.capture)
            if card.doomed:
                for p in B.members(s, grp):
                    B.raise_threat(g, s, p, card.doomed, msg("why.doomed", n=card.doomed))
            g.fx.trigger(g, s, "revealed", {"c": cid, "fi": len(s.stack) - 1}, grp, "reveal")
            return False
        if pc == 2:
            f["pc"] = 3
            if f.get("replaced"):
                return done(s, f)
            if not f.get("cancel"):
                for ab in card.has("when_revealed"):
                    g.enc.when_revealed(g, s, grp, cid, ab, f)
            return False
        if pc == 3:
            f["pc"] = 4
            if card.surge or f.get("surge"):
                emit(s, "surge", card=cid)
                push(s, {"t": "reveal", "g": grp["id"], "pc": 0})
            return False
        return False


# -- travel ------------------------------------------------------------------------------------
@frame("travel_all")
class TravelAll(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        if f["pc"] == 0:
            f["pc"] = 1
            g.scen.travel_start(g, s)
            return False
        done(s, f)
        push(s, *({"t": "travel", "g": grp["id"], "pc": 0} for grp in B.groups_in_order(s)))
        return False


@frame("travel")
class Travel(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        if grp is None or not grp["members"]:
            return done(s, f)
        if f["pc"] == 0:
            f["pc"] = 1
            if grp["active"] is None:
                opts = [travel_action(c) for c in grp["staging"]
                        if g.defs[c].type == "location" and g.scen.can_travel(g, s, grp, c)]
                if opts:
                    opts.append(STAY)
                    push(s, ask_frame(B.members(s, grp)[0], "travel", ASK_TRAVEL, opts, {"g": grp["id"]},
                                      kind="travel"))
            return False
        done(s, f)
        push(s, window(grp["id"]))
        return False


STAY = Action("stay", msg("act.stay"), verb="stay")
ASK_TRAVEL = msg("ask.travel")


@lru_cache(maxsize=4096)
def travel_action(c: str) -> Action:
    """Travelling to location ``c``: an immutable action of that one value, built once (a pure
    cache keyed by the card id, like ``engage_action``)."""
    return Action(f"travel {c}", msg("act.travel", card=c), card=c, verb="travel")


@continuation("travel")
def _travel(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    grp = B.group(s, ctx["g"])
    if grp is None or a.verb == "stay" or a.card is None:
        return
    loc = a.card
    for ab in g.defs[loc].has("travel_cost"):
        g.enc.travel_cost(g, s, grp, loc, ab)
    if loc not in grp["staging"] or s.outcome:
        return
    grp["staging"].remove(loc)
    grp["active"] = loc
    emit(s, "travel", card=loc, g=grp["id"])
    g.enc.after_travel(g, s, grp, loc)
    g.fx.trigger(g, s, "travelled", {"c": loc}, grp)


# -- encounter ---------------------------------------------------------------------------------
@frame("encounter")
class Encounter(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        done(s, f)
        if grp is not None and grp["members"]:
            push(s, *({"t": "eopt", "p": p} for p in B.members(s, grp)),
                 {"t": "echeck", "g": grp["id"], "i": 0, "quiet": 0}, window(grp["id"]))
        return False


NO_ENGAGE = Action("pass", msg("act.no_engage"), verb="pass")


@lru_cache(maxsize=4096)
def engage_action(c: str) -> Action:
    """Engaging enemy ``c`` (optional engagement): an immutable action of that one value, built
    once (a pure cache keyed by the card id)."""
    return Action(f"engage {c}", msg("act.engage", card=c), card=c, verb="engage")


@frame("eopt")
class OptionalEngagement(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        p = f["p"]
        if s.players[p]["out"] or not any(g.defs[c].type == "enemy" for c in B.group_of(s, p)["staging"]):
            return done(s, f)  # no enemy to engage
        return ask(f, p, "engage", {"k": "ask.engage", "seat": p})

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        grp = B.group_of(s, f["p"])
        defs = g.defs
        out = [engage_action(c) for c in grp["staging"] if defs[c].type == "enemy"]
        out.append(NO_ENGAGE)
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        done(s, f)
        if a.verb == "engage" and a.card:
            B.engage(g, s, a.card, f["p"])


@frame("echeck")
class EngagementChecks(Frame):
    """§4.5 step 2: passes in turn order until a full pass engages nothing."""

    @staticmethod
    def _tied(g: Rules, s: MGState, grp: Any, p: int) -> list[str]:
        threat = s.players[p]["threat"]
        cands = [(B.engagement_of(g, s, c), c) for c in grp["staging"] if g.defs[c].type == "enemy"]
        cands = [x for x in cands if x[0] <= threat]
        if not cands:
            return []
        best = max(x[0] for x in cands)
        return [c for e, c in cands if e == best]

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        if grp is None:
            return done(s, f)
        order = B.members(s, grp)
        while order and f["quiet"] < len(order):
            p = order[f["i"] % len(order)]
            tied = EngagementChecks._tied(g, s, grp, p)
            if not tied:
                f["quiet"] += 1
                f["i"] += 1
                continue
            if len(tied) > 1:
                f["p"] = p
                return ask(f, p, "engage", {"k": "ask.which_engages", "seat": p})
            B.engage(g, s, tied[0], p)
            f["quiet"] = 0
            f["i"] += 1
            if s.outcome:
                return False
        return done(s, f)

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        grp = B.group(s, f["g"])
        return [Action(f"engage {c}", msg("act.engages_you", card=c), card=c, verb="engage")
                for c in EngagementChecks._tied(g, s, grp, f["p"])]

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        assert a.card is not None
        B.engage(g, s, a.card, f["p"])
        f["quiet"] = 0
        f["i"] += 1


# -- combat ------------------------------------------------------------------------------------
@frame("combat")
class Combat(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        if grp is None or not grp["members"]:
            return done(s, f)
        gid = grp["id"]
        if f["pc"] == 0:
            f["pc"] = 1
            for p in B.members(s, grp):
                enemies = sorted(s.players[p]["engaged"], key=lambda c: -B.engagement_of(g, s, c))
                for e in enemies:
                    if not s.encounter:
                        break
                    s.cards[e]["sh"].append(s.encounter.pop())
                    s.reveals += 1
            push(s, window(gid, "combat"))
            g.fx.trigger(g, s, "shadow_dealt", {}, grp, "combat")
            return False
        if f["pc"] == 1:
            f["pc"] = 2
            push(s, *({"t": "eattacks", "p": p, "done": []} for p in B.members(s, grp)))
            return False
        if f["pc"] == 2:
            f["pc"] = 3
            order = B.members(s, grp)
            ranged = [{"t": "patk", "p": p, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0, "rng": True}
                      for p in order] if len(order) > 1 else []
            push(s, *({"t": "patk", "p": p, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0}
                      for p in order), *ranged, window(gid, "combat"))
            return False
        for e in B.group_enemies(g, s, grp):
            rec = s.cards[e]
            s.enc_discard.extend(rec["sh"] + rec["up"])
            rec["sh"], rec["up"] = [], []
        return done(s, f)


def attacked_key(enemy: str, seat: int) -> str:
    """The ``used`` key saying ``seat`` attacked ``enemy`` this phase (Ranged, §4.6)."""
    return ":".join(("ph:atk", enemy, str(seat)))


def can_attack(g: Rules, s: MGState, enemy: str, seat: int) -> bool:
    rec = s.cards.get(enemy)
    if rec is None:
        return False
    for a in rec["att"]:
        if any(ab["op"] == "cannot_attack" for ab in g.defs[a].has("passive")):
            return False
    return not any(m.get("c") == enemy and m["st"] == "noatk" for m in s.mods)


@frame("eattacks")
class EnemyAttacks(Frame):
    """The enemies engaged with one player attack him one by one, in the order he picks."""

    @staticmethod
    def _left(g: Rules, s: MGState, f: dict[str, Any]) -> list[str]:
        return [e for e in s.players[f["p"]]["engaged"] if e not in f["done"]]

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        if s.players[f["p"]]["out"]:
            return done(s, f)
        left = EnemyAttacks._left(g, s, f)
        if not left:
            return done(s, f)
        if len(left) > 1:
            return ask(f, f["p"], "attack_order", {"k": "ask.attack_order", "seat": f["p"]})
        EnemyAttacks._next(g, s, f, left[0])
        return False

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        return [Action(f"next {e}", msg("act.next_attack", card=e), card=e, verb="next")
                for e in EnemyAttacks._left(g, s, f)]

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        assert a.card is not None
        EnemyAttacks._next(g, s, f, a.card)

    @staticmethod
    def _next(g: Rules, s: MGState, f: dict[str, Any], e: str) -> None:
        f["done"].append(e)
        grp = B.group_of(s, f["p"])
        if can_attack(g, s, e, f["p"]):
            push(s, enemy_attack(e, f["p"]), window(grp["id"], "combat"))


def enemy_attack(enemy: str, seat: int, immediate: bool = False) -> dict[str, Any]:
    return {"t": "eatk", "e": enemy, "p": seat, "pc": 0, "defs": [], "si": 0, "imm": immediate,
            "shadow": "", "cancel": False, "ally_killed": False}


@frame("eatk")
class EnemyAttack(Frame):
    """One enemy attack (§4.6 step 2, §5.15 for immediate attacks)."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        e, p = f["e"], f["p"]
        if e not in s.cards or s.players[p]["out"]:
            return done(s, f)
        pc = f["pc"]
        if pc == 0:
            if not can_attack(g, s, e, p):
                return done(s, f)
            cards = s.cards
            if (not f["defs"] or any(m["st"] == "multidef" and m.get("p") == p for m in s.mods)) and any(
                    not cards[c]["ex"] for c in s.players[p]["chars"]):  # a defender can be declared
                return ask(f, p, "defend", {"k": "ask.defend", "seat": p, "card": e})
            f["pc"] = 1 if not f["defs"] else 2
            return False
        if pc == 1:
            grp = B.group_of(s, p)
            others = [q for q in B.members(s, grp) if q != p]
            while f["si"] < len(others):
                q = others[f["si"]]
                if any(g.defs[c].sentinel and not s.cards[c]["ex"] for c in s.players[q]["chars"]):
                    f["q"] = q
                    return ask(f, q, "defend", {"k": "ask.sentinel", "seat": q, "defended_seat": p})
                f["si"] += 1
            f["pc"] = 2
            return False
        if pc == 2:
            f["pc"] = 4
            rec = s.cards[e]
            if not f["imm"] and rec["sh"]:
                card = rec["sh"].pop(0)
                rec["up"].append(card)
                f["shadow"] = card
                sd = g.defs[card]
                emit(s, "shadow", card=e, shadow_card=card)
                if sd.has("shadow"):
                    f["pc"] = 3
                    g.fx.trigger(g, s, "shadow", {"c": card, "fi": len(s.stack) - 1}, B.group_of(s, p), "combat")
            return False
        if pc == 3:
            f["pc"] = 4
            if f["cancel"]:
                emit(s, "cancel", m="cancel_shadow")
            else:
                for ab in g.defs[f["shadow"]].has("shadow"):
                    g.enc.shadow(g, s, f, ab)
            return False
        if pc == 4:
            f["pc"] = 6
            strength = B.atk(g, s, e)
            defs = [c for c in f["defs"] if c in s.cards]
            if f["defs"]:
                if defs:
                    total = sum(B.defense(g, s, c) for c in defs)
                    dmg = max(0, strength - total)
                    emit(s, "attack", card=e, strength=strength, defense=total)
                    if dmg and len(defs) > 1:  # Stand Together: the defending player picks who takes it
                        f["pc"] = 7
                        f["dmg"] = dmg
                    elif dmg:
                        g.enc.attack_damage(g, s, f, defs[0], dmg)
                return False
            emit(s, "attack", m="attack_undefended", card=e, seat=p, strength=strength, defense=0)
            hs = B.heroes(g, s, p)
            if len(hs) == 1:
                g.enc.attack_damage(g, s, f, hs[0], strength)
            elif hs and strength:
                f["pc"] = 5
                f["dmg"] = strength
            return False
        if pc == 5:
            return ask(f, p, "undefended", {"k": "ask.undefended", "seat": p, "n": f["dmg"]})
        if pc == 7:
            if len([c for c in f["defs"] if c in s.cards]) > 1:
                return ask(f, p, "assign_damage", {"k": "ask.assign_damage", "seat": p, "n": f["dmg"]})
            f["pc"] = 6
            for c in f["defs"]:
                if c in s.cards:
                    g.enc.attack_damage(g, s, f, c, f["dmg"])
            return False
        s.mods = [m for m in s.mods if not (m["until"] == "attack")]
        done(s, f)
        g.enc.after_attack(g, s, f)
        return False

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        p = f["p"]
        if f["pc"] == 5:
            return [Action(f"hero {h}", msg("act.hero_takes", card=h), card=h, verb="hero")
                    for h in B.heroes(g, s, p)]
        if f["pc"] == 7:
            return damage_takers(g, s, f)
        if f["pc"] == 1:
            return [Action(f"defend {c}", msg("act.defend_sentinel", card=c), card=c, verb="defend")
                    for c in s.players[f["q"]]["chars"]
                    if g.defs[c].sentinel and not s.cards[c]["ex"]] + [
                Action("pass", msg("act.no_defend"), verb="pass")]
        out = [Action(f"defend {c}", msg("act.defend", card=c, defense=B.defense(g, s, c)),
                      card=c, group="defend", verb="defend")
               for c in s.players[p]["chars"] if not s.cards[c]["ex"]]
        multi = any(m["st"] == "multidef" and m.get("p") == p for m in s.mods)
        if f["defs"] and not multi:
            return []
        return out + [Action("nodefend", msg("act.no_more_defenders"), verb="nodefend")]

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        if a.verb in ("hero", "take"):
            assert a.card is not None
            g.enc.attack_damage(g, s, f, a.card, f["dmg"])
            f["pc"] = 6
            return
        if a.verb in ("nodefend", "pass"):
            if f["pc"] == 1:
                f["si"] += 1
            else:
                f["pc"] = 1 if not f["defs"] else 2
            return
        c = a.card
        assert c is not None
        s.cards[c]["ex"] = True
        f["defs"].append(c)
        emit(s, "defend", card=c, enemy_card=f["e"])
        multi = any(m["st"] == "multidef" and m.get("p") == f["p"] for m in s.mods)
        if f["pc"] == 1 or not multi:
            f["pc"] = 2
        grp = B.group_of(s, f["p"])
        g.fx.trigger(g, s, "defender_declared", {"c": c, "e": f["e"], "p": f["p"]}, grp)


def _taker_rank(g: Rules, s: MGState, f: dict[str, Any], c: str) -> tuple[int, ...]:
    """Who should take a multi-defender attack's damage (§4.6, Stand Together): one that survives and is not captured
    by it (Cruel Torturer, Captives), a hero before an ally, the most hit points left; when every
    one would fall, an ally rather than a hero."""
    left = B.hp(g, s, c) - s.cards[c]["dmg"]
    captured = g.enc.captures_target(g, s, f, c)
    dies = left <= f["dmg"]
    hero = g.defs[c].type == "hero"
    return (captured, dies, hero if dies else not hero, -left)  # one that falls: an ally, not a hero


def damage_takers(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
    defs = sorted((c for c in f["defs"] if c in s.cards), key=lambda c: _taker_rank(g, s, f, c))
    out = []
    for i, c in enumerate(defs):
        rank = _taker_rank(g, s, f, c)
        label = msg("act.take_damage", card=c, n=f["dmg"])
        if rank[0] or rank[1]:
            label = noted(label, msg("note.captured_by_attack" if rank[0] else "note.destroyed"))
        if i == 0:  # the recommended one always says why
            why = ("why.survives_it" if not rank[1] else "why.least_to_lose") if not rank[0] \
                else "why.all_captured"
            label = recommended(label, msg(why))
        out.append(Action(f"take {c}", label, card=c, verb="take"))
    return out


@frame("patk")
class PlayerAttack(Frame):
    """A player's attacks against the enemies engaged with him (§4.6 step 3)."""

    @staticmethod
    def _targets(g: Rules, s: MGState, f: dict[str, Any]) -> list[str]:
        p = f["p"]
        if f.get("rng"):
            return PlayerAttack._ranged_targets(g, s, f)
        ready = [c for c in s.players[p]["chars"] if not s.cards[c]["ex"]]
        if not ready:
            return []
        out = [e for e in s.players[p]["engaged"] if e not in f["done"]]
        attackers = g.facts.staging_attackers  # (``staging_attacker`` of each, as card data)
        if any(g.defs[c].key in attackers for c in ready):
            grp = B.group_of(s, p)
            out += [e for e in grp["staging"] if g.defs[e].type == "enemy" and e not in f["done"]]
        return out

    @staticmethod
    def _ranged_targets(g: Rules, s: MGState, f: dict[str, Any]) -> list[str]:
        """§4.6 step 3: after every player's own attacks, a player's Ranged characters may
        attack an enemy engaged with another player of the group that this player did not
        attack (and that he has not attacked himself)."""
        p = f["p"]
        if not PlayerAttack._ranged(g, s, p):
            return []
        used = s.used
        return [e for q in B.group_of(s, p)["members"] if q != p for e in s.players[q]["engaged"]
                if attacked_key(e, q) not in used and attacked_key(e, p) not in used and e not in f["done"]]

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        p = f["p"]
        if s.players[p]["out"]:
            return done(s, f)
        if f["pc"] == 0:
            if not PlayerAttack._targets(g, s, f):
                return done(s, f)
            if f.get("rng"):
                return ask(f, p, "ranged_attack", {"k": "ask.ranged_attack", "seat": p})
            return ask(f, p, "attack", {"k": "ask.attack", "seat": p})
        if f["e"] not in s.cards:
            return PlayerAttack._reset(s, f)
        if f["pc"] == 1:
            opts = PlayerAttack.options(g, s, f)
            if len(opts) == 1:  # one character that can attack it, or nobody left to add: not asked
                PlayerAttack.answer(g, s, f, opts[0])
                return False
            return ask(f, p, "attackers", {"k": "ask.attackers", "seat": p, "card": f["e"]})
        if f["pc"] == 2:
            grp = B.group_of(s, p)
            holder = B.engaged_with(s, f["e"]) if f.get("rng") else -1
            others = [q for q in B.members(s, grp) if q not in (p, holder)]
            while f["ri"] < len(others):
                q = others[f["ri"]]
                if PlayerAttack._ranged(g, s, q):
                    f["q"] = q
                    return ask(f, q, "attackers", {"k": "ask.add_ranged", "seat": q})
                f["ri"] += 1
            f["pc"] = 3
            return False
        g.fx.resolve_attack(g, s, f["p"], f["atk"], f["e"])
        if f.get("quick"):
            return done(s, f)
        return PlayerAttack._reset(s, f)

    @staticmethod
    def _reset(s: MGState, f: dict[str, Any]) -> bool:
        f.update(pc=0, e="", atk=[], ri=0)
        if f.get("quick"):
            return done(s, f)
        return False

    @staticmethod
    def _ranged_options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        """A partner's enemies for the Ranged characters, the recommended first: one they can
        destroy, else the one they hurt most; not attacking first when none would take damage."""
        strength = sum(B.atk(g, s, c) for c in PlayerAttack._ranged(g, s, f["p"]))

        def hurt(e: str) -> tuple[int, int]:
            dmg = max(0, strength - B.defense(g, s, e))
            return dmg, int(dmg >= B.hp(g, s, e) - s.cards[e]["dmg"])

        targets = sorted(PlayerAttack._targets(g, s, f), key=lambda e: (-hurt(e)[1], -hurt(e)[0]))
        out = []
        for i, e in enumerate(targets):
            dmg, kills = hurt(e)
            label = msg("act.ranged_attack", card=e, seat=B.engaged_with(s, e))
            if i == 0 and dmg:
                label = recommended(label, msg("why.they_destroy_it") if kills else msg("why.most_damage", n=dmg))
            out.append(Action(f"attack {e}", label, card=e, group="attack", verb="attack"))
        stop = Action("done", msg("act.no_ranged"), verb="done")
        if not targets or not hurt(targets[0])[0]:
            return [Action("done", recommended(msg("act.no_ranged"), msg("why.no_damage")), verb="done")] + out
        return out + [stop]

    @staticmethod
    def _ranged(g: Rules, s: MGState, q: int) -> list[str]:
        return [c for c in s.players[q]["chars"] if g.defs[c].ranged and not s.cards[c]["ex"]]

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        p = f["p"]
        if f["pc"] == 0:
            if f.get("rng"):
                return PlayerAttack._ranged_options(g, s, f)
            return [Action(f"attack {e}", msg("act.attack", card=e), card=e, group="attack", verb="attack")
                    for e in PlayerAttack._targets(g, s, f)] + [
                Action("done", msg("act.no_more_attacks"), verb="done")]
        if f["pc"] == 2:
            return [Action(f"with {c}", msg("act.add_ranged", card=c), card=c, verb="with")
                    for c in PlayerAttack._ranged(g, s, f["q"])] + [
                Action("pass", msg("act.no_join"), verb="pass")]
        staging = s.cards[f["e"]]["g"] != ""
        if staging and f["atk"]:
            return [ATTACK_NOW]
        rng = bool(f.get("rng"))
        out = [Action(f"with {c}", msg("act.attack_with", card=c, atk=B.atk(g, s, c)), card=c, verb="with")
               for c in s.players[p]["chars"] if not s.cards[c]["ex"] and c not in f["atk"]
               and (not staging or g.fx.staging_attacker(g, c)) and (not rng or g.defs[c].ranged)]
        if f["atk"]:
            out.append(ATTACK_NOW)
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            done(s, f)
            return
        if a.verb == "go":
            staging = s.cards[f["e"]]["g"] != ""
            f["pc"] = 3 if staging else 2
            return
        if a.verb == "pass":
            f["ri"] += 1
            return
        cid = a.card
        assert cid is not None
        if a.verb == "attack":
            f["e"] = cid
            f["done"].append(cid)
            f["pc"] = 1
            s.used[attacked_key(cid, f["p"])] = 1  # who attacked whom this phase (Ranged, §4.6)
            return
        s.cards[cid]["ex"] = True
        f["atk"].append(cid)


# -- refresh -----------------------------------------------------------------------------------
@frame("refresh")
class Refresh(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        if f.get("pc", 0) == 0:
            f["pc"] = 1
            for rec in s.cards.values():
                rec["ex"] = False
            for p in B.turn_order(s):
                B.raise_threat(g, s, p, 1)
            if s.outcome:
                return False
            order = B.turn_order(s)
            if order:
                n = len(s.players)
                nxt = (s.first + 1) % n
                while s.players[nxt]["out"]:
                    nxt = (nxt + 1) % n
                s.first = nxt
            # End-of-round Forced effects (Stop the Executioners!' time, Gandalf leaving) trigger
            # together: each group's first player orders his group's (§5.9).
            items = g.scen.end_of_refresh(g, s)
            leaving = g.facts.forced_by_op.get("discard_self", frozenset())
            for cid in list(s.cards):
                if g.defs[cid].key in leaving:  # a Forced ``discard_self`` (``CardFacts.forced_by_op``)
                    items.append({"op": "discard_self", "c": cid, "rank": 1,
                                  "label": msg("act.leaves_end_of_round", card=cid).plain()})
            by_group: dict[str, list[dict[str, Any]]] = {}
            for item in items:
                grp = B.group_of_card(s, item["c"])
                by_group.setdefault(grp["id"] if grp else "", []).append(item)
            push(s, *({"t": "forced", "g": gid, "items": sorted(its, key=lambda i: i["rank"])}
                      for gid, its in sorted(by_group.items(), key=lambda kv: _group_rank(s, kv[0]))))
            return False
        done(s, f)
        s.mods = [m for m in s.mods if m["until"] not in ("round",)]
        s.used = {}
        if s.round >= s.options.get("round_limit", 100):
            B.end(s, "lost", msg("end.round_limit", round=s.round))
            return False
        s.round += 1
        return False


def _group_rank(s: MGState, gid: str) -> int:
    order = [grp["id"] for grp in B.groups_in_order(s)]
    return order.index(gid) if gid in order else len(order)

