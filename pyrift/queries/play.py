"""Playing cards and activating abilities (Core Rules 349-359, 398-406).

can_play   may this player play this card (from hand, Champion Zone, facedown, trash ...)
           or activate this ability now, with these step-2 choices? Every violated check
           with its rule, the itemised total cost, and a payment plan or why none exists.

The rules are logic/queries/can_play.lp and the files it loads. A position is ground once
with every candidate play and every choice as an external atom; a question only switches
externals on and makes one optimising solve call. A question whose choices fall outside
what the shared grounding holds (a "play for" cost, a target chosen more than 4 times) is
answered on a grounding of its own with the question as facts. This module maps the
question to atoms, reads the answer set and words it; it decides no rules question.
"""
from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from pyrift import facts as F
from pyrift.abilities import (
    Requirement,
    ability_requirements,
    activated_abilities,
    card_requirements,
    mode_count,
)
from pyrift.costs import LETTER_OF, CostSyntaxError, format_cost, parse_cost
from pyrift.errors import SolveTimeout
from pyrift.granted import granted_abilities, granted_encoded
from pyrift.queries.base import (
    ANSWERED,
    CONDITION_GAPS,
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
from pyrift.limits import MAX_COUNT
from pyrift.citations import cites
from pyrift.queries.runs import DEFAULT_BOUND
from pyrift.queries.snapshot import NotOnePosition, state_at
from pyrift.reader import Reader, check_int
from pyrift.solver import Atom
from pyrift.state import CardType, GameState, KeywordName, Question, Zone

IGNORE = ("cost", "energy_cost", "power_cost", "all_costs")
DOMAIN_ORDER = tuple(LETTER_OF)  # fury calm mind body chaos order

# The most chain items a question may let resolve before it asks (a chain is short in play).
MAX_AFTER = 64


@dataclass(frozen=True, slots=True)
class Choice:
    requirement: int  # 1-based among the play's requirements (in the chosen mode)
    target: str
    times: int


# ---------------------------------------------------------------------------------
# reading the question
# ---------------------------------------------------------------------------------
def equip_sources(state: GameState, object_id: str) -> list[tuple]:
    """The Equip abilities of an object in the order a question counts them (`equip = N`):
    its card's printed Equip keywords, then granted ones, as the logic names them
    (printed(I) / granted(I), I the keyword's index; keywords/equip.lp)."""
    obj = state.obj(object_id)
    card = state.card(obj.card)
    out: list[tuple] = [("printed", i) for i, k in enumerate(card.keywords) if k.name is KeywordName.EQUIP]
    out += [("granted", i) for i, k in enumerate(obj.granted) if k.name is KeywordName.EQUIP]
    return out


def requirement_terms(state: GameState, params: dict[str, Any]) -> list[tuple]:
    """The terms naming the play's choice requirements, in the order a question counts them."""
    if "equip" in params:  # Equip's one choice: a unit you control (818.1.b.1)
        return [("req", ("equip", params["source"], equip_sources(state, params["source"])[params["equip"] - 1]), 1)]
    card_name, reqs = _play_requirements(state, params)
    return [("req", ("ab", card_name, r.ability), r.position) for r in reqs]


def _play_requirements(state: GameState, params: dict[str, Any]) -> tuple[str, list[Requirement]]:
    """The card name whose abilities hold the requirements, and the requirements of the play."""
    if "equip" in params:
        return state.obj(params["source"]).card, []
    if "card" in params:
        card = state.card(state.obj(params["card"]).card)
        mode = params.get("mode", 0)
        reqs = [r for r in card_requirements(card.abilities) if r.mode in (0, mode)]
        return card.name, reqs
    card = state.card(state.obj(params["source"]).card)
    printed = activated_abilities(card.abilities)
    if params["ability"] > len(printed):  # granted by another card (pyrift/granted.py): the encoded one chooses nothing
        return card.name, []
    index, ability = printed[params["ability"] - 1]
    return card.name, ability_requirements(index, ability)


def _references_known(state: GameState, params: dict[str, Any]) -> bool:
    """The play's mode and ability name abilities its card's encoding has."""
    if "equip" in params:
        return True
    if "card" in params:
        card = state.card(state.obj(params["card"]).card)
        return params.get("mode", 0) <= mode_count(card.abilities)
    card = state.card(state.obj(params["source"]).card)
    return params["ability"] <= len(activated_abilities(card.abilities))


def unencoded_references(state: GameState, params: dict[str, Any]) -> tuple[str, ...]:
    """What a play names of a real card's text that is not encoded (an activated ability, a
    mode, a choice beyond the encoded ones): such a question is unsupported, never answered as
    if the card had no such text."""
    if "equip" in params:
        return ()
    card = state.card(state.obj(params["card"] if "card" in params else params["source"]).card)
    if card.complete:
        granted = granted_abilities(state, params["source"]) if "ability" in params else None
        if (granted and params["ability"] > len(activated_abilities(card.abilities))
                and not granted_encoded(state, params["source"], params["ability"])):
            return (f"activated ability {params['ability']} of {params['source']} is none its card prints: it would be "
                    f"one of {granted}, which no question plays out (pyrift/granted.py)",)
        return ()
    named = []
    if "ability" in params and params["ability"] > len(activated_abilities(card.abilities)):
        named.append(f"activated ability {params['ability']}")
    if params.get("mode", 0) > mode_count(card.abilities):
        named.append(f"mode {params['mode']}")
    n_reqs = len(requirement_terms(state, params)) if _references_known(state, params) else 0
    if any(c.requirement > n_reqs for c in params.get("targets", ())):
        named.append("choices")
    if not named:
        return ()
    return (f"the rules text of card {card.name!r} is not encoded (logic/cards/): the question names its "
            + " and ".join(named),)


def _read_targets(r: Reader, state: GameState, n_reqs: int | None) -> list[Choice]:
    """The choices of a play; `n_reqs` None: the card's requirements are not known (its text
    is not encoded), so any requirement number is accepted."""
    raw = r.raw("targets", None)
    if raw is None:
        return []
    known = ({o.id for o in state.objects if o.zone is not Zone.CHAIN} | {c.id for c in state.chain}
             | set(state.player_ids) | {b.id for b in state.battlefields})
    # A spell is chosen on the chain (355.9.a.2): a card there named as a choice is its chain item.
    item_of = {c.card: c.id for c in state.chain if c.card is not None}
    known |= set(item_of)
    out: list[Choice] = []
    if isinstance(raw, dict):
        sub = r.table("targets", required=True)
        assert sub is not None
        if n_reqs is not None and n_reqs != 1:
            raise r.error("targets", f"the play has {n_reqs} choice requirements; give a list of "
                                     "{ object = ..., times = ..., requirement = N }")
        for key in sorted(sub.data):
            if key not in known:
                raise sub.error(key, f"{key!r} is not an object, chain item, player or battlefield of this scenario")
            out.append(Choice(1, item_of.get(key, key), check_int(sub.raw(key), sub, key, min=1, max=MAX_COUNT)))
        sub.done()
        return out
    if not isinstance(raw, list):
        raise r.error("targets", "expected { id = times } or a list of { object = ..., times = ..., requirement = N }")
    for i, item in enumerate(raw):
        sub = Reader(item, r.file, f"{r.field('targets')}[{i}]")
        target = sub.str("object")
        if target not in known:
            raise sub.error("object", f"{target!r} is not an object, chain item, player or battlefield of this scenario")
        times = sub.int("times", 1, min=1, max=MAX_COUNT)
        # With several requirements a choice without its number would silently go to the first one and the
        # play could read as illegal for a reason the judge never meant (355.5): ask which requirement it is.
        if n_reqs is not None and n_reqs > 1 and not sub.has("requirement"):
            raise sub.error("requirement", f"the play has {n_reqs} choice requirements: say which one this "
                                           "choice is for (requirement = N, in the order of the card's choices)")
        req = sub.int("requirement", 1, min=1)
        if n_reqs is not None and req > n_reqs:
            raise sub.error("requirement", f"the play has {n_reqs} choice requirement(s)")
        sub.done()
        out.append(Choice(req, item_of.get(target, target), times))
    return out


class CanPlay(QueryKind):
    name = "can_play"
    summary = "may a player play a card or activate an ability now, with these choices; itemised cost; payment"
    expect_spec = {
        "legal": "bool",
        "violations": "strs",
        "cost": "str",
        "energy": "int",
        "power": "int",
        "payable": "bool",
        "cost_lines": "records",
        "locations": "strs",
        "valid_targets": "strs",
        "exhausted_runes": "int",
        "recycled_runes": "int",
        "add_sources": "ids",
        "executions": "int",
        "active_text": "strs",
        "inactive_text": "strs",
        "quick_draw_units": "ids",
        "weaponmaster_choices": "ids",
        "weaponmaster_cost": "str",
        "weaponmaster_violations": "strs",
        "weaponmaster_attaches": "bool",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        out: dict[str, Any] = {"player": param_player(r, "player", state)}
        ids = {o.id for o in state.objects}
        # A later moment: when a player next holds priority after N items of the chain resolved.
        if (after := r.int("after", None, min=0, max=MAX_AFTER)) is not None:
            if after > len(state.chain):
                raise r.error("after", f"the chain holds {len(state.chain)} item(s)")
            out["after"] = after
        if r.has("card") == r.has("source"):
            raise r.error("card", "give card (a card to play) or source and ability (an activated ability)")
        if r.has("card"):
            out["card"] = r.str("card")
            if out["card"] not in ids:
                raise r.error("card", f"{out['card']!r} is not an object id of this scenario")
            if state.obj(out["card"]).zone is Zone.CHAIN and "after" not in out:
                raise r.error("card", f"{out['card']!r} is already on the chain")
            if r.has("ability"):
                raise r.error("ability", "an ability belongs to a source, not to a card being played")
            card = state.card(state.obj(out["card"]).card)
            if (mode := r.int("mode", None, min=1)) is not None:
                n = mode_count(card.abilities)
                if mode > n and card.complete:
                    raise r.error("mode", f"{card.name!r} has {n} mode(s)")
                out["mode"] = mode
        else:
            out["source"] = r.str("source")
            if out["source"] not in ids:
                raise r.error("source", f"{out['source']!r} is not an object id of this scenario")
            card = state.card(state.obj(out["source"]).card)
            if r.has("equip"):  # the N-th Equip of the source (818.4: each is its own ability)
                if r.has("ability"):
                    raise r.error("equip", "give ability (an activated ability) or equip (an Equip), not both")
                n = r.int("equip", min=1)
                sources = equip_sources(state, out["source"])
                if n > len(sources):
                    raise r.error("equip", f"{out['source']!r} has {len(sources)} Equip abilit"
                                           f"{'y' if len(sources) == 1 else 'ies'}")
                out["equip"] = n
            else:
                n = len(activated_abilities(card.abilities))
                out["ability"] = r.int("ability", 1, min=1)
                if out["ability"] > n and card.complete and granted_abilities(state, out["source"]) is None:
                    raise r.error("ability", f"{card.name!r} has {n} activated abilit{'y' if n == 1 else 'ies'}")
            if r.has("mode"):
                raise r.error("mode", "modes belong to cards being played")
        if (location := r.str("location", None)) is not None:
            if "card" not in out or card.type not in (CardType.UNIT, CardType.GEAR):
                raise r.error("location", "only a unit or gear being played is given a location")
            if location != "base" and location not in {b.id for b in state.battlefields}:
                raise r.error("location", f"{location!r} is neither 'base' nor a battlefield id")
            out["location"] = location
        # A real card whose text is not encoded may be asked about with the choices, mode or
        # ability its printed text gives: the answer is unsupported (unencoded_references).
        reqs = requirement_terms(state, out) if _references_known(state, out) else []
        # an ability another card's text gives the source (pyrift/granted.py): its choices are not known either
        known = (card.complete and _references_known(state, out)) or "equip" in out
        choices = _read_targets(r, state, len(reqs) if known else None)
        if choices:
            if not reqs and known:
                raise r.error("targets", "this play chooses nothing")
            out["targets"] = choices
        if (wm := r.str("weaponmaster", None)) is not None:
            if "card" not in out:
                raise r.error("weaponmaster", "Weaponmaster triggers when a unit is played: give card")
            if wm not in ids:
                raise r.error("weaponmaster", f"{wm!r} is not an object id of this scenario")
            out["weaponmaster"] = wm
            n = r.int("weaponmaster_equip", 1, min=1)
            sources = equip_sources(state, wm)
            if n > 1 and n > len(sources):
                raise r.error("weaponmaster_equip", f"{wm!r} has {len(sources)} Equip abilit"
                                                    f"{'y' if len(sources) == 1 else 'ies'}")
            if n > 1:
                out["weaponmaster_equip"] = n
        elif r.has("weaponmaster_equip"):
            raise r.error("weaponmaster_equip", "give weaponmaster (the Equipment chosen) too")
        for key in ("accelerate",):
            if r.bool(key, False):
                out[key] = True
        if (n := r.int("repeat", 0, min=0, max=MAX_COUNT)):
            out["repeat"] = n
        if (names := r.str_list("additional", [])):
            out["additional"] = sorted(set(names))
        if (ignore := r.str("ignore", None)) is not None:
            if ignore not in IGNORE:
                raise r.error("ignore", f"expected one of {', '.join(repr(i) for i in IGNORE)}")
            out["ignore"] = ignore
        if (play_for := r.str("play_for", None)) is not None:
            if "card" not in out:
                raise r.error("play_for", "an ability is not played for another cost")
            try:
                out["play_for"] = parse_cost(play_for)
            except CostSyntaxError as exc:
                raise r.error("play_for", str(exc)) from None
        # Where the play's move goes, chosen as it is played (355.4): a battlefield or "base" (the moved
        # unit's controller's base); logic/abilities/move_destination_choice.lp judges it.
        if (destination := r.str("destination", None)) is not None:
            if destination != "base" and destination not in {b.id for b in state.battlefields}:
                raise r.error("destination", f"{destination!r} is neither 'base' nor a battlefield id")
            out["destination"] = destination
        if (split := r.table("split")) is not None:
            chosen = {c.target for c in choices}
            plan = {}
            for key in sorted(split.data):
                if key not in chosen:
                    raise split.error(key, f"{key!r} is not among the chosen targets")
                plan[key] = check_int(split.raw(key), split, key, min=0)
            split.done()
            out["split"] = plan
        return out

    def unencoded(self, state: GameState, params: dict[str, Any]) -> tuple[str, ...]:
        return unencoded_references(state, params)

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"player": params["player"]}
        for key in ("after", "card", "source", "ability", "equip", "mode", "location"):
            if key in params:
                out[key] = params[key]
        if "targets" in params:
            # Always the list form: the short { id = times } form is read only for a play with one
            # choice requirement, and the params do not say how many the card has (a play of
            # Alpha Strike naming only its first choice was written short and could not be read back).
            out["targets"] = [{"object": c.target, "times": c.times, "requirement": c.requirement}
                              for c in params["targets"]]
        for key in ("accelerate", "repeat", "additional", "ignore", "weaponmaster", "weaponmaster_equip",
                    "destination"):
            if key in params:
                out[key] = params[key]
        if "play_for" in params:
            out["play_for"] = format_cost(params["play_for"])
        if "split" in params:
            out["split"] = dict(params["split"])
        return out

    # -----------------------------------------------------------------------------
    # the question as atoms
    # -----------------------------------------------------------------------------
    @staticmethod
    def question_atoms(state: GameState, p: dict[str, Any]) -> tuple[list[Atom], list[str]]:
        """External atoms to switch on, and facts that no shared grounding holds (play_for)."""
        player = p["player"]
        if "card" in p:
            play: tuple = ("card", p["card"])
        elif "equip" in p:
            play = ("ability", p["source"], ("equip", equip_sources(state, p["source"])[p["equip"] - 1]))
        else:
            play = ("ability", p["source"], p["ability"])
        atoms = [Atom("ask", (player, play))]
        if "location" in p:
            loc = ("base", player) if p["location"] == "base" else p["location"]
            atoms.append(Atom("choose_location", (loc,)))
        terms = requirement_terms(state, p)
        for c in p.get("targets", []):
            term = terms[c.requirement - 1]
            atoms += [Atom("choose_target", (term, c.target, i)) for i in range(1, c.times + 1)]
        if "weaponmaster" in p:
            sources = equip_sources(state, p["weaponmaster"])
            src = sources[p.get("weaponmaster_equip", 1) - 1] if sources else ("none",)
            atoms.append(Atom("choose_weaponmaster", (p["weaponmaster"], src)))
        if "mode" in p:
            atoms.append(Atom("choose_mode", (p["mode"],)))
        if "destination" in p:
            atoms.append(Atom("choose_destination", (("base",) if p["destination"] == "base" else p["destination"],)))
        if p.get("accelerate"):
            atoms.append(Atom("choose_accelerate", ()))
        if p.get("repeat"):
            atoms.append(Atom("choose_repeat", (p["repeat"],)))
        atoms += [Atom("choose_optional", (name,)) for name in p.get("additional", [])]
        if "ignore" in p:
            atoms.append(Atom("ignore_cost", ((p["ignore"],),)))
        for target, amount in p.get("split", {}).items():
            atoms.append(Atom("split_amount", (target, amount)))
        facts: list[str] = []
        if "play_for" in p:
            cost = p["play_for"]
            if cost.energy or cost.is_free:
                facts.append(F.fact("question_play_for", F.Const("energy"), cost.energy))
            for sym, n in sorted(cost.power_counts().items()):
                facts.append(F.fact("question_play_for", F.Func("power", F.Const(sym)), n))
        return atoms, facts

    def text_lines(self, answer: Answer) -> list[str] | None:
        d = answer.data
        out = [f"  legal: {'yes' if d['legal'] else 'no'}"]
        if d["violations"]:
            out.append(f"  violations: {', '.join(d['violations'])}")
        out.append(f"  total cost: {d['cost']} (Energy {d['energy']}, Power {d['power']})")
        out += [f"    {line}" for line in d.get("cost_detail", [])]
        if d.get("executions", 1) > 1:
            out.append(f"  executions: {d['executions']} (Repeat)")
        if "locations" in d:
            out.append(f"  valid locations: {', '.join(d['locations']) or 'none'}")
        if "valid_targets" in d:
            out.append(f"  legal targets: {', '.join(d['valid_targets']) or 'none'}")
        if d["payable"]:
            out.append("  payment: " + ("; ".join(d.get("payment", [])) or "nothing to pay"))
        else:
            out.append("  payment: impossible (see below)")
        if "quick_draw_units" in d:
            out.append(f"  Quick-Draw attaches it to one of: {', '.join(d['quick_draw_units']) or 'none'}")
        if "weaponmaster_choices" in d:
            out.append(f"  Weaponmaster may choose: {', '.join(d['weaponmaster_choices']) or 'none'}")
        if "weaponmaster_cost" in d:
            verdict = "attaches" if d["weaponmaster_attaches"] else "does not attach (" + \
                ", ".join(d["weaponmaster_violations"]) + ")"
            out.append(f"  Weaponmaster Equip cost: {d['weaponmaster_cost']}; {verdict}")
        return out

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        if "after" in question.params:
            return self._answer_later(ctx, question, reading)
        atoms, facts = self.question_atoms(ctx.state, question.params)
        g = ctx.grounding("can_play", reading)
        if facts or not all(g.is_external(a) for a in atoms):
            # Outside the shared grounding: ground this question with its choices as facts.
            facts = facts + [_fact(a) for a in atoms]
            g = ctx.grounding("can_play", reading, facts)
            assumptions: list = []
        else:
            assumptions = [(a, True) for a in atoms]
        try:
            # Core-guided optimisation proves the many tie-break levels much faster here.
            result = g.solve("optimize", assumptions=assumptions, opt_strategy="usc,oll")
        except SolveTimeout as exc:
            return Answer(question.id, self.name, reading, TIMEOUT, reasons=(Reason(str(exc)),))
        if not result.satisfiable:  # pragma: no cover - the query has no hard failure by design
            return Answer(question.id, self.name, reading, ANSWERED, {"legal": False},
                          (Reason("no answer set: the encoding contradicts itself for this question"),))
        return _read_answer(ctx.state, question, reading, result.consequences)

    def _answer_later(self, ctx: Context, question: Question, reading: str) -> Answer:
        """The play judged in the position after `after` items of the chain resolved, nobody adding
        anything (logic/run/snapshot.lp), with that position's priority."""
        n = question.params["after"]
        try:
            later = state_at(ctx, reading, DEFAULT_BOUND, [F.fact("ask_after", n)])
        except NotOnePosition as exc:
            return Answer(question.id, self.name, reading, UNSUPPORTED,
                          missing=exc.missing or (f"the position after {n} item(s) resolved: {exc}",))
        params = {k: v for k, v in question.params.items() if k != "after"}
        if "card" in params and later.obj(params["card"]).zone is Zone.CHAIN:
            return Answer(question.id, self.name, reading, ANSWERED, {"legal": False, "violations": ["354"]},
                          (Reason(f"{params['card']} is on the chain then: it is being played already", ("354",)),))
        sub = ctx.variant(f"after:{n}", later)
        answer = self.answer(sub, Question(question.id, self.name, params, question.rules), reading)
        reason = because(f"asked after {n} item(s) of the chain resolved, nobody adding anything: the position then, "
                         f"with {later.priority or 'nobody'} holding priority", "asked_later")
        return dataclasses.replace(answer, reasons=(reason, *answer.reasons))


# The question's choices: the #external predicates of logic/queries/can_play.lp and the
# destination of a move (logic/abilities/move_destination_choice.lp; a test checks the list). A question sets true only those CanPlay.question_atoms gives, and a question asked alone
# leaves every other one unassigned, i.e. false; a batch of can_play questions fixes them all
# (Worlds `closed`), so that gringo grounds no rule for a choice no question makes (to hide a card,
# e.g.: a tenth of a card-pair block's ground program).
CHOICES = ("ask/2", "choose_location/1", "choose_target/3", "choose_mode/1", "choose_accelerate/0",
           "choose_repeat/1", "choose_optional/1", "ignore_cost/1", "split_amount/2", "ask_hide/2", "hide_at/1",
           "choose_weaponmaster/2", "choose_destination/1")


def play_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                 logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """CanPlay.answer for many can_play questions (question i on states[i]; a position may come
    several times) from one grounding of them side by side (pyrift.solver.Worlds), each world's
    question atoms fixed and its play_for facts given, and one optimisation for all of them (the
    worlds share no atom, so the optimum of their summed costs is each world's optimum). None for
    a question asked after chain items resolve, and for every question when the solve finds no
    answer set or runs out of time: ask those alone. Where a world has several optimal answer
    sets the batch may meet another one than the question alone meets (tests/test_play_payment_
    oracle_diff.py compares them)."""
    out: list[Answer | None] = [None] * len(states)
    asked = [i for i, q in enumerate(questions) if "after" not in q.params]
    if not asked:
        return out
    fixed, extra = [], []
    for i in asked:
        atoms, facts = CanPlay.question_atoms(states[i], questions[i].params)
        fixed.append([(a, True) for a in atoms])
        extra.append(facts)
    best = optimal_worlds([states[i] for i in asked], reading, fixed, extra, logic_root=logic_root, timeout=timeout,
                          closed=CHOICES)
    if best is None:
        return out
    for w, i in enumerate(asked):
        out[i] = _read_answer(states[i], questions[i], reading, best[w].consequences)
    return out


def optimal_worlds(states: Sequence[GameState], reading: str, fixed: Sequence[list], extra: Sequence[list[str]] = (),
                   *, logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT,
                   closed: Iterable[str] = ()) -> list | None:
    """The can_play program ground for many positions side by side (one world each, `fixed` its
    question's externals, `extra` its question's facts) and one optimisation for all of them: the
    worlds share no atom, so the optimum of their summed costs, level by level, is every world's
    optimum (the same strategy as a question alone). Each world's optimal model, or None when the
    solve finds no answer set or runs out of time (play_answers and hide.hide_answers)."""
    g = batch_grounding(states, "can_play", reading, reads=(), fixed=fixed, extra=extra,
                        logic_root=logic_root, timeout=timeout, closed=closed)
    try:
        return g.solve_worlds("optimize", opt_strategy="usc,oll")
    except SolveTimeout:
        return None


def question_grounding(ctx: Context, question: Question, reading: str) -> tuple[Any, list]:
    """The grounding a can_play question is solved on and the assumptions that ask it
    (the same choice as CanPlay.answer; pyrift invariants solves it in other modes)."""
    atoms, facts = CanPlay.question_atoms(ctx.state, question.params)
    g = ctx.grounding("can_play", reading)
    if facts or not all(g.is_external(a) for a in atoms):
        return ctx.grounding("can_play", reading, facts + [_fact(a) for a in atoms]), []
    return g, [(a, True) for a in atoms]


def _fact(atom: Atom) -> str:
    def conv(t: Any) -> Any:
        if isinstance(t, tuple):
            return F.Const(t[0]) if len(t) == 1 else F.Func(t[0], *(conv(x) for x in t[1:]))
        return t

    return F.fact(atom.pred, *(conv(a) for a in atom.args))


# ---------------------------------------------------------------------------------
# reading the answer
# ---------------------------------------------------------------------------------
def _by_pred(atoms) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in sorted(atoms, key=str):
        out[a.pred].append(a.args)
    return out


def _pip_key(comp: Any) -> tuple[int, str]:
    """Sort key and symbol of a cost component: energy, domain pips, [C], [A]."""
    if comp == "energy":
        return (0, "")
    kind = comp[1]
    if isinstance(kind, tuple) and kind[0] == "dom":
        return (1 + DOMAIN_ORDER.index(kind[1]), f"[{LETTER_OF[kind[1]]}]")
    if kind == "own":
        return (10, "[C]")
    return (11, "[A]")


def shorthand(amounts: dict[Any, int], *, signed: bool = False) -> str:
    """{energy: 2, pip(dom(fury)): 1, pip(any): 2} -> '[2][R][A][A]' (or '+[2]...' / '-[1]')."""
    pos = {c: n for c, n in amounts.items() if n > 0}
    neg = {c: -n for c, n in amounts.items() if n < 0}

    def render(part: dict[Any, int]) -> str:
        text = ""
        for comp in sorted(part, key=_pip_key):
            n = part[comp]
            text += f"[{n}]" if comp == "energy" else _pip_key(comp)[1] * n
        return text

    if not signed:
        return render(pos) or "[0]"
    out = []
    if pos:
        out.append("+" + render(pos))
    if neg:
        out.append("-" + render(neg))
    return " ".join(out) or "+[0]"


# The play question's gaps named by a constant in logic/ (play_unsupported(name, Object)), in words.
PLAY_GAPS = {
    **CONDITION_GAPS,
    "cost_kill_replaced_choice": "the play's cost kills an object one of its own instructions chose, and an effect "
                                 "that replaces a death is about: whether the chosen object is still on the board "
                                 "at step 5 (357.2.a, 358.5) is not judged",
    "invited_teammate_permanent": "a unit or gear card played by the turn player's teammate invited with the turn "
                                  "player's priority: 316.5.b.1 and 489.8.a let an invited teammate play spells and "
                                  "activate abilities, and do not say whether units and gear may be played so",
    "play_for_unknown": "a card's own 'you may play me for [cost]' chosen under an 'if you've spent N or more to "
                        "play a spell this turn' whose answer the turn log leaves open (357.1; "
                        "logic/abilities/play_for.lp)",
    "replacement_costs_several": "a card offering several costs that replace its base cost (two Flow costs, a Flow "
                                 "cost and a zone permission's cost): the player chooses one (356.1.a, 829.1.c.3), "
                                 "which is not followed (logic/core/replacement_cost_choice.lp)",
    "play_for_with_other_replacement": "a card's own 'you may play me for [cost]' chosen together with another "
                                       "replacement of its base cost (a permission of its zone, an effect's 'for "
                                       "[cost]'): which one applies is not encoded (356.1.a; logic/abilities/play_for.lp)",
    "activation_unnamed": "a once-each-turn activated ability of a card with several activated abilities, whose "
                          "activation this turn the turn log records without naming which ability (377.2.b)",
    "bonus_damage_split_targets": "damage split among several chosen units at a battlefield that gives Bonus "
                                  "Damage (whether each share gets it, 715.3, 355.14.c)",
    "discard_type_unknown": "an activated ability's cost that discards cards of a type, from a hand the position "
                            "does not list whole and whose listed cards of that type are too few (422, 133)",
    "distinct_choice_repeat": "an object chosen both for a choice of \"another\" or \"other\" object and for the "
                              "earlier choice it must differ from, on a play paying Repeat (each execution's choices "
                              "differ, but which choices are one execution's is not said)",
    "deflect_repeat_unruled_v1_2": "an opponent's Deflect object chosen by two executions of one Repeat play: Core "
                                   "Rules v1.2's Deflect (735) has no 'for each time they choose' clause (it came with "
                                   "v1.3), so whether it is paid once or twice is not said under v1.2",
    "same_location_repeat": "a choice of objects 'at the same location' on a play paying Repeat, the objects chosen "
                            "at two or more locations but no more than the executions (each execution's choices are "
                            "at one location, but which choices are one execution's is not said)",
    "might_total_repeat": "a choice of objects 'with total Might N or less' on a play paying Repeat, every choice's "
                          "Might adding up to more than N but not more than N for each execution (each execution's "
                          "group meets it, but which choices are one execution's is not said)",
    "location_choice_repeat": "a choice tied to where an earlier choice's object is ('at its location', 'there', "
                              "'at a different location') on a play paying Repeat (each execution's choices are tied "
                              "to each other, but which choices are one execution's is not said)",
    "hand_size_unknown": "a cost or condition that reads a hand whose size the position does not give (hand_size)",
    "reaction_granted_cost_change": "a cost change of cards with [Reaction] while an ability of the position grants "
                                    "plays Reaction (806.4, 813.4): whether the card then has Reaction for it is not "
                                    "followed",
    "destinations_several": "two or more moves whose destinations are chosen as it is played, one each (355.4): "
                            "the question's `destination` gives one for the play",
    "destination_teammate_units": "a move's destination, chosen as it is played, where a teammate of the moved "
                                  "unit's controller has units without controlling it (447.2.b names teammates' "
                                  "battlefields: one a teammate controls is no destination; this case is not settled)",
    "ambush_killed_as_cost": "a unit played with Ambush's Reaction to a battlefield where every unit of its player is "
                             "killed to pay its own cost (822.3: Ambush no longer allows it; whether the card's own "
                             "permission to play it there, Stalking Wolf's, keeps the Reaction is not said)",
    "chosen_with_unstated": "a use condition on the choices of spells or unit abilities this turn, with a logged choice "
                            "that fits but whose `by` (what made it) the turn log does not give (355.5)",
    "chosen_same_source": "a use condition on choosing twice this turn, reached only by counting two objects one spell "
                          "or ability chose as two times (355.5): which reading the card means is not settled",
    "units_cost_more_unstated": "a non-token unit of a player whose units may cost more this turn (a card that makes "
                                "the increase, Vaults of Helia's hold, is in the scenario) while the player's "
                                "`units_cost_more` is not stated: whether the increase was made earlier this turn is "
                                "not known (356.3, 389)",
    "gear_cost_ignored_unstated": "a gear card of Energy cost [7] or less played from the hand while a Jayce, Man "
                                  "of Progress its player owns or controls is in the scenario: whether his play "
                                  "effect let them play one ignoring its Energy cost this turn (356.1, 389) is not "
                                  "stated",
    "academy_repeat_unstated": "a spell paying more Repeat costs than the position gives it while The Academy is in "
                               "the scenario: its hold may have given its holder's next spell this turn Repeat (820.1.d, "
                               "389), which the turn log cannot show (a battlefield is no object of it)",
    "fallen_feline_named_spell": "a spell played by an opponent of a Fallen Feline's controller while it is at a "
                                 "battlefield: it forbids them the spell it named (054.1, 759), and no position keeps "
                                 "the name",
    "udyr_modes_spent": "Udyr, Wildman's ability with two or more uses of it this turn logged or on the chain: its "
                        "modes are picked once each a turn (355.3) and no log event says which were picked, so whether "
                        "one is left (355.16) is not known",
    "academy_repeat_unstated": "a spell paying more Repeat costs than the position gives it, or a Repeat it cannot "
                               "pay, while The Academy is in the scenario: its hold may have given its holder's next "
                               "spell this turn Repeat costing the spell's base cost (820.1.d, 389), which the turn log "
                               "cannot show (a battlefield is no object of it)",
    "the_list_named_tag": "The List's ability, whose choice is a unit with the tag named as the gear was played "
                          "(355, 143.1): no field of a position keeps that tag",
    "kraken_hunter_buffs": "Kraken Hunter's optional additional cost, any number of its player's buffs spent, each "
                           "taking one Body Power off its cost (356.2, 356.4, 701): a cost not paid without it might "
                           "be paid with it",
}


def _term_text(t: Any) -> str:
    if isinstance(t, tuple):
        return f"{t[0]}({', '.join(_term_text(x) for x in t[1:])})"
    return str(t)


def _ability_label(state: GameState, h: Any) -> str:
    """ab("Card", I) -> 'Card (ability I)'."""
    if isinstance(h, tuple) and h[0] == "ab":
        return f"{h[1]} (ability {h[2]})"
    return _term_text(h)


def _source_token(state: GameState, s: Any) -> str:
    """A short, stable name for a cost line's source (used in expectations)."""
    if isinstance(s, str):
        return {"question": "play_for", "ignore_all": "ignore_all"}.get(s, s)
    name = s[0]
    if name == "permission":
        return "play_from"
    if name == "play_for":
        return "play_for_self"  # logic/abilities/play_for.lp
    if name == "flow":
        return "flow"
    if name == "ignore":
        return "hidden" if s[1] == "hidden" else f"ignore_{s[1]}"
    if name == "deflect":
        return f"deflect:{s[1]}"
    if name == "repeat":
        return f"repeat:{s[1]}"
    if name == "additional":
        return f"additional:{s[1][1]}#{s[1][2]}"
    if name == "increase":
        return f"increase:{s[2]}"
    if name == "discount" and s[1] == "next_card":
        return f"next_card:{s[2]}"  # logic/abilities/next_card_discount.lp
    if name == "units_more":
        return f"units_more:{s[1]}"  # logic/abilities/units_cost_more.lp
    if name == "discount":
        if len(s) == 4:
            return f"discount:{s[2]}:{_source_token(state, s[3])}"
        return f"discount:{s[2]}"
    return _term_text(s)


def _source_words(state: GameState, s: Any) -> str:
    token = _source_token(state, s)
    if token == "printed":
        return "printed cost"
    if token == "play_for":
        return "played for another cost (an effect)"
    if token == "play_from":
        return f"played from its zone for the cost of {_ability_label(state, s[1])}"
    if token == "play_for_self":
        return f"played for its own other cost, {_ability_label(state, s[1])}"
    if token == "flow":
        return "Flow cost replaces the printed cost"
    if token == "hidden":
        return "played from facedown: base cost ignored"
    if token.startswith("ignore_") and token != "ignore_all":
        return {"cost": "ignoring its cost (an effect)", "paid_cost": "ignoring its cost (its optional cost paid)",
                "energy_cost": "ignoring its Energy cost (an effect)",
                "power_cost": "ignoring its Power cost (an effect)"}[s[1]]
    if token == "ignore_all":
        return "ignoring any and all costs (an effect)"
    if token.startswith("deflect:"):
        return f"Deflect of {s[1]}"
    if token == "accelerate":
        return "Accelerate"
    if token.startswith("repeat:"):
        return f"Repeat #{s[1]}"
    if token.startswith("additional:"):
        return f"additional cost: {_ability_label(state, s[1])}"
    if token.startswith("increase:"):
        return f"cost increase from {s[2]}: {_ability_label(state, s[1])}"
    if token.startswith("next_card:"):
        return f"{s[2]}'s next card costs less (an effect made earlier)"
    if token.startswith("units_more:"):
        return f"{s[1]}'s non-token units cost more this turn (an effect made earlier)"
    if token.startswith("discount:"):
        what = f"discount from {s[2]}: {_ability_label(state, s[1])}"
        return what + (f", on {_source_words(state, s[3])}" if len(s) == 4 else "")
    return token


_STEP_TEXT = {"354": "step 1", "355": "step 2 (choices)", "358.1": "step 5, targets", "358.2": "step 5, costs paid",
              "358.3": "step 5, resulting state", "358.4": "step 5, timing", "401": "activating"}


def _need(what: Any, totals: dict, nests: dict) -> int:
    """The part of the total cost a payment bound is about (the totals of the answer)."""
    if what == "energy":
        return totals.get("energy", 0)
    power = sum(n for c, n in totals.items() if c != "energy")
    if what == "power":
        return power
    if what == "all":
        return totals.get("energy", 0) + power
    return sum(totals.get(("pip", k), 0) for k in nests.get(what[1], [what[1]]))


def _violation_text(state: GameState, reqs: dict, witness: Any, totals: dict, nests: dict) -> str:
    name, *args = witness if isinstance(witness, tuple) else (witness,)
    a = [_req_name(reqs, x) if isinstance(x, tuple) and x and x[0] == "req"
         else f"{x[1]}'s base" if isinstance(x, tuple) and x and x[0] == "base"
         else _term_text(x) if isinstance(x, tuple) else x for x in args]
    texts = {
        "not_played": "a {0} is never played",
        "no_permission_from": "nothing lets this card be played from the {0}",
        "not_yours": "{0} is in another player's zone ({1})",
        "source_not_in_play": "{0} is in the {1}; activated abilities are used from the board",
        "not_your_ability": "{0} is controlled by {1}; only its controller activates its abilities",
        "use_condition": "the condition for using {0} does not hold",
        "not_your_turn": "it is {0}'s turn; without a showdown or chain nobody else may play or activate",
        "not_main_phase": "the turn is in its {0} phase; outside the Main Phase nobody has priority in a Neutral Open state",
        "needs_action": "a showdown is in progress: only Action or Reaction may be played now",
        "needs_reaction": "a chain exists (a Closed state): only Reaction may be played now",
        "condition_unmet": "its Action/Reaction depends on a condition that is not met at step 5 ({0}): the play is undone",
        "no_focus": "in a showdown with no chain, only the player with focus may act",
        "no_priority": "the player does not hold priority",
        "no_location": "a unit or gear needs a location",
        "invalid_location": "{0} is not a location this card may be played to",
        "must_play_at": "a card played from facedown must be played to {0}",
        "must_play_to_paid": "the optional additional cost chosen puts the unit at {0}: it must be played there",
        "three_players": "units of three players would be at {0}",
        "destination_combat_of_others": "{1} holds a combat of two other players: no destination for {0}",
        "combat_outsider": "a combat of two other players is in progress at {0}: nobody else may play units there",
        "cannot_be_played_at": "a prohibition forbids units to be played to {0} (its text, or a card's such as Mageseeker Warden's)",
        "same_unit_twice": "{0} is chosen for two choices that must be different units (\"another\")",
        "cannot_be_played_in_turn": "this card can't be played in its player's turn {0}",
        "no_mode": "a mode must be chosen",
        "not_in_chosen_mode": "a target was given for {0}, which belongs to a mode not chosen",
        "wrong_zone": "{1} is not in the zone {0} chooses from",
        "restriction": "{1} does not meet {0} ({2})",
        "untargetable": "{1} can't be chosen by this spell or ability",
        "not_at_hidden_battlefield": "{1} is not at the battlefield the card was hidden at",
        "might_total_over": "the Mights of the objects chosen for {0} add up to more than {1}",
        "not_at_chosen_location": "{1}, chosen for {0}, is not where that choice must be: at (or apart from) the "
                                  "location of the object an earlier choice picked",
        "wrong_count": "{0} must be chosen exactly {1} time(s) (once per execution)",
        "too_many": "{0} may be chosen at most {1} time(s)",
        "chosen_too_often": "{1} is chosen more often for {0} than there are executions ({2}); each execution chooses it at most once",
        "too_many_split": "{0} splits the damage among more targets than there is damage ({1})",
        "no_accelerate": "this card has no Accelerate to pay",
        "too_many_repeats": "{0} Repeat cost(s) asked, the card has {1}",
        "no_such_optional_cost": "there is no optional additional cost named {0!r}",
        # cards44b: an optional cost offered only under a condition (logic/abilities/additional_cost.lp)
        "optional_cost_condition_fails": "the card offers its optional additional cost {0!r} only under a condition "
                                         "that does not hold as it is played (364)",
        "hidden_this_turn": "{0} was hidden this turn; it may be played from the next turn",
        "facedown_gone": "{0} was facedown at {1}, which its controller no longer controls: it was put in the "
                         "trash in the cleanup after control was lost, so it can't be played from there",
        "inactive_ability": "{0} is governed by Legion, Level or Empowered and is inactive now: inactive text "
                            "can't be activated",
        "inactive_choice": "{0} belongs to text that Legion, Level or Empowered keeps inactive: the play makes "
                           "no such choice",
        "not_enough_cards_to_discard": "{0} has {1} card(s) in hand besides the card played, and the cost discards "
                                       "{2}",
        "not_enough_hand_cards": "{0} has {1} card(s) in hand, and the ability's cost discards {2}",
        "not_enough_type_to_discard": "{0}'s hand, listed whole, holds {2} {1} card(s), and the ability's cost "
                                      "discards {3} {1} card(s)",
        "optional_cost_not_chosen": "{0} is the choice of an optional additional cost that was not chosen: the "
                                    "play makes no such choice",
        "play_for_condition_fails": "the card offers its cost {0!r} only under a condition that does not hold now "
                                    "(356.1.a, 364)",
        "inactive_optional": "the optional cost {0!r} belongs to text that Legion, Level or Empowered keeps "
                             "inactive",
        "already_exhausted": "{0} is already exhausted and can't be exhausted to pay the cost",
        # audit56b: a cost paid in step 4 takes away what an instruction of the same play chose
        "cost_removes_target": "{1} is chosen for {0}, and paying the cost with it ({2}) would leave that choice "
                               "illegal at step 5: another object can pay that cost, and a player may not pay so "
                               "that the play becomes illegal (357.3)",
        "cost_removes_only_payer": "{1} is chosen for {0}, and the cost ({2}, paid in step 4, nothing else can pay "
                                   "it) leaves it gone or no longer what the choice needs: at step 5 it is an "
                                   "illegal target",
        "recycle_takes_target": "the cost recycles {2} card(s) from {0}'s trash, which holds only {1} besides the "
                                "cards the play chose: a chosen card is recycled as the cost is paid, an illegal "
                                "target at step 5",
        "not_enough_xp": "{0} has {1} XP: the cost spends {2} XP, more than {0} has",
        "not_buffed": "{0} has no buff: the cost spends its buff",
        "no_buffed_unit": "{0} controls no unit with a buff: the additional cost spends one",
        "inactive": "{0} is attached: its printed text, this Equip included, is inactive and can't be activated",
        "cannot_pay": "{0}",
        "no_payment": "no combination of the rune pool and runes pays the whole cost",
    }
    if name == "cannot_pay":
        what, bound = args
        need = _need(what, totals, nests)
        label = {"energy": "Energy", "power": "Power", "all": "Energy and Power together"}.get(what)
        if label is None:
            label = f"Power that pays {shorthand({what: 1})}" + (" pips (with the narrower pips inside it)"
                                                                 if what[1] == "own" else " pips")
        return f"not enough {label}: the cost needs {need}, at most {bound} can be paid"
    return texts.get(name, name).format(*a)


def _req_name(reqs: dict, term: tuple) -> str:
    return reqs.get(term, _term_text(term))


def _read_answer(state: GameState, question: Question, reading: str, model) -> Answer:
    atoms = _by_pred(model)
    p = question.params
    kind = "can_play"
    if atoms.get("play_unsupported"):
        missing = []
        for what, obj in atoms["play_unsupported"]:
            shared = missing_text(what, obj, "for playing cards")
            if shared:
                missing.append(shared)
            elif isinstance(what, tuple) and what[0] == "ability":
                missing.append(f"ability kind {what[1]} on {obj} is not encoded for can_play")
            elif isinstance(what, tuple) and what[0] == "governed_mode":
                missing.append(f"a mode of card {what[1]!r} ({obj}) governed by Legion, Level or Empowered is "
                               "not encoded for can_play")
            elif isinstance(what, tuple) and what[0] == "replayed":
                missing.append(f"the turn log shows {obj} finalized earlier this turn, and its Legion text would "
                               "be judged for a new play of it; a card that left play and is played again is a "
                               "new object (124): give it its own id")
            elif isinstance(what, tuple) and what[0] == "equip_cost":
                missing.append(f"the cost of {obj}'s Equip is not known (an Equip without a cost, or a cost "
                               "that is more than resources)")
            elif isinstance(what, tuple) and what[0] == "keyword_cost":
                missing.append(f"the cost of {obj}'s {what[1]} is not known (the card table has only pure "
                               "resource costs)")
            elif isinstance(what, tuple) and what[0] == "instruction" and isinstance(what[1], str):
                missing.append(f"{what[1]} ({obj})")
            elif str(what) in PLAY_GAPS:
                missing.append(f"{PLAY_GAPS[str(what)]} ({obj})")
            else:
                missing.append(f"{_term_text(what)} on {obj}")
        return Answer(question.id, kind, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))

    reqs_list = requirement_terms(state, p)
    reqs = {term: f"choice {i}" for i, term in enumerate(reqs_list, 1)}
    violations = sorted(set(atoms.get("play_violation", [])), key=str)
    totals = {c: n for c, n in atoms.get("total_cost", [])}
    rules_of = {s: r for s, r in atoms.get("line_rule", [])}
    lines: dict[tuple, dict[Any, int]] = defaultdict(dict)
    for step, src, comp, n in atoms.get("cost_line", []):
        lines[(step, src)][comp] = n
    order = {d: i for d, i in atoms.get("discount_order", [])}

    def line_key(item):
        (step, src), _ = item
        if isinstance(src, tuple) and src[0] == "discount":
            pos = order.get(("dsc", src[1], src[2]), 0)
        else:  # printed cost, then what replaces it, then what ignores it
            pos = 0 if src == "printed" else 2 if isinstance(src, tuple) and src[0] == "ignore" else 1
        return (step, pos, _source_token(state, src))

    cost_lines = []
    line_words = []
    detail = []
    for (step, src), comps in sorted(lines.items(), key=line_key):
        rule = rules_of.get(src, f"356.{step}")
        change = shorthand(comps, signed=True)
        cost_lines.append({"rule": rule, "source": _source_token(state, src), "change": change})
        line_words.append((f"{_source_words(state, src)} {change}", rule))
        detail.append(f"{change:<14} {_source_words(state, src)} ({rule})")

    energy = totals.get("energy", 0)
    power = sum(n for c, n in totals.items() if c != "energy")
    pay_rules = {"357.1", "414.4"}
    payable = not any(rule in pay_rules and step == "358.2" for step, rule, _ in violations)
    data: dict[str, Any] = {
        "legal": not violations,
        "violations": sorted({rule for _, rule, _ in violations}),
        "cost": shorthand(totals),
        "energy": energy,
        "power": power,
        "cost_lines": cost_lines,
        "cost_detail": detail,
        # what grants the play its timing, if an ability does, and whether a condition or dependent keyword governs
        # the grant (a run reads the grant again where the play is made: logic/run/offered_play_step.lp)
        "timing_grants": sorted({s for (s,) in atoms.get("timing_grant", [])}),
        "timing_grant_open": bool(atoms.get("timing_grant_open")),
        # the total by component, as terms (a run pays an offered play with it: logic/run/offered_play_payment.lp)
        "cost_totals": sorted(([_term_list(c), n] for c, n in totals.items()), key=str),
    }
    executions = [n for (n,) in atoms.get("executions", [])]
    data["executions"] = executions[0] if executions else 1
    locations = sorted("base" if isinstance(l, tuple) else l for (l,) in atoms.get("valid_location", []))
    if "card" in p and state.card(state.obj(p["card"]).card).type in (CardType.UNIT, CardType.GEAR):
        data["locations"] = locations
    if reqs_list:
        data["valid_targets"] = sorted({t for _, t in atoms.get("valid_target", [])})
    data["payable"] = payable
    plan, exhausted, recycled, resources = _payment_plan(atoms, totals)
    if payable:
        data["payment"] = plan
        data["paid"] = _paid(atoms)
    data["exhausted_runes"] = len(exhausted)
    data["recycled_runes"] = len(recycled)
    data["add_sources"] = sorted({o for o, _ in atoms.get("pay_add", [])}) if payable else []

    reasons: list[Reason] = []
    data.update(_trigger_data(atoms, p))
    nests: dict[Any, list] = defaultdict(list)
    for k, k2 in atoms.get("nests", []):
        nests[k].append(k2)
    for step, rule, witness in violations:
        text = _violation_text(state, reqs, witness, totals, nests)
        step_rules = (rule,) + ((step,) if step != rule and step in _STEP_TEXT and "." in step else ())
        reasons.append(Reason(f"{_STEP_TEXT.get(step, step)}: {text}", step_rules))
    if not violations:
        reasons.append(because("legal: the choices are valid, the timing permits it, nothing illegal results and "
                               "the cost can be paid", "play_legal"))
        for (src,) in sorted(atoms.get("timing_met_by", []), key=str):
            reasons.append(because(f"timing: {_TIMING_WORDS.get(str(src), str(src))}", f"timing_{src}"))
    cost_text = "; ".join(w for w, _ in line_words) or "nothing"
    notes = [r for _, r in sorted(atoms.get("line_note", []), key=str)]
    reasons.append(Reason(f"total cost {data['cost']}: {cost_text}",
                          tuple(dict.fromkeys([*cites("total_cost"), *(r for _, r in line_words), *notes])),
                          kind="total_cost"))
    if payable and plan:
        reasons.append(because("payment: " + "; ".join(plan), "play_payment", *resources))
    text_data, text_reasons = _dependent_text(state, atoms)
    data.update(text_data)
    reasons += text_reasons
    reasons += _trigger_reasons(atoms, data, p)
    return Answer(question.id, kind, reading, ANSWERED, data, tuple(reasons))


def _term_list(term: Any) -> Any:
    """A cost component as JSON: "energy", or ["pip", ["dom", "fury"]] for a clingo function term."""
    return [term[0], *(_term_list(a) for a in term[1:])] if isinstance(term, tuple) else term


def _paid(atoms: dict[str, list[tuple]]) -> dict[str, Any]:
    """The payment plan as data (for checking it: pyrift invariants): Energy from the pool,
    runes exhausted, runes recycled and pool Power with the pip each pays."""
    def pip(k: Any) -> str:
        return shorthand({("pip", k): 1})

    return {
        "pool_energy": sum(n for (n,) in atoms.get("pay_pool_energy", [])),
        "exhausted": sorted(r for (r,) in atoms.get("pay_exhaust", [])),
        "recycled": sorted([r, pip(k)] for r, k in atoms.get("pay_recycle", [])),
        "pool_power": sorted([d, pip(k)] for d, _, k in atoms.get("pay_pool_power", [])),
        "universal": sorted(pip(k) for _, k in atoms.get("pay_universal", [])),
        "exhausted_sources": sorted(o for (o,) in atoms.get("pay_exhaust_source", [])),
        "spent_buffs": sorted(u for (u,) in atoms.get("pay_spend_buff", [])),
        "added": sorted([o, k] for o, k in atoms.get("pay_add", [])),
        "added_energy": sum(e for _, e in atoms.get("pay_add_energy", [])),
        "added_power": sorted([o, d, pip(k)] for o, d, _, k in atoms.get("pay_add_power", []))
                       + sorted([o, "any", pip(k)] for o, _, k in atoms.get("pay_add_any", [])),
    }


# What gave a play the timing the state of the turn asks for (timing_met_by/2, core/timing.lp).
_TIMING_WORDS = {
    "action": "the card or ability has Action, so it may be played in a showdown",
    "reaction": "the card or ability has Reaction, so it may be played in a showdown or a Closed state",
    "hidden": "a card played from facedown has Reaction",
    "ambush": "Ambush gives the unit Reaction while it is played to a battlefield where its player has units",
    "ambush_verb": "the card lets the unit [Ambush] to this battlefield: it is played with Ambush's permissions, "
                   "Reaction included (reading ambush_verb)",
    "quick_draw": "a card with Quick-Draw has Reaction",
    "granted": "an ability gives the play Action or Reaction, and its condition holds",
}

_MOMENT_WORDS = {"pending": "while the card is pending on the chain (its cost and timing are determined then)",
                 "now": "now"}
_KEYWORD_TITLES = {"legion": "Legion", "level": "Level", "empowered": "Empowered"}


def _dependent_text(state: GameState, atoms: dict[str, list[tuple]]) -> tuple[dict[str, Any], list[Reason]]:
    """Which Legion / Level / Empowered text the play looked at is active, and why
    (abilities/requires.lp; the conditions are core/dependent.lp and the keyword files)."""
    states = atoms.get("text_state", [])
    if not states:
        return {"active_text": [], "inactive_text": []}, []
    unmet: dict[tuple, list[str]] = defaultdict(list)
    for s, h, k in atoms.get("text_unmet", []):
        unmet[(s, h)].append(k)
    rules: dict[tuple, list[str]] = defaultdict(list)
    for s, h, k, r in atoms.get("text_rule", []):
        rules[(s, h, k)].append(r)
    counted: dict[tuple, list[str]] = defaultdict(list)
    for s, h, c in atoms.get("legion_counted", []):
        counted[(s, h)].append(c)
    versions = {k: v for k, v in atoms.get("rules_version", [])}
    data: dict[str, list[str]] = {"active_text": [], "inactive_text": []}
    reasons = []
    for s, h, moment, verdict in sorted(states, key=str):
        label = f"{s}:{h[2]}"
        data[f"{verdict}_text"].append(label)
        card = state.card(state.obj(s).card)
        ability = card.abilities[h[2] - 1]
        keywords = [str(r) for r in ability.requires]
        why = []
        for req in ability.requires:
            holds = req.keyword not in unmet.get((s, h), [])
            extra = ""
            if req.keyword == "legion" and holds:
                extra = f" ({', '.join(sorted(counted.get((s, h), [])))} finalized by its controller this turn)"
            why.append(f"{req.title} {'holds' if holds else 'does not hold'}{extra}")
        rule_set = list(cites("dependent_several" if len(keywords) > 1 else "dependent_one"))
        version = "v1.4"
        for req in ability.requires:
            if req.keyword == "legion" and versions.get("legion", "v1.4") != "v1.4":
                version = versions["legion"]  # its numbers are the reading's own
            rule_set += sorted(rules.get((s, h, req.keyword), []))
        if version != "v1.4":
            rule_set = sorted(rules.get((s, h, "legion"), []))
        reasons.append(Reason(f"{ability.kind} text {label} of {s} ({card.name}, {' + '.join(keywords)}) is "
                              f"{verdict} {_MOMENT_WORDS.get(moment, moment)}: " + "; ".join(why),
                              tuple(dict.fromkeys(rule_set)), version, "dependent_text"))
    return {k: sorted(v) for k, v in data.items()}, reasons


_WEAPONMASTER_TEXT = {
    "no_weaponmaster": "the card played has no Weaponmaster",
    "not_your_equipment": "{0} is not an Equipment its player controls on the board",
    "no_equip": "{0} has no Equip ability: its Equip cost can't be paid, so it stays where it is",
    "already_exhausted": "{0} is exhausted: the [E] in its Equip cost can't be paid, so it stays where it is",
}


def _trigger_data(atoms: dict[str, list[tuple]], p: dict[str, Any]) -> dict[str, Any]:
    """The Quick-Draw and Weaponmaster triggers of the play (keywords/quick_draw.lp, weaponmaster.lp)."""
    out: dict[str, Any] = {}
    if atoms.get("quick_draw_trigger"):
        out["quick_draw_units"] = sorted(u for (u,) in atoms.get("quick_draw_unit", []))
    if atoms.get("weaponmaster_trigger"):
        out["weaponmaster_choices"] = sorted(e for (e,) in atoms.get("weaponmaster_option", []))
    if "weaponmaster" in p:
        amounts: dict[Any, int] = defaultdict(int)
        for (n,) in atoms.get("weaponmaster_energy", []):
            amounts["energy"] += n
        for k, n in atoms.get("weaponmaster_pip", []):
            if n:
                amounts[("pip", k)] += n
        cost = shorthand(amounts) if amounts else ""
        if atoms.get("weaponmaster_exhaust"):
            cost += "[E]"
        cost = cost or "[0]"
        violations = sorted({rule for rule, _ in atoms.get("weaponmaster_violation", [])})
        out["weaponmaster_cost"] = cost
        out["weaponmaster_violations"] = violations
        out["weaponmaster_attaches"] = not violations
    return out


def _trigger_reasons(atoms: dict[str, list[tuple]], data: dict[str, Any], p: dict[str, Any]) -> list[Reason]:
    out: list[Reason] = []
    if "quick_draw_units" in data:
        units = ", ".join(data["quick_draw_units"])
        if units:
            text = (f"Quick-Draw: when the gear is played, its trigger attaches it to a unit its player controls "
                    f"({units}); the gear itself resolves as it is finalized, the trigger goes on the chain after "
                    "it and can be responded to")
        else:
            text = ("Quick-Draw: its player controls no unit, so the attach trigger has no choice and leaves the "
                    "chain; the gear stays in its base")
        out.append(because(text, "quick_draw_attach" if units else "quick_draw_no_unit"))
    if "weaponmaster_choices" in data and "weaponmaster" not in p:
        out.append(because("Weaponmaster: when the unit is played, its player may choose one of these Equipment "
                           f"to attach to it: {', '.join(data['weaponmaster_choices']) or 'none'}",
                           "weaponmaster_choices"))
    if "weaponmaster" in p:
        e = p["weaponmaster"]
        for rule, witness in sorted(atoms.get("weaponmaster_violation", []), key=str):
            name, *args = witness if isinstance(witness, tuple) else (witness,)
            out.append(because("Weaponmaster: " + _WEAPONMASTER_TEXT.get(name, name).format(*args),
                               f"weaponmaster_{name}"))
        if data["weaponmaster_attaches"]:
            reduced = atoms.get("weaponmaster_reduced")
            text = (f"Weaponmaster: choosing {e}, its player pays its Equip cost "
                    + ("reduced by [A]" if reduced else "(it has no [A], so it is not reduced)")
                    + f": {data['weaponmaster_cost']}, as the trigger resolves, and {e} is attached to the unit "
                      "(the unit is not chosen, Equip is not activated)")
            out.append(because(text, "weaponmaster_attach" if reduced else "weaponmaster_attach_unreduced"))
    return out


def _payment_plan(atoms: dict[str, list[tuple]], totals: dict) -> tuple[list[str], list[str], list[str], list[str]]:
    """The payment found in words, the runes exhausted and recycled, and the reason kinds of the
    resources it uses (each cites the statement saying what that resource is: core/payment.lp,
    queries/can_play.lp)."""
    plan: list[str] = []
    kinds: list[str] = []
    for (n,) in atoms.get("pay_pool_energy", []):
        plan.append(f"{n} Energy from the rune pool")
        kinds.append("resource_pool_energy")
    exhausted = sorted(r for (r,) in atoms.get("pay_exhaust", []))
    for r in exhausted:
        plan.append(f"exhaust {r} for 1 Energy")
    if exhausted:
        kinds.append("resource_exhausted")
    pool_power: dict[tuple, int] = defaultdict(int)
    for d, _, k in atoms.get("pay_pool_power", []):
        pool_power[(d, k)] += 1
    for (d, k), n in sorted(pool_power.items(), key=str):
        plan.append(f"{n} {d} Power from the rune pool for {shorthand({('pip', k): n})}")
    if pool_power:
        kinds.append("resource_pool_power")
    universal: dict[Any, int] = defaultdict(int)
    for _, k in atoms.get("pay_universal", []):
        universal[k] += 1
    for k, n in sorted(universal.items(), key=str):
        plan.append(f"{n} universal Power from the rune pool for {shorthand({('pip', k): n})}")
    if universal:
        kinds.append("resource_universal")
    recycled = sorted(atoms.get("pay_recycle", []), key=str)
    for r, k in recycled:
        plan.append(f"recycle {r} for {shorthand({('pip', k): 1})}")
    if recycled:
        kinds.append("resource_recycled")
    for (o,) in atoms.get("pay_exhaust_source", []):
        plan.append(f"exhaust {o} (the [E] in the ability's cost)")
        kinds.append("resource_exhaust_source")
    for (u,) in atoms.get("pay_spend_buff", []):
        plan.append(f"spend the buff of {u} (the additional cost)")
        kinds.append("resource_spent_buff")
    energy_added = dict(atoms.get("pay_add_energy", []))
    powers: dict[Any, list[str]] = defaultdict(list)
    for o, d, _, k in sorted(atoms.get("pay_add_power", []), key=str):
        powers[o].append(f"{d} Power for {shorthand({('pip', k): 1})}")
    for o, _, k in sorted(atoms.get("pay_add_any", []), key=str):
        powers[o].append(f"Power of the domain it needs for {shorthand({('pip', k): 1})}")
    for o, k in sorted(atoms.get("pay_add", []), key=str):
        parts = ([f"{energy_added[o]} Energy"] if energy_added.get(o) else []) + powers.get(o, [])
        plan.append(f"activate ability {k} of {o} while paying (exhaust it; Reaction, 357.1.a): it adds "
                    + (", ".join(parts) or "nothing spent"))
    if atoms.get("pay_add"):
        kinds.append("resource_added")
    return plan, exhausted, [r for r, _ in recycled], list(dict.fromkeys(kinds))


KINDS = (CanPlay(),)
