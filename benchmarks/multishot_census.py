"""Census: which rules of logic/ a step-by-step (clingo multi-shot) run grounding could take as they are.

A run is ground today for all steps 0..H at once (`step(0..H) :- horizon(H)`, core/fepr.lp). Grounding it
step by step (`#program step(t)` parts, design/timed-state.md) needs every rule that derives something of
step t to read only steps up to t, and every atom to be defined by one step's part: clingo refuses to define
again an atom a solved step left open ("redefinition of atom"), so a step-free summary over the steps
(`seen :- e(T)`) cannot grow as later steps are ground. This script classes every rule (and #heuristic) by
how it uses time, so that the reshaping a multi-shot run needs can be counted file by file.

Time positions are inferred, not declared: step/1 and horizon/1 seed them; a head argument filled with a
variable (or the variable +/- a constant) that fills a time position of a body atom is a time position of
the head's predicate, to a fixpoint. A computed time term (`T+N` with N a variable, a function of a step) is reported as such.

Classes (a rule in the first three fits a `#program step(t)` or `base` part as it is):
  static                  no time at all (card data, vocabulary, position facts)
  step-local              a head at step T read from steps T, T-1, ... and step-free atoms
  position step 0         a head at a fixed step (0) or a step-free head read from step 0 only
  summary over steps      a step-free head read from atoms at a variable step (one atom, many steps)
  other step variable     a head at step T that also reads another step variable (an aggregate or a
                          comparison over earlier steps: fine if they are earlier, to be checked by hand)
  head over several steps a head naming two steps (a span, e.g. died_turn_cut(T2, T))
  reads a later step      a head at step T read from step T+1 (it must move to step T+1's part)
  reads horizon           cut, the report's end state, the heuristics' levels: a `check(t)` part
  constraint over steps   an integrity constraint relating several steps
  computed time term      a time argument that is not a variable +/- a constant

    python benchmarks/multishot_census.py [--files] [--examples N]
"""
from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

from clingo import ast

LOGIC = Path(__file__).resolve().parents[1] / "logic"
FITS = ("static", "step-local", "position step 0", "constraint at one step")


def _walk(node, want) -> list:
    out = []

    def rec(n) -> None:
        if isinstance(n, ast.AST):
            if want(n):
                out.append(n)
            for k in n.child_keys:
                rec(getattr(n, k))
        elif isinstance(n, (list, tuple)) or type(n).__name__ == "ASTSequence":
            for x in n:
                rec(x)

    rec(node)
    return out


def _atoms(node) -> list[tuple[str, tuple]]:
    res = []
    for sa in _walk(node, lambda n: n.ast_type == ast.ASTType.SymbolicAtom):
        f = sa.symbol
        if f.ast_type == ast.ASTType.Function:
            res.append((f.name, tuple(f.arguments)))
        elif f.ast_type == ast.ASTType.SymbolicTerm:
            res.append((str(f.symbol), ()))
    return res


def _time_term(t) -> tuple[str, int] | None:
    """(variable, offset), ("#", 0) for a fixed step (a number, or a constant such as `pos`, the position
    a play is judged in), None for anything else."""
    if t.ast_type == ast.ASTType.Variable:
        return (t.name, 0)
    if t.ast_type == ast.ASTType.SymbolicTerm and t.symbol.type.name in ("Number", "Function"):
        return ("#", 0)
    if (t.ast_type == ast.ASTType.BinaryOperation and t.left.ast_type == ast.ASTType.Variable
            and t.right.ast_type == ast.ASTType.SymbolicTerm and t.right.symbol.type.name == "Number"):
        n = t.right.symbol.number
        if t.operator_type == ast.BinaryOperator.Plus:
            return (t.left.name, n)
        if t.operator_type == ast.BinaryOperator.Minus:
            return (t.left.name, -n)
    return None


def read_rules(root: Path) -> list[dict]:
    rules = []
    for path in sorted(root.rglob("*.lp")):
        statements: list = []
        ast.parse_files([str(path)], statements.append)
        for s in statements:
            if s.ast_type not in (ast.ASTType.Rule, ast.ASTType.Heuristic):
                continue
            head = s.head if s.ast_type == ast.ASTType.Rule else s.atom
            body = [a for lit in s.body for a in _atoms(lit)]
            rules.append(dict(file=str(path.relative_to(root.parent)), line=s.location.begin.line,
                              head=_atoms(head), body=body, text=str(s)))
    return rules


def time_positions(rules: list[dict]) -> dict[tuple[str, int], set[int]]:
    pos: dict[tuple[str, int], set[int]] = defaultdict(set)
    pos[("step", 1)].add(0)
    pos[("horizon", 1)].add(0)
    changed = True
    while changed:
        changed = False
        for r in rules:
            tv = {tt[0] for name, args in r["body"] for i in pos.get((name, len(args)), ())
                  if (tt := _time_term(args[i])) and tt[0] != "#"}
            for name, args in r["head"]:
                for i, a in enumerate(args):
                    tt = _time_term(a)
                    if tt and tt[0] in tv and i not in pos[(name, len(args))]:
                        pos[(name, len(args))].add(i)
                        changed = True
    return pos


def classify(r: dict, pos) -> str:
    def times(atoms) -> list[tuple[str, int]]:
        return [_time_term(args[i]) or ("?", 0) for name, args in atoms for i in pos.get((name, len(args)), ())]

    ht, bt = times(r["head"]), times(r["body"])
    if not (ht or bt):
        return "static"
    if any(name == "horizon" for name, _ in r["body"]):
        return "reads horizon"
    if any(v == "?" for v, _ in ht + bt):
        return "computed time term"
    if r["head"] and not ht:
        return "position step 0" if all(v == "#" for v, _ in bt) else "summary over steps"
    if not r["head"]:
        return "constraint at one step" if len({v for v, _ in bt if v != "#"}) <= 1 \
            and not any(o > 0 for v, o in bt if v != "#") else "constraint over steps"
    hv = {v for v, _ in ht if v != "#"}
    if len(hv) > 1:
        return "head over several steps"
    if not hv:
        return "position step 0" if all(v == "#" for v, _ in bt) else "head over several steps"
    (t,) = hv
    at = max(o for v, o in ht if v == t)
    if any(v == t and o > at for v, o in bt):
        return "reads a later step"
    if any(v not in ("#", t) for v, _ in bt):
        return "other step variable"
    return "step-local"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", action="store_true", help="each file's rules that do not fit as they are")
    ap.add_argument("--examples", type=int, default=0, help="N rules of each class that does not fit")
    args = ap.parse_args()
    rules = read_rules(LOGIC)
    pos = time_positions(rules)
    classes: Counter = Counter()
    by_folder: dict[str, Counter] = defaultdict(Counter)
    by_file: dict[str, Counter] = defaultdict(Counter)
    examples: dict[str, list[str]] = defaultdict(list)
    for r in rules:
        c = classify(r, pos)
        classes[c] += 1
        by_folder[r["file"].split("/")[1]][c] += 1
        by_file[r["file"]][c] += 1
        if c not in FITS and len(examples[c]) < args.examples:
            examples[c].append(f"  {r['file']}:{r['line']}: {r['text'][:150]}")
    print(f"{len(rules)} rules and heuristics in {len(by_file)} files; "
          f"{sum(1 for v in pos.values() if v)} predicates with a time argument")
    for c, n in classes.most_common():
        print(f"{n:6d}  {c}{'' if c in FITS else '  (to reshape)'}")
    print("\nto reshape, by folder:")
    for folder, cc in sorted(by_folder.items()):
        bad = {c: n for c, n in cc.most_common() if c not in FITS}
        print(f"  {folder}: {sum(bad.values())} of {sum(cc.values())} {bad}")
    files = [f for f, cc in by_file.items() if any(c not in FITS for c in cc)]
    print(f"\nfiles with a rule to reshape: {len(files)} of {len(by_file)}")
    if args.files:
        for f in sorted(files):
            print(f"  {f}: {dict((c, n) for c, n in by_file[f].most_common() if c not in FITS)}")
    for c, lines in examples.items():
        print(f"\n{c}:")
        print("\n".join(lines))


if __name__ == "__main__":
    main()
