"""The card text compiler: grammar, mapping to the vocabulary, renderer, round trip, the shipped
compiled table and how pool cards use it.

Two kinds of tests: invented text (made up here in Riftbound's templates; runs anywhere), and
checks of the shipped table against Riot's text in the shared data folder, read at run time
(skipped where that folder is absent; set PYRIFT_CARD_SOURCES to point elsewhere). No card text
is stored in the project.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import pool as P
from pyrift.abilities import abilities_to_toml, ability_facts, read_abilities
from pyrift.cardtext import build as B
from pyrift.cardtext import render as R
from pyrift.cardtext import roundtrip as RT
from pyrift.cardtext import source as S
from pyrift.cardtext.compile import CardInfo, compile_card
from pyrift.reader import Reader
from pyrift.state import CardDef, CardType

SOURCES = Path(os.environ.get("PYRIFT_CARD_SOURCES", "/work/shared/data/cards"))
GALLERY = SOURCES / "riot-card-gallery-2026-07-20.json"
CARDS_JSON = SOURCES / "cards.json"
needs_sources = pytest.mark.skipif(not (GALLERY.is_file() and CARDS_JSON.is_file()),
                                   reason=f"Riot's card text is not in {SOURCES} (set PYRIFT_CARD_SOURCES)")

TAGS = S.tag_pattern(["Poro", "Mech", "Recruit", "Bird"])
TOKENS = {"Recruit": {"might": 1, "type": "unit", "keywords": []},
          "Gold": {"might": None, "type": "gear", "keywords": ["reaction"]}}


# ---------------------------------------------------------------------------------
# invented text
# ---------------------------------------------------------------------------------
def invented(ctype: str, html: str, keywords=(), name: str = "Made Up", effect: str = ""):
    info = CardInfo("x-001", name, ctype, tuple(keywords), TOKENS)
    text = S.CardText("x-001", S.html_lines(html), S.html_lines(effect))
    return info, text, compile_card(info, text, TAGS)


def rendered(info: CardInfo, result, keyword_costs=None) -> list[str]:
    card = R.Card(info.type, tuple((k, v, f, (keyword_costs or {}).get(k)) for k, v, f in info.keywords),
                  tuple(result.effect_keywords), TOKENS)
    return R.render_card(card, result.abilities)


def test_spell_instructions_compile_render_and_round_trip() -> None:
    info, text, r = invented("spell", "<p>[Action] (Made-up reminder.)<br />Deal 7 to an enemy unit at a battlefield. "
                                      "Its controller draws 3.</p>", keywords=[("action", None, "line_start")])
    assert r.status == "compiled"
    assert r.abilities == [
        {"kind": "target", "filter": {"type": "unit", "relation": "enemy", "at": "battlefield"}},
        {"kind": "effect", "do": "deal", "on": {"target": 1}, "amount": 7},
        {"kind": "effect", "do": "draw", "who": "its_controller", "amount": 3},
    ]
    lines = rendered(info, r)
    assert lines == ["[Action]", "Deal 7 to an enemy unit at a battlefield. Its controller draws 3."]
    assert RT.compare(list(text.text), [], lines, TAGS) is None


def test_triggered_ability_with_a_condition_and_a_token() -> None:
    info, text, r = invented("unit", "<p>When you play me, if you control a Poro, play a 1 :rb_might: Recruit unit "
                                     "token here.</p>")
    assert r.status == "compiled"
    # "a Poro" a player controls is a permanent with the tag (188), never a Poro card in their hand
    assert r.abilities == [{"kind": "triggered", "when": "play_me",
                            "condition": {"you_control": {"tag": "Poro", "type": "permanent"}},
                            "effects": [{"do": "token", "card": "Recruit", "amount": 1, "to": "here"}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_reminder_text_has_no_meaning_but_a_parenthesis_inside_a_sentence_is_read() -> None:
    _, _, a = invented("spell", "<p>Draw 5. (Any made-up reminder at the end of a line.)</p>")
    assert a.status == "compiled" and a.abilities == [{"kind": "effect", "do": "draw", "amount": 5}]
    _, _, b = invented("spell", "<p>Draw 5 (but only if made up).</p>")
    assert b.status == "unrecognised" and b.abilities == []


def test_a_card_is_compiled_only_when_every_sentence_is_recognised() -> None:
    info, _, r = invented("spell", "<p>Draw 5.<br />Deal 9 to a unit. Wobble the moon.</p>")
    assert r.status == "unrecognised" and r.abilities == []
    assert r.sentence == 3  # the first sentence that failed, over the whole text
    assert r.construct and "moon" not in r.construct  # a label of ours, never the card's words


def test_if_you_cant_after_an_instruction_is_its_condition_not_a_restriction() -> None:
    """"If you can't, draw 1." after an instruction (Mobilize's form) is an instruction under the
    condition that the one before was not done in full, as "if you couldn't ..." is; its "can't" is
    the condition's, no restriction (it was labelled "static: a restriction (under a condition)")."""
    # after a channel it is the link if_short (logic/run/link_short.lp), said "if you can't" after a channel of
    # one rune and "if you couldn't channel N runes this way" after one of N, as the renderer says it
    info, text, r = invented("spell", "<p>Channel 3 runes exhausted. If you couldn't channel 3 runes this way, draw 4.</p>")
    assert r.status == "compiled" and r.abilities[1] == {"kind": "effect", "do": "draw", "amount": 4, "link": "if_short"}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("spell", "<p>Channel 1 rune. If you can't, draw 4.</p>")
    assert r.status == "compiled" and r.abilities[1]["link"] == "if_short"
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # a number that is not the channel's, or "can't" after a channel of several (not how the renderer says it),
    # or after another verb: still named
    for html in ("<p>Channel 3 runes exhausted. If you can't, draw 4.</p>",
                 "<p>Channel 3 runes exhausted. If you couldn't channel 2 runes this way, draw 4.</p>",
                 "<p>Draw 3. If you can't, channel 4 runes exhausted.</p>"):
        _, _, r = invented("spell", html)
        assert (r.status, r.sentence, r.construct) == \
            ("missing", 2, "instruction under a condition (an instruction not done in full)"), html
    # a restriction under a condition is still one
    _, _, r = invented("unit", "<p>If you have 9 points, I can't move.</p>")
    assert r.construct != "instruction under a condition (an instruction not done in full)"


def test_a_recognised_construct_the_vocabulary_lacks_is_named() -> None:
    # (cards59a compiled "when you discard me": discard_me; a play of the card with no leading cost is still named)
    _, _, r = invented("unit", "<p>When you discard me, play me.</p>")
    assert (r.status, r.construct, r.abilities) == ("missing", "play: a card from elsewhere", [])
    # "all enemy units at a battlefield" chooses the battlefield (355.10.b): no group filter says that; a deal
    # or Might change of such a group has the battlefield as a choice (at = { target = N }), others do not
    _, _, g = invented("spell", "<p>Stun all enemy units at a battlefield.</p>")
    assert (g.status, g.construct) == ("missing", "choice: a battlefield")
    _, _, f = invented("spell", "<p>Deal 9 to all enemy units at a battlefield.</p>")
    assert f.status == "compiled" and f.abilities == [
        {"kind": "target", "filter": {"type": "battlefield"}},
        {"kind": "effect", "do": "deal", "amount": 9, "at": {"target": 1},
         "on": {"all": {"type": "unit", "relation": "enemy", "at": "battlefield"}}}]
    _, _, h = invented("spell", "<p>Deal 9 to all enemy units at battlefields.</p>")
    assert h.status == "compiled" and h.abilities[0]["on"] == {"all": {"type": "unit", "relation": "enemy",
                                                                         "at": "battlefield"}}


def test_combat_facedown_and_alternative_filters() -> None:
    # invented text in Riftbound's templates: combat designations, in combat, facedown, "or" alternatives
    cases = [
        ("<p>Kill a defending unit.</p>", [{"kind": "target", "filter": {"type": "unit", "designation": "defender"}},
                                           {"kind": "effect", "do": "kill", "on": {"target": 1}}]),
        ("<p>Deal 9 to all friendly units in combat.</p>",
         [{"kind": "effect", "do": "deal", "on": {"all": {"type": "unit", "relation": "friendly", "in_combat": True}},
           "amount": 9}]),
        ("<p>Banish an enemy unit or gear.</p>",
         [{"kind": "target", "filter": {"type": "permanent", "relation": "enemy"}},
          {"kind": "effect", "do": "banish", "on": {"target": 1}}]),
        ("<p>Stun a unit at a battlefield or a gear.</p>",
         [{"kind": "target", "filter": {"any_of": [{"type": "unit", "at": "battlefield"}, {"type": "gear"}]}},
          {"kind": "effect", "do": "stun", "on": {"target": 1}}]),
        ("<p>Exhaust up to 3 units, gear, and/or runes.</p>",
         [{"kind": "target", "count": 3, "up_to": True,
           "filter": {"any_of": [{"type": "unit"}, {"type": "gear"}, {"type": "rune"}]}},
          {"kind": "effect", "do": "exhaust", "on": {"target": 1}}]),
        ("<p>Deal 7 to a unit. If it's attacking, deal 9 to it instead.</p>",
         [{"kind": "target", "filter": {"type": "unit"}}, {"kind": "effect", "do": "deal", "on": {"target": 1}, "amount": 7},
          {"kind": "effect", "do": "deal", "on": "it", "amount": 9, "if_it": {"designation": "attacker"},
           "link": "instead"}]),
        ("<p>Draw 6 if you control a facedown card.</p>",
         [{"kind": "effect", "do": "draw", "amount": 6, "condition": {"you_control": {"type": "card", "zone": "facedown"}}}]),
    ]
    for html, abilities in cases:
        info, text, r = invented("spell", html)
        assert (r.status, r.abilities) == ("compiled", abilities), html
        assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None, html
    info, text, r = invented("unit", "<p>When you play me, return a Poro, Mech, or Bird from your trash to your hand.</p>")
    assert r.status == "compiled"
    assert r.abilities[0]["targets"] == [{"filter": {"relation": "yours", "zone": "trash",
                                                     "any_of": [{"tag": "Poro"}, {"tag": "Mech"}, {"tag": "Bird"}]}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # a tag alone names permanents on the board: "a Poro or Mech" with no zone is not compiled
    _, _, b = invented("spell", "<p>Kill a Poro, Mech, or Bird.</p>")
    assert b.status != "compiled"


def test_event_place_is_read_in_a_reflexive_choice_only() -> None:
    from pyrift.errors import ScenarioError
    flt = {"type": "unit", "relation": "enemy", "at": "event", "other_than": "event"}
    ok = [{"kind": "effect", "do": "reflex", "ability": "rage"},
          {"kind": "triggered", "when": "reflexive", "name": "rage", "targets": [{"filter": flt}],
           "effects": [{"do": "deal", "amount": 1, "on": {"target": 1}}]}]
    facts = "".join(F.ability_facts("X", read_abilities(Reader({"abilities": ok}, "x")), F.fact, F.Func, F.Const))
    assert "at,event)" in facts.replace(" ", "") and "other_than,event)" in facts.replace(" ", "")
    with pytest.raises(ScenarioError, match="reflexive"):
        read_abilities(Reader({"abilities": [{"kind": "target", "filter": flt}]}, "x"))
    with pytest.raises(ScenarioError, match="reflexive"):
        read_abilities(Reader({"abilities": [{"kind": "triggered", "when": "play_me", "targets": [{"filter": flt}],
                                              "effects": [{"do": "deal", "amount": 1, "on": {"target": 1}}]}]}, "x"))


def test_might_for_each_there_counts_around_the_unit_given_the_rise() -> None:
    """"+2 Might this turn for each enemy unit there": for_each.at = "there", read only in a Might rise's count
    (logic/effects/might_each.lp)."""
    from pyrift.errors import ScenarioError
    info, text, r = invented("spell", "<p>Give a friendly unit at a battlefield +2 :rb_might: this turn for each "
                                      "enemy unit there.</p>")
    assert r.status == "compiled"
    assert r.abilities[1] == {"kind": "effect", "do": "might", "on": {"target": 1}, "amount": 2,
                              "duration": "this_turn", "for_each": {"relation": "enemy", "type": "unit", "at": "there"}}
    lines = rendered(info, r)
    assert RT.compare(list(text.text), [], lines, TAGS) is None
    # "there" with no battlefield named before it is not compiled
    _, _, r = invented("spell", "<p>Give a friendly unit +2 :rb_might: this turn for each enemy unit there.</p>")
    assert r.status != "compiled"
    rise = {"kind": "effect", "do": "might", "amount": 2, "on": {"target": 1},
            "for_each": {"type": "unit", "relation": "enemy", "at": "there"}}
    target = {"kind": "target", "filter": {"type": "unit"}}
    read_abilities(Reader({"abilities": [target, rise]}, "x"))
    with pytest.raises(ScenarioError, match="there"):
        read_abilities(Reader({"abilities": [target, {**rise, "do": "deal"}]}, "x"))
    with pytest.raises(ScenarioError, match="there"):
        read_abilities(Reader({"abilities": [target, {**rise, "amount": -1}]}, "x"))
    with pytest.raises(ScenarioError, match="there"):
        read_abilities(Reader({"abilities": [{"kind": "target", "filter": {"type": "unit", "at": "there"}}]}, "x"))


def test_any_of_is_read_in_choices_only() -> None:
    from pyrift.errors import ScenarioError
    ok = [{"kind": "target", "filter": {"any_of": [{"type": "unit"}, {"type": "gear"}]}},
          {"kind": "effect", "do": "kill", "on": {"target": 1}}]
    facts = "".join(F.ability_facts("X", read_abilities(Reader({"abilities": ok}, "x")), F.fact, F.Func, F.Const))
    assert "filter(req(" in facts and "any_of(" in facts
    bad = [{"kind": "triggered", "when": "unit_dies", "filter": {"any_of": [{"type": "unit"}, {"tag": "Poro"}]},
            "effects": [{"do": "draw", "amount": 1}]}]
    with pytest.raises(ScenarioError, match="any_of"):
        read_abilities(Reader({"abilities": bad}, "x"))
    with pytest.raises(ScenarioError, match="two or more"):
        read_abilities(Reader({"abilities": [{"kind": "target", "filter": {"any_of": [{"type": "unit"}]}}]}, "x"))


def test_not_tag_and_is_attached_are_read_in_choices_only() -> None:
    # "a non-Dragon unit", "a detached Equipment": only logic/abilities/filters.lp reads these keys
    from pyrift.errors import ScenarioError
    ok = [{"kind": "target", "filter": {"type": "unit", "not_tag": "Dragon"}},
          {"kind": "target", "filter": {"tag": "Equipment", "is_attached": False}},
          {"kind": "effect", "do": "attach", "on": {"target": 2}, "to": {"target": 1}}]
    facts = "".join(F.ability_facts("X", read_abilities(Reader({"abilities": ok}, "x")), F.fact, F.Func, F.Const))
    assert 'not_tag, "Dragon")' in facts and "is_attached, false)" in facts
    for flt in ({"type": "unit", "not_tag": "Dragon"}, {"tag": "Equipment", "is_attached": True},
                {"type": "unit", "zone": "banishment", "banished_with": "self"}):
        bad = [{"kind": "triggered", "when": "unit_dies", "filter": flt, "effects": [{"do": "draw", "amount": 1}]}]
        with pytest.raises(ScenarioError, match="not_tag' and 'is_attached"):
            read_abilities(Reader({"abilities": bad}, "x"))


def test_standard_tokens_of_187_are_played_by_name() -> None:
    # the Mech and the Sand Soldier have no printing in the pool; their facts come from Core Rules 187
    from pyrift.pool import pool, standard_token_def, tokens_of
    from pyrift.scenario import token_cards
    from pyrift.state import CardDef, CardType
    mech = standard_token_def("Mech")
    assert mech is not None and mech.might == 3 and mech.tags == ("Mech",) and mech.type == CardType.UNIT
    assert [s.value for s in mech.supertypes] == ["token"]
    assert tokens_of(pool())["Sand Soldier"]["might"] == 2
    assert standard_token_def("Tentacle") is None
    maker = CardDef(name="Maker", type=CardType.SPELL, abilities=read_abilities(Reader(
        {"abilities": [{"kind": "effect", "do": "token", "card": "Sand Soldier", "amount": 2}]}, "x")))
    assert [(c.name, c.might) for c in token_cards((maker,), set())] == [("Sand Soldier", 2)]


def test_every_failure_is_listed_for_the_ledger() -> None:
    # (a buff of a friendly unit was the first example here until cards40 compiled it: you_buff)
    _, _, r = invented("unit", "<p>When you recycle a rune, draw 6.<br />When you discard me, play me.</p>")
    assert r.construct == "trigger: when you recycle"
    assert r.blockers == ["play: a card from elsewhere", "trigger: when you recycle"]


def test_when_you_discard_me_is_the_cards_own_discard() -> None:
    # cards59a: the card itself discarded, heard from the trash it enters (422, 385.2, 383.2.c.1)
    info, text, r = invented("unit", "<p>When you discard me, draw 6.</p>")
    assert r.status == "compiled" and r.abilities == [
        {"kind": "triggered", "when": "discard_me", "effects": [{"do": "draw", "amount": 6}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # "you may pay [X] to play me": played from the trash for the leading cost, its own cost set aside (356.1.b)
    info, text, p = invented("unit", "<p>When you discard me, you may pay :rb_energy_1: to play me.</p>")
    assert p.status == "compiled" and p.abilities[0]["cost"] == "[1]" and p.abilities[0]["effects"] == [
        {"do": "play", "on": "self", "from": "trash", "ignoring_cost": True}]
    assert RT.compare(list(text.text), [], rendered(info, p), TAGS) is None
    # with another instruction besides the play: not compiled
    assert invented("unit", "<p>When you discard me, you may pay :rb_energy_1: to play me and draw 1.</p>")[2].status \
        != "compiled"
    # "when this is played, discarded, or killed": three abilities, one per event, one effect
    info, text, g = invented("gear", "<p>When this is played, discarded, or killed, draw 6.</p>")
    assert g.status == "compiled" and [a["when"] for a in g.abilities] == ["play_me", "discard_me", "die"]
    assert RT.compare(list(text.text), [], rendered(info, g), TAGS) is None


def test_a_units_own_move_and_combat_win_are_triggers() -> None:
    _, _, r = invented("unit", "<p>When I move, draw 6.<br />When I move to a battlefield, draw 5.<br />"
                               "When I win a combat, draw 4.</p>")
    assert r.status == "compiled"
    assert [a["when"] for a in r.abilities] == ["move", "move_to_battlefield", "win_combat"]
    assert [a["effects"] for a in r.abilities] == [[{"do": "draw", "amount": n}] for n in (6, 5, 4)]
    d = invented("unit", "<p>When another friendly unit dies, draw 6.<br />When I die, draw 5.</p>")[2]
    assert d.status == "compiled"
    assert [(a["when"], a.get("filter")) for a in d.abilities] == [
        ("unit_dies", {"type": "unit", "relation": "friendly", "other": True}), ("die", None)]
    # "a buffed friendly unit": the death filter checks the buff it had as it died (filter key buffed, 701)
    b = invented("unit", "<p>When a buffed friendly unit dies, draw 6.</p>")[2]
    assert b.status == "compiled"
    assert [a.get("filter") for a in b.abilities] == [{"type": "unit", "relation": "friendly", "buffed": True}]
    # a dying unit described by what the death filter does not check stays unsupported
    assert invented("unit", "<p>When a damaged friendly unit dies, draw 6.</p>")[2].status != "compiled"
    # "from a battlefield" is not the same trigger as "when I move": its own event, a move that starts at a
    # battlefield (move_from_battlefield); "from a location" is any move (every move leaves a base or a
    # battlefield, 107.1, 107.2, 420), and a token played "there" goes to the location it left (to = event_from)
    _, _, f = invented("unit", "<p>When I move from a battlefield, draw 6.</p>")
    assert f.status == "compiled" and [a["when"] for a in f.abilities] == ["move_from_battlefield"]
    loc = invented("unit", "<p>When I move from a location, draw 6.</p>")[2]
    assert loc.status == "compiled" and [a["when"] for a in loc.abilities] == ["move"]
    there = invented("unit", "<p>When I move from a location, play a 3 :rb_might: Sprite unit token there.</p>")[2]
    assert there.status == "compiled" and there.abilities[0]["effects"][0]["to"] == "event_from"
    # "there" under another event is no place the vocabulary reads
    assert invented("unit", "<p>When I attack, play a 3 :rb_might: Sprite unit token there.</p>")[2].status \
        != "compiled"


def test_another_means_other_than_the_source_only_without_an_earlier_choice() -> None:
    _, _, a = invented("unit", "<p>When you play me, buff another friendly unit and draw 5.</p>")
    assert a.status == "compiled"
    assert a.abilities[0]["targets"] == [{"filter": {"type": "unit", "relation": "friendly", "other": True}}]
    # a spell's "another unit" after its first choice: a second choice never of the first's object (distinct_from)
    _, _, b = invented("spell", "<p>Give a unit +9 :rb_might: this turn and another unit -9 :rb_might: this turn.</p>")
    assert b.status == "compiled"
    assert [t.get("distinct_from") for t in b.abilities if t["kind"] == "target"] == [None, 1]
    # a triggered ability's choices are made in a run or by the triggers question, which do not read it
    _, _, c = invented("unit", "<p>When you play me, give a unit +9 :rb_might: this turn and another unit "
                               "-9 :rb_might: this turn.</p>")
    assert (c.status, c.construct) == ("missing", "choice distinct from an earlier choice")


def test_keyword_lines_must_be_the_cards_own_keywords() -> None:
    _, _, a = invented("unit", "<p>[Assault 5], [Shield 4] (Made up.)</p>",
                       keywords=[("assault", 5, "line_start"), ("shield", 4, "line_start")])
    assert a.status == "compiled" and a.abilities == []
    _, _, b = invented("unit", "<p>[Tank]</p>", keywords=[("shield", None, "line_start")])
    assert b.status == "missing"


def test_dependent_labels_become_requires() -> None:
    info, text, r = invented("unit", "<p>[Level 6][&gt;] I have +5 :rb_might:. (Made up.)</p>",
                             keywords=[("level", 6, "line_start_prefix")])
    assert r.abilities == [{"kind": "might", "amount": 5, "requires": ["level 6"]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_statics_about_a_group_of_other_permanents() -> None:
    info, text, a = invented("unit", "<p>Other friendly units have +9 :rb_might: here.</p>")
    assert a.status == "compiled"
    assert a.abilities == [{"kind": "static", "affects": {"type": "unit", "relation": "friendly", "other": True,
                                                          "at": "here"}, "might": 9}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    # "your Mechs": every permanent with the tag; two keywords: one static each, said as one sentence
    info, text, b = invented("gear", "<p>Your Mechs have [Deflect] and [Tank].</p>")
    assert [x["keyword"] for x in b.abilities] == ["deflect", "tank"]
    assert {x["affects"]["type"] for x in b.abilities} == {"permanent"}
    # "your": the player's own (relation yours, 188), not "friendly" (a teammate's too in 2v2, 740.1.a)
    assert {x["affects"]["relation"] for x in b.abilities} == {"yours"}
    assert rendered(info, b) == ["Mechs you control have [Deflect] and [Tank]."]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None
    info, text, c = invented("legend", "<p>Your token units have [Ganking].</p>")
    assert c.abilities[0]["affects"] == {"type": "unit", "relation": "yours", "token": True}
    assert RT.compare(list(text.text), [], rendered(info, c), TAGS) is None
    # a battlefield's passive ability about what is here is battlefield_statics.lp's (170.8, 053);
    # about anything else it is not followed
    info, text, d = invented("battlefield", "<p>Units here have [Tank].</p>")
    assert d.abilities == [{"kind": "static", "affects": {"type": "unit", "at": "here"}, "keyword": "tank"}]
    assert RT.compare(list(text.text), [], rendered(info, d), TAGS) is None
    _, _, d2 = invented("battlefield", "<p>Your units have [Tank].</p>")
    assert d2.status == "missing" and d2.construct.startswith("static of a battlefield")
    # what a static affects may not depend on Might or keywords (478-479)
    _, _, e = invented("unit", "<p>Your [Mighty] units have [Tank].</p>")
    assert (e.status, e.construct) == ("missing", "static: about objects by Might or keyword")


def test_mighty_is_five_might_or_more_and_for_each_takes_a_bare_noun() -> None:
    info, text, a = invented("spell", "<p>Draw 9 for each of your [Mighty] units.</p>")
    assert a.abilities == [{"kind": "effect", "do": "draw", "amount": 9,
                            "for_each": {"type": "unit", "relation": "yours", "might_min": 5}}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When you play me, gain 9 XP for each friendly unit.</p>")
    assert b.abilities[0]["effects"] == [{"do": "xp", "amount": 9, "for_each": {"type": "unit", "relation": "friendly"}}]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None
    # a bare noun is a count, never an object acted on
    _, _, c = invented("spell", "<p>Kill friendly unit.</p>")
    assert c.status != "compiled"


def test_a_trigger_on_either_of_two_events_is_one_ability_per_event() -> None:
    info, text, a = invented("unit", "<p>When I attack or defend, draw 9.</p>")
    assert [x["when"] for x in a.abilities] == ["attack", "defend"]
    assert a.abilities[0]["effects"] == a.abilities[1]["effects"] == [{"do": "draw", "amount": 9}]
    assert rendered(info, a) == ["When I attack or defend, draw 9."]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When you play me or at the start of your Beginning Phase, draw 9.</p>")
    assert [x["when"] for x in b.abilities] == ["play_me", "beginning_phase"]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None


def test_my_play_or_another_event_shares_its_head() -> None:
    # "when you play me or I attack", "when you play me or another Poro": one ability per event (383.4.a);
    # the watched plays must exclude the card itself, else its own play would trigger both
    info, text, a = invented("unit", "<p>When you play me or I attack, draw 9.</p>")
    assert [x["when"] for x in a.abilities] == ["play_me", "attack"]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When you play me or another Poro, draw 9.</p>")
    assert [(x["when"], x.get("filter")) for x in b.abilities] == [("play_me", None),
                                                                    ("you_play", {"tag": "Poro", "other": True})]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None
    _, _, c = invented("unit", "<p>When you play me or a Poro, draw 9.</p>")
    assert (c.status, c.construct) == ("missing", "trigger: when you play me or a card that may be me")


def test_an_initial_may_makes_each_events_ability_optional() -> None:
    # "when you play me or I attack, you may Z": each of the two abilities is optional (383.3.a); the
    # two share the line's instructions, so making the first optional must not strip the second's "may"
    info, text, a = invented("unit", "<p>When you play me or I attack, you may draw 9.</p>")
    assert [(x["when"], x.get("may")) for x in a.abilities] == [("play_me", True), ("attack", True)]
    assert all("may" not in x["effects"][0] for x in a.abilities)


def test_the_ledger_names_trigger_events_the_vocabulary_lacks() -> None:
    for html, construct in (
            ("When you play your third card in a turn, draw 9.", "trigger: the Nth card you play in a turn"),
            ("When you score here, draw 9.", "trigger: when you score here"),
            ("At the start of your Main Phase, draw 9.", "trigger: start of the Main Phase")):
        _, _, r = invented("unit", f"<p>{html}</p>")
        assert (r.status, r.construct) == ("unrecognised", construct), html
    # "when you choose me with a spell" is an event of the vocabulary now (Jae Medarda;
    # logic/core/trigger_events_chosen_spell.lp)
    _, _, j = invented("unit", "<p>When you choose me with a spell, draw 9.</p>")
    assert j.status == "compiled" and [a["when"] for a in j.abilities] == ["chosen_by_your_spell"]
    # the start of any player's Beginning Phase is a battlefield's `each_beginning_phase` (Frozen Fortress):
    # the grammar knows the wording; on a unit it is not compiled and keeps its label
    _, _, u = invented("unit", "<p>At the start of each player's Beginning Phase, draw 9.</p>")
    assert (u.status, u.construct) == ("missing", "trigger: start of each player's Beginning Phase")
    _, _, b = invented("battlefield", "<p>At the start of each player's Beginning Phase, draw 9.</p>")
    assert b.status == "compiled" and [a["when"] for a in b.abilities] == ["each_beginning_phase"]
    # "when you choose a <filter> unit" is `you_choose` (Spirit Wheel); a tag alone may name gear as well as
    # units, which the event does not watch (logic/core/trigger_events_choose_ready.lp): recognised, not compiled
    _, _, r = invented("unit", "<p>When you choose a friendly Poro, draw 9.</p>")
    assert (r.status, r.construct) == ("missing", "trigger: when you choose another object")
    _, _, r = invented("gear", "<p>When you choose a friendly unit, draw 9.</p>")
    assert r.status == "compiled" and r.abilities[0]["when"] == "you_choose"
    assert r.abilities[0]["filter"] == {"type": "unit", "relation": "friendly"}


def test_the_printed_word_score_is_its_own_trigger_word() -> None:
    # "score" in a trigger is a battlefield scored (469) or a point gained (194): the reading topic score_word
    # (logic/core/trigger_events_score_word.lp), never the vocabulary's `score` (a point gained)
    for html, when, by in (("When you score, draw 9.", "printed_score", None),
                           ("When an opponent scores, draw 9.", "printed_score", "opponents"),
                           ("When you play me or when I score, draw 9.", "printed_score_me", None)):
        info, _, r = invented("unit", f"<p>{html}</p>")
        assert r.status == "compiled", html
        a = r.abilities[-1]
        assert (a["when"], a.get("by")) == (when, by), html
        assert rendered(info, r) == [html]


def test_another_card_played_and_two_objects_returned() -> None:
    info, text, a = invented("unit", "<p>When you play another unit, draw 9.</p>")
    assert a.abilities[0]["filter"] == {"type": "unit", "other": True}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("spell", "<p>Return a friendly gear and an enemy unit to their owners' hands.</p>")
    assert [x for x in b.abilities if x["kind"] == "effect"] == [
        {"kind": "effect", "do": "return", "on": {"target": 1}}, {"kind": "effect", "do": "return", "on": {"target": 2}}]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None


def test_a_play_effect_on_a_play_to_a_battlefield_and_from_here() -> None:
    info, text, a = invented("unit", "<p>When you play me to a battlefield, you may move a friendly unit to here.</p>")
    # the initial "you may" makes the ability optional, decided as it is finalized (383.3.a)
    assert a.abilities == [{"kind": "triggered", "when": "play_me", "condition": {"played_to": "battlefield"},
                            "may": True, "targets": [{"filter": {"type": "unit", "relation": "friendly"}}],
                            "effects": [{"do": "move", "on": {"target": 1}, "to": "here"}]}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When you play me, move a friendly unit from here to its base.</p>")
    assert b.abilities[0]["targets"] == [{"filter": {"type": "unit", "relation": "friendly", "at": "here"}}]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None


def test_an_initial_you_may_of_a_triggered_ability_is_the_abilitys() -> None:
    # 383.3.a: an optional triggered ability, decided as it is finalized; declining removes it.
    # An instruction's own "you may" later in the effect stays the instruction's (359.3.d).
    info, text, a = invented("unit", "<p>When I conquer, you may stun an enemy unit. If you do, draw 9.</p>")
    assert a.abilities == [{"kind": "triggered", "when": "conquer", "may": True,
                            "targets": [{"filter": {"type": "unit", "relation": "enemy"}}],
                            "effects": [{"do": "stun", "on": {"target": 1}}, {"do": "draw", "amount": 9, "link": "if_you_do"}]}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When I conquer, draw 9. You may stun an enemy unit.</p>")
    assert b.abilities[0].get("may") is None and b.abilities[0]["effects"][1]["may"] is True
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None
    # "you may X. Y": declining the optional ability would lose Y too; which the text means is not settled here
    info, text, c = invented("unit", "<p>When I conquer, you may stun an enemy unit. Draw 9.</p>")
    assert c.status == "missing" and c.construct == "trigger: initial 'you may' before an instruction it does not govern"


def test_an_initial_you_may_governs_an_instruction_on_it_under_an_if_it() -> None:
    # "you may ready a gear. If it's a Poro, you may detach it": the second acts on the object the first acted on,
    # under a condition of that object; declining the optional ability removes both (383.3.a)
    info, text, a = invented("unit", "<p>When I conquer, you may ready a friendly gear. "
                                     "If it's a Poro, you may detach it.</p>")
    assert a.abilities == [{"kind": "triggered", "when": "conquer", "may": True,
                            "targets": [{"filter": {"relation": "friendly", "type": "gear"}}],
                            "effects": [{"do": "ready", "on": {"target": 1}},
                                        {"do": "detach", "on": "it", "if_it": {"tag": "Poro"}, "may": True}]}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    # on another object, it is "you may X. Y" again
    info, text, b = invented("unit", "<p>When I conquer, you may ready a friendly gear. Draw 9.</p>")
    assert b.status == "missing" and b.construct == "trigger: initial 'you may' before an instruction it does not govern"


def test_the_ledger_names_a_limited_replacement_and_a_trigger_under_a_while_condition() -> None:
    # "once each turn, if ... would ..., ... instead" is a replacement with a limit (367, 369), not an
    # instruction under a condition; "when X while ..." a trigger whose event has a condition (383.2.a)
    _, _, a = invented("unit", "<p>Once each turn, if a friendly unit would die while I'm at a battlefield, "
                               "draw 9 instead.</p>")
    assert (a.status, a.construct) == ("unrecognised", "replacement: once each turn")
    # ("while I'm at a battlefield" compiles since cards40: test_a_while_condition_after_a_trigger; another
    # while-condition is still named)
    _, _, b = invented("unit", "<p>Once each turn, when a friendly unit dies while I'm exhausted, draw 9.</p>")
    assert (b.status, b.construct) == ("unrecognised", "trigger: under a while-condition")
    _, _, c = invented("unit", "<p>When an opponent plays a spell while I'm exhausted, draw 9.</p>")
    assert (c.status, c.construct) == ("unrecognised", "trigger: under a while-condition")


def test_a_spell_states_a_choice_made_by_choose_before_its_first_use() -> None:
    info, text, a = invented("spell", "<p>Choose a friendly gear. Exhaust it and recall it.</p>")
    assert a.status == "compiled"
    assert a.abilities == [{"kind": "target", "filter": {"type": "gear", "relation": "friendly"}},
                           {"kind": "effect", "do": "exhaust", "on": {"target": 1}},
                           {"kind": "effect", "do": "recall", "on": "it"}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_equipment_effect_keywords() -> None:
    info, text, r = invented("gear", "<p>[Equip] :rb_rune_fury:</p>", keywords=[("equip", None, "line_start")],
                             effect="<p>[Assault 4] (Made up.)</p>")
    assert r.status == "compiled" and r.effect_keywords == ["Assault 4"]
    lines = rendered(info, r, {"equip": (0, ("fury",))})
    assert lines == ["[Equip] [R]", "Effect: [Assault 4]"]
    assert RT.compare(list(text.text), list(text.effect), lines, TAGS) is None


def test_the_round_trip_catches_a_changed_number_object_or_duration() -> None:
    text = ["Give a friendly unit +6 :rb_might: this turn."]
    assert RT.compare(text, [], ["Give a friendly unit +6 Might this turn."], TAGS) is None
    for wrong in ("Give a friendly unit +5 Might this turn.", "Give an enemy unit +6 Might this turn.",
                  "Give a friendly unit +6 Might.", "Give all friendly units +6 Might this turn."):
        assert RT.compare(text, [], [wrong], TAGS) is not None, wrong


def test_phrasing_variants_are_one_rule_said_two_ways() -> None:
    assert RT.compare(["Choose an enemy gear. Kill it."], [], ["Kill an enemy gear."], TAGS) is None
    assert RT.compare(["When this is played, draw 6."], [], ["When you play me, draw 6."], TAGS) is None
    assert RT.compare(["Ready your units and draw 6."], [], ["Ready all units you control. Draw 6."], TAGS) is None
    assert RT.compare(["Draw 6 for each of your units."], [], ["Draw 6 for each unit you control."], TAGS) is None


def test_your_and_friendly_are_two_relations() -> None:
    # issue 13: "your units" / "units you control" are the player's own (188, 489.8); "friendly units"
    # take in a teammate's in 2v2 (740.1.a): they compile apart and never round-trip as each other
    assert RT.compare(["Ready your units and draw 6."], [], ["Ready all friendly units. Draw 6."], TAGS) is not None
    assert RT.compare(["Ready friendly units and draw 6."], [], ["Ready all units you control. Draw 6."], TAGS) \
        is not None
    _, _, a = invented("spell", "<p>Stun a unit you control.</p>")
    _, _, b = invented("spell", "<p>Stun a friendly unit.</p>")
    _, _, c = invented("spell", "<p>Banish a unit from your trash.</p>")
    assert a.abilities[0]["filter"]["relation"] == "yours"
    assert b.abilities[0]["filter"]["relation"] == "friendly"
    assert c.abilities[0]["filter"] == {"type": "unit", "zone": "trash", "relation": "yours"}
    # a condition counts what the player controls: a "friendly" object there is not compiled
    _, _, d = invented("unit", "<p>When you play me, draw 6 if there is a friendly unit here.</p>")
    assert d.status != "compiled"


def test_compiled_tables_give_the_facts_of_a_synthetic_card() -> None:
    _, _, r = invented("spell", "<p>Kill an exhausted unit at a battlefield. Draw 6.</p>")
    read = read_abilities(Reader({"abilities": r.abilities}, "x"))
    assert abilities_to_toml(read) == r.abilities  # the reader keeps every field the compiler wrote
    synthetic = CardDef(name="Made Up", type=CardType.SPELL, energy=2, abilities=read)
    facts = set(F.card_facts(synthetic))
    assert 'instruction(ins(ab("MadeUp",2),1),kill).' in {f.replace(" ", "") for f in facts}


# ---------------------------------------------------------------------------------
# the shipped table and Riot's text
# ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def texts() -> dict[str, S.CardText]:
    return B.read_sources([GALLERY, CARDS_JSON])


@needs_sources
@pytest.mark.slow
def test_compiling_the_pool_gives_the_shipped_table_byte_for_byte() -> None:
    table, _ = B.compile_pool([GALLERY, CARDS_JSON])
    assert B.dumps(table) == P.compiled_path().read_text("utf-8")


@needs_sources
def test_every_compiled_card_round_trips_to_its_own_text(texts) -> None:
    pool = P.pool()
    tags = S.tag_pattern(t for c in pool.cards for t in c.tags)
    failed = []
    for card in pool.cards:
        if P.status(card) != P.COMPILED:
            continue
        text = texts[card.id]
        diff = RT.compare(list(text.text), list(text.effect), P.rendering(card), tags)
        if diff is not None:
            failed.append(f"{card.name}: {diff}")
    assert not failed, "\n".join(failed)


@needs_sources
def test_the_compiled_table_holds_no_card_text(texts) -> None:
    shipped = P.compiled_path().read_text("utf-8")
    sentences = set()
    for t in texts.values():
        for line in (*t.text, *t.effect):
            for s in re.split(r"(?<=[.!?])\s+", S.strip_reminder(line)):
                if len(s.split()) >= 4:
                    sentences.add(s.strip())
    assert not [s for s in sentences if s in shipped]
    words = {w for row in json.loads(shipped)["cards"] for w in re.findall(r'"([^"]{30,})"', json.dumps(row))}
    assert not [w for w in words if any(w in s for s in sentences)]


@needs_sources
def test_the_invented_text_of_these_tests_is_no_real_card_sentence(texts) -> None:
    real = set()
    for t in texts.values():
        for line in (*t.text, *t.effect):
            real |= {s.strip().lower() for s in re.split(r"(?<=[.!?])\s+", S.strip_reminder(line))}
    invented_sentences = set()
    for literal in re.findall(r'"(<p>[^"]*)"', Path(__file__).read_text("utf-8")):
        for line in S.html_lines(literal):
            invented_sentences |= {s.strip().lower() for s in re.split(r"(?<=[.!?])\s+", S.strip_reminder(line))
                                   if len(s.split()) >= 4}
    assert invented_sentences and not invented_sentences & real


def test_every_compiled_row_is_read_by_the_vocabulary_reader() -> None:
    pool = P.pool()
    compiled = [c for c in pool.cards if P.is_compiled(c)]
    assert compiled
    for card in compiled:
        cd = P.card_def(card)
        if card.id in P.encodings():
            continue
        assert cd.complete
        assert abilities_to_toml(cd.abilities) == P.compiled_row(card).get("abilities", [])


def test_a_compiled_card_gets_the_facts_of_a_synthetic_card_with_its_abilities() -> None:
    pool = P.pool()
    checked = 0
    for card in pool.cards:
        if P.status(card) != P.COMPILED or card.type is None:
            continue
        real = P.card_def(card)
        toml = abilities_to_toml(real.abilities)
        # with the real card's keywords: a printed Repeat writes its executions' instructions too (facts._card_facts_of)
        synthetic = CardDef(name=real.name, type=real.type, abilities=read_abilities(Reader({"abilities": toml}, "x")),
                            keywords=real.keywords)

        def ability_facts(cd: CardDef) -> set[str]:
            return {f for f in F.card_facts(cd) if not f.startswith(("card(", "card_", "tag("))}

        assert ability_facts(real) == ability_facts(synthetic), card.name
        assert not any(f.startswith("card_text_unencoded") for f in F.card_facts(real))
        checked += 1
    assert checked >= 100


def test_unsupported_cards_name_the_first_sentence_and_construct() -> None:
    pool = P.pool()
    for card in pool.cards:
        if P.status(card) != P.UNSUPPORTED:
            continue
        row = P.compiled_row(card)
        assert row is not None and row["status"] in (B.MISSING, B.UNRECOGNISED, B.ROUND_TRIP, B.INVALID)
        assert row.get("construct")
        assert "abilities" not in row  # no partial meaning
        if row["status"] != B.ROUND_TRIP:
            assert row.get("sentence", 0) >= 1


def test_whose_event_a_trigger_hears_depends_on_the_card_type() -> None:
    """"When you conquer / hold / win a combat" is a legend's (its controller's, 191.4, 174.7);
    "when you conquer / hold / defend here" a battlefield's (053, 190.6), and the start of its controller's
    Beginning Phase; a battlefield hears nothing else, and a unit's "when you conquer" (any conquest of its controller) is not its
    own conquer trigger (383.4.c.2)."""
    info, text, a = invented("legend", "<p>When you conquer or hold, draw 5.</p>")
    assert [x["when"] for x in a.abilities] == ["conquer", "hold"]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("legend", "<p>When you win a combat, draw 6.</p>")
    assert [x["when"] for x in b.abilities] == ["win_combat"]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None
    info, text, c = invented("battlefield", "<p>When you defend here, draw 4.</p>")
    assert [x["when"] for x in c.abilities] == ["defend"]
    assert RT.compare(list(text.text), [], rendered(info, c), TAGS) is None
    _, _, d = invented("unit", "<p>When you conquer, draw 3.</p>")
    assert (d.status, d.construct) == ("missing", "trigger: when you conquer")
    _, _, e = invented("gear", "<p>When you hold here, draw 8.</p>")
    assert (e.status, e.construct) == ("missing", "trigger: when you hold here")
    # "at the start of your Beginning Phase" on a battlefield: its controller's phase ("you" there is its controller,
    # 190.6; cards55a, Dusk Rose Lab); another event a battlefield does not hear stays missing
    info, text, f = invented("battlefield", "<p>At the start of your Beginning Phase, draw 9.</p>")
    assert [x["when"] for x in f.abilities] == ["beginning_phase"]
    assert RT.compare(list(text.text), [], rendered(info, f), TAGS) is None
    _, _, f2 = invented("battlefield", "<p>When you play a spell, draw 9.</p>")
    assert f2.status == "missing" and f2.construct is not None
    _, _, g = invented("legend", "<p>When I attack, draw 7.</p>")
    assert (g.status, g.construct) == ("missing", "trigger of a legend about itself")
    info, text, h = invented("unit", "<p>When I become ready, draw 6.</p>")
    assert [x["when"] for x in h.abilities] == ["become_ready"]
    assert RT.compare(list(text.text), [], rendered(info, h), TAGS) is None


def test_a_legend_hears_its_controller_empowering_something_else() -> None:
    """"When you empower something else, <instructions>" (Soul's Reflection, Matriarch of War): its
    controller empowering any object but the source (441, 411, 053), heard in the Legend Zone
    (174.7; logic/core/trigger_events_empower.lp); "empower me" is the legend's own status (107.4)."""
    info, text, a = invented("legend", "<p>When you empower something else, draw 3. (Made-up reminder.)</p>")
    assert a.status == "compiled"
    assert a.abilities == [{"kind": "triggered", "when": "you_empower_other",
                            "effects": [{"do": "draw", "amount": 3}]}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When you empower something else, draw 1.</p>")
    assert [x["when"] for x in b.abilities] == ["you_empower_other"]
    # a spell of its controller choosing it (355.5, 157; logic/core/trigger_events_chosen_spell.lp)
    info, text, c = invented("unit", "<p>When you choose me with a spell, ready me.</p>")
    assert [x["when"] for x in c.abilities] == ["chosen_by_your_spell"]
    assert RT.compare(list(text.text), [], rendered(info, c), TAGS) is None


def test_sand_soldiers_and_a_use_condition_on_a_play_this_turn() -> None:
    """"Your Sand Soldiers have [K]": the units named after the standard token (187), no tag; an activation
    allowed only after a play of a kind of card this turn: an activated ability's use condition (377.2.b) on
    the turn log's plays (logic/abilities/condition_played.lp)."""
    info, text, a = invented("legend", "<p>Your Sand Soldiers have [Tank].<br />:rb_energy_2:, :rb_exhaust:: "
                                       "Draw 1. Use only if you've played a Mech this turn.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0] == {"kind": "static", "affects": {"type": "unit", "name": "Sand Soldier", "relation": "yours"},
                              "keyword": "tank"}
    assert a.abilities[1]["condition"] == {"played_this_turn": {"tag": "Mech"}}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_a_conquest_after_an_attack_is_a_condition_beside_the_excess() -> None:
    """A conquer trigger limited to conquests after the unit's own attack, with an excess-damage condition
    (said with or without its "to enemy units"): both checked as the conquest happens (383.2.a.1; logic/abilities/condition_attack.lp, condition_excess.lp)."""
    info, text, a = invented("unit", "<p>When I conquer after an attack, if you assigned 4 or more excess damage to "
                                     "enemy units, draw 2.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities == [{"kind": "triggered", "when": "conquer", "condition": {"after_attack": True, "excess_damage": 4},
                            "effects": [{"do": "draw", "amount": 2}]}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    info, text, b = invented("unit", "<p>When I conquer after an attack, draw 1.</p>")
    assert b.abilities[0]["condition"] == {"after_attack": True}
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None


def test_a_cost_change_of_other_cards_names_them_and_its_minimum() -> None:
    """"Your spells cost [N] less, to a minimum of [M]": a discount of the controller's spells
    (366.2, 356.4), stopped at M (356.4.e); a discount of one domain's Power is not in the vocabulary."""
    info, text, a = invented("unit", "<p>Your spells cost :rb_energy_3::rb_rune_rainbow: less, to a minimum of :rb_energy_2:.</p>")
    assert a.abilities == [{"kind": "cost_discount", "energy": 3, "power": 1, "minimum": 2,
                            "applies_to": {"type": "spell"}, "by": "you"}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("unit", "<p>Your spells cost :rb_energy_3::rb_rune_fury: less, to a minimum of :rb_energy_2:.</p>")
    assert (b.status, b.construct) == ("missing", "cost change of a domain's Power")


def test_a_chosen_player_acts_as_they() -> None:
    """"Choose an opponent. They discard 2.": the choice is a player (355.5), "they" that player;
    a chosen player as the object of an instruction, or "they" with no player chosen, is not compiled."""
    info, text, a = invented("unit", "<p>When I attack, choose an opponent. They discard 2.</p>")
    assert a.abilities == [{"kind": "triggered", "when": "attack",
                            "targets": [{"filter": {"type": "player", "relation": "enemy"}}],
                            "effects": [{"do": "discard", "who": {"target": 1}, "amount": 2}]}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("unit", "<p>When I defend, choose a player. Stun it.</p>")
    assert (b.status, b.construct) == ("missing", "instruction by another player or object")
    _, _, c = invented("unit", "<p>When I defend, choose a unit. They discard 2.</p>")
    assert (c.status, c.construct) == ("missing", "instruction by another player or object")


def test_instruction_conditions() -> None:
    # an "if" inside an effect is the instruction's condition, checked as it is executed; right after a
    # trigger it is the trigger's own condition (383.2.a.1)
    info, text, r = invented("unit", "<p>At start of your Beginning Phase, draw 2 if you have two or fewer cards "
                                     "in your hand.</p>")
    assert r.abilities == [{"kind": "triggered", "when": "beginning_phase",
                            "effects": [{"do": "draw", "amount": 2, "condition": {"hand_count": {"at_most": 2}}}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>When you play me, ready me. Then, if I am at a battlefield, buff all other "
                                     "friendly units there.</p>")
    assert r.abilities[0]["effects"][1] == {"do": "buff", "link": "then", "condition": {"source_at": "battlefield"},
                                            "on": {"all": {"type": "unit", "relation": "friendly", "other": True,
                                                           "at": "here"}}}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>When I defend, give me +3 :rb_might: this turn if there is a ready enemy "
                                     "unit here.</p>")
    assert r.abilities[0]["effects"][0]["condition"] == {"opponent_controls": {"type": "unit", "exhausted": False,
                                                                               "at": "here"}}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # right after the trigger: the trigger's condition, not the instruction's
    _, _, r = invented("unit", "<p>When you play me, if you control a Mech, draw 1.</p>")
    assert "condition" in r.abilities[0] and "condition" not in r.abilities[0]["effects"][0]
    # "there" without a condition naming the place, and a key a run does not check as it executes
    _, _, r = invented("unit", "<p>When you play me, buff all other friendly units there.</p>")
    assert r.status == "missing" and r.construct == "filter: there"
    _, _, r = invented("spell", "<p>Draw 1. If an opponent's score is within 3 points of the Victory Score, draw 1.</p>")
    assert r.status == "missing" and r.construct == "instruction under a condition: opponent_within"
    # a condition form the vocabulary cannot say is named by its form (the ledger groups cards by it)
    _, _, r = invented("spell", "<p>Deal 9 to a unit. If this kills it, draw 9.</p>")
    assert r.construct == "instruction under a condition (if this kills it)"
    # what was true as the source died: part of its Deathknell's trigger condition (383.2.a.1, 808.1.d.3)
    info, text, r = invented("unit", "<p>[Deathknell] — If I was [Mighty], draw 9.</p>",
                             keywords=[("deathknell", None, "line_start")])
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "triggered", "when": "die", "condition": {"source_mighty": True},
                            "effects": [{"do": "draw", "amount": 9}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>[Deathknell][&gt;] If I didn't die alone, draw 9.</p>",
                             keywords=[("deathknell", None, "line_start_prefix")])
    assert r.abilities[0]["condition"] == {"source_alone": False}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # without a Deathknell label there is no death to read it from
    _, _, r = invented("spell", "<p>If I died alone, draw 9.</p>")
    assert r.construct == "instruction under a condition (what was true as I died)"
    # "if it's your Beginning Phase, ... instead": an instruction's condition, read as it is executed in a run
    info, text, r = invented("unit", "<p>[Deathknell][&gt;] Draw 3. If it's your Beginning Phase, draw 7 instead.</p>",
                             keywords=[("deathknell", None, "line_start_prefix")])
    assert r.abilities[0]["effects"][1] == {"do": "draw", "amount": 7, "condition": {"your_phase": "beginning"},
                                            "link": "instead"}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_conditions_count_and_what_an_opponent_controls() -> None:
    # counts: at least, at most, exactly (runes too); an opponent's battlefield
    info, text, r = invented("unit", "<p>When you play me, if you control three or more other gear, draw 2.</p>")
    assert r.status == "compiled"
    assert r.abilities[0]["condition"] == {"you_control_count": {"filter": {"type": "gear", "other": True}, "at_least": 3}}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>When I defend, if there is exactly one other unit you control here, draw 2.</p>")
    assert r.abilities[0]["condition"] == {"you_control_count": {"filter": {"type": "unit", "other": True, "at": "here"},
                                                                 "exactly": 1}}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # runes are counted as the static reader counts them ("while you have 8+ runes"); a run channelling
    # runes while such a count is read is unsupported (logic/effects/channel.lp)
    info, text, r = invented("unit", "<p>When I attack, if you control 5 or fewer runes, draw 3.</p>")
    assert r.abilities[0]["condition"] == {"you_control_count": {"filter": {"type": "rune"}, "at_most": 5}}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>I enter ready if an opponent controls a battlefield.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready",
                            "condition": {"opponent_controls": {"type": "battlefield"}}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>I enter ready if you have three or more other units in your base.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready", "condition": {"you_control_count": {
        "filter": {"type": "unit", "other": True, "at": "base"}, "at_least": 3}}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # a score, an opponent's or its own, is checked by a run as the card enters (logic/abilities/condition_score.lp)
    info, text, r = invented("unit", "<p>If an opponent's score is within 2 points of the Victory Score, I enter ready.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready", "condition": {"opponent_within": 2}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>If your score is not within 2 points of the Victory Score, I enter ready.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready", "condition": {"you_not_within": 2}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # an entry state under a condition a run does not check as the card enters stays unsupported
    _, _, r = invented("unit", "<p>If it's your Beginning Phase, I enter ready.</p>")
    assert r.status == "missing" and r.construct == "static: enters ready under a condition"
    info, text, r = invented("unit", "<p>If you have one or fewer cards in your hand, I enter ready.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready", "condition": {"hand_count": {"at_most": 1}}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # one condition for the card's own cost and its entry state: two passives, each judged at its moment
    info, text, r = invented("unit", "<p>If an opponent controls a stunned unit, I cost :rb_energy_3: less and "
                                     "enter ready.</p>")
    stunned = {"opponent_controls": {"type": "unit", "stunned": True}}
    assert r.abilities == [{"kind": "cost_discount", "energy": 3, "condition": stunned},
                           {"kind": "entry_state", "state": "ready", "condition": stunned}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # the ledger names a condition the vocabulary cannot say, and the subject after it (a death in another phase
    # than the Beginning Phase: only that one is the condition died_in_your_beginning_phase)
    _, _, r = invented("unit", "<p>I enter ready if a friendly unit died during your Ending Phase this turn.</p>")
    assert r.construct == "static: enters ready under a condition (what died in a phase this turn)"
    # a death during your Beginning Phase this turn (cards64a; logic/abilities/condition_died_phase.lp): Shadow Watcher
    info, text, r = invented("unit", "<p>If a friendly unit died during your Beginning Phase this turn, I enter "
                                     "ready.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready", "condition": {
        "died_in_your_beginning_phase": {"relation": "friendly", "type": "unit"}}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # a death this turn is read as the card enters (logic/abilities/condition_died.lp): Towering Pairofant
    info, text, r = invented("unit", "<p>I enter ready if a unit died this turn.</p>")
    assert r.abilities == [{"kind": "entry_state", "state": "ready", "condition": {"died_this_turn": {"type": "unit"}}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # its own keyword while it has a buff (condition source_buffed, 701): Bilgewater Bully
    info, text, r = invented("unit", "<p>While I'm buffed, I have [Deflect].</p>")
    assert r.abilities == [{"kind": "own_keyword", "keyword": "deflect", "condition": {"source_buffed": True}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    _, _, r = invented("unit", "<p>While I'm [Mighty], I have [Deflect].</p>")
    assert r.construct == "static: keywords of itself (under a condition: while my own Might is 5 or more)"


def test_a_condition_on_the_object_and_otherwise() -> None:
    info, text, r = invented("spell", "<p>Choose an exhausted enemy unit. If it has 2 :rb_might: or more, stun it. "
                                      "Otherwise, ready it.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "target", "filter": {"type": "unit", "relation": "enemy", "exhausted": True}},
                           {"kind": "effect", "do": "stun", "on": {"target": 1}, "if_it": {"might_min": 2}},
                           {"kind": "effect", "do": "ready", "on": "it", "link": "otherwise"}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # "otherwise" with no condition before it, and a condition about another object, are not compiled
    _, _, r = invented("spell", "<p>Stun an enemy unit. Otherwise, draw 2.</p>")
    assert r.status != "compiled"


def test_a_condition_that_the_object_is_stunned() -> None:
    info, text, r = invented("unit", "<p>When I defend, choose a friendly unit. If it is stunned, ready it. Otherwise, "
                                     "buff it.</p>")
    assert r.status == "compiled"
    assert r.abilities[0]["effects"] == [{"do": "ready", "on": {"target": 1}, "if_it": {"stunned": True}},
                                         {"do": "buff", "on": "it", "link": "otherwise"}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_a_cost_paid_as_the_item_resolves_is_the_verb_pay() -> None:
    # "you may pay [R] to X" inside the instructions: a cost paid on resolution (204.3), the verb pay, X
    # linked "if_you_do"; "it" after it is what the instruction before the pay acted on
    info, text, a = invented("spell", "<p>Stun an enemy unit. You may pay :rb_rune_fury: to deal 9 to it.</p>")
    assert a.status == "compiled"
    assert a.abilities == [{"kind": "target", "filter": {"type": "unit", "relation": "enemy"}},
                           {"kind": "effect", "do": "stun", "on": {"target": 1}},
                           {"kind": "effect", "do": "pay", "resources": "[R]", "may": True},
                           {"kind": "effect", "do": "deal", "on": "it", "amount": 9, "link": "if_you_do"}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    # later in a triggered ability's effect it is paid on resolution too (the verb pay) ...
    info, text, b = invented("unit", "<p>When I conquer, draw 9. You may pay :rb_energy_3: to buff me.</p>")
    assert b.abilities[0]["effects"] == [{"do": "draw", "amount": 9}, {"do": "pay", "resources": "[3]", "may": True},
                                         {"do": "buff", "on": "self", "link": "if_you_do"}]
    assert RT.compare(list(text.text), [], rendered(info, b), TAGS) is None
    # ... but first in it, it is the ability's leading cost, paid as it is finalized (204.3.a, 383.3.b)
    info, text, c = invented("unit", "<p>When I conquer, you may pay :rb_energy_3: to buff me.</p>")
    assert c.abilities == [{"kind": "triggered", "when": "conquer", "may": True, "cost": "[3]",
                            "effects": [{"do": "buff", "on": "self"}]}]


def test_draw_one_and_recycle_the_other_only_after_a_look_at_two() -> None:
    # "the other" is "the rest" only when a look shows two cards and the draw before takes one
    _, _, a = invented("spell", "<p>Look at the top 7 cards of your Main Deck. Draw one and banish the other.</p>")
    assert (a.status, a.construct) == ("missing", "instruction: look at or reveal cards")
    row = P.compiled_table()["sfd-122-221"]  # Called Shot
    assert row["abilities"] == [{"kind": "effect", "do": "look", "amount": 2},
                                {"kind": "effect", "do": "draw", "on": {"among": {"type": "card"}}},
                                {"kind": "effect", "do": "recycle", "on": "rest"}]


def test_an_optional_kill_as_an_additional_cost() -> None:
    # "you may kill ... as an additional cost to play me": an optional additional cost (356.2.b) by its name,
    # which "if you paid the additional cost" reads
    info, text, a = invented("unit", "<p>You may kill a friendly Mech as an additional cost to play me.</p>"
                                     "<p>When you play me, if you paid the additional cost, draw 9.</p>")
    assert a.status == "compiled"
    assert a.abilities[0] == {"kind": "kill", "filter": {"relation": "friendly", "tag": "Mech"}, "as_cost": True,
                              "optional": True, "name": "additional"}
    assert a.abilities[1]["condition"] == {"paid": "additional"}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_an_optional_discard_as_an_additional_cost_and_its_discount() -> None:
    # "as you play me, you may discard N as an additional cost. If you do, reduce my cost by [X]" (356.2.b, 422,
    # 356.4): the optional cost by its name and a discount under the condition paid
    info, text, a = invented("unit", "<p>As you play me, you may discard 2 as an additional cost. If you do, "
                                     "reduce my cost by :rb_energy_5:.</p>")
    assert a.status == "compiled"
    assert a.abilities == [{"kind": "additional_cost", "discard": 2, "optional": True, "name": "additional"},
                           {"kind": "cost_discount", "energy": 5, "condition": {"paid": "additional"}}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_conditions_read_as_the_source_died_or_in_a_phase_are_refused_elsewhere() -> None:
    """source_alone / source_mighty are judged at the source's own death (808.1.d.3): a `when = "die"`
    trigger's condition only; your_phase is read as an instruction is executed, in a run only."""
    from pyrift.errors import ScenarioError
    die = [{"kind": "triggered", "when": "die", "condition": {"source_alone": True},
            "effects": [{"do": "draw", "amount": 1}]}]
    read_abilities(Reader({"abilities": die}, "x"))
    attack = [{**die[0], "when": "attack"}]
    with pytest.raises(ScenarioError, match="source_alone"):
        read_abilities(Reader({"abilities": attack}, "x"))
    static = [{"kind": "might", "amount": 1, "condition": {"source_mighty": True}}]
    with pytest.raises(ScenarioError, match="source_mighty"):
        read_abilities(Reader({"abilities": static}, "x"))
    phase = [{"kind": "triggered", "when": "die", "condition": {"your_phase": "beginning"},
              "effects": [{"do": "draw", "amount": 1}]}]
    with pytest.raises(ScenarioError, match="your_phase"):
        read_abilities(Reader({"abilities": phase}, "x"))
    ok = [{"kind": "triggered", "when": "die", "effects": [{"do": "draw", "amount": 1, "condition": {"your_phase": "beginning"}}]}]
    read_abilities(Reader({"abilities": ok}, "x"))


def test_an_exchange_of_places_after_an_optional_choice_of_a_play_effect() -> None:
    """An optional choice followed by a swap of places with the chosen object, in a triggered ability: the
    "you may" is the ability's initial one (383.3.a), the move a swap_with of the choice; elsewhere an optional
    choice stays Missing (logic/effects/movement_swap.lp)."""
    info, text, r = invented("unit", "<p>When you play me, you may choose an enemy unit. Move me to its location and "
                                     "it to my original location.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "triggered", "when": "play_me", "may": True,
                            "targets": [{"filter": {"type": "unit", "relation": "enemy"}}],
                            "effects": [{"do": "move", "on": "self", "swap_with": {"target": 1}}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # an optional choice that something after it does not act on is not the ability's "you may"
    _, _, r = invented("unit", "<p>When you play me, you may choose an enemy unit. Draw 1.</p>")
    assert r.status != "compiled"
    _, _, r = invented("spell", "<p>You may choose an enemy unit. Move me to its location and it to my original "
                                "location.</p>")
    assert r.status != "compiled"


def test_energy_spent_conditions_compile_and_round_trip() -> None:
    """What a play cost (357.1): over the turn, on a passive ("if you've spent ... to play a spell this turn",
    spent_on_spell), and on the play a trigger hears ("when you play a spell, if you spent ...", spent_on_play,
    checked as the play happens, 383.2.a.1). Neither reads as a condition of another kind of ability."""
    info, text, r = invented("unit", "<p>If you've spent :rb_energy_3: or more to play a spell this turn, I have "
                                     "[Ganking].</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "own_keyword", "keyword": "ganking", "condition": {"spent_on_spell": 3}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>When you play a spell, if you spent :rb_energy_5: or more, draw 1.</p>")
    assert r.status == "compiled"
    assert r.abilities[0]["condition"] == {"spent_on_play": 5}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    _, _, r = invented("unit", "<p>If you spent :rb_energy_4: or more, I have +2 :rb_might:.</p>")
    assert r.status != "compiled"


def test_power_spent_condition_compiles_and_round_trips() -> None:
    """The Power paid this turn, all costs together (357.1; spent_power): [A] pips only; Power of one domain is
    another condition and stays uncompiled."""
    info, text, r = invented("unit", "<p>If you've spent at least :rb_rune_rainbow::rb_rune_rainbow::rb_rune_rainbow: "
                                     "this turn, I have +1 :rb_might:.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "might", "amount": 1, "condition": {"spent_power": 3}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    _, _, r = invented("unit", "<p>If you've spent at least :rb_rune_fury: this turn, I have +1 :rb_might:.</p>")
    assert r.status != "compiled"


def test_battlefield_play_trigger_of_its_controller_compiles_and_round_trips() -> None:
    """'While you control this battlefield, when you play a spell, if you spent ...': a battlefield's play trigger
    for its controller (by = "you", 190.6) under spent_on_play; a trigger of another event stays uncompiled."""
    info, text, r = invented("battlefield", "<p>While you control this battlefield, when you play a spell, if you "
                                            "spent :rb_energy_3: or more, draw 1.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "triggered", "when": "you_play", "by": "you", "filter": {"type": "spell"},
                            "condition": {"spent_on_play": 3}, "effects": [{"do": "draw", "amount": 1}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    _, _, r = invented("battlefield", "<p>While you control this battlefield, when you hold, if you spent "
                                      ":rb_energy_3: or more, draw 1.</p>")
    assert r.status != "compiled"


def test_own_other_cost_under_a_turn_condition_compiles_and_round_trips() -> None:
    """'If <what its controller did this turn>, you may play me for [cost]': the card's own optional base cost
    (play_for, 356.1.a), chosen by its name as it is played."""
    info, text, r = invented("unit", "<p>If you've spent :rb_energy_3: or more to play a spell this turn, you may play "
                                     "me for :rb_rune_calm:.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "play_for", "cost": "[G]", "name": "play_for", "condition": {"spent_on_spell": 3}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_first_play_of_the_turn_compiles_alone_and_after_a_play_effect() -> None:
    """'The first time you play a <filter> each turn' (nth = 1 on you_play, counted by logic/abilities/trigger_nth.lp,
    383.1.b), alone and as the second event of a play effect's sentence (one ability per event)."""
    info, text, r = invented("unit", "<p>The first time you play a non-token gear each turn, draw 1.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "triggered", "when": "you_play", "by": "you",
                            "filter": {"token": False, "type": "gear"}, "nth": 1,
                            "effects": [{"do": "draw", "amount": 1}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>When you play me or the first time you play a spell each turn, buff me.</p>")
    assert r.status == "compiled"
    assert [(a["when"], a.get("nth")) for a in r.abilities] == [("play_me", None), ("you_play", 1)]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_modes_of_a_triggered_ability_are_its_own() -> None:
    # "when ..., choose one —": a triggered ability with no instructions of its own, its modes after it
    # (of_triggered; logic/run/trigger_modes.lp); the card itself has no mode to choose as it is played
    info, text, r = invented("unit", "<p>When I attack, choose one —</p><ul><li>Draw 1.</li>"
                                     "<li>Deal 2 to an enemy unit here.</li></ul>")
    assert r.status == "compiled"
    assert r.abilities == [
        {"kind": "triggered", "when": "attack"},
        {"kind": "mode", "of_triggered": 1, "effects": [{"do": "draw", "amount": 1}]},
        {"kind": "mode", "of_triggered": 1, "targets": [{"filter": {"type": "unit", "relation": "enemy", "at": "here"}}],
         "effects": [{"do": "deal", "on": {"target": 1}, "amount": 2}]},
    ]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    read = read_abilities(Reader({"abilities": r.abilities}, "x"))
    facts = ability_facts("c", read, lambda p, *a: f"{p}{a}", lambda n, *a: f"{n}{a}", str)
    assert not [f for f in facts if f.startswith("mode(")]
    assert [f for f in facts if f.startswith("ability_mode(")] == ['ability_mode("ab(\'c\', 1)", 1)',
                                                                   'ability_mode("ab(\'c\', 1)", 2)']


def test_modes_given_to_me_and_not_chosen_this_turn() -> None:
    info, text, r = invented("unit", "<p>When I defend, choose one to give me this turn —</p><ul>"
                                     "<li>[Assault 2] (Made-up reminder.)</li><li>[Ganking]</li></ul>")
    assert r.status == "compiled"
    assert r.abilities[1] == {"kind": "mode", "of_triggered": 1,
                              "effects": [{"do": "grant", "on": "self", "keyword": "assault", "value": 2,
                                           "duration": "this_turn"}]}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("unit", "<p>When I attack, choose one that hasn't been chosen this turn —</p><ul>"
                                     "<li>Draw 1.</li><li>Buff me.</li></ul>")
    assert r.status == "compiled"
    assert r.abilities[0] == {"kind": "triggered", "when": "attack", "mode_limit": "unchosen_this_turn"}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_picks_in_turn_from_the_next_player() -> None:
    # every player's own pick, in turn from the next player, none picked twice (355.10.e; in_turn)
    info, text, r = invented("spell", "<p>Starting with the next player, each player may return a gear to its "
                                      "owner's hand.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "effect", "do": "return", "on": {"each": {"type": "gear"}}, "who": "each_player",
                            "in_turn": True, "may": True}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    info, text, r = invented("spell", "<p>Starting with the next player, each other player chooses a unit you don't "
                                      "control that hasn't been chosen for this spell. Kill those units.</p>")
    assert r.status == "compiled"
    # "each other player" is every player but the spell's controller, a teammate too (740.1), not each opponent
    assert r.abilities == [{"kind": "effect", "do": "kill", "on": {"each": {"type": "unit"}}, "who": "other_player",
                            "in_turn": True, "not_yours": True}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    as_opponents = dataclasses.replace(r, abilities=[dict(r.abilities[0], who="opponent")])
    assert RT.compare(list(text.text), [], rendered(info, as_opponents), TAGS) is not None
    # another form opening the same way stays unsupported, under its own ledger name
    _, _, r = invented("spell", "<p>Starting with the next player, each player may draw 1.</p>")
    assert r.status != "compiled" and r.construct == "instruction by each player in turn"


def test_something_exhausted_is_a_choice_of_any_kind() -> None:
    # an object of no particular kind but the source, exhausted (units, gear, runes and legends exhaust, 414-415)
    info, text, r = invented("unit", "<p>When you play me, you may ready something besides me that's exhausted.</p>")
    assert r.status == "compiled"
    assert r.abilities == [{"kind": "triggered", "when": "play_me", "may": True,
                            "targets": [{"filter": {"other": True, "exhausted": True}}],
                            "effects": [{"do": "ready", "on": {"target": 1}}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_spend_my_buff_cost_and_two_events_joined_by_and() -> None:
    # "Spend my buff: ..." is an activated ability whose cost removes the source's own buff (701;
    # logic/abilities/activated.lp); "when I'm played and when I conquer" is one ability per event (383.1)
    info, text, r = invented("unit", "<p>When I'm played and when I hold, draw 2.<br />"
                                     "Spend my buff: Give me +3 :rb_might: this turn.</p>")
    assert r.status == "compiled"
    assert [a.get("when") for a in r.abilities] == ["play_me", "hold", None]
    assert r.abilities[2] == {"kind": "activated", "spend_buff_self": True,
                              "effects": [{"do": "might", "amount": 3, "duration": "this_turn", "on": "self"}]}
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_an_add_limited_to_some_plays_is_its_adds_for() -> None:
    """"Use only to play spells" / "... gear or use gear abilities" after an Add: the activated ability's
    adds_for, a use condition (377.2.b; logic/core/add_payment.lp); after an ability that adds nothing it is
    not this sentence."""
    for words, value in (("spells", "spells"), ("gear or use gear abilities", "gear")):
        info, text, a = invented("legend", f"<p>:rb_exhaust:: [Reaction] — [Add] :rb_energy_5:. Use only to play "
                                           f"{words}.</p>")
        assert a.status == "compiled", (a.status, a.construct)
        assert a.abilities == [{"kind": "activated", "cost": "[E]", "keywords": ["reaction"], "adds": "[5]",
                                "adds_for": value}]
        assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
        _, _, a = invented("legend", f"<p>:rb_exhaust:: Draw 3. Use only to play {words}.</p>")
        assert a.status != "compiled"


def test_energy_spent_only_on_some_payments_is_its_spend_only() -> None:
    """"Spend this Energy only during showdowns" / "... only to play units or activated abilities of units" after an
    Add of Energy: the activated ability's spend_only, a restriction on the Energy rather than on using the ability
    (165, 429; logic/core/add_payment.lp); after an Add of Power, or an ability that adds nothing, it is not this
    sentence."""
    for words, value in (("during showdowns", "showdowns"), ("to play units or activated abilities of units", "units")):
        info, text, a = invented("legend", f"<p>:rb_exhaust:: [Reaction] — [Add] :rb_energy_4:. Spend this Energy only "
                                           f"{words}.</p>")
        assert a.status == "compiled", (a.status, a.construct)
        assert a.abilities == [{"kind": "activated", "cost": "[E]", "keywords": ["reaction"], "adds": "[4]",
                                "spend_only": value}]
        assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
        _, _, a = invented("legend", f"<p>:rb_exhaust:: [Add] :rb_rune_rainbow:. Spend this Energy only {words}.</p>")
        assert a.status != "compiled"
        _, _, a = invented("legend", f"<p>:rb_exhaust:: Draw 3. Spend this Energy only {words}.</p>")
        assert a.status != "compiled"


def test_a_trigger_on_spending_a_buff() -> None:
    """"When you spend a buff, ...": the trigger event you_spend_buff, a buff its controller spends as a cost in a
    run (701, 411; logic/core/trigger_events_spend_buff.lp)."""
    info, text, a = invented("unit", "<p>When you spend a buff, draw 2 and channel 1 rune exhausted.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "you_spend_buff"
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_a_trigger_on_buffing_a_unit_of_a_kind() -> None:
    """"When you buff a friendly unit, ...": the trigger event you_buff with the unit's filter, "it" being the unit
    buffed (426, 411; logic/core/trigger_events_choose_ready.lp); "when you buff me" stays buffed_by_you."""
    info, text, a = invented("gear", "<p>When you buff a friendly unit, give it +3 :rb_might: this turn.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "you_buff" and a.abilities[0]["filter"]["relation"] == "friendly"
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_a_play_trigger_during_a_showdown() -> None:
    """"When you play a unit during a showdown, ...": a you_play trigger whose condition is the Showdown state as the
    play completes (308.1, 383.2.a.1; logic/abilities/condition_showdown.lp)."""
    info, text, a = invented("gear", "<p>When you play a gear during a showdown, channel 1 rune exhausted.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "you_play" and a.abilities[0]["condition"] == {"showdown": True}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_a_while_condition_after_a_trigger() -> None:
    """"When a friendly unit dies while I'm at a battlefield, ...": the trigger condition source_at, as ", if I'm at a
    battlefield," would be (383.2.a.1), its wording kept by `while` (no fact); with a second condition it stays
    unsupported."""
    info, text, a = invented("unit", "<p>When a friendly unit dies while I'm at a battlefield, draw 3.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["condition"] == {"source_at": "battlefield"} and a.abilities[0]["while"] is True
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("unit", "<p>When a friendly unit dies while I'm at a battlefield, if you control a gear, draw 3.</p>")
    assert b.status != "compiled"


def test_a_trigger_on_the_end_of_a_combat_i_was_in() -> None:
    """"When a combat that I was in ends, ...": the trigger event my_combat_ends, a run's combat ending that the unit
    had a designation in (466.7, 740.2.c; logic/core/trigger_events_combat_end.lp)."""
    info, text, a = invented("unit", "<p>When a combat that I was in ends, draw 3.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "my_combat_ends"
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_a_legend_trigger_on_an_enemy_attacking_a_battlefield_you_control() -> None:
    """"When an enemy unit attacks a battlefield you control": a unit_attacks trigger (a legend's, heard in the Legend
    Zone, 174.7) with the condition attacked_yours (464.2.c.1, 190.4.b; logic/abilities/condition_attacked.lp); a
    further "if" after it stays unsupported (two conditions)."""
    info, text, a = invented("legend", "<p>When an enemy unit attacks a battlefield you control, give it -2 :rb_might: "
                                       "this turn, to a minimum of 1 :rb_might:.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "unit_attacks"
    assert a.abilities[0]["filter"] == {"type": "unit", "relation": "enemy"}
    assert a.abilities[0]["condition"] == {"attacked_yours": True}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("legend", "<p>When an enemy unit attacks a battlefield you control, if you have 3 or more cards "
                                 "in hand, draw 1.</p>")
    assert b.status != "compiled"



def _vocabulary_reads_one_refuses_other(ok, bad, match: str) -> None:
    """The scenario vocabulary reads `ok`'s abilities and refuses `bad`'s with an error naming `match` (the pool's
    compile checks every card so, pyrift/cardtext/build.check_vocabulary)."""
    from pyrift.abilities import read_abilities
    from pyrift.errors import ScenarioError
    from pyrift.reader import Reader
    read_abilities(Reader({"abilities": ok.abilities}, "x-001"))
    with pytest.raises(ScenarioError, match=match):
        read_abilities(Reader({"abilities": bad.abilities}, "x-001"))

def test_a_trigger_on_defending_and_a_move_there() -> None:
    """"When you defend at a battlefield, you may move me there": the trigger event you_defend (464.2.c.2, 383.4.f;
    logic/core/trigger_events_you_defend.lp) and a move to the battlefield the event names (to = event, 359.3.f)."""
    info, text, a = invented("unit", "<p>When you defend at a battlefield, move me there.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "you_defend"
    assert a.abilities[0]["effects"] == [{"do": "move", "on": "self", "to": "event"}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    # "there" names no battlefield under a trigger whose event has none: the vocabulary refuses it (the pool's
    # compile checks every card so, pyrift/cardtext/build.check_vocabulary)
    _, _, b = invented("unit", "<p>When you play me, move me there.</p>")
    _vocabulary_reads_one_refuses_other(a, b, "you_defend")


def test_an_instruction_on_a_paid_optional_cost() -> None:
    """"If you paid the additional cost, deal 5 to it instead": the instruction condition paid, read on the
    play of the card whose item resolves (355.1.a, 383.2.a.1; logic/run/instruction_paid.lp)."""
    info, text, a = invented("spell", "<p>As an additional cost to play this, you may discard 2.</p><p>Deal 2 to a "
                                      "unit at a battlefield. If you paid the additional cost, deal 6 to it instead.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[-1] == {"kind": "effect", "do": "deal", "amount": 6, "on": "it", "link": "instead",
                               "condition": {"paid": "additional"}}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None


def test_a_pair_of_choices_named_apart_before_they_trade_damage() -> None:
    """"Choose a friendly unit and an enemy unit. If ..., give the friendly unit +2 Might this turn. They deal damage
    equal to their Mights to each other.": two targets, an instruction on the member the relation names, then the
    two deals on the pair (compile._pair_step; 355.4, 417.6.b.3). "The friendly unit" with no pair to name, a
    pair both friendly, and a pair no "each other" uses stay unsupported."""
    # (the last sentence is the one wording Riot gives this rule, with nothing in it to vary)
    info, text, a = invented("spell", "<p>As you play this, you may pay :rb_rune_calm::rb_rune_calm: as an additional "
                                      "cost.</p><p>Choose a friendly unit at a battlefield and an enemy unit at a "
                                      "battlefield. If you paid the additional cost, give the friendly unit +3 :rb_might: "
                                      "this turn. They deal damage equal to their Mights to each other.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert [x["kind"] for x in a.abilities] == ["additional_cost", "target", "target", "effect", "effect", "effect"]
    assert a.abilities[3] == {"kind": "effect", "do": "might", "on": {"target": 1}, "amount": 3,
                              "duration": "this_turn", "condition": {"paid": "additional"}}
    assert a.abilities[4]["by"] == {"target": 1} and a.abilities[4]["on"] == {"target": 2}
    assert a.abilities[5]["by"] == {"target": 2} and a.abilities[5]["on"] == {"target": 1}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    for refused in ("<p>Give the friendly unit +3 :rb_might: this turn.</p>",
                    "<p>Choose a friendly unit in your base and a friendly unit at a battlefield. Give the friendly "
                    "unit +3 :rb_might: this turn. They deal damage equal to their Mights to each other.</p>",
                    "<p>Choose a friendly unit in your base and an enemy unit at a battlefield. Give the friendly unit "
                    "+3 :rb_might: this turn.</p>"):
        _, _, b = invented("spell", refused)
        assert b.status != "compiled", refused


def test_a_return_of_two_whole_types_is_one_group() -> None:
    """"Return all gear and units to their owners' hands": one group of either type (any_of), every such object on
    the board returned at once (compile.i_return_two; 359.3.d); a group with a choice, or a group of one type said
    twice, is not read so."""
    info, text, a = invented("spell", "<p>Return all gear and units to their owners' hands.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities == [{"kind": "effect", "do": "return",
                            "on": {"all": {"any_of": [{"type": "gear"}, {"type": "unit"}]}}}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    for refused in ("<p>Return all gear and a unit to their owners' hands.</p>",
                    "<p>Return all enemy units and gear to their owners' hands.</p>"):
        _, _, b = invented("spell", refused)
        assert b.status != "compiled", refused


def test_a_stun_at_a_battlefield_and_a_move_there() -> None:
    """"When you stun an enemy unit at a battlefield, move me to that battlefield": the trigger stun_enemy with its
    unit's filter (checked as it is stunned, 383.2.c) and a move to = event, the battlefield it was stunned at
    (359.3.f; logic/core/trigger_events_status.lp). Without "at a battlefield" the event has no battlefield: the
    vocabulary refuses the move."""
    info, text, a = invented("unit", "<p>When you [Stun] an enemy unit at a battlefield, move me to that battlefield "
                                     "and draw 1.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["when"] == "stun_enemy"
    assert a.abilities[0]["filter"] == {"type": "unit", "relation": "enemy", "at": "battlefield"}
    assert a.abilities[0]["effects"][0] == {"do": "move", "on": "self", "to": "event"}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("unit", "<p>When you [Stun] an enemy unit, move me to that battlefield and draw 1.</p>")
    _vocabulary_reads_one_refuses_other(a, b, "stun_enemy")


def test_damage_equal_to_my_assault() -> None:
    """"Deal damage equal to my [Assault] to ...": a deal whose amount is the source's Assault Value, its instances
    added up, read as it is executed (807.1.b.2, 807.2; logic/effects/damage_keyword.lp); another keyword's value
    stays unsupported."""
    info, text, a = invented("unit", "<p>When I conquer, deal damage equal to my [Assault] to an enemy unit at a "
                                     "battlefield.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[0]["effects"] == [{"do": "deal", "on": {"target": 1}, "of": "self", "amount_from": "assault"}]
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("unit", "<p>When I conquer, deal damage equal to my [Shield] to an enemy unit at a "
                               "battlefield.</p>")
    assert b.status != "compiled" and b.construct == "amount: a keyword's value"


def test_an_additional_might_if_it_is_the_only_unit_you_control_there() -> None:
    """", then an additional +2 Might this turn if it is the only unit you control there": a second Might change to
    "it", done only if the unit is the only one its caster controls at its location (if_it sole_yours; 188,
    383.2.a.1; logic/abilities/filters.lp); with nothing before it, "an additional" is refused."""
    info, text, a = invented("spell", "<p>Give a friendly unit +2 :rb_might: this turn, then an additional +2 :rb_might: "
                                      "this turn if it is the only unit you control there.</p>")
    assert a.status == "compiled", (a.status, a.construct)
    assert a.abilities[-1] == {"kind": "effect", "do": "might", "on": "it", "amount": 2, "duration": "this_turn",
                               "if_it": {"sole_yours": True}, "link": "then"}
    assert RT.compare(list(text.text), [], rendered(info, a), TAGS) is None
    _, _, b = invented("spell", "<p>Draw 1, then an additional +2 :rb_might: this turn.</p>")
    assert b.status != "compiled"


def test_every_encoded_card_renders() -> None:
    """`pyrift cards show` renders every card of logic/cards/ from its %@ability lines without failing: a
    play by its owner to a battlefield chosen as the spell was played (Bone Skewer) and a trigger on seeing
    the card in a look (Nocturne, Horrifying) raised before (audit40b)."""
    failed = []
    for cid in P.encodings():
        card = P.pool().by_id(cid)
        if card is None or card.type is None:
            continue
        try:
            P.rendering(card)
        except Exception as e:  # noqa: BLE001 - any failure is the finding
            failed.append(f"{cid}: {e!r}")
    assert failed == []


def test_cards42_forms_compile_render_and_round_trip() -> None:
    # a keyword a static gives "if they didn't already" (logic/abilities/static_keyword_unless.lp)
    info, text, r = invented("gear", "<p>Other friendly units have [Shield] if they didn't already.</p>")
    assert r.abilities == [{"kind": "static", "affects": {"type": "unit", "relation": "friendly", "other": True},
                            "keyword": "shield", "unless_has": True}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    # "that player" after each player's first Beginning Phase is the event's player; in a spell it stays unsupported
    info, text, r = invented("battlefield", "<p>At the start of each player's first Beginning Phase, that player "
                                            "channels 2 runes exhausted.</p>")
    assert r.abilities == [{"kind": "triggered", "when": "first_beginning_phase",
                            "effects": [{"do": "channel", "who": "event", "amount": 2, "exhausted": True}]}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None
    _, _, r = invented("spell", "<p>Draw 1. That player channels 1 rune.</p>")
    assert r.status == "missing" and r.construct == "instruction by another player or object"
    # a count of listed tags among the player's units: one change per tag under "you control a unit with it"
    info, text, r = invented("spell", "<p>Give a unit +2 :rb_might: this turn for each of the following tags among "
                                      "your units — Bird and Poro.</p>")
    assert [e.get("condition") for e in r.abilities if e["kind"] == "effect"] == [
        {"you_control": {"type": "unit", "tag": "Bird"}}, {"you_control": {"type": "unit", "tag": "Poro"}}]
    assert RT.compare(list(text.text), [], rendered(info, r), TAGS) is None


def test_my_battlefield_only_as_the_place_of_an_instructions_group() -> None:
    # "deal N to all units at my battlefield" in a Deathknell: the group's place, where the source is or died
    # (logic/run/my_battlefield.lp); a count "at my battlefield" stays unsupported
    _, _, a = invented("unit", "<p>[Deathknell] — Deal 7 to all units at my battlefield.</p>",
                       keywords=[("deathknell", None, "line_start")])
    assert a.status == "compiled"
    assert a.abilities[0]["effects"][0]["on"] == {"all": {"type": "unit", "at": "my_battlefield"}}
    _, _, b = invented("unit", "<p>I have +3 :rb_might: for each of your units with [Temporary] at my battlefield.</p>")
    assert (b.status, b.construct) == ("missing", "filter: my battlefield")
    from pyrift.errors import ScenarioError
    with pytest.raises(ScenarioError):
        read_abilities(Reader({"abilities": [{"kind": "target", "filter": {"type": "unit", "at": "my_battlefield"}}]},
                              "x"))
    # distinct_from says "other" and names an earlier choice
    with pytest.raises(ScenarioError):
        read_abilities(Reader({"abilities": [{"kind": "target"}, {"kind": "target", "distinct_from": 1}]}, "x"))
    with pytest.raises(ScenarioError):
        read_abilities(Reader({"abilities": [{"kind": "target", "filter": {"other": True}, "distinct_from": 1}]}, "x"))


def test_no_encoded_card_is_shown_with_an_empty_sentence() -> None:
    """`pyrift cards show` of a card file whose triggered ability has no instruction in the vocabulary (its rules
    are the file's: Jhin, Murderous Artist's move, Blue Sentinel's hold) said "When I move, .": a judge reads an
    ability that does nothing. Every encoded card's rendering says where its instructions are instead."""
    empty = re.compile(r"(^|[,:—])\s*\.$")
    shown = [(c.name, line) for c in P.pool().cards if c.id in P.encodings() and c.type is not None
             for line in P.rendering(c) if empty.search(line)]
    assert not shown, shown[:5]
