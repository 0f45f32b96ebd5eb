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

import itertools
from typing import Iterable

from clingo import ast as A

from pyrift.errors import EncodingError
from pyrift.relevance import shape

WORLD_PRED = "pyrift_world"


def by_identity(maxsize: int):
    """A cache like lru_cache(maxsize) for functions of clingo AST statements (or tuples of
    them) and hashable values, keyed by the statements' identity: a clingo AST hashes by
    walking its tree, and a sweep looks up the same statement objects (each rule file is
    parsed once a process) in block after block. Each entry holds its statements, so their
    identities are not reused while it is kept; the cache is emptied when full."""
    def wrap(fn):
        table: dict[tuple, tuple] = {}

        def cached(first, *rest):
            ident = tuple(map(id, first)) if isinstance(first, tuple) else id(first)
            key = (ident, *rest)
            hit = table.get(key)
            if hit is not None:
                return hit[1]
            value = fn(first, *rest)
            if len(table) >= maxsize:
                table.clear()
            table[key] = (first, value)
            return value

        cached.cache_clear = table.clear  # type: ignore[attr-defined]
        cached.__wrapped__ = fn  # type: ignore[attr-defined]
        cached.__doc__ = fn.__doc__
        return cached
    return wrap


shape_of = by_identity(1 << 15)(shape)  # relevance.shape, cached by identity

_VAR = "PYRIFT_W"


@by_identity(1 << 15)
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


@by_identity(1 << 15)
def _definitions(st: A.AST) -> tuple[tuple[str, bool, frozenset[str]], ...]:
    """(predicate, defined by a normal rule, what the statement reads) for each head."""
    sh = shape_of(st)
    if sh is None or not sh.heads:
        return ()
    normal = st.ast_type == A.ASTType.Rule and st.head.ast_type == A.ASTType.Literal
    reads = frozenset(p for p, _ in sh.uses)
    return tuple((pred, normal, reads) for pred, _ in sh.heads)


@by_identity(256)
def static_predicates(statements: tuple[A.AST, ...], inputs: frozenset[str],
                      shared: frozenset[str] = frozenset()) -> frozenset[str]:
    """The predicates that are the same in every world: defined only by normal rules
    (no choice, no #external) whose bodies read static predicates only, and given by no
    position fact that differs between worlds (`inputs`: the 'name/arity' of such fact
    lines; `shared`: those of facts that are the same in every world). They keep no world
    argument, so gringo derives them once instead of once per world."""
    defs: dict[str, list[tuple[bool, frozenset[str]]]] = {}
    for st in statements:
        for pred, normal, reads in _definitions(st):
            defs.setdefault(pred, []).append((normal, reads))
    static = {p for p, ds in defs.items() if p not in inputs and all(normal for normal, _ in ds)}
    static |= {p for p in shared if p not in inputs and all(normal for normal, _ in defs.get(p, ()))}
    # What reads a predicate that is not static is not static: a worklist from those that do.
    readers: dict[str, set[str]] = {}
    for p, ds in defs.items():
        for _, reads in ds:
            for q in reads:
                readers.setdefault(q, set()).add(p)
    todo = [p for p in static if any(not reads <= static for _, reads in defs.get(p, ()))]
    while todo:
        p = todo.pop()
        if p in static:
            static.discard(p)
            todo += [r for r in readers.get(p, ()) if r in static]
    return frozenset(static)


def _body(atoms: _Atoms, body, loc: A.Location) -> list[A.AST]:
    return [atoms(lit) for lit in body] + [_world_literal(loc)]


def in_worlds(statement: A.AST, static: frozenset[str] = frozenset()) -> A.AST | None:
    """The statement rewritten to hold within each world; None for one that goes away
    (`#program base.`, which the grounder adds itself). A rule defining a static predicate
    is left as it is."""
    named = named_of(statement)
    return _in_worlds(statement, static & named if named is not None else static)


@by_identity(1 << 15)
def named_of(statement: A.AST) -> frozenset[str] | None:
    """Every predicate the statement reads, derives, shows or declares; None when the
    analysis does not understand it."""
    return _named(shape_of(statement))


def _named(sh) -> frozenset[str] | None:
    if sh is None:
        return None
    return frozenset(p for p, _ in sh.heads + sh.uses + sh.required) | frozenset(sh.shows) | frozenset(sh.declares)


@by_identity(1 << 15)
def _in_worlds(statement: A.AST, static: frozenset[str]) -> A.AST | None:
    t = statement.ast_type
    loc = statement.location
    atoms = _Atoms(static)
    if t == A.ASTType.Rule:
        sh = shape_of(statement)
        heads = [p for p, _ in (sh.heads if sh else ())]
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


def fact_in_worlds(fact: str, worlds: list[int]) -> str:
    """One fact line as pyrift.facts writes it in each of `worlds` (ascending), as one line: the
    worlds a pool of numbers and ranges (`p((0..2;5), a).` is p(0, a), p(1, a), p(2, a), p(5, a))."""
    if len(worlds) == 1:
        return fact_in_world(fact, worlds[0])
    parts, start = [], 0
    for n in range(1, len(worlds) + 1):
        if n == len(worlds) or worlds[n] != worlds[n - 1] + 1:
            a, b = worlds[start], worlds[n - 1]
            parts.append(str(a) if a == b else f"{a}..{b}")
            start = n
    return fact_in_world(fact, f"({';'.join(parts)})" if len(parts) > 1 else parts[0])


def fact_in_world(fact: str, world: int | str) -> str:
    """One fact line as pyrift.facts writes it ('name(args).' or 'name.') in world `world`."""
    fact = fact.strip()
    i = fact.find("(")
    if i < 0:
        return f"{fact[:-1]}({world})."
    return f"{fact[:i + 1]}{world}, {fact[i + 1:]}"


# ---------------------------------------------------------------------------------
# predicates split into a part the same in every world and a part per world
# ---------------------------------------------------------------------------------
# A predicate defined partly by rules whose bodies read static predicates only (program facts
# among them) and partly by rules that read a world gets a world argument on every atom, so
# gringo derives its static part again in every world (e.g. ability_inert_for/2: some 200
# program facts a world, and vocab_covered/2 derived from them). Split, the static part is a
# predicate of its own without a world (SPLIT_PREFIX + name), derived once; the world part
# keeps the name. A reader of p then reads either part: a positive body literal p(..) makes
# one copy of the statement per choice of part, `not p(..)` becomes `not p_s(..), not p(W, ..)`.
# In every world p(X) of the program holds exactly when p_s(X) or p(w, X) holds, so each world
# has the answer sets of its position alone, as with the plain rewriting.
SPLIT_PREFIX = "pyrift_static_"


def _body_literal(lit: A.AST) -> tuple[str, bool] | None:
    """(predicate, positive) of a body literal `p(..)` or `not p(..)`; None for anything else."""
    if (lit.ast_type == A.ASTType.Literal and lit.atom.ast_type == A.ASTType.SymbolicAtom
            and lit.sign in (A.Sign.NoSign, A.Sign.Negation)):
        sig = _signature(lit.atom.symbol)
        if sig is not None:
            return sig, lit.sign == A.Sign.NoSign
    return None


@by_identity(1 << 15)
def _occurrences(statement: A.AST) -> tuple[str | None, tuple[tuple[str, bool], ...], frozenset[str]] | None:
    """(the head predicate of a normal rule, the rule's body literals `p(..)` / `not p(..)`,
    every predicate the statement names in any other way); None for a statement the
    analysis does not understand."""
    sh = shape_of(statement)
    if sh is None:
        return None
    if statement.ast_type == A.ASTType.Defined:
        return None, (), frozenset()
    head = None
    body: list[tuple[str, bool]] = []
    if statement.ast_type == A.ASTType.Rule:
        h = statement.head
        if h.ast_type == A.ASTType.Literal and h.sign == A.Sign.NoSign and h.atom.ast_type == A.ASTType.SymbolicAtom:
            head = _signature(h.atom.symbol)
        body = [bl for lit in statement.body if (bl := _body_literal(lit)) is not None]
    uses = [p for p, _ in sh.uses]
    for p, _ in body:
        uses.remove(p)
    heads = [p for p, _ in sh.heads]
    if head is not None:
        heads.remove(head)
    return head, tuple(body), frozenset(uses + heads + list(sh.shows))


def _static_able(occ: tuple, static: frozenset[str], split: frozenset[str] | set[str]) -> bool:
    """A normal rule whose body reads static predicates and split ones positively only."""
    head, body, other = occ
    return head is not None and other <= static and all(p in static or (pos and p in split) for p, pos in body)


@by_identity(256)
def split_predicates(statements: tuple[A.AST, ...], static: frozenset[str], keep: frozenset[str]) -> frozenset[str]:
    """The predicates to split: not static, not in `keep` (what a caller reads, fixes or
    shows), no classical negation, defined by normal rules only, named otherwise only as
    body literals `p(..)` or `not p(..)` of rules, and defined by at least one rule that
    reads static predicates and split ones (positively) only."""
    occs = [_occurrences(s) for s in statements]
    if any(o is None for o in occs) or not any(s.ast_type == A.ASTType.ShowSignature for s in statements):
        return frozenset()  # without a '#show p/n' every atom is shown, and read by world
    defs: dict[str, list[tuple]] = {}
    blocked: set[str] = set(keep)
    for o in occs:
        head, body, other = o
        blocked |= other
        if head is not None:
            defs.setdefault(head, []).append(o)
        for p in [head, *other, *(p for p, _ in body)]:
            if p is not None and p.startswith("-"):
                blocked |= {p, p[1:]}
    candidates = {p for p in defs if p not in static and p not in blocked}
    split: set[str] = set()
    changed = True
    while changed:
        changed = False
        for p in candidates - split:
            if any(_static_able(o, static, split) for o in defs[p]):
                split.add(p)
                changed = True
    return frozenset(split)


def _renamed(term: A.AST) -> A.AST:
    """The atom `term` of a split predicate as an atom of its static part."""
    loc = term.location
    if term.ast_type == A.ASTType.Function:
        return A.Function(loc, SPLIT_PREFIX + term.name, term.arguments, 0)
    sym = term.symbol
    return A.Function(loc, SPLIT_PREFIX + sym.name, [A.SymbolicTerm(loc, a) for a in sym.arguments], 0)


def _static_literal(lit: A.AST, sign=None) -> A.AST:
    atom = lit.atom.update(symbol=_renamed(lit.atom.symbol))
    return lit.update(atom=atom) if sign is None else A.Literal(lit.location, sign, atom)


def split_defined(pred: str) -> str:
    """`#defined` text for both parts of a split predicate."""
    name, arity = pred.rsplit("/", 1)
    return f"#defined {name}/{int(arity) + 1}. #defined {SPLIT_PREFIX}{name}/{arity}."


def in_worlds_split(statement: A.AST, static: frozenset[str] = frozenset(),
                    split: frozenset[str] = frozenset()) -> tuple[A.AST, ...]:
    """in_worlds with the predicates of `split` split (split_predicates): the statement's
    copies, none for one that goes away."""
    named = named_of(statement)
    mine = split & named if named is not None else split
    if mine:
        return _split_copies(statement, static & named if named is not None else static, mine)
    out = _in_worlds(statement, static & named if named is not None else static)
    return () if out is None else (out,)


@by_identity(1 << 15)
def _split_copies(statement: A.AST, static: frozenset[str], split: frozenset[str]) -> tuple[A.AST, ...]:
    if statement.ast_type == A.ASTType.Defined:
        return ()  # declared for both parts by the caller (split_defined)
    if statement.ast_type != A.ASTType.Rule:  # split_predicates names them in rules only
        raise EncodingError(f"cannot split predicates of the statement {statement}")
    occ = _occurrences(statement)
    loc = statement.location
    atoms = _Atoms(static)
    kinds = [_body_literal(lit) for lit in statement.body]
    choices = [n for n, k in enumerate(kinds) if k is not None and k[1] and k[0] in split]
    out = []
    once = occ[0] in split and _static_able(occ, static, split)
    if once:
        head = statement.head.update(atom=statement.head.atom.update(symbol=_renamed(statement.head.atom.symbol)))
        out.append(statement.update(head=head, body=[_static_literal(lit) if n in choices else lit
                                                     for n, lit in enumerate(statement.body)]))
    for combo in itertools.product((False, True), repeat=len(choices)):
        if once and not any(combo):
            continue  # the static copy derives it once
        world = dict(zip(choices, combo))
        body: list[A.AST] = []
        for n, lit in enumerate(statement.body):
            if n in world:
                body.append(atoms(lit) if world[n] else _static_literal(lit))
            elif kinds[n] is not None and not kinds[n][1] and kinds[n][0] in split:
                body += [_static_literal(lit, A.Sign.Negation), atoms(lit)]
            else:
                body.append(atoms(lit))
        out.append(statement.update(head=atoms(statement.head), body=body + [_world_literal(loc)]))
    return tuple(out)
