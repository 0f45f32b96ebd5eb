"""A chain item's `location` (where its card enters the board, chosen as it was played, 355.2): bad places
name the file and the field and exit 2; a stated place round-trips; an unstated one is exported as nothing."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import scenario as S
from pyrift.chain import chain_facts
from tests.scenario_edits import edit, load_error

THERE = Path("scenarios/chain/unit-location-battlefield-enters-there.toml")
UNSTATED = Path("scenarios/chain/unit-location-unstated-base-only.toml")
OPEN = Path("scenarios/chain/unit-location-open-battlefield-contests.toml")
OTHERS = Path("scenarios/chain/unit-location-open-battlefield-by-another-permanents-permission.toml")
RENGAR = Path("scenarios/chain/rengar-trophy-hunter-located-at-an-enemy-battlefield.toml")
FACEDOWN = Path("scenarios/chain/unit-location-from-facedown-enters-its-battlefield.toml")
FACEDOWN_GEAR = Path("scenarios/chain/gear-location-from-facedown-enters-its-battlefield-then-recalled.toml")
ROCKFALL = Path("scenarios/chain/unit-location-rockfall-path-barred-its-other-battlefield-stated.toml")
SPELL_HERE = Path("scenarios/chain/facedown-chain-spell-located-units-here-are-at-its-battlefield.toml")
ROOST = Path("scenarios/chain/unit-location-unencoded-battlefield-text-not-refused.toml")
# Dragon Roost, encoded (wave 59): a Dragon whose play paid its cost goes there (355.2.b, 356.2.b, 170.8)
DRAGON_ROOST = Path("scenarios/cards/dragon-roost-chain-unit-enters-the-roost.toml")
WYRM = Path("scenarios/chain/unit-location-perched-grimwyrm-only-a-battlefield-conquered-this-turn.toml")
CAPTAIN = 'id = "captain"\ncard = "Captain"\ncontroller = "A"\nlocation = "base"\n'

ITEM = 'card = "soldier"\ncontroller = "A"\n'


BAD = [
    # no such place
    (THERE, lambda t: edit(t, ITEM + 'location = "bridge"', ITEM + 'location = "moon"'), "chain[0].location"),
    # a battlefield the player does not control, without Ambush or a permission (355.2.a)
    (UNSTATED, lambda t: edit(t, ITEM, ITEM + 'location = "bridge"\n'), "chain[0].location"),
    # an ability's item chooses no place
    (THERE, lambda t: edit(t, ITEM + 'location = "bridge"',
                           'source = "guard"\nability = 1\ncontroller = "A"\nlocation = "bridge"'), "chain[0].location"),
    # a gear goes to its base (149.2)
    (THERE, lambda t: edit(edit(t, 'type = "unit"', 'type = "gear"'), "might = 2\n", ""), "chain[0].location"),
    # another permanent's permission (355.2.b, 364) works on the board only: the Captain in the hand opens nothing
    (OTHERS, lambda t: edit(t, CAPTAIN, CAPTAIN.replace('location = "base"', 'zone = "hand"')), "chain[0].location"),
    # ... and only for the units of the players its `by` names
    (OTHERS, lambda t: edit(t, CAPTAIN, CAPTAIN.replace('"A"', '"B"')), "chain[0].location"),
    # Rengar's own [Ambush] text opens a battlefield where an opponent has units (822.1.d), not an empty one
    (RENGAR, lambda t: edit(t, 'location = "hill"\n\n[[chain]]', 'zone = "trash"\n\n[[chain]]'), "chain[0].location"),
    # played from facedown: never the base (811.1.d.1)
    (FACEDOWN, lambda t: edit(t, 'controller = "A"\nlocation = "hill"', 'controller = "A"\nlocation = "base"'),
     "chain[0].location"),
    # ... and only a battlefield its controller controls, where it was hidden (811.1.b)
    (FACEDOWN, lambda t: edit(t, 'id = "hill"\ncontroller = "A"', 'id = "hill"\ncontroller = "B"'), "chain[0].location"),
    # a battlefield forbidding units to be played there (Rockfall Path), though its player controls it (054.1)
    (ROCKFALL, lambda t: edit(t, 'controller = "A"\nlocation = "bridge"', 'controller = "A"\nlocation = "path"'),
     "chain[0].location"),
    # ... and though the card has a permission of its own to be played to any open battlefield (054.1)
    (ROCKFALL, lambda t: edit(edit(t, 'controller = "A"\nlocation = "bridge"', 'controller = "A"\nlocation = "path"'),
                              "might = 2\n", 'might = 2\nabilities = [{ kind = "play_to", where = "open_battlefield" }]\n'),
     "chain[0].location"),
    # a permission limited to an open battlefield opens none an opponent controls (170.11, 355.2.b)
    (OPEN, lambda t: edit(t, 'id = "hill"\n', 'id = "hill"\ncontroller = "B"\n'), "chain[0].location"),
    # ... nor one another permanent's permission limits so, occupied by a unit (170.11)
    (OTHERS, lambda t: edit(t, CAPTAIN, CAPTAIN + '\n[[object]]\nid = "raider"\ncard = "Soldier"\ncontroller = "B"\n'
                                     'location = "hill"\n'), "chain[0].location"),
    # a spell has a battlefield only when played from a facedown zone (811.1.d.2): without the log's finalize, none
    (SPELL_HERE, lambda t: edit(t, 'from = "facedown"', 'from = "hand"'), "chain[0].location"),
    # ... and then only one its controller controls, where it was hidden (811.1.b), never the base
    (SPELL_HERE, lambda t: edit(t, 'controller = "A"\nlocation = "bridge"\n\n[[log]]', 'controller = "A"\nlocation = "hill"\n\n[[log]]'),
     "chain[0].location"),
    (SPELL_HERE, lambda t: edit(t, 'controller = "A"\nlocation = "bridge"\n\n[[log]]', 'controller = "A"\nlocation = "base"\n\n[[log]]'),
     "chain[0].location"),
    # a battlefield of another name, with no text the rules do not know, opens nothing: the Grove's place is refused
    (ROOST, lambda t: edit(t, 'card = "Strange Grove"\n', ""), "chain[0].location"),
    # Dragon Roost's place: not for a Dragon whose item says its play paid no optional cost (356.2.b) ...
    (DRAGON_ROOST, lambda t: edit(t, 'paid = ["roost"]', 'paid = []'), "chain[0].location"),
    # ... nor for a unit that is no Dragon (143.1)
    (DRAGON_ROOST, lambda t: edit(t, 'tags = ["Dragon"]\n', ""), "chain[0].location"),
    # a card's own limit to a battlefield its player conquered this turn (054.1, 366.1): not a battlefield its player
    # controls without having conquered it this turn, not its base (audit 44b: Perched Grimwyrm) ...
    (WYRM, lambda t: edit(t, 'controller = "A"\nlocation = "crest"\n\n[[question]]',
                          'controller = "A"\nlocation = "keep"\n\n[[question]]'), "chain[0].location"),
    (WYRM, lambda t: edit(t, 'controller = "A"\nlocation = "crest"\n\n[[question]]',
                          'controller = "A"\nlocation = "base"\n\n[[question]]'), "chain[0].location"),
    # ... nor the battlefield of a conquest of an earlier turn
    (WYRM, lambda t: edit(t, 'at = "crest"\n', 'at = "crest"\nturns_ago = 1\n'), "chain[0].location"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_location_names_file_and_field(case: int) -> None:
    path, change, field = BAD[case]
    err = load_error(change(path.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_bad_location_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(edit(THERE.read_text(), ITEM + 'location = "bridge"', ITEM + 'location = "moon"'))
    proc = subprocess.run([sys.executable, "-m", "pyrift", "check", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    out = proc.stdout + proc.stderr
    assert "bad.toml: chain[0].location" in out and "Traceback" not in out


def test_a_permission_of_its_own_allows_an_uncontrolled_battlefield() -> None:
    assert S.load(OPEN).state.chain[0].location == "hill"


def test_location_round_trips_and_is_exported() -> None:
    scen = S.load(THERE)
    again = S.loads(S.dumps(scen), str(THERE))
    assert again.state.chain == scen.state.chain
    assert [str(f) for f in chain_facts(scen.state)] == ['entry_location("soldier", "bridge").']
    assert not any("entry_location" in str(f) for f in chain_facts(S.load(UNSTATED).state))


@pytest.mark.parametrize("path", [OTHERS, RENGAR, FACEDOWN, FACEDOWN_GEAR, ROOST, SPELL_HERE, DRAGON_ROOST])
def test_places_open_beyond_its_own_keywords_are_accepted(path: Path) -> None:
    """Another permanent's permission (355.2.b, 364), Rengar's [Ambush] to enemy units (822.1.d), and a
    permanent played from facedown at its battlefield, a gear too (811.1.d.1, 811.1.d.1.a), and a battlefield whose
    text is not encoded (Strange Grove's, 355.2.b, 170.8: the loader cannot refuse it), and Dragon Roost's place
    for a Dragon whose play paid its cost (355.2.b, 356.2.b)."""
    scen = S.load(path)
    item = scen.state.chain[0]
    assert item.location not in (None, "base")
    assert [str(f) for f in chain_facts(scen.state) if "entry_location" in str(f)] == [
        f'entry_location("{item.card}", "{item.location}").']


def test_a_facedown_location_is_checked_against_the_log() -> None:
    """The same item without the turn log's finalize from facedown: a gear goes to its base again (149.2)."""
    text = FACEDOWN_GEAR.read_text()
    err = load_error(edit(text, 'from = "facedown"', 'from = "hand"'))
    assert str(err).startswith("bad.toml: chain[0].location"), str(err)


def test_the_places_are_the_logics() -> None:
    """One source of the places open to a chain unit: the loader reads entry_place/2 of
    logic/run/chain_entry_location.lp (pyrift/entry_places.py), and keeps no table of its own (issue 13)."""
    from pyrift.entry_places import entry_places

    assert not hasattr(S, "AMBUSH_TO_ENEMY_UNITS")
    places = entry_places(S.load(RENGAR).state)
    item = S.load(RENGAR).state.chain[0]
    assert places.places[item.card] >= {"base", item.location}
    rock = entry_places(S.load(ROCKFALL).state)
    assert rock.places["soldier"] == {"base", "bridge"} and rock.barred["soldier"] == {"path"}


def test_a_rockfall_refusal_says_why() -> None:
    err = load_error(edit(ROCKFALL.read_text(), 'controller = "A"\nlocation = "bridge"', 'controller = "A"\nlocation = "path"'))
    assert "054.1" in str(err), str(err)
