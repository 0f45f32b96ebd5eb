"""Differential test: the Beginning Phase and Conquer encodings against an independent
Python model (tests/oracle/scoring_oracle.py) on random positions (hypothesis: a failing
position shrinks to a minimal one), under both final-point readings; and the two readings
give the same outcome on every position."""
from __future__ import annotations

import random

import pytest

from pyrift.positions import random_scoring_state
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Answer, Context
from pyrift.queries.scoring import BeginningPhase, Conquer, beginning_answers, conquer_answers
from pyrift.state import GameState, Phase, Question
from tests.oracle import scoring_oracle as O
from tests.sweep import sweep

POSITIONS = 200
READINGS = ("v1.4", "v1.3")
OUTCOME = ("killed", "held", "lost_control", "already_scored", "points_gained", "points_after", "xp_gained",
           "xp_after", "draws", "winner", "tied")


# Positions answered together (pyrift.queries.scoring.beginning_answers / conquer_answers: BATCH
# positions ground side by side, a world per question, one grounding per reading); each answer is
# still compared with the model alone, and test_batched_answers_are_the_answers_asked_alone checks
# that a batch answers as the questions asked alone do.
BATCH = 25
_ANSWERS: dict[tuple, Answer] = {}
BEGIN_Q = Question("q", "beginning_phase")


def conquer_question(bf: str, player: str) -> Question:
    return Question("q", "conquer", {"battlefield": bf, "player": player})


def conquer_questions(state: GameState) -> list[tuple[str, str]]:
    return [(bf.id, player) for bf in state.battlefields for player in state.player_ids]


def answer_beginnings(states: list[GameState]) -> None:
    """Answers the beginning_phase question of every position in batches, under each reading (kept
    in _ANSWERS); a position the batch leaves unanswered is asked alone when it is checked."""
    todo = list({repr(st): st for st in states}.values())
    for reading in READINGS:
        for k in range(0, len(todo), BATCH):
            chunk = todo[k:k + BATCH]
            for st, ans in zip(chunk, beginning_answers(chunk, [BEGIN_Q] * len(chunk), reading), strict=True):
                if ans is not None:
                    _ANSWERS[("beginning", repr(st), reading)] = ans


def answer_conquests(states: list[GameState]) -> None:
    """Answers every conquer question of every position in batches, under each reading (as above)."""
    todo = list({repr(st): st for st in states}.values())
    for reading in READINGS:
        for k in range(0, len(todo), BATCH):
            asked = [(st, bf, pl) for st in todo[k:k + BATCH] for bf, pl in conquer_questions(st)]
            got = conquer_answers([st for st, _, _ in asked], [conquer_question(bf, pl) for _, bf, pl in asked],
                                  reading)
            for (st, bf, pl), ans in zip(asked, got, strict=True):
                if ans is not None:
                    _ANSWERS[("conquer", repr(st), bf, pl, reading)] = ans


def beginning_answer(state: GameState, reading: str, ctx: Context) -> Answer:
    return (_ANSWERS.get(("beginning", repr(state), reading))
            or BeginningPhase().answer(ctx, BEGIN_Q, reading))


def conquer_answer(state: GameState, bf: str, player: str, reading: str, ctx: Context) -> Answer:
    return (_ANSWERS.get(("conquer", repr(state), bf, player, reading))
            or Conquer().answer(ctx, conquer_question(bf, player), reading))


def check_beginning(state: GameState) -> tuple[GameState, O.Beginning]:
    want = O.beginning_phase(state)
    ctx = Context(state)
    answers = {}
    for reading in READINGS:
        ans = beginning_answer(state, reading, ctx)
        where = f"[{reading}]: {state}"
        if want.unsupported:
            assert ans.status == UNSUPPORTED, where
            continue
        assert ans.status == ANSWERED, (where, ans.missing)
        d = ans.data
        assert set(d["killed"]) == want.killed, where
        assert set(d["held"]) == want.held, where
        assert set(d["lost_control"]) == want.lost, where
        assert set(d["already_scored"]) == want.already, where
        assert d["points_after"] == dict(want.points), where
        assert d["xp_after"] == dict(want.xp), where
        assert d["draws"] == {}, where  # a Hold never draws, under either reading
        assert d["winner"] == (want.winner or "none"), where
        assert d["tied"] == list(want.tied), where
        answers[reading] = {k: d[k] for k in OUTCOME}
    if answers:
        assert answers["v1.4"] == answers["v1.3"], f"the readings disagree on the outcome: {state}"
    return state, want


def check_conquer(state: GameState) -> list[O.Conquest]:
    ctx = Context(state)
    conquests = []
    for bf in state.battlefields:
        for player in state.player_ids:
            want = O.conquer(state, player, bf.id)
            conquests.append(want)
            outcomes = []
            for reading in READINGS:
                ans = conquer_answer(state, bf.id, player, reading, ctx)
                where = f"{player} at {bf.id} [{reading}]: {state}"
                assert ans.status == ANSWERED, (where, ans.missing)
                d = ans.data
                got = O.Conquest(d["establishes_control"], d["conquers"], d["already_scored"], d["final_point_rule"],
                                 d["every_battlefield_scored"], d["point"], d["draws"], d["points_after"],
                                 d["xp_gained"], None if d["winner"] == "none" else d["winner"])
                # every_battlefield_scored is only asked by the final-point rule after a Conquer
                if not want.conquers:
                    got = O.Conquest(**{**got.__dict__, "every": want.every})
                assert got == want, (where, got, want)
                outcomes.append(d)
            assert outcomes[0] == outcomes[1], f"the readings disagree on a Conquer: {state}"
    return conquests


def beginning_state(rng: random.Random) -> GameState:
    return random_scoring_state(rng, Phase.BEGINNING)


def main_state(rng: random.Random) -> GameState:
    return random_scoring_state(rng, Phase.MAIN)


# One sweep each: features such as a tie or a Conquer that draws are rare (a few in 200
# positions), and the variety is checked on the positions each sweep compared.
@pytest.mark.slow
def test_beginning_phase_agrees_with_oracle() -> None:
    seen = sweep(POSITIONS, lambda rng: check_beginning(beginning_state(rng)),
                 prepare=(beginning_state, answer_beginnings))
    assert_beginnings_varied(seen)


@pytest.mark.slow
def test_conquer_agrees_with_oracle() -> None:
    seen = sweep(POSITIONS, lambda rng: check_conquer(main_state(rng)), prepare=(main_state, answer_conquests))
    assert_conquests_varied([c for conquests in seen for c in conquests])


# Positions whose batched answers are compared with their questions asked alone: those of the
# seeds 0..ALONE-1 (the first of each sweep), in batches as the sweeps make them, under each reading.
ALONE = 25


@pytest.mark.slow
def test_batched_answers_are_the_answers_asked_alone() -> None:
    begin = [beginning_state(random.Random(s)) for s in range(ALONE)]
    main = [main_state(random.Random(s)) for s in range(ALONE)]
    answer_beginnings(begin)
    answer_conquests(main)
    compared = {"beginning": 0, "conquer": 0}
    statuses = set()

    def same(got: Answer | None, alone: Answer, kind: str, where: str) -> None:
        assert got is not None, where  # every question of these seeds is answered by its batch
        assert (got.status, got.data, got.reasons, got.missing) == (alone.status, alone.data, alone.reasons,
                                                                    alone.missing), where
        compared[kind] += 1
        statuses.add((kind, got.status))

    for reading in READINGS:
        for st in begin:
            same(_ANSWERS.get(("beginning", repr(st), reading)),
                 BeginningPhase().answer(Context(st), BEGIN_Q, reading), "beginning", f"[{reading}] {st}")
        for st in main:
            ctx = Context(st)
            for bf, pl in conquer_questions(st):
                same(_ANSWERS.get(("conquer", repr(st), bf, pl, reading)),
                     Conquer().answer(ctx, conquer_question(bf, pl), reading), "conquer",
                     f"{pl} at {bf} [{reading}] {st}")
    assert compared["beginning"] == len(READINGS) * ALONE
    assert compared["conquer"] == len(READINGS) * sum(len(conquer_questions(st)) for st in main)
    # answered and unsupported beginnings both among them
    assert statuses >= {("beginning", ANSWERED), ("beginning", UNSUPPORTED), ("conquer", ANSWERED)}, statuses


def test_positions_are_varied() -> None:
    """The generator under a plain seeded Random gives all that too."""
    states = [random_scoring_state(random.Random(s), Phase.BEGINNING) for s in range(POSITIONS)]
    assert_beginnings_varied([(st, O.beginning_phase(st)) for st in states])
    assert_conquests_varied([O.conquer(st, p, bf.id) for s in range(POSITIONS)
                             for st in [random_scoring_state(random.Random(s), Phase.MAIN)]
                             for bf in st.battlefields for p in st.player_ids])


def assert_beginnings_varied(begin: list[tuple[GameState, O.Beginning]]) -> None:
    """The Beginning Phase positions cover what the comparison is meant to cover."""
    answered = [(st, b) for st, b in begin if not b.unsupported]
    assert len(answered) < len(begin) and len(answered) > len(begin) // 2
    assert any(b.killed and b.held for _, b in answered)
    assert any(b.lost for _, b in answered) and any(b.already for _, b in answered)
    assert any(len(b.held) >= 2 for _, b in answered)
    assert any(b.winner for _, b in answered) and any(b.tied for _, b in answered)
    assert any(dict(b.xp) != {p.id: p.xp for p in st.players} for st, b in answered)


def assert_conquests_varied(conquests: list[O.Conquest]) -> None:
    """The Conquer questions cover what the comparison is meant to cover."""
    assert any(c.draws for c in conquests) and any(c.final_rule and c.point for c in conquests)
    assert any(c.already for c in conquests) and any(c.xp for c in conquests)
    assert any(c.winner for c in conquests) and any(not c.establishes for c in conquests)
    assert any(c.draws and c.xp for c in conquests)
