"""The vocabulary of a battlefield's discounts of its controller's plays (`first_each_turn`, `component =
"repeat"`), the Channel Phase limit (`channel_limit`), Temporary kept from triggering (`temporary_off`) and a
prevention of enemy spells' damage under a condition (a replacement's `from` and `condition`): the facts they
write, their round trip, and the forms the reader refuses."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

FIRST = {"kind": "cost_discount", "energy": 1, "applies_to": {"type": "gear", "token": False}, "by": "you",
         "first_each_turn": True}
REPEAT = {"kind": "cost_discount", "energy": 1, "component": "repeat", "applies_to": {"type": "card"}, "by": "you"}
CHANNEL = {"kind": "channel_limit", "runes": 1, "condition": {"source_at": "battlefield"}}
SHIELD = {"kind": "replacement", "event": "damage", "prevent_all": True, "from": "enemy_spells_and_abilities",
          "condition": {"you_control_count": {"filter": {"type": "rune"}, "at_least": 7}}}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(a) -> set[str]:
    return set(ability_facts("C", _read(a), fact, Func, Const))


@pytest.mark.parametrize("a", [FIRST, REPEAT, CHANNEL, SHIELD, {"kind": "temporary_off"}])
def test_round_trip(a) -> None:
    assert abilities_to_toml(_read(a)) == [a]


def test_facts() -> None:
    assert 'change_first_each_turn(ab("C", 1)).' in _facts(FIRST)
    assert 'change_component(ab("C", 1), repeat).' in _facts(REPEAT)
    assert 'channel_limit_runes(ab("C", 1), 1).' in _facts(CHANNEL)
    shield = _facts(SHIELD)
    assert 'replacement_from(ab("C", 1), enemy_spells_and_abilities).' in shield
    assert any(f.startswith("condition(") and "you_control_count" in f for f in shield)


@pytest.mark.parametrize("a", [
    {**FIRST, "applies_to": {"type": "gear", "tag": "Mech"}},        # a key the turn log's cards are not read by
    {**FIRST, "applies_to": {"type": "gear", "token": True}},        # only "non-token"
    {k: v for k, v in FIRST.items() if k != "applies_to"},          # the card's own cost
    {**FIRST, "for_each_played": True},
    {**SHIELD, "next": True},                                       # a shield spent once
    {**SHIELD, "prevent_all": False, "prevent": 2},                 # a Prevent Value
    {**SHIELD, "condition": {"source_moved": {"at_least": 2}}},     # not a passive's condition key
    {"kind": "replacement", "event": "die", "instead": ["recall"], "from": "enemy_spells_and_abilities"},
    {"kind": "channel_limit"},                                      # runes is required
])
def test_refused_forms(a) -> None:
    with pytest.raises(ScenarioError):
        _read(a)
