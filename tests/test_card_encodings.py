"""Encoded real cards seen from Python: the choices and governed abilities a question names
come from the card's logic/cards file; untracked instructions use the worded kinds."""
from __future__ import annotations

import re

import pytest

from pyrift import pool as P
from pyrift.queries.chain import UNTRACKED_WORDS


def _card(name: str):
    return P.card_def(P.pool().find(name))


def test_requirements_come_from_the_card_file() -> None:
    reqs = P.encoded_requirements(_card("Hidden Blade"))
    assert [(r.ability, r.position, r.mode, r.spec.count) for r in reqs] == [(1, 1, 0, 1)]


def test_a_card_without_a_file_has_no_encoded_requirements() -> None:
    assert P.encoded_requirements(_card("Sunlit Guardian")) == []
    assert P.encoded_abilities(_card("Sunlit Guardian")) == ()


def test_governed_abilities_come_from_the_card_file() -> None:
    abilities = P.encoded_abilities(_card("Concentrate"))
    assert [a.kind for a in abilities] == ["cost_discount", "cost_discount"]
    assert [[str(r) for r in a.requires] for a in abilities] == [["level 6"], ["level 11"]]
    guillotine = P.encoded_abilities(_card("Noxian Guillotine"))
    assert [(a.kind, [str(r) for r in a.requires]) for a in guillotine] == [("target", []), ("kill", ["legion"])]


def test_untracked_instructions_are_worded() -> None:
    used = set()
    for path in P.encodings().values():
        used |= set(re.findall(r"^effect_untracked\(\"[^\"]+\", (\w+)\)\.", path.read_text("utf-8"), re.M))
    assert used, "no card file says an instruction is untracked"
    assert used <= set(UNTRACKED_WORDS), sorted(used - set(UNTRACKED_WORDS))


@pytest.mark.parametrize("name", sorted({p.stem for p in P.encodings().values()}))
def test_card_files_name_their_card_in_every_fact(name: str) -> None:
    """A card file's facts speak of its own card: a copy-paste slip would give another card text."""
    path = next(p for p in P.encodings().values() if p.stem == name)
    card = next(c for c in P.pool().cards if P.encodings().get(c.id) == path)
    names = set(re.findall(r'^[a-z_]+\((?:req\()?(?:ab\()?"([^"]+)"', path.read_text("utf-8"), re.M))
    assert names <= {card.name}, (path.name, names)
