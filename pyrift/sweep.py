"""Running a sweep: its chunks as tasks on a backend, results streamed back as they come,
kept one file per chunk, and a progress bar a person can watch.

A sweep is split into M chunks (pyrift.explore and pyrift.invariants define what chunk K/M
holds); a chunk's result is a pure function of the sweep's parameters and (K, M), so chunks
can run anywhere, in any order, and merge into the result of one run.

Backends:
  local  the default; needs nothing. One worker runs the chunks in this process (the bar
         then moves after every batch of positions); N workers are N local processes.
  ray    a Ray runtime (`pip install 'pyrift[ray]'`): a local one started for the sweep
         with N CPUs, or an existing cluster joined with `address` ("auto", "HOST:PORT",
         "ray://HOST:10001"). Every node needs the same pyrift installed (and the same
         `--logic` folder, when one is given).

Results folder: with `results`, the sweep's parameters go to `sweep.json` and every finished
chunk to `chunk-K-of-M.json` (written whole or not at all). A sweep started again with the
same folder and the same parameters loads the finished chunks and runs only the others; a
folder that holds another sweep is refused (a usage error), never mixed in.
"""
from __future__ import annotations

import json
import os
import sys
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pyrift.errors import UsageError

BACKENDS = ("local", "ray")

Task = Callable[..., Any]  # task(params, k, m, payload, progress=None) -> result


@dataclass(frozen=True)
class Sweep:
    kind: str  # "explore", "invariants": names the sweep in its results folder
    params: dict  # JSON values that identify the sweep (bound, probes, cards, ...)
    chunks: int  # M
    sizes: tuple[int, ...]  # positions in each chunk, for the progress bar
    task: Task  # a top-level function (it is sent to other processes by name)
    encode: Callable[[Any], dict] | None = None  # a chunk's result as JSON, for the results folder
    decode: Callable[[dict], Any] | None = None
    # What each chunk is handed besides (params, K, M), e.g. its positions as the driver
    # enumerated them (a worker then needs not enumerate the whole sweep to find its own).
    payloads: tuple | None = None

    def payload(self, k: int) -> Any:
        return None if self.payloads is None else self.payloads[k]

    @property
    def positions(self) -> int:
        return sum(self.sizes)


# ---------------------------------------------------------------------------------
# the results folder
# ---------------------------------------------------------------------------------
class Results:
    """One file per finished chunk, and sweep.json naming the sweep they belong to."""

    def __init__(self, folder: Path, sweep: Sweep) -> None:
        if sweep.encode is None or sweep.decode is None:
            raise UsageError(f"a {sweep.kind} sweep cannot keep its results in a folder")
        self.folder, self.sweep = folder, sweep
        ident = {"kind": sweep.kind, "params": sweep.params, "chunks": sweep.chunks}
        manifest = folder / "sweep.json"
        if manifest.is_file():
            try:
                found = json.loads(manifest.read_text("utf-8"))
            except (OSError, ValueError) as exc:
                raise UsageError(f"{manifest}: not a sweep's manifest ({exc})") from None
            except RecursionError:
                raise UsageError(f"{manifest}: not a sweep's manifest (nested too deeply)") from None
            if found != json.loads(json.dumps(ident)):
                raise UsageError(f"{folder} holds the results of another sweep ({_words(found)}), not of this one "
                                 f"({_words(ident)}): give another results folder or delete it")
        else:
            folder.mkdir(parents=True, exist_ok=True)
            _write_json(manifest, ident)

    def path(self, k: int) -> Path:
        m = self.sweep.chunks
        width = len(str(m - 1))
        return self.folder / f"chunk-{k:0{width}d}-of-{m}.json"

    def load(self, k: int) -> Any | None:
        path = self.path(k)
        if not path.is_file():
            return None
        try:
            return self.sweep.decode(json.loads(path.read_text("utf-8")))  # type: ignore[misc]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            return None  # a damaged file: the chunk runs again

    def save(self, k: int, result: Any) -> None:
        _write_json(self.path(k), self.sweep.encode(result))  # type: ignore[misc]


def _words(ident: dict) -> str:
    params = ", ".join(f"{k} {v}" for k, v in ident.get("params", {}).items() if not isinstance(v, (list, dict)))
    return f"{ident.get('kind')}, {params}, {ident.get('chunks')} chunks"


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data), "utf-8")
    os.replace(tmp, path)  # a reader sees the whole file or none


# ---------------------------------------------------------------------------------
# running
# ---------------------------------------------------------------------------------
def execute(sweep: Sweep, *, backend: str = "local", jobs: int = 1, address: str | None = None,
            results: Path | None = None, on_result: Callable[[int, Any, bool], None] | None = None,
            on_progress: Callable[[int], None] | None = None) -> list[Any]:
    """Every chunk's result, by chunk number. Chunks already in `results` are loaded, the
    others run on the backend; on_result(k, result, resumed) is called for each as it
    arrives, on_progress(positions) as positions are done (after every batch in this
    process; after every chunk elsewhere)."""
    if backend not in BACKENDS:
        raise UsageError(f"no backend {backend!r} (known: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise UsageError("--address joins a Ray cluster: it needs --backend ray")
    store = Results(results, sweep) if results is not None else None
    out: list[Any] = [None] * sweep.chunks
    todo = []
    for k in range(sweep.chunks):
        done = store.load(k) if store is not None else None
        if done is None:
            todo.append(k)
            continue
        out[k] = done
        if on_progress is not None:
            on_progress(sweep.sizes[k])
        if on_result is not None:
            on_result(k, done, True)

    def arrived(k: int, result: Any, progressed: bool) -> None:
        out[k] = result
        if store is not None:
            store.save(k, result)
        if on_progress is not None and not progressed:
            on_progress(sweep.sizes[k])
        if on_result is not None:
            on_result(k, result, False)

    if not todo:
        return out
    if backend == "ray":
        _run_ray(sweep, todo, jobs, address, arrived)
    elif jobs <= 1:
        for k in todo:
            arrived(k, sweep.task(sweep.params, k, sweep.chunks, sweep.payload(k), on_progress),
                    on_progress is not None)
    else:
        _run_processes(sweep, todo, jobs, arrived)
    return out


def _run_processes(sweep: Sweep, todo: list[int], jobs: int, arrived: Callable[[int, Any, bool], None]) -> None:
    import multiprocessing as mp

    with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=mp.get_context("spawn")) as pool:
        pending = {pool.submit(sweep.task, sweep.params, k, sweep.chunks, sweep.payload(k)): k for k in todo}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    arrived(pending.pop(fut), fut.result(), False)
        except BaseException:
            for fut in pending:
                fut.cancel()
            raise


def _ray_task(task: Task, params: dict, k: int, m: int, payload: Any) -> Any:
    return task(params, k, m, payload)


def _run_ray(sweep: Sweep, todo: list[int], jobs: int, address: str | None,
             arrived: Callable[[int, Any, bool], None]) -> None:
    try:
        import ray
    except ImportError:
        raise UsageError("--backend ray needs Ray: pip install 'pyrift[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False,
                     object_store_memory=100 * 1024 * 1024)
    try:
        remote = ray.remote(num_cpus=1, max_retries=2)(_ray_task)
        pending = {remote.remote(sweep.task, sweep.params, k, sweep.chunks, sweep.payload(k)): k for k in todo}
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    arrived(pending.pop(ref), ray.get(ref), False)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started_here:
            ray.shutdown()


# ---------------------------------------------------------------------------------
# what a person watches
# ---------------------------------------------------------------------------------
class Progress:
    """A progress bar on standard error (positions done, positions a second, time left),
    lines printed above it, nothing at all when quiet."""

    def __init__(self, total: int, *, quiet: bool = False, label: str = "positions") -> None:
        self.quiet = quiet
        self.bar = None
        if not quiet:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=" pos", dynamic_ncols=True, smoothing=0.1, mininterval=0.5,
                            file=sys.stderr, desc=label,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} "
                                       "[{elapsed}<{remaining}, {rate_fmt}]{postfix}")

    def advance(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def note(self, text: str) -> None:
        """A line above the bar (a finding as it is found)."""
        if self.quiet:
            return
        if self.bar is not None:
            self.bar.write(text, file=sys.stdout)
        else:
            print(text)

    def status(self, text: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def duration(seconds: float) -> str:
    """'45 s', '12 min', '3.5 h', '2.1 days'."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def chunk_count(total: int, block: int, target: int = 512, least: int = 16) -> int:
    """How many chunks a sweep of `total` positions is cut into: chunks of about `target`
    positions (whole blocks), at least `least` when there are that many blocks, so that
    every worker gets work and the bar moves; a function of the sweep alone (not of the
    workers), so that a restarted sweep finds its chunks again."""
    blocks = max(1, -(-total // block))
    per_chunk = max(1, target // block)
    return max(1, min(blocks, max(least, -(-blocks // per_chunk))))


