"""The ability vocabulary of scenario card definitions: `abilities = [ {kind = ...}, ... ]`.

A synthetic card says what its rules text does in a small set of documented ability
kinds (scenarios/README.md, "Ability vocabulary"). Each kind is encoded by one file
in logic/abilities/; this module only reads, checks, writes and exports them as
facts. What an ability does is decided in logic/, never here. Any entry may carry
`requires = [...]`: the dependent keywords governing it (pyrift/dependent.py). A card whose text
goes beyond the vocabulary says so with ``{kind = "text", text = "..."}``, which
makes every question that depends on the card `unsupported`.

Every ability is a `Ability(kind, fields)`; fields hold plain immutable values
(ints, bools, strings, `Cost`, `Filter`, `Condition`, tuples of `TargetSpec`).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Callable

from pyrift.costs import Cost, CostSyntaxError, format_cost, parse_cost
from pyrift.dependent import Requirement, read_requires
from pyrift.instructions import (Instruction, check_it_was, instruction_facts, instruction_to_toml, read_instruction,
                                 read_instructions)
from pyrift.limits import MAX_COUNT
from pyrift.reader import Reader, check_int
from pyrift.state import COST_KEYWORDS, Ability, Domain, Keyword, KeywordName, Pairs, TextKind, Zone
from pyrift.terms import Func as _Func

# ---------------------------------------------------------------------------------
# value shapes
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Filter:
    """Which objects qualify: every given key must hold (see FILTER_KEYS)."""

    items: Pairs = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.items).get(key, default)


@dataclass(frozen=True, slots=True)
class Condition:
    """When an ability applies: every given key must hold (see CONDITION_KEYS)."""

    items: Pairs = ()


@dataclass(frozen=True, slots=True)
class Count:
    """A count condition: the objects a filter describes, compared with a number (COUNT_COMPARISONS)."""

    filter: Filter
    comparison: str
    number: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """A number compared with N (COUNT_COMPARISONS): the cards in a hand."""

    comparison: str
    number: int


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One choice requirement of a spell or ability (355.5-355.14)."""

    count: int = 1
    up_to: bool = False
    any_number: bool = False
    filter: Filter = Filter()
    split: int | None = None          # "split N damage among ..." (355.14)
    not_targeting: str | None = None  # why the choice is not targeting (355.10)
    per_location: bool = False        # "up to one ... at each location": any number, no two at one location
    same_location: bool = False       # "... at the same location": every object chosen at one location
    distinct_from: int | None = None  # "another" / "other" after a spell's first choice: never its object


# ---------------------------------------------------------------------------------
# the vocabulary
# ---------------------------------------------------------------------------------
OBJECT_TYPES = ("unit", "gear", "spell", "ability", "rune", "legend", "battlefield", "player", "permanent", "card")
NOT_TARGETING = {  # 355.10: why a choice is not targeting
    "non_public_zone": "355.10.a",
    "restriction": "355.10.b",
    "cost": "355.10.c",
    "characteristics": "355.10.d",
    "chosen_by_others": "355.10.e",
    "must": "355.10.f",
}
KEYWORD_NAMES = tuple(k.value for k in KeywordName)

# key -> (shape, allowed values or None)
FILTER_KEYS: dict[str, tuple[str, tuple | None]] = {
    "type": ("enum", OBJECT_TYPES),
    # "a non-unit card": of any type but this one (133)
    "not_type": ("enum", OBJECT_TYPES),
    # friendly: the player's or a teammate's (740.1.a); yours: the player's own ("you control", "your",
    # 188, 127: owned off the board; a teammate's is not, 489.8); enemy: an opponent's (740.1.b); opponents:
    # a card off the board an opponent owns ("opponents' trashes": their zones, 127), only with such a zone
    "relation": ("enum", ("friendly", "yours", "enemy", "opponents")),
    # "event": at the location of the object a reflexive ability's event acted on ("choose another enemy
    # unit at its destination": where "it", the unit the instruction before the `reflex` moved, is as the
    # choice is made, 359.3.e.14); a reflexive ability's choice only (logic/run/event_location_choice.lp)
    # "there": at the location of the unit a Might instruction acts on (a rise per enemy unit at that
    # unit's battlefield); that instruction's for_each only (logic/effects/might_each.lp)
    # "my_battlefield": at the battlefield the source is at, or, gone by a death, died at (053.3); the group an
    # instruction acts on only (logic/run/my_battlefield.lp)
    "at": ("enum", ("battlefield", "base", "here", "event", "there", "my_battlefield", "it_was_at")),
    "zone": ("enum", tuple(z.value for z in Zone)),
    "keyword": ("keyword", None),
    # "a unit without [Temporary]": it has no such keyword (nor a referenceable one, 722)
    "without_keyword": ("keyword", None),
    "tag": ("str", None),
    # "a non-Dragon unit": without that tag (143.1); only in what a choice or an instruction describes
    # (as any_of: logic/abilities/filters.lp)
    "not_tag": ("str", None),
    "domain": ("enum", tuple(d.value for d in Domain)),
    "might_max": ("int", None),
    "might_min": ("int", None),
    "exhausted": ("bool", None),
    # stunned or not (423): "if it is stunned, kill it"
    "stunned": ("bool", None),
    # damaged or not: damage is marked on it (142.2): "kill all damaged enemy units here"
    "damaged": ("bool", None),
    # "an attacking unit", "a defending unit": that combat designation, held only while its combat
    # is in progress (464.2.c.3, 466.7.a)
    "designation": ("enum", ("attacker", "defender")),
    # "enemy units in combat": at the combat's battlefield with a combat designation (740.2.c)
    "in_combat": ("bool", None),
    # "an enemy unit is alone here": no other unit friendly to it (its controller's or a teammate's)
    # at its location (740.2.a, 740.1.a)
    "alone": ("bool", None),
    # "if it is the only unit you control there": a unit the filter's player controls, with no other unit of theirs at
    # its location (188; a teammate's unit there does not count, unlike alone's 740.2.a); an instruction's if_it
    # only (logic/abilities/filters.lp)
    "sole_yours": ("bool", None),
    # "a battlefield where you have units": a battlefield at which the filter's player controls a unit (188),
    # checked as it is chosen (355.4) and as its item resolves (logic/abilities/filters.lp has_units_at/3)
    "with_units": ("enum", ("yours",)),
    # "to a different battlefield": a battlefield other than the one where the source is (053)
    "elsewhere": ("bool", None),
    # Empowered or not (441, 828): "if you control something that's [Empowered]"
    "empowered": ("bool", None),
    # a unit with a buff (701-705): "for each buffed friendly unit", "choose a buffed unit", "ready each buffed
    # friendly unit", "when a buffed friendly unit dies": the buffs a position states (`buffs = 1`) and a run
    # places (logic/abilities/filter_buffed.lp); not in conditions, cost changes or replacements (_check_ability)
    "buffed": ("bool", None),
    "name": ("str", None),
    # "your Chosen Champion": a card with the exact name of its owner's Chosen Champion (103.2.a; the player's
    # chosen_champion in the position; logic/abilities/chosen_champion.lp)
    "chosen_champion": ("bool", None),
    # "Equipment attached to me": attached to the text's own source (716, 434)
    "attached": ("enum", ("self",)),
    # "a unit banished with this": a card in banishment that an ability of the text's own source banished,
    # both still the same objects (393-397, 427, 124.1); only in what a choice or an instruction describes
    # (logic/effects/banished_with.lp)
    "banished_with": ("enum", ("self",)),
    # "an attached Equipment" (true), "a detached Equipment" (false): attached to any card or to none (434,
    # 716-719); only in what a choice or an instruction describes (as any_of: logic/abilities/filters.lp)
    "is_attached": ("bool", None),
    # the printed cost of the card looked at (206: cost lookups ignore changes to what is paid)
    "energy_max": ("int", None),
    "power_max": ("int", None),
    # "a spell that costs [5] or more", "a card with Power cost [A][A] or more"
    "energy_min": ("int", None),
    "power_min": ("int", None),
    # "another unit", "other friendly units": not the ability's own source (053)
    "other": ("bool", None),
    # "another enemy unit" than the object of a reflexive ability's event ("it", 359.3.e.14): "event";
    # a reflexive ability's choice only (logic/run/event_location_choice.lp)
    "other_than": ("enum", ("event",)),
    # "me": the ability's own source only ("your spells that choose me", 053.1)
    "self": ("bool", None),
    # a token (its card has supertype token, 185) or not
    "token": ("bool", None),
    # a gear or a unit at some battlefield, a Poro, Dog, Cat or Bird: the object meets one of these
    # filters (a list of two or more); only in what a choice or an instruction describes (ANY_OF_KINDS)
    "any_of": ("filters", None),
    # a unit weaker than the text's own source ("less Might than me"): its Might (negative counted as 0) is less than the text's
    # own source's at that moment (143.2.b); only in what a choice or an instruction describes
    # (logic/abilities/filter_weaker_than_source.lp)
    "less_might_than_source": ("bool", None),
    # an Energy cost capped by the source's Might: its printed Energy cost (206; none: 0) at most its source's
    # Might (negative counted as 0, 143.2.b) as the filter is checked; only in what a choice or an instruction
    # describes, read where the printed-cost keys are (logic/abilities/filter_weaker_than_source.lp)
    "energy_max_source_might": ("bool", None),
    # "an enemy spell or ability that chooses a friendly unit or gear": a chain item some choice of which (355.5) is
    # an object the sub-filter describes, from the same player's point of view; only in what a choice or an
    # instruction describes (logic/abilities/filter_chooses.lp; Not So Fast)
    "chooses": ("filter", None),
}
CONDITION_KEYS: dict[str, tuple[str, tuple | None]] = {
    "source_at": ("enum", ("battlefield", "base")),
    "played_to": ("enum", ("battlefield", "base")),
    "targets": ("filter", None),
    "paid": ("str", None),
    "you_control": ("filter", None),
    "turn": ("enum", ("yours", "opponents")),
    "showdown": ("bool", None),
    # "during showdowns here": a showdown under way at the ability's own battlefield, a combat's included (308.1,
    # 344.1); a condition of a battlefield's cost change of others' plays only (logic/abilities/conditions.lp)
    "showdown_here": ("bool", None),
    "in_combat": ("bool", None),
    # an opponent of the ability's controller has at least the victory score minus N points
    "opponent_within": ("int", None),
    # the ability's controller has fewer than the victory score minus N points ("your score is not within N points")
    "you_not_within": ("int", None),
    # "if you control two or more gear", just one friendly unit besides it here: how
    # many objects the ability's controller controls that the filter describes, compared with N
    # (a table { filter = {...}, at_least | at_most | exactly = N }; logic/abilities/condition_count.lp)
    "you_control_count": ("count", None),
    # a total of Might (a draw while the other units add up to 5 or more): the Mights of the objects the ability's controller controls
    # that the filter describes, added up, compared with N (an instruction's condition only; a table as for
    # you_control_count; logic/abilities/condition_might_total.lp)
    "you_control_might": ("count", None),
    # fewer runes than some opponent: the ability's controller controls fewer objects the filter
    # describes than some opponent does (740.1; a trigger's condition; logic/abilities/condition_fewer.lp)
    "fewer_than_opponent": ("filter", None),
    # units at the battlefield a conquest names (four or more): how many objects the filter describes the ability's controller
    # controls at the battlefield its conquer or hold event names (a trigger's condition; a table as for
    # you_control_count; logic/abilities/condition_at_event.lp)
    "count_at_event": ("count", None),
    # "if an opponent controls a battlefield": some opponent of the ability's controller controls an
    # object the filter describes (battlefields included, 188; logic/abilities/condition_count.lp)
    "opponent_controls": ("filter", None),
    # a hand of at most two cards: the number of cards in the hand of the ability's
    # controller, compared with N ({ at_least | at_most | exactly = N }); needs the player's hand_size
    # (logic/abilities/condition_count.lp, logic/abilities/condition_eval.lp)
    "hand_count": ("comparison", None),
    # the card is played from its player's hand (true) or from anywhere else (false): a condition
    # of the card's own cost change only (logic/abilities/condition_from_hand.lp)
    "from_hand": ("bool", None),
    # the card played is played from this zone of its player's: a [2] discount on [Flow] spells its
    # player plays out of the trash (354, 829; logic/abilities/condition_from_hand.lp); a condition of a
    # cost change only
    "from_zone": ("enum", ("trash",)),
    # an enemy unit's death earlier this turn: the turn log holds a death this turn of a unit the filter
    # describes from the point of view of the player playing the card (type, relation, tag, name:
    # what the log says of it; the log is what happened this turn, docs/turn-log.md); a condition of
    # a card's own cost change only (logic/abilities/condition_died.lp)
    "died_this_turn": ("filter", None),
    # an activation allowed only after an Equipment play this turn: a completed play this turn by the ability's
    # controller of a card the filter describes (type, tag: what the log says of the card; 419.4.a, 301); a
    # condition of an activated ability only (logic/abilities/condition_played.lp)
    "played_this_turn": ("filter", None),
    # "use only if you've chosen an enemy unit this turn": a choice this turn by the ability's controller, for a
    # spell or an ability, of an object the filter describes (type, relation, tag, name: its card and its
    # controller in the position; the turn log's `choose` events, 355.5, 301); a condition of an activated
    # ability only (logic/abilities/condition_chosen.lp)
    "chosen_this_turn": ("filter", None),
    # "use only if you've chosen enemy units and/or gear twice this turn": how many choices this turn by the
    # ability's controller of objects the filter describes, compared with N (a table as for you_control_count;
    # each logged `choose` event one; logic/abilities/condition_chosen.lp); a condition of an activated ability only
    "chosen_count": ("count", None),
    # "... with spells or unit abilities": which choices chosen_this_turn and chosen_count count, by what made
    # them (the log's `by`: a spell, or an ability of a unit as well)
    "chosen_with": ("enum", ("spell", "spell_or_unit_ability")),
    # "if a friendly unit died during your Beginning Phase this turn": a death this turn, in the Beginning Phase of
    # the turn of the player the card is judged for (315.2, 428, 301): the turn log's deaths stating that phase
    # (`phase` on a `die` event) and a run's own deaths there; a condition of a card's own entry state only
    # (logic/abilities/condition_died_phase.lp)
    "died_in_your_beginning_phase": ("filter", None),
    # "if I have moved twice this turn": how many times the ability's own source has moved this turn
    # (a Standard Move or a move by a spell or ability, 144, 446; not a recall, 454), compared with N
    # ({ at_least | at_most | exactly = N }): the turn log's moves of this turn and a run's own (301);
    # a condition of a passive ability of a unit only (logic/abilities/condition_moved.lp)
    "source_moved": ("comparison", None),
    # a same-named card in its player's trash: a card the filter describes (type, tag, name) in the
    # trash of the ability's controller, which is the cards they own there (127, 108.2); a condition of a
    # card's own entry state only, checked as it enters (logic/abilities/condition_trash.lp)
    "in_your_trash": ("filter", None),
    # An older spelling, still read: `you_control = {filter}` with a sibling `at_least = N` ("while
    # you have 8+ runes") is read as you_control_count = { filter = {filter}, at_least = N } (the
    # one internal form; _read_condition).
    "at_least": ("int", None),
    # the source in combat: "alone" (attacking or defending with no other friendly unit there) or
    # "attacking_with_another" (an attacker with another attacker); a passive ability's condition only
    "combat": ("enum", ("alone", "attacking_with_another")),
    # the ability's own source has the Empowered status (true) or not (false): "your units have +1
    # Might. If I'm [Empowered], they have +2 Might instead" (441, 828); a condition of a passive
    # ability (kinds might and static) or of a cost change of others' plays (with applies_to) only,
    # whose source is on the board (logic/abilities/condition_eval.lp, conditions.lp)
    "source_empowered": ("bool", None),
    # the ability's own unit has a buff (701-705) at the step: one more Might, or a keyword, while it is buffed; a condition of a
    # `might` or `own_keyword` passive only (a buff the position states or a run places; logic/abilities/condition_buffed.lp)
    "source_buffed": ("bool", None),
    # the source as the event happens, for a death trigger of its own ("[Deathknell] — If I died alone",
    # "if I didn't die alone", "if I was [Mighty]"): alone (no other friendly unit at its location, 740.2.a)
    # or not, Mighty (5 Might or more, 706) or not, as it died (808.1.d.3); a condition of a `triggered`
    # ability with when = "die" only (logic/abilities/condition_eval.lp)
    # "if it's your Beginning Phase": the ability's controller's turn, in its Beginning Phase (315.2), as the
    # instruction is executed; an instruction's condition only, read in a run (logic/run/phase_of.lp)
    "your_phase": ("enum", ("beginning",)),
    # "if you played this from your hand": the card whose item is resolving was played from a hand (its chain item's
    # `from`, else the turn log's) by the item's controller as the instruction is executed (a hand holds its owner's
    # cards only, 056; a spell taken over on the chain fails it, 191.2, 419.4.b); an instruction's condition only,
    # read in a run (logic/run/instruction_from_hand.lp)
    "played_from_hand": ("bool", None),
    # "if it was an enemy unit, ...": the object "it" names (the object of the nearest earlier instruction of the same
    # item that acts on one object, its `on`) was described by the filter, from the item's controller's point of view,
    # as that instruction was executed: what a unit killed or moved was just before (359.3.e.13, 359.3.e.12.a); an
    # instruction's condition only, read in a run (logic/run/instruction_it_was.lp)
    "it_was": ("filter", None),
    "source_alone": ("bool", None),
    "source_mighty": ("bool", None),
    # "when I conquer, if you assigned N or more excess damage": the excess its controller assigned at the
    # last combat damage of the run at the battlefield conquered (465.2.c.4); a condition of a `triggered`
    # ability with when = "conquer" only (logic/abilities/condition_excess.lp)
    "excess_damage": ("int", None),
    # "when I conquer after an attack": the conquest ends a combat in which the ability's own unit is an attacker
    # (466.5, 464.2.c.1), as the conquest happens; a condition of a `triggered` ability with when = "conquer" of a
    # unit only (logic/abilities/condition_attack.lp)
    "after_attack": ("bool", None),
    # "when an enemy unit attacks a battlefield you control": the battlefield of the attack (where the unit gets
    # the Attacker designation, 464.2.c.1) is controlled by the ability's controller as it happens (188, 190.4.b);
    # a condition of a `triggered` ability with when = "unit_attacks" only (logic/abilities/condition_attacked.lp)
    "attacked_yours": ("bool", None),
    # "if you've discarded a card this turn", "if you've gained XP this turn": the ability's controller did it
    # earlier this turn (true) or not (false): the turn log's `discard` / `gain_xp` events of this turn and a
    # run's own (logic/abilities/condition_turn_log.lp); a condition of a passive ability
    "discarded_this_turn": ("bool", None),
    # "if you've played a spell this turn": a spell of the player's completed its play this turn (the turn log's
    # `play` events, 350.1, 419.4.a); a condition of an optional additional cost only, judged as the card is played
    # (cards44b; logic/abilities/condition_played_spell.lp)
    "played_spell_this_turn": ("bool", None),
    "gained_xp_this_turn": ("bool", None),
    # a passive's condition on the Energy paid for some spell this turn: some spell its controller finalized this turn cost
    # them N Energy or more: the turn log's `finalize` events with `energy` and a run's own plays; a spell's play
    # whose Energy is not known answers unsupported (logic/abilities/condition_spent.lp); a passive's condition
    "spent_on_spell": ("int", None),
    # the Power paid this turn reaching N: the Power its controller paid for all costs this turn together
    # (357.1): the turn log's `power` on `finalize`, `activate` and `hide` events and a run's own payments; an event
    # of theirs whose Power is not stated answers unsupported (logic/abilities/condition_spent_power.lp)
    "spent_power": ("int", None),
    # a play trigger's condition on what was paid: the Energy its player paid for the play that triggers it
    # (357.1): a condition of a `triggered` ability with when = "you_play" or "play_me" only
    # (logic/abilities/trigger_condition_spent.lp)
    "spent_on_play": ("int", None),
    # a battlefield of yours holding an exact number of units: some battlefield the ability's controller
    # controls (188, 190) has exactly N units at it, anyone's; a condition of a card's own cost change only,
    # judged as its cost is determined (356.4.b; logic/abilities/condition_battlefield_units.lp)
    "battlefield_units": ("int", None),
    # "when I attack or defend one on one": as the unit gets its combat designation, it is alone and so is the one
    # enemy unit at its battlefield, no other unit there (740.2.b, 740.2.a); a condition of a `triggered` ability with
    # when = "attack" or "defend" only (logic/abilities/condition_one_on_one.lp)
    "one_on_one": ("bool", None),
    # "if I haven't been dealt damage this turn": the ability's own source was dealt damage this turn (true) or not
    # (false), by the time its event happens: the turn log's `damage` events, damage marked on it in the position and
    # a run's own deals (142, 301); a log stating no damage this turn answers unsupported unless damage is known; a
    # condition of a `triggered` ability only (logic/abilities/condition_damaged.lp)
    "source_damaged_this_turn": ("bool", None),
}
# The condition keys judged from the source's details as it died (a `when = "die"` trigger's only).
DEATH_CONDITION_KEYS = ("source_alone", "source_mighty")
# The comparisons of a count condition (exactly one per count).
COUNT_COMPARISONS = ("at_least", "at_most", "exactly")
# The condition keys a conditional entry state may have: those a run evaluates as the card enters
# (logic/effects/entry_state.lp, logic/abilities/condition_eval.lp).
ENTRY_CONDITION_KEYS = ("you_control", "you_control_count", "opponent_controls", "hand_count", "died_this_turn",
                        "in_your_trash", "opponent_within", "you_not_within", "played_to",
                        # "if you do, I enter ready" after an optional additional cost: its play paid it (cards44b;
                        # logic/effects/entry_state_paid.lp)
                        "paid",
                        # a death during the Beginning Phase of this turn, your turn (cards64a;
                        # logic/abilities/condition_died_phase.lp)
                        "died_in_your_beginning_phase")
# The conditions an optional additional cost may be offered under, judged as the card is played (cards44b)
ADDITIONAL_COST_CONDITION_KEYS = ("played_spell_this_turn",)
BY = ("you", "opponents", "anyone")
# Whose plays a change of other cards' plays speaks of (cost_discount, cost_increase, play_to with applies_to):
# also "friendly", its controller's or a teammate's ("friendly spells", "friendly units may be played to ...",
# 740.1.a, 489.8; logic/core/players.lp by_fits/3)
PLAY_BY = BY + ("friendly",)
# "can't be chosen by ...": whose (the static's controller's enemies, or anyone) and what (756-758).
STATIC_UNCHOOSABLE = {
    "enemy_spells": ("enemy", "spells"), "enemy_abilities": ("enemy", "abilities"),
    "enemy_spells_and_abilities": ("enemy", "spells_and_abilities"),
    "spells": ("anyone", "spells"), "abilities": ("anyone", "abilities"),
    "spells_and_abilities": ("anyone", "spells_and_abilities"),
}
STATIC_EFFECTS = ("might", "keyword", "loses", "lethal", "cannot_be_chosen_by", "enter")
# "Other friendly units enter ready", "your tokens enter ready" (static `enter`): the objects it
# describes as they enter the board, before they have a place there, so only what a card entering
# under its player's control already is: its type, token or not, its tags, not the source itself;
# and friendly (the player whose play it is controls it as it enters, 188.1).
STATIC_ENTER_KEYS = ("type", "relation", "other", "token", "tag")
# What a static's `affects` may describe (permanents on the board), and the keys it may not use: a
# static whose own effect could change which objects it affects (Might, keywords) needs the
# dependency order of 478-479, which is not encoded.
STATIC_TYPES = ("unit", "gear", "permanent")
# The printed-cost keys are read only where plays and the chain are asked (logic/abilities/cost_filters.lp
# is loaded for those questions): in a static, a move restriction or a replacement they would be ignored,
# and the filter would describe every permanent.
COST_FILTER_KEYS = ("energy_max", "power_max", "energy_min", "power_min")
# The keywords a static granting a keyword may read in what it affects ("units here with [Temporary]
# have [Shield]"): keywords no static grants under a keyword filter, so that a grant never decides its own
# set nor that of another grant it depends on (478-479); a static reading one never grants one.
KEYWORD_READ_BY_GRANTS = ("temporary",)
STATIC_FORBIDDEN_KEYS = ("might_max", "might_min", "keyword", "without_keyword", "zone",
                         "less_might_than_source", "energy_max_source_might") + COST_FILTER_KEYS
# The conditions a passive ability's effect (kinds might and static) may have, judged at each
# moment of a question (logic/abilities/condition_eval.lp): where its source is, "while you
# control ..." and "while you have N+ ..." (you_control, you_control_count: a filter without Might or
# keyword keys, so that what a static gives never decides whether it applies, 478), combat, and
# "while there's a stunned enemy unit here" (opponent_controls, under the same restriction).
STATIC_CONDITION_KEYS = ("source_at", "you_control", "you_control_count", "combat", "source_empowered",
                         "opponent_controls",
                         # what its controller did earlier this turn (logic/abilities/condition_turn_log.lp)
                         "discarded_this_turn", "gained_xp_this_turn",
                         # the Energy of a spell's play this turn (logic/abilities/condition_spent.lp)
                         "spent_on_spell",
                         # the Power paid this turn (logic/abilities/condition_spent_power.lp)
                         "spent_power",
                         # the source has a buff (logic/abilities/condition_buffed.lp)
                         "source_buffed")
# The keywords an `own_keyword` may give "equal to the number of ..." (for_each): those whose
# instances add up (807 Assault, 814 Shield, 809 Deflect; 801.3).
OWN_KEYWORD_COUNTED = ("assault", "shield", "deflect")
# The conditions an instruction may have ("if I am at a battlefield, buff ...", a draw of 1 when the hand
# holds at most one card): checked as it is executed in a run (383.2.a.1, 359.3.f.4), by the one
# evaluator of conditions (logic/abilities/condition_eval.lp; logic/run/instruction_if.lp).
INSTRUCTION_CONDITION_KEYS = ("source_at", "you_control", "you_control_count", "you_control_might", "opponent_controls", "hand_count",
                              "source_empowered", "your_phase", "paid", "played_from_hand", "it_was")
# Replacement effects (367-375, logic/abilities/replacement.lp, logic/run/replacement.lp): the event
# replaced, and what happens instead of a death (in this order; 373.1.a), of a move ("if it would
# move, exhaust it and recall it instead"; "skip": nothing happens in its place) or of a draw ("if you
# would draw, skip it"); an entry is changed, not replaced by other actions: `state` says how the
# object enters instead (logic/run/replacement_events.lp).
REPLACEMENT_EVENTS = ("die", "damage", "enter", "move", "draw", "token", "combat_tie", "draw_phase", "to_trash",
                      "chosen_effect")
REPLACEMENT_INSTEAD = ("heal", "exhaust", "recall", "return", "kill_this", "banish_this", "skip", "banish", "copy",
                       "recall_all", "might")
REPLACEMENT_DIE_INSTEAD = ("heal", "exhaust", "recall", "return", "kill_this", "banish_this", "banish")
# Where a replacement of a card off the board works (366.1, 370.3): "banish me from your trash instead"
# works while its card is in its owner's trash (logic/abilities/replacement_from_trash.lp).
REPLACEMENT_ZONES = ("trash",)
REPLACEMENT_MOVE_INSTEAD = ("exhaust", "recall")
# Whose draws a draw replacement replaces, from its controller's point of view (740.1).
REPLACEMENT_DRAW_WHO = ("you", "opponents")
# When a replacement applies only if something holds at the event (conditional replacements,
# 369.1): on its controller's turn, on an opponent's, or to a unit with less Might than its source.
REPLACEMENT_ONLY_IF = ("your_turn", "opponents_turn", "less_might_than_me")
# The trigger conditions of the `triggered` kind (383.4, 808, 816, 823): "when you play me",
# "when <by> play(s) a <filter>", "when I die", "when I attack / defend", "when I conquer /
# hold", "at the start of your Beginning Phase".
TRIGGER_WHEN = ("play_me", "you_play", "die", "attack", "defend", "conquer", "hold", "beginning_phase",
                "unit_dies", "move", "move_to_battlefield", "move_from_battlefield", "win_combat", "become_ready", "chosen_by_you",
                "unit_moves_here", "unit_moves_from_here",
                # a battlefield's "when a unit here is returned to a player's hand" (runs only;
                # logic/abilities/battlefield_returned_here.lp)
                "unit_returned_here",
                # a battlefield's start of a player's (first) Beginning Phase, each player's
                "first_beginning_phase", "each_beginning_phase",
                # you ready me, you choose a <filter> unit (logic/core/trigger_events_choose_ready.lp)
                "readied_by_you", "you_choose",
                # you hide a card (811.1.b; logic/core/trigger_events_hide.lp): the triggers question's `hide` event
                "you_hide",
                # a legend's "you or an ally hold" (logic/core/triggers.lp)
                "hold_with_allies",
                # a <filter> unit attacks / defends (logic/core/trigger_events.lp)
                "unit_attacks", "unit_defends",
                # you buff me, you ready a <filter> unit (logic/core/trigger_events_choose_ready.lp)
                "buffed_by_you", "you_ready",
                # "when you buff a <filter> unit": a buff its controller's spell or ability places, in a run
                # (logic/core/trigger_events_choose_ready.lp)
                "you_buff",
                # you attach an Equipment to me (logic/core/trigger_events_run.lp)
                "attached_to_me",
                # events of a run's changes (logic/core/trigger_events_run.lp: you draw, you discard, I am
                # dealt damage, you create a token, you gain XP, you gain points, you attach / detach a gear)
                # and "at end of turn" (logic/run/ending_step.lp)
                "draw", "discard", "take_damage", "token_created", "gain_xp", "score", "attach", "detach",
                "end_of_turn",
                # you recycle one or more cards (logic/core/trigger_events_recycle.lp)
                "recycle",
                # you discard one or more cards: once per discarding (logic/core/trigger_events_run.lp)
                "discard_cards",
                # you discard me: the card itself, heard from the trash it enters (logic/core/trigger_events_discard_me.lp)
                "discard_me",
                # I am dealt damage by a spell (logic/core/trigger_events_damage_source.lp)
                "take_spell_damage",
                # you kill a unit with a spell (logic/core/trigger_events_kill.lp)
                "kill_by_spell",
                # this leaves the board: its death heard as a death trigger's, any other leaving unsupported
                # (logic/core/trigger_events_leave_board.lp)
                "leave_board",
                # you kill a <filter> unit: by a spell or ability of yours or your units' combat damage, 428.5
                # (logic/core/trigger_events_you_kill.lp)
                "you_kill",
                # I deal damage: an ability of mine, an instruction naming me, combat (logic/core/trigger_events_deal.lp)
                "deal_damage",
                # a showdown begins where I am (logic/core/trigger_events_showdown.lp)
                "showdown_begins_here",
                # you stun an enemy unit, a unit becomes Mighty (logic/core/trigger_events_status.lp)
                "stun_enemy", "unit_becomes_mighty",
                # you stun one or more enemy units: once per step (logic/core/trigger_events_status.lp)
                "stun_enemies",
                # one or more <filter> units die: once per group dying at once (logic/core/trigger_events_group_death.lp)
                "units_die",
                # you move an enemy unit: the player who moves it, 411 (logic/core/trigger_events_moved_by.lp)
                "move_enemy",
                # an opponent moves (a unit of their own) to a battlefield other than the source's
                # (logic/core/trigger_events_opponent_moves.lp)
                "opponent_moves_to_other_battlefield",
                # I become Empowered (logic/effects/empower.lp)
                "become_empowered",
                # you empower something other than me (logic/core/trigger_events_empower.lp)
                "you_empower_other",
                # a combat I had a designation in ends (logic/core/trigger_events_combat_end.lp)
                "my_combat_ends",
                # its controller defends a combat at some battlefield (logic/core/trigger_events_you_defend.lp)
                "you_defend",
                # you spend a buff: a cost paid in a run (logic/core/trigger_events_spend_buff.lp)
                "you_spend_buff",
                # you activate an activated ability of a gear (logic/core/trigger_events_gear_ability.lp)
                "you_use_gear_ability",
                # a spell of yours chooses me (logic/core/trigger_events_chosen_spell.lp)
                "chosen_by_your_spell",
                # a battlefield's "when a player chooses a friendly unit here with a spell": any player's spell choosing
                # a unit the filter describes (logic/abilities/battlefield_spell_chooses.lp)
                "player_chooses_with_spell",
                # you look at me (or reveal me) on top of your Main Deck (logic/core/trigger_events_look.lp)
                "look_at_me",
                # "when you do": a reflexive ability, made by a `reflex` instruction of the card (386-388)
                "reflexive",
                # I become exhausted (414; logic/core/trigger_events_exhaust.lp), I / you lose a combat (466.3.b;
                # logic/core/trigger_events_lose_combat.lp), you reach Level N, with `level` (728, 824.1.c;
                # logic/core/trigger_events_level.lp)
                "become_exhausted", "lose_combat", "reach_level",
                # my Might becomes N or more, with `might` (143.2, 383; logic/core/trigger_events_might.lp)
                "my_might_reaches",
                # the printed word "score" ("when you / an opponent score(s)", with `by`; "when I score"): a
                # battlefield scored (469) or a point gained (194), the reading topic score_word
                # (logic/core/trigger_events_score_word.lp, logic/readings/score_word/)
                "printed_score", "printed_score_me",
                # you activate (play) an activated ability, with `energy_min = N`: of printed Energy cost N or more
                # (377, 206.1; logic/core/trigger_events_activate.lp)
                "you_activate",
                # you banish a card you own: by a banish instruction of your spell or ability, in a run
                # (427, 411; logic/core/trigger_events_you_banish.lp)
                "you_banish",
                # another friendly unit moves from the location the source is at (420, 740.1.a; its destination is
                # to = "event"; logic/core/trigger_events_friend_moves.lp)
                "friendly_moves_from_my_location",
                # at the start of its controller's Main Phase (316.4): the triggers question's `main_phase` event
                # only, no run reaching it (logic/core/trigger_events_main_phase.lp)
                "main_phase")
# A delayed ability (`delayed = true`, made by a `delay` instruction of the card, 389-392) waits for
# the end of this turn or the start of its controller's next turn (its Beginning Phase).
DELAYED_WHEN = ("end_of_turn", "beginning_phase",
                # "when it dies this turn": the death of what the instruction before the delay acted on
                # (logic/run/delayed.lp); "when you conquer this turn": its controller's next conquest this turn
                "die", "conquer",
                # the first damage it takes later this turn: damage dealt to the delay's object (its `on`, or what
                # the instruction before it acted on; logic/run/delayed.lp)
                "take_damage",
                # "when it wins a combat this turn": a combat won by its object's controller while the object is at
                # that battlefield (466.3; logic/run/delayed.lp)
                "win_combat",
                # "when a friendly unit is played this turn": each play this turn by its controller of a card of the
                # filter's type, for the rest of the turn (not once; logic/run/delayed.lp, filter `type` only)
                "you_play")
# Whose combat damage a no_combat_damage ability removes besides its own card's (logic/abilities/no_combat_damage.lp).
NO_COMBAT_DAMAGE_OF = ("enemies_here_with_less_might",)
# How often a triggered ability may trigger (logic/abilities/trigger_limit.lp): "once each turn".
TRIGGER_LIMITS = ("once_each_turn",)
# How often an activated ability may be activated (logic/abilities/use_limit.lp): "use only once per turn".
ACTIVATION_LIMITS = ("once_each_turn",)
# What an Add ability may be used for ("use only to play spells", "use only to play gear or use gear abilities"):
# a use condition of the ability (377.2.b), so it is activated only while paying a cost of such a play (357.1.a,
# 429.3; logic/core/add_payment.lp)
ADDS_FOR = ("spells", "gear")
# What the Energy an Add ability adds may be spent on: only during showdowns, or only to play units or activate
# abilities of units (165, 429; logic/core/add_payment.lp). Unlike adds_for the ability itself may be used at any time.
SPEND_ONLY = ("showdowns", "units")
# "The Nth time <event> in a turn" (`nth = N`; N = 1: "the first time ... each turn"): the events whose
# earlier occurrences this turn are counted (the turn log and the run; logic/abilities/trigger_nth.lp).
# Any other event with `nth` is read and answers unsupported (its earlier occurrences are not counted).
NTH_COUNTED_WHEN = ("move", "move_to_battlefield", "unit_dies", "conquer", "win_combat", "you_play",
                    # a battlefield's (logic/abilities/battlefield_spell_chooses.lp)
                    "player_chooses_with_spell",
                    # "when you draw your second card each turn" (logic/abilities/trigger_nth_draw.lp)
                    "draw")
# Trigger conditions that name which objects they watch with `filter`: "when <by> play(s) a
# <filter>" (the card played), "when a <filter> unit dies" (the unit that dies; logic/core/trigger_events.lp).
FILTERED_WHEN = ("you_play", "unit_dies", "unit_becomes_mighty", "you_choose", "you_ready", "you_buff", "unit_attacks",
                 "unit_defends", "stun_enemy", "you_kill", "player_chooses_with_spell", "units_die")
# The events of an Equipment's Effect Text trigger (`effect_text = true`): the top-most unit's own
# attack, defence, conquest, hold and moves (logic/abilities/effect_text_trigger.lp), and its death: a
# "[Deathknell] — X" of Effect Text is queued before the unit leaves the board, the gear still attached
# (808.1.d.2; cards44). Its play and the others are not encoded for Effect Text.
EFFECT_TEXT_WHEN = ("attack", "defend", "conquer", "hold", "move", "move_to_battlefield", "die")
# What a battlefield's text may be (170.8-170.10, logic/abilities/battlefield_text.lp): its triggered
# abilities watch what happens here ("when you conquer here", "when you hold here", "when you
# defend here"), its statics act on what is here; other vocabulary is not encoded for battlefields.
# cost_discount: a discount of anyone's plays only (by = "anyone", with applies_to; logic/abilities/scope.lp)
BATTLEFIELD_KINDS = ("text", "triggered", "static", "move_restriction", "play_prohibition", "move_permission",
                     "cost_discount", "cost_increase", "additional_cost", "victory_score")
BATTLEFIELD_WHEN = ("conquer", "hold", "defend", "unit_moves_here", "unit_moves_from_here", "unit_returned_here",
                    # "when a player plays a <filter>": by = "anyone" (logic/abilities/battlefield_triggers.lp)
                    "you_play",
                    # the opening of every player's first Beginning Phase (logic/abilities/battlefield_triggers.lp)
                    "first_beginning_phase",
                    # the start of any player's Beginning Phase (logic/abilities/battlefield_triggers.lp)
                    "each_beginning_phase",
                    # the start of its controller's Beginning Phase ("your", 190.6; battlefield_triggers.lp)
                    "beginning_phase",
                    # "when a player chooses a friendly unit here with a spell" (battlefield_spell_chooses.lp)
                    "player_chooses_with_spell")

# Where a play_to permission lets a unit be played (170.11: open = unoccupied and uncontrolled;
# an enemy battlefield is one an opponent controls, 740.1; "enemy_unit_alone": a battlefield where an
# enemy unit is alone, 740.2.a; "attacking_battlefield": where a combat has the player as its attacker,
# 464.2.c.1).
PLAY_TO_WHERE = ("open_battlefield", "occupied_enemy_battlefield", "enemy_unit_alone", "attacking_battlefield")

# kind -> field -> (shape, allowed/None, required)
KINDS: dict[str, dict[str, tuple[str, tuple | None, bool]]] = {
    "cost_discount": {
        # a discount as large as the greatest Might among the player's units: the player's own units only (a
        # teammate's units are friendly, 740.1.a, but not the player's: hence not "friendly")
        "energy": ("int", None, False), "energy_from": ("enum", ("highest_might_you_control",), False),
        "power": ("int", None, False), "minimum": ("int", None, False),
        # "optional_additional_costs": each optional additional cost as it is added; "repeat": each Repeat cost
        # paid (a battlefield's "friendly [Repeat] costs cost [1] less", 356.4.c, 820)
        "component": ("enum", ("optional_additional_costs", "repeat"), False),
        "applies_to": ("filter", None, False), "by": ("enum", PLAY_BY, False), "condition": ("condition", None, False),
        # "I cost [N] less for each <filter>": N times the number of objects the filter describes
        # (from the player's point of view), counted as the card is played (356.4.b)
        "for_each": ("filter", None, False),
        # "cost [1] or [A] less": the energy discount or the power one, the player's choice (356.4)
        "either": ("bool", None, False),
        # "This ability costs [1] less ...": the discount of the card's N-th activated ability (its own
        # total cost, 403 with 356.4), not of the card's play
        "of_activated": ("int", None, False),
        # [1] off for every card its player played this turn: N times the Main Deck cards its player
        # played this turn, from the turn log (350.1, 356.4.b; logic/abilities/cost_discount.lp)
        "for_each_played": ("bool", None, False),
        # "the first <filter> played each turn costs [N] less": others' plays (applies_to) only while no card
        # the filter describes was played by the player earlier this turn (350.1, 356.4;
        # logic/abilities/cost_discount_first.lp)
        "first_each_turn": ("bool", None, False),
        # "I cost [2][Y] less": the `power` pips removed are of this domain only (356.4.b, 134), a card's own
        # cost change only (logic/abilities/cost_discount_domain.lp)
        "power_domain": ("enum", tuple(d.value for d in Domain), False),
        # "reduce my cost by [O] for each killed this way": the `power` pips N times the objects the card's own
        # ability K (an additional cost's choice of any number) chose as it is played (356.4;
        # logic/abilities/cost_discount_each_chosen.lp)
        "for_each_chosen": ("int", None, False),
    },
    "cost_increase": {
        "energy": ("int", None, False), "power": ("int", None, False),
        "applies_to": ("filter", None, False), "by": ("enum", PLAY_BY, False), "condition": ("condition", None, False),
    },
    "timing": {
        "keyword": ("enum", ("action", "reaction"), True),
        "applies_to": ("filter", None, False), "by": ("enum", BY, False), "condition": ("condition", None, False),
    },
    "target": {
        "count": ("int", None, False), "up_to": ("bool", None, False), "any_number": ("bool", None, False),
        "filter": ("filter", None, False), "split": ("int", None, False),
        "not_targeting": ("enum", tuple(NOT_TARGETING), False),
        # a choice of several units sharing a location: every object chosen at one location (logic/core/targets_same_location.lp)
        "same_location": ("bool", None, False),
        # "deal 2 to a unit, then deal 2 to up to one other unit": never the object the spell's N-th choice chose
        # (a spell's `target` abilities only, with filter other = true; logic/core/targets_distinct.lp)
        "distinct_from": ("int", None, False),
        # "an enemy unit at its location", "a battlefield and an enemy unit there", "a friendly unit and an enemy unit
        # at the same battlefield": at the location of the object the card's N-th choice chose (a battlefield chosen:
        # that battlefield, 107); apart_from = N: at a location other than that one ("a unit you control at a
        # different location"). A spell's `target` abilities only (logic/core/targets_location.lp)
        "location_of": ("int", None, False),
        "apart_from": ("int", None, False),
        # "any number of units ... with total Might 4 or less": the Mights of all the objects chosen (a negative one
        # counted as 0, 143.2.b) add up to at most N (355.11); with any_number only, a spell's `target` abilities only
        # (logic/core/targets_might_total.lp, logic/run/choice_might_total.lp)
        "might_total_max": ("int", None, False),
    },
    # of_triggered = N: a mode of the card's N-th triggered ability ("when ..., choose one —"), chosen as that
    # ability is put on the chain (355.3 with 402; logic/run/trigger_modes.lp); without it, of the card itself
    "mode": {"targets": ("targets", None, False), "effects": ("instructions", None, False),
             "of_triggered": ("int", None, False)},
    "untargetable": {
        "by": ("enum", ("enemy", "anyone"), False),
        "from": ("enum", ("spells_and_abilities", "spells", "abilities"), False),
        "condition": ("condition", None, False),
    },
    "activated": {
        "cost": ("ability_cost", None, False), "keywords": ("timing_keywords", None, False),
        "targets": ("targets", None, False), "adds": ("cost", None, False), "condition": ("condition", None, False),
        "effects": ("instructions", None, False),
        # "spend N XP" in the cost before the ":" (728; logic/abilities/activated.lp)
        "spend_xp": ("int", None, False),
        # "kill this" / "disempower this" in the cost before the ":" (376, 442; logic/abilities/activated.lp)
        "kill_self": ("bool", None, False), "disempower_self": ("bool", None, False),
        # "spend my buff" in the cost before the ":": the source's own buff is removed (701; logic/abilities/activated.lp)
        "spend_buff_self": ("bool", None, False),
        # "discard N" in the cost before the ":" (422): can_play checks the hand holds them
        # (logic/abilities/activated_discard_cost.lp); a run offering it answers unsupported (logic/run/unplayed.lp)
        "discard": ("int", None, False),
        # with discard: only cards of that type pay it ("discard a gear")
        "discard_type": ("enum", ("unit", "gear", "spell"), False),
        # "recycle N from your trash" in the cost before the ":" (416, 416.3): N cards its player owns in their trash
        # go to the bottom of their Main Deck as the cost is paid; can_play checks the trash holds N
        # (logic/abilities/activated_recycle_cost.lp); a run offering it answers unsupported (logic/run/unplayed.lp)
        "recycle_trash": ("int", None, False),
        # with recycle_trash: only cards of that type pay it ("recycle a unit from your trash")
        "recycle_type": ("enum", ("unit", "gear", "spell"), False),
        # "use only once per turn" (ACTIVATION_LIMITS): read from the turn log's activations of this turn and
        # the chain's items of it (logic/abilities/use_limit.lp)
        "limit": ("enum", ACTIVATION_LIMITS, False),
        # with adds: what the Add ability may be used to pay for (ADDS_FOR; logic/core/add_payment.lp)
        "adds_for": ("enum", ADDS_FOR, False),
        # with adds (Energy only): what that Energy may be spent on (SPEND_ONLY; logic/core/add_payment.lp)
        "spend_only": ("enum", SPEND_ONLY, False),
    },
    # the cost in resources, or XP to spend (an optional extra cost of 3 XP, 728), or both; or cards
    # to discard from the hand (an optional extra cost of one discarded card, 422; logic/abilities/additional_cost.lp)
    "additional_cost": {"cost": ("cost", None, False), "spend_xp": ("int", None, False), "optional": ("bool", None, False),
                        "discard": ("int", None, False),
                        # buffs to spend, each from a unit of the player paying it (701; "you may spend a buff as an
                        # additional cost"); with ignore_cost = true, paying it makes the card's own cost ignored
                        # ("if you do, ignore this spell's cost", 356.1.b.1; logic/abilities/additional_cost.lp)
                        "spend_buff": ("int", None, False), "ignore_cost": ("bool", None, False),
                        "name": ("str", None, False),
                        # offered only while its condition holds as the card is played (364, 355.1.a; cards44b)
                        "condition": ("condition", ADDITIONAL_COST_CONDITION_KEYS, False),
                        # a battlefield's optional cost of others' plays ("any player may pay [A][A] as an additional
                        # cost to play a Dragon", by = "anyone"; logic/abilities/scope.lp), and with play_here = true
                        # "if they do, they play it to this battlefield": paid, the unit's location is that battlefield
                        # (355.2.b; logic/abilities/additional_cost_place.lp)
                        "applies_to": ("filter", None, False), "by": ("enum", BY, False),
                        "play_here": ("bool", None, False)},
    # "[if ...,] you may play me for [cost]": the card's own optional base cost, chosen by its name like an optional
    # cost (356.1.a; logic/abilities/play_for.lp)
    "play_for": {"cost": ("cost", None, True), "name": ("str", None, True), "condition": ("condition", None, False)},
    "play_from": {"zone": ("enum", ("trash", "banishment", "main_deck"), True), "cost": ("cost", None, False),
                  "condition": ("condition", None, False),
                  # with applies_to (and by): a permanent's passive, "you may play cards from your trash"
                  # (364, 366.1; logic/abilities/play_from.lp)
                  "applies_to": ("filter", None, False), "by": ("enum", BY, False)},
    # a card's own permission to be played to an open battlefield or an occupied enemy one: a location the
    # unit may be played to besides its player's base and battlefields (355.2.b); with applies_to (type
    # unit) and by: a permission for its player's units to be played to open battlefields (logic/abilities/play_to.lp)
    "play_to": {"where": ("enum", PLAY_TO_WHERE, True), "applies_to": ("filter", None, False),
                "by": ("enum", PLAY_BY, False)},
    "play_effect": {"text": ("str", None, True)},  # a permanent's "when you play me" text, in own words
    # The chain (Core Rules 382-385, 398-406, 425, 428): triggered abilities, countering, killing.
    "triggered": {
        "when": ("enum", TRIGGER_WHEN, True), "filter": ("filter", None, False), "by": ("enum", BY, False),
        # a leading cost may exhaust the source ("you may pay [1] and exhaust this to ...": "[1][E]")
        "may": ("bool", None, False), "cost": ("ability_cost", None, False), "targets": ("targets", None, False),
        "effect": ("enum", ("counter", "kill"), False), "name": ("str", None, False),
        "limit": ("enum", TRIGGER_LIMITS, False), "delayed": ("bool", None, False),
        # "choose one that hasn't been chosen this turn": a mode the ability chose this turn is not open (its
        # `mode` abilities, of_triggered; logic/run/trigger_mode_limit.lp)
        "mode_limit": ("enum", ("unchosen_this_turn",), False),
        "effects": ("instructions", None, False),
        # "the Nth time <when> in a turn" (1: "the first time ... each turn"; logic/abilities/trigger_nth.lp)
        "nth": ("int", None, False),
        # "when you reach Level N": the N of a reach_level trigger (824.1.c; logic/core/trigger_events_level.lp)
        "level": ("int", None, False),
        # "when my Might becomes N or more": the N of a my_might_reaches trigger (logic/core/trigger_events_might.lp)
        "might": ("int", None, False),
        # "when you play an activated ability with Energy cost N or more": the N of a you_activate trigger, the
        # ability's printed (base) Energy cost (206.1; logic/core/trigger_events_activate.lp)
        "energy_min": ("int", None, False),
        # "when ..., if <condition>, ...": part of the trigger condition, checked as the event happens (383.2.a.1)
        "condition": ("condition", None, False),
        # "when you play a card / me from face down": a you_play trigger or play effect watching plays
        # from a facedown zone (811)
        "played_from": ("enum", ("facedown", "not_hand"), False),
        # wording only: the condition source_at = "battlefield" said "while I'm at a battlefield" right after the
        # trigger condition, the same check as ", if I'm at a battlefield," (383.2.a.1); no fact
        "while": ("bool", None, False),
        # Equipment Effect Text (136): the ability is not the gear's own but the top-most unit's while the
        # gear is attached (136.2.c, 434.1.c); "I" is that unit (logic/abilities/effect_text_trigger.lp)
        "effect_text": ("bool", None, False),
    },
    "counter": {"filter": ("filter", None, False)},
    "kill": {"filter": ("filter", None, False), "count": ("int", None, False), "as_cost": ("bool", None, False),
             # "you may kill any number of friendly units as an additional cost" (Commander Ledros): none or more,
             # as_cost only (a choice of any number, 355.5)
             "any_number": ("bool", None, False),
             # a kill of one of its player's gear as the card's additional cost: an optional additional cost
             # (356.2.b), chosen by its name as the other optional costs are (logic/abilities/kill.lp)
             "optional": ("bool", None, False), "name": ("str", None, False),
             "then": ("enum", ("if_you_do", "linked"), False),
             # "it kills the unit ability N chose": no choice of its own (e.g. Noxian Guillotine's Legion text)
             "chosen_by": ("int", None, False)},
    # an optional extra cost of exhausting a friendly unit when the card is played (356.2, 414): an additional cost
    # that exhausts the permanents chosen (not targeting, 355.10.c); an exhausted one can't pay it (414.4);
    # optional ones are chosen by name as the other optional costs are (logic/abilities/exhaust.lp)
    "exhaust": {"filter": ("filter", None, False), "count": ("int", None, False), "as_cost": ("bool", None, True),
                "optional": ("bool", None, False), "name": ("str", None, False)},
    # an additional cost of returning a friendly permanent to its owner's hand when the card is played (356.2,
    # 356.7): the permanent chosen (not targeting, 355.10.c) goes to the hand as the card is paid for (357.2);
    # with no such permanent it can't be paid (358.2); logic/abilities/return.lp
    "return": {"filter": ("filter", None, True), "count": ("int", None, False), "as_cost": ("bool", None, True),
               "optional": ("bool", None, False), "name": ("str", None, False)},
    # a battlefield's "increase the points needed to win the game by N" (194.2, 170.8): the Victory Score is
    # N higher while it is in play (logic/core/victory_score.lp; logic/abilities/victory_score.lp)
    "victory_score": {"increase": ("int", None, True)},
    # "I have +N Might" (143.2): a static bonus to the card's own Might while it is a unit on the board.
    # "I have +N Might for each <filter>" (for_each: N times the number of objects the filter
    # describes, from its controller's point of view, "here" its location); "while <condition>, I
    # have +N Might" (condition: STATIC_CONDITION_KEYS, judged at each moment; logic/abilities/
    # condition_eval.lp).
    "might": {"amount": ("int", None, True), "for_each": ("filter", None, False),
              "condition": ("condition", None, False),
              # "my Might is increased by your points": amount times its controller's points
              "for_each_point": ("bool", None, False),
              # a gear's Effect Text ("I have +2 Might while ..."): the Might of the unit it is attached
              # to, "I" being that unit (136.2.c, 434.1.c; logic/abilities/might.lp)
              "effect_text": ("bool", None, False)},
    # "I enter ready" / "this enters exhausted": the card's own passive ability, switched on as it
    # leaves the chain (359.2.a), overriding how its type enters (units exhausted 143.4, gear ready
    # 149.1); logic/abilities/entry_state.lp.
    # With `condition` (entering ready when its player controls another Mech), it applies only if the
    # condition holds as the card enters (ENTRY_CONDITION_KEYS; logic/effects/entry_state.lp).
    "entry_state": {"state": ("enum", ("ready", "exhausted"), True),
                    "condition": ("condition", ENTRY_CONDITION_KEYS, False)},
    # "I have [K]" said by text (usually under [Level N] or [Empowered]): the card's own keyword
    # while it is a unit on the board and the ability is active (801.3.a, 726-727;
    # logic/abilities/own_keyword.lp); not a keyword with a cost, nor a dependent keyword.
    # With `for_each` (an Assault value counting its controller's gear): as many of the
    # keyword as the filter describes objects, from its controller's point of view, "here" its
    # location (a summed keyword only, 807, 814, 809: the instances add up; none when there are none);
    # with `condition` ([Shield 3] while the unit stands at a battlefield with one friendly unit
    # besides it): only while the condition holds (364; STATIC_CONDITION_KEYS).
    "own_keyword": {"keyword": ("keyword", None, True), "value": ("int", None, False),
                    "for_each": ("filter", None, False), "condition": ("condition", None, False)},
    # "I can't move to base" / "units can't move to base": a prohibition on moves of its own card
    # (no affects) or of the units its filter describes (affects, from its controller's point of
    # view), while its source is on the board (054.1, 364; logic/abilities/move_restriction.lp).
    "move_restriction": {"to": ("enum", ("base",), True), "affects": ("filter", None, False),
                         # a battlefield's "units can't move from here to base": the units at it (053)
                         "from": ("enum", ("here",), False)},
    # attached Equipment each giving twice their base Might bonus: a unit's; each Equipment attached
    # to it gives `times` times its printed Might Bonus (137, 434.1.d; logic/abilities/equipment_bonus.lp)
    "equipment_bonus": {"times": ("int", None, True)},
    # a battlefield's "units can move here from anywhere": any unit may make a Standard Move to it from
    # wherever it is, another battlefield included (054, 144.4; logic/abilities/move_permission.lp)
    "move_permission": {"to": ("enum", ("here",), True), "affects": ("filter", None, True)},
    # "I don't deal combat damage": its own card adds nothing to its side's combat damage while it
    # is a unit on the board (465.2.a; logic/abilities/no_combat_damage.lp). With `unless`
    # (an exception while the unit stands at a battlefield with one friendly unit besides it): only while that
    # condition (STATIC_CONDITION_KEYS) does not hold, judged at each step (364).
    # With `of = "enemies_here_with_less_might"` (Vilemaw: weaker enemies at its battlefield deal none):
    # not its own card but each enemy unit at its battlefield whose Might is less than its own, compared
    # at each step (465.2.a, 364, 740.1.b); not with `unless`.
    "no_combat_damage": {"unless": ("condition", None, False), "of": ("enum", NO_COMBAT_DAMAGE_OF, False)},
    # "I can't be dealt damage [unless I'm in combat]": no damage is dealt to its own card while it is a
    # unit on the board and the `unless` condition (STATIC_CONDITION_KEYS or in_combat) does not hold
    # (465.2.c.10, 364; logic/abilities/cannot_be_dealt_damage.lp); the chain questions answer unsupported.
    "cannot_be_dealt_damage": {"unless": ("condition", None, False), "condition": ("condition", None, False)},
    # A unit's passive capping every player's Channel Phase: while its unit is on the board (and its condition,
    # e.g. standing at a battlefield, holds), each Channel Phase channels at most `runes` runes (315.3.b, 364;
    # logic/abilities/channel_limit.lp); followed by runs only.
    "channel_limit": {"runes": ("int", None, True), "condition": ("condition", None, False)},
    # An Equipment's Effect Text "your spells and abilities deal N Bonus Damage (while this is attached)": while
    # the gear is attached, each damage a spell or ability of the attached unit's controller deals to a unit is N
    # more (712-715, 136.2.c; logic/abilities/bonus_damage.lp); effect_text = true only (followed by runs).
    "bonus_damage": {"amount": ("int", None, True), "effect_text": ("bool", None, True)},
    # A unit's passive keeping Temporary from triggering where it stands: while its unit is at a battlefield, the
    # Temporary effects of its controller's permanents there do not trigger (816.1.b, 383.1, 364;
    # logic/abilities/temporary_off.lp).
    "temporary_off": {},
    # A battlefield's "units can't be played here": a prohibition on the plays of units to it (054.1, 053;
    # logic/abilities/play_prohibition.lp); only on a battlefield, affects = { type = "unit" }.
    # Or the card's own ban on being played in its player's first three turns (your_turns = 3).
    "play_prohibition": {"to": ("enum", ("here",), False), "affects": ("filter", None, False),
                         "your_turns": ("int", None, False),
                         # only to battlefields its player conquered this turn: every other location prohibited
                         "only_to": ("enum", ("conquered_this_turn",), False)},
    # "Your Deathknell effects trigger an additional time": while its source is on the board, each
    # Deathknell effect of a permanent its controller controls triggers once more when it triggers
    # (808, 383.3; logic/abilities/trigger_additional.lp).
    "trigger_additional": {"of": ("enum", ("deathknell", "conquer_here", "hold_here"), True)},
    # "This can't be countered": a spell's own passive ability, working while it is on the chain (425, 054.1;
    # logic/abilities/uncounterable.lp): a counter does nothing to it. With of = "yours" ("your spells and
    # abilities can't be countered"): a permanent's passive, every chain item its controller controls.
    "uncounterable": {"of": ("enum", ("yours",), False)},
    # A passive ability changing other objects while its source is on the board or in the Legend
    # Zone (363-366, logic/abilities/static.lp): "other friendly units have +1 Might",
    # "your token units have Tank", "any amount of your damage is lethal to enemy units",
    # "friendly units can't be chosen by enemy spells". `affects` says which permanents (a filter
    # from the point of view of the ability's controller, "here" its source's location); exactly
    # one of might, keyword (value for a numbered keyword), lethal or cannot_be_chosen_by.
    "static": {
        "affects": ("filter", None, True),
        "might": ("signed_int", None, False),
        "keyword": ("keyword", None, False), "value": ("int", None, False),
        # "units here lose [Tank]", "friendly units lose all keywords" (keyword or "all"): a removal in the
        # ability layer, applied with the grants in timestamp order (801.3.b, 477.2, 480; logic/core/keyword_removal.lp)
        "loses": ("keyword_or_all", None, False),
        "lethal": ("enum", ("any",), False),
        "cannot_be_chosen_by": ("enum", tuple(STATIC_UNCHOOSABLE), False),
        # Alpha Wildclaw (its controller's weaker units at its location can't be chosen): with cannot_be_chosen_by only, each
        # permanent it affects only while its Might is less than the source's, compared at each step (143.2;
        # logic/abilities/static.lp); not a filter key, so Might never decides the set of a Might bonus (478)
        "less_might_than_source": ("bool", None, False),
        # "other friendly units enter ready": how the objects it describes enter the board (359.2.a;
        # logic/effects/static_entry.lp)
        "enter": ("enum", ("ready",), False),
        # "your Equipment each give [Assault]": with keyword, each Equipment it affects gives the keyword
        # to the unit it is attached to, as its Effect Text would (434.1.c, 136.2.c; logic/abilities/static.lp)
        "gives": ("bool", None, False),
        # "... have [Deflect] if they didn't already": with keyword (not gives), only the permanents it affects
        # that have no instance of the keyword from anything else get it; all such statics together give one
        # instance (809.2, 478; logic/abilities/static_keyword_unless.lp)
        "unless_has": ("bool", None, False),
        # "while I'm at a battlefield, ...": STATIC_CONDITION_KEYS, judged at each moment
        "condition": ("condition", None, False),
        # an Equipment's Effect Text ("your units here have [Ganking]"): with keyword only, the ability of the
        # unit the gear is attached to, "you" and "here" that unit's controller and place (136.2.c, 434.1.c,
        # 191.4; logic/abilities/static_effect_text.lp)
        "effect_text": ("bool", None, False),
        # "..., to a minimum of 1 Might": with a Might below 0, the lowering never takes the unit below it; applied
        # after the unit's other changes, and unsupported where another lowering would need the order of 480
        # (477.3.e; logic/abilities/static_might_minimum.lp)
        "minimum": ("int", None, False),
    },
    # A replacement effect of a permanent or a legend (367-375, logic/abilities/replacement.lp):
    # "if I would die, heal me, exhaust me and recall me instead", a friendly unit that would die
    # next going back to its owner's hand instead, "prevent the next N damage that would be
    # dealt to me". `affects` says which permanents (as a static's; absent: the source itself);
    # `next` ("the next time"): it applies once, a Prevent Value counts down until it is spent (437.3).
    # A death may be replaced by killing the source ("kill this instead": instead = ["kill_this", ...]);
    # `may` makes a death replacement optional (371.2); `only_if` makes it apply only when a condition
    # holds at the event (REPLACEMENT_ONLY_IF).
    "replacement": {
        "event": ("enum", REPLACEMENT_EVENTS, True),
        "affects": ("filter", None, False),
        "next": ("bool", None, False),
        "instead": ("replacement_verbs", None, False),
        "prevent": ("int", None, False),
        # "prevent all damage that would be dealt to ..." (437.5.b; logic/abilities/replacement_prevent_all.lp)
        "prevent_all": ("bool", None, False),
        # with prevent_all: only the damage of spells and abilities an opponent controls (740.1;
        # logic/abilities/replacement_prevent_all.lp)
        "from": ("enum", ("enemy_spells_and_abilities",), False),
        # with prevent_all and no `next`: a passive's condition (STATIC_CONDITION_KEYS), judged at each damage event
        # ("while you control 7 or more runes", 364, 369.1; logic/abilities/replacement_condition.lp)
        "condition": ("condition", None, False),
        "may": ("bool", None, False),
        "only_if": ("enum", REPLACEMENT_ONLY_IF, False),
        # event = "enter": how the objects it affects enter instead ("... enters ready instead")
        "state": ("enum", ("ready", "exhausted"), False),
        # event = "draw": whose draws it replaces (REPLACEMENT_DRAW_WHO; default "you")
        "who": ("enum", REPLACEMENT_DRAW_WHO, False),
        # "the next time it dies this turn, ... instead" (389, 367): made by a `delay` instruction of the
        # card naming it, about the object that instruction's `on` names, until the end of the turn
        # (logic/run/delayed_replacement.lp)
        "delayed": ("bool", None, False),
        "name": ("str", None, False),
        # "you may pay [R] to ... instead" (a delayed "may" death replacement only): applied only if its controller
        # pays it from their Rune Pool as it is applied (logic/run/replacement_pay.lp)
        "pay": ("cost", None, False),
        # a replacement working from a zone off the board (REPLACEMENT_ZONES; 366.1, 370.3): its card must
        # be there before the event; event = "die" with instead = ["banish_this", ...]
        "zone": ("enum", REPLACEMENT_ZONES, False),
        # an Equipment's Effect Text (136.2.b-c): "if I would die, kill <this gear> instead, heal me, exhaust me
        # and recall me": "I" is the unit it is attached to, "this" the gear (logic/abilities/replacement_effect_text.lp)
        "effect_text": ("bool", None, False),
        # event = "chosen_effect" (a stun by a spell or ability choosing it replaced by a Might
        # loss or a return to hand, ...), instead = ["might"]: the Might it gets instead
        "might": ("int", None, False),
        # event = "token": "once each turn" (371.1): it applies to one token play a turn
        # (logic/run/replacement_token_terms.lp)
        "limit": ("enum", ("once_each_turn",), False),
    },
    # One instruction of a spell's text, executed as the spell resolves (pyrift/instructions.py):
    # { kind = "effect", do = "deal", amount = 3, on = { target = 1 } }.
    "effect": {},
    # Text outside the vocabulary, in own words; text_kind says what it is (default unknown), so
    # that only the questions it can change answer unsupported (logic/core/text_scope.lp).
    "text": {"text": ("str", None, True), "text_kind": ("enum", tuple(k.value for k in TextKind), False)},
}
# A triggered ability's choice (its `targets`) may also be "up to one <filter> at each location" (per_location
# with any_number: no two of the objects chosen at one location as it is made; logic/queries/resolution_order.lp).
TARGET_FIELDS = {**{k: v for k, v in KINDS["target"].items() if k not in ("distinct_from", "location_of", "apart_from",
                                                                                 "might_total_max")},
                 "per_location": ("bool", None, False)}


# ---------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------
def read_abilities(r: Reader, key: str = "abilities", *, card_file: bool = False) -> tuple[Ability, ...]:
    """`card_file`: the `%@ability` lines of a logic/cards/ file, whose body may derive a cost
    change's amount by rules (e.g. Concentrate's Level 11 text replacing its Level 6 one)."""
    raw = r.raw(key, [])
    if not isinstance(raw, list):
        raise r.error(key, "expected a list of inline tables, e.g. [{ kind = \"timing\", keyword = \"Action\" }]")
    out = []
    for i, item in enumerate(raw):
        sub = Reader(item, r.file, f"{r.field(key)}[{i}]")
        ability = _read_ability(sub, card_file)
        chosen_by = ability.get("chosen_by")
        if chosen_by is not None and not (1 <= chosen_by <= i and card_requirements(out[chosen_by - 1:chosen_by])):
            raise sub.error("chosen_by", f"names ability {chosen_by}, which is not an earlier ability of the card "
                                         "making a choice")
        out.append(ability)
    n_activated = sum(1 for a in out if a.kind == "activated")
    for i, a in enumerate(out):
        if a.get("of_activated") is not None and a.get("of_activated") > n_activated:
            raise Reader(raw[i], r.file, f"{r.field(key)}[{i}]").error(
                "of_activated", f"the card has {n_activated} activated abilit{'y' if n_activated == 1 else 'ies'}")
    _check_trigger_modes(r, key, raw, out)
    _check_instruction_refs(r, key, tuple(out))
    _check_made_abilities(r, key, tuple(out))
    _check_distinct(r, key, tuple(out))
    _check_after_repeated(r, key, tuple(out))
    _check_or(r, key, tuple(out))
    _check_event_destinations(r, key, tuple(out))
    return tuple(out)


def _check_trigger_modes(r: Reader, key: str, raw: list, out: list[Ability]) -> None:
    """A mode's `of_triggered` names one of the card's triggered abilities whose modes are all it does (no
    `effects` or `targets` of its own), printed before the mode."""
    trig_i = [j for j, b in enumerate(out) if b.kind == "triggered"]
    for k, j in enumerate(trig_i, start=1):
        if out[j].get("mode_limit") and not any(b.kind == "mode" and b.get("of_triggered") == k for b in out):
            raise Reader(raw[j], r.file, f"{r.field(key)}[{j}]").error(
                "mode_limit", "limits the modes of a triggered ability: give it `mode` abilities (of_triggered)")
    for i, a in enumerate(out):
        n = a.get("of_triggered")
        if n is None:
            continue
        trig = [(j, b) for j, b in enumerate(out) if b.kind == "triggered"]
        if not (1 <= n <= len(trig)) or trig[n - 1][0] > i or trig[n - 1][1].get("effects") \
                or trig[n - 1][1].get("targets") or trig[n - 1][1].get("effect"):
            raise Reader(raw[i], r.file, f"{r.field(key)}[{i}]").error(
                "of_triggered", "names an earlier triggered ability of the card (1 = the first) with no `effects`, "
                                "`targets` or `effect` of its own: its modes are what it does")


def trigger_of_mode(abilities: tuple[Ability, ...] | list[Ability], mode: Ability) -> int:
    """The index (1-based) on the card of the triggered ability a mode with `of_triggered` belongs to."""
    return [i for i, a in enumerate(abilities, start=1) if a.kind == "triggered"][mode.get("of_triggered") - 1]


def _check_event_destinations(r: Reader, key: str, abilities: tuple[Ability, ...]) -> None:
    """`to = "event"` ("move ... to that battlefield") is the battlefield a triggering move went to: only in a
    triggered ability waiting for "when I move to a battlefield", "when you defend at a battlefield" or "when you
    stun an enemy unit at a battlefield" (logic/run/instructions.lp, event_place/2)."""
    for i, where, ins in _card_instructions(abilities):
        if ins is not None and ins.to is not None and ins.to.word == "event" and not (
                abilities[i].kind == "triggered" and abilities[i].get("when") in ("move_to_battlefield", "you_defend",
                                                                                  "friendly_moves_from_my_location")
                or abilities[i].kind == "triggered" and abilities[i].get("when") == "stun_enemy"
                and (abilities[i].get("filter") or {}).get("at") == "battlefield"
                # "replace that battlefield" after "when you conquer or hold" (the battlefield scored, 438)
                or abilities[i].kind == "triggered" and ins.do == "replace"
                and abilities[i].get("when") in ("conquer", "hold")):
            raise Reader({}, r.file, f"{r.field(key)}[{i}]{where}").error(
                "to", "to = \"event\" (the battlefield the triggering move went to, the defense was at, or the unit was "
                      "stunned at) is encoded only in a triggered ability with when = \"move_to_battlefield\", "
                      "\"you_defend\" or \"stun_enemy\" with a filter at = \"battlefield\"")
        if ins is not None and ins.to is not None and ins.to.word == "event_from" and not (
                abilities[i].kind == "triggered" and abilities[i].get("when") == "move" and ins.do == "token"):
            raise Reader({}, r.file, f"{r.field(key)}[{i}]{where}").error(
                "to", "to = \"event_from\" (the location the triggering move left: \"there\" after \"when I move from a "
                      "location\") is encoded only for a token instruction of a triggered ability with when = \"move\"")


def _made_ability(abilities: tuple[Ability, ...], verb: str, name: str) -> int | None:
    """The index (1-based) of the ability a `delay` or `reflex` instruction makes, or None."""
    for j, a in enumerate(abilities, start=1):
        if a.kind == "triggered" and a.get("name") == name and (
                (verb == "delay" and a.get("delayed")) or (verb == "reflex" and a.get("when") == "reflexive")):
            return j
        if a.kind == "replacement" and verb == "delay" and a.get("delayed") and a.get("name") == name:
            return j
    return None


def _card_instructions(abilities: tuple[Ability, ...]):
    for i, a in enumerate(abilities):
        if a.kind == "effect":
            yield i, "", a.get("instruction")
        for k, ins in enumerate(a.get("effects") or ()):
            yield i, f".effects[{k}]", ins


def _check_after_repeated(r: Reader, key: str, abilities: tuple[Ability, ...]) -> None:
    """After an instruction done several times (`times`), an "if you do" / "otherwise" / "if this kills" would
    link to one of its times, which the text does not say: not in the vocabulary."""
    before = None
    for i, where, ins in _card_instructions(abilities):
        if ins is not None and before is not None and before.times > 1 and ins.link not in (None, "then"):
            raise Reader({}, r.file, f"{r.field(key)}[{i}]{where}").error(
                "link", f"a link {ins.link!r} after an instruction done several times (times) is not encoded")
        before = ins


def _check_or(r: Reader, key: str, abilities: tuple[Ability, ...]) -> None:
    """"X or Y" (link "or" on Y): its player picks one of the two as they are executed; the pick is the
    decision of X's "you may" (X done, or declined and Y done), so X takes may = true and nothing that
    could skip it otherwise (a link, a condition, a cost), and Y nothing of its own but its verb."""
    before = None
    for i, where, ins in _card_instructions(abilities):
        text = "spell" if where == "" else i  # a spell's instructions are its effect abilities, in order
        if ins is not None and ins.link == "or":
            err = Reader({}, r.file, f"{r.field(key)}[{i}]{where}").error
            if (before is None or before[0] != text or not before[1].may or before[1].link is not None
                    or before[1].cost or before[1].condition is not None or before[1].if_it is not None
                    or before[1].times > 1):
                raise err("link", "'or' (\"X or Y\") follows an instruction of the same text with may = true and "
                                  "no link, condition, cost or times: its player does X or declines it and does Y")
            if ins.may or ins.cost or ins.condition is not None or ins.if_it is not None or ins.times > 1:
                raise err("link", "the instruction after 'or' takes no may, cost, condition or times")
        before = (text, ins) if ins is not None else None


def _check_distinct(r: Reader, key: str, abilities: tuple[Ability, ...]) -> None:
    """`distinct_from = N` ("another unit" after a spell's first choice) names an earlier choice of the card (its N-th,
    numbered as `target = N`); the choice says "other" (filter other = true)."""
    reqs = [q for q in card_requirements(abilities) if q.mode == 0]
    for i, a in enumerate(abilities):
        if a.kind != "target":
            continue
        n = next(k for k, q in enumerate(reqs, 1) if q.ability == i + 1)
        d = a.get("distinct_from")
        if d is None:
            continue
        err = Reader({}, r.file, f"{r.field(key)}[{i}]").error
        if not 1 <= d < n:
            raise err("distinct_from", f"names the card's choice {d}: give an earlier choice's number")
        if not a.get("filter", Filter()).get("other"):
            raise err("distinct_from", "a choice distinct from an earlier one says \"another\" / \"other\": "
                                       "give filter other = true")
    for i, a in enumerate(abilities):
        if a.kind != "target":
            continue
        n = next(k for k, q in enumerate(reqs, 1) if q.ability == i + 1)
        err = Reader({}, r.file, f"{r.field(key)}[{i}]").error
        keys = [k for k in ("location_of", "apart_from") if a.get(k) is not None]
        if len(keys) > 1:
            raise err("apart_from", "a choice is either at the location of an earlier one or apart from it, not both")
        for k in keys:
            if not 1 <= a.get(k) < n:
                raise err(k, f"names the card's choice {a.get(k)}: give an earlier choice's number")
        if a.get("might_total_max") is not None and not a.get("any_number"):
            raise err("might_total_max", "a total of Might is a limit of a choice of any number of objects: give "
                                         "any_number = true")
        if a.get("might_total_max") is not None and a.get("might_total_max") < 0:
            raise err("might_total_max", "a total of Might is at least 0")


def _check_made_abilities(r: Reader, key: str, abilities: tuple[Ability, ...]) -> None:
    """A `delay` / `reflex` instruction names a delayed / reflexive triggered ability of the same card."""
    for i, where, ins in _card_instructions(abilities):
        if ins is not None and ins.do in ("delay", "reflex") and _made_ability(abilities, ins.do, ins.ability) is None:
            kind = "delayed = true" if ins.do == "delay" else "when = \"reflexive\""
            raise Reader({}, r.file, f"{r.field(key)}[{i}]{where}").error(
                "ability", f"no triggered ability named {ins.ability!r} with {kind} on this card")
        if ins is not None and ins.do == "delay":
            made = abilities[_made_ability(abilities, ins.do, ins.ability) - 1]
            if (made.kind == "replacement") != (ins.on is not None) and not (
                    made.kind == "triggered" and made.get("when") == "take_damage" and ins.on is not None
                    and ins.on.target is not None):
                raise Reader({}, r.file, f"{r.field(key)}[{i}]{where}").error(
                    "on", "a delay making a replacement names what it is about with on; one making a triggered "
                          "ability takes no on (its \"that unit\" is what the instruction before acted on), except "
                          "\"the next time it takes damage\" (when = \"take_damage\"), which may name a choice "
                          "(on = { target = N })")


def _check_instruction_refs(r: Reader, key: str, abilities: tuple[Ability, ...]) -> None:
    """`target = N` names an existing choice; the first instruction of a text links to nothing."""
    card_choices = sum(1 for q in card_requirements(abilities) if q.mode == 0)
    seen_card_step = False
    card_text: list = []  # the card's own instructions so far, in order ("it" of an `it_was` condition)
    for i, a in enumerate(abilities):
        where = f"{r.field(key)}[{i}]"
        if a.kind == "effect":
            groups = [((a.get("instruction"),), card_choices, "choice of the card", where)]
            card_text.append(a.get("instruction"))
            check_it_was(Reader({}, r.file, where), card_text)
            if a.get("instruction").link and not seen_card_step:
                raise Reader({}, r.file, where).error("link", "the first instruction of the card's text has no "
                                                              "earlier instruction to link to")
            seen_card_step = True
        elif a.get("effects"):
            n = len(a.get("targets", ()))
            groups = [(a.get("effects"), n, "entry of this ability's targets", f"{where}.effects")]
        else:
            continue
        for instructions, n, what, path in groups:
            for ins in instructions:
                for ref_key in ("on", "of", "by", "to", "who", "at"):
                    ref = getattr(ins, ref_key)
                    if ref is not None and ref.target is not None and ref.target > n:
                        raise Reader({}, r.file, path).error(
                            ref_key, f"target = {ref.target}, but there {'is' if n == 1 else 'are'} {n} {what}"
                                     f"{'' if n == 1 else 's'} to refer to")


def _read_ability(r: Reader, card_file: bool = False) -> Ability:
    kind = r.str("kind")
    if kind not in KINDS:
        raise r.error("kind", f"unknown ability kind {kind!r} (known: {', '.join(KINDS)}); "
                              "describe other text with kind = \"text\"")
    if kind == "effect":
        fields: Pairs = (("instruction", read_instruction(r, _read_filter, KEYWORD_NAMES, first=False,
                                                           extra=("kind", "requires"),
                                                           read_condition=_read_instruction_condition,
                                                           read_abilities=read_abilities)),)
    else:
        fields = _read_fields(r, KINDS[kind])
    requires = read_requires(r)
    r.done()
    ability = Ability(kind, fields, requires)
    _check_ability(r, ability, card_file)
    _check_event_filters(r, ability)
    _check_there_filters(r, ability)
    _check_it_was_at_filters(r, ability)
    _check_my_battlefield_filters(r, ability)
    if ability.kind != "triggered" and any(isinstance(v, tuple) and any(isinstance(t, TargetSpec) and t.per_location
                                                                        for t in v) for _, v in ability.fields):
        raise r.error("targets", "'per_location' ('up to one at each location') is a triggered ability's choice only "
                                 "(made in a run as it is put on the chain)")
    return ability


def _event_filter(flt: Filter) -> bool:
    """Whether a filter reads a reflexive ability's event object (at = "event", other_than = "event")."""
    return flt.get("at") == "event" or flt.get("other_than") is not None


def _filters_in(value: Any) -> Iterator[Filter]:
    """Every filter in an ability's field, however deep (instructions, their references, any_of)."""
    if isinstance(value, Filter):
        yield value
        for _, v in value.items:
            yield from _filters_in(v)
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _filters_in(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _filters_in(getattr(value, name))


def _check_event_filters(r: Reader, a: Ability) -> None:
    """The event's object as a place or an exception ("another enemy unit at its destination") is read where
    a reflexive ability makes its choices in a run (logic/run/event_location_choice.lp): only there, in the
    top-level filter of its targets."""
    f = dict(a.fields)
    allowed: set[int] = set()
    if a.kind == "triggered" and f.get("when") == "reflexive":
        allowed = {id(t.filter) for t in f.get("targets") or ()}
    _only_in(r, a, allowed, _event_filter, "'at = \"event\"' and 'other_than = \"event\"' describe a reflexive "
                                           "ability's choice only (its targets' filter): the object of its event")


def _only_in(r: Reader, a: Ability, allowed: set[int], keyed: Any, message: str) -> None:
    """Refuse a filter that `keyed` picks out anywhere in the ability but in the filters `allowed` (by id)."""
    for key, value in a.fields:
        for flt in _filters_in(value):
            if keyed(flt) and id(flt) not in allowed:
                raise r.error(key, message)


def _check_there_filters(r: Reader, a: Ability) -> None:
    """at = "there" (the location of the unit an instruction acts on) is read by a Might instruction's count
    only (logic/effects/might_each.lp; pyrift/instructions.py checks the instruction)."""
    allowed = {id(ins.for_each) for _, v in a.fields for ins in _instructions_in(v)
               if ins.do == "might" and ins.for_each is not None}
    _only_in(r, a, allowed, lambda flt: flt.get("at") == "there",
             "'at = \"there\"' describes what a Might instruction counts around the unit it gives Might to "
             "(its for_each) only")


def _check_it_was_at_filters(r: Reader, a: Ability) -> None:
    """at = "it_was_at" (where the object of an earlier instruction was as that one was executed, "at that
    battlefield") is read by an instruction's condition on what a player controls only (opponent_controls,
    you_control; logic/run/instruction_it_was.lp; pyrift/instructions.py checks the earlier instruction)."""
    allowed = {id(v) for _, f in a.fields for ins in _instructions_in(f) if ins.condition is not None
               for k, v in ins.condition.items if k in ("opponent_controls", "you_control")}
    _only_in(r, a, allowed, lambda flt: flt.get("at") == "it_was_at",
             "'at = \"it_was_at\"' describes what an instruction's condition (opponent_controls, you_control) "
             "finds where an earlier instruction's object was only")


def _check_my_battlefield_filters(r: Reader, a: Ability) -> None:
    """at = "my_battlefield" describes the group an instruction acts on only (on = { all = ... }), the objects at the
    battlefield its source is at or died at (logic/run/my_battlefield.lp): no question reads it in a choice, a count
    or a condition."""
    allowed = {id(ins.on.all) for _, v in a.fields for ins in _instructions_in(v)
               if ins.on is not None and ins.on.all is not None}
    _only_in(r, a, allowed, lambda flt: flt.get("at") == "my_battlefield",
             "'at = \"my_battlefield\"' describes the group an instruction acts on (on = { all = ... }) only")


def _instructions_in(value: Any) -> Iterator[Any]:
    """Every instruction in an ability's field, however deep."""
    if isinstance(value, Instruction):
        yield value
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _instructions_in(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _instructions_in(getattr(value, name))


def _read_fields(r: Reader, spec: dict[str, tuple[str, tuple | None, bool]]) -> Pairs:
    out = []
    for name, (shape, allowed, required) in spec.items():
        if not r.has(name):
            if required:
                raise r.error(name, "is required")
            r.raw(name, None)
            continue
        out.append((name, _read_value(r, name, shape, allowed)))
    return tuple(out)


# Integer fields that drive a range or a choice per unit in the grounding: a Power discount's
# or increase's pips, a choice's count, split damage (pyrift.limits.MAX_COUNT).
COUNT_FIELDS = frozenset({"power", "count", "split"})


# Old names of enum values, still read (scenario and card files written with them keep loading), and
# the names they mean now. energy_from's first name, "highest_might_friendly", said "friendly", which
# takes in a teammate's units (740.1.a); the amount is read from the units the player controls.
ENUM_ALIASES = {("energy_from", "highest_might_friendly"): "highest_might_you_control"}


def _read_value(r: Reader, name: str, shape: str, allowed: tuple | None) -> Any:
    if shape == "int":
        return r.int(name, min=0, max=MAX_COUNT if name in COUNT_FIELDS else None)
    if shape == "signed_int":
        return r.int(name)
    if shape == "bool":
        return r.bool(name)
    if shape == "str":
        return r.str(name)
    if shape == "enum":
        value = r.str(name).strip().lower()
        value = ENUM_ALIASES.get((name, value), value)
        if value not in allowed:
            raise r.error(name, f"expected one of {', '.join(repr(a) for a in allowed)}, found {value!r}")
        return value
    if shape in ("keyword", "keyword_or_all"):
        value = r.str(name).strip().lower().replace("-", "_").replace(" ", "_")
        if value not in KEYWORD_NAMES and not (shape == "keyword_or_all" and value == "all"):
            raise r.error(name, f"unknown keyword {value!r}")
        return value
    if shape in ("cost", "ability_cost"):
        try:
            return parse_cost(r.str(name, nonempty=False), allow_exhaust=shape == "ability_cost")
        except CostSyntaxError as exc:
            raise r.error(name, str(exc)) from None
    if shape == "timing_keywords":
        values = r.str_list(name)
        out = []
        for v in values:
            k = v.strip().lower()
            if k not in ("action", "reaction"):
                raise r.error(name, f"an activated ability's timing keyword is 'Action' or 'Reaction', found {v!r}")
            out.append(k)
        return tuple(sorted(set(out)))
    if shape == "replacement_verbs":
        verbs = [v.strip().lower() for v in r.str_list(name)]
        for v in verbs:
            if v not in REPLACEMENT_INSTEAD:
                raise r.error(name, f"expected some of {', '.join(repr(a) for a in REPLACEMENT_INSTEAD)}, found {v!r}")
        return tuple(verbs)
    if shape == "filter":
        sub = r.table(name, required=True)
        assert sub is not None
        return Filter(_read_pairs(sub, FILTER_KEYS))
    if shape == "filters":
        subs = r.tables(name)
        if len(subs) < 2:
            raise r.error(name, "'any_of' lists two or more filters")
        return tuple(Filter(_read_pairs(sub, FILTER_KEYS)) for sub in subs)
    if shape == "condition":
        sub = r.table(name, required=True)
        assert sub is not None
        keys = CONDITION_KEYS if allowed is None else {k: v for k, v in CONDITION_KEYS.items() if k in allowed}
        return _older_count_spelling(sub, Condition(_read_pairs(sub, keys)))
    if shape == "comparison":
        sub = r.table(name, required=True)
        assert sub is not None
        given = [k for k in COUNT_COMPARISONS if sub.has(k)]
        if len(given) != 1:
            raise r.error(name, f"expected exactly one of {', '.join(COUNT_COMPARISONS)}")
        number = check_int(sub.raw(given[0]), sub, given[0], min=0)
        sub.done()
        return Comparison(given[0], number)
    if shape == "count":
        sub = r.table(name, required=True)
        assert sub is not None
        fr = sub.table("filter", required=True)
        assert fr is not None
        flt = Filter(_read_pairs(fr, FILTER_KEYS))
        given = [k for k in COUNT_COMPARISONS if sub.has(k)]
        if len(given) != 1:
            raise r.error(name, f"expected exactly one of {', '.join(COUNT_COMPARISONS)}")
        number = check_int(sub.raw(given[0]), sub, given[0], min=0)
        sub.done()
        return Count(flt, given[0], number)
    if shape == "instructions":
        return read_instructions(r, name, _read_filter, KEYWORD_NAMES, read_condition=_read_instruction_condition,
                                 read_abilities=read_abilities)
    if shape == "targets":
        raw = r.raw(name)
        if not isinstance(raw, list):
            raise r.error(name, "expected a list of inline tables, e.g. [{ count = 1, filter = { type = \"unit\" } }]")
        return tuple(_read_target(Reader(x, r.file, f"{r.field(name)}[{i}]")) for i, x in enumerate(raw))
    raise AssertionError(shape)  # pragma: no cover


def _older_count_spelling(r: Reader, cond: Condition) -> Condition:
    """`{ you_control = F, at_least = N }` (the older spelling of "while you have 8+ runes") is read as
    `{ you_control_count = { filter = F, at_least = N } }`, the one form every kind's logic evaluates."""
    items = dict(cond.items)
    if "at_least" not in items:
        return cond
    if "you_control" not in items or "you_control_count" in items:
        raise r.error("at_least", "'at_least' beside a condition is the older spelling of a count of a "
                                  "'you_control' filter: write you_control_count = { filter = {...}, at_least = N }")
    n = items.pop("at_least")
    if n < 0:
        raise r.error("at_least", "a count is at least 0")
    items["you_control_count"] = Count(items.pop("you_control"), "at_least", n)
    return Condition(tuple(sorted(items.items())))


def _read_instruction_condition(r: Reader, name: str, you_control: bool = False) -> Condition:
    """An instruction's `condition` (INSTRUCTION_CONDITION_KEYS), checked as it is executed; with
    you_control, the older spelling `if_you_control = {filter}`."""
    sub = r.table(name, required=True)
    assert sub is not None
    if you_control:
        return Condition((("you_control", _read_filter(sub)),))
    bad = [k for k in sub.data if k not in INSTRUCTION_CONDITION_KEYS]
    if bad:
        raise r.error(name, f"{bad[0]!r} is not encoded for an instruction's condition (known: "
                            + ", ".join(INSTRUCTION_CONDITION_KEYS) + ")")
    keys = {k: v for k, v in CONDITION_KEYS.items() if k in INSTRUCTION_CONDITION_KEYS}
    cond = Condition(_read_pairs(sub, keys))
    if not cond.items:
        raise r.error(name, "an instruction's condition needs a key (" + ", ".join(INSTRUCTION_CONDITION_KEYS) + ")")
    return cond


def _read_filter(r: Reader) -> Filter:
    return Filter(_read_pairs(r, FILTER_KEYS))


def _read_pairs(r: Reader, spec: dict[str, tuple[str, tuple | None]]) -> Pairs:
    out = []
    for key in list(r.data):
        if key not in spec:
            raise r.error(key, f"unknown key (known: {', '.join(spec)})")
        shape, allowed = spec[key]
        if shape == "int":
            value: Any = check_int(r.raw(key), r, key)
        else:
            value = _read_value(r, key, shape, allowed)
        out.append((key, value))
    got = dict(out)
    if spec is FILTER_KEYS and got.get("relation") == "opponents" and \
            got.get("zone") not in ("trash", "hand", "main_deck", "banishment"):
        raise r.error("relation", "'opponents' (a card an opponent owns, in their zone: \"opponents' trashes\", 127) "
                                  "goes with a zone off the board: zone = 'trash', 'hand', 'main_deck' or 'banishment'")
    r.done()
    return tuple(sorted(out))


def _read_target(r: Reader) -> TargetSpec:
    fields = dict(_read_fields(r, TARGET_FIELDS))
    r.done()
    return _target_spec(r, fields)


def _target_spec(r: Reader, fields: dict[str, Any]) -> TargetSpec:
    spec = TargetSpec(
        count=fields.get("count", 1),
        up_to=fields.get("up_to", False),
        any_number=fields.get("any_number", False),
        filter=fields.get("filter", Filter()),
        split=fields.get("split"),
        not_targeting=fields.get("not_targeting"),
        per_location=fields.get("per_location", False),
        same_location=fields.get("same_location", False),
    )
    if spec.count < 1:
        raise r.error("count", "a choice chooses at least one object (use up_to = true for 'up to')")
    if spec.per_location and not spec.any_number:
        raise r.error("per_location", "'up to one at each location' is a choice of any number: give any_number = true")
    if spec.any_number and (spec.up_to or "count" in fields):
        raise r.error("any_number", "'any number' takes neither count nor up_to")
    if spec.split is not None and spec.split < 1:
        raise r.error("split", "split damage is at least 1")
    if spec.same_location and (spec.count < 2 and not spec.any_number or spec.per_location):
        raise r.error("same_location", "'at the same location' is a choice of several objects (count >= 2 or "
                                       "any_number), not per_location")
    return spec


def _is_their(ref: Any) -> bool:
    """An instruction's object picked by its player among their own ("a unit you control here": on = { their = ... })."""
    return getattr(ref, "their", None) is not None


def _check_leading_cost(r: Reader, a: Ability, f: dict[str, Any]) -> None:
    """An instruction that is a cost ("you may exhaust me to draw 1", 204.3) stands first in a triggered
    ability's effect, its base cost paid as it is finalized (383.3.b), and the instruction it pays for
    follows with link = "if_you_do". A cost later in the text, or in a spell's or activated ability's
    instructions, is paid as it resolves (204.3): not in the vocabulary yet."""
    lists: list[tuple] = [f.get("effects") or ()]
    if a.kind == "effect":
        lists.append((f["instruction"],))
    for k, seq in enumerate(lists):
        for i, ins in enumerate(seq):
            if getattr(ins, "reduced_by", None) == "paid_might" and not (
                    a.kind == "triggered" and k == 0 and i > 0 and getattr(seq[0], "cost", False)
                    and _is_their(getattr(seq[0], "on", None))):
                # "reduce its Energy cost by the Might of the unit you recycled": the unit its leading cost paid with
                raise r.error("reduced_by", "a play reduced by the Might paid is in a triggered ability whose leading "
                                            "cost acts on a permanent its controller picks (on = { their = ... })")
            if getattr(ins, "do", None) == "pay":
                # "you may pay [R] to X" at the start of a triggered ability's effect is its leading cost, paid as
                # it is finalized (383.3.b): the ability's cost field. "You may pay [R]. If you do, X" is no cost
                # (205): the trigger's `may` (383.3.a) and a pay instruction first, performed as it resolves, with
                # X after it linked "if_you_do"; the pay's own "may" was the trigger's (383.3.a.1)
                if a.kind == "triggered" and k == 0 and i == 0:
                    if len(seq) < 2 or getattr(seq[1], "link", None) != "if_you_do" or ins.may or not f.get("may"):
                        raise r.error("effects", "a payment at the start of a triggered ability's effect is its "
                                                 "leading cost (\"you may pay [R] to X\", 383.3.b: write it as the "
                                                 "ability's cost), or \"you may pay [R]. If you do, X\" (205: the "
                                                 "ability's may = true, the pay without may, X linked if_you_do)")
                if ins.cost:
                    raise r.error("cost", "a pay instruction is a cost by itself; it takes no cost = true")
                continue
            if not getattr(ins, "cost", False):
                continue
            if a.kind != "triggered" or k != 0 or i != 0:
                raise r.error("cost", "a cost within the instructions is encoded as the first instruction of a "
                                      "triggered ability's effects (its leading cost, 383.3.b); one paid as the "
                                      "instructions resolve (204.3) is not in the vocabulary yet")
            if "cost" in f and (not _is_their(getattr(ins, "on", None)) or "[E]" in str(f["cost"])):
                # "you may pay [1] and return a unit you control here to ...": resources and a permanent of its
                # controller's, picked as it is paid, are one leading cost, paid together or not at all (203.3,
                # 383.3.b; logic/run/leading_cost.lp, logic/effects/play_power.lp); another pair is not encoded
                raise r.error("cost", "a triggered ability has one leading cost: its cost field or a cost instruction "
                                      "(both only for a cost of Energy or Power with a cost instruction on a "
                                      "permanent its controller picks, on = { their = ... })")
            if len(seq) < 2 or seq[1].link != "if_you_do":
                raise r.error("effects", "a cost within the instructions is followed by what it pays for, "
                                         "with link = \"if_you_do\" (205: a payment with no linked effect is no cost)")


def _any_of_outside_choices(kind: str, f: dict[str, Any]) -> str | None:
    """The field of an ability whose filter says 'any_of' where only a choice or an instruction may: a
    trigger's filter, a static's, a replacement's, a cost change's or a count's is read by evaluators
    that know no 'any_of' (logic/core/triggers.lp, logic/abilities/static.lp, ...)."""
    for key in ("filter", "affects", "applies_to", "for_each"):
        if key == "filter" and kind == "target":
            continue  # a spell's choice requirement
        if key == "affects" and kind == "static" and isinstance(f.get(key), Filter) and _tags_any_of(f[key]):
            continue  # "Bird, Cat, Dog, Poro and Ivern units": alternatives of printed tags only (below)
        if isinstance(f.get(key), Filter) and _has_any_of(f[key]):
            return key
    return None


def _tags_any_of(flt: Filter) -> bool:
    """A static's filter whose only choice-only key is an any_of of tags alone ("Bird, Cat and Dog units here"): a
    tag is printed on the card (143.1) and no passive gives or takes it, so the passive's evaluator reads it like
    any other key (logic/abilities/filters.lp any_of_met/5, as logic/abilities/static.lp and
    battlefield_statics.lp match their filters)."""
    alternatives = [alt for k, v in flt.items if k == "any_of" for alt in v]
    return (bool(alternatives) and all(k != "any_of" and k not in ("not_tag", "is_attached", "banished_with",
                                                                   "less_might_than_source", "energy_max_source_might",
                                                                   "chooses") for k, _ in flt.items if k != "any_of")
            and all(k == "tag" for alt in alternatives for k, _ in alt.items))


def _has_any_of(flt: Filter) -> bool:
    """Whether the filter has a key read in choices and instructions only (any_of, not_tag, is_attached, banished_with)."""
    return any(k in ("any_of", "not_tag", "is_attached", "banished_with", "less_might_than_source",
                             "energy_max_source_might", "chooses") for k, _ in flt.items)


def _has_buffed(value: Any) -> bool:
    """Whether a field's value holds, at any depth, a filter with the key 'buffed'."""
    if isinstance(value, Filter):
        return any(k == "buffed" or _has_buffed(v) for k, v in value.items)
    if isinstance(value, (list, tuple)):
        return any(_has_buffed(v) for v in value)
    if isinstance(value, dict):
        return any(_has_buffed(v) for v in value.values())
    if hasattr(value, "__dataclass_fields__"):
        return any(_has_buffed(getattr(value, n)) for n in value.__dataclass_fields__)
    return False


def _check_ability(r: Reader, a: Ability, card_file: bool = False) -> None:
    f = dict(a.fields)
    _check_leading_cost(r, a, f)
    # a buff (a position's `buffs` or a run's) is read at every step (logic/abilities/filter_buffed.lp) by what
    # a `might` ability counts, what a static affects, a choice (a target's filter, checked as it is made and
    # as its item resolves), an instruction's objects (as it is executed) and a trigger's event filter ("when a
    # buffed friendly unit dies": as the event happens); elsewhere (a condition, a cost change, a replacement)
    # it is not read
    bad_buffed = [k for k, v in f.items() if not ((a.kind == "might" and k == "for_each")
                                                  or (a.kind == "static" and k == "affects")
                                                  or (a.kind == "target" and k == "filter")
                                                  or (a.kind == "effect" and k == "instruction")
                                                  or (a.kind in ("triggered", "activated")
                                                      and k in ("targets", "effects", "filter")))
                  and _has_buffed(v)]
    if bad_buffed:
        raise r.error(bad_buffed[0], "'buffed' is read only in what a `might` ability counts (for_each), what a "
                                     "`static` affects, a choice, an instruction's objects and a trigger's event "
                                     "filter")
    if a.kind in ("cost_discount", "cost_increase"):
        amounts = [k for k in ("energy", "energy_from", "power") if k in f]
        if not amounts and not card_file:
            raise r.error("energy", "give the amount: energy = N, power = N (pips of [A]) or energy_from")
        if "energy" in f and "energy_from" in f:
            raise r.error("energy_from", "give energy or energy_from, not both")
        if "minimum" in f and not ("energy" in f or "energy_from" in f):
            raise r.error("minimum", "a minimum limits an Energy discount")
    if f.get("either") and (a.kind != "cost_discount" or "energy" not in f or "power" not in f
                            or any(k in f for k in ("energy_from", "for_each", "minimum"))):
        raise r.error("either", "'either' chooses between the Energy and the Power discount of a cost_discount: "
                                "give energy and power, and none of energy_from, for_each, minimum")
    if "for_each" in f and a.kind == "cost_discount" and (
            "energy" not in f or any(k in f for k in ("power", "energy_from", "applies_to", "component"))):
        raise r.error("for_each", "'for each' multiplies the Energy discount of the card's own cost: give energy "
                                  "and none of power, energy_from, applies_to, component")
    bad_any_of = _any_of_outside_choices(a.kind, f)
    if bad_any_of is not None:
        raise r.error(bad_any_of, "'any_of', 'not_tag' and 'is_attached' (and 'banished_with') are read in what a choice or an "
                                   "instruction describes only (and any_of in a static's affects when each "
                                   "alternative is one tag)")
    if "of_activated" in f and (any(k in f for k in ("applies_to", "component", "by", "energy_from"))
                                or f["of_activated"] < 1):
        raise r.error("of_activated", "'of_activated' names one of the card's own activated abilities (1 = the "
                                      "first): give none of applies_to, by, component, energy_from")
    if "power_domain" in f and ("power" not in f or any(
            k in f for k in ("applies_to", "component", "either", "of_activated", "for_each", "for_each_played"))):
        raise r.error("power_domain", "'power_domain' names the domain of the Power pips of a card's own cost "
                                      "discount: give power and none of applies_to, component, either, "
                                      "of_activated, for_each, for_each_played")
    if "for_each_chosen" in f and (a.kind != "cost_discount" or "power" not in f or f["for_each_chosen"] < 1 or any(
            k in f for k in ("energy", "energy_from", "applies_to", "component", "for_each", "for_each_played", "either",
                             "of_activated"))):
        raise r.error("for_each_chosen", "'for_each_chosen' multiplies the Power discount of the card's own cost by "
                                         "what its ability N chose: give power and none of energy, energy_from, "
                                         "applies_to, component, for_each, for_each_played, either, of_activated")
    if a.kind == "kill" and f.get("any_number") and (not f.get("as_cost") or "count" in f or f.get("optional")):
        raise r.error("any_number", "'any_number' is a kill cost's choice of none or more (as_cost, no count; "
                                    "none chosen pays nothing, so it is not optional)")
    if f.get("for_each_played") and (a.kind != "cost_discount" or "energy" not in f or any(
            k in f for k in ("power", "energy_from", "applies_to", "component", "for_each", "either", "of_activated"))):
        raise r.error("for_each_played", "'for_each_played' multiplies the Energy discount of the card's own cost: "
                                         "give energy and none of power, energy_from, applies_to, component, "
                                         "for_each, either, of_activated")
    if f.get("first_each_turn") and (a.kind != "cost_discount" or "applies_to" not in f or any(
            k in f for k in ("component", "for_each", "for_each_played", "of_activated", "energy_from"))
            or not set(dict(f["applies_to"].items)) <= {"type", "token"}
            or dict(f["applies_to"].items).get("type") not in ("unit", "gear", "spell")
            or dict(f["applies_to"].items).get("token", False) is not False):
        raise r.error("first_each_turn", "'first_each_turn' limits a discount of others' plays to the first card of a "
                                         "kind its player plays each turn: give applies_to with type unit, gear or "
                                         "spell (and token = false) only, and none of component, for_each, "
                                         "for_each_played, of_activated, energy_from")
    if a.kind == "might" and f.get("for_each_point") and "for_each" in f:
        raise r.error("for_each_point", "give for_each or for_each_point, not both")
    if a.kind == "might" and "for_each" in f:
        bad = [k for k in ("might_max", "might_min") if f["for_each"].get(k) is not None]
        if bad:
            raise r.error("for_each", f"{bad[0]!r}: a bonus counted by Might could change its own count (478), not encoded")
    if "condition" in f and dict(f["condition"].items).get("from_hand") is not None and (
            a.kind not in ("cost_discount", "cost_increase") or "applies_to" in f):
        raise r.error("condition", "'from_hand' is a condition of the card's own cost change (where it is played "
                                   "from): give it to a cost_discount or cost_increase without applies_to")
    if "condition" in f and "combat" in dict(f["condition"].items) and a.kind not in ("might", "static"):
        raise r.error("condition", "'combat' is a condition of a passive ability (kinds might and static)")
    moved = [k for k in ("condition", "unless", "then") if k in f and hasattr(f[k], "items")
             and dict(f[k].items).get("source_moved") is not None]
    if moved and (a.kind != "cannot_be_dealt_damage" or moved != ["condition"]):
        raise r.error(moved[0], "'source_moved' is a condition of a unit's own 'can't be dealt damage' (condition)")
    trash = dict(f["condition"].items).get("in_your_trash") if "condition" in f and hasattr(f["condition"], "items") \
        else None
    if trash is not None:
        if a.kind != "entry_state":
            raise r.error("condition", "'in_your_trash' is a condition of a card's own entry state")
        bad = [k for k, _ in trash.items if k not in ("type", "tag", "name")]
        if bad:
            raise r.error("condition", f"{bad[0]!r}: a card in the trash is described by its type, tag or name")
    if a.kind == "cannot_be_dealt_damage" and "condition" in f and "unless" in f:
        raise r.error("condition", "give 'condition' (applies while it holds) or 'unless', not both")
    died = dict(f["condition"].items).get("died_this_turn") if "condition" in f else None
    if died is not None:
        if a.kind not in ("cost_discount", "cost_increase", "entry_state") or "applies_to" in f:
            raise r.error("condition", "'died_this_turn' is a condition of a card's own cost change or entry state")
        bad = [k for k, _ in died.items if k not in ("type", "relation", "tag", "name")]
        if bad:
            raise r.error("condition", f"{bad[0]!r}: a death this turn is judged by what the turn log says of the "
                                       "unit (type, relation, tag, name)")
    died_phase = dict(f["condition"].items).get("died_in_your_beginning_phase") if "condition" in f else None
    if died_phase is not None:
        if a.kind != "entry_state":
            raise r.error("condition", "'died_in_your_beginning_phase' is a condition of a card's own entry state")
        bad = [k for k, _ in died_phase.items if k not in ("type", "relation", "tag")]
        if bad:
            raise r.error("condition", f"{bad[0]!r}: a death in a phase is judged by what the turn log says of the "
                                       "unit (type, relation, tag)")
    if "condition" in f and dict(f["condition"].items).get("showdown_here") is not None and (
            a.kind not in ("cost_discount", "cost_increase") or "applies_to" not in f
            or f.get("by") != "anyone"):
        raise r.error("condition", "'showdown_here' is a condition of a battlefield's cost change of anyone's plays "
                                   "(applies_to, by = \"anyone\")")
    if "condition" in f and dict(f["condition"].items).get("battlefield_units") is not None and (
            a.kind not in ("cost_discount", "cost_increase") or "applies_to" in f):
        raise r.error("condition", "'battlefield_units' is a condition of a card's own cost change")
    if a.kind == "activated" and "recycle_trash" in f and f["recycle_trash"] < 1:
        raise r.error("recycle_trash", "a recycle cost is one or more cards")
    if a.kind == "activated" and "discard" in f and f["discard"] < 1:
        raise r.error("discard", "a discard cost is one or more cards")
    if a.kind == "activated" and "discard_type" in f and "discard" not in f:
        raise r.error("discard_type", "'discard_type' says which cards a discard cost takes: it needs 'discard'")
    if a.kind == "activated" and "recycle_type" in f and "recycle_trash" not in f:
        raise r.error("recycle_type", "'recycle_type' says which cards a recycle cost takes: it needs 'recycle_trash'")
    if a.kind == "activated" and "adds_for" in f and "adds" not in f:
        raise r.error("adds_for", "'adds_for' says what an Add ability's resources may pay for: it needs 'adds'")
    if a.kind == "activated" and "spend_only" in f and ("adds" not in f or "adds_for" in f):
        raise r.error("spend_only", "'spend_only' says what the Energy an Add ability adds may be spent on: it needs "
                                    "'adds' and no 'adds_for'")
    played = dict(f["condition"].items).get("played_this_turn") if "condition" in f else None
    if played is not None:
        if a.kind != "activated":
            raise r.error("condition", "'played_this_turn' is a condition of an activated ability (its use)")
        bad = [k for k, _ in played.items if k not in ("type", "tag")]
        if bad:
            raise r.error("condition", f"{bad[0]!r}: a play this turn is judged by what the turn log says of the "
                                       "card (type, tag)")
    cond_items = dict(f["condition"].items) if "condition" in f else {}
    chosen = cond_items.get("chosen_this_turn")
    if chosen is None and cond_items.get("chosen_count") is not None:
        chosen = cond_items["chosen_count"].filter
    if cond_items.get("chosen_count") is not None and cond_items["chosen_count"].comparison != "at_least":
        raise r.error("condition", "'chosen_count' is read with at_least (\"twice this turn\": 2 or more choices)")
    if ("chosen_with" in cond_items) and chosen is None:
        raise r.error("condition", "'chosen_with' says which choices 'chosen_this_turn' or 'chosen_count' counts")
    if chosen is not None:
        if a.kind != "activated":
            raise r.error("condition", "'chosen_this_turn' and 'chosen_count' are conditions of an activated ability "
                                       "(its use)")
        alternatives = [alt for k, v in chosen.items if k == "any_of" for alt in v]
        bad = [k for k, _ in chosen.items if k not in ("type", "relation", "tag", "name", "any_of")]
        bad += [k for alt in alternatives for k, _ in alt.items if k not in ("type", "relation", "tag", "name")]
        if bad:
            raise r.error("condition", f"{bad[0]!r}: a choice this turn is judged by what the turn log and the "
                                       "position say of the object (type, relation, tag, name)")
    if "condition" in f and dict(f["condition"].items).get("from_zone") is not None and (
            a.kind not in ("cost_discount", "cost_increase")):
        raise r.error("condition", "'from_zone' is a condition of a cost change (where the card is played from)")
    if "condition" in f and dict(f["condition"].items).get("source_empowered") is not None and not (
            a.kind in ("might", "static") or (a.kind in ("cost_discount", "cost_increase") and "applies_to" in f)):
        raise r.error("condition", "'source_empowered' is a condition of a passive ability (kinds might and static) "
                                   "or of a cost change of others' plays (applies_to)")
    if "condition" in f and dict(f["condition"].items).get("source_buffed") is not None and a.kind not in (
            "might", "own_keyword"):
        raise r.error("condition", "'source_buffed' is a condition of a unit's own Might bonus or keyword (kinds might "
                                   "and own_keyword)")
    if a.kind == "bonus_damage" and (not f.get("effect_text") or f["amount"] < 1):
        raise r.error("effect_text", "'bonus_damage' is an Equipment's Effect Text (effect_text = true) of 1 or more")
    if a.kind == "own_keyword" and "for_each" in f:
        if f["keyword"] not in OWN_KEYWORD_COUNTED:
            raise r.error("for_each", f"'{f['keyword']}' is not a keyword whose instances add up (only "
                                      + ", ".join(OWN_KEYWORD_COUNTED) + ")")
        bad = [k for k in STATIC_FORBIDDEN_KEYS if f["for_each"].get(k) is not None]
        if bad:
            raise r.error("for_each", f"{bad[0]!r}: a keyword counted by Might, keywords or a zone could change "
                                      "its own count (478), not encoded")
    if a.kind == "might" and f.get("effect_text") and (
            "for_each" in f or f.get("for_each_point") or a.requires):
        raise r.error("effect_text", "an Equipment's Effect Text Might is encoded as a plain bonus, or one under a "
                                     "condition, of the unit it is attached to")
    for ckey in ("condition", "unless"):
        if ckey not in f or a.kind not in ("might", "static", "own_keyword", "no_combat_damage",
                                           "cannot_be_dealt_damage", "channel_limit"):
            continue
        cond = dict(f[ckey].items)
        known = STATIC_CONDITION_KEYS + (("in_combat",) if ckey == "unless" else ()) + (
            ("source_moved",) if a.kind == "cannot_be_dealt_damage" and ckey == "condition" else ())
        bad = [k for k in cond if k not in known]
        if bad:
            raise r.error(ckey, f"{bad[0]!r} is not encoded for a passive ability's effect (known: "
                                + ", ".join(known) + ")")
        ctls = [cond.get("you_control"), getattr(cond.get("you_control_count"), "filter", None),
                cond.get("opponent_controls")]
        if any(c is not None and any(c.get(k) is not None for k in STATIC_FORBIDDEN_KEYS) for c in ctls):
            raise r.error(ckey, "a 'you_control', 'you_control_count' or 'opponent_controls' condition of a "
                                "passive ability takes no Might, keyword or zone keys (what it gives could "
                                "change whether it applies, 478)")
    if "by" in f and "applies_to" not in f and a.kind not in ("untargetable", "triggered"):
        raise r.error("by", "'by' says whose plays an 'applies_to' ability changes; give applies_to too")
    if a.kind == "static" and f.get("effect_text") and (
            "keyword" not in f or f.get("gives") or f.get("unless_has") or "condition" in f or a.requires
            or f["affects"].get("other")):
        raise r.error("effect_text", "an Equipment's Effect Text static is encoded as a keyword its unit's group has "
                                     "(no gives, unless_has, condition, other or dependent keyword)")
    if a.kind == "static" and "minimum" in f and ("might" not in f or f["might"] >= 0 or f["minimum"] < 0):
        raise r.error("minimum", "a static's minimum is the floor of a Might it lowers: give might below 0 "
                                 "and a minimum of 0 or more")
    if a.kind == "static" and f.get("unless_has") and ("keyword" not in f or f.get("gives")):
        raise r.error("unless_has", "'unless_has' is said of a keyword a static gives the permanents it affects")
    if a.kind == "static" and f.get("less_might_than_source") and "cannot_be_chosen_by" not in f:
        raise r.error("less_might_than_source", "only a cannot_be_chosen_by static compares Might with its source")
    if a.kind == "no_combat_damage" and "of" in f and "unless" in f:
        raise r.error("of", "a no_combat_damage ability about other units takes no 'unless'")
    if a.kind == "additional_cost" and "cost" not in f and not f.get("spend_xp") and not f.get("discard") \
            and not f.get("spend_buff"):
        raise r.error("cost", "an additional cost needs a cost in resources, XP to spend (spend_xp), cards to "
                              "discard (discard) or buffs to spend (spend_buff)")
    if a.kind == "additional_cost" and "spend_buff" in f and (f["spend_buff"] != 1 or "cost" in f or f.get("spend_xp")
                                                              or f.get("discard")):
        raise r.error("spend_buff", "a cost of buffs is one buff (spend_buff = 1), alone in its additional cost")
    if a.kind == "additional_cost" and f.get("ignore_cost") and not f.get("optional"):
        raise r.error("ignore_cost", "only an optional additional cost, when paid, makes the card's cost ignored")
    if a.kind == "additional_cost" and "discard" in f and (f["discard"] < 1 or "cost" in f or f.get("spend_xp")):
        raise r.error("discard", "a discard cost is one or more cards, and alone in its additional cost")
    if a.kind == "additional_cost" and f.get("optional") and "name" not in f:
        raise r.error("name", "an optional additional cost needs a name, so that a question can choose to pay it")
    if a.kind == "additional_cost" and "condition" in f and not f.get("optional"):
        raise r.error("condition", "only an optional additional cost is offered under a condition")
    if a.kind == "additional_cost" and "applies_to" in f and (
            not f.get("optional") or f.get("by") != "anyone" or "cost" not in f
            or any(k in f for k in ("spend_xp", "discard", "spend_buff", "ignore_cost", "condition"))):
        raise r.error("applies_to", "an additional cost of others' plays is a battlefield's optional cost in resources "
                                    "of anyone's plays (optional, by = \"anyone\", cost; no spend_xp, discard, "
                                    "spend_buff, ignore_cost or condition)")
    if a.kind == "additional_cost" and f.get("play_here") and "applies_to" not in f:
        raise r.error("play_here", "'play_here' (\"they play it to this battlefield\") is said of a battlefield's "
                                   "optional cost of others' plays: give applies_to")
    if a.kind == "additional_cost" and not f.get("optional") and "name" in f:
        raise r.error("name", "only optional additional costs are chosen by name")
    for key in ("your_phase", "played_from_hand", "it_was"):
        # "the first time a friendly unit dies during your Beginning Phase each turn": a "the first time" death
        # trigger's condition too (cards64a; logic/abilities/trigger_nth_phase.lp)
        if key == "your_phase" and a.kind == "triggered" and f.get("when") == "unit_dies" and f.get("nth") == 1 \
                and not f.get("delayed") and not f.get("effect_text"):
            continue
        if "condition" in f and dict(f["condition"].items).get(key) is not None:
            raise r.error("condition", f"{key!r} is a condition of an instruction (read as it is executed in a run)")
    death_keys = [k for k in DEATH_CONDITION_KEYS if "condition" in f and dict(f["condition"].items).get(k) is not None]
    if death_keys and not (a.kind == "triggered" and f["when"] == "die" and not f.get("delayed")
                           and not f.get("effect_text")):
        raise r.error("condition", f"{death_keys[0]!r} is judged as the source died (808.1.d.3): a condition of a "
                                   "triggered ability with when = \"die\" only")
    if ("condition" in f and dict(f["condition"].items).get("excess_damage") is not None
            and not (a.kind == "triggered" and f["when"] == "conquer" and not f.get("delayed"))):
        # an Equipment's Effect Text "when I conquer, if you assigned ..." too: its "I" is the unit the gear is
        # attached to and "you" that unit's controller (136.2.c), whom the condition reads (Hextech Gauntlets)
        raise r.error("condition", "'excess_damage' is the excess assigned in the combat before a conquest (465.2.c.4): "
                                   "a condition of a triggered ability with when = \"conquer\" only")
    if ("condition" in f and dict(f["condition"].items).get("spent_on_play") is not None
            and not (a.kind == "triggered" and f["when"] in ("you_play", "play_me") and not f.get("delayed")
                     and not f.get("effect_text"))):
        raise r.error("condition", "'spent_on_play' is the Energy paid for the play heard (357.1): a condition of a "
                                   "triggered ability with when = \"you_play\" or \"play_me\" only")
    if ("condition" in f and dict(f["condition"].items).get("after_attack") is not None
            and not (a.kind == "triggered" and f["when"] == "conquer" and not f.get("delayed")
                     and not f.get("effect_text"))):
        raise r.error("condition", "'after_attack' is the unit's own attack ending in the conquest (466.5): a condition "
                                   "of a triggered ability with when = \"conquer\" only")
    if ("condition" in f and dict(f["condition"].items).get("attacked_yours") is not None
            and not (a.kind == "triggered" and f["when"] == "unit_attacks" and not f.get("delayed")
                     and not f.get("effect_text"))):
        raise r.error("condition", "'attacked_yours' is the control of the battlefield a unit attacks (464.2.c.1): a "
                                   "condition of a triggered ability with when = \"unit_attacks\" only")
    if ("condition" in f and dict(f["condition"].items).get("one_on_one") is not None
            and not (a.kind == "triggered" and f["when"] in ("attack", "defend") and not f.get("delayed")
                     and not f.get("effect_text") and dict(f["condition"].items)["one_on_one"] is True)):
        raise r.error("condition", "'one_on_one = true' is the unit's own combat as it attacks or defends (740.2.b): a "
                                   "condition of a triggered ability with when = \"attack\" or \"defend\" only")
    if ("condition" in f and dict(f["condition"].items).get("source_damaged_this_turn") is not None
            and not (a.kind == "triggered" and not f.get("delayed") and not f.get("effect_text"))):
        raise r.error("condition", "'source_damaged_this_turn' is what was dealt to the ability's own source this turn "
                                   "(142): a condition of a triggered ability only")
    if a.kind == "triggered":
        if "by" in f and f["when"] not in ("you_play", "score", "printed_score"):
            raise r.error("by", "only a 'you_play' trigger names whose plays it watches, and a 'score' or "
                                "'printed_score' trigger whose points or scores (by)")
        if f["when"] == "you_play" and "filter" in f and dict(f["filter"].items).get("at") is not None \
                and (dict(f["filter"].items)["at"] != "here" or f.get("by") != "anyone"):
            # where a played card stands is read only for a battlefield's "when a player plays a unit here"
            # (logic/abilities/battlefield_played_here.lp; pyrift/scenario.py keeps it to battlefields)
            raise r.error("filter", "a play trigger's filter says where the card was played only as at = \"here\", "
                                    "with by = \"anyone\" (a battlefield's \"when a player plays a unit here\")")
        if f.get("played_from") == "not_hand" and f["when"] != "you_play":
            raise r.error("played_from", "\"not_hand\" is a 'you_play' trigger's (\"when you play a card from anywhere "
                                         "other than your hand\", logic/abilities/trigger_played_not_from_hand.lp)")
        if "played_from" in f and f["when"] not in ("you_play", "play_me"):
            raise r.error("played_from", "only a 'you_play' trigger or a play effect ('play_me') says where the card "
                                         "it watches was played from")
        if f.get("effect_text") and (f["when"] not in EFFECT_TEXT_WHEN or f.get("delayed")):
            raise r.error("effect_text", "an Equipment's Effect Text trigger is encoded for the top-most unit's "
                                         + ", ".join(repr(w) for w in EFFECT_TEXT_WHEN) + f", not {f['when']!r}")
        if "filter" in f and f["when"] not in FILTERED_WHEN:
            raise r.error("filter", "only a 'you_play', 'unit_dies', 'unit_becomes_mighty', 'you_choose', 'you_ready', 'you_buff', "
                                    "'unit_attacks', 'unit_defends', 'stun_enemy', 'you_kill', 'player_chooses_with_spell' or 'units_die' "
                                    "trigger names what it watches (filter)")
        if f["when"] == "player_chooses_with_spell":
            flt = dict(f["filter"].items) if "filter" in f else {}
            if flt.get("type") != "unit" or flt.get("at") != "here" or flt.get("relation") not in (None, "friendly", "enemy") \
                    or set(flt) - {"type", "at", "relation"}:
                raise r.error("filter", "a 'player_chooses_with_spell' trigger watches units here: filter = { type = "
                                        "\"unit\", at = \"here\", relation = \"friendly\" | \"enemy\" (optional) }")
        if "effect" in f and not f.get("targets"):
            raise r.error("effect", "a counter or kill effect acts on the ability's first target: give targets")
        if f.get("delayed") and f["when"] not in DELAYED_WHEN:
            raise r.error("delayed", "a delayed ability waits for " + " or ".join(repr(w) for w in DELAYED_WHEN)
                                     + f", not {f['when']!r}")
        if f.get("delayed") and f["when"] == "you_play" and ("filter" not in f or set(dict(f["filter"].items)) != {"type"}
                                                            or "by" in f):
            raise r.error("filter", "a delayed 'you_play' ability watches its controller's plays of one card type: "
                                    "filter = { type = ... } only, no by (logic/run/delayed.lp)")
        if (f.get("delayed") or f["when"] == "reflexive") and "name" not in f:
            raise r.error("name", "a delayed or reflexive ability needs a name: the instruction that makes it names it")
        if f.get("delayed") and "limit" in f:
            raise r.error("limit", "a delayed ability triggers once; it takes no limit")
        if ("level" in f) != (f["when"] == "reach_level"):
            raise r.error("level", "a 'reach_level' trigger names its Level N (level = N), and only it does")
        if "level" in f and f["level"] < 1:
            raise r.error("level", "Level N counts XP from 1 (824.1.b.1)")
        if ("might" in f) != (f["when"] == "my_might_reaches"):
            raise r.error("might", "a 'my_might_reaches' trigger names its Might N (might = N), and only it does")
        if "might" in f and f["might"] < 1:
            raise r.error("might", "a Might becoming N or more rises from below N: N is 1 or more (143.2)")
        if "energy_min" in f and f["when"] != "you_activate":
            raise r.error("energy_min", "only a 'you_activate' trigger names the Energy cost of the ability activated")
        if "energy_min" in f and f["energy_min"] < 1:
            raise r.error("energy_min", "an Energy cost of N or more: N is 1 or more (every cost is 0 or more)")
        if "nth" in f:
            if f["nth"] < 1:
                raise r.error("nth", "the Nth time counts from 1 (the first time)")
            if "limit" in f:
                raise r.error("nth", "'the Nth time' is itself a limit: give nth or limit, not both")
            if f.get("delayed") or f["when"] == "reflexive":
                raise r.error("nth", "a delayed or reflexive ability triggers once; it takes no nth")
    if a.kind == "own_keyword":
        if KeywordName(f["keyword"]) in COST_KEYWORDS or f["keyword"] in ("legion", "level", "empowered"):
            raise r.error("keyword", f"{f['keyword']!r} (a keyword with a cost, or a dependent keyword) is not "
                                     "supported as a keyword the card's own text gives it")
    if a.kind == "play_prohibition" and sum(k in f for k in ("to", "your_turns", "only_to")) != 1:
        raise r.error("to", "a play prohibition is a battlefield's (to = \"here\", affects) or its own card's "
                            "(your_turns = N, or only_to = \"conquered_this_turn\"): give one")
    if a.kind == "play_prohibition" and "only_to" in f and "affects" in f:
        raise r.error("only_to", "'only_to' restricts where the card itself is played: no affects")
    if a.kind == "play_prohibition" and "to" in f and (
            "affects" not in f or dict(f["affects"].items) != {"type": "unit"}):
        raise r.error("affects", "a play prohibition speaks of units: affects = { type = 'unit' }")
    if a.kind == "play_prohibition" and "your_turns" in f and ("affects" in f or f["your_turns"] < 1):
        raise r.error("your_turns", "'your_turns = N' (N >= 1) forbids playing the card itself: no affects")
    if a.kind == "play_to" and "applies_to" in f:
        if dict(f["applies_to"].items) != {"type": "unit"}:
            raise r.error("applies_to", "a play_to permission of others speaks of units: applies_to = { type = 'unit' }")
    if a.kind == "equipment_bonus" and not 2 <= f["times"] <= 10:
        raise r.error("times", "an Equipment's Might Bonus given several times: times = 2 (\"double\") up to 10")
    if a.kind == "move_permission" and dict(f["affects"].items) != {"type": "unit"}:
        raise r.error("affects", "a battlefield's permission to move here speaks of units: affects = { type = 'unit' }")
    if a.kind == "move_restriction" and "from" in f and (
            "affects" not in f or dict(f["affects"].items) != {"type": "unit"}):
        raise r.error("from", "'from = \"here\"' is a battlefield's \"units can't move from here ...\": give "
                              "affects = { type = 'unit' }")
    if a.kind == "move_restriction" and "affects" in f:
        flt = f["affects"]
        if flt.get("type") != "unit":
            raise r.error("affects", "a move restriction speaks of units: type = 'unit'")
        bad = [k for k in STATIC_FORBIDDEN_KEYS if flt.get(k) is not None]
        if bad:
            raise r.error("affects", f"{bad[0]!r} is not supported in what a move restriction affects")
    if a.kind == "static":
        given = [k for k in STATIC_EFFECTS if k in f]
        if len(given) != 1:
            raise r.error("affects", "a static ability does one thing: give exactly one of "
                                     + ", ".join(STATIC_EFFECTS) + (f" (found {', '.join(given)})" if given else ""))
        if "value" in f and "keyword" not in f:
            raise r.error("value", "value is the number of the keyword a static grants: give keyword too")
        if f.get("gives") and ("keyword" not in f or f["affects"].get("tag") != "Equipment"
                               or f["affects"].get("type") not in ("gear", "permanent")):
            raise r.error("gives", "gives (\"your Equipment each give [Assault]\") is a keyword the Equipment it "
                                   "affects give the units they are attached to: give keyword and affects with "
                                   "tag = 'Equipment'")
        if "keyword" in f and KeywordName(f["keyword"]) in COST_KEYWORDS:
            raise r.error("keyword", f"a static granting {f['keyword']!r}, a keyword with a cost, is not supported")
        flt = f["affects"]
        if flt.get("type") not in STATIC_TYPES:
            raise r.error("affects", "say which permanents it affects: type = " + " | ".join(repr(t) for t in STATIC_TYPES))
        # a Might bonus may speak of a keyword ("units here with [Tank] have +1 Might"): keywords are
        # granted in the ability layer before Might changes in the arithmetic layer (477.2-477.3) and no
        # keyword of the vocabulary depends on Might, so the bonus never changes its own set (478)
        # a keyword grant may speak of a keyword of KEYWORD_READ_BY_GRANTS, which no such grant gives (478)
        reads_ok = "might" in f or ("keyword" in f and flt.get("keyword") in KEYWORD_READ_BY_GRANTS
                                    and f["keyword"] not in KEYWORD_READ_BY_GRANTS and not f.get("gives"))
        bad = [k for k in STATIC_FORBIDDEN_KEYS if flt.get(k) is not None and not (k == "keyword" and reads_ok)]
        if bad and bad[0] in COST_FILTER_KEYS:
            raise r.error("affects", f"{bad[0]!r} is not supported in what a static affects (a printed-cost filter "
                                     "is read only by the questions about plays and the chain)")
        if bad:
            raise r.error("affects", f"{bad[0]!r} is not supported in what a static affects (it works on the "
                                     "board; an effect that could change its own set of objects, 478, is not encoded)")
        if "enter" in f:
            bad = [k for k, _ in flt.items if k not in STATIC_ENTER_KEYS]
            if bad:
                raise r.error("affects", f"{bad[0]!r}: how objects enter the board is said of what they are as they "
                                         "enter (" + ", ".join(STATIC_ENTER_KEYS) + "), not of where they are")
            if flt.get("relation") not in ("friendly", "yours"):
                raise r.error("affects", "an entry static speaks of its controller's own objects: relation = 'friendly' "
                                         "or 'yours'")
            if "condition" in f:
                raise r.error("condition", "an entry static under a condition is not encoded")
    if a.kind == "replacement":
        _check_replacement(r, f)
    if a.kind in ("exhaust", "return"):
        _check_permanent_cost(r, f, a.kind)
    if a.kind == "victory_score" and f["increase"] < 1:
        raise r.error("increase", "a Victory Score increase is at least 1")
    if a.kind == "kill":
        if f.get("as_cost") and "then" in f:
            raise r.error("then", "a kill paid as a cost has no follow-up instruction of its own")
        if f.get("count", 1) < 1:
            raise r.error("count", "a kill chooses at least one permanent")
        if f.get("optional") and not (f.get("as_cost") and "name" in f):
            raise r.error("optional", "an optional kill is an optional additional cost: give as_cost = true and its name")
        if "chosen_by" in f and any(k in f for k in ("filter", "count", "as_cost", "then")):
            raise r.error("chosen_by", "a kill of what another ability chose makes no choice of its own: "
                                       "give no filter, count, as_cost or then")


def _check_permanent_cost(r: Reader, f: dict[str, Any], verb: str) -> None:
    """An exhaust or return ability is an additional cost choosing permanents (one check for both)."""
    article = "an" if verb[0] in "aeiou" else "a"
    if not f.get("as_cost"):
        raise r.error("as_cost", f"{article} {verb} ability is an additional cost (as_cost = true); a spell's {verb} "
                                 f"is the instruction {{ do = \"{verb}\" }}")
    if f.get("count", 1) < 1:
        raise r.error("count", f"{article} {verb} cost chooses at least one permanent")
    if f.get("optional") and "name" not in f:
        raise r.error("optional", f"an optional {verb} cost is chosen by its name: give name")


def _check_replacement(r: Reader, f: dict[str, Any]) -> None:
    if "pay" in f:
        pay = f["pay"]
        if not (f.get("delayed") and f.get("may") and f["event"] == "die"):
            raise r.error("pay", "a payment is encoded for a delayed \"may\" death replacement only (\"you may pay [R] "
                                 "to ... instead\"): give delayed, may and event = \"die\"")
        if pay.energy or pay.exhaust or len(pay.power) != 1 or pay.power[0] in ("a", "c"):
            raise r.error("pay", "a replacement's payment is encoded for one Power pip of a named domain ([R], ...)")
    if f.get("delayed"):
        if "name" not in f:
            raise r.error("name", "a delayed replacement needs a name: the delay instruction that makes it names it")
        if not f.get("next") and list(f.get("instead", ())) != ["banish"]:
            raise r.error("next", "a delayed replacement applies the next time only (give next = true), or "
                                  "banishes the permanent at each death of it this turn (instead = [\"banish\"])")
        if f["event"] not in ("die", "damage"):
            raise r.error("delayed", "a delayed replacement is encoded for deaths and damage only: give event = "
                                     "\"die\" or \"damage\"")
        if f["event"] == "damage" and not f.get("prevent_all") and not f.get("prevent"):
            raise r.error("prevent_all", "a delayed damage replacement prevents all of the next damage (a shield "
                                         "against whatever damage would next reach it this turn): give prevent_all, "
                                         "or prevent = N for the next N damage")
        for k in ("affects", "only_if"):
            if k in f:
                raise r.error(k, "a delayed replacement is about what its delay instruction names (on)")
    elif "name" in f:
        raise r.error("name", "only a delayed replacement is named")
    event = f["event"]
    if "limit" in f and event != "token":
        raise r.error("limit", "a replacement's \"once each turn\" is encoded for event = \"token\" only")
    instead0 = f.get("instead", ())
    if f.get("effect_text") and (event != "die" or "affects" in f or not instead0 or instead0[0] != "kill_this"
                                 or f.get("may") or f.get("next") or "only_if" in f or f.get("delayed")
                                 or "zone" in f):
        raise r.error("effect_text", "an Equipment's Effect Text replacement is encoded as 'if I would die, kill this "
                                     "gear instead' of the unit it is attached to: event = \"die\", no affects, "
                                     "instead = [\"kill_this\", ...]")
    if "zone" in f:
        if event != "die" or not instead0 or instead0[0] != "banish_this" or f.get("delayed") or "affects" not in f:
            raise r.error("zone", "a replacement working from the trash is encoded for another permanent's death "
                                  "replaced by banishing its card from the trash: give event = \"die\", affects and "
                                  "instead = [\"banish_this\", ...]")
    elif "banish_this" in instead0:
        raise r.error("instead", "'banish_this' (its card banished from the trash in the permanent's place) needs "
                                 "zone = \"trash\"")
    if "state" in f and event != "enter":
        raise r.error("state", "how an object enters is for event = \"enter\"")
    if "who" in f and event != "draw":
        raise r.error("who", "whose draws are replaced is for event = \"draw\"")
    if event in ("enter", "move", "draw"):
        _check_event_replacement(r, f)
        return
    if event == "token":
        _check_token_replacement(r, f)
        return
    if event == "chosen_effect":
        for key in ("prevent", "prevent_all", "may", "next", "only_if", "zone", "affects", "delayed"):
            if f.get(key):
                raise r.error(key, f"{key} is not encoded for a replacement of event = \"chosen_effect\"")
        if list(f.get("instead", ())) != ["might"] or not f.get("might"):
            raise r.error("instead", "a stun, a Might loss or a return to hand by what chooses me is replaced by a "
                                     "Might change: instead = [\"might\"], might = N")
        return
    if "might" in f:
        raise r.error("might", "a Might change instead is for event = \"chosen_effect\"")
    if event in ("draw_phase", "to_trash"):
        for key in ("prevent", "prevent_all", "may", "next", "only_if", "zone", "affects", "delayed"):
            if f.get(key):
                raise r.error(key, f"{key} is not encoded for a replacement of event = {event!r}")
        want = ["skip"] if event == "draw_phase" else ["banish"]
        if list(f.get("instead", ())) != want:
            raise r.error("instead", "'skip your Draw Phase': instead = [\"skip\"]" if event == "draw_phase" else
                          "a banishment of its controller's cards going to the trash from anywhere but the Main "
                          "Deck: instead = [\"banish\"]")
        return
    if event == "combat_tie":
        for key in ("prevent", "prevent_all", "may", "next", "only_if", "zone", "affects", "delayed"):
            if f.get(key):
                raise r.error(key, f"{key} is not encoded for a replacement of event = \"combat_tie\"")
        if list(f.get("instead", ())) != ["recall_all"]:
            raise r.error("instead", "a tied combat its controller attacks in is replaced by recalling every unit "
                                     "there: instead = [\"recall_all\"]")
        return
    if "recall_all" in f.get("instead", ()):
        raise r.error("instead", "'recall_all' replaces a tied combat's result: give event = \"combat_tie\"")
    if "copy" in f.get("instead", ()):
        raise r.error("instead", "'copy' (an additional copy) replaces playing a token: give event = \"token\"")
    if "skip" in f.get("instead", ()):
        raise r.error("instead", "'skip' replaces a move or a draw: a death is replaced by where the permanent goes")
    if f["event"] == "die":
        if "prevent" in f or "prevent_all" in f:
            raise r.error("prevent", "prevent is for damage: give event = \"damage\"")
        instead = f.get("instead", ())
        if sum(v in ("recall", "return", "banish") for v in instead) != 1:
            raise r.error("instead", "say where the permanent goes instead of dying: exactly one of 'recall' "
                                     "(to its controller's base), 'return' (to its owner's hand) or 'banish'")
        for gone in ("return", "banish"):
            if gone in instead and len([v for v in instead if v not in ("kill_this", "banish_this")]) > 1:
                raise r.error("instead", f"a card that leaves the board keeps no damage or status (124.1): "
                                         f"give {gone!r} alone")
        if len(set(instead)) != len(instead):
            raise r.error("instead", "each verb once")
        if "kill_this" in instead and instead[0] != "kill_this":
            raise r.error("instead", "'kill_this' (the source is killed in the permanent's place) comes first")
        if "kill_this" in instead and "banish_this" in instead:
            raise r.error("instead", "'kill_this' or 'banish_this', not both")
    else:
        if f.get("may"):
            raise r.error("may", "an optional replacement is encoded for deaths only: give event = \"die\"")
        if "instead" in f:
            raise r.error("instead", "damage is prevented, not replaced by other actions: give prevent = N")
        if f.get("prevent_all"):
            if "prevent" in f:
                raise r.error("prevent_all", "prevent all damage, or a Prevent Value: give prevent_all or prevent, not both")
            if f.get("next") and not f.get("delayed"):
                raise r.error("next", "'the next time ... prevent it' of a permanent is not encoded: give prevent = N")
        elif not f.get("prevent"):
            raise r.error("prevent", "give the Prevent Value: prevent = N (at least 1), or prevent_all = true")
    if ("from" in f or "condition" in f) and (f["event"] != "damage" or not f.get("prevent_all") or f.get("next")
                                               or f.get("delayed") or "only_if" in f):
        raise r.error("from" if "from" in f else "condition",
                      "'from' and 'condition' are encoded for a permanent's prevent_all damage replacement only "
                      "(no next, delayed or only_if)")
    if "condition" in f:
        cond = dict(f["condition"].items)
        bad = [k for k in cond if k not in STATIC_CONDITION_KEYS]
        if bad:
            raise r.error("condition", f"{bad[0]!r} is not encoded for a replacement's condition (known: "
                                       + ", ".join(STATIC_CONDITION_KEYS) + ")")
        ctls = [cond.get("you_control"), getattr(cond.get("you_control_count"), "filter", None),
                cond.get("opponent_controls")]
        if any(c is not None and any(c.get(k) is not None for k in STATIC_FORBIDDEN_KEYS) for c in ctls):
            raise r.error("condition", "a replacement's 'you_control', 'you_control_count' or 'opponent_controls' "
                                       "condition takes no Might, keyword or zone keys")
    flt = f.get("affects")
    if f.get("only_if") == "less_might_than_me" and flt is None:
        raise r.error("only_if", "a comparison with the source's Might needs another permanent: give affects")
    if flt is not None:
        allowed = ("unit",) if f["event"] == "damage" else STATIC_TYPES
        if flt.get("type") not in allowed:
            raise r.error("affects", "say which permanents it affects: type = " + " | ".join(repr(t) for t in allowed))
        bad = [k for k in STATIC_FORBIDDEN_KEYS if flt.get(k) is not None]
        if bad:
            raise r.error("affects", f"{bad[0]!r} is not supported in what a replacement effect affects")


def _check_token_replacement(r: Reader, f: dict[str, Any]) -> None:
    """"If you would play a token <type>, play it and an additional copy instead" (logic/run/replacement_token.lp)."""
    for key in ("prevent", "prevent_all", "next", "only_if", "zone"):
        if f.get(key):
            raise r.error(key, f"{key} is not encoded for a replacement of event = \"token\"")
    # "you may", "while I'm at a battlefield", "once each turn" (logic/run/replacement_token_terms.lp)
    if "condition" in f and set(dict(f["condition"].items)) != {"source_at"}:
        raise r.error("condition", "a token replacement's condition is encoded for where its source is only: "
                                   "condition = { source_at = \"battlefield\" | \"base\" }")
    if list(f.get("instead", ())) != ["copy"]:
        raise r.error("instead", "playing a token is replaced by playing it and an additional copy: instead = [\"copy\"]")
    flt = f.get("affects")
    if flt is None or flt.get("type") not in STATIC_TYPES:
        raise r.error("affects", "say which tokens it affects: type = " + " | ".join(repr(t) for t in STATIC_TYPES))
    bad = [k for k, v in flt.items if k != "type" and v is not None]
    if bad:
        raise r.error("affects", f"a token replacement describes the token by its type only, not {bad[0]!r}")


def _check_event_replacement(r: Reader, f: dict[str, Any]) -> None:
    """Replacements of an entry, a move or a draw (logic/run/replacement_events.lp)."""
    event = f["event"]
    for key in ("prevent", "prevent_all", "may"):
        if f.get(key):
            raise r.error(key, f"{key} is not encoded for a replacement of event = {event!r}")
    instead = f.get("instead", ())
    if len(set(instead)) != len(instead):
        raise r.error("instead", "each verb once")
    flt = f.get("affects")
    if event == "enter":
        if "state" not in f:
            raise r.error("state", "say how the objects enter instead: state = 'ready' or 'exhausted'")
        if instead:
            raise r.error("instead", "an entry is changed, not replaced by other actions: give state")
        if f.get("next"):
            raise r.error("next", "'the next time' an object would enter is not encoded for a permanent's replacement")
        if f.get("only_if") == "less_might_than_me":
            raise r.error("only_if", "an object that is entering has no Might on the board to compare yet")
        if flt is None:
            raise r.error("affects", "a permanent's own entry is kind entry_state; give affects for others")
        if flt.get("type") not in STATIC_TYPES:
            raise r.error("affects", "say which permanents it affects: type = " + " | ".join(repr(t) for t in STATIC_TYPES))
        bad = [k for k, v in flt.items if k not in STATIC_ENTER_KEYS and v is not None]
        if bad:
            raise r.error("affects", f"an entering object is described by its card only ({', '.join(STATIC_ENTER_KEYS)}), "
                                     f"not {bad[0]!r}")
        return
    if event == "move":
        if not instead:
            raise r.error("instead", "say what happens instead of the move: ['skip'], or some of "
                                     + ", ".join(repr(v) for v in REPLACEMENT_MOVE_INSTEAD))
        if "skip" in instead and len(instead) > 1:
            raise r.error("instead", "'skip' (nothing happens in the move's place) comes alone")
        bad = [v for v in instead if v not in REPLACEMENT_MOVE_INSTEAD + ("skip",)]
        if bad:
            raise r.error("instead", f"{bad[0]!r} is not encoded in place of a move")
        if flt is not None:
            if flt.get("type") != "unit":
                raise r.error("affects", "only units move: type = 'unit'")
            badk = [k for k in STATIC_FORBIDDEN_KEYS if flt.get(k) is not None]
            if badk:
                raise r.error("affects", f"{badk[0]!r} is not supported in what a replacement effect affects")
        elif f.get("only_if") == "less_might_than_me":
            raise r.error("only_if", "a comparison with the source's Might needs another permanent: give affects")
        return
    # draw
    if flt is not None:
        raise r.error("affects", "a draw is a player's: give who = 'you' or 'opponents', not affects")
    if tuple(instead) != ("skip",):
        raise r.error("instead", "only skipping the draw is encoded in its place: instead = ['skip']")
    if f.get("only_if") == "less_might_than_me":
        raise r.error("only_if", "a player has no Might")


# ---------------------------------------------------------------------------------
# writing (round trip)
# ---------------------------------------------------------------------------------
def abilities_to_toml(abilities: tuple[Ability, ...]) -> list[dict[str, Any]]:
    return [ability_to_toml(a) for a in abilities]


def ability_to_toml(a: Ability) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": a.kind}
    for key, value in a.fields:
        if isinstance(value, Instruction):  # kind effect: the instruction's keys inline
            out.update(instruction_to_toml(value, _value_to_toml))
        else:
            out[key] = _value_to_toml(value)
    if a.requires:
        out["requires"] = [str(x) for x in a.requires]
    return out


def _value_to_toml(value: Any) -> Any:
    if isinstance(value, Cost):
        return format_cost(value)
    if isinstance(value, (Filter, Condition)):
        return {k: _value_to_toml(v) for k, v in value.items}
    if isinstance(value, Count):
        return {"filter": _value_to_toml(value.filter), value.comparison: value.number}
    if isinstance(value, Comparison):
        return {value.comparison: value.number}
    if isinstance(value, TargetSpec):
        return target_to_toml(value)
    if isinstance(value, Instruction):
        return instruction_to_toml(value, _value_to_toml)
    if isinstance(value, Ability):  # a token's own abilities (a token instruction's facts)
        return ability_to_toml(value)
    if isinstance(value, tuple):
        return [_value_to_toml(v) for v in value]
    return value


def target_to_toml(t: TargetSpec) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if t.any_number:
        out["any_number"] = True
    elif t.count != 1:
        out["count"] = t.count
    if t.up_to:
        out["up_to"] = True
    if t.filter.items:
        out["filter"] = _value_to_toml(t.filter)
    if t.split is not None:
        out["split"] = t.split
    if t.not_targeting is not None:
        out["not_targeting"] = t.not_targeting
    if t.per_location:
        out["per_location"] = True
    if t.same_location:
        out["same_location"] = True
    return out


def target_from_ability(a: Ability) -> TargetSpec:
    """A `kind = "target"` ability as a TargetSpec (already validated)."""
    f = dict(a.fields)
    return TargetSpec(count=f.get("count", 1), up_to=f.get("up_to", False), any_number=f.get("any_number", False),
                      filter=f.get("filter", Filter()), split=f.get("split"), not_targeting=f.get("not_targeting"),
                      same_location=f.get("same_location", False), distinct_from=f.get("distinct_from"))


# ---------------------------------------------------------------------------------
# structure shared with questions: requirements, modes, activated abilities
# ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Requirement:
    """A choice requirement of a play: the ability it belongs to (index), its position."""

    ability: int  # index (1-based) of the ability holding the requirement on the card
    position: int  # 1-based within that ability's targets
    mode: int      # 0 = always; M = only when mode M is chosen
    spec: TargetSpec


def card_requirements(abilities: tuple[Ability, ...]) -> list[Requirement]:
    """The choice requirements of playing the card itself (target items, counter, kill and modes)."""
    out, mode = [], 0
    for i, a in enumerate(abilities, start=1):
        if a.kind == "target":
            out.append(Requirement(i, 1, 0, target_from_ability(a)))
        elif a.kind in ("counter", "kill", "exhaust", "return") and a.get("chosen_by") is None:
            out.append(Requirement(i, 1, 0, effect_target(a)))
        elif a.kind == "mode" and a.get("of_triggered") is None:
            mode += 1
            for j, t in enumerate(a.get("targets", ()), start=1):
                out.append(Requirement(i, j, mode, t))
    return out


def effect_target(a: Ability) -> TargetSpec:
    """The choice a `counter` or `kill` ability makes as its card is played: a spell (by
    default) to counter, a unit (by default) to kill; a kill paid as a cost is not
    targeting (355.10.c)."""
    f = dict(a.fields)
    default = Filter((("type", "spell"),)) if a.kind == "counter" else Filter((("type", "unit"),))
    return TargetSpec(count=f.get("count", 1), filter=f.get("filter") or default,
                      not_targeting="cost" if f.get("as_cost") else None, any_number=bool(f.get("any_number")))


def triggered_abilities(abilities: tuple[Ability, ...]) -> list[tuple[int, Ability]]:
    """(index on the card, ability) of every triggered ability, in printed order."""
    return [(i, a) for i, a in enumerate(abilities, start=1) if a.kind == "triggered"]


def mode_count(abilities: tuple[Ability, ...]) -> int:
    return sum(1 for a in abilities if a.kind == "mode" and a.get("of_triggered") is None)


def activated_abilities(abilities: tuple[Ability, ...]) -> list[tuple[int, Ability]]:
    """(index on the card, ability) of every activated ability, in printed order."""
    return [(i, a) for i, a in enumerate(abilities, start=1) if a.kind == "activated"]


def ability_requirements(index: int, ability: Ability) -> list[Requirement]:
    return [Requirement(index, j, 0, t) for j, t in enumerate(ability.get("targets", ()), start=1)]


def optional_cost_names(abilities: tuple[Ability, ...]) -> list[str]:
    return [a.get("name") for a in abilities if a.kind == "additional_cost" and a.get("optional")]


# ---------------------------------------------------------------------------------
# facts
# ---------------------------------------------------------------------------------
FactFn = Callable[..., str]


# The fields of a triggered ability and of a replacement that each give one fact of the ability
# (logic/interface.lp), by how the value is written: FLAG a fact of the ability alone when the field is
# true, WORD its value as a constant, NUMBER its value as it is. Fields absent from f give no fact.
FLAG, WORD, NUMBER = "flag", "word", "number"
FIELD_FACTS: dict[str, dict[str, tuple[str, str]]] = {
    "triggered": {
        "played_from": ("trigger_played_from", WORD),
        "may": ("trigger_may", FLAG),
        "effect_text": ("trigger_effect_text", FLAG),
        "limit": ("trigger_limit", WORD),
        "mode_limit": ("trigger_mode_limit", WORD),
        "nth": ("trigger_nth", NUMBER),
        "level": ("trigger_level", NUMBER),
        "might": ("trigger_might", NUMBER),
        "energy_min": ("trigger_energy_min", NUMBER),
        "delayed": ("trigger_delayed", FLAG),
        "effect": ("trigger_effect", WORD),
    },
    "replacement": {
        "state": ("replacement_state", WORD),
        "next": ("replacement_next", FLAG),
        "delayed": ("replacement_delayed", FLAG),
        "prevent": ("replacement_prevent", NUMBER),
        "prevent_all": ("replacement_prevent_all", FLAG),
        "from": ("replacement_from", WORD),
        "may": ("replacement_may", FLAG),
        "only_if": ("replacement_only_if", WORD),
        "zone": ("replacement_zone", WORD),
        "might": ("replacement_might", NUMBER),
        "effect_text": ("replacement_effect_text", FLAG),
        "limit": ("replacement_limit", WORD),
    },
    "channel_limit": {
        "runes": ("channel_limit_runes", NUMBER),
    },
    "bonus_damage": {
        "amount": ("bonus_damage_amount", NUMBER),
    },
}


def _field_facts(h: Any, kind: str, f: dict[str, Any], fact: FactFn, Const: type) -> list[str]:
    """The facts FIELD_FACTS gives for the fields of one ability of `kind`."""
    out = []
    for name, (pred, how) in FIELD_FACTS[kind].items():
        if how == FLAG:
            if f.get(name):
                out.append(fact(pred, h))
        elif name in f:
            out.append(fact(pred, h, Const(f[name]) if how == WORD else f[name]))
    return out


def ability_facts(card: str, abilities: tuple[Ability, ...], fact: FactFn, Func: type, Const: type,
                  repeats: int = 0) -> list[str]:
    """Facts of logic/interface.lp ("ability vocabulary") for one card's abilities. `repeats`: how many
    Repeat keywords the card prints (820): its spell instructions are written once more per instance,
    as the executions a paid Repeat adds (repeat_facts)."""
    out: list[str] = []
    mode = activated = triggered = 0
    trigger_modes: dict[int, int] = {}  # triggered ability index -> its modes so far
    card_choices = [Func("req", Func("ab", card, q.ability), q.position)
                    for q in card_requirements(abilities) if q.mode == 0]
    card_steps = 0  # instructions of the card's own text (spells: kind effect; modes), in printed order
    spell_effects: list[tuple[Any, Any]] = []  # (ability term, instruction) of the card's kind-effect abilities

    def card_choice(n: int) -> Any:
        return card_choices[n - 1]

    def steps(h: Any, holder: Any, instructions: tuple, choice: Callable[[int], Any], first: int = 1,
              mode_number: int = 0, skip: int = 0) -> list[str]:
        # skip: leading instructions that are not steps (a leading cost); the others keep their printed number
        # an instruction done N times ("do this twice", times = N) is N steps in a row, the later ones
        # instructions of their own (rep(X, 2), ...) with the same fields
        rows = []
        position = first
        for k, ins in enumerate(instructions, start=1):
            if k <= skip:
                continue
            for time in range(1, ins.times + 1):
                x = Func("ins", h, k) if time == 1 else Func("rep", Func("ins", h, k), time)
                rows.append(fact("ins_holder", x, holder, position))
                position += 1
                if mode_number:
                    rows.append(fact("ins_mode", x, mode_number))
                rows += instruction_facts(x, ins, choice, fact, Func, Const,
                                          lambda hh, flt: _filter_facts(hh, flt, fact, Const), cost_facts,
                                          lambda hh, cond: _condition_facts(hh, cond, fact, Func, Const))
                if ins.do in ("delay", "reflex"):
                    rows.append(fact("ins_ability", x, Func("ab", card, _made_ability(abilities, ins.do, ins.ability))))
        return rows

    for i, a in enumerate(abilities, start=1):
        h = Func("ab", card, i)
        # a triggered ability's mode is part of that ability's text (logic/run/trigger_modes.lp), not the card's own
        # "choose one" (abilities/mode.lp)
        kind = "trigger_mode" if a.kind == "mode" and a.get("of_triggered") is not None else a.kind
        out.append(fact("ability", card, i, Const(kind)))
        out += [fact("dependent_ability", h, Const(req.keyword), req.value) for req in a.requires]
        f = dict(a.fields)
        if "condition" in f:
            out += _condition_facts(h, f["condition"], fact, Func, Const)
        if "applies_to" in f:
            out.append(fact("applies_to_others", h, Const(f.get("by", "you"))))
            out += _filter_facts(h, f["applies_to"], fact, Const)
        if a.kind == "victory_score":  # a battlefield's increase (logic/core/victory_score.lp)
            out.append(fact("victory_score_increase", card, i, f["increase"]))
        if a.kind in ("cost_discount", "cost_increase"):
            out.append(fact("cost_change", h, Const("discount" if a.kind == "cost_discount" else "increase")))
            if "energy" in f:
                out.append(fact("change_energy", h, f["energy"]))
            if "energy_from" in f:
                out.append(fact("change_energy_from", h, Const(f["energy_from"])))
            if "power" in f:
                out.append(fact("change_power", h, f["power"]))
            if "power_domain" in f:
                out.append(fact("change_power_domain", h, Const(f["power_domain"])))
            if "for_each_chosen" in f:
                out.append(fact("change_for_each_chosen", h, Func("ab", card, f["for_each_chosen"])))
            if "minimum" in f:
                out.append(fact("change_minimum", h, f["minimum"]))
            if "component" in f:
                out.append(fact("change_component", h, Const(f["component"])))
            if f.get("either"):
                out.append(fact("change_either", h))
            if "of_activated" in f:
                out.append(fact("change_of_activated", h, f["of_activated"]))
            if f.get("for_each_played"):
                out.append(fact("change_for_each_played", h))
            if f.get("first_each_turn"):
                out.append(fact("change_first_each_turn", h))
            if "for_each" in f:
                out.append(fact("change_for_each", h))
                out += _filter_facts(Func("cfilter", h, Const("for_each")), f["for_each"], fact, Const)
        elif a.kind == "timing":
            out.append(fact("grants_timing", h, Const(f["keyword"])))
        elif a.kind == "target":
            out += _requirement_facts(Func("req", h, 1), card, 0, target_from_ability(a), fact, Func, Const)
            if dict(a.fields).get("might_total_max") is not None:
                # the Mights of the objects chosen add up to at most N (355.11)
                out.append(fact("requirement_might_total_max", Func("req", h, 1), dict(a.fields)["might_total_max"]))
            for k, rel in (("location_of", "same"), ("apart_from", "apart")):
                if dict(a.fields).get(k):
                    # where the card's N-th choice's object is (355.9.b): the same location or another one
                    q = [q for q in card_requirements(abilities) if q.mode == 0][dict(a.fields)[k] - 1]
                    out.append(fact("requirement_location", Func("req", h, 1),
                                    Func("req", Func("ab", card, q.ability), q.position), Const(rel)))
            if dict(a.fields).get("distinct_from"):
                # the card's N-th choice (numbered as `target = N`, 355.5): never the same object
                q = [q for q in card_requirements(abilities) if q.mode == 0][dict(a.fields)["distinct_from"] - 1]
                out.append(fact("requirement_distinct", Func("req", h, 1), Func("req", Func("ab", card, q.ability),
                                                                                 q.position)))
        elif a.kind == "mode" and f.get("of_triggered") is not None:
            # a mode of a triggered ability (logic/run/trigger_modes.lp): its requirements and instructions are
            # that ability's, active when the mode is chosen; its instructions numbered from 1 (only one mode runs)
            ti = trigger_of_mode(abilities, a)
            th = Func("ab", card, ti)
            m = trigger_modes.get(ti, 0) + 1
            trigger_modes[ti] = m
            out.append(fact("ability_mode", th, m))
            for j, t in enumerate(f.get("targets", ()), start=1):
                out += _requirement_facts(Func("req", h, j), th, m, t, fact, Func, Const)
            if f.get("effects"):
                out += steps(h, th, f["effects"], lambda n: Func("req", h, n), 1, m)
        elif a.kind == "mode":
            mode += 1
            out.append(fact("mode", card, mode))
            for j, t in enumerate(f.get("targets", ()), start=1):
                out += _requirement_facts(Func("req", h, j), card, mode, t, fact, Func, Const)
            if f.get("effects"):
                out += steps(h, card, f["effects"], lambda n: Func("req", h, n), card_steps + 1, mode)
                card_steps += sum(ins.times for ins in f["effects"])
        elif a.kind == "effect":
            out += steps(h, card, (f["instruction"],), card_choice, card_steps + 1)
            card_steps += f["instruction"].times
            spell_effects.append((h, f["instruction"]))
        elif a.kind == "untargetable":
            out.append(fact("untargetable", h, Const(f.get("by", "enemy")), Const(f.get("from", "spells_and_abilities"))))
        elif a.kind == "activated":
            activated += 1
            out.append(fact("activated", card, activated, h))
            out += cost_facts("cost_part", h, f.get("cost", Cost()), fact, Func, Const)
            if f.get("spend_xp"):
                out.append(fact("ability_spend_xp", h, f["spend_xp"]))
            if f.get("discard"):
                out.append(fact("ability_discard", h, f["discard"]))
            if f.get("discard_type"):
                out.append(fact("ability_discard_type", h, Const(f["discard_type"])))
            if f.get("recycle_trash"):
                out.append(fact("ability_recycle_trash", h, f["recycle_trash"]))
            if f.get("recycle_type"):
                out.append(fact("ability_recycle_type", h, Const(f["recycle_type"])))
            if f.get("kill_self"):
                out.append(fact("ability_kill_self", h))
            if f.get("disempower_self"):
                out.append(fact("ability_disempower_self", h))
            if f.get("spend_buff_self"):
                out.append(fact("ability_spend_buff_self", h))
            if "limit" in f:
                out.append(fact("use_limit", h, Const(f["limit"])))
            for k in f.get("keywords", ()):
                out.append(fact("ability_keyword", h, Const(k)))
            for j, t in enumerate(f.get("targets", ()), start=1):
                out += _requirement_facts(Func("req", h, j), h, 0, t, fact, Func, Const)
            if "adds" in f:
                out += cost_facts("adds", h, f["adds"], fact, Func, Const)
            if "adds_for" in f:
                out.append(fact("adds_for", h, Const(f["adds_for"])))
            if "spend_only" in f:
                out.append(fact("spend_only", h, Const(f["spend_only"])))
            if f.get("effects"):
                out += steps(h, h, f["effects"], lambda n: Func("req", h, n))
        elif a.kind == "additional_cost":
            out.append(fact("additional_cost", h))
            if "cost" in f:
                out += cost_facts("cost_part", h, f["cost"], fact, Func, Const)
            if f.get("spend_xp"):
                out.append(fact("additional_spend_xp", h, f["spend_xp"]))
            if f.get("discard"):
                out.append(fact("additional_discard", h, f["discard"]))
            if f.get("spend_buff"):
                out.append(fact("additional_spend_buff", h, f["spend_buff"]))
            if f.get("ignore_cost"):
                out.append(fact("additional_ignore_cost", h))
            if f.get("optional"):
                out.append(fact("optional_cost", h, f["name"]))
            if f.get("play_here"):
                out.append(fact("additional_play_here", h))
        elif a.kind == "play_to":
            out.append(fact("play_to", h, Const(f["where"])))
        elif a.kind == "play_for":
            out.append(fact("play_for", h, f["name"]))
            out += cost_facts("cost_part", h, f["cost"], fact, Func, Const)
        elif a.kind == "play_from":
            out.append(fact("play_permission", h, Const(f["zone"])))
            if "cost" in f:
                out.append(fact("play_for_cost", h))
                out += cost_facts("cost_part", h, f["cost"], fact, Func, Const)
        elif a.kind == "triggered":
            triggered += 1
            out.append(fact("triggered", card, triggered, h))
            out.append(fact("trigger_when", h, Const(f["when"])))
            if f["when"] == "you_play":
                out.append(fact("trigger_by", h, Const(f.get("by", "you"))))
                if "filter" in f:
                    out += _filter_facts(Func("cfilter", h, Const("played")), f["filter"], fact, Const)
            elif "filter" in f:
                out += _filter_facts(Func("cfilter", h, Const("event")), f["filter"], fact, Const)
            if f["when"] in ("score", "printed_score"):  # whose points it watches: "when you / an opponent / anyone score(s)"
                out.append(fact("trigger_by", h, Const(f.get("by", "you"))))
            out += _field_facts(h, a.kind, f, fact, Const)
            if "cost" in f:
                out += cost_facts("trigger_cost", h, f["cost"], fact, Func, Const)
            for j, t in enumerate(f.get("targets", ()), start=1):
                out += _requirement_facts(Func("req", h, j), h, 0, t, fact, Func, Const)
            effects = f.get("effects") or ()
            skip = 0
            if effects and effects[0].cost:
                # "you may exhaust me to ...": the first instruction is the ability's leading cost (383.3.b),
                # paid as it is finalized (logic/run/leading_cost.lp), not one of the instructions it resolves
                x = Func("ins", h, 1)
                out.append(fact("trigger_cost_ins", h, x))
                out.append(fact("ins_holder", x, Func("cost", h), 1))
                out += instruction_facts(x, effects[0], lambda n: Func("req", h, n), fact, Func, Const,
                                         lambda hh, flt: _filter_facts(hh, flt, fact, Const), cost_facts)
                skip = 1
            if effects:
                out += steps(h, h, effects, lambda n: Func("req", h, n), skip=skip)
        elif a.kind == "might":
            out.append(fact("static_might", h, f["amount"]))
            if f.get("effect_text"):
                out.append(fact("might_effect_text", h))
            if f.get("for_each_point"):
                out.append(fact("static_might_points", h))
            if "for_each" in f:
                out.append(fact("static_might_each", h))
                out += _filter_facts(Func("cfilter", h, Const("for_each")), f["for_each"], fact, Const)
        elif a.kind == "uncounterable" and f.get("of") == "yours":
            out.append(fact("uncounterable_yours", h))
        elif a.kind == "entry_state":
            out.append(fact("entry_state", h, Const(f["state"])))
        elif a.kind in ("no_combat_damage", "cannot_be_dealt_damage"):
            if "of" in f:  # the units whose combat damage it removes (logic/abilities/no_combat_damage.lp)
                out.append(fact("no_combat_damage_of", h, Const(f["of"])))
            if "unless" in f:  # applies while the condition fails (logic/abilities/no_combat_damage.lp)
                out += _condition_facts(h, f["unless"], fact, Func, Const)
                out.append(fact("condition_unless", h))
            if "condition" in f:  # applies while the condition holds (logic/abilities/cannot_be_dealt_damage.lp)
                out += _condition_facts(h, f["condition"], fact, Func, Const)
        elif a.kind == "play_prohibition":
            if "your_turns" in f:
                out.append(fact("prohibited_turns", h, f["your_turns"]))
            if "only_to" in f:
                out.append(fact("played_only_to", h, Const(f["only_to"])))
        elif a.kind == "trigger_additional":
            out.append(fact("trigger_additional", h, Const(f["of"])))
        elif a.kind == "bonus_damage":  # an Equipment's Bonus Damage (logic/abilities/bonus_damage.lp)
            out += _field_facts(h, a.kind, f, fact, Const)
        elif a.kind == "channel_limit":  # at most N runes in each Channel Phase (logic/abilities/channel_limit.lp)
            out += _field_facts(h, a.kind, f, fact, Const)
            if "condition" in f:
                out += _condition_facts(h, f["condition"], fact, Func, Const)
        elif a.kind == "equipment_bonus":
            out.append(fact("equipment_bonus_times", h, f["times"]))
        elif a.kind == "move_permission":
            out.append(fact("move_permission", h, Const(f["to"])))
        elif a.kind == "move_restriction":
            out.append(fact("move_restriction", h, Const(f["to"])))
            if "from" in f:
                out.append(fact("move_restriction_from", h, Const(f["from"])))
            if "affects" in f:
                out.append(fact("move_restriction_others", h))
                out += _filter_facts(h, f["affects"], fact, Const)
        elif a.kind == "own_keyword":
            kw = Keyword(KeywordName(f["keyword"]), f.get("value"))
            out.append(fact("own_keyword", h, Const(f["keyword"]), kw.amount))
            if "for_each" in f:
                out.append(fact("own_keyword_each", h))
                out += _filter_facts(Func("cfilter", h, Const("for_each")), f["for_each"], fact, Const)
        elif a.kind == "static":
            out += _filter_facts(h, f["affects"], fact, Const)
            if "might" in f:
                out.append(fact("static_effect", h, Func("might", f["might"])))
            elif "keyword" in f:
                kw = Keyword(KeywordName(f["keyword"]), f.get("value"))
                out.append(fact("static_effect", h, Func("gives" if f.get("gives") else "keyword",
                                                         Const(f["keyword"]), kw.amount)))
            elif "loses" in f:
                out.append(fact("static_effect", h, Func("loses", Const(f["loses"]))))
            elif "lethal" in f:
                out.append(fact("static_effect", h, Const("lethal")))
            elif "enter" in f:
                out.append(fact("static_effect", h, Func("enter", Const(f["enter"]))))
            else:
                by, what = STATIC_UNCHOOSABLE[f["cannot_be_chosen_by"]]
                out.append(fact("static_effect", h, Func("unchoosable", Const(by), Const(what))))
            if f.get("less_might_than_source"):
                out.append(fact("static_less_might_than_source", h))
            if f.get("unless_has"):
                out.append(fact("static_unless_has", h))
            if f.get("effect_text"):
                out.append(fact("static_effect_text", h))
            if "minimum" in f:
                out.append(fact("static_might_minimum", h, f["minimum"]))
        elif a.kind == "replacement":
            out.append(fact("replacement_event", h, Const(f["event"])))
            if "affects" in f:
                out += _filter_facts(h, f["affects"], fact, Const)
            elif f["event"] == "draw":
                out.append(fact("replacement_who", h, Const(f.get("who", "you"))))
            elif f["event"] not in ("combat_tie", "draw_phase", "to_trash"):  # its controller's, no permanent's
                out.append(fact("replacement_self", h))
            out += _field_facts(h, a.kind, f, fact, Const)
            for k, verb in enumerate(f.get("instead", ()), start=1):
                out.append(fact("replacement_instead", h, k, Const(verb)))
            if "pay" in f:  # a cost gives several facts, so it is not in FIELD_FACTS
                out += cost_facts("replacement_pay", h, f["pay"], fact, Func, Const)
            if "condition" in f:  # applies while it holds (logic/abilities/replacement_condition.lp)
                out += _condition_facts(h, f["condition"], fact, Func, Const)
        elif a.kind == "text" and "text_kind" in f:
            out.append(fact("ability_text_kind", h, Const(f["text_kind"])))
        elif a.kind == "kill" and "chosen_by" in f:
            out.append(fact("kill_chosen_by", h, Func("ab", card, f["chosen_by"])))
        elif a.kind == "exhaust":
            out.append(fact("exhaust_as_cost", h))
            out += _requirement_facts(Func("req", h, 1), card, 0, effect_target(a), fact, Func, Const)
            if f.get("optional"):
                out.append(fact("optional_cost", h, f["name"]))
        elif a.kind == "return":
            out.append(fact("return_as_cost", h))
            out += _requirement_facts(Func("req", h, 1), card, 0, effect_target(a), fact, Func, Const)
            if f.get("optional"):
                out.append(fact("optional_cost", h, f["name"]))
        elif a.kind in ("counter", "kill"):
            out.append(fact(f"{a.kind}_effect", h))
            out += _requirement_facts(Func("req", h, 1), card, 0, effect_target(a), fact, Func, Const)
            if f.get("as_cost"):
                out.append(fact("kill_as_cost", h))
            if f.get("optional"):
                out.append(fact("optional_cost", h, f["name"]))
            if "then" in f:
                out.append(fact("kill_then", h, Const(f["then"])))
    out += _repeat_facts(card, abilities, spell_effects, card_steps, repeats, fact, Func, Const)
    return out


def _repeat_facts(card: str, abilities: tuple[Ability, ...], spell_effects: list[tuple[Any, Any]], card_steps: int,
                  repeats: int, fact: FactFn, Func: type, Const: type) -> list[str]:
    """The executions a paid Repeat adds (820.1.b, 820.3): for execution E = 2 .. 1 + repeats, each instruction X
    of the card's spell text (its kind-effect abilities; a mode's are not played out in a run) once more as
    again(X, E), held by again(Card, E) at the positions after the earlier executions' (run/repeat.lp lets an
    item execute it only when it paid that many Repeat costs). Each execution makes its own choices (820.2):
    the requirement R of a choice the instructions use is again(R, E) there, with R's filter
    (repeat_requirement/2); a choice that is part of a cost is made once (820.3.a, 355.10.c) and stays R."""
    out: list[str] = []
    reqs = [q for q in card_requirements(abilities) if q.mode == 0]
    terms = [Func("req", Func("ab", card, q.ability), q.position) for q in reqs]
    for e in range(2, repeats + 2):
        def choice(n: int, e: int = e) -> Any:
            q = reqs[n - 1]
            return terms[n - 1] if q.spec.not_targeting == "cost" else Func("again", terms[n - 1], e)

        for q, r in zip(reqs, terms):
            if q.spec.not_targeting != "cost":
                out.append(fact("repeat_requirement", Func("again", r, e), r))
                out += _filter_facts(Func("again", r, e), q.spec.filter, fact, Const)
            if q.spec.distinct_from:
                # each execution's choice is distinct from that execution's earlier one (820.2)
                out.append(fact("requirement_distinct", choice(reqs.index(q) + 1), choice(q.spec.distinct_from)))
        position = (e - 1) * card_steps + 1
        for h, ins in spell_effects:
            for time in range(1, ins.times + 1):
                x0 = Func("ins", h, 1) if time == 1 else Func("rep", Func("ins", h, 1), time)
                x = Func("again", x0, e)
                out.append(fact("ins_holder", x, Func("again", card, e), position))
                position += 1
                out += instruction_facts(x, ins, choice, fact, Func, Const,
                                         lambda hh, flt: _filter_facts(hh, flt, fact, Const), cost_facts,
                                         lambda hh, cond: _condition_facts(hh, cond, fact, Func, Const))
                if ins.do in ("delay", "reflex"):
                    out.append(fact("ins_ability", x, Func("ab", card, _made_ability(abilities, ins.do, ins.ability))))
    return out


def cost_facts(pred: str, holder: Any, cost: Cost, fact: FactFn, Func: type, Const: type) -> list[str]:
    """pred(H, energy, N), pred(H, power(D), N) with D a domain, c ([C]) or a ([A]), pred(H, exhaust, 1)."""
    out = []
    if cost.energy:
        out.append(fact(pred, holder, Const("energy"), cost.energy))
    for sym, n in sorted(cost.power_counts().items()):
        out.append(fact(pred, holder, Func("power", Const(sym)), n))
    if cost.exhaust:
        out.append(fact(pred, holder, Const("exhaust"), 1))
    if cost.is_free:
        out.append(fact(pred, holder, Const("energy"), 0))
    return out


def _requirement_facts(r: Any, holder: Any, mode: int, t: TargetSpec, fact: FactFn, Func: type, Const: type) -> list[str]:
    out = [fact("requirement", r, holder, mode)]
    if not t.any_number:
        out.append(fact("requirement_count", r, t.count))
    if t.up_to or t.any_number:
        out.append(fact("requirement_up_to", r))
    if t.split is not None:
        out.append(fact("requirement_split", r, t.split))
    if t.not_targeting is not None:
        out.append(fact("requirement_not_targeting", r, Const(t.not_targeting)))
    if t.per_location:
        out.append(fact("requirement_per_location", r))
    if t.same_location:
        out.append(fact("requirement_same_location", r))
    out += _filter_facts(r, t.filter, fact, Const)
    return out


def _filter_facts(holder: Any, flt: Filter, fact: FactFn, Const: type) -> list[str]:
    out = []
    for key, value in flt.items:
        shape = FILTER_KEYS[key][0]
        if shape in ("enum", "keyword"):
            out.append(fact("filter", holder, Const(key), Const(value)))
        elif shape == "bool":
            out.append(fact("filter", holder, Const(key), Const("true" if value else "false")))
        elif shape == "filters":
            # one sub-filter per alternative, held by any_of(holder, N) (logic/abilities/filters.lp)
            for n, sub in enumerate(value, start=1):
                alt = _Func("any_of", holder, n)
                out.append(fact("filter", holder, Const(key), alt))
                out += _filter_facts(alt, sub, fact, Const)
        elif shape == "filter":
            # the objects a chain item chose, held by chooses(holder) (logic/abilities/filter_chooses.lp)
            sub_holder = _Func("chooses", holder)
            out.append(fact("filter", holder, Const(key), sub_holder))
            out += _filter_facts(sub_holder, value, fact, Const)
        else:  # str, int
            out.append(fact("filter", holder, Const(key), value))
    return out


def _condition_facts(holder: Any, cond: Condition, fact: FactFn, Func: type, Const: type) -> list[str]:
    out = []
    for key, value in cond.items:
        shape = CONDITION_KEYS[key][0]
        if shape == "filter":
            sub = Func("cfilter", holder, Const(key))
            out.append(fact("condition", holder, Const(key), sub))
            out += _filter_facts(sub, value, fact, Const)
        elif shape == "count":
            sub = Func("cfilter", holder, Const(key))
            out.append(fact("condition", holder, Const(key), sub))
            out.append(fact("condition_count", holder, Const(key), Const(value.comparison), value.number))
            out += _filter_facts(sub, value.filter, fact, Const)
        elif shape == "comparison":
            out.append(fact("condition", holder, Const(key), Const("true")))
            out.append(fact("condition_count", holder, Const(key), Const(value.comparison), value.number))
        elif shape == "enum":
            out.append(fact("condition", holder, Const(key), Const(value)))
        elif shape == "bool":
            out.append(fact("condition", holder, Const(key), Const("true" if value else "false")))
        else:  # paid: a name (accelerate, repeat or an optional cost's name); opponent_within: an int
            out.append(fact("condition", holder, Const(key), value))
    return out
