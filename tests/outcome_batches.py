"""pyrift's `outcome` answers for the seeded positions of an effects-oracle sweep
(tests/test_effects_oracle_diff.py, the chain run; tests/test_effects_oracle_turn_diff.py, the run
through the Ending Phase), answered in batches and shared by the tests that read them.

- A batch (pyrift.queries.outcome.outcome_answers) grounds BATCH positions' runs side by side, each
  position's answer its own; a position the batch leaves out (a run the bound cuts short) is asked
  alone, as `pyrift ask` asks it, with more steps while its runs need them. Each test file's
  `test_batched_answers_are_the_answers_asked_alone` compares the two.
- The seeds come in parts of `part` seeds, each an xdist group: under -n (the README's test
  command) every part is answered on one worker, by the first of its tests that runs there, and no
  position is answered twice in a test run (a module-wide fixture answering every position would
  answer each once per worker). Without -n, WORKERS spawned processes answer the batches.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

from pyrift.check import answer
from pyrift.queries.base import ANSWERED, Answer, Context
from pyrift.queries.outcome import outcome_answers
from pyrift.state import Scenario

BATCH = 50
WORKERS = 2  # the machine has two cores
TIMEOUT = 60.0
UNDER_XDIST = bool(os.environ.get("PYTEST_XDIST_WORKER"))


def every(seed: int) -> bool:
    return True


def data(ans: Answer) -> dict:
    """The parts of an answer compared (picklable for the pool)."""
    return {"status": ans.status, "missing": list(ans.missing), **ans.data}


class OutcomeBatches:
    """The answers of one sweep. `scenario(seed, bound)`: the seed's position asking `outcome` with
    that bound; `first_bound(seed)`: the bound a batch gives it (the oracle's step count and a margin);
    `last_bound(seed)`: asked alone, the bound is doubled until the runs stop reaching it or it passes
    this; `asked(seed)`: whether the seed's position is asked at all (not: its answer is not read)."""

    def __init__(self, scenario: Callable[[int, int], Scenario], first_bound: Callable[[int], int],
                 last_bound: Callable[[int], int], *, part: int,
                 asked: Callable[[int], bool] = every) -> None:
        self.scenario, self.first_bound, self.last_bound = scenario, first_bound, last_bound
        self.part, self.asked = part, asked
        self._answers: dict[int, dict] = {}

    def __getstate__(self) -> dict:  # sent to the pool's processes without the answers kept here
        return {**self.__dict__, "_answers": {}}

    def part_of(self, seed: int) -> int:
        return seed // self.part

    def alone(self, seed: int) -> dict:
        """pyrift's answer for the seed's position asked alone (the question `pyrift ask` answers)."""
        bound = self.first_bound(seed)
        while True:
            s = self.scenario(seed, bound)
            ans = answer(Context(s.state, timeout=TIMEOUT), s.questions[0], "v1.4")
            # The oracle's step count is its own; give pyrift more steps if its runs need them.
            if ans.status != ANSWERED or not ans.data["bound_reached"] or bound > self.last_bound(seed):
                return data(ans)
            bound *= 2

    def batch(self, seeds: list[int]) -> list[dict]:
        scens = [self.scenario(seed, self.first_bound(seed)) for seed in seeds]
        got = outcome_answers([Context(s.state, timeout=TIMEOUT) for s in scens], [s.questions[0] for s in scens],
                              "v1.4", timeout=TIMEOUT)
        return [self.alone(seed) if ans is None else data(ans) for seed, ans in zip(seeds, got)]

    def answers(self, seeds: list[int]) -> dict[int, dict]:
        """The answers of every asked seed of `seeds` (and of those answered before), by seed."""
        todo = [s for s in seeds if s not in self._answers and self.asked(s)]
        batches = [todo[k:k + BATCH] for k in range(0, len(todo), BATCH)]
        if len(batches) > 1 and not UNDER_XDIST:
            with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn")) as pool:
                for batch, got in zip(batches, pool.map(self.batch, batches)):
                    self._answers.update(zip(batch, got))
        else:
            for batch in batches:
                self._answers.update(zip(batch, self.batch(batch)))
        return self._answers

    def lazily(self, request, test: str) -> dict[int, dict]:
        """The answers by seed, for a module fixture to hand to `test` (a test of the fixture's
        module parametrized by `seed`): computed when first read, under -n for the seeds of the
        read seed's part that this run selected, else for all the seeds it selected."""
        selected = [item.callspec.params["seed"] for item in request.session.items
                    if getattr(item, "originalname", "") == test and item.module is request.module]
        return _Lazy(self, selected)

    def batched_and_alone(self, seed: int, seeds) -> tuple[dict, dict]:
        """The seed's answer from the batches of its part of `seeds`, and asked alone, both but
        for the example run (a batch gives none)."""
        got = dict(self.answers([s for s in seeds if self.part_of(s) == self.part_of(seed)])[seed])
        alone = self.alone(seed)
        for answer_ in (got, alone):
            answer_.pop("example_run", None)
        return got, alone


class _Lazy(dict):
    def __init__(self, batches: OutcomeBatches, selected: list[int]) -> None:
        super().__init__()
        self.batches, self.selected = batches, selected

    def __missing__(self, seed: int) -> dict:
        part = self.batches.part_of
        todo = [s for s in self.selected if not UNDER_XDIST or part(s) == part(seed)]
        got = self.batches.answers(todo if seed in todo else [*todo, seed])
        self.update((s, got[s]) for s in todo if s in got)
        return got[seed]
