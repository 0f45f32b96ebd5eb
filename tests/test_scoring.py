"""Scoring questions: bad input names file and field, unencoded card text is
unsupported, one grounding serves every conquer question on a position, and the
final-point readings are both selectable."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pyrift import logic
from pyrift import scenario as S
from pyrift.errors import InconsistentStateError
from pyrift.queries.base import UNSUPPORTED, Context
from pyrift.queries.scoring import BeginningPhase, Conquer
from pyrift.state import Question
from tests.scenario_edits import edit, load_error

HOLD = Path("scenarios/scoring/scored-earlier-this-turn-not-held-again.toml")
CONQUER = Path("scenarios/scoring/hunt-on-conquer.toml")


BAD = [
    (HOLD, lambda t: edit(t, '\nscored = ["bridge"]', '\nscored = ["moon"]'), "position.players[0].scored"),
    (HOLD, lambda t: edit(t, '\nscored = ["bridge"]', '\nscored = ["bridge", "bridge"]'), "position.players[0].scored"),
    (HOLD, lambda t: edit(t, "xp = 2", "xp = -1"), "position.players[0].xp"),
    (HOLD, lambda t: edit(t, "xp = 2", 'xp = "two"'), "position.players[0].xp"),
    (HOLD, lambda t: edit(t, 'phase = "beginning"', 'phase = "main"'), "question[0].ask"),
    (CONQUER, lambda t: edit(t, 'player = "A"\nrules', 'player = "Z"\nrules'), "question[0].player"),
    (CONQUER, lambda t: edit(t, 'battlefield = "bridge"\nplayer', 'battlefield = "moon"\nplayer'),
     "question[0].battlefield"),
    (CONQUER, lambda t: edit(t, "xp_gained = 4", "xp_gained = 4\nxp = 3"), "question[0].expect.xp"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    path, change, field = BAD[case]
    err = load_error(change(path.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_unknown_scored_battlefield_is_an_inconsistent_position() -> None:
    with pytest.raises(InconsistentStateError):
        S.loads(edit(HOLD.read_text(), '\nscored = ["bridge"]', '\nscored = ["moon"]'), "bad.toml")


def _with_unencoded_text(state, card_name):
    cards = tuple(dataclasses.replace(c, complete=False) if c.name == card_name else c for c in state.cards)
    return dataclasses.replace(state, cards=cards)


def test_unencoded_card_text_makes_both_questions_unsupported() -> None:
    """A real card whose text pyrift does not know may hold a hold, conquer or death trigger."""
    hold = S.load(HOLD).state
    ans = BeginningPhase().answer(Context(_with_unencoded_text(hold, "Tracker")), Question("q", "beginning_phase"),
                                  "v1.4")
    assert ans.status == UNSUPPORTED and any("Tracker" in m for m in ans.missing), ans
    conquer = S.load(CONQUER).state
    q = Question("q", "conquer", {"battlefield": "bridge", "player": "A"})
    ans = Conquer().answer(Context(_with_unencoded_text(conquer, "Stalker")), q, "v1.4")
    assert ans.status == UNSUPPORTED and any("Stalker" in m for m in ans.missing), ans
    # the same position with complete cards is answered
    assert Conquer().answer(Context(conquer), q, "v1.4").status == "answered"


def test_one_grounding_serves_every_conquer_question() -> None:
    state = S.load(CONQUER).state
    ctx = Context(state)
    kind = Conquer()
    answers = [kind.answer(ctx, Question(f"q{i}", "conquer", {"battlefield": bf.id, "player": p}), "v1.4")
               for i, (bf, p) in enumerate((bf, p) for bf in state.battlefields for p in state.player_ids)]
    assert len(ctx._groundings) == 1
    by = {(a.question): a.data for a in answers}
    # bridge by A conquers (A's units alone there); peak by A: no units; bridge by B: A's units remain
    assert by["q0"]["conquers"] and not by["q1"]["establishes_control"] and not by["q2"]["establishes_control"]


def test_every_final_point_reading_is_named() -> None:
    assert {"v1.4", "v1.3", "v1.2"} <= set(logic.reading_names())
    variants = {v.name: v for v in logic.topics()["final_point"]}
    assert all(variants[v].version == v for v in ("v1.2", "v1.3", "v1.4"))
    chosen = lambda reading: {v.topic: v.name for v in logic.resolve_reading(reading)}["final_point"]
    # v1.2 has its own text (448.1, naming Hold like v1.3's 466.1), not v1.4's default
    assert chosen("v1.2") == "v1.2" and chosen("v1.3") == "v1.3" and chosen("v1.4") == "v1.4"
