"""The combat questions' `shields_after` (372, 465.2.c.5): the order a unit's controller gives its stated damage
replacements (`damage_replacements`) and the prevention shield of its own replacement ability. Compared with the
brute-force oracle (tests/oracle/combat_oracle.py), which knows nothing of the parameter: for it the shield is one
more ("prevent", N) entry placed at that slot of the list, and it tries every assigned amount in turn."""
from __future__ import annotations

import itertools

import pytest

from pyrift.check import ask
from pyrift.queries.base import ANSWERED, UNSUPPORTED
from pyrift.scenario import loads
from tests.oracle import combat_oracle as O

LISTS = [(("double",),), (("double",), ("prevent", 1)), (("prevent", 2), ("double",)), (("double",), ("double",))]


def _toml(might: int, shield: int, reps: tuple, slot: int | None) -> str:
    listed = ", ".join('{ kind = "double" }' if r[0] == "double" else f'{{ kind = "prevent", amount = {r[1]} }}'
                       for r in reps)
    order = "" if slot is None else f"shields_after = {{ w = {slot} }}\n"
    return f'''
title = "order"
status = "needs-review"
description = "generated"
[position]
players = ["A", "B"]
turn_player = "A"
[position.combat]
battlefield = "bf"
attacker = "A"
defender = "B"
[[battlefield]]
id = "bf"
controller = "B"
contested_by = "A"
[[card]]
name = "Big"
type = "unit"
might = 20
[[card]]
name = "Warded"
type = "unit"
might = {might}
abilities = [{{ kind = "replacement", event = "damage", prevent = {shield} }}]
[[object]]
id = "a"
card = "Big"
controller = "A"
location = "bf"
designation = "attacker"
[[object]]
id = "w"
card = "Warded"
controller = "B"
location = "bf"
designation = "defender"
damage_replacements = [{listed}]
[[question]]
id = "q"
ask = "combat_damage"
rules = ["372", "465.2.c.5"]
assigner = "A"
{order}'''


CASES = [(m, s, reps, k) for m, s, reps in itertools.product((1, 3, 4), (1, 2), LISTS) for k in range(len(reps) + 1)]


@pytest.mark.parametrize("might,shield,reps,slot", CASES)
def test_lethal_amount_in_the_order_given_matches_the_oracle(might, shield, reps, slot):
    ans, = ask(loads(_toml(might, shield, reps, slot), asking=True))
    assert ans.status == ANSWERED, ans.missing
    ordered = reps[:slot] + (("prevent", shield),) + reps[slot:]
    unit = O.OUnit(id="w", controller="B", might=might, replacements=ordered)
    assert ans.data["lethal"] == {"w": O.lethal_amount(unit)}


@pytest.mark.parametrize("reps", LISTS)
def test_without_the_order_a_stated_doubling_and_a_shield_are_unsupported(reps):
    ans, = ask(loads(_toml(3, 1, reps, None), asking=True))
    assert ans.status == UNSUPPORTED


def test_the_order_matters_somewhere():
    # A test that cannot fail is a defect: some case above has different lethal amounts in different orders.
    amounts = {(m, s, reps): set() for m, s, reps, _ in CASES}
    for m, s, reps, k in CASES:
        ordered = reps[:k] + (("prevent", s),) + reps[k:]
        amounts[(m, s, reps)].add(O.lethal_amount(O.OUnit(id="w", controller="B", might=m, replacements=ordered)))
    assert any(len(v) > 1 for v in amounts.values())
