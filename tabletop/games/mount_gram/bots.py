"""The heuristic co-op bot: plays a sensible game from its own seat's view only.

It quests with every character that has willpower until the expected staging threat is beaten
(keeping one back only when an attack is coming that no one else can block and no hero can soak;
Aragorn quests and readies himself), engages staging enemies it can block (their threat then
leaves the quest), travels to the location worth most (a Patrol Room's cost is paid once, its
threat every round), defends with whoever survives the hit (allies before heroes), attacks the
weakest enemy it can kill (with its Ranged characters a partner's too), plays its allies and
attachments in planning, spends its resources in combat (Grim Resolve, Quick Strike, For Gondor!,
Ever Vigilant, Rain of Arrows), uses the cheap, always-useful cards (healing, cancellation, card
draw, threat reduction) in their windows, and takes the recommended answer of the choices that
have one.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Decision
from tabletop.engine.rng import Rng

from .cards import key_of

GOOD_RESPONSES = ("a_test_of_will", "hasty_stroke", "eleanor", "aragorn", "theodred", "gloin",
                  "legolas", "lorien_guide", "northern_tracker", "gondorian_spearman",
                  "swift_strike", "horn_of_gondor", "blade_of_gondolin", "son_of_arnor",
                  "snowbourn_scout", "longbeard_orc_slayer", "erebor_hammersmith",
                  "miner_of_the_iron_hills", "valiant_sacrifice", "strength_of_will", "brok_ironfist",
                  "dark_knowledge")
GOOD_ACTIONS = ("steward_of_gondor", "glorfindel", "daughter_of_the_nimrodel", "self_preservation",
                "lore_of_imladris", "beravor", "gleowine", "lorien_s_wealth", "henamarth_riversong",
                "denethor", "unexpected_courage", "beorn_s_hospitality")
RECOMMENDED_FIRST = ("pay", "assign_damage", "discard_restricted", "attach_to", "search", "order",
                     "forced_order")
"""Choices whose first option is the rules' recommendation (``choices.py``, the defender who
survives in ``flow.damage_takers``): how to split a cost, who takes a multi-defender attack's
damage, which Restricted attachment goes, where a free attachment goes, which enemy a search
finds, the order of a searched deck and of simultaneous Forced effects. The recommendation is
the heuristic a careful player uses, so the bot takes it."""


def _key(a: Action) -> str:
    """The card data key of the card an action is about ("" for none)."""
    return key_of(a.card) if a.card and "." in a.card else ""


def _tokens(a: Action) -> tuple[str, ...]:
    return tuple(a.get("tokens", ()))


def _first(actions: list[Action], verb: str) -> str | None:
    return next((a.id for a in actions if a.verb == verb), None)


class HeuristicBot:
    """Tuning knobs are class attributes (benchmarks sweep them); a bot keeps no state.

    It reads the actions' fields (``verb``, ``card``, ``target``, the play's ``tokens``), never
    their ids' text; it answers with the chosen action's id."""

    extra = 0
    """Willpower committed beyond the expected staging threat."""
    engage_slack = 0
    """Attack strength assumed beyond the ready characters' when engaging optionally."""
    stage3_gate_only = True
    danger_margin = 3
    soak_margin = 2
    """An undefended attack is let through when a hero keeps this many hit points beyond it."""
    all_in_at_stage3 = True
    """A staging enemy this close to engaging keeps a defender back from the quest."""
    """At stage 3 progress must reach the quest: only travel to the Southern Gate."""

    def choose(self, game: Any, view: dict[str, Any], decision: Decision, actions: list[Action],
               rng: Rng) -> str:
        verbs = {a.verb for a in actions}
        seat = decision.seat
        me = view["players"][seat]
        chars = {c["id"]: c for p in view["players"] for c in p["chars"]}
        enemies = {c["id"]: c for p in view["players"] for c in p["engaged"]}
        for grp in view["groups"]:
            enemies.update({c["id"]: c for c in grp["staging"] if c["type"] == "enemy"})
        grp = next((g for g in view["groups"] if seat in g["members"]), view["groups"][0] if view["groups"] else None)
        kind = decision.kind
        if kind in RECOMMENDED_FIRST:
            return actions[0].id
        if kind == "ranged_attack":
            ranged = dict(me, chars=[c for c in me["chars"] if game.db[key_of(c["id"])].ranged])
            return self._attack(ranged, enemies, actions)
        if kind == "commit":
            return self._commit(view, me, grp, actions)
        if kind == "defend":
            return self._defend(view, decision, chars, actions)
        if kind == "undefended":
            return max(actions, key=lambda a: chars[a.card]["hp"] - chars[a.card]["dmg"]).id
        if kind == "attack":
            return self._attack(me, enemies, actions)
        if kind == "attackers":
            return self._attackers(view, chars, enemies, actions)
        if kind == "engage":
            if "pass" in verbs:
                return self._optional_engage(me, enemies, actions)
            return min(actions, key=lambda a: enemies.get(a.card or "", {}).get("atk", 0)).id
        if kind == "travel":
            stage3 = bool(grp and grp.get("quest") and grp["quest"].get("stage") == "3")
            return self._travel(actions, stage3, grp["staging"] if grp else None, len(grp["members"]) if grp else 1)
        if kind == "plan":
            return self._plan(game, me, actions)
        if kind in ("actions", "response"):
            return self._window(game, me, kind, view, actions)
        if kind == "choose" and actions[0].verb == "hero":
            return max(actions, key=lambda a: _hero_value(game, a.card or "")).id
        side = _first(actions, "side")
        if side:
            return side  # a side quest rescues its captives at once and stops its threat
        if "damage" in verbs and "unquest" in verbs:
            # Feeble and Weary: leaving the quest usually costs more threat than 1 damage each,
            # unless that damage would kill a hero.
            fragile = any(c["exhausted"] and c["type"] == "hero" and c["hp"] - c["dmg"] <= 1 for c in me["chars"])
            return _first(actions, "unquest" if fragile else "damage") or actions[0].id
        for pref in ("main", "reveal", "unquest", "bottom"):
            found = _first(actions, pref)
            if found:
                return found
        frees = [a for a in actions if a.verb == "free"]
        if frees:
            return max(frees, key=lambda a: _hero_value(game, a.target or "")).id
        return actions[0].id

    def _commit(self, view: dict[str, Any], me: dict[str, Any], grp: Any, actions: list[Action]) -> str:
        """§4.3: every point of willpower short of the staging threat costs each player a point of
        threat, so quest with every character that has willpower, strongest first, until the
        expected staging threat (the area now plus about two per card still to be revealed) is
        beaten with a margin. Keep one character back only when an enemy will attack this round
        and no one else could block it: a character who readies itself after committing
        (Aragorn with a resource) and the characters without willpower stay free anyway."""
        done = _first(actions, "done") or actions[-1].id
        if grp is None:
            return done
        by_card = {a.card: a.id for a in actions if a.verb == "commit"}
        mine = {c["id"]: c for c in me["chars"]}
        ready = [mine[c] for c in by_card if c in mine]
        need = grp["staging_threat"] + 2 * len(grp["members"]) + 1 + self.extra
        if self.all_in_at_stage3 and grp.get("quest") and grp["quest"].get("stage") == "3":
            need += 99  # the last stage is a race: every point of progress counts
        if grp["committed_wp"] >= need:
            return done
        keep = self._keeper(me, grp)
        best = sorted((c for c in ready if c["id"] != keep and c["wp"] > 0),
                      key=lambda c: (-c["wp"], c["defense"] * 2 + c["atk"]))
        return by_card[best[0]["id"]] if best else done

    def _keeper(self, me: dict[str, Any], grp: Any) -> str | None:
        """The character kept back from the quest to block this round's attacks, if one is needed."""
        ready = [c for c in me["chars"] if not c["exhausted"]]
        attackers = list(me["engaged"]) + [e for e in grp["staging"] if e["type"] == "enemy"
                                             and e["eng"] <= me["threat"] + self.danger_margin]
        if not attackers or not ready:
            return None
        hit = max(e["atk"] for e in attackers) + 1
        free = [c for c in ready if c["wp"] <= 0 or _self_readies(c)]
        if any(c["hp"] - c["dmg"] > hit - c["defense"] for c in free):
            return None  # someone who does not quest can take the attack
        heroes = [c for c in me["chars"] if c["type"] == "hero"]
        soak = max((h["hp"] - h["dmg"] for h in heroes), default=0)
        if soak >= hit + self.soak_margin and len(attackers) == 1:
            return None  # an undefended hit is cheaper than the threat a missing quester costs
        cands = [c for c in ready if not _self_readies(c)]
        if not cands:
            return None
        return max(cands, key=lambda c: (c["defense"] * 2 + c["hp"] - c["dmg"] - 2 * c["wp"]))["id"]

    def _optional_engage(self, me: dict[str, Any], enemies: dict[str, Any], actions: list[Action]) -> str:
        """§4.5: take on a staging-area enemy whose attack a ready character can block and survive
        (or a hero can soak with hit points to spare): an engaged enemy's threat no longer counts
        against the quest (§5.5), and killing it rescues what it holds (§6.5). The enemy taking
        most threat out of the staging area first."""
        no = _first(actions, "pass") or actions[-1].id
        ready = [c for c in me["chars"] if not c["exhausted"]]
        heroes = [c for c in me["chars"] if c["type"] == "hero"]
        coming = sum(e["atk"] for e in me["engaged"])
        best: tuple[tuple[int, int], str] | None = None
        for a in actions:
            e = enemies.get(a.card or "") if a.verb == "engage" else None
            if e is None:
                continue
            hit = e["atk"] + 1
            blocks = len(ready) > len(me["engaged"]) and any(
                c["hp"] - c["dmg"] > hit - c["defense"] for c in ready)
            soaks = not me["engaged"] and any(h["hp"] - h["dmg"] > hit + coming + self.soak_margin for h in heroes)
            if not (blocks or soaks):
                continue
            score = (e["threat"] + len(e.get("captured", ())), -e["atk"])
            if best is None or score > best[0]:
                best = (score, a.id)
        return best[1] if best else no

    def _defend(self, view: dict[str, Any], decision: Decision, chars: dict[str, Any], actions: list[Action]) -> str:
        """Block with whoever survives (best defence first); else chump-block with an ally; else
        block with the best defender anyway unless a hero can soak the whole attack undefended."""
        fight = view.get("enemy_attack") or {}
        attack = fight.get("attack", 0) + 1  # one more for a likely shadow
        sentinel = _first(actions, "nodefend") is None
        no = _first(actions, "nodefend") or _first(actions, "pass") or "pass"
        opts = [a for a in actions if a.verb == "defend"]
        if not opts:
            return no

        def left(c: dict[str, Any]) -> int:
            return c["hp"] - c["dmg"]

        def card(a: Action) -> dict[str, Any]:
            return chars[a.card]

        survivors = [a for a in opts if left(card(a)) > max(0, attack - card(a)["defense"])]
        if survivors:
            return max(survivors, key=lambda a: (card(a)["defense"], card(a)["type"] == "ally")).id
        if sentinel:  # a Sentinel of a partner: only when it survives
            return no
        allies = [a for a in opts if card(a)["type"] == "ally"]
        if allies:
            return min(allies, key=lambda a: card(a)["hp"]).id
        me = view["players"][decision.seat]
        heroes = [c for c in me["chars"] if c["type"] == "hero"]
        if any(left(h) > attack for h in heroes):
            return no
        return max(opts, key=lambda a: card(a)["defense"]).id

    def _attack(self, me: dict[str, Any], enemies: dict[str, Any], actions: list[Action]) -> str:
        """Attack whenever some damage gets through: damage stays on enemies, and characters
        exhausted now are readied in the refresh phase anyway. Prefer an enemy we can kill."""
        ready_atk = sum(c["atk"] for c in me["chars"] if not c["exhausted"])
        best: tuple[tuple[int, int], str] | None = None
        for a in actions:
            if a.verb != "attack":
                continue
            e = enemies.get(a.card or "")
            if e is None or ready_atk <= e["defense"]:
                continue
            need = e["defense"] + e["hp"] - e["dmg"]
            score = (0 if ready_atk >= need else 1, need)
            if best is None or score < best[0]:
                best = (score, a.id)
        return best[1] if best else "done"

    def _attackers(self, view: dict[str, Any], chars: dict[str, Any], enemies: dict[str, Any],
                   actions: list[Action]) -> str:
        withs = [a for a in actions if a.verb == "with"]
        go = _first(actions, "go")
        no = _first(actions, "pass")
        if no:  # a partner's Ranged characters: join if they add damage
            return withs[0].id if withs else no
        fight = view.get("attack") or {}
        target = enemies.get(fight.get("enemy", ""))
        if target is not None and go:
            if fight["strength"] >= target["defense"] + target["hp"] - target["dmg"] or not withs:
                return go
        if not withs:
            return go or actions[0].id
        return max(withs, key=lambda a: chars[a.card]["atk"]).id

    def _travel(self, actions: list[Action], stage3: bool = False, staging: list[dict[str, Any]] | None = None,
                members: int = 1) -> str:
        """§4.4: travelling takes a location's threat out of the staging area for every round it
        would have stayed there, so go to the one worth most: its threat, its captives (explored,
        they are rescued), the Prison Cell's free card; a Patrol Room's travel cost (3 threat per
        player) is paid once, its 3 threat would be paid every round."""
        stay = _first(actions, "stay") or "stay"
        travels = [a for a in actions if a.verb == "travel"]
        if stage3 and self.stage3_gate_only:
            gate = [a for a in travels if _key(a) == "southern_gate"]
            if gate:
                return gate[0].id
        by_id = {c["id"]: c for c in staging or ()}

        def worth(a: Action) -> float:
            c = by_id.get(a.card or "", {})
            k = _key(a)
            held = sum(x["n"] for x in c.get("captured", ()))
            v = c.get("threat", 1) * 2 + held - 0.5 * c.get("qp", 3)
            if k == "prison_cell":
                v += 2
            if k == "patrol_room":
                v -= 1.5 * members
            if k == "southern_gate":
                v -= 99
            return v

        scored = sorted(travels, key=worth, reverse=True)
        return scored[0].id if scored and worth(scored[0]) > 0 else stay

    def _plan(self, game: Any, me: dict[str, Any], actions: list[Action]) -> str:
        plays = [a for a in actions if a.verb == "play"]
        allies = [a for a in plays if not _tokens(a) and a.amount is None and game.db[_key(a)].type == "ally"]
        if allies:
            return max(allies, key=lambda a: game.db[_key(a)].cost).id
        attach = [a for a in plays if len(_tokens(a)) == 1 and a.amount is None
                  and game.db[_key(a)].type == "attachment"
                  and game.db[_key(a)].attach_to != "location"
                  and _key(a) not in ("dark_knowledge",)]
        heroes = {c["id"] for c in me["chars"] if c["type"] == "hero"}
        attach = [a for a in attach if _tokens(a)[0] in heroes or game.db[_key(a)].attach_to == "engaged_enemy"]
        if attach:
            return attach[0].id
        return "done"

    def _window(self, game: Any, me: dict[str, Any], kind: str, view: dict[str, Any], actions: list[Action]) -> str:
        for a in actions:
            k = _key(a) if a.verb in ("play", "use") else ""
            tokens = _tokens(a)
            if k == "gandalf" and kind == "response":
                want = "threat" if me["threat"] >= 30 else "draw"
                if tokens[-1:] == (want,) and a.amount is None:
                    return a.id
            if kind == "response" and k in GOOD_RESPONSES:
                return a.id
            if kind == "actions" and k in GOOD_ACTIONS:
                return a.id
            if (k == "the_galadhrim_s_greeting" and me["threat"] >= 35 and a.amount is None
                    and tokens[-1:] == (f"p{view['players'].index(me)}",)):
                return a.id
            if k in ("feint", "thicket_of_spears") and view["phase"] == "combat" and me["engaged"]:
                return a.id
            if view["phase"] == "combat" and me["engaged"] and a.amount is None and self._combat_card(k, tokens, me, view):
                return a.id
        return "pass"

    def _combat_card(self, k: str, tokens: tuple[str, ...], me: dict[str, Any], view: dict[str, Any]) -> bool:
        """§4.6 with the resources that otherwise pile up on heroes: ready the whole table before
        the enemies attack (Grim Resolve), strike an engaged enemy the character kills at once
        (Quick Strike), ready an exhausted fighting ally (Ever Vigilant), lift every attacker
        (For Gondor!) or wound every engaged enemy (Rain of Arrows)."""
        chars = {c["id"]: c for p in view["players"] for c in p["chars"]}
        foes = {e["id"]: e for p in view["players"] for e in p["engaged"]}
        tired = [c for c in me["chars"] if c["exhausted"]]
        fresh = [c for c in me["chars"] if not c["exhausted"]]
        if k == "grim_resolve":
            return len(tired) >= 3
        if k == "quick_strike" and len(tokens) == 2 and tokens[0] in chars and tokens[1] in foes:
            c, e = chars[tokens[0]], foes[tokens[1]]
            return c["atk"] - e["defense"] >= e["hp"] - e["dmg"]
        if k == "ever_vigilant" and tokens and tokens[0] in chars:
            c = chars[tokens[0]]
            return c["exhausted"] and c["atk"] + c["defense"] >= 3
        if k == "for_gondor":
            return len(fresh) >= 2 and view.get("attack") is None and view.get("enemy_attack") is None
        if k == "rain_of_arrows":
            return len(foes) >= 2 or any(e["hp"] - e["dmg"] <= 1 for e in foes.values())
        return False


def _self_readies(c: dict[str, Any]) -> bool:
    """Aragorn readies himself after committing to the quest for one of his resources."""
    return key_of(c["id"]) == "aragorn" and (c.get("res") or 0) >= 1


def _hero_value(game: Any, cid: str) -> int:
    card = game.db[key_of(cid)]
    return card.wp * 2 + card.atk + card.defense + card.hp + (30 if card.type == "hero" else 0) - (
        20 if card.key == "gandalf" else 0)
