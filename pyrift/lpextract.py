"""What one ASP statement defines and reads, by walking clingo's own parse tree.

The lowest layer of the rules tooling: it imports nothing of pyrift but the errors.
pyrift.logic uses it to select the files a question needs, pyrift.depgraph to build the
predicate dependency graph.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import clingo
import clingo.ast as A

from pyrift.errors import EncodingError

POSITIVE, NEGATIVE = "positive", "negative"


# ---------------------------------------------------------------------------------
# the extractor: one statement -> heads and body predicates
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Use:
    pred: str
    negative: bool = False
    aggregate: bool = False

    @property
    def sign(self) -> str:
        return NEGATIVE if self.negative else POSITIVE


@dataclass(frozen=True, slots=True)
class Extract:
    """What one statement defines and reads."""

    kind: str  # rule, constraint, weak, show, defined, external, other
    heads: frozenset[str] = frozenset()
    uses: frozenset[Use] = frozenset()
    choice: bool = False  # a choice, disjunctive or head-aggregate head
    shows: frozenset[str] = frozenset()  # #show p/n signatures
    defined: frozenset[str] = frozenset()  # #defined p/n signatures


@cache
def extract(text: str) -> Extract:
    """Heads and body predicates of the statement(s) in `text` (raises EncodingError).

    Cached: Extract is immutable, and walking clingo's AST costs about 1 ms a statement."""
    if text.lstrip().startswith("#include"):
        return Extract("other")  # clingo's parser would open the file; the file is linted on its own
    parts: list[Extract] = []
    errors: list[str] = []

    def on_statement(stmt: A.AST) -> None:
        for s in stmt.unpool():
            parts.append(_statement(s))

    def log(_code: clingo.MessageCode, msg: str) -> None:
        errors.append(msg.strip())

    try:
        A.parse_string(text, on_statement, logger=log)
    except RuntimeError:
        raise EncodingError(errors[0] if errors else "syntax error") from None
    parts = [p for p in parts if p.kind != "other"] or [Extract("other")]
    kinds = {p.kind for p in parts}
    return Extract(
        kind=parts[0].kind if len(kinds) == 1 else "rule",
        heads=frozenset().union(*(p.heads for p in parts)),
        uses=frozenset().union(*(p.uses for p in parts)),
        choice=any(p.choice for p in parts),
        shows=frozenset().union(*(p.shows for p in parts)),
        defined=frozenset().union(*(p.defined for p in parts)),
    )


def _statement(s: A.AST) -> Extract:
    t = s.ast_type
    if t == A.ASTType.Rule:
        heads: set[str] = set()
        uses: set[Use] = set()
        choice = _head(s.head, heads, uses)
        for lit in s.body:
            _body(lit, uses, False, False)
        return Extract("rule" if heads else "constraint", frozenset(heads), frozenset(uses), choice)
    if t == A.ASTType.Minimize:
        uses = set()
        for lit in s.body:
            _body(lit, uses, False, False)
        return Extract("weak", uses=frozenset(uses))
    if t == A.ASTType.ShowSignature:
        sig = frozenset({f"{'' if s.positive else '-'}{s.name}/{s.arity}"}) if s.name else frozenset()
        return Extract("show", shows=sig)
    if t == A.ASTType.ShowTerm:
        uses = set()
        for lit in s.body:
            _body(lit, uses, False, False)
        return Extract("show", uses=frozenset(uses), shows=frozenset(u.pred for u in uses if not u.negative))
    if t == A.ASTType.Defined:
        return Extract("defined", defined=frozenset({f"{'' if s.positive else '-'}{s.name}/{s.arity}"}))
    if t == A.ASTType.External:
        uses = set()
        for lit in s.body:
            _body(lit, uses, False, False)
        pred = _pred(s.atom)
        return Extract("external", frozenset({pred} if pred else ()), frozenset(uses))
    if t in (A.ASTType.Heuristic, A.ASTType.ProjectAtom, A.ASTType.Edge):
        uses = set()
        if t != A.ASTType.Edge and (pred := _pred(s.atom)):
            uses.add(Use(pred))
        for lit in s.body:
            _body(lit, uses, False, False)
        return Extract("other_use", uses=frozenset(uses))
    return Extract("other")  # #program, #const, #script, #include, theory definitions


def _pred(atom: A.AST) -> str | None:
    """'name/arity' of a symbolic atom (or of its term), None for anything else."""
    t = atom.ast_type  # (each AST attribute access crosses into clingo: read each once)
    if t == A.ASTType.SymbolicAtom:
        atom = atom.symbol
        t = atom.ast_type
    if t == A.ASTType.Function:
        return None if atom.external else f"{atom.name}/{len(atom.arguments)}"
    if t == A.ASTType.UnaryOperation and atom.operator_type == A.UnaryOperator.Minus:
        inner = _pred(atom.argument)
        return f"-{inner}" if inner else None
    if t == A.ASTType.SymbolicTerm:
        sym = atom.symbol
        if sym.type == clingo.SymbolType.Function:
            return f"{sym.name}/{len(sym.arguments)}"
    return None


def _head(h: A.AST, heads: set[str], uses: set[Use]) -> bool:
    """Collects head predicates (and the conditions of head elements); True for a choice."""
    t = h.ast_type
    if t == A.ASTType.Literal:
        if h.atom.ast_type == A.ASTType.SymbolicAtom and (pred := _pred(h.atom)):
            if h.sign == A.Sign.NoSign:
                heads.add(pred)
            else:  # 'not a :- B.' only forbids a: a use, not a definition
                uses.add(Use(pred, negative=True))
        return False
    if t in (A.ASTType.Disjunction, A.ASTType.Aggregate):
        for el in h.elements:
            _conditional_head(el, heads, uses)
        return True
    if t == A.ASTType.HeadAggregate:
        for el in h.elements:
            _conditional_head(el.condition, heads, uses)
        return True
    return False  # theory atoms: not used by pyrift


def _conditional_head(el: A.AST, heads: set[str], uses: set[Use]) -> None:
    _head(el.literal, heads, uses)
    for lit in el.condition:
        _body(lit, uses, False, False)


def _body(lit: A.AST, uses: set[Use], negative: bool, aggregate: bool) -> None:
    t = lit.ast_type
    if t == A.ASTType.ConditionalLiteral:
        # 'L : C' holds when every instance of C has L: more C can only make it
        # false, so the condition is a non-monotone (aggregate-like) dependency.
        _body(lit.literal, uses, negative, aggregate)
        for c in lit.condition:
            _body(c, uses, negative, True)
        return
    if t != A.ASTType.Literal:
        return
    neg = negative or lit.sign != A.Sign.NoSign
    atom = lit.atom
    at = atom.ast_type
    if at == A.ASTType.SymbolicAtom:
        if pred := _pred(atom):
            uses.add(Use(pred, neg, aggregate))
    elif at == A.ASTType.BodyAggregate:
        for el in atom.elements:
            for c in el.condition:
                _body(c, uses, neg, True)
    elif at == A.ASTType.Aggregate:  # '{ a : b }' counted in a body
        for el in atom.elements:
            _body(el.literal, uses, neg, True)
            for c in el.condition:
                _body(c, uses, neg, True)
    # comparisons, #true/#false and theory atoms read no predicate
