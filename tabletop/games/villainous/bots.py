"""The heuristic bot: pursues its own objective, gains Power, vanquishes blocking Heroes and
fates the rival closest to winning. It reads only its seat's view and the legal actions.

It scores every legal action with a few villain-specific rules (the objective's pieces first) and
general ones (Power, Allies that can vanquish, uncovering actions), and takes the best.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, Decision

PLAN_PLAY = {
    "maleficent": {"forest_of_thorns": 30, "green_fire": 30, "dreamless_sleep": 30, "dragon_form": 14,
                   "staff": 12, "spinning_wheel": 6},
    "jafar": {"scarab_pendant": 45, "magic_lamp": 50, "hypnotize": 20, "snake_staff": 14, "scrying": 10,
              "iago": 18, "necessary_sacrifice": 4, "a_snake_am_i": 12, "razoul": 8},
    "ursula": {"trident": 45, "crown": 45, "cauldron": 12, "divination": 10, "opportunist": 8,
               "whirlpool": 6, "poor_unfortunate_souls": 4, "flotsam": 10, "jetsam": 10, "grow_giant": 5},
    "hook": {"never_land_map": 45, "ingenious_device": 30, "worthy_opponent": 28, "give_them_a_scare": 14,
             "cannon": 18, "hooks_case": 12, "pirate_brute": 14, "smee": 14, "cutlass": 12,
             "boarding_party": 10, "swashbuckler": 9, "mr_starkey": 8, "aye_aye_sir": 4},
    "john": {"beautiful_lovely_taxes": 30, "warrant": 10, "king_richards_crown": 8},
    "queen": {"take_the_shot": 80, "by_order_of_the_queen": 30, "stopwatch": 16, "very_merry_unbirthday": 14,
              "the_king": 12, "off_with_your_head": 10, "judgment": 5},
}
MOVE_VALUE = {"gain_power": 3.0, "play_card": 4.0, "activate": 2.0, "fate": 3.0, "move_item_ally": 1.0,
              "move_hero": 1.0, "vanquish": 3.0, "discard": 0.5}


def key_of(cid: str | None) -> str:
    """Card key from an instance id: ``"jafar.razoul#2"`` -> ``"razoul"``."""
    if not cid or "." not in cid:
        return ""
    return cid.split(".", 1)[1].split("#", 1)[0]


class HeuristicBot:
    """Greedy, objective-minded; deterministic except for ties."""

    def choose(self, game: Any, view: dict[str, Any], decision: Decision, actions: list[Action],
               rng: Any) -> str:
        me = view["me"]
        mine = view["players"][me] if view.get("players") and me is not None and me < len(view["players"]) else None
        kind = decision.kind
        if kind == "villain":
            prefer = ["john", "queen", "maleficent", "jafar", "ursula", "hook"]
            by_villain = {a.get("villain"): a.id for a in actions}
            return next(by_villain[p] for p in prefer if p in by_villain)
        scorer = getattr(self, f"_k_{kind}", None)
        best, best_score = actions[0].id, float("-inf")
        for a in actions:
            sc = scorer(view, mine, a) if scorer else self._generic(view, mine, a)
            sc += rng.below(100) / 1000.0
            if sc > best_score:
                best, best_score = a.id, sc
        return best

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _cards(mine: dict[str, Any]) -> list[tuple[int, dict[str, Any], bool]]:
        out = []
        for loc in mine["locations"]:
            for h in loc["heroes"]:
                out.append((loc["index"], h, True))
            for c in loc["cards"]:
                out.append((loc["index"], c, False))
        return out

    def _where(self, mine: dict[str, Any], key: str) -> int | None:
        for loc, c, _hero in self._cards(mine):
            if key_of(c["id"]) == key:
                return loc
            for a in c.get("attached", []):
                if key_of(a["id"]) == key:
                    return loc
        return None

    def _curse_locs(self, mine: dict[str, Any]) -> set[int]:
        return {loc["index"] for loc in mine["locations"] if any(c["type"] == "Curse" for c in loc["cards"])}

    def _wicket_locs(self, mine: dict[str, Any]) -> set[int]:
        return {loc["index"] for loc in mine["locations"] if any(c.get("wicket") for c in loc["cards"])}

    def _guard_locs(self, mine: dict[str, Any]) -> set[int]:
        return {loc["index"] for loc in mine["locations"]
                if any(c["name"].startswith("Card Guard") for c in loc["cards"])}

    def _loc_of_card(self, mine: dict[str, Any], cid: str | None) -> int | None:
        for loc, c, _h in self._cards(mine):
            if c["id"] == cid:
                return loc
            if any(x["id"] == cid for x in c.get("attached", [])):
                return loc
        return None

    def _count(self, mine: dict[str, Any], prefix: str) -> int:
        """How many cards whose key starts with ``prefix`` are in this realm, attached ones too."""
        n = 0
        for _loc, c, _h in self._cards(mine):
            n += key_of(c["id"]).startswith(prefix)
            n += sum(1 for x in c.get("attached", []) if key_of(x["id"]).startswith(prefix))
        return n

    def keep_value(self, owner: dict[str, Any], cid: str | None) -> float:
        """What losing this card of ``owner``'s realm costs its villain: an objective piece (the
        Magic Lamp, a hypnotized Genie, the Trident and Crown, a Wicket) is worth far more than
        its Power cost; the rest is worth its cost and Strength."""
        c = self._face(owner, cid) or {}
        k = key_of(cid)
        vil = owner["villain"]
        if vil == "jafar" and (k == "magic_lamp" or (k == "genie" and c.get("hypnotized"))):
            return 100.0
        if vil == "ursula" and k in ("trident", "crown"):
            return 100.0
        if vil == "queen" and c.get("wicket"):
            return 30.0 + c.get("strength", 0)
        if vil == "queen" and k.startswith("card_guard"):
            return 12.0
        if vil == "maleficent" and c.get("type") == "Curse":
            return 30.0
        if k in ("scarab_pendant", "never_land_map"):
            return 2.0  # their unlock stays when they go (a permanent effect)
        cost = c.get("cost", 0)
        return float((cost if isinstance(cost, int) else 0) + c.get("strength", 0))

    def _expendable(self, mine: dict[str, Any]) -> float:
        """The cheapest of my Allies and Items to give up (Necessary Sacrifice's price)."""
        worth = [self.keep_value(mine, c["id"]) for _l, c, hero in self._cards(mine)
                 if not hero and c.get("type") in ("Ally", "Item")]
        return min(worth, default=float("inf"))

    def _genie_plan(self, mine: dict[str, Any]) -> dict[str, Any] | None:
        """Jafar with the Lamp in play and Genie still a Hero: the Genie card (R23: hypnotizing
        him counts only after the Lamp is played); ``None`` otherwise."""
        if mine["villain"] != "jafar" or self._where(mine, "magic_lamp") is None:
            return None
        return next((c for _l, c, hero in self._cards(mine) if hero and key_of(c["id"]) == "genie"), None)

    def _reserve(self, mine: dict[str, Any]) -> int:
        """Power to keep for the objective's last, dear card (Jafar: Hypnotize on Genie)."""
        genie = self._genie_plan(mine)
        hand = mine["hand"] if isinstance(mine["hand"], list) else []
        if genie is None or not any(key_of(c["id"]) == "hypnotize" for c in hand):
            return 0
        lamp_here = self._where(mine, "magic_lamp") == self._loc_of_card(mine, genie["id"])
        return max(0, genie.get("strength", 6) - (2 if lamp_here else 0))

    # -- the main menu ---------------------------------------------------------------------
    def _k_action(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        vil = mine["villain"]
        verb = a.verb
        k = key_of(a.card)
        hand = {c["id"]: c for c in mine["hand"]} if isinstance(mine["hand"], list) else {}
        if verb == "end":
            return 0.0
        if verb == "gain":
            n = a.amount
            return 10 + 3 * n + (25 if vil == "john" else 0)
        if verb == "fate":
            q = a.seat
            prog = view["players"][q]["progress"]["value"]
            return 8 + 25 * prog
        if verb == "vanquish":
            hero = self._hero(mine, a.card)
            bonus = 100 if (vil == "hook" and k == "peter_pan" and self._loc_of_card(mine, a.card) == 0) else 0
            if vil == "jafar" and k == "genie":
                bonus -= 30  # rather hypnotize him
            if hero:
                bonus += 4 * hero.get("parked_power", 0)  # Prince John's Power comes back (R25)
            if vil == "hook" and k != "peter_pan" and self._where(mine, "peter_pan") is not None:
                bonus -= 15  # keep the crew for Peter Pan
            return 22 + (hero.get("strength", 0) if hero else 0) + bonus
        if verb == "play":
            card = hand.get(a.card, {})
            base = {"Ally": 7, "Item": 5, "Effect": 4, "Curse": 8}.get(card.get("type", ""), 3)
            if card.get("type") == "Ally":
                base += card.get("printed_strength", 0)
            plan = PLAN_PLAY.get(vil, {}).get(k, 0)
            if vil == "maleficent" and card.get("type") == "Curse" and len(self._curse_locs(mine)) >= 4:
                plan = 2
            if vil == "queen" and k.startswith("card_guard"):
                plan = 30 if len(self._guard_locs(mine) | self._wicket_locs(mine)) < 4 else 6
            if vil == "ursula" and k == "change_form":  # R31: the lock goes to the other end
                plan = 30 if mine["locations"][0]["locked"] else -20  # free the Lair, never lock it
            if vil == "ursula" and k.startswith("binding_contract"):
                plan = 20 + (15 if k == "binding_contract_ursulas_lair" and self._hero_named(mine, "king_triton") else 0)
            if vil == "queen" and k == "take_the_shot":
                plan = 80 if self._wicket_strength(mine) >= 11 else -10
            if vil == "queen" and k == "spear":
                plan = 10
            if vil == "jafar" and k == "hypnotize":
                genie = self._genie_plan(mine)
                if genie is not None:
                    plan = 40 if mine["power"] >= genie.get("strength", 6) else -20
                else:
                    plan = -6  # a dear Ally at best, and never the objective (R23)
            if vil == "jafar" and k == "necessary_sacrifice":
                plan = 4 if self._expendable(mine) <= 4 else -20
            if vil == "jafar" and k != "hypnotize":
                cost = card.get("cost", 0) if isinstance(card.get("cost"), int) else 0
                reserve = self._reserve(mine)
                if reserve and mine["power"] - cost < reserve:
                    plan -= 30  # keep the Power Hypnotize needs for Genie
            if vil == "john":
                cost = card.get("cost", 0) if isinstance(card.get("cost"), int) else 0
                plan -= 4 * cost
            return base + plan
        if verb == "activate":
            if k.startswith("card_guard"):
                loc = self._loc_of_card(mine, a.card)
                c = self._face(mine, a.card)
                if c and not c.get("wicket") and loc not in self._wicket_locs(mine):
                    return 36
                if c and not c.get("wicket"):
                    return 14
                return -5
            here = self._loc_of_card(mine, a.card)
            if k == "cauldron":  # 2 Power per Binding Contract in my realm: nothing without one
                n = self._count(mine, "binding_contract")
                return 10 + 4 * n if n else -5
            if k == "stopwatch":  # 1 Power per Wicket
                n = len([1 for _l, c, _h in self._cards(mine) if c.get("wicket")])
                return 8 + 4 * n - 2 * a.amount if n > a.amount else -5
            if k == "giant_hourglass":  # Heroes here get -2 Strength: nothing without a Hero here
                if here is None or not mine["locations"][here]["heroes"]:
                    return -5
                genie = self._genie_plan(mine)
                return 30 if genie is not None and self._loc_of_card(mine, genie["id"]) == here else 3
            if k == "snake_staff":  # a Hypnotize back: worth its Power while Genie waits for one
                return 16 if self._genie_plan(mine) is not None else 2
            if k == "iago":  # 1 Power to walk: worth it only carrying the Lamp towards the Palace
                lamp = self._where(mine, "magic_lamp")
                return 34 if lamp is not None and lamp == here and lamp > 0 else -2
            return {"crown": 6, "flotsam": 6, "jetsam": 6}.get(k, 5)
        if verb == "move":
            loc = self._loc_of_card(mine, a.card) or 0
            if vil == "jafar" and k == "magic_lamp" and loc > 0:
                return 40
            if vil == "ursula" and k in ("trident", "crown") and loc > 0:
                return 40
            if vil == "maleficent" and k in ("forest_of_thorns", "green_fire", "dreamless_sleep"):
                same = sum(1 for c in mine["locations"][loc]["cards"] if c["type"] == "Curse")
                return 20 if same > 1 else -1
            if vil == "hook" and self._where(mine, "peter_pan") is not None and loc > 0 and \
                    self._face(mine, a.card) and self._face(mine, a.card).get("strength") is not None:
                return 12  # bring the crew to the Jolly Roger
            return 1
        if verb == "movehero":
            loc = self._loc_of_card(mine, a.card) or 0
            if vil == "hook" and k == "peter_pan" and loc > 0:
                return 45
            if vil == "hook":
                return -2
            hero = self._hero(mine, a.card) or {}
            if vil == "ursula" and any(key_of(x["id"]).startswith("binding_contract") for x in hero.get("attached", [])):
                return 30
            return 2
        if verb == "discard":
            return 1
        if verb == "disguise":
            return 3
        return 1

    def _wicket_strength(self, mine: dict[str, Any]) -> int:
        return sum(c.get("strength", 0) for _l, c, _h in self._cards(mine) if c.get("wicket"))

    def _face(self, mine: dict[str, Any], cid: str | None) -> dict[str, Any] | None:
        for _loc, c, _h in self._cards(mine):
            if c["id"] == cid:
                return c
        return None

    def _hero(self, mine: dict[str, Any], cid: str | None) -> dict[str, Any] | None:
        return self._face(mine, cid)

    def _hero_named(self, mine: dict[str, Any], key: str) -> bool:
        return any(key_of(c["id"]) == key and hero for _l, c, hero in self._cards(mine))

    # -- the move -----------------------------------------------------------------------------
    def _k_move(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        loc = a.location  # the mover's own location for "stay"
        L = mine["locations"][loc]
        vil = mine["villain"]
        val = 0.0
        symbols = [s for s in L["top"] if not s["covered"]] + L["bottom"] + L["granted"]
        for sym in symbols:
            act = sym["action"]
            v = MOVE_VALUE[act]
            if act == "gain_power":
                v = sym["amount"] * (6.0 if vil == "john" else 2.5)
            if act == "move_item_ally" and vil in ("jafar", "ursula", "maleficent", "hook"):
                v = 9.0 if self._wants_item_move(mine) else 0.5
            if act == "move_hero" and vil in ("hook", "ursula"):
                v = 10.0 if self._wants_hero_move(mine) else 0.5
            if act == "vanquish":
                v = 5.0 if any(loc_["heroes"] for loc_ in mine["locations"]) else 0.5
                v += 2.0 * sum(h.get("parked_power", 0) for loc_ in mine["locations"] for h in loc_["heroes"])
            if act == "activate":
                v = 4.0 if vil in ("queen", "ursula") else 1.5
            if act == "play_card":
                v = 4.0 if mine["power"] >= 1 else 2.0
            val += v
        return val

    def _wants_item_move(self, mine: dict[str, Any]) -> bool:
        vil = mine["villain"]
        if vil == "hook":
            return (self._where(mine, "peter_pan") is not None
                    and sum(1 for c in mine["locations"][0]["cards"] if c.get("strength") is not None) < 3)
        if vil == "maleficent":
            return any(sum(1 for c in L["cards"] if c["type"] == "Curse") > 1 for L in mine["locations"])
        if vil == "jafar":
            return (self._where(mine, "magic_lamp") or 0) > 0
        if vil == "ursula":
            return any((self._where(mine, k) or 0) > 0 for k in ("trident", "crown"))
        return True

    def _wants_hero_move(self, mine: dict[str, Any]) -> bool:
        if mine["villain"] == "hook":
            loc = self._where(mine, "peter_pan")
            return loc is not None and loc > 0 and not mine["locations"][loc]["locked"]
        return any(key_of(a["id"]).startswith("binding_contract") for _l, c, h in self._cards(mine) if h
                   for a in c.get("attached", []))

    # -- follow-ups -------------------------------------------------------------------------
    def _k_vanquish_allies(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        if a.verb == "confirm":
            return 100
        c = self._face(mine, a.card) or {}
        return c.get("strength", 0)

    def _k_play_where(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        vil = mine["villain"]
        pays = not a.get("map")  # paying Power, or discarding the Never Land Map instead
        score = -(1 if pays else 0) * 0.1
        if not pays:
            score += 5
        if a.verb == "at":
            loc = a.location
            L = mine["locations"][loc]
            k = key_of(a.card)
            if vil == "maleficent" and k in ("forest_of_thorns", "green_fire", "dreamless_sleep"):
                score += 10 if loc not in self._curse_locs(mine) else 0
            elif vil == "queen" and k.startswith("card_guard"):
                score += 10 if loc not in (self._guard_locs(mine) | self._wicket_locs(mine)) else 0
            elif vil == "ursula" and k == "crown":
                score += 10 if loc == 0 else 0
            elif vil == "ursula" and k == "trident":
                # King Triton holds it until defeated, and it comes back where he falls (R30): he
                # must fall in the Lair, moved in with its Binding Contract, so not start there
                score += {1: 10, 2: 5}.get(loc, 0)
            elif vil == "hook" and k in ("pirate_brute", "swashbuckler", "smee", "boarding_party"):
                score += 10 if loc == 0 else (4 if loc == 1 and k == "boarding_party" else 0)
            elif vil == "hook" and k == "ingenious_device":
                score += 10 if loc == 3 else (5 if loc == 2 else 0)
            else:
                score += 2 * len(L["heroes"])
        elif a.verb in ("on", "target"):
            h = self._face(mine, a.target) or {}
            if key_of(a.target) == "genie":
                score += 50
            if key_of(a.target) == "king_triton":
                score += 20
            score += h.get("strength", 0) * 0.5
        if pays:
            score -= a.amount
        return score

    def _k_fate_pick(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        for c in view.get("revealed", []):
            if c["id"] == a.card:
                if c["type"] == "Hero":
                    return 10 + c.get("printed_strength", 0)
                return 6
        return 0

    def _k_hero_where(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        victim = view["players"][a.seat] if a.seat != view["me"] else None
        loc = a.location
        if victim is None:  # a Hero in my own realm (Worthy Opponent): put it out of the way
            return -len([s for s in mine["locations"][loc]["top"] if not s["covered"]])
        L = victim["locations"][loc]
        val = 0.0
        if not L["heroes"]:
            for sym in L["top"]:
                val += 3 * sym["amount"] if sym["action"] == "gain_power" else 2
        if loc == victim["mover"]:
            val += 1
        return val

    def _k_move_where(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        loc = a.location
        k = key_of(a.card)
        if k in ("magic_lamp", "trident", "crown", "peter_pan"):
            return -loc
        hero = self._face(mine, a.card)
        if hero is not None:
            for att in hero.get("attached", []):
                if key_of(att["id"]).startswith("binding_contract"):
                    target = {"binding_contract_ursulas_lair": 0, "binding_contract_erics_ship": 1,
                              "binding_contract_the_shore": 2, "binding_contract_the_palace": 3}.get(key_of(att["id"]))
                    return 10 if target == loc else 0
        return 0

    def _k_move_hero(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        if a.verb == "skip":
            return 0.5
        k = key_of(a.card)
        if mine["villain"] == "hook":
            return 5 if k == "peter_pan" and (self._loc_of_card(mine, a.card) or 0) > 1 else -1 if k == "peter_pan" else 1
        hero = self._face(mine, a.card) or {}
        if any(key_of(x["id"]).startswith("binding_contract") for x in hero.get("attached", [])):
            return 10
        return 1

    def _k_item_host(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        return 0

    def _k_condition(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        return 0 if a.verb == "pass" else 5

    def _k_discard(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        """Cycle the deck: throw away what does not serve the objective (keeps Allies and plan cards)."""
        if a.verb == "done":
            return 1
        hand = {c["id"]: c for c in mine["hand"]} if isinstance(mine["hand"], list) else {}
        c = hand.get(a.card, {})
        k = key_of(a.card)
        if PLAN_PLAY.get(mine["villain"], {}).get(k, 0) >= 14 or c.get("type") == "Curse":
            return -10
        if mine["villain"] == "queen" and k.startswith("card_guard"):
            return -10
        if c.get("type") == "Ally":
            return 0
        return 3

    def _k_discard_card(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        """Discard a card from a realm: my cheapest (never the objective's pieces), or a rival's
        dearest (a Fate card played against them)."""
        if a.verb == "skip":
            return -0.5  # an optional discard: of my cards none is worth losing, of a rival's any
        if self._face(mine, a.card) is not None:
            return -self.keep_value(mine, a.card) - 1.0
        for P in view["players"]:
            if P["seat"] != view["me"] and self._face(P, a.card) is not None:
                return self.keep_value(P, a.card)
        return 0.0

    def _k_choose_one(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        """Scrying names Item (option 0) while Jafar still lacks the Scarab Pendant or the Magic
        Lamp (his objective's two Items, one copy each), else Ally."""
        if key_of(a.card) == "scrying":
            hand = mine["hand"] if isinstance(mine["hand"], list) else []
            have = {key_of(c["id"]) for c in hand} | {key_of(c["id"]) for _l, c, _h in self._cards(mine)}
            wants_item = not {"scarab_pendant", "magic_lamp"} <= have
            return 5.0 if (a.get("index") == 0) == wants_item else 1.0
        return 1.0

    def _k_before_move(self, view: dict[str, Any], mine: dict[str, Any], a: Action) -> float:
        return 1 if a.verb != "skip" else 0

    def _k_park(self, view: dict[str, Any], mine: dict[str, Any] | None, a: Action) -> float:
        """Parking Prince John's Power (a Fate card): the more, the further he is from 20."""
        return float(a.amount) if a.verb == "park" else 0.0

    def _k_order(self, view: dict[str, Any], mine: dict[str, Any] | None, a: Action) -> float:
        """The order of abilities that trigger together: the recommended one (play order)."""
        return 2.0 if a.get("play_order") else 1.0

    def _generic(self, view: dict[str, Any], mine: dict[str, Any] | None, a: Action) -> float:
        if a.verb in ("skip", "none", "stay", "no"):
            return 0.5
        return 1.0
