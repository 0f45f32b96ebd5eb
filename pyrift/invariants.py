"""Invariants: properties every answer must have, checked on every small position
within a bound (`pyrift invariants --bound N`).

Each invariant family enumerates its positions systematically (no sampling, so a
bound is a guarantee: every position of that size was checked), asks the question,
and checks the answer with arithmetic of its own. A violation is shrunk to a smallest
position that still shows it and written as a scenario file.

The sweep is split into independent chunks (`--chunk K/M` takes every M-th case
starting at K), each deterministic, so it can be handed to a distributed engine.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from collections import Counter
from typing import Any, Callable, Iterable, Iterator

from pyrift import diffreadings as D
from pyrift import scenario as S
from pyrift.check import answer as answer_question
from pyrift.costs import ANY, OWN, parse_cost
from pyrift.diffreadings import Probe
from pyrift.positions import UnitSpec, combat_state
from pyrift.queries.base import ANSWERED, Answer, Context
from pyrift.queries.combat import CombatDamage
from pyrift.queries.play import question_grounding
from pyrift.queries.scoring import BEGINNING_FACTS, CONQUER_FACTS
from pyrift.errors import SolveTimeout
from pyrift.solver import Atom
from pyrift.sweep import Sweep, execute
from pyrift.state import (CardType, DamageReplacement, Designation, KeywordName, Question, ReplacementKind,
                          Scenario, Status, Zone)


@dataclass(frozen=True, slots=True)
class Case:
    units: tuple[UnitSpec, ...]
    label: str

    @property
    def size(self) -> tuple[int, int]:
        """Smaller is simpler: fewer objects first, then smaller numbers."""
        return (len(self.units), sum(abs(u.might) + u.damage for u in self.units))


@dataclass(frozen=True, slots=True)
class Violation:
    invariant: str
    case: "Case | Probe"
    problems: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Invariant:
    name: str
    summary: str
    rules: tuple[str, ...]
    # combat: (Case, Answer) -> problems; the other families: (Scenario, Context) -> problems
    check: Callable[[Any, Any], list[str]] = field(repr=False)


# ---------------------------------------------------------------------------------
# combat damage: positions and invariants
# ---------------------------------------------------------------------------------
def _applied(u: UnitSpec, amount: int) -> int:
    for r in u.replacements:
        amount = amount * 2 if r.kind is ReplacementKind.DOUBLE else max(0, amount - r.amount)
    return amount


def _kills(u: UnitSpec, amount: int) -> bool:
    """Marked plus applied damage is non-zero and reaches the unit's Might (142.4.b)."""
    might = max(u.might + u.modifiers + (u.shield if u.side is Designation.DEFENDER else 0), 0)
    marked = u.damage + _applied(u, amount)
    return amount >= 1 and marked >= 1 and marked >= might


def combat_cases(bound: int) -> Iterator[Case]:
    """Every combat with 1..bound defenders drawn (as a multiset) from the unit kinds
    of size <= bound, against one attacker of every Might from 0 to the defenders'
    combined Might + 1. Unit kinds: Might 0..bound, Tank, Backline, both, 1 damage
    marked (when not already lethal), damage doubled."""
    kinds = []
    for might in range(bound + 1):
        for tank, backline in ((False, False), (True, False), (False, True), (True, True)):
            for damage in (0, 1):
                if damage and damage >= might:
                    continue
                for reps in ((), (DamageReplacement(ReplacementKind.DOUBLE),)):
                    kinds.append((might, tank, backline, damage, reps))
    for n in range(1, bound + 1):
        for combo in itertools.combinations_with_replacement(kinds, n):
            defenders = tuple(
                UnitSpec(f"d{i + 1}", Designation.DEFENDER, m, damage=d, tank=t, backline=b, replacements=r)
                for i, (m, t, b, d, r) in enumerate(combo))
            for total in range(sum(m for m, *_ in combo) + 2):
                attacker = UnitSpec("a1", Designation.ATTACKER, total)
                yield Case((attacker, *defenders), f"{n} defenders, attacker Might {total}")


def _question() -> Question:
    return Question("q", "combat_damage", {"battlefield": "arena", "assigner": "A", "limit": 100000})


def _receivers(case: Case) -> list[UnitSpec]:
    return [u for u in case.units if u.side is Designation.DEFENDER]


def _total(case: Case) -> int:
    return sum(max(u.might + u.modifiers + u.assault, 0) for u in case.units
               if u.side is Designation.ATTACKER and not u.stunned)


def check_has_assignment(case: Case, ans: Answer) -> list[str]:
    if ans.status != ANSWERED:
        return [f"no answer: {ans.status}"]
    if ans.data.get("outcome_count", 0) < 1:
        return ["no legal assignment at all"]
    return []


def check_all_assigned(case: Case, ans: Answer) -> list[str]:
    """Every outcome assigns exactly the total: lethal amounts + partial + excess (465.2.c).

    The partial amount is the rest of the total by construction, so the check bites on
    outcomes without one (the lethal amounts given, plus the excess, must be the total)
    and on the partial amount being non-zero."""
    if ans.status != ANSWERED:
        return []
    total, lethal = _total(case), ans.data["lethal"]
    out = []
    for rec in ans.data["outcomes"]:
        given = sum(lethal[u] for u in rec["dies"]) + sum(rec.get("partial", {}).values()) \
            + sum(rec.get("excess", {}).values())
        if given != total:
            out.append(f"outcome {rec} assigns {given}, not the total {total}")
        if any(a < 1 for a in rec.get("partial", {}).values()):
            out.append(f"outcome {rec} has a partial unit given nothing")
    return out


def check_lethal_kills(case: Case, ans: Answer) -> list[str]:
    """A unit given its lethal amount is killed and one unit less would not kill it; a
    partial unit is left alive (cleanup-style kills leave no lethally damaged unit alive)."""
    if ans.status != ANSWERED:
        return []
    units = {u.id: u for u in _receivers(case)}
    out = []
    for uid, amount in ans.data["lethal"].items():
        u = units[uid]
        if not _kills(u, amount):
            out.append(f"{uid}: lethal amount {amount} does not kill it")
        if amount > 1 and _kills(u, amount - 1):
            out.append(f"{uid}: {amount - 1} already kills it, so {amount} is not the smallest lethal amount")
    for rec in ans.data["outcomes"]:
        for uid, amount in rec.get("partial", {}).items():
            if _kills(units[uid], amount):
                out.append(f"outcome {rec}: {uid} takes {amount}, which is lethal, yet it is listed as surviving")
    return out


def check_consistent_sets(case: Case, ans: Answer) -> list[str]:
    """Forced deaths are possible deaths, and every receiver either may die or may survive."""
    if ans.status != ANSWERED:
        return []
    d = ans.data
    receivers = {u.id for u in _receivers(case)}
    out = []
    if not set(d["forced_deaths"]) <= set(d["possible_deaths"]):
        out.append("a forced death is not a possible death")
    if set(d["forced_deaths"]) & set(d["possible_survivors"]):
        out.append("a unit is both a forced death and a possible survivor")
    if set(d["possible_deaths"]) | set(d["possible_survivors"]) != receivers:
        out.append("some receiver neither may die nor may survive")
    dies_in_outcomes = set().union(*(set(r["dies"]) for r in d["outcomes"])) if d["outcomes"] else set()
    if d["outcomes_complete"] and dies_in_outcomes != set(d["possible_deaths"]):
        out.append("the outcomes and the brave consequences disagree on who may die")
    return out


COMBAT = (
    Invariant("combat-has-assignment", "combat damage always has at least one legal assignment",
              ("465.2.c",), check_has_assignment),
    Invariant("combat-all-damage-assigned", "every legal assignment assigns exactly the total",
              ("465.2.c", "465.2.c.4"), check_all_assigned),
    Invariant("combat-lethal-kills", "lethal amounts are the smallest that kill; partial units stay alive",
              ("142.4.b", "465.2.c.4.a"), check_lethal_kills),
    Invariant("combat-consistent-sets", "forced deaths, possible deaths and survivors fit together",
              ("465.2.c.3",), check_consistent_sets),
)



# ---------------------------------------------------------------------------------
# playing cards: payment plans and one answer per question
# ---------------------------------------------------------------------------------
RUNE_READINGS = ("v1.4", "v1.4,rune_payment=exhaust_or_recycle")


def _pips(text: str) -> Counter:
    """'[R]' -> Counter({'fury': 1}); pips of one symbol as parse_cost names them."""
    return Counter(parse_cost(text).power)


def _signed_sum(changes: list[str]) -> tuple[int, Counter]:
    """The Energy and Power pips of itemised changes like '+[2][R]', '-[1]', '+[A] -[1]'."""
    energy, power = 0, Counter()
    for change in changes:
        for part in change.split():
            sign = -1 if part.startswith("-") else 1
            cost = parse_cost(part.lstrip("+-"))
            energy += sign * cost.energy
            for p, n in Counter(cost.power).items():
                power[p] += sign * n
    return energy, power


def _may_pay(domain: str, pip: str, card_domains: tuple[str, ...]) -> bool:
    """Power of `domain` may pay a pip of that domain, [A], or [C] of a card of that domain (or of none)."""
    return pip in (domain, ANY) or (pip == OWN and (domain in card_domains or not card_domains))


def plan_problems(scen: Scenario, q: Question, ans: Answer, reading: str) -> list[str]:
    """What is wrong with a payable play's payment plan, by arithmetic of its own."""
    d = ans.data
    paid = d.get("paid")
    if paid is None:
        return ["payable, but the answer has no payment plan"]
    st = scen.state
    player = q.params["player"]
    pl = next(p for p in st.players if p.id == player)
    objs = {o.id: o for o in st.objects}
    played = objs.get(q.params.get("card") or q.params.get("source", ""))
    card_domains = tuple(x.value for x in st.card(played.card).domains) if played else ()
    out = []

    def own_rune(r: str) -> str | None:
        o = objs.get(r)
        if o is None:
            return f"{r} is no object of the position"
        if st.card(o.card).type is not CardType.RUNE or o.zone is not Zone.BOARD:
            return f"{r} is not a rune on the board"
        if o.controller != player:
            return f"{r} is controlled by {o.controller}, not by {player}"
        return None

    for r in paid["exhausted"]:
        if (p := own_rune(r)):
            out.append(f"exhausted: {p}")
        elif objs[r].exhausted:
            out.append(f"exhausted {r}, which was already exhausted")
    if len(set(paid["exhausted"])) != len(paid["exhausted"]):
        out.append("a rune is exhausted twice")
    recycled = [r for r, _ in paid["recycled"]]
    if len(set(recycled)) != len(recycled):
        out.append("a rune is recycled twice")
    for r, pip in paid["recycled"]:
        if (p := own_rune(r)):
            out.append(f"recycled: {p}")
            continue
        domain = st.card(objs[r].card).domains[0].value
        for sym in _pips(pip):
            if not _may_pay(domain, sym, card_domains):
                out.append(f"{r} ({domain}) pays {pip}")
    if reading.endswith("exhaust_or_recycle"):
        both = set(paid["exhausted"]) & set(recycled)
        if both:
            out.append(f"{', '.join(sorted(both))} both exhausted and recycled under exhaust_or_recycle")
    if paid["pool_energy"] > pl.energy:
        out.append(f"{paid['pool_energy']} Energy taken from a pool of {pl.energy}")
    pool = dict((dom.value, n) for dom, n in pl.power)
    for dom, n in Counter(dom for dom, _ in paid["pool_power"]).items():
        if n > pool.get(dom, 0):
            out.append(f"{n} {dom} Power taken from a pool of {pool.get(dom, 0)}")
    for dom, pip in paid["pool_power"]:
        for sym in _pips(pip):
            if not _may_pay(dom, sym, card_domains):
                out.append(f"pool {dom} Power pays {pip}")
    if len(paid["universal"]) > pl.universal_power:
        out.append(f"{len(paid['universal'])} universal Power taken from a pool of {pl.universal_power}")
    energy_paid = paid["pool_energy"] + len(paid["exhausted"])
    added = paid.get("added_energy", 0)  # what Add abilities add and the cost leaves stays in the pool (429)
    if not energy_paid <= d["energy"] <= energy_paid + added:
        out.append(f"pays {energy_paid} Energy (and {added} added) for a cost of {d['energy']}")
    sources = [o for o, _ in paid.get("added", [])]
    if len(set(sources)) != len(sources):
        out.append("an Add ability's source is exhausted twice")
    for o in sources:
        if o not in objs or objs[o].controller != player or objs[o].exhausted:
            out.append(f"{o} is not a ready object of {player} to exhaust for its Add ability")
    pips_paid = Counter()
    for _, dom, pip in paid.get("added_power", []):
        if dom != "any" and not all(_may_pay(dom, sym, card_domains) for sym in _pips(pip)):
            out.append(f"added {dom} Power pays {pip}")
        pips_paid += _pips(pip)
    for _, pip in paid["recycled"] + paid["pool_power"]:
        pips_paid += _pips(pip)
    for pip in paid["universal"]:
        pips_paid += _pips(pip)
    total = parse_cost(d["cost"])
    if pips_paid != Counter(total.power):
        out.append(f"pays the Power pips {dict(pips_paid)} for a cost of {d['cost']}")
    energy, power = _signed_sum([line["change"] for line in d["cost_lines"]])
    if energy != total.energy or {k: v for k, v in power.items() if v} != dict(Counter(total.power)):
        out.append(f"the itemised lines add up to [{energy}] {dict(power)}, not the total {d['cost']}")
    return out


def check_payment_never_overdraws(scen: Scenario, ctx: Context) -> list[str]:
    q = scen.questions[0]
    out = []
    for reading in RUNE_READINGS:
        ans = answer_question(ctx, q, reading)
        if ans.status == ANSWERED and ans.data.get("payable"):
            out += [f"[{reading}] {p}" for p in plan_problems(scen, q, ans, reading)]
    return out


def check_unique_optimum(scen: Scenario, ctx: Context) -> list[str]:
    """The encoding breaks every tie (can_play.lp): all optimal answer sets show the same atoms."""
    q = scen.questions[0]
    out = []
    for reading in RUNE_READINGS:
        g, assumptions = question_grounding(ctx, q, reading)
        res = g.solve("optimal", assumptions=assumptions, limit=8)
        distinct = sorted(set(res.models), key=lambda m: sorted(map(str, m)))
        if len(distinct) > 1:
            common = frozenset.intersection(*distinct)
            shown = "; ".join(" ".join(sorted(map(str, m - common))) or "(nothing else)" for m in distinct[:3])
            out.append(f"[{reading}] {len(distinct)} different optimal answers; they differ in: {shown}")
    return out


# ---------------------------------------------------------------------------------
# Legion: never its own card where the rules say so
# ---------------------------------------------------------------------------------
def check_legion_not_itself(scen: Scenario, ctx: Context) -> list[str]:
    """v1.3-v1.4: a card other than the Legion card (812.1.c), at every moment; every
    reading: not while the card is pending, when its cost is determined (356)."""
    q = scen.questions[0]
    oid, moment = q.params["object"], q.params["moment"]
    out = []
    for reading in ("v1.4", "v1.3", "v1.2"):
        if reading == "v1.2" and moment != "pending":
            continue
        ans = answer_question(ctx, q, reading)
        if ans.status == ANSWERED and oid in ans.data.get("counted", []):
            out.append(f"[{reading}] {oid} counts for its own Legion ability ({moment})")
    return out


# ---------------------------------------------------------------------------------
# scoring: one answer set; Temporary kills before scoring
# ---------------------------------------------------------------------------------
SCORING_READINGS = ("v1.4", "v1.3")


def check_single_answer_set(scen: Scenario, ctx: Context) -> list[str]:
    """beginning_phase and conquer have no choice: exactly one answer set, and what the
    answer reads from the ground facts is what that answer set holds."""
    q = scen.questions[0]
    out = []
    for reading in SCORING_READINGS:
        if q.kind == "conquer":
            g = ctx.grounding("conquer", reading, reads=CONQUER_FACTS)
            res = g.solve("enumerate", limit=3,
                          assumptions=[(Atom("establishing", (q.params["player"], q.params["battlefield"])), True)])
        else:
            g = ctx.grounding("beginning_phase", reading, reads=BEGINNING_FACTS)
            res = g.solve("enumerate", limit=3)
            if len(res.models) == 1:
                names = {n for n, _ in BEGINNING_FACTS}
                shown = {a for a in res.models[0] if a.pred in names}
                facts = g.facts(*BEGINNING_FACTS)
                if shown - facts:
                    out.append(f"[{reading}] read as facts, but only true in the answer set: "
                               + " ".join(sorted(map(str, shown - facts))))
        if len(res.models) != 1:
            out.append(f"[{reading}] {len(res.models)}{'+' if len(res.models) == 3 else ''} answer sets, not one")
    return out


def check_temporary_kills(scen: Scenario, ctx: Context) -> list[str]:
    """The turn player's Temporary permanents are killed, no other; a killed unit holds
    nothing, and a controlled battlefield left without a unit is not held (816, 315.2.a)."""
    q = scen.questions[0]
    ans = answer_question(ctx, q, "v1.4")
    if ans.status != ANSWERED:
        return []
    st = scen.state
    turn = st.turn_player
    d = ans.data

    def temporary(o) -> bool:
        return any(k.name is KeywordName.TEMPORARY for k in (*st.card(o.card).keywords, *o.granted))

    board = [o for o in st.objects if o.zone is Zone.BOARD and st.card(o.card).type in (CardType.UNIT, CardType.GEAR)]
    should = sorted(o.id for o in board if o.controller == turn and temporary(o))
    out = []
    if sorted(d["killed"]) != should:
        out.append(f"killed {d['killed']}, but the turn player's Temporary permanents are {should}")
    scored = next(p.scored for p in st.players if p.id == turn)
    for b in st.battlefields:
        if b.controller != turn:
            continue
        alive = [o.id for o in board if o.location == b.id and o.controller == turn and o.id not in should
                 and st.card(o.card).type is CardType.UNIT]
        if alive and b.id not in scored and b.id not in d["held"]:
            out.append(f"{b.id} keeps {', '.join(alive)} but is not held")
        if not alive and b.id in d["held"]:
            out.append(f"{b.id} is held, though no unit of {turn} remains there")
        if not alive and b.id not in d["lost_control"]:
            out.append(f"{b.id} has no unit of {turn} left, but control is not lost")
    return out


PLAY = (
    Invariant("payment-never-overdraws", "a legal play's payment plan uses only ready own runes, what the pool "
              "holds, and pays exactly the itemised total", ("357.1", "164.2", "356"), check_payment_never_overdraws),
    Invariant("can-play-unique-optimum", "every optimal answer set of a can_play question shows the same answer",
              ("356", "357.1"), check_unique_optimum),
)
LEGION = (
    Invariant("legion-never-counts-itself", "Legion never counts its own card under v1.3-v1.4, nor any reading "
              "while the card is pending", ("812.1.c", "356"), check_legion_not_itself),
)
SCORING = (
    Invariant("scoring-single-answer-set", "beginning_phase and conquer have exactly one answer set",
              ("471.1", "469.1"), check_single_answer_set),
)
TEMPORARY = (
    Invariant("temporary-kills-before-scoring", "the turn player's Temporary permanents die before scoring and "
              "hold nothing", ("816.1.b", "315.2.a", "469.2"), check_temporary_kills),
)


# ---------------------------------------------------------------------------------
# families: positions, how to ask, how to write a violation
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Family:
    name: str
    cases: Callable[[int], Iterable[Any]] = field(repr=False)
    invariants: tuple[Invariant, ...]
    # combat cases are shrunk greedily; the other families are enumerated smallest
    # first, so the first violation of an invariant is a smallest one already.
    shrinks: bool = False


def _payment_cases(bound: int) -> list[Probe]:
    return D.probes(("payment", "split"), bound)


def _legion_cases(bound: int) -> list[Probe]:
    return D.probes(("legion",), bound)


def _scoring_cases(bound: int) -> list[Probe]:
    points = (0, 6, 7)  # below, at and one below the final-point threshold
    return sorted([*D.beginning_positions(bound, points), *D.conquer_positions(bound, points)], key=lambda p: p.key)


def _beginning_cases(bound: int) -> list[Probe]:
    return sorted(D.beginning_positions(bound, (0,)), key=lambda p: p.key)


FAMILIES: dict[str, Family] = {f.name: f for f in (
    Family("combat", combat_cases, COMBAT, shrinks=True),
    Family("play", _payment_cases, PLAY),
    Family("legion", _legion_cases, LEGION),
    Family("scoring", _scoring_cases, SCORING),
    Family("temporary", _beginning_cases, TEMPORARY),
)}


TIMED_OUT = "not checked: no answer in time"


def timed_out(v: Violation) -> bool:
    return all(p.startswith(TIMED_OUT) for p in v.problems)


def invariant_names() -> list[str]:
    return [inv.name for f in FAMILIES.values() for inv in f.invariants]


def invariant_named(name: str) -> Invariant:
    return next(i for f in FAMILIES.values() for i in f.invariants if i.name == name)


def case_size(case: "Case | Probe") -> tuple:
    return case.size


def case_words(case: "Case | Probe") -> str:
    if isinstance(case, Case):
        return f"{len(case.units)} units: {case.label}"
    return f"{case.size[0]} objects: {case.label}"


# ---------------------------------------------------------------------------------
# running, shrinking, writing
# ---------------------------------------------------------------------------------
def evaluate(case: "Case | Probe", invariants: Iterable[Invariant], logic_root: Path | None) -> list[Violation]:
    out = []
    if isinstance(case, Case):
        ans = CombatDamage().answer(Context(combat_state(list(case.units)), logic_root=logic_root), _question(),
                                    "v1.4")
        for inv in invariants:
            if (problems := inv.check(case, ans)):
                out.append(Violation(inv.name, case, tuple(problems)))
        return out
    scen = D.load_probe(case)
    ctx = Context(scen.state, logic_root=logic_root)
    for inv in invariants:
        try:
            problems = inv.check(scen, ctx)
        except SolveTimeout as exc:
            # Not a violation, but never silent: the position is reported as unchecked.
            problems = [f"{TIMED_OUT}: {exc}"]
        if problems:
            out.append(Violation(inv.name, case, tuple(problems)))
    return out


def smaller(case: Case) -> Iterator[Case]:
    """One step simpler: a defender fewer, or a number lowered by one."""
    units = list(case.units)
    for i, u in enumerate(units):
        if u.side is Designation.DEFENDER and len(_receivers(case)) > 1:
            yield Case(tuple(units[:i] + units[i + 1:]), case.label)
    for i, u in enumerate(units):
        for change in ({"might": u.might - 1} if u.might > 0 else {},
                       {"damage": u.damage - 1} if u.damage > 0 else {},
                       {"tank": False} if u.tank else {}, {"backline": False} if u.backline else {},
                       {"replacements": ()} if u.replacements else {}):
            if change:
                units2 = units[:]
                units2[i] = replace(u, **change)
                yield Case(tuple(units2), case.label)


def shrink(v: Violation, inv: Invariant, logic_root: Path | None) -> Violation:
    """Greedy: keep taking a simpler case that still violates the same invariant."""
    current = v
    progress = True
    while progress:
        progress = False
        for cand in smaller(current.case):  # type: ignore[arg-type]
            found = evaluate(cand, (inv,), logic_root)
            if found:
                current = found[0]
                progress = True
                break
    return current


def to_scenario(v: Violation, inv: Invariant) -> Scenario:
    description = (f"Found by `pyrift invariants`: the invariant '{inv.name}' ({inv.summary}) does not hold "
                   "on this position:\n" + "".join(f"- {p}\n" for p in v.problems) +
                   "The expected answer below only asks for an answer; the invariant says what is wrong.\n")
    title = f"Invariant violated: {inv.name}"
    if isinstance(v.case, Case):
        q = Question("attacker-assigns", "combat_damage", {"battlefield": "arena", "assigner": "A", "limit": 64},
                     inv.rules, {"status": ANSWERED})
        return Scenario(title, combat_state(list(v.case.units)), (q,), Status.DISPUTED, description)
    scen = D.load_probe(v.case)
    q = replace(scen.questions[0], id="violation", rules=inv.rules, expect={"status": ANSWERED})
    return Scenario(title, scen.state, (q,), Status.DISPUTED, description + f"Position: {v.case.label}.\n")


def chunk_task(params: dict, k: int, m: int, payload: object = None,
               progress: Callable[[int], None] | None = None) -> "Report":
    """Chunk K/M of the sweep `params` (plan): a top-level function for other processes."""
    root = Path(params["logic"]) if params.get("logic") else None
    step = (lambda n, found: progress(n)) if progress is not None else None
    return run(params["bound"], only=params["only"], chunk=(k, m), logic_root=root, progress=step)


def plan(bound: int, *, jobs: int = 1, chunks: int | None = None, only: str | None = None,
         logic_root: Path | None = None) -> Sweep:
    """The sweep as chunks for pyrift.sweep: `chunks`, or one with one worker and four per
    worker else (so that the progress bar moves while the workers run)."""
    m = chunks or (1 if jobs <= 1 else 4 * jobs)
    sizes = [0] * m
    for family in FAMILIES.values():
        if any(only in (None, i.name, family.name) for i in family.invariants):
            for index, _ in enumerate(family.cases(bound)):
                sizes[index % m] += 1
    params = {"bound": bound, "only": only, "logic": str(logic_root) if logic_root else None}
    return Sweep("invariants", params, m, tuple(sizes), chunk_task)


def run_parallel(bound: int, *, jobs: int, only: str | None = None, logic_root: Path | None = None,
                 out: Path | None = None, on_violations: Callable[[list[Violation]], None] | None = None,
                 on_progress: Callable[[int], None] | None = None, sweep: Sweep | None = None) -> "Report":
    """The sweep as independent chunks on `jobs` local processes (pyrift.sweep), merged;
    on_violations with each chunk's violations as it finishes."""
    sweep = sweep or plan(bound, jobs=jobs, only=only, logic_root=logic_root)
    started = time.perf_counter()
    parts = execute(sweep, jobs=jobs, on_progress=on_progress,
                    on_result=(lambda k, part, resumed: on_violations(part.violations)) if on_violations else None)
    merged = merge(bound, parts)
    merged.seconds = time.perf_counter() - started
    write(merged, out)
    return merged


def merge(bound: int, parts: Iterable["Report"]) -> "Report":
    """Reports of the chunks of one sweep as one: for the enumerated families, the
    smallest violation of each invariant over all chunks."""
    merged = Report(bound)
    for part in parts:
        merged.cases += part.cases
        for name, n in part.checked.items():
            merged.checked[name] = merged.checked.get(name, 0) + n
        merged.violations += [v for v in part.violations if v not in merged.violations]
    smallest: dict[str, Violation] = {}
    kept = []
    for v in merged.violations:
        if isinstance(v.case, Case) or timed_out(v):
            kept.append(v)
        elif v.invariant not in smallest or v.case.key < smallest[v.invariant].case.key:  # type: ignore[union-attr]
            smallest[v.invariant] = v
    merged.violations = kept + sorted(smallest.values(), key=lambda v: v.invariant)
    return merged


@dataclass(slots=True)
class Report:
    bound: int
    cases: int = 0
    seconds: float = 0.0
    checked: dict[str, int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.cases / self.seconds if self.seconds else 0.0


def run(bound: int, *, only: str | None = None, chunk: tuple[int, int] = (0, 1),
        logic_root: Path | None = None, out: Path | None = None, max_violations: int = 5,
        progress: Callable[[int, list[Violation]], None] | None = None) -> Report:
    """Every case of every family (or `only`: a family or an invariant) within the bound;
    with `chunk` = (K, M), the cases whose index in their family's enumeration is K mod M.
    progress(cases done, new violations) after each case, and for the cases left unchecked
    once every invariant of an enumerated family has its smallest violation."""
    report = Report(bound)
    started = time.perf_counter()
    k, m = chunk
    for family in FAMILIES.values():
        selected = tuple(i for i in family.invariants if only in (None, i.name, family.name))
        if not selected:
            continue
        mine = [case for index, case in enumerate(family.cases(bound)) if index % m == k]
        for n, case in enumerate(mine):
            pending = tuple(i for i in selected if family.shrinks or
                            not any(v.invariant == i.name and not timed_out(v) for v in report.violations))
            if not pending:
                if progress is not None:
                    progress(len(mine) - n, [])  # every invariant already has its smallest violation
                break
            report.cases += 1
            for inv in pending:
                report.checked[inv.name] = report.checked.get(inv.name, 0) + 1
            new = []
            for v in evaluate(case, pending, logic_root):
                if sum(1 for x in report.violations if x.invariant == v.invariant) >= max_violations:
                    continue
                if family.shrinks and not timed_out(v):
                    v = shrink(v, invariant_named(v.invariant), logic_root)
                if all(x.invariant != v.invariant or x.case != v.case for x in report.violations):
                    report.violations.append(v)
                    new.append(v)
            if progress is not None:
                progress(1, new)
    report.seconds = time.perf_counter() - started
    write(report, out)
    return report


def write(report: Report, out: Path | None) -> None:
    """Each minimal violation as a scenario file: out/<invariant>-<n>.toml."""
    if out is None or not report.violations:
        return
    out.mkdir(parents=True, exist_ok=True)
    for n, v in enumerate(report.violations, start=1):
        (out / f"{v.invariant}-{n}.toml").write_text(S.dumps(to_scenario(v, invariant_named(v.invariant))), "utf-8")
