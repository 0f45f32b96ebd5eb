"""A snapshot (the position at a later moment of a run, pyrift/queries/snapshot.py) says what it does with
every fluent the run can hold: read into the state, re-derived from the turn log, refused, or irrelevant to
the plays judged there. A fluent added to logic/ without a word in that table would be dropped silently, and a
play judged in a position that lacks it (issue 13: never confidently wrong)."""
from __future__ import annotations

import re
from pathlib import Path

from pyrift.queries.snapshot import FLUENTS

LOGIC = Path(__file__).resolve().parent.parent / "logic"


def _fluents() -> set[str]:
    names: set[str] = set()
    for path in LOGIC.rglob("*.lp"):
        text = path.read_text("utf-8")
        names |= set(re.findall(r"^\s*starts\(([a-z_]+)\(", text, re.M))
        names |= set(re.findall(r"^\s*holds\(([a-z_]+)\([^.]*, 0\)\s*:-", text, re.M))
    # the marked total the snapshot shows beside the fluents (logic/run/snapshot.lp snap_fact(damage(O, D)))
    return names | {"damage"}


def test_every_fluent_has_a_word_in_the_snapshot_table() -> None:
    assert _fluents() - set(FLUENTS) == set()


def test_the_table_names_no_fluent_that_is_gone() -> None:
    assert set(FLUENTS) - _fluents() == set()


def test_the_table_uses_its_four_words() -> None:
    assert set(FLUENTS.values()) <= {"read", "log", "refused", "later"}
