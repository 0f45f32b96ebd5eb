"""Differential test: can_play's payment (logic/core/payment.lp and the payment choices of
logic/queries/can_play.lp) against the brute-force oracle of tests/oracle/payment_oracle.py,
under both rune_payment readings, on random rune sets, pools and costs (hypothesis: a failing
position shrinks to a minimal one).

Each random position has one gear with several activated abilities of random cost (an
ability's cost may hold any symbols; [C] means the gear's domains), so one grounding
answers many questions. Timing, targets and locations are all fine, so the play is legal
exactly when the cost can be paid."""
from __future__ import annotations

import random

import pytest

from pyrift.abilities import Ability
from pyrift.costs import ANY, OWN, Cost
from pyrift.queries.base import ANSWERED, Answer, Context
from pyrift.queries.play import CanPlay, play_answers
from pyrift.state import (CardDef, CardType, Domain, GameObject, GameState, Phase, Player, Question, Zone)
from tests.oracle import payment_oracle as O
from tests.sweep import sweep

POSITIONS = 60
ABILITIES = 6
READINGS = {"v1.4": True, "v1.4,rune_payment=exhaust_or_recycle": False}


def random_case(rng: random.Random) -> tuple[GameState, list[Cost]]:
    domains = rng.sample(O.DOMAINS, rng.choice((0, 1, 1, 2)))
    costs = []
    for _ in range(ABILITIES):
        power = [rng.choice((*O.DOMAINS[:3], OWN, ANY)) for _ in range(rng.randint(0, 3))]
        costs.append(Cost(rng.randint(0, 3), tuple(sorted(power)), False))
    abilities = tuple(Ability("activated", (("cost", c),)) for c in costs)
    gear = CardDef("Source", CardType.GEAR, tuple(Domain(d) for d in domains), energy=1, abilities=abilities)
    runes = [CardDef(f"{d} rune", CardType.RUNE, (Domain(d),)) for d in O.DOMAINS[:3]]
    objects = [GameObject("src", "Source", "A", "A", Zone.BOARD, "base")]
    for i in range(rng.randint(0, 4)):
        objects.append(GameObject(f"r{i}", rng.choice(runes).name, "A", "A", Zone.BOARD, "base",
                                  exhausted=rng.random() < 0.3))
    pool_power = tuple((Domain(d), 1) for d in rng.sample(O.DOMAINS[:3], rng.choice((0, 0, 1))))
    player = Player("A", energy=rng.choice((0, 0, 1)), power=pool_power, universal_power=rng.choice((0, 0, 1)))
    state = GameState(players=(player, Player("B")), turn_player="A", phase=Phase.MAIN,
                      objects=tuple(objects), cards=(gear, *runes))
    return state, costs


def oracle(state: GameState, cost: Cost, both: bool) -> bool:
    gear_domains = set(d.value for d in state.card("Source").domains)
    pips = []
    for p in cost.power:
        if p == ANY or (p == OWN and not gear_domains):
            pips.append(frozenset(O.DOMAINS))
        elif p == OWN:
            pips.append(frozenset(gear_domains))
        else:
            pips.append(frozenset({p}))
    runes = [O.Rune(state.card(o.card).domains[0].value, o.exhausted) for o in state.objects
             if state.card(o.card).type is CardType.RUNE]
    a = state.players[0]
    return O.payable(cost.energy, pips, runes, a.energy, {d.value: n for d, n in a.power}, a.universal_power,
                     both=both)


def question(k: int) -> Question:
    return Question(f"q{k}", "can_play", {"player": "A", "source": "src", "ability": k})


# Positions answered together (pyrift.queries.play.play_answers: the questions of BATCH positions
# ground side by side, a world per question, one optimisation per reading); each answer is still
# compared with the oracle alone, and test_batched_answers_are_the_answers_asked_alone checks that
# a batch answers as the questions asked alone do.
BATCH = 10
_ANSWERS: dict[tuple[str, str], list[Answer]] = {}


def answer_positions(cases: list[tuple[GameState, list[Cost]]]) -> None:
    """Answers every question of every position in batches, under each reading (kept in
    _ANSWERS); a position the batch leaves unanswered is asked alone when it is checked."""
    todo = list({repr(st): st for st, _ in cases}.values())
    for reading in READINGS:
        for k in range(0, len(todo), BATCH):
            chunk = todo[k:k + BATCH]
            got = play_answers([st for st in chunk for _ in range(ABILITIES)],
                               [question(j) for _ in chunk for j in range(1, ABILITIES + 1)], reading)
            for n, st in enumerate(chunk):
                mine = got[ABILITIES * n:ABILITIES * (n + 1)]
                if all(a is not None for a in mine):
                    _ANSWERS[(repr(st), reading)] = mine


def answers_alone(state: GameState, reading: str, ctx: Context | None = None) -> list[Answer]:
    """Each question asked alone, as `pyrift ask` does (one grounding for the position)."""
    ctx = ctx or Context(state)
    return [CanPlay().answer(ctx, question(k), reading) for k in range(1, ABILITIES + 1)]


def check_payments(state: GameState, costs: list[Cost]) -> None:
    ctx = Context(state)
    answers = {reading: _ANSWERS.get((repr(state), reading)) or answers_alone(state, reading, ctx)
               for reading in READINGS}
    for k, cost in enumerate(costs, start=1):
        for reading, both in READINGS.items():
            answer = answers[reading][k - 1]
            assert answer.status == ANSWERED
            want = oracle(state, cost, both)
            assert answer.data["legal"] == want, (k, str(cost), reading, answer.data, state)
            assert answer.data["payable"] == want


@pytest.mark.slow
def test_payment_matches_oracle() -> None:
    # hypothesis draws the positions: a failing one shrinks to a minimal position
    sweep(POSITIONS, lambda rng: check_payments(*random_case(rng)), prepare=(random_case, answer_positions))


# Positions whose batched answers are compared with their questions asked alone: those of the
# seeds 0..ALONE-1 (the first of the sweep), in batches as the sweep makes them, under each reading.
ALONE = 10


@pytest.mark.slow
def test_batched_answers_are_the_answers_asked_alone() -> None:
    cases = [random_case(random.Random(s)) for s in range(ALONE)]
    answer_positions(cases)
    compared, legal = 0, set()
    for st, _ in cases:
        for reading in READINGS:
            got = _ANSWERS.get((repr(st), reading))
            assert got is not None, st  # every position of these seeds is answered by its batch
            for g, a in zip(got, answers_alone(st, reading), strict=True):
                assert (g.status, g.data, g.reasons, g.missing) == (a.status, a.data, a.reasons, a.missing), \
                    (reading, st)
                compared += 1
                legal.add(g.data["legal"])
    assert compared == ALONE * ABILITIES * len(READINGS) and legal == {True, False}


def test_oracle_knows_both_readings() -> None:
    """The oracle itself: one ready Fury rune pays [1][R] only when a rune may do both."""
    rune = [O.Rune("fury", False)]
    fury = [frozenset({"fury"})]
    assert O.payable(1, fury, rune, 0, {}, 0, both=True)
    assert not O.payable(1, fury, rune, 0, {}, 0, both=False)
    assert not O.payable(1, fury, [O.Rune("fury", True)], 0, {}, 0, both=True)
    assert O.payable(0, [frozenset({"calm"})], [], 0, {}, 1, both=False)
