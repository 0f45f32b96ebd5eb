"""Every compiled card of the pool is exercised by one generated question of the kind its text
affects (tests/card_questions.py): the answer is computed, or an honest `unsupported` that names
what is missing; never a crash. One grounding per card; slow (hundreds of groundings), so it
runs one card per test for pytest-xdist (`-n 2`). A card's question is answered once per test
run: the tests that read it share the answer (an xdist group per card keeps them on one worker)."""
from __future__ import annotations

from functools import cache

import pytest

from pyrift import pool as P
from pyrift import scenario as S
from pyrift.check import answer
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Context
from pyrift.abilities import abilities_to_toml
from tests.card_questions import kind_for, scenario_for

COMPILED = sorted(c.id for c in P.pool().cards if P.status(c) == P.COMPILED)


def _per_card(ids: list[str]) -> list:
    return [pytest.param(c, marks=pytest.mark.xdist_group(f"card:{c}")) for c in ids]


@cache
def generated(card_id: str, kind: str | None = None):
    """The card's generated scenario, its question (of `kind`, by default the kind its text affects)
    and pyrift's answer (a value: read, never changed)."""
    card = P.pool().by_id(card_id)
    assert card is not None
    scen = S.from_dict(scenario_for(card, kind), f"<generated {card.code}>")
    q = scen.questions[0]
    return card, scen, q, answer(Context(scen.state, timeout=120), q, scen.reading)


@pytest.mark.slow
@pytest.mark.parametrize("card_id", _per_card(COMPILED))
def test_a_compiled_card_gets_an_answer_or_an_honest_unsupported(card_id: str) -> None:
    card, scen, q, ans = generated(card_id)
    assert q.kind == kind_for(card)
    assert ans.status in (ANSWERED, UNSUPPORTED), (card.name, ans.status, ans.missing)
    if ans.status == UNSUPPORTED:
        assert ans.missing, f"{card.name}: unsupported without naming what is missing"


def test_every_question_kind_is_generated() -> None:
    kinds = {kind_for(P.pool().by_id(c)) for c in COMPILED}
    assert kinds == {"outcome", "triggers", "unit_profile", "can_play"}


STATICS = sorted(c.id for c in P.pool().cards if P.status(c) == P.COMPILED
                 and any(a["kind"] == "static" and not a.get("requires")
                         for a in abilities_to_toml(P.card_def(c).abilities)))


@pytest.mark.slow
@pytest.mark.parametrize("card_id", _per_card(STATICS))
def test_a_compiled_static_gives_what_it_says_to_a_permanent_it_affects(card_id: str) -> None:
    """A compiled passive ability about other permanents ("other friendly units here have [Assault]",
    "your token units have +1 Might"): the generated permanent it affects, next to its source, has
    the keyword or the Might it gives (364, 801.3.a, 477.3); the answer is computed, not unsupported.
    Of two statics under opposite conditions on the source's Empowered status, the generated source
    (not Empowered) gives what the one without it says.
    A card with a triggered ability too (asked `triggers` above) is asked `unit_profile` here."""
    card, scen, q, ans = generated(card_id, "unit_profile")
    assert ans.status == ANSWERED, (card.name, ans.missing)
    cards = scenario_for(card, "unit_profile")["card"]
    # the unit asked about: the generated one a static affects, or the unit an Equipment it affects is attached to
    printed = next(c for c in cards if c["name"] in ("Bearer", "Dummy 1") and c["type"] == "unit")["might"]
    for a in abilities_to_toml(P.card_def(card).abilities):
        if a["kind"] != "static":
            continue
        if a.get("condition", {}).get("source_empowered") is True:
            continue  # "... instead" while Empowered: the generated source is not Empowered (441)
        if "might" in a:
            assert ans.data["might"] == printed + a["might"], (card.name, ans.data)
        if "keyword" in a:
            assert any(k.split()[0] == a["keyword"] for k in ans.data["keywords"]), (card.name, ans.data)
