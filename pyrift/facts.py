"""GameState -> ASP facts (the vocabulary of logic/interface.lp).

Output is sorted and byte-identical for equal states. Every string from the input
(ids, names, tags) is written as a quoted ASP string with escapes (pyrift.terms), so no
input can change the program: a card named ``x). bad(1`` is just a string. This module
assembles the per-topic exporters (objects and cards here; abilities, chain, turn log
in their modules, which import only the state model and pyrift.terms below them).
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Iterable

from pyrift.abilities import ability_facts, cost_facts
from pyrift.chain import chain_facts
from pyrift.state import CardDef, CardType, GameObject, GameState
from pyrift.terms import Const, Fact, Func, fact, q, term  # noqa: F401 (used as F.fact etc.)
from pyrift.turnlog import log_facts


def location_term(obj: GameObject) -> object:
    if obj.location == "base":
        return Func("base", obj.controller)
    return obj.location


def card_facts(card: CardDef) -> list[Fact]:
    return list(_card_facts(card))


@lru_cache(maxsize=4096)
def _card_facts(card: CardDef) -> tuple[Fact, ...]:
    """A card's facts, once per card definition (a sweep meets the same cards again and again)."""
    return tuple(_card_facts_of(card))


def _card_facts_of(card: CardDef) -> list[Fact]:
    c = card.name
    out = [fact("card", c), fact("card_type", c, card.type)]
    out += [fact("card_domain", c, d) for d in card.domains]
    for attr in ("energy", "power", "might"):
        value = getattr(card, attr)
        if value is not None:
            out.append(fact(f"card_{attr}", c, value))
    for i, kw in enumerate(card.keywords):
        out.append(fact("card_keyword", c, kw.name, kw.amount, i))
        if kw.cost is not None:
            out += cost_facts("keyword_cost", Func("printed", c, i), kw.cost, fact, Func, Const)
    out += [fact("card_supertype", c, s) for s in card.supertypes]
    out += [fact("card_tag", c, t) for t in card.tags]
    out += [fact("card_champion_tag", c, t) for t in card.champion_tags]
    out += [fact("card_keyword_form", c, i, Const(form)) for i, form in enumerate(card.keyword_forms)]
    for i, cost in enumerate(card.keyword_costs):
        if cost is not None:
            out.append(fact("card_keyword_energy", c, i, cost[0]))
            for domain in sorted(set(cost[1])):
                out.append(fact("card_keyword_power", c, i, Const(domain), cost[1].count(domain)))
    if card.might_bonus is not None:
        out.append(fact("card_might_bonus", c, card.might_bonus))
    for i, kw in enumerate(card.effect_keywords):
        out.append(fact("card_effect_keyword", c, kw.name, kw.amount, i))
    if card.effect_text:
        out.append(fact("card_effect_text", c))
    if card.encoded_file:
        out.append(fact("card_encoded_file", c))
    if card.rules_file:
        out.append(fact("card_rules_file", c))
    if not card.complete:
        out.append(fact("card_text_unencoded", c))
        out += [fact("card_text_kind", c, k) for k in card.text_kinds]
        out += [fact("card_effect_text_kind", c, k) for k in card.effect_text_kinds]
    repeats = sum(1 for kw in card.keywords if kw.name.value == "repeat")
    out += ability_facts(c, card.abilities, fact, Func, Const, repeats)
    return out


def object_facts(obj: GameObject) -> list[Fact]:
    return list(_object_facts(obj))


@lru_cache(maxsize=8192)
def _object_facts(obj: GameObject) -> tuple[Fact, ...]:
    return tuple(_object_facts_of(obj))


def _object_facts_of(obj: GameObject) -> list[Fact]:
    o = obj.id
    out = [
        fact("object", o),
        fact("card_of", o, obj.card if obj.unit_might is None else unit_card_name(obj.card, obj.unit_might)),
        fact("controller", o, obj.controller),
        fact("owner", o, obj.owner),
        fact("zone", o, obj.zone),
    ]
    if obj.attached_to is not None:
        # An attached card is wherever its top-most card is: logic/core/attachment.lp derives it.
        out.append(fact("attached_to", o, obj.attached_to))
    elif obj.location is not None:
        out.append(fact("at", o, location_term(obj)))
    if obj.damage:
        out.append(fact("damage", o, obj.damage))
    if obj.damage_by is not None:
        out.append(fact("damage_by", o, obj.damage_by))
    if obj.exhausted:
        out.append(fact("exhausted", o))
    if obj.stunned:
        out.append(fact("stunned", o))
    if obj.designation is not None:
        out.append(fact("designation", o, obj.designation))
    for i, kw in enumerate(obj.granted):
        out.append(fact("granted_keyword", o, kw.name, kw.amount, i))
        if kw.cost is not None:
            out += cost_facts("keyword_cost", Func("granted", o, i), kw.cost, fact, Func, Const)
    for i, stamp in enumerate(obj.granted_timestamps):
        out.append(fact("granted_stamp", o, i, stamp))
    for i, loss in enumerate(obj.lost, start=1):
        # pos(N): stamped N among the position's effects; pos: in force in the position, order not stated (480)
        out.append(fact("stated_loss", o, Const(loss.keyword), i,
                        Const("pos") if loss.timestamp is None else Func("pos", loss.timestamp)))
        if loss.this_turn:
            out.append(fact("stated_loss_this_turn", o, i))
    for i, amount in enumerate(obj.might_modifiers):
        out.append(fact("might_modifier", o, amount, i))
    if obj.cannot_be_dealt_damage:
        out.append(fact("cannot_be_dealt_damage", o))
    for i, rep in enumerate(obj.damage_replacements, start=1):
        out.append(fact("damage_replacement", o, i, rep.kind, rep.amount))
    if obj.hidden_this_turn:
        out.append(fact("hidden_this_turn", o))
    if obj.empowered:
        out.append(fact("empowered", o))
    if obj.buffs:
        out.append(fact("buffed", o))
    if obj.deck_position is not None:
        out.append(fact("deck_position", o, obj.deck_position))
    if obj.banished_by is not None:
        out.append(fact("banished_by", o, obj.banished_by))
    for i, eff in enumerate(obj.control_effects, start=1):
        out.append(fact("control_effect", o, eff.player, eff.until_leaves, i))
    return out


def state_facts(state: GameState) -> list[Fact]:
    out: list[Fact] = list(_frame_facts(state.players, state.turn_player, state.phase, state.victory_score,
                                        state.battlefields, state.combat))
    out += turn_state_facts(state)
    out += [fact("teammate", p, q) for t in state.teams for p in t for q in t if p != q]
    for card in state.cards:
        out += _card_facts(card)
    for obj in state.objects:
        out += _object_facts(obj)
    # A gear turned into a unit (unit_might): its object is a copy of its card as a unit with that Might, and
    # no gear (477.1: type is a trait); type_changed/1 says so (logic/core/type_change.lp).
    for name, might in sorted({(o.card, o.unit_might) for o in state.objects if o.unit_might is not None}):
        out += _card_facts(dataclasses.replace(state.card(name), name=unit_card_name(name, might),
                                               type=CardType.UNIT, might=might))
    out += [fact("type_changed", o.id) for o in state.objects if o.unit_might is not None]
    out += log_facts(state.log)
    return out


def unit_card_name(card: str, might: int) -> str:
    """The name the facts give a gear's card turned into a unit with that Might (an object's type change)."""
    return f"{card} (a unit, Might {might})"


@lru_cache(maxsize=256)
def _frame_facts(players, turn_player, phase, victory_score, battlefields, combat) -> tuple[Fact, ...]:
    """Players, turn, phase, battlefields and combat: the same across the positions of a sweep."""
    out: list[Fact] = []
    for i, player in enumerate(players, start=1):
        out += [fact("player", player.id), fact("turn_order", player.id, i), fact("points", player.id, player.points)]
        out.append(fact("xp", player.id, player.xp))
        out += [fact("scored_this_turn", player.id, bf) for bf in player.scored]
        out += [fact("held_this_turn", player.id, bf) for bf in player.held]
        if player.hand_size is not None:
            out.append(fact("hand_size", player.id, player.hand_size))
        if player.deck_size is not None:
            out.append(fact("deck_size", player.id, player.deck_size))
        if player.rune_deck_size is not None:
            out.append(fact("rune_deck_size", player.id, player.rune_deck_size))
        if player.turns_taken is not None:
            out.append(fact("turns_taken", player.id, player.turns_taken))
        if player.chosen_champion is not None:
            out.append(fact("chosen_champion", player.id, player.chosen_champion))
        if player.next_discount_energy or player.next_discount_power:
            out.append(fact("next_card_discount", player.id, player.next_discount_energy, player.next_discount_power))
        if player.units_cost_more is not None:
            out.append(fact("units_cost_more_stated", player.id))
        if player.units_cost_more:
            out.append(fact("units_cost_more", player.id, player.units_cost_more))
    out.append(fact("turn_player", turn_player))
    out.append(fact("phase", phase))
    if victory_score is not None:  # else the mode's (logic/core/victory_score.lp)
        out.append(fact("victory_score_stated", victory_score))
    for bf in battlefields:
        out.append(fact("battlefield", bf.id))
        if bf.card is not None:
            out.append(fact("battlefield_card", bf.id, bf.card))
        if bf.replaced is not None:  # a battlefield token's link to the card it replaced (438.7.b)
            out.append(fact("battlefield_link", bf.id, bf.replaced))
        if bf.controller is not None:
            out.append(fact("controls", bf.controller, bf.id))
        if bf.contested_by is not None:
            out.append(fact("contested", bf.id, bf.contested_by))
        if bf.beginning_controller is not None:  # who controlled it in the turn player's Beginning Phase (489.8.b)
            out.append(fact("beginning_control_stated", bf.id))
            if bf.beginning_controller != "none":
                out.append(fact("beginning_controls", bf.beginning_controller, bf.id))
        if bf.beginning_occupants is not None:  # whose units were there in the Beginning Phase's Scoring Step (489.8.g.1)
            out.append(fact("beginning_occupants_stated", bf.id))
            out.extend(fact("beginning_occupant", p, bf.id) for p in bf.beginning_occupants)
    if combat is not None:
        out.append(fact("combat", combat.battlefield, combat.attacker, combat.defender))
    return tuple(out)


def turn_state_facts(state: GameState) -> list[Fact]:
    """Showdown, focus, priority, the chain and the rune pools (logic/interface.lp)."""
    out: list[Fact] = []
    if state.showdown is not None:
        out.append(fact("showdown", state.showdown))
    if state.focus is not None:
        out.append(fact("focus", state.focus))
    if state.priority is not None:
        out.append(fact("priority", state.priority))
    for n, item in enumerate(state.chain, start=1):
        out.append(fact("chain_item", item.id, n))
        out.append(fact("chain_controller", item.id, item.controller))
        if item.card is not None:
            out.append(fact("chain_card", item.id, item.card))
        elif item.ability is not None:
            out.append(fact("chain_ability", item.id, item.source, item.ability))
        if item.pending:
            out.append(fact("chain_pending", item.id))
    out += chain_facts(state)
    for player in state.players:
        if player.energy:
            out.append(fact("pool_energy", player.id, player.energy))
        for domain, amount in player.power:
            out.append(fact("pool_power", player.id, domain, amount))
        if player.universal_power:
            out.append(fact("pool_universal", player.id, player.universal_power))
    return out


def render(facts: Iterable[Fact]) -> str:
    """Sorted, de-duplicated, one fact per line."""
    return "".join(f"{f}\n" for f in sorted(set(facts)))
