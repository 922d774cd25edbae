"""Attack resolution (spec §7) and effective Attack/Defense (§7.1), with the arithmetic written out.

Every attack produces a list of steps, each a plain message (``d12 11``, ``+ Attack 5 = 16``, ...),
that the log event and the view carry, so a player can check each damage figure on the dice panel.
Side 1 is the Boss during a duel: it has only the printed value of its current T-step entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine import emit
from tabletop.engine.rng import DICE, GOLDEN_GAMMA, MASK64

from .cards import catalogue
from .keyed import DIE, keyed
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
    is, since ``show_rolls`` logs the dice once their arithmetic is known.

    ``rng.below`` written out with the rejection bound of each die worked out once (:data:`LIMITS`):
    an action rolls five or six dice, and the call, the bound's three big-integer operations and the
    returned pair were a sixth of the rules' time. ``test_die_is_rng_below`` holds it to ``below``."""
    limit = LIMITS.get(sides)
    if limit is None:
        raise ValueError(f"no d{sides} in this box (dice: {DICE})")
    if s.crn is not None:  # a search clone: common random numbers (``keyed.keyed``)
        return keyed(s, DIE, sides) + 1
    state = s.rng
    while True:
        state = (state + GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out = z ^ (z >> 31)
        if out < limit:
            s.rng = state
            s.reveals += 1
            return out % sides + 1


LIMITS = {n: (1 << 64) - ((1 << 64) % n) for n in DICE}
"""``rng.below``'s rejection bound for each die of the box (outputs at or above it are redrawn)."""


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

TABLES: list[dict[Any, Any]] = [_WORLDS, _CARDS]
"""Every table the rules keep of facts read from the catalogue (Worlds, cards, the pairings'
``Bout``s, initiative ``Odds``, act menus): other modules add theirs. ``same_catalogue`` empties
them all when the data changes (``engine.assets.use_assets``, tests of tampered data)."""
_FROM: list[Any] = [None]


def same_catalogue() -> None:
    """Forget the ``TABLES`` if they were built from another catalogue than the one in use. Called
    where a game, a battle or a duel starts, so no fight reads a table of other data."""
    data = catalogue()
    if _FROM[0] is not data:
        forget_tables()
        _FROM[0] = data


def forget_tables() -> None:
    """Empty every kept table (``TABLES``): for a catalogue edited in place (tests of one card)."""
    for table in TABLES:
        table.clear()


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


@dataclass(frozen=True, slots=True)
class Bout:
    """What an attack of one fighter on another reads that cannot change while they fight (their
    cards, names, abilities; in a duel the Boss's current entry): worked out once per pairing and
    kept in :data:`_BOUTS`, instead of being looked up again on every attack.

    The ``a``... fields are the arithmetic of an attack made with *no capsule effect running* (two
    attacks in three): with no effect, ``_arithmetic`` reads nothing but these cards and the
    Boss's entry, so its numbers and its roll-independent messages are constants of the pairing.
    ``test_the_bout_arithmetic_is_the_full_arithmetic`` checks :func:`_plain_steps` against
    ``_arithmetic`` on every effect-free attack of many random games."""

    xn: str
    yn: str
    cx: dict[str, Any] | None
    cy: dict[str, Any] | None
    attacker: str
    """Names (not ids) for ``last_attack``, the keys format-1 saves held."""
    target: str
    why: dict[str, Any]
    why_surprise: dict[str, Any] | None
    """Only for an attacker with SURPRISE_ATTACK (the only ones that make surprise attacks): the
    table keeps one message less per pairing."""
    a: int
    """Effective Attack with no capsule effect, and how the attack step shows it."""
    a_shown: Any
    d: int
    d_shown: Any
    null_first: dict[str, Any] | None
    """The nullify step when the target's ATTACK_NULLIFIED stops the first attack it receives."""
    null_low: int
    """The highest natural roll the target's ATTACK_NULLIFIED stops (0: none)."""
    null_low_step: dict[str, Any] | None
    increased: int | None
    """The attacker's DAMAGE_INCREASED amount when it applies to this target."""
    split: bool
    """The target's ATTACK_SPLIT applies to this attacker."""
    reduced: int | None
    """The target's DAMAGE_REDUCED amount when it applies to this attacker."""


_BOUTS: dict[tuple[Any, ...], Bout] = {}
"""Bouts by (attacker side, attacker id, target id); in a duel (side, your card, Boss, the entry's
role and value), since a Boss bout reads nothing else of the step."""
BOUTS_MAX = 50000
"""Bound on ``_BOUTS`` (cleared when full): 2 x 60 x 60 pairings, plus a Boss's 8 distinct
entries per fighter, fit in it."""
SPLIT_BY: dict[str, Any] = {"k": "x.term", "term": "ATTACK_SPLIT"}
TABLES.append(_BOUTS)


def bout_key(s: MsxState, x: int) -> tuple[Any, ...]:
    """The key of ``x``'s attack on the other side in :data:`_BOUTS`."""
    if s.mode == "boss":
        duel = s.duel
        assert duel is not None
        entry = boss_entry(s)  # a Boss bout reads its entry's figure only: 4 keys per role, not 16 steps
        return (x, s.fighters[PLAYER]["card"], duel["boss"], entry["role"], entry["value"])  # type: ignore[index]
    return (x, s.fighters[x]["card"], s.fighters[1 - x]["card"])  # type: ignore[index]


def bout(s: MsxState, x: int, y: int) -> Bout:
    """The pairing of ``x`` attacking ``y`` now (see :class:`Bout`)."""
    key = bout_key(s, x)
    found = _BOUTS.get(key)
    if found is None:
        if len(_BOUTS) >= BOUTS_MAX:
            _BOUTS.clear()
        found = _BOUTS[key] = _new_bout(s, x, y)
    return found


def _new_bout(s: MsxState, x: int, y: int) -> Bout:
    boss = s.mode == "boss"
    cx, cy = card(s, x), card(s, y)
    xn = cx["id"] if cx else who(s, x)
    yn = cy["id"] if cy else who(s, y)
    ab_x, ab_y = (cx["ability"] if cx else None), (cy["ability"] if cy else None)
    xr, yr = (cx["race"] if cx else None), (cy["race"] if cy else None)
    running, s.effects = s.effects, []  # the constants are those of an attack with no effect running
    try:
        a, a_notes = _attack_stat(s, x, cx, ab_x, ab_y, [])
        d, d_notes = _defense_stat(s, y, cy, ab_x, ab_y, [])
        a_shown = a if not a_notes else _stat(a, printed(s, x, "attack"), a_notes)
        d_shown = _shown(d) if not d_notes else _stat(d, printed(s, y, "defense"), d_notes)
    finally:
        s.effects = running
    null_first = null_low_step = None
    null_low = 0
    if ab_y is not None and ab_y["kind"] == "ATTACK_NULLIFIED":
        if ab_y["trigger"] == "first_attack":
            null_first = {"k": "st.null_first", "card": yn}
        elif ab_y["trigger"] == "natural_at_most":
            null_low = ab_y["value"]
            null_low_step = {"k": "st.null_low", "card": yn, "n": ab_y["value"]}
    return Bout(
        xn=xn, yn=yn, cx=cx, cy=cy, attacker=cx["name"] if cx else _name(xn), target=cy["name"] if cy else _name(yn),
        why={"k": "why.attack", "card": xn, "target_card": yn},
        why_surprise=_why_surprise(xn, yn) if ab_x is not None and ab_x["kind"] == "SURPRISE_ATTACK" else None,
        a=a, a_shown=a_shown, d=d, d_shown=d_shown,
        null_first=null_first, null_low=null_low, null_low_step=null_low_step,
        increased=ab_x["amount"] if (ab_x is not None and ab_x["kind"] == "DAMAGE_INCREASED"
                                     and race_ok(ab_x, "vs_race", yr, boss)) else None,
        split=ab_y is not None and ab_y["kind"] == "ATTACK_SPLIT" and race_ok(ab_y, "vs_race", xr, boss),
        reduced=ab_y["amount"] if (ab_y is not None and ab_y["kind"] == "DAMAGE_REDUCED"
                                   and race_ok(ab_y, "vs_race", xr, boss)) else None,
    )


def _why_surprise(xn: str, yn: str) -> dict[str, Any]:
    return {"k": "why.surprise", "card": xn, "target_card": yn}


_MINUS: dict[int, Any] = {}
"""``nm(n)`` of the negative figures the bouts show, shared (most printed Defenses are negative)."""


def _shown(n: int) -> Any:
    """``nm(n)``, one message per figure for the whole table of bouts."""
    if n >= 0:
        return n
    found = _MINUS.get(n)
    if found is None:
        found = _MINUS[n] = nm(n)
    return found


def attack(s: MsxState, x: int, y: int, *, surprise: bool = False) -> int:
    """One attack of ``x`` on ``y`` through §7 steps 1-9; returns the damage dealt.

    Written for speed (bots and the balance simulation run it millions of times): the pairing's
    facts come from its :class:`Bout`; with no capsule effect running, the arithmetic is the
    bout's (:func:`_plain_steps`), else the full §7 walk (:func:`_arithmetic`)."""
    fighters = s.fighters
    if s.mode == "boss":
        b = bout(s, x, y)
        y_f = None if y == ENEMY else fighters[y]
    else:  # ``bout`` with its key written out (a battle's attacks are most of the game's)
        y_f = fighters[y]
        b = _BOUTS.get((x, fighters[x]["card"], y_f["card"])) or bout(s, x, y)  # type: ignore[index]
    w = _WORLDS.get((s.mission, s.world))  # ``world`` written out: met on every attack
    sides = (w if w is not None else world(s))["die"]
    effects = s.effects
    # 1. roll (logged below, once the arithmetic is known, so the dice panel can show it)
    natural = die(s, sides)
    first = y_f is not None and y_f["hits"] == 0
    if y_f is not None:
        y_f["hits"] += 1
    if not effects or _aside(effects, x, y):
        steps, damage = _plain_steps(b, sides, natural, first)
        if damage and y_f is not None:
            y_f["vit"] -= damage  # ``hurt`` with no effect: no REVIVE can catch a defeat
        # ``show_rolls``'s event for one die, written out: one per attack
        s.log.append({"k": "roll", "m": "msx_roll", "die": sides, "value": natural,
                      "why": (b.why_surprise or _why_surprise(b.xn, b.yn)) if surprise else b.why, "seat": None, "side": x,
                      "group": "g" + str(len(s.log)), "steps": steps})
    else:
        on_x, on_y = _firsts(effects, x, y)
        if "BEST_OF_TWO" in on_x:
            second = die(s, sides)
            rolls = [natural, second]
            steps = [{"k": "st.best2", "die": sides, "a": natural, "b": second, "best": max(natural, second)}]
            natural = max(natural, second)
        else:
            rolls = [natural]
            steps = [{"k": "st.roll", "die": sides, "value": natural}]
        damage = _arithmetic(s, x, y, b.cx, b.cy, b.yn, natural, first, steps, on_x, on_y)
        if damage:
            steps.extend(hurt(s, y, damage))
        show_rolls(s, sides, rolls, (b.why_surprise or _why_surprise(b.xn, b.yn)) if surprise else b.why, x, steps)
    if y_f is not None:
        left = y_f["vit"]
        m = (SURPRISE_LEFT if surprise else ATTACK_LEFT) if left > 0 else (SURPRISE_OUT if surprise else ATTACK_OUT)
    else:
        left = None
        m = "surprise" if surprise else "attack"
    # the same keys as format-1 saves held (names, not ids), so their states still compare
    s.last_attack = {"by": x, "on": y, "attacker": b.attacker, "target": b.target, "natural": natural,
                     "die": sides, "damage": damage, "steps": steps, "surprise": surprise}
    # ``emit``'s event, written out (every value is plain already): the hottest event of the game
    s.log.append({"k": "attack", "m": m,
                  "by": x, "on": y, "natural": natural, "die": sides, "damage": damage, "steps": steps,
                  "surprise": surprise, "card": b.xn, "target_card": b.yn, "left": left})
    return damage


ON_ATTACKER = frozenset({"ATTACK_MOD", "BLOCK_ALTERATIONS", "IGNORE_DEFENSE", "DAMAGE_DEALT_DOUBLED",
                         "DAMAGE_DEALT_MOD", "BEST_OF_TWO"})
"""The effect kinds an attack reads on its attacker: the second die, §7 steps 3 (the Attack, and the
target's alterations of it a block stops), 3 again (Defense ignored), 5 and 6."""
ON_TARGET = frozenset({"NULLIFY_ATTACKS", "BLOCK_ALTERATIONS", "DEFENSE_SET", "DEFENSE_MOD",
                       "DAMAGE_TAKEN_HALVED", "DAMAGE_TAKEN_MOD", "REVIVE"})
"""The effect kinds an attack reads on its target: §7 steps 2, 3 (Defense, and the attacker's
alterations of it a block stops), 7, 8 and 9 (an armed REVIVE)."""
NOT_IN_AN_ATTACK = frozenset({"EXTRA_ATTACK"})
"""Read by ``flow.strike`` after the attack, never by it (a test checks the three sets classify
every effect kind a capsule leaves running)."""


def _aside(effects: list[Any], x: int, y: int) -> bool:
    """No running effect is one the attack of ``x`` on ``y`` reads (:data:`ON_ATTACKER` on ``x``,
    :data:`ON_TARGET` on ``y``): its arithmetic is then the no-effect one, the bout's, as for an
    enemy hitting back while your LV.UP raises your own Attack (a third of the attacks with effects
    running). ``test_an_attack_past_effects_it_does_not_read_is_the_plain_one`` holds it."""
    for e in effects:
        on = e["on"]
        if (on == x and e["kind"] in ON_ATTACKER) or (on == y and e["kind"] in ON_TARGET):
            return False
    return True


def _plain_steps(b: Bout, sides: int, natural: int, first: bool) -> tuple[list[Any], int]:
    """§7 steps 1-9 with no capsule effect running, from the pairing's constants: the steps (the
    very messages ``_arithmetic`` writes) and the damage."""
    steps: list[Any] = [ROLL_STEPS[sides][natural]]
    damage = 0
    if b.null_first is not None and first:
        steps.append(b.null_first)
    elif natural <= b.null_low:
        steps.append(b.null_low_step)
    else:
        raw = natural + b.a
        a_shown = b.a_shown
        if a_shown.__class__ is int:  # ``_attack_step``'s shared step, looked up here (raw >= roll > 0)
            steps.append(_ATTACK_STEPS.get((a_shown, raw)) or _attack_step(a_shown, raw))
        else:
            steps.append(_attack_step(a_shown, raw))
        raw += b.d
        steps.append({"k": "st.defense", "card": b.yn, "d": b.d_shown, "raw": raw if raw >= 0 else nm(raw)})
        if raw <= 0:
            steps.append(NO_WOUND)
        else:
            if b.increased is not None:
                raw += b.increased
                steps.append({"k": "st.increased", "n": sgn(b.increased), "raw": nm(raw)})
            if b.split:
                raw //= 2
                steps.append({"k": "st.halved", "by": SPLIT_BY, "raw": nm(raw)})
            if b.reduced is not None:
                raw -= b.reduced
                steps.append({"k": "st.reduced", "n": b.reduced, "raw": nm(raw)})
            damage = raw if raw > 0 else 0
    steps.append(DAMAGE_STEPS[damage] if damage < len(DAMAGE_STEPS) else {"k": "st.damage", "n": damage})
    return steps, damage


ROLL_STEPS: dict[int, tuple[dict[str, Any], ...]] = {
    n: tuple({"k": "st.roll", "die": n, "value": v} for v in range(n + 1)) for n in DICE}
"""The roll step of each face of each die (index 0 unused), built once: steps are messages the
log only reads (``NO_WOUND`` and the bouts' notes are shared the same way), so one dict serves
every attack that rolls that face."""
DAMAGE_STEPS = tuple({"k": "st.damage", "n": n} for n in range(64))
"""The damage step of each amount a plain attack can deal (larger ones are built when met)."""
_ATTACK_STEPS: dict[tuple[int, int], dict[str, Any]] = {}
"""The attack step by (Attack, raw total) when the Attack is a plain number: at most 13 x 33."""
ATTACK_LEFT, ATTACK_OUT, SURPRISE_LEFT, SURPRISE_OUT = "attack_left", "attack_out", "surprise_left", "surprise_out"


def _attack_step(a_shown: Any, raw: int) -> dict[str, Any]:
    """``{"k": "st.attack", "a": a_shown, "raw": raw}``, shared when ``a_shown`` is a plain number
    (the raw total is then at least the roll, so never negative)."""
    if a_shown.__class__ is int and raw >= 0:
        key = (a_shown, raw)
        found = _ATTACK_STEPS.get(key)
        if found is None:
            found = _ATTACK_STEPS[key] = {"k": "st.attack", "a": a_shown, "raw": raw}
        return found
    return {"k": "st.attack", "a": a_shown, "raw": raw if raw >= 0 else nm(raw)}


def _attack_stat(s: MsxState, x: int, cx: dict[str, Any] | None, ab_x: dict[str, Any] | None,
                 ab_y: dict[str, Any] | None, effects: list[Any]) -> tuple[int, list[Any]]:
    """§7 step 3's effective Attack of ``x`` and its notes (``attack_value``, with its shortcuts)."""
    if cx is not None and not effects and not (ab_x is not None and ab_x["kind"] in ALTERS) and not (
            ab_y is not None and ab_y["kind"] in ALTERS):
        return max(0, cx["attack"]), []
    if cx is not None and _untouched(effects, x, ab_x, ab_y, "ATTACK_ALTER", ("ATTACK_MOD",)):
        # what ``attack_value`` gives with no ATTACK_MOD on x and no ATTACK_ALTER on either side
        a = cx["attack"]
        return (a, []) if a >= 0 else (0, [FLOORED])
    return attack_value(s, x)


def _defense_stat(s: MsxState, y: int, cy: dict[str, Any] | None, ab_x: dict[str, Any] | None,
                  ab_y: dict[str, Any] | None, effects: list[Any]) -> tuple[int, list[Any]]:
    """§7 step 3's effective Defense of ``y`` and its notes (``defense_value``, with its shortcuts)."""
    if cy is not None and not effects and not (ab_x is not None and ab_x["kind"] in ALTERS) and not (
            ab_y is not None and ab_y["kind"] in ALTERS):
        return min(0, cy["defense"]), []
    if cy is not None and _untouched(effects, y, ab_x, ab_y, "DEFENSE_ALTER", ("DEFENSE_SET", "DEFENSE_MOD")):
        # what ``defense_value`` gives with no DEFENSE_SET/MOD on y and no DEFENSE_ALTER at all
        d = cy["defense"]
        return (d, []) if d <= 0 else (0, [CAPPED])
    return defense_value(s, y)


def _firsts(effects: list[Any], x: int, y: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first running effect of each kind on ``x`` and on ``y``, found in one pass (a scan per
    kind read by an attack, BEST_OF_TWO and the six of ``_arithmetic``, was a scan each)."""
    on_x: dict[str, Any] = {}
    on_y: dict[str, Any] = {}
    for e in effects:
        on = on_x if e["on"] == x else on_y if e["on"] == y else None
        if on is not None and e["kind"] not in on:
            on[e["kind"]] = e
    return on_x, on_y


def _arithmetic(s: MsxState, x: int, y: int, cx: dict[str, Any] | None, cy: dict[str, Any] | None,
                yn: str, natural: int, first: bool, steps: list[Any],
                on_x: dict[str, Any] | None = None, on_y: dict[str, Any] | None = None) -> int:
    """§7 steps 2-9 of an attack whose roll is ``natural``, the full walk (any capsule effect):
    appends the arithmetic to ``steps`` (ending with the damage step) and returns the damage.
    ``on_x``/``on_y`` are ``_firsts(s.effects, x, y)`` when the caller has them already."""
    boss = s.mode == "boss"
    effects = s.effects
    ab_x, ab_y = (cx["ability"] if cx else None), (cy["ability"] if cy else None)
    damage = 0
    if on_x is None or on_y is None:
        on_x, on_y = _firsts(effects, x, y)
    # 2. nullify
    null = on_y.get("NULLIFY_ATTACKS")
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
        # 3. raw
        a, a_notes = _attack_stat(s, x, cx, ab_x, ab_y, effects)
        raw = natural + a
        steps.append({"k": "st.attack", "a": a, "raw": nm(raw)} if not a_notes else
                     {"k": "st.attack", "a": _stat(a, printed(s, x, "attack"), a_notes), "raw": nm(raw)})
        ignore = on_x.get("IGNORE_DEFENSE")
        if ignore is not None:
            steps.append({"k": "st.ignored", "card": yn, "cap_term": ignore["cap"], "raw": nm(raw)})
        else:
            d, d_notes = _defense_stat(s, y, cy, ab_x, ab_y, effects)
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
            dbl = on_x.get("DAMAGE_DEALT_DOUBLED")
            if dbl is not None:
                raw *= 2
                steps.append({"k": "st.doubled", "cap_term": dbl["cap"], "raw": raw})
            # 6. increased
            if ab_x is not None and ab_x["kind"] == "DAMAGE_INCREASED" and race_ok(ab_x, "vs_race", yr, boss):
                raw += ab_x["amount"]
                steps.append({"k": "st.increased", "n": sgn(ab_x["amount"]), "raw": nm(raw)})
            for e in effects if "DAMAGE_DEALT_MOD" in on_x else ():
                if e["on"] == x and e["kind"] == "DAMAGE_DEALT_MOD":
                    raw += e["n"]
                    steps.append({"k": "st.dealt_mod", "cap_term": e["cap"], "n": sgn(e["n"]), "raw": nm(raw)})
            # 7. halved, once
            halve = on_y.get("DAMAGE_TAKEN_HALVED")
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
            for e in effects if "DAMAGE_TAKEN_MOD" in on_y else ():
                if e["on"] == y and e["kind"] == "DAMAGE_TAKEN_MOD":
                    raw -= e["n"]
                    steps.append({"k": "st.taken_mod", "cap_term": e["cap"], "n": e["n"], "raw": nm(raw)})
            # 9. damage
            damage = raw if raw > 0 else 0
    steps.append({"k": "st.damage", "n": damage})
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
    last = len(values) - 1
    if not data:
        # ``emit``'s events, written out (every value is plain already): the dice of most actions
        for i, value in enumerate(values):
            s.log.append({"k": "roll", "m": "msx_roll", "die": die, "value": value, "why": why, "seat": None,
                          "side": side, "group": group, "steps": steps if i == last else []})
        return
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
    f = s.fighters[side]
    if f is None or (side == ENEMY and s.mode == "boss"):
        return  # ``card`` is None: no ability
    c = _CARDS.get(f["card"]) or card(s, side)
    assert c is not None
    ab = c["ability"]
    if ab is None or ab["kind"] != "REGENERATION":
        return
    top = c["vitality"]
    if f["vit"] < top:
        gain = min(ab["amount"], top - f["vit"])
        f["vit"] += gain
        s.log.append({"k": "regen", "side": side, "amount": gain, "card": f["card"], "vit": f["vit"]})


__all__ = ["PLAYER", "ENEMY", "attack", "attack_value", "defense_value", "expire", "regenerate"]
