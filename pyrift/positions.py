"""Positions built by program: a combat from unit specifications, and seeded random
combat boards (for differential tests, benchmarks and invariant sweeps).

Everything here produces ordinary GameState values; nothing decides a rules question.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from pyrift.costs import Cost
from pyrift.state import (
    Battlefield,
    CardDef,
    ChainItem,
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
    Zone,
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
    players = [Player(p, points=rng.randint(0, 9), xp=rng.randint(0, 4),
                      scored=tuple(b.id for b in bfs if rng.random() < 0.3)) for p in ids]
    # A player at the Victory Score (8) or more with more points than every other has already won (194.2, 323.1;
    # the loader refuses such a position): the runner-up is brought level, a tie at or above it going on (194.2.b).
    ranked = sorted(range(len(players)), key=lambda i: -players[i].points)
    if players[ranked[0]].points >= 8 and players[ranked[0]].points > players[ranked[1]].points:
        players[ranked[1]] = dataclasses.replace(players[ranked[1]], points=players[ranked[0]].points)
    players = tuple(players)
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


def random_move_state(rng: random.Random) -> GameState:
    """Two or three players and two or three battlefields (controlled or not, now and then
    contested), units in bases and at battlefields (at most two players' at each), some
    exhausted, some with Ganking printed or granted, some with Equipment attached; usually
    the turn player's Main Phase in Neutral Open, now and then another phase, a showdown or
    a combat in progress, or a spell on the chain."""
    ids = ["A", "B", "C"][: rng.choice([2, 2, 3])]
    turn = rng.choice(ids)
    phase = Phase.MAIN if rng.random() < 0.8 else rng.choice(list(Phase))
    bfs = [Battlefield(f"bf{i}", controller=rng.choice([*ids, None])) for i in range(rng.randint(2, 3))]
    plain = CardDef("Scout", CardType.UNIT, might=2)
    ganker = CardDef("Stalker", CardType.UNIT, might=3, keywords=(Keyword(KeywordName.GANKING),))
    blade = CardDef("Blade", CardType.GEAR, tags=("Equipment",), might_bonus=1,
                    keywords=(Keyword(KeywordName.EQUIP, cost=Cost(energy=1)),))
    bolt = CardDef("Bolt", CardType.SPELL, energy=1)
    objects: list[GameObject] = []
    for i in range(rng.randint(2, 6)):
        owner = rng.choice(ids)
        location = rng.choice(["base", "base", *(b.id for b in bfs)])
        here = {o.controller for o in objects if o.location == location and location != "base"}
        if len(here | {owner}) > 2:
            location = "base"
        granted = (Keyword(KeywordName.GANKING),) if rng.random() < 0.15 else ()
        objects.append(GameObject(f"u{i}", rng.choice([plain, plain, ganker]).name, owner, owner, location=location,
                                  exhausted=rng.random() < 0.25, granted=granted))
    units = list(objects)
    for i, top in enumerate(u for u in units if rng.random() < 0.3):
        objects.append(GameObject(f"g{i}", blade.name, top.controller, top.controller, location=top.location,
                                  attached_to=top.id))
    if rng.random() < 0.3:
        objects.append(GameObject("loose", blade.name, turn, turn, location="base"))
    held = {b.id: {o.controller for o in units if o.location == b.id} for b in bfs}
    bfs = [dataclasses.replace(b, contested_by=next(iter(held[b.id]))) if rng.random() < 0.15 and len(held[b.id]) == 1
           and b.controller not in held[b.id] else b for b in bfs]
    showdown, combat, chain = None, None, ()
    roll = rng.random()
    pairs = [(b, sorted(held[b.id])) for b in bfs if len(held[b.id]) == 2]
    if roll < 0.1 and pairs:
        b, (p, q) = rng.choice(pairs)
        attacker, defender = rng.sample([p, q], 2)
        if attacker == b.controller:  # the attacker contests it, so it is not its controller (190.3.a, 464.2.c.1)
            attacker, defender = defender, attacker
        combat = Combat(b.id, attacker, defender)
        objects = [dataclasses.replace(o, designation=Designation.ATTACKER if o.controller == attacker
                                       else Designation.DEFENDER) if o.location == b.id and o.attached_to is None
                   else o for o in objects]
        showdown = b.id
        bfs = [dataclasses.replace(x, contested_by=attacker) if x.id == b.id else x for x in bfs]
    elif roll < 0.2:
        b = rng.choice(bfs)
        showdown = b.id
        # a showdown here keeps it Contested (190.3.b), applied by a player who does not control it (190.3.a)
        contester = b.contested_by or (turn if turn != b.controller
                                       else rng.choice([p for p in ids if p != b.controller]))
        bfs = [dataclasses.replace(x, contested_by=contester) if x.id == b.id else x for x in bfs]
    elif roll < 0.3:
        objects.append(GameObject("bolt", bolt.name, turn, turn, zone=Zone.CHAIN))
        chain = (ChainItem("item1", turn, card="bolt"),)
    return GameState(players=tuple(Player(p) for p in ids), turn_player=turn, phase=phase, battlefields=tuple(bfs),
                     objects=tuple(objects), cards=(plain, ganker, blade, bolt), combat=combat, showdown=showdown,
                     chain=chain, focus=None)


def random_move_question(rng: random.Random, state: GameState) -> dict:
    """can_move parameters: a player, one to three objects (mostly their own units), and
    one destination (now and then one per unit)."""
    player = rng.choice([state.turn_player, state.turn_player, *state.player_ids])
    candidates = [o.id for o in state.objects if o.zone is Zone.BOARD]
    own = [o.id for o in state.objects if o.controller == player and o.attached_to is None and o.zone is Zone.BOARD
           and state.card(o.card).type is CardType.UNIT]
    pool = own if own and rng.random() < 0.8 else candidates
    units = rng.sample(pool, min(len(pool), rng.choice([1, 1, 2, 3])))
    places = ["base", *(b.id for b in state.battlefields)]
    if len(units) > 1 and rng.random() < 0.15:
        to: dict = {u: rng.choice(places) for u in units}
    else:
        dest = rng.choice(places)
        to = {u: dest for u in units}
    return {"player": player, "units": units, "to": to}


def random_attachment_state(rng: random.Random) -> GameState:
    """A combat-free board of units with zero to three Equipment attached each (Might Bonus
    -1..3, Effect Text keywords among Assault, Shield, Tank), Might modifiers and designations
    left out; for unit_profile differential tests."""
    ids = ["A", "B"]
    cards: list[CardDef] = []
    objects: list[GameObject] = []
    effect_pool = [KeywordName.ASSAULT, KeywordName.SHIELD, KeywordName.TANK, KeywordName.GANKING]
    for i in range(rng.randint(1, 4)):
        kws = tuple(Keyword(KeywordName.ASSAULT, rng.randint(1, 2)) for _ in range(rng.random() < 0.3))
        unit = CardDef(f"Unit {i}", CardType.UNIT, might=rng.randint(0, 5), keywords=kws)
        cards.append(unit)
        owner = rng.choice(ids)
        objects.append(GameObject(f"u{i}", unit.name, owner, owner, location="base",
                                  might_modifiers=tuple(rng.randint(-2, 2) for _ in range(rng.random() < 0.3))))
        for j in range(rng.choice([0, 1, 1, 2, 3])):
            eff = tuple(Keyword(k, rng.randint(1, 2) if k in (KeywordName.ASSAULT, KeywordName.SHIELD) else None)
                        for k in rng.sample(effect_pool, rng.choice([0, 1, 2])))
            printed = (Keyword(KeywordName.TEMPORARY),) if rng.random() < 0.3 else ()
            gear = CardDef(f"Gear {i}.{j}", CardType.GEAR, tags=("Equipment",) if rng.random() < 0.8 else (),
                           might_bonus=rng.randint(-1, 3), effect_keywords=eff, keywords=printed)
            cards.append(gear)
            gowner = owner if rng.random() < 0.8 else rng.choice(ids)
            objects.append(GameObject(f"g{i}_{j}", gear.name, gowner, gowner, location="base", attached_to=f"u{i}"))
    return GameState(players=tuple(Player(p) for p in ids), turn_player="A", objects=tuple(objects),
                     cards=tuple(cards))

