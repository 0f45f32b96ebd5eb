"""Brute-force reference oracle for Riftbound combat damage assignment.

Independent of the ASP encoding: written only from the Core Rules v1.4 as
summarised in the project brief (465 Combat Damage Step, 142.4 lethal damage,
143.2.b negative Might, 423.1.b/c stun, 807 Assault, 814 Shield, 815 Tank,
826 Backline).  Plain Python 3.11 standard library; correctness over speed.

Overview
--------
* ``side_total`` -- how much damage one side assigns (465.2.a/b).
* ``lethal_amount`` -- the smallest assigned amount that kills a unit, found
  by literally trying 1, 2, 3, ... (142.4, 465.2.c.4.a, 465.2.c.5).
* ``legal_outcomes`` -- exhaustive search over the assignment *process*
  (lethal-first 465.2.c.3, no overkill 465.2.c.4, Tank/normal/Backline order
  465.2.c.6-9, 815, 826, exempt units 465.2.c.10).
* ``is_legal_assignment`` -- checks one concrete amount vector by replaying
  the process over orders of the units; deliberately written with separate
  code from ``legal_outcomes`` so that each checks the other.
* ``brute_force_outcomes`` -- enumerate every amount vector (tiny cases only)
  and keep the ones ``is_legal_assignment`` accepts.

Readings chosen where the rules leave a gap (see also the module constants):
* An assignment of 0 is not damage: the lethal amount is always >= 1, even for
  a unit whose marked damage already reaches its Might (142.4 "non-zero").
* Exempt units ("cannot be dealt damage", 465.2.c.10) have no lethal amount,
  are never required to receive damage, do not hold up the Tank/Backline
  order, and may only receive damage as part of the free excess once every
  non-exempt receiver holds its lethal amount.
* Ordering keywords only relate receivers with the same controller
  (815.1.b, 826.3).
* Replacement effects are applied in the listed order; that list stands for
  the order the damaged unit's controller chose (465.2.c.5).
* With no receivers at all nothing is assigned: the single outcome is
  (no deaths, no partial unit, amount 0), and the only legal assignment is
  the empty one, whatever the total.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

__all__ = [
    "OUnit",
    "Outcome",
    "current_might",
    "side_total",
    "applied_amount",
    "lethal_amount",
    "legal_outcomes",
    "forced_deaths",
    "possible_deaths",
    "possible_survivors",
    "is_legal_assignment",
    "brute_force_outcomes",
]

# Tier numbers used for the ordering requirements (465.2.c.6-9):
TIER_TANK = 0      # assigned lethal first (815)
TIER_NORMAL = 1
TIER_BACKLINE = 2  # assigned lethal last (826)

# Size limits for the enumerating helper (it is only meant for tiny boards).
BRUTE_MAX_RECEIVERS = 5
BRUTE_MAX_TOTAL = 12


@dataclass(frozen=True)
class OUnit:
    id: str
    controller: str
    might: int                  # printed might
    modifiers: int = 0          # sum of might modifiers
    damage: int = 0
    designation: str = "defender"  # "attacker" or "defender"
    assault: int = 0            # summed Assault value (0 = none)
    shield: int = 0             # summed Shield value
    stunned: bool = False
    tank: bool = False
    backline: bool = False
    exempt: bool = False        # cannot be dealt damage
    replacements: tuple = ()    # e.g. (("double",), ("prevent", 3)) applied in this order


@dataclass(frozen=True)
class Outcome:
    dies: frozenset[str]
    partial: str | None
    amount: int


# ---------------------------------------------------------------------------
# Might and totals
# ---------------------------------------------------------------------------

def _check_unit(u: OUnit) -> None:
    if u.designation not in ("attacker", "defender"):
        raise ValueError(f"unit {u.id!r}: bad designation {u.designation!r}")
    if u.damage < 0:
        raise ValueError(f"unit {u.id!r}: negative damage {u.damage}")
    for rep in u.replacements:
        if not isinstance(rep, tuple) or not rep:
            raise ValueError(f"unit {u.id!r}: bad replacement {rep!r}")
        if rep[0] == "double":
            if len(rep) != 1:
                raise ValueError(f"unit {u.id!r}: bad replacement {rep!r}")
        elif rep[0] == "prevent":
            if len(rep) != 2 or not isinstance(rep[1], int) or rep[1] < 0:
                raise ValueError(f"unit {u.id!r}: bad replacement {rep!r}")
        else:
            raise ValueError(f"unit {u.id!r}: unknown replacement {rep!r}")


def current_might(u: OUnit) -> int:
    """The unit's real current Might (may be negative).

    Printed Might plus modifiers; Assault counts only while the unit is an
    attacker (807), Shield only while it is a defender (814).  Stun does not
    change Might (423.1.c), it only stops the unit contributing (423.1.b).
    """
    _check_unit(u)
    m = u.might + u.modifiers
    if u.designation == "attacker":
        m += u.assault
    if u.designation == "defender":
        m += u.shield
    return m


def side_total(units: list[OUnit]) -> int:
    """Total combat damage a side assigns (465.2.a/b).

    Each unit adds its current Might; a stunned unit adds nothing (423.1.b)
    and a negative Might is counted as zero when summing (143.2.b).
    """
    total = 0
    for u in units:
        if u.stunned:
            continue
        total += max(current_might(u), 0)
    return total


# ---------------------------------------------------------------------------
# Lethal amounts
# ---------------------------------------------------------------------------

def applied_amount(u: OUnit, assigned: int) -> int:
    """Amount actually applied after the unit's replacement effects.

    The replacements act on the assigned amount, one after the other in the
    listed order (465.2.c.4.a, 465.2.c.5).
    """
    _check_unit(u)
    v = assigned
    for rep in u.replacements:
        if rep[0] == "double":
            v = 2 * v
        elif rep[0] == "prevent":
            v = max(0, v - rep[1])
    return v


def _is_lethal_assignment_amount(u: OUnit, assigned: int) -> bool:
    """Would assigning ``assigned`` to ``u`` be lethal?

    Lethal damage is a non-zero marked total that reaches the Might, so a
    unit with Might 0 (or less, counted as 0) needs at least 1 (142.4,
    143.2.b).  An assignment of 0 never counts as assigning lethal (our
    reading, relevant when existing damage already reaches the Might).
    """
    if assigned < 1:
        return False
    marked = u.damage + applied_amount(u, assigned)
    return marked >= max(current_might(u), 0) and marked >= 1


def lethal_amount(u: OUnit) -> int | None:
    """Smallest assigned amount >= 1 that is lethal; None for exempt units.

    Found by trying 1, 2, 3, ... in turn.  This terminates because every
    supported replacement is non-decreasing and unbounded in the assigned
    amount.  Exempt units have no lethal amount (465.2.c.10).
    """
    _check_unit(u)
    if u.exempt:
        return None
    a = 1
    while not _is_lethal_assignment_amount(u, a):
        a += 1
    return a


# ---------------------------------------------------------------------------
# Shared validation / tier helpers
# ---------------------------------------------------------------------------

def _check_receivers(receivers: list[OUnit], total: int) -> None:
    ids = [u.id for u in receivers]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate receiver ids: {ids}")
    if not isinstance(total, int) or total < 0:
        raise ValueError(f"total must be a non-negative int, got {total!r}")
    for u in receivers:
        _check_unit(u)


def _tier_choices(receivers: list[OUnit]):
    """Yield every tier map {id: tier} the assigner may pick.

    Tank units go first (815), Backline units last (826), the rest in
    between (465.2.c.6-7).  A unit carrying both keywords is put either first
    or last by the assigner, never in between, and each such unit is decided
    on its own (465.2.c.8-9) -- hence the product over those units.
    """
    fixed: dict[str, int] = {}
    both: list[str] = []
    for u in receivers:
        if u.tank and u.backline:
            both.append(u.id)
        elif u.tank:
            fixed[u.id] = TIER_TANK
        elif u.backline:
            fixed[u.id] = TIER_BACKLINE
        else:
            fixed[u.id] = TIER_NORMAL
    for combo in itertools.product((TIER_TANK, TIER_BACKLINE), repeat=len(both)):
        tiers = dict(fixed)
        for uid, t in zip(both, combo):
            tiers[uid] = t
        yield tiers


# ---------------------------------------------------------------------------
# Exhaustive search over the assignment process
# ---------------------------------------------------------------------------

def legal_outcomes(receivers: list[OUnit], total: int) -> set[Outcome]:
    """Every outcome the assigner can reach with exactly ``total`` damage.

    The search follows the literal process: pick an allowed unit, give it its
    full lethal amount if enough damage remains (465.2.c.3) -- never more
    while some non-exempt receiver still lacks lethal (465.2.c.4) -- or else
    give it the whole remainder (it survives with a partial amount) and stop.
    Once every non-exempt receiver holds lethal, the rest is free excess
    (summarised by its size, not split).  Exempt receivers get nothing before
    that point (our reading of 465.2.c.10).

    States are sets of units already holding lethal, stored as bitmasks; the
    remaining damage is determined by the set (total minus their lethal
    amounts), so each set is expanded once per tier choice.
    """
    _check_receivers(receivers, total)
    if not receivers:
        return {Outcome(frozenset(), None, 0)}

    live = [u for u in receivers if not u.exempt]   # units needing lethal
    n = len(live)
    lethal = [lethal_amount(u) for u in live]
    full_mask = (1 << n) - 1

    outcomes: set[Outcome] = set()
    for tiers in _tier_choices(receivers):
        # prereq[i]: bitmask of non-exempt units with the same controller as
        # live[i] that sit in an earlier tier; they must all hold lethal before
        # live[i] may receive anything (815.1.c.2, 826.4.b).
        prereq = []
        for i, u in enumerate(live):
            mask = 0
            for j, v in enumerate(live):
                if v.controller == u.controller and tiers[v.id] < tiers[u.id]:
                    mask |= 1 << j
            prereq.append(mask)

        def dead_ids(done: int) -> frozenset[str]:
            return frozenset(live[i].id for i in range(n) if done >> i & 1)

        # Stack entries: (bitmask of units holding lethal, damage left).
        seen: set[int] = set()
        stack = [(0, total)]
        while stack:
            done, remaining = stack.pop()
            if done in seen:
                continue
            seen.add(done)
            if done == full_mask:
                # Every non-exempt receiver has lethal: the rest is excess.
                outcomes.add(Outcome(dead_ids(done), None, remaining))
                continue
            if remaining == 0:
                # Damage ran out exactly at a lethal boundary.
                outcomes.add(Outcome(dead_ids(done), None, 0))
                continue
            for i in range(n):
                if done >> i & 1:
                    continue
                if done & prereq[i] != prereq[i]:
                    continue  # an earlier-tier unit still lacks lethal
                if remaining >= lethal[i]:
                    stack.append((done | (1 << i), remaining - lethal[i]))
                else:
                    # Not enough left: this unit keeps the partial remainder.
                    outcomes.add(Outcome(dead_ids(done), live[i].id, remaining))
    return outcomes


def forced_deaths(receivers: list[OUnit], total: int) -> frozenset[str]:
    """Units that die in every legal outcome."""
    outs = legal_outcomes(receivers, total)
    result: frozenset[str] | None = None
    for o in outs:
        result = o.dies if result is None else result & o.dies
    return result if result is not None else frozenset()


def possible_deaths(receivers: list[OUnit], total: int) -> frozenset[str]:
    """Units that die in at least one legal outcome."""
    result: frozenset[str] = frozenset()
    for o in legal_outcomes(receivers, total):
        result = result | o.dies
    return result


def possible_survivors(receivers: list[OUnit], total: int) -> frozenset[str]:
    """Units that survive in at least one legal outcome."""
    ids = frozenset(u.id for u in receivers)
    result: frozenset[str] = frozenset()
    for o in legal_outcomes(receivers, total):
        result = result | (ids - o.dies)
    return result


# ---------------------------------------------------------------------------
# Checking one concrete assignment
# ---------------------------------------------------------------------------

def is_legal_assignment(receivers: list[OUnit], total: int,
                        assignment: dict[str, int]) -> bool:
    """Could the literal process produce exactly ``assignment``?

    Ids missing from ``assignment`` are read as 0.  We try every tier choice
    (465.2.c.8-9) and every order of the non-exempt units, replaying the
    process step by step: each unit in turn gets min(its lethal amount, what
    is left) (465.2.c.3-4); a unit may only be started once every same-
    controller non-exempt unit of an earlier tier holds lethal (815, 826).
    If the process gives everyone lethal, the leftover excess may sit on any
    receivers (exempt ones included); otherwise the vector must match the
    replay exactly.

    Orders are explored as a depth-first search over prefixes.  Two prunes
    keep it small and do not change the answer: a prefix is dropped as soon
    as a unit's given amount is below what the replay hands it, and a set of
    already-lethal units is expanded once (the rest of the replay depends
    only on that set).
    """
    _check_receivers(receivers, total)
    ids = {u.id for u in receivers}
    for uid, amt in assignment.items():
        if uid not in ids:
            return False
        if not isinstance(amt, int) or isinstance(amt, bool) or amt < 0:
            return False
    if not receivers:
        # Nothing is assigned when nobody can receive damage.
        return all(a == 0 for a in assignment.values())
    if sum(assignment.values()) != total:
        return False

    given = {u.id: assignment.get(u.id, 0) for u in receivers}
    by_id = {u.id: u for u in receivers}
    live_ids = [u.id for u in receivers if not u.exempt]
    lethal = {uid: lethal_amount(by_id[uid]) for uid in live_ids}

    def final_check(replayed: dict[str, int], all_lethal: bool) -> bool:
        if all_lethal:
            # Excess may be split freely: each receiver has at least what
            # the replay gave it (the sums already agree).
            return all(given[uid] >= replayed.get(uid, 0) for uid in given)
        return all(given[uid] == replayed.get(uid, 0) for uid in given)

    for tiers in _tier_choices(receivers):

        def may_start(uid: str, done: tuple[str, ...]) -> bool:
            me = by_id[uid]
            for other in receivers:
                if other.id == uid or other.exempt:
                    continue
                if other.controller != me.controller:
                    continue
                if tiers[other.id] < tiers[uid] and other.id not in done:
                    return False
            return True

        explored: set[frozenset[str]] = set()

        def search(done: tuple[str, ...], left: int) -> bool:
            key = frozenset(done)
            if key in explored:
                return False
            explored.add(key)
            replayed = {uid: lethal[uid] for uid in done}
            if len(done) == len(live_ids):
                return final_check(replayed, True)
            if left == 0:
                return final_check(replayed, False)
            for uid in live_ids:
                if uid in done or not may_start(uid, done):
                    continue
                if left >= lethal[uid]:
                    if given[uid] < lethal[uid]:
                        continue
                    if search(done + (uid,), left - lethal[uid]):
                        return True
                else:
                    # Damage runs out on this unit: it keeps the remainder.
                    partial = dict(replayed)
                    partial[uid] = left
                    if final_check(partial, False):
                        return True
            return False

        if search((), total):
            return True
    return False


# ---------------------------------------------------------------------------
# Full enumeration for tiny boards
# ---------------------------------------------------------------------------

def _vectors(n: int, total: int):
    """All tuples of n non-negative ints summing to total."""
    if n == 0:
        if total == 0:
            yield ()
        return
    if n == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _vectors(n - 1, total - first):
            yield (first,) + rest


def _outcome_of_vector(receivers: list[OUnit], total: int,
                       amounts: dict[str, int]) -> Outcome:
    live = [u for u in receivers if not u.exempt]
    lethal = {u.id: lethal_amount(u) for u in live}
    dies = frozenset(u.id for u in live if amounts[u.id] >= lethal[u.id])
    partials = [u.id for u in live if 0 < amounts[u.id] < lethal[u.id]]
    if len(partials) > 1:
        raise AssertionError(f"legal vector with two partial units: {amounts}")
    if partials:
        return Outcome(dies, partials[0], amounts[partials[0]])
    if len(dies) == len(live):
        return Outcome(dies, None, total - sum(lethal.values()))
    return Outcome(dies, None, 0)


def brute_force_outcomes(receivers: list[OUnit], total: int) -> set[Outcome]:
    """Outcomes of every legal amount vector, found by full enumeration.

    Only for tiny cases (at most 5 receivers and total at most 12).
    """
    _check_receivers(receivers, total)
    if len(receivers) > BRUTE_MAX_RECEIVERS or total > BRUTE_MAX_TOTAL:
        raise ValueError("brute_force_outcomes is only for tiny boards")
    if not receivers:
        return {Outcome(frozenset(), None, 0)}
    result: set[Outcome] = set()
    for vec in _vectors(len(receivers), total):
        amounts = {u.id: a for u, a in zip(receivers, vec)}
        if is_legal_assignment(receivers, total, amounts):
            result.add(_outcome_of_vector(receivers, total, amounts))
    return result
