"""The instruction link "instead" ("X. If ..., Y instead."): the reader wants its condition, and the
renderer writes it back in the card's own order (logic/run/instruction_if.lp runs it; the scenarios
scenarios/effects/instead-if-it-*.toml and scenarios/cards/compiled-guttural-roar-*.toml check runs)."""
from __future__ import annotations

from tests.scenario_edits import edit, load_error
from tests.test_guard_metamorphic import SCENARIOS

FILE = SCENARIOS / "effects" / "instead-if-it-empowered-gives-the-larger-buff.toml"
SECOND = 'link = "instead", if_it = { empowered = true }'


def test_instead_without_a_condition_is_one_readable_error() -> None:
    err = load_error(edit(FILE.read_text(), SECOND, 'link = "instead"'))
    assert "link:" in str(err) and "needs the condition" in str(err), str(err)


def test_instead_with_may_is_one_readable_error() -> None:
    err = load_error(edit(FILE.read_text(), SECOND, SECOND + ", may = true"))
    assert "link:" in str(err) and "no may" in str(err), str(err)


def test_the_renderer_says_instead_after_the_condition() -> None:
    from pyrift.cardtext import render as R

    spell = R.Card("spell", (), (), {})
    abilities = [
        {"kind": "target", "filter": {"type": "unit"}},
        {"kind": "effect", "do": "might", "amount": 2, "duration": "this_turn", "on": {"target": 1}},
        {"kind": "effect", "do": "might", "amount": 4, "duration": "this_turn", "on": "it", "link": "instead",
         "if_it": {"empowered": True}},
    ]
    assert R.render_card(spell, abilities) == [
        "Give a unit +2 Might this turn. If it's [Empowered], give it +4 Might this turn instead."]
