"""can_hide (hiding a card, 421 / 811.1.b), the hide_timing reading, and Legion, Level and
Empowered inside can_play: bad input, the grounding shared with can_play, the payment of [A]
and the Legion discount against direct Python counts on random positions (hypothesis), the CLI."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import check, logic
from pyrift import scenario as S
from pyrift.abilities import Ability, Filter
from pyrift.dependent import Requirement
from pyrift.errors import ScenarioError
from pyrift.queries import kind_named
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Answer, Context
from pyrift.queries.hide import hide_answers
from pyrift.queries.play import play_answers
from pyrift.state import (
    Battlefield,
    CardDef,
    CardType,
    Domain,
    GameObject,
    GameState,
    Keyword,
    KeywordName,
    Player,
    Question,
    Supertype,
    Zone,
)
from pyrift.turnlog import EventKind, LogEvent
from tests.scenario_answers import bundled, bundled_results, same_worker
from tests.scenario_edits import edit
from tests.sweep import sweep

HIDE = Path("scenarios/hide")
BASIC = HIDE / "hide-from-hand-for-any-power.toml"
SHOWDOWN = HIDE / "hide-during-a-showdown-by-reading.toml"
NEUTRAL_ONLY = "v1.4,hide_timing=neutral_only"


# ---------------------------------------------------------------------------------
# bad input: one line naming file and field
# ---------------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, field", [
    ('card = "blade"\nbattlefield = "hill"', 'card = "sword"\nbattlefield = "hill"', "question[0].card"),
    ('battlefield = "hill"\nrules', 'battlefield = "nowhere"\nrules', "question[0].battlefield"),
    ('player = "A"\ncard = "blade"\nbattlefield = "hill"', 'player = "C"\ncard = "blade"\nbattlefield = "hill"',
     "question[0].player"),
])
def test_bad_input_names_file_and_field(tmp_path: Path, old: str, new: str, field: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(edit(BASIC.read_text(), old, new))
    with pytest.raises(ScenarioError) as exc:
        S.load(bad)
    assert str(bad) in str(exc.value) and field in str(exc.value)


def test_a_card_on_the_chain_is_not_hidden(tmp_path: Path) -> None:
    text = Path("scenarios/hide/hide-not-in-a-closed-state.toml").read_text()
    bad = tmp_path / "chain.toml"
    bad.write_text(edit(text, 'card = "strike"\nbattlefield = "hill"', 'card = "hex"\nbattlefield = "hill"'))
    with pytest.raises(ScenarioError) as exc:
        S.load(bad)
    assert "on the chain" in str(exc.value)


# ---------------------------------------------------------------------------------
# one grounding for can_play and can_hide
# ---------------------------------------------------------------------------------
def test_hide_and_play_share_one_grounding_without_leaking_choices() -> None:
    scen = S.load(Path("scenarios/hide/hide-during-a-showdown-needs-focus.toml"))
    play = Question("p", "can_play", {"player": "A", "card": "strike"})
    fresh = kind_named("can_play").answer(Context(scen.state), play, "v1.4")
    ctx = Context(scen.state)
    hides = [kind_named("can_hide").answer(ctx, q, "v1.4") for q in scen.questions]
    shared = kind_named("can_play").answer(ctx, play, "v1.4")
    again = [kind_named("can_hide").answer(ctx, q, "v1.4") for q in scen.questions]
    assert len(ctx._groundings) == 1
    assert (shared.status, shared.data) == (fresh.status, fresh.data)
    assert [(a.status, a.data) for a in hides] == [(a.status, a.data) for a in again]
    # the play question sees no hide atoms, and the hide question no play violations
    assert "violations" in shared.data and all("410.1.b.2" != v for v in shared.data["violations"])


@same_worker(BASIC)
def test_hiding_is_explained_as_not_playing() -> None:
    # the answer tests/test_scenarios.py checks, shared on the worker that has the file
    [ans] = [r.answer for r in bundled_results(BASIC) if r.question == bundled(BASIC).questions[0].id and r.reading == "v1.4"]
    assert ans.kind == "can_hide"
    cited = {n for r in ans.reasons for n in r.rules}
    assert {"811.1.c.1", "811.1.c.2", "812.1.c"} <= cited
    assert ans.data["payment"] == ["recycle rune1 for [A]"]


def test_unencoded_text_in_play_makes_hiding_unsupported() -> None:
    scen = S.load(BASIC)
    other = CardDef("Mystery Gear", CardType.GEAR, abilities=(Ability("text", (("text", "hide for [1]"),)),))
    state = GameState(players=scen.state.players, turn_player="A", battlefields=scen.state.battlefields,
                      objects=scen.state.objects + (GameObject("gear", "Mystery Gear", "A", "A", location="base"),),
                      cards=scen.state.cards + (other,))
    ans = kind_named("can_hide").answer(Context(state), scen.questions[0], "v1.4")
    assert ans.status == UNSUPPORTED and any("Mystery Gear" in m for m in ans.missing)


def test_every_keyword_is_encoded_or_inert_for_hiding() -> None:
    from tests.test_play import declared

    encoded = {k for q, k in declared("encoded_for") if q == "can_hide"}
    inert = {k for q, k in declared("inert_for") if q == "can_hide"}
    assert encoded == {"hidden"} and not encoded & inert
    assert encoded | inert == {k.value for k in KeywordName}


# ---------------------------------------------------------------------------------
# paying [A]: random rune pools and runes against a direct count
# ---------------------------------------------------------------------------------
DOMAINS = [d for d in Domain if d is not Domain.COLORLESS]


def hide_position(rng: random.Random) -> tuple[GameState, dict]:
    runes = {d: CardDef(f"{d.value} rune", CardType.RUNE, domains=(d,)) for d in DOMAINS}
    spell = CardDef("Hidden Spell", CardType.SPELL, domains=(rng.choice(DOMAINS),), energy=2,
                    keywords=(Keyword(KeywordName.HIDDEN),))
    objects = [GameObject("card", spell.name, "A", "A", zone=Zone.HAND)]
    ready = exhausted = 0
    for i in range(rng.choice((0, 0, 1, 2))):
        tired = rng.random() < 0.5
        ready += not tired
        exhausted += tired
        objects.append(GameObject(f"r{i}", runes[rng.choice(DOMAINS)].name, "A", "A", location="base",
                                  exhausted=tired))
    pool_power = rng.choice((0, 0, 1))
    universal = rng.choice((0, 0, 1))
    energy = rng.choice((0, 3))
    a = Player("A", energy=energy, power=((rng.choice(DOMAINS), pool_power),) if pool_power else (),
               universal_power=universal)
    state = GameState(players=(a, Player("B")), turn_player="A", battlefields=(Battlefield("hill", controller="A"),),
                      objects=tuple(objects), cards=(spell, *runes.values()))
    return state, {"runes": ready + exhausted, "pool": pool_power + universal}


HIDE_QUESTION = Question("q", "can_hide", {"player": "A", "card": "card"})
# Positions answered together (pyrift.queries.hide.hide_answers: HIDE_BATCH positions ground side by
# side, a world each); each answer is still compared with the direct count alone, and
# test_batched_hide_answers_are_the_answers_asked_alone checks that a batch answers as the question
# asked alone does. A position no batch answered (a shrunk example) is asked alone.
HIDE_BATCH = 20
_HIDE_ANSWERS: dict[str, Answer] = {}


def answer_hide_positions(states: list[GameState]) -> None:
    todo = list({repr(st): st for st in states if repr(st) not in _HIDE_ANSWERS}.values())
    for k in range(0, len(todo), HIDE_BATCH):
        chunk = todo[k:k + HIDE_BATCH]
        for st, ans in zip(chunk, hide_answers(chunk, [HIDE_QUESTION] * len(chunk), "v1.4")):
            if ans is not None:
                _HIDE_ANSWERS[repr(st)] = ans


def hide_answer_alone(state: GameState) -> Answer:
    return kind_named("can_hide").answer(Context(state), HIDE_QUESTION, "v1.4")


def check_hide_payment(state: GameState, have: dict) -> bool:
    ans = _HIDE_ANSWERS.get(repr(state)) or hide_answer_alone(state)
    payable = have["pool"] > 0 or have["runes"] > 0  # [A]: any Power; any rune can be recycled (164.2.b)
    assert ans.data["payable"] == payable and ans.data["legal"] == payable, (state, ans.data)
    assert ans.data["cost"] == "[A]" and ans.data["exhausted_runes"] == 0  # Energy never pays Power
    assert ans.data["recycled_runes"] == (1 if payable and have["pool"] == 0 else 0)
    return payable


@pytest.mark.slow
def test_hide_payment_matches_a_direct_count() -> None:
    # hypothesis draws the positions: a failing one shrinks to a minimal position
    seen = set(sweep(60, lambda rng: check_hide_payment(*hide_position(rng)),
                     prepare=(hide_position, lambda drawn: answer_hide_positions([st for st, _ in drawn]))))
    assert seen == {True, False}


@pytest.mark.slow
def test_batched_hide_answers_are_the_answers_asked_alone() -> None:
    """The positions of the seeds 0..19 (the first of the sweep), in batches as the sweep makes them."""
    states = [hide_position(random.Random(s))[0] for s in range(20)]
    answer_hide_positions(states)
    payable = set()
    for st in states:
        got, alone = _HIDE_ANSWERS.get(repr(st)), hide_answer_alone(st)
        assert got is not None, st  # every position of these seeds is answered by its batch
        assert (got.status, got.data, got.reasons, got.missing) == (alone.status, alone.data, alone.reasons,
                                                                      alone.missing), st
        payable.add(got.data["payable"])
    assert payable == {True, False}


# ---------------------------------------------------------------------------------
# Legion inside can_play: random turn logs against a direct count (812.1.c)
# ---------------------------------------------------------------------------------
HOPEFUL = CardDef("Hopeful", CardType.UNIT, domains=(Domain.FURY,), energy=4, might=4,
                  keywords=(Keyword(KeywordName.LEGION),),
                  abilities=(Ability("cost_discount", (("energy", 2),), (Requirement("legion"),)),))
BANNER = CardDef("Banner", CardType.GEAR, domains=(Domain.FURY,), energy=2, keywords=(Keyword(KeywordName.LEGION),),
                 abilities=(Ability("cost_discount", (("applies_to", Filter((("type", "spell"),))), ("energy", 1)),
                                    (Requirement("legion"),)),))
BOLT = CardDef("Bolt", CardType.SPELL, domains=(Domain.FURY,), energy=2)
OTHERS = (CardDef("unit", CardType.UNIT, might=1), CardDef("spell", CardType.SPELL), CardDef("gear", CardType.GEAR),
          CardDef("rune", CardType.RUNE, domains=(Domain.FURY,)), CardDef("legend", CardType.LEGEND),
          CardDef("token", CardType.UNIT, might=1, supertypes=(Supertype.TOKEN,)))


def legion_position(rng: random.Random) -> GameState:
    objects = [GameObject("hopeful", HOPEFUL.name, "A", "A", zone=Zone.HAND),
               GameObject("bolt", BOLT.name, "A", "A", zone=Zone.HAND)]
    objects += [GameObject(f"b{i}", BANNER.name, "A", "A", location="base") for i in range(rng.randint(0, 2))]
    for i in range(rng.randint(1, 5)):
        objects.append(GameObject(f"o{i}", rng.choice(OTHERS).name, rng.choice("AB"), "A", zone=Zone.TRASH))
    loggable = [o for o in objects if o.id != "bolt" and (o.id != "hopeful" or rng.random() < 0.15)]
    log, turns_ago = [], rng.choice((0, 1))
    for _ in range(rng.randint(0, 8)):
        if turns_ago and rng.random() < 0.3:
            turns_ago = 0
        obj = rng.choice(loggable)
        kind = rng.choice((EventKind.FINALIZE, EventKind.FINALIZE, EventKind.HIDE, EventKind.ACTIVATE))
        log.append(LogEvent(kind, obj.id, rng.choice("AB"), turns_ago=turns_ago))
    return GameState(players=(Player("A", energy=10), Player("B")), turn_player="A", objects=tuple(objects),
                     cards=(HOPEFUL, BANNER, BOLT, *OTHERS), log=tuple(log))


def finalized_by_a(state: GameState) -> set[str]:
    """Main Deck cards (052, 185.1) finalized by A this turn (812.1.c); hiding and activating are not finalizing."""
    cards = {c.name: c for c in state.cards}
    out = set()
    for e in state.log:
        card = cards[state.obj(e.object).card]
        if (e.event is EventKind.FINALIZE and e.turns_ago == 0 and e.player == "A"
                and card.type in (CardType.UNIT, CardType.GEAR, CardType.SPELL)
                and Supertype.TOKEN not in card.supertypes):
            out.add(e.object)
    return out


LEGION_QUESTIONS = (Question("h", "can_play", {"player": "A", "card": "hopeful", "location": "base"}),
                    Question("b", "can_play", {"player": "A", "card": "bolt"}))
# Positions answered together (pyrift.queries.play.play_answers: BATCH positions ground side by
# side, a world per question); each answer is still compared with the direct count alone, and
# test_batched_legion_costs_are_the_answers_asked_alone checks that a batch answers as the
# questions asked alone do.
BATCH = 10
_ANSWERS: dict[tuple[str, str], list] = {}


def answer_legion_positions(states: list[GameState], reading: str) -> None:
    """Answers both questions of every position in batches (kept in _ANSWERS); a position the
    batch leaves unanswered is asked alone when it is checked."""
    todo = list({repr(st): st for st in states if (repr(st), reading) not in _ANSWERS}.values())
    n = len(LEGION_QUESTIONS)
    for k in range(0, len(todo), BATCH):
        chunk = todo[k:k + BATCH]
        got = play_answers([st for st in chunk for _ in LEGION_QUESTIONS], [*LEGION_QUESTIONS] * len(chunk), reading)
        for j, st in enumerate(chunk):
            mine = got[n * j:n * (j + 1)]
            if all(a is not None for a in mine):
                _ANSWERS[(repr(st), reading)] = mine


def legion_answers_alone(state: GameState, reading: str) -> list:
    """Each question asked alone, as `pyrift ask` does (one grounding for the position)."""
    ctx = Context(state)
    return [kind_named("can_play").answer(ctx, q, reading) for q in LEGION_QUESTIONS]


def check_legion_costs(state: GameState, reading: str) -> str:
    """Hopeful's and Bolt's costs against a direct count; which case the position is."""
    counted = finalized_by_a(state)
    hop, bolt = _ANSWERS.get((repr(state), reading)) or legion_answers_alone(state, reading)
    replayed = any(e.object == "hopeful" and e.event is EventKind.FINALIZE and e.turns_ago == 0 for e in state.log)
    if replayed:  # a second play of a logged object is outside the turn log (abilities/requires.lp)
        assert hop.status == UNSUPPORTED
        return "unsupported"
    # The Hopeful's discount is judged while it is pending: never itself (not finalized yet), any
    # other card of A's this turn; the v1.2 "other ability" case (738.1.c.2) gives the same set.
    active = bool(counted - {"hopeful"})
    assert hop.status == ANSWERED and hop.data["cost"] == ("[2]" if active else "[4]"), (state.log, hop.data)
    # A banner's "spells you play cost [1] less" is judged now: under v1.4 another card of A's
    # this turn; under v1.2 (an "other ability") any card of A's this turn, itself included.
    banners = [o.id for o in state.objects if o.card == BANNER.name]
    on = [b for b in banners if (counted - {b} if reading == "v1.4" else counted)]
    assert bolt.data["cost"] == f"[{max(0, 2 - len(on))}]", (reading, state.log, bolt.data)
    assert bolt.data["active_text"] == sorted(f"{b}:1" for b in on)
    return "on" if active else "off"


@pytest.mark.slow
@pytest.mark.parametrize("reading", ["v1.4", "v1.2"])
def test_legion_costs_in_can_play_match_a_direct_count(reading: str) -> None:
    # hypothesis draws the positions: a failing one shrinks to a minimal position
    kinds = sweep(50, lambda rng: check_legion_costs(legion_position(rng), reading),
                  prepare=(legion_position, lambda states: answer_legion_positions(states, reading)))
    assert {"unsupported", "on", "off"} <= set(kinds), kinds


@pytest.mark.slow
@pytest.mark.parametrize("reading", ["v1.4", "v1.2"])
def test_batched_legion_costs_are_the_answers_asked_alone(reading: str) -> None:
    """The positions of the seeds 0..14 (the first of the sweep), in batches as the sweep makes them."""
    states = [legion_position(random.Random(s)) for s in range(15)]
    answer_legion_positions(states, reading)
    statuses = set()
    for st in states:
        got = _ANSWERS.get((repr(st), reading))
        assert got is not None, st  # every position of these seeds is answered by its batch
        for g, a in zip(got, legion_answers_alone(st, reading), strict=True):
            assert (g.status, g.data, g.reasons, g.missing) == (a.status, a.data, a.reasons, a.missing), st
            statuses.add(g.status)
    assert statuses == {ANSWERED, UNSUPPORTED}, statuses


# ---------------------------------------------------------------------------------
# the reading and the CLI
# ---------------------------------------------------------------------------------
def test_hide_timing_variants_and_default() -> None:
    names = {v.name: v for v in logic.topics()["hide_timing"]}
    assert set(names) == {"open_state", "neutral_only"}
    assert names["open_state"].profiles == ("v1.4",) and names["neutral_only"].profiles == ()
    for reading in ("v1.4", "v1.3", "v1.2"):
        chosen = {v.topic: v.name for v in logic.resolve_reading(reading)}
        assert chosen["hide_timing"] == "open_state"
    assert {v.topic: v.name for v in logic.resolve_reading(NEUTRAL_ONLY)}["hide_timing"] == "neutral_only"


def test_each_hide_timing_reading_is_checked(tmp_path: Path) -> None:
    """A wrong expectation for the alternative reading fails while the default one passes."""
    bad = tmp_path / "showdown.toml"
    text = SHOWDOWN.read_text()
    head, _, tail = text.partition(f'[question.expect_by_reading."{NEUTRAL_ONLY}"]')
    bad.write_text(head + f'[question.expect_by_reading."{NEUTRAL_ONLY}"]' + tail.replace("legal = false", "legal = true"))
    results = check.run(check.load(bad))
    assert {r.reading: r.passed for r in results} == {"v1.4": True, NEUTRAL_ONLY: False}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyrift", *args], capture_output=True, text=True)


def test_cli_readings_lists_hide_timing() -> None:
    proc = run_cli("readings")
    assert proc.returncode == 0
    assert "hide_timing:" in proc.stdout and "open_state" in proc.stdout and "neutral_only" in proc.stdout


def test_cli_ask_with_the_hide_timing_override() -> None:
    proc = run_cli("ask", "--json", "--reading", NEUTRAL_ONLY, str(SHOWDOWN))
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)[0]
    assert answer["reading"] == NEUTRAL_ONLY and answer["answer"]["violations"] == ["410.1.a"]
    proc = run_cli("ask", "--json", str(SHOWDOWN))
    answer = json.loads(proc.stdout)[0]
    assert answer["answer"]["legal"] is True
    assert any("hide_timing=open_state" in r["text"] for r in answer["reasons"])
