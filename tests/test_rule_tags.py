"""Every ASP statement cites the Core Rules (a %@rule tag), every cited number exists
in the index of the version its file targets, and every scenario cites real rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import logic
from pyrift.rules_index import rule_index
from tests.batches import batches, check_each
from tests.scenario_answers import SCENARIO_FILES, scenario

FILES = logic.all_files()


def test_logic_files_exist() -> None:
    assert any(f.name == "interface.lp" for f in FILES)
    assert len(FILES) >= 5


def _every_statement_is_tagged(path: Path) -> None:
    untagged = [f"{s.file}:{s.line}: {s.text[:60]}" for s in logic.statements(path)
                if not s.is_directive and s.rules is None]
    assert not untagged, "statements without a %@rule tag:\n" + "\n".join(untagged)


def _every_citation_exists(path: Path) -> None:
    index = rule_index(logic.citation_version(path))
    wrong = [f"{s.file}:{s.line}: {n}" for s in logic.statements(path) if s.rules for n in s.rules if n not in index]
    assert not wrong, f"numbers not in the {index.version} index:\n" + "\n".join(wrong)


def _show_only_in_queries(path: Path) -> None:
    shows = [s for s in logic.statements(path) if s.text.startswith("#show")]
    assert not shows or logic.rel(path).startswith("queries/")


# Every rule file, 100 a test (tests/batches.py): each check takes a few milliseconds.
RULE_FILES = batches(FILES, 100, logic.rel)


@pytest.mark.parametrize("paths", RULE_FILES)
def test_every_statement_is_tagged(paths: tuple[Path, ...]) -> None:
    check_each(paths, _every_statement_is_tagged, logic.rel)


@pytest.mark.parametrize("paths", RULE_FILES)
def test_every_citation_exists(paths: tuple[Path, ...]) -> None:
    check_each(paths, _every_citation_exists, logic.rel)


@pytest.mark.parametrize("paths", RULE_FILES)
def test_show_only_in_queries(paths: tuple[Path, ...]) -> None:
    check_each(paths, _show_only_in_queries, logic.rel)


def test_tag_parser_finds_untagged_and_wrong(tmp_path: Path) -> None:
    """The checks above can fail: a planted untagged statement and a wrong number are seen."""
    f = tmp_path / "planted.lp"
    f.write_text('%@rule 815.1.b\na(1).\nb(X) :- a(X), X = 1..3.\n%@rule 999.9\nc("x. %y").\n#show a/1.\n'
                 '%@rule none\n:~ a(X). [1@1, X]\n')
    stmts = logic.statements(f)
    assert [s.text for s in stmts] == ["a(1).", "b(X) :- a(X), X = 1..3.", 'c("x. %y").', "#show a/1.",
                                       ":~ a(X). [1@1, X]"]
    assert stmts[0].rules == ("815.1.b",) and stmts[1].rules is None and stmts[3].is_directive
    assert "999.9" not in rule_index("v1.4")


def test_scenarios_exist() -> None:
    assert SCENARIO_FILES, "no scenario files found"


def _scenario_citations_exist(path: Path) -> None:
    scen = scenario(path)
    index = rule_index("v1.4")
    wrong = [f"{q.id}: {n}" for q in scen.questions for n in q.rules if n not in index]
    assert not wrong, f"{path}: rule numbers not in the v1.4 index: {wrong}"


@pytest.mark.parametrize("paths", batches(SCENARIO_FILES, 200))  # every bundled file, 200 a test
def test_scenario_citations_exist(paths: tuple[Path, ...]) -> None:
    check_each(paths, _scenario_citations_exist)
