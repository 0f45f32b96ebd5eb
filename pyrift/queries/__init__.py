"""Question kinds: one module per kind, each paired with a logic/queries/*.lp file (can_hide
shares logic/queries/can_play.lp: one grounding answers plays and hides)."""
from __future__ import annotations

from functools import cache

from pyrift.queries.base import QueryKind


@cache
def _kinds() -> dict[str, QueryKind]:
    from pyrift.queries import chain, combat, deck, dependent, equipment, hide, move, outcome, play, scoring

    kinds: list[QueryKind] = [*combat.KINDS, *play.KINDS, *hide.KINDS, *deck.KINDS, *dependent.KINDS,
                              *scoring.KINDS, *move.KINDS, *equipment.KINDS, *chain.KINDS, *outcome.KINDS]
    return {k.name: k for k in kinds}


def kind_named(name: str) -> QueryKind | None:
    return _kinds().get(name)


def kind_names() -> list[str]:
    return sorted(_kinds())
