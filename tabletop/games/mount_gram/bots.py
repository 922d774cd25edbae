"""The heuristic co-op bot: plays a sensible game from its own seat's view only.

It quests with enough willpower to beat the staging area, keeps a defender back when enemies are
coming, defends with whoever survives the hit (allies before heroes), attacks the weakest enemy it
can kill (with its Ranged characters a partner's too), plays its allies and attachments in
planning, uses the cheap, always-useful cards (healing, cancellation, card draw, threat
reduction) in their windows, and takes the recommended answer of the choices that have one.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Decision
from tabletop.engine.rng import Rng

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


def _key(aid: str, pos: int = 1) -> str:
    parts = aid.split()
    return parts[pos].split(".")[1] if len(parts) > pos and "." in parts[pos] else ""


class HeuristicBot:
    """Tuning knobs are class attributes (benchmarks sweep them); a bot keeps no state."""

    extra = 0
    """Willpower committed beyond the expected staging threat."""
    engage_slack = 0
    """Attack strength assumed beyond the ready characters' when engaging optionally."""
    stage3_gate_only = True
    danger_margin = 3
    all_in_at_stage3 = True
    """A staging enemy this close to engaging keeps a defender back from the quest."""
    """At stage 3 progress must reach the quest: only travel to the Southern Gate."""

    def choose(self, game: Any, view: dict[str, Any], decision: Decision, actions: list[Action],
               rng: Rng) -> str:
        ids = [a.id for a in actions]
        seat = decision.seat
        me = view["players"][seat]
        chars = {c["id"]: c for p in view["players"] for c in p["chars"]}
        enemies = {c["id"]: c for p in view["players"] for c in p["engaged"]}
        for grp in view["groups"]:
            enemies.update({c["id"]: c for c in grp["staging"] if c["type"] == "enemy"})
        grp = next((g for g in view["groups"] if seat in g["members"]), view["groups"][0] if view["groups"] else None)
        kind = decision.kind
        if kind in RECOMMENDED_FIRST:
            return ids[0]
        if kind == "ranged_attack":
            ranged = dict(me, chars=[c for c in me["chars"] if game.db[c["id"].split(".")[1]].ranged])
            return self._attack(ranged, enemies, ids)
        if kind == "commit":
            return self._commit(view, me, grp, ids)
        if kind == "defend":
            return self._defend(view, decision, chars, ids)
        if kind == "undefended":
            return max(ids, key=lambda i: chars[i.split()[1]]["hp"] - chars[i.split()[1]]["dmg"])
        if kind == "attack":
            return self._attack(me, enemies, ids)
        if kind == "attackers":
            return self._attackers(view, chars, enemies, ids, decision.prompt)
        if kind == "engage":
            if "pass" in ids:
                return self._optional_engage(me, enemies, ids)
            return min(ids, key=lambda i: enemies.get(i.split()[1], {}).get("atk", 0))
        if kind == "travel":
            stage3 = bool(grp and grp.get("quest") and grp["quest"].get("stage") == "3")
            return self._travel(ids, stage3)
        if kind == "plan":
            return self._plan(game, me, ids)
        if kind in ("actions", "response"):
            return self._window(game, me, kind, view, ids)
        if kind == "choose" and ids[0].startswith("hero "):
            return max(ids, key=lambda i: _hero_value(game, i.split()[1]))
        sides = [i for i in ids if i.startswith("side ")]
        if sides:
            return sides[0]  # a side quest rescues its captives at once and stops its threat
        if "damage" in ids and "unquest" in ids:
            # Feeble and Weary: leaving the quest usually costs more threat than 1 damage each,
            # unless that damage would kill a hero.
            fragile = any(c["exhausted"] and c["type"] == "hero" and c["hp"] - c["dmg"] <= 1 for c in me["chars"])
            return "unquest" if fragile else "damage"
        for pref in ("main", "reveal", "unquest", "bottom"):
            if pref in ids:
                return pref
        frees = [i for i in ids if i.startswith("free ")]
        if frees:
            return max(frees, key=lambda i: _hero_value(game, i.split()[1]))
        if "none" in ids and len(ids) == 1:
            return "none"
        return ids[0]

    def _commit(self, view: dict[str, Any], me: dict[str, Any], grp: Any, ids: list[str]) -> str:
        if grp is None:
            return "done"
        cands = [i for i in ids if i.startswith("commit ")]
        mine = {c["id"]: c for c in me["chars"]}
        ready = [mine[i.split()[1]] for i in cands if i.split()[1] in mine]
        need = grp["staging_threat"] + 2 * len(grp["members"]) + 1 + self.extra
        if self.all_in_at_stage3 and grp.get("quest") and grp["quest"].get("stage") == "3":
            need += 99  # the last stage is a race: every point of progress counts
        danger = bool(me["engaged"]) or any(e["type"] == "enemy" and e["eng"] <= me["threat"] + self.danger_margin
                                             for e in grp["staging"])
        keep = max(ready, key=lambda c: c["defense"] * 2 + c["hp"] - c["dmg"]) if danger and ready else None
        if grp["committed_wp"] >= need:
            return "done"
        best = sorted((c for c in ready if c is not keep and c["wp"] > 0), key=lambda c: -c["wp"])
        if len(ready) == 1 and not danger and ready[0]["wp"] > 0:
            return f"commit {ready[0]['id']}"
        return f"commit {best[0]['id']}" if best else "done"

    def _optional_engage(self, me: dict[str, Any], enemies: dict[str, Any], ids: list[str]) -> str:
        """Take on a staging-area enemy when the ready characters can block it and kill it: its
        threat then stops counting against the quest."""
        ready = sorted((c for c in me["chars"] if not c["exhausted"]), key=lambda c: -c["defense"])
        if len(ready) < 2 or me["engaged"]:
            return "pass"
        strength = sum(c["atk"] for c in ready[1:]) + self.engage_slack
        best = None
        for i in ids:
            e = enemies.get(i.split()[1]) if i != "pass" else None
            if e is None:
                continue
            blocker = ready[0]
            survives = blocker["hp"] - blocker["dmg"] > e["atk"] - blocker["defense"]
            if strength >= e["defense"] + e["hp"] - e["dmg"] and survives:
                if best is None or e["threat"] > best[0]:
                    best = (e["threat"], i)
        return best[1] if best else "pass"

    def _defend(self, view: dict[str, Any], decision: Decision, chars: dict[str, Any], ids: list[str]) -> str:
        """Block with whoever survives (best defence first); else chump-block with an ally; else
        block with the best defender anyway unless a hero can soak the whole attack undefended."""
        fight = view.get("enemy_attack") or {}
        attack = fight.get("attack", 0) + 1  # one more for a likely shadow
        no = "nodefend" if "nodefend" in ids else "pass"
        opts = [i for i in ids if i.startswith("defend ")]
        if not opts:
            return no

        def left(c: dict[str, Any]) -> int:
            return c["hp"] - c["dmg"]

        survivors = [i for i in opts if left(chars[i.split()[1]]) > max(0, attack - chars[i.split()[1]]["defense"])]
        if survivors:
            return max(survivors, key=lambda i: (chars[i.split()[1]]["defense"], chars[i.split()[1]]["type"] == "ally"))
        if no == "pass":  # a Sentinel of a partner: only when it survives
            return no
        allies = [i for i in opts if chars[i.split()[1]]["type"] == "ally"]
        if allies:
            return min(allies, key=lambda i: chars[i.split()[1]]["hp"])
        me = view["players"][decision.seat]
        heroes = [c for c in me["chars"] if c["type"] == "hero"]
        if any(left(h) > attack for h in heroes):
            return no
        return max(opts, key=lambda i: chars[i.split()[1]]["defense"])

    def _attack(self, me: dict[str, Any], enemies: dict[str, Any], ids: list[str]) -> str:
        """Attack whenever some damage gets through: damage stays on enemies, and characters
        exhausted now are readied in the refresh phase anyway. Prefer an enemy we can kill."""
        ready_atk = sum(c["atk"] for c in me["chars"] if not c["exhausted"])
        best: tuple[tuple[int, int], str] | None = None
        for i in ids:
            if not i.startswith("attack "):
                continue
            e = enemies.get(i.split()[1])
            if e is None or ready_atk <= e["defense"]:
                continue
            need = e["defense"] + e["hp"] - e["dmg"]
            score = (0 if ready_atk >= need else 1, need)
            if best is None or score < best[0]:
                best = (score, i)
        return best[1] if best else "done"

    def _attackers(self, view: dict[str, Any], chars: dict[str, Any], enemies: dict[str, Any], ids: list[str],
                   prompt: str) -> str:
        withs = [i for i in ids if i.startswith("with ")]
        if "pass" in ids:  # a partner's Ranged characters: join if they add damage
            return withs[0] if withs else "pass"
        fight = view.get("attack") or {}
        target = enemies.get(fight.get("enemy", ""))
        if target is not None and "go" in ids:
            if fight["strength"] >= target["defense"] + target["hp"] - target["dmg"] or not withs:
                return "go"
        if not withs:
            return "go" if "go" in ids else ids[0]
        return max(withs, key=lambda i: chars[i.split()[1]]["atk"])

    def _travel(self, ids: list[str], stage3: bool = False) -> str:
        travels = [i for i in ids if i.startswith("travel ")]
        if stage3 and self.stage3_gate_only:
            gate = [i for i in travels if _key(i) == "southern_gate"]
            return gate[0] if gate else "stay"
        for pref in ("prison_cell", "southern_gate", "tunnels_of_mount_gram"):
            for i in travels:
                if _key(i) == pref:
                    return i
        safe = [i for i in travels if _key(i) != "patrol_room"]
        return safe[0] if safe else "stay"

    def _plan(self, game: Any, me: dict[str, Any], ids: list[str]) -> str:
        plays = [i for i in ids if i.startswith("play ")]
        allies = [i for i in plays if len(i.split()) == 2 and game.db[_key(i)].type == "ally"]
        if allies:
            return max(allies, key=lambda i: game.db[_key(i)].cost)
        attach = [i for i in plays if len(i.split()) == 3 and game.db[_key(i)].type == "attachment"
                  and game.db[_key(i)].attach_to != "location"
                  and _key(i) not in ("dark_knowledge",)]
        heroes = {c["id"] for c in me["chars"] if c["type"] == "hero"}
        attach = [i for i in attach if i.split()[2] in heroes or game.db[_key(i)].attach_to == "engaged_enemy"]
        if attach:
            return attach[0]
        return "done"

    def _window(self, game: Any, me: dict[str, Any], kind: str, view: dict[str, Any], ids: list[str]) -> str:
        for i in ids:
            k = _key(i)
            if k == "gandalf" and kind == "response":
                want = "threat" if me["threat"] >= 30 else "draw"
                if i.endswith(" " + want):
                    return i
            if kind == "response" and k in GOOD_RESPONSES:
                return i
            if kind == "actions" and k in GOOD_ACTIONS:
                return i
            if k == "the_galadhrim_s_greeting" and me["threat"] >= 35 and i.endswith(f"p{view['players'].index(me)}"):
                return i
            if k in ("feint", "thicket_of_spears") and view["phase"] == "combat" and me["engaged"]:
                return i
        return "pass"


def _hero_value(game: Any, cid: str) -> int:
    card = game.db[cid.split(".")[1]]
    return card.wp * 2 + card.atk + card.defense + card.hp + (30 if card.type == "hero" else 0) - (
        20 if card.key == "gandalf" else 0)
