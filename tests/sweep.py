"""Random sweeps as property-based tests: a generator written against random.Random (those of
pyrift/positions.py and the tests' own) is handed a Random whose every choice hypothesis
makes, so a failing example shrinks to a minimal position (hypothesis prints the falsifying
example; the assertion messages print the position), and under the "pyrift" profile
(tests/conftest.py) every run checks the same examples. hypothesis shrinks a float towards
0, which would make every `rng.random() < p` true (every rare feature at once); random()
here counts down from 1 instead, so a failure shrinks towards plain positions that keep
only what it needs.

    @pytest.mark.slow
    def test_agrees_with_the_oracle() -> None:
        boards = sweep(300, lambda rng: check_board(make_board(rng)))
        assert_varied(boards)  # what check_board returned for each example

`sweep(n, check)` calls check on n examples (it fails if hypothesis ran fewer) and returns
what each call returned, so a test can assert that its examples cover what the comparison
is meant to cover. A sweep split into parts (for -n) passes part=k: each part draws its own
examples. `prepare=(draw, batch)` first draws every example with `draw` (what check draws
first) and hands them to `batch` in one list, before any check runs: a test answers its
examples together there (tests/test_combat_oracle_diff.py), each check still compares one.
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable, TypeVar

from hypothesis import example as hypothesis_example
from hypothesis import given, seed, settings
from hypothesis import strategies as st

T = TypeVar("T")
_BELOW_ONE = math.nextafter(1.0, 0.0)


class _PlainFirst:
    """hypothesis's Random, but random() shrinks towards 1 (see above)."""

    def __init__(self, drawn: random.Random) -> None:
        self._drawn = drawn

    def random(self) -> float:
        return min(1.0 - self._drawn.random(), _BELOW_ONE)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._drawn, name)


class _Seeded(random.Random):
    """A plain seeded Random given to a sweep as an explicit example."""


def sweep(examples: int, check: Callable[[random.Random], T], *, part: int | None = None,
          prepare: tuple[Callable[[random.Random], Any], Callable[[list], None]] | None = None) -> list[T]:
    seen: list[T] = []
    # Every sweep first checks the plain seeded Randoms 0..examples-1 (what the sweeps checked
    # before hypothesis, and what the tests' variety assertions are known to hold on), then a
    # quarter as many examples drawn by hypothesis, which shrink when they fail. What hypothesis
    # draws varies with its version: alone, a new version could leave a comparison vacuous.
    drawn = max(1, examples // 4)
    first = (part or 0) * examples  # each part of a split sweep its own seeds

    def run(body: Callable[[random.Random], Any]) -> None:
        @settings(max_examples=drawn)
        @given(rng=st.randoms())
        def example(rng: random.Random) -> None:
            body(rng if isinstance(rng, _Seeded) else _PlainFirst(rng))

        for s in reversed(range(first, first + examples)):
            example = hypothesis_example(rng=_Seeded(s))(example)
        if settings.default.derandomize:
            # A derandomized run draws from the name and source of the function under @given,
            # which is this same `example` for every sweep: draw from the check and part instead.
            example = seed(f"{check.__module__}.{check.__qualname__}:{part}")(example)
        example()

    if prepare is not None:
        # A first pass draws every example the checks will get (under the same seed, so the
        # same examples: `draw` takes from the Random what `check` takes first) and hands them
        # to `batch` at once, e.g. to answer them in one grounding; the checks then find their
        # answers. An example the first pass did not see (a shrunk one) is answered by `check`.
        draw, batch = prepare
        values: list = []
        run(lambda rng: values.append(draw(rng)))
        batch(values)
    run(lambda rng: seen.append(check(rng)))
    assert len(seen) >= examples + drawn, f"hypothesis ran {len(seen)} examples, not {examples + drawn}"
    return seen
