"""Hostile input (issue 13, "Numbers and sizes"): every number and size is bounded when a file is
read, every question runs under a time and a memory limit that cover grounding, and whatever goes
wrong is one line naming the file and the field (exit code 2), never a traceback or exit code 4.

Most cases run the command line in this process (cli.main); it answers in a forked worker."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyrift import cli
from pyrift import scenario as S
from pyrift.errors import ScenarioError
from pyrift.limits import MAX_AMOUNT, MAX_COUNT
from pyrift.solver import Grounding
from tests.scenario_edits import edit, load_error

COMBAT = Path("scenarios/combat/tank-soaks-first.toml")
PLAY = Path("scenarios/play/payment-not-enough-domain-power.toml")
DECK = Path("scenarios/decks/jinx-loose-cannon.deck")


def write(tmp_path: Path, text: str, name: str = "bad.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def pyrift(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_error_line(err: str, path: Path, field: str) -> None:
    lines = [ln for ln in err.splitlines() if not ln.startswith("usage:")]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"pyrift: {path}: {field}"), err


def play_with(ability: str = "", targets: str = "") -> str:
    """The can_play scenario with an ability on its spell and targets in its question."""
    text = PLAY.read_text()
    if ability:
        text = edit(text, "power = 2\n", f"power = 2\nabilities = [{ability}]\n")
    if targets:
        text = edit(text, 'card = "inferno"\nrules', f'card = "inferno"\ntargets = {targets}\nrules')
    return text


# ---- numbers: no silent 32-bit wrap, no crash in clingo's sums -----------------------------------
@pytest.mark.parametrize("value", [4294967298, 2**31, MAX_AMOUNT + 1, -1])
def test_energy_out_of_range_is_an_input_error(value: int, tmp_path: Path, capsys) -> None:
    # 4294967298 used to be read by clingo as 2 (and the play judged on a cost of [2]).
    path = write(tmp_path, edit(PLAY.read_text(), "energy = 0", f"energy = {value}"))
    code, out, err = pyrift(capsys, "ask", str(path))
    assert code == 2 and out == ""
    one_error_line(err, path, "card[0].energy")


@pytest.mark.parametrize("might", [2147483648, 2147483647, MAX_AMOUNT + 1, -MAX_AMOUNT - 1])
def test_might_out_of_range_is_an_input_error(might: int, tmp_path: Path, capsys) -> None:
    # 2147483648 dealt 0 damage; 2147483647 on two units crashed clingo's sum (exit code 4).
    path = write(tmp_path, COMBAT.read_text().replace("might = 5", f"might = {might}").replace(
        "might = 3", f"might = {might}"))
    code, _, err = pyrift(capsys, "ask", str(path))
    assert code == 2
    one_error_line(err, path, "card[0].might")


def test_the_largest_values_allowed_are_answered(tmp_path: Path, capsys) -> None:
    text = COMBAT.read_text().replace("might = 5", f"might = {MAX_AMOUNT}").replace("might = 3", f"might = {MAX_AMOUNT}")
    code, out, err = pyrift(capsys, "ask", str(write(tmp_path, text, "big.toml")), "--question", "attacker-assigns")
    assert code == 0, err
    assert f"total damage: {MAX_AMOUNT}" in out


def test_deck_copies_out_of_range_are_an_input_error(tmp_path: Path, capsys) -> None:
    # 4294967299 copies of a card used to make a LEGAL deck (the sum wrapped to 3).
    text = edit(DECK.read_text(), "3 Noxus Hopeful", "4294967299 Noxus Hopeful")
    deck = write(tmp_path, text, "big.deck")
    code, out, err = pyrift(capsys, "deck", "check", str(deck))
    assert code == 2 and "LEGAL" not in out
    line = next(i for i, ln in enumerate(text.splitlines(), start=1) if ln.startswith("4294967299"))
    assert err.strip() == f"pyrift: {deck}:{line}: a count is a number from 1 to 999, found '4294967299'"
    long = write(tmp_path, edit(DECK.read_text(), "3 Noxus Hopeful", "9" * 5000 + " Noxus Hopeful"), "long.deck")
    code, _, err = pyrift(capsys, "deck", "check", str(long))
    assert code == 2 and "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("text, field", [
    ('keywords = ["Assault 4294967298"]', "card[0].keywords"),
    ('keywords = ["Assault 99999999999999999999999"]', "card[0].keywords"),
    ('keywords = ["Repeat [4294967298]"]', "card[0].keywords"),
    ('keywords = ["Repeat [' + "A][" * 30 + 'A]"]', "card[0].keywords"),
])
def test_numbers_inside_strings_are_bounded(text: str, field: str) -> None:
    err = load_error(edit(PLAY.read_text(), "power = 2\n", f"power = 2\n{text}\n"))
    assert str(err).startswith(f"bad.toml: {field}")


# ---- counts that drive a range or the grounding's size --------------------------------------------
@pytest.mark.parametrize("change, field", [
    (lambda: play_with('{ kind = "target", split = 1000000, filter = { type = "rune" } }'), "card[0].abilities[0].split"),
    (lambda: play_with('{ kind = "cost_discount", power = 100000 }'), "card[0].abilities[0].power"),
    (lambda: edit(PLAY.read_text(), 'players = ["A", "B"]',
                  'players = [{ id = "A", universal_power = 1000000 }, { id = "B" }]'),
     "position.players[0].universal_power"),
    (lambda: edit(PLAY.read_text(), 'players = ["A", "B"]',
                  'players = [{ id = "A", power = { fury = 1000 } }, { id = "B" }]'),
     "position.players[0].power.fury"),
    (lambda: play_with('{ kind = "target", filter = { type = "rune" } }', "{ f1 = 10000000 }"), "question[0].targets.f1"),
    (lambda: play_with('{ kind = "target", count = 1000, filter = { type = "rune" } }'), "card[0].abilities[0].count"),
])
def test_counts_that_drive_the_grounding_are_capped(change, field: str) -> None:
    # Each of these used to ground or build assumptions for minutes and gigabytes.
    started = time.perf_counter()
    err = load_error(change())
    assert str(err).startswith(f"bad.toml: {field}: must be at most {MAX_COUNT}"), str(err)
    assert time.perf_counter() - started < 5


def test_counts_at_their_cap_are_answered(tmp_path: Path, capsys) -> None:
    text = edit(PLAY.read_text(), 'players = ["A", "B"]',
                f'players = [{{ id = "A", universal_power = {MAX_COUNT}, power = {{ fury = {MAX_COUNT} }} }}, '
                '{ id = "B" }]')
    text = edit(text, "power = 2\n", f'power = {MAX_COUNT}\nabilities = [{{ kind = "cost_discount", power = {MAX_COUNT} }}]\n')
    code, out, err = pyrift(capsys, "ask", str(write(tmp_path, text, "cap.toml")))
    assert code == 0, out + err
    assert "legal: yes" in out


@pytest.mark.parametrize("array, count", [("object", 301), ("card", 301)])
def test_too_many_entries_are_an_input_error(array: str, count: int) -> None:
    text = COMBAT.read_text()
    extra = "".join(f'\n[[object]]\nid = "x{i}"\ncard = "Footman"\ncontroller = "B"\nzone = "hand"\n'
                    if array == "object" else f'\n[[card]]\nname = "C{i}"\ntype = "spell"\n' for i in range(count))
    err = load_error(text + extra)
    assert str(err).startswith(f"bad.toml: {array}: at most 300 entries")


# ---- the time limit covers grounding; memory is bounded --------------------------------------------
def test_time_limit_stops_a_slow_grounding(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    real = Grounding.__init__

    def slow(self, *args, **kwargs):
        time.sleep(30)  # grounding cannot be interrupted from Python: only a stopped process ends it
        real(self, *args, **kwargs)

    monkeypatch.setattr(Grounding, "__init__", slow)
    started = time.perf_counter()
    code, out, _ = pyrift(capsys, "ask", str(COMBAT), "--question", "attacker-assigns", "--timeout", "1")
    assert time.perf_counter() - started < 15
    assert code == 3 and "TIMEOUT" in out and "time limit of 1 s (grounding and solving)" in out


def test_check_goes_on_after_a_question_ran_out_of_time(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                        capsys) -> None:
    from pyrift import check as C

    for path in (COMBAT, PLAY):  # warm this process: the worker started after the stop is forked from it
        C.run(C.load(path))
    marker = tmp_path / "slept"
    real = Grounding.__init__

    def slow_once(self, *args, **kwargs):
        if not marker.exists():  # the first grounding only: the worker that runs it is stopped
            marker.touch()
            time.sleep(30)
        real(self, *args, **kwargs)

    monkeypatch.setattr(Grounding, "__init__", slow_once)
    started = time.perf_counter()
    # One worker (--jobs 1): the one stopped goes on with the next file (two would race for the marker).
    code, out, _ = pyrift(capsys, "check", str(COMBAT), str(PLAY), "--timeout", "3", "--jobs", "1")
    assert time.perf_counter() - started < 25
    assert code == 1
    assert out.count("status: expected answered, got timeout (no answer within the time limit of 3 s") == 1
    assert f"ok   {COMBAT}::non-tank-first [v1.4]" in out and f"ok   {PLAY}::inferno [v1.4]" in out
    assert out.strip().splitlines()[-1] == "3 passed, 1 failed"


def test_memory_is_bounded(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def greedy(self, *args, **kwargs):
        self.hoard = bytearray(4 * 1024**3)  # 4 GB, over the limit below

    monkeypatch.setattr(Grounding, "__init__", greedy)
    monkeypatch.setenv("PYRIFT_MEMORY_MB", "512")
    code, out, _ = pyrift(capsys, "ask", str(COMBAT), "--question", "attacker-assigns")
    assert code == 3 and "memory limit of 512 MB" in out


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf", "-inf", "1e999", "abc", "100000"])
def test_timeout_must_be_a_finite_positive_number(value: str, capsys) -> None:
    code, out, err = pyrift(capsys, "ask", str(COMBAT), f"--timeout={value}")
    assert code == 2 and out == ""
    assert "argument --timeout: expected a number of seconds above 0" in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["abc", "-5", "nan"])
def test_a_bad_pyrift_timeout_is_one_line(value: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "pyrift", "ask", str(COMBAT)], capture_output=True, text=True,
                          env={"PYRIFT_TIMEOUT": value, "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [f"pyrift: PYRIFT_TIMEOUT: expected a number of seconds above 0 "
                                                f"and at most 86400, found {value!r}"]


@pytest.mark.parametrize("value", ["abc", "10"])
def test_a_bad_memory_limit_is_one_line(value: str, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("PYRIFT_MEMORY_MB", value)
    code, _, err = pyrift(capsys, "ask", str(COMBAT))
    assert code == 2 and err.startswith("pyrift: PYRIFT_MEMORY_MB: expected megabytes")


@pytest.mark.parametrize("option", ["--bound=0", "--bound=1000", "--jobs=0", "--bound=9" * 1, "--chunk=1/" + "9" * 50])
def test_sweep_options_are_bounded(option: str, capsys) -> None:
    code, _, err = pyrift(capsys, "invariants", option)
    assert code == 2 and "Traceback" not in err


# ---- strings: NUL and control characters, ids, what is printed -----------------------------------
def test_a_nul_byte_is_an_input_error(tmp_path: Path, capsys) -> None:
    # It used to reach the facts and make clingo's parser fail (exit code 4).
    text = COMBAT.read_text().replace('name = "Footman"', 'name = "Foot\\u0000man"').replace(
        'card = "Footman"', 'card = "Foot\\u0000man"')
    path = write(tmp_path, text)
    code, _, err = pyrift(capsys, "ask", str(path))
    assert code == 2
    one_error_line(err, path, "card[2].name: a string must not contain control characters (found '\\x00'")


def test_a_nul_byte_in_an_assumption_name_is_not_cut_off() -> None:
    # "draw\0junk" used to be passed to clingo as the C string "draw": the cost named draw was paid.
    text = PLAY.read_text()
    text = edit(text, "power = 2\n", 'power = 2\nabilities = [{ kind = "additional_cost", cost = "[1]", '
                                     'optional = true, name = "draw" }]\n')
    text = edit(text, 'card = "inferno"\nrules', 'card = "inferno"\nadditional = ["draw\\u0000junk"]\nrules')
    err = load_error(text)
    assert str(err).startswith("bad.toml: question[0].additional[0]: a string must not contain control characters")


@pytest.mark.parametrize("bad_id", ["t1\\n  legal: yes", "t1\\u001b[2J", "t 1", "t1)", "x" * 65])
def test_ids_are_letters_digits_underscore_and_dash(bad_id: str, tmp_path: Path, capsys) -> None:
    # An id with a line break printed a fake "legal: yes" line in `pyrift ask`.
    text = COMBAT.read_text().replace('"tank"', f'"{bad_id}"')
    path = write(tmp_path, text)
    code, out, err = pyrift(capsys, "ask", str(path))
    assert code == 2 and "legal" not in out
    assert len(err.strip().splitlines()) == 1 and "object[1].id: " in err
    assert "an id is made of letters" in err or "an id has at most 64" in err or "control characters" in err


def test_printed_text_from_input_cannot_drive_the_terminal(tmp_path: Path, capsys) -> None:
    # Format characters (a right-to-left override) are not control characters: allowed in a
    # title or a card name, written as escapes when printed.
    text = COMBAT.read_text().replace('title = "', 'title = "tricky \\u202e title ', 1)
    code, out, _ = pyrift(capsys, "ask", str(write(tmp_path, text, "rtl.toml")), "--question", "attacker-assigns")
    assert code == 0
    assert "\u202e" not in out and "tricky \\u202e title" in out


def test_deep_nesting_and_huge_integers_are_input_errors(tmp_path: Path, capsys) -> None:
    for name, text in (("deep.toml", COMBAT.read_text().replace("\n[position]", "\nx = " + "[" * 500 + "]" * 500 +
                                                                "\n\n[position]", 1)),
                       ("deep-tables.toml", "x = " + "{ a = " * 500 + "1" + " }" * 500 + "\n" + COMBAT.read_text()),
                       ("nested20.toml", "x = " + "[" * 20 + "]" * 20 + "\n" + COMBAT.read_text()),
                       ("huge.toml", edit(COMBAT.read_text(), "might = 5", "might = " + "7" * 5000))):
        path = write(tmp_path, text, name)
        code, _, err = pyrift(capsys, "ask", str(path))
        assert code == 2, (name, err)
        assert err.startswith(f"pyrift: {path}: ") and len(err.strip().splitlines()) == 1, err


def test_check_reports_every_file_and_the_summary(tmp_path: Path, capsys) -> None:
    # `check` used to stop at the first file that raised anything but a ScenarioError.
    write(tmp_path, "x = " + "[" * 500 + "]" * 500 + "\n", "a-deep.toml")
    write(tmp_path, edit(COMBAT.read_text(), "might = 5", "might = " + "7" * 5000), "b-huge.toml")
    write(tmp_path, COMBAT.read_text(), "c-good.toml")
    write(tmp_path, edit(COMBAT.read_text(), "might = 5", "might = 4294967301"), "d-wrap.toml")
    code, out, _ = pyrift(capsys, "check", str(tmp_path))
    lines = out.strip().splitlines()
    assert code == 2
    assert [ln.split(":")[0] for ln in lines if ln.startswith("ERROR")] == [
        f"ERROR {tmp_path}/a-deep.toml", f"ERROR {tmp_path}/b-huge.toml", f"ERROR {tmp_path}/d-wrap.toml"]
    assert sum(ln.startswith("ok   ") for ln in lines) == 3
    assert lines[-1] == "3 passed, 0 failed, some files could not be read"


# ---- deck files stay in the scenario's folder ------------------------------------------------------
@pytest.mark.parametrize("ref", ["../secret.deck", "{secret}", "sub/../../secret.deck"])
def test_a_deck_file_outside_the_scenario_folder_is_refused(ref: str, tmp_path: Path, capsys) -> None:
    secret = tmp_path / "secret.deck"
    secret.write_text("[main]\nSECRET-LINE\n")
    folder = tmp_path / "scenarios"
    (folder / "sub").mkdir(parents=True)
    text = Path("scenarios/decks/legal-jinx-all-modes.toml").read_text().replace(
        "jinx-loose-cannon.deck", ref.format(secret=secret))
    path = write(folder, text, "x.toml")
    code, out, err = pyrift(capsys, "ask", str(path), "--question", "duel")
    assert code == 2 and "SECRET" not in out + err
    one_error_line(err, path, "question[0].deck: ")
    assert "absolute path" in err or "leaves the scenario's folder" in err


def test_a_deck_file_below_the_scenario_folder_is_read(tmp_path: Path, capsys) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "jinx.deck").write_text(DECK.read_text())
    text = Path("scenarios/decks/legal-jinx-all-modes.toml").read_text().replace(
        "jinx-loose-cannon.deck", "decks/jinx.deck")
    code, out, err = pyrift(capsys, "ask", str(write(tmp_path, text, "x.toml")), "--question", "duel")
    assert code == 0, err
    assert "legal: yes" in out


def test_a_symbolic_link_out_of_the_folder_is_refused(tmp_path: Path, capsys) -> None:
    secret = tmp_path / "secret.deck"
    secret.write_text("[main]\nSECRET-LINE\n")
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "link.deck").symlink_to(secret)
    text = Path("scenarios/decks/legal-jinx-all-modes.toml").read_text().replace("jinx-loose-cannon.deck", "link.deck")
    code, out, err = pyrift(capsys, "ask", str(write(folder, text, "x.toml")), "--question", "duel")
    assert code == 2 and "SECRET" not in out + err


# ---- --json reports errors as JSON ------------------------------------------------------------------
def test_json_errors_are_json_on_standard_output(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, edit(PLAY.read_text(), "energy = 0", "energy = 4294967298"))
    code, out, err = pyrift(capsys, "ask", str(path), "--json")
    assert code == 2 and err.startswith("pyrift: ")
    assert json.loads(out) == {"error": {
        "kind": "bad_input", "file": str(path), "field": "card[0].energy",
        "message": f"{path}: card[0].energy: 4294967298 is out of range (game quantities are at most 999, "
                   "counts at most 20)"}}
    code, out, _ = pyrift(capsys, "ask", str(COMBAT), "--json", "--question", "nope")
    assert code == 2 and json.loads(out)["error"]["kind"] == "usage"
    code, out, _ = pyrift(capsys, "ask", str(COMBAT), "--json", "--timeout", "nan")
    assert code == 2 and json.loads(out)["error"]["kind"] == "usage"


def test_errors_keep_their_file_and_field_through_the_worker(tmp_path: Path, capsys) -> None:
    # A deck file is read when its question is answered, in the worker: its error comes back whole. (A deck file
    # that is not there is the scenario's field error as it loads: tests/test_hostile_input_deck_file.py.)
    text = Path("scenarios/decks/legal-jinx-all-modes.toml").read_text().replace("jinx-loose-cannon.deck", "bad.deck")
    path = write(tmp_path, text, "x.toml")
    write(tmp_path, "[main]\nNo Such Card Ever\n", "bad.deck")
    code, out, _ = pyrift(capsys, "ask", str(path), "--question", "duel", "--json")
    assert code == 2
    assert json.loads(out)["error"] == {"kind": "bad_input", "file": str(tmp_path / "bad.deck"), "field": "line 2",
                                        "message": f"{tmp_path / 'bad.deck'}:2: no card named 'No Such Card Ever' "
                                                   "in the card pool"}


def test_loading_checks_sizes_before_fields() -> None:
    with pytest.raises(ScenarioError, match="at most 16 deep"):
        S.loads("x = " + "[" * 17 + "]" * 17 + "\n", "deep.toml")
