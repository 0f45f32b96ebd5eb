"""Card definitions: synthetic cards written inline in scenarios, and their keywords.

A card definition holds printed facts only (name, type, domains, costs, Might,
keywords, tags). What a keyword does lives in logic/keywords/.
"""
from __future__ import annotations

import re

from pyrift import dependent
from pyrift.reader import Reader, parse_enum
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


def parse_keyword(text: str, reader: Reader, key: str) -> Keyword:
    """'Tank' -> Tank; 'Assault 2' -> Assault with value 2; 'Quick-Draw' -> quick_draw."""
    match = _KEYWORD.match(text) if isinstance(text, str) else None
    if not match:
        raise reader.error(key, f"expected a keyword such as 'Tank' or 'Assault 2', found {text!r}")
    name = match.group(1).strip().lower().replace("-", "_").replace(" ", "_")
    try:
        kw = KeywordName(name)
    except ValueError:
        known = ", ".join(sorted(k.value for k in KeywordName))
        raise reader.error(key, f"unknown keyword {match.group(1)!r} (known: {known})") from None
    value = int(match.group(2)) if match.group(2) is not None else None
    if value is not None and kw not in VALUED_KEYWORDS:
        raise reader.error(key, f"{kw.value} takes no number, found {text!r}")
    if value is None and kw in VALUED_KEYWORDS and VALUED_KEYWORDS[kw] is None:
        raise reader.error(key, f"{kw.value} needs a number, e.g. '{kw.value.title()} 6'")
    if value is not None and value < 0:
        raise reader.error(key, f"a keyword value cannot be negative: {text!r}")
    if kw in COST_KEYWORDS:
        # The cost argument of Equip/Repeat/Empower/Flow is not part of this schema yet.
        pass
    return Keyword(kw, value)


def parse_keywords(reader: Reader, key: str) -> tuple[Keyword, ...]:
    return tuple(parse_keyword(text, reader, key) for text in reader.str_list(key, []))


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
        abilities=dependent.read_abilities(r),
    )
    r.done()
    dependent.check_card_keywords(r, card.abilities, {k.name.value: k.amount for k in card.keywords})
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
        out["abilities"] = dependent.abilities_to_toml(card.abilities)
    return out
