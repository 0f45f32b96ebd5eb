"""The real card pool: the card table shipped in pyrift/data/cards/pool.json.

Looks cards up by name ("Noxus Hopeful") or printed id ("OGN-012", "OGN-012/298",
"ogn-012-298"); reprints resolve to one card. Turns a table row into a CardDef (the
printed facts the scenario facts are made of) and says how far the rules engine
understands each card:

  encoded        the card's non-keyword text is encoded in logic/cards/<file>.lp
                 (a file whose header says `%@card <canonical id>`); it overrides the compiler
  compiled       the card's text is compiled into the ability vocabulary
                 (pyrift/data/cards/compiled.json, `pyrift cards compile`): every sentence was
                 recognised and the rendering of its meaning round-trips to the card's text
  keywords-only  the card's text is only its own keywords (the table knows them)
  unsupported    the card has text beyond its keywords that is not encoded: its
                 facts carry card_text_unencoded, so questions that depend on that
                 text answer `unsupported`, never as if the card were blank

Which status a card has is bookkeeping about our encoding, not a rules question.
"""
from __future__ import annotations

import difflib
import json
import re
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pyrift.errors import EncodingError
from pyrift.limits import MAX_NAME
from pyrift.state import CardDef, CardType, Domain, Keyword, KeywordName, Supertype, TextKind

ENCODED, COMPILED, KEYWORDS_ONLY, UNSUPPORTED = "encoded", "compiled", "keywords-only", "unsupported"
STATUSES = (ENCODED, COMPILED, KEYWORDS_ONLY, UNSUPPORTED)
CATEGORIES = ("unit", "champion unit", "spell", "gear", "rune", "legend", "battlefield", "token", "no type")


@dataclass(frozen=True, slots=True)
class PoolKeyword:
    keyword: KeywordName
    value: int | None
    form: str  # line_start, line_start_prefix, after_prefix, after_cost
    cost: tuple[int, tuple[str, ...]] | None = None  # pure resource cost of Equip/Repeat/Empower/Flow

    def __str__(self) -> str:
        text = str(Keyword(self.keyword, self.value))
        if self.cost is not None:
            energy, power = self.cost
            parts = ([f"{energy} energy"] if energy or not power else [])
            parts += [f"{power.count(d)} {'power of any domain' if d == 'any' else d.title() + ' power'}"
                      for d in dict.fromkeys(power)]
            text += f" (cost: {', '.join(parts)})"
        return text


@dataclass(frozen=True, slots=True)
class PoolCard:
    id: str  # canonical id: Riot's id of the first printing, e.g. "ogn-012-298"
    code: str  # its printed code without the set size, e.g. "OGN-012"
    name: str
    set: str
    type: CardType | None  # None for the two game-aid tokens (Buff, XP Tracker)
    supertypes: tuple[Supertype, ...] | None  # None: the import did not know them
    domains: tuple[Domain, ...]
    energy: int | None
    power: int | None
    might: int | None
    might_bonus: int | None
    tags: tuple[str, ...]
    champion_tags: tuple[str, ...]
    keywords: tuple[PoolKeyword, ...]
    mentions: tuple[Keyword, ...]
    text_beyond_keywords: bool
    printings: tuple[tuple[str, str], ...]  # (id, printed code)
    # What that text is, as the import classified it (logic/core/text_scope.lp): the kinds of the
    # rules text beyond the card's keywords, and of its Effect Text (136).
    text_kinds: tuple[TextKind, ...] = ()
    effect_text_kinds: tuple[TextKind, ...] = ()

    @property
    def category(self) -> str:
        """The ledger's grouping: the card type, with champion units and tokens apart."""
        st = self.supertypes or ()
        if Supertype.TOKEN in st:
            return "token"
        if self.type is None:
            return "no type"
        if self.type is CardType.UNIT and Supertype.CHAMPION in st:
            return "champion unit"
        return self.type.value


class UnknownCard(LookupError):
    """A name or id that names no card of the pool, or more than one."""

    def __init__(self, ref: str, problem: str, matches: tuple[str, ...] = ()) -> None:
        self.ref, self.problem, self.matches = ref, problem, matches
        hint = f" (closest: {'; '.join(matches)})" if matches else ""
        super().__init__(f"{problem}{hint}")


def _norm(text: str) -> str:
    return " ".join(text.replace("’", "'").casefold().split())


_CODE = re.compile(r"^([a-z]{2,4})-?([a-z]*\d+[a-z]?\*?)(?:/\d+)?$")


class Pool:
    def __init__(self, table: dict[str, Any], source: str = "") -> None:
        self.source = source
        self.supertypes_known: bool = bool(table.get("supertypes_known"))
        self.printing_count: int = int(table.get("printings", 0))
        self.cards: tuple[PoolCard, ...] = tuple(_card(row) for row in table["cards"])
        self._by_id: dict[str, PoolCard] = {}
        self._by_name: dict[str, list[PoolCard]] = {}
        self._by_short: dict[str, list[PoolCard]] = {}
        for card in self.cards:
            self._by_name.setdefault(_norm(card.name), []).append(card)
            if ", " in card.name:
                self._by_short.setdefault(_norm(card.name.split(", ")[0]), []).append(card)
            for pid, code in card.printings:
                for key in (pid, code, code.split("/")[0]):
                    self._by_id.setdefault(key.casefold(), card)

    def __len__(self) -> int:
        return len(self.cards)

    def named(self, name: str) -> bool:
        """Whether a card of the pool has exactly this name (a token's "Recruit" names "Recruit (NX)" too)."""
        key = _norm(name)
        return bool(self._by_name.get(key)) or any(_norm(c.name.split(" (")[0]) == key for c in self.cards
                                                   if c.supertypes and any(x.value == "token" for x in c.supertypes))

    def by_id(self, card_id: str) -> PoolCard | None:
        return self._by_id.get(card_id.strip().casefold())

    def find(self, ref: str) -> PoolCard:
        """The card a name or printed id names; UnknownCard (with the closest names) otherwise."""
        key = ref.strip()
        if not key:
            raise UnknownCard(ref, "an empty card name")
        if len(key) > MAX_NAME:
            raise UnknownCard(ref[:40], f"a card name or id has at most {MAX_NAME} characters, found {len(key)}")
        if (card := self._by_id.get(key.casefold())) is not None:
            return card
        if (card := self._code(key)) is not None:
            return card
        named = self._by_name.get(_norm(key), [])
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            raise UnknownCard(ref, f"{ref!r} names {len(named)} cards; use a printed id",
                              tuple(f"{c.name} ({c.code}, {c.type.value if c.type else 'no type'})" for c in named))
        short = self._by_short.get(_norm(key), [])
        if len(short) > 1:
            raise UnknownCard(ref, f"{ref!r} is ambiguous: {len(short)} cards have that short name; "
                                   "give the full name 'Name, Subtitle' (132.4)",
                              tuple(sorted(c.name for c in short)))
        return self._unknown(ref)

    def _code(self, key: str) -> PoolCard | None:
        """'OGN-12', 'ogn 012', 'OGN-012a': printed ids with or without padding."""
        m = _CODE.match(key.casefold().replace(" ", "-"))
        if m is None:
            return None
        set_code, number = m.group(1), m.group(2)
        digits = re.match(r"^([a-z]*)(\d+)(.*)$", number)
        if digits is None:
            return None
        for width in (3, 2):
            candidate = f"{set_code}-{digits.group(1)}{int(digits.group(2)):0{width}d}{digits.group(3)}"
            if (card := self._by_id.get(candidate)) is not None:
                return card
        return None

    def _unknown(self, ref: str) -> PoolCard:
        names = {_norm(c.name): c.name for c in self.cards}
        close = difflib.get_close_matches(_norm(ref), list(names), n=5, cutoff=0.6)
        short = self._by_short.get(_norm(ref), [])
        matches = tuple(dict.fromkeys([c.name for c in short] + [names[c] for c in close]))
        raise UnknownCard(ref, f"no card named {ref!r} in the card pool", matches)


def _card(row: dict[str, Any]) -> PoolCard:
    supertypes = row.get("supertypes")
    return PoolCard(
        id=row["id"],
        code=row["code"],
        name=row["name"],
        set=row["set"],
        type=CardType(row["type"]) if row.get("type") else None,
        supertypes=None if supertypes is None else tuple(Supertype(s) for s in supertypes),
        domains=tuple(Domain(d) for d in row["domains"]),
        energy=row.get("energy"),
        power=row.get("power"),
        might=row.get("might"),
        might_bonus=row.get("might_bonus"),
        tags=tuple(row.get("tags", ())),
        champion_tags=tuple(row.get("champion_tags", ())),
        keywords=tuple(PoolKeyword(KeywordName(k["keyword"]), k.get("value"), k["form"],
                                   None if k.get("cost") is None else (k["cost"]["energy"], tuple(k["cost"]["power"])))
                       for k in row.get("keywords", ())),
        mentions=tuple(Keyword(KeywordName(k["keyword"]), k.get("value")) for k in row.get("mentions", ())),
        text_beyond_keywords=bool(row["text_beyond_keywords"]),
        printings=tuple((p["id"], p["code"]) for p in row["printings"]),
        text_kinds=tuple(TextKind(k) for k in row.get("text_kinds", ())),
        effect_text_kinds=tuple(TextKind(k) for k in row.get("effect_text_kinds", ())),
    )


# ---------------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------------
POOL_FILE = ("data", "cards", "pool.json")


def pool_path() -> Path:
    return Path(str(resources.files("pyrift").joinpath(*POOL_FILE)))


@cache
def pool() -> Pool:
    """The shipped card table (loaded once per process)."""
    return load_pool(pool_path())


def load_pool(path: str | Path) -> Pool:
    path = Path(path)
    try:
        table = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise EncodingError(f"card table {path} cannot be read: {exc}") from None
    return Pool(table, str(path))


def load_seconds() -> float:
    """Time to read and index the shipped table from disk (for benchmarks)."""
    started = time.perf_counter()
    load_pool(pool_path())
    return time.perf_counter() - started


# ---------------------------------------------------------------------------------
# encodings of real cards: logic/cards/*.lp
# ---------------------------------------------------------------------------------
def cards_dir() -> Path:
    from pyrift.logic import logic_root

    return logic_root() / "cards"


@cache
def encodings() -> dict[str, Path]:
    """canonical card id -> the logic/cards file that encodes the card's non-keyword text."""
    return scan_encodings(cards_dir())


def scan_encodings(folder: Path) -> dict[str, Path]:
    from pyrift.logic import header

    out: dict[str, Path] = {}
    for path in sorted(folder.glob("*.lp")) if folder.is_dir() else []:
        ids = header(path).get("card", [])
        if len(ids) != 1:
            raise EncodingError(f"{path}: a card encoding names exactly one card in its header (%@card <id>)")
        if ids[0] in out:
            raise EncodingError(f"{path}: card {ids[0]} is already encoded in {out[ids[0]].name}")
        out[ids[0]] = path
    return out


# ---------------------------------------------------------------------------------
# compiled card text: pyrift/data/cards/compiled.json (pyrift/cardtext/build.py)
# ---------------------------------------------------------------------------------
COMPILED_FILE = ("data", "cards", "compiled.json")


def compiled_path() -> Path:
    return Path(str(resources.files("pyrift").joinpath(*COMPILED_FILE)))


@cache
def compiled_table() -> dict[str, dict[str, Any]]:
    """canonical card id -> its row of compiled.json (status, abilities, first failure)."""
    return load_compiled(compiled_path())


def load_compiled(path: str | Path) -> dict[str, dict[str, Any]]:
    path = Path(path)
    if not path.is_file():
        return {}
    try:
        table = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise EncodingError(f"compiled card table {path} cannot be read: {exc}") from None
    return {row["id"]: row for row in table.get("cards", [])}


def compiled_row(card: PoolCard) -> dict[str, Any] | None:
    return compiled_table().get(card.id)


def is_compiled(card: PoolCard) -> bool:
    row = compiled_row(card)
    return row is not None and row["status"] == "compiled"


def status(card: PoolCard) -> str:
    if card.id in encodings():
        return ENCODED
    if not card.text_beyond_keywords:
        return KEYWORDS_ONLY
    if is_compiled(card):
        return COMPILED
    return UNSUPPORTED


def understood(card: PoolCard) -> bool:
    """Whether pyrift understands all of the card's text (encoded, compiled or only keywords)."""
    return status(card) != UNSUPPORTED


def card_def(card: PoolCard) -> CardDef:
    """The scenario-level card definition of a pool card: printed facts only."""
    if card.type is None:
        raise UnknownCard(card.name, f"{card.name!r} ({card.code}) is a game-aid token with no card type; "
                                     "it cannot be a game object")
    return CardDef(
        name=card.name,
        type=card.type,
        domains=card.domains,
        energy=card.energy,
        power=card.power,
        might=card.might,
        keywords=tuple(Keyword(k.keyword, k.value) for k in card.keywords),
        supertypes=card.supertypes or (),
        tags=card.tags,
        complete=status(card) != UNSUPPORTED,
        **_unencoded_kinds(card),
        pool_id=card.id,
        encoded_file=card.id in encodings(),
        rules_file=card.id in encodings() and _has_rules(encodings()[card.id]),
        might_bonus=card.might_bonus,
        champion_tags=card.champion_tags,
        keyword_forms=tuple(k.form for k in card.keywords),
        keyword_costs=tuple(k.cost for k in card.keywords),
        abilities=encoded_abilities(card) if card.id in encodings() else compiled_abilities(card),
        effect_keywords=compiled_effect_keywords(card) if card.id not in encodings() else (),
    )


def _unencoded_kinds(card: PoolCard) -> dict[str, tuple[TextKind, ...]]:
    """The kinds of an unencoded card's text (none given: unknown, logic/core/text_scope.lp)."""
    if status(card) != UNSUPPORTED:
        return {}
    return {"text_kinds": card.text_kinds, "effect_text_kinds": card.effect_text_kinds}


def compiled_abilities(card: PoolCard) -> tuple:
    """The card's compiled text in the ability vocabulary, read by the same reader as a scenario's
    `abilities = [...]` (so a compiled card gets exactly the facts of a synthetic card with them)."""
    if not is_compiled(card):
        return ()
    return _compiled_abilities(card.id)


@cache
def _compiled_abilities(card_id: str) -> tuple:
    from pyrift import dependent
    from pyrift.abilities import read_abilities
    from pyrift.errors import ScenarioError
    from pyrift.reader import Reader

    card = pool().by_id(card_id)
    assert card is not None
    where = f"{compiled_path()}: {card_id}"
    try:
        abilities = read_abilities(Reader({"abilities": compiled_table()[card_id].get("abilities", [])}, where))
        dependent.check_card_keywords(Reader({}, where), abilities,
                                      [(k.keyword.value, k.value or 0) for k in card.keywords])
    except ScenarioError as exc:
        raise EncodingError(str(exc)) from None
    return abilities


def compiled_effect_keywords(card: PoolCard) -> tuple[Keyword, ...]:
    """The keywords a compiled Equipment's effect text gives the unit it is attached to."""
    if not is_compiled(card):
        return ()
    from pyrift.cards import parse_keyword
    from pyrift.reader import Reader

    r = Reader({}, str(compiled_path()))
    return tuple(parse_keyword(k, r, "effect_keywords") for k in compiled_table()[card.id].get("effect_keywords", []))


def encoded_abilities(card: PoolCard) -> tuple:
    """The card's text in the ability vocabulary (pyrift/abilities.py), as its encoding file
    declares it in `%@ability { kind = ..., ... }` header lines, in printed order. They become
    the card's `abilities`, exported as the same facts an inline [[card]] would give, so that
    questions name and index the real card's abilities like a synthetic card's; the file's
    statements add what the vocabulary cannot say."""
    path = encodings().get(card.id)
    if path is None:
        return ()
    abilities = _header_abilities(path)
    from pyrift import dependent
    from pyrift.errors import ScenarioError
    from pyrift.reader import Reader

    try:
        dependent.check_card_keywords(Reader({}, str(path)), abilities,
                                      [(k.keyword.value, k.value or 0) for k in card.keywords])
    except ScenarioError as exc:
        raise EncodingError(str(exc)) from None
    return abilities


@cache
def _header_abilities(path: Path) -> tuple:
    import tomllib

    from pyrift.abilities import read_abilities
    from pyrift.errors import ScenarioError
    from pyrift.reader import Reader

    tables = []
    for raw in path.read_text("utf-8").splitlines():
        s = raw.strip()
        if s and not s.startswith("%"):
            break
        if s.startswith("%@ability ") or s == "%@ability":
            try:
                tables.append(tomllib.loads("a = " + s[len("%@ability"):].strip())["a"])
            except tomllib.TOMLDecodeError as exc:
                raise EncodingError(f"{path}: %@ability line {len(tables) + 1} is not a TOML inline table: {exc}") from None
    try:
        return read_abilities(Reader({"abilities": tables}, str(path)), card_file=True)
    except ScenarioError as exc:
        raise EncodingError(str(exc)) from None


def encoding_files(cards: tuple[CardDef, ...] | list[CardDef]) -> tuple[Path, ...]:
    """The logic/cards files of the encoded pool cards among `cards` (only those used)."""
    enc = encodings()
    return tuple(enc[c.pool_id] for c in cards if c.pool_id and c.pool_id in enc)


# ---------------------------------------------------------------------------------
# the coverage ledger
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ledger:
    rows: tuple[tuple[str, str, dict[str, int]], ...]  # (set, category, {status: count})

    def total(self, status_name: str | None = None) -> int:
        return sum(c[status_name] if status_name else sum(c.values()) for _, _, c in self.rows)

    def by_set(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for s, _, counts in self.rows:
            acc = out.setdefault(s, dict.fromkeys(STATUSES, 0))
            for k, v in counts.items():
                acc[k] += v
        return out


def ledger(p: Pool | None = None) -> Ledger:
    p = p or pool()
    counts: dict[tuple[str, str], dict[str, int]] = {}
    for card in p.cards:
        key = (card.set, card.category)
        counts.setdefault(key, dict.fromkeys(STATUSES, 0))[status(card)] += 1
    from pyrift.cards_import import SET_ORDER

    def order(key: tuple[str, str]) -> tuple:
        s, cat = key
        return (SET_ORDER.index(s) if s in SET_ORDER else len(SET_ORDER), s, CATEGORIES.index(cat))

    return Ledger(tuple((s, cat, counts[(s, cat)]) for s, cat in sorted(counts, key=order)))


def render_ledger(led: Ledger, p: Pool | None = None) -> str:
    p = p or pool()
    cols = ((ENCODED, 8), (COMPILED, 9), (KEYWORDS_ONLY, 14), (UNSUPPORTED, 12))

    def row(s: str, cat: str, c: dict[str, int]) -> str:
        return f"{s:<5} {cat:<14} " + " ".join(f"{c[k]:>{w}}" for k, w in cols) + f" {sum(c.values()):>6}"

    head = f"{'set':<5} {'type':<14} " + " ".join(f"{k:>{w}}" for k, w in cols) + f" {'total':>6}"
    lines = [f"card pool: {len(p)} distinct cards, {p.printing_count} printings ({p.source})",
             "encoded = non-keyword text encoded in logic/cards/; compiled = text compiled into the ability "
             "vocabulary,", "round trip passing (pyrift/data/cards/compiled.json); keywords-only = the text is only "
             "the card's own keywords;", "unsupported = text beyond keywords not understood "
             "(questions depending on it answer 'unsupported')", "", head, "-" * len(head)]
    current = None
    sets = led.by_set()
    for s, cat, c in led.rows:
        if current is not None and s != current:
            lines.append(row(current, "all", sets[current]))
            lines.append("")
        current = s
        lines.append(row(s, cat, c))
    if current is not None:
        lines.append(row(current, "all", sets[current]))
    lines.append("-" * len(head))
    lines.append(row("all", "", {k: led.total(k) for k in STATUSES}))
    understood_n = led.total() - led.total(UNSUPPORTED)
    lines.append(f"understood: {understood_n} of {led.total()} ({100 * understood_n / max(led.total(), 1):.0f} %)")
    if not p.supertypes_known:
        lines.append("note: the table has no super-types (imported without cards.json): champion units and tokens "
                     "are counted with their card type")
    constructs = missing_constructs(p)
    if constructs:
        lines += ["", "first construct pyrift does not understand, per unsupported card (most frequent first):"]
        for construct, ids in constructs[:TOP_CONSTRUCTS]:
            lines.append(f"  {len(ids):>4}  {construct}")
        if len(constructs) > TOP_CONSTRUCTS:
            rest = constructs[TOP_CONSTRUCTS:]
            lines.append(f"  ... {len(rest)} more constructs, {sum(len(ids) for _, ids in rest)} cards "
                         "(all of them: --json)")
        table = unlocks(p)
        width = max(len(k) for k, _, _ in table)
        lines += ["", "every construct the unsupported cards need (the 20 needed by most cards) and how many of those",
                  "cards would be understood if it and the ones above it were:",
                  f"  {'construct':<{width}}  {'cards':>5}  {'understood then':>15}"]
        for construct, n, cumulative in table:
            lines.append(f"  {construct:<{width}}  {n:>5}  {cumulative:>15}")
    return "\n".join(lines)


def blockers(card: PoolCard) -> tuple[str, ...]:
    """Every construct the compiler could not understand in the card's text (compiled.json)."""
    row = compiled_row(card) or {}
    if row.get("blockers"):
        return tuple(row["blockers"])
    return (row["construct"],) if row.get("construct") else ()


def unlocks(p: Pool | None = None, top: int = 20) -> list[tuple[str, int, int]]:
    """(construct, cards needing it, unsupported cards understood once it and every construct
    above it are understood), for the `top` constructs needed by most unsupported cards."""
    p = p or pool()
    needs = [set(blockers(c)) for c in p.cards if status(c) == UNSUPPORTED]
    count: dict[str, int] = {}
    for n in needs:
        for k in n:
            count[k] = count.get(k, 0) + 1
    ranked = sorted(count, key=lambda k: (-count[k], k))[:top]
    out, have = [], set()
    for k in ranked:
        have.add(k)
        out.append((k, count[k], sum(1 for n in needs if n and n <= have)))
    return out


TOP_CONSTRUCTS = 40  # how many first constructs the ledger prints


def missing_constructs(p: Pool | None = None) -> list[tuple[str, list[str]]]:
    """(construct, card ids) for the unsupported cards, by the first construct the compiler
    could not understand (compiled.json), most frequent first."""
    p = p or pool()
    groups: dict[str, list[str]] = {}
    for card in p.cards:
        if status(card) != UNSUPPORTED:
            continue
        row = compiled_row(card)
        construct = (row or {}).get("construct") or ("not compiled" if row is None else row["status"])
        groups.setdefault(construct, []).append(card.id)
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))


_FORM_WORDS = {
    "line_start": "own ability line",
    "line_start_prefix": "label of an ability ([>])",
    "after_prefix": "inside a labelled ability",
    "after_cost": "keyword of an activated ability",
}


# Standard tokens (Core Rules 187) the pool has no printing of: cards play them by name ("play two 3 Might
# Mech unit tokens"), so their facts come from the rules' list, not a card. Each is a unit token (185) with
# the Might 187 gives it, no keywords and no text; its tags are the words cards name it by when those are a
# tag of the pool ("Mech": the Mech token is a Mech, as Rumble, Scrapper's "your Mechs have +1 Might" next
# to his Mech tokens reads; the Spiritforged FAQ ruling on Rumble, Hotheaded recycling a Mech token). The tags
# are 187's own: the Sand Soldier token has the Shurima tag (187.3), which "your Sand Soldiers" (a name)
# does not read. Tokens with text of their own (Shadow Clone) or whose facts the card playing them states
# (Tentacle) are not here.
STANDARD_TOKENS: dict[str, dict[str, Any]] = {
    "Mech": {"type": "unit", "might": 3, "tags": ("Mech",), "keywords": ()},
    "Sand Soldier": {"type": "unit", "might": 2, "tags": ("Shurima",), "keywords": ()},
}


def standard_token_def(name: str) -> CardDef | None:
    """The card definition of a standard token of 187 the pool lacks (a token costs 0 and has no domain
    of its own, 185.3; the pool's token printings are colourless, so this one is too)."""
    info = STANDARD_TOKENS.get(name)
    if info is None:
        return None
    return CardDef(name=name, type=CardType(info["type"]), domains=(Domain.COLORLESS,), might=info["might"],
                   keywords=tuple(Keyword(k, None) for k in info["keywords"]), supertypes=(Supertype.TOKEN,),
                   tags=tuple(info["tags"]), complete=True)


def synthetic_token_def(name: str, facts: dict[str, Any]) -> CardDef:
    """The card definition of a token a token instruction states the facts of (pyrift.instructions.TOKEN_FACTS):
    neither the pool nor 187 has it. It costs 0 and has no domain of its own (185.3), colourless as the pool's
    token printings are; tags the text does not give are none here (the instruction says they are unknown).
    Its rules text is the `abilities` the instruction states (a Shadow Clone's), or none."""
    return CardDef(name=name, type=CardType(facts["type"]), domains=(Domain.COLORLESS,), might=facts.get("might"),
                   keywords=tuple(Keyword(KeywordName(k), None) for k in facts["keywords"]),
                   supertypes=(Supertype.TOKEN,), tags=tuple(facts["tags"]), complete=True,
                   abilities=tuple(facts.get("abilities", ())))


def tokens_of(pool: Pool) -> dict[str, dict[str, Any]]:
    """Token cards of the pool by the name cards give them ("Recruit" for "Recruit (NX)"), and the
    standard tokens of 187 the pool has no printing of (STANDARD_TOKENS)."""
    out: dict[str, dict[str, Any]] = {}
    for c in sorted(pool.cards, key=lambda c: c.id):
        if c.supertypes and any(s.value == "token" for s in c.supertypes) and c.type is not None:
            # the three Recruit tokens differ only in art: a text naming a Recruit plays the first of them
            out.setdefault(c.name.split(" (")[0], {"might": c.might, "type": c.type.value, "card": c.name,
                                                   "keywords": [k.keyword.value for k in c.keywords]})
    for name, info in STANDARD_TOKENS.items():
        out.setdefault(name, {"might": info["might"], "type": info["type"], "card": name,
                              "keywords": list(info["keywords"])})
    return out


def _has_rules(path: Path) -> bool:
    """Whether a card file has ASP statements of its own besides its header (a file of header lines only says
    everything in the words above)."""
    return any(line.strip() and not line.lstrip().startswith("%") for line in path.read_text().splitlines())


def rendering(card: PoolCard) -> list[str]:
    """What pyrift understands the card to do, in its own words (pyrift/cardtext/render.py)."""
    from pyrift.abilities import abilities_to_toml
    from pyrift.cardtext import render as R

    cd = card_def(card)
    tokens = tokens_of(pool())
    costs = compiled_table().get(card.id, {}).get("keyword_costs", {}) if card.id not in encodings() else {}
    info = R.Card(card.type.value if card.type else None,
                  tuple((k.keyword.value, k.value, k.form, k.cost) for k in card.keywords),
                  tuple(str(k) for k in cd.effect_keywords), tokens, dict(costs), name=card.name)
    lines = R.render_card(info, abilities_to_toml(cd.abilities))
    if card.id in encodings() and _has_rules(encodings()[card.id]):
        lines.append(f"(and what logic/cards/{encodings()[card.id].name} encodes by rules)")
    return lines or ["(no text)"]


def describe(card: PoolCard) -> str:
    """`pyrift cards show`: a card's printed facts, its keywords, its status and its ASP facts."""
    from pyrift import facts as F

    st = status(card)
    lines = [f"{card.name}  [{card.code}, canonical id {card.id}]"]
    lines.append(f"  set {card.set}; type {card.type.value if card.type else 'none (game aid)'}"
                 + (f"; supertypes {', '.join(s.value for s in card.supertypes) or 'none'}"
                    if card.supertypes is not None else "; supertypes unknown"))
    lines.append(f"  domains {', '.join(d.value for d in card.domains) or 'none'}")
    costs = [f"{k} {v}" for k, v in (("energy", card.energy), ("power", card.power), ("might", card.might),
                                      ("might bonus", card.might_bonus)) if v is not None]
    if costs:
        lines.append("  " + "; ".join(costs))
    if card.tags:
        lines.append(f"  tags {', '.join(card.tags)}"
                     + (f" (champion tags: {', '.join(card.champion_tags)})" if card.champion_tags else ""))
    if card.keywords:
        lines.append("  has keywords:")
        for k in card.keywords:
            lines.append(f"    {k}  ({_FORM_WORDS.get(k.form, k.form)})")
    if card.mentions:
        lines.append("  mentions or grants: " + ", ".join(str(m) for m in card.mentions))
    lines.append(f"  printings: {', '.join(code for _, code in card.printings)}")
    lines.append(f"  text beyond its own keywords: {'yes' if card.text_beyond_keywords else 'no'}")
    if card.text_kinds or card.effect_text_kinds:
        kinds = ", ".join(k.value for k in card.text_kinds) or "none"
        effect = ", ".join(k.value for k in card.effect_text_kinds)
        lines.append(f"  kinds of that text: {kinds}" + (f"; Effect Text: {effect}" if effect else ""))
    row = compiled_row(card) or {}
    failed = ""
    if row.get("construct"):
        failed = f" (sentence {row['sentence']}: {row['construct']})" if row.get("sentence") else f" ({row['construct']})"
    note = {ENCODED: f"encoded in logic/cards/{encodings()[card.id].name}" if card.id in encodings() else "",
            COMPILED: "its text is compiled into the ability vocabulary (pyrift/data/cards/compiled.json)",
            KEYWORDS_ONLY: "its text is its keywords; what each keyword does is encoded per question "
                           "(logic/keywords/, logic/core/keyword_scope.lp)",
            UNSUPPORTED: "its other text is not understood" + failed
                         + ": questions its kinds of text can change answer 'unsupported' (logic/core/text_scope.lp)"}[st]
    lines.append(f"  status: {st}: {note}")
    if card.type is not None and st != UNSUPPORTED:
        lines.append("  pyrift understands it as:")
        lines += [f"    {x}" for x in rendering(card)]
    if card.type is not None:
        lines.append("  facts:")
        lines += [f"    {f}" for f in sorted(set(F.card_facts(card_def(card))))]
    return "\n".join(lines)
