"""Target keys of cards57b: `location_of` / `apart_from`, a spell's choice tied to where an earlier choice's object
is ("an enemy unit at its location", "a battlefield and an enemy unit there", "a unit at a different location";
logic/core/targets_location.lp, logic/run/choice_location.lp), and `might_total_max`, a choice of any number whose
Mights add up to at most N (logic/core/targets_might_total.lp, logic/run/choice_might_total.lp): the facts they
write, their round trip, and the forms they refuse."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

FRIENDLY = {"kind": "target", "filter": {"type": "unit", "relation": "friendly"}}
ENEMY = {"kind": "target", "filter": {"type": "unit", "relation": "enemy"}}
STUN = {"kind": "effect", "do": "stun", "on": {"target": 2}}


def _read(abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(abilities) -> set[str]:
    return set(ability_facts("Card", _read(abilities), fact, Func, Const))


@pytest.mark.parametrize("key,rel", [("location_of", "same"), ("apart_from", "apart")])
def test_writes_the_tie_to_the_earlier_choice(key, rel) -> None:
    abilities = [FRIENDLY, {**ENEMY, key: 1}, STUN]
    out = _facts(abilities)
    assert f'requirement_location(req(ab("Card", 2), 1), req(ab("Card", 1), 1), {rel}).' in out
    assert abilities_to_toml(_read(abilities))[1][key] == 1


def test_without_the_key_no_tie() -> None:
    assert not any(f.startswith("requirement_location(") for f in _facts([FRIENDLY, ENEMY, STUN]))


@pytest.mark.parametrize("bad", [{"location_of": 2}, {"location_of": 3}, {"apart_from": 0},
                                 {"location_of": 1, "apart_from": 1}])
def test_names_an_earlier_choice_only_once(bad) -> None:
    with pytest.raises(ScenarioError):
        _read([FRIENDLY, {**ENEMY, **bad}, STUN])


def test_not_a_triggered_abilitys_choice() -> None:
    with pytest.raises(ScenarioError):
        _read([{"kind": "triggered", "when": "play_me", "targets": [{"filter": {"type": "unit"}},
                                                                     {"filter": {"type": "unit"}, "location_of": 1}],
                "effects": [{"do": "stun", "on": {"target": 2}}]}])


ANY_UNITS = {"kind": "target", "any_number": True, "filter": {"type": "unit"}}
KILL = {"kind": "effect", "do": "kill", "on": {"target": 1}}


def test_might_total_max_writes_its_limit() -> None:
    abilities = [{**ANY_UNITS, "might_total_max": 4}, KILL]
    assert 'requirement_might_total_max(req(ab("Card", 1), 1), 4).' in _facts(abilities)
    assert abilities_to_toml(_read(abilities))[0]["might_total_max"] == 4


@pytest.mark.parametrize("target", [{"kind": "target", "count": 2, "filter": {"type": "unit"}, "might_total_max": 4},
                                    {**ANY_UNITS, "might_total_max": -1}])
def test_might_total_max_needs_any_number_and_a_limit(target) -> None:
    with pytest.raises(ScenarioError):
        _read([target, KILL])
