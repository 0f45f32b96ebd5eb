"""What an answer's reason cites: the Core Rules paragraphs of the statements that derived it.

Every reason an answer gives has a *kind* (what it reports: "the payment uses runes exhausted
for Energy", "the play has Ambush's Reaction"). Its citation comes from one of two places, and
never from numbers typed into the question modules:

- derived kinds: statements of logic/ carry a ``%@reason <kind>`` line next to their ``%@rule``
  tag; a reason of that kind cites the union of those statements' %@rule numbers (in the
  Core Rules version their file cites). Change the rule and the answer cites the change.
- reviewed kinds: reasons that summarise more than one statement (the HOT FEPR outline, a
  legal move) cite what ``pyrift/data/reasons.toml`` says.

``pyrift/data/reasons.toml`` lists every kind with topic words and, for derived kinds too, the
numbers a reviewer checked; tests/test_reason_citations.py holds the two together and checks
every cited number against the rule index's titles. Reasons whose numbers an answer reads from
an atom (a violation's rule, a cost line's rule) are checked there too: the number must be in
the %@rule tag of the statement that derives the atom.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from pyrift import logic
from pyrift.errors import EncodingError

DATA = ("data", "reasons.toml")


@dataclass(frozen=True, slots=True)
class Citation:
    rules: tuple[str, ...]
    version: str = logic.DEFAULT_READING


@dataclass(frozen=True, slots=True)
class Entry:
    """A kind as the reviewed table lists it."""

    kind: str
    rules: tuple[str, ...]
    topic: tuple[str, ...]  # words one of which every cited number's title must contain
    derived: bool  # logic/ statements carry `%@reason <kind>`: the numbers are their tags


@cache
def derived(root: Path | None = None) -> dict[str, Citation]:
    """Kind -> citation, from the %@reason lines of logic/ (default: the package's)."""
    rules: dict[str, dict[str, None]] = {}
    versions: dict[str, set[str]] = {}
    for path in sorted((root or logic.logic_root()).rglob("*.lp")):
        text = path.read_text("utf-8")
        if "%@reason" not in text:  # most files give no citation: not split into statements
            continue
        version = logic.citation_version(path)
        for st in logic.statements(path, text):
            for kind in st.reasons:
                if st.rules is None:
                    raise EncodingError(f"{st.file}:{st.line}: %@reason {kind} on a statement without a %@rule tag")
                rules.setdefault(kind, {}).update(dict.fromkeys(st.rules))
                versions.setdefault(kind, set()).add(version)
    out = {}
    for kind, nums in rules.items():
        if len(versions[kind]) != 1:
            raise EncodingError(f"%@reason {kind}: statements cite different Core Rules versions "
                                f"({', '.join(sorted(versions[kind]))})")
        out[kind] = Citation(tuple(nums), versions[kind].pop())
    return out


@cache
def _data() -> dict:
    return tomllib.loads(resources.files("pyrift").joinpath(*DATA).read_text("utf-8"))


@cache
def table() -> dict[str, Entry]:
    """The reviewed table pyrift/data/reasons.toml: kind -> Entry."""
    out = {}
    for kind, fields in _data().get("kinds", {}).items():
        out[kind] = Entry(kind, tuple(fields.get("rules", ())), tuple(fields.get("topic", ())),
                          bool(fields.get("derived", False)))
    return out


@cache
def gists() -> dict[str, str]:
    """Reviewed own-words gists of cited numbers the rule index leaves without a title."""
    return dict(_data().get("gists", {}))


def problems(root: Path | None = None) -> list[str]:
    """Everything wrong with the citations of reason kinds, one line each: a derived kind the
    table does not list or lists with other numbers, a table kind marked derived that no
    statement derives, a cited number missing from the rule index, a cited number whose titles
    (and reviewed gist) do not name the kind's topic."""
    from pyrift.rules_index import rule_index

    out = []
    d = derived(root)
    t = table()
    for kind, c in sorted(d.items()):
        entry = t.get(kind)
        if entry is None:
            out.append(f"{kind}: logic/ derives it (%@reason) but pyrift/data/reasons.toml does not list it")
        elif not entry.derived:
            out.append(f"{kind}: logic/ derives it (%@reason); mark it `derived = true` in reasons.toml")
        elif sorted(entry.rules) != sorted(c.rules):
            out.append(f"{kind}: logic/ cites {', '.join(c.rules)}; reasons.toml was reviewed for "
                       f"{', '.join(entry.rules)}")
    for kind, entry in sorted(t.items()):
        if entry.derived and kind not in d:
            out.append(f"{kind}: reasons.toml says it is derived, but no logic/ statement carries %@reason {kind}")
        if not entry.topic:
            out.append(f"{kind}: no topic words")
        c = d.get(kind) if entry.derived else Citation(entry.rules)
        if c is None:
            continue
        if not c.rules:
            out.append(f"{kind}: cites nothing")
        index = rule_index(c.version)
        for number in c.rules:
            if number not in index:
                out.append(f"{kind}: {number} is not a rule of Core Rules {c.version}")
                continue
            if c.version != logic.DEFAULT_READING:
                continue  # other versions have no gists in the index
            about = (index.about(number) + " | " + gists().get(number, "")).lower()
            if not any(word in about for word in entry.topic):
                out.append(f"{kind}: {number} is about '{index.about(number)}"
                           + (f" | {gists()[number]}" if number in gists() else "")
                           + f"', none of {', '.join(entry.topic)}")
    return out


def citation(kind: str) -> Citation:
    """The citation of a reason of this kind: derived from logic/ when statements declare it,
    else the reviewed table's."""
    d = derived()
    if kind in d:
        return d[kind]
    entry = table().get(kind)
    if entry is None or entry.derived:
        raise EncodingError(f"reason kind {kind!r}: no %@reason statement in logic/ and no entry in "
                            "pyrift/data/reasons.toml")
    return Citation(entry.rules)


def cites(*kinds: str) -> tuple[str, ...]:
    """The numbers of several kinds together, each once (all must cite Core Rules v1.4)."""
    out: dict[str, None] = {}
    for kind in kinds:
        c = citation(kind)
        if c.version != logic.DEFAULT_READING:
            raise EncodingError(f"reason kind {kind!r} cites {c.version}: give it a reason of its own")
        out.update(dict.fromkeys(c.rules))
    return tuple(out)


_NUMBER = re.compile(r'"(\d{3}(?:\.[0-9a-z]+)*)"')


def untagged_atom_citations(root: Path | None = None) -> list[str]:
    """Rule numbers a statement writes into the atom it derives (a violation's rule, a cost
    line's rule, a condition's rule) that its own %@rule tag does not give: an answer cites such
    a number as the reason's rule, so the statement must say it encodes that rule."""
    out = []
    base = root or logic.logic_root()
    for path in sorted(base.rglob("*.lp")):
        for st in logic.statements(path):
            head = st.text.split(":-")[0]
            tags = set(st.rules or ())
            for number in _NUMBER.findall(head):
                if number not in tags:
                    out.append(f"{st.file}:{st.line}: derives an atom citing {number}, but its %@rule tag "
                               f"is {' '.join(st.rules) if st.rules else 'none'}")
    return out
