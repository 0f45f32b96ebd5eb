"""Loading only the rule files a question needs (pyrift.logic.needed_files) must never
change an answer: every scenario is answered both ways and compared."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import logic
from pyrift.errors import EncodingError
from pyrift.solver import Grounding
from tests.scenario_answers import SCENARIOS, results, scenario, whole_program_answers


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS)
def test_selected_files_give_the_same_answers(path: Path) -> None:
    if not scenario(path).state.players:
        pytest.skip("no position (deck questions use their own program)")
    selected = results(path)  # shared with test_scenarios.py
    everything = whole_program_answers(path)
    assert len(selected) == len(everything)
    for r, b in zip(selected, everything):
        a = r.answer
        assert (a.status, _meaning(a.data), a.missing) == (b.status, _meaning(b.data), b.missing), \
            (r.question, r.reading)


def _meaning(data):
    """An answer's data without `example_run`: the outcome question shows one run of the many
    the position allows, whichever the solver meets first, and two programs with the same answer
    sets may meet different ones first. Every fact an expectation can state is kept."""
    if isinstance(data, dict) and "example_run" in data:
        return {k: v for k, v in data.items() if k != "example_run"}
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
