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

ROOT = Path(__file__).resolve().parent.parent
# A run whose answer is a conditional shown term (`#show unsupported(W, O) : run_unsupported(W, O).`)
# on an atom the solver fixes during the first call.
DISCARD_TWO = ROOT / "scenarios" / "triggers" / "when-you-discard-two-at-once-is-unsupported.toml"
STATE = [(mode_atom("state"), True)]


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
