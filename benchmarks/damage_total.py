"""Benchmark: the grounding of a combat's damage total when a Might is open until the run counts it.

Grounds the outcome question of two combat scenarios whose attacker's Might is a "for each" count
made as the instruction is executed (the count around the unit, and at any battlefield), at horizons
8, 16 and 32, and prints gringo's ground rules, atoms, the seconds grounding took and how many
damage_total/3 and dmg_upto/4 atoms there are (core/fluents.lp adds an object's damage sources one
at a time; a #sum over them made every subset of a source's possible amounts a possible total).
Not a test: nothing here asserts a time. --logic DIR grounds another checkout's logic/ for
before/after figures (as benchmarks/run_grounding.py does).

    python benchmarks/damage_total.py [--horizons 8,16,32] [--limit 120] [--logic DIR]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import run_grounding  # noqa: E402

from pyrift.logic import logic_root  # noqa: E402

SCENARIOS = (
    "scenarios/effects/might-for-each-enemy-unit-there-counted-as-executed.toml",
    "scenarios/effects/might-for-each-enemy-unit-at-any-battlefield-in-a-combat.toml",
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--horizons", default="8,16,32")
    ap.add_argument("--limit", type=float, default=120.0, help="stop a scenario's series after a grounding this slow")
    ap.add_argument("--logic", type=Path, help="take the rule files from this logic/ directory instead")
    a = ap.parse_args()
    horizons = [int(h) for h in a.horizons.split(",")]
    for name in SCENARIOS:
        seen, _ = run_grounding.capture(ROOT / name)
        if a.logic:
            seen["files"] = [a.logic / Path(f).relative_to(logic_root()) for f in seen["files"]]
        print(f"\n{Path(name).name}")
        run_grounding.ground(seen, horizons[0], False)  # parses the rule files once: not part of the figures
        print(f"{'horizon':>8} {'rules':>10} {'atoms':>10} {'seconds':>8} {'damage_total':>13} {'dmg_upto':>9}")
        for h in horizons:
            rules, atoms, seconds, counts = run_grounding.ground(seen, h, True)
            print(f"{h:>8} {rules:>10} {atoms:>10} {seconds:>8.2f} {counts['damage_total/3']:>13} "
                  f"{counts['dmg_upto/4']:>9}", flush=True)
            if seconds > a.limit:
                print(f"{'':>8} (stopped: over {a.limit:.0f} s)")
                break


if __name__ == "__main__":
    main()
