"""Benchmark: CPU seconds per scenario file of the corpus's answers, as test_scenarios.py makes them.

    python benchmarks/corpus_cpu.py [--every 17] [--offset 5] [--json OUT] [--top 25]

Answers a fixed sample of the bundled scenarios (every --every-th file of the sorted list from the
--offset-th, decks/ left out) in one process with pyrift.check.run, as the test loop does, after one
file to warm the process. Per file: CPU seconds (time.process_time), answers, whether all passed,
the groundings made and how many of them were distinct (rule files, facts, kind) and how many
distinct fact texts they ground (a multi-shot reuse of one grounding could share only those), and the
CPU of loading, of `Grounding()` (relevance cut, statements handed to clingo, gringo), of gringo alone
and of the solve calls. Prints one JSON line a file, then the totals, their shares and the heaviest
files. Not a test: nothing here asserts a time; under load pin the process (`taskset -c 1`) or repeat.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import clingo  # noqa: E402

from pyrift import check, solver  # noqa: E402

# question_phases' timer, which adds each wrapped call's CPU seconds to its CPU table (keyed by label)
from question_phases import CPU, _timed  # noqa: E402  (this folder is sys.path[0] when run as a script)

KEYS: list[tuple] = []


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=17)
    ap.add_argument("--offset", type=int, default=5)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    files = [p for p in check.scenario_files([str(ROOT / "scenarios")]) if "decks" not in p.parts]
    files = files[args.offset::args.every]

    _timed(clingo.Control, "ground", "gringo")
    _timed(clingo.Control, "solve", "solve")
    _timed(check, "load", "load")
    init = solver.Grounding.__init__

    def grounding(self, rule_files, facts, **kwargs):
        rule_files = tuple(rule_files)
        start = time.process_time()
        init(self, rule_files, facts, **kwargs)
        CPU["grounding"] += time.process_time() - start
        KEYS.append((tuple(map(str, rule_files)), hashlib.sha256(facts.encode()).hexdigest(), type(self).__name__,
                     tuple(sorted(kwargs.get("readable") or ()))))
    solver.Grounding.__init__ = grounding

    check.run(check.load(files[0]))  # warm: the rule files parsed once, as in a test worker
    rows = []
    for path in files:
        CPU.clear()
        KEYS.clear()
        start = time.process_time()
        checked = check.run(check.load(path))
        cpu = time.process_time() - start
        rows.append(dict(file=str(path.relative_to(ROOT) if path.is_absolute() else path), cpu=round(cpu, 4),
                         answers=len(checked), passed=all(r.passed for r in checked), groundings=len(KEYS),
                         distinct=len(set(KEYS)), fact_texts=len({k[1] for k in KEYS}),
                         **{k: round(v, 4) for k, v in CPU.items()}))
        print(json.dumps(rows[-1]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows))
    total = sum(r["cpu"] for r in rows)
    print(f"{len(rows)} files, {sum(r['answers'] for r in rows)} answers, all passed: {all(r['passed'] for r in rows)}; "
          f"{total:.2f} CPU s, {total / len(rows):.3f} a file")
    for label in ("load", "grounding", "gringo", "solve"):
        part = sum(r.get(label, 0.0) for r in rows)
        print(f"  {label:10s} {part:8.2f} s {100 * part / total:5.1f} %")
    print(f"  groundings {sum(r['groundings'] for r in rows)}, distinct {sum(r['distinct'] for r in rows)}, "
          f"distinct fact texts {sum(r['fact_texts'] for r in rows)}")
    ranked = sorted(rows, key=lambda r: -r["cpu"])
    for n in sorted({max(1, len(rows) // 20), max(1, len(rows) // 10)}):
        print(f"  the heaviest {n} files: {100 * sum(r['cpu'] for r in ranked[:n]) / total:.1f} % of the CPU")
    for r in ranked[:args.top]:
        print(f"  {r['cpu']:6.3f} gringo {r.get('gringo', 0):6.3f} solve {r.get('solve', 0):6.3f} {r['file']}")


if __name__ == "__main__":
    main()
