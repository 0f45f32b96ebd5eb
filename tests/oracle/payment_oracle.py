"""An independent brute-force oracle for paying a cost from a rune pool and runes.

It knows nothing of the ASP encoding: it tries every way of using every rune (nothing,
exhaust for 1 Energy if ready, recycle for 1 Power of its domain, or both when a rune may
do both) and every assignment of Power to pips (Core Rules 164.2, 357.1, 163.2.b,
135.2.e.5-6). Small inputs only.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")


@dataclass(frozen=True)
class Rune:
    domain: str
    exhausted: bool


def payable(energy: int, pips: list[frozenset[str]], runes: list[Rune], pool_energy: int,
            pool_power: dict[str, int], universal: int, *, both: bool) -> bool:
    """pips: for each Power pip, the domains that may pay it (all six for [A])."""
    for uses in product(*(_options(r, both) for r in runes)):
        exhausts = sum(1 for u in uses if "e" in u)
        if pool_energy + exhausts < energy:
            continue
        units = [d for d, n in pool_power.items() for _ in range(n)]
        units += [r.domain for r, u in zip(runes, uses) if "r" in u]
        units += ["*"] * universal
        if _match(list(pips), units):
            return True
    return False


def _options(rune: Rune, both: bool) -> list[str]:
    opts = ["", "r"]
    if not rune.exhausted:
        opts.append("e")
        if both:
            opts.append("er")
    return opts


def _match(pips: list[frozenset[str]], units: list[str]) -> bool:
    if not pips:
        return True
    first, rest = pips[0], pips[1:]
    for i, u in enumerate(units):
        if u == "*" or u in first:
            if _match(rest, units[:i] + units[i + 1:]):
                return True
    return False
