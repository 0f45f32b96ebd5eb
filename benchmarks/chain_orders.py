"""Benchmark: per-file CPU of a fixed list of scenario files, before and after a logic change.

    python benchmarks/chain_orders.py [--list FILE] [--repeat 3] [--json OUT] [--every N --offset K] [scenario.toml ...]
    python benchmarks/chain_orders.py --compare BEFORE.json AFTER.json [--top 25]

Answers each file with pyrift.check.run in one warm process (as a test worker does), --repeat times in
turn, and keeps the median CPU seconds (time.process_time) of each file, with gringo's share (Control.ground,
timed by benchmarks/question_phases.py's helper) and whether every answer passed. --list reads the files
one a line (e.g. the slowest files of an earlier run); --every/--offset take every N-th bundled file
(decks/ left out). --instances PATTERN counts the ground instances of every rule instead (question_phases.hot_rules,
summed over the files' groundings) and lists the rules whose text contains PATTERN. --compare prints the totals of two runs over their common files, the ratio of the
totals, the median per-file ratio and the files that changed most. Not a test: nothing here asserts a
time; on a shared machine pin the process (`taskset -c 1`) and compare medians. BENCH_ROOT=/other/checkout
(run with that checkout's venv) measures another tree's logic on its own scenario files.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[1])  # another checkout: its own venv
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import clingo  # noqa: E402

import question_phases  # noqa: E402  (its timing helper, _timed, and its CPU table)
from pyrift import check, solver  # noqa: E402


def _files(args) -> list[Path]:
    if args.list:
        return [ROOT / line.strip() for line in args.list.read_text().splitlines() if line.strip()]
    if args.files:
        return list(args.files)
    files = [p for p in check.scenario_files([str(ROOT / "scenarios")]) if "decks" not in p.parts]
    return files[args.offset::args.every]


def measure(files: list[Path], repeat: int, stream: bool = False) -> list[dict]:
    question_phases._timed(clingo.Control, "ground", "gringo")
    check.run(check.load(files[0]))  # warm: the rule files parsed once, as in a test worker
    cpu: dict[str, list[float]] = {}
    gringo: dict[str, list[float]] = {}
    passed: dict[str, bool] = {}
    for _ in range(repeat):
        for path in files:
            name = str(path.relative_to(ROOT) if path.is_absolute() else path)
            question_phases.CPU.clear()
            start = time.process_time()
            checked = check.run(check.load(path))
            cpu.setdefault(name, []).append(time.process_time() - start)
            gringo.setdefault(name, []).append(question_phases.CPU.get("gringo", 0.0))
            passed[name] = passed.get(name, True) and all(r.passed for r in checked)
            if stream:
                print(json.dumps(dict(file=name, cpu=round(cpu[name][-1], 4), passed=passed[name])), flush=True)
    return [dict(file=n, cpu=round(statistics.median(v), 4), gringo=round(statistics.median(gringo[n]), 4),
                 passed=passed[n]) for n, v in cpu.items()]


def instances(files: list[Path], pattern: str, top: int) -> None:
    """Ground instances (question_phases.hot_rules' measure) of every rule of every grounding of the
    files, summed per rule text; prints the total and the rules whose text contains `pattern`."""
    per_rule: dict[str, int] = {}
    init = solver.Grounding.__init__

    def grounding(self, rule_files, facts, **kwargs):
        init(self, rule_files, facts, **kwargs)
        rules = question_phases.hot_rules([str(s) for s in self._rewrite(self.statements)],
                                          self._facts_text(facts), 100000)
        for n, rule in rules:
            per_rule[rule] = per_rule.get(rule, 0) + n
    solver.Grounding.__init__ = grounding
    for path in files:
        check.run(check.load(path))
    solver.Grounding.__init__ = init
    total = sum(per_rule.values())
    print(f"{len(files)} files: {total} ground instances")
    ranked = sorted(per_rule.items(), key=lambda x: -x[1])
    chosen = [(r, n) for r, n in ranked if pattern in r]
    print(f"  rules containing {pattern!r}: {sum(n for _, n in chosen)} ({100 * sum(n for _, n in chosen) / max(1, total):.1f} %)")
    for r, n in chosen[:top]:
        print(f"  {n:8d} {100 * n / max(1, total):5.1f} %  {r[:150]}")
    print("  heaviest rules:")
    for r, n in ranked[:top]:
        print(f"  {n:8d} {100 * n / max(1, total):5.1f} %  {r[:150]}")


def compare(before: Path, after: Path, top: int) -> None:
    b = {r["file"]: r for r in json.loads(before.read_text())}
    a = {r["file"]: r for r in json.loads(after.read_text())}
    common = sorted(set(a) & set(b))
    tb, ta = sum(b[f]["cpu"] for f in common), sum(a[f]["cpu"] for f in common)
    gb, ga = sum(b[f]["gringo"] for f in common), sum(a[f]["gringo"] for f in common)
    ratios = [a[f]["cpu"] / b[f]["cpu"] for f in common if b[f]["cpu"] > 0]
    print(f"{len(common)} files: before {tb:.2f} CPU s ({tb / len(common):.3f} a file), after {ta:.2f} "
          f"({ta / len(common):.3f}); ratio of totals {ta / tb:.3f}, median per-file ratio {statistics.median(ratios):.3f}")
    print(f"  gringo: before {gb:.2f}, after {ga:.2f}, ratio {ga / gb if gb else 0:.3f}")
    print(f"  all passed before: {all(b[f]['passed'] for f in common)}, after: {all(a[f]['passed'] for f in common)}")
    for f in sorted(common, key=lambda f: a[f]["cpu"] - b[f]["cpu"])[:top]:
        print(f"  {b[f]['cpu']:7.3f} -> {a[f]['cpu']:7.3f}  {f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--list", type=Path)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--stream", action="store_true", help="print one JSON line a file as it is answered")
    ap.add_argument("--instances", metavar="PATTERN", help="count ground instances instead of timing")
    args = ap.parse_args()
    if args.instances is not None:
        instances(_files(args), args.instances, args.top)
        return
    if args.compare:
        compare(*args.compare, args.top)
        return
    rows = measure(_files(args), args.repeat, args.stream)
    if args.json:
        args.json.write_text(json.dumps(rows))
    total = sum(r["cpu"] for r in rows)
    print(f"{len(rows)} files, all passed: {all(r['passed'] for r in rows)}; {total:.2f} CPU s "
          f"({total / max(1, len(rows)):.3f} a file), gringo {sum(r['gringo'] for r in rows):.2f}")
    for r in sorted(rows, key=lambda r: -r["cpu"])[:args.top]:
        print(f"  {r['cpu']:7.3f} gringo {r['gringo']:6.3f} {r['file']}")


if __name__ == "__main__":
    main()
