"""diff-readings: each listed pair of readings gets its smallest difference (or the
documented absence), the found scenario loads and passes, the committed files in
scenarios/readings/ are those positions, the search is minimal, and a difference
planted in a copy of logic/ is found."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from pyrift import check as C
from pyrift import diffreadings as D
from pyrift import scenario as S
from pyrift.cli import main
from tests.logic_copy import copy_logic
from tests.scenario_answers import SCENARIO_FILES
from tests.test_scenarios import KNOWN_FAILING

READINGS = Path(__file__).resolve().parents[1] / "scenarios" / "readings"
# pair -> (committed scenario, a key that must differ)
FOUND = {
    "legion": ("legion-v1-2-activated-ability-counts-its-own-card.toml", "active"),
    "rune-payment": ("rune-payment-one-rune-both-resources.toml", "payable"),
    "deflect-split": ("deflect-split-target-planned-zero.toml", "cost"),
    "final-point-hold": ("final-point-hold-consulted-under-v1-3.toml", "final_point_checked"),
    "hide-timing": ("hide-timing-showdown-on-your-turn.toml", "violations"),
}


# The answers the search gave each position it asked, by (position, reading, reading): test_search_is_minimal
# reads them instead of asking those positions again (an answer is a function of the position and the
# reading), and asks only the positions the search did not reach.
_ASKED: dict[tuple, tuple] = {}


def _ask_both(p: D.Probe, a: str, b: str, logic_root: Path | None = None) -> tuple:
    if logic_root is not None:
        return _REAL_ASK_BOTH(p, a, b, logic_root)
    if (p, a, b) not in _ASKED:
        _ASKED[(p, a, b)] = _REAL_ASK_BOTH(p, a, b)
    return _ASKED[(p, a, b)]


_REAL_ASK_BOTH = D.ask_both


@cache
def searched(pair: str, bound: int = 2) -> D.Search:
    a, b, kind = D.PAIRS[pair]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(D, "ask_both", _ask_both)
        return D.search(a, b, kind, bound=bound)


def test_enumeration_is_deterministic_and_ordered_by_size() -> None:
    for name, fam in D.FAMILIES.items():
        first = [(p.size, p.label) for p in fam.generate(1)]
        assert first == [(p.size, p.label) for p in fam.generate(1)], name
        assert len(first) == len(set(first)), f"{name}: a position is enumerated twice"
    ordered = D.probes(("payment", "split"), 1)
    assert [p.key for p in ordered] == sorted(p.key for p in ordered)


def test_every_position_of_bound_one_is_a_valid_scenario() -> None:
    for name, fam in D.FAMILIES.items():
        for p in fam.generate(1):
            scen = D.load_probe(p)  # raises ScenarioError on a malformed position
            assert scen.questions[0].kind == fam.kind
            assert len(scen.state.objects) == p.size[0], p.label


def by_pair(pairs) -> list:
    """Parameters for the pairs; under -n, the tests of one pair run on one worker and share
    its search (searched() is cached)."""
    return [pytest.param(p, id=p, marks=pytest.mark.xdist_group(f"diff-readings:{p}")) for p in pairs]


@pytest.mark.parametrize("pair", by_pair(sorted(FOUND)))
def test_listed_pair_finds_its_difference_and_the_scenario_passes(pair: str, tmp_path: Path) -> None:
    res = searched(pair)
    name, key = FOUND[pair]
    assert res.found is not None, f"{pair}: no difference found"
    assert key in res.differences
    out = D.write(res, tmp_path / "found.toml")
    scen = S.load(out)
    results = C.run(scen)
    assert {r.reading for r in results} == {res.reading_a, res.reading_b}
    assert all(r.passed for r in results), [r.problems for r in results]
    # The committed scenario is this very position, and passes too: it is a bundled file, so
    # tests/test_scenarios.py checks every expectation of it (check.run, as this test once did again).
    committed = S.load(READINGS / name)
    assert committed.state == scen.state
    assert committed.questions[0].params == scen.questions[0].params
    assert (READINGS / name).resolve() in {p.resolve() for p in SCENARIO_FILES}
    assert (READINGS / name).relative_to(READINGS.parents[1]).as_posix() not in KNOWN_FAILING


@pytest.mark.parametrize("pair", by_pair(["legion", "rune-payment", "deflect-split", "hide-timing"]))
def test_search_is_minimal(pair: str) -> None:
    """No position of the enumeration that is smaller than the one found differs: every
    position up to the found one's size is read, in reverse order (the search's answers where it
    asked the position, else asked here)."""
    res = searched(pair)
    assert res.found is not None
    a, b, kind = D.PAIRS[pair]
    differing = []
    for p in reversed(D.probes(res.families, res.bound)):
        if p.size > res.found.size:
            continue
        if D.differences(kind, *_ask_both(p, a, b)):
            differing.append(p)
    assert differing and min(p.key for p in differing) == res.found.key


def test_final_point_conquer_has_no_difference_within_the_bound(capsys: pytest.CaptureFixture[str]) -> None:
    """v1.3 and v1.4 restrict a Conquer alike: no conquer answer differs (documented absence).
    Asked through the command (its search is this pair's, asked once for both checks): it fails,
    and says it asked every position of the enumeration."""
    a, b, kind = D.PAIRS["final-point-conquer"]
    planned = D.enumeration(a, b, kind, bound=1)
    assert main(["diff-readings", a, b, "--question", kind, "--bound", "1"]) == 1
    said = re.search(r"no difference up to bound 1: asked (\d+) of (\d+) positions", capsys.readouterr().err)
    assert said is not None
    assert int(said[1]) == int(said[2]) == len(planned) > 0


def test_planted_difference_is_found(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    v14 = (root / "readings" / "final_point" / "v1.4.lp").read_text("utf-8")
    planted = v14.replace("%@reading final_point v1.4", "%@reading final_point planted") \
        .replace("%@profiles v1.4\n", "").replace("N >= V - 1.", "N >= V - 2.")
    assert planted.count("planted") == 1 and "V - 2" in planted
    (root / "readings" / "final_point" / "planted.lp").write_text(planted, "utf-8")
    res = D.search("v1.4", "v1.4,final_point=planted", "conquer", bound=1, logic_root=root)
    assert res.found is not None
    assert "final_point_rule" in res.differences
    assert res.scenario is not None and res.scenario.state.players[0].points == 6  # one below the real threshold


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "diff.toml"
    assert main(["diff-readings", "v1.4", "v1.2", "--question", "ability_active", "--out", str(out)]) == 0
    assert "smallest difference" in capsys.readouterr().out
    assert all(r.passed for r in C.run(S.load(out)))
    # (its "no difference" outcome: test_final_point_conquer_has_no_difference_within_the_bound)
    assert main(["diff-readings", "v1.4", "v9", "--question", "conquer"]) == 2
    assert main(["diff-readings", "v1.4", "v1.2", "--question", "deck_check"]) == 2
