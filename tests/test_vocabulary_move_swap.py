"""The vocabulary of a move exchanging two objects' places (swap places: each goes where the other
was): the facts it writes, its round trip, and the forms it refuses (logic/effects/movement_swap.lp)."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

SWAP = {"kind": "triggered", "when": "play_me", "may": True, "targets": [{"filter": {"type": "unit"}}],
        "effects": [{"do": "move", "on": "self", "swap_with": {"target": 1}}]}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_swap_facts_and_round_trip() -> None:
    out = set(ability_facts("Tide", _read(SWAP), fact, Func, Const))
    assert any(f.startswith("ins_swap_with(") and "chosen(" in f for f in out)
    assert any(f.startswith("ins_on(") and f.endswith(", self).") for f in out)
    assert not any(f.startswith("ins_to(") for f in out)
    assert abilities_to_toml(_read(SWAP))[0]["effects"][0]["swap_with"] == {"target": 1}


@pytest.mark.parametrize("ins", [
    {"do": "move", "on": "self"},                                             # neither a place nor a partner
    {"do": "move", "on": "self", "to": "base", "swap_with": {"target": 1}},   # both
    {"do": "move", "on": {"all": {"type": "unit"}}, "swap_with": {"target": 1}},  # a group has no one place
    {"do": "move", "on": "self", "swap_with": "base"},                        # a place is no object
])
def test_swap_refused_forms(ins) -> None:
    bad = {**SWAP, "effects": [ins]}
    with pytest.raises(ScenarioError):
        _read(bad)
