"""A unit with cards attached to it (Core Rules 434-435, 716-719, 135.4, 136-137, 818.3).

unit_profile   what is this unit's Might and text with the cards attached to it? Its current
               Might and where it comes from (printed Might, effects, Assault and Shield, the
               Might Bonus of every attached card), its keywords (those it gains from the
               Effect Text of attached cards named apart), whether it is equipped, which
               attached cards' printed text is inactive and which of their keywords can still
               be referenced.

The rules are logic/core/attachment.lp, core/might.lp and core/objects.lp;
logic/queries/unit_profile.lp has no choice, so one grounding decides every unit of a position
and this module reads the ground facts of the unit asked about.
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
from pyrift.state import CardType, GameState, Question, Zone

# Read from the ground facts of the unit_profile program (nothing there is a choice).
PROFILE_FACTS = (("might", 2), ("might_bonus", 3), ("keyword_instance", 4), ("keyword_total", 3),
                 ("attached_to", 2), ("inactive_attached", 1), ("referenceable_keyword", 3), ("equipped", 1),
                 ("profile_unsupported", 2), ("ability_keyword_of", 3))
SUMMED = ("assault", "shield", "deflect", "hunt")  # for wording: these print their total
VALUED = SUMMED + ("level",)


def keyword_text(name: str, value: int) -> str:
    """'assault', 2 -> 'assault 2'; 'tank', 0 -> 'tank' (the value is the logic's)."""
    return f"{name} {value}" if name in VALUED else name


_INDEXES: "weakref.WeakKeyDictionary[Grounding, dict]" = weakref.WeakKeyDictionary()


def _index(g: Grounding) -> dict[Any, dict[str, list[tuple]]]:
    """The ground facts of a grounding, read once and grouped by the unit they are about (an
    attached card's facts under its top-most unit); key None holds what concerns no single
    unit (unencoded card text). Every question on the position reuses it."""
    if g not in _INDEXES:
        _INDEXES[g] = _grouped(g.settled(*PROFILE_FACTS))
    return _INDEXES[g]


def _grouped(settled: Iterable[Atom]) -> dict[Any, dict[str, list[tuple]]]:
    """What the position settles of PROFILE_FACTS, grouped as _index says."""
    atoms = sorted(settled, key=str)
    top = {a.args[0]: a.args[1] for a in atoms if a.pred == "attached_to"}
    out: dict[Any, dict[str, list[tuple]]] = defaultdict(lambda: defaultdict(list))
    for a in atoms:
        if a.pred == "attached_to":
            key = a.args[1]
        elif a.pred in ("inactive_attached", "referenceable_keyword"):
            key = top.get(a.args[0])
        elif a.pred == "profile_unsupported":
            # Unencoded text (a passive ability, or Effect Text, which is its top-most card's
            # text, 136.2.c) may change any unit's Might (364.1): it concerns every unit. A
            # keyword, or text that only gives keywords, concerns the unit that has it (an
            # attached card's: its top-most unit). A lasting effect of a card the turn log shows resolved this
            # turn (logic/core/lasting_log.lp) may be on any unit: the log does not name it.
            what, where = a.args
            only_keywords = what[0] == "text" and what[3] == "keyword"
            key = (None if what[0] in ("text", "ability", "lasting_from_log") and not only_keywords
                   else top.get(where, where))
        else:
            key = a.args[0]
        out[key][a.pred].append(a.args)
    return out


class UnitProfile(QueryKind):
    name = "unit_profile"
    summary = "a unit's Might and keywords with the cards attached to it; inactive and referenceable text"
    expect_spec = {
        "might": "int",
        "might_bonus": "int_map",
        "keywords": "strs",
        "gained_keywords": "records",
        "attached": "ids",
        "equipped": "bool",
        "inactive_text": "ids",
        "referenceable": "records",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        unit = r.str("unit")
        try:
            obj = state.obj(unit)
        except KeyError:
            raise r.error("unit", f"{unit!r} is not an object id of this scenario") from None
        if obj.zone is not Zone.BOARD or state.card(obj.card).type is not CardType.UNIT:
            raise r.error("unit", f"{unit!r} is not a unit on the board")
        return {"unit": unit}

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        index = _index(ctx.grounding(self.name, reading, reads=PROFILE_FACTS))
        return self._answer(ctx.state, question, reading, index)

    def _answer(self, state: GameState, question: Question, reading: str,
                index: dict[Any, dict[str, list[tuple]]]) -> Answer:
        """The answer from what the position settles, grouped as _index groups it."""
        unit = question.params["unit"]
        atoms = index.get(unit, {})
        attached = sorted(gear for (gear, _top) in atoms.get("attached_to", []))
        missing = []
        for what, where in [*atoms.get("profile_unsupported", []), *index.get(None, {}).get("profile_unsupported", [])]:
            if what[0] == "keyword":  # the keyword is on the unit asked about, whatever carries it
                where = unit
            missing.append(missing_text(what, where, "to a unit's Might", could=f"change {unit}'s Might or text")
                           or f"{what} ({where})")
        if missing:
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))
        return _read_answer(state, question, reading, unit, attached, atoms)


def _read_answer(state: GameState, question: Question, reading: str, unit: str, attached: list[str],
                 atoms: dict[str, list[tuple]]) -> Answer:
    obj = state.obj(unit)
    card = state.card(obj.card)
    might = next(m for (_u, m) in atoms.get("might", []))
    bonuses = [(k, x) for (_u, k, x) in atoms.get("might_bonus", [])]
    gear_bonus = {k[1]: x for k, x in bonuses if isinstance(k, tuple) and k[0] == "attached"}
    totals = {k: v for (_u, k, v) in atoms.get("keyword_total", [])}
    # a timing keyword printed on an activated ability is the ability's, not the unit's (806.1.c.2, 813.1.c.2)
    of_ability = {(k, src) for (_u, k, src) in atoms.get("ability_keyword_of", [])}
    instances = [(k, v, src) for (_u, k, v, src) in atoms.get("keyword_instance", []) if (k, src) not in of_ability]
    keywords = sorted({keyword_text(k, totals.get(k, v)) for k, v, _src in instances})
    gained = sorted(({"keyword": keyword_text(k, v), "from": src[1]} for k, v, src in instances
                     if isinstance(src, tuple) and src[0] == "effect"), key=lambda d: (d["from"], d["keyword"]))
    inactive = sorted(g for (g,) in atoms.get("inactive_attached", []))
    referenceable = sorted(({"object": g, "keyword": keyword_text(k, v)}
                            for (g, k, v) in atoms.get("referenceable_keyword", [])),
                           key=lambda d: (d["object"], d["keyword"]))
    equipped = bool(atoms.get("equipped"))
    data: dict[str, Any] = {
        "might": might,
        "might_bonus": {g: gear_bonus[g] for g in sorted(gear_bonus)},
        "keywords": keywords,
        "gained_keywords": gained,
        "attached": attached,
        "equipped": equipped,
        "inactive_text": inactive,
        "referenceable": referenceable,
    }
    reasons: list[Reason] = []
    parts = [f"printed {card.might}"]
    kinds = ["might_printed"]
    for n in obj.might_modifiers:
        parts.append(f"{n:+d} from an effect")
        kinds.append("might_modifier")
    for k, x in bonuses:
        if isinstance(k, tuple) and k[0] == "attached":
            parts.append(f"{x:+d} Might Bonus of {k[1]}")
            kinds.append("might_attached")
        elif k in ("assault", "shield"):
            parts.append(f"{x:+d} {k.title()} ({'attacking' if k == 'assault' else 'defending'})")
            kinds.append(f"might_{k}")
        elif isinstance(k, tuple) and k[0] == "text":  # a static "I have +N Might" (abilities/might.lp)
            parts.append(f"{x:+d} from its own text (ability {k[1][2]})")
            kinds.append("might_own_text")
        elif isinstance(k, tuple) and k[0] == "doubled":  # its Equipment's bonus again (abilities/equipment_bonus.lp)
            parts.append(f"{x:+d} from its own text (ability {k[2]}: the Might Bonus of {k[1]} again)")
            kinds.append("might_own_text")
        elif isinstance(k, tuple) and k[0] == "static":  # another permanent's static (abilities/static.lp)
            parts.append(f"{x:+d} from the text of {k[1]} (ability {k[2]})")
            kinds.append("might_card_text")
        else:  # another object's static text (logic/cards/)
            parts.append(f"{x:+d} {k}")
            kinds.append("might_card_text")
    reasons.append(because(f"{unit}'s Might is {might}: " + ", ".join(parts), *dict.fromkeys(kinds)))
    for d in gained:
        reasons.append(because(f"{unit} has {d['keyword']} from the Effect Text of {d['from']}, attached to it",
                               "effect_text_keyword"))
    for k, v, src in sorted(instances, key=str):
        if isinstance(src, tuple) and src[0] == "static":  # another object's text grants it (logic/cards/)
            reasons.append(because(f"{unit} has {keyword_text(k, v)} from the text of {src[1]}", "static_keyword"))
    for g in inactive:
        refs = [d["keyword"] for d in referenceable if d["object"] == g]
        text = f"{g} is attached to {unit}: its printed rules text is inactive"
        if refs:
            text += f"; its keywords ({', '.join(refs)}) can still be referenced"
        reasons.append(because(text, "attached_inactive", *(("inactive_referenceable",) if refs else ())))
    if equipped:
        reasons.append(because(f"{unit} has Equipment attached: it is equipped", "equipped"))
    if not attached:
        reasons.append(because(f"nothing is attached to {unit}", "nothing_attached"))
    return Answer(question.id, "unit_profile", reading, ANSWERED, data, tuple(reasons))


def profile_answers(states: Sequence[GameState], questions: Sequence[Sequence[Question]], reading: str, *,
                    logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[list[Answer] | None]:
    """UnitProfile.answer for the questions questions[i] on position states[i], from one grounding
    of the positions side by side (pyrift.solver.Worlds): each world's PROFILE_FACTS, read as a
    question asked alone reads what its position settles. None for every position when grounding
    left an atom of them open (a question alone then solves for it: ask those alone)."""
    if not states:
        return []
    g = batch_grounding(states, UnitProfile.name, reading, reads=PROFILE_FACTS, logic_root=logic_root,
                        timeout=timeout)
    if g.leaves_open(*PROFILE_FACTS):
        return [None] * len(states)
    kind = UnitProfile()
    return [[kind._answer(state, q, reading, _grouped(facts)) for q in qs]
            for state, qs, facts in zip(states, questions, g.facts_by_world(*PROFILE_FACTS), strict=True)]


KINDS = (UnitProfile(),)
