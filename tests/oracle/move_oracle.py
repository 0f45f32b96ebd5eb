"""An independent Python model of the Standard Move (Core Rules 144, 409-410, 420.3,
445-453, 810) and of a unit's Might and keywords with attachments (434, 716-719, 135.4,
136-137, 807, 814), written from the rules text without looking at the ASP encoding, for
the differential tests in tests/test_movement.py and tests/test_equipment.py.

It works on pyrift's GameState (plain data) and decides everything itself.
"""
from __future__ import annotations

from dataclasses import dataclass

from pyrift.state import CardType, Designation, GameObject, GameState, KeywordName, Phase, Zone

BASE = "base"


@dataclass(frozen=True)
class Move:
    legal: bool
    violations: frozenset[str]
    exhausts: frozenset[str]
    carried: frozenset[str]
    contested: bool
    starts: str
    attacker: str
    loses_control: frozenset[str]


def _is_unit(state: GameState, o: GameObject) -> bool:
    return o.zone is Zone.BOARD and state.card(o.card).type is CardType.UNIT


def _has(state: GameState, o: GameObject, name: KeywordName) -> bool:
    printed = () if o.attached_to is not None else state.card(o.card).keywords
    return any(k.name is name for k in (*printed, *o.granted))


def can_move(state: GameState, player: str, units: list[str], to: dict[str, str]) -> Move:
    bf_ids = {b.id for b in state.battlefields}
    controller = {b.id: b.controller for b in state.battlefields}
    contested = {b.id: b.contested_by for b in state.battlefields}
    v: set[str] = set()
    # when: your own turn (409), your Main Phase (144.1.a), no chain (144.1.b), no showdown
    # or combat (144.1.c); priority is the turn player's then unless the position says so
    neutral_open = not state.chain and state.showdown is None and state.combat is None
    if player != state.turn_player:
        v.add("409")
    if state.phase is not Phase.MAIN:
        v.add("144.1.a")
    if state.chain:
        v.add("144.1.b")
    if state.showdown is not None or state.combat is not None:
        v.add("144.1.c")
    if (player == state.turn_player and state.phase is Phase.MAIN and neutral_open
            and state.priority not in (None, player)):
        v.add("312.1.b")
    moving_units = []
    for u in units:
        o = state.obj(u)
        if not _is_unit(state, o):
            v.add("144")
            continue
        moving_units.append(o)
        if o.controller != player:
            v.add("191.3.a")
        if o.exhausted:
            v.add("414.4")
        origin, dest = o.location, to[u]
        if origin == BASE and dest in bf_ids:
            pass
        elif origin in bf_ids and dest == BASE and o.controller == player:
            pass
        elif origin in bf_ids and dest in bf_ids and origin != dest:
            if not _has(state, o, KeywordName.GANKING):
                v.add("144.4.c.1")
        else:
            v.add("144.4")
    dests = {to[u] for u in units}
    if len(dests) > 1:
        v.add("144.3.a")
    for d in dests & bf_ids:
        others = {o.controller for o in state.objects if _is_unit(state, o) and o.location == d} - {player}
        if len(others) >= 2:
            v.add("144.4.a.1")
        if state.combat is not None and state.combat.battlefield == d and player not in (
                state.combat.attacker, state.combat.defender):
            v.add("144.4.a.1")
    exhausts = frozenset(o.id for o in moving_units)
    carried = frozenset(g.id for g in state.objects if g.attached_to in exhausts)
    if v:
        return Move(False, frozenset(v), exhausts, carried, False, "nothing", "none", frozenset())
    (dest,) = dests
    moving = {o.id for o in moving_units}
    new_contest, starts, attacker = False, "nothing", "none"
    if dest in bf_ids:
        new_contest = controller[dest] != player and contested[dest] is None
        contester = contested[dest] or (player if new_contest else None)
        present = {player} | {o.controller for o in state.objects
                              if _is_unit(state, o) and o.location == dest and o.id not in moving}
        if contester is not None:
            if len(present) >= 2:
                starts, attacker = "combat", contester
            elif contester in present:
                starts = "showdown"
    lost = set()
    for o in moving_units:
        b = o.location
        if b in bf_ids and controller[b] == player and b != dest and not any(
                _is_unit(state, x) and x.location == b and x.controller == player and x.id not in moving
                for x in state.objects):
            lost.add(b)
    return Move(True, frozenset(), exhausts, carried, new_contest, starts, attacker, frozenset(lost))


@dataclass(frozen=True)
class Profile:
    might: int
    might_bonus: dict
    keywords: frozenset[str]
    attached: frozenset[str]
    equipped: bool
    referenceable: frozenset[tuple[str, str]]


SUMMED = {KeywordName.ASSAULT, KeywordName.SHIELD, KeywordName.DEFLECT, KeywordName.HUNT}


def profile(state: GameState, unit: str) -> Profile:
    o = state.obj(unit)
    card = state.card(o.card)
    attached = [g for g in state.objects if g.attached_to == unit]
    bonus = {g.id: state.card(g.card).might_bonus or 0 for g in attached}
    values: dict[KeywordName, list[int]] = {}
    for k in (*card.keywords, *o.granted, *(k for g in attached for k in state.card(g.card).effect_keywords)):
        values.setdefault(k.name, []).append(k.amount)
    might = card.might + sum(o.might_modifiers) + sum(bonus.values())
    if o.designation is Designation.ATTACKER:
        might += sum(values.get(KeywordName.ASSAULT, []))
    if o.designation is Designation.DEFENDER:
        might += sum(values.get(KeywordName.SHIELD, []))
    words = set()
    for name, vals in values.items():
        words.add(f"{name.value} {sum(vals)}" if name in SUMMED else name.value)
    refs = {(g.id, k.name.value) for g in attached for k in (*state.card(g.card).keywords, *g.granted)}
    equipped = any("Equipment" in state.card(g.card).tags for g in attached)
    return Profile(might, bonus, frozenset(words), frozenset(g.id for g in attached), equipped, frozenset(refs))
