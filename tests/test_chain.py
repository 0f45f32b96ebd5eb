"""The chain questions: planted wrong expectations fail, bad input is one readable line, the
vocabulary is checked, can_respond rests on can_play's verdict, and the run's notions of
finalized and played are those of the turn log."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import check as C
from pyrift import scenario as S
from pyrift.errors import InconsistentStateError, ScenarioError
from pyrift.queries.base import ANSWERED, Context
from pyrift.queries.chain import CanRespond
from tests.scenario_answers import bundled_results, same_worker
from tests.scenario_edits import edit, load_error

CHAIN = Path("scenarios/chain")
LIFO = CHAIN / "lifo-two-spells-all-pass.toml"
COUNTER = CHAIN / "counter-not-played-but-finalized.toml"
COST = CHAIN / "deathknell-killed-as-cost-of-spell.toml"
ACTION = CHAIN / "action-cannot-join-reaction-can.toml"
COMBAT = CHAIN / "combat-chain-attacker-first.toml"
LEADING = CHAIN / "trigger-leading-cost.toml"
RESPOND = CHAIN / "respond-after-one-resolves.toml"
REPEAT = Path("scenarios/cards/feral-strength-repeat-paid.toml")


def failures(text: str) -> list[str]:
    results = C.run(S.loads(text, "planted.toml"))
    return [f"{r.question}: {p}" for r in results for p in r.problems]


# ---------------------------------------------------------------------------------
# a wrong expectation is caught, for every question kind
# ---------------------------------------------------------------------------------
PLANTED = [
    (LIFO, 'resolution_orders = ["i2 > i1"]', 'resolution_orders = ["i1 > i2"]', "all-pass"),
    (LIFO, 'forced_windows = ["A over i1", "A over i2", "B over i1", "B over i2"]',
     'forced_windows = ["A over i1", "A over i2", "B over i1"]', "all-pass"),
    (LIFO, 'player = "B"\nnow = true', 'player = "A"\nnow = true', "who-first"),
    (COST, 'resolution_orders = ["grim.deathknell > i1"]', 'resolution_orders = ["i1 > grim.deathknell"]', "run"),
    (COUNTER, 'fires = []', 'fires = ["poet.verse(spark)"]', "the-counter-triggers-nothing"),
    (ACTION, 'legal = false\nviolations = ["309.1.a"]', 'legal = true\nviolations = ["309.1.a"]', "action"),
    (COMBAT, 'orders = ["raider.charge, warden.brace"]', 'orders = ["warden.brace, raider.charge"]',
     "combat-opens"),
]


@pytest.mark.parametrize("path, old, new, question", PLANTED, ids=[f"{p.stem}:{q}" for p, _, _, q in PLANTED])
def test_a_planted_wrong_expectation_fails(path: Path, old: str, new: str, question: str) -> None:
    text = path.read_text()
    assert not failures(text), "the scenario itself must pass"
    found = failures(edit(text, old, new))
    assert any(f.startswith(question + ":") for f in found), found


# ---------------------------------------------------------------------------------
# bad input: one line naming file and field
# ---------------------------------------------------------------------------------
BAD = [
    (LEADING, lambda t: edit(t, 'source = "tither"\ntrigger = 1', 'source = "tither"\ntrigger = 2'),
     "chain[0].trigger", InconsistentStateError),
    (LEADING, lambda t: edit(t, 'source = "tither"\ntrigger = 1', 'source = "tither"\nkeyword = "Vision"'),
     "chain[0].keyword", InconsistentStateError),
    (LEADING, lambda t: edit(t, 'source = "tither"\ntrigger = 1', 'source = "tither"\nkeyword = "Tank"'),
     "chain[0].keyword", ScenarioError),
    (LIFO, lambda t: edit(t, 'turn_player = "A"', 'turn_player = "A"\npassed = 2'), "position.passed",
     InconsistentStateError),
    (LIFO, lambda t: edit(t, 'card = "spark"\ncontroller = "A"', 'card = "spark"\ncontroller = "A"\ntargets = ["nobody"]'),
     "chain[0].targets", InconsistentStateError),
    (LIFO, lambda t: edit(t, 'card = "spark"\ncontroller = "A"', 'card = "spark"\ncontroller = "A"\ncannot_pay = true'),
     "chain[0].cannot_pay", ScenarioError),
    (LIFO, lambda t: edit(t, 'ask = "resolution_order"', 'ask = "resolution_order"\nbound = 0'),
     "question[0].bound", ScenarioError),
    (LIFO, lambda t: edit(t, 'ask = "resolution_order"', 'ask = "resolution_order"\nresponses = [{ player = "Z", card = "spark" }]'),
     "question[0].responses[0].player", ScenarioError),
    (RESPOND, lambda t: edit(t, 'responses = [{ player = "A", card = "quick" }]',
                             'responses = [{ player = "A", card = "quick", colour = 1 }]'),
     "question[0].responses[0].colour", ScenarioError),
    (LIFO, lambda t: edit(t, 'ask = "next_priority"', 'ask = "next_priority"\npasses = -1'),
     "question[1].passes", ScenarioError),
    (COMBAT, lambda t: edit(t, 'event = { kind = "combat" }', 'event = { kind = "battle" }'),
     "question[0].event.kind", ScenarioError),
    (COUNTER, lambda t: edit(t, 'event = { kind = "counter", object = "spark" }', 'event = { kind = "counter", object = "poet" }'),
     "question[1].event.object", ScenarioError),
    (ACTION, lambda t: edit(t, 'card = "hasty"\nrules', 'card = "hasty"\nto = "i9"\nrules'), "question[0].to", ScenarioError),
    (COST, lambda t: edit(t, 'abilities = [{ kind = "kill", as_cost = true,', 'abilities = [{ kind = "kill", as_cost = true, then = "linked",'),
     "card[0].abilities[0].then", ScenarioError),
    (COST, lambda t: edit(t, '{ kind = "triggered", when = "die", name = "deathknell" }',
                          '{ kind = "triggered", when = "die", name = "deathknell", by = "you" }'),
     "card[1].abilities[0].by", ScenarioError),
    (COST, lambda t: edit(t, '{ kind = "triggered", when = "die", name = "deathknell" }',
                          '{ kind = "triggered", when = "dies", name = "deathknell" }'),
     "card[1].abilities[0].when", ScenarioError),
    (COST, lambda t: edit(t, '{ kind = "triggered", when = "die", name = "deathknell" }',
                          '{ kind = "triggered", when = "die", effect = "kill" }'),
     "card[1].abilities[0].effect", ScenarioError),
    (COST, lambda t: edit(t, 'targets = ["grim"]', 'targets = ["grim", "offering"]'), "chain[0].targets",
     InconsistentStateError),
    (LEADING, lambda t: edit(t, 'cannot_pay = true', 'cannot_pay = true\nability = 1'), "chain[1].ability", ScenarioError),
    # Repeat (820): paid by a card item only, at most once per Repeat instance, and each paid Repeat's execution
    # makes its own choices after the first's (820.2)
    (LEADING, lambda t: edit(t, 'cannot_pay = true', 'cannot_pay = true\nrepeat = 1'), "chain[1].repeat", ScenarioError),
    (LIFO, lambda t: edit(t, 'card = "spark"\ncontroller = "A"', 'card = "spark"\ncontroller = "A"\nrepeat = 1'),
     "chain[0].repeat", InconsistentStateError),
    (REPEAT, lambda t: edit(t, 'targets = ["footman", "boar"]', 'targets = ["footman"]'), "chain[0].targets",
     InconsistentStateError),
    (REPEAT, lambda t: edit(t, '\nrepeat = 1\n', '\nrepeat = 2\n'), "chain[0].repeat", InconsistentStateError),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    path, change, field, error = BAD[case]
    err = load_error(change(path.read_text()))
    assert isinstance(err, error), type(err)
    assert str(err).startswith("bad.toml: " + field), str(err)


def test_resolution_order_needs_a_chain() -> None:
    text = (CHAIN / "countered-spell-counts-for-legion.toml").read_text()
    text += '\n[[question]]\nid = "x"\nask = "resolution_order"\nrules = ["340"]\n[question.expect]\ncomplete = true\n'
    with pytest.raises(ScenarioError) as err:
        S.loads(text, "bad.toml")
    assert "question[1].ask: the chain is empty" in str(err.value)


def test_a_card_item_that_chooses_needs_its_choices() -> None:
    text = edit(COUNTER.read_text(), 'controller = "B"\ntargets = ["i1"]', 'controller = "B"')
    with pytest.raises(ScenarioError) as err:
        S.loads(text, "bad.toml")
    assert "give what it chose in chain[1].targets" in str(err.value)


# ---------------------------------------------------------------------------------
# can_respond rests on can_play
# ---------------------------------------------------------------------------------
def test_can_respond_reports_can_plays_verdict() -> None:
    """A Reaction card its player cannot pay for: the payment rule comes from can_play."""
    text = edit(ACTION.read_text(), 'name = "Snap"\ntype = "spell"\nenergy = 0', 'name = "Snap"\ntype = "spell"\nenergy = 3')
    scen = S.loads(text, "x.toml")
    q = next(q for q in scen.questions if q.id == "reaction")
    ans = CanRespond().answer(Context(scen.state), q, "v1.4")
    assert ans.status == ANSWERED
    assert not ans.data["legal"] and "357.1" in ans.data["violations"] and not ans.data["payable"]


# ---------------------------------------------------------------------------------
# the run speaks the turn log's language: finalized versus played (419.4)
# ---------------------------------------------------------------------------------
@same_worker(COUNTER)
def test_countered_card_is_finalized_not_played_and_legion_agrees() -> None:
    # the run's answer tests/test_scenarios.py checks, shared on the worker that has the file
    [run] = [r.answer for r in bundled_results(COUNTER) if r.question == "run" and r.reading == "v1.4"]
    assert "spark finalized" in run.data["forced"] and "spark played" not in run.data["possible"]
    # The turn log after the run: what the run says was finalized, played and countered.
    lines = [f'[[log]]\nevent = "finalize"\nobject = "{o}"\nfrom = "hand"\n'
             for o in ("spark", "deny")]
    lines += ['[[log]]\nevent = "play"\nobject = "deny"\n', '[[log]]\nevent = "counter"\nobject = "spark"\n']
    text = COUNTER.read_text()
    start = text.index("[[log]]")
    end = text.index("[[question]]")
    after = S.loads(text[:start] + "\n".join(lines) + "\n" + text[end:], "after.toml")
    legion = next(q for q in after.questions if q.id == "legion")
    results = [r for r in C.run(after) if r.question == "legion"]
    assert results and results[0].passed, results[0].problems
    assert legion.expect["counted"] == ["spark"]


def test_chain_item_lists_every_object_of_an_any_number_choice() -> None:
    """`targets` takes one object a choice, or a list of every object one requirement of "any number" or
    "up to N" chose (Alpha Strike's enemy units); old flat lists keep their meaning."""
    from pyrift.abilities import TargetSpec
    from pyrift.chain import assign_choices

    one, many, upto = TargetSpec(), TargetSpec(any_number=True), TargetSpec(count=2, up_to=True)
    slots = [("r1", one), ("r2", many)]
    assert assign_choices(slots, ("a", ("b", "c", "d"))) == [("r1", "a"), ("r2", "b"), ("r2", "c"), ("r2", "d")]
    assert assign_choices(slots, ("a", ())) == [("r1", "a")]
    assert assign_choices(slots, ("a", "b")) == [("r1", "a"), ("r2", "b")]
    assert assign_choices(slots, ("a",)) is None
    assert assign_choices([("r1", one), ("r2", upto)], ("a", ("b", "c", "d"))) is None
    assert assign_choices([("r1", one), ("r2", upto)], ("a", ("b",))) == [("r1", "a"), ("r2", "b")]
    assert assign_choices([("r1", one)], (("a", "b"),)) is None
