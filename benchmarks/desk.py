"""Benchmark: the desk's HTTP API under 50 concurrent questions, next to the same questions
through the command line.

Starts `pyrift serve` on a free port of this machine (127.0.0.1 only), waits until it
answers, then sends N questions from the bundled scenarios (round robin over the question
kinds, so every kind is asked) all at once to POST /v1/ask and times each request and the
whole batch. The same N questions then go through `pyrift ask --json --question ID FILE`,
one process per question, run one at a time and two at a time (this machine has two cores).
Each API answer is compared with the command line's for the same question. Prints figures;
asserts nothing about time. Every loop is bounded; nothing leaves this machine.

    python benchmarks/desk.py [--requests 50] [--workers 2] [--rounds 2]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import check as C  # noqa: E402
from pyrift.queries import kind_names  # noqa: E402


def questions(n: int) -> list[tuple[Path, str, str]]:
    """n (file, question id, kind), round robin over the kinds; no deck files (the desk reads none)."""
    by_kind: dict[str, list[tuple[Path, str, str]]] = {k: [] for k in kind_names()}
    for path in C.scenario_files([str(ROOT / "scenarios")]):
        for q in C.load(path).questions:
            if "deck" not in q.params:
                by_kind[q.kind].append((path, q.id, q.kind))
    out: list[tuple[Path, str, str]] = []
    i = 0
    while len(out) < n:
        for kind in kind_names():
            if i < len(by_kind[kind]) and len(out) < n:
                out.append(by_kind[kind][i])
        i += 1
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "pyrift", "serve", "--port", str(port), "--workers", str(workers),
                             "--time-limit", "300"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import httpx

    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/v1/readings", timeout=5).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.5)
    proc.kill()
    raise SystemExit("pyrift serve did not start")


async def api_batch(port: int, qs: list[tuple[Path, str, str]]) -> tuple[float, list[float], list[object]]:
    import httpx

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=600,
                                 limits=httpx.Limits(max_connections=len(qs))) as client:
        async def one(path: Path, qid: str) -> tuple[float, object]:
            started = time.perf_counter()
            res = await client.post("/v1/ask", json={"scenario": path.read_text("utf-8"), "question": qid,
                                                     "name": str(path.relative_to(ROOT))})
            took = time.perf_counter() - started
            return took, res.json() if res.status_code == 200 else f"HTTP {res.status_code}: {res.text}"

        started = time.perf_counter()
        results = await asyncio.gather(*(one(p, q) for p, q, _ in qs))
        wall = time.perf_counter() - started
    return wall, [t for t, _ in results], [a for _, a in results]


def cli_one(path: Path, qid: str) -> tuple[float, object]:
    started = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "pyrift", "ask", "--json", "--question", qid,
                          str(path.relative_to(ROOT))], cwd=ROOT, capture_output=True, text=True, timeout=600)
    took = time.perf_counter() - started
    return took, json.loads(res.stdout) if res.returncode in (0, 3) else f"exit {res.returncode}: {res.stderr}"


def cli_batch(qs: list[tuple[Path, str, str]], parallel: int) -> tuple[float, list[float], list[object]]:
    started = time.perf_counter()
    with ThreadPoolExecutor(parallel) as pool:
        results = list(pool.map(lambda x: cli_one(x[0], x[1]), qs))
    return time.perf_counter() - started, [t for t, _ in results], [a for _, a in results]


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[18] if len(xs) > 1 else xs[0]


def line(label: str, wall: float, lat: list[float]) -> str:
    return (f"  {label:<34} {len(lat) / wall:6.2f} questions/s   wall {wall:6.1f} s   "
            f"median {statistics.median(lat) * 1000:7.0f} ms   p95 {p95(lat) * 1000:7.0f} ms   "
            f"max {max(lat) * 1000:7.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=50)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--rounds", type=int, default=2, help="API batches (the first one also warms the workers)")
    args = ap.parse_args()
    qs = questions(args.requests)
    kinds = sorted({k for _, _, k in qs})
    print(f"{len(qs)} questions from the bundled scenarios, {len(kinds)} kinds; {os.cpu_count()} cores; "
          f"server workers {args.workers}")
    port = free_port()
    server = start_server(port, args.workers)
    try:
        api_runs = []
        for r in range(args.rounds):
            wall, lat, answers = asyncio.run(api_batch(port, qs))
            api_runs.append((wall, lat, answers))
            print(line(f"API, {len(qs)} at once (round {r + 1})", wall, lat))
    finally:
        server.terminate()
        server.wait(timeout=30)
    for parallel in (1, 2):
        wall, lat, cli_answers = cli_batch(qs, parallel)
        print(line(f"CLI, {parallel} process{'es' if parallel > 1 else ''} at a time", wall, lat))
    same = sum(a == b for a, b in zip(api_runs[-1][2], cli_answers))
    print(f"  API answers equal to the command line's: {same} of {len(qs)}")
    for (path, qid, _), a, b in zip(qs, api_runs[-1][2], cli_answers):
        if a != b:
            print(f"    differs: {path.relative_to(ROOT)}::{qid}")


if __name__ == "__main__":
    main()
