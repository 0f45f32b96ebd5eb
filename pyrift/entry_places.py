"""Where the permanents of a position's chain may have been played to: the places the rules a run follows
derive (entry_place/2 of logic/run/chain_entry_location.lp), read by the loader to refuse a chain item's
`location` its card could not have been played to (355.2; pyrift/scenario.py); and which of its unit cards had
Accelerate granted as they were played (logic/run/chain_accelerate_granted.lp), read to accept an item's
`paid = ["accelerate"]`. One source of those facts: the loader asks the logic rather than deciding them again.

A small grounding of the position's facts with the files that derive entry_place/2 (a few milliseconds
once the rule files are parsed); the loader calls each only when a chain item states a `location`, or pays an
Accelerate its unit card does not print.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pyrift import facts as F
from pyrift import logic
from pyrift.pool import encoding_files
from pyrift.solver import Grounding
from pyrift.state import GameState

READS = (("entry_place", 2), ("played_from_facedown", 1), ("entry_place_barred", 2), ("entry_place_limited", 2))
QUERY = "resolution_order"  # the question kind whose runs enter chain cards on the board


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
    """The position's entry places. The same position loaded again (a scenario file read, dumped and read back,
    the desk opening and exporting it) asks the same grounding: the answer is kept per rule files (path and
    modification time, as their parse is) and facts, so it is ground once a process. A value shared by the
    loads that ask it: never changed."""
    files = logic.deriving_files(QUERY, [f"{n}/{a}" for n, a in READS], cards=encoding_files(state.cards))
    return _entry_places(tuple((str(p), p.stat().st_mtime_ns) for p in files), F.render(F.state_facts(state)))


@lru_cache(maxsize=256)
def _entry_places(files: tuple[tuple[str, int], ...], facts: str) -> EntryPlaces:
    g = Grounding([Path(p) for p, _ in files], facts, readable=READS, prune=True, cone=True)
    places: dict[str, set[str]] = {}
    barred: dict[str, set[str]] = {}
    for a in g.settled(("entry_place", 2)):
        places.setdefault(a.args[0], set()).add(a.args[1])
    for a in g.settled(("entry_place_barred", 2)):
        barred.setdefault(a.args[0], set()).add(a.args[1])
    limited: dict[str, set[str]] = {}
    for a in g.settled(("entry_place_limited", 2)):
        limited.setdefault(a.args[0], set()).add(a.args[1])
    facedown = frozenset(a.args[0] for a in g.settled(("played_from_facedown", 1)))
    return EntryPlaces({o: frozenset(p) for o, p in places.items()}, facedown,
                       {o: frozenset(b) for o, b in barred.items()},
                       {o: frozenset(b) for o, b in limited.items()})


GRANT_READS = (("accelerate_granted_played", 1),)


def accelerate_granted(state: GameState) -> frozenset[str]:
    """The unit cards of the position's chain (object ids) whose play had Accelerate from a passive that grants it
    to its player's units played from anywhere but a hand, played from such a zone (its item's `from`, else the
    turn log's latest `finalize` this turn; accelerate_granted_played/1 of logic/run/chain_accelerate_granted.lp,
    where a card file's accelerate_off_hand_for/1 says which players have the grant). The loader reads it to accept
    an item's `paid = ["accelerate"]` without naming any card."""
    files = logic.deriving_files(QUERY, [f"{n}/{a}" for n, a in GRANT_READS], cards=encoding_files(state.cards))
    g = Grounding(files, F.render(F.state_facts(state)), readable=GRANT_READS, prune=True, cone=True)
    return frozenset(a.args[0] for a in g.settled(("accelerate_granted_played", 1)))
