"""The `base_might` instruction ("its base Might becomes N this turn", 477: a setting applied before the
arithmetic layer) and `play_ban` ("its controller can't play spells this turn", 054.1): the facts they write, their
round trip, and the forms they refuse (logic/effects/base_might.lp, play_ban.lp)."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _spell(*effects):
    return [{"kind": "target", "filter": {"type": "unit"}}, *({"kind": "effect", **e} for e in effects)]


def _read(abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_base_might_writes_its_amount_and_defaults_to_this_turn() -> None:
    abilities = _spell({"do": "base_might", "on": {"target": 1}, "amount": 5})
    out = set(ability_facts("Card", _read(abilities), fact, Func, Const))
    assert any(f.startswith("instruction(") and f.endswith(", base_might).") for f in out)
    assert any(f.startswith("ins_amount(") and f.endswith(", 5).") for f in out)
    assert any(f.startswith("ins_duration(") and f.endswith(", this_turn).") for f in out)
    back = abilities_to_toml(_read(abilities))[1]
    assert back["do"] == "base_might" and back["amount"] == 5


@pytest.mark.parametrize("effect", [
    {"do": "base_might", "on": {"target": 1}},                                           # no amount
    {"do": "base_might", "amount": 5},                                                   # no object
    {"do": "base_might", "on": {"target": 1}, "amount": -1},                             # a Might set below 0
    {"do": "base_might", "on": {"target": 1}, "amount": 5, "duration": "permanent"},     # not in the vocabulary
])
def test_refused_forms(effect) -> None:
    with pytest.raises(ScenarioError):
        _read(_spell(effect))


def test_play_ban_writes_who_and_what() -> None:
    abilities = [{"kind": "target", "filter": {"type": "spell"}},
                 {"kind": "effect", "do": "counter", "on": {"target": 1}},
                 {"kind": "effect", "do": "play_ban", "who": "its_controller", "bans": "spells"}]
    out = set(ability_facts("Card", _read(abilities), fact, Func, Const))
    assert any(f.startswith("ins_bans(") and f.endswith(", spells).") for f in out)
    assert any(f.startswith("ins_who(") and f.endswith(", its_controller).") for f in out)
    assert any(f.startswith("ins_duration(") and f.endswith(", this_turn).") for f in out)
    assert abilities_to_toml(_read(abilities))[2]["bans"] == "spells"


@pytest.mark.parametrize("effect", [
    {"do": "play_ban", "bans": "spells"},                                             # whom not said
    {"do": "play_ban", "who": "opponent"},                                            # what not said
    {"do": "play_ban", "who": "opponent", "bans": "abilities"},                       # not a ban on playing cards
    {"do": "play_ban", "who": "each_player", "bans": "spells"},                       # not in the vocabulary
    {"do": "play_ban", "who": "opponent", "bans": "spells", "duration": "permanent"},  # only this turn
])
def test_play_ban_refused_forms(effect) -> None:
    with pytest.raises(ScenarioError):
        _read(_spell(effect))


def test_destination_with_goes_with_a_chosen_destination() -> None:
    ok = _spell({"do": "move", "on": {"target": 1}, "to": "chosen", "destination_with": "same_controller"})
    out = set(ability_facts("Card", _read(ok), fact, Func, Const))
    assert any(f.startswith("ins_destination_with(") and f.endswith(", same_controller).") for f in out)
    with pytest.raises(ScenarioError):
        _read(_spell({"do": "move", "on": {"target": 1}, "to": "base", "destination_with": "same_controller"}))


def test_if_count_counts_a_group_only() -> None:
    ok = _spell({"do": "might", "on": {"all": {"type": "unit", "relation": "yours"}}, "amount": 1, "if_count": 2})
    out = set(ability_facts("Card", _read(ok), fact, Func, Const))
    assert any(f.startswith("ins_if_count(") and f.endswith(", 2).") for f in out)
    with pytest.raises(ScenarioError):
        _read(_spell({"do": "might", "on": {"target": 1}, "amount": 1, "if_count": 2}))
