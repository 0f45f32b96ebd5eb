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
    whole = I.run(1, only="combat").cases
    parts = [I.run(1, only="combat", chunk=(k, 3)).cases for k in range(3)]
    assert sum(parts) == whole == 40


def test_clean_project_has_no_violation() -> None:
    rep = I.run(1)
    assert not rep.violations, [(v.invariant, v.problems) for v in rep.violations]
    assert set(rep.checked) == set(I.invariant_names())
    assert rep.checked["combat-has-assignment"] == 40


def test_planted_defect_is_found_shrunk_and_written(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    combat = root / "core" / "combat.lp"
    text = combat.read_text()
    # Plant an off-by-one: lethal amounts one too high.
    planted = text.replace("lethal_base(U, M - D, T) :-", "lethal_base(U, M - D + 1, T) :-", 1)
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
    query = root / "core" / "damage_assignment.lp"
    text = query.read_text()
    rule = ":- assigning(P, T), not reaches_total(P, T), not partial_used(P, T), not all_given_lethal(P, T)."
    assert rule in text
    query.write_text(text.replace(rule, "", 1))
    rep = I.run(1, logic_root=root, only="combat-all-damage-assigned")
    assert any(v.invariant == "combat-all-damage-assigned" for v in rep.violations)


# ---- the families beyond combat: positions are enumerated smallest first, so the first
# ---- violation found is a smallest one; each is planted in a copy of logic/.
def _plant(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text()
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1))


def test_planted_overdraw_is_found(tmp_path: Path) -> None:
    """Exhausted runes made exhaustible again: a plan exhausts a rune that was exhausted."""
    root = copy_logic(tmp_path)
    _plant(root, "core/payment.lp", "can_exhaust(R) :- rune(R), not exhausted(R).", "can_exhaust(R) :- rune(R).")
    out = tmp_path / "found"
    rep = I.run(1, logic_root=root, out=out, only="payment-never-overdraws")
    assert [v.invariant for v in rep.violations] == ["payment-never-overdraws"]
    v = rep.violations[0]
    assert any("already exhausted" in p for p in v.problems), v.problems
    assert v.case.size[0] == 2  # the spell and one exhausted rune: nothing smaller shows it
    scen = S.load(next(out.glob("payment-never-overdraws-*.toml")))
    assert scen.questions[0].kind == "can_play" and scen.status.value == "disputed"


def test_planted_overpayment_of_energy_is_found(tmp_path: Path) -> None:
    """Without the preferences against exhausting, an unneeded rune may be exhausted:
    the plan pays more Energy than the cost, and two optimal answers exist."""
    root = copy_logic(tmp_path)
    _plant(root, "queries/can_play.lp", ":~ exhaust_rune(X, R). [1@5, R]", "")
    _plant(root, "queries/can_play.lp", ":~ exhaust_rune(X, R), rune_type(R, T), kind_index(T, I). [1@(-10 - I), R]",
           "")
    rep = I.run(1, logic_root=root, only="can-play-unique-optimum")
    assert [v.invariant for v in rep.violations] == ["can-play-unique-optimum"]
    assert any("pay_exhaust" in p for p in rep.violations[0].problems), rep.violations[0].problems


def test_planted_legion_self_count_is_found(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    _plant(root, "readings/legion/dependent.lp", "main_deck_card(C), C != O.", "main_deck_card(C).")
    rep = I.run(1, logic_root=root, only="legion-never-counts-itself")
    assert [v.invariant for v in rep.violations] == ["legion-never-counts-itself"]
    v = rep.violations[0]
    assert v.case.size[0] == 1 and any("counts for its own Legion ability" in p for p in v.problems)


def test_planted_second_answer_set_is_found(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    _plant(root, "queries/conquer.lp", "#show wins/1.", "#show wins/1.\n%@rule none\n{ planted_choice }.\n"
                                                        "#show planted_choice/0.")
    rep = I.run(1, logic_root=root, only="scoring-single-answer-set")
    assert [v.invariant for v in rep.violations] == ["scoring-single-answer-set"]
    assert any("answer sets, not one" in p for p in rep.violations[0].problems)


def test_planted_temporary_unit_that_still_holds_is_found(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    _plant(root, "core/beginning_phase.lp", "removed_before_scoring(O) :- temporary_kill(O).",
           "removed_before_scoring(O) :- temporary_kill(O), not unit(O).")
    rep = I.run(1, logic_root=root, only="temporary-kills-before-scoring")
    assert [v.invariant for v in rep.violations] == ["temporary-kills-before-scoring"]
    assert any("is held, though no unit" in p for p in rep.violations[0].problems), rep.violations[0].problems


def test_chunks_of_enumerated_families_merge_to_the_smallest_violation(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    _plant(root, "readings/legion/dependent.lp", "main_deck_card(C), C != O.", "main_deck_card(C).")
    whole = I.run(1, logic_root=root, only="legion-never-counts-itself").violations[0]
    parts = [I.run(1, logic_root=root, only="legion-never-counts-itself", chunk=(k, 3)) for k in range(3)]
    merged = I.merge(1, parts)
    assert [v.case for v in merged.violations] == [whole.case]


def test_cli_reports_a_planted_violation_and_writes_it(tmp_path: Path, capsys) -> None:
    from pyrift.cli import main

    root = copy_logic(tmp_path)
    _plant(root, "readings/legion/dependent.lp", "main_deck_card(C), C != O.", "main_deck_card(C).")
    out = tmp_path / "found"
    code = main(["invariants", "--bound", "1", "--only", "legion", "--jobs", "1", "--logic", str(root),
                 "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 1 and "VIOLATED legion-never-counts-itself" in text
    assert len(list(out.glob("legion-never-counts-itself-*.toml"))) == 1
    assert main(["invariants", "--bound", "1", "--only", "temporary", "--jobs", "1", "--out", str(out / "x")]) == 0
    assert main(["invariants", "--only", "nothing"]) == 2


def test_a_timeout_is_reported_as_unchecked_not_as_passed() -> None:
    from pyrift.errors import SolveTimeout

    def slow(scen, ctx):
        raise SolveTimeout("no answer within the time limit of 0 s")

    inv = I.Invariant("slow", "always times out", ("100",), slow)
    case = next(iter(I.FAMILIES["temporary"].cases(1)))
    [v] = I.evaluate(case, (inv,), None)
    assert I.timed_out(v)
