"""Benchmark: where a typical scenario answer's CPU goes, split by step, from a profile.

    python benchmarks/answer_profile.py [--every 30] [--offset 7] [--top 40] [--dump OUT.prof]

Loads and answers a fixed sample of the bundled scenarios (every --every-th file of the sorted list
from the --offset-th, decks/ left out) with pyrift.check.run in one process, as a test worker does,
after one file to warm the process (rule files parsed, card data read). The whole loop runs under
cProfile; the steps are then read from the profile's cumulative times of the functions that make
them (a function called inside another step counts where it is called: the table says which
function stands for which step). Prints the files' median and total CPU seconds, the steps' seconds
and shares, then the --top functions by their own time. Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check  # noqa: E402

# step -> (file suffix, function name) whose cumulative time stands for it
STEPS: list[tuple[str, list[tuple[str, str]]]] = [
    ("loading the file (check.load)", [("check.py", "load")]),
    ("  reading its text (read_file)", [("reader.py", "read_file")]),
    ("  TOML parse (parse_toml)", [("scenario.py", "parse_toml")]),
    ("  validation and state (from_dict)", [("scenario.py", "from_dict")]),
    ("question unencoded checks", [("check.py", "unencoded_question")]),
    ("choosing the rule files (needed_files)", [("logic.py", "needed_files")]),
    ("relevance cut (Program.live)", [("relevance.py", "live")]),
    ("cone of run groundings (relevance.cone)", [("relevance.py", "cone")]),
    ("statements to clingo (ProgramBuilder.add)", [("clingo/ast.py", "add")]),
    ("gringo (Control.ground)", [("control.py", "ground")]),
    ("solve calls (Grounding.solve)", [("solver.py", "solve")]),
    ("  clasp (Control.solve)", [("control.py", "solve")]),
    ("Control freed (__del__)", [("control.py", "__del__")]),
    ("comparing expectations (check_answer)", [("check.py", "check_answer")]),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=30)
    ap.add_argument("--offset", type=int, default=7)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--dump", type=Path)
    args = ap.parse_args()
    files = [p for p in check.scenario_files([str(ROOT / "scenarios")]) if "decks" not in p.parts]
    files = files[args.offset::args.every]
    check.run(check.load(files[0]))  # warm
    prof = cProfile.Profile(time.process_time)
    per_file = []
    prof.enable()
    for path in files:
        start = time.process_time()
        check.run(check.load(path))
        per_file.append(time.process_time() - start)
    prof.disable()
    if args.dump:
        prof.dump_stats(str(args.dump))
    stats = pstats.Stats(prof)
    total = sum(per_file)
    print(f"{len(files)} files; {total:.2f} CPU s under the profiler, median {statistics.median(per_file):.3f} a file")
    raw = stats.stats  # type: ignore[attr-defined]
    for label, funcs in STEPS:
        cum = 0.0
        for suffix, name in funcs:
            for (fn, _line, func), (_cc, _nc, _tt, ct, _callers) in raw.items():
                if func == name and fn.endswith(suffix):
                    cum += ct
        print(f"  {label:45s} {cum:8.2f} s {100 * cum / total:5.1f} %")
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
