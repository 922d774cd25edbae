"""The heuristic team's choices in positions where the old bot threw the game away.

Each test builds the small piece of a seat's view the bot reads (the bot sees nothing else) and
the legal actions the rules would list, and checks the careful player's answer. Names follow the
rule the choice is about (``../shared/rules/mount_gram.md``).
"""

from __future__ import annotations

from typing import Any

from tabletop import games
from tabletop.engine import Action, Decision
from tabletop.engine.msg import msg
from tabletop.engine.rng import Rng
from tabletop.games.mount_gram.bots import HeuristicBot

GAME = games.game("mount_gram")


def char(cid: str, wp: int, atk: int, df: int, hp: int, *, kind: str = "hero", dmg: int = 0,
         exhausted: bool = False, res: int = 0) -> dict[str, Any]:
    return {"id": cid, "name": cid, "type": kind, "wp": wp, "atk": atk, "defense": df, "hp": hp,
            "dmg": dmg, "exhausted": exhausted, "committed": False, "res": res}


def enemy(cid: str, eng: int, threat: int, atk: int, df: int, hp: int, dmg: int = 0) -> dict[str, Any]:
    return {"id": cid, "name": cid, "type": "enemy", "eng": eng, "threat": threat, "atk": atk,
            "defense": df, "hp": hp, "dmg": dmg, "captured": [{"seat": 0, "n": 1}]}


def location(cid: str, threat: int, qp: int, captured: int = 1) -> dict[str, Any]:
    return {"id": cid, "name": cid, "type": "location", "threat": threat, "qp": qp, "prog": 0,
            "captured": [{"seat": 0, "n": captured}]}


def view(chars: list[dict[str, Any]], *, threat: int = 20, engaged: list[dict[str, Any]] | None = None,
         staging: list[dict[str, Any]] | None = None, phase: str = "quest", committed: int = 0,
         stage: str = "2") -> dict[str, Any]:
    staging = staging or []
    me = {"name": "P1", "sphere": "Leadership", "threat": threat, "out": False, "first": True,
          "chars": chars, "engaged": engaged or [], "hand": [], "hand_names": []}
    grp = {"id": "g0", "members": [0], "staging": staging, "active": None,
           "quest": {"id": "q", "name": "q", "type": "quest", "stage": stage},
           "staging_threat": sum(c.get("threat", 0) for c in staging), "committed_wp": committed}
    return {"players": [me], "groups": [grp], "phase": phase, "attack": None, "enemy_attack": None}


def act(aid: str, verb: str, card: str | None = None, tokens: tuple[str, ...] = ()) -> Action:
    return Action(aid, msg("act.pass"), card=card, verb=verb, extra=(("tokens", tokens),) if tokens else ())


def choose(v: dict[str, Any], kind: str, actions: list[Action]) -> str:
    return HeuristicBot().choose(GAME, v, Decision(0, kind, msg("act.pass")), actions, Rng(1))


def test_s4_3_a_lone_hero_quests_when_the_coming_attack_is_survivable() -> None:
    """§4.3: each point of willpower short of the staging threat is a point of threat for every
    player. The old bot kept its only hero home whenever an enemy was near engaging, so it failed
    every quest by the whole staging threat; a Dungeon Guard's 2 attack is not worth that."""
    gimli = char("p0.gimli.1", 2, 2, 2, 5)
    guard = enemy("e.dungeon_guard.1", 16, 1, 2, 1, 2)
    v = view([gimli], threat=20, staging=[guard, location("e.prison_cell.1", 1, 3)])
    assert choose(v, "commit", [act("commit p0.gimli.1", "commit", gimli["id"]), act("done", "done")]) \
        == "commit p0.gimli.1"


def test_s4_3_aragorn_quests_and_readies_himself() -> None:
    """§4.3 with Aragorn's Response (spend 1 resource to ready him after he commits): he is never
    the one kept back from the quest while he has a resource, even against a hard hitter."""
    aragorn = char("p0.aragorn.1", 2, 3, 2, 5, res=2)
    ally = char("p0.son_of_arnor.1", 0, 2, 0, 2, kind="ally")
    captain = enemy("e.angmar_captain.1", 15, 3, 5, 2, 5)
    v = view([aragorn, ally], threat=20, staging=[captain])
    assert choose(v, "commit", [act("commit p0.aragorn.1", "commit", aragorn["id"]), act("done", "done")]) \
        == "commit p0.aragorn.1"


def test_s4_3_a_blocker_stays_back_against_a_hit_that_would_kill_the_quester() -> None:
    """§4.3/§4.6: against an attack that would kill a lone hero undefended, keep the best
    defender home (the choice the old bot made everywhere is still right here)."""
    gimli = char("p0.gimli.1", 2, 2, 2, 5)
    legolas = char("p0.legolas.1", 1, 3, 1, 4)
    tormentor = enemy("e.goblin_tormentor.1", 15, 2, 6, 1, 3)
    v = view([gimli, legolas], threat=20, engaged=[tormentor])
    actions = [act("commit p0.gimli.1", "commit", gimli["id"]), act("commit p0.legolas.1", "commit", legolas["id"]),
               act("done", "done")]
    assert choose(v, "commit", actions) == "commit p0.legolas.1"


def test_s4_5_engages_a_staging_enemy_it_can_block() -> None:
    """§4.5/§5.5: an engaged enemy's threat stops counting against the quest. The old bot
    engaged only with two ready characters and nothing engaged, so a lone blocker never did."""
    beorn = char("p0.beorn.1", 1, 3, 3, 6, kind="ally")
    torturer = enemy("e.cruel_torturer.1", 36, 2, 3, 2, 3)
    v = view([beorn], threat=20, staging=[torturer], phase="encounter")
    assert choose(v, "engage", [act("engage e.cruel_torturer.1", "engage", torturer["id"]),
                                act("pass", "pass")]) == "engage e.cruel_torturer.1"


def test_s4_5_does_not_engage_what_would_kill_its_only_blocker() -> None:
    weak = char("p0.snowbourn_scout.1", 0, 0, 1, 1, kind="ally")
    hero = char("p0.theodred.1", 1, 2, 1, 4, exhausted=True)
    captain = enemy("e.angmar_captain.1", 35, 3, 5, 2, 5)
    v = view([weak, hero], threat=20, staging=[captain], phase="encounter")
    assert choose(v, "engage", [act("engage e.angmar_captain.1", "engage", captain["id"]),
                                act("pass", "pass")]) == "pass"


def test_s4_4_travels_to_a_patrol_room_rather_than_leave_its_threat_in_staging() -> None:
    """§4.4: a Patrol Room's travel cost (3 threat each) is paid once; left in the staging area
    its 3 threat is paid every round. The old bot never travelled there."""
    room = location("e.patrol_room.1", 3, 2, captured=2)
    v = view([char("p0.gimli.1", 2, 2, 2, 5)], staging=[room], phase="travel")
    assert choose(v, "travel", [act("travel e.patrol_room.1", "travel", room["id"]), act("stay", "stay")]) \
        == "travel e.patrol_room.1"


def test_s4_6_grim_resolve_readies_the_exhausted_table_before_the_attacks() -> None:
    """§4.6 with Grim Resolve (ready every character): the old bot let resources pile up on its
    heroes and faced the enemy attacks with everyone exhausted from the quest."""
    chars = [char("p0.aragorn.1", 2, 3, 2, 5, exhausted=True, res=6),
             char("p0.gloin.1", 2, 2, 1, 4, exhausted=True),
             char("p0.faramir.1", 2, 1, 2, 3, kind="ally", exhausted=True)]
    v = view(chars, engaged=[enemy("e.cruel_torturer.1", 36, 2, 3, 2, 3)], phase="combat")
    play = act("play p0.grim_resolve.1", "play", "p0.grim_resolve.1")
    assert choose(v, "actions", [play, act("pass", "pass")]) == "play p0.grim_resolve.1"


def test_s4_6_quick_strike_when_it_kills() -> None:
    aragorn = char("p0.aragorn.1", 2, 3, 2, 5)
    guard = enemy("e.dungeon_guard.1", 16, 1, 2, 1, 2)
    v = view([aragorn], engaged=[guard], phase="combat")
    play = act("play p0.quick_strike.1 p0.aragorn.1 e.dungeon_guard.1", "play", "p0.quick_strike.1",
               (aragorn["id"], guard["id"]))
    assert choose(v, "actions", [play, act("pass", "pass")]) == play.id
    tough = enemy("e.angmar_captain.1", 35, 3, 5, 2, 5)
    v = view([aragorn], engaged=[tough], phase="combat")
    play = act("play p0.quick_strike.1 p0.aragorn.1 e.angmar_captain.1", "play", "p0.quick_strike.1",
               (aragorn["id"], tough["id"]))
    assert choose(v, "actions", [play, act("pass", "pass")]) == "pass"


def test_s4_6_attacks_an_engaged_enemy_it_can_kill() -> None:
    aragorn = char("p0.aragorn.1", 2, 3, 2, 5)
    guard = enemy("e.dungeon_guard.1", 16, 1, 2, 1, 2)
    v = view([aragorn], engaged=[guard], phase="combat")
    assert choose(v, "attack", [act("attack e.dungeon_guard.1", "attack", guard["id"]), act("done", "done")]) \
        == "attack e.dungeon_guard.1"
