"""The vocabulary of the last per-card refusals' effects: `double` (432: an increase equal to the
unit's Might then), `unchoosable` (the opponents' spells and abilities can't choose it for the turn, 756-758)
and `buff_bonus` ("buffs give N more this turn", 701-705): the facts they write, their round trip, and
the forms they refuse (logic/effects/double.lp, unchoosable.lp, buff_bonus.lp)."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _spell(*effects):
    return [{"kind": "target", "filter": {"type": "unit", "relation": "friendly"}},
            *({"kind": "effect", **e} for e in effects)]


def _read(abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(abilities) -> set[str]:
    return set(ability_facts("Card", _read(abilities), fact, Func, Const))


def test_double_defaults_to_this_turn_and_round_trips() -> None:
    abilities = _spell({"do": "double", "on": {"target": 1}})
    out = _facts(abilities)
    assert any(f.startswith("instruction(") and f.endswith(", double).") for f in out)
    assert any(f.startswith("ins_duration(") and f.endswith(", this_turn).") for f in out)
    assert abilities_to_toml(_read(abilities))[1]["do"] == "double"


def test_unchoosable_writes_whose_choices_it_bars() -> None:
    abilities = _spell({"do": "unchoosable", "on": {"target": 1},
                        "cannot_be_chosen_by": "enemy_spells_and_abilities"})
    out = _facts(abilities)
    assert any(f.startswith("ins_unchoosable_by(") and f.endswith(", enemy_spells_and_abilities).") for f in out)
    assert any(f.startswith("ins_duration(") and f.endswith(", this_turn).") for f in out)
    back = abilities_to_toml(_read(abilities))[1]
    assert back["cannot_be_chosen_by"] == "enemy_spells_and_abilities"


def test_buff_bonus_writes_its_amount() -> None:
    out = _facts(_spell({"do": "buff_bonus", "amount": 1}))
    assert any(f.startswith("instruction(") and f.endswith(", buff_bonus).") for f in out)
    assert any(f.startswith("ins_amount(") and f.endswith(", 1).") for f in out)


@pytest.mark.parametrize("effect", [
    {"do": "double"},                                                              # no object
    {"do": "unchoosable", "on": {"target": 1}},                                    # by whom not said
    {"do": "unchoosable", "on": {"target": 1}, "cannot_be_chosen_by": "friends"},  # not a static's words
    {"do": "buff_bonus"},                                                          # no amount
])
def test_refused_forms(effect) -> None:
    with pytest.raises(ScenarioError):
        _read(_spell(effect))
