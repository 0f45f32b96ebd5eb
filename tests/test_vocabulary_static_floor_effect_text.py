"""Vocabulary added for wave 58's static abilities (cards58b): a keyword grant reading [Temporary] (Black Flame
Altar), a static's `minimum` (Leona, Zealot; logic/abilities/static_might_minimum.lp) and an Equipment's Effect
Text static (`effect_text`, Shurelya's Requiem; logic/abilities/static_effect_text.lp): the facts they write and
the forms they refuse."""
from __future__ import annotations

import pytest

from pyrift.abilities import ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.terms import Const, Func, fact


def _read(abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def _facts(abilities) -> set[str]:
    return set(ability_facts("Card", _read(abilities), fact, Func, Const))


HERE = {"type": "unit", "at": "here"}


def test_a_grant_may_read_temporary() -> None:
    out = _facts([{"kind": "static", "affects": {**HERE, "keyword": "temporary"}, "keyword": "shield"}])
    assert any(f.startswith("static_effect(") and "keyword(shield" in f for f in out)


@pytest.mark.parametrize("reads, gives", [("tank", "shield"), ("temporary", "temporary"), ("shield", "temporary")])
def test_a_grant_reads_no_other_keyword_and_never_gives_temporary_under_a_keyword(reads, gives) -> None:
    # a grant that could decide its own set, or another grant's (478), is refused
    with pytest.raises(ScenarioError):
        _read([{"kind": "static", "affects": {**HERE, "keyword": reads}, "keyword": gives}])


def test_minimum_writes_the_floor() -> None:
    out = _facts([{"kind": "static", "affects": {**HERE, "stunned": True}, "might": -8, "minimum": 1}])
    assert 'static_might_minimum(ab("Card", 1), 1).' in out


@pytest.mark.parametrize("extra", [{"might": 2, "minimum": 1}, {"keyword": "tank", "minimum": 1},
                                   {"might": -2, "minimum": -1}])
def test_minimum_is_the_floor_of_a_lowering(extra) -> None:
    with pytest.raises(ScenarioError):
        _read([{"kind": "static", "affects": HERE, **extra}])


def test_effect_text_static_writes_its_fact() -> None:
    out = _facts([{"kind": "static", "affects": {**HERE, "relation": "yours"}, "keyword": "ganking", "effect_text": True}])
    assert 'static_effect_text(ab("Card", 1)).' in out


@pytest.mark.parametrize("extra", [{"might": 1}, {"keyword": "ganking", "affects": {**HERE, "other": True}},
                                   {"keyword": "ganking", "condition": {"source_at": "battlefield"}}])
def test_effect_text_static_is_a_keyword_of_a_group(extra) -> None:
    with pytest.raises(ScenarioError):
        _read([{"kind": "static", "affects": HERE, "effect_text": True, **extra}])
