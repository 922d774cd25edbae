"""The turn (§4), the action menu and the condition windows (§9, R17).

A turn is one ``turn`` frame moving through its steps: objective check, before-move abilities,
window 1, the move, window 2, the actions (each followed by window 3), window 4, the draw.
"""

from __future__ import annotations

from typing import Any

from .actions import begin_card_action, card_options, start_action
from .acts import discard_from_realm, draw_cards, loc_t, move_mover
from .board import (
    ALLY_LIKE,
    CARD,
    KEY_VILLAINS,
    VILLAIN_ITEMS,
    allies,
    hand_target,
    in_realm,
    slots,
    strength,
    unlocked,
    villain,
    villain_items,
)
from .cards import VILLAINS
from .flow import (
    AGAIN,
    DONE,
    Choice,
    Opt,
    amount_of,
    card_of,
    ev,
    fields,
    fx,
    handler,
    kept_opt,
    kept_prompt,
    loc_of,
    m,
    opt,
    picked,
    push,
    standing,
    win,
)
from .hooks import COVERED_ACTION_KEYS, PAY_TO_DISCARD_KEYS
from .ops import NEEDS_CHECK, doable, doable_steps
from .state import VState

START_OBJECTIVES = {"maleficent", "jafar", "ursula", "john"}


def objective_met(s: VState, p: int) -> bool:
    """Start-of-turn objectives (§12); Hook and the Queen win at the moment of their event."""
    P = s.players[p]
    key = P["villain"]
    cards = P["cards"]
    names = villain(P).loc_names
    if key == "maleficent":
        return all(any(CARD[c].type == "Curse" and r["loc"] == loc for c, r in cards.items()) for loc in range(4))
    if key == "jafar":
        palace = names.index("Sultan's Palace")
        lamp = any(CARD[c].key == "magic_lamp" and r["side"] == "v" and r["loc"] == palace and not r.get("stolen")
                   for c, r in cards.items())
        genie = any(CARD[c].key == "genie" and r.get("hyp") for c, r in cards.items())
        return lamp and genie
    if key == "ursula":
        lair = names.index("Ursula's Lair")
        have = {CARD[c].key for c, r in cards.items() if r["side"] == "v" and r["on"] is None and r["loc"] == lair}
        return "trident" in have and "crown" in have
    if key == "john":
        return P["power"] >= 20
    return False


def progress(s: VState, p: int) -> dict[str, Any]:
    """Objective progress for views and bots (objectives are public, §12)."""
    P = s.players[p]
    key = P["villain"]
    cards = P["cards"]
    if key == "maleficent":
        n = sum(1 for loc in range(4) if any(CARD[c].type == "Curse" and r["loc"] == loc for c, r in cards.items()))
        return {"text": m("sum.curses", n=n), "value": n / 4}
    if key == "jafar":
        lamp = [r for c, r in cards.items() if CARD[c].key == "magic_lamp" and not r.get("stolen")]
        genie = any(CARD[c].key == "genie" and r.get("hyp") for c, r in cards.items())
        lamp_txt = m("sum.lamp_at", loc_term=loc_t(s, p, lamp[0]["loc"])) if lamp else m("sum.no_lamp")
        v = (0.3 + 0.2 * (3 - lamp[0]["loc"]) / 3 if lamp else 0) + (0.5 if genie else 0)
        return {"text": m("sum.jafar", lamp=lamp_txt, genie=m("sum.genie_yours" if genie else "sum.genie_not")),
                "value": v}
    if key == "ursula":
        lair = villain(P).loc_names.index("Ursula's Lair")
        have = {CARD[c].key: r for c, r in cards.items() if CARD[c].key in ("trident", "crown")}
        marks = []
        v = 0.0
        for k in ("trident", "crown"):
            r = have.get(k)
            ok = r is not None and r["side"] == "v" and r["loc"] == lair
            v += 0.5 if ok else (0.2 if r is not None and r["side"] == "v" else 0)
            marks.append(m("sum.yes" if ok else "sum.no"))
        return {"text": m("sum.ursula", trident=marks[0], crown=marks[1]), "value": v}
    if key == "john":
        return {"text": m("sum.john", n=P["power"]), "value": min(1.0, P["power"] / 20)}
    if key == "hook":
        pan = [r for c, r in cards.items() if CARD[c].key == "peter_pan" and r["side"] == "h"]
        if not pan:
            return {"text": m("sum.pan_not_out"), "value": 0.0}
        loc = pan[0]["loc"]
        return {"text": m("sum.pan_at", loc_term=loc_t(s, p, loc)), "value": 0.4 + 0.15 * (3 - loc)}
    n = sum(1 for loc in range(4) if any(r.get("w") and r["loc"] == loc for r in cards.values()))
    return {"text": m("sum.wickets", n=n), "value": n / 5}


def next_turn(s: VState) -> None:
    push(s, {"k": "turn", "st": 0})


BEFORE_MOVE = frozenset(c for c, d in CARD.items() if "before_villain_moves" in d.by_trigger)
"""Instance ids of the cards with an ability used before the villain moves (read once)."""
BEFORE_MOVE_VILLAINS = frozenset(CARD[c].villain for c in BEFORE_MOVE)
"""Villains whose realm can hold one (realm isolation): every other realm is not searched."""


def before_move_cards(s: VState, p: int) -> list[str]:
    P = s.players[p]
    if P["villain"] not in BEFORE_MOVE_VILLAINS:
        return []
    done = s.tf.get("bm", [])
    out = []
    for c, r in P["cards"].items():
        if c not in BEFORE_MOVE or c in done or r.get("hyp"):
            continue
        if P["locked"][r["loc"]] or not [x for x in unlocked(P) if x != r["loc"]]:
            continue
        out.append(c)
    return out


@handler("turn")
def h_turn(s: VState, f: dict[str, Any]) -> Any:
    p = s.turn
    P = s.players[p]
    st = f["st"]
    ans = f.pop("ans", None)
    if st == 0:
        s.used = []
        s.tf = {"conds": [], "defeats": [], "bm": []}
        P["dragon"] = 0
        ev(s, "turn", seat=p, n=s.round)
        if P["villain"] in START_OBJECTIVES and objective_met(s, p):
            win(s, p, m("why.objective", villain_term=P["villain"], objective=m("obj." + P["villain"])))
            return DONE
        f["st"] = 1
        return AGAIN
    if st == 1:
        cands = before_move_cards(s, p)
        if cands and ans is None:
            return Choice(p, "before_move", m("ask.before_move"),
                          [opt(f"use {c}", m("act.use", card=c), c, "before_move", "use") for c in cands]
                          + [opt("skip", m("act.go_on"), None, "before_move", "skip")])
        if cands and ans != "skip":
            c = card_of(picked(f))
            s.tf["bm"].append(c)
            fx(s, p, p, c, CARD[c].steps("before_villain_moves"))
            return AGAIN
        f["st"] = 2
        push(s, {"k": "win", "n": 1, "i": 0, "played": False})
        return AGAIN
    if st == 2:
        dests = [x for x in unlocked(P) if x != P["mover"]]
        stay = P["vanish"] and not P["locked"][P["mover"]]
        if ans is None:
            v = P["villain"]
            opts = [kept_opt(("go", v, x), lambda x=x: opt(f"go {x}", m("act.go", loc_term=loc_t(s, p, x)), None,
                                                          "mover", "go", location=x))
                    for x in dests]
            if stay:
                opts.append(opt("stay", m("act.stay", loc_term=loc_t(s, p, P["mover"])), None, "mover", "stay",
                                location=P["mover"]))
            return Choice(p, "move", kept_prompt("move", lambda: m("ask.move")), opts)
        P["vanish"] = False
        f["st"] = 3
        push(s, {"k": "win", "n": 2, "i": 0, "played": False})
        if ans == "stay":
            ev(s, "mover", "stays", seat=p, loc_term=loc_t(s, p, P["mover"]))
        else:
            move_mover(s, p, loc_of(picked(f)))
        return AGAIN
    if st == 3:
        f["st"] = 4
        push(s, {"k": "menu"})
        return AGAIN
    if st == 4:
        f["st"] = 5
        push(s, {"k": "win", "n": 4, "i": 0, "played": False})
        return AGAIN
    # st 5: draw back up, pass the turn
    short = hand_target(P) - len(P["hand"])
    if short > 0:
        draw_cards(s, p, short)
    s.tf = {}
    s.used = []  # (no "ends the turn" event: the next turn's event says it; the log is most of a save)
    n = len(s.players)
    if p == n - 1:
        if s.round >= s.round_limit:
            s.phase = "over"
            s.winner = None
            s.reason = m("end.round_limit", n=s.round_limit)
            s.stack.clear()
            ev(s, "end", "round_limit")
            return DONE
        s.round += 1
    s.turn = (p + 1) % n
    return DONE


HISS_VILLAINS = frozenset(v for k in COVERED_ACTION_KEYS for v in KEY_VILLAINS.get(k, ()))
"""Villains whose realm can hold a card that opens covered actions (realm isolation)."""


def menu_slots(s: VState, p: int) -> list[tuple[str, str, int, bool]]:
    """Unused action symbols at the mover's location; Sir Hiss adds covered ones (R37)."""
    P = s.players[p]
    loc = P["mover"]
    hiss = (P["villain"] in HISS_VILLAINS and not s.tf.get("hiss")
            and any(P["cards"][c]["loc"] == loc and P["cards"][c]["side"] == "v"
                    for k in COVERED_ACTION_KEYS for c in in_realm(P, k)))
    used = s.used
    return [x for x in slots(s, p, loc, uncovered_only=not hiss) if x[0] not in used]


def menu_options(s: VState, p: int, free: list[tuple[str, str, int, bool]] | None = None) -> list[Opt]:
    """The action menu: one option per usable symbol at the mover's location (``free``: the
    ``menu_slots`` already judged), then Clever Disguises to pay off, then End the turn."""
    P = s.players[p]
    out: list[Opt] = []
    seen: set[str] = set()
    for _key, a, n, _cov in menu_slots(s, p) if free is None else free:
        tag = f"{a}{n}"
        if tag in seen:
            continue
        seen.add(tag)
        if a == "gain_power":
            out.append(kept_opt(("gain", n), lambda n=n: opt(f"gain {n}", m("act.symbol_gain", n=n), None,
                                                           "gain_power", "gain", amount=n)))
        elif a == "discard":
            if P["hand"]:
                out.append(_DISCARD_OPT)
        else:
            out.extend(card_options(s, p, a))
    ids = set()
    uniq = []
    for o in out:
        if o[0] not in ids:
            ids.add(o[0])
            uniq.append(o)
    for c in disguises(s, p):
        uniq.append(kept_opt(("disguise", c), lambda c=c: opt(f"disguise {c}", m("act.disguise", card=c), c, "owner",
                                                              "disguise", amount=2)))
    uniq.append(_END_OPT)
    return uniq


_DISCARD_OPT = kept_opt("discard", lambda: opt("discard", m("act.symbol", term="do_discard"), None, "discard",
                                               "discard"))
_END_OPT = kept_opt("end", lambda: opt("end", m("act.end"), None, "end", "end"))


def disguises(s: VState, p: int) -> list[str]:
    P = s.players[p]
    if P["power"] < 2:
        return []
    return [c for k in PAY_TO_DISCARD_KEYS for c in in_realm(P, k)]


ACTION_OF = {"gain": "gain_power", "discard": "discard", "play": "play_card", "activate": "activate",
             "move": "move_item_ally", "movehero": "move_hero", "vanquish": "vanquish", "fate": "fate"}


_MENU: list[Any] = [None, -1, None]
"""The menu that asked last: its frame, the step it asked at and the ``menu_slots`` it judged. Its
answer comes one step later to the same frame, with nothing changed in between, so the symbol it
spends is chosen from those slots instead of judging the location's covering again."""


@handler("menu")
def h_menu(s: VState, f: dict[str, Any]) -> Any:
    p = s.turn
    P = s.players[p]
    ans = f.pop("ans", None)
    if ans is None:
        free = menu_slots(s, p)
        _MENU[0], _MENU[1], _MENU[2] = f, s.step, free
        mover = P["mover"]
        return Choice(p, "action", kept_prompt(("action", p, P["villain"], mover),
                                               lambda: m("ask.action", seat=p, loc_term=loc_t(s, p, mover))),
                      menu_options(s, p, free))
    if ans == "end":
        return DONE
    record = picked(f)
    verb = fields(record)[0]
    if verb == "disguise":
        pay_disguise(s, p, card_of(record))
        return AGAIN
    action = ACTION_OF[verb]
    amount = amount_of(record) if verb == "gain" else 0
    free = _MENU[2] if _MENU[0] is f and _MENU[1] == s.step - 1 else menu_slots(s, p)
    cands = [x for x in free if x[1] == action and (verb != "gain" or x[2] == amount)]
    cands.sort(key=lambda x: x[3])  # use an uncovered symbol before Sir Hiss's covered one
    key, _a, _n, cov = cands[0]
    s.used.append(key)
    if cov:
        s.tf["hiss"] = True
    push(s, {"k": "win", "n": 3, "i": 0, "played": False})
    if verb in ("gain", "discard"):
        start_action(s, p, action, amount)
    else:
        begin_card_action(s, p, record)
    return AGAIN


def pay_disguise(s: VState, p: int, c: str) -> None:
    P = s.players[p]
    P["power"] -= 2
    ev(s, "pay", seat=p, card=c)
    discard_from_realm(s, p, c, "paid_off")


# -- condition windows ------------------------------------------------------------------------


WhenKey = tuple[str, int]
"""A Condition's requirement in one canonical form, ``(fact, least)``: Conditions of different
villains that need the same fact share a key, so a window judges each fact once for all seats
(there are five in the base game, against twelve Conditions)."""


def _when_key(when: dict[str, Any]) -> WhenKey:
    if "event" in when:
        return ("event", when["hero_min_strength"])
    return (when["state"], when["min"])


def _when_holds(s: VState, when: WhenKey) -> bool:
    """A Condition's ``when``: a fact of the active player's realm or of this turn's defeats (the
    same for every seat asked in one window)."""
    fact, least = when
    T = s.players[s.turn]
    if fact == "event":
        return any(x >= least for x in s.tf.get("defeats", ()))
    if fact == "active_player_allies_in_realm":
        return len(allies(T)) >= least
    if fact == "active_player_items_in_realm":
        return len(villain_items(T)) >= least
    if fact == "active_player_power":
        return T["power"] >= least
    if fact == "active_player_has_ally_with_strength":
        return any(strength(s, s.turn, a) >= least for a in allies(T))
    return False


def _fact(s: VState, when: WhenKey, memo: dict[Any, bool] | None) -> bool:
    """``_when_holds``, kept in the window's ``memo`` (the facts cannot change while it asks)."""
    if memo is None:
        return _when_holds(s, when)
    ok = memo.get(when)
    if ok is None:
        ok = memo[when] = _when_holds(s, when)
    return ok


def condition_ok(s: VState, q: int, c: str, memo: dict[Any, bool] | None = None) -> bool:
    """May ``q`` play Condition ``c`` now? ``memo`` keeps the answers (and the ``when`` facts,
    shared by every seat) while one window asks seat after seat: nothing changes in between."""
    if memo is None:
        return _condition_ok(s, q, c, None)
    ok = memo.get((q, c))
    if ok is None:
        ok = memo[q, c] = _condition_ok(s, q, c, memo)
    return ok


def _condition_ok(s: VState, q: int, c: str, memo: dict[Any, bool] | None) -> bool:
    if c not in IS_COND or c in s.tf.get("conds", ()):
        return False
    return _fact(s, WHEN_OF[c], memo) and (
        not NEEDS_CHECK[c, "condition"] or doable_steps(s, q, q, c, CARD[c].steps("condition")))


IS_COND = frozenset(c for c, d in CARD.items() if d.type == "Condition")
COND_COPIES: dict[str, list[list[str]]] = {}
"""Villain -> its Conditions, each as the list of its copies' instance ids."""
for _c in sorted(IS_COND):
    _byk = COND_COPIES.setdefault(CARD[_c].villain, [])
    _same = next((g for g in _byk if CARD[g[0]].key == CARD[_c].key), None)
    if _same is None:
        _byk.append([_c])
    else:
        _same.append(_c)
for _v in VILLAINS:
    COND_COPIES.setdefault(_v, [])
WHEN_OF: dict[str, WhenKey] = {c: _when_key(CARD[c].by_trigger["condition"][0]["when"]) for c in IS_COND}
COND_GROUPS: dict[str, list[tuple[list[str], WhenKey]]] = {
    v: [(copies, WHEN_OF[copies[0]]) for copies in groups] for v, groups in COND_COPIES.items()}
"""Villain -> its Conditions as ``(copies, requirement)``: copies of a card share its ``when``."""


def live_groups(s: VState, v: str, memo: dict[Any, Any] | None = None) -> list[tuple[list[str], WhenKey]]:
    """``v``'s Conditions whose requirement holds now; kept in the window's ``memo`` under the
    villain's key, so each seat of a window first asks "could any Condition of mine work at all?"
    with one look-up (mostly none can: no card of that seat is then searched for or judged)."""
    if memo is None:
        return [g for g in COND_GROUPS[v] if _when_holds(s, g[1])]
    live = memo.get(v)
    if live is None:
        live = memo[v] = [g for g in COND_GROUPS[v] if _fact(s, g[1], memo)]
    return live


ALL_WHENS: tuple[WhenKey, ...] = tuple(sorted(set(WHEN_OF.values())))
"""Every Condition requirement in the game (five in the base game)."""


def window_memo(s: VState) -> dict[Any, Any]:
    """A fresh window memo (see ``condition_ok``) with the live Conditions of every other seat's
    villain judged at once (a window asks every other seat in turn, so it needs them all), and
    each requirement judged once: the Allies and Villain Items of the active realm are counted in
    one pass (what ``allies`` and ``villain_items`` list), the first time one is needed. The
    answers are the ``_when_holds`` ones (``test_speed_identity`` holds them to it)."""
    T = s.players[s.turn]
    memo: dict[Any, Any] = {}
    counts: tuple[int, int] | None = None
    turn = s.turn
    for q, P in enumerate(s.players):
        v = P["villain"]
        if q == turn or v in memo:
            continue
        live = []
        for g in COND_GROUPS[v]:
            when = g[1]
            ok = memo.get(when)
            if ok is None:
                fact, least = when
                if fact == "active_player_allies_in_realm" or fact == "active_player_items_in_realm":
                    if counts is None:
                        counts = _count_allies_items(T)
                    ok = counts[fact == "active_player_items_in_realm"] >= least
                elif fact == "active_player_power":
                    ok = T["power"] >= least
                else:
                    ok = _when_holds(s, when)
                memo[when] = ok
            if ok:
                live.append(g)
        memo[v] = live
    return memo


def _count_allies_items(T: Any) -> tuple[int, int]:
    """``len(allies(T)), len(villain_items(T))`` in one pass (an Ally-like card is never an Item)."""
    n_allies = n_items = 0
    for c, r in T["cards"].items():
        if c in ALLY_LIKE:
            if r["side"] == "v" and r["on"] is None:
                n_allies += 1
        elif c in VILLAIN_ITEMS and not r.get("stolen"):
            n_items += 1
    return n_allies, n_items


def window_options(s: VState, q: int, memo: dict[Any, bool] | None = None) -> list[Opt]:
    P = s.players[q]
    john = P["villain"] == "john"
    hand = P["hand"]
    if not john and (IS_COND.isdisjoint(hand) or not live_groups(s, P["villain"], memo)):
        return []  # no Condition in hand that could work and no Clever Disguise to pay off
    out = [opt(f"cond {c}", m("act.play", card=c), c, "condition", "cond") for c in hand
           if c in IS_COND and condition_ok(s, q, c, memo)]
    if john:
        out += [opt(f"disguise {c}", m("act.disguise", card=c), c, "owner", "disguise", amount=2)
                for c in disguises(s, q)]
    return out


def could_answer(s: VState, q: int, memo: dict[Any, bool] | None = None) -> bool:
    """Judging by public facts only, could ``q`` answer this window? It holds cards and one of its
    villain's Conditions that nobody can see (in its hand or deck) would be playable now, or it is
    Prince John and may pay off a Clever Disguise. Two tables differing only in hidden cards give
    the same answer, so asking on it tells nobody what ``q`` holds."""
    P = s.players[q]
    if P["villain"] == "john" and disguises(s, q):
        return True
    hand = P["hand"]
    if not hand:
        return False
    deck = P["deck"]
    # each Condition whose requirement holds now (one look-up in a window's memo: the facts are
    # judged once per window for every seat), judged on its first copy in hand-then-deck order; a
    # Condition with no copy in hand or deck (a quarter of them, late in a game: both copies
    # discarded) is passed over. The answer is whether any is playable, and every test is a pure
    # function of the table: the order of the tests cannot change it.
    for copies, _when in live_groups(s, P["villain"], memo):
        first = None
        at = 0
        for c in copies:
            if c in hand:
                pos = hand.index(c)
            elif c in deck:
                pos = len(hand) + deck.index(c)
            else:
                continue
            if first is None or pos < at:
                first, at = c, pos
        if first is not None and condition_ok(s, q, first, memo):
            return True
    return False


def may_be_asked(s: VState, q: int, memo: dict[Any, Any]) -> bool:
    """Could ``q`` be asked in this window at all, in any mode but ``always_ask``? Only Prince John
    (a Clever Disguise to pay off) or a seat holding cards whose villain has a Condition whose
    requirement holds now: ``could_answer`` and ``window_options`` are both false otherwise. It is
    one look-up per seat in the window's memo (the facts are the active player's, judged once), so
    a window that nobody could answer closes without judging any seat's cards."""
    P = s.players[q]
    return P["villain"] == "john" or (bool(P["hand"]) and bool(live_groups(s, P["villain"], memo)))


def asked(s: VState, q: int, memo: dict[Any, bool] | None = None) -> bool:
    """R17, hot-seat: is ``q`` asked in this window? A human seat whenever it could answer on public
    facts (the curtain going to it, or not, says nothing of its hand); a bot only when it holds a
    playable Condition (nobody watches a bot's curtain). ``always_ask`` asks everyone, and
    ``holders_only`` asks only holders (the old, faster but telling, prompting)."""
    if s.always_ask:
        return True
    if s.holders_only or not s.humans or not s.humans[q]:
        return bool(window_options(s, q, memo))
    return could_answer(s, q, memo)


PASS_ONLY: list[Opt] = [opt("pass", m("act.pass"), None, "condition", "pass")]
"""The options of a window seat with nothing to play, shared by every such ask (half of all the
asks of a game): option lists are never changed once asked, and ``legal_actions`` knows this one's
actions by heart."""
PASS_ASKS: list[Choice] = [standing(Choice(q, "condition", m("ask.condition", seat=q), PASS_ONLY)) for q in range(6)]
"""Seat ``q``'s window ask with nothing to play: one question object (and pending record, see
``flow.standing``) per seat, shared by every such ask."""

_ASKING: list[Any] = [None, -1, None]
"""The window that asked last: its frame, the step it asked at and its memo. A pass changes
nothing, so when the answer to that same frame one step later is a pass, the window goes on to
the next seat with the facts and seats it has already judged instead of judging them again (a
window asks up to five seats in turn, and a pass is half of all the answers in a game)."""


@handler("win")
def h_window(s: VState, f: dict[str, Any]) -> Any:
    n = len(s.players)
    last = n - 1  # the seats asked, in order after the active one: (turn + 1 + i) % n for i < last
    ans = f.pop("ans", None)
    memo: dict[Any, Any] | None = None
    if ans is not None:
        q = (s.turn + 1 + f["i"]) % n
        f["i"] += 1
        if ans == "pass":
            if _ASKING[0] is f and _ASKING[1] == s.step - 1:
                memo = _ASKING[2]
        else:
            f["played"] = True
            record = picked(f)
            verb, c = fields(record)[0], card_of(record)
            if verb == "disguise":
                pay_disguise(s, q, c)
                return AGAIN
            P = s.players[q]
            P["hand"].remove(c)
            s.tf.setdefault("conds", []).append(c)
            s.resolving.append(c)
            ev(s, "condition", seat=q, card=c)
            push(s, {"k": "tidy", "who": q, "card": c})
            fx(s, q, q, c, CARD[c].steps("condition"))
            return AGAIN
    if memo is None:
        memo = window_memo(s)  # nothing changes while the seats are asked in turn
    every = s.always_ask
    players = s.players
    while True:
        i = f["i"]
        if i >= last:
            if f["played"]:
                f["i"] = 0
                f["played"] = False
                continue
            s.tf["defeats"] = []
            return DONE
        q = (s.turn + 1 + i) % n
        P = players[q]
        v = P["villain"]
        # ``may_be_asked``, written out (``window_memo`` judged every other seat's villain)
        if every or ((v == "john" or (P["hand"] and memo[v])) and asked(s, q, memo)):
            opts = window_options(s, q, memo)
            _ASKING[0], _ASKING[1], _ASKING[2] = f, s.step, memo
            if not opts:
                return PASS_ASKS[q]
            return Choice(q, "condition", kept_prompt(("condition", q), lambda q=q: m("ask.condition", seat=q)),
                          opts + [PASS_ONLY[0]])
        f["i"] += 1


__all__ = ["objective_met", "progress", "next_turn", "menu_options", "condition_ok", "doable"]
