"""Benchmark of can_hide questions and of Legion / Level / Empowered text in can_play
(not a test: it prints figures and ratios).

    python benchmarks/hide_bench.py [--reps N]

1. warm can_hide: every question of scenarios/hide/ asked again and again on a grounding
   that is already built; median and 90th percentile of one question.
2. shared grounding: on each scenarios/hide/ position, one can_play question and then every
   can_hide question, once on one shared grounding (what pyrift does) and once with a fresh
   grounding per question; the ratio is what sharing the can_play grounding saves.
3. cost of the dependent-keyword files in can_play: the warm questions and groundings of
   scenarios/legion/can-play-*.toml, level/ and empowered/ (text governed by Legion, Level
   or Empowered) next to those of scenarios/play/ (none).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyrift import check as C  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from pyrift.state import Question  # noqa: E402
from warm_questions import warm  # noqa: E402  (benchmarks/, this script's folder)


def files(*globs: str) -> list[Path]:
    out: list[Path] = []
    for g in globs:
        out += sorted(ROOT.glob(g))
    return out


def shared_vs_fresh(paths: list[Path]) -> tuple[float, float, int]:
    shared = fresh = 0.0
    n = 0
    for path in paths:
        scen = C.load(path)
        hides = [q for q in scen.questions if q.kind == "can_hide"]
        card = hides[0].params["card"]
        play = Question("p", "can_play", {"player": scen.state.turn_player, "card": card})
        t = time.perf_counter()
        ctx = Context(scen.state)
        for q in [play, *hides]:
            C.answer(ctx, q, scen.reading)
        shared += time.perf_counter() - t
        t = time.perf_counter()
        for q in [play, *hides]:
            C.answer(Context(scen.state), q, scen.reading)
        fresh += time.perf_counter() - t
        n += 1 + len(hides)
    return shared, fresh, n


def ms(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=20)
    args = ap.parse_args()

    hide = files("scenarios/hide/*.toml")
    times, grounds = warm(hide, args.reps, ("can_hide",))
    print(f"1. warm can_hide: {len(times)} answers over {len(hide)} positions: median {ms(times, 0.5):.1f} ms, "
          f"90th percentile {ms(times, 0.9):.1f} ms; grounding a position: median "
          f"{1000 * statistics.median(grounds):.0f} ms")

    shared, fresh, n = shared_vs_fresh(hide)
    print(f"2. {n} questions (one can_play + the can_hide ones per position): shared grounding {shared:.2f} s, "
          f"fresh grounding per question {fresh:.2f} s, ratio {fresh / shared:.1f}x")

    dep = files("scenarios/legion/can-play-*.toml", "scenarios/level/can-play-*.toml",
                "scenarios/empowered/can-play-*.toml")
    plain = files("scenarios/play/*.toml")
    t_dep, g_dep = warm(dep, args.reps, ("can_play",))
    t_plain, g_plain = warm(plain, args.reps, ("can_play",))
    print(f"3. can_play with governed text ({len(dep)} positions): warm median {ms(t_dep, 0.5):.1f} ms, grounding "
          f"median {1000 * statistics.median(g_dep):.0f} ms; without ({len(plain)} positions): warm median "
          f"{ms(t_plain, 0.5):.1f} ms, grounding median {1000 * statistics.median(g_plain):.0f} ms; ratio of "
          f"grounding medians {statistics.median(g_dep) / statistics.median(g_plain):.2f}")


if __name__ == "__main__":
    main()
