"""The Game: set-up, decisions, legal actions, apply, views, secrets and invariants."""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from tabletop.engine import Action, CardFace, Decision, Game, IllegalAction, Result, Seat, emit, visible_log
from tabletop.engine.msg import Msg, msg

from . import board as B
from . import effects as fx
from . import encounter as enc
from .cards import SPHERES, CardDef, DefTable, key_of, owner_of, player_cards
from .context import CardFacts
from .faces import face_of
from .flow import FINISH_PLANNING, FRAMES, PASS, advance, answer, ask_actions, option_action
from .scenario import MountGramScenario, QuestScenario
from .state import MGState, clone_state
from .views import MGView


class _Last(threading.local):
    """The last question turned into a ``Decision``, per thread, held with the very ``ask`` list
    of the frame that asks it (a new list for every question, never changed): asked again while
    the state stands still, the same object comes back. Kept here, not on the game object, so
    two matches or threads never share it. ``legal`` is the last list of legal actions, held
    the same way (with the state, its step and log length, and the question's ``ask`` list):
    ``apply`` looks the chosen id up in it instead of listing the actions again."""

    decision: tuple[list[Any], Decision] | None = None
    legal: tuple[MGState, int, int, list[Any], tuple[Action, ...]] | None = None


_LAST = _Last()


def prompt_msg(plain: dict[str, Any]) -> Msg:
    """``Msg.from_plain`` of a question's prompt. Most prompts are flat ("ask.commit" and a
    seat): those are built once each (``_flat_msg``, a pure cache keyed by the plain values,
    strings and whole numbers only, so that ``True`` and ``1`` never share an entry); any
    other prompt is read as it is."""
    items = tuple(plain.items())
    for _, value in items:
        kind = type(value)
        if kind is not str and kind is not int:
            return Msg.from_plain(plain)
    return _flat_msg(items)


@lru_cache(maxsize=4096)
def _flat_msg(items: tuple[tuple[str, Any], ...]) -> Msg:
    """The message of a flat plain form (no nested message or list): ``Msg.from_plain``."""
    return Msg.from_plain(dict(items))


@lru_cache(maxsize=4096)
def _decision(seat: int, kind: str, prompt: Msg) -> Decision:
    """A decision: immutable, a function of these three values, so each is built once (a pure
    cache keyed by plain values; the prompts of ``prompt_msg`` are mostly shared already)."""
    return Decision(seat, kind, prompt)


@lru_cache(maxsize=4096)
def _flat_decision(seat: int, kind: str, items: tuple[tuple[str, Any], ...]) -> Decision:
    """``_decision`` of a flat prompt given as its plain items (strings and whole numbers only,
    ``prompt_msg``): one cache look-up for the question asked at almost every step."""
    return _decision(seat, kind, _flat_msg(items))


def _listed(s: MGState, action_id: str) -> Action | None:
    """The action ``action_id`` among the legal actions last listed for this very question of
    this state, as it stands (``_Last.legal``); None when they were listed for another."""
    last = _LAST.legal
    if last is None or last[0] is not s or last[1] != s.step or last[2] != len(s.log) \
            or not s.stack or s.stack[-1].get("ask") is not last[3]:
        return None
    for a in last[4]:
        if a.id == action_id:
            return a
    return None


class MountGram(Game[MGState]):
    state_type = MGState
    view_type = MGView

    def __init__(self, scenario: QuestScenario | None = None) -> None:
        from . import SPEC

        self.spec = SPEC
        self.scen = scenario or MountGramScenario()
        self.db: dict[str, CardDef] = {**player_cards(), **self.scen.cards}
        self.defs = DefTable(self.db, self.spec.max_players)
        self.fx = fx
        self.enc = enc
        self.facts = CardFacts.of(self.db)

    # -- set-up ----------------------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> MGState:
        s = MGState(rng=seed)
        s.options = dict(options)
        spheres: list[str] = []
        for i in range(len(seats)):
            wanted = options.get(f"deck_{i + 1}", SPHERES[i])
            # Decks must differ (unique heroes): a repeated choice takes the next free deck.
            spheres.append(wanted if wanted not in spheres else
                           next(sp for sp in SPHERES if sp not in spheres))
        self.scen.setup(self, s, [seat.name for seat in seats], spheres)
        s.next_id = len(self._all_cards(s))
        emit(s, "setup", title_term="scenario_" + self.scen.key, n=len(seats), seat=s.first)
        advance(self, s)
        return s

    # -- protocol --------------------------------------------------------------------------------
    def clone(self, s: MGState) -> MGState:
        return clone_state(s)

    def decision(self, s: MGState) -> Decision | None:
        if s.outcome or not s.stack:
            return None
        ask = s.stack[-1].get("ask")
        if ask is None:
            return None
        last = _LAST.decision
        if last is not None and last[0] is ask:
            return last[1]  # a Decision is immutable: the same question gets the same object
        plain = ask[2]
        items = tuple(plain.items())
        for _, value in items:
            kind = type(value)
            if kind is not str and kind is not int:
                d = _decision(ask[0], ask[1], Msg.from_plain(plain))
                break
        else:  # a flat prompt (``prompt_msg``): the decision of these plain values, built once
            d = _flat_decision(ask[0], ask[1], items)
        _LAST.decision = (ask, d)
        return d

    def legal_actions(self, s: MGState) -> list[Action]:
        if s.outcome or not s.stack or "ask" not in s.stack[-1]:
            return []
        f = s.stack[-1]
        out = FRAMES[f["t"]].options(self, s, f)
        _LAST.legal = (s, s.step, len(s.log), f["ask"], tuple(out))
        return out

    def apply(self, s: MGState, action_id: str) -> None:
        action = self._quick_action(s, action_id)
        if action is None:
            action = _listed(s, action_id)
        if action is None:
            action = self.find_action(s, action_id)  # the full check: raises IllegalAction with the reason
        answer(self, s, action)
        # Counted after the answer so that it reuses the plays listed for the legality check
        # (they are memoised per step); nothing in the answer reads the step.
        s.step += 1
        advance(self, s)  # (which forgets the memoised plays first)
        if not s.outcome and (not s.stack or s.stack[-1].get("ask") is None):
            raise IllegalAction("internal: no decision after an action")

    def _quick_action(self, s: MGState, action_id: str) -> Action | None:
        """The legal action ``action_id`` stands for, found without listing every action: in an
        action window or planning among the memoised plays (no label written), in an ask frame
        among its stored options, when committing among the ready characters. ``None`` means
        "not known": ``find_action`` then decides (and explains a refusal)."""
        if s.outcome or not s.stack:
            return None
        f = s.stack[-1]
        if "ask" not in f:
            return None
        kind = f["t"]
        if kind == "win":
            seat, last = f["seat"], PASS
        elif kind == "plan":
            seat, last = f["p"], FINISH_PLANNING
        elif kind == "ask":  # Ask.options: one action per listed option
            return next((a for a in ask_actions(f) if a.id == action_id), None)
        elif kind == "commit":  # Commit.options: each ready, uncommitted character, then "done"
            if action_id == "done":
                return Action("done", "", verb="done")
            cards = s.cards
            return next((Action(action_id, "", card=c, verb="commit") for c in s.players[f["p"]]["chars"]
                         if f"commit {c}" == action_id and not cards[c]["ex"] and not cards[c]["com"]), None)
        else:
            return None
        if action_id == last.id:
            return last
        return fx.quick_action(self, s, seat, f, action_id)

    def result(self, s: MGState) -> Result | None:
        if not s.outcome:
            return None
        winners = tuple(range(len(s.players))) if s.outcome == "won" else ()
        score = float(self.score(s))
        scores = tuple(score for _ in s.players)
        if isinstance(s.reason, str):  # a game finished and saved in format 1: its English reason
            return Result(winners, scores, s.reason + " (score " + str(int(score)) + ")")
        return Result(winners, scores, msg("end.result", reason=Msg.from_plain(s.reason), score=int(score)))

    def score(self, s: MGState) -> int:
        """The optional Core Set score, lower is better (§5.16, R-46, marked uncertain there):
        surviving players' threat + threat cost of heroes in discard piles + damage on surviving
        heroes - victory points. Shared by the whole table."""
        total = 0
        for i, p in enumerate(s.players):
            total += sum(self.db[key_of(c)].threat_cost for c in p["discard"]
                         if self.db[key_of(c)].type == "hero")
            if not p["out"]:
                total += p["threat"] + sum(s.cards[h]["dmg"] for h in B.heroes(self, s, i))
        return total - sum(self.db[key_of(c)].victory for c in s.victory)

    def turn_key(self, s: MGState) -> Any:
        d = self.decision(s)
        return (s.round, s.phase, d.seat if d else -1)

    def summary(self, s: MGState) -> Msg:
        stages = sorted({self.db[key_of(g["quest"])].stage for g in s.groups if g["quest"] in s.cards})
        if not stages:
            return msg("sum.no_stage", round=s.round, phase_term=s.phase)
        label = msg("w.number", n=int(stages[0]))
        for x in stages[1:]:
            label = msg("w.slash", base=label, n=int(x))
        return msg("sum.round", round=s.round, phase_term=s.phase, stages=label)

    def face(self, card_id: str) -> CardFace:
        """How a screen draws this card (a face-down card for an unknown id)."""
        card = self.db.get(key_of(card_id)) if "." in card_id else None
        return face_of(card, card_id) if card else CardFace.hidden(card_id)

    # -- views -----------------------------------------------------------------------------------
    def _card(self, s: MGState, cid: str, seat: int | None) -> dict[str, Any]:
        card = self.db[key_of(cid)]
        rec = s.cards[cid]
        out: dict[str, Any] = {"id": cid, "name": card.name, "type": card.type}
        if card.character:
            out.update(wp=B.wp(self, s, cid), atk=B.atk(self, s, cid), defense=B.defense(self, s, cid),
                       hp=B.hp(self, s, cid), dmg=rec["dmg"], exhausted=rec["ex"],
                       committed=rec["com"], sphere=card.sphere)
            if card.type == "hero":
                out["res"] = rec["res"]
        elif card.type == "enemy":
            out.update(eng=B.engagement_of(self, s, cid), threat=B.threat_of(self, s, cid),
                       atk=B.atk(self, s, cid), defense=B.defense(self, s, cid), hp=B.hp(self, s, cid),
                       dmg=rec["dmg"], shadows=len(rec["sh"]),
                       shadows_up=[{"id": c, "name": self.db[key_of(c)].name} for c in rec["up"]])
        elif card.type == "location":
            out.update(threat=B.threat_of(self, s, cid), qp=card.qp, prog=rec["prog"])
        elif card.type in ("side_quest", "quest"):
            qp = int(s.options.get("flight_threshold", card.qp)) if card.key == "flight_from_mount_gram" else card.qp
            out.update(qp=qp, prog=rec["prog"], time=rec["time"], stage=card.stage)
        if rec["att"]:
            out["att"] = [{"id": a, "name": self.db[key_of(a)].name, "exhausted": s.cards[a]["ex"]}
                          for a in rec["att"]]
        if rec["cap"]:
            counts: dict[int, int] = {}
            for c in rec["cap"]:
                who = owner_of(c)
                counts[who] = counts.get(who, 0) + 1
            out["captured"] = [{"seat": who, "n": n} for who, n in counts.items()]
        return out

    def view(self, s: MGState, seat: int | None) -> MGView:  # type: ignore[override]
        d = self.decision(s)
        hidden = self.secrets(s, seat)
        prompt = d.prompt.plain() if d and isinstance(d.prompt, Msg) else None
        if prompt is not None and _touches(prompt, hidden):
            if prompt["k"] == "ask.use_one":  # "use <a card in hand> — what it does?" names the card
                prompt = {"k": "ask.respond", "seat": prompt["seat"], "happened_term": prompt["happened_term"]}
            prompt = _hide(prompt, hidden)
        log = [_hide(e, hidden) if _touches(e, hidden) else e for e in visible_log(s, seat, last=40)]
        open_hands = s.options.get("open_hands", False)
        players = []
        for i, p in enumerate(s.players):
            show = seat == i or (open_hands and seat is not None)
            players.append({
                "name": p["name"], "sphere": p["sphere"], "threat": p["threat"], "out": p["out"],
                "first": i == s.first, "deck": len(p["deck"]), "captured_deck": len(p["captured"]),
                "hand": list(p["hand"]) if show else len(p["hand"]),
                "hand_names": [self.db[key_of(c)].name for c in p["hand"]] if show else [],
                "discard": list(p["discard"]),
                "chars": [self._card(s, c, seat) for c in p["chars"]],
                "engaged": [self._card(s, c, seat) for c in p["engaged"]],
            })
        groups = []
        for grp in B.groups_in_order(s):
            groups.append({
                "id": grp["id"], "members": list(grp["members"]),
                "staging": [self._card(s, c, seat) for c in grp["staging"]],
                "active": self._card(s, grp["active"], seat) if grp["active"] else None,
                "quest": self._card(s, grp["quest"], seat) if grp["quest"] in s.cards else None,
                "current_side_quest": grp["side"],
                "staging_threat": B.staging_threat(self, s, grp),
                "committed_wp": B.committed_wp(self, s, grp),
            })
        peek = s.peeks.get(str(seat)) if seat is not None else None
        fight = None
        top = s.stack[-1] if s.stack else {}
        if top.get("t") == "patk" and top.get("e") in s.cards:
            fight = {"enemy": top["e"], "attackers": [c for c in top["atk"] if c in s.cards],
                     "strength": sum(B.atk(self, s, c) for c in top["atk"] if c in s.cards)}
        defence = None
        if top.get("t") == "eatk" and top.get("e") in s.cards:
            defence = {"enemy": top["e"], "player": top["p"], "defenders": [c for c in top["defs"] if c in s.cards],
                       "attack": B.atk(self, s, top["e"])}
        looking = [{"id": c, "name": self.db[key_of(c)].name} for c in self._looking(s, seat)]
        return {
            "attack": fight, "enemy_attack": defence, "looking_at": looking,
            "game": "mount_gram", "scenario": self.scen.title, "round": s.round, "phase": s.phase,
            "first": s.first, "to_act": d.seat if d else None, "step_kind": d.kind if d else "",
            "prompt": prompt,
            "outcome": s.outcome, "reason": s.reason if isinstance(s.reason, dict) and s.reason else None,
            "players": players, "groups": groups, "encounter_deck": len(s.encounter),
            "encounter_discard": list(s.enc_discard), "victory": list(s.victory),
            "removed": len(s.removed), "set_aside": len(s.set_aside),
            "peek": {"id": peek, "name": self.db[key_of(peek)].name}
            if peek and peek in self._peek_valid(s) else None,
            "hand": list(s.players[seat]["hand"]) if seat is not None else [],
            "log": log,
        }

    LOOK_KEYS = ("prison_cell", "search_top", "search_order", "dungeon_guard")

    def _looking(self, s: MGState, seat: int | None) -> list[str]:
        """Hidden cards the deciding seat may look at right now: the cards under a Prison Cell
        (R-5), the top of a deck for Gandalf's Search, the cards a Dungeon Guard just freed."""
        top = s.stack[-1] if s.stack else None
        if seat is None or not top or top.get("t") != "ask" or top["p"] != seat or top["k"] not in self.LOOK_KEYS:
            return []
        if top["k"] == "search_order":  # every card being ordered, not only those with an option
            return list(top["ctx"]["rest"])
        return [c for o in top["opts"] for c in (option_action(o).card or option_action(o).target,) if c]

    def _peek_valid(self, s: MGState) -> set[str]:
        out = set(s.encounter[-1:])
        for rec in s.cards.values():
            out.update(rec["sh"])
        return out

    def secrets(self, s: MGState, seat: int | None) -> set[str]:
        hidden = set(s.encounter)
        open_hands = s.options.get("open_hands", False)
        for rec in s.cards.values():
            hidden.update(rec["sh"])
            hidden.update(rec["cap"])
        for i, p in enumerate(s.players):
            hidden.update(p["deck"])
            hidden.update(p["captured"])
            if i != seat and not (open_hands and seat is not None):
                hidden.update(p["hand"])
        hidden.update(s.removed)
        hidden.difference_update(self._looking(s, seat))
        if seat is not None:
            peek = s.peeks.get(str(seat))
            if peek and peek in self._peek_valid(s):
                hidden.discard(peek)
        return hidden

    # -- invariants ------------------------------------------------------------------------------
    def _all_cards(self, s: MGState) -> list[str]:
        out = list(s.cards)
        for rec in s.cards.values():
            out += rec["cap"] + rec["sh"] + rec["up"]
        for p in s.players:
            out += p["deck"] + p["hand"] + p["discard"] + p["captured"]
        out += s.encounter + s.enc_discard + s.victory + s.set_aside + s.removed + s.limbo
        return [c for c in out if not c.startswith("q.")]  # quest stages come and go by design

    def invariants(self, s: MGState) -> list[str]:
        problems = []
        cards = self._all_cards(s)
        if len(cards) != len(set(cards)):
            dup = sorted({c for c in cards if cards.count(c) > 1})[:3]
            problems.append("cards in two places: " + ", ".join(dup))
        if len(set(cards)) != s.next_id:
            problems.append(f"card count {len(set(cards))} != {s.next_id}")
        for i, p in enumerate(s.players):
            if p["threat"] < 0:
                problems.append(f"negative threat for seat {i}")
            for c in p["chars"] + p["engaged"]:
                if c not in s.cards or s.cards[c]["ctl"] != i:
                    problems.append(f"{c} listed for seat {i} but not controlled by it")
        for rec in s.cards.values():
            if rec["dmg"] < 0 or rec["res"] < 0 or rec["prog"] < 0:
                problems.append("negative tokens")
        for grp in s.groups:
            for c in grp["staging"]:
                if c not in s.cards or s.cards[c]["g"] != grp["id"]:
                    problems.append(f"{c} in staging {grp['id']} without its record")
        return problems


HIDDEN_CARD: dict[str, Any] = {"k": "w.hidden_card"}
"""What a card the viewer may not see becomes in a view's log and prompt ("a face-down card")."""


def _touches(value: Any, hidden: set[str]) -> bool:
    """Whether a message (plain form) names a card in ``hidden``."""
    if isinstance(value, str):
        return value in hidden
    if isinstance(value, dict):
        return any(_touches(v, hidden) for v in value.values())
    if isinstance(value, list):
        return any(_touches(v, hidden) for v in value)
    return False


def _hide(value: Any, hidden: set[str]) -> Any:
    """A copy of a message (plain form) where each card in ``hidden`` is a face-down card. An
    event names the cards it was about; a card captured, shuffled away or taken into a hand
    since then is hidden again, and the log must not tell which it was."""
    if isinstance(value, str):
        return HIDDEN_CARD if value in hidden else value
    if isinstance(value, dict):
        return {k: _hide(v, hidden) for k, v in value.items()}
    if isinstance(value, list):
        if any(isinstance(v, str) and v in hidden for v in value):  # a list of cards: say each
            return {"k": "w.list", "items": [HIDDEN_CARD if v in hidden else {"k": "w.card", "card": v}
                                             for v in value]}
        return [_hide(v, hidden) for v in value]
    return value
