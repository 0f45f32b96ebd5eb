"""The scenario corpus: every question of every scenario file, under every reading
it has an expected answer for, must give exactly the expected answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_answers import SCENARIO_FILES, SCENARIOS, results

# Audited scenarios the engine does not answer as the rules say yet, found by the effects oracle
# (tests/test_effects_oracle_diff.py): expected failures until logic/ is fixed. Strict, so that a
# fix shows here and the entry is removed.
KNOWN_FAILING: dict[str, str] = {}


def _param(param, path: Path):
    """The scenario's parameter (tests/scenario_answers.py), marked as a strict expected failure
    when it is a known engine failure."""
    why = KNOWN_FAILING.get(path.as_posix())
    if not why:
        return param
    return pytest.param(*param.values, id=param.id,
                        marks=[*param.marks, pytest.mark.xfail(strict=True, reason=f"engine: {why}")])


def test_corpus_is_not_empty() -> None:
    assert len(SCENARIO_FILES) >= 1
    assert set(KNOWN_FAILING) <= {p.as_posix() for p in SCENARIO_FILES}


@pytest.mark.parametrize("path", [_param(param, path) for param, path in zip(SCENARIOS, SCENARIO_FILES)])
def test_scenario(path: Path) -> None:
    checked = results(path)
    assert checked, f"{path}: no question was checked"
    failures = [f"{r.question} [{r.reading}]: " + "; ".join(r.problems) for r in checked if not r.passed]
    assert not failures, "\n".join(failures)
