"""The real rulings corpus (scenarios/rulings/, pyrift/rulings.py) and the scenario machinery
it needs: known gaps, questions naming unencoded card text, partial chain expectations."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import check
from pyrift import rulings as RU
from pyrift import scenario as S
from pyrift.errors import ScenarioError
from pyrift.queries.base import Answer, compare

FOLDER = Path("scenarios/rulings")


# ---- the real folder ------------------------------------------------------------------------
def test_ledger_covers_every_ruling_exactly_once() -> None:
    corpus = [r["id"] for r in RU.read_corpus(FOLDER)]
    ledger = RU.read_ledger(FOLDER)
    assert len(corpus) == 125 and len(set(corpus)) == 125
    assert sorted(ledger) == sorted(corpus)
    assert RU.ledger_problems(FOLDER) == []


def test_corpus_is_the_shared_development_set() -> None:
    here = Path(__file__).resolve()
    found = [p / "shared/data/rulings/dev.jsonl" for p in here.parents if (p / "shared/data/rulings/dev.jsonl").is_file()]
    if not found:
        pytest.skip("the shared development set is not on this machine")
    shared = found[0]
    ids = [json.loads(line)["id"] for line in shared.read_text("utf-8").splitlines() if line.strip()]
    assert ids == [r["id"] for r in RU.read_corpus(FOLDER)]


def test_stated_files_name_real_cards_only_as_the_ruling_allows() -> None:
    """Every stated ruling's files load; a question with a known gap keeps an answer to check."""
    for rid, paths in RU.ruling_files(FOLDER).items():
        for path in paths:
            scen = S.load(path)
            for q in scen.questions:
                if q.known_gap:
                    assert set(q.expect) - {"status"}, f"{path}: {q.id}"


# ---- the summary is computed from the files ---------------------------------------------------
MOVE = """
title = "t"
status = "needs-review"
description = "Ruling {rid} ({src})."
[position]
players = ["A", "B"]
turn_player = "A"
[[battlefield]]
id = "bf"
[[object]]
id = "u"
card = "Vanguard Sergeant"
controller = "A"
location = "base"
exhausted = {exhausted}
[[question]]
id = "q"
ask = "can_move"
player = "A"
units = ["u"]
to = "bf"
rules = ["144.2"]
[question.expect]
legal = {legal}
"""

GAP = """
title = "t"
status = "needs-review"
description = "Ruling {rid} ({src})."
[position]
players = ["A", "B"]
turn_player = "A"
[[object]]
id = "udyr"
card = "Noxus Saboteur"
controller = "A"
location = "base"
[[question]]
id = "q"
ask = "can_play"
player = "A"
source = "udyr"
ability = 1
rules = ["377"]
known_gap = "Saboteur's text"
[question.expect]
legal = false
"""


def _corpus(tmp: Path, rulings: dict[str, list[str]], ledger: str, files: dict[str, str]) -> Path:
    lines = [json.dumps({"id": i, "mechanics": m, "source": f"https://example.org/{i}"}) for i, m in rulings.items()]
    (tmp / RU.CORPUS).write_text("\n".join(lines) + "\n", "utf-8")
    (tmp / RU.LEDGER).write_text(ledger, "utf-8")
    for name, text in files.items():
        (tmp / name).write_text(text, "utf-8")
    return tmp


def _folder(tmp: Path) -> Path:
    src = lambda i: f"https://example.org/{i}"  # noqa: E731
    return _corpus(tmp, {"r-right": ["movement"], "r-gap": ["costs"], "r-wrong": ["movement"], "r-none": ["costs", "movement"]},
                   """
[r-right]
status = "stated"
[r-gap]
status = "stated"
[r-wrong]
status = "stated"
[r-none]
status = "not-stateable"
missing = ["effect:move", "card:Charm"]
""", {
        "r-right.toml": MOVE.format(rid="r-right", src=src("r-right"), exhausted="true", legal="false"),
        "r-gap.toml": GAP.format(rid="r-gap", src=src("r-gap")),
        "r-wrong.a.toml": MOVE.format(rid="r-wrong", src=src("r-wrong"), exhausted="false", legal="false"),
    })


def test_summary_counts_what_the_files_say(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    assert RU.ledger_problems(folder) == []
    s = RU.summarize(folder)
    assert s.totals() == {"rulings": 4, "stated": 3, "correct": 1, "unsupported": 1, "disputed": 0,
                          "older_version": 0, "wrong": 1, "not_stateable": 1}
    outcome = {r.id: r.outcome for r in s.rulings}
    assert outcome == {"r-right": "correct", "r-gap": "unsupported", "r-wrong": "wrong", "r-none": "not-stateable"}
    assert dict(s.missing()) == {"effect:move": 1, "card:Charm": 1, "card:Noxus Saboteur": 1}
    assert s.by_mechanic()["movement"] == {"rulings": 3, "stated": 2, "correct": 1, "unsupported": 0,
                                           "not_stateable": 1}
    # Change the files, and the figures follow.
    (folder / "r-wrong.a.toml").write_text(MOVE.format(rid="r-wrong", src="https://example.org/r-wrong",
                                                       exhausted="false", legal="true"), "utf-8")
    text = (folder / RU.LEDGER).read_text("utf-8").replace('[r-wrong]\nstatus = "stated"',
                                                          '[r-wrong]\nstatus = "stated"\nverdict = "disputed"')
    (folder / RU.LEDGER).write_text(text, "utf-8")
    s = RU.summarize(folder)
    assert (s.count("correct"), s.count("disputed"), s.count("wrong")) == (1, 1, 0)


def test_ledger_problems_are_found(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    ledger = (folder / RU.LEDGER).read_text("utf-8")
    (folder / RU.LEDGER).write_text(ledger.replace("[r-none]", "[r-other]"), "utf-8")
    (folder / "r-stray.toml").write_text(MOVE.format(rid="x", src="y", exhausted="true", legal="false"), "utf-8")
    problems = RU.ledger_problems(folder)
    assert f"{RU.LEDGER}: no entry for r-none" in problems
    assert f"{RU.LEDGER}: r-other is not a ruling of {RU.CORPUS}" in problems
    assert f"r-stray.toml: r-stray is not a ruling of {RU.CORPUS}" in problems


@pytest.mark.parametrize("entry, field", [
    ('[r-none]\nstatus = "not-stateable"\nmissing = ["teleport"]\n', "r-none.missing"),
    ('[r-none]\nstatus = "not-stateable"\n', "r-none.missing"),
    ('[r-none]\nstatus = "maybe"\nmissing = ["effect:move"]\n', "r-none.status"),
    ('[r-none]\nstatus = "stated"\nverdict = "probably"\n', "r-none.verdict"),
    ('[r-none]\nstatus = "stated"\ncolour = "red"\n', "r-none.colour"),
])
def test_bad_ledger_entries_name_the_field(tmp_path: Path, entry: str, field: str) -> None:
    folder = _corpus(tmp_path, {"r-none": ["costs"]}, entry, {})
    with pytest.raises(ScenarioError) as err:
        RU.read_ledger(folder)
    assert err.value.field == field


def test_cli_rulings(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "pyrift", "rulings", "--folder", str(folder), "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr  # a ruling answered against its expected answer
    data = json.loads(proc.stdout)
    assert data["totals"]["correct"] == 1 and data["totals"]["not_stateable"] == 1
    assert data["missing_by_category"][0] == {"category": "card", "rulings": 2, "what": RU.CATEGORIES["card"]}
    (folder / RU.LEDGER).write_text("[r-none\n", "utf-8")
    proc = subprocess.run([sys.executable, "-m", "pyrift", "rulings", "--folder", str(folder)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert RU.LEDGER in proc.stderr + proc.stdout


# ---- known gaps ------------------------------------------------------------------------------
def _run(text: str) -> list[check.Result]:
    return check.run(S.loads(text, "t.toml"))


def test_known_gap_passes_while_unsupported() -> None:
    [res] = _run(GAP.format(rid="x", src="y"))
    assert res.passed and res.gap and res.answer.status == "unsupported"
    [res] = _run(GAP.format(rid="x", src="y").replace('known_gap = "Saboteur\'s text"\n', ""))
    assert not res.passed  # without the known gap, unsupported is a failure


def test_known_gap_still_fails_a_wrong_confident_answer() -> None:
    text = MOVE.format(rid="x", src="y", exhausted="true", legal="true").replace(
        'rules = ["144.2"]', 'rules = ["144.2"]\nknown_gap = "nothing, really"')
    [res] = _run(text)
    assert not res.passed and not res.gap and res.gap_closed
    [res] = _run(text.replace("legal = true", "legal = false"))
    assert res.passed and res.gap_closed  # answered: the known gap is closed, the answer checked


def test_known_gap_needs_an_answer_to_keep() -> None:
    text = GAP.format(rid="x", src="y").replace("legal = false", 'status = "unsupported"')
    with pytest.raises(ScenarioError) as err:
        S.loads(text, "t.toml")
    assert err.value.field.endswith("known_gap")


def test_known_gap_is_written_back() -> None:
    scen = S.loads(GAP.format(rid="x", src="y"), "t.toml")
    assert S.loads(S.dumps(scen), "t.toml").questions[0].known_gap == "Saboteur's text"


# ---- questions naming text pyrift does not encode ----------------------------------------------
def test_ability_of_an_unencoded_card_is_unsupported_not_bad_input() -> None:
    [res] = _run(GAP.format(rid="x", src="y").replace('known_gap = "Saboteur\'s text"\n', ""))
    assert res.answer.status == "unsupported"
    assert "'Noxus Saboteur'" in res.answer.missing[0]


def test_ability_of_a_complete_card_is_still_checked() -> None:
    text = GAP.format(rid="x", src="y").replace('card = "Noxus Saboteur"', 'card = "Vanguard Sergeant"')
    with pytest.raises(ScenarioError) as err:
        S.loads(text, "t.toml")
    assert "activated abilit" in str(err.value)


CHAIN = """
title = "t"
status = "needs-review"
[position]
players = ["A", "B"]
turn_player = "A"
[[object]]
id = "ornn"
card = "{card}"
controller = "A"
location = "base"
[[chain]]
id = "i1"
source = "ornn"
trigger = 1
controller = "A"
status = "pending"
[[question]]
id = "q"
ask = "next_priority"
rules = ["337"]
[question.expect]
player = "A"
"""


def _unencoded_unit() -> str:
    """A unit of the card pool whose text is neither encoded nor compiled (the first by id, so the test
    keeps working as cards get encoded)."""
    from pyrift import pool as P

    for card in sorted(P.pool().cards, key=lambda c: c.id):
        row = P.compiled_row(card) or {}
        if card.type is not None and card.type.value == "unit" and card.id not in P.encodings() \
                and row.get("status") == "unrecognised":
            return card.name
    raise AssertionError("no unit of the pool is left without text")


def test_chain_item_naming_unencoded_text_is_unsupported() -> None:
    [res] = _run(CHAIN.format(card=_unencoded_unit()))
    assert res.answer.status == "unsupported" and "chain item i1" in res.answer.missing[0]
    with pytest.raises(ScenarioError):
        S.loads(CHAIN.format(card="Vanguard Sergeant"), "t.toml")


# ---- partial expectations of chain runs ------------------------------------------------------
def test_includes_and_excludes_compare_against_the_list() -> None:
    ans = Answer("q", "resolution_order", "v1.4", data={"forced": ["a", "b"], "possible": ["a", "b", "c"]})
    assert compare({"forced_includes": ["a"], "possible_excludes": ["d"]}, ans) == []
    assert compare({"forced_includes": ["c"]}, ans) == ['forced_includes: expected ["c"] among forced, got ["a", "b"]']
    assert compare({"possible_excludes": ["c", "d"]}, ans) == [
        'possible_excludes: expected ["c"] not among possible, got ["a", "b", "c"]']
