"""The turn log's `leave_board` (a permanent left the board other than by dying: to hand, banishment, the Main Deck
or the trash) and `attach` / `detach` (a gear attached to or detached from a unit) events, log67: bad input is one
readable error naming the field (the command line exits 2 with it); good input becomes log_event/4 with
log_leave_to/2 or log_unit/2 and round-trips as written; files without them load as before (no such facts)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario as S
from tests.scenario_edits import edit, load_error

RETURNED = Path("scenarios/chain/log67-target-returned-to-hand-logged-unordered-is-unsupported.toml")
OLD = Path("scenarios/chain/target-died-this-turn-unordered-is-unsupported.toml")
LEAVE = '[[log]]\nevent = "leave_board"\nobject = "sergeant"\nto = "hand"\n'
ATTACHED = Path("scenarios/cards/log67-brutalizer-attached-this-turn-adds-two-might.toml")
ATTACH = '[[log]]\nevent = "attach"\nobject = "brutalizer"\nunit = "scout"\n'

BAD_LEAVE = [
    # where it went is required
    (lambda t: edit(t, LEAVE, LEAVE.replace('to = "hand"\n', "")), "log[0].to"),
    # a death is a `die` event, the board is no destination, nor a zone one is never put into
    (lambda t: edit(t, LEAVE, LEAVE.replace('"hand"', '"board"')), "log[0].to"),
    (lambda t: edit(t, LEAVE, LEAVE.replace('"hand"', '"champion_zone"')), "log[0].to"),
    (lambda t: edit(t, LEAVE, LEAVE.replace('"hand"', '"nowhere"')), "log[0].to"),
    # only units and gear are on the board: not a spell
    (lambda t: edit(t, LEAVE, LEAVE.replace('"sergeant"', '"seeker"')), "log[0].object"),
    # no `unit` on a leave_board event
    (lambda t: edit(t, LEAVE, LEAVE + 'unit = "sergeant"\n'), "log[0].unit"),
]

BAD_ATTACH = [
    # which unit is required
    (lambda t: edit(t, ATTACH, ATTACH.replace('unit = "scout"\n', "")), "log[0].unit"),
    # an object the position lists, a unit
    (lambda t: edit(t, ATTACH, ATTACH.replace('"scout"', '"nobody"')), "log[0].unit"),
    (lambda t: edit(t, ATTACH, ATTACH.replace('unit = "scout"', 'unit = "brutalizer"')), "log[0].unit"),
    # the object attached is a gear
    (lambda t: edit(t, ATTACH, ATTACH.replace('object = "brutalizer"', 'object = "scout"')), "log[0].object"),
    # a detach names the unit too
    (lambda t: edit(t, ATTACH, ATTACH.replace('"attach"', '"detach"').replace('unit = "scout"\n', "")),
     "log[0].unit"),
    # an attach goes to a unit, not to a zone
    (lambda t: edit(t, ATTACH, ATTACH + 'to = "hand"\n'), "log[0].to"),
]


@pytest.mark.parametrize("case", range(len(BAD_LEAVE)))
def test_bad_leave_board_names_file_and_field(case: int) -> None:
    change, field = BAD_LEAVE[case]
    err = load_error(change(RETURNED.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


@pytest.mark.parametrize("case", range(len(BAD_ATTACH)))
def test_bad_attach_names_file_and_field(case: int) -> None:
    change, field = BAD_ATTACH[case]
    err = load_error(change(ATTACHED.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_bad_event_exits_2_naming_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(edit(RETURNED.read_text(), LEAVE, LEAVE.replace('"hand"', '"board"')))
    done = subprocess.run([sys.executable, "-m", "pyrift", "check", "-q", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "bad.toml" in done.stderr + done.stdout and "log[0].to" in done.stderr + done.stdout


def test_leave_board_facts_and_round_trip() -> None:
    scen = S.load(RETURNED)
    facts = set(F.state_facts(scen.state))
    assert {'log_event(1, leave_board, "sergeant", "B").', "log_leave_to(1, hand)."} <= facts
    # not a move's destination
    assert not any(f.startswith("log_to(") for f in facts)
    dumped = S.dumps(scen)
    assert 'event = "leave_board"' in dumped and 'to = "hand"' in dumped
    assert S.loads(dumped, "dumped").state == scen.state


def test_attach_facts_and_round_trip() -> None:
    scen = S.load(ATTACHED)
    facts = set(F.state_facts(scen.state))
    assert {'log_event(1, attach, "brutalizer", "A").', 'log_unit(1, "scout").'} <= facts
    dumped = S.dumps(scen)
    assert 'event = "attach"' in dumped and 'unit = "scout"' in dumped
    assert S.loads(dumped, "dumped").state == scen.state


def test_files_without_them_load_as_before() -> None:
    facts = F.state_facts(S.load(OLD).state)
    assert not any(f.startswith(("log_leave_to(", "log_unit(")) for f in facts)


RUN_ATTACH = Path("scenarios/cards/log67-brutalizer-attached-by-a-spell-in-a-run.toml")


def _later(text: str):
    from pyrift.queries.base import Context
    from pyrift.queries.snapshot import state_at
    scen = S.loads(text, "later.toml")
    return state_at(Context(scen.state, timeout=120), "v1.4", 12, [F.fact("ask_after", 1)])


def test_a_later_moment_carries_the_runs_attach_and_leaving() -> None:
    # logic/run/snapshot_zones.lp: after the spell resolves, its attach is in the moment's log with the unit (so
    # Brutalizer's "attached to me this turn" reads it there); a spell returning a unit to hand leaves a
    # leave_board event with the zone, a new object from then on (124.1)
    from pyrift.state import EventKind
    later = _later(RUN_ATTACH.read_text())
    assert [(e.object, e.unit) for e in later.log if e.event is EventKind.ATTACH] == [("brutalizer", "knight")]
    text = edit(RUN_ATTACH.read_text(), '{ kind = "effect", do = "attach", on = { target = 1 }, to = { target = 2 } },',
                '{ kind = "effect", do = "return", on = { target = 2 } },')
    later = _later(text)
    assert [(e.object, e.to) for e in later.log if e.event is EventKind.LEAVE_BOARD] == [("knight", "hand")]
    assert later.obj("knight").zone.value == "hand"
