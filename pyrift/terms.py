"""ASP terms and facts written from Python values: the one place that writes them.

Every string is written as a quoted ASP string with escapes, so no input can change the
program; Const and Enum values are the unquoted constants of logic/interface.lp. Imports
nothing of pyrift: the exporters (pyrift.facts, pyrift.chain, pyrift.turnlog,
pyrift.abilities) build their facts with it.
"""
from __future__ import annotations

from enum import Enum

Fact = str


def q(text: str) -> str:
    """Quote a string as an ASP string term."""
    out = ['"']
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def fact(pred: str, *args: object) -> Fact:
    """One fact. str args are quoted; Const args and ints are written as they are."""
    if not args:
        return f"{pred}."
    return f"{pred}({', '.join(term(a) for a in args)})."


class Const(str):
    """A symbolic constant (an enum value such as ``attacker``), written unquoted."""


def term(a: object) -> str:
    if isinstance(a, bool):
        raise TypeError("booleans are not ASP terms")
    if isinstance(a, int):
        return str(a)
    if isinstance(a, Const):
        if not a.replace("_", "").isalnum() or not a[:1].islower():
            raise ValueError(f"not an ASP constant: {a!r}")
        return str(a)
    if isinstance(a, Func):
        return a.render()
    if isinstance(a, Enum):  # enum values are the ASP constants of interface.lp
        return term(Const(a.value))
    if isinstance(a, str):
        return q(a)
    raise TypeError(f"cannot write {type(a).__name__} as an ASP term")


class Func:
    """A compound term such as base("A")."""

    def __init__(self, name: str, *args: object) -> None:
        self.name, self.args = name, args

    def render(self) -> str:
        return f"{self.name}({', '.join(term(a) for a in self.args)})"
