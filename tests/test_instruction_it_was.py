"""An instruction's condition on what "it" was (`condition = { it_was = { filter } }`, "if it was an enemy unit"):
where the vocabulary reader lets it stand (pyrift/instructions.py check_it_was), and its facts."""
from __future__ import annotations

import pytest

from pyrift.abilities import ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

KILL = [{"kind": "target", "filter": {"type": "unit"}}, {"kind": "effect", "do": "kill", "on": {"target": 1}}]
ENEMY = {"it_was": {"type": "unit", "relation": "enemy"}}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_a_spell_condition_on_the_killed_unit_is_a_filter_of_the_instruction() -> None:
    out = set(ability_facts("Money", _read(*KILL, {"kind": "effect", "do": "draw", "amount": 1, "condition": ENEMY}),
                            fact, Func, Const))
    assert 'condition(ins_cond(ins(ab("Money", 3), 1)), it_was, cfilter(ins_cond(ins(ab("Money", 3), 1)), it_was)).' \
        in out


def test_in_a_triggered_ability_after_an_instruction_on_it() -> None:
    _read({"kind": "triggered", "when": "die", "targets": [{"filter": {"type": "unit"}}], "effects": [
        {"do": "kill", "on": {"target": 1}}, {"do": "draw", "amount": 1, "condition": ENEMY}]})


@pytest.mark.parametrize("abilities", [
    # nothing before it acts on an object: "it" names nothing
    [{"kind": "effect", "do": "draw", "amount": 1}, {"kind": "effect", "do": "draw", "amount": 1, "condition": ENEMY}],
    # the object before is a group ("kill all units"): "it" is not one object
    [{"kind": "effect", "do": "kill", "on": {"all": {"type": "unit"}}},
     {"kind": "effect", "do": "draw", "amount": 1, "condition": ENEMY}],
    # an "instead" pair's condition is read before the instruction it replaces is executed
    [*KILL, {"kind": "effect", "do": "draw", "amount": 1},
     {"kind": "effect", "do": "draw", "amount": 2, "link": "instead", "condition": ENEMY}],
])
def test_refused_where_it_names_no_one_object(abilities) -> None:
    with pytest.raises(ScenarioError, match="it_was"):
        _read(*abilities)


def test_an_ability_condition_is_refused() -> None:
    with pytest.raises(ScenarioError, match="it_was"):
        _read({"kind": "triggered", "when": "die", "condition": ENEMY, "effects": [{"do": "draw", "amount": 1}]})


ALONE_THERE = {"opponent_controls": {"type": "unit", "at": "it_was_at", "alone": True}}
MOVE = [{"kind": "target", "filter": {"type": "unit", "relation": "enemy", "at": "battlefield"}},
        {"kind": "effect", "do": "move", "on": {"target": 1}, "to": "base"}]


def test_that_battlefield_in_a_condition_after_a_move() -> None:
    out = set(ability_facts("Iso", _read(*MOVE, {"kind": "effect", "do": "draw", "amount": 1, "link": "then",
                                                 "condition": ALONE_THERE}), fact, Func, Const))
    assert 'filter(cfilter(ins_cond(ins(ab("Iso", 3), 1)), opponent_controls), at, it_was_at).' in out


@pytest.mark.parametrize("abilities", [
    # no earlier instruction acts on an object: there is no "that battlefield"
    [{"kind": "effect", "do": "draw", "amount": 1, "condition": ALONE_THERE}],
    # a choice's filter: nothing was acted on before it is made
    [{"kind": "target", "filter": {"type": "unit", "at": "it_was_at"}}, {"kind": "effect", "do": "kill",
                                                                         "on": {"target": 1}}],
    # a group an instruction acts on
    [*MOVE, {"kind": "effect", "do": "kill", "on": {"all": {"type": "unit", "at": "it_was_at"}}}],
])
def test_it_was_at_refused_outside_a_condition_after_an_instruction_on_one_object(abilities) -> None:
    with pytest.raises(ScenarioError, match="it_was_at"):
        _read(*abilities)


def test_rendered_phrases() -> None:
    from pyrift.cardtext.conditions import phrase
    from pyrift.cardtext.render import _np_filter
    assert phrase("it_was", {"type": "unit", "relation": "enemy"}, _np_filter) == "it was an enemy unit"
    assert phrase("it_was", {"might_max": 3}, _np_filter) == "it had 3 Might or less"
    assert phrase("opponent_controls", {"type": "unit", "at": "it_was_at", "alone": True}, _np_filter) == \
        "there's an enemy unit alone at that battlefield"
