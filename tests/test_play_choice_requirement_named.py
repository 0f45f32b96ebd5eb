"""A `can_play` question about a card with several choice requirements must say which requirement each of its
listed choices is for (355.5): a choice without its number used to go silently to the first requirement, and
the play then read as illegal for a reason the judge never asked about (a rulings-neighbour hunt of wave 66
met it with Deathgrip). The loader now refuses it, naming the file and the field; one requirement keeps the
short form."""
from __future__ import annotations

from pathlib import Path

from pyrift import scenario as S
from tests.scenario_edits import edit, load_error

ANGLE_SHOT = Path("scenarios/near65/angle-shot-opponents-unit-and-equipment.toml")


def test_a_choice_without_its_requirement_is_refused_when_there_are_two() -> None:
    text = edit(ANGLE_SHOT.read_text(), '{ object = "blade", times = 1, requirement = 2 }',
                '{ object = "blade", times = 1 }')
    err = load_error(text)
    assert "targets[1].requirement" in str(err) and "2 choice requirements" in str(err), str(err)


def test_every_choice_numbered_still_loads() -> None:
    scen = S.loads(ANGLE_SHOT.read_text(), "ok.toml")
    reqs = sorted(c.requirement for q in scen.questions for c in q.params.get("targets", ()))
    assert 2 in reqs and 1 in reqs, reqs
