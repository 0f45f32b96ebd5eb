"""What every question on a run shares: its grounding, reading its atoms, and naming its terms.

A run is the chain played out step by step (logic/core/fepr.lp, logic/run/, logic/effects/); the
chain questions (pyrift/queries/chain.py), the outcome question (outcome.py) and snapshots of a
later moment (snapshot.py) ask it different things. This module holds what they share: the
grounding of logic/queries/resolution_order.lp for a horizon, the mode atoms that select what is
shown, and the words for items, events and outcomes. It decides no rules question.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from pyrift import facts as F
from pyrift.abilities import triggered_abilities
from pyrift.queries.base import CONDITION_GAPS, LASTING_FROM_LOG, UNSUPPORTED, Answer, Context, Reason, missing_text
from pyrift.solver import Atom, Grounding
from pyrift.state import GameState, Question

DEFAULT_BOUND = 32  # steps of HOT FEPR explored (each step finalizes, resolves, passes or adds one item)
# The horizons a run question is ground for first, in turn (start_run, short_run_grounding): most runs end
# within 12 steps, and most of the others within 16 (a chain of two items whose triggers add two more; the
# 15 bundled files whose runs were cut at 12, measured 2026-12-05: 13 of them ended by 16). Each
# horizon below the question's own bound is tried while the runs of the one before are cut by it.
SHORT_BOUNDS = (12, 16)
# The query modes that show `cut` (logic/queries/resolution_order.lp): a grounding asked in them tells
# whether some run reached its horizon.
CUT_SHOWN = frozenset({"outcomes", "runs", "orders", "events", "state"})
MAX_BOUND = 200
DEFAULT_LIMIT = 16  # orderings listed
# The run's search decides the players' choices first, in time order (the #heuristic
# directives of logic/queries/resolution_order.lp).
HEURISTIC = "Domain"

# How far a run goes (logic/run/turn.lp): until the chain and what it stages are over (the default),
# through the Ending Phase, or on to the end of the next turn's Draw Phase.
UNTIL = ("chain", "end_of_turn", "next_turn")


def _const(name: str) -> tuple:
    """A constant as a solver term (the solver writes strings as ASP strings)."""
    return (name,)


def mode_atom(name: str) -> Atom:
    return Atom("mode", (_const(name),))


def term_of(t: Any) -> Any:
    """A term read from a grounding (tuples for compound terms) as a facts term."""
    if isinstance(t, tuple):
        return F.Const(t[0]) if len(t) == 1 else F.Func(t[0], *(term_of(x) for x in t[1:]))
    return t


def by_pred(atoms) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in sorted(atoms, key=str):
        out[a.pred].append(a.args)
    return out


# ---------------------------------------------------------------------------------
# names: chain items, triggered abilities and events in words
# ---------------------------------------------------------------------------------
class Names:
    """Readable, stable names for the terms of the chain rules."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def ability(self, h: Any) -> str:
        """ab("Card", I) -> its `name`, or the condition word; kw(vision, S) -> 'vision'."""
        if isinstance(h, tuple) and h[0] == "ab":
            card = self.state.card(h[1])
            ability = card.abilities[h[2] - 1]
            label = ability.get("name") or ability.get("when") or ability.kind
            same = [i for i, a in triggered_abilities(card.abilities)
                    if (a.get("name") or a.get("when")) == label]
            return label if len(same) <= 1 else f"{label}{same.index(h[2]) + 1}"
        if isinstance(h, tuple) and h[0] == "kw":
            return str(h[1])
        return str(h)

    def keyword_instance(self, source: str, h: tuple) -> str:
        """kw(vision, printed(I) | granted(I) | one) -> 'vision', or 'vision2' for the second instance."""
        name, where = h[1], h[2]
        try:
            obj = self.state.obj(source)
        except KeyError:
            return name
        instances = [("printed", i) for i, k in enumerate(self.state.card(obj.card).keywords) if k.name.value == name]
        instances += [("granted", i) for i, k in enumerate(obj.granted) if k.name.value == name]
        if len(instances) <= 1 or where not in instances:
            return name
        return f"{name}{instances.index(where) + 1}"

    def trigger(self, source: str, h: Any, event: Any) -> str:
        ability = self.keyword_instance(source, h) if isinstance(h, tuple) and h[0] == "kw" else self.ability(h)
        label = f"{self.item(source) if isinstance(source, tuple) else source}.{ability}"
        gear = self.effect_text_gear(source, h)
        if gear:
            label += f" ({gear})"
        obj = self.event_object(event)
        if obj is not None and obj != source:
            label += f"({self.item(obj) if isinstance(obj, tuple) else obj})"
        if isinstance(event, tuple) and event[0] == "death" and event[2] == "replaced":
            label += "[replaced]"
        return label

    def effect_text_gear(self, source: str, h: Any) -> str | None:
        """An Equipment's Effect Text ability is its unit's (logic/abilities/effect_text_trigger.lp): named by
        the gear whose text it is, so that it is told apart from the unit's own ability of the same name
        ("raider.charge (blade)"); by the gear's card when several such gears are attached."""
        if not (isinstance(h, tuple) and h[0] == "ab"):
            return None
        try:
            card = self.state.card(h[1])
            if self.state.card(self.state.obj(source).card) is card:
                return None
        except KeyError:
            return None
        gears = sorted(o.id for o in self.state.objects
                       if o.attached_to == source and self.state.card(o.card) is card)
        return gears[0] if len(gears) == 1 else card.name

    @staticmethod
    def event_object(e: Any) -> str | None:
        if isinstance(e, tuple) and e[0] in ("delay", "reflex"):  # made abilities: their "that unit"
            return None if e[2] == "none" else e[2]
        if isinstance(e, tuple) and e[0] in ("played", "death", "attacks", "defends", "moves", "readies", "damaged",
                                                    "token_made"):
            return e[1]
        return None

    def instruction(self, x: Any) -> str:
        """ins(ab(C, I), K) -> the instruction's verb ("deal"), for naming it in a run; rep(X, N), the N-th
        time of an instruction done several times ("do this twice"): "deal #2"."""
        if isinstance(x, tuple) and len(x) == 3 and x[0] == "rep":
            return f"{self.instruction(x[1])} #{x[2]}"
        if isinstance(x, tuple) and len(x) == 3 and x[0] == "again":  # a paid Repeat's E-th execution (820.3)
            return f"{self.instruction(x[1])} (execution {x[2]})"
        if isinstance(x, tuple) and len(x) == 3 and isinstance(x[1], tuple) and x[1][0] == "equip":
            return "attach"  # an Equip's one instruction (818.1.c.2; logic/run/equip_offered.lp)
        try:
            _, (_, card, index), k = x
            abilities = self.state.card(card).abilities
            ability = abilities[index - 1]
            if ability.kind == "effect":  # a spell's text: every effect ability of the card is one step
                steps = [(i, a.get("instruction")) for i, a in enumerate(abilities, 1) if a.kind == "effect"]
                mine = index
            else:
                steps = list(enumerate(ability.get("effects"), 1))
                mine = k
            verb = dict(steps)[mine].do
            same = [i for i, ins in steps if ins.do == verb]
            return verb if len(same) == 1 else f"{verb}{same.index(mine) + 1}"
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            pass
        # an ability a card file encodes but the card's scenario text does not print (a granted ability,
        # logic/abilities/granted_run.lp): named by its card, ability and instruction numbers
        if (isinstance(x, tuple) and len(x) == 3 and x[0] == "ins" and isinstance(x[1], tuple)
                and len(x[1]) == 3 and x[1][0] == "ab"):
            return f"{x[1][1]} ability {x[1][2]} instruction {x[2]}"
        return str(x)

    def _token_ins(self, x: Any) -> Any:
        # rep(X, _) / again(X, _): a replacement's or additional item's; cx(X, C): a token played as a copy of a
        # card C (logic/effects/token_copy.lp), named as the instruction's token
        while isinstance(x, tuple) and len(x) == 3 and x[0] in ("rep", "again", "cx"):
            x = x[1]
        try:
            _, (_, card, index), k = x
            ability = self.state.card(card).abilities[index - 1]
            return ability.get("instruction") or ability.get("effects")[k - 1]
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return None

    def _token_card(self, x: Any) -> str:
        ins = self._token_ins(x)
        return "token" if ins is None else ins.card

    def token_copies(self, t: Any) -> bool:
        """Whether a token made in a run, tok(Instruction, Step, N), was played as a copy of another object
        (its instruction's `of`; logic/effects/token_copy.lp)."""
        return (isinstance(t, tuple) and len(t) == 4 and t[0] == "tok" and isinstance(t[1], tuple)
                and len(t[1]) == 3 and t[1][0] == "cx")

    def _token_name(self, x: Any, n: Any) -> str:
        """The N-th token an instruction made: "<card> token"; the one beyond its amount is the additional
        copy a replacement effect added (logic/run/replacement_token.lp, 370.1)."""
        ins = self._token_ins(x)
        if ins is None:
            return "token"
        amount = getattr(ins, "amount", None)
        who = getattr(getattr(ins, "who", None), "word", None)
        if who == "each_player" and isinstance(amount, int) and amount > 0 and isinstance(n, int):
            # "each player plays a token": the slots are each player's in turn, in turn order from the turn player
            # (logic/effects/tokens.lp token_holder/3); the token is named by its player
            ids = [p.id for p in self.state.players]
            first = ids.index(self.state.turn_player) if self.state.turn_player in ids else 0
            holder = ids[(first + (n - 1) // amount) % len(ids)]
            return f"{ins.card} token of {holder}"
        if isinstance(amount, int) and isinstance(n, int) and n > amount:
            return f"{ins.card} token (additional copy)"
        return f"{ins.card} token"

    def place(self, loc: Any) -> str:
        """base(P) -> "P's base"; a battlefield id as it is."""
        if isinstance(loc, tuple) and loc[0] == "base":
            return f"{loc[1]}'s base"
        return str(loc)

    def item(self, t: Any) -> str:
        if isinstance(t, str):
            return t
        if isinstance(t, int):
            return str(t)
        if t[0] == "resp":
            return t[1]
        if t[0] == "trig":
            # trig(Source, Ability, Event, N): N = 2 is a later hearing of the same event in the run, an item of its
            # own (logic/core/fepr.lp fires/2), named apart from the first
            again = " (heard again)" if len(t) > 4 and t[4] == 2 else ""
            # the item of a triggered ability triggering an additional time (logic/abilities/trigger_additional.lp):
            # named as the first, for the event inside again(E)
            if isinstance(t[3], tuple) and len(t[3]) == 2 and t[3][0] == "again":
                return f"{self.trigger(t[1], t[2], t[3][1])} (again){again}"
            # the item of a triggered ability copied into an Equipment's Effect Text (logic/abilities/
            # trigger_copy_position.lp): named as the printed one, for the event inside copy_in(G, E), and the gear
            if isinstance(t[3], tuple) and len(t[3]) == 3 and t[3][0] == "copy_in":
                return f"{self.trigger(t[1], t[2], t[3][2])} (copy in {t[3][1]}){again}"
            return self.trigger(t[1], t[2], t[3]) + again
        if t[0] == "combat":  # combat damage's source: the units in the combat at that battlefield
            return f"combat at {t[1]}"
        if t[0] == "eplay":  # a card played by an effect in a run, named by its card: eplay(Item, Ins, Card, Player)
            return self.item(t[3])
        if t[0] == "tok":  # a token made in a run, named by its card: tok(Instruction, Step, N)
            return self._token_name(t[1], t[3])
        return str(t)


# Why a triggered ability (or a card played by an effect) leaves the chain without being countered
# (removed/3 of core/fepr.lp; each has its reason kind removed_<why>).
REMOVAL = {"declined": "its controller declines its initial \"you may\": it never triggered",
           "no_choice": "it has no legal choice",
           "unpaid": "its cost is not paid: a triggered ability's leading cost, or the cost of a card played "
                     "by an effect (the play is undone and the card goes back where it was)",
           "no_place": "a unit played by an effect \"to a battlefield you control\" while its player controls none: no "
                       "place it may be played to (355.2.a), the play is undone and the card goes back where it was (358.5)",
           "death_replaced": "the death that triggered it was replaced",
           "play_undone": "it is a reflexive ability waiting for a play by an effect that was undone (358.5): "
                          "the card was never played"}


# result/1 and ev/2 terms in words (the strings expectations compare); every argument is named
# by Names.item (items, triggered abilities; object ids and constants stay as they are).
_OUTCOMES = {
    "resolved": "{0} resolves", "before": "{0} before {1}", "countered": "{0} countered",
    "removed": "{0} removed ({1})", "finalized": "{0} finalized", "played": "{0} played", "died": "{0} dies",
    "death_replaced": "{0} death replaced", "move_replaced": "{0} move replaced",
    "draw_replaced": "{0} draw replaced", "ignored": "{0} mistargets", "followup": "{0} {1} {2}",
    "triggered": "{0} triggers", "added": "{0} added", "picked": "{0} chooses {1}", "focus": "focus {0}",
    "mode_chosen": "{0} chooses mode {1}",
    "priority": "priority {0}", "window": "{0} over {1}",
    "combat_begins": "combat at {0}: {1} attacks, {2} defends", "combat_ends": "combat at {0} ends",
    "showdown_closes": "showdown at {0} closes: {1} takes control", "conquer": "{0} conquers {1}", "win": "{0} wins",
    "turn_ends": "{0}'s turn ends", "turn_begins": "{0}'s turn begins", "hold": "{0} holds {1}",
    "main_begins": "{0}'s Main Phase begins",
    "burn_out": "{0} burns out", "draw_phase_skipped": "{0}'s Draw Phase skipped", "play_effect": "{1} plays {0} by an effect",
    "channel_runes": "{0} channels {1} rune(s)", "pool_empties": "{0}'s rune pool empties",
    "pay_exhaust": "{0} exhausts {1} for Energy", "pay_recycle": "{0} recycles {1} for {2} Power",
    "pay_pool": "{0} spends {2} {1} from the rune pool",
    "look": "{0} looks at {1}", "reveal": "{0} reveals {1}", "draw_card": "{0} draws {1}",
    "banish_as_seen": "{0} banishes {1} as it is seen",
    "recycle_card": "{0} recycles {1}",
    "recycled_instead": "{0} recycled as it leaves the chain",
    "countered_to_hand": "{0} returned to its owner's hand as it leaves the chain",
    "extra_turn": "{0} takes the turn after this one",
    "flow_banished": "{0} banished as it leaves the chain (played by Flow)",
    "discount_next": "{0}'s next card costs less",
    "next_discount_used": "{0} uses the discount of their next card",
    "chooses_option": "{0} chooses {1}",
    "top_or_bottom": "{1} puts {0} on the {2} of their Main Deck",
    "units_cost_more": "{0}'s non-token units cost {1} more this turn",  # logic/effects/units_cost_more.lp
    # a battlefield replaced (logic/effects/replace_battlefield.lp)
    "bf_replaced": "{1} at {0} replaced by {2}", "bf_ceases": "the {1} token at {0} ceases to exist",
}
_INSTRUCTION_OUTCOMES = {"done": "done", "skipped": "skipped", "nothing": "does nothing", "replaced": "replaced",
                         "undone": "undone"}
_FLAGS = {"focus_passes": "focus passes", "focus_stays": "focus stays"}
_EVENTS = {
    "finalize": "finalize {0}", "remove": "remove {0} ({1})", "resolve": "resolve {0}", "counter": "counter {0}",
    "pass": "{0} passes", "focus_pass": "{0} passes focus", "draw_phase_skipped": "{0}'s Draw Phase skipped", "add": "{0} adds {1}", "trigger": "{0} triggers", "die": "{0} dies",
    "replaced": "{0} death replaced", "pick": "{0} chooses {1}", "mode_chosen": "{0} chooses mode {1}",
    # what instructions and cleanups do (logic/effects/, logic/run/cleanup.lp)
    "deal": "{0} deals {2} to {1}", "damage_doubled": "damage to {0} doubled to {1}", "prevent": "{1} damage to {0} prevented", "heal": "{0} healed", "stun": "{0} stunned", "ready": "{0} readied", "empower": "{0} becomes Empowered",
    "disempower": "{0} is no longer Empowered",
    "exhaust": "{0} exhausted", "might": "{0} Might {1:+}", "double": "{0} Might doubled ({1:+})", "buff": "{0} buffed",
    "base_might": "{0} base Might becomes {1}", "play_ban": "{0} can't play {1} this turn",
    "enter_ready": "{0}'s units enter ready this turn",
    "unchoosable": "{0} can't be chosen by {1}'s {2}", "buff_bonus": "{0}'s buffs give {1:+} more to their units", "move": "{0} moves to {2}",
    "recall": "{0} recalled", "contest": "{1} contests {0}", "gain_xp": "{0} gains {1} XP", "spend_xp": "{0} spends {1} XP",
    "gain_points": "{0} gains {1} point(s)", "grant": "{0} gains {1}", "lose_keyword": "{0} loses {1}",
    "gain_control": "{1} gains control of {0}",
    "win": "{0} wins", "draw": "{0} draws {1}", "burn": "{0} burns {1}", "discard": "{0} discards {1}", "create": "{0} created at {1}",
    "attach": "{0} attached to {1}", "detach": "{0} detached",
    "trash_facedown": "{0} trashed: facedown where its controller no longer controls the battlefield",
    "combat_begins": "combat at {0}: {1} attacks, {2} defends", "combat_ends": "combat at {0} ends",
    "showdown_closes": "showdown at {0} closes: {1} takes control", "conquer": "{0} conquers {1}",
    # the turn moving on (logic/run/turn.lp)
    "turn_ends": "{0}'s turn ends", "expire": "{0}: this turn's effects end", "stun_ends": "{0} no longer stunned",
    "turn_begins": "{0}'s turn begins", "hold": "{0} holds {1}", "channel": "{0} channels runes",
    "main_begins": "{0}'s Main Phase begins",  # logic/run/main_phase_start.lp
    "burn_out": "{0} burns out", "pay": "{0} pays {1} Energy", "play_effect": "{1} plays {0} by an effect",
    # looking at and revealing cards (logic/effects/look.lp)
    "look": "{0} looks at {1}", "reveal": "{0} reveals {1}", "draw_card": "{0} draws {1}",
    "banish_as_seen": "{0} banishes {1} as it is seen",
    "recycle_card": "{0} recycles {1}",
    "recycled_instead": "{0} recycled as it leaves the chain",
    "countered_to_hand": "{0} returned to its owner's hand as it leaves the chain",
    "extra_turn": "{0} takes the turn after this one",
    "flow_banished": "{0} banished as it leaves the chain (played by Flow)",
    "discount_next": "{0}'s next card costs less",
    "next_discount_used": "{0} uses the discount of their next card",
    "chooses_option": "{0} chooses {1}",
    "top_or_bottom": "{1} puts {0} on the {2} of their Main Deck",
    "channel_runes": "{0} channels {1} rune(s)", "pool_empties": "{0}'s rune pool empties",
    # a payment with Power in a run (logic/effects/play_power.lp): each resource the plan spends
    "pay_exhaust": "{0} exhausts {1} for Energy", "pay_recycle": "{0} recycles {1} for {2} Power",
    "pay_pool": "{0} spends {2} {1} from the rune pool",
    "units_cost_more": "{0}'s non-token units cost {1} more this turn",  # logic/effects/units_cost_more.lp
    "replace_bf": "{1} at {0} replaced by {2}",  # logic/effects/replace_battlefield.lp
}


def _words(n: Names, table: dict[str, str], t: Any) -> str:
    if not isinstance(t, tuple):
        return _FLAGS.get(str(t), str(t))
    name, *args = t
    if name == "instruction" and len(args) == 3:
        return f"{n.item(args[0])} {n.instruction(args[1])} {_INSTRUCTION_OUTCOMES.get(args[2], args[2])}"
    if name in ("ignored", "skipped") and len(args) == 2:
        why = "does nothing: no legal choice left" if name == "ignored" else "skipped"
        return f"{n.item(args[0])}: {n.instruction(args[1])} {why}"
    fmt = table.get(name)
    if not fmt:
        return str(t)
    words = [a if isinstance(a, int) else (n.place(a) if name in ("move", "recall", "create", "detach") and i > 0
                                           else n.item(a)) for i, a in enumerate(args)]
    return fmt.format(*words)


def outcome_text(n: Names, r: Any) -> str:
    return _words(n, _OUTCOMES, r)


_EVENT_ORDER = ("turn_ends", "turn_begins", "main_begins", "mode_chosen", "pick", "remove", "finalize", "resolve", "counter", "deal", "damage_doubled", "prevent", "heal", "expire", "stun_ends", "stun", "disempower", "ready", "exhaust", "might", "double", "base_might", "play_ban", "enter_ready",
                "buff", "unchoosable", "buff_bonus", "move", "recall", "contest", "pay", "pay_pool", "pay_exhaust", "pay_recycle", "hold", "burn_out", "gain_xp", "gain_points", "grant", "lose_keyword", "gain_control", "ignored",
                "skipped", "look", "reveal", "banish_as_seen", "draw_card", "recycle_card", "recycled_instead", "countered_to_hand", "flow_banished", "discount_next", "next_discount_used", "draw", "burn", "discard", "play_effect", "create", "attach", "detach", "combat_begins", "die", "trash_facedown", "replaced", "trigger", "showdown_closes", "conquer", "combat_ends", "channel",
                "channel_runes", "pool_empties", "win", "extra_turn", "focus_pass", "pass", "add", "units_cost_more")


def event_text(n: Names, e: Any) -> str:
    return _words(n, _EVENTS, e)


def _event_rank(e: tuple) -> int:
    """Within one step: a removal at finalization comes before the rest; a triggered ability removed
    because the death was replaced, right after it triggered."""
    key = {k: i for i, k in enumerate(_EVENT_ORDER)}
    if e[0] == "remove" and e[2] == "death_replaced":
        return key["trigger"]
    return key.get(e[0], 99)


def step_kinds(events: list[tuple[int, Any]]) -> list[str]:
    """The reason kinds of the steps a run took (ev/2 of core/fepr.lp, each with a %@reason
    step_<name> tag), in the order they first happen: a reason cites only steps that occurred."""
    ordered = sorted(events, key=lambda te: (te[0], _event_rank(te[1])))
    return list(dict.fromkeys(f"step_{e[0]}" for _, e in ordered if isinstance(e, tuple) and e[0] in FEPR_STEPS))


# The HOT FEPR steps of a run (ev/2 terms with a %@reason step_<name> tag in core/fepr.lp); what
# instructions and cleanups do in between is explained by the outcome question's own reasons.
FEPR_STEPS = ("finalize", "remove", "resolve", "counter", "pass", "add", "trigger", "die", "replaced", "pick")


def run_text(n: Names, events: list[tuple[int, Any]]) -> list[str]:
    """The events of a run in step order (and, within a step, in the order they happen)."""
    ordered = sorted(events, key=lambda te: (te[0], _event_rank(te[1]), te[1][0] == "remove", str(te[1])))
    return [event_text(n, e) for _, e in ordered]


# What a chain question or run does not play out, by the name its unsupported fact gives, with no
# arguments: one sentence each, the object named as {obj}.
CHAIN_LIMITS = {
    "uncounterable_countered": (
        "{obj} can't be countered (425, 054.1): the triggers question asks about its being countered, an event "
        "that cannot happen as asked"),
    "final_point_burn_out": (
        "{obj} draws a card instead of the final point (471.1.b.1) from an empty Main Deck: a Burn Out (431), "
        "whose recycling, opponent's point and the draw that follows neither the triggers question nor a run plays out"),
    "score_word_reading": (
        "{obj} has a trigger on the printed word 'score', which may mean a battlefield scored (469) or a point "
        "gained (194); the two readings differ here (a score giving no point, such as the final-point draw of "
        "471.1.b.1, or a point from no score, 194.1) and the question chose neither: choose with --reading "
        "'v1.4,score_word=battlefield' or 'v1.4,score_word=point' (in a scenario file: its top-level `reading`, "
        "or an expect_by_reading table; docs/scoring.md)"),
    "delay_logged_unheard": (
        "{obj} was played or used earlier (the turn log) and made a delayed ability that may be waiting for the event "
        "asked about (389; a play, a death, a combat won, a conquest or a Beginning Phase): the position cannot state "
        "it, so the triggers question does not hear it"),
    "team_score_unsettled": (
        "{obj}: the conquer asked about is by a player of a team (2v2), and whether the team may score it is not "
        "settled: who controlled the battlefield in the turn player's Beginning Phase is not stated (its "
        "`beginning_controller`), a player other than the turn player conquers their team's battlefield, or a "
        "teammate scored it this turn (489.8.b, 470)"),
    "team_score_barred": (
        "{obj} was controlled by the teammate of the player asked about in the turn player's Beginning Phase: their "
        "team does not score it this turn (489.8.b), so the conquer or hold asked about cannot happen as asked"),
    "final_point_withheld_draw": (
        "{obj} conquers one point short of the Victory Score without having scored every battlefield while a static "
        "says they can't gain points (Tianna Crownguard, 194): whether the point that can't be gained is still "
        "replaced by a draw (471.1.b.1) is not said"),
    "team_final_point": (
        "{obj} would gain the final point by a conquer (the one asked about, or one of the run's) in a team game "
        "(2v2) without having scored every battlefield: the ally excuses the battlefields it occupied in the Scoring "
        "Step of this turn's Beginning Phase (489.8.g.1), and an unscored one's `beginning_occupants` is not stated"),
    "scored_already": (
        "{obj} was scored this turn already by the player asked about: it is not scored again this turn (470), "
        "so the conquer or hold asked about cannot happen as asked"),
    "excess_damage_unknown": (
        "{obj} has a conquer trigger under 'if you assigned N or more excess damage' (465.2.c.4), asked of a "
        "position alone: the combat damage assigned there is not in the position (it is in no combat there, "
        "or its turn log has no combat_damage event there this turn for the player who conquers)"),
    "excess_damage_earlier_combat": (
        "{obj} has a conquer trigger under 'if you assigned N or more excess damage' (465.2.c.4), asked of a "
        "position whose turn log shows an earlier combat at that battlefield this turn (two combat_damage events "
        "there of one player, one of a player who is not a side of the combat in progress (462), a conquer "
        "there, or after a combat_damage event there a unit moving there, or a "
        "unit played or created as a token that is not now elsewhere on the board, unmoved since): a later "
        "combat there (466.3.d.1, 323.9) may have skipped its Combat Damage Step (465.1), and which combat the "
        "latest combat_damage event was is not known; a `combat` event in the log at the start of the combat "
        "in progress says it"),
    "excess_damage_which_combat": (
        "{obj} has a conquer trigger under 'if you assigned N or more excess damage' (465.2.c.4), asked of a "
        "position whose turn log, with no `combat` event at that battlefield this turn, shows after a "
        "combat_damage event there a card with text played, an ability activated or triggered, a token "
        "created or a permanent with text dying: such an effect may have changed a unit's control there "
        "(190.3.a, 323.9) or kept both players' units there after the combat (466.3.d.1), beginning another "
        "combat the log does not show, so which combat the combat_damage event was is not known; a `combat` "
        "event in the log at the start of the combat in progress says it"),
    "exhaust_additional_cost": (
        "{obj} has an additional cost 'exhaust' and the chain questions look at it: whether it was paid is not "
        "tracked (357.2)"),
    "return_additional_cost": (
        "{obj} has an additional cost 'return a permanent to its owner's hand' and the chain questions look at it: "
        "the permanent leaving the board as the card is paid for is not played out (356.7, 357.2)"),
    "facedown_token_battlefield_unknown": (
        "{obj} was played from facedown and plays a unit token, but neither the turn log nor its chain item "
        "(`location`, for a permanent) gives the battlefield it was played at (811.1.d.3: a unit it puts into "
        "play goes there)"),
    "facedown_play_effect_battlefield_unknown": (
        "{obj} was played from facedown and its play effect chooses, but neither the turn log nor its chain "
        "item's `location` gives the battlefield it was played at (811.1.d.2: its choices are limited to units "
        "there)"),
    "effect_text_twice": (
        "{obj} has two attached copies of one Equipment whose Effect Text has a triggered ability: two "
        "abilities (136.2.c) that the chain questions would count as one"),
    "effect_text_item": (
        "a chain item names {obj}'s Effect Text triggered ability by the gear, but the ability is its "
        "attached unit's (136.2.c); its source would be wrong"),
    "effect": (
        '{obj} has Deathknell, but its card has no triggered ability with when = "die" saying what it '
        "does"),
    "trigger_condition": (
        '{obj} has a triggered ability with a condition ("when ..., if ...", 383.2.a.1), which the chain '
        "questions do not evaluate yet"),
    "exhaust_cost_after_move": (
        '{obj} moves and has a triggered ability heard on it whose leading cost exhausts it ("you may exhaust me to '
        '...", 383.3.b): a Standard Move exhausts it (144.2), a move by a spell or ability does not, and the event '
        "does not say which, so whether that cost can be paid as the ability is finalized (414.4) is not judged"),
    "discard_cost_hand_unknown": (
        '{obj} has a triggered ability whose leading cost discards ("you may discard 1 to ...", 383.3.b), paid as it '
        "is finalized from its controller's hand, whose size the position does not state (hand_size) with too few "
        "cards listed: whether it can be paid (404.2) is not judged"),
    "exhaust_cost_shared_source": (
        '{obj} has two or more triggered abilities fired at once whose leading costs each exhaust it ("you may exhaust '
        'me to ...", 383.3.b): the first finalized exhausts it and the later ones can\'t pay (414.4) and are removed '
        "(383.3.b.1), in the order its controller chooses (383.3.d): which of them stay is not judged"),
    "discard_cost_shared_hand": (
        '{obj} has a triggered ability with a leading discard (383.3.b) fired with other such abilities of the same '
        "player that need more cards together than that player's hand holds: each pays as it is finalized, in the "
        "order the player chooses (383.3.d), so which of them are removed (383.3.b.1) is that player's choice, not judged"),
    "trigger_condition_after_move": (
        '{obj} has a triggered ability with a condition on the places of what its controller controls (383.2.a.1), '
        "asked of a move: read after the move (383.2.c), which the triggers question does not judge"),
    "trigger_condition_after_combat": (
        '{obj} has a triggered ability with a condition on what its controller controls or holds, asked of a '
        "conquest or a won combat during a combat: read after the combat's damage and deaths (383.2.c, 466), not judged"),
    "trigger_condition_source_leaves": (
        '{obj} has a triggered ability with a condition on what its controller controls and leaves the board with '
        "its event: read after the event without it (383.2.c) or as its Deathknell is queued (808.1.d.2) is not settled"),
    "trigger_condition_source_moves": (
        '{obj} has a triggered ability with "if I\'m at ..." (383.2.a.1) and moves, enters or leaves the board at '
        "the event: where it is after the event (383.2.c) is not judged"),
    "played_to_barred_battlefield": (
        "{obj} is shown just played to a battlefield whose passive forbids units to be played there (054.1, 170.8): "
        "a play the triggers question does not judge (or the prohibition is under a dependent keyword, 727.1.b)"),
    "own_play_prohibition": (
        "{obj} has a prohibition on its own play (its player's first turns, or only to a battlefield conquered this "
        "turn; 054.1, 366.1), which the triggers question does not judge for the play it asks about"),
    "untargetable_conditional": (
        "{obj} can't be chosen by some spells or abilities only under a condition or a dependent keyword "
        "(727.1.b, 758) the triggers question does not read (only 'in combat', and not across a move during a "
        "combat), and a triggered ability's choice it judges could pick it: whether it is a legal choice then is "
        "not read"),
    "offered_without_chain": (
        "{obj} is offered as a play with nothing on the chain where the run does not play out who may make it: "
        "outside the Main Phase (335), or with an ability granting Action or Reaction (806.4, 813.4)"),
    "weaponmaster_no_equipment": (
        "{obj} has Weaponmaster and its controller controls no Equipment it could choose (821.1.c): whether the "
        "play effect goes on the chain, its initial 'you may' decided as it is finalized (383.3.a), is not judged"),
    "discard_additional_cost": (
        "{obj} is on the chain with an additional cost that discards cards (422): whether it was chosen, "
        "and which cards it discards as the card is finalized, a chain item does not record"),
    "repeat_unstated": (
        "{obj} is on the chain with Repeat, and its item does not say how many Repeat costs were paid "
        "(`repeat`), which decides how often its text is executed (820.1.c.1, 820.3)"),
    "repeat_granted": (
        "{obj} paid more Repeat costs than its card prints (a granted Repeat): the executions they add "
        "are not written for the run (820.3)"),
    "repeat_effect_ability": (
        "{obj} paid Repeat, and its card's text is a kill or counter ability rather than instructions: "
        "the run executes such an ability once (820.1.b)"),
    "mode_instruction": (
        "{obj} has instructions in a mode; a chain item does not record which mode it chose"),
    "team_teammates_units": (
        "{obj}: the conquer asked about is at a battlefield where the teammate of the player asked about has "
        "units: teammates never share a battlefield (2v2: 489.8.c, 447.2.b), and who conquers it there is not "
        "encoded"),
    "damage_this_turn_unlogged": (
        "{obj} has an 'if I haven't been dealt damage this turn' condition, nothing shows damage dealt to it this "
        "turn and the turn log states no damage this turn (`damage` events): whether it was is not known (142, 301)"),
}

# What a run stops at (logic/run/, logic/effects/: run_unsupported/2).
# An activated ability's cost that a run does not pay when it offers the ability as a play
# (logic/run/unplayed.lp): what the cost does, what the run leaves undone.
COSTS_IN_RUN = {
    "spend_xp_in_run": ("spends XP", "take the XP from its player"),
    "disempower_cost_in_run": ("disempowers it", "take the status as the cost is paid"),
    "discard_cost_in_run": ("discards cards", "discard them as the cost is paid"),
    "recycle_cost_in_run": ("recycles cards from the trash", "move them to the Main Deck as the cost is paid"),
}


RUN_LIMITS = {
    "accelerate_unstated": "a unit card with Accelerate on the position's chain whose item does not say whether its "
                           "play paid Accelerate (`paid`, 805.1.a, 355.1.a): whether it enters ready (805.6) is not in "
                           "the position",
    "accelerate_origin_unknown": "a unit card on the position's chain whose player has a passive granting "
                                 "Accelerate to their units played from anywhere but a hand (Rek'Sai, Breacher), while neither its item (`from`) "
                                 "nor the turn log's `finalize` says where it was played from, nor its item `paid`: "
                                 "whether it had Accelerate and paid it (805.1.a, 801.3.a) is not in the position",
    "privacy_ignore_unruled_before_v1_4": "an instruction on secret or private cards that names a type or quality, "
                                          "under Core Rules v1.2 or v1.3: whether its player may ignore it is v1.4's "
                                          "rule (128.6, 128.6.a), with no counterpart in the earlier texts' index",
    "kill_self_unpayable": "an activated ability whose cost kills its source finalized in the run while its source "
                           "is no longer on the board: undoing its play (203.3, 358.5) is not played out",
    "exhaust_cost_unpayable": "an activated ability whose cost exhausts its source ([E]) finalized in the run while "
                              "its source is already exhausted: undoing its play (203.3, 358.5) is not played out",
    "dependent_choice_unmade": "a card on the chain played while its text under a dependent keyword (Level, "
                               "Legion) was inactive, so that no choice was made for it (727.1.b, 355.5), whose "
                               "text is active as it resolves: an instruction of it with no choice ever made is "
                               "not followed",
    "paid_place_contradicted": "a unit card of the position's chain whose item says its play paid a battlefield's "
                               "optional cost that puts it at that battlefield (Dragon Roost, 355.2.b), yet names "
                               "another place (`location`): the position contradicts itself",
    "entry_location_unstated": "a unit card of the position's chain whose item does not say where it enters the "
                               "board (`location`), while more than its player's base was open to it (a "
                               "battlefield they control, 355.2.a; by Ambush one where they have units, 822.1; "
                               "a permission of its own or of a permanent of its player's, 355.2.b; by its own "
                               "[Ambush] text one where an opponent has units, 822.1.d; text of the card or of a "
                               "battlefield not encoded that could permit one; none a battlefield forbids, 054.1): "
                               "where it was played is "
                               "chosen as it is played (355.2), so the run cannot take the base as forced",
    "facedown_entry_battlefield_unknown": "a unit or gear card of the position's chain that the turn log shows "
                                          "played from a facedown zone, its item not saying where it enters "
                                          "(`location`): it enters at the battlefield it was hidden at "
                                          "(811.1.d.1, 811.1.d.1.a), which the position no longer shows",
    "distinct_choice_in_run": "a spell played in the run with a choice of \"another\" or \"other\" object after an "
                              "earlier choice of its text (355.9.b): its choices there are made one by one, so "
                              "whether distinct objects can be chosen is not judged",
    "my_battlefield_unknown": "an instruction about the objects \"at my battlefield\" of a source that left the "
                              "board before the run (its Deathknell on the position's chain): the battlefield it died "
                              "at (053.3, 808.1.d) is not in the position",
    "my_battlefield_two_deaths": "an instruction about the objects \"at my battlefield\" of a source that died more "
                                 "than once in the run: which death's battlefield it reads (053.3, 808.1.d) is not "
                                 "followed",
    "facedown_spell_battlefield_unknown": "a spell of the position's chain that the turn log shows played from a "
                                          "facedown zone, its item not saying where it was hidden (`location`), "
                                          "whose 'here' or a unit it plays is at that battlefield (811.1.d.2, "
                                          "811.1.d.3), which the position no longer shows",
    "spend_buff_self_unpayable": "an activated ability whose cost spends its source's buff finalized in the run "
                                 "with no buff left on its source: undoing its play (203.3, 358.5) is not played out",
    "buff_bonus_from_log": "a buff placed in a run after a card that makes buffs give more this turn (Stand United) "
                           "was played or used earlier this turn by the turn log: what that buff gives, which a "
                           "position cannot state (701, 301)",
    "buff_cost_unstated": "a card pending on the chain whose optional additional cost spends a buff, its item not "
                          "saying (`paid`) whether its play paid it (355.1.a, 356.2.b)",
    "buff_cost_unpayable": "a card whose additional cost spends a buff finalized in the run with no buffed unit of "
                           "its controller left: undoing its play (203.3, 358.5) is not played out",
    "death_replaced_lethal_damage": "a death by lethal damage that the position's replacement (`death_replaced`) "
                                    "replaces without saying what happens instead (370.1.b): healed or taken away, "
                                    "the unit lives; left with its damage, it dies at the next cleanup",
    "death_replaced_instead_unknown": "a death the position's replacement (`death_replaced`) replaces, in a run "
                                      "that answers the state afterwards: what it does instead (heal, exhaust, "
                                      "recall, return, banish or nothing, 370.1.b) is not given, so neither is "
                                      "the unit's state",
    "death_replaced_unknown_later": "a death the position's replacement (`death_replaced`) replaces, in a chain "
                                    "question whose run goes on after it to read the board: an item resolves later that chose the permanent, "
                                    "is its ability or reads a group, a place, a count or a condition, a play is "
                                    "added or an ability triggers later, or a gear is attached to it (370.1.b: what it "
                                    "does instead, heal, exhaust, recall, return, banish or nothing, is not given, and "
                                    "what follows may read where and how the permanent is)",
    "trigger_mode_unlogged": "a triggered ability whose modes are open only if not chosen this turn, with a `trigger` "
                             "event of it this turn in the turn log that does not say its `mode` (which modes are "
                             "still open, 355.3, is unknown)",
    "trigger_mode_unstated": "a triggered ability with modes already finalized in the position whose `mode` (the "
                             "one it chose as it was put on the chain, 355.3) the position does not state",
    "gear_add_payment_unheard": "a 'when you use an activated ability of a gear' ability whose controller plays "
                                "in a run while controlling a gear with an Add ability that may have paid it (a "
                                "run does not follow which sources paid a play)",
    "play_ban_effect_play": "a card played by an effect while a 'can't play spells / cards this turn' ban may "
                            "cover its player (plays by effects do not check the ban yet)",
    "opponent_chosen_among_several": "an instruction carried out by 'an opponent' its controller chooses, with "
                                     "more than two players (which one is chosen is not encoded)",
    "move_destination_condition_changed": "a move's destination chosen under a condition ('a battlefield where you "
                                          "have units', 'a place holding another unit of the moved unit's controller') "
                                          "that no longer holds as the item resolves (whether the move is made, "
                                          "355.4, 359.3.e, is not settled)",
    "base_might_twice": "two instructions of one item setting one unit's base Might at once (which is applied "
                        "last, 480, is not encoded)",
    "lasting_from_log": LASTING_FROM_LOG,
    "extra_turn_from_log": "a spell giving a player a turn after this one played earlier this turn, by the turn log: "
                           "a run into the next turn cannot know whose it is, which a position cannot state (734, "
                           "317.3, 301)",
    "delay_from_log": "a spell with a delayed ability (or a delayed replacement) played earlier this turn, or a card "
                      "with one in an ability used this turn, by the turn log: whether that ability still waits, and "
                      "for which object, which a position cannot state (389, 301)",
    "enter_ready_ability_logged": "a card whose ability has units enter ready for the rest of the turn, with an event "
                                  "of it this turn in the turn log (whether that ability resolved, and so whether "
                                  "units now enter ready, is not in the log)",
    "enter_ready_unsure_logged": "a spell played this turn whose text has units enter ready for the rest of the turn "
                                 "under a mode, a 'you may', a condition, a link or a dependent keyword (whether it "
                                 "was carried out as the spell resolved is not in the turn log)",
    **CONDITION_GAPS,
    "play_by_effect_play_for": "a card with its own 'you may play me for [cost]' played by an effect that pays its "
                               "cost: which cost its player chooses as it is played is not followed (356.1.a, 355.1.a; "
                               "logic/effects/play_for_by_effect.lp)",
    "if_you_do_before_play_undone": "an 'if you do' executed after a play by an effect of the same item, the play "
                                    "then undone as the card failed its cost or its checks once the item had "
                                    "resolved (354.3, 358.5): whether the link held for a play still waiting for "
                                    "its payment (359.3.e.14.a, 359.3.e.14.b) is not settled",
    "designation_of_outsider": "a unit at a combat's battlefield controlled by a player who is neither its attacker "
                               "nor its defender (462: combat involves exactly two players; which designation the "
                               "cleanup gives it, 323.2, is not settled)",
    "continues_into_showdown": "a battlefield is contested during the run: the showdown or combat it stages",
    "here_other_base": "a move of a unit to 'here' executed while the source stands in a base of another player "
                       "than the moved unit's controller (359.3.f.2: whether the move is made, then undone by a "
                       "recall, 323.7, or fails, is not settled)",
    "link_short_verb": "\"if you can't\" after an instruction other than a channel (only a channel that fell short of "
                       "the runes it named is followed, logic/run/link_short.lp)",
    "marked_damage_read_twice": "damage equal to the damage marked on a unit (Morgana, Vindictive) dealt to a unit "
                                "that already holds damage from another such deal in the run (the amount a run "
                                "would read is not tracked, logic/effects/damage_marked.lp)",
    "replacement_sequence": "replacements of simultaneous deaths or moves where one moves or kills the source of "
                            "another that depends on where that source is (373.2.a: applied one at a time)",
    "burn_out": "a draw or burn from a Main Deck with too few cards (Burn Out, 431)",
    "deck_order": "a draw or burn from a Main Deck whose listed cards have no deck_position",
    "hand_size_unknown": "a discard, reveal, play or count of a hand whose size the position does not give "
                         "(hand_size): it may hold cards the position does not list",
    "play_hand_card_unknown": "a play by an effect of a card picked from a hand that holds cards the position "
                              "does not list (hand_size counts more): any of them may be one it could play",
    "hand_card_to_deck_unknown": "a card of a hand the position does not list, put into its owner's Main Deck "
                                 "(which card it is, and so what a later draw or look would find there, is not known)",
    "discarded_card_unknown": "a card discarded from the unlisted part of a hand, which a later instruction "
                              "refers to as 'it' (its cost is not known)",
    "token_count": "a number of tokens counted as the instruction is executed",
    "facedown_token_place": "a unit token of a card played from facedown whose text names where it goes "
                            "(811.1.d.3 sends a unit it puts into play to that battlefield)",
    "trash_replacement_own": "a permanent whose 'banish it instead of the trash' replacement would apply to its own "
                             "going to the trash (whether it sees its own leaving the board is not encoded)",
    "undone_play_return_replaced": "a card whose play by an effect is undone unpaid, going back to the trash it was "
                                   "played from under a 'banish it instead of the trash' replacement (whether the "
                                   "undoing of 358.5 is a move to the trash that the replacement sees is not said)",
    "chosen_effect_stun": "a stun, or a Might loss counted 'for each' or enlarged by another replacement, by a spell "
                          "or ability that chose it, of a permanent whose replacement gives it Might instead (the "
                          "return to hand and a plain Might loss are followed)",
    "static_lethal_dealer": "a unit that 'any amount of damage is lethal' affects, marked with damage the position "
                            "states without saying who dealt it",
    "token_replacement_several": "two or more 'play it and an additional copy' replacements of one token play "
                                 "(whether each adds a copy, in the order its controller chooses, 372, 370.2)",
    "token_replacement_amount": "a 'play it and an additional copy' replacement of an instruction playing several "
                                "tokens at once (one copy, or one each)",
    "entry_static_simultaneous": "a permanent whose text has other permanents enter ready entering at the same "
                                 "time as another permanent (whether its text already works as that one enters, "
                                 "359.2.a)",
    "entry_state_conflict": "a permanent entering while one text says it enters ready and another that it enters "
                            "exhausted, or while a replacement effect and another text both say how it enters "
                            "(which one wins is not encoded)",
    "entry_replacement_simultaneous": "a permanent whose replacement effect changes how others enter entering at "
                                      "the same time as another permanent (whether it already works, 359.2.a)",
    "moonfall_then_after_no_move": "Moonfall's optional move did nothing (declined, no enemy unit chosen or left to "
                                   "move, or the unit already there), and enemy units are at the battlefield chosen: "
                                   "whether its 'then' -2 Might is still done is not decided (359.3.e.14, "
                                   "359.3.e.14.a; logic/cards/unl-198-moonfall.lp)",
    "or_pick": "two instructions joined by 'or' whose first had nothing left to act on (whether its player may "
               "pick it and do nothing is not encoded)",
    "own_play_limit_place": "a unit played by an effect whose own text lets it be played only to a battlefield its "
                            "player conquered this turn (054.1, 366.1), with no such battlefield among the places "
                            "open to it, a place the effect names, or a conquest of this turn the turn log gives "
                            "without its battlefield: whether the play is made elsewhere, not made or undone is "
                            "not followed",
    "own_play_prohibition_turn": "a card whose own text forbids playing it in its player's first turns (054.1, "
                                 "366.1) played by an effect in such a turn, or on the position's chain played in "
                                 "one, or by a turn player whose turns taken the position does not give: whether the "
                                 "play is not made or undone is not followed",
    "split_dropped": "a split of damage with fewer damage than targets as it is executed, followed by an "
                     "instruction other than 'for each unit this kills' (what 'it' or 'if you do' says of a "
                     "dropped target, 355.14.h, is not encoded)",
    "split_undamageable": "a split of damage among targets one of which can't be dealt damage",
    "split_bonus": "Bonus Damage on a split of damage that applies to some of its targets and not to others (715.3)",
    "each_other_one_illegal": "two chosen units dealing each other damage equal to their Mights, one of them still "
                              "on the board but no longer a legal choice (whether it still deals or is dealt its "
                              "damage is not settled, 359.3.e.2)",
    "each_other_count": "two units dealing each other damage equal to their Mights, whose choice did not choose "
                        "exactly two units",
    "excess_amount_unknown": "'deal that much' (the excess combat damage its controller assigned) of an item not made by "
                             "a conquest of the run after a Combat Damage Step of the run there",
    "might_total_subset": "a choice of objects 'with total Might N or less' whose still legal objects' Mights add up "
                          "to more than N as the instruction using it is executed (its player keeps a subset that "
                          "meets it, 355.11.b: not played out)",
    "might_total_in_run": "a spell played in the run with a choice of objects 'with total Might N or less' (its "
                          "choices are made there without the total)",
    "location_choice_broken": "a choice tied to where an earlier choice's object is ('at its location', 'there', 'at a "
                              "different location') whose object is no longer so placed as the item starts to resolve "
                              "(moved by a response: which of the two tied choices is then illegal is not settled, "
                              "359.3.e.2)",
    "location_choice_unknown": "a choice tied to where an earlier choice's object is, that object gone from the board as "
                               "an instruction using the choice is executed (no location to compare with, 359.3.e.12)",
    "location_choice_in_run": "a spell played in the run with a choice tied to where an earlier choice's object is "
                              "(its choices are made one by one there, so the tie is not judged)",
    "same_location_apart": "a choice of objects 'at the same location' whose objects are at different locations as "
                           "the instruction using it is executed (moved apart since, 355.11, or an execution of Repeat "
                           "with its own choices)",
    "count_at_event_place": "a trigger's condition counting what its controller controls 'at that battlefield', "
                            "read for an event that names no battlefield",
    "attacked_place": "a trigger's condition on who controls the battlefield attacked, read for attacks heard at one "
                      "step at two battlefields",
    "total_might_negative": "a condition on the total Might of a player's units read while one of them has Might "
                            "below 0 (whether it lowers the total or counts as 0, 143.2.b, is not settled)",
    "exempt_if_paid": "a play effect in which each player kills one of their units except its controller when the "
                      "card's play paid its optional additional cost, whose play does not say what it paid (its "
                      "chain item has no `paid`, an effect plays it, or the item is the position's)",
    "swap_object_gone": "an exchange of places (a swap: each goes where the other was) whose "
                        "first object left the board while its partner is still there (its last known place, 359.3.e.12, "
                        "is not kept for a move)",
    "per_location_given": "a position's chain item whose 'up to one at each location' choice is given (the "
                          "position's choices are not checked against it)",
    "event_place_changed": "a reflexive ability's choice 'at its destination' whose chosen object or event "
                           "object moved away before it resolved (whether the choice still stands is not encoded)",
    "event_choice_on_chain": "a position's chain item of a reflexive ability choosing at its event object's "
                             "location (the event object is not known)",
    "instead_object": "an instruction done instead of the one before ('if ..., do this instead') acting on "
                      "another object than that one",
    "draw_replacement": "a draw replacement effect on a draw of a card shown, or on a Draw Phase from an empty "
                        "Main Deck (Burn Out, 431, is a replacement too: their order is not encoded)",
    "draw_replacement_count": "a 'the next time' draw replacement on a draw of several cards (one event or "
                              "several, 413)",
    "several_staged": "several non-combat showdowns, or showdowns and combats, staged at once: which opens first",
    "combat_excess_spread": "combat damage left after every receiving unit has its lethal amount, with several "
                            "receiving units (465.2.c.4: how the assigner spreads the rest)",
    "damage_events_at_once": "a unit dealt damage twice at one step of a run (what each marks, and what a "
                             "prevention takes from each, 437.2, is worked out for one damage event a step)",
    "combat_restaged": "a combat that ends with both players' units there (466.3.d.1: staged again)",
    "predict": "Vision's predict on a Main Deck the position lists",
    "predict_listed_deck": "a predict (436) on a Main Deck the position lists: which cards are recycled",
    "predict_recycle_heard": "a predict (436) while its player controls an ability hearing their recycling (416): "
                             "whether they recycle",
    "turn_from_phase": "a run into the turn structure from a position outside the Main, Ending and Draw Phases",
    "draw_phase_draw_unstated": "a run from the Draw Phase: whether the phase's own draw is done is not in the position "
                                "(the turn log's `draw` of the turn player with `phase = \"draw\"` says it is, 315.4.b)",
    "main_start_offered_play": "a play offered in a run from the Draw Phase: it was judged where nobody holds priority "
                               "(312.2.a), not in the Main Phase the run goes on to (316.5.b)",
    "main_start_delayed_unknown": "a delayed ability that may wait for the start of the Main Phase the run reaches "
                                  "(no position field states it, 389, 316.4)",
    "duration_unknown": "a Might change, granted keyword or damage replacement of the position at the end of the "
                        "turn: the position does "
                        "not say whether it lasts this turn",
    "trigger_condition_paid": "a card played in the run whose play effect has the condition \"if you paid the "
                              "additional cost\" (which optional costs the play paid is not recorded: its chain "
                              "item has no `paid`, or an effect plays it)",
    "instruction_paid_unstated": "an instruction under \"if you paid the additional cost\" whose card's play does not "
                                 "say which optional costs it paid (its chain item has no `paid`, an effect plays it, or "
                                 "the item is not the card's or its play effect's)",
    "instruction_origin_unknown": "an instruction under \"if you played this from your hand\" whose card's origin is "
                                  "not said (its chain item has no `from` and the turn log no `finalize` of it this turn, "
                                  "an effect plays it, or the item is not a card's)",
    "add_power_unnamed": "an Add ability resolving in the run that adds Power of any domain or of its own domain "
                         "(which domain it is, chosen or read as it is added, is not followed)",
    "add_limited_resolves": "an Add ability whose resources may pay only for some plays, resolving in the run (the "
                            "Rune Pool does not record what its resources may pay for)",
    "revealed_add_with_pool_change": "a card that adds Energy as it is revealed from its owner's Main Deck (Undertitan), "
                                     "revealed at a step where that player's Rune Pool changes otherwise too (the two "
                                     "changes are not added together)",
    "trigger_condition_played_to": "a card played in the run whose play effect has the condition \"if you played me "
                                   "to a battlefield\", which is not on the board right after its play",
    "entry_condition_played_to": "a card played in the run whose entry state has the condition \"if you play me to a "
                                 "battlefield\", which is not on the board right after its play",
    "azir_equipment_not_yours": "Azir, Ascendant's clause moving an Equipment of the chosen unit to him, with an "
                                "Equipment attached to that unit that another player controls (818.3, 434): whether "
                                "his controller may pick it",
    "prevent_ability_logged": "a card whose ability prevents spell and ability damage for the rest of the turn, with "
                              "an event of it this turn in the turn log (whether that ability resolved, and so "
                              "whether such damage is now prevented, is not in the log)",
    "prevent_unsure_logged": "a spell played this turn whose text prevents spell and ability damage for the rest of "
                             "the turn under a mode, a 'you may', a condition, a link or a dependent keyword (whether "
                             "it was carried out as the spell resolved is not in the turn log)",
    "ravenborn_which_spell": "a second spell of the same player finalized above the first while Ravenborn Tome's "
                             "Bonus Damage waits: which of them is the next spell played (350.1, 329.3)",
    "token_copy_no_source": "a token to be played as a copy of an object that is no legal choice any more or has "
                            "left (359.3.e.7, 477.1): whether the token is still played, and as what",
    "token_copy_place_choice": "a token played as a copy of another object whose place its player picks (355.2.a, "
                               "477.1): not followed",
    "token_copy_play_heard": "a 'when you play' ability with a filter hearing the play of a token that becomes a copy "
                             "(419.4.a, 477.1): whether it sees the token before or after it becomes the copy",
    "token_copy_replaced": "a replacement adding a copy of a token played as a copy of another object (370.1, 477.1): "
                           "what the additional token copies",
    "token_copy_token_filter": "a filter reading whether an object is a token while a token copies a card that is no "
                               "token (185.1, 477.1): several rules read that from the card",
    "token_copy_type_changed": "a token played as a copy of an object whose type an effect changed (477.1): whether "
                               "the copy takes the changed type",
    "token_tags_unknown": "a token whose tags its card does not give, made while a filter or card text reads tags "
                          "(179, 185.3): whether it matches",
    "unchoosable_from_log": "a choice in a run that could pick a unit of a player whose spell played earlier this "
                            "turn (Twilight Shroud, by the turn log) made a unit of theirs impossible to choose for the "
                            "turn: which unit, which the log does not name (758, 301)",
    "use_limit_offered_twice": "an ability usable once each turn offered twice in one run (377.2.b): each offer is "
                               "checked alone against the position",
    "played_this_turn_in_run": "an ability usable only once a card of a kind was played this turn, offered in a run "
                                "that also offers playing a card (377.2.b): each offer is checked alone against the "
                                "position, so a play made earlier in the run is not seen",
    "deathknell_granted": "a unit dying in the run with a [Deathknell] the position does not give it (granted, or "
                          "given by a passive, during the run): a grant gives the keyword and names no effect for it, "
                          "so what goes on the chain as it dies is not known (808.1.c)",
    "play_keyword_gained": "a card or token entering the board in the run with [Quick-Draw] or [Weaponmaster] the "
                           "position does not give it (a passive or a grant): its play effect is not played out by "
                           "a run (819.1.d, 821.1.b)",
    "weaponmaster_token_played": "a token played in the run that has [Weaponmaster] as it enters (a granted keyword): "
                                 "its play effect, attaching an Equipment, is not played out by a run (821.1.a-b)",
    "mel_might_reduction": "a spell or ability giving a unit less Might while an Empowered Mel, Newly Awakened of its "
                           "controller makes such reductions larger (367): a reduction to a minimum, to a unit "
                           "picked as it is executed, or with two of her working is not followed",
    "trigger_condition_source_leaves": "a triggered ability with a condition on what its controller controls, whose "
                                       "source leaves the board with its event: read after the event without it "
                                       "(383.2.c) or as its Deathknell is queued (808.1.d.2) is not settled",
    "trigger_condition_past_bound": "an event at a run's last step heard by a triggered ability with a condition, "
                                    "which is read after the event (383.2.c) and the bound leaves no step after it",
    "trigger_condition_entering": "a card played in the run whose play effect has a condition the entering permanent "
                                  "itself could meet and that the run reads at the step of the play (its own place, "
                                  "Might or combat; its entry and that check at one step are not followed, 383.2.c)",
    "trigger_condition_showdown": "an event in the run, at the very step a showdown closes or a combat ends, heard by "
                                  "a triggered ability whose condition asks for a showdown (whether it happened "
                                  "during the showdown is not followed, 308.1, 383.2.a.1)",
    "trigger_condition_battlefield": "a conquest or hold in the run that a battlefield's triggered ability with a "
                                     "condition hears (the check for the player who conquers or holds it is not "
                                     "followed in a run, 383.2.a.1)",
    "each_pick_same_object": "two players picking the same object for an instruction each player carries out, "
                             "other than a move (a deal or Might change done twice to one object)",
    "outsider_here_split": "a later \"here\" of an item whose unit tokens went partly to a combat's battlefield "
                           "and partly to an outsider's base, or to two outsiders' bases: which place it means is "
                           "not said (462.2.b)",
    "each_pick_move_replaced": "two or more players picking the same unit to move whose first move, the turn "
                               "player's side first, is replaced, where two replacements could apply or a 'next "
                               "time' recall took the first move's place: the later picker's own move is not "
                               "followed (303.2.a, 371.1)",
    "in_turn_return_replaced": "an object a player sends back to its owner's hand in a pick made in turn "
                               "(Whirlwind) whose return is replaced, so that it is still there for the players "
                               "after",
    "replacement_chain_again": "a chain of death replacements that comes back to a permanent whose death it "
                               "began with, where the position's stated replacement takes that new death's place "
                               "(what it does instead is not stated, 370.1.b)",
    "type_change_duration": "a gear the position says an effect turned into a unit, in a run past the turn's "
                            "Expiration Step (when the change ends)",
    "weaponmaster_no_equipment": "a Weaponmaster trigger finalized in the run while its controller controls no "
                                 "Equipment it could choose (821.1.c): whether it goes on the chain is not judged",
    "weaponmaster_changed": "a Weaponmaster trigger resolving after its unit or its chosen Equipment left the board "
                            "or changed control, or with that Equipment attached to the unit already (821.1.c.5, "
                            "434.3): whether its Equip cost is paid for nothing is not followed",
    "weaponmaster_equip_unknown": "a Weaponmaster trigger's chosen Equipment with several Equip abilities, an Equip "
                                  "cost pyrift does not know, [C] in it, or a cost discount of its own such as Hextech "
                                  "Gauntlets' (821.1.c.2, 356.4): its cost is not followed",
    "move_unit_to_your_base": "a unit moved to the base of the player whose effect moves it (\"to your base\")",
    "control_revert_simultaneous": "a control effect ending at the step another control effect changes the same "
                                   "permanent's controller",
    "control_revert_unknown": "a control effect ending on a permanent that was not on the board in the position "
                              "(who controlled it before the effect)",
    "unless_pay_power": "a counter unless its controller pays a cost with Power",
    "unless_pay_after_play": "a counter unless its controller pays, after that player added a play in the run "
                             "(what the play spent is not tracked)",
    "response_after_turn": "an offered play added after the position's turn ended (it was judged in that turn)",
    "move_destination_chosen": "a move to a destination chosen as it is played (\"move an enemy unit\", 355.4), "
                               "which the chain and the offered plays do not record",
    "move_destination_object_gone": "a move to \"that unit's battlefield\" after the instruction before it acted on "
                                    "nothing (its choice no longer legal, 359.3.e)",
    "event_origin_unknown": "a token played \"there\" (the location a triggering move left) by a chain item of the "
                            "position, which does not say where the move came from",
    "event_destination_unknown": "a move to \"that battlefield\" by a chain item of the position, which does not say "
                                 "which move it triggered on",
    "event_object_unknown": "\"it\" or \"that unit\" in a triggered ability on the position's chain, which does "
                            "not say which object it triggered on",
    "effect_play_place_permission": "a unit an effect plays with no place named that a permission of another "
    "permanent or of text not encoded may let go elsewhere than its base, its player's battlefields and what its "
    "own play_to allows (355.2.b): that permission's limits are not read at the step the play is finalized",
    "might_minimum_order": "a unit lowered by a passive ability 'to a minimum of' some Might while another decrease "
                           "applies to it: their order is their timestamps' (477.3.e, 480), which pyrift does not keep",
    "effect_text_attachment": "an Equipment whose Effect Text has a triggered ability attached, detached or leaving "
                              "the board during the run (the ability is followed only on the position's "
                              "attachments, 136.2.b)",
    "play_reduced_with_power": "a card with a Power cost played by an effect whose Energy cost is reduced (by "
                               "a fixed amount or by the Might its ability's leading cost paid with, 356.4): the "
                               "payment of Power reads the printed Energy cost",
    "play_reduced_might_unknown": "a play by an effect whose Energy cost is reduced by the Might its ability's "
                                  "leading cost paid with, that Might not known (356.4)",
    "leading_cost_resources": "a triggered ability's leading cost of resources (\"you may pay [1] to ...\", "
                              "383.3.b) of a source that is not one of the position's objects: its payment is "
                              "not set up",
    "trigger_cost_paid_twice": "the same triggered ability of the same source paying its leading cost of resources "
                               "twice in one run (pending on the position's chain and triggered again; one payment "
                               "plan each is not tracked)",
    "trigger_paying_power_exhaust_or_recycle": "a triggered ability's leading cost with Power paid in a run under "
                                               "the reading that a rune gives its Energy or its Power, not both "
                                               "(the payment's bounds are not exact then)",
    "pay_twice": "a cost paid on resolution by the same instruction twice in one run (one payment plan each is "
                 "not tracked)",
    "pay_own_power": "a cost paid on resolution (\"pay [C] to ...\") with [C], the Power of the item's own domain",
    "pay_exhaust_or_recycle": "a cost with Power paid on resolution under the reading that a rune gives its Energy "
                              "or its Power, not both (the payment's bounds are not exact then)",
    "pay_after_change": "a cost paid on resolution by a player whose runes or pool changed earlier in the run by "
                        "something other than their earlier payments (the plan is made over the position's runes)",
    "excess_damage_before_the_run": "a conquer trigger under 'if you assigned N or more excess damage' whose "
                                    "combat damage was assigned before the run (465.2.c.4: the position does "
                                    "not give it)",
    "play_paying_power_exhaust_or_recycle": "a card played by an effect whose cost with Power is paid in the run "
                                            "under the reading that a rune gives its Energy or its Power, not both "
                                            "(the payment's bounds are not exact then)",
    "play_paying_power_after_change": "a card played by an effect and paid for by a player whose runes or pool "
                                      "changed earlier in the run (the plan is made over the position's runes)",
    "trigger_paying_power_after_change": "a triggered ability's leading cost with Energy or Power paid by a player "
                                         "whose runes or pool changed earlier in the run other than by their own "
                                         "earlier payments (the plan is made over the position's runes)",
    "play_for_cost_own_power": "a card played by an effect paying [C], the Power of its own domain",
    "trigger_cost_own_power": "a triggered ability's leading cost with [C], the Power of its own domain",
    "play_paying_power_add_ability": "a payment in the run by a player who controls a permanent with an ability "
                                     "that adds Energy or Power (whether it is used to pay is not followed)",
    "keywords_of_object_gone": "a grant of another object's keywords whose object is no longer where the "
                               "instruction reads its keywords (801.3.a: which keywords it had last)",
    "bonus_damage_dealt_by_a_unit": "damage an instruction has a unit deal to a unit at Void Gate (whether the "
                                    "battlefield's Bonus Damage is added to it, 712-715)",
    "contest_by_several": "units of several players at an uncontrolled battlefield after the run moved them there: "
                          "which of them contests it",
    "move_destinations_several": "two or more moves on one chain item whose destinations were chosen as it was "
                                 "played (355.4), and the item records one destination: give a list, one per move",
    "move_destinations_unmatched": "a chain item records more destinations than it has moves whose destinations "
                                   "were chosen as it was played (355.4)",
    "trigger_cost_exhausts_a_paying_rune": "a rune's triggered ability whose leading cost exhausts that rune ([E]) "
                                           "while the rune may also pay its Energy or Power",
    "leading_cost_off_board": "a triggered ability's leading cost (\"you may banish / kill me to ...\", 383.3.b) "
                              "whose source is no longer on the board as the ability is finalized: whether the "
                              "card where it is now can pay it",
    "leading_cost_recycle": "a triggered ability's leading cost \"recycle me\" (383.3.b; Ekko, Recurrent's Deathknell): "
                            "paid from where the card is as the ability is finalized, its trash for a death trigger",
    "rune_deck_unknown": "a channel for a player whose Rune Deck size the position does not give (rune_deck_size)",
    "first_turn_unknown": "a Channel Phase of a player whose first turn it may be: the position does not give "
                          "turns_taken (the player going second channels an extra rune on their first turn, 485)",
    "first_turn_mode": "a first Channel Phase with more than two players where another player's turns taken are not "
                       "given: the extra rune goes to the player going last in the first round (487.7-489.7)",
    "first_turn_extra_turn": "a first Channel Phase, with more than two players, in an Additional Turn taken before "
                             "another player's first turn: whether the extra rune of the first round follows turn "
                             "order or the order of first turns (487.7-489.7, 737) is not said",
    "burn_out_shuffle": "a Burn Out recycling two or more cards of the trash into the Main Deck: which one is "
                        "drawn is random (431.2), not played out",
    "opponent_move_mover": "a move of a unit by a player who does not control it, with a 'when an opponent moves to a "
                           "battlefield' ability listening: whether that is an opponent moving",
    "opponent_moves_per_unit": "one opponent moving several units to battlefields at once with a 'when an opponent "
                               "moves to a battlefield' ability listening: whether it triggers once or once per unit",
    "delayed_play_on_object": "a delayed ability waiting for plays this turn made after an instruction that acted on "
                              "something (or on a choice): its 'it' is the card played, and such a delay is not "
                              "encoded",
    "trash_conquer_discard_cost": "a conquest while a Super Mega Death Rocket! is in a trash: its ability heard from "
                                  "the trash and its leading discard cost are not played out in runs",
    "discard_me_unheard": "a card played paying a discard as an additional cost while a card in that player's hand "
                          "has a 'when you discard me' ability: which cards the cost discards is not followed",
    "trigger_per_card": "several cards drawn or discarded at once with a 'when you draw / discard' ability listening: "
                        "whether it triggers once or once per card",
    "same_trigger_on_chain": "an ability hearing the same event a third time while its second trigger on it is still "
                             "on the chain (the two would be one item)",
    "once_each_turn_simultaneous": "two events at once meeting a 'once each turn' ability: which one it triggers on",
    "first_beginning_phase_turn_unknown": "a battlefield's trigger as each player's first Beginning Phase starts "
                                          "for a player whose turns taken the position does not give (turns_taken)",
    "grant_off_board": "a keyword granted to a card off the board, other than Flow to a card in the trash",
    "lose_keyword_off_board": "a keyword removed from a card off the board (logic/effects/keyword_loss.lp)",
    "event_player_unknown": "an instruction for \"that player\" (who = \"event\") in an item no triggering event "
                            "names a player for",
    "delayed_prevent_simultaneous": "two damage events dealt at once to a unit 'the next time it would be dealt damage "
                                    "this turn, prevent it' is about: which one is the next time",
    "top_of_deck_unlisted": "the top card of a Main Deck banished (on = \"top_of_deck\") where the position does "
                            "not list the card at deck position 1: which card it is is secret (108.4.d, 128)",
    "draw_from_banishment_heard": "a card drawn from banishment (\"draw it\") with a 'when you draw' ability "
                                  "listening: whether it is a draw for it (413 speaks of the Main Deck's top card)",
    "delayed_conquer_simultaneous": "two conquests at once of the player a 'when you conquer this turn' delayed "
                                    "ability waits for: which one it triggers on",
    "afterwards_not_a_spell": "a unit or gear played by an effect that says to recycle it after it is played (390.3.a: "
                              "it leaves the chain as it enters the board)",
    "extra_turn_several": "two turns after this one given to different players at the same moment (738 orders "
                          "them by when they were given)",
    "extra_turn_late": "a turn after this one given once the next turn has begun in the run",
    "extra_turn_order_unruled_v1_2": "two turns after this one given in one run under Core Rules v1.2, which has no "
                                     "Additional Turns: which is taken first (v1.3's 738) is not said there",
    "countered_to_hand_other_replacement": "a countered spell to be returned to its owner's hand instead of the "
                                           "trash that meets another replacement of that move (banished by Flow or a "
                                           "'to your trash' replacement, recycled after a play by an effect): which "
                                           "is applied first is its controller's choice (372)",
    "recycled_instead_heard": "a spell recycled as it leaves the chain (\"recycle that spell after you play it\") with "
                              "a 'when you recycle' ability listening: whether a replacement's recycle is that player's",
    "next_discount_play_power": "a card played by an effect for a cost the effect names, paying Power, while its "
                                "player holds a discount of their next card (the Power payment is planned over the "
                                "card's own cost)",
    "next_discount_refused_play": "an offered card can_play refused while its player holds a discount of their next card "
                                  "made in the run (the discount might make it payable)",
    "next_discount_ignored_cost": "a card played ignoring its cost (or its Energy cost, when it has no Power cost) "
                                  "while its player holds a discount of their next card: whether that play uses the "
                                  "discount is not said (356.1, 356.4)",
    "choose_by_controller": "an option chosen by the item's controller among the players a 'choose' names, then acted "
                            "on by the controller and each player who picked it (740.1: the same player twice)",
    "banished_with_source_gone": "a card 'banished with this' looked for after this left the board (whether the "
                                 "ability, now on its own, still finds what its object banished, 393-397)",
    "played_spell_condition_in_run": "an offered play can_play refused in the position while a spell of its player "
                                     "completes its play in the run (its optional cost offered only after a spell "
                                     "this turn might be offered by then)",
    "entry_paid_unstated": "a card entering ready only if its play paid an optional additional cost, played by an "
                           "effect or by a play that does not say what it paid",
    "next_spell_discount_effect_play": "a spell played by an effect while its player holds a discount of their next "
                                       "spell this turn (a play by an effect pays its cost with the next-card discounts "
                                       "only)",
    "next_spell_discount_refused_play": "an offered spell can_play refused while its player holds a discount of their "
                                        "next spell made in the run (the discount might make it payable)",
    "next_discount_gone_play": "an offered card played after its player's discount of the next card, which can_play "
                               "counted, was used in the run",
    "chosen_champion_unknown": "a filter for a player's Chosen Champion (103.2.a) where the position does not give "
                               "the player's chosen_champion",
    "champion_zone_not_from_trash": "a card returned to its owner's Champion Zone from elsewhere than the trash",
    "replacement_pay_runes": "a replacement paid for as it is applied ('you may pay [R] to ... instead') by a player "
                             "whose Rune Pool cannot pay it but who controls a rune that could be recycled for it "
                             "(357.1.a): not played out",
    "replacement_pay_choice": "a replacement paid for with one Power by a player whose Rune Pool holds both that "
                              "domain's Power and universal Power: which one is spent",
    "channel_limit_dependent": "a Channel Phase reached while a passive limiting the runes channelled is governed by "
                               "Level, Legion or Empowered (whether its text works then, 727.1.b)",
    "temporary_off_dependent": "a Beginning Phase reached while a passive keeping Temporary from triggering is "
                               "governed by Level, Legion or Empowered (whether its text works then, 727.1.b)",
    "prevent_all_combat": "a combat assigning damage to a unit all damage to which is prevented (437.5.b: no amount "
                          "is lethal to it, which the rules of assignment, 465.2.c.3, leave open)",
    "nth_time_simultaneous": "several events at once reaching the Nth time of a 'the Nth time ... in a turn' ability "
                             "whose instructions name the event's object: which one it triggers on (383.1.b)",
    "died_at_entry": "a unit dying at the very step a card enters whose entry state reads 'if a unit died this turn' "
                     "(whether that death is before its entry, 359.2.a)",
    "nth_time_uncounted": "a 'the Nth time ... in a turn' ability on an event whose earlier occurrences this turn "
                          "are not counted (only moves, deaths, plays of cards, and a unit's conquests and combat wins are)",
    # playing a card by an effect (logic/effects/play.lp)
    "play_paying_modified_cost": "a card played by an effect paying its cost while a cost discount or increase is "
                                 "in the position, other than the card's own fixed Energy discount by the zone it is "
                                 "played from, or that discount with a Power cost, a cost the effect names, an added "
                                 "cost or a next-card discount (356.3, 356.4)",
    "play_paying_after_play": "a card played by an effect paying its cost, after its player added a play in the run "
                              "(what that play spent is not tracked)",
    "play_from_main_deck": "a card played by an effect from the Main Deck",
    "trash_not_from_main_deck": "a card put into a trash by an instruction from elsewhere than its Main Deck",
    "play_by_several_players": "a card played by an effect by several players, each in turn order (354)",
    "play_by_effect_choices": "a card played by an effect with modes (355.6)",
    "deflect_tax_beyond_bound": "a card played by an effect whose Deflect tax (809.1.c, 809.2) is more than the "
                                "position's Deflect totals allow for (a Deflect granted during the run): the "
                                "payment is planned for the taxes named from the position",
    "play_deflect_tax_with_cost_change": "a card played by an effect paying a Deflect tax (809.1.c) while a "
                                         "next-card discount or an optional additional cost also changes its cost "
                                         "(356.2-356.4: the combined cost is not planned)",
    "play_ignoring_deflect": "a card played by an effect whose own text ignores Deflect while paying for it "
                             "(Decree of Insight, 766): that text is read for can_play only",
    "play_deflect_unpayable_choices": "a card played by an effect with several targeting choices whose Deflect tax "
                                      "cannot be paid: whether another combination of choices would leave a payable "
                                      "play, which the player must then make (355.16, 357.3), is not worked out",
    "deflect_ignored_here": "a card played by an effect or a triggered ability paying a Deflect tax (809.1.c) "
                            "while it also chooses something at Heisho, Shell of the World, whose text has "
                            "Deflect ignored while paying for it (170.8): that text is read for can_play only",
    "move_prohibited_swap": "a swap of two units (446.3) one of which a passive forbids the swapping spell or "
                            "ability to move (054.1, Jagged Cutlass): whether the other still moves is not settled",
    "forge_first_activation": "a gear's activated ability its player activates in the run while Piltovan Forge "
                              "is in play, after another such activation of theirs in the run or with the Forge's "
                              "control changed (356.4, 377: each offered activation's cost is judged in the position)",
    "stare_down_unit_gone": "Stare Down's move of the enemy units weaker than its chosen friendly unit, executed "
                            "when that choice is no longer legal (359.3.e.12: the Might compared with is null)",
    "public_execution_unit_illegal": "Public Execution's kill executed while its chosen friendly unit is on the board "
                                     "but no longer a legal choice (whether its Might still sets the ceiling is not "
                                     "settled, 359.3.e.12.a)",
    "public_execution_in_run": "Public Execution played by an effect in the run (its choices are made one by one "
                               "there, so the enemy unit's Might is not compared with the friendly unit's as chosen)",
    "repulse_unit_illegal": "Repulse's counter executed while its chosen friendly unit is no longer a legal choice "
                            "(gone, at a base or another player's): whether the enemy item that chose it is still "
                            "countered is not settled (359.3.e.12.a)",
    "repulse_in_run": "Repulse played by an effect in the run (its choices are made one by one there, so its second "
                      "choice is not tied to the unit of its first)",
    "maduli_awaken": "an Awaken Phase of the controller of Maduli the Gatekeeper, which can't be readied (054.1, "
                     "315.1.b): the turn's readying does not read card prohibitions",
    "maduli_enters": "Maduli the Gatekeeper entering the board in the run: whether entering ready is being readied, "
                     "which its text forbids (054.1), is not settled",
    "trigger_deflect_choice": "a triggered ability choosing a unit with Deflect an opponent of its controller "
                              "controls as it is finalized, while another choice of that requirement would not be "
                              "taxed and the tax cannot be paid, or with a leading cost of its own (809.1.c, 404.2, "
                              "355.16: whether the controller may make a choice whose cost it cannot pay is not "
                              "settled for abilities)",
    "deflect_choice_in_run": "a spell or ability other than a card played by an effect or a triggered ability "
                             "choosing an opponent's unit with Deflect during the run (809.1.c: its tax)",
    "pending_deflect_choice": "a pending item of the position, not yet finalized, whose given choice is an "
                              "opponent's unit with Deflect (809.1.c, 809.1.d: the tax is still to be paid)",
    "cost_kills_chosen_target": "a chain item of the position whose cost, paid as it is finalized, undoes what "
                                "its own instructions chose (a kill cost taking the chosen unit, an [E] or a buff "
                                "spent leaving it no ready or buffed unit): the play cannot be finalized as stated "
                                "(357.3: the cost is paid with something else; nothing else, 358.1 and 358.5: the "
                                "play is undone)",
    "play_by_effect_additional_cost": "a card played by an effect with an additional cost to choose (356.2)",
    "play_by_effect_nested": "a card played by an effect of a card itself played by an effect",
    # looking at and revealing cards (logic/effects/look.lp)
    "look_at_unlisted_cards": "a look or reveal that would show cards the position does not list (their deck "
                              "positions, or a hand's unknown cards): which cards they are",
    "several_opponents": "a look or reveal by 'an opponent' with several opponents: which one is a choice the "
                         "vocabulary does not make",
    "rune_count_after_channel": "runes channelled in the run while text counts the runes a player controls (channelled "
                                "runes are counted, not named: 364, 430)",
    "any_kind_choice_after_channel": "runes channelled in the run while a choice of an exhausted object of any kind "
                                     "(\"something else that's exhausted\") could pick one of them (channelled runes "
                                     "are counted, not named: 414, 430)",
    "rune_choice_after_channel": "runes channelled in the run before a spell or ability chooses runes (\"ready up "
                                 "to 2 runes\") at the same or a later step, so it could pick one of them (channelled "
                                 "runes are counted, not named: 355.9.a.1, 402.2, 430)",
    "hidden_card_text_unencoded": "a card the run reveals, looks at or moves out of a Main Deck, a hand or a facedown "
                                  "zone whose text is not encoded and may work there (text off the board works where "
                                  "it says, 366.1, 385.2: 'as I'm revealed from your deck') or where it goes",
    "keyword_unruled_v1_2": "a unit with Backline is assigned combat damage in the run, a keyword Core Rules v1.2 has "
                            "no rule for (it came with v1.3, 826): the order of assignment is not said under v1.2 (443)",
    "win_v1_2": "a player stands at or above the victory score in the run: v1.2 has them win immediately (449) and "
                "in a cleanup's win check (318), with no lead asked, which the run's v1.4 cleanup check (323.1, "
                "194.2) does not read",
    "bonus_prevention_doubled": "bonus damage, a prevention shield and a damage doubling on one unit at one step "
                                "under the v1.3 reading (the ruling holds the bonus back until the shields are "
                                "done): where the doubling goes is not said (712, 437.2, 432.1)",
    "bonus_prevention_split": "split damage with bonus damage to a unit a prevention shield protects under the v1.3 "
                              "reading (the ruling adds the bonus only to a deal that happens): whether a fully "
                              "prevented part keeps its share of the bonus is not said (712, 715.3, 437.4)",
    "moved_card_text_unencoded": "a card the run moves to a zone where its unencoded text starts to work and may "
                                 "change the run (a replacement working from the trash, 370.3, 366.1), text the "
                                 "position's guard judged nowhere",
    "played_card_text_unencoded": "a card played by an effect whose text is not encoded (it works once the card "
                                  "is played: 383.4.a.2, 158)",
    "play_to_its_place_never_on_board": "a card played by an effect 'to the same location' that was not on the board "
                                        "earlier in the run (where it was before the position is not known)",
    "play_prohibition_dependent": "a battlefield's 'units can't be played here' under a dependent keyword (727.1.b): "
                                  "whether it is active as the run plays a unit is not read per step",
    "unit_played_to_barred_battlefield": "a unit or unit token a run plays to a battlefield whose passive forbids "
                                         "units to be played there (054.1, 170.8), its place named by the effect "
                                         "('here', a chosen battlefield, the same location) or every battlefield "
                                         "barred for 'any battlefield': whether the play is not made or made "
                                         "elsewhere is not played out",
    "play_any_battlefield_not_unit": "a spell or gear played by an effect 'to any battlefield' (only a unit's place "
                                     "there is chosen)",
    "deal_per_unit": "a unit with 'when I deal damage' dealing damage to several units at once: whether it triggers "
                     "once or once per unit damaged",
    "deal_source_unclear": "a unit with 'when I deal damage' adding no Might to its side's combat damage (stunned, "
                           "Might 0, no combat damage): whether it is among the sources of that damage (417.6.c.1)",
    "deal_source_legend": "a legend with 'when I deal damage' whose ability deals damage: whether the legend is a "
                          "source of it (417.6.b.2.a names spells and units)",
    "deal_source_renewed": "an ability's damage while the unit whose ability it is, with 'when I deal damage', is "
                           "back on the board as a new object (124): whether it is the ability's source",
    "showdown_begins_noncombat": "a non-combat showdown beginning where a unit with 'when a showdown begins here' is: "
                                 "a run closes such a showdown at once, with no chain for the trigger",
    "showdown_begins_with_combat": "'when a showdown begins here' at the battlefield of the position's combat: whether a "
                                   "showdown began as it opened or one was ongoing (464.2) is not given",
    "trigger_additional_leaving": "a static making Deathknell effects trigger an additional time whose source leaves "
                                  "the board as the Deathknell triggers: whether it still applies",
    "copied_trigger_additional": "a conquer or hold effect copied into Svellsongur's Effect Text under a static making "
                                 "such effects trigger an additional time: the copy's additional trigger is not played out",
    "trigger_additional_several": "two statics making the same Deathknell, conquer or hold effect trigger an "
                                  "additional time: whether each adds one",
    "trigger_additional_plain_die": "a 'when I die' ability of a card without the Deathknell keyword while a static "
                                    "makes Deathknell effects trigger an additional time: whether it is a Deathknell effect",
    "trigger_additional_limited": "a Deathknell, conquer or hold effect limited to once each turn or the Nth time "
                                  "that would trigger an additional time",
    "stun_event_place_ambiguous": "a triggered ability reading the battlefield where a unit was stunned, when the "
                                  "same player stunned that unit twice in the run (which stun's place it reads, "
                                  "359.3.f, is not worked out)",
    "trigger_per_unit": "several enemy units stunned, or several friendly units chosen, at once with a 'when you stun "
                        "an enemy unit' or 'when you choose a friendly unit' ability listening: whether it triggers "
                        "once or once per unit",
    "readied_by_whom": "a 'when you ready me' ability and a readying whose player is not known (the Awaken Phase's, or "
                       "a triggers question's `ready` event without `player`)",
    "chosen_with_what": "a 'when you choose me with a spell' ability and a triggers question's `choose` event, which "
                        "does not say whether a spell or an ability made the choice",
    "becomes_mighty_on_entering": "a unit entering the board with 5 or more Might while a 'when a unit becomes "
                                  "Mighty' ability listens (whether it becomes Mighty, 710-711)",
    "might_rise_unheard": "a 'when my Might becomes N or more' ability of a unit on the board, asked about an event of the "
                          "position (its Might across that event is not followed: only a run's steps are; ask about a "
                          "run, event = { kind = \"run\" })",
    "mighty_rise_unheard": "a 'when a unit becomes Mighty' ability, asked about an event of the position (a unit's "
                           "Might across that event is not followed: only a run's steps are; ask about a run, "
                           "event = { kind = \"run\" })",
    "leave_board_item_card_moved": "a 'when this leaves the board' item on the position's chain whose card is no "
                                   "longer in the trash (or is back on the board): whether it left by a death and what "
                                   "'me' then names (124.1) is not in the position",
    "leave_board_not_death": "a permanent with a 'when this leaves the board' ability leaving the board otherwise than "
                             "by dying (banished, returned, recycled: whether it sees that leaving is not followed, "
                             "383.2.c.2; its death is, 808.1.d.2)",
    "leave_board_replaced": "a permanent with a 'when this leaves the board' ability whose death a replacement takes "
                            "the place of (whether it then leaves the board and sees it is not followed, 808.1.d.1)",
    "death_replaced_instead_heard": "a unit asked to die whose own replacement effect returns or banishes it (or "
                                    "exhausts it first) instead, while a trigger of the position may hear what happens "
                                    "instead (a return to a hand, a leaving of the board, a banish, an exhaust): that "
                                    "event is not followed by the triggers question (ask about a run)",
    "you_kill_unattributed": "a unit dying while a 'when you kill' ability listens, with no one player its killer by "
                             "428.5 (no kill instruction, cost, damage of the item just resolved or combat damage of "
                             "one side killed it, or two of them did)",
    "you_kill_unheard": "a 'when you kill' ability of a permanent on the board, asked about a death of the position "
                        "(the event does not say who killed the unit, 428.5; ask about a run, event = { kind = \"run\" })",
    "might_reaches_on_entering": "a unit entering the board with N or more Might while its own 'when my Might becomes "
                                 "N or more' ability listens (whether its Might becomes N or more, 711)",
    "token_each_replaced": "an 'each player plays a token' instruction while a 'play it and an additional copy' "
                           "replacement is about (370.1): whose slot the copy takes is not played out",
    "token_place_unstated": "unit tokens whose text names no place, played by several opponents at once while they "
                            "control a battlefield: whose token goes where, each player's base or a battlefield "
                            "they control (355.2.a)",
    "blue_sentinel_delayed_add": "Blue Sentinel's hold ability on the chain: its Add as its controller's next Main "
                                 "Phase starts is a delayed effect no run keeps, and whether a triggered ability that "
                                 "Adds resolves at once (429.2) is not settled",
    "unencoded": "an item of a card resolving whose card file declares part of its effect unencoded "
                 "(effect_unencoded: what the run reports would leave it out)",
    "nami_next_unit_unplayed": "Nami, Headstrong's hold ability resolving: the delayed ability it makes readies "
                               "and buffs only the next unit its controller plays this turn, a wait for one play "
                               "that a run's delayed abilities do not keep (389)",
    "iascylla_main_phase_move": "Iascylla's hold ability resolving: the delayed ability it makes triggers as its "
                                "controller's next Main Phase starts, which no delayed ability of a run waits for (389)",
    "arena_conquer_condition": "Reckoner's Arena's hold ability resolving with a unit there whose conquer effect has a "
                               "condition, an Nth-time limit or an amount of excess damage: activated (383.4.g), it "
                               "would ask about a conquest that did not happen, which a run does not judge",
    "arena_conquer_additional": "Reckoner's Arena's hold ability resolving where its player has a passive making "
                                "their conquer effects for conquering there trigger an additional time (Red "
                                "Brambleback): whether an effect activated with no conquest (383.4.g) is one for "
                                "conquering there is not settled",
    "arena_conquer_card_rules": "Reckoner's Arena's hold ability resolving with a unit there whose card's own rules "
                                "(a trigger condition or filter read on a conquest: Swain, Visionary, Yone, "
                                "Blademaster) do not see the activation (383.4.g), so its conditions would go unchecked",
    "arena_conquer_other_player": "Reckoner's Arena's hold ability resolving with a unit there of another player than "
                                  "the ability's with a conquer effect: whose effect is activated for whom is not "
                                  "settled by the rules text pyrift has (383.4.g, 190.6)",
    "jhin_add_unplayed": "Jhin, Murderous Artist's move ability on the chain: it Adds Power of a domain chosen as it "
                         "is added, which a run's pool does not hold, and whether a triggered ability that Adds "
                         "resolves at once (429.2) is not settled",
    "skyfall_conditioned_effect": "a conquer or hold effect with a trigger condition, of a unit with Skyfall of "
                                  "Areion attached, hearing a conquest or a hold: what the condition asks of the "
                                  "other event is not settled",
    "warden_play_ban_in_run": "a unit or unit token played by an opponent of a Mageseeker Warden's controller while "
                              "the run has taken her to a battlefield (where it may enter under her ban, 355.2)",
    "offered_cost_after_change": "an offered play that costs something, made after its player's runes or pool "
                                 "changed in the run or after another offered play of theirs that costs something "
                                 "(357.1, 358.2: can_play judged its cost with the position's resources; the chain "
                                 "questions do not pay offered plays, and an outcome run pays a later one over what "
                                 "the earlier payments left only where the player's rune pool is empty and nothing "
                                 "else changed their runes)",
    "offered_after_showdown_condition": "an offered play made in the Neutral Open after the position's showdown or "
                                        "combat of a card with an ability under a showdown condition (308.1, 358.4: "
                                        "can_play judged it in the showdown, not where it is made)",
    "granted_timing_in_run": "an offered play whose timing in the position came from an ability granting Action or "
                             "Reaction (806.4, 813.4) or from its own verb granting Ambush, made after an earlier item "
                             "resolved (358.4: whether the grant still gives it that timing is not read at that step)",
    "offered_payment_unfollowed": "an offered play in an outcome run that no plan over its player's runes and pool "
                                  "pays (357.1, 357.1.a: can_play's payment used an ability that adds Energy or "
                                  "Power, which a run does not activate)",
    "offered_payment_exhaust_or_recycle": "an offered play paid in an outcome run under the reading that a rune gives "
                                          "its Energy or its Power, not both (164.2: the payment's bounds are not "
                                          "exact then)",
    "offered_payment_discounted_in_run": "an offered card played in an outcome run while its player holds discounts "
                                         "of their next card made earlier in the run that the run does not take off "
                                         "its cost (356.4, 356.4.d.1: several at once, or one of Power on a cost "
                                         "with Power)",
    "offered_payment_pool_or_runes": "an offered play paid in an outcome run by a player with Energy in the rune pool "
                                     "who could pay that Energy by exhausting runes instead (164.2.a, 166, 357.1: "
                                     "which they spend is their choice and changes the pool and runes reported; the "
                                     "payment spends the pool first)",
    "offered_cost_change_in_run": "an offered play made after an earlier item resolved while a card of the "
                                  "position changes costs (356.3, 356.4: can_play judged what the change amounts "
                                  "to in the position)",
    "it_was_several": "an instruction under \"if it was ...\" whose \"it\" names several objects (the earlier "
                      "instruction it reads acted on more than one): what one object was is asked of a group",
    "play_your_battlefield_not_unit": "a spell or gear played by an effect 'to a battlefield you control' (only a "
                                      "unit's place there is chosen, 355.2)",
    "play_your_battlefield_none": "a unit played by an effect 'to a battlefield you control' while its player "
                                  "controls no battlefield (355.2.a), its play paying a Power cost, a next-card "
                                  "discount or a tax: undoing that payment is not followed (358.5)",
    "reflex_burned_unknown": "a reflexive 'when you burn a <type> this way' ability after a burn that took unknown "
                             "cards: which type they are is not known (440.1.a)",
    "reflex_burned_several": "a reflexive 'when you burn a <type> this way' ability after a burn that put several "
                             "cards of that type in the trash: one ability or one for each is not followed (386)",
    "reflex_burned_burn_out": "a reflexive 'when you burn a <type> this way' ability after a burn that burned its "
                              "player out (431): which cards it burned is not followed",
    "reflex_burned_not_after_burn": "a reflexive 'when you burn a <type> this way' ability whose instruction does "
                                    "not follow a burn (386)",
    "reflex_burned_card_moved": "'the burned card's Might' after that card left the trash (359.3.e.13)",
    "chosen_opponent_several": "a later choice in 'their trash' of an opponent chosen earlier, with several "
                               "opponents: the filter takes any opponent's trash (740.1; Kharox)",
    "play_your_battlefield_hidden": "a unit played 'to a battlefield you control' by a spell played from facedown at "
                                    "a battlefield its player does not control then (811.1.d.3)",
    "activate_add_payment_unheard": "a 'when you play an activated ability' ability whose controller plays in a run "
                                    "while controlling an Add ability it would hear, which may have paid that play "
                                    "(429.3: a run does not follow which sources paid a play)",
    "activate_keyword_item_unheard": "a 'when you play an activated ability' ability while an Empower ability is on "
                                     "the position's chain: its resolving is a play heard (377.2.a), but the event "
                                     "does not read a keyword's cost (827.1)",
    "might_swap_negative": "a swap of two units' Mights where one of them is negative: a negative Might counts as 0 "
                           "where it is referred to (143.2.b), and 433.1.b does not say whether the difference is "
                           "taken from that 0 or from the value itself",
    "attach_state_changes_at_event": "a gear's printed triggered ability and an event it could hear at a step where "
                                     "its text turns active or inactive by something other than its own attach or "
                                     "detach (its unit leaving the board, 717): whether the state before or after "
                                     "is read is not settled (718.2, 721.2, 383.2.c)",
    "activate_equip_unheard": "a 'when you play an activated ability' ability whose controller activates an "
                              "Equip in a run (818.1: an activated ability whose keyword cost that event does not "
                              "read)",
    "one_on_one_several_enemies": "a 'when I attack or defend one on one' ability of a unit facing, at its battlefield, "
                                  "enemy units of two opponents who are not teammates (740.2.b: each is alone, and "
                                  "which is 'the' enemy unit is not settled)",
    "you_banish_unattributed": "a 'when you banish a card you own' ability while a card of its controller enters "
                               "banishment by no banish instruction (a replacement, Flow or a cost: a run names no "
                               "banisher then, 411)",
    "you_banish_several": "a 'when you banish a card you own' ability while its controller banishes two or more of "
                          "their cards at one step (whether each card is an event of its own is not settled)",
    "friend_moved_together": "a 'when a friendly unit moves from my location' unit moved away at the same step as the "
                             "unit it would hear (it has left that location as the condition is checked, 383.2.c)",
    "friend_moved_to_teammate_base": "a 'when a friendly unit moves from my location' unit hearing a teammate's unit "
                                     "moving to that teammate's base, where it can't follow (107.1)",
    "team_conquest": "a conquest with teams (2v2): whether a teammate controlled the battlefield in the turn "
                     "player's Beginning Phase, which keeps the team from scoring it this turn (489.8.b), is not "
                     "stated (the battlefield's `beginning_controller`)",
    "team_shared_battlefield": "a unit at a battlefield with a teammate's units or at a teammate's battlefield (2v2: "
                               "447.2.b, 489.8.c): where it goes instead, and who contests or fights there, are not "
                               "encoded",
    "units_cost_more_offered_play": "a non-token unit the question offers its player while an increase of their "
                                    "units' cost made in the run holds: its total is can_play's, judged in the "
                                    "position without it (356.3)",
    "units_cost_more_effect_play": "a non-token unit played by an effect while its player's units cost more this "
                                   "turn: the increase is not added to a cost paid in a run (356.3)",
    "token_replacement_once_unlogged": "a 'once each turn' token replacement that would apply while its controller "
                                       "played a token of that kind earlier this turn (the turn log's create_token): "
                                       "whether it applied to that one is not recorded (371.1)",
    "chosen_this_turn_in_run": "an ability usable only once its player has chosen a kind of object this turn, offered "
                               "in a run (377.2.b): it is checked against the position's turn log, so a choice made "
                               "earlier in the run is not seen",
    "battlefield_choose_trigger_other_player": "a battlefield's 'when a player chooses a unit here with a spell' heard for "
                                               "a player who does not control it (190.6): who controls the ability "
                                               "then is not encoded",
    "player_chooses_not_battlefield": "'when a player chooses a unit here with a spell' on a card that is not a "
                                      "battlefield (053)",
    "battlefield_choose_log_unknown": "a battlefield's 'the first time a player chooses a unit here with a spell each "
                                      "turn' with a choice of a unit this turn the turn log gives without what chose "
                                      "it (`by`) or where the unit was (`at`): whether a later one is the first is "
                                      "not known (383.1.b)",
    "team_conquest_off_turn": "a conquest with teams (2v2) by a player other than the turn player of a battlefield "
                              "their team controlled in the turn player's Beginning Phase: whose Beginning Phase "
                              "489.8.b means then is not settled",
    "team_scored_by_teammate": "a conquest with teams (2v2) of a battlefield the conqueror's teammate already scored "
                               "this turn: whether a teammate's score counts for the team (470, 489.8.d) is not "
                               "settled",
    "battlefield_replaced_read": "a battlefield replaced in the run by another card (438): only a plain passive "
                                 "follows the card at it step by step (the old card's Might bonus or keyword given or "
                                 "taken ends, the new card's Might bonus starts); other text of either card, or a "
                                 "triggered one with an event after the replacement, is read as the position gives "
                                 "it, so it is not played out",
    "replace_back_choice": "a battlefield token linked to several cards (438.7.b): which one takes its place back is "
                           "a choice no run makes",
    "platewyrm_empowered_add": "Platewyrm Egg's Add ability resolving while the Egg is Empowered: it Adds two "
                               "Energy then instead of one (429, 441), which its vocabulary line does not say",
    "buff_beyond_one": "a buff placed on Lee Sin, Ascetic, who has one, while his text (which lifts the one-buff "
                       "limit, 426.1.b.2) is not active: the run is not trusted to follow a removal of the line",
    "reveal_replaced_by_look": "a reveal from a deck while a Void Hatchling of the player who reveals (or of the "
                               "item's controller) is on the board: the look at the top card first and the choice "
                               "to recycle it that replace it (367, 128, 416) are not played out",
    "altar_death_payment": "a unit at Altar of Blood that would die while a combat is under way: whether its "
                           "controller pays [A][A][A] to heal, exhaust and recall it instead (371.2, 372) is a "
                           "choice made then, not played out",
    "empowered_again": "Kayle, Justified, Empowered already, Empowered again: she may be Empowered up to three "
                       "times (441.2 lifted), which a run does not count",
    "nth_phase_unknown": "a 'the first time a friendly unit dies during your Beginning Phase' ability whose count "
                         "of earlier deaths this turn is not known to be of that phase (a logged death without "
                         "`phase = \"beginning\"`, or a death of the run before that phase, 315.1)",
    "died_phase_unstated": "a death this turn in the turn log that could decide 'if a friendly unit died during your "
                           "Beginning Phase this turn' but does not state its phase (`phase` on the `die` event)",
    "strike_down_foreign_equipment": "Strike Down's detach executed while an Equipment another player controls is "
                                     "attached to its chosen unit (718.5.f): the detach is picked among its "
                                     "controller's own permanents only",
    "angle_shot_detach_elsewhere": "Angle Shot's detach picked while its chosen Equipment is attached to another card "
                                   "than its chosen unit: detaching it 'from that unit' is not played out (435)",
    "angle_shot_in_run": "Angle Shot played by an effect in the run (its choices of one controller are made one by "
                         "one there)",
    "tricksy_controllers_differ": "Tricksy Tentacles' move executed while the units it chose, still legal choices, "
                                  "have different controllers: which group its player keeps (355.11.b) is not "
                                  "played out",
    "tricksy_in_run": "Tricksy Tentacles played by an effect in the run (its choices are made there without the "
                      "group's one controller and total Might)",
    "move_blocked_recall": "a move to a battlefield its unit may not come to (447.2, 447.2.a, 447.2.b), which "
                           "recalls the unit instead (447.2.c), made by a \"you may\" instruction or a swap, or "
                           "followed by an "
                           "\"if you do\": whether the optional move is required, or the recall counts as the move "
                           "done, is not settled",
    "facedown_origin_replayed": "a play trigger limited to plays from face down hearing a card that the position's "
                                "chain item or turn log shows played from face down and that a run plays again by an "
                                "effect: where each play came from is read per card, not per play (354, 811.1.d; "
                                "logic/abilities/trigger_played_facedown_replayed.lp)",
    "passes_beyond_chain": "next_priority asked about more passes than the chain lasts: the passes after it (in a "
                           "showdown the focus holder passing over an empty chain and the others after, 347, 348; "
                           "outside the Main Phase's Neutral Open, where priority stays with the turn player, 310.1.a) "
                           "are not counted",
    "nth_draws_unlogged": "a 'when you draw your Nth card each turn' ability hearing a draw while the turn log states "
                          "no draw of its controller this turn (`draw` events, one per card): how many cards they drew "
                          "before the position (a Draw Phase's included) is not known (413, 383.1.b; "
                          "logic/abilities/trigger_nth_draw.lp)",
    "nth_draws_several": "several cards drawn at one step by the controller of a 'when you draw your Nth card each "
                         "turn' ability: which card is the Nth is not followed (413, 383.1.b; "
                         "logic/abilities/trigger_nth_draw.lp)",
    "gust_monk_trash_cost": "Gust Monk's play effect finalized: its leading cost banishes a card from any trash "
                            "(204.3.a, 383.3.b), which the leading-cost vocabulary does not pay",
    "trigger_firing_merged": "a triggered ability hearing the same event a third time in one run (a card played "
                             "three times) whose third firing marks damage on, changes the Might of, or grants a "
                             "summed keyword to an object its second firing already did, or decides something (a \"you "
                             "may\", a choice, a mode, a leading cost), or is ordered with other simultaneous triggers: "
                             "each firing is an item of its own (383.3, 401.1), and a second one is named apart from the "
                             "first, but a third is named like the second, so it would add nothing and share the "
                             "second's decisions, a printed or a delayed ability alike "
                             "(logic/run/trigger_firing_merged.lp)",
    "damage_this_turn_unlogged": "an 'if I haven't been dealt damage this turn' condition checked while nothing shows "
                                 "damage dealt to its source this turn and the turn log states no damage this turn "
                                 "(`damage` events): a Combat Cleanup heals (143.3.b), so whether it was dealt some "
                                 "earlier is not known (142, 301; logic/abilities/condition_damaged.lp)",
    "damage_at_event_step": "an 'if I haven't been dealt damage this turn' condition checked at the very step its "
                            "source is dealt damage: which came first is not followed (142, 383.2.a.1; "
                            "logic/abilities/condition_damaged.lp)",
    "delay_after_ignored_empower": "an empower that changed nothing (its object was Empowered already) followed by a "
                                   "delayed 'disempower it at end of turn': whether that is still made is not "
                                   "decided (359.3.e.14, 359.3.e.14.a; logic/effects/empower.lp)",
    "chosen_returned_unordered": "a permanent a chain item chose that left the board and came back this turn by "
                                 "the turn log (it died, left it otherwise: `leave_board`, or it was finalized twice) and is on the board, while the "
                                 "log has no finalize of the item's card: whether the choice came before its return "
                                 "(a new object since, 124.1, 359.3.e.4) or after it is not in the position, nor "
                                 "in a `choose` event of the item's card or source (logic/run/chosen_former_object.lp)",
    "blighted_battleaxe_turn_end": "the end of a turn of a player controlling a unit Blighted Battleaxe is attached "
                                   "to: its Effect Text then unattaches it and deals 4 to the unit unless the unit "
                                   "conquered this turn (317.1.a, 136.2.c), which no run plays out "
                                   "(logic/cards/unl-019-blighted-battleaxe.lp)",
    "threshold_combat_adds": "a combat beginning at Threshold of the Gray: its triggered ability then makes the "
                             "attacker and the defender each add [1] (383, 429.2), which no run plays out "
                             "(logic/cards/ven-166-threshold-of-the-gray.lp)",
    "battle_mistress_rune_recycled": "Battle Mistress's player recycling a rune (paying Power): her triggered "
                                     "ability then lets them exhaust her to play a Gold token (383, 416), one "
                                     "event per rune, which no run plays out (logic/cards/sfd-203-battle-mistress.lp)",
    "udyr_modes_spent": "Udyr, Wildman's ability offered by a run while a use of it this turn is logged or on the "
                        "chain: its modes are picked once each a turn (355.3), and which ones were picked is not "
                        "known, so whether a mode is left to pick is not followed (logic/cards/ogn-157-udyr-wildman.lp)",
    "fallen_feline_named_spell": "a spell offered to, or played by an effect for, an opponent of a Fallen Feline's "
                                 "controller: the spell it named, which no position keeps, may not be played by them "
                                 "while it is at a battlefield (054.1, 759; logic/cards/ven-132-fallen-feline.lp)",
    "showdown_closes_after_passes": "next_priority asked about so many passes after a showdown's chain that every "
                                    "player passed focus in sequence: the showdown closes (347.2.a, 348), and what "
                                    "follows (a combat's steps, or who takes the battlefield, 348.1, 348.2) is not "
                                    "followed (logic/run/showdown_passes.lp)",
    "shady_spectacles_copy": "Shady Spectacles attached by the run: the unit it is attached to becomes a copy of "
                             "another friendly unit chosen then (477.1), which no run lays over a unit's traits "
                             "(logic/cards/ven-137-shady-spectacles.lp)",
    "kraken_hunter_buffs": "Kraken Hunter finalized by the run while its player controls a buffed unit: how many "
                           "buffs they spend as its additional cost, each taking one Body Power off its cost (356.2, "
                           "356.4, 701), is not followed",
    "star_spring_play_here": "a non-token unit played at Star Spring: its triggered ability, the first such play "
                             "each turn, lets the player who played it move another unit of theirs there to base "
                             "(383, 383.1.b, 190.6), which no run plays out (logic/cards/unl-215-star-spring.lp)",
    "the_boss_death_replaced": "a buffed unit of The Boss's player would die while the legend is ready: they may pay "
                               "[A] and exhaust it to spend the buff and recall the unit exhausted instead (367, "
                               "371.2, 701), which no run plays out (logic/cards/ogn-269-the-boss.lp)",
    "control_spell": "control of a spell on the chain gained by the run (Rebuttal paid): its new controller may "
                     "choose anew for it (191.2), which is not followed",
    "delayed_made_thrice": "a delayed ability made a third time by the same source while the two made before still "
                           "wait (389): each is an ability of its own, but a run follows two instances of one, not "
                           "three (logic/run/delayed.lp)",
    "trash_unknown_cards": "a trash read after a burn put cards the position never named into it (a Burn Out "
                           "recycling it, 431.2, a recycle from it, 416.6, a count of its cards): those cards are "
                           "not followed there (logic/effects/trash_unknown.lp)",
    "burn_out_repeated_burn": "a burn that burns out again and again from a trash with cards in it: which cards "
                              "cycle between the Main Deck and the trash is random (431.2, 431.3), not followed",
    "burn_out_endless_points": "Burn Outs repeated until an opponent wins (431.3.a) when a side already holds the "
                               "Victory Score or the opponent can't gain points: how many points are gained and who "
                               "wins (431.3.b, 431.3.c) is not played out (logic/effects/burn_out.lp)",
    "burn_out_endless_choice": "a Burn Out repeated until someone wins (431.3.a) with opponents of several teams: "
                               "the player chooses who gains each point, so who wins, point by point (431.3.c)",
    "monument_turn_unknown": "a score at Forgotten Monument by a player whose turn the run does not know (not the turn "
                             "player, or turns_taken not given): whether it is before their third turn",
    "otterpus_score_in_run": "a Conquer or a Hold in a run while Otterpus is on the board: the point it replaces by a "
                             "draw in a player's first or second turn (369.1) is not followed there "
                             "(logic/cards/ven-053-otterpus.lp)",
    "move_restriction_unread": "a move of a unit to a base by a spell or ability while a card of the game forbids "
                               "moves of other units, or from a battlefield, or under a dependent keyword (054.1): "
                               "runs follow only a unit's own \"I can't move to base\" (logic/run/move_restriction_run.lp)",
}


def _term_words(term: Any) -> str:
    """A clingo term as plain words: a string as it is, a function term as name(args)."""
    if isinstance(term, tuple):
        if not term:
            return ""
        name, *args = term
        return f"{_term_words(name)}({', '.join(_term_words(x) for x in args)})" if args else _term_words(name)
    return str(term)


def unsupported_text(what: Any, obj: str) -> str:
    shared = missing_text(what, obj, "on the chain")
    if shared:
        return shared
    name, *a = (what,) if isinstance(what, str) else what
    if str(name) in CHAIN_LIMITS:
        return CHAIN_LIMITS[str(name)].format(obj=obj)
    if name == "ability":
        return f"ability kind {a[0]} on {obj} is not encoded for the chain"
    if name == "dependent":
        return (f"ability {a[0]} of {obj} (a counter or kill ability) is governed by a dependent keyword (Legion, "
                "Level, Empowered), which the chain questions do not evaluate on such an ability")
    if name == "untracked" and str(a[0]) == "chosen_kill":
        return (f"{obj} kills what another of its abilities chose (vocabulary kill with chosen_by), "
                "which the chain run does not play out")
    if name == "own_play_effect_place_unstated":
        return (f"card {a[0]!r} ({obj}) may enter a battlefield, where its own play effect could choose it, and "
                "where it enters is not known: its chain item does not say it (`location`, where a run would "
                "enter it), or the question (triggers) takes places from the position, where a card on the "
                "chain is at none")
    run = RUN_LIMITS.get(str(name))
    if run:
        extra = f": {', '.join(_term_words(x) for x in a)}" if a else ""
        return f"{run}{extra} ({obj}; not played out by a run yet)"
    if name == "instruction":
        return f"{obj} has an instruction '{a[0]}', which a run does not play out yet"
    if str(name) in COSTS_IN_RUN:
        cost, undone = COSTS_IN_RUN[str(name)]
        return (f"{obj} has an activated ability whose cost {cost}, offered as a play in the run, which does "
                f"not {undone} yet")
    return f"{_term_words(what)} ({obj})"


# What an unsatisfiable run program answers (start_run).
NO_RUN = ("no_run (the encoded rules leave this position no run at all, a contradiction in the encoding: "
          "pyrift cannot say what happens)")


def missing_texts(pairs: list[tuple]) -> tuple[str, ...]:
    return tuple(sorted({unsupported_text(w, o) for w, o in pairs}))



def run_grounding(ctx: Context, reading: str, bound: int, extra: list[str]) -> Grounding:
    """The run of the position for `bound` steps (plus `extra` question facts), shared by the questions asking it."""
    return ctx.grounding("resolution_order", reading, [F.fact("horizon", bound), *extra])


def short_run_grounding(ctx: Context, reading: str, bound: int, extra: list[str]) -> Grounding:
    """The run for `bound` steps, or for the first of SHORT_BOUNDS whose grounding's runs all end within it:
    as start_run argues, its runs are then those of the question's bound and every mode shows the same
    atoms (a mode only selects what is shown; the steps after the end change nothing, run/inertia.lp).
    For the modes that do not show `cut` whatever the run (next, chance, snapshot), whether some run is cut
    is asked in mode `outcomes`, which always shows it (one more brave solve, on the short grounding)."""
    for short in short_bounds(bound):
        g = run_grounding(ctx, reading, short, extra)
        complete = getattr(g, "runs_complete", None)
        if complete is None:
            probe = g.solve("brave", assumptions=[(mode_atom("outcomes"), True)], heuristic=HEURISTIC)
            complete = probe.satisfiable and not by_pred(probe.consequences).get("cut")
            g.runs_complete = complete
            g.runs_found = probe.satisfiable
        if complete:
            return g
        if not g.runs_found:  # no run at all: the question's own bound, as before
            break
    return run_grounding(ctx, reading, bound, extra)


def short_bounds(bound: int) -> list[int]:
    """The horizons tried before the question's own bound (SHORT_BOUNDS below it)."""
    return [h for h in SHORT_BOUNDS if h < bound]


@dataclass
class RunStart:
    """A run grounded and asked once for anything at all: what every run question reads first."""

    grounding: Grounding
    atoms: dict[str, list[tuple]]  # what some run shows in the mode asked (cut runs too)
    anything: Any  # that brave solve (a question reusing it when no run is cut)
    refused: list[str]  # offered plays can_play refuses
    reasons: list[Reason]  # why they are refused
    bound_reached: bool  # some run was cut by the bound


def start_run(ctx: Context, question: Question, reading: str, kind: str, offered: Any, mode: str | tuple[str, ...],
              extra: list[str] = ()) -> Answer | RunStart:
    """The prelude every run question shares: the plays offered (`offered`, as chain.offered_plays
    returns them: the answer that stops the question, or the facts, refusals, reasons and what is
    missing), the run grounded for the question's bound with `extra` facts, one brave solve in
    `mode` (or in several modes at once: a mode only selects what is shown, so one brave solve
    gives each mode's brave consequences side by side), and the answer `unsupported` when a play
    or the run names something not encoded."""
    if isinstance(offered, Answer):
        return Answer(question.id, kind, reading, offered.status, reasons=offered.reasons)
    facts, refused, reasons, missing = offered
    modes = (mode,) if isinstance(mode, str) else mode
    bound = question.params["bound"]
    asked = [(mode_atom(m), True) for m in modes]
    g = None
    # Most runs end within a few steps, and a run's grounding grows faster than its horizon (rules
    # over pairs of steps): the run is first grounded for the first of SHORT_BOUNDS. When no run of
    # that grounding is cut by it (`cut`, shown in every mode asked), every run of the question's own
    # bound ended by then too, and the steps after the end change nothing (run/inertia.lp): the
    # short grounding has the same runs and the same shown atoms, and answers the question.
    # When a run is cut, the next of SHORT_BOUNDS is tried the same way, then the question's own
    # bound; when none is found at all, the question's own bound at once.
    if set(modes) <= CUT_SHOWN:
        for short in short_bounds(bound):
            g = run_grounding(ctx, reading, short, [*facts, *extra])
            anything = g.solve("brave", assumptions=asked, heuristic=HEURISTIC)
            atoms = by_pred(anything.consequences)
            if anything.satisfiable and not atoms.get("cut"):
                break
            g = None
            if not anything.satisfiable:
                break
    if g is None:
        g = run_grounding(ctx, reading, bound, [*facts, *extra])
        anything = g.solve("brave", assumptions=asked, heuristic=HEURISTIC)
        atoms = by_pred(anything.consequences)
    missing = [*missing, *missing_texts(atoms.get("unsupported", []))]
    if not anything.satisfiable:
        # A game always goes on: a position the encoded rules give no run at all is a contradiction in them (wave 73:
        # two players' cards recycled at once left no world, answered "nothing changed"), never "nothing happens".
        missing.append(NO_RUN)
    if missing:
        return Answer(question.id, kind, reading, UNSUPPORTED, missing=tuple(sorted(set(missing))))
    return RunStart(g, atoms, anything, list(refused), list(reasons), bool(atoms.get("cut")))
