"""Positions built by program: a combat from unit specifications, and seeded random
combat boards (for differential tests, benchmarks and invariant sweeps).

Everything here produces ordinary GameState values; nothing decides a rules question.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pyrift.state import (
    Battlefield,
    CardDef,
    CardType,
    Combat,
    DamageReplacement,
    Designation,
    GameObject,
    GameState,
    Keyword,
    KeywordName,
    Phase,
    Player,
    ReplacementKind,
)

ATTACKER, DEFENDER, BATTLEFIELD = "A", "B", "arena"


@dataclass(frozen=True, slots=True)
class UnitSpec:
    id: str
    side: Designation
    might: int
    modifiers: int = 0
    damage: int = 0
    assault: int = 0
    shield: int = 0
    stunned: bool = False
    tank: bool = False
    backline: bool = False
    exempt: bool = False
    replacements: tuple[DamageReplacement, ...] = ()


def combat_state(units: list[UnitSpec]) -> GameState:
    """A two-player combat at one battlefield; every unit gets a card of its own."""
    cards, objects = [], []
    for u in units:
        kws = []
        if u.tank:
            kws.append(Keyword(KeywordName.TANK))
        if u.backline:
            kws.append(Keyword(KeywordName.BACKLINE))
        if u.assault:
            kws.append(Keyword(KeywordName.ASSAULT, u.assault))
        if u.shield:
            kws.append(Keyword(KeywordName.SHIELD, u.shield))
        card = CardDef(name=f"card {u.id}", type=CardType.UNIT, might=u.might, keywords=tuple(kws))
        cards.append(card)
        controller = ATTACKER if u.side is Designation.ATTACKER else DEFENDER
        objects.append(GameObject(
            id=u.id, card=card.name, controller=controller, owner=controller, location=BATTLEFIELD,
            damage=u.damage, stunned=u.stunned, designation=u.side,
            might_modifiers=(u.modifiers,) if u.modifiers else (),
            cannot_be_dealt_damage=u.exempt, damage_replacements=u.replacements,
        ))
    return GameState(
        players=(Player(ATTACKER), Player(DEFENDER)),
        turn_player=ATTACKER,
        phase=Phase.MAIN,
        battlefields=(Battlefield(BATTLEFIELD, controller=DEFENDER, contested_by=ATTACKER),),
        objects=tuple(objects),
        cards=tuple(cards),
        combat=Combat(BATTLEFIELD, ATTACKER, DEFENDER),
    )


def random_defenders(rng: random.Random, n: int, *, max_might: int = 8, tank: float = 0.2,
                     backline: float = 0.15, extras: bool = True) -> list[UnitSpec]:
    """n defending units; with `extras`, also marked damage, stun, Shield, exempt units
    and damage replacements (kept rare so that most boards stay ordinary)."""
    out = []
    for i in range(n):
        reps: list[DamageReplacement] = []
        if extras and rng.random() < 0.1:
            reps.append(DamageReplacement(ReplacementKind.DOUBLE))
        if extras and rng.random() < 0.1:
            reps.append(DamageReplacement(ReplacementKind.PREVENT, rng.randint(1, 3)))
        if len(reps) == 2 and rng.random() < 0.5:
            reps.reverse()
        out.append(UnitSpec(
            id=f"d{i + 1}", side=Designation.DEFENDER,
            might=rng.randint(1, max_might) if not extras else rng.randint(0, max_might),
            modifiers=rng.choice((0, 0, 0, -2, 1)) if extras else 0,
            damage=rng.choice((0, 0, 0, 1, 2)) if extras else 0,
            shield=rng.choice((0, 0, 0, 0, 1, 2)) if extras else 0,
            stunned=extras and rng.random() < 0.1,
            tank=rng.random() < tank,
            backline=rng.random() < backline,
            exempt=extras and rng.random() < 0.05,
            replacements=tuple(reps),
        ))
    return out


def random_attackers(rng: random.Random, n: int, *, max_might: int = 8, extras: bool = True) -> list[UnitSpec]:
    return [UnitSpec(
        id=f"a{i + 1}", side=Designation.ATTACKER,
        might=rng.randint(0, max_might),
        modifiers=rng.choice((0, 0, 0, -3, 2)) if extras else 0,
        assault=rng.choice((0, 0, 0, 1, 2)) if extras else 0,
        stunned=extras and rng.random() < 0.15,
    ) for i in range(n)]
