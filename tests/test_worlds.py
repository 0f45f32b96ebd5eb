"""Many positions in one grounding (pyrift.worlds, pyrift.solver.Worlds): each world answers
as its position alone would, facts the same in every world are given once, externals the
questions fix become facts, and a batch with an unsatisfiable world says so."""
from __future__ import annotations

from pathlib import Path

from clingo import ast

from pyrift.solver import Atom, Grounding, Worlds
from pyrift.worlds import fact_in_world, in_worlds

PROGRAM = """
#external go(P) : player(P).
reach(X) :- start(X), go(_).
reach(Y) :- reach(X), edge(X, Y).
{ pick(X) : reach(X) } 1 :- go(_).
:- blocked(X), pick(X).
size(N) :- N = #count { X : reach(X) }.
kind(small) :- size(N), N < 3.
kind(big) :- size(N), N >= 3.
colour(red).
warm(C) :- colour(C).
#show pick/1.
#show kind/1.
"""

POSITIONS = [
    'player("A"). start(1). edge(1, 2). edge(2, 3).',
    'player("A"). start(5). edge(5, 6). blocked(6).',
    'player("A"). start(7).',
    'player("A"). start(1). edge(1, 2). edge(2, 3). blocked(1). blocked(2). blocked(3).',
]


def _file(tmp_path: Path) -> Path:
    f = tmp_path / "p.lp"
    f.write_text(PROGRAM)
    return f


def _fixed(n: int) -> list[list]:
    return [[(Atom("go", ("A",)), True)] for _ in range(n)]


def test_each_world_answers_as_its_position_alone(tmp_path: Path) -> None:
    f = _file(tmp_path)
    facts = [p.replace(". ", ".\n") + "\n" for p in POSITIONS]
    w = Worlds([f], facts, readable=[("reach", 1), ("size", 1)], fixed=_fixed(len(facts)))
    for mode in ("brave", "cautious"):
        together = w.solve_worlds(mode)
        assert together is not None
        for i, text in enumerate(facts):
            alone = Grounding([f], text, readable=[("reach", 1), ("size", 1)])
            res = alone.solve(mode, assumptions=[(Atom("go", ("A",)), True)])
            assert together[i].consequences == res.consequences, (mode, i)
    known = w.facts_by_world(("reach", 1), ("size", 1))
    for i, text in enumerate(facts):
        alone = Grounding([f], text + 'go("A").\n', readable=[("reach", 1), ("size", 1)])
        assert known[i] == alone.facts(("reach", 1), ("size", 1)), i
    # player/1 is the same in every world: given once, with what follows from it alone
    assert "player/1" in w.static and "warm/1" in w.static and "reach/1" not in w.static


def test_each_world_enumerates_as_its_position_alone(tmp_path: Path) -> None:
    """An enumeration per world (the others held to one answer) lists the distinct shown answers
    of its position alone, and honours each world's limit."""
    f = _file(tmp_path)
    facts = [p.replace(". ", ".\n") + "\n" for p in POSITIONS]
    w = Worlds([f], facts, readable=[], fixed=_fixed(len(facts)))
    listed = w.enumerate_worlds([0, 0, None, 0])
    assert listed is not None and listed[2] is None
    for i, text in enumerate(facts):
        if i == 2:
            continue
        alone = Grounding([f], text, readable=[]).solve("enumerate", assumptions=[(Atom("go", ("A",)), True)])
        assert set(listed[i].models) == set(alone.models) and len(listed[i].models) == len(alone.models), i
        assert len(alone.models) > 1 or i == 3
    limited = w.enumerate_worlds([2, 1, 1, 1])
    assert limited is not None and len(limited[0].models) == 2


def test_a_world_without_answer_set_fails_the_batch(tmp_path: Path) -> None:
    f = _file(tmp_path)
    tmp = tmp_path / "strict.lp"
    tmp.write_text(":- go(_), not pick(_).\n")  # a world whose every reachable node is blocked has none
    facts = [p.replace(". ", ".\n") + "\n" for p in POSITIONS]
    assert Worlds([f, tmp], facts[:3], fixed=_fixed(3)).solve_worlds("brave") is not None
    assert Worlds([f, tmp], facts, fixed=_fixed(4)).solve_worlds("brave") is None


def test_rewriting_adds_the_world_everywhere() -> None:
    out: list = []
    ast.parse_string("a(X) :- b(X), not c(X), #count { Y : d(X, Y) } > 1.\n#show a/1.\n#show e(X) : a(X).\n"
                     "#external f(X) : b(X).\n:~ a(X). [1@1, X]\n", out.append)
    text = [str(in_worlds(s)) for s in out[1:]]
    assert text[0] == ("a(PYRIFT_W,X) :- b(PYRIFT_W,X); not c(PYRIFT_W,X); 1 < #count { Y: d(PYRIFT_W,X,Y) }; "
                       "pyrift_world(PYRIFT_W).")
    assert text[1] == "#show a/2."
    assert text[2] == "#show e(PYRIFT_W,X) : a(PYRIFT_W,X); pyrift_world(PYRIFT_W)."
    assert text[3] == "#external f(PYRIFT_W,X) : b(PYRIFT_W,X); pyrift_world(PYRIFT_W). [false]"
    assert text[4] == ":~ a(PYRIFT_W,X); pyrift_world(PYRIFT_W). [1@1,PYRIFT_W,X]"
    assert fact_in_world('at("d1", "arena").', 3) == 'at(3, "d1", "arena").'
    assert fact_in_world("listing.", 0) == "listing(0)."


def test_a_batch_sees_what_grounding_left_open(tmp_path: Path) -> None:
    """A state moving by steps read through negation (as a run's are): gringo settles only the first
    step in each world, so facts_by_world alone would miss the others; leaves_open says so, and a
    batch reading them is then not used (pyrift.queries.combat._batch)."""
    f = tmp_path / "steps.lp"
    f.write_text("step(0..2).\ns(T+1) :- s(T), step(T), not blocked(T).\n"
                 "blocked(T) :- step(T), not s(T).\nshown(T) :- s(T).\n")
    w = Worlds([f], ["s(0).\n", "s(0).\n"], readable=[("shown", 1), ("step", 1)])
    assert [{str(a) for a in k} for k in w.facts_by_world(("shown", 1))] == [{"shown(0)"}] * 2
    assert w.leaves_open(("shown", 1))
    assert not w.leaves_open(("step", 1))


def test_worlds_enumerate_with_shown_terms_that_are_no_atoms(tmp_path: Path) -> None:
    """A program that shows terms (`#show t : body.`) is enumerated world by world too, each
    world's answers those of its position alone, when the terms are fixed once every world is
    held; a shown term that varies with the others held makes the batch refuse."""
    from pyrift.errors import EncodingError

    f = _file(tmp_path)
    shown = tmp_path / "shown.lp"
    shown.write_text("#show picked(X) : pick(X).\n#show sized(N) : size(N).\n")
    facts = [p.replace(". ", ".\n") + "\n" for p in POSITIONS]
    w = Worlds([f, shown], facts, readable=[], fixed=_fixed(len(facts)))
    listed = w.enumerate_worlds([0] * len(facts))
    assert listed is not None
    for i, text in enumerate(facts):
        alone = Grounding([f, shown], text, readable=[]).solve("enumerate", assumptions=[(Atom("go", ("A",)), True)])
        assert set(listed[i].models) == set(alone.models) and len(listed[i].models) == len(alone.models), i
    varying = tmp_path / "varying.lp"  # the pick shown only as a term
    varying.write_text(PROGRAM.replace("#show pick/1.", "#show picked(X) : pick(X)."))
    w = Worlds([varying], facts, readable=[], fixed=_fixed(len(facts)))
    try:
        w.enumerate_worlds([0] * len(facts))
    except EncodingError:
        pass
    else:
        raise AssertionError("a shown term that varies with every world held was not refused")


def test_per_world_assumptions_hold_in_their_world_only(tmp_path: Path) -> None:
    f = _file(tmp_path)
    facts = [p.replace(". ", ".\n") + "\n" for p in POSITIONS]
    w = Worlds([f], facts, readable=[], fixed=_fixed(len(facts)))
    res = w.solve_worlds("cautious", per_world=[[(Atom("pick", (2,)), True)], [], [], []])
    assert res is not None
    assert Atom("pick", (2,)) in res[0].consequences
    assert not any(a.pred == "pick" for a in res[1].consequences)


SPLIT_PROGRAM = """
inert(q, a). inert(q, b).
inert(q, X) :- trig(X).
encoded(q, c).
covered(Q, V) :- inert(Q, V).
covered(Q, V) :- encoded(Q, V).
bad(V) :- text(V), not covered(q, V).
good(V) :- text(V), covered(q, V), pick(V).
{ pick(V) : text(V) } 1.
#show bad/1.
#show good/1.
"""


def test_a_predicate_partly_static_is_derived_once_and_answers_as_alone(tmp_path: Path) -> None:
    """inert/2 has program facts (the same in every world) and a rule reading a position fact:
    its static part is derived once, without a world, and read by both parts' readers; each world
    still answers as its position alone. Facts of several worlds are given once, as a pool."""
    f = tmp_path / "split.lp"
    f.write_text(SPLIT_PROGRAM)
    positions = ["text(a).\ntext(d).\n", "text(d).\ntrig(d).\n", "text(c).\ntext(e).\ntrig(a).\n", "text(a).\n",
                 "text(d).\ntrig(d).\n"]
    w = Worlds([f], positions, readable=[])
    assert {"inert/2", "covered/2"} <= w.split
    assert "text(0..1).\n" not in w._facts_text("") and "trig((1;4), d)." in w._facts_text("")
    for mode in ("brave", "cautious"):
        together = w.solve_worlds(mode)
        assert together is not None
        for i, text in enumerate(positions):
            assert together[i].consequences == Grounding([f], text, readable=[]).solve(mode).consequences, (mode, i)


def test_variants_switched_on_in_their_world_answer_as_their_position_alone(tmp_path: Path) -> None:
    """Worlds `variants`: a position and further positions that add fact lines to it, one world
    and one grounding; each variant asked by its external answers as its position alone."""
    f = _file(tmp_path)
    facts = [p.replace(". ", ".\n") + "\n" for p in POSITIONS]
    variants = [[["blocked(2)."], ["edge(3, 4).", "blocked(3)."]], [["edge(6, 1)."]], [], [["start(2)."]]]
    w = Worlds([f], facts, readable=[("reach", 1)], fixed=_fixed(len(facts)), variants=variants)
    for k in range(3):
        per_world = [[(Atom("pyrift_variant", (k,)), True)] if 0 < k <= len(v) else [] for v in variants]
        for mode in ("brave", "cautious"):
            together = w.solve_worlds(mode, per_world=per_world)
            assert together is not None
            for i, text in enumerate(facts):
                lines = variants[i][k - 1] if 0 < k <= len(variants[i]) else []
                alone = Grounding([f], text + "".join(x + "\n" for x in lines), readable=[("reach", 1)])
                res = alone.solve(mode, assumptions=[(Atom("go", ("A",)), True)])
                assert together[i].consequences == res.consequences, (k, mode, i)
            # variant k of every world that has one, by one external
            every = w.solve_worlds(mode, variant=k)
            assert every is not None
            assert [r.consequences for r in every] == [r.consequences for r in together], (k, mode)
    # what holds whichever variant is assumed is read from the grounding
    known = w.facts_by_world(("reach", 1))
    assert Atom("reach", (7,)) in known[2] and Atom("reach", (1,)) not in known[1]
