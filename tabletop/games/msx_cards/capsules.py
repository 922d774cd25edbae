"""Capsules (spec §8): using one, durations, Capsule Brake, the enemy's d6 reply and pointless picks.

A capsule's effects become ``Effect`` records in ``state.effects`` (except INSTANT ones, applied at
once). Every number passes through the opponent's CAPSULE_BRAKE when it is created (§8.6), so the
record already holds the figure that applies and the log says how it was reached.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import emit
from tabletop.engine.chance import roll

from .cards import catalogue, dice_parts
from .combat import ability, defense_value, hurt, name, race, show_rolls
from .state import ENEMY, FOREVER, PLAYER, Effect, MsxState

SPAN = {"ACTION": 0, "TURN": 1, "TWO_TURNS": 3}
"""How many actions after the one of use an effect stays active (R15); BATTLE is FOREVER."""
BRAKED = {"ATTACK_MOD", "DEFENSE_MOD", "DAMAGE_DEALT_MOD", "DAMAGE_TAKEN_MOD", "HEAL", "HARM", "REVIVE",
          "DEFENSE_SET"}
FLAGS = {"DAMAGE_TAKEN_HALVED", "DAMAGE_DEALT_DOUBLED", "IGNORE_DEFENSE", "BEST_OF_TWO", "EXTRA_ATTACK",
         "NULLIFY_ATTACKS", "BLOCK_ALTERATIONS"}
HANDLED = BRAKED | FLAGS | {"CANCEL_OPPONENT_CAPSULE"}
"""Every effect kind this module interprets (a test checks it covers the whole vocabulary)."""


def toward_zero(n: int, brake: int) -> int:
    if n > 0:
        return max(0, n - brake)
    return min(0, n + brake)


def brake_of(s: MsxState, user: int) -> int:
    """The CAPSULE_BRAKE facing ``user`` (its opponent's); none in a Boss duel (R31)."""
    if s.mode == "boss":
        return 0
    ab = ability(s, 1 - user)
    return ab["amount"] if ab is not None and ab["kind"] == "CAPSULE_BRAKE" else 0


def lit(s: MsxState, side: int) -> list[str]:
    """Capsules the fighter may use now: lit on its card, button green (Bosses have none)."""
    if s.mode == "boss" and side == ENEMY:
        return []
    f = s.fighters[side]
    if f is None or not f["green"]:
        return []
    return list(catalogue().cards[f["card"]]["caps"])


def _amount(s: MsxState, user: int, eff: dict[str, Any], cap: str) -> tuple[int, str]:
    if "dice" in eff:
        count, sides, plus = dice_parts(eff["dice"])
        total = plus
        values = [roll(s, sides, f"{cap} {eff['kind'].lower()}", log=False) for _ in range(count)]
        total += sum(values)
        how = f"{eff['dice']} = " + " + ".join(str(v) for v in values) + (f" + {plus}" if plus else "") + f" = {total}"
        show_rolls(s, sides, values, f"{cap} ({eff['kind'].lower()})", user, [how])
        return total, f"{eff['dice']} = {total}"
    return eff["amount"], str(eff["amount"])


def use(s: MsxState, user: int, cap_id: str, *, picked_by: str = "choice") -> None:
    """Spend the button of ``user`` on capsule ``cap_id`` and apply its effects now."""
    data = catalogue()
    cap = data.capsules[cap_id]
    f = s.fighters[user]
    assert f is not None
    f["green"] = False
    f["used"].append(cap_id)
    opp = 1 - user
    duel = s.mode == "boss"
    brake = brake_of(s, user)
    until = FOREVER if cap["duration"] == "BATTLE" else s.act_no + SPAN.get(cap["duration"], 0)
    notes: list[str] = []
    for eff in cap["effects"]:
        kind = eff["kind"]
        if kind in ("HEAL", "HARM"):
            amount, how = _amount(s, user, eff, cap_id)
            if brake:
                amount = toward_zero(amount, brake)
                how += f", braked by {brake} to {amount}"
            if kind == "HEAL":
                f["vit"] += amount
                notes.append(f"{name(s, user)} regains {how} Vitality ({f['vit']})")
            elif duel:
                notes.append("the Boss has no Vitality to harm")
            else:
                extra = hurt(s, opp, amount)
                notes.append(f"{name(s, opp)} loses {how} Vitality ({max(0, s.fighters[opp]['vit'])})"  # type: ignore[index]
                             + (f"; {extra[0]}" if extra else ""))
            continue
        if kind == "CANCEL_OPPONENT_CAPSULE":
            gone = [e for e in s.effects if e["src"] == opp]
            s.effects = [e for e in s.effects if e["src"] != opp]
            notes.append(f"ends {', '.join(sorted({e['cap'] for e in gone}))}" if gone else "nothing to stop")
            continue
        on = opp if eff.get("target") == "opponent" else user
        if kind in FLAGS:
            n = 0
        else:
            n = eff["value"] if kind in ("DEFENSE_SET", "REVIVE") else eff["amount"]
            if brake:
                braked = toward_zero(n, brake)
                notes.append(f"{kind} {n} braked by {brake} to {braked}")
                n = braked
        s.effects.append(Effect(cap=cap_id, src=user, on=on, kind=kind, n=n,
                                until=FOREVER if kind == "REVIVE" else until))
    detail = "; ".join(notes)
    emit(s, "capsule", f"{name(s, user)} uses {cap_id}" + (f": {detail}." if detail else "."), side=user,
         capsule=cap_id, duration=cap["duration"], picked_by=picked_by, notes=notes)
    if user == PLAYER and not s.versus and not duel:
        s.respond = True


def pointless(s: MsxState, user: int, cap_id: str) -> bool:
    """The §8.8 condition under which the enemy's d6 pick is wasted."""
    cond = catalogue().capsules[cap_id]["pointless"]
    opp = 1 - user
    if cond == "opponent_has_no_active_capsule":
        return not any(e["src"] == opp for e in s.effects)
    if cond == "opponent_defense_zero":
        return defense_value(s, opp)[0] == 0
    if cond == "opponent_has_no_alter_on_me":
        ab = ability(s, opp)
        if ab is None or ab["kind"] not in ("ATTACK_ALTER", "DEFENSE_ALTER") or ab["target"] != "opponent":
            return True
        return ab.get("race") is not None and ab["race"] != race(s, user)
    return False


def enemy_reply(s: MsxState) -> None:
    """§8.4: the pending response is answered by a d6 over the race bar (re-rolling empty or unlit
    slots); a pointless pick turns the button red with no effect."""
    s.respond = False
    f = s.fighters[ENEMY]
    if f is None or not f["green"]:
        emit(s, "reply", f"{name(s, ENEMY)} cannot answer: its capsule is spent.", side=ENEMY)
        return
    data = catalogue()
    c = data.cards[f["card"]]
    bar = data.races[c["race"]]["capsule_bar"]
    while True:
        r = roll(s, 6, f"{c['name']} capsule pick", log=False)
        ok = bar[r - 1] is not None and r in c["lit"]
        why = "the empty slot" if bar[r - 1] is None else f"{bar[r - 1]}, not lit on this card"
        show_rolls(s, 6, [r], f"{c['name']} capsule pick", ENEMY,
                   [f"slot {r}: {bar[r - 1]}" if ok else f"slot {r}: {why}, roll again"])
        if ok:
            break
        emit(s, "reroll", f"Slot {r} is {why}: roll again.", side=ENEMY, slot=r)
    cap_id = bar[r - 1]
    if pointless(s, ENEMY, cap_id):
        f["green"] = False
        f["used"].append(cap_id)
        emit(s, "capsule_wasted", f"{c['name']} picks {cap_id}, which would do nothing now: wasted.",
             side=ENEMY, capsule=cap_id, slot=r)
        return
    use(s, ENEMY, cap_id, picked_by=f"d6 {r}")
