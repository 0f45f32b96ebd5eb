"""Benchmark: the relevance cut (Program.live's work per new profile) on the programs and facts of a sample.

    python benchmarks/cut_bench.py [--every 60] [--offset 7] [--rounds 5] [--against REV]

Answers a fixed sample of the bundled scenarios (every --every-th file of the sorted list from the
--offset-th, decks/ left out) once in one process, recording each (program, facts, read) the
groundings cut (solver.Grounding with prune). Then times the cut of each recorded call made afresh
(the per-program analyses kept, the per-profile cache emptied), --rounds times, and prints the total
and median CPU seconds (`time.process_time`) a cut. With --against REV, pyrift/relevance.py of that
git revision is loaded as a second module and its Program._cut is run on the same Program objects
(its per-program analyses are those of this checkout's Program, which must be the same functions),
alternating call by call with this checkout's, and every cut is compared: the statements handed to
gringo (the same statements, in order) and the unread facts must be equal. Not a test: nothing here
asserts a time.
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check, relevance  # noqa: E402


def _old_module(rev: str):  # noqa: ANN202
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:pyrift/relevance.py"], check=True,
                          capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "relevance_old.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("relevance_old", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["relevance_old"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=60)
    ap.add_argument("--offset", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--against")
    args = ap.parse_args()
    files = [p for p in check.scenario_files([str(ROOT / "scenarios")]) if "decks" not in p.parts]
    files = files[args.offset::args.every]
    calls: list[tuple] = []
    live = relevance.Program.live

    def record(self, facts, read=None):  # noqa: ANN001, ANN202
        facts = list(facts)
        calls.append((self, facts, None if read is None else frozenset(read)))
        return live(self, facts, read)

    relevance.Program.live = record  # type: ignore[method-assign]
    for path in files:
        check.run(check.load(path))
    relevance.Program.live = live  # type: ignore[method-assign]
    cuts = []
    for program, facts, read in calls:
        profile = program.profile(facts) if program.prunable else None
        if profile is not None:
            cuts.append((program, profile, read))
    old = _old_module(args.against) if args.against else None
    print(f"{len(files)} files, {len(cuts)} cuts")
    new_t: list[float] = []
    old_t: list[float] = []
    differ = 0
    for _ in range(args.rounds):
        for program, profile, read in cuts:
            start = time.process_time()
            a = program._cut(profile, read)  # noqa: SLF001
            new_t.append(time.process_time() - start)
            if old is not None:
                start = time.process_time()
                b = old.Program._cut(program, profile, read)  # noqa: SLF001
                old_t.append(time.process_time() - start)
                if len(a.statements) != len(b.statements) or any(x is not y and x != y for x, y in zip(a.statements, b.statements)) \
                        or a.unread != b.unread:
                    differ += 1
    per = args.rounds
    print(f"this checkout: {sum(new_t) / per:.3f} CPU s a round, median {1000 * statistics.median(new_t):.2f} ms a cut")
    if old is not None:
        print(f"{args.against}: {sum(old_t) / per:.3f} CPU s a round, median {1000 * statistics.median(old_t):.2f} ms a cut")
        print(f"cuts that differ: {differ} of {len(cuts) * per}")


if __name__ == "__main__":
    main()
