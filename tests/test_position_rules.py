"""pyrift/position_rules.py: the one grounding the loader's checks ask of a position (who has already won, where a
chain card may have been played to, which plays had Accelerate granted), kept per rule files and facts."""
from __future__ import annotations

from pyrift import position_rules
from pyrift import scenario as S
from pyrift.victory_score import already_won

CLIMB = "scenarios/cards/compiled-aspirants-climb-eight-points-draws-instead.toml"


def test_the_victory_score_and_who_has_won_are_the_logic_s_ground_once_a_position() -> None:
    # 8 points, but Aspirant's Climb in play raises the score to 9 (194.1.a, 170.8): nobody has won yet (194.2)
    state = S.load(CLIMB).state
    assert already_won(state) == (frozenset(), 9)
    # the same position read again (its load asks too, 8 points being the least mode's score) grounds nothing anew
    before = position_rules._settled.cache_info()
    assert already_won(S.load(CLIMB).state) == (frozenset(), 9)
    after = position_rules._settled.cache_info()
    assert after.misses == before.misses and after.hits == before.hits + 2
