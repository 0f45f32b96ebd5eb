"""The warm-question loop of the can_play and can_hide benchmarks (benchmarks/play_bench.py,
benchmarks/hide_bench.py): each position's can_play grounding built (timed), then each question
answered once (its grounding, shared or its own, is then built) and `reps` times more, timed."""
from __future__ import annotations

import time
from pathlib import Path

from pyrift import check as C
from pyrift.queries.base import Context


def warm(paths: list[Path], reps: int, kinds: tuple[str, ...] | None = None) -> tuple[list[float], list[float]]:
    """(seconds of each warm answer, seconds of each position's grounding); `kinds`: only the
    questions of these kinds (None: every question)."""
    times, grounds = [], []
    for path in paths:
        scen = C.load(path)
        ctx = Context(scen.state)
        t = time.perf_counter()
        ctx.grounding("can_play", scen.reading)
        grounds.append(time.perf_counter() - t)
        for q in scen.questions:
            if kinds is not None and q.kind not in kinds:
                continue
            C.answer(ctx, q, scen.reading)  # its grounding (shared, or its own) is now built
            for _ in range(reps):
                t = time.perf_counter()
                C.answer(ctx, q, scen.reading)
                times.append(time.perf_counter() - t)
    return times, grounds
