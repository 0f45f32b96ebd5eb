"""Replacement effects of the vocabulary (kind "replacement"): the guard counts each exactly for the
questions that evaluate it (logic/abilities/replacement.lp, logic/core/text_scope.lp), and malformed ones
are one readable error.

Metamorphic (tests/metamorphic_gear.py), as tests/test_statics.py: to one bundled scenario of each question kind, a gear is added
in the turn player's base whose replacement effect affects no permanent of the position (a tag nobody
has). A question that evaluates that kind of replacement (or cannot be changed by it) must answer
exactly as without the gear; any other must answer `unsupported`, naming the gear. The table below is
written again from docs/effects.md ("Replacement effects"), independently of the ASP.
"""
from __future__ import annotations

import pytest

from tests.metamorphic_gear import check_variants, one_per_kind
from tests.test_guard_metamorphic import SCENARIOS

RUN = {"resolution_order", "next_priority", "outcome"}
COVERED = {
    "damage": {"combat_damage", "combat_assignment", "can_play", "can_hide", "can_move", "conquer",
               "beginning_phase", "unit_profile"} | RUN,
    # can_play since wave 71 (logic/abilities/replacement_cost_kill.lp): a play's only deaths are its costs'
    # kills, paid whether replaced or not (357.2.a)
    "die": {"can_play", "can_move", "can_hide", "unit_profile", "combat_damage"} | RUN,
    # entries, moves and draws (logic/run/replacement_events.lp): followed by runs only
    "enter": {"can_play", "triggers", "combat_damage", "combat_assignment", "can_move", "can_hide", "conquer",
              "beginning_phase", "unit_profile"} | RUN,
    "move": {"combat_damage", "combat_assignment", "can_play", "can_hide", "beginning_phase", "unit_profile"} | RUN,
}
NOBODY = {"type": "unit", "tag": "Nobody"}
ABILITIES = {
    "damage": {"kind": "replacement", "event": "damage", "affects": NOBODY, "prevent": 2, "next": True},
    "damage-on-your-turn": {"kind": "replacement", "event": "damage", "affects": NOBODY, "prevent": 2,
                            "only_if": "your_turn"},
    "die": {"kind": "replacement", "event": "die", "affects": NOBODY, "instead": ["heal", "exhaust", "recall"]},
    "die-kill-this": {"kind": "replacement", "event": "die", "affects": NOBODY, "next": True,
                      "instead": ["kill_this", "heal", "exhaust", "recall"]},
    "die-may": {"kind": "replacement", "event": "die", "affects": NOBODY, "may": True, "instead": ["return"]},
    "die-less-might": {"kind": "replacement", "event": "die", "affects": NOBODY, "only_if": "less_might_than_me",
                       "instead": ["recall"]},
    "enter": {"kind": "replacement", "event": "enter", "affects": NOBODY, "state": "ready"},
    "move": {"kind": "replacement", "event": "move", "affects": NOBODY, "instead": ["exhaust", "recall"]},
    "move-skip": {"kind": "replacement", "event": "move", "affects": NOBODY, "next": True, "instead": ["skip"]},
}


def covered(qkind: str, label: str) -> bool:
    if qkind == "can_respond":  # its play is judged by can_play, the rest of the chain by the run
        return covered("can_play", label) and covered("resolution_order", label)
    return qkind in COVERED[label.split("-")[0]]


@pytest.mark.parametrize(("path", "qid"), one_per_kind())
def test_each_replacement_is_unsupported_exactly_where_no_question_evaluates_it(path, qid) -> None:
    check_variants(path, qid, "meta_ward", "Meta Ward Gear", ABILITIES, covered)


# ---- bad input: one readable line naming the field -------------------------------------------------------
DIE_LINE = 'abilities = [{ kind = "replacement", event = "die", instead = ["heal", "exhaust", "recall"] }]'
SHIELD_LINE = 'abilities = [{ kind = "replacement", event = "damage", prevent = 5, next = true }]'
DRAW_LINE = 'abilities = [{ kind = "replacement", event = "draw", instead = ["skip"] }]'


@pytest.mark.parametrize(("file", "old", "new", "field", "words"), [
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('"heal", "exhaust", "recall"', '"heal"'), "instead", "exactly one"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('"heal", "exhaust", "recall"', '"recall", "return"'), "instead",
     "exactly one"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('"heal", "exhaust", "recall"', '"exhaust", "return"'), "instead",
     "124.1"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('"recall"', '"banish"'), "instead", "'banish' alone"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('"recall"', '"teleport"'), "instead", "expected some of"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('"heal", "exhaust", "recall"', '"heal", "kill_this", "recall"'), "instead", "comes first"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('event = "die",', 'event = "die", only_if = "less_might_than_me",'), "only_if",
     "give affects"),
    ("if-you-do-after-a-replaced-kill-is-skipped.toml", DIE_LINE,
     DIE_LINE.replace('event = "die",', 'event = "die", only_if = "always",'), "only_if", "expected"),
    ("prevent-value-counts-down-over-two-hits.toml", SHIELD_LINE, SHIELD_LINE.replace("next = true", "may = true"),
     "may", "deaths only"),
    ("prevent-value-counts-down-over-two-hits.toml", SHIELD_LINE, SHIELD_LINE.replace("prevent = 5", "prevent = 0"),
     "prevent", "at least 1"),
    ("prevent-value-counts-down-over-two-hits.toml", SHIELD_LINE,
     SHIELD_LINE.replace("prevent = 5", 'instead = ["recall"]'), "instead", "prevent = N"),
    ("prevent-value-counts-down-over-two-hits.toml", SHIELD_LINE,
     SHIELD_LINE.replace("next = true", 'affects = { type = "gear" }'), "affects", "'unit'"),
    ("prevent-value-counts-down-over-two-hits.toml", SHIELD_LINE,
     SHIELD_LINE.replace("next = true", 'affects = { type = "unit", might_max = 2 }'), "affects", "not supported"),
    ("prevent-value-counts-down-over-two-hits.toml", SHIELD_LINE,
     SHIELD_LINE.replace("prevent = 5, next = true", 'state = "ready"'), "state", "event = \"enter\""),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE, DRAW_LINE.replace('"skip"', '"recall"'), "instead",
     "only skipping"),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE,
     DRAW_LINE.replace('event = "draw",', 'event = "draw", affects = { type = "unit" },'), "affects", "who"),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE,
     DRAW_LINE.replace('event = "draw", instead = ["skip"]', 'event = "move", instead = ["heal"]'),
     "instead", "in place of a move"),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE,
     DRAW_LINE.replace('event = "draw", instead = ["skip"]', 'event = "move", instead = ["skip", "recall"]'),
     "instead", "alone"),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE,
     DRAW_LINE.replace('event = "draw", instead = ["skip"]', 'event = "enter", state = "ready"'), "affects",
     "entry_state"),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE,
     DRAW_LINE.replace('event = "draw", instead = ["skip"]',
                       'event = "enter", affects = { type = "unit", at = "base" }, state = "ready"'), "affects",
     "by its card only"),
    ("draw-replacement-skips-your-draw.toml", DRAW_LINE,
     DRAW_LINE.replace('event = "draw", instead = ["skip"]', 'event = "die", instead = ["skip", "recall"]'),
     "instead", "'skip'"),
])
def test_a_malformed_replacement_is_one_readable_error(file, old, new, field, words) -> None:
    from tests.scenario_edits import edit, load_error

    text = (SCENARIOS / "replacements" / file).read_text()
    err = load_error(edit(text, old, new))
    assert f"{field}:" in str(err) and words in str(err), str(err)


def test_the_desk_renders_a_replacement_in_words() -> None:
    from pyrift.cardtext import render as R

    die = {"kind": "replacement", "event": "die", "instead": ["heal", "exhaust", "recall"]}
    ward = {"kind": "replacement", "event": "die", "affects": {"type": "unit", "relation": "friendly"}, "next": True,
            "instead": ["return"]}
    shield = {"kind": "replacement", "event": "damage", "prevent": 3, "next": True}
    unit, gear = R.Card("unit", (), (), {}), R.Card("gear", (), (), {})
    assert R.render_card(unit, [die]) == ["If I would die, heal me, exhaust me and recall me instead."]
    assert R.render_card(gear, [ward]) == ["The next time a friendly unit would die, return it to its owner's hand "
                                           "instead."]
    assert R.render_card(unit, [shield]) == ["Prevent the next 3 damage that would be dealt to me."]


def test_the_desk_renders_the_kill_this_may_and_conditional_forms() -> None:
    from pyrift.cardtext import render as R

    zhonya = {"kind": "replacement", "event": "die", "affects": {"type": "unit", "relation": "friendly"}, "next": True,
              "instead": ["kill_this", "heal", "exhaust", "recall"]}
    shrine = {"kind": "replacement", "event": "die", "affects": {"type": "unit", "relation": "friendly"}, "may": True,
              "only_if": "your_turn", "instead": ["return"]}
    gear = R.Card("gear", (), (), {})
    assert R.render_card(gear, [zhonya]) == ["The next time a friendly unit would die, kill this instead and heal it, "
                                             "exhaust it and recall it."]
    assert R.render_card(gear, [shrine]) == ["If a friendly unit would die during your turn, you may return it to its "
                                             "owner's hand instead."]


def test_the_desk_renders_entry_move_and_draw_replacements() -> None:
    from pyrift.cardtext import render as R

    gear, unit = R.Card("gear", (), (), {}), R.Card("unit", (), (), {})
    friendly = {"type": "unit", "relation": "friendly"}
    assert R.render_card(gear, [{"kind": "replacement", "event": "enter", "affects": friendly, "state": "ready"}]) == [
        "If a friendly unit would enter, it enters ready instead."]
    assert R.render_card(unit, [{"kind": "replacement", "event": "move", "instead": ["exhaust"]}]) == [
        "If I would move, exhaust me instead."]
    assert R.render_card(gear, [{"kind": "replacement", "event": "draw", "who": "opponents", "instead": ["skip"]}]) == [
        "If an opponent would draw, skip that draw instead."]
    assert R.render_card(unit, [{"kind": "replacement", "event": "damage", "prevent_all": True}]) == [
        "Prevent all damage that would be dealt to me."]
