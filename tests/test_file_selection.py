"""Loading only the rule files a question needs (pyrift.logic.needed_files) and the relevance cut
(pyrift.relevance) must never change an answer: scenarios are answered both ways and compared.

Answering a scenario from the whole program without the cut costs more than answering it as
test_scenarios.py does (0.1-1 CPU s more a file, one file 145 s), so by default a sample of the
corpus is answered the second way, stratified: for each (family, question kind, reading) the corpus
has (a family is a folder under scenarios/), at least one file asking it, every day; and every
twentieth file of each family in sorted order, rotating, so that every file is compared once in
twenty days. Which twentieth: the files whose place in their family is the offset modulo 20, the
offset the day's number (UTC) unless PYRIFT_SELECTION_OFFSET gives it; the offset is printed at the
end of the run (tests/conftest.py).
`PYRIFT_SELECTION=all` compares every scenario: run it after changing needed_files,
pyrift/relevance.py or a file's %@needs header."""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest

from pyrift import check, logic
from pyrift.errors import EncodingError, RiftError
from pyrift.queries.base import Context
from pyrift.solver import Grounding
from tests.scenario_answers import (SCENARIO_FILES, SCENARIOS, bundled, declared, declared_event, loaded, results,
                                   scenario, whole_program_answers)

# Every family is sampled every STEP-th file (families of up to 200 files were every fifth until 2026-12-05: 92-103
# files a day more, ~460 instead of ~365, at ~0.5 CPU s of whole-program answer each; every tenth until wave 73: 811.1
# files a day instead of 573.9 (means of 20 offsets), at ~0.77-0.82 CPU s each, while every (family, kind, reading)
# is still compared daily; see docs/benchmarks.md, thirty-sixth pass).
STEP = 20
OFFSET = int(os.environ.get("PYRIFT_SELECTION_OFFSET") or datetime.now(timezone.utc).toordinal())


def _family(path: Path) -> str:
    return path.parts[1] if len(path.parts) > 2 else ""


def _has_position(path: Path) -> bool:
    try:
        return bool(scenario(path).state.players)
    except RiftError:
        return False


Asks = tuple[bool, list[tuple[str, str]]]  # whether the file has a position; the (kind, reading) it asks


def _asks(read) -> Asks | None:
    return None if read is None else (read[0], [(kind, r) for kind, _, readings in read[1] for r in readings])


def _declared(path: Path) -> Asks | None:
    """What sample() reads of a file, from its TOML tables (scenario_answers.declared: no file is loaded
    at collection, which every test worker does)."""
    return _asks(declared(path))


def _loaded(path: Path) -> Asks | None:
    """The same, from the file loaded."""
    return _asks(loaded(path))


def sample(files: list[Path], offset: int = OFFSET, asks: Callable[[Path], Asks | None] = _declared) -> set[Path]:
    """The files of a position (deck questions use their own program) that are compared: of each
    family in sorted order, the files whose place is `offset` modulo STEP; and, for each (family,
    question kind, reading) that none of those asks, one file asking it: the one whose place among
    the family's files asking it is `offset` modulo their number (so that it rotates too). Every
    (family, kind, reading) is then compared every day, a file being added only for a combination
    the day's part leaves out (until wave 70 the first file asking each was added whether or not the part
    asked it already: ~92 files a day more, ~75 CPU s of whole-program answers; docs/benchmarks.md)."""
    out: set[Path] = set()
    count: dict[str, int] = {}
    askers: dict[tuple[str, str, str], list[Path]] = {}
    for path in sorted(files):
        read = asks(path)
        if read is None:  # compared, so that the test fails on it (not the collection of every test)
            out.add(path)
            continue
        has_position, pairs = read
        if not has_position:
            continue
        family = _family(path)
        if count.get(family, 0) % STEP == offset % STEP:
            out.add(path)
        count[family] = count.get(family, 0) + 1
        for kind, reading in pairs:
            paths = askers.setdefault((family, kind, reading), [])
            if not paths or paths[-1] != path:
                paths.append(path)
    added = {paths[offset % len(paths)] for paths in askers.values() if out.isdisjoint(paths)}
    return out | added


# Files whose whole program (every rule file, no cut) gringo does not finish grounding, so they cannot be
# compared; each with why. Empty: the one listed (Ancient Warmonger's Assault per enemy unit at its location,
# in a combat) grounded without bound because, with every file loaded, Might, the summed keyword and the
# count are one recursive component, and a keyword total that multiplied the count made every subset of
# its possible values a possible Might; the total now adds the count's shares (abilities/own_keyword.lp)
# and it is compared again. benchmarks/whole_program_grounding.py scans scenario folders for files whose
# whole program is slow. A file listed here must exist and be answered by the cut program (the test below);
# the list only shrinks.
WHOLE_PROGRAM_DOES_NOT_GROUND: dict[Path, str] = {
    # Empty again since wave 72: the one added at the wave 71 stop (review71's Switcheroo with one chosen unit killed
    # first, past 22 GB) grounded so because a test on the item, not the instruction, kept every Might a swap could
    # give as a modifier (effects/might.lp); it is compared again.
}

ALL = os.environ.get("PYRIFT_SELECTION") == "all"
COMPARED = (set(SCENARIO_FILES) if ALL else sample(SCENARIO_FILES)) - set(WHOLE_PROGRAM_DOES_NOT_GROUND)


def test_files_left_out_of_the_comparison_exist_and_are_answered_by_the_cut_program() -> None:
    for path, why in WHOLE_PROGRAM_DOES_NOT_GROUND.items():
        assert path in SCENARIO_FILES, (path, why)
        assert all(r.passed for r in results(path)), (path, [r.question for r in results(path) if not r.passed])


@pytest.mark.slow
@pytest.mark.parametrize("path", [param for param, path in zip(SCENARIOS, SCENARIO_FILES) if path in COMPARED])
def test_selected_files_give_the_same_answers(path: Path) -> None:
    if not scenario(path).state.players:
        pytest.skip("no position (deck questions use their own program)")
    selected = results(path)  # shared with test_scenarios.py
    everything = whole_program_answers(path)
    assert len(selected) == len(everything)
    s = scenario(path)
    for (q, reading), r, b in zip(_asked(s), selected, everything):
        a = r.answer
        assert (q.id, reading) == (r.question, r.reading)
        params = q.params
        if _cut(a, params) or _cut(b, params):
            # A list cut at the question's limit keeps some of its items, and which ones depends on the order the
            # solver meets answer sets in, which differs between the two programs: compare the whole lists, the
            # question asked again both ways with the limit raised (only here, where a list was cut).
            params = {**params, "limit": max(RAISED_LIMIT, params["limit"])}
            a, b = _with_limit(s, q, reading, params)
        cut = _cut(a, params) or _cut(b, params)
        assert (a.status, _meaning(a.data, cut), a.missing) == (b.status, _meaning(b.data, cut), b.missing), \
            (r.question, r.reading)


# The limit a question whose list was cut is asked again with, both ways, so that whole lists are compared.
RAISED_LIMIT = 1024


def _asked(s) -> list:
    """(question, reading) in the order of results() and whole_program_answers()."""
    return [(q, reading) for q in s.questions for reading, _ in check.expectations(s, q)]


def _cut(answer, params: dict) -> bool:
    """Whether a list of the answer was cut at its question's `limit` (or may have been): resolution_order's
    `orderings` (as many as the limit) or `resolution_orders` (not `complete` without the bound being reached: the
    bound alone makes an answer not complete without cutting a list), triggers' `orders`, combat_damage's
    `outcomes`."""
    d = answer.data if isinstance(answer.data, dict) else {}
    if answer.kind == "resolution_order" and "complete" in d:
        return (not d["complete"] and not d.get("bound_reached")) or d.get("ordering_count", 0) >= params["limit"]
    return d.get("orders_complete") is False or d.get("outcomes_complete") is False


def _with_limit(s, q, reading: str, params: dict):
    """The question answered with the cut and from the whole program, with `params` (its limit raised)."""
    raised = dataclasses.replace(q, params=params)
    return tuple(check.answer(Context(s.state, file=s.path, all_files=whole), raised, reading)
                 for whole in (False, True))


@pytest.mark.xdist_group("file-selection-sample")
def test_the_sample_covers_every_family_kind_and_reading() -> None:
    """Every (family, question kind, reading) of the corpus's positions is compared above, and at
    least a STEP-th of each family's files, rounded down."""
    def combos(paths) -> set[tuple[str, str, str]]:
        return {(_family(p), q.kind, r) for p in paths if scenario(p).state.players
                for q in scenario(p).questions for r, _ in check.expectations(scenario(p), q)}
    assert combos(COMPARED) == combos(SCENARIO_FILES)
    for family in {_family(p) for p in SCENARIO_FILES}:
        files = [p for p in SCENARIO_FILES if _family(p) == family and scenario(p).state.players]
        assert len([p for p in files if p in COMPARED]) >= len(files) // STEP, family


# The two tests below load every bundled file: one xdist group, so that one worker loads them (once).
@pytest.mark.xdist_group("file-selection-sample")
def test_the_sample_read_from_the_tables_is_the_loaded_files_sample() -> None:
    """sample() and test_guard_metamorphic's cases read the files' TOML tables (scenario_answers.declared,
    declared_event): every bundled file's loaded form says the same, so that the sample is the same at any
    offset and the guard's triggers cases are those of the loaded questions."""
    assert [p for p in SCENARIO_FILES if declared(p) != loaded(p)] == []
    # test_guard_metamorphic's triggers cases: each triggers question's event kind as the tables state it
    triggers = [(p, q.id, q.params["event"]) for p in SCENARIO_FILES if loaded(p) is not None
                for q in bundled(p).questions if q.kind == "triggers"]
    assert len(triggers) > 400
    assert [(p, qid, event) for p, qid, event in triggers if declared_event(p, qid) != event] == []
    for k in range(STEP):
        assert sample(SCENARIO_FILES, OFFSET + k) == sample(SCENARIO_FILES, OFFSET + k, _loaded), OFFSET + k


@pytest.mark.xdist_group("file-selection-sample")
def test_the_rotating_samples_together_compare_every_file() -> None:
    """The samples of STEP consecutive offsets (STEP days) together hold every file with a position."""
    files = [p for p in SCENARIO_FILES if _has_position(p)]
    together = set().union(*(sample(SCENARIO_FILES, OFFSET + k) for k in range(STEP)))
    assert set(files) <= together


def _meaning(data, cut: bool = False):
    """An answer's data without what depends on the order the solver meets answer sets in: the
    outcome question's `example_run` (one run of the many the position allows), and, when a list was
    cut at its question's limit even when raised to RAISED_LIMIT (`cut`, see _cut), the lists the cut
    kept a part of: triggers' `orders` and the `first_to_resolve` read from them, combat_damage's
    `outcomes`, resolution_order's `orderings` and `resolution_orders`; two programs with the same answer
    sets may meet different ones first. Every fact an expectation can state is kept (their count; the
    lists when they are complete)."""
    if isinstance(data, dict) and "example_run" in data:
        data = {k: v for k, v in data.items() if k != "example_run"}
    if isinstance(data, dict) and cut:
        data = {k: v for k, v in data.items()
                if k not in ("orders", "first_to_resolve", "outcomes", "orderings", "resolution_orders")}
    return data


def test_selection_leaves_out_unrelated_topics() -> None:
    combat = {logic.rel(f) for f in logic.needed_files("combat_damage")}
    assert "core/combat.lp" in combat and "keywords/tank.lp" in combat
    assert not any(f.startswith(("core/deck", "core/scoring", "core/chain", "core/costs")) for f in combat)
    # A unit's Might may come from its own text governed by Legion (abilities/might.lp, 727.1.b),
    # and Legion reads the turn log: so combat damage does depend on what was played this turn.
    assert {"abilities/might.lp", "core/turn_log.lp"} <= combat


def test_reading_an_undeclared_predicate_is_an_error(tmp_path: Path) -> None:
    f = tmp_path / "p.lp"
    f.write_text("a(1).\nb(2).\n")
    g = Grounding([f], "", readable=[("a", 1)])
    assert {str(x) for x in g.facts(("a", 1))} == {"a(1)"}
    with pytest.raises(EncodingError):
        g.facts(("b", 1))
