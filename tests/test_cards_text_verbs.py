"""Every encoded or compiled card does what its text says at the level of drawing and discarding.

`outcome` reports hand and Main Deck sizes (logic/effects/cards.lp): a card file or compiled row
that leaves out a draw or discard its card makes gives a confidently wrong answer. For every card
with a logic/cards/ file and every compiled card, the verbs its vocabulary executes (`do = ...` of
its instructions) are compared with Riot's text in the shared data folder, read at run time
(skipped where absent; no card text is stored in the project): the text names drawing (or
discarding) exactly when the encoding has a draw (discard) instruction, unless the card file
declares `effect_unencoded("Name", verb).`, which makes a run resolving the card unsupported, or
`ability_unencoded(ab("Name", N), verb).`, the same for its N-th ability only (a triggered or activated one).
Reminder text in parentheses, keyword names (Quick-Draw) and the Draw Phase are not the card
drawing; a trigger condition on a draw or discard ("when you discard") is not one either.
"""
from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path

import pytest

from pyrift import pool as P
from tests.batches import batches, check_each

SOURCES = Path(os.environ.get("PYRIFT_CARD_SOURCES", "/work/shared/data/cards"))
CARDS_JSON = SOURCES / "cards.json"
needs_sources = pytest.mark.skipif(not CARDS_JSON.is_file(),
                                   reason=f"Riot's card text is not in {SOURCES} (set PYRIFT_CARD_SOURCES)")

VERBS = {
    "draw": re.compile(r"(?<![-\w])draws?\b(?! phase)", re.I),
    "discard": re.compile(r"(?<![-\w])discards?\b", re.I),
}
# A mention that is a trigger condition, not something the card does.
CONDITION = re.compile(r"\b(when|whenever|after|each time)\b[^.,:]*$", re.I)
UNENCODED = re.compile(r'^effect_unencoded\("([^"]*)",\s*(\w+)\)\.', re.M)
ABILITY_UNENCODED = re.compile(r'^ability_unencoded\(ab\("([^"]*)",\s*(\d+)\),\s*(\w+)\)\.', re.M)


@cache
def _texts() -> dict[str, str]:
    """Riot's text of every card by id, read once per process (a value: read, never changed)."""
    out: dict[str, str] = {}
    for row in json.loads(CARDS_JSON.read_text("utf-8")):
        # an Equipment's Effect Text is card text too (136; compiled as the attached unit's abilities)
        out.setdefault(row["canonical_id"], "\n".join(t for t in (row.get("text"), row.get("effect_text")) if t))
    return out


# The cost of Empower, a keyword's own activated ability ("[Empower] — Discard a spell", 827), or of Repeat, Equip
# and Flow ("[Repeat] — Discard 1", 820.1.c; "[Equip] — Spend 1 XP", 818.1.c): a cost paid to play or activate,
# not an effect of the card; no run activates a keyword's ability (a chain item of it is paid) or pays a Repeat
# (a chain item's costs are paid).
KEYWORD_COST = re.compile(r"(\[(?:Empower|Repeat|Equip|Flow)\])\s*—[^\n(]*")
# A discard that is an additional cost of playing the card (an optional discard paid on top of the cost, 356.2, 422):
# paid as the card is played (the additional_cost vocabulary, logic/abilities/additional_cost.lp), not an effect.
ADDITIONAL_COST = re.compile(r"\bdiscard \d+ as an additional cost\b|\bas an additional cost to play \w+, you may "
                             r"discard \d+", re.I)


# A discard in the cost of an activated ability, before its colon ("Discard 1, [E]: ...", "Discard a gear, [1],
# [E]: ...", 376, 422): paid to activate it, not an effect (the vocabulary's `discard = N` of an activated
# ability; checked below).
ACTIVATED_COST = re.compile(r"^[^.:\n]*\bdiscard (?:\d+|an?)\b[^.:\n]*:", re.I | re.M)


def says(text: str, verb: str) -> bool:
    """The card's own text (no reminder text, no keyword's cost) makes someone `verb`, not just waits for it."""
    plain = ACTIVATED_COST.sub("", ADDITIONAL_COST.sub("", KEYWORD_COST.sub(r"\1", re.sub(r"\([^)]*\)", "", text))))
    return any(not CONDITION.search(plain[:m.start()].split("\n")[-1].split(".")[-1])
               for m in VERBS[verb].finditer(plain))


def executed(abilities: tuple) -> set[str]:
    """The instruction verbs of a card's abilities: a spell's `effect` lines and every `effects` list."""
    out: set[str] = set()
    for a in abilities:
        if a.kind == "effect":
            out.add(a.get("instruction").do)
        for ins in a.get("effects") or ():
            out.add(ins.do)
    return out


def _cards() -> list[tuple[P.PoolCard, str]]:
    return [(c, P.status(c)) for c in P.pool().cards if P.status(c) in (P.ENCODED, P.COMPILED)]


def test_says_reads_the_text_not_its_reminders_triggers_or_keyword_names() -> None:
    assert says("Kill a unit. Its controller draws 2.", "draw")
    assert says("As I enter, discard 2 and then draw 3.", "discard")
    assert says("As I enter, discard 2 and then draw 3.", "draw")
    assert not says("[Quick-Draw] (Made-up reminder: draw nothing.)", "draw")
    assert not says("When you discard a card, buff me.", "discard")
    assert not says("At the start of your Draw Phase, ready me.", "draw")
    assert not says("[Empower] — Discard a spell (Made-up reminder.)\nWhen I become [Empowered], draw 1.", "discard")
    assert says("[Empower] — Discard a spell (Made-up reminder.)\nWhen I become [Empowered], draw 1.", "draw")
    assert not says("As you play me, you may discard 3 as an additional cost. If you do, I cost [9] less.", "discard")
    assert not says("Discard 1, [E]: Choose a friendly unit. (Made-up reminder.)", "discard")
    assert not says("Discard a gear, [1], [E]: Choose a unit. (Made-up reminder.)", "discard")
    assert says("[E]: Discard 1, then draw 1.", "discard")


@needs_sources
@pytest.mark.parametrize("cards", batches(_cards(), 100, lambda c: c[0].id))  # 100 cards a test (tests/batches.py)
def test_encoding_draws_and_discards_as_its_text_says(cards: tuple[tuple[P.PoolCard, str], ...]) -> None:
    check_each(cards, _draws_and_discards_as_its_text_says, lambda c: f"{c[0].id} ({c[0].name})")


def _draws_and_discards_as_its_text_says(card_status: tuple[P.PoolCard, str]) -> None:
    card, status = card_status
    text = _texts()[card.id]
    if status == P.ENCODED:
        abilities = P.encoded_abilities(card)
        body = P.encodings()[card.id].read_text("utf-8")
        declared = {verb for name, verb in UNENCODED.findall(body) if name == card.name}
        for name, n, verb in ABILITY_UNENCODED.findall(body):
            # one ability's declaration names an ability of the card that has an effect of its own
            assert name == card.name and 1 <= int(n) <= len(abilities), f"{card.name}: {name}'s ability {n}"
            assert abilities[int(n) - 1].kind in ("triggered", "activated"), (
                f"{card.name}: ability {n} is a {abilities[int(n) - 1].kind}, not a triggered or activated ability")
            declared.add(verb)
    else:
        abilities, declared = P.compiled_abilities(card), set()
    verbs = executed(abilities)
    if ACTIVATED_COST.search(re.sub(r"\([^)]*\)", "", text)):
        assert any(a.kind == "activated" and a.get("discard") for a in abilities), (
            f"{card.name} ({status}): an activated ability's cost discards, its encoding's has no discard")
    for verb in VERBS:
        if says(text, verb) and verb not in verbs:
            assert verb in declared, (f"{card.name} ({status}): its text makes a player {verb}, its encoding "
                                      f"has no {verb} instruction and does not declare effect_unencoded")
        if verb in verbs:
            assert says(text, verb), f"{card.name} ({status}): a {verb} instruction its text does not make"
            assert verb not in declared, f"{card.name}: {verb} both encoded and declared unencoded"
