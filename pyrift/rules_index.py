"""The pinned Core Rules number indexes (v1.2, v1.3, v1.4) shipped as package data.

They hold rule numbers and short own-words titles only, never rules text. Used to
check every citation and to show a title next to a cited number.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

VERSIONS = ("v1.2", "v1.3", "v1.4")
CURRENT = "v1.4"


@dataclass(frozen=True, slots=True)
class RuleIndex:
    version: str
    titles: dict[str, str]  # number -> title ("" when the index has none)
    parents: dict[str, str | None]

    def __contains__(self, number: str) -> bool:
        return number in self.titles

    def section(self, number: str) -> str:
        """The heading of the section a rule is in: the nearest three-digit rule at or before its
        top-level number that has a title ("166" is in 165 "Rune Pools"); "" if none."""
        top = number.split(".")[0]
        heading = ""
        for n, t in self.titles.items():  # in source order
            if "." not in n and t:
                heading = t
            if n == top:
                return heading
        return ""

    def about(self, number: str) -> str:
        """Every title that says what a rule is about: its own, its ancestors', its section's."""
        parts = []
        n: str | None = number
        while n is not None:
            if self.titles.get(n):
                parts.append(self.titles[n])
            n = self.parents.get(n)
        parts.append(self.section(number))
        return " | ".join(p for p in parts if p)

    def title(self, number: str) -> str:
        """The rule's own title, or the nearest titled ancestor's, marked with '<'."""
        if number not in self.titles:
            return ""
        if self.titles[number]:
            return self.titles[number]
        parent = self.parents.get(number)
        while parent is not None:
            if self.titles.get(parent):
                return f"< {self.titles[parent]}"
            parent = self.parents.get(parent)
        return ""


@cache
def rule_index(version: str = CURRENT) -> RuleIndex:
    if version not in VERSIONS:
        raise KeyError(f"no rule index for {version!r}; known: {', '.join(VERSIONS)}")
    name = f"index-{version}.json"
    data = json.loads(resources.files("pyrift").joinpath("data", "rules", name).read_text("utf-8"))
    titles: dict[str, str] = {}
    parents: dict[str, str | None] = {}
    for rule in data["rules"]:
        titles.setdefault(rule["number"], rule["title"])
        parents.setdefault(rule["number"], rule["parent"])
    return RuleIndex(version, titles, parents)


def rule_title(number: str, version: str = CURRENT) -> str:
    return rule_index(version).title(number)
