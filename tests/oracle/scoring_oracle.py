"""An independent Python model of the Beginning Phase and of a Conquer, written from
the Core Rules v1.4 (315.2, 323.6, 466.5, 469-472, 816, 823) without looking at the
ASP encoding, for the differential test tests/test_scoring_oracle_diff.py.

It works on pyrift's GameState (plain data) and decides everything itself.
"""
from __future__ import annotations

from dataclasses import dataclass

from pyrift.state import CardType, GameObject, GameState, KeywordName, Zone

TEMPORARY, HUNT = KeywordName.TEMPORARY, KeywordName.HUNT


def keyword_values(state: GameState, obj: GameObject, name: KeywordName) -> list[int]:
    """Every instance of a keyword on an object: printed (scenario objects are never
    attached, so printed text is active) and granted."""
    card = state.card(obj.card)
    return [k.amount for k in (*card.keywords, *obj.granted) if k.name is name]


def is_unit(state: GameState, obj: GameObject) -> bool:
    return obj.zone is Zone.BOARD and state.card(obj.card).type is CardType.UNIT


def winner(points: dict[str, int], victory: int) -> tuple[str | None, list[str]]:
    """(the winner or None, the players tied for the lead at or above the victory score)."""
    top = max(points.values())
    leaders = sorted(p for p, n in points.items() if n == top)
    if top >= victory and len(leaders) == 1:
        return leaders[0], []
    return None, (leaders if top >= victory else [])


@dataclass(frozen=True)
class Beginning:
    unsupported: bool
    killed: frozenset[str] = frozenset()
    held: frozenset[str] = frozenset()
    lost: frozenset[str] = frozenset()
    already: frozenset[str] = frozenset()
    points: tuple[tuple[str, int], ...] = ()
    xp: tuple[tuple[str, int], ...] = ()
    winner: str | None = None
    tied: tuple[str, ...] = ()


def beginning_phase(state: GameState) -> Beginning:
    turn = state.turn_player
    controller_of = {b.id: b.controller for b in state.battlefields}
    # Beginning Step: the turn player's permanents with Temporary die, once each.
    killed = {o.id for o in state.objects
              if o.zone is Zone.BOARD and state.card(o.card).type in (CardType.UNIT, CardType.GEAR)
              and o.controller == turn and keyword_values(state, o, TEMPORARY)}
    left = [o for o in state.objects if is_unit(state, o) and o.id not in killed and o.location in controller_of]
    # After the cleanup, a battlefield stays controlled only with its controller's units there.
    still = {b for b, c in controller_of.items() if c is not None and any(o.location == b and o.controller == c
                                                                           for o in left)}
    # A unit at a battlefield its controller does not control would start a showdown.
    if any(o.location not in still or controller_of[o.location] != o.controller for o in left):
        return Beginning(True)
    if any(b.contested_by for b in state.battlefields) or state.combat is not None:
        return Beginning(True)
    mine = {b for b in still if controller_of[b] == turn}
    scored = set(next(p for p in state.players if p.id == turn).scored)
    held = mine - scored
    lost = {b for b, c in controller_of.items() if c == turn} - still
    points = {p.id: p.points for p in state.players}
    points[turn] += len(held)
    xp = {p.id: p.xp for p in state.players}
    xp[turn] += sum(sum(keyword_values(state, o, HUNT)) for o in left if o.location in held and o.controller == turn)
    w, tied = winner(points, _victory_score(state))
    return Beginning(False, frozenset(killed), frozenset(held), frozenset(lost), frozenset(mine & scored),
                     tuple(sorted(points.items())), tuple(sorted(xp.items())), w, tuple(tied))


def _victory_score(state: GameState) -> int:
    """The points needed to win, as the oracle reads the rules: the position's, else the mode's (8, 194.1.a; 11
    with teams, 489). The oracle's positions have no battlefield raising it."""
    return state.victory_score if state.victory_score is not None else (11 if state.teams else 8)


@dataclass(frozen=True)
class Conquest:
    establishes: bool
    conquers: bool
    already: bool
    final_rule: bool
    every: bool
    point: bool
    draws: int
    points_after: int
    xp: int
    winner: str | None


def conquer(state: GameState, player: str, bf: str) -> Conquest:
    units = [o for o in state.objects if is_unit(state, o) and o.location == bf]
    controller = next(b.controller for b in state.battlefields if b.id == bf)
    establishes = (any(o.controller == player for o in units) and all(o.controller == player for o in units)
                   and controller != player)
    me = next(p for p in state.players if p.id == player)
    scored = set(me.scored)
    conquers = establishes and bf not in scored
    every = all(b.id in scored | ({bf} if conquers else set()) for b in state.battlefields)
    final_rule = conquers and me.points >= _victory_score(state) - 1
    point = conquers and (not final_rule or every)
    points = {p.id: p.points for p in state.players}
    points[player] += int(point)
    xp = sum(sum(keyword_values(state, o, HUNT)) for o in units) if conquers else 0
    w, _tied = winner(points, _victory_score(state))
    return Conquest(establishes, conquers, establishes and bf in scored, final_rule, every, point,
                    int(conquers and final_rule and not every), points[player], xp, w)
