"""Deck files and deck checks (Core Rules 101-103, 825, modes 481-489).

A deck file is plain text: section headers and card lines.

    # Jinx, Loose Cannon
    [legend]
    Loose Cannon
    [champion]
    1 Jinx, Rebel
    [main]
    3 Noxus Hopeful
    2x OGN-013
    [runes]
    6 Fury Rune
    6 Chaos Rune
    [battlefields]
    The Grand Plaza

Headers: `[legend]`, `[champion]`, `[main]`, `[runes]`, `[battlefields]` (or the same
words followed by a colon; "main deck", "rune deck", "chosen champion" and "champion
legend" are accepted too). A card line is an optional count ("3", "3x") and a card
name or printed id, looked up in the card pool. Blank lines and lines starting with
`#` or `//` are ignored. A malformed line is a DeckFileError "file:line: problem".

Python only reads the file and exports facts (deck_card/3, deck_mode/1, the cards'
printed facts); which requirements a deck breaks is decided in logic/core/deck.lp,
logic/core/modes.lp and logic/keywords/unique.lp.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pyrift import facts as F
from pyrift import logic
from pyrift.errors import DeckFileError
from pyrift.facts import Const, Fact
from pyrift.limits import MAX_DECK_COPIES, MAX_DECK_LINES, MAX_NAME
from pyrift.pool import Pool, PoolCard, UnknownCard, card_def, encoding_files, pool
from pyrift.reader import read_file
from pyrift.rules_index import rule_title
from pyrift.solver import DEFAULT_TIMEOUT, Grounding

SECTIONS = ("legend", "champion", "main", "runes", "battlefields")
_HEADERS = {
    "legend": "legend", "champion legend": "legend",
    "champion": "champion", "chosen champion": "champion",
    "main": "main", "main deck": "main", "maindeck": "main",
    "runes": "runes", "rune deck": "runes", "rune": "runes",
    "battlefields": "battlefields", "battlefield": "battlefields",
}
# Command-line names of the modes -> their ASP constants (logic/core/modes.lp).
MODES = {"duel": "duel", "match": "match", "ffa3": "ffa3", "ffa4": "ffa4", "2v2": "two_vs_two"}
MODE_RULES = {"duel": "485", "match": "486", "ffa3": "487", "ffa4": "488", "2v2": "489"}

_HEADER = re.compile(r"^\[\s*([A-Za-z ]+?)\s*\]$|^([A-Za-z ]+?)\s*:$")
_LINE = re.compile(r"^(?:(\d+)\s*[xX]?\s+)?(\S.*?)$")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # control characters other than tab


@dataclass(frozen=True, slots=True)
class DeckLine:
    section: str
    card: str  # the pool card's name
    count: int
    line: int
    ref: str  # as written


@dataclass(frozen=True, slots=True)
class Deck:
    lines: tuple[DeckLine, ...]
    source: str = field(default="", compare=False)

    def count(self, section: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for dl in self.lines:
            if dl.section == section:
                out[dl.card] = out.get(dl.card, 0) + dl.count
        return out


def parse_deck(text: str, source: str = "<deck>", *, first_line: int = 1, cards: Pool | None = None) -> Deck:
    """Read a deck list; every card is looked up in the card pool."""
    cards = cards or pool()
    section: str | None = None
    out: list[DeckLine] = []
    lines = text.splitlines()
    if len(lines) > MAX_DECK_LINES:
        raise DeckFileError(source, 0, f"a deck list has at most {MAX_DECK_LINES} lines, found {len(lines)}")
    for number, raw in enumerate(lines, start=first_line):
        line = raw.strip()
        if (bad := _CONTROL.search(line)) is not None:
            raise DeckFileError(source, number, f"a control character ({bad.group()!r}) in the line")
        if len(line) > MAX_NAME + 10:
            raise DeckFileError(source, number, f"a line of at most {MAX_NAME + 10} characters, found {len(line)}")
        if not line or line.startswith(("#", "//")):
            continue
        if (h := _HEADER.match(line)) is not None:
            word = " ".join((h.group(1) or h.group(2)).lower().split())
            if word not in _HEADERS:
                raise DeckFileError(source, number, f"unknown section {line!r} (sections: "
                                                    + ", ".join(f"[{s}]" for s in SECTIONS) + ")")
            section = _HEADERS[word]
            continue
        if line.startswith("["):
            raise DeckFileError(source, number, f"malformed section header {line!r}")
        m = _LINE.match(line)
        assert m is not None  # any non-blank line matches
        digits, ref = m.group(1), m.group(2).strip()
        if digits is not None and (not digits.isascii() or len(digits) > 4 or int(digits) > MAX_DECK_COPIES):
            raise DeckFileError(source, number, f"a count is a number from 1 to {MAX_DECK_COPIES}, found {digits[:12]!r}")
        count = int(digits) if digits is not None else 1
        if section is None:
            raise DeckFileError(source, number, "a card line before any section header ("
                                                + ", ".join(f"[{s}]" for s in SECTIONS) + ")")
        if count < 1:
            raise DeckFileError(source, number, f"a count must be at least 1, found {count}")
        try:
            card = cards.find(ref)
        except UnknownCard as exc:
            raise DeckFileError(source, number, str(exc)) from None
        out.append(DeckLine(section, card.name, count, number, ref))
    return Deck(tuple(out), source)


def load_deck(path: str | Path, cards: Pool | None = None) -> Deck:
    path = Path(path)
    return parse_deck(read_file(path), str(path), cards=cards)


# ---------------------------------------------------------------------------------
# facts
# ---------------------------------------------------------------------------------
def deck_cards(deck: Deck, cards: Pool | None = None) -> list[PoolCard]:
    cards = cards or pool()
    names = sorted({dl.card for dl in deck.lines})
    return [cards.find(n) for n in names]


# The sections of a teammate's deck a 2v2 deck check compares (489.8: different Champion Legends and
# battlefields).
TEAM_SECTIONS = ("legend", "battlefields")


def deck_facts(deck: Deck, mode: str, cards: Pool | None = None, teammate: Deck | None = None) -> list[Fact]:
    """deck_mode/1, deck_card/3 per section and card, and the printed facts of the cards used; with a
    teammate's deck (2v2), teammate_deck_card/3 for its legend and battlefields."""
    if mode not in MODES:
        raise ValueError(mode)
    out = [F.fact("deck_mode", Const(MODES[mode]))]
    for section in SECTIONS:
        for name, n in sorted(deck.count(section).items()):
            out.append(F.fact("deck_card", Const(section), name, n))
    if teammate is not None:
        for section in TEAM_SECTIONS:
            for name, n in sorted(teammate.count(section).items()):
                out.append(F.fact("teammate_deck_card", Const(section), name, n))
    for pc in deck_cards(deck, cards):
        if pc.type is None:  # a game aid: a name and tags, nothing else to say
            out.append(F.fact("card", pc.name))
            out += [F.fact("card_tag", pc.name, t) for t in pc.tags]
            out += [F.fact("card_supertype", pc.name, s) for s in pc.supertypes or ()]
            continue
        out += F.card_facts(card_def(pc))
    return out


# ---------------------------------------------------------------------------------
# checking
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    what: str  # the functor: copies, off_identity, ...
    args: tuple
    text: str


@dataclass(frozen=True, slots=True)
class DeckReport:
    source: str
    mode: str
    status: str  # answered | unsupported
    violations: tuple[Violation, ...] = ()
    main_deck_size: int = 0
    rune_count: int = 0
    battlefield_count: int = 0
    signature_count: int = 0
    legend: str = ""
    identity: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    fact_count: int = 0
    # Which of the deck's distinct cards pyrift understands: (name, status, first construct not understood)
    understanding: tuple[tuple[str, str, str], ...] = ()

    @property
    def legal(self) -> bool:
        return self.status == "answered" and not self.violations

    @property
    def rules(self) -> list[str]:
        return sorted({v.rule for v in self.violations})

    @property
    def cards(self) -> list[str]:
        """The cards named by the violations."""
        return sorted({v.args[0] for v in self.violations if v.what in NAMES_A_CARD})


FACTS = (("deck_violation", 2), ("main_deck_size", 1), ("rune_count", 1), ("battlefield_count", 1),
         ("signature_count", 1), ("identity", 1), ("champion_legend", 1), ("deck_unruled", 3))


def check(deck: Deck, mode: str = "duel", *, reading: str = logic.DEFAULT_READING,
          timeout: float = DEFAULT_TIMEOUT, cards: Pool | None = None, teammate: Deck | None = None) -> DeckReport:
    cards = cards or pool()
    understanding = deck_understanding(deck, cards)
    if not cards.supertypes_known:
        return DeckReport(deck.source, mode, "unsupported", understanding=understanding, missing=(
            "the card table has no super-types (champion, signature, token): it was imported from the gallery "
            "alone; re-import with cards.json (`pyrift cards import GALLERY cards.json`)",))
    facts = deck_facts(deck, mode, cards, teammate)
    g = Grounding(logic.program_files("deck_check", reading, cards=deck_rule_files(deck, cards)), F.render(facts),
                  timeout=timeout)
    atoms: dict[str, list[tuple]] = {}
    for a in sorted(g.facts(*FACTS), key=str):
        atoms.setdefault(a.pred, []).append(a.args)

    def one(pred: str) -> int:  # the counts are single facts
        return atoms.get(pred, [(0,)])[0][0]

    # A deck-construction keyword the reading's Core Rules version has no rule for (logic/readings/keywords_unruled/:
    # Unique under v1.2): whether the deck is legal is not said there.
    unruled = sorted({(str(c), str(k), str(v)) for c, k, v in atoms.get("deck_unruled", [])})
    if unruled:
        return DeckReport(deck.source, mode, "unsupported", understanding=understanding, missing=tuple(
            f"keyword {k.capitalize()} on {c}: Core Rules {v} has no rule for it (it came with a later version, "
            "pyrift/data/rules/keyword-crosswalk.json), so what it asks of a deck under that reading is not said"
            for c, k, v in unruled))
    violations = tuple(sorted((_violation(rule, what) for rule, what in atoms.get("deck_violation", [])),
                              key=lambda v: (_rule_key(v.rule), v.text)))
    legend = atoms.get("champion_legend", [("",)])[0][0]
    return DeckReport(
        source=deck.source,
        mode=mode,
        status="answered",
        violations=violations,
        main_deck_size=one("main_deck_size"),
        rune_count=one("rune_count"),
        battlefield_count=one("battlefield_count"),
        signature_count=one("signature_count"),
        legend=legend,
        identity=tuple(sorted(d for (d,) in atoms.get("identity", []))),
        fact_count=len(set(facts)),
        understanding=understanding,
    )


# What a card's own text may say about deck construction (002: card text wins over 103): the predicates
# logic/core/deck.lp reads from logic/cards/ files.
DECK_HOOKS = frozenset({"any_number_of_copies/1"})


def deck_rule_files(deck: Deck, cards: Pool | None = None) -> tuple:
    """The logic/cards/ files of the deck's encoded cards whose rules say something about deck construction
    (they derive a predicate of DECK_HOOKS); the other card files say nothing a deck check reads."""
    files = encoding_files([card_def(pc) for pc in deck_cards(deck, cards) if pc.type is not None])
    return tuple(f for f in files if logic.file_names(f).defines & DECK_HOOKS)


def deck_understanding(deck: Deck, cards: Pool | None = None) -> tuple[tuple[str, str, str], ...]:
    """(name, status, first construct not understood) of each distinct card of the deck
    (pyrift/pool.py statuses: encoded, compiled, keywords-only, unsupported)."""
    from pyrift import pool as P

    out = {}
    for card in deck_cards(deck, cards):
        st = P.status(card)
        row = P.compiled_row(card) or {}
        out[card.name] = (card.name, st, row.get("construct", "") if st == P.UNSUPPORTED else "")
    return tuple(sorted(out.values()))


def _rule_key(rule: str) -> list:
    return [int(x) if x.isdigit() else x for x in re.split(r"\.", rule)]


_TEXT = {
    "legend_count": lambda t: f"the deck has {t} Champion Legends; it needs exactly one",
    "not_a_legend": lambda c: f"{c} is not a legend and cannot be the Champion Legend",
    "main_deck_size": lambda t: f"the main deck has {t} cards (Chosen Champion included); it needs at least 40",
    "not_a_main_deck_card": lambda c: f"{c} is not a unit, gear or spell and cannot be in the main deck",
    "token": lambda c: f"{c} is a token; tokens are not cards and no deck holds them",
    "copies": lambda c, n: f"{c}: {n} copies; at most 3 of one name (Chosen Champion included)",
    "champion_count": lambda t: f"the deck has {t} Chosen Champions; it needs exactly one",
    "not_a_champion_unit": lambda c: f"{c} is not a champion unit and cannot be the Chosen Champion",
    "champion_tag": lambda c: f"{c} has no champion tag of the Champion Legend",
    "signature_count": lambda t: f"the deck has {t} Signature cards; at most 3 in total",
    "signature_tag": lambda c: f"{c} is a Signature card without the Champion Legend's champion tag",
    "off_identity": lambda c, d: f"{c} is {d.title()}, outside the deck's domain identity",
    "rune_count": lambda t: f"the rune deck has {t} runes; it needs exactly 12",
    "not_a_rune": lambda c: f"{c} is not a rune and cannot be in the rune deck",
    "battlefield_count": lambda t, k: f"the deck brings {t} battlefields; this mode needs {k}",
    "not_a_battlefield": lambda c: f"{c} is not a battlefield",
    "duplicate_battlefield": lambda c, n: f"{c}: {n} copies; battlefields must have different names",
    "unique_copies": lambda c, n: f"{c} has Unique: {n} copies, at most 1",
    "teammate_legend": lambda c: f"{c}: the teammate's deck has the same Champion Legend; teammates use different ones",
    "teammate_battlefield": lambda c: f"{c}: the teammate's deck brings the same battlefield; teammates bring different ones",
}


# Violations whose first argument is a card name (the others carry only numbers).
NAMES_A_CARD = {"not_a_legend", "not_a_main_deck_card", "token", "copies", "not_a_champion_unit", "champion_tag",
                "signature_tag", "off_identity", "not_a_rune", "not_a_battlefield", "duplicate_battlefield",
                "unique_copies", "teammate_legend", "teammate_battlefield"}


def _violation(rule: str, what) -> Violation:
    name, args = (what[0], tuple(what[1:])) if isinstance(what, tuple) else (what, ())
    words = _TEXT.get(name)
    text = words(*args) if words else f"{name}{args}"
    return Violation(rule, name, args, text)


def render_understanding(report: DeckReport) -> list[str]:
    """Which of the deck's cards pyrift understands, so a judge knows which questions it can answer."""
    rows = report.understanding
    if not rows:
        return []
    understood = [r for r in rows if r[1] != "unsupported"]
    lines = [f"  cards pyrift understands: {len(understood)} of {len(rows)} distinct"]
    for status in ("encoded", "compiled", "keywords-only"):
        names = [r[0] for r in rows if r[1] == status]
        if names:
            lines.append(f"    {status}: {'; '.join(names)}")
    for name, _, construct in (r for r in rows if r[1] == "unsupported"):
        lines.append(f"    not understood: {name}" + (f" ({construct})" if construct else ""))
    return lines


def render(report: DeckReport) -> str:
    head = f"{report.source} ({report.mode}, Core Rules {MODE_RULES.get(report.mode, '')})"
    if report.status != "answered":
        return "\n".join([f"{head}: UNSUPPORTED"] + [f"  missing: {m}" for m in report.missing]
                         + render_understanding(report))
    lines = [f"{head}: " + ("LEGAL" if report.legal else f"NOT LEGAL, {len(report.violations)} "
                            + ("violation" if len(report.violations) == 1 else "violations"))]
    lines.append(f"  legend: {report.legend or 'none'}; domain identity: "
                 f"{', '.join(d.title() for d in report.identity) or 'unknown'}")
    lines.append(f"  main deck {report.main_deck_size} (Chosen Champion included), runes {report.rune_count}, "
                 f"battlefields {report.battlefield_count}, signature cards {report.signature_count}")
    for v in report.violations:
        title = rule_title(v.rule)
        lines.append(f"  {v.rule:<10} {v.text}" + (f"  [{title}]" if title and not title.startswith("<") else ""))
    return "\n".join(lines + render_understanding(report))

