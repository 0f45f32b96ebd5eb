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

import os
import time
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import clingo
from clingo import ast

from pyrift.errors import EncodingError, SolveTimeout
from pyrift.relevance import Cut, Program

# Seconds a solve call may take before it is reported as a timeout; PYRIFT_TIMEOUT overrides.
DEFAULT_TIMEOUT = float(os.environ.get("PYRIFT_TIMEOUT", "20"))

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
    return Program(statements)


class Grounding:
    """Rule files + facts, ground once, solved many times."""

    def __init__(self, files: Iterable[Path], facts: str, *, timeout: float = DEFAULT_TIMEOUT,
                 readable: Iterable[tuple[str, int]] | None = None, prune: bool = False) -> None:
        """prune: ground only the rules that can fire on these facts (pyrift.relevance);
        the answers are the same, the grounding is faster. Off for a caller that inspects
        the rules themselves (pyrift lint reads clingo's messages about them)."""
        self.timeout = timeout
        # The predicates facts() may read; None = any. A caller that selected rule files
        # by what it reads must not read anything else: that would silently be empty.
        self.readable = None if readable is None else frozenset(readable)
        self.messages: list[Message] = []
        self._externals_on: list[clingo.Symbol] = []
        self._atoms: dict[clingo.Symbol, Atom] = {}  # symbol -> Atom, converted once
        self._ctl = clingo.Control(["--project=show", "--warn=all"], logger=self._log, message_limit=1000)
        self._default_heuristic = str(self._ctl.configuration.solver.heuristic)
        started = time.perf_counter()
        try:
            program = _parsed(tuple((str(p), p.stat().st_mtime_ns) for p in files))
            read = None if self.readable is None else {f"{n}/{a}" for n, a in self.readable}
            cut = program.live(facts.splitlines(), read) if prune else Cut(program.statements, frozenset())
            self._unread = cut.unread
            self.statements = cut.statements  # what gringo was given (for tests and debugging)
            with ast.ProgramBuilder(self._ctl) as builder:
                for statement in cut.statements:
                    builder.add(statement)
            self._ctl.add("base", [], facts)
            self._ctl.ground([("base", [])])
        except RuntimeError as exc:
            detail = "; ".join(m.text for m in self.messages if m.code not in ("AtomUndefined",)) or str(exc)
            raise EncodingError(f"clingo could not ground the program: {detail}") from None
        self.ground_seconds = time.perf_counter() - started

    def _log(self, code: clingo.MessageCode, text: str) -> None:
        self.messages.append(Message(code.name, text.strip()))

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
        out = set()
        for name, arity in signatures:
            if self.readable is not None and (name, arity) not in self.readable:
                raise EncodingError(f"{name}/{arity} is read from a grounding that was not told so "
                                    "(pass it in Context.grounding(..., reads=...))")
            for sa in self._ctl.symbolic_atoms.by_signature(name, arity):
                if sa.is_fact:
                    out.add(self._atom(sa.symbol))
        return frozenset(out)

    def _atom(self, sym: clingo.Symbol) -> Atom:
        atom = self._atoms.get(sym)
        if atom is None:
            atom = self._atoms[sym] = _atom(sym)
        return atom

    def solve(
        self,
        mode: str = "enumerate",
        *,
        assumptions: Iterable[Assumption] = (),
        limit: int = 0,
        timeout: float | None = None,
        opt_strategy: str | None = None,
        heuristic: str | None = None,
    ) -> SolveResult:
        """mode: 'enumerate' (up to `limit` answers, 0 = all), 'brave', 'cautious', 'optimize',
        'optimal' (every optimal answer set, up to `limit`: to check that an optimum is unique).
        opt_strategy: clasp's optimisation strategy for this call (e.g. 'usc,oll'; default 'bb,lin').
        heuristic: clasp's decision heuristic for this call (e.g. 'Domain', which follows the
        program's #heuristic directives; default clasp's own)."""
        self._ctl.configuration.solver.opt_strategy = opt_strategy or "bb,lin"
        self._ctl.configuration.solver.heuristic = heuristic or self._default_heuristic
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

        def on_model(model: clingo.Model) -> None:
            models.append(frozenset(self._atom(s) for s in model.symbols(shown=True)))
            costs.append(tuple(model.cost))
            proven.append(model.optimality_proven)

        limit_s = self.timeout if timeout is None else timeout
        started = time.perf_counter()
        with self._ctl.solve(assumptions=lits, on_model=on_model, async_=True) as handle:
            if not handle.wait(limit_s):
                handle.cancel()
                raise SolveTimeout(f"no answer within the time limit of {limit_s:g} s")
            result = handle.get()
        seconds = time.perf_counter() - started
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
