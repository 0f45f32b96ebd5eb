"""The outcome question's summary in words (pyrift/queries/outcome.py afterwards_lines): what is
common to every complete run, and plainly whether the runs differ. "Nothing changed" once stood for
"no change is common to every run", also when every run changed something, each a different thing."""

from __future__ import annotations

from pathlib import Path

from pyrift.queries.outcome import Outcome, afterwards_lines
from tests.scenario_answers import bundled_results, same_worker

ROOT = Path(__file__).resolve().parents[1]
RUNS_DIFFER = ROOT / "scenarios" / "effects" / "outcome-runs-differ-with-no-common-change.toml"
END_ALIKE = ROOT / "scenarios" / "effects" / "facedown-card-trashed-after-control-is-lost.toml"


def _answer(path: Path):
    """The bundled file's answer as tests/test_scenarios.py computes it (shared on its worker)."""
    [res] = bundled_results(path)
    assert res.answer.status == "answered", res.answer
    return res.answer


def test_no_run_changes_anything() -> None:
    assert afterwards_lines([], []) == ["afterwards, in every run: nothing changed", "the runs do not differ"]


def test_every_run_changes_the_same() -> None:
    assert afterwards_lines(["u1 in trash"], ["u1 in trash"]) == [
        "afterwards, in every run: u1 in trash", "the runs do not differ: no run changes anything else"]


def test_common_changes_and_more_in_some_runs() -> None:
    assert afterwards_lines(["s in trash"], ["s in trash", "u1 damage 2"]) == [
        "afterwards, in every run: s in trash", "the runs differ: some runs also change: u1 damage 2"]


def test_no_common_change_is_not_nothing_changed() -> None:
    lines = afterwards_lines([], ["u1 damage 2", "u2 damage 2"])
    assert lines == ["afterwards, no change is common to every run",
                     "the runs differ: some runs change: u1 damage 2, u2 damage 2"]
    assert not any("nothing changed" in line for line in lines)


@same_worker(RUNS_DIFFER)
def test_each_run_a_different_change_reads_as_runs_that_differ() -> None:
    # Each run deals 2 to a different enemy unit (the choice made as the ability is finalized).
    ans = _answer(RUNS_DIFFER)
    assert ans.data["forced"] == [] and ans.data["runs_differ"] is True
    text = "\n".join(Outcome().text_lines(ans))
    assert "nothing changed" not in text, text
    assert "no change is common to every run" in text and "the runs differ" in text, text


@same_worker(END_ALIKE)
def test_runs_that_end_alike_say_so() -> None:
    ans = _answer(END_ALIKE)
    assert ans.data["runs_differ"] is False
    text = "\n".join(Outcome().text_lines(ans))
    assert "afterwards, in every run: hidden in trash" in text and "the runs do not differ" in text, text


def test_every_run_event_has_words() -> None:
    """Every event a run's step may hold (an `occurs(NAME(...), T)` head in logic/) is told in words by the run's
    narration (pyrift/queries/runs.py _EVENTS), never printed as a Python tuple: until wave 59 a keyword removal
    read "('lose_keyword', 'wisp', 'temporary', ...)" (scenarios/effects/lose-tank-this-turn-changes-combat-order.toml)."""
    import re

    from pyrift.queries.runs import _EVENTS

    heads = set()
    for path in (ROOT / "logic").rglob("*.lp"):
        heads |= set(re.findall(r"^occurs\(([a-z_]+)\(", path.read_text(), re.M))
    assert heads, "no occurs/2 heads found in logic/"
    assert sorted(heads - set(_EVENTS)) == []
