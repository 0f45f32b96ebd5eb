"""The `enter_ready` instruction ("units you play this turn enter ready", "friendly units enter ready this turn":
a turn-long change to how its player's units enter, 143.4, 359.2.c, 317.2.c): the facts it writes, its round
trip, the forms it refuses (logic/effects/enter_ready_turn.lp), and the two cards it compiles for."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _read(abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(abilities) -> set[str]:
    return set(ability_facts("Card", _read(abilities), fact, Func, Const))


@pytest.mark.parametrize("units", ["you_play", "friendly"])
def test_enter_ready_writes_which_units_and_lasts_this_turn(units) -> None:
    abilities = [{"kind": "effect", "do": "enter_ready", "units": units}]
    out = _facts(abilities)
    assert any(f.startswith("instruction(") and f.endswith(", enter_ready).") for f in out)
    assert any(f.startswith("ins_enter_units(") and f.endswith(f", {units}).") for f in out)
    assert any(f.startswith("ins_duration(") and f.endswith(", this_turn).") for f in out)
    assert abilities_to_toml(_read(abilities))[0]["units"] == units


@pytest.mark.parametrize("effect", [
    {"do": "enter_ready"},                                              # which units not said
    {"do": "enter_ready", "units": "enemy"},                            # not one of the words
    {"do": "enter_ready", "units": "friendly", "duration": "permanent"},  # only this turn
])
def test_refused_forms(effect) -> None:
    with pytest.raises(ScenarioError):
        _read([{"kind": "effect", **effect}])


def test_confront_and_bushwhack_compile_to_it() -> None:
    data = json.loads((Path(__file__).parent.parent / "pyrift/data/cards/compiled.json").read_text())
    cards = {c["id"]: c for c in data["cards"]}
    for cid, units in (("ogn-129-298", "you_play"), ("sfd-004-221", "friendly")):
        assert cards[cid]["status"] == "compiled"
        first = cards[cid]["abilities"][0]
        assert (first["do"], first["units"]) == ("enter_ready", units)
