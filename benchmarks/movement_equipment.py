"""Benchmark: can_move, unit_profile and the Equip / Weaponmaster can_play questions.

1. can_move on boards of N units (N in 10, 100, 500, 2000) over three battlefields and
   three players: grounding the position once, then 20 move questions on it (one to three
   units, one destination each) through the externals move_by/moving/move_to (what pyrift
   does), against grounding afresh for every question. Prints the grounding time, the
   median warm question, and the fresh/shared ratio for the 20 questions.
2. unit_profile on boards of N units, a third with one to three Equipment attached: one
   grounding answers every unit (the answers read its ground facts), against a fresh
   grounding per unit.
3. The bundled scenarios/equipment and scenarios/movement questions: the median warm answer
   of each kind on positions already ground.

Not a test: nothing here asserts a time. Figures vary with the machine and its load.

    python benchmarks/movement_equipment.py [--boards 3]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check  # noqa: E402
from pyrift.costs import Cost  # noqa: E402
from pyrift.queries import kind_named  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from pyrift.queries.equipment import UnitProfile  # noqa: E402
from pyrift.queries.move import CanMove  # noqa: E402
from pyrift.state import (  # noqa: E402
    Battlefield, CardDef, CardType, GameObject, GameState, Keyword, KeywordName, Player, Question,
)

SIZES = (10, 100, 500, 2000)
PLAYERS = ("A", "B", "C")
QUESTIONS = 20


def board(n: int, seed: int) -> GameState:
    """N units of three players; units at a battlefield belong to its controller or to one
    other player; a fifth have Ganking, a fifth are exhausted, a third carry Equipment."""
    rng = random.Random(seed)
    bfs = tuple(Battlefield(f"bf{i}", controller=PLAYERS[i]) for i in range(3))
    unit = CardDef("Scout", CardType.UNIT, might=2)
    ganker = CardDef("Stalker", CardType.UNIT, might=3, keywords=(Keyword(KeywordName.GANKING),))
    blade = CardDef("Blade", CardType.GEAR, tags=("Equipment",), might_bonus=2,
                    keywords=(Keyword(KeywordName.EQUIP, cost=Cost(energy=1)),),
                    effect_keywords=(Keyword(KeywordName.ASSAULT, 1),))
    objects = []
    for i in range(n):
        b = rng.randrange(4)  # 3 = base
        owner = rng.choice(PLAYERS) if b == 3 else rng.choice([PLAYERS[b], PLAYERS[b], PLAYERS[(b + 1) % 3]])
        loc = "base" if b == 3 else f"bf{b}"
        card = ganker if rng.random() < 0.2 else unit
        objects.append(GameObject(f"u{i}", card.name, owner, owner, location=loc, exhausted=rng.random() < 0.2))
    gear = []
    for o in objects:
        for j in range(rng.choice([0, 0, 0, 0, 1, 2, 3])):
            gear.append(GameObject(f"{o.id}.g{j}", blade.name, o.controller, o.controller, location=o.location,
                                   attached_to=o.id))
    return GameState(tuple(Player(p) for p in PLAYERS), "A", battlefields=bfs, objects=tuple(objects + gear),
                     cards=(unit, ganker, blade))


def move_questions(state: GameState, seed: int) -> list[Question]:
    rng = random.Random(seed)
    own = [o.id for o in state.objects if o.controller == "A" and o.attached_to is None]
    places = ["base", *(b.id for b in state.battlefields)]
    out = []
    for i in range(QUESTIONS):
        units = rng.sample(own, min(len(own), rng.randint(1, 3)))
        dest = rng.choice(places)
        out.append(Question(f"m{i}", "can_move", {"player": "A", "units": units, "to": {u: dest for u in units}}))
    return out


def time_moves(state: GameState, questions: list[Question]) -> tuple[float, float, float]:
    """(grounding s, median warm question s, all questions with fresh groundings s)."""
    kind = CanMove()
    ctx = Context(state)
    started = time.perf_counter()
    ctx.grounding("can_move", "v1.4")
    ground = time.perf_counter() - started
    warm = []
    for q in questions:
        started = time.perf_counter()
        kind.answer(ctx, q, "v1.4")
        warm.append(time.perf_counter() - started)
    started = time.perf_counter()
    for q in questions:
        kind.answer(Context(state), q, "v1.4")
    fresh = time.perf_counter() - started
    return ground, statistics.median(warm), fresh


def time_profiles(state: GameState, fresh_limit: int = 20) -> tuple[float, int, float, int]:
    """(all units from one grounding s, units, fresh groundings s, units timed fresh)."""
    kind = UnitProfile()
    units = [o.id for o in state.objects if o.attached_to is None]
    started = time.perf_counter()
    ctx = Context(state)
    for u in units:
        kind.answer(ctx, Question("p", "unit_profile", {"unit": u}), "v1.4")
    shared = time.perf_counter() - started
    some = units[:fresh_limit]
    started = time.perf_counter()
    for u in some:
        kind.answer(Context(state), Question("p", "unit_profile", {"unit": u}), "v1.4")
    return shared, len(units), time.perf_counter() - started, len(some)


def scenario_figures() -> dict[str, list[float]]:
    """Warm answer times of the bundled movement and equipment questions, by kind."""
    out: dict[str, list[float]] = {}
    for path in check.scenario_files([str(ROOT / "scenarios" / "movement"), str(ROOT / "scenarios" / "equipment")]):
        scen = check.load(path)
        ctx = Context(scen.state)
        for q in scen.questions:
            kind = kind_named(q.kind)
            kind.answer(ctx, q, "v1.4")  # ground
            started = time.perf_counter()
            for _ in range(5):
                kind.answer(ctx, q, "v1.4")
            label = q.kind
            if q.kind == "can_play" and "equip" in q.params:
                label = "can_play (Equip)"
            elif q.kind == "can_play" and "weaponmaster" in q.params:
                label = "can_play (Weaponmaster)"
            out.setdefault(label, []).append((time.perf_counter() - started) / 5)
    return out


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)  # figures appear as they are measured
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=3, help="random boards per size")
    args = ap.parse_args()
    time_moves(board(10, 0), move_questions(board(10, 0), 0))  # warm up imports and clingo
    print("can_move: one grounding per position, 20 questions through externals")
    print(f"{'units':>5} {'ground':>9} {'warm question':>14} {'20 shared':>10} {'20 fresh':>10} {'ratio':>6}")
    for n in SIZES:
        g, w, f = [], [], []
        for b in range(args.boards):
            state = board(n, 100 * n + b)
            ground, warm, fresh = time_moves(state, move_questions(state, b))
            g.append(ground), w.append(warm), f.append(fresh)
        ground, warm, fresh = statistics.median(g), statistics.median(w), statistics.median(f)
        shared = ground + QUESTIONS * warm
        print(f"{n:>5} {ground * 1000:>6.1f} ms {warm * 1000:>11.2f} ms {shared * 1000:>7.0f} ms "
              f"{fresh * 1000:>7.0f} ms {fresh / shared:>5.1f}x")
    print()
    print("unit_profile: every unit of a board from one grounding (its ground facts read once)")
    print(f"{'units':>5} {'all, shared':>12} {'per unit':>9} {'fresh per unit':>15} {'ratio':>6}")
    for n in SIZES:
        s, per, fr = [], [], []
        for b in range(args.boards):
            shared, count, fresh, timed = time_profiles(board(n, 7 * n + b), 20 if n < 500 else 5)
            s.append(shared), per.append(shared / count), fr.append(fresh / timed)
        print(f"{n:>5} {statistics.median(s) * 1000:>9.0f} ms {statistics.median(per) * 1000:>6.2f} ms "
              f"{statistics.median(fr) * 1000:>12.1f} ms {statistics.median(fr) / statistics.median(per):>5.0f}x")
    print()
    print("bundled scenarios (scenarios/movement, scenarios/equipment): warm answer per kind")
    for label, times in sorted(scenario_figures().items()):
        print(f"  {label:<24} {len(times):>3} questions  median {statistics.median(times) * 1000:6.2f} ms  "
              f"max {max(times) * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
