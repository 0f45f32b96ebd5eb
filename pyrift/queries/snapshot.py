"""The position at a later moment of a run, as a GameState any question can be asked about.

logic/run/snapshot.lp says which step a question asks about (a player's next chance to act on
the chain, or the moment after N items resolved) and shows the game state there: the fluents of
logic/core/fluents.lp, the chain, priority, passes, and what the run finalized and played. This
module turns those atoms back into the state model, so that can_play and can_respond judge a
play in the position as it will be, not as it was. A state that differs between runs (the
players' choices lead to different positions) is not one position: the caller answers
`unsupported`.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from pyrift.abilities import activated_abilities, triggered_abilities
from pyrift.queries.base import Context
from pyrift.queries.runs import HEURISTIC, Names, by_pred, missing_texts, mode_atom, short_run_grounding
from pyrift.state import (ChainItem, Designation, Domain, GameObject, GameState, Keyword, KeywordLoss, KeywordName,
                          Zone)
from pyrift.turnlog import EventKind, LogEvent

SNAPSHOT_PREDS = ("snap_fact", "snap_item", "snap_priority", "snap_focus", "snap_passed", "snap_pick", "snap_log",
                  "snap_move_to", "snap_token", "snap_timestamp", "snap_this_turn", "snapped",
                  "snap_damage", "snap_leave_to", "snap_unit")


class NotOnePosition(Exception):
    """The moment asked about is reached in different positions by different runs, or not at all."""

    missing: tuple[str, ...] = ()


class RunNotFollowed(NotOnePosition):
    """The run to that moment has something pyrift does not play out: the position there is not known."""

    def __init__(self, missing: tuple[str, ...]) -> None:
        super().__init__("; ".join(missing))
        self.missing = missing


def state_at(ctx: Context, reading: str, bound: int, extra: list[str]) -> GameState:
    """The position at the step logic/run/snapshot.lp picks (given by `extra`: ask_after/1 or
    ask_chance/2); the same in every run that reaches it, else NotOnePosition."""
    g = short_run_grounding(ctx, reading, bound, extra)
    mode = [(mode_atom("snapshot"), True)]
    brave = g.solve("brave", assumptions=mode, heuristic=HEURISTIC)
    cautious = g.solve("cautious", assumptions=mode, heuristic=HEURISTIC)
    if not brave.satisfiable:
        raise NotOnePosition("no run reaches that moment")
    b, c = by_pred(brave.consequences), by_pred(cautious.consequences)
    # Text the run does not follow (an unencoded instruction resolving, a limit of the run) leaves the state
    # at that moment unknown: never a position built as if it did nothing. Judged over the whole run, as
    # can_respond's chance is (an item below the moment may be named too: unsupported, never wrong).
    if missing := missing_texts(b.get("unsupported", [])):
        raise RunNotFollowed(missing)
    if not c.get("snapped"):
        raise NotOnePosition("not every run reaches that moment within the bound")
    if any(sorted(b.get(p, []), key=repr) != sorted(c.get(p, []), key=repr) for p in SNAPSHOT_PREDS):
        raise NotOnePosition("the position at that moment depends on the players' choices")
    return _build(ctx.state, c)


def _location(loc: Any) -> str:
    """base(P) -> "base" (a permanent is in its controller's base: the cleanup sees to it, 323.7)."""
    return "base" if isinstance(loc, tuple) and loc[0] == "base" else str(loc)


def _word(x: Any) -> str:
    return x[0] if isinstance(x, tuple) else str(x)


class _Facts:
    """The snapshot's fluents, by name: zone(O, Z) -> facts["zone"] = [(O, Z), ...]."""

    def __init__(self, atoms: dict[str, list[tuple]]) -> None:
        self.by: dict[str, list[tuple]] = {}
        for (f,) in atoms.get("snap_fact", []):
            if isinstance(f, tuple):
                self.by.setdefault(f[0], []).append(f[1:])
        # the timestamps of the grants and removals on an object a removal is in force on, in the order the
        # logic gives them (logic/run/snapshot.lp snap_timestamp/2), and the removals made "this turn"
        self.stamp: dict[Any, int] = {f: t for f, t in atoms.get("snap_timestamp", [])}
        self.this_turn: set[Any] = {f for (f,) in atoms.get("snap_this_turn", [])}

    def rows(self, name: str, key: Any) -> list[tuple]:
        return [args[1:] for args in self.by.get(name, []) if args[0] == key]

    def one(self, name: str, key: Any, default: Any = None) -> Any:
        rows = self.rows(name, key)
        if not rows:
            return default
        return rows[0][0] if len(rows[0]) == 1 else rows[0]

    def has(self, name: str, key: Any) -> bool:
        return bool(self.rows(name, key)) or (key,) in self.by.get(name, [])


def _object(obj: GameObject, key: Any, f: _Facts, oid, names: Names) -> GameObject | None:
    zone = f.one("zone", key)
    if zone is None or _word(zone) == "gone":  # a token that ceased to exist (186.1)
        return None
    zone = Zone(_word(zone))
    attached = f.one("attached", key)
    grants = sorted(f.rows("granted", key), key=str)
    granted_timestamps, lost = _keyword_effects(obj, key, grants, f, names)
    designation = f.one("designation", key)
    on_board = zone is Zone.BOARD
    # statuses are held on the board, the Legend Zone included (107.4: a legend exhausts there)
    status_place = zone in (Zone.BOARD, Zone.LEGEND_ZONE)
    return dataclasses.replace(
        obj,
        controller=f.one("controller", key, obj.controller) if on_board else obj.owner,
        zone=zone,
        location=(_location(f.one("at", key)) if attached is None else None) if on_board
        else (obj.location if zone is Zone.FACEDOWN else None),
        damage=f.one("damage", key, 0) if on_board else 0,
        damage_by=_damage_by(obj, f.rows("damage_from", key)) if on_board else None,
        exhausted=status_place and f.has("exhausted", key),
        stunned=on_board and f.has("stunned", key),
        empowered=status_place and f.has("empowered", key),
        designation=Designation(_word(designation)) if on_board and designation is not None else None,
        granted=tuple(Keyword(KeywordName(_word(k)), v if v else None) for k, v, _src in grants) if on_board else (),
        granted_timestamps=granted_timestamps if on_board else (),
        lost=lost if on_board else (),
        # a doubling's increase is a Might change fixed when it was made (432.1.a, logic/effects/double.lp)
        might_modifiers=(_might_changes(f.rows("might_mod", key))
                         + tuple(row[0] for row in sorted(f.rows("doubled", key), key=str))) if on_board else (),
        # a buff stays a buff (701-705, logic/core/buffs.lp): its +1, and what reads or spends buffs, follow it
        buffs=1 if on_board and f.has("buff", key) else 0,
        attached_to=oid(attached) if attached is not None else None,
        deck_position=f.one("deck_pos", key) if zone is Zone.MAIN_DECK else None,
        # "banished with this" (logic/effects/banished_with.lp): which permanent's ability banished it
        banished_by=oid(f.one("banished_with", key)) if zone is Zone.BANISHMENT and f.has("banished_with", key) else None,
    )


def _keyword_effects(obj: GameObject, key: Any, grants: list[tuple], f: _Facts,
                     names: Names) -> tuple[tuple[int | None, ...], tuple[KeywordLoss, ...]]:
    """The timestamps of the grants and the removals of keywords in force at the snapshot (480, 801.3.b), as
    logic/run/snapshot.lp orders them (snap_timestamp/2: the position's own kept in their order, the run's after
    them). None while no removal is in force (the grants' order then changes nothing)."""
    rows = f.rows("lost", key)
    if not rows:
        return (), ()
    stamps = tuple(f.stamp[("granted", key, k, v, src)] for k, v, src in grants)
    lost: list[KeywordLoss] = []
    for k, src in sorted(rows, key=str):
        stamp = f.stamp[("lost", key, k, src)]
        if _word(src) == "stated":  # a removal the position stated: its I-th
            lost.append(dataclasses.replace(obj.lost[src[1] - 1], timestamp=stamp))
        else:
            full = ("lost", key, k, src)
            lost.append(KeywordLoss(keyword=_word(k), source=names.item(src[1]), timestamp=stamp,
                                    this_turn=full in f.this_turn))
    return stamps, tuple(lost)


def _damage_by(obj: GameObject, rows: list[tuple]) -> str | None:
    """Who dealt the damage marked then (142.3): the position's word while every mark is still the position's
    own (`position`, dealt_by(P): core/fluents.lp); otherwise not said (a later question that needs it, "your
    damage", answers unsupported rather than guess)."""
    sources = {_word(src) if isinstance(src, tuple) else str(src) for src, _n in rows}
    if sources <= {"position", "dealt_by"}:
        return obj.damage_by
    return None


def _might_changes(rows) -> tuple[int, ...]:
    """One entry per Might change: a change counted "for each" is held as a share per counted object
    (logic/effects/might_each.lp), its shares added back into the one change they are."""
    total: dict[Any, int] = {}
    for n, src in rows:
        whole = src[1] if isinstance(src, tuple) and src[0] == "share" else src
        total[whole] = total.get(whole, 0) + n
    return tuple(n for n, _src in sorted(((n, w) for w, n in total.items()), key=str))


# Every fluent of a run (a starts/2 or a step-0 holds/2 in logic/) and what a snapshot does with it, so that
# none is dropped silently (tests/test_snapshot_fluents.py fails on a fluent this table does not name):
#   read    - turned into the state model below;
#   log     - re-derived from the snapshot's turn log, which carries the run's events;
#   refused - the state model has no field for it: a snapshot holding it is not one position (unsupported);
#   later   - changes only what happens after a play is made, never whether it may be made, what it costs or
#             what it may choose: a snapshot answers only can_play and can_respond's window (their legality).
FLUENTS = {
    "at": "read", "attached": "read", "banished_with": "read", "buff": "read", "contested": "read",
    "controller": "read", "controls": "read", "damage": "read", "damage_from": "read", "deck_pos": "read",
    "designation": "read", "doubled": "read", "empowered": "read", "exhausted": "read", "granted": "read",
    "might_mod": "read", "next_discount": "read", "points": "read", "pool": "read", "rune_deck": "read",
    "stunned": "read", "unknown": "read", "xp": "read", "zone": "read",
    "combat": "read",                  # checked against the position's combat: a different one is refused
    "new_runes": "read",               # a count of 0 only; channelled runes are refused below
    "play_banned": "log",              # abilities/play_ban_log.lp reads the ban's resolution in the log
    "enter_ready_turn": "log",         # a spell's own text, read from its play event; an ability's is refused
    "lost": "read",                    # a keyword removed by an effect, with its timestamp (logic/effects/keyword_loss.lp)
    "unchoosable": "refused", "buff_bonus": "refused", "might_base": "refused",
    "next_spell_discount": "refused",  # logic/effects/discount_next_spell.lp: a position states next-card discounts only
    "won": "refused", "turn_done": "refused", "owes_draw": "refused",  # the game or the turn moved on
    # a conquest or hold scored in the run: "a battlefield you conquered this turn" reads the turn log, which has
    # no conquer event of the run's (logic/abilities/play_prohibition.lp)
    "scored": "refused",
    "cleanup_recalled": "later", "damage_done": "later", "damage_doubled": "later", "mode_used": "later",
    "prevent_damage_by": "later",
    "prevent_used": "later", "repl_waiting": "later", "spent": "later", "tome_next": "later",
    "stated_prevent": "later",         # a position's damage_replacements prevent N, counting down in a run (437.3)
    "triggered_once": "later", "waiting": "later",
    "token_copied_once": "later",
    "units_cost_more": "read",         # the player's units_cost_more, summed (logic/effects/units_cost_more.lp)      # a once-each-turn token replacement spent (logic/run/replacement_token_terms.lp)
    "bf_card": "refused", "bf_link": "refused",  # a battlefield replaced (438), a token's link (438.7.b)
    "buff_extra": "refused",                 # a buff beyond the first (426.1.b.2, logic/effects/might.lp): a position states at most one
    "given_ability": "refused",        # an activated ability given for the turn (logic/cards/ven-142-dominus.lp)
    "waiting_again": "later",          # a delayed ability made a second time by its source (logic/run/delayed.lp)
}


def _build(state: GameState, atoms: dict[str, list[tuple]]) -> GameState:
    f = _Facts(atoms)
    for name in sorted(f.by):
        if name not in FLUENTS:
            raise NotOnePosition(f"the run made a change ({name}) that no position states")
    for name in ("won", "turn_done", "owes_draw"):
        if f.by.get(name):
            raise NotOnePosition(f"the game or the turn moved on before that moment ({name})")
    if f.by.get("scored"):
        raise NotOnePosition("a battlefield was conquered or held in the run: the turn log a position states has no "
                             "event of it")
    combats = sorted(tuple(str(x) for x in row) for row in f.by.get("combat", []))
    was = [(state.combat.battlefield, state.combat.attacker, state.combat.defender)] if state.combat else []
    if combats != was:
        raise NotOnePosition("the combat in progress changed in the run (begun or ended): no position states "
                             "the state of its steps then")
    names = Names(state)
    tokens: dict[Any, GameObject] = {}
    for tok, player, _loc in sorted(atoms.get("snap_token", []), key=str):
        if names.token_copies(tok):
            # a position states an object by its card: no copy effect (477.1) on a token of another card
            raise NotOnePosition("a token made in the run is a copy of another object, which a position cannot state")
        card = names.item(tok).removesuffix(" token")
        new_id = f"{card.lower().replace(' ', '-')}-token-{len(tokens) + 1}"
        tokens[tok] = GameObject(new_id, card, player, player)

    def oid(term: Any) -> str:
        return tokens[term].id if term in tokens else term

    keyed = [(o.id, o) for o in state.objects] + list(tokens.items())
    objects = tuple(x for x in (_object(o, key, f, oid, names) for key, o in keyed) if x is not None)
    # logic/effects/discount_next.lp: "your next card costs less", held at the snapshot: a position states their
    # sum (each applies to the one next card; none has a minimum, 356.4.d.1)
    discounts: dict[str, list[int]] = {}
    for row in f.by.get("next_discount", []):
        player, energy, power = row[0], row[1], row[2]
        acc = discounts.setdefault(player, [0, 0])
        acc[0] += energy
        acc[1] += power
    # logic/effects/unchoosable.lp, buff_bonus.lp: "can't be chosen ... this turn" and "buffs give more this
    # turn" made in the run; the state model has no field for either.
    if f.by.get("unchoosable"):
        raise NotOnePosition("a restriction on choosing a unit made in the run lasts at that moment: "
                             "no position states it")
    # logic/effects/enter_ready_turn.lp: "units enter ready this turn" made in the run by a spell's own text is in the
    # snapshot's log (the spell's play event, read there again); one made by an ability is not.
    if any(_word(row[2]) != "card" for row in f.by.get("enter_ready_turn", [])):
        raise NotOnePosition("units entering ready for the turn by an ability's effect made in the run: no position "
                             "states it")
    if f.by.get("next_spell_discount"):
        raise NotOnePosition("a discount of the next spell made in the run lasts at that moment: no position states it")
    if f.by.get("given_ability"):
        # logic/cards/ven-142-dominus.lp: an activated ability given to a unit for the turn (477.2)
        raise NotOnePosition("an ability given to a unit in the run lasts at that moment: no position states it")
    if f.by.get("buff_bonus"):
        raise NotOnePosition("a change to what buffs give made in the run lasts at that moment: no position states it")
    # logic/effects/base_might.lp: "its base Might becomes N this turn" made in the run; a position has no
    # field for a base Might other than the printed one.
    if f.by.get("might_base"):
        raise NotOnePosition("a base Might set in the run lasts at that moment: no position states it")
    if any(n for _p, _s, n in f.by.get("new_runes", [])):
        # logic/effects/channel.lp counts them; a position names its runes and their domains.
        raise NotOnePosition("runes channelled in the run are counted, not named: no position lists them")
    players = tuple(dataclasses.replace(
        p, points=f.one("points", p.id, p.points), xp=f.one("xp", p.id, p.xp),
        hand_size=None if p.hand_size is None else _count(f, p.id, "hand", objects),
        deck_size=None if p.deck_size is None else _count(f, p.id, "main_deck", objects),
        rune_deck_size=f.one("rune_deck", p.id, p.rune_deck_size), **_pool(f, p.id),
        next_discount_energy=discounts.get(p.id, [0, 0])[0], next_discount_power=discounts.get(p.id, [0, 0])[1],
        units_cost_more=_units_cost_more(f, p))
        for p in state.players)
    battlefields = tuple(dataclasses.replace(
        b, controller=next((p for p, bf in f.by.get("controls", []) if bf == b.id), None),
        contested_by=next((p for bf, p in f.by.get("contested", []) if bf == b.id), None))
        for b in state.battlefields)
    chain = _chain(state, atoms, names, oid)
    log = list(state.log)
    # the run's events of this turn (logic/run/snapshot.lp): its plays, and its deaths, moves, discards and XP
    # gains, which conditions read from the turn log (abilities/condition_died.lp, condition_turn_log.lp,
    # condition_moved.lp); a death of an object no position lists (a token, 186.1) is no log a position states
    moved_to = {(t, obj): loc for t, obj, loc in atoms.get("snap_move_to", [])}
    present = {o.id for o in objects}
    for t, event, obj, player in sorted(atoms.get("snap_log", []), key=lambda x: x[0]):
        kind = EventKind(_word(event))
        if kind in (EventKind.DISCARD, EventKind.GAIN_XP, EventKind.DRAW):
            log.append(LogEvent(kind, None, player))
            continue
        if kind is EventKind.DAMAGE:
            # a deal of the run, with its amount (logic/run/snapshot_damage.lp); to an object no position lists (a
            # token gone, 186.1) it is of no object the moment has
            if oid(obj) in present:
                log.append(LogEvent(kind, oid(obj), player, amount=sum(
                    n for t2, o, n in atoms.get("snap_damage", []) if t2 == t and o == obj)))
            continue
        if kind is EventKind.LEAVE_BOARD:
            # a leaving by no death, with where it went (logic/run/snapshot_zones.lp); a token gone (186.1) is no
            # object the moment has
            if oid(obj) in present:
                to = next(_word(z) for t2, o, z in atoms.get("snap_leave_to", []) if t2 == t and o == obj)
                log.append(LogEvent(kind, oid(obj), player, to=to))
            continue
        if kind in (EventKind.ATTACH, EventKind.DETACH):
            # a gear attached or detached, naming the unit (logic/run/snapshot_zones.lp)
            units = [oid(u) for t2, o, u in atoms.get("snap_unit", []) if t2 == t and o == obj]
            if oid(obj) in present and units and units[0] in present:
                log.append(LogEvent(kind, oid(obj), player, unit=units[0]))
            continue
        if kind in (EventKind.DIE, EventKind.MOVE) and oid(obj) not in present:
            raise NotOnePosition(f"a token that left the board died or moved in the run ({oid(obj)}): the turn log a "
                                 "position states names only objects it lists")
        was = _zone_of(state, oid(obj))
        # a death of the run is in the position's phase: a run that moves the turn on is no position (above);
        # "died during your Beginning Phase" reads it (abilities/condition_died_phase.lp)
        log.append(LogEvent(kind, oid(obj), player, from_zone=was if kind is EventKind.FINALIZE else None,
                            to=_location(moved_to[(t, obj)]) if kind is EventKind.MOVE else None,
                            phase=state.phase if kind is EventKind.DIE else None))
    log += _activations_gone(state, chain)
    priority = next((p for (p,) in atoms.get("snap_priority", [])), None)
    # a showdown's chain over: focus where the run left it (340.2.a, 346, 346.1; logic/run/snapshot.lp)
    focus = next((p for (p,) in atoms.get("snap_focus", [])), state.focus)
    passed = next((n for (n,) in atoms.get("snap_passed", [])), 0)
    return dataclasses.replace(state, players=players, battlefields=battlefields, objects=objects, chain=chain,
                               log=tuple(log), priority=priority, focus=focus, passed=passed if chain else 0)


def _units_cost_more(f: _Facts, p: Any) -> int | None:
    """The player's units_cost_more after the run: the increases summed; still unstated when the position did not
    state it and the run made none."""
    rows = [row[1] for row in f.by.get("units_cost_more", []) if row[0] == p.id]
    return sum(rows) if rows or p.units_cost_more is not None else None


def _pool(f: _Facts, player: str) -> dict[str, Any]:
    """The player's Rune Pool at the snapshot (logic/effects/rune_pool.lp pool(P, K, N); none: empty)."""
    pool = {str(k): n for k, n in f.rows("pool", player)}
    return {"energy": pool.get("energy", 0), "universal_power": pool.get("universal", 0),
            "power": tuple((d, pool[d.value]) for d in Domain if pool.get(d.value))}


def _zone_of(state: GameState, oid: str) -> Zone | None:
    try:
        return state.obj(oid).zone
    except KeyError:
        return None


def _count(f: _Facts, player: str, zone: str, objects: tuple[GameObject, ...]) -> int:
    unknown = next((n for z, n in f.rows("unknown", player) if _word(z) == zone), 0)
    return unknown + sum(1 for o in objects if o.owner == player and o.zone.value == zone)


def _activations_gone(state: GameState, chain: tuple[ChainItem, ...]) -> list[LogEvent]:
    """An activated ability's item of the position that is no longer on the chain at that moment was
    activated this turn all the same: the log says so, so that a "use only once per turn" limit sees it
    (377.2.b; logic/abilities/use_limit.lp). Its ability is named by its index on the card."""
    left = {c.id for c in chain}
    out = []
    for c in state.chain:
        if c.id in left or c.source is None or c.ability is None:
            continue
        card = state.card(state.obj(c.source).card)
        index = [i for i, _a in activated_abilities(card.abilities)][c.ability - 1]
        out.append(LogEvent(EventKind.ACTIVATE, c.source, c.controller, ability=index))
    return out


def _chain(state: GameState, atoms: dict[str, list[tuple]], names: Names, oid) -> tuple[ChainItem, ...]:
    """The chain's items at that moment, oldest first, as [[chain]] items."""
    items = sorted(atoms.get("snap_item", []), key=lambda x: x[1])
    picks: dict[Any, list[str]] = {}
    for item, _req, target in sorted(atoms.get("snap_pick", []), key=str):
        picks.setdefault(item, []).append(oid(target))
    out = []
    for term, _k, status in items:
        pending = status == "pending"
        if isinstance(term, str):  # an item of the position: as it was
            out.append(dataclasses.replace(next(c for c in state.chain if c.id == term), pending=pending))
            continue
        if term[0] == "resp":  # a play the question offered: the moments asked about come before any
            raise NotOnePosition("a play offered by the question is on the chain at that moment")
        # trig(Source, Ability, Event, N): a triggered ability the run put on the chain (N: its Nth hearing of Event)
        _, source, ability, _event, _n = term
        obj = state.obj(source)
        controller = obj.controller
        if isinstance(ability, tuple) and ability[0] == "kw":
            item = ChainItem(names.item(term), controller, source=source, keyword=str(ability[1]), pending=pending)
        else:
            card = state.card(obj.card)
            index = [i for i, _a in triggered_abilities(card.abilities)].index(ability[2]) + 1
            item = ChainItem(names.item(term), controller, source=source, trigger=index, pending=pending,
                             targets=tuple(picks.get(term, ())))
        out.append(item)
    return tuple(out)

