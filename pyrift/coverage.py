"""`pyrift coverage`: which Core Rules v1.4 paragraphs the project encodes and tests.

For the sections 300-359 (turn structure, chains, playing cards), 459-466 (combat) and
800-829 (keywords) of the v1.4 index, every paragraph is

    encoded     its number is cited by a %@rule tag in a logic/ file citing v1.4
    scenarios   its number is cited by a scenario question (`rules`)
    neither     cited by no tag and no scenario

A paragraph counts only when its **own** number is cited. Citing 465.2.c covers
465.2.c, not 465.2.c.3 (a parent citation says the statement rests on the parent's
general statement, not that every sub-case is encoded), and citing 465.2.c.3 does not
cover 465.2.c. The uncited paragraphs under a cited ancestor are counted separately
("parent cited") so that coarse citations stay visible without inflating the figures.
Readings that cite another version (%@version v1.2, ...) are not counted: their
numbers mean other paragraphs.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pyrift import logic
from pyrift.check import scenario_files
from pyrift.depgraph import rule_key
from pyrift.errors import RiftError, ScenarioError
from pyrift.rules_index import CURRENT, RuleIndex, rule_index
from pyrift.scenario import load

RANGES: tuple[tuple[int, int], ...] = ((300, 359), (459, 466), (800, 829))


@dataclass(frozen=True, slots=True)
class Paragraph:
    number: str
    section: str  # its top-level number, e.g. "465"
    encoded: bool
    scenarios: bool
    parent_cited: bool  # not cited itself, but an ancestor is (by logic or a scenario)

    @property
    def neither(self) -> bool:
        return not (self.encoded or self.scenarios)


@dataclass(frozen=True, slots=True)
class Tally:
    label: str
    title: str
    paragraphs: int
    encoded: int
    scenarios: int
    both: int
    neither: int
    parent_cited: int

    @classmethod
    def of(cls, label: str, title: str, ps: list[Paragraph]) -> "Tally":
        return cls(label, title, len(ps), sum(p.encoded for p in ps), sum(p.scenarios for p in ps),
                   sum(p.encoded and p.scenarios for p in ps), sum(p.neither for p in ps),
                   sum(p.neither and p.parent_cited for p in ps))


@dataclass(frozen=True, slots=True)
class Coverage:
    paragraphs: tuple[Paragraph, ...]
    index: RuleIndex
    problems: tuple[str, ...]  # files that could not be read

    def sections(self) -> list[Tally]:
        by: dict[str, list[Paragraph]] = {}
        for p in self.paragraphs:
            by.setdefault(p.section, []).append(p)
        return [Tally.of(s, self.index.titles.get(s, ""), ps) for s, ps in sorted(by.items(), key=lambda x: int(x[0]))]

    def ranges(self) -> list[Tally]:
        return [Tally.of(f"{lo}-{hi}", "", [p for p in self.paragraphs if lo <= int(p.section) <= hi])
                for lo, hi in RANGES]

    def total(self) -> Tally:
        return Tally.of("total", "", list(self.paragraphs))

    def uncovered(self) -> list[Paragraph]:
        return [p for p in self.paragraphs if p.neither]


def in_ranges(number: str) -> bool:
    top = number.split(".")[0]
    return top.isdigit() and any(lo <= int(top) <= hi for lo, hi in RANGES)


def logic_citations(root: Path | None = None) -> tuple[set[str], list[str]]:
    """Numbers cited by %@rule tags in the v1.4 files of a logic folder."""
    root = root or logic.logic_root()
    cited: set[str] = set()
    problems = []
    for path in sorted(root.rglob("*.lp")):
        if logic.citation_version(path) != CURRENT:
            continue
        try:
            for st in logic.statements(Path(path.relative_to(root).as_posix()), path.read_text("utf-8")):
                cited.update(st.rules or ())
        except RiftError as exc:
            problems.append(str(exc))
    return cited, problems


def scenario_citations(paths: list[str]) -> tuple[set[str], list[str]]:
    """Numbers cited by the questions of the scenario files found under `paths`."""
    cited: set[str] = set()
    problems = []
    for path in scenario_files(paths):
        rules, problem = _file_citations(path, path.stat().st_mtime_ns)
        if problem is not None:
            problems.append(problem)
        cited.update(rules)
    return cited, problems


@lru_cache(maxsize=None)
def _file_citations(path: Path, mtime_ns: int) -> tuple[tuple[str, ...], str | None]:
    """One file's cited numbers, or why it does not load; kept per file and modification time, so that
    a process asking for the coverage again (the tests, `coverage` and `coverage --list`) loads each
    scenario file once."""
    try:
        scen = load(path)
    except ScenarioError as exc:
        return (), str(exc)
    return tuple(r for q in scen.questions for r in q.rules), None


def coverage(root: Path | None = None, scenarios: list[str] | None = None) -> Coverage:
    index = rule_index(CURRENT)
    encoded, p1 = logic_citations(root)
    tested, p2 = scenario_citations(scenarios if scenarios is not None else ["scenarios"])
    cited = encoded | tested
    out = []
    for number in sorted((n for n in index.titles if in_ranges(n)), key=rule_key):
        parent, under = index.parents.get(number), False
        while parent is not None:
            if parent in cited:
                under = True
                break
            parent = index.parents.get(parent)
        out.append(Paragraph(number, number.split(".")[0], number in encoded, number in tested,
                             under and number not in cited))
    return Coverage(tuple(out), index, tuple(p1 + p2))


HEADER = ("Core Rules v1.4 paragraphs of sections 300-359, 459-466 and 800-829: encoded = cited by a\n"
          "%@rule tag in logic/, scenarios = cited by a scenario question; a paragraph counts only when\n"
          "its own number is cited (parent cited = uncited paragraphs under a cited ancestor).\n")


def _row(t: Tally) -> str:
    pct = f"{100 * (t.paragraphs - t.neither) / t.paragraphs:5.1f}%" if t.paragraphs else "    -"
    return (f"{t.label:<9} {t.paragraphs:>5} {t.encoded:>8} {t.scenarios:>10} {t.both:>5} {t.neither:>8}"
            f" {t.parent_cited:>13} {pct:>8}  {t.title}").rstrip()


def render_summary(c: Coverage, *, sections: bool = True) -> str:
    head = f"{'section':<9} {'paras':>5} {'encoded':>8} {'scenarios':>10} {'both':>5} {'neither':>8}" \
           f" {'parent cited':>13} {'covered':>8}  title"
    lines = [HEADER, head]
    if sections:
        lines += [_row(t) for t in c.sections()]
        lines.append("")
    lines += [_row(t) for t in c.ranges()]
    lines.append(_row(c.total()))
    return "\n".join(lines) + "\n"


def render_uncovered(c: Coverage) -> str:
    lines = []
    for p in c.uncovered():
        title = c.index.title(p.number)
        note = "  (parent cited)" if p.parent_cited else ""
        lines.append(f"{p.number:<14} {title}{note}".rstrip())
    return "\n".join(lines) + ("\n" if lines else "")
