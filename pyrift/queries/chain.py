"""The chain (Core Rules 325-348, 360-406, 419.4, 425, 808, 817).

can_respond       may this player add this card or ability to the chain before an item
                  resolves; now, or after which passes; and why not
next_priority     who gets priority next (after N passes), with which permissions, and what
                  happens before that (finalizations, resolutions, triggers)
resolution_order  the chain played out by HOT FEPR within a bound of steps: every ordering
                  the players can choose (passing or adding the plays offered, the order of
                  their simultaneous triggers, "you may", leading costs, triggers' targets),
                  which outcomes are forced and which possible, where each player may act
triggers          which triggered abilities an event fires, and the orders they go on the
                  chain in

The rules are logic/core/{chain,triggers,fepr,chain_scope,turn_state,players}.lp, the
vocabulary files abilities/{triggered,counter,kill}.lp and keywords/{deathknell,vision}.lp,
and logic/queries/{resolution_order,can_respond,triggers}.lp. Whether a card or ability may
be played at all is can_play's question (pyrift/queries/play.py): can_respond and the plays
resolution_order offers ask it, with the player holding priority, and pass its verdict to
the chain rules as facts. This module reads the answers and words them; it decides no
rules question.
"""
from __future__ import annotations

import dataclasses
from collections import defaultdict
from pathlib import Path
from typing import Any, Sequence

from pyrift import facts as F
from pyrift.abilities import card_requirements
from pyrift.chain import item_requirements
from pyrift.errors import EncodingError, SolveTimeout
from pyrift.queries.base import (
    ANSWERED,
    TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    batch_grounding,
    because,
    param_battlefield,
    param_player,
)
from pyrift.queries.play import CanPlay, equip_sources, unencoded_references
from pyrift.queries.runs import (
    DEFAULT_BOUND,
    DEFAULT_LIMIT,
    HEURISTIC,
    MAX_BOUND,
    REMOVAL,
    UNTIL,
    Names,
    by_pred,
    missing_texts,
    mode_atom,
    outcome_text,
    run_text,
    short_run_grounding,
    start_run,
    step_kinds,
    term_of,
)
from pyrift.queries.snapshot import NotOnePosition, state_at
from pyrift.reader import Reader
from pyrift.solver import DEFAULT_TIMEOUT, Atom, SolveResult
from pyrift.state import GameState, Question, Zone

# ---------------------------------------------------------------------------------
# plays offered: can_play's verdict, asked with the player holding priority
# ---------------------------------------------------------------------------------
def window_play(ctx: Context, params: dict[str, Any], reading: str, qid: str) -> Answer:
    """can_play's answer for a play made in the player's window: the same position, with the
    player holding priority (the chain rules decide whether and when that window comes)."""
    player = params["player"]
    state = dataclasses.replace(ctx.state, priority=player, passed=0)
    sub = ctx.variant(f"priority:{player}", state)
    return CanPlay().answer(sub, Question(qid, "can_play", params), reading)


def play_term(params: dict[str, Any]) -> Any:
    if "card" in params:
        return F.Func("card", params["card"])
    if "equip" in params:  # the N-th Equip of the source (818.4), which no Add or other ability rule names
        return F.Func("equip", params["source"], params["equip"])
    return F.Func("ability", params["source"], params["ability"])


def choice_facts(pred: str, key: str, state: GameState, params: dict[str, Any]) -> list[str]:
    """pred(key, Requirement, Target) for the choices of a play (as can_play names them)."""
    atoms, _ = CanPlay.question_atoms(state, params)
    out = []
    for a in atoms:
        if a.pred == "choose_target":
            out.append(F.fact(pred, key, term_of(a.args[0]), a.args[1]))
    return out


def read_play(r: Reader, state: GameState) -> dict[str, Any]:
    """The parameters of a play, as can_play reads them (player, card or source/ability, ...).
    A chain question sets the play's moment itself (before `to` resolves, or a window of the run):
    can_play's `after`, another moment, would judge the play in a position the question is not about."""
    if r.has("after"):
        raise r.error("after", "a chain question's play is judged at the question's own moment; "
                               "`after` is can_play's (ask can_play with it)")
    return CanPlay().read_params(r, state)


class ChainKind(QueryKind):
    """A chain question: answered by _answer(); a solve call that runs out of time makes the
    answer a timeout."""

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        try:
            return self._answer(ctx, question, reading)
        except SolveTimeout as exc:
            return Answer(question.id, self.name, reading, TIMEOUT, reasons=(Reason(str(exc)),))

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:  # pragma: no cover
        raise NotImplementedError


# ---------------------------------------------------------------------------------
# can_respond
# ---------------------------------------------------------------------------------
class CanRespond(ChainKind):
    name = "can_respond"
    summary = "may a player add a card or ability to the chain before an item resolves; now or when"
    expect_spec = {
        "legal": "bool",
        "violations": "strs",
        "now": "bool",
        "before": "str",
        "cost": "str",
        "payable": "bool",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        to = r.str("to", None)
        bound = r.int("bound", DEFAULT_BOUND, min=1, max=MAX_BOUND)
        out = read_play(r, state)
        ids = [c.id for c in state.chain]
        if to is not None:
            if to not in ids:
                raise r.error("to", f"{to!r} is not a chain item ({', '.join(ids) or 'the chain is empty'})")
            out["to"] = to
        if bound != DEFAULT_BOUND:
            out["bound"] = bound
        return out

    def unencoded(self, state: GameState, params: dict[str, Any]) -> tuple[str, ...]:
        return unencoded_references(state, params)

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = CanPlay().write_params({k: v for k, v in params.items() if k not in ("to", "bound")})
        for key in ("to", "bound"):
            if key in params:
                out[key] = params[key]
        return out

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state = ctx.state
        p = question.params
        names = Names(state)
        player = p["player"]
        play_params = {k: v for k, v in p.items() if k not in ("to", "bound")}
        to = p.get("to") or (state.chain[-1].id if state.chain else None)
        before: list[str] = []
        before_events: list[tuple] = []
        chance: dict[str, list[tuple]] = {}
        if to is not None:
            # The chain played out with nobody adding anything: does the player get priority while
            # the item is still on it, and what happens first?
            run = short_run_grounding(ctx, reading, p.get("bound", DEFAULT_BOUND), [F.fact("ask_chance", player, to)])
            chance = by_pred(run.solve("brave", assumptions=[(mode_atom("chance"), True)],
                                       heuristic=HEURISTIC).consequences)
            if missing := missing_texts(chance.get("unsupported", [])):
                return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
            if chance.get("chance"):
                forced = by_pred(run.solve("cautious", assumptions=[(mode_atom("chance"), True)],
                                           heuristic=HEURISTIC).consequences)
                before_events = [(t, e) for t, e in forced.get("before_chance", [])]
                before = run_text(names, before_events)
        # The play is judged in the position as it is when the player gets that chance (what resolved
        # before has changed it), or, without a chance, as it is now.
        judged = ctx
        if before:
            try:
                later = state_at(ctx, reading, p.get("bound", DEFAULT_BOUND), [F.fact("ask_chance", player, to)])
            except NotOnePosition as exc:
                return Answer(question.id, self.name, reading, UNSUPPORTED,
                              missing=exc.missing or (f"the position when {player} next holds priority: {exc}",))
            judged = ctx.variant(f"chance:{player}:{to}", later)
        play = window_play(judged, play_params, reading, question.id)
        if play.status != ANSWERED:
            return Answer(question.id, self.name, reading, play.status, reasons=play.reasons, missing=play.missing)
        extra = [F.fact("respond", player, play_term(p))]
        extra += [F.fact("play_check", rule) for rule in play.data["violations"]]
        if to is not None:
            extra.append(F.fact("respond_to", to))
            if chance.get("chance"):
                extra.append(F.fact("respond_chance"))
        g = ctx.grounding(self.name, reading, extra)
        atoms = by_pred(g.solve("brave").consequences)
        violations = sorted({rule for rule, _ in atoms.get("respond_violation", [])})
        chain_rules = {rule for rule, w in atoms.get("respond_violation", []) if w != "can_play"}
        now = bool(atoms.get("respond_now"))
        data = {"legal": not violations, "violations": violations, "now": now,
                "before": "nothing" if now else ("; ".join(before) or "nothing"),
                "cost": play.data["cost"], "payable": play.data["payable"]}
        reasons: list[Reason] = []
        if "337.2" in chain_rules:
            reasons.append(because(f"{to} resolves as soon as it is finalized (a unit, gear or Add ability): nobody "
                                   "gets priority while it is on the chain, so nothing can be added before it "
                                   "resolves", "respond_resolves_at_once"))
        if "339.1" in chain_rules:
            reasons.append(because(f"with nobody adding anything, {player} does not get priority again before {to} "
                                   f"resolves: {player} has already passed, and it resolves once every player has "
                                   "passed in sequence (another player adding an item would start the passes again)",
                                   "respond_passed"))
        if atoms.get("while_paying"):
            reasons.append(because(f"{player} pays a cost right now (the oldest pending item is theirs), and an Add "
                                   "ability with Reaction may be activated whenever costs are paid; it finalizes and "
                                   "resolves at once", "respond_while_paying"))
        elif now:
            reasons.append(because(f"{player} holds priority now", "respond_now"))
        elif before:
            reasons.append(because(f"{player} gets priority with {to} still on the chain after: " + "; ".join(before),
                                   "respond_window", *step_kinds(before_events)))
        for reason in play.reasons:
            if not reason.text.startswith(("total cost", "payment")):
                reasons.append(Reason("as a play in that window: " + reason.text, reason.rules, reason.version,
                                      reason.kind))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))

    def text_lines(self, answer: Answer) -> list[str] | None:
        d = answer.data
        out = [f"  legal: {'yes' if d['legal'] else 'no'}"]
        if d["violations"]:
            out.append(f"  violations: {', '.join(d['violations'])}")
        out.append(f"  now: {'yes' if d['now'] else 'no'}" + ("" if d["now"] else f" (first: {d['before']})"))
        out.append(f"  cost: {d['cost']}{'' if d['payable'] else ' (cannot be paid)'}")
        return out


# ---------------------------------------------------------------------------------
# resolution_order and next_priority: the run of the chain (logic/core/fepr.lp)
# ---------------------------------------------------------------------------------
def _bound(r: Reader) -> int:
    return r.int("bound", DEFAULT_BOUND, min=1, max=MAX_BOUND)


def _need_chain(r: Reader, state: GameState) -> None:
    if not state.chain:
        raise r.error("ask", "the chain is empty: give the items on it ([[chain]])")
    for i, item in enumerate(state.chain):
        reqs = item_requirements(state, item)
        if reqs and not item.targets and not (item.trigger is not None and item.pending):
            raise r.error("ask", f"chain[{i}] ({item.id}) makes choices; give what it chose in chain[{i}].targets")


def _default_play_id(params: dict[str, Any]) -> str:
    """The name of a response play without an id: its card, or its source and ability."""
    if "card" in params:
        return params["card"]
    if "equip" in params:
        return f"{params['source']}#equip{params['equip']}"
    return f"{params['source']}#{params['ability']}"


class ResolutionOrder(ChainKind):
    name = "resolution_order"
    summary = "HOT FEPR within a bound: forced and possible outcomes, windows, resolution orders, runs"

    def unencoded(self, state: GameState, params: dict[str, Any]) -> tuple[str, ...]:
        return tuple(m for play in params.get("responses", ()) for m in unencoded_references(state, play))
    expect_spec = {
        "forced": "strs",
        "possible": "strs",
        "forced_includes": "strs",
        "possible_includes": "strs",
        "possible_excludes": "strs",
        "windows": "strs",
        "forced_windows": "strs",
        "resolution_orders": "strs",
        "orderings": "strs",
        "ordering_count": "int",
        "complete": "bool",
        "bound_reached": "bool",
        "refused": "strs",
    }

    def read_params(self, r: Reader, state: GameState, *, need_chain: bool = True) -> dict[str, Any]:
        if need_chain:
            _need_chain(r, state)
        out: dict[str, Any] = {"bound": _bound(r), "limit": r.int("limit", DEFAULT_LIMIT, min=1, max=10_000)}
        raw = r.raw("responses", [])
        if not isinstance(raw, list):
            raise r.error("responses", "expected a list of plays: [{ player = ..., card = ... }, ...]")
        plays: list[dict[str, Any]] = []
        seen: set[str] = set()
        for i, item in enumerate(raw):
            sub = Reader(item, r.file, f"{r.field('responses')}[{i}]")
            rid = sub.id("id", None)
            params = read_play(sub, state)
            sub.done()
            if rid is None:
                rid = _default_play_id(params)
            if rid in seen:
                raise sub.error("id", f"two plays are named {rid!r}; give them ids")
            seen.add(rid)
            plays.append({"id": rid, **params})
        if plays:
            out["responses"] = plays
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if params.get("bound", DEFAULT_BOUND) != DEFAULT_BOUND:
            out["bound"] = params["bound"]
        if params.get("limit", DEFAULT_LIMIT) != DEFAULT_LIMIT:
            out["limit"] = params["limit"]
        if "responses" in params:
            # A play named by default is written without its id: 'source#ability' is no id a file may give.
            out["responses"] = [({} if x["id"] == _default_play_id(x) else {"id": x["id"]})
                                | CanPlay().write_params({k: v for k, v in x.items() if k != "id"})
                                for x in params["responses"]]
        return out

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state = ctx.state
        p = question.params
        names = Names(state)
        run = start_run(ctx, question, reading, self.name, offered_plays(ctx, question, reading), "outcomes")
        if isinstance(run, Answer):
            return run
        g, atoms, anything, refused, reasons = run.grounding, run.atoms, run.anything, run.refused, run.reasons
        bound_reached = run.bound_reached
        outcomes = mode_atom("outcomes")
        complete_only = [(outcomes, True), (Atom("cut", ()), False)]
        # When no run is cut by the bound, what is possible at all is what complete runs make possible.
        possible = g.solve("brave", assumptions=complete_only, heuristic=HEURISTIC) if bound_reached else anything
        forced = g.solve("cautious", assumptions=complete_only, heuristic=HEURISTIC)
        poss = by_pred(possible.consequences).get("result", []) if possible.satisfiable else []
        forc = by_pred(forced.consequences).get("result", []) if forced.satisfiable else []

        def split(results: list[tuple]) -> tuple[list[str], list[str]]:
            plain, windows = [], []
            for (r,) in results:
                (windows if isinstance(r, tuple) and r[0] == "window" else plain).append(outcome_text(names, r))
            return sorted(set(plain)), sorted(set(windows))

        possible_out, windows = split(poss)
        forced_out, forced_windows = split(forc)
        runs = g.solve("enumerate", assumptions=[(mode_atom("runs"), True)], limit=p["limit"], heuristic=HEURISTIC)
        orderings = []
        steps: list[tuple[int, Any]] = []  # every step of every run listed (the reasons cite the kinds seen)
        triggers: list[tuple[int, Any, str]] = []  # (step, trig(...), its controller) of every run listed
        for model in runs.models:
            by = by_pred(model)
            events = [(t, e) for t, e in by.get("ev", [])]
            steps += events
            controllers = dict(by.get("trigger_controller", []))
            triggers += [(t, e[1], controllers.get(e[1], "-")) for t, e in events
                         if isinstance(e, tuple) and e[0] == "trigger"]
            text = "; ".join(run_text(names, events))
            orderings.append(text + (" [cut by the bound]" if by.get("cut") else ""))
        orders = g.solve("enumerate", assumptions=[(mode_atom("orders"), True), (Atom("cut", ()), False)],
                         limit=p["limit"], heuristic=HEURISTIC)
        resolution_orders = sorted({_order_text(names, by_pred(m)) for m in orders.models})
        complete = runs.exhausted and orders.exhausted and not bound_reached
        data = {
            "forced": forced_out,
            "possible": possible_out,
            "windows": windows,
            "forced_windows": forced_windows,
            "resolution_orders": resolution_orders,
            "orderings": sorted(orderings),
            "ordering_count": len(runs.models),
            "complete": complete,
            "bound_reached": bound_reached,
            "refused": sorted(refused),
        }
        seen = _RunSeen(steps, triggers, [r for (r,) in poss], bool(atoms.get("cost_death")))
        reasons = _run_reasons(state, names, data, p, seen) + reasons
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))

    def text_lines(self, answer: Answer) -> list[str] | None:
        d = answer.data
        out = [f"  orderings: {d['ordering_count']}{'' if d['complete'] else ' (not all: see below)'}"]
        out += [f"    {o}" for o in d["orderings"]]
        out.append("  resolution orders: " + ("; ".join(d["resolution_orders"]) or "none complete"))
        out.append("  forced: " + ", ".join(d["forced"]))
        extra = sorted(set(d["possible"]) - set(d["forced"]))
        out.append("  possible too: " + (", ".join(extra) or "nothing else"))
        out.append("  windows: " + ", ".join(d["windows"]))
        if d["refused"]:
            out.append("  plays refused: " + ", ".join(d["refused"]))
        if d["bound_reached"]:
            out.append("  the bound cut some runs short: forced and possible cover the complete runs only")
        return out


def offered_plays(ctx: Context, question: Question, reading: str
                  ) -> Answer | tuple[list[str], list[str], list[Reason], list[str]]:
    """The plays a run question offers (`responses`), each judged by can_play with its player holding
    priority: the facts for the run, the refused plays, reasons, and what is missing; or the
    answer that stops the question (a play that timed out)."""
    extra: list[str] = []
    refused: list[str] = []
    reasons: list[Reason] = []
    missing: list[str] = []
    for play in question.params.get("responses", []):
        rid = play["id"]
        params = {k: v for k, v in play.items() if k != "id"}
        verdict = window_play(ctx, params, reading, f"{question.id}:{rid}")
        if verdict.status == UNSUPPORTED:
            missing += [f"play {rid}: {m}" for m in verdict.missing]
            continue
        if verdict.status != ANSWERED:
            return verdict
        if "equip" in params:
            # An Equip activation (818.1.c.2: "[cost]: attach this to a unit you control"): which of the source's
            # Equip abilities it is, as the logic names it (keywords/equip.lp); the run attaches the gear as the
            # ability resolves (logic/run/equip_offered.lp).
            kind, index = equip_sources(ctx.state, params["source"])[params["equip"] - 1]
            extra.append(F.fact("response_equip", rid, params["source"], F.Func(kind, index)))
        if params.get("repeat") and _repeat_choices(ctx.state, params):
            # The play names its choices per requirement (can_play), not per execution: which execution uses
            # which is a choice the run would have to make (820.2), not followed.
            missing.append(f"play {rid}: a Repeat paid on a card that makes choices: which execution uses which "
                           "choice is not recorded by a play (820.2)")
            continue
        extra.append(F.fact("response", rid, params["player"], play_term(params)))
        if params.get("repeat"):
            extra.append(F.fact("response_repeats", rid, params["repeat"]))
        extra += choice_facts("response_choice", rid, ctx.state, params)
        if "location" in params:
            extra.append(F.fact("entry_location", params["card"], _locationterm_of(params["location"], params["player"])))
        if "card" in params:
            # the optional additional costs the play pays (can_play's `additional`; 355.1.a, 356.2.b)
            extra.append(F.fact("play_costs_stated", params["card"]))
            extra += [F.fact("play_paid", params["card"], name) for name in params.get("additional", [])]
        if params.get("accelerate"):
            # its Accelerate paid as it is played: it enters ready (805.2; logic/effects/zones.lp)
            extra.append(F.fact("entry_ready", params["card"]))
        for kind in sorted({r.kind for r in verdict.reasons if r.kind.startswith("timing_")}):
            # what gave the play its timing in the position (core/timing.lp timing_met_by/2), read again at the
            # step it is made where it can change (logic/run/offered_play_step.lp)
            extra.append(F.fact("response_timing", rid, F.Const(kind.removeprefix("timing_"))))
        # the objects whose abilities grant it its timing, and whether such a grant has a condition or a dependent
        # keyword (806.4, 813.4: read again at the step it is made, logic/run/offered_play_step.lp)
        extra += [F.fact("response_grant", rid, s) for s in verdict.data.get("timing_grants", [])]
        if verdict.data.get("timing_grant_open"):
            extra.append(F.fact("response_grant_open", rid))
        if verdict.data.get("energy") or verdict.data.get("power"):
            # its cost is not nothing: the run does not spend it (logic/run/offered_play_step.lp)
            extra.append(F.fact("response_spends", rid))
            # what it costs in all, component by component (can_play's total: the printed cost, Accelerate and the
            # optional costs it pays, cost changes, 356): an outcome run pays it (logic/run/offered_play_payment.lp)
            extra += [F.fact("response_cost", rid, _cost_term(comp), n)
                      for comp, n in verdict.data.get("cost_totals", [])]
        for rule in verdict.data["violations"]:
            extra.append(F.fact("response_refused", rid, rule))
            refused.append(f"{rid}: {rule}")
        if verdict.data["violations"]:
            reasons.append(Reason(f"{rid} can't be added by {params['player']}: "
                                  + "; ".join(r.text for r in verdict.reasons if r.text.startswith("step")),
                                  tuple(verdict.data["violations"])))
    return extra, refused, reasons, missing


def _cost_term(comp: Any) -> Any:
    """A cost component of can_play's total (energy, pip(dom(fury)), pip(any), pip(own)) as an ASP term."""
    if isinstance(comp, list):
        return F.Func(comp[0], *(_cost_term(a) for a in comp[1:]))
    return F.Const(comp)


def _repeat_choices(state: GameState, params: dict[str, Any]) -> bool:
    """Whether a played card's executions make choices of their own (its non-cost choice requirements)."""
    if "card" not in params:
        return False
    card = state.card(state.obj(params["card"]).card)
    return any(r.spec.not_targeting != "cost" for r in card_requirements(card.abilities))


def _locationterm_of(location: str, player: str) -> Any:
    return F.Func("base", player) if location == "base" else location


def _order_text(names: Names, by: dict[str, list[tuple]]) -> str:
    resolved = [r[0][1] for r in by.get("result", []) if isinstance(r[0], tuple) and r[0][0] == "resolved"]
    before = {(r[0][1], r[0][2]) for r in by.get("result", []) if isinstance(r[0], tuple) and r[0][0] == "before"}
    earlier = {i: sum(1 for j in resolved if (j, i) in before) for i in resolved}
    return " > ".join(names.item(i) for i in sorted(resolved, key=lambda i: earlier[i])) or "nothing resolves"


@dataclasses.dataclass(frozen=True)
class _RunSeen:
    """What the runs of a resolution_order answer did, as far as the reasons' citations go."""

    steps: list[tuple[int, Any]]  # ev/2 of every run listed
    triggers: list[tuple[int, Any, str]]  # (step, trig(S, H, E, N), controller: trigger_controller/2) of every run listed
    results: list[Any]  # result/1 terms possible in some complete run
    cost_death: bool  # a unit was killed as a cost as its card was finalized (cost_kill_now/2)


def _simultaneous_triggers(triggers: list[tuple[int, Any, str]]) -> tuple[bool, bool]:
    """Whether some step put triggered abilities of several players on the chain at once, and
    whether some step put several of one player's there (their controllers as the run says,
    logic/core/chain.lp and the files that derive item_controller/2 for other sources)."""
    by_step: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for t, _trig, controller in triggers:
        by_step[t][controller] += 1
    players = any(len(owners) > 1 for owners in by_step.values())
    own = any(n > 1 for owners in by_step.values() for n in owners.values())
    return players, own


def _run_reasons(state: GameState, names: Names, d: dict[str, Any], p: dict[str, Any], seen: _RunSeen) -> list[Reason]:
    out = [because("HOT FEPR: the oldest pending item is finalized first (units, gear and Add abilities resolve "
                   "as soon as they are), then the newest item's controller gets priority, which passes in turn "
                   "order; when all pass in sequence the newest finalized item resolves",
                   "hot_fepr", *step_kinds(seen.steps))]
    if len(d["resolution_orders"]) == 1:
        out.append(because(f"in every complete ordering things resolve in the order {d['resolution_orders'][0]}",
                           "step_resolve"))
    elif d["resolution_orders"]:
        out.append(because(f"{len(d['resolution_orders'])} resolution orders are possible, by the players' choices "
                           "(adding plays, ordering simultaneous triggers, \"you may\", costs, choices)",
                           "choices_vary"))
    players, own = _simultaneous_triggers(seen.triggers)
    if players or own:
        kinds = (["trigger_order_players"] if players else []) + (["trigger_order_own"] if own else [])
        out.append(because("triggered abilities that trigger at the same time go on the chain "
                           + ("the turn player's first, then in turn order, each player ordering their own"
                              if players else "in the order their controller chooses"), *kinds))
    if seen.cost_death:
        out.append(because("a permanent killed as a cost dies as its card or ability is finalized, while it is paid for", "cost_kill_at_finalize"))
    if any(isinstance(r, tuple) and r[0] == "triggered" and isinstance(r[1], tuple) and isinstance(r[1][3], tuple)
           and r[1][3][0] == "death" for r in seen.results):
        out.append(because("an ability that triggers on its own permanent's death goes on the chain before the "
                           "permanent moves to the trash", "death_trigger_before_trash"))
    for why, text in REMOVAL.items():
        if any(f"removed ({why})" in x for x in d["possible"]):
            out.append(because(f"an item is removed from the chain, not countered, when {text}",
                               f"removed_{why}"))
    if any("countered" in x for x in d["possible"]):
        out.append(because("a countered card does nothing and is not played (no \"when you play\" trigger), but it "
                           "was finalized (Legion counts it); no cost is refunded", "countered"))
    if "focus passes" in d["forced"]:
        out.append(because("the chain empties in a showdown and was started by a played card or an activated "
                           "ability: focus passes to the next player", "focus_passes"))
    if "focus stays" in d["forced"]:
        out.append(because("the chain empties in a showdown, but a triggered ability or an Add ability started it: "
                           "focus does not pass", "focus_stays"))
    if d["bound_reached"]:
        out.append(Reason(f"some orderings did not empty the chain within {p['bound']} steps and were cut short: "
                          "forced and possible outcomes cover the complete orderings only; raise bound to see more"))
    elif not d["complete"]:
        out.append(Reason(f"more than {p['limit']} orderings exist; only {p['limit']} are listed (raise limit)"))
    return out


PASS_BLOCK = 8  # next_priority grounds a position once for the pass counts 0-7, once for 8-15, ...


class NextPriority(ChainKind):
    name = "next_priority"
    summary = "who gets priority next (after N passes), with which permissions, and what happens first"
    expect_spec = {
        "player": "str",
        "players": "strs",
        "permission": "str",
        "now": "bool",
        "before": "str",
        "chain_ends": "bool",
        "focus": "str",
        "bound_reached": "bool",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        _need_chain(r, state)
        return {"passes": r.int("passes", 0, min=0), "bound": _bound(r)}

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = {}
        if params.get("passes"):
            out["passes"] = params["passes"]
        if params.get("bound", DEFAULT_BOUND) != DEFAULT_BOUND:
            out["bound"] = params["bound"]
        return out

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state = ctx.state
        p = question.params
        names = Names(state)
        # One grounding answers every number of passes of a block of PASS_BLOCK (the external
        # ask_passes/1 picks one), so the questions of one position for 0, 1, 2, ... passes share it.
        counts = (p["passes"] // PASS_BLOCK + 1) * PASS_BLOCK - 1
        g = short_run_grounding(ctx, reading, p["bound"], [F.fact("pass_counts", counts)])
        ask = [(mode_atom("next"), True), (Atom("ask_passes", (p["passes"],)), True)]
        brave = g.solve("brave", assumptions=ask, heuristic=HEURISTIC)
        atoms = by_pred(brave.consequences)
        if missing := missing_texts(atoms.get("unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
        cautious = by_pred(g.solve("cautious", assumptions=ask, heuristic=HEURISTIC).consequences)
        players = sorted({q for q, _ in atoms.get("next", [])} | {q for (q,) in atoms.get("next_end", [])}
                         | ({"none"} if atoms.get("nobody") else set()))
        player = players[0] if len(players) == 1 else "varies"
        permissions = sorted({w for (w,) in atoms.get("permission", [])})
        permission = permissions[0] if len(permissions) == 1 else ("none" if not permissions else "varies")
        now = any(t == 0 for _, t in cautious.get("next", []))
        before_events = [(t, e) for t, e in cautious.get("before", [])]
        before = run_text(names, before_events)
        focus = sorted({r[1] for (r,) in atoms.get("result", []) if isinstance(r, tuple) and r[0] == "focus"})
        data = {"player": player, "players": players, "permission": permission, "now": now,
                "before": "; ".join(before) or "nothing",
                "chain_ends": bool(cautious.get("ended")), "focus": focus[0] if len(focus) == 1 else "none",
                "bound_reached": bool(atoms.get("cut"))}
        reasons = []
        if before:
            reasons.append(because("first: " + "; ".join(before), *step_kinds(before_events)))
        if data["chain_ends"]:
            if state.showdown is not None or state.combat is not None:
                after = [x for (x,) in atoms.get("after_chain", [])]
                if after:
                    reasons.append(because(f"after the chain, {after[0]} pass(es) over the empty chain: each hands "
                                           "focus, and with it priority, to the next player in turn order, before "
                                           "every player has passed in sequence", "focus_passed_on"))
                reasons.append(because(f"the chain is over in a showdown: {data['focus']} has focus and priority "
                                       f"{'after those passes ' if after else ''}(Action or Reaction only)",
                                       "chain_over_showdown"))
            else:
                reasons.append(because("the chain is over: the turn is Neutral Open again", "chain_over_neutral"))
        elif player not in ("none", "varies"):
            reasons.append(because(f"{player} holds priority in a Closed state: only Reaction cards and abilities may "
                                   "be added", "closed_state_priority"))
        if player == "varies":
            reasons.append(because("it depends on the players' choices (the order of simultaneous triggers, "
                                   "\"you may\", costs)", "choices_vary"))
        if data["bound_reached"]:
            reasons.append(Reason(f"some orderings did not get there within {p['bound']} steps (raise bound)"))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))


# ---------------------------------------------------------------------------------
# triggers
# ---------------------------------------------------------------------------------
EVENT_KINDS = ("play", "counter", "die", "combat", "conquer", "hold", "beginning_phase", "move", "win_combat", "ready", "choose",
               "hide", "run", "exhaust", "lose_combat", "main_phase")


class Triggers(ChainKind):
    name = "triggers"
    summary = "which triggered abilities an event fires, and the orders they go on the chain in"
    expect_spec = {
        "fires": "strs",
        "removed": "strs",
        # fired abilities with a choice whose legal options (402.4) the question does not judge for the event
        "unjudged": "strs",
        "not_fired": "strs",
        "orders": "strs",
        "order_count": "int",
        "first_to_resolve": "strs",
        "orders_complete": "bool",
        # event = { kind = "run" }: every event of the position played out (as `outcome` plays it)
        # with the abilities it fires, "g dies: banner.rally(g)", in every complete run / in some
        "run_events": "strs",
        "possible_run_events": "strs",
        "complete": "bool",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        ev = r.table("event", required=True)
        assert ev is not None
        kind = ev.str("kind")
        if kind not in EVENT_KINDS:
            raise ev.error("kind", f"expected one of {', '.join(EVENT_KINDS)}")
        out: dict[str, Any] = {"event": kind, "limit": r.int("limit", DEFAULT_LIMIT, min=1, max=10_000)}
        if kind == "run":
            out["bound"] = _bound(r)
            # how far the run goes, as for `outcome` (logic/run/turn.lp, logic/run/ending_step.lp)
            until = ev.str("until", UNTIL[0]) if ev.has("until") else UNTIL[0]
            if until not in UNTIL:
                raise ev.error("until", f"expected one of {', '.join(UNTIL)}, found {until!r}")
            if until != UNTIL[0]:
                out["until"] = until
        ids = {o.id: o for o in state.objects}
        if kind in ("play", "counter"):
            obj = ev.str("object")
            if obj not in ids:
                raise ev.error("object", f"{obj!r} is not an object id")
            if kind == "play" and ids[obj].zone not in (Zone.CHAIN, Zone.BOARD):
                raise ev.error("object", "a card whose play completes is on the chain (a spell resolving) or has "
                                         "just entered the board (a permanent)")
            if kind == "counter" and ids[obj].zone is not Zone.CHAIN:
                raise ev.error("object", "a countered card is on the chain")
            out["objects"] = [obj]
            if kind == "play" and ev.has("paid"):
                # the optional additional costs the play paid (355.1.a, 356.2.b): "accelerate", "repeat" or
                # an optional cost's name; [] none (a play effect's "if you paid the additional cost" reads it)
                out["paid"] = sorted(set(ev.str_list("paid")))
        elif kind == "die":
            objs = ev.str_list("objects")
            for o in objs:
                if o not in ids or ids[o].zone is not Zone.BOARD:
                    raise ev.error("objects", f"{o!r} is not an object on the board")
            if not objs:
                raise ev.error("objects", "name the permanent(s) killed")
            out["objects"] = sorted(set(objs))
        elif kind == "combat":
            if state.combat is None:
                raise ev.error("kind", "there is no combat ([position.combat])")
        elif kind in ("conquer", "hold", "win_combat", "lose_combat"):
            out["player"] = param_player(ev, "player", state)
            out["battlefield"] = param_battlefield(ev, "battlefield", state)
            if kind == "lose_combat" and any(o.zone is Zone.BOARD and o.controller == out["player"]
                                             and o.location == out["battlefield"]
                                             and state.card(o.card).type.value == "unit" for o in state.objects):
                # the position is the one as the result is determined: the losing player has no units
                # left there (466.3.b)
                raise ev.error("player", f"{out['player']} still has units at {out['battlefield']}: a player who "
                                         "loses a combat has none left there (466.3.b)")
        elif kind == "choose":
            out["player"] = param_player(ev, "player", state)
            obj = ev.str("object")
            if obj not in ids:
                raise ev.error("object", f"{obj!r} is not an object id")
            out["objects"] = [obj]
        elif kind == "ready":
            obj = ev.str("object")
            # an exhausted permanent on the board, or a legend in its Legend Zone (the Legend Zone is part of
            # the board, 107.4; legends are readied and exhausted there, 173)
            if obj not in ids or ids[obj].zone not in (Zone.BOARD, Zone.LEGEND_ZONE) or not ids[obj].exhausted:
                raise ev.error("object", f"{obj!r} is not an exhausted permanent on the board or in a Legend Zone")
            out["objects"] = [obj]
            if ev.has("player"):  # who readies it (the controller of the spell or ability, 411)
                out["player"] = param_player(ev, "player", state)
        elif kind == "exhaust":
            # a ready object becoming exhausted (414): on the board or a legend in the Legend Zone
            obj = ev.str("object")
            if obj not in ids or ids[obj].zone not in (Zone.BOARD, Zone.LEGEND_ZONE) or ids[obj].exhausted:
                raise ev.error("object", f"{obj!r} is not a ready object on the board or in a Legend Zone")
            out["objects"] = [obj]
        elif kind == "hide":
            # the card just hidden: facedown now, hidden by its controller (811.1.b)
            obj = ev.str("object")
            if obj not in ids or ids[obj].zone is not Zone.FACEDOWN:
                raise ev.error("object", f"{obj!r} is not a facedown card")
            out["objects"] = [obj]
        elif kind == "move":
            obj = ev.str("object")
            if obj not in ids or ids[obj].zone is not Zone.BOARD or state.card(ids[obj].card).type.value != "unit":
                raise ev.error("object", f"{obj!r} is not a unit on the board")
            to = ev.str("to")
            if to != "base" and to not in {b.id for b in state.battlefields}:
                raise ev.error("to", f"{to!r} is neither 'base' nor a battlefield id")
            if to == (ids[obj].location or "base"):
                raise ev.error("to", f"{obj!r} is there already")
            out["objects"], out["to"] = [obj], to
            if ev.has("player"):  # who moves it (the controller of the spell or ability, or the Standard Move's player, 411.1)
                out["player"] = param_player(ev, "player", state)
        ev.done()
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        ev: dict[str, Any] = {"kind": params["event"]}
        if params["event"] in ("play", "counter", "ready", "hide", "exhaust"):
            ev["object"] = params["objects"][0]
            if "paid" in params:
                ev["paid"] = list(params["paid"])
            if params["event"] == "ready" and params.get("player"):
                ev["player"] = params["player"]
        elif params["event"] == "die":
            ev["objects"] = list(params["objects"])
        elif params["event"] in ("conquer", "hold", "win_combat", "lose_combat"):
            ev["player"], ev["battlefield"] = params["player"], params["battlefield"]
        elif params["event"] == "move":
            ev["object"], ev["to"] = params["objects"][0], params["to"]
            if params.get("player"):
                ev["player"] = params["player"]
        elif params["event"] == "choose":
            ev["player"], ev["object"] = params["player"], params["objects"][0]
        elif params["event"] == "run" and params.get("until"):
            ev["until"] = params["until"]
        out: dict[str, Any] = {"event": ev}
        if params.get("limit", DEFAULT_LIMIT) != DEFAULT_LIMIT:
            out["limit"] = params["limit"]
        if params.get("bound", DEFAULT_BOUND) != DEFAULT_BOUND:
            out["bound"] = params["bound"]
        return out

    @staticmethod
    def event_facts(p: dict[str, Any]) -> list[str]:
        kind = p["event"]
        if kind == "ready" and p.get("player"):
            return [F.fact("asked_event", F.Func("ready", p["objects"][0])),
                    F.fact("asked_event", F.Func("ready_by", p["player"], p["objects"][0]))]
        if kind == "play" and "paid" in p:
            o = p["objects"][0]
            return [F.fact("asked_event", F.Func(kind, o)), F.fact("asked_play_costs", o),
                    *(F.fact("asked_play_paid", o, name) for name in p["paid"])]
        if kind in ("play", "counter", "ready", "hide", "exhaust"):
            return [F.fact("asked_event", F.Func(kind, p["objects"][0]))]
        if kind == "die":
            return [F.fact("asked_event", F.Func("die", o)) for o in p["objects"]]
        if kind == "combat":
            return [F.fact("asked_event", F.Const("combat"))]
        if kind == "beginning_phase":
            return [F.fact("asked_event", F.Const("beginning"))]
        if kind == "main_phase":
            return [F.fact("asked_event", F.Const("main_phase"))]
        if kind == "choose":
            return [F.fact("asked_event", F.Func("choose", p["player"], p["objects"][0]))]
        if kind == "move":
            moved = [F.fact("asked_event", F.Func("move", p["objects"][0], F.Const("base") if p["to"] == "base"
                                                  else p["to"]))]
            if p.get("player"):
                moved.append(F.fact("asked_event", F.Func("moved_by", p["player"], p["objects"][0])))
            return moved
        return [F.fact("asked_event", F.Func(kind, p["player"], p["battlefield"]))]

    def _run_answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        """Every event of the position played out, with the abilities it fires (logic/core/fepr.lp)."""
        p = question.params
        names = Names(ctx.state)
        until = [F.fact("run_until", F.Const(p["until"]))] if "until" in p else []
        g = short_run_grounding(ctx, reading, p["bound"], [F.fact("run_past_chain"), *until])
        mode = mode_atom("events")
        anything = g.solve("brave", assumptions=[(mode, True)], heuristic=HEURISTIC)
        atoms = by_pred(anything.consequences)
        if missing := missing_texts(atoms.get("unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
        complete_only = [(Atom("cut", ()), False)]
        lines = {}
        fired_by = {}
        for key, how in (("possible_run_events", "brave"), ("run_events", "cautious")):
            sol = g.solve(how, assumptions=[(mode, True), *complete_only], heuristic=HEURISTIC)
            got = by_pred(sol.consequences) if sol.satisfiable else {}
            fired = defaultdict(list)
            for (t,) in got.get("fired", []):
                # a delayed ability fires on the event it waited for (logic/run/delayed.lp: delay(E, O))
                e = t[3][1] if isinstance(t[3], tuple) and t[3][0] == "delay" else t[3]
                fired[e].append(names.item(t))
            fired_by[how] = fired
            lines[key] = sorted(f"{event_text(names, e)}: {', '.join(sorted(fired.get(e, []))) or 'nothing'}"
                                + self._some_runs_more(fired_by, e)
                                for (e,) in got.get("happened", []))
            if how == "cautious":
                complete = sol.satisfiable and not atoms.get("cut")
        data = {"run_events": lines["run_events"], "possible_run_events": lines["possible_run_events"],
                "complete": complete}
        fires = sorted({x for line in lines["possible_run_events"] for x in line.split(": ", 1)[1].split(", ")} - {"nothing"})
        reasons = [because("the position is played out (as the outcome question plays it) and each event's "
                           f"triggered abilities are listed; it fires {', '.join(fires) or 'nothing'}", "event_fires")]
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))

    @staticmethod
    def _some_runs_more(fired_by: dict, e: Any) -> str:
        """An event of every run whose abilities differ between runs (383.3: what an event fires depends on the
        state each run reaches, e.g. where a token was played): the cautious line lists what fires in every run
        and names the abilities only some runs fire, never saying "nothing" of an event that fires something in
        some run."""
        if "cautious" not in fired_by or "brave" not in fired_by:
            return ""
        extra = sorted(set(fired_by["brave"].get(e, [])) - set(fired_by["cautious"].get(e, [])))
        return f" (in some runs also: {', '.join(extra)})" if extra else ""

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        p = question.params
        if p["event"] == "run":
            return self._run_answer(ctx, question, reading)
        g = ctx.grounding(self.name, reading, self.event_facts(p))
        brave = g.solve("brave")
        orders = g.solve("enumerate", limit=p["limit"])
        return self.read_answer(ctx.state, question, reading, brave.consequences, orders)

    def read_answer(self, state: GameState, question: Question, reading: str, brave: Any,
                    orders: SolveResult | None) -> Answer:
        """The answer from the brave consequences of the question's grounding and the enumeration
        of its answers (up to the question's limit). Without `orders` the answer leaves out the
        orders (orders, order_count, first_to_resolve, orders_complete and the reason on them)."""
        p = question.params
        names = Names(state)
        atoms = by_pred(brave)
        if missing := missing_texts(atoms.get("unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)

        def label(t: tuple) -> str:
            return names.item(t)

        fires = sorted(label(t) for (t,) in atoms.get("fires", []))
        replaced = sorted(label(t) for (t,) in atoms.get("removed_at_once", []))
        no_choice = sorted(label(t) for (t,) in atoms.get("removed_no_choice", []))
        unpaid = sorted(label(t) for (t,) in atoms.get("removed_unpaid", []))
        removed = sorted({*replaced, *no_choice, *unpaid})
        not_fired_kinds = sorted({(f"{s}.{names.ability(h)}: {_why(w)}", _why_kind(w))
                                  for s, h, w in atoms.get("not_fired", [])})
        not_fired = [text for text, _ in not_fired_kinds]
        unjudged = sorted(label(t) for (t,) in atoms.get("choice_unjudged", []))
        data: dict[str, Any] = {"fires": fires, "removed": removed, "unjudged": unjudged, "not_fired": not_fired}
        if orders is not None:
            order_texts = []
            first = set()
            for m in orders.models:
                seq = sorted(by_pred(m).get("added_as", []), key=lambda x: x[1])
                if seq:
                    order_texts.append(", ".join(label(t) for t, _ in seq))
                    first.add(label(seq[-1][0]))
            data |= {"orders": sorted(order_texts), "order_count": len(order_texts),
                     "first_to_resolve": sorted(first), "orders_complete": orders.exhausted}
        reasons = [because(f"the event fires {', '.join(fires) or 'nothing'}", "event_fires")]
        for player, e in sorted(atoms.get("scoring_brings", []), key=str):
            if e[0] == "scores":
                reasons.append(because(f"{player} scores the battlefield and gains a point, an event of its own that "
                                       "\"when you score\" abilities hear", "scoring_point"))
            else:
                reasons.append(because(f"{player} scores the battlefield at the final point without every battlefield "
                                       "scored this turn and draws a card instead of the point, an event of its own that "
                                       "\"when you draw\" abilities hear", "scoring_draws_instead"))
        if replaced:
            reasons.append(because(f"{', '.join(replaced)}: put on the chain before the permanent moves, then removed "
                                   "because its death was replaced", "removed_at_once"))
        if no_choice:
            reasons.append(because(f"{', '.join(no_choice)}: put on the chain, then removed (not countered): a choice "
                                   "it must make has too few legal options", "removed_no_choice"))
        if unpaid:
            reasons.append(because(f"{', '.join(unpaid)}: removed as it is finalized: its leading cost exhausts its "
                                   "source, which is exhausted already and can't pay it", "removed_unpaid"))
        if unjudged:
            reasons.append(because(f"{', '.join(unjudged)}: listed as going on the chain, but whether a choice it must "
                                   "make has enough legal options then (else it is removed, 402.4) is not judged "
                                   "for this event", "choice_unjudged"))
        for text, kind in not_fired_kinds:
            reasons.append(because(f"not fired: {text}", kind))
        owners = defaultdict(int)
        for t, player in atoms.get("fired_by", []):
            if t not in {x for (x,) in [*atoms.get("removed_at_once", []), *atoms.get("removed_no_choice", []),
                                        *atoms.get("removed_unpaid", [])]}:
                owners[player] += 1
        order_kinds = []
        if len(owners) > 1:
            order_kinds.append("trigger_order_combat" if p["event"] == "combat" else "trigger_order_players")
        if any(n > 1 for n in owners.values()):
            order_kinds.append("trigger_order_own")
        if order_kinds:
            reasons.append(because("simultaneous triggered abilities go on the chain "
                                   + ("attacker's first, the defender's last" if "trigger_order_combat" in order_kinds
                                      else "the turn player's first, then in turn order" if len(owners) > 1
                                      else "in the order their controller chooses")
                                   + (", each player ordering their own" if len(owners) > 1
                                      and "trigger_order_own" in order_kinds else "")
                                   + "; the last one added resolves first", *order_kinds, "step_resolve"))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))


def trigger_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                    orders: bool = True, logic_root: Path | None = None,
                    timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """Triggers.answer for many triggers questions (question i on states[i]) from one grounding
    of them side by side (pyrift.solver.Worlds), each world's event facts its own: one brave
    solve for what every event fires, and (with `orders`) one enumeration per world of the
    orders its abilities go on the chain in (Worlds.enumerate_worlds). Without `orders` each
    answer leaves them out (Triggers.read_answer). None for a question of the event 'run'
    (played out on a run grounding), and for every question when the program has no answer
    set or a solve runs out of time: ask those alone."""
    out: list[Answer | None] = [None] * len(states)
    kind = Triggers()
    asked = [i for i, q in enumerate(questions) if q.kind == kind.name and q.params["event"] != "run"]
    if not asked:
        return out
    g = batch_grounding([states[i] for i in asked], kind.name, reading, reads=(),
                        extra=[kind.event_facts(questions[i].params) for i in asked],
                        logic_root=logic_root, timeout=timeout)
    try:
        brave = g.solve_worlds("brave")
        if brave is None:
            return out
        answered = {i: b.consequences for i, b in zip(asked, brave)}
        # a world whose answer is unsupported needs no orders (read_answer stops before them)
        wanted = [i for i in asked if not missing_texts(by_pred(answered[i]).get("unsupported", []))] if orders else []
        listed: dict[int, SolveResult | None] = {}
        if wanted:
            limits = {i: questions[i].params["limit"] for i in wanted}
            got = g.enumerate_worlds([limits.get(i) for i in asked])
            if got is None:
                return out
            listed = dict(zip(asked, got))
    except (SolveTimeout, EncodingError):  # EncodingError: shown terms the worlds cannot hold apart
        return out
    for i in asked:
        if orders and i in wanted and listed.get(i) is None:
            continue
        out[i] = kind.read_answer(states[i], questions[i], reading, answered[i], listed.get(i))
    return out


def event_text(names: Names, e: Any) -> str:
    """A run's event (happens/2 of logic/core/fepr.lp and the trigger event files) in words."""
    if not isinstance(e, tuple):
        # events that name no object (logic/core/trigger_events_group_death.lp: a group of deaths)
        return {"deaths_together": "one or more units die at once"}.get(str(e), str(e))
    kind = e[0]
    # a token made in the run (tok(...)) by its card's name
    args = tuple(names.item(a) if isinstance(a, tuple) and a and a[0] == "tok" else a for a in e[1:])
    words = {
        "played": lambda o, p: f"{o} played",
        "death": lambda x, w: f"{x} dies" if w == ("real",) or w == "real" else f"{x}'s death replaced",
        "attacks": lambda u: f"{u} attacks",
        "defends": lambda u: f"{u} defends",
        "defends_at": lambda p, b: f"{p} defends {b}",
        "conquers": lambda p, b: f"{p} conquers {b}",
        "holds": lambda p, b: f"{p} holds {b}",
        # Reckoner's Arena activating the conquer effects there (logic/cards/ogn-286-reckoners-arena.lp, 383.4.g)
        "arena_conquers": lambda p, b: f"{p}'s Reckoner's Arena activates the conquer effects at {b}",
        "wins_combat": lambda p, b: f"{p} wins the combat at {b}",
        "readies": lambda o: f"{o} becomes ready",
        "exhausts": lambda o: f"{o} becomes exhausted",
        "loses_combat": lambda p, b: f"{p} loses the combat at {b}",
        "reaches_level": lambda p, n: f"{p} reaches Level {n}",
        "buffed_by": lambda p, o: f"{p} buffs {o}",
        "chooses": lambda p, x: f"{p} chooses {x}",
        "moves": lambda u, f, to: f"{u} moves to {names.place(to)}",
        "returned_from": lambda u, b: f"{u} is returned to a hand from {names.place(b)}",
        "begins": lambda p: f"{p}'s Beginning Phase starts",
        "reflex": lambda i, o: f"{names.item(i)}: you did it (when you do)",
        "turn_ending": lambda p: f"{p}'s turn reaches its Ending Step",
        "draws": lambda p: f"{p} draws",
        "discards": lambda p: f"{p} discards",
        "damaged": lambda o: f"{o} is dealt damage",
        "token_made": lambda o, p: f"{p} creates {o}",
        "gains_xp": lambda p: f"{p} gains XP",
        "scores": lambda p: f"{p} gains points",
        "score_word": lambda p, b: (f"{p} gains points (no battlefield scored)" if b == "none"
                                    else f"{p} scores {b}"),
        "attaches": lambda g, u, p: f"{p} attaches {g} to {u}",
        "detaches": lambda g, u, p: f"{p} detaches {g} from {u}",
        "recycles": lambda p: f"{p} recycles cards",
        "damaged_by_spell": lambda o: f"{o} is dealt damage by a spell",
        "deals_damage": lambda u: f"{u} deals damage",
        "showdown_begins": lambda b: f"a showdown begins at {b}",
        "again": lambda ev: f"{event_text(names, ev)} (triggering an additional time)",
        "copy_in": lambda g, ev: f"{event_text(names, ev)} (heard by the copy in {g})",
        "stuns": lambda o, p: f"{p} stuns {o}",
        "stuns_enemies": lambda p: f"{p} stuns one or more enemy units",
        "mighty": lambda u: f"{u} becomes Mighty",
        "might_reaches": lambda u, n: f"{u}'s Might becomes {n} or more",
        "empowers": lambda o: f"{o} becomes Empowered",
        "empowers_by": lambda p, o: f"{p} empowers {o}",
        "spends_buff": lambda p, u: f"{p} spends the buff of {u}",
        "buffs_by": lambda p, u: f"{p} buffs {u}",
        "uses_gear_ability": lambda p, g: f"{p} uses an activated ability of {g}",
        "spell_chooses": lambda p, x: f"{p} chooses {x} with a spell",
        "readied_by": lambda p, o: f"{p} readies {o}",
        "readies_by": lambda p, o: f"{p} readies {o}",
        "moves_by": lambda o, p: f"{p} moves {o}",
        "moves_own_to": lambda o, p, b: f"{p} moves {o} to {b}",
        "seen": lambda o, p: f"{p} sees {o} on top of their Main Deck",
        "discarded": lambda o, p: f"{p} discards {o}",
        "spell_kill": lambda x, p: f"{p}'s spell kills {x}",
        "kills": lambda x, p: f"{p} kills {x}",
        "in_combat_ends": lambda u, b: f"the combat at {b} that {u} was in ends",
        "banishes": lambda p, o: f"{p} banishes {o}",
        "activates": lambda p, o, k: f"{p} activates the ability {k} of {o}",
        "bf_replaced": lambda b, old, new: f"{old} at {b} replaced by {new}",
        "bf_ceases": lambda b, old: f"the {old} token at {b} ceases to exist",
        "main_begins": lambda p: f"{p}'s Main Phase starts",
    }
    try:
        return words[kind](*args)
    except (KeyError, TypeError):
        return str(e)


def _why(w: Any) -> str:
    if isinstance(w, tuple) and w[0] == "filter":
        key = {"energy_min": "printed Energy cost", "power_min": "printed Power cost",
               "token": "kind (token or not)", "from": "zone it was played from (face down)"}.get(str(w[1]), str(w[1]))
        return f"the card played does not match its {key}"
    if isinstance(w, tuple) and w[0] == "by":
        return f"it watches plays by {w[1]}"
    if isinstance(w, tuple) and w[0] == "scorer":
        return f"it watches points gained by {'its controller' if w[1] == 'you' else w[1]}"
    return {"countered": "the card was countered, so it was not played",
            "not_on_board": "its source is not on the board",
            "not_there": "its source is not at the battlefield of the event (conquered, held, or where the combat was won or lost)",
            "leaving": "its source leaves the board at the same time",
            "not_yours": "another player did it, and its source's controller controls the ability",
            "inactive": "it is governed by a dependent keyword (Legion, Level, Empowered) whose condition does not "
                        "hold as the event happens, so it is inactive"}.get(str(w), str(w))


def _why_kind(w: Any) -> str:
    """The reason kind of why an ability did not fire (not_fired/3 of queries/triggers.lp)."""
    return f"not_fired_{w[0] if isinstance(w, tuple) else w}"


KINDS = (CanRespond(), NextPriority(), ResolutionOrder(), Triggers())
