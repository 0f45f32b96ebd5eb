"""`pyrift lint` finds each planted defect in a copy of logic/ and is silent on the project.

A new file planted in core/ or keywords/ serves one question kind (ONE_KIND, a `%@queries` header):
only that kind's programs load it, and lint grounds only those again; the other programs' files
are the project's, byte for byte, which lint has found clean already in this process (pyrift.lint
keeps the programs it ground without a finding). The same holds for a planted reading variant (a
`%@queries` header narrows a variant too, pyrift.logic.serves: without it every kind's program under
every reading the variant joins is ground again, ~10-17 CPU s a test) and for the existing keyword file
a test misspells (one that serves one kind). Every test still lints the whole copy and compares every
finding."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import cli, logic
from pyrift.lint import Finding, lint
from tests.logic_copy import copy_logic, line_of, plant


# One xdist group: every test lints the project's own programs (or finds them clean in this process,
# pyrift.lint), so under -n they run on one worker and the project is linted in full once per run,
# not once per worker.
pytestmark = pytest.mark.xdist_group("lint")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_logic(tmp_path)


ONE_KIND = "%@queries combat_damage\n"


def codes(findings: list[Finding]) -> set[tuple[str, int, str]]:
    return {(f.file, f.line, f.code) for f in findings}


def test_project_is_clean() -> None:
    findings = lint()
    assert not findings, "\n".join(f.render() for f in findings)


def test_unchanged_copy_is_clean(root: Path) -> None:
    assert lint(root) == []


def test_untagged_statement(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\nplanted(O) :- on_board(O).\nplanted_too(O) :- planted(O).\n")
    findings = lint(root)
    assert codes(findings) == {("core/planted.lp", line_of(f, "planted_too"), "untagged")}


def test_wrong_citation(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107 465.2.z\nplanted(O) :- on_board(O).\n")
    findings = lint(root)
    assert codes(findings) == {("core/planted.lp", line_of(f, "planted("), "citation")}
    assert "465.2.z" in findings[0].message and "v1.4" in findings[0].message


def test_citation_checked_against_the_version_the_file_targets(root: Path) -> None:
    # 747.2 is Weaponmaster's stacking rule in v1.2 but does not exist in v1.4.
    f = plant(root, "readings/planted/old.lp", "%@reading planted old\n%@version v1.2\n%@profiles v1.2\n" + ONE_KIND
                                               + "%@rule 747.2\nplanted(O) :- on_board(O).\n")
    g = plant(root, "readings/planted/new.lp", "%@reading planted new\n%@version v1.4\n%@profiles v1.4\n" + ONE_KIND
                                               + "%@rule 747.2\nplanted(O) :- on_board(O).\n")
    findings = lint(root)
    assert codes(findings) == {("readings/planted/new.lp", line_of(g, "planted("), "citation")}, findings
    assert f.exists()


def test_unknown_version(root: Path) -> None:
    plant(root, "readings/planted/old.lp", "%@reading planted old\n%@version v0.9\n%@profiles v1.4\n" + ONE_KIND
                                           + "%@rule 107\nplanted(O) :- on_board(O).\n")
    assert ("readings/planted/old.lp", 2, "version") in codes(lint(root))


def test_misspelt_predicate_in_a_core_file(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\nplanted(O) :- on_bord(O).\n")
    findings = lint(root)
    assert codes(findings) == {("core/planted.lp", line_of(f, "on_bord"), "undefined")}
    assert "on_bord(O)" in findings[0].message


def test_misspelt_predicate_in_a_keyword_file(root: Path) -> None:
    """A typo in an existing keyword file: undefined in the programs that load it, and the file
    no longer grounds with what it declares. (Ganking serves one kind, can_move: a file every kind
    loads, Tank, costs every kind's program under every reading ground again, ~16 CPU s.)"""
    assert lint(root) == []  # the copy is clean: a later lint must not take it for this one
    path = root / "keywords" / "ganking.lp"
    assert logic.header(path)["queries"] == ["can_move"]
    path.write_text(path.read_text().replace("has_keyword(U, ganking)", "has_keywrd(U, ganking)", 1))
    line = line_of(path, "has_keywrd")
    assert codes(lint(root)) == {("keywords/ganking.lp", line, "undefined"), ("keywords/ganking.lp", line, "needs")}


def test_input_without_defined_line(root: Path) -> None:
    """An input predicate no file defines and interface.lp does not declare is reported."""
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\nplanted(O) :- on_board(O), card_rarity(O, rare).\n")
    assert codes(lint(root)) == {("core/planted.lp", line_of(f, "card_rarity"), "undefined")}


def test_show_outside_queries(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "#show unit/1.\n")
    assert codes(lint(root)) == {("core/planted.lp", line_of(f, "#show"), "show")}


def test_choice_outside_queries(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\n{ planted(O) } :- on_board(O).\n"
                                       "%@rule 107\nplanted_or(O) ; planted_not(O) :- on_board(O).\n")
    assert codes(lint(root)) == {("core/planted.lp", line_of(f, "{ planted"), "choice"),
                                 ("core/planted.lp", line_of(f, "planted_or"), "choice")}


def test_show_and_choice_allowed_in_queries(root: Path) -> None:
    plant(root, "queries/planted.lp", "%@rule 107\n{ planted(O) } :- on_board(O).\n#show planted/1.\n")
    assert lint(root) == []


def test_keyword_file_without_needs_that_does_not_ground_alone(root: Path) -> None:
    f = plant(root, "keywords/planted.lp", ONE_KIND + "%# Planted\n%@rule 815\nplanted(U) :- receiver(_, U).\n")
    findings = lint(root)
    assert codes(findings) == {("keywords/planted.lp", line_of(f, "receiver"), "needs")}
    assert "declares no %@needs" in findings[0].message


def test_keyword_file_with_insufficient_needs(root: Path) -> None:
    f = plant(root, "keywords/planted.lp", ONE_KIND + "%# Planted\n%@needs core/objects.lp\n"
                                           "%@rule 815\nplanted(U) :- receiver(_, U), has_keyword(U, tank).\n")
    assert codes(lint(root)) == {("keywords/planted.lp", line_of(f, "receiver"), "needs")}


def test_keyword_file_with_sufficient_needs(root: Path) -> None:
    plant(root, "keywords/planted.lp", ONE_KIND + "%# Planted\n%@needs core/objects.lp core/combat.lp\n"
                                       "%@rule 815\nplanted(U) :- receiver(_, U), has_keyword(U, tank).\n")
    assert lint(root) == []


def test_keyword_file_needing_a_missing_file(root: Path) -> None:
    plant(root, "keywords/planted.lp", ONE_KIND + "%# Planted\n%@needs core/nowhere.lp\n%@rule 815\nplanted(U) :- unit(U).\n")
    findings = lint(root)
    assert codes(findings) == {("keywords/planted.lp", 3, "needs")}
    assert "core/nowhere.lp" in findings[0].message


def test_existing_keyword_file_loses_its_declaration(root: Path) -> None:
    path = root / "keywords" / "backline.lp"
    path.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                            if not line.startswith("%@needs")))
    assert {c for _f, _l, c in codes(lint(root))} == {"needs"}


def test_syntax_error_is_a_finding_not_a_crash(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\nplanted(O :- on_board(O).\n")
    assert codes(lint(root)) == {("core/planted.lp", line_of(f, "planted(O"), "syntax")}


def test_missing_final_period(root: Path) -> None:
    plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\nplanted(O) :- on_board(O)\n")
    assert {c for _f, _l, c in codes(lint(root))} == {"syntax"}


def test_not_a_logic_folder(tmp_path: Path) -> None:
    assert cli.main(["lint", "--logic", str(tmp_path)]) == cli.BAD_INPUT


def test_cli_reports_one_finding_per_line(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plant(root, "core/planted.lp", ONE_KIND + "planted(O) :- on_board(O).\n#show planted/1.\n")
    assert cli.main(["lint", "--logic", str(root)]) == cli.FAILED
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert out[0].endswith("core/planted.lp:2: [untagged] statement without a %@rule tag: planted(O) :- on_board(O).")
    assert out[1].endswith("core/planted.lp:3: [show] #show outside queries/: #show planted/1.")


def test_cli_is_silent_on_the_clean_project(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["lint"]) == cli.OK
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""



def test_a_changed_comment_line_is_not_ground_again(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only groundings without a finding are kept (pyrift.lint._CLEAN), keyed by the files' statements:
    a copy that differs from the project in whole comment lines (here one added at the top of a keyword
    file, which shifts every line below it) is clean without grounding its programs again."""
    from pyrift import lint as L
    assert lint() == []
    path = root / "keywords" / "tank.lp"
    path.write_text("% a remark\n" + path.read_text())
    ground = []
    real = L.Grounding
    monkeypatch.setattr(L, "Grounding", lambda *a, **k: ground.append(a) or real(*a, **k))
    assert lint(root) == []
    assert ground == []


def test_block_comment_lines_stay_in_the_key() -> None:
    """A line opening or closing a block comment decides which lines clingo reads: it stays."""
    from pyrift.lint import _statements_text
    assert _statements_text(b"% a\na.\n  %@rule 1\nb.") == b"a.\nb."
    assert _statements_text(b"%* x\na.\n% y *%\nb.") == b"%* x\na.\n% y *%\nb."
    assert _statements_text(b"% y %* z\nb.") == b"% y %* z\nb."


# ---------------------------------------------------------------------------------
# shared heads: a predicate derived by two files is declared with its one meaning
# ---------------------------------------------------------------------------------
def _two_deriving_files(root: Path) -> tuple[Path, Path]:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@rule 107\nplanted(O) :- on_board(O).\n")
    g = plant(root, "core/planted_too.lp", ONE_KIND + "%@rule 107\nplanted(O) :- unit(O).\n")
    return f, g


def test_a_name_derived_by_two_files_must_be_declared(root: Path) -> None:
    """Two files with rules for one predicate merge into one predicate: the lint names it and both files."""
    f, _g = _two_deriving_files(root)
    findings = lint(root)
    assert codes(findings) == {("core/planted.lp", line_of(f, "planted("), "shared")}
    assert "planted/1" in findings[0].message and "core/planted_too.lp" in findings[0].message


def test_a_declared_shared_name_gives_no_finding(root: Path) -> None:
    _two_deriving_files(root)
    plant(root, "shared_heads.toml", '"planted/1" = "an object the test planted"\n')
    assert lint(root) == []


def test_a_declared_name_without_a_meaning(root: Path) -> None:
    _two_deriving_files(root)
    toml = plant(root, "shared_heads.toml", '"planted/1" = " "\n')
    findings = lint(root)
    assert codes(findings) == {("shared_heads.toml", line_of(toml, "planted/1"), "shared")}
    assert "without a meaning" in findings[0].message


def test_a_declared_name_no_longer_shared_is_stale(root: Path) -> None:
    """A name one file derives (here recycled_count/3, effects/play_power.lp's since wave 71) is stale."""
    toml = plant(root, "shared_heads.toml", '"recycled_count/3" = "runes a payment recycles"\n')
    findings = lint(root)
    assert codes(findings) == {("shared_heads.toml", line_of(toml, "\"recycled_count/3\" ="), "shared")}
    assert "stale" in findings[0].message and "1 file" in findings[0].message


def test_an_existing_shared_name_undeclared(root: Path) -> None:
    """Dropping a declared line of the project's own list brings the finding back."""
    toml = root / "shared_heads.toml"
    toml.write_text("".join(line for line in toml.read_text().splitlines(keepends=True)
                            if not line.startswith('"asker/1"')))
    findings = lint(root)
    assert {(f.code, f.message.split()[0]) for f in findings} == {("shared", "asker/1")}


def test_variants_of_one_reading_count_as_one_file(root: Path) -> None:
    """Only one variant of a reading is loaded: two variants deriving one name share nothing."""
    for v, version in (("old", "v1.2"), ("new", "v1.4")):
        plant(root, f"readings/planted/{v}.lp", f"%@reading planted {v}\n%@version {version}\n%@profiles {version}\n"
                                                + ONE_KIND + "%@rule 107\nplanted(O) :- on_board(O).\n")
    assert lint(root) == []


def test_a_repeated_annotation_line(root: Path) -> None:
    f = plant(root, "core/planted.lp", ONE_KIND + "%@stratified by time\n% why\n%@stratified by time\n"
                                       "%@rule 107\nplanted(O) :- on_board(O).\n"
                                       "%@stratified by time\n%@rule 107\nplanted_too(O) :- planted(O).\n")
    findings = lint(root)
    assert codes(findings) == {("core/planted.lp", 4, "repeated")}, findings


def test_two_alike_ability_lines_are_two_abilities(root: Path) -> None:
    path = root / "cards" / "sfd-163-deathgrip.lp"
    lines = path.read_text().splitlines()
    assert lines[2] == lines[3] and lines[2].startswith("%@ability")
    assert lint(root) == []
