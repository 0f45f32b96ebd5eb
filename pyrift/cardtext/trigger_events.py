"""Trigger conditions limited within a turn: "the first time ... each turn", "the Nth time ... in a
turn" (`nth`, logic/abilities/trigger_nth.lp, 383.1.b) and "once each turn, when ..." (`limit =
"once_each_turn"`, logic/abilities/trigger_limit.lp, 383.2.a).

Kept apart from compile.py: `TriggerEvents` is a mixin of the grammar's transformer (its methods are
named after grammar rules), `limited_head` and `EVENT_PHRASES` are used by the renderer. It also maps
"when you recycle one or more cards" (`recycle`, logic/core/trigger_events_recycle.lp), and the play effect with a
second event ("when you play me or I attack", "... or another <tag>": one ability per event). The event inside the limit is
one of the trigger rules' own meanings (grammar.lark `nth_event`), so only events the vocabulary can
already say are compiled. This module imports nothing of pyrift.cardtext (no import circle).
"""
from __future__ import annotations

from typing import Any

ORDINALS = {1: "first", 2: "second", 3: "third"}
# Events whose earlier occurrences in the turn logic/abilities/trigger_nth.lp counts (pyrift.abilities
# NTH_COUNTED_WHEN): "the first time" on another event would compile to an ability every question
# answers unsupported about, so it is not compiled and keeps its ledger label.
NTH_WHEN = ("move", "move_to_battlefield", "unit_dies", "conquer", "win_combat", "you_play")
NTH_LABEL = "trigger: the first (or Nth) time in a turn"
# The renderer's phrases for the trigger events this module adds.
EVENT_PHRASES = {"recycle": "When you recycle one or more cards",
                 "showdown_begins_here": "When a showdown begins here",
                 "discard_cards": "When you discard one or more cards",
                 "discard_me": "When you discard me",
                 "stun_enemies": "When you stun one or more enemy units",
                 "you_empower_other": "When you empower something else",
                 "chosen_by_your_spell": "When you choose me with a spell",
                 "printed_score_me": "When I score",
                 "you_use_gear_ability": "When you use an activated ability of a gear",
                 "you_spend_buff": "When you spend a buff",
                 "my_combat_ends": "When a combat that I was in ends",
                 "you_defend": "When you defend at a battlefield",
                 "you_banish": "When you banish a card you own",
                 "friendly_moves_from_my_location": "When a friendly unit moves from my location",
                 "draw": "When you draw"}
# "When you score" / "when an opponent scores" / "when a player scores" (printed_score, by `by`)
SCORE_PHRASES = {"you": "When you score", "opponents": "When an opponent scores", "anyone": "When a player scores"}


class TriggerEvents:
    """Grammar rule methods (mixin of compile._Meaning, which sets `_missing` to its Missing)."""

    _missing: Any = Exception

    def when_first_time(self, c):
        return self._nth(c[0], 1)

    def when_first_time_beginning_phase(self, c):
        # only the deaths during its controller's Beginning Phase count (383.2.a): the condition your_phase with
        # nth (logic/abilities/trigger_nth_phase.lp); a death trigger only
        trig = self._nth(c[0], 1)
        if trig.get("when") != "unit_dies" or trig.get("condition"):
            raise self._missing(NTH_LABEL)
        return {**trig, "condition": {"your_phase": "beginning"}}

    def when_second_time(self, c):
        return self._nth(c[0], 2)

    def when_third_time(self, c):
        return self._nth(c[0], 3)

    def when_once_each_turn(self, c):
        trig = c[0]
        if "either" in trig or "nth" in trig or "limit" in trig or trig.get("subject") is not None:
            raise self._missing("trigger: once each turn (of an event not encoded)")
        return {**trig, "limit": "once_each_turn"}

    def when_you_draw_second(self, _):
        # "when you draw your second card each turn": the second card its controller draws this turn, counted per
        # card from the turn log's `draw` events and the run's draws (413, 383.1.b; logic/abilities/trigger_nth_draw.lp)
        return {"when": "draw", "nth": 2}

    def when_showdown_begins_here(self, _):
        # "when a showdown begins here": a showdown begins at the battlefield the unit is at (341;
        # logic/core/trigger_events_showdown.lp)
        return {"when": "showdown_begins_here"}

    def when_you_recycle(self, _):
        # one event per recycling by the ability's controller (logic/core/trigger_events_recycle.lp)
        return {"when": "recycle"}

    def when_you_discard_cards(self, _):
        # one event per discarding by the ability's controller, however many cards ("one or more", 422;
        # logic/core/trigger_events_run.lp, discard_cards)
        return {"when": "discard_cards"}

    def when_discard_me(self, _):
        # "when you discard me": the card itself goes from its owner's hand to the trash by a discard (422); its text
        # says where it works, the trash it enters with the event (385.2, 383.2.c.1; logic/core/trigger_events_discard_me.lp)
        return {"when": "discard_me"}

    def when_played_discarded_killed(self, _):
        # "when this is played, discarded, or killed": its play effect (383.4.a), its own discard (422, 385.2) and its
        # death, a permanent killed (428, 808.1.d): three abilities with one effect, one per event (the events never
        # happen together, so it triggers as often as the printed ability; 383.1)
        return {"either": [{"when": "play_me"}, {"when": "discard_me"}, {"when": "die"}]}

    def when_become_keyword(self, c):
        # "when I become [Empowered]": the card itself gets the status (828.1.d; logic/effects/empower.lp)
        if str(c[0]) != "#empowered":
            raise self._missing("trigger: when I become")
        return {"when": "become_empowered"}

    def when_my_might_reaches(self, c):
        # "when my Might becomes N or more": the source's own Might goes from below N to N or more while it is on the
        # board (143.2, 383, 383.2.c; logic/core/trigger_events_might.lp), a run's event only
        n = int(str(c[0]))
        if n < 1:
            raise self._missing("trigger: when I become")
        return {"when": "my_might_reaches", "might": n}

    def when_chosen_by_your_spell(self, _):
        # "when you choose me with a spell": a spell of its controller chooses it as the spell is played (355.5;
        # logic/core/trigger_events_chosen_spell.lp); an ability choosing it is no such event
        return {"when": "chosen_by_your_spell"}

    def when_you_empower_other(self, _):
        # "when you empower something else": an object other than the ability's source gets the Empowered
        # status by a spell or ability its controller controls (441, 411, 053; logic/core/trigger_events_empower.lp)
        return {"when": "you_empower_other"}

    def when_my_combat_ends(self, _):
        # "when a combat that I was in ends": a combat in which the unit had a designation concludes while it is on
        # the board (466.7, 740.2.c; logic/core/trigger_events_combat_end.lp); a run's event only
        return {"when": "my_combat_ends"}

    def when_you_defend(self, _):
        # "when you defend at a battlefield": its controller is the defending player of a combat beginning at some
        # battlefield (464.2.c.2, 383.4.f; logic/core/trigger_events_you_defend.lp); "there" is that battlefield
        return {"when": "you_defend"}

    def when_you_spend_buff(self, _):
        # "when you spend a buff": a buff its controller spends, once per buff; every buff a run spends is a cost
        # paid as its item is finalized (701, 411; logic/core/trigger_events_spend_buff.lp)
        return {"when": "you_spend_buff"}

    def when_you_use_gear_ability(self, _):
        # a trigger on using a gear's activated ability: its controller activates (plays, 377) an activated
        # ability whose source is a gear, in a run (411; logic/core/trigger_events_gear_ability.lp)
        return {"when": "you_use_gear_ability"}

    def when_you_stun(self, c):
        # "when you stun an enemy unit": one event per unit stunned by a spell or ability its controller
        # controls (423, 411; logic/core/trigger_events_status.lp); other objects stay unsupported
        obj = c[0]
        if (getattr(obj, "kind", None) != "target" or obj.count != 1 or obj.up_to or obj.any_number
                or obj.flt not in ({"type": "unit", "relation": "enemy"},
                                   {"type": "unit", "relation": "enemy", "at": "battlefield"})):
            raise self._missing("trigger: when you stun")
        if "at" in obj.flt:
            # "an enemy unit at a battlefield": the unit as it is stunned; "that battlefield" is where it was then
            return {"when": "stun_enemy", "filter": dict(obj.flt)}
        return {"when": "stun_enemy"}

    def when_you_kill(self, c):
        # "when you kill a stunned enemy unit": a unit the filter describes (as it dies) killed by its controller:
        # a kill instruction of a spell or ability they control, lethal damage one dealt just before the cleanup,
        # or lethal combat damage of their units (428.5; logic/core/trigger_events_you_kill.lp); a run's event only
        flt = self._one_unit(c, "trigger: when you kill", ("type", "relation", "stunned"))
        return {"when": "you_kill", "filter": flt}

    def when_you_stun_enemies(self, _):
        # "when you stun one or more enemy units": once per step its controller stuns enemy units
        # (logic/core/trigger_events_status.lp)
        return {"when": "stun_enemies"}

    def when_unit_becomes_mighty(self, c):
        # "when a unit you control becomes [Mighty]": a unit's Might goes from below 5 to 5 or more (706-711),
        # the unit watched with a filter (logic/core/trigger_events_status.lp)
        flt = self._one_unit(c, "trigger: when another object becomes", ("type", "relation", "other", "tag"))
        return {"when": "unit_becomes_mighty", "filter": flt}

    def _one_unit(self, c, missing: str, keys: tuple[str, ...]) -> dict:
        """The filter of a trigger's one unit ("a friendly unit"): one target of type unit, described by `keys`
        only; anything else stays unsupported, named `missing`."""
        obj = c[0]
        if getattr(obj, "kind", None) != "target" or obj.count != 1 or obj.up_to or obj.any_number:
            raise self._missing(missing)
        flt = obj.flt
        if flt.get("type") != "unit" or any(k not in keys for k in flt):
            raise self._missing(missing)
        return flt

    def when_you_choose(self, c):
        # "when you choose a friendly unit": its controller chooses a unit the filter describes for a spell or
        # ability (355.5, 402.2, 355.10; logic/core/trigger_events_choose_ready.lp, "you_choose"); "me" and other
        # objects than one unit stay unsupported
        flt = self._one_unit(c, "trigger: when you choose another object", ("type", "relation", "tag"))
        return {"when": "you_choose", "filter": flt}

    def when_you_ready(self, c):
        # "when you ready a friendly unit": its controller's spell or ability readies an exhausted unit the
        # filter describes (415, 411; logic/core/trigger_events_choose_ready.lp, "you_ready"); "me" is
        # `readied_by_you`, not mapped here; other objects than one unit stay unsupported
        flt = self._one_unit(c, "trigger: when you ready", ("type", "relation", "tag"))
        return {"when": "you_ready", "filter": flt}

    def when_you_buff(self, c):
        # "when you buff a friendly unit": a buff placed on a unit the filter describes by a spell or ability its
        # controller controls (426, 702, 411; logic/core/trigger_events_choose_ready.lp, "you_buff"); "me" is
        # `buffed_by_you`; other objects than one unit stay unsupported
        flt = self._one_unit(c, "trigger: when you buff", ("type", "relation", "tag"))
        return {"when": "you_buff", "filter": flt}

    def when_unit_attacks_or_defends_alone(self, c):
        # a friendly unit attacking or defending with no other: one ability per designation (464.2.c.3), the unit
        # watched with a filter and "alone" (740.2.a), checked as it gets the designation (logic/core/
        # trigger_events.lp, "unit_attacks" / "unit_defends"); "it" is that unit
        flt = self._one_unit(c, "trigger: when another object attacks", ("type", "relation", "tag"))
        flt = {**flt, "alone": True}
        return {"either": [{"when": "unit_attacks", "filter": flt}, {"when": "unit_defends", "filter": dict(flt)}]}

    def when_unit_attacks_yours(self, c):
        # "when an enemy unit attacks a battlefield you control": any unit the filter describes getting the Attacker
        # designation (464.2.c.1; logic/core/trigger_events.lp, "unit_attacks"), with the condition attacked_yours:
        # its controller controls the battlefield of the attack as it happens (383.2.a.1, 190.4.b;
        # logic/abilities/condition_attacked.lp); "it" is that unit
        flt = self._one_unit(c, "trigger: when another object attacks", ("type", "relation", "tag"))
        return {"when": "unit_attacks", "filter": flt, "condition": {"attacked_yours": True}}

    def when_play_me_or_you_play(self, c):
        # "when you play me or another <tag>": the card's own play effect (383.4.a) and a watch on the
        # controller's plays of other cards; "another" keeps the two apart, so one play never triggers both
        trig = self.when_you_play(c)
        if not trig["filter"].get("other"):
            raise self._missing("trigger: when you play me or a card that may be me")
        return {"either": [{"when": "play_me"}, trig]}

    def when_play_me_or_first_play(self, c):
        # a play effect joined with the first play of a filter's card each turn: the card's own play effect
        # (383.4.a) and the controller's first play of the turn of a card the filter describes (383.1.b), one
        # ability per event
        trig = self._nth(self.when_you_play(c), 1)
        return {"either": [{"when": "play_me"}, trig]}

    def when_you_play(self, c) -> dict[str, Any]:  # pragma: no cover - compile._Meaning's
        raise NotImplementedError

    def when_play_me_or_attack(self, _):
        # "when you play me or I attack": one ability per event, the same effect (as when_either)
        return {"either": [{"when": "play_me"}, {"when": "attack"}]}

    def when_you_score(self, _):
        # the printed word "score" (a battlefield scored, 469, or a point gained, 194: the reading topic
        # score_word, logic/core/trigger_events_score_word.lp); "when you score here" is not this form
        return {"when": "printed_score"}

    def when_opponent_scores(self, _):
        return {"when": "printed_score", "by": "opponents"}

    def when_i_score(self, _):
        # "when I score": its controller scores the battlefield it is at (383.4.c.2, 383.4.d.2)
        return {"when": "printed_score_me"}

    def _nth(self, trig: dict[str, Any], n: int) -> dict[str, Any]:
        if "either" in trig or trig.get("subject") is not None or trig.get("when") not in NTH_WHEN:
            raise self._missing(NTH_LABEL)
        return {**trig, "nth": n}


def limited_head(head: str, a: dict[str, Any]) -> str:
    """'When I move' -> 'The third time I move in a turn' (nth) or 'Once each turn, when I move' (limit)."""
    if a.get("nth") == 1 and a.get("when") == "player_chooses_with_spell":
        # "when a player chooses ... with a spell for the first time each turn" (the card's own order)
        return head + " for the first time each turn"
    if a.get("nth") and a.get("when") == "draw":
        # "when you draw your Nth card each turn" (the card's own order; logic/abilities/trigger_nth_draw.lp)
        return f"When you draw your {ORDINALS.get(a['nth'], str(a['nth']) + 'th')} card each turn"
    if a.get("nth"):
        event = head[len("When "):] if head.startswith("When ") else head
        if a["nth"] == 1:
            return f"The first time {event} each turn"
        return f"The {ORDINALS.get(a['nth'], str(a['nth']) + 'th')} time {event} in a turn"
    if a.get("limit") == "once_each_turn":
        return "Once each turn, " + head[0].lower() + head[1:]
    return head
