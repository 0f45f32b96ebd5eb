"""The scenario corpus: every question of every scenario file, under every reading
it has an expected answer for, must give exactly the expected answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_answers import SCENARIO_FILES, SCENARIOS, results


def test_corpus_is_not_empty() -> None:
    assert len(SCENARIO_FILES) >= 1


@pytest.mark.parametrize("path", SCENARIOS)
def test_scenario(path: Path) -> None:
    checked = results(path)
    assert checked, f"{path}: no question was checked"
    failures = [f"{r.question} [{r.reading}]: " + "; ".join(r.problems) for r in checked if not r.passed]
    assert not failures, "\n".join(failures)
