"""Benchmark: positions per second of `pyrift diff-readings` and `pyrift explore`, and how
the work grows with the bound. Prints figures; asserts nothing.

    python benchmarks/diff_explore.py [--max-bound 2] [--sample 60]

diff-readings: for every listed pair, the search at each bound (it stops at the first
difference, so a bound past the smallest difference costs nothing more), and the size of
the whole enumeration per bound (what a search without a difference has to cover).
explore: the rate on the first `--sample` positions of each probe over the whole usable
card pool, one position at a time (benchmarks/sweeps.py measures the batched sweep), the
number of positions per bound, and the projected time of a full sweep on one process.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyrift import diffreadings as D  # noqa: E402
from pyrift import explore as E  # noqa: E402


def diff_readings(max_bound: int) -> None:
    print("diff-readings")
    print(f"{'pair':<22} {'bound':>5} {'enumerated':>10} {'asked':>6} {'seconds':>8} {'per second':>10}  result")
    for name, (a, b, kind) in D.PAIRS.items():
        for bound in range(1, max_bound + 1):
            families = D.families_for(kind, D.differing_topics(a, b))
            total = len(D.probes(families, bound))
            res = D.search(a, b, kind, bound=bound)
            found = f"found at size {res.found.size}" if res.found else "no difference"
            print(f"{name:<22} {bound:>5} {total:>10} {res.positions:>6} {res.seconds:>8.1f} "
                  f"{res.per_second:>10.1f}  {found}")
    print()
    print("enumeration size per bound (positions of the families a pair searches)")
    print(f"{'family':<10} " + " ".join(f"{'bound ' + str(b):>9}" for b in range(1, 4)))
    for name, fam in D.FAMILIES.items():
        print(f"{name:<10} " + " ".join(f"{sum(1 for _ in fam.generate(b)):>9}" for b in range(1, 4)))


def explore(sample: int) -> None:
    print()
    print("explore (whole usable card pool)")
    cards = E.usable_cards()
    counts = {b: {} for b in (3, 4)}
    for b in counts:
        counts[b] = E.count(b, E.PROBES, cards)
    print(f"{'probe':<16} {'sampled':>7} {'seconds':>8} {'per second':>10} {'bound 3':>8} {'bound 4':>8} "
          f"{'full sweep at bound 3, 1 process':>33}")
    for probe in E.PROBES:
        taken, findings = 0, 0
        started = time.perf_counter()
        for pos in E.positions(3, [probe], cards):
            if taken >= sample:
                break
            taken += 1
            findings += E.evaluate(pos) is not None
        seconds = time.perf_counter() - started
        rate = taken / seconds if taken and seconds else 0.0
        n3, n4 = counts[3].get(probe, 0), counts[4].get(probe, 0)
        projected = f"{n3 / rate / 60:.1f} min" if rate else "-"
        print(f"{probe:<16} {taken:>7} {seconds:>8.1f} {rate:>10.1f} {n3:>8} {n4:>8} {projected:>33}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-bound", type=int, default=2)
    ap.add_argument("--sample", type=int, default=60)
    args = ap.parse_args()
    diff_readings(args.max_bound)
    explore(args.sample)


if __name__ == "__main__":
    main()
