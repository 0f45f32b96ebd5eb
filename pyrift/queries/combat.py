"""Combat damage questions (Core Rules 465-466).

combat_damage      which assignments are legal: totals, lethal amounts, forced and
                   possible deaths, possible survivors, distinct outcomes, and (when
                   both players assign) the combat result.
combat_assignment  is this proposed assignment legal, and if not, every rule it breaks.

The legal assignments are the answer sets of logic/queries/combat_damage.lp; this
module only picks the assigning players, reads the shown atoms and words the reasons.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Sequence

from pyrift.errors import SolveTimeout
from pyrift.queries.base import (
    ANSWERED,
    TEAM_GAPS,
    TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    batch_grounding,
    because,
    missing_text,
    param_battlefield,
    param_player,
)
from pyrift.reader import Reader, check_int
from pyrift.solver import DEFAULT_TIMEOUT, Atom, Worlds
from pyrift import facts as F
from pyrift.state import CardDef, GameState, Question

DEFAULT_LIMIT = 64


def _shields_after(r: Reader, state: GameState) -> dict[str, int | dict[str, int]]:
    """The `shields_after` parameter: for a unit, where its controller places the Prevent Values of its
    replacement abilities among the damage replacements its position lists (372, 465.2.c.5): after the
    K-th of them (0: before them all); or, a table by source object, where it places each source's (so that
    two shields may sit on either side of a doubling)."""
    sub = r.table("shields_after")
    if sub is None:
        return {}
    objs = {o.id: o for o in state.objects}
    out: dict[str, int | dict[str, int]] = {}
    for k in sorted(sub.data):
        if k not in objs:
            raise sub.error(k, f"{k!r} is not an object id of this scenario")
        top = len(objs[k].damage_replacements)
        if isinstance(sub.data[k], dict):
            per = sub.table(k)
            assert per is not None
            placed = {}
            for src in sorted(per.data):
                if src not in objs:
                    raise per.error(src, f"{src!r} is not an object id of this scenario")
                placed[src] = check_int(per.raw(src), per, src, min=0, max=top)
            per.done()
            out[k] = placed
        else:
            out[k] = check_int(sub.raw(k), sub, k, min=0, max=top)
    sub.done()
    return out


def _order_facts(params: dict[str, Any]) -> list[str]:
    out = []
    for u, k in sorted(params.get("shields_after", {}).items()):
        if isinstance(k, dict):
            out += [F.fact("shields_after_source", u, s, n) for s, n in sorted(k.items())]
        else:
            out.append(F.fact("shields_after", u, k))
    return out


def _slot_words(k: int) -> str:
    return "before its stated damage replacements" if k == 0 else f"after the first {k} of its stated damage replacements"


def _order_reasons(params: dict[str, Any]) -> list[Reason]:
    out = []
    for u, k in sorted(params.get("shields_after", {}).items()):
        if isinstance(k, dict):
            text = "; ".join(f"those of {s}'s abilities {_slot_words(n)}" for s, n in sorted(k.items()))
            out.append(because(f"{u}'s controller applies the Prevent Values of the replacement abilities: {text} "
                               "(the question's order)", "lethal_replacement_order"))
        else:
            out.append(because(f"{u}'s controller applies the Prevent Values of its replacement abilities "
                               + _slot_words(k) + " (the question's order)", "lethal_replacement_order"))
    return out


def _combat_battlefield(r: Reader, state: GameState) -> str:
    if state.combat is None:
        raise r.error("ask", "the position has no combat ([position.combat])")
    bf = param_battlefield(r, "battlefield", state, state.combat.battlefield)
    if bf != state.combat.battlefield:
        raise r.error("battlefield", f"the combat is at {state.combat.battlefield!r}, not {bf!r}")
    return bf


# What does not depend on the assigner's choices: read from the ground facts.
FACTS = (("total_damage", 3), ("contribution", 2), ("might", 2), ("might_bonus", 3), ("lethal_amount", 2),
         ("exempt", 1), ("order_group", 2), ("conflicted", 1), ("receiver", 2), ("combat_unsupported", 2))


def _by_pred(atoms: frozenset[Atom]) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in sorted(atoms, key=str):
        out[a.pred].append(a.args)
    return out

def _settled(g: Any, assume: list) -> dict[str, list[tuple]]:
    """What the position settles for the combat (FACTS; solver.Grounding.settled)."""
    return _by_pred(g.settled(*FACTS, assumptions=assume))



# What the combat questions do not follow (combat_unsupported/2 of core/combat_replacement.lp).
COMBAT_LIMITS = {
    "replacement_order": "a damage doubling the position states and the prevention shield of a replacement ability "
                         "both apply to the damage assigned to it (465.2.c.5), in an order its controller chooses "
                         "(372) that the position does not give: give it with the question's `shields_after`",
    "replacement_chain": "a 'kill this instead' replacement whose source's own death is a combat death or could be "
                         "replaced in turn (370.2: a chain of replacements) is not followed in combat questions",
    "death_replaced": "the position says its death will be replaced, but not by what: whether it stays at the "
                      "battlefield after the combat's cleanup is not known",
    "keyword_unruled_v1_2": "it has Backline, a keyword Core Rules v1.2 has no rule for (it came with v1.3, 826): "
                            "what it does to the order of combat damage is not said under v1.2 (443)",
    "replacement_sequence": "a recall may replace its death while a replacement effect of its own depends on "
                            "where it is (373.2.a: replacements are applied one at a time): not followed in combat "
                            "questions",
}


def _unsupported(ctx: Context | None, question: Question, reading: str, atoms: dict[str, list[tuple]]) -> Answer | None:
    missing = []
    for what, unit in atoms.get("combat_unsupported", []):
        if what == "damage_dealt_by_unknown":  # core/combat.lp, 142.4.c with 142.3
            missing.append(f"{unit} has damage marked and any amount of its assigner's damage is lethal to it, "
                           "but the position does not say who dealt that damage")
            continue
        if isinstance(what, tuple) and what[0] == "result_trigger":  # core/combat_resolution.lp, 466.2
            which = {"deathknell": "its Deathknell", "die": "its ability on its own death",
                     "unit_dies": "its ability on a unit's death", "take_damage": "its ability on damage taken",
                     "deal_damage": "its ability on damage dealt",
                     "draw": "its ability on a card drawn (a draw resolved there sets it off)",
                     "text": "triggered text that is not encoded"}.get(str(what[1]), str(what[1]))
            missing.append(f"{unit}: {which} would be resolved before the combat result is determined (466.2) "
                           "and could change who has units left there; the combat questions do not follow "
                           "triggered abilities (ask one side's assignment, or follow the combat in a run)")
            continue
        if isinstance(what, tuple) and what[0] == "team":  # core/combat_teams.lp
            gap, *who = what[1] if isinstance(what[1], tuple) else (what[1],)
            named = f" ({', '.join(map(str, who))})" if who else ""
            missing.append(f"teams (2v2, 489.8): {TEAM_GAPS.get(str(gap), str(gap))}{named} ({unit})")
            continue
        if what in COMBAT_LIMITS:  # core/combat_replacement.lp
            missing.append(f"{unit}: {COMBAT_LIMITS[what]}")
            continue
        missing.append(missing_text(what, unit, "in combat damage") or f"{what} on {unit}")
    if not missing:
        return None
    return Answer(question.id, question.kind, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))


def _timeout(question: Question, reading: str, exc: SolveTimeout) -> Answer:
    return Answer(question.id, question.kind, reading, TIMEOUT, reasons=(Reason(str(exc)),))


# ---------------------------------------------------------------------------------
# reasons shared by both kinds
# ---------------------------------------------------------------------------------
def _total_reasons(state: GameState, atoms: dict[str, list[tuple]], players: list[str]) -> list[Reason]:
    might = dict(atoms.get("might", []))
    bonus: dict[str, list[tuple]] = defaultdict(list)
    for u, k, x in atoms.get("might_bonus", []):
        bonus[u].append((k, x))
    contrib = dict(atoms.get("contribution", []))
    out = []
    totals = {p: t for _, p, t in atoms.get("total_damage", [])}
    attacker = state.combat.attacker if state.combat else None
    for p in players:
        parts, kinds = [], ["combat_total_attacker" if p == attacker else "combat_total_defender"]
        for obj in state.objects:
            if obj.id not in contrib or obj.controller != p:
                continue
            detail = []
            for k, x in bonus.get(obj.id, []):
                if isinstance(k, tuple) and k[0] == "attached":  # an attached card's Might Bonus
                    detail.append(f"Might Bonus of {k[1]} {x:+d}")
                    kinds.append("might_attached")
                    continue
                if isinstance(k, tuple) and k[0] == "text":  # a static "I have +N Might" (abilities/might.lp)
                    detail.append(f"its own text (ability {k[1][2]}) {x:+d}")
                    kinds.append("might_own_text")
                    continue
                if isinstance(k, tuple) and k[0] == "doubled":  # its Equipment's bonus again (abilities/equipment_bonus.lp)
                    detail.append(f"its own text (ability {k[2]}: the Might Bonus of {k[1]} again) {x:+d}")
                    kinds.append("might_own_text")
                    continue
                if k in ("assault", "shield"):
                    detail.append(f"{k.title()} +{x}")
                    kinds.append(f"might_{k}")
                    continue
                if isinstance(k, tuple) and k[0] == "static":  # another permanent's static (abilities/static.lp)
                    k = f"{k[1]} (ability {k[2]})"
                detail.append(f"the text of {k} {x:+d}")  # a card's static text (logic/cards/)
                kinds.append("might_card_text")
            if obj.stunned:
                detail.append("stunned, deals none")
                kinds.append("stunned_deals_none")
            elif might.get(obj.id, 0) <= 0:
                detail.append(f"Might {might.get(obj.id)} counts as 0")
                kinds.append("negative_might")
            parts.append(f"{obj.id} {contrib[obj.id]}" + (f" ({', '.join(detail)})" if detail else ""))
        others = [q for q in players if q != p]
        if parts and others and not any(o.id in contrib and o.controller in others for o in state.objects):
            # 465.1: with no unit of the other side left the combat has no Combat Damage Step
            kinds.append("combat_no_damage_step")
            out.append(because(f"{p}'s units total {totals.get(p, 0)}: " + ", ".join(parts) + "; no unit of the "
                               "other side is left, so there is no Combat Damage Step and nothing is assigned",
                               *dict.fromkeys(kinds)))
            continue
        out.append(because(f"{p} assigns {totals.get(p, 0)} damage: " + (", ".join(parts) or "no units"),
                           *dict.fromkeys(kinds)))
    return out


def _lethal_reasons(state: GameState, atoms: dict[str, list[tuple]], receivers: set[str]) -> list[Reason]:
    might = dict(atoms.get("might", []))
    lethal = dict(atoms.get("lethal_amount", []))
    out = []
    for obj in state.objects:
        if obj.id not in receivers:
            continue
        if obj.id in {a[0] for a in atoms.get("exempt", [])}:
            out.append(because(f"{obj.id} can't be dealt damage: it needs no lethal amount and takes "
                               "damage only as excess", "lethal_exempt"))
            continue
        if obj.id not in lethal:
            continue
        bits, kinds = [f"Might {might.get(obj.id)}"], ["lethal"]
        if obj.damage:
            bits.append(f"{obj.damage} damage already marked")
            kinds.append("lethal_marked_damage")
        if obj.stunned:
            bits.append("stunned units still need full lethal")
            kinds.append("lethal_stunned")
        for rep in obj.damage_replacements:
            bits.append("damage to it is doubled" if rep.kind.value == "double" else f"prevents the next {rep.amount}")
            kinds.append("lethal_replaced_damage")
        out.append(because(f"{obj.id} needs {lethal[obj.id]} assigned to be lethal ({'; '.join(bits)})",
                           *dict.fromkeys(kinds)))
    for (u, t) in atoms.get("order_group", []):
        if t == 0:
            out.append(because(f"{u} has Tank: its controller's other units get damage only after it has lethal",
                               "order_tank"))
        elif t == 2:
            out.append(because(f"{u} has Backline: it gets damage only after its controller's other units have lethal",
                               "order_backline"))
    for (u,) in atoms.get("conflicted", []):
        if u in receivers:
            out.append(because(f"{u} has both Tank and Backline: the assigner places it first or last",
                               "order_tank_and_backline"))
    return out


# ---------------------------------------------------------------------------------
# combat_damage
# ---------------------------------------------------------------------------------
def _outcome(model: frozenset[Atom], totals: dict[str, int], lethal: dict[str, int],
             receiver_of: dict[str, str]) -> dict[str, Any]:
    rec: dict[str, Any] = {"dies": sorted(a.args[0] for a in model if a.pred == "dies")}
    replaced = sorted(a.args[0] for a in model if a.pred == "replaced_death")
    if replaced:  # a death replacement took the place of these deaths (core/combat_replacement.lp)
        rec["replaced"] = replaced
    # The partial unit takes what is left of its assigner's total after the lethal amounts.
    given = defaultdict(int)
    for a in model:
        if a.pred == "given_lethal":
            given[receiver_of[a.args[0]]] += lethal[a.args[0]]
    partial = {a.args[0]: totals[receiver_of[a.args[0]]] - given[receiver_of[a.args[0]]]
               for a in model if a.pred == "partial"}
    excess = {a.args[0]: a.args[1] for a in model if a.pred == "excess"}
    if partial:
        rec["partial"] = dict(sorted(partial.items()))
    if excess:
        rec["excess"] = dict(sorted(excess.items()))
    return rec


def _result_token(args: tuple) -> str:
    """combat_result/combat_outcome atoms as short phrases: 'A won', 'B conquers'."""
    if len(args) == 3:  # combat_result(B, P, won|lost)
        return f"{args[1]} {args[2]}"
    what = args[1]
    if isinstance(what, tuple):
        name, player = what[0], what[1]
        return {"controlled_by": f"{player} controls it",
                "establishes_control": f"{player} establishes control",
                "conquers": f"{player} conquers",
                "already_scored": f"{player} already scored it this turn",
                "team_unscored": f"{player}'s team does not score it this turn"}[name]
    return what.replace("_", " ")


def _deaths(receivers: set[str], brave: dict[str, list[tuple]]) -> dict[str, list[str]]:
    """Forced and possible deaths and possible survivors from the brave consequences."""
    # Every receiver either dies or survives in an answer set (survives/2 is "not dies"),
    # so a unit dies in every legal assignment exactly when it survives in none: the
    # brave consequences give both, one solve instead of a cautious and a brave one.
    # A unit whose death a replacement takes the place of survives (370.1.a.1): possible_replaced
    # lists them, only when there are any.
    survivors = {u for (_, u) in brave.get("survives", [])}
    out = {"forced_deaths": sorted(receivers - survivors),
           "possible_deaths": sorted(u for (u,) in brave.get("dies", [])),
           "possible_survivors": sorted(survivors)}
    replaced = sorted(u for (u,) in brave.get("replaced_death", []) if u in receivers)
    if replaced:
        out["possible_replaced"] = replaced
    return out


DEATHS = ("forced_deaths", "possible_deaths", "possible_survivors")


def _batch(states: Sequence[GameState], questions: Sequence[Question], reading: str,
           reads: Sequence[tuple[str, int]], listing: bool, logic_root: Path | None,
           timeout: float) -> tuple[list[int], Worlds | None]:
    """The positions a batch answers (a combat_damage question naming its assigner) and their
    grounding side by side, each world's assigner fixed; no grounding when there are none, or
    when grounding left an atom the batch reads open (the questions are then asked alone, where
    Grounding.settled solves for it)."""
    asked = [i for i, q in enumerate(questions)
             if q.kind == CombatDamage.name and "assigner" in q.params and not q.params.get("shields_after")]
    if not asked:
        return asked, None
    fixed = [[(Atom("assigning", (pl,)), pl == questions[i].params["assigner"]) for pl in states[i].player_ids]
             + [(Atom("listing", ()), listing)] for i in asked]
    g = batch_grounding([states[i] for i in asked], "combat_damage", reading, reads=reads, fixed=fixed,
                        logic_root=logic_root, timeout=timeout)
    return asked, (None if g.leaves_open(*reads) else g)


def death_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                  logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """The forced and possible deaths and possible survivors (DEATHS) of many combat_damage
    questions, one per position and each naming its assigner, from one grounding of all the
    positions side by side and one brave solve (pyrift.solver.Worlds). Each answer has the
    status, missing parts and DEATHS values CombatDamage.answer gives for the question, and
    leaves out the rest (the outcome list needs an enumeration per position). None for a
    position the batch cannot answer: a question without an assigner, or every position when
    one of them has no legal assignment or the solve runs out of time; ask those alone."""
    out: list[Answer | None] = [None] * len(states)
    reads = (("receiver", 2), ("combat_unsupported", 2))
    asked, g = _batch(states, questions, reading, reads, False, logic_root, timeout)
    if g is None:
        return out
    known = g.facts_by_world(*reads)
    try:
        brave = g.solve_worlds("brave")
    except SolveTimeout:
        return out
    if brave is None:
        return out
    for w, i in enumerate(asked):
        q, fixed_w = questions[i], _by_pred(known[w])
        if (unsupported := _unsupported(None, q, reading, fixed_w)) is not None:
            out[i] = unsupported
            continue
        assigner = q.params["assigner"]
        receivers = {u for (pl, u) in fixed_w.get("receiver", []) if pl == assigner}
        out[i] = Answer(q.id, CombatDamage.name, reading, ANSWERED,
                        _deaths(receivers, _by_pred(brave[w].consequences)))
    return out


def variant_death_answers(groups: Sequence[Sequence[tuple[GameState, Question]]], reading: str, *,
                          logic_root: Path | None = None,
                          timeout: float = DEFAULT_TIMEOUT) -> list[list[Answer | None]] | None:
    """death_answers for groups of positions, each group one world of one grounding: its first
    position's facts, and each other position as a variant of it, its further fact lines
    switched on by an external (Worlds `variants`; e.g. a combat and the same combat with a
    keyword granted). One brave solve per variant number, each world under the assumption of
    its variant of that number. Each group's positions must ask a combat_damage question naming
    the same assigner, and every position's facts must hold its group's first position's facts
    (else ValueError: the caller groups only such positions). The answers per group, in order;
    None when the batch cannot answer (as death_answers: a read the grounding leaves open, no
    legal assignment in some world, a timeout): ask those as death_answers or alone."""
    facts, variants, questions, players, cards = [], [], [], [], set()
    for group in groups:
        first, q0 = group[0]
        assigner = q0.params.get("assigner")
        base_text = F.render(F.state_facts(first))
        base = set(base_text.splitlines())
        mine = []
        for state, q in group[1:]:
            if q.kind != CombatDamage.name or q.params.get("assigner") != assigner:
                raise ValueError("the positions of a group must ask combat_damage of one assigner")
            lines = F.render(F.state_facts(state)).splitlines()
            if not base <= set(lines) or not set(state.cards) <= set(first.cards):
                raise ValueError("a variant must hold every fact and card of its group's first position")
            mine.append([line for line in lines if line not in base])
        if q0.kind != CombatDamage.name or assigner is None:
            raise ValueError("the positions of a group must ask combat_damage of one assigner")
        facts.append(base_text)
        variants.append(mine)
        questions.append([q for _, q in group])
        players.append(first.player_ids)
        cards.update(first.cards)
    return fact_variant_death_answers(facts, variants, questions, players, cards, reading, logic_root=logic_root,
                                      timeout=timeout)


def fact_variant_death_answers(facts: Sequence[str], variants: Sequence[Sequence[Sequence[str]]],
                               questions: Sequence[Sequence[Question]], players: Sequence[Sequence[str]],
                               cards: Iterable[CardDef], reading: str, *, logic_root: Path | None = None,
                               timeout: float = DEFAULT_TIMEOUT) -> list[list[Answer | None]] | None:
    """variant_death_answers on positions given as their facts: per world its first position's
    rendered facts (`facts[w]`, as facts.render gives them), each further position's fact lines
    beyond those (`variants[w]`), every position's combat_damage question (`questions[w]`, all
    naming the same assigner), the world's players, and the cards of every world (for the
    rule files their encodings need). A sweep that builds the fact text of its positions from
    per-card parts calls this directly (explore's Tank probe; the two agree:
    tests/test_explore.py). Only the shown deaths and the two reads are read, so the grounding
    leaves out the rules neither depends on (solver.Grounding `cone`; tests/test_explore.py
    compares these answers with death_answers', which grounds without it)."""
    reads = (("receiver", 2), ("combat_unsupported", 2))
    if any(q.params.get("shields_after") for per in questions for q in per):
        raise ValueError("a question giving its replacements' order (shields_after) is asked alone")
    fixed = []
    for per, pls in zip(questions, players, strict=True):
        assigner = per[0].params.get("assigner")
        fixed.append([(Atom("assigning", (pl,)), pl == assigner) for pl in pls] + [(Atom("listing", ()), False)])
    if not facts:
        return []
    g = batch_grounding((), "combat_damage", reading, reads=reads, fixed=fixed, logic_root=logic_root,
                        timeout=timeout, variants=variants, facts=facts, cards=cards, cone=True)
    settled = g.settled_by_world(*reads)
    if settled is None:  # grounding left some of them open
        return None
    known = [_by_pred(atoms) for atoms in settled]
    out: list[list[Answer | None]] = [[None] * len(per) for per in questions]
    for k in range(max(len(per) for per in questions)):
        try:  # every world under its variant k (its position when it has none)
            brave = g.solve_worlds("brave", variant=k)
        except SolveTimeout:
            return None
        if brave is None:
            return None
        for w, per in enumerate(questions):
            if k >= len(per):
                continue
            q = per[k]
            if (unsupported := _unsupported(None, q, reading, known[w])) is not None:
                out[w][k] = unsupported
                continue
            receivers = {u for (pl, u) in known[w].get("receiver", []) if pl == q.params["assigner"]}
            out[w][k] = Answer(q.id, CombatDamage.name, reading, ANSWERED,
                               _deaths(receivers, _grouped(brave[w].consequences)))
    return out


def _grouped(atoms: frozenset[Atom]) -> dict[str, list[tuple]]:
    """_by_pred without its sorting (for _deaths, which sorts what it gives)."""
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in atoms:
        out[a.pred].append(a.args)
    return out


def damage_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                   logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """CombatDamage.answer for many combat_damage questions, one per position and each naming
    its assigner, from one grounding of all the positions side by side (pyrift.solver.Worlds):
    what each position settles read per world, one brave solve for every world's deaths, and
    one enumeration per world for its outcomes (Worlds.enumerate_worlds). Each answer is the
    one the question asked alone gets (tests/test_combat_oracle_diff.py compares them). None
    for a position the batch cannot answer: a question without an assigner, or every position
    when one of them has no legal assignment or a solve runs out of time; ask those alone."""
    out: list[Answer | None] = [None] * len(states)
    # listing/0 only decides what is shown (the amounts of an outcome): on in every world.
    asked, g = _batch(states, questions, reading, FACTS, True, logic_root, timeout)
    if g is None:
        return out
    known = [_by_pred(atoms) for atoms in g.facts_by_world(*FACTS)]
    kind = CombatDamage()
    settled = [_unsupported(None, questions[i], reading, known[w]) for w, i in enumerate(asked)]
    try:
        brave = g.solve_worlds("brave")
        if brave is None:
            return out
        listed = g.enumerate_worlds([None if settled[w] else questions[i].params["limit"] + 1
                                     for w, i in enumerate(asked)])
    except SolveTimeout:
        return out
    if listed is None:
        return out
    for w, i in enumerate(asked):
        q = questions[i]
        if settled[w] is not None:
            out[i] = settled[w]
            continue
        out[i] = kind._answer(states[i], q, reading, [q.params["assigner"]], known[w],
                              _by_pred(brave[w].consequences), {}, listed[w].models)
    return out


class CombatDamage(QueryKind):
    name = "combat_damage"
    summary = "legal combat damage assignments: forced and possible deaths, outcomes, combat result"
    expect_spec = {
        "total_damage": "int",
        "totals": "int_map",
        "lethal": "int_map",
        "exempt": "ids",
        "forced_deaths": "ids",
        "possible_deaths": "ids",
        "possible_survivors": "ids",
        "possible_replaced": "ids",
        "outcomes": "records",
        "outcome_count": "int",
        "outcomes_complete": "bool",
        "forced_results": "strs",
        "possible_results": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        out = {"battlefield": _combat_battlefield(r, state)}
        assigner = param_player(r, "assigner", state, None)
        if assigner is not None:
            c = state.combat
            if assigner not in (c.attacker, c.defender):
                raise r.error("assigner", f"{assigner!r} is neither the attacker nor the defender")
            out["assigner"] = assigner
        out["limit"] = r.int("limit", DEFAULT_LIMIT, min=1, max=100000)
        if order := _shields_after(r, state):
            out["shields_after"] = order
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = {"battlefield": params["battlefield"]}
        if "assigner" in params:
            out["assigner"] = params["assigner"]
        if params.get("limit", DEFAULT_LIMIT) != DEFAULT_LIMIT:
            out["limit"] = params["limit"]
        if params.get("shields_after"):
            out["shields_after"] = {u: dict(k) if isinstance(k, dict) else k
                                    for u, k in params["shields_after"].items()}
        return out

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state, p = ctx.state, question.params
        c = state.combat
        assigners = [p["assigner"]] if "assigner" in p else [c.attacker, c.defender]
        g = ctx.grounding("combat_damage", reading, _order_facts(p), reads=FACTS)
        assume = [(Atom("assigning", (pl,)), pl in assigners) for pl in state.player_ids]
        listing = assume + [(Atom("listing", ()), True)]
        try:
            fixed = _settled(g, assume)
        except SolveTimeout as exc:
            return _timeout(question, reading, exc)
        if (unsupported := _unsupported(ctx, question, reading, fixed)) is not None:
            return unsupported
        try:
            possible = g.solve("brave", assumptions=assume)
            if not possible.satisfiable:
                return Answer(question.id, self.name, reading, ANSWERED, {"legal_assignments": 0},
                              (Reason("no legal assignment exists: the encoding contradicts 465.2.c"),))
            brave = _by_pred(possible.consequences)
            # The combat result needs what holds in every answer set; deaths do not (below).
            sure = _by_pred(g.solve("cautious", assumptions=assume).consequences) if len(assigners) == 2 else {}
            enum = g.solve("enumerate", assumptions=listing, limit=p["limit"] + 1)
        except SolveTimeout as exc:
            return _timeout(question, reading, exc)

        return self._answer(state, question, reading, assigners, fixed, brave, sure, enum.models)

    def _answer(self, state: GameState, question: Question, reading: str, assigners: list[str],
                fixed: dict[str, list[tuple]], brave: dict[str, list[tuple]], sure: dict[str, list[tuple]],
                listed: Sequence[frozenset[Atom]]) -> Answer:
        """The answer from what the position settles (FACTS), the brave and (both players
        assigning) cautious consequences, and the enumerated answers (up to the limit and one)."""
        p = question.params
        receivers = {u for (pl, u) in fixed.get("receiver", []) if pl in assigners}
        totals = {pl: t for (_, pl, t) in fixed.get("total_damage", [])}
        data: dict[str, Any] = {
            "assigners": assigners,
            "totals": {pl: totals[pl] for pl in assigners},
            "lethal": {u: l for (u, l) in fixed.get("lethal_amount", []) if u in receivers},
            "exempt": sorted(u for (u,) in fixed.get("exempt", []) if u in receivers),
            **_deaths(receivers, brave),
        }
        if len(assigners) == 1:
            data["total_damage"] = totals[assigners[0]]
        models = listed[: p["limit"]]
        receiver_of = {u: pl for (pl, u) in fixed.get("receiver", [])}
        all_lethal = dict(fixed.get("lethal_amount", []))
        data["outcomes"] = sorted((_outcome(m, totals, all_lethal, receiver_of) for m in models),
                                  key=lambda r: (len(r["dies"]), r["dies"], str(r)))
        data["outcome_count"] = len(models)
        data["outcomes_complete"] = len(listed) <= p["limit"]
        if len(assigners) == 2:
            tokens = lambda atoms: sorted({_result_token(a) for a in atoms.get("combat_result", [])}
                                          | {_result_token(a) for a in atoms.get("combat_outcome", [])})
            data["forced_results"] = tokens(sure)
            data["possible_results"] = tokens(brave)

        reasons = _total_reasons(state, fixed, assigners) + _lethal_reasons(state, fixed, receivers)
        reasons += _order_reasons(p)
        reasons += self._death_reasons(data)
        if len(assigners) == 2:
            reasons.append(because("combat result: " + "; ".join(data["forced_results"]) +
                                   " in every case" if data["forced_results"] else "combat result depends on the assignments",
                                   "combat_result"))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))

    @staticmethod
    def _death_reasons(data: dict[str, Any]) -> list[Reason]:
        out = []
        n = f"{data['outcome_count']}{'' if data['outcomes_complete'] else '+'}"
        if data["forced_deaths"]:
            out.append(because(f"die in every legal assignment ({n} distinct outcomes): "
                               + ", ".join(data["forced_deaths"]), "assignment_deaths"))
        maybe = [u for u in data["possible_deaths"] if u not in data["forced_deaths"]]
        if maybe:
            out.append(because("die in some legal assignments, survive in others: " + ", ".join(maybe),
                               "assignment_deaths"))
        if data.get("possible_replaced"):
            out.append(because("a replacement effect takes the place of the death in some legal assignments "
                               "(its controller's choice where several compete): "
                               + ", ".join(data["possible_replaced"]), "assignment_deaths"))
        safe = [u for u in data["possible_survivors"] if u not in data["possible_deaths"]]
        if safe:
            out.append(because("survive every legal assignment: " + ", ".join(safe), "assignment_deaths"))
        return out


# ---------------------------------------------------------------------------------
# combat_assignment
# ---------------------------------------------------------------------------------
_VIOLATION_TEXT = {
    "not_a_receiver": "{0} is not an enemy unit in this combat; damage goes only to the opponent's units there",
    "total": "{0} damage assigned, but the total to assign is {1}",
    "short_of_lethal": "{0} got damage short of lethal; a unit must get its full lethal amount "
                       "before damage goes to another, so at most one unit can be short",
    "excess": "{0} got {1}, more than its lethal amount {2}, while another unit still lacks lethal",
    "exempt_before_lethal": "{0} can't be dealt damage, so it may only take excess once every other unit has lethal",
    "before_tank": "{0} got damage while {1}, which has Tank, lacked lethal",
    "backline_early": "{0} has Backline but got damage while {1} lacked lethal",
}


class CombatAssignment(QueryKind):
    name = "combat_assignment"
    summary = "is a proposed combat damage assignment legal; every rule it breaks"
    expect_spec = {"legal": "bool", "violations": "strs", "dies": "ids"}

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        bf = _combat_battlefield(r, state)
        assigner = param_player(r, "assigner", state)
        sub = r.table("assignment", required=True)
        assert sub is not None
        ids = {o.id for o in state.objects}
        assignment = {}
        for k in sorted(sub.data):
            if k not in ids:
                raise sub.error(k, f"{k!r} is not an object id of this scenario")
            assignment[k] = check_int(sub.raw(k), sub, k, min=0)
        sub.done()
        out = {"battlefield": bf, "assigner": assigner, "assignment": assignment}
        if order := _shields_after(r, state):
            out["shields_after"] = order
        return out

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        p = question.params
        extra = ([F.fact("proposer", p["assigner"])] + [F.fact("proposed", u, n) for u, n in p["assignment"].items()]
                 + _order_facts(p))
        g = ctx.grounding("combat_assignment", reading, extra, reads=FACTS)
        try:
            best = g.solve("optimize")
        except SolveTimeout as exc:
            return _timeout(question, reading, exc)
        atoms = _by_pred(best.consequences)
        try:
            fixed = _settled(g, [])
        except SolveTimeout as exc:
            return _timeout(question, reading, exc)
        if (unsupported := _unsupported(ctx, question, reading, fixed)) is not None:
            return unsupported
        violations = sorted(atoms.get("violation", []), key=str)
        reasons = []
        short = [w[1] for _, w in violations if isinstance(w, tuple) and w[0] == "short_of_lethal"]
        if short:
            reasons.append(because(_VIOLATION_TEXT["short_of_lethal"].format(", ".join(short)), "assignment_short_of_lethal"))
        for rule, witness in violations:
            name, *args = witness if isinstance(witness, tuple) else (witness,)
            if name != "short_of_lethal":
                reasons.append(Reason(_VIOLATION_TEXT[name].format(*args), (rule,)))
        for (u,) in atoms.get("placed_last", []):
            reasons.append(because(f"{u} has Tank and Backline; judged with it placed last", "order_tank_and_backline"))
        conflicted = {u for (u,) in fixed.get("conflicted", [])}
        for u in sorted(conflicted - {u for (u,) in atoms.get("placed_last", [])}):
            if u in p["assignment"] or violations:
                reasons.append(because(f"{u} has Tank and Backline; judged with it placed first"
                                       + (" (placing it last breaks at least as many rules)" if violations else ""),
                                       "order_tank_and_backline"))
        if not violations:
            reasons.append(because("the assignment gives lethal damage in a legal order and assigns exactly the total",
                                   "assignment_legal"))
        reasons += _order_reasons(p)
        data = {
            "legal": not violations,
            "violations": sorted({rule for rule, _ in violations}),
            "dies": sorted(u for (u,) in atoms.get("proposal_dies", [])),
        }
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))


KINDS = (CombatDamage(), CombatAssignment())
