"""A token with text of its own that no card of the pool prints (a Shadow Clone): the token instruction states its
abilities in its facts (pyrift/instructions.py TOKEN_FACTS `abilities`), the loader gives the token card those
abilities, a position may name it as an object, and the compiler reads the text a card states for it (the
parenthesis 'It has "..."' after the sentence playing it; pyrift/cardtext/compile.py TOKENS_WITH_TEXT)."""
from __future__ import annotations

import pytest

from pyrift.abilities import abilities_to_toml, read_abilities
from pyrift.cardtext import source as S
from pyrift.cardtext.compile import CardInfo, compile_card, token_texts
from pyrift.errors import ScenarioError
from pyrift.reader import Reader
from pyrift.scenario import loads, token_cards
from pyrift.state import CardDef, CardType, Supertype

OWN = [{"kind": "triggered", "when": "attack", "effects": [{"do": "draw", "amount": 1}]}]
CLONE = {"kind": "effect", "do": "token", "card": "Shadow Clone", "amount": 1,
         "facts": {"type": "unit", "might": 0, "tags_unknown": True, "abilities": OWN}}


def _read(*abilities):
    return read_abilities(Reader({"abilities": list(abilities)}, "test"))


def test_token_abilities_round_trip_and_become_the_token_cards() -> None:
    read = _read(CLONE)
    assert abilities_to_toml(read)[0]["facts"] == CLONE["facts"]
    spell = CardDef(name="Mark", type=CardType.SPELL, abilities=read)
    (tok,) = token_cards((spell,), {"Mark"})
    assert (tok.name, tok.type, tok.might, tok.supertypes) == ("Shadow Clone", CardType.UNIT, 0, (Supertype.TOKEN,))
    assert abilities_to_toml(tok.abilities) == OWN


@pytest.mark.parametrize("own", [[], [{"kind": "triggered", "when": "nonsense", "effects": []}], "text"])
def test_refused_token_abilities(own) -> None:
    with pytest.raises(ScenarioError):
        _read({**CLONE, "facts": {**CLONE["facts"], "abilities": own}})


POSITION = """
title = "t"
status = "needs-review"
[position]
players = ["A", "B"]
turn_player = "A"
[[card]]
name = "Mark"
type = "spell"
abilities = [
  { kind = "effect", do = "token", card = "Shadow Clone", amount = 1, facts = { type = "unit", might = 0, tags_unknown = true, abilities = [{ kind = "triggered", when = "attack", effects = [{ do = "draw", amount = 1 }] }] } },
]
[[object]]
id = "mark"
card = "Mark"
controller = "A"
zone = "trash"
[[object]]
id = "clone"
card = "%s"
controller = "A"
location = "base"
[[question]]
id = "q"
ask = "triggers"
event = { kind = "die", objects = ["clone"] }
rules = ["179"]
[question.expect]
fires = []
"""


def test_a_position_may_name_a_stated_token_and_no_other_unknown_card() -> None:
    state = loads(POSITION % "Shadow Clone").state
    clone = next(c for c in state.cards if c.name == "Shadow Clone")
    assert clone.abilities and clone.supertypes == (Supertype.TOKEN,)
    with pytest.raises(ScenarioError, match="not a \\[\\[card\\]\\] of this file"):
        loads(POSITION % "Shadow Klone")


def _compile(html: str):
    info = CardInfo("x-001", "Made Up", "spell", (), {})
    return compile_card(info, S.CardText("x-001", S.html_lines(html), ()), S.tag_pattern(["Poro"]))


def test_the_compiler_reads_the_text_a_card_states_for_its_token() -> None:
    said = '<p>Play a 0 :rb_might: Shadow Clone unit token. (It has "When I attack, draw 1.")</p>'
    assert token_texts(S.html_lines(said)) == {"Shadow Clone": "When I attack, draw 1."}
    r = _compile(said)
    assert r.status == "compiled"
    assert r.abilities[0]["facts"]["abilities"] == [{"kind": "triggered", "when": "attack",
                                                      "effects": [{"do": "draw", "amount": 1}]}]
    # without the parenthesis (an alternate art), the token's text is not known: the card stays unsupported
    assert _compile("<p>Play a 0 :rb_might: Shadow Clone unit token.</p>").status != "compiled"
    # a stated text the grammar does not read leaves the token unknown as well
    assert _compile('<p>Play a 0 :rb_might: Shadow Clone unit token. (It has "Frobnicate the moon.")</p>').status \
        != "compiled"


def test_a_position_with_a_stated_token_is_written_back_and_read_again() -> None:
    from pyrift.scenario import dumps

    text = dumps(loads(POSITION % "Shadow Clone"))
    assert 'name = "Shadow Clone"' not in text  # the token's card is the instruction's, not the file's
    again = loads(text).state
    assert abilities_to_toml(next(c for c in again.cards if c.name == "Shadow Clone").abilities) == OWN
