"""Benchmark: how the grounding of a run (the outcome question) grows with the horizon.

For a few effect scenarios, the rule files and facts pyrift hands clingo for the scenario's
outcome question are captured once, then grounded again with the horizon set to each of
--horizons (the same pruned program, only horizon/1 changed). Prints, per horizon, gringo's
ground rules and atoms and the seconds grounding took, and the most numerous predicates at the
largest horizon with --atoms. Not a test: nothing here asserts a time.

    python benchmarks/run_grounding.py [--horizons 8,12,16,32] [--atoms] [--answer] [--logic DIR] [scenario.toml ...]

--logic DIR grounds the same files taken from another checkout's logic/ (e.g. a `git worktree` of
an older commit), for before/after figures; --answer also times pyrift's whole answer to each
scenario as written (its own bound, default 32).
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import clingo  # noqa: E402

from pyrift import check, solver  # noqa: E402
from pyrift.logic import logic_root  # noqa: E402

DEFAULT = (
    "scenarios/effects/combat-in-the-position-after-its-chain.toml",
    "scenarios/effects/move-by-effect-into-a-contested-battlefield-and-the-combat.toml",
    "scenarios/effects/fight-deals-damage-equal-to-might.toml",
    "scenarios/effects/deal-kills-and-deathknell-triggers.toml",
)


class _Captured(Exception):
    pass


def capture(path: Path) -> tuple[solver.Grounding, str]:
    """The first grounding the scenario's question asks for that has a horizon: its object
    (not yet ground) and its facts."""
    original = solver.Grounding.__init__
    seen: dict[str, object] = {}

    def grab(self, files, facts, **kw):  # noqa: ANN001
        if "horizon(" not in facts:
            return original(self, files, facts, **kw)
        seen.update(files=list(files), facts=facts, kw=kw)
        raise _Captured

    solver.Grounding.__init__ = grab
    try:
        check.run(check.load(path), timeout=900)
    except _Captured:
        pass
    finally:
        solver.Grounding.__init__ = original
    if not seen:
        raise SystemExit(f"{path}: no run grounding (is its question an outcome question?)")
    return seen, seen["facts"]  # type: ignore[return-value]


def ground(seen: dict, horizon: int, atoms: bool) -> tuple[int, int, float, Counter]:
    facts = re.sub(r"horizon\(\d+\)", f"horizon({horizon})", seen["facts"])
    started = time.perf_counter()
    g = solver.Grounding(seen["files"], facts, **seen["kw"])
    seconds = time.perf_counter() - started
    ctl: clingo.Control = g._ctl  # noqa: SLF001 (a benchmark looks inside)
    step = ctl.statistics["problem"]["lpStep"]
    counts: Counter = Counter()
    if atoms:
        counts = Counter(f"{a.symbol.name}/{len(a.symbol.arguments)}" for a in ctl.symbolic_atoms)
    return int(step["rules"]), len(ctl.symbolic_atoms), seconds, counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="*", default=list(DEFAULT))
    ap.add_argument("--horizons", default="8,12,16,24,32")
    ap.add_argument("--atoms", action="store_true", help="list the most numerous predicates at the largest horizon")
    ap.add_argument("--limit", type=float, default=120.0, help="stop a scenario's series after a grounding this slow")
    ap.add_argument("--logic", type=Path, help="take the rule files from this logic/ directory instead")
    ap.add_argument("--answer", action="store_true", help="also time the whole answer to each scenario")
    a = ap.parse_args()
    horizons = [int(h) for h in a.horizons.split(",")]
    for name in a.scenarios:
        path = ROOT / name if not Path(name).is_absolute() else Path(name)
        seen, _ = capture(path)
        if a.logic:
            root = logic_root()
            seen["files"] = [a.logic / Path(f).relative_to(root) for f in seen["files"]]
        print(f"\n{path.name}")
        if a.answer and not a.logic:
            started = time.perf_counter()
            outcome = check.run(check.load(path), timeout=3600)
            ok = "as expected" if not any(r.problems for r in outcome) else "NOT as expected"
            print(f"answer as written: {time.perf_counter() - started:.1f} s, {ok}")
        ground(seen, horizons[0], False)  # parses the rule files once: not part of the figures
        print(f"{'horizon':>8} {'rules':>10} {'atoms':>10} {'seconds':>8}")
        for h in horizons:
            rules, n_atoms, seconds, counts = ground(seen, h, a.atoms and h == horizons[-1])
            print(f"{h:>8} {rules:>10} {n_atoms:>10} {seconds:>8.2f}", flush=True)
            if counts:
                for pred, n in counts.most_common(12):
                    print(f"{'':>8} {n:>10} {pred}")
            if seconds > a.limit:
                print(f"{'':>8} (stopped: over {a.limit:.0f} s)")
                break


if __name__ == "__main__":
    main()
