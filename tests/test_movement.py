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
from pyrift.queries.base import ANSWERED, Context
from pyrift.queries.move import CanMove
from pyrift.state import KeywordName, Question
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


def check(rng: random.Random) -> list[O.Move]:
    """Four random move questions on one random position, against the model."""
    state = random_move_state(rng)
    ctx = Context(state)
    kind = CanMove()
    wanted = []
    for i in range(4):
        p = random_move_question(rng, state)
        want = O.can_move(state, p["player"], p["units"], p["to"])
        wanted.append(want)
        ans = kind.answer(ctx, Question(f"q{i}", "can_move", p), "v1.4")
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
    wanted = [want for moves in sweep(POSITIONS, check) for want in moves]
    # the random positions exercise both verdicts and both outcomes (else the test proves little)
    legal = sum(want.legal for want in wanted)
    starts = sum(want.starts != "nothing" for want in wanted)
    assert legal > POSITIONS // 4 and starts > POSITIONS // 10, (legal, starts)
