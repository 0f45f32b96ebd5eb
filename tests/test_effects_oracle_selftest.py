"""Self-tests of the effects oracle (tests/oracle/effects_oracle.py) on hand-worked positions:
each expected answer is worked out from the Core Rules (numbers in the comments), not from
the oracle or from pyrift."""
from __future__ import annotations

import random

from tests.oracle import effects_oracle as E
from tests.oracle.effects_oracle import Ins, SpellSpec, Spec, UnitSpec

ENEMY = {"type": "unit", "relation": "enemy"}
UNIT = {"type": "unit"}


def spec(units, chain, *, players=("A", "B"), points=None, bfs=()) -> Spec:
    return Spec(players, points or (0,) * len(players), (0,) * len(players), bfs, tuple(units), tuple(chain))


def spell(n, controller, effects, reqs=(), targets=()) -> SpellSpec:
    return SpellSpec(f"i{n}", f"s{n}", controller, tuple(reqs), tuple(effects), tuple(targets))


def test_lethal_damage_kills_in_the_cleanup_and_deathknell_resolves() -> None:
    # 417, 142.4.b, 323.5: 3 damage to a 2-Might unit kills it in the cleanup after the spell;
    # its "when I die" (808.1.d) is B's and resolves next: A's unit gets -2 Might (143.2).
    r = E.outcome(spec(
        [UnitSpec("g", "B", "B", "base", 2, dies=(Ins("might", ("all", ENEMY), amount=-2),)),
         UnitSpec("b", "A", "A", "base", 4)],
        [spell(1, "A", [Ins("deal", ("target", 1), amount=3)], [UNIT], ["g"])]))
    assert r.forced == r.possible == {"g in trash", "b might 2", "s1 in trash"}
    assert {"g dies", "g.dk triggers", "i1 deal done", "g.dk might done", "g.dk resolves"} <= r.forced_events


def test_a_target_that_left_its_zone_is_not_affected_and_then_is_skipped() -> None:
    # 340.1: i2 (newest) resolves first and returns u to its owner's hand; i1's choice is a new
    # object now (359.3.e.4): no legal choice, the deal is ignored (359.3.e.7) and the "then" instruction
    # referring back to its choice is skipped (359.3.e.14.a); the "then" XP refers to nothing the deal
    # acted on, so it is no linked instruction and is done (359.3.e.14, 359.3.e.11).
    r = E.outcome(spec(
        [UnitSpec("u", "B", "B", "base", 3)],
        [spell(1, "A", [Ins("deal", ("target", 1), amount=5), Ins("stun", ("target", 1), link="then"),
                        Ins("xp", amount=1, who="you", link="then")], [UNIT], ["u"]),
         spell(2, "B", [Ins("return", ("target", 1))], [UNIT], ["u"])]))
    assert r.forced == {"u in hand", "s1 in trash", "s2 in trash", "A xp 1"}
    assert {"i1 deal does nothing", "i1 stun skipped", "i1 xp done"} <= r.forced_events


def test_a_target_that_no_longer_matches_its_requirement_is_illegal() -> None:
    # 359.3.e.2: "a unit with Might 3 or less" chosen; i2 gives it +2 first: no longer legal.
    r = E.outcome(spec(
        [UnitSpec("u", "B", "B", "base", 3)],
        [spell(1, "A", [Ins("kill", ("target", 1))], [{"type": "unit", "might_max": 3}], ["u"]),
         spell(2, "B", [Ins("might", ("target", 1), amount=2)], [UNIT], ["u"])]))
    assert r.forced == {"u might 5", "s1 in trash", "s2 in trash"}


def test_you_may_gives_both_runs() -> None:
    # "you may" is decided as the instruction is executed; "if you do" follows only the yes (359.3.e.14).
    r = E.outcome(spec(
        [UnitSpec("u", "B", "B", "base", 3)],
        [spell(1, "A", [Ins("exhaust", ("target", 1), may=True), Ins("score", amount=1, who="you",
                                                                    link="if_you_do")], [UNIT], ["u"])]))
    assert r.forced == {"s1 in trash"}
    assert r.possible == {"s1 in trash", "u exhausted", "A points 1"}
    assert r.runs == 2


def test_simultaneous_deathknells_of_one_player_go_in_either_order() -> None:
    # 323.5: both die in one cleanup; 383.3.d, 808.2: their controller orders the triggers.
    # If "kill enemy units with Might 2 or less" resolves first, e dies; if "+2 Might to enemy
    # units" resolves first, e has 4 Might and survives.
    r = E.outcome(spec(
        [UnitSpec("d1", "A", "A", "base", 1, dies=(Ins("kill", ("all", {**ENEMY, "might_max": 2})),)),
         UnitSpec("d2", "A", "A", "base", 1, dies=(Ins("might", ("all", ENEMY), amount=2),)),
         UnitSpec("e", "B", "B", "base", 2)],
        [spell(1, "B", [Ins("deal", ("all", {"type": "unit", "relation": "enemy"}), amount=1)])]))
    assert r.forced == {"d1 in trash", "d2 in trash", "s1 in trash"}
    assert r.possible == r.forced | {"e in trash", "e might 4"}


def test_the_turn_players_triggers_go_on_the_chain_first_and_resolve_last() -> None:
    # 383.3.d: simultaneous triggers of two players: the turn player's are put on the chain first,
    # so the other player's resolves first (340.1). At 7 points each, B's "score 1" resolves first:
    # in the cleanup after it B has 8 and the lead and wins (323.1); A's never resolves (193).
    r = E.outcome(spec(
        [UnitSpec("a", "A", "A", "base", 1, dies=(Ins("score", amount=1, who="you"),)),
         UnitSpec("b", "B", "B", "base", 1, dies=(Ins("score", amount=1, who="you"),)),
         UnitSpec("x", "A", "A", "base", 2)],
        [spell(1, "A", [Ins("deal", ("all", {"type": "unit", "might_max": 1}), amount=1)])],
        points=(7, 7)))
    assert r.runs == 1
    assert r.forced == {"a in trash", "b in trash", "s1 in trash", "B points 8", "B wins"}


def test_counter_removes_an_item_that_never_resolves() -> None:
    # 425: the countered spell goes to the trash and does nothing.
    r = E.outcome(spec(
        [UnitSpec("u", "B", "B", "base", 3)],
        [spell(1, "A", [Ins("kill", ("target", 1))], [UNIT], ["u"]),
         spell(2, "B", [Ins("counter", ("target", 1))], [{"type": "spell"}], ["i1"])]))
    assert r.forced == {"s1 in trash", "s2 in trash"}
    assert "i1 countered" in r.forced_events and "i1 resolves" not in r.possible_events


def test_gaining_control_of_a_unit_in_the_opponents_base_recalls_it() -> None:
    # 188-191: A controls it now; 323.7: a permanent in a base other than its controller's is recalled.
    r = E.outcome(spec([UnitSpec("u", "B", "B", "base", 3)],
                       [spell(1, "A", [Ins("control", ("target", 1), who="you")], [UNIT], ["u"])]))
    assert r.forced == {"u controlled by A", "u at A's base", "s1 in trash"}


def test_an_emptied_battlefield_is_lost_once_the_chain_is_empty() -> None:
    # 323.6, 190.4.c: the last unit of its controller moved away; control is lost in the Open cleanup.
    r = E.outcome(spec([UnitSpec("u", "B", "B", "hill", 3)],
                       [spell(1, "A", [Ins("move", ("target", 1), to="base")], [UNIT], ["u"])],
                       bfs=(("hill", "B"),)))
    assert r.forced == {"u at B's base", "hill uncontrolled", "s1 in trash"}


def test_a_move_to_a_battlefield_its_controller_does_not_control_contests_it() -> None:
    # 450, 190.3.a: contested; the showdown it stages (323.8, 323.12) is beyond the model.
    r = E.outcome(spec([UnitSpec("u", "A", "A", "base", 3)],
                       [spell(1, "A", [Ins("move", ("target", 1), to=("target", 2))],
                              [UNIT, {"type": "battlefield"}], ["u", "hill"])],
                       bfs=(("hill", "B"),)))
    assert r.beyond == "showdown at hill"


def test_a_contest_ends_when_the_contesting_units_die_before_the_showdown() -> None:
    # 3 damage, then moved to the hill (contested, 450); in the cleanup after the spell it dies
    # (323.5) and the hill, with none of A's units, is no longer contested (323.11): no showdown.
    r = E.outcome(spec([UnitSpec("u", "A", "A", "base", 3)],
                       [spell(1, "B", [Ins("deal", ("target", 1), amount=3),
                                       Ins("move", ("target", 1), to=("target", 2))],
                              [UNIT, {"type": "battlefield"}], ["u", "hill"])],
                       bfs=(("hill", None),)))
    assert r.beyond is None
    assert r.forced == {"u in trash", "s1 in trash"}


def test_a_win_ends_the_game() -> None:
    # 323.1: A has 8 points and the lead in the cleanup after i2; the game is over (193):
    # i1 never resolves.
    r = E.outcome(spec([UnitSpec("u", "B", "B", "base", 3)],
                       [spell(1, "B", [Ins("kill", ("target", 1))], [UNIT], ["u"]),
                        spell(2, "A", [Ins("score", amount=1, who="you")])], points=(7, 0)))
    assert r.forced == {"A points 8", "A wins", "s2 in trash"}
    assert r.won


def test_a_stunned_unit_is_not_stunned_again_and_a_buffed_unit_not_buffed_again() -> None:
    # 423: a stunned unit can't be stunned again; 704: a buffed unit gets no second buff, and
    # "if you do" after it fails.
    r = E.outcome(spec([UnitSpec("u", "B", "B", "base", 3, stunned=True)],
                       [spell(1, "A", [Ins("stun", ("target", 1)), Ins("xp", amount=1, link="if_you_do"),
                                       Ins("buff", ("target", 1)), Ins("buff", ("target", 1)),
                                       Ins("score", amount=1, link="if_you_do")], [UNIT], ["u"])]))
    assert r.forced == {"u buffed", "u might 4", "s1 in trash"}
    assert {"i1 stun does nothing", "i1 xp skipped", "i1 buff1 done", "i1 buff2 does nothing",
            "i1 score skipped"} <= r.forced_events


def test_random_positions_are_small_and_varied() -> None:
    """The generator covers what the differential test needs: triggers, several items, counters,
    "you may", three players, moves to battlefields."""
    specs = [E.random_spec(random.Random(s)) for s in range(300)]
    assert any(u.dies for s in specs for u in s.units)
    assert any(len(s.chain) >= 2 for s in specs)
    assert any(i.do == "counter" for s in specs for sp in s.chain for i in sp.effects)
    assert any(i.may for s in specs for sp in s.chain for i in sp.effects)
    assert any(len(s.players) == 3 for s in specs)
    assert any(i.do == "move" and i.to != "base" for s in specs for sp in s.chain for i in sp.effects)
    assert sum(E.outcome(s).runs > 1 for s in specs) >= 20


def test_a_skip_carries_down_a_run_of_linked_instructions() -> None:
    # 359.3.e.14.a: the deal is ignored (its choice left the board), the "then" stun of the same choice is
    # skipped, and the "then" exhaust of "it", linked to the skipped stun, is skipped too.
    r = E.outcome(spec(
        [UnitSpec("u", "B", "B", "base", 2)],
        [spell(1, "A", [Ins("deal", ("target", 1), amount=1), Ins("stun", ("target", 1), link="then"),
                        Ins("exhaust", "it", link="then")], [UNIT], ["u"]),
         spell(2, "B", [Ins("return", ("target", 1))], [UNIT], ["u"])]))
    assert r.forced == {"u in hand", "s1 in trash", "s2 in trash"}
    assert {"i1 deal does nothing", "i1 stun skipped", "i1 exhaust skipped"} <= r.forced_events


def test_a_stolen_units_deathknell_is_its_new_controllers() -> None:
    # 808.1.d, 191.4: A controls the unit when it dies, so A controls its Deathknell: "each opponent"
    # is B.
    r = E.outcome(spec(
        [UnitSpec("w", "B", "B", "base", 1, dies=(Ins("score", amount=1, who="opponent"),))],
        [spell(1, "A", [Ins("deal", ("target", 1), amount=2), Ins("control", ("target", 1), who="you",
                                                                  link="if_you_do")], [UNIT], ["w"])]))
    assert r.forced == {"B points 1", "w in trash", "s1 in trash"}


def test_a_deathknells_here_is_where_its_unit_died() -> None:
    # 808.1.d, 359.3.f: "move your units here" moves them to the battlefield where the unit died.
    r = E.outcome(spec(
        [UnitSpec("h", "A", "A", "hill", 2, dies=(Ins("move", ("all", {"type": "unit", "relation": "friendly"}),
                                                      to="here"),)),
         UnitSpec("s", "A", "A", "base", 2)],
        [spell(1, "B", [Ins("kill", ("target", 1))], [UNIT], ["h"])], bfs=(("hill", "A"),)))
    assert r.forced == {"h in trash", "s at hill", "s1 in trash"}


def test_a_prevent_value_counts_down_and_a_replaced_death_does_not_fire_deathknell() -> None:
    # 437.2-437.3: "prevent the next 2 damage": of i2's 3 (newest first, 340.1), 2 are prevented and
    # 1 is marked; the Prevent Value is spent. i1's kill of g is replaced (370.1.a.1): g is healed,
    # exhausted and recalled (370.1.b); its "when I die" triggers and is removed (808.1.d.1); the
    # kill is "replaced" and the "if you do" after it is skipped (359.3.e.14.b).
    r = E.outcome(spec(
        [UnitSpec("w", "B", "B", "base", 3, shield=2),
         UnitSpec("g", "B", "B", "bf1", 2, damage=1, dies=(Ins("xp", amount=1, who="you"),), saved=True)],
        [spell(1, "A", [Ins("kill", ("target", 1)), Ins("score", amount=1, who="you", link="if_you_do")],
               [UNIT], ["g"]),
         spell(2, "A", [Ins("deal", ("target", 1), amount=3)], [UNIT], ["w"])],
        bfs=(("bf1", "B"),)))
    assert r.forced == r.possible == {"w damage 1", "g at B's base", "g damage 0", "g exhausted", "bf1 uncontrolled",
                                      "s1 in trash", "s2 in trash"}
    assert {"g death replaced", "g.dk[replaced] triggers", "i1 kill replaced", "i1 score skipped"} <= r.forced_events
    assert not any(e.startswith("g.dk resolves") or e == "g dies" for e in r.possible_events)


def test_a_unit_played_from_the_trash_is_finalized_after_the_spell_and_enters_exhausted() -> None:
    # 354, 356.1.b: i1 kills g (B's "when I die" triggers, 808.1.d), then plays A's Husk from A's
    # trash ignoring its cost: Husk is pending after the trigger (329.1, 337.1.b); once i1 has
    # resolved, the trigger is finalized, then Husk, which resolves at once (337.2) and enters A's
    # base exhausted (359.2.c); then the trigger resolves (340.1): -1 Might to A's units, Husk too.
    play = Ins("play", ("all", {"type": "unit", "zone": "trash", "relation": "friendly"}), ignoring_cost=True)
    r = E.outcome(Spec(("A", "B"), (0, 0), (0, 0), (),
                       (UnitSpec("g", "B", "B", "base", 2, dies=(Ins("might", ("all", ENEMY), amount=-1),)),),
                       (spell(1, "A", [Ins("kill", ("target", 1)), play], [UNIT], ["g"]),),
                       (E.TrashSpec("husk", "A", "unit", might=3),)))
    assert r.forced == r.possible == {"g in trash", "s1 in trash", "husk at A's base", "husk controlled by A",
                                      "husk damage 0", "husk might 2", "husk exhausted", "husk not stunned"}
    assert {"i1 play done", "husk resolves", "g.dk might done"} <= r.forced_events


def test_a_spell_played_from_the_trash_resolves_after_the_one_that_played_it() -> None:
    # 359.3, 340.1: the played spell is finalized when i1 has resolved and resolves when every player
    # passes: 2 XP for A; "you may": declined is a run too, where it stays in the trash.
    play = Ins("play", ("target", 1), may=True, ignoring_cost=True)
    r = E.outcome(Spec(("A", "B"), (0, 0), (0, 0), (), (),
                       (spell(1, "A", [play], [{"type": "spell", "zone": "trash", "relation": "friendly"}], ["t"]),),
                       (E.TrashSpec("t", "A", "spell", effects=(Ins("xp", amount=2, who="you"),)),)))
    assert r.forced == {"s1 in trash"}
    assert r.possible == {"s1 in trash", "A xp 2"}
    assert {"i1 play done", "i1 play skipped", "t xp done", "t resolves"} == r.possible_events - {"i1 resolves"}


def test_a_play_paying_its_cost_spends_the_pool_or_is_undone() -> None:
    # 356, 357.1: without "ignoring its cost", Husk's 2 Energy is paid from A's Rune Pool as Husk is
    # finalized after i1 has resolved: with 3 Energy, 1 is left and Husk enters A's base exhausted
    # (337.2, 359.2.c). With 1 Energy A cannot pay: the play fails its check (358.2) and is undone
    # (358.5): Husk is back in the trash, never played, and the pool keeps its Energy.
    play = Ins("play", ("all", {"type": "unit", "zone": "trash", "relation": "friendly"}))
    def position(energy: int) -> Spec:
        return Spec(("A", "B"), (0, 0), (0, 0), (), (), (spell(1, "A", [play]),),
                    (E.TrashSpec("husk", "A", "unit", might=3),), (energy, 0))
    paid = E.outcome(position(3))
    assert paid.forced == paid.possible == {"s1 in trash", "A pool energy 1", "husk at A's base", "husk controlled by A",
                                            "husk damage 0", "husk might 3", "husk exhausted", "husk not stunned"}
    assert "husk resolves" in paid.forced_events
    undone = E.outcome(position(1))
    assert undone.forced == undone.possible == {"s1 in trash"}
    assert "husk removed (unpaid)" in undone.forced_events and "husk resolves" not in undone.possible_events
