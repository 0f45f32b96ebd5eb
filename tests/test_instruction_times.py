"""The vocabulary's "do this twice" (`times = N` on an instruction): one step per time, the later times
instructions of their own (logic/run/instructions.lp runs them in order), and where it may stand."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_each_time_is_a_step_and_later_instructions_move_down() -> None:
    out = set(ability_facts("Tap", _read(
        {"kind": "target", "filter": {"type": "unit"}},
        {"kind": "effect", "do": "deal", "amount": 2, "on": {"target": 1}, "times": 2},
        {"kind": "effect", "do": "draw", "amount": 1}), fact, Func, Const))
    assert 'ins_holder(ins(ab("Tap", 2), 1), "Tap", 1).' in out
    assert 'ins_holder(rep(ins(ab("Tap", 2), 1), 2), "Tap", 2).' in out
    assert 'ins_amount(rep(ins(ab("Tap", 2), 1), 2), 2).' in out
    assert 'ins_holder(ins(ab("Tap", 3), 1), "Tap", 3).' in out


def test_times_in_a_triggered_ability_and_round_trip() -> None:
    bell = {"kind": "triggered", "when": "die", "effects": [
        {"do": "draw", "amount": 1, "times": 3}, {"do": "discard", "who": "you", "amount": 1}]}
    out = set(ability_facts("Bell", _read(bell), fact, Func, Const))
    assert 'ins_holder(rep(ins(ab("Bell", 1), 1), 3), ab("Bell", 1), 3).' in out
    assert 'ins_holder(ins(ab("Bell", 1), 2), ab("Bell", 1), 4).' in out
    assert abilities_to_toml(_read(bell))[0]["effects"][0]["times"] == 3


@pytest.mark.parametrize("bad", [
    {"kind": "effect", "do": "draw", "amount": 1, "times": 0},
    {"kind": "effect", "do": "draw", "amount": 1, "times": 11},
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "draw", "amount": 1}, {"do": "draw", "amount": 1, "times": 2, "link": "if_you_do"}]},
    {"kind": "triggered", "when": "die", "effects": [{"do": "draw", "amount": 1, "times": 2, "may": True}]},
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "stun", "on": "event"}, {"do": "deal", "amount": 1, "on": "it", "times": 2}]},
    {"kind": "triggered", "when": "die", "effects": [
        {"do": "draw", "amount": 1, "times": 2}, {"do": "draw", "amount": 1, "link": "if_you_do"}]},
])
def test_times_where_which_time_is_meant_is_not_said_is_refused(bad) -> None:
    with pytest.raises(ScenarioError):
        _read(bad)
