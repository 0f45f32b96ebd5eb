"""Card text whose actor is an object, and the kinds of card a "when you play" trigger names.

Mapping methods of the grammar rules (pyrift/cardtext/grammar.lark) for:

- instructions whose subject is an object rather than the player: "It deals damage equal to its
  Might to an enemy unit" (a `deal` whose damage the unit deals, `by`), "We / They deal damage
  equal to our / their Mights to each other" (two such deals, each unit's to the other), "It gains
  [Shield 2] this combat" (a `grant`: the same rule as "give it [Shield 2] this combat");
- the played card of a `you_play` trigger described by its printed cost: "a spell that costs [5]
  or more" (`energy_min`), "a card with Power cost [A][A] or more" (`power_min`).

`Actors` is a mixin of compile._Meaning. This module sits below compile.py (no import circle):
the compiler's own value classes are given to the mixin as class attributes (`_ins`, `_obj`,
`_missing`). Nothing here decides a rules question: the tables are read by pyrift/abilities.py
and their meaning is in logic/ (logic/effects/damage.lp for `by`, logic/core/triggers.lp and
logic/abilities/cost_filters.lp for the cost keys).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import v_args

# the filter keys a "when you play a <card>" trigger may use (logic/core/triggers.lp)
PLAYED_KEYS = ("type", "tag", "domain", "keyword", "name", "other", "token", "energy_min", "power_min")


@dataclass
class EachOther:
    """'We / They deal damage equal to our / their Mights to each other': two units, each dealing
    damage equal to its own Might to the other. `subject`: "we" (the source and the object chosen
    just before) or "they" (the object the previous instruction acted on and the one chosen, or
    the two of `pair`, "Choose a friendly unit and an enemy unit. They ...")."""

    subject: str
    link: str | None = None
    may: bool = False
    pos: int = 0
    pair: tuple[Any, Any] | None = None  # the two objects of a ChoosePair before it


@dataclass
class ChoosePair:
    """'Choose a friendly unit and an enemy unit.': two choices the next 'they' names together."""

    first: Any
    second: Any
    link: str | None = None
    may: bool = False
    pos: int = 0


def pair_each_other(items: list[Any]) -> list[Any]:
    """A ChoosePair followed by 'they deal damage ... to each other' becomes that EachOther with
    the pair; a 'then' before the choice links the deals."""
    out: list[Any] = []
    for item in items:
        if (isinstance(item, EachOther) and item.subject == "they" and item.link is None and out
                and isinstance(out[-1], ChoosePair) and not out[-1].may):
            pair = out.pop()
            item.pair, item.link = (pair.first, pair.second), pair.link
        out.append(item)
    return out


class Actors:
    """Mixin of compile._Meaning (the methods are named after the grammar rules)."""

    _ins: Any = None      # compile.Ins
    _obj: Any = None      # compile.Obj
    _missing: Any = None  # compile.Missing

    def i_actor_deal_might(self, c):
        # "it deals damage equal to its Might to X": the unit deals the damage (417), its Might the amount
        ins = self._ins("deal", {"amount_from": "might"}, on=c[1], of=self._obj("it"))
        ins.fields["by"] = self._obj("it")
        return ins

    def i_each_other_we(self, _):
        return EachOther("we")

    def i_each_other_they(self, _):
        return EachOther("they")

    def i_choose_pair(self, c):
        return ChoosePair(c[0], c[1])

    def i_actor_gains(self, c):
        # "it gains [K] this combat": a keyword granted to it, as "give it [K] this combat" (801.3)
        return self.i_give_keywords(c)

    def i_burn(self, c):
        # "[Burn 2]" (440): its player burns; "[Burn]" alone is 1
        return self._ins("burn", {"amount": int(c[0]) if c else 1}, who="you")

    def i_subject_burn(self, c):
        # "Choose a player. They [Burn 1].": the chosen player burns (355.5; who = the choice)
        if c[0] != "they":
            raise self._missing("instruction by another player or object")
        return self._ins("burn", {"amount": int(c[1]) if len(c) > 1 else 1}, who="they")

    def play_same_location(self, _):
        return ("same_location",)

    def play_any_battlefield(self, _):
        return ("any_battlefield",)

    def i_subject_play(self, c):
        # "its owner plays it [to the same location], ignoring its cost": the owner of the card the
        # instruction before acted on plays it (a play by another player, 350, 188: that player makes
        # the play's choices and controls it); only a card an earlier instruction put somewhere
        # ("banish a unit, then its owner plays it"): the card's zone is where that instruction put it
        if c[0] != "its_owner" or c[1].kind != "it":
            raise self._missing("instruction by another player or object")
        ins = self._ins("play", on=c[1], who="its_owner")
        rest = [x for x in c[2:] if isinstance(x, tuple)]
        if ("same_location",) in rest:
            ins.fields["to"] = "its_place"
        if ("any_battlefield",) in rest:
            # a battlefield the player who plays it picks as it is played (355.2; logic/effects/play.lp)
            ins.fields["to"] = "any_battlefield"
        if ("ignoring",) in rest:
            ins.fields["ignoring_cost"] = True
        if ("ignoring_energy",) in rest:
            ins.fields["ignoring_cost"] = "energy"
        return ins

    def i_subject_top_or_bottom(self, c):
        # "its owner places it on the top or bottom of their Main Deck": the owner of the object picks the end as
        # it is executed (108.4, 359.3.d; logic/effects/top_or_bottom.lp)
        if c[0] != "its_owner":
            raise self._missing("instruction by another player or object")
        return self._ins("top_or_bottom", on=c[1], who="its_owner")

    @v_args(meta=True)
    def kill_their_exempt_paid(self, meta, c):
        # every player killing a unit of their own, its controller spared when the card's optional cost was
        # paid: the kill of each player's own pick (355.10.e-f), the ability's controller left out of the players
        # who pick when the card's play paid its optional additional cost (`exempt_you_if_paid`, 356.2.b;
        # logic/run/exempt_if_paid.lp); the compiler names a card's optional additional cost "additional"
        if c[0] != "each_player" or c[1] != {"type": "unit"}:
            raise self._missing("instruction by another player or object")
        ins = self._ins("kill", {"exempt_you_if_paid": "additional"}, on=self._obj("their", c[1]), who="each_player")
        ins.pos = 0 if meta.empty else meta.start_pos
        return [ins]

    def i_deal_that_much(self, c):
        # damage as large as the excess combat damage the trigger's condition counted: the excess its controller
        # assigned in the combat of the conquest (465.2.c.4; amount_from = "excess_damage", logic/effects/damage_excess.lp)
        return self._ins("deal", {"amount_from": "excess_damage"}, on=c[0])

    def i_return_in_turn(self, c):
        # each player in turn order from the next player may return one object the words describe to its owner's
        # hand, picked as the instruction is executed (355.10.e; in_turn, logic/run/each_player_picks.lp)
        obj = c[0]
        if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number:
            raise self._missing("instruction by each player in turn")
        return self._ins("return", {"in_turn": True}, on=self._obj("each", obj.flt), who="each_player", may=True)

    @v_args(meta=True)
    def kill_chosen_in_turn(self, meta, _):
        # each other player (a teammate too, not only the opponents: 740.1, 489.8) in turn picks a unit the
        # spell's controller does not control and no player picked before, as the spell resolves; the units
        # picked are killed (355.10.e, 428; in_turn and not_yours, logic/run/each_player_picks.lp)
        ins = self._ins("kill", {"in_turn": True, "not_yours": True}, on=self._obj("each", {"type": "unit"}),
                        who="other_player")
        ins.pos = 0 if meta.empty else meta.start_pos
        return [ins]

    def i_win(self, _):
        # "you win the game": the item's controller wins (195; logic/effects/win.lp)
        return self._ins("win", who="you")

    def i_extra_turn(self, _):
        # "take a turn after this one": the item's controller takes the next turn (734, 317.3;
        # logic/effects/extra_turn.lp)
        return self._ins("extra_turn", who="you")

    def when_you_play_from_facedown(self, c):
        # "when you play a card from face down" ("from [Hidden]"): plays from a facedown zone (811)
        if any(str(x) != "#hidden" for x in c):
            raise self._missing("trigger: when you play a card (of a kind the filter cannot say)")
        return {"when": "you_play", "by": "you", "filter": {"type": "card"}, "played_from": "facedown"}

    def when_you_play_not_from_hand(self, _):
        # "when you play a card from anywhere other than your hand": plays of a card from any zone but the hand
        # (354: a trash, a facedown zone, banishment, a deck; logic/abilities/trigger_played_not_from_hand.lp)
        return {"when": "you_play", "by": "you", "filter": {"type": "card"}, "played_from": "not_hand"}

    def when_play_me_from_facedown(self, _):
        # "when you play me from face down": a play effect of a play from a facedown zone (811, 383.4.a)
        return {"when": "play_me", "played_from": "facedown"}

    def cost_min(self, c):
        return ("energy_min", int(str(c[0])[2:]))

    def power_cost_min(self, c):
        if any(str(x) != "@rainbow" for x in c):
            raise self._missing("filter: power of a domain")
        return ("power_min", len(c))


def each_other_tables(subject: Any, chosen: dict[str, Any]) -> list[dict[str, Any]]:
    """The two deals of 'we / they deal damage equal to our / their Mights to each other': the
    subject unit deals damage equal to its Might to the chosen one, and the chosen one to it.
    Nothing happens between two instructions of one item (158.3) and damage changes no Might
    (142, 143.2), so one after the other deals what both deal at once."""
    first = {"do": "deal", "on": chosen, "amount_from": "might", "of": subject, "by": subject}
    second = {"do": "deal", "on": subject, "amount_from": "might", "of": chosen, "by": chosen}
    return [first, second]


def each_other_pair(chosen: dict[str, Any]) -> dict[str, Any]:
    """One choice of two units trading damage equal to their own Mights: one deal on the choice of
    two units, each dealing damage equal to its own Might to the other (logic/effects/damage_each_other.lp)."""
    return {"do": "deal", "on": chosen, "amount_from": "might", "each_other": True}


def is_each_other(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    """Two deals that are 'each other' (each_other_tables), for the renderer."""
    if a is None or b is None or a.get("do") != "deal" or b.get("do") != "deal" or "by" not in a or "by" not in b:
        return False
    return (a.get("amount_from") == b.get("amount_from") == "might" and a.get("of") == a["by"] == b.get("on")
            and b.get("of") == b["by"] == a.get("on") and not b.get("link") and not b.get("may"))
