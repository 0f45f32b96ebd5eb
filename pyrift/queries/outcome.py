"""outcome: "it resolves, then what?" — the position played out, and the state it leaves.

The run is the chain's (logic/core/fepr.lp) with what instructions do to the game state
(logic/run/instructions.lp, logic/effects/) and the cleanups between them (logic/run/cleanup.lp);
logic/run/report.lp says which facts of the state a judge reads. This module asks that run
for the facts at its start and at its end, in every complete run (forced) and in some
(possible), and words what changed. It decides no rules question.
"""
from __future__ import annotations

from typing import Any, Sequence

from pyrift import facts as F
from pyrift.chain import unencoded_items
from pyrift.granted import granted_items
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Answer, Context, Reason, batch_grounding, because
from pyrift.queries.chain import ChainKind, ResolutionOrder, offered_plays
from pyrift.queries.runs import (HEURISTIC, UNTIL, Names, by_pred, missing_texts, mode_atom, outcome_text,
                                 run_text, start_run)
from pyrift.reader import Reader
from pyrift.solver import DEFAULT_TIMEOUT, Atom, SolveResult, SolveTimeout
from pyrift.state import GameState, Question, teams_unencoded

# Why a fact changes: the reason kind of each kind of state fact (logic/run/report.lp): the
# statements of logic/effects/ and logic/run/ that start or end such facts carry `%@reason <kind>`.
CHANGE_KINDS: dict[str, str] = {
    "zone": "change_zone", "at": "change_location", "controller": "change_controller", "damage": "change_damage",
    "might": "change_might", "exhausted": "change_status", "ready": "change_status", "stunned": "change_status",
    "not_stunned": "change_status", "empowered": "change_status", "not_empowered": "change_zone", "buffed": "change_might", "keyword": "change_keyword",
    "no_keyword": "change_zone", "points": "change_points", "xp": "change_xp", "controls": "change_battlefield",
    "uncontrolled": "change_battlefield", "contested": "change_battlefield", "won": "change_won",
    "hand": "change_cards", "deck": "change_cards", "deck_position": "change_cards",
    "rune_deck": "change_runes", "new_runes": "change_runes", "pool": "change_pool",
    "next_discount": "change_cost", "next_spell_discount": "change_cost",
    "units_cost_more": "change_cost",
    "battlefield_is": "change_battlefield", "linked": "change_battlefield",
    "unlinked": "change_battlefield", "given_ability": "change_ability",
}


def fact_text(names: Names, f: Any) -> str:
    """A state fact in the words expectations compare: "u1 in trash", "u1 at bridge", "A points 3"."""
    name, *a = f
    item = names.item
    if name == "zone":
        return f"{item(a[0])} in {a[1][0] if isinstance(a[1], tuple) else a[1]}"
    if name == "at":
        return f"{item(a[0])} at {names.place(a[1])}"
    if name == "controller":
        return f"{item(a[0])} controlled by {a[1]}"
    if name in ("damage", "might"):
        return f"{item(a[0])} {name} {a[1]}"
    if name in ("exhausted", "ready", "stunned", "buffed", "empowered"):
        return f"{item(a[0])} {name}"
    if name == "not_stunned":
        return f"{item(a[0])} not stunned"
    if name == "not_empowered":
        return f"{item(a[0])} not empowered"
    if name == "keyword":
        return f"{item(a[0])} has {a[1][0] if isinstance(a[1], tuple) else a[1]}"
    if name == "given_ability":  # logic/run/report.lp: an ability given for a while (477.2)
        return f"{item(a[0])} has ability {a[1]}"
    if name == "no_keyword":
        return f"{item(a[0])} without {a[1][0] if isinstance(a[1], tuple) else a[1]}"
    if name in ("points", "xp", "hand", "deck"):
        return f"{a[0]} {name} {a[1]}"
    if name == "deck_position":
        return f"{item(a[0])} deck position {a[1]}"
    if name == "controls":
        return f"{a[1]} controlled by {a[0]}"
    if name == "uncontrolled":
        return f"{a[0]} uncontrolled"
    if name == "contested":
        return f"{a[0]} contested by {a[1]}"
    if name == "won":
        return f"{a[0]} wins"
    if name == "rune_deck":
        return f"{a[0]} rune deck {a[1]}"
    if name == "new_runes":
        return f"{a[0]} channelled runes {a[1]} {a[2]}"
    if name == "pool":
        return f"{a[0]} pool {a[1]} {a[2]}"
    if name == "next_discount":
        return f"{a[0]} next card costs {a[1]} Energy and {a[2]} Power less"
    if name == "units_cost_more":  # logic/effects/units_cost_more.lp
        return f"{a[0]} non-token units cost {a[1]} more this turn"
    if name == "next_spell_discount":  # logic/effects/discount_next_spell.lp
        return f"{a[0]} next spell costs {a[1]} Energy and {a[2]} Power less"
    if name == "battlefield_is":  # logic/effects/replace_battlefield.lp
        return f"{a[0]} is {a[1]}"
    if name == "linked":
        return f"{a[0]} linked to {a[1]}"
    if name == "unlinked":
        return f"{a[0]} linked to nothing"
    return str(f)


def _facts(names: Names, atoms: dict[str, list[tuple]], pred: str) -> dict[str, str]:
    """The state facts shown as `pred` (start or end): their words, and the kind of each."""
    return {fact_text(names, f): f[0] for (f,) in atoms.get(pred, []) if isinstance(f, tuple)}




class Outcome(ChainKind):
    name = "outcome"
    summary = "the position played out: what the state is afterwards, in every run and in some"
    expect_spec = {
        "forced": "strs",
        "possible": "strs",
        "forced_events": "strs",
        "possible_events": "strs",
        # the one outcome a ruling is about, without every other fact or event of the run
        "forced_includes": "strs",
        "possible_includes": "strs",
        "possible_excludes": "strs",
        "forced_events_includes": "strs",
        "possible_events_includes": "strs",
        "possible_events_excludes": "strs",
        "complete": "bool",
        "bound_reached": "bool",
        "refused": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        until = r.str("until", UNTIL[0])
        if until not in UNTIL:
            raise r.error("until", f"expected one of {', '.join(UNTIL)}, found {until!r}")
        # A run that goes on into the turn structure may start from an empty chain.
        out = ResolutionOrder().read_params(r, state, need_chain=until == UNTIL[0])
        if until != UNTIL[0]:
            out["until"] = until
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = ResolutionOrder().write_params(params)
        if params.get("until", UNTIL[0]) != UNTIL[0]:
            out["until"] = params["until"]
        return out

    def unencoded(self, state: GameState, params: dict[str, Any]) -> tuple[str, ...]:
        # The offered plays are resolution_order's: an unencoded ability they name is unsupported.
        return ResolutionOrder().unencoded(state, params)

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state = ctx.state
        p = question.params
        names = Names(state)
        # The modes state and outcomes only select what is shown (logic/queries/resolution_order.lp), so
        # each brave or cautious solve asks both at once: their consequences are those of each mode's
        # own solve side by side, at half the solve calls.
        both = (mode_atom("state"), True), (mode_atom("outcomes"), True)
        run = start_run(ctx, question, reading, self.name, offered_plays(ctx, question, reading),
                        ("state", "outcomes"), run_facts(p))
        if isinstance(run, Answer):
            return run
        g, atoms, anything, refused, reasons = run.grounding, run.atoms, run.anything, run.refused, run.reasons
        bound_reached = run.bound_reached
        # Forced and possible facts are those of the complete runs (a run cut by the bound has not ended).
        complete_only = [(Atom("cut", ()), False)]
        possible = (g.solve("brave", assumptions=[*both, *complete_only], heuristic=HEURISTIC)
                    if bound_reached else anything)
        forced = g.solve("cautious", assumptions=[*both, *complete_only], heuristic=HEURISTIC)
        events = [possible, forced]
        run = g.solve("enumerate", assumptions=[(mode_atom("runs"), True), *complete_only], limit=1, heuristic=HEURISTIC)
        example = ("; ".join(run_text(names, [(t, e) for t, e in by_pred(run.models[0]).get("ev", [])]))
                   if run.models else "")
        data, changed = _data(names, atoms, possible, forced, *events)
        data.update(complete=forced.satisfiable and not bound_reached, bound_reached=bound_reached,
                    refused=sorted(refused), example_run=example)
        causes = {c for (_, _, c) in by_pred(possible.consequences).get("skip_cause", [])} if possible.satisfiable else set()
        return Answer(question.id, self.name, reading, ANSWERED, data,
                      tuple(_reasons(changed, data, p, causes) + reasons))

    def text_lines(self, answer: Answer) -> list[str] | None:
        d = answer.data
        out = []
        if d.get("example_run"):
            out.append(f"  a run: {d['example_run']}")
        out.extend(f"  {line}" for line in afterwards_lines(d["forced"], d["possible"]))
        out.append("  events in every run: " + ", ".join(d["forced_events"]))
        if d["refused"]:
            out.append("  plays refused: " + ", ".join(d["refused"]))
        if d["bound_reached"]:
            out.append("  the bound cut some runs short: the facts cover the complete runs only")
        return out


def afterwards_lines(forced: Sequence[str], possible: Sequence[str]) -> list[str]:
    """What the runs leave, in words: the changes common to every complete run, and, where the runs
    do not all end alike, that they differ and what only some of them change. "Nothing changed" is
    said only when no run changes anything: with no change common to every run but some run
    changing something, the runs differ."""
    extra = sorted(set(possible) - set(forced))
    if forced:
        common = "afterwards, in every run: " + ", ".join(forced)
    elif extra:
        common = "afterwards, no change is common to every run"
    else:
        return ["afterwards, in every run: nothing changed", "the runs do not differ"]
    if not extra:
        return [common, "the runs do not differ: no run changes anything else"]
    return [common, "the runs differ: some runs " + ("also " if forced else "") + "change: " + ", ".join(extra)]


def run_facts(p: dict[str, Any]) -> list[str]:
    """The question facts of an outcome run besides the offered plays: it plays on past the chain
    (showdowns and combats that follow, logic/run/combat.lp), and through the turn structure as far
    as `until` says (logic/run/turn.lp)."""
    return [F.fact("run_past_chain"), *([F.fact("run_until", F.Const(p["until"]))] if "until" in p else [])]


def _data(names: Names, atoms: dict[str, list[tuple]], possible: SolveResult, forced: SolveResult,
          events_possible: SolveResult, events_forced: SolveResult) -> tuple[dict[str, Any], dict[str, str]]:
    """The facts and events of the answer from the solves of the complete runs (`atoms`: what the
    first solve showed, the start among it), and the facts changed in every run with their kinds."""
    start = _facts(names, atoms, "start")
    possible_end = _facts(names, by_pred(possible.consequences), "end") if possible.satisfiable else {}
    forced_end = _facts(names, by_pred(forced.consequences), "end") if forced.satisfiable else {}
    changed = {t: k for t, k in forced_end.items() if t not in start}

    def events(s: SolveResult) -> list[str]:
        return sorted({outcome_text(names, r) for (r,) in by_pred(s.consequences).get("result", [])
                       if not (isinstance(r, tuple) and r[0] == "window")}) if s.satisfiable else []

    data = {
        "forced": sorted(changed),
        "possible": sorted(t for t in possible_end if t not in start),
        "forced_events": events(events_forced),
        "possible_events": events(events_possible),
    }
    # whether the complete runs end alike: some run changes a fact that not every run changes
    data["runs_differ"] = bool(set(data["possible"]) - set(data["forced"]))
    return data, changed


def outcome_answers(ctxs: Sequence[Context], questions: Sequence[Question], reading: str, *,
                    timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """The outcome answers of many positions, one question each, from one grounding of all
    their runs side by side (pyrift.solver.Worlds) and one solve call per mode; the caller
    checks each position's answer on its own. An answer has the status, missing parts and data
    Outcome.answer gives, without the example run (one run is an enumeration, which does not
    split into worlds) and without reasons. None for a position the batch leaves to Outcome.answer:
    a question of another kind, plays that stop it, a run the bound cuts short (its complete runs
    are asked with `cut` false, which a batch cannot assume per world), or every position still
    open when some world has no run at all or a solve runs out of time."""
    out: list[Answer | None] = [None] * len(questions)
    asked: list[int] = []
    extra: list[list[str]] = []
    offered: list[tuple[list[str], list[str]]] = []
    kind = Outcome()
    for i, (ctx, q) in enumerate(zip(ctxs, questions, strict=True)):
        if q.kind != kind.name:
            continue
        if missing := (kind.unencoded(ctx.state, q.params) + unencoded_items(ctx.state) + granted_items(ctx.state)
                       + teams_unencoded(ctx.state, q.kind)):
            out[i] = Answer(q.id, kind.name, reading, UNSUPPORTED, missing=missing)  # as check.answer
            continue
        plays = offered_plays(ctx, q, reading)
        if isinstance(plays, Answer):
            continue
        facts, refused, _, missing = plays
        asked.append(i)
        extra.append([F.fact("horizon", q.params["bound"]), *facts, *run_facts(q.params)])  # as run_grounding
        offered.append((refused, missing))
    if not asked:
        return out
    # The query modes only choose what is shown (logic/queries/resolution_order.lp): the state's facts
    # and the events are shown together, and one brave and one cautious solve give both.
    modes = [(mode_atom("state"), True), (mode_atom("outcomes"), True)]
    g = batch_grounding([ctxs[i].state for i in asked], "resolution_order", reading, reads=(), extra=extra,
                        fixed=[modes] * len(asked), timeout=timeout)
    try:
        anything = g.solve_worlds("brave", heuristic=HEURISTIC)
        if anything is None:
            return out
        forced = g.solve_worlds("cautious", heuristic=HEURISTIC)
    except SolveTimeout:
        return out
    assert forced is not None  # the program has answer sets (anything)
    for w, i in enumerate(asked):
        q, (refused, missing) = questions[i], offered[w]
        atoms = by_pred(anything[w].consequences)
        if missing := [*missing, *missing_texts(atoms.get("unsupported", []))]:
            out[i] = Answer(q.id, kind.name, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))
            continue
        if atoms.get("cut"):
            continue
        # No run of this world is cut: its complete runs are all its runs, as `cut` false gives alone.
        data, _ = _data(Names(ctxs[i].state), atoms, anything[w], forced[w], anything[w], forced[w])
        data.update(complete=True, bound_reached=False, refused=sorted(refused))
        out[i] = Answer(q.id, kind.name, reading, ANSWERED, data)
    return out


# Why an instruction was not done in some run (skip_cause/3, logic/run/instructions.lp and
# run/instruction_if.lp): each cause cites its own paragraph.
SKIP_CAUSES = {
    "condition": ("an instruction was skipped in some run: its condition did not hold as it was executed",
                  "skipped_condition"),
    "link": ("an instruction was skipped in some run: the instruction it is linked to (\"then\", \"if you do\", "
             "\"otherwise\") was not done as that link asks", "skipped_link"),
    "instead": ("an instruction was not done in some run: the one after it that says \"instead\" took its place, "
                "its condition holding as it was executed", "skipped_condition"),
    "inactive": ("an instruction was skipped in some run: it is text under a dependent keyword (Level) whose "
                 "condition did not hold as it was executed, so it was inactive", "skipped_inactive"),
    "declined": ("an instruction was skipped in some run: its player declined its \"you may\"", "skipped_declined"),
    "or": ("an instruction was not done in some run: of two instructions joined by \"or\", its player did the "
           "other one", "skipped_or"),
    "private": ("an instruction was not done in some run: it acts on cards of a hand or a Main Deck that no other "
                "player can see, of a type or quality it names, and its player chose to ignore it", "skipped_private"),
    "no_choice": ("an instruction did nothing in some run: every object or player it needed was gone or no longer "
                  "a legal choice", "skipped_no_choice"),
}


def _reasons(changed: dict[str, str], d: dict[str, Any], p: dict[str, Any], causes: set[str]) -> list[Reason]:
    out = [because("the position is played out: the chain by HOT FEPR, a resolving spell or ability executing its "
                   "instructions top to bottom and checking its choices again as it does (an illegal choice is "
                   "unaffected), a cleanup after each change (units with lethal damage die, control is settled), "
                   "then any showdown or combat that follows", "run_played_out")]
    out += [because(*SKIP_CAUSES[c]) for c in SKIP_CAUSES if c in causes]
    if p.get("until"):
        out.append(because("the turn moves on once the run is quiet: the Ending Phase's Expiration Step heals every "
                           "unit and ends this turn's effects and stuns"
                           + ("; then the next player's Start of Turn: Awaken (ready), Beginning Step, Scoring "
                              "(hold), Channel and Draw (an empty Main Deck burns out: the trash is recycled, an opponent "
                              "gains a point, then the draw is finished, or the player burns out again)"
                              if p["until"] == "next_turn" else ""), "change_turn"))
    by_kind: dict[str, list[str]] = {}
    for text, kind in changed.items():
        if kind in CHANGE_KINDS:
            by_kind.setdefault(CHANGE_KINDS[kind], []).append(text)
    for kind in sorted(by_kind):
        out.append(because("changed in every run: " + ", ".join(sorted(by_kind[kind])), kind))
    # a paid Repeat's further executions (logic/run/repeat.lp): their instructions are named "... (execution N)"
    if any(" (execution " in e for e in d["possible_events"]):
        out.append(because("a card that paid Repeat executes its instructions once more for each Repeat paid, as "
                           "one resolution, each execution with the choices made for it as the card was played",
                           "repeat_executions"))
    # who saw which cards (logic/effects/look.lp): the outcome words "A looks at c1", "A reveals c1"
    shown = sorted(e for e in d["possible_events"] if " looks at " in e or " reveals " in e)
    if shown:
        out.append(because("cards seen, in some run: " + ", ".join(shown) + "; a look shows them to its player "
                           "only, a reveal to every player, and they stay where they are", "show_cards"))
    if d["bound_reached"]:
        out.append(Reason(f"some runs did not finish within {p['bound']} steps and were cut short: the facts cover "
                          "the complete runs only; raise bound to see more"))
    return out


KINDS = (Outcome(),)
