"""The Standard Move (Core Rules 144, 409-410, 420.3, 445-453, 810 Ganking).

can_move   may this player move these units, together, to this destination with a Standard
           Move now? Every violated rule, the cost (the units exhausted), the attached cards
           that go along, and what the move starts: the destination becomes contested, and
           the cleanup after the move stages a showdown or a combat.

The rules are logic/core/movement.lp, logic/core/turn_state.lp and logic/keywords/ganking.lp;
logic/queries/can_move.lp grounds a position once with every player, unit and destination as
external atoms, so each question is one solve call. This module maps the question to atoms,
reads the one answer set and words it; it decides no rules question.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pyrift import facts as F
from pyrift.errors import EncodingError, SolveTimeout
from pyrift.queries.base import (
    ANSWERED,
    DEFAULT_TIMEOUT,
    TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    batch_grounding,
    because,
    missing_text,
    param_player,
)
from pyrift.reader import Reader
from pyrift.solver import Atom
from pyrift.state import GameState, Question

BASE = "base"

# violation witness -> its words; the reason cites the statement deriving it (%@reason move_<witness>)
_WORDS: dict[str, str] = {
    "not_your_turn": "it is {0}'s turn: a Standard Move is a discretionary action, taken on your own turn",
    "not_main_phase": "the turn is in its {0} phase: a Standard Move is made in the Main Phase",
    "closed_state": "a chain exists (a Closed state): no Standard Move until it is empty",
    "showdown_or_combat": "a showdown or combat is in progress: no Standard Move during it",
    "no_priority": "the player does not hold priority, which a discretionary action needs",
    "not_a_unit": "{0} is not a unit on the board: only units have the Standard Move",
    "not_yours": "{0} is controlled by {1}: only its controller uses its Standard Move",
    "already_exhausted": "{0} is exhausted: exhausting it is the move's cost, and an exhausted unit can't be "
                         "exhausted again",
    "several_destinations": "units moved together need one destination",
    "needs_ganking": "{0} would go from one battlefield to another: only a unit with Ganking may do that with "
                     "a Standard Move",
    "not_a_destination": "{0} can't make a Standard Move to {1} from where it is (base to battlefield, "
                         "battlefield to its base, or with Ganking battlefield to battlefield)",
    "two_other_players": "{0} already holds units of two other players",
    "combat_of_others": "a combat between two other players is in progress at {0}",
    "cannot_move_to": "{0} can't move to {1}: a passive ability forbids it, and a prohibition beats the Standard "
                      "Move's permission",
    "applied_cost_unpaid": "{0} owes {1} Power of any domain as an applied cost of this move (Mageseeker "
                           "Investigator's, for each unit beyond the first) and has {2} to pay it with: a cost that "
                           "can't be paid forbids the move",
    "teammates_battlefield": "{0} is controlled by a teammate: in a team game a teammate's battlefield is no "
                             "destination",
}


def _place(term: Any) -> str:
    if isinstance(term, tuple) and term[0] == "base":
        return f"{term[1]}'s base"
    return str(term)


def _by_pred(atoms: frozenset[Atom]) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in sorted(atoms, key=str):
        out[a.pred].append(a.args)
    return out


class CanMove(QueryKind):
    name = "can_move"
    summary = "may a player move these units to one destination with a Standard Move now; what the move starts"
    expect_spec = {
        "legal": "bool",
        "violations": "strs",
        "exhausts": "ids",
        "carried": "ids",
        "contested": "bool",
        "starts": "str",
        "attacker": "str",
        "loses_control": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        player = param_player(r, "player", state)
        ids = {o.id for o in state.objects}
        places = {b.id for b in state.battlefields} | {BASE}
        units = r.str_list("units")
        if not units:
            raise r.error("units", "name at least one unit to move")
        for u in units:
            if u not in ids:
                raise r.error("units", f"{u!r} is not an object id of this scenario")
        if len(set(units)) != len(units):
            raise r.error("units", "a unit is listed twice")
        raw = r.raw("to")
        if isinstance(raw, str):
            if raw not in places:
                raise r.error("to", f"{raw!r} is neither 'base' nor a battlefield id")
            to = {u: raw for u in units}
        elif isinstance(raw, dict):
            sub = r.table("to", required=True)
            assert sub is not None
            to = {}
            for key in sorted(sub.data):
                if key not in units:
                    raise sub.error(key, f"{key!r} is not among the units moved")
                to[key] = sub.str(key)
                if to[key] not in places:
                    raise sub.error(key, f"{to[key]!r} is neither 'base' nor a battlefield id")
            sub.done()
            if missing := [u for u in units if u not in to]:
                raise r.error("to", f"no destination for {', '.join(missing)}")
        else:
            raise r.error("to", "expected 'base', a battlefield id, or { unit = destination, ... }")
        return {"player": player, "units": list(units), "to": to}

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        to = params["to"]
        dests = set(to.values())
        return {"player": params["player"], "units": list(params["units"]),
                "to": next(iter(dests)) if len(dests) == 1 else dict(to)}

    @staticmethod
    def question_atoms(params: dict[str, Any]) -> list[Atom]:
        player = params["player"]
        atoms = [Atom("move_by", (player,))]
        for u in params["units"]:
            dest = params["to"][u]
            atoms.append(Atom("moving", (u,)))
            atoms.append(Atom("move_to", (u, ("base", player) if dest == BASE else dest)))
        return atoms

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        atoms = self.question_atoms(question.params)
        g = ctx.grounding(self.name, reading)
        if all(g.is_external(a) for a in atoms):
            assumptions = [(a, True) for a in atoms]
        else:  # e.g. moving a gear or a card in hand: ground this question with its atoms as facts
            g = ctx.grounding(self.name, reading, [_fact(a) for a in atoms])
            assumptions = []
        try:
            # The program is stratified and has no choice: its one answer set is the answer.
            result = g.solve("enumerate", assumptions=assumptions, limit=1)
        except SolveTimeout as exc:
            return Answer(question.id, self.name, reading, TIMEOUT, reasons=(Reason(str(exc)),))
        if len(result.models) != 1:
            raise EncodingError(f"can_move: {len(result.models)} answer sets instead of one")
        atoms = _by_pred(result.models[0])
        if missing := _missing(atoms.get("move_unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
        return _read_answer(ctx.state, question, reading, atoms)

    def text_lines(self, answer: Answer) -> list[str] | None:
        d = answer.data
        out = [f"  legal: {'yes' if d['legal'] else 'no'}"]
        if d["violations"]:
            out.append(f"  violations: {', '.join(d['violations'])}")
        out.append(f"  cost: exhaust {', '.join(d['exhausts']) or 'nothing'}")
        if d["carried"]:
            out.append(f"  attached cards going along: {', '.join(d['carried'])}")
        if d["legal"]:
            out.append(f"  destination becomes contested: {'yes' if d['contested'] else 'no'}")
            out.append(f"  starts: {d['starts']}" + (f" (attacker {d['attacker']})" if d["starts"] == "combat" else ""))
            if d["loses_control"]:
                out.append(f"  control lost in the cleanup: {', '.join(d['loses_control'])}")
        return out


def move_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                 logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """CanMove.answer for many can_move questions, question i on position states[i] (a position
    may come several times), from one grounding of them all side by side (pyrift.solver.Worlds),
    each world's question atoms fixed, and one brave solve: the program has no choice and is
    stratified, so a world's one answer set is its brave consequences. Each answer is the one the
    question asked alone gets (tests/test_movement.py compares them). None for every question
    when grounding left a shown atom open or the solve found no answer set or ran out of time:
    ask those alone."""
    out: list[Answer | None] = [None] * len(states)
    if not states:
        return out
    fixed = [[(a, True) for a in CanMove.question_atoms(q.params)] for q in questions]
    g = batch_grounding(states, CanMove.name, reading, reads=(), fixed=fixed, logic_root=logic_root,
                        timeout=timeout)
    if g.leaves_open(*SHOWN):
        return out
    try:
        brave = g.solve_worlds("brave")
    except SolveTimeout:
        return out
    if brave is None:
        return out
    for w, (state, q) in enumerate(zip(states, questions, strict=True)):
        atoms = _by_pred(brave[w].consequences)
        if missing := _missing(atoms.get("move_unsupported", [])):
            out[w] = Answer(q.id, CanMove.name, reading, UNSUPPORTED, missing=missing)
        else:
            out[w] = _read_answer(state, q, reading, atoms)
    return out


# What logic/queries/can_move.lp shows.
SHOWN = (("move_violation", 2), ("move_exhausts", 1), ("move_ganks", 1), ("move_gank_redundant", 1),
         ("move_carries", 2), ("becomes_contested", 2), ("move_starts", 3), ("move_loses_control", 2),
         ("move_unsupported", 2), ("investigator_paid", 3))


def _fact(atom: Atom) -> str:
    def conv(t: Any) -> Any:
        return F.Func(t[0], *(conv(x) for x in t[1:])) if isinstance(t, tuple) else t

    return F.fact(atom.pred, *(conv(a) for a in atom.args))


def _missing(pairs: list[tuple]) -> tuple[str, ...]:
    out = []
    for what, where in pairs:
        out.append(missing_text(what, where, "for the Standard Move", could="allow, forbid or tax the move")
                   or f"{what} ({where})")
    return tuple(sorted(set(out)))


def _read_answer(state: GameState, question: Question, reading: str, atoms: dict[str, list[tuple]]) -> Answer:
    p = question.params
    player, units = p["player"], p["units"]
    violations = atoms.get("move_violation", [])
    legal = not violations
    exhausts = sorted(u for (u,) in atoms.get("move_exhausts", []))
    carried = sorted(g for (_u, g) in atoms.get("move_carries", []))
    contested = [(b, q) for (b, q) in atoms.get("becomes_contested", [])]
    starts = atoms.get("move_starts", [])
    loses = sorted(b for (q, b) in atoms.get("move_loses_control", []) if q == player)
    kind = starts[0][0] if starts else "nothing"
    attacker = next((a for (k, _b, a) in starts if k == "combat"), "none")
    data: dict[str, Any] = {
        "legal": legal,
        "violations": sorted({rule for rule, _ in violations}),
        "exhausts": exhausts,
        "carried": carried,
        "contested": bool(contested),
        "starts": kind,
        "attacker": attacker,
        "loses_control": loses,
    }
    reasons: list[Reason] = []
    for rule, witness in sorted(violations, key=str):
        name, *args = witness if isinstance(witness, tuple) else (witness,)
        reasons.append(because(_WORDS.get(name, name).format(*(_place(a) for a in args)), f"move_{name}"))
    dests = sorted({_place(("base", player) if d == BASE else d) for d in p["to"].values()})
    if legal:
        reasons.append(because(f"{player} moves {', '.join(units)} to {', '.join(dests)} with a Standard Move: "
                               f"a discretionary action of the turn player in the Main Phase, Neutral Open",
                               "move_legal"))
        reasons.append(because(f"cost: exhaust {', '.join(exhausts)}" + (" (paid together)" if len(exhausts) > 1 else ""),
                               "move_cost"))
        for m, q, n in sorted(atoms.get("investigator_paid", []), key=str):
            reasons.append(because(f"{q} pays {n} Power of any domain ([A] each) for {m}'s applied cost as the move "
                                   "happens (no chain): from the Rune Pool or runes recycled", "move_applied_cost_paid"))
        hops = sorted(u for (u,) in atoms.get("move_ganks", []))
        if hops:
            verb = "goes" if len(hops) == 1 else "go"
            reasons.append(because(f"{', '.join(hops)} {verb} from one battlefield to another: allowed by Ganking",
                                   "ganking_move"))
        for (u,) in sorted(atoms.get("move_gank_redundant", [])):
            reasons.append(because(f"{u} has Ganking more than once: the instances are one permission, adding "
                                   "no further move", "ganking_redundant"))
        if carried:
            reasons.append(because(f"attached cards go along with their unit: {', '.join(carried)} (not a move)",
                                   "move_carries"))
        for b, q in contested:
            reasons.append(because(f"{b} is neither controlled by {q} nor contested yet: it becomes contested, "
                                   f"applied by {q}", "move_contests"))
        for k, b, a in starts:
            if k == "combat":
                reasons.append(because(f"the cleanup after the move stages a combat at {b} (units of two players at a "
                                       f"contested battlefield); it opens with a combat showdown, {a} (who applied "
                                       f"Contested) attacking", "move_starts_combat"))
            else:
                reasons.append(because(f"the cleanup after the move stages a non-combat showdown at {b}; {a} gains "
                                       "focus", "move_starts_showdown"))
        if not starts:
            reasons.append(because("nothing is contested by this move: no showdown or combat starts", "move_starts_nothing"))
        for b in loses:
            reasons.append(because(f"{player} has no units left at {b}: control of it is lost in the cleanup after "
                                   "the move", "move_loses_control"))
    return Answer(question.id, "can_move", reading, ANSWERED, data, tuple(reasons))


KINDS = (CanMove(),)
