"""Helpers for a game's ``determinize``: deal the cards a seat cannot see anew.

A determinization must not depend on where the hidden cards really are, or a search bot would
learn them through its choices. So the hidden cards are collected, sorted (a canonical order that
only depends on *which* cards are unseen) and shuffled with the searcher's generator, then dealt
back into the same slots: every zone keeps its count, every card the seat can see stays put.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .rng import MASK64, Rng
from .state import BaseState, visible_log


def resample(zones: Sequence[list[str]], hidden: set[str] | frozenset[str], rng: Rng,
             kind: Callable[[str], Any] | None = None) -> dict[str, str]:
    """Redeal the ``hidden`` cards found in ``zones`` (lists changed in place), in slot order.

    ``kind`` splits the cards into classes that never mix (a card goes only where a card of its
    class was: its owner's deck, not another's). Returns the relabelling old id -> new id, for
    the few other places a game keeps a hidden card's id."""
    slots: list[tuple[list[str], int, Any]] = []
    pools: dict[Any, list[str]] = {}
    for zone in zones:
        for i, card in enumerate(zone):
            if card in hidden:
                k = kind(card) if kind is not None else None
                slots.append((zone, i, k))
                pools.setdefault(k, []).append(card)
    for k in sorted(pools, key=repr):
        pool = pools[k]
        pool.sort()
        rng.shuffle(pool)
        pool.reverse()  # popped from the end below: the first slot takes the first card
    mapping: dict[str, str] = {}
    for zone, i, k in slots:
        new = pools[k].pop()
        mapping[zone[i]] = new
        zone[i] = new
    return mapping


def canonical_shuffle(zone: list[str], rng: Rng) -> None:
    """Shuffle a zone whose order nobody knows, starting from sorted order (so the result does not
    depend on the real order)."""
    zone.sort()
    rng.shuffle(zone)


def private_log(state: BaseState, seat: int) -> None:
    """Keep only the events ``seat`` may read: others' private events name hidden cards."""
    state.log = visible_log(state, seat)


def reseed(state: BaseState, rng: Rng) -> None:
    """A fresh generator state for the dice and shuffles ``apply`` will draw: the real one would
    tell the searcher the cards to come."""
    state.rng = rng.below(1 << 64) & MASK64


def relabel(obj: Any, mapping: dict[str, str]) -> Any:
    """``obj`` (plain data) with every card id of ``mapping`` replaced, also as a word of a longer
    string (``"pick e.orc.3"``) and as a dict key: for the records that still name a hidden card
    after ``resample`` (another seat's declared cards, a pending choice)."""
    if isinstance(obj, str):
        new = mapping.get(obj)
        if new is not None:
            return new
        if " " in obj:
            words = obj.split(" ")
            if any(w in mapping for w in words):
                return " ".join(mapping.get(w, w) for w in words)
        return obj
    if isinstance(obj, list):
        return [relabel(x, mapping) for x in obj]
    if isinstance(obj, dict):
        return {relabel(k, mapping): relabel(v, mapping) for k, v in obj.items()}
    if isinstance(obj, tuple):
        return tuple(relabel(x, mapping) for x in obj)
    return obj


def relabel_fields(state: BaseState, names: Sequence[str], mapping: dict[str, str]) -> None:
    """``relabel`` the named fields of ``state`` in place (nothing to do for an identity map)."""
    mapping = {k: v for k, v in mapping.items() if k != v}
    if not mapping:
        return
    for name in names:
        setattr(state, name, relabel(getattr(state, name), mapping))


_HIDDEN: list[Any] = [None, None, None]


def hidden_of(game: Any, state: BaseState, seat: int) -> frozenset[str]:
    """``game.secrets(state, seat)`` less the cards its legal actions name, worked out once per
    search: a search determinizes the same unchanged state hundreds of times. The one cached
    entry holds the state itself (so its id cannot be reused) and is recomputed as soon as
    anything about it differs."""
    state_ref, key, hidden = _HIDDEN
    now = (id(state), seat, state.step, state.rng, state.reveals, len(state.log))
    if state_ref is not state or key != now:
        secret = set(game.secrets(state, seat))
        decision = game.decision(state)
        if secret and decision is not None and decision.seat == seat:
            # the seat's own options may name a card it is choosing among (Mount Gram's "find
            # e.angmar_marauder.3" in the encounter deck): an action id is shown, so it is seen
            for action in game.legal_actions(state):
                secret.difference_update(action.id.split(" "))
        hidden = frozenset(secret)
        _HIDDEN[:] = [state, now, hidden]
    return hidden  # type: ignore[no-any-return]


# -- common random numbers for search clones ----------------------------------------------------------
Keyed = list[Any]
"""A clone's keyed chance: ``[seed, {context key: draws made there}]`` (plain data, so a clone of
the clone copies it)."""


def keyed_chance(rng: Rng) -> Keyed:
    """A fresh keyed chance for a determinization, its seed from the searcher's generator."""
    return [rng.below(1 << 62), {}]


def keyed_below(keyed: Keyed, key: int, n: int) -> int:
    """A uniform integer in ``[0, n)`` that depends only on the keyed chance's seed, ``key`` (the
    point of the game it is drawn at, packed in an int by the game) and how many draws that point
    made before it: two playouts of one sample that reach the same point draw the same value, what
    any earlier choice drew elsewhere. With a single generator stream, a choice that rolls one
    die more re-draws every later die and card, and the paired comparison of two answers drowns
    in the luck it was built to cancel. (``out % n``: the modulo bias is below 2**-59 for a die.)"""
    seen: dict[int, int] = keyed[1]
    count = seen.get(key, 0)
    seen[key] = count + 1
    z = (keyed[0] ^ (key * 0x9E3779B97F4A7C15) ^ (count * 0xD1B54A32D192ED03)) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z = ((z ^ (z >> 31)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) % n
