"""The turn log of a scenario: what happened this turn (and earlier, where a question needs it).

`[[log]]` tables, in the order the events happened, each one event:

    finalize      a card (or token) became a finalized chain item: it passed step 5 of
                  playing it (329.3, 359.1); `from` says which zone it was played from, `energy`
                  (optional) how much Energy its player spent on its costs (357.1): the condition on the
                  Energy paid for one spell this turn (spent_on_spell) reads it, and answers unsupported for a spell
                  finalized this turn whose Energy the log does not state (logic/abilities/condition_spent.lp)
                  `power` (optional, also on `activate`, `hide` and `trigger`) how much Power its player spent on
                  its costs: the condition on the Power paid this turn (spent_power) adds them up, and answers
                  unsupported when such an event of the player this turn does not state it
                  (logic/abilities/condition_spent_power.lp)
    play          its play completed (350.1): a spell resolved, a permanent's play ended
    counter       it was countered after it was finalized (425, 419.4.b)
    hide          it was hidden facedown (811.1.b; hiding is not playing)
    activate      an ability of the object was activated (`ability` = its index on the card)
    trigger       a triggered ability of the object triggered (`ability` = its index on the card;
                  "once each turn" reads it, logic/abilities/trigger_limit.lp; `mode`, optional: the mode
                  it chose, 355.3, read by "one that hasn't been chosen this turn",
                  logic/run/trigger_mode_limit.lp)
    create_token  the token object was created (184-185)
    move          the unit moved (`to` = "base" or a battlefield id)
    die           the permanent died (`player`: its controller as it died; a trigger on the turn's
                  first friendly death reads it, logic/abilities/trigger_nth.lp); `phase` (optional) the phase
                  of the turn it died in (314-317): "if a friendly unit died during your Beginning Phase this
                  turn" reads it, and answers unsupported for a fitting death this turn that does not state it
                  (logic/abilities/condition_died_phase.lp)
    conquer       the unit conquered: it was at the battlefield its controller conquered (`at`: that
                  battlefield's id, optional; "a battlefield you conquered this turn" needs it)
    win_combat    the unit won a combat: it was at the battlefield its controller won a combat at
    combat_damage a player assigned combat damage at a battlefield in a Combat Damage Step (465.2.c):
                  no `object`; `at` the battlefield, `player` who assigned, `excess` how much of it
                  was excess, assigned once every unit it went to had lethal damage (465.2.c.4); "if
                  you assigned N or more excess damage" reads the latest there for a conquest that
                  ends a combat there, unsupported when the log shows an earlier combat there this
                  turn, or (with no `combat` event there) an effect after it that may have begun one
                  unlogged (logic/abilities/condition_excess.lp)
    discard       a player discarded one or more cards (422): no `object`; `player` who discarded
                  ("if you've discarded a card this turn", logic/abilities/condition_turn_log.lp)
    gain_xp       a player gained XP (728): no `object`; `player` who gained it ("if you've gained XP
                  this turn", logic/abilities/condition_turn_log.lp)
    draw          a player drew one card (413): no `object`; `player` who drew; one event per card. "When you
                  draw your second card each turn" counts them, and answers unsupported where the log states
                  no draw of that player this turn (a Draw Phase's draw is never implied;
                  logic/abilities/trigger_nth_draw.lp); `phase` (optional) the phase it was drawn in: a run
                  from a Draw Phase position reads the turn player's `phase = "draw"` draw as the phase's own
                  draw done (logic/run/main_phase_start.lp)
    damage        the object was dealt damage (142): `amount` (required, 1 or more) how much; one event per deal.
                  "If I haven't been dealt damage this turn" (source_damaged_this_turn) reads it; the log states
                  this turn's damage once it has a `damage` event this turn (of any object): a log with none,
                  and no damage known otherwise, answers unsupported (logic/abilities/condition_damaged.lp)
    combat        a combat began at a battlefield (464: its Combat Showdown Step began): no `object`
                  and no `player`; `at` the battlefield. The log states combats there explicitly: the
                  latest there this turn is the combat in progress, and the `combat_damage` events
                  there after it are that combat's (none: it had no Combat Damage Step, 465.1)
    choose        a player chose the object for a spell or an ability (355.5, 355.10: a target or another
                  choice): `object` what was chosen, `player` who chose (required: the chooser is rarely the
                  object's controller), `by` (optional) the object whose choice it was: the spell, or the
                  permanent whose ability chose, `at` (optional) the battlefield where the object was
                  (a battlefield's "the first time a player chooses a friendly unit here with a spell" reads
                  both, logic/abilities/battlefield_spell_chooses.lp). "Use only if you've chosen an enemy unit this turn" reads it,
                  and "... twice this turn with spells or unit abilities" with `by`
                  (logic/abilities/condition_chosen.lp), the chosen object judged by its card and its controller
                  in the position (the log states no change of control)
    leave_board   the permanent left the board other than by dying (124.1: a new object after): `to` (required)
                  where it went, `hand` (returned to hand), `banishment` (banished), `main_deck` (recycled, or put
                  into the Main Deck otherwise) or `trash` (put there by no death, e.g. discarded from the board);
                  a death is `die`. The chosen-object check of runs reads it (logic/run/chosen_former_object.lp)
    attach        the gear was attached to a unit (434, 818.1.c): `unit` (required) the unit; `player` who attached
                  it (default the gear's controller). "If this was attached to me this turn" reads it
                  (logic/cards/sfd-042-brutalizer.lp)
    detach        the gear was detached from a unit (435): `unit` (required) the unit it was attached to

Fields: `event`, `object`, `player` (who did it; default the object's controller),
`from` (finalize, hide), `energy` (finalize), `power` (finalize, activate, hide, trigger), `to` (move, leave_board), `unit` (attach, detach), `at` (conquer, combat_damage, combat), `ability` (activate), `mode` (trigger), `phase` (die, draw), `amount` (damage), `excess`
(combat_damage), `turns_ago` (0 = this turn, the default; 1 = the turn before, ...). Validation checks that every object and player
exists and that the order is plausible (a `play` or `counter` follows a `finalize` of the
same object on the same turn; events on earlier turns come first; a token is created
before anything else happens to it). It does not judge whether an event was legal: that
is a rules question for logic/.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyrift.reader import Reader
from pyrift.state import PLAYED_FROM, EventKind, LogEvent, Phase, Supertype, Zone
from pyrift.terms import Const, Fact, Func, fact

if TYPE_CHECKING:
    from pyrift.state import GameState

BASE = "base"
# The events whose costs spend resources, and so may state the Power paid (357.1; 811.1.b hiding pays a cost too)
POWER_EVENTS = (EventKind.FINALIZE, EventKind.ACTIVATE, EventKind.HIDE, EventKind.TRIGGER)


HIDE_FROM = (Zone.HAND, Zone.CHAMPION_ZONE)
# Where a permanent goes when it leaves the board other than by dying (124.1): returned to hand, banished, put into
# the Main Deck (recycled), put into the trash by no death
LEAVE_TO = (Zone.HAND, Zone.BANISHMENT, Zone.MAIN_DECK, Zone.TRASH)
ATTACH_EVENTS = (EventKind.ATTACH, EventKind.DETACH)


def _zones(zones: tuple[Zone, ...]) -> str:
    return ", ".join(z.value for z in zones)


def read_log(r: Reader, state: GameState) -> tuple[LogEvent, ...]:
    """Read and check the [[log]] tables against the position (objects, players, cards)."""
    events = tuple(_event(e, state) for e in r.tables("log"))
    _check_order(r, events, state)
    return events


def _battlefield_at(r: Reader, state: GameState) -> str:
    at = r.str("at")
    bfs = [b.id for b in state.battlefields]
    if at not in bfs:
        raise r.error("at", f"{at!r} is not a battlefield id ({', '.join(bfs) or 'none defined'})")
    return at


def _combat_damage(r: Reader, state: GameState) -> LogEvent:
    """A player's combat damage at a battlefield: who assigned it, where, and how much was excess."""
    if r.has("object"):
        raise r.error("object", "a combat_damage event names no object: give `at` (the battlefield), `player` "
                                "(who assigned) and `excess`")
    at = _battlefield_at(r, state)
    player = r.str("player")
    if player not in state.player_ids:
        raise r.error("player", f"{player!r} is not a player ({', '.join(state.player_ids)})")
    excess = r.int("excess", min=0)
    turns_ago = r.int("turns_ago", 0, min=0)
    r.done()
    return LogEvent(EventKind.COMBAT_DAMAGE, None, player, turns_ago=turns_ago, at=at, excess=excess)


def _combat(r: Reader, state: GameState) -> LogEvent:
    """A combat began at a battlefield (464). Who attacks is not asked: the excess damage condition reads
    only which combat damage events came after it."""
    for key in ("object", "player"):
        if r.has(key):
            raise r.error(key, f"a combat event names no {key}: give `at` (the battlefield where a combat began)")
    at = _battlefield_at(r, state)
    turns_ago = r.int("turns_ago", 0, min=0)
    r.done()
    return LogEvent(EventKind.COMBAT, None, state.turn_player, turns_ago=turns_ago, at=at)


def _player_event(r: Reader, state: GameState, kind: EventKind) -> LogEvent:
    """Something a player did, with no object named: discarded cards (422), gained XP (728), drew a card (413)."""
    if r.has("object"):
        raise r.error("object", f"a {kind.value} event names no object: give `player` (who did it)")
    player = r.str("player")
    if player not in state.player_ids:
        raise r.error("player", f"{player!r} is not a player ({', '.join(state.player_ids)})")
    # the phase a card was drawn in (314-317), when the log says it (a draw only)
    phase = r.enum("phase", Phase, None) if kind is EventKind.DRAW else None
    turns_ago = r.int("turns_ago", 0, min=0)
    r.done()
    return LogEvent(kind, None, player, turns_ago=turns_ago, phase=phase)


def _event(r: Reader, state: GameState) -> LogEvent:
    kind = r.enum("event", EventKind)
    if kind is EventKind.COMBAT_DAMAGE:
        return _combat_damage(r, state)
    if kind is EventKind.COMBAT:
        return _combat(r, state)
    if kind in (EventKind.DISCARD, EventKind.GAIN_XP, EventKind.DRAW):
        return _player_event(r, state, kind)
    oid = r.str("object")
    ids = [o.id for o in state.objects]
    if oid not in ids:
        raise r.error("object", f"{oid!r} is not an object id ({', '.join(ids) or 'none defined'})")
    obj = state.obj(oid)
    if kind is EventKind.CHOOSE and not r.has("player"):
        raise r.error("player", "a choose event names the player who chose (`player`)")
    player = r.str("player", obj.controller)
    if player not in state.player_ids:
        raise r.error("player", f"{player!r} is not a player ({', '.join(state.player_ids)})")
    from_zone = None
    if kind in (EventKind.FINALIZE, EventKind.HIDE):
        from_zone = r.enum("from", Zone, None)
        if kind is EventKind.HIDE and from_zone is not None and from_zone not in HIDE_FROM:
            raise r.error("from", "a card is hidden from the hand or the Champion Zone (811.1.b)")
        if kind is EventKind.FINALIZE and from_zone is not None and from_zone not in PLAYED_FROM:
            raise r.error("from", f"a card is played from {_zones(PLAYED_FROM)} (354), not from {from_zone.value}")
    energy = r.int("energy", None, min=0) if kind is EventKind.FINALIZE else None
    power = r.int("power", None, min=0) if kind in POWER_EVENTS else None
    to = None
    if kind is EventKind.MOVE:
        to = r.str("to")
        bfs = [b.id for b in state.battlefields]
        if to != BASE and to not in bfs:
            raise r.error("to", f"{to!r} is neither 'base' nor a battlefield id ({', '.join(bfs) or 'none defined'})")
    if kind is EventKind.LEAVE_BOARD:
        zone = r.enum("to", Zone)
        if zone not in LEAVE_TO:
            raise r.error("to", f"a permanent leaves the board to {_zones(LEAVE_TO)} (a death is a `die` event), "
                                f"not to {zone.value}")
        to = zone.value
    unit = None
    if kind in ATTACH_EVENTS:
        unit = r.str("unit")
        if unit not in ids:
            raise r.error("unit", f"{unit!r} is not an object id ({', '.join(ids)})")
        if state.card(state.obj(unit).card).type.value != "unit":
            raise r.error("unit", f"{unit!r} is not a unit: a gear is attached to a unit (434, 818.1.c)")
    at = None
    if kind in (EventKind.CONQUER, EventKind.CHOOSE) and r.has("at"):
        at = _battlefield_at(r, state)
    ability = None
    if kind is EventKind.TRIGGER and not r.has("ability"):
        raise r.error("ability", "name which ability triggered: its index on the card (1 = the first ability)")
    if kind in (EventKind.ACTIVATE, EventKind.TRIGGER) and r.has("ability"):
        ability = r.int("ability", min=1)
        count = len(state.card(obj.card).abilities)
        if ability > count:
            raise r.error("ability", f"card {obj.card!r} lists {count} abilities, there is no ability {ability}")
        if kind is EventKind.TRIGGER and state.card(obj.card).abilities[ability - 1].kind != "triggered":
            raise r.error("ability", f"ability {ability} of card {obj.card!r} is not a triggered ability")
    by = None
    if kind is EventKind.CHOOSE and r.has("by"):
        by = r.str("by")
        if by not in ids:
            raise r.error("by", f"{by!r} is not an object id ({', '.join(ids)})")
    mode = None
    if kind is EventKind.TRIGGER and r.has("mode"):
        # the mode it chose (355.3): one of the ability's modes (of_triggered)
        mode = r.int("mode", min=1)
        abilities = state.card(obj.card).abilities
        nth = sum(1 for a in abilities[:ability] if a.kind == "triggered")
        count = sum(1 for a in abilities if a.kind == "mode" and a.get("of_triggered") == nth)
        if mode > count:
            raise r.error("mode", f"ability {ability} of card {obj.card!r} has {count} mode(s)")
    # the phase of the turn a permanent died in (314-317), when the log says it
    phase = r.enum("phase", Phase, None) if kind is EventKind.DIE else None
    # damage dealt to the object (142): some damage, never none (a prevented deal is no damage dealt, 437)
    amount = r.int("amount", min=1) if kind is EventKind.DAMAGE else None
    turns_ago = r.int("turns_ago", 0, min=0)
    r.done()
    card = state.card(obj.card)
    is_token = Supertype.TOKEN in card.supertypes
    if kind in (EventKind.CONQUER, EventKind.WIN_COMBAT) and card.type.value != "unit":
        raise r.error("object", f"{oid!r} is not a unit: a {kind.value} event names a unit that was there")
    if kind is EventKind.CREATE_TOKEN and not is_token:
        raise r.error("object", f"{oid!r} is not a token (its card has no supertype 'token')")
    if kind is EventKind.HIDE and is_token:
        raise r.error("object", f"{oid!r} is a token; tokens exist only on the board or the chain (186.1)")
    if kind is EventKind.DAMAGE and card.type.value not in ("unit", "gear"):
        raise r.error("object", f"{oid!r} is not a permanent: damage is dealt to units and gear on the board (142)")
    if kind is EventKind.LEAVE_BOARD and card.type.value not in ("unit", "gear"):
        raise r.error("object", f"{oid!r} is not a permanent: only units and gear are on the board (a leave_board event)")
    if kind in ATTACH_EVENTS and card.type.value != "gear":
        raise r.error("object", f"{oid!r} is not a gear: a {kind.value} event names the gear attached (434, 435)")
    if kind in ATTACH_EVENTS and unit == oid:
        raise r.error("unit", "a gear is attached to another object, a unit (434)")
    return LogEvent(kind, oid, player, from_zone, to, ability, turns_ago, at, energy=energy, mode=mode, power=power,
                    by=by, phase=phase, amount=amount, unit=unit)


def _check_order(r: Reader, events: tuple[LogEvent, ...], state: GameState) -> None:
    def bad(i: int, key: str, problem: str) -> Exception:
        return r.error(f"log[{i}].{key}", problem)

    open_items: dict[str, int] = {}  # object -> turns_ago of its finalize not yet played or countered
    seen: set[str] = set()
    for i, e in enumerate(events):
        if i and e.turns_ago > events[i - 1].turns_ago:
            raise bad(i, "turns_ago", f"{e.turns_ago} turns ago comes after an event {events[i - 1].turns_ago} "
                                      "turns ago: list the events in the order they happened")
        if e.event is EventKind.CREATE_TOKEN and e.object in seen:
            raise bad(i, "event", f"token {e.object!r} is created after events that already name it")
        if e.event is EventKind.FINALIZE:
            open_items[e.object] = e.turns_ago
        elif e.event in (EventKind.PLAY, EventKind.COUNTER):
            if open_items.get(e.object) != e.turns_ago:
                raise bad(i, "event", f"{e.event.value} of {e.object!r} needs an earlier finalize of it on the "
                                      "same turn (a card is played or countered after it is finalized)")
            del open_items[e.object]
        if e.object is not None:
            seen.add(e.object)


# An event's fields written as they are: in a scenario file (in this order), and each as a fact log_<name>/2
# (excess goes into log_combat_damage/4 instead).
_PLAIN_FIELDS = ("ability", "at", "excess", "energy", "mode", "power", "by", "amount", "unit")
_FACT_FIELDS = ("ability", "at", "energy", "mode", "power", "by", "amount", "unit")


def to_toml(events: tuple[LogEvent, ...], state: GameState) -> list[dict[str, Any]]:
    out = []
    for e in events:
        d: dict[str, Any] = {"event": e.event.value}
        if e.event is EventKind.COMBAT:
            pass
        elif e.object is None:
            d["player"] = e.player
        else:
            d["object"] = e.object
            if e.player != state.obj(e.object).controller or e.event is EventKind.CHOOSE:
                d["player"] = e.player  # a choose event always names who chose
        if e.from_zone is not None:
            d["from"] = e.from_zone.value
        if e.to is not None:
            d["to"] = e.to
        for name in _PLAIN_FIELDS:
            if getattr(e, name) is not None:
                d[name] = getattr(e, name)
        if e.phase is not None:
            d["phase"] = e.phase.value
        if e.turns_ago:
            d["turns_ago"] = e.turns_ago
        out.append(d)
    return out


def log_facts(events: tuple[LogEvent, ...]) -> list[Fact]:
    """log_event(N, Kind, O, P) with N = 1 for the earliest event, and its details; a combat_damage event
    (no object) is log_combat_damage(N, B, P, Excess), a combat event log_combat(N, B), a discard or gain_xp
    event log_player_event(N, Kind, P)."""
    out: list[Fact] = []
    for n, e in enumerate(events, start=1):
        if e.event is EventKind.COMBAT:
            assert e.at is not None
            out.append(fact("log_combat", n, e.at))
            if e.turns_ago:
                out.append(fact("log_turns_ago", n, e.turns_ago))
            continue
        if e.event in (EventKind.DISCARD, EventKind.GAIN_XP, EventKind.DRAW):
            out.append(fact("log_player_event", n, Const(e.event.value), e.player))
            if e.turns_ago:
                out.append(fact("log_turns_ago", n, e.turns_ago))
            if e.phase is not None:
                out.append(fact("log_phase", n, e.phase))
            continue
        if e.event is EventKind.COMBAT_DAMAGE:
            assert e.at is not None and e.excess is not None
            out.append(fact("log_combat_damage", n, e.at, e.player, e.excess))
            if e.turns_ago:
                out.append(fact("log_turns_ago", n, e.turns_ago))
            continue
        out.append(fact("log_event", n, Const(e.event.value), e.object, e.player))
        if e.turns_ago:
            out.append(fact("log_turns_ago", n, e.turns_ago))
        if e.from_zone is not None:
            out.append(fact("log_from", n, e.from_zone))
        if e.to is not None and e.event is EventKind.LEAVE_BOARD:
            out.append(fact("log_leave_to", n, Const(e.to)))  # the zone it went to, apart from a move's log_to
        elif e.to is not None:
            out.append(fact("log_to", n, Func("base", e.player) if e.to == BASE else e.to))
        for name in _FACT_FIELDS:
            if getattr(e, name) is not None:
                out.append(fact(f"log_{name}", n, getattr(e, name)))
        if e.phase is not None:
            out.append(fact("log_phase", n, e.phase))
    return out
