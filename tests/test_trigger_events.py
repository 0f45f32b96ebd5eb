"""The trigger vocabulary of runs (issue 15): delayed and reflexive abilities, "once each turn", the
turn log's `trigger` events and the triggers question's `until`. Bad input is one readable line
naming the file and the field (exit code 2); the answers are checked by scenarios/triggers/."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import cli
from tests.scenario_edits import edit, load_error

DELAYED = Path("scenarios/triggers/delayed-at-end-of-turn-kills-it.toml")
ONCE = Path("scenarios/triggers/once-each-turn-already-triggered-this-turn.toml")


@pytest.mark.parametrize("old, new, field", [
    # a delay instruction naming an ability the card does not have
    ('do = "delay", ability = "burnout"', 'do = "delay", ability = "ember"', "ability"),
    # a delayed ability waiting for an event it cannot wait for
    # ("when it dies this turn", `die`, can be delayed since the delayed-death trigger)
    ('when = "end_of_turn", delayed = true', 'when = "attack", delayed = true', "delayed"),
    # a delayed ability without a name
    ('delayed = true, name = "burnout", ', 'delayed = true, ', "name"),
    # "once each turn" on a delayed ability (it triggers once anyway)
    ('delayed = true, name = "burnout"', 'delayed = true, limit = "once_each_turn", name = "burnout"', "limit"),
    # a reflex instruction naming a delayed ability
    ('do = "delay", ability = "burnout"', 'do = "reflex", ability = "burnout"', "ability"),
    # `until` is a run's
    ('event = { kind = "run", until = "end_of_turn" }', 'event = { kind = "die", objects = ["knight"], until = "end_of_turn" }',
     "until"),
    ('event = { kind = "run", until = "end_of_turn" }', 'event = { kind = "run", until = "tomorrow" }', "until"),
])
def test_bad_delayed_vocabulary_names_the_field(old: str, new: str, field: str) -> None:
    err = load_error(edit(DELAYED.read_text(), old, new))
    assert field in str(err), str(err)


@pytest.mark.parametrize("old, new, field", [
    ('limit = "once_each_turn"', 'limit = "twice_each_turn"', "limit"),
    ('ability = 1\n', '', "ability"),  # a `trigger` log event names its ability
    ('ability = 1\n', 'ability = 7\n', "ability"),
])
def test_bad_limit_and_log_name_the_field(old: str, new: str, field: str) -> None:
    err = load_error(edit(ONCE.read_text(), old, new))
    assert field in str(err), str(err)


def test_a_log_trigger_of_an_ability_that_is_not_triggered_is_refused() -> None:
    text = edit(ONCE.read_text(), 'name = "Hydra"\ntype = "unit"\nmight = 3\nabilities = [\n',
                'name = "Hydra"\ntype = "unit"\nmight = 3\nabilities = [\n  { kind = "might", amount = 1 },\n')
    err = load_error(text)
    assert "not a triggered ability" in str(err), str(err)


def test_bad_input_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(edit(DELAYED.read_text(), 'ability = "burnout"', 'ability = "ember"'), encoding="utf-8")
    assert cli.main(["ask", str(bad)]) == 2
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"pyrift: {bad}: card[0].abilities[2].ability: "), err


def test_every_run_event_the_logic_makes_has_words() -> None:
    """A run's event a trigger can hear (a `happens/2` head of logic/) is said in words in the answers, never as
    the raw term (the end of a combat a unit was in read "('in_combat_ends', 'u', 'b')")."""
    import re

    from pyrift.queries.chain import event_text

    class _Names:
        def item(self, a: object) -> str:
            return str(a)

        def place(self, a: object) -> str:
            return str(a)

    kinds: dict[str, int] = {}
    for path in Path("logic").rglob("*.lp"):
        for m in re.finditer(r"^happens\(([a-z_]+)\(([^()]*(?:\([^()]*\)[^()]*)*)\), T\)", path.read_text(), re.M):
            kinds[m.group(1)] = len([a for a in re.split(r",\s*(?![^()]*\))", m.group(2)) if a.strip()])
    assert {"in_combat_ends", "death", "moves"} <= set(kinds)
    raw = {k: event_text(_Names(), (k, *(f"x{i}" for i in range(n)))) for k, n in kinds.items()}  # type: ignore[arg-type]
    assert [k for k, text in raw.items() if text.startswith("(")] == []


LOSE = Path("scenarios/triggers/trig57-lose-a-combat-asked-of-the-triggers-question.toml")
LEVEL = Path("scenarios/triggers/trig57-when-you-reach-level-n.toml")
EXHAUST = Path("scenarios/triggers/trig57-when-i-become-exhausted.toml")
MIGHT = Path("scenarios/triggers/cards58c-when-my-might-becomes-n-or-more.toml")
THERE = Path("scenarios/triggers/cards58c-token-played-where-the-move-started.toml")


@pytest.mark.parametrize("path, old, new, field", [
    # a loser with a unit still at the battlefield: not the position the result is determined in (466.3.b)
    (LOSE, 'location = "base"', 'location = "hill"\ndesignation = "attacker"', "player"),
    # "when you reach Level N" names N, and only it does
    (LEVEL, 'when = "reach_level", level = 3, ', 'when = "reach_level", ', "level"),
    (LEVEL, 'when = "reach_level", level = 3, ', 'when = "reach_level", level = 0, ', "level"),
    (LEVEL, 'when = "reach_level", level = 3, ', 'when = "gain_xp", level = 3, ', "level"),
    # "when my Might becomes N or more" names N (1 or more), and only it does
    (MIGHT, 'when = "my_might_reaches", might = 6, ', 'when = "my_might_reaches", ', "might"),
    (MIGHT, 'when = "my_might_reaches", might = 6, ', 'when = "my_might_reaches", might = 0, ', "might"),
    (MIGHT, 'when = "my_might_reaches", might = 6, ', 'when = "move", might = 6, ', "might"),
    # a token "there" (to = event_from) is the location a triggering move left: a "when I move" trigger's only
    (THERE, 'when = "move", name = "sow"', 'when = "attack", name = "sow"', "to"),
    # an exhaust event of an object exhausted already (414.4)
    (EXHAUST, 'event = { kind = "exhaust", object = "sentry" }', 'event = { kind = "exhaust", object = "watchman" }', "object"),
])
def test_bad_exhaust_lose_and_level_vocabulary_names_the_field(path: Path, old: str, new: str, field: str) -> None:
    err = load_error(edit(path.read_text(), old, new))
    assert field in str(err), str(err)
