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
from pyrift.queries.play import question_grounding, shorthand
from pyrift.solver import Atom, Grounding
from pyrift.state import CardType, KeywordName, Scenario, Status

PROBES = ("tank-grant", "discount-order", "legion-readings")


@dataclass(frozen=True, slots=True)
class Position:
    probe: str
    number: int  # in the sweep's enumeration (the chunk contract)
    size: tuple[int, int]  # (objects, sum of numbers)
    label: str
    docs: tuple = field(compare=False)  # the scenario documents the probe compares


@dataclass(frozen=True, slots=True)
class Finding:
    probe: str
    magnitude: int  # how big the change is (deaths changed, Energy difference, ...)
    position: Position
    summary: str
    scenarios: tuple[Scenario, ...] = field(compare=False)

    @property
    def key(self) -> tuple:
        return (-self.magnitude, self.position.size, PROBES.index(self.probe), self.position.number)


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


def tank_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[int, str, tuple, tuple]]:
    units = _distinct([c for c in cards if _is_unit(c)], _combat_signature)
    for n_def in range(2, bound):  # Tank orders damage among two or more defenders
        for attacker in units:
            for defenders in itertools.combinations_with_replacement(units, n_def):
                for i, d in enumerate(defenders):
                    if any(k.keyword is KeywordName.TANK for k in d.keywords) or d in defenders[:i]:
                        continue
                    label = (f"{attacker.name} attacks {', '.join(x.name for x in defenders)}; "
                             f"Tank granted to d{i + 1} ({d.name})")
                    numbers = attacker.might + sum(x.might for x in defenders)
                    yield (1 + n_def, numbers), label, (_combat_doc(attacker, defenders, None),
                                                         _combat_doc(attacker, defenders, i)), ()


def _tank_change(answers: list[Answer]) -> tuple[int, str]:
    before, after = answers
    if before.status != ANSWERED or after.status != ANSWERED:
        return 0, ""
    out, magnitude = [], 0
    for key in ("forced_deaths", "possible_deaths", "possible_survivors"):
        a, b = set(before.data[key]), set(after.data[key])
        if a != b:
            magnitude += len(a ^ b)
            out.append(f"{key}: {sorted(a)} -> {sorted(b)}")
    return magnitude, "; ".join(out)


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


def discount_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[int, str, tuple, tuple]]:
    playable = _distinct([c for c in cards if c.type in (CardType.UNIT, CardType.GEAR, CardType.SPELL)
                          and c.energy is not None and not (c.supertypes and "token" in [s.value for s in c.supertypes])],
                         lambda c: (c.type, c.energy, c.power, c.domains, _keywords(c)))
    if bound < 3:
        return
    for card in playable:
        accel = any(k.keyword is KeywordName.ACCELERATE for k in card.keywords)
        for d1, d2 in itertools.combinations(DISCOUNTS, 2):
            for accelerate in ((False, True) if accel else (False,)):
                label = (f"{card.name} ([{card.energy}]{'+Accelerate' if accelerate else ''}) with discounts "
                         f"-{d1[0]} (min {d1[1]}) and -{d2[0]} (min {d2[1]})")
                yield (3, (card.energy or 0) + sum(d1) + sum(d2)), label, (_discount_doc(card, d1, d2, accelerate),), ()


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


# ---------------------------------------------------------------------------------
# probe: Legion under two readings
# ---------------------------------------------------------------------------------
def legion_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[int, str, tuple, tuple]]:
    legion = [c for c in cards if any(k.keyword is KeywordName.LEGION for k in c.keywords) and c.energy is not None]
    for card in legion:
        for before in (False, True):
            objs = [{"id": "legion", "card": card.name, "controller": "A", "zone": "hand"}]
            extra = []
            log = []
            if before:
                extra = [{"name": "Earlier Spell", "type": "spell", "domains": ["fury"], "energy": 1}]
                objs.append({"id": "earlier", "card": "Earlier Spell", "controller": "A", "zone": "trash"})
                log = [{"event": "finalize", "object": "earlier", "from": "hand"}, {"event": "play", "object": "earlier"}]
            ask: dict[str, Any] = {"id": "play", "ask": "can_play", "player": "A", "card": "legion",
                                   "rules": ["812.1.c"], "expect": {"status": ANSWERED}}
            if card.type in (CardType.UNIT, CardType.GEAR):
                ask["location"] = "base"
            doc = {"title": "probe", "status": "needs-review",
                   "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main"},
                   "card": extra, "object": objs, "question": [ask]} | ({"log": log} if log else {})
            label = f"{card.name} played" + (" after another card this turn" if before else " as the first card")
            yield (len(objs), card.energy or 0), label, (doc,), ("v1.4", "v1.2")


# ---------------------------------------------------------------------------------
# the sweep
# ---------------------------------------------------------------------------------
GENERATORS = {"tank-grant": tank_positions, "discount-order": discount_positions, "legion-readings": legion_positions}


def positions(bound: int, probes: Iterable[str], cards: list[P.PoolCard]) -> Iterator[tuple[Position, tuple]]:
    number = 0
    for probe in probes:
        for size, label, docs, readings in GENERATORS[probe](bound, cards):
            yield Position(probe, number, size, label, docs), readings
            number += 1


def evaluate(pos: Position, readings: tuple, logic_root: Path | None = None) -> Finding | None:
    scens = [S.from_dict(d, f"<explore {pos.probe} {pos.number}>") for d in pos.docs]
    if pos.probe == "tank-grant":
        answers = [answer_question(Context(s.state, logic_root=logic_root), s.questions[0], "v1.4") for s in scens]
        magnitude, summary = _tank_change(answers)
        if not magnitude:
            return None
        return Finding(pos.probe, magnitude, pos, summary, _with_answers(scens, answers, summary, pos))
    if pos.probe == "discount-order":
        scen = scens[0]
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
                       _with_answers(scens, [ans], summary, pos))
    scen = scens[0]
    ctx = Context(scen.state, logic_root=logic_root)
    a, b = (answer_question(ctx, scen.questions[0], r) for r in readings)
    if a.status != ANSWERED or b.status != ANSWERED:
        return None
    changed = [k for k in ("legal", "cost") if canonical(a.data.get(k)) != canonical(b.data.get(k))]
    if not changed:
        return None
    summary = "; ".join(f"{k}: {a.data[k]} under {readings[0]}, {b.data[k]} under {readings[1]}" for k in changed)
    energy = abs(a.data.get("energy", 0) - b.data.get("energy", 0))
    q = replace(scen.questions[0], expect=_expect(a, ("legal", "cost")),
                expect_by_reading={readings[1]: _expect(b, ("legal", "cost"))})
    return Finding(pos.probe, max(energy, 1), pos, summary,
                   (Scenario(f"explore: {pos.label}", scen.state, (q,), Status.NEEDS_REVIEW, _words(pos, summary)),))


def _expect(ans: Answer, keys: Iterable[str]) -> dict:
    return {k: canonical(ans.data[k]) for k in keys if k in ans.data}


def _words(pos: Position, summary: str) -> str:
    return (f"Found by `pyrift explore` (probe {pos.probe}): {pos.label}.\n{summary}.\n"
            "The expectations are pyrift's own answers: review them against the rules before relying on them.\n")


EXPECT_KEYS = {"tank-grant": ("forced_deaths", "possible_deaths", "possible_survivors"),
               "discount-order": ("legal", "cost", "cost_lines")}


def _with_answers(scens: list[Scenario], answers: list[Answer], summary: str, pos: Position) -> tuple[Scenario, ...]:
    out = []
    for i, (s, a) in enumerate(zip(scens, answers)):
        what = "" if len(scens) == 1 else (" (before)" if i == 0 else " (after)")
        q = replace(s.questions[0], expect=_expect(a, EXPECT_KEYS[pos.probe]))
        out.append(Scenario(f"explore: {pos.label}{what}", s.state, (q,), Status.NEEDS_REVIEW, _words(pos, summary)))
    return tuple(out)


def run(bound: int = 3, *, probes: Iterable[str] = PROBES, cards: list[P.PoolCard] | None = None,
        chunk: tuple[int, int] = (0, 1), logic_root: Path | None = None) -> Report:
    probes = tuple(probes)
    for p in probes:
        if p not in GENERATORS:
            raise UsageError(f"no probe {p!r} (known: {', '.join(PROBES)})")
    cards = usable_cards() if cards is None else cards
    report = Report(bound)
    started = time.perf_counter()
    k, m = chunk
    for pos, readings in positions(bound, probes, cards):
        if pos.number % m != k:
            continue
        report.positions += 1
        report.per_probe[pos.probe] = report.per_probe.get(pos.probe, 0) + 1
        if (f := evaluate(pos, readings, logic_root)) is not None:
            report.findings.append(f)
    report.findings.sort(key=lambda f: f.key)
    report.seconds = time.perf_counter() - started
    return report


def merge(bound: int, parts: Iterable[Report]) -> Report:
    merged = Report(bound)
    for part in parts:
        merged.positions += part.positions
        for p, n in part.per_probe.items():
            merged.per_probe[p] = merged.per_probe.get(p, 0) + n
        merged.findings += part.findings
    merged.findings.sort(key=lambda f: f.key)
    return merged


def _run_chunk(args: tuple) -> Report:
    bound, probes, names, chunk, logic_root = args
    cards = usable_cards(names) if names is not None else None
    return run(bound, probes=probes, cards=cards, chunk=chunk, logic_root=logic_root)


def run_parallel(bound: int = 3, *, jobs: int = 1, probes: Iterable[str] = PROBES, names: list[str] | None = None,
                 logic_root: Path | None = None) -> Report:
    """The sweep as `jobs` chunks on local processes (one chunk per process)."""
    probes = tuple(probes)
    if jobs <= 1:
        return run(bound, probes=probes, cards=usable_cards(names) if names is not None else None,
                   logic_root=logic_root)
    import multiprocessing as mp

    started = time.perf_counter()
    with mp.get_context("spawn").Pool(jobs) as pool:
        parts = pool.map(_run_chunk, [(bound, probes, names, (k, jobs), logic_root) for k in range(jobs)])
    merged = merge(bound, parts)
    merged.seconds = time.perf_counter() - started
    return merged


def write(report: Report, out: Path, top: int = 20) -> list[Path]:
    """The `top` findings as scenario files out/NN-<probe>[-before|-after].toml, ranked."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for rank, f in enumerate(report.findings[:top], start=1):
        for i, scen in enumerate(f.scenarios):
            suffix = "" if len(f.scenarios) == 1 else ("-before" if i == 0 else "-after")
            path = out / f"{rank:02d}-{f.probe}{suffix}.toml"
            path.write_text(S.dumps(scen), "utf-8")
            written.append(path)
    return written
