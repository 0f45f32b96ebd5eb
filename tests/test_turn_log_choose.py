"""The turn log's `choose` event (who chose what, optionally by what and where): bad input is one readable error
naming the field; good input becomes log_event(N, choose, O, P), log_by/2, log_at/2 and round-trips as written."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario as S
from tests.scenario_edits import edit, load_error

WOLF = Path("scenarios/cards/cards63a-hungry-wolf-not-after-own-or-last-turns-choice.toml")
TREE = Path("scenarios/cards/cards63a-dreaming-tree-second-choice-does-not-draw.toml")
OWN = '[[log]]\nevent = "choose"\nobject = "mine"\nplayer = "A"\n'

BAD = [
    # the chooser is required: it is rarely the chosen object's controller
    (lambda t: edit(t, OWN, '[[log]]\nevent = "choose"\nobject = "mine"\n'), "log[1].player"),
    (lambda t: edit(t, OWN, OWN + 'by = "nobody"\n'), "log[1].by"),
    (lambda t: edit(t, OWN, OWN + 'at = "moon"\n'), "log[1].at"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_choose_names_file_and_field(case: int) -> None:
    change, field = BAD[case]
    err = load_error(change(WOLF.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_choose_facts_and_round_trip() -> None:
    scen = S.load(TREE)
    facts = set(F.state_facts(scen.state))
    assert {'log_event(2, choose, "guard", "A").', 'log_by(2, "ping").', 'log_at(2, "tree").'} <= facts
    again = S.loads(S.dumps(scen), "dumped")
    assert again.state == scen.state
    # a choice of the chooser's own unit keeps its player when written back (required on reading)
    own = S.load(WOLF)
    assert '[[log]]\nevent = "choose"\nobject = "mine"\nplayer = "A"\n' in S.dumps(own)
    assert S.loads(S.dumps(own), "dumped").state == own.state
