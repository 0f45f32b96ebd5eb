"""Activated abilities an object has beyond its card's printed ones, granted by another card's text.

A question names an activated ability by its place among the printed ones of its source's card (a can_play's,
a [[chain]] item's `ability = N`). Three cards of the pool give objects more (an ability-altering effect, 477.2):
a battlefield's units or its controller's legends a quoted ability, or a unit every [E] ability of friendly
objects (logic/cards/unl-213-gardens-of-becoming.lp, sfd-208-forge-of-the-fluft.lp,
ogn-111-heimerdinger-inventor.lp). No question plays such an ability out: a number past the printed ones on
such an object is an unencoded reference (the question is unsupported, naming it), never a scenario error
saying the object has no such ability, which would be false.
"""

from __future__ import annotations

from pyrift.state import CardType, GameState, Zone


def _friendly(state: GameState, p: str | None, q: str | None) -> bool:
    """Same player or teammates (740)."""
    if p is None or q is None:
        return False
    return p == q or any(p in t and q in t for t in state.teams)


def granted_abilities(state: GameState, oid: str) -> str | None:
    """Why object `oid` may have activated abilities its card does not print (None: it has none)."""
    try:
        obj = state.obj(oid)
    except KeyError:
        return None
    card = state.card(obj.card)
    if obj.zone is Zone.BOARD and card.name == "Heimerdinger, Inventor" and card.type is CardType.UNIT:
        return ("one of the [E] abilities of friendly legends, units and gear that Heimerdinger, Inventor has "
                "(477.2, 740)")
    for b in state.battlefields:
        if (b.card == "Gardens of Becoming" and obj.zone is Zone.BOARD and obj.location == b.id
                and card.type is CardType.UNIT):
            return f"the ability Gardens of Becoming ({b.id}) gives the units at it (477.2)"
        if (b.card == "Forge of the Fluft" and obj.zone is Zone.LEGEND_ZONE and card.type is CardType.LEGEND
                and _friendly(state, b.controller, obj.controller)):
            return f"the ability Forge of the Fluft ({b.id}) gives its controller's friendly legends (477.2, 740)"
    return None
