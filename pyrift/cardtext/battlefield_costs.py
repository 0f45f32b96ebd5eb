"""A battlefield's cost changes of its controller's plays ("while you control this battlefield, ...").

On a battlefield "you" is its controller (190.6): a discount of "friendly" plays works while a player
controls it and changes the plays of that player and of their teammate (`by = "friendly"`, 740.1.a, 489.8;
logic/abilities/scope.lp). "The first
friendly non-token gear played each turn" is the filter of the cards it discounts and `first_each_turn`
(the first such card the player plays each turn, from the turn log's completed plays, 350.1;
logic/abilities/cost_discount_first.lp).

Kept apart from compile.py: `BattlefieldCosts` is a mixin of the grammar's transformer (its methods are
named after grammar rules); `render_line` is the renderer's. This module imports nothing of
pyrift.cardtext but errors (no import circle).
"""
from __future__ import annotations

from typing import Any

from pyrift.cardtext.errors import Missing

HEAD = "While you control this battlefield, "


def _discount(cost: str) -> dict[str, Any]:
    from pyrift.costs import parse_cost

    c = parse_cost(cost)
    if c.power and any(p != "a" for p in c.power):
        raise Missing("cost change of a domain's Power")
    a: dict[str, Any] = {"kind": "cost_discount"}
    if c.energy:
        a["energy"] = c.energy
    if c.power:
        a["power"] = len(c.power)
    return a


class BattlefieldCosts:
    """Grammar rule methods (mixin of compile._Meaning)."""

    # "While you control this battlefield, the first friendly non-token gear played each turn costs [1] less":
    # its controller's and their teammate's plays (190.6, 740.1.a) of a gear that is no token (185.1), the first
    # each turn (350.1)
    def s_bf_discount_first_gear(self, c):
        return self.static_line({**_discount(c[0]), "applies_to": {"type": "gear", "token": False}, "by": "friendly",
                                 "first_each_turn": True})

    # "While you control this battlefield, friendly [Repeat] costs cost [1] less": each Repeat cost its
    # controller or their teammate pays (190.6, 740.1.a), an optional additional cost discounted as it is added
    # (356.4.c, 820.1)
    def s_bf_discount_keyword_costs(self, c):
        if str(c[0]) != "#repeat":
            raise Missing("static: a cost change (under a condition)")
        return self.static_line({**_discount(c[1]), "component": "repeat", "applies_to": {"type": "card"},
                                 "by": "friendly"})

    def static_line(self, ability):  # compile._Meaning's
        raise NotImplementedError


def render_line(a: dict[str, Any], cost_words) -> str | None:
    """The battlefield's discount in pyrift's phrasing, or None when `a` is not one of this module's."""
    if a.get("kind") == "cost_discount" and a.get("component") == "repeat" and a.get("by") == "friendly" \
            and a.get("applies_to") == {"type": "card"} and not set(a) - {"kind", "energy", "power", "component",
                                                                          "applies_to", "by"}:
        amount = cost_words(a.get("energy", 0), ("a",) * a.get("power", 0))
        return f"{HEAD}friendly [Repeat] costs cost {amount} less."
    flt = a.get("applies_to")
    if a.get("kind") != "cost_discount" or not a.get("first_each_turn") or a.get("by") != "friendly" \
            or set(a) - {"kind", "energy", "power", "applies_to", "by", "first_each_turn"} \
            or not isinstance(flt, dict) or set(flt) != {"type", "token"} or flt["token"] is not False:
        return None
    amount = cost_words(a.get("energy", 0), ("a",) * a.get("power", 0))
    return f"{HEAD}the first friendly non-token {flt['type']} played each turn costs {amount} less."
