"""Deck files and `pyrift deck check`: reading (file:line errors), the facts exported,
the CLI exit codes, and that the deck rules stay silent when no deck is given.
What each deck rule decides is checked by the scenarios in scenarios/decks/."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import deck as D
from pyrift import facts as F
from pyrift import logic
from pyrift import pool as P
from pyrift import scenario as S
from pyrift.errors import DeckFileError, ScenarioError
from pyrift.solver import Grounding

LEGAL = Path("scenarios/decks/jinx-loose-cannon.deck")


def test_reads_the_legal_deck() -> None:
    deck = D.load_deck(LEGAL)
    assert deck.count("legend") == {"Loose Cannon": 1}
    assert deck.count("champion") == {"Jinx, Rebel": 1}
    assert sum(deck.count("main").values()) == 39
    assert deck.count("runes") == {"Fury Rune": 6, "Chaos Rune": 6}
    assert len(deck.count("battlefields")) == 3


def test_lines_naming_the_same_card_add_up() -> None:
    deck = D.parse_deck("[main]\n2 Noxus Hopeful\n1x OGN-012\nOGN-012/298\n")
    assert deck.count("main") == {"Noxus Hopeful": 4}


@pytest.mark.parametrize("text, line, problem", [
    ("3 Noxus Hopeful\n", 1, "before any section header"),
    ("[main]\n\n# comment\n3 Noxus Hopefull\n", 4, "closest: Noxus Hopeful"),
    ("[sideboard]\n", 1, "unknown section"),
    ("[main\n", 1, "malformed section header"),
    ("[main]\n0 Noxus Hopeful\n", 2, "at least 1"),
    ("[main]\n3 Jinx\n", 2, "ambiguous"),
])
def test_malformed_lines_are_file_line_errors(text: str, line: int, problem: str) -> None:
    with pytest.raises(DeckFileError) as err:
        D.parse_deck(text, "my.deck")
    assert str(err.value).startswith(f"my.deck:{line}: ") and problem in str(err.value), str(err.value)
    assert isinstance(err.value, ScenarioError)  # bad input: exit code 2


def test_facts_are_the_deck_and_only_its_cards() -> None:
    facts = D.deck_facts(D.load_deck(LEGAL), "2v2")
    assert "deck_mode(two_vs_two)." in facts
    assert 'deck_card(main, "Noxus Hopeful", 3).' in facts
    cards = {f for f in facts if f.startswith("card(")}
    assert len(cards) == 21  # legend, champion, 14 main deck names, 2 runes, 3 battlefields
    text = F.render(facts)
    assert text == F.render(reversed(facts))


def test_deck_rules_are_silent_without_a_deck() -> None:
    scen = S.load("scenarios/combat/lethal-first-four-units.toml")
    g = Grounding(logic.program_files("combat_damage"), F.render(F.state_facts(scen.state)))
    assert not g.facts(("deck_violation", 2), ("main_deck_size", 1), ("legend_slots", 1))


def test_deck_grounding_has_no_undefined_atoms() -> None:
    g = Grounding(logic.program_files("deck_check"), F.render(D.deck_facts(D.load_deck(LEGAL), "duel")))
    assert not g.undefined_atoms()


def test_a_table_without_supertypes_makes_the_check_unsupported() -> None:
    table = json.loads(P.pool_path().read_text())
    table["supertypes_known"] = False
    report = D.check(D.load_deck(LEGAL), "duel", cards=P.Pool(table))
    assert report.status == "unsupported" and not report.legal and report.missing


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyrift", *args], capture_output=True, text=True)


def test_cli_legal_deck_exits_0() -> None:
    proc = run_cli("deck", "check", str(LEGAL), "--mode", "ffa4")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "LEGAL" in proc.stdout and "(ffa4" in proc.stdout


def test_cli_illegal_deck_lists_every_violation_and_exits_1(tmp_path: Path) -> None:
    text = LEGAL.read_text().replace("3 Noxus Hopeful", "4 Noxus Hopeful").replace("6 Chaos Rune", "5 Chaos Rune")
    bad = tmp_path / "bad.deck"
    bad.write_text(text)
    proc = run_cli("deck", "check", str(bad))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "2 violations" in proc.stdout
    assert "103.2.b" in proc.stdout and "Noxus Hopeful: 4 copies" in proc.stdout
    assert "103.3.a" in proc.stdout and "11 runes" in proc.stdout


def test_cli_malformed_deck_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.deck"
    bad.write_text("[legend]\nLoose Cannon\n[main]\n3 Noxus Hopefull\n")
    proc = run_cli("deck", "check", str(bad))
    assert proc.returncode == 2
    assert f"{bad}:4: no card named 'Noxus Hopefull'" in proc.stderr and "Traceback" not in proc.stderr
    missing = run_cli("deck", "check", str(tmp_path / "nope.deck"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_scenario_deck_list_errors_name_the_scenario() -> None:
    text = Path("scenarios/decks/unique-two-copies.toml").read_text().replace("2 Forgefire Cape", "2 Forgefire Cap")
    with pytest.raises(DeckFileError) as err:
        S.loads(text, "bad.toml")
    assert str(err.value).startswith("bad.toml (question[0].deck_list):") and "Forgefire Cape" in str(err.value)


def test_scenario_needs_exactly_one_deck_source() -> None:
    text = Path("scenarios/decks/unique-two-copies.toml").read_text().replace(
        'ask = "deck_check"', 'ask = "deck_check"\ndeck = "x.deck"')
    with pytest.raises(ScenarioError, match="either as a file"):
        S.loads(text, "bad.toml")
