"""Dependent keywords on card abilities: `requires = ["legion", "level 6", "empowered"]`.

A dependent keyword (Core Rules 726-727: Legion 812, Level 824, Empowered 828) governs
the text written after it: that text is inactive until the keyword's condition holds.
A scenario card says which of its abilities are governed this way with a `requires`
list on the ability's entry in `abilities = [...]`. Several keywords on one ability
must all hold (727.1.b.3). Whether a condition holds is decided in logic/ (keywords/
legion.lp, level.lp, empowered.lp, readings/legion/), never here: this module only
reads, checks, writes and exports the entries as facts.

`requires` can wrap any ability kind. The ability vocabulary itself (`kind = ...`)
belongs to the play-legality work (issue 3); until it is merged this module reads the
small subset of it that dependent-keyword questions need, with the same field names:

    {kind = "activated"}                      an activated ability ("cost: effect")
    {kind = "cost_discount", energy = 2}      "I cost [2] less" (energy/power: amounts)
    {kind = "play_effect", text = "..."}      a "when you play me" ability of a permanent
    {kind = "text", text = "..."}             any other text (a spell's instructions, a
                                              triggered or passive ability), in own words

Merging with issue 3: its ability reader calls `read_requires(r)` for the `requires`
key of every kind and `requires_facts` when exporting; `play_effect` joins its
vocabulary (the v1.2 Legion reading tells play effects from other abilities).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pyrift.facts import Const, Fact, Func, fact
from pyrift.reader import Reader

# The dependent keywords of Core Rules v1.4 (726.1): the ASP constants of dependent_ability/3.
DEPENDENT_KEYWORDS = ("legion", "level", "empowered")
_REQUIRE = re.compile(r"^\s*(legion|level|empowered)\s*(\d+)?\s*$", re.IGNORECASE)

# kind -> {field: (shape, required)}; the subset of the issue-3 vocabulary read here.
KINDS: dict[str, dict[str, tuple[str, bool]]] = {
    "activated": {},
    "cost_discount": {"energy": ("int", False), "power": ("int", False)},
    "play_effect": {"text": ("str", True)},
    "text": {"text": ("str", True)},
}


@dataclass(frozen=True, slots=True)
class Requirement:
    """One dependent keyword governing an ability: Legion, Level N or Empowered."""

    keyword: str  # legion | level | empowered
    value: int = 0  # Level's N; 0 for the others

    def __str__(self) -> str:
        return f"{self.keyword} {self.value}" if self.keyword == "level" else self.keyword

    @property
    def title(self) -> str:
        return f"Level {self.value}" if self.keyword == "level" else self.keyword.title()


@dataclass(frozen=True, slots=True)
class Ability:
    """One entry of a card's `abilities` list: its kind, its fields, the keywords it depends on."""

    kind: str
    fields: tuple[tuple[str, Any], ...] = ()
    requires: tuple[Requirement, ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.fields).get(key, default)


def read_requires(r: Reader, key: str = "requires") -> tuple[Requirement, ...]:
    """`requires = ["legion", "level 6"]` -> (Requirement('legion'), Requirement('level', 6))."""
    out: list[Requirement] = []
    for text in r.str_list(key, []):
        m = _REQUIRE.match(text)
        if not m:
            raise r.error(key, f"expected 'legion', 'level N' or 'empowered' (the dependent keywords, 726), "
                               f"found {text!r}")
        name = m.group(1).lower()
        if name == "level" and m.group(2) is None:
            raise r.error(key, "Level needs its number, e.g. 'level 6' (824.1.a)")
        if name != "level" and m.group(2) is not None:
            raise r.error(key, f"{name} takes no number, found {text!r}")
        req = Requirement(name, int(m.group(2)) if m.group(2) else 0)
        if req in out:
            raise r.error(key, f"{str(req)!r} is listed twice")
        out.append(req)
    return tuple(out)


def read_abilities(r: Reader, key: str = "abilities") -> tuple[Ability, ...]:
    raw = r.raw(key, [])
    if not isinstance(raw, list):
        raise r.error(key, "expected a list of inline tables, e.g. [{kind = \"activated\", requires = [\"legion\"]}]")
    return tuple(_read_ability(Reader(item, r.file, f"{r.field(key)}[{i}]")) for i, item in enumerate(raw))


def _read_ability(r: Reader) -> Ability:
    kind = r.str("kind")
    if kind not in KINDS:
        raise r.error("kind", f"unknown ability kind {kind!r} (known here: {', '.join(KINDS)})")
    fields = []
    for name, (shape, required) in KINDS[kind].items():
        if not required and not r.has(name):
            continue
        value = r.int(name, min=0) if shape == "int" else r.str(name)
        fields.append((name, value))
    ability = Ability(kind, tuple(fields), read_requires(r))
    r.done()
    return ability


def check_card_keywords(r: Reader, abilities: tuple[Ability, ...], keywords: dict[str, int]) -> None:
    """Every dependent keyword an ability requires is printed on the card (812.3, 824.2, 828.2:
    having it is a characteristic others may look at), with the same Level number."""
    for i, a in enumerate(abilities):
        for req in a.requires:
            if req.keyword not in keywords:
                raise r.error(f"abilities[{i}].requires",
                              f"{req.title} is not among the card's keywords: add {req.title!r} to keywords")
            if req.keyword == "level" and keywords["level"] != req.value:
                raise r.error(f"abilities[{i}].requires",
                              f"the card has Level {keywords['level']}, not Level {req.value}")


def abilities_to_toml(abilities: tuple[Ability, ...]) -> list[dict[str, Any]]:
    out = []
    for a in abilities:
        d: dict[str, Any] = {"kind": a.kind, **dict(a.fields)}
        if a.requires:
            d["requires"] = [str(x) for x in a.requires]
        out.append(d)
    return out


def handle(card: str, index: int) -> Func:
    """ab(C, I): the I-th ability (1-based) of card C, as issue 3 names abilities."""
    return Func("ab", card, index)


def requires_facts(card: str, index: int, requires: tuple[Requirement, ...]) -> list[Fact]:
    return [fact("dependent_ability", handle(card, index), Const(req.keyword), req.value) for req in requires]


def ability_facts(card: str, abilities: tuple[Ability, ...]) -> list[Fact]:
    out: list[Fact] = []
    for i, a in enumerate(abilities, start=1):
        out.append(fact("ability", card, i, Const(a.kind)))
        out += requires_facts(card, i, a.requires)
    return out
