"""The run's flow (spec §4-§6, §11, §12): Worlds, battles, actions, Boss duels, Extra and Bonus.

``advance`` runs every automatic step (enemy actions, events, Boss attacks...) until the state
needs an answer from a seat (``phase`` is then a decision phase) or the run is over. The rules
module only validates the answer, applies it through the functions here and calls ``advance``.
"""

from __future__ import annotations

from typing import Callable

from tabletop.engine import emit
from tabletop.engine.chance import randbelow, roll

from . import pentagon
from .capsules import enemy_reply, use
from .cards import catalogue
from .combat import ability, alive, attack, boss_entry, card, expire, has, name, regenerate, show_rolls, world
from .state import ENEMY, PLAYER, TURN_LIMIT, BossDuel, Fighter, MsxState

DECISIONS = ("draft", "boss_choice", "bonus", "extra", "act")


def new_fighter(card_id: str) -> Fighter:
    return Fighter(card=card_id, vit=catalogue().cards[card_id]["vitality"], green=True, used=[], hits=0)


def lose(s: MsxState, reason: str) -> None:
    s.outcome, s.reason, s.phase = "lost", reason, "over"
    emit(s, "game_over", f"Game over: {reason}.", reason=reason, cleared=s.cleared)


# -- fighters -----------------------------------------------------------------------------------------
def need_fighter(s: MsxState, purpose: str) -> bool:
    """Bring in your next fighter (§5, R7). True if one is on the board now (classic variant);
    False if a draft decision is pending or the run ended because the pool is empty."""
    if not s.pool:
        lose(s, "your pool is empty and you have no fighter left")
        return False
    if s.classic:
        pick = s.pool[randbelow(s, len(s.pool))]
        take(s, pick)
        return True
    choices = list(s.pool)
    s.draft = []
    for _ in range(min(3, len(choices))):
        s.draft.append(choices.pop(randbelow(s, len(choices))))
    s.draft_for = purpose
    s.phase = "draft"
    names = ", ".join(catalogue().cards[c]["name"] for c in s.draft)
    emit(s, "draft", f"Draft: choose one of {names}.", cards=list(s.draft), purpose=purpose)
    return False


def take(s: MsxState, card_id: str) -> None:
    s.pool.remove(card_id)
    s.fighters[PLAYER] = new_fighter(card_id)
    s.draft = []
    c = catalogue().cards[card_id]
    emit(s, "fighter", f"{s.names[PLAYER]} brings in {c['name']}.", side=PLAYER, card=card_id)


def pick(s: MsxState, card_id: str) -> None:
    """Answer to a draft: the chosen card enters; the others stay in the pool."""
    take(s, card_id)
    s.phase = "battle" if s.draft_for == "battle" else "boss"


def draw_enemy(s: MsxState) -> None:
    """R8: random from the World's pool, no enemy defeated in this World; else the full catalogue."""
    data = catalogue()
    options = [c for c in world(s)["pool"] if c not in s.beaten]
    if not options:
        options = [c for c in data.card_ids if c not in s.beaten]
    cid = options[randbelow(s, len(options))]
    s.fighters[ENEMY] = new_fighter(cid)
    emit(s, "fighter", f"The enemy sends {data.cards[cid]['name']}.", side=ENEMY, card=cid)


# -- initiative ----------------------------------------------------------------------------------------
def initiative(s: MsxState) -> None:
    """R6: d6 each, +1 for strictly higher Resistance (not against a Boss), INITIATIVE_BONUS; ties re-roll."""
    boss = s.mode == "boss"
    mods = [0, 0]
    why: list[list[str]] = [[], []]
    if not boss:
        rp, re_ = card(s, PLAYER)["resistance"], card(s, ENEMY)["resistance"]  # type: ignore[index]
        if rp != re_:
            side = PLAYER if rp > re_ else ENEMY
            mods[side] += 1
            why[side].append("+1 Resistance")
    for side in (PLAYER, ENEMY):
        ab = ability(s, side)
        if ab is not None and ab["kind"] == "INITIATIVE_BONUS":
            mods[side] += ab["amount"]
            why[side].append(f"+{ab['amount']} Initiative Bonus")
    tries = []
    names = (name(s, PLAYER), name(s, ENEMY))  # nothing below changes who is fighting
    pn, en = names
    p_why = "".join(f" {n}" for n in why[PLAYER])
    e_why = "".join(f" {n}" for n in why[ENEMY])
    p_roll, e_roll = f"{pn} initiative", f"{en} initiative"
    while True:
        rp = roll(s, 6, p_roll, log=False)
        re_ = roll(s, 6, e_roll, log=False)
        tp, te = rp + mods[PLAYER], re_ + mods[ENEMY]
        tries.append([rp, re_])
        steps = [f"{pn} d6 {rp}{p_why} = {tp}", f"{en} d6 {re_}{e_why} = {te}",
                 "tie: roll again" if tp == te else f"{names[PLAYER if tp > te else ENEMY]} acts first"]
        show_rolls(s, 6, [rp, re_], "initiative", None, steps)
        if tp != te:
            break
        emit(s, "tie", f"Initiative tied at {tp}: both roll again.", total=tp)
    s.init = PLAYER if tp > te else ENEMY
    s.last_init = {"rolls": [rp, re_], "mods": mods, "notes": why, "totals": [tp, te], "holder": s.init,
                   "tries": tries}
    emit(s, "initiative", f"Initiative: {pn} {tp} vs {en} {te}; "
         f"{names[s.init]} acts first.", holder=s.init, totals=[tp, te], rolls=[rp, re_], mods=mods)


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
    emit(s, "world", f"World {s.world + 1} of {n}: {w['name']} (attack die d{w['die']}).", world=w["id"],
         index=s.world, die=w["die"])
    s.phase = "battle"


def _battle(s: MsxState) -> None:
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
    emit(s, "battle", f"Battle: {name(s, PLAYER)} ({s.fighters[PLAYER]['vit']}) against "  # type: ignore[index]
         f"{name(s, ENEMY)} ({s.fighters[ENEMY]['vit']}).", number=s.battles)  # type: ignore[index]
    initiative(s)
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
        emit(s, "bonus_added", f"{name(s, PLAYER)} receives {s.bonus} bonus Vitality ({f['vit']}).",
             amount=s.bonus)
        s.bonus = 0


def _action(s: MsxState) -> None:
    actor = s.init if s.half == 0 else 1 - s.init
    s.actor = actor
    s.act_no += 1
    if s.skip_check:
        s.skip_check = False
    else:
        d20 = pentagon.check(s)
        if d20 is not None:
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
    expire(s)
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
    if not alive(s, opp):
        end_battle(s, [opp])
        return
    attack(s, actor, opp)
    if s.effects and has(s, actor, "EXTRA_ATTACK") and alive(s, opp):
        attack(s, actor, opp)
    if not alive(s, opp):
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
    emit(s, "turn_limit", f"Turn limit reached: {name(s, loser)} has less Vitality and falls.", loser=loser)
    end_battle(s, [loser])


def end_battle(s: MsxState, dead: list[int]) -> None:
    """§6.5 and R29: tallies, the defeated leave, survivors keep their Vitality."""
    w = world(s)
    for side in sorted(set(dead)):
        f = s.fighters[side]
        assert f is not None
        f["vit"] = min(f["vit"], 0)
        if side == ENEMY:
            s.wins += 1
            s.beaten.append(f["card"])
            emit(s, "defeat", f"{name(s, ENEMY)} is defeated: victory {s.wins} of 3.", side=ENEMY,
                 card=f["card"], wins=s.wins)
        else:
            s.losses += 1
            s.defeated.append(f["card"])
            emit(s, "defeat", f"{name(s, PLAYER)} is defeated: loss {s.losses} of 3.", side=PLAYER,
                 card=f["card"], losses=s.losses)
    for side in sorted(set(dead)):
        s.fighters[side] = None
    s.effects, s.respond, s.mode = [], False, ""
    if s.losses >= 3:
        lose(s, f"three of your fighters fell in World {s.world + 1} ({w['name']})")
    elif s.wins >= 3:
        if w["bonus"]:
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
    emit(s, "fighter_back", f"{catalogue().cards[f['card']]['name']} goes back to the pool.", card=f["card"])
    if need_fighter(s, "boss"):
        s.phase = "boss"


def bonus_roll(s: MsxState) -> None:
    """Bonus screen (R33): best of two d20 for your Boss fighter."""
    a = roll(s, 20, "Bonus screen, first d20", log=False)
    b = roll(s, 20, "Bonus screen, second d20", log=False)
    s.bonus += max(a, b)
    show_rolls(s, 20, [a, b], "Bonus screen", PLAYER, [f"best of {a} and {b} = {max(a, b)}",
                                                        f"bonus for your next fighter {s.bonus}"])
    emit(s, "bonus", f"Bonus screen: {a} and {b}, keep {max(a, b)} (bonus {s.bonus}).", rolls=[a, b],
         gained=max(a, b), pending=s.bonus)
    _to_duel(s)


def extra_roll(s: MsxState) -> None:
    """Extra screen (R33): +d20 for your next fighter, then the next World."""
    a = roll(s, 20, "Extra screen d20", log=False)
    s.bonus += a
    show_rolls(s, 20, [a], "Extra screen", PLAYER, [f"+{a}", f"bonus for your next fighter {s.bonus}"])
    emit(s, "extra", f"Extra screen: {a} (bonus {s.bonus}).", rolls=[a], gained=a, pending=s.bonus)
    s.world += 1
    s.phase = "world"


def _boss(s: MsxState) -> None:
    w = world(s)
    s.mode = "boss"
    s.duel = BossDuel(boss=w["boss"], set="white", step=1, results=[])
    f = s.fighters[PLAYER]
    assert f is not None
    f["green"], f["used"], f["hits"] = True, [], 0
    s.effects, s.respond = [], False
    _add_bonus(s)
    emit(s, "duel", f"Boss duel: {name(s, PLAYER)} ({f['vit']}) against {name(s, ENEMY)}.", boss=w["boss"])
    initiative(s)
    s.duel["set"] = "white" if s.init == ENEMY else "grey"
    emit(s, "duel_set", f"The {s.duel['set']} set is in use: "
         f"{'the Boss attacks' if s.init == ENEMY else 'you attack'} on T1.", set=s.duel["set"])
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
            lose(s, f"{name(s, ENEMY)} defeated {name(s, PLAYER)} on T{k}")
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
    if has(s, PLAYER, "EXTRA_ATTACK"):
        dmg = max(dmg, attack(s, PLAYER, ENEMY))  # R37: one wounding hit is enough
    if dmg <= 0:
        duel["results"].append("miss")
        lose(s, f"{name(s, PLAYER)} failed to damage {name(s, ENEMY)} on T{k}")
        return
    duel["results"].append(f"hit {dmg}")
    duel["step"] = k + 1
    s.phase = "bstep"


def _boss_won(s: MsxState) -> None:
    s.cleared += 1
    s.mode = ""
    s.effects = []
    boss = catalogue().bosses[s.duel["boss"]]["name"]  # type: ignore[index]
    worlds = catalogue().missions[s.mission]["worlds"]
    emit(s, "boss_destroyed", f"{boss} is destroyed! World {s.world + 1} is free.", cleared=s.cleared)
    if s.world + 1 >= len(worlds):
        s.outcome, s.phase = "won", "over"
        s.reason = "mission complete"
        emit(s, "mission_complete", f"Mission complete: all {len(worlds)} Worlds are free!", cleared=s.cleared)
    else:
        s.phase = "extra"


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
