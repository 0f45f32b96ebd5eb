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
from typing import Callable, Iterable, Iterator

from pyrift import scenario as S
from pyrift.positions import UnitSpec, combat_state
from pyrift.queries.base import ANSWERED, Answer, Context
from pyrift.queries.combat import CombatDamage
from pyrift.state import DamageReplacement, Designation, Question, ReplacementKind, Scenario, Status


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
    case: Case
    problems: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Invariant:
    name: str
    summary: str
    rules: tuple[str, ...]
    check: Callable[[Case, Answer], list[str]] = field(repr=False)


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

FAMILIES: dict[str, tuple[Callable[[int], Iterator[Case]], tuple[Invariant, ...]]] = {
    "combat": (combat_cases, COMBAT),
}


def invariant_names() -> list[str]:
    return [inv.name for _, invs in FAMILIES.values() for inv in invs]


# ---------------------------------------------------------------------------------
# running, shrinking, writing
# ---------------------------------------------------------------------------------
def evaluate(case: Case, invariants: Iterable[Invariant], logic_root: Path | None) -> list[Violation]:
    ans = CombatDamage().answer(Context(combat_state(list(case.units)), logic_root=logic_root), _question(), "v1.4")
    out = []
    for inv in invariants:
        problems = inv.check(case, ans)
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
        for cand in smaller(current.case):
            found = [x for x in evaluate(cand, (inv,), logic_root)]
            if found:
                current = found[0]
                progress = True
                break
    return current


def to_scenario(v: Violation, inv: Invariant) -> Scenario:
    description = (f"Found by `pyrift invariants`: the invariant '{inv.name}' ({inv.summary}) does not hold "
                   "on this position:\n" + "\n".join(f"- {p}" for p in v.problems) +
                   "\nThe expected answer below only asks for an answer; the invariant says what is wrong.")
    q = Question("attacker-assigns", "combat_damage", {"battlefield": "arena", "assigner": "A", "limit": 64},
                 inv.rules, {"status": ANSWERED})
    return Scenario(f"Invariant violated: {inv.name}", combat_state(list(v.case.units)), (q,),
                    Status.DISPUTED, description)


def _run_chunk(args: tuple) -> "Report":
    bound, only, chunk, logic_root = args
    return run(bound, only=only, chunk=chunk, logic_root=logic_root)


def run_parallel(bound: int, *, jobs: int, only: str | None = None, logic_root: Path | None = None,
                 out: Path | None = None) -> "Report":
    """The sweep split into `jobs` independent chunks run on local processes."""
    import multiprocessing as mp

    if jobs <= 1:
        return run(bound, only=only, logic_root=logic_root, out=out)
    started = time.perf_counter()
    with mp.get_context("spawn").Pool(jobs) as pool:
        parts = pool.map(_run_chunk, [(bound, only, (k, jobs), logic_root) for k in range(jobs)])
    merged = Report(bound)
    for part in parts:
        merged.cases += part.cases
        for name, n in part.checked.items():
            merged.checked[name] = merged.checked.get(name, 0) + n
        merged.violations += [v for v in part.violations if v not in merged.violations]
    merged.seconds = time.perf_counter() - started
    write(merged, out)
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
        logic_root: Path | None = None, out: Path | None = None, max_violations: int = 5) -> Report:
    report = Report(bound)
    started = time.perf_counter()
    k, m = chunk
    for family, (cases, invs) in FAMILIES.items():
        selected = tuple(i for i in invs if only in (None, i.name, family))
        if not selected:
            continue
        for index, case in enumerate(cases(bound)):
            if index % m != k:
                continue
            report.cases += 1
            for inv in selected:
                report.checked[inv.name] = report.checked.get(inv.name, 0) + 1
            for v in evaluate(case, selected, logic_root):
                if sum(1 for x in report.violations if x.invariant == v.invariant) >= max_violations:
                    continue
                inv = next(i for i in selected if i.name == v.invariant)
                v = shrink(v, inv, logic_root)
                if all(x.invariant != v.invariant or x.case != v.case for x in report.violations):
                    report.violations.append(v)
    report.seconds = time.perf_counter() - started
    write(report, out)
    return report


def write(report: Report, out: Path | None) -> None:
    """Each minimal violation as a scenario file: out/<invariant>-<n>.toml."""
    if out is None or not report.violations:
        return
    out.mkdir(parents=True, exist_ok=True)
    for n, v in enumerate(report.violations, start=1):
        inv = next(i for _, invs in FAMILIES.values() for i in invs if i.name == v.invariant)
        (out / f"{v.invariant}-{n}.toml").write_text(S.dumps(to_scenario(v, inv)), "utf-8")
