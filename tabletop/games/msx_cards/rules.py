"""The MSX Cards ``Game``: decisions, legal actions, apply, view, result (spec §4-§13).

The flow lives in :mod:`.flow`; this module turns the state's decision phase into actions, checks
an answer is legal before touching the state, and builds the per-seat view the screen draws.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine import Action, CardFace, Decision, Game, IllegalAction, Result, Seat, emit, visible_log
from tabletop.engine.msg import Msg, msg
from tabletop.engine.state import clone_with

from . import flow
from .capsules import lit
from .cards import catalogue
from .combat import TABLES, attack_value, boss_entry, defense_value, same_catalogue, world
from .faces import face
from .pentagon import SECTOR_TINT
from .state import COPIERS, ENEMY, PLAYER, TURN_LIMIT, MsxState
from .text import P, ability_msg, as_msg
from .views import BossView, CardView, FighterView, LastEvent, MsxView, StepResult, TrackStep


def check_seats(n: int, versus: bool) -> None:
    """Solo needs exactly 1 seat; the versus variant exactly 2 (R42)."""
    if versus and n != 2:
        raise ValueError(f"MSX Cards versus needs exactly 2 players (you and the enemy), not {n}")
    if not versus and n != 1:
        raise ValueError(f"MSX Cards solo is for 1 player, not {n}; tick 'Versus' for 2 players")


def _last_event(s: MsxState) -> LastEvent | None:
    """The latest Pentagon event as the view shows it: the state's record (the keys format-1 saves
    held) with the visitor's card id, for the screen to name it in the table's language."""
    le = s.last_event
    if le is None:
        return None
    out: Any = dict(le)
    out["visitor_card"] = catalogue().card_by_name.get(str(le.get("visitor_name")), "")
    return out  # type: ignore[no-any-return]


def _step_result(word: str) -> StepResult:
    """A finished Boss step as the duel records it (``"hit 7"``, ``"took 3"``, ``"miss"``: the rules'
    own tokens, written by :mod:`.flow`) as structure for the view."""
    outcome, _, amount = word.partition(" ")
    return {"outcome": outcome, "amount": int(amount or 0)}


class MsxCards(Game[MsxState]):
    state_type = MsxState
    view_type = MsxView

    def __init__(self, spec: Any) -> None:
        self.spec = spec

    # -- set-up ------------------------------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> MsxState:
        check_seats(len(seats), bool(options.get("versus")))
        same_catalogue()
        data = catalogue()
        mission = options.get("mission", "standard")
        if mission not in data.missions:
            raise ValueError(f"unknown mission {mission!r} (missions: {', '.join(data.missions)})")
        s = MsxState(rng=seed, mission=mission, versus=bool(options.get("versus")),
                     classic=bool(options.get("classic")), names=[seat.name for seat in seats])
        s.pool = list(data.card_ids)
        m = data.missions[mission]
        emit(s, "mission", mission=mission, mission_term=mission, worlds=len(m["worlds"]))
        flow.advance(s)
        s.reveals = 0
        return s

    # -- decisions -----------------------------------------------------------------------------------------
    def decision(self, s: MsxState) -> Decision | None:
        p = s.phase
        if p == "act":  # first: nine decisions in ten of a random playout are acts
            # ``seat << 4 | step`` (Boss steps 1-8, 0 in a battle): an int key hashes faster than a pair
            key = (s.actor if s.versus else PLAYER) << 4 | (s.duel["step"] if s.mode == "boss" else 0)  # type: ignore[index]
            found = _ACT_DECISIONS.get(key)
            return found if found is not None else _act_decision(key)
        if p == "over":
            return None
        if p == "draft":
            return DRAFT_BOSS if s.draft_for == "boss" else DRAFT_BATTLE
        if p == "boss_choice":
            return BOSS_CHOICE
        if p == "bonus":
            return BONUS
        if p == "extra":
            return EXTRA
        raise IllegalAction(f"no decision in phase {p!r}")  # pragma: no cover - a flow bug

    def legal_actions(self, s: MsxState) -> list[Action]:
        p = s.phase
        if p == "act":
            return list(_act_menu(s))
        if p == "draft":
            return [_pick_action(c) for c in s.draft]
        if p == "boss_choice":
            f = s.fighters[PLAYER]
            assert f is not None
            return [Action("keep", msg("act.keep", card=f["card"], vit=f["vit"]), card=f["card"], verb="keep"),
                    Action("draft", msg("act.send_back", card=f["card"]), verb="draft", target=f["card"])]
        if p == "bonus":
            return [ROLL_BONUS]
        if p == "extra":
            return [ROLL_EXTRA]
        return []

    def apply(self, s: MsxState, action_id: str) -> None:
        p = s.phase
        if p == "act":  # nine answers in ten: checked and applied in one look-up
            if action_id == ATTACK:  # legal in every act menu
                s.step += 1
                flow.act(s, None)
                flow.advance(s)
                return
            chosen = _capsule_ids().get(action_id)
            if chosen is None or not _in_menu(chosen, _act_menu(s)):
                chosen = self.find_action(s, action_id)  # raises ``IllegalAction`` with the reason
            s.step += 1
            flow.act(s, chosen.get("capsule"))
            flow.advance(s)
            return
        if not _is_legal(s, action_id):
            self.find_action(s, action_id)  # raises ``IllegalAction`` with the reason
        s.step += 1
        if p == "draft":
            flow.pick(s, _pick_ids()[action_id].card)  # type: ignore[arg-type]
        elif p == "boss_choice":
            flow.boss_choice(s, action_id == KEEP)
        elif p == "bonus":
            flow.bonus_roll(s)
        elif p == "extra":
            flow.extra_roll(s)
        flow.advance(s)

    def clone(self, s: MsxState) -> MsxState:
        """A deep copy by the fields' shapes (see ``state.COPIERS``): equal to the engine's
        ``marshal`` clone, faster (search bots clone on every simulation)."""
        return clone_with(s, COPIERS)

    # -- reading -------------------------------------------------------------------------------------------
    def result(self, s: MsxState) -> Result | None:
        if s.phase != "over":
            return None
        won = s.outcome == "won"
        total = len(catalogue().missions[s.mission]["worlds"])
        if s.versus:
            return Result((PLAYER,) if won else (ENEMY,), (float(s.cleared), float(total - s.cleared)),
                          as_msg(s.reason))  # type: ignore[arg-type]
        return Result((PLAYER,) if won else (), (float(s.cleared),), as_msg(s.reason))  # type: ignore[arg-type]

    def view(self, s: MsxState, seat: int | None) -> MsxView:  # type: ignore[override]
        data = catalogue()
        m = data.missions[s.mission]
        w = world(s)
        boss = data.bosses[w["boss"]]
        pent = data.pentagons[w["pentagon"]]
        return {
            "mission": {"id": s.mission, "name": m["name"], "worlds": len(m["worlds"])},
            "world": {"number": s.world + 1, "id": w["id"], "name": w["name"], "die": w["die"],
                      "event_threshold": w["threshold"], "bonus_before_boss": w["bonus"], "boss": boss["name"],
                      "boss_id": boss["id"]},
            "victories": s.wins, "losses": s.losses, "cleared": s.cleared, "pending_bonus": s.bonus,
            "phase": s.phase, "mode": s.mode, "versus": s.versus, "seats": list(s.names),
            "you": self._fighter(s, PLAYER),
            "enemy": None if s.mode == "boss" else self._fighter(s, ENEMY),
            "initiative": None if s.last_init is None else dict(s.last_init),  # type: ignore[typeddict-item]
            "turn": s.turn if s.mode == "battle" else None, "turn_limit": TURN_LIMIT,
            "actor": s.actor, "enemy_response_pending": s.respond,
            "effects": [{"capsule": e["cap"], "by": e["src"], "on": e["on"], "kind": e["kind"], "amount": e["n"],
                         "ends_after": None if e["until"] < 0 else e["until"]}
                        for e in s.effects],
            "pentagon": {"id": pent["id"], "name": pent["name"], "tints": list(SECTOR_TINT),
                         "rings": [{"ring": i + 1, "event": eid, "name": data.events[eid]["name"],
                                    "polarity": data.events[eid]["polarity"]} for i, eid in enumerate(pent["rings"])],
                         "shades": [list(r) for r in pent["shades"]],
                         "last": _last_event(s)},
            "boss": self._boss(s) if s.duel is not None else None,
            "last_attack": s.last_attack,  # type: ignore[typeddict-item]
            "rolls": [e for e in visible_log(s, seat, last=40) if e["k"] == "roll"][-6:],
            "draft": [self._card(data.cards[c]) for c in s.draft] if s.phase == "draft" else [],
            "pool": len(s.pool), "pool_ids": list(s.pool), "defeated": list(s.defeated),
            "outcome": s.outcome, "reason": s.reason if isinstance(s.reason, dict) else None,
            "log": visible_log(s, seat, last=14),
        }

    def _card(self, c: dict[str, Any]) -> CardView:
        bar = catalogue().races[c["race"]]["capsule_bar"]
        return {"id": c["id"], "name": c["name"], "race": c["race"], "attack": c["attack"],
                "defense": c["defense"], "vitality": c["vitality"], "resistance": c["resistance"],
                "ability": c["ability"], "ability_msg": ability_msg(c["ability"]),
                "capsules": [{"slot": i + 1, "id": cid, "lit": (i + 1) in c["lit"]} for i, cid in enumerate(bar)]}

    def _fighter(self, s: MsxState, side: int) -> FighterView | None:
        f = s.fighters[side]
        if f is None:
            return None
        out: Any = self._card(catalogue().cards[f["card"]])
        out["max_vitality"] = out["vitality"]
        out["vitality"] = max(0, f["vit"])
        out["button"] = "green" if f["green"] else "red"
        for slot in out["capsules"]:
            slot["used"] = slot["id"] in f["used"]
        if s.mode in ("battle", "boss") and (side == PLAYER or s.mode == "battle"):
            out["attack_now"] = attack_value(s, side)[0]
            out["defense_now"] = defense_value(s, side)[0]
        return out  # type: ignore[no-any-return]

    def _boss(self, s: MsxState) -> BossView:
        duel = s.duel
        assert duel is not None
        b = catalogue().bosses[duel["boss"]]
        track: list[TrackStep] = []
        for i, e in enumerate(b[duel["set"]]):
            res = _step_result(duel["results"][i]) if i < len(duel["results"]) else None
            track.append({"t": i + 1, "role": e["role"], "value": e["value"], "result": res,
                          "current": i + 1 == duel["step"]})
        current = boss_entry(s) if duel["step"] <= 8 else None
        return {"id": b["id"], "name": b["name"], "set": duel["set"], "step": duel["step"], "track": track,
                "white": b["white"], "grey": b["grey"], "current": current}  # type: ignore[typeddict-item]

    def face(self, card_id: str) -> CardFace:
        """The card as the UI draws it (see :mod:`.faces`)."""
        return face(card_id)

    # -- kit hooks --------------------------------------------------------------------------------------------
    def invariants(self, s: MsxState) -> list[str]:
        bad = []
        data = catalogue()
        mine = list(s.pool) + list(s.defeated)
        if s.fighters[PLAYER] is not None:
            mine.append(s.fighters[PLAYER]["card"])
        if sorted(mine) != list(data.card_ids):
            bad.append("your cards are not conserved (pool + defeated + fighter != catalogue)")
        if not (0 <= s.wins <= 3 and 0 <= s.losses <= 3):
            bad.append(f"tallies out of range with {s.wins} victories and {s.losses} losses")
        if any(c not in s.pool for c in s.draft):
            bad.append("a draft card is not in the pool")
        if s.phase == "act":
            if s.fighters[PLAYER] is None or s.fighters[PLAYER]["vit"] <= 0:
                bad.append("acting without a living fighter")
            if s.mode == "battle" and (s.fighters[ENEMY] is None or s.fighters[ENEMY]["vit"] <= 0):
                bad.append("battle without a living enemy")
        if s.phase == "over" and s.outcome not in ("won", "lost"):
            bad.append("over without an outcome")
        if s.phase not in flow.DECISIONS and s.phase != "over":
            bad.append(f"stopped in automatic phase {s.phase}")
        return bad

    def turn_key(self, s: MsxState) -> Any:
        return (s.world, s.battles, s.turn, s.half, s.phase, s.duel["step"] if s.duel else 0)

    def summary(self, s: MsxState) -> Msg:  # type: ignore[override]
        m = catalogue().missions[s.mission]
        if s.outcome == "won":
            return msg("sum.won", mission_term=s.mission)
        w = world(s)
        head = P("sum.head", mission_term=s.mission, world=s.world + 1, worlds=len(m["worlds"]), world_term=w["id"])
        if s.outcome == "lost":
            return msg("sum.over", head=head)
        if s.mode == "boss" and s.duel is not None:
            return msg("sum.duel", head=head, step=min(s.duel["step"], 8))
        return msg("sum.play", head=head, wins=s.wins, losses=s.losses)


def _in_menu(action: Action, menu: tuple[Action, ...]) -> bool:
    """``action`` is one of ``menu``'s own objects (menus hold the kept capsule actions, so identity
    is membership; ``in`` would compare unequal dataclasses field by field)."""
    for a in menu:
        if a is action:
            return True
    return False


def _is_legal(s: MsxState, action_id: str) -> bool:
    """``action_id`` is among ``legal_actions(s)``, checked without building them (a fast yes; a
    "no" is confirmed, with its reason, by ``find_action``). The act phase's check is ``apply``'s own."""
    p = s.phase
    if p == "draft":
        chosen = _pick_ids().get(action_id)
        return chosen is not None and chosen.card in s.draft
    if p == "boss_choice":
        return action_id == KEEP or action_id == "draft"
    if p == "bonus" or p == "extra":
        return action_id == "roll"
    return False


_ACT_DECISIONS: dict[int, Decision] = {}
"""Decisions are immutable and their prompt depends only on the key (``seat << 4 | Boss step``,
step 0 in a battle): built once."""


def _act_decision(key: int) -> Decision:
    """The act decision of ``key`` (see :data:`_ACT_DECISIONS`), built and kept."""
    seat, step = key >> 4, key & 15
    if step:
        found = Decision(seat, "act", msg("ask.act_boss", seat=seat, step=step))
    else:
        found = Decision(seat, "act", msg("ask.act", seat=seat))
    _ACT_DECISIONS[key] = found  # at most 2 seats x 9 steps: no bound needed
    return found
ATTACK, KEEP = "attack", "keep"
ATTACK_ONLY = Action(ATTACK, msg("act.attack"), group="attack", verb="attack")
ATTACK_FIRST = Action(ATTACK, msg("act.attack_first"), group="attack", verb="attack")
ROLL_BONUS = Action("roll", msg("act.roll_bonus"), verb="roll")
ROLL_EXTRA = Action("roll", msg("act.roll_extra"), verb="roll")
DRAFT_BOSS = Decision(PLAYER, "draft", msg("ask.draft_boss", seat=PLAYER))
DRAFT_BATTLE = Decision(PLAYER, "draft", msg("ask.draft", seat=PLAYER))
BOSS_CHOICE = Decision(PLAYER, "boss_choice", msg("ask.boss_choice", seat=PLAYER))
BONUS = Decision(PLAYER, "bonus", msg("ask.bonus"))
EXTRA = Decision(PLAYER, "extra", msg("ask.extra"))


def _act_menu(s: MsxState) -> tuple[Action, ...]:
    """The act decision's actions: attack alone when the actor may use no capsule (button red,
    nothing lit, or the Boss); else attack first, then each capsule ``lit`` gives. Those depend
    only on the fighter's card while its button is green, so each card's menu is built once."""
    side = s.actor
    f = s.fighters[side]
    if f is None or not f["green"] or (side == ENEMY and s.mode == "boss"):
        return NO_CAPSULE
    found = _MENUS.get(f["card"])
    if found is None:
        caps = lit(s, side)
        found = _MENUS[f["card"]] = (ATTACK_FIRST, *(_capsule_action(c) for c in caps)) if caps else NO_CAPSULE
    return found


NO_CAPSULE = (ATTACK_ONLY,)
_MENUS: dict[str, tuple[Action, ...]] = {}
"""The act menu of a fighter whose button is green, by card (``lit`` reads the card's caps only)."""
TABLES.append(_MENUS)


@cache
def _capsule_action(cap: str) -> Action:
    """Capsule actions never change, so they are built once (and found again by id in ``apply``)."""
    return Action(f"capsule {cap}", msg("act.capsule", cap_term=cap, text=msg("cap." + cap)),
                  group="capsule", verb="capsule", extra=(("capsule", cap),))


@cache
def _capsule_ids() -> dict[str, Action]:
    """Every capsule action by id (the catalogue is fixed)."""
    return {a.id: a for a in (_capsule_action(c) for c in catalogue().capsules)}


@cache
def _pick_action(card_id: str) -> Action:
    c = catalogue().cards[card_id]
    label = msg("act.pick", card=card_id, race_term=c["race"], attack=c["attack"], defense=c["defense"],
                vitality=c["vitality"], resistance=c["resistance"], ability=ability_msg(c["ability"]))
    return Action(f"pick {card_id}", label, card=card_id, group="draft", verb="pick")


@cache
def _pick_ids() -> dict[str, Action]:
    """Every draft action by id (the catalogue is fixed)."""
    return {a.id: a for a in (_pick_action(c) for c in catalogue().card_ids)}
