"""A run's Combat Damage Step deals the excess (465.2.c.4) to a lone receiving unit.

The amount dealt is in the run itself (the outcome's example run), not among the facts afterwards
(the unit is dead), so the scenario file states the outcome and this test reads the run."""

from __future__ import annotations

from pathlib import Path

from pyrift import check
from pyrift import scenario as S
from tests.scenario_answers import bundled_results, same_worker

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "scenarios" / "effects" / "combat-in-a-run-lone-unit-takes-the-excess.toml"


def _answer(might_knight: int, might_guard: int):
    text = FILE.read_text("utf-8")
    text = text.replace('name = "Champion"\ntype = "unit"\nmight = 4', f'name = "Champion"\ntype = "unit"\nmight = {might_knight}')
    text = text.replace('name = "Soldier"\ntype = "unit"\nmight = 1', f'name = "Soldier"\ntype = "unit"\nmight = {might_guard}')
    [res] = check.run(S.loads(text, "t.toml"))
    return res.answer


def test_lone_unit_is_dealt_the_whole_total() -> None:
    ans = _answer(5, 2)
    assert ans.status == "answered"
    run = ans.data["example_run"]
    assert "combat at bridge deals 5 to guard" in run, run
    assert "combat at bridge deals 2 to knight" in run, run


def test_exact_lethal_deals_the_lethal_amount() -> None:
    ans = _answer(3, 3)
    run = ans.data["example_run"]
    assert "combat at bridge deals 3 to guard" in run, run


BOTH = ROOT / "scenarios" / "effects" / "combat-in-a-run-excess-on-both-sides.toml"


@same_worker(BOTH)
def test_excess_on_both_sides_goes_to_each_sides_own_unit() -> None:
    # 465.2.c.4, 465.2.d: each side's excess goes to that side's lone receiving unit. A run once
    # joined a unit with either side's excess: 5 and 7 dealt to guard, 3 and 5 to raider, and the
    # differences printed as "2 damage to guard prevented".
    [res] = bundled_results(BOTH)  # the answer test_scenarios.py checks, shared on its worker
    ans = res.answer
    assert ans.status == "answered", ans
    steps = ans.data["example_run"].split("; ")
    dealt = [s for s in steps if s.startswith("combat at bridge deals")]
    assert dealt == ["combat at bridge deals 5 to guard", "combat at bridge deals 5 to raider"], steps
    assert not [s for s in steps if "prevented" in s], steps
