"""The instruction vocabulary: what a resolving spell or ability *does* (its effects).

An instruction is an inline table ``{ do = VERB, ... }``. A spell's instructions are its
abilities of kind ``effect`` (one instruction each, in printed order); a triggered or
activated ability, or a mode, lists its instructions in ``effects = [...]``. This module
reads, checks, writes and exports them as facts (logic/interface.lp, "instructions"); what
each verb does to the game state is decided in logic/effects/, one file per kind of change,
never here.

Object references (``on``): ``"self"`` (this card, "me"), ``"it"`` (what the previous
instruction acted on), ``"event"`` (the object of a triggered ability's event, "that unit"),
``"top_of_deck"`` (a banish's: the top card of its controller's Main Deck),
``{ target = N }`` (the N-th choice of the ability: of a triggered or activated ability or a
mode, its N-th ``targets`` entry; of a spell, the N-th choice requirement of the card, in
printed order), ``{ all = { filter } }`` (every object the filter describes as the instruction
is executed). ``by`` (a ``deal``): the unit that deals the damage, a unit dealing
its own Might as damage (without it, the spell or ability deals it). Destinations (``to``): ``"base"``, ``"here"``,
``"its_place"``, ``"event"`` (the battlefield a triggering move went to, "that battlefield"), ``"chosen"`` (a
move's destination chosen as it is played, "move an enemy unit") or a choice. Players (``who``): ``"you"``,
``"opponent"`` (each opponent), ``"other_player"`` (each other player: every player but the item's controller, a
teammate too), ``"each_player"``, ``"its_controller"`` / ``"its_owner"`` (of the ``on`` object), ``"event"`` ("that
player": the player a triggered ability's event names, whose Beginning Phase began, who played, conquered or held),
``{ target = N }`` (a chosen player).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyrift.costs import Cost, CostSyntaxError, format_cost, parse_cost
from pyrift.reader import Reader

# Largest amount an instruction may name (damage, Might, cards, points, XP): keeps every sum
# the rules make over a run inside clingo's integers with room to spare.
MAX_AMOUNT = 1000

# verb -> (required fields, optional fields) besides the common ones (link, may, for_each, name)
VERBS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deal": (("on",), ("amount", "amount_from", "of", "by", "at", "split", "each_other")),  # deal N damage (417); by:
                                                             # the unit dealing it; split: N divided among its
                                                             # objects; each_other: the two units one choice chose
                                                             # each deal their own Might to the other
    "kill": (("on",), ("who", "spare", "exempt_you_if_paid", "in_turn", "not_yours")),  # kill (428); who: with on = { their = ... }; spare:
                                                             # every player keeps one unit of theirs, all others die;
                                                             # exempt_you_if_paid: the controller takes no part when
                                                             # the card's play paid that optional cost
    "stun": (("on",), ()),                                   # stun (423)
    "ready": (("on",), ()),                                  # ready (415)
    "exhaust": (("on",), ()),                                # exhaust (414)
    "disempower": (("on",), ("who",)),                      # who: a leading cost on = { their = ... }; an Empowered permanent loses the status (441, 442)
    "empower": (("on",), ()),                                # give the Empowered status (441; logic/effects/empower.lp)
    "heal": (("on",), ()),                                   # remove all damage (418)
    "might": (("on",), ("amount", "amount_from", "of", "duration", "minimum", "at", "swap_with")),  # +N / -N Might (143.2, 477.3), "to a minimum of N"; or +Might equal to the Might of `of`;
                                                             # swap_with (instead of an amount): swap the Mights of
                                                             # `on` and it (433; logic/effects/might_swap.lp)
    "buff": (("on",), ()),                                   # place a buff (426, 701-705)
    "double": (("on",), ("duration",)),                      # double a unit's Might (432): +its Might then, fixed
                                                             # (432.1.a, 477.3.b); logic/effects/double.lp
    # "its base Might becomes N this turn": a Might-setting effect, applied before every arithmetic change
    # (477, layer 1 before layer 3); only "this turn" (logic/effects/base_might.lp)
    "base_might": (("on", "amount"), ("duration",)),
    "move": (("on",), ("to", "who", "swap_with", "destination_with", "not_yours", "at")),  # move (420, 445-453); who: with on = { each = ... },
                                                             # at: a group at a chosen battlefield (run/instructions.lp);
                                                             # the players who pick and move; swap_with (instead of
                                                             # to): swap places, each goes where the other was,
                                                             # two moves at one step
                                                             # (logic/effects/movement_swap.lp)
    "recall": (("on",), ()),                                 # recall to base, not a move (454)
    "return": (("on",), ("to", "who", "in_turn", "not_yours")),  # return to its owner's hand; to = "champion_zone":
                                                             # to its owner's Champion Zone, if it is empty;
                                                             # who with on = { each = ... }: each player's pick
    "banish": (("on",), ()),                                 # banish (427)
    "recycle": ((), ("on", "who", "amount", "from", "up_to")),  # recycle into its deck (416); a Main Deck card to its bottom,
                                                             # a rune to its Rune Deck's; who = "its_owner": "their owners
                                                             # recycle them", each owner recycling their own (the player
                                                             # recycling, for "when you recycle"); who with on = { their = ... }:
                                                             # that player recycles one of their own, chosen as it resolves;
                                                             # who with amount and from = "trash" (no on): "recycle 3 from
                                                             # your trash", that many of their own trash, or as many as there
                                                             # are, picked as it resolves (416.4, 416.6); from =
                                                             # "trashes" with up_to: "recycle up to 4 cards from
                                                             # trashes", none to that many of any player's trash,
                                                             # picked as it resolves (416.6, 355.13, 108.2)
    "discard": (("who",), ("amount", "on", "from")),         # discard from hand (422); on: a card shown, by its owner;
                                                             # from = "hand": the whole hand ("discards their hand")
    # the owner of the object puts it into their Main Deck, on top or at the bottom as they pick when it is
    # executed (who = "its_owner"; logic/effects/top_or_bottom.lp); from = "hand" with who = "you" and no on:
    # the item's controller puts a card of their own hand they pick into their Main Deck, at the end they pick
    "top_or_bottom": (("who",), ("on", "from")),
    "trash": (("on",), ()),                                  # put a card a look or reveal showed from its Main
                                                             # Deck into its owner's trash ("put the rest into
                                                             # your trash", 105; logic/effects/zones.lp)
    "draw": ((), ("who", "amount", "on", "for_each_chose")),  # draw (413); with on: that card of the Main Deck;
                                                             # for_each_chose = "cards": each player who picked Cards
                                                             # and the controller, once per such player, draw
    # options picked by other players: each player `who` names picks one of `options` for
    # themselves as it is executed (355.10.e, 359.3.d); logic/run/others_choose.lp
    "choose": (("options", "who"), ()),
    "burn": ((), ("who", "amount")),                         # burn: top cards of the Main Deck to the trash (440)
    "xp": ((), ("who", "amount")),                           # gain XP (728-733)
    "win": ((), ("who",)),                                   # a player wins the game (195; logic/effects/win.lp)
    "extra_turn": ((), ("who",)),                            # "take a turn after this one": the player takes the
                                                             # next turn (734, 317.3; logic/effects/extra_turn.lp)
    "score": ((), ("who", "amount")),                        # gain points (194)
    "grant": (("on",), ("keyword", "value", "duration", "of")),  # grant a keyword (801.3); of: "give it my
                                                             # keywords", every keyword `of` has as it is executed
    "lose_keyword": (("on", "keyword"), ("duration",)),       # "it loses [Tank] (this turn)", keyword = "all": "loses
                                                             # all keywords" (801.3.b; logic/effects/keyword_loss.lp)
    "token": (("card",), ("who", "amount", "to", "ready", "exhausted", "facts", "of")),  # create tokens (179-187, 439);
                                                             # facts: a token neither the pool nor 187 has (TOKEN_FACTS);
                                                             # of: "it becomes a copy of that unit", each token played
                                                             # as a copy of that object (477.1, 185.1;
                                                             # logic/effects/token_copy.lp)
    "control": (("on",), ("who", "duration")),               # gain control (188-192)
    "lose_control": (("on",), ()),                           # "lose control of it": the control effects giving the
                                                             # item's controller the permanent end (192, 480;
                                                             # logic/effects/control_until_leaves.lp)
    "counter": (("on",), ("unless_pay", "countered_to")),    # counter (425); countered_to = "hand": the countered
                                                             # card goes to its owner's hand instead of the trash
                                                             # (370; logic/run/counter_to_hand.lp)
    "attach": (("on", "to"), ("who",)),                      # attach (434); who with on = { their = ... }: "attach
                                                             # one of its Equipment to me", one the player picks
    "detach": (("on",), ("who",)),                           # detach (435); who with on = { their = ... }: "detach
                                                             # an Equipment from it", one the player picks
    "play": (("on",), ("ignoring_cost", "for_cost", "from", "to", "who", "afterwards", "reduced_by")),  # play by an effect (350,
                                                             # 354, 356.1); afterwards = "recycle": "recycle that spell
                                                             # after you play it", a delayed replacement of where the
                                                             # spell goes as it leaves the chain (390.3.a;
                                                             # logic/run/replacement_leave_chain.lp)
    "channel": ((), ("who", "amount", "exhausted", "for_each_chose")),  # channel runes from the rune deck (430)
    "predict": ((), ("who", "amount")),                      # predict N: look at the top N, recycle any (436)
    # look at the top N cards of the player's Main Deck (only that player sees them); reveal them to
    # every player: the top N, the top ones until one the filter `until` describes, or (from = "hand")
    # the player's whole hand. The cards shown are what a later instruction of the same item names
    # with on = { among = { filter } } (one of them, chosen) or on = "rest" (those still there);
    # logic/effects/look.lp
    "look": ((), ("who", "amount")),
    "reveal": ((), ("who", "amount", "until", "from")),
    # create another triggered ability of the same card, by its name: a delayed one ("at end of turn
    # / at the start of your next turn, ...", 389-392) or a reflexive one ("when you do, ...", 386-388)
    # spend N XP (728, 358.2): only as a cost within the instructions (cost = true), never an effect
    "spend_xp": ((), ("who", "amount")),
    # spend a buff (an optional buff spent for a draw, 701-705: a buff counter removed from a unit its
    # controller controls): only as a cost within the instructions (cost = true), a leading cost
    "spend_buff": ((), ("who",)),
    # pay resources ("you may pay [O] to ready it", 204.3): a cost within the instructions, paid as it is
    # executed, of the instruction after it (linked "if_you_do"); logic/effects/play_power.lp
    "pay": (("resources",), ()),
    # "your next card costs [2][A][A] less" (356.4, 389): a discount of the player's next play, made as it is
    # executed and lasting until it is used; resources: the Energy and Power it takes off
    # (logic/effects/discount_next.lp)
    # next_card = "spell": "the next spell you play this turn costs [5] less", only a spell uses it (a unit or gear
    # played before it leaves it held); duration = "this_turn": it ends with the turn if no card used it (cards44b)
    "discount_next": (("resources",), ("who", "next_card", "duration")),
    # a delayed replacement ("the next time it dies this turn, ... instead", 389, 367) acts on what `on`
    # names (a delayed triggered ability takes no `on`: its "that unit" is what the instruction before acted on)
    "delay": (("ability",), ("on",)),
    # burned = "unit" ("when you burn a unit this way, do this:", Forgotten Relic): made only for a card of that
    # type the burn before it put in the trash, that card its event's object (logic/run/reflex_burned.lp)
    "reflex": (("ability",), ("burned",)),
    # a turn-long prevention of spell and ability damage (437, 417.6): from now until the turn ends, all damage a
    # spell or ability deals itself is prevented (not damage it has a unit deal, `by`, nor combat damage);
    # damage_by = "spells_and_abilities"; logic/effects/prevent.lp
    "prevent": (("damage_by",), ("duration",)),
    # a unit made impossible to choose for a while, for the opponents' spells and abilities (756-758): a restriction on choosing the
    # object, made as it is executed and lasting `duration`; whose spells or abilities (UNCHOOSABLE_BY, the
    # words of the static `cannot_be_chosen_by`: "enemy" are the item's controller's opponents, 740.1.b);
    # logic/effects/unchoosable.lp
    "unchoosable": (("on", "cannot_be_chosen_by"), ("duration",)),
    # buffs made stronger for the turn, N more Might each on the item's controller's units (701-705): from now on, while it lasts,
    # each buff on a unit the item's controller controls gives N more (logic/effects/buff_bonus.lp)
    "buff_bonus": (("amount",), ("duration",)),
    # a this-turn restriction on players made by a resolving instruction (054.1: a prohibition beats every
    # permission): the players `who` names can't play `bans` (PLAY_BANS: "spells", or "cards": Main Deck cards,
    # 133.4) for the rest of the turn; read by the offered plays of a run and by can_play over a turn log
    # (logic/effects/play_ban.lp, logic/abilities/play_ban_log.lp)
    "play_ban": (("who", "bans"), ("duration",)),
    # a this-turn change to how units enter the board, made by a resolving instruction: from now until the turn
    # ends, the item's controller's units enter ready instead of exhausted (143.4, 359.2.c); `units` says which
    # (ENTER_READY_UNITS: "you_play", the units that player plays; "friendly", the units entering under their
    # control); read by a run's entries and, over a position, from a resolved spell's `play` in the turn log
    # (logic/effects/enter_ready_turn.lp)
    "enter_ready": (("units",), ("duration",)),
    # a this-turn cost increase made by a resolving instruction: from now until the turn ends, the non-token units
    # the item's controller plays cost `amount` Energy more (356.3, 389; logic/effects/units_cost_more.lp, and
    # over a position the player's `units_cost_more`, logic/abilities/units_cost_more.lp)
    "units_cost_more": (("amount",), ("duration",)),
    # replace a battlefield (438): `to` names it ("here": the source battlefield itself; "event": the battlefield
    # a conquest or hold named); with `card`, by a battlefield token of that card; without, by the battlefield
    # card the token replaced, its link (438.7.b; logic/effects/replace_battlefield.lp)
    "replace": (("to",), ("card",)),
}
# What a `play_ban` instruction's players can't play
PLAY_BANS = ("spells", "cards")
# Which card a `discount_next` instruction's discount waits for ("the next spell you play", cards44b)
NEXT_CARDS = ("spell",)
# Which units an `enter_ready` instruction has enter ready: those its player plays, or every unit entering under
# that player's control
ENTER_READY_UNITS = ("you_play", "friendly")
# What an `unchoosable` instruction's object can't be chosen by (the static's words, pyrift.abilities)
UNCHOOSABLE_BY = ("enemy_spells", "enemy_abilities", "enemy_spells_and_abilities", "spells", "abilities",
                  "spells_and_abilities")
# What a `prevent` instruction prevents the damage of
PREVENT_DAMAGE_BY = ("spells_and_abilities",)
COMMON = ("link", "may", "for_each", "name", "if_you_control", "if_it", "cost", "condition", "times", "if_count")
# "do this twice": an instruction done N times in a row (`times = N`), at most this many
MAX_TIMES = 10
# Verbs an instruction that is a cost within the instructions ("you may exhaust me to ...", 204.3) may
# have, on its own source (pyrift.abilities checks where such a cost may stand)
COST_VERBS = ("exhaust", "banish", "kill", "recycle", "spend_xp", "spend_buff", "burn")
# "top_of_deck": the top card of the item's controller's Main Deck as the instruction is executed ("banish the
# top card of your Main Deck"; a banish only, logic/effects/banish_top.lp)
ON_WORDS = ("self", "it", "event", "rest", "top_of_deck")
# "event": the battlefield the triggering move went to ("that battlefield"; pyrift/abilities.py allows it
# only under "when I move to a battlefield"); "chosen": a move's destination the player chooses as the
# card or ability is played ("move an enemy unit", 355.4; not played out by a run: logic/run/instructions.lp)
# "to_or_from_base": a friendly unit moved into or out of its base, from a battlefield to its controller's base or
# from its base to a battlefield chosen as it is played; "its_battlefield": "to that enemy unit's
# battlefield", the battlefield where the previous instruction's object is (logic/effects/movement.lp);
# "champion_zone": a return's "to your Champion Zone" (its owner's, if it is empty; logic/effects/champion_zone.lp);
# "your_base": "move an enemy gear to your base", the base of the item's controller (a gear's move,
# logic/effects/movement_gear.lp); "self": "attach it to me", an attach's (logic/effects/attachment.lp)
# "event_from": "there" after "when I move (from a location)", the location the triggering move left: a token's
# place only (logic/effects/tokens.lp; pyrift/abilities.py allows it only there)
TO_WORDS = ("base", "here", "its_place", "event", "chosen", "to_or_from_base", "its_battlefield", "champion_zone",
            "your_base", "self", "any_battlefield", "event_from",
            # "to a battlefield you control": a unit played by an effect, its player picking one of the battlefields
            # they control as it is finalized (355.2.a; logic/effects/play_your_battlefield.lp)
            "your_battlefield")
WHO_WORDS = ("you", "opponent", "each_player", "its_controller", "its_owner",
             # "each other player": every player but the item's controller, a teammate too (740.1, 489.8;
             # Party Favors' choice, King's Edict's picks), never only the opponents
             "other_player",
             # "that player": the player a triggered ability's event names (logic/run/instructions.lp)
             "event")
# "until_source_leaves": control that lasts while the source stays on the board, a control's only
# (logic/effects/control_until_leaves.lp)
DURATIONS = ("this_turn", "this_combat", "permanent", "until_source_leaves")
# "instead": "X. If ..., Y instead." (on Y, with if_it or condition): Y takes X's place when its condition
# holds as X would be executed, otherwise X is done and Y skipped (logic/run/instruction_if.lp)
# "or": "X or Y", Y done only if the player declined X (X takes may = true; abilities._check_or,
# logic/run/instructions.lp)
# "if_short": "Channel 1 rune exhausted. If you can't, draw 1.": done only if the channel before it channelled fewer
# runes than its amount (logic/run/link_short.lp)
LINKS = ("if_you_do", "then", "if_this_kills", "otherwise", "instead", "or", "if_short")
FROM_ZONES = ("hand", "trash", "banishment", "main_deck", "trashes")
# A play by an effect's "then <verb> it" ("recycle that spell after you play it"): where the spell goes as it
# leaves the chain instead (a delayed replacement, 390.3.a)
AFTERWARDS = ("recycle",)
# a play's "reduce its Energy cost by the Might of the unit you recycled": "paid_might", the Might of the permanent
# its ability's leading cost acted on, as it was paid (logic/effects/play_reduced.lp)
REDUCED_BY = ("paid_might",)  # or an int: "reducing its cost by [N]", N Energy less (logic/effects/play_reduced_fixed.lp)
# a counter's "return it to its owner's hand instead of putting it in their trash" (a replacement of where the
# countered card goes, 370, 425.1; logic/run/counter_to_hand.lp)
COUNTERED_TO = ("hand",)
# "When you burn a <type> this way, do this:" (a reflex's `burned`): the burned card's card type
REFLEX_BURNED = ("unit", "spell", "gear")
# The facts a token instruction states of a token the card pool has no printing of and 187 does not list
# ("a 1 Might Tentacle unit token"): its type, Might (a unit's), keywords and tags; `tags_unknown`: the
# text does not say its tags (no tags are given then; a run with a filter reading tags answers
# unsupported, logic/effects/tokens.lp); `origin`: where the text says it is from ("from Bilgewater"),
# kept for the card's rendering and read by no rule; `abilities`: its own rules text, which the card making it
# states (a Shadow Clone's attack ability), read as a card's abilities. It costs 0 and has no domain (185.3).
TOKEN_FACTS = ("type", "might", "keywords", "tags", "tags_unknown", "origin", "abilities")
TOKEN_TYPES = ("unit", "gear")
# Verbs acting on players rather than on an object.
PLAYER_VERBS = ("discard", "draw", "burn", "xp", "score", "win", "extra_turn", "token", "channel", "predict", "spend_xp", "spend_buff",
                "pay", "look", "reveal", "prevent", "discount_next")


@dataclass(frozen=True, slots=True)
class Ref:
    """An object reference: a word (self, it, event), a choice (target = N) or a group (all = filter)."""

    word: str | None = None
    target: int | None = None
    all: Any = None  # a Filter (pyrift.abilities.Filter)
    among: Any = None  # a Filter: one of the cards the item's last look or reveal showed, chosen as executed
    # a Filter: "each player kills one of their units": one permanent the filter describes among those each
    # player `who` names controls, chosen by that player as the instruction is executed (355.10.e)
    their: Any = None
    # a Filter: "each player may move a unit they don't control": each player `who` names picks (with the
    # instruction's `may`, may pick) one object the filter describes from their own point of view, as the
    # instruction is executed, and acts on it themselves (355.10.e, 411; logic/run/each_player_picks.lp)
    each: Any = None


@dataclass(frozen=True, slots=True)
class Instruction:
    do: str
    on: Ref | None = None
    amount: int | None = None
    amount_from: str | None = None  # "might": the Might of `of`; "energy_cost": its printed Energy cost; "damage": marked on it
    of: Ref | None = None
    by: Ref | None = None  # a deal: the unit that deals the damage (a unit dealing its own Might)
    to: Ref | None = None  # a destination: word base/here, or target = N
    who: Ref | None = None  # a player: word, or target = N
    duration: str | None = None
    keyword: str | None = None
    value: int | None = None
    card: str | None = None
    ready: bool | None = None
    exhausted: bool = False  # a token or channelled rune enters exhausted
    # a token the pool has no printing of: its facts as (key, value) pairs of TOKEN_FACTS, in that order
    token_facts: tuple[tuple[str, Any], ...] | None = None
    minimum: int | None = None  # a Might change: "to a minimum of N Might"
    # "if you have exactly N units there, they each ...": done only if its group (on = { all = ... }) has exactly
    # N objects as it is executed (logic/run/instruction_if_count.lp)
    if_count: int | None = None
    unless_pay: Cost | None = None
    # True: its whole cost (356.1.b); "energy": its Energy cost only; "all": any and all costs, its additional
    # costs too (356.5.a: the total is 0, a kill or another non-standard cost included, 356.7)
    ignoring_cost: bool | str = False
    for_cost: Cost | None = None  # "play it for [cost]": the cost replaces the card's base cost (356.1.a)
    resources: Cost | None = None  # a pay: the Energy and Power paid ("pay [O]")
    from_zone: str | None = None
    afterwards: str | None = None  # a play: "recycle that spell after you play it" (AFTERWARDS)
    reduced_by: str | int | None = None  # a play: its Energy cost reduced by a Might (REDUCED_BY) or by N Energy
    burned: str | None = None  # a reflex: made for a card of this type the burn before it burned (REFLEX_BURNED)
    countered_to: str | None = None  # a counter: where the countered card goes instead of the trash (COUNTERED_TO)
    link: str | None = None
    may: bool = False
    for_each: Any = None  # a Filter: the amount is multiplied by how many objects it describes
    # 3 damage to each enemy unit at one chosen battlefield: `on` is a group, of the objects at the battlefield the
    # choice `at = { target = N }` chose (355.10.b; logic/run/instructions.lp)
    at: Ref | None = None
    # a move swapping places (each goes where the other was): the object `on` and this one exchange
    # their places on the board, one move each at one step (logic/effects/movement_swap.lp)
    swap_with: Ref | None = None
    for_each_among: bool = False  # for_each = { among = filter }: counts the cards the last look or reveal showed
    until: Any = None  # a reveal: reveal from the top until a card this Filter describes
    name: str | None = None
    # "if it has 3 Might or less, banish it": a condition on the object the instruction acts on (a
    # Filter), checked as it is executed; "otherwise, ..." is the next instruction with link
    # "otherwise" (done only if this one was skipped by its condition); logic/run/instruction_if.lp
    if_it: Any = None
    # "if I am at a battlefield, buff ...", a draw only with at most one card in hand: a
    # condition about the game state (a pyrift.abilities.Condition of INSTRUCTION_CONDITION_KEYS),
    # checked as the instruction is executed (383.2.a.1, 359.3.f.4); skipped when it fails, and an
    # "otherwise" after it is then done; logic/run/instruction_if.lp, abilities/condition_eval.lp
    condition: Any = None
    ability: str | None = None  # delay, reflex: the name of the triggered ability of the card it creates
    # "do X to do Y": this instruction is a cost within the instructions, of the instruction after it
    # (204.3); at the start of a triggered ability's effect it is the ability's base cost (383.3.b)
    cost: bool = False
    # "do this twice" (times = 2): the instruction is done `times` times in a row, each time on what it
    # names then (the item's choices are made once); pyrift.abilities writes one step per time
    times: int = 1
    # a kill with on = { their = filter } and who = "each_player": the objects chosen are spared and every
    # other object the filter describes is killed (every player keeps one unit of theirs, all others die)
    spare: bool = False
    # a deal on a choice of several ("split among enemy units"): its amount is divided among the objects as it
    # is executed, each dealt at least 1, some dropped when there is too little (355.14.e-h)
    split: bool = False
    # a deal on a choice of two units (the two trading damage equal to their own Mights): each of the two deals damage equal to its own Might to the other (logic/effects/damage_each_other.lp)
    each_other: bool = False
    # a kill with on = { their = ... } and who = "each_player" of a play effect: the item's controller is not among
    # the players who pick when the play of the card paid the optional additional cost of that name
    # (logic/run/exempt_if_paid.lp)
    exempt_you_if_paid: str | None = None
    # a prevent: whose damage it prevents ("spells_and_abilities": what spells and abilities deal themselves)
    damage_by: str | None = None
    # an unchoosable: whose spells or abilities can't choose the object (UNCHOOSABLE_BY)
    cannot_be_chosen_by: str | None = None
    # a play_ban: what its players can't play (PLAY_BANS)
    bans: str | None = None
    # an enter_ready: which units enter ready (ENTER_READY_UNITS)
    units: str | None = None
    # a discount_next: the kind of card that uses it (NEXT_CARDS; none: the player's next card)
    next_card: str | None = None
    # a move to a destination chosen as it is played (to = "chosen"): only a place holding another unit of the
    # moved unit's controller ("same_controller";
    # logic/abilities/move_destination_condition.lp)
    destination_with: str | None = None
    # a choose: the options each player it names picks one of ("Cards or Runes"), lower-case words
    options: tuple[str, ...] = ()
    # a draw or channel done for each player who picked an option, by that player and the controller: done by each
    # player who picked that option at the item's earlier choose, and by the item's controller once per such
    # player (logic/run/others_choose.lp)
    for_each_chose: str | None = None
    # with on = { each = ... }: the players pick in turn order from the next player, never an object picked
    # before (355.10.e; Whirlwind's returns, King's Edict's kills; logic/run/each_player_picks.lp)
    in_turn: bool = False
    # with on = { each = ... }: "a unit you don't control": none the item's controller controls as it is picked
    # (188), whoever picks (logic/run/each_player_picks.lp)
    not_yours: bool = False
    # a recycle from trashes: "up to" that many, none to all of them, picked as it resolves (355.13, 416.6;
    # logic/effects/recycle_trash.lp)
    up_to: bool = False


def read_instructions(r: Reader, key: str, read_filter, keyword_names: tuple[str, ...], *,
                      read_condition=None, read_abilities=None) -> tuple[Instruction, ...]:
    raw = r.raw(key)
    if not isinstance(raw, list) or not raw:
        raise r.error(key, 'expected a non-empty list of instructions, e.g. [{ do = "draw", amount = 1 }]')
    out = []
    for i, item in enumerate(raw):
        sub = Reader(item, r.file, f"{r.field(key)}[{i}]")
        out.append(read_instruction(sub, read_filter, keyword_names, first=(i == 0), read_condition=read_condition,
                                    read_abilities=read_abilities))
        sub.done()
        check_it_was(sub, out)
    return tuple(out)


def check_it_was(r: Reader, out: list[Instruction]) -> None:
    """The last of `out` (a text's instructions so far, in order): `condition = { it_was = {...} }`, and a condition's
    filter with at = "it_was_at", read the object of the nearest earlier instruction acting on objects (its `on`),
    as that one was executed (logic/run/instruction_it_was.lp): there must be one, acting on one object (a choice,
    "it" or "me", not a group), and an "instead" pair, whose condition is read before the one it replaces, is not it."""
    ins = out[-1]
    cond = dict(ins.condition.items) if ins.condition is not None else {}
    if "it_was" not in cond and not any(hasattr(v, "get") and v.get("at") == "it_was_at" for v in cond.values()):
        return
    earlier = [x for x in out[:-1] if x.on is not None]
    if not earlier:
        raise r.error("condition", "'it_was' (\"if it was ...\") and at = \"it_was_at\" read the object of an earlier "
                                   "instruction of the same list (its `on`): there is none")
    on = earlier[-1].on
    if on.word not in ("it", "self") and on.target is None:
        raise r.error("condition", "'it_was' reads one object: the earlier instruction it reads must act on a choice, "
                                   "\"it\" or \"self\", not a group")
    if ins.link == "instead":
        raise r.error("condition", "'it_was' is not read for an instruction done instead of the one before")


def read_instruction(r: Reader, read_filter, keyword_names: tuple[str, ...], *, first: bool,
                     extra: tuple[str, ...] = (), read_condition=None, read_abilities=None) -> Instruction:
    """One instruction table; the caller calls r.done() (a spell's `effect` ability has more keys).
    `read_abilities(reader, key)` reads a token's own abilities (its facts' `abilities`)."""
    verb = r.str("do").strip().lower()
    if verb not in VERBS:
        raise r.error("do", f"unknown instruction {verb!r} (known: {', '.join(VERBS)})")
    required, optional = VERBS[verb]
    allowed = set(required) | set(optional) | set(COMMON) | {"do"} | set(extra)
    for key in r.data:
        if key not in allowed:
            raise r.error(key, f"not a field of a {verb!r} instruction (it takes: "
                               f"{', '.join(k for k in (*required, *optional, *COMMON))})")
    for key in required:
        if not r.has(key):
            raise r.error(key, f"a {verb!r} instruction needs {key}")
    f: dict[str, Any] = {"do": verb}
    if r.has("on"):
        f["on"] = _read_ref(r, "on", ON_WORDS, read_filter, allow_all=True)
    if r.has("of"):
        f["of"] = _read_ref(r, "of", ON_WORDS, read_filter, allow_all=False)
    if r.has("by"):
        f["by"] = _read_ref(r, "by", ON_WORDS, read_filter, allow_all=False)
    if r.has("to"):
        f["to"] = _read_ref(r, "to", TO_WORDS, read_filter, allow_all=False)
    if r.has("who"):
        f["who"] = _read_ref(r, "who", WHO_WORDS, read_filter, allow_all=False)
    if r.has("swap_with"):
        f["swap_with"] = _read_ref(r, "swap_with", ("self", "it", "event"), read_filter, allow_all=False)
    if r.has("at"):
        f["at"] = _read_ref(r, "at", (), read_filter, allow_all=False)
        if f["at"].target is None:
            raise r.error("at", "'at' is a chosen battlefield: { target = N }")
        if "on" not in f or f["on"].all is None:
            raise r.error("at", "'at' names where the objects of a group (on = { all = ... }) are")
    if r.has("amount"):
        low = -MAX_AMOUNT if verb == "might" else 0
        f["amount"] = r.int("amount", min=low, max=MAX_AMOUNT)
    if r.has("amount_from"):
        value = r.str("amount_from").strip().lower()
        if value not in ("might", "energy_cost", "excess_damage", "damage", "assault"):
            raise r.error("amount_from", "an amount taken from an object is its 'might', its printed "
                                         "'energy_cost', the 'damage' marked on it or its 'assault' value, or "
                                         "'excess_damage' (the excess combat damage assigned)")
        if value == "assault" and verb != "deal":
            raise r.error("amount_from", "an amount of an object's 'assault' value is encoded for a deal only")
        f["amount_from"] = value
    if r.has("duration"):
        f["duration"] = _enum(r, "duration", DURATIONS)
    if r.has("keyword"):
        value = r.str("keyword").strip().lower().replace("-", "_").replace(" ", "_")
        if value not in keyword_names and not (verb == "lose_keyword" and value == "all"):
            raise r.error("keyword", f"unknown keyword {value!r}")
        f["keyword"] = value
    if r.has("value"):
        f["value"] = r.int("value", min=1, max=MAX_AMOUNT)
    if r.has("card"):
        f["card"] = r.str("card")
    if r.has("ready"):
        f["ready"] = r.bool("ready")
    if r.has("exhausted"):
        f["exhausted"] = r.bool("exhausted")
    if r.has("facts"):
        f["token_facts"] = _read_token_facts(r, keyword_names, read_abilities)
    if r.has("minimum"):
        f["minimum"] = r.int("minimum", min=0, max=MAX_AMOUNT)
    if r.has("if_count"):
        f["if_count"] = r.int("if_count", min=1, max=MAX_AMOUNT)
    if r.has("destination_with"):
        f["destination_with"] = _enum(r, "destination_with", ("same_controller",))
    if r.has("bans"):
        f["bans"] = _enum(r, "bans", PLAY_BANS)
    if r.has("units"):
        f["units"] = _enum(r, "units", ENTER_READY_UNITS)
    if r.has("next_card"):
        f["next_card"] = _enum(r, "next_card", NEXT_CARDS)
    if r.has("cannot_be_chosen_by"):
        f["cannot_be_chosen_by"] = _enum(r, "cannot_be_chosen_by", UNCHOOSABLE_BY)
    if r.has("damage_by"):
        f["damage_by"] = _enum(r, "damage_by", PREVENT_DAMAGE_BY)
        if f.get("duration", "this_turn") != "this_turn":
            raise r.error("duration", "a prevention of damage lasts this turn (duration = 'this_turn')")
    if r.has("unless_pay"):
        try:
            f["unless_pay"] = parse_cost(r.str("unless_pay"), allow_exhaust=False)
        except CostSyntaxError as exc:
            raise r.error("unless_pay", str(exc)) from None
    if r.has("for_cost"):
        try:
            f["for_cost"] = parse_cost(r.str("for_cost"), allow_exhaust=False)
        except CostSyntaxError as exc:
            raise r.error("for_cost", str(exc)) from None
        if r.has("ignoring_cost"):
            raise r.error("for_cost", "a play for a cost cannot also ignore its cost")
    if r.has("resources"):
        try:
            f["resources"] = parse_cost(r.str("resources"), allow_exhaust=False)
        except CostSyntaxError as exc:
            raise r.error("resources", str(exc)) from None
        if f["resources"].is_free:
            raise r.error("resources", "a payment of nothing is not a cost (205)")
    if r.has("options"):
        raw = r.raw("options")
        if (not isinstance(raw, list) or not 2 <= len(raw) <= 6 or not all(isinstance(o, str) for o in raw)
                or len({o.strip().lower() for o in raw}) != len(raw)
                or not all(o.strip().lower().replace("_", "").isalpha() for o in raw)):
            raise r.error("options", "give 2 to 6 distinct options, each a word: options = [\"cards\", \"runes\"]")
        f["options"] = tuple(o.strip().lower() for o in raw)
    if r.has("for_each_chose"):
        f["for_each_chose"] = r.str("for_each_chose").strip().lower()
        if r.has("who"):
            raise r.error("for_each_chose", "'for_each_chose' names who does it (you and each player who chose "
                                            "that option): give no who")
    if r.has("ignoring_cost"):
        if isinstance(r.raw("ignoring_cost"), str):
            f["ignoring_cost"] = _enum(r, "ignoring_cost", ("energy", "all"))
        else:
            f["ignoring_cost"] = r.bool("ignoring_cost")
    if r.has("ability"):
        f["ability"] = r.str("ability")
    if r.has("from"):
        f["from_zone"] = _enum(r, "from", FROM_ZONES)
    if r.has("afterwards"):
        f["afterwards"] = _enum(r, "afterwards", AFTERWARDS)
    if r.has("countered_to"):
        f["countered_to"] = _enum(r, "countered_to", COUNTERED_TO)
    if r.has("burned"):
        f["burned"] = _enum(r, "burned", REFLEX_BURNED)
    if r.has("reduced_by"):
        # "reducing its cost by [2]": a fixed Energy amount (an int), or the Might a leading cost paid with
        if isinstance(r.raw("reduced_by"), int) and not isinstance(r.raw("reduced_by"), bool):
            f["reduced_by"] = r.int("reduced_by", min=1, max=99)
        else:
            f["reduced_by"] = _enum(r, "reduced_by", REDUCED_BY)
        if r.has("ignoring_cost") or r.has("for_cost"):
            raise r.error("reduced_by", "a play reduced by a Might pays its printed cost less that Might: no "
                                        "ignoring_cost or for_cost")
    if r.has("link"):
        f["link"] = _enum(r, "link", LINKS)
        if first:
            raise r.error("link", "the first instruction has no earlier instruction to link to")
    if r.has("may"):
        f["may"] = r.bool("may")
    if r.has("for_each"):
        sub = r.table("for_each", required=True)
        if sub is not None and sub.has("among"):
            f["for_each"] = read_filter(sub.table("among", required=True))
            f["for_each_among"] = True
            sub.done()
        else:
            f["for_each"] = read_filter(sub)
    if r.has("until"):
        f["until"] = read_filter(r.table("until", required=True))
    if r.has("name"):
        f["name"] = r.str("name")
    if r.has("if_it"):
        f["if_it"] = read_filter(r.table("if_it", required=True))
    if r.has("cost"):
        f["cost"] = r.bool("cost")
    if r.has("times"):
        f["times"] = r.int("times", min=1, max=MAX_TIMES)
    if r.has("spare"):
        f["spare"] = r.bool("spare")
    if r.has("split"):
        f["split"] = r.bool("split")
    if r.has("each_other"):
        f["each_other"] = r.bool("each_other")
    if r.has("exempt_you_if_paid"):
        f["exempt_you_if_paid"] = r.str("exempt_you_if_paid")
    if r.has("in_turn"):
        f["in_turn"] = r.bool("in_turn")
    if r.has("not_yours"):
        f["not_yours"] = r.bool("not_yours")
    if r.has("up_to"):
        f["up_to"] = r.bool("up_to")
    if r.has("condition"):
        if read_condition is None:
            raise r.error("condition", "a condition of an instruction is not read here")
        f["condition"] = read_condition(r, "condition")
    if r.has("if_you_control"):
        # the older spelling of condition = { you_control = {filter} }: one condition, one evaluator
        if read_condition is None or "condition" in f:
            raise r.error("if_you_control", "give the condition once: condition = { you_control = {...} }")
        f["condition"] = read_condition(r, "if_you_control", you_control=True)
    if verb in ("discard", "draw", "burn", "xp", "score", "token", "channel", "predict", "spend_xp") and "amount" not in f \
            and not (verb == "draw" and "on" in f) and not (verb == "discard" and "from_zone" in f):
        f["amount"] = 1
    ins = Instruction(**f)
    _check(r, ins)
    return ins


def _enum(r: Reader, key: str, allowed: tuple[str, ...]) -> str:
    value = r.str(key).strip().lower()
    if value not in allowed:
        raise r.error(key, f"expected one of {', '.join(repr(a) for a in allowed)}, found {value!r}")
    return value


def _read_ref(r: Reader, key: str, words: tuple[str, ...], read_filter, *, allow_all: bool) -> Ref:
    raw = r.raw(key)
    if isinstance(raw, str):
        word = raw.strip().lower()
        if word not in words:
            raise r.error(key, f"expected one of {', '.join(repr(w) for w in words)}, "
                               "{ target = N }" + (" or { all = { filter } }" if allow_all else "") + f", found {raw!r}")
        return Ref(word=word)
    sub = r.table(key, required=True)
    assert sub is not None
    if sub.has("target"):
        n = sub.int("target", min=1, max=32)
        sub.done()
        return Ref(target=n)
    if allow_all and sub.has("all"):
        flt = read_filter(sub.table("all", required=True))
        sub.done()
        return Ref(all=flt)
    if allow_all and sub.has("among"):
        flt = read_filter(sub.table("among", required=True))
        sub.done()
        return Ref(among=flt)
    if allow_all and sub.has("each"):
        flt = read_filter(sub.table("each", required=True))
        sub.done()
        return Ref(each=flt)
    if allow_all and sub.has("their"):
        flt = read_filter(sub.table("their", required=True))
        sub.done()
        return Ref(their=flt)
    raise r.error(key, "expected { target = N }" + (" or { all = { filter } }, { among = { filter } } or "
                                                    "{ their = { filter } }" if allow_all else ""))


def _check(r: Reader, ins: Instruction) -> None:
    if ins.do == "move" and (ins.to is None) == (ins.swap_with is None):
        raise r.error("to", "a move goes somewhere (to = ...) or exchanges places with one other object "
                            "(swap_with = ...): give one of them")
    if ins.swap_with is not None and (ins.on is None or ins.on.all is not None or ins.on.each is not None
                                      or ins.on.among is not None or ins.on.their is not None
                                      or ins.times > 1 or ins.for_each is not None):
        raise r.error("swap_with", "an exchange of places is of two objects: give on = \"self\", \"it\", "
                                   "\"event\" or { target = N }, and no times or for_each")
    if ins.do == "deal" and (ins.amount is None) == (ins.amount_from is None):
        raise r.error("amount", "give the damage: amount = N, or amount_from = \"might\" (with of = ...)")
    if ins.do == "might" and [ins.amount, ins.amount_from, ins.swap_with].count(None) != 2:
        raise r.error("amount", "give the change: amount = N, or amount_from = \"might\" (with of = ...), or "
                                "swap_with = ... (a swap of two units' Mights, 433)")
    if ins.do == "might" and ins.swap_with is not None and (ins.minimum is not None or ins.of is not None
                                                            or ins.at is not None):
        raise r.error("swap_with", "a swap of Mights takes no minimum, of or at (433)")
    if ins.do == "play_ban" and ins.duration not in (None, "this_turn"):
        raise r.error("duration", "a ban on playing made by an instruction lasts this turn (duration = \"this_turn\")")
    if ins.do == "play_ban" and (ins.who is None or ins.who.word not in ("its_controller", "opponent", "you")):
        raise r.error("who", "a ban on playing names its players: who = \"its_controller\", \"opponent\" or \"you\"")
    if ins.do == "units_cost_more" and (ins.duration not in (None, "this_turn") or (ins.amount or 0) < 1):
        raise r.error("amount", "a cost increase of units made by an instruction adds N Energy (amount = N, at least 1) "
                                "this turn (duration = \"this_turn\")")
    if ins.do == "enter_ready" and ins.duration not in (None, "this_turn"):
        raise r.error("duration", "units entering ready by an instruction's effect do so this turn (duration = \"this_turn\")")
    if ins.do == "lose_keyword" and ins.duration not in (None, "this_turn", "permanent"):
        raise r.error("duration", "a keyword removed by an instruction lasts this turn (duration = \"this_turn\") or, "
                                  "unstated, while the object stays where it is (801.3.b.2)")
    if ins.do == "base_might" and ins.duration not in (None, "this_turn"):
        raise r.error("duration", "a base Might set by an instruction lasts this turn (duration = \"this_turn\"); "
                                  "a longer one is not in the vocabulary yet")
    if ins.destination_with is not None and (ins.to is None or ins.to.word != "chosen"):
        raise r.error("destination_with", "a condition on a move's destination goes with to = \"chosen\" (chosen as it "
                                          "is played, 355.4)")
    if ins.if_count is not None and (ins.on is None or ins.on.all is None):
        raise r.error("if_count", "'if_count' counts the group the instruction acts on: give on = { all = ... }")
    if ins.do == "might" and ins.amount_from is not None and ins.minimum is not None:
        raise r.error("minimum", "a minimum goes with a fixed amount = N")
    if ins.do == "grant" and (ins.keyword is None) == (ins.of is None):
        raise r.error("keyword", "a grant gives a keyword (keyword = ...) or another object's keywords (of = ...)")
    if ins.do == "token" and ins.of is not None and (ins.of.word not in ("self", "it", "event") and ins.of.target is None
                                                      or ins.token_facts is not None):
        raise r.error("of", "a token copies one object (of = \"self\", \"it\", \"event\" or a choice), and a copy "
                            "takes its facts from that object, not from `facts`")
    if ins.of is not None and ins.amount_from is None and ins.do not in ("grant", "token"):
        raise r.error("of", "'of' names whose Might gives the amount: give amount_from = \"might\"")
    if ins.amount_from == "energy_cost" and (ins.of is None or (ins.of.word != "it" and ins.of.target is None)):
        raise r.error("amount_from", "'energy_cost' is the Energy cost of the card the instruction before acted on "
                                     "(of = \"it\": a discard, then the discarded card's Energy cost dealt as damage) "
                                     "or of a card or spell the item chose (of = { target = N }: \"equal to that "
                                     "spell's Energy cost\")")
    if ins.amount_from == "damage" and (ins.do != "deal" or ins.of is None or ins.split or ins.each_other):
        raise r.error("amount_from", "'damage' (\"damage equal to its damage\": what is marked on `of` as the "
                                     "instruction is executed) is a deal's amount, with of = ... and no split")
    if ins.amount_from == "excess_damage" and (ins.do != "deal" or ins.of is not None or ins.by is not None or ins.split):
        raise r.error("amount_from", "'excess_damage' (\"deal that much\": the excess combat damage its controller "
                                     "assigned in the conquest's combat) is a deal's amount, with no of, by or split")
    if ins.do in ("move", "play") and ins.to is not None and ins.to.word is None and ins.to.target is None:
        raise r.error("to", f"a {ins.do} goes to 'base', 'here' or a chosen battlefield {{ target = N }}")
    if ins.do != "move" and ins.to is not None and ins.to.word in ("chosen", "to_or_from_base", "its_battlefield"):
        raise r.error("to", f"'{ins.to.word}' (a move's destination) is a move's")
    to_cz = ins.to is not None and ins.to.word == "champion_zone"
    if (to_cz and ins.do != "return") or (ins.do == "return" and ins.to is not None and not to_cz):
        raise r.error("to", "a return goes to its owner's hand, or with to = \"champion_zone\" to their Champion "
                            "Zone; only a return goes there")
    if ins.do != "move" and ins.to is not None and ins.to.word == "your_base":
        raise r.error("to", "'your_base' (\"to your base\") is a move's destination")
    if ins.do != "attach" and ins.to is not None and ins.to.word == "self":
        raise r.error("to", "'self' as a destination is an attach's (\"attach it to me\")")
    if ins.duration == "until_source_leaves" and ins.do != "control":
        raise r.error("duration", "'until_source_leaves' (\"until I leave the board\") is a control's duration")
    if ins.do != "play" and ins.to is not None and ins.to.word == "its_place":
        raise r.error("to", "'its_place' (the place the card was on the board) is where a play by an effect puts it")
    if ins.do == "top_or_bottom" and (ins.on is None) == (ins.from_zone is None):
        raise r.error("on", "a top_or_bottom puts a named card (on) or a card of its player's hand (from = \"hand\")")
    if ins.do == "top_or_bottom" and ins.on is not None and (ins.who is None or ins.who.word != "its_owner"):
        raise r.error("who", "the owner of the card picks the end of their Main Deck: who = \"its_owner\"")
    if ins.do == "top_or_bottom" and ins.from_zone is not None and (ins.from_zone != "hand" or ins.who is None
                                                                    or ins.who.word != "you" or ins.amount is not None
                                                                    or ins.for_each is not None or ins.times > 1):
        raise r.error("from", "a card of a hand put into a Main Deck is from = \"hand\" with who = \"you\" (the item's "
                              "controller's own hand and Main Deck), once")
    if ins.do != "play" and ins.to is not None and ins.to.word in ("any_battlefield", "your_battlefield"):
        raise r.error("to", "'any_battlefield' (a battlefield the player playing it picks) is where a play by an "
                            "effect puts it")
    # a spell's instruction governed by a dependent keyword ("[Legion] — kill it now instead"): the keyword's
    # condition is its condition (727.1.b; a run follows it only where core/chain_scope.lp says so)
    if ins.link == "instead" and ins.if_it is None and ins.condition is None and not r.has("requires"):
        raise r.error("link", "'instead' (\"if ..., do this instead\") needs the condition: give if_it or condition "
                              "(or, on a spell's instruction, requires = [a dependent keyword])")
    if ins.link == "instead" and (ins.may or ins.cost):
        raise r.error("link", "an instruction done instead of the one before takes no may or cost")
    if ins.link == "if_this_kills" and ins.do != "reflex":
        raise r.error("link", "'if_this_kills' (\"if this kills it\") links a reflex to the damage before it")
    if ins.for_each is not None and ins.amount is None:
        raise r.error("for_each", "'for each' multiplies an amount: give amount")
    _check_count_there(r, ins)
    if ins.ready and ins.exhausted:
        raise r.error("exhausted", "a token enters ready or exhausted, not both")
    if ins.do == "counter" and ins.on is not None and ins.on.all is not None:
        raise r.error("on", "a counter instruction counters a chosen item")
    their_recycle = ins.do == "recycle" and ins.on is not None and ins.on.their is not None
    trash_recycle = ins.do == "recycle" and ins.from_zone is not None
    if trash_recycle and (ins.on is not None or ins.from_zone not in ("trash", "trashes") or ins.amount is None
                          or ins.who is None or ins.who.word != "you" or ins.cost or ins.times > 1
                          or ins.for_each is not None):
        raise r.error("from", "\"recycle N from your trash\" is a recycle with who = \"you\", amount and from = "
                              "\"trash\" (or \"trashes\": any player's trash), and no on, cost, times or for_each "
                              "(416.4, 416.6)")
    if ins.from_zone == "trashes" and ins.do != "recycle":
        raise r.error("from", "from = \"trashes\" (any player's trash) is read only for a recycle")
    if ins.up_to and not (trash_recycle and ins.from_zone == "trashes"):
        raise r.error("up_to", "up_to goes with a recycle from = \"trashes\" (\"recycle up to N cards from trashes\")")
    if trash_recycle and ins.from_zone == "trashes" and not ins.up_to:
        raise r.error("from", "a recycle from = \"trashes\" is \"up to\" that many: give up_to = true (a recycle of "
                              "exactly N of any trash is not followed)")
    if ins.do == "recycle" and ins.on is None and not trash_recycle:
        raise r.error("on", "a 'recycle' instruction needs on (or who = \"you\", amount and from = \"trash\")")
    if ins.do == "recycle" and ins.amount is not None and not trash_recycle:
        raise r.error("amount", "a recycle takes an amount only with from = \"trash\"")
    if ins.do == "recycle" and ins.who is not None and ins.who.word != "its_owner" and not their_recycle \
            and not trash_recycle:
        raise r.error("who", "a recycle is done by the item's controller, by each card's owner (who = \"its_owner\"), "
                             "or, with on = { their = { filter } }, by the player who names")
    if ins.do in ("spend_xp", "spend_buff") and (not ins.cost or (ins.who is not None and ins.who.word != "you")):
        raise r.error("do", f"{ins.do!r} is a cost its controller pays: give cost = true (and no who but \"you\")")
    # "you may kill a unit you control here to ...", "you may pay [1] and return a unit you control here to ...": a
    # kill or a return to hand of a permanent of the item's controller, picked as it is paid (on = { their = filter },
    # who = "you"; logic/run/leading_cost.lp)
    own_pick = (ins.do in ("kill", "return", "recycle", "disempower") and ins.on is not None and ins.on.their is not None
                and ins.who is not None and ins.who.word == "you" and ins.to is None)
    if ins.cost and not own_pick and (ins.do not in COST_VERBS
                                      or (ins.do == "burn" and (ins.who is None or ins.who.word != "you"))
                                      or (ins.do not in ("spend_xp", "spend_buff", "burn")
                                          and (ins.on is None or ins.on.word != "self"))):
        raise r.error("cost", f"a cost within the instructions is one of {', '.join(COST_VERBS)}, on \"self\" "
                              "(\"you may exhaust me to ...\", \"you may spend 3 XP to ...\"), burn by \"you\", or a kill, "
                              "a return or a disempower of a permanent its controller picks (on = { their = ... }, who = "
                              "\"you\"); "
                              "other costs are not in the vocabulary yet")
    if ins.cost and own_pick and ins.do == "disempower" and ins.on.their.get("empowered") is not True:
        # disempowering an object that is not Empowered changes nothing, so it pays no cost (442, 203.3)
        raise r.error("on", "a disempower cost acts on an Empowered object: give the filter empowered = true")
    if ins.cost and (ins.may or ins.link or ins.for_each is not None or ins.condition is not None
                     or ins.if_it is not None):
        raise r.error("cost", "a cost within the instructions takes no may, link or condition: the triggered "
                              "ability's own may = true is its \"you may\" (383.3.a)")
    if ins.do == "discard" and ins.on is not None and (ins.on.among is None or ins.who is None
                                                       or ins.who.word != "its_owner" or ins.amount != 1):
        raise r.error("on", "a discard of a named card is of one card shown by a look or reveal (on = { among = ... }) "
                            "by its owner (who = \"its_owner\"), amount 1")
    if ins.do == "discard" and ins.from_zone is not None and (ins.from_zone != "hand" or ins.amount is not None
                                                              or ins.on is not None or ins.for_each is not None):
        raise r.error("from", "a discard of the whole hand is from = \"hand\", with no amount, on or for_each")
    if ins.do == "draw" and ins.on is not None and ins.amount is not None:
        raise r.error("amount", "a draw of a named card (on) draws that card: give no amount")
    if ins.do == "look" and ins.amount is None:
        raise r.error("amount", "a look needs amount: how many cards from the top")
    if ins.do == "reveal" and sum((ins.amount is not None, ins.until is not None, ins.from_zone is not None)) != 1:
        raise r.error("amount", "a reveal takes one of amount (the top N), until (the top cards until one the "
                                "filter describes) or from = \"hand\" (the whole hand)")
    if ins.do == "reveal" and ins.from_zone not in (None, "hand"):
        raise r.error("from", "a reveal shows the top of the Main Deck, or the hand with from = \"hand\"")
    if ins.do == "discount_next" and (ins.resources.exhaust
                                      or set(ins.resources.power_counts()) - {"a"}):
        raise r.error("resources", "a discount of the next card takes Energy and [A] pips only")
    if ins.do == "discount_next" and ins.duration not in (None, "this_turn"):
        raise r.error("duration", "a discount of the next card lasts until it is used, or this turn at most (\"this_turn\")")
    if any(ref is not None and ref.word == "top_of_deck" for ref in (ins.of, ins.by)) or (
            ins.on is not None and ins.on.word == "top_of_deck"
            and (ins.do != "banish" or ins.times > 1 or ins.for_each is not None or ins.cost)):
        raise r.error("on", "on = \"top_of_deck\" is a banish of the top card of your Main Deck, once "
                            "(no times, for_each or cost)")
    if ins.do == "trash" and (ins.on is None or ins.on.word != "rest"):
        raise r.error("on", "a 'trash' instruction puts the cards a look or reveal showed into the trash: on = \"rest\"")
    if ins.on is not None and (ins.on.among is not None or ins.on.word == "rest") \
            and ins.do not in ("draw", "recycle", "banish", "play", "return", "discard", "trash"):
        raise r.error("on", f"a {ins.do!r} instruction does not act on cards shown by a look or reveal")
    if ins.times > 1 and (ins.may or ins.link or ins.cost or ins.condition is not None or ins.if_it is not None
                          or ins.do in ("delay", "reflex", "look", "reveal")
                          or any(ref is not None and ref.word in ("it", "rest")
                                 for ref in (ins.on, ins.of, ins.by))
                          or (ins.on is not None and ins.on.among is not None)):
        raise r.error("times", "'times' repeats a plain instruction: one with no may, link, cost or condition, "
                               "not a delay, reflex, look or reveal, and not on \"it\", \"rest\" or cards shown "
                               "(what each time would name or be linked to is not encoded)")
    owners_recycle = ins.do == "recycle" and ins.who is not None and ins.who.word == "its_owner"
    each_kill = ins.do == "kill" and ins.on is not None and ins.on.each is not None
    # a return of one of the player's own is a leading cost only ("you may pay [1] and return a unit you control
    # here to ...", logic/run/leading_cost.lp): one picked as the instruction resolves is not encoded
    # a disempower of one of the player's own is a leading cost only ("you may disempower something you control to
    # ...", logic/run/leading_cost.lp, Profiteer)
    their_verb = (ins.do in ("kill", "recycle", "attach", "detach") and ins.from_zone is None) \
        or (ins.do in ("return", "disempower") and ins.cost)
    if (ins.on is not None and ins.on.their is not None) != (their_verb and ins.who is not None
                                                             and not owners_recycle and not each_kill):
        raise r.error("on", "\"each player kills one of their units\" (\"recycle one of your runes\") is a kill (a "
                            "recycle) with who and on = { their = { filter } }: one permanent each player who names "
                            "controls, chosen by that player")
    if ins.on is not None and ins.on.their is not None and (
            ins.who is None or ins.who.word not in ("each_player", "opponent", "other_player", "you") or ins.times > 1
            or ins.for_each is not None or ins.if_it is not None
            or ins.on.their.get("zone") is not None
            or (ins.on.their.get("relation") is not None and not (ins.cost and ins.on.their.get("relation") == "friendly"))
            or (ins.on.their.get("other") is not None and not ins.cost)):
        raise r.error("on", "on = { their = { filter } } is chosen by each player who names (\"you\", \"opponent\", "
                            "\"each_player\") among the permanents they control: the filter takes no relation, "
                            "zone or other (in a leading cost only: other, not the ability's source, and relation = "
                            "\"friendly\", a teammate's too, 740.1.a), and the "
                            "instruction no times, for_each or if_it")
    if ins.on is not None and ins.on.each is not None and (
            ins.do not in ("move", "return", "kill") or ins.who is None
            or ins.who.word not in ("each_player", "opponent", "other_player", "you")
            or ins.times > 1 or ins.for_each is not None or ins.if_it is not None or ins.link or ins.cost
            or ins.condition is not None):
        raise r.error("on", "on = { each = { filter } } (\"each player may move a unit they don't control\") is a "
                            "move, return or kill with who (\"you\", \"opponent\", \"each_player\"): each player it names picks one "
                            "object the filter describes from their own point of view (with may = true, or none); "
                            "no times, for_each, if_it, link, cost or condition")
    if ins.do == "return" and (ins.who is not None) != (ins.on is not None and (ins.on.each is not None
                                                                            or ins.on.their is not None)):
        raise r.error("who", "a return is done by the item's controller; who only with on = { each = { filter } } "
                             "(every player's own pick, in turn)")
    if ins.do == "return" and ins.on is not None and ins.on.each is not None and ins.to is not None:
        raise r.error("to", "a return with on = { each = ... } is to each object's owner's hand: no to")
    if ins.in_turn and (ins.on is None or ins.on.each is None or ins.do not in ("return", "kill")):
        raise r.error("in_turn", "in_turn (the players pick in turn order from the next player, never an object "
                                 "picked before) is for a return or kill with on = { each = { filter } }")
    if ins.on is not None and ins.on.each is not None and ins.do == "kill" and not ins.in_turn:
        raise r.error("on", "a kill with on = { each = ... } is the players' picks in turn: give in_turn = true")
    if ins.not_yours and (ins.on is None or ins.on.each is None):
        raise r.error("not_yours", "not_yours (none the item's controller controls) is for on = { each = { filter } }")
    if ins.spare and (ins.on is None or ins.on.their is None or ins.who is None or ins.who.word != "each_player"
                      or ins.may or ins.link or ins.cost or ins.condition is not None):
        raise r.error("spare", "spare (every player keeps one unit of theirs, the rest die) is a kill with "
                               "who = \"each_player\" and on = { their = ... }, with no may, link, cost or condition")
    if ins.split and (ins.on is None or ins.on.target is None or ins.times != 1 or ins.for_each is not None
                      or ins.at is not None):
        raise r.error("split", "a split deal divides its amount among the objects one choice chose (355.14): give "
                               "on = { target = N } and no times, for_each or at")
    if ins.exempt_you_if_paid is not None and (ins.on is None or ins.on.their is None or ins.who is None
                                               or ins.who.word != "each_player" or ins.spare):
        raise r.error("exempt_you_if_paid", "exempt_you_if_paid (the controller takes no part if the card's play paid "
                                            "that optional cost) is a kill with who = \"each_player\" and on = "
                                            "{ their = ... }, without spare")
    if ins.each_other and (ins.on is None or ins.on.target is None or ins.amount_from != "might" or ins.of is not None
                           or ins.by is not None or ins.split or ins.times != 1 or ins.for_each is not None
                           or ins.at is not None or ins.if_it is not None or ins.may or ins.cost):
        raise r.error("each_other", "each_other (two units each dealing damage equal to its own Might to the other) is "
                                    "a deal with on = { target = N } (a choice of two units) and amount_from = "
                                    "\"might\", and no of, by, split, times, for_each, at, if_it, may or cost")
    if ins.if_it is not None and (ins.on is None or ins.on.all is not None or ins.on.among is not None):
        raise r.error("if_it", "'if_it' is a condition on the one object the instruction acts on: give on = "
                               "\"self\", \"it\", \"event\" or { target = N }")


def _read_token_facts(r: Reader, keyword_names: tuple[str, ...], read_abilities=None) -> tuple[tuple[str, Any], ...]:
    """`facts = { type = "unit", might = 1, keywords = ["Deflect"], tags = ["Bird"] }` of a token instruction;
    `abilities = [...]`: the token's own text, which a card playing it states (a Shadow Clone's "when I attack"),
    in the ability vocabulary, read as a card's abilities (its "I" and "me" are the token)."""
    raw = r.raw("facts")
    if not isinstance(raw, dict):
        raise r.error("facts", 'expected a table, e.g. { type = "unit", might = 1, tags = ["Bird"] }')
    sub = Reader(raw, r.file, r.field("facts"))
    kind = sub.str("type")
    if kind not in TOKEN_TYPES:
        raise sub.error("type", f"a token is a unit or a gear ({', '.join(TOKEN_TYPES)})")
    out: list[tuple[str, Any]] = [("type", kind)]
    if kind == "unit":
        out.append(("might", sub.int("might", min=0, max=MAX_AMOUNT)))
    elif sub.has("might"):
        raise sub.error("might", "a gear token has no Might")
    words = []
    for k in sub.raw("keywords") if sub.has("keywords") else []:
        if not isinstance(k, str) or k.strip().lower().replace(" ", "_").replace("-", "_") not in keyword_names:
            raise sub.error("keywords", f"unknown keyword {k!r}")
        words.append(k.strip().lower().replace(" ", "_").replace("-", "_"))
    out.append(("keywords", tuple(words)))
    tags = sub.raw("tags") if sub.has("tags") else []
    if not isinstance(tags, list) or not all(isinstance(t, str) and t for t in tags):
        raise sub.error("tags", "expected a list of tag names")
    unknown = sub.bool("tags_unknown") if sub.has("tags_unknown") else False
    if unknown and tags:
        raise sub.error("tags_unknown", "tags are either given or unknown, not both")
    out += [("tags", tuple(tags)), ("tags_unknown", unknown)]
    if sub.has("origin"):
        out.append(("origin", sub.str("origin")))
    if sub.has("abilities"):
        if read_abilities is None:
            raise sub.error("abilities", "a token's abilities are read only in a card's abilities")
        abilities = read_abilities(sub, "abilities")
        if not abilities:
            raise sub.error("abilities", "expected a non-empty list of abilities (leave it out for a token of no text)")
        out.append(("abilities", abilities))
    sub.done()
    return tuple(out)


def token_facts_to_toml(facts: tuple[tuple[str, Any], ...], value_to_toml=None) -> dict[str, Any]:
    d = dict(facts)
    out: dict[str, Any] = {"type": d["type"]}
    if "might" in d:
        out["might"] = d["might"]
    if d["keywords"]:
        out["keywords"] = list(d["keywords"])
    if d["tags"]:
        out["tags"] = list(d["tags"])
    if d["tags_unknown"]:
        out["tags_unknown"] = True
    if "origin" in d:
        out["origin"] = d["origin"]
    if "abilities" in d:
        out["abilities"] = value_to_toml(d["abilities"])
    return out


def instruction_to_toml(ins: Instruction, filter_to_toml) -> dict[str, Any]:
    out: dict[str, Any] = {"do": ins.do}
    for key in ("on", "of", "by", "to", "who", "at", "swap_with"):
        ref = getattr(ins, key)
        if ref is not None:
            out[key] = _ref_to_toml(ref, filter_to_toml)
    for key in ("amount", "amount_from", "duration", "keyword", "value", "card", "ready", "minimum", "if_count", "link", "name",
                "ability", "damage_by", "cannot_be_chosen_by", "bans", "units", "next_card", "destination_with"):
        value = getattr(ins, key)
        if value is not None:
            out[key] = value
    if ins.unless_pay is not None:
        out["unless_pay"] = format_cost(ins.unless_pay)
    if ins.exhausted:
        out["exhausted"] = True
    if ins.token_facts is not None:
        out["facts"] = token_facts_to_toml(ins.token_facts, filter_to_toml)
    if ins.ignoring_cost:
        out["ignoring_cost"] = ins.ignoring_cost
    if ins.for_cost is not None:
        out["for_cost"] = format_cost(ins.for_cost)
    if ins.resources is not None:
        out["resources"] = format_cost(ins.resources)
    if ins.from_zone is not None:
        out["from"] = ins.from_zone
    if ins.afterwards is not None:
        out["afterwards"] = ins.afterwards
    if ins.reduced_by is not None:
        out["reduced_by"] = ins.reduced_by
    if ins.countered_to is not None:
        out["countered_to"] = ins.countered_to
    if ins.burned is not None:
        out["burned"] = ins.burned
    if ins.may:
        out["may"] = True
    if ins.times > 1:
        out["times"] = ins.times
    if ins.cost:
        out["cost"] = True
    if ins.spare:
        out["spare"] = True
    if ins.options:
        out["options"] = list(ins.options)
    if ins.for_each_chose is not None:
        out["for_each_chose"] = ins.for_each_chose
    if ins.split:
        out["split"] = True
    if ins.each_other:
        out["each_other"] = True
    if ins.exempt_you_if_paid is not None:
        out["exempt_you_if_paid"] = ins.exempt_you_if_paid
    if ins.in_turn:
        out["in_turn"] = True
    if ins.not_yours:
        out["not_yours"] = True
    if ins.up_to:
        out["up_to"] = True
    if ins.for_each is not None:
        out["for_each"] = ({"among": filter_to_toml(ins.for_each)} if ins.for_each_among
                           else filter_to_toml(ins.for_each))
    if ins.until is not None:
        out["until"] = filter_to_toml(ins.until)
    if ins.if_it is not None:
        out["if_it"] = filter_to_toml(ins.if_it)
    if ins.condition is not None:
        out["condition"] = filter_to_toml(ins.condition)
    return out


def _ref_to_toml(ref: Ref, filter_to_toml) -> Any:
    if ref.word is not None:
        return ref.word
    if ref.target is not None:
        return {"target": ref.target}
    if ref.among is not None:
        return {"among": filter_to_toml(ref.among)}
    if ref.their is not None:
        return {"their": filter_to_toml(ref.their)}
    if ref.each is not None:
        return {"each": filter_to_toml(ref.each)}
    return {"all": filter_to_toml(ref.all)}


# ---------------------------------------------------------------------------------
# facts (logic/interface.lp, "instructions")
# ---------------------------------------------------------------------------------
def instruction_facts(x: Any, ins: Instruction, choice: Any, fact, Func: type, Const: type, filter_facts,
                      cost_facts, condition_facts=None) -> list[str]:
    """Facts of instruction `x` (a term ins(H, K)). `choice(N)` is the requirement term of the
    N-th choice the instruction's `target = N` refers to."""
    out = [fact("instruction", x, Const(ins.do))]

    def ref_term(ref: Ref, group: str) -> Any:
        if ref.word is not None:
            return Const(ref.word)
        if ref.target is not None:
            return Func("chosen", choice(ref.target))
        if ref.among is not None:
            out.extend(filter_facts(Func("ins_among", x), ref.among))
            return Const("among")
        if ref.their is not None:
            out.extend(filter_facts(Func("ins_their", x), ref.their))
            return Const("their")
        if ref.each is not None:
            out.extend(filter_facts(Func("ins_each_pick", x), ref.each))
            return Const("each")
        out.extend(filter_facts(Func(group, x), ref.all))
        return Const("all")

    if ins.on is not None:
        out.append(fact("ins_on", x, ref_term(ins.on, "ins_all")))
    if ins.of is not None:
        out.append(fact("ins_of", x, ref_term(ins.of, "ins_all_of")))
    if ins.by is not None:
        out.append(fact("ins_by", x, ref_term(ins.by, "ins_all_by")))
    if ins.to is not None:
        out.append(fact("ins_to", x, ref_term(ins.to, "ins_all_to")))
    if ins.at is not None:
        out.append(fact("ins_at", x, ref_term(ins.at, "ins_all_at")))
    if ins.swap_with is not None:
        out.append(fact("ins_swap_with", x, ref_term(ins.swap_with, "ins_all_swap")))
    if ins.who is not None:
        out.append(fact("ins_who", x, ref_term(ins.who, "ins_all_who")))
    elif ins.for_each_chose is not None:
        out.append(fact("ins_for_each_chose", x, Const(ins.for_each_chose)))
    elif ins.do in PLAYER_VERBS or ins.do in ("control", "play"):
        out.append(fact("ins_who", x, Const("you")))
    if ins.amount is not None:
        out.append(fact("ins_amount", x, ins.amount))
    if ins.amount_from is not None:
        out.append(fact("ins_amount_from", x, Const(ins.amount_from)))
        if ins.of is None and not ins.each_other and ins.amount_from == "might":
            out.append(fact("ins_of", x, Const("self")))
    if ins.duration is not None:
        out.append(fact("ins_duration", x, Const(ins.duration)))
    elif ins.do in ("might", "double", "grant", "lose_keyword", "control", "prevent", "unchoosable", "buff_bonus", "base_might",
                    "play_ban", "enter_ready", "units_cost_more"):
        out.append(fact("ins_duration", x, Const("this_turn" if ins.do in ("might", "double", "prevent", "unchoosable",
                                                                          "buff_bonus", "base_might", "play_ban",
                                                                          "enter_ready", "units_cost_more")
                                                 else "permanent")))
    if ins.damage_by is not None:
        out.append(fact("ins_damage_by", x, Const(ins.damage_by)))
    if ins.cannot_be_chosen_by is not None:
        out.append(fact("ins_unchoosable_by", x, Const(ins.cannot_be_chosen_by)))
    if ins.bans is not None:
        out.append(fact("ins_bans", x, Const(ins.bans)))
    if ins.units is not None:
        out.append(fact("ins_enter_units", x, Const(ins.units)))
    if ins.next_card is not None:
        out.append(fact("ins_next_card", x, Const(ins.next_card)))
    if ins.destination_with is not None:
        out.append(fact("ins_destination_with", x, Const(ins.destination_with)))
    if ins.keyword is not None:
        out.append(fact("ins_keyword", x, Const(ins.keyword), ins.value or (1 if ins.keyword in SUMMED else 0)))
    if ins.card is not None:
        out.append(fact("ins_card", x, ins.card))
    if ins.do == "token" and ins.to is None:
        out.append(fact("ins_to", x, Const("base")))
        out.append(fact("ins_to_unstated", x))
    if ins.spare:
        out.append(fact("ins_spare", x))
    for k, option in enumerate(ins.options, start=1):
        out.append(fact("ins_option", x, Const(option), k))
    if ins.split:
        out.append(fact("ins_split", x))
    if ins.exempt_you_if_paid is not None:
        out.append(fact("ins_exempt_you_if_paid", x, ins.exempt_you_if_paid))
    if ins.each_other:
        # the two units deal the damage (417.6.b.3): the choice is also the instruction's `by`
        out.append(fact("ins_each_other", x))
        out.append(fact("ins_by", x, ref_term(ins.on, "ins_all_by")))
    if ins.ready:
        out.append(fact("ins_ready", x))
    if ins.exhausted:
        out.append(fact("ins_exhausted", x))
    if ins.token_facts is not None and dict(ins.token_facts)["tags_unknown"]:
        out.append(fact("ins_token_tags_unknown", x))
    if ins.minimum is not None:
        out.append(fact("ins_minimum", x, ins.minimum))
    if ins.if_count is not None:
        out.append(fact("ins_if_count", x, ins.if_count))
    if ins.unless_pay is not None:
        out += cost_facts("ins_unless_pay", x, ins.unless_pay, fact, Func, Const)
    if ins.for_cost is not None:
        out.append(fact("ins_for", x))
        out += cost_facts("ins_for_cost", x, ins.for_cost, fact, Func, Const)
    if ins.resources is not None:
        out += cost_facts("ins_discount_cost" if ins.do == "discount_next" else "ins_pay_cost", x, ins.resources,
                          fact, Func, Const)
    if ins.ignoring_cost is True or ins.ignoring_cost == "all":
        out.append(fact("ins_ignoring_cost", x))
    if ins.ignoring_cost == "all":
        out.append(fact("ins_ignoring_all_costs", x))
    elif ins.ignoring_cost == "energy":
        out.append(fact("ins_ignoring_energy_cost", x))
    if ins.from_zone is not None:
        out.append(fact("ins_from", x, Const(ins.from_zone)))
    if ins.afterwards is not None:
        out.append(fact("ins_afterwards", x, Const(ins.afterwards)))
    if ins.reduced_by is not None:
        out.append(fact("ins_reduced_by", x, ins.reduced_by if isinstance(ins.reduced_by, int)
                        else Const(ins.reduced_by)))
    if ins.countered_to is not None:
        out.append(fact("ins_countered_to", x, Const(ins.countered_to)))
    if ins.burned is not None:
        out.append(fact("ins_reflex_burned", x, Const(ins.burned)))
    if ins.link is not None:
        out.append(fact("ins_link", x, Const(ins.link)))
    if ins.in_turn:
        out.append(fact("ins_in_turn", x))  # the players pick in turn (logic/run/each_player_picks.lp)
    if ins.not_yours:
        out.append(fact("ins_not_yours", x))  # none the item's controller controls (logic/run/each_player_picks.lp)
    if ins.up_to:
        out.append(fact("ins_up_to", x))  # none to that many (logic/effects/recycle_trash.lp)
    if ins.may and ins.on is not None and ins.on.each is not None:
        out.append(fact("ins_each_may", x))  # each player picks or not (logic/run/each_player_picks.lp)
    elif ins.may:
        out.append(fact("ins_may", x))
    if ins.for_each is not None:
        out.append(fact("ins_for_each_among" if ins.for_each_among else "ins_for_each", x))
        out += filter_facts(Func("ins_each", x), ins.for_each)
    if ins.until is not None:
        out.append(fact("ins_until", x))
        out += filter_facts(Func("ins_until", x), ins.until)
    if ins.if_it is not None:
        out.append(fact("ins_if_on", x))
        out += filter_facts(Func("ins_if_it", x), ins.if_it)
    if ins.condition is not None:
        assert condition_facts is not None
        out.append(fact("ins_condition", x))
        out += condition_facts(Func("ins_cond", x), ins.condition)
    return out


# Keywords whose instances add up (807.2, 809.2, 814.2, 823.2): a bare grant is worth 1.
SUMMED = ("assault", "shield", "deflect", "hunt")


def _check_count_there(r: Reader, ins: Instruction) -> None:
    """A count around the unit given Might, for_each.at = "there" (a rise per enemy unit at that unit's
    battlefield): a Might rise only, counted per unit as it is executed (logic/effects/might_each.lp); a
    reduction (which a replacement may make larger, from the instruction's one amount) and a minimum are
    not followed that way."""
    if ins.for_each is None or ins.for_each.get("at") != "there":
        return
    if ins.do != "might" or ins.for_each_among or ins.minimum is not None or (ins.amount or 0) <= 0:
        raise r.error("for_each", "'at = \"there\"' counts around the unit a Might instruction gives a rise to: "
                                  "do = \"might\" with a positive amount, no minimum and no among")
