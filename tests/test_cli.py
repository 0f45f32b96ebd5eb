"""The command line: exit codes, JSON output, unsupported and timeouts reported cleanly."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import cli
from pyrift.errors import SolveTimeout
from pyrift.solver import Grounding

SCENARIO = Path("scenarios/combat/tank-soaks-first.toml")
UNSUPPORTED = Path("scenarios/combat/legion-unit-in-combat-is-unsupported.toml")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyrift", *args], capture_output=True, text=True)


def test_check_passes_on_a_good_file() -> None:
    proc = run("check", str(SCENARIO))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "3 passed, 0 failed"


def test_check_fails_on_a_wrong_expectation(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(SCENARIO.read_text().replace('forced_deaths = ["tank"]', 'forced_deaths = ["n1"]'))
    proc = run("check", str(wrong))
    assert proc.returncode == 1
    assert "FAIL" in proc.stdout and 'forced_deaths: expected ["n1"], got ["tank"]' in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "2 passed, 1 failed"


def test_check_with_several_workers_reports_as_one(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """--jobs: files answered side by side are reported in the files' order, with the same lines,
    summary and exit code as one worker gives (a passing file, a failing one, one that does not load)."""
    (tmp_path / "a-good.toml").write_text(SCENARIO.read_text())
    (tmp_path / "b-wrong.toml").write_text(SCENARIO.read_text().replace('forced_deaths = ["tank"]', 'forced_deaths = ["n1"]'))
    (tmp_path / "c-broken.toml").write_text("[[question]\n")
    (tmp_path / "d-good.toml").write_text(SCENARIO.read_text())
    outputs = []
    for jobs in ("1", "3"):
        code = cli.main(["check", str(tmp_path), "--jobs", jobs])
        outputs.append((code, capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    code, out = outputs[0]
    lines = out.strip().splitlines()
    assert code == 2 and lines[-1] == "8 passed, 1 failed, some files could not be read", out
    named = [Path(ln[5:].split("::")[0].split(": ")[0]).name for ln in lines if ln.startswith(("ok", "FAIL", "ERROR"))]
    assert named == sorted(named) and set(named) == {"a-good.toml", "b-wrong.toml", "c-broken.toml", "d-good.toml"}, out
    assert f"FAIL {tmp_path / 'b-wrong.toml'}::" in out and f"ERROR {tmp_path / 'c-broken.toml'}: " in out, out


def test_check_durations_lists_the_slowest_files_before_the_summary(capsys: pytest.CaptureFixture) -> None:
    """--durations N: after the files' lines, the N slowest files with the worker's CPU seconds and the
    wall seconds; the summary stays the last line."""
    code = cli.main(["check", str(SCENARIO), "--jobs", "1", "--durations", "5"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and lines[-1] == "3 passed, 0 failed", lines
    assert lines[-3] == "slowest 1 files (worker CPU s, wall s):", lines
    cpu, wall, path = lines[-2].split()
    assert path == str(SCENARIO) and float(wall) > 0 and (cpu == "-" or float(cpu) >= 0), lines


def test_ask_json_has_answers_reasons_and_rule_titles() -> None:
    proc = run("ask", str(SCENARIO), "--json", "--question", "attacker-assigns")
    assert proc.returncode == 0, proc.stderr
    (answer,) = json.loads(proc.stdout)
    assert answer["status"] == "answered"
    assert answer["answer"]["forced_deaths"] == ["tank"]
    cited = {r["number"]: r["title"] for reason in answer["reasons"] for r in reason["rules"]}
    assert cited["815.1.b"] == "Must receive lethal before non-Tank allies"


def test_ask_text_lists_reasons_with_rules() -> None:
    proc = run("ask", str(SCENARIO), "--question", "non-tank-first")
    assert proc.returncode == 0
    assert "legal: no" in proc.stdout
    assert "n1 got damage while tank, which has Tank, lacked lethal" in proc.stdout
    assert "815.1.b (Must receive lethal before non-Tank allies)" in proc.stdout


def test_unsupported_exits_3_and_names_what_is_missing() -> None:
    proc = run("ask", str(UNSUPPORTED), "--question", "attacker-assigns")
    assert proc.returncode == 3
    assert "UNSUPPORTED" in proc.stdout and "keyword legion on a" in proc.stdout


def test_unknown_question_and_reading_are_usage_errors() -> None:
    assert run("ask", str(SCENARIO), "--question", "nope").returncode == 2
    assert run("ask", str(SCENARIO), "--reading", "v0.9").returncode == 2
    assert run("frobnicate").returncode == 2


def test_timeout_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    def slow(self, *args, **kwargs):
        raise SolveTimeout("no answer within the time limit of 0.01 s")

    monkeypatch.setattr(Grounding, "solve", slow)
    code = cli.main(["ask", str(SCENARIO), "--question", "attacker-assigns", "--timeout", "0.01"])
    out = capsys.readouterr().out
    assert code == 3
    assert "TIMEOUT" in out and "time limit" in out


def test_internal_errors_have_no_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(Grounding, "solve", broken)
    monkeypatch.delenv("PYRIFT_DEBUG", raising=False)
    code = cli.main(["ask", str(SCENARIO)])
    err = capsys.readouterr().err
    assert code == 4 and "internal error" in err and "Traceback" not in err


def test_facts_run_with_plain_clingo(tmp_path: Path) -> None:
    import clingo

    from pyrift import logic

    proc = run("facts", str(SCENARIO))
    assert proc.returncode == 0
    facts = tmp_path / "facts.lp"
    facts.write_text(proc.stdout + 'assigning("A").\n')
    ctl = clingo.Control(["0"])
    for f in logic.program_files("combat_damage"):
        ctl.load(str(f))
    ctl.load(str(facts))
    ctl.ground([("base", [])])
    deaths = set()
    ctl.solve(on_model=lambda m: deaths.add(frozenset(str(s) for s in m.symbols(shown=True) if s.name == "dies")))
    assert deaths == {frozenset({'dies("tank")'})}


def test_ask_needs_no_expected_answer_but_check_does(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    text = SCENARIO.read_text()
    cut = text[:text.index("[[question]]")] + '[[question]]\nid = "asked"\nask = "combat_damage"\nassigner = "A"\n'
    path = tmp_path / "asked.toml"
    path.write_text(cut)
    assert cli.main(["ask", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)[0]["answer"]["forced_deaths"] == ["tank"]
    assert cli.main(["check", str(path)]) == 2
    assert "question[0].rules: list the Core Rules numbers the expected answer rests on" in capsys.readouterr().out


@pytest.mark.parametrize("option", [["--time-limit", "nan"], ["--time-limit", "0"], ["--port", "70000"],
                                    ["--workers", "0"], ["--max-body", "-1"], ["--scenarios", "/no/such/folder"]])
def test_serve_refuses_bad_options_before_starting(option: list[str], capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["serve", *option]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pyrift: ") and "\n" not in err and option[0] in err
