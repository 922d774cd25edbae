"""Attack resolution (spec §7) and effective Attack/Defense (§7.1), with the arithmetic written out.

Every attack produces a list of steps, each a plain message (``d12 11``, ``+ Attack 5 = 16``, ...),
that the log event and the view carry, so a player can check each damage figure on the dice panel.
Side 1 is the Boss during a duel: it has only the printed value of its current T-step entry.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import emit
from tabletop.engine.rng import DICE, below

from .cards import catalogue
from .state import ENEMY, FOREVER, PLAYER, MsxState
from .text import P, commas, nm, sgn


def signed(n: int) -> str:
    """``+3`` / ``−4`` (a real minus sign, as printed on the cards)."""
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def num(n: int) -> str:
    return str(n) if n >= 0 else f"\u2212{-n}"


def die(s: MsxState, sides: int) -> int:
    """One die of ``sides`` faces from the state's generator, not logged: exactly
    ``chance.roll(s, sides, why, log=False)`` (same draw, same undo barrier), which every MSX roll
    is, since ``show_rolls`` logs the dice once their arithmetic is known. Written out because an
    action rolls several dice and the two calls in between were a tenth of the rules' time."""
    if sides not in DICE:
        raise ValueError(f"no d{sides} in this box (dice: {DICE})")
    s.rng, value = below(s.rng, sides)
    s.reveals += 1
    return value + 1


# -- small accessors --------------------------------------------------------------------------------
_WORLDS: dict[tuple[str, int], dict[str, Any]] = {}


def world(s: MsxState) -> dict[str, Any]:
    """The current World's data (memoised per mission and index)."""
    key = (s.mission, s.world)
    w = _WORLDS.get(key)
    if w is None:
        data = catalogue()
        w = _WORLDS[key] = data.worlds[data.missions[s.mission]["worlds"][s.world]]
    return w


_CARDS: dict[str, dict[str, Any]] = {}
ALTERS = ("ATTACK_ALTER", "DEFENSE_ALTER")


def card(s: MsxState, side: int) -> dict[str, Any] | None:
    """The card of a side's fighter; ``None`` for the Boss (or an empty place)."""
    if side == ENEMY and s.mode == "boss":
        return None
    f = s.fighters[side]
    if f is None:
        return None
    try:
        return _CARDS[f["card"]]
    except KeyError:
        _CARDS.update(catalogue().cards)
        return _CARDS[f["card"]]


def boss_entry(s: MsxState) -> dict[str, Any]:
    duel = s.duel
    assert duel is not None
    boss = catalogue().bosses[duel["boss"]]
    return boss[duel["set"]][min(duel["step"], 8) - 1]


def who(s: MsxState, side: int) -> str:
    """The card id a side fights with: its fighter, or the Boss during a duel (Bosses are cards)."""
    if s.mode == "boss" and side == ENEMY and s.duel is not None:
        return s.duel["boss"]
    f = s.fighters[side]
    assert f is not None, "no fighter on that side"
    return f["card"]


def race(s: MsxState, side: int) -> str | None:
    c = card(s, side)
    return c["race"] if c else None


def ability(s: MsxState, side: int) -> dict[str, Any] | None:
    c = card(s, side)
    return c["ability"] if c else None


def has(s: MsxState, side: int, kind: str) -> dict[str, Any] | None:
    """The first active capsule effect of ``kind`` on ``side``, if any."""
    for e in s.effects:
        if e["on"] == side and e["kind"] == kind:
            return e  # type: ignore[return-value]
    return None


def race_ok(ab: dict[str, Any], key: str, other_race: str | None, boss: bool) -> bool:
    """Does a race-filtered ability apply against ``other_race``? Filters never apply to Bosses (R31)."""
    want = ab.get(key)
    if want is None:
        return True
    return not boss and other_race == want


# -- effective stats (§7.1) ---------------------------------------------------------------------------
def _alters(s: MsxState, side: int, kind: str) -> list[tuple[dict[str, Any], int]]:
    """ALTER abilities that apply to ``side``'s stat, as (ability, holder) in §7.1 order."""
    boss = s.mode == "boss"
    out = []
    for holder in (side, 1 - side):
        ab = ability(s, holder)
        if ab is None or ab["kind"] != kind:
            continue
        if (ab["target"] == "self") != (holder == side):
            continue
        if holder != side and has(s, side, "BLOCK_ALTERATIONS"):
            continue
        if boss and (ab["mode"] == "set" or ab.get("race") is not None):
            continue  # R31: set-mode and race-filtered alterations do nothing in a duel
        if ab.get("race") is not None and ab["race"] != race(s, side):
            continue
        out.append((ab, holder))
    if len(out) > 1:
        out.sort(key=lambda p: 0 if p[0]["mode"] == "set" else 1)
    return out


def printed(s: MsxState, side: int, stat: str) -> int:
    c = card(s, side)
    if c is not None:
        return c[stat]
    entry = boss_entry(s)
    return entry["value"] if entry["role"] == stat else 0


def _plain(s: MsxState, side: int, kind: str) -> bool:
    """True when no capsule effect and no ALTER ability of ``kind`` can touch this stat (fast path)."""
    if s.effects:
        return False
    for holder in (side, 1 - side):
        ab = ability(s, holder)
        if ab is not None and ab["kind"] == kind:
            return False
    return True


def attack_value(s: MsxState, side: int) -> tuple[int, list[Any]]:
    """A_eff: capsule ATTACK_MODs override ATTACK_ALTER abilities (R16); floored at 0 (R2)."""
    value = printed(s, side, "attack")
    if _plain(s, side, "ATTACK_ALTER"):
        return max(0, value), ([] if value >= 0 else [FLOORED])
    notes: list[Any] = []
    mods = [e for e in s.effects if e["on"] == side and e["kind"] == "ATTACK_MOD"]
    if mods:
        for e in mods:
            value += e["n"]
            notes.append(P("st.note_cap", cap_term=e["cap"], n=sgn(e["n"])))
    else:
        for ab, holder in _alters(s, side, "ATTACK_ALTER"):
            by = who(s, holder)
            if ab["mode"] == "set":
                value = ab["value"]
                notes.append(P("st.note_set", n=nm(ab["value"]), card=by))
            else:
                value += ab["value"]
                notes.append(P("st.note_by", n=sgn(ab["value"]), card=by))
    if value < 0:
        value = 0
        notes.append(FLOORED)
    return value, notes


def defense_value(s: MsxState, side: int) -> tuple[int, list[Any]]:
    """D_eff: DEFENSE_SET, else printed + DEFENSE_MODs; without capsules the ALTERs; capped at 0."""
    value = printed(s, side, "defense")
    if _plain(s, side, "DEFENSE_ALTER"):
        return min(0, value), ([] if value <= 0 else [CAPPED])
    notes: list[Any] = []
    dset = has(s, side, "DEFENSE_SET")
    mods = [e for e in s.effects if e["on"] == side and e["kind"] == "DEFENSE_MOD"]
    if dset is not None or mods:
        if dset is not None:
            value = dset["n"]
            notes.append(P("st.note_sets", cap_term=dset["cap"], n=nm(dset["n"])))
        for e in mods:
            value += e["n"]
            notes.append(P("st.note_cap", cap_term=e["cap"], n=sgn(e["n"])))
    else:
        for ab, holder in _alters(s, side, "DEFENSE_ALTER"):
            by = who(s, holder)
            if ab["mode"] == "set":
                value = ab["value"]
                notes.append(P("st.note_set", n=nm(ab["value"]), card=by))
            else:
                value += ab["value"]
                notes.append(P("st.note_by", n=sgn(ab["value"]), card=by))
    if value > 0:
        value = 0
        notes.append(CAPPED)
    return value, notes


FLOORED: dict[str, Any] = {"k": "st.floored"}
CAPPED: dict[str, Any] = {"k": "st.capped"}


def _stat(value: int, printed_value: int, notes: list[Any]) -> dict[str, Any]:
    """``6 (5, POWER +1)``: an effective figure, its printed value and what changed it."""
    return P("st.stat", n=nm(value), printed=nm(printed_value), notes=commas(notes))


# -- damage and defeat ----------------------------------------------------------------------------------
def hurt(s: MsxState, side: int, amount: int) -> list[Any]:
    """Take Vitality from a fighter; an armed REVIVE catches a defeat (§7 step 9). Returns notes."""
    f = s.fighters[side]
    if f is None or (s.mode == "boss" and side == ENEMY):
        return []
    f["vit"] -= amount
    if f["vit"] <= 0:
        rev = has(s, side, "REVIVE")
        if rev is not None:
            s.effects.remove(rev)  # type: ignore[arg-type]
            f["vit"] = max(1, rev["n"])
            return [P("st.revive", cap_term=rev["cap"], vit=f["vit"])]
    return []


def _effect(effects: list[Any], side: int, kind: str) -> Any:
    for e in effects:
        if e["on"] == side and e["kind"] == kind:
            return e
    return None


def _untouched(effects: list[Any], side: int, ab_x: dict[str, Any] | None, ab_y: dict[str, Any] | None,
               alter: str, capsule_kinds: tuple[str, ...]) -> bool:
    """No capsule effect of ``capsule_kinds`` on ``side`` and no ``alter`` ability on either fighter:
    the stat is the printed value, floored/capped (``attack_value`` / ``defense_value`` shortcut)."""
    if (ab_x is not None and ab_x["kind"] == alter) or (ab_y is not None and ab_y["kind"] == alter):
        return False
    for e in effects:
        if e["on"] == side and e["kind"] in capsule_kinds:
            return False
    return True


def attack(s: MsxState, x: int, y: int, *, surprise: bool = False) -> int:
    """One attack of ``x`` on ``y`` through §7 steps 1-9; returns the damage dealt.

    Written for speed (bots and the balance simulation run it millions of times): capsule effects
    are looked up only when some are running, and the common case builds only a few messages."""
    boss = s.mode == "boss"
    sides = world(s)["die"]
    cx, cy = card(s, x), card(s, y)
    xn = cx["id"] if cx else who(s, x)
    yn = cy["id"] if cy else who(s, y)
    ab_x, ab_y = (cx["ability"] if cx else None), (cy["ability"] if cy else None)
    effects = s.effects
    # 1. roll (logged below, once the arithmetic is known, so the dice panel can show it)
    natural = die(s, sides)
    rolls = [natural]
    if effects and _effect(effects, x, "BEST_OF_TWO") is not None:
        second = die(s, sides)
        rolls.append(second)
        steps: list[Any] = [{"k": "st.best2", "die": sides, "a": natural, "b": second, "best": max(natural, second)}]
        natural = max(natural, second)
    else:
        steps = [{"k": "st.roll", "die": sides, "value": natural}]
    damage = 0
    y_f = None if (boss and y == ENEMY) else s.fighters[y]
    first = y_f is not None and y_f["hits"] == 0
    if y_f is not None:
        y_f["hits"] += 1
    # 2. nullify
    null = _effect(effects, y, "NULLIFY_ATTACKS") if effects else None
    why_null = None
    if null is not None:
        why_null = {"k": "st.null_cap", "cap_term": null["cap"]}
    elif ab_y is not None and ab_y["kind"] == "ATTACK_NULLIFIED":
        if ab_y["trigger"] == "first_attack" and first:
            why_null = {"k": "st.null_first", "card": yn}
        elif ab_y["trigger"] == "natural_at_most" and natural <= ab_y["value"]:
            why_null = {"k": "st.null_low", "card": yn, "n": ab_y["value"]}
    if why_null:
        steps.append(why_null)
    else:
        xr, yr = (cx["race"] if cx else None), (cy["race"] if cy else None)
        # 3. raw (fast path: no capsule running and no alteration ability on either side)
        plain = not effects and not (ab_x is not None and ab_x["kind"] in ALTERS) and not (
            ab_y is not None and ab_y["kind"] in ALTERS)
        if plain and cx is not None:
            a, a_notes = max(0, cx["attack"]), []
        elif cx is not None and _untouched(effects, x, ab_x, ab_y, "ATTACK_ALTER", ("ATTACK_MOD",)):
            # what ``attack_value`` gives with no ATTACK_MOD on x and no ATTACK_ALTER on either side
            a = cx["attack"]
            a, a_notes = (a, []) if a >= 0 else (0, [FLOORED])
        else:
            a, a_notes = attack_value(s, x)
        raw = natural + a
        steps.append({"k": "st.attack", "a": a, "raw": nm(raw)} if not a_notes else
                     {"k": "st.attack", "a": _stat(a, printed(s, x, "attack"), a_notes), "raw": nm(raw)})
        ignore = _effect(effects, x, "IGNORE_DEFENSE") if effects else None
        if ignore is not None:
            steps.append({"k": "st.ignored", "card": yn, "cap_term": ignore["cap"], "raw": nm(raw)})
        else:
            if plain and cy is not None:
                d, d_notes = min(0, cy["defense"]), []
            elif cy is not None and _untouched(effects, y, ab_x, ab_y, "DEFENSE_ALTER", ("DEFENSE_SET", "DEFENSE_MOD")):
                # what ``defense_value`` gives with no DEFENSE_SET/MOD on y and no DEFENSE_ALTER at all
                d = cy["defense"]
                d, d_notes = (d, []) if d <= 0 else (0, [CAPPED])
            else:
                d, d_notes = defense_value(s, y)
            raw += d
            if d_notes:
                steps.append({"k": "st.defense", "card": yn, "d": _stat(d, printed(s, y, "defense"), d_notes),
                              "raw": nm(raw)})
            else:
                steps.append({"k": "st.defense", "card": yn, "d": nm(d), "raw": nm(raw)})
        if raw <= 0:
            steps.append(NO_WOUND)  # 4. R3
        else:
            # 5. doubled
            dbl = _effect(effects, x, "DAMAGE_DEALT_DOUBLED") if effects else None
            if dbl is not None:
                raw *= 2
                steps.append({"k": "st.doubled", "cap_term": dbl["cap"], "raw": raw})
            # 6. increased
            if ab_x is not None and ab_x["kind"] == "DAMAGE_INCREASED" and race_ok(ab_x, "vs_race", yr, boss):
                raw += ab_x["amount"]
                steps.append({"k": "st.increased", "n": sgn(ab_x["amount"]), "raw": nm(raw)})
            for e in effects:
                if e["on"] == x and e["kind"] == "DAMAGE_DEALT_MOD":
                    raw += e["n"]
                    steps.append({"k": "st.dealt_mod", "cap_term": e["cap"], "n": sgn(e["n"]), "raw": nm(raw)})
            # 7. halved, once
            halve = _effect(effects, y, "DAMAGE_TAKEN_HALVED") if effects else None
            split = (ab_y is not None and ab_y["kind"] == "ATTACK_SPLIT"
                     and race_ok(ab_y, "vs_race", xr, boss))
            if halve is not None or split:
                raw //= 2
                by = {"k": "x.term", "term": halve["cap"]} if halve else {"k": "x.term", "term": "ATTACK_SPLIT"}
                steps.append({"k": "st.halved", "by": by, "raw": nm(raw)})
            # 8. reduced
            if ab_y is not None and ab_y["kind"] == "DAMAGE_REDUCED" and race_ok(ab_y, "vs_race", xr, boss):
                raw -= ab_y["amount"]
                steps.append({"k": "st.reduced", "n": ab_y["amount"], "raw": nm(raw)})
            for e in effects:
                if e["on"] == y and e["kind"] == "DAMAGE_TAKEN_MOD":
                    raw -= e["n"]
                    steps.append({"k": "st.taken_mod", "cap_term": e["cap"], "n": e["n"], "raw": nm(raw)})
            # 9. damage
            damage = raw if raw > 0 else 0
    steps.append({"k": "st.damage", "n": damage})
    if damage:
        steps.extend(hurt(s, y, damage))
    show_rolls(s, sides, rolls, {"k": "why.surprise" if surprise else "why.attack", "card": xn, "target_card": yn},
               x, steps)
    left = y_f["vit"] if y_f is not None else None
    kind = "surprise" if surprise else "attack"
    # the same keys as format-1 saves held (names, not ids), so their states still compare
    # a fighter's name is on its card, at hand; only a Boss's is looked up
    s.last_attack = {"by": x, "on": y, "attacker": cx["name"] if cx else _name(xn),
                     "target": cy["name"] if cy else _name(yn), "natural": natural, "die": sides,
                     "damage": damage, "steps": steps, "surprise": surprise}
    # ``emit``'s event, written out (every value is plain already): the hottest event of the game
    s.log.append({"k": "attack", "m": kind if left is None else f"{kind}_left" if left > 0 else f"{kind}_out",
                  "by": x, "on": y, "natural": natural, "die": sides, "damage": damage, "steps": steps,
                  "surprise": surprise, "card": xn, "target_card": yn, "left": left})
    return damage


_NAMES: list[Any] = [None, {}]
"""The catalogue the names were read from, and names by card id (other data loaded by a test
starts a new table)."""


def _name(card_id: str) -> str:
    """A fighter's or Boss's data name (the state's ``last_attack`` keeps names, as format 1 did)."""
    data = catalogue()
    if _NAMES[0] is not data:
        _NAMES[:] = [data, {}]
    names: dict[str, str] = _NAMES[1]
    name = names.get(card_id)
    if name is None:
        found = data.cards.get(card_id) or data.bosses.get(card_id)
        name = names[card_id] = found["name"] if found else card_id
    return name


NO_WOUND: dict[str, Any] = {"k": "st.no_wound"}


def show_rolls(s: MsxState, die: int, values: list[int], why: dict[str, Any], side: int | None,
               steps: list[Any], **data: Any) -> None:
    """Log dice rolled with ``log=False`` as ``roll`` events of one group, the arithmetic on the last
    (the shape ``tabletop.engine.chance.roll`` logs, plus ``steps`` and ``group`` for the dice panel).
    ``why`` and the steps are plain messages."""
    group = "g" + str(len(s.log))
    if len(values) == 1 and not data:
        # ``emit``'s event, written out (every value is plain already): one per attack
        s.log.append({"k": "roll", "m": "msx_roll", "die": die, "value": values[0], "why": why, "seat": None,
                      "side": side, "group": group, "steps": steps})
        return
    last = len(values) - 1
    for i, value in enumerate(values):
        emit(s, "roll", m="msx_roll", die=die, value=value, why=why, seat=None, side=side, group=group,
             steps=steps if i == last else [], **data)


def alive(s: MsxState, side: int) -> bool:
    f = s.fighters[side]
    return f is not None and f["vit"] > 0


def expire(s: MsxState) -> None:
    """Upkeep: end the capsule effects whose duration has run out (§8.3)."""
    if s.effects:
        s.effects = [e for e in s.effects if e["until"] == FOREVER or e["until"] >= s.act_no]


def regenerate(s: MsxState, side: int) -> None:
    """REGENERATION at the upkeep of the holder's action; never above printed Vitality (R17)."""
    c = card(s, side)
    ab = c["ability"] if c else None
    if ab is None or ab["kind"] != "REGENERATION":
        return
    f = s.fighters[side]
    if f is None:
        return
    top = catalogue().cards[f["card"]]["vitality"]
    if f["vit"] < top:
        gain = min(ab["amount"], top - f["vit"])
        f["vit"] += gain
        emit(s, "regen", side=side, amount=gain, card=f["card"], vit=f["vit"])


__all__ = ["PLAYER", "ENEMY", "attack", "attack_value", "defense_value", "expire", "regenerate"]
