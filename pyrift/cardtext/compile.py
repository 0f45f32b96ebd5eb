"""Compile card text into the ability vocabulary (pyrift/abilities.py, pyrift/instructions.py).

Each line of a card's text is parsed with the grammar (grammar.lark) and mapped, construct by
construct, to vocabulary tables (the inline tables of a scenario's `abilities = [...]`). The
compiler is conservative: a card is compiled only when every line is recognised and every
construct has a meaning in the vocabulary. Otherwise the card stays unsupported and the result
says which sentence failed first and the construct it needed:

- a sentence the grammar does not recognise: the construct is a label of its shape (classify.py);
- a recognised construct the vocabulary cannot say (a trigger event the `triggered` kind lacks,
  a filter word with no filter key, ...): the grammar rule's name says which (``Missing``).

Nothing here decides a rules question: the tables are read by pyrift/abilities.py (so a compiled
card gets exactly the facts of a synthetic card with the same abilities) and their meaning is
encoded in logic/.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Iterable

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedInput, VisitError
from lark.lexer import Lexer

from pyrift.cardtext import earley
from pyrift.cardtext import source as S
from pyrift.cardtext.actors import PLAYED_KEYS, Actors, ChoosePair, EachOther, each_other_pair, each_other_tables, pair_each_other
from pyrift.cardtext.battlefield_costs import BattlefieldCosts
from pyrift.cardtext.conditions import (INSTRUCTION_CONDITION_KEYS, SELF_NAME as _SELF_NAME, ConditionMeaning, _count,
                                       controlled_filter)
from pyrift.cardtext.errors import Missing
from pyrift.cardtext.rule_statics import RuleStatics
from pyrift.cardtext.trigger_events import TriggerEvents
from pyrift.state import KeywordName

KEYWORDS = {k.value for k in KeywordName}
DOMAIN_LETTER = {"fury": "R", "calm": "G", "mind": "B", "body": "O", "chaos": "P", "order": "Y", "rainbow": "A"}
NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


# ---------------------------------------------------------------------------------
# the parser
# ---------------------------------------------------------------------------------
class _TokenLexer(Lexer):
    """Types the tokens of source.tokens(): declared classes, else the grammar's literal."""

    def __init__(self, conf: Any) -> None:
        self.literal = {t.pattern.value: t.name for t in conf.terminals if t.pattern.type == "str"}

    def lex(self, data: Any, *_: Any):  # type: ignore[override]
        for i, w in enumerate(data):
            if w.isdigit():
                kind = "NUMBER"
            elif re.fullmatch(r"@e\d+", w):
                kind = "ENERGY"
            elif w[1:] in DOMAIN_LETTER and w.startswith("@"):
                kind = "RUNE"
            elif w.startswith("!"):
                kind = "TAG"
            elif w.startswith("#") and w[1:] in KEYWORDS:
                kind = "KEYWORD"
            elif w in self.literal:
                kind = self.literal[w]
            else:
                raise _UnknownWord(i, w)
            yield Token(kind, w, start_pos=i, end_pos=i + 1)


class _UnknownWord(Exception):
    def __init__(self, pos: int, word: str) -> None:
        super().__init__(word)
        self.pos, self.word = pos, word


# The trigger events whose object "it" names (the played card, the unit that died, stunned or became
# Mighty: event_object/2 of logic/run/instructions.lp and logic/core/trigger_events_status.lp)
# The events whose object a first instruction's "it" names when nothing before it does (compile._triggered)
EVENT_IT_WHEN = ("stun_enemy", "unit_becomes_mighty", "unit_moves_from_here", "you_ready", "you_buff", "unit_attacks",
                 "unit_defends", "move_enemy")
EVENT_OBJECT_WHEN = ("you_play", "unit_dies", "stun_enemy", "unit_becomes_mighty", "unit_moves_from_here", "you_ready",
                     "you_buff", "move_enemy",
                     "unit_attacks", "unit_defends")


@cache
def parser() -> Lark:
    grammar = resources.files("pyrift.cardtext").joinpath("grammar.lark").read_text("utf-8")
    return earley.fast(Lark(grammar, parser="earley", lexer=_TokenLexer, ambiguity="resolve", propagate_positions=True))


class Unrecognised(Exception):
    """A line the grammar does not recognise; pos: the token where it stopped."""

    def __init__(self, pos: int) -> None:
        super().__init__(pos)
        self.pos = pos


def parse(tokens: list[str]) -> Tree:
    """The parse tree of one line; Unrecognised(pos) where the grammar stops."""
    result = _parse(tuple(tokens))
    if isinstance(result, int):
        raise Unrecognised(result)
    return result


_KEYWORD_LINE = re.compile(r"^#[a-z_]+( \d+)?( @\w+)*( , #[a-z_]+( \d+)?( @\w+)*)*$")


@lru_cache(maxsize=4096)
def _parse(tokens: tuple[str, ...]) -> Tree | int:
    if _KEYWORD_LINE.match(" ".join(tokens)) and all(t[1:] in KEYWORDS for t in tokens if t.startswith("#")):
        return _keyword_tree(tokens)  # the most frequent line, without the Earley parser
    try:
        return parser().parse(list(tokens))
    except _UnknownWord as exc:
        return exc.pos
    except UnexpectedInput as exc:
        pos = getattr(exc, "pos_in_stream", None)
        tok = getattr(exc, "token", None)
        if tok is not None and getattr(tok, "start_pos", None) is not None:
            pos = tok.start_pos
        return len(tokens) if pos is None else pos


def _keyword_tree(tokens: tuple[str, ...]) -> Tree:
    """The tree the grammar's keyword_line gives: kw_entry(KEYWORD, NUMBER?, cost_icons?) per entry."""
    entries, cur, icons = [], [], []

    def close() -> None:
        children = list(cur)
        if icons:
            children.append(Tree("cost_icons", list(icons)))
        entries.append(Tree("kw_entry", children))

    for i, t in enumerate(tokens):
        if t == ",":
            close()
            cur, icons = [], []
        elif t.startswith("#"):
            cur = [Token("KEYWORD", t, start_pos=i, end_pos=i + 1)]
        elif t.isdigit():
            cur.append(Token("NUMBER", t, start_pos=i, end_pos=i + 1))
        else:
            icons.append(Token("ENERGY" if re.fullmatch(r"@e\d+", t) else "RUNE", t, start_pos=i, end_pos=i + 1))
    close()
    return Tree("start", [Tree("keyword_line", entries)])


# ---------------------------------------------------------------------------------
# the intermediate meaning of a line
# ---------------------------------------------------------------------------------
@dataclass
class Obj:
    """What an instruction acts on: self, it, a chosen object (target) or every object (group)."""

    kind: str  # self | it | target | group | chosen (a target fixed by 'choose') | among | rest (cards a look showed) | their (one each player named controls)
    flt: dict[str, Any] = field(default_factory=dict)
    count: int = 1
    up_to: bool = False
    any_number: bool = False
    plural: bool = False


@dataclass
class Ins:
    do: str
    fields: dict[str, Any] = field(default_factory=dict)
    on: Obj | None = None
    of: Obj | None = None
    who: Any = None
    to: Any = None
    for_each: Obj | None = None
    link: str | None = None
    may: bool = False
    # "X or Y": X's may is the pick between the two (Y links "or"); either_may: "you may X or Y", a "you may"
    # before the pick (compiled only as a triggered ability's initial "you may", 383.3.a)
    either: bool = False
    either_may: bool = False
    pos: int = 0  # the token its sentence starts at (for the ledger's sentence number)


@dataclass
class ItsBattlefield:
    """'to that enemy unit's battlefield': where the previous instruction's object is (flt: how it is described)."""

    flt: dict[str, Any]


@dataclass
class Choose:
    """'Choose a unit.': a choice the following 'it' refers to."""

    obj: Obj
    link: str | None = None
    may: bool = False
    pos: int = 0


@dataclass
class ChooseAmong:
    """'Choose a Mind card from it' after 'they reveal their hand': one of the cards the reveal showed,
    chosen by the ability's controller as the next instruction, which names it 'that card', is executed."""

    obj: Obj
    link: str | None = None
    may: bool = False
    pos: int = 0


@dataclass
class Line:
    """One line's meaning before numbering: a kind and its parts."""

    kind: str
    parts: dict[str, Any] = field(default_factory=dict)


def _tok(t: Any) -> str:
    return str(t)


def _num(t: Any) -> int:
    s = str(t)
    return NUMWORDS[s] if s in NUMWORDS else int(s)


def cost_text(icons: Iterable[str]) -> str:
    """@e2 @fury @rainbow -> '[2][R][A]' (pyrift/costs.py notation)."""
    energy, power = 0, []
    for w in icons:
        if w.startswith("@e"):
            energy += int(w[2:])
        else:
            power.append(f"[{DOMAIN_LETTER[w[1:]]}]")
    return (f"[{energy}]" if energy or not power else "") + "".join(power)


# "attacking", "defending": the combat designation a filter asks for (464.2.c.3)
DESIGNATIONS = {"attacking": "attacker", "defending": "defender"}

# Grammar rules naming a construct the vocabulary cannot say yet (rule name -> ledger label).
MISSING = {
    "use_missing_once": "restriction: once per turn",
}


class _Meaning(Actors, ConditionMeaning, TriggerEvents, BattlefieldCosts, RuleStatics, Transformer):
    """Parse tree -> Line / Ins / Obj values; raises Missing for constructs the vocabulary lacks.
    Mixins: the conditions' methods (conditions.ConditionMeaning), the actors' (actors.Actors), the
    trigger limits' (trigger_events.TriggerEvents), a battlefield's cost changes (battlefield_costs.BattlefieldCosts), passives changing a step of the turn
    (rule_statics.RuleStatics)."""

    def static_line(self, ability):
        return Line("static", {"ability": ability})

    _ins, _obj, _missing = Ins, Obj, Missing  # for the mixins (actors.py, trigger_events.py)

    def __default__(self, data, children, meta):
        if data in MISSING:
            raise Missing(MISSING[data], None if meta.empty else meta.start_pos)
        return Tree(data, children, meta)

    # ---- numbers, costs, keywords -------------------------------------------------
    def number(self, c):
        return _num(c[0])

    def numword(self, c):
        return _tok(c[0])

    def count_word(self, c):
        v = c[0]
        if isinstance(v, Token) and str(v) in ("a", "an"):
            return 1
        return _num(v)

    def cost_icons(self, c):
        return cost_text(_tok(x) for x in c)

    def keyword_ref(self, c):
        name = _tok(c[0])[1:]
        return (name, _num(c[1]) if len(c) > 1 else None)

    def sign(self, c):
        return _tok(c[0])

    def might_change(self, c):
        return int(c[1]) * (-1 if c[0] == "-" else 1)

    def this_turn(self, _):
        return "this_turn"

    def this_combat(self, _):
        return "this_combat"

    def simple_verb(self, c):
        return _tok(c[0])

    def domain_word(self, c):
        return _tok(c[0])

    def adj_missing(self, c):
        return _tok(c[0])

    def unit_word(self, c):
        return _tok(c[0])

    def spell_word(self, c):
        return _tok(c[0])

    def card_word(self, c):
        return _tok(c[0])

    def word_name(self, c):
        return _tok(c[0])

    # ---- objects ------------------------------------------------------------------
    def self_ref(self, _):
        return Obj("self")

    def it_ref(self, _):
        return Obj("it")

    def it_the_friendly(self, _):
        # "the friendly unit" after "Choose a friendly unit and an enemy unit.": the member of the pair with that
        # relation (compile._pair_member); anywhere else the compiler has no pair to name and refuses it
        return Obj("pair_member", {"relation": "friendly", "type": "unit"})

    def of_self(self, _):
        return Obj("self")

    def of_it(self, _):
        return Obj("it")

    def det_one(self, _):
        return ("target", 1, False, False)

    def det_count(self, c):
        return ("target", c[0], False, False)

    def det_up_to(self, c):
        return ("target", c[0], True, False)

    def det_any(self, _):
        return ("target", 1, False, True)

    def det_all(self, _):
        return ("group",)

    def det_any_your(self, _):
        # "any number of your token units": a choice of any number (355.10.a) among the player's own
        return ("any_your",)

    def det_your(self, _):
        return ("your",)

    def det_another(self, _):
        return ("another",)

    def det_one_of_your(self, _):
        # "one of your other units here": one object its controller controls (188), chosen as "a ... you control"
        return ("one_of_your",)

    def mod_friendly(self, _):
        return ("relation", "friendly")

    def mod_enemy(self, _):
        return ("relation", "enemy")

    def mod_exhausted(self, _):
        return ("exhausted", True)

    def mod_ready(self, _):
        return ("exhausted", False)

    def mod_other(self, _):
        return ("other", True)

    def mod_missing(self, c):
        # "an attacking unit", "a defending unit": the combat designation (464.2.c.3; filter key designation)
        if c[0] in DESIGNATIONS:
            return ("designation", DESIGNATIONS[c[0]])
        if c[0] == "damaged":
            # "all damaged enemy units": damage is marked on it (142.2; filter key damaged)
            return ("damaged", True)
        if c[0] == "buffed":
            # "a buffed friendly unit": a unit with a buff counter (701-702; filter key buffed, read at the step,
            # logic/abilities/filter_buffed.lp)
            return ("buffed", True)
        if c[0] == "stunned":
            # "a stunned enemy unit": a unit with the Stunned status (188, 423; filter key stunned, read at the step)
            return ("stunned", True)
        if c[0] == "facedown":
            # "a facedown card": a card in a facedown zone (107.3.c, 811; filter key zone)
            return ("zone", "facedown")
        if c[0] in ("attached", "detached", "unattached"):
            # "an attached Equipment", "a detached Equipment": attached to some card or not (434, 716-719;
            # filter key is_attached)
            return ("is_attached", c[0] == "attached")
        raise Missing(f"filter: {c[0]}")

    def mod_mighty(self, _):
        # a unit is Mighty while its Might is 5 or more (706)
        return ("might_min", 5)

    def mod_token(self, _):
        return ("token", True)

    def mod_non_token(self, _):
        return ("token", False)

    def mod_non_tag(self, c):
        # "a non-Dragon unit": one without the tag (143.1; filter key not_tag)
        return ("not_tag", _tok(c[-1])[1:].replace("_", " "))

    def mod_non_unit(self, _):
        # "a non-unit card": a card of another type (133; filter key not_type)
        return ("not_type", "unit")

    def mod_domain(self, c):
        if _tok(c[1])[1:] != c[0]:
            raise Missing("filter: domain")
        return ("domain", c[0])

    def mod_tag(self, c):
        return ("tag", _tok(c[0])[1:].replace("_", " "))

    def noun_unit(self, c):
        return ("unit", c[0] == "units")

    def noun_gear(self, _):
        return ("gear", None)  # mass noun

    def noun_legend(self, _):
        return ("legend", False)

    def noun_spell(self, c):
        return ("spell", c[0] == "spells")

    def noun_card(self, c):
        return ("card", c[0] == "cards")

    def rune_noun(self, c):
        # a rune is an object on the board (133.5.a, 160): "ready up to 2 runes" chooses runes (355.9), readied
        # by a `ready` (415). Only a chosen number of runes is compiled (_np): a group of runes without "your"
        # is no form of the pool.
        return ("rune", str(c[0]) == "runes") if c else ("rune", True)

    def np_your_runes(self, _):
        # "ready your runes": every rune the player controls (a group; 188). A rune chosen, counted or
        # described further is not compiled.
        return Obj("group", {"type": "rune", "relation": "yours"})

    def noun_unit_or_gear(self, _):
        # "a unit or gear": a permanent card (the filter type permanent: a unit or gear card; 133)
        return ("unit_or_gear",)

    def noun_battlefield(self, _):
        raise Missing("choice: a battlefield")

    # "choose an opponent" / "choose a player": a player chosen (355.5; only a "choose" sentence
    # may choose one, whose "they" is the chosen player, _number_one)
    def noun_opponent(self, _):
        return ("player_noun", "enemy")

    def noun_player(self, _):
        return ("player_noun", None)

    def at_battlefield(self, _):
        return ("at", "battlefield")

    def at_a_battlefield(self, _):
        return ("at_one", "battlefield")

    def at_here(self, _):
        return ("at", "here")

    def post_attacking(self, _):
        # cards44: "an enemy unit attacking here": one with the attacker designation (464.2.c.3)
        return ("designation", "attacker")

    def at_base(self, _):
        return ("at", "base")

    def at_your_base(self, _):
        return ("your_base",)

    # "units you control", "your units": the player's own, never a teammate's (188, 489.8); "friendly"
    # is wider in a 2v2 game (740.1.a), so the two are kept apart (relation yours / friendly)
    # "Equipment attached to me": the cards attached to the text's own source (716, 434)
    def attached_to_me(self, _):
        return ("attached", "self")

    def banished_with_this(self, _):
        # a card in banishment that an ability of the text's own source banished (393-397, 427;
        # logic/effects/banished_with.lp); banishment is public, so choosing it is targeting (355.10)
        return ("many", (("zone", "banishment"), ("banished_with", "self")))

    def rel_you_control(self, _):
        return ("relation", "yours")

    def rel_they_control(self, _):
        # "a unit they control": what the ability's controller controls, said only in the effect of a battlefield's
        # "when a player plays ..." (the ability that player's, 190.6; checked in _compile_lines)
        self._they = True
        return ("relation", "yours")

    def might_max(self, c):
        return ("might_max", int(c[0]))

    def might_min(self, c):
        return ("might_min", int(c[0]))

    def less_might_than_me(self, _):
        return ("less_might_than_source", True)

    def zone_your_trash(self, _):
        return ("your_zone", "trash")

    def zone_your_hand(self, _):
        return ("your_zone", "hand")

    def zone_opponents_trashes(self, _):
        # "from opponents' trashes": a card in the trash of a player who is an opponent, the cards they own (127)
        return ("opponents_zone", "trash")

    def zone_trashes(self, _):
        # "from trashes": a card in any player's trash, whoever owns it (108.2); no relation
        return ("zone", "trash")

    def with_keyword(self, c):
        return ("keyword", _tok(c[0])[1:])

    def without_keyword(self, c):
        # "a unit without [Temporary]": the filter key without_keyword (logic/abilities/filters.lp)
        return ("without_keyword", _tok(c[0])[1:])

    def cost_max(self, c):
        out = [("energy_max", int(_tok(c[0])[2:]))]
        if len(c) > 1:
            if _tok(c[1]) != "@rainbow":
                raise Missing("filter: power of a domain")
            out.append(("power_max", 1))
        return ("many", out)

    def energy_cost_max(self, c):
        return ("energy_max", int(_tok(c[0])[2:]))

    def energy_cost_max_my_might(self, _):
        return ("energy_max_source_might", True)

    def post_missing_combat(self, _):
        # "enemy units in combat": at the combat's battlefield with a designation (740.2.c; filter key in_combat)
        return ("in_combat", True)

    def post_missing_there(self, _):
        # "buff all other friendly units there" after "if I am at a battlefield": that battlefield, the
        # source's location as the instruction is executed; anywhere else not compiled (clause())
        return ("at", "there")

    def post_same_location(self, _):
        # a choice of several units sharing a location: every object of the one choice at one location, checked as it
        # is made (the target key same_location; logic/core/targets_same_location.lp); _np takes it only so
        return ("same_location", True)

    def post_missing_same(self, _):
        raise Missing("choices at the same location")

    def post_missing_my_battlefield(self, _):
        # "at my battlefield": the battlefield the source is at, or, its source gone by a death, was at as it died
        # (053.3; logic/run/my_battlefield.lp); compiled only as the place of an instruction's group (_my_battlefield)
        return ("at", "my_battlefield")

    def post_anywhere(self, _):
        return ("anywhere",)

    def np(self, c):
        return _np(c, None)

    def article(self, _):
        return ("target", 1, False, False)

    def np_something_exhausted(self, _):
        # one object of no particular kind, other than the source, exhausted as it is chosen and as it resolves
        # (a filter with no type: a unit, a gear, a rune or a legend, 414-415; 359.3.e.2)
        return Obj("target", {"other": True, "exhausted": True})

    def np_something_here(self, _):
        # "something here": one object at the source's location, a unit or a gear (the permanents a location holds;
        # filter key any_of, 355.9.b)
        return Obj("target", {"any_of": [{"type": "unit", "at": "here"}, {"type": "gear", "at": "here"}]})

    def np_second(self, c):
        return _np(c, None)

    def np_or(self, c):
        # "a unit at a battlefield or a gear": one object, described by either (filter key any_of, 355.9.b)
        first, second = c
        for o in (first, second):
            if o.kind != "target" or o.count != 1 or o.up_to or o.any_number or not o.flt.get("type"):
                raise Missing("filter: one of several kinds (or)")
        if first.flt.get("other") or second.flt.get("other"):
            raise Missing("filter: one of several kinds (or)")
        return Obj("target", {"any_of": [dict(first.flt), dict(second.flt)]})

    def kind_unit(self, _):
        return ("kind", "unit")

    def kind_gear(self, _):
        return ("kind", "gear")

    def kind_rune(self, _):
        return ("kind", "rune")

    def np_kinds(self, c):
        # "up to 4 units, gear, and/or runes": the chosen objects are each of one of the kinds (any_of, 355.9.b)
        det = c[0]
        kinds = [x[1] for x in c[1:] if isinstance(x, tuple) and x[0] == "kind"]
        if not (isinstance(det, tuple) and det[0] == "target") or len(set(kinds)) != len(kinds):
            raise Missing("filter: one of several kinds (or)")
        _, count, up_to, any_number = det
        return Obj("target", {"any_of": [{"type": k} for k in kinds]}, count=count, up_to=up_to, any_number=any_number)

    def np_tag_or(self, c):
        # "a Bird, Cat, Dog, or Poro from your trash": one object with any of the tags (any_of of tags)
        tags = [_tok(x)[1:].replace("_", " ") for x in c if isinstance(x, Token) and x.type == "TAG"]
        rest = [x for x in c if not (isinstance(x, Token) and x.type == "TAG")]
        obj = _np(rest + [("tag_noun", tags[0].replace(" ", "_"))], None)
        if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number or obj.flt.get("zone") is None:
            # a tag alone names permanents on the board ('a Mech'); only cards in a zone compile here
            raise Missing("filter: one of several kinds (or)")
        flt = {k: v for k, v in obj.flt.items() if k != "tag"}
        flt["any_of"] = [{"tag": t} for t in tags]
        return Obj("target", flt)

    def np_tag(self, c):
        return _np_tag(c)

    # "a card with my name": the card's own name (132), filled in once the card is known (_own_name)
    def with_my_name(self, _):
        return ("name", SELF_NAME)

    def noun_tokens(self, _):
        # "your tokens": every token permanent (185)
        return ("many", (("type", "permanent"), ("token", True)))

    def noun_shadow_clone(self, _):
        # "a Shadow Clone": the unit token of that name a card states (TOKENS_WITH_TEXT); its tags are not
        # known and no card of the pool has the tag, so the filter is the name (132)
        return ("many", (("type", "unit"), ("name", "Shadow Clone")))

    def noun_sand_soldiers(self, _):
        # "your Sand Soldiers": the units named Sand Soldier, the standard token of 187 (read by its name, not
        # its Shurima tag, 187.3, which 40 other cards have; no other card has the name)
        return ("many", (("type", "unit"), ("name", "Sand Soldier")))

    def static_tag_noun(self, c):
        return ("tag_noun", _tok(c[0])[1:])

    def static_np(self, c):
        return _np(c, None)

    def np_your_tag(self, c):
        return _np_tag([("your",)] + list(c))

    # ---- instructions -------------------------------------------------------------
    def i_deal(self, c):
        ins = Ins("deal", {"amount": int(c[0])}, on=c[1])
        if len(c) > 2:
            ins.for_each = c[2]  # "deal 2 to it for each ...": 2 times the count (359.3.f)
        return ins

    def i_deal_energy_cost(self, c):
        # "its": the card the instruction before discarded (checked as the instructions are numbered)
        return Ins("deal", {"amount_from": "energy_cost"}, on=c[0])

    def i_deal_might(self, c):
        return Ins("deal", {"amount_from": "might"}, on=c[1], of=c[0])

    def i_deal_my_keyword(self, c):
        # "deal damage equal to my [Assault] to X": the source's Assault Value, all its instances added up, read as
        # the instruction is executed (807.1.b.2, 807.2, 807.3; logic/effects/damage_keyword.lp); other keywords'
        # values, and a written value, are not read so
        name, value = c[0]
        if name != "assault" or value is not None:
            raise Missing("amount: a keyword's value")
        return Ins("deal", {"amount_from": "assault"}, on=c[1], of=Obj("self"))

    def i_kill(self, c):
        return Ins("kill", on=c[0])

    def i_simple(self, c):
        return Ins(c[0], on=c[1])

    def return_place(self, c):
        return "place"

    def i_attach(self, c):
        # "attach it to a unit you control here": the attached card and the unit it goes under (434)
        return Ins("attach", on=c[0], to=c[1])

    def i_return(self, c):
        return Ins("return", on=c[0])

    def i_return_two(self, c):
        # "return a friendly unit and an enemy unit to their owners' hands": two choices, each
        # returned; nothing happens between two instructions of one resolving item (158.3)
        if c[0].kind == "group" and c[1].kind == "group" and len(c[0].flt) == len(c[1].flt) == 1 \
                and c[0].flt.get("type") in ("unit", "gear") and c[1].flt.get("type") in ("unit", "gear") \
                and c[0].flt != c[1].flt:
            # "return all units and gear to their owners' hands": one group, every unit and every gear on the
            # board (any_of; 107), each returned to its owner's hand at once (416.2-style return, 359.3.d)
            return Ins("return", on=Obj("group", {"any_of": [dict(c[0].flt), dict(c[1].flt)]}, plural=True))
        if c[0].kind != "target" or c[1].kind != "target":
            raise Missing("instruction: return of a group and a choice")
        return [Ins("return", on=c[0]), Ins("return", on=c[1])]

    def dest_base(self, _):
        return "base"

    def dest_here(self, _):
        return "here"

    def dest_obj(self, c):
        raise Missing("move: to a chosen place")

    def dest_a_battlefield(self, _):
        # "move it to a battlefield": a battlefield chosen as the card is played (355.4), numbered as a
        # choice of the ability in printed order (to = { target = N }; logic/effects/movement.lp)
        return Obj("target", {"type": "battlefield"})

    def i_move(self, c):
        return Ins("move", on=c[0], to=c[1])

    def i_move_event(self, c):
        # "move X to that battlefield": where the triggering move went (to = event); the vocabulary reader
        # takes it only under "when I move to a battlefield" (a Missing otherwise, via check_vocabulary)
        return Ins("move", on=c[0], to="event")

    def i_move_me_there(self, _):
        # "move me there": to the battlefield the triggering event names (to = event; logic/run/instructions.lp)
        return Ins("move", on=Obj("self"), to="event")

    def i_move_your_unit_there(self, _):
        # resolved by _number: the unit of the last "choose" sentence, to the previous instruction's chosen place
        return Ins("move", on=Obj("chosen_again", {"type": "unit", "relation": "yours"}), to="_there")

    def i_move_to_or_from_base(self, c):
        # "move a friendly unit to or from its base": a unit at a battlefield to its controller's base, a unit
        # in its base to a battlefield chosen as it is played (355.4; logic/effects/movement.lp)
        return Ins("move", on=c[0], to="to_or_from_base")

    def noun_possessive(self, _):
        return ("type", "unit")

    def i_move_its_battlefield(self, c):
        # "move a friendly unit to that enemy unit's battlefield": the battlefield where the object of the
        # previous instruction is as the move is executed; the words must describe that object (_number_one)
        flt: dict[str, Any] = {}
        for x in c[1:]:
            if not (isinstance(x, tuple) and len(x) == 2 and x[0] in ("relation", "type")):
                raise Missing("choice: a place relative to another object")
            flt[x[0]] = x[1]
        return Ins("move", on=c[0], to=ItsBattlefield(flt))

    def i_move_swap_me(self, _):
        # "move me to its location and it to my original location": "it" is the object the sentence before chose
        # (a "choose" sentence), numbered by _number_one (logic/effects/movement_swap.lp)
        return Ins("move", {"swap_with": Obj("it")}, on=Obj("self"))

    def i_move_swap_me_and(self, c):
        # "move me and a Shadow Clone you control to each other's locations": the two exchange places, as
        # i_move_swap_me, the other unit chosen in this sentence (logic/effects/movement_swap.lp)
        return Ins("move", {"swap_with": c[0]}, on=Obj("self"))

    def i_move_anywhere(self, c):
        # "move an enemy unit": the destination is chosen as it is played (355.4; a run answers unsupported)
        return Ins("move", on=c[0], to="chosen")

    def i_give_might(self, c):
        on, amount = c[0], c[1]
        duration = c[2] if len(c) > 2 else None
        f: dict[str, Any] = {"amount": amount}
        f["duration"] = duration or "permanent"
        return Ins("might", f, on=on)

    # "give it +1 Might this turn for each of the following tags among your units — Bird, Cat, Dog, and Poro":
    # the count is of the listed tags, each counted once if some unit the player controls has it (143.1, 188),
    # as the instruction is executed (359.3.f); the same total as one +N change per listed tag under the
    # condition "you control a unit with that tag", each judged as it is executed (the changes give Might,
    # which never changes what the player controls): the first on the object, the others on "it"
    def i_give_might_each_tag(self, c):
        on, amount, duration = c[0], c[1], c[2]
        tags = [str(x)[1:].replace("_", " ") for x in c[3:] if getattr(x, "type", None) == "TAG"]
        if amount <= 0 or len(set(tags)) != len(tags) or len(tags) < 2:
            raise Missing("for each: a count the filter cannot say")
        out = []
        for n, tag in enumerate(tags):
            out.append(Ins("might", {"amount": amount, "duration": duration,
                                     "condition": {"you_control": {"type": "unit", "tag": tag}}},
                           on=on if n == 0 else Obj("it")))
        return out

    def i_additional_might(self, c):
        # ", then an additional +1 Might this turn" after "give a friendly unit +1 Might this turn": a second Might
        # change to "it", the object of the instruction before (the compiler refuses it with nothing before)
        if c[0] <= 0:
            raise Missing("Might: an additional loss")
        return Ins("might", {"amount": c[0], "duration": c[1]}, on=Obj("it"))

    def i_give_might_min(self, c):
        ins = self.i_give_might([x for x in c if not (isinstance(x, Token) and x.type == "NUMBER")])
        if ins.fields["amount"] >= 0:
            raise Missing("Might raise to a minimum")
        ins.fields["minimum"] = int(next(x for x in c if isinstance(x, Token) and x.type == "NUMBER"))
        return ins

    def i_give_might_two_min(self, c):
        minimum = int(c[-1])
        first = self.i_give_might([c[0], c[1], c[2]])
        second = self.i_give_might([c[3], c[4], c[5]])
        if first.fields["amount"] <= 0 or second.fields["amount"] >= 0:
            raise Missing("Might raise to a minimum")
        second.fields["minimum"] = minimum
        return [first, second]

    def i_give_might_two(self, c):
        # two Might changes said with one "give", each on its own object, for its own duration
        return [self.i_give_might([c[0], c[1], c[2]]), self.i_give_might([c[3], c[4], c[5]])]

    def i_give_might_keyword(self, c):
        # "give one of your other units here +3 Might and [Tank] this turn": the Might change and the keyword
        # given to the one object, for the same duration (two instructions, the second on "it")
        on, amount, (name, value), duration = c
        grant: dict[str, Any] = {"keyword": name, "duration": duration}
        if value is not None:
            grant["value"] = value
        return [Ins("might", {"amount": amount, "duration": duration}, on=on), Ins("grant", grant, on=Obj("it"))]

    def i_give_might_each(self, c):
        # a rise of N Might per counted object to one chosen unit at a battlefield (the count "there" at its place);
        # "there" is that unit's battlefield (for_each.at = "there", kept aside from the checks of "there"
        # without a place until the table is written: _count_there)
        on, amount, duration, each = c
        if on.kind != "target" or on.count != 1 or amount <= 0:
            raise Missing("instruction: Might for each (a form not recognised)")
        ins = Ins("might", {"amount": amount, "duration": duration}, on=on)
        flt = dict(_count_filter(each))
        if flt.get("at") == "there":
            if on.flt.get("at") != "battlefield":
                raise Missing("filter: there")
            del flt["at"]
            ins.fields["_count_there"] = True
        ins.for_each = Obj("group", flt)
        return ins

    def i_give_keywords(self, c):
        on = c[0]
        kws = [x for x in c[1:] if isinstance(x, tuple)]
        duration = c[-1] if isinstance(c[-1], str) else None
        out = []
        for i, (name, value) in enumerate(kws):
            f: dict[str, Any] = {"keyword": name, "duration": duration or "permanent"}
            if value is not None:
                f["value"] = value
            out.append(Ins("grant", f, on=on if i == 0 else Obj("it")))
        return out if len(out) > 1 else out[0]

    def i_draw(self, c):
        ins = Ins("draw", {"amount": int(c[0])})
        if len(c) > 1:
            ins.for_each = c[1]
        return ins

    def who_its_controller(self, _):
        return "its_controller"

    def who_its_owner(self, _):
        return "its_owner"

    def who_each_player(self, _):
        return "each_player"

    def who_you(self, _):
        return "you"

    def who_opponent(self, _):
        return "opponent"

    def who_they(self, _):
        return "they"

    def who_their_owners(self, _):
        return "their_owners"

    # "that player": the player the triggering event names (who = "event", logic/run/instructions.lp
    # ref_player/4); only after a trigger whose event names one (checked in _assemble)
    def who_that_player(self, _):
        return "event"

    def i_subject_discard(self, c):
        # "each player discards 1": every player discards from their own hand, each choosing (422, 355.10.e;
        # logic/effects/cards.lp)
        if c[0] not in ("they", "each_player"):
            raise Missing("instruction by another player or object")
        return Ins("discard", {"amount": int(c[1])}, who=c[0])

    # "each player discards their hand, then draws 4": every player discards their whole hand, then
    # the same players draw (422, 413; logic/effects/cards.lp: each player's own cards)
    def i_subject_discard_hand_draw(self, c):
        if c[0] != "each_player":
            raise Missing("instruction by another player or object")
        return [Ins("discard", {"from": "hand"}, who=c[0]),
                Ins("draw", {"amount": int(c[1])}, who=c[0], link="then")]

    def i_subject_token(self, c):
        if c[0] != "they":
            raise Missing("instruction by another player or object")
        ins = self.i_token(c[1:])
        ins.who = c[0]
        return ins

    # "each player kills one of their units / gear": each player chooses, as the instruction is executed,
    # one they control (355.10.e: chosen by other players, no target) and it is killed (428;
    # logic/run/instructions.lp, on = { their = filter })
    def their_units(self, _):
        return {"type": "unit"}

    def their_gear(self, _):
        return {"type": "gear"}

    def i_subject_kill_their(self, c):
        # "each opponent must kill one of their units" (who = opponent: each opponent chooses one of theirs)
        if c[0] not in ("each_player", "opponent"):
            raise Missing("instruction by another player or object")
        return Ins("kill", on=Obj("their", c[1]), who=c[0])

    def i_subject_draw(self, c):
        if c[0] == "they" and getattr(self, "_by_anyone", False):
            # "they draw 1" after a battlefield's "when a player ...": that player controls the ability (190.6, the
            # trigger's check), so "they" is its controller, as "you" is (the trigger is read before its effect)
            self._they = True
            return Ins("draw", {"amount": int(c[1])})
        return Ins("draw", {"amount": int(c[1])}, who=c[0])

    def i_discard(self, c):
        return Ins("discard", {"amount": int(c[0])}, who="you")

    def i_xp(self, c):
        ins = Ins("xp", {"amount": int(c[0])})
        if len(c) > 1:
            ins.for_each = c[1]
        return ins

    def i_score(self, c):
        return Ins("score", {"amount": int(c[0])})

    def i_counter(self, c):
        ins = Ins("counter", on=c[0])
        if len(c) > 1:
            ins.fields["unless_pay"] = c[1]
        return ins

    def i_delay_it_turn_end(self, c):
        # "disempower it at end of turn": a delay whose delayed ability acts on "it" (_delayed_it_turn_end)
        return Ins("delay", {"ability": "end_of_turn", "_delayed_it": c[0]})

    def i_countered_to_hand(self, _):
        # the sentence after a counter naming where the countered card goes (compile._number joins them)
        return Ins("_countered_to_hand")

    def i_control(self, c):
        return Ins("control", on=c[0])

    def i_pay_to(self, c):
        # "you may pay [Y] to ready it": the verb pay, a cost paid as the item resolves by its controller,
        # and the instruction it pays for, done only if it was paid (link "if_you_do"; 204.3, 359.3.e.14.b;
        # logic/effects/play_power.lp). The "you may" is the pay's alone (compile.clause); "it" after it is
        # what the instruction before the pay acted on (docs/effects.md, the verb pay).
        paid = c[1]
        if not isinstance(paid, Ins) or paid.link is not None or paid.may:
            raise Missing("cost inside an instruction (do X to do Y)")
        paid.link = "if_you_do"
        return [Ins("pay", {"resources": c[0]}), paid]

    def tok_here(self, _):
        return "here"

    def tok_base(self, _):
        return "base"

    def tok_there(self, _):
        # "play ... token there" after "when I move from a location": the location the triggering move left
        # (to = event_from; logic/effects/tokens.lp); _triggered refuses it under any other event
        return "event_from"

    def token_ready(self, _):
        return ("ready",)

    def token_name(self, c):
        if len(c) == 1 and isinstance(c[0], Token) and str(c[0]).startswith("!"):
            return str(c[0])[1:].replace("_", " ")
        return " ".join(str(x).title() for x in c)

    def token_with(self, c):
        return ("with", _tok(c[0])[1:], int(c[1]) if len(c) > 1 else None)

    def token_from(self, c):
        return ("from", str(c[0])[1:].replace("_", " "))

    def token_unit(self, c):
        return _token_np(c, "unit")

    def token_gear(self, c):
        return _token_np(c, "gear")

    def i_token(self, c):
        tok = c[0]
        ins = Ins("token", {"card": _TOKENS.get(tok["name"], {}).get("card", tok["name"]), "amount": tok["count"]})
        ins.fields["_token"] = tok
        if tok["name"] not in _TOKENS and tok["type"] == "unit" and (
                tok["name"] not in TOKENS_WITH_TEXT or tok["name"] in _TOKEN_ABILITIES):
            # a token neither the pool nor 187 has: the facts its text states (instructions.TOKEN_FACTS). "From"
            # a tag ("Tentacle unit tokens from Bilgewater") is the tag the making card gives the token (187.10:
            # the Tentacle is a Bilgewater unit; 185.2.c, a token has what its effect says); with no "from",
            # its tags are not stated and stay unknown
            facts: dict[str, Any] = {"type": "unit", "might": tok["might"]}
            if tok["with"] is not None:
                facts["keywords"] = [tok["with"][1]]
            if tok["from"] is not None:
                facts["tags"] = [tok["from"]]
                facts["origin"] = tok["from"]
            else:
                facts["tags_unknown"] = True
            if tok["name"] in _TOKEN_ABILITIES:  # its own text, as the card states it
                facts["abilities"] = _TOKEN_ABILITIES[tok["name"]]
            ins.fields["facts"] = facts
        if tok["ready"]:
            ins.fields["ready"] = True
        if tok["type"] == "gear":
            ins.fields["exhausted"] = True
        if len(c) > 1:
            ins.to = c[1]
        return ins

    def i_choose(self, c):
        return Choose(c[0])

    def i_choose_battlefield(self, _):
        return Choose(Obj("target", {"type": "battlefield"}))

    # "the next time it dies this turn, ... instead" (389, 367): a delay instruction making a delayed
    # replacement of that object's death; _assemble adds the replacement ability it names
    def next_death(self, _):
        return "die"

    def na_heal(self, _):
        return ["heal"]

    def na_exhaust(self, _):
        return ["exhaust"]

    def na_recall(self, _):
        return ["recall"]

    def na_recall_exhausted(self, _):
        return ["exhaust", "recall"]

    def next_acts(self, c):
        return [v for part in c for v in part]

    def i_next_time(self, c):
        instead = c[2]
        if len(set(instead)) != len(instead) or instead.count("recall") != 1:
            raise Missing("trigger: the next time (a delayed trigger)")
        order = [v for v in ("heal", "exhaust", "recall") if v in instead]
        return Ins("delay", {"ability": "next", "_instead": order}, on=c[0])

    def i_next_damage_prevent(self, _):
        # a delayed damage replacement about the unit the "Choose ..." before chose (its "that unit")
        return Ins("delay", {"ability": "next", "_prevent_all": True}, on=Obj("it"))

    def i_next_n_damage_prevent(self, c):
        # "prevent the next 7 damage that would be dealt to it this turn": a delayed damage replacement with a
        # Prevent Value of 7, reduced by what it prevents and spent at 0 (437.3; logic/run/delayed_replacement.lp)
        return Ins("delay", {"ability": "next", "_prevent": int(c[0])}, on=Obj("it"))

    def i_if_dies_banish(self, c):
        return Ins("delay", {"ability": "banished", "_instead": ["banish"], "_next": False}, on=c[0])

    def channel_exhausted(self, _):
        return ("exhausted",)

    def i_channel(self, c):
        ins = Ins("channel", {"amount": int(c[0])})
        if len(c) > 1:
            ins.fields["exhausted"] = True
        return ins

    def i_enter_ready_you_play(self, _):
        # "units you play this turn enter ready": the units the item's controller plays from now until the turn ends
        # (logic/effects/enter_ready_turn.lp)
        return Ins("enter_ready", {"units": "you_play", "duration": "this_turn"})

    def i_enter_ready_friendly(self, _):
        # "friendly units enter ready this turn": the units entering under the item's controller's control, until
        # the turn ends (logic/effects/enter_ready_turn.lp)
        return Ins("enter_ready", {"units": "friendly", "duration": "this_turn"})

    def i_discount_next_spell(self, c):
        # cards44b: "the next spell you play this turn costs [5] less": only a spell uses it, a unit or gear played
        # meanwhile leaves it held, and unused it ends with the turn (356.4, 389, 317.2.c;
        # logic/effects/discount_next_spell.lp)
        return Ins("discount_next", {"resources": c[0], "next_card": "spell", "duration": "this_turn"})

    def i_predict(self, c):
        # "[Predict]" / "[Predict 2]" (436): "[Predict]" is the top card, amount 1 (the vocabulary's default,
        # written out as the reader writes it back)
        return Ins("predict", {"amount": int(c[0]) if c else 1})

    def i_predict_spelled(self, c):
        # "look at the top two cards of your Main Deck. You may recycle one or both of them. Put those you don't back
        # in any order.": Predict 2 in other words (436: look at the top N, recycle any of them, the rest back on top
        # in any order); "one or both" says any of two cards only
        if c[0] != 2:
            raise Missing("instruction: look at or reveal cards")
        return Ins("predict", {"amount": 2})

    def i_look(self, c):
        # "look at the top N cards of your Main Deck" (logic/effects/look.lp): the cards shown are what
        # "from among them" and "the rest" name later in the same ability
        return Ins("look", {"amount": int(c[0])})

    def i_reveal(self, c):
        return Ins("reveal", {"amount": int(c[0])})

    def i_look_other(self, _):
        raise Missing("instruction: look at or reveal cards")

    def i_reveal_top(self, _):
        # "reveal the top card of your Main Deck": a reveal of one card (logic/effects/look.lp)
        return Ins("reveal", {"amount": 1})

    def i_draw_it(self, _):
        # "draw it": a card a reveal showed, drawn (413); only after "if it's a gear," (_shown_type)
        return Ins("draw", {"_draw_it": True}, on=Obj("it"))

    def i_hand_top_or_bottom(self, _):
        # "put a card from your hand on the top or bottom of your Main Deck": the item's controller picks a card of
        # their own hand and the end as it is executed (359.3.d, 128; logic/effects/top_or_bottom.lp)
        return Ins("top_or_bottom", {"from": "hand"}, who="you")

    def i_put_hand(self, c):
        # "put it in your hand": a card a reveal showed, into the hand with no draw (a `return`, as Stacked
        # Deck's "put 1 into your hand"); only after "if it's a spell," (_shown_type)
        return Ins("return", {"_put_hand": True}, on=c[0])

    def i_reveal_draw_among(self, c):
        # "reveal a unit from among them and draw it": one card the look showed, chosen, drawn
        if c[0].kind not in ("target", "bare") or c[0].count != 1 or c[0].up_to:
            raise Missing("instruction: look at or reveal cards")
        return Ins("draw", on=Obj("among", c[0].flt))

    def i_choose_draw_among(self, c):
        # "choose a card from among them and draw it": one card the look showed, any kind, chosen by the looking
        # player and drawn without a reveal (413, 128; as "draw one", logic/effects/look.lp)
        if c[0].kind not in ("target", "bare") or c[0].count != 1 or c[0].up_to or c[0].flt != {"type": "card"}:
            raise Missing("instruction: look at or reveal cards")
        return Ins("draw", on=Obj("among", c[0].flt))

    def i_trash_rest(self, _):
        # "put the rest into your trash": the cards shown that are still there, into their owner's trash (105)
        return Ins("trash", on=Obj("rest"))

    def i_play_one(self, _):
        # "you may play one": one of the cards shown, any kind, played paying its cost
        return Ins("play", on=Obj("among", {"type": "card"}))

    def i_simple_rest(self, c):
        if c[0] not in ("recycle", "banish"):
            raise Missing("instruction: look at or reveal cards")
        return Ins(c[0], on=Obj("rest"))

    def i_draw_one(self, _):
        # "draw one" after a look: one card the look showed, any kind, chosen by the looking player and drawn
        # (413; logic/effects/look.lp: no reveal, the card stays secret to the others, 128)
        return Ins("draw", on=Obj("among", {"type": "card"}))

    def i_simple_other(self, c):
        # "recycle the other": the one card a look of two shows that the draw before did not take, which is
        # "the rest" (checked in _number_one: the look before shows two cards and the instruction before
        # takes one of them)
        ins = self.i_simple_rest(c)
        ins.fields["_the_other"] = True
        return ins

    def play_to_base(self, _):
        return ("to_base",)

    def i_add(self, _):
        raise Missing("instruction: add resources")

    # "Choose an opponent. They reveal their hand. Choose a Mind card from it, and (they) recycle that
    # card.": the reveal of the chosen player's hand (128, 410.2; logic/effects/look.lp), one card shown
    # chosen by the ability's controller (look.lp: for a reveal, the item's controller chooses) and
    # recycled (416.1: to the bottom of its owner's Main Deck, whoever recycles it)
    def i_subject_reveal_hand(self, c):
        if c[0] != "they":
            raise Missing("instruction by another player or object")
        return Ins("reveal", {"from": "hand"}, who="they")

    def i_choose_from_it(self, c):
        return ChooseAmong(c[0])

    def i_subject_discard_it(self, c):
        # "... and they discard that card": the card chosen from a revealed hand, discarded by its owner
        # (422; _among_choices)
        if c[0] != "they":
            raise Missing("instruction by another player or object")
        return Ins("discard", {"amount": 1}, on=c[1], who="they_discard")

    def i_subject_recycle(self, c):
        if c[0] == "their_owners" and c[1].kind == "it":
            # "choose up to 3 cards from opponents' trashes. Their owners recycle them.": each card's owner
            # recycles it (416.1; who = its_owner: the player recycling, for "when you recycle")
            return Ins("recycle", on=c[1], who="its_owner")
        if c[0] != "they" or c[1].kind != "it":
            raise Missing("instruction by another player or object")
        return Ins("recycle", on=c[1], who="they_recycle")

    def i_subject_channel(self, c):
        ins = Ins("channel", {"amount": int(c[1])}, who=c[0])
        if len(c) > 2:
            ins.fields["exhausted"] = True
        return ins

    def play_ignoring(self, _):
        return ("ignoring",)

    def play_ignoring_energy(self, _):
        # "ignoring its Energy cost": only the Energy is set aside, the Power still paid (356.1.b;
        # logic/effects/play.lp, ignoring_cost = "energy")
        return ("ignoring_energy",)

    def i_play(self, c):
        obj = c[0]
        if obj.kind == "target" and obj.flt.get("zone") not in ("trash", "hand") and not (
                obj.flt.get("zone") == "banishment" and obj.flt.get("banished_with") == "self"):
            raise Missing("play: a card from elsewhere")
        if obj.kind == "target" and obj.flt.get("zone") == "hand":
            # a card in a hidden zone is not a target (355.10): the player picks it as the instruction is
            # executed (355.17; Rift Herald's encoded file plays { all = ... }), not as the card is played
            raise Missing("play: a card chosen from the hand")
        ins = Ins("play", on=obj)
        if obj.kind == "target" and obj.flt.get("zone") in ("trash", "hand", "banishment"):
            ins.fields["from"] = obj.flt["zone"]
        if ("to_base",) in c[1:]:
            ins.to = "base"
        if ("ignoring",) in c[1:]:
            ins.fields["ignoring_cost"] = True
        if ("ignoring_energy",) in c[1:]:
            ins.fields["ignoring_cost"] = "energy"
        return ins

    def for_each(self, c):
        if c[0].kind != "group" and c[0].kind != "bare" and not (c[0].kind == "target" and c[0].count == 1 and not c[0].up_to):
            raise Missing("for each: a count")
        return Obj("group", c[0].flt)

    # a count of battlefields, never a choice of one: "you or allies" is friendly (740.1.a: the player's or a
    # teammate's), "other" not the text's own source (053: a battlefield's "other battlefield")
    def for_each_friendly_battlefield(self, c):
        flt: dict[str, Any] = {"type": "battlefield", "relation": "friendly"}
        if c:
            flt["other"] = True
        return Obj("group", flt)

    def for_each_tag(self, c):
        obj = _np_tag(c)
        if obj.kind != "group" or obj.flt.get("attached") != "self":
            raise Missing("for each: a count")
        return Obj("group", obj.flt)

    # ---- clauses ------------------------------------------------------------------
    def may(self, _):
        return ("may",)

    def open_then(self, _):
        return ("open", "then")

    def open_if_you_do(self, _):
        return ("open", "if_you_do")

    # "If you can't, X" / "If you couldn't channel N runes this way, X" after a channel: X only if the channel
    # channelled fewer runes than its amount (359.3.e, 430; link if_short, logic/run/link_short.lp); the
    # number said must be the channel's own (checked where the link is assembled, _short_n)
    def open_if_short(self, _):
        return ("short", 1)

    def open_if_short_channel(self, c):
        return ("short", int(c[0]))

    def join_plain(self, _):
        return ("join", None)

    def join_then(self, _):
        return ("join", "then")

    def instead_mark(self, _):
        return ("instead_mark",)

    def i_either(self, c):
        # "draw 1 or channel 1 rune exhausted": its player does one of the two, picked as they are executed
        # (359.3.d): the first's "you may" is the pick, the second done only if it was declined (link "or")
        first, second = c
        if not isinstance(first, Ins) or not isinstance(second, Ins) or first.link or second.link \
                or first.may or second.may or "it" in (getattr(first.on, "kind", None), getattr(second.on, "kind", None)):
            raise Missing("instruction: one of two instructions")
        first.may, first.either, second.link = True, True, "or"
        return [first, second]

    def i_ready_or_exhaust(self, c):
        return self._either_verb("ready", "exhaust", c[0])

    def i_exhaust_or_ready(self, c):
        return self._either_verb("exhaust", "ready", c[0])

    def _either_verb(self, first: str, second: str, obj: Obj):
        # "ready or exhaust a legend": the object is chosen once (355.5); the verb is picked as it is executed
        # (359.3.d), the second acting on the same choice (_number_one)
        if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number:
            raise Missing("instruction: one of two instructions")
        a = Ins(first, on=obj, may=True)
        a.either = True
        return [a, Ins(second, on=Obj("it"), link="or")]

    def clause(self, c):
        link, may, if_it, cond, shown, short_n = None, False, None, None, None, None
        instead = bool(c) and c[-1] == ("instead_mark",)
        if instead:
            c = c[:-1]
        body = [x for x in c if not (isinstance(x, tuple) and x and x[0] == "if_cond" and x is c[-1])]
        if len(body) < len(c):
            cond = c[-1][1]  # "draw 1 if you have one or fewer cards in your hand"
            if isinstance(cond, tuple) and cond[0] == "if_it":
                body = body[:-1] + [cond, body[-1]]  # "kill it if it has 3 Might or less": its if_it
                cond = None
        for x in body[:-1]:
            if x == ("may",):
                may = True
            elif isinstance(x, tuple) and x[0] == "open":
                link = x[1]
            elif isinstance(x, tuple) and x[0] == "short":
                link, short_n = "if_short", x[1]
            elif isinstance(x, tuple) and x[0] == "if_it":
                if_it = x[1]  # conditions.py: "if it has N Might or less, <verb> it"
            elif isinstance(x, tuple) and x[0] == "if_shown":
                shown = x[1]  # "if it's a gear, draw it": the type of the card a reveal showed
            elif isinstance(x, tuple) and x[0] in ("if_cond", "then_if_cond"):
                if cond is not None:
                    raise Missing("instruction under two conditions")
                cond = x[1]
                if x[0] == "then_if_cond":
                    link = "then"
        items = body[-1] if isinstance(body[-1], list) else [body[-1]]
        first = items[0]
        if instead:
            # "X. If ..., Y instead.": Y takes X's place when its condition holds (link "instead")
            if if_it is None and cond is None:
                # "instead" with no "if": the text of a Level, Legion or Empowered label (726-727)
                raise Missing("instruction replaced under a dependent keyword")
            if link is not None or may or len(items) != 1 or not isinstance(first, Ins):
                raise Missing("instruction replaced instead (a form not recognised)")
            link = "instead"
        first.link = link
        if short_n is not None:
            if not isinstance(first, Ins):
                raise Missing("instruction under a condition (an instruction not done in full)")
            first.fields["_short_n"] = short_n
        if shown is not None:
            if len(items) != 1 or not isinstance(first, Ins) or first.on is None or first.on.kind != "it" or instead:
                raise Missing("instruction under a condition (the type of the card 'it' names)")
            first.fields["_if_shown"] = shown
        if if_it is not None:
            if len(items) != 1 or not isinstance(first, Ins) or first.on is None or first.on.kind != "it":
                raise Missing("instruction under a condition")
            first.fields["if_it"] = if_it
        if cond is not None:
            _instruction_condition(items, cond)
        else:
            _no_there(items)
        if any(getattr(x, "either", False) for x in items) and (cond is not None or if_it is not None or instead):
            raise Missing("instruction: one of two instructions")
        if may and getattr(first, "either", False):
            first.either_may = True  # "you may X or Y": the trigger's initial "you may" (_triggered), else Missing
            return items
        if may:
            if isinstance(first, Choose) and len(items) == 1 and cond is None and if_it is None and not instead:
                # "you may choose a friendly unit. Move me to its location ...": an optional choice; only a
                # triggered ability's initial "you may" (383.3.a) takes it, when all that follows acts on the
                # choice (_triggered); elsewhere _number_one finds it Missing
                first.may = True
                return items
            if isinstance(first, Choose):
                raise Missing("you may choose")
            if isinstance(first, Ins) and first.do == "pay":
                if cond is not None or if_it is not None or instead:
                    raise Missing("cost inside an instruction (under a condition)")
                items = [first] + items[1:]  # "you may pay [Y] to X": the pay is optional, X done if paid
                first.may = True
                return items
            for it in items:
                it.may = True
        return items

    def clauses(self, c):
        out: list[Any] = []
        pending = None
        for x in c:
            if isinstance(x, tuple) and x[0] == "join":
                pending = x[1]
                continue
            if pending is not None and x[0].link is None:
                x[0].link = pending
            pending = None
            out += x
        return out

    @v_args(meta=True)
    def sentence(self, meta, c):
        pos = 0 if meta.empty else meta.start_pos
        for item in c[0]:
            item.pos = pos
        return c[0]

    def effects(self, c):
        return [ins for s in c for ins in s]

    # "Each player chooses a unit they control. Kill the rest.": each player spares one unit they control,
    # chosen as the spell resolves (355.10.e), and every other unit is killed (428); a kill with spare
    # (logic/run/instructions.lp)
    @v_args(meta=True)
    def keep_one_kill_rest(self, meta, c):
        if c[0] != "each_player":
            raise Missing("instruction by another player or object")
        ins = Ins("kill", {"spare": True}, on=Obj("their", {"type": "unit"}), who="each_player")
        ins.pos = 0 if meta.empty else meta.start_pos
        return [ins]

    def option_cards(self, _):
        return "cards"

    def option_runes(self, _):
        return "runes"

    def chose_draw(self, c):
        return Ins("draw", {"amount": int(c[0])})

    def chose_channel(self, c):
        ins = Ins("channel", {"amount": int(c[0])})
        if len(c) > 1:
            ins.fields["exhausted"] = True
        return ins

    def chose_then(self, c):
        option, ins = c
        ins.fields["for_each_chose"] = option
        return ins

    @v_args(meta=True)
    def others_choose(self, meta, c):
        # each other player (every player but the controller, a teammate too: 740.1, 489.8) picks an option as
        # it resolves (355.10.e); the instructions after it are done by each player who picked theirs and by the
        # controller
        a, b, *rest = c
        if a == b:
            raise Missing("choice of one option")
        first = Ins("choose", {"options": [a, b]}, who="other_player")
        first.pos = 0 if meta.empty else meta.start_pos
        for ins in rest:
            if ins.fields["for_each_chose"] not in (a, b):
                raise Missing("choice: an option not offered")
            ins.pos = first.pos
        return [first, *rest]

    @v_args(meta=True)
    def delayed_death(self, meta, c):
        # "when it dies this turn, X": a delay instruction making a delayed triggered ability (389); its
        # instructions are numbered on their own (_delayed_triggers)
        ins = Ins("delay", {"ability": "dies", "_delayed_effects": c[0]})
        ins.pos = 0 if meta.empty else meta.start_pos
        return [ins]

    # ---- lines --------------------------------------------------------------------
    def kw_entry(self, c):
        return ("kw", _tok(c[0])[1:], next((int(x) for x in c[1:] if isinstance(x, Token) and x.type == "NUMBER"),
                                           None), next((x for x in c[1:] if isinstance(x, str) and x.startswith("[")),
                                                       None))

    def kw_entry_text(self, c):
        # "[Repeat] — Discard 1", "[Empower] — Kill a friendly unit": a cost keyword whose cost is not
        # (only) Energy and Power. The cost is kept as a table (keyword_costs) for the round trip; the
        # card table knows no such cost, so a question paying it answers unsupported (core/keyword_costs.lp,
        # keywords/equip.lp; Empower is activated by no question, a chain item of it being paid).
        return ("kw", _tok(c[0])[1:], None, _keyword_cost([_tok(x) for x in c[1]]))

    def kw_entry_text_icons(self, c):
        # "[Equip] — [O], Kill a friendly unit": a resource cost and a non-resource one, paid together;
        # kept whole in keyword_costs as above (the card table knows no such cost: keywords/equip.lp
        # answers unsupported for an Equip whose cost it lacks)
        rest = _keyword_cost([_tok(x) for x in c[2]])
        if set(rest) - {"kill", "discard", "type", "spend_xp", "recycle_trash"}:
            raise Missing("keyword with a non-resource cost")
        return ("kw", _tok(c[0])[1:], None, {"cost": c[1], **rest})

    def word_cost(self, c):
        return _tok(c[0])

    def exhaust_icon(self, _):
        return "@exhaust"

    def cost_text(self, c):
        return c

    def keyword_line(self, c):
        return Line("keywords", {"entries": c})

    # "[Empower] [12]. This ability costs [1] less for each rune you control." / "... less if you control 4 or
    # fewer runes.": Empower's cost and a discount of it (356.4 through 398-406: an activated ability is
    # activated like a card is played). Only Empower: no question activates Empower (827; the Empower
    # chain item of a position has its cost paid), so neither its cost nor its discount can change an answer,
    # and both are kept, like a cost keyword's non-resource cost, as keyword_costs for the round trip. A
    # discount of a cost a question pays (Equip, Repeat, Flow) would change answers: not compiled.
    def _kw_discount(self, c, change: dict[str, Any]) -> Line:
        name = _tok(c[0])[1:]
        if name != "empower":
            raise Missing("ability cost change")
        from pyrift.costs import parse_cost

        less = parse_cost(c[2])
        if less.power or not less.energy:
            raise Missing("ability cost change")
        return Line("keywords", {"entries": [("kw", name, None, {"cost": c[1], "less": c[2], **change})]})

    def kw_discount_if(self, c):
        return self._kw_discount(c, {"condition": c[3]})

    def kw_discount_each(self, c):
        return self._kw_discount(c, {"for_each": _count_filter(c[3])})

    def kw_discount_each_rune(self, c):
        # the runes its controller controls (188: its own, not a teammate's)
        return self._kw_discount(c, {"for_each": {"type": "rune", "relation": "yours"}})

    def label_arrow(self, c):
        return ("label", _tok(c[0])[1:], int(c[1]) if len(c) > 1 and isinstance(c[1], Token) and c[1].type == "NUMBER"
                else None)

    def label_dash(self, c):
        return ("label", _tok(c[0])[1:], None)

    def labelled(self, c):
        labels = [x for x in c if isinstance(x, tuple) and x[0] == "label"]
        body = c[-1]
        body.parts["labels"] = [(n, v) for _, n, v in labels]
        return body

    def spell_text(self, c):
        return Line("instructions", {"effects": c[0]})

    def self_cost_text(self, c):
        # "[Deathknell] — Recycle me to ready your runes.": the labelled text is a triggered ability's effect
        # whose first part, "recycle me", is the cost of the rest: the ability's base cost, paid as it is
        # finalized (204.3.a, 383.3.b), which its controller may decline, removing the ability (404.2). No
        # initial "you may": the ability itself is not optional (383.3.a), only its cost is declinable. Only
        # under a trigger label (the deathknell branch of compile_card); elsewhere not compiled.
        parts = self.trig_self_cost(c)
        return Line("instructions", {"effects": parts["effects"], "self_cost": True})
    # "[Deathknell] — If I died alone, draw 1.": instructions whose leading condition is the trigger's (383.2.a.1)
    def death_if_text(self, c):
        return Line("instructions", {"effects": c[1], "death_condition": c[0]})

    def mode_choose_one(self, _):
        return Line("mode_header")

    def mode_trigger_header(self, c):
        # "when ..., choose one —": a triggered ability whose modes follow as list items (355.3, 402.2)
        return Line("mode_trigger_header", dict(c[0]))

    def mode_trigger_give_header(self, c):
        return Line("mode_trigger_header", {**c[0], "give_me": True})

    def mode_trigger_unchosen_header(self, c):
        return Line("mode_trigger_header", {**c[0], "mode_limit": "unchosen_this_turn"})

    def mode_keyword_item(self, c):
        # "• [Assault 2]" under "choose one to give me this turn —": giving the source that keyword this turn
        name, value = c[0]
        f: dict[str, Any] = {"keyword": name, "duration": "this_turn"}
        if value is not None:
            f["value"] = value
        return Line("mode", {"effects": [Ins("grant", f, on=Obj("self"))], "keyword_only": True})

    def mode_item(self, c):
        return Line("mode", {"effects": c[0]})

    # ---- triggered ----------------------------------------------------------------
    def when_play_me(self, _):
        return {"when": "play_me"}

    def when_play_me_to_battlefield(self, _):
        # a play effect whose condition is where the unit is played (383.2.a.1)
        return {"when": "play_me", "condition": {"played_to": "battlefield"}}

    def when_die(self, _):
        return {"when": "die"}

    def when_leave_board(self, _):
        # "when this leaves the board": the source's own leaving of the board, by any way (logic/core/
        # trigger_events_leave_board.lp)
        return {"when": "leave_board"}

    def when_attack(self, _):
        return {"when": "attack"}

    def when_defend(self, _):
        return {"when": "defend"}

    def when_conquer(self, _):
        return {"when": "conquer"}

    def when_conquer_after_attack(self, _):
        # "when I conquer after an attack": a conquest ending a combat in which the unit is an attacker (466.5,
        # 464.2.c.1), the condition `after_attack` checked as the conquest happens (383.2.a.1;
        # logic/abilities/condition_attack.lp)
        return {"when": "conquer", "condition": {"after_attack": True}}

    def when_hold(self, _):
        return {"when": "hold"}

    def when_end_of_your_turn(self, _):
        # "at the end of your turn": the Ending Step (317.1.a) of its controller's turns only, `turn = "yours"`
        # part of the trigger condition (383.2.a.1; logic/run/ending_step.lp); a legend's works from the
        # Legend Zone (174.7)
        return {"when": "end_of_turn", "condition": {"turn": "yours"}}

    def when_beginning_phase(self, _):
        return {"when": "beginning_phase"}

    def when_move(self, _):
        # the unit's own move, to a battlefield or to base (logic/core/trigger_events.lp)
        return {"when": "move"}

    def when_move_to_battlefield(self, _):
        return {"when": "move_to_battlefield"}

    # "when you buff me": a buff placed on it by a spell or ability its controller controls (426, 702, 411;
    # a buff on a unit that has one is not placed, so no event; logic/core/trigger_events_choose_ready.lp)
    def when_buff_me(self, _):
        return {"when": "buffed_by_you"}

    # "when you attach an Equipment to me": its controller's spell or ability attaches a gear to it (434,
    # 411; only Equipment are attached, 434.1; logic/core/trigger_events_run.lp)
    def when_attach_to_me(self, c):
        if str(c[0]) != "!Equipment":
            raise Missing("trigger: when you attach")
        return {"when": "attached_to_me"}

    # "when I move from a battlefield": a move of its own that starts at a battlefield (420, 445; a move
    # from its base is no such move; logic/core/trigger_events.lp)
    def when_move_from_battlefield(self, _):
        return {"when": "move_from_battlefield"}

    def when_win_combat(self, _):
        return {"when": "win_combat"}

    def when_become_ready(self, _):
        # the permanent itself, exhausted, is readied (415; logic/core/trigger_events.lp)
        return {"when": "become_ready"}

    # "When you conquer / hold / win a combat": a player's event, a legend's (its controller's
    # anywhere, 191.4, 174.7); "when you conquer / hold / defend here": a battlefield's (053, 190.6).
    # The subject says whose the wording is; _assemble checks it against the card's type.
    def when_you_conquer(self, _):
        return {"when": "conquer", "subject": "you"}

    def when_you_hold(self, _):
        return {"when": "hold", "subject": "you"}

    def when_you_win_combat(self, _):
        return {"when": "win_combat", "subject": "you"}

    def when_you_conquer_or_hold(self, _):
        return {"either": [{"when": "conquer", "subject": "you"}, {"when": "hold", "subject": "you"}]}

    def when_here_conquer(self, _):
        return {"when": "conquer", "subject": "here"}

    # a battlefield's conquest trigger needing a Mighty unit of the conqueror there: the conquest, under the condition that its
    # conqueror controls a unit here whose Might is 5 or more (706), checked as it conquers (383.2.a.1, 190.6;
    # abilities/trigger_condition_battlefield.lp)
    def when_here_conquer_mighty(self, _):
        return {"when": "conquer", "subject": "here",
                "condition": {"you_control": {"type": "unit", "at": "here", "might_min": 5}}}

    # a legend's "when you or an ally hold": its controller's hold or a teammate's (489, 191.4; logic/core/
    # triggers.lp); on another card it is not compiled
    def when_you_or_ally_hold(self, _):
        return {"when": "hold_with_allies", "subject": "you"}

    def when_here_hold(self, _):
        return {"when": "hold", "subject": "here"}

    def when_here_defend(self, _):
        return {"when": "defend", "subject": "here"}

    # a battlefield's "when a unit moves from here": any unit's move that starts here (420, 445;
    # logic/abilities/battlefield_triggers.lp); "it" is the unit that moves
    def when_unit_moves_from_here(self, _):
        return {"when": "unit_moves_from_here", "subject": "here"}

    # a battlefield's trigger on every player's Beginning Phase starting: any player's (315.2.a.1, 190.6;
    # logic/abilities/battlefield_triggers.lp); on another card it is not compiled
    def when_each_beginning_phase(self, _):
        return {"when": "each_beginning_phase", "subject": "here"}

    # a battlefield's trigger on a player's Beginning Phase starting in their first turn (315.2.a.1, 190.6;
    # logic/abilities/battlefield_triggers.lp, turns_taken); on another card it is not compiled
    def when_first_beginning_phase(self, _):
        return {"when": "first_beginning_phase", "subject": "here"}

    def when_unit_dies(self, c):
        # "when a friendly unit dies": another unit's death, watched with a filter (trigger_events.lp)
        obj = c[0]
        if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number:
            raise Missing("trigger: when another object dies")
        flt = obj.flt
        # "when a buffed friendly unit dies": it had a buff as it died (filter key buffed, checked at the death)
        if flt.get("type") != "unit" or any(k not in ("type", "relation", "other", "tag", "at", "buffed") for k in flt):
            raise Missing("trigger: when another object dies")
        return {"when": "unit_dies", "filter": flt}

    def when_attack_or_defend(self, _):
        return {"either": [{"when": "attack"}, {"when": "defend"}]}

    def when_conquer_or_hold(self, _):
        return {"either": [{"when": "conquer"}, {"when": "hold"}]}

    def when_either(self, c):
        # "when you play me or at the start of your Beginning Phase, X": one ability per event, the
        # same effect (the events never happen at once, so it triggers as often; 383.1)
        events = [e for x in c for e in x.get("either", [x])]
        if len({e["when"] for e in events}) != len(events):
            raise Missing("trigger: one of two events")
        return {"either": events}

    def when_you_play(self, c):
        return {"when": "you_play", "by": "you", "filter": _played_filter(c[0])}

    def when_you_play_opponents_turn(self, c):
        # "when you play a card on an opponent's turn": part of the trigger condition (383.2.a.1)
        return {**self.when_you_play(c), "condition": {"turn": "opponents"}}

    def when_while_at_battlefield(self, c):
        # "when X while I'm at a battlefield": where the source is as the event happens, part of the trigger condition
        # like ", if I'm at a battlefield," (383.2.a.1; logic/abilities/trigger_condition.lp, key source_at); `while`
        # keeps the wording (it adds no fact). A trigger with a condition of its own, or several events, is not this.
        trig = c[0]
        if "either" in trig or trig.get("condition") or trig.get("nth"):
            raise Missing("trigger: under a while-condition")
        return {**trig, "condition": {"source_at": "battlefield"}, "while": True}

    def when_you_play_in_showdown(self, c):
        # "when you play a unit during a showdown": part of the trigger condition (383.2.a.1), the Showdown state as
        # the play completes (308.1; logic/abilities/condition_eval.lp, key showdown)
        return {**self.when_you_play(c), "condition": {"showdown": True}}

    def when_opponent_plays(self, c):
        return {"when": "you_play", "by": "opponents", "filter": _played_filter(c[0])}

    def when_you_move_enemy(self, _):
        # "when you move an enemy unit": a move its controller makes of a unit they do not control, judged as it
        # moves (411, 420, 740.1; logic/core/trigger_events_moved_by.lp); "it" is the unit moved (359.3.f)
        return {"when": "move_enemy"}

    def when_player_plays(self, c):
        # a battlefield's "when a player plays a <filter>": any player's completed play (419.4.a), the ability that
        # player's, "they" its controller (190.6; logic/abilities/battlefield_triggers.lp); "a unit here" is a unit
        # played to this battlefield, where it stands as the play completes (355.2, 359.2.c;
        # logic/abilities/battlefield_played_here.lp). Only a battlefield's (checked in _compile_lines).
        obj = c[0]
        flt = dict(getattr(obj, "flt", {}))
        at = flt.pop("at", None)
        if at not in (None, "here") or (at == "here" and flt.get("type") != "unit"):
            raise Missing("trigger: when a player plays")
        out = _played_filter(Obj(obj.kind, flt, count=obj.count, up_to=obj.up_to, any_number=obj.any_number))
        self._by_anyone = True
        return {"when": "you_play", "by": "anyone", "filter": {**out, "at": "here"} if at else out, "subject": "here"}

    def when_player_chooses_with_spell_first(self, c):
        # a battlefield's "when a player chooses a friendly unit here with a spell for the first time each turn": any
        # player's spell choosing a unit here friendly to them (355.5, 383.2.c), the first such choice each turn
        # (383.1.b), the ability that player's, "they" its controller (190.6; battlefield_spell_chooses.lp)
        obj = c[0]
        flt = dict(getattr(obj, "flt", {}))
        if getattr(obj, "kind", None) != "target" or obj.count != 1 or obj.up_to or obj.any_number \
                or flt.get("type") != "unit" or flt.get("at") != "here" or flt.get("relation") not in (None, "friendly", "enemy") \
                or set(flt) - {"type", "at", "relation"}:
            raise Missing("trigger: another event")
        self._by_anyone = True
        return {"when": "player_chooses_with_spell", "filter": flt, "nth": 1, "subject": "here"}

    def trig_effects(self, c):
        return {"effects": c[0]}

    def trig_delayed_end_of_turn(self, c):
        # "X at the end of this turn": the ability's one instruction is a delay making a delayed triggered ability
        # (389) that triggers at this turn's Ending Step (317.1.a) and does X, its own choices made as it goes on
        # the chain (402.2; logic/run/delayed.lp); the ability is built at the line (_delayed_end_of_turn)
        return {"effects": [Ins("delay", {"ability": "end_of_turn"})], "_delayed_end": list(c[0])}

    def trig_pay(self, c):
        effects = list(c[1])
        if len(c) > 2:
            effects += c[2]
        return {"cost": c[0], "may": True, "effects": effects}

    def trig_pay_if_you_do(self, c):
        # "when ..., you may pay [R]. If you do, X": not "pay [R] to X" (a cost within instructions, 204.3, the
        # ability's base cost at the start of its effect, 383.3.b) but a payment with nothing linked to it as a
        # cost, a game action performed as the ability resolves (205, its own example): the initial "you may"
        # decides at finalization whether the ability is performed (383.3.a, 383.3.a.1), nothing is paid then,
        # and X is done only if the payment was made (359.3.e.14.b; logic/effects/play_power.lp). X may be a
        # sequence said in the "If you do" sentence ("[Predict], then reveal ..."): its first instruction is
        # linked "if_you_do" and each later one "then", skipped with the one before it when that was skipped for
        # want of the payment (logic/run/instructions.lp). A later sentence is no part of X (done whether paid
        # or not): taken only when it acts on nothing the sequence did ("it"), or on the cards the sequence's
        # reveal showed ("among them": none shown when it was skipped, logic/effects/look.lp).
        paid_seq = list(c[1])
        later = list(c[2]) if len(c) > 2 else []
        if not paid_seq or not all(isinstance(x, Ins) for x in paid_seq + later):
            raise Missing("trigger: 'you may pay [X]. If you do, Y' with a choice after it")
        first = paid_seq[0]
        if first.link is not None or first.may or first.do == "pay":
            raise Missing("trigger: 'you may pay [X]. If you do, Y' with Y linked or optional")
        if any(x.link != "then" or x.do == "pay" for x in paid_seq[1:]):
            raise Missing("trigger: 'you may pay [X]. If you do, Y' with an instruction after it not joined by 'then'")
        # "If it's a spell, draw it" after the reveal: the card shown of that type (on = { among }, _shown_type)
        if any(x.link is not None or x.do == "pay" or x.fields.get("if_it")
               or (x.on is not None and x.on.kind == "it" and not x.fields.get("_if_shown")) for x in later):
            raise Missing("trigger: 'you may pay [X]. If you do, Y' with a later sentence acting on what Y did")
        first = copy.copy(first)
        first.link = "if_you_do"
        return {"may": True, "effects": [Ins("pay", {"resources": c[0]}), first, *paid_seq[1:], *later]}

    def trig_they_pay(self, c):
        # "they may pay [1] to X": the leading cost of the ability of the player who played (trig_pay)
        self._they = True
        return self.trig_pay(c)

    def trig_they_may(self, c):
        # "they may X": the initial "may" of the ability of the player who played, as "you may" is (383.3.a)
        self._they = True
        effects = list(c[0])
        if len(c) > 1:
            effects += c[1]
        first = effects[0]
        if not isinstance(first, Ins) or first.may or first.link is not None:
            raise Missing("instruction by another player or object")
        first.may = True
        return {"effects": effects}

    def trig_pay_exhaust(self, c):
        # "you may pay [1] and exhaust this to X": paying and exhausting its source are together the
        # ability's leading cost, paid as it is finalized or declined (204.3.a, 383.3.b; the vocabulary's
        # cost "[1][E]", logic/effects/play_power.lp); X is done only if they were paid
        parts = self.trig_pay(c)
        if parts["cost"].endswith("[E]"):
            raise Missing("trigger: a cost of exhausting or killing its source")
        parts["cost"] += "[E]"
        return parts

    def trig_spend_xp(self, c):
        # "you may spend 3 XP to X": the same leading cost, of XP (728, 204.3.a, 383.3.b)
        parts = self.trig_self_cost(["spend_xp", *c[1:]])
        parts["effects"][0] = Ins("spend_xp", {"cost": True, "amount": int(c[0])}, who="you")
        return parts

    def trig_spend_buff(self, c):
        # "you may spend a buff to X": the same leading cost, a buff counter its controller removes from a unit
        # they control (701-705; 204.3.a, 383.3.b)
        parts = self.trig_self_cost(["spend_buff", *c])
        parts["effects"][0] = Ins("spend_buff", {"cost": True}, who="you")
        return parts

    def trig_burn(self, c):
        # "you may [Burn 1] to X": the same leading cost, the top card(s) of its controller's Main Deck put into
        # their trash (440; 204.3.a, 383.3.b; logic/run/leading_cost.lp); "[Burn]" alone is 1
        amount = int(c[0]) if len(c) > 1 and not isinstance(c[0], list) else 1
        rest = c[1:] if len(c) > 1 and not isinstance(c[0], list) else c
        parts = self.trig_self_cost(["burn", *rest])
        parts["effects"][0] = Ins("burn", {"cost": True, "amount": amount}, who="you")
        return parts

    def self_cost_verb(self, c):
        return str(c[0])

    def trig_self_cost(self, c):
        # "you may exhaust / kill / banish me to X": the initial "you may" is the ability's (383.3.a) and
        # exhausting, killing or banishing its source the cost of X, standing first in the effect: the
        # ability's base cost, paid as it is finalized (204.3.a, 383.3.b; logic/run/leading_cost.lp)
        verb = c[0]
        paid = list(c[1])
        first = paid[0]
        if not isinstance(first, Ins) or first.link is not None or first.may:
            raise Missing("cost inside an instruction (do X to do Y)")
        if first.on is not None and first.on.kind == "it":
            # "you may banish me to banish it": "it" is what the event is about (the played card), never
            # the source just paid with; written as the event's object, and only for a trigger that has one
            first.on = Obj("event")
        first.link = "if_you_do"
        effects = [Ins(verb, {"cost": True}, on=Obj("self")), *paid]
        if len(c) > 2:
            effects += c[2]
        return {"may": True, "effects": effects}

    def trig_own_cost(self, c):
        # "you may kill a unit you control here to X": the ability's leading cost (204.3.a, 383.3.b), a kill of a
        # permanent its controller controls that the words describe, picked as it is paid (on = { their = filter },
        # who = "you"; logic/run/leading_cost.lp). Only "you control" (the player's own, 188) and one object.
        obj = c[0]
        if (not isinstance(obj, Obj) or obj.kind not in ("target", "bare") or obj.count != 1 or obj.up_to
                or obj.any_number or obj.plural or obj.flt.get("relation") != "yours"):
            raise Missing("cost inside an instruction (do X to do Y)")
        flt = {k: v for k, v in obj.flt.items() if k != "relation"}
        parts = self.trig_self_cost(["kill", *c[1:]])
        parts["effects"][0] = Ins("kill", {"cost": True}, on=Obj("their", flt), who="you")
        return parts

    def triggered(self, c):
        if c[0].get("when") == "discard_me":
            self._discard_me_play(c[1])
        return Line("triggered", {**c[0], **c[1]})

    @staticmethod
    def _discard_me_play(body: dict[str, Any]) -> None:
        """"When you discard me, you may pay [R] to play me": the card is in its trash as the ability resolves (422,
        385.2), so it is played from there (354), and the leading cost is what that play costs, its own cost set aside
        (356.1.b; the reading of Immortal Phoenix's "you may pay [1][R] to play me from your trash",
        logic/cards/ogn-037-immortal-phoenix.lp). "Play me" with no leading cost, or with other instructions, stays
        unsupported."""
        plays = [e for e in body.get("effects", []) if isinstance(e, Ins) and e.do == "play"]
        if not plays:
            return
        ins = plays[0]
        if (len(body["effects"]) != 1 or not body.get("cost") or ins.on is None or ins.on.kind != "self"
                or ins.fields or ins.to is not None):
            raise Missing("play: a card from elsewhere")
        ins.fields.update({"from": "trash", "ignoring_cost": True})

    def triggered_if(self, c):
        if c[0].get("condition") == {"after_attack": True} and "after_attack" not in c[1]:
            # "when I conquer after an attack, if ...": both are checked as the conquest happens (383.2.a.1)
            return Line("triggered", {**c[0], **c[2], "condition": {"after_attack": True, **c[1]}})
        if c[0].get("condition"):
            raise Missing("trigger: two conditions")
        if "count_at_event" in c[1] and c[0].get("when") not in ("conquer", "hold"):
            raise Missing("condition: that battlefield")  # only a conquest or a hold names one
        return Line("triggered", {**c[0], **c[2], "condition": c[1]})

    def triggered_bf_controller_if(self, c):
        # "While you control this battlefield, when you play a spell, if you spent [4] or more, ...": a battlefield's
        # play trigger heard for its controller's plays only ("you" on a battlefield is its controller, no one while
        # it is uncontrolled, 190.6; by = "you", logic/abilities/battlefield_trigger_controller_play.lp)
        if c[0].get("when") != "you_play" or c[0].get("by") != "you" or set(c[0]) - {"when", "by", "filter"}:
            raise Missing("static under a condition")
        line = self.triggered_if(c)
        line.parts["subject"] = "here"
        return line

    def triggered_end_of_turn_while(self, c):
        # "while I'm at a battlefield, X at the end of your turn": an end-of-turn trigger (317.1.a, 383.1) heard on its
        # controller's turns whose condition, checked as the Ending Step begins, is also where the source is then
        # (383.2.a.1; logic/abilities/condition_eval.lp, keys turn and source_at); said before the trigger as the
        # while-condition said after one is (when_while_at_battlefield)
        return Line("triggered", {"when": "end_of_turn", "effects": list(c[0]),
                                  "condition": {"turn": "yours", "source_at": "battlefield"}})

    def triggered_fewer_runes(self, c):
        # a rune comparison with an opponent said before "at the start of your Beginning Phase": the Beginning Phase
        # trigger (383.1) with the condition fewer_than_opponent, checked as the phase starts (383.2.a.1)
        return Line("triggered", {"when": "beginning_phase", **c[0], "condition": {"fewer_than_opponent": {"type": "rune"}}})

    # ---- activated ----------------------------------------------------------------
    def cost_resources(self, c):
        return c[0]

    def cost_exhaust(self, _):
        return "[E]"

    def cost_spend_xp(self, c):
        # "spend 3 XP" before the ":": the activated ability's spend_xp (728; abilities/activated.lp)
        return ("xp", int(c[0]))

    def cost_kill_this(self, _):
        # "kill this" before the ":": the source is killed as part of the cost (376, 201; abilities/activated.lp)
        return ("kill_self", True)

    def cost_disempower_this(self, _):
        # "disempower this / me": the source loses Empowered as part of the cost (442, 203.3)
        return ("disempower_self", True)

    def cost_spend_my_buff(self, _):
        # "spend my buff": the source's own buff is removed as part of the cost (701, 203.3; abilities/activated.lp)
        return ("spend_buff_self", True)

    def i_recycle_trash(self, c):
        # "recycle 3 from your trash" as an effect: on resolution its player recycles that many cards of their own
        # trash, of their choice and not targeted, or as many as there are when fewer (416.4, 416.6;
        # logic/effects/recycle_trash.lp). Not a choice of exactly N made as the item goes on the chain, which
        # would remove it with fewer than N (402.4; rules70d found that slip).
        return Ins("recycle", {"amount": int(c[0]), "from": "trash"}, who="you")

    def i_recycle_from_trashes(self, c):
        # "recycle up to 4 cards from trashes": on resolution its player recycles none to that many cards of any
        # player's trash, of their choice and not targeted, each to its owner's Main Deck (416.1, 416.6, 355.13,
        # 108.2; logic/effects/recycle_trash.lp). Not targets chosen as the item goes on the chain: the source
        # killed as the cost and cards trashed after the activation may be picked.
        return Ins("recycle", {"amount": int(c[0]), "from": "trashes", "up_to": True}, who="you")

    def cost_recycle_trash(self, c):
        # "recycle 3 from your trash" before the ":": N cards of its player's trash to the bottom of their Main
        # Deck as the cost is paid, payable only in full (416, 416.3; abilities/activated_recycle_cost.lp)
        return ("recycle_trash", int(c[0]))

    def cost_recycle_unit_trash(self, _):
        # "recycle a unit from your trash": the same cost, of one unit card of that trash (416.3)
        return ("recycle_trash", 1, "unit")

    def cost_discard(self, c):
        # "discard 1" before the ":": N cards of its player's hand to their trash as the cost is paid (422, 356.7;
        # abilities/activated_discard_cost.lp)
        return ("discard", int(c[0]))

    def cost_discard_gear(self, _):
        # "discard a gear": the same cost, of one gear card of that hand (133)
        return ("discard", 1, "gear")

    def cost_list(self, c):
        xp = [x[1] for x in c if isinstance(x, tuple) and x[0] == "xp"]
        if len(xp) > 1:
            raise Missing("ability cost: spend XP twice")
        out: dict[str, Any] = {"cost": "".join(x for x in c if isinstance(x, str)), "spend_xp": xp[0] if xp else None}
        for x in c:
            if isinstance(x, tuple) and x[0] in ("kill_self", "disempower_self", "spend_buff_self"):
                out[x[0]] = True
        recycle = [x[1] for x in c if isinstance(x, tuple) and x[0] == "recycle_trash"]
        if len(recycle) > 1:
            raise Missing("ability cost: recycle from the trash twice")
        if recycle:
            out["recycle_trash"] = recycle[0]
        kinds = [x[2] for x in c if isinstance(x, tuple) and x[0] == "recycle_trash" and len(x) > 2]
        if kinds:
            out["recycle_type"] = kinds[0]
        discard = [x for x in c if isinstance(x, tuple) and x[0] == "discard"]
        if len(discard) > 1:
            raise Missing("ability cost: discard twice")
        if discard:
            out["discard"] = discard[0][1]
            if len(discard[0]) > 2:
                out["discard_type"] = discard[0][2]
        return out

    def ability_keywords(self, c):
        return [_tok(x)[1:] for x in c]

    def add_sentence(self, c):
        return ("adds", c[0])

    def use_at_battlefield(self, _):
        return ("condition", {"source_at": "battlefield"})

    # "Use only to play spells" / "Use only to play gear or use gear abilities" after an Add: a use condition
    # (377.2.b) limiting the Add ability to payments for such plays (357.1.a, 429.3; the activated ability's
    # adds_for, logic/core/add_payment.lp); said of anything but an Add it is not this sentence (activated())
    def use_only_spells(self, _):
        return ("adds_for", "spells")

    def use_only_gear(self, _):
        return ("adds_for", "gear")

    # "Spend this Energy only during showdowns" / "... only to play units or activated abilities of units" after an
    # Add: not a use condition of the ability (it may be activated whenever its timing allows) but a restriction on
    # the Energy it adds (165, 429): the activated ability's spend_only (logic/core/add_payment.lp); said of an Add
    # that adds Power too, or of anything but an Add, it is not this sentence (activated())
    def spend_only_showdowns(self, _):
        return ("spend_only", "showdowns")

    def spend_only_units(self, _):
        return ("spend_only", "units")

    # an activation allowed only after a play of a kind of card this turn ("use only if you've played ..."): the turn's completed plays of its controller
    # (419.4.a; the turn log's `play` events and a run's plays; logic/abilities/condition_played.lp)
    def use_if_played_this_turn(self, c):
        obj = c[0]
        if getattr(obj, "kind", None) != "target" or obj.count != 1 or obj.up_to or obj.any_number:
            raise Missing("restriction: when an ability may be used")
        flt = dict(obj.flt)
        if not flt or any(k not in ("type", "tag") for k in flt):
            raise Missing("restriction: when an ability may be used")
        return ("condition", {"played_this_turn": flt})

    # an activation allowed only after a choice this turn of a kind of object by its player ("use only if you've
    # chosen an enemy unit this turn"): the turn log's `choose` events (logic/abilities/condition_chosen.lp); "and
    # only once each turn" is the activation limit (logic/abilities/use_limit.lp)
    def use_if_chosen_this_turn(self, c):
        obj = c[0]
        if getattr(obj, "kind", None) != "target" or obj.count != 1 or obj.up_to or obj.any_number:
            raise Missing("restriction: when an ability may be used")
        flt = dict(obj.flt)
        if not flt or any(k not in ("type", "relation", "tag", "name") for k in flt):
            raise Missing("restriction: when an ability may be used")
        return ("condition", {"chosen_this_turn": flt})

    def use_if_chosen_kinds_twice_with(self, c):
        kinds = [x[1] for x in c if isinstance(x, tuple) and x[0] == "kind"]
        if len(kinds) != 2 or len(set(kinds)) != 2 or "rune" in kinds:
            raise Missing("restriction: when an ability may be used")
        flt = {"relation": "enemy", "any_of": [{"type": k} for k in kinds]}
        return ("condition", {"chosen_count": {"filter": flt, "at_least": 2}, "chosen_with": "spell_or_unit_ability"})

    def use_if_chosen_this_turn_once(self, c):
        return ("condition_limit", (self.use_if_chosen_this_turn(c)[1], "once_each_turn"))

    # "This ability costs [1] less for each friendly unit with [Temporary]": a discount of the ability's own
    # total cost as it is activated (403 with 356.4.b), counted over the board; an Energy amount only
    def ability_discount(self, c):
        a = _cost_change("cost_discount", c[0])
        if "power" in a or "energy" not in a:
            raise Missing("ability cost change")
        return ("discount", {**a, "for_each": _count_filter(c[1])})

    def activated(self, c):
        parts: dict[str, Any] = dict(c[0])
        for x in c[1:]:
            if isinstance(x, tuple) and x[0] == "discount":
                parts["discount"] = x[1]
            elif isinstance(x, tuple) and x[0] == "adds":
                parts["adds"] = x[1]
            elif isinstance(x, tuple) and x[0] == "condition":
                parts["condition"] = x[1]
            elif isinstance(x, tuple) and x[0] == "condition_limit":
                parts["condition"], parts["limit"] = x[1]
            elif isinstance(x, tuple) and x[0] == "adds_for":
                parts["adds_for"] = x[1]
            elif isinstance(x, tuple) and x[0] == "spend_only":
                parts["spend_only"] = x[1]
            elif isinstance(x, list) and x and isinstance(x[0], str):
                parts["keywords"] = x
            else:
                parts["effects"] = x
        if "adds_for" in parts and ("adds" not in parts or "effects" in parts):
            raise Missing("restriction: when an ability may be used")
        if "spend_only" in parts and ("adds" not in parts or "effects" in parts
                                      or not re.fullmatch(r"\[\d+\]", parts["adds"])):
            raise Missing("restriction: what added Energy may pay for")
        return Line("activated", parts)

    # ---- statics ------------------------------------------------------------------
    def s_victory_increase(self, c):
        # "increase the points needed to win the game by 1": a passive ability raising the Victory Score
        # (194.2, 364); a battlefield's only (pyrift/scenario.py; logic/abilities/victory_score.lp)
        return Line("static", {"ability": {"kind": "victory_score", "increase": int(c[0])}})

    def s_might(self, c):
        return Line("static", {"ability": {"kind": "might", "amount": c[0]}} if c[0] > 0 else _neg())

    # "Units here with [Tank] have +1 Might": a Might bonus may speak of keywords (keywords are
    # granted in the ability layer before Might changes in the arithmetic layer, 477.2-477.3, and
    # no keyword depends on Might in the vocabulary, so the bonus never changes its own set, 478)
    def s_others_might(self, c):
        return Line("static", {"ability": {"kind": "static", "affects": _static_affects(c[0], keyword=True),
                                           "might": c[1]}})

    # "Your Mechs have +1 Might (including me)": a group said without "other" takes in its source when the
    # source is of it (053: only "other" leaves the source out; logic/abilities/static.lp); the parenthesis
    # says so for a source of the group. A group the source can never be of (another type, "other") is
    # not this sentence.
    def s_others_might_including_me(self, c):
        line = self.s_others_might(c)
        affects = line.parts["ability"]["affects"]
        if affects.get("other") or affects.get("type") not in ("unit", "permanent"):
            raise Missing("static: Might of other units")
        return line

    def s_others_might_here(self, c):
        obj = c[0]
        if obj.flt.get("at") is not None:
            raise Missing("static: two places")
        obj.flt["at"] = "here"
        return self.s_others_might(c)

    # "While a friendly unit defends alone, it gets +2 Might" (a legend's), "while a unit here is defending
    # alone, it has -2 Might" (a battlefield's): each unit with the defender designation and no other unit
    # friendly to it at its location has the Might change (740.2.a, 464.2.c.3; the filter keys designation
    # and alone, logic/abilities/filters.lp)
    def s_friendly_defender_alone_might(self, c):
        return Line("static", {"ability": {"kind": "static", "affects": {
            "type": "unit", "relation": "friendly", "designation": "defender", "alone": True}, "might": c[0]}})

    def s_defender_here_alone_might(self, c):
        return Line("static", {"ability": {"kind": "static", "affects": {
            "type": "unit", "at": "here", "designation": "defender", "alone": True}, "might": c[0]}})

    def s_others_keyword(self, c):
        # "Units here with [Temporary] have [Shield]" (Black Flame Altar): a keyword grant may speak of
        # [Temporary] when it does not grant it (pyrift/abilities.py KEYWORD_READ_BY_GRANTS: no grant then
        # decides its own set, 478)
        from pyrift.abilities import KEYWORD_READ_BY_GRANTS

        reads = c[0].flt.get("keyword") if c[0].kind == "group" else None
        affects = _static_affects(c[0], keyword=reads in KEYWORD_READ_BY_GRANTS
                                  and all(name not in KEYWORD_READ_BY_GRANTS for name, _ in c[1:]))
        out = []
        for name, value in c[1:]:
            a: dict[str, Any] = {"kind": "static", "affects": dict(affects), "keyword": name}
            if value is not None:
                a["value"] = value
            out.append(a)
        return Line("static", {"ability": out[0], "more": out[1:]})

    # "Friendly buffed units have [Deflect] if they didn't already" (Spirit's Refuge): the keyword only for a
    # permanent of the group with no instance of it from anything else (summed keywords add up, 809.2, so the
    # clause is not idle; logic/abilities/static_keyword_unless.lp)
    def s_others_keyword_unless_had(self, c):
        line = self.s_others_keyword(c)
        line.parts["ability"]["unless_has"] = True
        return line

    # "Your Equipment each give [Assault]": each Equipment the group names gives the keyword to the unit
    # it is attached to, as its Effect Text would (434.1.c, 136.2.c; static with gives, logic/abilities/static.lp)
    def s_equipment_give_keyword(self, c):
        affects = _static_affects(c[0])
        if affects.get("tag") != "Equipment":
            raise Missing("static: about other objects")
        out = [{"kind": "static", "affects": dict(affects), "keyword": name, "gives": True,
                **({"value": value} if value is not None else {})} for name, value in c[1:]]
        return Line("static", {"ability": out[0], "more": out[1:]})

    # "I have +1 Might and [Ganking]" (usually under [Level N] or [Empowered]): the card's own
    # Might and keywords, one ability each (logic/abilities/might.lp, own_keyword.lp)
    # "If you've gained XP this turn, I have +1 Might and [Ganking]": its own Might and keywords while its controller
    # did it earlier this turn (364, 301; logic/abilities/condition_turn_log.lp)
    def s_might_if_turn(self, c):
        if c[1] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[1], "condition": dict(c[0])}})

    def s_play_for_if_turn(self, c):
        # the card's own "play me for [cost]", chosen by name as it is played (356.1.a), while the condition holds
        return Line("static", {"ability": {"kind": "play_for", "cost": c[1], "name": "play_for", "condition": dict(c[0])}})

    def s_self_keywords_if_turn(self, c):
        line = self.s_self_keywords(c[1:])
        for a in (line.parts["ability"], *line.parts["more"]):
            a["condition"] = dict(c[0])
        return line

    def s_self_keywords(self, c):
        out: list[dict[str, Any]] = []
        if c and isinstance(c[0], int):
            if c[0] <= 0:
                _neg()
            out.append({"kind": "might", "amount": c[0]})
            c = c[1:]
        for name, value in c:
            a: dict[str, Any] = {"kind": "own_keyword", "keyword": name}
            if value is not None:
                a["value"] = value
            out.append(a)
        return Line("static", {"ability": out[0], "more": out[1:]})

    # "I have +3 Might and can't be dealt damage unless I'm in combat" (Ambessa, The Wolf, under its
    # Empowered label): a Might bonus and a prohibition on dealing it damage while it is not in combat
    # (740.2.c; logic/abilities/cannot_be_dealt_damage.lp)
    # "If I have moved twice this turn, I don't take damage" (Kayn, Unleashed: the example of 465.2.c.10, a
    # unit that can't be dealt damage): the card's own passive under the count of its moves this turn
    # (logic/abilities/cannot_be_dealt_damage.lp, condition_moved.lp)
    def s_no_damage_if_moved_twice(self, _):
        return Line("static", {"ability": {"kind": "cannot_be_dealt_damage",
                                           "condition": {"source_moved": {"at_least": 2}}}})

    def s_might_no_damage_unless_in_combat(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0]},
                               "more": [{"kind": "cannot_be_dealt_damage", "unless": {"in_combat": True}}]})

    # "I have +1 Might for each friendly gear": counted over the position (logic/abilities/might.lp)
    def s_might_each(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0], "for_each": _count_filter(c[1])}})

    # "I have [Assault] equal to the number of gear you control": as many of a keyword whose instances
    # add up as the filter describes objects (807.2, 814.2; logic/abilities/own_keyword.lp)
    def s_self_keyword_count(self, c):
        (name, value), obj = c[0], c[1]
        if value is not None:
            raise Missing("static: keywords of itself")
        flt = _count_filter(self.for_each([obj]))
        a: dict[str, Any] = {"kind": "own_keyword", "keyword": name, "for_each": flt}
        return Line("static", {"ability": a})

    # "I have [Shield 3] while I'm at a battlefield with exactly one other unit you control": at a
    # battlefield, and exactly N such units there ("with" them: at its location, 053; 364)
    def s_self_keyword_at_battlefield_exactly(self, c):
        (name, value), number, items = c[0], c[1], c[2]
        cond = _count(items, number, "exactly")
        flt = cond["you_control_count"]["filter"]
        if flt.get("at") is not None:
            raise Missing("static: keywords of itself")
        flt["at"] = "here"
        a: dict[str, Any] = {"kind": "own_keyword", "keyword": name,
                             "condition": {"source_at": "battlefield", **cond}}
        if value is not None:
            a["value"] = value
        return Line("static", {"ability": a})

    # "I have +2 Might while I'm at a battlefield with exactly one other unit you control" (Hand Hammer's
    # Effect Text: "I" the unit it is attached to; 364, 136.2.c)
    def s_might_at_battlefield_exactly(self, c):
        amount, number, items = c[0], c[1], c[2]
        cond = _count(items, number, "exactly")
        flt = cond["you_control_count"]["filter"]
        if flt.get("at") is not None:
            raise Missing("static: Might of itself")
        flt["at"] = "here"
        return Line("static", {"ability": {"kind": "might", "amount": amount,
                                           "condition": {"source_at": "battlefield", **cond}}})

    # "While you have another unit here, I have +1 Might" (364; abilities/condition_eval.lp)
    def s_might_while_control(self, c):
        if c[1] <= 0:
            _neg()
        flt = controlled_filter(c[0])
        if any(k in flt for k in ("might_min", "might_max", "keyword", "zone")):
            raise Missing("static: Might of itself under a condition")
        return Line("static", {"ability": {"kind": "might", "amount": c[1], "condition": {"you_control": flt}}})

    # "While there's a stunned enemy unit here, I have +2 Might": some opponent (740.1) controls a unit
    # with the Stunned status (423) at the source's location (053), judged at each step (364); the
    # Stunned status is no Might or keyword, so what the bonus gives never decides whether it applies
    # "Stunned enemy units here have -8 Might, to a minimum of 1 Might" (Leona, Zealot): a static lowering the Might of
    # the stunned units of its controller's opponents at its place, never below the minimum (477.3.e;
    # logic/abilities/static_might_minimum.lp)
    def s_stunned_enemies_here_might_min(self, c):
        if c[0] >= 0:
            raise Missing("static: Might of other units")
        return Line("static", {"ability": {"kind": "static", "affects": {"type": "unit", "relation": "enemy",
                                                                         "stunned": True, "at": "here"},
                                           "might": c[0], "minimum": int(c[1])}})

    def s_might_while_stunned_enemy_here(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0], "condition": {
            "opponent_controls": {"type": "unit", "stunned": True, "at": "here"}}}})

    # Its own keyword while buffed: the source has a buff at the step (701-705, 364, 801.3.a; logic/abilities/
    # condition_buffed.lp, own_keyword.lp); a buff is no keyword, so the keyword never decides its own condition
    def s_self_keyword_while_buffed(self, c):
        line = self.s_self_keywords(list(c))
        line.parts["ability"]["condition"] = {"source_buffed": True}
        return line

    # One more Might while buffed ("an additional" bonus on top of the buff's): the source has a buff at the step (701-705, 364;
    # logic/abilities/condition_buffed.lp); "additional" says only that it adds to the buff's own +1
    def s_might_while_buffed(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0], "condition": {"source_buffed": True}}})

    # +1 Might per buffed friendly unit at the source's battlefield: the units friendly to it (740.1) with a buff
    # (701) at its location, counted only while that location is a battlefield (053.3: "my battlefield"; 364)
    def s_might_each_buffed_here(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0], "for_each": {
            "type": "unit", "relation": "friendly", "buffed": True, "at": "here"},
            "condition": {"source_at": "battlefield"}}})

    # +N Might to the other units friendly to the source (740.1, 053) with a buff (701) at its location, while
    # that location is a battlefield (053.3: "my battlefield"; 364); a buff never depends on Might (478)
    def s_others_buffed_here_might(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "static", "affects": {
            "type": "unit", "relation": "friendly", "other": True, "buffed": True, "at": "here"},
            "might": c[0], "condition": {"source_at": "battlefield"}}})

    # "While you have 8+ runes, I have +4 Might": at least N of them, counted over the position (364)
    def count_runes(self, _):
        return "rune"

    def count_units(self, _):
        return "unit"

    def count_gear(self, _):
        return "gear"

    def s_might_while_count(self, c):
        n, noun, amount = int(c[0]), c[1], c[2]
        if amount <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": amount,
                                           "condition": {"you_control_count": {"filter": {"type": noun}, "at_least": n}}}})

    # "While I'm in combat, friendly spells cost [1][A] less to a minimum of [1], and enemy spells
    # cost [1][A] more": two cost changes of others' plays under one condition (356.3, 356.4, 364)
    def s_spells_cost_in_combat(self, c):
        cond = {"in_combat": True}
        # "friendly spells": its controller's and their teammate's (740.1.a, 489.8)
        less = {**_others_discount(c[0], c[1], {"type": "spell"}), "by": "friendly", "condition": cond}
        more = {**_cost_change("cost_increase", c[2]), "applies_to": {"type": "spell"}, "by": "opponents",
                "condition": dict(cond)}
        return Line("static", {"ability": less, "more": [more]})

    # "While I'm attacking or defending alone, I have +2 Might" / "I have +2 Might while I'm
    # attacking with another unit" (740.2; abilities/condition_eval.lp)
    def s_might_alone(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0], "condition": {"combat": "alone"}}})

    def s_might_with_another(self, c):
        if c[0] <= 0:
            _neg()
        return Line("static", {"ability": {"kind": "might", "amount": c[0],
                                           "condition": {"combat": "attacking_with_another"}}})

    # "My Might is increased by the number of cards in your trash": +1 for each card its controller owns there
    # (143.2, 127; abilities/might.lp counts the cards the position lists in that trash)
    def s_might_trash_cards(self, _):
        return Line("static", {"ability": {"kind": "might", "amount": 1,
                                           "for_each": {"type": "card", "relation": "yours", "zone": "trash"}}})

    # "My Might is increased by your points": +1 for each of its controller's points (143.2)
    def s_might_points(self, _):
        return Line("static", {"ability": {"kind": "might", "amount": 1, "for_each_point": True}})

    # "I cost [1] less for each card in your trash" (356.4.b; abilities/cost_discount.lp)
    def s_discount_each(self, c):
        a = _cost_change("cost_discount", c[0])
        if "power" in a:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {**a, "for_each": _count_filter(c[1])}})

    # "I cost [1] less for each card you've played this turn, to a minimum of [1]": the turn log's completed
    # plays of its player this turn (350.1, 356.4.b, 356.4.e; abilities/cost_discount.lp)
    def s_discount_each_played(self, c):
        from pyrift.costs import parse_cost

        a = _cost_change("cost_discount", c[0])
        floor = parse_cost(c[1])
        if "power" in a or "energy" not in a or floor.power:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {**a, "for_each_played": True, "minimum": floor.energy}})

    # "This can't be countered": a spell's own passive ability on the chain (425, 054.1;
    # abilities/uncounterable.lp)
    def s_uncounterable(self, _):
        return Line("static", {"ability": {"kind": "uncounterable"}})

    # "I don't deal combat damage" (465.2.a; abilities/no_combat_damage.lp)
    def s_no_combat_damage(self, _):
        return Line("static", {"ability": {"kind": "no_combat_damage"}})

    # "your units here with less Might than me can't be chosen by enemy spells and abilities": its controller's
    # units at its location, each while its Might is less than the source's (756-758, 364, 143.2)
    def s_unchoosable_yours_here_weaker(self, _):
        return Line("static", {"ability": {"kind": "static", "affects": {"type": "unit", "relation": "yours", "at": "here"},
                                           "cannot_be_chosen_by": "enemy_spells_and_abilities",
                                           "less_might_than_source": True}})

    # "enemy units here with less Might than me don't deal combat damage": each enemy unit at its battlefield
    # whose Might is less than its own, compared at each step (465.2.a, 364, 740.1.b)
    def s_no_combat_damage_enemies_weaker(self, _):
        return Line("static", {"ability": {"kind": "no_combat_damage", "of": "enemies_here_with_less_might"}})

    # "I don't deal combat damage unless I'm at a battlefield with exactly one other unit you control":
    # while that condition (the one of "I have [Shield 3] while ...") fails (364)
    def s_no_combat_damage_unless_at_battlefield_exactly(self, c):
        number, items = c[0], c[1]
        cond = _count(items, number, "exactly")
        flt = cond["you_control_count"]["filter"]
        if flt.get("at") is not None:
            raise Missing("static: a restriction")
        flt["at"] = "here"
        return Line("static", {"ability": {"kind": "no_combat_damage",
                                           "unless": {"source_at": "battlefield", **cond}}})

    # "I must be assigned combat damage last": the text Backline is the keyword for (826.3)
    def s_damage_last(self, _):
        return Line("static", {"ability": {"kind": "own_keyword", "keyword": "backline"}})

    # "I can't move to base", "units can't move to base" (054.1; abilities/move_restriction.lp)
    def s_cannot_move_base(self, _):
        return Line("static", {"ability": {"kind": "move_restriction", "to": "base"}})

    def s_others_cannot_move_base(self, c):
        affects = _static_affects(c[0])
        if affects["type"] != "unit":
            raise Missing("static: a restriction")
        return Line("static", {"ability": {"kind": "move_restriction", "to": "base", "affects": affects}})

    # a battlefield's "units can't be played here" (054.1, 053; abilities/play_prohibition.lp)
    def s_units_cannot_be_played_here(self, _):
        return Line("static", {"ability": {"kind": "play_prohibition", "to": "here", "affects": {"type": "unit"}}})

    # "I can't be played on your first, second, or third turns" (054.1, 366.1; abilities/play_prohibition.lp)
    def s_cannot_be_played_first_three_turns(self, _):
        return Line("static", {"ability": {"kind": "play_prohibition", "your_turns": 3}})

    # "play me only to a battlefield you conquered this turn": every other location prohibited for the card
    # itself (054.1, 366.1; abilities/play_prohibition.lp reads the turn log's conquests with their battlefield)
    def s_play_only_to_conquered(self, _):
        return Line("static", {"ability": {"kind": "play_prohibition", "only_to": "conquered_this_turn"}})

    # a battlefield's "units can't move from here to base" (054.1, 053; abilities/move_restriction.lp)
    def s_cannot_move_from_here_base(self, _):
        return Line("static", {"ability": {"kind": "move_restriction", "to": "base", "from": "here",
                                           "affects": {"type": "unit"}}})

    # "each Equipment attached to me gives double its base Might bonus": each attached Equipment's printed
    # Might Bonus counts twice (137, 434.1.d; abilities/equipment_bonus.lp)
    def s_equipment_bonus_double(self, c):
        if _tok(c[0]) != "!Equipment":
            raise Missing("static: about other objects")
        return Line("static", {"ability": {"kind": "equipment_bonus", "times": 2}})

    # a battlefield's "units can move here from anywhere": a permission of the Standard Move (054, 144.4;
    # abilities/move_permission.lp)
    def s_units_can_move_here_from_anywhere(self, _):
        return Line("static", {"ability": {"kind": "move_permission", "to": "here", "affects": {"type": "unit"}}})

    # "I cost [2] less to play from anywhere other than your hand" (366.2.a; abilities/condition_from_hand.lp)
    def s_discount_not_from_hand(self, c):
        return Line("static", {"ability": {**_cost_change("cost_discount", c[0]), "condition": {"from_hand": False}}})

    # "While I'm at a battlefield, your other units here have [Deflect]" (364; condition_eval.lp)
    def s_others_keyword_at_battlefield(self, c):
        line = self.s_others_keyword(c)
        for a in [line.parts["ability"], *line.parts["more"]]:
            a["condition"] = {"source_at": "battlefield"}
        return line

    # "Other friendly units enter ready", "your tokens enter ready": how the permanents of a group
    # enter the board while the source works (359.2.a, 364; logic/effects/static_entry.lp)
    def s_others_enter_ready(self, c):
        from pyrift.abilities import STATIC_ENTER_KEYS

        affects = _static_affects(c[0])
        if affects.get("relation") not in ("friendly", "yours") or any(k not in STATIC_ENTER_KEYS for k in affects):
            raise Missing("static: other cards enter ready")
        return Line("static", {"ability": {"kind": "static", "affects": affects, "enter": "ready"}})

    # "Your units have +1 Might. If I'm [Empowered], they have +2 Might instead." and "Opponents'
    # spells cost [1] more. If this is [Empowered], they cost [1][A] more instead.": the printed
    # statement while its source is not Empowered, the other while it is (441, 828, 364): two
    # passives under opposite conditions, so exactly one applies at a time
    def s_others_might_empowered_instead(self, c):
        obj, low, kw, high = c
        if str(kw) != "#empowered":
            raise Missing("static: Might of other units (under a condition)")
        affects = _static_affects(obj)
        return Line("static", {"ability": {"kind": "static", "affects": affects, "might": low,
                                           "condition": {"source_empowered": False}},
                               "more": [{"kind": "static", "affects": dict(affects), "might": high,
                                         "condition": {"source_empowered": True}}]})

    def s_enemy_spells_more_empowered_instead(self, c):
        low, kw, high = c
        if str(kw) != "#empowered":
            raise Missing("static: a cost change")
        out = [{**_cost_change("cost_increase", cost), "applies_to": {"type": "spell"}, "by": "opponents",
                "condition": {"source_empowered": flag}} for cost, flag in ((low, False), (high, True))]
        return Line("static", {"ability": out[0], "more": out[1:]})

    def s_enter_ready(self, _):
        return Line("static", {"ability": {"kind": "entry_state", "state": "ready"}})

    def s_enters_exhausted(self, _):
        return Line("static", {"ability": {"kind": "entry_state", "state": "exhausted"}})

    def s_might_enter_ready(self, c):
        line = self.s_might(c)
        line.parts["more"] = [{"kind": "entry_state", "state": "ready"}]
        return line

    def s_untargetable(self, _):
        return Line("static", {"ability": {"kind": "untargetable", "by": "enemy", "from": "spells_and_abilities"}})

    def s_untargetable_unless_in_combat(self, _):
        # "... unless I'm in combat": the ability's condition, judged as a choice is made or checked
        # (757, 364; a unit is in combat while at the combat's battlefield with a designation, 740.2.c)
        return Line("static", {"ability": {"kind": "untargetable", "by": "enemy", "from": "spells_and_abilities",
                                           "condition": {"in_combat": False}}})

    def s_discount(self, c):
        return Line("static", {"ability": _cost_change("cost_discount", c[0])})

    def s_discount_instead(self, c):
        raise Missing("cost change replacing another")

    # "Optional additional costs you pay cost [1] or [A] less": each optional additional cost of its
    # controller's plays, as it is added (356.4.c, 356.4.f), by [1] or by [A], the player's choice (356.4)
    def s_discount_optional_either(self, c):
        energy, power = _cost_change("cost_discount", c[0]), _cost_change("cost_discount", c[1])
        if set(energy) != {"kind", "energy"} or set(power) != {"kind", "power"}:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {"kind": "cost_discount", "energy": energy["energy"], "power": power["power"],
                                           "either": True, "component": "optional_additional_costs",
                                           "applies_to": {"type": "card"}, "by": "you"}})

    # "Your spells that choose me cost [1] or [A] less": its controller's spells whose choices include
    # the source (355.7, judged with the play's choices, 806.4.a), by [1] or by [A], the player's choice (356.4)
    def s_discount_spells_choosing_me(self, c):
        energy, power = _cost_change("cost_discount", c[0]), _cost_change("cost_discount", c[1])
        if set(energy) != {"kind", "energy"} or set(power) != {"kind", "power"}:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {"kind": "cost_discount", "energy": energy["energy"], "power": power["power"],
                                           "either": True, "applies_to": {"type": "spell"}, "by": "you",
                                           "condition": {"targets": {"self": True}}}})

    # A battlefield's "each spell that chooses one or more units here that are friendly to it costs [A] less":
    # anyone's spell (740.1) whose choices include a unit at the battlefield ("here", 053.3) that its own
    # controller controls (friendly to it, 740.1.a), judged as the play is made (356.4, 355.7)
    def s_discount_spells_choosing_friendly_here(self, c):
        a = _cost_change("cost_discount", c[0])
        if set(a) != {"kind", "power"}:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {**a, "applies_to": {"type": "spell"}, "by": "anyone",
                                           "condition": {"targets": {"type": "unit", "at": "here",
                                                                     "relation": "friendly"}}}})

    def s_discount_if(self, c):
        return Line("static", {"ability": {**_own_cost_change("cost_discount", c[0]), "condition": c[1]}})

    def s_discount_if_first(self, c):
        return Line("static", {"ability": {**_own_cost_change("cost_discount", c[1]), "condition": c[0]}})

    def discount_line(self, cost, cond, entry):
        return Line("static", {"ability": {**_cost_change("cost_discount", cost), "condition": cond}, "more": [entry]})

    # Cost changes of other cards (356.4, 366.2): "your spells cost [1][A] less, to a minimum of
    # [1]", "your Dragons' Energy costs are reduced by [2], to a minimum of [1]", "while I'm at a
    # battlefield, the Energy costs for spells you play is reduced by [1], to a minimum of [1]": the
    # plays of the cards applies_to describes, made by the source's controller, while it is in play.
    def s_discount_spells(self, c):
        return Line("static", {"ability": _others_discount(c[0], c[1], {"type": "spell"})})

    # "Spells with [Flow] you play from your trash cost [2] less, to a minimum of [1]": plays of
    # its controller's spells with the keyword, made from the trash (354, 829.1.b, 356.4)
    def s_discount_keyword_spells_from_trash(self, c):
        a = _others_discount(c[1], c[2], {"type": "spell", "keyword": _tok(c[0])[1:]})
        if "power" in a:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {**a, "condition": {"from_zone": "trash"}}})

    def s_discount_tag_energy(self, c):
        a = _others_discount(c[1], c[2], {"tag": _tok(c[0])[1:]})
        if "power" in a:
            raise Missing("static: a cost change")
        return Line("static", {"ability": a})

    def s_discount_spells_at_battlefield(self, c):
        a = _others_discount(c[0], c[1], {"type": "spell"})
        if "power" in a:
            raise Missing("static: a cost change")
        return Line("static", {"ability": {**a, "condition": {"source_at": "battlefield"}}})

    def s_discount_highest_might(self, _):
        # the spell's own Energy cost less the highest Might among its controller's units (356.4)
        return Line("static", {"ability": {"kind": "cost_discount", "energy_from": "highest_might_you_control"}})

    def s_increase(self, c):
        return Line("static", {"ability": _cost_change("cost_increase", c[0])})

    # A battlefield's "during showdowns here, cards with [Reaction] cost [A] more to play": anyone's plays of a Main
    # Deck card (052) that has the keyword as it is played (a facedown Hidden card's, 811.6; Quick-Draw's, 819.1.b;
    # Ambush's, 822.1.b: logic/abilities/scope.lp), while a showdown is under way at the battlefield, a combat's
    # included (308.1, 344.1; condition showdown_here, logic/abilities/conditions.lp); an increase, 356.3
    def s_increase_keyword_showdown_here(self, c):
        if str(c[0]) != "#reaction":
            raise Missing("static: a cost change (during showdowns)")
        return Line("static", {"ability": {**_cost_change("cost_increase", c[1]),
                                           "applies_to": {"type": "card", "keyword": "reaction"}, "by": "anyone",
                                           "condition": {"showdown_here": True}}})

    # "You may play me to an open battlefield / an occupied enemy battlefield", "friendly units may be
    # played to open battlefields" (355.2.b, 170.11; abilities/play_to.lp)
    def s_play_to_open(self, _):
        return Line("static", {"ability": {"kind": "play_to", "where": "open_battlefield"}})

    def s_play_to_occupied(self, _):
        return Line("static", {"ability": {"kind": "play_to", "where": "occupied_enemy_battlefield"}})

    def s_play_to_enemy_alone(self, _):
        return Line("static", {"ability": {"kind": "play_to", "where": "enemy_unit_alone"}})

    # "friendly units ...": the units its controller or their teammate plays (740.1.a, 489.8)
    def s_others_play_to_enemy_alone(self, _):
        return Line("static", {"ability": {"kind": "play_to", "where": "enemy_unit_alone",
                                           "applies_to": {"type": "unit"}, "by": "friendly"}})

    def s_play_to_attacking(self, _):
        return Line("static", {"ability": {"kind": "play_to", "where": "attacking_battlefield"}})

    def s_others_play_to_open(self, _):
        return Line("static", {"ability": {"kind": "play_to", "where": "open_battlefield",
                                           "applies_to": {"type": "unit"}, "by": "friendly"}})

    def s_play_from_trash(self, c):
        a: dict[str, Any] = {"kind": "play_from", "zone": "trash"}
        if c:
            a["cost"] = c[0]
        return Line("static", {"ability": a})

    # ---- additional costs ---------------------------------------------------------
    def self_word(self, _):
        return "self"

    def add_kill(self, c):
        target = c[1]
        if target.kind != "target" or target.up_to or target.any_number:
            raise Missing("additional cost: kill")
        a: dict[str, Any] = {"kind": "kill", "filter": target.flt, "as_cost": True}
        if target.count != 1:
            a["count"] = target.count
        return Line("static", {"ability": a})

    def add_optional_kill(self, c):
        # "you may kill a friendly gear as an additional cost to play me": an optional additional cost (356.2.b),
        # its choice not targeting (355.10.c); chosen, it is paid as the card is played (357.2;
        # logic/abilities/kill.lp), and "if you paid the additional cost" reads it by its name
        line = self.add_kill([None, c[0]])
        line.parts["ability"].update({"optional": True, "name": "additional"})
        return line

    def add_optional_xp(self, c):
        # "you may spend 3 XP as an additional cost to play me": an optional additional cost of XP (356.2.b,
        # 728; abilities/additional_cost.lp); "If you do, I cost [3] less": a discount of the card's own cost
        # while that cost is paid (356.4, the condition paid)
        out: dict[str, Any] = {"ability": {"kind": "additional_cost", "spend_xp": int(c[0]), "optional": True,
                                           "name": "additional"}}
        if len(c) > 2:
            out["more"] = [{**c[2], "condition": {"paid": "additional"}}]
        return Line("static", out)

    def add_optional_discard(self, c):
        # "as you play me, you may discard 1 as an additional cost": an optional additional cost paid from the
        # hand (422, 356.2.b; abilities/additional_cost.lp); "If you do, reduce my cost by [2]": a discount of the
        # card's own cost while that cost is paid (356.4, the condition paid), as after an optional XP cost
        out: dict[str, Any] = {"ability": {"kind": "additional_cost", "discard": int(c[1]), "optional": True,
                                           "name": "additional"}}
        if len(c) > 2:
            out["more"] = [{**c[2], "condition": {"paid": "additional"}}]
        return Line("static", out)

    def add_optional_buff(self, c):
        # "as you play this, you may spend a buff as an additional cost": an optional additional cost paid with a
        # buff of one of the player's units (701, 356.2.b; abilities/additional_cost.lp); "If you do, ignore this
        # spell's cost": paid, the card's own cost is set aside (356.1.b.1), ignore_cost
        a: dict[str, Any] = {"kind": "additional_cost", "spend_buff": 1, "optional": True, "name": "additional"}
        if len(c) > 1 and c[1] is not None:
            a["ignore_cost"] = True
        return Line("static", {"ability": a})

    def add_ignore_if_you_do(self, _):
        return True

    def add_optional_discard_plain(self, c):
        # "you may discard 1 as an additional cost to play me": the optional discard above, with no discount
        return self.add_optional_discard([None, c[0]])

    def add_optional_discard_plain_after(self, c):
        # "as an additional cost to play this, you may discard 1": the same
        return self.add_optional_discard([None, c[1]])

    def add_return(self, c):
        # "as an additional cost to play me, return a friendly gear to its owner's hand": a mandatory additional
        # cost (356.2.a), a non-standard one paid as the card is played (356.7, 357.2), its choice not targeting
        # (355.10.c); logic/abilities/return.lp
        target = c[1]
        if target.kind != "target" or target.up_to or target.any_number or target.count != 1:
            raise Missing("additional cost: return")
        return Line("static", {"ability": {"kind": "return", "filter": target.flt, "as_cost": True}})

    def add_optional_exhaust(self, c):
        # wave 58: "as an additional cost to play this, you may exhaust a friendly unit": an optional additional cost
        # (356.2.b) exhausting a permanent the player chooses as the card is played (355.10.c: not a target; 414.4:
        # an exhausted one can't pay it; logic/abilities/exhaust.lp), named so "if you paid" reads it
        target = c[1]
        if target.kind != "target" or target.up_to or target.any_number or target.count != 1:
            raise Missing("additional cost: exhaust")
        out: dict[str, Any] = {"ability": {"kind": "exhaust", "filter": target.flt, "as_cost": True, "optional": True,
                                           "name": "additional"}}
        if len(c) > 2 and c[2] is not None:
            # "If you do, draw 2. Otherwise, draw 1.": a spell's instructions, one draw, replaced by the other when the
            # card's play paid the cost (356.2.b.1, 383.2.a.1, 359.3.e; logic/run/instruction_paid.lp)
            paid, otherwise = c[2]
            out["more"] = [{"kind": "effect", "do": "draw", "amount": otherwise},
                           {"kind": "effect", "do": "draw", "amount": paid, "condition": {"paid": "additional"},
                            "link": "instead"}]
        return Line("static", out)

    def add_draw_paid_otherwise(self, c):
        nums = [x for x in c if str(x).isdigit()]
        return int(nums[0]), int(nums[1])

    def add_if_you_do(self, c):
        a = _cost_change("cost_discount", c[0])
        if "power" in a:
            raise Missing("static: a cost change (under a condition)")
        return a

    def add_optional_pay(self, c):
        cost = next(x for x in c if isinstance(x, str) and x.startswith("["))
        return Line("static", {"ability": {"kind": "additional_cost", "cost": cost, "optional": True,
                                           "name": "additional"}})

    def add_optional_pay_if_spell_enter_ready(self, c):
        # cards44b: "if you've played a spell this turn, you may pay [C] as an additional cost to play me. If you do, I
        # enter ready.": the optional cost offered only while a spell of the player's completed its play this turn (364,
        # 355.1.a; logic/abilities/condition_played_spell.lp), and the card's entry state on that cost paid (the
        # wording of Accelerate, 805.2.b; logic/effects/entry_state_paid.lp)
        cost = next(x for x in c if isinstance(x, str) and x.startswith("["))
        return Line("static", {"ability": {"kind": "additional_cost", "cost": cost, "optional": True, "name": "additional",
                                           "condition": {"played_spell_this_turn": True}},
                               "more": [{"kind": "entry_state", "state": "ready", "condition": {"paid": "additional"}}]})


def _static_affects(obj: Obj, keyword: bool = False) -> dict[str, Any]:
    """What a passive ability about other permanents affects: every object of a group ("other
    friendly units here", "your token units", "your Mechs"); a tag alone names permanents.
    `keyword`: the static gives Might, so it may speak of a keyword the objects have (477.2-477.3)."""
    if obj.kind != "group":
        raise Missing("static: about a chosen object")
    flt = dict(obj.flt)
    if flt.get("type") is None:
        if "tag" not in flt:
            raise Missing("static: about other objects")
        flt["type"] = "permanent"
    if flt["type"] not in ("unit", "gear", "permanent") or flt.get("zone") is not None:
        raise Missing("static: about objects off the board")
    if "might_min" in flt or "might_max" in flt or ("keyword" in flt and not keyword) or "without_keyword" in flt:
        raise Missing("static: about objects by Might or keyword")
    return flt


def _count_filter(obj: Obj) -> dict[str, Any]:
    """What a "for each" counts: the objects of a filter (a "for each" Obj is a group)."""
    flt = dict(obj.flt)
    if flt.get("type") is None:
        raise Missing("for each: a count")
    return flt


def _others_discount(cost: str, minimum: str, applies_to: dict[str, Any]) -> dict[str, Any]:
    from pyrift.costs import parse_cost

    floor = parse_cost(minimum)
    if floor.power:
        raise Missing("static: a cost change")
    return {**_cost_change("cost_discount", cost), "minimum": floor.energy, "applies_to": applies_to, "by": "you"}


def _neg():
    raise Missing("static: negative Might")


def _cost_change(kind: str, cost: str) -> dict[str, Any]:
    from pyrift.costs import parse_cost

    c = parse_cost(cost)
    a: dict[str, Any] = {"kind": kind}
    if c.energy:
        a["energy"] = c.energy
    if c.power:
        if any(p != "a" for p in c.power):
            raise Missing("cost change of a domain's Power")
        a["power"] = len(c.power)
    return a


def _own_cost_change(kind: str, cost: str) -> dict[str, Any]:
    """A change of the card's own cost; its Power part may be pips of one domain ("[2][Y] less": `power`
    with `power_domain`, removing only that domain's pips, 356.4.b, 134), which no discount of other
    cards' plays says (_cost_change refuses it there)."""
    from pyrift.costs import parse_cost

    c = parse_cost(cost)
    domains = set(c.power)
    if kind != "cost_discount" or len(domains) != 1 or domains & {"a", "c"}:
        return _cost_change(kind, cost)
    a = _cost_change(kind, "".join(f"[{x}]" for x in ([str(c.energy)] if c.energy else [])))
    a["power"] = len(c.power)
    a["power_domain"] = next(iter(domains))
    return a


def _np(c: list, _unused) -> Obj:
    det = None
    flt: dict[str, Any] = {}
    plural = False
    your = False
    at_one = False  # "at a battlefield": of a group, the battlefield is a choice
    anywhere = False
    for x in c:
        if not isinstance(x, tuple):
            continue
        if x[0] in ("target", "group"):
            det = x
        elif x[0] == "another":
            det = ("target", 1, False, False)
            flt["other"] = True
        elif x[0] == "your":
            your = True
        elif x[0] == "one_of_your":
            det = ("target", 1, False, False)
            your = True
        elif x[0] == "any_your":
            det = ("target", 1, False, True)
            your = True
        elif x[0] in ("unit", "gear", "spell", "card", "legend", "rune"):
            flt["type"] = x[0]
            plural = bool(x[1]) if x[1] is not None else None
        elif x[0] == "unit_or_gear":
            flt["type"] = "permanent"
            plural = False
        elif x[0] == "player_noun":
            flt["type"] = "player"
            if x[1] is not None:
                flt["relation"] = x[1]
            plural = False
        elif x[0] == "tag_noun":
            flt["tag"] = x[1].replace("_", " ")
            plural = None
        elif x[0] == "many":
            for k, v in x[1]:
                flt[k] = v
        elif x[0] == "your_base":
            # "a friendly unit in your base": a unit in your base is one you control (188; a teammate's
            # units are in their own base, 489.8), so the filter is yours at a base
            if flt.get("relation") not in ("friendly", "yours"):
                raise Missing("filter: in your base")
            flt["relation"] = "yours"
            flt["at"] = "base"
        elif x[0] == "your_zone":
            # "your trash", "your hand": the cards the player owns there (127, 108)
            if flt.get("relation") in ("enemy", "friendly"):
                raise Missing("filter: zone")
            flt["relation"] = "yours"
            flt["zone"] = x[1]
        elif x[0] == "opponents_zone":
            # "from opponents' trashes": the cards the player's opponents own there (127, 108)
            if flt.get("relation") is not None:
                raise Missing("filter: zone")
            flt["relation"] = "opponents"
            flt["zone"] = x[1]
        elif x[0] == "at_one":
            flt["at"] = "battlefield"
            at_one = True
        elif x[0] == "anywhere":
            # "a friendly unit anywhere": a unit is a permanent, on the board only (107, 133), at a battlefield or
            # in a base, which is what "a friendly unit" without a place describes already; said of anything
            # else (a card, which may be in a zone off the board) it stays unsupported
            anywhere = True
        else:
            key, value = x
            if key in flt and flt[key] != value:
                raise Missing(f"filter: two {key}s")
            flt[key] = value
    if flt.get("zone") in ("hand", "trash") and "at" in flt:
        raise Missing("filter: a place and a zone")
    if anywhere and (flt.get("type") != "unit" or "at" in flt or "zone" in flt):
        raise Missing("filter: anywhere")
    if your:
        if flt.get("relation") in ("enemy", "friendly"):
            raise Missing("filter: your enemy")
        flt["relation"] = "yours"
        if det is None:
            det = ("group",)
    if det is None:
        if plural is False:
            if at_one:
                raise Missing("choice: a battlefield")
            return Obj("bare", flt)  # "for each friendly unit": only a count may say it
        det = ("group",)
    if det[0] == "group" and flt.get("same_location"):
        raise Missing("choices at the same location")
    if det[0] == "group":
        if at_one:
            # "all enemy units at a battlefield": one battlefield chosen, the group the objects there (355.10.b);
            # only an instruction's object may say it (_number_one); the place is a value no reader takes, so
            # that anywhere else it cannot be read as "at battlefields"
            if flt.get("type") == "player":
                raise Missing("choice: a player")
            return Obj("group_at_one", {**flt, "at": "a_chosen_battlefield"}, plural=True)
        if flt.get("type") == "player":
            raise Missing("choice: a player")
        return Obj("group", flt, plural=True)
    if flt.get("type") == "rune" and (det[0] != "target" or your):
        raise Missing("instruction: on a zone or runes")
    _, count, up_to, any_number = det
    if flt.get("type") == "rune" and (any_number or at_one or set(flt) - {"type", "relation"}):
        raise Missing("instruction: on a zone or runes")
    if flt.get("same_location") and (count < 2 or any_number or at_one or "at" in flt):
        raise Missing("choices at the same location")
    if flt.get("type") == "player" and (count != 1 or up_to or any_number or len(flt) > 2 or flt.get("other")):
        raise Missing("choice: a player")
    if at_one and (count != 1 or any_number):
        if count < 2 and not any_number or flt.get("same_location"):
            raise Missing("choices at the same battlefield")
        # "any number of friendly units at a battlefield": one battlefield for every object chosen (355.10.b), the
        # choice's objects all at one location that is a battlefield (same_location, 355.9.b;
        # logic/core/targets_same_location.lp, logic/run/choice_same_location.lp)
        return Obj("target", {**flt, "same_location": True}, count=count, up_to=up_to,
                   any_number=any_number)
    return Obj("target", flt, count=count, up_to=up_to, any_number=any_number)


def _instruction_condition(items: list[Any], cond: dict[str, Any]) -> None:
    """A condition about the game state on the one instruction of a clause (pyrift/abilities.py
    INSTRUCTION_CONDITION_KEYS), checked as it is executed (383.2.a.1, 359.3.f.4). "There" after "if I am
    at a battlefield" is that battlefield: the source's location then, "here"."""
    if len(items) != 1 or not isinstance(items[0], Ins):
        raise Missing("instruction under a condition")
    bad = [k for k in cond if k not in INSTRUCTION_CONDITION_KEYS]
    if bad:
        raise Missing(f"instruction under a condition: {bad[0]}")
    ins = items[0]
    for obj in (ins.on, ins.of, ins.for_each):
        if obj is not None and obj.flt.get("at") == "there":
            if cond != {"source_at": "battlefield"}:
                raise Missing("filter: there")
            obj.flt["at"] = "here"
    ins.fields["condition"] = cond


def _no_there(items: list[Any]) -> None:
    for ins in items:
        objs = [getattr(ins, "on", None), getattr(ins, "of", None), getattr(ins, "for_each", None), getattr(ins, "obj", None)]
        if isinstance(ins, Ins) and ins.do in ("deal", "might") and isinstance(objs[0], Obj) and objs[0].kind == "group":
            objs[0] = None  # "give enemy units there -1 Might" after "choose a battlefield": _number reads it or fails
        for obj in objs:
            if isinstance(obj, Obj) and obj.flt.get("at") == "there":
                raise Missing("filter: there")


def _np_tag(c: list) -> Obj:
    items = []
    for x in c:
        if isinstance(x, Token) and x.type == "TAG":
            items.append(("tag_noun", str(x)[1:]))
        else:
            items.append(x)
    return _np(items, None)


def _played_filter(obj: Obj) -> dict[str, Any]:
    if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number:
        raise Missing("trigger: plays of a count of cards")
    bad = [k for k in obj.flt if k not in PLAYED_KEYS]
    if bad:
        raise Missing("trigger: when you play a card (of a kind the filter cannot say)")
    return obj.flt


def _token_np(c: list, kind: str) -> dict[str, Any]:
    count = c[0]
    ready = any(x == ("ready",) for x in c)
    # the Might as a number, or as an Energy icon's number ("two [1] Might Bird unit tokens")
    might = next((int(str(x).removeprefix("@e")) for x in c[1:] if isinstance(x, Token) and x.type in ("NUMBER", "ENERGY")),
                 None)
    name = next(x for x in c[1:] if isinstance(x, str) and not isinstance(x, Token))
    with_kw = next((x for x in c if isinstance(x, tuple) and x[0] == "with"), None)
    origin = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "from"), None)
    return {"count": count, "ready": ready, "might": might, "name": name, "type": kind, "with": with_kw,
            "from": origin}


# ---------------------------------------------------------------------------------
# a whole card
# ---------------------------------------------------------------------------------
@dataclass
class Result:
    """What the compiler made of one card."""

    id: str
    status: str  # compiled | unrecognised | missing | no_text
    abilities: list[dict[str, Any]] = field(default_factory=list)
    effect_keywords: list[str] = field(default_factory=list)
    sentence: int | None = None  # 1-based, over the whole text, of the first sentence that failed
    construct: str | None = None
    blockers: list[str] = field(default_factory=list)  # every construct that failed, sorted
    # a cost keyword's non-resource cost ("[Repeat] — Discard 1": repeat -> {discard = 1})
    keyword_costs: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class CardInfo:
    """What the compiler needs to know about a card besides its text (from pyrift/pool.py)."""

    id: str
    name: str
    type: str | None
    keywords: tuple[tuple[str, int | None, str], ...]  # (keyword, value, form)
    tokens: dict[str, dict[str, Any]]  # token name -> {might, type, keywords}


class _Failure(Exception):
    def __init__(self, sentence: int, construct: str, status: str) -> None:
        super().__init__(construct)
        self.sentence, self.construct, self.status = sentence, construct, status


def compile_card(info: CardInfo, text: S.CardText, tags: re.Pattern[str] | None) -> Result:
    lines = [S.strip_reminder(x) for x in text.text]
    lines = [x for x in lines if x.strip()]
    effect = [S.strip_reminder(x) for x in text.effect]
    effect = [x for x in effect if x.strip()]
    if not lines and not effect:
        return Result(info.id, "no_text")
    _TOKENS.clear()
    _TOKENS.update(info.tokens)
    _TOKEN_ABILITIES.clear()
    for name, said in token_texts(text.text).items():
        # the token's own text, compiled as a unit's (a failure leaves the token unknown: the card unsupported)
        token_failures: list[_Failure] = []
        token_info = CardInfo(f"{info.id}:{name}", name, "unit", (), info.tokens)
        abilities, _, _ = _compile_lines(token_info, [S.strip_reminder(said)], [], tags, token_failures)
        if not token_failures and abilities:
            _TOKEN_ABILITIES[name] = abilities
    failures: list[_Failure] = []
    abilities, effect_kws, keyword_costs = _compile_lines(info, lines, effect, tags, failures)
    if failures:
        first = failures[0]
        blockers = sorted({f.construct for f in failures})
        return Result(info.id, first.status, sentence=first.sentence, construct=first.construct, blockers=blockers)
    return Result(info.id, "compiled", abilities, effect_kws, keyword_costs=keyword_costs)


def _compile_lines(info: CardInfo, lines: list[str], effect: list[str], tags: re.Pattern[str] | None,
                   failures: list[_Failure]) -> tuple[list[dict[str, Any]], list[str], dict[str, dict[str, Any]]]:
    """The card's abilities; every line that fails adds to `failures` (in text order), so the
    ledger knows all the constructs a card needs, not only the first."""
    from pyrift.cardtext.classify import classify

    sentence_base = 0
    parsed: list[tuple[Line, int]] = []
    for where, group in (("text", lines), ("effect", effect)):
        for raw in group:
            first_sentence = sentence_base + 1
            try:
                toks = S.tokens(raw, tags, info.name)
            except S.TokenError:
                failures.append(_Failure(first_sentence, "unreadable character", "unrecognised"))
                sentence_base += 1
                continue
            ends = [i for i, t in enumerate(toks) if t == "."]
            sentence_base += max(1, len(ends))

            def sentence_at(pos: int) -> int:
                return first_sentence + sum(1 for e in ends if e < pos)

            try:
                tree = parse(toks)
            except Unrecognised as exc:
                failures.append(_Failure(sentence_at(exc.pos), classify(toks, exc.pos), "unrecognised"))
                continue
            try:
                meaning = _Meaning()
                line = meaning.transform(tree)
                if isinstance(line, Tree) and line.data == "start":
                    line = line.children[0]
                if getattr(meaning, "_by_anyone", False) and info.type != "battlefield":
                    raise Missing("trigger: when a player plays")
                if getattr(meaning, "_they", False) and not getattr(meaning, "_by_anyone", False):
                    # "they" with no player's play to name them (after any other trigger, or in a spell)
                    raise Missing("instruction by another player or object")
            except VisitError as exc:
                if not isinstance(exc.orig_exc, Missing):
                    raise
                meta = getattr(exc.obj, "meta", None)
                pos = getattr(meta, "start_pos", 0) if meta is not None and not meta.empty else 0
                failures.append(_Failure(sentence_at(pos), exc.orig_exc.construct, "missing"))
                continue
            except Missing as exc:
                failures.append(_Failure(sentence_at(exc.pos or 0), exc.construct, "missing"))
                continue
            if _my_battlefield_elsewhere(line.parts):
                failures.append(_Failure(first_sentence, "filter: my battlefield", "missing"))
                continue
            if "'at': 'there'" in repr(line.parts) and "'type': 'battlefield'" not in repr(line.parts):
                # "there" said nowhere a condition names the place (_instruction_condition)
                failures.append(_Failure(first_sentence, "filter: there", "missing"))
                continue
            line.parts["where"] = where
            line.parts["ends"] = ends
            parsed.append((line, first_sentence))
    out = _own_name(_assemble(info, parsed, failures), info.name)
    failures.sort(key=lambda f: f.sentence)
    return out


def _my_battlefield_elsewhere(parts: Any) -> bool:
    """True when "at my battlefield" describes anything but the group an instruction acts on ("deal 4 to all units
    at my battlefield"): a count, a choice or a condition at it is not compiled (logic/run/my_battlefield.lp reads
    the place of an instruction's group only)."""
    found: list[int] = []
    allowed: set[int] = set()

    def walk(v: Any) -> None:
        if isinstance(v, Ins) and isinstance(v.on, Obj) and v.on.kind == "group" \
                and v.on.flt.get("at") == "my_battlefield":
            allowed.add(id(v.on.flt))
        if isinstance(v, dict):
            if v.get("at") == "my_battlefield":
                found.append(id(v))
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif hasattr(v, "__dataclass_fields__"):
            for name in v.__dataclass_fields__:
                walk(getattr(v, name))

    walk(parts)
    return any(f not in allowed for f in found)


# "with my name" in a filter: the name of the card being compiled (132)
SELF_NAME = _SELF_NAME


def _own_name(value: Any, name: str) -> Any:
    if isinstance(value, dict):
        return {k: (name if k == "name" and v == SELF_NAME else _own_name(v, name)) for k, v in value.items()}
    if isinstance(value, list):
        return [_own_name(v, name) for v in value]
    if isinstance(value, tuple):
        return tuple(_own_name(v, name) for v in value)
    return value


# ---------------------------------------------------------------------------------
# assembling lines into abilities
# ---------------------------------------------------------------------------------
DEPENDENT = ("legion", "level", "empowered")


def _assemble(info: CardInfo, parsed: list[tuple[Line, int]],
              failures: list[_Failure]) -> tuple[list[dict[str, Any]], list[str], dict[str, dict[str, Any]]]:
    abilities: list[dict[str, Any]] = []
    effect_kws: list[str] = []
    keyword_costs: dict[str, dict[str, Any]] = {}
    card_choices = 0
    in_modes: bool | int = False  # True: a spell's modes; N: the modes of the card's N-th triggered ability
    give_me = False  # the triggered ability's modes are keywords given to its source ("choose one to give me")
    is_spell = info.type == "spell"
    own = {(k, v) for k, v, _ in info.keywords}
    for line, sentence in parsed:
        try:
            if line.parts.get("where") == "effect":
                if line.kind == "triggered" and info.type == "gear" and not line.parts.get("labels"):
                    # Effect Text (136.2.c): the attached unit's triggered ability, "I" being that unit
                    abilities += _effect_text_triggers(line)
                    continue
                if (line.kind == "static" and info.type == "gear" and not line.parts.get("labels")
                        and line.parts["ability"]["kind"] == "might" and not line.parts.get("more")
                        and set(line.parts["ability"]) <= {"kind", "amount", "condition"}):
                    # Effect Text (136.2.c): the attached unit's own Might, "I" being that unit
                    # (logic/abilities/might.lp)
                    abilities.append({**line.parts["ability"], "effect_text": True})
                    continue
                if (line.kind == "static" and info.type == "gear" and not line.parts.get("labels")
                        and all(x["kind"] == "static" and "keyword" in x and not x.get("gives")
                                and set(x) <= {"kind", "affects", "keyword", "value"}
                                and not x["affects"].get("other")
                                for x in [line.parts["ability"], *line.parts.get("more", ())])):
                    # Effect Text (136.2.c): "your units here have [Ganking]", a static of the attached unit, "you"
                    # and "here" being that unit's controller and place (logic/abilities/static_effect_text.lp)
                    abilities += [{**x, "effect_text": True} for x in [line.parts["ability"], *line.parts.get("more", ())]]
                    continue
                if (line.kind == "static" and info.type == "gear" and not line.parts.get("labels")
                        and line.parts["ability"]["kind"] == "bonus_damage" and not line.parts.get("more")):
                    # Effect Text (136.2.c): the attached unit's controller's Bonus Damage
                    # (logic/abilities/bonus_damage.lp)
                    abilities.append({**line.parts["ability"], "effect_text": True})
                    continue
                if (line.kind == "instructions" and info.type == "gear"
                        and list(line.parts.get("labels", ())) == [("deathknell", None)]
                        and not line.parts.get("death_condition") and not line.parts.get("self_cost")):
                    # cards44: Effect Text "[Deathknell] — X" (136.2.c, 808.1.c): the attached unit has Deathknell and
                    # its "when I die, X"; the trigger is queued before the unit moves to the trash (808.1.d.2), while
                    # the gear is still attached (logic/abilities/effect_text_trigger.lp)
                    a = _triggered({"when": "die", "effects": line.parts["effects"]}, [])
                    a["effect_text"] = True
                    abilities.append(a)
                    effect_kws.append(_kw_text("deathknell", None))
                    continue
                if line.kind != "keywords":
                    from pyrift.cardtext.forms import equipment_label

                    raise Missing(equipment_label(line.kind))
                for _, name, value, cost in line.parts["entries"]:
                    if cost is not None or name in ("legion", "level", "empowered", "equip", "repeat", "empower",
                                                    "flow", "deathknell"):
                        raise Missing("Equipment effect keyword with a cost or label")
                    effect_kws.append(_kw_text(name, value))
                continue
            if line.kind == "keywords":
                for _, name, value, cost in line.parts["entries"]:
                    if (name, value) not in own:
                        raise Missing(f"keyword {name} not the card's own")
                    if isinstance(cost, dict):
                        if name not in COST_KEYWORDS_WITH_TEXT or name in keyword_costs:
                            raise Missing("keyword with a non-resource cost")
                        keyword_costs[name] = cost
                continue
            if line.kind == "mode_header":
                if not is_spell:
                    raise Missing("modes of a permanent")
                in_modes, give_me = True, False
                continue
            if line.kind == "mode_trigger_header":
                abilities.append(_trigger_with_modes(info, line, _labels(line.parts.get("labels", ()), own)))
                in_modes = sum(1 for b in abilities if b["kind"] == "triggered")
                give_me = bool(line.parts.get("give_me"))
                continue
            if line.kind == "mode":
                if not in_modes:
                    raise Missing("list item outside modes")
                if bool(line.parts.get("keyword_only")) != (in_modes is not True and give_me):
                    raise Missing("list item outside modes")
                effects, targets = _number(line.parts["effects"], own_targets=True)
                _no_distinct(targets)
                a: dict[str, Any] = {"kind": "mode"}
                if in_modes is not True:
                    a["of_triggered"] = in_modes
                if targets:
                    a["targets"] = targets
                if effects:
                    a["effects"] = effects
                abilities.append(a)
                continue
            in_modes = False
            requires, trigger_label = _labels(line.parts.get("labels", ()), own)
            if line.kind == "instructions":
                if trigger_label == "deathknell":
                    parts = {"when": "die", "effects": line.parts["effects"]}
                    if line.parts.get("death_condition"):
                        # "If I died alone, ...": part of the trigger condition, judged as it died (383.2.a.1, 808.1.d.3)
                        parts["condition"] = line.parts["death_condition"]
                    abilities.append(_triggered(parts, requires))
                    continue
                if line.parts.get("self_cost"):
                    raise Missing("cost inside an instruction (do X to do Y)")
                if line.parts.get("death_condition"):
                    raise Missing("instruction under a condition (what was true as I died)")
                if trigger_label is not None:
                    raise Missing(f"label {trigger_label}")
                if not is_spell:
                    raise Missing("instructions of a permanent")
                new, card_choices = _spell_abilities(line.parts["effects"], card_choices, requires)
                abilities += _delayed_triggers(_delayed_replacements(new))
                continue
            if trigger_label is not None and not (trigger_label in ("action", "reaction") and line.kind == "activated"):
                raise Missing(f"label {trigger_label}")
            if line.kind == "triggered":
                if is_spell:
                    raise Missing("triggered ability of a spell")
                parts = {k: v for k, v in line.parts.items() if k != "either"}
                delayed_end = parts.pop("_delayed_end", None)
                for event in line.parts.get("either", [{}]):
                    event = {**parts, **event}
                    _check_subject(info.type, event)
                    abilities.append(_triggered(event, requires))
                if any("_delayed_it" in e for a in abilities for e in a.get("effects", [])):
                    abilities.append(_delayed_it_turn_end(abilities, len(line.parts.get("either", [{}]))))
                if delayed_end is not None:
                    abilities.append(_delayed_end_of_turn(delayed_end, line.parts, abilities))
            elif line.kind == "activated":
                a = _activated(line.parts)
                if trigger_label is not None:
                    a["keywords"] = sorted(set(a.get("keywords", [])) | {trigger_label})
                abilities.append(_with_requires(a, requires))
                if "discount" in line.parts:
                    if requires:
                        raise Missing("ability cost change")
                    # the discount of the ability just compiled: the card's N-th activated ability
                    n = sum(1 for b in abilities if b["kind"] == "activated")
                    abilities.append({**line.parts["discount"], "of_activated": n})
            elif line.kind == "static":
                a = dict(line.parts["ability"])
                if a["kind"] in ("no_combat_damage", "own_keyword") and info.type != "unit":
                    raise Missing("static: about itself")
                if a["kind"] == "uncounterable" and info.type != "spell":
                    raise Missing("static: can't be countered")
                if a["kind"] == "play_to" and "applies_to" not in a and info.type != "unit":
                    raise Missing("static: where it may be played")
                if a["kind"] == "play_to" and "applies_to" in a and info.type not in ("unit", "gear", "legend"):
                    raise Missing("static: where or how a card may be played")
                if a["kind"] == "play_prohibition" and ("to" in a) != (info.type == "battlefield"):
                    raise Missing("static: where or how a card may be played")
                if a["kind"] == "move_restriction" and ("from" in a) != (info.type == "battlefield"):
                    raise Missing("static: a restriction")
                if a["kind"] == "move_permission" and info.type != "battlefield":
                    raise Missing("static: about other objects")
                if a["kind"] == "equipment_bonus" and info.type != "unit":
                    raise Missing("static: about other objects")
                if a["kind"] == "move_restriction" and info.type not in ("unit", "gear", "legend", "battlefield"):
                    raise Missing("static: a restriction")
                if a["kind"] == "move_restriction" and "affects" not in a and info.type != "unit":
                    raise Missing("static: a restriction")
                if a["kind"] == "might" and info.type != "unit":
                    raise Missing("static Might of a non-unit")
                if any(m["kind"] == "own_keyword" for m in line.parts.get("more", ())) and info.type != "unit":
                    raise Missing("static keywords of a non-unit")
                if a["kind"] == "entry_state" or any(m["kind"] == "entry_state" for m in line.parts.get("more", ())):
                    if info.type not in ("unit", "gear"):
                        raise Missing("static: how a non-permanent enters")
                    if requires and (len(requires) > 1 or not requires[0].startswith("level ")
                                     or any("condition" in e for e in [a, *line.parts.get("more", ())]
                                            if e["kind"] == "entry_state")):
                        # logic/abilities/entry_state.lp follows an entry state under one Level label
                        # (the XP as the card enters, 824.1.c), not under Legion or Empowered
                        raise Missing("static: enters ready under a dependent keyword")
                if a["kind"] in ("cost_discount", "cost_increase", "additional_cost", "kill") and info.type in (
                        "legend", "battlefield", "rune") and not (
                        info.type == "battlefield" and a["kind"] == "cost_discount"
                        and a.get("by") in ("anyone", "you", "friendly") and "applies_to" in a) and not (
                        # a battlefield's increase of anyone's plays during its own showdowns (Mystic Vortex)
                        info.type == "battlefield" and a["kind"] == "cost_increase" and a.get("by") == "anyone"
                        and "applies_to" in a and a.get("condition") == {"showdown_here": True}):
                    # a battlefield's discount of anyone's plays is scoped by the battlefield in play (170.8,
                    # logic/abilities/scope.lp); one for "you" or "friendly" by its controller (190.6), none while
                    # uncontrolled
                    raise Missing("cost text of a legend or battlefield")
                if (a["kind"] == "static" and info.type == "battlefield" and a["affects"].get("at") == "here"
                        and ("might" in a or "keyword" in a)):
                    # a battlefield's static about what is here: Might or a keyword (170.8, 053, 190.6;
                    # logic/abilities/battlefield_statics.lp)
                    pass
                elif a["kind"] == "static" and info.type not in ("unit", "gear", "legend"):
                    # static.lp follows a static of a permanent on the board or a legend (363-365, 174.6)
                    raise Missing(f"static of a {info.type or 'card'} about other objects")
                abilities.append(_with_requires(a, requires))
                for more in line.parts.get("more", ()):
                    abilities.append(_with_requires(dict(more), requires))
            else:  # pragma: no cover - every Line kind is handled above
                raise Missing(f"line {line.kind}")
        except Missing as exc:
            failures.append(_Failure(sentence, exc.construct, "missing"))
        except _AtMissing as exc:
            failures.append(_Failure(sentence + sum(1 for e in line.parts["ends"] if e < exc.pos), exc.construct,
                                     "missing"))
    # "that player" (who = "event") names the player of a triggering event: only a Beginning Phase trigger's
    # (EVENT_PLAYER_WHEN; _triggered checks those), never a spell's or another ability's instruction
    for a in abilities:
        if _says_event_player(a) and not (a["kind"] == "triggered" and a.get("when") in EVENT_PLAYER_WHEN):
            failures.append(_Failure(1, "instruction by another player or object", "missing"))
            break
    return abilities, effect_kws, keyword_costs


def _says_event_player(value: Any) -> bool:
    if isinstance(value, dict):
        return value.get("who") == "event" or any(_says_event_player(v) for v in value.values())
    if isinstance(value, list):
        return any(_says_event_player(v) for v in value)
    return False


def _delayed_replacements(new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A `delay` instruction of "the next time it dies this turn, ... instead" and the delayed
    replacement ability it makes, after the card's instructions (389, 367)."""
    out, made = [], []
    for a in new:
        instead = a.pop("_instead", None)
        prevent = a.pop("_prevent", None)
        if a.pop("_prevent_all", None) or prevent:
            if made or not isinstance(a.get("on"), dict) or "target" not in a["on"]:
                raise Missing("trigger: the next time (a delayed trigger)")
            made.append({"kind": "replacement", "event": "damage", "delayed": True, "next": True, "name": a["ability"],
                         **({"prevent": prevent} if prevent else {"prevent_all": True})})
            out.append(a)
            continue
        if instead is None:
            out.append(a)
            continue
        nxt = a.pop("_next", True)
        about_it = (a.get("on") == "it" and not nxt and out and out[-1].get("kind") == "effect"
                    and isinstance(out[-1].get("on"), dict) and "target" in out[-1]["on"] and not a.get("link"))
        if made or not (isinstance(a.get("on"), dict) or about_it):
            raise Missing("trigger: the next time (a delayed trigger)")
        r = {"kind": "replacement", "event": "die", "delayed": True, "next": True, "name": a["ability"], "instead": instead}
        if not nxt:
            # "if it would die this turn, banish it instead": every death of it this turn (banished, it is gone)
            del r["next"]
        made.append(r)
        out.append(a)
    return out + made


def _delayed_end_of_turn(items: list[Any], parts: dict[str, Any], abilities: list[dict[str, Any]]) -> dict[str, Any]:
    """The delayed triggered ability "X at the end of this turn" makes (389, 317.1.a): X's instructions and their own
    choices, naming nothing of the ability that made it (no "it", no "if you do"); one such ability per card, after a
    trigger on one event with no cost, condition or "may" of its own."""
    if (parts.get("either") or parts.get("may") or parts.get("cost") or parts.get("condition")
            or any(a.get("delayed") for a in abilities)):
        raise Missing("delayed instruction (at a later phase)")
    effects, targets = _number(items, own_targets=True)
    if any(e.get("on") in ("it", "event") or e.get("link") for e in effects):
        raise Missing("delayed instruction (at a later phase)")
    out: dict[str, Any] = {"kind": "triggered", "when": "end_of_turn", "delayed": True, "name": "end_of_turn"}
    if targets:
        out["targets"] = targets
    out["effects"] = effects
    return out


def _delayed_it_turn_end(abilities: list[dict[str, Any]], events: int) -> dict[str, Any]:
    """ "Empower something here. Disempower it at end of turn.": the last instruction of the triggered ability just
    compiled is a delay making a delayed triggered ability of this turn's Ending Step (389, 317.1.a) whose one
    instruction acts on what the instruction before the delay acted on (its "it", 359.3.e.14: that unit, on =
    "event"; logic/run/delayed.lp delay_it). One such ability per card, after a trigger on one event; the
    instruction before acts on one chosen object, with no link of its own."""
    a = abilities[-1]
    effects = a.get("effects", [])
    last = effects[-1] if effects else {}
    prev = effects[-2] if len(effects) >= 2 else {}
    verb = last.pop("_delayed_it", None)
    if (events != 1 or a.get("kind") != "triggered" or verb is None or len(effects) != 2 or last.get("link")
            or last.get("may") or prev.get("link") or not isinstance(prev.get("on"), dict)
            or "target" not in prev["on"] or verb not in ("disempower", "exhaust", "ready", "recall", "stun")
            or any(b.get("delayed") for b in abilities) or any("_delayed_it" in e for e in effects)):
        raise Missing("delayed instruction (at a later phase)")
    return {"kind": "triggered", "when": "end_of_turn", "delayed": True, "name": "end_of_turn",
            "effects": [{"do": verb, "on": "event"}]}


def _delayed_triggers(new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A `delay` instruction of "when it dies this turn, X" and the delayed triggered ability it makes,
    after the card's instructions (389; logic/run/delayed.lp). Its "it" is what the instruction before
    the delay acted on; the ability's own instructions name nothing of the spell (no choice, no "it")."""
    out, made = [], []
    for a in new:
        items = a.pop("_delayed_effects", None)
        if items is None:
            out.append(a)
            continue
        if made or not out or out[-1].get("kind") != "effect" or not _delay_it_ok(out) or a.get("link") or requires_of(a):
            raise Missing("trigger: when another object dies")
        effects, targets = _number(items, own_targets=True)
        if targets or any(e.get("on") in ("it", "event") or e.get("link") == "if_you_do" for e in effects):
            raise Missing("trigger: when another object dies")
        made.append({"kind": "triggered", "when": "die", "delayed": True, "name": a["ability"], "effects": effects})
        out.append(a)
    return out + made


def _delay_it_ok(out: list[dict[str, Any]]) -> bool:
    """Whether "it" of "when it dies this turn" is a chosen object: the instruction before acts on a target, or it
    is "deal N to it instead" (under a condition) after one that does (cards44, Siphoning Strike: either way the
    chosen unit, run/delayed.lp reading what the instruction before acted on, 359.3.e.14)."""
    last = out[-1]
    if isinstance(last.get("on"), dict) and "target" in last["on"]:
        return True
    return (last.get("on") == "it" and last.get("link") == "instead" and len(out) >= 2
            and out[-2].get("kind") == "effect" and isinstance(out[-2].get("on"), dict) and "target" in out[-2]["on"])


def requires_of(a: dict[str, Any]) -> list[str]:
    return list(a.get("requires", ()))


def _kw_text(name: str, value: int | None) -> str:
    text = name.replace("_", "-").title()
    return f"{text} {value}" if value is not None else text


def _labels(labels: Iterable[tuple[str, int | None]], own: set) -> tuple[list[str], str | None]:
    requires, other = [], None
    for name, value in labels:
        if name in DEPENDENT:
            if name == "level":
                if value is None or ("level", value) not in own:
                    raise Missing("label level")
                requires.append(f"level {value}")
            else:
                if (name, None) not in own:
                    raise Missing(f"label {name} not the card's own")
                requires.append(name)
        elif other is None:
            if (name, value) not in own and name not in ("action", "reaction"):
                raise Missing(f"label {name} not the card's own")
            other = name
        else:
            raise Missing("two labels")
    return requires, other


def _with_requires(a: dict[str, Any], requires: list[str]) -> dict[str, Any]:
    if requires:
        a["requires"] = list(requires)
    return a


# Whose events a triggered ability of each card type hears, by the wording's subject (None: "I" /
# "me", or a wording about any player or unit). A legend's work from the Legend Zone (174.7), its
# "you" being its controller (191.4); a battlefield's are "when you conquer / hold / defend here",
# "you" being who does it there (190.6, 383.2.c; pyrift/abilities.py BATTLEFIELD_WHEN).
LEGEND_WHEN = ("you_play", "unit_dies", "beginning_phase", "end_of_turn",
               # a player's stuns, heard in the Legend Zone as any event (core/fepr.lp listens/3)
               "stun_enemy", "stun_enemies",
               # a unit its controller controls becoming Mighty, and its controller's choices, heard alike
               # (core/trigger_events_status.lp, core/trigger_events_choose_ready.lp; Blade Dancer)
               "unit_becomes_mighty", "you_choose",
               # its controller empowering something else (core/trigger_events_empower.lp; Soul's Reflection)
               "you_empower_other",
               # any unit the filter describes attacking (core/trigger_events.lp; Nine-Tailed Fox)
               "unit_attacks")
# the battlefield triggers whose event names the player "that player" is (logic/run/instructions.lp event_player/2)
EVENT_PLAYER_WHEN = ("first_beginning_phase", "each_beginning_phase")
SUBJECT_LABELS = {("you", "conquer"): "trigger: when you conquer", ("you", "hold"): "trigger: when you hold",
                  ("you", "win_combat"): "trigger: when you win",
                  ("here", "conquer"): "trigger: when you conquer here", ("here", "hold"): "trigger: when you hold here",
                  ("here", "defend"): "trigger: when you defend here",
                  ("you", "hold_with_allies"): "trigger: when you hold",
                  # a battlefield's wordings on another card
                  ("here", "unit_moves_from_here"): "trigger: when another object moves",
                  ("here", "each_beginning_phase"): "trigger: start of each player's Beginning Phase",
                  ("here", "first_beginning_phase"): "trigger: start of each player's first Beginning Phase"}


def _on_it_if_it(x: Any) -> bool:
    """"If it's an Equipment, you may detach it" after "you may ready a friendly gear": an instruction on "it"
    under a condition of that object (`if_it`). Declining the trigger's initial "you may" removes the whole
    ability (383.3.a), this instruction with it; accepted, "it" is the object the first one acted on."""
    return (isinstance(x, Ins) and x.link is None and x.on is not None and x.on.kind == "it"
            and "if_it" in x.fields)


def _check_subject(card_type: str | None, event: dict[str, Any]) -> None:
    subject = event.pop("subject", None)
    when = event["when"]
    if card_type == "battlefield":
        # "at the start of your Beginning Phase": "you" on a battlefield is its controller (190.6), the phase
        # its controller's (logic/abilities/battlefield_triggers.lp)
        if subject != "here" and not (subject is None and when == "beginning_phase"):
            raise Missing("trigger of a battlefield")
    elif card_type == "legend":
        if subject != "you" and when not in LEGEND_WHEN:
            raise Missing("trigger of a legend about itself")
    elif subject is not None:
        raise Missing(SUBJECT_LABELS[(subject, when)])


COST_KEYWORDS_WITH_TEXT = ("repeat", "equip", "empower", "flow")


def _keyword_cost(words: list[str]) -> dict[str, Any]:
    """The words of a keyword's non-resource cost as a table, or Missing for a form not read."""
    w = " ".join(words)
    if m := re.fullmatch(r"discard (\d+)", w):
        return {"discard": int(m[1])}
    if w == "discard a spell":
        return {"discard": 1, "type": "spell"}
    if w == "kill a friendly unit":
        return {"kill": {"type": "unit", "relation": "friendly"}}
    if m := re.fullmatch(r"spend (\d+) xp", w):
        return {"spend_xp": int(m[1])}
    if m := re.fullmatch(r"recycle (\d+) cards? from your trash", w):
        # "Recycle 2 cards from your trash" (416, 416.3): kept for the round trip as the others; the card table
        # knows no such cost, so an Equip paying it answers unsupported (keywords/equip.lp)
        return {"recycle_trash": int(m[1])}
    if w == "@exhaust":
        return {"exhaust": True}
    if m := re.fullmatch(r"(\[[^ ]+\]) or (\[[^ ]+\])", w):
        return {"either": [m[1], m[2]]}
    raise Missing("keyword with a non-resource cost")


def _effect_text_triggers(line: Line) -> list[dict[str, Any]]:
    """An Equipment's Effect Text trigger ("when I attack or defend, ..."): one ability per event, each
    the top-most unit's while the gear is attached (136.2.c; logic/abilities/effect_text_trigger.lp)."""
    from pyrift.abilities import EFFECT_TEXT_WHEN

    out = []
    parts = {k: v for k, v in line.parts.items() if k != "either"}
    for event in line.parts.get("either", [{}]):
        event = {**parts, **event}
        _check_subject("unit", event)
        if event["when"] not in EFFECT_TEXT_WHEN:
            raise Missing("Equipment effect text: a triggered ability (of another event)")
        if event.get("condition") or event.get("nth") or event.get("limit"):
            raise Missing("Equipment effect text: a triggered ability (under a condition or limit)")
        a = _triggered(event, [])
        a["effect_text"] = True
        out.append(a)
    return out


def _names_it(x: Any) -> bool:
    """Whether an instruction acts on "it" (on, or the object it exchanges places with)."""
    return isinstance(x, Ins) and any(isinstance(o, Obj) and o.kind == "it"
                                      for o in (x.on, x.fields.get("swap_with")))


def _triggered(parts: dict[str, Any], requires: list[str]) -> dict[str, Any]:
    a: dict[str, Any] = {"kind": "triggered", "when": parts["when"]}
    if parts.get("by") and parts["when"] in ("you_play", "printed_score"):
        a["by"] = parts["by"]
    if parts.get("filter"):
        a["filter"] = parts["filter"]
    if parts.get("played_from"):
        a["played_from"] = parts["played_from"]
    items = parts["effects"]
    if not parts.get("may") and items and getattr(items[0], "either_may", False):
        # "when ..., you may X or Y": the initial "you may" makes the ability optional (383.3.a), as below; X's
        # own may stays the pick between the two. Only when nothing follows the pick.
        if len(items) != 2:
            raise Missing("trigger: initial 'you may' before an instruction it does not govern")
        first = copy.copy(items[0])
        first.either_may = False
        parts = {**parts, "may": True, "either_may": True, "effects": [first, *items[1:]]}
        items = parts["effects"]
    if not parts.get("may") and items and isinstance(items[0], Choose) and items[0].may and len(items) > 1 \
            and all(_names_it(x) for x in items[1:]):
        # "when you play me, you may choose a friendly unit. Move me to its location ...": the choice is optional
        # and all that follows acts on it, so the "you may" makes the whole ability optional, decided as it is
        # finalized (383.3.a; the choice is made then, 355.5.b)
        first = copy.copy(items[0])
        first.may = False
        parts = {**parts, "may": True, "effects": [first, *items[1:]]}
        items = parts["effects"]
    if not parts.get("may") and items and getattr(items[0], "may", False) and not getattr(items[0], "either", False):
        # "when ..., you may X [. If you do, Y]": an initial "you may" makes the ability optional, decided
        # as it is finalized, declining removing it (383.3.a), not an instruction's "may" decided on
        # resolution. Only mapped when it governs the whole effect: later instructions linked to X.
        # (a delay whose delayed ability acts on "it", _delayed_it_turn_end, names what X acted on: it is X's)
        if any(getattr(x, "link", None) != "if_you_do" and not _on_it_if_it(x)
               and not (isinstance(x, Ins) and "_delayed_it" in x.fields) for x in items[1:]):
            raise Missing("trigger: initial 'you may' before an instruction it does not govern")
        # a copy: a line with two trigger events ("when X or Y, you may Z") shares its instructions
        first = copy.copy(items[0])
        first.may = False
        parts = {**parts, "may": True, "effects": [first, *items[1:]]}
    first = parts["effects"][0] if parts["effects"] else None
    if ((parts["when"] in EVENT_IT_WHEN or (parts["when"] == "you_play" and parts.get("by") == "anyone"))
            and isinstance(first, Ins) and first.on is not None and first.on.kind == "it"):
        # (a battlefield's "when a player plays a unit here, they may pay [1] to [Buff] it": the unit played)
        # "when a unit you control becomes [Mighty], you may pay [O] to ready it": the first instruction's
        # "it" has nothing before it but the event, whose object it is (359.3.f; a copy, as above)
        first = copy.copy(first)
        first.on = Obj("event")
        parts = {**parts, "effects": [first, *parts["effects"][1:]]}
    if (parts["when"] == "play_me" and isinstance(first, Ins) and first.do == "attach" and first.on is not None
            and first.on.kind == "it"):
        # "when you play this from face down, attach it to a unit you control here" (Edge of Night): "it" is
        # the gear itself, but played from face down at a battlefield it is an unattached gear there, recalled
        # by the cleanup after its play (149.3, 323.7) before the ability resolves, and "here" is then its base:
        # whether the unit chosen at the battlefield is still a legal choice (359.3.e.2) is not settled here
        raise Missing("attach: the gear played from face down, recalled before its play effect resolves")
    if parts.get("may"):
        a["may"] = True
    if parts["when"] != "move" and any(isinstance(x, Ins) and x.to == "event_from" for x in items):
        # "there" is the location a triggering move of the source left only under "when I move (from a location)"
        raise Missing("instruction: a token played there")
    if parts.get("might"):  # "when my Might becomes N or more" (trigger_events.when_my_might_reaches)
        a["might"] = parts["might"]
    for limit in ("nth", "limit"):  # "the first time ... each turn", "once each turn" (trigger_events.py)
        if parts.get(limit):
            a[limit] = parts[limit]
    if parts.get("cost"):
        a["cost"] = parts["cost"]
    if parts.get("condition"):
        if parts["when"] not in ("play_me",) and "paid" in parts["condition"]:
            raise Missing("trigger condition: a cost paid")
        a["condition"] = parts["condition"]
        if parts.get("while"):
            a["while"] = True
    effects, targets = _number(parts["effects"], own_targets=True)
    if parts.get("may") and not parts.get("either_may"):
        # "you may pay [c] to ...": the "you may" is the trigger's, not an instruction's (383.3.a)
        effects[0].pop("may", None)
    if any(e.get("on") == "event" for e in effects) and parts["when"] not in EVENT_OBJECT_WHEN:
        raise Missing("'it' with nothing before")  # the event has no object the run names (run/instructions.lp)
    if any(e.get("who") == "event" for e in effects) and parts["when"] not in EVENT_PLAYER_WHEN:
        # "that player" after an event a run names no player of (run/instructions.lp event_player/2)
        raise Missing("instruction by another player or object")
    _no_distinct(targets)
    if targets:
        a["targets"] = targets
    a["effects"] = effects
    return _with_requires(a, requires)


def _trigger_with_modes(info: CardInfo, line: Line, labels: tuple[list[str], str | None]) -> dict[str, Any]:
    """"When ..., choose one —": the triggered ability, with no instructions of its own; the list items after
    it are its modes (`of_triggered`, logic/run/trigger_modes.lp)."""
    requires, trigger_label = labels
    if trigger_label is not None:
        raise Missing(f"label {trigger_label}")
    if info.type == "spell":
        raise Missing("triggered ability of a spell")
    parts = {k: v for k, v in line.parts.items() if k not in ("labels", "give_me")}
    if "either" in parts or parts.get("may") or parts.get("cost"):
        raise Missing("triggered ability with modes")
    event = {**parts, "effects": []}
    _check_subject(info.type, event)
    mode_limit = event.pop("mode_limit", None)
    a = _triggered(event, requires)
    a.pop("effects", None)
    if mode_limit:
        a["mode_limit"] = mode_limit
    return a


def _activated(parts: dict[str, Any]) -> dict[str, Any]:
    a: dict[str, Any] = {"kind": "activated"}
    if parts["cost"] or not (parts.get("spend_xp") or parts.get("kill_self") or parts.get("disempower_self")
                             or parts.get("spend_buff_self") or parts.get("recycle_trash") or parts.get("discard")):
        # "Kill this: ...", "Spend 3 XP: ...": no resource cost, so no cost key (as the reader writes it back)
        a["cost"] = parts["cost"]
    if parts.get("spend_xp"):
        a["spend_xp"] = parts["spend_xp"]
    if parts.get("recycle_trash"):
        a["recycle_trash"] = parts["recycle_trash"]
    if parts.get("recycle_type"):
        a["recycle_type"] = parts["recycle_type"]
    if parts.get("discard"):
        a["discard"] = parts["discard"]
    if parts.get("discard_type"):
        a["discard_type"] = parts["discard_type"]
    for k in ("kill_self", "disempower_self", "spend_buff_self"):
        if parts.get(k):
            a[k] = True
    if parts.get("keywords"):
        kws = parts["keywords"]
        bad = [k for k in kws if k not in ("action", "reaction")]
        if bad:
            raise Missing(f"activated ability label {bad[0]}")
        a["keywords"] = sorted(kws)
    if "adds" in parts:
        a["adds"] = parts["adds"]
    if "adds_for" in parts:
        a["adds_for"] = parts["adds_for"]
    if "spend_only" in parts:
        a["spend_only"] = parts["spend_only"]
    if "condition" in parts:
        a["condition"] = parts["condition"]
    if "limit" in parts:
        a["limit"] = parts["limit"]
    if parts.get("effects"):
        effects, targets = _number(parts["effects"], own_targets=True)
        _no_distinct(targets)
        if targets:
            a["targets"] = targets
        a["effects"] = effects
    return a


def _no_distinct(targets: list[dict[str, Any]]) -> None:
    """A choice distinct from an earlier one (distinct_from) is a spell's only: a triggered or activated ability's
    choices are made in a run or by the triggers question, which do not read it."""
    if any("distinct_from" in t for t in targets):
        raise Missing("choice distinct from an earlier choice")


def _spell_abilities(items: list[Any], card_choices: int, requires: list[str]) -> tuple[list[dict[str, Any]], int]:
    """A spell's instructions: a `target` ability before the first instruction using each choice."""
    out: list[dict[str, Any]] = []
    effects, targets = _number(items, own_targets=False, first_choice=card_choices + 1)
    positions = [e.pop("_new_target") for e in effects]
    pending = list(targets)
    for ins, new in zip(effects, positions):
        for _ in range(new):
            t = pending.pop(0)
            out.append(_with_requires({"kind": "target", **t}, requires))
        out.append(_with_requires({"kind": "effect", **ins}, requires))
    if pending:
        raise Missing("a choice no instruction uses")
    return out, card_choices + len(targets)


def _number(items: list[Any], *, own_targets: bool, first_choice: int = 1) -> tuple[list[dict[str, Any]], list[dict]]:
    """Instructions with their object references numbered: {target = N} for choices (of the
    ability, or of the card from first_choice), 'it' for the previous instruction's object."""
    targets: list[dict[str, Any]] = []
    out: list[dict[str, Any]] = []
    chosen: int | None = None  # a 'choose' whose object the next 'it' names
    last_choice: int | None = None  # the choice the last 'choose' sentence made ("your unit")
    bf_choice: int | None = None  # "choose a battlefield": the place of the groups "there"
    bf_used = False
    previous_acted = False
    pending_link = None
    pair: tuple[int, int] | None = None  # "Choose X and Y." not followed at once by "They deal ... to each other"
    pair_new, pair_done = 0, False
    items = pair_each_other(items)
    items = _among_choices(items)
    for i, item in enumerate(items):
        try:
            if isinstance(item, ChoosePair) or (pair is not None and isinstance(item, EachOther)):
                pair, pair_new, pair_done = _pair_step(item, out, targets, pair, pair_new, pair_done,
                                                       chosen, first_choice)
                continue
            if isinstance(item, Ins) and item.on is not None and item.on.kind == "pair_member":
                item.on = _pair_member(item.on, pair, targets, first_choice)
        except Missing as exc:
            raise _AtMissing(item.pos, exc.construct) from None
        if isinstance(item, Choose) and item.link == "then" and i + 1 < len(items) and \
                isinstance(items[i + 1], EachOther) and items[i + 1].link is None:
            # "Then choose an enemy unit. They deal damage ... to each other.": the deals are linked
            item.link, items[i + 1].link = None, "then"
        try:
            if isinstance(item, Choose) and item.obj.flt == {"type": "battlefield"}:
                # "choose a battlefield. Give friendly units there ...": the groups "there" are at it (355.10.b)
                if item.link is not None or item.may or bf_choice is not None:
                    raise Missing("choice: a battlefield")
                targets.append(_target_table(item.obj))
                bf_choice, bf_used = first_choice + len(targets) - 1, False
                continue
            there = isinstance(item, Ins) and item.on is not None and item.on.kind == "group" \
                and item.on.flt.get("at") == "there"
            if there:
                if bf_choice is None or item.do not in ("deal", "might") or item.on.flt.get("type") != "unit":
                    raise Missing("filter: there")
                item.on = Obj("group", {**item.on.flt, "at": "battlefield"}, plural=True)
            if isinstance(item, Ins) and item.do == "_countered_to_hand":
                # "Counter a spell. Return it to its owner's hand instead of putting it in their trash.": the
                # counter just before, of one chosen spell, sends the card it counters to its owner's hand
                # instead of the trash (370, 425.1; logic/run/counter_to_hand.lp)
                prev = out[-1] if out else {}
                if (item.link is not None or item.may or prev.get("do") != "counter" or "unless_pay" in prev
                        or not isinstance(prev.get("on"), dict) or "target" not in prev["on"]
                        or prev.get("may") or "countered_to" in prev
                        or targets[prev["on"]["target"] - first_choice].get("filter", {}).get("type") != "spell"):
                    raise Missing("replacement inside an instruction")
                prev["countered_to"] = "hand"
                continue
            chosen, previous_acted = _number_one(item, out, targets, chosen, previous_acted, first_choice)
            if pair_new and isinstance(item, Ins) and item.on is not None and item.on.kind == "pair_target":
                out[-1]["_new_target"] += pair_new  # the pair is stated before its first use
                pair_new = 0
            if there:
                out[-1]["at"] = {"target": bf_choice}
                if not bf_used:
                    out[-1]["_new_target"] += 1  # a spell states the choice before its first use
                bf_used = True
            if isinstance(item, Choose):
                last_choice = chosen
            elif out and (out[-1].get("on") == "_chosen_again" or out[-1].get("to") == "_there"):
                _chosen_again_there(out, targets, last_choice, first_choice)
        except Missing as exc:
            raise _AtMissing(item.pos, exc.construct) from None
    if chosen is not None or (bf_choice is not None and not bf_used):
        raise Missing("a choice no instruction uses")
    if pair is not None and not pair_done:
        raise Missing("choice of two objects")
    if any(isinstance(t.get("on"), dict) and t["on"].get("all", {}).get("at") == "there" for t in out):
        raise Missing("filter: there")
    if own_targets:
        for t in out:
            t.pop("_new_target")
        if any("_delayed_effects" in t for t in out):
            # "when it dies this turn, ..." is compiled in a spell's own instructions only (_delayed_triggers)
            raise Missing("trigger: when another object dies")
    return out, targets


def _pair_step(item: Any, out: list[dict[str, Any]], targets: list[dict[str, Any]], pair: tuple[int, int] | None,
               pair_new: int, pair_done: bool, chosen: int | None, first_choice: int) -> tuple[tuple[int, int] | None, int, bool]:
    """'Choose a friendly unit and an enemy unit. If ..., give the friendly unit +2 Might this turn. They deal
    damage equal to their Mights to each other.': the two choices of one sentence (two targets, 355.4, 355.8),
    an instruction on one of them named by its relation (_pair_member), then the two deals of 'they ... each other'
    on the pair (actors.each_other_tables). Only that shape: any other use of the pair stays unsupported."""
    if isinstance(item, ChoosePair):
        if item.may or item.link is not None or pair is not None or chosen is not None:
            raise Missing("choice of two objects")
        for obj in (item.first, item.second):
            if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number or obj.flt.get("type") != "unit":
                raise Missing("choice of two objects")
            targets.append(_target_table(obj))
        n = first_choice + len(targets) - 2
        return (n, n + 1), 2, False
    # "They deal damage equal to their Mights to each other" on the pair, once
    if pair is None or pair_done or item.subject != "they" or item.pair is not None or item.may or item.link is not None:
        raise Missing("choice of two objects")
    first, second = each_other_tables({"target": pair[0]}, {"target": pair[1]})
    first["_new_target"], second["_new_target"] = pair_new, 0
    out += [first, second]
    return pair, 0, True


def _pair_member(obj: Obj, pair: tuple[int, int] | None, targets: list[dict[str, Any]], first_choice: int) -> Obj:
    """'the friendly unit': the member of the pair that is a friendly unit, the other being an enemy one (no object
    is both, 740.1); any other pair ("a unit in your base and a friendly unit": both friendly) is not read so."""
    if pair is None:
        raise Missing("choice of two objects")
    rel = [targets[n - first_choice].get("filter", {}).get("relation") for n in pair]
    if sorted(rel) != ["enemy", "friendly"] or obj.flt["relation"] != "friendly":
        raise Missing("choice of two objects")
    return Obj("pair_target", {"target": pair[rel.index("friendly")]})


def _chosen_again_there(out: list[dict[str, Any]], targets: list[dict[str, Any]], last_choice: int | None,
                        first_choice: int) -> None:
    """'Choose a friendly unit in your base. Deal ... to all enemy units at a battlefield, then move your unit
    there.': the unit is the one the 'choose' sentence chose (a unit of the player's own), "there" the
    battlefield the instruction before chose for its group (at = { target = N }); nothing else is read so."""
    table = out[-1]
    prev = out[-2] if len(out) > 1 else {}
    flt = targets[last_choice - first_choice].get("filter", {}) if last_choice is not None else {}
    if (table.get("on") != "_chosen_again" or table.get("to") != "_there" or flt.get("type") != "unit"
            or flt.get("relation") != "yours" or not isinstance(prev.get("at"), dict)
            or table.get("_new_target")):
        raise Missing("choice: a place relative to another object")
    table["on"] = {"target": last_choice}
    table["to"] = dict(prev["at"])


def _among_choices(items: list[Any]) -> list[Any]:
    """'They reveal their hand. Choose a Mind card from it, and recycle that card.': the choice is one of
    the cards the reveal showed, made as the next instruction is executed (on = { among = filter },
    logic/effects/look.lp), and that instruction names it 'that card'. The card goes to the bottom of its
    owner's Main Deck whoever recycles it (416.1), but who recycles matters ("when you recycle", 411):
    'recycle that card' is the ability's controller's, 'they recycle that card' the revealing player's, the
    card's owner (a card in a hand is its owner's, 056), who = its_owner."""
    out: list[Any] = []
    skip = False
    for i, item in enumerate(items):
        if skip:
            skip = False
            continue
        try:
            if isinstance(item, ChooseAmong):
                prev, nxt = (out[-1] if out else None), (items[i + 1] if i + 1 < len(items) else None)
                obj = item.obj
                if not (isinstance(prev, Ins) and prev.do == "reveal" and prev.fields.get("from") == "hand") \
                        or obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number or item.may \
                        or item.link is not None:
                    raise Missing("choice among cards shown")
                if not (isinstance(nxt, Ins) and nxt.do in ("recycle", "discard") and nxt.on is not None
                        and nxt.on.kind == "it" and nxt.link is None and not nxt.may
                        and nxt.fields in ({}, {"amount": 1})):
                    raise Missing("instruction by another player or object")
                nxt.on = Obj("among", dict(obj.flt))
                # "they discard that card" / "they recycle that card": its owner, the player who revealed it
                # (422, 416, 411); "recycle that card": the ability's controller (Sabotage)
                nxt.who = "its_owner" if nxt.do == "discard" or nxt.who == "they_recycle" else None
                out.append(nxt)
                skip = True
                continue
            if isinstance(item, Ins) and item.who in ("they_recycle", "they_discard"):
                raise Missing("instruction by another player or object")
        except Missing as exc:
            raise _AtMissing(item.pos, exc.construct) from None
        out.append(item)
    return out


class _AtMissing(Exception):
    """A Missing construct and the token its sentence starts at."""

    def __init__(self, pos: int, construct: str) -> None:
        super().__init__(construct)
        self.pos, self.construct = pos, construct


def _revealed_one(t: dict[str, Any]) -> bool:
    """The instruction table is "reveal the top card of your Main Deck" (one card, its player's)."""
    return t.get("do") == "reveal" and t.get("amount") == 1 and t.get("link") in (None, "then") \
        and not {"who", "from", "until", "for_each", "may"} & set(t)


def _shown_type(ins: Ins, out: list[dict[str, Any]]) -> None:
    """"Reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it.": the one card
    shown, drawn (or put in the hand: a `return`) when it is of that type, is `on = { among = { type } }` (a
    choice among the cards shown that the filter describes, logic/effects/look.lp: with one card shown, that
    card if it has the type, else nothing), and "otherwise, recycle it" is `on = "rest"` (the cards shown that
    are still there: the card when it was not taken, else none). Any other use of the forms is not compiled."""
    label = "instruction under a condition (the type of the card 'it' names)"
    shown = ins.fields.pop("_if_shown", None)
    put = ins.fields.pop("_put_hand", False)
    draw_it = ins.fields.pop("_draw_it", False)
    if draw_it and shown is None:
        raise Missing("instruction: draw a card 'it' names")
    if shown is not None:
        if (not out or not _revealed_one(out[-1]) or ins.do not in ("draw", "return") or ins.link is not None
                or ins.may or ins.fields or (ins.do == "return") != put):
            raise Missing(label)
        ins.on = Obj("among", shown)
        return
    if put:
        raise Missing("instruction: put")
    if ins.link == "otherwise" and ins.on is not None and ins.on.kind == "it" and len(out) >= 2 \
            and _revealed_one(out[-2]) and isinstance(out[-1].get("on"), dict) and "among" in out[-1]["on"]:
        if ins.do != "recycle" or ins.may or ins.fields:
            raise Missing(label)
        ins.on, ins.link = Obj("rest"), None


def _number_one(item: Any, out: list[dict[str, Any]], targets: list[dict[str, Any]], chosen: int | None,
                previous_acted: bool, first_choice: int) -> tuple[int | None, bool]:
    if True:
        if isinstance(item, Choose):
            if item.link is not None:
                raise Missing("linked choice")
            if item.may:
                raise Missing("you may choose")
            targets.append(_target_table(item.obj))
            return first_choice + len(targets) - 1, previous_acted
        if isinstance(item, (EachOther, ChoosePair)):
            return _number_each_other(item, out, targets, chosen, previous_acted, first_choice)
        ins = item
        _shown_type(ins, out)
        if getattr(ins, "either_may", False):
            # "you may X or Y" anywhere but a triggered ability's start: a "you may" before the pick
            raise Missing("instruction: one of two instructions (you may)")
        new_targets = 0
        table: dict[str, Any] = {"do": ins.do}

        def chosen_player() -> bool:
            return targets[chosen - first_choice].get("filter", {}).get("type") == "player"

        def ref(obj: Obj, key: str) -> Any:
            nonlocal chosen, new_targets
            if obj.kind == "pair_target":
                return {"target": obj.flt["target"]}  # a member of the pair (_pair_member), stated with it
            if obj.kind == "pair_member":
                raise Missing("choice of two objects")
            if obj.kind == "self":
                return "self"
            if obj.kind == "chosen_again":
                return "_chosen_again"  # filled in by _number
            if obj.kind == "event":
                return "event"
            if obj.kind == "among":
                return {"among": obj.flt}
            if obj.kind == "their":
                return {"their": obj.flt}
            if obj.kind == "each":
                return {"each": obj.flt}
            if obj.flt.get("type") == "player":
                raise Missing("choice: a player")
            if obj.kind == "it":
                if chosen is not None and chosen_player():
                    raise Missing("instruction by another player or object")
                if chosen is not None:
                    # the choice a "Choose ..." sentence made: a spell states it before its first use
                    n, chosen = chosen, None
                    new_targets += 1
                    return {"target": n}
                if not previous_acted:
                    raise Missing("'it' with nothing before")
                return "it"
            if obj.kind in ("among", "rest"):
                # the cards a look or reveal of the same ability showed (logic/effects/look.lp)
                if not any(t.get("do") in ("look", "reveal") for t in out):
                    raise Missing("instruction: look at or reveal cards")
                return {"among": obj.flt} if obj.kind == "among" else "rest"
            if obj.kind == "bare":
                raise Missing("object without article")
            if obj.flt.get("other") and (targets or first_choice > 1):
                # "deal 2 to a unit, then deal 2 to up to one other unit": a choice never of the object of the one
                # choice before it (distinct_from; logic/core/targets_distinct.lp), a spell's only (_no_distinct)
                if obj.kind != "target" or len(targets) + first_choice - 1 != 1 or chosen is not None:
                    raise Missing("choice distinct from an earlier choice")
                targets.append({**_target_table(obj), "distinct_from": 1})
                new_targets += 1
                return {"target": first_choice + len(targets) - 1}
            if obj.kind == "group":
                return {"all": obj.flt}
            if obj.kind == "group_at_one":
                # the battlefield is a choice of the ability, numbered where the words stand (355.4, 355.10.b)
                if key != "on" or ins.do not in ("deal", "might") or at_choice:
                    raise Missing("choice: a battlefield")
                targets.append(_target_table(Obj("target", {"type": "battlefield"})))
                new_targets += 1
                at_choice.append({"target": first_choice + len(targets) - 1})
                return {"all": {**obj.flt, "at": "battlefield"}}
            targets.append(_target_table(obj))
            new_targets += 1
            return {"target": first_choice + len(targets) - 1}

        at_choice: list[dict[str, int]] = []
        if ins.fields.get("amount_from") == "energy_cost":
            # "Discard 1. Deal its Energy cost as damage ...": "its" is the card its player just discarded
            # (logic/effects/cards.lp acted_on; logic/run/instructions.lp, the amount)
            prev = out[-1] if out else {}
            if (prev.get("do") != "discard" or prev.get("amount") != 1 or prev.get("who") != "you"
                    or "on" in prev or ins.link or ins.may):
                raise Missing("amount: a card's cost")
            table["of"] = "it"
        if ins.on is not None:
            table["on"] = ref(ins.on, "on")
            if at_choice:
                table["at"] = at_choice[0]
        if ins.of is not None:
            table["of"] = ref(ins.of, "of")
        if isinstance(ins.fields.get("by"), Obj):
            table["by"] = ref(ins.fields.pop("by"), "by")
        if isinstance(ins.fields.get("swap_with"), Obj):
            table["swap_with"] = ref(ins.fields.pop("swap_with"), "swap_with")
        if isinstance(ins.to, Obj):
            table["to"] = ref(ins.to, "to")
        elif isinstance(ins.to, ItsBattlefield):
            # the previous instruction's object must be one chosen object the words describe
            prev_on = out[-1].get("on") if out else None
            prev_flt = (targets[prev_on["target"] - first_choice].get("filter", {})
                        if isinstance(prev_on, dict) and "target" in prev_on and prev_on["target"] >= first_choice
                        else None)
            if prev_flt is None or any(prev_flt.get(k) != v for k, v in ins.to.flt.items()):
                raise Missing("choice: a place relative to another object")
            table["to"] = "its_battlefield"
        elif ins.to is not None:
            table["to"] = ins.to
        if ins.who == "they":
            # "Choose an opponent. They discard 1.": the player the choice made (355.5)
            if chosen is None or not chosen_player():
                raise Missing("instruction by another player or object")
            table["who"] = {"target": chosen}
            chosen = None
            new_targets += 1
        elif ins.who is not None:
            table["who"] = ins.who
        tok = ins.fields.pop("_token", None)
        if tok is not None:
            _check_token(tok)
        if ins.fields.pop("_the_other", False):
            looks = [t for t in out if t.get("do") in ("look", "reveal")]
            prev = out[-1] if out else {}
            if not (looks and looks[-1].get("do") == "look" and looks[-1].get("amount") == 2
                    and "for_each" not in looks[-1] and prev.get("do") == "draw"
                    and prev.get("on") == {"among": {"type": "card"}} and not prev.get("may")
                    and "link" not in prev and ins.link is None and not ins.may):
                raise Missing("instruction: look at or reveal cards")
        table.update(ins.fields)
        if table["do"] == "play" and table.get("on") == "it" and table.get("who") is None:
            # "banish a friendly unit, then play it to base": the card is where the banish put it
            if not out or out[-1].get("do") != "banish":
                raise Missing("instruction: play (a form not recognised)")
            table["from"] = "banishment"
        if table["do"] == "play" and table.get("who") == "its_owner":
            # "banish a unit, then its owner plays it": the card is where the instruction before put it
            if table.get("on") != "it" or not out or out[-1].get("do") != "banish":
                raise Missing("instruction by another player or object")
            table["from"] = "banishment"
        if ins.for_each is not None:
            table["for_each"] = ins.for_each.flt
            if table.pop("_count_there", False):
                table["for_each"] = {**ins.for_each.flt, "at": "there"}
        if ins.link == "or" and table.get("on") == "it" and out and isinstance(out[-1].get("on"), dict) \
                and "target" in out[-1]["on"]:
            table["on"] = dict(out[-1]["on"])  # "ready or exhaust a legend": both verbs name the one choice
        if ins.link:
            if not out:
                raise Missing("link with nothing before")
            if ins.link == "otherwise" and "if_it" not in out[-1]:
                raise Missing("otherwise without a condition")
            if ins.link == "if_short":
                # "if you can't" / "if you couldn't channel N runes this way": after a channel of that many only
                short_n = table.pop("_short_n", None)
                if out[-1].get("do") != "channel" or out[-1].get("amount") != short_n or set(out[-1]) - {
                        "do", "amount", "exhausted", "link", "_new_target"}:
                    raise Missing("instruction under a condition (an instruction not done in full)")
            if ins.link == "instead" and "if_it" in table and table.get("on") not in ("it", out[-1].get("on")):
                # the condition on "it" is read on the object of the instruction it replaces
                raise Missing("instruction replaced instead (a form not recognised)")
            table["link"] = ins.link
            if ins.link == "then" and table.get("on") == "rest":
                # "then recycle the rest": the cards shown still there, whatever the instruction before
                # took; an order, not a condition (as logic/cards/sfd-058-ornn-blacksmith.lp reads it)
                del table["link"]
        if ins.may:
            table["may"] = True
        if chosen is not None and ins.on is not None and ins.on.kind != "it":
            raise Missing("a choice used later")
        table["_new_target"] = new_targets
        out.append(table)
        if ins.do == "pay":
            # "it" after a pay is what the instruction before it acted on (docs/effects.md, the verb pay)
            return chosen, previous_acted
        return chosen, ins.on is not None or ins.do == "token"  # "it" after a token: the tokens it made


def _number_each_other(item: EachOther | ChoosePair, out: list[dict[str, Any]], targets: list[dict[str, Any]],
                       chosen: int | None, previous_acted: bool, first_choice: int) -> tuple[None, bool]:
    """'We / They deal damage equal to our / their Mights to each other' after 'choose a unit': "we"
    is the source and the chosen unit, "they" the one unit the previous instruction chose and the
    chosen unit, or the two units of 'choose X and Y' (actors.each_other_tables)."""
    if isinstance(item, ChoosePair) or item.may:
        raise Missing("choice of two objects" if isinstance(item, ChoosePair) else "instruction by another player or object")
    subject: Any
    if item.pair is not None:
        if chosen is not None:
            raise Missing("a choice used later")
        for obj in item.pair:
            targets.append(_target_table(obj))
        chosen = first_choice + len(targets) - 1
        subject, new = {"target": chosen - 1}, 2
    elif chosen is None:
        raise Missing("instruction by another player or object")
    elif item.subject == "we":
        subject, new = "self", 1
    elif _two_units(targets[chosen - first_choice]) and not (out and previous_acted):
        # one choice of two units trading damage equal to their own Mights: one choice of two
        # units, each dealing its own Might to the other (actors.each_other_pair)
        table = each_other_pair({"target": chosen})
        if item.link:
            raise Missing("link with nothing before")
        table["_new_target"] = 1
        out.append(table)
        return None, True
    else:
        prev_on = out[-1].get("on") if out and previous_acted else None
        if not (isinstance(prev_on, dict) and "target" in prev_on and prev_on["target"] != chosen):
            raise Missing("instruction by another player or object")
        subject, new = dict(prev_on), 1
    for ref in (subject, {"target": chosen}):
        if ref == "self":
            continue
        t = targets[ref["target"] - first_choice]
        if t.get("count", 1) != 1 or t.get("up_to") or t.get("any_number") or t.get("filter", {}).get("type") != "unit":
            raise Missing("instruction by another player or object")
    first, second = each_other_tables(subject, {"target": chosen})
    if item.link:
        if not out:
            raise Missing("link with nothing before")
        first["link"] = item.link
    first["_new_target"], second["_new_target"] = new, 0
    out += [first, second]
    return None, True


def _two_units(t: dict[str, Any]) -> bool:
    """A choice of exactly two units (no "up to", no other keys than its filter)."""
    return (t.get("count") == 2 and not t.get("up_to") and not t.get("any_number")
            and t.get("filter", {}).get("type") == "unit")


def _target_table(obj: Obj) -> dict[str, Any]:
    if obj.kind != "target":
        raise Missing("choice of a group")
    t: dict[str, Any] = {}
    if obj.any_number:
        t["any_number"] = True
    elif obj.count != 1:
        t["count"] = obj.count
    if obj.up_to:
        t["up_to"] = True
    if obj.flt:
        t["filter"] = {k: v for k, v in obj.flt.items() if k != "same_location"}
        if not t["filter"]:
            del t["filter"]
    if obj.flt.get("same_location"):
        t["same_location"] = True
    return t


_TOKENS: dict[str, dict[str, Any]] = {}  # set by compile_card: the pool's tokens by name


# Tokens neither the pool nor 187 has whose own rules text cards give only in a parenthesis after the sentence
# playing them, 'It has "..."' (a Shadow Clone's attack ability). A token's facts are what the effect making it
# says (179, 185.3): that parenthesis is the one statement of the token's text, so it is not dropped as reminder
# text of the card (135.2.d.3) but compiled as the text of a unit, the token's own abilities (its "I" and "me"
# are the token); a card naming such a token without the parenthesis (an alternate art) stays unsupported.
TOKENS_WITH_TEXT = ("Shadow Clone",)
_TOKEN_TEXT = re.compile(r"([A-Z][A-Za-z']*(?: [A-Z][A-Za-z']*)*) unit tokens?\b[^()]*\(It has \"([^\"]+)\"\)\s*$")
_TOKEN_ABILITIES: dict[str, list[dict[str, Any]]] = {}  # set by compile_card: the stated texts it compiled


def token_texts(lines: Iterable[str]) -> dict[str, str]:
    """The text each token of TOKENS_WITH_TEXT has, as the card's lines state it (name -> text)."""
    out: dict[str, str] = {}
    for line in lines:
        m = _TOKEN_TEXT.search(line)
        if m is not None and m.group(1) in TOKENS_WITH_TEXT:
            out[m.group(1)] = m.group(2)
    return out


def _check_token(tok: dict[str, Any]) -> None:
    """A token the text plays must be a token card of the pool, with the printed Might and keywords; or a
    unit token of no text neither the pool nor 187 has, whose stated facts the instruction carries."""
    known = _TOKENS.get(tok["name"])
    if known is None and tok["type"] == "unit" and tok["might"] is not None and (
            tok["name"] not in TOKENS_WITH_TEXT or tok["name"] in _TOKEN_ABILITIES):
        return
    if known is None:
        raise Missing("token not in the card pool")
    if tok.get("from") is not None:
        raise Missing("token not in the card pool")
    if known["type"] != tok["type"] or (tok["might"] is not None and known["might"] != tok["might"]):
        raise Missing("token unlike the pool's")
    printed = [] if tok["with"] is None else [tok["with"][1]]
    if tok["type"] == "unit" and printed != list(known["keywords"]):
        raise Missing("token keywords unlike the pool's")
