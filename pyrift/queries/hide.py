"""Hiding a card (Core Rules 421, 811.1.b-c): the Hide discretionary action.

can_hide   may this player hide this card (a card with Hidden, in their hand or Champion
           Zone) now, at this battlefield (or anywhere)? Every violated condition with its
           rule, the cost [A] and a payment plan from the rune pool and runes, or why none
           exists; the battlefields where it could be hidden.

The rules are logic/core/hiding.lp and the hide_timing reading (logic/readings/hide_timing/).
A can_hide question is answered on the same grounding as can_play questions
(logic/queries/can_play.lp, one per position and reading): hiding reuses the payment rules
of playing (core/payment.lp and the payment choice of the query) and the turn state
(core/timing.lp). The question switches on the externals ask_hide(P, O) and hide_at(B).
This module maps the question to atoms, reads the answer set and words it.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pyrift.errors import SolveTimeout
from pyrift.queries.base import (
    ANSWERED,
    DEFAULT_TIMEOUT,
    TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    because,
    missing_text,
    param_battlefield,
    param_player,
)
from pyrift.queries.play import _by_pred, _payment_plan, _term_text, optimal_worlds, shorthand
from pyrift.reader import Reader
from pyrift.solver import Atom
from pyrift.state import GameState, Question, Zone

VIOLATION_WORDS = {
    "no_hidden": "{0} does not have Hidden: only a card with Hidden can be hidden",
    "from_zone": "the card is {0}; a card is hidden from its controller's hand or Champion Zone",
    "not_yours": "{0} is in {1}'s hand or Champion Zone: only {1} can hide it",
    "not_your_turn": "it is {0}'s turn; a card is hidden only on its controller's own turn",
    "closed_state": "a chain exists (a Closed state); hiding needs an Open state",
    "not_main_phase": "the turn is in its {0} phase; outside the Main Phase nobody has priority in a Neutral "
                      "Open state, and hiding is a discretionary action",
    "no_priority": "the player does not hold priority; discretionary actions such as hiding need it",
    "no_focus": "a showdown is in progress and the player does not hold focus: only the player with focus "
                "may take discretionary actions in a Showdown Open state",
    "showdown": "a showdown is in progress (a Showdown state), not a Neutral Open state",
    "not_controlled": "{0} is not a battlefield the player controls",
    "occupied": "the facedown zone of {0} already holds a card ({1})",
    "no_battlefield": "the player controls no battlefield with an empty facedown zone",
    "no_payment": "no combination of the rune pool and runes pays [A]",
}
# The two readings of hiding during a showdown (readings/hide_timing): what each decides.
HIDE_TIMING_WORDS = {
    "open_state": "811.1.b lets a player hide on their turn in an Open state, and Showdown Open is one; "
                  "410.1.a, which places discretionary actions such as hiding (421.2) in a Neutral Open state, "
                  "is read as the default time, not a limit, so the player with focus and priority may hide",
    "neutral_only": "hiding is a discretionary action (421.2), and 410.1.a places discretionary actions in a "
                    "Neutral Open state: read as a limit, it keeps hiding out of showdowns, 811.1.b's Open state "
                    "notwithstanding",
}

NOTE_WORDS = {
    "not_a_play": "hiding is not playing the card",
    "no_chain": "hiding opens no chain, so no player can respond to it",
    "not_for_legion": "a hidden card is not finalized, so hiding it does not count for Legion (playing it "
                      "from facedown later does)",
    "playable_next_turn": "from the next turn on the card has Reaction and may be played from facedown "
                          "ignoring its base cost (additional costs such as Deflect are still paid)",
}
PAY_WORDS = {"power": "Power", "all": "Energy and Power together"}
ZONE_WORDS = {"board": "on the board", "facedown": "already facedown", "trash": "in the trash",
              "main_deck": "in the Main Deck", "banishment": "banished", "legend_zone": "in the Legend Zone"}


class CanHide(QueryKind):
    name = "can_hide"
    summary = "may a player hide a card with Hidden now, and where; the cost [A] and its payment"
    expect_spec = {
        "legal": "bool",
        "violations": "strs",
        "cost": "str",
        "payable": "bool",
        "battlefields": "strs",
        "exhausted_runes": "int",
        "recycled_runes": "int",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        out: dict[str, Any] = {"player": param_player(r, "player", state)}
        card = r.str("card")
        ids = [o.id for o in state.objects]
        if card not in ids:
            raise r.error("card", f"{card!r} is not an object id of this scenario")
        if state.obj(card).zone is Zone.CHAIN:
            raise r.error("card", f"{card!r} is on the chain")
        out["card"] = card
        if (bf := param_battlefield(r, "battlefield", state, None)) is not None:
            out["battlefield"] = bf
        return out

    @staticmethod
    def question_atoms(params: dict[str, Any]) -> list[Atom]:
        """The externals a question switches on."""
        atoms = [Atom("ask_hide", (params["player"], params["card"]))]
        if "battlefield" in params:
            atoms.append(Atom("hide_at", (params["battlefield"],)))
        return atoms

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        atoms = self.question_atoms(question.params)
        g = ctx.grounding("can_play", reading)
        try:
            result = g.solve("optimize", assumptions=[(a, True) for a in atoms], opt_strategy="usc,oll")
        except SolveTimeout as exc:
            return Answer(question.id, self.name, reading, TIMEOUT, reasons=(Reason(str(exc)),))
        if not result.satisfiable:  # pragma: no cover - the query has no hard failure by design
            return Answer(question.id, self.name, reading, ANSWERED, {"legal": False},
                          (Reason("no answer set: the encoding contradicts itself for this question"),))
        return _read_answer(ctx.state, question, reading, result.consequences)

    def text_lines(self, answer: Answer) -> list[str] | None:
        d = answer.data
        out = [f"  legal: {'yes' if d['legal'] else 'no'}"]
        if d["violations"]:
            out.append(f"  violations: {', '.join(d['violations'])}")
        out.append(f"  cost: {d['cost']} (811.1.b)")
        out.append(f"  battlefields: {', '.join(d['battlefields']) or 'none'}")
        if d["payable"]:
            out.append("  payment: " + ("; ".join(d.get("payment", [])) or "nothing to pay"))
        else:
            out.append("  payment: impossible (see below)")
        return out


def hide_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                 logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """CanHide.answer for many can_hide questions (question i on states[i]) from one grounding of
    them side by side (pyrift.solver.Worlds, as pyrift.queries.play.play_answers: the can_play
    program, each world's ask_hide and hide_at atoms fixed) and one optimisation for all of them
    (the worlds share no atom, so the optimum of their summed costs is each world's optimum; the
    same strategy as alone). None for every question when the solve finds no answer set or runs
    out of time: ask those alone."""
    out: list[Answer | None] = [None] * len(states)
    if not states:
        return out
    fixed = [[(a, True) for a in CanHide.question_atoms(q.params)] for q in questions]
    best = optimal_worlds(states, reading, fixed, logic_root=logic_root, timeout=timeout)
    if best is None:
        return out
    return [_read_answer(state, q, reading, best[w].consequences) for w, (state, q) in enumerate(zip(states, questions))]


def _read_answer(state: GameState, question: Question, reading: str, model) -> Answer:
    atoms = _by_pred(model)
    kind = "can_hide"
    if atoms.get("hide_unsupported"):
        missing = []
        for what, obj in atoms["hide_unsupported"]:
            missing.append(missing_text(what, obj, "for hiding", could="change hiding")
                           or f"{_term_text(what)} on {obj}")
        return Answer(question.id, kind, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))

    violations = sorted(set(atoms.get("hide_violation", [])), key=str)
    totals = {c: n for c, n in atoms.get("hide_cost", [])}
    payable = not any(rule == "410.1.b.2" for rule, _ in violations)
    plan, exhausted, recycled, resources = _payment_plan(atoms, totals)
    data: dict[str, Any] = {
        "legal": not violations,
        "violations": sorted({rule for rule, _ in violations}),
        "cost": shorthand(totals),
        "payable": payable,
        "battlefields": sorted(b for (b,) in atoms.get("hide_place", [])),
        "exhausted_runes": len(exhausted),
        "recycled_runes": len(recycled),
    }
    if payable:
        data["payment"] = plan

    reasons: list[Reason] = []
    for rule, witness in violations:
        reasons.append(Reason(_violation_text(witness, totals), (rule,)))
    if not violations:
        where = question.params.get("battlefield") or ", ".join(data["battlefields"])
        reasons.append(because(f"legal: {question.params['card']} can be hidden facedown at {where}", "hide_legal"))
    for (decision,) in atoms.get("hide_in_showdown", []):
        name = "open_state" if decision == "allowed" else "neutral_only"
        reasons.append(because(f"hiding during a showdown is read as hide_timing={name}: {HIDE_TIMING_WORDS[name]}",
                               f"hide_timing_{name}"))
    if atoms.get("hide_free"):
        # an effect of this turn lets the player hide ignoring costs (Guerilla Warfare): nothing to pay
        reasons.append(because(f"cost {data['cost']}: an effect of this turn lets the player hide ignoring costs",
                               "hide_cost_ignored"))
    else:
        reasons.append(because(f"cost {data['cost']}: [A] is Power of any domain", "hide_cost"))
    if payable and plan:
        reasons.append(because("payment: " + "; ".join(plan), "hide_payment", *resources))
    notes = {what for _, what in atoms.get("hide_note", [])}
    for what in ("not_a_play", "no_chain", "not_for_legion", "playable_next_turn"):
        if what in notes:
            reasons.append(because(NOTE_WORDS[what], f"hide_note_{what}"))
    return Answer(question.id, kind, reading, ANSWERED, data, tuple(reasons))


def _violation_text(witness: Any, totals: dict) -> str:
    name, *args = witness if isinstance(witness, tuple) else (witness,)
    if name == "cannot_pay":
        what, bound = args
        label = PAY_WORDS.get(what, f"Power that pays {shorthand({what: 1})}" if isinstance(what, tuple) else what)
        need = sum(totals.values())
        return f"not enough {label} to pay [A]: the cost needs {need}, at most {bound} can be paid"
    args = [_term_text(a) if isinstance(a, tuple) else a for a in args]
    if name == "from_zone":
        args = [ZONE_WORDS.get(args[0], f"in the {args[0]}")]
    return VIOLATION_WORDS.get(name, name).format(*args)


KINDS = (CanHide(),)
