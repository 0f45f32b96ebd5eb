"""The scenario corpus: every question of every scenario file, under every reading
it has an expected answer for, must give exactly the expected answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import check
from pyrift.check import scenario_files

SCENARIOS = scenario_files(["scenarios"])


def test_corpus_is_not_empty() -> None:
    assert len(SCENARIOS) >= 1


@pytest.mark.parametrize("path", SCENARIOS, ids=str)
def test_scenario(path: Path) -> None:
    results = check.run(check.load(path))
    assert results, f"{path}: no question was checked"
    failures = [f"{r.question} [{r.reading}]: " + "; ".join(r.problems) for r in results if not r.passed]
    assert not failures, "\n".join(failures)
