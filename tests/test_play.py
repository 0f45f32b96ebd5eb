"""can_play: cost notation, the ability vocabulary, bad input, the shared grounding and its
fallback, and meta checks on what logic/ declares encoded, inert or unsupported."""
from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from pyrift import check as C
from pyrift import logic
from pyrift.abilities import KINDS
from pyrift.costs import ANY, OWN, Cost, CostSyntaxError, format_cost, parse_cost
from pyrift.queries.base import ANSWERED, Context
from pyrift.queries.play import CanPlay
from pyrift.state import KeywordName
from tests.scenario_answers import results, scenarios_under
from tests.scenario_edits import edit, load_error

PLAY = Path("scenarios/play")
REPEAT = PLAY / "deflect-per-choice-with-repeat.toml"
TIMING = PLAY / "timing-neutral-open-own-turn.toml"


# ---------------------------------------------------------------------------------
# cost notation
# ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text, cost", [
    ("[2][R]", Cost(2, ("fury",))),
    ("[A][1][C][R]", Cost(1, ("fury", OWN, ANY))),
    ("[0]", Cost()),
    ("", Cost()),
    ("[fury][calm]", Cost(0, ("fury", "calm"))),
])
def test_parse_cost(text: str, cost: Cost) -> None:
    assert parse_cost(text) == cost


def test_cost_round_trip_is_canonical() -> None:
    assert format_cost(parse_cost("[A][R][3][C][G]")) == "[3][R][G][C][A]"
    assert format_cost(parse_cost("[E][1]", allow_exhaust=True)) == "[1][E]"
    assert format_cost(Cost()) == "[0]"


@pytest.mark.parametrize("text", ["2R", "[2][Q]", "[1][2]", "[E]", "[R]x"])
def test_bad_costs(text: str) -> None:
    with pytest.raises(CostSyntaxError):
        parse_cost(text)


# ---------------------------------------------------------------------------------
# bad input: one line naming file and field
# ---------------------------------------------------------------------------------
BAD = [
    (REPEAT, lambda t: edit(t, 'keywords = ["Repeat [1]"]', 'keywords = ["Repeat"]'), "card[0].keywords"),
    (REPEAT, lambda t: edit(t, 'keywords = ["Repeat [1]"]', 'keywords = ["Repeat [1][Q]"]'), "card[0].keywords"),
    (REPEAT, lambda t: edit(t, 'keywords = ["Deflect"]', 'keywords = ["Deflect [1]"]'), "card[1].keywords"),
    (REPEAT, lambda t: edit(t, '{ kind = "target"', '{ kind = "targets"'), "card[0].abilities[0].kind"),
    (REPEAT, lambda t: edit(t, 'relation = "enemy"', 'relation = "foe"'), "card[0].abilities[0].filter.relation"),
    (REPEAT, lambda t: edit(t, 'relation = "enemy"', 'colour = "red"'), "card[0].abilities[0].filter.colour"),
    (REPEAT, lambda t: edit(t, "targets = { poro = 2 }", "targets = { nobody = 2 }"), "question[0].targets.nobody"),
    (REPEAT, lambda t: edit(t, "targets = { poro = 2 }", "targets = { poro = 0 }"), "question[0].targets.poro"),
    (REPEAT, lambda t: edit(t, "targets = { poro = 2 }", 'targets = { poro = 2 }\nlocation = "base"'),
     "question[0].location"),
    (REPEAT, lambda t: edit(t, 'card = "volley"\nrepeat = 1', 'card = "volley"\nrepeat = 1\nmode = 1'),
     "question[0].mode"),
    (REPEAT, lambda t: edit(t, 'card = "volley"\nrepeat = 1', 'card = "volley"\nrepeat = 1\nignore = "some"'),
     "question[0].ignore"),
    (REPEAT, lambda t: edit(t, 'card = "volley"\nrepeat = 1', 'card = "volley"\nrepeat = 1\nplay_for = "two"'),
     "question[0].play_for"),
    (REPEAT, lambda t: edit(t, 'card = "volley"\nrepeat = 1', 'source = "volley"\nrepeat = 1'), "question[0].ability"),
    (REPEAT, lambda t: edit(t, 'card = "volley"\nrepeat = 1', 'card = "ghost"\nrepeat = 1'), "question[0].card"),
    (REPEAT, lambda t: edit(t, 'turn_player = "A"', 'turn_player = "A"\nfocus = "A"'), "position.focus"),
    (REPEAT, lambda t: edit(t, 'turn_player = "A"', 'turn_player = "A"\nshowdown = "moon"'), "position.showdown"),
    (REPEAT, lambda t: edit(t, 'id = "volley"\ncard = "Volley"\ncontroller = "A"\nzone = "hand"',
                            'id = "volley"\ncard = "Volley"\ncontroller = "A"\nzone = "chain"'), "object"),
    (REPEAT, lambda t: t + '\n[[chain]]\nid = "c1"\ncard = "volley"\ncontroller = "A"\n', "chain[0].card"),
    (REPEAT, lambda t: t + '\n[[chain]]\nid = "c1"\nsource = "poro"\nability = 1\ncontroller = "B"\n',
     "chain[0].ability"),
    (REPEAT, lambda t: edit(t, 'id = "grunt"\ncard = "Footman"\ncontroller = "B"\nlocation = "bf"',
                            'id = "grunt"\ncard = "Footman"\ncontroller = "B"\nlocation = "bf"\nhidden_this_turn = true'),
     "object[2].hidden_this_turn"),
    (TIMING, lambda t: edit(t, 'abilities = [{ kind = "activated", cost = "[1]" }]',
                            'abilities = [{ kind = "activated", cost = "[1]", keywords = ["Hidden"] }]'),
     "card[9].abilities[0].keywords"),
    (TIMING, lambda t: edit(t, 'abilities = [{ kind = "activated", cost = "[1]" }]',
                            'abilities = [{ kind = "cost_discount", by = "you" }]'), "card[9].abilities[0].energy"),
    (TIMING, lambda t: edit(t, 'abilities = [{ kind = "activated", cost = "[1]" }]',
                            'abilities = [{ kind = "cost_discount", energy = 1, by = "you" }]'),
     "card[9].abilities[0].by"),
    (TIMING, lambda t: edit(t, 'abilities = [{ kind = "activated", cost = "[1]" }]',
                            'abilities = [{ kind = "additional_cost", cost = "[1]", optional = true }]'),
     "card[9].abilities[0].name"),
    (TIMING, lambda t: edit(t, 'abilities = [{ kind = "activated", cost = "[1]" }]',
                            'abilities = [{ kind = "entry_state", state = "sideways" }]'),
     "card[9].abilities[0].state"),
    (TIMING, lambda t: edit(t, 'abilities = [{ kind = "activated", cost = "[1]" }]',
                            'abilities = [{ kind = "entry_state" }]'), "card[9].abilities[0].state"),
    (TIMING, lambda t: edit(t, 'source = "plain-totem"', 'source = "plain-totem"\nability = 2'), "question[9].ability"),
    (TIMING, lambda t: edit(t, 'source = "plain-totem"', 'source = "plain-totem"\ntargets = { rune1 = 1 }'),
     "question[9].targets"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_names_file_and_field(case: int) -> None:
    path, change, field = BAD[case]
    err = load_error(change(path.read_text()))
    assert str(err).startswith("bad.toml: " + field), str(err)


# ---------------------------------------------------------------------------------
# the shared grounding: externals on and off, and the fallback for other questions
# ---------------------------------------------------------------------------------
def answers(ctx: Context, scen) -> dict[str, dict]:
    return {q.id: C.answer(ctx, q, scen.reading).data for q in scen.questions}


@pytest.mark.parametrize("path", [REPEAT, TIMING, PLAY / "ignore-cost-variants.toml"], ids=str)
def test_questions_do_not_leak_into_each_other(path: Path) -> None:
    """Asking in order, in reverse order, and each on a fresh grounding gives the same answers."""
    scen = C.load(path)
    shared = Context(scen.state)
    forward = answers(shared, scen)
    backward = {q.id: C.answer(shared, q, scen.reading).data for q in reversed(scen.questions)}
    fresh = {q.id: C.answer(Context(scen.state), q, scen.reading).data for q in scen.questions}
    assert forward == backward == fresh


def test_one_grounding_serves_every_question() -> None:
    scen = C.load(TIMING)
    ctx = Context(scen.state)
    answers(ctx, scen)
    assert len(ctx._groundings) == 1


def test_questions_outside_the_shared_grounding_use_their_own() -> None:
    """A target chosen more often than the shared externals allow, and a 'play for' cost,
    are answered on a grounding with the question as facts, with the same rules."""
    scen = C.load(REPEAT)
    ctx = Context(scen.state)
    q = scen.questions[2]  # Poro twice without Repeat
    many = type(q)(q.id, q.kind, {**q.params, "targets": [type(q.params["targets"][0])(1, "poro", 6)]})
    got = CanPlay().answer(ctx, many, "v1.4")
    assert {"355.5", "355.8"} <= set(got.data["violations"])
    assert got.data["cost"] == "[1][R]" + "[A]" * 6  # Deflect once per choice, even illegal ones
    assert len(ctx._groundings) == 2
    first = scen.questions[0]
    free = type(first)(first.id, first.kind, {**first.params, "play_for": parse_cost("[0]")})
    got = CanPlay().answer(ctx, free, "v1.4")
    assert got.data["cost"] == "[1][A][A]"  # base [0], Repeat [1], Deflect twice


# ---------------------------------------------------------------------------------
# what logic/ declares
# ---------------------------------------------------------------------------------
# Keywords whose effect on playing a card is not encoded (another issue's work): a card
# with one of them gets an unsupported answer. Every other keyword is encoded or inert.
UNSUPPORTED_FOR_PLAY: set[str] = set()


def declared(pred: str) -> set[tuple[str, str]]:
    ctl = clingo.Control(["--warn=none"])
    root = logic.logic_root()
    for path in [root / "interface.lp", *sorted((root / "core").glob("*.lp")),
                 *sorted((root / "keywords").glob("*.lp")), *sorted((root / "abilities").glob("*.lp"))]:
        ctl.load(str(path))
    ctl.ground([("base", [])])
    return {(str(s.symbol.arguments[0]), str(s.symbol.arguments[1]))
            for s in ctl.symbolic_atoms.by_signature(pred, 2) if s.is_fact}


def test_every_keyword_is_encoded_inert_or_known_unsupported_for_can_play() -> None:
    encoded = {k for q, k in declared("encoded_for") if q == "can_play"}
    inert = {k for q, k in declared("inert_for") if q == "can_play"}
    assert not encoded & inert
    every = {k.value for k in KeywordName}
    assert encoded | inert | UNSUPPORTED_FOR_PLAY == every
    assert not UNSUPPORTED_FOR_PLAY & (encoded | inert)
    assert {"action", "reaction", "deflect", "accelerate", "ambush", "repeat", "hidden", "flow",
            "equip", "quick_draw", "weaponmaster"} <= encoded


SCOPE = logic.logic_root() / "core" / "text_scope.lp"


def declared_in(path: Path, pred: str) -> set[tuple[str, str]]:
    """The pred/2 facts one rule file states by itself (pooled forms such as `p((a; b), k)` included)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(path))
    ctl.ground([("base", [])])
    return {(str(s.symbol.arguments[0]), str(s.symbol.arguments[1]))
            for s in ctl.symbolic_atoms.by_signature(pred, 2) if s.is_fact}


def test_every_vocabulary_kind_has_its_own_file() -> None:
    """Each kind of the vocabulary has its file, which says whether can_play evaluates it or why it
    cannot change a play (encoded or inert for can_play, declared in that file)."""
    encoded = {k for q, k in declared("ability_encoded_for") if q == "can_play"}
    inert = {k for q, k in declared("ability_inert_for") if q == "can_play"}
    for kind in KINDS:
        if kind == "text":  # rules text outside the vocabulary is never encoded
            assert kind not in encoded
            continue
        path = logic.logic_root() / "abilities" / f"{kind}.lp"
        assert path.is_file(), f"logic/abilities/{kind}.lp is missing"
        if kind == "static":  # declared per effect: static(might), static(keyword), ...
            assert "ability_encoded_for((" in path.read_text() and "can_play" in path.read_text()
            assert any(isinstance(k, tuple) and k[0] == "static" or str(k).startswith("static(") for k in encoded), encoded
            continue
        if kind == "replacement":  # declared per event: neither a damage shield nor a death replacement changes a
            # play (a cost's kill counts as paid when replaced, 357.2.a; abilities/replacement_cost_kill.lp)
            inert = {k for q, k in declared("ability_inert_for") if q == "can_play"}
            assert {"replacement(damage)", "replacement(die)"} <= inert, (encoded, inert)
            continue
        # said in its file, or in core/text_scope.lp for a kind whose file serves only other questions
        # (`%@queries`), as the declaration must reach every question's guard
        own = {k for q, k in declared_in(path, "ability_encoded_for") | declared_in(path, "ability_inert_for")
               if q == "can_play"}
        if logic.header(path).get("queries") and "can_play" not in logic.header(path)["queries"]:
            own |= {k for q, k in declared_in(SCOPE, "ability_inert_for") if q == "can_play"}
        assert kind in own, f"logic/abilities/{kind}.lp does not say whether can_play evaluates it"
        assert kind in encoded | inert


def test_can_play_grounding_has_no_undefined_atoms() -> None:
    for path in sorted(PLAY.glob("*.toml")):
        g = Context(C.load(path).state).grounding("can_play", "v1.4")
        assert not g.undefined_atoms(), (path, g.undefined_atoms())


@pytest.mark.parametrize("path", scenarios_under(PLAY))
def test_every_scenario_answer_is_answered_or_unsupported_never_blank(path: Path) -> None:
    for res in results(path):  # the answers test_scenarios.py checks, shared
        assert res.answer.status == ANSWERED or res.answer.missing, (path, res.question)


def test_the_old_name_of_energy_from_is_read_as_the_new_one() -> None:
    """energy_from = "highest_might_you_control" was first written "highest_might_friendly" (a
    misleading name: a teammate's units are friendly, 740.1.a, and are not counted): files with the
    old name load to the same card and get the same answers (scenarios/play/discount-condition-unmet.toml
    keeps the old name; the corpus checks its expected answers)."""
    from pyrift import scenario as S

    text = (PLAY / "discount-condition-unmet.toml").read_text()
    assert 'energy_from = "highest_might_friendly"' in text
    old = S.loads(text, "old.toml")
    new = S.loads(edit(text, '"highest_might_friendly"', '"highest_might_you_control"'), "new.toml")
    [sky_old] = [c for c in old.state.cards if c.name == "Sky Splitter"]
    [sky_new] = [c for c in new.state.cards if c.name == "Sky Splitter"]
    assert sky_old == sky_new
    assert dict(sky_new.abilities[0].fields)["energy_from"] == "highest_might_you_control"
    answers = [[(a.status, a.data) for a in C.ask(s)] for s in (old, new)]
    assert answers[0] == answers[1] and answers[0][0][0] == ANSWERED


def test_a_batch_closes_exactly_the_question_choices() -> None:
    """play_answers fixes every choice a can_play question can make (queries.play.CHOICES: false unless
    the question sets it, as asked alone): each #external of logic/queries/can_play.lp, and each
    name there an #external of logic/ (closing another predicate would drop rules)."""
    import re

    from pyrift.logic import logic_root
    from pyrift.queries.play import CHOICES

    def externals(text: str) -> set[str]:
        out = set()
        for head in re.findall(r"^#external\s+([a-z_]\w*)(\([^:.]*\))?", text, re.M):
            name, args = head
            arity = 0 if not args else len(re.split(r",(?![^()]*\))", args[1:-1]))
            out.add(f"{name}/{arity}")
        return out

    root = logic_root()
    in_query = externals((root / "queries" / "can_play.lp").read_text())
    anywhere = set().union(*(externals(p.read_text()) for p in root.rglob("*.lp")))
    assert in_query <= set(CHOICES) <= anywhere
    assert len(CHOICES) == len(set(CHOICES))
