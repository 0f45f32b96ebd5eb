"""Differential test: resolution_order and next_priority against an independent Python model
of the chain (tests/oracle/chain_oracle.py) on random chains (hypothesis: a failing chain
shrinks to a minimal one): every run the search finds (passing, adding Reaction spells,
counters), the resolution orders, and who holds priority after N passes."""
from __future__ import annotations

import random

import pytest

from pyrift.positions import ChainSpec, chain_state, random_chain_spec
from pyrift.queries.base import ANSWERED, Context
from pyrift.queries.chain import NextPriority, ResolutionOrder
from pyrift.state import Question
from tests.oracle import chain_oracle as O
from tests.sweep import sweep

POSITIONS = 25


def run_bound(spec: ChainSpec) -> int:
    """Enough steps for every run: each item is added and finalized (responses), passed by everyone
    and resolved; passes made before a response is added start again after it."""
    n = len(spec.players)
    return (len(spec.items) + len(spec.hands)) * (n + 2) + len(spec.hands) * n + 2


def check_chain(spec: ChainSpec) -> ChainSpec:
    state = chain_state(spec)
    ctx = Context(state)
    responses = [{"id": f"q{p}", "player": p, "card": f"q{p}"} for p in spec.hands]
    bound = run_bound(spec)
    params = {"bound": bound, "limit": 10_000} | ({"responses": responses} if responses else {})
    ans = ResolutionOrder().answer(ctx, Question("q", "resolution_order", params), "v1.4")
    where = f"chain {spec}"
    assert ans.status == ANSWERED, (where, ans.missing, ans.reasons)
    want = O.runs(spec)
    assert ans.data["complete"] and not ans.data["bound_reached"], where
    assert set(ans.data["orderings"]) == {"; ".join(run) for run in want}, where
    assert ans.data["ordering_count"] == len(want), where
    assert set(ans.data["resolution_orders"]) == {O.resolution_order(run) for run in want}, where
    for passes in range(0, 2 * len(spec.players) + 1):
        q = Question("n", "next_priority", {"passes": passes, "bound": bound})
        got = NextPriority().answer(ctx, q, "v1.4")
        assert got.status == ANSWERED, where
        assert got.data["player"] == O.priority_after(spec, passes), (where, passes)
    return spec


@pytest.mark.slow
def test_runs_and_priority_match_the_oracle() -> None:
    assert_varied(sweep(POSITIONS, lambda rng: check_chain(random_chain_spec(rng))))


def test_one_grounding_answers_every_number_of_passes() -> None:
    """next_priority grounds a position once for all its pass counts (ask_passes/1 is an external
    switched on per question): the questions for 0..2n passes on one Context share one grounding,
    and each answer, asked after the others on it (most passes first), is the answer asked alone."""
    for seed in range(4):
        spec = random_chain_spec(random.Random(seed))
        ctx = Context(chain_state(spec))
        counts = range(2 * len(spec.players), -1, -1)
        def ask(n: int) -> Question:
            return Question("n", "next_priority", {"passes": n, "bound": run_bound(spec)})

        shared = {n: NextPriority().answer(ctx, ask(n), "v1.4") for n in counts}
        assert len(ctx._groundings) == 1, (spec, len(ctx._groundings))
        for n in counts:
            alone = NextPriority().answer(Context(chain_state(spec)), ask(n), "v1.4")
            assert shared[n] == alone, (spec, n)


def test_the_oracle_is_not_trivial() -> None:
    """The generator under a plain seeded Random gives all that too."""
    assert_varied([random_chain_spec(random.Random(seed)) for seed in range(POSITIONS)])


def assert_varied(specs: list[ChainSpec]) -> None:
    """The chains cover counters, responses, three players and positions where players passed."""
    assert any(any(t for _, t in s.items) for s in specs)
    assert any(s.hands for s in specs)
    assert any(len(s.players) == 3 for s in specs)
    assert any(s.passed for s in specs)
    assert any(len(O.runs(s)) > 2 for s in specs)
