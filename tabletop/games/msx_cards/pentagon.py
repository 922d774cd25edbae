"""The Pentagon of events (spec §10): the per-action d20 check and the resolution of an event.

An event interrupts the action that was about to start (R19), ends every running capsule effect
(R27), sends the weaker fighter (the *visitor*) to a cell picked by its last lit capsule (sector,
R21) and its opponent's Resistance (ring, R22), and applies the ring's event with the cell's shade.
"""

from __future__ import annotations

from tabletop.engine import emit
from tabletop.engine.chance import roll

from .cards import catalogue
from .combat import name, show_rolls, world
from .state import ENEMY, PLAYER, MsxState
from .text import effect_text

SECTOR_TINT = ("red", "blue", "brown", "green", "yellow")
"""Decoration only (R25): sector 1 red ... sector 5 yellow, the reverse of the race order (§10.1)."""


def check(s: MsxState) -> int | None:
    """The event check at the start of an eligible action: the d20 if an event fires, else None."""
    threshold = world(s)["threshold"]
    if threshold <= 0:
        return None
    value = roll(s, 20, "event check", log=False)
    if value > threshold:
        return None  # the quiet checks stay out of the log: one per action would drown the dice panel
    show_rolls(s, 20, [value], "event check", None, [f"d20 {value} \u2264 {threshold}: an event!"])
    return value


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
    lines: list[str] = []
    if ended:  # say what the event took away (a +2 LV.UP used to vanish without a word)
        lines.append("it ends " + ", ".join(f"{e['cap']} ({effect_text(e['kind'], e['n'])} on {name(s, e['on'])})"
                                            for e in ended))
    if ev["polarity"] == "positive":
        f = s.fighters[visitor]
        assert f is not None
        if ev["kind"] == "VITALITY":
            base = ev["values"][vcard["race"]]
            f["vit"] += base * m
            outcomes.append({"side": visitor, "change": base * m, "base": base, "m": m})
            lines.append(f"{vcard['name']} gains {base} \u00d7 {m} = {base * m} Vitality ({max(0, f['vit'])})")
        else:
            f["green"] = True
            outcomes.append({"side": visitor, "recharged": True})
            lines.append(f"{vcard['name']}'s capsule button turns green again")
    else:
        die = w["die"]
        for side in (PLAYER, ENEMY):
            f = s.fighters[side]
            assert f is not None
            c = data.cards[f["card"]]
            ab = c["ability"]
            bonus = ab["amount"] if ab is not None and ab["kind"] == "EVENT_RESISTANCE" else 0
            target = ev["resist_target"][str(c["resistance"])]
            r = roll(s, die, f"{c['name']} resists {ev['name']}", log=False)
            total = r + bonus
            calc = f"d{die} {r}" + (f" + {bonus}" if bonus else "") + f" = {total} vs {target}"
            result = "resisted" if total >= target else f"loses {ev['values'][c['race']]} \u00d7 {m}"
            show_rolls(s, die, [r], f"{c['name']} resists {ev['name']}", side,
                       [f"d{die} {r}" + (f" + Event Resistance {bonus}" if bonus else "") + f" = {total}",
                        f"needs {target} (Resistance {c['resistance']})", result], target=target)
            if total >= target:
                outcomes.append({"side": side, "resisted": True, "roll": r, "total": total, "target": target})
                lines.append(f"{c['name']} resists ({calc})")
            else:
                base = ev["values"][c["race"]]
                f["vit"] -= base * m
                outcomes.append({"side": side, "resisted": False, "roll": r, "total": total, "target": target,
                                 "change": -base * m, "base": base, "m": m})
                lines.append(f"{c['name']} fails ({calc}) and loses {base} \u00d7 {m} = {base * m} ({max(0, f['vit'])})")
    s.last_event = {"event": ev["id"], "name": ev["name"], "polarity": ev["polarity"], "kind": ev["kind"],
                    "visitor": visitor, "visitor_name": vcard["name"], "sector": sector, "ring": ring,
                    "shade": shade, "m": m, "tint": SECTOR_TINT[sector - 1], "d20": d20,
                    "outcomes": outcomes, "lines": lines}
    emit(s, "event", f"Event! {ev['name']} (d20 {d20}): {name(s, visitor)} visits sector {sector}, ring {ring} "
         f"({shade}). " + "; ".join(lines) + ".", event=ev["id"], visitor=visitor, sector=sector, ring=ring,
         shade=shade, m=m, outcomes=outcomes, d20=d20)
    return [side for side in (PLAYER, ENEMY) if s.fighters[side]["vit"] <= 0]  # type: ignore[index]
