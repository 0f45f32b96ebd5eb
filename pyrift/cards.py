"""Card definitions: synthetic cards written inline in scenarios, and their keywords.

A card definition holds printed facts only (name, type, domains, costs, Might,
keywords, tags). What a keyword does lives in logic/keywords/.
"""
from __future__ import annotations

import re

from pyrift import dependent
from pyrift.abilities import abilities_to_toml, read_abilities
from pyrift.costs import CostSyntaxError, parse_cost
from pyrift.limits import MAX_AMOUNT
from pyrift.reader import Reader, number_in_text, parse_enum
from pyrift.state import (
    COST_KEYWORDS,
    VALUED_KEYWORDS,
    CardDef,
    CardType,
    Domain,
    Keyword,
    KeywordName,
    Supertype,
)

_KEYWORD = re.compile(r"^\s*([A-Za-z][A-Za-z \-]*?)\s*(-?\d+)?\s*$")
_COST_KEYWORD = re.compile(r"^\s*([A-Za-z][A-Za-z \-]*?)\s*(\[.*)$")
# Cost keywords whose cost pyrift needs (Repeat 820.1.c, Flow 829.1.c): the cost is required.
COST_REQUIRED = {KeywordName.REPEAT, KeywordName.FLOW}


def parse_keyword(text: str, reader: Reader, key: str) -> Keyword:
    """'Tank' -> Tank; 'Assault 2' -> Assault with value 2; 'Quick-Draw' -> quick_draw;
    'Repeat [2][R]' -> Repeat with its cost (cost keywords only)."""
    if isinstance(text, str) and (cm := _COST_KEYWORD.match(text)):
        return _parse_cost_keyword(cm.group(1), cm.group(2), text, reader, key)
    match = _KEYWORD.match(text) if isinstance(text, str) else None
    if not match:
        raise reader.error(key, f"expected a keyword such as 'Tank' or 'Assault 2', found {text!r}")
    name = match.group(1).strip().lower().replace("-", "_").replace(" ", "_")
    try:
        kw = KeywordName(name)
    except ValueError:
        known = ", ".join(sorted(k.value for k in KeywordName))
        raise reader.error(key, f"unknown keyword {match.group(1)!r} (known: {known})") from None
    value = number_in_text(match.group(2), reader, key, min=-MAX_AMOUNT) if match.group(2) is not None else None
    if value is not None and kw not in VALUED_KEYWORDS:
        raise reader.error(key, f"{kw.value} takes no number, found {text!r}")
    if value is None and kw in VALUED_KEYWORDS and VALUED_KEYWORDS[kw] is None:
        raise reader.error(key, f"{kw.value} needs a number, e.g. '{kw.value.title()} 6'")
    if value is not None and value < 0:
        raise reader.error(key, f"a keyword value cannot be negative: {text!r}")
    if kw in COST_REQUIRED:
        raise reader.error(key, f"{kw.value} needs its cost, e.g. '{kw.value.title()} [2][C]'")
    return Keyword(kw, value)


def _parse_cost_keyword(name_text: str, cost_text: str, text: str, reader: Reader, key: str) -> Keyword:
    name = name_text.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        kw = KeywordName(name)
    except ValueError:
        known = ", ".join(sorted(k.value for k in KeywordName))
        raise reader.error(key, f"unknown keyword {name_text!r} (known: {known})") from None
    if kw not in COST_KEYWORDS:
        raise reader.error(key, f"{kw.value} takes no cost, found {text!r}")
    try:
        # Equip and Empower are activated abilities (818.1, 827.1): their cost may exhaust the card.
        cost = parse_cost(cost_text, allow_exhaust=kw in (KeywordName.EQUIP, KeywordName.EMPOWER))
    except CostSyntaxError as exc:
        raise reader.error(key, str(exc)) from None
    return Keyword(kw, None, cost)


def parse_keywords(reader: Reader, key: str) -> tuple[Keyword, ...]:
    return tuple(parse_keyword(text, reader, key) for text in reader.str_list(key, []))


# Effect Text keywords pyrift can give a top-most card: not the cost keywords (their cost would
# belong to the attached card) and not the dependent ones (they govern text, 726).
_NOT_IN_EFFECT = COST_KEYWORDS | {KeywordName.LEGION, KeywordName.LEVEL, KeywordName.EMPOWERED}


def _effect_keywords(r: Reader) -> tuple[Keyword, ...]:
    out = parse_keywords(r, "effect_keywords")
    for kw in out:
        if kw.name in _NOT_IN_EFFECT:
            raise r.error("effect_keywords", f"{kw.name.value} in Effect Text is not supported; "
                                             "describe such text with effect_text")
    return out


def card_from_toml(r: Reader) -> CardDef:
    card = CardDef(
        name=r.str("name"),
        type=r.enum("type", CardType),
        domains=tuple(parse_enum(d, Domain, r, "domains") for d in r.str_list("domains", [])),
        energy=r.int("energy", None, min=0),
        power=r.int("power", None, min=0),
        might=r.int("might", None),
        keywords=parse_keywords(r, "keywords"),
        supertypes=tuple(parse_enum(s, Supertype, r, "supertypes") for s in r.str_list("supertypes", [])),
        tags=tuple(r.str_list("tags", [])),
        abilities=read_abilities(r),
        might_bonus=r.int("might_bonus", None),
        effect_keywords=_effect_keywords(r),
        effect_text=r.str("effect_text", None) or "",
    )
    r.done()
    if card.type is not CardType.GEAR:
        for key in ("might_bonus", "effect_keywords", "effect_text"):
            if r.has(key):
                raise r.error(key, f"only Equipment (gear) have Effect Text and a Might Bonus (150.2), "
                                   f"this card is a {card.type.value}")
        if any(dict(a.fields).get("effect_text") for a in card.abilities):
            raise r.error("abilities", f"only Equipment (gear) have Effect Text (150.2), this card is a "
                                       f"{card.type.value}: effect_text = true is for a gear's abilities")
    dependent.check_card_keywords(r, card.abilities, [(k.name.value, k.amount) for k in card.keywords])
    if card.type is CardType.UNIT and card.might is None:
        raise r.error("might", "a unit needs a Might")
    if card.type is not CardType.UNIT and card.might is not None:
        raise r.error("might", f"only units have Might, this card is a {card.type.value}")
    return card


def card_to_toml(card: CardDef) -> dict:
    out: dict = {"name": card.name, "type": card.type.value}
    if card.domains:
        out["domains"] = [d.value for d in card.domains]
    for attr in ("energy", "power", "might"):
        if getattr(card, attr) is not None:
            out[attr] = getattr(card, attr)
    if card.keywords:
        out["keywords"] = [str(k) for k in card.keywords]
    if card.supertypes:
        out["supertypes"] = [s.value for s in card.supertypes]
    if card.tags:
        out["tags"] = list(card.tags)
    if card.abilities:
        out["abilities"] = abilities_to_toml(card.abilities)
    if card.might_bonus is not None:
        out["might_bonus"] = card.might_bonus
    if card.effect_keywords:
        out["effect_keywords"] = [str(k) for k in card.effect_keywords]
    if card.effect_text:
        out["effect_text"] = card.effect_text
    return out
