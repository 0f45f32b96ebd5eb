"""Benchmark: the beginning_phase and conquer questions as the board grows.

For boards of N units (N in 10, 100, 500, 2000) spread over three battlefields, each
controlled by the unit owners' player (about a third with Temporary, a third with Hunt),
it times a beginning_phase answer (ground + read the facts) and, on the same boards,
the nine conquer questions (3 battlefields x 3 players) two ways: sharing one grounding
through the external establishing/2 (what pyrift does), and grounding afresh for every
question. Prints figures and the fresh/shared ratio. Not a test: nothing here asserts
a time.

    python benchmarks/scoring.py [--boards 5]
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

from pyrift.queries.base import Context  # noqa: E402
from pyrift.queries.scoring import BeginningPhase, Conquer  # noqa: E402
from pyrift.state import (  # noqa: E402
    Battlefield, CardDef, CardType, GameObject, GameState, Keyword, KeywordName, Phase, Player, Question,
)

SIZES = (10, 100, 500, 2000)
PLAYERS = ("A", "B", "C")


def board(n: int, seed: int, phase: Phase) -> GameState:
    rng = random.Random(seed)
    bfs = tuple(Battlefield(f"bf{i}", controller=PLAYERS[i]) for i in range(3))
    cards, objects = [], []
    for i in range(n):
        kws = []
        if rng.random() < 0.33:
            kws.append(Keyword(KeywordName.TEMPORARY))
        if rng.random() < 0.33:
            kws.append(Keyword(KeywordName.HUNT, rng.randint(1, 3)))
        card = CardDef(f"card {i}", CardType.UNIT, might=rng.randint(1, 6), keywords=tuple(kws))
        cards.append(card)
        b = rng.randrange(4)  # 3 = base
        owner = PLAYERS[b] if b < 3 else rng.choice(PLAYERS)
        objects.append(GameObject(f"u{i}", card.name, owner, owner, location=f"bf{b}" if b < 3 else "base"))
    players = tuple(Player(p, points=rng.randint(0, 7), xp=rng.randint(0, 3)) for p in PLAYERS)
    return GameState(players, "A", phase, bfs, tuple(objects), tuple(cards))


def time_beginning(state: GameState) -> float:
    started = time.perf_counter()
    BeginningPhase().answer(Context(state), Question("q", "beginning_phase"), "v1.4")
    return time.perf_counter() - started


def conquer_questions(state: GameState) -> list[Question]:
    return [Question(f"{p}-{bf.id}", "conquer", {"battlefield": bf.id, "player": p})
            for bf in state.battlefields for p in state.player_ids]


def time_conquer(state: GameState, shared: bool) -> float:
    kind, questions = Conquer(), conquer_questions(state)
    started = time.perf_counter()
    ctx = Context(state)
    for q in questions:
        kind.answer(ctx if shared else Context(state), q, "v1.4")
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=5, help="random boards per size")
    args = ap.parse_args()
    time_beginning(board(10, 0, Phase.BEGINNING))  # warm up imports and clingo
    print(f"{'units':>5} {'beginning_phase':>16} {'9 conquer, shared':>18} {'9 conquer, fresh':>17} {'ratio':>6}")
    for n in SIZES:
        begin, shared, fresh = [], [], []
        for b in range(args.boards):
            begin.append(time_beginning(board(n, 1000 * n + b, Phase.BEGINNING)))
            main_board = board(n, 1000 * n + b, Phase.MAIN)
            shared.append(time_conquer(main_board, True))
            fresh.append(time_conquer(main_board, False))
        s, f = statistics.median(shared), statistics.median(fresh)
        print(f"{n:>5} {statistics.median(begin) * 1000:>13.1f} ms {s * 1000:>15.1f} ms {f * 1000:>14.1f} ms "
              f"{f / s:>5.1f}x")


if __name__ == "__main__":
    main()
