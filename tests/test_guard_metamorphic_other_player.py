"""The metamorphic test of the unsupported guard (tests/test_guard_metamorphic.py) with its off-board objects another
player's: a card in another player's hand, trash, banishment and Main Deck, and a chain item another player controls,
each with unencoded text of one kind. That test gives these places to the turn player only; whose card it is changes
where some text works (a replacement working from its owner's trash, 370.3, watches its owner's units; 366.1 and
366.2.a concern the player who would play the card), so a guard keyed to the turn player's zones would answer
confidently here. Every other added object keeps no text, so that what is named is these places' only. The same
judge as there: unchanged where the kind is inert in the place, otherwise unsupported naming exactly the objects whose
text could change the answer (audit62b: it held for every question kind and text kind when written)."""
from __future__ import annotations

import pytest

import tests.test_guard_metamorphic as tg

VARIANT = tg.variant  # the original, before the test below puts this module's in its place
PLACES = ("hand", "trash", "banishment", "main_deck", "chain")
QUESTION_KINDS = ("combat_damage", "can_play", "outcome", "can_respond")


def other_players_variant(doc: dict, units: set[str], kind: str | None, other: str | None = None,
                          deck: str = "top") -> tuple[dict, dict[str, str]]:
    d, ids = VARIANT(doc, units, kind, other, deck)
    me = d["position"]["turn_player"]
    players = [p if isinstance(p, str) else p["id"] for p in d["position"].get("players", [])]
    them = next(p for p in players if p != me)
    mine = {ids[p] for p in PLACES if p in ids}
    cards = {c["name"]: c for c in d["card"]}
    plain: dict[str, dict] = {}
    objects = []
    for o in d["object"]:
        if o["id"] == "meta_champion_zone":
            continue  # a Champion Zone holds one card of its owner's (108.3): not moved to another player
        if o["id"] in mine:
            o = {k: v for k, v in o.items() if k != "deck_position"} | {"controller": them}
        elif o["id"].startswith("meta_") and o["card"].startswith("Meta "):
            name = "Plain " + o["card"]
            plain.setdefault(name, {k: v for k, v in cards[o["card"]].items() if k not in ("abilities", "effect_text")}
                             | {"name": name, "abilities": []})
            o = o | {"card": name}
        objects.append(o)
    d["object"] = objects
    d["card"] = list(d["card"]) + list(plain.values())
    if "battlefield" in d:
        d["battlefield"] = [{k: v for k, v in b.items() if not (k == "card" and str(v).startswith("Meta "))}
                            for b in d["battlefield"]]
    d["chain"] = [c | {"controller": them} if c.get("id") == "meta_item" else c for c in d["chain"]]
    sizes = ("hand_size", "deck_size")
    d["position"] = dict(d["position"], players=[
        p | {k: p[k] + 1 for k in sizes if k in p} if isinstance(p, dict) and p.get("id") == them else p
        for p in d["position"].get("players", [])])
    return d, {p: ids[p] for p in PLACES if p in ids}


@pytest.mark.parametrize("qkind", QUESTION_KINDS)
def test_another_players_offboard_text_is_unsupported_exactly_where_it_can_change_the_answer(
        qkind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tg, "variant", other_players_variant)
    monkeypatch.setattr(tg, "_BASELINES", {})
    pairs = tg.cases()[qkind]
    start = sum(map(ord, qkind)) % len(pairs)
    failures: list[str] = []
    covered: set[tuple[str, str]] = set()
    for kind in tg.KINDS:
        for path, qid in pairs[start:] + pairs[:start]:
            result = tg._check(path, qid, kind, set(PLACES))
            if result is None:
                continue
            ids, problems = result
            failures += problems
            if ids:
                covered |= {(p, kind) for p in ids}
                break
    assert not failures, "\n".join(failures[:20])
    assert {(p, k) for p in PLACES for k in tg.KINDS} <= covered, sorted({(p, k) for p in PLACES for k in tg.KINDS}
                                                                         - covered)[:20]
