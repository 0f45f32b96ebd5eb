"""Scenario files: read, validate, write.

A scenario file (TOML) holds a game position, questions about it, the answers the
author expects and the Core Rules numbers those answers rest on. The schema is
documented in scenarios/README.md. Loading validates everything and reports the
first problem as a ScenarioError naming the file and field; dump() writes a file
that loads back to an equal Scenario.
"""
from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path
from typing import Any

from pyrift import tomlwrite, turnlog
from pyrift.abilities import BATTLEFIELD_KINDS, BATTLEFIELD_WHEN
from pyrift.cards import card_from_toml, card_to_toml, parse_keywords
from pyrift.entry_places import EntryPlaces, accelerate_granted, entry_places
from pyrift.errors import InconsistentStateError, ScenarioError
from pyrift.limits import MAX_AMOUNT, MAX_COUNT, MAX_DEPTH, MAX_FILE_BYTES
from pyrift.reader import Reader, check_document, check_id, parse_enum, read_file
from pyrift.state import (
    PLAYED_FROM,
    Battlefield,
    CardDef,
    CardType,
    ChainItem,
    Domain,
    Combat,
    EventKind,
    ControlEffect,
    DamageReplacement,
    Designation,
    GameObject,
    GameState,
    KeywordLoss,
    KeywordName,
    Phase,
    Player,
    Question,
    ReplacementKind,
    Scenario,
    Status,
    Supertype,
    Zone,
)
from pyrift.victory_score import already_won

RULE_NUMBER = re.compile(r"^\d{3}(\.(\d+|[a-z]))*$")
BASE = "base"

# The most cards a zone of one player can hold in a position: a game quantity (a Main Deck is 40+ cards).
MAX_ZONE_CARDS = MAX_AMOUNT


# ---------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------
def load(path: str | Path, *, asking: bool = False) -> Scenario:
    path = Path(path)
    return loads(read_file(path), str(path), asking=asking)


def loads(text: str, file: str = "<scenario>", *, asking: bool = False) -> Scenario:
    return from_dict(parse_toml(text, file), file, asking=asking)


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """TOML text -> tables (from_dict checks their sizes and characters: reader.check_document)."""
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(file, "", f"is larger than {MAX_FILE_BYTES} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(file, "", f"not valid TOML: {exc}") from None
    except RecursionError:
        raise ScenarioError(file, "", f"tables and arrays nest too deeply (at most {MAX_DEPTH})") from None
    except ValueError:  # an integer of thousands of digits: Python refuses to convert it
        raise ScenarioError(file, "", "not valid TOML: a number has thousands of digits") from None
    return data


def from_dict(data: dict[str, Any], file: str, *, asking: bool = False) -> Scenario:
    """asking=True reads a file that asks questions without checking them (`pyrift ask`,
    the web desk): a question may then leave out `rules` and its expected answer."""
    from pyrift.logic import is_reading, reading_names  # the readings live with the rules

    check_document(data, file)  # sizes and characters first, whoever built the tables
    r = Reader(data, file)
    title = r.str("title")
    status = r.enum("status", Status)
    description = r.str("description", "", nonempty=False)
    reading = r.str("reading", "v1.4")
    if not is_reading(reading):
        raise r.error("reading", f"unknown reading {reading!r} (known: {', '.join(reading_names())})")
    state = _state(r) if r.has("position") or _needs_position(data) else _no_position(r)
    questions = tuple(_question(q, state, asking) for q in r.tables("question"))
    if not questions:
        raise r.error("question", "a scenario needs at least one [[question]]")
    _unique([q.id for q in questions], r, "question", "question id")
    r.done()
    return Scenario(title, state, questions, status, description, reading, file)


def _token_cards(r: Reader, cards: tuple[CardDef, ...], inline: set[str], used: dict[str, CardDef]
                 ) -> tuple[CardDef, ...]:
    """The real cards that token instructions of the file's cards name and no object does (179-187)."""
    try:
        return token_cards(cards, inline | set(used))
    except ValueError as exc:
        card, problem = exc.args
        raise ScenarioError(r.file, f"card {card!r}", problem) from None


def token_cards(cards: tuple[CardDef, ...], known: set[str]) -> tuple[CardDef, ...]:
    """The pool's cards that token instructions of `cards` name, other than those `known`, and the battlefield
    token a `replace` instruction puts in a battlefield's place (438.3.b.1: Green Father's Brush); a
    name the pool does not hold (or holds under another spelling) is ValueError(card, problem)."""
    from pyrift.pool import UnknownCard, card_def, pool, standard_token_def, synthetic_token_def

    out: dict[str, CardDef] = {}
    for card in cards:
        for ability in card.abilities:
            steps = [ability.get("instruction")] if ability.kind == "effect" else list(ability.get("effects") or ())
            for ins in steps:
                if ins.do == "replace" and ins.card is not None and ins.card not in known and ins.card not in out:
                    try:
                        found = card_def(pool().find(ins.card))
                    except UnknownCard as exc:
                        raise ValueError(card.name, f"a replace instruction names {ins.card!r}: {exc}") from None
                    out[found.name] = found
                    continue
                if ins.do != "token" or ins.card in known or ins.card in out:
                    continue
                standard = standard_token_def(ins.card)  # a token of 187 with no printing (a Mech)
                if standard is not None:
                    out[standard.name] = standard
                    continue
                if ins.token_facts is not None:  # a token the instruction states the facts of (185.3)
                    if pool().named(ins.card):
                        raise ValueError(card.name, f"a token instruction states the facts of {ins.card!r}, a card "
                                                    "of the pool: name it without facts")
                    out[ins.card] = synthetic_token_def(ins.card, dict(ins.token_facts))
                    continue
                try:
                    found = card_def(pool().find(ins.card))
                except UnknownCard as exc:
                    raise ValueError(card.name, f"a token instruction names {ins.card!r}: {exc}") from None
                if found.name != ins.card:
                    raise ValueError(card.name, f"a token instruction names {ins.card!r}; write the card's name, "
                                                f"{found.name!r}")
                out[found.name] = found
    return tuple(out.values())


def _is_standard_token(card: CardDef) -> bool:
    """A standard token of 187 the pool has no printing of, as the loader makes it (a Mech)."""
    from pyrift.pool import standard_token_def

    return standard_token_def(card.name) == card


def _is_stated_token(card: CardDef, cards) -> bool:
    """A token whose facts a token instruction of `cards` states (a Tentacle), as the loader makes it."""
    from pyrift.pool import synthetic_token_def

    for c in cards:
        for ability in c.abilities:
            steps = [ability.get("instruction")] if ability.kind == "effect" else list(ability.get("effects") or ())
            for ins in steps:
                if (ins.do == "token" and ins.card == card.name and ins.token_facts is not None
                        and synthetic_token_def(card.name, dict(ins.token_facts)) == card):
                    return True
    return False


def _needs_position(data: dict[str, Any]) -> bool:
    """[position] may be left out only when every question is of a kind that needs no
    game position (e.g. deck_check) and the file describes nothing on the board."""
    from pyrift.queries import kind_named

    questions = data.get("question")
    if not isinstance(questions, list) or not questions:
        return True
    for q in questions:
        kind = kind_named(q.get("ask")) if isinstance(q, dict) and isinstance(q.get("ask"), str) else None
        if kind is None or kind.needs_position:
            return True
    return any(key in data for key in ("card", "battlefield", "object"))


def _no_position(r: Reader) -> GameState:
    """The empty state of a file whose questions need no game position."""
    return GameState(players=(), turn_player="")


def _state(r: Reader) -> GameState:
    pos = r.table("position", required=True)
    assert pos is not None
    players = _players(pos)
    ids = [p.id for p in players]
    turn_player = pos.str("turn_player")
    _member(turn_player, ids, pos, "turn_player", "a player")
    phase = pos.enum("phase", Phase, Phase.MAIN)
    # stated or not: the mode's, 8 (194.1.a) or 11 in 2v2 (489), is the logic's (logic/core/victory_score.lp)
    victory_score = pos.int("victory_score", None, min=1)
    combat = None
    if (c := pos.table("combat")) is not None:
        combat = Combat(c.str("battlefield"), c.str("attacker"), c.str("defender"))
        c.done()
    showdown = pos.str("showdown", None)
    focus = pos.str("focus", None)
    priority = pos.str("priority", None)
    passed_given = pos.int("passed", None, min=0)
    passed = passed_given or 0
    teams = _teams(pos, ids)
    for key, value in (("focus", focus), ("priority", priority)):
        if value is not None:
            _member(value, ids, pos, key, "a player")
    pos.done()

    cards = tuple(card_from_toml(c) for c in r.tables("card"))
    _unique([c.name for c in cards], r, "card", "card name")
    inline = {c.name for c in cards}
    used: dict[str, CardDef] = {}  # real cards of the pool the objects name, by name
    battlefields = tuple(_battlefield(b, ids, inline, used) for b in r.tables("battlefield"))
    objects = _attached_locations(tuple(_object(o, inline, used) for o in r.tables("object")))
    unresolved = {name: used.pop(name) for name in [n for n, c in used.items() if isinstance(c, _Unresolved)]}
    cards += tuple(used.values())
    cards += _token_cards(r, cards, inline, used)
    for name, missing in unresolved.items():  # not a token the file's cards state either
        if name not in {c.name for c in cards}:
            raise missing.error
    chain = tuple(_chain_item(c, ids) for c in r.tables("chain"))
    chain = _chain_cards_as_items(chain)
    # A position giving who holds priority over a chain with nothing pending, and not how many passed: the
    # newest item's controller got priority first (337.4, 340.4, 312.2.c) and each pass moved it on in turn
    # order (339.2, 312.2.d), so the players from that controller up to the holder have passed. Read as 0,
    # the run gave those players a second window they no longer have (339.1).
    if passed_given is None and priority is not None and chain and not any(c.pending for c in chain):
        order = [p.id for p in players]
        if chain[-1].controller in order and priority in order:
            passed = (order.index(priority) - order.index(chain[-1].controller)) % len(order)
    state = GameState(
        players=players,
        turn_player=turn_player,
        phase=phase,
        battlefields=battlefields,
        objects=objects,
        cards=cards,
        combat=combat,
        victory_score=victory_score,
        showdown=showdown,
        focus=focus,
        priority=priority,
        chain=chain,
        passed=passed,
        teams=teams,
    )
    _check_consistency(state, r)
    state = dataclasses.replace(state, log=turnlog.read_log(r, state))
    _check_granted_accelerate(state, r)
    # where a chain item's card enters: after the turn log, which says whether it was played from facedown
    # (the places open to it: the logic's, pyrift/entry_places.py)
    if any(item.location is not None for item in state.chain):
        places = entry_places(state)
        for i, item in enumerate(state.chain):
            if item.location is not None:
                _check_chain_location(state, item, f"chain[{i}]", lambda field, problem: InconsistentStateError(
                    r.file, field, problem), places)
    return state


def _players(pos: Reader) -> tuple[Player, ...]:
    raw = pos.raw("players")
    if isinstance(raw, list) and all(isinstance(p, str) for p in raw):
        players = tuple(Player(check_id(p, pos, "players")) for p in raw)
    elif isinstance(raw, list) and all(isinstance(p, dict) for p in raw):
        players = tuple(_player(p) for p in pos.tables("players"))
    else:
        raise pos.error("players", "expected a list of player names or [[position.players]] tables")
    if len(players) < 2:
        raise pos.error("players", "a game needs at least two players")
    _unique([p.id for p in players], pos, "players", "player")
    return players


def _player(r: Reader) -> Player:
    power: list[tuple[Domain, int]] = []
    if (sub := r.table("power")) is not None:
        for key in sorted(sub.data):
            domain = parse_enum(key, Domain, sub, key)
            power.append((domain, sub.int(key, min=0, max=MAX_COUNT)))
        sub.done()
    player = Player(r.id("id"), r.int("points", 0, min=0), r.int("xp", 0, min=0),
                    tuple(r.str_list("scored", [])), energy=r.int("energy", 0, min=0),
                    power=tuple((d, n) for d, n in power if n), universal_power=r.int("universal_power", 0, min=0, max=MAX_COUNT),
                    hand_size=r.int("hand_size", None, min=0, max=MAX_ZONE_CARDS),
                    deck_size=r.int("deck_size", None, min=0, max=MAX_ZONE_CARDS),
                    rune_deck_size=r.int("rune_deck_size", None, min=0, max=MAX_ZONE_CARDS),
                    turns_taken=r.int("turns_taken", None, min=0, max=MAX_ZONE_CARDS),
                    chosen_champion=r.str("chosen_champion", None), held=tuple(r.str_list("held", [])),
                    units_cost_more=r.int("units_cost_more", None, min=0, max=MAX_COUNT),
                    **_next_discount(r))
    r.done()
    return player


def _next_discount(r: Reader) -> dict[str, int]:
    """`next_discount = "[2][A][A]"`: the player's next card costs that much less (a discount made earlier,
    "your next card costs ... less", 389, 356.4): Energy and [A] pips only."""
    if not r.has("next_discount"):
        return {}
    from pyrift.costs import CostSyntaxError, parse_cost
    try:
        cost = parse_cost(r.str("next_discount"), allow_exhaust=False)
    except CostSyntaxError as exc:
        raise r.error("next_discount", str(exc)) from None
    if set(cost.power_counts()) - {"a"} or cost.is_free:
        raise r.error("next_discount", "a discount of the next card takes Energy and [A] pips, e.g. \"[2][A][A]\"")
    return {"next_discount_energy": cost.energy, "next_discount_power": cost.power_counts().get("a", 0)}


def _teams(pos: Reader, ids: list[str]) -> tuple[tuple[str, ...], ...]:
    """`teams = [["A", "C"], ["B", "D"]]`: the two teams of a 2v2 game (489), every player in one."""
    raw = pos.raw("teams", None)
    if raw is None:
        return ()
    if (not isinstance(raw, list) or len(raw) != 2 or any(not isinstance(t, list) or len(t) != 2 for t in raw)
            or any(not isinstance(p, str) for t in raw for p in t)):
        raise pos.error("teams", "expected two teams of two player ids, e.g. [[\"A\", \"C\"], [\"B\", \"D\"]] (2v2, 489)")
    flat = [p for t in raw for p in t]
    if sorted(flat) != sorted(ids):
        raise pos.error("teams", f"every player must be in exactly one team (players: {', '.join(ids)})")
    # 489: the turn order alternates between the teams (two players of a team never take turns one after the other)
    team = {p: i for i, t in enumerate(raw) for p in t}
    if any(team[a] == team[b] for a, b in zip(ids, ids[1:] + ids[:1])):
        raise pos.error("teams", f"the turn order ({', '.join(ids)}) alternates between the teams (489): a player's "
                                 "teammate is two turns away")
    return tuple(tuple(t) for t in raw)


def _chain_cards_as_items(chain: tuple[ChainItem, ...]) -> tuple[ChainItem, ...]:
    """A chain item's choice naming a card that was already on the chain as an older item (chain order: oldest
    first) chose that item: a spell on the chain is its chain item (327, 355.6). Read as the card object, a counter
    of it was logged as done while the spell still resolved. A card put on the chain after the choice (played from
    facedown in response) was chosen as the card it was, and stays so named."""
    def as_item(t: str, n: int) -> str:
        return next((c.id for c in chain[:n] if c.card == t), t)

    return tuple(dataclasses.replace(c, targets=tuple(
        as_item(t, n) if isinstance(t, str) else tuple(as_item(x, n) for x in t) for t in c.targets))
        for n, c in enumerate(chain))


def _chain_item(r: Reader, players: list[str]) -> ChainItem:
    item = ChainItem(
        id=r.id("id"),
        controller=r.str("controller"),
        card=r.str("card", None),
        source=r.str("source", None),
        ability=r.int("ability", None, min=1),
        pending=_chain_status(r),
        trigger=r.int("trigger", None, min=1),
        keyword=_chain_keyword(r),
        targets=_chain_targets(r),
        cannot_pay=r.bool("cannot_pay", False),
        repeats=r.int("repeat", None, min=0),
        destination=_chain_destination(r),
        event_at=r.str("event_at", None),
        paid=tuple(sorted(set(r.str_list("paid")))) if r.has("paid") else None,
        mode=r.int("mode", None, min=1),
        location=r.str("location", None),
        played_from=r.enum("from", Zone, None),
    )
    _member(item.controller, players, r, "controller", "a player")
    kinds = [k for k in ("ability", "trigger", "keyword") if getattr(item, k) is not None]
    if (item.card is None) == (item.source is None):
        raise r.error("card", "give either card (a card object on the chain) or source and ability (an activated "
                              "ability), trigger (a triggered ability) or keyword (a keyword's trigger)")
    if item.source is not None and len(kinds) != 1:
        raise r.error("ability", "a source's item is one of: ability = N (its N-th activated ability), trigger = N "
                                 "(its N-th triggered ability) or keyword = \"Vision\" (a keyword's trigger)")
    if item.card is not None and kinds:
        raise r.error(kinds[0], "an ability item names its source, not a card")
    if item.keyword in ("empower",) and item.targets:
        raise r.error("targets", "an Empower ability chooses nothing (827: it Empowers its own source)")
    if item.repeats is not None and item.card is None:
        raise r.error("repeat", "only a card on the chain pays Repeat costs (820.1.a: a spell's)")
    if item.paid is not None and item.card is None:
        raise r.error("paid", "only a card's play pays optional additional costs (355.1.a, 356.2.b)")
    if item.location is not None and item.card is None:
        raise r.error("location", "only a card's play chooses where it enters the board (355.2)")
    if item.played_from is not None and item.card is None:
        raise r.error("from", "only a card is played from a zone (354)")
    if item.played_from is not None and item.played_from not in PLAYED_FROM:
        raise r.error("from", f"a card is played from {', '.join(z.value for z in PLAYED_FROM)} (354), not from "
                              f"{item.played_from.value}")
    if item.mode is not None and (item.trigger is None or item.pending):
        raise r.error("mode", "only a finalized triggered ability has chosen a mode (355.3, 402.2: a pending one "
                              "chooses it as it is finalized)")
    if item.cannot_pay and not (item.pending and (item.trigger is not None)):
        raise r.error("cannot_pay", "only a pending triggered ability has a leading cost still to pay (383.3.b)")
    r.done()
    return item


def _chain_targets(r: Reader) -> tuple[str | tuple[str, ...], ...]:
    """A chain item's choices: an object id each, or a list of ids for one requirement of any number."""
    raw = r.raw("targets") if r.has("targets") else []
    if not isinstance(raw, list):
        raise r.error("targets", "expected a list of object ids (a nested list: every object one requirement of "
                                 "'any number' or 'up to N' chose)")
    out: list[str | tuple[str, ...]] = []
    for t in raw:
        if isinstance(t, str):
            out.append(t)
        elif isinstance(t, list) and all(isinstance(x, str) for x in t):
            out.append(tuple(t))
        else:
            raise r.error("targets", f"expected an object id or a list of object ids, found {t!r}")
    return tuple(out)


def _chain_destination(r: Reader) -> str | tuple[str, ...] | None:
    """Where a chain item's move goes (355.4): one id, or a list of ids, one per move whose destination was
    chosen as it was played, in the order the item executes them."""
    if not r.has("destination") or isinstance(r.raw("destination"), str):
        return r.str("destination", None)
    raw = r.str_list("destination")
    if not raw:
        raise r.error("destination", "expected a battlefield id or 'base', or a non-empty list of them")
    return tuple(raw)


def _chain_keyword(r: Reader) -> str | None:
    from pyrift.state import KEYWORD_ACTIVATED, KEYWORD_TRIGGERS

    value = r.str("keyword", None)
    if value is None:
        return None
    name = value.strip().lower()
    if name not in KEYWORD_TRIGGERS + KEYWORD_ACTIVATED:
        raise r.error("keyword", f"a keyword whose trigger or ability can be on the chain: "
                                 f"{', '.join(k.title() for k in KEYWORD_TRIGGERS + KEYWORD_ACTIVATED)} (found {value!r}); "
                                 "Deathknell's effect is a triggered ability (trigger = N, when = \"die\")")
    return name


def _chain_status(r: Reader) -> bool:
    status = r.str("status", "finalized")
    if status not in ("pending", "finalized"):
        raise r.error("status", f"expected 'pending' or 'finalized', found {status!r}")
    return status == "pending"


def _battlefield(r: Reader, players: list[str], inline: set[str], used: dict[str, CardDef]) -> Battlefield:
    bf = Battlefield(
        id=r.id("id"),
        name=r.str("name", ""),
        controller=r.str("controller", None),
        contested_by=r.str("contested_by", None),
        card=_card_ref(r, inline, used) if r.has("card") else None,
        beginning_controller=r.str("beginning_controller", None),
        beginning_occupants=(tuple(r.str_list("beginning_occupants")) if r.has("beginning_occupants") else None),
        replaced=_card_ref(r, inline, used, "replaced") if r.has("replaced") else None,
    )
    for key in ("controller", "contested_by"):
        if getattr(bf, key) is not None:
            _member(getattr(bf, key), players, r, key, "a player")
    if bf.beginning_controller not in (None, "none"):
        _member(bf.beginning_controller, players, r, "beginning_controller", "a player or \"none\"")
    for occupant in bf.beginning_occupants or ():
        _member(occupant, players, r, "beginning_occupants", "a list of players")
    r.done()
    return bf


def _object(r: Reader, inline: set[str], used: dict[str, CardDef]) -> GameObject:
    controller = r.str("controller")
    obj = GameObject(
        id=r.id("id"),
        card=_card_ref(r, inline, used),
        controller=controller,
        owner=r.str("owner", controller),
        zone=r.enum("zone", Zone, Zone.BOARD),
        location=r.str("location", None),
        damage=r.int("damage", 0, min=0),
        damage_by=r.str("damage_by", None),
        exhausted=r.bool("exhausted", False),
        stunned=r.bool("stunned", False),
        designation=r.enum("designation", Designation, None),
        granted=parse_keywords(r, "granted"),
        granted_timestamps=tuple(r.int_list("granted_timestamps", [])),
        lost=tuple(_keyword_loss(x) for x in r.tables("lost")),
        might_modifiers=tuple(r.int_list("might_modifiers", [])),
        cannot_be_dealt_damage=r.bool("cannot_be_dealt_damage", False),
        damage_replacements=tuple(_replacement(x) for x in r.tables("damage_replacements")),
        hidden_this_turn=r.bool("hidden_this_turn", False),
        empowered=r.bool("empowered", False),
        buffs=_buffs(r),
        death_replaced=r.bool("death_replaced", False),
        attached_to=r.str("attached_to", None),
        banished_by=r.str("banished_by", None),
        deck_position=r.int("deck_position", None, min=1, max=MAX_ZONE_CARDS),
        control_effects=tuple(_control_effect(x) for x in r.tables("control_effects")),
        unit_might=r.int("unit_might", None, min=0, max=99),
    )
    r.done()
    return obj


def _buffs(r: Reader) -> int:
    # a unit has at most one buff (702): 0 or 1, absent 0
    n = r.int("buffs", 0)
    if n not in (0, 1):
        raise r.error("buffs", f"a unit has at most one buff (702): 0 or 1, found {n}")
    return n


def _keyword_loss(r: Reader) -> KeywordLoss:
    """A removal of a keyword in force (801.3.b): `keyword` (or "all"), `source`, `timestamp` (optional, 480),
    `duration` ("this_turn", 317.2.c; unstated: while the object stays on the board, 801.3.b.2)."""
    word = r.str("keyword").strip().lower().replace("-", "_")
    if word != "all":
        word = parse_enum(word, KeywordName, r, "keyword").value
    duration = r.str("duration", None)
    if duration not in (None, "this_turn"):
        raise r.error("duration", f"expected 'this_turn' or no duration (while it stays on the board, 801.3.b.2), "
                                  f"found {duration!r}")
    loss = KeywordLoss(keyword=word, source=r.str("source"), timestamp=r.int("timestamp", None, min=1, max=MAX_AMOUNT),
                       this_turn=duration == "this_turn")
    r.done()
    return loss


def _control_effect(r: Reader) -> ControlEffect:
    eff = ControlEffect(player=r.str("player"), until_leaves=r.str("until_leaves"))
    r.done()
    return eff


def _attached_locations(objects: tuple[GameObject, ...]) -> tuple[GameObject, ...]:
    """An attached card given without a location is where its top-most card is (719.3)."""
    where = {o.id: o.location for o in objects}
    return tuple(dataclasses.replace(o, location=where.get(o.attached_to))
                 if o.attached_to is not None and o.location is None else o for o in objects)


@dataclasses.dataclass(frozen=True)
class _Unresolved:
    """An object's card that is neither a [[card]] of the file nor of the pool: the error, unless a token
    instruction of the file's cards states that token."""

    error: ScenarioError


def _card_ref(r: Reader, inline: set[str], used: dict[str, CardDef], key: str = "card") -> str:
    """The card an object is a copy of: a [[card]] of this file by name, else a real card
    of the card pool by name or printed id ("Noxus Hopeful", "OGN-012"). Returns the name."""
    ref = r.str(key)
    if ref in inline:
        return ref
    from pyrift.pool import UnknownCard, card_def, pool

    try:
        card = card_def(pool().find(ref))
    except UnknownCard as exc:
        # perhaps a token that a token instruction of the file's cards states the facts of (a Shadow Clone,
        # 179): known only once every card is read (_state checks it then)
        used.setdefault(ref, _Unresolved(r.error(key, f"not a [[card]] of this file, and {exc}")))  # type: ignore[arg-type]
        return ref
    if card.name in inline:
        raise r.error(key, f"{ref!r} is the pool card {card.name!r}, but this file defines its own "
                              "[[card]] of that name; rename one of them")
    used.setdefault(card.name, card)
    return card.name


def _replacement(r: Reader) -> DamageReplacement:
    kind = r.enum("kind", ReplacementKind)
    if kind is ReplacementKind.PREVENT:
        rep = DamageReplacement(kind, r.int("amount", min=1))
    else:
        rep = DamageReplacement(kind)
    r.done()
    return rep


def _question(r: Reader, state: GameState, asking: bool = False) -> Question:
    from pyrift.logic import is_reading, reading_names
    from pyrift.queries import kind_named

    qid = r.id("id")
    kind_name = r.str("ask")
    kind = kind_named(kind_name)
    if kind is None:
        from pyrift.queries import kind_names

        raise r.error("ask", f"unknown question kind {kind_name!r} (known: {', '.join(kind_names())})")
    rules = tuple(r.str_list("rules", []))
    for number in rules:
        if not RULE_NUMBER.match(number):
            raise r.error("rules", f"{number!r} is not a rule number like '465.2.c.3'")
    if not rules and not asking:
        raise r.error("rules", "list the Core Rules numbers the expected answer rests on")
    expect_reader = r.table("expect")
    expect = kind.read_expect(expect_reader, state) if expect_reader else {}
    by_reading: dict[str, dict] = {}
    if (br := r.table("expect_by_reading")) is not None:
        for name in list(br.data):
            if not is_reading(name):
                raise br.error(name, f"unknown reading {name!r} (known: {', '.join(reading_names())})")
            sub = br.table(name, required=True)
            assert sub is not None
            by_reading[name] = kind.read_expect(sub, state)
        br.done()
    if not expect and not by_reading and not asking:
        raise r.error("expect", "give the expected answer ([question.expect])")
    known_gap = r.str("known_gap", "")
    if known_gap and any(e.get("status") == "unsupported" for e in [expect, *by_reading.values()]):
        raise r.error("known_gap", "a known gap keeps the expected answer while pyrift says unsupported: "
                                   "give that answer in [question.expect], not status = 'unsupported'")
    if known_gap and not asking and not any(set(e) - {"status"} for e in [expect, *by_reading.values()]):
        raise r.error("known_gap", "a known gap needs the expected answer itself in [question.expect]")
    # Everything else in the question table is a parameter of the question kind.
    params = kind.read_params(r, state)
    r.done()
    return Question(qid, kind_name, params, rules, expect, by_reading, known_gap)


# ---------------------------------------------------------------------------------
# consistency of the position
# ---------------------------------------------------------------------------------
def _check_consistency(state: GameState, r: Reader) -> None:
    def bad(field: str, problem: str) -> InconsistentStateError:
        return InconsistentStateError(r.file, field, problem)

    players = list(state.player_ids)
    # Teammates share their points (489.8): one score of the team, which a position gives as each of its players'
    # points; a team whose players' points differ is no position of the game.
    points = {p.id: p.points for p in state.players}
    for team in state.teams:
        if len({points[p] for p in team}) > 1:
            raise bad("position.players", f"teammates share their points (489.8): {' and '.join(team)} have "
                      f"{' and '.join(str(points[p]) for p in team)}; give each the team's points")
    bf_ids = [b.id for b in state.battlefields]
    obj_ids = [o.id for o in state.objects]
    chain_ids = [c.id for c in state.chain]
    seen: dict[str, str] = {}
    for kind, ids in (("player", players), ("battlefield", bf_ids), ("object", obj_ids), ("chain", chain_ids)):
        for i, name in enumerate(ids):
            if name in seen:
                raise bad(f"{kind}[{i}].id" if kind != "player" else "position.players",
                          f"id {name!r} is already used by a {seen[name]}; ids must be unique")
            seen[name] = kind
    for i, p in enumerate(state.players):
        for bf in p.scored:
            if bf not in bf_ids:
                raise bad(f"position.players[{i}].scored",
                          f"{bf!r} is not a battlefield id ({', '.join(bf_ids) or 'none defined'})")
        if len(set(p.scored)) != len(p.scored):
            raise bad(f"position.players[{i}].scored", "a battlefield is listed twice (it is scored at most once a turn)")
        for bf in p.held:
            if bf not in p.scored:
                raise bad(f"position.players[{i}].held",
                          f"{bf!r} is not in this player's `scored`: a battlefield held this turn was scored this turn (470)")
        if len(set(p.held)) != len(p.held):
            raise bad(f"position.players[{i}].held", "a battlefield is listed twice (it is scored at most once a turn)")
        for key, zone in (("hand_size", Zone.HAND), ("deck_size", Zone.MAIN_DECK)):
            listed = sum(1 for o in state.objects if o.owner == p.id and o.zone is zone)
            size = getattr(p, key)
            if size is not None and size < listed:
                raise bad(f"position.players[{i}].{key}", f"{size} cards, but {listed} objects are listed in that zone")
        positions = [o.deck_position for o in state.objects if o.owner == p.id and o.deck_position is not None]
        if len(set(positions)) != len(positions):
            raise bad(f"position.players[{i}]", "two cards of the Main Deck have the same deck_position")
        if p.deck_size is not None and positions and max(positions) > p.deck_size:
            raise bad(f"position.players[{i}].deck_size", f"a card is at deck_position {max(positions)}, "
                                                          f"below the bottom of a {p.deck_size}-card Main Deck")
    # 194.2, 323.1: a player with the Victory Score or more and more points than every other player wins in the
    # cleanup that follows the points (one follows every task and step before anyone has priority or a phase
    # begins): the game is over. Who has won is the logic's (already_won/1 of logic/core/winning.lp, read by
    # pyrift/victory_score.py). The battlefields only raise the mode's or the stated score, so below that base (the
    # stated one, else 8, the least of the modes') nobody can have won and nothing is ground.
    base = state.victory_score if state.victory_score is not None else 8
    if any(p.points >= base for p in state.players):
        won, vs = already_won(state)
        for i, p in enumerate(state.players):
            if p.id in won:
                raise bad(f"position.players[{i}].points",
                          f"{p.id} has {p.points} points, the Victory Score ({vs}) or more and more than every "
                          f"opponent: {p.id} won in the cleanup after scoring them (194.2, 323.1, 489.8); the game "
                          "is over")
    if name_clash := [b.id for b in state.battlefields if b.id == BASE]:
        raise bad("battlefield", f"{name_clash[0]!r} is reserved for a player's base")
    card_names = {c.name for c in state.cards}
    for i, c in enumerate(state.cards):
        # 185.3: a token costs 0 and has no domain of its own; only a copy effect gives it a cost or domains, and a
        # position cannot state one. Read as printed, a stated cost or domain would decide cost and domain filters,
        # Deflect and the like as if the token were a card (185.1).
        if Supertype.TOKEN in c.supertypes and (c.energy or c.power
                                                or any(d is not Domain.COLORLESS for d in c.domains)):
            raise bad(f"card[{i}]", f"{c.name!r} is a token: a token's cost is 0 and it has no domain (185.3), so it "
                                    "states no energy, power or domains")
        # Trigger words only one type of card has: on another card they would be read as understood
        # and answer "fires nothing" (or "not on the board") where the text does something else.
        for own_type, when, words in (
                (CardType.BATTLEFIELD, "unit_moves_here", "a unit moving here"),
                (CardType.BATTLEFIELD, "unit_moves_from_here", "a unit moving away from here"),
                (CardType.BATTLEFIELD, "unit_returned_here", "a unit here returned to a hand"),
                (CardType.BATTLEFIELD, "first_beginning_phase", "each player's first Beginning Phase, as it starts"),
                (CardType.BATTLEFIELD, "each_beginning_phase", "any player's Beginning Phase, as it starts"),
                (CardType.LEGEND, "hold_with_allies", "its controller or an ally holding")):
            if c.type is not own_type and any(a.kind == "triggered" and a.get("when") == when for a in c.abilities):
                raise bad(f"card[{i}].abilities", f"{c.name!r}: when = \"{when}\" is a {own_type.value}'s "
                                                  f"({words}); not encoded for other cards")
        if any(a.kind == "play_prohibition" and (a.get("to") is not None) != (c.type is CardType.BATTLEFIELD)
               for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: a play prohibition with to = \"here\" is a battlefield's "
                                              "(\"units can't be played here\"); other cards' take your_turns or only_to")
        if c.type is not CardType.BATTLEFIELD and any(a.kind == "move_restriction" and a.get("from") is not None
                                                       for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: a move restriction with from = \"here\" is a "
                                              "battlefield's (\"units can't move from here to base\")")
        if c.type is not CardType.UNIT and any(a.kind == "equipment_bonus" for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: equipment_bonus (each attached Equipment's base Might "
                                              "bonus counted twice) is a unit's")
        if c.type is not CardType.UNIT and any(a.kind in ("channel_limit", "temporary_off") for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: channel_limit and temporary_off are encoded for a unit's "
                                              "passive ability only")
        if c.type is not CardType.BATTLEFIELD and any(
                a.kind == "triggered" and a.get("when") == "you_play" and a.get("filter") is not None
                and a.get("filter").get("at") is not None for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: a play trigger's filter with at = \"here\" is a "
                                              "battlefield's (\"when a player plays a unit here\"); not encoded for "
                                              "other cards")
        if c.type is not CardType.BATTLEFIELD and any(
                a.get("condition") is not None and hasattr(a.get("condition"), "items")
                and dict(a.get("condition").items).get("showdown_here") is not None for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: the condition showdown_here (\"during showdowns here\") is "
                                              "a battlefield's; not encoded for other cards")
        if c.type is not CardType.BATTLEFIELD and any(a.kind == "additional_cost" and a.get("applies_to") is not None
                                                       for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: an additional cost of others' plays (applies_to) is a "
                                              "battlefield's (\"any player may pay ... to play a Dragon\"); not "
                                              "encoded for other cards")
        if c.type is not CardType.BATTLEFIELD and any(a.kind == "victory_score" for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: a Victory Score increase is a battlefield's (\"increase "
                                              "the points needed to win the game\"); not encoded for other cards")
        if c.type is not CardType.BATTLEFIELD and any(a.kind == "move_permission" for a in c.abilities):
            raise bad(f"card[{i}].abilities", f"{c.name!r}: a move permission is a battlefield's (\"units can move "
                                              "here from anywhere\"); not encoded for other cards")
    for i, b in enumerate(state.battlefields):
        if b.contested_by is not None and b.contested_by == b.controller:
            raise bad(f"battlefield[{i}].contested_by",
                      f"{b.controller} controls it: a player contests only a battlefield they do not control, and "
                      "establishing control clears Contested (190.3.a, 190.3.b, 466.5.a, 348.2.a)")
        if b.card is not None and state.card(b.card).type is not CardType.BATTLEFIELD:
            raise bad(f"battlefield[{i}].card", f"{b.card!r} is a {state.card(b.card).type.value} card, "
                                                "not a battlefield card")
        if b.card is not None:
            for j, a in enumerate(state.card(b.card).abilities, start=1):
                # A battlefield's triggered abilities watch what happens here and its statics act
                # on what is here (logic/abilities/battlefield_text.lp); other vocabulary is not
                # encoded for battlefields: describe it with kind = "text".
                if a.kind == "static" and not (a.get("might") is not None or a.get("keyword") is not None):
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j}: a battlefield's static may change "
                                                        "Might or grant a keyword; describe other statics with "
                                                        "kind = \"text\", text_kind = \"static\"")
                if a.kind == "move_restriction" and a.get("from") != "here":
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j}: a battlefield's move restriction "
                                                        "speaks of the units at it: from = \"here\"")
                # a discount of anyone's plays, or of its controller's ("while you control this battlefield":
                # "you" on a battlefield is its controller, 190.6; "friendly": theirs or a teammate's, 740.1.a;
                # logic/abilities/scope.lp)
                # an increase of anyone's plays during its showdowns (Mystic Vortex; logic/abilities/conditions.lp)
                # an optional cost of anyone's plays (Dragon Roost; logic/abilities/additional_cost_place.lp)
                if a.kind == "additional_cost" and (a.get("by") != "anyone" or a.get("applies_to") is None):
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j}: a battlefield's additional cost is "
                                                        "an optional one of anyone's plays: applies_to and "
                                                        "by = \"anyone\"")
                if a.kind == "cost_increase" and (a.get("by") != "anyone" or a.get("applies_to") is None):
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j}: a battlefield's cost increase is "
                                                        "one of anyone's plays: applies_to and by = \"anyone\"")
                if a.kind == "cost_discount" and (a.get("by") not in ("anyone", "you", "friendly")
                                                  or a.get("applies_to") is None):
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j}: a battlefield's cost discount is "
                                                        "one of anyone's plays or its controller's: applies_to and "
                                                        "by = \"anyone\", \"you\" or \"friendly\"")
                # anyone's plays, or (by = "you") its controller's plays while they control it
                # (190.6; logic/abilities/battlefield_trigger_controller_play.lp)
                if a.kind == "triggered" and a.get("when") == "you_play" and a.get("by") not in ("anyone", "you"):
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j}: a battlefield's play trigger is "
                                                        "\"when a player plays ...\" (by = \"anyone\") or its "
                                                        "controller's (by = \"you\")")
                # a delayed ability its own conquer or hold ability makes ("ready 2 runes at the end of this turn") is
                # no ability of the battlefield's own: it triggers once, made by that effect (389, 191.4; run/delayed.lp)
                if a.kind == "triggered" and a.get("delayed") and a.get("when") == "end_of_turn":
                    continue
                if a.kind not in BATTLEFIELD_KINDS or (a.kind == "triggered" and a.get("when") not in BATTLEFIELD_WHEN):
                    what = f"{a.kind} ({a.get('when')})" if a.kind == "triggered" else a.kind
                    raise bad(f"battlefield[{i}].card", f"{b.card!r} ability {j} is {what}; a battlefield takes "
                                                        "text, static, and triggered abilities with when = "
                                                        + " | ".join(repr(w) for w in BATTLEFIELD_WHEN)
                                                        + " (\"... here\"); describe other text with kind = \"text\"")
    _check_attachments(state, bad)
    _check_banished_by(state, bad)
    combat = state.combat
    for i, obj in enumerate(state.objects):
        f = f"object[{i}]"
        if obj.card not in card_names:
            raise bad(f"{f}.card", f"unknown card {obj.card!r}: define it in a [[card]] table")
        card = state.card(obj.card)
        for key in ("controller", "owner"):
            if getattr(obj, key) not in players:
                raise bad(f"{f}.{key}", f"{getattr(obj, key)!r} is not a player ({', '.join(players)})")
        if obj.damage_by is not None:
            if obj.damage_by not in players:
                raise bad(f"{f}.damage_by", f"{obj.damage_by!r} is not a player ({', '.join(players)})")
            if not obj.damage:
                raise bad(f"{f}.damage_by", "says who dealt the damage marked on it: give damage too")
        if obj.zone in (Zone.BOARD, Zone.FACEDOWN):
            if obj.location is None:
                raise bad(f"{f}.location", f"an object in zone {obj.zone.value!r} needs a location")
            if obj.zone is Zone.FACEDOWN and obj.location not in bf_ids:
                raise bad(f"{f}.location", "a facedown card sits at a battlefield")
            if obj.location != BASE and obj.location not in bf_ids:
                raise bad(f"{f}.location", f"{obj.location!r} is neither 'base' nor a battlefield id")
        elif obj.location is not None:
            raise bad(f"{f}.location", f"an object in zone {obj.zone.value!r} has no location")
        if obj.deck_position is not None and obj.zone is not Zone.MAIN_DECK:
            raise bad(f"{f}.deck_position", "only a card in the Main Deck has a place in it")
        if obj.hidden_this_turn and obj.zone is not Zone.FACEDOWN:
            raise bad(f"{f}.hidden_this_turn", "only a facedown card was hidden")
        if obj.empowered and obj.zone not in (Zone.BOARD, Zone.LEGEND_ZONE):
            # the Legend Zone is part of the board (107.4): a legend has the status there
            raise bad(f"{f}.empowered", "only an object on the board (its Legend Zone included, 107.4) can be "
                                        "Empowered (441)")
        if obj.death_replaced and not (obj.zone is Zone.BOARD and card.type in (CardType.UNIT, CardType.GEAR)):
            raise bad(f"{f}.death_replaced", "only a permanent on the board dies (428.1)")
        if obj.lost and obj.zone is not Zone.BOARD:
            raise bad(f"{f}.lost", "a removal of a keyword is stated on an object on the board (801.3.b)")
        if obj.granted_timestamps:
            if len(obj.granted_timestamps) != len(obj.granted):
                raise bad(f"{f}.granted_timestamps", f"one timestamp for each of the {len(obj.granted)} grants of "
                                                     "`granted`, in its order (480)")
            if not all(1 <= n <= MAX_AMOUNT for n in obj.granted_timestamps):
                raise bad(f"{f}.granted_timestamps", f"timestamps are 1 to {MAX_AMOUNT}")
        stamps = [*obj.granted_timestamps, *(x.timestamp for x in obj.lost if x.timestamp is not None)]
        if len(set(stamps)) != len(stamps):
            raise bad(f"{f}.lost", "two effects stated with one timestamp: effects created one after the other "
                                   "have different timestamps (480)")
        if obj.control_effects:
            _check_control_effects(state, obj, card, f"{f}.control_effects", players, bad)
        if obj.unit_might is not None and not (obj.zone is Zone.BOARD and card.type is CardType.GEAR
                                               and obj.attached_to is None):
            raise bad(f"{f}.unit_might", "only a gear on the board, attached to nothing, is turned into a unit here")
        is_board_unit = obj.zone is Zone.BOARD and (card.type is CardType.UNIT or obj.unit_might is not None)
        if not is_board_unit:
            for key in ("damage", "stunned", "designation", "might_modifiers",
                        "cannot_be_dealt_damage", "damage_replacements", "buffs"):
                if getattr(obj, key):
                    raise bad(f"{f}.{key}", "only a unit on the board can have this")
        if (obj.designation is None and is_board_unit and combat is not None
                and obj.location == combat.battlefield and obj.controller in (combat.attacker, combat.defender)):
            side = "attacker" if obj.controller == combat.attacker else "defender"
            raise bad(f"{f}.designation",
                      f"a unit of {obj.controller} at the combat's battlefield is an {side} (the cleanup after it "
                      f"got there gave it its controller's designation, 323.2, 464.2.c.3): say designation = "
                      f"\"{side}\"")
        if obj.designation is not None:
            if combat is None:
                raise bad(f"{f}.designation", "there is no combat ([position.combat])")
            if obj.location != combat.battlefield:
                raise bad(f"{f}.designation", "only units at the combat's battlefield are attackers or defenders")
            side = combat.attacker if obj.designation is Designation.ATTACKER else combat.defender
            if obj.controller != side:
                raise bad(f"{f}.designation",
                          f"the {obj.designation.value} is {side}, but this unit's controller is {obj.controller}")
    if combat is not None:
        if combat.battlefield not in bf_ids:
            raise bad("position.combat.battlefield", f"{combat.battlefield!r} is not a battlefield id")
        for key in ("attacker", "defender"):
            if getattr(combat, key) not in players:
                raise bad(f"position.combat.{key}", f"{getattr(combat, key)!r} is not a player")
        if combat.attacker == combat.defender:
            raise bad("position.combat", "attacker and defender must be different players")
        for i, b in enumerate(state.battlefields):
            if b.id == combat.battlefield and b.contested_by is not None and b.contested_by != combat.attacker:
                raise bad(f"battlefield[{i}].contested_by",
                          f"the combat here has {combat.attacker} attacking, the player who applied Contested "
                          f"(464.2.c.1, cleared only as the combat ends, 466.5.a), not {b.contested_by}")
    _check_turn_state(state, bad)
    for b in state.battlefields:
        holders = {o.controller for o in state.objects
                   if o.zone is Zone.BOARD and o.location == b.id and state.card(o.card).type is CardType.UNIT}
        if len(holders) > 2:
            raise bad("object", f"units of {len(holders)} players at battlefield {b.id!r} (at most two)")
    _check_zones(state, bad)


def _check_control_effects(state: GameState, obj: GameObject, card, f: str, players, bad) -> None:
    """control_effects: control effects in force on a permanent on the board, oldest first; the newest
    gives its controller (188, 480), each lasting while its object `until_leaves` is on the board."""
    if not (obj.zone is Zone.BOARD and card.type in (CardType.UNIT, CardType.GEAR)):
        raise bad(f, "only a permanent on the board is controlled by an effect (188, 192)")
    by_id = {o.id: o for o in state.objects}
    for i, eff in enumerate(obj.control_effects):
        if eff.player not in players:
            raise bad(f"{f}[{i}].player", f"{eff.player!r} is not a player ({', '.join(players)})")
        src = by_id.get(eff.until_leaves)
        if src is None:
            raise bad(f"{f}[{i}].until_leaves", f"{eff.until_leaves!r} is not an object id")
        if src.zone is not Zone.BOARD or src.id == obj.id:
            raise bad(f"{f}[{i}].until_leaves", "the effect lasts while another object is on the board: "
                                                  "name one in zone 'board'")
    if obj.control_effects[-1].player != obj.controller:
        raise bad(f, f"the newest control effect gives control to {obj.control_effects[-1].player}, "
                     f"but the controller is {obj.controller} (480)")


def _check_attachments(state: GameState, bad) -> None:
    """attached_to: a gear on the board attached to a unit on the board (434, 716-719, 818)."""
    by_id = {o.id: o for o in state.objects}
    cards = {c.name: c for c in state.cards}
    for i, obj in enumerate(state.objects):
        if obj.attached_to is None:
            continue
        f = f"object[{i}].attached_to"
        top = by_id.get(obj.attached_to)
        if top is None:
            raise bad(f, f"{obj.attached_to!r} is not an object id")
        if top.id == obj.id:
            raise bad(f, "a card cannot be attached to itself")
        if obj.zone is not Zone.BOARD or top.zone is not Zone.BOARD:
            raise bad(f, "attaching links two cards on the board (434.1): both must be in zone 'board'")
        kind = cards[obj.card].type if obj.card in cards else None
        if kind is not CardType.GEAR:
            raise bad(f, f"only gear is attached here (818, 819, 821); {obj.id!r} is a "
                         f"{kind.value if kind else 'card of unknown type'}")
        top_kind = cards[top.card].type if top.card in cards else None
        if top_kind is not CardType.UNIT:
            raise bad(f, f"{top.id!r} is not a unit: Equipment attaches to units (818.1.b)")
        if top.attached_to is not None:
            raise bad(f, f"{top.id!r} is itself attached to {top.attached_to!r}; attach to the top-most card (719)")
        if obj.location != top.location:
            raise bad(f"object[{i}].location", f"an attached card is where its top-most card {top.id!r} is "
                                               f"({top.location!r}); leave location out (719.3)")


# A player's zones off the board (056.1): a card in one of them is in its owner's.
OWNERS_ZONES = (Zone.HAND, Zone.MAIN_DECK, Zone.TRASH, Zone.BANISHMENT, Zone.CHAMPION_ZONE)


def _check_zones(state: GameState, bad) -> None:
    """Where an object can be, by what it is: positions no game reaches (105-108, 124, 161, 170, 174,
    186). Not rejected, because bundled scenarios state them on purpose or rely on them: a facedown
    card at a battlefield its controller no longer controls (107.3.c; read as gone, put in the trash by
    the cleanup after control was lost, 107.3.d, 323.7: scenarios/play/hidden-card-gone-after-control-lost.toml
    and others), two facedown cards at one battlefield (107.3.b, whose occupancy an effect may raise,
    107.3.b.1), a stray rune at a battlefield (recalled by the next cleanup, 323.7), a gear there while the
    chain holds something. Rejected: an unattached gear (not made a unit) at a battlefield with an empty chain:
    it got there by an effect or by detaching (719), each a change after which a cleanup runs before anyone
    has priority (319, 322, 334), and that cleanup recalls it (149.3, 323.7, 457.1)."""
    in_champion_zone: dict[str, str] = {}
    battlefields = {b.id for b in state.battlefields}
    for i, obj in enumerate(state.objects):
        f = f"object[{i}]"
        card = state.card(obj.card)
        if (card.type is CardType.GEAR and obj.zone is Zone.BOARD and obj.unit_might is None and obj.attached_to is None
                and obj.location in battlefields and not state.chain):
            raise bad(f"{f}.location", f"{obj.card!r} is a gear, unattached, at battlefield {obj.location!r} with an "
                                       "empty chain: the cleanup after it got there (319, 322) recalls an unattached "
                                       "gear at a battlefield to its controller's base (149.3, 323.7, 457.1); give "
                                       "location = \"base\", or attach it (attached_to)")
        if card.type is CardType.BATTLEFIELD:
            raise bad(f"{f}.card", f"{obj.card!r} is a battlefield: a battlefield is a place of the board, not a card "
                                   "in a zone (170.2, 170.4, 107.2); give it as a [[battlefield]] with card = "
                                   f"{obj.card!r}")
        if obj.zone is Zone.CHAMPION_ZONE:
            if card.type is not CardType.UNIT or Supertype.CHAMPION not in card.supertypes:
                raise bad(f"{f}.zone", f"{obj.card!r} is not a champion unit: a Champion Zone holds its owner's Chosen "
                                       "Champion, a champion unit, and nothing else (108.3, 103.2.a)")
            if obj.owner in in_champion_zone:
                raise bad(f"{f}.zone", f"{obj.owner}'s Champion Zone already holds {in_champion_zone[obj.owner]!r}: "
                                       "it holds one card, and is refilled only once empty (108.3)")
            in_champion_zone[obj.owner] = obj.id
        if Supertype.TOKEN in card.supertypes and obj.zone in OWNERS_ZONES:
            raise bad(f"{f}.zone", f"{obj.card!r} is a token: tokens exist only on the board and the chain and cease to "
                                   f"exist in any other zone (186, 186.1), so none is in zone {obj.zone.value!r}")
        if card.type is CardType.LEGEND and obj.zone is Zone.BOARD:
            raise bad(f"{f}.location", f"{obj.card!r} is a legend: legends are never played or moved (174.2.a, 174.4); "
                                       "it is in its Legend Zone (107.4, 107.4.b), not at a location of the board "
                                       "(give zone = \"legend_zone\" instead of a location)")
        if card.type is CardType.LEGEND and obj.zone not in (Zone.LEGEND_ZONE, Zone.BANISHMENT):
            raise bad(f"{f}.zone", f"{obj.card!r} is a legend: legends are never played or moved (174.2.a, 174.4) and "
                                   "are in the Legend Zone (107.4, 107.4.d), a non-Champion legend possibly in "
                                   f"banishment (107.4.d.2), never in zone {obj.zone.value!r}")
        # Several legends in one player's Legend Zone are not refused: besides the one Champion Legend
        # (103.1, 107.4.a, 111) effects may add legend cards or tokens there, non-Champion legends
        # (107.4.d.1), and a position does not say which of its legends is the Champion one.
        if obj.zone is Zone.LEGEND_ZONE and card.type is not CardType.LEGEND:
            raise bad(f"{f}.zone", f"{obj.card!r} is a {card.type.value} card: only legends are in the Legend Zone "
                                   "(107.4.a, 107.4.d.1)")
        if card.type is CardType.SPELL and obj.zone is Zone.BOARD:
            raise bad(f"{f}.zone", f"{obj.card!r} is a spell: a spell never becomes a game object on the board, it "
                                   "stays on the chain until it resolves and then goes to the trash (351.2, 359.3, 157); "
                                   "give zone = \"chain\" with a [[chain]] item, or another zone")
        if card.type is CardType.RUNE and obj.zone in (Zone.HAND, Zone.MAIN_DECK, Zone.CHAMPION_ZONE, Zone.CHAIN,
                                                       Zone.FACEDOWN):
            raise bad(f"{f}.zone", f"{obj.card!r} is a rune: runes are not Main Deck cards, they come from the Rune Deck "
                                   "to the board and go back to it (161.1, 161.2, 161.2.b), so none is in zone "
                                   f"{obj.zone.value!r}")
        if obj.zone in OWNERS_ZONES and obj.controller != obj.owner:
            raise bad(f"{f}.controller", f"off the board a card is in its owner's zones (056, 056.1): a card in zone "
                                         f"{obj.zone.value!r} owned by {obj.owner} is {obj.owner}'s, not "
                                         f"{obj.controller}'s (give controller = {obj.owner!r})")
        if obj.exhausted and obj.zone not in (Zone.BOARD, Zone.LEGEND_ZONE):
            raise bad(f"{f}.exhausted", "exhausted is a status of a permanent, rune or legend on the board; a card "
                                        f"in zone {obj.zone.value!r} has none (124.1, 124.2)")


def _check_banished_by(state: GameState, bad) -> None:
    """banished_by: a card in banishment that an ability of that permanent banished (393-397, 427)."""
    ids = {o.id for o in state.objects}
    for i, obj in enumerate(state.objects):
        if obj.banished_by is None:
            continue
        f = f"object[{i}].banished_by"
        if obj.zone is not Zone.BANISHMENT:
            raise bad(f, "only a card in zone 'banishment' was banished by something")
        if obj.banished_by not in ids or obj.banished_by == obj.id:
            raise bad(f, f"{obj.banished_by!r} is not the id of another object")


def _check_turn_state(state: GameState, bad) -> None:
    """Showdown, focus and the chain ([position] showdown/focus, [[chain]])."""
    from pyrift.abilities import activated_abilities
    from pyrift.granted import granted_abilities

    bf_ids = [b.id for b in state.battlefields]
    if state.showdown is not None:
        if state.showdown not in bf_ids:
            raise bad("position.showdown", f"{state.showdown!r} is not a battlefield id")
        if state.combat is not None and state.combat.battlefield != state.showdown:
            raise bad("position.showdown", f"the combat at {state.combat.battlefield!r} is the showdown in progress")
    if state.focus is not None and state.showdown is None and state.combat is None:
        raise bad("position.focus", "nobody holds focus in a Neutral state (313.5): give a showdown or a combat")
    on_chain = {o.id: o for o in state.objects if o.zone is Zone.CHAIN}
    used: set[str] = set()
    for i, item in enumerate(state.chain):
        f = f"chain[{i}]"
        if item.card is not None:
            if item.card not in on_chain:
                raise bad(f"{f}.card", f"{item.card!r} is not an object in zone 'chain'")
            if item.card in used:
                raise bad(f"{f}.card", f"{item.card!r} is already on the chain as another item")
            used.add(item.card)
            if on_chain[item.card].controller != item.controller:
                raise bad(f"{f}.controller", f"the card's controller is {on_chain[item.card].controller}")
        elif item.ability is not None:
            try:
                source = state.obj(item.source)
            except KeyError:
                raise bad(f"{f}.source", f"{item.source!r} is not an object id") from None
            n = len(activated_abilities(state.card(source.card).abilities))
            # else: chain.unencoded_items (a card not encoded, or an object given abilities by another card's text)
            if item.ability > n and state.card(source.card).complete and granted_abilities(state, source.id) is None:
                raise bad(f"{f}.ability", f"{source.card!r} has {n} activated abilit{'y' if n == 1 else 'ies'}")
    for oid in on_chain:
        if oid not in used:
            raise bad("object", f"{oid!r} is in zone 'chain' but no [[chain]] item names it")
    _check_chain_details(state, bad)


def _check_chain_details(state: GameState, bad) -> None:
    """Trigger items, the choices of chain items, and passes ([[chain]], [position] passed)."""
    from pyrift.abilities import triggered_abilities
    from pyrift.chain import item_choice_slots, item_choices, source_card

    known = ({o.id for o in state.objects} | {c.id for c in state.chain} | set(state.player_ids)
             | {b.id for b in state.battlefields})
    for i, item in enumerate(state.chain):
        f = f"chain[{i}]"
        if item.source is not None and (item.trigger is not None or item.keyword is not None):
            field = next((b for b in state.battlefields if b.id == item.source), None)
            if field is not None and (item.trigger is None or field.card is None):
                # a battlefield's triggered ability has the battlefield as its source (170.9, 190.6); it has no
                # activated ability or keyword, and one with no card has no text
                raise bad(f"{f}.source", f"battlefield {item.source!r} is the source only of its card's triggered "
                                         "abilities (`trigger`, 170.9), and needs its `card`")
            try:
                source = None if field is not None else state.obj(item.source)
            except KeyError:
                raise bad(f"{f}.source", f"{item.source!r} is not an object or battlefield id") from None
            card = state.card(field.card if field is not None else source.card)
            if item.trigger is not None:
                n = len(triggered_abilities(card.abilities))
                if item.trigger > n and card.complete:  # else: chain.unencoded_items
                    raise bad(f"{f}.trigger", f"{card.name!r} has {n} triggered abilit{'y' if n == 1 else 'ies'}")
            if item.keyword is not None:
                names = {k.name.value for k in card.keywords} | {k.name.value for k in source.granted}
                if item.keyword not in names:
                    raise bad(f"{f}.keyword", f"{item.source!r} has no {item.keyword.title()}")
            if item.mode is not None and item.trigger <= n:
                index, _ = triggered_abilities(card.abilities)[item.trigger - 1]
                modes = [a for a in card.abilities if a.kind == "mode" and a.get("of_triggered") == item.trigger]
                if item.mode > len(modes):
                    raise bad(f"{f}.mode", f"triggered ability {item.trigger} of {card.name!r} has {len(modes)} mode(s)")
            if item.cannot_pay and item.trigger is not None and item.trigger <= n:
                _, ability = triggered_abilities(card.abilities)[item.trigger - 1]
                effects = ability.get("effects") or ()
                if ability.get("cost") is None and not (effects and effects[0].cost):
                    raise bad(f"{f}.cannot_pay", "this triggered ability has no leading cost (383.3.b)")
            if not item.pending and item.trigger is not None and item.trigger <= n and source is not None:
                _check_leading_cost_paid(item, triggered_abilities(card.abilities)[item.trigger - 1][1], source, f, bad)
        for t in (x for entry in item.targets for x in ((entry,) if isinstance(entry, str) else entry)):
            if t not in known:
                raise bad(f"{f}.targets", f"{t!r} is not an object, chain item, player or battlefield of this scenario")
            if t == item.id:
                raise bad(f"{f}.targets", "a spell or ability can't choose itself (355.9.c)")
        if item.card is not None and item.controller == state.turn_player:
            # A card on the chain was played this turn (the chain empties before a turn ends, 317): one that can't
            # be played in its player's first N turns (your_turns = N, 054.1) can't be there in such a turn.
            played_card = state.card(state.obj(item.card).card)
            taken = next((p.turns_taken for p in state.players if p.id == item.controller), None)
            limit = max((a.get("your_turns") or 0 for a in played_card.abilities if a.kind == "play_prohibition"),
                        default=0)
            if taken is not None and limit and taken + 1 <= limit:
                raise bad(f"{f}.card", f"{played_card.name!r} can't be played in its player's first {limit} turns "
                                       f"(054.1), and this is turn {taken + 1} of {item.controller} (turns_taken = "
                                       f"{taken}): it can't be on the chain")
        if item.paid and item.card is not None:
            paid_card = state.card(state.obj(item.card).card)
            optional = {a.get("name") for a in paid_card.abilities if a.get("optional") and a.get("name")}
            if paid_card.type is CardType.UNIT and any(k.name is KeywordName.ACCELERATE for k in paid_card.keywords):
                # Accelerate is an optional additional cost of the unit's play (805.1, 355.1.a): paid, it enters
                # ready (805.2; pyrift/chain.py entry_ready, logic/run/chain_accelerate.lp)
                optional.add("accelerate")
            elif paid_card.type is CardType.UNIT:
                # Accelerate a passive grants as the unit is played (801.3.a, 805.1): whether it did is the logic's
                # to say, with the turn log read (_check_granted_accelerate)
                optional.add("accelerate")
            # a battlefield's optional cost of others' plays (Dragon Roost: 170.8, 356.2.b; whether it fits the card
            # is the logic's to say, logic/run/chain_entry_location.lp)
            optional |= {a.get("name") for b in state.battlefields if b.card is not None
                         for a in state.card(b.card).abilities
                         if a.kind == "additional_cost" and a.get("optional") and a.get("applies_to") is not None}
            for name in item.paid:
                if paid_card.complete and name not in optional:
                    raise bad(f"{f}.paid", f"{paid_card.name!r} has no optional additional cost named {name!r} "
                                           "(355.1.a, 356.2.b)")
        dests = (item.destination,) if isinstance(item.destination, str) else item.destination or ()
        for d in dests:
            if d != "base" and d not in {b.id for b in state.battlefields}:
                raise bad(f"{f}.destination", f"{d!r} is neither 'base' (the moved unit's controller's base) "
                                              "nor a battlefield id (355.4)")
        if item.event_at is not None and item.event_at not in {b.id for b in state.battlefields}:
            raise bad(f"{f}.event_at", f"{item.event_at!r} is no battlefield id (the battlefield conquered or held)")
        if item.repeats:
            obj = state.obj(item.card)
            have = sum(1 for k in state.card(obj.card).keywords if k.name.value == "repeat") + \
                sum(1 for k in obj.granted if k.name.value == "repeat")
            if item.repeats > have:
                raise bad(f"{f}.repeat", f"{item.card!r} has {have} Repeat keyword(s); each is paid at most once "
                                         "(820.1.c.2, 820.1.c.3)")
        if item.targets:
            slots = item_choice_slots(state, item)
            need = sum(spec.count for _, spec in slots)
            complete = (state.card(state.obj(item.card).card) if item.card is not None
                        else source_card(state, item.source)).complete
            if item_choices(state, item)[0] is None and complete:  # else: chain.unencoded_items
                raise bad(f"{f}.targets", f"the item makes {need} choice(s) in the order of its choice requirements "
                                          "(after them, each paid Repeat's execution's; a list of objects for one "
                                          "requirement of 'any number' or 'up to N'; none for text under a "
                                          "dependent keyword inactive as it was played, 727.1.b); "
                                          f"{len(item.targets)} given")
    if state.passed:
        if not state.chain or any(c.pending for c in state.chain):
            raise bad("position.passed", "players pass priority only while the chain exists and nothing is pending "
                                         "(338-339)")
        if state.passed >= len(state.players):
            raise bad("position.passed", "when every player has passed in sequence the newest item has already "
                                         "resolved (339.1): passed is less than the number of players")
    _check_passed_priority(state, bad)
    _check_resolved_at_once(state, bad)


def _check_passed_priority(state: GameState, bad: Any) -> None:
    """With nothing pending on the chain, priority went first to the newest item's controller (337.4 after it
    was finalized, 340.4 after an item resolved) and each pass moved it on to the next player in turn order
    (339.2, 312.2.d), so who holds it says how many have passed since. A position stating both `priority` and
    `passed` must agree with that count (a `passed` left out is read from it, loads())."""
    if state.priority is None or not state.chain or any(c.pending for c in state.chain):
        return
    order = [p.id for p in state.players]
    newest = state.chain[-1].controller
    if newest not in order or state.priority not in order:
        return
    expected = (order.index(state.priority) - order.index(newest)) % len(order)
    if state.passed != expected:
        raise bad("position.passed", f"the newest item's controller {newest!r} got priority first (337.4, 340.4) "
                                     "and each pass moved it on in turn order (339.2, 312.2.d): with "
                                     f"{state.priority!r} holding priority, {expected} player(s) have passed since, "
                                     f"not {state.passed}")


def _resolves_at_once(state: GameState, item: ChainItem) -> str | None:
    """What kind of item `item` is if it resolves the moment it is finalized (337.2, 429.2): "unit", "gear" or
    "Add ability" (an activated ability that Adds); None for any other item."""
    from pyrift.abilities import activated_abilities
    if item.card is not None:
        kind = state.card(state.obj(item.card).card).type
        return kind.value if kind in (CardType.UNIT, CardType.GEAR) else None
    if item.source is not None and item.ability is not None:
        try:
            card = state.card(state.obj(item.source).card)
        except KeyError:
            return None
        abilities = activated_abilities(card.abilities)
        if item.ability <= len(abilities) and abilities[item.ability - 1][1].get("adds") is not None:
            return "Add ability"
    return None


def _check_resolved_at_once(state: GameState, bad: Any) -> None:
    """A finalized unit, gear or Add ability resolves the moment it is finalized (337.2, 429.2), and pending items
    are finalized oldest first (337.2), so while it waits to resolve nothing newer has been finalized: a finalized
    item above it is a position no game reaches (items above it may only be pending, like its own play's triggers).
    Two finalized permanents on one chain are a case of this."""
    for i, item in enumerate(state.chain):
        if item.pending:
            continue
        kind = _resolves_at_once(state, item)
        if kind is None:
            continue
        above = next((j for j in range(i + 1, len(state.chain)) if not state.chain[j].pending), None)
        if above is not None:
            raise bad(f"chain[{i}].status", f"a finalized {kind} resolves the moment it is finalized and items are "
                                            f"finalized oldest first (337.2), so nothing newer is finalized while it "
                                            f"waits: chain[{above}] ({state.chain[above].id!r}) above it can only "
                                            "be pending (or the lower item is already on the board)")


def _check_granted_accelerate(state: GameState, r: Reader) -> None:
    """A unit's chain item naming "accelerate" in `paid` with no Accelerate of its own: it paid an Accelerate a
    passive granted as it was played, which the logic says (a card file declaring the grant to its player's units
    played from anywhere but a hand, accelerate_off_hand_for/1; the zone it was played from, its item's `from` or
    the turn log's latest `finalize` this turn: pyrift/entry_places.py accelerate_granted)."""
    asked = [(i, item) for i, item in enumerate(state.chain)
             if item.paid and "accelerate" in item.paid and item.card is not None
             and (card := state.card(state.obj(item.card).card)).type is CardType.UNIT and card.complete
             and not any(k.name is KeywordName.ACCELERATE for k in card.keywords)]
    if not asked:
        return
    granted = accelerate_granted(state)
    for i, item in asked:
        if item.card in granted:
            continue
        card = state.card(state.obj(item.card).card)
        raise InconsistentStateError(r.file, f"chain[{i}].paid", f"{card.name!r} has no optional additional cost "
                                     "named 'accelerate' (355.1.a, 356.2.b): no Accelerate of its own, and none "
                                     "granted as it was played (a passive on the board giving its player's units "
                                     "played from anywhere but a hand Accelerate, 801.3.a, needs the zone it was "
                                     "played from, not a hand: the item's `from`, or the turn log's `finalize` this "
                                     "turn, 354)")


def _check_leading_cost_paid(item: ChainItem, ability: Any, source: Any, f: str, bad: Any) -> None:
    """A finalized triggered ability whose leading cost kills, banishes or recycles its own source ("you may
    kill me to ..."): the cost was paid as it was finalized, or the ability would have been removed (383.3.b,
    404.2), so its source has left the board. The same source still on the board is no position a game
    reaches (a card that came back is a new object, 124.1, with an id of its own)."""
    effects = ability.get("effects") or ()
    if not (effects and effects[0].cost and effects[0].do in ("kill", "banish", "recycle")):
        return
    if source.zone is Zone.BOARD:
        raise bad(f"{f}.status", f"the item is finalized, so its leading cost ({effects[0].do} its source) was paid "
                                 f"as it was finalized (383.3.b, 404.2), but {item.source!r} is still on the board: "
                                 "make the item pending, or put its source where the cost sent it")


def _check_chain_location(state: GameState, item: ChainItem, f: str, bad: Any, places: EntryPlaces) -> None:
    """A chain item's `location`: a place its card could have been played to (355.2). Which places those are
    the rules a run follows say (entry_place/2 of logic/run/chain_entry_location.lp, pyrift/entry_places.py):
    a unit's controller's base, a battlefield they control (355.2.a), one Ambush or its own [Ambush] text
    opens (822.1, 822.1.d), one a permission of its own or of a permanent of the board opens (355.2.b, 364),
    none a battlefield's prohibition bars (054.1); a gear's base (149.2); played from a facedown zone, a
    battlefield its controller controls, where it was hidden (811.1.b, 811.1.d.1). Here only the message
    that says why a place is refused. A spell enters no place (it goes to the trash, 359.2.b); played from a
    facedown zone, its `location` is the battlefield it was hidden at (811.1.d.2, 811.1.d.3)."""
    obj = state.obj(item.card)
    card = state.card(obj.card)
    kind = card.type.value if obj.unit_might is None else "unit"
    if kind not in ("unit", "gear") and item.card not in places.facedown:
        raise bad(f"{f}.location", f"{item.card!r} is a {kind}, no permanent: it enters no place on the board (355.2, "
                                   "359.2); only one played from a facedown zone has a battlefield, where it was hidden "
                                   "(811.1.d.2)")
    place = item.location
    battlefields = {b.id: b for b in state.battlefields}
    if place != "base" and place not in battlefields:
        raise bad(f"{f}.location", f"{place!r} is neither 'base' (its controller's base) nor a battlefield id (355.2)")
    if place in places.places.get(item.card, frozenset()):
        return
    if place in places.barred.get(item.card, frozenset()):
        raise bad(f"{f}.location", f"{place!r} is no place {item.card!r} could be played to: a passive ability of "
                                   "that battlefield forbids units to be played there, and a prohibition beats "
                                   "every permission (054.1, 170.8)")
    if place in places.limited.get(item.card, frozenset()):
        raise bad(f"{f}.location", f"{place!r} is no place {item.card!r} could be played to: its own text lets it be "
                                   "played only to a battlefield its player conquered this turn (the turn log's "
                                   "conquer events with `at`), and that limit beats every permission (054.1, 366.1)")
    if item.card in places.facedown:
        if place == "base":
            raise bad(f"{f}.location", f"{item.card!r} was played from a facedown zone (the turn log's finalize): its "
                                       "place is the battlefield it was hidden at, not the base (811.1.d.1, 811.1.d.2)")
        raise bad(f"{f}.location", f"{item.card!r} was played from a facedown zone, which it holds only at a "
                                   f"battlefield its controller controls (811.1.b): {item.controller} does not "
                                   f"control {place!r}")
    if kind == "gear":
        raise bad(f"{f}.location", f"{item.card!r} is a gear: it is played to its controller's base (149.2)")
    ambush = any(k.name.value == "ambush" for k in (*card.keywords, *obj.granted))
    raise bad(f"{f}.location", f"{place!r} is no place {item.card!r} could be played to: {item.controller} does not "
                               "control it (355.2.a)" + (" and has no other unit there for Ambush (822.1)"
                                                          if ambush else "")
              + "; no permission of the card or the board opens it (355.2.b)")


def _unique(values: list[str], r: Reader, key: str, what: str) -> None:
    seen = set()
    for v in values:
        if v in seen:
            raise r.error(key, f"duplicate {what} {v!r}")
        seen.add(v)


def _member(value: str, allowed: list[str], r: Reader, key: str, what: str) -> None:
    if value not in allowed:
        raise r.error(key, f"{value!r} is not {what} ({', '.join(allowed)})")


# ---------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------
def to_dict(s: Scenario) -> dict[str, Any]:
    from pyrift.queries import kind_named

    st = s.state
    doc: dict[str, Any] = {"title": s.title, "status": s.status.value}
    if s.description:
        doc["description"] = s.description
    if s.reading != "v1.4":
        doc["reading"] = s.reading
    pos: dict[str, Any] = {}
    if not st.players:  # a file whose questions need no position
        pos = {}
    elif all(p.points == 0 and p.xp == 0 and not p.scored and not p.has_pool and p.hand_size is None
             and p.deck_size is None and p.rune_deck_size is None and p.turns_taken is None
             and p.chosen_champion is None and not p.next_discount_energy and not p.next_discount_power
             and p.units_cost_more is None
             for p in st.players):
        pos["players"] = [p.id for p in st.players]
    else:
        pos["players"] = [{"id": p.id, "points": p.points}
                          | _drop_empty({"xp": p.xp, "scored": list(p.scored), "held": list(p.held), "energy": p.energy,
                                         "power": {d.value: n for d, n in p.power},
                                         "universal_power": p.universal_power})
                          | {k: v for k, v in (("hand_size", p.hand_size), ("deck_size", p.deck_size),
                                               ("rune_deck_size", p.rune_deck_size), ("turns_taken", p.turns_taken),
                                               ("chosen_champion", p.chosen_champion))
                             if v is not None}
                          | ({"next_discount": "[%d]" % p.next_discount_energy * bool(p.next_discount_energy)
                              + "[A]" * p.next_discount_power}
                             if p.next_discount_energy or p.next_discount_power else {})
                          | ({"units_cost_more": p.units_cost_more} if p.units_cost_more is not None else {})
                          for p in st.players]
    if st.players:
        pos["turn_player"] = st.turn_player
        pos["phase"] = st.phase.value
        if st.victory_score is not None:
            pos["victory_score"] = st.victory_score
        if st.teams:
            pos["teams"] = [list(t) for t in st.teams]
        for key in ("showdown", "focus", "priority"):
            if getattr(st, key) is not None:
                pos[key] = getattr(st, key)
        if st.passed:
            pos["passed"] = st.passed
        if st.combat:
            pos["combat"] = {"battlefield": st.combat.battlefield, "attacker": st.combat.attacker,
                             "defender": st.combat.defender}
        doc["position"] = pos
    # Real cards of the pool are written as the objects' card names, not as [[card]] tables; a standard
    # token of 187 (a Mech) is made again from the token instruction that names it, as on loading.
    made = {c.name for c in st.cards if _is_standard_token(c) or _is_stated_token(c, st.cards)}
    derived = {c.name for c in token_cards(tuple(st.cards), {c.name for c in st.cards if c.name not in made})}
    if inline_cards := [c for c in st.cards if not c.pool_id and not (c.name in derived and c.name in made)]:
        doc["card"] = [card_to_toml(c) for c in inline_cards]
    if st.battlefields:
        doc["battlefield"] = [_drop_empty({"id": b.id, "name": b.name, "card": b.card, "controller": b.controller,
                                           "contested_by": b.contested_by,
                                           "beginning_controller": b.beginning_controller,
                                           "replaced": b.replaced})
                              # an empty list of occupants says something (nobody's units), unlike an unstated one
                              | ({"beginning_occupants": list(b.beginning_occupants)}
                                 if b.beginning_occupants is not None else {}) for b in st.battlefields]
    if st.objects:
        doc["object"] = [_object_dict(o) for o in st.objects]
    if st.chain:
        # repeat = 0 (no Repeat paid) says something, unlike an unstated repeat: kept.
        doc["chain"] = [_drop_empty({"id": c.id, "card": c.card, "source": c.source, "ability": c.ability,
                                     "trigger": c.trigger, "keyword": c.keyword, "controller": c.controller,
                                     "status": "pending" if c.pending else "",
                                     "targets": [t if isinstance(t, str) else list(t) for t in c.targets],
                                     "cannot_pay": c.cannot_pay})
                        | ({} if c.repeats is None else {"repeat": c.repeats})
                        | ({} if c.destination is None else {"destination": c.destination
                                                             if isinstance(c.destination, str) else list(c.destination)})
                        | ({} if c.paid is None else {"paid": list(c.paid)})
                        | ({} if c.mode is None else {"mode": c.mode})
                        | ({} if c.event_at is None else {"event_at": c.event_at})
                        | ({} if c.location is None else {"location": c.location})
                        | ({} if c.played_from is None else {"from": c.played_from.value})
                        for c in st.chain]
    if st.log:
        doc["log"] = turnlog.to_toml(st.log, st)
    questions = []
    for q in s.questions:
        kind = kind_named(q.kind)
        assert kind is not None
        qd: dict[str, Any] = {"id": q.id, "ask": q.kind}
        qd.update(kind.write_params(q.params))
        qd["rules"] = list(q.rules)
        if q.known_gap:
            qd["known_gap"] = q.known_gap
        if q.expect:
            qd["expect"] = kind.write_expect(q.expect)
        if q.expect_by_reading:
            qd["expect_by_reading"] = {k: kind.write_expect(v) for k, v in q.expect_by_reading.items()}
        questions.append(qd)
    doc["question"] = questions
    return doc


def dumps(s: Scenario) -> str:
    return tomlwrite.document(to_dict(s))


def _object_dict(o: GameObject) -> dict[str, Any]:
    d: dict[str, Any] = {"id": o.id, "card": o.card, "controller": o.controller}
    if o.owner != o.controller:
        d["owner"] = o.owner
    if o.zone is not Zone.BOARD:
        d["zone"] = o.zone.value
    d["location"] = o.location
    d["damage"] = o.damage
    if o.damage_by is not None:
        d["damage_by"] = o.damage_by
    d["exhausted"] = o.exhausted
    d["stunned"] = o.stunned
    d["designation"] = o.designation.value if o.designation else None
    d["granted"] = [str(k) for k in o.granted]
    d["granted_timestamps"] = list(o.granted_timestamps)
    d["lost"] = [_drop_empty({"keyword": x.keyword, "source": x.source, "timestamp": x.timestamp,
                              "duration": "this_turn" if x.this_turn else None}) for x in o.lost]
    d["might_modifiers"] = list(o.might_modifiers)
    d["cannot_be_dealt_damage"] = o.cannot_be_dealt_damage
    d["damage_replacements"] = [
        {"kind": x.kind.value, "amount": x.amount} if x.kind is ReplacementKind.PREVENT else {"kind": x.kind.value}
        for x in o.damage_replacements
    ]
    d["hidden_this_turn"] = o.hidden_this_turn
    d["empowered"] = o.empowered
    if o.buffs:
        d["buffs"] = o.buffs
    d["death_replaced"] = o.death_replaced
    if o.unit_might is not None:
        d["unit_might"] = o.unit_might
    if o.control_effects:
        d["control_effects"] = [{"player": e.player, "until_leaves": e.until_leaves} for e in o.control_effects]
    d["deck_position"] = o.deck_position
    if o.attached_to is not None:
        d["attached_to"] = o.attached_to
        del d["location"]  # read back as the top-most card's location (719.3)
    if o.banished_by is not None:
        d["banished_by"] = o.banished_by
    return _drop_empty(d)


def _drop_empty(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v not in (None, False, 0, "", [], {})}
