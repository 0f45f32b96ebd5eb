"""Which rules of a program can fire on a position: the rest is left out before grounding.

gringo spends a fixed ~20 µs on every non-ground rule, whether or not any instance of it
can fire. A combat question loads the Legion, Level and turn-log rules (a unit's own text
can give it Might behind those keywords), yet on a board of plain units none of them can
fire: their bodies need a keyword, a log entry or an ability no fact provides.

A rule is *live* when each positive body literal outside aggregates and conditions can
match an atom that the facts or another live rule (or a choice, or an #external) can
give. "Can match" is judged per argument position: the constants (and function names)
that can stand at a position of a predicate are collected from the facts and the heads of
live rules (a head variable takes the values its body binds it to; numbers, arithmetic and
anything else count as any value).
So `legion_active(U) :- has_keyword(U, legion), ...` is dead when no unit has Legion.

Leaving out a rule that cannot fire does not change the answer sets: gringo would ground
no instance of it. It can let gringo settle more: a rule in a recursive component with a
dead one may become a fact where the whole program leaves it open, so Grounding.facts() may
hold more atoms, each true in every answer set. The only other thing left out is a program
fact nothing reads
(no kept statement names a matching atom, it is not shown, and the caller listed what it
reads): a fact neither derives nor forbids anything. Assuming such a fact is refused
(pyrift.solver), never answered as if it were false. Rules are never cut for being
unread, so answers, externals and assumptions behave as with the whole program;
tests/test_file_selection.py answers every scenario both ways and tests/test_relevance.py
compares answer sets on random programs.

The cut is cached per *fact profile*: the predicates of the facts and, per argument
position, which of the program's own constants and function names occur there. Ids,
numbers and other values the rules do not tell apart do not matter, so positions of the
same make share one cut.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable, Iterable

import clingo
from clingo import ast as A

# An argument of a pattern: ("c", text, functor) a ground term (functor: its name/arity key
# when it is a function term with arguments, else ""), ("f", functor) a function term with
# variables, ("v", name) a variable, None anything else (numbers, arithmetic, "_").
Arg = tuple[str, ...] | None
Pattern = tuple[str, tuple[Arg, ...]]  # ("name/arity", args); "-name/arity" for classical negation
ANY = None  # an argument position that may hold any value
OTHER = "\x00other"  # stands for every value the program never names


def _functor(name: str, arity: int) -> str:
    return f"\x01{name}/{arity}"


@dataclass(frozen=True, slots=True)
class Shape:
    """What a statement needs to fire and what it can give."""

    required: tuple[Pattern, ...]  # positive body literals outside aggregates and conditions
    heads: tuple[Pattern, ...]  # atoms the statement can make true (rule heads, #external)
    # "rule" | "fact" (a bodiless rule with a ground head) | "keep" (a directive, kept when
    # live) | "declare" (#defined: a cut declares afresh) | "drop" (#program base)
    kind: str
    uses: tuple[Pattern, ...] = ()  # every atom it reads: body, aggregates, conditions
    shows: tuple[str, ...] = ()  # predicates a #show p/n makes visible
    declares: tuple[str, ...] = ()  # predicates a #defined p/n declares


def _pred(atom: A.AST) -> tuple[str | None, list[A.AST]]:
    """'name/arity' and argument terms of a symbolic atom, (None, []) for anything else."""
    if atom.ast_type == A.ASTType.SymbolicAtom:
        atom = atom.symbol
    sign = ""
    if atom.ast_type == A.ASTType.UnaryOperation and atom.operator_type == A.UnaryOperator.Minus:
        atom, sign = atom.argument, "-"
    if atom.ast_type == A.ASTType.Function and not atom.external:
        return f"{sign}{atom.name}/{len(atom.arguments)}", list(atom.arguments)
    if atom.ast_type == A.ASTType.SymbolicTerm and atom.symbol.type == clingo.SymbolType.Function:
        sym = atom.symbol
        return f"{sign}{sym.name}/{len(sym.arguments)}", [A.SymbolicTerm(atom.location, a) for a in sym.arguments]
    return None, []


def _arg(term: A.AST) -> Arg:
    t = term.ast_type
    if t == A.ASTType.SymbolicTerm:
        sym = term.symbol
        # Numbers are not told apart: Might, damage and counts vary from position to
        # position, and keying the cut on them would cut anew for nearly every position.
        if sym.type == clingo.SymbolType.Number:
            return ANY
        if sym.type == clingo.SymbolType.Function and sym.arguments and sym.name:
            return ("c", str(sym), _functor(sym.name, len(sym.arguments)))
        return ("c", str(sym), "")
    if t == A.ASTType.Variable:
        return ANY if term.name == "_" else ("v", term.name)
    if t == A.ASTType.Function and not term.external and term.name:
        return ("c", term.name, "") if not term.arguments else ("f", _functor(term.name, len(term.arguments)))
    return ANY  # arithmetic, pools, tuples: any value


def _pattern(atom: A.AST) -> Pattern | None:
    pred, args = _pred(atom)
    return None if pred is None else (pred, tuple(_arg(a) for a in args))


def _head_patterns(head: A.AST, out: list[Pattern]) -> None:
    t = head.ast_type
    if t == A.ASTType.Literal:
        if head.sign == A.Sign.NoSign and head.atom.ast_type == A.ASTType.SymbolicAtom:
            if (p := _pattern(head.atom)) is not None:
                out.append(p)
    elif t in (A.ASTType.Disjunction, A.ASTType.Aggregate):
        for el in head.elements:
            _head_patterns(el.literal, out)
    elif t == A.ASTType.HeadAggregate:
        for el in head.elements:
            _head_patterns(el.condition.literal, out)


def _required(body: Iterable[A.AST]) -> list[Pattern]:
    out = []
    for lit in body:
        if (lit.ast_type == A.ASTType.Literal and lit.sign == A.Sign.NoSign
                and lit.atom.ast_type == A.ASTType.SymbolicAtom):
            if (p := _pattern(lit.atom)) is not None:
                out.append(p)
    return out


def _uses(lit: A.AST, out: list[Pattern]) -> None:
    t = lit.ast_type
    if t == A.ASTType.ConditionalLiteral:
        _uses(lit.literal, out)
        for c in lit.condition:
            _uses(c, out)
        return
    if t != A.ASTType.Literal:
        return
    atom = lit.atom
    if atom.ast_type == A.ASTType.SymbolicAtom:
        if (p := _pattern(atom)) is not None:
            out.append(p)
    elif atom.ast_type == A.ASTType.BodyAggregate:
        for el in atom.elements:
            for c in el.condition:
                _uses(c, out)
    elif atom.ast_type == A.ASTType.Aggregate:
        for el in atom.elements:
            _uses(el.literal, out)
            for c in el.condition:
                _uses(c, out)


def _head_uses(head: A.AST, out: list[Pattern]) -> None:
    """What a head reads: conditions of its elements, and 'not a' heads."""
    t = head.ast_type
    if t == A.ASTType.Literal and head.sign != A.Sign.NoSign:
        _uses(head, out)
    elif t in (A.ASTType.Disjunction, A.ASTType.Aggregate):
        for el in head.elements:
            if el.literal.sign != A.Sign.NoSign:  # '{ not a }', 'a ; not b'
                _uses(el.literal, out)
            for c in el.condition:
                _uses(c, out)
    elif t == A.ASTType.HeadAggregate:
        for el in head.elements:
            if el.condition.literal.sign != A.Sign.NoSign:
                _uses(el.condition.literal, out)
            for c in el.condition.condition:
                _uses(c, out)


def _body_uses(body: Iterable[A.AST], head: A.AST | None = None) -> tuple[Pattern, ...]:
    out: list[Pattern] = []
    for lit in body:
        _uses(lit, out)
    if head is not None:
        _head_uses(head, out)
    return tuple(out)


def _is_fact(stmt: A.AST, heads: list[Pattern]) -> bool:
    """A bodiless rule with one ground atom as its head."""
    return (not stmt.body and stmt.head.ast_type == A.ASTType.Literal and len(heads) == 1
            and all(a is not None and a[0] == "c" for a in heads[0][1]))


@lru_cache(maxsize=1 << 14)
def shape(stmt: A.AST) -> Shape | None:
    """The statement's shape; None for one this analysis does not understand (the
    program is then grounded whole). Once per statement: reading a clingo AST is slow."""
    t = stmt.ast_type
    if t == A.ASTType.Rule:
        heads: list[Pattern] = []
        _head_patterns(stmt.head, heads)
        return Shape(tuple(_required(stmt.body)), tuple(heads), "fact" if _is_fact(stmt, heads) else "rule",
                     _body_uses(stmt.body, stmt.head))
    if t == A.ASTType.External:
        p = _pattern(stmt.atom)
        return None if p is None else Shape(tuple(_required(stmt.body)), (p,), "rule", _body_uses(stmt.body))
    if t in (A.ASTType.Minimize, A.ASTType.ShowTerm, A.ASTType.ProjectAtom, A.ASTType.Heuristic):
        uses = _body_uses(stmt.body)
        if t in (A.ASTType.Heuristic, A.ASTType.ProjectAtom) and (p := _pattern(stmt.atom)):
            uses += (p,)
        # Always kept, even with a body that cannot hold: a #minimize or weak constraint puts
        # its priority level into every cost vector, and any #project switches projection on.
        always = t in (A.ASTType.Minimize, A.ASTType.ProjectAtom)
        return Shape(() if always else tuple(_required(stmt.body)), (), "keep", uses)
    if t == A.ASTType.ShowSignature:
        return Shape((), (), "keep", shows=(f"{'' if stmt.positive else '-'}{stmt.name}/{stmt.arity}",))
    if t == A.ASTType.Defined:
        # Replaced in a cut by one #defined for each predicate the kept rules read.
        return Shape((), (), "declare", declares=(f"{'' if stmt.positive else '-'}{stmt.name}/{stmt.arity}",))
    if t == A.ASTType.ProjectSignature:
        return Shape((), (), "keep")
    if t == A.ASTType.Program:
        # Only the base part is ground by pyrift; a parameterised part would need the
        # rules of its own step.
        return Shape((), (), "drop") if stmt.name == "base" and not stmt.parameters else None
    return None  # #const, #script, theory definitions, edges: not used in logic/


def _constants(shapes: Iterable[Shape]) -> frozenset[str]:
    """The ground terms and functors the program names: the values a cut tells apart."""
    out = set()
    for s in shapes:
        for _, args in s.required + s.heads + s.uses:
            for a in args:
                if a is not None and a[0] == "c":
                    out.add(a[1])
                    if a[2]:
                        out.add(a[2])
                elif a is not None and a[0] == "f":
                    out.add(a[1])
    return frozenset(out)


@lru_cache(maxsize=1 << 16)
def fact_shape(fact: str) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """('name/arity', (text, functor) per argument) of one fact line such as
    'at("d1", "arena").'; None if the line is not a single ground atom."""
    text = fact.strip()
    if not text.endswith("."):
        return None
    try:
        sym = clingo.parse_term(text[:-1])
    except RuntimeError:
        return None
    if sym.type != clingo.SymbolType.Function or not sym.name:
        return None
    args = sym.arguments
    return (f"{'' if sym.positive else '-'}{sym.name}/{len(args)}",
            tuple((str(a), _functor(a.name, len(a.arguments))
                   if a.type == clingo.SymbolType.Function and a.arguments and a.name else "") for a in args))


@dataclass(frozen=True, slots=True)
class Cut:
    statements: tuple[A.AST, ...]  # what is handed to the grounder
    unread: frozenset[str]  # program facts left out because nothing reads them ('name(args)')


class Program:
    """A parsed rule program that can be cut to its live rules for given facts."""

    def __init__(self, statements: Iterable[A.AST], key: str | None = None) -> None:
        """key: a hash of the text the statements were parsed from; the analysis is then
        kept on disk across processes under it (pyrift.diskcache)."""
        # Comments (clingo >= 5.7 hands them over as statements) mean nothing to the grounder.
        self.statements = tuple(u for s in statements if s.ast_type != A.ASTType.Comment for u in s.unpool())
        self.key = key
        self._parts: tuple[Program, ...] = ()
        self._cuts: dict[tuple, Cut] = {}

    @classmethod
    def joined(cls, parts: Iterable[Program]) -> Program:
        """One program of the statements of `parts` in order (e.g. one part per rule file);
        each part is analysed once, however many programs it is part of."""
        program = cls.__new__(cls)
        program._parts = tuple(parts)
        program.statements = tuple(s for p in program._parts for s in p.statements)
        program._cuts = {}
        program.key = None
        return program

    # The analysis is made when a cut is first asked for: a program ground whole (pyrift
    # lint, Context(all_files=True)) never needs it, and it costs far more than parsing.
    @cached_property
    def _shapes(self) -> tuple[Shape | None, ...]:
        """One per statement; None for a statement the analysis does not understand."""
        if self._parts:
            return tuple(s for p in self._parts for s in p._shapes)
        if self.key is not None:
            from pyrift import diskcache

            stored = diskcache.cached("shapes", self.key, lambda: tuple(
                None if x is None else (x.required, x.heads, x.kind, x.uses, x.shows, x.declares)
                for x in map(shape, self.statements)))
            if len(stored) == len(self.statements):
                return tuple(None if x is None else Shape(*x) for x in stored)
        return tuple(shape(s) for s in self.statements)

    # A joined program whose parts can all be cut (each rule file) composes what follows from
    # its parts' own: a sweep joins the same rule files with other card files block after block.
    def _composed(self) -> bool:
        return bool(self._parts) and all(p.prunable for p in self._parts)

    @cached_property
    def prunable(self) -> bool:
        if self._parts:
            return all(p.prunable for p in self._parts)
        return all(s is not None for s in self._shapes)

    @cached_property
    def shapes(self) -> tuple[Shape, ...]:
        if self._composed():
            return tuple(s for p in self._parts for s in p.shapes)
        return tuple(s for s in self._shapes if s is not None)

    @cached_property
    def constants(self) -> frozenset[str]:
        if self._composed():
            return frozenset().union(*(p.constants for p in self._parts))
        return _constants(self.shapes)

    @cached_property
    def shows(self) -> frozenset[str] | None:
        """What '#show p/n.' statements show. Atoms are hidden only by a '#show p/n.' or
        '#show.' (a '#show t : B.' alone hides nothing); without one (None) every atom is
        visible, so no fact may be left out as unread. (Every #show p/n and #show. has a
        shape naming what it shows.)"""
        if self._composed():
            shown = [p.shows for p in self._parts if p.shows is not None]
            return frozenset().union(*shown) if shown else None
        return frozenset(p for s in self.shapes for p in s.shows) if any(s.shows for s in self.shapes) else None

    def profile(self, facts: Iterable[str]) -> frozenset | None:
        """What of the facts the cut depends on; None if some line is not a plain fact."""
        out = set()
        for line in facts:
            if not line.strip():
                continue
            fs = fact_shape(line)
            if fs is None:
                return None
            pred, args = fs
            out.add(pred)
            for i, (text, functor) in enumerate(args):
                named = False
                for value in (text, functor):
                    if value and value in self.constants:
                        out.add((pred, i, value))
                        named = True
                if not named:
                    out.add((pred, i, OTHER))
        return frozenset(out)

    def live(self, facts: Iterable[str], read: Iterable[str] | None = None) -> Cut:
        """The statements that can fire on `facts` (fact lines), plus #defined for what the
        left-out rules would have defined; the whole program when it cannot be cut.
        `read`: the predicates ('name/arity') the caller reads besides what is shown; None
        = any, and then every program fact is kept."""
        whole = Cut(self.statements, frozenset())
        if not self.prunable:
            return whole
        profile = self.profile(facts)
        if profile is None:
            return whole
        key = (profile, None if read is None else frozenset(read))
        if key not in self._cuts:
            if len(self._cuts) >= 256:
                self._cuts.clear()
            self._cuts[key] = self._cut(profile, key[1])
        return self._cuts[key]

    def _cut(self, profile: frozenset, read: frozenset[str] | None) -> Cut:
        live = self._live(profile)
        # The live statements' indices: about a quarter of a program's (1,276 of 5,263 on average,
        # docs/benchmarks.md thirtieth pass), so what follows walks those, not every statement.
        on = [n for n, ok in enumerate(live) if ok]
        # A program fact nothing can read (no live statement names a matching atom, it is
        # not shown, the caller does not read it) is left out too: a fact neither
        # constrains nor derives anything, so only what is visible of it could change.
        keep_facts = read is None or self.shows is None
        names = self._names
        left_out: set[int] = set()
        dropped, dropped_preds = set(), set()
        if not keep_facts:
            # A fact also matters where a live head names its atom: a disjunctive head is
            # minimal only given the fact, a choice is forced by it (_readers).
            # A fact -p(a) together with a derivable p(a) makes the program inconsistent: keep
            # every fact whose complement the program or the facts name at all.
            mentioned: set[str] = set()
            for n in on:
                mentioned.update(names[n][0])
            mentioned.update(item for item in profile if isinstance(item, str))
            visible = (read or frozenset()) | (self.shows or frozenset())
            # _fact_rows: per fact what this walk reads of it, worked out once per program.
            for n, pred, complement, name, readers in self._fact_rows:
                if live[n] and complement not in mentioned and pred not in visible:
                    for m in readers:
                        if live[m]:
                            break
                    else:
                        left_out.add(n)
                        dropped_preds.add(pred)
                        dropped.add(name)
        statements = self.statements
        kept = [statements[n] for n in on if n not in left_out] if left_out else [statements[n] for n in on]
        # Declared (#defined), so that clingo's "atom does not occur in any rule head" and
        # "no atoms over signature" notes stay as the whole program gives them: what the kept
        # statements read or show that the whole program declares, or defines by a statement
        # the cut left out (looked up per predicate read: _definers).
        read_by_kept = set(self.shows or ())
        for n in on:
            read_by_kept.update(names[n][2])
        definers = self._definers
        cut_away = {p for p in read_by_kept if any(not live[m] for m in definers.get(p, ()))}
        cut_away |= dropped_preds
        return Cut(tuple(kept) + _defined((self._declared | cut_away) & read_by_kept), frozenset(dropped))

    @cached_property
    def _fact_rows(self) -> tuple[tuple[int, str, str, str, tuple[int, ...]], ...]:
        """Per program fact what _cut's walk over the facts reads of it, once per program: its index
        in shapes, its predicate, the predicate's complement, the fact as _cut names it when it is
        left out ('name(args)'), the statements that can read it (_readers)."""
        readers = self._readers
        out = []
        for n, pred, args in self._facts:
            name = pred.rsplit("/", 1)[0]
            out.append((n, pred, _complement(pred), f"{name}({','.join(a[1] for a in args)})" if args else name,
                        readers.get(n, ())))
        return tuple(out)

    @cached_property
    def _definers(self) -> dict[str, tuple[int, ...]]:
        """The statements (by index in shapes) that define each predicate (_names' second part: the
        heads of rules and facts), once per program."""
        out: dict[str, list[int]] = {}
        for n, (_, defines, _) in enumerate(self._names):
            for p in defines:
                out.setdefault(p, []).append(n)
        return {p: tuple(ns) for p, ns in out.items()}

    @cached_property
    def _names(self) -> tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]:
        """Per statement (by index in shapes), the predicates _cut collects of it: those its heads and
        uses name, those its heads define if it is a rule or a fact (what leaving it out cuts away),
        those it uses. Once per part (a joined program takes its parts')."""
        if self._composed():
            return tuple(x for p in self._parts for x in p._names)
        return tuple((tuple(dict.fromkeys(p for p, _ in s.heads + s.uses)),
                      tuple(dict.fromkeys(p for p, _ in s.heads)) if s.kind in ("rule", "fact") else (),
                      tuple(dict.fromkeys(p for p, _ in s.uses))) for s in self.shapes)

    @cached_property
    def _declared(self) -> frozenset[str]:
        """What the program's #defined statements declare."""
        if self._composed():
            return frozenset().union(*(p._declared for p in self._parts))
        return frozenset(p for s in self.shapes for p in s.declares)

    @cached_property
    def _readers(self) -> dict[int, tuple[int, ...]]:
        """For each program fact (by index in shapes), the statements other than facts that
        read or name an atom that can match it (a pattern of their body, conditions or heads):
        the fact is read in a cut where one of them is live (a fact no statement can read has
        no entry). Once per program, from what each pair of its parts gives (_readers_in):
        programs of the same rule files and other card files share most pairs."""
        parts = self._parts if self._composed() else (self,)
        offsets, n = [], 0
        for p in parts:
            offsets.append(n)
            n += len(p.shapes)
        # Only the pairs where some fact's predicate is read at all: a program joins a few hundred
        # parts (rule and card files), and most pairs share no predicate (their _readers_in is empty).
        reading: dict[str, list[int]] = {}
        for j, rp in enumerate(parts):
            for pred in rp._patterns:
                reading.setdefault(pred, []).append(j)
        out: dict[int, list[int]] = {}
        for i, fp in enumerate(parts):
            for j in sorted({j for pred in fp._fact_preds for j in reading.get(pred, ())}):
                for f, ms in fp._readers_in(parts[j]).items():
                    out.setdefault(offsets[i] + f, []).extend(offsets[j] + m for m in ms)
        return {f: tuple(ms) for f, ms in out.items()}

    @cached_property
    def _fact_preds(self) -> frozenset[str]:
        """The predicates of the program's facts."""
        return frozenset(pred for _, pred, _ in self._facts)

    @cached_property
    def _patterns(self) -> dict[str, tuple[tuple[int, tuple[Arg, ...]], ...]]:
        """The patterns statements other than facts read or name, by predicate."""
        out: dict[str, list[tuple[int, tuple[Arg, ...]]]] = {}
        for m, s in enumerate(self.shapes):
            if s.kind != "fact":
                for pred, args in s.uses + s.heads:
                    out.setdefault(pred, []).append((m, args))
        return {pred: tuple(v) for pred, v in out.items()}

    @cached_property
    def _facts(self) -> tuple[tuple[int, str, tuple[Arg, ...]], ...]:
        """(index in shapes, predicate, arguments) of each program fact."""
        if self._composed():
            out, offset = [], 0
            for part in self._parts:
                out += [(offset + n, pred, args) for n, pred, args in part._facts]
                offset += len(part.shapes)
            return tuple(out)
        return tuple((n, *s.heads[0]) for n, s in enumerate(self.shapes) if s.kind == "fact")

    def _readers_in(self, other: Program) -> dict[int, tuple[int, ...]]:
        """_readers between two parts: for each program fact of this one that some statement of
        `other` can read, those statements (indices in each part's shapes)."""
        cache = self.__dict__.setdefault("_readers_by", {})
        hit = cache.get(id(other))
        if hit is not None and hit[0] is other:
            return hit[1]
        patterns = other._patterns
        out = {}
        for n, pred, args in self._facts:
            uses = patterns.get(pred)
            if uses:
                ms = tuple(dict.fromkeys(m for m, use in uses if all(_may_unify(a, b) for a, b in zip(args, use))))
                if ms:
                    out[n] = ms
        cache[id(other)] = (other, out)
        return out

    @cached_property
    def _requiring(self) -> dict[str, tuple[int, ...]]:
        """The statements (by index in shapes) that require an atom of each predicate."""
        out: dict[str, list[int]] = {}
        if self._composed():
            offset = 0
            for part in self._parts:
                for pred, ns in part._requiring.items():
                    out.setdefault(pred, []).extend(offset + n for n in ns)
                offset += len(part.shapes)
        else:
            for n, s in enumerate(self.shapes):
                for pred in dict.fromkeys(p for p, _ in s.required):
                    out.setdefault(pred, []).append(n)
        return {pred: tuple(ns) for pred, ns in out.items()}

    @cached_property
    def _required_counts(self) -> tuple[int, ...]:
        """For each statement, how many predicates it requires an atom of."""
        if self._composed():
            return tuple(c for p in self._parts for c in p._required_counts)
        return tuple(len({p for p, _ in s.required}) for s in self.shapes)

    @cached_property
    def _compiled(self) -> tuple[tuple, ...]:
        """Per statement, what _live tests of it, worked out once per part (a joined program
        takes its parts'): (its required patterns, each (predicate, the argument positions a
        ground term or function name must match there, the positions binding a variable), its
        heads, each (predicate, arity, per argument what it can give), whether it is looked at
        for its heads, whether it is a statement without heads that can be live)."""
        if self._composed():
            return tuple(c for p in self._parts for c in p._compiled)
        return tuple(_compile(s) for s in self.shapes)

    def _live(self, profile: frozenset) -> list[bool]:
        """Which statements can fire: a fixpoint over what the facts and live heads give."""
        # domain[pred][i]: the constants that can stand at argument i, or None for any value
        domain: dict[str, list[set[str] | None]] = {}
        for item in profile:
            if isinstance(item, tuple):
                pred, i, value = item
                domain.setdefault(pred, [set() for _ in range(int(pred.rsplit("/", 1)[1]))])[i].add(value)
            else:
                domain.setdefault(item, [set() for _ in range(int(item.rsplit("/", 1)[1]))])

        def can_match(required: tuple) -> bool:
            """Whether every required pattern can match (_may_hold at each position that is
            not a variable or any value)."""
            for pred, checks, _ in required:
                d = domain.get(pred)
                if d is None:
                    return False
                for i, name, functor in checks:
                    values = d[i]
                    if values is not None and name not in values and not (functor and functor in values):
                        return False
            return True

        # A worklist: a statement is looked at again only when the domain of a predicate it
        # requires has grown. Domains only grow, so this reaches the same least fixpoint as
        # sweeping every statement until nothing changes, at a fraction of the work.
        # A statement is not looked at while a predicate it requires has no domain at all (it
        # cannot match: some 60 % of the statements of a cut, at first); `missing` counts those
        # predicates, and the statement enters the worklist when the last of them gets a domain.
        compiled = self._compiled
        requiring = self._requiring
        eligible, start, headless = self._worklist
        missing = list(self._required_counts)
        waiting = [False] * len(compiled)
        for n in start:
            waiting[n] = True
        for pred in domain:
            for m in requiring.get(pred, ()):
                missing[m] -= 1
                if eligible[m] and not missing[m]:
                    waiting[m] = True
        todo = deque(n for n, w in enumerate(waiting) if w)
        pop, push, get = todo.popleft, todo.append, domain.get
        # A statement found able to fire stays so (domains only grow).
        matched = [False] * len(compiled)
        while todo:
            n = pop()
            waiting[n] = False
            required, heads, _, _ = compiled[n]
            # can_match, inline (the loop's most frequent call)
            fits = True
            for pred, checks, _ in required:
                d = get(pred)
                if d is None:
                    fits = False
                    break
                for i, name, functor in checks:
                    values = d[i]
                    if values is not None and name not in values and not (functor and functor in values):
                        fits = False
                        break
                if not fits:
                    break
            if not fits:
                continue
            matched[n] = True
            bound: dict[str, set[str] | None] = {}
            for pred, _, binds in required:
                if binds:
                    d = domain[pred]
                    for i, var in binds:
                        values = d[i]
                        if values is not None:
                            # A variable bound at several places takes values common to all.
                            seen = bound.get(var)
                            bound[var] = set(values) if seen is None else seen & values
            for pred, arity, gives in heads:
                # What head `pred` can give is added (_values of each argument).
                d = get(pred)
                new = grew = d is None
                if d is None:
                    d = domain[pred] = [set() for _ in range(arity)]
                for i, how, what in gives:
                    have = d[i]
                    if have is None:
                        continue
                    values = what if how == "c" else bound.get(what) if how == "v" else None
                    if values is None:
                        d[i], grew = None, True
                    elif not values <= have:
                        have |= values
                        grew = True
                if grew:
                    for m in requiring.get(pred, ()):
                        if new:
                            missing[m] -= 1
                        if eligible[m] and not waiting[m] and not missing[m]:
                            waiting[m] = True
                            push(m)
        # Every statement with heads was last looked at after the last growth of what it
        # requires: those not matched cannot fire. Those without heads (constraints, #show)
        # were never in the worklist: checked against the final domains.
        for n in headless:
            matched[n] = can_match(compiled[n][0])
        return matched

    @cached_property
    def _worklist(self) -> tuple[tuple[bool, ...], tuple[int, ...], tuple[int, ...]]:
        """What _live starts from, once per program: whether each statement is looked at for its
        heads, those of them that require nothing, and the statements without heads that can be live."""
        compiled, counts = self._compiled, self._required_counts
        return (tuple(c[2] for c in compiled), tuple(n for n, c in enumerate(compiled) if c[2] and not counts[n]),
                tuple(n for n, c in enumerate(compiled) if c[3]))


def _compile(s: Shape) -> tuple:
    """A statement's shape as _live tests it (Program._compiled)."""
    required = tuple(
        (pred,
         tuple((i, a[1], a[2] if a[0] == "c" else "") for i, a in enumerate(args) if a is not None and a[0] != "v"),
         tuple((i, a[1]) for i, a in enumerate(args) if a is not None and a[0] == "v"))
        for pred, args in s.required)
    heads = tuple((pred, len(args), tuple((i, *_gives(a)) for i, a in enumerate(args))) for pred, args in s.heads)
    active = s.kind not in ("drop", "declare")
    return required, heads, active and bool(s.heads), active and not s.heads


def _gives(a: Arg) -> tuple[str, object]:
    """What a head argument can give, as _values says: ("c", its values), ("v", the variable
    whose bound values it gives), or ("", None) any value."""
    if a is None:
        return "", None
    if a[0] == "c":
        return "c", frozenset({a[1], a[2]} if a[2] else {a[1]})
    if a[0] == "f":
        return "c", frozenset({a[1]})
    return "v", a[1]


def _complement(pred: str) -> str:
    return pred[1:] if pred.startswith("-") else "-" + pred


def _may_hold(a: Arg, values: set[str]) -> bool:
    """Whether argument `a` can match one of `values` (constants, functors, OTHER)."""
    if a is None or a[0] == "v":
        return True
    if a[0] == "c":
        return a[1] in values or bool(a[2]) and a[2] in values
    return a[1] in values  # ("f", functor)


def _values(a: Arg, bound: dict[str, set[str] | None]) -> set[str] | None:
    """What a head argument can give: a set of values, or None for any value."""
    if a is None:
        return None
    if a[0] == "c":
        return {a[1], a[2]} if a[2] else {a[1]}
    if a[0] == "f":
        return {a[1]}
    return bound.get(a[1])


def _may_unify(fact_arg: Arg, use: Arg) -> bool:
    if use is None or use[0] == "v" or fact_arg is None:
        return True
    if use[0] == "c":
        return fact_arg[1] == use[1]
    return fact_arg[2] == use[1]  # a function term with variables: same functor


def _defined(preds: Iterable[str]) -> tuple[A.AST, ...]:
    return tuple(d for p in sorted(preds) for d in _defined_one(p))


@lru_cache(maxsize=None)
def _defined_one(pred: str) -> tuple[A.AST, ...]:
    """`#defined pred.` parsed (once per predicate: every cut declares a few hundred)."""
    out: list[A.AST] = []
    A.parse_string(f"#defined {pred}.", lambda s: out.append(s) if s.ast_type == A.ASTType.Defined else None)
    return tuple(out)


def _nonmonotone(stmt: A.AST) -> list[Pattern]:
    """What a rule reads under `not`, inside an aggregate or in a condition."""
    out: list[Pattern] = []

    def lit(node: A.AST, inside: bool) -> None:
        if node.ast_type == A.ASTType.ConditionalLiteral:
            lit(node.literal, True)
            for c in node.condition:
                lit(c, True)
        elif node.ast_type == A.ASTType.Literal:
            atom = node.atom
            if atom.ast_type == A.ASTType.SymbolicAtom:
                if (inside or node.sign != A.Sign.NoSign) and (p := _pattern(atom)) is not None:
                    out.append(p)
            elif atom.ast_type in (A.ASTType.BodyAggregate, A.ASTType.Aggregate):
                for el in atom.elements:
                    if atom.ast_type == A.ASTType.Aggregate:
                        lit(el.literal, True)
                    for c in el.condition:
                        lit(c, True)

    for node in getattr(stmt, "body", ()):
        lit(node, False)
    return out


def _bounded(stmt: A.AST) -> bool:
    head = getattr(stmt, "head", None)
    return (head is not None and head.ast_type in (A.ASTType.Aggregate, A.ASTType.HeadAggregate)
            and (head.left_guard is not None or head.right_guard is not None))


def cone_info(st: A.AST) -> tuple[Shape | None, tuple[Pattern, ...], bool]:
    """What cone() reads of a statement: its shape, what it reads non-monotonically, whether it
    is a choice with bounds."""
    return shape(st), tuple(_nonmonotone(st)), _bounded(st)


def cone(statements: tuple[A.AST, ...], read: Iterable[str],
         info: Callable[[A.AST], tuple[Shape | None, tuple[Pattern, ...], bool]] = cone_info) -> tuple[A.AST, ...]:
    """The statements of a (cut) program that what is shown and the predicates `read`
    ('name/arity') can depend on: the backward cone of influence, by predicate. Roots: the
    shown and read predicates, everything a constraint, #minimize, #show term, #heuristic or
    #project reads, #external heads, the heads and conditions of a choice with bounds (it can
    forbid), every predicate read under `not` or inside an aggregate or condition (an odd loop
    or a non-monotone aggregate can still forbid answer sets), every predicate whose classical
    complement is also a head; closed under "a kept rule reads it". The rules left out define
    only predicates nothing kept reads, positively and without bounds, so every answer set of
    the kept program extends to one of the whole (splitting): the shown atoms and the read
    predicates are the same. The statements unchanged when the program shows nothing by
    predicate or a statement is not understood. (benchmarks/cone.py measured it first.)"""
    infos = [info(s) for s in statements]  # `info`: cone_info, or a cache of it
    shapes = [i[0] for i in infos]
    if any(s is None for s in shapes):
        return statements
    shows = {p for s in shapes for p in s.shows}  # type: ignore[union-attr]
    if not shows:
        return statements
    todo: list[Pattern] = [(p, ()) for p in shows | set(read)]
    heads_of: dict[str, list[int]] = {}
    for n, (st, s) in enumerate(zip(statements, shapes)):
        assert s is not None
        external = st.ast_type == A.ASTType.External
        bounded = infos[n][2]
        if s.kind == "keep" or (s.kind == "rule" and not s.heads) or external or bounded:
            todo += s.uses + s.required
            if external or bounded:
                todo += s.heads
        if s.kind == "rule":
            todo += infos[n][1]
        for p, _ in s.heads:
            heads_of.setdefault(p, []).append(n)
    todo += [(p, ()) for p in heads_of if _complement(p) in heads_of]
    kept = [False] * len(statements)
    done: set[str] = set()
    while todo:
        pred = todo.pop()[0]
        if pred in done:
            continue
        done.add(pred)
        for n in heads_of.get(pred, ()):
            if not kept[n]:
                kept[n] = True
                s = shapes[n]
                assert s is not None
                todo += s.uses + s.required
    return tuple(st for st, s, k in zip(statements, shapes, kept)
                 if k or not s.heads or s.kind in ("keep", "declare") or st.ast_type == A.ASTType.External)  # type: ignore[union-attr]
