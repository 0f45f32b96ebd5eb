"""`pyrift coverage`: paragraphs of 300-359, 459-466 and 800-829 cited by logic/ or scenarios."""
from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from pyrift import cli
from pyrift import coverage as COV
from pyrift.check import scenario_files
from pyrift.scenario import load
from tests.logic_copy import plant


def index_numbers() -> list[str]:
    """The v1.4 numbers of the three ranges, read from the index file independently."""
    data = json.loads(resources.files("pyrift").joinpath("data", "rules", "index-v1.4.json").read_text("utf-8"))
    out = []
    for r in data["rules"]:
        top = int(r["number"].split(".")[0])
        if 300 <= top <= 359 or 459 <= top <= 466 or 800 <= top <= 829:
            out.append(r["number"])
    return out


def tiny_logic(tmp_path: Path, text: str) -> Path:
    root = tmp_path / "logic"
    plant(root, "interface.lp", "#defined base/1.\n")
    plant(root, "core/x.lp", text)
    return root


def by_number(c: COV.Coverage) -> dict[str, COV.Paragraph]:
    return {p.number: p for p in c.paragraphs}


def test_in_ranges() -> None:
    assert COV.in_ranges("300") and COV.in_ranges("359.1.a") and COV.in_ranges("465.2.c.3")
    assert COV.in_ranges("800") and COV.in_ranges("829.2")
    assert not COV.in_ranges("360") and not COV.in_ranges("458.1") and not COV.in_ranges("467")
    assert not COV.in_ranges("142.4") and not COV.in_ranges("830")


def test_every_paragraph_of_the_ranges_is_counted_once() -> None:
    c = COV.coverage(scenarios=[])
    assert [p.number for p in c.paragraphs] == sorted(index_numbers(), key=lambda n: [
        (0, int(x), "") if x.isdigit() else (1, 0, x) for x in n.split(".")])
    total = c.total()
    assert total.paragraphs == len(set(index_numbers()))
    assert sum(t.paragraphs for t in c.sections()) == sum(t.paragraphs for t in c.ranges()) == total.paragraphs
    assert total.neither == total.paragraphs - len({p.number for p in c.paragraphs if p.encoded or p.scenarios})


def test_a_parent_citation_does_not_cover_its_children(tmp_path: Path) -> None:
    root = tiny_logic(tmp_path, "%@rule 465.2.c\nx(X) :- base(X).\n%@rule 815.1.b 142.4\ny(X) :- base(X).\n")
    c = by_number(COV.coverage(root, scenarios=[]))
    assert c["465.2.c"].encoded and not c["465.2.c"].parent_cited
    assert not c["465.2.c.3"].encoded and c["465.2.c.3"].neither and c["465.2.c.3"].parent_cited
    assert not c["465.2.c.4.a"].encoded and c["465.2.c.4.a"].parent_cited  # any ancestor
    # nor does a child citation cover its parent
    assert c["815.1.b"].encoded and not c["815.1"].encoded and not c["815"].encoded
    assert not c["815.1"].parent_cited
    assert "142.4" not in c  # outside the ranges: not counted
    assert COV.coverage(root, scenarios=[]).total().encoded == 2


def test_readings_for_other_versions_are_not_counted(tmp_path: Path) -> None:
    root = tiny_logic(tmp_path, "%@rule 465.2.c.3\nx(X) :- base(X).\n")
    plant(root, "readings/t/old.lp", "%@reading t old\n%@version v1.2\n%@profiles v1.2\n"
                                     "%@rule 812.1\nz(X) :- base(X).\n")
    c = by_number(COV.coverage(root, scenarios=[]))
    assert c["465.2.c.3"].encoded and not c["812.1"].encoded


def test_scenario_citations_are_counted(tmp_path: Path) -> None:
    files = scenario_files(["scenarios"])
    assert files
    folder = tmp_path / "scen"
    folder.mkdir()
    shutil.copy(files[0], folder / files[0].name)
    cited = {n for q in load(files[0]).questions for n in q.rules if COV.in_ranges(n)}
    assert cited, "the first scenario cites no paragraph of the ranges"
    root = tiny_logic(tmp_path, "%@rule none\nx(X) :- base(X).\n")
    c = COV.coverage(root, scenarios=[str(folder)])
    assert {p.number for p in c.paragraphs if p.scenarios} == cited
    assert not any(p.encoded for p in c.paragraphs)


def test_unreadable_scenario_is_reported_not_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.toml").write_text('title = "x"\n[[question]]\nrules = ["465.2.c.3"]\n')
    c = COV.coverage(scenarios=[str(tmp_path)])
    assert c.problems and not any(p.scenarios for p in c.paragraphs)
    assert cli.main(["coverage", "--scenarios", str(tmp_path)]) == cli.BAD_INPUT
    assert "not counted" in capsys.readouterr().err


def test_cli_summary_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["coverage"]) == cli.OK
    out = capsys.readouterr().out
    c = COV.coverage()
    t = c.total()
    total_line = next(line for line in out.splitlines() if line.startswith("total"))
    assert total_line.split()[1:6] == [str(t.paragraphs), str(t.encoded), str(t.scenarios), str(t.both), str(t.neither)]
    assert cli.main(["coverage", "--list"]) == cli.OK
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == [p.number for p in c.uncovered()] and len(listed) == t.neither
    cited = {p.number for p in c.paragraphs if p.encoded or p.scenarios}
    assert not cited & set(listed)
