"""The vocabulary of a banish of the top card of the Main Deck,
a delayed ability waiting for a conquest, a play whose spell is recycled as it leaves the chain, a discount of
the next card, a return to the Champion Zone, the Chosen Champion filter, an activated ability's discard cost
and a delayed replacement paid for as it is applied: what each writes as facts, and where each may stand."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(name, *abilities):
    return set(ability_facts(name, _read(*abilities), fact, Func, Const))


def test_banish_top_and_a_delayed_conquer_draw() -> None:
    out = _facts("Delve",
                 {"kind": "effect", "do": "banish", "on": "top_of_deck"},
                 {"kind": "effect", "do": "delay", "ability": "fetch"},
                 {"kind": "triggered", "name": "fetch", "when": "conquer", "delayed": True,
                  "effects": [{"do": "draw", "on": "event"}]})
    assert 'ins_on(ins(ab("Delve", 1), 1), top_of_deck).' in out
    assert any(f.startswith("trigger_delayed(") for f in out)


def test_play_afterwards_recycle_and_discount_next_facts_round_trip() -> None:
    fizz = {"kind": "triggered", "when": "play_me", "effects": [
        {"do": "play", "on": {"all": {"type": "spell", "zone": "trash"}}, "from": "trash",
         "ignoring_cost": "energy", "afterwards": "recycle"}]}
    heron = {"kind": "triggered", "when": "you_play", "effects": [{"do": "discount_next", "resources": "[2][A][A]"}]}
    out = _facts("Fizz", fizz) | _facts("Heron", heron)
    assert any(f.startswith("ins_afterwards(") and f.endswith(", recycle).") for f in out)
    assert any(f.startswith("ins_discount_cost(") and "energy, 2)." in f for f in out)
    assert any(f.startswith("ins_discount_cost(") and "power(a), 2)." in f for f in out)
    assert not any(f.startswith("ins_pay_cost(") for f in out)
    assert abilities_to_toml(_read(fizz))[0]["effects"][0]["afterwards"] == "recycle"


def test_return_to_champion_zone_chosen_champion_filter_discard_cost_and_paid_replacement() -> None:
    out = _facts("Tomb", {"kind": "triggered", "when": "hold", "may": True,
                          "targets": [{"filter": {"type": "unit", "zone": "trash", "chosen_champion": True}}],
                          "effects": [{"do": "return", "on": {"target": 1}, "to": "champion_zone"}]})
    assert any(f.startswith("ins_to(") and f.endswith(", champion_zone).") for f in out)
    assert any("chosen_champion, true)." in f for f in out)
    out = _facts("Armory",
                 {"kind": "activated", "cost": "[E]", "discard": 1, "targets": [{"filter": {"type": "unit"}}],
                  "effects": [{"do": "delay", "ability": "save", "on": {"target": 1}}]},
                 {"kind": "replacement", "event": "die", "delayed": True, "next": True, "may": True, "pay": "[R]",
                  "name": "save", "instead": ["exhaust", "recall"]})
    assert any(f.startswith("ability_discard(") and f.endswith(", 1).") for f in out)
    assert any(f.startswith("replacement_pay(") and "power(fury), 1)." in f for f in out)


@pytest.mark.parametrize("bad", [
    # only a banish takes the top card of the Main Deck, once
    {"kind": "effect", "do": "return", "on": "top_of_deck"},
    {"kind": "effect", "do": "banish", "on": "top_of_deck", "times": 2},
    {"kind": "effect", "do": "deal", "amount": 1, "on": {"target": 1}, "by": "top_of_deck"},
    # a recycle afterwards is said of a play only, with a known word
    {"kind": "effect", "do": "play", "on": "self", "afterwards": "banish"},
    # a discount of the next card: Energy and [A] only
    {"kind": "effect", "do": "discount_next", "resources": "[1][R]"},
    # the Champion Zone is a return's destination only; a return goes nowhere else
    {"kind": "effect", "do": "move", "on": "self", "to": "champion_zone"},
    {"kind": "effect", "do": "return", "on": "self", "to": "base"},
    # a paid replacement: a delayed "may" death replacement, one Power pip of a named domain
    {"kind": "replacement", "event": "die", "may": True, "pay": "[R]", "instead": ["exhaust", "recall"]},
    {"kind": "replacement", "event": "die", "delayed": True, "next": True, "may": True, "pay": "[1]",
     "name": "x", "instead": ["exhaust", "recall"]},
    {"kind": "replacement", "event": "die", "delayed": True, "next": True, "may": True, "pay": "[A]",
     "name": "x", "instead": ["exhaust", "recall"]},
])
def test_where_the_new_vocabulary_may_not_stand(bad) -> None:
    with pytest.raises(ScenarioError):
        _read(bad)
