"""The Superinmundos ``Game``: set-up, decisions, legal actions and their application.

Legal actions are built together with the function that applies each one, so ``apply`` never
re-parses an id: it looks the id up among the current moves (refusing, with the state untouched,
anything else) and runs the move. The flow itself lives in ``flow``; the combat maths in ``combat``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from tabletop.engine import Action, CardFace, Decision, Game, IllegalAction, Result, Seat, emit
from tabletop.engine.chance import randbelow, shuffle
from tabletop.engine.msg import Msg, msg
from tabletop.engine.state import clone_with

from . import flow
from .cards import _TABLE as T
from .cards import all_cards, info
from .combat import cond_ok, fusion_allowed, legal_attackers, legal_units, loot_count
from .state import COPIERS, Player, SuperState
from .table import hand_of, tell, unit_msg
from .view_types import SuperView

Move = tuple[Action, Callable[[], None]]
SupportOption = tuple[str, str, str, str]


def build_deck(options: dict[str, Any]) -> list[str]:
    """The card ids in play for these variants (§15), in card-file order."""
    out = []
    for cid, ci in all_cards().items():
        if ci.kind == "event" and options.get("no_events"):
            continue
        if ci.kind == "combatant" and ci.element == "neutral" and options.get("no_neutrals"):
            continue
        out.append(cid)
    return out


def option_id(option: SupportOption | None, multi: bool) -> str:
    if option is None:
        return "go"
    kind, card, comp, stat = option
    return f"{kind} {card} {stat}" + (f" on {comp}" if multi else "")


def option_label(option: SupportOption | None) -> Msg:
    """"Boost: Voltimp +2 Attack on B22" (a penalty's amount is negative: ``n`` is its size)."""
    if option is None:
        return msg("act.no_support")
    kind, card, comp, stat = option
    amount = info(card).support[1]  # type: ignore[index]
    return msg("act." + kind, card=card, n=abs(amount), stat_term=stat, on_card=comp)


def support_action(option: SupportOption | None, multi: bool) -> Action:
    """A support option as an action: ``verb`` boost/penalty (or ``go`` for none), the support
    ``card``, the component it goes on as ``target``, its ``amount`` and its ``stat``."""
    key = ("support", option, multi)
    found = _ACTIONS.get(key)
    if found is not None:
        return found
    if option is None:
        found = Action("go", option_label(None), group="support", verb="go")
    else:
        kind, card, comp, stat = option
        amount = info(card).support[1]  # type: ignore[index]
        found = Action(option_id(option, multi), option_label(option), card=card, group="support", verb=kind,
                       target=comp, amount=amount, extra=(("stat", stat),))
    return _store(key, found)


def event_fields(arg: str | None) -> dict[str, Any]:
    """An event's choice as fields: a target player as ``seat``, a unit ("attacker", "defender",
    "active") or an element as ``extra``."""
    if arg is None:
        return {}
    if arg.isdigit():
        return {"seat": int(arg)}
    if arg in ("attacker", "defender", "active"):
        return {"extra": (("unit", arg),)}
    return {"extra": (("element", arg),)}


def arg_id(arg: str | None) -> str:
    if arg is None:
        return ""
    return f" {int(arg) + 1}" if arg.isdigit() else f" {arg}"


_ACTIONS: dict[tuple[Any, ...], Action] = {}
"""Actions are immutable and their text depends only on the key (card data, seat names): built once,
and kept while they are among the last ``_ACTIONS_LIMIT`` built (the keys name cards, components
and units: a long run would otherwise keep every combination it ever met)."""
_ACTIONS_LIMIT = 8192


def _store(key: tuple[Any, ...], action: Action) -> Action:
    """Remember ``action`` for ``key``, forgetting the oldest one when the cache is full."""
    if len(_ACTIONS) >= _ACTIONS_LIMIT:
        del _ACTIONS[next(iter(_ACTIONS))]
    _ACTIONS[key] = action
    return action
_DECISIONS: dict[tuple[int, str], Decision] = {}

# the answers that name no card: one immutable action each
SWAP = Action("swap", msg("act.swap"), group="swap", verb="swap")
KEEP = Action("keep", msg("act.keep"), group="swap", verb="keep")
PASS = Action("pass", msg("act.pass"), group="window", verb="pass")
LET_HAPPEN = Action("pass", msg("act.let_happen"), group="window", verb="pass")
GIVE_UP = Action("withdraw", msg("act.give_up"), group="withdraw", verb="withdraw")
WITHDRAW = Action("withdraw", msg("act.withdraw"), group="withdraw", verb="withdraw")
DONT_PAY = Action("done", msg("act.dont_pay"), group="ability", verb="done")
DONE_ANSWERING = Action("done", msg("act.done_answering"), group="support", verb="done")
NO_BOOST = Action("no boost", msg("act.no_support"), group="support", verb="no_boost")
PLAN_LATER = Action("plan later", msg("act.plan_later"), group="support", verb="plan_later")
PLAN_NONE = Action("plan none", msg("act.plan_none"), group="support", verb="plan_none")
RETRACT = Action("retract", msg("act.retract"), group="stalemate", verb="retract")
SET_ASIDE = Action("set aside", msg("act.set_aside"), group="stalemate", verb="set_aside")


def _built(key: tuple[Any, ...], build: Callable[[], Action]) -> Action:
    """The action for ``key``, built once (its id and label depend only on the key)."""
    action = _ACTIONS.get(key)
    if action is None:
        action = _store(key, build())
    return action


def _plan_action(card: str, stat: str) -> Action:
    amount = info(card).support[1]  # type: ignore[index]
    return Action(f"plan {card} {stat}", msg("act.plan", card=card, n=abs(amount), stat_term=stat), card=card,
                  group="support", verb="plan", amount=amount, extra=(("stat", stat),))


def _card_action(verb: str, card: str) -> Action:
    """``open <card>`` / ``attack <card>``, built once per card."""
    key = (verb, card)
    action = _ACTIONS.get(key)
    if action is None:
        action = _store(key, Action(f"{verb} {card}", msg("act." + verb, card=card), card=card, group="attack",
                                    verb=verb))
    return action


class Superinmundos(Game[SuperState]):
    state_type = SuperState
    view_type = SuperView

    # -- set-up (§4) ------------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> SuperState:
        """§4: seats, variants, the starting player, the shuffle and the one-at-a-time deal,
        starting loot, then round 1 (hand swaps first)."""
        n = len(seats)
        if options.get("teams") and n != 4:
            raise ValueError("the 2 vs 2 variant needs exactly 4 players")
        s = SuperState(rng=seed)
        s.teams = bool(options.get("teams"))
        s.hand_size = 5 if options.get("hand5") else 7
        s.round_limit = 3 if options.get("quick") else 5
        s.swap_enabled = not options.get("no_swap")
        s.prompt_all = bool(options.get("prompt_all"))
        s.holders_only = bool(options.get("holders_only"))
        s.humans = [not seat.is_bot for seat in seats]
        for i, seat in enumerate(seats):
            s.players.append(Player(name=seat.name, hand=[], team=i % 2 if s.teams else i, swap_used=False,
                                    asked=False, battles_won=0))
        s.piles = [[] for _ in range(2 if s.teams else n)]
        deck = build_deck(options)
        copies = int(options.get("mixed") or 0)
        if copies:
            s.mixed = True
            pool = list(deck)
            shuffle(s, pool)
            deck.extend(f"{c}#2" for c in pool[:copies])
        first = int(options.get("first") or 0)
        s.start = (first - 1) % n if first else randbelow(s, n)
        s.dealer = s.start
        shuffle(s, deck)
        s.deck = deck
        s.total = len(deck)
        for _ in range(s.hand_size):
            for seat in flow.order_from(s, s.start + 1):
                s.players[seat]["hand"].append(s.deck.pop())
        emit(s, "setup", seat=s.start, n=n, hand=s.hand_size)
        if n > 4:
            emit(s, "warning", n=n)
        for seat in range(n):
            hand = s.players[seat]["hand"]
            tell(s, [seat], "dealt", seat=seat, cards=list(hand))
        loot = int(options.get("starting_loot") or 0)
        if loot:
            for pile in s.piles:
                for _ in range(loot):
                    if s.deck:
                        pile.append(s.deck.pop())
            emit(s, "starting_loot", n=loot)
        s.reveals = 0
        flow.begin_round(s)
        return s

    # -- whose decision ---------------------------------------------------------------------
    def _seat(self, s: SuperState) -> int | None:
        ph = s.phase
        if ph == "over":
            return None
        if ph == "swap":
            return s.queue[0]
        if ph in ("round_start", "reaction"):
            return s.window["asker"] if s.window else None
        if ph == "counter":
            return s.pending["asker"] if s.pending else None
        if ph in ("response", "counter_mode"):
            return s.arena[-1]["owner"]
        if ph == "preempt":
            return s.decl["seat"] if s.decl else None
        return s.turn

    PROMPTS = frozenset({"swap", "round_start", "reaction", "counter", "open", "turn", "declare", "enter_cost",
                         "response", "mode", "counter_mode", "top", "preempt", "plan", "stalemate"})
    """The decision kinds; each one's prompt is the message ``ask.<kind>`` naming the seat."""

    def decision(self, s: SuperState) -> Decision | None:
        seat = self._seat(s)
        if seat is None:
            return None
        key = (seat, s.phase)
        found = _DECISIONS.get(key)
        if found is None:
            assert s.phase in self.PROMPTS, s.phase
            found = _DECISIONS[key] = Decision(seat, s.phase, msg("ask." + s.phase, seat=seat))
        return found

    # -- moves ------------------------------------------------------------------------------
    def moves(self, s: SuperState, want: str | None = None) -> list[Move]:
        """The legal actions with their effects. With ``want`` (an action id), only moves that
        could carry that id are built, which spares ``apply`` the legality tests of the others."""
        seat = self._seat(s)
        if seat is None:
            return []
        ph = s.phase
        out: list[Move] = []
        add = out.append
        if ph == "swap":
            add((SWAP, lambda: self._swap(s, seat, True)))
            add((KEEP, lambda: self._swap(s, seat, False)))
        elif ph in ("round_start", "reaction"):
            self._event_moves(s, seat, ph, "window", out)
            add((PASS, lambda: flow.window_pass(s, seat)))
        elif ph == "counter":
            for card in flow.counters_in(s, seat):
                add((_built(("cancel", card), lambda c=card: Action(f"cancel {c}", msg("act.cancel", card=c), card=c,
                                                                    group="event", verb="cancel")),
                     lambda c=card: flow.counter_play(s, seat, c)))
            add((LET_HAPPEN, lambda: flow.counter_pass(s)))
        elif ph == "open":
            self._event_moves(s, seat, "open", "open", out)
            hand = hand_of(s, seat)
            combatants = [c for c in hand if T[c].kind == "combatant"]
            for card in combatants:
                add((_card_action("open", card), lambda c=card: flow.start_declaration(s, "open", [c])))
            if not combatants:
                add((GIVE_UP,
                     lambda: self._give_up_opening(s, seat)))
        elif ph == "turn":
            # with ``want``, only the family of moves that can carry that id is built: the ids of
            # the attacks and fusions are cheap to write down, their legality tests are not
            hand = hand_of(s, seat)
            combatants = [c for c in hand if T[c].kind == "combatant" and c not in s.retracted]
            pairs: list[list[str]] | None = None  # built only when fusions are looked at
            tried = combatants if want is None else [c for c in combatants if want == f"attack {c}"]
            if want is None:
                fusing = True
            elif want.startswith("fuse "):
                pairs = [[a, b] for i, a in enumerate(combatants) for b in combatants[i + 1:]]
                fusing = any(want == f"fuse {a} {b}" for a, b in pairs)
            else:
                fusing = False
            if want is None or (not tried and not fusing):
                self._event_moves(s, seat, "turn", "turn", out)
            for card in legal_attackers(s, seat, hand, tried):
                add((_card_action("attack", card), lambda c=card: flow.start_declaration(s, "attack", [c])))
            if len(combatants) > 1 and fusing and fusion_allowed(s):
                if pairs is None:
                    pairs = [[a, b] for i, a in enumerate(combatants) for b in combatants[i + 1:]]
                for (a, b), ok in zip(pairs, legal_units(s, seat, hand, pairs), strict=True):
                    if ok:
                        add((_built(("fuse", a, b), lambda x=a, y=b: Action(f"fuse {x} {y}", msg("act.fuse", card=x, card2=y),
                                                                            card=x, group="attack", verb="fuse", target=y)),
                             lambda x=a, y=b: flow.start_declaration(s, "attack", [x, y])))
            add((WITHDRAW,
                 lambda: flow.withdraw(s, seat)))
        elif ph == "declare":
            assert s.decl is not None
            multi_a = len(s.decl["cards"]) > 1
            multi_d = bool(s.arena) and len(s.arena[-1]["cards"]) > 1
            for opt in flow.declare_options(s):
                multi = opt is not None and (multi_a if opt[0] == "boost" else multi_d)
                add((support_action(opt, multi),
                     lambda o=opt: flow.commit_declaration(s, o)))
        elif ph == "enter_cost":
            unit = flow.entering_unit(s)
            from .effects import paid_abilities

            for cid, ab in paid_abilities(s, unit, entering=True):
                add((_built(("pay", cid, ab["cost"]), lambda c=cid, n=ab["cost"]: Action(
                        f"pay {c}", msg("act.pay", n=n, card=c), card=c, group="ability", verb="pay", amount=n)),
                     lambda c=cid: flow.enter_pay(s, c)))
            add((DONT_PAY, lambda: flow.after_enter(s)))
        elif ph == "response":
            assert s.attacker is not None
            for opt in flow.response_options(s):
                if opt[0] == "activate":
                    add((_built(("activate", opt[1]), lambda c=opt[1]: Action(
                            f"activate {c}", msg("act.activate", card=c), card=c, group="ability", verb="activate")),
                         lambda o=opt: flow.response_act(s, o)))
                else:
                    target = s.arena[-1] if opt[0] == "boost" else s.attacker
                    add((support_action(opt, len(target["cards"]) > 1), lambda o=opt: flow.response_act(s, o)))
            add((DONE_ANSWERING, lambda: flow.response_act(s, None)))
        elif ph in ("mode", "counter_mode"):
            assert s.attacker is not None
            counter = ph == "counter_mode"
            winner, loser = (s.arena[-1], s.attacker) if counter else (s.attacker, s.arena[-1])
            win = flow.defender_wins if counter else flow.attacker_wins
            role = "defending" if counter else "attacking"
            for mode, _why in flow.mode_choices(s, winner, loser, role):  # the mode that fires an ability first
                fires = self._mode_cards(s, mode, winner, loser, role)
                add((_built(("mode", mode, fires), lambda m=mode, f=fires: Action(
                        f"mode {m}", self._mode_label(m, f), group="mode", verb="mode", extra=(("mode", m),))),
                     lambda m=mode: win(s, m)))
        elif ph == "top":
            assert s.attacker is not None
            for cid in s.attacker["cards"]:
                add((_built(("top", cid), lambda c=cid: Action(f"top {c}", msg("act.top", card=c), card=c,
                                                               group="fusion", verb="top")),
                     lambda c=cid: flow.finish_win(s, s.mode, c)))
        elif ph == "preempt":
            owner = seat
            for opt in flow.preempt_options(s, owner):
                add((support_action(opt, len(s.arena[-1]["cards"]) > 1), lambda o=opt: flow.preempt(s, o)))
            add((NO_BOOST, lambda: flow.preempt(s, None)))
        elif ph == "plan":
            opts = flow.plan_options(s)
            later = PLAN_LATER
            none = PLAN_NONE
            boosts = []
            for card, stat in opts:
                boosts.append((_built(("plan", card, stat), lambda c=card, st=stat: _plan_action(c, st)),
                               lambda c=card, st=stat: flow.set_plan(s, "boost", c, st)))
            first = [(later, lambda: flow.set_plan(s, "later"))] if opts else [(none, lambda: flow.set_plan(s, "none"))]
            rest = ([(none, lambda: flow.set_plan(s, "none"))] if opts else
                    [(later, lambda: flow.set_plan(s, "later"))])
            out.extend(first + boosts + rest)
        elif ph == "stalemate":
            add((RETRACT,
                 lambda: flow.stalemate(s, True)))
            add((SET_ASIDE,
                 lambda: flow.stalemate(s, False)))
        if not s.players[seat]["asked"]:
            self._ask_moves(s, seat, out)
        return out

    @staticmethod
    def _mode_cards(s: SuperState, mode: str, winner: Any, loser: Any, role: str) -> tuple[str, ...]:
        """The winner's cards whose automatic ``ON_WIN`` abilities hold their condition in that
        mode. The winner is the attacker, or the defender when its counter-attack wins (S7)."""
        cards = []
        for cid in winner["cards"]:
            for ab in info(cid).triggers.get("ON_WIN", ()):
                if not ab["cost"] and not ab["optional"] and cond_ok(s, ab["condition"], winner["owner"],
                                                                     loser, role, mode):
                    cards.append(cid)
                    break
        return tuple(cards)

    @staticmethod
    def _mode_label(mode: str, cards: tuple[str, ...]) -> Msg:
        """"Win by Power: Volcana's win ability triggers": ``cards`` are those of
        ``_mode_cards`` (the label only reads the card data)."""
        how = msg("how." + mode)
        if not cards:
            return msg("act.win_plain", how=how)
        return msg("act.win_fires", how=how, cards=list(cards), n=len(cards))

    @staticmethod
    def _unit_words(s: SuperState, arg: str) -> Msg | None:
        """"the attacker (Ana's Magucio)": which unit an event's "attacker/defender/active" means."""
        unit = s.attacker if arg == "attacker" else (s.arena[-1] if s.arena else None)
        if arg not in ("attacker", "defender", "active") or unit is None:
            return None
        return msg("unit." + arg, seat=unit["owner"], unit=unit_msg(unit))

    def _event_moves(self, s: SuperState, seat: int, window: str, resume: str, out: list[Move]) -> None:
        events = flow.turn_events(s, seat, window) if window in ("open", "turn") else flow.window_events(s, seat, window)
        for card, arg in events:
            target = int(arg) if arg is not None and arg.isdigit() else None
            unit = self._unit_words(s, arg) if arg is not None and target is None else None
            key = ("event", card, arg, unit)
            action = _ACTIONS.get(key)
            if action is None:
                if arg is None:
                    label = msg("act.event", card=card)
                elif target is not None:
                    label = msg("act.event_on_seat", card=card, seat=target)
                elif unit is not None:
                    label = msg("act.event_on_unit", card=card, unit=unit)
                else:
                    label = msg("act.event_element", card=card, element_term=arg)
                action = _store(key, Action(f"event {card}{arg_id(arg)}", label, card=card, group="event",
                                            verb="event", **event_fields(arg)))
            out.append((action, lambda c=card, a=arg: flow.play_event(s, seat, c, a, resume)))

    def _ask_moves(self, s: SuperState, seat: int, out: list[Move]) -> None:
        if s.teams:
            other = 1 - s.players[seat]["team"]
            out.append((_built(("ask team", other), lambda: Action(f"ask team {other + 1}", msg("act.ask_team", team=other + 1),
                                                                   group="ask", verb="ask", extra=(("team", other),))),
                        lambda: self._ask(s, seat, other)))
            return
        for target in range(len(s.players)):
            if target != seat:
                key = ("ask", target)
                action = _ACTIONS.get(key)
                if action is None:
                    action = _store(key, Action(f"ask {target + 1}", msg("act.ask", seat=target), group="ask",
                                                verb="ask", seat=target))
                out.append((action, lambda t=target: self._ask(s, seat, t)))

    def _ask(self, s: SuperState, seat: int, target: int) -> None:
        """S22: once per round, free, the exact answer to the asker only."""
        s.players[seat]["asked"] = True
        count = len(s.piles[target])
        s.answers.setdefault(str(seat), {})[str(target)] = count
        s.reveals += 1
        if s.teams:
            emit(s, "ask", m="ask_team", seat=seat, team=target + 1)
            tell(s, [seat], "answer", m="answer_team", seat=seat, team=target + 1, n=count)
        else:
            emit(s, "ask", seat=seat, target_seat=target)
            tell(s, [seat], "answer", seat=seat, target_seat=target, n=count)

    def _swap(self, s: SuperState, seat: int, swap: bool) -> None:
        s.queue.pop(0)
        if swap:
            flow.swap_hand(s, seat)
        flow.settle_swap(s)

    def _give_up_opening(self, s: SuperState, seat: int) -> None:
        from .table import eliminate

        eliminate(s, seat, "no_combatant")
        flow.next_opener(s)

    _memo: tuple[SuperState, int, int, int, int, str, list[Move], bool] | None = None
    """The moves ``legal_actions`` built last, with the state they were built on and its stamp, and
    whether ``legal_actions`` itself may hand them out again (the moves left after an ask)."""

    def legal_actions(self, s: SuperState) -> list[Action]:
        memo = self._memo
        if (memo is not None and memo[7] and memo[0] is s and memo[1] == s.step and memo[2] == s.rng
                and memo[3] == s.reveals and memo[4] == len(s.log) and memo[5] == s.phase):
            moves = memo[6]
        else:
            moves = self.moves(s)
        # A bot or a playout calls legal_actions and then apply on the same, unchanged state:
        # remembering the moves spares apply a second round of legality tests. They are reused
        # only on the very same state object (held here, so its id cannot be taken by another)
        # whose stamp is unchanged: every action moves ``step`` (apply counts it before running
        # the move), and the rng, the reveals, the log and the phase are checked as well.
        self._memo = (s, s.step, s.rng, s.reveals, len(s.log), s.phase, moves, False)
        return [a for a, _ in moves]

    def apply(self, s: SuperState, action_id: str) -> None:
        memo = self._memo
        self._memo = None
        if (memo is not None and memo[0] is s and memo[1] == s.step and memo[2] == s.rng and memo[3] == s.reveals
                and memo[4] == len(s.log) and memo[5] == s.phase):
            moves = memo[6]
        else:
            memo = None
            moves = self.moves(s, action_id)
        for action, run in moves:
            if action.id == action_id:
                s.step += 1
                run()
                if memo is not None and action.group == "ask":
                    # S22's question moves no card and changes no unit, phase or seat: the same
                    # seat decides again among the same moves, less the asks (asked once a round).
                    # Only a full list (``legal_actions``'s, not one built for ``action_id``) is kept.
                    self._memo = (s, s.step, s.rng, s.reveals, len(s.log), s.phase,
                                  [m for m in moves if m[0].group != "ask"], True)
                return
        moves = self.moves(s)
        if not moves:
            raise IllegalAction("the game is over: no action is legal")
        sample = ", ".join(a.id for a, _ in moves[:6])
        raise IllegalAction(f"{action_id!r} is not legal now; legal: {sample}"
                            + ("" if len(moves) <= 6 else f" (+{len(moves) - 6} more)"))

    def clone(self, s: SuperState) -> SuperState:
        """A deep copy by the fields' shapes (see ``state.COPIERS``): equal to the engine's
        ``marshal`` clone, several times faster (search bots clone on every simulation)."""
        return clone_with(s, COPIERS)

    # -- reading ----------------------------------------------------------------------------
    def view(self, s: SuperState, seat: int | None) -> SuperView:  # type: ignore[override]
        from .views import build_view

        return build_view(self, s, seat)

    def scores(self, s: SuperState) -> tuple[float, ...]:
        return tuple(float(loot_count(s, i)) for i in range(len(s.players)))

    def result(self, s: SuperState) -> Result | None:
        if not s.over:
            return None
        scores = self.scores(s)
        best = max(scores)
        tied = [i for i, v in enumerate(scores) if v == best]
        wins: Counter[int] = Counter()
        for p in s.players:
            wins[p["team"]] += p["battles_won"]
        most = max(wins[s.players[i]["team"]] for i in tied)
        winners = tuple(i for i in tied if wins[s.players[i]["team"]] == most)
        assert isinstance(s.end_reason, dict), s.end_reason
        return Result(winners, scores, Msg.from_plain(s.end_reason))

    def secrets(self, s: SuperState, seat: int | None) -> set[str]:
        hidden = set(s.deck)
        for pile in s.piles:
            hidden.update(pile)
        for i, p in enumerate(s.players):
            if i != seat:
                hidden.update(p["hand"])
        if not hidden:
            return hidden
        seen: set[str] = set()
        for e in s.log:
            if "to" in e and (seat is None or seat not in e["to"]):
                continue
            for key in ("card", "cancelled_card"):
                if isinstance(e.get(key), str):
                    seen.add(e[key])
            for key in ("cards", "defeated"):
                if isinstance(e.get(key), list):
                    seen.update(e[key])
        return hidden - seen

    def all_cards_in_play(self, s: SuperState) -> list[str]:
        cards = s.deck + s.discard + s.removed + s.lasting
        for p in s.players:
            cards += p["hand"]
        for pile in s.piles:
            cards += pile
        units = s.arena + ([s.attacker] if s.attacker else [])
        for u in units:
            cards += u["cards"] + [sp["card"] for sp in u["supports"]]
        if s.cemetery is not None:
            cards += s.cemetery["shared"]
        if s.pending is not None:
            cards.append(s.pending["card"])
        return cards

    def invariants(self, s: SuperState) -> list[str]:
        out = []
        cards = self.all_cards_in_play(s)
        counts = Counter(cards)
        dup = [c for c, k in counts.items() if k > 1]
        if dup:
            out.append("cards in two places: " + ", ".join(dup[:3]))
        unknown = [c for c in cards if c.split("#")[0] not in all_cards()]
        if unknown:
            out.append("unknown cards: " + ", ".join(unknown[:3]))
        if len(cards) != s.total:
            out.append(f"{len(cards)} cards in play but the deck had {s.total}")
        if s.arena and s.arena[-1]["loose"]:
            out.append("the active unit is marked loose")
        if len(set(s.eliminated)) != len(s.eliminated):
            out.append("a player eliminated twice")
        if s.phase == "turn" and s.turn in s.eliminated:
            out.append("an eliminated player has the turn")
        if s.phase in ("response", "mode", "counter_mode", "top", "stalemate", "plan") and s.attacker is None:
            out.append(f"phase {s.phase} without an attacker")
        return out

    def face(self, card_id: str) -> CardFace:
        from .faces import face

        return face(card_id)

    def turn_key(self, s: SuperState) -> Any:
        return (s.round, s.turn, self._seat(s))

    def summary(self, s: SuperState) -> Msg:  # type: ignore[override]
        if s.over:
            return msg("sum.over", n=s.rounds_done)
        return msg("sum.round", round=s.round, limit=s.round_limit)
