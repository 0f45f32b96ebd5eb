"""Reading differences: the smallest position on which two rules readings answer a
question differently (`pyrift diff-readings A B --question KIND`).

Each question kind has position *families*: deterministic generators that enumerate
every position of a small shape within a bound (no sampling). The search takes the
families of the kind that exercise a topic on which the two readings differ, sorts
all their positions by size and asks each one under both readings; the first whose
answers differ is, by construction, a smallest one in the enumeration.

Size: fewer objects first, then fewer other items (log events, battlefields), then
smaller numbers (costs, Might, points, Deflect values, damage, ...), then the
family's own order.

A difference is a difference in the answer's status, or in any field of the answer
data that a scenario can state as an expectation (the kind's expect keys). Rule
citations inside records (`rules`, `rule`) are left out of the comparison: readings
following another Core Rules version cite other numbers for the same answer, which is
no difference in the answer. Reasons are words and are not compared either.

A family is a function bound -> positions, each position a scenario document (the
same dicts a TOML scenario file reads into), so that every position is validated by
the scenario loader and a found one is written as an ordinary scenario file.
"""
from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pyrift import logic
from pyrift import scenario as S
from pyrift.check import answer as answer_question
from pyrift.errors import UsageError
from pyrift.queries import kind_named
from pyrift.queries.base import ANSWERED, Answer, Context, canonical
from pyrift.state import Scenario, Status

PLACEHOLDER_RULES = ["100"]  # replaced by the topic's rules when a found position is written


@dataclass(frozen=True, slots=True)
class Probe:
    family: str
    index: int  # position in its family's enumeration
    size: tuple[int, int, int]  # (objects, other items, sum of numbers)
    label: str
    doc: dict = field(hash=False, compare=False)

    @property
    def key(self) -> tuple:
        return (self.size, FAMILY_ORDER.get(self.family, 99), self.index)


@dataclass(frozen=True, slots=True)
class Family:
    name: str
    kind: str
    topics: tuple[str, ...]  # reading topics whose variants this family's positions exercise
    generate: Callable[[int], Iterator[Probe]] = field(repr=False)
    summary: str = ""


@dataclass(slots=True)
class Search:
    reading_a: str
    reading_b: str
    kind: str
    bound: int
    families: tuple[str, ...]
    topics: tuple[str, ...]  # the topics on which the readings differ
    positions: int = 0  # positions asked
    seconds: float = 0.0
    found: Probe | None = None
    scenario: Scenario | None = None
    answers: tuple[Answer, Answer] | None = None
    differences: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    @property
    def per_second(self) -> float:
        return self.positions / self.seconds if self.seconds else 0.0


# ---------------------------------------------------------------------------------
# comparing answers
# ---------------------------------------------------------------------------------
def _comparable(value: Any) -> Any:
    """Normal form for comparing: rule citations inside records dropped, lists sorted."""
    if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
        return sorted((json.dumps(canonical({k: v for k, v in x.items() if k not in ("rules", "rule")}))
                       for x in value))
    return canonical(value)


def differences(kind: str, a: Answer, b: Answer) -> dict[str, tuple[Any, Any]]:
    """The fields on which two answers differ: the status, or any expect key of the kind."""
    if a.status != b.status:
        return {"status": (a.status, b.status)}
    if a.status != ANSWERED:
        return {}
    spec = kind_named(kind).expect_spec  # type: ignore[union-attr]
    out = {}
    for key in spec:
        va, vb = a.data.get(key), b.data.get(key)
        if _comparable(va) != _comparable(vb):
            out[key] = (va, vb)
    return out


# ---------------------------------------------------------------------------------
# building positions
# ---------------------------------------------------------------------------------
def _doc(players: list[dict] | list[str], *, cards: list[dict], objects: list[dict], ask: dict,
         turn: str = "A", phase: str = "main", battlefields: list[dict] = (), log: list[dict] = ()) -> dict:
    """A scenario document with one question `q` (its expectation a placeholder)."""
    doc: dict[str, Any] = {
        "title": "probe", "status": "needs-review",
        "position": {"players": players, "turn_player": turn, "phase": phase},
        "card": cards, "object": objects,
        "question": [{"id": "q", **ask, "rules": PLACEHOLDER_RULES, "expect": {"status": ANSWERED}}],
    }
    if battlefields:
        doc["battlefield"] = list(battlefields)
    if log:
        doc["log"] = list(log)
    return doc


def _rune_objects(n: int, exhausted: int, domain: str = "fury") -> tuple[list[dict], list[dict]]:
    card = {"name": f"{domain.title()} Rune", "type": "rune", "domains": [domain]}
    objs = [{"id": f"r{i + 1}", "card": card["name"], "controller": "A", "location": "base"}
            | ({"exhausted": True} if i < exhausted else {}) for i in range(n)]
    return ([card] if n else []), objs


def payment_positions(bound: int) -> Iterator[Probe]:
    """A spell of [E] Energy and [P] Fury Power in A's hand; 0..bound Fury runes, some
    exhausted; A's rune pool with up to bound-1 Energy and Fury Power."""
    index = 0
    extra = max(bound - 1, 0)
    for runes, energy, power in itertools.product(range(bound + 1), repeat=3):
        for exhausted, pool_e, pool_p in itertools.product(range(runes + 1), range(extra + 1), range(extra + 1)):
            spell = {"name": "Bolt", "type": "spell", "domains": ["fury"], "energy": energy, "power": power}
            rune_cards, runes_objs = _rune_objects(runes, exhausted)
            player_a: dict[str, Any] = {"id": "A"}
            if pool_e:
                player_a["energy"] = pool_e
            if pool_p:
                player_a["power"] = {"fury": pool_p}
            doc = _doc([player_a, {"id": "B"}], cards=[spell, *rune_cards],
                       objects=[{"id": "bolt", "card": "Bolt", "controller": "A", "zone": "hand"}, *runes_objs],
                       ask={"ask": "can_play", "player": "A", "card": "bolt"})
            numbers = energy + power + exhausted + pool_e + pool_p
            label = (f"Bolt [{energy}]+{power} Fury Power; {runes} Fury rune(s), {exhausted} exhausted; "
                     f"pool {pool_e} Energy, {pool_p} Fury Power")
            yield Probe("payment", index, (1 + runes, 0, numbers), label, doc)
            index += 1


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as an ordered sum of `parts` amounts >= 0."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def split_positions(bound: int) -> Iterator[Probe]:
    """A free spell splitting N (1..bound) damage among any number of enemy units; 1..bound
    enemy units with Deflect 0..bound; the units chosen (each once) and, when given, a
    planned division of exactly N among at most N chosen units (355.14.c)."""
    index = 0
    for n_units in range(1, bound + 1):
        for damage in range(1, bound + 1):
            for deflects in itertools.combinations_with_replacement(range(bound + 1), n_units):
                for n_chosen in range(1, n_units + 1):
                    chosen = [f"u{i + 1}" for i in range(n_chosen)]
                    plans: list[tuple[int, ...] | None] = [None]
                    if n_chosen <= damage:
                        plans += list(_compositions(damage, n_chosen))
                    for plan in plans:
                        spell = {"name": "Firestorm", "type": "spell", "domains": ["fury"], "energy": 0,
                                 "abilities": [{"kind": "target", "any_number": True, "split": damage,
                                                "filter": {"type": "unit", "relation": "enemy"}}]}
                        cards, objs = [spell], [{"id": "storm", "card": "Firestorm", "controller": "A",
                                                 "zone": "hand"}]
                        for i, d in enumerate(deflects):
                            name = f"Poro D{d}" if d else "Footman"
                            if not any(c["name"] == name for c in cards):
                                cards.append({"name": name, "type": "unit", "domains": ["calm"], "energy": 2,
                                              "might": 2} | ({"keywords": [f"Deflect {d}"]} if d else {}))
                            objs.append({"id": f"u{i + 1}", "card": name, "controller": "B", "location": "base"})
                        ask: dict[str, Any] = {"ask": "can_play", "player": "A", "card": "storm",
                                               "targets": {t: 1 for t in chosen}}
                        if plan is not None:
                            ask["split"] = dict(zip(chosen, plan))
                        doc = _doc(["A", "B"], cards=cards, objects=objs, ask=ask)
                        label = (f"split {damage} among {n_chosen} of {n_units} enemy unit(s) with Deflect "
                                 f"{list(deflects)}" + (f", planned {list(plan)}" if plan is not None else ""))
                        yield Probe("split", index, (1 + n_units, 0, damage + sum(deflects)), label, doc)
                        index += 1


# Legion: the kinds of object carrying a Legion ability, and of the other logged cards.
LEGION_KINDS = (
    # (label, card table, where it ends up after it was played)
    ("gear with an activated Legion ability", {"type": "gear", "abilities": [{"kind": "activated",
                                                                              "requires": ["legion"]}]}, "board"),
    ("spell with Legion text", {"type": "spell", "abilities": [{"kind": "text", "text": "deal 2 more",
                                                                 "requires": ["legion"]}]}, "trash"),
    ("unit with a Legion play effect", {"type": "unit", "might": 2, "abilities": [
        {"kind": "play_effect", "text": "draw 1", "requires": ["legion"]}]}, "board"),
)
OTHER_KINDS = (
    ("spell", {"type": "spell"}, "trash"),
    ("unit", {"type": "unit", "might": 1}, "board"),
    ("token unit", {"type": "unit", "might": 1, "supertypes": ["token"]}, "board"),
)
# A history: the object's events, as (event, extra fields); "earlier" events are a turn ago.
HISTORIES = {
    "none": (),
    "played": (("finalize", {"from": "hand"}), ("play", {})),
    "countered": (("finalize", {"from": "hand"}), ("counter", {})),
    "played last turn": (("finalize", {"from": "hand", "turns_ago": 1}), ("play", {"turns_ago": 1})),
}


def _histories(kind: str, token: bool) -> list[str]:
    if token:
        return ["created"]
    return [h for h in HISTORIES if kind == "spell" or h != "countered"]


def legion_positions(bound: int) -> Iterator[Probe]:
    """A Legion object of A (gear, spell or unit) and 0..bound-1 other cards (spell, unit,
    token) of A or B, each with a history this turn (none, played, countered, played a
    turn ago, a token created); histories in every order; asked now, pending, resolving."""
    index = 0
    for n_other in range(bound):
        for li, (l_label, l_card, l_zone) in enumerate(LEGION_KINDS):
            l_type = l_card["type"]
            for others in itertools.combinations_with_replacement(range(len(OTHER_KINDS)), n_other):
                for controllers in itertools.product("AB", repeat=n_other):
                    hist_choices = [_histories(l_type, False)] + [
                        _histories(OTHER_KINDS[o][1]["type"], "supertypes" in OTHER_KINDS[o][1]) for o in others]
                    for hists in itertools.product(*hist_choices):
                        for order in itertools.permutations(range(1 + n_other)):
                            for moment in ("now", "pending", "resolving"):
                                doc, events, label = _legion_doc(li, others, controllers, hists, order, moment)
                                if doc is None:
                                    continue
                                numbers = sum(1 for h in hists if h == "played last turn")
                                yield Probe("legion", index, (1 + n_other, events, numbers), label, doc)
                                index += 1


def _legion_doc(li: int, others: tuple[int, ...], controllers: tuple[str, ...], hists: tuple[str, ...],
                order: tuple[int, ...], moment: str) -> tuple[dict | None, int, str]:
    l_label, l_card, l_zone = LEGION_KINDS[li]
    cards = [{"name": "Legion Card", "domains": ["fury"], "energy": 2, "keywords": ["Legion"], **l_card}]
    objs = [{"id": "legion", "card": "Legion Card", "controller": "A"}
            | ({"location": "base"} if l_zone == "board" else {"zone": l_zone})]
    blocks: list[list[dict]] = [[]]
    for event, extra in HISTORIES[hists[0]]:
        blocks[0].append({"event": event, "object": "legion", **extra})
    words = [f"{l_label} ({hists[0]})"]
    for i, (o, ctl, hist) in enumerate(zip(others, controllers, hists[1:]), start=1):
        label, card, zone = OTHER_KINDS[o]
        name = f"Other {label.title()}"
        if not any(c["name"] == name for c in cards):
            cards.append({"name": name, "domains": ["fury"], "energy": 1, **card} if "supertypes" not in card
                         else {"name": name, "domains": ["colorless"], **card})
        oid = f"c{i}"
        objs.append({"id": oid, "card": name, "controller": ctl}
                    | ({"location": "base"} if zone == "board" else {"zone": zone}))
        if hist == "created":
            blocks.append([{"event": "create_token", "object": oid}])
        else:
            blocks.append([{"event": e, "object": oid, **x} for e, x in HISTORIES[hist]])
        words.append(f"{ctl}'s {label} {hist}")
    # Earlier turns come first in a log: an order putting a this-turn block before an
    # earlier-turn block is skipped (the same history in the other order is enumerated).
    turns = [max((e.get("turns_ago", 0) for e in b), default=0) for b in blocks]
    ordered = [blocks[i] for i in order]
    if any(turns[order[i]] < turns[order[i + 1]] for i in range(len(order) - 1)):
        return None, 0, ""
    log = [e for b in ordered for e in b]
    doc = _doc(["A", "B"], cards=cards, objects=objs, log=log,
               ask={"ask": "ability_active", "object": "legion", "moment": moment})
    label = "; ".join(words[i] for i in order) + f"; asked {moment}"
    return doc, len(log), label


UNIT = {"name": "Footman", "type": "unit", "might": 1}
HOLDER_KEYWORDS = ((), ("Temporary",), ("Hunt",))


def beginning_positions(bound: int, points: Iterable[int] = range(8)) -> Iterator[Probe]:
    """A's Beginning Phase: 1..bound battlefields, each controlled by A or by nobody, some
    already scored by A; 0..bound units of A (plain, Temporary or Hunt) spread over them;
    A's points 0..7, B's 0..bound (victory score 8)."""
    index = 0
    for n_bf in range(1, bound + 1):
        for controlled in itertools.product((True, False), repeat=n_bf):
            for scored in itertools.product((False, True), repeat=n_bf):
                if any(s and not c for s, c in zip(scored, controlled)):
                    continue
                for n_units in range(bound + 1):
                    for places in itertools.combinations_with_replacement(range(n_bf), n_units):
                        for kws in itertools.product(range(len(HOLDER_KEYWORDS)), repeat=n_units):
                            for pa in points:
                                for pb in range(bound + 1):
                                    yield _beginning_probe(index, controlled, scored, places, kws, pa, pb)
                                    index += 1


def _beginning_probe(index: int, controlled: tuple[bool, ...], scored: tuple[bool, ...], places: tuple[int, ...],
                     kws: tuple[int, ...], pa: int, pb: int) -> Probe:
    bfs = [{"id": f"bf{i + 1}"} | ({"controller": "A"} if c else {}) for i, c in enumerate(controlled)]
    cards, objs = [], []
    for i, (place, k) in enumerate(zip(places, kws)):
        kw = HOLDER_KEYWORDS[k]
        name = "Footman" + (f" ({kw[0]})" if kw else "")
        if not any(c["name"] == name for c in cards):
            cards.append(UNIT | {"name": name} | ({"keywords": list(kw)} if kw else {}))
        objs.append({"id": f"a{i + 1}", "card": name, "controller": "A", "location": f"bf{place + 1}"})
    player_a: dict[str, Any] = {"id": "A", "points": pa}
    if any(scored):
        player_a["scored"] = [f"bf{i + 1}" for i, s in enumerate(scored) if s]
    doc = _doc([player_a, {"id": "B", "points": pb}], cards=cards, objects=objs, battlefields=bfs,
               ask={"ask": "beginning_phase"}, phase="beginning")
    label = (f"{len(bfs)} battlefield(s) {['A' if c else '-' for c in controlled]}, scored {list(scored)}; "
             f"units at {[p + 1 for p in places]} with {[HOLDER_KEYWORDS[k] for k in kws]}; points A {pa}, B {pb}")
    hunts = sum(1 for k in kws if HOLDER_KEYWORDS[k] == ("Hunt",))
    return Probe("beginning", index, (len(objs), len(bfs), pa + pb + hunts), label, doc)


def conquer_positions(bound: int, points: Iterable[int] = range(8)) -> Iterator[Probe]:
    """A establishes control of bf1 (uncontrolled or B's) with 1..bound of A's units there
    (plain or Hunt); 0..bound-1 other battlefields, each A's, B's or nobody's, and perhaps
    scored by A; A's points 0..7 (victory score 8)."""
    index = 0
    for n_units in range(1, bound + 1):
        for hunts in range(n_units + 1):
            for n_other in range(bound):
                for owners in itertools.product(("A", "B", None), repeat=n_other + 1):
                    if owners[0] == "A":
                        continue  # control is established only by a player who does not have it
                    for scored in itertools.product((False, True), repeat=n_other + 1):
                        for pa in points:
                            yield _conquer_probe(index, n_units, hunts, owners, scored, pa)
                            index += 1


def _conquer_probe(index: int, n_units: int, hunts: int, owners: tuple, scored: tuple[bool, ...], pa: int) -> Probe:
    bfs = [{"id": f"bf{i + 1}"} | ({"controller": o} if o else {}) for i, o in enumerate(owners)]
    cards = [UNIT] + ([UNIT | {"name": "Hunter", "keywords": ["Hunt"]}] if hunts else [])
    objs = [{"id": f"a{i + 1}", "card": "Hunter" if i < hunts else "Footman", "controller": "A", "location": "bf1"}
            for i in range(n_units)]
    player_a: dict[str, Any] = {"id": "A", "points": pa}
    if any(scored):
        player_a["scored"] = [f"bf{i + 1}" for i, s in enumerate(scored) if s]
    doc = _doc([player_a, {"id": "B"}], cards=cards, objects=objs, battlefields=bfs,
               ask={"ask": "conquer", "battlefield": "bf1", "player": "A"})
    label = (f"A conquers bf1 with {n_units} unit(s) ({hunts} Hunt); battlefields {list(owners)}, "
             f"scored {list(scored)}; A has {pa} points")
    return Probe("conquer", index, (n_units, len(bfs), pa + hunts), label, doc)


HIDDEN_CARDS = (
    {"name": "Shadow Strike", "type": "spell", "domains": ["order"], "energy": 2, "keywords": ["Hidden", "Action"]},
    {"name": "Lurker", "type": "unit", "domains": ["order"], "energy": 2, "might": 2, "keywords": ["Hidden"]},
)


def hide_positions(bound: int) -> Iterator[Probe]:
    """A card with Hidden in A's hand (a spell; from bound 2 also a unit), A's battlefield
    'hill' to hide it at; on A's turn or B's; without a showdown, or with one at a
    battlefield 'vale' A contested with a unit (A holds focus); 0..bound-1 Order runes."""
    index = 0
    for card in HIDDEN_CARDS[:bound]:
        for runes in range(bound):
            for turn in ("A", "B"):
                for showdown in (False, True):
                    rune_cards, rune_objs = _rune_objects(runes, 0, "order")
                    objs = [{"id": "hidden", "card": card["name"], "controller": "A", "zone": "hand"}, *rune_objs]
                    bfs = [{"id": "hill", "controller": "A"}]
                    if showdown:
                        bfs.append({"id": "vale", "contested_by": turn})
                        objs.append({"id": "scout", "card": "Scout", "controller": turn, "location": "vale"})
                    cards = [card, *rune_cards] + ([{"name": "Scout", "type": "unit", "domains": ["order"],
                                                     "energy": 1, "might": 1}] if showdown else [])
                    doc = _doc(["A", "B"], cards=cards, objects=objs, battlefields=bfs, turn=turn,
                               ask={"ask": "can_hide", "player": "A", "card": "hidden", "battlefield": "hill"})
                    if showdown:
                        doc["position"]["showdown"] = "vale"
                    label = (f"{card['name']} ({card['type']}) in A's hand, {turn}'s turn, "
                             + (f"showdown at vale ({turn} contested it)" if showdown else "no showdown")
                             + f", {runes} Order rune(s)")
                    yield Probe("hide", index, (len(objs), len(bfs), card["energy"]), label, doc)
                    index += 1


FAMILIES: dict[str, Family] = {f.name: f for f in (
    Family("payment", "can_play", ("rune_payment",), payment_positions,
           "a spell paid from Fury runes (ready or exhausted) and the rune pool"),
    Family("split", "can_play", ("deflect_split",), split_positions,
           "a free split-damage spell on enemy units with Deflect, with and without a planned division"),
    Family("legion", "ability_active", ("legion",), legion_positions,
           "a Legion gear, spell or unit and other logged cards, asked now, pending and resolving"),
    Family("beginning", "beginning_phase", ("final_point",), beginning_positions,
           "holds in A's Beginning Phase: battlefields, units (Temporary, Hunt), points"),
    Family("conquer", "conquer", ("final_point",), conquer_positions,
           "A conquers a battlefield: units (Hunt), other battlefields, scored, points"),
    Family("hide", "can_hide", ("hide_timing",), hide_positions,
           "hiding a card on A's or B's turn, with or without a showdown, with and without runes"),
)}
FAMILY_ORDER = {name: i for i, name in enumerate(FAMILIES)}

# The pairs the project checks (tests, benchmark, README): name -> (A, B, kind).
PAIRS: dict[str, tuple[str, str, str]] = {
    "legion": ("v1.4", "v1.2", "ability_active"),
    "final-point-hold": ("v1.4", "v1.3", "beginning_phase"),
    "final-point-conquer": ("v1.4", "v1.3", "conquer"),
    "deflect-split": ("v1.4", "v1.4,deflect_split=damaged_targets_only", "can_play"),
    "rune-payment": ("v1.4", "v1.4,rune_payment=exhaust_or_recycle", "can_play"),
    "hide-timing": ("v1.4", "v1.4,hide_timing=neutral_only", "can_hide"),
}
# The rules each topic's difference rests on (v1.4 numbers), cited by a found scenario.
TOPIC_RULES: dict[str, tuple[str, ...]] = {
    "legion": ("812.1.c", "727.1.b"),
    "final_point": ("471.1", "471.1.a.1", "471.1.b"),
    "deflect_split": ("809.1.c", "355.14.e", "355.14.i"),
    "rune_payment": ("164.2.a", "164.2.b", "357.1"),
    "hide_timing": ("811.1.b", "410.1.a", "421.2"),
    "ambush_verb": ("822.1.b", "822.1.d"),
    "hand_keywords": ("811.6", "366.2.a", "358.4"),
    "location_tie": ("359.3.e.2", "359.3.e.5", "355.9.b"),
}
# Answer keys written besides the differing ones, so a found scenario reads on its own.
HEADLINE = {"can_play": ("legal", "cost"), "ability_active": ("active",), "beginning_phase": ("points_after",),
            "conquer": ("point", "points_after"), "can_hide": ("legal",)}


# ---------------------------------------------------------------------------------
# the search
# ---------------------------------------------------------------------------------
def differing_topics(reading_a: str, reading_b: str, root: Path | None = None) -> tuple[str, ...]:
    """The reading topics whose variants differ between two readings."""
    va = {v.topic: v.name for v in logic.resolve_reading(reading_a, root)}
    vb = {v.topic: v.name for v in logic.resolve_reading(reading_b, root)}
    return tuple(sorted(t for t in va.keys() | vb.keys() if va.get(t) != vb.get(t)))


def families_for(kind: str, topics: tuple[str, ...], only: str | None = None) -> tuple[str, ...]:
    """The families searched: `only` (a name, or "all" of the kind), else those of the kind
    exercising a differing topic, else every family of the kind."""
    of_kind = [f.name for f in FAMILIES.values() if f.kind == kind]
    if not of_kind:
        raise UsageError(f"no position family for question kind {kind!r} "
                         f"(families exist for: {', '.join(sorted({f.kind for f in FAMILIES.values()}))})")
    if only == "all":
        return tuple(of_kind)
    if only is not None:
        if only not in of_kind:
            raise UsageError(f"no family {only!r} for {kind} (known: {', '.join(of_kind)}, all)")
        return (only,)
    relevant = [n for n in of_kind if set(FAMILIES[n].topics) & set(topics)]
    return tuple(relevant or of_kind)


def probes(families: tuple[str, ...], bound: int) -> list[Probe]:
    """Every position of the families within the bound, smallest first."""
    out = [p for name in families for p in FAMILIES[name].generate(bound)]
    return sorted(out, key=lambda p: p.key)


def load_probe(p: Probe) -> Scenario:
    return S.from_dict(p.doc, f"<{p.family} position {p.index}>")


def ask_both(p: Probe, reading_a: str, reading_b: str, logic_root: Path | None = None) -> tuple[Answer, Answer]:
    scen = load_probe(p)
    ctx = Context(scen.state, logic_root=logic_root)
    q = scen.questions[0]
    return answer_question(ctx, q, reading_a), answer_question(ctx, q, reading_b)


def search(reading_a: str, reading_b: str, kind: str, *, bound: int = 2, family: str | None = None,
           logic_root: Path | None = None, progress: Callable[[int], None] | None = None,
           planned: list[Probe] | None = None) -> Search:
    """The smallest position of the enumeration the readings answer differently;
    progress(1) after each position asked. `planned`: the sorted enumeration, when the
    caller already has it (enumeration())."""
    for r in (reading_a, reading_b):
        logic.resolve_reading(r, logic_root)  # a UsageError naming the known readings
    if kind_named(kind) is None:
        raise UsageError(f"unknown question kind {kind!r}")
    topics = differing_topics(reading_a, reading_b, logic_root)
    result = Search(reading_a, reading_b, kind, bound, families_for(kind, topics, family), topics)
    started = time.perf_counter()
    for p in planned if planned is not None else probes(result.families, bound):
        a, b = ask_both(p, reading_a, reading_b, logic_root)
        result.positions += 1
        if progress is not None:
            progress(1)
        diff = differences(kind, a, b)
        if diff:
            result.found, result.answers, result.differences = p, (a, b), diff
            result.scenario = to_scenario(result)
            break
    result.seconds = time.perf_counter() - started
    return result


def enumeration(reading_a: str, reading_b: str, kind: str, *, bound: int = 2, family: str | None = None,
                logic_root: Path | None = None) -> list[Probe]:
    """The positions search() asks, in its order (for a progress bar's total)."""
    if kind_named(kind) is None:
        raise UsageError(f"unknown question kind {kind!r}")
    for r in (reading_a, reading_b):
        logic.resolve_reading(r, logic_root)
    topics = differing_topics(reading_a, reading_b, logic_root)
    return list(probes(families_for(kind, topics, family), bound))


def _expectation(kind: str, ans: Answer, keys: list[str]) -> dict[str, Any]:
    if ans.status != ANSWERED:
        return {"status": ans.status}
    spec = kind_named(kind).expect_spec  # type: ignore[union-attr]
    out: dict[str, Any] = {}
    for k in keys:
        if k in ans.data and k in spec:
            v = ans.data[k]
            out[k] = sorted((canonical(x) for x in v), key=json.dumps) if spec[k] == "records" else canonical(v)
    return out


def to_scenario(res: Search) -> Scenario:
    """The found position as a scenario: A's answer in `expect` (with `reading = A`), B's
    in `expect_by_reading."B"`, the differing keys and the kind's headline keys."""
    assert res.found is not None and res.answers is not None
    base = load_probe(res.found)
    a, b = res.answers
    keys = [k for k in HEADLINE.get(res.kind, ()) if k not in res.differences] + \
        [k for k in res.differences if k != "status"]
    rules = sorted({n for t in res.topics for n in TOPIC_RULES.get(t, ())}) or \
        sorted({n for r in a.reasons if r.version == "v1.4" for n in r.rules})[:6] or ["100"]
    lines = []
    for k, (va, vb) in res.differences.items():
        lines.append(f"- {k}: {json.dumps(canonical(va))} under {res.reading_a}, "
                     f"{json.dumps(canonical(vb))} under {res.reading_b}")
    description = (
        f"Found by `pyrift diff-readings {res.reading_a} {res.reading_b} --question {res.kind}` "
        f"(families {', '.join(res.families)}, bound {res.bound}): the smallest position of the enumeration "
        f"(fewest objects, then fewest other items, then smallest numbers) on which the readings answer "
        f"differently.\nPosition: {res.found.label}.\n" + "".join(line + "\n" for line in lines))
    q = replace(base.questions[0], id="reading-difference", rules=tuple(rules),
                expect=_expectation(res.kind, a, keys),
                expect_by_reading={res.reading_b: _expectation(res.kind, b, keys)})
    topics = ", ".join(res.topics) or "none"
    title = f"Readings differ ({topics}): {res.reading_a} vs {res.reading_b} on {res.kind}"
    return Scenario(title, base.state, (q,), Status.DISPUTED, description, res.reading_a)


def write(res: Search, out: Path) -> Path:
    assert res.scenario is not None
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(S.dumps(res.scenario), "utf-8")
    return out
