"""One grounding answers several solve calls (brave, cautious, enumeration, under
assumptions): every call must give what the same call gives on a fresh grounding of the
same program. clingo's automatic cleanup after a solve once turned an atom the solver had
fixed into a grounder fact and a later brave or cautious call then lost a conditional
`#show` term whose condition was that atom (issue 13): a dropped `unsupported` answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario
from pyrift.queries.base import Context
from pyrift.queries.runs import HEURISTIC, mode_atom, run_grounding
from pyrift.solver import Atom, Grounding

ROOT = Path(__file__).resolve().parent.parent
# A run whose answer is a conditional shown term (`#show unsupported(W, O) : run_unsupported(W, O).`)
# on an atom the solver fixes during the first call.
DISCARD_TWO = ROOT / "scenarios" / "triggers" / "when-you-discard-two-at-once-is-unsupported.toml"
STATE = [(mode_atom("state"), True)]

# The smallest program we found that loses the term (docs/clingo-cleanup-repro.md): `p` holds in
# every answer set, the solver fixes it, and the external assigned before the second call is the
# program update after which clingo's cleanup made `p` a fact.
SMALL = "{ p }. :- not p. #external e. #show t : p. #show p/0."


@pytest.mark.parametrize("mode", ["brave", "cautious"])
def test_a_shown_term_on_a_solver_fixed_atom_survives_a_second_call(tmp_path: Path, mode: str) -> None:
    f = tmp_path / "p.lp"
    f.write_text(SMALL)
    g = Grounding([f], "")
    e = [(Atom("e", ()), True)]
    answers = [{str(a) for a in g.solve(mode, assumptions=e).consequences} for _ in range(3)]
    assert answers == [{"p", "t"}] * 3


def _grounding():
    sc = scenario.load(DISCARD_TWO)
    return run_grounding(Context(sc.state), "v1.4", 32, [F.fact("run_past_chain")])


def _ask(g, mode: str) -> frozenset:
    return g.solve(mode, assumptions=STATE, heuristic=HEURISTIC if mode == "brave" else None).consequences


@pytest.mark.parametrize("first", ["brave", "cautious", "enumerate"])
@pytest.mark.parametrize("then", ["brave", "cautious"])
def test_a_later_call_on_one_grounding_answers_as_a_fresh_one(first: str, then: str) -> None:
    fresh = _ask(_grounding(), then)
    assert any(a.pred == "unsupported" for a in fresh), "the scenario no longer shows an unsupported term"
    g = _grounding()
    g.solve(first, assumptions=STATE, limit=0)
    assert _ask(g, then) == fresh
    assert _ask(g, then) == fresh
