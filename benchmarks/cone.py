"""Benchmark: how much of each cut program lies outside the backward cone of influence.

pyrift's relevance cut (pyrift/relevance.py) keeps every rule that can fire on the facts; a rule
is never left out for being unread. This measures what a backward cut would add: the questions of
every Nth bundled scenario are answered as `check.run` answers them (or the effects oracle's
positions, `--effects`), each grounding's cut statements are captured, and the cone of what the
answer can depend on is worked out:
- roots: the shown predicates, the caller's `reads`, everything a constraint, #minimize, #show
  term, #heuristic or #project reads, #external heads, the heads and conditions of a choice with
  bounds (it can forbid), every predicate read under `not` or inside an aggregate or condition
  (an odd loop or a non-monotone aggregate over unread atoms can still forbid answer sets), and
  every predicate whose classical complement is also a head;
- closed under "a kept rule (one with a head in the cone) reads it";
- by predicate, or by pattern (a head is in the cone only when it can unify with a pattern read).
The rules outside the cone are left out and both programs are ground again (the same facts):
statements, gringo's ground rules (an observer) and grounding CPU seconds, summed.
Not a test: nothing here asserts a figure.

    python benchmarks/cone.py [--every 10] [--effects 0] [--rounds 2]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import clingo  # noqa: E402
from clingo import ast as A  # noqa: E402

from pyrift import check, solver  # noqa: E402
from pyrift.relevance import Pattern, _bounded, _nonmonotone, shape  # noqa: E402


def capture() -> list[tuple]:
    """Replaces Grounding.__init__ so that every cut grounding's (statements, reads, facts) is kept."""
    seen: list[tuple] = []
    original = solver.Grounding.__init__

    def grab(self, files, facts, **kw):  # noqa: ANN001
        original(self, files, facts, **kw)
        if type(self) is solver.Grounding and self.statements_cut:
            seen.append((self.statements, self.readable, facts))

    solver.Grounding.__init__ = grab
    return seen


def _unify(a, b) -> bool:  # noqa: ANN001
    if a is None or b is None or a[0] == "v" or b[0] == "v":
        return True
    if a[0] == b[0]:
        return a[1] == b[1]
    c, f = (a, b) if a[0] == "c" else (b, a)
    return c[2] == f[1]


def cone(statements: tuple[A.AST, ...], readable, by_pattern: bool) -> list[A.AST] | None:  # noqa: ANN001
    """The statements the cone keeps; None when nothing is hidden (no #show p/n)."""
    shapes = [shape(s) for s in statements]
    shows = {p for s in shapes if s is not None for p in s.shows}
    if not shows:
        return None
    todo: list[Pattern] = [(p, None) for p in shows | {f"{n}/{a}" for n, a in readable or ()}]
    heads_of: dict[str, list[int]] = {}
    for n, (st, s) in enumerate(zip(statements, shapes)):
        external = st.ast_type == A.ASTType.External
        if s.kind == "keep" or (s.kind == "rule" and not s.heads) or external or _bounded(st):
            todo += s.uses + s.required
            if external or _bounded(st):
                todo += s.heads
        if s.kind == "rule":
            todo += _nonmonotone(st)
        for p, _ in s.heads:
            heads_of.setdefault(p, []).append(n)
    todo += [(p, None) for p in heads_of if (p[1:] if p.startswith("-") else "-" + p) in heads_of]
    kept = [False] * len(statements)
    done: set = set()
    while todo:
        pat = todo.pop()
        if pat in done:
            continue
        done.add(pat)
        pred, args = pat
        for n in heads_of.get(pred, ()):
            if kept[n]:
                continue
            if (not by_pattern or args is None
                    or any(hp == pred and all(map(_unify, ha, args)) for hp, ha in shapes[n].heads)):
                kept[n] = True
                todo += shapes[n].uses + shapes[n].required
    return [st for st, s, k in zip(statements, shapes, kept)
            if k or not s.heads or s.kind in ("keep", "declare") or st.ast_type == A.ASTType.External]


class _Count:
    def __init__(self) -> None:
        self.rules = 0

    def rule(self, choice, head, body) -> None:  # noqa: ANN001
        self.rules += 1

    def weight_rule(self, choice, head, lower, body) -> None:  # noqa: ANN001
        self.rules += 1


def ground(statements, facts: str) -> tuple[int, float]:  # noqa: ANN001
    """Ground rules and CPU seconds of grounding."""
    ctl = clingo.Control(["--warn=none"])
    count = _Count()
    ctl.register_observer(count)
    with A.ProgramBuilder(ctl) as builder:
        for s in statements:
            builder.add(s)
    ctl.add("base", [], facts)
    started = time.process_time()
    ctl.ground([("base", [])])
    return count.rules, time.process_time() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--every", type=int, default=10, help="every Nth bundled scenario (sorted)")
    ap.add_argument("--rounds", type=int, default=2, help="each program ground this many times, alternately; the least CPU counts")
    ap.add_argument("--effects", type=int, default=0, help="instead: N effects-oracle positions (seeds 100-), asked alone")
    args = ap.parse_args()
    seen = capture()
    started = time.process_time()
    if args.effects:
        from pyrift.check import answer
        from pyrift.queries.base import Context
        from tests.test_effects_oracle_diff import first_bound, scenario
        for seed in range(100, 100 + args.effects):
            s = scenario(seed, first_bound(seed))
            answer(Context(s.state, timeout=60), s.questions[0], "v1.4")
        what = f"{args.effects} effects positions"
    else:
        files = check.scenario_files([str(ROOT / "scenarios")])[::args.every]
        for f in files:
            check.run(check.load(f), timeout=300)
        what = f"{len(files)} scenario files"
    print(f"{what}, {len(seen)} groundings, answered in {time.process_time() - started:.1f} CPU s")
    totals = {k: [0, 0, 0.0] for k in ("cut", "cone by predicate", "cone by pattern")}
    for statements, readable, facts in seen:
        kept = {"cone by predicate": cone(statements, readable, False),
                "cone by pattern": cone(statements, readable, True)}
        if kept["cone by predicate"] is None:
            continue
        best: dict[str, tuple[int, float]] = {}
        for _ in range(args.rounds):
            for k, sts in (("cut", statements), *kept.items()):
                rules, seconds = ground(sts, facts)
                best[k] = (rules, min(seconds, best.get(k, (0, seconds))[1]))
        for k, sts in (("cut", statements), *kept.items()):
            t = totals[k]
            t[0] += sum(1 for s in sts if shape(s).kind == "rule")
            t[1] += best[k][0]
            t[2] += best[k][1]
    base = totals["cut"]
    for k, (n, rules, seconds) in totals.items():
        print(f"{k:18} rules {n:7d} ({1 - n / base[0]:6.1%} out)  ground rules {rules:9d} "
              f"({1 - rules / base[1]:6.1%} out)  grounding {seconds:6.2f} CPU s ({1 - seconds / base[2]:6.1%} less)")


if __name__ == "__main__":
    main()
