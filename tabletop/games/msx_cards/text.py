"""Short English descriptions of abilities and capsules, for views, faces and the rules summary."""

from __future__ import annotations

from typing import Any

from .combat import num, signed

LABEL = {
    "DAMAGE_INCREASED": "Damage Increased", "DAMAGE_REDUCED": "Damage Reduced",
    "ATTACK_NULLIFIED": "Attack Nullified", "ATTACK_SPLIT": "Attack Split", "CAPSULE_BRAKE": "Capsule Brake",
    "ATTACK_ALTER": "Attack Alteration", "DEFENSE_ALTER": "Defense Alteration",
    "SURPRISE_ATTACK": "Surprise Attack", "REGENERATION": "Regeneration",
    "INITIATIVE_BONUS": "Initiative Bonus", "EVENT_RESISTANCE": "Event Resistance",
}


EFFECT_WORD = {
    "ATTACK_MOD": "Attack", "DEFENSE_MOD": "Defense", "DEFENSE_SET": "Defense set to",
    "DAMAGE_TAKEN_MOD": "damage taken", "DAMAGE_TAKEN_HALVED": "damage taken halved",
    "DAMAGE_DEALT_MOD": "damage dealt", "DAMAGE_DEALT_DOUBLED": "damage dealt doubled",
    "IGNORE_DEFENSE": "ignores Defense", "BEST_OF_TWO": "best of two attack rolls", "EXTRA_ATTACK": "extra attack",
    "NULLIFY_ATTACKS": "attacks nullified", "HEAL": "heal", "HARM": "harm", "REVIVE": "revive",
    "CANCEL_OPPONENT_CAPSULE": "cancel the opponent's capsule", "BLOCK_ALTERATIONS": "alterations blocked",
}
"""Capsule effect kinds in words (the data's names, ``ATTACK_MOD``, never reach the screen)."""

EVENT_KIND = {"VITALITY": "Vitality", "CAPSULE_RECHARGE": "capsule recharge"}
"""Pentagon event kinds in words."""


def effect_text(kind: str, n: int | None = None) -> str:
    """``"Attack +2"``, ``"Defense set to -3"``, ``"damage taken halved"``."""
    word = EFFECT_WORD.get(kind, kind.lower().replace("_", " "))
    if not n or kind in ("DAMAGE_TAKEN_HALVED", "DAMAGE_DEALT_DOUBLED", "IGNORE_DEFENSE", "BEST_OF_TWO",
                         "EXTRA_ATTACK", "NULLIFY_ATTACKS", "BLOCK_ALTERATIONS", "CANCEL_OPPONENT_CAPSULE"):
        return word
    return f"{word} {num(n)}" if kind in ("DEFENSE_SET", "REVIVE") else f"{word} {signed(n)}"


def ability_text(ab: dict[str, Any] | None) -> str:
    """``"Damage Increased +2 vs brown"``; ``"none"`` for a card without an ability."""
    if ab is None:
        return "none"
    kind = ab["kind"]
    label = LABEL[kind]
    vs = f" vs {ab['vs_race']}" if ab.get("vs_race") else ""
    if kind == "DAMAGE_INCREASED":
        return f"{label} {signed(ab['amount'])}{vs}"
    if kind == "DAMAGE_REDUCED":
        return f"{label} {ab['amount']}{vs}"
    if kind == "ATTACK_NULLIFIED":
        if ab["trigger"] == "first_attack":
            return f"{label}: the first attack on it each battle"
        return f"{label}: natural rolls of {ab['value']} or less"
    if kind == "ATTACK_SPLIT":
        return f"{label}{vs}: attacks on it are halved"
    if kind in ("CAPSULE_BRAKE", "REGENERATION", "INITIATIVE_BONUS", "EVENT_RESISTANCE"):
        return f"{label} {ab['amount']}"
    if kind in ("ATTACK_ALTER", "DEFENSE_ALTER"):
        stat = "Attack" if kind == "ATTACK_ALTER" else "Defense"
        whose = "its own" if ab["target"] == "self" else (
            f"{ab['race']} opponents'" if ab.get("race") else "the opponent's")
        how = f"is {num(ab['value'])}" if ab["mode"] == "set" else f"{signed(ab['value'])}"
        return f"{whose} {stat} {how}"
    return label
