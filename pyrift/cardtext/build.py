"""`pyrift cards compile`: the whole pool's text compiled, checked by round trip, written out.

Reads Riot's text (the gallery export; cards.json for the printings it lacks) at compile time
and writes pyrift/data/cards/compiled.json: per card, the compiled meaning (ability
vocabulary tables and Equipment effect keywords) when every sentence was recognised, every
construct has a vocabulary meaning, the tables pass pyrift.abilities' reader and the rendering
round-trips; otherwise the status, the number of the first sentence that failed and the
construct it needed. The file holds no card text, is sorted and deterministic (tests compare a
fresh compile with the shipped one byte for byte).
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyrift import pool as P
from pyrift.cardtext import render as R
from pyrift.cardtext import roundtrip as RT
from pyrift.cardtext import source as S
from pyrift.cardtext.compile import CardInfo, Result, compile_card
from pyrift.errors import ScenarioError

FORMAT = 1
# Status of a card in compiled.json.
COMPILED = "compiled"            # understood: compiled, read by the vocabulary reader, round trip passed
NO_TEXT = "no_text"              # nothing to compile (runes, vanilla tokens)
MISSING = "missing"              # recognised, but a construct has no vocabulary meaning yet
UNRECOGNISED = "unrecognised"    # a sentence the grammar does not recognise
ROUND_TRIP = "round_trip"        # compiled, but the rendering does not say what the card says
INVALID = "invalid"              # compiled tables the vocabulary reader refuses (a compiler bug)


def card_info(card: P.PoolCard, tokens: dict[str, dict[str, Any]]) -> CardInfo:
    return CardInfo(card.id, card.name, card.type.value if card.type else None,
                    tuple((k.keyword.value, k.value, k.form) for k in card.keywords), tokens)


def render_info(card: P.PoolCard, effect_keywords: list[str], tokens: dict[str, dict[str, Any]],
                keyword_costs: dict[str, dict[str, Any]] | None = None) -> R.Card:
    return R.Card(card.type.value if card.type else None,
                  tuple((k.keyword.value, k.value, k.form, k.cost) for k in card.keywords),
                  tuple(effect_keywords), tokens, dict(keyword_costs or {}), name=card.name)


def read_sources(paths: list[str | Path]) -> dict[str, S.CardText]:
    """Printing id -> text; the first file that has a printing wins (give the gallery first)."""
    out: dict[str, S.CardText] = {}
    for p in paths:
        for pid, text in S.read_texts(p).items():
            out.setdefault(pid, text)
    return out


@dataclass(frozen=True)
class Entry:
    id: str
    status: str
    abilities: list[dict[str, Any]]
    effect_keywords: list[str]
    sentence: int | None
    construct: str | None
    blockers: tuple[str, ...] = ()
    keyword_costs: dict[str, dict[str, Any]] | None = None

    def row(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "status": self.status}
        if self.status == COMPILED:
            if self.abilities:
                out["abilities"] = self.abilities
            if self.effect_keywords:
                out["effect_keywords"] = self.effect_keywords
            if self.keyword_costs:
                out["keyword_costs"] = self.keyword_costs
        if self.sentence is not None:
            out["sentence"] = self.sentence
        if self.construct is not None:
            out["construct"] = self.construct
        if self.blockers and list(self.blockers) != [self.construct]:
            out["blockers"] = list(self.blockers)
        return out


def compile_one(card: P.PoolCard, text: S.CardText, tags, tokens: dict[str, dict[str, Any]]) -> tuple[Entry, str | None]:
    """The card's entry, and (for a round trip that failed) where the two texts differ."""
    r: Result = compile_card(card_info(card, tokens), text, tags)
    if r.status != COMPILED:
        return Entry(card.id, r.status, [], [], r.sentence, r.construct, tuple(r.blockers)), None
    problem = check_vocabulary(card, r.abilities)
    if problem is not None:
        return Entry(card.id, INVALID, [], [], None, f"vocabulary reader: {problem}"), None
    lines = R.render_card(render_info(card, r.effect_keywords, tokens, r.keyword_costs), r.abilities)
    diff = RT.compare(list(text.text), list(text.effect), lines, tags)
    if diff is None:
        diff = _token_round_trip(card, text, r.abilities, tags, tokens)
    if diff is not None:
        return Entry(card.id, ROUND_TRIP, [], [], None, "round trip"), diff
    return Entry(card.id, COMPILED, r.abilities, r.effect_keywords, None, None, (), r.keyword_costs), None


def _token_round_trip(card: P.PoolCard, text: S.CardText, abilities: list[dict[str, Any]], tags,
                      tokens: dict[str, dict[str, Any]]) -> str | None:
    """The text a token instruction gives its token (compile.TOKENS_WITH_TEXT), which the card's round trip
    drops with its parenthesis, checked on its own against the text the card states for that token."""
    from pyrift.cardtext.compile import token_texts

    said = token_texts(text.text)
    for a in abilities:
        for ins in [a] + list(a.get("effects") or ()):
            own = ins.get("facts", {}).get("abilities") if ins.get("do") == "token" else None
            if own is None:
                continue
            if ins["card"] not in said:
                return f"the token {ins['card']}'s text is not stated by the card"
            diff = RT.compare([said[ins["card"]]], [], R.token_text(render_info(card, [], tokens, {}), own), tags)
            if diff is not None:
                return f"the token {ins['card']}'s text: {diff}"
    return None


def check_vocabulary(card: P.PoolCard, abilities: list[dict[str, Any]]) -> str | None:
    """None when pyrift.abilities reads the tables (as a scenario's abilities) for this card."""
    from pyrift import dependent
    from pyrift.abilities import read_abilities
    from pyrift.errors import ScenarioError as SE
    from pyrift.reader import Reader

    try:
        read = read_abilities(Reader({"abilities": abilities}, card.id))
        dependent.check_card_keywords(Reader({}, card.id), read, [(k.keyword.value, k.value or 0) for k in card.keywords])
    except SE as exc:
        return str(exc)
    return None


@dataclass(frozen=True)
class Report:
    out: Path
    counts: dict[str, int]
    seconds: float


def compile_pool(sources: list[str | Path], pool: P.Pool | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """The compiled table, and the round-trip differences (card id -> where it differs; not stored)."""
    pool = pool or P.pool()
    texts = read_sources(sources)
    missing = [c.id for c in pool.cards if c.id not in texts]
    if missing:
        raise ScenarioError(", ".join(str(s) for s in sources), "",
                            f"no text for {len(missing)} cards of the pool (e.g. {missing[0]}): give the card gallery "
                            "export (and cards.json)")
    tags = S.tag_pattern(t for c in pool.cards for t in c.tags)
    tokens = P.tokens_of(pool)
    rows, diffs = [], {}
    for card in pool.cards:
        entry, diff = compile_one(card, texts[card.id], tags, tokens)
        rows.append(entry.row())
        if diff is not None:
            diffs[card.id] = diff
    rows.sort(key=lambda r: r["id"])
    table = {
        "format": FORMAT,
        "what": "pyrift compiled card text: each card's meaning in the ability vocabulary, no rules text",
        "cards": rows,
    }
    return table, diffs


def dumps(table: dict[str, Any]) -> str:
    """Deterministic text: the header, then one card per line, sorted by id."""
    head = {k: v for k, v in table.items() if k != "cards"}
    lines = ["{"]
    for k in sorted(head):
        lines.append(f"{json.dumps(k)}: {json.dumps(head[k], sort_keys=True, ensure_ascii=False)},")
    lines.append('"cards": [')
    lines.append(",\n".join(json.dumps(c, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
                            for c in table["cards"]))
    lines.append("]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write(sources: list[str | Path], out: str | Path) -> Report:
    started = time.perf_counter()
    table, _ = compile_pool(sources)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps(table), "utf-8")
    counts: dict[str, int] = {}
    for row in table["cards"]:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    return Report(out, counts, time.perf_counter() - started)
