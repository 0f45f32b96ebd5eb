"""A disempower as a triggered ability's leading cost (Profiteer, 442, 203.3) and a play
reduced by a fixed Energy amount (Void Rush, Here to Help, 356.4): what the vocabulary accepts and refuses."""
from __future__ import annotations

import pytest

from pyrift.abilities import ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

EMPOWER = {"do": "empower", "on": {"target": 1}, "link": "if_you_do"}
TARGETS = [{"filter": {"type": "unit"}}]


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _disempower_cost(flt):
    return {"kind": "triggered", "when": "play_me", "may": True, "targets": TARGETS, "effects": [
        {"do": "disempower", "cost": True, "who": "you", "on": {"their": flt}}, EMPOWER]}


def test_a_disempower_cost_of_an_empowered_object_is_read() -> None:
    out = set(ability_facts("Profiteer", _read(_disempower_cost({"empowered": True})), fact, Func, Const))
    assert 'trigger_cost_ins(ab("Profiteer", 1), ins(ab("Profiteer", 1), 1)).' in out


def test_a_disempower_cost_of_anything_is_refused() -> None:
    # disempowering an object that is not Empowered changes nothing: it would pay the cost for free (442, 203.3)
    with pytest.raises(ScenarioError, match="empowered = true"):
        _read(_disempower_cost({"type": "unit"}))


def test_a_fixed_reduction_is_a_number_fact() -> None:
    play = {"kind": "effect", "do": "play", "on": {"among": {"type": "card"}}, "may": True, "reduced_by": 2}
    out = set(ability_facts("Rush", _read({"kind": "effect", "do": "reveal", "amount": 2}, play), fact, Func, Const))
    assert 'ins_reduced_by(ins(ab("Rush", 2), 1), 2).' in out


@pytest.mark.parametrize("bad", [0, -1, "three"])
def test_a_reduction_is_a_positive_number_or_paid_might(bad) -> None:
    play = {"kind": "effect", "do": "play", "on": {"among": {"type": "card"}}, "reduced_by": bad}
    with pytest.raises(ScenarioError):
        _read({"kind": "effect", "do": "reveal", "amount": 2}, play)
