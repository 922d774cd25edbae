"""The shortcuts the MSX rules take for speed (issue #15) give exactly what the long way gives.

Each test names the shortcut's invariant and checks it against a from-scratch computation, over
many seeded random games where it needs played states."""

from __future__ import annotations

from tabletop import games
from tabletop.engine.chance import roll
from tabletop.engine.rng import DICE, Rng
from tabletop.games.msx_cards.cards import catalogue
from tabletop.games.msx_cards.combat import _arithmetic, _new_bout, _plain_steps, bout, bout_key, die, same_catalogue
from tabletop.games.msx_cards.flow import new_fighter
from tabletop.games.msx_cards.state import ENEMY, FOREVER, PLAYER, BossDuel, Effect, MsxState
from tests.games.clone_check import played_states


def test_die_is_rng_below() -> None:
    """``combat.die`` (the generator written out, bounds worked out once) draws what
    ``chance.roll(..., log=False)`` draws: same value, same generator state, same undo barrier."""
    seeds = Rng(7)
    for _ in range(3000):
        start = seeds.below(1 << 64)
        for sides in DICE:
            a, b = MsxState(rng=start), MsxState(rng=start)
            assert die(a, sides) == roll(b, sides, "why", log=False)
            assert (a.rng, a.reveals, a.log) == (b.rng, b.reveals, b.log)


def _battle(a: str, b: str) -> MsxState:
    return MsxState(mode="battle", fighters=[new_fighter(a), new_fighter(b)])


def _duel(a: str, boss: str, colour: str, step: int) -> MsxState:
    return MsxState(mode="boss", fighters=[new_fighter(a), None],
                    duel=BossDuel(boss=boss, set=colour, step=step, results=[]))


def _pairings() -> list[tuple[MsxState, int]]:
    """Every attack the rules can make: each card on each card, and in a duel each card against
    each Boss entry of both sets, both ways."""
    data = catalogue()
    out = [(_battle(a, b), PLAYER) for a in data.card_ids for b in data.card_ids]
    for a in data.card_ids:
        for boss in data.bosses:
            for colour in ("white", "grey"):
                for step in range(1, 10):
                    out += [(_duel(a, boss, colour, step), PLAYER), (_duel(a, boss, colour, step), ENEMY)]
    return out


def test_the_bout_arithmetic_is_the_full_arithmetic() -> None:
    """With no capsule effect running, an attack's steps and damage from its ``Bout`` constants
    (``_plain_steps``) are exactly the full §7 walk's (``_arithmetic``), for every pairing, every
    roll of the biggest die and both values of "first attack received"."""
    same_catalogue()  # tables an earlier test built from tampered data are forgotten, as a game does
    checked = 0
    for s, x in _pairings():
        b = bout(s, x, 1 - x)
        for natural in range(1, 21):
            for first in (True, False):
                steps = [{"k": "st.roll", "die": 20, "value": natural}]
                damage = _arithmetic(s, x, 1 - x, b.cx, b.cy, b.yn, natural, first, steps)
                assert _plain_steps(b, 20, natural, first) == (steps, damage), (bout_key(s, x), natural, first)
                checked += 1
    assert checked > 150_000


def test_a_bout_first_met_under_a_capsule_effect_holds_the_no_effect_constants() -> None:
    """``_new_bout`` sets the running effects aside: a pairing first met while a capsule changes
    Attack or Defense (or blocks alterations) keeps the figures of an attack with no effect."""
    same_catalogue()
    data = catalogue()
    effects = [Effect(cap="c", src=ENEMY, on=PLAYER, kind="ATTACK_MOD", n=3, until=FOREVER),
               Effect(cap="c", src=PLAYER, on=ENEMY, kind="DEFENSE_SET", n=-9, until=FOREVER),
               Effect(cap="c", src=PLAYER, on=PLAYER, kind="BLOCK_ALTERATIONS", n=0, until=FOREVER),
               Effect(cap="c", src=PLAYER, on=ENEMY, kind="BLOCK_ALTERATIONS", n=0, until=FOREVER)]
    for a in data.card_ids[:20]:
        for b in data.card_ids:
            plain = _new_bout(_battle(a, b), PLAYER, ENEMY)
            s = _battle(a, b)
            s.effects = [dict(e) for e in effects]  # type: ignore[misc]
            assert _new_bout(s, PLAYER, ENEMY) == plain
            assert s.effects == effects


def test_the_kept_bout_is_a_fresh_one_at_every_step() -> None:
    """``bout_key`` holds everything a Bout depends on: at every decision of many random games
    (battles, duels, solo and versus), the kept Bout of each way of attacking equals one worked out
    from scratch from the state."""
    game = games.game("msx_cards")
    checked = 0
    for state in played_states(game, [(1, {}), (2, {"versus": True}), (1, {"classic": True})], every=1, seeds=6):
        if state.phase != "act":
            continue
        for x in (PLAYER, ENEMY):
            assert bout(state, x, 1 - x) == _new_bout(state, x, 1 - x), bout_key(state, x)
            checked += 1
    assert checked > 1000


def test_the_tables_are_forgotten_when_the_data_changes() -> None:
    """``same_catalogue`` (called where a game, battle or duel starts) empties every kept table
    when the catalogue in use is another one, so tampered data never meets facts of the shipped."""
    from tabletop.games.msx_cards import combat

    game = games.game("msx_cards")
    played_states(game, [(1, {})], every=50, seeds=1)
    assert all(combat.TABLES[i] for i in range(3))
    combat._FROM[0] = object()  # as if the tables had been built from other data
    combat.same_catalogue()
    assert not any(combat.TABLES) and combat._FROM[0] is catalogue()
    assert len(combat.TABLES) == 6  # Worlds, cards, bouts, odds, shared roll-off messages, menus


def test_the_shared_steps_stay_what_they_say() -> None:
    """The plain attack shares one roll, attack and damage step per figure (and the bouts one
    ``nm`` message per negative figure) across every event that shows it: after many random games
    (solo and versus, battles and duels) each shared message is still exactly the one it stands for,
    so no reader of the log changed one in place."""
    from tabletop.games.msx_cards import combat
    from tabletop.games.msx_cards.text import nm

    game = games.game("msx_cards")
    played_states(game, [(1, {}), (2, {"versus": True})], every=200, seeds=8)
    assert combat._ATTACK_STEPS and combat._MINUS
    for sides, faces in combat.ROLL_STEPS.items():
        assert list(faces) == [{"k": "st.roll", "die": sides, "value": v} for v in range(sides + 1)]
    assert list(combat.DAMAGE_STEPS) == [{"k": "st.damage", "n": n} for n in range(len(combat.DAMAGE_STEPS))]
    for (a, raw), step in combat._ATTACK_STEPS.items():
        assert step == {"k": "st.attack", "a": a, "raw": raw}
    for n, shown in combat._MINUS.items():
        assert shown == nm(n) and n < 0


def test_the_attack_effect_kinds_classify_every_running_effect() -> None:
    """Every effect kind a capsule leaves running is one an attack reads on its attacker, on its
    target, or never (``combat._aside`` skips the rest): a new kind must be placed in one of the
    sets before the fast path could overlook it. HEAL, HARM and STOP act at once, leaving no record."""
    from tabletop.games.msx_cards.capsules import HANDLED
    from tabletop.games.msx_cards.combat import NOT_IN_AN_ATTACK, ON_ATTACKER, ON_TARGET

    instant = {"HEAL", "HARM", "CANCEL_OPPONENT_CAPSULE"}
    assert (ON_ATTACKER | ON_TARGET | NOT_IN_AN_ATTACK) == HANDLED - instant
    assert not NOT_IN_AN_ATTACK & (ON_ATTACKER | ON_TARGET)
    kinds = {e["kind"] for cap in catalogue().capsules.values() for e in cap["effects"]}
    assert kinds <= HANDLED


def test_an_attack_past_effects_it_does_not_read_is_the_plain_one() -> None:
    """R16 and §7: when capsule effects run but none is one the attack reads (``combat._aside``),
    its steps and damage from the bout (``_plain_steps``) are the full walk's (``_arithmetic``) with
    those effects running, for every roll, at every decision of many random games (solo and versus,
    battles and duels)."""
    from tabletop.games.msx_cards.combat import _aside, world

    game = games.game("msx_cards")
    checked = 0
    for state in played_states(game, [(1, {}), (2, {"versus": True}), (1, {"mission": "quick"})], every=1, seeds=8):
        if state.phase != "act" or not state.effects:
            continue
        sides = world(state)["die"]
        for x in (PLAYER, ENEMY):
            y = 1 - x
            if not _aside(state.effects, x, y):
                continue
            b = bout(state, x, y)
            for natural in range(1, sides + 1):
                for first in (True, False):
                    steps = [{"k": "st.roll", "die": sides, "value": natural}]
                    damage = _arithmetic(state, x, y, b.cx, b.cy, b.yn, natural, first, steps)
                    assert _plain_steps(b, sides, natural, first) == (steps, damage), (bout_key(state, x), natural)
                    checked += 1
    assert checked > 500


def test_the_shared_initiative_lists_stay_what_they_say() -> None:
    """R6: every roll-off of a pairing shares its ``Odds``' ``mods`` and ``notes`` lists in
    ``last_init`` and the initiative event: after many random games (solo and versus, battles and
    duels) each is still the modifiers and the notes its pairing works out, so no reader of the
    state or the log changed one in place."""
    from tabletop.games.msx_cards import flow
    from tabletop.games.msx_cards.text import spaced

    game = games.game("msx_cards")
    played_states(game, [(1, {}), (2, {"versus": True})], every=200, seeds=8)
    assert flow._ODDS
    for odds in flow._ODDS.values():
        assert odds.mod_list == list(odds.mods)
        for side, joined in ((PLAYER, odds.p_why), (ENEMY, odds.e_why)):
            notes = odds.notes[side]
            assert (spaced(notes) if notes else None) == joined
            assert len(notes) <= 2 and odds.mods[side] >= len(notes) - 1


def test_an_act_answer_is_legal_exactly_when_the_menu_offers_it() -> None:
    """``apply`` checks an act answer with one look-up (attack, or the kept capsule action found in
    the menu by identity): at every act decision of many random games (solo and versus, battles
    and duels), every capsule of the box is applied exactly when ``legal_actions`` lists it, and is
    refused with ``IllegalAction`` (the state untouched) when it does not."""
    from tabletop.engine import IllegalAction
    from tabletop.engine.state import to_plain

    game = games.game("msx_cards")
    refused = applied = 0
    for state in played_states(game, [(1, {}), (2, {"versus": True})], every=3, seeds=4):
        if state.phase != "act":
            continue
        legal = {a.id for a in game.legal_actions(state)}
        assert "attack" in legal
        for cap in catalogue().capsules:
            twin = game.clone(state)
            if f"capsule {cap}" in legal:
                game.apply(twin, f"capsule {cap}")
                assert twin.step == state.step + 1
                applied += 1
            else:
                before = to_plain(twin)
                try:
                    game.apply(twin, f"capsule {cap}")
                except IllegalAction:
                    refused += 1
                else:
                    raise AssertionError(f"capsule {cap} applied though not offered")
                assert to_plain(twin) == before
    assert applied > 50 and refused > 500


def test_the_initiative_steps_kept_per_pairing_are_the_messages() -> None:
    """R6/R36: each pairing's ``Odds`` keeps the roll-off's step messages it has shown (every
    initiative event of the pairing shares them) and whether a fighter has SURPRISE_ATTACK (a
    battle skips R36's look otherwise): after many random games (solo and versus, battles and
    duels) each kept message is still the one worked out from the pairing's modifiers and notes,
    and the flag is what the cards say."""
    from tabletop.games.msx_cards import flow

    game = games.game("msx_cards")
    played_states(game, [(1, {}), (2, {"versus": True})], every=200, seeds=8)
    data = catalogue()
    kept = 0
    for (pn, en, boss), odds in flow._ODDS.items():
        cards = [data.cards[pn]] + ([] if boss else [data.cards[en]])
        assert odds.surprise == any(c["ability"] is not None and c["ability"]["kind"] == "SURPRISE_ATTACK"
                                    for c in cards)
        assert len(odds.shown) == 15 and odds.shown[0] is None
        for side, name, why in ((PLAYER, pn, odds.p_why), (ENEMY, en, odds.e_why)):
            for value in range(1, 7):
                step = odds.shown[side * 6 + value]
                if step is None:
                    continue
                total = value + odds.mods[side]
                want = ({"k": "st.ini", "card": name, "value": value, "total": total} if why is None else
                        {"k": "st.ini_mods", "card": name, "value": value, "mods": why, "total": total})
                assert step == want
                kept += 1
            first = odds.shown[13 + side]
            assert first is None or first == {"k": "st.first", "card": name}
    assert kept > 200
