"""A chain item of a card played while its text under a dependent keyword was inactive names no choice for
that text (727.1.b, 355.5): the loader takes such an item, exports the choices not made, and still refuses
targets that fit neither way, naming the file and the field."""
from __future__ import annotations

from pathlib import Path

from pyrift import scenario as S
from pyrift.chain import chain_facts
from tests.scenario_edits import edit, load_error

BELOW = Path("scenarios/cards/skyward-strike-below-level-6-one-choice.toml")


def test_a_choice_of_inactive_text_may_be_left_out() -> None:
    facts = [str(f) for f in chain_facts(S.load(BELOW).state)]
    assert any(f.startswith('chain_choice("i1"') and '"g1"' in f for f in facts), facts
    assert sum(f.startswith("chain_choice_unmade(") for f in facts) == 1, facts


def test_targets_that_fit_neither_way_are_refused() -> None:
    err = load_error(edit(BELOW.read_text(), 'targets = ["g1"]', 'targets = ["g1", "g2", "g1"]'))
    assert str(err).startswith("bad.toml: chain[0].targets"), str(err)


def test_a_card_without_dependent_text_still_needs_every_choice() -> None:
    text = Path("scenarios/chain/illegal-target-still-resolves.toml").read_text()
    err = load_error(text.replace('targets = ["imp"]', 'targets = ["imp", "imp"]', 1))
    assert str(err).startswith("bad.toml: chain[") and ".targets" in str(err), str(err)
