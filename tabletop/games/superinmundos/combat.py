"""Combat maths (§7): effective stats, element doubling, who beats whom, and legal declarations.

Everything here is a pure function of the state and two units. Units are the plain dicts of
``state.Unit``; a fused unit is a list of components whose values are computed one by one and
summed (S37). The optional ``lines`` list collects the arithmetic as messages (plain form) for the
screen: "Zumbido Defense: 3 +1 Tin Squire = 4".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tabletop.engine.msg import Msg, msg

from .cards import _TABLE as T
from .cards import STATS, CardInfo, all_cards, info
from .state import SuperState, Unit

MODES = ("attack", "power")
DEFENDS = {"attack": "defense", "power": "power"}


def new_unit(cards: list[str], owner: int, fused: str = "none") -> Unit:
    return Unit(cards=list(cards), owner=owner, supports=[], mods=[], fused=fused, loose=False, paid=[])


def pile_index(s: SuperState, seat: int) -> int:
    return s.players[seat]["team"]


def loot_count(s: SuperState, seat: int) -> int:
    return len(s.piles[s.players[seat]["team"]])


def advantage(c: CardInfo, d: CardInfo) -> bool:
    """Does component ``c`` double against ``d``? Card text first (negation, forced), then the
    cycle and printed strengths/weaknesses; neutral has no relations (S9, S10)."""
    if c.negate or d.negate:
        return False
    if c.force_adv:
        return True
    return d.element in c.strong or c.element in d.weak


def _cond_ok(s: SuperState, cond: dict[str, Any] | None, owner: int, opp: list[CardInfo] | tuple[CardInfo, ...],
             role: str | None, mode: str | None = None) -> bool:
    if cond is None:
        return True
    kind = cond["kind"]
    if kind == "IS_ATTACKING":
        return role == "attacking"
    if kind == "IS_DEFENDING":
        return role == "defending"
    if kind == "OPPONENT_ELEMENT":
        return any(o.element in cond["in"] for o in opp)
    if kind == "MODE":
        return mode == cond["mode"]
    if kind == "OPPONENT_STARS":
        if not opp:
            return False
        value = max(o.stars for o in opp)
    elif kind == "OWNER_LOOT":
        value = loot_count(s, owner)
    else:  # pragma: no cover - the schema admits no other kind
        return False
    return value >= cond["n"] if cond["op"] == ">=" else value <= cond["n"]


def cond_ok(s: SuperState, cond: dict[str, Any] | None, owner: int, opponent: Unit | None,
            role: str | None, mode: str | None = None) -> bool:
    opp = [info(c) for c in opponent["cards"]] if opponent else []
    return _cond_ok(s, cond, owner, opp, role, mode)


def _signed(key: str, amount: int, **args: Any) -> Msg:
    """"+2 Tin Squire" / "-1 effect": ``calc.<key>_plus`` or ``_minus`` with the size as ``n``."""
    return msg(f"calc.{key}_{'plus' if amount >= 0 else 'minus'}", n=abs(amount), **args)


def _chain(parts: list[Msg]) -> Msg:
    """Terms of a sum written one after the other: "5×2 +1 Tin Squire -1 effect"."""
    if len(parts) == 1:
        return parts[0]
    return msg("calc.then", part=parts[0], rest=_chain(parts[1:]))


def effective(s: SuperState, x: Unit, y: Unit | None, role: str | None,
              lines: list[dict[str, Any]] | None = None) -> dict[str, int]:
    """Effective Attack/Defense/Power of unit ``x`` fighting ``y`` (§7.1, S7a): printed × 2 on
    advantage, + supports, + ability/event modifiers, all summed first and floored at 0 once, at
    the end. On a fused unit each component brings its own printed value, supports and passives,
    and a unit modifier counts once for the unit. ``y`` None means "not in a combat" (no doubling)."""
    opp = [info(c) for c in y["cards"]] if y else []
    yrole = None if role is None else ("defending" if role == "attacking" else "attacking")
    total = {"attack": 0, "defense": 0, "power": 0}
    for cid in x["cards"]:
        ci = info(cid)
        double = any(advantage(ci, o) for o in opp)
        for st in STATS:
            printed = ci.stats[st]
            value = printed * 2 if double else printed
            parts = [msg("calc.doubled" if double else "calc.printed", n=printed)] if lines is not None else None
            for sup in x["supports"]:
                if sup["on"] == cid and sup["stat"] == st:
                    value += sup["amount"]
                    if parts is not None:
                        parts.append(_signed("support", sup["amount"], card=sup["card"]))
            for target, stat, amount, cond in ci.passive_mods:
                if target == "SELF" and (stat == st or stat == "all") and _cond_ok(s, cond, x["owner"], opp, role):
                    value += amount
                    if parts is not None:
                        parts.append(_signed("ability", amount, card=cid))
            total[st] += value
            if lines is not None and parts is not None and (len(parts) > 1 or double):
                lines.append(msg("calc.card", card=cid, stat_term=st, sum=_chain(parts), value=value).plain())
    for st in STATS:
        extra = 0
        parts2: list[Msg] = []
        for m in x["mods"]:
            if m["stat"] == st or m["stat"] == "all":
                extra += m["amount"]
                parts2.append(_signed("effect", m["amount"]))
        for o in opp:
            for target, stat, amount, cond in o.passive_mods:
                if target == "OPPONENT_UNIT" and (stat == st or stat == "all") and \
                        _cond_ok(s, cond, y["owner"] if y else -1, [info(c) for c in x["cards"]], yrole):
                    extra += amount
                    parts2.append(_signed("ability", amount, card=o.id))
        before = total[st]
        total[st] = max(0, before + extra)
        if lines is not None and (extra or before < 0):
            key = "calc.unit_floored" if before + extra < 0 else "calc.unit"
            terms = [msg("calc.printed", n=before), *parts2]
            lines.append(msg(key, stat_term=st, sum=_chain(terms), value=total[st]).plain())
    return total


SI = {"attack": 0, "defense": 1, "power": 2}


def _comp_parts(s: SuperState, cards: list[str], sups: list[Any] | tuple[()], umods: list[Any] | tuple[()],
                owner: int, xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...], yowner: int, role: str
                ) -> tuple[list[list[int]], list[int]]:
    """``_parts`` on a unit given by its fields (no unit dict needed to try a declaration out)."""
    comps = []
    for cid, ci in zip(cards, xi, strict=True):
        adv = ci.adv
        v = list(ci.vals)
        if adv:
            for o in yi:
                if o in adv:
                    v = list(ci.vals2)
                    break
        for sp in sups:
            if sp["on"] == cid:
                v[SI[sp["stat"]]] += sp["amount"]
        for _t, stat, amount, cond in ci.self_mods:
            if _cond_ok(s, cond, owner, yi, role):
                if stat == "all":
                    v[0] += amount
                    v[1] += amount
                    v[2] += amount
                else:
                    v[SI[stat]] += amount
        comps.append(v)
    mods = [0, 0, 0]
    for m in umods:
        if m["stat"] == "all":
            mods[0] += m["amount"]
            mods[1] += m["amount"]
            mods[2] += m["amount"]
        else:
            mods[SI[m["stat"]]] += m["amount"]
    yrole = ""
    for o in yi:
        if o.aura:
            if not yrole:
                yrole = "defending" if role == "attacking" else "attacking"
            for _t, stat, amount, cond in o.aura:
                if _cond_ok(s, cond, yowner, xi, yrole):
                    if stat == "all":
                        mods[0] += amount
                        mods[1] += amount
                        mods[2] += amount
                    else:
                        mods[SI[stat]] += amount
    return comps, mods


def _parts(s: SuperState, x: Unit, xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...], yowner: int, role: str
           ) -> tuple[list[list[int]], list[int]]:
    """``effective`` without the text, split for the hot path: each component's unfloored
    [attack, defense, power] (doubling, supports, own passives) and the unit-level modifiers."""
    return _comp_parts(s, x["cards"], x["supports"], x["mods"], x["owner"], xi, yi, yowner, role)


def _sum(comps: list[list[int]], mods: list[int], extra: tuple[int, int, int] | None = None) -> list[int]:
    """Add the components and the unit modifiers, then floor at 0 once (S7a, S45): there is no
    floor in between, so a penalty and a later bonus cancel out exactly. ``extra`` is
    (component, stat index, amount): one more support, for trying a declaration."""
    if extra is None and len(comps) == 1:
        a, d, p = comps[0]
    else:
        a = d = p = 0
        for v in comps:
            a += v[0]
            d += v[1]
            p += v[2]
        if extra is not None:
            if extra[1] == 0:
                a += extra[2]
            elif extra[1] == 1:
                d += extra[2]
            else:
                p += extra[2]
    a += mods[0]
    d += mods[1]
    p += mods[2]
    return [a if a > 0 else 0, d if d > 0 else 0, p if p > 0 else 0]


def _fast(s: SuperState, x: Unit, xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...], yowner: int, role: str
          ) -> tuple[int, int, int]:
    comps, mods = _parts(s, x, xi, yi, yowner, role)
    a, d, p = _sum(comps, mods)
    return a, d, p


def effective_numbers(s: SuperState, x: Unit, y: Unit, role: str) -> dict[str, int]:
    """``effective(s, x, y, role)`` for two units in combat, without the arithmetic text."""
    xi = tuple([T[c] for c in x["cards"]])
    yi = tuple([T[c] for c in y["cards"]])
    a, d, p = _fast(s, x, xi, yi, y["owner"], role)
    return {"attack": a, "defense": d, "power": p}


class _Match:
    """The fixed facts of one pairing (immunities, tie rules, star threshold) for quick verdicts."""

    __slots__ = ("blocked", "imm_a", "imm_p", "tie_a", "tie_p")

    def __init__(self, xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...]) -> None:
        threshold = imm_a = imm_p = 0
        ytie_a = ytie_p = xtie_a = xtie_p = False
        for c in yi:
            threshold = max(threshold, c.immune_below)
            imm_a |= c.imm_a
            imm_p |= c.imm_p
            ytie_a |= c.tie_a
            ytie_p |= c.tie_p
        for c in xi:
            xtie_a |= c.tie_a
            xtie_p |= c.tie_p
        self.blocked = bool(threshold) and max(c.stars for c in xi) < threshold
        self.imm_a, self.imm_p = bool(imm_a), bool(imm_p)
        self.tie_a = xtie_a and not ytie_a
        self.tie_p = xtie_p and not ytie_p

    def beats(self, xa: int, xp: int, yd: int, yp: int) -> bool:
        """``bool(self.modes(...))`` without building the list (the legality tests' question)."""
        if self.blocked:
            return False
        return (not self.imm_a and (xa > yd or (xa == yd and self.tie_a))) or (
            not self.imm_p and (xp > yp or (xp == yp and self.tie_p)))

    def modes(self, xa: int, xp: int, yd: int, yp: int) -> list[str]:
        out = []
        if self.blocked:
            return out
        if not self.imm_a and (xa > yd or (xa == yd and self.tie_a)):
            out.append("attack")
        if not self.imm_p and (xp > yp or (xp == yp and self.tie_p)):
            out.append("power")
        return out


_FORMS: dict[tuple[bool, bool, bool, bool, bool], _Match] = {}
"""Every distinct ``_Match`` (at most 32: five flags), so that the pairings share them."""


def _interned(m: _Match) -> _Match:
    return _FORMS.setdefault((m.blocked, m.imm_a, m.imm_p, m.tie_a, m.tie_p), m)


_LONE: dict[tuple[CardInfo, CardInfo], _Match] = {}
"""The ``_Match`` of two lone cards: at most one per pairing of the card set (a fixed size)."""


def _match(xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...]) -> _Match:
    """``_Match`` depends on card data only: built once per pairing of lone cards, and remembered
    for the recent pairings of fused units (their number has no useful bound)."""
    if len(xi) == 1 and len(yi) == 1:
        key = (xi[0], yi[0])
        m = _LONE.get(key)
        if m is None:
            m = _LONE[key] = _interned(_Match(xi, yi))
        return m
    return _fused_match(xi, yi)


@lru_cache(maxsize=512)
def _fused_match(xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...]) -> _Match:
    return _interned(_Match(xi, yi))


def wins(s: SuperState, x: Unit, y: Unit, xrole: str) -> list[str]:
    """The modes in which ``x`` beats ``y`` right now (S6-S8): strictly greater, unless a card lets
    x win ties in that mode; never in a mode y is immune to, nor below y's star threshold."""
    yrole = "defending" if xrole == "attacking" else "attacking"
    xi = tuple([T[c] for c in x["cards"]])
    yi = tuple([T[c] for c in y["cards"]])
    m = _match(xi, yi)
    if m.blocked:
        return []
    xa, _xd, xp = _fast(s, x, xi, yi, y["owner"], xrole)
    _ya, yd, yp = _fast(s, y, yi, xi, x["owner"], yrole)
    return m.modes(xa, xp, yd, yp)


Numbers = tuple[tuple[int, int, int], tuple[int, int, int]]


def wins_with_numbers(s: SuperState, x: Unit, y: Unit, xrole: str) -> tuple[list[str], Numbers | None]:
    """``wins`` and, when a mode is won, the effective [attack, defense, power] of ``x`` and of
    ``y`` it was judged on (``effective_numbers`` of both: a won combat's message names them)."""
    yrole = "defending" if xrole == "attacking" else "attacking"
    xi = tuple([T[c] for c in x["cards"]])
    yi = tuple([T[c] for c in y["cards"]])
    m = _match(xi, yi)
    if m.blocked:
        return [], None
    xn = _fast(s, x, xi, yi, y["owner"], xrole)
    yn = _fast(s, y, yi, xi, x["owner"], yrole)
    modes = m.modes(xn[0], xn[2], yn[1], yn[2])
    return modes, ((xn, yn) if modes else None)


# -- supports ---------------------------------------------------------------------------------
def slots(cid: str) -> int:
    return T[cid].slots


def free_slot(unit: Unit, cid: str) -> bool:
    sups = unit["supports"]
    if not sups:
        return T[cid].slots > 0
    used = sum(1 for sp in sups if sp["on"] == cid)
    return used < T[cid].slots


def support_stats(card: str) -> tuple[str, ...]:
    sup = T[card].support
    if sup is None:
        return ()
    return STATS if sup[0] == "any" else (sup[0],)


def boosts_in(hand: list[str], exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    return [c for c in hand if c not in exclude and (sp := T[c].support) is not None and sp[1] > 0]


def penalties_in(hand: list[str], exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    return [c for c in hand if c not in exclude and (sp := T[c].support) is not None and sp[1] < 0]


def attach(unit: Unit, card: str, on: str, stat: str, by: int) -> None:
    amount = info(card).support[1]  # type: ignore[index]
    unit["supports"].append({"card": card, "on": on, "stat": stat, "amount": amount, "by": by})


def with_support(unit: Unit, card: str, on: str, stat: str, by: int) -> Unit:
    """A shallow copy of ``unit`` with one more support: for trying a declaration out."""
    copy: Unit = dict(unit)  # type: ignore[assignment]
    copy["supports"] = unit["supports"] + [{"card": card, "on": on, "stat": stat,
                                            "amount": info(card).support[1], "by": by}]  # type: ignore[index]
    return copy


def support_options(s: SuperState, seat: int, hand: list[str], attacker: Unit, defender: Unit | None
                    ) -> list[tuple[str, str, str, str]]:
    """Every (kind, support card, component, stat) the declaring player may add (S11, S12): a
    boost on a component of their attacker, or a penalty on a component of the defender."""
    out: list[tuple[str, str, str, str]] = []
    for card in boosts_in(hand, attacker["cards"]):
        for comp in attacker["cards"]:
            if free_slot(attacker, comp):
                out.extend(("boost", card, comp, st) for st in support_stats(card))
    if defender is not None:
        for card in penalties_in(hand, attacker["cards"]):
            for comp in defender["cards"]:
                if free_slot(defender, comp):
                    out.extend(("penalty", card, comp, st) for st in support_stats(card))
    return out


def declaration_wins(s: SuperState, seat: int, attacker: Unit, defender: Unit,
                     option: tuple[str, str, str, str] | None) -> bool:
    if option is None:
        return bool(wins(s, attacker, defender, "attacking"))
    kind, card, comp, stat = option
    if kind == "boost":
        return bool(wins(s, with_support(attacker, card, comp, stat, seat), defender, "attacking"))
    return bool(wins(s, attacker, with_support(defender, card, comp, stat, seat), "attacking"))


def legal_completions(s: SuperState, seat: int, hand: list[str], cards: list[str], fused: str,
                      *, first_only: bool = False, limit: int | None = None
                      ) -> list[tuple[str, str, str, str] | None]:
    """The support choices that make declaring ``cards`` legal (S6): ``None`` stands for "no
    support". With ``first_only`` it stops at the first one (a legality test); with ``limit``,
    once it has found that many (the first ones of the full list).

    Supports are plain numbers added to one component before its floor (S9, S37), and no
    condition depends on them, so each option is checked by arithmetic on precomputed parts."""
    defender = s.arena[-1]
    dcards = defender["cards"]
    xi = tuple([T[c] for c in cards])
    yi = tuple([T[c] for c in dcards])
    lone = _lone(s, seat, xi, yi, defender) if len(xi) == 1 else None
    if lone is not None:
        # no passive on either side: the numbers ``legal_units`` shares (card data, supports, mods)
        m, ac, dc, dm, base_d = lone
        am = [0, 0, 0]
        if m.blocked:
            return []
    else:
        m = _match(xi, yi)
        if m.blocked:
            return []
        downer = defender["owner"]
        ac, am = _comp_parts(s, cards, (), (), seat, xi, yi, downer, "attacking")
        dc, dm = _comp_parts(s, dcards, defender["supports"], defender["mods"], downer, yi, xi, seat, "defending")
        base_d = _sum(dc, dm)
    base_a = _sum(ac, am)
    if first_only:
        limit = 1
    out: list[tuple[str, str, str, str] | None] = []
    if m.beats(base_a[0], base_a[2], base_d[1], base_d[2]):
        out.append(None)
        if limit is not None and len(out) >= limit:
            return out
    best = 0
    for c in hand:
        sp = T[c].support
        if sp is not None and c not in cards and abs(sp[1]) > best:
            best = abs(sp[1])
    # One support moves one number by at most ``best`` (never doubled, S9): if even that cannot
    # reach a tie in either mode, no support makes the declaration legal.
    if not best or (base_a[0] + best < base_d[1] and base_a[2] + best < base_d[2]):
        return out
    attacker = new_unit(cards, seat, fused)
    options = support_options(s, seat, hand, attacker, defender)
    for option in options:
        kind, card, comp, stat = option
        amount = T[card].support[1]  # type: ignore[index]
        if kind == "boost":
            xa, _xd, xp = _sum(ac, am, (cards.index(comp), SI[stat], amount))
            yd, yp = base_d[1], base_d[2]
        else:
            xa, xp = base_a[0], base_a[2]
            _ya, yd, yp = _sum(dc, dm, (dcards.index(comp), SI[stat], amount))
        if m.beats(xa, xp, yd, yp):
            out.append(option)
            if limit is not None and len(out) >= limit:
                return out
    return out


Pair = tuple[_Match, int, int, tuple[bool, ...]]
_PAIRS: dict[tuple[CardInfo, ...], dict[CardInfo, Pair]] = {}
"""defender cards -> lone attacker -> their ``_Match``, the attacker's Attack and Power if it has no
passives, and which defender components double against it: card data only. A one-card defender's
table is filled for every combatant of the card set when first asked (``_pairs_against``), so the
whole cache has a fixed size (one entry per pairing of two combatants) and a long run does not
grow it; fused defenders' tables are filled as asked and dropped past ``_FUSED_LIMIT``."""
_FUSED_LIMIT = 256


def _pairs_against(yi: tuple[CardInfo, ...]) -> dict[CardInfo, Pair]:
    """The ``_PAIRS`` table of the defender ``yi``."""
    pairs = _PAIRS.get(yi)
    if pairs is not None:
        return pairs
    pairs = {}
    if len(yi) == 1:
        for ci in all_cards().values():
            if ci.kind == "combatant":
                _pair(ci, yi, pairs)
    elif sum(1 for k in _PAIRS if len(k) > 1) >= _FUSED_LIMIT:
        for k in [k for k in _PAIRS if len(k) > 1]:
            del _PAIRS[k]
    _PAIRS[yi] = pairs
    return pairs


_BARE: dict[tuple[Any, ...], dict[tuple[bool, ...], tuple[list[list[int]], list[int], list[int]]]] = {}
"""(defender cards without passives, its supports as (on, stat, amount), its modifiers as (stat,
amount)) -> its parts per doubling pattern against a lone attacker without passives (read only
once stored). Emptied when full: what is asked again and again is the current battle's defender."""
_BARE_LIMIT = 1024


def _pair(ci: CardInfo, yi: tuple[CardInfo, ...], pairs: dict[CardInfo, Pair]) -> Pair:
    adv = ci.adv
    xa, _xd, xp = ci.vals2 if any(o in adv for o in yi) else ci.vals
    found = pairs[ci] = (_match((ci,), yi), xa, xp, tuple([ci in o.adv for o in yi]))
    return found


def _defender_sums(yi: tuple[CardInfo, ...], defender: Unit
                   ) -> dict[tuple[bool, ...], tuple[list[list[int]], list[int], list[int]]]:
    """A passive-free defender's parts per doubling pattern, shared across calls by its cards,
    supports (on, stat, amount) and modifiers (stat, amount): nothing else goes into them."""
    dsups, dmods = defender["supports"], defender["mods"]
    bare = (yi, tuple([(sp["on"], sp["stat"], sp["amount"]) for sp in dsups]) if dsups else (),
            tuple([(m["stat"], m["amount"]) for m in dmods]) if dmods else ())
    found = _BARE.get(bare)
    if found is None:
        if len(_BARE) >= _BARE_LIMIT:
            _BARE.clear()
        found = _BARE[bare] = {}
    return found


def _lone(s: SuperState, seat: int, xi: tuple[CardInfo, ...], yi: tuple[CardInfo, ...], defender: Unit
          ) -> tuple[_Match, list[list[int]], list[list[int]], list[int], list[int]] | None:
    """For one attacking card and a defender, none of them with a passive: their ``_Match``, the
    attacker's parts (printed or doubled values, no unit modifier) and the defender's parts and
    sums, which are card data, supports and modifiers only (no condition is read). ``None``
    otherwise. The lists are shared: read only."""
    ci = xi[0]
    if not ci.plain:
        return None
    for o in yi:
        if not o.plain:
            return None
    pairs = _pairs_against(yi)
    pair = pairs.get(ci)
    if pair is None:
        pair = _pair(ci, yi, pairs)
    m, _xa, _xp, key = pair
    dsums = _defender_sums(yi, defender)
    found = dsums.get(key)
    if found is None:
        dc, dm = _comp_parts(s, defender["cards"], defender["supports"], defender["mods"], defender["owner"], yi,
                             xi, seat, "defending")
        found = dsums[key] = (dc, dm, _sum(dc, dm))
    dc, dm, base_d = found
    ac = [list(ci.vals2 if any(o in ci.adv for o in yi) else ci.vals)]
    return m, ac, dc, dm, base_d


def legal_attackers(s: SuperState, seat: int, hand: list[str], candidates: list[str]) -> list[str]:
    """The combatants of ``candidates`` that may attack alone now: exactly those for which
    ``legal_completions(s, seat, hand, [card], "none", first_only=True)`` is not empty."""
    ok = legal_units(s, seat, hand, [[c] for c in candidates])
    return [c for c, good in zip(candidates, ok, strict=True) if good]


def legal_units(s: SuperState, seat: int, hand: list[str], units: list[list[str]]) -> list[bool]:
    """For each list of cards in ``units``: may ``seat`` declare an attack with it now? Exactly
    ``bool(legal_completions(s, seat, hand, cards, fused, first_only=True))``, worked out together.

    When no card involved has a passive stat modifier, a defender's numbers depend on the attacker
    only through which of its components double against it, so they are summed once per doubling
    pattern; otherwise both sides are computed per unit, as ``legal_completions`` does."""
    defender = s.arena[-1]
    dcards = defender["cards"]
    yi = tuple([T[c] for c in dcards])
    yplain = True
    for o in yi:
        if not o.plain:
            yplain = False
    downer, dsups, dmods = defender["owner"], defender["supports"], defender["mods"]
    dsums: dict[tuple[bool, ...], tuple[list[list[int]], list[int], list[int]]]
    # a defender without passives, against a lone attacker without passives: its numbers are
    # its cards, supports and modifiers only (no condition is read), shared across calls
    dsums = _defender_sums(yi, defender) if yplain else {}
    helpers = None
    out = []
    pairs = _pairs_against(yi)
    for cards in units:
        ac: list[list[int]] | None
        am: list[int] | None
        if len(cards) == 1 and yplain and (ci := T[cards[0]]).plain:
            pair = pairs.get(ci)
            if pair is None:
                pair = _pair(ci, yi, pairs)
            m, xa, xp, key = pair
            if m.blocked:
                out.append(False)
                continue
            ac = am = None
            found = dsums.get(key)
            if found is None:
                dc, dm = _comp_parts(s, dcards, dsups, dmods, downer, yi, (ci,), seat, "defending")
                found = dsums[key] = (dc, dm, _sum(dc, dm))
            dc, dm, base_d = found
        else:
            xi = tuple([T[c] for c in cards])
            m = _match(xi, yi)
            if m.blocked:
                out.append(False)
                continue
            ac, am = _comp_parts(s, cards, (), (), seat, xi, yi, downer, "attacking")
            base_a = _sum(ac, am)
            xa, xp = base_a[0], base_a[2]
            dc, dm = _comp_parts(s, dcards, dsups, dmods, downer, yi, xi, seat, "defending")
            base_d = _sum(dc, dm)
        yd, yp = base_d[1], base_d[2]
        if m.beats(xa, xp, yd, yp):
            out.append(True)
            continue
        if helpers is None:
            helpers = [(h, abs(sp[1])) for h in hand if (sp := T[h].support) is not None]
        best = 0
        for card, amount in helpers:
            if amount > best and card not in cards:
                best = amount
        if not best or (xa + best < yd and xp + best < yp):
            out.append(False)
            continue
        out.append(_support_tips(m, cards, hand, ac, am, xa, xp, yd, yp, defender, dc, dm))
    return out


def _support_tips(m: _Match, cards: list[str], hand: list[str], ac: list[list[int]] | None,
                  am: list[int] | None, xa: int, xp: int, yd: int, yp: int, defender: Unit,
                  dc: list[list[int]], dm: list[int]) -> bool:
    """For ``legal_units``: does one support from ``hand`` make the fresh attacker ``cards`` win
    (any of the options of ``support_options``)? ``ac``/``am`` are the attacker's parts, or
    ``None`` for a lone card without passives (no unit modifiers: its numbers are ``xa``/``xp``)."""
    dcards = defender["cards"]
    for card in hand:
        sp = T[card].support
        if sp is None or card in cards:
            continue
        stat, amount = sp
        if amount > 0:
            for k, comp in enumerate(cards):
                if T[comp].slots <= 0:
                    continue
                # a boost on Defense changes neither Attack nor Power: no new win
                for st, i in (("attack", 0), ("power", 2)):
                    if stat != st and stat != "any":
                        continue
                    if ac is None or am is None:
                        n = (xa if i == 0 else xp) + amount
                        n = n if n > 0 else 0
                        na, np_ = (n, xp) if i == 0 else (xa, n)
                    else:
                        r = _sum(ac, am, (k, i, amount))
                        na, np_ = r[0], r[2]
                    if m.beats(na, np_, yd, yp):
                        return True
        elif amount < 0:
            stats = STATS if stat == "any" else (stat,)
            for j, comp in enumerate(dcards):
                if not free_slot(defender, comp):
                    continue
                for st in stats:
                    r = _sum(dc, dm, (j, SI[st], amount))
                    if m.beats(xa, xp, r[1], r[2]):
                        return True
    return False


def fusion_allowed(s: SuperState) -> bool:
    """May the turn player fuse two attackers now (§11)?"""
    if s.fusion_turn:
        return True
    return any(info(c).fusion >= 2 for c in s.arena[-1]["cards"]) if s.arena else False


def unit_label(unit: Unit) -> str:
    return " + ".join(info(c).name for c in unit["cards"])
