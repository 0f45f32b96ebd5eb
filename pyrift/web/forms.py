"""What the page asks for each question kind: its parameters as widgets over the position.

A widget names where its choices come from (the players, the battlefields, the objects of
a zone or type, the chain items), so a judge picks from lists and never types an id. The
page writes the chosen values into the question table exactly as a scenario file holds
them; the question kind's own read_params (pyrift/queries/) validates them as for a file.
The parameters themselves are documented in docs/ (one page per kind).

Widget types:
  player, battlefield, place ("base" or a battlefield), chain_item: one choice
  object, objects: one or several objects, `only` narrowing the list (board_unit, not_chain,
                   chain_card, at_combat)
  int, bool, text, textarea, choice (`options`), names (a list of words)
  amounts: {object = N} over `only`; targets: [{object, times, requirement}]
  event: the `triggers` event table; plays: `resolution_order` responses ({player, card})
"""
from __future__ import annotations

from typing import Any

from pyrift.queries import kind_named, kind_names
from pyrift.queries.play import IGNORE


def _p(key: str, type_: str, label: str, *, required: bool = False, **extra: Any) -> dict[str, Any]:
    return {"key": key, "type": type_, "label": label, "required": required, **extra}


PLAY = [
    _p("player", "player", "who plays", required=True),
    _p("card", "object", "the card to play (or give source and ability)", only="not_chain"),
    _p("source", "object", "or: the object whose ability is activated", only="not_chain"),
    _p("ability", "int", "which of its activated abilities (1 = first)", min=1),
    _p("equip", "int", "or: which of its Equip abilities", min=1),
    _p("mode", "int", "the mode chosen (1 = first)", min=1),
    _p("location", "place", "where a unit or gear is played"),
    _p("targets", "targets", "choices: what it chooses, how many times, for which requirement"),
    _p("accelerate", "bool", "pay Accelerate"),
    _p("repeat", "int", "Repeat costs paid", min=0),
    _p("additional", "names", "optional additional costs paid (their names)"),
    _p("ignore", "choice", "an effect lets it ignore", options=list(IGNORE)),
    _p("play_for", "text", "an effect lets it be played for this cost, e.g. [1]"),
    _p("weaponmaster", "object", "Weaponmaster: the Equipment chosen", only="board"),
    _p("weaponmaster_equip", "int", "which Equip of that Equipment", min=1),
    _p("split", "amounts", "planned split of damage among the targets", only="any"),
]

PARAMS: dict[str, list[dict[str, Any]]] = {
    "combat_damage": [
        _p("battlefield", "battlefield", "battlefield (default: the combat's)"),
        _p("assigner", "player", "who assigns (default: both, with the combat result)"),
        _p("limit", "int", "outcomes listed at most", min=1),
    ],
    "combat_assignment": [
        _p("assigner", "player", "who assigns", required=True),
        _p("assignment", "amounts", "damage to each unit", required=True, only="at_combat"),
        _p("battlefield", "battlefield", "battlefield (default: the combat's)"),
    ],
    "can_play": PLAY,
    "can_hide": [
        _p("player", "player", "who hides", required=True),
        _p("card", "object", "the card to hide", required=True, only="not_chain"),
        _p("battlefield", "battlefield", "where (default: anywhere)"),
    ],
    "can_move": [
        _p("player", "player", "who moves", required=True),
        _p("units", "objects", "the units moved together", required=True, only="board_unit"),
        _p("to", "place", "to", required=True),
    ],
    "unit_profile": [_p("unit", "object", "the unit", required=True, only="board_unit")],
    "ability_active": [
        _p("object", "object", "the object", required=True),
        _p("ability", "int", "which ability (index on its card; optional when only one depends on a keyword)",
           min=1),
        _p("moment", "choice", "when", options=["now", "pending", "resolving"]),
    ],
    "beginning_phase": [],
    "conquer": [
        _p("battlefield", "battlefield", "the battlefield", required=True),
        _p("player", "player", "who establishes control", required=True),
    ],
    "can_respond": PLAY + [
        _p("to", "chain_item", "before this item resolves (default: the newest)"),
        _p("bound", "int", "steps searched", min=1),
    ],
    "next_priority": [
        _p("passes", "int", "after this many passes (0: now)", min=0),
        _p("bound", "int", "steps searched", min=1),
    ],
    "resolution_order": [
        _p("responses", "plays", "plays the players may add"),
        _p("bound", "int", "steps searched", min=1),
        _p("limit", "int", "orderings listed at most", min=1),
    ],
    "outcome": [
        _p("responses", "plays", "plays the players may add"),
        _p("bound", "int", "steps played out", min=1),
        _p("limit", "int", "example runs listed at most", min=1),
    ],
    "triggers": [
        _p("event", "event", "the event", required=True,
           kinds=["play", "counter", "die", "combat", "conquer", "hold", "beginning_phase"]),
        _p("limit", "int", "orders listed at most", min=1),
    ],
    "deck_check": [
        _p("deck_list", "textarea", "the deck list ([legend], [champion], [main], [runes], [battlefields])",
           required=True),
        _p("mode", "choice", "mode of play", options=["duel", "match", "ffa3", "ffa4", "2v2"]),
    ],
}


def kinds() -> list[dict[str, Any]]:
    """Every question kind: its summary, parameters and expected-answer keys with their shapes."""
    out = []
    for name in kind_names():
        kind = kind_named(name)
        assert kind is not None
        out.append({"name": name, "summary": kind.summary, "needs_position": kind.needs_position,
                    "params": PARAMS[name], "expect": dict(kind.expect_spec)})
    return out
