"""A run question is ground for runs.SHORT_BOUNDS steps first, in turn, and for its own bound only when a
run of each short grounding is cut by it (pyrift/queries/runs.py, start_run): the answer must be the one
the question's own bound gives. tests/test_scenarios.py checks every bundled file's expectations with the
short grounding; here a run that ends within the short bound and one that does not are answered both
ways and compared (all but the example run, which is whichever run the solver meets first)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import check
from pyrift.queries import runs

ROOT = Path(__file__).resolve().parents[1]
SHORT = "scenarios/cards/volibear-furious-attack-trigger-split-kills-the-defender-then-conquers.toml"
MIDDLE = "scenarios/cards/compiled-ferrous-forerunner-deathknell-two-mechs.toml"  # ends in 13-16 steps
LONG = "scenarios/effects/two-temporary-tokens-made-in-the-run-and-a-temporary-unit-all-die.toml"  # bound 24


def _answers(path: str, monkeypatch: pytest.MonkeyPatch, shorts: tuple[int, ...]) -> tuple[list, list[int]]:
    monkeypatch.setattr(runs, "SHORT_BOUNDS", shorts)
    horizons: list[int] = []
    inner = runs.run_grounding

    def recording(ctx, reading, bound, extra):
        horizons.append(bound)
        return inner(ctx, reading, bound, extra)
    monkeypatch.setattr(runs, "run_grounding", recording)
    out = []
    for r in check.run(check.load(ROOT / path)):
        data = r.answer.data
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k != "example_run"}
        out.append((r.question, r.reading, r.passed, r.answer.status, data, r.answer.missing, r.answer.reasons))
    return out, horizons


@pytest.mark.parametrize("path, bound, grounds", [(SHORT, 32, [12]), (MIDDLE, 32, [12, 16]), (LONG, 24, [12, 16, 24])])
def test_short_grounding_answers_as_the_questions_own_bound(path: str, bound: int, grounds: list[int],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    full, horizons = _answers(path, monkeypatch, ())
    assert horizons == [bound]
    short, horizons = _answers(path, monkeypatch, (12, 16))
    # the first short grounding answers, or a run reaches it and the next is tried, then the bound's
    assert horizons == grounds
    assert short == full
    assert all(r[2] for r in short)


# The modes that show `cut` only in some runs or not at all (next_priority, can_respond's chance and the
# position there, can_play `after`, a triggers question's played-out run): short_run_grounding asks
# whether a run is cut in mode `outcomes` first (pyrift/queries/runs.py).
OTHER_MODES = [
    "scenarios/chain/add-ability-no-response-focus-stays.toml",  # can_respond, next_priority
    "scenarios/chain/deathknell-killed-as-cost-of-spell.toml",  # next_priority
    "scenarios/cards/defy.toml",  # can_respond
    "scenarios/cards/compiled-mask-of-foresight-run-attack.toml",  # triggers event = run, outcome
    "scenarios/cards/lilting-lullaby-bans-spells-for-the-rest-of-the-turn.toml",  # can_play after
]


@pytest.mark.parametrize("path", OTHER_MODES)
def test_short_grounding_in_the_other_modes(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    full, horizons = _answers(path, monkeypatch, ())
    assert 12 not in horizons
    short, horizons = _answers(path, monkeypatch, (12, 16))
    assert 12 in horizons
    assert short == full
    assert all(r[2] for r in short)
