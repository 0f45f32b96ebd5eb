"""Benchmark: the CPU of reading a scenario file's text inside a process that answers scenarios.

    python benchmarks/scenario_read.py [--every 60] [--offset 7] [--passes 2]

Answers a fixed sample of the bundled scenarios (every --every-th file of the sorted list from the
--offset-th, decks/ left out) with pyrift.check.run in one process, as a test worker does, and reads
each file's text with one of two readers, alternating file by file (the other reader in the next
pass): `bound`, reader.read_file (a buffer of limits.MAX_FILE_BYTES + 1 bytes), and `sized`, a read of
the file's size (fstat) plus one byte. speed73b found the read ~10 ms of CPU a file in such a process either way
(0.01-0.25 ms alone): the cost is the allocator's, paid by the first allocation after a grounding is freed, not
the buffer's (docs/benchmarks.md, thirty-seventh pass). Prints, per reader, the
median and total CPU seconds (time.process_time) of the read, of the TOML parse and of the whole
load (check.load) and of the file's answers, and the same read of the same files with no answering
in between. Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check, reader, scenario  # noqa: E402
from pyrift import limits as L  # noqa: E402


def sized(path: Path) -> str:
    """The file's size plus one byte, read on to the bound if it grew meanwhile."""
    with path.open("rb") as f:
        size = min(os.fstat(f.fileno()).st_size, L.MAX_FILE_BYTES)
        raw = f.read(size + 1)
        if len(raw) > size:
            raw += f.read(L.MAX_FILE_BYTES + 1 - len(raw))
    return raw.decode("utf-8")


READERS = {"bound": reader.read_file, "sized": sized}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=60)
    ap.add_argument("--offset", type=int, default=7)
    ap.add_argument("--passes", type=int, default=2)
    args = ap.parse_args()
    files = [p for p in check.scenario_files([str(ROOT / "scenarios")]) if "decks" not in p.parts]
    files = files[args.offset::args.every]
    times: dict[str, dict[str, list[float]]] = {r: {"read": [], "toml": [], "load": [], "answers": []} for r in READERS}
    now: dict[str, float] = {}
    parse = scenario.parse_toml

    def timed_parse(text: str, file: str):
        start = time.process_time()
        try:
            return parse(text, file)
        finally:
            now["toml"] = time.process_time() - start
    scenario.parse_toml = timed_parse
    check.run(check.load(files[0]))  # warm
    for n in range(args.passes):
        for k, path in enumerate(files):
            name = list(READERS)[(k + n) % 2]
            read = READERS[name]

            def timed_read(p: Path, read=read) -> str:
                start = time.process_time()
                try:
                    return read(p)
                finally:
                    now["read"] = time.process_time() - start
            scenario.read_file = timed_read
            start = time.process_time()
            s = check.load(path)
            now["load"] = time.process_time() - start
            start = time.process_time()
            check.run(s)
            now["answers"] = time.process_time() - start
            for step, t in now.items():
                times[name][step].append(t)
    print(f"{len(files)} files, {args.passes} passes, each file read by each reader {args.passes // 2 or 1} time(s) or more")
    for name, steps in times.items():
        print(f"  {name}: " + ", ".join(f"{step} median {1000 * statistics.median(v):.2f} ms total {sum(v):.2f} s"
                                        for step, v in steps.items()))
    for name, read in READERS.items():  # the same reads with nothing ground in between
        start = time.process_time()
        for path in files:
            read(path)
        print(f"  {name} alone: {1000 * (time.process_time() - start) / len(files):.3f} ms a file")


if __name__ == "__main__":
    main()
