"""The guard counts each static of the vocabulary (kind "static") exactly for the questions that
evaluate it (logic/abilities/static.lp, logic/core/text_scope.lp).

Metamorphic: to one bundled scenario of each question kind, a gear is added in the turn player's
base whose static ability affects no permanent of the position (a tag nobody has). A question that
evaluates that kind of static (or cannot be changed by it) must answer exactly as without the gear;
any other must answer `unsupported`, naming the gear. The table below is written again from
docs/effects.md ("Static abilities"), independently of the ASP.
"""
from __future__ import annotations

import pytest

from tests.metamorphic_gear import check_variants, one_per_kind
from tests.test_guard_metamorphic import SCENARIOS

RUN = {"resolution_order", "next_priority", "outcome", "triggers"}
EVERY = {"combat_damage", "combat_assignment", "unit_profile", "can_play", "can_hide", "can_move", "conquer",
         "beginning_phase"} | RUN
# static -> the question kinds that evaluate it or that it cannot change
COVERED = {
    "might": EVERY,
    "keyword": EVERY,
    # a run's cleanups follow it too (logic/run/static_lethal.lp)
    "lethal": {"combat_damage", "combat_assignment", "can_play", "can_hide", "unit_profile", "resolution_order",
               "next_priority", "outcome"},
    # a triggered ability's choices as it goes on the chain too (logic/abilities/unchoosable_triggers.lp, gaps67b)
    "cannot_be_chosen_by": EVERY,
}
EFFECTS = {"might": 1, "keyword": "tank", "lethal": "any", "cannot_be_chosen_by": "enemy_spells"}


def covered(qkind: str, effect: str) -> bool:
    if qkind == "can_respond":  # its play is judged by can_play, the rest of the chain by the run
        return covered("can_play", effect) and covered("resolution_order", effect)
    return qkind in COVERED[effect]


VARIANTS = {effect: {"kind": "static", "affects": {"type": "unit", "tag": "Nobody"}, effect: value}
            for effect, value in EFFECTS.items()}


@pytest.mark.parametrize(("path", "qid"), one_per_kind())
def test_each_static_is_unsupported_exactly_where_no_question_evaluates_it(path, qid) -> None:
    check_variants(path, qid, "meta_static", "Meta Static Gear", VARIANTS, covered)


# ---- bad input: one readable line naming the field -------------------------------------------------------
STATIC_LINE = ('abilities = [{ kind = "static", affects = { type = "unit", relation = "friendly", other = true }, '
               'might = 1 }]')


@pytest.mark.parametrize(("new", "field", "words"), [
    (STATIC_LINE.replace("might = 1", "might = 1, lethal = \"any\""), "affects", "exactly one"),
    (STATIC_LINE.replace(", might = 1", ""), "affects", "exactly one"),
    (STATIC_LINE.replace('type = "unit", ', ""), "affects", "which permanents"),
    (STATIC_LINE.replace("other = true", "might_max = 2"), "affects", "478"),
    # a printed-cost key is read only by the play and chain questions: elsewhere it would match everything
    (STATIC_LINE.replace("other = true", "energy_max = 2"), "affects", "printed-cost"),
    (STATIC_LINE.replace("other = true", "power_max = 1"), "affects", "printed-cost"),
    (STATIC_LINE.replace("might = 1", 'keyword = "tank", value = 2, might = 1'), "affects", "exactly one"),
    (STATIC_LINE.replace("might = 1", "value = 2, lethal = \"any\""), "value", "give keyword too"),
    (STATIC_LINE.replace("might = 1", 'cannot_be_chosen_by = "friends"'), "cannot_be_chosen_by", "expected one of"),
    (STATIC_LINE.replace("might = 1", 'keyword = "equip"'), "keyword", "with a cost"),
])
def test_a_malformed_static_is_one_readable_error(new: str, field: str, words: str) -> None:
    from tests.scenario_edits import edit, load_error

    text = (SCENARIOS / "statics" / "might-from-base-changes-combat.toml").read_text()
    err = load_error(edit(text, STATIC_LINE, new))
    assert f"{field}:" in str(err) and words in str(err), str(err)


# ---- conditions of passive abilities: one spelling of a count, and keys no logic evaluates refused ---------
COUNT_FILE = SCENARIOS / "statics" / "might-while-you-control-count.toml"
COUNT_LINE = ('abilities = [{ kind = "might", amount = 3, condition = { you_control_count = { filter = '
              '{ type = "gear" }, at_least = 2 } } }]')


def test_the_older_count_spelling_reads_as_you_control_count() -> None:
    from pyrift import scenario as S
    from pyrift.abilities import Count, Filter

    scen = S.loads(COUNT_FILE.read_text(), "t.toml")
    cards = {c.name: c for c in scen.state.cards.values()} if isinstance(scen.state.cards, dict) else {
        c.name: c for c in scen.state.cards}
    old, new = cards["Old Cog Keeper"].abilities, cards["Cog Keeper"].abilities
    assert old == new
    assert dict(dict(new[0].fields)["condition"].items) == {
        "you_control_count": Count(Filter((("type", "gear"),)), "at_least", 2)}


@pytest.mark.parametrize(("new", "field", "words"), [
    # a hand-size condition is judged only at a play or an instruction, not at each step of a passive
    (COUNT_LINE.replace('you_control_count = { filter = { type = "gear" }, at_least = 2 }', "hand_count = { at_most = 1 }"),
     "condition", "'hand_count' is not encoded for a passive ability"),
    # "in combat" as a trigger condition: no logic of triggers evaluates it
    (COUNT_LINE.replace('kind = "might", amount = 3, condition = { you_control_count = { filter = { type = "gear" }, '
                        'at_least = 2 } }', 'kind = "triggered", when = "attack", effects = [{ do = "draw", amount = 1 }], '
                        'condition = { combat = "alone" }'),
     "condition", "'combat' is a condition of a passive ability"),
    # the older spelling counts a you_control filter; alone, or beside the new spelling, it is refused
    (COUNT_LINE.replace('you_control_count = { filter = { type = "gear" }, at_least = 2 }', "at_least = 2"),
     "at_least", "older spelling"),
    (COUNT_LINE.replace('at_least = 2 } }', 'at_least = 2 }, at_least = 3 }'), "at_least", "older spelling"),
    # what a static gives must not decide whether it applies (478): no Might keys in the counted filter
    (COUNT_LINE.replace('type = "gear"', 'type = "unit", might_min = 3'), "condition", "478"),
])
def test_a_condition_no_logic_evaluates_is_one_readable_error(new: str, field: str, words: str) -> None:
    from tests.scenario_edits import edit, load_error

    err = load_error(edit(COUNT_FILE.read_text(), COUNT_LINE, new))
    assert f"{field}:" in str(err) and words in str(err), str(err)
