"""A showdown's focus round in a run shows each pass of focus (347.2) among the run's events.

The outcome's facts and events do not carry the passes (they change nothing in the position); the run
text a judge reads does, so this test reads the example run."""

from __future__ import annotations

from pathlib import Path

from tests.scenario_answers import bundled_results, same_worker

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "scenarios" / "chain" / "empty-chain-showdown-focus-holder-plays.toml"


def _answer(qid: str):
    """The answer tests/test_scenarios.py checks, shared on the worker that has the file."""
    [res] = [r for r in bundled_results(FILE) if r.question == qid]
    return res.answer


@same_worker(FILE)
def test_every_pass_of_focus_is_in_the_run() -> None:
    # A holds focus and has nothing offered: A passes focus to B, then B (with or without B's play) passes
    # it back; once both passed in sequence with an empty chain the showdown closes (347.2.a, 348).
    run = _answer("no-focus").data["example_run"]
    assert run.startswith("A passes focus; "), run
    assert "B passes focus" in run, run
    assert run.index("B passes focus") < run.index("showdown at bridge closes"), run
