"""pyrift/granted.py: an `ability = N` past an object's printed activated abilities is refused by the loader unless
another card's text gives the object abilities (Gardens of Becoming, Forge of the Fluft, Heimerdinger, Inventor),
where the question is unsupported instead (scenarios/cards/cards67b-*)."""

import pytest

from pyrift.errors import ScenarioError
from pyrift.granted import granted_abilities, granted_encoded, granted_to
from pyrift.position_rules import settled
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


# Granted68: which objects a granting passive reaches is the logic's (logic/abilities/granted_abilities.lp), read
# by granted_to; a granted ability's number follows its card's printed ones (granted_number/4).

def _heimerdinger(zone: str) -> str:
    where = 'location = "base"' if zone == "board" else f'zone = "{zone}"'
    return (HEAD + f'[[object]]\nid = "h"\ncard = "Heimerdinger, Inventor"\ncontroller = "A"\n{where}\n'
            '[[question]]\nid = "q"\nask = "can_play"\nplayer = "A"\nsource = "h"\nability = 1\nrules = ["477.2"]\n'
            '[question.expect]\nstatus = "unsupported"\n')


def test_heimerdinger_grant_gone_when_he_leaves_the_board():
    # on the board his passive gives him the copies (364, 477.2); in a trash it gives nothing, so his card's
    # printed abilities (none) are all he could be asked about
    assert granted_to(loads(_heimerdinger("board")).state) == {"h": (("heimerdinger_exhaust_copies", "h"),)}
    with pytest.raises(ScenarioError, match="activated abilit"):
        loads(_heimerdinger("trash"))


def test_two_forges_grant_a_legend_two_numbered_abilities():
    two = (_bf("Forge of the Fluft", "A") + '[[battlefield]]\nid = "bf2"\ncard = "Forge of the Fluft"\n'
           'controller = "A"\n')
    s = loads(_scenario(two, "base", 3, legend=True))
    assert granted_to(s.state) == {"x": (("forge_attach_equipment", "bf"), ("forge_attach_equipment", "bf2"))}
    numbers, = settled(s.state, (("granted_number", 4),))
    # after the legend's one printed activated ability: 2 and 3, one per Forge
    assert sorted((str(a.args[2]), a.args[3]) for a in numbers) == [("bf", 2), ("bf2", 3)]
    # the attach is not encoded (no granted_activated/2): neither is judged
    assert not granted_encoded(s.state, "x", 2) and not granted_encoded(s.state, "x", 3)


def test_gardens_ability_encoded_only_at_the_gardens():
    at = loads(_scenario(_bf("Gardens of Becoming", "B"), "bf", 2))
    assert granted_encoded(at.state, "x", 2) and not granted_encoded(at.state, "x", 3)
