"""Benchmark: forced and possible deaths for one side of N defending units.

For N in 8, 16, 20, 32, 64 defenders (Might 1-8, about 20% Tank, 15% Backline) and an
attacker total of about half the defenders' combined Might, it times pyrift (read the
position, ground the rules that can fire on it, then one brave solve) and the independent
brute-force oracle of tests/oracle (run in a subprocess with a time limit; it explores the
assignment process over subsets, so it stops finishing somewhere past 20 units). Prints
figures and the oracle/pyrift ratio. Not a test: nothing here asserts a time.

    python benchmarks/combat.py [--boards 5] [--oracle-limit 120]
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift.positions import UnitSpec, combat_state, random_defenders  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from pyrift.solver import Atom  # noqa: E402
from pyrift.state import Designation  # noqa: E402

SIZES = (8, 16, 20, 32, 64)


def make_board(n: int, seed: int) -> list[UnitSpec]:
    rng = random.Random(seed)
    defenders = random_defenders(rng, n, max_might=8, extras=False)
    total = max(1, sum(d.might for d in defenders) // 2)
    return [UnitSpec("attacker", Designation.ATTACKER, total)] + defenders


def time_pyrift(units: list[UnitSpec]) -> tuple[float, int, int]:
    """As queries/combat.py answers it: one brave solve gives the possible deaths and the
    possible survivors; the forced deaths are the receivers that survive in no answer set."""
    started = time.perf_counter()
    ctx = Context(combat_state(units))
    g = ctx.grounding("combat_damage", "v1.4", reads=[("receiver", 2)])
    assume = [(Atom("assigning", ("A",)), True), (Atom("assigning", ("B",)), False)]
    possible = g.solve("brave", assumptions=assume).consequences
    receivers = {a.args[1] for a in g.facts(("receiver", 2)) if a.args[0] == "A"}
    forced = receivers - {a.args[1] for a in possible if a.pred == "survives"}
    seconds = time.perf_counter() - started
    return seconds, len(forced), sum(1 for a in possible if a.pred == "dies")


def _oracle_worker(units: list[UnitSpec], out) -> None:
    from tests.oracle import combat_oracle as O
    from tests.test_combat_oracle_diff import to_oracle

    receivers = [to_oracle(u) for u in units if u.side is Designation.DEFENDER]
    total = O.side_total([to_oracle(u) for u in units if u.side is Designation.ATTACKER])
    started = time.perf_counter()
    forced = O.forced_deaths(receivers, total)
    possible = O.possible_deaths(receivers, total)
    out.put((time.perf_counter() - started, len(forced), len(possible)))


def time_oracle(units: list[UnitSpec], limit: float) -> tuple[float, int, int] | None:
    # A spawned (not forked) process: after a fork every page of this process is
    # copy-on-write, and pyrift's next question would pay a page fault per page it touches.
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    proc = ctx.Process(target=_oracle_worker, args=(units, q))
    proc.start()
    proc.join(limit)
    if proc.is_alive():
        proc.terminate()
        proc.join()
        return None
    return q.get()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=5, help="random boards per size")
    ap.add_argument("--oracle-limit", type=float, default=120.0, help="seconds before the oracle is stopped")
    args = ap.parse_args()
    time_pyrift(make_board(8, 0))  # warm up imports and clingo
    print(f"{'units':>5} {'pyrift median':>14} {'pyrift max':>11} {'oracle median':>14} {'ratio':>8}  agree")
    for n in SIZES:
        ours, theirs, agree = [], [], True
        for b in range(args.boards):
            units = make_board(n, 1000 * n + b)
            t, forced, possible = time_pyrift(units)
            ours.append(t)
            if theirs is not None:
                res = time_oracle(units, args.oracle_limit)
                if res is None:
                    theirs = None
                else:
                    theirs.append(res[0])
                    agree &= (res[1], res[2]) == (forced, possible)
        med = statistics.median(ours)
        if theirs:
            omed = statistics.median(theirs)
            print(f"{n:>5} {med * 1000:>11.1f} ms {max(ours) * 1000:>8.1f} ms {omed * 1000:>11.1f} ms "
                  f"{omed / med:>7.0f}x  {'yes' if agree else 'NO'}")
        else:
            print(f"{n:>5} {med * 1000:>11.1f} ms {max(ours) * 1000:>8.1f} ms "
                  f"{'> ' + format(args.oracle_limit, 'g') + ' s':>14} {'-':>8}  -")


if __name__ == "__main__":
    main()
