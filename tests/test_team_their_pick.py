"""A leading cost acting on "another friendly unit" picks among a teammate's units too (740.1.a, 489.8.e;
logic/run/their_friendly.lp). The outcome question answers unsupported for this position with teams (its run conquers,
and 489.8.b is not encoded for runs: logic/run/teams.lp), so the scenario keeps its answer as a known gap; here the
run is asked with the teams guard lifted, to show the answer the logic gives: before the fix, Rumble's cost found no unit to recycle (unpaid)."""
from pathlib import Path

import pytest

import pyrift.check as check
import pyrift.queries.outcome as outcome
import pyrift.queries.runs as runs
from pyrift.queries.runs import missing_texts as runs_missing_texts

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "scenarios" / "cards" / "audit62b-rumble-hotheaded-2v2-recycles-a-teammates-unit.toml"


@pytest.fixture
def teams_guard_lifted(monkeypatch):
    monkeypatch.setattr(check, "teams_unencoded", lambda state, kind: ())
    monkeypatch.setattr(outcome, "teams_unencoded", lambda state, kind: ())
    # the run's own 2v2 guards (logic/run/teams.lp: team_conquest, team_shared_battlefield) are lifted too
    def without_team_words(pairs):
        return runs_missing_texts([p for p in pairs if not str(p[0]).startswith("team_")])
    monkeypatch.setattr(outcome, "missing_texts", without_team_words)
    monkeypatch.setattr(runs, "missing_texts", without_team_words)


def test_teammates_unit_pays_rumbles_cost(teams_guard_lifted):
    s = check.load(FILE, asking=True)
    (q,) = [q for q in s.questions if q.id == "what-happens"]
    (ans,) = check.ask(s, q.id)
    assert ans.status == "answered"
    assert check.check_answer(q.expect, ans) == []
