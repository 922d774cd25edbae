"""The Game: set-up, decisions, legal actions, apply, views, secrets and invariants."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, CardFace, Decision, Game, IllegalAction, Result, Seat, emit, visible_log
from tabletop.engine.words import count

from . import board as B
from . import effects as fx
from . import encounter as enc
from .cards import SPHERES, CardDef, DefTable, key_of, owner_of, player_cards
from .faces import face_of
from .flow import FRAMES, advance
from .scenario import MountGramScenario, QuestScenario
from .state import MGState


class MountGram(Game[MGState]):
    state_type = MGState

    def __init__(self, scenario: QuestScenario | None = None) -> None:
        from . import SPEC

        self.spec = SPEC
        self.scen = scenario or MountGramScenario()
        self.db: dict[str, CardDef] = {**player_cards(), **self.scen.cards}
        self.defs = DefTable(self.db)
        self.fx = fx
        self.enc = enc
        self._last_decision: tuple[list[Any], Decision] | None = None

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
        emit(s, "setup", f"{self.scen.title}: {count(len(seats), 'player')}; first player "
             f"{s.players[s.first]['name']}.")
        advance(self, s)
        return s

    # -- protocol --------------------------------------------------------------------------------
    def decision(self, s: MGState) -> Decision | None:
        if s.outcome or not s.stack:
            return None
        ask = s.stack[-1].get("ask")
        if ask is None:
            return None
        last = self._last_decision
        if last is not None and last[0] == ask:
            return last[1]  # a Decision is immutable: the same question gets the same object
        d = Decision(ask[0], ask[1], ask[2])
        self._last_decision = (list(ask), d)
        return d

    def legal_actions(self, s: MGState) -> list[Action]:
        if s.outcome or not s.stack or "ask" not in s.stack[-1]:
            return []
        f = s.stack[-1]
        return FRAMES[f["t"]].options(self, s, f)

    def apply(self, s: MGState, action_id: str) -> None:
        if not self._quick_legal(s, action_id):
            self.find_action(s, action_id)  # the full check: raises IllegalAction with the reason
        f = s.stack[-1]
        f.pop("ask", None)
        FRAMES[f["t"]].answer(self, s, f, action_id)
        # Counted after the answer so that it reuses the plays listed for the legality check
        # (they are memoised per step); nothing in the answer reads the step.
        s.step += 1
        fx.forget()
        advance(self, s)
        if not s.outcome and (not s.stack or s.stack[-1].get("ask") is None):
            raise IllegalAction("internal: no decision after an action")

    def _quick_legal(self, s: MGState, action_id: str) -> bool:
        """True when ``action_id`` is surely legal now, found without writing any label: in an
        action window or planning, among the ids of the memoised plays. False means "not
        known": ``find_action`` then decides (and explains a refusal)."""
        if s.outcome or not s.stack:
            return False
        f = s.stack[-1]
        if "ask" not in f:
            return False
        kind = f["t"]
        if kind == "win":
            seat, last = f["seat"], "pass"
        elif kind == "plan":
            seat, last = f["p"], "done"
        elif kind == "ask":  # Ask.options: one action per listed option
            return any(o[0] == action_id for o in f["opts"])
        elif kind == "commit":  # Commit.options: each ready, uncommitted character, then "done"
            if action_id == "done":
                return True
            cards = s.cards
            return any(f"commit {c}" == action_id for c in s.players[f["p"]]["chars"]
                       if not cards[c]["ex"] and not cards[c]["com"])
        else:
            return False
        if action_id == last:
            return True
        return any(p.aid == action_id for p in fx.plays(self, s, seat, f))

    def result(self, s: MGState) -> Result | None:
        if not s.outcome:
            return None
        winners = tuple(range(len(s.players))) if s.outcome == "won" else ()
        score = float(self.score(s))
        return Result(winners, tuple(score for _ in s.players), f"{s.reason} (score {int(score)})")

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

    def summary(self, s: MGState) -> str:
        stages = sorted({self.db[key_of(g["quest"])].stage for g in s.groups if g["quest"] in s.cards})
        return f"round {s.round}, {s.phase} phase, stage {'/'.join(stages) or '-'}"

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
            counts: dict[str, int] = {}
            for c in rec["cap"]:
                who = s.players[owner_of(c)]["name"]
                counts[who] = counts.get(who, 0) + 1
            out["captured"] = counts
        return out

    def view(self, s: MGState, seat: int | None) -> dict[str, Any]:
        d = self.decision(s)
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
            "prompt": d.prompt if d else "", "outcome": s.outcome, "reason": s.reason,
            "players": players, "groups": groups, "encounter_deck": len(s.encounter),
            "encounter_discard": list(s.enc_discard), "victory": list(s.victory),
            "removed": len(s.removed), "set_aside": len(s.set_aside),
            "peek": {"id": peek, "name": self.db[key_of(peek)].name}
            if peek and peek in self._peek_valid(s) else None,
            "hand": list(s.players[seat]["hand"]) if seat is not None else [],
            "log": visible_log(s, seat, last=40),
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
        return [o[0].split()[1] for o in top["opts"] if " " in o[0]]

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
            problems.append(f"cards in two places: {dup}")
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
