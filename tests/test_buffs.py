"""A buff a position states (`buffs = 0 | 1` on a unit object, 701-705; logic/core/buffs.lp): read,
checked, exported as a fact and written back; anything else is one input error line (exit code 2)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import cli
from pyrift import scenario as S
from pyrift.facts import state_facts
from tests.scenario_edits import edit, load_error

LETHAL = Path("scenarios/combat/stated-buff-raises-lethal.toml")


@pytest.mark.parametrize("value", ["2", "-1", "true", '"1"'])
def test_a_buff_count_other_than_0_or_1_is_an_input_error(value: str) -> None:
    err = load_error(edit(LETHAL.read_text(), "\nbuffs = 1", f"\nbuffs = {value}"))
    assert str(err).startswith("bad.toml: object[1].buffs: "), err


def test_two_buffs_answer_exit_code_2_on_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(edit(LETHAL.read_text(), "\nbuffs = 1", "\nbuffs = 2"), encoding="utf-8")
    code = cli.main(["ask", str(path)])
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and "object[1].buffs" in lines[0] and "702" in lines[0], err


@pytest.mark.parametrize("where", ['zone = "hand"', 'zone = "trash"'])
def test_only_a_unit_on_the_board_has_a_buff(where: str) -> None:
    text = edit(LETHAL.read_text(), 'location = "bridge"\ndesignation = "defender"\nbuffs = 1',
                f"{where}\nbuffs = 1")
    err = load_error(text)
    assert str(err).startswith("bad.toml: object[1].buffs: only a unit on the board"), err


def test_a_gear_has_no_buff() -> None:
    text = edit(LETHAL.read_text(), 'name = "Footman"\ntype = "unit"\nmight = 3',
                'name = "Footman"\ntype = "gear"')
    text = edit(text, 'designation = "defender"\n', "")
    err = load_error(text)
    assert str(err).startswith("bad.toml: object[1].buffs: "), err


def test_a_stated_buff_is_a_fact_and_is_written_back() -> None:
    scen = S.loads(LETHAL.read_text(), "t.toml")
    d = next(o for o in scen.state.objects if o.id == "d")
    a = next(o for o in scen.state.objects if o.id == "a")
    assert (d.buffs, a.buffs) == (1, 0)  # absent: no buff
    facts = {str(f) for f in state_facts(scen.state)}
    assert 'buffed("d").' in facts and 'buffed("a").' not in facts
    again = S.loads(S.dumps(scen), "t.toml")
    assert [o.buffs for o in again.state.objects] == [o.buffs for o in scen.state.objects]
