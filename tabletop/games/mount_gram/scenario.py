"""Scenarios: the quest a game is played on.

``QuestScenario`` is a plain quest (standard set-up §3.1, stages defeated by progress, the last
one wins); tests build small ones. ``MountGramScenario`` adds the special rules of §6: captured
decks, Capture and rescue, one group per player at stage 2, joining, stage 3 and the Southern
Gate. Rescue and time counters live in the base class because they are card-driven rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tabletop.engine import Action, emit
from tabletop.engine.chance import randbelow, shuffle
from tabletop.engine.msg import msg
from tabletop.engine.zones import draw

from . import board as B
from .cards import CardDef, card_id, key_of, mount_gram_cards, owner_of, player_cards, starter_decks
from .choices import forced_effect
from .context import Rules
from .encounter import enter_play_staging, free_play_ok
from .flow import Frame, Ran, ask, ask_frame, continuation, enemy_attack, frame, push
from .state import Group, MGState, Player


@lru_cache(maxsize=64)
def _deck_ids(seat: int, sphere: str) -> tuple[str, ...]:
    """The instance ids of ``seat``'s starter deck of ``sphere``, in the data's order (card data
    only: a pure cache keyed by the seat and the sphere)."""
    return tuple(card_id("p" + str(seat), k, n) for k, q in starter_decks()[sphere]["cards"]
                 for n in range(1, q + 1))


class QuestScenario:
    """A quest: its stage cards in order and its encounter cards (keys; copies from the data)."""

    key = "quest"
    title = "Quest"

    def __init__(self, cards: dict[str, CardDef], stages: list[str], encounter: list[str]) -> None:
        self.cards = cards
        self.stages = stages
        self.encounter = encounter

    # -- set-up ----------------------------------------------------------------------------------
    def encounter_deck(self, s: MGState, keys: list[str]) -> list[str]:
        easy = s.options.get("easy_mode", False)
        out = []
        for k in keys:
            card = self.cards[k]
            for n in range(1, (card.copies_easy if easy else card.copies) + 1):
                out.append(card_id("e", k, n))
        return out

    def build_player(self, g: Rules, s: MGState, seat: int, name: str, sphere: str) -> Player:
        deck = list(_deck_ids(seat, sphere))
        pl = Player(name=name, sphere=sphere, deck=deck, hand=[], discard=[], captured=[],
                    threat=0, out=False, chars=[], engaged=[])
        return pl

    def heroes_of(self, seat: int, sphere: str) -> list[str]:
        return [f"p{seat}.{k}.1" for k in starter_decks()[sphere]["heroes"]]

    def setup(self, g: Rules, s: MGState, names: list[str], spheres: list[str]) -> None:
        """Standard set-up (§3.1, without the mulligan)."""
        s.encounter = self.encounter_deck(s, self.encounter)
        shuffle(s, s.encounter)
        s.first = randbelow(s, len(names))
        for seat, (name, sphere) in enumerate(zip(names, spheres, strict=True)):
            pl = self.build_player(g, s, seat, name, sphere)
            s.players.append(pl)
            shuffle(s, pl["deck"])
            for h in self.heroes_of(seat, sphere):
                B.put_char_into_play(g, s, h, seat, trigger=False)
                pl["threat"] += g.defs[h].threat_cost
            pl["hand"] = draw(s, pl["deck"], 6)
        quest = f"q.{self.stages[0]}.1"
        s.cards[quest] = B.new_rec()
        s.groups = [Group(id="g0", members=list(range(len(names))), staging=[], active=None,
                          quest=quest, side=None)]

    # -- values ----------------------------------------------------------------------------------
    def x_value(self, g: Rules, s: MGState, cid: str) -> int:
        card = g.defs[cid]
        for ab in card.has("passive"):
            if ab["op"] == "x_captured_under_self":
                return len(s.cards[cid]["cap"])
            if ab["op"] == "x_captured_hosts":
                grp = B.group_of_card(s, cid)
                if grp is None:
                    return 0
                hosts = [grp["quest"], *grp["staging"]] + ([grp["active"]] if grp["active"] else [])
                hosts += [e for p in grp["members"] for e in s.players[p]["engaged"]]
                return sum(1 for h in hosts if h in s.cards and s.cards[h]["cap"])
        return 0

    # -- progress and stages -----------------------------------------------------------------------
    def quest_progress(self, g: Rules, s: MGState, grp: Group, n: int) -> None:
        quest = grp["quest"]
        rec = s.cards[quest]
        rec["prog"] += n
        emit(s, "progress", card=quest, amount=n, g=grp["id"])
        if rec["prog"] >= g.defs[quest].qp:
            self.stage_defeated(g, s, grp)

    def effect_progress(self, g: Rules, s: MGState, grp: Group, n: int) -> None:
        B.place_progress(g, s, grp, n)

    def stage_defeated(self, g: Rules, s: MGState, grp: Group) -> None:
        quest = grp["quest"]
        i = self.stages.index(key_of(quest))
        emit(s, "stage", card=quest)
        if i + 1 >= len(self.stages):
            B.end(s, "won", msg("end.quest_defeated", card=quest))
            return
        nxt = f"q.{self.stages[i + 1]}.1"
        B.leave_play(g, s, quest, "removed")
        s.cards[nxt] = B.new_rec(g=grp["id"])
        grp["quest"] = nxt

    def travel_start(self, g: Rules, s: MGState) -> None:
        return None

    def can_travel(self, g: Rules, s: MGState, grp: Group, loc: str) -> bool:
        return True

    def after_leave(self, g: Rules, s: MGState, cid: str) -> None:
        return None

    def on_eliminated(self, g: Rules, s: MGState, seat: int) -> None:
        """R-9: an eliminated player's captured cards are removed from the game."""
        pl = s.players[seat]
        s.removed.extend(pl["captured"])
        pl["captured"].clear()
        for rec in s.cards.values():
            mine = [c for c in rec["cap"] if owner_of(c) == seat]
            if mine:
                rec["cap"] = [c for c in rec["cap"] if owner_of(c) != seat]
                s.removed.extend(mine)

    # -- rescue (§6.5) -----------------------------------------------------------------------------
    def rescue(self, g: Rules, s: MGState, host: str, cards: list[str], grp: Group | None) -> None:
        rescued = []
        for c in cards:
            owner = owner_of(c)
            if owner < 0 or s.players[owner]["out"]:
                s.removed.append(c)
                continue
            card = g.defs[c]
            if card.type == "hero":
                if B.unique_in_play(g, s, card.name):
                    s.players[owner]["discard"].append(c)
                    continue
                B.put_char_into_play(g, s, c, owner, trigger=False)
                emit(s, "rescue", m="rescue_hero", card=c, seat=owner)
            else:
                s.players[owner]["hand"].append(c)
                emit(s, "rescue", seat=owner)
                emit(s, "rescued", card=c, to=[owner])
            rescued.append(c)
        if not rescued or s.outcome:
            return
        frames = []
        jailors = g.facts.forced_by_op.get("jailor", frozenset())
        for jailor in [c for c in s.cards if g.defs[c].key in jailors]:
            jg = B.group_of_card(s, jailor)
            if jg is None:
                continue
            order = B.members(s, jg)
            if not order:
                continue
            top = max(s.players[p]["threat"] for p in order)
            tied = [p for p in order if s.players[p]["threat"] == top]
            if len(tied) > 1:  # a tie is broken by the first player
                frames.append(ask_frame(order[0], "jailor_target", msg("ask.jailor_target", card=jailor),
                                        [Action(f"player {p}", msg("w.seat", seat=p), seat=p, verb="player")
                                         for p in tied], {"e": jailor}))
                continue
            frames.extend(jailor_attacks(g, s, jailor, tied[0]))
        if any(ab["op"] == "dungeon_guard" for ab in g.defs[host].has("response")) and grp and grp["members"]:
            opts = [Action(f"free {c}", msg("act.put_self", card=c), target=c, verb="free") for c in rescued
                    if g.defs[c].type != "hero" and free_play_ok(g, s, c)]
            if opts:
                chooser = B.members(s, grp)[0] if B.members(s, grp) else grp["members"][0]
                frames.append(ask_frame(chooser, "dungeon_guard", msg("ask.dungeon_guard", card=host),
                                        opts + [Action("none", msg("act.no"), verb="none")], {}))
        push(s, *frames)

    # -- time counters (§5.12) ---------------------------------------------------------------------
    def end_of_refresh(self, g: Rules, s: MGState) -> list[dict[str, Any]]:
        """Remove a time counter from each card with Time X; the Forced effects of the cards
        whose last counter went are returned (the refresh orders them with the others, §5.9)."""
        items = []
        for cid in [c for c, r in s.cards.items() if r["time"] > 0]:
            rec = s.cards[cid]
            rec["time"] -= 1
            emit(s, "time", card=cid, n=rec["time"])
            if rec["time"] == 0:
                for ab in g.defs[cid].has("forced"):
                    if ab["op"] == "executioners":
                        items.append({"op": "executioners", "c": cid, "amount": ab["amount"], "rank": 0,
                                      "label": msg("act.time_up", card=cid).plain(),
                                      "why": msg("why.others_do_not_change_it").plain()})
        return items

    def executioners(self, g: Rules, s: MGState, cid: str, ab: dict[str, Any]) -> None:
        """Stop the Executioners! expires: captured cards discarded, 3 threat per character (R-17)."""
        per: dict[int, int] = {}
        for c in s.cards[cid]["cap"]:
            if g.defs[c].character:
                per[owner_of(c)] = per.get(owner_of(c), 0) + 1
        emit(s, "executed", card=cid)
        B.leave_play(g, s, cid, "removed", rescue=False)
        for seat, n in sorted(per.items()):
            B.raise_threat(g, s, seat, ab["amount"] * n, msg("why.executions"))


@forced_effect("executioners")
def _executioners(g: Rules, s: MGState, item: dict[str, Any]) -> None:
    if item["c"] in s.cards:
        g.scen.executioners(g, s, item["c"], item)


STAGE2 = "gornakh_s_dungeons"
STAGE3 = "flight_from_mount_gram"
GATE = "southern_gate"


class MountGramScenario(QuestScenario):
    """Escape from Mount Gram (§3.2, §6)."""

    key = "mount_gram"
    title = "Escape from Mount Gram"

    def __init__(self) -> None:
        cards = mount_gram_cards()
        stages = [k for k, c in cards.items() if c.type == "quest"]
        encounter = [k for k, c in cards.items() if c.type not in ("quest",)]
        super().__init__(cards, stages, encounter)
        self._mg_sets = {"Escape from Mount Gram": tuple(k for k in encounter
                                                         if cards[k].encounter_set == "Escape from Mount Gram"),
                         "Angmar Orcs": tuple(k for k in encounter if cards[k].encounter_set == "Angmar Orcs")}
        """The keys of each encounter set, in data order: card data, fixed at construction."""
        self._mg_decks = {easy: self._mg_deck_ids(easy) for easy in (False, True)}
        """Easy mode or not -> the set-up's encounter deck and its set-aside cards, as instance
        ids in data order: card data, fixed at construction (``setup`` copies them)."""

    def _mg_deck_ids(self, easy: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The encounter deck of the set-up (§6.1: Escape from Mount Gram without the Southern
        Gate and Jailor Gornákh) and the set-aside cards (those two, then the Angmar Orcs set)."""
        def ids(keys: tuple[str, ...]) -> list[str]:
            return [card_id("e", k, n) for k in keys
                    for n in range(1, (self.cards[k].copies_easy if easy else self.cards[k].copies) + 1)]
        main = ids(self._mg_sets["Escape from Mount Gram"])
        aside = [c for c in main if key_of(c) in (GATE, "jailor_gornakh")]
        return tuple(c for c in main if c not in aside), tuple(aside + ids(self._mg_sets["Angmar Orcs"]))

    def setup(self, g: Rules, s: MGState, names: list[str], spheres: list[str]) -> None:
        deck, aside = self._mg_decks[bool(s.options.get("easy_mode", False))]
        s.encounter = list(deck)
        s.set_aside = list(aside)
        s.first = randbelow(s, len(names))
        for seat, (name, sphere) in enumerate(zip(names, spheres, strict=True)):
            pl = self.build_player(g, s, seat, name, sphere)
            # §6.1 step 1: allies and Item/Mount/Artifact attachments form the captured deck.
            captured, kept = _split_deck(seat, sphere)
            pl["captured"] = list(captured)
            pl["deck"] = list(kept)
            s.players.append(pl)
        s.groups = [Group(id="g0", members=list(range(len(names))), staging=[], active=None,
                          quest="q.unexpected_rescue.1", side=None)]
        s.cards["q.unexpected_rescue.1"] = B.new_rec(g="g0")
        order = B.turn_order(s)
        for seat in order:
            s.limbo.extend(self.heroes_of(seat, spheres[seat]))
        # built last seat first: ``ask_frame`` keeps the actions of the frame built last, the
        # one asked first (the frames are the same plain data in either order)
        frames = [ask_frame(seat, "start_hero", msg("ask.start_hero", seat=seat),
                            [Action(f"hero {h}", msg("act.start_with", card=h), card=h, verb="hero")
                             for h in self.heroes_of(seat, spheres[seat])],
                            {"p": seat}) for seat in reversed(order)]
        frames.reverse()
        push(s, *frames, {"t": "mg_setup"})

    def finish_setup(self, g: Rules, s: MGState) -> None:
        """Stage 1A's set-up, then 1B: one group per player, each at his own stage 2A (§3.2)."""
        easy = s.options.get("easy_mode", False)
        for seat, pl in enumerate(s.players):
            chosen = pl["chars"][0]
            others = [h for h in self.heroes_of(seat, pl["sphere"]) if h != chosen]
            s.limbo = [h for h in s.limbo if h not in others]
            aside = others.pop(randbelow(s, len(others)))
            pl["captured"].extend(others)
            shuffle(s, pl["captured"])
            pl["captured"].append(aside)
            s.cards[chosen]["res"] = 3 if easy else 2
            pl["threat"] = g.defs[chosen].threat_cost
            shuffle(s, pl["deck"])
            pl["hand"] = draw(s, pl["deck"], 3)
        shuffle(s, s.encounter)
        B.leave_play(g, s, "q.unexpected_rescue.1", "removed")
        order = B.turn_order(s)
        s.groups = []
        for i, seat in enumerate(order):
            quest = card_id("q", STAGE2, i + 1)
            gid = f"g{seat}"
            s.groups.append(Group(id=gid, members=[seat], staging=[], active=None, quest=quest, side=None))
            s.cards[quest] = B.new_rec(g=gid)
        emit(s, "split", card=f"q.{STAGE2}.1")
        for seat in order:
            grp = B.group_of(s, seat)
            B.capture_top(g, s, grp["quest"], [seat], self.cards[STAGE2].capture)
            cell = next((c for c in reversed(s.encounter) if key_of(c) == "prison_cell"), None)
            if cell:
                s.encounter.remove(cell)
                enter_play_staging(g, s, cell, grp)
                B.capture_top(g, s, cell, [seat], 2)
            shuffle(s, s.encounter)

    # -- stage 2B: progress rescues at random (§6.7) -----------------------------------------------
    def quest_progress(self, g: Rules, s: MGState, grp: Group, n: int) -> None:
        quest = grp["quest"]
        key = key_of(quest)
        if key == STAGE2:
            rec = s.cards[quest]
            picked = []
            for _ in range(min(n, len(rec["cap"]))):
                picked.append(rec["cap"].pop(randbelow(s, len(rec["cap"]))))
            emit(s, "progress", m="progress_rescue", amount=n, rescued=len(picked), g=grp["id"])
            if picked:
                self.rescue(g, s, quest, picked, grp)
            return
        if key == STAGE3:
            s.cards[quest]["prog"] += n
            emit(s, "progress", card=quest, amount=n, g=grp["id"])
            self.check_win(g, s)
            return
        super().quest_progress(g, s, grp, n)

    def threshold(self, s: MGState) -> int:
        return int(s.options.get("flight_threshold", 16))

    def check_win(self, g: Rules, s: MGState) -> None:
        quest = f"q.{STAGE3}.1"
        if quest not in s.cards or any(key_of(c) == GATE for c in s.cards):
            return
        if s.cards[quest]["prog"] >= self.threshold(s):
            B.end(s, "won", msg("end.escape"))

    def after_leave(self, g: Rules, s: MGState, cid: str) -> None:
        if key_of(cid) == GATE:
            self.check_win(g, s)

    def can_travel(self, g: Rules, s: MGState, grp: Group, loc: str) -> bool:
        if key_of(loc) != GATE:
            return True
        quest = grp["quest"]
        return key_of(quest) == STAGE3 and s.cards[quest]["prog"] >= self.threshold(s)

    # -- joining and stage 3 (§6.8) ----------------------------------------------------------------
    def travel_start(self, g: Rules, s: MGState) -> None:
        if any(key_of(grp["quest"]) == STAGE2 for grp in s.groups):
            push(s, {"t": "mg_join", "done": []})

    def join(self, g: Rules, s: MGState, joiner: Group, target: Group) -> None:
        for c in list(joiner["staging"]):
            s.cards[c]["g"] = target["id"]
            target["staging"].append(c)
        joiner["staging"] = []
        emit(s, "join", seats=list(joiner["members"]), group_seats=list(target["members"]))
        if joiner["active"]:
            B.leave_play(g, s, joiner["active"], "discard")
        if joiner["quest"] in s.cards:
            B.leave_play(g, s, joiner["quest"], "removed")
        target["members"].extend(joiner["members"])
        joiner["members"] = []
        if joiner in s.groups:
            s.groups.remove(joiner)

    def advance_to_3(self, g: Rules, s: MGState) -> None:
        order = B.groups_in_order(s)
        host = order[0]
        for other in order[1:]:
            self.join(g, s, other, host)
        B.leave_play(g, s, host["quest"], "removed")
        quest = f"q.{STAGE3}.1"
        s.cards[quest] = B.new_rec(g=host["id"])
        host["quest"] = quest
        emit(s, "stage", m="stage3", card=quest)
        for c in [c for c in s.set_aside if key_of(c) in (GATE, "jailor_gornakh")]:
            s.set_aside.remove(c)
            enter_play_staging(g, s, c, host)
        orcs = [c for c in s.set_aside if self.cards[key_of(c)].encounter_set == "Angmar Orcs"]
        s.set_aside = [c for c in s.set_aside if c not in orcs]
        s.encounter.extend(orcs)
        shuffle(s, s.encounter)
        push(s, *({"t": "reveal", "g": host["id"], "pc": 0} for _ in B.members(s, host)))


def jailor_attacks(g: Rules, s: MGState, jailor: str, target: int) -> list[dict[str, Any]]:
    """Jailor Gornákh engages the player and attacks him at once (no shadow card, R-19)."""
    B.engage(g, s, jailor, target)
    emit(s, "jailor", card=jailor, seat=target)
    return [enemy_attack(jailor, target, immediate=True)]


@continuation("jailor_target")
def _jailor_target(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    if ctx["e"] in s.cards and a.seat is not None:
        push(s, *jailor_attacks(g, s, ctx["e"], a.seat))


CAPTURED_TRAITS = frozenset({"Item", "Mount", "Artifact"})


def _captured_kind(card: CardDef) -> bool:
    return card.type == "ally" or (card.type == "attachment" and not CAPTURED_TRAITS.isdisjoint(card.traits))


@lru_cache(maxsize=64)
def _split_deck(seat: int, sphere: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``seat``'s starter deck of ``sphere`` split for §6.1 step 1: (the captured deck, the rest),
    each in deck order (card data only: a pure cache keyed by the seat and the sphere)."""
    cards = player_cards()
    ids = _deck_ids(seat, sphere)
    return (tuple(c for c in ids if _captured_kind(cards[key_of(c)])),
            tuple(c for c in ids if not _captured_kind(cards[key_of(c)])))


@continuation("start_hero")
def _start_hero(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    hero = a.card or ""
    s.limbo.remove(hero)
    B.put_char_into_play(g, s, hero, ctx["p"], trigger=False)
    emit(s, "start", seat=ctx["p"], card=hero)


@frame("mg_setup")
class MountGramSetup(Frame):
    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        s.stack.pop()
        g.scen.finish_setup(g, s)
        s.reveals = 0
        return False


@frame("mg_join")
class Join(Frame):
    """Stage 2B's Forced check at the start of the travel phase, group by group (R-7, R-8)."""

    @staticmethod
    def _targets(g: Rules, s: MGState, grp: Group) -> list[Group]:
        return [o for o in s.groups if o is not grp and key_of(o["quest"]) == STAGE2
                and s.cards[o["quest"]]["cap"]]

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        for grp in B.groups_in_order(s):
            if grp["id"] in f["done"] or key_of(grp["quest"]) != STAGE2 or s.cards[grp["quest"]]["cap"]:
                continue
            f["done"].append(grp["id"])
            targets = Join._targets(g, s, grp)
            if not targets:
                s.stack.pop()
                g.scen.advance_to_3(g, s)
                return False
            if len(targets) == 1:
                g.scen.join(g, s, grp, targets[0])
                continue
            f["j"] = grp["id"]
            return ask(f, B.members(s, grp)[0], "join", msg("ask.join"))
        s.stack.pop()
        return False

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Any]:
        grp = B.group(s, f["j"])
        return [Action(f"join {o['id']}", msg("act.join", seats=list(o["members"])), location=o["id"], verb="join")
                for o in Join._targets(g, s, grp)] if grp else []

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        grp = B.group(s, f["j"])
        target = B.group(s, str(a.location))
        if grp and target:
            g.scen.join(g, s, grp, target)
