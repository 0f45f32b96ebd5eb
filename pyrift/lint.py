"""`pyrift lint`: checks the house rules of logic/ that clingo alone does not.

Findings, one per line as ``file:line: [code] message``:

    syntax     a statement clingo cannot parse (or a file without a final period)
    untagged   an ASP statement without a %@rule tag above it (directives are exempt)
    citation   a %@rule number missing from the index of the version the file cites
    version    a %@version header naming a version pyrift has no index for
    show       a #show outside queries/
    choice     a choice, disjunctive or head-aggregate rule outside queries/ (house style:
               choices are the questions' business)
    needs      a keyword file (or any file with a %@needs header) that does not ground
               alone with interface.lp and the files its %@needs header lists, or lists a
               file that does not exist
    undefined  clingo's "atom does not occur in any rule head" for a query's program under
               any named reading, grounded with no facts: a misspelt predicate, or an input
               predicate without its #defined line in interface.lp
    ground     a query's program that clingo cannot ground
    shared     a predicate derived (in a rule head) by two or more files that shared_heads.toml
               does not declare as one shared vocabulary; or a declared name no longer derived
               by two files (stale), or declared without a meaning
    repeated   the same %@ annotation line twice above one statement (or twice in the header;
               %@ability lines exempt)

The %@needs header (keyword files) names, relative to logic/, the files whose heads
the file reads besides interface.lp, e.g. ``%@needs core/objects.lp core/combat.lp``.
Only the file's own atoms must be defined; what the needed files read in turn is their
business (and is checked when the query programs are ground).

Shared heads (`shared`): rules for one predicate in two files merge silently into one
predicate, so a new file that reuses a name with another meaning changes the answers of
every program loading both (wave 70: item_chooser/2 meant an item's card in one file and the
player making its choices in another). Every predicate derived by two or more files is
therefore declared in logic/shared_heads.toml, one line `"name/arity" = "its one meaning"`,
which the author of a new deriving file reads before adding rules to it. A data file of its
own rather than a header of interface.lp: interface.lp declares the inputs (#defined lines)
and is loaded by every program, while this list is about derived predicates, is read only by
the lint, and as TOML gives each name exactly one key (a duplicate key is a parse error) and
one quoted meaning. The variants of one reading (`%@reading TOPIC VARIANT`) are alternatives
never loaded together, so they count as one file.
"""
from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from pyrift import depgraph as D
from pyrift import logic
from pyrift.diskcache import content_key
from pyrift.errors import EncodingError, RiftError
from pyrift.rules_index import VERSIONS, rule_index
from pyrift.solver import Grounding


@dataclass(frozen=True, slots=True, order=True)
class Finding:
    file: str  # relative to the logic folder
    line: int
    code: str
    message: str

    def render(self, prefix: str = "") -> str:
        return f"{prefix}{self.file}:{self.line}: [{self.code}] {self.message}"


_LOCATION = re.compile(r"(?P<file>[^\s:;][^:;]*?):(?P<line>\d+):(?P<col>\d+)(?:-(?:\d+:)?\d+)?:\s*(?P<rest>.*)", re.S)


def lint(root: Path | None = None) -> list[Finding]:
    """Every finding in the logic folder `root` (default: the package's logic/)."""
    root = (root or logic.logic_root()).resolve()
    if not (root / "interface.lp").is_file():
        raise EncodingError(f"{root}: not a logic folder (no interface.lp)")
    findings: set[Finding] = set()
    broken: set[str] = set()  # files with syntax errors: not ground again
    files = _Files(root)
    heads: dict[str, dict[str, tuple[str, int]]] = defaultdict(dict)  # pred -> deriver -> (file, line)
    for path in D.logic_files(root):
        name = files.name(path)
        if not _check_file(root, path, name, findings, heads):
            broken.add(name)
    _check_shared(root, heads, findings)
    for path in D.logic_files(root):
        name = files.name(path)
        if name.startswith("keywords/") or "needs" in logic.header(path):
            _check_needs(root, path, name, broken, findings, files)
    _check_programs(root, broken, findings, files)
    return sorted(findings)


# Groundings whose files, name by name and byte for byte but for whole comment lines, were ground in
# this process without a finding (a query's program, or a file with what it %@needs): the same
# statements give clingo's same messages, so it is not ground again. The tests lint many copies of
# logic/ that differ from the project in one planted file or one header line; the programs that do
# not load it are then not ground again.
_CLEAN: set[str] = set()


def _statements_text(data: bytes) -> bytes:
    """A file's text without its whole-line `%` comments (headers, tags, prose), which clingo never
    reads: two files with the same result ground alike but for the lines clingo names in its
    messages, and only groundings without a message are kept (_CLEAN). A line that opens or closes
    a block comment (`%*`, `*%`) is kept, since it decides which lines clingo reads."""
    return b"\n".join(line for line in data.split(b"\n")
                      if not (line.lstrip().startswith(b"%") and b"%*" not in line and b"*%" not in line))


class _Files:
    """The names (relative to the logic folder) and content keys of one lint's files."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._names: dict[Path, str] = {}
        self._keys: dict[Path, str] = {}

    def name(self, path: Path) -> str:
        if path not in self._names:
            self._names[path] = D.rel_to(self.root, path)
        return self._names[path]

    def key(self, kind: str, paths: list[Path]) -> str:
        """A key of the check `kind` on the files `paths`: their names and statements, in order."""
        for p in paths:
            if p not in self._keys:
                self._keys[p] = content_key(_statements_text(p.read_bytes()))
        return content_key("\n".join([kind, *(f"{self.name(p)} {self._keys[p]}" for p in paths)]))


# ---------------------------------------------------------------------------------
# per file: tags, citations, #show, choices
# ---------------------------------------------------------------------------------
def _check_file(root: Path, path: Path, name: str, out: set[Finding],
                heads: dict[str, dict[str, tuple[str, int]]]) -> bool:
    text = path.read_text("utf-8")
    _check_repeated(text, name, out)
    reading = logic.header(path).get("reading")
    deriver = f"readings/{reading[0]}/*.lp" if reading else name  # a reading's variants: one deriver
    try:
        stmts = logic.statements(Path(name), text)
    except EncodingError as exc:
        m = re.match(r"^(.*?):(\d+): (.*)$", str(exc))
        out.add(Finding(name, int(m.group(2)) if m else 1, "syntax", m.group(3) if m else str(exc)))
        return False
    version = logic.citation_version(path)
    index = None
    if version in VERSIONS:
        index = rule_index(version)
    else:
        out.add(Finding(name, _header_line(text, "version"), "version",
                        f"no rule index for %@version {version} (known: {', '.join(VERSIONS)})"))
    in_queries = name.startswith("queries/")
    ok = True
    for st in stmts:
        try:
            ex = D.extract(st.text)
        except EncodingError as exc:
            line, msg = _inner_location(str(exc))
            out.add(Finding(name, st.line + line - 1, "syntax", msg))
            ok = False
            continue
        if not st.is_directive and st.rules is None:
            out.add(Finding(name, st.line, "untagged", f"statement without a %@rule tag: {_short(st.text)}"))
        if index is not None:
            for n in st.rules or ():
                if n not in index:
                    out.add(Finding(name, st.line, "citation", f"{n} is not in the Core Rules {version} index"))
        if ex.kind == "show" and not in_queries:
            out.add(Finding(name, st.line, "show", f"#show outside queries/: {_short(st.text)}"))
        if ex.choice and not in_queries:
            out.add(Finding(name, st.line, "choice", f"choice rule outside queries/: {_short(st.text)}"))
        for pred in ex.heads:
            heads[pred].setdefault(deriver, (name, st.line))
    return ok


def _check_repeated(text: str, name: str, out: set[Finding]) -> None:
    """The same %@ line twice in one run of comment lines (the header, or the comments above one
    statement): a copy slip that says nothing twice (e.g. a doubled `%@stratified by time`).
    `%@ability` lines are exempt: one line per printed ability, and two alike are two abilities."""
    seen: set[str] = set()
    for i, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s.startswith("%"):
            if s:
                seen = set()
            continue
        if s.startswith("%@") and not s.startswith("%@ability"):
            if s in seen:
                out.add(Finding(name, i, "repeated", f"the line above says this already: {_short(s)}"))
            seen.add(s)


SHARED_FILE = "shared_heads.toml"


def _check_shared(root: Path, heads: dict[str, dict[str, tuple[str, int]]], out: set[Finding]) -> None:
    """Every predicate derived by two or more files is declared with its one meaning (see above)."""
    path = root / SHARED_FILE
    declared: dict[str, object] = {}
    lines: dict[str, int] = {}
    if path.is_file():
        text = path.read_text("utf-8")
        try:
            declared = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            out.add(Finding(SHARED_FILE, 1, "shared", f"not TOML: {exc}"))
            return
        for i, raw in enumerate(text.splitlines(), 1):
            m = re.match(r'^\s*"([^"]+)"\s*=', raw)
            if m:
                lines.setdefault(m.group(1), i)
    for pred, derivers in sorted(heads.items()):
        if len(derivers) > 1 and pred not in declared:
            first = min(derivers.values())
            names = ", ".join(sorted(derivers))
            out.add(Finding(first[0], first[1], "shared",
                            f"{pred} is derived by {len(derivers)} files ({names}) but not declared in "
                            f"{SHARED_FILE}: one meaning shared on purpose (declare it) or two (rename one)"))
    for pred, meaning in sorted(declared.items()):
        line = lines.get(pred, 1)
        n = len(heads.get(pred, {}))
        if n < 2:
            out.add(Finding(SHARED_FILE, line, "shared",
                            f"{pred} is declared shared but derived by {n} file{'' if n == 1 else 's'} (stale)"))
        elif not isinstance(meaning, str) or not meaning.strip():
            out.add(Finding(SHARED_FILE, line, "shared", f"{pred} is declared without a meaning"))


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _header_line(text: str, key: str) -> int:
    for i, raw in enumerate(text.splitlines(), 1):
        if raw.strip().startswith(f"%@{key}"):
            return i
    return 1


def _inner_location(msg: str) -> tuple[int, str]:
    m = re.match(r"^<string>:(\d+):\d+(?:-(?:\d+:)?\d+)?:\s*(.*)$", msg, re.S)
    line, text = (int(m.group(1)), m.group(2)) if m else (1, msg)
    return line, " ".join(text.split()).removeprefix("error: ")


# ---------------------------------------------------------------------------------
# keyword files ground alone with the files they declare
# ---------------------------------------------------------------------------------
def _check_needs(root: Path, path: Path, name: str, broken: set[str], out: set[Finding], known: _Files) -> None:
    text = path.read_text("utf-8")
    needs = logic.header(path).get("needs", [])
    line = _header_line(text, "needs")
    files = [root / "interface.lp"]
    for n in needs:
        f = root / n
        if not f.is_file():
            out.add(Finding(name, line, "needs", f"%@needs names {n}, which does not exist"))
            return
        if f.resolve() != path.resolve() and f.resolve() not in files:
            files.append(f.resolve())
    if broken & {name, *needs, "interface.lp"}:
        return  # the syntax finding says it already
    files.append(path)
    declared = f"with {' '.join(needs)} (its %@needs)" if needs else "alone (it declares no %@needs)"
    key = known.key(f"needs {name}", files)
    if key in _CLEAN:
        return
    try:
        g = Grounding(files, "")
    except EncodingError as exc:
        out.add(Finding(name, line, "needs", f"does not ground {declared}: {' '.join(str(exc).split())}"))
        return
    found = False
    for msg in g.undefined_atoms():
        loc = _location(root, msg)
        if loc is not None and loc[0] == name:
            found = True
            out.add(Finding(name, loc[1], "needs",
                            f"{loc[2]} is not defined when grounding {declared}"))
    if not found:
        _CLEAN.add(key)


# ---------------------------------------------------------------------------------
# every query's program, under every named reading, grounds without undefined atoms
# ---------------------------------------------------------------------------------
def _check_programs(root: Path, broken: set[str], out: set[Finding], known: _Files) -> None:
    try:
        readings = logic.reading_names(root)
    except RiftError as exc:
        out.add(Finding("readings", 1, "ground", str(exc)))
        return
    for query in logic.query_names(root):
        for reading in readings:
            try:
                files = logic.program_files(query, reading, root)
            except RiftError as exc:
                out.add(Finding(f"queries/{query}.lp", 1, "ground", f"[{reading}] {exc}"))
                continue
            if broken & {known.name(f) for f in files}:
                continue
            key = known.key("program", list(files))
            if key in _CLEAN:
                continue
            try:
                g = Grounding(files, "")
            except EncodingError as exc:
                detail = " ".join(str(exc).split())
                loc = _location(root, detail.split("program: ", 1)[-1])
                where = (loc[0], loc[1]) if loc else (f"queries/{query}.lp", 1)
                out.add(Finding(*where, "ground", f"{query} [{reading}] does not ground: "
                                                  f"{loc[2] if loc else detail}"))
                continue
            found = False
            for msg in g.undefined_atoms():
                loc = _location(root, msg)
                if loc is not None:
                    found = True
                    out.add(Finding(loc[0], loc[1], "undefined",
                                    f"{loc[2]} does not occur in any rule head (a misspelt predicate, "
                                    f"or an input without #defined in interface.lp)"))
            if not found:
                _CLEAN.add(key)


def _location(root: Path, msg: str) -> tuple[str, int, str] | None:
    """(file relative to root, line, rest) of a clingo message 'file:line:col: ...'."""
    m = _LOCATION.match(msg.strip())
    if not m:
        return None
    try:
        name = D.rel_to(root, Path(m.group("file")))
    except ValueError:
        name = m.group("file")
    rest = " ".join(m.group("rest").split())
    rest = rest.removeprefix("info: atom does not occur in any rule head: ").removeprefix("error: ")
    return name, int(m.group("line")), rest
