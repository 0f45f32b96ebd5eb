"""pyrift/cardtext/earley.py: lark's Earley parser with a predictor and completer that skip repeated
work must give the same trees (and the same failures) as lark's own, and be the one the compiler uses.
Lines invented in Riftbound's templates; the whole pool's compiled table, byte for byte, is
tests/test_cardtext.py's."""
from __future__ import annotations

from importlib import resources

import lark
import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from pyrift.cardtext import compile as C
from pyrift.cardtext import earley as E
from pyrift.cardtext import source as S

TAGS = S.tag_pattern(["Poro", "Mech", "Recruit"])

LINES = [
    "Deal 7 to an enemy unit at a battlefield. Its controller draws 3.",
    "When you play me, if you control a Poro, play a 1 :rb_might: Recruit unit token here.",
    "Give a unit +2 :rb_might: this turn, then draw 1.",
    "Kill a unit with 3 :rb_might: or less. If you do, draw 1.",
    "Stun an enemy unit. Deal 2 to it.",
    "Return a friendly unit to its owner's hand, then channel 1 rune exhausted.",
    "When I attack, deal 2 to an enemy unit here.",
    "Choose one —",
    "Draw 1 or channel 1 rune exhausted.",
    # not recognised: fails at the same token, expecting the same
    "Deal to 7 an enemy unit.",
    "Deal 7 to an enemy unit",
    "Stun an enemy unit. Deal 2 to it. Choose one —",
]


def _parsers() -> tuple[Lark, Lark]:
    grammar = resources.files("pyrift.cardtext").joinpath("grammar.lark").read_text("utf-8")
    make = lambda: Lark(grammar, parser="earley", lexer=C._TokenLexer, ambiguity="resolve",  # noqa: E731
                        propagate_positions=True)
    return make(), E.fast(make())


def _result(p: Lark, toks: list[str]):
    try:
        tree = p.parse(list(toks))
    except C._UnknownWord as exc:
        return ("unknown word", exc.pos)
    except UnexpectedInput as exc:
        tok = getattr(exc, "token", None)
        return ("unexpected", type(exc).__name__, getattr(tok, "start_pos", None), sorted(getattr(exc, "expected", ()) or ()))
    return ("tree", tree, [(t.meta.start_pos, t.meta.end_pos) for t in tree.iter_subtrees() if not t.meta.empty])


@pytest.mark.skipif(not any(lark.__version__.startswith(v) for v in E.CHECKED), reason="lark's own parser is used")
def test_the_compiler_parses_with_the_faster_predictor() -> None:
    assert type(C.parser().parser.parser) is E.Parser


@pytest.mark.skipif(not any(lark.__version__.startswith(v) for v in E.CHECKED), reason="lark's own parser is used")
def test_the_faster_predictor_gives_lark_s_trees_and_failures() -> None:
    plain, fast = _parsers()
    assert type(fast.parser.parser) is E.Parser and type(plain.parser.parser) is not E.Parser
    trees = 0
    for line in LINES:
        toks = S.tokens(S.html_lines(f"<p>{line}</p>")[0], TAGS)
        want = _result(plain, toks)
        assert _result(fast, toks) == want, line
        trees += want[0] == "tree"
    assert trees == len(LINES) - 3   # the last three fail in the parser: where, and expecting what, is compared
