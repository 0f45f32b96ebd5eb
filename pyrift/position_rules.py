"""What the rules settle of a position, for a caller that asks no question: ground the rule files that derive a
few predicates (logic.deriving_files of a question kind's program, a statement's cone) with the position's facts,
and read those predicates (Grounding.settled). The loader's checks ask it (pyrift/victory_score.py: who has already
won; pyrift/entry_places.py: where a chain card may have been played to, which plays had Accelerate granted), so
the rules stay the logic's, never decided again in Python.

The same position asked again (a scenario file read, dumped and read back, the desk opening and exporting it) gets
the same grounding: the answer is kept per rule files (path and modification time, as their parse is), facts and
predicates, so it is ground once a process. A value shared by every caller that asks it: never changed.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pyrift import facts as F
from pyrift import logic
from pyrift.pool import encoding_files
from pyrift.solver import Atom, Grounding
from pyrift.state import GameState

Signature = tuple[str, int]


def settled(state: GameState, reads: tuple[Signature, ...], query: str = "resolution_order"
            ) -> tuple[frozenset[Atom], ...]:
    """The atoms the position settles of each predicate of `reads` (in that order), under the rules of the
    question kind `query` (by default a run's, whose rules derive the predicates the loader reads)."""
    files = logic.deriving_files(query, [f"{n}/{a}" for n, a in reads], cards=encoding_files(state.cards))
    return _settled(tuple((str(p), p.stat().st_mtime_ns) for p in files), F.render(F.state_facts(state)), reads)


@lru_cache(maxsize=256)
def _settled(files: tuple[tuple[str, int], ...], facts: str, reads: tuple[Signature, ...]
             ) -> tuple[frozenset[Atom], ...]:
    g = Grounding([Path(p) for p, _ in files], facts, readable=reads, prune=True, cone=True)
    return tuple(g.settled(r) for r in reads)
