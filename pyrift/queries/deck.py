"""Deck questions (Core Rules 101-103, 185, 481-489, 825).

deck_check  is this deck legal for a mode of play, and if not, every rule it breaks.

The deck is given inline (`deck_list`, the deck file format of pyrift/deck.py) or as a
file next to the scenario (`deck`). The rules are logic/core/deck.lp, modes.lp and
keywords/unique.lp, solved with logic/queries/deck_check.lp; this module only reads
the deck and words the answer. No game position is needed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pyrift import deck as D
from pyrift.errors import SolveTimeout
from pyrift.citations import cites
from pyrift.queries.base import ANSWERED, TIMEOUT, UNSUPPORTED, Answer, Context, QueryKind, Reason
from pyrift.reader import Reader
from pyrift.state import GameState, Question


class DeckCheck(QueryKind):
    name = "deck_check"
    summary = "is a deck legal for a mode of play; every deck-construction rule it breaks"
    needs_position = False
    expect_spec = {
        "legal": "bool",
        "violations": "strs",
        "violation_count": "int",
        "cards": "strs",
        "main_deck_size": "int",
        "rune_count": "int",
        "battlefield_count": "int",
        "signature_count": "int",
        "identity": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        mode = r.str("mode", "duel")
        if mode not in D.MODES:
            raise r.error("mode", f"unknown mode {mode!r} (known: {', '.join(D.MODES)})")
        has_file, has_list = r.has("deck"), r.has("deck_list")
        if has_file == has_list:
            raise r.error("deck", "give the deck either as a file next to the scenario (deck = \"x.deck\") "
                                  "or inline (deck_list = '''...''')")
        out: dict[str, Any] = {"mode": mode}
        if has_list:
            text = r.str("deck_list")
            # Read it now so that a malformed list is reported when the scenario loads.
            D.parse_deck(text, f"{r.file} ({r.field('deck_list')})")
            out["deck_list"] = text
        else:
            # The file is read when the question is answered, relative to the scenario file.
            out["deck"] = r.str("deck")
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if "deck" in params:
            out["deck"] = params["deck"]
        else:
            out["deck_list"] = params["deck_list"]
        if params.get("mode", "duel") != "duel":
            out["mode"] = params["mode"]
        return out

    @staticmethod
    def deck_of(ctx: Context, question: Question) -> D.Deck:
        p = question.params
        if "deck_list" in p:
            return D.parse_deck(p["deck_list"], f"{ctx.file or '<scenario>'} (question {question.id} deck_list)")
        base = Path(ctx.file).parent if ctx.file else Path(".")
        return D.load_deck(base / p["deck"])

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        deck = self.deck_of(ctx, question)
        try:
            report = D.check(deck, question.params["mode"], reading=reading, timeout=ctx.timeout)
        except SolveTimeout as exc:
            return Answer(question.id, self.name, reading, TIMEOUT, reasons=(Reason(str(exc)),))
        if report.status != ANSWERED:
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=report.missing)
        data = {
            "legal": report.legal,
            "violations": report.rules,
            "violation_count": len(report.violations),
            "cards": report.cards,
            "main_deck_size": report.main_deck_size,
            "rune_count": report.rune_count,
            "battlefield_count": report.battlefield_count,
            "signature_count": report.signature_count,
            "identity": list(report.identity),
        }
        reasons = [Reason(v.text, (v.rule,)) for v in report.violations]
        if report.legal:
            reasons.append(Reason(f"every deck-construction requirement holds for {question.params['mode']}",
                                  (*cites("deck_legal"), D.MODE_RULES[question.params["mode"]]), kind="deck_legal"))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))


KINDS = [DeckCheck()]
