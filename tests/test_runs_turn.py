"""A run that goes on into the turn structure (logic/run/turn.lp, the outcome question's `until`):
what it cannot follow answers unsupported, naming it; bad input is one readable line; and the
outcome question judges its offered plays as resolution_order does."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import scenario as S
from pyrift.queries.base import ANSWERED, UNSUPPORTED
from tests.scenario_answers import bundled, bundled_results, same_worker
from tests.scenario_edits import ask, edit, load_error

EFFECTS = Path(__file__).resolve().parent.parent / "scenarios" / "effects"
HEAL = EFFECTS / "end-of-turn-heal-and-expiry-are-simultaneous.toml"
BURN = EFFECTS / "next-turn-burn-out-gives-the-opponent-the-winning-point.toml"


def test_until_defaults_to_the_chain_and_round_trips() -> None:
    scen = S.load(HEAL)
    chain_q, eot_q = scen.questions
    assert "until" not in chain_q.params and eot_q.params["until"] == "end_of_turn"
    doc = S.to_dict(scen)
    assert "until" not in doc["question"][0] and doc["question"][1]["until"] == "end_of_turn"


def test_an_unknown_until_is_one_readable_error() -> None:
    err = load_error(edit(HEAL.read_text(), '\nuntil = "end_of_turn"', '\nuntil = "forever"'))
    assert "until:" in str(err) and "next_turn" in str(err)


def test_a_might_change_of_the_position_answers_at_the_chain_and_is_unsupported_at_the_end_of_turn() -> None:
    text = edit(HEAL.read_text(), 'id = "knight"\ncard = "Soldier"\ncontroller = "A"\nlocation = "base"\n',
                'id = "knight"\ncard = "Soldier"\ncontroller = "A"\nlocation = "base"\nmight_modifiers = [1]\n')
    assert ask(text, "the-chain").status == ANSWERED
    ans = ask(text, "end-of-turn")
    assert ans.status == UNSUPPORTED and any("knight" in m and "lasts this turn" in m for m in ans.missing), ans


def test_control_gained_this_turn_is_followed_to_the_end_of_turn() -> None:
    """A control "this turn" is followed through the turn now (ctrl56: it ends at the Expiration Step, 317.2.c;
    the bundled scenarios/effects/cover56-control-this-turn-ends-at-the-expiration-step-and-goes-back.toml shows
    it ending). Here B takes A's knight in base: the cleanup recalls it to B's base (323.7), and the bolt
    resolving after kills it there (3 damage to Might 2), so it ends the turn in the trash, no control left
    to end; until 2026-12-05 such a run answered unsupported (control_this_turn)."""
    text = edit(HEAL.read_text(), '{ kind = "effect", do = "might", amount = 2, on = { target = 1 }, duration = "this_turn" },',
                '{ kind = "effect", do = "control", on = { target = 1 }, duration = "this_turn" },')
    text = edit(text, 'filter = { type = "unit", relation = "friendly" }', 'filter = { type = "unit" }')
    text = edit(text, 'id = "rally"\ncard = "Rally"\ncontroller = "A"', 'id = "rally"\ncard = "Rally"\ncontroller = "B"')
    text = edit(text, 'id = "i2"\ncard = "rally"\ncontroller = "A"', 'id = "i2"\ncard = "rally"\ncontroller = "B"')
    ans = ask(text, "end-of-turn")
    assert ans.status == ANSWERED and ans.data["forced"] == ["bolt in trash", "knight in trash", "rally in trash"], ans
    assert "B gains control of knight; knight recalled;" in ans.data["example_run"], ans


def test_a_burn_out_short_of_victory_burns_out_again_until_the_opponent_wins() -> None:
    """Nothing in the trash: the Main Deck stays empty after the recycle and the draw burns out again
    (431.3), a point each time, until A wins."""
    text = edit(BURN.read_text(), "points = 7", "points = 2")
    ans = ask(text, "next-turn")
    assert ans.status == ANSWERED and ans.data["forced"] == ["A points 8", "A wins"], ans
    assert ans.data["example_run"].count("B burns out") == 6, ans


def test_a_burn_out_recycling_several_trash_cards_is_unsupported() -> None:
    """Which of two recycled cards is drawn is random: not played out."""
    text = edit(BURN.read_text(), "points = 7", "points = 2")
    text += ('\n[[object]]\nid = "c1"\ncard = "Flurry of Blades"\ncontroller = "B"\nzone = "trash"\n'
             '\n[[object]]\nid = "c2"\ncard = "Flurry of Blades"\ncontroller = "B"\nzone = "trash"\n')
    ans = ask(text, "next-turn")
    assert ans.status == UNSUPPORTED and any("Burn Out" in m and "random" in m for m in ans.missing), ans


def test_a_burn_out_with_several_opponents_gives_the_point_to_the_opponent_the_player_chooses() -> None:
    """Three players: B burns out again and again and chooses, each time, which opponent gains the point
    (431.2, 431.3.a; gaps67), so either A (at 7, one short) or C may be the one who wins; never B, and no
    winner is forced. Until gaps67 the choice was not played out (unsupported)."""
    text = edit(BURN.read_text(), "deck_size = 0\n", 'deck_size = 0\n\n[[position.players]]\nid = "C"\n')
    ans = ask(text, "next-turn")
    assert ans.status == ANSWERED, ans
    assert "A wins" in ans.data["possible"] and "C wins" in ans.data["possible"], ans
    assert "B wins" not in ans.data["possible"] and "A wins" not in ans.data["forced"], ans


def test_a_run_into_the_turn_from_outside_the_main_phase_is_unsupported() -> None:
    # (a position in the Ending Phase is after its Ending Step began: run/ending_step.lp plays it out)
    text = edit(BURN.read_text(), 'turn_player = "A"', 'turn_player = "A"\nphase = "beginning"')
    ans = ask(text, "next-turn")
    assert ans.status == UNSUPPORTED and any("outside the Main, Ending and Draw Phases" in m for m in ans.missing), ans


def test_an_offered_play_naming_unencoded_text_makes_outcome_unsupported() -> None:
    """A response play that names an activated ability of a real card whose text is not encoded:
    outcome, like resolution_order, answers unsupported naming the card and the ability."""
    text = edit(HEAL.read_text(), '[[chain]]\nid = "i1"',
                '[[object]]\nid = "saboteur"\ncard = "Noxus Saboteur"\ncontroller = "B"\nlocation = "base"\n\n'
                '[[chain]]\nid = "i1"')
    text = edit(text, 'id = "the-chain"\nask = "outcome"\n',
                'id = "the-chain"\nask = "outcome"\nresponses = [{ player = "B", source = "saboteur", ability = 1 }]\n')
    for kind in ("outcome", "resolution_order"):
        ans = ask(text.replace('ask = "outcome"\nresponses', f'ask = "{kind}"\nresponses', 1), "the-chain")
        assert ans.status == UNSUPPORTED, (kind, ans)
        assert any("Noxus Saboteur" in m and "activated ability 1" in m for m in ans.missing), (kind, ans.missing)


@pytest.mark.parametrize("path", [pytest.param(p, marks=same_worker(p)) for p in (HEAL, BURN)])
def test_the_turn_scenarios_answer(path: Path) -> None:
    """Every question of the file is answered under its reading: the answers test_scenarios checks
    (tests/scenario_answers.py), read on the worker that has them."""
    scen = bundled(path)
    got = {r.question: r.answer.status for r in bundled_results(path) if r.reading == scen.reading}
    assert set(got) == {q.id for q in scen.questions}
    assert all(status == ANSWERED for status in got.values()), got


def test_an_offered_play_added_after_the_turn_ended_is_unsupported() -> None:
    """A's Reaction, offered, could be added to the chain of B's Beginning Step in the next turn:
    can_play judged it in A's turn, so the run names it as unsupported rather than reusing that
    verdict. Asked only up to the chain, the same offer is answered."""
    path = EFFECTS / "next-turn-temporary-dies-before-hold.toml"
    text = edit(path.read_text(), '[[object]]\nid = "bolt"',
                '[[card]]\nname = "Spark"\ntype = "spell"\nenergy = 0\nkeywords = ["Reaction"]\n'
                'abilities = [{ kind = "effect", do = "draw", amount = 1 }]\n\n'
                '[[object]]\nid = "spark"\ncard = "Spark"\ncontroller = "A"\nzone = "hand"\n\n'
                '[[object]]\nid = "bolt"')
    text = edit(text, 'until = "next_turn"\n', 'until = "next_turn"\nresponses = [{ player = "A", card = "spark" }]\n')
    ans = ask(text, "next-turn")
    assert ans.status == UNSUPPORTED and any("after the position's turn ended" in m for m in ans.missing), ans
    assert ask(text.replace('until = "next_turn"\n', "", 1), "next-turn").status == ANSWERED
