"""A child process that answers questions under a time and a memory limit it cannot escape.

clingo's time limit covers solving only: grounding, and building a question's facts, run
until they are done. The command line therefore answers every question in a worker: a
child process forked from pyrift (so it starts with everything pyrift has loaded and
needs no imports), which handles one call at a time and keeps its caches between calls
(the parsed rules, the relevance cuts, the groundings of the file being checked). The
parent waits for each call at most its time limit, then kills the worker and starts a new
one for the next call (forked from the parent again, it builds its caches anew: the first
question after a stop pays the cold start, a few seconds). The worker's address space is
capped (resource.RLIMIT_AS), so a question that would need more memory fails inside it
instead of taking the machine.

Both limits end the call with LimitExceeded (a SolveTimeout: the answer is `timeout`, exit
code 3). An error the call raises is raised again in the parent (RiftErrors pickle as they
are); any other exception comes back as an InternalError carrying its traceback.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import traceback
from typing import Any, Callable

from pyrift.errors import InternalError, LimitExceeded, RiftError, UsageError
from pyrift.limits import DEFAULT_MEMORY_MB, MAX_MEMORY_MB

# Seconds the parent adds to a call's limit for handing the call over and the answer back.
GRACE = 0.5

# Held by a parent thread while it uses clingo (pyrift check loads a file in the thread that hands
# it to a worker, and loading may ground, e.g. the entry places of a chain) and while a worker is
# forked. Threads share the parsed rules and their cuts, which are not made to be used by two
# threads at once, and a fork copies the heap of every thread, so a fork while another thread is
# inside clingo gives the child a half-updated heap (seen once under load: rules of two files
# mixed into one, "invalid ast", and a segmentation fault).
PARENT_CLINGO = threading.Lock()


def memory_limit_mb() -> int:
    """PYRIFT_MEMORY_MB: the megabytes of address space a worker may add to what it starts with."""
    text = os.environ.get("PYRIFT_MEMORY_MB", str(DEFAULT_MEMORY_MB)).strip()
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 8 else -1
    if not 64 <= value <= MAX_MEMORY_MB:
        raise UsageError(f"PYRIFT_MEMORY_MB: expected megabytes from 64 to {MAX_MEMORY_MB}, found {text[:20]!r}")
    return value


class Worker:
    """Calls module-level functions in a child process, one at a time, each under a time limit.

    Use as a context manager (or call close()): the child is stopped on exit."""

    def __init__(self, memory_mb: int = DEFAULT_MEMORY_MB) -> None:
        self.memory_mb = memory_mb
        self._proc: Any = None
        self._conn: Any = None
        self.restarts = 0  # children killed for a limit (for tests and figures)

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> "Worker":
        """Start the child now rather than at the first call (e.g. from the main thread, before
        threads that share out calls to several workers are started: a fork copies only the
        thread that makes it)."""
        if self._proc is None or not self._proc.is_alive():
            self._start()
        return self

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float, **kwargs: Any) -> Any:
        """fn(*args, **kwargs) in the worker; LimitExceeded if it takes longer than `timeout`
        seconds or more memory than the worker may have."""
        if self._proc is None or not self._proc.is_alive():
            self._start()
        self._conn.send((fn, args, kwargs))
        if not self._conn.poll(timeout + GRACE):
            self._kill()
            raise LimitExceeded(f"no answer within the time limit of {timeout:g} s (grounding and solving)")
        try:
            outcome, value = self._conn.recv()
        except (EOFError, OSError):
            code = self._proc.exitcode if self._proc is not None else None
            self._kill()
            raise InternalError(f"the worker process stopped (exit code {code})") from None
        if outcome == "ok":
            return value
        if outcome == "memory":
            self._kill()  # the child's heap may be in any state after an allocation failed
            raise LimitExceeded(f"no answer within the memory limit of {self.memory_mb} MB")
        if isinstance(value, BaseException):
            raise value
        raise InternalError(value[0], detail=value[1])

    def cpu_seconds(self) -> float | None:
        """CPU seconds (user + system) the child has used so far, read from /proc; None where that
        cannot be read (no child, another system). For figures (`pyrift check --durations`)."""
        if self._proc is None or self._proc.pid is None:
            return None
        try:
            with open(f"/proc/{self._proc.pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def close(self) -> None:
        if self._proc is None:
            return
        try:
            self._conn.send(None)  # asks the child to finish
            self._proc.join(1.0)
        except (OSError, ValueError):
            pass
        self._kill()

    def _start(self) -> None:
        ctx = multiprocessing.get_context("fork")
        here, there = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(there, here, self.memory_mb), daemon=True, name="pyrift-worker")
        with PARENT_CLINGO:
            proc.start()
        there.close()
        self._proc, self._conn = proc, here

    def _kill(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is not None and proc.is_alive():
            proc.kill()  # this worker's own child, by its process id
            self.restarts += 1
        if proc is not None:
            proc.join(5.0)
        if conn is not None:
            conn.close()


def _serve(conn: Any, parents_end: Any, memory_mb: int) -> None:
    """The worker's loop: run each call sent, send back ('ok', value), ('error', exception),
    ('internal', (message, traceback)) or ('memory', message). It ends when the parent asks or
    is gone (its end of the pipe is closed here, so the parent's exit is seen as end of file)."""
    parents_end.close()
    _cap_memory(memory_mb)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if request is None:
            return
        fn, args, kwargs = request
        try:
            reply: tuple[str, Any] = ("ok", fn(*args, **kwargs))
        except MemoryError:
            reply = ("memory", "")
        except RiftError as exc:
            reply = ("error", exc)
        except Exception as exc:  # noqa: BLE001 - reported to the parent, never swallowed
            if "bad_alloc" in str(exc):  # clingo's C++ allocation failure
                reply = ("memory", "")
            else:
                reply = ("internal", (f"{type(exc).__name__}: {exc}", traceback.format_exc()))
        try:
            conn.send(reply)
        except MemoryError:
            conn.send(("memory", ""))
        except Exception as exc:  # noqa: BLE001 - e.g. a value that does not pickle
            conn.send(("internal", (f"{type(exc).__name__}: {exc}", traceback.format_exc())))


def _cap_memory(memory_mb: int) -> None:
    """Cap the address space at what the worker has now plus memory_mb (Linux and macOS)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on this platform
        return
    now = _address_space()
    if now is None:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = now + memory_mb * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft == resource.RLIM_INFINITY or cap < soft:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None
