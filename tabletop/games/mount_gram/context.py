"""What the rules need from the game object: a typed context instead of ``g: Any``.

Every rules function takes ``g: Rules`` (the ``MountGram`` game object satisfies it) and the
state ``s``. ``g`` holds only what is the same for every match played with it, and nothing it
holds changes once it is built: the card data, the scenario, the effect and encounter modules,
and ``facts`` derived from the card data at construction. No cache lives on it (issue #12): two
matches, or two threads, playing with one game object share nothing that a move could change.
What the rules remember while a state stands still (the plays listed for a window) is kept per
thread and per state in ``effects`` (``Memo``), never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Mapping, Protocol

if TYPE_CHECKING:
    from .cards import CardDef, DefTable
    from .scenario import QuestScenario


@dataclass(frozen=True, slots=True)
class CardFacts:
    """Facts of a card pool the hot paths read, computed once from the data and never changed."""

    responders: Mapping[str, frozenset[str]]
    """event -> titles with a Response to it (player and encounter cards)."""
    any_player: frozenset[str]
    """Titles with an Action any player of the group may trigger (``"any_player": true``)."""
    needs: Mapping[str, str]
    """Event title -> the fact (``ops.NEEDS``) every one of its Actions needs to find a target
    (``ops.need_of``), for the events whose Actions all need the same one: in an action window
    such an event in hand offers no play while that fact does not hold (``ops.need_holds``)."""
    staging_attackers: frozenset[str]
    """Titles that may attack an enemy in the staging area alone (``attack_staging_alone``)."""
    passive_by_op: Mapping[str, frozenset[str]]
    """op -> titles with a passive ability of that op: a loop over cards in play tests a title
    against it before reading the card's abilities (Orc Ambush's ``orcs_bonus``...)."""
    forced_by_op: Mapping[str, frozenset[str]]
    """op -> titles with a Forced ability of that op (``discard_self``, ``jailor``...)."""

    @classmethod
    def of(cls, db: Mapping[str, CardDef]) -> CardFacts:
        from .ops import need_of  # (ops reads this module's ``Rules``)

        by_event: dict[str, set[str]] = {}
        for card in db.values():
            for ab in card.has("response"):
                by_event.setdefault(ab.get("event") or "", set()).add(card.key)
        any_player = frozenset(card.key for card in db.values()
                               if any(ab.get("any_player") for ab in card.has("action")))
        needs = {}
        for card in db.values():
            found = {need_of(ab) for ab in card.has("action")}
            if card.type == "event" and len(found) == 1 and "" not in found:
                needs[card.key] = found.pop()
        by_op: dict[str, dict[str, set[str]]] = {"passive": {}, "forced": {}}
        for card in db.values():
            for trigger, ops in by_op.items():
                for ab in card.has(trigger):
                    ops.setdefault(ab["op"], set()).add(card.key)
        passive, forced = ({op: frozenset(keys) for op, keys in by_op[t].items()} for t in ("passive", "forced"))
        return cls(MappingProxyType({ev: frozenset(keys) for ev, keys in by_event.items()}), any_player,
                   MappingProxyType(needs), passive.get("attack_staging_alone", frozenset()),
                   MappingProxyType(passive), MappingProxyType(forced))


class Rules(Protocol):
    """The game object as the rules see it."""

    db: dict[str, CardDef]
    defs: DefTable
    scen: QuestScenario
    fx: ModuleType
    enc: ModuleType
    facts: CardFacts
