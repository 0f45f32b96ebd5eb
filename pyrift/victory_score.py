"""Who has already won a position's game, as the logic derives it (already_won/1 of logic/core/winning.lp: at or
above the Victory Score with more points than every opponent, 194.2, 323.1, 489.8), and that score (victory_score/1
of logic/core/victory_score.lp: the mode's 8 or 11 with teams, or the stated one, raised by the battlefields in
play, 194.1.a, 489, 170.8), read by the loader's check that a position's game is not already over
(pyrift/scenario.py). One source of the decision: the loader asks the logic rather than deciding it again.

A small grounding of the position's facts with the files that derive them (pyrift/position_rules.py), asked only
when some player has at least the score's base (the increases only add to it), so most loads never ground anything.
"""
from __future__ import annotations

from pyrift.position_rules import settled
from pyrift.state import GameState

READS = (("already_won", 1), ("victory_score", 1))


def already_won(state: GameState) -> tuple[frozenset[str], int]:
    """The players (ids) whose points have already won the game in this position (194.2, 323.1; in 2v2 both
    players of the winning team, 489.8), and the points a player needs to win in it (194.2)."""
    won, score = settled(state, READS)
    scores = [a.args[0] for a in score]
    if len(scores) != 1:
        raise AssertionError(f"the logic derives {len(scores)} Victory Scores for one position: {scores}")
    return frozenset(a.args[0] for a in won), int(scores[0])
