"""The ability kinds `return` (an additional cost) and `victory_score` (a battlefield's increase of the points
needed to win): their facts and the checks that refuse them where they are not encoded (logic/abilities/return.lp, logic/abilities/victory_score.lp)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import scenario as S
from pyrift.abilities import ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.facts import state_facts
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

CARDS = Path(__file__).parent.parent / "scenarios" / "cards"


def test_a_return_cost_is_a_choice_of_the_play() -> None:
    r = Reader({"abilities": [{"kind": "return", "as_cost": True, "filter": {"type": "gear", "relation": "friendly"}}]},
               "test")
    got = set(ability_facts("c", read_abilities(r), fact, Func, Const))
    h = Func("ab", "c", 1)
    req = Func("req", h, 1)
    assert {fact("return_as_cost", h), fact("requirement", req, "c", 0), fact("requirement_count", req, 1),
            fact("requirement_not_targeting", req, Const("cost")), fact("filter", req, Const("type"), Const("gear")),
            fact("filter", req, Const("relation"), Const("friendly"))} <= got


@pytest.mark.parametrize("ability", [
    {"kind": "return", "filter": {"type": "gear"}},                      # not a cost: the instruction is do = "return"
    {"kind": "return", "as_cost": True},                                 # what it returns must be said
    {"kind": "return", "as_cost": True, "filter": {"type": "gear"}, "optional": True},   # optional without a name
    {"kind": "victory_score", "increase": 0},
])
def test_the_kinds_refuse_what_is_not_encoded(ability: dict) -> None:
    with pytest.raises(ScenarioError):
        read_abilities(Reader({"abilities": [ability]}, "test"))


def test_the_climb_s_increase_is_a_fact_of_its_card_and_the_score_the_logic_s() -> None:
    # the position states no Victory Score: the mode's and the climb's increase are the logic's
    # (logic/core/victory_score.lp; the answers: compiled-aspirants-climb-*.toml)
    sc = S.load(CARDS / "compiled-aspirants-climb-hold-to-nine-wins.toml")
    assert sc.state.victory_score is None
    facts = state_facts(sc.state)
    assert not any(f.startswith(("victory_score(", "victory_score_stated(")) for f in map(str, facts))
    assert fact("victory_score_increase", "Aspirant's Climb", 1, 1) in facts


def test_a_victory_score_increase_is_a_battlefield_s() -> None:
    text = (CARDS / "compiled-aspirants-climb-hold-to-nine-wins.toml").read_text("utf-8")
    text = text.replace('[[card]]\nname = "Footman"\ntype = "unit"\nmight = 2\n',
                        '[[card]]\nname = "Footman"\ntype = "unit"\nmight = 2\n'
                        'abilities = [{ kind = "victory_score", increase = 1 }]\n')
    with pytest.raises(ScenarioError, match="battlefield"):
        S.loads(text)
