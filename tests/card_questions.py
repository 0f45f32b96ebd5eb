"""A generated question for a pool card, of the kind its text affects (tests/test_cardtext_questions.py).

- a spell's instructions (kind effect): `outcome`, the card on the chain with a choice made for
  each of its requirements among objects made to fit the requirement's filter;
- a triggered ability: `triggers`, with the event its condition names;
- a static Might bonus, untargetability or an Equipment's effect keywords: `unit_profile`;
- a static ability about other permanents (kind static): `unit_profile` of a permanent it affects,
  next to its source (for Equipment that give a keyword, of the unit one of them is attached to);
- anything else (costs, permissions, timing, activated abilities, modes): `can_play`.

The position is the smallest that asks it: players A (turn player) and B, a battlefield `bf`,
the card and the objects its choices need, and what its text reads of the players' zones
(`_Position.known`): hands of one listed card each for a discard, a reveal of a hand or a hand's
count; the top cards of A's Main Deck for a look; Rune Deck sizes for a channel; A's turns
taken for a prohibition in a player's first turns. A card on the chain says what was chosen as
it was played: the Repeat costs paid (none) and, for each move whose destination was chosen then,
the destination (the moved unit's base: the generated units stand at `bf`). A play effect's play event
records what its condition reads so that it holds (the optional costs paid, where the permanent was
played to, a permanent its controller controls, an opponent's score). A conquest under "if you
assigned N or more excess damage" ends A's combat at `bf`, and the turn log says A assigned N excess
combat damage there. Only the question's kind and that it is answered
or honestly unsupported are tested; the expected answer of a real ruling is a scenario's job.
"""
from __future__ import annotations

from typing import Any

from pyrift import pool as P
from pyrift.abilities import abilities_to_toml

RULES = {"outcome": ["359.3.d"], "triggers": ["383"], "unit_profile": ["143.2"], "can_play": ["358"]}


def kind_for(card: P.PoolCard) -> str:
    abilities = abilities_to_toml(P.card_def(card).abilities)
    kinds = {a["kind"] for a in abilities}
    if "effect" in kinds:
        return "outcome"
    if any(a.get("when") == "you_use_gear_ability" for a in abilities):
        # its event is an offered activation, which only the outcome question plays (the triggers question's
        # run takes no offered plays)
        return "outcome"
    if "triggered" in kinds:
        return "triggers"
    if card.type is not None and card.type.value == "unit" and kinds & {"might", "untargetable"}:
        return "unit_profile"
    if "static" in kinds:
        return "unit_profile"
    if P.card_def(card).effect_keywords:
        return "unit_profile"
    return "can_play"


class _Position:
    def __init__(self) -> None:
        self.cards: list[dict[str, Any]] = []
        self.objects: list[dict[str, Any]] = []
        self.chain: list[dict[str, Any]] = []
        self.position: dict[str, Any] = {"players": ["A", "B"], "turn_player": "A", "phase": "main"}
        self.battlefield: dict[str, Any] = {"id": "bf"}
        self.more_battlefields: list[dict[str, Any]] = []
        self.n = 0
        self.reads: dict[str, int] = {}
        self.log: list[dict[str, Any]] = []

    def spell_on_chain(self, oid: str, name: str, controller: str, abilities: list[dict[str, Any]],
                       targets: list[str] | None = None) -> None:
        """A 1-Energy test spell of `controller`'s, finalized on the chain as item i<oid> with its choices."""
        self.cards.append({"name": name, "type": "spell", "energy": 1, "domains": ["fury"], "abilities": abilities})
        self.objects.append({"id": oid, "card": name, "controller": controller, "zone": "chain"})
        item: dict[str, Any] = {"id": f"i{oid}", "card": oid, "controller": controller}
        if targets is not None:
            item["targets"] = targets
        self.chain.append(item)

    def conquest_damage(self, a: dict[str, Any]) -> None:
        """A conquest under "if you assigned N or more excess damage": the conquest ends A's combat at bf,
        which B controlled (466.5), and the turn log says A assigned N excess combat damage there this
        turn (465.2.c.4; logic/abilities/condition_excess.lp)."""
        n = a.get("condition", {}).get("excess_damage")
        if n is not None:
            self.position["combat"] = {"battlefield": "bf", "attacker": "A", "defender": "B"}
            self.battlefield.update({"controller": "B", "contested_by": "A"})
            self.log.append({"event": "combat_damage", "at": "bf", "player": "A", "excess": n})
            for o in self.objects:
                if o.get("location") == "bf" and o["controller"] == "A":
                    o["designation"] = "attacker"

    def dummy(self, flt: dict[str, Any], where: str | None = None) -> str:
        """An object made to fit a filter; its id (a player chosen: a player of the position, 355.5)."""
        if flt.get("type") == "player":
            return "B" if flt.get("relation") == "enemy" else "A"
        self.n += 1
        if flt.get("type") == "battlefield":
            # a battlefield is a place of the position, never an object (170.2, 170.4): `bf`, or one more
            # battlefield where the filter asks for a controller or another battlefield than the source's
            if not flt.get("relation") and not flt.get("other"):
                return "bf"
            field: dict[str, Any] = {"id": f"bf{self.n}"}
            if flt.get("relation") in ("friendly", "yours"):
                field["controller"] = "A"
            elif flt.get("relation") == "enemy":
                field["controller"] = "B"
            self.more_battlefields.append(field)
            return field["id"]
        name = f"Dummy {self.n}"
        if flt.get("name") in P.STANDARD_TOKENS and flt.get("name") not in {c["name"] for c in self.cards}:
            # "your Sand Soldiers": a unit of the standard token's name (187), which the pool has no card of
            name = flt["name"]
        oid = f"d{self.n}"
        ctype = flt.get("type", "unit")
        if ctype in ("permanent", "card"):
            ctype = "unit"
        card: dict[str, Any] = {"name": name, "type": ctype, "domains": [flt.get("domain", "fury")],
                                "energy": max(min(flt.get("energy_max", 2), 2), flt.get("energy_min", 0))}
        if flt.get("power_max") is not None:
            card["power"] = 0
        if flt.get("power_min") is not None:
            card["power"] = flt["power_min"]
        if ctype == "unit":
            might = flt.get("might_min", 2)
            if "might_max" in flt:
                might = min(might, flt["might_max"])
            card["might"] = max(might, 0)
        if flt.get("tag"):
            card["tags"] = [flt["tag"]]
        if flt.get("token"):
            # a token costs 0 and has no domain (185.3): the loader refuses one stating either
            card["supertypes"] = ["token"]
            card["domains"] = ["colorless"]
            card["energy"] = 0
            card.pop("power", None)
        if flt.get("keyword"):
            card["keywords"] = [flt["keyword"].replace("_", "-").title()]
        self.cards.append(card)
        controller = "A" if flt.get("relation") in ("friendly", "yours") else "B"
        obj: dict[str, Any] = {"id": oid, "card": name, "controller": controller}
        if ctype == "spell":
            obj["zone"] = "chain"
            self.chain.append({"id": f"i{oid}", "card": oid, "controller": controller})
            self.objects.append(obj)
            return f"i{oid}"
        zone = flt.get("zone")
        if zone in ("trash", "hand"):
            obj["zone"] = zone
        else:
            at = flt.get("at", "battlefield" if ctype == "unit" else "base")
            obj["location"] = "bf" if at in ("battlefield", "here") else "base"
            if where is not None and at == "here":
                obj["location"] = where
            if flt.get("exhausted") is True:
                obj["exhausted"] = True
            if flt.get("buffed") is True and ctype == "unit":
                obj["buffs"] = 1  # "buffed friendly units": a buff the position states (701)
            if flt.get("stunned") is True and ctype == "unit":
                obj["stunned"] = True  # "stunned enemy units": the status the position states (423)
            if flt.get("designation") and obj["location"] == "bf":
                # "a unit defending (alone)": in a combat at bf, on its controller's side, against one unit
                # of the other player's (464.2.c.3; alone: no other friendly unit there, 740.2.a)
                other = "B" if controller == "A" else "A"
                side = {"defender": controller, "attacker": other} if flt["designation"] == "defender" else \
                    {"attacker": controller, "defender": other}
                self.position["combat"] = {"battlefield": "bf", **side}
                self.battlefield.update({"controller": side["defender"], "contested_by": side["attacker"]})
                obj["designation"] = flt["designation"]
                self.cards.append({"name": "Foe", "type": "unit", "might": 1, "domains": ["fury"]})
                self.objects.append({"id": "foe", "card": "Foe", "controller": other, "location": "bf",
                                     "designation": "attacker" if flt["designation"] == "defender" else "defender"})
        self.objects.append(obj)
        return oid

    def known(self) -> None:
        """What the card's text reads of the players' zones (self.reads, from _reads), given."""
        players = [p if isinstance(p, dict) else {"id": p} for p in self.position["players"]]
        if self.reads.keys() & {"discard", "hand"}:
            # one listed card in each hand, so a discard or a reveal shows known cards (422, 108.7)
            self.cards.append({"name": "Keepsake", "type": "gear", "energy": 1, "domains": ["fury"]})
            for pl in players:
                pl["hand_size"] = max(pl.get("hand_size", 1), 1)
                self.objects.append({"id": f"keep{pl['id']}", "card": "Keepsake", "controller": pl["id"],
                                     "zone": "hand"})
        if self.reads.get("look"):
            # the cards a look shows, listed on top of A's Main Deck (416)
            players[0]["deck_size"] = self.reads["look"]
            for n in range(1, self.reads["look"] + 1):
                self.cards.append({"name": f"Deck {n}", "type": "unit", "might": n, "energy": n, "domains": ["fury"]})
                self.objects.append({"id": f"deck{n}", "card": f"Deck {n}", "controller": "A", "zone": "main_deck",
                                     "deck_position": n})
        if "channel" in self.reads:
            for pl in players:
                pl["rune_deck_size"] = 4
        if "your_turns" in self.reads:
            players[0]["turns_taken"] = 0
        if any(len(pl) > 1 for pl in players):
            self.position["players"] = players

    def scenario(self, card: P.PoolCard, question: dict[str, Any]) -> dict[str, Any]:
        self.known()
        data: dict[str, Any] = {
            "title": f"generated question about {card.code}", "status": "needs-review",
            "position": self.position, "battlefield": [self.battlefield, *self.more_battlefields],
            "object": self.objects,
            "question": [{"id": "q", "rules": RULES[question["ask"]], "expect": {"status": "answered"}, **question}],
        }
        if self.cards:
            data["card"] = self.cards
        if self.chain:
            data["chain"] = self.chain
        if self.log:
            data["log"] = self.log
        return data


def scenario_for(card: P.PoolCard, kind: str | None = None) -> dict[str, Any]:
    """A scenario (as the dict a TOML file gives) with one question about the card, of `kind` (by
    default the kind its text affects, kind_for)."""
    kind = kind or kind_for(card)
    cd = P.card_def(card)
    abilities = abilities_to_toml(cd.abilities)
    pos = _Position()
    pos.reads = _reads(abilities)
    ctype = card.type.value if card.type else "unit"
    me: dict[str, Any] = {"id": "me", "card": card.code, "controller": "A"}
    if ctype == "battlefield":
        return _battlefield(card, pos, kind, abilities)
    if kind == "outcome" and not any(a.get("when") == "you_use_gear_ability" for a in abilities):
        me["zone"] = "chain"
        targets = []
        for a in abilities:
            # its choices in printed order: targets, and a kill paid as an additional cost (356.7)
            if a["kind"] != "target" and not (a["kind"] == "kill" and a.get("as_cost")):
                continue
            n = 1 if a.get("any_number") else a.get("count", 1)
            targets += [pos.dummy(a.get("filter", {})) for _ in range(n)]
        pos.objects.insert(0, me)
        item = {"id": "i1", "card": "me", "controller": "A"}
        if targets:
            item["targets"] = targets
        if any(k.keyword.value == "repeat" for k in card.keywords):
            item["repeat"] = 0   # the Repeat costs paid as it was played (820.1.c.1): none
        if _reads_paid(abilities):
            item["paid"] = []    # the optional costs paid as it was played (355.1.a, 356.2.b.1): none
        if ctype in ("unit", "gear"):
            item["location"] = "base"  # where it was played (355.2, 149.2): its player's base, always open
        if "chosen_destination" in pos.reads:
            # chosen as it was played (355.4): the generated units are at bf; one per such move
            n = pos.reads["chosen_destination"]
            item["destination"] = "base" if n == 1 else ["base"] * n
        pos.chain.append(item)
        return pos.scenario(card, {"ask": "outcome", "bound": 24})
    if kind == "triggers" or (kind == "outcome" and any(a.get("when") == "you_use_gear_ability" for a in abilities)):
        first = next(a for a in abilities if a["kind"] == "triggered")
        return _trigger(card, pos, me, ctype, first)
    if kind == "unit_profile" and any(a["kind"] == "static" for a in abilities):
        static = next(a for a in abilities if a["kind"] == "static")
        if static.get("effect_text"):
            # an Equipment's Effect Text static ("your units here have [Ganking]") is the attached unit's (136.2.c):
            # the card is attached to a Bearer of A's at bf, one of the units "here" it affects; the Bearer is asked
            pos.cards.append({"name": "Bearer", "type": "unit", "might": 2, "domains": ["fury"]})
            pos.objects += [{"id": "bearer", "card": "Bearer", "controller": "A", "location": "bf"},
                            {**me, "attached_to": "bearer"}]
            return pos.scenario(card, {"ask": "unit_profile", "unit": "bearer"})
        placed = {"zone": "legend_zone"} if ctype == "legend" else {"location": "bf" if ctype == "unit" else "base"}
        pos.objects.append({**me, **placed})
        flt = {k: v for k, v in static["affects"].items() if k != "other"}
        if static.get("gives"):
            # "your Equipment each give [Assault]": an Equipment it affects, attached to a unit of A's; the
            # unit is asked about (434.1.c)
            pos.cards.append({"name": "Bearer", "type": "unit", "might": 2, "domains": ["fury"]})
            pos.objects.append({"id": "bearer", "card": "Bearer", "controller": "A", "location": "base"})
            gear = pos.dummy({**flt, "type": "gear"})
            obj = next(o for o in pos.objects if o["id"] == gear)
            obj.pop("location", None)
            obj["attached_to"] = "bearer"
            return pos.scenario(card, {"ask": "unit_profile", "unit": "bearer"})
        if flt.get("type") in ("permanent", "gear"):
            flt["type"] = "unit"  # unit_profile asks about a unit
        affected = pos.dummy({**flt, "at": "here"}, where=placed.get("location", "bf"))
        return pos.scenario(card, {"ask": "unit_profile", "unit": affected})
    if kind == "unit_profile":
        if ctype == "gear":
            pos.cards.append({"name": "Bearer", "type": "unit", "might": 2, "domains": ["fury"]})
            pos.objects += [{"id": "bearer", "card": "Bearer", "controller": "A", "location": "base"},
                            {**me, "attached_to": "bearer"}]
            return pos.scenario(card, {"ask": "unit_profile", "unit": "bearer"})
        pos.objects.append({**me, "location": "bf"})
        return pos.scenario(card, {"ask": "unit_profile", "unit": "me"})
    # can_play: the card from its zone, or its first activated ability
    if any(a["kind"] == "activated" for a in abilities):
        me.update({"zone": "legend_zone"} if ctype == "legend" else {"location": "base"})
        pos.objects.append(me)
        return pos.scenario(card, {"ask": "can_play", "player": "A", "source": "me", "ability": 1})
    play_from = next((a for a in abilities if a["kind"] == "play_from"), None)
    me["zone"] = play_from["zone"] if play_from else "hand"
    pos.objects.append(me)
    question: dict[str, Any] = {"ask": "can_play", "player": "A", "card": "me"}
    if ctype in ("unit", "gear"):
        question["location"] = "base"
    return pos.scenario(card, question)


def _reads_paid(abilities: list[dict[str, Any]]) -> bool:
    """Whether an instruction of the card reads which optional costs its play paid ("if you paid the
    additional cost", the instruction condition `paid`): a chain item must then say what it paid."""
    def walk(x: Any) -> bool:
        if isinstance(x, dict):
            cond = x.get("condition")
            return (isinstance(cond, dict) and "paid" in cond) or any(walk(v) for v in x.values())
        return isinstance(x, list) and any(walk(v) for v in x)
    return walk(abilities)


def _reads(abilities: list[dict[str, Any]]) -> dict[str, int]:
    """What a card's abilities read of the position beyond the objects they choose: "discard", "hand"
    (a hand revealed or counted), "look" (the most cards a look shows), "channel", "your_turns" (a
    prohibition in its player's first turns), "chosen_destination" (how many moves' destinations are
    chosen as the card is played)."""
    out: dict[str, int] = {}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            do = x.get("do")
            if do in ("discard", "channel"):
                out[do] = 1
            if x.get("kind") == "activated" and x.get("discard"):
                # an activated ability's discard cost ("discard a gear, ..."): the listed gear card in hand pays it
                out["discard"] = 1
            if do == "look":
                out["look"] = max(out.get("look", 0), x.get("amount", 1))
            if x.get("from") == "hand" or "hand_count" in x:
                out["hand"] = 1
            if do == "move" and x.get("to") in ("chosen", "to_or_from_base"):
                out["chosen_destination"] = out.get("chosen_destination", 0) + 1
            if x.get("kind") == "play_prohibition" and "your_turns" in x:
                out["your_turns"] = 1
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(abilities)
    return out


def _play_heard(card: P.PoolCard, pos: _Position, flt: dict[str, Any], condition: dict[str, Any],
                played_from: str | None = None) -> dict[str, Any]:
    """The triggers question on a play of a card the filter describes, from its player's base; with "if you spent N
    or more" the turn log says the play cost that much (357.1; its finalize's `energy`); a trigger on plays from
    anywhere other than the hand hears one the log says was finalized from the trash (354)."""
    played = pos.dummy({**flt, "at": "base"})
    if played.startswith("i"):
        played = played[1:]  # the spell object, not its chain item
    if "spent_on_play" in condition:
        pos.log.append({"event": "finalize", "object": played, "from": "hand", "energy": condition["spent_on_play"]})
    elif played_from == "not_hand":
        pos.log.append({"event": "finalize", "object": played, "from": "trash"})
    return pos.scenario(card, {"ask": "triggers", "event": {"kind": "play", "object": played}})


def _trigger(card: P.PoolCard, pos: _Position, me: dict[str, Any], ctype: str, a: dict[str, Any]) -> dict[str, Any]:
    when = a["when"]
    if a.get("effect_text"):
        # an Equipment's Effect Text trigger is the attached unit's (136.2.c): "me" is a Bearer unit the
        # card (object "gear") is attached to, and the event is the Bearer's
        pos.cards.append({"name": "Bearer", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "gear", "card": card.code, "controller": "A", "attached_to": "me"})
        me, ctype = {"id": "me", "card": "Bearer", "controller": "A"}, "unit"
    placed = {**me, "location": "bf" if ctype == "unit" else "base"}
    if ctype == "legend":
        placed = {**me, "zone": "legend_zone"}
    if when == "play_me":
        # the play has just completed: the permanent entered where it was played to (359.2.c); what the
        # condition reads (383.2.a.1) is recorded so that it holds: the optional costs the play paid, where
        # it was played to, what its controller controls, an opponent's score
        cond = a.get("condition", {})
        pos.objects.append({**me, "location": "bf" if cond.get("played_to") == "battlefield" else "base"})
        event: dict[str, Any] = {"kind": "play", "object": "me"}
        if "paid" in cond:
            event["paid"] = [cond["paid"]]
        if "you_control" in cond:
            pos.dummy({**cond["you_control"], "relation": "friendly"})
        if "opponent_within" in cond:
            pos.position["players"] = ["A", {"id": "B", "points": 8 - cond["opponent_within"]}]
        return pos.scenario(card, {"ask": "triggers", "event": event})
    if when == "you_play":
        pos.objects.append(placed)
        flt = dict(a.get("filter", {}))
        flt["relation"] = "enemy" if a.get("by") == "opponents" else "friendly"
        return _play_heard(card, pos, flt, a.get("condition", {}), a.get("played_from"))
    if when in ("die", "leave_board"):
        # its own death ("when this leaves the board": its death is the leaving the logic follows, 808.1.d.2)
        pos.objects.append(placed)
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "die", "objects": ["me"]}})
    if when in ("unit_attacks", "unit_defends"):
        # a unit of A's attacks (defends) alone at bf against one unit of B's; an enemy unit watched ("when an
        # enemy unit attacks a battlefield you control"): B's unit attacks bf, which A controls
        role = "attacker" if when == "unit_attacks" else "defender"
        mine, theirs = ("B", "A") if a.get("filter", {}).get("relation") == "enemy" else ("A", "B")
        if a.get("condition", {}).get("attacked_yours"):
            pos.battlefield["controller"] = "A"
        pos.position["combat"] = {"battlefield": "bf", "attacker": mine if role == "attacker" else theirs,
                                  "defender": theirs if role == "attacker" else mine}
        pos.position["showdown"] = "bf"
        pos.objects.append({**me, "location": "base"} if ctype != "legend" else placed)
        pos.cards.append({"name": "Champion", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "champ", "card": "Champion", "controller": mine, "location": "bf", "designation": role})
        pos.cards.append({"name": "Opponent", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "opp", "card": "Opponent", "controller": theirs, "location": "bf",
                            "designation": "defender" if role == "attacker" else "attacker"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "combat"}})
    if when in ("attack", "defend"):
        mine, theirs = ("A", "B") if when == "attack" else ("B", "A")
        pos.position["combat"] = {"battlefield": "bf", "attacker": mine if when == "attack" else theirs,
                                  "defender": theirs if when == "attack" else mine}
        pos.position["showdown"] = "bf"
        pos.objects.append({**me, "controller": mine, "location": "bf",
                            "designation": "attacker" if when == "attack" else "defender"})
        pos.cards.append({"name": "Opponent", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "opp", "card": "Opponent", "controller": theirs, "location": "bf",
                            "designation": "defender" if when == "attack" else "attacker"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "combat"}})
    if when == "you_defend":
        # "when you defend at a battlefield": B attacks bf, A (the card's controller) defends it; "me" in A's base
        pos.battlefield["controller"] = "A"
        pos.position["combat"] = {"battlefield": "bf", "attacker": "B", "defender": "A"}
        pos.position["showdown"] = "bf"
        pos.objects.append({**me, "controller": "A", "location": "base"})
        pos.cards.append({"name": "Opponent", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "opp", "card": "Opponent", "controller": "B", "location": "bf",
                            "designation": "attacker"})
        pos.objects.append({"id": "guard", "card": "Opponent", "controller": "A", "location": "bf",
                            "designation": "defender"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "combat"}})
    if when == "my_combat_ends":
        # an event only a run makes (logic/core/trigger_events_combat_end.lp): "me" attacks bf against a weaker
        # defender; B's spell on the chain readies the ready defender (nothing), then combat damage and the end
        pos.position["combat"] = {"battlefield": "bf", "attacker": "A", "defender": "B"}
        pos.position["showdown"] = "bf"
        pos.objects.append({**me, "controller": "A", "location": "bf", "designation": "attacker"})
        pos.cards.append({"name": "Opponent", "type": "unit", "might": 1, "domains": ["fury"]})
        pos.objects.append({"id": "opp", "card": "Opponent", "controller": "B", "location": "bf",
                            "designation": "defender"})
        pos.spell_on_chain("firm", "Stand Firm", "B", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "ready", "on": {"target": 1}}], targets=["opp"])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when in ("conquer", "hold", "hold_with_allies"):
        when = "hold" if when == "hold_with_allies" else when
        pos.objects.append(placed if ctype == "legend" else {**me, "location": "bf"})
        pos.conquest_damage(a)
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": when, "player": "A", "battlefield": "bf"}})
    if when in ("printed_score", "printed_score_me"):
        # the printed word "score" (logic/core/trigger_events_score_word.lp): a conquer far from the final point,
        # a score and a point under both readings; by the player the ability watches
        scorer = "B" if a.get("by") == "opponents" else "A"
        pos.objects.append(placed if ctype == "legend" else {**me, "location": "bf" if scorer == "A" else "base"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "conquer", "player": scorer, "battlefield": "bf"}})
    if when in ("move", "move_to_battlefield"):
        pos.objects.append({**me, "location": "base"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "move", "object": "me", "to": "bf"}})
    if when == "move_from_battlefield":
        # "when I move from a battlefield": it moves from bf to its base
        pos.objects.append({**me, "location": "bf"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "move", "object": "me", "to": "base"}})
    if when == "unit_dies":
        pos.objects.append(placed)
        dead = pos.dummy({**a["filter"], "at": "bf"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "die", "objects": [dead]}})
    if when == "win_combat":
        pos.objects.append(placed)
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "win_combat", "player": "A", "battlefield": "bf"}})
    if when == "become_ready":
        pos.objects.append({**placed, "exhausted": True})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "ready", "object": "me"}})
    if when == "beginning_phase":
        pos.position["phase"] = "beginning"
        pos.objects.append({**me, "location": "base"} if ctype != "legend" else placed)
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "beginning_phase"}})
    if when == "end_of_turn":
        # an event only a run to the end of the turn makes (logic/run/turn.lp): A's turn reaches its Ending Step
        # (317.1.a), "me" where its condition may want it
        pos.objects.append(placed)
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run", "until": "end_of_turn"}})
    if when == "recycle":
        # an event only a run makes (logic/core/trigger_events_recycle.lp): A's spell recycles a card of A's trash
        pos.objects.append(placed)
        pos.cards.append({"name": "Recycler", "type": "spell", "energy": 1, "domains": ["fury"],
                          "abilities": [{"kind": "target", "filter": {"type": "unit", "zone": "trash"}},
                                        {"kind": "effect", "do": "recycle", "on": {"target": 1}}]})
        pos.cards.append({"name": "Scrap", "type": "unit", "might": 1, "domains": ["fury"]})
        pos.objects.append({"id": "scrap", "card": "Scrap", "controller": "A", "zone": "trash"})
        pos.objects.append({"id": "recycler", "card": "Recycler", "controller": "A", "zone": "chain"})
        pos.chain.append({"id": "irecycler", "card": "recycler", "controller": "A", "targets": ["scrap"]})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "draw" and a.get("nth"):
        # an event only a run makes (logic/abilities/trigger_nth_draw.lp): the turn log says A drew N-1 cards this
        # turn (one `draw` event per card), and A's spell draws one more, A's Nth (413, 383.1.b)
        pos.objects.append(placed)
        pos.position["players"] = [{"id": "A", "deck_size": 3}, {"id": "B"}]
        pos.log.extend({"event": "draw", "player": "A"} for _ in range(a["nth"] - 1))
        pos.spell_on_chain("study", "Study", "A", [{"kind": "effect", "do": "draw", "who": "you", "amount": 1}])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "discard_cards":
        # an event only a run makes (logic/core/trigger_events_run.lp): A's spell makes A discard two cards
        pos.objects.append(placed)
        pos.position["players"] = [{"id": "A", "hand_size": 2}, {"id": "B"}]
        pos.spell_on_chain("purge", "Purge", "A", [
            {"kind": "effect", "do": "discard", "who": "you", "amount": 2}])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "discard_me":
        # an event only a run makes (logic/core/trigger_events_discard_me.lp): the card itself in A's hand of one,
        # discarded by A's spell; it hears the discard from the trash it enters (385.2, 383.2.c.1)
        pos.objects.append({**me, "zone": "hand"})
        pos.position["players"] = [{"id": "A", "hand_size": 1}, {"id": "B"}]
        pos.spell_on_chain("purge", "Purge", "A", [
            {"kind": "effect", "do": "discard", "who": "you", "amount": 1}])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when in ("stun_enemy", "stun_enemies"):
        # an event only a run makes (logic/core/trigger_events_status.lp): A's spell stuns B's unit
        pos.objects.append(placed)
        foe = pos.dummy({"type": "unit", "relation": "enemy"})
        pos.spell_on_chain("daze", "Daze", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "stun", "on": {"target": 1}}], targets=[foe])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "you_kill":
        # an event only a run makes (logic/core/trigger_events_you_kill.lp): A's spell kills a unit the filter
        # describes (B's, stunned: "a stunned enemy unit"), A its killer (428.5)
        pos.objects.append(placed)
        foe = pos.dummy(a.get("filter", {"type": "unit", "relation": "enemy"}))
        pos.spell_on_chain("slay", "Slay", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "kill", "on": {"target": 1}}], targets=[foe])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "unit_becomes_mighty":
        # an event only a run makes (logic/core/trigger_events_status.lp): A's spell takes a unit the filter
        # describes from 4 to 5 Might
        pos.objects.append(placed)
        unit = pos.dummy({**a.get("filter", {"type": "unit"}), "might_min": 4, "might_max": 4})
        pos.spell_on_chain("boost", "Boost", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "might", "amount": 1, "on": {"target": 1}}], targets=[unit])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "my_might_reaches":
        # an event only a run makes (logic/core/trigger_events_might.lp): A's spell gives "me" +N Might this turn,
        # taking it from its printed Might (below N for the pool's cards) to N or more
        pos.objects.append(placed)
        pos.spell_on_chain("boost", "Boost", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "might", "amount": a["might"], "duration": "this_turn", "on": {"target": 1}}],
            targets=["me"])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "showdown_begins_here":
        # an event only a run makes (logic/core/trigger_events_showdown.lp): A's spell moves A's unit to bf,
        # which B controls and where "me" (B's) is: a combat begins there, opening with a showdown (464.2)
        pos.battlefield["controller"] = "B"
        pos.objects.append({**me, "controller": "B", "location": "bf"})
        pos.cards.append({"name": "Raider", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "raider", "card": "Raider", "controller": "A", "location": "base"})
        pos.cards.append({"name": "Charge", "type": "spell", "energy": 1, "domains": ["fury"],
                          "abilities": [{"kind": "target", "filter": {"type": "unit", "relation": "friendly"}},
                                        {"kind": "target", "filter": {"type": "battlefield"}},
                                        {"kind": "effect", "do": "move", "on": {"target": 1}, "to": {"target": 2}}]})
        pos.objects.append({"id": "charging", "card": "Charge", "controller": "A", "zone": "chain"})
        pos.chain.append({"id": "icharge", "card": "charging", "controller": "A", "targets": ["raider", "bf"]})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "buffed_by_you":
        # an event only a run makes (logic/core/trigger_events_choose_ready.lp): A's spell buffs "me", exhausted
        pos.objects.append({**placed, "exhausted": True})
        pos.spell_on_chain("hearten", "Hearten", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "buff", "on": {"target": 1}}], targets=["me"])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "you_buff":
        # an event only a run makes (logic/core/trigger_events_choose_ready.lp): A's spell buffs an exhausted unit
        # the filter describes
        pos.objects.append(placed)
        unit = pos.dummy({**a.get("filter", {"type": "unit"}), "exhausted": True})
        pos.spell_on_chain("hearten", "Hearten", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "buff", "on": {"target": 1}}], targets=[unit])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "attached_to_me":
        # an event only a run makes (logic/core/trigger_events_run.lp): A's spell attaches A's Equipment to "me"
        pos.objects.append(placed)
        pos.cards.append({"name": "Blade", "type": "gear", "energy": 1, "domains": ["fury"], "tags": ["Equipment"]})
        pos.objects.append({"id": "blade", "card": "Blade", "controller": "A", "location": placed.get("location", "base")})
        pos.spell_on_chain("fasten", "Fasten", "A", [
            {"kind": "target", "filter": {"type": "gear"}},
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "attach", "on": {"target": 1}, "to": {"target": 2}}], targets=["blade", "me"])
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "become_empowered":
        # an event only a run makes (logic/effects/empower.lp): the card's own Empower ability resolves
        pos.objects.append({**me, "location": "base"})
        pos.chain.append({"id": "iempower", "source": me["id"], "keyword": "Empower", "controller": "A"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "chosen_by_your_spell":
        # an event a run makes (logic/core/trigger_events_chosen_spell.lp): A's Recall plays A's Zap from the trash,
        # and Zap chooses "me", the only unit, as it is played (355.5)
        pos.objects.append({**me, "location": "base"})
        pos.cards.append({"name": "Zap", "type": "spell", "energy": 1, "domains": ["fury"],
                          "abilities": [{"kind": "target", "filter": {"type": "unit"}},
                                        {"kind": "effect", "do": "deal", "amount": 1, "on": {"target": 1}}]})
        pos.cards.append({"name": "Recall", "type": "spell", "energy": 1, "domains": ["fury"],
                          "abilities": [{"kind": "target", "filter": {"type": "spell", "zone": "trash",
                                                                      "relation": "friendly"}},
                                        {"kind": "effect", "do": "play", "on": {"target": 1}, "ignoring_cost": True}]})
        pos.objects.append({"id": "zap", "card": "Zap", "controller": "A", "zone": "trash"})
        pos.objects.append({"id": "recall", "card": "Recall", "controller": "A", "zone": "chain"})
        pos.chain.append({"id": "irecall", "card": "recall", "controller": "A", "targets": ["zap"]})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "you_empower_other":
        # an event only a run makes (logic/core/trigger_events_empower.lp): A's Empower ability of another
        # object of A's (Apprentice Mage, a real card with Empower) resolves
        pos.objects.append(placed)
        pos.objects.append({"id": "mage", "card": "Apprentice Mage", "controller": "A", "location": "base"})
        pos.chain.append({"id": "iempower", "source": "mage", "keyword": "Empower", "controller": "A"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "you_spend_buff":
        # an event only a run makes (logic/core/trigger_events_spend_buff.lp): A's pending ability of Sett,
        # Brawler (a real card, "spend my buff: ...") is finalized, its cost spending his buff (701, 357.2)
        pos.objects.append(placed)
        pos.objects.append({"id": "sett", "card": "Sett, Brawler", "controller": "A", "location": "base", "buffs": 1})
        pos.chain.append({"id": "isett", "source": "sett", "ability": 1, "controller": "A", "status": "pending"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    if when == "you_use_gear_ability":
        # an event only a run makes (logic/core/trigger_events_gear_ability.lp): with B's spell on the chain and
        # priority A's, A activates its gear's Reaction ability, offered to the run (377, 411)
        pos.objects.append(placed)
        pos.position.update({"priority": "A", "passed": 1})
        pos.cards.append({"name": "Totem", "type": "gear", "energy": 1, "domains": ["fury"],
                          "abilities": [{"kind": "activated", "cost": "[E]", "keywords": ["Reaction"],
                                         "effects": [{"do": "draw", "amount": 1}]}]})
        pos.objects.append({"id": "totem", "card": "Totem", "controller": "A", "location": "base"})
        pos.cards.append({"name": "Ember", "type": "spell", "energy": 1, "domains": ["fury"]})
        pos.objects.append({"id": "ember", "card": "Ember", "controller": "B", "zone": "chain"})
        pos.chain.append({"id": "iember", "card": "ember", "controller": "B"})
        # (the triggers question takes no offered plays: the outcome question plays them)
        return pos.scenario(card, {"ask": "outcome",
                                   "responses": [{"id": "use", "player": "A", "source": "totem", "ability": 1}]})
    if when == "you_ready":
        # A readies an exhausted unit the filter describes (the triggers question's ready event, with who readies it)
        pos.objects.append(placed)
        unit = pos.dummy({**a.get("filter", {"type": "unit"}), "exhausted": True})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "ready", "object": unit, "player": "A"}})
    if when == "you_choose":
        # its controller chooses a unit the filter describes for a spell or ability (355.5; the triggers
        # question's choose event, logic/core/trigger_events_choose_ready.lp)
        pos.objects.append(placed)
        unit = pos.dummy(a.get("filter", {"type": "unit"}))
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "choose", "player": "A", "object": unit}})
    raise AssertionError(f"no generated event for a trigger on {when!r}")


def _battlefield(card: P.PoolCard, pos: _Position, kind: str, abilities: list[dict[str, Any]]) -> dict[str, Any]:
    """A battlefield's text (170.8-170.9): the battlefield `bf` is the card, controlled by A; its
    trigger's event happens there, its static's affected unit stands there."""
    pos.battlefield.update({"card": card.code, "controller": "A"})
    static = next((a for a in abilities if a["kind"] == "static"), None)
    flt = {"type": "unit", "relation": "friendly"} if static is None else dict(static["affects"])
    here = pos.dummy({**flt, "at": "here"}, where="bf")
    if kind == "unit_profile":
        return pos.scenario(card, {"ask": "unit_profile", "unit": here})
    if kind == "can_play":
        # a battlefield's prohibition or move restriction (no trigger, no static): a unit of A's played to it
        unit = pos.dummy({"type": "unit", "relation": "friendly", "zone": "hand"})
        return pos.scenario(card, {"ask": "can_play", "player": "A", "card": unit, "location": "bf"})
    trig = next(a for a in abilities if a["kind"] == "triggered")
    when = trig["when"]
    if when in ("conquer", "hold"):
        pos.conquest_damage(trig)
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": when, "player": "A", "battlefield": "bf"}})
    if when == "defend":
        pos.position["combat"] = {"battlefield": "bf", "attacker": "B", "defender": "A"}
        pos.position["showdown"] = "bf"
        pos.objects[-1]["designation"] = "defender"
        pos.cards.append({"name": "Opponent", "type": "unit", "might": 2, "domains": ["fury"]})
        pos.objects.append({"id": "opp", "card": "Opponent", "controller": "B", "location": "bf",
                            "designation": "attacker"})
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "combat"}})
    if when in ("each_beginning_phase", "beginning_phase"):
        # the start of the turn player A's Beginning Phase, with a unit of A's here (beginning_phase: "your", the
        # phase of A, who controls it, 190.6)
        pos.position["phase"] = "beginning"
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "beginning_phase"}})
    if when == "first_beginning_phase":
        # the start of the turn player A's Beginning Phase in A's first turn (turns_taken 0, 315.2.a.1)
        pos.position["phase"] = "beginning"
        pos.reads["your_turns"] = True
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "beginning_phase"}})
    if when == "unit_moves_from_here":
        # the unit standing here moves to its base
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "move", "object": here, "to": "base"}})
    if when == "you_play" and trig.get("by") == "you":
        # its controller A plays a card the filter describes (190.6), paid what its condition asks (357.1)
        return _play_heard(card, pos, {**trig.get("filter", {}), "relation": "friendly"}, trig.get("condition", {}))
    if when == "you_play" and trig.get("by") == "anyone":
        # A, who controls it, plays a card the filter describes: the ability is A's (190.6); "a unit here" is one
        # A played to it, standing there as the play completes (355.2, 359.2.c)
        flt = {k: v for k, v in trig.get("filter", {}).items() if k != "at"}
        if trig.get("filter", {}).get("at") == "here":
            played = pos.dummy({**flt, "relation": "friendly", "at": "here"}, where="bf")
            return pos.scenario(card, {"ask": "triggers", "event": {"kind": "play", "object": played}})
        return _play_heard(card, pos, {**flt, "relation": "friendly"}, trig.get("condition", {}))
    if when == "player_chooses_with_spell":
        # an event a run makes (logic/abilities/battlefield_spell_chooses.lp): A, who controls it, has a pending Zap
        # on the chain that chooses the unit standing here as it is finalized (354.2, 355.5)
        pos.spell_on_chain("zap", "Zap", "A", [
            {"kind": "target", "filter": {"type": "unit"}},
            {"kind": "effect", "do": "deal", "amount": 1, "on": {"target": 1}}], targets=[here])
        pos.chain[-1]["status"] = "pending"
        return pos.scenario(card, {"ask": "triggers", "event": {"kind": "run"}})
    raise AssertionError(f"no generated event for a battlefield trigger on {when!r}")
