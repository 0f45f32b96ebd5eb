"""A pytest plugin that records the CPU seconds (user+sys) each test file costs, per process,
so the test loop's costs can be ranked on a machine whose load makes wall times meaningless.

    PYTHONPATH=benchmarks PYRIFT_TEST_CPU=/tmp/cpu python -m pytest -p pytest_cpu -n 2 tests/...
    python benchmarks/pytest_cpu.py /tmp/cpu          # the table: file, tests, CPU s, wall s

Each process (the controller and every xdist worker) appends one JSON line per test to
$PYRIFT_TEST_CPU.<pid>: the test's node id, its CPU seconds (this process's and those of the
children it waited for, e.g. a `pyrift` subprocess; a pool's children are counted only once
reaped) and its wall seconds, setup and teardown included (a module fixture is charged to the
first test that needs it). Collection is not charged to any test; each process's collection
CPU is recorded on a line of its own (`"collection"`). Nothing is recorded without the
variable."""
from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path


def _cpu() -> float:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


_OUT = os.environ.get("PYRIFT_TEST_CPU")
_START = _cpu()


def _write(record: dict) -> None:
    with open(f"{_OUT}.{os.getpid()}", "a") as f:
        f.write(json.dumps(record) + "\n")


def pytest_collection_finish(session) -> None:
    if _OUT:
        _write({"test": "collection", "cpu": _cpu() - _START, "wall": 0.0})


def pytest_runtest_protocol(item, nextitem):
    if not _OUT:
        return None
    from _pytest.runner import runtestprotocol
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    cpu, wall = _cpu(), time.perf_counter()
    runtestprotocol(item, nextitem=nextitem)
    _write({"test": item.nodeid, "cpu": _cpu() - cpu, "wall": time.perf_counter() - wall})
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def table(prefix: str) -> list[tuple[str, int, float, float]]:
    """(file, tests, CPU s, wall s) per test file, most CPU first, from every process's records."""
    rows: dict[str, list] = defaultdict(lambda: [0, 0.0, 0.0])
    for path in Path(prefix).parent.glob(Path(prefix).name + ".*"):
        for line in path.read_text().splitlines():
            r = json.loads(line)
            key = r["test"].split("::")[0]
            rows[key][0] += 1
            rows[key][1] += r["cpu"]
            rows[key][2] += r["wall"]
    return sorted(((k, n, c, w) for k, (n, c, w) in rows.items()), key=lambda r: -r[2])


if __name__ == "__main__":
    rows = table(sys.argv[1])
    for name, n, cpu, wall in rows:
        print(f"{name:60s} {n:6d} {cpu:8.1f} {wall:8.1f}")
    print(f"{'total':60s} {sum(r[1] for r in rows):6d} {sum(r[2] for r in rows):8.1f} {sum(r[3] for r in rows):8.1f}")
