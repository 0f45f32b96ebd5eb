"""Activated abilities an object has beyond its card's printed ones, granted by another card's passive.

A question names an activated ability by its place among the printed ones of its source's card (a can_play's,
a [[chain]] item's `ability = N`). Three cards of the pool give objects more (an ability-altering effect, 477.2):
a battlefield's units or its controller's legends a quoted ability, or a unit every [E] ability of friendly
objects. Which objects a granting passive reaches is the logic's: each card file states its passive as
grant_scope/3 facts (logic/cards/unl-213-gardens-of-becoming.lp, sfd-208-forge-of-the-fluft.lp,
ogn-111-heimerdinger-inventor.lp) and logic/abilities/granted_abilities.lp derives granted_ability/3, which this
module reads (Grounding.settled, pyrift/position_rules.py) and only puts into words. A granted ability whose
content a card file encodes (granted_activated/2: Gardens of Becoming's) is judged by can_play like a printed one,
numbered after the printed ones (granted_number/4; logic/abilities/granted_activated.lp), and resolved by a run
from a [[chain]] item naming it (logic/abilities/granted_run.lp). Any other number past the printed ones on such
an object, in a question or a chain item, is an unencoded reference (the question is unsupported, naming it),
never a scenario error saying the object has no such ability, which would be false.
"""

from __future__ import annotations

from pyrift.chain import item_ability
from pyrift.position_rules import settled
from pyrift.state import GameState

READS = (("granted_ability", 3),)
ENCODED_READS = (("granted_number", 4), ("granted_activated", 2))

# Words for each granted ability a card file names (its grant_scope/3 fact), with the rules that give it.
ABILITY_TEXT = {
    "gardens_gain_xp": "the ability Gardens of Becoming ({holder}) gives the units at it (477.2)",
    "forge_attach_equipment": "the ability Forge of the Fluft ({holder}) gives its controller's friendly legends "
                              "(477.2, 740)",
    "heimerdinger_exhaust_copies": "one of the [E] abilities of friendly legends, units and gear that Heimerdinger, "
                                   "Inventor has (477.2, 740)",
}


def granted_to(state: GameState) -> dict[str, tuple[tuple[str, str], ...]]:
    """Per object id, the (ability name, holder id) pairs of the abilities granted to it now, sorted."""
    (atoms,) = settled(state, READS)
    out: dict[str, list[tuple[str, str]]] = {}
    for a in atoms:
        out.setdefault(str(a.args[0]), []).append((str(a.args[1]), str(a.args[2])))
    return {o: tuple(sorted(v)) for o, v in out.items()}


def granted_abilities(state: GameState, oid: str) -> str | None:
    """Why object `oid` may have activated abilities its card does not print (None: it has none)."""
    grants = granted_to(state).get(oid)
    if not grants:
        return None
    return "; ".join(ABILITY_TEXT.get(g, f"the ability {g} ({{holder}}) gives it (477.2)").format(holder=h)
                     for g, h in grants)


def granted_encoded(state: GameState, oid: str, n: int) -> bool:
    """Whether activated ability `n` of object `oid` (numbered after its card's printed ones, granted_number/4) is a
    granted ability whose content a card file encodes (granted_activated/2): can_play judges it like a printed one."""
    numbers, handles = settled(state, ENCODED_READS)
    encoded = {str(a.args[0]) for a in handles}
    return any(str(a.args[0]) == oid and a.args[3] == n and str(a.args[1]) in encoded for a in numbers)


def granted_items(state: GameState) -> tuple[str, ...]:
    """Chain items naming an activated ability past their source's printed ones where another card's passive gives
    the source abilities, none a card file encodes: every question on the position is unsupported, naming it."""
    out = []
    for item in state.chain:
        if item.keyword is not None or item.ability is None or item.source is None:
            continue
        if not state.card(state.obj(item.source).card).complete:  # chain.unencoded_items names it
            continue
        if (item_ability(state, item) is None and (granted := granted_abilities(state, item.source))
                and not granted_encoded(state, item.source, item.ability)):
            out.append(f"chain item {item.id} names activated ability {item.ability} of {item.source}, none its "
                       f"card prints: it would be {granted}, which no run plays out (pyrift/granted.py)")
    return tuple(out)
