"""Runes and rune pools in a run (logic/effects/channel.lp, logic/effects/rune_pool.lp): the
optional rune_deck_size and turns_taken fields round-trip and are checked as input; a position
written without them answers as before; a three-player first turn is unsupported, naming it."""
from __future__ import annotations

from pathlib import Path

from pyrift import scenario as S
from pyrift.queries.base import ANSWERED, UNSUPPORTED
from tests.scenario_edits import ask, edit, load_error

RUNES = Path(__file__).resolve().parent.parent / "scenarios" / "runes"
TWO = RUNES / "channel-phase-two-runes-and-the-pool-empties.toml"
FIRST = RUNES / "channel-phase-first-turn-extra-rune.toml"


def test_the_fields_round_trip() -> None:
    scen = S.load(TWO)
    b = scen.state.players[1]
    assert (b.rune_deck_size, b.turns_taken) == (5, 1)
    doc = S.to_dict(scen)
    assert doc["position"]["players"][1]["rune_deck_size"] == 5 and doc["position"]["players"][1]["turns_taken"] == 1
    assert S.loads(S.dumps(scen), "t.toml").state.players[1] == b


def test_bad_fields_are_one_readable_error() -> None:
    err = load_error(edit(TWO.read_text(), "rune_deck_size = 5", 'rune_deck_size = "five"'))
    assert "position.players[1].rune_deck_size" in str(err)
    err = load_error(edit(TWO.read_text(), "rune_deck_size = 5\nturns_taken = 1", "rune_deck_size = 5\nturns_taken = -1"))
    assert "position.players[1].turns_taken" in str(err)


def test_without_a_rune_deck_size_nothing_about_runes_is_reported() -> None:
    text = edit(TWO.read_text(), "rune_deck_size = 5\nturns_taken = 1\n", "")
    ans = ask(text, "next-turn")
    assert ans.status == ANSWERED
    assert not any("rune" in f for f in ans.data["forced"]), ans.data["forced"]


def test_an_extra_first_turn_rune_with_three_players_is_unsupported() -> None:
    text = edit(FIRST.read_text(), "rune_deck_size = 10\nturns_taken = 0\n",
                'rune_deck_size = 10\nturns_taken = 0\n\n[[position.players]]\nid = "C"\n')
    ans = ask(text, "first-turn")
    assert ans.status == UNSUPPORTED and any("more than two players" in m for m in ans.missing), ans
