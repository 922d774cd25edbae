"""The run's flow (spec §4-§6, §11, §12): Worlds, battles, actions, Boss duels, Extra and Bonus.

``advance`` runs every automatic step (enemy actions, events, Boss attacks...) until the state
needs an answer from a seat (``phase`` is then a decision phase) or the run is over. The rules
module only validates the answer, applies it through the functions here and calls ``advance``.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from tabletop.engine import emit
from tabletop.engine.chance import randbelow

from . import pentagon
from .capsules import enemy_reply, use
from .cards import catalogue
from .combat import (
    _CARDS,
    _WORLDS,
    TABLES,
    ability,
    alive,
    attack,
    boss_entry,
    card,
    die,
    expire,
    has,
    regenerate,
    same_catalogue,
    show_rolls,
    who,
    world,
)
from .keyed import DRAFT, ENEMY_DRAW, PICK, keyed
from .state import ENEMY, PLAYER, TURN_LIMIT, BossDuel, Fighter, MsxState
from .text import P, commas, name_of, spaced

DECISIONS = ("draft", "boss_choice", "bonus", "extra", "act")


def new_fighter(card_id: str) -> Fighter:
    return {"card": card_id, "vit": catalogue().cards[card_id]["vitality"], "green": True, "used": [], "hits": 0}


def lose(s: MsxState, reason: dict[str, Any]) -> None:
    """The run ends lost; ``reason`` is a plain message (it is the result's reason too)."""
    s.outcome, s.reason, s.phase = "lost", reason, "over"
    emit(s, "game_over", reason=reason, cleared=s.cleared)


# -- fighters -----------------------------------------------------------------------------------------
def need_fighter(s: MsxState, purpose: str) -> bool:
    """Bring in your next fighter (§5, R7). True if one is on the board now (classic variant);
    False if a draft decision is pending or the run ended because the pool is empty."""
    if not s.pool:
        lose(s, P("end.pool_empty"))
        return False
    if s.classic:
        pick = s.pool[keyed(s, PICK, len(s.pool)) if s.crn is not None else randbelow(s, len(s.pool))]
        take(s, pick)
        return True
    choices = list(s.pool)
    s.draft = []
    for _ in range(min(3, len(choices))):
        s.draft.append(choices.pop(keyed(s, DRAFT, len(choices)) if s.crn is not None else randbelow(s, len(choices))))
    s.draft_for = purpose
    s.phase = "draft"
    s.log.append({"k": "draft", "cards": list(s.draft), "names": commas([name_of(c) for c in s.draft]),
                  "purpose": purpose})  # ``emit``'s event, written out (as the others of a battle's start)
    return False


def take(s: MsxState, card_id: str) -> None:
    s.pool.remove(card_id)
    s.fighters[PLAYER] = new_fighter(card_id)
    s.draft = []
    s.log.append({"k": "fighter", "side": PLAYER, "card": card_id, "seat": PLAYER})


def pick(s: MsxState, card_id: str) -> None:
    """Answer to a draft: the chosen card enters; the others stay in the pool."""
    take(s, card_id)
    s.phase = "battle" if s.draft_for == "battle" else "boss"


def draw_enemy(s: MsxState) -> None:
    """R8: random from the World's pool, no enemy defeated in this World; else the full catalogue."""
    data = catalogue()
    beaten = s.beaten
    pool = world(s)["pool"]
    options = [c for c in pool if c not in beaten] if beaten else pool
    if not options:
        options = [c for c in data.card_ids if c not in s.beaten]
    cid = options[keyed(s, ENEMY_DRAW, len(options)) if s.crn is not None else randbelow(s, len(options))]
    s.fighters[ENEMY] = new_fighter(cid)
    s.log.append({"k": "fighter", "m": "fighter_enemy", "side": ENEMY, "card": cid})


# -- initiative ----------------------------------------------------------------------------------------
class Odds(NamedTuple):
    """What an initiative roll-off adds to each die (R6), worked out once per pairing: the
    modifiers, their notes (``last_init["notes"]``) and the notes joined for the dice panel."""

    mods: tuple[int, int]
    p_why: Any
    e_why: Any
    mod_list: list[int]
    notes: list[list[Any]]
    """``last_init``'s ``mods`` and ``notes``, one pair of lists for every roll-off of the pairing:
    ``last_init`` is a record the rules replace whole and never edit (``state.KEPT``), so its
    lists can be shared like the messages in them."""
    surprise: bool
    """A fighter of the pairing has SURPRISE_ATTACK (R36: ``_battle`` then looks for who strikes)."""
    shown: list[Any]
    """The roll-off's step messages met so far, by :func:`_shown_at`: your die's (faces 1-6), the
    other's (7-12), who goes first (13, 14); shared by every roll event that shows them, as the
    other step messages are (the log only reads them)."""


def _shown_at(side: int, value: int) -> int:
    """The index in ``Odds.shown`` of ``side``'s die showing ``value`` (for ``side`` 2: the step
    saying the die of side ``value`` goes first)."""
    return side * 6 + value


_ODDS: dict[tuple[str, str, bool], Odds] = {}
"""``Odds`` by (your card, the enemy's card or the Boss, duel?): they read nothing else."""
TABLES.append(_ODDS)


_SHARED: dict[Any, Any] = {}
"""One message, list or step of the roll-offs per content (by :func:`_frozen`), shared by every
pairing's ``Odds``: most of an ``Odds``'s bytes were its own copies of the same few step messages
("card X rolled 4, total 5"), and a long simulation meets thousands of pairings (issue #15,
memory). Content from a finite set (cards, die faces, modifiers), so the table levels off."""
TABLES.append(_SHARED)


def _frozen(x: Any) -> Any:
    """A hashable key for a plain message, list or number: equal keys, equal content (types kept,
    so ``1`` and ``True`` differ)."""
    if isinstance(x, dict):
        return (dict, tuple((k, _frozen(v)) for k, v in x.items()))
    if isinstance(x, list):
        return (list, tuple(_frozen(v) for v in x))
    return (type(x), x)


def _shared(x: Any) -> Any:
    """The one object kept for ``x``'s content (``x`` itself the first time). Only for records
    nothing edits (the log's messages, ``last_init``'s lists: ``state.KEPT``)."""
    key = _frozen(x)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) > 20000:  # not met: the content is finite; a guard, not a policy
            _SHARED.clear()
        found = _SHARED[key] = x
    return found


def _odds(s: MsxState, pn: str, en: str, boss: bool) -> Odds:
    key = (pn, en, boss)
    found = _ODDS.get(key)
    if found is not None:
        return found
    mods = [0, 0]
    why: list[list[Any]] = [[], []]
    if not boss:
        rp, re_ = card(s, PLAYER)["resistance"], card(s, ENEMY)["resistance"]  # type: ignore[index]
        if rp != re_:
            side = PLAYER if rp > re_ else ENEMY
            mods[side] += 1
            why[side].append(INI_RESISTANCE)
    for side in (PLAYER, ENEMY):
        ab = ability(s, side)
        if ab is not None and ab["kind"] == "INITIATIVE_BONUS":
            mods[side] += ab["amount"]
            why[side].append(P("st.ini_bonus", n=ab["amount"]))
    if len(_ODDS) > 20000:
        _ODDS.clear()
    surprise = any((ab := ability(s, side)) is not None and ab["kind"] == "SURPRISE_ATTACK"
                   for side in (PLAYER, ENEMY))
    found = _ODDS[key] = Odds((mods[0], mods[1]),
                              _shared(spaced(why[PLAYER])) if why[PLAYER] else None,
                              _shared(spaced(why[ENEMY])) if why[ENEMY] else None, _shared(mods),
                              _shared([why[0], why[1]]), surprise, [None] * 15)
    return found


def _ini_step(odds: Odds, names: tuple[str, str], side: int, value: int) -> dict[str, Any]:
    """The step message of ``side``'s initiative die showing ``value`` (:attr:`Odds.shown`)."""
    at = _shown_at(side, value)
    found = odds.shown[at]
    if found is None:
        why, total = (odds.p_why, value + odds.mods[0]) if side == PLAYER else (odds.e_why, value + odds.mods[1])
        found = odds.shown[at] = _shared({"k": "st.ini", "card": names[side], "value": value, "total": total}
                                         if why is None else
                                         {"k": "st.ini_mods", "card": names[side], "value": value, "mods": why,
                                          "total": total})
    return found  # type: ignore[no-any-return]


def _first_step(odds: Odds, names: tuple[str, str], side: int) -> dict[str, Any]:
    """The step message saying ``side`` goes first (:attr:`Odds.shown`)."""
    at = _shown_at(2, side + 1)
    found = odds.shown[at]
    if found is None:
        found = odds.shown[at] = _shared({"k": "st.first", "card": names[side]})
    return found  # type: ignore[no-any-return]


def initiative(s: MsxState) -> Odds:
    """R6: d6 each, +1 for strictly higher Resistance (not against a Boss), INITIATIVE_BONUS; ties
    re-roll. Returns the pairing's ``Odds`` (``_battle`` reads its ``surprise``)."""
    boss = s.mode == "boss"
    fp = s.fighters[PLAYER]
    assert fp is not None, "no fighter on that side"
    # ``who`` written out: nothing below changes who is fighting
    names = (fp["card"], s.duel["boss"] if boss and s.duel is not None else who(s, ENEMY))
    pn, en = names
    odds = _odds(s, pn, en, boss)
    mp, me = odds.mods
    shown = odds.shown
    tries = []
    log = s.log
    # the messages and events below are ``P``/``show_rolls``/``emit``'s, written out (every value
    # is plain already), their step messages kept in the pairing's ``Odds``: a random playout
    # starts a battle every three actions or so
    while True:
        rp = die(s, 6)
        re_ = die(s, 6)
        tp, te = rp + mp, re_ + me
        rolls = [rp, re_]
        tries.append(rolls)
        steps = [shown[rp] or _ini_step(odds, names, PLAYER, rp),
                 shown[6 + re_] or _ini_step(odds, names, ENEMY, re_),
                 TIE if tp == te else
                 (shown[13] or _first_step(odds, names, PLAYER)) if tp > te else
                 (shown[14] or _first_step(odds, names, ENEMY))]
        group = "g" + str(len(log))
        log.append({"k": "roll", "m": "msx_roll", "die": 6, "value": rp, "why": WHY_INITIATIVE, "seat": None,
                    "side": None, "group": group, "steps": []})
        log.append({"k": "roll", "m": "msx_roll", "die": 6, "value": re_, "why": WHY_INITIATIVE, "seat": None,
                    "side": None, "group": group, "steps": steps})
        if tp != te:
            break
        log.append({"k": "tie", "total": tp})
    holder = s.init = PLAYER if tp > te else ENEMY
    mods = odds.mod_list
    totals = [tp, te]
    # the record and the event share their lists (the last try's rolls too): neither is ever edited
    s.last_init = {"rolls": rolls, "mods": mods, "notes": odds.notes, "totals": totals, "holder": holder,
                   "tries": tries}
    log.append({"k": "initiative", "holder": holder, "totals": totals, "rolls": rolls, "mods": mods,
                "card": pn, "card2": en, "total": tp, "total2": te, "first_card": names[holder]})
    return odds


# -- battles ---------------------------------------------------------------------------------------------
def _world(s: MsxState) -> None:
    w = world(s)
    s.wins = s.losses = 0
    s.beaten = []
    s.fighters[ENEMY] = None
    s.mode = ""
    s.duel = None
    s.last_event = None
    n = len(catalogue().missions[s.mission]["worlds"])
    emit(s, "world", world=w["id"], index=s.world, die=w["die"], number=s.world + 1, worlds=n,
         world_term=w["id"])
    s.phase = "battle"


def _battle(s: MsxState) -> None:
    same_catalogue()
    if s.fighters[ENEMY] is None:
        draw_enemy(s)  # first, so that your draft is an informed choice against it
    if s.fighters[PLAYER] is None and not need_fighter(s, "battle"):
        return
    s.mode = "battle"
    s.battles += 1
    for f in s.fighters:
        assert f is not None
        f["green"], f["used"], f["hits"] = True, [], 0
    s.effects, s.respond = [], False
    _add_bonus(s)
    s.turn, s.half, s.act_no, s.skip_check = 1, 0, 0, True
    fp, fe = s.fighters
    assert fp is not None and fe is not None
    s.log.append({"k": "battle", "number": s.battles, "card": fp["card"], "vit": fp["vit"], "card2": fe["card"],
                  "vit2": fe["vit"]})
    if not initiative(s).surprise:  # no SURPRISE_ATTACK in the pairing: nine battles in ten
        s.phase = "action"
        return
    for side in (s.init, 1 - s.init):  # R36: surprise attacks, initiative holder first
        ab = ability(s, side)
        if ab is not None and ab["kind"] == "SURPRISE_ATTACK" and alive(s, PLAYER) and alive(s, ENEMY):
            attack(s, side, 1 - side, surprise=True)
            if not alive(s, 1 - side):
                end_battle(s, [1 - side])
                return
    s.phase = "action"


def _add_bonus(s: MsxState) -> None:
    f = s.fighters[PLAYER]
    if s.bonus and f is not None:
        f["vit"] += s.bonus
        emit(s, "bonus_added", amount=s.bonus, card=f["card"], vit=f["vit"])
        s.bonus = 0


def _action(s: MsxState) -> None:
    actor = s.init if s.half == 0 else 1 - s.init
    s.actor = actor
    s.act_no += 1
    if s.skip_check:
        s.skip_check = False
    else:
        # the event check (§10.2), with ``world`` looked up once: one check per action, nineteen in twenty quiet
        w = _WORLDS.get((s.mission, s.world)) or world(s)
        threshold = w["threshold"]
        d20 = die(s, 20) if threshold > 0 else 21
        if d20 <= threshold:
            pentagon.fired(s, d20, threshold)
            dead = pentagon.resolve(s, d20)
            s.skip_check = True  # R28: no chained events
            if dead:
                end_battle(s, dead)
                return
            initiative(s)
            s.turn += 1
            s.half = 0
            if s.turn > TURN_LIMIT:
                turn_limit(s)
            return
    if s.effects:
        expire(s)
    f = s.fighters[actor]  # ``regenerate``'s test written out (a battle: both fighters are cards)
    assert f is not None
    ab = (_CARDS.get(f["card"]) or card(s, actor))["ability"]  # type: ignore[index]
    if ab is not None and ab["kind"] == "REGENERATION":
        regenerate(s, actor)
    enemy = s.fighters[ENEMY]
    if actor == PLAYER or (s.versus and enemy is not None and enemy["green"]):
        s.phase = "act"
        return
    if s.respond:
        enemy_reply(s)
    strike(s, ENEMY)


def act(s: MsxState, capsule: str | None) -> None:
    """The acting seat's answer: an optional capsule, then the attack (battle or duel)."""
    side = s.actor
    if capsule is not None:
        use(s, side, capsule)
    if s.mode == "boss":
        _boss_strike(s)
    else:
        strike(s, side)


def strike(s: MsxState, actor: int) -> None:
    """§6.4 steps 3-5 after the capsule: a HARM defeat skips the attack; then attack (twice with
    EXTRA_ATTACK) and check for a defeat; then the next action or turn."""
    opp = 1 - actor
    target = s.fighters[opp]  # ``alive`` written out: the same fighter until the battle ends
    if target is None or target["vit"] <= 0:
        end_battle(s, [opp])
        return
    attack(s, actor, opp)
    if s.effects and has(s, actor, "EXTRA_ATTACK") and target["vit"] > 0:
        attack(s, actor, opp)
    if target["vit"] <= 0:
        end_battle(s, [opp])
        return
    s.half += 1
    s.phase = "action"
    if s.half == 2:
        s.half = 0
        s.turn += 1
        if s.turn > TURN_LIMIT:
            turn_limit(s)


def turn_limit(s: MsxState) -> None:
    """R41: after turn 30 the fighter with less Vitality falls, yours on a tie."""
    fp, fe = s.fighters[PLAYER], s.fighters[ENEMY]
    assert fp is not None and fe is not None
    loser = PLAYER if fp["vit"] <= fe["vit"] else ENEMY
    emit(s, "turn_limit", loser=loser, card=who(s, loser))
    end_battle(s, [loser])


def end_battle(s: MsxState, dead: list[int]) -> None:
    """§6.5 and R29: tallies, the defeated leave, survivors keep their Vitality."""
    order = dead if len(dead) == 1 else sorted(set(dead))  # one side, nearly always: nothing to sort
    for side in order:
        f = s.fighters[side]
        assert f is not None
        f["vit"] = min(f["vit"], 0)
        if side == ENEMY:
            s.wins += 1
            s.beaten.append(f["card"])
            s.log.append({"k": "defeat", "m": "defeat_won", "side": ENEMY, "card": f["card"], "wins": s.wins})
        else:
            s.losses += 1
            s.defeated.append(f["card"])
            s.log.append({"k": "defeat", "m": "defeat_lost", "side": PLAYER, "card": f["card"],
                          "losses": s.losses})
    for side in order:
        s.fighters[side] = None
    s.effects, s.respond, s.mode = [], False, ""
    if s.losses >= 3:
        lose(s, P("end.three_fell", world=s.world + 1, world_term=world(s)["id"]))
    elif s.wins >= 3:
        if world(s)["bonus"]:
            s.phase = "bonus"
        else:
            _to_duel(s)
    else:
        s.phase = "battle"


# -- Boss duels -----------------------------------------------------------------------------------------
def _to_duel(s: MsxState) -> None:
    """§11.1: keep the survivor or draft; with no survivor, draft."""
    if s.fighters[PLAYER] is not None:
        s.phase = "boss_choice"
    elif need_fighter(s, "boss"):
        s.phase = "boss"


def boss_choice(s: MsxState, keep: bool) -> None:
    if keep:
        s.phase = "boss"
        return
    f = s.fighters[PLAYER]
    assert f is not None
    s.pool.append(f["card"])
    s.pool.sort()
    s.fighters[PLAYER] = None
    emit(s, "fighter_back", card=f["card"])
    if need_fighter(s, "boss"):
        s.phase = "boss"


def bonus_roll(s: MsxState) -> None:
    """Bonus screen (R33): best of two d20 for your Boss fighter."""
    a = die(s, 20)
    b = die(s, 20)
    s.bonus += max(a, b)
    show_rolls(s, 20, [a, b], WHY_BONUS, PLAYER, [P("st.best_of", a=a, b=b, best=max(a, b)),
                                                  P("st.pending", n=s.bonus)])
    emit(s, "bonus", rolls=[a, b], gained=max(a, b), pending=s.bonus, a=a, b=b)
    _to_duel(s)


def extra_roll(s: MsxState) -> None:
    """Extra screen (R33): +d20 for your next fighter, then the next World."""
    a = die(s, 20)
    s.bonus += a
    show_rolls(s, 20, [a], WHY_EXTRA, PLAYER, [P("n.plus", n=a), P("st.pending", n=s.bonus)])
    emit(s, "extra", rolls=[a], gained=a, pending=s.bonus)
    s.world += 1
    s.phase = "world"


def _boss(s: MsxState) -> None:
    same_catalogue()
    w = world(s)
    s.mode = "boss"
    s.duel = BossDuel(boss=w["boss"], set="white", step=1, results=[])
    f = s.fighters[PLAYER]
    assert f is not None
    f["green"], f["used"], f["hits"] = True, [], 0
    s.effects, s.respond = [], False
    _add_bonus(s)
    emit(s, "duel", boss=w["boss"], card=f["card"], vit=f["vit"], boss_card=w["boss"])
    initiative(s)
    s.duel["set"] = "white" if s.init == ENEMY else "grey"
    emit(s, "duel_set", m="duel_set_" + s.duel["set"], set=s.duel["set"])
    s.act_no = 0
    s.phase = "bstep"


def _bstep(s: MsxState) -> None:
    duel = s.duel
    assert duel is not None
    k = duel["step"]
    if k > 8:
        _boss_won(s)
        return
    s.act_no = k
    entry = boss_entry(s)
    expire(s)
    if entry["role"] == "attack":
        s.actor = ENEMY
        dmg = attack(s, ENEMY, PLAYER)
        duel["results"].append(f"took {dmg}")
        if not alive(s, PLAYER):
            s.fighters[PLAYER]["vit"] = min(0, s.fighters[PLAYER]["vit"])  # type: ignore[index]
            lose(s, P("end.boss_won", boss_card=who(s, ENEMY), card=who(s, PLAYER), step=k))
            return
        duel["step"] = k + 1
    else:
        s.actor = PLAYER
        regenerate(s, PLAYER)
        s.phase = "act"


def _boss_strike(s: MsxState) -> None:
    duel = s.duel
    assert duel is not None
    k = duel["step"]
    dmg = attack(s, PLAYER, ENEMY)
    if s.effects and has(s, PLAYER, "EXTRA_ATTACK"):
        dmg = max(dmg, attack(s, PLAYER, ENEMY))  # R37: one wounding hit is enough
    if dmg <= 0:
        duel["results"].append("miss")
        lose(s, P("end.boss_missed", card=who(s, PLAYER), boss_card=who(s, ENEMY), step=k))
        return
    duel["results"].append(f"hit {dmg}")
    duel["step"] = k + 1
    s.phase = "bstep"


def _boss_won(s: MsxState) -> None:
    s.cleared += 1
    s.mode = ""
    s.effects = []
    boss = s.duel["boss"]  # type: ignore[index]
    worlds = catalogue().missions[s.mission]["worlds"]
    emit(s, "boss_destroyed", cleared=s.cleared, boss_card=boss, world=s.world + 1)
    if s.world + 1 >= len(worlds):
        s.outcome, s.phase = "won", "over"
        s.reason = P("end.complete")
        emit(s, "mission_complete", cleared=s.cleared, worlds=len(worlds))
    else:
        s.phase = "extra"


WHY_INITIATIVE: dict[str, Any] = {"k": "why.initiative"}
WHY_BONUS: dict[str, Any] = {"k": "why.bonus"}
WHY_EXTRA: dict[str, Any] = {"k": "why.extra"}
INI_RESISTANCE: dict[str, Any] = {"k": "st.ini_res"}
TIE: dict[str, Any] = {"k": "st.tie"}

AUTO: dict[str, Callable[[MsxState], None]] = {
    "world": _world, "battle": _battle, "action": _action, "boss": _boss, "bstep": _bstep,
}


def advance(s: MsxState) -> None:
    """Run automatic steps until a seat must decide or the run is over."""
    while True:
        step = AUTO.get(s.phase)
        if step is None:
            return
        step(s)
