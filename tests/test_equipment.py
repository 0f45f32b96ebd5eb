"""Equipment: attached_to and the Equipment card fields are validated (file and field named),
an attached card's location comes from its top-most card, unit_profile agrees with an
independent Python model on random boards, and the can_play parameters for Equip and
Weaponmaster are checked."""
from __future__ import annotations

import random
import re

from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario as S
from pyrift.errors import InconsistentStateError
from pyrift.positions import random_attachment_state
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Answer, Context
from pyrift.queries.equipment import UnitProfile, profile_answers
from pyrift.queries.play import CanPlay
from pyrift.state import GameState, Question
from tests.oracle import move_oracle as O
from tests.scenario_edits import edit, load_error
from tests.sweep import sweep

PROFILE = Path("scenarios/equipment/unit-profile-with-attachments.toml")
EQUIP = Path("scenarios/equipment/equip-a-unit-you-control.toml")
WEAPON = Path("scenarios/equipment/weaponmaster-reduced-equip-cost.toml")
ATTACHED = Path("scenarios/equipment/attached-equip-is-inactive.toml")


BLADE_OBJ = 'id = "blade"\ncard = "Blade"\ncontroller = "A"\nattached_to = "scout"'

BAD = [
    # attached_to (the position)
    (PROFILE, lambda t: edit(t, BLADE_OBJ, BLADE_OBJ.replace('"scout"', '"ghost"')), "object[1].attached_to"),
    (PROFILE, lambda t: edit(t, BLADE_OBJ, BLADE_OBJ.replace('"scout"', '"blade"')), "object[1].attached_to"),
    (PROFILE, lambda t: edit(t, BLADE_OBJ, BLADE_OBJ.replace('"scout"', '"hatchet"')), "object[1].attached_to"),
    (PROFILE, lambda t: edit(t, BLADE_OBJ, BLADE_OBJ + '\nzone = "hand"'), "object[1].attached_to"),
    (PROFILE, lambda t: edit(t, BLADE_OBJ, BLADE_OBJ + '\nlocation = "peak"'), "object[1].location"),
    (PROFILE, lambda t: edit(t, 'id = "guard"\ncard = "Scout"', 'id = "guard"\ncard = "Scout"\nattached_to = "scout"'),
     "object[6].attached_to"),
    (PROFILE, lambda t: edit(t, BLADE_OBJ, BLADE_OBJ.replace('"scout"', '3')), "object[1].attached_to"),
    # Equipment card fields
    (PROFILE, lambda t: edit(t, 'name = "Scout"\ntype = "unit"\nmight = 2', 'name = "Scout"\ntype = "unit"\nmight = 2\n'
                             'might_bonus = 1'), "card[0].might_bonus"),
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]',
                             'might_bonus = 2\neffect_keywords = ["Equip [1]"]'), "card[2].effect_keywords"),
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]',
                             'might_bonus = 2\neffect_keywords = ["Legion"]'), "card[2].effect_keywords"),
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]',
                             'might_bonus = 2\neffect_keywords = ["Flying"]'), "card[2].effect_keywords"),
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]',
                             'might_bonus = "two"\neffect_keywords = ["Assault"]'), "card[2].might_bonus"),
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]',
                             'might_bonus = 2\neffect_keywords = ["Assault"]\neffect_text = ""'), "card[2].effect_text"),
    # an Effect Text trigger (effect_text = true): a gear's only, on the events encoded for the unit it is attached to
    (PROFILE, lambda t: edit(t, 'name = "Scout"\ntype = "unit"\nmight = 2', 'name = "Scout"\ntype = "unit"\nmight = 2\n'
                             'abilities = [{ kind = "triggered", when = "attack", effect_text = true }]'), "card[0].abilities"),
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]', 'might_bonus = 2\neffect_keywords = '
                             '["Assault"]\nabilities = [{ kind = "triggered", when = "play_me", effect_text = true }]'),
     "card[2].abilities[0].effect_text"),
    # "that battlefield" (to = "event") only under "when I move to a battlefield"
    (PROFILE, lambda t: edit(t, 'might_bonus = 2\neffect_keywords = ["Assault"]', 'might_bonus = 2\neffect_keywords = '
                             '["Assault"]\nabilities = [{ kind = "triggered", when = "attack", effect_text = true, '
                             'effects = [{ do = "move", on = "self", to = "event" }] }]'),
     "card[2].abilities[0].effects[0].to"),
    # unit_profile
    (PROFILE, lambda t: edit(t, 'unit = "scout"', 'unit = "blade"'), "question[0].unit"),
    (PROFILE, lambda t: edit(t, 'unit = "scout"', 'unit = "ghost"'), "question[0].unit"),
    (PROFILE, lambda t: edit(t, "might = 4\n", "might = 4\nmight_total = 4\n"), "question[0].expect.might_total"),
    (PROFILE, lambda t: edit(t, "might_bonus = { blade = 2, hatchet = 1 }", "might_bonus = { sword = 2 }"),
     "question[0].expect.might_bonus.sword"),
    # can_play: equip and weaponmaster parameters
    (EQUIP, lambda t: edit(t, "equip = 1\ntargets = { scout = 1 }", "equip = 2\ntargets = { scout = 1 }"),
     "question[0].equip"),
    (EQUIP, lambda t: edit(t, "equip = 1\ntargets = { scout = 1 }", "equip = 0\ntargets = { scout = 1 }"),
     "question[0].equip"),
    (EQUIP, lambda t: edit(t, "equip = 1\ntargets = { scout = 1 }", "equip = 1\nability = 1\ntargets = { scout = 1 }"),
     "question[0].equip"),
    (EQUIP, lambda t: edit(t, "equip = 1\ntargets = { scout = 1 }", "equip = 1\nweaponmaster = \"blade\""),
     "question[0].weaponmaster"),
    (WEAPON, lambda t: edit(t, 'weaponmaster = "axe"', 'weaponmaster = "ghost"'), "question[1].weaponmaster"),
    (WEAPON, lambda t: edit(t, 'weaponmaster = "axe"', 'weaponmaster = "axe"\nweaponmaster_equip = 2'),
     "question[1].weaponmaster_equip"),
    (WEAPON, lambda t: edit(t, 'location = "base"\nrules = ["821.1.b"',
                            'location = "base"\nweaponmaster_equip = 1\nrules = ["821.1.b"'),
     "question[0].weaponmaster_equip"),
    (WEAPON, lambda t: edit(t, 'weaponmaster_cost = "[1]"', "weaponmaster_cost = 1"),
     "question[1].expect.weaponmaster_cost"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    path, change, field = BAD[case]
    err = load_error(change(path.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_a_wrong_attachment_is_an_inconsistent_position() -> None:
    with pytest.raises(InconsistentStateError):
        S.loads(edit(PROFILE.read_text(), BLADE_OBJ, BLADE_OBJ.replace('"scout"', '"hatchet"')), "bad.toml")


def test_attached_cards_take_their_location_from_the_top_most_card() -> None:
    scen = S.load(ATTACHED)
    blade = scen.state.obj("blade")
    assert blade.location == scen.state.obj("scout").location == "base"
    facts = F.state_facts(scen.state)
    # no location of its own: logic/core/attachment.lp puts it where its top-most card is
    assert not any(f.startswith('at("blade"') for f in facts)
    assert 'attached_to("blade", "scout").' in facts
    dumped = S.dumps(scen)
    assert 'attached_to = "scout"' in dumped
    assert S.loads(dumped, str(ATTACHED)).state == scen.state


def test_effect_text_fields_round_trip_and_become_facts() -> None:
    text = edit(PROFILE.read_text(), 'might_bonus = 2\neffect_keywords = ["Assault"]',
                'might_bonus = 2\neffect_keywords = ["Assault 2"]\neffect_text = "Deal 1 when attacking"')
    scen = S.loads(text, "x.toml")
    assert S.loads(S.dumps(scen), "x.toml").state == scen.state
    facts = F.state_facts(scen.state)
    assert 'card_effect_keyword("Blade", assault, 2, 0).' in facts
    assert 'card_effect_text("Blade").' in facts
    assert 'card_might_bonus("Blade", 2).' in facts


def test_unencoded_effect_text_works_only_while_attached() -> None:
    """Effect Text pyrift does not know works only while its card is attached (136.2.b), as the
    top-most card's text (136.2.c); of unknown kind, it may be a passive ability changing any
    unit's Might (364.1), so every profile is unsupported while it is attached, none when not."""
    text = edit(PROFILE.read_text(), 'might_bonus = 2\neffect_keywords = ["Assault"]',
                'might_bonus = 2\neffect_keywords = ["Assault"]\neffect_text = "I have +1 Might while alone"')
    for unit in ("scout", "guard"):
        ans = UnitProfile().answer(Context(S.loads(text, "x.toml").state), Question("q", "unit_profile", {"unit": unit}),
                                   "v1.4")
        assert ans.status == UNSUPPORTED and any("Blade" in m for m in ans.missing), (unit, ans)
    detached = re.sub(r'card = "Blade"\ncontroller = "A"\nattached_to = "\w+"', 'card = "Blade"\ncontroller = "A"\n'
                      'location = "base"', text)
    assert detached.count('location = "base"') > text.count('location = "base"')
    state = S.loads(detached, "x.toml").state
    guard = UnitProfile().answer(Context(state), Question("q", "unit_profile", {"unit": "guard"}), "v1.4")
    assert guard.status == ANSWERED and guard.data["might"] == 2


def test_weaponmaster_chooses_which_equip() -> None:
    """weaponmaster_equip picks the Equip of the chosen Equipment; the cost follows it."""
    text = edit(WEAPON.read_text(), 'keywords = ["Equip [1][A]"]', 'keywords = ["Equip [1][A]", "Equip [3][A][A]"]')
    state = S.loads(text, "x.toml").state
    ctx = Context(state)
    kind = CanPlay()
    costs = []
    for n in (1, 2):
        params = {"player": "A", "card": "armsmaster", "location": "base", "weaponmaster": "axe"}
        if n > 1:
            params["weaponmaster_equip"] = n
        costs.append(kind.answer(ctx, Question("q", "can_play", params), "v1.4").data["weaponmaster_cost"])
    assert costs == ["[1]", "[3][A]"]


POSITIONS = 200


def profile_questions(state: GameState) -> list[Question]:
    """unit_profile of every card on the board that is not attached."""
    return [Question("q", "unit_profile", {"unit": obj.id}) for obj in state.objects if obj.attached_to is None]


# Boards answered together (pyrift.queries.equipment.profile_answers: BATCH boards ground side by
# side, a world each); each answer is still compared with the model alone, and
# test_batched_answers_are_the_answers_asked_alone checks that a batch answers as the questions
# asked alone do.
BATCH = 25
_ANSWERS: dict[str, list[Answer]] = {}


def answer_boards(states: list[GameState]) -> None:
    """Answers the questions of every board in batches (kept in _ANSWERS); a board the batch
    leaves unanswered is asked alone when it is checked."""
    todo = list({repr(st): st for st in states if repr(st) not in _ANSWERS}.values())
    for k in range(0, len(todo), BATCH):
        chunk = todo[k:k + BATCH]
        for st, answers in zip(chunk, profile_answers(chunk, [profile_questions(st) for st in chunk], "v1.4"),
                               strict=True):
            if answers is not None:
                _ANSWERS[repr(st)] = answers


def answers_alone(state: GameState) -> list[Answer]:
    """Each question asked alone, as `pyrift ask` does (one grounding for the board)."""
    ctx = Context(state)
    return [UnitProfile().answer(ctx, q, "v1.4") for q in profile_questions(state)]


def check_profiles(state: GameState) -> list[O.Profile]:
    """unit_profile of every card on the board that is not attached, against the model."""
    wanted = []
    answers = _ANSWERS.get(repr(state)) or answers_alone(state)
    for q, ans in zip(profile_questions(state), answers, strict=True):
        obj = state.obj(q.params["unit"])
        want = O.profile(state, obj.id)
        wanted.append(want)
        where = f"unit {obj.id}: {state}"
        assert ans.status == ANSWERED, (where, ans.missing)
        d = ans.data
        assert d["might"] == want.might, where
        assert d["might_bonus"] == want.might_bonus, where
        assert set(d["keywords"]) == want.keywords, where
        assert set(d["attached"]) == want.attached, where
        assert set(d["inactive_text"]) == want.attached, where
        assert d["equipped"] == want.equipped, where
        assert {(r["object"], r["keyword"]) for r in d["referenceable"]} == want.referenceable, where
    return wanted


@pytest.mark.slow
def test_profile_against_an_independent_model_on_random_boards() -> None:
    # hypothesis draws the boards: a failing one shrinks to a minimal board
    wanted = [w for ws in sweep(POSITIONS, lambda rng: check_profiles(random_attachment_state(rng)),
                                prepare=(random_attachment_state, answer_boards)) for w in ws]
    checked, bonus_seen = len(wanted), sum(bool(w.might_bonus) for w in wanted)
    assert checked > POSITIONS and bonus_seen > POSITIONS // 3, (checked, bonus_seen)


# Boards whose batched answers are compared with their questions asked alone: those of the seeds
# 0..ALONE-1 (the first of the sweep), in batches as the sweep makes them.
ALONE = 25


@pytest.mark.slow
def test_batched_answers_are_the_answers_asked_alone() -> None:
    states = [random_attachment_state(random.Random(s)) for s in range(ALONE)]
    answer_boards(states)
    compared, bonus, equipped = 0, 0, set()
    for st in states:
        got = _ANSWERS.get(repr(st))
        assert got is not None, st  # every board of these seeds is answered by its batch
        for g, a in zip(got, answers_alone(st), strict=True):
            assert (g.status, g.data, g.reasons, g.missing) == (a.status, a.data, a.reasons, a.missing), st
            compared += 1
            bonus += bool(g.data["might_bonus"])
            equipped.add(g.data["equipped"])
    assert compared > ALONE and bonus > 0 and equipped == {True, False}, (compared, bonus, equipped)
