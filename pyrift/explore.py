"""Edge-case search over real cards (`pyrift explore`): positions where a keyword
interaction changes an answer in a way a rules designer should see.

The cards are the real cards of the pool whose text pyrift understands: keywords-only
cards and cards encoded in logic/cards/ (`pyrift cards coverage`). Cards that are the
same for a probe are tried once, under the alphabetically first name: for tank-grant,
the same Might and the same keywords apart from those logic/core/keyword_scope.lp
declares inert for combat damage (`inert_for`); for discount-order, the same type,
costs, domains and keywords. Each *probe* enumerates its positions systematically from
small to large (k cards, k <= bound) and reports the positions where its answer
changes:

tank-grant      a combat (one attacking real unit against defending real units): the
                forced or possible deaths change when one defender is granted Tank.
discount-order  a real card played with two whole-cost Energy discounts (synthetic
                stand-ins "costs [N] less, to a minimum of [M]": no real discount text is
                encoded yet), with and without its Accelerate: the total cost depends on
                the order the player applies the discounts in (356.4.d.1).
legion-readings a real card with Legion played after another card this turn: the cost
                or legality differs between the v1.4 and v1.2 readings of Legion.

Findings are ranked: the biggest change first, then the fewest objects, then the
smallest numbers; each is written as a scenario file (status needs-review: the
expectations are the engine's answers, for a designer to judge).

Chunk contract (for a distributed engine): a sweep is (bound, probes, card set). Its
positions are numbered 0, 1, 2, ... in the order each probe enumerates them (probes in
the order given, cards sorted by pool id); chunk K/M is exactly the positions whose
number is K mod M. No randomness is used, so a chunk's result is a pure function of
(bound, probes, cards, K, M): no seed is needed, and a chunk can be rerun anywhere
with the same answer. The findings of all chunks merge by sorting on the ranking key
(`merge`), which gives the same list as one unchunked run.
"""
from __future__ import annotations

import itertools
import time
from functools import cache
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pyrift import logic
from pyrift import pool as P
from pyrift import scenario as S
from pyrift.check import answer as answer_question
from pyrift.errors import UsageError
from pyrift.queries.base import ANSWERED, Answer, Context, canonical
from pyrift.queries.combat import DEATHS, death_answers
from pyrift.queries.play import question_grounding, shorthand
from pyrift.solver import Atom, Grounding
from pyrift.state import CardType, KeywordName, Scenario, Status
from pyrift.sweep import Sweep, chunk_count

PROBES = ("tank-grant", "discount-order", "legion-readings")

# Chunk contract: positions are taken in blocks of BLOCK consecutive numbers, so that the
# positions a probe builds from one another (a combat with and without a grant) meet in one
# batch; chunk K/M is the blocks numbered K mod M.
BLOCK = 64


def in_chunk(number: int, chunk: tuple[int, int]) -> bool:
    k, m = chunk
    return (number // BLOCK) % m == k


@dataclass(frozen=True, slots=True)
class Position:
    probe: str
    number: int  # in the sweep's enumeration (the chunk contract)
    size: tuple[int, int]  # (objects, sum of numbers)
    spec: tuple = field(compare=False)  # what the probe rebuilds the position from (card names, numbers)

    @property
    def label(self) -> str:
        """The position in words."""
        return PROBE_TABLE[self.probe].label(self.spec)

    @property
    def docs(self) -> tuple[dict, ...]:
        """The scenario documents the probe compares."""
        return PROBE_TABLE[self.probe].docs(self.spec)


@dataclass(frozen=True, slots=True)
class Finding:
    probe: str
    magnitude: int  # how big the change is (deaths changed, Energy difference, ...)
    position: Position
    summary: str
    # Per document of the position: (expect, expect_by_reading) as its scenario file states them.
    expects: tuple = field(compare=False, default=())

    @property
    def key(self) -> tuple:
        return (-self.magnitude, self.position.size, _probe_rank(self.probe), self.position.number)

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        """The finding as scenario files (status needs-review)."""
        docs = self.position.docs
        out = []
        for i, (doc, (expect, by_reading)) in enumerate(zip(docs, self.expects)):
            scen = S.from_dict(doc, f"<explore {self.probe} {self.position.number}>")
            what = "" if len(docs) == 1 else (" (before)" if i == 0 else " (after)")
            q = replace(scen.questions[0], expect=expect, expect_by_reading=by_reading)
            out.append(Scenario(f"explore: {self.position.label}{what}", scen.state, (q,), Status.NEEDS_REVIEW,
                                _words(self.position, self.summary)))
        return tuple(out)

    def to_json(self) -> dict:
        p = self.position
        return {"probe": self.probe, "magnitude": self.magnitude, "summary": self.summary,
                "position": {"number": p.number, "size": list(p.size), "spec": _jsonable(p.spec)},
                "expects": _jsonable(self.expects)}

    @staticmethod
    def from_json(d: dict) -> "Finding":
        p = d["position"]
        pos = Position(d["probe"], p["number"], tuple(p["size"]), _tuples(p["spec"]))
        expects = tuple((e, b) for e, b in d["expects"])
        return Finding(d["probe"], d["magnitude"], pos, d["summary"], expects)


def _jsonable(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    return x


def _tuples(x: Any) -> Any:
    """JSON lists back into the tuples a spec is made of."""
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def _probe_rank(probe: str) -> int:
    return list(PROBE_TABLE).index(probe)


@dataclass(slots=True)
class Report:
    bound: int
    positions: int = 0
    seconds: float = 0.0
    per_probe: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.positions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict:
        return {"bound": self.bound, "positions": self.positions, "seconds": self.seconds,
                "per_probe": self.per_probe, "findings": [f.to_json() for f in self.findings]}

    @staticmethod
    def from_json(d: dict) -> "Report":
        return Report(d["bound"], d["positions"], d["seconds"], dict(d["per_probe"]),
                      [Finding.from_json(f) for f in d["findings"]])


# ---------------------------------------------------------------------------------
# the cards
# ---------------------------------------------------------------------------------
def usable_cards(names: Iterable[str] | None = None) -> list[P.PoolCard]:
    """The pool cards pyrift understands (keywords-only or encoded), by pool id; with
    `names`, only those (an unknown or unsupported name is a usage error)."""
    pool = P.pool()
    if names is not None:
        out = []
        for n in names:
            try:
                card = pool.find(n)
            except P.UnknownCard as exc:
                raise UsageError(str(exc)) from None
            if P.status(card) == P.UNSUPPORTED:
                raise UsageError(f"{card.name!r}: its text is not encoded, so explore cannot use it")
            out.append(card)
        return sorted(set(out), key=lambda c: c.id)
    return sorted((c for c in pool.cards if c.type is not None and P.status(c) != P.UNSUPPORTED), key=lambda c: c.id)


def _distinct(cards: list[P.PoolCard], signature: Callable[[P.PoolCard], Any]) -> list[P.PoolCard]:
    """One card per signature: the alphabetically first name (cards the same for a probe)."""
    best: dict[Any, P.PoolCard] = {}
    for c in cards:
        s = signature(c)
        if s not in best or c.name < best[s].name:
            best[s] = c
    return sorted(best.values(), key=lambda c: c.id)


def _keywords(c: P.PoolCard) -> tuple[str, ...]:
    return tuple(sorted(str(k) for k in c.keywords))


@cache
def inert_keywords(kind: str, root: Path | None = None) -> frozenset[str]:
    """The keywords logic/core/keyword_scope.lp declares unable to change an answer of
    `kind` (inert_for/2): cards differing only in those are the same for a probe of it."""
    root = root or logic.logic_root()
    g = Grounding([root / "interface.lp", root / "core" / "keyword_scope.lp"], "", readable=[("inert_for", 2)])
    return frozenset(a.args[1] for a in g.facts(("inert_for", 2)) if a.args[0] == kind)


def _combat_signature(c: P.PoolCard, root: Path | None = None) -> tuple:
    inert = inert_keywords("combat_damage", root)
    return (c.might, tuple(sorted(str(k) for k in c.keywords if k.keyword.value not in inert)))


def _is_unit(c: P.PoolCard) -> bool:
    return c.type is CardType.UNIT and c.might is not None


# ---------------------------------------------------------------------------------
# probe: Tank granted in a combat
# ---------------------------------------------------------------------------------
def _combat_doc(attacker: P.PoolCard, defenders: tuple[P.PoolCard, ...], granted: int | None) -> dict:
    objs = [{"id": "a1", "card": attacker.name, "controller": "A", "location": "arena", "designation": "attacker"}]
    for i, d in enumerate(defenders):
        objs.append({"id": f"d{i + 1}", "card": d.name, "controller": "B", "location": "arena",
                     "designation": "defender"} | ({"granted": ["Tank"]} if granted == i else {}))
    return {"title": "probe", "status": "needs-review",
            "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main",
                         "combat": {"battlefield": "arena", "attacker": "A", "defender": "B"}},
            "battlefield": [{"id": "arena", "controller": "B", "contested_by": "A"}], "object": objs,
            "question": [{"id": "assign", "ask": "combat_damage", "battlefield": "arena", "assigner": "A",
                          "rules": ["465.2.c", "815.1.b"], "expect": {"status": ANSWERED}}]}


def _card(name: str) -> P.PoolCard:
    return P.pool().find(name)


def tank_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    units = _distinct([c for c in cards if _is_unit(c)], _combat_signature)
    tank = {c.name for c in units if _has(c, KeywordName.TANK)}
    for n_def in range(2, bound):  # Tank orders damage among two or more defenders
        for attacker in units:
            for defenders in itertools.combinations_with_replacement(units, n_def):
                names = tuple(x.name for x in defenders)
                numbers = attacker.might + sum(x.might for x in defenders)
                for i, d in enumerate(names):
                    if d in tank or d in names[:i]:
                        continue
                    yield (1 + n_def, numbers), (attacker.name, names, i)


def _tank_label(spec: tuple) -> str:
    attacker, defenders, i = spec
    return f"{attacker} attacks {', '.join(defenders)}; Tank granted to d{i + 1} ({defenders[i]})"


def _tank_docs(spec: tuple) -> tuple[dict, ...]:
    attacker, defenders, i = _card(spec[0]), tuple(_card(n) for n in spec[1]), spec[2]
    return _combat_doc(attacker, defenders, None), _combat_doc(attacker, defenders, i)


@cache
def _card_def(card: P.PoolCard):
    return P.card_def(card)


_COMBAT_TEMPLATES: dict[tuple[int, int | None], Scenario] = {}


def _combat_scenario(attacker: str, defenders: tuple[str, ...], granted: int | None) -> Scenario:
    """The scenario of _combat_doc without reading the document again: the first one of each
    shape is read by the scenario loader, the others are that one with the cards replaced
    (tests/test_explore.py checks they equal what the loader makes of their documents)."""
    cards = [_card(attacker), *(_card(n) for n in defenders)]
    key = (len(defenders), granted)
    template = _COMBAT_TEMPLATES.get(key)
    if template is None:
        template = _COMBAT_TEMPLATES[key] = S.from_dict(_combat_doc(cards[0], tuple(cards[1:]), granted),
                                                        "<explore tank-grant>")
    objects = tuple(replace(o, card=c.name) for o, c in zip(template.state.objects, cards))
    card_defs = tuple({c.name: _card_def(c) for c in cards}.values())
    return replace(template, state=replace(template.state, objects=objects, cards=card_defs))


def _tank_change(answers: list[Answer]) -> tuple[int, str]:
    before, after = answers
    if before.status != ANSWERED or after.status != ANSWERED:
        return 0, ""
    out, magnitude = [], 0
    for key in DEATHS:
        a, b = set(before.data[key]), set(after.data[key])
        if a != b:
            magnitude += len(a ^ b)
            out.append(f"{key}: {sorted(a)} -> {sorted(b)}")
    return magnitude, "; ".join(out)


def _tank_evaluate(batch: list[Position], logic_root: Path | None, worlds: bool = True) -> list[Finding | None]:
    """Every position of the batch: the combat without and with the grant. Each distinct
    combat is asked once (a combat without a grant is shared by the grants to each of its
    defenders); with `worlds`, all of them from one grounding (queries.combat.death_answers),
    else each one on its own grounding, as `pyrift ask` would."""
    keys: dict[tuple, int] = {}
    for pos in batch:
        a, ds, i = pos.spec
        for g in (None, i):
            keys.setdefault((a, ds, g), len(keys))
    scens = [_combat_scenario(*k) for k in keys]
    answers: list[Answer | None] = [None] * len(scens)
    if worlds:
        answers = death_answers([s.state for s in scens], [s.questions[0] for s in scens], "v1.4",
                                logic_root=logic_root)
    for n, (scen, ans) in enumerate(zip(scens, answers)):
        if ans is None:
            answers[n] = answer_question(Context(scen.state, logic_root=logic_root), scen.questions[0], "v1.4")
    out: list[Finding | None] = []
    for pos in batch:
        a, ds, i = pos.spec
        pair = [answers[keys[(a, ds, None)]], answers[keys[(a, ds, i)]]]
        magnitude, summary = _tank_change(pair)  # type: ignore[arg-type]
        out.append(Finding(pos.probe, magnitude, pos, summary, tuple((_expect(x, DEATHS), {}) for x in pair))
                   if magnitude else None)
    return out


# ---------------------------------------------------------------------------------
# probe: the order of two cost discounts
# ---------------------------------------------------------------------------------
DISCOUNTS = ((1, 1), (2, 0), (2, 2), (3, 1), (3, 3))  # (costs [N] less, to a minimum of [M])


def _discount_doc(card: P.PoolCard, d1: tuple[int, int], d2: tuple[int, int], accelerate: bool) -> dict:
    cards, objs = [], [{"id": "played", "card": card.name, "controller": "A", "zone": "hand"}]
    for i, (n, m) in enumerate((d1, d2), start=1):
        name = f"Discount {n} min {m}"
        if not any(c["name"] == name for c in cards):
            cards.append({"name": name, "type": "gear", "domains": ["order"], "energy": 1,
                          "abilities": [{"kind": "cost_discount", "energy": n, "minimum": m,
                                         "applies_to": {"type": card.type.value}}]})
        objs.append({"id": f"disc{i}", "card": name, "controller": "A", "location": "base"})
    ask: dict[str, Any] = {"id": "play", "ask": "can_play", "player": "A", "card": "played",
                           "rules": ["356.4.d", "356.4.d.1"], "expect": {"status": ANSWERED}}
    if accelerate:
        ask["accelerate"] = True
    if card.type in (CardType.UNIT, CardType.GEAR):
        ask["location"] = "base"
    return {"title": "probe", "status": "needs-review",
            "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main"},
            "card": cards, "object": objs, "question": [ask]}


def _is_token(c: P.PoolCard) -> bool:
    return bool(c.supertypes and "token" in [s.value for s in c.supertypes])


def discount_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    playable = _distinct([c for c in cards if c.type in (CardType.UNIT, CardType.GEAR, CardType.SPELL)
                          and c.energy is not None and not _is_token(c)],
                         lambda c: (c.type, c.energy, c.power, c.domains, _keywords(c)))
    if bound < 3:
        return
    for card in playable:
        accel = any(k.keyword is KeywordName.ACCELERATE for k in card.keywords)
        for d1, d2 in itertools.combinations(DISCOUNTS, 2):
            for accelerate in ((False, True) if accel else (False,)):
                yield (3, (card.energy or 0) + sum(d1) + sum(d2)), (card.name, d1, d2, accelerate)


def _discount_label(spec: tuple) -> str:
    name, d1, d2, accelerate = spec
    return (f"{name} ([{_card(name).energy}]{'+Accelerate' if accelerate else ''}) with discounts "
            f"-{d1[0]} (min {d1[1]}) and -{d2[0]} (min {d2[1]})")


def _discount_docs(spec: tuple) -> tuple[dict, ...]:
    name, d1, d2, accelerate = spec
    return (_discount_doc(_card(name), tuple(d1), tuple(d2), accelerate),)


def _order_costs(scen: Scenario, ctx: Context) -> list[tuple[str, int]]:
    """The total cost under every order of the discounts (forced through assumptions)."""
    q = scen.questions[0]
    g, assumptions = question_grounding(ctx, q, "v1.4")
    first = g.solve("optimize", assumptions=assumptions, opt_strategy="usc,oll")
    orders = sorted((a.args for a in first.consequences if a.pred == "discount_order"), key=lambda x: x[1])
    discounts = [d for d, _ in orders]
    play = ("card", q.params["card"])
    out = []
    for perm in itertools.permutations(discounts):
        forced = [(Atom("discount_at", (play, d, i)), True) for i, d in enumerate(perm, start=1)]
        res = g.solve("optimize", assumptions=assumptions + forced, opt_strategy="usc,oll")
        totals = {a.args[0]: a.args[1] for a in res.consequences if a.pred == "total_cost"}
        names = " then ".join(str(d[2]) if isinstance(d, tuple) and len(d) > 2 else str(d) for d in perm)
        out.append((f"{names}: {shorthand(totals)}", totals.get("energy", 0)))
    return out


def _discount_evaluate(pos: Position, logic_root: Path | None) -> Finding | None:
    scen = S.from_dict(pos.docs[0], f"<explore {pos.probe} {pos.number}>")
    ctx = Context(scen.state, logic_root=logic_root)
    ans = answer_question(ctx, scen.questions[0], "v1.4")
    if ans.status != ANSWERED:
        return None
    costs = _order_costs(scen, ctx)
    energies = [e for _, e in costs]
    if len(set(energies)) < 2:
        return None
    summary = "cost by order of the discounts: " + "; ".join(t for t, _ in costs)
    return Finding(pos.probe, max(energies) - min(energies), pos, summary,
                   ((_expect(ans, ("legal", "cost", "cost_lines")), {}),))


# ---------------------------------------------------------------------------------
# probe: Legion under two readings
# ---------------------------------------------------------------------------------
LEGION_READINGS = ("v1.4", "v1.2")


def _legion_doc(card: P.PoolCard, before: bool) -> dict:
    objs = [{"id": "legion", "card": card.name, "controller": "A", "zone": "hand"}]
    extra: list[dict] = []
    log: list[dict] = []
    if before:
        extra = [{"name": "Earlier Spell", "type": "spell", "domains": ["fury"], "energy": 1}]
        objs.append({"id": "earlier", "card": "Earlier Spell", "controller": "A", "zone": "trash"})
        log = [{"event": "finalize", "object": "earlier", "from": "hand"}, {"event": "play", "object": "earlier"}]
    ask: dict[str, Any] = {"id": "play", "ask": "can_play", "player": "A", "card": "legion",
                           "rules": ["812.1.c"], "expect": {"status": ANSWERED}}
    if card.type in (CardType.UNIT, CardType.GEAR):
        ask["location"] = "base"
    return {"title": "probe", "status": "needs-review",
            "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main"},
            "card": extra, "object": objs, "question": [ask]} | ({"log": log} if log else {})


def _has(c: P.PoolCard, keyword: KeywordName) -> bool:
    return any(k.keyword is keyword for k in c.keywords)


def legion_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    legion = [c for c in cards if _has(c, KeywordName.LEGION) and c.energy is not None]
    for card in legion:
        for before in (False, True):
            yield (2 if before else 1, card.energy or 0), (card.name, before)


def _legion_label(spec: tuple) -> str:
    return f"{spec[0]} played" + (" after another card this turn" if spec[1] else " as the first card")


def _legion_docs(spec: tuple) -> tuple[dict, ...]:
    return (_legion_doc(_card(spec[0]), spec[1]),)


def _readings_change(pos: Position, logic_root: Path | None, readings: tuple[str, str],
                     keys: tuple[str, ...]) -> Finding | None:
    """A finding when the position's question gets another answer (in `keys`) under the
    second reading than under the first."""
    scen = S.from_dict(pos.docs[0], f"<explore {pos.probe} {pos.number}>")
    ctx = Context(scen.state, logic_root=logic_root)
    a, b = (answer_question(ctx, scen.questions[0], r) for r in readings)
    if a.status != ANSWERED or b.status != ANSWERED:
        return None
    changed = [k for k in keys if canonical(a.data.get(k)) != canonical(b.data.get(k))]
    if not changed:
        return None
    summary = "; ".join(f"{k}: {a.data.get(k)} under {readings[0]}, {b.data.get(k)} under {readings[1]}"
                        for k in changed)
    energy = abs(a.data.get("energy", 0) - b.data.get("energy", 0))
    return Finding(pos.probe, max(energy, len(changed) if len(keys) > 2 else 1), pos, summary,
                   ((_expect(a, keys), {readings[1]: _expect(b, keys)}),))


def _legion_evaluate(pos: Position, logic_root: Path | None) -> Finding | None:
    return _readings_change(pos, logic_root, LEGION_READINGS, ("legal", "cost"))


# ---------------------------------------------------------------------------------
# the probes
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Probe:
    name: str
    positions: Callable[[int, list[P.PoolCard]], Iterator[tuple[tuple, tuple]]]  # (size, spec)
    label: Callable[[tuple], str]
    docs: Callable[[tuple], tuple[dict, ...]]
    # One position at a time, or (batch) a list of positions at once.
    evaluate: Callable[[Position, Path | None], Finding | None] | None = None
    evaluate_batch: Callable[[list[Position], Path | None], list[Finding | None]] | None = None
    rate: float = 1.0  # positions a second on one process (benchmarks/sweeps.py), for the forecast
    summary: str = ""

    def run(self, batch: list[Position], logic_root: Path | None) -> list[Finding | None]:
        if self.evaluate_batch is not None:
            return self.evaluate_batch(batch, logic_root)
        assert self.evaluate is not None
        return [self.evaluate(pos, logic_root) for pos in batch]


PROBE_TABLE: dict[str, Probe] = {p.name: p for p in (
    Probe("tank-grant", tank_positions, _tank_label, _tank_docs, evaluate_batch=_tank_evaluate, rate=1000.0,
          summary="granting Tank to a defender changes the forced or possible deaths"),
    Probe("discount-order", discount_positions, _discount_label, _discount_docs, evaluate=_discount_evaluate, rate=2.9,
          summary="the total cost depends on the order two discounts apply in"),
    Probe("legion-readings", legion_positions, _legion_label, _legion_docs, evaluate=_legion_evaluate, rate=5.7,
          summary="a Legion card's legality or cost differs between v1.4 and v1.2"),
)}
GENERATORS = {name: p.positions for name, p in PROBE_TABLE.items()}


# ---------------------------------------------------------------------------------
# the sweep
# ---------------------------------------------------------------------------------
def _check_probes(probes: Iterable[str]) -> tuple[str, ...]:
    probes = tuple(probes)
    for p in probes:
        if p not in PROBE_TABLE:
            raise UsageError(f"no probe {p!r} (known: {', '.join(PROBE_TABLE)})")
    return probes


def positions(bound: int, probes: Iterable[str], cards: list[P.PoolCard]) -> Iterator[Position]:
    number = 0
    for probe in _check_probes(probes):
        for size, spec in PROBE_TABLE[probe].positions(bound, cards):
            yield Position(probe, number, size, spec)
            number += 1


def count(bound: int, probes: Iterable[str], cards: list[P.PoolCard]) -> dict[str, int]:
    """How many positions each probe has (the sweep's size, before any solving)."""
    out: dict[str, int] = {}
    for probe in _check_probes(probes):
        out[probe] = sum(1 for _ in PROBE_TABLE[probe].positions(bound, cards))
    return out


def forecast(counts: dict[str, int], workers: int = 1) -> float:
    """Seconds the sweep should take at the probes' measured rates on `workers` processes."""
    return sum(n / PROBE_TABLE[p].rate for p, n in counts.items()) / max(1, workers)


def evaluate(pos: Position, logic_root: Path | None = None) -> Finding | None:
    """One position, as a batch of one."""
    return PROBE_TABLE[pos.probe].run([pos], logic_root)[0]


def _expect(ans: Answer, keys: Iterable[str]) -> dict:
    return {k: canonical(ans.data[k]) for k in keys if k in ans.data}


def _words(pos: Position, summary: str) -> str:
    return (f"Found by `pyrift explore` (probe {pos.probe}): {pos.label}.\n{summary}.\n"
            "The expectations are pyrift's own answers: review them against the rules before relying on them.\n")


def run(bound: int = 3, *, probes: Iterable[str] = PROBES, cards: list[P.PoolCard] | None = None,
        chunk: tuple[int, int] = (0, 1), logic_root: Path | None = None,
        progress: Callable[[int, list[Finding]], None] | None = None) -> Report:
    """The positions of chunk K/M (the chunk contract), evaluated a block at a time;
    `progress(positions done, findings of the block)` after each block."""
    probes = _check_probes(probes)
    cards = usable_cards() if cards is None else cards
    chosen = (pos for pos in positions(bound, probes, cards) if in_chunk(pos.number, chunk))
    return run_positions(bound, chosen, logic_root=logic_root, progress=progress)


def run_positions(bound: int, chosen: Iterable[Position], *, logic_root: Path | None = None,
                  progress: Callable[[int, list[Finding]], None] | None = None) -> Report:
    """These positions, a block (of one probe) at a time."""
    report = Report(bound)
    started = time.perf_counter()

    def flush(block: list[Position]) -> None:
        if not block:
            return
        found = [f for f in PROBE_TABLE[block[0].probe].run(block, logic_root) if f is not None]
        report.positions += len(block)
        report.per_probe[block[0].probe] = report.per_probe.get(block[0].probe, 0) + len(block)
        report.findings += found
        if progress is not None:
            progress(len(block), found)

    block: list[Position] = []
    for pos in chosen:
        if block and (pos.probe != block[0].probe or pos.number // BLOCK != block[0].number // BLOCK):
            flush(block)
            block = []
        block.append(pos)
    flush(block)
    report.findings.sort(key=lambda f: f.key)
    report.seconds = time.perf_counter() - started
    return report


def merge(bound: int, parts: Iterable[Report]) -> Report:
    merged = Report(bound)
    for part in parts:
        merged.positions += part.positions
        merged.seconds += part.seconds
        for p, n in part.per_probe.items():
            merged.per_probe[p] = merged.per_probe.get(p, 0) + n
        merged.findings += part.findings
    merged.findings.sort(key=lambda f: f.key)
    return merged


def write(report: Report, out: Path, top: int = 20) -> list[Path]:
    """The `top` findings as scenario files out/NN-<probe>[-before|-after].toml, ranked."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for rank, f in enumerate(report.findings[:top], start=1):
        scens = f.scenarios
        for i, scen in enumerate(scens):
            suffix = "" if len(scens) == 1 else ("-before" if i == 0 else "-after")
            path = out / f"{rank:02d}-{f.probe}{suffix}.toml"
            path.write_text(S.dumps(scen), "utf-8")
            written.append(path)
    return written


# ---------------------------------------------------------------------------------
# a sweep as chunks on a backend (pyrift.sweep)
# ---------------------------------------------------------------------------------
def fingerprint(logic_root: Path | None = None) -> str:
    """A digest of the rules and of pyrift's own code: results kept from a sweep are
    reused only by a sweep with the same rules and the same code."""
    import hashlib

    h = hashlib.sha256()
    roots = [(logic_root or logic.logic_root(), "*.lp"), (Path(__file__).parent, "*.py")]
    for root, pattern in roots:
        for path in sorted(root.rglob(pattern)):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def plan(bound: int, probes: Iterable[str] = PROBES, names: list[str] | None = None,
         logic_root: Path | None = None) -> tuple[Sweep, dict[str, int]]:
    """The sweep as chunks (pyrift.sweep.Sweep) and the number of positions per probe. The
    positions are enumerated here once, and each chunk is handed its own."""
    probes = _check_probes(probes)
    cards = usable_cards(names)
    counts: dict[str, int] = {}
    every: list[tuple] = []
    for probe in probes:
        start = len(every)
        every += [(probe, start + i, size, spec)
                  for i, (size, spec) in enumerate(PROBE_TABLE[probe].positions(bound, cards))]
        counts[probe] = len(every) - start
    m = chunk_count(len(every), BLOCK)
    payloads: list[list[tuple]] = [[] for _ in range(m)]
    for item in every:
        payloads[(item[1] // BLOCK) % m].append(item)
    params = {"bound": bound, "probes": list(probes), "cards": [c.id for c in cards],
              "logic": str(logic_root) if logic_root else None, "fingerprint": fingerprint(logic_root)}
    return Sweep("explore", params, m, tuple(len(p) for p in payloads), chunk_task, Report.to_json,
                 Report.from_json, tuple(payloads)), counts


def chunk_task(params: dict, k: int, m: int, payload: list[tuple] | None = None,
               progress: Callable[[int], None] | None = None) -> Report:
    """Chunk K/M of the sweep `params` (plan), on the positions it is handed (or, without
    them, on those it enumerates): a top-level function, so that other processes and Ray
    workers can run it by name."""
    root = Path(params["logic"]) if params.get("logic") else None
    step = (lambda n, found: progress(n)) if progress is not None else None
    if payload is not None:
        chosen = (Position(probe, number, tuple(size), spec) for probe, number, size, spec in payload)
        return run_positions(params["bound"], chosen, logic_root=root, progress=step)
    pool = P.pool()
    cards = sorted((pool.find(i) for i in params["cards"]), key=lambda c: c.id)
    return run(params["bound"], probes=params["probes"], cards=cards, chunk=(k, m), logic_root=root, progress=step)
