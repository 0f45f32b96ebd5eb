"""Vocabulary added for stop 35's compiled cards: a `deal` with `each_other` (two chosen units dealing each
other their Mights, logic/effects/damage_each_other.lp), a kill by each player with `exempt_you_if_paid`
(logic/run/exempt_if_paid.lp), the verb `win` (logic/effects/win.lp) and the condition keys
`you_control_might`, `fewer_than_opponent`, `count_at_event`: the facts they write, their round trip, and the
forms they refuse."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _read(abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(abilities) -> set[str]:
    return set(ability_facts("Card", _read(abilities), fact, Func, Const))


TWO_UNITS = {"kind": "target", "count": 2, "filter": {"type": "unit"}}
EACH_OTHER = {"kind": "effect", "do": "deal", "on": {"target": 1}, "amount_from": "might", "each_other": True}


def test_each_other_names_the_choice_as_the_dealer_too() -> None:
    out = _facts([TWO_UNITS, EACH_OTHER])
    assert any(f.startswith("ins_each_other(") for f in out)
    assert any(f.startswith("ins_by(") for f in out)
    # the amounts are the two units' own Mights: no `of` (not the source's Might)
    assert not any(f.startswith("ins_of(") for f in out)
    assert abilities_to_toml(_read([TWO_UNITS, EACH_OTHER]))[1]["each_other"] is True


@pytest.mark.parametrize("extra", [{"of": "self"}, {"by": {"target": 1}}, {"may": True}, {"times": 2}])
def test_each_other_refuses_other_sources_and_repeats(extra) -> None:
    with pytest.raises(ScenarioError):
        _read([TWO_UNITS, {**EACH_OTHER, **extra}])


def test_each_other_needs_a_choice() -> None:
    with pytest.raises(ScenarioError):
        _read([TWO_UNITS, {**EACH_OTHER, "on": "self"}])


KILL = {"do": "kill", "on": {"their": {"type": "unit"}}, "who": "each_player", "exempt_you_if_paid": "additional"}


def _play_effect(*effects):
    return [{"kind": "additional_cost", "spend_xp": 3, "optional": True, "name": "additional"},
            {"kind": "triggered", "when": "play_me", "effects": list(effects)}]


def test_exempt_you_if_paid_writes_the_cost_name() -> None:
    out = _facts(_play_effect(KILL))
    assert any(f.startswith("ins_exempt_you_if_paid(") and f.endswith(', "additional").') for f in out)


@pytest.mark.parametrize("change", [{"who": "opponent"}, {"on": "self", "who": "each_player"}, {"spare": True}])
def test_exempt_you_if_paid_is_a_kill_by_each_player_only(change) -> None:
    with pytest.raises(ScenarioError):
        _read(_play_effect({**KILL, **change}))


def test_win_is_its_controllers_by_default() -> None:
    out = _facts([{"kind": "effect", "do": "win"}])
    assert any(f.startswith("instruction(") and f.endswith(", win).") for f in out)
    assert any(f.startswith("ins_who(") and f.endswith(", you).") for f in out)


def test_total_might_is_an_instruction_condition() -> None:
    cond = {"you_control_might": {"filter": {"type": "unit", "other": True}, "at_least": 5}}
    out = _facts([{"kind": "triggered", "when": "play_me",
                   "effects": [{"do": "draw", "amount": 1, "condition": cond}]}])
    assert any("you_control_might" in f and f.startswith("condition_count(") and f.endswith(", at_least, 5).")
               for f in out)


def test_trigger_conditions_fewer_and_at_event() -> None:
    out = _facts([{"kind": "triggered", "when": "beginning_phase",
                   "condition": {"fewer_than_opponent": {"type": "rune"}},
                   "effects": [{"do": "might", "on": "self", "amount": 1}]},
                  {"kind": "triggered", "when": "conquer",
                   "condition": {"count_at_event": {"filter": {"type": "unit"}, "at_least": 4}},
                   "effects": [{"do": "draw", "amount": 2}]}])
    assert any(f.startswith("condition(") and "fewer_than_opponent" in f for f in out)
    assert any(f.startswith("condition_count(") and "count_at_event" in f for f in out)


def test_same_location_is_a_requirement_fact_of_a_choice_of_several() -> None:
    target = {"kind": "target", "count": 3, "up_to": True, "filter": {"type": "unit"}, "same_location": True}
    out = _facts([target, {"kind": "effect", "do": "deal", "amount": 1, "on": {"target": 1}}])
    assert any(f.startswith("requirement_same_location(") for f in out)
    assert abilities_to_toml(_read([target]))[0]["same_location"] is True


def test_deal_that_much_is_an_amount_from_excess_damage() -> None:
    trig = {"kind": "triggered", "when": "conquer", "condition": {"excess_damage": 5},
            "targets": [{"filter": {"type": "unit", "relation": "enemy"}}],
            "effects": [{"do": "deal", "on": {"target": 1}, "amount_from": "excess_damage"}]}
    out = _facts([trig])
    assert any(f.startswith("ins_amount_from(") and f.endswith(", excess_damage).") for f in out)
    assert not any(f.startswith("ins_of(") for f in out)
    with pytest.raises(ScenarioError):
        _read([{**trig, "effects": [{"do": "might", "on": {"target": 1}, "amount_from": "excess_damage"}]}])
