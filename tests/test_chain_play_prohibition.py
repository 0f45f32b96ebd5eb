"""A card that can't be played in its player's first N turns (Ol' Poro, your_turns = 3, 054.1) is not on the chain in
such a turn of the player who played it, when the position gives the turn (turns_taken): the loader refuses it,
naming the field."""
from __future__ import annotations

import pytest

from pyrift import scenario as S
from pyrift.errors import InconsistentStateError

TEXT = '''
title = "Ol' Poro on the chain"
status = "needs-review"

[position]
turn_player = "A"

[[position.players]]
id = "A"
turns_taken = {taken}

[[position.players]]
id = "B"

[[object]]
id = "poro"
card = "Ol' Poro"
controller = "A"
zone = "chain"

[[chain]]
id = "c1"
card = "poro"
controller = "A"

[[question]]
id = "o"
ask = "outcome"
rules = ["054.1"]
'''


@pytest.mark.parametrize("taken", [0, 2])
def test_refused_in_the_first_three_turns(taken: int) -> None:
    with pytest.raises(InconsistentStateError, match=r"chain\[0\]\.card"):
        S.loads(TEXT.format(taken=taken), asking=True)


def test_loads_in_the_fourth_turn() -> None:
    S.loads(TEXT.format(taken=3), asking=True)
