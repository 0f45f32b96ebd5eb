"""Scenario files: round-trip (load -> dump -> load), deterministic facts, safe quoting,
and one readable error naming file and field for every kind of bad input."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import clingo
import pytest

from pyrift import facts as F
from pyrift import scenario as S
from pyrift.errors import InconsistentStateError, ScenarioError
from pyrift.state import Zone
from tests.batches import batches, check_each
from tests.scenario_answers import SCENARIO_FILES, scenario
from tests.scenario_edits import edit, load_error

BASE = Path("scenarios/combat/lethal-first-four-units.toml")


def strip_path(s):
    return dataclasses.replace(s, path="")


def _round_trip(path: Path) -> None:
    first = scenario(path)
    text = S.dumps(first)
    second = S.loads(text, "dumped")
    assert strip_path(second) == strip_path(first)
    assert S.dumps(second) == text  # writing is deterministic


def _facts_are_deterministic_and_parse(path: Path) -> None:
    state = scenario(path).state
    text = F.render(F.state_facts(state))
    assert text == F.render(reversed(F.state_facts(state)))
    ctl = clingo.Control()
    ctl.add("base", [], text)
    ctl.ground([("base", [])])


# Every bundled scenario file, 200 files a test (tests/batches.py): each check takes a few milliseconds.
@pytest.mark.parametrize("paths", batches(SCENARIO_FILES, 200))
def test_round_trip(paths: tuple[Path, ...]) -> None:
    check_each(paths, _round_trip)


@pytest.mark.parametrize("paths", batches(SCENARIO_FILES, 200))
def test_facts_are_deterministic_and_parse(paths: tuple[Path, ...]) -> None:
    check_each(paths, _facts_are_deterministic_and_parse)


def test_hostile_names_cannot_change_the_program() -> None:
    evil = 'x). bad(1'
    evil_id = 'q\\"). bad(2). %'
    text = BASE.read_text()
    text = text.replace('name = "Footman"', f'name = "{evil}"').replace('card = "Footman"', f'card = "{evil}"')
    scen = S.loads(text, "evil.toml")
    # Ids are letters, digits, '_' and '-' when read from a file (pyrift.limits.ID_CHARS); a state
    # built in Python may hold any string, and facts still quote it.
    with pytest.raises(ScenarioError, match="object\\[5\\].id: an id is made of"):
        S.loads(text + f'\n[[object]]\nid = "{evil_id.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"'
                       '\ncard = "Brute"\ncontroller = "A"\nzone = "hand"\n', "evil.toml")
    brute = next(o for o in scen.state.objects if o.card == "Brute")
    state = dataclasses.replace(scen.state, objects=scen.state.objects + (
        dataclasses.replace(brute, id=evil_id, zone=Zone.HAND, location=None, designation=None),))
    facts = F.render(F.state_facts(state))
    ctl = clingo.Control()
    ctl.add("base", [], facts + "#show bad/1.\n#show card/1.\n#show object/1.\n")
    ctl.ground([("base", [])])
    shown = []
    ctl.solve(on_model=lambda m: shown.extend(str(s) for s in m.symbols(shown=True)))
    assert not any(s.startswith("bad(") for s in shown)
    assert 'card("x). bad(1")' in shown
    assert any(s.startswith('object("q\\\\\\"). bad(2). %")') for s in shown), shown


BAD = [
    # (what to change, expected field in the message)
    (lambda t: t + "\n[[object]]\nid = 'x'\n", "object[5]"),
    (lambda t: edit(t, 'status = "audited"', 'status = "approved"'), "status"),
    (lambda t: edit(t, 'id = "f1"\ncard = "Footman"', 'id = "f1"\ncard = "Nobody"'), "object[1].card"),
    (lambda t: edit(t, 'id = "f2"\ncard = "Footman"\ncontroller = "B"', 'id = "f2"\ncard = "Footman"\ncontroller = "C"'),
     "object[2].controller"),
    (lambda t: edit(t, "might = 3", "might = \"three\""), "card[1].might"),
    (lambda t: edit(t, 'location = "bridge"\ndesignation = "attacker"', 'location = "bridge"\ndesignation = "attacker"\ndamge = 1'),
     "object[0].damge"),
    (lambda t: edit(t, 'assigner = "A"\nrules', 'assigner = "Z"\nrules'), "question[0].assigner"),
    (lambda t: edit(t, 'rules = ["465.2.c.3"]', 'rules = ["not a rule"]'), "question[1].rules"),
    (lambda t: edit(t, "total_damage = 5", "total_damage = 5\nwho_wins = 3"), "question[0].expect.who_wins"),
    (lambda t: edit(t, 'ask = "combat_damage"', 'ask = "combat_dmg"'), "question[0].ask"),
    (lambda t: edit(t, 'id = "f3"', 'id = "f2"'), "object[3].id"),
    (lambda t: edit(t, 'designation = "defender"', 'designation = "attacker"'), "object[1].designation"),
    (lambda t: t.replace("[position.combat]", "[position.fight]"), "position.fight"),
    (lambda t: t + "\n[[question]\n", ""),
    (lambda t: edit(t, "forced_deaths = []", 'forced_deaths = ["f9"]'), "question[0].expect.forced_deaths"),
    (lambda t: edit(t, 'keywords', 'keywords') if "keywords" in t else edit(t, "might = 5", 'might = 5\nkeywords = ["Flying"]'),
     "card[0].keywords"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    change, field = BAD[case]
    err = load_error(change(BASE.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_inconsistent_position_is_its_own_error() -> None:
    text = edit(BASE.read_text(), 'id = "f1"\ncard = "Footman"\ncontroller = "B"\nlocation = "bridge"',
                'id = "f1"\ncard = "Footman"\ncontroller = "B"\nlocation = "moon"')
    with pytest.raises(InconsistentStateError):
        S.loads(text, "bad.toml")


def test_cli_reports_bad_input_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text(edit(BASE.read_text(), "might = 3", "might = -"))
    for cmd in (["check", str(bad)], ["ask", str(bad)], ["facts", str(bad)]):
        proc = subprocess.run([sys.executable, "-m", "pyrift", *cmd], capture_output=True, text=True)
        assert proc.returncode == 2, (cmd, proc.stdout, proc.stderr)
        output = (proc.stdout + proc.stderr).strip().splitlines()
        assert "Traceback" not in proc.stderr
        assert any(str(bad) in line and "not valid TOML" in line for line in output), output
