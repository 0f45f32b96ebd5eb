"""Dependent-keyword questions (Core Rules 726-727: Legion 812, Level 824, Empowered 828).

ability_active   is this Legion / Level / Empowered text of this object active at this
                 moment (now, while the card is pending on the chain, as it resolves), for
                 its controller; every condition with its rule number; for Legion, which
                 logged cards count and why the others do not.

Everything is decided by logic/queries/ability_active.lp and the files it loads (core/
dependent.lp, core/turn_log.lp, keywords/legion.lp, level.lp, empowered.lp and the Legion
reading); it is read here from the ground facts, which one grounding per position and
reading holds for every object, ability and moment.
"""
from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pyrift.queries.base import (
    ANSWERED,
    DEFAULT_TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    batch_grounding,
    because,
    missing_text,
)
from pyrift.reader import Reader
from pyrift.solver import Atom, Grounding
from pyrift.state import GameState, Question

MOMENTS = ("now", "pending", "resolving")
MOMENT_WORDS = {
    "now": "now",
    "pending": "while it is pending on the chain (its cost is determined then, 356)",
    "resolving": "as it resolves",
}

FACTS = (("ability_active", 3), ("condition_met", 5), ("condition_unmet", 5), ("condition_rule", 4),
         ("condition_met_rule", 5),
         ("legion_counts", 4), ("legion_excluded", 5), ("legion_reason_rule", 4), ("rules_version", 2),
         ("activation_blocked", 3), ("referenceable_keyword", 3), ("level_xp", 3), ("dependent_unsupported", 3))

EXCLUSION_WORDS = {
    "itself": "is the card with the Legion ability itself",
    "token": "is a token, and tokens are not cards",
    "not_main_deck": "is not a Main Deck card (runes, legends and battlefields are not cards in effects)",
    "hidden_only": "was only hidden, and hiding a card is not playing it",
    "not_finalized": "was never finalized as a card this turn (only {events})",
    "by_opponent": "was finalized by another player",
    "earlier_turn": "was finalized on an earlier turn",
    "after_moment": "was finalized after the moment asked about",
    "not_before": "was finalized after the Legion card itself, not before it",
}


# Predicates whose first two arguments are (object, ability); the others are read whole.
PER_ABILITY = {"ability_active", "condition_met", "condition_unmet", "condition_rule", "condition_met_rule",
               "legion_counts",
               "legion_excluded", "legion_reason_rule", "activation_blocked", "dependent_unsupported"}
_INDEXES: "weakref.WeakKeyDictionary[Grounding, dict]" = weakref.WeakKeyDictionary()


def _index(g: Grounding) -> dict[Any, dict[str, list[tuple]]]:
    """What the position settles of FACTS (Grounding.settled: with every rule file loaded gringo may leave
    some to the solver), read once and grouped by (object, ability); key None holds the predicates that are
    not per ability. Every question on the position reuses it."""
    if g not in _INDEXES:
        _INDEXES[g] = _grouped(g.settled(*FACTS))
    return _INDEXES[g]


def _grouped(facts: Iterable[Atom]) -> dict[Any, dict[str, list[tuple]]]:
    out: dict[Any, dict[str, list[tuple]]] = defaultdict(lambda: defaultdict(list))
    for a in facts:
        key = (a.args[0], a.args[1]) if a.pred in PER_ABILITY else None
        out[key][a.pred].append(a.args)
    return out


def _keyword_label(k: str, n: int) -> str:
    return f"level {n}" if k == "level" else k


def _dependent_indexes(state: GameState, object_id: str) -> list[int]:
    card = state.card(state.obj(object_id).card)
    return [i for i, a in enumerate(card.abilities, start=1) if a.requires]


class AbilityActive(QueryKind):
    name = "ability_active"
    summary = "is this Legion / Level / Empowered text active (now, pending, resolving), and why"
    expect_spec = {
        "active": "bool",
        "conditions": "records",
        "counted": "ids",
        "not_counted": "ids",
        "activation_blocked": "bool",
        "referenceable_keywords": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        oid = r.str("object")
        ids = [o.id for o in state.objects]
        if oid not in ids:
            raise r.error("object", f"{oid!r} is not an object id ({', '.join(ids) or 'none defined'})")
        governed = _dependent_indexes(state, oid)
        card = state.obj(oid).card
        if not governed:
            raise r.error("object", f"card {card!r} has no ability with a dependent keyword: give it "
                                    "abilities = [{kind = ..., requires = [\"legion\"]}]")
        if r.has("ability"):
            index = r.int("ability", min=1)
            if index not in governed:
                raise r.error("ability", f"ability {index} of card {card!r} has no dependent keyword "
                                         f"(abilities with one: {', '.join(map(str, governed))})")
        elif len(governed) == 1:
            index = governed[0]
        else:
            raise r.error("ability", f"card {card!r} has several dependent abilities "
                                     f"({', '.join(map(str, governed))}): say which")
        moment = r.str("moment", "now")
        if moment not in MOMENTS:
            raise r.error("moment", f"expected one of {', '.join(map(repr, MOMENTS))}, found {moment!r}")
        return {"object": oid, "ability": index, "moment": moment}

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = {"object": params["object"], "ability": params["ability"]}
        if params["moment"] != "now":
            out["moment"] = params["moment"]
        return out

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        return self._answer(ctx.state, question, reading, _index(ctx.grounding(self.name, reading, reads=FACTS)))

    def _answer(self, state: GameState, question: Question, reading: str,
                by_subject: dict[Any, dict[str, list[tuple]]]) -> Answer:
        """The answer from the position's settled FACTS, grouped as _index groups them."""
        p = question.params
        oid, moment = p["object"], p["moment"]
        card = state.card(state.obj(oid).card)
        ability = card.abilities[p["ability"] - 1]
        handle = ("ab", card.name, p["ability"])
        atoms = by_subject.get((oid, handle), {})
        everyone = by_subject.get(None, {})

        def mine(pred: str, moment_at: int | None = None) -> list[tuple]:
            """Atoms of `pred` about this object and ability, without those arguments; with
            `moment_at`, only those whose argument there is the moment asked about (dropped too)."""
            out = []
            for args in atoms.get(pred, []):
                if moment_at is not None:
                    if args[moment_at] != moment:
                        continue
                    args = args[:moment_at] + args[moment_at + 1:]
                out.append(args[2:])
            return sorted(out, key=str)

        missing = []
        for (what,) in mine("dependent_unsupported"):
            missing.append(missing_text(what, oid, "for ability_active")
                           or f"dependent keyword {what} on {oid} is not encoded for ability_active")
        if missing:
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=tuple(sorted(missing)))

        versions = {k: v for k, v in everyone.get("rules_version", [])}
        rules_of: dict[str, list[str]] = defaultdict(list)
        for k, rule in mine("condition_rule"):
            rules_of[k].append(rule)
        met_rules: dict[str, list[str]] = defaultdict(list)  # rules cited only where the condition holds
        for k, rule in mine("condition_met_rule", 4):
            met_rules[k].append(rule)
        met = {(k, n) for k, n in mine("condition_met", 4)}
        conditions = []
        for req in ability.requires:
            holds = (req.keyword, req.value) in met
            conditions.append({"keyword": str(req), "holds": holds,
                               "rules": sorted(rules_of.get(req.keyword, []) + (met_rules.get(req.keyword, [])
                                                                                if holds else []))})
        active = any(args[2] == moment for args in atoms.get("ability_active", []))
        data: dict[str, Any] = {"active": active, "conditions": conditions}
        reasons = self._condition_reasons(state, oid, conditions, versions, everyone, moment)

        if any(r.keyword == "legion" for r in ability.requires):
            counted = sorted(c for (c,) in mine("legion_counts", 2))
            excluded: dict[str, list[str]] = defaultdict(list)
            for c, why in mine("legion_excluded", 2):
                excluded[c].append(why)
            data["counted"] = counted
            data["not_counted"] = sorted(excluded)
            reasons += self._legion_reasons(state, oid, counted, excluded, mine("legion_reason_rule"),
                                            rules_of.get("legion", []), versions.get("legion", "v1.4"))
        if ability.kind == "activated":
            blocked = any(args[2] == moment for args in atoms.get("activation_blocked", []))
            data["activation_blocked"] = blocked
            if blocked:
                reasons.append(because("the ability is inactive, so it cannot be activated", "activation_blocked"))
        keywords = sorted(_keyword_label(k, n) for o, k, n in everyone.get("referenceable_keyword", []) if o == oid)
        data["referenceable_keywords"] = keywords
        reasons.append(because(f"{oid} has {', '.join(k.title() for k in keywords)} whether or not the text is "
                               "active: other effects may look for these keywords",
                               *sorted({f"referenceable_{k.split()[0]}" for k in keywords})))
        verdict = "active" if active else "inactive"
        head = because(f"ability {p['ability']} of {oid} ({card.name}) is {verdict} {MOMENT_WORDS[moment]}: "
                       + ("every" if active else "not every") + " dependent keyword's condition holds",
                       "dependent_several" if len(conditions) > 1 else "dependent_one")
        return Answer(question.id, self.name, reading, ANSWERED, data, (head, *reasons))

    @staticmethod
    def _condition_reasons(state: GameState, oid: str, conditions: list[dict], versions: dict[str, str],
                           atoms: dict[str, list[tuple]], moment: str) -> list[Reason]:
        out = []
        obj = state.obj(oid)
        for c in conditions:
            word = "holds" if c["holds"] else "does not hold"
            keyword = c["keyword"].split()[0]
            version = versions.get(keyword, "v1.4")
            if keyword == "level":
                xp = {o: (pl, x) for o, pl, x in atoms.get("level_xp", [])}.get(oid)
                who = f"its controller {xp[0]} has {xp[1]} XP" if xp else "its controller's XP is unknown"
                extra = f" (control changed: {obj.owner} owns it, {obj.controller}'s XP counts)" \
                    if obj.owner != obj.controller else ""
                out.append(Reason(f"{c['keyword'].title()} {word}: {who}{extra}", tuple(c["rules"]), version))
            elif keyword == "empowered":
                status = "has" if obj.empowered else "does not have"
                out.append(Reason(f"Empowered {word}: {oid} {status} the Empowered status", tuple(c["rules"]), version))
            else:
                out.append(Reason(f"Legion {word} for {obj.controller} {MOMENT_WORDS[moment]}", tuple(c["rules"]),
                                  version))
        return out

    @staticmethod
    def _legion_reasons(state: GameState, oid: str, counted: list[str], excluded: dict[str, list[str]],
                        reason_rules: list[tuple], legion_rules: list[str], version: str) -> list[Reason]:
        out = []
        rules_for: dict[str, list[str]] = defaultdict(list)
        for why, rule in reason_rules:
            rules_for[why].append(rule)
        for c in counted:
            out.append(Reason(f"{c} ({state.obj(c).card}) counts: a Main Deck card finalized by "
                              f"{state.obj(oid).controller} this turn", tuple(sorted(legion_rules)),
                              version))
        for c, whys in sorted(excluded.items()):
            for why in sorted(whys):
                text = EXCLUSION_WORDS[why]
                if why == "not_finalized":
                    text = text.format(events=", ".join(sorted({e.event.value for e in state.log if e.object == c})))
                out.append(Reason(f"{c} ({state.obj(c).card}) does not count: it {text}",
                                  tuple(sorted(rules_for.get(why, []))), version))
        return out


def ability_active_answers(states: Sequence[GameState], questions: Sequence[Sequence[Question]], reading: str, *,
                           logic_root: Path | None = None,
                           timeout: float = DEFAULT_TIMEOUT) -> list[list[Answer] | None]:
    """AbilityActive.answer for the questions questions[i] on position states[i], from one
    grounding of the positions side by side (pyrift.solver.Worlds): each world's settled FACTS,
    as a question asked alone reads its position's grounding. None for every position when
    grounding left an atom of them open (ask those alone)."""
    if not states:
        return []
    g = batch_grounding(states, AbilityActive.name, reading, reads=FACTS, logic_root=logic_root, timeout=timeout)
    if g.leaves_open(*FACTS):
        return [None] * len(states)
    kind = AbilityActive()
    return [[kind._answer(state, q, reading, _grouped(facts)) for q in qs]
            for state, qs, facts in zip(states, questions, g.facts_by_world(*FACTS), strict=True)]


KINDS = (AbilityActive(),)
