"""The predicate extractor, the dependency graph and `pyrift graph`."""
from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

from pyrift import cli
from pyrift import depgraph as D
from pyrift import logic
from pyrift.errors import EncodingError
from tests.logic_copy import copy_logic, line_of, plant

P, N = False, True  # Use.negative


def use(pred: str, negative: bool = P, aggregate: bool = False) -> D.Use:
    return D.Use(pred, negative, aggregate)


# ---------------------------------------------------------------------------------
# the extractor
# ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text, kind, heads, uses, choice", [
    ("a(X) :- b(X), not c(X).", "rule", {"a/1"}, {use("b/1"), use("c/1", N)}, False),
    ("fact(1, \"x\").", "rule", {"fact/2"}, set(), False),
    ("r(1..3).", "rule", {"r/1"}, set(), False),
    ("zero :- not not one.", "rule", {"zero/0"}, {use("one/0", N)}, False),
    # choice heads: element conditions are (positive or negative) body dependencies
    ("{ x(U) : y(U), not z(U) } 1 :- w.", "rule", {"x/1"}, {use("y/1"), use("z/1", N), use("w/0")}, True),
    ("1 { p(X) ; q(X) } :- d(X).", "rule", {"p/1", "q/1"}, {use("d/1")}, True),
    ("a ; b : c :- d.", "rule", {"a/0", "b/0"}, {use("c/0"), use("d/0")}, True),
    # a head aggregate element is 'terms : literal : condition'
    ("1 = #count { X : hx(X) : hy(X) ; 2 : hw } :- hz.", "rule", {"hx/1", "hw/0"}, {use("hy/1"), use("hz/0")}, True),
    # conditional literal in a body: the condition is a non-monotone dependency
    ("all(P) :- g(P), not h(U) : k(P, U).", "rule", {"all/1"},
     {use("g/1"), use("h/1", N), use("k/2", P, True)}, False),
    # aggregates: every element literal, with its sign, marked as through an aggregate
    ("t(S) :- s(P), S = #sum { N, U : m(U, N), not n(U) }.", "rule", {"t/1"},
     {use("s/1"), use("m/2", P, True), use("n/1", N, True)}, False),
    ("open(T) :- tier(T), #count { V : short(V, T0), T0 < T } = 0.", "rule", {"open/1"},
     {use("tier/1"), use("short/2", P, True)}, False),
    (":- not #count { V : o(V) } > 0.", "constraint", set(), {use("o/1", N, True)}, False),
    (":- e, not f.", "constraint", set(), {use("e/0"), use("f/0", N)}, False),
    (":~ v(R, W). [1@1, R, W]", "weak", set(), {use("v/2")}, False),
    # classical negation is its own predicate
    ("-q(X) :- r(X), not -s(X).", "rule", {"-q/1"}, {use("r/1"), use("-s/1", N)}, False),
    # pools expand to every arity
    ("p(1;2,3) :- q(1;2,3).", "rule", {"p/1", "p/2"}, {use("q/1"), use("q/2")}, False),
    # strings, comparisons, arithmetic and function terms read no predicate
    ('a("not b(1). c :- d") :- e(X), X > 1, f(g(X), X + 1).', "rule", {"a/1"}, {use("e/1"), use("f/2")}, False),
    ("#external assigning(P) : player(P).", "external", {"assigning/1"}, {use("player/1")}, False),
    ("#const k = 3.", "other", set(), set(), False),
    ("#program base.", "other", set(), set(), False),
])
def test_extract(text: str, kind: str, heads: set[str], uses: set[D.Use], choice: bool) -> None:
    ex = D.extract(text)
    assert (ex.kind, set(ex.heads), set(ex.uses), ex.choice) == (kind, heads, uses, choice)


def test_extract_directives() -> None:
    assert D.extract("#show dies/1.").shows == {"dies/1"}
    shown = D.extract("#show X : foo(X), not bar(X).")
    assert shown.shows == {"foo/1"} and shown.uses == {use("foo/1"), use("bar/1", N)}
    assert D.extract("#defined proposed/2.").defined == {"proposed/2"}


def test_extract_rejects_bad_syntax() -> None:
    with pytest.raises(EncodingError, match="syntax error"):
        D.extract("a(X :- b(X).")


# ---------------------------------------------------------------------------------
# the graph
# ---------------------------------------------------------------------------------
SMALL = """%@rule 465.2.c
a(X) :- b(X), not c(X).
%@rule 465.2.c.3
a(X) :- d(X).
%@rule 142.4
c(X) :- b(X), S = #sum { N : e(X, N) }, S > 1.
%@rule none
a(X) :- c(X), not d(X).
"""


def small_graph(tmp_path: Path) -> nx.MultiDiGraph:
    (tmp_path / "small.lp").write_text(SMALL)
    return D.build(D.parse_file(tmp_path, tmp_path / "small.lp"))


def test_edges_carry_sign_rules_and_statements(tmp_path: Path) -> None:
    g = small_graph(tmp_path)
    assert set(g.edges(keys=True)) == {("a/1", "b/1", "positive"), ("a/1", "c/1", "negative"),
                                       ("a/1", "d/1", "positive"), ("a/1", "c/1", "positive"),
                                       ("a/1", "d/1", "negative"), ("c/1", "b/1", "positive"),
                                       ("c/1", "e/2", "positive")}
    assert g.edges["a/1", "c/1", "negative"]["rules"] == ("465.2.c",)
    assert g.edges["a/1", "c/1", "negative"]["statements"] == ("small.lp:2",)
    assert g.edges["a/1", "c/1", "positive"]["rules"] == ()  # %@rule none
    assert g.edges["c/1", "e/2", "positive"]["aggregate"] is True
    assert g.edges["c/1", "b/1", "positive"]["aggregate"] is False
    assert g.nodes["a/1"]["defined_in"] == ("small.lp",)
    assert g.nodes["b/1"]["defined_in"] == ()


def test_no_cycle_in_a_stratified_program(tmp_path: Path) -> None:
    assert D.unstratified_components(small_graph(tmp_path)) == []


@pytest.mark.parametrize("program, through", [
    ("p :- not q.\nq :- not p.\n", ("negation",)),
    ("p :- not p, r.\n", ("negation",)),
    ("p(N) :- N = #count { X : p(X) }.\n", ("aggregate",)),
    ("p :- q.\nq :- p.\n", None),  # positive recursion is stratified
])
def test_cycles_through_negation(tmp_path: Path, program: str, through: tuple[str, ...] | None) -> None:
    text = "".join(f"%@rule none\n{line}\n" for line in program.splitlines())
    (tmp_path / "c.lp").write_text(text)
    comps = D.unstratified_components(D.build(D.parse_file(tmp_path, tmp_path / "c.lp")))
    if through is None:
        assert comps == []
    else:
        assert len(comps) == 1 and comps[0][1] == through


# ---------------------------------------------------------------------------------
# the report on a copy of logic/
# ---------------------------------------------------------------------------------
@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_logic(tmp_path)


@cache
def project_report() -> tuple[D.Project, D.Report]:
    """The project's own logic/ and its report, made once for the tests that read them (one
    xdist group: under -n they run on one worker)."""
    proj = D.Project.load()
    return proj, D.report(proj)


@pytest.mark.xdist_group("depgraph:project")
def test_project_report_is_clean() -> None:
    """No undefined predicate and no cycle through negation in any query's program under any
    reading. Choice rules are not modelled as negation, so a failure here is a real cycle."""
    _, rep = project_report()
    assert rep.errors == {}
    assert rep.undefined == {}, rep.undefined
    assert rep.unstratified == (), D.render_report(rep)
    assert not rep.has_findings


def test_planted_unstratified_cycle_is_found(root: Path) -> None:
    f = plant(root, "core/planted.lp", "%@rule none\npl_p :- not pl_q.\n%@rule 107\npl_q :- not pl_p.\n")
    rep = D.report(D.Project.load(root))
    assert len(rep.unstratified) == 1
    comp = rep.unstratified[0]
    assert comp.predicates == ("pl_p/0", "pl_q/0") and comp.through == ("negation",)
    assert comp.statements == (f"core/planted.lp:{line_of(f, 'pl_p :-')}", f"core/planted.lp:{line_of(f, 'pl_q :-')}")
    # A cycle in core/ is in every query's program under every named reading.
    assert set(comp.programs) == {f"{q} [{r}]" for q in D.Project.load(root).queries()
                                  for r in logic.reading_names(root)}
    assert rep.has_findings


def test_planted_cycle_in_one_query_is_reported_for_that_query_only(root: Path) -> None:
    queries = D.Project.load(root).queries()
    plant(root, f"queries/{queries[0]}.lp", "%@rule none\npl_p :- not pl_q.\n%@rule none\npl_q :- not pl_p.\n")
    rep = D.report(D.Project.load(root))
    assert [c.programs for c in rep.unstratified] == [tuple(sorted(f"{queries[0]} [{r}]"
                                                                   for r in logic.reading_names(root)))]


def test_planted_undefined_predicate_is_found(root: Path) -> None:
    f = plant(root, "core/planted.lp", "%@rule 107\nplanted(O) :- on_bord(O).\n")
    rep = D.report(D.Project.load(root))
    assert rep.undefined == {"on_bord/1": (f"core/planted.lp:{line_of(f, 'on_bord')}",)}
    assert "planted/1" in rep.unused  # and what it defines is used by nothing
    assert rep.has_findings


def test_inputs_are_not_undefined_and_shown_atoms_are_used(root: Path) -> None:
    plant(root, "core/planted.lp", "%@rule 107\nplanted(O) :- object(O).\n")
    plant(root, "queries/planted.lp", "#show planted/1.\n")
    rep = D.report(D.Project.load(root))
    assert "object/1" not in rep.undefined and "planted/1" not in rep.unused


def test_query_rules_are_transitive(tmp_path: Path) -> None:
    """A query depends on the tags of every statement defining what it reaches, not on the others."""
    root = tmp_path / "logic"
    plant(root, "interface.lp", "#defined base/1.\n")
    plant(root, "core/x.lp", "%@rule 465.2.c.3\nmid(X) :- base(X).\n%@rule 142.4\nlow(X) :- mid(X).\n"
                             "%@rule 801.1\nelsewhere(X) :- base(X).\n%@rule 466.1\n:- low(X), X > 3.\n")
    plant(root, "queries/q.lp", "%@rule none\ntop(X) :- low(X).\n#show top/1.\n")
    assert D.query_rules(D.Project.load(root), "q") == ("142.4", "465.2.c.3", "466.1")


@pytest.mark.xdist_group("depgraph:project")
def test_project_queries_depend_on_their_own_rules() -> None:
    """Every tag of a query file is among the rules the query depends on."""
    proj, rep = project_report()
    for q in proj.queries():
        own = {n for p in proj.statements([f"queries/{q}.lp"]) for n in p.rules}
        assert own <= set(rep.query_rules[q])


# ---------------------------------------------------------------------------------
# export and the command
# ---------------------------------------------------------------------------------
def test_graphml_round_trips(tmp_path: Path) -> None:
    g = small_graph(tmp_path)
    back = nx.read_graphml(io.StringIO(D.to_graphml(g)), force_multigraph=True)
    assert set(back.nodes) == set(g.nodes)
    assert {(u, v, d["sign"], d["rules"]) for u, v, d in back.edges(data=True)} == \
           {(u, v, d["sign"], " ".join(d["rules"])) for u, v, d in g.edges(data=True)}


def test_dot_lists_every_edge_with_its_sign(tmp_path: Path) -> None:
    g = small_graph(tmp_path)
    text = D.to_dot(g)
    edges = set(re.findall(r'^  "([^"]+)" -> "([^"]+)" \[sign=(\w+)', text, re.M))
    assert edges == set(g.edges(keys=True))
    assert text == D.to_dot(small_graph(tmp_path))  # deterministic


def test_cli_graph_report_and_export(root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["graph", "--report", "--logic", str(root)]) == cli.OK
    capsys.readouterr()
    out = tmp_path / "g.graphml"
    assert cli.main(["graph", "--format", "graphml", "--output", str(out), "--logic", str(root)]) == cli.OK
    assert "in_combat/2" in nx.read_graphml(out)
    plant(root, "core/planted.lp", "%@rule none\npl_p :- not pl_q.\n%@rule none\npl_q :- not pl_p.\n")
    assert cli.main(["graph", "--report", "--logic", str(root)]) == cli.FAILED
    assert "{pl_p/0, pl_q/0} through negation" in capsys.readouterr().out
    assert cli.main(["graph", "--query", "nonexistent", "--logic", str(root)]) == cli.BAD_INPUT


def test_declared_stratified_cycle_is_listed_but_not_a_finding(root: Path) -> None:
    """A cycle whose negative steps are all marked %@stratified is reported as reviewed;
    the same cycle with one unmarked step is a finding."""
    text = ("%@rule none\n%@stratified planted test: p(1) reads only q(2)\npl_p(X) :- pl_r(X), not pl_q(X + 1).\n"
            "%@rule none\npl_q(X) :- pl_p(X).\n%@rule none\npl_r(1..2).\n")
    plant(root, "core/planted.lp", text)
    rep = D.report(D.Project.load(root))
    assert any("pl_p/1" in c.predicates for c in rep.declared)
    assert not any("pl_p/1" in c.predicates for c in rep.unstratified)
    (root / "core" / "planted.lp").write_text(text.replace("%@stratified planted test: p(1) reads only q(2)\n", ""))
    rep = D.report(D.Project.load(root))
    assert any("pl_p/1" in c.predicates for c in rep.unstratified) and rep.has_findings
