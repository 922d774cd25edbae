"""Capsules (spec §8): using one, durations, Capsule Brake, the enemy's d6 reply and pointless picks.

A capsule's effects become ``Effect`` records in ``state.effects`` (except INSTANT ones, applied at
once). Every number passes through the opponent's CAPSULE_BRAKE when it is created (§8.6), so the
record already holds the figure that applies and the log says how it was reached.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import emit

from .cards import catalogue, dice_parts
from .combat import ability, defense_value, die, hurt, race, show_rolls, who
from .state import ENEMY, FOREVER, PLAYER, Effect, MsxState
from .text import P, cap_name, commas, pluses, semis

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


def dice_msg(text: str) -> dict[str, Any]:
    """``2d6`` / ``1d6+2`` as a message."""
    count, sides, plus = dice_parts(text)
    if plus:
        return P("x.dice_plus", count=count, sides=sides, plus=plus)
    return P("x.dice", count=count, sides=sides)


def _amount(s: MsxState, user: int, eff: dict[str, Any], cap: str) -> tuple[int, dict[str, Any]]:
    if "dice" in eff:
        count, sides, plus = dice_parts(eff["dice"])
        total = plus
        why = P("why.capsule", cap_term=cap, kind_term=eff["kind"])
        values = [die(s, sides) for _ in range(count)]
        total += sum(values)
        dice = dice_msg(eff["dice"])
        how = P("st.dice_plus" if plus else "st.dice", dice=dice, values=pluses(values), plus=plus, total=total)
        show_rolls(s, sides, values, why, user, [how])
        return total, P("st.dice_total", dice=dice, total=total)
    return eff["amount"], P("x.n", n=eff["amount"])


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
    notes: list[Any] = []
    for eff in cap["effects"]:
        kind = eff["kind"]
        if kind in ("HEAL", "HARM"):
            amount, how = _amount(s, user, eff, cap_id)
            if brake:
                amount = toward_zero(amount, brake)
                how = P("st.braked_to", how=how, brake=brake, n=amount)
            if kind == "HEAL":
                f["vit"] += amount
                notes.append(P("st.heal", card=f["card"], how=how, vit=f["vit"]))
            elif duel:
                notes.append(P("st.no_harm"))
            else:
                extra = hurt(s, opp, amount)
                left = max(0, s.fighters[opp]["vit"])  # type: ignore[index]
                if extra:
                    notes.append(P("st.harm_revive", card=who(s, opp), how=how, vit=left, revive=extra[0]))
                else:
                    notes.append(P("st.harm", card=who(s, opp), how=how, vit=left))
            continue
        if kind == "CANCEL_OPPONENT_CAPSULE":
            gone = [e for e in s.effects if e["src"] == opp]
            s.effects = [e for e in s.effects if e["src"] != opp]
            notes.append(P("st.stops", caps=commas([cap_name(c) for c in sorted({e["cap"] for e in gone})]))
                         if gone else P("st.nothing_to_stop"))
            continue
        on = opp if eff.get("target") == "opponent" else user
        if kind in FLAGS:
            n = 0
        else:
            n = eff["value"] if kind in ("DEFENSE_SET", "REVIVE") else eff["amount"]
            if brake:
                braked = toward_zero(n, brake)
                notes.append(P("st.braked", kind_term=kind, n=n, brake=brake, to=braked))
                n = braked
        effect: Effect = {"cap": cap_id, "src": user, "on": on, "kind": kind, "n": n,
                          "until": FOREVER if kind == "REVIVE" else until}
        s.effects.append(effect)
    # ``emit``'s event, written out (every value is plain already): two actions in five use a capsule
    event = {"k": "capsule", "side": user, "capsule": cap_id, "duration": cap["duration"], "picked_by": picked_by,
             "notes": notes, "card": f["card"], "cap_term": cap_id}
    if notes:
        event["m"] = "capsule_notes"
        event["detail"] = semis(notes)
    s.log.append(event)
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
        emit(s, "reply", side=ENEMY, card=who(s, ENEMY))
        return
    data = catalogue()
    c = data.cards[f["card"]]
    bar = data.races[c["race"]]["capsule_bar"]
    pick_why = {"k": "why.pick", "card": c["id"]}
    lit_slots = c["lit"]
    log = s.log
    while True:
        r = die(s, 6)
        slot = bar[r - 1]
        ok = slot is not None and r in lit_slots
        # ``P``, ``show_rolls`` and ``emit``'s messages and events, written out: a reply re-rolls
        # twice on average
        why = {"k": "st.empty_slot"} if slot is None else {"k": "st.unlit", "cap_term": slot}
        log.append({"k": "roll", "m": "msx_roll", "die": 6, "value": r, "why": pick_why, "seat": None, "side": ENEMY,
                    "group": "g" + str(len(log)),
                    "steps": [{"k": "st.slot", "slot": r, "cap_term": slot} if ok else
                              {"k": "st.slot_again", "slot": r, "why": why}]})
        if ok:
            break
        log.append({"k": "reroll", "side": ENEMY, "slot": r, "why": why})
    cap_id = bar[r - 1]
    if pointless(s, ENEMY, cap_id):
        f["green"] = False
        f["used"].append(cap_id)
        emit(s, "capsule_wasted", side=ENEMY, capsule=cap_id, slot=r, card=c["id"], cap_term=cap_id)
        return
    use(s, ENEMY, cap_id, picked_by=f"d6 {r}")
