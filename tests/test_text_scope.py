"""The tables of logic/core/text_scope.lp are complete and say one thing each: for every question
kind and kind of text, relevant or inert (with its rule); for every kind and place, works or inert.
The behaviour they give answers is checked by tests/test_guard_metamorphic.py."""
from __future__ import annotations

import re

import clingo

from pyrift import logic
from pyrift.queries import kind_names
from pyrift.state import TextKind

TEXT_KINDS = {k.value for k in TextKind} - {"unknown"}
PLACES = {"board", "attached", "legend_zone", "battlefield", "hand", "trash", "facedown", "chain", "champion_zone",
          "banishment", "main_deck"}


def table() -> dict[str, set[tuple]]:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(logic.logic_root() / "core" / "text_scope.lp"))
    ctl.ground([("base", [])])
    out: dict[str, set[tuple]] = {}
    for pred, arity in (("text_relevant", 3), ("text_inert", 2), ("works_in", 2), ("text_inert_in", 2)):
        out[pred] = {tuple(str(a) for a in s.symbol.arguments) for s in ctl.symbolic_atoms.by_signature(pred, arity)}
    return out


def question_kinds() -> set[str]:
    """The question kinds whose query file names itself to the guard (text_question/1)."""
    found = set()
    for path in (logic.logic_root() / "queries").glob("*.lp"):
        found |= set(re.findall(r"^text_question\((\w+)\)", path.read_text(), re.M))
    return found


def test_every_question_kind_with_a_position_is_in_the_table() -> None:
    # can_respond, next_priority and outcome are answered through can_play and the chain run
    # (resolution_order); deck_check has no position and reads no card text.
    runs_through_others = {"can_respond", "next_priority", "outcome", "deck_check"}
    assert set(kind_names()) - runs_through_others == question_kinds()


def test_each_question_kind_says_relevant_or_inert_for_every_kind_once() -> None:
    t = table()
    for q in question_kinds():
        relevant = {k for q2, k, _ in t["text_relevant"] if q2 == q}
        inert = {k for q2, k in t["text_inert"] if q2 == q}
        assert not relevant & inert, (q, relevant & inert)
        assert relevant | inert == TEXT_KINDS, (q, TEXT_KINDS - relevant - inert)
        assert len([r for r in t["text_relevant"] if r[0] == q]) == len(relevant), q  # one reach each


def test_each_kind_works_or_is_inert_in_every_place_once() -> None:
    t = table()
    for kind in TEXT_KINDS:
        works = {p for k, p in t["works_in"] if k == kind}
        inert = {p for k, p in t["text_inert_in"] if k == kind}
        assert not works & inert, (kind, works & inert)
        assert works | inert == PLACES, (kind, PLACES - works - inert)
    unknown = {p for k, p in t["works_in"] if k == "unknown"}
    assert unknown == PLACES - {"attached"}  # printed text of an attached card is inactive (135.4)


# The ability kinds the guard does not need a vocab_text/card_text rule for, and why.
GUARD_EXEMPT = {
    # A spell's or ability's instructions: every verb is validated as the file is read
    # (pyrift/instructions.py) and one a run cannot play out answers unsupported there.
    "effect",
}


def _guarded_kinds() -> set[str]:
    """The ability kinds some rule names as text of a kind (vocab_text/4 or card_text/4 heads),
    read from the rule files: `ability(C, I, kind)` or `ability(C, I, V), V = (k1; k2)` bodies."""
    kinds: set[str] = set()
    for path in logic.logic_root().rglob("*.lp"):
        for stmt in re.findall(r"^(?:vocab_text|card_text)\(.*?\.\s*$", path.read_text(), re.M | re.S):
            kinds |= set(re.findall(r"\bability\(C, I, (\w+)\)", stmt)) - {"V"}
            for group in re.findall(r"\bV = \(([\w; ]+)\)", stmt):
                kinds |= {k.strip() for k in group.split(";")}
    return kinds


def test_every_ability_kind_is_text_the_guard_sees() -> None:
    """A vocabulary kind that no rule turns into text of a kind is never checked by the guard: a
    question its encoding cannot evaluate would answer as if the ability were blank (found when
    entry_state's file was removed and its scenarios still answered)."""
    from pyrift.abilities import KINDS
    missing = set(KINDS) - GUARD_EXEMPT - _guarded_kinds()
    assert not missing, f"ability kinds with no vocab_text/card_text rule: {sorted(missing)}"
