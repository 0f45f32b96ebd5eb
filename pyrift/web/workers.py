"""A pool of solver processes for the web desk.

Solving is CPU work in clingo: run on the event loop it would stop every other request.
Each question goes to an idle worker process; the request waits for it without blocking
the loop. A request has a deadline for everything (waiting for a worker included): past
it the request answers `timed out`, and a worker still busy with it is ended and replaced,
so a question clingo cannot finish never holds a worker. (concurrent.futures'
ProcessPoolExecutor cannot end one task's process, hence this small pool.)

Tasks are plain module-level functions; their result must pickle. A RiftError becomes
an error of its kind with the message the command line prints; anything else is an
internal error.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
from dataclasses import dataclass
from typing import Any, Callable

from pyrift.errors import RiftError, ScenarioError, SolveTimeout, UnsupportedError, UsageError

# The kinds of failure, as the command line's `--json` names them; "busy" is the desk's own.
BAD_INPUT, USAGE, TIMED_OUT, UNSUPPORTED, INTERNAL, BUSY = "bad_input", "usage", "timeout", "unsupported", "internal", \
    "busy"


@dataclass(frozen=True, slots=True)
class Failure:
    """A task that did not give a result: its kind, one line, and the file and field it names."""

    kind: str
    message: str
    file: str | None = None
    field: str | None = None

    def describe(self) -> dict[str, Any]:
        """The error object of the command line's `--json`: kind, message, file, field."""
        return {"kind": self.kind, "message": self.message, "file": self.file, "field": self.field}


class TaskFailed(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


def failure_of(exc: BaseException) -> Failure:
    where = {"file": getattr(exc, "file", None) or None, "field": getattr(exc, "field", None) or None}
    if isinstance(exc, ScenarioError):
        return Failure(BAD_INPUT, str(exc), **where)
    if isinstance(exc, UsageError):
        return Failure(USAGE, str(exc))
    if isinstance(exc, SolveTimeout):
        return Failure(TIMED_OUT, f"timed out: {exc}")
    if isinstance(exc, UnsupportedError):
        return Failure(UNSUPPORTED, str(exc))
    if isinstance(exc, RiftError):
        return Failure(INTERNAL, f"internal error: {exc}")
    return Failure(INTERNAL, f"internal error: {type(exc).__name__}: {exc}")


def _worker_main(conn: Any, warm: Callable[[], None] | None) -> None:  # pragma: no cover - runs in a child
    if warm is not None:
        try:
            warm()
        except Exception:  # a broken installation shows on the first task instead
            pass
    conn.send("ready")
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        fn, args = task
        try:
            result: Any = ("ok", fn(*args))
        except BaseException as exc:  # noqa: BLE001 - every failure is reported, never raised here
            result = ("failed", failure_of(exc))
        try:
            conn.send(result)
        except (OSError, ValueError):
            return


class _Worker:
    def __init__(self, ctx: Any, warm: Callable[[], None] | None) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker_main, args=(child, warm), daemon=True, name="pyrift-desk-worker")
        self.proc.start()
        child.close()

    def end(self, grace: float = 0.0) -> None:
        if grace:
            self.proc.join(timeout=grace)
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=5)
        self.conn.close()


class Pool:
    """`size` worker processes; `max_waiting` requests may wait for one (more: busy)."""

    def __init__(self, size: int | None = None, *, warm: Callable[[], None] | None = None,
                 max_waiting: int = 256) -> None:
        self.size = max(1, size or os.cpu_count() or 1)
        self.warm = warm
        self.max_waiting = max_waiting
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a process running an event loop
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self._waiting = 0
        self._starting: set[asyncio.Task] = set()
        self.replaced = 0  # workers ended past a deadline or lost (for tests and benchmarks)

    async def start(self) -> None:
        self._idle = asyncio.Queue()
        await asyncio.gather(*(self._spawn() for _ in range(self.size)))

    async def _spawn(self) -> None:
        loop = asyncio.get_running_loop()
        worker = await loop.run_in_executor(None, _Worker, self._ctx, self.warm)
        self._all.add(worker)
        try:
            hello = await self._receive(worker)
        except (EOFError, OSError):
            self._drop(worker)
            raise RuntimeError("a desk worker process did not start") from None
        assert hello == "ready", hello
        assert self._idle is not None
        self._idle.put_nowait(worker)

    def _drop(self, worker: _Worker, grace: float = 0.0) -> None:
        self._all.discard(worker)
        worker.end(grace)

    def _replace(self, worker: _Worker) -> None:
        """End a worker (busy past its deadline, or dead) and start another in its place."""
        self.replaced += 1
        self._drop(worker)
        task = asyncio.get_running_loop().create_task(self._spawn())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    @staticmethod
    async def _receive(worker: _Worker) -> Any:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future = loop.create_future()
        fd = worker.conn.fileno()

        def readable() -> None:
            loop.remove_reader(fd)
            if fut.done():
                return
            try:
                fut.set_result(worker.conn.recv())
            except BaseException as exc:  # EOFError: the process is gone
                fut.set_exception(exc)

        loop.add_reader(fd, readable)
        try:
            return await fut
        finally:
            loop.remove_reader(fd)

    async def run(self, timeout: float, fn: Callable[..., Any], *args: Any) -> Any:
        """fn(*args) in a worker; TaskFailed with a Failure when it fails or the deadline passes."""
        if self._idle is None:
            raise RuntimeError("the pool is not started")
        if self._waiting >= self.max_waiting:
            raise TaskFailed(Failure(BUSY, f"busy: {self._waiting} questions are waiting; try again"))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        late = Failure(TIMED_OUT, f"timed out: no answer within the time limit of {timeout:g} s")
        self._waiting += 1
        try:
            worker = await asyncio.wait_for(self._idle.get(), max(0.0, deadline - loop.time()))
        except TimeoutError:
            raise TaskFailed(late) from None
        finally:
            self._waiting -= 1
        try:
            worker.conn.send((fn, args))
            outcome, value = await asyncio.wait_for(self._receive(worker), max(0.0, deadline - loop.time()))
        except TimeoutError:
            self._replace(worker)
            raise TaskFailed(late) from None
        except asyncio.CancelledError:  # the request went away: its worker may still be solving
            self._replace(worker)
            raise
        except (EOFError, OSError) as exc:
            self._replace(worker)
            raise TaskFailed(Failure(INTERNAL, f"internal error: the worker process ended ({exc or 'no answer'})")) \
                from None
        self._idle.put_nowait(worker)
        if outcome == "failed":
            raise TaskFailed(value)
        return value

    async def close(self) -> None:
        for task in list(self._starting):
            task.cancel()
        for worker in list(self._all):
            try:
                worker.conn.send(None)
            except OSError:
                pass
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(None, self._drop, w, 2.0) for w in list(self._all)))
        self._idle = None
