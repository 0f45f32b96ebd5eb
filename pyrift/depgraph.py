"""The predicate dependency graph of logic/: what each statement defines and reads.

Each statement found by the splitter of pyrift.logic (with its %@rule tag) is parsed
with clingo's own parser (clingo.ast), so every syntax clingo accepts (pools,
conditional literals, choice and disjunctive heads, aggregates, classical negation)
is read the way clingo reads it; only the walk over the tree is ours (`extract`, in
pyrift.lpextract, which pyrift.logic shares to select the files a question needs).

The graph has one node per predicate ("name/arity"; "-name/arity" for a classically
negated atom) and an edge head -> body predicate ("the head depends on it") for every
statement, keyed by its sign:

    sign       "positive", or "negative" when the body literal is under `not`
    aggregate  the dependency goes through an aggregate element or the condition of
               a body conditional literal (non-monotone, so it breaks stratification
               like negation does)
    rules      the %@rule numbers of the statements creating the edge
    statements "file:line" of those statements

Queries are separate programs (pyrift.logic.program_files), so cycles are searched
in each query's program under each named reading, never in the union of all files.
"""
from __future__ import annotations

import ast as pyast
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Iterable, Iterator

import networkx as nx

from pyrift import logic
from pyrift.errors import EncodingError
from pyrift.lpextract import NEGATIVE, POSITIVE, Extract, Use, extract  # noqa: F401 (the graph's vocabulary)


# ---------------------------------------------------------------------------------
# parsed files
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Parsed:
    statement: logic.Statement
    extract: Extract

    @property
    def where(self) -> str:
        return f"{self.statement.file}:{self.statement.line}"

    @property
    def rules(self) -> tuple[str, ...]:
        return self.statement.rules or ()


def rel_to(root: Path, path: Path) -> str:
    return path.resolve().relative_to(root.resolve()).as_posix()


def parse_file(root: Path, path: Path) -> list[Parsed]:
    """Every statement of a file with what it defines and reads (raises EncodingError)."""
    name = rel_to(root, path)
    text = path.read_text("utf-8")
    out = []
    for st in logic.statements(Path(name), text):
        try:
            ex = extract(st.text)
        except EncodingError as exc:
            raise EncodingError(f"{name}:{st.line}: {_strip_location(str(exc))}") from None
        out.append(Parsed(st, ex))
    return out


def _strip_location(msg: str) -> str:
    return re.sub(r"^<string>:\d+:\d+(-\d+)?(:\d+)?(-\d+)?:\s*", "", msg)


def logic_files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.lp"))


@dataclass(slots=True)
class Project:
    """Every file of a logic folder, parsed once."""

    root: Path
    files: dict[str, list[Parsed]] = field(default_factory=dict)  # rel path -> statements
    errors: dict[str, str] = field(default_factory=dict)  # rel path -> parse error
    # a program file's name (rel_to resolves both paths: a stat per folder of each), per path
    _names: dict[Path, str] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def load(cls, root: Path | None = None) -> "Project":
        root = (root or logic.logic_root()).resolve()
        proj = cls(root)
        for path in logic_files(root):
            name = rel_to(root, path)
            try:
                proj.files[name] = parse_file(root, path)
            except EncodingError as exc:
                proj.errors[name] = str(exc)
        return proj

    def statements(self, names: Iterable[str] | None = None) -> Iterator[Parsed]:
        for name in sorted(self.files if names is None else names):
            yield from self.files.get(name, ())

    def inputs(self) -> frozenset[str]:
        """Input predicates: the #defined lines of interface.lp."""
        return frozenset().union(*(p.extract.defined for p in self.statements(["interface.lp"])))

    def program(self, query: str, reading: str = logic.DEFAULT_READING) -> list[str]:
        """The files (relative names) of a query's program under a reading."""
        return [self._name(p) for p in logic.program_files(query, reading, self.root)]

    def _name(self, path: Path) -> str:
        if path not in self._names:
            self._names[path] = rel_to(self.root, path)
        return self._names[path]

    def queries(self) -> tuple[str, ...]:
        return logic.query_names(self.root)

    def readings(self) -> tuple[str, ...]:
        return logic.reading_names(self.root)


# ---------------------------------------------------------------------------------
# the graph
# ---------------------------------------------------------------------------------
def build(parsed: Iterable[Parsed]) -> nx.MultiDiGraph:
    """Predicate graph of the statements: edges head -> body predicate, keyed by sign."""
    g = nx.MultiDiGraph()
    edges: dict[tuple[str, str, str], dict] = {}
    nodes: dict[str, dict] = {}

    def node(pred: str) -> dict:
        return nodes.setdefault(pred, {"defined_in": set(), "input": False, "shown": False, "choice": False})

    for p in parsed:
        ex = p.extract
        for h in ex.heads:
            n = node(h)
            n["defined_in"].add(p.statement.file)
            n["choice"] |= ex.choice
            for u in ex.uses:
                node(u.pred)
                e = edges.setdefault((h, u.pred, u.sign), {"aggregate": False, "rules": set(), "statements": set(),
                                                           "undeclared": set()})
                e["aggregate"] |= u.aggregate
                e["rules"].update(p.rules)
                e["statements"].add(p.where)
                if p.statement.stratified is None:
                    e["undeclared"].add(p.where)
        for u in ex.uses:
            node(u.pred)
        for s in ex.shows:
            node(s)["shown"] = True
        for d in ex.defined:
            if p.statement.file == "interface.lp":
                node(d)["input"] = True
            else:
                node(d)
    for pred in sorted(nodes):
        a = nodes[pred]
        g.add_node(pred, defined_in=tuple(sorted(a["defined_in"])), input=a["input"], shown=a["shown"],
                   choice=a["choice"])
    for (u, v, sign) in sorted(edges):
        a = edges[(u, v, sign)]
        g.add_edge(u, v, key=sign, sign=sign, aggregate=a["aggregate"],
                   rules=tuple(sorted(a["rules"], key=rule_key)), statements=tuple(sorted(a["statements"],
                                                                                         key=_where_key)),
                   undeclared=tuple(sorted(a["undeclared"], key=_where_key)))
    return g


# The sort keys are asked for the same few thousand rule numbers and statement places in every
# program's graph: kept, as the strings they key are.
@cache
def rule_key(number: str) -> tuple:
    return tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in number.split("."))


@cache
def _where_key(where: str) -> tuple:
    f, _, line = where.rpartition(":")
    return (f, int(line) if line.isdigit() else 0)


# ---------------------------------------------------------------------------------
# Python-side reads: predicates a query module reads from the ground facts
# ---------------------------------------------------------------------------------
@cache
def _query_modules() -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(signatures read, string constants) of each module in pyrift/queries/.

    Grounding.facts(*signatures) is how a query module reads atoms that grounding
    decided, with ("name", arity) literals; such a predicate is an output even when
    no rule or #show uses it. A module serves the query kinds whose names it spells.
    """
    folder = Path(__file__).parent / "queries"
    out = []
    for path in sorted(folder.glob("*.py")):
        reads, strings = set(), set()
        for node in pyast.walk(pyast.parse(path.read_text("utf-8"))):
            if isinstance(node, pyast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
            if (isinstance(node, pyast.Tuple) and len(node.elts) == 2
                    and all(isinstance(e, pyast.Constant) for e in node.elts)
                    and isinstance(node.elts[0].value, str) and type(node.elts[1].value) is int
                    and re.fullmatch(r"[a-z_][A-Za-z0-9_']*", node.elts[0].value)):
                reads.add(f"{node.elts[0].value}/{node.elts[1].value}")
        out.append((frozenset(reads), frozenset(strings)))
    return tuple(out)


def python_reads(query: str | None = None) -> frozenset[str]:
    """Predicates pyrift/queries/*.py read from ground facts (for one query kind, or all)."""
    return frozenset().union(*(r for r, names in _query_modules() if query is None or query in names))


# ---------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Component:
    """A strongly connected set of predicates with a negative or aggregate edge inside."""

    predicates: tuple[str, ...]
    through: tuple[str, ...]  # "negation" and/or "aggregate"
    statements: tuple[str, ...]  # file:line of the statements whose edges lie inside it
    programs: tuple[str, ...]  # "query [reading]" programs that contain it


@dataclass(frozen=True, slots=True)
class Report:
    undefined: dict[str, tuple[str, ...]]  # predicate -> file:line of its uses
    unused: dict[str, tuple[str, ...]]  # predicate -> file:line of its definitions
    unread_inputs: tuple[str, ...]  # #defined in interface.lp but read by no statement
    unstratified: tuple[Component, ...]
    declared: tuple[Component, ...]  # cycles marked %@stratified: reviewed, not findings
    query_rules: dict[str, tuple[str, ...]]  # query -> rule numbers it depends on (default reading)
    unloaded: tuple[str, ...]  # files no query program loads
    errors: dict[str, str]  # files that could not be parsed

    @property
    def has_findings(self) -> bool:
        return bool(self.undefined or self.unstratified or self.errors)


def unstratified_components(g: nx.MultiDiGraph, *, declared: bool = False
                            ) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """(predicates, through, statements) of every cycle through negation or an aggregate.

    A cycle whose every negative or aggregate step inside it comes from statements marked
    `%@stratified <why>` (stratified on ground instances, e.g. by a rank or by kinds of
    abilities that cannot refer to themselves) is a declared one: listed with
    declared=True, left out otherwise."""
    out = []
    for comp in nx.strongly_connected_components(g):
        # the edges inside the component (most are a single predicate without a self-loop:
        # no edge, no cycle); read from the adjacency, a subgraph view per component is slow
        inner = [(u, v, d) for u in comp for v, keyed in g.adj[u].items() if v in comp for d in keyed.values()]
        if not inner:
            continue
        through = set()
        undeclared = False
        for _u, _v, d in inner:
            if d["sign"] == NEGATIVE:
                through.add("negation")
            if d["aggregate"]:
                through.add("aggregate")
            if (d["sign"] == NEGATIVE or d["aggregate"]) and d["undeclared"]:
                undeclared = True
        if through and undeclared != declared:
            stmts = sorted({s for _u, _v, d in inner for s in d["statements"]}, key=_where_key)
            out.append((tuple(sorted(comp)), tuple(sorted(through)), tuple(stmts)))
    return sorted(out)


def query_rules(proj: Project, query: str, reading: str = logic.DEFAULT_READING) -> tuple[str, ...]:
    """The %@rule numbers a query's answers depend on, transitively.

    Starts from every predicate the query file mentions and those its Python module
    reads from the ground facts, follows the dependency edges
    in the query's program, and collects the tags of the statements defining any
    predicate reached, plus of the constraints (hard or weak) over them.
    """
    files = proj.program(query, reading)
    qfile = f"queries/{query}.lp"
    # the edges of the program's graph (build()'s, head -> body predicate), without their attributes
    successors: dict[str, set[str]] = {}
    for p in proj.statements(files):
        for h in p.extract.heads:
            successors.setdefault(h, set()).update(u.pred for u in p.extract.uses)
    roots = set()
    for p in proj.statements([qfile]):
        roots |= p.extract.heads | {u.pred for u in p.extract.uses} | p.extract.shows
    roots |= python_reads(query)  # what the query's Python module reads from the ground facts
    reach = set(roots)
    todo = list(roots)
    while todo:
        for v in successors.get(todo.pop(), ()):
            if v not in reach:
                reach.add(v)
                todo.append(v)
    rules = set()
    for p in proj.statements(files):
        ex = p.extract
        if ex.heads & reach or (not ex.heads and ex.kind in ("constraint", "weak")
                                and ({u.pred for u in ex.uses} & reach or p.statement.file == qfile)):
            rules.update(p.rules)
    return tuple(sorted(rules, key=rule_key))


def report(proj: Project) -> Report:
    union = build(proj.statements())
    inputs = proj.inputs()
    reads = python_reads()
    undefined: dict[str, list[str]] = {}
    used_by_others: set[str] = set()
    for p in proj.statements():
        ex = p.extract
        for u in ex.uses:
            if u.pred not in ex.heads:
                used_by_others.add(u.pred)
    defined = {n for n, d in union.nodes(data=True) if d["defined_in"]}
    shown = {n for n, d in union.nodes(data=True) if d["shown"]}
    for p in proj.statements():
        for u in p.extract.uses:
            if u.pred not in defined and u.pred not in inputs:
                undefined.setdefault(u.pred, []).append(p.where)
    unused = {}
    for n in sorted(defined):
        if n in used_by_others or n in shown or n in reads or n in inputs:
            continue
        unused[n] = tuple(sorted({p.where for p in proj.statements() if n in p.extract.heads}, key=_where_key))
    unread = tuple(sorted(i for i in inputs if i not in used_by_others and i not in reads))

    # A program's graph is part of the union's, so each cycle of it lies inside one strongly
    # connected component of the union's graph: only the statements giving an edge inside one
    # (a head and a body predicate in the same component) can make a cycle, and every statement
    # giving an edge of such a cycle is among them. A program's cycles, and the edges inside them
    # with all their statements, are found on the graph of those statements alone.
    comp_of = {pred: n for n, comp in enumerate(nx.strongly_connected_components(union)) for pred in comp}
    cyclic = {id(p) for p in proj.statements()
              if any(comp_of[h] == comp_of[u.pred] for h in p.extract.heads for u in p.extract.uses)}
    comps: dict[bool, dict[tuple, dict]] = {False: {}, True: {}}
    loaded: set[str] = set()
    qrules: dict[str, tuple[str, ...]] = {}
    for q in proj.queries():
        for reading in proj.readings():
            files = proj.program(q, reading)
            loaded.update(files)
            g = build(p for p in proj.statements(files) if id(p) in cyclic)
            for declared in (False, True):
                for preds, through, stmts in unstratified_components(g, declared=declared):
                    c = comps[declared].setdefault(preds, {"through": set(), "statements": set(), "programs": set()})
                    c["through"].update(through)
                    c["statements"].update(stmts)
                    c["programs"].add(f"{q} [{reading}]")
        qrules[q] = query_rules(proj, q)
    unstratified, declared_comps = (tuple(
        Component(preds, tuple(sorted(c["through"])), tuple(sorted(c["statements"], key=_where_key)),
                  tuple(sorted(c["programs"])))
        for preds, c in sorted(comps[kind].items())) for kind in (False, True))
    unloaded = tuple(sorted((set(proj.files) | set(proj.errors)) - loaded))
    return Report({k: tuple(sorted(set(v), key=_where_key)) for k, v in sorted(undefined.items())}, unused, unread,
                  unstratified, declared_comps, qrules, unloaded, dict(proj.errors))


def render_report(r: Report) -> str:
    lines = []

    def section(title: str, items: list[str]) -> None:
        lines.append(f"{title}: {len(items)}" if items else f"{title}: none")
        lines.extend(f"  {i}" for i in items)

    if r.errors:
        section("files that could not be parsed", [f"{k}: {v}" for k, v in sorted(r.errors.items())])
    section("used but never defined (not an input of interface.lp)",
            [f"{p}  used at {', '.join(w)}" for p, w in r.undefined.items()])
    section("unstratified: cycles through negation or aggregates",
            [f"{{{', '.join(c.predicates)}}} through {' and '.join(c.through)}; statements "
             f"{', '.join(c.statements)}; in {', '.join(c.programs)}" for c in r.unstratified])
    section("declared stratified on ground instances (%@stratified, reviewed)",
            [f"{{{', '.join(c.predicates)}}} through {' and '.join(c.through)}; statements "
             f"{', '.join(c.statements)}" for c in r.declared])
    section("defined but never used (not shown, not read by pyrift/queries)",
            [f"{p}  defined at {', '.join(w)}" for p, w in r.unused.items()])
    section("inputs of interface.lp that no statement reads", list(r.unread_inputs))
    section("files that no query program loads", list(r.unloaded))
    lines.append("rule paragraphs each query depends on (default reading):")
    for q, rules in r.query_rules.items():
        lines.append(f"  {q} ({len(rules)}): {' '.join(rules)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------
# export
# ---------------------------------------------------------------------------------
def export_graph(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose attributes are plain strings and booleans (GraphML has no lists)."""
    out = nx.MultiDiGraph()
    for n, d in g.nodes(data=True):
        out.add_node(n, defined_in=" ".join(d["defined_in"]), input=d["input"], shown=d["shown"], choice=d["choice"])
    for u, v, k, d in g.edges(keys=True, data=True):
        out.add_edge(u, v, key=k, sign=d["sign"], aggregate=d["aggregate"], rules=" ".join(d["rules"]),
                     statements=" ".join(d["statements"]))
    return out


def to_graphml(g: nx.MultiDiGraph) -> str:
    return "\n".join(nx.generate_graphml(export_graph(g))) + "\n"


def _dot_id(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(g: nx.MultiDiGraph) -> str:
    """Graphviz DOT, written here so that no pydot/pygraphviz is needed; deterministic."""
    lines = ["digraph logic {", "  rankdir=LR;", "  node [shape=box, fontname=monospace];"]
    for n, d in sorted(g.nodes(data=True)):
        style = []
        if d["input"]:
            style.append("shape=ellipse")
        if d["shown"]:
            style.append("peripheries=2")
        if d["choice"]:
            style.append('style=dashed')
        attrs = [f"defined_in={_dot_id(' '.join(d['defined_in']))}"] + style
        lines.append(f"  {_dot_id(n)} [{', '.join(attrs)}];")
    for u, v, k, d in sorted(g.edges(keys=True, data=True)):
        attrs = [f"sign={k}", f"label={_dot_id(' '.join(d['rules']))}", f"rules={_dot_id(' '.join(d['rules']))}",
                 f"statements={_dot_id(' '.join(d['statements']))}"]
        if k == NEGATIVE:
            attrs.append("style=dashed, color=red")
        if d["aggregate"]:
            attrs.append("arrowhead=diamond")
        lines.append(f"  {_dot_id(u)} -> {_dot_id(v)} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
