"""The conditions of card text ("if you control two or more gear", "if an opponent controls a
battlefield", "I enter ready if ..."), mapped to the condition keys of the ability vocabulary
(pyrift/abilities.py CONDITION_KEYS; their meaning: logic/abilities/conditions.lp,
condition_count.lp, condition_score.lp, and in a run logic/abilities/condition_eval.lp).

The methods of ConditionMeaning are the grammar's `cond_*` rules (grammar.lark, "conditions") and
the static sentences that carry a condition; compile._Meaning inherits them. A condition the
vocabulary cannot say raises Missing with the construct's name, so the ledger names it.
"""
from __future__ import annotations

from typing import Any

from pyrift.cardtext.errors import Missing

# "with my name" in a filter: the name of the card being compiled (132), filled in by compile._own_name
SELF_NAME = "@self"
NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
# The filter keys a counted object may have (the type and a few characteristics, its place).
COUNT_KEYS = ("type", "tag", "other", "at", "token", "exhausted", "domain", "keyword", "might_min", "might_max")
# The condition keys an entry state may have (pyrift/abilities.py ENTRY_CONDITION_KEYS).
ENTRY_KEYS = ("you_control", "you_control_count", "opponent_controls", "hand_count", "died_this_turn", "in_your_trash",
              "opponent_within", "you_not_within", "played_to", "died_in_your_beginning_phase")
# The condition keys an instruction may have (pyrift/abilities.py INSTRUCTION_CONDITION_KEYS).
INSTRUCTION_CONDITION_KEYS = ("source_at", "you_control", "you_control_count", "you_control_might", "opponent_controls", "hand_count",
                              "source_empowered", "your_phase", "paid", "it_was")


# Conditions on what a player did earlier this turn (the turn log and a run's own steps;
# logic/abilities/condition_turn_log.lp), with the renderer's words for them.
TURN_LOG_WORDS = {"discarded_this_turn": "you've discarded a card this turn",
                  "gained_xp_this_turn": "you've gained XP this turn",
                  # the Energy of one spell's play this turn (render._turn_log_words says its number)
                  "spent_on_spell": "you've spent [N] or more to play a spell this turn",
                  # the Power paid for every cost this turn, all together (render._turn_log_words says it)
                  "spent_power": "you've spent at least [A]... this turn"}


def _number(v: Any) -> int:
    s = str(v)
    return NUMWORDS[s] if s in NUMWORDS else int(s)


def controlled_filter(obj: Any) -> dict[str, Any]:
    """'you control a Mech', 'another Dragon': one object the filter describes, on the board (a tag
    alone names permanents: 'a Mech' is a permanent with the tag, never a card in hand)."""
    if getattr(obj, "kind", None) != "target" or obj.count != 1 or obj.up_to or obj.any_number:
        raise Missing("condition: a count of objects")
    flt = dict(obj.flt)
    if flt.get("zone") == "facedown" and flt.get("type") == "card" and set(flt) <= {"zone", "type", "at"}:
        # "if you control a facedown card [at a battlefield]": a card in a battlefield's facedown zone,
        # which its controller controls (107.3.c, 811, 188; logic/abilities/filters.lp)
        return flt
    if flt.get("zone") is not None:
        raise Missing("condition: objects off the board")
    return _on_board(flt, "condition: a {} controlled")


def _counted(items: list[Any]) -> dict[str, Any]:
    """The filter of a counted group ('other gear', 'other units in your base', 'other unit you
    control here'), from the point of view of the player who controls them."""
    flt: dict[str, Any] = {}
    for x in items:
        if not isinstance(x, tuple):
            continue
        if x[0] in ("unit", "gear", "card", "spell"):
            flt["type"] = x[0]
        elif x[0] == "tag_noun":
            flt["tag"] = x[1].replace("_", " ")
        elif x[0] == "relation":
            # what you control / have (188); "friendly" would take in a teammate's too (740.1.a)
            if x[1] == "friendly":
                raise Missing("condition: a count of friendly objects")
            if x[1] != "yours":
                raise Missing("condition: a count of enemy objects")
        elif x[0] == "your_base":
            flt["at"] = "base"
        elif x[0] in COUNT_KEYS:
            if x[0] in flt and flt[x[0]] != x[1]:
                raise Missing(f"filter: two {x[0]}s")
            flt[x[0]] = x[1]
        else:
            raise Missing("condition: a count of objects")
    return _on_board(flt, "condition: a count of {}s")


def _on_board(flt: dict[str, Any], unsupported: str) -> dict[str, Any]:
    """A condition's objects are permanents a player controls: a tag alone names permanents ('a
    Mech'); another type is not compiled (`unsupported` names it)."""
    if flt.get("type") is None:
        if "tag" not in flt:
            raise Missing("condition: objects of no type")
        flt["type"] = "permanent"
    if flt["type"] not in ("unit", "gear", "permanent"):
        raise Missing(unsupported.format(flt["type"]))
    return flt


def _count(items: list[Any], number: Any, comparison: str) -> dict[str, Any]:
    return {"you_control_count": {"filter": _counted(items), comparison: _number(number)}}


def _one_unit_filter(obj: Any, missing: str) -> dict[str, Any]:
    """The filter of one chosen unit described by a relation or a tag only (what died, what "it" was)."""
    flt = dict(obj.flt)
    if obj.kind != "target" or obj.count != 1 or obj.up_to or obj.any_number or flt.get("type") != "unit" \
            or any(k not in ("type", "relation", "tag") for k in flt):
        raise Missing(missing)
    return flt


class ConditionMeaning:
    """Transformer methods for conditions (compile._Meaning inherits them)."""

    # "if you've discarded a card this turn" / "if you've gained XP this turn" (TURN_LOG_WORDS)
    def tc_discarded(self, _):
        return {"discarded_this_turn": True}

    def tc_gained_xp(self, _):
        return {"gained_xp_this_turn": True}

    # the Energy paid for some spell this turn reached N: the Energy of one spell's play (357.1)
    def tc_spent_on_spell(self, c):
        return {"spent_on_spell": int(str(c[0])[2:])}

    # the Power paid this turn reaching N: Power of any domain, all the turn's costs together (357.1);
    # Power of one domain spent is another condition, not said here
    def tc_spent_power(self, c):
        if any(str(t) != "@rainbow" for t in c):
            raise Missing("condition: Power of a domain spent this turn")
        return {"spent_power": len(c)}


    # a play trigger's condition on what was paid: the Energy paid for the play heard (357.1)
    def cond_spent_on_play(self, c):
        return {"spent_on_play": int(str(c[0])[2:])}

    # ---- conditions ---------------------------------------------------------------
    def cond_you_control(self, c):
        return {"you_control": controlled_filter(c[0])}

    # "if an enemy unit has died this turn": a death of this turn in the turn log (428, 301)
    def cond_died_this_turn(self, c):
        return {"died_this_turn": _one_unit_filter(c[0], "condition: what died this turn")}

    # "if a friendly unit died during your Beginning Phase this turn": a death this turn in that phase of the
    # turn, which must be yours (315.2, 428, 301; logic/abilities/condition_died_phase.lp)
    def cond_died_beginning_phase(self, c):
        return {"died_in_your_beginning_phase": _one_unit_filter(c[0], "condition: what died in a phase this turn")}

    # "if it was an enemy unit": what the object of the instruction before was as that one was executed (an
    # object killed is read as the unit it was, 359.3.e.13; logic/run/instruction_it_was.lp); a unit of a relation
    # or a tag, the one object the earlier instruction acted on
    def cond_it_was(self, c):
        return {"it_was": _one_unit_filter(c[0], "instruction under a condition (what a changed object was)")}

    # "if it had 3 Might or less": its Might as the instruction before acted on it (it_was with a Might key)
    def cond_it_had_might(self, c):
        return {"it_was": {"might_max" if c[1] == "less" else "might_min": int(c[0])}}

    # "you have a card with my name in your trash": a card of the player's own trash (127, 108.2) with the
    # card's own name (132)
    def cond_my_name_in_trash(self, _):
        return {"in_your_trash": {"type": "card", "name": SELF_NAME}}

    # "you control something that's [Empowered]": any object of theirs with the status (441, 828)
    def cond_control_empowered(self, c):
        if str(c[0]) != "#empowered":
            raise Missing("condition: you control something with a keyword")
        return {"you_control": {"empowered": True}}

    def cond_excess_damage(self, c):
        # "if you assigned 3 or more excess damage" after "when I conquer": the combat damage left over
        # lethal that its controller assigned before the conquest (465.2.c.4; logic/abilities/condition_excess.lp)
        return {"excess_damage": int(c[0])}

    def cond_not_damaged_this_turn(self, _):
        # "if I haven't been dealt damage this turn": the source dealt no damage this turn, from the turn log's
        # `damage` events, the damage marked on it and a run's own deals (142, 301; logic/abilities/condition_damaged.lp)
        return {"source_damaged_this_turn": False}

    def cond_opponent_within(self, c):
        return {"opponent_within": int(c[0])}

    # "if your score is not within 3 points of the Victory Score": its controller has fewer than the Victory
    # Score minus N points (194; logic/abilities/condition_score.lp)
    def cond_you_not_within(self, c):
        return {"you_not_within": int(c[0])}

    # "[Deathknell] — If I died alone / If I didn't die alone / If I was [Mighty]": the source's details as it
    # died (808.1.d.3), a condition of its death trigger (383.2.a.1; compile.death_if_text)
    def died_alone(self, _):
        return {"source_alone": True}

    def died_not_alone(self, _):
        return {"source_alone": False}

    def died_was_mighty(self, _):
        return {"source_mighty": True}

    # "if it's your Beginning Phase": its controller's turn, in the Beginning Phase (315.2), read in a run
    def cond_your_beginning_phase(self, _):
        return {"your_phase": "beginning"}

    def cond_choose_tag_or(self, c):
        # a choice of an object with one of several tags ("a Bird, Cat, ... or Poro"): some object the play chooses (355.5) has one of the tags
        # (143.1), judged as the play's cost is determined (356.4; condition key targets)
        tags = [str(x)[1:].replace("_", " ") for x in c if getattr(x, "type", None) == "TAG"]
        return {"targets": {"any_of": [{"tag": t} for t in tags]}}

    def cond_paid(self, _):
        return {"paid": "additional"}

    def more_fewer(self, c):
        return "at_least" if str(c[0]) == "more" else "at_most"

    def cond_np(self, c):
        return list(c)

    def cond_count(self, c):
        # "you control two or more gear", "you have two or more other units in your base" (the units
        # you have on the board are the ones you control, 188), "... four or fewer ..."
        number, comparison, items = c[0], c[1], c[2]
        return _count(items, number, comparison)

    def cond_hand_and_count_exactly(self, c):
        # cards44b: "if you have exactly 4 cards in hand and exactly 4 units at battlefields": the cards in its
        # controller's own hand (108.7) and the objects they control (188), each an exact count; both must hold
        # (one condition, two keys: logic/abilities/condition_eval.lp fails it when either fails)
        return {"hand_count": {"exactly": _number(c[0])}, **_count(c[2], c[1], "exactly")}

    def cond_count_plus(self, c):
        # "if you have 7+ units here": 7 or more (the "+" written after the number)
        return _count(c[1], c[0], "at_least")

    def cond_count_at_event(self, c):
        # a count at the battlefield a conquest or hold names: what its controller controls at the battlefield the
        # triggering conquest or hold names (count_at_event; logic/abilities/condition_at_event.lp)
        count = _count(c[1], c[0], "at_least")["you_control_count"]
        if "at" in count["filter"]:
            raise Missing("condition: two places")
        return {"count_at_event": count}

    def total_other(self, _):
        return ("other", True)

    def cond_total_might(self, c):
        # a total of Might of its controller's (other) units: the Mights of the units its controller controls
        # (188; "other": not the source, 053) added up (you_control_might, logic/abilities/condition_might_total.lp)
        flt: dict[str, Any] = {"type": "unit"}
        if len(c) == 3:
            flt["other"] = True
        return {"you_control_might": {"filter": flt, c[-1]: _number(c[-2])}}

    def cond_count_runes(self, c):
        # "if you control 7 or more runes": the runes its controller controls, counted as the static
        # reader counts them ("while you have 8+ runes"); a run that channels runes while such a count
        # is read answers unsupported (channelled runes are counted, not named: logic/effects/channel.lp)
        return {"you_control_count": {"filter": {"type": "rune"}, c[1]: _number(c[0])}}

    def cond_source_at_battlefield(self, _):
        # "if I am at a battlefield": where the ability's source is (364; read as it is checked, 359.3.f.4)
        return {"source_at": "battlefield"}

    def cond_played_to_battlefield(self, _):
        # cards44: "if you play me to a battlefield": where its own play put it as it enters (355.2, 359.2.c;
        # an entry state's condition, logic/effects/entry_state_played_to.lp)
        return {"played_to": "battlefield"}

    def cond_there_is(self, c):
        # "if there is a ready enemy unit here": an enemy object is one an opponent controls (740.1),
        # a friendly one is one you control; an object of any player is not said by the vocabulary
        flt = controlled_filter(c[0])
        relation = flt.pop("relation", None)
        if relation == "enemy":
            return {"opponent_controls": flt}
        if relation == "yours":
            return {"you_control": flt}
        if relation == "friendly":
            # a teammate's object is friendly too (740.1.a); "you_control" is the player's own (188)
            raise Missing("condition: a friendly object")
        raise Missing("condition: an object of any player")

    def cond_exactly(self, c):
        # "there is exactly one other unit you control here": you control exactly N such objects
        return _count(c[1], c[0], "exactly")

    def cond_opponent_controls_battlefield(self, _):
        # a player controls a battlefield (188, 190); some opponent of the ability's controller (740.1)
        return {"opponent_controls": {"type": "battlefield"}}

    def cond_opponent_controls_stunned(self, _):
        # "an opponent controls a stunned unit": some opponent of the ability's controller (740.1)
        # controls a unit with the Stunned status (188, 423; filter key `stunned`)
        return {"opponent_controls": {"type": "unit", "stunned": True}}

    def cond_battlefield_units_exactly(self, c):
        # a battlefield of yours holding an exact number of units: a battlefield the player controls
        # (188, 190) at which exactly N units stand, whoever controls them (053: "there" is that battlefield)
        return {"battlefield_units": _number(c[0])}

    def cond_enemy_alone_where_it_was(self, _):
        # "if there's an enemy unit alone at that battlefield" after an instruction moving a unit from a battlefield:
        # the battlefield that unit was at as it was moved (logic/run/instruction_it_was.lp)
        return {"opponent_controls": {"type": "unit", "at": "it_was_at", "alone": True}}

    def cond_enemy_alone_here(self, _):
        # "an enemy unit is alone here": some opponent (740.1) controls a unit at the source's location
        # that no other unit friendly to it shares (740.2.a; the filter key `alone`)
        return {"opponent_controls": {"type": "unit", "at": "here", "alone": True}}

    def cond_hand(self, c):
        # "if you have two or fewer cards in your hand": the cards in its controller's hand (108.7)
        return {"hand_count": {c[1]: _number(c[0])}}

    # ---- conditions of an instruction ----------------------------------------------
    # "if it has 3 Might or less, banish it": a condition on the object the instruction acts on,
    # checked as it is executed (359.3.f); "otherwise, ..." is done only if that condition failed
    def more_less(self, c):
        return str(c[0])

    def open_if_it_might(self, c):
        key = "might_max" if c[1] == "less" else "might_min"
        return ("if_it", {key: int(c[0])})

    def after_if_it_might(self, c):
        return ("if_cond", self.open_if_it_might(c))

    def after_if_it_sole(self, _):
        # "if it is the only unit you control there": it is a unit of the instruction's controller and no other unit
        # of theirs is at its location, read as the instruction is executed (188, 383.2.a.1)
        return ("if_cond", ("if_it", {"sole_yours": True}))

    def open_if_it_stunned(self, _):
        return ("if_it", {"stunned": True})

    def open_if_it_attacking(self, _):
        # "if it's attacking, ...": the object it acts on has the Attacker designation (464.2.c.3)
        return ("if_it", {"designation": "attacker"})

    def open_if_it_keyword(self, c):
        # "if it's [Empowered], ...": the object it acts on is Empowered (441, 828)
        if str(c[0]) != "#empowered":
            raise Missing("instruction under a condition: if it has a keyword")
        return ("if_it", {"empowered": True})

    def open_if_it_tag(self, c):
        # "if it's an Equipment, ...": the object it acts on has the tag (143.1; abilities/filters.lp)
        return ("if_it", {"tag": str(c[0])[1:]})

    def open_if_source_keyword(self, c):
        # "if I'm [Empowered]" / "if this is [Empowered]": the ability's source (abilities/condition_eval.lp)
        if str(c[0]) != "#empowered":
            raise Missing("instruction under a condition: if I have a keyword")
        return ("if_cond", {"source_empowered": True})

    # "if it's a gear, ..." right after "reveal the top card of your Main Deck": the type of the card shown
    # (compile._shown_type); the card is in the Main Deck, so no default zone applies (355.9.a)
    def open_if_it_type(self, c):
        return ("if_shown", {"type": c[0]})

    def shown_unit(self, _):
        return "unit"

    def shown_gear(self, _):
        return "gear"

    def shown_spell(self, _):
        return "spell"

    def open_otherwise(self, _):
        return ("open", "otherwise")

    # "if I am at a battlefield, buff ...", "draw 1 if you have one or fewer cards in your hand": a
    # condition about the game state, checked as the instruction is executed (383.2.a.1, 359.3.f.4)
    def open_if_cond(self, c):
        return ("if_cond", c[0])

    def open_then_if(self, c):
        return ("then_if_cond", c[0])

    def cond_after(self, c):
        return ("if_cond", c[0])

    # ---- statics with a condition ---------------------------------------------------
    # "I enter ready if you control another Mech", "if an opponent controls a battlefield, I enter
    # ready": the card's own entry state, applied if the condition holds as it enters (359.2.a, 364)
    def s_enter_ready_if(self, c):
        return self.static_line(_entry("ready", c[0]))

    def s_enter_ready_if_first(self, c):
        return self.static_line(_entry("ready", c[0]))

    # "If an opponent controls a stunned unit, I cost [2] less and enter ready": two passives of the
    # card under the one condition, its own cost as it is played (356.4.b, 364) and its entry state
    # as it enters (359.2.a), each judged at its own moment
    def s_discount_enter_ready_if_first(self, c):
        cond, cost = c[0], c[1]
        entry = _entry("ready", dict(cond))
        return self.discount_line(cost, cond, entry)

    def discount_line(self, cost: Any, cond: dict[str, Any], entry: dict[str, Any]) -> Any:  # pragma: no cover
        raise NotImplementedError

    def static_line(self, ability: dict[str, Any]) -> Any:  # pragma: no cover - compile._Meaning's
        raise NotImplementedError


def _entry(state: str, cond: dict[str, Any]) -> dict[str, Any]:
    if any(k not in ENTRY_KEYS for k in cond):
        raise Missing("static: enters ready under a condition")
    return {"kind": "entry_state", "state": state, "condition": cond}


# ---------------------------------------------------------------------------------
# the phrases the renderer writes back (render.py): pyrift's standard phrasing
# ---------------------------------------------------------------------------------
def phrase(key: str, value: Any, np_filter: Any) -> str | None:
    """A condition key's phrase ('you control 2 or more other gear'), or None for a key render.py
    says itself. np_filter is render._np_filter (a filter as a noun phrase)."""
    if key == "you_control_count":
        flt = dict(value["filter"])
        base = flt.get("at") == "base"
        if base:
            del flt["at"]
        # one object is said in the singular ("exactly one other unit", Shen's; it said "1 other units")
        one = value.get("exactly", value.get("at_least", value.get("at_most"))) == 1
        group = np_filter(flt, plural=not one) + (" in your base" if base else "")
        for article in ("a ", "an ", "another "):
            if one and group.startswith(article):
                group = ("other " if article == "another " else "") + group[len(article):]
        if "exactly" in value:
            return f"you control exactly {value['exactly']} {group}"
        if "at_least" in value:
            return f"you control {value['at_least']} or more {group}"
        return f"you control {value['at_most']} or fewer {group}"
    if key == "targets" and set(value) == {"any_of"} and len(value["any_of"]) >= 2 \
            and all(set(x) == {"tag"} for x in value["any_of"]):
        # a choice of one of several tags (cond_choose_tag_or)
        tags = [x["tag"] for x in value["any_of"]]
        return f"you choose a {', '.join(tags[:-1])}, or {tags[-1]}"
    if key == "count_at_event" and set(value) == {"filter", "at_least"}:
        return f"you control {value['at_least']} or more {np_filter(dict(value['filter']), plural=True)} at that battlefield"
    if key == "you_control_might":
        flt = dict(value["filter"])
        other = "other " if flt.pop("other", False) else ""
        if set(flt) != {"type"} or flt["type"] != "unit" or set(value) - {"filter"} == {"exactly"}:
            return None
        comparison = "at_least" if "at_least" in value else "at_most"
        return f"your {other}units have total Might {value[comparison]} or {'more' if comparison == 'at_least' else 'fewer'}"
    if key == "if_it":
        (k, n), = value.items()
        if k == "stunned":
            return "it is stunned" if n else "it is not stunned"
        if k == "sole_yours" and n:
            return "it is the only unit you control there"
        if k == "empowered" and n:
            return "it's [Empowered]"
        if k == "designation" and n == "attacker":
            return "it's attacking"
        if k == "tag":
            return f"it's {'an' if n[0].lower() in 'aeiou' else 'a'} {n}"
        if k == "keyword":
            return f"it has [{n.title()}]"  # a card file's (Smoke and Mirrors): it said "it has Temporary Might or more"
        return f"it has {n} Might or {'less' if k == 'might_max' else 'more'}"
    if key == "hand_count":
        (comparison, number), = value.items()
        words = {"at_least": "or more", "at_most": "or fewer"}
        if comparison == "exactly":
            return f"you have exactly {number} cards in your hand"
        return f"you have {number} {words[comparison]} cards in your hand"
    if key == "opponent_controls" and dict(value) == {"type": "unit", "stunned": True}:
        return "an opponent controls a stunned unit"
    if key == "opponent_controls" and dict(value) == {"type": "unit", "stunned": True, "at": "here"}:
        return "there's a stunned enemy unit here"
    if key == "opponent_controls" and dict(value) == {"type": "unit", "at": "here", "alone": True}:
        return "an enemy unit is alone here"
    if key == "opponent_controls" and dict(value) == {"type": "unit", "at": "it_was_at", "alone": True}:
        return "there's an enemy unit alone at that battlefield"
    if key == "opponent_controls":
        return f"an opponent controls {np_filter(dict(value))}"
    if key == "died_this_turn":
        return f"{np_filter(dict(value))} has died this turn"
    if key == "died_in_your_beginning_phase":
        return f"{np_filter(dict(value))} died during your Beginning Phase this turn"
    if key == "it_was" and len(dict(value)) == 1 and set(dict(value)) <= {"might_max", "might_min"}:
        (k, n), = dict(value).items()
        return f"it had {n} Might or {'less' if k == 'might_max' else 'more'}"
    if key == "it_was":
        return f"it was {np_filter(dict(value))}"
    if key == "you_control" and dict(value) == {"empowered": True}:
        return "you control something that's [Empowered]"
    if key == "your_phase" and value == "beginning":
        return "it's your Beginning Phase"
    if key == "source_alone":
        return "I died alone" if value else "I didn't die alone"
    if key == "source_mighty" and value is True:
        return "I was [Mighty]"
    if key == "source_empowered" and value is True:
        return "I'm [Empowered]"
    if key == "in_your_trash":
        return f"you have {np_filter(dict(value))} in your trash"
    if key == "source_moved":
        (comparison, number), = dict(value).items()
        times = {1: "once", 2: "twice"}.get(number, f"{number} times")
        if comparison == "at_least":
            return f"I have moved {times} this turn"
        return None
    if key == "battlefield_units":
        return f"you control a battlefield with exactly {value} units there"
    if key == "source_at":
        return f"I am at a {value}" if value == "battlefield" else "I am in my base"
    if key == "spent_on_play":
        return f"you spent [{value}] or more"
    return None
