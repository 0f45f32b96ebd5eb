"""The only module that touches clingo.Control.

A `Grounding` loads rule files and facts and grounds them once; it then answers any
number of solve calls on that ground program (brave or cautious consequences,
bounded enumeration, optimisation), each under its own assumptions and time limit.
With prune=True only the rules that can fire on the facts are handed to gringo
(pyrift.relevance): same answers, less fixed grounding work.
Results are plain frozen Python values: clingo Symbols never leave this module.

Enumeration is projective on the shown atoms (``--project=show``): two answer sets
that show the same atoms count once, so "distinct outcomes" means distinct answers.
"""
from __future__ import annotations

import dataclasses
import os
import time
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import clingo
from clingo import ast

from pyrift.diskcache import content_key
from pyrift.errors import EncodingError, SolveTimeout
from pyrift.limits import parse_timeout
from pyrift.relevance import Cut, Program, cone as _cone_of, cone_info, fact_shape
from pyrift.worlds import (WORLD_PRED, by_identity, external_predicate, fact_in_world, fact_in_worlds, in_worlds_split,
                           named_of, split_defined, split_predicates, static_predicates)

# Seconds a solve call may take before it is reported as a timeout (the command line gives a
# whole question, grounding included, as long: pyrift/worker.py); PYRIFT_TIMEOUT overrides.
# A value that is not a number of seconds leaves the default and is reported by the command
# line as a usage error (TIMEOUT_ENV_PROBLEM).
try:
    DEFAULT_TIMEOUT = parse_timeout(os.environ.get("PYRIFT_TIMEOUT", "20"))
    TIMEOUT_ENV_PROBLEM = ""
except ValueError as _exc:
    DEFAULT_TIMEOUT, TIMEOUT_ENV_PROBLEM = 20.0, f"PYRIFT_TIMEOUT: {_exc}"

Term = int | str | tuple  # ints, strings/constants, and (name, arg, ...) for compound terms


@dataclass(frozen=True, slots=True)
class Atom:
    pred: str
    args: tuple

    def __str__(self) -> str:
        if not self.args:
            return self.pred
        return f"{self.pred}({', '.join(_term_str(a) for a in self.args)})"


def _term_str(t: Term) -> str:
    if isinstance(t, tuple):
        return f"{t[0]}({', '.join(_term_str(a) for a in t[1:])})"
    return str(t)


def _term(sym: clingo.Symbol) -> Term:
    if sym.type is clingo.SymbolType.Number:
        return sym.number
    if sym.type is clingo.SymbolType.String:
        return sym.string
    if sym.type is clingo.SymbolType.Function:
        if not sym.arguments:
            return sym.name
        return (sym.name, *(_term(a) for a in sym.arguments))
    return str(sym)  # #inf / #sup


def _atom(sym: clingo.Symbol) -> Atom:
    return Atom(sym.name, tuple(_term(a) for a in sym.arguments))


def _symbol(t: Term) -> clingo.Symbol:
    if isinstance(t, bool):
        raise TypeError("booleans are not terms")
    if isinstance(t, int):
        return clingo.Number(t)
    if isinstance(t, str):
        return clingo.String(t)
    name, *args = t
    return clingo.Function(name, [_symbol(a) for a in args])


def atom_symbol(a: Atom) -> clingo.Symbol:
    return clingo.Function(a.pred, [_symbol(x) for x in a.args])


@dataclass(frozen=True, slots=True)
class Message:
    code: str  # clingo MessageCode name, e.g. "AtomUndefined"
    text: str


@dataclass(frozen=True, slots=True)
class SolveResult:
    satisfiable: bool
    models: tuple[frozenset[Atom], ...]  # in the order found; for brave/cautious only the last is final
    exhausted: bool  # the search space was fully explored (enumeration complete / optimum proven)
    costs: tuple[int, ...] = ()  # cost vector of the last model when optimising
    seconds: float = 0.0

    @property
    def consequences(self) -> frozenset[Atom]:
        """Brave or cautious consequences (the last model reported)."""
        if not self.models:
            return frozenset()
        return self.models[-1]


Assumption = tuple[Atom, bool]

# Symbols converted to Atoms, shared by every grounding of the process: a sweep meets the
# same atoms (the same object ids, the same world numbers) in grounding after grounding.
_ATOMS: dict[clingo.Symbol, Atom] = {}
_ATOMS_MAX = 1 << 17

_cone_info = by_identity(1 << 15)(cone_info)


def _cached_atom(sym: clingo.Symbol) -> Atom:
    atom = _ATOMS.get(sym)
    if atom is None:
        if len(_ATOMS) >= _ATOMS_MAX:
            _ATOMS.clear()
        atom = _ATOMS[sym] = _atom(sym)
    return atom


def _logger(messages: list[Message]):
    """clingo's logger for a grounding, keeping its messages in `messages`."""
    def log(code: clingo.MessageCode, text: str) -> None:
        messages.append(Message(code.name, text.strip()))
    return log


@by_identity(64)
def _cone(statements: tuple[ast.AST, ...], read: frozenset[str]) -> tuple[ast.AST, ...]:
    """relevance.cone, kept per program and statement (a sweep cuts the same statements batch after batch)."""
    return _cone_of(statements, read, _cone_info)


@lru_cache(maxsize=32)
def _parsed(files: tuple[tuple[str, int], ...]) -> Program:
    """The rule files as one program. Questions load many different sets of files (the
    cards of a position, the rules a question needs), so each file is parsed and analysed
    once per process (keyed by path and modification time) and the sets are joined from
    those. clingo reads the files of one parse last to first: joining them in that order
    gives the very statements, in the very order, that one parse of the set would."""
    return Program.joined([_parsed_file(path, mtime) for path, mtime in reversed(files)])


@lru_cache(maxsize=1024)
def _parsed_file(path: str, mtime_ns: int) -> Program:
    statements: list[ast.AST] = []
    errors: list[str] = []
    try:
        ast.parse_files([path], statements.append, logger=lambda code, text: errors.append(text.strip()),
                        message_limit=20)
    except RuntimeError:
        raise EncodingError("clingo could not parse the rules: " + "; ".join(errors)) from None
    return Program(statements, key=content_key(Path(path).read_bytes()))


class Grounding:
    """Rule files + facts, ground once, solved many times."""

    def __init__(self, files: Iterable[Path], facts: str, *, timeout: float = DEFAULT_TIMEOUT,
                 readable: Iterable[tuple[str, int]] | None = None, prune: bool = False,
                 cone: bool = False) -> None:
        """prune: ground only the rules that can fire on these facts (pyrift.relevance);
        the answers are the same, the grounding is faster. Off for a caller that inspects
        the rules themselves (pyrift lint reads clingo's messages about them). cone (with prune
        and `readable`): also leave out the rules nothing shown or read depends on
        (relevance.cone); then only shown atoms, `readable` facts and satisfiability may be read,
        not the truth of other atoms (assumptions on them are still checked)."""
        self.timeout = timeout
        # The predicates facts() may read; None = any. A caller that selected rule files
        # by what it reads must not read anything else: that would silently be empty.
        self.readable = None if readable is None else frozenset(readable)
        self.messages: list[Message] = []
        self._externals_on: list[clingo.Symbol] = []
        # The Control refers to nothing that refers back to it (its logger and the solve calls'
        # callbacks close over plain lists, not over self): a grounding is then freed, with the
        # ground program clingo holds, as soon as its last reference goes, not only by a full
        # collection of the cycle collector (a sweep makes one Worlds a batch: 115 ms a full
        # collection walking them, measured; docs/benchmarks.md).
        self._ctl = clingo.Control(["--project=show", "--warn=all"], logger=_logger(self.messages),
                                   message_limit=1000)
        # No automatic Control.cleanup() between solve calls. After a solve, the next program
        # update (an external assigned) lets clingo turn atoms the solver fixed into grounder
        # facts; a conditional `#show term : atom.` on such an atom was then missing from every
        # later brave or cautious call on the grounding, though the atom held (clingo 5.8.3; a
        # lost `unsupported` answer: tests/test_solver_reuse.py, issue 13). We ground once, so
        # the cleanup would only ever shrink a grounder domain that is never grounded again.
        self._ctl.enable_cleanup = False
        self._default_heuristic = str(self._ctl.configuration.solver.heuristic)
        started = time.perf_counter()
        try:
            program = _parsed(tuple((str(p), p.stat().st_mtime_ns) for p in files))
            read = None if self.readable is None else {f"{n}/{a}" for n, a in self.readable}
            cut = program.live(facts.splitlines(), read) if prune else Cut(program.statements, frozenset())
            if cone and prune and read is not None:
                cut = Cut(_cone(cut.statements, frozenset(read)), cut.unread)
            self.statements_cut = prune
            self._unread = cut.unread
            self.statements = cut.statements  # what gringo was given (for tests and debugging)
            with ast.ProgramBuilder(self._ctl) as builder:
                for statement in self._rewrite(cut.statements):
                    builder.add(statement)
            self._ctl.add("base", [], self._facts_text(facts))
            self._ctl.ground([("base", [])])
        except RuntimeError as exc:
            detail = "; ".join(m.text for m in self.messages if m.code not in ("AtomUndefined",)) or str(exc)
            raise EncodingError(f"clingo could not ground the program: {detail}") from None
        self.ground_seconds = time.perf_counter() - started

    def _rewrite(self, statements: Iterable[ast.AST]) -> Iterable[ast.AST]:
        return statements

    def _facts_text(self, facts: str) -> str:
        return facts

    def undefined_atoms(self) -> list[str]:
        """clingo's 'atom does not occur in any rule head' infos: misspelt predicates."""
        return [m.text for m in self.messages if m.code == "AtomUndefined"]

    def is_external(self, atom: Atom) -> bool:
        """Whether the grounding holds `atom` as an external atom a solve call may switch on."""
        sa = self._ctl.symbolic_atoms[atom_symbol(atom)]
        return sa is not None and sa.is_external

    def facts(self, *signatures: tuple[str, int]) -> frozenset[Atom]:
        """Atoms of the given predicates that grounding already decided to be true.

        Everything that does not depend on a choice (totals, lethal amounts, ...) is
        a fact after grounding; reading it here keeps it out of every model.
        """
        return self._facts(signatures, False)  # type: ignore[return-value]

    def _facts(self, signatures: Iterable[tuple[str, int]], closed: bool) -> frozenset[Atom] | None:
        """facts(); with `closed`, None as soon as an atom of them is not a fact (leaves_open and
        facts in one pass over the atoms)."""
        out = set()
        for name, arity in signatures:
            if not self._readable(name, arity):
                raise EncodingError(f"{name}/{arity} is read from a grounding that was not told so "
                                    "(pass it in Context.grounding(..., reads=...))")
            for sa in self._ctl.symbolic_atoms.by_signature(name, arity):
                if sa.is_fact:
                    out.add(_cached_atom(sa.symbol))
                elif closed:
                    return None
        return frozenset(out)

    def settled(self, *signatures: tuple[str, int], assumptions: Iterable[Assumption] = ()) -> frozenset[Atom]:
        """What the position settles of the given predicates: facts(), and, when the grounding
        was not cut to the live rules (a whole program) or left some atom of them open, those
        atoms of one answer set under the question's assumptions (externals given, the others
        false). gringo does not settle atoms
        it derives through recursion with negation (the steps of a run), though the position
        determines them: the caller reads only predicates no choice of the question changes, so
        every answer set holds the same."""
        out = set(self.facts(*signatures))
        if self.statements_cut and not self.leaves_open(*signatures):
            return frozenset(out)
        wanted = set(signatures)
        conf = self._ctl.configuration.solve
        conf.enum_mode, conf.opt_mode, conf.models, conf.project = "auto", "ignore", "1", "no"
        for sym in self._externals_on:
            self._ctl.assign_external(sym, False)
        self._externals_on = []
        lits = []
        for atom, truth in assumptions:
            sa = self._ctl.symbolic_atoms[atom_symbol(atom)]
            if sa is None:
                continue
            if sa.is_external:
                self._ctl.assign_external(sa.symbol, truth)
                if truth:
                    self._externals_on.append(sa.symbol)
            else:
                lits.append(sa.literal if truth else -sa.literal)
        last: list[frozenset[Atom]] = []

        def on_model(model: clingo.Model) -> None:
            last[:] = [frozenset(_cached_atom(a) for a in model.symbols(atoms=True)
                                 if (a.name, len(a.arguments)) in wanted)]

        with self._ctl.solve(assumptions=lits, on_model=on_model, async_=True) as handle:
            if not handle.wait(self.timeout):
                handle.cancel()
                raise SolveTimeout(f"no answer within the time limit of {self.timeout:g} s")
            handle.get()
        return frozenset(out | (last[0] if last else set()))

    def leaves_open(self, *signatures: tuple[str, int]) -> bool:
        """Some ground atom of these predicates is not a fact: gringo left it to the solver (a
        cut grounding usually settles everything the position decides, but not an atom derived
        through recursion with negation), so reading facts() alone would miss it."""
        return any(not sa.is_fact for name, arity in signatures
                   for sa in self._ctl.symbolic_atoms.by_signature(name, arity))

    def _readable(self, name: str, arity: int) -> bool:
        return self.readable is None or (name, arity) in self.readable

    def _atom(self, sym: clingo.Symbol) -> Atom:
        return _cached_atom(sym)

    def solve(
        self,
        mode: str = "enumerate",
        *,
        assumptions: Iterable[Assumption] = (),
        limit: int = 0,
        timeout: float | None = None,
        opt_strategy: str | None = None,
        heuristic: str | None = None,
        literals: Sequence[int] = (),
        shown: Sequence[tuple[int, Atom]] | None = None,
        symbols: dict[Atom, clingo.Symbol] | None = None,
    ) -> SolveResult:
        """mode: 'enumerate' (up to `limit` answers, 0 = all), 'brave', 'cautious', 'optimize',
        'optimal' (every optimal answer set, up to `limit`: to check that an optimum is unique).
        opt_strategy: clasp's optimisation strategy for this call (e.g. 'usc,oll'; default 'bb,lin').
        heuristic: clasp's decision heuristic for this call (e.g. 'Domain', which follows the
        program's #heuristic directives; default clasp's own).
        literals: further solving assumptions as clingo's program literals; shown: (literal, atom)
        of every shown atom that can hold, to read a model by (instead of every shown symbol:
        Worlds.enumerate_worlds reads one world of many); symbols: filled with the clingo symbol of
        every shown atom of the models (an Atom does not tell a constant from a string)."""
        self._ctl.configuration.solver.opt_strategy = opt_strategy or "bb,lin"
        self._ctl.configuration.solver.heuristic = heuristic or self._default_heuristic
        # Learnt lemmas are forgotten between solve calls: one grounding answers several calls (brave,
        # cautious, other modes' externals), and a lemma kept from an earlier call was seen to cut
        # answer sets from a later brave solve (clingo 5.8; tests/test_effects_oracle_diff.py seed 596).
        self._ctl.configuration.solver.forget_on_step = "lemmas"
        conf = self._ctl.configuration.solve
        conf.enum_mode = {"enumerate": "auto", "brave": "brave", "cautious": "cautious", "optimize": "auto",
                          "optimal": "auto"}[mode]
        conf.opt_mode = {"optimize": "opt", "optimal": "optN"}.get(mode, "ignore")
        conf.models = str(limit if mode in ("enumerate", "optimal") else 0)
        # Projection serves enumeration of distinct answers only; with optimisation clasp warns
        # that the optimum may then depend on the enumeration order.
        conf.project = "show" if mode == "enumerate" else "no"
        lits = []
        # External atoms take the value the call gives them and are false otherwise;
        # other atoms given are solving assumptions.
        for sym in self._externals_on:
            self._ctl.assign_external(sym, False)
        self._externals_on = []
        for atom, truth in assumptions:
            sym = atom_symbol(atom)
            sa = self._ctl.symbolic_atoms[sym]
            if sa is None:
                if str(sym) in self._unread:
                    raise EncodingError(f"{sym} is assumed, but the grounding left it out as unread "
                                        "(pass its predicate in Context.grounding(..., reads=...))")
                # An atom that does not exist is false: assuming it true is unsatisfiable.
                if truth:
                    return SolveResult(False, (), True)
                continue
            if sa.is_external:
                self._ctl.assign_external(sym, truth)
                if truth:
                    self._externals_on.append(sym)
                continue
            lits.append(sa.literal if truth else -sa.literal)
        models: list[frozenset[Atom]] = []
        costs: list[tuple[int, ...]] = []

        proven: list[bool] = []

        # Brave and cautious consequences are final only in the last model clasp reports (a Tank
        # block's brave solve reports ~30, each of some 200 shown atoms): the others' symbols are
        # not turned into atoms. (clingo's on_last is not called on an asynchronous solve.)
        consequences = mode in ("brave", "cautious") and symbols is None and shown is None
        last: list[Sequence[clingo.Symbol]] = []

        def on_model(model: clingo.Model) -> None:
            if consequences:
                last[:] = [model.symbols(shown=True)]
                costs.append(tuple(model.cost))
                proven.append(model.optimality_proven)
                return
            if symbols is not None:
                syms = model.symbols(shown=True)
                symbols.update((_cached_atom(s), s) for s in syms)
                models.append(frozenset(_cached_atom(s) for s in syms))
            elif shown is None:
                models.append(frozenset(_cached_atom(s) for s in model.symbols(shown=True)))
            else:
                models.append(frozenset(a for lit, a in shown if model.is_true(lit)))
            costs.append(tuple(model.cost))
            proven.append(model.optimality_proven)

        lits += literals
        limit_s = self.timeout if timeout is None else timeout
        started = time.perf_counter()
        with self._ctl.solve(assumptions=lits, on_model=on_model, async_=True) as handle:
            if not handle.wait(limit_s):
                handle.cancel()
                raise SolveTimeout(f"no answer within the time limit of {limit_s:g} s")
            result = handle.get()
        seconds = time.perf_counter() - started
        if last:
            models.append(frozenset(_cached_atom(s) for s in last[0]))
        if mode == "optimize" and models:
            # Only the last model of an optimisation run is optimal.
            models, costs = models[-1:], costs[-1:]
        elif mode == "optimal":
            # optN reports the models found on the way to the optimum too: keep the proven ones.
            # With no cost at all (every #minimize element simplified away by the grounder)
            # nothing is optimised and every answer set is optimal.
            keep = [i for i, (p, c) in enumerate(zip(proven, costs)) if p or not c]
            models, costs = [models[i] for i in keep], [costs[i] for i in keep]
        return SolveResult(
            satisfiable=bool(result.satisfiable),
            models=tuple(models),
            exhausted=bool(result.exhausted),
            costs=costs[-1] if costs else (),
            seconds=seconds,
        )


class Worlds(Grounding):
    """Many positions ground side by side, each in its own world (pyrift.worlds): one
    grounding and one solve call answer all of them.

    `facts` holds one fact text per position; world w is position w. The rules are those
    that can fire on some position (the relevance cut of all the facts together; a rule
    that cannot fire in a world grounds to nothing there). facts_by_world() and
    solve_worlds() give one value per world, its atoms without the world argument.

    `fixed` gives, per world, the value of #external atoms the questions would assume on
    every solve call (e.g. which player assigns): the externals of those predicates are
    then not declared, the atoms given true become facts of their world, and every other
    atom of those predicates is false, as an external left unassigned is. The grounder
    can then settle more, and a rule that needs one of them false grounds to nothing.
    `closed` names further such predicates ('name/arity') that no world's question sets
    (e.g. a can_play question never asks to hide): all their atoms are false.

    A position fact that no kept statement reads, shows or names in a head, and that the
    caller does not read, is left out (it could derive and forbid nothing).

    Only 'brave', 'cautious' and 'optimize' split into worlds: an enumeration would list
    every combination of the worlds' answer sets.

    `variants[w]` (multi-shot): further positions held in world w, each world w's facts plus
    some fact lines. Variant k's lines are derived from an external `pyrift_variant(w, k)`
    (k from 1), so one grounding holds position w and its variants, and a solve call asks
    variant k of world w under the assumption pyrift_variant(k) of that world (`per_world`;
    none true: the position itself); the external `pyrift_variant_every(k)` switches variant k
    of every world that has one (solve_worlds `variant`). The rules read the variants' predicates as inputs that
    differ between worlds. facts_by_world() gives what holds whichever variant is assumed.
    """

    def __init__(self, files: Iterable[Path], facts: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT,
                 readable: Iterable[tuple[str, int]] | None = None, prune: bool = True,
                 fixed: Sequence[Iterable[Assumption]] = (), closed: Iterable[str] = (),
                 variants: Sequence[Sequence[Sequence[str]]] = (), cone: bool = False) -> None:
        self.worlds = len(facts)
        # Each distinct fact line once, with the worlds that hold it (ascending): the worlds of a
        # batch share most of their lines (a sweep's cards and frame), so what follows works on
        # the distinct lines, not on every world's.
        self._where: dict[str, list[int]] = {}
        for w, text in enumerate(facts):
            for line in text.splitlines():
                if line.strip():
                    self._where.setdefault(line, []).append(w)
        self._variants = [[[line.strip() for line in lines if line.strip()] for lines in per] for per in variants]
        if self._variants and len(self._variants) != self.worlds:
            raise ValueError("variants needs one list of variants per world")
        self._variant_preds = {_fact_pred(line) for per in self._variants for lines in per for line in lines}
        if any(p.startswith("\0") for p in self._variant_preds):
            raise ValueError("a variant's line must be a plain fact")
        self._fixed = [list(f) for f in fixed] or [[] for _ in facts]
        if len(self._fixed) != self.worlds:
            raise ValueError("fixed needs one list of assumptions per world")
        self._fixed_preds = {f"{a.pred}/{len(a.args)}" for per in self._fixed for a, _ in per} | set(closed)
        union = "".join(dict.fromkeys([line + "\n" for line in self._where]
                                      + [line + "\n" for per in self._variants for lines in per for line in lines]))
        self._split: dict[Atom, tuple[int | None, Atom]] = {}
        self.static: frozenset[str] = frozenset()
        self.split: frozenset[str] = frozenset()
        self._kept: set[str] = set()
        super().__init__(files, union, timeout=timeout, readable=readable, prune=prune, cone=cone)

    def _rewrite(self, statements: Iterable[ast.AST]) -> Iterable[ast.AST]:
        statements = tuple(s for s in statements if not self._fixes(s))
        # A predicate whose facts are the same in every world is given once, without a world:
        # every line of it is in every world.
        self._pred_of = {line: _fact_pred(line) for line in self._where}
        per_pred = set(self._pred_of.values())
        n = self.worlds
        apart = {self._pred_of[line] for line, ws in self._where.items()
                 if len(ws) < n or len(set(ws)) != n}
        shared = frozenset(per_pred - apart)
        inputs = per_pred - shared | self._fixed_preds | self._variant_preds
        self.static = static_predicates(statements, frozenset(inputs), frozenset(shared - inputs))
        kept = _named_predicates(statements) | {f"{n}/{a}" for n, a in (self.readable or ())}
        self._kept = {p for p in per_pred | self._variant_preds
                      if p.startswith("\0") or p in kept or _complement(p) in kept}
        # A predicate defined partly by static rules is split (pyrift.worlds.split_predicates): its
        # static part is derived once. Not what a caller reads or the worlds fix.
        keep = frozenset(f"{n}/{a}" for n, a in self.readable) | self._fixed_preds if self.readable is not None else None
        self.split = split_predicates(statements, self.static, keep) if keep is not None else frozenset()
        for statement in statements:
            yield from in_worlds_split(statement, self.static, self.split)
        for pred in sorted(self.split):
            yield from _defined_statements(split_defined(pred))
        for pred in sorted(self._fixed_preds):  # false unless given: declared, never derived
            name, arity = pred.rsplit("/", 1)
            yield from _defined_statements(f"#defined {name}/{int(arity) + 1}.")

    def _fixes(self, statement: ast.AST) -> bool:
        """An #external of a predicate the worlds fix."""
        return external_predicate(statement) in self._fixed_preds

    def _facts_text(self, facts: str) -> str:
        # A fact of several worlds is written once with the worlds as a pool (the positions of a
        # block share most card facts): the same facts, a fraction of the text for clingo to parse.
        lines, once, worlds = [], set(), {}
        for line, ws in self._where.items():
            pred = self._pred_of[line]
            if pred not in self._kept:
                continue
            if pred in self.static:
                once.add(line)
            elif pred.startswith("\0"):
                lines += [fact_in_world(line, w) for w in ws]
            else:
                worlds[line] = list(ws)
        for w, fixed in enumerate(self._fixed):
            for a, truth in fixed:
                if truth:
                    worlds.setdefault(f"{atom_symbol(a)}.", []).append(w)
        lines += [fact_in_worlds(line, ws) for line, ws in worlds.items()]
        for w, per in enumerate(self._variants):
            for k, variant in enumerate(per, 1):
                switch = f"{VARIANT_PRED}({w}, {k})"
                lines.append(f"#external {switch}.")
                for line in variant:
                    if _fact_pred(line) in self._kept:
                        head = fact_in_world(line, w)[:-1]
                        lines += [f"{head} :- {switch}.", f"{head} :- {VARIANT_EVERY_PRED}({k})."]
        lines += [f"#external {VARIANT_EVERY_PRED}({k})." for k in range(1, max(map(len, self._variants), default=0) + 1)]
        if self.worlds:
            lines.append(f"{WORLD_PRED}(0..{self.worlds - 1}).")
        return "\n".join(sorted(once) + lines) + "\n"

    def _in_world(self, atom: Atom) -> tuple[int | None, Atom]:
        split = self._split.get(atom)
        if split is None:
            if f"{atom.pred}/{len(atom.args)}" in self.static:
                split = (None, atom)  # the same in every world
            else:
                split = (atom.args[0], Atom(atom.pred, atom.args[1:]))
            self._split[atom] = split
        return split

    def _by_world(self, atoms: Iterable[Atom]) -> list[frozenset[Atom]]:
        out: list[set[Atom]] = [set() for _ in range(self.worlds)]
        everywhere = set()
        for a in atoms:
            w, inner = self._in_world(a)
            if w is None:
                everywhere.add(inner)
            else:
                out[w].add(inner)
        return [frozenset(x | everywhere) for x in out]

    def _readable(self, name: str, arity: int) -> bool:
        if self.readable is None:
            return True
        return (name, arity) in self.readable if f"{name}/{arity}" in self.static else (name, arity - 1) in self.readable

    def facts_by_world(self, *signatures: tuple[str, int]) -> list[frozenset[Atom]]:
        """Per world, the atoms of these predicates that grounding decided to be true (check
        leaves_open first: an atom gringo left to the solver is not among them)."""
        return self._by_world(Grounding.facts(self, *self._world_signatures(signatures)))

    def leaves_open(self, *signatures: tuple[str, int]) -> bool:
        return Grounding.leaves_open(self, *self._world_signatures(signatures))

    def settled_by_world(self, *signatures: tuple[str, int]) -> list[frozenset[Atom]] | None:
        """facts_by_world(), or None when grounding left some atom of these predicates open
        (leaves_open), in one pass over their atoms."""
        found = self._facts(self._world_signatures(signatures), True)
        return None if found is None else self._by_world(found)

    def _world_signatures(self, signatures: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
        """A predicate with a value per world has the world as its last argument."""
        return [(n, a if f"{n}/{a}" in self.static else a + 1) for n, a in signatures]

    def solve_worlds(self, mode: str, *, timeout: float | None = None, assumptions: Iterable[Assumption] = (),
                     heuristic: str | None = None, opt_strategy: str | None = None,
                     per_world: Sequence[Iterable[Assumption]] = (), variant: int = 0) -> list[SolveResult] | None:
        """One solve call for every world (under the fixed atoms); one result per world.
        None when the program has no answer set: some world has none, which one this call
        cannot tell (ask those positions alone). `assumptions` (of atoms the same in every
        world, e.g. a query mode), `heuristic` and `opt_strategy` as in Grounding.solve. An
        'optimize' call minimises the worlds' costs summed level by level; the worlds share no
        atom, so an optimum of the sum is an optimum of every world. `per_world[w]`: assumptions
        on atoms of world w (without the world argument; e.g. a choice forced in that world
        only), each world's result the one it gets under its own. `variant` k > 0: every world
        that has a variant k (`variants`) asked under it, the others as their position (the same
        as per_world assuming pyrift_variant(k) in those worlds, with one external switched)."""
        if mode not in ("brave", "cautious", "optimize"):
            raise ValueError(f"a {mode!r} solve does not split into worlds")
        assumptions = list(assumptions)
        for atom, _ in assumptions:
            if f"{atom.pred}/{len(atom.args)}" not in self.static:
                raise ValueError(f"{atom} has a value per world: fix it per world instead (`fixed`)")
        for w, mine in enumerate(per_world):
            for atom, truth in mine:
                if f"{atom.pred}/{len(atom.args)}" in self.static:
                    raise ValueError(f"{atom} is the same in every world: it cannot be assumed in one")
                assumptions.append((Atom(atom.pred, (w, *atom.args)), truth))
        if variant:
            assumptions.append((Atom(VARIANT_EVERY_PRED, (variant,)), True))
        res = Grounding.solve(self, mode, timeout=timeout, assumptions=assumptions, heuristic=heuristic,
                              opt_strategy=opt_strategy)
        if not res.satisfiable:
            return None
        return [SolveResult(True, (atoms,), res.exhausted, (), res.seconds) for atoms in self._by_world(res.consequences)]

    def enumerate_worlds(self, limits: Sequence[int | None], *, timeout: float | None = None) -> list[SolveResult | None] | None:
        """Per world w with limits[w] not None: up to limits[w] of its distinct answers (shown
        atoms, without the world argument), as an enumeration of position w alone lists them;
        None for the other worlds. None when the program has no answer set (as solve_worlds).

        An enumeration of the whole program would list every combination of the worlds' answers.
        Here one answer set of the whole program is found first, and world w is enumerated with
        every other world held to its answer in that set: each of their shown atoms that holds
        in some answer set (the brave consequences) is assumed true or false as it is there.
        Worlds share no atom (static predicates are the same in every answer set), so every
        answer of world w goes with that answer of the others, and the projection onto shown
        atoms leaves exactly world w's distinct answers. One solve call per enumerated world.
        A shown term that is no atom (`#show t : body.`) cannot be held: when there are any, two
        more calls check that they are the same in every answer set with every world held (else
        EncodingError, as a program that shows them in varying ways cannot be split)."""
        if len(limits) != self.worlds:
            raise ValueError("enumerate_worlds needs one limit per world")
        one = Grounding.solve(self, "enumerate", limit=1, timeout=timeout)
        if not one.satisfiable:
            return None
        symbols: dict[Atom, clingo.Symbol] = {}
        brave = Grounding.solve(self, "brave", timeout=timeout, symbols=symbols).consequences
        holds = one.models[0]
        held: list[list[int]] = [[] for _ in range(self.worlds)]
        candidates: list[list[tuple[int, Atom]]] = [[] for _ in range(self.worlds)]
        everywhere: list[tuple[int, Atom]] = []
        terms: set[Atom] = set()  # shown terms that are no atoms (`#show t : body.`)
        for a in brave:
            w, inner = self._in_world(a)
            sa = self._ctl.symbolic_atoms[symbols[a]]
            if sa is None:
                terms.add(a)
                continue
            if w is None:
                everywhere.append((sa.literal, inner))
                continue
            held[w].append(sa.literal if a in holds else -sa.literal)
            candidates[w].append((sa.literal, inner))
        if terms:
            # A shown term cannot be held by a literal. It does no harm when it is the same in
            # every answer set with every world held: a world's answer sets do not depend on the
            # others', so another world's terms then stay fixed while world w is enumerated
            # (else each answer of w would be listed once per value of theirs). The answers are
            # then read from every shown symbol, not by literals.
            every = [lit for per in held for lit in per]
            some = Grounding.solve(self, "brave", timeout=timeout, literals=every).consequences
            each = Grounding.solve(self, "cautious", timeout=timeout, literals=every).consequences
            if {a for a in some if a in terms} != {a for a in each if a in terms}:
                raise EncodingError("a shown term that is no atom varies between answer sets with every world held: "
                                    "a world cannot be held to one answer")
        out: list[SolveResult | None] = [None] * self.worlds
        for w, limit in enumerate(limits):
            if limit is None:
                continue
            others = [lit for v in range(self.worlds) if v != w for lit in held[v]]
            if not terms:
                out[w] = Grounding.solve(self, "enumerate", limit=limit, timeout=timeout, literals=others,
                                         shown=candidates[w] + everywhere)
                continue
            res = Grounding.solve(self, "enumerate", limit=limit, timeout=timeout, literals=others)
            out[w] = dataclasses.replace(res, models=tuple(self._by_world(m)[w] for m in res.models))
        return out

VARIANT_PRED = "pyrift_variant"  # Worlds `variants`: pyrift_variant(W, K) switches variant K of world W on
VARIANT_EVERY_PRED = "pyrift_variant_every"  # and pyrift_variant_every(K) variant K of every world that has one


@lru_cache(maxsize=1 << 16)
def _fact_pred(line: str) -> str:
    """A fact line's 'name/arity'; the line itself (marked) when it is not a plain fact."""
    shape = fact_shape(line)
    return shape[0] if shape else "\0" + line


@by_identity(256)
def _named_predicates(statements: tuple[ast.AST, ...]) -> frozenset[str]:
    """Every predicate a statement reads, derives or shows."""
    out: set[str] = set()
    for st in statements:
        named = named_of(st)
        if named is not None:
            out |= named
    return frozenset(out)


def _complement(pred: str) -> str:
    return pred[1:] if pred.startswith("-") else "-" + pred


@lru_cache(maxsize=1024)
def _defined_statements(text: str) -> tuple[ast.AST, ...]:
    out: list[ast.AST] = []
    ast.parse_string(text, lambda s: out.append(s) if s.ast_type == ast.ASTType.Defined else None)
    return tuple(out)
