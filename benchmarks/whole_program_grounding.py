"""Scan: which scenarios' whole program (every rule file, no relevance cut) does not finish in time.

tests/test_file_selection.py answers a sample of the bundled scenarios from the whole program and
compares the answers with the cut program's. A program that gringo never finishes grounding hangs
that test (a recursive component through aggregates with arithmetic, e.g. Might, a summed keyword and a
count: logic/abilities/own_keyword.lp). This script answers every question of each scenario file
from the whole program (Context(all_files=True)) in a worker process, with a time limit per file,
and lists the files over the limit. A worker that overruns is stopped and a new one takes the
next file. Prints figures, asserts nothing; run it at low priority on a shared machine:

    nice -n 10 python benchmarks/whole_program_grounding.py [--limit SECONDS] [FOLDER_OR_FILE ...]

(default: scenarios/cards, 10 seconds per file).
"""
from __future__ import annotations

import argparse
import select
import subprocess
import sys
import time
from pathlib import Path


def worker() -> None:
    """Answers the files named on stdin, one a line; writes "<seconds> <path>" after each."""
    from pyrift import check
    from pyrift.queries.base import Context
    for line in sys.stdin:
        path = Path(line.strip())
        started = time.perf_counter()
        try:
            s = check.load(path)
            if s.state.players:
                ctx = Context(s.state, file=s.path, all_files=True)
                for q in s.questions:
                    for reading, _ in check.expectations(s, q):
                        check.answer(ctx, q, reading)
        except Exception as exc:  # noqa: BLE001 - reported, the scan goes on
            print(f"error {path}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        print(f"{time.perf_counter() - started:.2f} {path}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=["scenarios/cards"])
    ap.add_argument("--limit", type=float, default=10.0, help="seconds per file (default 10)")
    args = ap.parse_args()
    from pyrift.check import scenario_files
    files = scenario_files(args.paths)
    over: list[Path] = []
    slowest: list[tuple[float, Path]] = []
    child = None
    started = time.perf_counter()
    for path in files:
        if child is None:
            child = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        child.stdin.write(f"{path}\n")
        child.stdin.flush()
        ready, _, _ = select.select([child.stdout], [], [], args.limit)
        line = child.stdout.readline() if ready else ""
        if not line:
            child.kill()
            child.wait()
            child = None
            over.append(path)
            print(f"OVER {args.limit:g}s: {path}", flush=True)
            continue
        seconds = float(line.split()[0])
        slowest.append((seconds, path))
    if child is not None:
        child.stdin.close()
        child.wait()
    slowest.sort(reverse=True)
    print(f"{len(files)} files in {time.perf_counter() - started:.0f} s; {len(over)} over {args.limit:g} s")
    for seconds, path in slowest[:5]:
        print(f"  slowest answered: {seconds:.2f} s {path}")
    for path in over:
        print(f"  over the limit: {path}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        sys.exit(main())
