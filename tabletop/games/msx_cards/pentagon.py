"""The Pentagon of events (spec §10): the per-action d20 check and the resolution of an event.

An event interrupts the action that was about to start (R19), ends every running capsule effect
(R27), sends the weaker fighter (the *visitor*) to a cell picked by its last lit capsule (sector,
R21) and its opponent's Resistance (ring, R22), and applies the ring's event with the cell's shade.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import emit

from .cards import catalogue
from .combat import die, show_rolls, world
from .state import ENEMY, PLAYER, MsxState
from .text import P, commas, effect_msg, semis

SECTOR_TINT = ("red", "blue", "brown", "green", "yellow")
"""Decoration only (R25): sector 1 red ... sector 5 yellow, the reverse of the race order (§10.1)."""


WHY_CHECK: dict[str, Any] = {"k": "why.event_check"}


def fired(s: MsxState, value: int, threshold: int) -> None:
    """Log the d20 of a check that fires an event (``flow._action`` rolls the check itself)."""
    show_rolls(s, 20, [value], WHY_CHECK, None, [P("st.event_check", value=value, threshold=threshold)])


def resolve(s: MsxState, d20: int) -> list[int]:
    """Resolve an event (§10.3 steps 2-8); return the sides left at 0 Vitality or less."""
    data = catalogue()
    w = world(s)
    pent = data.pentagons[w["pentagon"]]
    ended = list(s.effects)
    s.effects = []  # step 2: every running capsule effect ends, armed REVIVE included
    fp, fe = s.fighters[PLAYER], s.fighters[ENEMY]
    assert fp is not None and fe is not None
    visitor = PLAYER if fp["vit"] <= fe["vit"] else ENEMY
    vcard = data.cards[s.fighters[visitor]["card"]]  # type: ignore[index]
    ocard = data.cards[s.fighters[1 - visitor]["card"]]  # type: ignore[index]
    sector = vcard["sector"]
    ring = 5 - ocard["resistance"]
    shade = pent["shades"][ring - 1][sector - 1]
    m = 2 if shade == "dark" else 1
    ev = data.events[pent["rings"][ring - 1]]
    outcomes: list[dict[str, object]] = []
    lines: list[Any] = []
    if ended:  # say what the event took away (a +2 LV.UP used to vanish without a word)
        lines.append(P("ln.ends", effects=commas([
            P("ln.ended", cap_term=e["cap"], effect=effect_msg(e["kind"], e["n"]),
              card=s.fighters[e["on"]]["card"])  # type: ignore[index]
            for e in ended])))
    if ev["polarity"] == "positive":
        f = s.fighters[visitor]
        assert f is not None
        if ev["kind"] == "VITALITY":
            base = ev["values"][vcard["race"]]
            f["vit"] += base * m
            outcomes.append({"side": visitor, "change": base * m, "base": base, "m": m})
            lines.append(P("ln.gains", card=vcard["id"], base=base, m=m, total=base * m, vit=max(0, f["vit"])))
        else:
            f["green"] = True
            outcomes.append({"side": visitor, "recharged": True})
            lines.append(P("ln.recharged", card=vcard["id"]))
    else:
        sides = w["die"]
        for side in (PLAYER, ENEMY):
            f = s.fighters[side]
            assert f is not None
            c = data.cards[f["card"]]
            ab = c["ability"]
            bonus = ab["amount"] if ab is not None and ab["kind"] == "EVENT_RESISTANCE" else 0
            target = ev["resist_target"][str(c["resistance"])]
            why = P("why.resist", card=c["id"], event_term=ev["id"])
            r = die(s, sides)
            total = r + bonus
            calc = (P("ln.calc_bonus", die=sides, value=r, bonus=bonus, total=total, target=target) if bonus
                    else P("ln.calc", die=sides, value=r, total=total, target=target))
            result = P("st.resisted") if total >= target else P("st.loses", n=ev["values"][c["race"]], m=m)
            show_rolls(s, sides, [r], why, side,
                       [P("st.resist_bonus", die=sides, value=r, bonus=bonus, total=total) if bonus
                        else P("st.resist", die=sides, value=r, total=total),
                        P("st.needs", target=target, resistance=c["resistance"]), result], target=target)
            if total >= target:
                outcomes.append({"side": side, "resisted": True, "roll": r, "total": total, "target": target})
                lines.append(P("ln.resists", card=c["id"], calc=calc))
            else:
                base = ev["values"][c["race"]]
                f["vit"] -= base * m
                outcomes.append({"side": side, "resisted": False, "roll": r, "total": total, "target": target,
                                 "change": -base * m, "base": base, "m": m})
                lines.append(P("ln.fails", card=c["id"], calc=calc, base=base, m=m, total=base * m,
                               vit=max(0, f["vit"])))
    s.last_event = {"event": ev["id"], "name": ev["name"], "polarity": ev["polarity"], "kind": ev["kind"],
                    "visitor": visitor, "visitor_name": vcard["name"], "sector": sector, "ring": ring,
                    "shade": shade, "m": m, "tint": SECTOR_TINT[sector - 1], "d20": d20,
                    "outcomes": outcomes, "lines": lines}
    emit(s, "event", event=ev["id"], visitor=visitor, sector=sector, ring=ring, shade=shade, mult=m,
         outcomes=outcomes, d20=d20, event_term=ev["id"], card=vcard["id"], shade_term=shade, lines=semis(lines))
    return [side for side in (PLAYER, ENEMY) if s.fighters[side]["vit"] <= 0]  # type: ignore[index]
