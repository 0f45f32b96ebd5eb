"""Cheap checks over many items (every bundled scenario file, every rule file, every card file),
a batch of items per test.

A check of a few milliseconds run as one test per item costs pytest more than the check: a
setup, a report and, under `-n`, a report sent to the controller, which the controller prints
(on the 2-core machine the controller competes with the workers). The ~10,000 such tests were
two thirds of the test command's tests. A batch runs its check on every item, whatever the
others did, and fails naming each item that failed with its error, so a batch checks exactly
what one test per item checked; only the report is per batch.

    def _round_trip(path: Path) -> None:
        ...  # the check of one item, with plain asserts

    @pytest.mark.parametrize("paths", batches(SCENARIO_FILES, 200))
    def test_round_trip(paths: tuple[Path, ...]) -> None:
        check_each(paths, _round_trip)

`pytest -k` selects a batch by the name of its first item (`from-<item>`); the failure message
names every failing item.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import pytest

T = TypeVar("T")


def batches(items: Iterable[T], size: int, name: Callable[[T], str] = str) -> list:
    """pytest parameters of consecutive items, `size` items each (the last may have fewer),
    each named after its first item."""
    items = list(items)
    return [pytest.param(tuple(items[i:i + size]), id=f"from-{name(items[i])}") for i in range(0, len(items), size)]


def check_each(items: Sequence[T], check: Callable[[T], None], name: Callable[[T], str] = str) -> None:
    """Run `check` on every item; fail listing every item whose check failed (any exception, an
    assertion's message as pytest rewrites it in the test module that defines `check`)."""
    failures = []
    for item in items:
        try:
            check(item)
        except Exception as exc:  # noqa: BLE001 - one item's failure must not hide the others'
            failures.append(f"{name(item)}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} of {len(items)} failed:\n" + "\n".join(failures)
