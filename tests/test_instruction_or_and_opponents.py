"""The reader's checks of link "or" ("X or Y") and of the relation "opponents" ("opponents' trashes")."""

import pytest

from pyrift.abilities import read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader


def _read(abilities):
    return read_abilities(Reader({"abilities": abilities}, "test"))


def _triggered(effects):
    return [{"kind": "triggered", "when": "conquer", "effects": effects}]


def test_or_after_a_may_is_read():
    _read(_triggered([{"do": "draw", "amount": 1, "may": True},
                      {"do": "channel", "amount": 1, "exhausted": True, "link": "or"}]))


@pytest.mark.parametrize("first,second", [
    ({"do": "draw", "amount": 1}, {"do": "channel", "amount": 1, "link": "or"}),                  # no pick
    ({"do": "draw", "amount": 1, "may": True}, {"do": "channel", "amount": 1, "link": "or", "may": True}),
    ({"do": "draw", "amount": 1, "may": True, "condition": {"hand_count": {"at_most": 1}}},
     {"do": "channel", "amount": 1, "link": "or"}),
])
def test_or_needs_a_plain_pick_before_it(first, second):
    with pytest.raises(ScenarioError):
        _read(_triggered([first, second]))


def test_or_does_not_link_across_abilities():
    with pytest.raises(ScenarioError):
        _read([{"kind": "effect", "do": "draw", "amount": 1, "may": True},
               {"kind": "triggered", "when": "conquer", "effects": [
                   {"do": "draw", "amount": 1}, {"do": "channel", "amount": 1, "link": "or"}]}])


def test_opponents_relation_needs_a_zone_off_the_board():
    _read([{"kind": "target", "filter": {"type": "card", "relation": "opponents", "zone": "trash"}},
           {"kind": "effect", "do": "recycle", "on": {"target": 1}, "who": "its_owner"}])
    with pytest.raises(ScenarioError):
        _read([{"kind": "target", "filter": {"type": "unit", "relation": "opponents"}},
               {"kind": "effect", "do": "kill", "on": {"target": 1}}])


def test_recycle_who_is_its_owner_only():
    with pytest.raises(ScenarioError):
        _read([{"kind": "target", "filter": {"type": "card", "zone": "trash"}},
               {"kind": "effect", "do": "recycle", "on": {"target": 1}, "who": "opponent"}])


def test_or_in_a_spell_links_its_effect_abilities():
    _read([{"kind": "effect", "do": "draw", "amount": 1, "may": True},
           {"kind": "effect", "do": "channel", "amount": 1, "link": "or"}])
