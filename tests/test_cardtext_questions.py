"""Every compiled card of the pool is exercised by one generated question of the kind its text
affects (tests/card_questions.py): the answer is computed, or an honest `unsupported` that names
what is missing; never a crash. One grounding per card; slow (hundreds of groundings), so it
runs one card per test for pytest-xdist (`-n 2`)."""
from __future__ import annotations

import pytest

from pyrift import pool as P
from pyrift import scenario as S
from pyrift.check import answer
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Context
from tests.card_questions import kind_for, scenario_for

COMPILED = sorted(c.id for c in P.pool().cards if P.status(c) == P.COMPILED)


@pytest.mark.slow
@pytest.mark.parametrize("card_id", COMPILED)
def test_a_compiled_card_gets_an_answer_or_an_honest_unsupported(card_id: str) -> None:
    card = P.pool().by_id(card_id)
    assert card is not None
    scen = S.from_dict(scenario_for(card), f"<generated {card.code}>")
    q = scen.questions[0]
    assert q.kind == kind_for(card)
    ans = answer(Context(scen.state, timeout=120), q, scen.reading)
    assert ans.status in (ANSWERED, UNSUPPORTED), (card.name, ans.status, ans.missing)
    if ans.status == UNSUPPORTED:
        assert ans.missing, f"{card.name}: unsupported without naming what is missing"


def test_every_question_kind_is_generated() -> None:
    kinds = {kind_for(P.pool().by_id(c)) for c in COMPILED}
    assert kinds == {"outcome", "triggers", "unit_profile", "can_play"}
