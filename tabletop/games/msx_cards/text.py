"""Message builders: what the MSX rules say, as keys and arguments (never as sentences).

The rules log arithmetic steps, notes and reasons in the log and the state, so these builders make
*plain* messages (``{"k": key, **args}``, JSON as the state must be); :func:`as_msg` turns one into
a :class:`~tabletop.engine.msg.Msg` for a prompt, label or reason. Templates live in the catalogs
``tabletop/locale/<lang>/LC_MESSAGES/msx_cards.po``. Capsule ids, effect kinds, races, shades,
events, Worlds and Missions are vocabulary (``..._term`` arguments, catalog ``term.<id>``);
fighters and Bosses are cards (``card`` arguments). Signed numbers keep the real minus sign
through :func:`sgn` and :func:`nm` (``n.plus`` / ``n.minus``).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.msg import Msg

Plain = dict[str, Any]

NO_NUMBER = frozenset({"DAMAGE_TAKEN_HALVED", "DAMAGE_DEALT_DOUBLED", "IGNORE_DEFENSE", "BEST_OF_TWO",
                       "EXTRA_ATTACK", "NULLIFY_ATTACKS", "BLOCK_ALTERATIONS", "CANCEL_OPPONENT_CAPSULE"})
"""Effect kinds named without their number."""


def P(key: str, **args: Any) -> Plain:  # noqa: N802 - a message literal, read like one
    """A plain message."""
    return {"k": key, **args}


def as_msg(plain: Plain | Msg) -> Msg:
    """A plain message (from the state or the log) as a ``Msg`` for a prompt, label or reason."""
    return plain if isinstance(plain, Msg) else Msg.from_plain(plain)


def sgn(n: int) -> Plain:
    """``+3`` / ``−4`` (a real minus sign, as printed on the cards)."""
    return {"k": "n.plus", "n": n} if n >= 0 else {"k": "n.minus", "n": -n}


def nm(n: int) -> int | Plain:
    """A number with a real minus sign when negative."""
    return n if n >= 0 else {"k": "n.minus", "n": -n}


def _chain(items: list[Any], key: str) -> Any:
    """Items joined by the template ``key`` (``{head}, {tail}``); callers never join nothing."""
    assert items, "nothing to join"
    out = items[-1]
    for item in reversed(items[:-1]):
        out = {"k": key, "head": item, "tail": out}
    return out


def commas(items: list[Any]) -> Any:
    """``A, B, C`` (messages)."""
    return _chain(items, "x.comma")


def semis(items: list[Any]) -> Any:
    """``A; B; C`` (messages)."""
    return _chain(items, "x.semi")


def spaced(items: list[Any]) -> Any:
    """``A B C`` (messages)."""
    return _chain(items, "x.space")


def pluses(values: list[int]) -> Any:
    """``3 + 5`` (numbers)."""
    return _chain(list(values), "x.plus")


def name_of(card_id: str) -> Plain:
    """A card's name as a message (for lists of names)."""
    return {"k": "x.card", "card": card_id}


def cap_name(cap: str) -> Plain:
    """A capsule's name as a message (for lists of capsules)."""
    return {"k": "x.term", "term": cap}


def effect_msg(kind: str, n: int | None = None) -> Plain:
    """``Attack +2``, ``Defense set to −3``, ``damage taken halved``."""
    if not n or kind in NO_NUMBER:
        return {"k": "eff.word", "kind_term": kind}
    return {"k": "eff.n", "kind_term": kind, "n": nm(n) if kind in ("DEFENSE_SET", "REVIVE") else sgn(n)}


def ability_msg(ab: dict[str, Any] | None) -> Plain:
    """``Damage Increased +2 vs brown``; ``none`` for a card without an ability."""
    if ab is None:
        return {"k": "ab.none"}
    kind = ab["kind"]
    vs = {"race_term": ab["vs_race"]} if ab.get("vs_race") else {}
    tail = "_vs" if vs else ""
    if kind == "DAMAGE_INCREASED":
        return {"k": "ab.inc" + tail, "n": sgn(ab["amount"]), **vs}
    if kind == "DAMAGE_REDUCED":
        return {"k": "ab.red" + tail, "n": ab["amount"], **vs}
    if kind == "ATTACK_NULLIFIED":
        if ab["trigger"] == "first_attack":
            return {"k": "ab.null_first"}
        return {"k": "ab.null_low", "n": ab["value"]}
    if kind == "ATTACK_SPLIT":
        return {"k": "ab.split" + tail, **vs}
    if kind in ("CAPSULE_BRAKE", "REGENERATION", "INITIATIVE_BONUS", "EVENT_RESISTANCE"):
        return {"k": "ab.n", "kind_term": kind, "n": ab["amount"]}
    if kind in ("ATTACK_ALTER", "DEFENSE_ALTER"):
        stat = "attack" if kind == "ATTACK_ALTER" else "defense"
        race = {"race_term": ab["race"]} if ab.get("race") else {}
        whose = "own" if ab["target"] == "self" else ("race" if race else "opp")
        if ab["mode"] == "set":
            return {"k": f"ab.{stat}_{whose}_set", "n": nm(ab["value"]), **race}
        return {"k": f"ab.{stat}_{whose}_mod", "n": sgn(ab["value"]), **race}
    return {"k": "ab.kind", "kind_term": kind}
