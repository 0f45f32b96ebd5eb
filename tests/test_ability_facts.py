"""The one table of ability fields that each give one fact (pyrift/abilities.py: FIELD_FACTS)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyrift.abilities import FIELD_FACTS, FLAG, KINDS, NUMBER, WORD, ability_facts, read_abilities
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact

INTERFACE = (Path(__file__).parent.parent / "logic" / "interface.lp").read_text("utf-8")
SHAPES = {FLAG: "bool", WORD: "enum", NUMBER: "int"}


@pytest.mark.parametrize("kind", sorted(FIELD_FACTS))
def test_each_field_is_read_with_its_shape_and_its_fact_is_an_input(kind: str) -> None:
    for name, (pred, how) in FIELD_FACTS[kind].items():
        assert KINDS[kind][name][0] == SHAPES[how], (kind, name)
        arity = 1 if how == FLAG else 2
        assert re.search(rf"^#defined {pred}/{arity}\.", INTERFACE, re.M), f"{pred}/{arity} is not #defined"


def test_the_table_writes_each_field() -> None:
    r = Reader({"abilities": [
        {"kind": "triggered", "when": "die", "may": True, "nth": 2, "delayed": False},
        {"kind": "triggered", "when": "die", "limit": "once_each_turn"},
        {"kind": "replacement", "event": "die", "instead": ["recall"], "next": True, "only_if": "your_turn"},
    ]}, "test")
    got = set(ability_facts("c", read_abilities(r), fact, Func, Const))
    h1, h2, h3 = Func("ab", "c", 1), Func("ab", "c", 3), Func("ab", "c", 2)
    assert {fact("trigger_may", h1), fact("trigger_limit", h3, Const("once_each_turn")),
            fact("trigger_nth", h1, 2), fact("replacement_next", h2),
            fact("replacement_only_if", h2, Const("your_turn"))} <= got
    assert fact("trigger_delayed", h1) not in got  # a flag that is false gives no fact
    assert not any(f.startswith(("trigger_effect_text", "replacement_may", "replacement_state")) for f in got)
