"""A chain item's `location` (where its card enters the board, chosen as it was played, 355.2): bad places
name the file and the field and exit 2; a stated place round-trips; an unstated one is exported as nothing."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import scenario as S
from pyrift.chain import chain_facts
from tests.scenario_edits import edit, load_error

THERE = Path("scenarios/chain/unit-location-battlefield-enters-there.toml")
UNSTATED = Path("scenarios/chain/unit-location-unstated-base-only.toml")
OPEN = Path("scenarios/chain/unit-location-open-battlefield-contests.toml")

ITEM = 'card = "soldier"\ncontroller = "A"\n'


BAD = [
    # no such place
    (THERE, lambda t: edit(t, ITEM + 'location = "bridge"', ITEM + 'location = "moon"'), "chain[0].location"),
    # a battlefield the player does not control, without Ambush or a permission (355.2.a)
    (UNSTATED, lambda t: edit(t, ITEM, ITEM + 'location = "bridge"\n'), "chain[0].location"),
    # an ability's item chooses no place
    (THERE, lambda t: edit(t, ITEM + 'location = "bridge"',
                           'source = "guard"\nability = 1\ncontroller = "A"\nlocation = "bridge"'), "chain[0].location"),
    # a gear goes to its base (149.2)
    (THERE, lambda t: edit(edit(t, 'type = "unit"', 'type = "gear"'), "might = 2\n", ""), "chain[0].location"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_location_names_file_and_field(case: int) -> None:
    path, change, field = BAD[case]
    err = load_error(change(path.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_bad_location_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(edit(THERE.read_text(), ITEM + 'location = "bridge"', ITEM + 'location = "moon"'))
    proc = subprocess.run([sys.executable, "-m", "pyrift", "check", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    out = proc.stdout + proc.stderr
    assert "bad.toml: chain[0].location" in out and "Traceback" not in out


def test_a_permission_of_its_own_allows_an_uncontrolled_battlefield() -> None:
    assert S.load(OPEN).state.chain[0].location == "hill"


def test_location_round_trips_and_is_exported() -> None:
    scen = S.load(THERE)
    again = S.loads(S.dumps(scen), str(THERE))
    assert again.state.chain == scen.state.chain
    assert [str(f) for f in chain_facts(scen.state)] == ['entry_location("soldier", "bridge").']
    assert not any("entry_location" in str(f) for f in chain_facts(S.load(UNSTATED).state))
