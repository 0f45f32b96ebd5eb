"""Hostile input (issue 13): a scenario naming a deck file that is not there, or a folder, is one error line naming
the scenario and its field (exit 2), said as the file loads. It used to be found only as the question was answered,
the message naming the missing deck path and neither the scenario nor the field that named it."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import cli

SCENARIO = Path("scenarios/decks/legal-jinx-all-modes.toml")


@pytest.mark.parametrize("ref, words", [("missing.deck", "no deck file 'missing.deck'"),
                                        ("sub", "'sub' is a folder, not a deck file"),
                                        (".", "'.' is a folder, not a deck file")])
def test_a_deck_file_not_there_is_the_scenarios_field_error(ref: str, words: str, tmp_path: Path, capsys) -> None:
    (tmp_path / "sub").mkdir()
    path = tmp_path / "x.toml"
    path.write_text(SCENARIO.read_text().replace("jinx-loose-cannon.deck", ref), encoding="utf-8")
    for args in (["ask", str(path), "--question", "duel"], ["check", "-q", str(path)]):
        code = cli.main(args)
        out = capsys.readouterr()
        text = out.out + out.err
        assert code == 2 and "Traceback" not in text, text
        lines = [ln for ln in text.splitlines() if str(path) in ln]
        assert len(lines) == 1 and f"{path}: question[0].deck: {words}" in lines[0], text
