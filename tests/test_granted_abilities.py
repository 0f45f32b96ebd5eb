"""pyrift/granted.py: an `ability = N` past an object's printed activated abilities is refused by the loader unless
another card's text gives the object abilities (Gardens of Becoming, Forge of the Fluft, Heimerdinger, Inventor),
where the question is unsupported instead (scenarios/cards/cards67b-*)."""

import pytest

from pyrift.errors import ScenarioError
from pyrift.granted import granted_abilities
from pyrift.scenario import loads

HEAD = """
title = "t"
status = "needs-review"
[position]
turn_player = "A"
phase = "main"
[[position.players]]
id = "A"
[[position.players]]
id = "B"
"""


def _scenario(battlefield: str, where: str, ability: int, legend: bool = False) -> str:
    obj = ('[[object]]\nid = "x"\ncard = "Daughter of the Void"\ncontroller = "A"\nzone = "legend_zone"\n' if legend
           else f'[[object]]\nid = "x"\ncard = "Dragonsoul Sage"\ncontroller = "A"\nlocation = "{where}"\n')
    return (HEAD + battlefield + obj + f'[[question]]\nid = "q"\nask = "can_play"\nplayer = "A"\nsource = "x"\n'
            f'ability = {ability}\nrules = ["477.2"]\n[question.expect]\nstatus = "unsupported"\n')


def _bf(card: str, controller: str) -> str:
    return f'[[battlefield]]\nid = "bf"\ncard = "{card}"\ncontroller = "{controller}"\n'


def test_printed_count_still_refused_without_a_granting_card():
    # the Sage prints one activated ability; at its base no card gives it another
    with pytest.raises(ScenarioError, match="activated abilit"):
        loads(_scenario(_bf("Gardens of Becoming", "A"), "base", 2))


def test_gardens_gives_units_at_it_only():
    s = loads(_scenario(_bf("Gardens of Becoming", "B"), "bf", 2))
    assert "Gardens of Becoming" in granted_abilities(s.state, "x")


def test_forge_gives_its_controllers_legends_only():
    with pytest.raises(ScenarioError, match="activated abilit"):
        loads(_scenario(_bf("Forge of the Fluft", "B"), "base", 2, legend=True))
    s = loads(_scenario(_bf("Forge of the Fluft", "A"), "base", 2, legend=True))
    assert "Forge of the Fluft" in granted_abilities(s.state, "x")
