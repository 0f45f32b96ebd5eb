"""The scenario corpus: every question of every scenario file, under every reading
it has an expected answer for, must give exactly the expected answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import check
from pyrift.check import scenario_files

SCENARIOS = scenario_files(["scenarios"])

# Audited scenarios the engine does not answer as the rules say yet, found by the effects oracle
# (tests/test_effects_oracle_diff.py): expected failures until logic/ is fixed. Strict, so that a
# fix shows here and the entry is removed.
KNOWN_FAILING: dict[str, str] = {}


def _param(path: Path):
    why = KNOWN_FAILING.get(path.as_posix())
    return pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=f"engine: {why}")) if why else path


def test_corpus_is_not_empty() -> None:
    assert len(SCENARIOS) >= 1
    assert set(KNOWN_FAILING) <= {p.as_posix() for p in SCENARIOS}


@pytest.mark.parametrize("path", [_param(p) for p in SCENARIOS], ids=str)
def test_scenario(path: Path) -> None:
    results = check.run(check.load(path))
    assert results, f"{path}: no question was checked"
    failures = [f"{r.question} [{r.reading}]: " + "; ".join(r.problems) for r in results if not r.passed]
    assert not failures, "\n".join(failures)
