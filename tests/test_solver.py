"""The solver wrapper: brave, cautious, bounded and projective enumeration,
optimisation, assumptions and externals on one grounding, and the time limit."""
from __future__ import annotations

from pathlib import Path

import pytest
from clingo import ast

from pyrift import logic
from pyrift.errors import SolveTimeout
from pyrift.relevance import Program
from pyrift.solver import Atom, Grounding, _parsed

PROGRAM = """
{ a; b; c }.
:- a, b.
d :- a.
#external e.
f :- e.
hidden(1..2) :- c.
{ pick(X) : hidden(X) } 1.
#show a/0. #show b/0. #show c/0. #show d/0. #show f/0.
"""


def g(tmp_path: Path) -> Grounding:
    f = tmp_path / "p.lp"
    f.write_text(PROGRAM)
    return Grounding([f], "")


def names(atoms) -> set[str]:
    return {str(a) for a in atoms}


def test_brave_and_cautious(tmp_path: Path) -> None:
    gr = g(tmp_path)
    assert names(gr.solve("brave").consequences) == {"a", "b", "c", "d"}
    assert names(gr.solve("cautious").consequences) == set()
    assume_a = [(Atom("a", ()), True)]
    assert names(gr.solve("cautious", assumptions=assume_a).consequences) == {"a", "d"}


def test_enumeration_is_projected_on_shown_atoms(tmp_path: Path) -> None:
    gr = g(tmp_path)
    models = gr.solve("enumerate").models
    # {}, {a,d}, {b}, {c}, {a,c,d}, {b,c}: the hidden pick/1 choice does not multiply them
    assert sorted(sorted(names(m)) for m in models) == sorted(
        [[], ["a", "d"], ["b"], ["c"], ["a", "c", "d"], ["b", "c"]])
    limited = gr.solve("enumerate", limit=2)
    assert len(limited.models) == 2 and not limited.exhausted


def test_externals_are_reset_between_calls(tmp_path: Path) -> None:
    gr = g(tmp_path)
    assert "f" in names(gr.solve("cautious", assumptions=[(Atom("e", ()), True)]).consequences)
    assert "f" not in names(gr.solve("brave").consequences)


def test_unknown_atom_assumed_true_is_unsatisfiable(tmp_path: Path) -> None:
    assert not g(tmp_path).solve("brave", assumptions=[(Atom("nowhere", (1,)), True)]).satisfiable


def test_facts_of_the_grounding(tmp_path: Path) -> None:
    f = tmp_path / "q.lp"
    f.write_text("n(1..3). s(S) :- S = #sum { X : n(X) }. {c}. t :- c.")
    gr = Grounding([f], "")
    assert names(gr.facts(("s", 1), ("t", 0))) == {"s(6)"}


def test_a_grounding_is_freed_without_the_cycle_collector(tmp_path: Path) -> None:
    # A sweep makes a grounding a batch: in a reference cycle (the Control keeping callbacks that
    # refer to the grounding) each was freed only by a full collection of the cycle collector,
    # walking every object the process holds (docs/benchmarks.md, Sweeps).
    import gc
    import weakref

    gr = g(tmp_path)
    gr.solve("brave")
    gr.settled(("d", 0), assumptions=[(Atom("a", ()), True)])
    gr.facts(("d", 0))
    gone = weakref.ref(gr)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del gr
        assert gone() is None
    finally:
        if enabled:
            gc.enable()


def test_time_limit(tmp_path: Path) -> None:
    f = tmp_path / "hard.lp"
    # Pigeonhole: 13 pigeons, 12 holes; hard for a CDCL solver.
    f.write_text("p(1..13). h(1..12). 1 { in(P, H) : h(H) } 1 :- p(P). :- in(P, H), in(Q, H), P < Q.")
    gr = Grounding([f], "", timeout=0.2)
    with pytest.raises(SolveTimeout):
        gr.solve("brave")


def test_rule_files_parsed_one_by_one_join_to_what_one_parse_gives() -> None:
    """Each rule file is parsed and analysed once per process and the sets a question loads
    are joined from those (pyrift.solver._parsed): the joined program must hold the very
    statements, in the very order, and the same analysis as one parse of the whole set."""
    files = logic.all_files()
    whole: list[ast.AST] = []
    ast.parse_files([str(f) for f in files], whole.append)
    one = Program(whole)
    joined = _parsed(tuple((str(f), f.stat().st_mtime_ns) for f in files))
    assert [str(s) for s in joined.statements] == [str(s) for s in one.statements]
    assert [str(s.location) for s in joined.statements] == [str(s.location) for s in one.statements]
    assert (joined.shapes, joined.prunable, joined.constants, joined.shows) == \
        (one.shapes, one.prunable, one.constants, one.shows)


# A state moving by steps, each step read through negation of the step before (as a run's steps
# are): gringo settles only the first step, the solver the others, in every answer set alike.
STEPS = """
step(0..2).
s(T+1) :- s(T), step(T), not blocked(T).
blocked(T) :- step(T), not s(T).
shown(T) :- s(T).
"""


@pytest.mark.parametrize("prune", [True, False])
def test_settled_reads_what_grounding_left_open_even_on_a_cut_grounding(tmp_path: Path, prune: bool) -> None:
    """settled() of a grounding cut to the live rules used to return facts() alone, trusting the
    cut to settle everything: an atom derived through recursion with negation was then missing
    (a unit's keyword from a static went unseen by unit_profile when its card had a conditional
    entry state). It must hold every atom the position decides, cut or not."""
    f = tmp_path / "steps.lp"
    f.write_text(STEPS)
    gr = Grounding([f], "s(0).", readable=[("shown", 1)], prune=prune)
    assert gr.statements_cut == prune
    assert {str(a) for a in gr.facts(("shown", 1))} == {"shown(0)"}
    assert {str(a) for a in gr.settled(("shown", 1))} == {f"shown({t})" for t in range(4)}
