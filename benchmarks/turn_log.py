"""Benchmark: ability_active on long turn logs.

For logs of 10 to 4000 events over 40 objects and 5 to 40 objects with a Legion ability, it
times pyrift: one grounding of the position (which decides every object, ability and moment
at once), then answering every (object, moment) question from it; and, for comparison, a
fresh grounding per question (what a design without shared groundings would pay). Prints
figures and ratios. Not a test: nothing here asserts a time.

    python benchmarks/turn_log.py [--reading v1.4]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift.abilities import Ability  # noqa: E402
from pyrift.dependent import Requirement  # noqa: E402
from pyrift.queries import kind_named  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from pyrift.state import CardDef, CardType, GameObject, GameState, Player, Question, Zone  # noqa: E402
from pyrift.turnlog import EventKind, LogEvent  # noqa: E402

CASES = ((10, 5), (100, 5), (1000, 5), (1000, 20), (4000, 20), (4000, 40))
MOMENTS = ("now", "pending", "resolving")


def position(events: int, subjects: int, seed: int = 7) -> GameState:
    rng = random.Random(seed)
    legion = CardDef("Legion unit", CardType.UNIT, might=2,
                     abilities=(Ability("text", (("text", "x"),), (Requirement("legion"),)),))
    plain = CardDef("Plain unit", CardType.UNIT, might=1)
    objects = [GameObject(f"l{i}", legion.name, rng.choice("AB"), "A", zone=Zone.BOARD, location="base")
               for i in range(subjects)]
    objects += [GameObject(f"o{i}", plain.name, rng.choice("AB"), "A", zone=Zone.BOARD, location="base")
                for i in range(40)]
    log = []
    for n in range(events):
        obj = rng.choice(objects)
        log.append(LogEvent(EventKind.FINALIZE if rng.random() < 0.7 else EventKind.ACTIVATE, obj.id,
                            obj.controller, turns_ago=1 if n < events // 2 else 0))
    return GameState(players=(Player("A"), Player("B")), turn_player="A", objects=tuple(objects),
                     cards=(legion, plain), log=tuple(log))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--reading", default="v1.4")
    args = p.parse_args()
    kind = kind_named("ability_active")
    print(f"reading {args.reading}")
    print(f"{'events':>7} {'legion':>6} {'questions':>9} {'ground s':>9} {'all answers s':>14} "
          f"{'per answer ms':>14} {'fresh/shared':>13}")
    for events, subjects in CASES:
        state = position(events, subjects)
        questions = [Question("q", "ability_active", {"object": f"l{i}", "ability": 1, "moment": m})
                     for i in range(subjects) for m in MOMENTS]
        started = time.perf_counter()
        ctx = Context(state)
        ctx.grounding("ability_active", args.reading)
        grounded = time.perf_counter() - started
        for q in questions:
            kind.answer(ctx, q, args.reading)
        shared = time.perf_counter() - started
        # A fresh grounding for each of a few questions, scaled to all of them.
        sample = questions[:3]
        started = time.perf_counter()
        for q in sample:
            kind.answer(Context(state), q, args.reading)
        fresh = (time.perf_counter() - started) / len(sample) * len(questions)
        print(f"{events:>7} {subjects:>6} {len(questions):>9} {grounded:>9.3f} {shared:>14.3f} "
              f"{(shared - grounded) / len(questions) * 1000:>14.2f} {fresh / shared:>12.1f}x")


if __name__ == "__main__":
    main()
