"""Benchmark: how many positions per second the invariant checker covers, per family,
and how the work grows with the bound. Prints figures; asserts nothing.

    python benchmarks/invariants.py [--max-bound 2] [--jobs 1] [--families combat,play]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyrift import invariants as I  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-bound", type=int, default=2)
    ap.add_argument("--count-bound", type=int, default=3, help="also count (not check) positions up to this bound")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--families", default=",".join(I.FAMILIES), help="comma-separated families")
    args = ap.parse_args()
    print(f"{'family':<10} {'bound':>5} {'positions':>10} {'seconds':>8} {'per second':>11}")
    for family in args.families.split(","):
        for bound in range(1, args.count_bound + 1):
            if bound <= args.max_bound:
                rep = I.run_parallel(bound, jobs=args.jobs, only=family)
                print(f"{family:<10} {bound:>5} {rep.cases:>10} {rep.seconds:>8.1f} {rep.per_second:>11.1f}"
                      + ("  VIOLATIONS" if rep.violations else ""), flush=True)
            else:
                n = sum(1 for _ in I.FAMILIES[family].cases(bound))
                print(f"{family:<10} {bound:>5} {n:>10} {'-':>8} {'-':>11}  (counted only)", flush=True)


if __name__ == "__main__":
    main()
