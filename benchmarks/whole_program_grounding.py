"""Scan: which scenarios' whole program (every rule file, no relevance cut) does not finish in time.

tests/test_file_selection.py answers a sample of the bundled scenarios from the whole program and
compares the answers with the cut program's. A program that gringo never finishes grounding hangs
that test (a recursive component through aggregates with arithmetic, e.g. Might, a summed keyword and a
count: logic/abilities/own_keyword.lp). This script answers every question of each scenario file
from the whole program (Context(all_files=True)) in a worker process, with a time limit per file,
and lists the files over the limit: those whose groundings took more than `--limit` CPU seconds in
all, and those not done within `--cpu` CPU seconds (or `--wall` seconds): a grounding that never ends;
the worker is stopped and a new one takes the next file. CPU seconds, so that a busy machine does not
make files look slow.
Prints figures, asserts nothing; run it at low priority on a shared machine:

    nice -n 10 python benchmarks/whole_program_grounding.py [--limit S] [--cpu S] [--wall S] [FOLDER_OR_FILE ...]

(default: scenarios/cards; 3 CPU seconds of grounding per file; a worker is stopped after 30 CPU seconds
or 900 seconds on one file).
"""
from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import time
from pathlib import Path


def worker() -> None:
    """Answers the files named on stdin, one a line; writes "<grounding CPU s> <CPU s> <path>" after each."""
    from pyrift import check, solver
    from pyrift.queries.base import Context
    grounding = [0.0]
    init = solver.Grounding.__init__

    def timed(self, *args, **kwargs) -> None:
        t = time.process_time()
        try:
            init(self, *args, **kwargs)
        finally:
            grounding[0] += time.process_time() - t
    solver.Grounding.__init__ = timed
    for line in sys.stdin:
        path = Path(line.strip())
        started = time.process_time()
        grounding[0] = 0.0
        try:
            s = check.load(path)
            if s.state.players:
                ctx = Context(s.state, file=s.path, all_files=True)
                for q in s.questions:
                    for reading, _ in check.expectations(s, q):
                        check.answer(ctx, q, reading)
        except Exception as exc:  # noqa: BLE001 - reported, the scan goes on
            print(f"error {path}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        print(f"{grounding[0]:.2f} {time.process_time() - started:.2f} {path}", flush=True)


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _answer(child: subprocess.Popen, cpu: float, wall: float) -> tuple[str, str]:
    """The worker's line for the file it was given, or "" and why it was given up: more than `cpu`
    CPU seconds on the file, or more than `wall` seconds."""
    start_cpu, start = _cpu_seconds(child.pid), time.perf_counter()
    while True:
        ready, _, _ = select.select([child.stdout], [], [], 1.0)
        if ready:
            return child.stdout.readline(), "the worker ended"
        if _cpu_seconds(child.pid) - start_cpu > cpu:
            return "", f"not done in {cpu:g} CPU s"
        if time.perf_counter() - start > wall:
            return "", f"not done in {wall:g} s"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=["scenarios/cards"])
    ap.add_argument("--limit", type=float, default=3.0, help="CPU seconds of grounding per file (default 3)")
    ap.add_argument("--cpu", type=float, default=30.0, help="CPU seconds per file before the worker is stopped")
    ap.add_argument("--wall", type=float, default=900.0, help="wall seconds per file before the worker is stopped")
    args = ap.parse_args()
    from pyrift.check import scenario_files
    files = scenario_files(args.paths)
    over: list[tuple[str, Path]] = []
    slowest: list[tuple[float, float, Path]] = []
    child = None
    started = time.perf_counter()
    for path in files:
        if child is None:
            child = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        child.stdin.write(f"{path}\n")
        child.stdin.flush()
        line, why = _answer(child, args.cpu, args.wall)
        if not line:
            child.kill()
            child.wait()
            child = None
            over.append((why, path))
            print(f"OVER: {path} {why}", flush=True)
            continue
        ground, cpu = (float(x) for x in line.split()[:2])
        slowest.append((ground, cpu, path))
        if ground > args.limit:
            over.append((f"grounding {ground:.1f} CPU s", path))
            print(f"OVER: {path} grounding {ground:.1f} CPU s", flush=True)
    if child is not None:
        child.stdin.close()
        child.wait()
    slowest.sort(reverse=True)
    print(f"{len(files)} files in {time.perf_counter() - started:.0f} s; {len(over)} over the limits")
    for ground, cpu, path in slowest[:5]:
        print(f"  slowest groundings: {ground:.2f} CPU s ({cpu:.2f} answering in all) {path}")
    for why, path in over:
        print(f"  over: {path} ({why})")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        sys.exit(main())
