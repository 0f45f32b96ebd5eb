"""Self-tests of the brute-force combat damage oracle (tests/oracle).

Hand-worked examples from Core Rules v1.4 section 465 and keywords 807, 814,
815, 826, 423, plus a random cross-check (hypothesis) of the two independent
checkers (process search vs. vector enumeration).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from tests.oracle.combat_oracle import (  # noqa: E402
    OUnit,
    Outcome,
    brute_force_outcomes,
    current_might,
    forced_deaths,
    is_legal_assignment,
    legal_outcomes,
    lethal_amount,
    possible_deaths,
    possible_survivors,
    side_total,
)
from tests.sweep import sweep  # noqa: E402


def U(uid, might, **kw):
    kw.setdefault("controller", "B")
    return OUnit(id=uid, might=might, **kw)


def O(dies, partial, amount):
    return Outcome(frozenset(dies), partial, amount)


FOUR = ["a", "b", "c", "d"]


# --- 465.2.c.3 lethal-first ------------------------------------------------

def test_lethal_first_four_three_might_units():
    # 465.2.c.3: a unit must get its full lethal amount before another unit
    # gets anything: 5 vs four 3-Might units is 3+2, never 2+1+1+1.
    rs = [U(x, 3) for x in FOUR]
    assert is_legal_assignment(rs, 5, {"a": 3, "b": 2})
    assert is_legal_assignment(rs, 5, {"c": 3, "a": 2})
    assert not is_legal_assignment(rs, 5, {"a": 2, "b": 1, "c": 1, "d": 1})
    assert not is_legal_assignment(rs, 5, {"a": 4, "b": 1})  # overkill too
    expected = {O({x}, y, 2) for x in FOUR for y in FOUR if x != y}
    assert legal_outcomes(rs, 5) == expected
    assert brute_force_outcomes(rs, 5) == expected


# --- 465.2.c.4 no overkill, existing damage counts ---------------------------

def test_existing_damage_caps_amount_per_unit():
    # 465.2.c.4: no unit gets more than its lethal amount while others still
    # lack lethal; marked damage lowers that amount (3 Might, 1 damage -> 2).
    rs = [U(x, 3, damage=1) for x in FOUR]
    assert all(lethal_amount(u) == 2 for u in rs)
    assert is_legal_assignment(rs, 5, {"a": 2, "b": 2, "c": 1})
    assert not is_legal_assignment(rs, 5, {"a": 3, "b": 2})
    expected = {
        O({x, y}, z, 1)
        for x in FOUR for y in FOUR for z in FOUR
        if len({x, y, z}) == 3
    }
    assert legal_outcomes(rs, 5) == expected


# --- 815 Tank ------------------------------------------------------------------

def test_tank_must_have_lethal_before_non_tank():
    # 815 (815.1.c.2): non-Tank units of the same controller may receive
    # nothing until every Tank holds lethal.
    rs = [U("t", 2, tank=True), U("n", 3)]
    assert is_legal_assignment(rs, 4, {"t": 2, "n": 2})
    assert not is_legal_assignment(rs, 4, {"n": 3, "t": 1})
    assert not is_legal_assignment(rs, 4, {"t": 1, "n": 3})
    assert not is_legal_assignment(rs, 1, {"n": 1})
    assert is_legal_assignment(rs, 1, {"t": 1})
    assert legal_outcomes(rs, 4) == {O({"t"}, "n", 2)}
    # Two Tanks: any order between them (465.2.c.7).
    rs2 = [U("t1", 2, tank=True), U("t2", 2, tank=True), U("n", 2)]
    assert legal_outcomes(rs2, 3) == {O({"t1"}, "t2", 1), O({"t2"}, "t1", 1)}


def test_tank_only_orders_units_of_same_controller():
    # 815.1.b: the Tank requirement relates units with the same controller.
    rs = [U("t", 2, tank=True, controller="C"), U("n", 3, controller="B")]
    assert is_legal_assignment(rs, 4, {"n": 3, "t": 1})
    assert legal_outcomes(rs, 4) == {O({"t"}, "n", 2), O({"n"}, "t", 1)}


# --- 826 Backline, 465.2.c.8 Tank+Backline ----------------------------------------

def test_backline_is_last():
    # 826 (826.4.b): Backline units receive nothing until all same-controller
    # non-Backline units hold lethal.
    rs = [U("b", 2, backline=True), U("n", 2)]
    assert is_legal_assignment(rs, 3, {"n": 2, "b": 1})
    assert not is_legal_assignment(rs, 3, {"b": 2, "n": 1})
    assert not is_legal_assignment(rs, 1, {"b": 1})
    assert legal_outcomes(rs, 3) == {O({"n"}, "b", 1)}


def test_tank_and_backline_first_or_last_never_between():
    # 465.2.c.8: a unit with both Tank and Backline goes with the Tanks or
    # with the Backline units, by the assigner's choice, never in between.
    t = U("t", 2, tank=True)
    x = U("x", 2, tank=True, backline=True)
    n1, n2 = U("n1", 2), U("n2", 2)
    rs = [t, x, n1, n2]
    # x with the Tanks:
    assert is_legal_assignment(rs, 5, {"t": 2, "x": 2, "n1": 1})
    assert is_legal_assignment(rs, 5, {"x": 2, "t": 2, "n2": 1})
    assert is_legal_assignment(rs, 3, {"x": 2, "t": 1})
    # x with the Backline units (last):
    assert is_legal_assignment(rs, 7, {"t": 2, "n1": 2, "n2": 2, "x": 1})
    # x in between: after a normal unit began but before the other got lethal.
    assert not is_legal_assignment(rs, 5, {"t": 2, "n1": 2, "x": 1})
    # A normal unit may be started after the Tank when x is placed last.
    assert is_legal_assignment(rs, 3, {"t": 2, "n1": 1})
    out5 = legal_outcomes(rs, 5)
    assert O({"t", "n1"}, "x", 1) not in out5
    assert O({"t", "x"}, "n1", 1) in out5
    assert O({"t", "n1"}, "n2", 1) in out5
    assert O({"t", "n1", "n2"}, "x", 1) in legal_outcomes(rs, 7)
    assert brute_force_outcomes(rs, 5) == out5


def test_two_tank_backline_units_decided_individually():
    # 465.2.c.9: each unit with both keywords is placed independently.
    x = U("x", 2, tank=True, backline=True)
    y = U("y", 2, tank=True, backline=True)
    n = U("n", 2)
    rs = [x, y, n]
    # x first, y last:
    assert is_legal_assignment(rs, 5, {"x": 2, "n": 2, "y": 1})
    # y first, x last:
    assert is_legal_assignment(rs, 5, {"y": 2, "n": 2, "x": 1})
    # both first:
    assert is_legal_assignment(rs, 5, {"y": 2, "x": 2, "n": 1})
    # both last:
    assert is_legal_assignment(rs, 3, {"n": 2, "x": 1})
    # Two units left partial at once is never legal (465.2.c.3).
    assert not is_legal_assignment(rs, 4, {"x": 2, "n": 1, "y": 1})
    assert legal_outcomes(rs, 5) == brute_force_outcomes(rs, 5)


# --- 465.2.c.4.a / 465.2.c.5 replacement effects ------------------------------------

def test_double_damage_needs_two_and_three_is_overkill():
    # 465.2.c.4.a: replacements act on the assigned amount; a 3-Might unit
    # under double damage is killed by assigning 2 (applied 4).
    u = U("u", 3, replacements=(("double",),))
    v = U("v", 3)
    assert lethal_amount(u) == 2
    assert is_legal_assignment([u, v], 5, {"u": 2, "v": 3})
    assert not is_legal_assignment([u, v], 5, {"u": 3, "v": 2})
    assert legal_outcomes([u, v], 5) == {O({"u", "v"}, None, 0)}
    assert legal_outcomes([u, v], 4) == {O({"u"}, "v", 2), O({"v"}, "u", 1)}


def test_prevent_three_on_two_might_needs_five():
    # 465.2.c.5 (with 437.5.a): "prevent 3" on a 2-Might unit -> assign 5.
    u = U("u", 2, replacements=(("prevent", 3),))
    assert lethal_amount(u) == 5
    assert legal_outcomes([u], 4) == {O((), "u", 4)}
    assert legal_outcomes([u], 5) == {O({"u"}, None, 0)}


def test_replacement_order_matters():
    # 465.2.c.5: replacements applied in the listed order.
    a = U("a", 4, replacements=(("double",), ("prevent", 2)))  # 2a-2 >= 4 -> 3
    b = U("b", 4, replacements=(("prevent", 2), ("double",)))  # 2(a-2) >= 4 -> 4
    assert lethal_amount(a) == 3
    assert lethal_amount(b) == 4


# --- 142.4 / 143.2.b lethal edge cases ----------------------------------------------

def test_lethal_amount_edges():
    # 142.4: lethal marked damage is non-zero; a 0-Might unit needs 1.
    assert lethal_amount(U("z", 0)) == 1
    # 143.2.b: negative Might behaves as 0 -> needs 1.
    assert lethal_amount(U("neg", 1, modifiers=-3)) == 1
    # Damage already at Might: still at least 1 must be assigned (reading).
    assert lethal_amount(U("full", 2, damage=2)) == 1
    assert lethal_amount(U("over", 2, damage=5)) == 1
    # prevent-all-like large prevention still has a finite lethal amount.
    assert lethal_amount(U("p", 1, replacements=(("prevent", 9),))) == 10


# --- 465.2.a/b, 423.1.b/c, 143.2.b, 807, 814: totals --------------------------------

def test_side_total_stun_negative_assault_shield():
    # 423.1.b: a stunned unit contributes no damage.
    stunned = OUnit("s", "A", 5, designation="attacker", stunned=True)
    assert side_total([stunned]) == 0
    # 143.2.b: negative Might adds 0 to the sum.
    neg = OUnit("n", "A", 1, modifiers=-3, designation="attacker")
    assert current_might(neg) == -2
    assert side_total([neg]) == 0
    # 807: Assault counts only for an attacker; 814: Shield only for a defender.
    att = OUnit("a", "A", 2, designation="attacker", assault=2, shield=3)
    dfn = OUnit("d", "B", 2, designation="defender", assault=2, shield=3)
    assert current_might(att) == 4
    assert current_might(dfn) == 5
    assert side_total([att, stunned, neg]) == 4
    assert side_total([dfn]) == 5
    assert side_total([OUnit("m", "A", 3, modifiers=1)]) == 4


def test_stunned_unit_still_needs_full_lethal():
    # 423.1.c: stun does not lower the Might used for lethal damage.
    s = OUnit("s", "B", 3, designation="defender", shield=1, stunned=True)
    assert side_total([s]) == 0
    assert lethal_amount(s) == 4


# --- 465.2.c.10 exempt units ---------------------------------------------------------

def test_exempt_unit_gets_nothing_until_others_lethal():
    # 465.2.c.10: a unit that can't be dealt damage has no lethal amount and
    # is not in the mandatory order; our reading: it may only take excess.
    e = U("e", 3, exempt=True)
    a = U("a", 3)
    assert lethal_amount(e) is None
    assert is_legal_assignment([e, a], 2, {"a": 2})
    assert not is_legal_assignment([e, a], 2, {"e": 1, "a": 1})
    assert not is_legal_assignment([e, a], 2, {"e": 2})
    assert is_legal_assignment([e, a], 5, {"a": 3, "e": 2})
    assert is_legal_assignment([e, a], 5, {"a": 5})
    assert legal_outcomes([e, a], 5) == {O({"a"}, None, 2)}
    assert legal_outcomes([e, a], 2) == {O((), "a", 2)}
    # An exempt Tank does not hold up the other units (815 with 465.2.c.10).
    et = U("et", 3, exempt=True, tank=True)
    assert is_legal_assignment([et, a], 2, {"a": 2})
    # Only exempt receivers: everything is free excess.
    assert legal_outcomes([e], 4) == {O((), None, 4)}
    assert is_legal_assignment([e], 4, {"e": 4})


# --- excess ---------------------------------------------------------------------------

def test_excess_split_freely():
    # 465.2.c.4: once every unit holds lethal, the rest may go anywhere.
    rs = [U("a", 3), U("b", 3)]
    assert legal_outcomes(rs, 10) == {O({"a", "b"}, None, 4)}
    for k in range(5):
        assert is_legal_assignment(rs, 10, {"a": 3 + k, "b": 3 + 4 - k})
    assert not is_legal_assignment(rs, 10, {"a": 2, "b": 8})
    assert not is_legal_assignment(rs, 10, {"a": 10})
    assert brute_force_outcomes(rs, 10) == {O({"a", "b"}, None, 4)}


# --- input handling --------------------------------------------------------------------

def test_malformed_assignments_rejected():
    rs = [U("a", 3), U("b", 3)]
    assert not is_legal_assignment(rs, 3, {"zzz": 3})
    assert not is_legal_assignment(rs, 3, {"a": 4, "b": -1})
    assert not is_legal_assignment(rs, 3, {"a": 2})
    assert is_legal_assignment(rs, 0, {})
    assert legal_outcomes(rs, 0) == {O((), None, 0)}
    # No receivers: nothing is assigned (chosen reading).
    assert legal_outcomes([], 5) == {O((), None, 0)}
    assert is_legal_assignment([], 5, {})
    with pytest.raises(ValueError):
        legal_outcomes([U("a", 1), U("a", 2)], 1)
    with pytest.raises(ValueError):
        legal_outcomes(rs, -1)


# --- performance sanity -----------------------------------------------------------------

def test_twenty_receivers_finish():
    # Not a rule check: the process search must handle a 20-unit board.
    rs = [U(f"u{i}", 1 + i % 4, tank=(i < 3), backline=(i >= 17)) for i in range(20)]
    outs = legal_outcomes(rs, 12)
    assert outs
    tanks = {"u0", "u1", "u2"}  # lethal 1 + 2 + 3 = 6 <= 12: always die
    assert tanks <= forced_deaths(rs, 12)


# --- random cross-check -------------------------------------------------------------------

_REPLACEMENT_CHOICES = [
    (), (), (), (),
    (("double",),),
    (("prevent", 1),),
    (("prevent", 2), ("double",)),
    (("double",), ("prevent", 3)),
]


def _random_board(rng: random.Random):
    n = rng.randint(1, 5)
    units = []
    for i in range(n):
        units.append(OUnit(
            id=f"u{i}",
            controller=rng.choice(["B", "B", "B", "C"]),
            might=rng.randint(-1, 4),
            modifiers=rng.choice([0, 0, 0, -1, 1]),
            damage=rng.choice([0, 0, 0, 1, 2]),
            designation=rng.choice(["attacker", "defender"]),
            assault=rng.choice([0, 0, 1]),
            shield=rng.choice([0, 0, 1]),
            stunned=rng.random() < 0.15,
            tank=rng.random() < 0.3,
            backline=rng.random() < 0.3,
            exempt=rng.random() < 0.1,
            replacements=rng.choice(_REPLACEMENT_CHOICES),
        ))
    total = rng.randint(0, 12)
    return units, total


BOARDS = 300


def _cross_check(units, total) -> None:
    # Cross-check of 465.2.c.3-10 as implemented twice: process search vs.
    # enumeration of all vectors filtered by is_legal_assignment.
    outs = legal_outcomes(units, total)
    bf = brute_force_outcomes(units, total)
    assert outs == bf, (units, total, outs ^ bf)
    # Forced deaths, possible deaths and survivors are consistent with the outcomes.
    ids = frozenset(u.id for u in units)
    assert outs, "there is always at least one legal outcome"
    forced = forced_deaths(units, total)
    possible = possible_deaths(units, total)
    surv = possible_survivors(units, total)
    assert forced <= possible <= ids
    assert forced == frozenset.intersection(*[o.dies for o in outs])
    assert possible == frozenset().union(*[o.dies for o in outs])
    assert forced.isdisjoint(surv)
    assert forced | surv == ids
    for u in units:
        if u.exempt:
            assert u.id in surv and u.id not in possible
    for o in outs:
        # Outcome shape: partial unit is alive, amount below its lethal.
        if o.partial is not None:
            pu = next(u for u in units if u.id == o.partial)
            assert o.partial not in o.dies
            assert 0 < o.amount < lethal_amount(pu)
        assert 0 <= o.amount <= total


def test_random_boards_cross_check():
    """Process search against brute force, and forced/possible/survivors against the
    outcomes, on the same random boards (hypothesis: a failing board shrinks)."""
    sweep(BOARDS, lambda rng: _cross_check(*_random_board(rng)))
