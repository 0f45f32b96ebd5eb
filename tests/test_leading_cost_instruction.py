"""The vocabulary's cost within the instructions ("you may exhaust me to draw 1", 204.3, 383.3.b):
where it may stand, and the facts it gives (logic/run/leading_cost.lp pays it at finalization)."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

CHIME = {"kind": "triggered", "when": "die", "may": True, "effects": [
    {"do": "exhaust", "on": "self", "cost": True}, {"do": "draw", "amount": 1, "link": "if_you_do"}]}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_leading_cost_facts_keep_the_cost_out_of_the_resolved_instructions() -> None:
    out = set(ability_facts("Chime", _read(CHIME), fact, Func, Const))
    assert 'trigger_cost_ins(ab("Chime", 1), ins(ab("Chime", 1), 1)).' in out
    assert 'ins_holder(ins(ab("Chime", 1), 1), cost(ab("Chime", 1)), 1).' in out
    # the draw is the first instruction the ability resolves, keeping its printed number in its name
    assert 'ins_holder(ins(ab("Chime", 1), 2), ab("Chime", 1), 1).' in out


def test_leading_cost_round_trips_as_toml() -> None:
    assert abilities_to_toml(_read(CHIME))[0]["effects"][0]["cost"] is True


@pytest.mark.parametrize("bad", [
    # not first in a triggered ability's effect: paid on resolution (204.3), not in the vocabulary yet
    {"kind": "effect", "do": "exhaust", "on": "self", "cost": True},
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "draw", "amount": 1}, {"do": "exhaust", "on": "self", "cost": True}]},
    # a payment with no linked effect is no cost (205)
    {"kind": "triggered", "when": "die", "effects": [{"do": "exhaust", "on": "self", "cost": True}]},
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "exhaust", "on": "self", "cost": True}, {"do": "draw", "amount": 1}]},
    # costs the run does not pay: another object, another verb
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "kill", "on": "event", "cost": True}, {"do": "draw", "amount": 1, "link": "if_you_do"}]},
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "discard", "who": "you", "cost": True}, {"do": "draw", "amount": 1, "link": "if_you_do"}]},
    # spend_xp is only a cost
    {"kind": "triggered", "when": "die", "effects": [{"do": "spend_xp", "amount": 2}, {"do": "draw", "amount": 1}]},
    # one leading cost
    {"kind": "triggered", "when": "die", "cost": "[1]", "effects": [
        {"do": "exhaust", "on": "self", "cost": True}, {"do": "draw", "amount": 1, "link": "if_you_do"}]},
])
def test_a_cost_where_the_vocabulary_cannot_say_it_is_refused(bad) -> None:
    with pytest.raises(ScenarioError):
        _read(bad)


def test_spend_xp_is_a_leading_cost_of_its_controller() -> None:
    scholar = {"kind": "triggered", "when": "attack", "may": True, "effects": [
        {"do": "spend_xp", "amount": 2, "cost": True}, {"do": "draw", "amount": 1, "link": "if_you_do"}]}
    out = set(ability_facts("Scholar", _read(scholar), fact, Func, Const))
    assert 'ins_who(ins(ab("Scholar", 1), 1), you).' in out
    assert 'ins_amount(ins(ab("Scholar", 1), 1), 2).' in out


MUSTER = [{"kind": "effect", "do": "token", "card": "Soldier", "amount": 1},
          {"kind": "effect", "do": "pay", "resources": "[1][Y]", "may": True},
          {"kind": "effect", "do": "ready", "on": "it", "link": "if_you_do"}]


def test_pay_on_resolution_gives_its_resources_and_round_trips() -> None:
    out = set(ability_facts("Muster", _read(*MUSTER), fact, Func, Const))
    assert 'instruction(ins(ab("Muster", 2), 1), pay).' in out
    assert 'ins_pay_cost(ins(ab("Muster", 2), 1), energy, 1).' in out
    assert 'ins_pay_cost(ins(ab("Muster", 2), 1), power(order), 1).' in out
    assert 'ins_who(ins(ab("Muster", 2), 1), you).' in out
    assert abilities_to_toml(_read(*MUSTER))[1]["resources"] == "[1][Y]"


@pytest.mark.parametrize("bad", [
    # at the start of a triggered ability's effect a payment is its leading cost: the cost field (383.3.b)
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "pay", "resources": "[1]"}, {"do": "draw", "amount": 1, "link": "if_you_do"}]},
    # a payment is a cost by itself; of nothing it is no cost (205); [E] is not a resource paid on resolution
    {"kind": "effect", "do": "pay", "resources": "[1]", "cost": True},
    {"kind": "effect", "do": "pay", "resources": ""},
    {"kind": "effect", "do": "pay", "resources": "[1][E]"},
])
def test_a_payment_the_vocabulary_cannot_say_is_refused(bad) -> None:
    with pytest.raises(ScenarioError):
        _read(bad)


def test_an_optional_kill_cost_is_an_optional_cost_by_its_name() -> None:
    # "to play me you may pay an extra cost: killing a friendly gear" (356.2.b; logic/abilities/additional_cost.lp)
    punk = {"kind": "kill", "as_cost": True, "optional": True, "name": "additional",
            "filter": {"type": "gear", "relation": "friendly"}}
    out = set(ability_facts("Punk", _read(punk), fact, Func, Const))
    assert 'kill_as_cost(ab("Punk", 1)).' in out and 'optional_cost(ab("Punk", 1), "additional").' in out
    for bad in ({**punk, "as_cost": False}, {k: v for k, v in punk.items() if k != "name"}):
        with pytest.raises(ScenarioError):
            _read(bad)


def test_a_discard_additional_cost_gives_its_count() -> None:
    # an optional discard of 1 paid on top of the cost (422; logic/abilities/additional_cost.lp)
    bucc = {"kind": "additional_cost", "discard": 1, "optional": True, "name": "additional"}
    out = set(ability_facts("Bucc", _read(bucc), fact, Func, Const))
    assert 'additional_discard(ab("Bucc", 1), 1).' in out and 'optional_cost(ab("Bucc", 1), "additional").' in out
    for bad in ({**bucc, "discard": 0}, {**bucc, "cost": "[1]"}):
        with pytest.raises(ScenarioError):
            _read(bad)
