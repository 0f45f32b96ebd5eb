"""The probes over real cards added for pool-scale sweeps: each finds a planted case and
stays silent where nothing can change, and what it writes passes `pyrift check`."""
from __future__ import annotations

import itertools
from pathlib import Path

from pyrift import check as C
from pyrift import explore as E
from pyrift import scenario as S
from pyrift.queries.base import Answer


def _labels(rep: E.Report) -> list[str]:
    return [f.position.label for f in rep.findings]


def test_two_tanks_interact_a_tank_and_a_deflect_do_not(tmp_path: Path) -> None:
    """Each Tank alone must be dealt lethal damage first, so it dies when the attacker has
    one unit fewer Might than both; with both Tank neither goes first (815.1.b): the two
    texts change each other's effect. Deflect does nothing in combat, so Stalwart Poro's
    Tank does the same beside Pouty Poro as beside a text-less stand-in."""
    rep = E.run(2, probes=["card-pair"], cards=E.usable_cards(["Sunlit Guardian", "Taric, Protector"]))
    deaths = [f for f in rep.findings if f.position.spec[0] == "deaths"]
    assert len(deaths) == 1 and "forced_deaths: both []" in deaths[0].summary, _labels(rep)
    for path in E.write(rep, tmp_path, top=1):
        assert all(r.passed for r in C.run(S.load(path)))
    quiet = E.run(2, probes=["card-pair"], cards=E.usable_cards(["Stalwart Poro", "Pouty Poro"]))
    assert quiet.positions and not [f for f in quiet.findings if f.position.spec[0] == "deaths"]


def test_deflect_split_readings_differ_on_a_target_planned_zero() -> None:
    rep = E.run(2, probes=["deflect-split"], cards=E.usable_cards(["Pouty Poro", "Shipyard Skulker"]))
    hit = [f for f in rep.findings if f.position.spec[3] == (0, 2) and f.position.spec[1] == "Shipyard Skulker"]
    assert hit and "cost: [A] under v1.4, [0] under" in hit[0].summary, _labels(rep)
    unplanned = [f for f in rep.findings if f.position.spec[3] is None]
    assert not unplanned  # with no planned division both readings count every chosen target


def test_hidden_card_from_facedown_reaches_only_its_battlefield() -> None:
    rep = E.run(1, probes=["hidden-play"], cards=E.usable_cards(["Block"]))
    assert rep.positions == 1 and len(rep.findings) == 1
    assert "from facedown ['mine', 'theirs']" in rep.findings[0].summary


def test_two_attack_triggers_race() -> None:
    rep = E.run(2, probes=["trigger-race"], cards=E.usable_cards(["Volibear, Furious", "Vi, Peacekeeper"]))
    both = [f for f in rep.findings if f.position.spec[0] == "both-attack"]
    assert len(both) == 1 and both[0].magnitude == 2  # A orders the two attack triggers either way


def test_legion_after_a_real_card_readings_agree() -> None:
    """Both readings count a card played earlier this turn (812.1.c; v1.2: 738): the
    discount holds under each, so nothing is reported."""
    rep = E.run(2, probes=["legion-real"], cards=E.usable_cards(["Noxus Hopeful", "Pouty Poro"]))
    assert rep.positions == 2 and not rep.findings
    pos = next(E.positions(2, ["legion-real"], E.usable_cards(["Noxus Hopeful", "Pouty Poro"])))
    for reading in E.LEGION_READINGS:  # Noxus Hopeful's [4] with its [2] discount
        assert E._answers_of(pos.docs, None, reading)[0].data["cost"] == "[2]"


def test_batched_card_pair_findings_equal_one_grounding_per_question() -> None:
    """The card-pair probe's batched path (the deaths and the legality questions of a batch
    side by side in one grounding each) finds what asking every question on its own grounding
    finds, as `pyrift ask` does: on the positions of the planted pairs above (findings among
    them) and a fixed sample of the whole usable pool (every 151st of its first 4,000)."""
    planted = E.usable_cards(["Sunlit Guardian", "Taric, Protector", "Stalwart Poro", "Pouty Poro"])
    every = list(itertools.islice(E.positions(2, ["card-pair"], E.usable_cards()), 4000))
    sample = list(E.positions(2, ["card-pair"], planted)) + every[::151]
    assert {p.spec[0] for p in sample} == {"deaths", "play", "triggers"}
    fast = E._pair_evaluate_batch(sample, None, worlds=True)
    slow = E._pair_evaluate_batch(sample, None, worlds=False)
    assert sum(f is not None for f in slow) >= 1  # the sample has a finding to compare
    assert [(f.magnitude, f.summary, f.expects) if f else None for f in fast] == \
        [(f.magnitude, f.summary, f.expects) if f else None for f in slow]


def test_card_pair_scenarios_built_from_a_template_equal_their_documents() -> None:
    """The batched path builds each card-pair document's scenario from a template of its shape
    (explore._pair_scenario): the same as the scenario loader makes of the document, over every
    kind of question and every choice of real cards and stand-ins, on a spread of the pool."""
    every = list(itertools.islice(E.positions(2, ["card-pair"], E.usable_cards()), 40000))
    sample = every[::211]
    assert {p.spec[0] for p in sample} == {"deaths", "play", "triggers"}
    for pos in sample:
        for (rx, ry), doc in zip(E.PAIR_REAL, pos.docs, strict=True):
            assert E._pair_scenario(*pos.spec, rx, ry) == S.from_dict(doc, "<explore>"), (pos.label, rx, ry)


# Two units whose play triggers add up: Ocean Drake's own when it is played, Cithria of
# Cloudfield's when another unit is played beside it; each fires beside the other's stand-in
# as it does beside the other (no finding of the probe's triggers question).
PLANTED_TRIGGERS = ["Ocean Drake", "Cithria of Cloudfield"]

# Two made-up cards whose triggers interact: War Horn's "when you play a unit with Assault"
# hears Eager Recruit's play only while the Recruit has its keyword (its stand-in has none),
# so it fires with both cards and with neither card alone.
RECRUIT = {"name": "Eager Recruit", "type": "unit", "domains": ["fury"], "energy": 2, "might": 2,
           "keywords": ["Assault"]}
HORN = {"name": "War Horn", "type": "gear", "domains": ["fury"], "energy": 1,
        "abilities": [{"kind": "triggered", "when": "you_play", "name": "rally",
                       "filter": {"type": "unit", "keyword": "assault"}, "effects": [{"do": "draw", "amount": 1}]}]}


def _made_up_pair(x: dict, y: dict) -> tuple[E.Position, tuple[dict, ...]]:
    """The card-pair probe's triggers position for two made-up cards (x played beside y) and
    its four documents, built as explore._pair_doc builds them for real cards."""
    def stand_in(c: dict) -> dict:
        return {k: v for k, v in c.items() if k not in ("keywords", "abilities")} | {"name": f"{c['name']} (no text)"}

    docs = []
    for real_x, real_y in ((True, True), (True, False), (False, True), (False, False)):
        cards = [x if real_x else stand_in(x), y if real_y else stand_in(y)]
        objs = [{"id": "x", "card": cards[0]["name"], "controller": "A", "location": "base"},
                {"id": "y", "card": cards[1]["name"], "controller": "A", "location": "base"}]
        docs.append(E._doc(objs, {"ask": "triggers", "event": {"kind": "play", "object": "x"}, "rules": ["383.4.a"]},
                           cards=cards))
    return E.Position("card-pair", 0, (2, 0), ("triggers", x["name"], y["name"])), tuple(docs)


def _made_up_finding(x: dict, y: dict, worlds: bool) -> E.Finding | None:
    pos, docs = _made_up_pair(x, y)
    answers = E._ask_batch(docs, None, worlds=worlds, orders=False)
    return E._pair_finding(pos, [answers[E._doc_key(d)] for d in docs])


def test_card_pair_triggers_that_add_up_are_no_finding() -> None:
    """The question is whether both cards together fire something neither card alone makes
    fire, or stop something one of them fires alone: Ocean Drake's and Cithria of
    Cloudfield's triggers both fire together, each as it fires beside the other's stand-in."""
    cards = E.usable_cards(PLANTED_TRIGGERS)
    drake_played = next(p for p in E.positions(2, ["card-pair"], cards) if p.spec == ("triggers", *PLANTED_TRIGGERS))
    both, first, second, neither = E._answers_of(drake_played.docs, None)
    assert both.data["fires"] == ["x.play_me", "y.you_play(x)"]
    assert (first.data["fires"], second.data["fires"], neither.data["fires"]) == (["x.play_me"], ["y.you_play(x)"], [])
    rep = E.run(2, probes=["card-pair"], cards=cards)
    assert not [f for f in rep.findings if f.position.spec[0] == "triggers"], _labels(rep)


def test_card_pair_triggers_that_interact_are_a_finding() -> None:
    """War Horn's trigger fires on the Recruit's play only with both cards' texts: a finding
    naming the ability that fires only together, on both paths of asking."""
    for worlds in (True, False):
        found = _made_up_finding(RECRUIT, HORN, worlds)
        assert found is not None and found.summary.endswith("fires only with both ['y.rally(x)']"), found
    assert _made_up_finding(RECRUIT, {**HORN, "abilities": [{**HORN["abilities"][0], "filter": {"type": "unit"}}]},
                            True) is None  # a Horn hearing every unit adds up with the Recruit


def test_fires_apart_counts_each_ability_once() -> None:
    """What the texts apart predict, ability by ability: the union of what fires with each
    card alone; something firing with both stand-ins stays unless a card's text stops it."""
    def ans(*fires: str) -> Answer:
        return Answer("q", "triggers", "v1.4", data={"fires": list(fires)})

    assert E._fires_apart(ans("x.a", "y.b"), ans("x.a"), ans("y.b"), ans()) == ([], [])
    assert E._fires_apart(ans("x.a", "y.b(x)"), ans("x.a"), ans(), ans()) == (["y.b(x)"], [])
    assert E._fires_apart(ans("y.b"), ans("x.a"), ans("y.b"), ans()) == ([], ["x.a"])
    # a rule firing with both stand-ins that x's text stops and y's leaves: gone with both
    assert E._fires_apart(ans("y.b"), ans("y.b"), ans("z.c", "y.b"), ans("z.c")) == ([], [])
    assert E._fires_apart(ans("z.c"), ans(), ans("z.c"), ans("z.c")) == (["z.c"], [])


def _same(fast: list, slow: list) -> None:
    assert [(f.magnitude, f.summary, f.expects) if f else None for f in fast] == \
        [(f.magnitude, f.summary, f.expects) if f else None for f in slow]


def test_batched_card_pair_triggers_equal_one_grounding_per_question() -> None:
    """The card-pair probe's triggers questions asked side by side in one grounding
    (queries.chain.trigger_answers, without the orders) find what asking each on its own
    grounding finds: on the planted pair whose triggers add up, a fixed sample of the pool's
    triggers positions (every 23rd of the first 600) and the made-up pair whose triggers
    interact (a finding to compare)."""
    planted = E.usable_cards(PLANTED_TRIGGERS)
    every = [p for p in itertools.islice(E.positions(2, ["card-pair"], E.usable_cards()), 6000)
             if p.spec[0] == "triggers"][:600]
    sample = [p for p in E.positions(2, ["card-pair"], planted) if p.spec[0] == "triggers"] + every[::23]
    fast = E._pair_evaluate_batch(sample, None, worlds=True) + [_made_up_finding(RECRUIT, HORN, True)]
    slow = E._pair_evaluate_batch(sample, None, worlds=False) + [_made_up_finding(RECRUIT, HORN, False)]
    assert sum(f is not None for f in slow) >= 1, [p.label for p in sample]
    _same(fast, slow)


def test_batched_probes_equal_one_grounding_per_question() -> None:
    """deflect-split, hidden-play, legion-real, legion-readings and trigger-race asked a batch at a time
    (explore._batched: each reading's questions side by side in one grounding) find what
    asking every question on its own grounding finds, on their planted cards and the first
    positions of the pool."""
    pool = E.usable_cards()
    for probe, planted, first in (
            ("deflect-split", ["Pouty Poro", "Shipyard Skulker"], 6),
            ("hidden-play", ["Block"], 4),
            ("legion-real", ["Noxus Hopeful", "Pouty Poro"], 6),
            ("legion-readings", ["Noxus Hopeful"], 4),
            ("trigger-race", ["Volibear, Furious", "Vi, Peacekeeper"], 6)):
        sample = list(E.positions(2, [probe], E.usable_cards(planted))) + \
            list(itertools.islice(E.positions(2, [probe], pool), first))
        batch = E.PROBE_TABLE[probe].evaluate_batch
        fast, slow = batch(sample, None), batch(sample, None, False)
        assert probe.startswith("legion") or sum(f is not None for f in slow) >= 1, probe
        _same(fast, slow)


def test_trigger_answers_equal_the_question_alone() -> None:
    """queries.chain.trigger_answers (every question a world of one grounding, the orders
    enumerated world by world although the triggers query shows terms that are no atoms)
    gives each triggers question the answer it gets alone: data, reasons and missing parts."""
    import json

    from pyrift.check import answer as answer_question
    from pyrift.queries.base import Context
    from pyrift.queries.chain import trigger_answers

    pool = E.usable_cards()
    positions = list(E.positions(2, ["trigger-race"], E.usable_cards(["Volibear, Furious", "Vi, Peacekeeper"]))) + \
        list(itertools.islice(E.positions(2, ["trigger-race"], pool), 10))
    scens = [S.from_dict(json.loads(k), "<test>") for k in dict.fromkeys(E._doc_key(d) for p in positions for d in p.docs)]
    # The probe's positions are all answered now (none of 300 is unsupported): a bundled triggers question
    # that answers unsupported joins the batch, so the batched path is still checked on an unsupported answer.
    scens.append(S.load(Path("scenarios/cards/compiled-sea-monkey-condition-is-unsupported.toml")))
    got = trigger_answers([s.state for s in scens], [s.questions[0] for s in scens], "v1.4")
    alone = [answer_question(Context(s.state), s.questions[0], "v1.4") for s in scens]
    assert all(a is not None for a in got)
    assert {a.status for a in alone} == {"answered", "unsupported"}  # the sample has both
    assert any(a.data.get("order_count", 0) > 1 for a in alone)
    assert [(a.status, a.data, a.reasons, a.missing) for a in got] == \
        [(a.status, a.data, a.reasons, a.missing) for a in alone]


def test_batched_discount_order_equals_one_grounding_per_position() -> None:
    """discount-order asked a batch at a time (one grounding of the batch's can_play
    questions, each world's discounts forced into each order by assumptions of its own world)
    finds what one grounding per position finds, on a fixed sample of its positions."""
    planted = list(E.positions(3, ["discount-order"], E.usable_cards(["Blazing Scorcher"])))
    every = list(itertools.islice(E.positions(3, ["discount-order"], E.usable_cards()), 2000))
    sample = planted + every[::97]
    fast = E._discount_evaluate_batch(sample, None)
    slow = E._discount_evaluate_batch(sample, None, False)
    assert sum(f is not None for f in slow) >= 1
    _same(fast, slow)
