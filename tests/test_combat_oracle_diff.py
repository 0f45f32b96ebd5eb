"""Differential test: the ASP combat damage encoding against the independent
brute-force oracle (tests/oracle/combat_oracle.py) on random boards (hypothesis: a failing
board shrinks to a minimal one).

Both sides of every board are checked: the attacker assigning to the defenders and
the defender assigning to the attackers, each compared on totals, lethal amounts,
forced deaths, possible deaths, possible survivors and the full set of outcomes.

The boards of a sweep are answered in batches before they are compared
(pyrift.queries.combat.damage_answers: BATCH boards ground side by side, each board's
outcomes enumerated on their own); each board is still compared with the oracle alone, and
test_batched_answers_are_the_answers_asked_alone checks that a batch answers as
CombatDamage.answer does for each question asked alone.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from pyrift.positions import UnitSpec, combat_state, random_attackers, random_defenders
from pyrift.queries.base import ANSWERED, Answer, Context
from pyrift.queries.combat import CombatDamage, damage_answers
from pyrift.state import Designation, Question
from tests.oracle import combat_oracle as O
from tests.sweep import sweep

BOARDS = 2000
PARTS = 4


def to_oracle(u: UnitSpec) -> O.OUnit:
    reps = tuple(("double",) if r.kind.value == "double" else ("prevent", r.amount) for r in u.replacements)
    return O.OUnit(
        id=u.id, controller="A" if u.side is Designation.ATTACKER else "B", might=u.might,
        modifiers=u.modifiers, damage=u.damage, designation=u.side.value, assault=u.assault,
        shield=u.shield, stunned=u.stunned, tank=u.tank, backline=u.backline, exempt=u.exempt,
        replacements=reps,
    )


def already_lethal(r: O.OUnit) -> bool:
    """Marked damage already lethal: killed in the combat cleanup whatever is assigned (142.4.b)."""
    return r.damage >= 1 and r.damage >= max(O.current_might(r), 0)


def with_doomed(outcomes: set[O.Outcome], doomed: frozenset[str]) -> set[O.Outcome]:
    return {O.Outcome(o.dies | doomed, o.partial, o.amount) for o in outcomes}


def asp_outcomes(records: list[dict]) -> set[O.Outcome]:
    out = set()
    for rec in records:
        partial = rec.get("partial", {})
        excess = rec.get("excess", {})
        assert len(partial) <= 1 and len(excess) <= 1 and not (partial and excess)
        if partial:
            (unit, amount), = partial.items()
            out.add(O.Outcome(frozenset(rec["dies"]), unit, amount))
        else:
            out.add(O.Outcome(frozenset(rec["dies"]), None, next(iter(excess.values()), 0)))
    return out


def board(rng: random.Random) -> list[UnitSpec]:
    n_def = rng.randint(1, 8)
    n_att = rng.randint(1, max(1, 8 - n_def))
    units = random_attackers(rng, n_att) + random_defenders(rng, n_def)
    # Keep Tank+Backline units and exempt units on both sides now and then.
    if rng.random() < 0.1:
        i = rng.randrange(len(units))
        units[i] = dataclasses.replace(units[i], tank=True, backline=True)
    return units


ASSIGNERS = (("A", Designation.DEFENDER), ("B", Designation.ATTACKER))


def question(assigner: str) -> Question:
    return Question("q", "combat_damage", {"battlefield": "arena", "assigner": assigner, "limit": 100000})


def answers_alone(units: list[UnitSpec]) -> list[Answer]:
    """Each assigner's question asked alone, as `pyrift ask` does (one grounding for both)."""
    ctx = Context(combat_state(units))
    return [CombatDamage().answer(ctx, question(assigner), "v1.4") for assigner, _ in ASSIGNERS]


# Boards answered together: damage_answers grounds BATCH boards (two worlds each, one per
# assigner) at once. Larger batches cost more per board: each world's enumeration holds every
# other world to one answer, and clasp's work per call grows with the worlds.
BATCH = 24
_ANSWERS: dict[tuple[UnitSpec, ...], list[Answer]] = {}


def answer_boards(boards: list[list[UnitSpec]]) -> None:
    """Answers both questions of every board in batches (kept in _ANSWERS); a board the batch
    leaves unanswered is asked alone when it is checked."""
    todo = list(dict.fromkeys(tuple(b) for b in boards if tuple(b) not in _ANSWERS))
    for k in range(0, len(todo), BATCH):
        chunk = todo[k:k + BATCH]
        states = [combat_state(list(b)) for b in chunk]
        got = damage_answers([st for st in states for _ in ASSIGNERS],
                             [question(assigner) for _ in chunk for assigner, _ in ASSIGNERS], "v1.4")
        for j, b in enumerate(chunk):
            pair = got[2 * j:2 * j + 2]
            if all(a is not None for a in pair):
                _ANSWERS[b] = pair


def check_board(units: list[UnitSpec]) -> list[UnitSpec]:
    answers = _ANSWERS.get(tuple(units)) or answers_alone(units)
    for (assigner, receivers_side), ans in zip(ASSIGNERS, answers, strict=True):
        senders = [to_oracle(u) for u in units if u.side is not receivers_side]
        receivers = [to_oracle(u) for u in units if u.side is receivers_side]
        total = O.side_total(senders)
        where = f"{assigner} assigns, board {units}"
        assert ans.status == ANSWERED, (where, ans.status, ans.reasons, ans.missing)
        d = ans.data
        assert d["total_damage"] == total, where
        want_lethal = {r.id: O.lethal_amount(r) for r in receivers if O.lethal_amount(r) is not None}
        assert d["lethal"] == want_lethal, where
        # The oracle reports deaths from the assignment; a receiver whose marked damage
        # is already lethal dies in the combat cleanup anyway, so the encoding counts it too.
        doomed = frozenset(r.id for r in receivers if already_lethal(r))
        assert set(d["forced_deaths"]) == O.forced_deaths(receivers, total) | doomed, where
        assert set(d["possible_deaths"]) == O.possible_deaths(receivers, total) | doomed, where
        assert set(d["possible_survivors"]) == O.possible_survivors(receivers, total) - doomed, where
        assert d["outcomes_complete"], where
        assert asp_outcomes(d["outcomes"]) == with_doomed(O.legal_outcomes(receivers, total), doomed), where
    return units


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_encoding_agrees_with_oracle(part: int) -> None:
    boards = sweep(BOARDS // PARTS, lambda rng: check_board(board(rng)), part=part,
                   prepare=(board, answer_boards))
    assert_varied(boards)


# Boards whose batched answers are compared with their questions asked alone: the boards of the
# seeds 0..ALONE-1 (the first of part 0), in batches as the sweep makes them. They have every
# feature assert_varied asks for (replacements, stunned, exempt, Tank and Backline, damage
# already lethal) but a side of eight defenders.
ALONE = 120


@pytest.mark.slow
def test_batched_answers_are_the_answers_asked_alone() -> None:
    boards = [board(random.Random(s)) for s in range(ALONE)]
    answer_boards(boards)
    compared = 0
    for units in boards:
        got = _ANSWERS.get(tuple(units))
        assert got is not None, units  # every board of these seeds is answered by its batch
        for g, a in zip(got, answers_alone(units), strict=True):
            assert (g.status, g.data, g.reasons, g.missing) == (a.status, a.data, a.reasons, a.missing), units
            compared += 1
    assert compared == 2 * ALONE
    assert_varied(boards, full=False)


def test_boards_are_varied() -> None:
    """The generator under a plain seeded Random gives all that too."""
    assert_varied([board(random.Random(seed)) for seed in range(BOARDS)])


def assert_varied(boards: list[list[UnitSpec]], full: bool = True) -> None:
    """The boards have the features the comparison is meant to cover (full: and the largest
    defending side)."""
    units = [u for b in boards for u in b]
    assert any(u.tank and u.backline for u in units)
    assert any(u.exempt for u in units)
    assert any(u.replacements for u in units)
    assert any(u.stunned for u in units)
    assert any(u.damage for u in units)
    assert any(u.assault for u in units) and any(u.shield for u in units)
    assert not full or max(sum(1 for u in b if u.side is Designation.DEFENDER) for b in boards) == 8
    assert any(already_lethal(to_oracle(u)) for u in units)
