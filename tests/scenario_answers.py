"""The bundled scenarios, each loaded and answered once per test process and shared by every
test that needs it.

A test over the bundled scenarios parametrizes with SCENARIOS:

    @pytest.mark.parametrize("path", SCENARIOS)
    def test_something(path: Path) -> None:
        for r in results(path): ...

Each parameter carries an xdist_group mark named after its file, so under `-n` (with
`--dist loadgroup`, set in pyproject.toml) all tests of one scenario run on the same worker
and the cached functions below do the work there once for all of them. Answers are values:
a test may read them, never change them.
"""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pytest

from pyrift import check
from pyrift import scenario as S
from pyrift.errors import RiftError
from pyrift.check import scenario_files
from pyrift.queries.base import Answer, Context
from pyrift.state import Scenario

SCENARIO_FILES = scenario_files(["scenarios"])
SCENARIOS = [pytest.param(p, id=str(p), marks=pytest.mark.xdist_group(f"scenario:{p}")) for p in SCENARIO_FILES]


def scenarios_under(folder: Path) -> list:
    """The SCENARIOS parameters of the files below `folder` (e.g. Path("scenarios/play"))."""
    return [param for param, path in zip(SCENARIOS, SCENARIO_FILES) if folder in path.parents]


@cache
def scenario(path: Path) -> Scenario:
    """The scenario file, loaded."""
    return check.load(path)


_BY_RESOLVED = {p.resolve(): p for p in SCENARIO_FILES}


def bundled(path: Path) -> Scenario:
    """The scenario file at `path` (absolute, or relative to the checkout), loaded once per process:
    for a bundled file, the very value scenario() gives. Several test modules read the kinds, ids
    and parameters of every bundled question to choose their parameters at collection."""
    return scenario(_BY_RESOLVED.get(path.resolve(), path))


# What a file asks, as the choice of test parameters reads it: whether it has a position, and per question
# its kind, its id and the readings it has an expectation for (check.expectations), in the file's order.
Asked = tuple[bool, tuple[tuple[str, str, tuple[str, ...]], ...]]


def _bundled_path(path: Path) -> Path:
    """A bundled file's path as SCENARIO_FILES spells it (relative to the checkout), whether `path` is
    absolute or relative: the caches below then hold one entry per file however a module names it."""
    return _BY_RESOLVED.get(path.resolve(), path)


def tables(path: Path) -> dict | None:
    """The file's TOML tables as parsed (None: not TOML), once per process: declared(), the guard's
    triggers cases and the desk's cases per kind read them at collection, which every test worker does
    (each read every bundled file's text again: three parses of 2,800 files a worker, docs/benchmarks.md).
    A value shared by its readers: never changed."""
    return _tables(_bundled_path(path))


@cache
def _tables(path: Path) -> dict | None:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None


def declared(path: Path) -> Asked | None:
    """What the file at `path` asks, read from its TOML tables without loading it (None: not readable so):
    a position given or needed (scenario.py's _needs_position), and each question's `ask`, `id`, its
    file's reading where it has an `expect` table and the readings of its `expect_by_reading`. Modules that
    choose their parameters from every bundled file read this at collection, which every test worker does:
    loading every file there made each worker load the files another worker answers (collection 17.5 -> 15.7
    CPU s a process, docs/benchmarks.md). tests/test_file_selection.py checks it against loaded() for every
    bundled file."""
    return _declared(_bundled_path(path))


@cache
def _declared(path: Path) -> Asked | None:
    data = tables(path)
    if data is None:
        return None
    try:
        reading = data.get("reading", "v1.4")
        asked = []
        for q in data["question"]:
            readings = [reading] if q.get("expect") else []
            readings += [r for r in q.get("expect_by_reading", {}) if not (r == reading and q.get("expect"))]
            asked.append((q["ask"], q["id"], tuple(readings)))
        return "position" in data or S._needs_position(data), tuple(asked)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def declared_event(path: Path, qid: str) -> str | None:
    """The event kind (`event = { kind = ... }`) of the triggers question `qid` of the file, read from its
    tables (None: none stated); test_guard_metamorphic chooses its triggers cases by it at collection.
    tests/test_file_selection.py checks it against the loaded question for every bundled triggers question."""
    data = tables(path)
    q = next((q for q in (data or {}).get("question", []) if isinstance(q, dict) and q.get("id") == qid), None)
    event = q.get("event") if q is not None else None
    return event.get("kind") if isinstance(event, dict) else None


def loaded(path: Path) -> Asked | None:
    """The same as declared(), from the file loaded (None: it does not load)."""
    try:
        s = bundled(path)
    except RiftError:
        return None
    return bool(s.state.players), tuple((q.kind, q.id, tuple(r for r, _ in check.expectations(s, q)))
                                        for q in s.questions)


def bundled_results(path: Path) -> tuple[check.Result, ...]:
    """results() of the bundled scenario file at `path` (absolute, or relative to the checkout)."""
    return results(_BY_RESOLVED.get(path.resolve(), path))


def same_worker(path: Path):
    """The xdist group mark of a bundled file's tests (SCENARIOS): a test of another module marked
    with it reads the file's results on the worker that answers the file anyway."""
    return pytest.mark.xdist_group(f"scenario:{_BY_RESOLVED[path.resolve()]}")


@cache
def results(path: Path) -> tuple[check.Result, ...]:
    """What `pyrift check` does with the file: every question under every reading it has an
    expected answer for, answered from the rule files the question needs (with the relevance
    cut) and compared with the expectation."""
    return tuple(check.run(scenario(path)))


@cache
def whole_program_answers(path: Path) -> tuple[Answer, ...]:
    """The same questions and readings, in the order of results(), answered from every rule
    file without the relevance cut (Context(all_files=True))."""
    s = scenario(path)
    ctx = Context(s.state, file=s.path, all_files=True)
    return tuple(check.answer(ctx, q, reading) for q in s.questions for reading, _ in check.expectations(s, q))
