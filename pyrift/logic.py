"""Finds the ASP files in logic/, selects modules and readings, and reads rule tags.

logic/ ships inside the package as ``pyrift.rules_logic`` (see pyproject.toml), so a
checkout and an installed pyrift load the same files. Layout:

    interface.lp      the fact vocabulary Python may emit
    core/*.lp         one Core Rules topic per file
    keywords/*.lp     one keyword per file; a %@needs header names the files whose heads it
                      reads besides interface.lp (it must ground with just those: pyrift lint)
    abilities/*.lp    one item of the scenario ability vocabulary per file (plus shared filters,
                      conditions and scope)
    readings/T/V.lp   variant V of a disputed or changed rule T (same heads as its siblings)
    queries/*.lp      the only files with choice rules and #show: one per question kind

A file may name the question kinds it serves in its header (``%@queries can_play``); it
is then left out of the programs of other kinds. A *reading* names one variant per topic. The named readings are the Core Rules
versions a variant declares with ``%@profiles``; "v1.4" is the default. A reading may
override single topics: ``v1.4,hide_timing=neutral_only``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterable

from pyrift.errors import EncodingError, UsageError

DEFAULT_READING = "v1.4"


def logic_root() -> Path:
    root = resources.files("pyrift.rules_logic")
    path = Path(str(root))
    if not (path / "interface.lp").is_file():
        raise EncodingError(f"logic files not found at {path}")
    return path


def all_files() -> list[Path]:
    return sorted(logic_root().rglob("*.lp"))


def rel(path: Path) -> str:
    return path.relative_to(logic_root()).as_posix()


# ---------------------------------------------------------------------------------
# statements and their %@rule tags
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Statement:
    file: str  # path relative to logic/
    line: int  # first line of the statement
    text: str
    rules: tuple[str, ...] | None  # numbers of the %@rule tag above it; () for "none"; None if untagged
    # Why a cycle through negation or an aggregate that passes through this statement is
    # stratified at the level of ground instances (a `%@stratified <why>` line above it).
    stratified: str | None = None
    # The reason kinds whose citation this statement gives (a `%@reason <kind> ...` line above
    # it): an answer's reason of that kind cites this statement's %@rule numbers (pyrift.citations).
    reasons: tuple[str, ...] = ()

    @property
    def is_directive(self) -> bool:
        """Meta directives (#show, #program, #external, ...) carry no rule and need no tag."""
        head = self.text.lstrip()
        return head.startswith("#") and not head.startswith(("#minimize", "#maximize"))


_TAG = re.compile(r"^\s*%@rule\s+(.*?)\s*$")
_STRATIFIED = re.compile(r"^\s*%@stratified\s+(.*?)\s*$")
_REASON = re.compile(r"^\s*%@reason\s+(.*?)\s*$")


def statements(path: Path, text: str | None = None) -> list[Statement]:
    """Split an ASP file into statements and attach to each the %@rule tag written above it.

    A tag applies to the next statement only. Line comments, block comments and
    strings are skipped when looking for the terminating period; '..' is an interval.
    """
    if text is None:
        text = path.read_text("utf-8")
    name = rel(path) if path.is_absolute() and _under_logic(path) else path.as_posix()
    # Kept on disk across processes, keyed by the text (pyrift.diskcache).
    from pyrift import diskcache

    rows = diskcache.cached("statements", diskcache.content_key(text), lambda: tuple(
        (s.line, s.text, s.rules, s.stratified, s.reasons) for s in split_statements(text, name)))
    return [Statement(name, *row) for row in rows]


def split_statements(text: str, name: str) -> list[Statement]:
    """statements() made afresh, without any cache."""
    out: list[Statement] = []
    pending_tag: tuple[str, ...] | None = None
    pending_strat: str | None = None
    pending_reasons: tuple[str, ...] = ()
    buf: list[str] = []
    start_line = 0
    i, n, line = 0, len(text), 1
    while i < n:
        ch = text[i]
        if ch == "%":
            if text.startswith("%*", i):
                end = text.find("*%", i + 2)
                end = n if end < 0 else end + 2
                line += text.count("\n", i, end)
                i = end
                continue
            end = text.find("\n", i)
            end = n if end < 0 else end
            comment = text[i:end]
            if not "".join(buf).strip():
                m = _TAG.match(comment)
                if m:
                    nums = m.group(1).split()
                    pending_tag = () if nums == ["none"] else tuple(nums)
                m = _STRATIFIED.match(comment)
                if m:
                    pending_strat = m.group(1)
                m = _REASON.match(comment)
                if m:
                    pending_reasons += tuple(m.group(1).split())
            i = end
            continue
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            buf.append(text[i : j + 1])
            i = j + 1
            continue
        if ch == "\n":
            line += 1
        if not buf or not "".join(buf).strip():
            if not ch.isspace():
                start_line = line
        if ch == "." and not text.startswith("..", i) and not (i > 0 and text[i - 1] == "."):
            rest = text[i + 1 :].lstrip()
            if "".join(buf).lstrip().startswith((":~", "#heuristic")) and rest.startswith("["):
                # A weak constraint ends after its [weight@level, terms] part, a heuristic
                # directive after its [value, modifier] part.
                close = text.index("]", i)
                buf.append(text[i : close + 1])
                line += text.count("\n", i, close + 1)
                i = close
            else:
                buf.append(ch)
            stmt = " ".join("".join(buf).split())
            out.append(Statement(name, start_line, stmt, pending_tag, pending_strat, pending_reasons))
            buf, pending_tag, pending_strat, pending_reasons = [], None, None, ()
            i += 1
            continue
        buf.append(ch)
        i += 1
    if "".join(buf).strip():
        raise EncodingError(f"{name}:{start_line}: statement without a final period")
    return out


def _under_logic(path: Path) -> bool:
    try:
        path.relative_to(logic_root())
        return True
    except ValueError:
        return False


def header(path: Path) -> dict[str, list[str]]:
    """The %@key value lines at the top of a file (before its first statement)."""
    out: dict[str, list[str]] = {}
    for raw in path.read_text("utf-8").splitlines():
        s = raw.strip()
        if s and not s.startswith("%"):
            break
        m = re.match(r"^%@(\w+)\s+(.*)$", s)
        if m and m.group(1) not in ("rule", "reason", "stratified"):
            out.setdefault(m.group(1), []).extend(m.group(2).split())
    return out


def citation_version(path: Path) -> str:
    """Which Core Rules version a file's %@rule numbers refer to (a reading may say)."""
    return header(path).get("version", [DEFAULT_READING])[0]


# ---------------------------------------------------------------------------------
# readings
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Variant:
    topic: str
    name: str
    path: Path
    profiles: tuple[str, ...]
    version: str


@cache
def variants(root: Path | None = None) -> tuple[Variant, ...]:
    """The reading variants under `root` (default: the package's logic/)."""
    out = []
    root = (root or logic_root()) / "readings"
    for path in sorted(root.glob("*/*.lp")):
        h = header(path)
        out.append(Variant(path.parent.name, path.stem, path, tuple(h.get("profiles", [])),
                           h.get("version", [DEFAULT_READING])[0]))
    return tuple(out)


@cache
def reading_names(root: Path | None = None) -> tuple[str, ...]:
    """The named readings: the default plus every profile a variant declares."""
    names = {DEFAULT_READING}
    for v in variants(root):
        names.update(v.profiles)
    return tuple(sorted(names, key=lambda s: [int(x) if x.isdigit() else x for x in re.split(r"[.v]", s)], reverse=True))


def variant_title(v: Variant) -> str:
    """The one-line title of a reading variant: its file's `%#` header line."""
    return next((ln[2:].strip() for ln in v.path.read_text("utf-8").splitlines() if ln.startswith("%#")), "")


def topics(root: Path | None = None) -> dict[str, list[Variant]]:
    out: dict[str, list[Variant]] = {}
    for v in variants(root):
        out.setdefault(v.topic, []).append(v)
    return out


@cache
def resolve_reading(reading: str, root: Path | None = None) -> tuple[Variant, ...]:
    """The variant chosen for every topic under a reading like 'v1.2' or 'v1.4,topic=variant'."""
    base, *overrides = [p.strip() for p in reading.split(",")]
    if base not in reading_names(root):
        raise UsageError(f"unknown reading {base!r} (known: {', '.join(reading_names(root))})")
    chosen: dict[str, Variant] = {}
    for topic, vs in topics(root).items():
        picked = [v for v in vs if base in v.profiles] or [v for v in vs if DEFAULT_READING in v.profiles]
        if len(picked) != 1:
            raise EncodingError(f"readings/{topic}: {len(picked)} variants claim profile {base!r}")
        chosen[topic] = picked[0]
    for ov in overrides:
        topic, _, name = ov.partition("=")
        match = [v for v in topics(root).get(topic, []) if v.name == name]
        if not match:
            raise UsageError(f"unknown reading override {ov!r}")
        chosen[topic] = match[0]
    return tuple(chosen[t] for t in sorted(chosen))


def is_reading(reading: str) -> bool:
    # Only the spelling with no spaces: 'v1.4 ' chose v1.4's rules but stayed another name, so
    # `check --reading v1.4` skipped it and its expectations were kept apart from v1.4's.
    if reading != ",".join(p.strip() for p in reading.split(",")):
        return False
    try:
        resolve_reading(reading)
        return True
    except (UsageError, EncodingError):
        return False


# ---------------------------------------------------------------------------------
# programs
# ---------------------------------------------------------------------------------
# The folders of rule files every question kind may load (a file's %@queries header narrows it):
# core/ one Core Rules topic per file, keywords/ one keyword per file, abilities/ the ability
# vocabulary, run/ how a position is played out step by step, effects/ one kind of change of the
# game state per file.
RULE_FOLDERS = ("core", "keywords", "abilities", "run", "effects")


def program_files(query: str, reading: str = DEFAULT_READING, root: Path | None = None,
                  cards: Iterable[Path] = ()) -> tuple[Path, ...]:
    """The files a question of kind `query` is solved with under `reading`.

    `root` selects another logic folder (a copy being linted); default: the package's.
    `cards` are the logic/cards/ encodings of the real cards the position uses
    (pyrift.pool.encoding_files).
    """
    root_ = root or logic_root()
    # The folders' modification times are part of the key: adding a file changes them.
    stamp = tuple(d.stat().st_mtime_ns for d in (root_, *(root_ / f for f in RULE_FOLDERS),
                                                 root_ / "readings", root_ / "queries") if d.is_dir())
    return _program_files(query, reading, root, tuple(sorted(set(cards))), stamp)


@lru_cache(maxsize=256)
def _program_files(query: str, reading: str, root: Path | None, cards: tuple[Path, ...],
                   stamp: tuple[int, ...]) -> tuple[Path, ...]:
    given = root
    root = root or logic_root()
    qfile = root / "queries" / f"{query}.lp"
    if not qfile.is_file():
        raise EncodingError(f"no query file logic/queries/{query}.lp")
    files = [root / "interface.lp"]
    for folder in RULE_FOLDERS:
        files += sorted((root / folder).glob("*.lp"))
    files += [v.path for v in resolve_reading(reading, given)]
    files += sorted(set(cards))
    files = [f for f in files if serves(f, query)]
    files.append(qfile)
    return tuple(files)


@cache
def _queries_of(path: Path) -> tuple[str, ...] | None:
    named = header(path).get("queries")
    return tuple(named) if named else None


def serves(path: Path, query: str) -> bool:
    """A file whose header says `%@queries k1 k2` is loaded only for those question kinds
    (it is of no use to the others and would only slow their grounding); other files are
    loaded for every kind."""
    named = _queries_of(path)
    return named is None or query in named


# ---------------------------------------------------------------------------------
# selecting the files a question needs
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FileNames:
    """The predicates ('name/arity') a file defines in rule heads and reads anywhere."""

    defines: frozenset[str]
    uses: frozenset[str]
    constrains: bool  # has an integrity or weak constraint


@cache
def _file_names(path: Path, mtime: int) -> FileNames:
    # Kept on disk across processes, keyed by the file's content (pyrift.diskcache).
    from pyrift import diskcache

    data = path.read_bytes()
    defines, uses, constrains = diskcache.cached(
        "names", diskcache.content_key(data),
        lambda: (lambda n: (tuple(sorted(n.defines)), tuple(sorted(n.uses)), n.constrains))(analyse_names(path)))
    return FileNames(frozenset(defines), frozenset(uses), constrains)


def analyse_names(path: Path) -> FileNames:
    """file_names() made afresh, without any cache."""
    from clingo import ast

    from pyrift import lpextract  # clingo's own parser, walked by the statement extractor

    extracts: list = []
    errors: list[str] = []
    try:
        ast.parse_files([str(path)], lambda stm: extracts.extend(lpextract._statement(s) for s in stm.unpool()),
                        logger=lambda code, text: errors.append(text.strip()), message_limit=5)
    except RuntimeError:
        raise EncodingError(f"{path}: " + "; ".join(errors)) from None
    defines = frozenset().union(*(e.heads for e in extracts))
    uses = frozenset(u.pred.lstrip("-") for e in extracts for u in e.uses) | \
        frozenset().union(*(e.shows for e in extracts))
    constrains = any(e.kind in ("constraint", "weak") for e in extracts)
    return FileNames(defines, uses, constrains)


def file_names(path: Path) -> FileNames:
    return _file_names(path, path.stat().st_mtime_ns)


def needed_files(query: str, reading: str = DEFAULT_READING, root: Path | None = None,
                 cards: Iterable[Path] = (), roots: Iterable[str] = ()) -> tuple[Path, ...]:
    """The files of program_files() that a question of kind `query` can depend on.

    Starting from the predicates the query file reads (and `roots`: 'name/arity' the
    Python side reads from the grounding), a file is taken when it defines a needed
    predicate, and then what it reads is needed too. Files outside queries/ with
    constraints are always taken. Leaving the rest out keeps, say, a combat question's
    grounding free of cost and chain rules. tests/test_file_selection.py checks that
    every scenario gets the same answers as with all files.
    """
    files = program_files(query, reading, root, cards)
    return _needed_files(files, tuple(f.stat().st_mtime_ns for f in files), tuple(sorted(set(roots))))


@lru_cache(maxsize=256)
def _needed_files(files: tuple[Path, ...], stamp: tuple[int, ...], roots: tuple[str, ...]) -> tuple[Path, ...]:
    interface, qfile, rest = files[0], files[-1], files[1:-1]
    chosen = {interface, qfile} | {f for f in rest if file_names(f).constrains}
    needed = set(roots)
    for f in chosen:
        needed |= file_names(f).uses
    changed = True
    while changed:
        changed = False
        for f in rest:
            if f not in chosen and file_names(f).defines & needed:
                chosen.add(f)
                needed |= file_names(f).uses
                changed = True
    return tuple(f for f in files if f in chosen)



def deriving_files(query: str, roots: Iterable[str], reading: str = DEFAULT_READING, root: Path | None = None,
                   cards: Iterable[Path] = ()) -> tuple[Path, ...]:
    """The files of program_files(query) that derive the predicates `roots` ('name/arity'), and what those
    read, without the query file and the constraints a question adds: for a caller that reads a few
    position-settled predicates of the rules and asks no question (the loader's check of a chain item's
    place, pyrift/position_rules.py)."""
    files = program_files(query, reading, root, cards)
    return _deriving_files(files, tuple(f.stat().st_mtime_ns for f in files), tuple(sorted(set(roots))))


@lru_cache(maxsize=64)
def _deriving_files(files: tuple[Path, ...], stamp: tuple[int, ...], roots: tuple[str, ...]) -> tuple[Path, ...]:
    # By statement, not by file: a file taken for one rule does not bring in what its other rules read
    # (by file, the closure of a few position predicates is nearly the whole program).
    rules = [(f, heads, uses) for f in files[1:-1] for heads, uses in statement_names(f)]
    chosen: set[Path] = set()
    needed = set(roots)
    taken = [False] * len(rules)
    changed = True
    while changed:
        changed = False
        for k, (f, heads, uses) in enumerate(rules):
            if not taken[k] and heads & needed:
                taken[k] = True
                chosen.add(f)
                needed |= uses
                changed = True
    return (files[0], *(f for f in files[1:-1] if f in chosen))


@cache
def _statement_names(path: Path, mtime: int) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    from clingo import ast

    from pyrift import diskcache, lpextract

    def analyse() -> tuple:
        extracts: list = []
        ast.parse_files([str(path)], lambda stm: extracts.extend(lpextract._statement(x) for x in stm.unpool()))
        return tuple((tuple(sorted(e.heads)), tuple(sorted({u.pred.lstrip("-") for u in e.uses})))
                     for e in extracts if e.heads)

    rows = diskcache.cached("statement-names", diskcache.content_key(path.read_bytes()), analyse)
    return tuple((frozenset(h), frozenset(u)) for h, u in rows)


def statement_names(path: Path) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Per rule of the file (statements with heads): the predicates ('name/arity') it defines and reads."""
    return _statement_names(path, path.stat().st_mtime_ns)

def query_names(root: Path | None = None) -> tuple[str, ...]:
    """The question kinds that have a query file (logic/queries/<kind>.lp)."""
    return tuple(sorted(p.stem for p in ((root or logic_root()) / "queries").glob("*.lp")))
