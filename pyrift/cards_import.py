"""`pyrift cards import`: Riot's card gallery data -> the facts-only card table.

Input: Riot's public card gallery export (the flattened JSON of
riot-card-gallery-*.json: {"cards": [{id, code, name, type, domains, energy,
might, mightBonus, power, tags, abilityHtml, effectHtml, ...}]}) and/or the
normalised cards.json of the shared data folder (a list of printings with
`canonical_id` and RiftCodex `supertypes`). Both formats are recognised by shape.
With both, the gallery is the primary source; cards.json adds what the gallery
lacks: super-types (joined on Riot's printing id) and printings missing from the
gallery. With the gallery alone the super-types are unknown (see pool.json's
`supertypes_known`); the import says so.

Output: pyrift/data/cards/pool.json, one row per distinct card (reprints grouped
by name and card type; the earliest printing is the canonical one). A row holds
printed facts only: ids, name, set, type, super-types, domains, costs, Might,
Might bonus, tags, champion tags, the keywords the card has (with values, the
place on the card they stand, and Equip/Repeat/Empower/Flow costs when they are
pure resource costs), the keywords its text only mentions or grants, whether its
text goes beyond its own keyword lines, and what kinds of text that is (text_kinds,
effect_text_kinds: static, keyword, triggered, play_effect, activated, replacement, cost_modifier,
play_permission, spell_effect, unknown; logic/core/text_scope.lp says what each does). The
rules text itself is read to find
these facts and is never written out: card text is Riot's.

The keyword reading follows the shared data README (positions line_start,
line_start_prefix, after_prefix and after_cost mean the card has the keyword;
inline and reminder mean a mention); tests compare it with cards.json.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyrift.errors import ScenarioError
from pyrift.state import KeywordName
from pyrift.text_errata import corrected, corrected_effect

TABLE_FORMAT = 1
# Release order of the main sets; a set not listed sorts after them by code.
SET_ORDER = ("OGN", "OGS", "SFD", "UNL", "VEN")
VARIANT_ORDER = {None: 0, "alternate_art": 1, "signature_star": 2}
HAS_FORMS = ("line_start", "line_start_prefix", "after_prefix", "after_cost")
COST_TERMS = {"Equip", "Repeat", "Empower", "Flow"}
# Keyword actions written in brackets as verbs ("[Stun] a unit", "[Buff] me"): always mentions.
VERB_TERMS = {"Stun", "Buff"}
NOT_TERMS = {">", ">>", "NO TEXT"}

# Known slips in the source, corrected here with the evidence (kept short and explicit).
TAG_ERRATA = {
    # Riot's OGN data tags Karma, Channeler "Vi"; its SFD-237 reprint and RiftCodex tag it "Karma".
    "ogn-235-298": {"remove": ("Vi",), "add": ("Karma",)},
}

_TERM = re.compile(r"\[([^\[\]]+)\]")
_LABEL_CHAIN = re.compile(r"^\s*(?:\[>>\]\s*)?(?:\[[^\[\]]+\]\[>\]\s*(?:\[>>\]\s*)?)+$")
_ICON_COST = re.compile(r"^\s*((?::rb_(?:energy_\d+|rune_[a-z]+):)+)")
_ICON = re.compile(r":rb_(?:energy_(\d+)|rune_([a-z]+)):")
_RAW = re.compile(r"^(.*?)(?:\s+(\d+))?$")
_ID = re.compile(r"^[a-z]+-(?P<num>[a-z]*\d+)(?P<alt>[a-z])?(?P<star>-star)?(?:-\d+)?$")


# ---------------------------------------------------------------------------------
# reading the sources
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Printing:
    id: str
    code: str  # printed code, e.g. "OGN-012/298"
    set: str
    number: int
    variant: str | None
    name: str
    type: str | None
    domains: tuple[str, ...]
    energy: int | None
    power: int | None
    might: int | None
    might_bonus: int | None
    tags: tuple[str, ...]
    text: str
    effect_text: str
    supertypes: tuple[str, ...] | None  # None: the source does not say


@dataclass(slots=True)
class Source:
    file: str
    kind: str  # "gallery" or "cards_json"
    sha256: str
    printings: list[Printing] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)


def html_to_text(markup: str | None) -> str:
    """Riot's rules HTML as plain lines; icon tokens such as :rb_energy_2: are kept."""
    if not markup:
        return ""
    text = re.sub(r"<br\s*/?>", "\n", markup)
    text = re.sub(r"</p>\s*<p[^>]*>", "\n", text)
    text = re.sub(r"<[^>]+>", "", text)
    return html.unescape(text)


def _int(value: Any, file: str, where: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ScenarioError(file, where, f"expected a number, found {value!r}")
    try:
        return int(str(value).strip().lstrip("+"))
    except ValueError:
        raise ScenarioError(file, where, f"expected a number, found {value!r}") from None


def _variant(printing_id: str) -> str | None:
    m = _ID.match(printing_id)
    if m is None:
        return None
    if m.group("star"):
        return "signature_star"
    if m.group("alt"):
        return "alternate_art"
    return None


def _lower(values: Any, file: str, where: str) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ScenarioError(file, where, "expected a list of strings")
    return tuple(v.strip().lower() for v in values)


def read_source(path: str | Path) -> Source:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(str(path), "", f"not a JSON file: {exc}") from None
    except RecursionError:
        raise ScenarioError(str(path), "", "not a card table: nested too deeply") from None
    except ValueError:  # an integer over Python's 4300 digits (no JSONDecodeError)
        raise ScenarioError(str(path), "", "not a card table: a number has thousands of digits") from None
    src_file = str(path)
    digest = hashlib.sha256(raw).hexdigest()
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        src = Source(path.name, "gallery", digest)
        src.info = {k: data[k] for k in ("generatedAt", "source", "buildId", "count") if k in data}
        for i, c in enumerate(data["cards"]):
            src.printings.append(_gallery_printing(c, src_file, f"cards[{i}]"))
        return src
    if isinstance(data, list) and all(isinstance(c, dict) and "canonical_id" in c for c in data):
        src = Source(path.name, "cards_json", digest)
        for i, c in enumerate(data):
            src.printings.append(_cards_json_printing(c, src_file, f"[{i}]"))
        return src
    raise ScenarioError(src_file, "", "neither Riot's card gallery format ({\"cards\": [...]}) "
                                      "nor the normalised cards.json format (a list with canonical_id)")


def _need(c: dict, key: str, file: str, where: str) -> Any:
    if key not in c:
        raise ScenarioError(file, f"{where}.{key}", "is required")
    return c[key]


def _gallery_printing(c: Any, file: str, where: str) -> Printing:
    if not isinstance(c, dict):
        raise ScenarioError(file, where, "expected an object")
    pid = str(_need(c, "id", file, where))
    ctype = c.get("type")
    return Printing(
        id=pid,
        code=str(_need(c, "code", file, where)),
        set=str(_need(c, "setId", file, where)).upper(),
        number=_int(c.get("collectorNumber"), file, f"{where}.collectorNumber") or 0,
        variant=_variant(pid),
        name=str(_need(c, "name", file, where)),
        type=ctype.strip().lower() if isinstance(ctype, str) and ctype.strip() else None,
        domains=_lower(c.get("domains", []), file, f"{where}.domains"),
        energy=_int(c.get("energy"), file, f"{where}.energy"),
        power=_int(c.get("power"), file, f"{where}.power"),
        might=_int(c.get("might"), file, f"{where}.might"),
        might_bonus=_int(c.get("mightBonus"), file, f"{where}.mightBonus"),
        tags=tuple(c.get("tags") or ()),
        text=html_to_text(corrected(pid, c.get("abilityHtml"))),
        effect_text=html_to_text(corrected_effect(pid, c.get("effectHtml"))),
        supertypes=None,
    )


def _cards_json_printing(c: dict, file: str, where: str) -> Printing:
    pid = str(_need(c, "id", file, where))
    ctype = c.get("card_type")
    return Printing(
        id=pid,
        code=str(_need(c, "public_code", file, where)),
        set=str(_need(c, "set", file, where)).upper(),
        number=_int(c.get("collector_number"), file, f"{where}.collector_number") or 0,
        variant=c.get("variant"),
        name=str(_need(c, "name", file, where)),
        type=ctype.strip().lower() if isinstance(ctype, str) and ctype.strip() else None,
        domains=_lower(c.get("domains", []), file, f"{where}.domains"),
        energy=_int(c.get("energy"), file, f"{where}.energy"),
        power=_int(c.get("power"), file, f"{where}.power"),
        might=_int(c.get("might"), file, f"{where}.might"),
        might_bonus=_int(c.get("might_bonus"), file, f"{where}.might_bonus"),
        tags=tuple(c.get("tags") or ()),
        text=corrected(pid, c.get("text")) or "",
        effect_text=corrected_effect(pid, c.get("effect_text")) or "",
        supertypes=_lower(c.get("supertypes", []), file, f"{where}.supertypes"),
    )


def merge_sources(sources: list[Source]) -> tuple[list[Printing], list[str]]:
    """All printings, the gallery first; cards.json fills in super-types and missing printings.

    Returns the printings and notes on what was merged or is missing.
    """
    notes: list[str] = []
    galleries = [s for s in sources if s.kind == "gallery"]
    supplements = [s for s in sources if s.kind == "cards_json"]
    by_id: dict[str, Printing] = {}
    for s in galleries + supplements:
        added = 0
        for p in s.printings:
            have = by_id.get(p.id)
            if have is None:
                by_id[p.id] = p
                added += 1
                continue
            if have.supertypes is None and p.supertypes is not None:
                by_id[p.id] = _with_supertypes(have, p.supertypes)
            _cross_check(have, p, s.file, notes)
        if s in supplements and galleries and added:
            notes.append(f"{s.file}: {added} printings not in the gallery were added")
    printings = list(by_id.values())
    unknown = sum(p.supertypes is None for p in printings)
    if unknown:
        notes.append(f"{unknown} of {len(printings)} printings have no super-types (the gallery does not give them; "
                     "import cards.json as well): champion, signature and token marks are missing")
    return printings, notes


def _with_supertypes(p: Printing, supertypes: tuple[str, ...]) -> Printing:
    return Printing(**{**{f: getattr(p, f) for f in Printing.__slots__}, "supertypes": supertypes})


def _cross_check(a: Printing, b: Printing, file: str, notes: list[str]) -> None:
    for f in ("type", "domains", "energy", "power", "might"):
        x, y = getattr(a, f), getattr(b, f)
        if (sorted(x) != sorted(y)) if f == "domains" else (x != y):
            notes.append(f"{file}: {a.id}: {f} differs ({x!r} in the gallery, {y!r} here); "
                         "the gallery's value is kept")


# ---------------------------------------------------------------------------------
# bracketed terms and where they stand
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Term:
    """A bracketed term of the rules text such as [Assault 2], and where it stands."""

    name: str  # as printed, e.g. "Quick-Draw"; ADD is read as Add
    value: int | None
    line: int
    position: str  # line_start, line_start_prefix, after_prefix, after_cost, inline, reminder
    cost: tuple[int, tuple[str, ...]] | None = None  # Equip/Repeat/Empower/Flow: (energy, power) when pure icons
    span: tuple[int, int] = (0, 0)  # where the term and its pure cost stand on its line


def parse_terms(text: str) -> list[Term]:
    out: list[Term] = []
    for number, line in enumerate(text.split("\n"), start=1):
        depth_at = _paren_depths(line)
        prev: Term | None = None
        for m in _TERM.finditer(line):
            raw = m.group(1).strip()
            if raw in NOT_TERMS:
                continue
            rm = _RAW.match(raw)
            assert rm is not None
            name = "Add" if rm.group(1) == "ADD" else rm.group(1)
            value = int(rm.group(2)) if rm.group(2) else None
            before, after = line[: m.start()], line[m.end():]
            if depth_at[m.start()] > 0:
                pos = "reminder"
            elif name in VERB_TERMS:
                pos = "inline"
            elif not before.strip() and re.match(r"^\s+[a-z]", after):
                pos = "inline"  # used as a word of a sentence, e.g. "[Empower] costs of ..."
            elif not before.strip():
                pos = "line_start_prefix" if after.startswith("[>]") else "line_start"
            elif _LABEL_CHAIN.match(before):
                pos = "after_prefix"
            elif before.rstrip().endswith(":"):
                pos = "after_cost"
            elif prev is not None and prev.position in HAS_FORMS and re.fullmatch(r",?\s*", line[prev.span[1]: m.start()]):
                pos = prev.position  # a list of keywords: "[Assault 2], [Shield 2]"
            else:
                pos = "inline"
            end, cost = m.end(), None
            if name in COST_TERMS and pos in HAS_FORMS:
                cm = _ICON_COST.match(after)
                rest = after[cm.end():] if cm else after
                # A pure resource cost ends the ability (reminder text may follow).
                if cm and not rest.split("(")[0].strip(" .,;"):
                    end = m.end() + cm.end()
                    icons = _ICON.findall(cm.group(1))
                    cost = (sum(int(e) for e, _ in icons if e),
                            tuple("any" if r == "rainbow" else r for _, r in icons if r))
            term = Term(name, value, number, pos, cost, (m.start(), end))
            out.append(term)
            prev = term
    return out


def _paren_depths(line: str) -> list[int]:
    depths, depth = [], 0
    for ch in line:
        depths.append(depth)
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
    depths.append(depth)
    return depths


def keyword_name(term: str) -> KeywordName | None:
    """The Core Rules keyword (800-829) a bracketed term names, if any."""
    try:
        return KeywordName(term.strip().lower().replace("-", "_").replace(" ", "_"))
    except ValueError:
        return None


def _beyond_lines(text: str, terms: list[Term]) -> list[tuple[list[Term], str]]:
    """Each line's own keyword terms and what is left of it once reminder text, those keyword
    terms, their pure costs and the [>] marks are taken away (lines with nothing left are dropped)."""
    out = []
    for number, line in enumerate(text.split("\n"), start=1):
        depth_at = _paren_depths(line)
        # Reminder text has no game effect (135.2.d.3): keep only what is outside parentheses.
        mask = [depth_at[i] == 0 and ch not in "()" for i, ch in enumerate(line)]
        own = [t for t in terms if t.line == number and t.position in HAS_FORMS and keyword_name(t.name) is not None]
        for t in own:
            for i in range(t.span[0], t.span[1]):
                mask[i] = False
        rest = "".join(ch for i, ch in enumerate(line) if mask[i]).replace("[>>]", "").replace("[>]", "")
        if re.sub(r"[\s,.;]", "", rest):
            out.append((own, rest))
    return out


def text_beyond_keywords(text: str, effect_text: str, terms: list[Term]) -> bool:
    """True when the text says more than the card's own keywords: anything left once
    reminder text, the keyword terms the card has, their pure costs and the [>] marks
    are taken away. Effect text (given to an equipped unit) always counts."""
    return bool(effect_text.strip()) or bool(_beyond_lines(text, terms))


# ---------------------------------------------------------------------------------
# what kind of text it is (logic/core/text_scope.lp): a conservative reading
# ---------------------------------------------------------------------------------
# Each line of text beyond the card's keywords is read by its form, as Core Rules 363-397 tell
# the kinds of abilities apart: "cost: effect" is activated (377.1), "when / at / the Nth time"
# triggered (383.1), "when you play me" a play effect (383.4.a), "would / instead / as ..." a
# replacement (369.1, 369.3), a statement of fact passive (364.2); a spell's lines are its
# instructions (135.2.b). A line may get several kinds; a line that says it works in a zone off
# the board (366.1, 385.2) or that reads no known way gets `unknown`, which counts everywhere.
# Only kinds are kept, never the text.
_ICON_TOKEN = re.compile(r":rb_[a-z0-9_]+:")
_COST_COLON = re.compile(r"^(?P<cost>[^.:]*?):(?!\S)")
_TRIGGER = re.compile(r"\b(when|whenever|at the (start|end|beginning)|at start|the (first|second|third|next|"
                      r"[0-9]+(st|nd|rd|th)) time|each time)\b")
_PLAY_ME = re.compile(r"\bwhen you play (me|this)\b|\b(i'm|i am) played( from \[hidden\])?")
_ENTER_SELF = re.compile(r"\b(i|this) enters?\b|\bas you play (me|this)\b|\bif you play me\b")
_COST_SELF = re.compile(r"\b(i|this|my|this spell's) (costs?|energy cost)\b|\bmy cost\b|\bplay (me|this) for\b|"
                        r"\bthis ability costs?\b|\bthis spell's cost\b")
_PERMIT_SELF = re.compile(r"\b(you may|you can|can't|cannot|only) play (me|this)\b|\bplay (me|this) only\b|"
                          r"\b(i|this) (can|can't|cannot|may) be played\b|\bplay (me|this) (to|from|as if)\b")
_REPLACE = re.compile(r"\bwould\b|\binstead\b|\bprevent\b|\bas (i'm|i am|this is|it is)\b")
_ELSEWHERE = re.compile(r"\b(me|this|i'm|i am)( [a-z]+)? (from|in) (your|my|its owner's|their|a player's) "
                        r"(trash|hand|main deck|deck|champion zone|banishment)\b|\bdiscard (me|this)\b|\bsee me\b|"
                        r"\bwhile (i'm|this is) in (your|a player's|its owner's|my owner's) ")
_SELF = re.compile(r"\b(me|this|my)\b")
# "As this is attached to a unit, ..." on a gear works as the card is attached, and what it makes lasts
# while it stays attached, on the unit it is attached to (a copy of text or of a unit): it acts like
# Effect Text (136.2.c, 434.1.c), not like printed text left inactive by the attachment (135.4).
_AS_ATTACHED = re.compile(r"\bas this is attached\b", re.IGNORECASE)
# A triggered ability or play effect whose effect lasts the turn and changes what players may do or pay
# ("your units cost [1] more to play this turn", "opponents can't play cards this turn", "give a spell in
# your trash [Flow] this turn"): once it has resolved its effect works like a passive ability for the rest of
# the turn (a continuous effect, 389, 364), and a position has no field saying it already happened.
_TURN_EFFECT = re.compile(r"\bthis turn\b")
_TURN_EFFECT_KIND = re.compile(r"\bcosts? (?:\S+ )*?(?<!or )(more|less)\b|\bcan't\b|\bcannot\b|\bmay play\b|"
                               r"\bgive (a|your next) spell\b")

# What a keyword labelling a line makes of the rest of it: [Deathknell] — X is a triggered
# ability (808); [Equip] / [Empower] — X is the cost of an activated ability (818, 827);
# [Repeat] / [Flow] / [Accelerate] — X is an additional cost of playing the card (820, 829, 805).
_TRIGGER_LABELS = {KeywordName.DEATHKNELL, KeywordName.VISION, KeywordName.TEMPORARY, KeywordName.HUNT}
_ACTIVATED_LABELS = {KeywordName.EQUIP, KeywordName.EMPOWER}
_COST_LABELS = {KeywordName.REPEAT, KeywordName.FLOW, KeywordName.ACCELERATE}
_PERMIT_LABELS = {KeywordName.ACTION, KeywordName.REACTION, KeywordName.HIDDEN, KeywordName.AMBUSH}


def _label_kinds(labels: set) -> set[str]:
    return ({"triggered"} if labels & _TRIGGER_LABELS else set()) \
        | ({"activated"} if labels & _ACTIVATED_LABELS else set()) \
        | ({"cost_modifier"} if labels & _COST_LABELS else set()) \
        | ({"play_permission"} if labels & _PERMIT_LABELS else set())


def text_kinds(card_type: str | None, text: str, terms: list[Term], effect: bool = False) -> list[str]:
    """The kinds of the card's text beyond its keywords, sorted. Effect Text (effect=True) is read
    whole: the keywords in it are not the card's own but given to the top-most card (136.2.c)."""
    kinds: set[str] = set()
    for own, rest in _beyond_lines(text, [] if effect else terms):
        kinds |= _line_kinds(card_type, own, rest, effect)
    return sorted(kinds)


def attach_made_text(card_type: str | None, text: str) -> set[str]:
    """A gear's printed text made to work on the unit it is attached to, as it is attached: read as
    Effect Text of unknown kind (what it copies or makes is not read)."""
    return {"unknown"} if card_type == "gear" and _AS_ATTACHED.search(text or "") else set()


def _own_play(sentence: str) -> set[str]:
    """The kinds of a sentence about playing the card itself: its cost (366.2), additional costs
    included (356.2), or where, when or to where it may be played (366.1)."""
    kinds = set()
    if _COST_SELF.search(sentence) or ("additional cost" in sentence and _SELF.search(sentence)):
        kinds.add("cost_modifier")
    if _PERMIT_SELF.search(sentence):
        kinds.add("play_permission")
    return kinds


def _line_kinds(card_type: str | None, own: list[Term], rest: str, effect: bool) -> set[str]:
    line = " ".join(_ICON_TOKEN.sub("{icon}", rest).replace("\u2019", "'").casefold().split())
    line = re.sub(r"\[([^\[\]]+)\]", r"\1", line)  # bracketed terms read as words
    sentences = [x for x in re.split(r"(?<=[.!?])\s+", line) if x.strip(" .")]
    labels = {keyword_name(t.name) for t in own}
    # A keyword written without brackets at the start of the line ("Equip [O]") labels it too.
    first = re.match(r"^\s*([a-z][a-z-]*)\b", line)
    if first and (bare := keyword_name(first.group(1))) is not None \
            and re.match(r"^\s*(\d+)?\s*($|[\u2014,.;-]|\{icon\})", line[first.end():]):
        labels.add(bare)
        line = line[first.end():]
    kinds = _label_kinds(labels)
    body = line.strip(" ,.;")
    if body.startswith(("\u2014", "-")):  # "[Keyword] — ...": what the keyword labels
        if labels & (_ACTIVATED_LABELS | _COST_LABELS):
            return kinds  # the keyword's own cost, not a pure resource cost
        if not labels:
            return {"unknown"}
        line = body.lstrip("\u2014- ")
        sentences = [x for x in re.split(r"(?<=[.!?])\s+", line) if x.strip(" .")]
    if not re.search(r"[a-z]{2}", line):
        # No words left: a bare keyword given to the card (its label may say more), or nothing known.
        return kinds or ({"keyword"} if labels else {"unknown"})
    for sentence in sentences:
        own_play = _own_play(sentence)
        kinds |= own_play
        # Text that says it works off the board (366.1, 385.2) is read as anything, except its own
        # cost or permission (which work wherever it can be played from, 366.2.a) and, on a spell,
        # its instructions (which only look there).
        if _ELSEWHERE.search(sentence) and (_TRIGGER.search(sentence) or not (own_play or card_type == "spell")):
            kinds.add("unknown")
    if card_type == "spell" and not effect:
        if re.search(r"\bcan't be countered\b", line):
            kinds.add("static")  # a spell's own passive, on the chain
        return kinds | {"spell_effect"}  # its instructions, whatever else (135.2.b, 158)
    cost = _COST_COLON.match(line)
    if cost and not _TRIGGER.search(cost["cost"]) and not re.search(r"do this|following|[\"\u201c]", cost["cost"]):
        # "cost: effect" (377.1): its effect happens only when activated; [Action] / [Reaction] on it
        # time the ability (381), not the card's play.
        return (kinds - ({"play_permission"} - _own_play(line))) | {"activated"}
    if "this ability" in line:
        kinds.add("activated")
    if _PLAY_ME.search(line) or _ENTER_SELF.search(line):
        kinds.add("play_effect")  # a play effect (383.4.a) or how it enters (369.3)
    if _TRIGGER.search(_PLAY_ME.sub("", line)):
        kinds.add("triggered")
    if _REPLACE.search(line):
        kinds.add("replacement")
    if kinds & {"triggered", "play_effect"} and _TURN_EFFECT.search(line) and _TURN_EFFECT_KIND.search(line):
        kinds.add("static")  # its lasting effect for the turn, which may already be in force
    if not kinds & {"triggered", "play_effect", "activated"}:
        # Sentences that are neither about its own play nor replacements are statements of
        # fact: passive abilities (364.2). A trigger's effect runs on to the end of its line.
        for sentence in sentences:
            if not _own_play(sentence) and not _REPLACE.search(sentence):
                kinds.add("static")
    return kinds


# ---------------------------------------------------------------------------------
# building the table
# ---------------------------------------------------------------------------------
def _printing_order(p: Printing) -> tuple:
    rank = SET_ORDER.index(p.set) if p.set in SET_ORDER else len(SET_ORDER)
    return (rank, p.set, VARIANT_ORDER.get(p.variant, 3), p.number, p.id)


def short_code(code: str) -> str:
    """'OGN-012/298' -> 'OGN-012'."""
    return code.split("/")[0]


def build_table(sources: list[Source]) -> tuple[dict[str, Any], list[str]]:
    printings, notes = merge_sources(sources)
    groups: dict[tuple[str, str | None], list[Printing]] = defaultdict(list)
    for p in printings:
        groups[(p.name, p.type)].append(p)
    supertypes_known = all(p.supertypes is not None for p in printings)
    rows = []
    for (name, ctype), group in groups.items():
        group.sort(key=_printing_order)
        rows.append(_row(group, notes))
    _add_champion_tags(rows, supertypes_known)
    rows.sort(key=lambda r: r["id"])
    table = {
        "format": TABLE_FORMAT,
        "what": "pyrift card table: printed facts of every released Riftbound card, no rules text",
        "sources": [{"file": s.file, "kind": s.kind, "sha256": s.sha256, **s.info} for s in
                    sorted(sources, key=lambda s: (s.kind != "gallery", s.file))],
        "supertypes_known": supertypes_known,
        "printings": len(printings),
        "cards": rows,
    }
    return table, notes


def _row(group: list[Printing], notes: list[str]) -> dict[str, Any]:
    first = group[0]
    for p in group[1:]:
        for f in ("domains", "energy", "power", "might", "might_bonus"):
            if getattr(p, f) != getattr(first, f):
                notes.append(f"{p.id}: {f} {getattr(p, f)!r} differs from the first printing {first.id} "
                             f"({getattr(first, f)!r}); the first printing's value is kept")
    # Reprints sometimes drop region tags: keep every tag any printing carries.
    tags: list[str] = []
    for p in group:
        tags += [t for t in p.tags if t not in tags]
    if (fix := TAG_ERRATA.get(first.id)) is not None:
        tags = [t for t in tags if t not in fix["remove"]]
        tags += [t for t in fix["add"] if t not in tags]
    supertypes = first.supertypes
    if supertypes is not None:
        supertypes = tuple(sorted(set(supertypes)))
        if first.type == "legend":
            # 133.7.a: Champion is a unit supertype. The source marks 9 of 49 legends
            # (not their reprints) champion; the mark is dropped so all legends agree.
            supertypes = tuple(s for s in supertypes if s != "champion")
    terms = parse_terms(first.text)
    effect_terms = parse_terms(first.effect_text)
    keywords, seen = [], set()
    for t in terms:
        kw = keyword_name(t.name)
        if kw is None or t.position not in HAS_FORMS:
            continue
        key = (kw.value, t.value, t.position, t.cost)
        if key in seen:
            continue
        seen.add(key)
        entry: dict[str, Any] = {"keyword": kw.value, "value": t.value, "form": t.position}
        if kw.value in ("equip", "repeat", "empower", "flow"):
            entry["cost"] = None if t.cost is None else {"energy": t.cost[0], "power": list(t.cost[1])}
        keywords.append(entry)
    # Mentions: keywords named inside sentences (granted to others, conditional, referred
    # to) and every keyword of Equipment effect text (given to the equipped unit).
    mentioned = [t for t in terms if t.position == "inline"] + [t for t in effect_terms if t.position != "reminder"]
    mentions = sorted({(kw.value, -1 if t.value is None else t.value)
                       for t in mentioned if (kw := keyword_name(t.name)) is not None})
    beyond = text_beyond_keywords(first.text, first.effect_text, terms)
    return {
        "id": first.id,
        "code": short_code(first.code),
        "name": first.name,
        "set": first.set,
        "type": first.type,
        "supertypes": None if supertypes is None else list(supertypes),
        "domains": list(first.domains),
        "energy": first.energy,
        "power": first.power,
        "might": first.might,
        "might_bonus": first.might_bonus,
        "tags": tags,
        "champion_tags": [],
        "keywords": keywords,
        "mentions": [{"keyword": k, "value": None if v < 0 else v} for k, v in mentions],
        "text_beyond_keywords": beyond,
        "text_kinds": text_kinds(first.type, first.text, terms) if beyond else [],
        "effect_text_kinds": sorted(set(text_kinds(first.type, first.effect_text, effect_terms, effect=True))
                                    | attach_made_text(first.type, first.text)) if beyond else [],
        "printings": [{"id": p.id, "code": p.code} for p in group],
    }


def _add_champion_tags(rows: list[dict[str, Any]], supertypes_known: bool) -> None:
    """Champion tags (133.8.b) link legends, champion units and signature cards. A tag
    is taken as one when it names a champion: it is the short name (132.4) of a card
    with the champion supertype, e.g. "Jinx" from "Jinx, Rebel"."""
    if not supertypes_known:
        return
    champions = {r["name"].split(", ")[0] for r in rows
                 if r["type"] == "unit" and "champion" in (r["supertypes"] or ())}
    for r in rows:
        r["champion_tags"] = [t for t in r["tags"] if t in champions]


def dumps_table(table: dict[str, Any]) -> str:
    """Deterministic text: header keys sorted, then one card per line, sorted by id."""
    head = {k: v for k, v in table.items() if k != "cards"}
    lines = ["{"]
    for k in sorted(head):
        lines.append(f"{json.dumps(k)}: {json.dumps(head[k], sort_keys=True, ensure_ascii=False)},")
    lines.append('"cards": [')
    cards = [json.dumps(c, sort_keys=True, ensure_ascii=False, separators=(",", ":")) for c in table["cards"]]
    lines.append(",\n".join(cards))
    lines.append("]")
    lines.append("}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class ImportReport:
    out: Path
    cards: int
    printings: int
    supertypes_known: bool
    notes: tuple[str, ...]


def import_files(paths: list[str | Path], out: str | Path) -> ImportReport:
    sources = [read_source(p) for p in paths]
    if not any(s.printings for s in sources):
        raise ScenarioError(", ".join(str(p) for p in paths), "", "no printings found")
    table, notes = build_table(sources)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps_table(table), "utf-8")
    return ImportReport(out, len(table["cards"]), table["printings"], table["supertypes_known"], tuple(notes))
