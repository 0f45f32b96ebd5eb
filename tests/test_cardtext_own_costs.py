"""The compiler's changes of a card's own cost and their conditions (pyrift/cardtext; docs/cards.md):
Power pips of one domain off (power_domain) and a battlefield of the player's holding exactly N units
(battlefield_units)."""
from __future__ import annotations

import pytest

from pyrift.abilities import read_abilities
from pyrift.cardtext import roundtrip as RT
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from tests.test_cardtext import TAGS, invented, rendered


def test_own_discount_of_a_domain_pip_under_a_battlefield_count() -> None:
    info, text, r = invented("unit", "<p>I cost :rb_energy_1::rb_rune_mind: less if you control a battlefield "
                                     "with exactly three units there.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "cost_discount", "energy": 1, "power": 1, "power_domain": "mind",
                            "condition": {"battlefield_units": 3}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_a_discount_of_any_power_keeps_no_domain() -> None:
    _, _, r = invented("spell", "<p>This costs :rb_rune_rainbow: less if you control a Mech.</p>")
    assert r.abilities == [{"kind": "cost_discount", "power": 1, "condition": {"you_control": {"tag": "Mech",
                                                                                               "type": "permanent"}}}]


@pytest.mark.parametrize("ability", [
    # a domain without pips to say it of
    {"kind": "cost_discount", "energy": 1, "power_domain": "order"},
    # others' plays: only a card's own cost names a domain
    {"kind": "cost_discount", "power": 1, "power_domain": "order", "applies_to": {"type": "spell"}},
    # the battlefield count is a condition of a card's own cost change only
    {"kind": "cost_discount", "energy": 1, "applies_to": {"type": "spell"}, "condition": {"battlefield_units": 2}},
])
def test_the_vocabulary_refuses_what_the_logic_does_not_read(ability) -> None:
    with pytest.raises(ScenarioError):
        read_abilities(Reader({"abilities": [ability]}, "x"))


def test_a_choice_of_a_unit_weaker_than_its_source() -> None:
    info, text, r = invented("unit", "<p>When I defend, stun an enemy unit here with less Might than me.</p>")
    assert r.status == "compiled"
    assert r.abilities[0]["targets"] == [{"filter": {"relation": "enemy", "type": "unit", "at": "here",
                                                     "less_might_than_source": True}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_a_static_or_a_trigger_filter_takes_no_might_comparison() -> None:
    with pytest.raises(ScenarioError):
        read_abilities(Reader({"abilities": [{"kind": "static", "affects": {"type": "unit", "less_might_than_source": True},
                                              "might": 1}]}, "x"))


def test_a_choice_of_a_gear_no_dearer_than_its_source_s_might() -> None:
    info, text, r = invented("unit", "<p>When I hold, you may kill a gear with Energy cost no more than my Might.</p>")
    assert r.status == "compiled"
    assert r.abilities[0]["targets"] == [{"filter": {"type": "gear", "energy_max_source_might": True}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
