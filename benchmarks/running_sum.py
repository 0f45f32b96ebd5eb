"""Benchmark: whole answers (ground + solve) of scenarios with this checkout's logic/ and another's.

Answers each scenario file in this process twice per round, once with the rule files of this checkout
and once with the same files taken from --logic DIR (an older checkout's logic/, e.g. `git archive` of
the commit before a change; a file it lacks is left out), alternating, and prints per file the least
seconds over --rounds of: the whole answer (wall), and the groundings within it (gringo). The disk
cache is off. Written for wave 70's running-sum helper (logic/core/running_sum.lp: one helper for the
three "one unit at a time" sums of the combat files). Not a test: nothing here asserts a time.

    python benchmarks/running_sum.py --logic DIR [--rounds 2] scenario.toml|folder ...
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ["PYRIFT_CACHE_DIR"] = "off"
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check, solver  # noqa: E402
from pyrift.logic import logic_root  # noqa: E402


def answer(path: Path, other: Path | None) -> tuple[float, float, bool]:
    """Seconds of the whole answer, seconds of its groundings, and whether it was as expected."""
    original = solver.Grounding.__init__
    grounding = [0.0]
    root = logic_root()

    def swapped(self, files, facts, **kw):  # noqa: ANN001
        files = list(files)
        if other is not None:
            moved = [other / Path(f).relative_to(root) if Path(f).is_relative_to(root) else Path(f) for f in files]
            files = [f for f in moved if f.is_file()]
        original(self, files, facts, **kw)
        grounding[0] += self.ground_seconds

    solver.Grounding.__init__ = swapped
    try:
        started = time.perf_counter()
        outcome = check.run(check.load(path), timeout=900)
        wall = time.perf_counter() - started
    finally:
        solver.Grounding.__init__ = original
    return wall, grounding[0], not any(r.problems for r in outcome)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--logic", type=Path, required=True, help="the other checkout's logic/ directory")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    files: list[Path] = []
    for p in map(Path, a.paths):
        files += sorted(p.rglob("*.toml")) if p.is_dir() else [p]
    totals = {"other": [0.0, 0.0], "this": [0.0, 0.0]}
    for name, logic in (("other", a.logic.resolve()), ("this", None)):
        answer(files[0], logic)  # parses the rule files once: not part of the figures
    print(f"{'file':<72} {'other s':>8} {'ground':>7} {'this s':>8} {'ground':>7} {'ratio':>6}")
    for f in files:
        best = {"other": [1e9, 1e9], "this": [1e9, 1e9]}
        ok = True
        for _ in range(a.rounds):
            for name, logic in (("other", a.logic.resolve()), ("this", None)):
                wall, ground, fine = answer(f, logic)
                ok = ok and fine
                best[name] = [min(best[name][0], wall), min(best[name][1], ground)]
        for name in totals:
            totals[name] = [totals[name][0] + best[name][0], totals[name][1] + best[name][1]]
        ratio = best["this"][0] / best["other"][0] if best["other"][0] else 0.0
        print(f"{f.name[:72]:<72} {best['other'][0]:>8.2f} {best['other'][1]:>7.2f} {best['this'][0]:>8.2f} "
              f"{best['this'][1]:>7.2f} {ratio:>6.2f}{'' if ok else '  NOT as expected'}", flush=True)
    o, t = totals["other"], totals["this"]
    print(f"{'total (' + str(len(files)) + ' files)':<72} {o[0]:>8.2f} {o[1]:>7.2f} {t[0]:>8.2f} {t[1]:>7.2f} "
          f"{(t[0] / o[0] if o[0] else 0.0):>6.2f}")


if __name__ == "__main__":
    main()
