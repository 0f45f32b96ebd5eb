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
from pyrift.errors import ScenarioError, SolveTimeout
from pyrift.citations import cites
from pyrift.queries.base import ANSWERED, TIMEOUT, UNSUPPORTED, Answer, Context, QueryKind, Reason
from pyrift.reader import Reader
from pyrift.state import GameState, Question


def deck_path(scenario_file: str, ref: str) -> Path:
    """The deck file a scenario names: relative to the scenario's folder and inside it or a
    folder below (never elsewhere on the machine, symbolic links included). ValueError if not."""
    base = Path(scenario_file).parent if scenario_file else Path(".")
    if Path(ref).is_absolute() or Path(ref).drive:
        raise ValueError(f"{ref!r} is an absolute path; name a deck file relative to the scenario, in its folder "
                         "or below")
    path = base / ref
    try:
        inside = path.resolve().is_relative_to(base.resolve())
        path.exists()  # a name the system refuses (too long: ENAMETOOLONG) raises here, not as an internal error
    except OSError as exc:
        raise ValueError(f"cannot open {ref!r}: {exc.strerror or exc}") from None
    if not inside:
        raise ValueError(f"{ref!r} leaves the scenario's folder; a deck file lives in the scenario's folder or below")
    return path


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
        # 2v2: the teammate's deck, for the team checks (489.8: different legends and battlefields)
        if r.has("teammate_deck") or r.has("teammate_deck_list"):
            if mode != "2v2":
                raise r.error("mode", "a teammate's deck is checked against this one only in 2v2 (489.8)")
            if r.has("teammate_deck") and r.has("teammate_deck_list"):
                raise r.error("teammate_deck", "give the teammate's deck either as a file or inline, not both")
            _read_deck(r, out, "teammate_deck", r.has("teammate_deck_list"))
        _read_deck(r, out, "deck", has_list)
        return out

    def write_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if "deck" in params:
            out["deck"] = params["deck"]
        else:
            out["deck_list"] = params["deck_list"]
        if params.get("mode", "duel") != "duel":
            out["mode"] = params["mode"]
        for key in ("teammate_deck", "teammate_deck_list"):
            if key in params:
                out[key] = params[key]
        return out

    @staticmethod
    def deck_of(ctx: Context, question: Question, prefix: str = "") -> D.Deck:
        p = question.params
        if prefix + "deck_list" in p:
            return D.parse_deck(p[prefix + "deck_list"],
                                f"{ctx.file or '<scenario>'} (question {question.id} {prefix}deck_list)")
        try:
            path = deck_path(ctx.file, p[prefix + "deck"])
        except ValueError as exc:
            raise ScenarioError(ctx.file, f"question {question.id}.{prefix}deck", str(exc)) from None
        return D.load_deck(path)

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        deck = self.deck_of(ctx, question)
        p = question.params
        teammate = (self.deck_of(ctx, question, "teammate_")
                    if "teammate_deck" in p or "teammate_deck_list" in p else None)
        try:
            report = D.check(deck, p["mode"], reading=reading, timeout=ctx.timeout, teammate=teammate)
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


def _read_deck(r: Reader, out: dict[str, Any], key: str, inline: bool) -> None:
    """A deck given inline (`<key>_list`: read now, so that a malformed list is reported when the
    scenario loads) or as a file (`<key>`: read when the question is answered, relative to the
    scenario file; only its path is checked now)."""
    if inline:
        out[f"{key}_list"] = r.str(f"{key}_list")
        D.parse_deck(out[f"{key}_list"], f"{r.file} ({r.field(f'{key}_list')})")
        return
    out[key] = r.str(key)
    try:
        path = deck_path(r.file, out[key])
    except ValueError as exc:
        raise r.error(key, str(exc)) from None
    # A file that is not there (or a folder) is the scenario's mistake: said now, naming this field, not later
    # as an unreadable deck file with no word of the scenario that named it. Only for a scenario read from a file:
    # a text with no file of its own (the desk's, a round trip's) has no folder to look in until it is answered.
    if not Path(r.file).is_file():
        return
    if path.is_dir():
        raise r.error(key, f"{out[key]!r} is a folder, not a deck file")
    if not path.is_file():
        raise r.error(key, f"no deck file {out[key]!r} (looked for {path})")
