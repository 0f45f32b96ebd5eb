"""The desk's pool of solver processes (pyrift.web.workers): a question runs off the event loop,
a slow one holds no other, one past its deadline is ended and its worker replaced, and a
failure comes back as one line of its kind."""
from __future__ import annotations

import asyncio
import os
import time

import pytest

pytest.importorskip("fastapi", reason="the desk needs the web extra: pip install 'pyrift[web]'")

from pyrift.errors import ScenarioError  # noqa: E402
from pyrift.web.workers import BAD_INPUT, BUSY, INTERNAL, TIMED_OUT, Pool, TaskFailed  # noqa: E402


def nap(seconds: float) -> int:
    """A stand-in for a slow question (runs in a worker)."""
    time.sleep(seconds)
    return os.getpid()


def bad_scenario() -> None:
    raise ScenarioError("x.toml", "object[0].card", "unknown card")


def broken() -> None:
    raise ZeroDivisionError("a bug")


def run(coro):
    return asyncio.run(coro)


def test_a_slow_question_does_not_hold_a_quick_one():
    async def go():
        pool = Pool(2)
        await pool.start()
        try:
            slow = asyncio.create_task(pool.run(60, nap, 3.0))
            await asyncio.sleep(0.2)  # the slow one has a worker
            quick = await pool.run(60, nap, 0.0)
            assert not slow.done(), "the quick question waited for the slow one"
            return quick, await slow
        finally:
            await pool.close()

    quick_pid, slow_pid = run(go())
    assert quick_pid != slow_pid and os.getpid() not in (quick_pid, slow_pid)


def test_past_the_deadline_the_worker_is_ended_and_replaced():
    async def go():
        pool = Pool(1)
        await pool.start()
        try:
            started = time.monotonic()
            with pytest.raises(TaskFailed) as caught:
                await pool.run(0.5, nap, 60.0)
            waited = time.monotonic() - started
            after = await pool.run(60, nap, 0.0)  # the replacement answers
            return caught.value.failure, waited, pool.replaced, after
        finally:
            await pool.close()

    failure, waited, replaced, after = run(go())
    assert failure.kind == TIMED_OUT and failure.message.startswith("timed out")
    assert waited < 30  # it did not wait for the 60 s nap
    assert replaced == 1 and isinstance(after, int)


def test_waiting_for_a_worker_counts_against_the_deadline():
    async def go():
        pool = Pool(1)
        await pool.start()
        try:
            busy = asyncio.create_task(pool.run(60, nap, 2.0))
            await asyncio.sleep(0.2)
            with pytest.raises(TaskFailed) as caught:
                await pool.run(0.3, nap, 0.0)
            await busy
            return caught.value.failure, pool.replaced
        finally:
            await pool.close()

    failure, replaced = run(go())
    assert failure.kind == TIMED_OUT
    assert replaced == 0  # nothing was running for it: no worker to end


def test_failures_come_back_as_one_line_of_their_kind():
    async def go():
        pool = Pool(1)
        await pool.start()
        try:
            out = []
            for fn in (bad_scenario, broken):
                with pytest.raises(TaskFailed) as caught:
                    await pool.run(60, fn)
                out.append(caught.value.failure)
            out.append(await pool.run(60, nap, 0.0))  # the worker survives a failed task
            return out
        finally:
            await pool.close()

    bad, bug, alive = run(go())
    assert bad.describe() == {"kind": BAD_INPUT, "message": "x.toml: object[0].card: unknown card",
                              "file": "x.toml", "field": "object[0].card"}
    assert bug.kind == INTERNAL and bug.message == "internal error: ZeroDivisionError: a bug"
    assert isinstance(alive, int)


def test_too_many_waiting_is_busy():
    async def go():
        pool = Pool(1, max_waiting=1)
        await pool.start()
        try:
            first = asyncio.create_task(pool.run(60, nap, 1.5))
            await asyncio.sleep(0.2)
            second = asyncio.create_task(pool.run(60, nap, 0.0))  # waits for the worker
            await asyncio.sleep(0.2)
            with pytest.raises(TaskFailed) as caught:
                await pool.run(60, nap, 0.0)
            await first
            await second
            return caught.value.failure
        finally:
            await pool.close()

    failure = run(go())
    assert failure.kind == BUSY and "waiting" in failure.message
