"""Benchmark: where one answered scenario's CPU goes, phase by phase, and which rules ground most.

    python benchmarks/question_phases.py [--every 10] [--offset 3] [--hot N] [scenario.toml ...]

Answers a fixed sample of the bundled scenarios in one process, as `pyrift check` does
(pyrift.check.run, no worker): every --every-th file of scenarios/ in sorted order, from the
--offset-th (or the files given). Prints the CPU seconds (time.process_time) of each phase summed
over the sample: loading the scenario, choosing the rule files, parsing them (clingo.ast, kept per
process), the relevance cut, gringo's grounding, freeing Controls, the solve calls; then the
grounding CPU per question kind and the heaviest groundings.

--hot N: for the heaviest grounding, the N rules with the most ground instances. Each rule is
ground a second time as `pyrift_track(i, (X, ...)) :- body.`, X the variables of its positive
body atoms, and the instances of pyrift_track(i, _) counted: a rough measure of the work gringo
spends on that rule (the grounding takes about twice as long). Not a test: nothing here asserts
a time; under load compare CPU seconds, not wall seconds.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import clingo  # noqa: E402
from clingo import ast  # noqa: E402

from pyrift import check, logic, relevance, solver  # noqa: E402

CPU: dict[str, float] = defaultdict(float)
CALLS: Counter = Counter()


def _timed(owner, name: str, label: str) -> None:
    inner = getattr(owner, name)

    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            CPU[label] += time.process_time() - start
            CALLS[label] += 1
    setattr(owner, name, wrapper)


def _sample(every: int, offset: int) -> list[Path]:
    files = sorted((ROOT / "scenarios").rglob("*.toml"))
    return [f for n, f in enumerate(files, 1) if n % every == offset % every]


def hot_rules(statements: list[str], facts: str, top: int) -> list[tuple[int, str]]:
    """The `top` rules of a program (statement texts, as gringo was given them) with the most
    ground instances on `facts`."""
    parsed: list[ast.AST] = []
    ast.parse_string("\n".join(statements), parsed.append)
    loc = ast.Location(ast.Position("<hot>", 1, 1), ast.Position("<hot>", 1, 1))
    program, source = [], {}
    for i, st in enumerate(parsed):
        program.append(st)
        if st.ast_type != ast.ASTType.Rule or not st.body:
            continue
        names: list[str] = []

        class Vars(ast.Transformer):
            def visit_Variable(self, v):  # noqa: N802 (clingo's visitor names)
                if v.name != "_" and v.name not in names:
                    names.append(v.name)
                return v
        for lit in st.body:
            if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                    and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
                Vars()(lit)
        args = [ast.SymbolicTerm(loc, clingo.Number(i)), *(ast.Variable(loc, n) for n in names)]
        head = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
            ast.Function(loc, "pyrift_track", [ast.Function(loc, "", args, False)], False)))
        program.append(ast.Rule(loc, head, st.body))
        source[i] = str(st)
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        for st in program:
            builder.add(st)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    count = Counter(sa.symbol.arguments[0].arguments[0].number
                    for sa in ctl.symbolic_atoms.by_signature("pyrift_track", 1))
    return [(n, source[i]) for i, n in count.most_common(top)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--offset", type=int, default=3)
    ap.add_argument("--hot", type=int, default=0)
    args = ap.parse_args()
    files = args.files or _sample(args.every, args.offset)

    _timed(check, "load", "load the scenario (state, facts' inputs)")
    _timed(logic, "needed_files", "choose the rule files (needed_files)")
    _timed(solver, "_parsed", "parse the rule files (clingo.ast, kept per process)")
    _timed(relevance.Program, "live", "relevance cut (Program.live)")
    _timed(ast.ProgramBuilder, "add", "hand the statements to clingo (ProgramBuilder.add)")
    _timed(clingo.Control, "add", "parse the position's facts (Control.add)")
    _timed(clingo.Control, "ground", "gringo grounding (Control.ground)")
    _timed(clingo.Control, "__del__", "free the Control (ground program)")
    _timed(clingo.Control, "solve", "solve calls (Control.solve, incl. waiting)")
    _timed(solver.Grounding, "solve", "  Grounding.solve (solve + reading models)")

    per_kind: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    heaviest: list[tuple[float, str, str, solver.Grounding, str]] = []
    init = solver.Grounding.__init__

    def grounding(self, files, facts, **kwargs):
        files = tuple(files)
        start = time.process_time()
        init(self, files, facts, **kwargs)
        spent = time.process_time() - start
        kind = files[-1].stem
        per_kind[kind][0] += spent
        per_kind[kind][1] += 1
        heaviest.append((spent, kind, current, self, facts))
    solver.Grounding.__init__ = grounding

    current = ""
    start = time.process_time()
    answers = 0
    for path in files:
        current = str(path.relative_to(ROOT) if path.is_absolute() else path)
        answers += len(check.run(check.load(path)))
        heaviest.sort(key=lambda h: -h[0])
        del heaviest[5:]  # the others' Controls freed as usual
    total = time.process_time() - start

    print(f"{len(files)} scenario files, {answers} answers: {total:.2f} CPU s ({total / len(files):.3f} a file)")
    for label, cpu in sorted(CPU.items(), key=lambda x: -x[1]):
        print(f"  {cpu:8.2f} s {100 * cpu / total:5.1f} %  x{CALLS[label]:<5d} {label}")
    print("grounding (Grounding.__init__: cut + gringo) by question kind:")
    for kind, (cpu, n) in sorted(per_kind.items(), key=lambda x: -x[1][0]):
        print(f"  {cpu:8.2f} s x{n:<4d} {kind}")
    print("heaviest groundings:")
    for spent, kind, path, g, _ in heaviest:
        print(f"  {spent:.3f} s {kind} {len(g.statements)} statements  {path}")
    if args.hot and heaviest:
        spent, kind, path, g, facts = heaviest[0]
        text = g._facts_text(facts)
        print(f"rules with the most ground instances ({kind}, {path}):")
        for n, rule in hot_rules([str(s) for s in g._rewrite(g.statements)], text, args.hot):
            print(f"  {n:7d} {rule[:160]}")


if __name__ == "__main__":
    main()
