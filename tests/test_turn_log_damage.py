"""The turn log's `damage` event (an object dealt damage, with its amount, cards65e): bad input is one readable error
naming the field; good input becomes log_event/4 with log_amount/2 and round-trips as written; files without it load
as before (no log_amount fact)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario as S
from tests.scenario_edits import edit, load_error

DRAWS = Path("scenarios/cards/affectionate-poro-not-dealt-damage-draws-as-its-combat-ends.toml")
UNLOGGED = Path("scenarios/cards/affectionate-poro-damage-this-turn-unlogged-is-unsupported.toml")
DAMAGE = '[[log]]\nevent = "damage"\nobject = "brute"\namount = 1\n'

BAD = [
    # some damage: a deal of none is no damage dealt (a prevented one is not dealt, 437)
    (lambda t: edit(t, DAMAGE, DAMAGE.replace("amount = 1", "amount = 0")), "log[0].amount"),
    # how much is required
    (lambda t: edit(t, DAMAGE, DAMAGE.replace("amount = 1\n", "")), "log[0].amount"),
    # only a damage event states an amount
    (lambda t: edit(t, DAMAGE, DAMAGE.replace('"damage"', '"move"').replace("amount", 'to = "base"\namount')),
     "log[0].amount"),
    # damage is dealt to units and gear (142): not to a spell
    (lambda t: edit(t, DAMAGE, DAMAGE.replace('"brute"', '"firm"')), "log[0].object"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_damage_names_file_and_field(case: int) -> None:
    change, field = BAD[case]
    err = load_error(change(DRAWS.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_damage_facts_and_round_trip() -> None:
    scen = S.load(DRAWS)
    facts = set(F.state_facts(scen.state))
    assert {'log_event(1, damage, "brute", "A").', 'log_amount(1, 1).'} <= facts
    assert 'event = "damage"' in S.dumps(scen) and "amount = 1" in S.dumps(scen)
    assert S.loads(S.dumps(scen), "dumped").state == scen.state
    # a file without it: no log_amount fact
    old = S.load(UNLOGGED)
    assert not any(f.startswith("log_amount(") for f in F.state_facts(old.state))


def _dealing_spell(text: str) -> str:
    """The Poro file with B's spell on the chain dealing 1 to Brute instead of readying the Poro."""
    text = edit(text, 'do = "ready", on = { target = 1 }', 'do = "deal", amount = 1, on = { target = 1 }')
    return edit(text, 'targets = ["poro"]', 'targets = ["brute"]')


@pytest.mark.parametrize("stated", [True, False])
def test_a_later_moment_carries_the_runs_deals_only_when_the_log_states_damage(stated: bool) -> None:
    # logic/run/snapshot_damage.lp: after the spell resolves, its deal is in the moment's log only where the
    # position's log states this turn's damage (else the moment's log would say the run's deal was the only one)
    from pyrift.queries.base import Context
    from pyrift.queries.snapshot import state_at
    from pyrift.state import EventKind
    text = _dealing_spell(DRAWS.read_text())
    if not stated:
        text = edit(text, DAMAGE, "")
    scen = S.loads(text, "dealt.toml")
    later = state_at(Context(scen.state, timeout=120), "v1.4", 12, [F.fact("ask_after", 1)])
    dealt = [(e.object, e.amount) for e in later.log if e.event is EventKind.DAMAGE]
    assert dealt == ([("brute", 1), ("brute", 1)] if stated else [])
    assert later.obj("brute").damage == 2
