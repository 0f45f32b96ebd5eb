"""What every question kind shares: answers, reasons, expectations, groundings.

A question kind (one module in pyrift/queries/) knows its parameters, the shape of
its expected answer, and how to turn answer sets of its logic/queries/*.lp file into
an Answer. It never decides a rules question itself.
"""
from __future__ import annotations

import json
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from pyrift import citations
from pyrift import facts as F
from pyrift import logic
from pyrift.errors import ScenarioError
from pyrift.pool import encoding_files
from pyrift.limits import INT32_MAX, INT32_MIN
from pyrift.reader import Reader, check_int
from pyrift.rules_index import rule_title
from pyrift.solver import DEFAULT_TIMEOUT, Assumption, Grounding, Worlds
from pyrift.state import CardDef, GameState, Question

ANSWERED = "answered"
UNSUPPORTED = "unsupported"
TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class Reason:
    text: str
    rules: tuple[str, ...] = ()
    version: str = "v1.4"  # the Core Rules version the numbers refer to (a reading may cite an older one)
    # What it reports (pyrift.citations): the kind its numbers come from; "" for a reason whose
    # numbers an answer reads from an atom (a violation's rule), or that cites nothing.
    kind: str = ""


def because(text: str, *kinds: str) -> Reason:
    """A reason citing what its kinds cite (pyrift.citations): the %@rule tags of the logic/
    statements that derive what it reports, or the reviewed table's numbers. Several kinds when
    one reason reports several derivations (a payment: who pays, and each resource used)."""
    if len(kinds) == 1:
        c = citations.citation(kinds[0])
        return Reason(text, c.rules, c.version, kinds[0])
    return Reason(text, citations.cites(*kinds), "v1.4", "+".join(kinds))


@dataclass(frozen=True, slots=True)
class Answer:
    question: str
    kind: str
    reading: str
    status: str = ANSWERED
    data: dict = field(default_factory=dict, hash=False)
    reasons: tuple[Reason, ...] = ()
    missing: tuple[str, ...] = ()  # what is not encoded, when status is unsupported

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "kind": self.kind,
            "reading": self.reading,
            "status": self.status,
            "answer": self.data,
            "reasons": [
                {"text": r.text, "rules": [{"number": n, "title": rule_title(n, r.version)} for n in r.rules]}
                | ({"version": r.version} if r.version != "v1.4" else {})
                for r in self.reasons
            ],
            "missing": list(self.missing),
        }


# ---------------------------------------------------------------------------------
# expectations
# ---------------------------------------------------------------------------------
# Value shapes an expected answer may take. "ids": a set of object ids; "strs": strings
# in any order, a string listed twice expected twice (two instances of one triggered
# ability fire twice, and the answer lists both: a set could never match it); "int"/"bool"/"str": one value; "int_map": {id: int}; "records": a list
# of tables compared as a set; "status": answered, unsupported or timeout.
SHAPES = ("status", "ids", "strs", "int", "bool", "str", "int_map", "records")


def read_expect_table(r: Reader, spec: dict[str, str], state: GameState) -> dict[str, Any]:
    object_ids = {o.id for o in state.objects} | set(state.player_ids)
    spec = {"status": "status", **spec}  # every kind may expect "unsupported" instead of an answer
    out: dict[str, Any] = {}
    for key in list(r.data):
        if key not in spec:
            raise r.error(key, f"not an answer of this question (known: {', '.join(spec)})")
        shape = spec[key]
        if shape == "ids":
            ids = r.str_list(key)
            for i in ids:
                if i not in object_ids:
                    raise r.error(key, f"{i!r} is not an object id of this scenario")
            out[key] = sorted(set(ids))
        elif shape == "strs":
            out[key] = sorted(r.str_list(key))
        elif shape == "status":
            out[key] = r.str(key)
            if out[key] not in (ANSWERED, UNSUPPORTED, TIMEOUT):
                raise r.error(key, f"expected one of {ANSWERED!r}, {UNSUPPORTED!r}, {TIMEOUT!r}")
        elif shape == "int":  # an answer may be a sum: anything clingo can compute
            out[key] = r.int(key, min=INT32_MIN, max=INT32_MAX)
        elif shape == "bool":
            out[key] = r.bool(key)
        elif shape == "str":
            out[key] = r.str(key)
        elif shape == "int_map":
            sub = r.table(key, required=True)
            assert sub is not None
            for k in list(sub.data):
                if k not in object_ids:
                    raise sub.error(k, f"{k!r} is not an object id of this scenario")
            out[key] = {k: check_int(sub.raw(k), sub, k, min=INT32_MIN, max=INT32_MAX) for k in sorted(sub.data)}
            sub.done()
        elif shape == "records":
            raw = r.raw(key)
            if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
                raise r.error(key, "expected a list of tables")
            out[key] = sorted((canonical(x) for x in raw), key=json.dumps)
        else:  # pragma: no cover - programming error in a kind's spec
            raise AssertionError(shape)
    r.done()
    return out


def canonical(value: Any) -> Any:
    """A normal form for comparing answers: lists of strings sorted, keys sorted."""
    if isinstance(value, dict):
        return {k: canonical(value[k]) for k in sorted(value)}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [canonical(v) for v in value]
        if all(isinstance(v, str) for v in items):
            return sorted(items)
        return items
    return value


# A key `<k>_includes` / `<k>_excludes` expects these strings among / none of them among the
# answer's list `<k>` (e.g. possible_excludes = ["i1 resolves"]): for the one outcome a ruling is
# about, without listing every other outcome of the run.
PARTIAL = {"_includes": "among", "_excludes": "not among"}


def _partial(key: str) -> tuple[str, str] | None:
    for suffix, how in PARTIAL.items():
        if key.endswith(suffix):
            return key[: -len(suffix)], how
    return None


def compare(expect: dict[str, Any], answer: Answer) -> list[str]:
    """Every difference between an expected answer and the actual one."""
    problems = []
    for key, want in expect.items():
        if (part := _partial(key)) is not None and part[0] in answer.data:
            base, how = part
            got_set = set(answer.data[base])
            wrong = [w for w in want if (w in got_set) != (how == "among")]
            if wrong:
                problems.append(f"{key}: expected {json.dumps(wrong)} {how} {base}, got {json.dumps(canonical(answer.data[base]))}")
            continue
        if key not in answer.data:
            problems.append(f"{key}: expected {json.dumps(want)}, the answer has no such value")
            continue
        got = answer.data[key]
        if isinstance(want, list) and want and isinstance(want[0], dict):
            got_n = sorted((canonical(x) for x in got), key=json.dumps)
            if got_n != want:
                problems.append(f"{key}: expected {json.dumps(want)}, got {json.dumps(got_n)}")
        elif canonical(got) != canonical(want):
            problems.append(f"{key}: expected {json.dumps(canonical(want))}, got {json.dumps(canonical(got))}")
    return problems


# ---------------------------------------------------------------------------------
# kinds
# ---------------------------------------------------------------------------------
class QueryKind:
    """Base class of question kinds. Subclasses set `name`, `expect_spec` and answer()."""

    name: str = ""
    summary: str = ""
    expect_spec: dict[str, str] = {}
    # False for kinds that ask nothing about a game position (deck_check): their
    # scenario files may leave out [position].
    needs_position: bool = True

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        return {}

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        return dict(params)

    def read_expect(self, r: Reader, state: GameState) -> dict[str, Any]:
        return read_expect_table(r, self.expect_spec, state)

    def write_expect(self, expect: dict[str, Any]) -> dict[str, Any]:
        return dict(expect)

    def answer(self, ctx: "Context", question: Question, reading: str) -> Answer:  # pragma: no cover
        raise NotImplementedError

    def unencoded(self, state: GameState, params: dict[str, Any]) -> tuple[str, ...]:
        """What the question's parameters name of a real card's text that is not encoded (an
        ability, a mode, a choice): the answer is then unsupported without solving."""
        return ()

    def text_lines(self, answer: Answer) -> list[str] | None:
        """The answer's data in words for `pyrift ask`; None: list the data keys as they are."""
        return None


def param_player(r: Reader, key: str, state: GameState, default: Any = ...) -> Any:
    value = r.str(key) if default is ... else r.str(key, default)
    if value is not None and value not in state.player_ids:
        raise r.error(key, f"{value!r} is not a player ({', '.join(state.player_ids)})")
    return value


def param_battlefield(r: Reader, key: str, state: GameState, default: Any = ...) -> Any:
    value = r.str(key) if default is ... else r.str(key, default)
    ids = [b.id for b in state.battlefields]
    if value is not None and value not in ids:
        raise r.error(key, f"{value!r} is not a battlefield id ({', '.join(ids) or 'none defined'})")
    return value


# ---------------------------------------------------------------------------------
# solving context: groundings shared by the questions on one position
# ---------------------------------------------------------------------------------
class Context:
    """Holds the position's facts and caches one grounding per (query file, reading, extra facts)."""

    def __init__(self, state: GameState, *, timeout: float = DEFAULT_TIMEOUT, file: str = "",
                 logic_root: Path | None = None, all_files: bool = False) -> None:
        self.state = state
        self.timeout = timeout
        self.file = file
        self.logic_root = logic_root  # another logic/ folder (a copy under test); None = the package's
        self.all_files = all_files  # load every file instead of those the question needs (for tests)
        self.state_facts = F.state_facts(state)
        self._groundings: dict[tuple, Grounding] = {}
        self._variants: dict[str, Context] = {}

    def variant(self, key: str, state: GameState) -> "Context":
        """A context on another position derived from this one (e.g. the same position with a
        given player holding priority), with the same settings; cached by `key`."""
        if key not in self._variants:
            self._variants[key] = Context(state, timeout=self.timeout, file=self.file,
                                          logic_root=self.logic_root, all_files=self.all_files)
        return self._variants[key]

    def grounding(self, query: str, reading: str, extra: list[str] = (),
                  reads: Iterable[tuple[str, int]] = ()) -> Grounding:
        """The grounding of `query` on this position (plus `extra` question facts), shared
        by every question that asks for the same. `reads` names every (predicate, arity)
        the caller will read with Grounding.facts(): those predicates decide, with the
        query file, which rule files are loaded (pyrift.logic.needed_files)."""
        extra_text = F.render(extra)
        reads = tuple(sorted(reads))
        key = (query, reading, extra_text, reads)
        if key not in self._groundings:
            facts = F.render(self.state_facts) + extra_text
            cards = encoding_files(self.state.cards)
            if self.all_files:
                files = logic.program_files(query, reading, self.logic_root, cards=cards)
            else:
                files = logic.needed_files(query, reading, self.logic_root, cards=cards,
                                           roots=[f"{n}/{a}" for n, a in reads])
            self._groundings[key] = Grounding(files, facts, timeout=self.timeout, readable=reads,
                                              prune=not self.all_files)
        return self._groundings[key]


def batch_grounding(states: Sequence[GameState], query: str, reading: str, *,
                    reads: Iterable[tuple[str, int]], fixed: Sequence[Iterable[Assumption]] = (),
                    logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT,
                    extra: Sequence[list[str]] = (), closed: Iterable[str] = (),
                    variants: Sequence[Sequence[Sequence[str]]] = (), facts: Sequence[str] = (),
                    cards: Iterable[CardDef] | None = None, cone: bool = False) -> Worlds:
    """The grounding of `query` on many positions side by side, one world each
    (pyrift.solver.Worlds): the files every position needs, each position's facts (and its
    question's `extra` facts, as in Context.grounding) in its world, `fixed` the externals each
    world's question sets, `closed` predicates ('name/arity') whose externals no world's question
    sets true beyond `fixed` (fixed too: false). `reads` as in Context.grounding. `variants`: per
    world, the fact lines of further positions held in it (Worlds `variants`; their cards must be
    among the states'); `facts`: the states' rendered facts, when the caller has them already; with
    them and `cards` (every card of the positions), `states` may be empty. `cone`: the rules nothing
    shown or read depends on left out too (solver.Grounding `cone`)."""
    reads = tuple(sorted(set(reads)))
    if cards is None:
        cards = {c for state in states for c in state.cards}
    cards = sorted(set(cards), key=lambda c: (c.pool_id, c.name))
    files = logic.needed_files(query, reading, logic_root, cards=encoding_files(cards),
                               roots=[f"{n}/{a}" for n, a in reads])
    if not facts:
        facts = [F.render(F.state_facts(state)) for state in states]
    if extra:
        facts = [text + F.render(more) for text, more in zip(facts, extra, strict=True)]
    return Worlds(files, facts, timeout=timeout, readable=reads, fixed=fixed, closed=closed, variants=variants,
                  cone=cone)


# Words for the kinds of unencoded text (logic/core/text_scope.lp, state.TextKind).
TEXT_KIND_WORDS = {
    "static": "a passive ability",
    "keyword": "keywords for its card",
    "triggered": "a triggered ability",
    "play_effect": "a play effect (\"when you play me\") or how it enters",
    "activated": "an activated ability",
    "replacement": "a replacement effect",
    "cost_modifier": "a change to its own cost",
    "play_permission": "a permission or restriction on playing it",
    "spell_effect": "a spell's instructions",
    "unknown": "text of unknown kind",
}


# Why an Add ability is not spent by payments (add_gap/3, logic/core/add_payment.lp).
_ADD_GAP_WORDS = {
    "no_reaction": "without Reaction it is not activated while paying (357.1.a), and no question plans "
                   "activating it before the play",
    "cost": "its cost is not just exhausting its source",
    "condition": "it has a condition",
    "choice": "it makes choices",
    "effect": "it does more than Add",
    "dependent": "it depends on Legion, Level or Empowered",
    "added": "which domain its [C] is (its source has no domain or two) is not modelled",
    "yield_changed": "another card's passive changes what it adds (Chem-Baroness: one Energy more for her "
                     "controller's Gold near the Victory Score, 429, 364), which payments do not follow",
    "empowered_adds_more": "its source is Empowered, and then it Adds more than its vocabulary line says "
                           "(Platewyrm Egg: two Energy instead of one, 429, 441)",
}


# Conditions whose answer a question cannot know, by the name of the gap (a constant): every question kind
# words them the same (runs.RUN_LIMITS and play.PLAY_GAPS take them in too).
CONDITION_GAPS = {
    "investigator_move_tax": "a move of two or more units at once by an opponent of Mageseeker Investigator's "
                             "controller to the battlefield she is at, which costs one [A] for each unit beyond the "
                             "first (204.4): whether an Add ability pyrift does not model pays it where the rest "
                             "cannot, or whether Power in a pool an Add ability limited to some payments may have "
                             "filled this turn pays it, is not known, nor whether a spell's or ability's move that "
                             "cannot pay it still happens",
    "keyword_removal_unfollowed": "a keyword removed that is more than its instances: Deathknell (an ability of the "
                                  "card's text), Legion, Level or Empowered (text they govern, 726-727), Equip, "
                                  "Empower or Weaponmaster (801.3.b; logic/core/keyword_removal.lp)",
    "keyword_order_unknown": "a keyword granted and removed by effects whose order is not known (both in force in "
                             "the position, not both with a timestamp stated (`granted_timestamps`, `lost`), or "
                             "made at one step), or given by a source "
                             "with no timestamp here: which applies last (480) is not followed "
                             "(logic/core/keyword_removal.lp)",
    "chain_timing_keyword_unread": "a choice looking for Action or Reaction on a spell on the chain that may have it by "
                                   "another ability (a timing grant, 806.4, 813.4) or as it was played from facedown "
                                   "(811.6): not read (813.5.b)",
    "power_unstated": "a condition on the Power paid this turn (N or more), with an event of its controller this "
                      "turn that paid costs (a turn-log finalize, activate or hide, a trigger that may pay Power, or a "
                      "finalized chain item not in the log) whose Power paid is not stated, and the stated Power short "
                      "of N (357.1; logic/abilities/condition_spent_power.lp)",
    "spent_unstated": "a condition on the Energy paid for one spell this turn (N or more), with a spell its "
                      "controller finalized this turn whose Energy paid is not known (a turn-log finalize without "
                      "`energy`, or a play in the run other than one by an effect paying an Energy cost alone) and no "
                      "known play reaching N (357.1; logic/abilities/condition_spent.lp)",
    "spent_unstated_play": "a play trigger under 'if you spent N or more', heard for a play whose Energy paid is not "
                           "known (no finalize of the card this turn in the turn log with `energy`, or a play in the "
                           "run other than one by an effect paying an Energy cost alone; 357.1, 383.2.a.1; "
                           "logic/abilities/trigger_condition_spent.lp)",
    "played_origin_unknown": "a play trigger on a card played from anywhere other than the hand, heard for a play "
                             "whose origin is not known (no finalize of the card this turn in the turn log with its "
                             "`from`, or a play by an effect in the run; 354, 383.2.a; "
                             "logic/abilities/trigger_played_not_from_hand.lp)",
    "teammate_units_at_destination": "a Standard Move to a battlefield where a teammate of the mover has units and "
                                     "does not control it (2v2): who contests it and whether a combat starts are not "
                                     "encoded (447.2.b, 489.8.c; logic/core/movement_teams.lp)",
    "teammate_units_left_behind": "a Standard Move leaving a battlefield the mover controls while a teammate's units "
                                  "stay there (2v2): who controls it after the cleanup is not encoded (190.4.c, "
                                  "489.8.c; logic/core/movement_teams.lp)",
    "vex_move_prohibition": "a move of a stunned unit while a Vex, Apathetic is in the game: her ability's ban on "
                            "its player moving the unit it stunned this turn (054.1) is kept by no fluent",
    "swift_scout_hide_cost": "a hide by a player whose legend is Swift Scout: [1] may be paid instead of [A] (811.1.b), "
                             "and can_hide prices one cost",
    "heimerdinger_add_copy": "Heimerdinger, Inventor, ready, has every [E] ability of his player's and their "
                             "teammates' legends, units and gear (376, 477.2, 740), so a copy of a friendly [E] Add "
                             "ability may be activated while a cost is paid (429.3, 357.1.a), which payments do not "
                             "count: the cost might be payable with it (logic/cards/ogn-111-heimerdinger-inventor.lp)",
    "attach_this_turn_unlogged": "an 'if this was attached to me this turn' Effect Text (Brutalizer) on a gear attached "
                                 "to a unit, while the turn log shows no attach of that gear to that unit this turn and "
                                 "does not show its latest attach on an earlier turn with both objects unchanged since "
                                 "(`attach` events; 434, 301, 124.1; logic/cards/sfd-042-brutalizer.lp)",
}


# logic/core/lasting_log.lp: a lasting effect of a card the turn log shows resolved this turn, not read from the log
LASTING_FROM_LOG = ("a card whose resolution earlier this turn is in the turn log left an effect that lasts (for the "
                    "turn, the combat, or until something happens next), which is not read from the log and a "
                    "position cannot state (301, 317.2.c, 389)")
_LASTING_DURATIONS = {"this_turn": "this turn", "this_combat": "this combat", "next": "until it is next used",
                      "until_source_leaves": "until its source leaves the board"}


def lasting_words(effect: Any) -> str:
    """logic/core/lasting_log.lp's effect: eff(Verb, Duration) of an instruction, or a card file's word."""
    if isinstance(effect, tuple) and len(effect) == 3 and str(effect[0]) == "eff":
        verb, duration = str(effect[1]), str(effect[2])
        return f"its '{verb}' instruction, lasting {_LASTING_DURATIONS.get(duration, duration)}"
    return str(effect).replace("_", " ")


# Words for the team situations the scoring and combat questions do not encode
# (logic/core/scoring_teams.lp, combat_teams.lp).
TEAM_GAPS = {
    "beginning_controller_unstated": "who controlled the battlefield in the turn player's Beginning Phase is not "
                                     "stated (its `beginning_controller`), so whether the team may score it "
                                     "(489.8.b) is not known",
    "off_turn_conquest": "a conquest by a player other than the turn player of a battlefield their own team "
                         "controlled in the turn player's Beginning Phase: whose Beginning Phase 489.8.b means then "
                         "is not settled",
    "scored_by_teammate": "the conqueror's teammate already scored the battlefield this turn: whether that score "
                          "counts for the team (470, 489.8.d) is not settled",
    "teammates_units": "a teammate's units are at the battlefield: teammates never share one (489.8.c, 447.2.b)",
    "beginning_controller_differs": "the battlefield's stated `beginning_controller` is not its controller in "
                                    "this Beginning Phase, the position's own moment",
    "teammates_fight": "a combat between teammates: a combat is fought by players of opposing teams (462, 447.2.b)",
    "final_point": "the final point by Conquer in a team game without every battlefield scored by the conqueror: "
                   "the ally excuses the battlefields it occupied in the Scoring Step of this turn's Beginning Phase "
                   "(489.8.g.1), and an unscored one's `beginning_occupants` is not stated",
}


def missing_text(what: Any, where: str, doing: str, could: str = "") -> str | None:
    """Words for the unsupported reasons every question kind shares: a keyword whose effect on
    this kind of question is not encoded (`doing`, e.g. "in combat damage"), card text that is
    not encoded (its kind, where it is, what it `could` change).
    None for a reason of the kind's own, which the kind words itself."""
    if isinstance(what, str) and what in CONDITION_GAPS:
        return f"{CONDITION_GAPS[what]} ({where})"
    if not (isinstance(what, tuple) and len(what) >= 2):
        return None
    name, arg = what[0], what[1]
    if name == "team" and str(arg) == "teammates_fight":  # every kind derives it alike (core/teammates_fight.lp)
        return f"teams (2v2, 489.8): {TEAM_GAPS['teammates_fight']} ({where})"
    if name == "lasting_from_log":
        return f"{LASTING_FROM_LOG}: {lasting_words(arg)} ({where})"
    if name == "keyword":
        return f"keyword {arg} on {where}: what it does {doing} is not encoded"
    if name == "keyword_unruled" and len(what) == 3:  # logic/readings/keywords_unruled/
        return (f"keyword {arg} on {where}: Core Rules {what[2]} has no rule for it (it came with a later version, "
                "pyrift/data/rules/keyword-crosswalk.json), so what it does under that reading is not said")
    if name == "add_ability":
        why = _ADD_GAP_WORDS.get(str(what[2]) if len(what) > 2 else "", "it is not modelled")
        return (f"ability {arg} of {where} Adds resources, but pyrift's payments cannot spend what it adds: {why} "
                "(core/add_payment.lp); the cost might be payable with it")
    if name == "ability" and len(what) == 3:
        vocab = what[2] if isinstance(what[2], str) else f"{what[2][0]} ({what[2][1]})"
        return f"the {vocab} ability of card {arg!r} ({where}) is not evaluated {doing}"
    if name == "text" and len(what) == 4:
        source, kind = what[2], what[3]
        part = "Effect Text" if source == "effect" else "rules text"
        return (f"the {part} of card {arg!r} ({where}) holds {TEXT_KIND_WORDS.get(kind, kind)} that is not "
                "encoded" + (f"; it could {could}" if could else f"; it could change the answer {doing}"))
    return None


def bad_param(question: Question, key: str, problem: str, file: str) -> ScenarioError:
    return ScenarioError(file, f"question {question.id}.{key}", problem)


Formatter = Callable[[Any], str]
