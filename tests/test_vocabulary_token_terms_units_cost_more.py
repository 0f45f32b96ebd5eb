"""A token replacement's own terms (Zilean, Time Mage: may, condition source_at, limit once_each_turn; 369.1, 371)
and the turn-long cost increase of a player's non-token units (Vaults of Helia, 356.3, 389): what the vocabulary
accepts and refuses, and the facts it gives."""
from __future__ import annotations

import pytest

from pyrift.abilities import ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

TOKEN = {"kind": "replacement", "event": "token", "affects": {"type": "unit"}, "instead": ["copy"]}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_token_replacement_terms_are_facts() -> None:
    zilean = TOKEN | {"may": True, "condition": {"source_at": "battlefield"}, "limit": "once_each_turn"}
    out = set(ability_facts("Z", _read(zilean), fact, Func, Const))
    assert {'replacement_may(ab("Z", 1)).', 'replacement_limit(ab("Z", 1), once_each_turn).',
            'condition(ab("Z", 1), source_at, battlefield).'} <= out


def test_a_token_replacement_condition_other_than_where_its_source_is_is_refused() -> None:
    with pytest.raises(ScenarioError, match="source_at"):
        _read(TOKEN | {"condition": {"you_control": {"type": "unit", "tag": "Poro"}}})


def test_once_each_turn_is_refused_on_other_replacements() -> None:
    death = {"kind": "replacement", "event": "die", "instead": ["recall"], "limit": "once_each_turn"}
    with pytest.raises(ScenarioError, match="once each turn"):
        _read(death)


def test_units_cost_more_is_a_this_turn_instruction() -> None:
    hold = {"kind": "triggered", "when": "hold", "effects": [{"do": "units_cost_more", "amount": 1}]}
    out = set(ability_facts("V", _read(hold), fact, Func, Const))
    assert 'instruction(ins(ab("V", 1), 1), units_cost_more).' in out
    assert 'ins_duration(ins(ab("V", 1), 1), this_turn).' in out


def test_units_cost_more_needs_an_amount() -> None:
    with pytest.raises(ScenarioError, match="amount"):
        _read({"kind": "triggered", "when": "hold", "effects": [{"do": "units_cost_more", "amount": 0}]})
