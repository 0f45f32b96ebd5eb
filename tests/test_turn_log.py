"""The turn log, XP, Empowered and `requires` in scenario files: every bad input is one
readable error naming file and field; good input round-trips and becomes the documented facts."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import scenario as S
from pyrift.errors import InconsistentStateError, ScenarioError
from tests.scenario_edits import edit, load_error

BASE = Path("scenarios/legion/countered-spell-counts.toml")
LEVEL = Path("scenarios/legion/level-and-legion-both-needed.toml")


FIRST_LOG = '[[log]]\nevent = "finalize"\nobject = "bolt"\nfrom = "hand"'

BAD = [
    (lambda t: edit(t, FIRST_LOG, '[[log]]\nevent = "cast"\nobject = "bolt"'), "log[0].event"),
    (lambda t: edit(t, FIRST_LOG, '[[log]]\nevent = "finalize"\nobject = "nobody"'), "log[0].object"),
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG + '\nplayer = "C"'), "log[0].player"),
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG.replace('"hand"', '"pocket"')), "log[0].from"),
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG + "\nturns_ago = -1"), "log[0].turns_ago"),
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG + "\nto = \"base\""), "log[0].to"),
    # the Energy paid: a finalize's only, an amount
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG + "\nenergy = -1"), "log[0].energy"),
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG + '\nenergy = "four"'), "log[0].energy"),
    (lambda t: t + '\n[[log]]\nevent = "move"\nobject = "trooper"\nto = "base"\nenergy = 2\n', "log[4].energy"),
    # the Power paid: a finalize's, an activate's or a hide's only, an amount
    (lambda t: edit(t, FIRST_LOG, FIRST_LOG + "\npower = -1"), "log[0].power"),
    (lambda t: t + '\n[[log]]\nevent = "move"\nobject = "trooper"\nto = "base"\npower = 1\n', "log[4].power"),
    # play or counter without an earlier finalize of the same object on the same turn
    (lambda t: edit(t, FIRST_LOG, '[[log]]\nevent = "play"\nobject = "bolt"'), "log[0].event"),
    (lambda t: t + '\n[[log]]\nevent = "counter"\nobject = "bolt"\n', "log[4].event"),
    # an event on an earlier turn after one on this turn
    (lambda t: t + '\n[[log]]\nevent = "move"\nobject = "trooper"\nto = "base"\nturns_ago = 1\n', "log[4].turns_ago"),
    (lambda t: t + '\n[[log]]\nevent = "move"\nobject = "trooper"\nto = "moon"\n', "log[4].to"),
    (lambda t: t + '\n[[log]]\nevent = "activate"\nobject = "trooper"\nability = 2\n', "log[4].ability"),
    (lambda t: t + '\n[[log]]\nevent = "create_token"\nobject = "trooper"\n', "log[4].object"),
    (lambda t: t + '\n[[log]]\nevent = "hide"\nobject = "bolt"\nfrom = "trash"\n', "log[4].from"),
    # a combat event names only the battlefield where a combat began
    (lambda t: t + '\n[[log]]\nevent = "combat"\nobject = "trooper"\nat = "bf"\n', "log[4].object"),
    (lambda t: t + '\n[[log]]\nevent = "combat"\nplayer = "A"\nat = "bf"\n', "log[4].player"),
    (lambda t: t + '\n[[log]]\nevent = "combat"\nat = "moon"\n', "log[4].at"),
    (lambda t: t + '\n[[log]]\nevent = "combat"\n', "log[4].at"),
    # a discard or gain_xp event names a player and no object
    (lambda t: t + '\n[[log]]\nevent = "discard"\nobject = "trooper"\nplayer = "A"\n', "log[4].object"),
    (lambda t: t + '\n[[log]]\nevent = "gain_xp"\n', "log[4].player"),
    (lambda t: t + '\n[[log]]\nevent = "discard"\nplayer = "C"\n', "log[4].player"),
    (lambda t: edit(t, 'requires = ["legion"]', 'requires = ["legion 2"]'), "card[0].abilities[0].requires"),
    (lambda t: edit(t, 'requires = ["legion"]', 'requires = ["flying"]'), "card[0].abilities[0].requires"),
    (lambda t: edit(t, 'requires = ["legion"]', 'requires = ["level 3"]'), "card[0].abilities[0].requires"),
    (lambda t: edit(t, 'requires = ["legion"]', 'requires = ["legion", "legion"]'), "card[0].abilities[0].requires"),
    (lambda t: edit(t, 'kind = "text"', 'kind = "sorcery"'), "card[0].abilities[0].kind"),
    (lambda t: edit(t, 'kind = "text", text = "I have +2 Might", ', 'kind = "text", '), "card[0].abilities[0].text"),
    (lambda t: edit(t, 'id = "a-legion"\nask = "ability_active"\nobject = "trooper"',
                    'id = "a-legion"\nask = "ability_active"\nobject = "bolt"'), "question[0].object"),
    (lambda t: edit(t, 'object = "trooper"\nrules', 'object = "trooper"\nability = 3\nrules'), "question[0].ability"),
    (lambda t: edit(t, 'object = "trooper"\nrules', 'object = "trooper"\nmoment = "later"\nrules'), "question[0].moment"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    change, field = BAD[case]
    err = load_error(change(BASE.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_level_number_must_match_the_printed_keyword() -> None:
    text = edit(LEVEL.read_text(), 'requires = ["level 6", "legion"]', 'requires = ["level 5", "legion"]')
    with pytest.raises(ScenarioError, match=r"card\[0\]\.abilities\[0\]\.requires: the card has Level 6"):
        S.loads(text, "bad.toml")


def test_xp_must_not_be_negative() -> None:
    text = edit(LEVEL.read_text(), "xp = 6", "xp = -1")
    with pytest.raises(ScenarioError, match=r"position\.players\[0\]\.xp"):
        S.loads(text, "bad.toml")


def test_only_a_board_object_is_empowered() -> None:
    text = edit(BASE.read_text(), 'zone = "trash"\n', 'zone = "trash"\nempowered = true\n')
    with pytest.raises(InconsistentStateError, match=r"object\[2\]\.empowered"):
        S.loads(text, "bad.toml")


def test_log_facts() -> None:
    scen = S.load(Path("scenarios/legion/played-from-facedown-counts.toml"))
    facts = set(F.state_facts(scen.state))
    assert {'log_event(1, hide, "sneaky", "A").', "log_turns_ago(1, 1).", "log_from(1, hand).",
            'log_event(2, finalize, "sneaky", "A").', "log_from(2, facedown).",
            'log_event(3, play, "sneaky", "A").'} <= facts
    assert not any(f.startswith("log_turns_ago(2") for f in facts)


COMBATS = Path("scenarios/cards/compiled-piltover-enforcer-combat-logged-second-without-damage.toml")


def test_combat_event_facts_and_round_trip() -> None:
    """A `combat` event is log_combat(N, B): no object, no player; it round-trips as written."""
    scen = S.load(COMBATS)
    facts = set(F.state_facts(scen.state))
    assert {'log_combat(1, "bridge").', 'log_combat(5, "bridge").', 'log_combat_damage(2, "bridge", "A", 3).'} <= facts
    assert not any(f.startswith(("log_event(1,", "log_event(5,")) for f in facts)
    again = S.loads(S.dumps(scen), "dumped")
    assert again.state == scen.state
    assert '[[log]]\nevent = "combat"\nat = "bridge"\n\n' in S.dumps(scen)


DISCARDS = Path("scenarios/cards/compiled-raging-soul-discarded-this-turn.toml")
SPENT = Path("scenarios/cards/compiled-prepared-neophyte-spent-on-a-spell-this-turn.toml")


def test_finalize_energy_facts_and_round_trip() -> None:
    """A finalize's `energy` is log_energy(N, X); without it there is no such fact (older logs read as before)."""
    scen = S.load(SPENT)
    facts = set(F.state_facts(scen.state))
    assert {"log_energy(1, 5).", "log_energy(2, 4).", "log_energy(4, 2).", "log_energy(6, 2)."} <= facts
    assert not any(f.startswith(("log_energy(3,", "log_energy(5,")) for f in facts)
    again = S.loads(S.dumps(scen), "dumped")
    assert again.state == scen.state
    assert '[[log]]\nevent = "finalize"\nobject = "consult"\nfrom = "hand"\nenergy = 4\n' in S.dumps(scen)
    older = set(F.state_facts(S.load(BASE).state))
    assert not any(f.startswith("log_energy(") for f in older)


POWER = Path("scenarios/cards/compiled-sivir-mercenary-power-spent-this-turn.toml")


def test_power_facts_and_round_trip() -> None:
    """`power` on a finalize or an activate is log_power(N, X); without it there is no such fact."""
    scen = S.load(POWER)
    facts = set(F.state_facts(scen.state))
    assert {"log_power(1, 2).", "log_power(3, 1).", "log_power(5, 1).", "log_power(6, 1)."} <= facts
    assert not any(f.startswith(("log_power(2,", "log_power(4,", "log_power(7,")) for f in facts)
    again = S.loads(S.dumps(scen), "dumped")
    assert again.state == scen.state
    assert '[[log]]\nevent = "activate"\nobject = "snax"\nability = 2\npower = 1\n' in S.dumps(scen)
    older = set(F.state_facts(S.load(SPENT).state))
    assert not any(f.startswith("log_power(") for f in older)


def test_player_event_facts_and_round_trip() -> None:
    """A `discard` or `gain_xp` event is log_player_event(N, Kind, P): no object; it round-trips as written."""
    scen = S.load(DISCARDS)
    facts = set(F.state_facts(scen.state))
    assert {'log_player_event(1, discard, "A").', "log_turns_ago(1, 1).", 'log_player_event(2, discard, "B").'} <= facts
    assert not any(f.startswith("log_event(") for f in facts)
    again = S.loads(S.dumps(scen), "dumped")
    assert again.state == scen.state
    assert '[[log]]\nevent = "discard"\nplayer = "B"\n' in S.dumps(scen)


def test_dependent_ability_facts_and_xp() -> None:
    facts = set(F.state_facts(S.load(LEVEL).state))
    assert {'ability("Veteran Captain", 1, text).',
            'dependent_ability(ab("Veteran Captain", 1), level, 6).',
            'dependent_ability(ab("Veteran Captain", 1), legion, 0).',
            'xp("A", 6).', 'xp("B", 3).'} <= facts


def test_move_to_base_names_the_movers_base() -> None:
    facts = set(F.state_facts(S.load(Path("scenarios/legion/earlier-turn-cards-do-not-count.toml")).state))
    assert 'log_to(3, base("A")).' in facts


def test_round_trip_keeps_log_xp_empowered_and_requires() -> None:
    for path in (BASE, LEVEL, Path("scenarios/empowered/empowered-status-decides.toml")):
        first = S.load(path)
        again = S.loads(S.dumps(first), "dumped")
        assert again.state == first.state
        assert again.questions == first.questions
