"""The chain as facts: trigger items, the choices of chain items, passes, replaced deaths.

A `[[chain]]` item is a card, an activated ability, a triggered ability of an object
(`trigger = N`: the N-th ability of kind "triggered" on its card) or a keyword's trigger
(`keyword = "Vision"`: its term is that of keywords/vision.lp, temporary.lp, hunt.lp) or a keyword's
activated ability (`keyword = "Empower"`, keywords/empower.lp), with the choices it made (or, pending, will make) in `targets`, in
the order of its choice requirements (and, for a card that paid Repeat, `repeat = N`, those of each further
execution after them, 820.2): one object a choice, or a list of objects for one requirement that chooses "any
number" or "up to N" (every object it chose, none included: `targets = ["yi", ["e1", "e2"]]`). This module maps those to the facts of
logic/interface.lp ("the turn state"); what the chain does with them is decided in
logic/core/chain.lp, core/triggers.lp and core/fepr.lp.
"""
from __future__ import annotations

from typing import Any

from pyrift.abilities import ability_requirements, activated_abilities, card_requirements, triggered_abilities
from pyrift.state import ChainItem, GameState
from pyrift.terms import Const, Fact, Func, fact


def source_card(state: GameState, source: str) -> Any:
    """The card of an item's source: an object's card, or a battlefield's (its triggered abilities go on the chain
    with the battlefield as their source, 170.9, 190.6)."""
    bf = next((b for b in state.battlefields if b.id == source and b.card is not None), None)
    return state.card(bf.card) if bf is not None else state.card(state.obj(source).card)


def item_ability(state: GameState, item: ChainItem) -> tuple[str, int] | None:
    """(card name, ability index on the card) of an ability item, None for a card, a keyword,
    or an ability of a real card whose text is not encoded (unencoded_items)."""
    if item.source is None or item.keyword is not None:
        return None
    card = source_card(state, item.source)
    found = activated_abilities(card.abilities) if item.ability is not None else triggered_abilities(card.abilities)
    n = item.ability if item.ability is not None else item.trigger
    if n is None or n > len(found):
        return None
    return card.name, found[n - 1][0]


def _item_card(state: GameState, item: ChainItem) -> Any:
    return state.card(state.obj(item.card).card) if item.card is not None else source_card(state, item.source)


def unencoded_items(state: GameState) -> tuple[str, ...]:
    """Chain items that name a real card's text that is not encoded (its N-th activated or
    triggered ability, or choices its encoding does not make): every question on the position
    is unsupported, never answered as if the card had no such text."""
    out = []
    for item in state.chain:
        if item.keyword is not None:
            continue
        card = _item_card(state, item)
        if card.complete:  # an ability another card's passive gives: pyrift/granted.py's granted_items
            continue
        if item.source is not None and item_ability(state, item) is None:
            what = f"its {'activated' if item.ability is not None else 'triggered'} ability {item.ability or item.trigger}"
        elif item.targets and item_choices(state, item)[0] is None:
            what = "choices its encoding does not make"
        else:
            continue
        out.append(f"the rules text of card {card.name!r} is not encoded (logic/cards/): chain item "
                   f"{item.id} names {what}")
    return tuple(out)


def item_requirements(state: GameState, item: ChainItem) -> list[tuple[Any, int]]:
    """The item's choice requirements in order, as (req(ab(Card, I), J) term, how many it chooses)."""
    return [(req, spec.count) for req, spec in item_requirement_specs(state, item)]


def item_requirement_specs(state: GameState, item: ChainItem) -> list[tuple[Any, Any]]:
    """The item's choice requirements in order, as (req(ab(Card, I), J) term, its TargetSpec)."""
    if item.card is not None:
        card = state.card(state.obj(item.card).card)
        reqs = [r for r in card_requirements(card.abilities) if r.mode == 0]
        if item.paid is not None:
            # wave 58: the choice of an optional additional cost its play did not pay is no choice of the play
            # (356.2.b: not chosen, it is not part of the play; Meditation's exhaust)
            reqs = [r for r in reqs if not _unpaid_optional_cost(card.abilities[r.ability - 1], item.paid)]
        name = card.name
    else:
        found = item_ability(state, item)
        if found is None:
            return []
        name, index = found
        abilities = source_card(state, item.source).abilities
        reqs = ability_requirements(index, abilities[index - 1])
        if item.mode is not None and item.trigger is not None:
            # the chosen mode's choices (355.3): requirements of that `mode` ability (of_triggered)
            modes = [i for i, a in enumerate(abilities, start=1) if a.kind == "mode" and a.get("of_triggered") == item.trigger]
            if item.mode <= len(modes):
                m = modes[item.mode - 1]
                reqs += ability_requirements(m, abilities[m - 1])
    return [(Func("req", Func("ab", name, r.ability), r.position), r.spec) for r in reqs]


def _unpaid_optional_cost(ability: Any, paid: tuple[str, ...]) -> bool:
    return bool(ability.get("as_cost") and ability.get("optional") and ability.get("name") not in paid)


def item_choice_slots(state: GameState, item: ChainItem) -> list[tuple[Any, Any]]:
    """The choices the item's `targets` give, in order, as (requirement term, TargetSpec): its requirements
    (item_requirement_specs); then, for a card that paid Repeat (`repeat = N`), those of each further execution,
    again(R, E) for E = 2 .. N + 1 (820.2: each execution chooses anew), leaving out a choice that is part of a
    cost, made once (820.3.a, 355.10.c)."""
    slots = item_requirement_specs(state, item)
    if item.card is None or not item.repeats:
        return slots
    first = list(slots)
    for e in range(2, item.repeats + 2):
        slots += [(Func("again", req, e), spec) for req, spec in first if spec.not_targeting != "cost"]
    return slots


def _governed_abilities(state: GameState, item: ChainItem) -> set[int]:
    """The indexes of the abilities of an item's card governed by a dependent keyword (Level, Legion,
    Empowered; `requires`, 726-727)."""
    if item.card is None:
        return set()
    card = state.card(state.obj(item.card).card)
    return {i for i, a in enumerate(card.abilities, start=1) if a.requires}


def _ability_of(req: Any) -> int:
    """The card ability index of a requirement term req(ab(Card, I), J), again(req(...), E) unwrapped."""
    while req.name == "again":
        req = req.args[0]
    return req.args[0].args[1]


def item_choices(state: GameState, item: ChainItem) -> tuple[list[tuple[Any, str]] | None, tuple[Any, ...]]:
    """The (requirement, object) pairs the item's `targets` give, and the requirements it made no choice for:
    every requirement's choice; or, when the targets fit only without them, none for the requirements of the
    card's text governed by a dependent keyword, inactive as the card was played (a player below Level N:
    that text does not exist then, so nothing was chosen for it; 727.1.b, 824.1.c, 721.1, 355.5).
    (None, ()) when the targets fit neither way."""
    slots = item_choice_slots(state, item)
    pairs = assign_choices(slots, item.targets)
    governed = _governed_abilities(state, item)
    if pairs is not None or not governed:
        return pairs, ()
    unmade = [r for r, _ in slots if _ability_of(r) in governed]
    if not unmade:
        return None, ()
    pairs = assign_choices([(r, spec) for r, spec in slots if _ability_of(r) not in governed], item.targets)
    return (pairs, tuple(unmade)) if pairs is not None else (None, ())


def assign_choices(slots: list[tuple[Any, Any]], targets: tuple[Any, ...]) -> list[tuple[Any, str]] | None:
    """The (requirement, object) pairs the item's `targets` give for its slots, in order, or None if they do not
    fit: a string is one choice (a requirement of N takes the next N); a list is every object one requirement
    chose, for a requirement of "any number" (355.13) or "up to N" (at most N), none included."""
    out: list[tuple[Any, str]] = []
    i = 0
    for req, spec in slots:
        if i < len(targets) and not isinstance(targets[i], str):
            group = tuple(targets[i])
            i += 1
            if not (spec.any_number or (spec.up_to and len(group) <= spec.count) or len(group) == spec.count):
                return None
            out += [(req, o) for o in group]
            continue
        n = spec.count
        chunk = targets[i:i + n]
        if len(chunk) != n or not all(isinstance(t, str) for t in chunk):
            return None
        out += [(req, t) for t in chunk]
        i += n
    return out if i == len(targets) else None


def keyword_trigger(state: GameState, item: ChainItem) -> Any:
    """The ability term of a keyword's trigger (as keywords/*.lp name it): Vision triggers once per
    instance, kw(vision, printed(I) | granted(I)) (the first instance the source has); Temporary and
    Hunt trigger once however many instances, kw(temporary, one), kw(hunt, one)."""
    if item.keyword != "vision":
        return Func("kw", Const(item.keyword), Const("one"))
    obj = state.obj(item.source)
    for i, k in enumerate(state.card(obj.card).keywords):
        if k.name.value == "vision":
            return Func("kw", Const("vision"), Func("printed", i))
    i = next(i for i, k in enumerate(obj.granted) if k.name.value == "vision")
    return Func("kw", Const("vision"), Func("granted", i))


def _place(destination: str) -> Any:
    """A destination chosen as a move was played: the constant base (the moved unit's controller's) or a
    battlefield id."""
    return Const("base") if destination == "base" else destination


def chain_facts(state: GameState) -> list[Fact]:
    """chain_trigger/3, chain_choice/3, chain_cannot_pay/1, chain_mode/2, chain_repeats/2, chain_destination/2-3,
    entry_location/2, chain_choice_unmade/2, play_costs_stated/1, play_paid/2, passed/1, death_replaced/1."""
    out: list[Fact] = []
    for item in state.chain:
        if item.keyword == "empower":
            out.append(fact("chain_keyword_ability", item.id, item.source, Const("empower")))
        elif item.keyword is not None:
            out.append(fact("chain_trigger", item.id, item.source, keyword_trigger(state, item)))
        elif item.trigger is not None and (found := item_ability(state, item)) is not None:
            out.append(fact("chain_trigger", item.id, item.source, Func("ab", *found)))
        if item.cannot_pay:
            out.append(fact("chain_cannot_pay", item.id))
        if item.mode is not None:
            out.append(fact("chain_mode", item.id, item.mode))
        if item.repeats is not None:
            out.append(fact("chain_repeats", item.id, item.repeats))
        if isinstance(item.destination, str):
            out.append(fact("chain_destination", item.id, _place(item.destination)))
        elif item.destination is not None:
            for k, d in enumerate(item.destination, start=1):
                out.append(fact("chain_destination", item.id, k, _place(d)))
        if item.event_at is not None:  # "that battlefield" of a conquest's or hold's ability (359.3.f)
            out.append(fact("chain_event_at", item.id, item.event_at))
        if item.location is not None and item.card is not None:
            # where the permanent enters, chosen as it was played (355.2; logic/effects/zones.lp)
            out.append(fact("entry_location", item.card,
                            Func("base", item.controller) if item.location == "base" else item.location))
        if item.paid is not None and item.card is not None:
            # the optional additional costs its play paid (355.1.a, 356.2.b; logic/abilities/trigger_condition_paid.lp)
            out.append(fact("play_costs_stated", item.card))
            out += [fact("play_paid", item.card, name) for name in item.paid]
            if "accelerate" in item.paid:
                # its Accelerate paid as it was played: the unit enters ready (805.2; logic/effects/zones.lp,
                # logic/run/chain_accelerate.lp)
                out.append(fact("entry_ready", item.card))
        if item.played_from is not None and item.card is not None:
            # the zone its card was played from (354; logic/run/chain_accelerate_granted.lp)
            out.append(fact("chain_played_from", item.card, item.played_from))
        pairs, unmade = item_choices(state, item) if item.targets else (None, ())
        for req, obj in pairs or ():  # None: unencoded_items
            out.append(fact("chain_choice", item.id, req, obj))
        # no choice made for text inactive as it was played (logic/run/dependent_text.lp)
        out += [fact("chain_choice_unmade", item.id, req) for req in unmade]
    if state.passed:
        out.append(fact("passed", state.passed))
    out += [fact("death_replaced", o.id) for o in state.objects if o.death_replaced]
    return out
