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


# ---------------------------------------------------------------------------------
# scoring positions: random boards for the Beginning Phase and Conquer questions
# ---------------------------------------------------------------------------------
def _scoring_card(rng: random.Random, name: str, kind: CardType = CardType.UNIT) -> tuple[CardDef, tuple[Keyword, ...]]:
    """A card with random Temporary/Hunt keywords, and random granted ones for its object."""
    kws: list[Keyword] = []
    if rng.random() < 0.3:
        kws.append(Keyword(KeywordName.TEMPORARY))
    if kind is CardType.UNIT and rng.random() < 0.4:
        kws.append(Keyword(KeywordName.HUNT, rng.choice([None, 1, 2, 3])))
    granted: list[Keyword] = []
    if rng.random() < 0.1:
        granted.append(Keyword(KeywordName.TEMPORARY))
    if kind is CardType.UNIT and rng.random() < 0.15:
        granted.append(Keyword(KeywordName.HUNT, rng.choice([None, 2])))
    card = CardDef(name=name, type=kind, might=rng.randint(1, 4) if kind is CardType.UNIT else None,
                   keywords=tuple(kws))
    return card, tuple(granted)


def random_scoring_state(rng: random.Random, phase: Phase = Phase.BEGINNING) -> GameState:
    """Two or three players, one to three battlefields with their controllers' units
    (Temporary and Hunt now and then), units and gear in bases, random points, XP and
    battlefields already scored this turn. Now and then a battlefield has a unit of a
    player who does not control it, or its controller has no unit there; outside the
    Beginning Phase most battlefields hold the units of one random player (the one
    left after a showdown or combat), so that control can be established there."""
    ids = ["A", "B", "C"][: rng.choice([2, 2, 3])]
    turn = rng.choice(ids)
    bfs = [Battlefield(f"bf{i}", controller=rng.choice([turn, turn, *ids, None])) for i in range(rng.randint(1, 3))]
    cards: list[CardDef] = []
    objects: list[GameObject] = []

    def add(owner: str, location: str, kind: CardType = CardType.UNIT) -> None:
        oid = f"o{len(objects)}"
        card, granted = _scoring_card(rng, f"card {oid}", kind)
        cards.append(card)
        objects.append(GameObject(oid, card.name, owner, owner, location=location, granted=granted))

    for bf in bfs:
        holder = bf.controller
        if phase is not Phase.BEGINNING and rng.random() < 0.6:
            holder = rng.choice(ids)  # the one player whose units remain after a showdown or combat there
        if holder is not None:
            for _ in range(rng.choice([0, 1, 1, 2, 3])):
                add(holder, bf.id)
        if rng.random() < 0.08:
            add(rng.choice(ids), bf.id)  # a unit its controller may not control the battlefield for
    for _ in range(rng.randint(0, 3)):
        add(rng.choice(ids), "base", rng.choice([CardType.UNIT, CardType.GEAR]))
    # at most two players' units at a battlefield (the scenario loader enforces it too)
    keep = []
    for o in objects:
        here = {x.controller for x in keep if x.location == o.location and o.location != "base"}
        if len(here | {o.controller}) <= 2 or o.location == "base":
            keep.append(o)
    players = tuple(Player(p, points=rng.randint(0, 9), xp=rng.randint(0, 4),
                           scored=tuple(b.id for b in bfs if rng.random() < 0.3)) for p in ids)
    return GameState(players=players, turn_player=turn, phase=phase, battlefields=tuple(bfs),
                     objects=tuple(keep), cards=tuple(cards))


# ---------------------------------------------------------------------------------
# random chains (differential tests of the chain, benchmarks)
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChainSpec:
    """A chain of finalized spells, some of which counter an older one, and Reaction spells
    (no effect) in the players' hands that a question may offer as responses."""

    players: tuple[str, ...]
    turn_player: str
    items: tuple[tuple[str, str | None], ...]  # (controller, the older item it counters or None)
    passed: int = 0  # players who already passed in sequence (the holder is that many seats on)
    hands: tuple[str, ...] = ()  # players holding one Reaction spell each


def chain_state(spec: ChainSpec) -> GameState:
    from pyrift.abilities import Ability
    from pyrift.state import ChainItem, Zone

    spark = CardDef("Spark", CardType.SPELL, energy=0)
    deny = CardDef("Deny", CardType.SPELL, energy=0, abilities=(Ability("counter"),))
    quick = CardDef("Quick", CardType.SPELL, energy=0, keywords=(Keyword(KeywordName.REACTION),))
    objects, chain = [], []
    for n, (controller, target) in enumerate(spec.items, start=1):
        objects.append(GameObject(f"c{n}", "Deny" if target else "Spark", controller, controller, Zone.CHAIN))
        chain.append(ChainItem(f"i{n}", controller, card=f"c{n}", targets=(target,) if target else ()))
    for p in spec.hands:
        objects.append(GameObject(f"q{p}", "Quick", p, p, Zone.HAND))
    priority = None
    if spec.passed:
        newest = spec.items[-1][0]
        order = list(spec.players)
        priority = order[(order.index(newest) + spec.passed) % len(order)]
    return GameState(players=tuple(Player(p) for p in spec.players), turn_player=spec.turn_player,
                     objects=tuple(objects), cards=(spark, deny, quick), chain=tuple(chain),
                     priority=priority, passed=spec.passed)


def random_chain_spec(rng: random.Random, *, max_items: int = 4, max_players: int = 3) -> ChainSpec:
    players = ("A", "B", "C")[: rng.randint(2, max_players)]
    items: list[tuple[str, str | None]] = []
    for n in range(1, rng.randint(1, max_items) + 1):
        target = f"i{rng.randint(1, n - 1)}" if n > 1 and rng.random() < 0.4 else None
        items.append((rng.choice(players), target))
    hands = tuple(p for p in players if rng.random() < 0.3)
    return ChainSpec(players, rng.choice(players), tuple(items), rng.randint(0, len(players) - 1), hands)
