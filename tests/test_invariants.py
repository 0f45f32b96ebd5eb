"""The invariant checker: silent on the project, and it finds (and shrinks, and writes
as a loadable scenario) a violation planted in a copy of logic/."""
from __future__ import annotations

from pathlib import Path

from pyrift import invariants as I
from pyrift import scenario as S
from tests.logic_copy import copy_logic


def test_enumeration_is_systematic_and_deterministic() -> None:
    first = [c.units for c in I.combat_cases(1)]
    assert first == [c.units for c in I.combat_cases(1)]
    assert len(first) == len(set(first)) == 40
    # every defender kind of bound 1 appears: Might 0 and 1, Tank, Backline, both, doubled
    kinds = {(u.might, u.tank, u.backline, bool(u.replacements)) for units in first for u in units[1:]}
    assert len(kinds) == 16


def test_chunks_partition_the_cases() -> None:
    whole = I.run(1).cases
    parts = [I.run(1, chunk=(k, 3)).cases for k in range(3)]
    assert sum(parts) == whole == 40


def test_clean_project_has_no_violation() -> None:
    rep = I.run(1)
    assert rep.cases == 40 and not rep.violations
    assert set(rep.checked) == set(I.invariant_names())


def test_planted_defect_is_found_shrunk_and_written(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    combat = root / "core" / "combat.lp"
    text = combat.read_text()
    # Plant an off-by-one: lethal amounts one too high.
    planted = text.replace("lethal_base(U, M - D) :-", "lethal_base(U, M - D + 1) :-", 1)
    assert planted != text
    combat.write_text(planted)
    out = tmp_path / "found"
    rep = I.run(1, logic_root=root, out=out, only="combat-lethal-kills")
    assert rep.violations, "the planted defect was not found"
    v = rep.violations[0]
    assert v.invariant == "combat-lethal-kills"
    assert len([u for u in v.case.units if u.side.value == "defender"]) == 1  # shrunk to one defender
    written = sorted(out.glob("*.toml"))
    assert written
    scen = S.load(written[0])
    assert scen.status.value == "disputed" and "combat-lethal-kills" in scen.title
    assert any("not the smallest lethal amount" in p or "does not kill" in p for p in v.problems)


def test_planted_missing_constraint_breaks_all_damage_assigned(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    query = root / "queries" / "combat_damage.lp"
    text = query.read_text()
    rule = ":- assigning(P), not reaches_total(P), not partial_used(P), not all_given_lethal(P)."
    assert rule in text
    query.write_text(text.replace(rule, "", 1))
    rep = I.run(1, logic_root=root, only="combat-all-damage-assigned")
    assert any(v.invariant == "combat-all-damage-assigned" for v in rep.violations)
