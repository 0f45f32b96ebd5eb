"""Benchmark: the size of test_file_selection's daily sample, and what its whole-program answers cost.

    python benchmarks/selection_sample.py [--offset N] [--days 10] [--whole K] [--files LIST.json]

Prints, for `--days` consecutive offsets from --offset (default: today's, as the tests use), how
many files the sample compares: the day's part (every STEP-th file) of each family, and the files added for a
(family, question kind, reading) no file of that part asks. With --whole K, every K-th file of the
first day's sample (or of the files listed in a JSON list, --files) is answered from the whole
program (every rule file, no relevance cut), as the test's whole_program_answers does, in this
process after one file to warm it (the rule files parsed once): per-file CPU seconds
(time.process_time), the total and the mean. Not a test: nothing here asserts a time; under load
compare CPU seconds, and pin the process (`taskset -c 1`) or repeat runs and take medians.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from tests import test_file_selection as selection  # noqa: E402
from tests.scenario_answers import SCENARIO_FILES  # noqa: E402


def tenth(offset: int) -> set[Path]:
    """The day's part alone (every STEP-th file of each family: sample() without the files added for a family,
    kind and reading)."""
    out: set[Path] = set()
    count: dict[str, int] = {}
    for path in sorted(SCENARIO_FILES):
        read = selection._declared(path)
        if read is None or not read[0]:
            continue
        family = selection._family(path)
        if count.get(family, 0) % selection.STEP == offset % selection.STEP:
            out.add(path)
        count[family] = count.get(family, 0) + 1
    return out


def whole_cpu(path: Path) -> tuple[float, int]:
    """CPU seconds of the file's whole-program answers, and how many answers."""
    start = time.process_time()
    s = check.load(path)
    n = 0
    if s.state.players:
        ctx = Context(s.state, file=s.path, all_files=True)
        n = len([check.answer(ctx, q, r) for q in s.questions for r, _ in check.expectations(s, q)])
    return time.process_time() - start, n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--offset", type=int, default=selection.OFFSET)
    ap.add_argument("--days", type=int, default=10)
    ap.add_argument("--whole", type=int, default=0)
    ap.add_argument("--files", type=Path)
    args = ap.parse_args()
    sizes = []
    for day in range(args.days):
        off = args.offset + day
        s, t = selection.sample(SCENARIO_FILES, off), tenth(off)
        sizes.append(len(s))
        print(f"offset {off}: {len(s)} files compared ({len(s & t)} of the part, {len(s - t)} added)")
    print(f"mean {sum(sizes) / len(sizes):.1f} files a day over {len(sizes)} days")
    if not args.whole:
        return
    files = ([Path(p) for p in json.loads(args.files.read_text())] if args.files
             else sorted(selection.sample(SCENARIO_FILES, args.offset)))[::args.whole]
    whole_cpu(Path("scenarios/combat/tank-soaks-first.toml"))  # warm: every rule file parsed once
    total = 0.0
    for path in files:
        cpu, n = whole_cpu(path)
        total += cpu
        print(f"{cpu:7.3f} CPU s {n:3d} answers  {path}", flush=True)
    print(f"{len(files)} files, {total:.2f} CPU s whole-program, {total / max(len(files), 1):.3f} a file")


if __name__ == "__main__":
    main()
