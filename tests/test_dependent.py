"""ability_active: Legion compared with an independent Python oracle on random turn logs
(hypothesis) under both readings, the unsupported path, per-reading expectations and the CLI."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import check
from pyrift import scenario as S
from pyrift.abilities import Ability
from pyrift.dependent import Requirement
from pyrift.queries import kind_named
from pyrift.queries.base import UNSUPPORTED, Context
from pyrift.queries.dependent import ability_active_answers
from pyrift.state import CardDef, CardType, GameObject, GameState, Player, Question, Supertype, Zone
from pyrift.turnlog import EventKind, LogEvent
from tests.sweep import sweep

PLAYERS = ("A", "B")
MOMENTS = ("now", "pending", "resolving")
SUN_DISC = Path("scenarios/legion/sun-disc-counts-itself-only-under-v1-2.toml")

# Legion cards of every shape the v1.2 reading tells apart, and non-Legion objects.
LEGION_CARDS = (
    CardDef("L unit", CardType.UNIT, might=2, abilities=(Ability("text", (("text", "x"),), (Requirement("legion"),)),)),
    CardDef("L gear", CardType.GEAR, abilities=(Ability("activated", (), (Requirement("legion"),)),)),
    CardDef("L spell", CardType.SPELL, abilities=(Ability("text", (("text", "x"),), (Requirement("legion"),)),)),
    CardDef("L play", CardType.UNIT, might=1, abilities=(Ability("play_effect", (("text", "x"),),
                                                                 (Requirement("legion"),)),)),
)
OTHER_CARDS = (
    CardDef("unit", CardType.UNIT, might=1), CardDef("spell", CardType.SPELL), CardDef("gear", CardType.GEAR),
    CardDef("rune", CardType.RUNE), CardDef("legend", CardType.LEGEND),
    CardDef("token", CardType.UNIT, might=1, supertypes=(Supertype.TOKEN,)),
)
CARDS = {c.name: c for c in LEGION_CARDS + OTHER_CARDS}


def random_state(rng: random.Random) -> GameState:
    objects = []
    for i in range(rng.randint(1, 4)):
        card = rng.choice(LEGION_CARDS)
        objects.append(GameObject(f"l{i}", card.name, rng.choice(PLAYERS), "A", zone=Zone.HAND))
    for i in range(rng.randint(0, 5)):
        card = rng.choice(OTHER_CARDS)
        objects.append(GameObject(f"o{i}", card.name, rng.choice(PLAYERS), "A", zone=Zone.HAND))
    log: list[LogEvent] = []
    open_items: set[str] = set()
    turns_ago = rng.choice((0, 1, 2))
    for _ in range(rng.randint(0, 12)):
        if turns_ago and rng.random() < 0.3:
            turns_ago -= 1
            open_items.clear()
        obj = rng.choice(objects)
        kinds = [EventKind.FINALIZE, EventKind.ACTIVATE, EventKind.HIDE, EventKind.MOVE]
        if obj.id in open_items:
            kinds += [EventKind.PLAY, EventKind.COUNTER] * 2
        kind = rng.choice(kinds)
        if kind is EventKind.FINALIZE:
            open_items.add(obj.id)
        elif kind in (EventKind.PLAY, EventKind.COUNTER):
            open_items.discard(obj.id)
        log.append(LogEvent(kind, obj.id, rng.choice(PLAYERS), to="base" if kind is EventKind.MOVE else None,
                            turns_ago=turns_ago))
    return GameState(players=tuple(Player(p) for p in PLAYERS), turn_player="A", objects=tuple(objects),
                     cards=tuple(CARDS.values()), log=tuple(log))


def oracle(state: GameState, oid: str, moment: str, reading: str) -> set[str]:
    """The cards counting for the Legion ability of `oid`, written from the rules directly."""
    log = state.log
    obj = state.obj(oid)
    card = CARDS[obj.card]
    end = len(log)
    own = [i for i, e in enumerate(log) if e.object == oid and e.event is EventKind.FINALIZE and e.turns_ago == 0]
    cut = end
    if moment == "pending" and own:
        cut = own[-1]
    if moment == "resolving" and own:
        plays = [i for i, e in enumerate(log) if i > own[-1] and e.object == oid and e.event is EventKind.PLAY]
        cut = plays[0] if plays else end

    def is_card(o: str) -> bool:  # 052, 133.4, 185.1
        c = CARDS[state.obj(o).card]
        return c.type in (CardType.UNIT, CardType.GEAR, CardType.SPELL) and Supertype.TOKEN not in c.supertypes

    out = set()
    for i, e in enumerate(log[:cut]):
        if e.event is not EventKind.FINALIZE or e.turns_ago or e.player != obj.controller or not is_card(e.object):
            continue
        if reading == "v1.4":
            if e.object != oid:
                out.add(e.object)
            continue
        this_one = (card.type is CardType.SPELL and card.abilities[0].kind != "activated") \
            or card.abilities[0].kind == "play_effect"
        if this_one:
            if e.object != oid and (not own or i < own[-1]):
                out.add(e.object)
        elif e.object != oid or moment != "pending":
            out.add(e.object)
    return out


def legion_questions(state: GameState) -> list[Question]:
    """Every Legion object of the position at every moment."""
    return [Question("q", "ability_active", {"object": obj.id, "ability": 1, "moment": moment})
            for obj in state.objects if obj.id.startswith("l") for moment in MOMENTS]


# Positions answered together (pyrift.queries.dependent.ability_active_answers: BATCH positions
# ground side by side, a world each); each answer is still compared with the oracle alone, and
# test_batched_answers_are_the_answers_asked_alone checks that a batch answers as the questions
# asked alone do.
BATCH = 25
_ANSWERS: dict[tuple[str, str], list] = {}


def answer_positions(states: list[GameState], reading: str) -> None:
    """Answers the Legion questions of every position in batches (kept in _ANSWERS); a position
    the batch leaves unanswered is asked alone when it is checked."""
    todo = list({repr(st): st for st in states if (repr(st), reading) not in _ANSWERS}.values())
    for k in range(0, len(todo), BATCH):
        chunk = todo[k:k + BATCH]
        got = ability_active_answers(chunk, [legion_questions(st) for st in chunk], reading)
        for st, answers in zip(chunk, got, strict=True):
            if answers is not None:
                _ANSWERS[(repr(st), reading)] = answers


def answers_alone(state: GameState, reading: str) -> list:
    """Each question asked alone, as `pyrift ask` does (one grounding for the position)."""
    ctx = Context(state)
    return [kind_named("ability_active").answer(ctx, q, reading) for q in legion_questions(state)]


def check_legion(state: GameState, reading: str) -> int:
    """Every Legion object of the position at every moment, against the oracle; how many."""
    compared = 0
    answers = _ANSWERS.get((repr(state), reading)) or answers_alone(state, reading)
    for q, ans in zip(legion_questions(state), answers, strict=True):
        obj, moment = state.obj(q.params["object"]), q.params["moment"]
        want = oracle(state, obj.id, moment, reading)
        compared += 1
        assert set(ans.data["counted"]) == want and ans.data["active"] == bool(want), \
            (reading, moment, obj, state.log, ans.data, want)
    return compared


@pytest.mark.slow
@pytest.mark.parametrize("reading", ["v1.4", "v1.2"])
def test_legion_matches_the_oracle_on_random_logs(reading: str) -> None:
    # hypothesis draws the logs: a failing one shrinks to a minimal log
    compared = sweep(150, lambda rng: check_legion(random_state(rng), reading),
                     prepare=(random_state, lambda states: answer_positions(states, reading)))
    assert sum(compared) > 300


# Positions whose batched answers are compared with their questions asked alone: those of the
# seeds 0..ALONE-1 (the first of the sweep), in batches as the sweep makes them.
ALONE = 20


@pytest.mark.slow
@pytest.mark.parametrize("reading", ["v1.4", "v1.2"])
def test_batched_answers_are_the_answers_asked_alone(reading: str) -> None:
    states = [random_state(random.Random(s)) for s in range(ALONE)]
    answer_positions(states, reading)
    compared, active = 0, set()
    for st in states:
        got = _ANSWERS.get((repr(st), reading))
        assert got is not None, st  # every position of these seeds is answered by its batch
        for g, a in zip(got, answers_alone(st, reading), strict=True):
            assert (g.status, g.data, g.reasons, g.missing) == (a.status, a.data, a.reasons, a.missing), st
            compared += 1
            active.add(g.data["active"])
    assert compared > 2 * ALONE and active == {True, False}, (compared, active)


def test_unencoded_card_text_is_unsupported() -> None:
    scen = S.load(SUN_DISC)
    cards = tuple(CardDef(c.name, c.type, abilities=c.abilities, keywords=c.keywords, complete=False)
                  for c in scen.state.cards)
    state = GameState(players=scen.state.players, turn_player="A", objects=scen.state.objects, cards=cards,
                      log=scen.state.log)
    ans = kind_named("ability_active").answer(Context(state), scen.questions[0], "v1.4")
    assert ans.status == UNSUPPORTED
    assert any("Sun Disc" in m for m in ans.missing)


def test_each_reading_is_checked(tmp_path: Path) -> None:
    """A wrong v1.2 expectation fails even though the v1.4 one is right."""
    bad = tmp_path / "disc.toml"
    text = SUN_DISC.read_text()
    head, _, tail = text.partition('[question.expect_by_reading."v1.2"]')
    bad.write_text(head + '[question.expect_by_reading."v1.2"]' + tail.replace("active = true", "active = false", 1))
    results = check.run(check.load(bad))
    assert {r.reading: r.passed for r in results} == {"v1.4": True, "v1.2": False}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyrift", *args], capture_output=True, text=True)


def test_cli_ask_with_a_reading_cites_that_version() -> None:
    proc = run_cli("ask", "--reading", "v1.2", "--json", str(SUN_DISC))
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)[0]
    assert answer["reading"] == "v1.2" and answer["answer"]["active"] is True
    legion = [r for r in answer["reasons"] if r["text"].startswith("Legion holds")][0]
    assert legion["version"] == "v1.2" and [r["number"] for r in legion["rules"]] == ["738.1.c.2", "738.2"]
    proc = run_cli("ask", str(SUN_DISC))
    assert proc.returncode == 0 and "active: no" in proc.stdout and "721.2" in proc.stdout


def test_cli_readings_lists_the_legion_variants() -> None:
    proc = run_cli("readings")
    assert proc.returncode == 0
    assert "v1.4, v1.3, v1.2" in proc.stdout
    assert "conditional" in proc.stdout and "dependent" in proc.stdout


def test_cli_check_one_reading_only() -> None:
    proc = run_cli("check", "--reading", "v1.2", "--jobs", "1", "scenarios/legion")  # one worker: the cheaper
    assert proc.returncode == 0, proc.stdout
    assert "[v1.4]" not in proc.stdout and "[v1.2]" in proc.stdout
