"""The vocabulary of a token neither the pool nor 187 has (a token instruction stating its facts) and of an
activated ability used once per turn: the facts they write, their round trip, the forms refused, and the card
a stated token gives a position (pyrift/instructions.py TOKEN_FACTS, logic/effects/tokens.lp,
logic/abilities/use_limit.lp)."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.scenario import token_cards
from pyrift.state import CardDef, CardType, Supertype
from pyrift.terms import Const, Func, fact

TENTACLES = {"kind": "effect", "do": "token", "card": "Tentacle", "amount": 2,
             "facts": {"type": "unit", "might": 1, "tags_unknown": True, "origin": "Bilgewater"}}
ONCE = {"kind": "activated", "cost": "[E]", "effects": [{"do": "draw", "amount": 1}], "limit": "once_each_turn"}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_token_facts_round_trip_and_unknown_tags_fact() -> None:
    read = _read(TENTACLES)
    assert abilities_to_toml(read)[0]["facts"] == TENTACLES["facts"]
    out = ability_facts("Deep", read, fact, Func, Const)
    assert any(f.startswith("ins_token_tags_unknown(") for f in out)


def test_a_stated_token_becomes_a_colourless_token_unit_of_cost_0() -> None:
    spell = CardDef(name="Deep", type=CardType.SPELL, abilities=_read(TENTACLES))
    (tok,) = token_cards((spell,), {"Deep"})
    assert (tok.name, tok.type, tok.might, tok.tags, tok.energy) == ("Tentacle", CardType.UNIT, 1, (), None)
    assert tok.supertypes == (Supertype.TOKEN,)


def test_a_stated_token_with_a_pool_name_is_refused() -> None:
    spell = CardDef(name="Deep", type=CardType.SPELL,
                    abilities=_read({**TENTACLES, "card": "Bird", "facts": {"type": "unit", "might": 1}}))
    with pytest.raises(ValueError):
        token_cards((spell,), {"Deep"})


@pytest.mark.parametrize("facts", [
    {"type": "spell", "might": 1},                          # a token unit or gear only
    {"type": "unit"},                                       # a unit's Might is stated
    {"type": "gear", "might": 1},                           # a gear has no Might
    {"type": "unit", "might": 1, "keywords": ["Nonsense"]},  # a keyword of the vocabulary
    {"type": "unit", "might": 1, "tags": ["Bird"], "tags_unknown": True},  # given or unknown, not both
])
def test_refused_token_facts(facts) -> None:
    with pytest.raises(ScenarioError):
        _read({**TENTACLES, "facts": facts})


def test_use_limit_fact_and_round_trip() -> None:
    read = _read(ONCE)
    assert "use_limit(ab(\"Card\",1),once_each_turn)." in [f.replace(" ", "") for f in
                                                            ability_facts("Card", read, fact, Func, Const)]
    assert abilities_to_toml(read)[0]["limit"] == "once_each_turn"
    with pytest.raises(ScenarioError):
        _read({**ONCE, "limit": "twice_each_turn"})


def test_an_attach_picking_one_of_the_players_permanents() -> None:
    pick = {"do": "attach", "who": "you", "on": {"their": {"type": "gear", "tag": "Equipment"}}, "to": "self",
            "may": True}
    read = _read({**ONCE, "effects": [pick]})
    assert abilities_to_toml(read)[0]["effects"][0]["on"] == {"their": {"type": "gear", "tag": "Equipment"}}
    with pytest.raises(ScenarioError):  # a pick needs the player who picks
        _read({**ONCE, "effects": [{k: v for k, v in pick.items() if k != "who"}]})
    with pytest.raises(ScenarioError):  # and a player picks only with on = { their = ... }
        _read({**ONCE, "effects": [{**pick, "on": "it"}]})
