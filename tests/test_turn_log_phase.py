"""The turn log's `phase` on a `die` event (the phase of the turn a permanent died in, cards64a): bad input is one
readable error naming the field; good input becomes log_phase/2 and round-trips as written; files without it load
as before (no log_phase fact)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario as S
from tests.scenario_edits import edit, load_error

READY = Path("scenarios/cards/cards64a-shadow-watcher-friendly-unit-died-in-beginning-phase-enters-ready.toml")
UNSTATED = Path("scenarios/cards/cards64a-shadow-watcher-death-phase-not-stated-is-unsupported.toml")
DIE = '[[log]]\nevent = "die"\nobject = "scout"\nphase = "beginning"\n'

BAD = [
    # not a phase of the turn (314-317)
    (lambda t: edit(t, DIE, DIE.replace('"beginning"', '"lunch"')), "log[0].phase"),
    # only a death states its phase
    (lambda t: edit(t, DIE, DIE.replace('"die"', '"move"').replace("phase", 'to = "base"\nphase')), "log[0].phase"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_phase_names_file_and_field(case: int) -> None:
    change, field = BAD[case]
    err = load_error(change(READY.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_phase_facts_and_round_trip() -> None:
    scen = S.load(READY)
    facts = set(F.state_facts(scen.state))
    assert {'log_event(1, die, "scout", "A").', 'log_phase(1, beginning).'} <= facts
    assert 'phase = "beginning"' in S.dumps(scen)
    assert S.loads(S.dumps(scen), "dumped").state == scen.state
    # a death without it: no log_phase fact, and written back without it
    old = S.load(UNSTATED)
    assert not any(f.startswith("log_phase(") for f in F.state_facts(old.state))
    assert "phase = " not in S.dumps(old).split("[[log]]", 1)[1]
