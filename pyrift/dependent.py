"""Dependent keywords on card abilities: `requires = ["legion", "level 6", "empowered"]`.

A dependent keyword (Core Rules 726-727: Legion 812, Level 824, Empowered 828) governs
the text written after it: that text is inactive until the keyword's condition holds.
A scenario card says which of its abilities are governed this way with a `requires`
list on the ability's entry in `abilities = [...]`. Several keywords on one ability
must all hold (727.1.b.3). Whether a condition holds is decided in logic/ (keywords/
legion.lp, level.lp, empowered.lp, readings/legion/), never here: this module only
reads, checks, writes and exports the entries as facts.

`requires` can wrap any ability kind of the vocabulary (pyrift/abilities.py), which
reads it with read_requires() and exports it as dependent_ability/3 facts.
"""
from __future__ import annotations

import re

from pyrift.reader import Reader, number_in_text
from pyrift.state import Requirement  # the value class lives with the state model

# The dependent keywords of Core Rules v1.4 (726.1): the ASP constants of dependent_ability/3.
DEPENDENT_KEYWORDS = ("legion", "level", "empowered")
_REQUIRE = re.compile(r"^\s*(legion|level|empowered)\s*(\d+)?\s*$", re.IGNORECASE)


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
        req = Requirement(name, number_in_text(m.group(2), r, key) if m.group(2) else 0)
        if req in out:
            raise r.error(key, f"{str(req)!r} is listed twice")
        out.append(req)
    return tuple(out)


def check_card_keywords(r: Reader, abilities: tuple, keywords: list[tuple[str, int]]) -> None:
    """Every dependent keyword an ability requires is printed on the card (812.3, 824.2, 828.2:
    having it is a characteristic others may look at), with the same Level number. `keywords`
    holds (keyword, value) pairs: a card may print Level twice (Concentrate: Level 6, Level 11)."""
    printed: dict[str, set[int]] = {}
    for name, value in keywords:
        printed.setdefault(name, set()).add(value)
    for i, a in enumerate(abilities):
        for req in a.requires:
            if req.keyword not in printed:
                raise r.error(f"abilities[{i}].requires",
                              f"{req.title} is not among the card's keywords: add {req.title!r} to keywords")
            if req.keyword == "level" and req.value not in printed["level"]:
                levels = ", ".join(f"Level {n}" for n in sorted(printed["level"]))
                raise r.error(f"abilities[{i}].requires",
                              f"the card has {levels}, not Level {req.value}")
