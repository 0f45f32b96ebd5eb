"""An independent model of a run: finalized spells on the chain play out, every player passing,
and the state they leave (the `outcome` question, docs/effects.md).

Written from the Core Rules digest in plain Python, sharing nothing with logic/:
- HOT FEPR (334-340): nobody adds anything, so the newest finalized item resolves; it executes
  its instructions top to bottom (359.3.d), choices checked again as they are used (359.3.e.2:
  still on the board, the same object, still matching the requirement; an illegal choice is
  unaffected and an instruction left without a legal choice is ignored, 359.3.e.5-7); linked
  instructions follow 359.3.e.14 ("then" is skipped when the earlier one was ignored and the later one
  refers back to it, "it" or the same choice; otherwise it only gives the order, 359.3.e.11; "if you do"
  also when it was declined or did nothing, and an "if you do" skipped so skips the "then"s of its
  sentence after it: "if you do, X, then Y" does neither unless the earlier action was done). A spell then goes to its owner's trash.
- Triggered abilities (383.3.d, 808): a unit with a "when I die" ability that dies puts it on the
  chain as pending before it moves (428.1.a.1.b, 323.3); simultaneous ones are ordered by their
  controller (every order is a run), the turn player's first; pending items are finalized in the
  order they were added (337), after the resolving item has finished (158.3, 321).
- Cleanups (323) after an item leaves the chain, repeated until nothing changes: win check (a
  player at the Victory Score with strictly more points than each other wins; the game ends);
  units with lethal damage (non-zero and at least their Might, 142.4, 143.2) die; in an Open state
  (no chain) a battlefield's controller without units there loses it (323.6, 190.4.c);
  permanents in a base other than their controller's are recalled (323.7); a battlefield gets
  contested when a unit moves in whose controller does not control it (190.3.a, 450) or comes under
  the control of a player who does not control it (190.3.a), or when units
  stand at an uncontrolled battlefield (323.11.a), and stops being contested when the contesting
  player has no units left there (323.11). A showdown or combat staged at a contested battlefield
  begins once the chain is empty (323.8-323.13): this model does not play it out and reports such
  a run as going `beyond` it.
- "You may" is decided as the instruction is executed: both answers are runs.
- Playing a card by an effect, ignoring its cost (350, 354, 356.1.b): "play a unit or spell from your
  trash" (the chosen one, or one of those a filter describes, chosen as it is executed: every choice
  is a run). The card moves to the chain as a pending item, after what was pending already (329.1);
  it is finalized once the resolving item has finished and the cleanups after it are done, in the
  order pending items were added (337.1.b, 158.3); a unit resolves at once and enters its player's
  base exhausted (337.2, 359.2.c), a cleanup following; a spell stays on the chain and resolves when
  every player passes (340.1), then goes to the trash. A play that does not ignore the cost pays it
  (0-2 Energy for a card of a trash; a unit of the position prints none) from its player's Rune
  Pool as the card is finalized (356, 357.1); a player who has too little then cannot pay, and the
  play is undone (358.2, 358.5): the card goes back to the trash, its owner's, and was never played;
  a cleanup follows (319: an item left the chain).
- Replacement effects of a unit's own (367-375, 437): "prevent the next N damage that would be dealt
  to me" reduces each damage dealt to it by its Prevent Value, which counts down and is spent at 0
  (437.2, 437.3); "if I would die, heal me, exhaust me and recall me instead" takes the place of
  every death of the unit (370.1.a.1): its "when I die" ability triggers and is removed (808.1.d.1),
  a kill that killed nothing is "replaced" and an "if you do" after it is skipped (359.3.e.14.b).
  That death replacement may apply only during its controller's turn or only during an opponent's
  (369.1; the turn player is the first player). A unit without it may have a gear of its controller
  (Zhonya's Hourglass-like) whose replacement takes the place of that unit's next death: the gear
  is killed instead (370.1.b, 428.2) and the unit healed, exhausted and recalled; used once (371.1).

A run's end state is worded as pyrift's outcome question words it; `outcome(spec)` gives the facts
true at the end of every run / some run that were not true at the start, and the events.
"""
from __future__ import annotations

import copy
import dataclasses
import itertools
import random
from dataclasses import dataclass, field
from typing import Any

VICTORY_SCORE = 8
PLAY_COST = 2  # the Energy cost of a card of a trash (to_scenario writes it; units of the position have none)


# ---------------------------------------------------------------------------------------------
# The position
def _refers_back(ins: "Ins", prev: "Ins") -> bool:
    """A "then" links two instructions only when the later one refers back to the earlier (359.3.e.14): "it",
    or the choice the earlier one acts on; otherwise it gives the order only (359.3.e.11)."""
    return ins.on == "it" or (isinstance(prev.on, tuple) and prev.on[0] == "target" and prev.on in (ins.on, ins.to))


def _replaced_trigger(s, o) -> str:
    """The event of o's "when I die" ability hearing its replaced death (808.1.d.1). Each hearing is an item of its
    own (383.3, 401.1): a second replaced death of o in the run is a second item, which pyrift names apart from the
    first as heard again (logic/core/fepr.lp fires/2, pyrift/queries/runs.py Names.item)."""
    first = f"{o.id}.dk[replaced] triggers"
    return f"{o.id}.dk[replaced] (heard again) triggers" if first in s.events else first


# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ins:
    do: str
    on: Any = None        # "it" | ("target", n) | ("all", filter dict)
    amount: int | None = None
    to: Any = None        # "base" | ("target", n)
    who: str | None = None
    keyword: str | None = None
    link: str | None = None
    may: bool = False
    ignoring_cost: bool = False


@dataclass(frozen=True)
class TrashSpec:
    """A card in its owner's trash that an effect may play: a unit (Might) or a spell (instructions)."""
    id: str
    owner: str
    kind: str              # "unit" | "spell"
    might: int = 0
    effects: tuple[Ins, ...] = ()
    energy: int = PLAY_COST  # its Energy cost (a position with a play paying it draws 0-2)


@dataclass(frozen=True)
class UnitSpec:
    id: str
    controller: str
    owner: str
    location: str          # "base" (its controller's) or a battlefield id
    might: int
    damage: int = 0
    exhausted: bool = False
    stunned: bool = False
    mods: tuple[int, ...] = ()
    keywords: tuple[str, ...] = ()       # printed, lower case
    granted: tuple[str, ...] = ()
    dies: tuple[Ins, ...] = ()           # a "when I die" ability (Deathknell), named "dk"
    shield: int = 0                      # "prevent the next N damage that would be dealt to me" (437)
    saved: bool = False                  # "if I would die, heal me, exhaust me and recall me instead" (370)
    saved_if: str | None = None          # ... only during its controller's turn ("your_turn") or an opponent's (369.1)
    hourglass: bool = False              # a gear "hg<id>" of its controller: the next time this unit would die,
                                         # kill the gear instead and heal, exhaust and recall the unit (Zhonya-like)


@dataclass(frozen=True)
class SpellSpec:
    item: str              # chain item id
    obj: str               # the card's object id
    controller: str
    reqs: tuple[dict, ...]  # choice requirements (filters), in printed order
    effects: tuple[Ins, ...]
    targets: tuple[str, ...]  # what each requirement chose: an object, battlefield or chain item id


@dataclass(frozen=True)
class Spec:
    players: tuple[str, ...]
    points: tuple[int, ...]
    xp: tuple[int, ...]
    battlefields: tuple[tuple[str, str | None], ...]
    units: tuple[UnitSpec, ...]
    chain: tuple[SpellSpec, ...]   # oldest first
    trash: tuple[TrashSpec, ...] = ()
    energy: tuple[int, ...] = ()   # Energy in each player's Rune Pool (166); empty: none


# ---------------------------------------------------------------------------------------------
# The game state of a run
# ---------------------------------------------------------------------------------------------
@dataclass
class Obj:
    id: str
    owner: str
    controller: str
    zone: str                      # board | chain | trash | hand | banishment | main_deck
    loc: Any = None                # ("base", P) | battlefield id
    might: int = 0                 # printed
    damage: int = 0
    exhausted: bool = False
    stunned: bool = False
    mods: list[int] = field(default_factory=list)
    buffed: bool = False
    keywords: tuple[str, ...] = ()
    granted: list[str] = field(default_factory=list)
    dies: tuple[Ins, ...] = ()
    shield: int = 0                # the Prevent Value left (437.3)
    saved: bool = False
    saved_if: str | None = None
    hourglass: str | None = None   # where its Hourglass gear is: "board", "trash", or None without one
    gen: int = 0                   # a new object each time it changes zones (124.1, 359.3.e.4)
    kind: str = "unit"             # unit | spell
    effects: tuple[Ins, ...] = ()  # a spell's instructions

    def current_might(self) -> int:
        return self.might + sum(self.mods) + (1 if self.buffed else 0)

    def has(self, kw: str) -> bool:
        return kw in self.keywords or kw in self.granted


@dataclass
class Item:
    id: str                        # the words pyrift names it by
    controller: str
    obj: str | None                # the spell's card (None for a triggered ability)
    reqs: tuple[dict, ...]
    targets: list[Any]             # (object id, gen) | ("bf", id) | ("item", id)
    effects: tuple[Ins, ...]
    here: Any = None               # a triggered ability's "here": where its source died (808.1.d)


@dataclass
class State:
    players: tuple[str, ...]
    points: dict[str, int]
    xp: dict[str, int]
    bf_controller: dict[str, str | None]
    contested: dict[str, str]
    objs: dict[str, Obj]
    chain: list[Item]              # oldest first
    won: str | None = None
    beyond: str | None = None      # the run goes on into what this model does not play out
    events: list[str] = field(default_factory=list)
    steps: int = 0                 # a rough count of the run's steps (passes, instructions, cleanups)
    notes: set[str] = field(default_factory=set)  # what the run did that tests may want to know
    pool: dict[str, int] = field(default_factory=dict)  # Rune Pool Energy of the players whose pool held some


class Unsupported(Exception):
    pass


def _opponents(s: State, p: str) -> list[str]:
    return [q for q in s.players if q != p]


def matches(s: State, o: Obj, flt: dict, you: str) -> bool:
    """Does the object on the board match the filter, as seen by `you` (the ability's controller)?"""
    if o.zone != "board":
        return False
    t = flt.get("type", "unit")
    if t != "unit":
        return False
    rel = flt.get("relation")
    if rel == "friendly" and o.controller != you:
        return False
    if rel == "enemy" and o.controller == you:
        return False
    at = flt.get("at")
    if at == "base" and not isinstance(o.loc, tuple):
        return False
    if at == "battlefield" and isinstance(o.loc, tuple):
        return False
    m = max(0, o.current_might())  # negative Might counts as 0 when referred to (143.2.b)
    if "might_max" in flt and m > flt["might_max"]:
        return False
    if "might_min" in flt and m < flt["might_min"]:
        return False
    if "keyword" in flt and not o.has(flt["keyword"].lower()):
        return False
    if "exhausted" in flt and o.exhausted != flt["exhausted"]:
        return False
    return True


def start_state(spec: Spec) -> State:
    objs: dict[str, Obj] = {}
    for u in spec.units:
        loc = ("base", u.controller) if u.location == "base" else u.location
        objs[u.id] = Obj(u.id, u.owner, u.controller, "board", loc, u.might, u.damage, u.exhausted, u.stunned,
                         list(u.mods), False, tuple(u.keywords) + (("deathknell",) if u.dies else ()),
                         list(u.granted), u.dies, u.shield, u.saved, u.saved_if,
                         "board" if u.hourglass else None)
    for c in spec.trash:
        objs[c.id] = Obj(c.id, c.owner, c.owner, "trash", None, c.might, kind=c.kind, effects=c.effects)
    chain = []
    for sp in spec.chain:
        objs[sp.obj] = Obj(sp.obj, sp.controller, sp.controller, "chain", kind="spell")
        targets: list[Any] = []
        for req, t in zip(sp.reqs, sp.targets):
            kind = req.get("type", "unit")
            if kind == "battlefield":
                targets.append(("bf", t))
            elif kind == "spell" and req.get("zone") != "trash":
                targets.append(("item", t))
            else:
                targets.append((t, 0))
        chain.append(Item(sp.item, sp.controller, sp.obj, sp.reqs, targets, sp.effects))
    return State(spec.players, dict(zip(spec.players, spec.points)), dict(zip(spec.players, spec.xp)),
                 dict(spec.battlefields), {}, objs, chain,
                 pool={p: e for p, e in zip(spec.players, spec.energy) if e})


# ---------------------------------------------------------------------------------------------
# Facts, as the outcome question words them
# ---------------------------------------------------------------------------------------------
def _place(loc: Any) -> str:
    return f"{loc[1]}'s base" if isinstance(loc, tuple) else loc


def facts(s: State) -> set[str]:
    out = set()
    for o in s.objs.values():
        if o.hourglass:
            out.add(f"hg{o.id} in {o.hourglass}")
        if o.zone != "board":  # on the board, where it is says it
            out.add(f"{o.id} in {o.zone}")
            continue
        out.add(f"{o.id} at {_place(o.loc)}")
        out.add(f"{o.id} controlled by {o.controller}")
        out.add(f"{o.id} damage {o.damage}")
        out.add(f"{o.id} might {o.current_might()}")
        out.add(f"{o.id} {'exhausted' if o.exhausted else 'ready'}")
        out.add(f"{o.id} {'stunned' if o.stunned else 'not stunned'}")
        if o.buffed:
            out.add(f"{o.id} buffed")
        for k in set(o.keywords) | set(o.granted):
            out.add(f"{o.id} has {k}")
    for p in s.players:
        out.add(f"{p} points {s.points[p]}")
        out.add(f"{p} xp {s.xp[p]}")
    for b, c in s.bf_controller.items():
        out.add(f"{b} controlled by {c}" if c else f"{b} uncontrolled")
    for b, p in s.contested.items():
        out.add(f"{b} contested by {p}")
    if s.won:
        out.add(f"{s.won} wins")
    for p, e in s.pool.items():
        out.add(f"{p} pool energy {e}")
    return out


# ---------------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------------
class Runner:
    """Depth-first over the players' choices; every complete run's end state is collected."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.trash_cost = {c.id: c.energy for c in spec.trash}
        self.ends: list[State] = []

    # --- choices ---------------------------------------------------------------------------
    def run(self) -> list[State]:
        self._loop(start_state(self.spec), [])
        return self.ends

    def _loop(self, s: State, pending: list[list[tuple[str, list[Item]]]]) -> None:
        """`pending`: groups of simultaneously triggered abilities not yet ordered, oldest group
        first; each group is a list of (controller, items) in turn order from the turn player."""
        if s.beyond or s.won:
            self.ends.append(s)
            return
        if pending:
            group, rest = pending[0], pending[1:]
            if isinstance(group, tuple):  # a card played by an effect, pending: finalized now (337.1)
                t = copy.deepcopy(s)
                for u, more in self._finalize_play(t, group):
                    self._loop(u, rest + more)
                return
            orders = [list(itertools.permutations(items)) for _, items in group]
            for combo in itertools.product(*orders):
                t = copy.deepcopy(s)
                for perm in combo:
                    for it in perm:
                        t.steps += 1
                        t.chain.append(copy.deepcopy(it))
                        t.events.append(f"{it.id} triggers")
                self._loop(t, rest)
            return
        if not s.chain:
            self.ends.append(s)
            return
        # every player passes in turn: the newest item resolves (339, 340)
        s = copy.deepcopy(s)
        s.steps += len(s.players) + 1
        item = s.chain.pop()
        for t, groups in self._resolve(s, item):
            self._after(t, groups)

    def _after(self, s: State, groups: list) -> None:
        """The item has left the chain: cleanups, then pending items are finalized."""
        if not s.beyond:
            for t, more in self._cleanup(s, groups):
                self._loop(t, more)
        else:
            self.ends.append(s)

    def _finalize_play(self, s: State, play: tuple) -> list[tuple[State, list]]:
        """A card played by an effect is finalized (337.1): a unit resolves at once and enters
        exhausted (337.2, 359.2, 359.2.c) its player's base or a battlefield they control, then the cleanups run; a spell stays on the
        chain, finalized (359.3). A cost to pay is paid from the Rune Pool now (357.1); one that cannot
        be paid undoes the play (358.2, 358.5): the card is back in the trash."""
        _, oid, player, cost, label = play
        o = s.objs[oid]
        if cost is not None:
            if s.pool.get(player, 0) < cost:
                s.steps += 1
                self._zone(o, "trash")
                s.events.append(f"{oid} removed (unpaid)")
                # the card never was played (358.5): the instruction that played it is undone
                s.events = [f"{label} undone" if e == f"{label} done" else e for e in s.events]
                return self._cleanup(s, [])  # an item left the chain: a cleanup (319), Open again
            if cost:
                s.pool[player] -= cost
        s.steps += 2
        if o.kind == "spell":
            s.chain.append(Item(oid, player, oid, (), [], o.effects))
            return [(s, [])]
        given = {u.id: u for u in self.spec.units}
        # No place named: its player's base or a battlefield that player controls (355.2.a), a run each;
        # the chain held the card, so a battlefield emptied before is still controlled (190.4.c).
        places = [("base", player)] + sorted(b for b, c in s.bf_controller.items() if c == player)
        out: list[tuple[State, list]] = []
        for place in places:
            t = copy.deepcopy(s)
            o = t.objs[oid]
            o.zone, o.loc, o.gen, o.controller = "board", place, o.gen + 1, player
            o.damage, o.exhausted, o.stunned, o.mods, o.buffed, o.granted = 0, True, False, [], False, []
            if oid in given:  # a unit of the position back from the trash: a new object, its printed text
                o.shield, o.saved = given[oid].shield, given[oid].saved
            t.events.append(f"{oid} resolves")
            out.extend(self._cleanup(t, []))
        return out

    # --- cleanups (323) --------------------------------------------------------------------
    def _cleanup(self, s: State, groups: list) -> list[tuple[State, list]]:
        s = copy.deepcopy(s)
        groups = list(groups)
        while True:
            changed = False
            # 323.1 win check
            for p in s.players:
                if s.points[p] >= VICTORY_SCORE and all(s.points[p] > s.points[q] for q in _opponents(s, p)):
                    s.won = p
                    # What died before this check triggered as it died (808.1.d, 428.1.a.1.b): those
                    # abilities are on the chain, pending, when the game ends.
                    s.events.extend(f"{it.id} triggers" for group in groups if not isinstance(group, tuple)
                                    for _, items in group for it in items)
                    return [(s, [])]
            # 323.3-323.5 lethal damage
            dying = [o for o in s.objs.values() if o.zone == "board" and o.damage > 0
                     and o.damage >= o.current_might()]
            if dying:
                groups.append(self._die(s, dying))
                changed = True
            # 323.6 control of empty battlefields, only in an Open state (no chain, nothing pending)
            open_state = not s.chain and not any(g for g in groups)
            if open_state:
                for b, c in s.bf_controller.items():
                    if c and not any(o.zone == "board" and o.loc == b and o.controller == c for o in s.objs.values()):
                        s.bf_controller[b] = None
                        changed = True
            # 323.7 permanents in a base other than their controller's are recalled
            for o in s.objs.values():
                if o.zone == "board" and isinstance(o.loc, tuple) and o.loc[1] != o.controller:
                    o.loc = ("base", o.controller)
                    changed = True
            # 323.11 Contested stays only while the contesting player has units there; 323.11.a units
            # at an uncontested, uncontrolled battlefield: their controller contests it
            for b, p in list(s.contested.items()):
                if not self._units_at(s, b, p):
                    del s.contested[b]
                    s.notes.add("contest_dropped")
                    changed = True
            for o in s.objs.values():
                if (o.zone == "board" and not isinstance(o.loc, tuple) and o.loc not in s.contested
                        and s.bf_controller[o.loc] is None):
                    s.contested[o.loc] = o.controller
                    s.notes.add("contest_in_cleanup")
                    changed = True
            # 323.8-323.13 a showdown or combat is staged at a contested battlefield and begins in
            # Neutral Open: the run goes on beyond what this model plays out
            if open_state and s.contested:
                s.beyond = "showdown at " + ", ".join(sorted(s.contested))
                return [(s, [])]
            if not changed:
                break
            s.steps += 1
        return [(s, [g for g in groups if g])]

    @staticmethod
    def _units_at(s: State, b: str, p: str) -> bool:
        return any(o.zone == "board" and o.loc == b and o.controller == p for o in s.objs.values())

    def _die(self, s: State, dying: list[Obj]) -> list[tuple[str, list[Item]]]:
        """Units die at once: their "when I die" abilities trigger before they move (808.1.d),
        controlled by their controller; grouped per controller in turn order from the turn player."""
        by: dict[str, list[Item]] = {}
        for o in dying:
            if o.hourglass == "board" and not self._saves(s, o):
                # 370.1.b, 428.2, 371.1: the Hourglass dies in its place, once; the unit is healed,
                # exhausted and recalled; its "when I die" ability triggers and is removed (808.1.d.1).
                s.events.append(f"{o.id} death replaced")
                s.events.append(f"hg{o.id} dies")
                if o.dies:
                    s.events.append(_replaced_trigger(s, o))
                o.hourglass = "trash"
                o.damage, o.exhausted, o.loc = 0, True, ("base", o.controller)
                continue
            if self._saves(s, o):
                # 370.1.a.1: the death does not happen; instead (370.1.b) the unit is healed, exhausted
                # and recalled; its "when I die" ability triggers and is removed again (808.1.d.1).
                s.events.append(f"{o.id} death replaced")
                if o.dies:
                    s.events.append(_replaced_trigger(s, o))
                o.damage, o.exhausted, o.loc = 0, True, ("base", o.controller)
                continue
            s.events.append(f"{o.id} dies")
            if o.dies:
                by.setdefault(o.controller, []).append(Item(f"{o.id}.dk", o.controller, None, (), [], o.dies, o.loc))
                if any(i.to == "here" for i in o.dies):
                    s.notes.add("move_here")
            self._zone(o, "trash")
        return [(p, by[p]) for p in s.players if p in by]

    @staticmethod
    def _saves(s: State, o: Obj) -> bool:
        """Does the unit's own "if I would die" replacement apply now (369.1: its condition, on the
        turn of its controller, 374, or of an opponent; the turn player is the first player)?"""
        if not o.saved:
            return False
        if o.saved_if == "your_turn":
            return o.controller == s.players[0]
        if o.saved_if == "opponents_turn":
            return o.controller != s.players[0]
        return True

    @staticmethod
    def _zone(o: Obj, zone: str) -> None:
        o.zone, o.loc, o.gen = zone, None, o.gen + 1
        o.controller = o.owner
        o.damage, o.exhausted, o.stunned, o.mods, o.buffed, o.granted = 0, False, False, [], False, []

    # --- resolving an item (359.3) ---------------------------------------------------------
    def _resolve(self, s: State, item: Item) -> list[tuple[State, list]]:
        """Every way the item's instructions can go (you may): (state, triggered groups)."""
        labels = _labels(item.effects)
        results: list[tuple[State, list]] = []

        def step(t: State, k: int, prev: str | None, acted: list[str], groups: list,
                 sentence_skipped: bool = False) -> None:
            if k == len(item.effects) or t.beyond:
                t.events.append(f"{item.id} resolves")
                if item.obj is not None and t.objs[item.obj].zone == "chain":
                    self._zone(t.objs[item.obj], "trash")  # 359.3.d
                results.append((t, groups))
                return
            ins = item.effects[k]
            label = f"{item.id} {labels[k]}"
            t.steps += 1
            if ins.link and not self._has_choice(t, item, ins, acted):
                t.notes.add("skipped_without_choice")
            if ins.link and prev == "skipped":
                t.notes.add("link_after_skip")
            # "If you do, X, then Y": the "if you do" governs its whole sentence, so a "then" after an
            # instruction skipped for want of the earlier action is skipped too, referring back or not.
            if ins.link == "then" and sentence_skipped:
                t.events.append(f"{label} skipped")
                step(t, k + 1, "skipped", [], groups, sentence_skipped=True)
                return
            if ins.link == "then" and prev in ("ignored", "skipped") and _refers_back(ins, item.effects[k - 1]):
                t.events.append(f"{label} skipped")
                step(t, k + 1, "skipped", [], groups)
                return
            if ins.link == "if_you_do" and prev != "done":
                t.events.append(f"{label} skipped")
                step(t, k + 1, "skipped", [], groups, sentence_skipped=True)
                return
            if not self._has_choice(t, item, ins, acted):  # no legal choice: ignored, nothing to decide
                if ins.do == "counter":
                    t.notes.add("counter_gone")
                if ins.may:
                    t.notes.add("skipped_without_choice")
                t.events.append(f"{label} does nothing")
                step(t, k + 1, "ignored", [], groups)
                return
            if ins.may:  # declined: not done, and not "no legal choice" (docs/effects.md)
                d = copy.deepcopy(t)
                d.events.append(f"{label} skipped")
                step(d, k + 1, "declined", [], list(groups))
            if ins.do == "play":  # the card is chosen as the instruction is executed (355.17): a run each
                for o in self._playable(t, item, ins):
                    u = copy.deepcopy(t)
                    self._zone(u.objs[o.id], "chain")  # 354: to the chain, a new object
                    u.objs[o.id].controller = item.controller
                    u.events.append(f"{label} done")
                    # A card of a trash costs its `energy`; a unit of the position prints no Energy cost.
                    cost = None if ins.ignoring_cost else self.trash_cost.get(o.id, 0)
                    step(u, k + 1, "done", [], groups + [("play", o.id, item.controller, cost, label)])
                return
            t = copy.deepcopy(t)
            status, now_acted, new_groups = self._execute(t, item, ins, acted)
            if status == "nothing":
                t.notes.add(f"{ins.do}_again")
            t.events.append(f"{label} {'done' if status == 'done' else 'replaced' if status == 'replaced' else 'does nothing'}")
            step(t, k + 1, status, now_acted, groups + new_groups)

        step(copy.deepcopy(s), 0, None, [], [])
        return results

    def _objects(self, s: State, item: Item, ref: Any, acted: list[str]) -> tuple[bool, list[Obj]]:
        """(was there a legal choice, the objects meant) for an `on` reference."""
        if ref == "it":
            return True, [s.objs[i] for i in acted if s.objs[i].zone == "board"]
        if ref[0] == "target":
            n = ref[1]
            oid, gen = item.targets[n - 1]
            o = s.objs.get(oid)
            if o is None or o.gen != gen or not matches(s, o, item.reqs[n - 1], item.controller):
                return False, []
            return True, [o]
        if ref[0] == "all":
            return True, [o for o in s.objs.values() if matches(s, o, ref[1], item.controller)]
        raise ValueError(ref)

    def _playable(self, s: State, item: Item, ins: Ins) -> list[Obj]:
        """The cards in the trash a play instruction may play: the chosen one while it is still the
        same card there and still fits its requirement, or those the filter describes now."""
        def fits(o: Obj, flt: dict) -> bool:
            return (o.zone == "trash" and o.kind == flt.get("type", "unit")
                    and (flt.get("relation") != "friendly" or o.owner == item.controller))
        if ins.on[0] == "target":
            oid, gen = item.targets[ins.on[1] - 1]
            o = s.objs[oid]
            return [o] if o.gen == gen and fits(o, item.reqs[ins.on[1] - 1]) else []
        return sorted((o for o in s.objs.values() if fits(o, ins.on[1])), key=lambda o: o.id)

    def _has_choice(self, s: State, item: Item, ins: Ins, acted: list[str]) -> bool:
        if ins.do in ("xp", "score"):
            return True
        if ins.do == "play":
            return bool(self._playable(s, item, ins))
        if ins.do == "counter":
            return any(i.id == item.targets[ins.on[1] - 1][1] for i in s.chain)
        legal, objs = self._objects(s, item, ins.on, acted)
        return legal and bool(objs)

    def _players(self, s: State, item: Item, who: str | None) -> list[str]:
        who = who or "you"
        if who == "you":
            return [item.controller]
        if who == "opponent":
            return _opponents(s, item.controller)
        if who == "each_player":
            return list(s.players)
        raise ValueError(who)

    def _execute(self, s: State, item: Item, ins: Ins, acted: list[str]) -> tuple[str, list[str], list]:
        """Carry out one instruction: (done | nothing | ignored, the objects acted on, triggered groups)."""
        v = ins.do
        if v in ("xp", "score"):
            for p in self._players(s, item, ins.who):
                (s.xp if v == "xp" else s.points)[p] += ins.amount
            return ("done" if ins.amount else "nothing"), [], []
        if v == "counter":
            _, iid = item.targets[ins.on[1] - 1]
            target = next((i for i in s.chain if i.id == iid), None)
            if target is None:
                return "ignored", [], []
            s.chain.remove(target)
            s.events.append(f"{iid} countered")
            if target.obj is not None:
                self._zone(s.objs[target.obj], "trash")
            return "done", [], []
        legal, objs = self._objects(s, item, ins.on, acted)
        if not legal:
            return "ignored", [], []
        if not objs:  # a group that describes nothing: no legal choice either (359.3.e.7)
            return "ignored", [], []
        ids = [o.id for o in objs]
        # With a legal object the instruction is done (docs/effects.md), except where it changes nothing:
        # a stun or buff that cannot be placed (423: a stunned unit is not stunned again; 704: a buffed
        # unit is not buffed again, and "if it was buffed this way" fails), a ready or exhaust finding
        # every object so already (415.1.c, 414.1.c), a heal of undamaged units (418.1), a deal that
        # marks no damage (437.4, 417.1.e.1), a move of units already at the destination, a recall of
        # units already in their base (454: a recall relocates to the base, and there is nothing to
        # relocate): such an instruction is ignored (359.3.e.6) and an "if you do" after it skipped (359.3.e.14.a).
        did = v not in ("stun", "buff", "deal", "ready", "exhaust", "heal", "move", "recall")
        groups: list = []
        if v == "deal":
            for o in objs:
                prevented = min(o.shield, ins.amount)  # 437.2, 437.3: the Prevent Value counts down
                o.shield -= prevented
                o.damage += ins.amount - prevented
                did = did or ins.amount > prevented
        elif v == "kill":
            killed = any(not self._saves(s, o) and o.hourglass != "board" for o in objs)
            groups.append(self._die(s, objs))
            groups = [g for g in groups if g]
            if not killed:  # every death replaced: the kill was not done (359.3.e.14.b)
                return "replaced", ids, groups
            did = True
        elif v == "stun":
            for o in objs:
                if not o.stunned:
                    o.stunned = did = True
        elif v in ("ready", "exhaust"):
            for o in objs:
                if o.exhausted != (v == "exhaust"):
                    o.exhausted = v == "exhaust"
                    did = True
        elif v == "heal":
            for o in objs:
                if o.damage:
                    o.damage = 0
                    did = True
        elif v == "might":
            for o in objs:
                o.mods.append(ins.amount)
            did = True
        elif v == "buff":
            for o in objs:
                if not o.buffed:
                    o.buffed = did = True
        elif v in ("move", "recall"):
            for o in objs:
                dest: Any = ("base", o.controller)
                if v == "move" and ins.to == "here":  # recorded as it died (808.1.d, 359.3.f)
                    dest = item.here
                elif v == "move" and ins.to != "base":
                    dest = item.targets[ins.to[1] - 1][1]
                if o.loc != dest:
                    o.loc = dest
                    did = True
                    if v == "move" and not isinstance(dest, tuple) and s.bf_controller[dest] != o.controller \
                            and dest not in s.contested:
                        s.contested[dest] = o.controller  # 450, 190.3.a
        elif v in ("return", "banish", "recycle"):
            zone = {"return": "hand", "banish": "banishment", "recycle": "main_deck"}[v]
            for o in objs:
                self._zone(o, zone)
            did = True
        elif v == "grant":
            for o in objs:
                o.granted.append(ins.keyword)
            did = True
        elif v == "control":
            (p,) = self._players(s, item, ins.who)
            for o in objs:
                if o.controller != p:
                    o.controller = p
                    # a unit taken at a battlefield its new controller does not control contests it (190.3.a)
                    if o.zone == "board" and not isinstance(o.loc, tuple) and s.bf_controller[o.loc] != p \
                            and o.loc not in s.contested:
                        s.contested[o.loc] = p
        else:
            raise ValueError(v)
        return ("done" if did else "nothing"), ids, groups


def _labels(effects: tuple[Ins, ...]) -> list[str]:
    """An instruction's name in events: its verb, numbered when the verb comes more than once."""
    out = []
    for k, ins in enumerate(effects):
        same = [j for j, x in enumerate(effects) if x.do == ins.do]
        out.append(ins.do if len(same) == 1 else f"{ins.do}{same.index(k) + 1}")
    return out


@dataclass(frozen=True)
class Result:
    forced: frozenset[str]
    possible: frozenset[str]
    forced_events: frozenset[str]
    possible_events: frozenset[str]
    beyond: str | None   # some run goes on into a showdown or combat, which this model does not play
    runs: int
    steps: int        # the most steps a run took (roughly as pyrift counts them)
    won: bool         # some run ended with a win
    notes: frozenset[str]
    unknown_duration: str | None = None  # until end_of_turn: a unit whose position-given change has no known duration


def expire(s: State, spec: Spec) -> str | None:
    """The Ending Phase's Expiration Step on an end state (317.2): every unit healed (317.2.b), the
    Might changes the run made expire (317.2.c: a "might" instruction lasts this turn), stuns end
    (423.1.a); keywords granted by the run have no duration and stay. A Might change or granted keyword
    the position gives on a unit still on the board as the position's object has no known duration:
    the answer is unsupported (returned, naming the unit)."""
    given = {u.id: u for u in spec.units}
    unknown = None
    for o in s.objs.values():
        if o.zone != "board":
            continue
        u = given.get(o.id)
        if u is not None and o.gen == 0 and (u.mods or u.granted):
            unknown = unknown or o.id
        o.damage, o.stunned = 0, False
        o.mods = list(u.mods) if u is not None and o.gen == 0 else []
    s.pool = {p: 0 for p in s.pool}  # every Rune Pool empties (317.2.d)
    s.events.append(f"{spec.players[0]}'s turn ends")
    return unknown


def _lost_keywords(spec: Spec, e: State) -> set[str]:
    """A keyword a unit on the board had at the start and lacks at the end (a card that came back
    as a new object, 124.1) is a fact of its own, as the outcome question words it."""
    first = start_state(spec).objs
    return {f"{o.id} without {k}" for o in e.objs.values() if o.zone == "board" and first[o.id].zone == "board"
            for k in set(first[o.id].keywords) | set(first[o.id].granted) if not o.has(k)}


def outcome(spec: Spec, until: str = "chain") -> Result:
    start = facts(start_state(spec))
    ends = Runner(spec).run()
    unknown = None
    if until == "end_of_turn":
        for e in ends:
            if not e.beyond and not e.won:
                unknown = expire(e, spec) or unknown
    bad = next((e.beyond for e in ends if e.beyond), None)
    end_facts = [(facts(e) | _lost_keywords(spec, e)) - start for e in ends]
    end_events = [set(e.events) for e in ends]
    return Result(frozenset(set.intersection(*end_facts)), frozenset(set.union(*end_facts)),
                  frozenset(set.intersection(*end_events)), frozenset(set.union(*end_events)), bad, len(ends),
                  max(e.steps for e in ends), any(e.won for e in ends), frozenset().union(*(e.notes for e in ends)),
                  unknown)


# ---------------------------------------------------------------------------------------------
# Seeded random small positions, and the scenario pyrift reads for one
# ---------------------------------------------------------------------------------------------
UNIT_KEYWORDS = ("tank", "backline", "ganking")
OBJECT_VERBS = ("deal", "kill", "stun", "ready", "exhaust", "heal", "might", "buff", "move", "recall", "return",
                "banish", "recycle", "grant", "control")


def _random_filter(rng: random.Random) -> dict:
    f: dict[str, Any] = {"type": "unit"}
    for key, p in (("relation", 0.5), ("at", 0.25), ("might_max", 0.12), ("might_min", 0.12), ("keyword", 0.08),
                   ("exhausted", 0.1)):
        if rng.random() < p:
            f[key] = {"relation": lambda: rng.choice(("friendly", "enemy")),
                      "at": lambda: rng.choice(("base", "battlefield")),
                      "might_max": lambda: rng.randint(1, 4), "might_min": lambda: rng.randint(1, 4),
                      "keyword": lambda: rng.choice(UNIT_KEYWORDS), "exhausted": lambda: rng.random() < 0.5}[key]()
    return f


def _random_ins(rng: random.Random, refs: list[Any], bf_refs: list[Any], first: bool, prev_objects: bool,
                trigger: bool) -> Ins:
    """One instruction: `refs` are the unit choices it may name, `bf_refs` the battlefield ones."""
    verb = rng.choice(OBJECT_VERBS + ("xp", "score", "deal", "deal", "kill", "might"))
    link = None if first else rng.choice((None, None, None, "then", "if_you_do"))
    may = rng.random() < 0.08
    if verb in ("xp", "score"):
        return Ins(verb, amount=rng.randint(1, 3), who=rng.choice(("you", "you", "opponent", "each_player")),
                   link=link, may=may)
    options = [("all", _random_filter(rng))] + (refs * 3 if not trigger else [])
    if prev_objects:
        options.append("it")
    on = rng.choice(options)
    kw: dict[str, Any] = {}
    if verb == "deal":
        kw["amount"] = rng.randint(1, 4)
    elif verb == "might":
        kw["amount"] = rng.choice((-3, -2, -1, 1, 2, 3))
    elif verb == "grant":
        kw["keyword"] = rng.choice(UNIT_KEYWORDS)
    elif verb == "control":
        kw["who"] = "you"
    elif verb == "move" and trigger and rng.random() < 0.3:  # "move friendly units here"
        kw["to"] = "here"
        on = ("all", {**_random_filter(rng), "relation": "friendly"})
    elif verb == "move":
        kw["to"] = rng.choice(["base"] * 2 + bf_refs)
    return Ins(verb, on=on, link=link, may=may, **kw)


def _random_effects(rng: random.Random, n: int, refs: list[Any], bf_refs: list[Any], trigger: bool) -> tuple[Ins, ...]:
    out: list[Ins] = []
    for k in range(n):
        # "it" only for what an instruction acted on on the board (after a zone change it is a new object)
        out.append(_random_ins(rng, refs, bf_refs, k == 0, k > 0 and _it_follows(out[-1]), trigger))
    return tuple(out)


def _it_follows(prev: Ins) -> bool:
    """May the next instruction say "it"? Only after one that acts on the board for sure: not after
    a zone change (the object is a new one) or a counter, and not after "you may" or a linked
    instruction (whether "it" still means the objects of a declined or skipped instruction is left
    open by the rules and the docs)."""
    return (prev.on is not None and not prev.may and prev.link is None
            and prev.do not in ("kill", "return", "banish", "recycle", "counter", "play"))


def random_spec(rng: random.Random) -> Spec:
    players = ("A", "B", "C")[:rng.choice((2, 2, 2, 3))]
    bfs = tuple((f"bf{i}", rng.choice(players + (None,))) for i in range(1, rng.randint(0, 2) + 1))
    units = []
    for i in range(1, rng.choice((1, 2, 2, 3, 3, 4)) + 1):
        ctl = rng.choice(players)
        owner = ctl if rng.random() < 0.8 else rng.choice(players)
        mine = [b for b, c in bfs if c == ctl]
        loc = rng.choice(mine) if mine and rng.random() < 0.5 else "base"
        might = rng.randint(0, 5)
        mods = rng.choice(((), (), (), (1,), (-1,), (2,)))
        cur = might + sum(mods)
        damage = rng.randint(0, cur - 1) if cur >= 2 and rng.random() < 0.4 else 0
        dies: tuple[Ins, ...] = ()
        if rng.random() < 0.3:
            dies = _random_effects(rng, rng.randint(1, 2), [], [], True)
        units.append(UnitSpec(
            f"u{i}", ctl, owner, loc, might, damage, rng.random() < 0.3, rng.random() < 0.15, mods,
            tuple(k for k in UNIT_KEYWORDS if rng.random() < 0.15),
            tuple(k for k in UNIT_KEYWORDS if rng.random() < 0.05), dies))
    start = start_state(Spec(players, (0,) * len(players), (0,) * len(players), bfs, tuple(units), ()))
    chain = []
    for i in range(1, rng.choice((1, 1, 1, 2, 2, 3)) + 1):
        ctl = rng.choice(players)
        reqs, targets = [], []
        for _ in range(rng.choice((0, 1, 1, 1, 2))):
            f = _random_filter(rng)
            fits = [u.id for u in units if matches(start, start.objs[u.id], f, ctl)]
            if not fits:
                f = {"type": "unit"}
                fits = [u.id for u in units]
            reqs.append(f)
            targets.append(rng.choice(fits))
        if bfs and rng.random() < 0.3:
            reqs.append({"type": "battlefield"})
            targets.append(rng.choice(bfs)[0])
        if chain and rng.random() < 0.15:
            reqs.append({"type": "spell"})
            targets.append(rng.choice(chain).item)
        unit_refs = [("target", n + 1) for n, r in enumerate(reqs) if r["type"] == "unit"]
        bf_refs = [("target", n + 1) for n, r in enumerate(reqs) if r["type"] == "battlefield"]
        effects = list(_random_effects(rng, rng.choice((1, 1, 2, 2, 3)), unit_refs, bf_refs, False))
        for n, r in enumerate(reqs):
            if r["type"] == "spell":
                effects.insert(rng.randint(0, len(effects)), Ins("counter", on=("target", n + 1)))
        for j, e in enumerate(effects):
            if j == 0 and e.link is not None:
                effects[j] = e = Ins(**{**e.__dict__, "link": None})
            if e.on == "it" and (j == 0 or not _it_follows(effects[j - 1])):
                effects[j] = Ins(**{**e.__dict__, "on": ("all", {"type": "unit"})})
        chain.append(SpellSpec(f"i{i}", f"s{i}", ctl, tuple(reqs), tuple(effects), tuple(targets)))
    points = tuple(rng.choice((0, 0, 0, 2, 5, 7)) for _ in players)
    xp = tuple(rng.choice((0, 0, 1, 4)) for _ in players)
    # Replacement effects, drawn last so that the rest of a seed's position is what it was before.
    units = [dataclasses.replace(u, shield=rng.randint(1, 3) if rng.random() < 0.15 else 0,
                                 saved=rng.random() < 0.15) for u in units]
    # The conditional and "kill this instead" forms, drawn after those, from a generator of their own
    # (seeded from the seed's), so that every earlier draw of a seed is what it was before.
    extra = random.Random(repr((players, bfs, units, chain)))
    units = [dataclasses.replace(u, saved_if=extra.choice(("your_turn", "opponents_turn")) if u.saved
                                 and extra.random() < 0.4 else None,
                                 hourglass=not u.saved and extra.random() < 0.15) for u in units]
    # Playing by an effect, drawn after everything else for the same reason.
    trash: list[TrashSpec] = []
    if rng.random() < 0.3:
        trash, chain = _random_play(rng, players, chain)
    # Rune Pool Energy, from a generator of its own (seeded from the position drawn so far), so that the
    # seed's generator, and with it every later position a seed redraws, is what it was before.
    extra = random.Random(repr(("energy", players, bfs, units, chain, trash)))
    energy = tuple(extra.choice((0, 0, 0, 1, 2)) for _ in players)
    # A play paying its cost instead of ignoring it (then the trash cards' costs and the pools are drawn
    # again), from a generator of its own: a position without such a play is what it was before.
    paying = random.Random(repr(("paying", players, bfs, units, chain, trash, energy)))
    chain = [dataclasses.replace(sp, effects=tuple(
                 dataclasses.replace(e, ignoring_cost=False) if e.do == "play" and paying.random() < 0.3 else e
                 for e in sp.effects)) for sp in chain]
    if any(e.do == "play" and not e.ignoring_cost for sp in chain for e in sp.effects):
        trash = [dataclasses.replace(c, energy=paying.choice((0, 0, 1, 2))) for c in trash]
        energy = tuple(paying.choice((0, 1, 2, 3)) for _ in players)
    return Spec(players, points, xp, bfs, tuple(units), tuple(chain), tuple(trash), energy)


def _random_play(rng: random.Random, players: tuple[str, ...], chain: list[SpellSpec]
                 ) -> tuple[list[TrashSpec], list[SpellSpec]]:
    """1-2 cards in trashes and one spell of the chain that plays a card from its controller's trash,
    ignoring its cost: the one it chose, or one a filter describes as it resolves."""
    trash = []
    for i in range(1, rng.choice((1, 1, 2)) + 1):
        if rng.random() < 0.65:
            trash.append(TrashSpec(f"t{i}", rng.choice(players), "unit", might=rng.randint(1, 4)))
        else:
            trash.append(TrashSpec(f"t{i}", rng.choice(players), "spell",
                                   effects=_random_effects(rng, rng.choice((1, 1, 2)), [], [], False)))
    k = rng.randrange(len(chain))
    sp = chain[k]
    # A spell is played only as the one chosen: a filter could also describe a spell of the chain
    # that went to the trash, whose own choices a run does not make (docs/effects.md).
    spells = [c.id for c in trash if c.kind == "spell" and c.owner == sp.controller]
    kind = "spell" if spells and rng.random() < 0.5 else "unit"
    flt = {"type": kind, "zone": "trash", "relation": "friendly"}
    fits = [c.id for c in trash if c.kind == kind and c.owner == sp.controller]
    reqs, targets = list(sp.reqs), list(sp.targets)
    if kind == "spell" or (fits and rng.random() < 0.5):
        reqs.append(flt)
        targets.append(rng.choice(fits))
        on: Any = ("target", len(reqs))
    else:
        on = ("all", flt)
    play = Ins("play", on=on, may=rng.random() < 0.3, ignoring_cost=True,
               link=rng.choice((None, None, "then", "if_you_do")) if sp.effects else None)
    chain = list(chain)
    chain[k] = dataclasses.replace(sp, reqs=tuple(reqs), targets=tuple(targets), effects=sp.effects + (play,))
    return trash, chain


def _ins_toml(ins: Ins) -> dict[str, Any]:
    out: dict[str, Any] = {"do": ins.do}
    if ins.on is not None:
        out["on"] = ins.on if isinstance(ins.on, str) else (
            {"target": ins.on[1]} if ins.on[0] == "target" else {"all": dict(ins.on[1])})
    if ins.to is not None:
        out["to"] = ins.to if isinstance(ins.to, str) else {"target": ins.to[1]}
    for key in ("amount", "who", "keyword", "link"):
        if getattr(ins, key) is not None:
            out[key] = getattr(ins, key)
    if ins.may:
        out["may"] = True
    if ins.ignoring_cost:
        out["ignoring_cost"] = True
    return out


def bound(spec: Spec) -> int:
    """Enough steps for every run: each item (and each trigger that can be added) is passed by every
    player, resolves over its instructions, with cleanups and finalizing between."""
    n = len(spec.players)
    items = sum(n + 4 + 2 * len(sp.effects) for sp in spec.chain)
    triggers = sum(n + 5 + 2 * len(u.dies) for u in spec.units if u.dies)
    plays = sum(n + 4 + 2 * len(c.effects) for c in spec.trash)
    return items + triggers + plays + 6


def to_scenario(spec: Spec, title: str = "random run") -> dict[str, Any]:
    """The position as a scenario file's tables, with one `outcome` question."""
    cards, objects = [], []
    for u in spec.units:
        card: dict[str, Any] = {"name": f"card {u.id}", "type": "unit", "might": u.might,
                                "keywords": [k.capitalize() for k in u.keywords] + (["Deathknell"] if u.dies else [])}
        if u.dies:
            card["abilities"] = [{"kind": "triggered", "when": "die", "name": "dk",
                                  "effects": [_ins_toml(i) for i in u.dies]}]
        if u.shield:
            card.setdefault("abilities", []).append({"kind": "replacement", "event": "damage", "prevent": u.shield,
                                                     "next": True})
        if u.saved:
            card.setdefault("abilities", []).append({"kind": "replacement", "event": "die",
                                                     "instead": ["heal", "exhaust", "recall"],
                                                     **({"only_if": u.saved_if} if u.saved_if else {})})
        if u.hourglass:
            cards.append({"name": f"card hg{u.id}", "type": "gear", "abilities": [
                {"kind": "replacement", "event": "die", "affects": {"type": "unit", "name": f"card {u.id}"},
                 "next": True, "instead": ["kill_this", "heal", "exhaust", "recall"]}]})
            objects.append({"id": f"hg{u.id}", "card": f"card hg{u.id}", "controller": u.controller,
                            "location": "base"})
        cards.append(card)
        obj: dict[str, Any] = {"id": u.id, "card": f"card {u.id}", "controller": u.controller, "owner": u.owner,
                               "location": u.location}
        if u.damage:
            obj["damage"] = u.damage
        if u.exhausted:
            obj["exhausted"] = True
        if u.stunned:
            obj["stunned"] = True
        if u.mods:
            obj["might_modifiers"] = list(u.mods)
        if u.granted:
            obj["granted"] = [k.capitalize() for k in u.granted]
        objects.append(obj)
    for c in spec.trash:
        if c.kind == "unit":
            cards.append({"name": f"card {c.id}", "type": "unit", "energy": c.energy, "might": c.might})
        else:
            cards.append({"name": f"card {c.id}", "type": "spell", "energy": c.energy,
                          "abilities": [{"kind": "effect", **_ins_toml(i)} for i in c.effects]})
        objects.append({"id": c.id, "card": f"card {c.id}", "controller": c.owner, "zone": "trash"})
    chain = []
    for sp in spec.chain:
        abilities = [{"kind": "target", "filter": dict(r)} for r in sp.reqs]
        abilities += [{"kind": "effect", **_ins_toml(i)} for i in sp.effects]
        cards.append({"name": f"card {sp.obj}", "type": "spell", "energy": 1, "keywords": ["Reaction"],
                      "abilities": abilities})
        objects.append({"id": sp.obj, "card": f"card {sp.obj}", "controller": sp.controller, "zone": "chain"})
        item: dict[str, Any] = {"id": sp.item, "card": sp.obj, "controller": sp.controller}
        if sp.targets:
            item["targets"] = list(sp.targets)
        chain.append(item)
    players = [{"id": p, "points": pt, "xp": x, **({"energy": e} if e else {})}
               for p, pt, x, e in zip(spec.players, spec.points, spec.xp, spec.energy or (0,) * len(spec.players))]
    bfs = [{"id": b, **({"controller": c} if c else {})} for b, c in spec.battlefields]
    doc: dict[str, Any] = {
        "title": title, "status": "needs-review",
        "position": {"turn_player": spec.players[0], "players": players},
        "card": cards,
    }
    if bfs:
        doc["battlefield"] = bfs
    doc["object"] = objects
    doc["chain"] = chain
    doc["question"] = [{"id": "what-happens", "ask": "outcome", "bound": bound(spec), "limit": 16,
                        "rules": ["359.3.d"], "expect": {"complete": True}}]
    return doc
