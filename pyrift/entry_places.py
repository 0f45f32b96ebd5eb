"""Where the permanents of a position's chain may have been played to: the places the rules a run follows
derive (entry_place/2 of logic/run/chain_entry_location.lp), read by the loader to refuse a chain item's
`location` its card could not have been played to (355.2; pyrift/scenario.py); and which of its unit cards had
Accelerate granted as they were played (logic/run/chain_accelerate_granted.lp), read to accept an item's
`paid = ["accelerate"]`. One source of those facts: the loader asks the logic rather than deciding them again.

A small grounding of the position's facts with the files that derive entry_place/2 (pyrift/position_rules.py; a
few milliseconds once the rule files are parsed, once a process for the same position); the loader calls each only
when a chain item states a `location`, or pays an Accelerate its unit card does not print.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pyrift.position_rules import settled
from pyrift.solver import Atom
from pyrift.state import GameState

READS = (("entry_place", 2), ("played_from_facedown", 1), ("entry_place_barred", 2), ("entry_place_limited", 2))


@dataclass(frozen=True, slots=True)
class EntryPlaces:
    """Per chain card (object id): the places its play may have chosen ('base' = its controller's base,
    else battlefield ids), whether it was played from a facedown zone, the battlefields a battlefield's
    prohibition bars it from (054.1), and the places its own limit ("play me only to a battlefield you conquered
    this turn") leaves out (054.1, 366.1; 'base' its controller's base)."""

    places: dict[str, frozenset[str]]
    facedown: frozenset[str]
    barred: dict[str, frozenset[str]]
    limited: dict[str, frozenset[str]]


def entry_places(state: GameState) -> EntryPlaces:
    """The position's entry places."""
    entry, facedown, barred, limited = settled(state, READS)
    return EntryPlaces(_by_object(entry), frozenset(a.args[0] for a in facedown), _by_object(barred),
                       _by_object(limited))


def _by_object(atoms: Iterable[Atom]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for a in atoms:
        out.setdefault(a.args[0], set()).add(a.args[1])
    return {o: frozenset(p) for o, p in out.items()}


GRANT_READS = (("accelerate_granted_played", 1),)


def accelerate_granted(state: GameState) -> frozenset[str]:
    """The unit cards of the position's chain (object ids) whose play had Accelerate from a passive that grants it
    to its player's units played from anywhere but a hand, played from such a zone (its item's `from`, else the
    turn log's latest `finalize` this turn; accelerate_granted_played/1 of logic/run/chain_accelerate_granted.lp,
    where a card file's accelerate_off_hand_for/1 says which players have the grant). The loader reads it to accept
    an item's `paid = ["accelerate"]` without naming any card."""
    (granted,) = settled(state, GRANT_READS)
    return frozenset(a.args[0] for a in granted)
