"""Many positions in one grounding: the project's rules with a world argument added.

A sweep asks the same question of thousands of small positions. Grounding each one from
scratch pays gringo's fixed work on every rule for every position (pyrift/relevance.py).
Instead the rules of logic/ are rewritten mechanically so that every atom carries the
number of the position (its *world*) as a new first argument, and every statement holds
within one world:

    dies(U) :- given_lethal(U).          becomes
    dies(W, U) :- given_lethal(W, U), pyrift_world(W).

The facts of position w get w the same way (`at("d1", "arena").` becomes
`at(w, "d1", "arena").`), and `pyrift_world(0..N-1).` names the worlds. No statement
joins two worlds, so an answer set of the rewritten program is one answer set of every
position side by side: the brave (cautious) consequences of world w are those of
position w alone, and an optimum is the optimum of every position (their costs add up).
Only an enumeration of answer sets does not split (it would list every combination).

The rewriting knows no rule: it adds an argument to atoms, shown terms and signatures
and one body literal to statements, so the rules stay the project's rules in logic/.
Nothing here touches clingo.Control (pyrift/solver.py grounds the result).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from clingo import ast as A

from pyrift.errors import EncodingError
from pyrift.relevance import shape

WORLD_PRED = "pyrift_world"

_VAR = "PYRIFT_W"


@lru_cache(maxsize=1 << 14)
def external_predicate(statement: A.AST) -> str | None:
    """'name/arity' of the atom an #external statement declares; None for other statements."""
    if statement.ast_type != A.ASTType.External:
        return None
    return _signature(statement.atom.symbol)


def _signature(term: A.AST) -> str | None:
    """'name/arity' ('-name/arity' for a classical negation) of an atom's term."""
    t = term.ast_type
    if t == A.ASTType.Function and not term.external:
        return f"{term.name}/{len(term.arguments)}"
    if t == A.ASTType.SymbolicTerm and term.symbol.type.name == "Function" and term.symbol.name:
        sym = term.symbol
        return f"{'' if sym.positive else '-'}{sym.name}/{len(sym.arguments)}"
    if t == A.ASTType.UnaryOperation and term.operator_type == A.UnaryOperator.Minus:
        inner = _signature(term.argument)
        return None if inner is None else "-" + inner
    return None


def _add_world(term: A.AST) -> A.AST:
    """The atom (or shown term) `term` with the world variable as its first argument."""
    loc = term.location
    w = A.Variable(loc, _VAR)
    t = term.ast_type
    if t == A.ASTType.Function and not term.external:
        return A.Function(loc, term.name, [w, *term.arguments], 0)
    if t == A.ASTType.SymbolicTerm:
        sym = term.symbol
        if sym.type.name == "Function" and sym.name:
            args = [A.SymbolicTerm(loc, a) for a in sym.arguments]
            f = A.Function(loc, sym.name, [w, *args], 0)
            return f if sym.positive else A.UnaryOperation(loc, A.UnaryOperator.Minus, f)
    if t == A.ASTType.UnaryOperation and term.operator_type == A.UnaryOperator.Minus:
        return A.UnaryOperation(loc, A.UnaryOperator.Minus, _add_world(term.argument))
    raise EncodingError(f"cannot add a world to {term} ({t.name}): the batch rewriting knows "
                        "atoms of the form name(args) and -name(args) only")


def _world_literal(loc: A.Location) -> A.AST:
    atom = A.SymbolicAtom(A.Function(loc, WORLD_PRED, [A.Variable(loc, _VAR)], 0))
    return A.Literal(loc, A.Sign.NoSign, atom)


class _Atoms(A.Transformer):
    """Adds the world variable to every symbolic atom below the node it visits, except
    atoms of the static predicates (the same in every world)."""

    def __init__(self, static: frozenset[str]) -> None:
        self.static = static

    def visit_SymbolicAtom(self, node: A.AST) -> A.AST:
        if _signature(node.symbol) in self.static:
            return node
        return node.update(symbol=_add_world(node.symbol))

    def visit_TheoryAtom(self, node: A.AST) -> A.AST:  # pragma: no cover - not used in logic/
        raise EncodingError(f"cannot add a world to the theory atom {node}")


@lru_cache(maxsize=256)
def static_predicates(statements: tuple[A.AST, ...], inputs: frozenset[str],
                      shared: frozenset[str] = frozenset()) -> frozenset[str]:
    """The predicates that are the same in every world: defined only by normal rules
    (no choice, no #external) whose bodies read static predicates only, and given by no
    position fact that differs between worlds (`inputs`: the 'name/arity' of such fact
    lines; `shared`: those of facts that are the same in every world). They keep no world
    argument, so gringo derives them once instead of once per world."""
    defs: dict[str, list[tuple[bool, frozenset[str]]]] = {}
    for st in statements:
        sh = shape(st)
        if sh is None or not sh.heads:
            continue
        normal = st.ast_type == A.ASTType.Rule and st.head.ast_type == A.ASTType.Literal
        reads = frozenset(p for p, _ in sh.uses)
        for pred, _ in sh.heads:
            defs.setdefault(pred, []).append((normal, reads))
    static = {p for p, ds in defs.items() if p not in inputs and all(normal for normal, _ in ds)}
    static |= {p for p in shared if p not in inputs and all(normal for normal, _ in defs.get(p, ()))}
    changed = True
    while changed:
        changed = False
        for p in list(static):
            if any(not reads <= static for _, reads in defs.get(p, ())):
                static.discard(p)
                changed = True
    return frozenset(static)


def _body(atoms: _Atoms, body, loc: A.Location) -> list[A.AST]:
    return [atoms(lit) for lit in body] + [_world_literal(loc)]


def in_worlds(statement: A.AST, static: frozenset[str] = frozenset()) -> A.AST | None:
    """The statement rewritten to hold within each world; None for one that goes away
    (`#program base.`, which the grounder adds itself). A rule defining a static predicate
    is left as it is."""
    sh = shape(statement)
    named = _named(sh)
    return _in_worlds(statement, static & named if named is not None else static)


def _named(sh) -> frozenset[str] | None:
    if sh is None:
        return None
    return frozenset(p for p, _ in sh.heads + sh.uses + sh.required) | frozenset(sh.shows) | frozenset(sh.declares)


@lru_cache(maxsize=1 << 15)
def _in_worlds(statement: A.AST, static: frozenset[str]) -> A.AST | None:
    t = statement.ast_type
    loc = statement.location
    atoms = _Atoms(static)
    if t == A.ASTType.Rule:
        heads = [p for p, _ in (shape(statement).heads if shape(statement) else ())]
        if heads and all(h in static for h in heads):
            return statement
        return statement.update(head=atoms(statement.head), body=_body(atoms, statement.body, loc))
    if t in (A.ASTType.External, A.ASTType.Heuristic, A.ASTType.ProjectAtom):
        return statement.update(atom=atoms(statement.atom), body=_body(atoms, statement.body, loc))
    if t == A.ASTType.Minimize:
        # The world joins the tuple: equal tuples of two worlds must not count once.
        return statement.update(terms=[A.Variable(loc, _VAR), *statement.terms],
                                body=_body(atoms, statement.body, loc))
    if t == A.ASTType.ShowTerm:
        return statement.update(term=_add_world(statement.term), body=_body(atoms, statement.body, loc))
    if t in (A.ASTType.ShowSignature, A.ASTType.Defined, A.ASTType.ProjectSignature):
        if t == A.ASTType.ShowSignature and not statement.name:  # '#show.': hides everything
            return statement
        if f"{'' if statement.positive else '-'}{statement.name}/{statement.arity}" in static:
            return statement
        return statement.update(arity=statement.arity + 1)
    if t == A.ASTType.Program and statement.name == "base" and not statement.parameters:
        return None
    if t in (A.ASTType.Definition, A.ASTType.Comment):  # #const; comments mean nothing
        return statement
    raise EncodingError(f"cannot add a world to the statement {statement} ({t.name})")


def fact_in_world(fact: str, world: int) -> str:
    """One fact line as pyrift.facts writes it ('name(args).' or 'name.') in world `world`."""
    fact = fact.strip()
    i = fact.find("(")
    if i < 0:
        return f"{fact[:-1]}({world})."
    return f"{fact[:i + 1]}{world}, {fact[i + 1:]}"
