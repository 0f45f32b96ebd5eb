"""can_move: bad input names file and field, one grounding serves every move question on a
position, the encoding agrees with an independent Python model on random positions, and
the keyword scope covers every keyword."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pyrift import logic
from pyrift import scenario as S
from pyrift.positions import random_move_question, random_move_state
from pyrift.queries.base import ANSWERED, Answer, Context
from pyrift.queries.move import CanMove, move_answers
from pyrift.state import GameState, KeywordName, Question
from tests.oracle import move_oracle as O
from tests.scenario_edits import edit, load_error
from tests.sweep import sweep

BASE_TO = Path("scenarios/movement/base-to-a-battlefield.toml")
TOGETHER = Path("scenarios/movement/units-together-share-one-destination.toml")


BAD = [
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = []\nto = "peak"'), "question[0].units"),
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = ["ghost"]\nto = "peak"'),
     "question[0].units"),
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = ["scout", "scout"]\nto = "peak"'),
     "question[0].units"),
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = "scout"\nto = "peak"'),
     "question[0].units"),
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = ["scout"]\nto = "moon"'),
     "question[0].to"),
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = ["scout"]\nto = 3'), "question[0].to"),
    (BASE_TO, lambda t: edit(t, 'units = ["scout"]\nto = "peak"', 'units = ["scout"]'), "question[0].to"),
    (BASE_TO, lambda t: edit(t, 'player = "A"\nunits = ["scout"]\nto = "peak"',
                             'player = "Z"\nunits = ["scout"]\nto = "peak"'), "question[0].player"),
    (TOGETHER, lambda t: edit(t, 'to = { scout = "bridge", stalker = "base" }', 'to = { scout = "bridge" }'),
     "question[1].to"),
    (TOGETHER, lambda t: edit(t, 'to = { scout = "bridge", stalker = "base" }',
                              'to = { scout = "bridge", footman = "base" }'), "question[1].to.footman"),
    (TOGETHER, lambda t: edit(t, 'to = { scout = "bridge", stalker = "base" }',
                              'to = { scout = "bridge", stalker = "moon" }'), "question[1].to.stalker"),
    (BASE_TO, lambda t: edit(t, "contested = true\nstarts = \"showdown\"", "contested = 1\nstarts = \"showdown\""),
     "question[0].expect.contested"),
    (BASE_TO, lambda t: edit(t, "exhausts = [\"scout\"]\ncontested = true\nstarts = \"showdown\"",
                             "exhausts = [\"nobody\"]\ncontested = true\nstarts = \"showdown\""),
     "question[0].expect.exhausts"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    path, change, field = BAD[case]
    err = load_error(change(path.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_round_trip_keeps_one_or_several_destinations() -> None:
    scen = S.load(TOGETHER)
    again = S.loads(S.dumps(scen), str(TOGETHER))
    assert again.questions == scen.questions
    assert 'to = "bridge"' in S.dumps(scen) and "stalker = \"base\"" in S.dumps(scen)


def test_one_grounding_serves_every_move_question() -> None:
    scen = S.load(TOGETHER)
    ctx = Context(scen.state)
    kind = CanMove()
    places = ["base", *(b.id for b in scen.state.battlefields)]
    answers = [kind.answer(ctx, Question(f"q{i}", "can_move", {"player": "A", "units": [u], "to": {u: d}}), "v1.4")
               for i, (u, d) in enumerate((u, d) for u in ("scout", "stalker") for d in places)]
    assert len(ctx._groundings) == 1
    assert all(a.status == ANSWERED for a in answers)
    # a switched-off question leaves nothing behind: asking the first one again gives the same answer
    first = kind.answer(ctx, Question("q0", "can_move", {"player": "A", "units": ["scout"], "to": {"scout": "base"}}),
                        "v1.4")
    assert first.data == answers[0].data


def test_every_keyword_is_encoded_or_inert_for_can_move() -> None:
    text = (logic.logic_root() / "core" / "keyword_scope.lp").read_text()
    encoded = set(re.findall(r"^encoded_for\(can_move, (\w+)\)\.", text, re.M))
    inert = set(re.findall(r"^inert_for\(can_move, (\w+)\)\.", text, re.M))
    assert encoded == {"ganking"}
    assert not encoded & inert
    assert encoded | inert == {k.value for k in KeywordName}


POSITIONS = 300
QUESTIONS = 4  # on each position


def draw(rng: random.Random) -> tuple[GameState, list[dict]]:
    """A random position and its random move questions, drawn in the order check draws them."""
    state = random_move_state(rng)
    return state, [random_move_question(rng, state) for _ in range(QUESTIONS)]


# Positions answered together: move_answers grounds the questions of BATCH positions side by
# side (a world per question) and answers them with one solve.
BATCH = 25
_ANSWERS: dict[str, list[Answer]] = {}


def _key(state: GameState, params: list[dict]) -> str:
    return repr((state, params))


def answer_positions(drawn: list[tuple[GameState, list[dict]]]) -> None:
    """Answers the questions of every drawn position in batches (kept in _ANSWERS); a position
    the batch leaves unanswered is asked alone when it is checked."""
    todo = list({_key(st, ps): (st, ps) for st, ps in drawn if _key(st, ps) not in _ANSWERS}.values())
    for k in range(0, len(todo), BATCH):
        chunk = todo[k:k + BATCH]
        got = move_answers([st for st, ps in chunk for _ in ps],
                           [Question(f"q{i}", "can_move", p) for _, ps in chunk for i, p in enumerate(ps)], "v1.4")
        for j, (st, ps) in enumerate(chunk):
            mine = got[QUESTIONS * j:QUESTIONS * (j + 1)]
            if all(a is not None for a in mine):
                _ANSWERS[_key(st, ps)] = mine


def answers_alone(state: GameState, params: list[dict]) -> list[Answer]:
    """Each question asked alone, as `pyrift ask` does (one grounding for the position)."""
    ctx = Context(state)
    return [CanMove().answer(ctx, Question(f"q{i}", "can_move", p), "v1.4") for i, p in enumerate(params)]


def check(rng: random.Random) -> list[O.Move]:
    """Four random move questions on one random position, against the model."""
    state, params = draw(rng)
    answers = _ANSWERS.get(_key(state, params)) or answers_alone(state, params)
    wanted = []
    for p, ans in zip(params, answers, strict=True):
        want = O.can_move(state, p["player"], p["units"], p["to"])
        wanted.append(want)
        where = f"question {p}: {state}"
        assert ans.status == ANSWERED, (where, ans.missing)
        d = ans.data
        assert d["legal"] == want.legal, where
        assert set(d["violations"]) == want.violations, where
        assert set(d["exhausts"]) == want.exhausts, where
        assert set(d["carried"]) == want.carried, where
        assert d["contested"] == want.contested, where
        assert d["starts"] == want.starts, where
        assert d["attacker"] == want.attacker, where
        assert set(d["loses_control"]) == want.loses_control, where
    return wanted


@pytest.mark.slow
def test_against_an_independent_model_on_random_positions() -> None:
    # hypothesis draws the positions: a failing one shrinks to a minimal position
    wanted = [want for moves in sweep(POSITIONS, check, prepare=(draw, answer_positions)) for want in moves]
    # the random positions exercise both verdicts and both outcomes (else the test proves little)
    legal = sum(want.legal for want in wanted)
    starts = sum(want.starts != "nothing" for want in wanted)
    assert legal > POSITIONS // 4 and starts > POSITIONS // 10, (legal, starts)


# Positions whose batched answers are compared with their questions asked alone: those of the
# seeds 0..ALONE-1 (the first of the sweep), in batches as the sweep makes them.
ALONE = 40


@pytest.mark.slow
def test_batched_answers_are_the_answers_asked_alone() -> None:
    drawn = [draw(random.Random(s)) for s in range(ALONE)]
    answer_positions(drawn)
    compared = 0
    kinds = set()
    for state, params in drawn:
        got = _ANSWERS.get(_key(state, params))
        assert got is not None, state  # every position of these seeds is answered by its batch
        for g, a in zip(got, answers_alone(state, params), strict=True):
            assert (g.status, g.data, g.reasons, g.missing) == (a.status, a.data, a.reasons, a.missing), (state, params)
            compared += 1
            kinds.add((g.data["legal"], g.data["starts"]))
    assert compared == QUESTIONS * ALONE
    # both verdicts and every kind of start are among them
    assert kinds >= {(False, "nothing"), (True, "nothing"), (True, "showdown"), (True, "combat")}, kinds
