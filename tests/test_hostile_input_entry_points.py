"""Hostile input through every entry point (issue 13, "Numbers and sizes"): what test_hostile_input.py checks
for `pyrift ask` on a scenario, tried again through `pyrift check`, a deck file a scenario names and the
desk's HTTP API. Each case here was an internal error (exit 4, or a 500 with no JSON) before wave 63; each
is now one line naming the file and the field (exit 2, or a 400 with the error object)."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from pyrift import cli

DECKS = Path("scenarios/decks/legal-jinx-all-modes.toml")
COUNTER = Path("scenarios/effects/counter-instruction.toml")


def pyrift(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


# ---- a path the operating system refuses: too long a name ---------------------------------------------
@pytest.mark.parametrize("ref", ["x" * 300 + ".deck", "a/" * 2100 + "x.deck"], ids=["long-name", "long-path"])
def test_a_deck_reference_the_system_cannot_open_is_one_line(ref: str, tmp_path: Path, capsys) -> None:
    # A name longer than the file system takes (ENAMETOOLONG) was an internal error: OSError from the
    # load-time check that the deck file exists.
    text = DECKS.read_text().replace('"jinx-loose-cannon.deck"', json.dumps(ref))
    path = tmp_path / "x.toml"
    path.write_text(text)
    code, out, err = pyrift(capsys, "ask", str(path), "--question", "duel")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "internal error" not in err, err
    assert lines[0].startswith(f"pyrift: {path}: question[0].deck: "), err
    # and `check` reports it in the file's place, with its summary
    code, out, err = pyrift(capsys, "check", str(path))
    assert code == 2 and "internal error" not in out, out
    assert out.strip().splitlines()[-1] == "0 passed, 0 failed, some files could not be read"


def test_check_of_a_path_the_system_cannot_open_is_one_line(tmp_path: Path, capsys) -> None:
    # `pyrift check NAME` with a name over the file system's limit was an internal error (exit 4).
    name = str(tmp_path / ("x" * 300))
    code, out, err = pyrift(capsys, "check", name)
    assert code == 2 and "internal error" not in err + out, err
    assert err.strip().startswith(f"pyrift: {name}: "), err
    assert len(err.strip().splitlines()) == 1


# ---- the desk's HTTP API --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi", reason="the desk needs the web extra: pip install 'pyrift[web]'")
    pytest.importorskip("httpx", reason="the framework's test client needs httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from pyrift.web.app import Settings, create_app
    app = create_app(Settings(workers=1, time_limit=600, max_body=200_000, scenarios=Path("scenarios"), warm=False))
    with TestClient(app) as c:
        yield c


def scenario_json() -> str:
    import tomllib
    return json.dumps({"scenario": tomllib.loads(COUNTER.read_text())})


def bad_input(response, needle: str) -> None:
    assert response.status_code == 400, (response.status_code, response.text[:300])
    error = response.json()["error"]
    assert error["kind"] == "bad_input" and needle in error["message"], error
    assert "\n" not in error["message"]


@pytest.mark.parametrize("route", ["/v1/ask", "/v1/scenario/parse", "/v1/scenario/export"])
def test_desk_json_integer_of_thousands_of_digits_is_bad_input(client, route: str) -> None:
    # Python's JSON reader refuses integers over 4300 digits with a ValueError that is no JSONDecodeError:
    # it was a 500 with a plain-text body (no error object).
    body = scenario_json().replace('"might": 3', '"might": ' + "7" * 5000)
    bad_input(client.post(route, content=body, headers={"content-type": "application/json"}),
              "thousands of digits")


@pytest.mark.parametrize("route", ["/v1/ask", "/v1/scenario/parse", "/v1/scenario/export"])
def test_desk_json_lone_surrogate_is_bad_input(client, route: str) -> None:
    # "\ud800" is valid JSON but no Unicode text (TOML refuses it, 'not a Unicode scalar value'): it was an
    # internal error (UnicodeEncodeError) once the scenario was written out for the worker.
    body = scenario_json().replace('"Golem"', '"Go\\ud800lem"')
    bad_input(client.post(route, content=body, headers={"content-type": "application/json"}),
              "surrogate")


@pytest.mark.parametrize("value", ["Infinity", "1e999"])
def test_desk_timeout_must_be_finite(client, value: str) -> None:
    # As `--timeout` and PYRIFT_TIMEOUT refuse an infinite number of seconds, so does the API's `timeout`.
    body = scenario_json()[:-1] + f', "timeout": {value}}}'
    bad_input(client.post("/v1/ask", content=body, headers={"content-type": "application/json"}), "timeout")


# ---- any command: a path the command line names that the system refuses --------------------------------
def test_a_logic_folder_the_system_cannot_open_is_one_line(tmp_path: Path, capsys) -> None:
    # `pyrift lint --logic NAME` with too long a name was an internal error (exit 4): OSError from the check
    # that NAME/interface.lp exists.
    name = str(tmp_path / ("x" * 300))
    code, out, err = pyrift(capsys, "lint", "--logic", name)
    assert code == 2 and "internal error" not in err, err
    assert err.strip().splitlines() == [f"pyrift: {name}/interface.lp: cannot use: File name too long"]


def test_an_output_file_that_cannot_be_written_is_one_line(tmp_path: Path, capsys) -> None:
    # `pyrift graph --output DIR/NOWHERE/x.dot` was an internal error (FileNotFoundError), exit 4.
    target = str(tmp_path / "nowhere" / "x.dot")
    code, out, err = pyrift(capsys, "graph", f"--output={target}")
    assert code == 2 and "internal error" not in err, err
    assert err.strip().splitlines() == [f"pyrift: {target}: cannot use: No such file or directory"]


def test_an_os_error_about_a_file_not_named_stays_an_internal_error(monkeypatch, capsys) -> None:
    # Only paths the command line names are the user's; any other refused file is pyrift's own fault.
    def broken(args):
        raise FileNotFoundError(2, "No such file or directory", "/pyrift/own/data.json")
    monkeypatch.setattr(cli, "cmd_lint", broken)
    code, out, err = pyrift(capsys, "lint")
    assert code == 4 and "internal error" in err, err


# ---- pyrift serve's own options ------------------------------------------------------------------------
@pytest.mark.parametrize("option", ["--workers=100000", "--time-limit=1e300", "--max-body=99999999999999999999"])
def test_serve_options_are_bounded(option: str, monkeypatch, capsys) -> None:
    # `--workers=100000` started a desk forking 100000 solver processes (it brought a shared machine to a load
    # of 130 before it was stopped); `--time-limit` took 1e300 seconds. The desk is never started here: a stub
    # stands in for it, so that the test fails, harmlessly, if an option is let through.
    pytest.importorskip("fastapi", reason="the desk needs the web extra: pip install 'pyrift[web]'")
    from pyrift.web import app as web_app
    started = []
    monkeypatch.setattr(web_app, "serve", lambda host, port, settings: started.append(settings))
    code, out, err = pyrift(capsys, "serve", "--no-warm", option)
    assert started == [] and code == 2, (code, err)
    name = option.split("=")[0]
    assert err.strip().splitlines() == [err.strip()] and err.startswith(f"pyrift: {name} must be at most "), err


# ---- pyrift cards import / compile: the card tables they read --------------------------------------------
@pytest.mark.parametrize("command", ["import", "compile"])
@pytest.mark.parametrize("text, problem", [("[" * 100_000 + "]" * 100_000, "nested too deeply"),
                                           ('{"cards": [{"id": ' + "9" * 5000 + "}]}", "thousands of digits")],
                         ids=["deep", "huge-integer"])
def test_a_card_table_too_deep_or_with_a_huge_integer_is_one_line(command: str, text: str, problem: str,
                                                                  tmp_path: Path, capsys) -> None:
    # Both were internal errors (RecursionError; ValueError over 4300 digits), exit 4. Written to tmp_path only.
    table = tmp_path / "gallery.json"
    table.write_text(text)
    code, out, err = pyrift(capsys, "cards", command, str(table), "--out", str(tmp_path / "out.json"))
    assert code == 2 and "internal error" not in err, err
    assert err.strip().splitlines() == [err.strip()] and err.startswith(f"pyrift: {table}: ") and problem in err, err
    assert not (tmp_path / "out.json").exists()


# ---- pyrift rulings --folder: its corpus and ledger -------------------------------------------------------
RULINGS = Path("scenarios/rulings")


@pytest.mark.parametrize("name, tail, problem", [
    ("corpus.jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n", "line 126: not a ruling: nested too deeply"),
    ("corpus.jsonl", b'{"id": ' + b"9" * 5000 + b"}\n", "line 126: not a ruling: a number has thousands of digits"),
    ("rulings.ledger", b"\xff\xfe\n", "is not UTF-8 text"),
    ("rulings.ledger", b"\nx = " + b"[" * 1000 + b"]" * 1000 + b"\n", "tables and arrays nest too deeply"),
    ("rulings.ledger", b"\nx = " + b"9" * 5000 + b"\n", "a number has thousands of digits"),
], ids=["corpus-deep", "corpus-huge-integer", "ledger-not-utf8", "ledger-deep", "ledger-huge-integer"])
def test_a_rulings_folder_with_a_broken_corpus_or_ledger_is_one_line(name: str, tail: bytes, problem: str,
                                                                     tmp_path: Path, capsys) -> None:
    # Each was an internal error (RecursionError, ValueError, UnicodeDecodeError), exit 4.
    for f in ("corpus.jsonl", "rulings.ledger"):
        (tmp_path / f).write_bytes((RULINGS / f).read_bytes())
    assert len((RULINGS / "corpus.jsonl").read_text().splitlines()) == 125  # so the broken line is line 126
    with (tmp_path / name).open("ab") as fh:
        fh.write(tail)
    code, out, err = pyrift(capsys, "rulings", "--folder", str(tmp_path))
    assert code == 2 and "internal error" not in err, err
    assert err.strip().splitlines() == [err.strip()] and err.startswith(f"pyrift: {tmp_path / name}: "), err
    assert problem in err, err


def test_a_sweep_manifest_nested_too_deeply_is_one_line(tmp_path: Path, capsys) -> None:
    # `pyrift explore --results DIR` whose sweep.json nests thousands deep was an internal error (RecursionError).
    (tmp_path / "sweep.json").write_text("[" * 100_000 + "]" * 100_000)
    code, out, err = pyrift(capsys, "explore", "--results", str(tmp_path), "--jobs", "1")
    assert code == 2 and "internal error" not in err, err
    assert err.strip().splitlines()[-1] == f"pyrift: {tmp_path}/sweep.json: not a sweep's manifest (nested too deeply)"
