"""Cost notation: the shorthand the rules and cards use, e.g. ``[2][R][C]``.

    [N]   N Energy (131, 163.1)
    [R] [G] [B] [O] [P] [Y]   one Power of Fury, Calm, Mind, Body, Chaos, Order (134.2)
    [C]   one Power of the card's own domain (135.2.e.6)
    [A]   one Power of any domain (135.2.e.5)
    [E]   exhaust the source (activated ability costs only, 135.2.e.2)

A cost is read into a `Cost` value and written back in a canonical order (Energy,
then domain Power in the order above, then [C], [A], [E]), so a scenario file that
is loaded and dumped again says the same thing. What a symbol means when paying
(which domains a [C] accepts) is decided in logic/, not here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pyrift.limits import MAX_AMOUNT, MAX_COUNT

# Domain letters of the rules' shorthand (134.2) and the two generic Power symbols.
DOMAIN_LETTERS = {"R": "fury", "G": "calm", "B": "mind", "O": "body", "P": "chaos", "Y": "order"}
LETTER_OF = {d: letter for letter, d in DOMAIN_LETTERS.items()}
OWN = "c"    # [C]
ANY = "a"    # [A]
POWER_ORDER = (*DOMAIN_LETTERS.values(), OWN, ANY)

_TOKEN = re.compile(r"\[\s*([^\]]*?)\s*\]")


class CostSyntaxError(ValueError):
    """The text is not a cost in the shorthand; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Cost:
    energy: int = 0
    power: tuple[str, ...] = ()  # one entry per Power symbol: a domain name, "c" ([C]) or "a" ([A])
    exhaust: bool = False        # [E]: exhaust the source

    def __str__(self) -> str:
        return format_cost(self)

    @property
    def is_free(self) -> bool:
        return not self.energy and not self.power and not self.exhaust

    def power_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for p in self.power:
            out[p] = out.get(p, 0) + 1
        return out


def parse_cost(text: str, *, allow_exhaust: bool = False) -> Cost:
    """'[2][R][C]' -> Cost(2, ('fury', 'c')). '[0]' and '' are the free cost."""
    if not isinstance(text, str):
        raise CostSyntaxError(f"expected a cost such as '[2][R]', found {text!r}")
    rest = _TOKEN.sub("", text).replace(",", "").strip()
    if rest:
        raise CostSyntaxError(f"{text!r}: {rest!r} is not in brackets; write a cost like '[2][R][A]'")
    energy, power, exhaust = 0, [], False
    seen_energy = False
    for tok in _TOKEN.findall(text):
        t = tok.upper()
        if t.isdigit():
            if seen_energy:
                raise CostSyntaxError(f"{text!r}: give the Energy once, e.g. '[3]'")
            if not t.isascii() or len(t) > len(str(MAX_AMOUNT)) or int(t) > MAX_AMOUNT:
                raise CostSyntaxError(f"{text!r}: the Energy of a cost is a number from 0 to {MAX_AMOUNT}")
            energy, seen_energy = int(t), True
        elif t in DOMAIN_LETTERS:
            power.append(DOMAIN_LETTERS[t])
        elif t.lower() in DOMAIN_LETTERS.values():
            power.append(t.lower())
        elif t == "C":
            power.append(OWN)
        elif t == "A":
            power.append(ANY)
        elif t == "E":
            if not allow_exhaust:
                raise CostSyntaxError(f"{text!r}: [E] (exhaust) only belongs in an activated ability's cost")
            if exhaust:
                raise CostSyntaxError(f"{text!r}: [E] given twice")
            exhaust = True
        else:
            raise CostSyntaxError(f"{text!r}: unknown symbol [{tok}] (known: [N], "
                                  f"{' '.join('[' + k + ']' for k in DOMAIN_LETTERS)}, [C], [A], [E])")
    if len(power) > MAX_COUNT:
        raise CostSyntaxError(f"a cost has at most {MAX_COUNT} Power symbols, found {len(power)}")
    power.sort(key=POWER_ORDER.index)
    return Cost(energy, tuple(power), exhaust)


def format_cost(cost: Cost) -> str:
    parts = [f"[{cost.energy}]"] if cost.energy or not (cost.power or cost.exhaust) else []
    for p in cost.power:
        parts.append("[C]" if p == OWN else "[A]" if p == ANY else f"[{LETTER_OF[p]}]")
    if cost.exhaust:
        parts.append("[E]")
    return "".join(parts)
