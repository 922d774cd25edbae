"""What one seat may see (``Game.view``): the screen's data and the bots' only input.

Hidden things are counts: other hands, the deck, every loot pile's contents, other players'
loot counts (S22: known only through "ask"). Effective stats come with their arithmetic as
messages (§7.1), and in combat decisions each choice carries a preview of the outcome it would give
if nothing else happened, which is the sum a player at the table would do in their head. The
tree's types are in ``view_types``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import visible_log
from tabletop.engine.msg import Msg, Text

from .cards import CYCLE, STATS, info
from .combat import DEFENDS, effective, fusion_allowed, loot_count, new_unit, wins, with_support
from .state import SuperState, Unit
from .view_types import CardV, Message, PlayerV, SuperView, ToBeatV, UnitV

if TYPE_CHECKING:
    from .rules import Superinmundos


def plain_text(value: Text) -> Any:
    """A prompt or reason as plain JSON: a message's ``{"k": key, ...}`` form."""
    return value.plain() if isinstance(value, Msg) else value


def card_view(card: str) -> CardV:
    ci = info(card)
    out: CardV = {"id": card, "name": ci.name, "kind": ci.kind, "text": ""}
    if ci.kind == "combatant":
        out.update(element=ci.element, stars=ci.stars, attack=ci.stats["attack"], defense=ci.stats["defense"],
                   power=ci.stats["power"])
        if ci.support:
            out["support"] = {"stat": ci.support[0], "amount": ci.support[1]}
    else:
        out["timing"] = ci.timing
    out["text"] = ci.text
    return out


def unit_view(s: SuperState, unit: Unit, role: str, opponent: Unit | None) -> UnitV:
    """One unit of the arena with its effective stats: in combat against its opponent (doubling
    included), otherwise the active unit as the next defender and buried cards as printed."""
    lines: list[Message] = []
    if role == "attacker":
        stats = effective(s, unit, opponent, "attacking", lines)
    elif role == "active":
        stats = effective(s, unit, opponent, "defending", lines)
    else:
        stats = effective(s, unit, None, None)
    return {
        "cards": list(unit["cards"]),
        "names": [info(c).name for c in unit["cards"]],
        "owner": unit["owner"],
        "owner_name": s.players[unit["owner"]]["name"],
        "role": role,
        "fused": unit["fused"],
        "supports": [{"card": sp["card"], "name": info(sp["card"]).name, "on": sp["on"], "stat": sp["stat"],
                      "amount": sp["amount"], "by": sp["by"]} for sp in unit["supports"]],
        "mods": [{"stat": m["stat"], "amount": m["amount"], "dur": m["dur"]} for m in unit["mods"]],
        "stats": {"attack": stats["attack"], "defense": stats["defense"], "power": stats["power"]},
        "lines": lines,
    }


def outcome(s: SuperState, attacker: Unit, defender: Unit) -> str:
    """Who would win the combat as it stands: ``attacker``, ``defender`` or ``stalemate``."""
    if wins(s, attacker, defender, "attacking"):
        return "attacker"
    if wins(s, defender, attacker, "defending"):
        return "defender"
    return "stalemate"


def doubling_notes(cards: list[str]) -> list[Message]:
    """Which elements double against these cards, by the cards' own rules (§7.1, S9): the cycle
    and the printed weaknesses (Magmatorio is weak against earth as well as water), none at all
    against a card that ignores elements (Marisma). Card-specific strengths of an attacker (or a
    forced advantage) are that attacker's own and are not listed."""
    out: list[Message] = []
    for c in cards:
        if info(c).negate:
            out.append({"k": "beat.ignores_elements", "card": c})
    for el, beaten in CYCLE.items():
        if any(not info(c).negate and (info(c).element == beaten or el in info(c).weak) for c in cards):
            out.append({"k": "beat.doubles", "element_term": el})
    return out


def to_beat(s: SuperState) -> ToBeatV | None:
    """Against the unit on top: the numbers to beat and what changes them."""
    if not s.arena:
        return None
    active = s.arena[-1]
    st = effective(s, active, None, "defending")
    notes = doubling_notes(active["cards"])
    for c in active["cards"]:
        ci = info(c)
        if ci.immune_modes:
            notes.append({"k": "beat.immune_modes", "card": c,
                          "ways": [{"k": "how." + m} for m in sorted(ci.immune_modes)]})
        if ci.immune_below:
            notes.append({"k": "beat.immune_below", "card": c, "n": ci.immune_below})
        if ci.fusion:
            notes.append({"k": "beat.fusion", "card": c})
    return {"defense": st["defense"], "power": st["power"], "notes": notes}


def previews(game: "Superinmundos", s: SuperState, seat: int) -> dict[str, str]:
    """For combat choices: the outcome if the combat were resolved right after this choice, by
    action id (read from the actions' fields: a support's card, its ``target`` component and its
    stat; an event's ``unit``)."""
    out: dict[str, str] = {}
    ph = s.phase
    if ph == "declare" and s.decl is not None and s.decl["kind"] == "attack":
        d = s.arena[-1]
        for action in game.legal_actions(s):
            verb = action.verb
            if verb not in ("go", "boost", "penalty"):
                continue
            a = new_unit(s.decl["cards"], seat, s.decl["fused"])
            dd = d
            if verb == "boost":
                a = with_support(a, str(action.card), str(action.target), action.get("stat"), seat)
            elif verb == "penalty":
                dd = with_support(d, str(action.card), str(action.target), action.get("stat"), seat)
            out[action.id] = outcome(s, a, dd)
    elif ph in ("response", "reaction") and s.attacker is not None:
        a, d = s.attacker, s.arena[-1]
        for action in game.legal_actions(s):
            verb = action.verb
            aa, dd = a, d
            unit = action.get("unit")
            if verb == "boost":
                dd = with_support(d, str(action.card), str(action.target), action.get("stat"), seat)
            elif verb == "penalty":
                aa = with_support(a, str(action.card), str(action.target), action.get("stat"), seat)
            elif verb == "event" and unit in ("attacker", "defender"):
                eff = info(str(action.card)).effects[0]
                target = dict(a if unit == "attacker" else d)
                target["mods"] = target["mods"] + [{"stat": eff["stat"], "amount": eff["amount"], "dur": "THIS_COMBAT"}]
                if unit == "attacker":
                    aa = target  # type: ignore[assignment]
                else:
                    dd = target  # type: ignore[assignment]
            elif verb not in ("done", "pass"):
                continue
            out[action.id] = outcome(s, aa, dd)
    return out


def build_view(game: "Superinmundos", s: SuperState, seat: int | None) -> SuperView:
    decision = game.decision(s)
    acting = decision is not None and decision.seat == seat
    actions = game.legal_actions(s) if acting else []
    playable = {a.card for a in actions if a.card}
    playable |= {a.target for a in actions if a.verb == "fuse" and a.target}
    players: list[PlayerV] = []
    for i, p in enumerate(s.players):
        mine = seat is not None and s.players[seat]["team"] == p["team"]
        players.append({
            "seat": i, "name": p["name"], "team": p["team"], "hand": len(p["hand"]),
            "loot": loot_count(s, i) if mine or s.over else None,
            "has_loot": bool(s.piles[p["team"]]),  # a pile is there or not: seen at the table
            "eliminated": i in s.eliminated, "battles_won": p["battles_won"], "swap_used": p["swap_used"],
            "asked": p["asked"], "owns_active": bool(s.arena) and s.arena[-1]["owner"] == i,
            "turn": i == s.turn and s.phase not in ("swap", "round_start", "over"),
        })
    hand: list[CardV] = []
    if seat is not None:
        active = s.arena[-1] if s.arena else None
        for card in s.players[seat]["hand"]:
            cv = card_view(card)
            cv["playable"] = card in playable and s.cemetery is None
            if active is not None and cv["kind"] == "combatant":
                cv["beats_active"] = bool(wins(s, new_unit([card], seat), active, "attacking"))
            hand.append(cv)
    arena: list[UnitV] = []
    attacker = s.attacker
    for k, unit in enumerate(s.arena):
        top = k == len(s.arena) - 1
        arena.append(unit_view(s, unit, "active" if top else "beneath", attacker if top else None))
    shared: list[CardV] | None = None
    if s.cemetery is not None:
        shared = []
        for c in s.cemetery["shared"]:
            cv = card_view(c)
            cv["playable"] = acting and c in playable
            shared.append(cv)
    result = game.result(s)
    answers: dict[int, int] = {}
    if seat is not None:
        answers = {int(k): v for k, v in s.answers.get(str(seat), {}).items()}
    return {
        "game": "superinmundos",
        "you": seat,
        "round": s.round, "round_limit": s.round_limit, "rounds_done": s.rounds_done,
        "phase": s.phase, "turn": s.turn, "start": s.start, "dealer": s.dealer, "teams": s.teams,
        "hand_size": s.hand_size,
        "decision": None if decision is None else {"seat": decision.seat, "kind": decision.kind,
                                                   "prompt": plain_text(decision.prompt)},
        "players": players,
        "hand": hand,
        "hand_set_aside": s.cemetery is not None,
        "shared_hand": shared,
        "deck": len(s.deck),
        "discard": list(s.discard),
        "discard_count": len(s.discard),
        "arena": arena,
        "attacker": None if attacker is None else unit_view(s, attacker, "attacker", s.arena[-1]),
        "to_beat": to_beat(s),
        "declaring": list(s.decl["cards"]) if s.phase == "declare" and s.decl and seat == s.turn else [],
        "retracted": list(s.retracted),
        "declarations": s.declarations,
        "fusion_allowed": bool(s.arena) and fusion_allowed(s),
        "eliminated": list(s.eliminated),
        "lasting": list(s.lasting),
        "pending_event": s.pending["card"] if s.pending else None,
        "answers": answers,
        "previews": previews(game, s, seat) if acting and seat is not None else {},
        "stats_order": list(STATS),
        "defends": dict(DEFENDS),
        "result": None if result is None else {"winners": list(result.winners), "scores": list(result.scores),
                                               "reason": plain_text(result.reason)},
        "log": visible_log(s, seat, last=40),
    }
