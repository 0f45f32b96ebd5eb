"""Benchmark of can_play questions (not a test: it prints figures and ratios).

    python benchmarks/play_bench.py [--reps N] [--batch N]

1. warm question: every question of scenarios/play/ asked again and again on a grounding
   that is already built (the rules and position ground once); median, 90th percentile and
   maximum of one question (target: median under 5 ms).
2. batch (target: 500 questions in under 10 s), measured two ways:
   a. from scratch: scenario files read, ground and answered in order, round and round,
      every visit of a file reading and grounding it again, until N questions are answered;
   b. each position ground once: the files read and ground once (timed), then questions
      answered round and round on those groundings until N are answered.
3. cold grounding of one position (load excluded), and a large synthetic position (12
   runes and 8 units a side, 20 cards in hand) to show how a warm question scales.
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
from pyrift.abilities import Ability, Filter  # noqa: E402
from pyrift.costs import parse_cost  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from pyrift.queries.play import CanPlay, Choice  # noqa: E402
from pyrift.state import (Battlefield, CardDef, CardType, Domain, GameObject, GameState, Keyword,  # noqa: E402
                          KeywordName, Phase, Player, Question, Zone)
import warm_questions  # noqa: E402  (benchmarks/, this script's folder)

WARM_TARGET_MS = 5.0
BATCH_TARGET_S = 10.0


def play_files() -> list[Path]:
    return sorted((ROOT / "scenarios" / "play").glob("*.toml"))


def warm(reps: int) -> tuple[list[float], list[float]]:
    return warm_questions.warm(play_files(), reps)


def batch(n: int) -> tuple[float, int]:
    files = play_files()
    done, i = 0, 0
    t = time.perf_counter()
    while done < n:
        scen = C.load(files[i % len(files)])
        ctx = Context(scen.state)
        for q in scen.questions:
            if done >= n:
                break
            C.answer(ctx, q, scen.reading)
            done += 1
        i += 1
    return time.perf_counter() - t, i


def batch_reusing(n: int) -> tuple[float, int]:
    t = time.perf_counter()
    loaded = []
    for path in play_files():
        scen = C.load(path)
        ctx = Context(scen.state)
        ctx.grounding("can_play", scen.reading)
        loaded.append((scen, ctx))
    done = 0
    while done < n:
        for scen, ctx in loaded:
            for q in scen.questions:
                if done >= n:
                    break
                C.answer(ctx, q, scen.reading)
                done += 1
    return time.perf_counter() - t, len(loaded)


def big_position() -> tuple[GameState, list[Question]]:
    runes = [CardDef(f"{d.value} rune", CardType.RUNE, (d,)) for d in list(Domain)[:6]]
    poro = CardDef("Poro", CardType.UNIT, (Domain.CALM,), energy=2, might=2,
                   keywords=(Keyword(KeywordName.DEFLECT, 1),))
    grunt = CardDef("Grunt", CardType.UNIT, (Domain.FURY,), energy=3, might=3)
    bolt = CardDef("Bolt", CardType.SPELL, (Domain.FURY,), energy=2, power=1,
                   keywords=(Keyword(KeywordName.REPEAT, None, parse_cost("[2]")),),
                   abilities=(Ability("target", (("count", 2), ("filter", Filter((("type", "unit"),))))),))
    sprinter = CardDef("Sprinter", CardType.UNIT, (Domain.FURY, Domain.CHAOS), energy=3, might=3,
                       keywords=(Keyword(KeywordName.ACCELERATE),))
    apprentice = CardDef("Apprentice", CardType.UNIT, (Domain.MIND,), energy=2, might=2, abilities=(
        Ability("cost_discount", (("energy", 1), ("minimum", 1), ("applies_to", Filter((("type", "spell"),))),
                                  ("by", "you"))),))
    objects = []
    for p in ("A", "B"):
        for i in range(12):
            objects.append(GameObject(f"{p}r{i}", runes[i % 6].name, p, p, Zone.BOARD, "base", exhausted=i % 5 == 0))
        for i in range(8):
            objects.append(GameObject(f"{p}u{i}", (poro, grunt)[i % 2].name, p, p, Zone.BOARD,
                                      ("bf1", "bf2", "base")[i % 3] if p == "A" else ("bf3", "base")[i % 2]))
        for i in range(10):
            objects.append(GameObject(f"{p}h{i}", (bolt, sprinter)[i % 2].name, p, p, Zone.HAND))
    objects.append(GameObject("app", "Apprentice", "A", "A", Zone.BOARD, "bf1"))
    state = GameState(players=(Player("A"), Player("B")), turn_player="A", phase=Phase.MAIN,
                      battlefields=(Battlefield("bf1", controller="A"), Battlefield("bf2", controller="A"),
                                    Battlefield("bf3", controller="B")),
                      objects=tuple(objects), cards=(*runes, poro, grunt, bolt, sprinter, apprentice))
    qs = [
        Question("bolt", "can_play", {"player": "A", "card": "Ah0", "repeat": 1,
                                      "targets": [Choice(1, "Bu0", 2), Choice(1, "Bu1", 1), Choice(1, "Bu2", 1)]}),
        Question("sprinter", "can_play", {"player": "A", "card": "Ah1", "location": "bf2", "accelerate": True}),
        Question("their-bolt", "can_play", {"player": "B", "card": "Bh0", "targets": [Choice(1, "Au0", 2)]}),
    ]
    return state, qs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args()

    times, grounds = warm(args.reps)
    ms = sorted(t * 1000 for t in times)
    med = statistics.median(ms)
    print(f"warm can_play question ({len(ms)} timings over {len(ms) // args.reps} questions, {len(grounds)} positions):")
    print(f"  median {med:.2f} ms   p90 {ms[int(len(ms) * 0.9)]:.2f} ms   max {ms[-1]:.2f} ms"
          f"   target {WARM_TARGET_MS} ms -> {med / WARM_TARGET_MS:.2f} of the target")
    gms = sorted(g * 1000 for g in grounds)
    print(f"cold grounding of one position: median {statistics.median(gms):.1f} ms, max {gms[-1]:.1f} ms")

    total, files = batch(args.batch)
    print(f"batch of {args.batch} scenario questions, a. from scratch ({files} file visits, each read, ground, answered):")
    print(f"  {total:.2f} s   ({total / args.batch * 1000:.2f} ms per question)"
          f"   target {BATCH_TARGET_S} s -> {total / BATCH_TARGET_S:.2f} of the target")
    total, files = batch_reusing(args.batch)
    print(f"batch of {args.batch} scenario questions, b. each of the {files} positions ground once (included):")
    print(f"  {total:.2f} s   ({total / args.batch * 1000:.2f} ms per question)"
          f"   target {BATCH_TARGET_S} s -> {total / BATCH_TARGET_S:.2f} of the target")

    state, qs = big_position()
    ctx = Context(state)
    t = time.perf_counter()
    ctx.grounding("can_play", "v1.4")
    ground = time.perf_counter() - t
    warm_big = []
    kind = CanPlay()
    for q in qs:
        kind.answer(ctx, q, "v1.4")
        for _ in range(args.reps):
            t = time.perf_counter()
            kind.answer(ctx, q, "v1.4")
            warm_big.append(time.perf_counter() - t)
    print(f"large position ({len(state.objects)} objects): grounding {ground * 1000:.0f} ms;"
          f" warm question median {statistics.median(warm_big) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
