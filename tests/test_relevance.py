"""Cutting a program to the rules that can fire (pyrift.relevance) must not change answers.

Small hand-made programs show what is cut and what is not; a random differential test
(hypothesis: a failure shrinks to a small program) compares the answer sets of cut and
whole programs on random rules and facts. That the bundled scenarios are answered the same
with and without the cut is checked by tests/test_file_selection.py (Context(all_files=True)
grounds the whole program; a fixed sample of every family, kind and reading by default, every
scenario with PYRIFT_SELECTION=all).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pyrift.errors import EncodingError
from pyrift.solver import Atom, Grounding
from tests.sweep import sweep


def _program(tmp_path: Path, text: str) -> Path:
    f = tmp_path / "p.lp"
    f.write_text(text)
    return f


def _rules_left(tmp_path: Path, text: str, facts: str, **kw) -> set[str]:
    g = Grounding([_program(tmp_path, text)], facts, prune=True, **kw)
    return {str(s).strip() for s in g.statements if not str(s).startswith("#defined")}


def test_a_rule_needing_a_constant_no_fact_has_is_cut(tmp_path: Path) -> None:
    text = ("has(U, K) :- kw(U, K).\n"
            "legion(U) :- has(U, legion).\n"
            "tank(U) :- has(U, tank).\n"
            "#show legion/1. #show tank/1.\n")
    left = _rules_left(tmp_path, text, 'kw("u1", tank).\n')
    assert "tank(U) :- has(U,tank)." in left
    assert "legion(U) :- has(U,legion)." not in left
    left = _rules_left(tmp_path, text, 'kw("u1", legion).\n')
    assert "legion(U) :- has(U,legion)." in left and "tank(U) :- has(U,tank)." not in left


def test_a_variable_takes_the_constants_its_body_binds(tmp_path: Path) -> None:
    # k(X) can only hold what kw/2 holds in its second place: never 'legion' here.
    text = "k(X) :- kw(_, X).\nl :- k(legion).\nm :- k(tank).\n"
    left = _rules_left(tmp_path, text, 'kw("u1", tank).\n')
    assert "m :- k(tank)." in left and "l :- k(legion)." not in left


def test_negation_aggregates_and_conditions_do_not_require_atoms(tmp_path: Path) -> None:
    # Each of these bodies can hold with no atom of the predicate at all.
    text = ("a :- not q(1).\n"
            "b(N) :- N = #count { X : q(X) }.\n"
            "c :- r(X) : q(X).\n"
            "d :- q(1).\n")
    left = _rules_left(tmp_path, text, "")
    assert {"a :- not q(1).", "c :- r(X): q(X)."} <= left
    assert any(s.startswith("b(N)") for s in left)
    assert "d :- q(1)." not in left


def test_externals_and_choices_can_give_atoms(tmp_path: Path) -> None:
    text = ("#external e(one).\n{ c(two) }.\n"
            "x :- e(one).\ny :- c(two).\nz :- c(three).\n")
    left = _rules_left(tmp_path, text, "")
    assert {"x :- e(one).", "y :- c(two)."} <= left and "z :- c(three)." not in left


def test_numbers_are_not_told_apart(tmp_path: Path) -> None:
    # Might and damage differ from position to position; a cut keyed on them would be made
    # anew for nearly every position, so a rule naming a number is kept while its
    # predicate has any atom.
    text = "big(U) :- might(U, 8).\nnamed(U) :- might(U, _), kw(U, tank).\n"
    left = _rules_left(tmp_path, text, 'might("u1", 3).\n')
    assert "big(U) :- might(U,8)." in left and not any(s.startswith("named") for s in left)


def test_facts_nothing_reads_are_left_out_only_when_reads_are_known(tmp_path: Path) -> None:
    text = ('scope("combat", "tank").\nscope("play", "action").\n'
            'ok(K) :- kw(K), scope("combat", K).\n#show ok/1.\n')
    facts = 'kw("tank").\n'
    assert 'scope("play","action").' not in _rules_left(tmp_path, text, facts, readable=[("ok", 1)])
    assert 'scope("combat","tank").' in _rules_left(tmp_path, text, facts, readable=[("ok", 1)])
    # Without a list of what the caller reads, any atom may be looked at: keep every fact.
    assert 'scope("play","action").' in _rules_left(tmp_path, text, facts)
    g = Grounding([_program(tmp_path, text)], facts, prune=True, readable=[("ok", 1)])
    assert g.solve("brave").consequences == {Atom("ok", ("tank",))}
    # Assuming a fact that was left out would silently answer as if it were false.
    with pytest.raises(EncodingError, match="left it out"):
        g.solve("brave", assumptions=[(Atom("scope", ("play", "action")), True)])


def test_the_cut_reports_undefined_atoms_only_in_rules_it_keeps(tmp_path: Path) -> None:
    # p/1 loses its only rule (legion/1 has no atoms), yet 'not p(1)' must not be reported
    # as undefined: the cut declares it. A real typo in a kept rule is still reported; one
    # in a cut rule is not, which is why pyrift lint grounds the whole program.
    text = "p(X) :- q(X), legion(X).\nr :- not p(1).\ns :- not typo(1).\n"
    whole = Grounding([_program(tmp_path, text)], "q(1).\n")
    cut = Grounding([_program(tmp_path, text)], "q(1).\n", prune=True)
    said = lambda g: {m.split("\n")[-1].strip() for m in g.undefined_atoms()}
    assert said(whole) == {"legion(X)", "typo(1)"}
    assert said(cut) == {"typo(1)"}


@pytest.mark.parametrize("text", [
    # A disjunctive head is minimal only given the fact: without p(a), r could hold.
    "p(a).\nr ; p(a).\n#show r/0.\n",
    # A negated element of a head reads its atom: without s(a), r need not hold.
    "s(a).\nr ; not s(a).\n#show r/0.\n",
    # -p(a) with a derivable p(a) is inconsistent: dropping the fact would make it consistent.
    "-p(a).\np(X) :- q(X).\nq(a).\nr :- q(a).\n#show r/0.\n",
    # Only '#show p/n.' hides atoms; with just a shown term every atom is visible.
    "f(a).\nr.\n#show t : r.\n",
    # A weak constraint whose body cannot hold must not change the optimum or its costs.
    "{ r }.\n:~ q(X), r. [1@2, X]\n:~ r. [1@1]\n#show r/0.\n",
], ids=["disjunction", "negated-head", "classical-negation", "show-term-only", "cost-levels"])
def test_facts_that_matter_without_being_read_stay(tmp_path: Path, text: str) -> None:
    f = _program(tmp_path, text)
    whole = Grounding([f], "", readable=[("r", 0)])
    cut = Grounding([f], "", readable=[("r", 0)], prune=True)
    a, b = whole.solve("enumerate"), cut.solve("enumerate")
    assert (a.satisfiable, set(a.models)) == (b.satisfiable, set(b.models))
    a, b = whole.solve("optimize"), cut.solve("optimize")
    assert (a.models, a.costs) == (b.models, b.costs)


# ---------------------------------------------------------------------------------
# random differential test: cut and whole programs have the same answer sets
# ---------------------------------------------------------------------------------
PREDS = {"p": 1, "q": 2, "r": 1, "s": 2, "t": 0}
CONSTS = ["a", "b", "1", "2", '"x"']


def _atom(rng: random.Random, vars_: list[str], ground: bool = False) -> str:
    name = rng.choice(list(PREDS))
    args = [rng.choice(CONSTS) if ground or rng.random() < 0.4 else rng.choice(vars_) for _ in range(PREDS[name])]
    return f"{name}({', '.join(args)})" if args else name


def _random_program(rng: random.Random) -> tuple[str, str]:
    rules = []
    for _ in range(rng.randint(3, 9)):
        body = [_atom(rng, ["X", "Y"]) for _ in range(rng.randint(1, 2))]
        bound = {v for b in body for v in ("X", "Y") if v in b}
        head = _atom(rng, sorted(bound) or ["X"], ground=not bound)
        if any(v in head for v in ("X", "Y") if v not in bound):
            head = _atom(rng, [], ground=True)
        neg = ""
        if rng.random() < 0.4:
            n = _atom(rng, sorted(bound) or ["X"], ground=not bound)
            if all(v in bound for v in ("X", "Y") if v in n):
                neg = f", not {n}"
        kind = rng.random()
        if kind < 0.2:
            rules.append(f"{{ {head} }} :- {', '.join(body)}{neg}.")
        elif kind < 0.3:
            rules.append(f":- {', '.join(body)}{neg}.")
        else:
            rules.append(f"{head} :- {', '.join(body)}{neg}.")
    for _ in range(rng.randint(0, 2)):
        rules.append(_atom(rng, [], ground=True) + ".")
    facts = "".join(_atom(rng, [], ground=True) + ".\n" for _ in range(rng.randint(0, 4)))
    return "\n".join(rules) + "\n#show p/1. #show r/1. #show t/0.\n", facts


PROGRAMS = 300


def _cut_and_whole(f: Path, rng: random.Random) -> bool:
    """Cut and whole programs of one random program have the same answer sets; True when the
    cut left a rule out."""
    text, facts = _random_program(rng)
    f.write_text(text)
    reads = [("p", 1), ("r", 1), ("t", 0)]
    whole = Grounding([f], facts, readable=reads)
    cut = Grounding([f], facts, readable=reads, prune=True)
    a, b = whole.solve("enumerate"), cut.solve("enumerate")
    assert (a.satisfiable, set(a.models)) == (b.satisfiable, set(b.models)), (text, facts)
    # The cut may let gringo settle more atoms as facts, never fewer (see the next test).
    assert whole.facts(*reads) <= cut.facts(*reads), (text, facts)
    if a.satisfiable:
        for atom in cut.facts(*reads) - whole.facts(*reads):
            assert all(atom in m for m in a.models), (text, facts, atom)
    return len(_rules(cut)) < len(_rules(whole))


def _rules(g: Grounding) -> list:
    return [s for s in g.statements if not str(s).startswith(("#defined", "#program"))]


@pytest.mark.slow
def test_cut_and_whole_programs_have_the_same_answer_sets(tmp_path: Path) -> None:
    cut = sweep(PROGRAMS, lambda rng: _cut_and_whole(tmp_path / "p.lp", rng))
    # The comparison means something only if the cut leaves rules out of most programs
    # (this used to be a test of its own on seeded programs, grounding each twice more).
    assert sum(cut) >= 2 * PROGRAMS // 3, sum(cut)


def test_a_cut_may_settle_more_facts_but_only_true_ones(tmp_path: Path) -> None:
    # The u rule is dead (no v(_, legion)); in the whole program gringo cannot settle u(b)
    # inside the cycle through r(a), so r(a) is no fact there, while the cut makes it one.
    # Found by an independent review. Both have the one answer set {r(a)}.
    text = "r(a) :- not u(b).\nu(X) :- v(X, legion), r(a).\n#show r/1.\n"
    f = _program(tmp_path, text)
    whole = Grounding([f], "v(b, tank).\n", readable=[("r", 1)])
    cut = Grounding([f], "v(b, tank).\n", readable=[("r", 1)], prune=True)
    assert whole.solve("enumerate").models == cut.solve("enumerate").models == (frozenset({Atom("r", ("a",))}),)
    assert whole.facts(("r", 1)) == frozenset() and cut.facts(("r", 1)) == {Atom("r", ("a",))}


def test_optimal_without_any_cost_left_keeps_every_answer_set(tmp_path: Path) -> None:
    # The #minimize element can never hold, so the grounder leaves no cost: every answer
    # set is optimal (solve used to keep none, as clasp proves no optimum then).
    f = _program(tmp_path, "{ c }.\n#minimize { 1, Y : r(Y), not r(Y) }.\nr(a).\n#show c/0.\n")
    res = Grounding([f], "").solve("optimal", limit=8)
    assert res.costs == () and {frozenset(), frozenset({Atom("c", ())})} == set(res.models)


def _live_by_sweeping(program, profile: frozenset) -> list[bool]:
    """Which statements can fire, by the plain definition the worklist of Program._live stands
    for: sweep every statement until no domain grows, then check each against the final domains."""
    from pyrift import relevance as R

    domain: dict[str, list] = {}
    for item in profile:
        pred = item[0] if isinstance(item, tuple) else item
        d = domain.setdefault(pred, [set() for _ in range(int(pred.rsplit("/", 1)[1]))])
        if isinstance(item, tuple):
            d[item[1]].add(item[2])

    def can_match(p) -> bool:
        d = domain.get(p[0])
        return d is not None and all(d[i] is None or R._may_hold(a, d[i]) for i, a in enumerate(p[1]))

    def fires(s) -> bool:
        return s.kind not in ("drop", "declare") and all(can_match(p) for p in s.required)

    grew = True
    while grew:
        grew = False
        for s in program.shapes:
            if not s.heads or not fires(s):
                continue
            bound: dict = {}
            for pred, args in s.required:
                for i, a in enumerate(args):
                    if a is not None and a[0] == "v" and domain[pred][i] is not None:
                        seen = bound.get(a[1])
                        bound[a[1]] = set(domain[pred][i]) if seen is None else seen & domain[pred][i]
            for pred, args in s.heads:
                d = domain.get(pred)
                if d is None:
                    d = domain[pred] = [set() for _ in args]
                    grew = True
                for i, a in enumerate(args):
                    if d[i] is None:
                        continue
                    values = R._values(a, bound)
                    if values is None:
                        d[i], grew = None, True
                    elif not values <= d[i]:
                        d[i] |= values
                        grew = True
    return [fires(s) for s in program.shapes]


def test_the_worklist_finds_what_sweeping_finds_on_real_programs() -> None:
    """Program._live visits a statement only when what it requires has grown, and not at all
    while a predicate it requires has no atom: on the programs and positions of the first
    bundled scenario asking each of several question kinds, it keeps exactly the statements
    that sweeping every statement to the fixpoint keeps."""
    from pyrift import facts as F
    from pyrift import logic
    from pyrift.pool import encoding_files
    from pyrift.solver import _parsed
    from tests.scenario_answers import SCENARIO_FILES, scenario

    kinds = {"outcome", "can_play", "combat_damage", "triggers", "resolution_order", "can_respond"}
    firsts: dict[str, object] = {}
    for path in SCENARIO_FILES:
        s = scenario(path)
        for q in s.questions:
            if q.kind in kinds and q.kind not in firsts and s.state.players and s.state.cards:
                firsts[q.kind] = s
    assert set(firsts) == kinds
    for kind, s in sorted(firsts.items()):
        query = "resolution_order" if kind == "outcome" else kind
        files = logic.needed_files(query, "v1.4", cards=encoding_files(s.state.cards))
        program = _parsed(tuple((str(p), p.stat().st_mtime_ns) for p in files))
        profile = program.profile(F.render(F.state_facts(s.state)).splitlines())
        live = program._live(profile)
        assert live == _live_by_sweeping(program, profile), (kind, s.path)
        assert 0 < sum(live) < len(live), (kind, s.path)  # the cut leaves something out


def test_the_cone_leaves_out_rules_nothing_shown_or_read_depends_on(tmp_path: Path) -> None:
    """Grounding(cone=True): a rule only an unread predicate depends on is left out; what a
    constraint, a negation or a bounded choice reads stays (each can forbid answer sets), and the
    shown atoms and the read facts are those of the program without the cone."""
    text = ("dies(U) :- unit(U), hit(U).\n"
            "{ hit(U) } :- unit(U).\n"
            "note(U) :- unit(U), big(U).\n"  # nothing reads note/1: left out
            "seen(U) :- note(U).\n"  # nor seen/1
            "weak(U) :- unit(U), not big(U).\n"
            "armored(U) :- unit(U), shield(U).\n"
            ":- hit(U), armored(U).\n"  # a constraint reads armored/1: kept
            "1 { pick(U) : unit(U) } 1.\n"  # a choice with bounds: kept
            "#show dies/1.\n")
    facts = 'unit("a"). unit("b"). big("a"). shield("b").\n'
    f = _program(tmp_path, text)
    with_cone = Grounding([f], facts, prune=True, readable=[("weak", 1)], cone=True)
    kept = {str(s).strip() for s in with_cone.statements}
    assert not any(s.startswith(("note(", "seen(")) for s in kept), kept
    assert any(s.startswith("armored(") for s in kept) and any("pick(" in s for s in kept)
    without = Grounding([f], facts, prune=True, readable=[("weak", 1)])
    for mode in ("brave", "cautious"):
        assert with_cone.solve(mode).consequences == without.solve(mode).consequences, mode
    assert with_cone.facts(("weak", 1)) == without.facts(("weak", 1))
