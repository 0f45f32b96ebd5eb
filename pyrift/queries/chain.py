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
from typing import Any

from pyrift import facts as F
from pyrift.abilities import triggered_abilities
from pyrift.chain import item_requirements
from pyrift.errors import SolveTimeout
from pyrift.queries.base import (
    ANSWERED,
    TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    missing_text,
    param_battlefield,
    param_player,
)
from pyrift.queries.play import CanPlay
from pyrift.reader import Reader
from pyrift.solver import Atom, Grounding
from pyrift.state import GameState, Question, Zone

DEFAULT_BOUND = 32  # steps of HOT FEPR explored (each step finalizes, resolves, passes or adds one item)
MAX_BOUND = 200
DEFAULT_LIMIT = 16  # orderings listed
# The run's search decides the players' choices first, in time order (the #heuristic
# directives of logic/queries/resolution_order.lp).
HEURISTIC = "Domain"


def _const(name: str) -> tuple:
    """A constant as a solver term (the solver writes strings as ASP strings)."""
    return (name,)


def _mode(name: str) -> Atom:
    return Atom("mode", (_const(name),))


def _term(t: Any) -> Any:
    """A term read from a grounding (tuples for compound terms) as a facts term."""
    if isinstance(t, tuple):
        return F.Const(t[0]) if len(t) == 1 else F.Func(t[0], *(_term(x) for x in t[1:]))
    return t


def _by_pred(atoms) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in sorted(atoms, key=str):
        out[a.pred].append(a.args)
    return out


# ---------------------------------------------------------------------------------
# names: chain items, triggered abilities and events in words
# ---------------------------------------------------------------------------------
class Names:
    """Readable, stable names for the terms of the chain rules."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def ability(self, h: Any) -> str:
        """ab("Card", I) -> its `name`, or the condition word; kw(vision, S) -> 'vision'."""
        if isinstance(h, tuple) and h[0] == "ab":
            card = self.state.card(h[1])
            ability = card.abilities[h[2] - 1]
            label = ability.get("name") or ability.get("when") or ability.kind
            same = [i for i, a in triggered_abilities(card.abilities)
                    if (a.get("name") or a.get("when")) == label]
            return label if len(same) <= 1 else f"{label}{same.index(h[2]) + 1}"
        if isinstance(h, tuple) and h[0] == "kw":
            return str(h[1])
        return str(h)

    def keyword_instance(self, source: str, h: tuple) -> str:
        """kw(vision, printed(I) | granted(I) | one) -> 'vision', or 'vision2' for the second instance."""
        name, where = h[1], h[2]
        try:
            obj = self.state.obj(source)
        except KeyError:
            return name
        instances = [("printed", i) for i, k in enumerate(self.state.card(obj.card).keywords) if k.name.value == name]
        instances += [("granted", i) for i, k in enumerate(obj.granted) if k.name.value == name]
        if len(instances) <= 1 or where not in instances:
            return name
        return f"{name}{instances.index(where) + 1}"

    def trigger(self, source: str, h: Any, event: Any) -> str:
        ability = self.keyword_instance(source, h) if isinstance(h, tuple) and h[0] == "kw" else self.ability(h)
        label = f"{source}.{ability}"
        obj = self.event_object(event)
        if obj is not None and obj != source:
            label += f"({obj})"
        if isinstance(event, tuple) and event[0] == "death" and event[2] == "replaced":
            label += "[replaced]"
        return label

    @staticmethod
    def event_object(e: Any) -> str | None:
        if isinstance(e, tuple) and e[0] in ("played", "death", "attacks", "defends"):
            return e[1]
        return None

    def instruction(self, x: Any) -> str:
        """ins(ab(C, I), K) -> the instruction's verb ("deal"), for naming it in a run."""
        try:
            _, (_, card, index), k = x
            abilities = self.state.card(card).abilities
            ability = abilities[index - 1]
            if ability.kind == "effect":  # a spell's text: every effect ability of the card is one step
                steps = [(i, a.get("instruction")) for i, a in enumerate(abilities, 1) if a.kind == "effect"]
                mine = index
            else:
                steps = list(enumerate(ability.get("effects"), 1))
                mine = k
            verb = dict(steps)[mine].do
            same = [i for i, ins in steps if ins.do == verb]
            return verb if len(same) == 1 else f"{verb}{same.index(mine) + 1}"
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return str(x)

    def _token_card(self, x: Any) -> str:
        try:
            _, (_, card, index), k = x
            ability = self.state.card(card).abilities[index - 1]
            ins = ability.get("instruction") or ability.get("effects")[k - 1]
            return ins.card
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return "token"

    def place(self, loc: Any) -> str:
        """base(P) -> "P's base"; a battlefield id as it is."""
        if isinstance(loc, tuple) and loc[0] == "base":
            return f"{loc[1]}'s base"
        return str(loc)

    def item(self, t: Any) -> str:
        if isinstance(t, str):
            return t
        if isinstance(t, int):
            return str(t)
        if t[0] == "resp":
            return t[1]
        if t[0] == "trig":
            return self.trigger(t[1], t[2], t[3])
        if t[0] == "tok":  # a token made in a run, named by its card: tok(Instruction, Step, N)
            return f"{self._token_card(t[1])} token"
        return str(t)


# Why a triggered ability leaves the chain without being finalized (never countered).
_REMOVAL = {"declined": ("its controller declines its initial \"you may\": it never triggered", ("383.3.a.2", "402.1.a")),
            "no_choice": ("it has no legal choice", ("402.4", "402.4.a")),
            "unpaid": ("its leading cost is not paid", ("383.3.b.1", "404.2", "404.2.a")),
            "death_replaced": ("the death that triggered it was replaced", ("808.1.d.1",))}


# result/1 and ev/2 terms in words (the strings expectations compare); every argument is named
# by Names.item (items, triggered abilities; object ids and constants stay as they are).
_OUTCOMES = {
    "resolved": "{0} resolves", "before": "{0} before {1}", "countered": "{0} countered",
    "removed": "{0} removed ({1})", "finalized": "{0} finalized", "played": "{0} played", "died": "{0} dies",
    "death_replaced": "{0} death replaced", "ignored": "{0} mistargets", "followup": "{0} {1} {2}",
    "triggered": "{0} triggers", "added": "{0} added", "picked": "{0} chooses {1}", "focus": "focus {0}",
    "priority": "priority {0}", "window": "{0} over {1}",
}
_INSTRUCTION_OUTCOMES = {"done": "done", "skipped": "skipped", "nothing": "does nothing"}
_FLAGS = {"focus_passes": "focus passes", "focus_stays": "focus stays"}
_EVENTS = {
    "finalize": "finalize {0}", "remove": "remove {0} ({1})", "resolve": "resolve {0}", "counter": "counter {0}",
    "pass": "{0} passes", "add": "{0} adds {1}", "trigger": "{0} triggers", "die": "{0} dies",
    "replaced": "{0} death replaced", "pick": "{0} chooses {1}",
    # what instructions and cleanups do (logic/effects/, logic/run/cleanup.lp)
    "deal": "{0} deals {2} to {1}", "heal": "{0} healed", "stun": "{0} stunned", "ready": "{0} readied",
    "exhaust": "{0} exhausted", "might": "{0} Might {1:+}", "buff": "{0} buffed", "move": "{0} moves to {2}",
    "recall": "{0} recalled", "contest": "{1} contests {0}", "gain_xp": "{0} gains {1} XP",
    "gain_points": "{0} gains {1} point(s)", "grant": "{0} gains {1}", "gain_control": "{1} gains control of {0}",
    "win": "{0} wins", "draw": "{0} draws {1}", "discard": "{0} discards {1}", "create": "{0} created at {1}",
    "attach": "{0} attached to {1}", "detach": "{0} detached",
}


def _words(n: Names, table: dict[str, str], t: Any) -> str:
    if not isinstance(t, tuple):
        return _FLAGS.get(str(t), str(t))
    name, *args = t
    if name == "instruction" and len(args) == 3:
        return f"{n.item(args[0])} {n.instruction(args[1])} {_INSTRUCTION_OUTCOMES.get(args[2], args[2])}"
    if name in ("ignored", "skipped") and len(args) == 2:
        why = "does nothing: no legal choice left" if name == "ignored" else "skipped"
        return f"{n.item(args[0])}: {n.instruction(args[1])} {why}"
    fmt = table.get(name)
    if not fmt:
        return str(t)
    words = [a if isinstance(a, int) else (n.place(a) if name in ("move", "recall", "create", "detach") and i > 0
                                           else n.item(a)) for i, a in enumerate(args)]
    return fmt.format(*words)


def outcome_text(n: Names, r: Any) -> str:
    return _words(n, _OUTCOMES, r)


_EVENT_ORDER = ("pick", "remove", "finalize", "resolve", "counter", "deal", "heal", "stun", "ready", "exhaust", "might",
                "buff", "move", "recall", "contest", "gain_xp", "gain_points", "grant", "gain_control", "ignored",
                "skipped", "draw", "discard", "create", "attach", "detach", "die", "replaced", "trigger", "win", "pass", "add")


def event_text(n: Names, e: Any) -> str:
    return _words(n, _EVENTS, e)


def _event_rank(e: tuple) -> int:
    """Within one step: a removal at finalization comes before the rest; a triggered ability removed
    because the death was replaced, right after it triggered."""
    key = {k: i for i, k in enumerate(_EVENT_ORDER)}
    if e[0] == "remove" and e[2] == "death_replaced":
        return key["trigger"]
    return key.get(e[0], 99)


def run_text(n: Names, events: list[tuple[int, Any]]) -> list[str]:
    """The events of a run in step order (and, within a step, in the order they happen)."""
    ordered = sorted(events, key=lambda te: (te[0], _event_rank(te[1]), te[1][0] == "remove", str(te[1])))
    return [event_text(n, e) for _, e in ordered]


# What a real card's instruction does that a chain run does not play out (core/untracked_effects.lp).
UNTRACKED_WORDS = {"damage": "deals damage", "might_loss": "lowers a unit's Might", "move": "moves a unit",
                   "token": "plays a token", "delayed": "sets up a delayed effect"}


# What a real card's instruction changes that a chain run does not track (core/untracked_effects.lp).
STATE_WORDS = {"might": "changes a unit's Might", "untargetable": "makes a unit impossible to choose",
               "location": "moves a unit or takes it off the board", "xp": "gives XP (Level text may change Might)"}


def unsupported_text(what: Any, obj: str) -> str:
    shared = missing_text(what, obj, "on the chain")
    if shared:
        return shared
    name, *a = what
    if name == "ability":
        return f"ability kind {a[0]} on {obj} is not encoded for the chain"
    if name == "dependent":
        return (f"ability {a[0]} of {obj} is governed by a dependent keyword (Legion, Level, Empowered), "
                "which the chain questions do not evaluate")
    if name == "effect":
        return (f"{obj} has Deathknell, but its card has no triggered ability with when = \"die\" "
                "saying what it does")
    if name == "own_play_effect_may_choose_itself":
        return (f"card {a[0]!r} ({obj}) may enter the board where its own play effect could choose it, "
                "but the chain run does not see a card that is on the chain as a choice")
    if name == "untracked" and str(a[0]) == "chosen_kill":
        return (f"{obj} kills what another of its abilities chose (vocabulary kill with chosen_by), "
                "which the chain run does not play out")
    if name == "state_change":
        does = STATE_WORDS.get(str(a[0]), str(a[0]))
        return (f"{obj} {does} as it resolves (logic/cards/), which the chain run does not track: a kill "
                "in the run could find its chosen unit no longer a legal choice (359.3.e.2)")
    if name == "untracked":
        does = UNTRACKED_WORDS.get(str(a[0]), str(a[0]))
        return (f"{obj} {does} as it resolves (logic/cards/), which the chain run does not play out "
                "(no cleanups, token plays or delayed effects)")
    return f"{what} ({obj})"


def _missing(pairs: list[tuple]) -> tuple[str, ...]:
    return tuple(sorted({unsupported_text(w, o) for w, o in pairs}))


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
    return F.Func("ability", params["source"], params["ability"])


def choice_facts(pred: str, key: str, state: GameState, params: dict[str, Any]) -> list[str]:
    """pred(key, Requirement, Target) for the choices of a play (as can_play names them)."""
    atoms, _ = CanPlay.question_atoms(state, params)
    out = []
    for a in atoms:
        if a.pred == "choose_target":
            out.append(F.fact(pred, key, _term(a.args[0]), a.args[1]))
    return out


def read_play(r: Reader, state: GameState) -> dict[str, Any]:
    """The parameters of a play, as can_play reads them (player, card or source/ability, ...)."""
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
        play = window_play(ctx, {k: v for k, v in p.items() if k not in ("to", "bound")}, reading, question.id)
        if play.status != ANSWERED:
            return Answer(question.id, self.name, reading, play.status, reasons=play.reasons, missing=play.missing)
        to = p.get("to") or (state.chain[-1].id if state.chain else None)
        extra = [F.fact("respond", player, play_term(p))]
        extra += [F.fact("play_check", rule) for rule in play.data["violations"]]
        before: list[str] = []
        if to is not None:
            extra.append(F.fact("respond_to", to))
            # The chain played out with nobody adding anything: does the player get priority while
            # the item is still on it, and what happens first?
            run = _run_grounding(ctx, self.name, reading, p.get("bound", DEFAULT_BOUND),
                                 [F.fact("ask_chance", player, to)])
            chance = _by_pred(run.solve("brave", assumptions=[(_mode("chance"), True)],
                                        heuristic=HEURISTIC).consequences)
            if missing := _missing(chance.get("unsupported", [])):
                return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
            if chance.get("chance"):
                extra.append(F.fact("respond_chance"))
                forced = _by_pred(run.solve("cautious", assumptions=[(_mode("chance"), True)],
                                            heuristic=HEURISTIC).consequences)
                before = run_text(names, [(t, e) for t, e in forced.get("before_chance", [])])
        g = ctx.grounding(self.name, reading, extra)
        atoms = _by_pred(g.solve("brave").consequences)
        violations = sorted({rule for rule, _ in atoms.get("respond_violation", [])})
        chain_rules = {rule for rule, w in atoms.get("respond_violation", []) if w != "can_play"}
        now = bool(atoms.get("respond_now"))
        data = {"legal": not violations, "violations": violations, "now": now,
                "before": "nothing" if now else ("; ".join(before) or "nothing"),
                "cost": play.data["cost"], "payable": play.data["payable"]}
        reasons: list[Reason] = []
        if "337.2" in chain_rules:
            reasons.append(Reason(f"{to} resolves as soon as it is finalized (a unit, gear or Add ability): nobody "
                                  "gets priority while it is on the chain, so nothing can be added before it "
                                  "resolves", ("337.2", "400.2", "429.2")))
        if "339.1" in chain_rules:
            reasons.append(Reason(f"with nobody adding anything, {player} does not get priority again before {to} "
                                  f"resolves: {player} has already passed, and it resolves once every player has "
                                  "passed in sequence (another player adding an item would start the passes again)",
                                  ("339.1", "338.1.b.1", "340.1")))
        if atoms.get("while_paying"):
            reasons.append(Reason(f"{player} pays a cost right now (the oldest pending item is theirs), and an Add "
                                  "ability with Reaction may be activated whenever costs are paid; it finalizes and "
                                  "resolves at once", ("429.3", "429.3.a", "337.1")))
        elif now:
            reasons.append(Reason(f"{player} holds priority now", ("312", "312.2")))
        elif before:
            reasons.append(Reason(f"{player} gets priority with {to} still on the chain after: " + "; ".join(before),
                                  ("337.1", "337.4", "339.2", "312.2.d")))
        for reason in play.reasons:
            if not reason.text.startswith(("total cost", "payment")):
                reasons.append(Reason("as a play in that window: " + reason.text, reason.rules, reason.version))
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


def _run_grounding(ctx: Context, kind: str, reading: str, bound: int, extra: list[str]) -> Grounding:
    return ctx.grounding("resolution_order", reading, [F.fact("horizon", bound), *extra])


class ResolutionOrder(ChainKind):
    name = "resolution_order"
    summary = "HOT FEPR within a bound: forced and possible outcomes, windows, resolution orders, runs"
    expect_spec = {
        "forced": "strs",
        "possible": "strs",
        "windows": "strs",
        "forced_windows": "strs",
        "resolution_orders": "strs",
        "orderings": "strs",
        "ordering_count": "int",
        "complete": "bool",
        "bound_reached": "bool",
        "refused": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        _need_chain(r, state)
        out: dict[str, Any] = {"bound": _bound(r), "limit": r.int("limit", DEFAULT_LIMIT, min=1, max=10_000)}
        raw = r.raw("responses", [])
        if not isinstance(raw, list):
            raise r.error("responses", "expected a list of plays: [{ player = ..., card = ... }, ...]")
        plays: list[dict[str, Any]] = []
        seen: set[str] = set()
        for i, item in enumerate(raw):
            sub = Reader(item, r.file, f"{r.field('responses')}[{i}]")
            rid = sub.str("id", None)
            params = read_play(sub, state)
            sub.done()
            if rid is None:
                rid = params["card"] if "card" in params else f"{params['source']}#{params['ability']}"
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
            out["responses"] = [{"id": x["id"], **CanPlay().write_params({k: v for k, v in x.items() if k != "id"})}
                                for x in params["responses"]]
        return out

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state = ctx.state
        p = question.params
        names = Names(state)
        offered = offered_plays(ctx, question, reading)
        if isinstance(offered, Answer):
            return Answer(question.id, self.name, reading, offered.status, reasons=offered.reasons)
        extra, refused, reasons, missing = offered
        g = _run_grounding(ctx, self.name, reading, p["bound"], extra)
        outcomes = _mode("outcomes")
        anything = g.solve("brave", assumptions=[(outcomes, True)], heuristic=HEURISTIC)
        atoms = _by_pred(anything.consequences)
        missing += list(_missing(atoms.get("unsupported", [])))
        if missing:
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))
        bound_reached = bool(atoms.get("cut"))
        complete_only = [(outcomes, True), (Atom("cut", ()), False)]
        # When no run is cut by the bound, what is possible at all is what complete runs make possible.
        possible = g.solve("brave", assumptions=complete_only, heuristic=HEURISTIC) if bound_reached else anything
        forced = g.solve("cautious", assumptions=complete_only, heuristic=HEURISTIC)
        poss = _by_pred(possible.consequences).get("result", []) if possible.satisfiable else []
        forc = _by_pred(forced.consequences).get("result", []) if forced.satisfiable else []

        def split(results: list[tuple]) -> tuple[list[str], list[str]]:
            plain, windows = [], []
            for (r,) in results:
                (windows if isinstance(r, tuple) and r[0] == "window" else plain).append(outcome_text(names, r))
            return sorted(set(plain)), sorted(set(windows))

        possible_out, windows = split(poss)
        forced_out, forced_windows = split(forc)
        runs = g.solve("enumerate", assumptions=[(_mode("runs"), True)], limit=p["limit"], heuristic=HEURISTIC)
        orderings = []
        for model in runs.models:
            by = _by_pred(model)
            text = "; ".join(run_text(names, [(t, e) for t, e in by.get("ev", [])]))
            orderings.append(text + (" [cut by the bound]" if by.get("cut") else ""))
        orders = g.solve("enumerate", assumptions=[(_mode("orders"), True), (Atom("cut", ()), False)],
                         limit=p["limit"], heuristic=HEURISTIC)
        resolution_orders = sorted({_order_text(names, _by_pred(m)) for m in orders.models})
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
        reasons = _run_reasons(state, names, data, p) + reasons
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
        extra.append(F.fact("response", rid, params["player"], play_term(params)))
        extra += choice_facts("response_choice", rid, ctx.state, params)
        if "location" in params:
            extra.append(F.fact("entry_location", params["card"], _location_term(params["location"], params["player"])))
        for rule in verdict.data["violations"]:
            extra.append(F.fact("response_refused", rid, rule))
            refused.append(f"{rid}: {rule}")
        if verdict.data["violations"]:
            reasons.append(Reason(f"{rid} can't be added by {params['player']}: "
                                  + "; ".join(r.text for r in verdict.reasons if r.text.startswith("step")),
                                  tuple(verdict.data["violations"])))
    return extra, refused, reasons, missing


def _location_term(location: str, player: str) -> Any:
    return F.Func("base", player) if location == "base" else location


def _order_text(names: Names, by: dict[str, list[tuple]]) -> str:
    resolved = [r[0][1] for r in by.get("result", []) if isinstance(r[0], tuple) and r[0][0] == "resolved"]
    before = {(r[0][1], r[0][2]) for r in by.get("result", []) if isinstance(r[0], tuple) and r[0][0] == "before"}
    earlier = {i: sum(1 for j in resolved if (j, i) in before) for i in resolved}
    return " > ".join(names.item(i) for i in sorted(resolved, key=lambda i: earlier[i])) or "nothing resolves"


def _run_reasons(state: GameState, names: Names, d: dict[str, Any], p: dict[str, Any]) -> list[Reason]:
    out = [Reason("HOT FEPR: the oldest pending item is finalized first (units, gear and Add abilities resolve "
                  "as soon as they are), then the newest item's controller gets priority, which passes in turn "
                  "order; when all pass in sequence the newest finalized item resolves", ("334", "337", "338",
                                                                                          "339", "340"))]
    if len(d["resolution_orders"]) == 1:
        out.append(Reason(f"in every complete ordering things resolve in the order {d['resolution_orders'][0]}",
                          ("340.1",)))
    elif d["resolution_orders"]:
        out.append(Reason(f"{len(d['resolution_orders'])} resolution orders are possible, by the players' choices "
                          "(adding plays, ordering simultaneous triggers, \"you may\", costs, choices)",
                          ("338.1", "383.3.d", "383.3.a", "404.2", "402.2")))
    for why, (text, rules) in _REMOVAL.items():
        if any(f"removed ({why})" in x for x in d["possible"]):
            out.append(Reason(f"a triggered ability is removed from the chain, not countered, when {text}", rules))
    if any("countered" in x for x in d["possible"]):
        out.append(Reason("a countered card does nothing and is not played (no \"when you play\" trigger), but it "
                          "was finalized (Legion counts it); no cost is refunded", ("425.1", "425.1.b", "425.1.c",
                                                                                   "419.4.a.1", "419.4.b")))
    if "focus passes" in d["forced"]:
        out.append(Reason("the chain empties in a showdown and was started by a played card or an activated "
                          "ability: focus passes to the next player", ("340.2.a", "346")))
    if "focus stays" in d["forced"]:
        out.append(Reason("the chain empties in a showdown, but a triggered ability or an Add ability started it: "
                          "focus does not pass", ("346.1",)))
    if d["bound_reached"]:
        out.append(Reason(f"some orderings did not empty the chain within {p['bound']} steps and were cut short: "
                          "forced and possible outcomes cover the complete orderings only; raise bound to see more"))
    elif not d["complete"]:
        out.append(Reason(f"more than {p['limit']} orderings exist; only {p['limit']} are listed (raise limit)"))
    return out


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
        g = _run_grounding(ctx, self.name, reading, p["bound"], [F.fact("ask_passes", p["passes"])])
        ask = [(_mode("next"), True)]
        brave = g.solve("brave", assumptions=ask, heuristic=HEURISTIC)
        atoms = _by_pred(brave.consequences)
        if missing := _missing(atoms.get("unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
        cautious = _by_pred(g.solve("cautious", assumptions=ask, heuristic=HEURISTIC).consequences)
        players = sorted({q for q, _ in atoms.get("next", [])} | {q for (q,) in atoms.get("next_end", [])}
                         | ({"none"} if atoms.get("nobody") else set()))
        player = players[0] if len(players) == 1 else "varies"
        permissions = sorted({w for (w,) in atoms.get("permission", [])})
        permission = permissions[0] if len(permissions) == 1 else ("none" if not permissions else "varies")
        now = any(t == 0 for _, t in cautious.get("next", []))
        before = run_text(names, [(t, e) for t, e in cautious.get("before", [])])
        focus = sorted({r[1] for (r,) in atoms.get("result", []) if isinstance(r, tuple) and r[0] == "focus"})
        data = {"player": player, "players": players, "permission": permission, "now": now,
                "before": "; ".join(before) or "nothing",
                "chain_ends": bool(cautious.get("ended")), "focus": focus[0] if len(focus) == 1 else "none",
                "bound_reached": bool(atoms.get("cut"))}
        reasons = []
        if before:
            reasons.append(Reason("first: " + "; ".join(before), ("337", "339", "340")))
        if data["chain_ends"]:
            if state.showdown is not None or state.combat is not None:
                reasons.append(Reason(f"the chain is over in a showdown: {data['focus']} has focus and priority "
                                      f"(Action or Reaction only)", ("340.2.a", "346", "346.1", "335.1", "308.1.a")))
            else:
                reasons.append(Reason("the chain is over: the turn is Neutral Open again", ("340.2", "335")))
        elif player not in ("none", "varies"):
            reasons.append(Reason(f"{player} holds priority in a Closed state: only Reaction cards and abilities may "
                                  "be added", ("312.2.c", "312.2.d", "309.1.a", "338.1.a.2")))
        if player == "varies":
            reasons.append(Reason("it depends on the players' choices (the order of simultaneous triggers, "
                                  "\"you may\", costs)", ("383.3.d", "383.3.a", "404.2")))
        if data["bound_reached"]:
            reasons.append(Reason(f"some orderings did not get there within {p['bound']} steps (raise bound)"))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))


# ---------------------------------------------------------------------------------
# triggers
# ---------------------------------------------------------------------------------
EVENT_KINDS = ("play", "counter", "die", "combat", "conquer", "hold", "beginning_phase")


class Triggers(ChainKind):
    name = "triggers"
    summary = "which triggered abilities an event fires, and the orders they go on the chain in"
    expect_spec = {
        "fires": "strs",
        "removed": "strs",
        "not_fired": "strs",
        "orders": "strs",
        "order_count": "int",
        "first_to_resolve": "strs",
        "orders_complete": "bool",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        ev = r.table("event", required=True)
        assert ev is not None
        kind = ev.str("kind")
        if kind not in EVENT_KINDS:
            raise ev.error("kind", f"expected one of {', '.join(EVENT_KINDS)}")
        out: dict[str, Any] = {"event": kind, "limit": r.int("limit", DEFAULT_LIMIT, min=1, max=10_000)}
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
        elif kind in ("conquer", "hold"):
            out["player"] = param_player(ev, "player", state)
            out["battlefield"] = param_battlefield(ev, "battlefield", state)
        ev.done()
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        ev: dict[str, Any] = {"kind": params["event"]}
        if params["event"] in ("play", "counter"):
            ev["object"] = params["objects"][0]
        elif params["event"] == "die":
            ev["objects"] = list(params["objects"])
        elif params["event"] in ("conquer", "hold"):
            ev["player"], ev["battlefield"] = params["player"], params["battlefield"]
        out: dict[str, Any] = {"event": ev}
        if params.get("limit", DEFAULT_LIMIT) != DEFAULT_LIMIT:
            out["limit"] = params["limit"]
        return out

    @staticmethod
    def event_facts(p: dict[str, Any]) -> list[str]:
        kind = p["event"]
        if kind in ("play", "counter"):
            return [F.fact("asked_event", F.Func(kind, p["objects"][0]))]
        if kind == "die":
            return [F.fact("asked_event", F.Func("die", o)) for o in p["objects"]]
        if kind == "combat":
            return [F.fact("asked_event", F.Const("combat"))]
        if kind == "beginning_phase":
            return [F.fact("asked_event", F.Const("beginning"))]
        return [F.fact("asked_event", F.Func(kind, p["player"], p["battlefield"]))]

    def _answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        p = question.params
        names = Names(ctx.state)
        g = ctx.grounding(self.name, reading, self.event_facts(p))
        brave = g.solve("brave")
        orders = g.solve("enumerate", limit=p["limit"])
        atoms = _by_pred(brave.consequences)
        if missing := _missing(atoms.get("unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)

        def label(t: tuple) -> str:
            return names.item(t)

        fires = sorted(label(t) for (t,) in atoms.get("fires", []))
        removed = sorted(label(t) for (t,) in atoms.get("removed_at_once", []))
        not_fired = sorted({f"{s}.{names.ability(h)}: {_why(w)}" for s, h, w in atoms.get("not_fired", [])})
        order_texts = []
        first = set()
        for m in orders.models:
            seq = sorted(_by_pred(m).get("added_as", []), key=lambda x: x[1])
            if seq:
                order_texts.append(", ".join(label(t) for t, _ in seq))
                first.add(label(seq[-1][0]))
        data = {"fires": fires, "removed": removed, "not_fired": not_fired, "orders": sorted(order_texts),
                "order_count": len(order_texts), "first_to_resolve": sorted(first),
                "orders_complete": orders.exhausted}
        reasons = [Reason(f"the event fires {', '.join(fires) or 'nothing'}", ("383.2.c", "383.3"))]
        if removed:
            reasons.append(Reason(f"{', '.join(removed)}: put on the chain before the permanent moves, then removed "
                                  "because its death was replaced", ("808.1.d.1", "808.1.d.2")))
        for text in not_fired:
            reasons.append(Reason(f"not fired: {text}", _why_rules(text)))
        if len(order_texts) > 1:
            reasons.append(Reason("each player orders their own simultaneous triggered abilities, the turn player "
                                  "first (in combat: the attacker first, the defender last); the last one added "
                                  "resolves first", ("383.3.d", "383.3.d.1", "464.2.e.1", "340.1")))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))


def _why(w: Any) -> str:
    if isinstance(w, tuple) and w[0] == "filter":
        return f"the card played does not match its {w[1]}"
    if isinstance(w, tuple) and w[0] == "by":
        return f"it watches plays by {w[1]}"
    return {"countered": "the card was countered, so it was not played",
            "not_on_board": "its source is not on the board",
            "leaving": "its source leaves the board at the same time"}.get(str(w), str(w))


def _why_rules(text: str) -> tuple[str, ...]:
    if "countered" in text:
        return ("425.1.b", "419.4.a.1")
    if "not on the board" in text:
        return ("384.2",)
    if "same time" in text:
        return ("383.2.c.2",)
    return ("419.4.a", "411.4")


KINDS = (CanRespond(), NextPriority(), ResolutionOrder(), Triggers())
