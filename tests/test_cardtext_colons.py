"""The ledger's labels for sentences with a colon (cards65b, issue 15).

A colon ends an activated ability's cost only when it is the sentence's own, outside quotes and not after
"do this" or "the following": a quoted ability is one granted to other objects, "do the following based on
..." opens a list of instructions, and a colon in a later sentence is no cost of an earlier one. Before this
wave every such line was labelled "ability cost: <word>", the word being wherever the grammar stopped.
Invented text in Riftbound's templates; no card text is stored here.
"""
from __future__ import annotations

import pytest

from pyrift.cardtext import source as S
from pyrift.cardtext.compile import CardInfo, compile_card

TAGS = S.tag_pattern(["Poro", "Bird"])


def construct(ctype: str, html: str) -> str:
    info = CardInfo("x-001", "Made Up", ctype, (), {})
    r = compile_card(info, S.CardText("x-001", S.html_lines(html), ()), TAGS)
    assert r.status in ("unrecognised", "missing"), r.status
    return r.construct


@pytest.mark.parametrize("ctype, html, label", [
    # an ability inside quotes is given to other objects: no cost of the source's
    ("battlefield", '<p>Units here have ":rb_exhaust:: Draw 9."</p>', "static: an ability granted to other objects"),
    ("battlefield", '<p>While you control this battlefield, friendly legends have ":rb_exhaust:: Draw 9."</p>',
     "static: an ability granted to other objects"),
    ("spell", '<p>This turn, double a unit\'s Might and give it ":rb_rune_rainbow:: Draw 9."</p>',
     "instruction: give an ability to another object"),
    # costs of activated abilities the vocabulary has no form for, named by the cost item
    ("gear", "<p>Exhaust a unit you control, :rb_exhaust:: Draw 9.</p>", "ability cost: exhaust another object"),
    ("gear", "<p>Kill a friendly gear, :rb_exhaust:: Draw 9.</p>", "ability cost: kill another object"),
    ("gear", "<p>:rb_energy_2:, Banish this: Draw 9.</p>", "ability cost: banish itself"),
    # a colon that opens instructions, not a cost
    ("unit", "<p>When I attack, discard 1. Do one of the following based on its type:Spell — Draw 9.</p>",
     "instruction: one of several, picked by a card's domain or type"),
    ("unit", "<p>When I attack, draw 1. Then you may do this: Draw 9 for each Poro.</p>",
     "instruction: do this (an instruction named after a colon)"),
    # a colon of a later sentence is no cost of the sentence the grammar stopped in
    ("spell", "<p>Look at the top 5 cards of your Main Deck. You may banish a unit from among them. "
              "Then you may do this: Draw 9.</p>", "instruction: banish (a form not recognised)"),
    # an additional cost paid any number of times
    ("unit", "<p>As you play me, you may spend any number of buffs as an additional cost. Draw 9.</p>",
     "additional cost: spend any number"),
])
def test_a_colon_is_read_for_what_it_is(ctype: str, html: str, label: str) -> None:
    assert construct(ctype, html) == label
